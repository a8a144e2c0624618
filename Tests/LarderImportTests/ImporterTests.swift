import Foundation
import LarderCore
@testable import LarderImport
import LarderJSON
import Testing

/// Imports `text` as the file `name` in a scratch folder.
func importing(_ importer: any Importer, _ text: String, name: String = "input.json") throws -> (documents: [ImportedDocument], diagnostics: [Diagnostic]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("larder-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    var diagnostics: [Diagnostic] = []
    let documents = try importer.importFiles([name], workingDirectory: folder.path, diagnostics: &diagnostics)
    return (documents, diagnostics)
}

@Suite struct OpenFoodFactsImporterTests {
    let off = OpenFoodFactsImporter()

    @Test func badRecordsAreReportedWithLineAndColumnAndTheRestImported() throws {
        let text = """
            [
              {"code": "3017620422003", "product_name": "Nutella", "lang": "en"},
              42,
              {"code": "5449000000996", "brands": "Coca-Cola"},
              {"code": "5449000000996", "product_name_fr": "Coca-Cola", "nutriments": {}}
            ]
            """
        let (documents, diagnostics) = try importing(off, text)
        #expect(documents.map(\.id) == ["3017620422003", "5449000000996"])
        #expect(documents.map(\.start.line) == [2, 5])
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.map { "\($0.file):\($0.line):\($0.column)" } == ["input.json:3:3", "input.json:4:3"])
        #expect(errors[0].message.contains("found number"))
        #expect(errors[1].message.contains("has no product_name"))
        #expect(errors.allSatisfy { $0.ruleID == "import" })
        // An empty `nutriments` makes no nutrition (the schema wants at least one nutrient).
        #expect(documents[1].value["nutrition"] == nil)
    }

    /// A text cleaned of a control character that then repeats another of its list, or a
    /// list nothing is left of, is left out with a warning: the product was refused whole
    /// (`uniqueItems`, `minItems`) for an optional field. A quantity in capitals ("500 G")
    /// is read.
    @Test func cleaningAControlCharacterCostsTheValueNotTheRecord() throws {
        let text = #"""
            {"code":"3017620422003","product_name":"Nutella","brands":"Fer\u0007rero, Ferrero","stores":"Lidl, Lidl\u0000"}
            {"code":"3017620422010","product_name":"Kinder","brands":"\u0007","quantity":"500 G","serving_size":"75 G"}
            """#
        let (documents, diagnostics) = try importing(off, text, name: "p.jsonl")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        #expect(documents.map(\.id) == ["3017620422003", "3017620422010"])
        #expect(documents[0].value["brands"] == ["Ferrero"])
        #expect(documents[0].value["stores"] == ["Lidl"])
        #expect(documents[1].value["brands"] == nil)
        #expect(documents[1].value["quantity"] == ["value": 500, "unit": "g"])
        #expect(documents[1].value["serving"] == ["value": 75, "unit": "g"])
        #expect(diagnostics.contains { $0.message == #"/brands/0 is "Ferrero" once its control characters are dropped, as another of the list is; it is left out"# })
        #expect(diagnostics.contains { $0.message == "nothing is left of /brands once its control characters are dropped: it is left out" && $0.line == 2 })
    }

    @Test func numericCodesAreReadFromTheirLiteral() throws {
        let text = """
            {"code": 3017620422003, "product_name": "Nutella"}
            {"code": 16000275287, "product_name": "Cheerios"}
            {"code": 12345678901231, "product_name": "A case of fourteen"}
            {"code": 4011, "product_name": "Bananas"}
            {"code": 3.017620422003e12, "product_name": "Exponent"}
            """
        let (documents, diagnostics) = try importing(off, text, name: "codes.jsonl")
        #expect(documents.map(\.id) == ["3017620422003", "0016000275287", "12345678901231", "00004011"])
        let notes = diagnostics.filter { $0.severity == .note }
        #expect(notes.map(\.line) == [2, 4])
        #expect(notes[0].message.contains("JSON number, which cannot keep leading zeros"))
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.map { "\($0.line):\($0.column)" } == ["5:10"])
        #expect(errors[0].message.contains("not a barcode"))
    }

    @Test func stringCodesKeepTheirZeros() throws {
        let (documents, _) = try importing(off, #"{"code": "0016000275287", "product_name": "Cheerios"}"#)
        #expect(documents.first?.id == "0016000275287")
        let (short, diagnostics) = try importing(off, #"{"code": "012345", "product_name": "Too short"}"#)
        #expect(short.isEmpty)
        #expect(diagnostics.first?.message.contains("has 6 digits") == true)
        // Zeros only name no product, written as a number or as text (the number 0 was
        // imported as 00000000 with a note).
        for code in ["0", #""0""#, #""00000000""#, #""0000000000000""#] {
            let (none, problems) = try importing(off, #"{"code": \#(code), "product_name": "Nothing"}"#)
            #expect(none.isEmpty, "\(code)")
            #expect(problems.map(\.severity) == [.error], "\(problems.map(\.message))")
            #expect(problems.first?.message.contains("is zeros only, which names no product") == true, "\(problems.map(\.message))")
        }
    }

    @Test func apiWrapperSearchAnswerAndNotFound() throws {
        let wrapper = #"{"code": "3017620422003", "product": {"product_name": "Nutella"}, "status": 1}"#
        #expect(try importing(off, wrapper).documents.first?.value["code"] == "3017620422003")
        let search = #"{"count": 2, "page": 1, "products": [{"code": "3017620422003", "product_name": "Nutella"}, {"code": "5449000000996", "product_name": "Coca-Cola"}]}"#
        #expect(try importing(off, search).documents.count == 2)
        // A search answer in an array (it was read as one product without a code).
        #expect(try importing(off, "[\(search), \(wrapper)]").documents.map(\.id) == ["3017620422003", "5449000000996", "3017620422003"])
        let missing = try importing(off, #"{"code": "3250390000006", "status": 0, "status_verbose": "product not found"}"#)
        #expect(missing.documents.isEmpty)
        #expect(missing.diagnostics.first?.message.contains("answered 'product not found' for code 3250390000006") == true)
        // API v3's answer (it was read as a product with no name).
        let v3 = try importing(off, #"{"code": "3250390000006", "status": "failure", "result": {"id": "product_not_found", "name": "Product not found"}, "errors": []}"#)
        #expect(v3.documents.isEmpty)
        #expect(v3.diagnostics.map(\.message) == ["Open Food Facts answered 'Product not found' for code 3250390000006; this record is not imported"])
    }

    @Test func namesPerLanguage() throws {
        let text = #"{"code": "3017620422003", "lang": "fr", "product_name": "Nutella", "product_name_en": "Nutella spread", "product_name_en_imported": "x", "product_name_xx": "y", "product_name_de": " "}"#
        let (documents, _) = try importing(off, text)
        #expect(documents.first?.value["name"] == ["en": "Nutella spread", "fr": "Nutella"])
        let plain = try importing(off, #"{"code": "3017620422003", "product_name": "Nutella"}"#)
        #expect(plain.documents.first?.value["name"] == "Nutella")
    }

    @Test func quantitiesAndServings() throws {
        func product(_ fields: String) throws -> JSONValue? {
            try importing(off, #"{"code": "3017620422003", "product_name": "x", "#.appending(fields).appending("}")).documents.first?.value
        }
        #expect(try product(#""quantity": "6 x 330 ml""#)?["quantity"] == ["value": 1980, "unit": "ml"])
        #expect(try product(#""quantity": "1,5 L""#)?["quantity"] == ["value": 1.5, "unit": "l"])
        #expect(try product(#""quantity": "500g e""#)?["quantity"] == ["value": 500, "unit": "g"])
        // A comma after 0 is a decimal comma, never one of thousands (250 l for 0,250 l).
        #expect(try product(#""quantity": "0,250 l""#)?["quantity"] == ["value": 0.25, "unit": "l"])
        #expect(try product(#""quantity": "1,250 kg""#)?["quantity"] == ["value": 1250, "unit": "kg"])
        #expect(try product(#""serving_size": "0,030 kg""#)?["serving"] == ["value": 30, "unit": "g"])
        #expect(try product(#""product_quantity": 750, "product_quantity_unit": "ml""#)?["quantity"] == ["value": 750, "unit": "ml"])
        #expect(try product(#""serving_size": "2 biscuits (25 g)""#)?["serving"] == ["value": 25, "unit": "g"])
        // A main amount that is a weight or volume is kept: the brackets were read first, and
        // "28 g (1 oz)" became 28.35 g.
        #expect(try product(#""serving_size": "28 g (1 oz)""#)?["serving"] == ["value": 28, "unit": "g"])
        #expect(try product(#""serving_size": "100 g (3.5 oz)""#)?["serving"] == ["value": 100, "unit": "g"])
        #expect(try product(#""serving_size": "250 ml (1 cup)""#)?["serving"] == ["value": 250, "unit": "ml"])
        #expect(try product(#""serving_size": "1 portion (30 g)""#)?["serving"] == ["value": 30, "unit": "g"])
        // A kitchen measure with a weight in brackets gives the weight; a metric volume keeps
        // its own (US labels write fluid ounces "oz").
        #expect(try product(#""serving_size": "1.5 cup (39 g)""#)?["serving"] == ["value": 39, "unit": "g"])
        #expect(try product(#""serving_size": "330 ml (11.2 oz)""#)?["serving"] == ["value": 330, "unit": "ml"])
        #expect(try product(#""serving_size": "1 can (12 fl oz)""#)?["serving"] == ["value": 354.88, "unit": "ml"])
        // A customary measure with a metric amount in brackets gives the label's metric figure
        // ("1 cup (240 ml)" gave a US cup's 236.59 ml).
        #expect(try product(#""serving_size": "1 cup (240 ml)""#)?["serving"] == ["value": 240, "unit": "ml"])
        #expect(try product(#""serving_size": "1 oz (28 g)""#)?["serving"] == ["value": 28, "unit": "g"])
        #expect(try product(#""serving_size": "1 cl""#)?["serving"] == ["value": 10, "unit": "ml"])
        let (_, diagnostics) = try importing(off, #"{"code": "3017620422003", "product_name": "x", "serving_size": "2 biscuits"}"#)
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.message.contains("gives no weight or volume") == true)
    }

    /// A quantity of nothing is left out with a warning and the product imported, a pack
    /// of none too: "0 x 330 ml" became 0 ml, and the schema check refused the product.
    @Test func aQuantityOfNothingIsLeftOutNotTheProduct() throws {
        for quantity in ["0 g", "6 x 0 ml", "0 x 330 ml", "0x330ml"] {
            let (documents, diagnostics) = try importing(off, #"{"code": "3017620422003", "product_name": "x", "quantity": "\#(quantity)"}"#)
            #expect(documents.count == 1, "\(quantity)")
            #expect(documents.first?.value["quantity"] == nil)
            #expect(diagnostics.map(\.severity) == [.warning], "\(quantity)")
            #expect(diagnostics.map(\.message) == ["quantity '\(quantity)' is not an amount with a unit (such as 400 g or 6 x 330 ml); it is left out"])
        }
    }

    /// A sugar-free gum's polyols (and erythritol) are imported: without them its energy
    /// does not add up, and `nutrition-consistency` asked for them.
    @Test func polyolsAndErythritolAreImported() throws {
        let text = #"{"code": "3017620422003", "product_name": "Gum", "nutriments": {"energy-kcal_100g": 155, "carbohydrates_100g": 64, "sugars_100g": 0, "polyols_100g": 63, "erythritol_100g": 10, "alcohol_100g": 0, "polyols_serving": 1.3}}"#
        let (documents, diagnostics) = try importing(off, text)
        #expect(documents.first?.value["nutrition"] == [
            "per100g": ["energyKcal": 155, "carbohydrates": 64, "sugars": 0, "polyols": 63, "erythritol": 10, "alcohol": 0],
            "perServing": ["polyols": 1.3],
        ])
        #expect(diagnostics.isEmpty)
    }

    /// Salatrims and organic acids are imported (they were left out, so the energy of a
    /// reduced-fat sweet or of a vinegar did not add up), in the schema's order.
    @Test func salatrimsAndOrganicAcidsAreImported() throws {
        let text = #"{"code": "3017620422003", "product_name": "Sweet", "nutriments": {"organic-acids_100g": 4.5, "salatrims_100g": 20, "fat_100g": 30, "energy-kcal_100g": 450, "carbohydrates_100g": 50, "organic-acids_serving": 0.9, "salatrims_serving": 4}}"#
        let (documents, diagnostics) = try importing(off, text)
        #expect(documents.first?.value["nutrition"] == [
            "per100g": ["energyKcal": 450, "fat": 30, "salatrims": 20, "carbohydrates": 50, "organicAcids": 4.5],
            "perServing": ["salatrims": 4, "organicAcids": 0.9],
        ])
        let per100g = try #require(documents.first?.value["nutrition"]?["per100g"]?.objectValue)
        #expect(per100g.keys.map { $0 } == ["energyKcal", "fat", "salatrims", "carbohydrates", "organicAcids"])
        #expect(diagnostics.isEmpty)

        // A contributor's own nutrient may have a singular id; the plural, given too, wins.
        let singular = #"{"code": "3017620422003", "product_name": "Sweet", "nutriments": {"salatrim_100g": 12, "organic-acid_100g": 2, "organic-acids_100g": 3}}"#
        let (named, _) = try importing(off, singular)
        #expect(named.first?.value["nutrition"] == ["per100g": ["salatrims": 12, "organicAcids": 3]])
    }

    /// A wine's alcohol was not imported (Open Food Facts gives % vol, Larder grams of
    /// ethanol), so its energy did not add up and lint asked for `alcohol`. Sold by volume,
    /// its figures are per 100 ml, where 12.5% vol is 12.5 x 0.789 g.
    @Test func alcoholIsImportedInGramsForAProductSoldByVolume() throws {
        let wine = #"{"code": "3017620422003", "product_name": "Wine", "quantity": "75 cl", "serving_size": "125 ml", "nutriments": {"energy-kcal_100g": 83, "carbohydrates_100g": 2.6, "sugars_100g": 0.6, "fat_100g": 0, "proteins_100g": 0.1, "alcohol_100g": 12.5, "alcohol_serving": 12.5, "alcohol_unit": "% vol", "alcohol_value": 12.5, "energy-kcal_serving": 104}}"#
        let (documents, diagnostics) = try importing(off, wine)
        let nutrition = try #require(documents.first?.value["nutrition"])
        #expect(nutrition == [
            "per100g": ["energyKcal": 83, "fat": 0, "carbohydrates": 2.6, "sugars": 0.6, "protein": 0.1, "alcohol": 9.8625],
            "perServing": ["energyKcal": 104, "alcohol": 12.328125],
        ])
        #expect(diagnostics.isEmpty)
        // The energy adds up with it: nutrition-consistency counts 7 kcal a gram.
        let per100g = try #require(nutrition["per100g"]?["alcohol"]?.doubleValue)
        #expect(abs(per100g * 7 + 2.6 * 4 + 0.1 * 4 - 83) < 5)
        // Without a quantity, a serving in ml says the product is sold by volume; the label
        // entered per serving gives `alcohol_value`.
        let can = #"{"code": "3017620422003", "product_name": "Beer", "serving_size": "330 ml", "nutrition_data_per": "serving", "nutriments": {"alcohol_value": "5", "alcohol_unit": "% vol"}}"#
        #expect(try importing(off, can).documents.first?.value["nutrition"] == ["perServing": ["alcohol": 13.0185]])
    }

    /// Per 100 g of a product sold by weight, % vol needs the product's density: left out,
    /// with a warning that says why (0% vol is 0 g whatever the density).
    @Test func alcoholPer100gOfAProductSoldByWeightIsLeftOutWithAWarning() throws {
        let chocolates = #"{"code": "3017620422003", "product_name": "Liqueur chocolates", "quantity": "150 g", "nutriments": {"fat_100g": 20, "alcohol_100g": 4}}"#
        let (documents, diagnostics) = try importing(off, chocolates)
        #expect(documents.first?.value["nutrition"] == ["per100g": ["fat": 20]])
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.message.contains("alcohol_100g is 4% vol, and Larder's alcohol is grams of ethanol") == true)
        #expect(diagnostics.first?.message.hasSuffix("per 100 g it needs the product's density; alcohol is left out") == true)
        let over = #"{"code": "3017620422003", "product_name": "x", "quantity": "1 l", "nutriments": {"alcohol_100g": 140}}"#
        #expect(try importing(off, over).diagnostics.first?.message.contains("more than 100%") == true)
        // Beyond Decimal's range too (1e300 was left out with no word).
        for huge in ["1e30", "1e300"] {
            let text = over.replacingOccurrences(of: "140", with: huge)
            let (documents, diagnostics) = try importing(off, text)
            #expect(documents.first?.value["nutrition"] == nil)
            #expect(diagnostics.map(\.message) == ["alcohol_100g is \(huge)% vol, more than 100%; alcohol is left out"])
        }
        let tiny = try importing(off, over.replacingOccurrences(of: "140", with: "1e-300"))
        #expect(tiny.diagnostics.map(\.severity) == [.warning], "\(tiny.diagnostics.map(\.message))")
    }

    @Test func nutrientValuesInTheirUnitWhenThe100gFigureIsMissing() throws {
        let text = #"{"code": "3017620422003", "product_name": "x", "nutrition_data_per": "100g", "nutriments": {"sodium_value": 400, "sodium_unit": "mg", "energy-kj_value": 1000, "energy-kj_unit": "kcal", "fat_100g": 3.5, "fat_value": 3500, "fat_unit": "mg"}}"#
        let (documents, _) = try importing(off, text)
        // _100g wins over _value; _value is converted from its unit.
        #expect(documents.first?.value["nutrition"]?["per100g"] == ["energyKj": 4184, "fat": 3.5, "sodium": 0.4])
        // A value written as a string (it was left out with no word).
        let strings = #"{"code": "3017620422003", "product_name": "x", "nutrition_data_per": "100g", "nutriments": {"salt_value": "5", "salt_unit": "g", "sugars_value": "1,5"}}"#
        #expect(try importing(off, strings).documents.first?.value["nutrition"]?["per100g"] == ["sugars": 1.5, "salt": 5])
    }

    /// Nutrients in a string keep every digit (six places cut them), a mass converts exactly
    /// (`1.25 mg` is 0.00125 g), and a conversion that does not end (kJ to kcal) keeps
    /// significant digits, not decimal places.
    @Test func nutrientValuesKeepTheirDigits() throws {
        let text = #"{"code": "3017620422003", "product_name": "x", "nutrition_data_per": "100g", "nutriments": {"fat_100g": "12.3456789", "sodium_value": "1.25", "sodium_unit": "mg", "sugars_value": 12, "sugars_unit": "mcg", "energy-kcal_value": 1000, "energy-kcal_unit": "kJ", "salt_value": 0.5, "salt_unit": "oz"}}"#
        let per100g = try #require(try importing(off, text).documents.first?.value["nutrition"]?["per100g"])
        func literal(_ key: String) -> String? { per100g[key]?.numberValue?.literal }
        #expect(literal("fat") == "12.3456789")
        #expect(literal("sodium") == "0.00125")
        #expect(literal("sugars") == "0.000012")
        #expect(literal("salt") == "14.1747615625")
        #expect(literal("energyKcal") == "239.006")
    }

    /// The largest size that lists an image: an empty `display` gave no image at all.
    /// A nutrient in a string with too many digits says so (it was "is not a number").
    @Test func aNutrientWithTooManyDigitsSaysSo() throws {
        let text = #"{"code": "3017620422003", "product_name": "x", "nutriments": {"fat_100g": "99999999999999999999999999999", "sugars_100g": "12 g"}}"#
        let (_, diagnostics) = try importing(off, text)
        #expect(diagnostics.map(\.message) == [
            "fat_100g '99999999999999999999999999999' has too many digits (29; Larder reads a number of at most 24 digits and separators); it is left out",
            "sugars_100g '12 g' is not a number; it is left out",
        ])
    }

    @Test func anEmptyImageSizeFallsToTheNext() throws {
        let text = #"{"code": "3017620422003", "product_name": "x", "selected_images": {"front": {"display": {}, "small": {"en": "https://images.openfoodfacts.org/images/products/301/762/042/2003/front_en.1.200.jpg"}}}}"#
        #expect(try importing(off, text).documents.first?.value["images"]?["front"]?["en"]?["src"] == "images.openfoodfacts.org/images/products/301/762/042/2003/front_en.1.200.jpg")
    }

    /// The size falls back per language: a language that only `small` lists was lost beside
    /// one that `display` lists (the fallback was per size).
    @Test func eachLanguageTakesTheLargestSizeThatListsIt() throws {
        let base = "https://images.openfoodfacts.org/images/products/301/762/042/2003/"
        let text = #"{"code": "3017620422003", "product_name": "x", "selected_images": {"front": {"display": {"fr": "\#(base)front_fr.4.400.jpg"}, "small": {"fr": "\#(base)front_fr.4.200.jpg", "en": "\#(base)front_en.2.200.jpg"}, "thumb": {"de": "\#(base)front_de.1.100.jpg"}}}}"#
        let front = try importing(off, text).documents.first?.value["images"]?["front"]
        #expect(front?["fr"]?["src"]?.stringValue?.hasSuffix("front_fr.4.400.jpg") == true, "\(String(describing: front))")
        #expect(front?["en"]?["src"]?.stringValue?.hasSuffix("front_en.2.200.jpg") == true, "\(String(describing: front))")
        #expect(front?["de"]?["src"]?.stringValue?.hasSuffix("front_de.1.100.jpg") == true, "\(String(describing: front))")
    }

    /// Control characters, escaped or as HTML references, were imported as they were, and
    /// the product failed lint's control-character rule.
    @Test func controlCharactersAreDroppedWithAWarningNamingTheField() throws {
        let text = #"{"code": "3017620422003", "product_name": "Nut\u0007ella", "brands": "Fer&#1;rero, Nestl\u00e9\u001fSA"}"#
        let (documents, diagnostics) = try importing(off, text)
        let product = try #require(documents.first)
        #expect(product.value["name"] == "Nutella")
        #expect(product.value["brands"] == ["Ferrero", "Nestlé SA"])
        #expect(diagnostics.map { "\($0.severity) \($0.line):\($0.column) \($0.message)" } == [
            "warning 1:1 /name holds the control character U+0007 (BEL), which no reader shows and lint's control-character rule refuses; it is dropped",
            "warning 1:1 /brands/0 holds the control character U+0001, which no reader shows and lint's control-character rule refuses; it is dropped",
            "warning 1:1 /brands/1 holds the control character U+001F, which no reader shows and lint's control-character rule refuses; it is made a space",
        ])
    }

    /// A lone surrogate escape became U+FFFD with no word.
    @Test func aLoneSurrogateIsKeptAsTheReplacementCharacterWithAWarning() throws {
        let text = #"{"code": "3017620422003", "product_name_fr": "Caf\ud83c", "product_name_en": "Coffee"}"#
        let (documents, diagnostics) = try importing(off, text)
        #expect(documents.first?.value["name"] == ["en": "Coffee", "fr": "Caf\u{FFFD}"])
        #expect(diagnostics.map(\.message) == [
            #"/name/fr holds U+FFFD (\#u{FFFD}) in place of the escape \ud83c, half of a surrogate pair without its other half, which stands for no character (lint's lone-surrogate rule refuses it); it is kept as U+FFFD"#,
        ])
    }
}

@Suite struct SchemaOrgImporterTests {
    let importer = SchemaOrgRecipeImporter()

    /// A roundup page's recipes share its address (`…/3-easy-soups/#recipe-1`, `#recipe-2`):
    /// each takes its id from its name (all got `3-easy-soups`, and all but the first were
    /// refused). A page's other JSON-LD (breadcrumbs) gets no "no Recipe here" warning when
    /// one of its scripts holds a recipe; a page with none is told of once.
    @Test func aRoundupPagesRecipesTakeTheirNamesAndOtherScriptsAreQuiet() throws {
        let page = """
            <html><head>
            <script type="application/ld+json">{"@type": "BreadcrumbList", "itemListElement": []}</script>
            <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
             {"@type": "Recipe", "@id": "https://example.com/3-easy-soups/#recipe-1", "name": "Tomato Soup", "recipeIngredient": ["tomatoes"]},
             {"@type": "Recipe", "@id": "https://example.com/3-easy-soups/#recipe-2", "name": "Leek Soup", "recipeIngredient": ["leeks"]}]}</script>
            <script type="application/ld+json">{"@type": "Organization", "name": "Example"}</script>
            </head></html>
            """
        let (documents, diagnostics) = try importing(importer, page, name: "soups.html")
        #expect(documents.map(\.id) == ["tomato-soup", "leek-soup"])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let single = try importing(importer, #"<html><script type="application/ld+json">{"@type": "Recipe", "@id": "https://example.com/pasta/#recipe", "name": "Pasta", "recipeIngredient": ["pasta"]}</script></html>"#, name: "pasta.html")
        #expect(single.documents.map(\.id) == ["pasta"])
        let none = try importing(importer, """
            <html><script type="application/ld+json">{"@type": "BreadcrumbList"}</script>
            <script type="application/ld+json">{"@type": "Organization", "name": "Example"}</script></html>
            """, name: "none.html")
        #expect(none.diagnostics.map(\.message) == [#"no schema.org Recipe (a node with "@type": "Recipe") in any JSON-LD of this page; nothing is imported"#])
        // In JSON Lines each line is a record, told of on its own.
        let lines = try importing(importer, "{\"@type\": \"Person\"}\n{\"@type\": \"Recipe\", \"name\": \"A\", \"recipeIngredient\": [\"x\"]}\n", name: "r.jsonl")
        #expect(lines.diagnostics.map(\.line) == [1])
    }

    /// A step or a description nothing is left of once its control characters are dropped
    /// is left out, and the recipe imported (it failed `minItems`/`minProperties` whole).
    @Test func aTextEmptiedOfControlCharactersIsLeftOut() throws {
        let text = #"""
            {"@type":"Recipe","name":"Soup","recipeIngredient":["water"],"recipeInstructions":[{"@type":"HowToStep","text":"&#7;"}]}
            {"@type":"Recipe","name":"Cake","recipeIngredient":["flour"],"description":[{"@value":"\u0007","@language":"en"}]}
            """#
        let (documents, diagnostics) = try importing(importer, text, name: "r.jsonl")
        #expect(documents.map(\.id) == ["soup", "cake"])
        #expect(documents[0].value["steps"] == nil && documents[1].value["description"] == nil)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
    }

    /// A second text in one language was dropped with no word.
    @Test func aSecondTextInOneLanguageIsLeftOutWithAWarning() throws {
        let text = #"{"@type": "Recipe", "name": [{"@value": "Bolo", "@language": "pt"}, {"@value": "Bolo 2", "@language": "pt"}, {"@value": "Bolo", "@language": "pt"}, {"@value": "Cake", "@language": "en"}], "recipeIngredient": ["1 egg"]}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.first?.value["name"] == ["pt": "Bolo", "en": "Cake"])
        #expect(diagnostics.map(\.message) == ["a second pt text, 'Bolo 2', is left out: the first, 'Bolo', is kept"])
        #expect(diagnostics.first?.severity == .warning)
    }

    /// Tags that differ only in case are one language: `pt-BR` and `pt-br` were kept as two
    /// texts, with no warning, and lint then reported the import's own output as a
    /// duplicate. The key is written in the case BCP 47 recommends.
    @Test func tagsThatDifferInCaseAreOneLanguage() throws {
        let text = #"{"@type": "Recipe", "name": [{"@value": "Bolo de milho", "@language": "pt-BR"}, {"@value": "Bolo de maizena", "@language": "pt-br"}, {"@value": "Corn cake", "@language": "EN"}], "recipeIngredient": ["1 egg"]}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.first?.value["name"] == ["pt-BR": "Bolo de milho", "en": "Corn cake"])
        #expect(diagnostics.map(\.message) == ["a second pt-BR text, 'Bolo de maizena', is left out: the first, 'Bolo de milho', is kept"])
        let lower = try importing(importer, #"{"@type": "Recipe", "name": [{"@value": "Bolo", "@language": "pt-br"}, {"@value": "Cake", "@language": "en"}], "recipeIngredient": ["1 egg"]}"#)
        #expect(lower.documents.first?.value["name"] == ["pt-BR": "Bolo", "en": "Cake"])
        #expect(lower.diagnostics.isEmpty)
    }

    /// Control characters, escaped or as HTML references, were imported as they were, and
    /// the recipe failed lint's control-character rule; the id is the one the name gives
    /// without them.
    @Test func controlCharactersAreDroppedWithAWarningNamingTheField() throws {
        let text = """
            {"@type": "Recipe", "name": "Bell&#7;Cake", "recipeIngredient": ["2 eggs\\u0007", "1 cup\\u001esugar\\u0085", "\\u001b[1m"],
             "description": "\\u0001", "recipeInstructions": "Mix.\\u0008\\u007f Bake."}
            """
        let (documents, diagnostics) = try importing(importer, text)
        let recipe = try #require(documents.first)
        #expect(recipe.id == "bellcake")
        #expect(recipe.value["name"] == "BellCake")
        #expect(recipe.value["ingredients"] == ["2 eggs", "1 cup sugar", "[1m"])
        #expect(recipe.value["description"] == nil)
        #expect(recipe.value["steps"] == ["Mix. Bake."])
        let lint = "which no reader shows and lint's control-character rule refuses"
        #expect(diagnostics.map { "\($0.severity) \($0.line):\($0.column) \($0.message)" } == [
            "warning 1:1 /name holds the control character U+0007 (BEL), \(lint); it is dropped",
            "warning 1:1 /description holds the control character U+0001, \(lint); it is dropped, and nothing is left of the text: it is left out",
            "warning 1:1 /ingredients/0 holds the control character U+0007 (BEL), \(lint); it is dropped",
            "warning 1:1 /ingredients/1 holds the control character U+001E, \(lint); it is made a space",
            "warning 1:1 /ingredients/2 holds the control character U+001B (ESC), \(lint); it is dropped",
            "warning 1:1 /steps/0 holds the control characters U+0008 (BS) and U+007F (DEL), \(lint); they are dropped",
        ])
    }

    /// `&#0;` and `&#x0;` are U+0000, dropped with a warning as `&#1;` is: they were left
    /// in the text as written, "Fer&#0;rero", with no word.
    @Test func aNullCharacterReferenceIsDroppedWithAWarning() throws {
        let lint = "which no reader shows and lint's control-character rule refuses"
        for reference in ["&#0;", "&#x0;", "&#X00;", "&#000;"] {
            let (documents, diagnostics) = try importing(importer, #"{"@type": "Recipe", "identifier": "r", "name": "Fer\#(reference)rero", "recipeIngredient": ["1 egg"]}"#)
            #expect(documents.first?.value["name"] == "Ferrero", "\(reference)")
            #expect(diagnostics.map(\.message) == ["/name holds the control character U+0000 (NUL), \(lint); it is dropped"], "\(reference)")
        }
        #expect(ImportText.clean("a&#0;b") == "a\u{0}b")
    }

    /// A lone surrogate escape became U+FFFD with no word, and the id was made from the
    /// name that held it; a U+FFFD written as it is says nothing.
    @Test func aLoneSurrogateIsKeptAsTheReplacementCharacterWithAWarning() throws {
        let text = #"{"@type": "Recipe", "name": "Sur\ud800rogate", "recipeIngredient": ["1 egg\udfff\uD800", "2 eggs"], "description": "Real \ufffd"}"#
        let (documents, diagnostics) = try importing(importer, text)
        let recipe = try #require(documents.first)
        #expect(recipe.id == "sur-rogate")
        #expect(recipe.value["name"] == "Sur\u{FFFD}rogate")
        #expect(recipe.value["ingredients"] == ["1 egg\u{FFFD}\u{FFFD}", "2 eggs"])
        #expect(diagnostics.map { "\($0.severity) \($0.line):\($0.column) \($0.message)" } == [
            #"warning 1:1 /name holds U+FFFD (\#u{FFFD}) in place of the escape \ud800, half of a surrogate pair without its other half, which stands for no character (lint's lone-surrogate rule refuses it); it is kept as U+FFFD, and the id 'sur-rogate' is made from it"#,
            #"warning 1:1 /ingredients/0 holds U+FFFD (\#u{FFFD}) in place of the escapes \udfff and \uD800, halves of surrogate pairs without their other halves, which stand for no character (lint's lone-surrogate rule refuses them); it is kept as U+FFFD"#,
        ])
        // An id from elsewhere is not made from the name.
        let identified = try importing(importer, #"{"@type": "Recipe", "identifier": "sur", "name": "Sur\udc00", "recipeIngredient": ["1 egg"]}"#)
        #expect(identified.diagnostics.map(\.message) == [
            #"/name holds U+FFFD (\#u{FFFD}) in place of the escape \udc00, half of a surrogate pair without its other half, which stands for no character (lint's lone-surrogate rule refuses it); it is kept as U+FFFD"#,
        ])
    }

    /// A second plain text, and a text with no language beside texts in one, were dropped
    /// with no word.
    @Test func everyTextLeftOutOfANameGetsAWarning() throws {
        func name(_ value: String) throws -> (JSONValue?, [String]) {
            let (documents, diagnostics) = try importing(importer, #"{"@type": "Recipe", "identifier": "x", "name": "# + value + #", "recipeIngredient": ["1 egg"]}"#)
            return (documents.first?.value["name"], diagnostics.map { "\($0.line):\($0.column) \($0.message)" })
        }
        #expect(try name(#"["Bolo", "Cake", "Bolo"]"#) == ("Bolo", ["1:57 a second text, 'Cake', is left out: the first, 'Bolo', is kept"]))
        #expect(try name(#"[{"@value": "Kuchen"}, {"@value": "Bolo", "@language": "pt"}]"#)
                == (["pt": "Bolo"], ["1:49 a text with no @language, 'Kuchen', is left out: the texts kept have a language"]))
        #expect(try name(#"[{"@value": "Bolo", "@language": "pt"}, "Cake", {"@value": "Torta", "@language": "zh-yue"}]"#)
                == (["pt": "Bolo"], [
                    "1:88 a text with no @language, 'Cake', is left out: the texts kept have a language",
                    "1:96 a text whose @language 'zh-yue' is not a tag Larder takes (such as en or pt-BR), 'Torta', is left out: the texts kept have a language",
                ]))
        // A plain text first is the name, as before, and what follows is left out.
        #expect(try name(#"["Bolo", {"@value": "Cake", "@language": "en"}]"#) == ("Bolo", ["1:57 a second text, 'Cake', is left out: the first, 'Bolo', is kept"]))
        // With no language anywhere, the first text is the name.
        #expect(try name(#"[{"@value": "Kuchen"}, "Cake"]"#) == ("Kuchen", ["1:71 a second text, 'Cake', is left out: the first, 'Kuchen', is kept"]))
        #expect(try name(#"["Bolo", "Bolo"]"#) == ("Bolo", []))
        let described = try importing(importer, #"{"@type": "Recipe", "name": "X", "description": ["A cake.", "A sponge."], "recipeIngredient": ["1 egg"]}"#)
        #expect(described.documents.first?.value["description"] == "A cake.")
        #expect(described.diagnostics.map(\.message) == ["a second text, 'A sponge.', is left out: the first, 'A cake.', is kept"])
    }

    /// A video after the first, and one with no address before another, were dropped with
    /// no word.
    @Test func everyVideoLeftOutGetsAWarning() throws {
        let text = #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["1 egg"], "video": ["ftp://ex.com/a.mp4", {"@type": "VideoObject", "contentUrl": "https://ex.com/b.mp4", "embedUrl": "https://ex.com/b"}, "https://ex.com/c.mp4", "https://ex.com/b.mp4"]}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.first?.value["video"] == "https://ex.com/b.mp4")
        #expect(diagnostics.map { "\($0.column) \($0.message)" } == [
            "75 this video gives no address the url rule takes (an http(s) URL; on YouTube, a video's); it is left out",
            "193 a second video, 'https://ex.com/c.mp4', is left out: a recipe has one, and the first, 'https://ex.com/b.mp4', is kept",
        ])
        // With none to keep, one warning, at the video, as before.
        let none = try importing(importer, #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["1 egg"], "video": ["ftp://a", "b"]}"#)
        #expect(none.diagnostics.map(\.message) == ["video gives no address the url rule takes (an http(s) URL; on YouTube, a video's); it is left out"])
    }

    /// A keyword, cuisine or category with nothing a slug can spell was dropped with no
    /// word; it gets no hashed tag.
    @Test func aKeywordWithNothingATagCanSpellIsLeftOutWithAWarning() throws {
        let text = #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["1 egg"], "recipeCategory": ["デザート", "Dessert"], "recipeCuisine": "日本料理", "keywords": "日本料理, cake, , !!"}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.first?.value["category"] == "dessert")
        #expect(documents.first?.value["tags"] == ["cake"])
        #expect(diagnostics.map(\.message) == [
            "recipeCategory 'デザート' has nothing a tag can spell (letters a-z, digits and hyphens); it is left out",
            "recipeCuisine '日本料理' has nothing a tag can spell (letters a-z, digits and hyphens); it is left out",
            "keywords '日本料理' has nothing a tag can spell (letters a-z, digits and hyphens); it is left out",
            "keywords '!!' has nothing a tag can spell (letters a-z, digits and hyphens); it is left out",
        ])
    }

    /// A rating over a scale whose best is 0 was dropped with no word.
    @Test func aRatingWithoutAScaleIsLeftOutWithAWarning() throws {
        func rating(_ aggregate: String) throws -> (JSONValue?, [String]) {
            let (documents, diagnostics) = try importing(importer, #"{"@type": "Recipe", "name": "A", "recipeIngredient": ["1 egg"], "aggregateRating": \#(aggregate)}"#)
            return (documents.first?.value["rating"], diagnostics.map(\.message))
        }
        #expect(try rating(#"{"ratingValue": "8", "bestRating": "10"}"#).0 == 4)
        let (none, messages) = try rating(#"{"ratingValue": "3", "bestRating": "0"}"#)
        #expect(none == nil)
        #expect(messages == ["bestRating 0 is not above 0, so ratingValue has no scale; rating is left out"])
        // A JSON-LD value object is read; a bestRating given but unreadable is no scale
        // either (it was taken as 5: 4 out of 10 became a rating of 4, with no word).
        #expect(try rating(#"{"ratingValue": 4, "bestRating": {"@value": 10}}"#).0 == 2)
        #expect(try rating(#"{"ratingValue": {"@value": "4"}, "bestRating": 10}"#).0 == 2)
        for (best, shown) in [(#""ten""#, "'ten'"), (#""10/10""#, "'10/10'"), (#""1e1""#, "'1e1'"), ("1e400", "1e400"), ("1e-300", "1e-300"), ("[10]", "an array")] {
            let (left, warnings) = try rating(#"{"ratingValue": 4, "bestRating": \#(best)}"#)
            #expect(left == nil, "\(best)")
            #expect(warnings == ["bestRating is \(shown), which is not a number Larder can read, so ratingValue 4 has no scale; rating is left out"])
        }
        // A blank one is none given: out of 5.
        #expect(try rating(#"{"ratingValue": 4, "bestRating": " "}"#) == (4, []))
    }

    @Test func anUnreadableDurationFailsItsRecordWithThePositionOfTheValue() throws {
        let text = """
            [
              {"@type": "Recipe", "name": "A", "recipeIngredient": ["1 egg"], "cookTime": "PT1H3OM"},
              {"@type": "Recipe", "name": "B", "recipeIngredient": ["1 egg"], "cookTime": "PT1H30M"}
            ]
            """
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.map(\.id) == ["b"])
        #expect(documents.first?.value["time"] == ["cook": 90])
        #expect(diagnostics.count == 1)
        let d = try #require(diagnostics.first)
        #expect("\(d.file):\(d.line):\(d.column)" == "input.json:2:79")
        #expect(d.pointer.description == "/0/cookTime")
        #expect(d.message.contains("'PT1H3OM' is not an ISO 8601 duration"))
        #expect(d.message.contains("this record is not imported"))
    }

    @Test func jsonLinesPositionsCountFileLines() throws {
        let text = """
            {"@type": "Recipe", "name": "A", "recipeIngredient": ["1 egg"]}

            {"@type": "Recipe", "name": "B"
            {"@type": "Recipe", "name": "C", "recipeIngredient": []}
            """
        let (documents, diagnostics) = try importing(importer, text, name: "pages.jsonl")
        #expect(documents.map(\.id) == ["a"])
        #expect(diagnostics.map { "\($0.line):\($0.column) \($0.ruleID)" } == ["3:32 parse", "4:54 import"])
    }

    @Test func idsComeFromIdentifierThenAtIdThenURLThenName() throws {
        func id(_ fields: String) throws -> JSONValue? {
            try importing(importer, #"{"@type": "Recipe", "name": "Banana Bread", "recipeIngredient": ["x"], "#.appending(fields).appending("}")).documents.first?.id
        }
        #expect(try id(#""identifier": "bb-1""#) == "bb-1")
        #expect(try id(#""identifier": 7"#) == 7)
        #expect(try id(#""identifier": "/tmp/../../evil""#) == "tmp-evil")
        #expect(try id(#""@id": "https://x.com/banana-bread-2/#recipe""#) == "banana-bread-2")
        #expect(try id(#""@id": "_:b0", "url": "https://x.com/r/bb3.html""#) == "bb3")
        #expect(try id(#""url": "https://x.com/?p=4""#) == "banana-bread")
        // A fragment of the page names nothing (it gave `recipe` to every such recipe).
        #expect(try id(##""@id": "#recipe", "url": "https://ex.com/banana-bread/""##) == "banana-bread")
        #expect(try id(##""@id": "#recipe""##) == "banana-bread")
        // A PropertyValue's value, and a whole number however it is written; an id that
        // cannot be one is warned about (each was passed over with no word).
        #expect(try id(#""identifier": {"@type": "PropertyValue", "propertyID": "sku", "value": "bb-9"}"#) == "bb-9")
        #expect(try id(#""identifier": 42.0"#) == 42)
        #expect(try id(#""identifier": 1e2"#) == 100)
        let negative = try importing(importer, #"{"@type": "Recipe", "name": "Banana Bread", "recipeIngredient": ["x"], "identifier": -3}"#)
        #expect(negative.documents.first?.id == "banana-bread")
        #expect(negative.diagnostics.map(\.message) == ["identifier -3 is not a whole number of 0 or more; the recipe's id comes from its address or name"])
    }

    /// JSON-LD value lists keep every value with a tag Larder takes; one without (none, a
    /// private-use tag, `zh-yue`) no longer replaces them all (the name was "Orangenkuchen"
    /// alone), and is the text only when no value has a tag.
    @Test func valueListsKeepEveryTaggedValue() throws {
        let recipe = #"{"@type": "Recipe", "recipeIngredient": ["a"], "name": [{"@value": "Bolo de laranja", "@language": "pt"}, {"@value": "Orange cake", "@language": "en"}, {"@value": "Orangenkuchen", "@language": "de-DE-x-custom"}, {"@value": "Tin", "@language": "zh-yue"}, {"@value": "Plain"}]}"#
        let value = try #require(try importing(importer, recipe).documents.first?.value)
        #expect(value["name"] == ["pt": "Bolo de laranja", "en": "Orange cake"])
        #expect(value["id"] == "bolo-de-laranja")
        let untagged = #"{"@type": "Recipe", "recipeIngredient": ["a"], "name": [{"@value": "Plain"}, {"@value": "Other", "@language": "x-klingon"}]}"#
        #expect(try importing(importer, untagged).documents.first?.value["name"] == "Plain")
        for (tag, ok) in [("en", true), ("pt-BR", true), ("zh-Hant-TW", true), ("es-419", true), ("sl-rozaj", true), ("de-1996", true), ("zh-yue", false), ("de-DE-x-custom", false), ("e", false)] {
            #expect(SchemaOrgRecipeImporter.isLanguageTag(tag) == ok, "\(tag)")
        }
    }

    /// An HTML page saved from the web: its JSON-LD scripts are read (comment and CDATA marks
    /// taken off), with positions in the page; it was "expected a JSON value, found '<'".
    @Test func anHTMLPageGivesItsJSONLD() throws {
        let page = """
            <!DOCTYPE html>
            <html><head><title>Bánh mì 🍞</title><script>var s = "<script>";</script>
            <script type='application/ld+json'><!--
            {"@type": "Recipe", "name": "Banana Bread", "recipeIngredient": ["3 bananas"], "recipeYield": "abc"}
            --></script>
            <SCRIPT TYPE="application/ld+json"><![CDATA[{"@graph": [{"@type": "Recipe", "name": "Pão", "recipeIngredient": ["1 kg flour"]}]}]]></SCRIPT>
            <script type="application/ld+json">//<![CDATA[
            {"@type": "Recipe", "name": "Tart", "recipeIngredient": ["1 lemon"]}
            //]]></script>
            </head><body><p>Hi</p></body></html>
            """
        let (documents, diagnostics) = try importing(importer, page, name: "page.html")
        #expect(documents.map(\.id) == ["banana-bread", "pao", "tart"])
        #expect(diagnostics.map { "\($0.line):\($0.column)" } == ["4:95"], "\(diagnostics)")
        let none = try importing(importer, "<html><body>No data</body></html>", name: "page.html")
        #expect(none.documents.isEmpty)
        #expect(none.diagnostics.map(\.message) == ["an HTML page with no <script type=\"application/ld+json\">: no schema.org data to import"])
    }

    /// A yield of 0 or below is left out with a warning (it was dropped with no word).
    @Test func aYieldThatIsNoNumberOfServingsIsWarnedAbout() throws {
        let (documents, diagnostics) = try importing(importer, #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["a"], "recipeYield": -4}"#)
        #expect(documents.first?.value["servings"] == nil)
        #expect(diagnostics.map(\.message) == ["recipeYield -4 is not a number of servings above 0; it is left out"])
    }

    /// A yield number with too many digits to compute with is refused, as the same digits in
    /// text are (it was kept, as 99999999999999999999999 servings); so is a nutrition value
    /// with too many digits, which says so (it was "is not a number").
    @Test func numbersWithTooManyDigitsSaySo() throws {
        let text = """
            [{"@type": "Recipe", "name": "A", "recipeIngredient": ["a"], "recipeYield": 99999999999999999999999},
             {"@type": "Recipe", "name": "B", "recipeIngredient": ["a"], "recipeYield": "99999999999999999999999"},
             {"@type": "Recipe", "name": "C", "recipeIngredient": ["a"], "recipeYield": 1e30},
             {"@type": "Recipe", "name": "D", "recipeIngredient": ["a"], "recipeYield": 4.5, "nutrition": {"fatContent": "99999999999999999999999999999", "proteinContent": "99999999999999999999999999999 g"}}]
            """
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.map { $0.value["servings"] } == [nil, nil, nil, ["amount": 4.5, "unit": "servings"]])
        #expect(diagnostics.map(\.message) == [
            "recipeYield 99999999999999999999999 has more digits than Larder computes with exactly; a yield is a count (such as \"8 servings\" or \"24 cookies\"); it is left out",
            "recipeYield '99999999999999999999999' has more digits than Larder computes with exactly; a yield is a count (such as \"8 servings\" or \"24 cookies\"); it is left out",
            "recipeYield 1e30 has more digits than Larder computes with exactly; a yield is a count (such as \"8 servings\" or \"24 cookies\"); it is left out",
            "fatContent: '99999999999999999999999999999' has too many digits (29; Larder reads a number of at most 24 digits and separators); it is left out",
            "proteinContent: '99999999999999999999999999999' in '99999999999999999999999999999 g' has too many digits (29; Larder reads a number of at most 24 digits and separators); it is left out",
        ])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
    }

    /// Links and videos are kept only when the `url` rule takes them, so imported content
    /// lints clean (these were imported, and `larder lint` failed on them); the page still
    /// resolves relative images.
    @Test func linksAreCheckedAsLintChecksThem() throws {
        for page in ["https://my_site.c_m/u1", "https://ex.com/u2%zz", "https://-bad-.com/", "https://ex..com/", "https://ex.com:99999/"] {
            let recipe = #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["a"], "image": "/img/a.jpg", "url": ""# + page + #""}"#
            let (documents, diagnostics) = try importing(importer, recipe)
            let value = try #require(documents.first?.value)
            #expect(value["links"] == nil, "\(page)")
            #expect(diagnostics.contains { $0.message.hasPrefix("the page address '\(page)'") && $0.message.hasSuffix("; it is not kept in links") }, "\(diagnostics)")
            #expect(value["images"]?[0]?["x-url"]?.stringValue?.hasSuffix("/img/a.jpg") == true)
        }
        let video = #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["a"], "video": ["https://www.youtube.com/watch?v=dQw4w9WgXcQ|x", "https://youtu.be/dQw4w9WgXcQ"]}"#
        #expect(try importing(importer, video).documents.first?.value["video"] == "https://youtu.be/dQw4w9WgXcQ")
    }

    /// One string of ingredients splits at line breaks and at `<br>`/`<li>` (it was one
    /// ingredient, "1 cup flour 2 eggs salt").
    @Test func oneStringOfIngredientsSplitsAtBreakTags() throws {
        let recipe = #"{"@type": "Recipe", "name": "X", "recipeIngredient": "1 cup flour<br>2 eggs<br/>salt &amp; pepper\n1 lemon"}"#
        #expect(try importing(importer, recipe).documents.first?.value["ingredients"] == ["1 cup flour", "2 eggs", "salt & pepper", "1 lemon"])
    }

    @Test func instructionsInEveryShape() throws {
        let text = """
            {"@type": "Recipe", "name": "X", "recipeIngredient": ["x"], "recipeInstructions": [
              "Step 1: Mix.",
              {"@type": "HowToStep", "text": "Bake <b>well</b>."},
              {"@type": "HowToSection", "name": "Glaze", "itemListElement": [
                {"@type": "HowToStep", "name": "Whisk.", "text": ""},
                {"@type": "ListItem", "item": {"@type": "HowToStep", "text": "Pour."}}
              ]},
              17
            ]}
            """
        let (documents, diagnostics) = try importing(importer, text)
        // (An empty "text" gives way to the "name": the step was left out.)
        #expect(documents.first?.value["steps"] == ["Mix.", "Bake well.", "Glaze: Whisk.", "Pour."])
        #expect(diagnostics.map(\.severity) == [.warning])
        // Sections nested past the limit are left out with a warning, not silently.
        var nested = #"{"@type": "HowToStep", "text": "Deep."}"#
        for _ in 0..<5 { nested = #"{"@type": "HowToSection", "name": "S", "itemListElement": [\#(nested)]}"# }
        let deep = try importing(importer, #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["x"], "recipeInstructions": [\#(nested), "Top."]}"#)
        #expect(deep.documents.first?.value["steps"] == ["Top."])
        #expect(deep.diagnostics.contains { $0.message.contains("instructions nested this deep") })
        // Graphs nested past the limit are named as such, not as instructions.
        var graph = #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["x"]}"#
        for _ in 0..<9 { graph = #"{"@graph": [\#(graph)]}"# }
        let graphs = try importing(importer, graph)
        #expect(graphs.documents.isEmpty)
        #expect(graphs.diagnostics.contains { $0.message.contains("are not searched for recipes") }, "\(graphs.diagnostics.map(\.message))")
        #expect(!graphs.diagnostics.contains { $0.message.contains("instructions") })
    }

    @Test func nutritionStringsAreConverted() throws {
        let text = #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["x"], "nutrition": {"@type": "NutritionInformation", "calories": "143 kcal", "sodiumContent": "629 mg", "fatContent": "0.5 oz", "cholesterolContent": "20 mg", "proteinContent": 4}}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.first?.value["nutrition"] == [
            "per": "serving", "energy": ["value": 143, "unit": "kcal"], "fat": 14.1747615625, "protein": 4, "sodium": 0.629,
        ])
        #expect(diagnostics.isEmpty)
    }

    /// Nutrition values are kept as written, and masses converted exactly, never rounded to
    /// 4 places (1.25 mg of sodium was 0.0013 g, 4 % off, and 12.3456789 g of fat 12.3457).
    @Test func nutritionValuesKeepTheirDigits() throws {
        let text = #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["x"], "nutrition": {"calories": "143.4567 kcal", "sodiumContent": "1.25 mg", "fatContent": "12.3456789 g", "sugarContent": "12 mcg", "proteinContent": "0,0000125 g", "fiberContent": 2.125}}"#
        let (documents, diagnostics) = try importing(importer, text)
        let nutrition = try #require(documents.first?.value["nutrition"])
        func literal(_ value: JSONValue?) -> String? { value?.numberValue?.literal }
        #expect(literal(nutrition["sodium"]) == "0.00125")
        #expect(literal(nutrition["fat"]) == "12.3456789")
        #expect(literal(nutrition["sugars"]) == "0.000012")
        #expect(literal(nutrition["protein"]) == "0.0000125")
        #expect(literal(nutrition["fiber"]) == "2.125")
        #expect(literal(nutrition["energy"]?["value"]) == "143.4567")
        #expect(diagnostics.isEmpty)
    }

    /// JSON-LD a browser would not run is not imported: in an HTML comment, a `<textarea>`,
    /// a `<template>`, a `<noscript>`, a `<title>` (the draft in the comment was imported
    /// as "old-draft", exit 0, with no word). Each is named in a note.
    @Test func jsonLDThatABrowserWouldNotRunIsSkipped() throws {
        let page = """
            <html><head><title>Pie <script type="application/ld+json">{"@type": "Recipe", "name": "In Title", "recipeIngredient": ["x"]}</script></title>
            <!-- old version, disabled:
            <script type="application/ld+json">{"@type": "Recipe", "name": "Old Draft", "recipeIngredient": ["1 egg"]}</script>
            -->
            <script type="application/ld+json">{"@type": "Recipe", "name": "Live", "recipeIngredient": ["1 egg"]}</script>
            </head><body>
            <textarea><script type="application/ld+json">{"@type": "Recipe", "name": "In Textarea", "recipeIngredient": ["x"]}</script></textarea>
            <template><div><script type="application/ld+json">{"@type": "Recipe", "name": "In Template", "recipeIngredient": ["x"]}</script></div></template>
            <noscript><script type="application/ld+json">{"@type": "Recipe", "name": "In Noscript", "recipeIngredient": ["x"]}</script></noscript>
            <div data-note="a > b"><script type="application/ld+json">{"@type": "Recipe", "name": "After Template", "recipeIngredient": ["x"]}</script></div>
            <scripts type="application/ld+json">{"@type": "Recipe", "name": "Not A Script", "recipeIngredient": ["x"]}</scripts>
            </body></html>
            """
        let (documents, diagnostics) = try importing(importer, page, name: "page.html")
        #expect(documents.map(\.id) == ["live", "after-template"])
        let notes = diagnostics.filter { $0.severity == .note }
        #expect(notes.map { "\($0.line):\($0.column)" } == ["1:24", "3:1", "7:11", "8:16", "9:11"])
        #expect(notes.map { $0.message.split(separator: " is skipped")[0].split(separator: "inside ").last.map(String.init) }
                == ["a <title>", "an HTML comment", "a <textarea>", "a <template>", "a <noscript>"])
        #expect(notes.allSatisfy { $0.message.hasSuffix("is skipped: browsers and search engines do not read it there") })
        #expect(diagnostics.count == notes.count, "\(diagnostics)")
        // A page whose only JSON-LD is commented out has nothing to import: an error.
        let draft = "<html><!-- <script type=\"application/ld+json\">{\"@type\": \"Recipe\", \"name\": \"Old\", \"recipeIngredient\": [\"x\"]}</script> --></html>"
        let only = try importing(importer, draft, name: "draft.html")
        #expect(only.documents.isEmpty)
        #expect(only.diagnostics.map(\.severity) == [.note, .error])
        #expect(only.diagnostics.last?.message == "an HTML page with no <script type=\"application/ld+json\"> a browser would run (1 skipped, see the notes): no schema.org data to import")
        // Comment marks inside a script are still taken off, and `<!-->` is an empty comment.
        let marks = "<!--><script type=\"application/ld+json\"><!--{\"@type\": \"Recipe\", \"name\": \"Kept\", \"recipeIngredient\": [\"x\"]}--></script>"
        #expect(try importing(importer, marks, name: "marks.html").documents.map(\.id) == ["kept"])
    }

    /// Only a `type` attribute of `application/ld+json` makes a script JSON-LD, as browsers
    /// read it; the text in another attribute made a data layer script parse as JSON.
    @Test func onlyTheTypeAttributeMakesAScriptJSONLD() throws {
        let page = """
            <html><head><script type="text/javascript" data-schema-type="application/ld+json">window.dataLayer = [];</script>
            <script type="application/ld+json">{"@type":"Recipe","name":"Soup","recipeIngredient":["1 l water"]}</script>
            <script data-type="application/ld+json" TYPE = " Application/LD+JSON; charset=utf-8 ">{"@type":"Recipe","name":"Stew","recipeIngredient":["1 l water"]}</script>
            <script type=application/ld+json>{"@type":"Recipe","name":"Broth","recipeIngredient":["1 l water"]}</script>
            <script type='text/template' title='application/ld+json'>{{ not json }}</script>
            <script type="text/javascript" type="application/ld+json">var first = "type wins";</script>
            <script type="application/ld+json-x">nope</script>
            </head></html>
            """
        let (documents, diagnostics) = try importing(importer, page, name: "page.html")
        #expect(documents.map(\.id) == ["soup", "stew", "broth"])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// A `</script>` inside a JSON string ends the script, as in a browser; the error says
    /// so, at the `</script>` (it was a control character error at the end of the line).
    @Test func aScriptThatEndsInsideAStringSaysSo() throws {
        let page = """
            <html><head>
            <script type="application/ld+json">{"@type": "Recipe", "name": "Has </script>", "recipeIngredient": ["x"]}
            <script type="application/ld+json">{"@type": "Recipe", "name": "Cut", "recipeIngredient": ["x"]</script>
            <script type="application/ld+json">{"@type": "Recipe", "name": "Bad" "recipeIngredient": ["x"]}</script>
            </head></html>
            """
        let (documents, diagnostics) = try importing(importer, page, name: "page.html")
        #expect(documents.isEmpty)
        #expect(diagnostics.map { "\($0.line):\($0.column)" } == ["2:69", "3:96", "4:70"], "\(diagnostics)")
        #expect(diagnostics.map(\.ruleID) == ["parse", "parse", "parse"])
        #expect(diagnostics[0].message.hasPrefix("the <script type=\"application/ld+json\"> block ends inside a JSON string: a </script> in its text ends the script"))
        #expect(diagnostics[1].message.hasPrefix("the <script type=\"application/ld+json\"> block ends before its JSON does"))
        // An error inside the block is the parser's own, where it is.
        #expect(!diagnostics[2].message.contains("<script"))
    }

    /// A page's JSON-LD whose strings hold line breaks and tabs as typed (invalid JSON, which
    /// browsers and search engines read) is imported, with a note at the first of them; it
    /// was refused ("control character U+000A must be escaped in a string"). Only that is let
    /// by: the same text as a JSON file is still refused, an error elsewhere in such a block
    /// is still that error, and a block cut by `</script>` inside a string still says so.
    @Test func aPagesJSONLDWithRawLineBreaksInStringsIsReadWithANote() throws {
        let page = "<html><head>\n<script type=\"application/ld+json\">{\"@type\": \"Recipe\", \"name\": \"Bolo\",\n"
            + " \"description\": \"A moist cake.\nBake it today.\",\n"
            + " \"recipeIngredient\": [\"2 cups\tflour\", \"3 eggs\"],\n"
            + " \"recipeInstructions\": \"Mix.\r\nBake.\"}</script>\n</head></html>\n"
        let (documents, diagnostics) = try importing(importer, page, name: "bolo.html")
        let recipe = try #require(documents.first, "\(diagnostics)")
        #expect(recipe.value["description"] == "A moist cake. Bake it today.")
        #expect(recipe.value["ingredients"] == ["2 cups flour", "3 eggs"])
        #expect(diagnostics.map { "\($0.severity) \($0.ruleID) \($0.line):\($0.column) \($0.message)" } == [
            #"note import 3:31 this JSON-LD block is not strict JSON: its strings hold 2 line breaks, 1 tab and 1 carriage return written as they are, where JSON needs an escape (\n, \t); read as browsers and search engines read it, each as the character it is"#,
        ])

        // The same JSON-LD in a file of its own is JSON, and strict.
        let json = String(page.split(separator: ">", maxSplits: 3)[3].prefix { $0 != "<" })
        let file = try importing(importer, json, name: "bolo.json")
        #expect(file.documents.isEmpty)
        #expect(file.diagnostics.map { "\($0.ruleID) \($0.message)" } == ["parse control character U+000A must be escaped in a string"])

        let broken = """
            <html><head>
            <script type="application/ld+json">{"@type": "Recipe", "name": "Line\nbreak", "recipeIngredient": ["x"],}</script>
            <script type="application/ld+json">{"@type": "Recipe", "name": "Line\nbreak", "recipeIngredient": ["x </script>"]}
            </head></html>
            """
        let (none, errors) = try importing(importer, broken, name: "page.html")
        #expect(none.isEmpty)
        #expect(errors.map { "\($0.ruleID) \($0.line):\($0.column)" } == ["parse 3:34", "parse 5:33"], "\(errors)")
        #expect(errors.first?.message.hasPrefix("expected a member name") == true, "\(errors)")
        #expect(errors.last?.message.hasPrefix("the <script type=\"application/ld+json\"> block ends inside a JSON string") == true, "\(errors)")
    }

    /// Each script of a page is parsed from its own text, not from a blank copy of the whole
    /// page kept for each (a page of 4,000 scripts took 2.4 GB and 38 s), and its positions
    /// are still the page's, after the characters before it on its line.
    @Test func eachScriptOfAPageIsParsedFromItsOwnText() throws {
        let script = #"<script type="application/ld+json">{"@type": "Recipe", "name": "R", "recipeIngredient": ["x"], "recipeYield": "abc"}</script>"#
        let page = Array(String(repeating: "<p>🍞</p>" + script + "\n", count: 1000).utf8)
        var diagnostics: [Diagnostic] = []
        let readers = ImportInput.htmlScripts(page, file: "page.html", diagnostics: &diagnostics)
        #expect(readers.count == 1000)
        let parsed = readers.reduce(0) { $0 + $1.json.bytes.count }
        #expect(parsed <= 2 * page.count, "\(parsed) bytes parsed for a page of \(page.count)")
        let warnings = SchemaOrgRecipeImporter().records(in: page, file: "page.html", diagnostics: &diagnostics)
        #expect(warnings.count == 1000)
        #expect(diagnostics.map { "\($0.line):\($0.column)" }.suffix(2) == ["999:120", "1000:120"], "\(diagnostics.suffix(2))")
    }

    /// Every shape of `recipeYield` is read or warned about: a QuantitativeValue was dropped
    /// with no word, and so were `true` and a list of objects; `"-4"` was read as 4 and
    /// `"1e9"` as 1 "e9".
    @Test func yieldsOfEveryShapeAreReadOrWarnedAbout() throws {
        func servings(_ yield: String) throws -> (JSONValue?, [String]) {
            let (documents, diagnostics) = try importing(importer, #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["a"], "recipeYield": "# + yield + "}")
            return (try #require(documents.first).value["servings"], diagnostics.map { "\($0.severity) \($0.message)" })
        }
        #expect(try servings(#"{"@type": "QuantitativeValue", "value": 6}"#) == (6, []))
        #expect(try servings(#"[{"value": 4}]"#) == (4, []))
        #expect(try servings(#"{"@type": "QuantitativeValue", "value": "24", "unitText": "cookies"}"#) == (["amount": 24, "unit": "cookies"], []))
        #expect(try servings(#"{"@type": "QuantitativeValue", "value": 8, "unitText": "servings"}"#) == (8, []))
        #expect(try servings(#"{"@type": "QuantitativeValue", "value": 500, "unitCode": "GRM"}"#) == (["amount": 500, "unit": "g"], []))
        #expect(try servings(#"{"@type": "QuantitativeValue", "value": 6, "unitCode": "C62"}"#) == (6, []))
        #expect(try servings(#"{"@type": "QuantitativeValue", "minValue": 4, "maxValue": 6}"#)
                == (4, ["note recipeYield gives a range; servings keeps its lower end"]))
        // Ends swapped: the lower one is kept (it kept 6, and said it was the lower end).
        #expect(try servings(#"{"@type": "QuantitativeValue", "minValue": 6, "maxValue": 4}"#)
                == (4, ["note recipeYield gives a range; servings keeps its lower end"]))
        #expect(try servings(#"{"minValue": "12", "maxValue": "8", "unitText": "cookies"}"#)
                == (["amount": 8, "unit": "cookies"], ["note recipeYield gives a range; servings keeps its lower end"]))
        #expect(try servings(#""8-6""#) == (6, ["note recipeYield gives a range; servings keeps its lower end"]))
        #expect(try servings(#""12-8 cookies""#) == (["amount": 8, "unit": "cookies"], ["note recipeYield gives a range; servings keeps its lower end"]))
        #expect(try servings(#"true"#) == (nil, ["warning recipeYield must be text, a number or a QuantitativeValue, found boolean; it is left out"]))
        #expect(try servings(#"[true, "4"]"#) == (4, ["warning recipeYield must be text, a number or a QuantitativeValue, found boolean; it is left out"]))
        #expect(try servings(#"[[4]]"#) == (nil, ["warning recipeYield must be text, a number or a QuantitativeValue, found array; it is left out"]))
        #expect(try servings(#"{"@type": "QuantitativeValue"}"#) == (nil, ["warning recipeYield is a QuantitativeValue with no value (a QuantitativeValue's \"value\"); it is left out"]))
        #expect(try servings(#"{"value": true}"#) == (nil, ["warning recipeYield's value must be a number or text, found boolean; it is left out"]))
        #expect(try servings(#"{"value": 6, "unitCode": "XYZ"}"#)
                == (nil, ["warning recipeYield's unitCode 'XYZ' is not a unit Larder reads (C62, H87, GRM, KGM, MLT, LTR; or give unitText); it is left out"]))
        #expect(try servings(#"{"value": -6}"#) == (nil, ["warning recipeYield '-6' is below zero, and a recipe makes more than nothing; it is left out"]))
        #expect(try servings(#""-4""#) == (nil, ["warning recipeYield '-4' is below zero, and a recipe makes more than nothing; it is left out"]))
        #expect(try servings(#""Serves -4""#).0 == nil)
        #expect(try servings(#""1e9""#)
                == (nil, [#"warning recipeYield '1e9' is a number written with an exponent; a yield is a count (such as "8 servings" or "24 cookies"); it is left out"#]))
        // A range and a hyphenated word are no minus sign.
        #expect(try servings(#""4-6""#).0 == 4)
        #expect(try servings(#""Serves-4""#).0 == 4)
    }

    /// A yield that rounds to 0 made an amount of 0, which the schema refused, so the
    /// recipe was not imported; one that rounding changed said nothing of it.
    @Test func aYieldIsReadTo3DecimalsAndSaysSoWhenThatChangesIt() throws {
        func servings(_ yield: String) throws -> (JSONValue?, [String]) {
            let (documents, diagnostics) = try importing(importer, #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["a"], "recipeYield": "# + yield + "}")
            return (try #require(documents.first).value["servings"], diagnostics.map { "\($0.severity) \($0.message)" })
        }
        let zero = "is 0 once rounded to the 3 decimals a yield is read to, and a recipe makes more than nothing; it is left out"
        #expect(try servings(#""0.0004 cakes""#) == (nil, ["warning recipeYield '0.0004 cakes' \(zero)"]))
        #expect(try servings(#"{"value": "0.0001", "unitText": "cakes"}"#) == (nil, ["warning recipeYield '0.0001 cakes' \(zero)"]))
        #expect(try servings(#"["0.0004", "6 slices"]"#) == (["amount": 6, "unit": "slices"], ["warning recipeYield '0.0004' \(zero)"]))
        #expect(try servings(#""1.23456789 cakes""#)
                == (["amount": 1.235, "unit": "cakes"], ["note recipeYield '1.23456789 cakes' is read to 3 decimals; servings is 1.235 cakes"]))
        #expect(try servings(#""1 1/3 loaves""#)
                == (["amount": 1.333, "unit": "loaves"], ["note recipeYield '1 1/3 loaves' is read to 3 decimals; servings is 1.333 loaves"]))
        #expect(try servings(#""Serves 3.9999""#) == (4, ["note recipeYield 'Serves 3.9999' is read to 3 decimals; servings is 4"]))
        // Rounding that changes nothing says nothing.
        #expect(try servings(#""1.250 loaves""#) == (["amount": 1.25, "unit": "loaves"], []))
        #expect(try servings(#""1 1/2 loaves""#) == (["amount": 1.5, "unit": "loaves"], []))
    }

    /// An identifier too long for an id says so (it was "is not a Larder id (lower-case
    /// letters, digits and hyphens)", and quoted all 100,000 characters).
    @Test func anOverlongIdentifierSaysItIsTooLong() throws {
        let long = String(repeating: "a", count: 100_000)
        let (documents, diagnostics) = try importing(importer, #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["a"], "identifier": ""# + long + #""}"#)
        #expect(documents.first?.id == .string(String(repeating: "a", count: Slug.maxLength)))
        let message = try #require(diagnostics.first?.message)
        #expect(diagnostics.count == 1)
        #expect(message == "identifier '\(String(repeating: "a", count: 60))…' is 100000 characters long; an imported id is at most 80; the recipe's id is '\(String(repeating: "a", count: 80))'")
        // Not a slug and too long: both reasons.
        let upper = try importing(importer, #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["a"], "identifier": ""# + long.uppercased() + #""}"#)
        #expect(upper.diagnostics.first?.message.contains("is not a Larder id (lower-case letters, digits and hyphens), and at 100000 characters it is longer than the 80 an imported id may have") == true)
        // Short text that is not a slug keeps its message.
        let spaced = try importing(importer, #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["a"], "identifier": "Banana Bread"}"#)
        #expect(spaced.diagnostics.map(\.message) == ["identifier 'Banana Bread' is not a Larder id (lower-case letters, digits and hyphens); the recipe's id is 'banana-bread'"])
    }

    /// A time too large says so (it was "'99999999999999' is not a number").
    @Test func aDurationTooLargeSaysSo() throws {
        let (documents, diagnostics) = try importing(importer, #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["a"], "prepTime": "PT99999999999999H"}"#)
        #expect(documents.isEmpty)
        #expect(diagnostics.map(\.message) == ["prepTime: 'PT99999999999999H' is a longer ISO 8601 duration than a recipe takes: 99999999999999 hours is over the limit of a hundred years (52,560,000 minutes); this record is not imported"])
    }

    /// A nutrient of another shape than a text or a number is left out with a warning (it
    /// was dropped without a word); an empty text is skipped quietly.
    @Test func aNutrientOfAnotherShapeIsWarnedAbout() throws {
        let text = #"{"@type": "Recipe", "name": "N", "recipeIngredient": ["x"], "nutrition": {"calories": {"@value": "250 kcal"}, "fatContent": ["5 g"], "proteinContent": true, "sugarContent": "", "fiberContent": "3 g"}}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.first?.value["nutrition"] == ["per": "serving", "fiber": 3], "\(documents)")
        #expect(diagnostics.map(\.message) == [
            "calories must be a text such as \"250 kcal\" or a number, found object; it is left out",
            "fatContent must be a text such as \"5 g\" or a number, found array; it is left out",
            "proteinContent must be a text such as \"5 g\" or a number, found boolean; it is left out",
        ])
    }

    @Test func nothingToImport() throws {
        let (documents, diagnostics) = try importing(importer, #"{"@context": "https://schema.org", "@type": "WebPage"}"#)
        #expect(documents.isEmpty)
        #expect(diagnostics.map(\.severity) == [.warning])
        let (_, broken) = try importing(importer, "{\"@type\": \"Recipe\",\n  \"name\": }")
        #expect(broken.map { "\($0.line):\($0.column) \($0.ruleID)" } == ["2:11 parse"])
    }
}

/// An importer that makes a recipe the schema rejects, to show that `importFiles` checks.
struct BrokenImporter: Importer {
    let id = "broken"
    let summary = "Makes invalid recipes."
    let kind = "recipe"

    func records(in bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> [ImportedDocument] {
        [ImportedDocument(kind: kind, id: "x", value: ["id": "x", "name": "X", "ingredients": [], "servings": 0], file: file,
                          start: SourcePosition(line: 1, column: 1))]
    }
}

@Suite struct ImporterContractTests {
    @Test func documentsThatDoNotMatchTheSchemaAreReportedAndLeftOut() throws {
        let (documents, diagnostics) = try importing(BrokenImporter(), "{}")
        #expect(documents.isEmpty)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("does not match Larder's recipe schema") == true)
    }

    @Test func missingFilesThrow() {
        var diagnostics: [Diagnostic] = []
        #expect(throws: SourceError.self) {
            try OpenFoodFactsImporter().importFiles(["/nonexistent/larder/x.json"], diagnostics: &diagnostics)
        }
    }

    @Test func asASourceItLoadsDocumentsOfItsKind() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("larder-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"code": "3017620422003", "product_name": "Nutella"}"#.utf8).write(to: folder.appendingPathComponent("p.json"))
        var diagnostics: [Diagnostic] = []
        let source: any Source = OpenFoodFactsImporter()
        let documents = try source.load(context: SourceContext(paths: ["p.json"], workingDirectory: folder.path), diagnostics: &diagnostics)
        #expect(documents.count == 1)
        #expect(documents.first?.kind == "product")
        #expect(documents.first?.file == "p.json")
        #expect(documents.first?.value["code"] == "3017620422003")
        #expect(diagnostics.isEmpty)
    }
}

extension SchemaOrgImporterTests {
    /// `P0Y0M0DT0H20M0.000S`, as recipe plugins write times, is 20 minutes: the recipe was
    /// refused for its zero years and months.
    @Test func timesWithZeroYearsAndMonthsAreImported() throws {
        let text = #"{"@context":"https://schema.org","@type":"Recipe","name":"Pancakes","recipeIngredient":["1 cup flour"],"prepTime":"P0Y0M0DT0H10M0.000S","cookTime":"P0Y0M0DT0H20M0.000S"}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(documents.first?.value["time"] == ["prep": 10, "cook": 20])
    }
}

extension SchemaOrgImporterTests {
    /// A time whose every number is zero (`P0Y`, `PT0M`, `P0D`) is a field not filled in,
    /// not a recipe that takes no time: it is left out with a note (it was imported as 0
    /// minutes). `P0Y0M0DT0H20M0.000S` is still 20 minutes.
    @Test func aTimeOfZeroIsLeftOut() throws {
        let text = #"{"@type":"Recipe","name":"Toast","recipeIngredient":["1 slice bread"],"prepTime":"P0Y","cookTime":"PT0M","totalTime":"P0DT0H0.0M"}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.count == 1)
        #expect(documents.first?.value["time"] == nil, "\(String(describing: documents.first?.value["time"]))")
        #expect(diagnostics.map(\.severity) == [.note, .note, .note], "\(diagnostics)")
        #expect(diagnostics.first?.message == "prepTime 'P0Y' is a duration of zero, which is no recipe's time (most likely it was not filled in); time.prep is left out")
        #expect(diagnostics.map(\.pointer.description) == ["/prepTime", "/cookTime", "/totalTime"])

        let mixed = #"{"@type":"Recipe","name":"Toast","recipeIngredient":["1 slice bread"],"prepTime":"P0D","cookTime":"P0Y0M0DT0H20M0.000S"}"#
        let kept = try importing(importer, mixed)
        #expect(kept.documents.first?.value["time"] == ["cook": 20])
        #expect(kept.diagnostics.map(\.message) == ["prepTime 'P0D' is a duration of zero, which is no recipe's time (most likely it was not filled in); time.prep is left out"])
    }
}

extension SchemaOrgImporterTests {
    /// A time under a minute is 1 minute: `PT29S` was imported as `"prep": 0`, which
    /// lint and apps read as a time not filled in. `PT0S` is still left out with a note.
    @Test func aTimeUnderAMinuteIsOneMinute() throws {
        let text = #"{"@type":"Recipe","name":"Toast","recipeIngredient":["1 slice bread"],"prepTime":"PT29S","cookTime":"PT1M30S","totalTime":"PT0S"}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.first?.value["time"] == ["prep": 1, "cook": 2], "\(String(describing: documents.first?.value["time"]))")
        #expect(diagnostics.map(\.message) == ["totalTime 'PT0S' is a duration of zero, which is no recipe's time (most likely it was not filled in); time.total is left out"])
    }
}

extension SchemaOrgImporterTests {
    /// The recipes of an `ItemList` (Google's carousel: `itemListElement[].item`, or the
    /// element itself) and of `hasPart` are found, also as a page's `mainEntity` in a
    /// `@graph` (they were passed over: "no Recipe here", or nothing at all when the file
    /// held another recipe).
    @Test func recipesInItemListsAndPartsAreFound() throws {
        let carousel = #"{"@context":"https://schema.org","@type":"ItemList","itemListElement":[{"@type":"ListItem","position":1,"item":{"@type":"Recipe","name":"Tomato Soup","recipeIngredient":["4 tomatoes"]}},{"@type":"ListItem","position":2,"item":{"@type":"Recipe","name":"Leek Soup","recipeIngredient":["2 leeks"]}}]}"#
        let (documents, diagnostics) = try importing(importer, carousel)
        #expect(documents.map(\.id) == ["tomato-soup", "leek-soup"])
        #expect(diagnostics.isEmpty, "\(diagnostics)")

        let graph = """
            {"@context": "https://schema.org", "@graph": [
             {"@type": "WebPage", "@id": "https://ex.com/soups/", "mainEntity": {"@type": "ItemList", "itemListElement": [
               {"@type": "ListItem", "position": 1, "item": {"@type": "Recipe", "name": "Tomato Soup", "recipeIngredient": ["tomatoes"]}},
               {"@type": "ListItem", "position": 2, "url": "https://ex.com/other-page/"}]}},
             {"@type": "Recipe", "name": "Leek Soup", "recipeIngredient": ["leeks"]}]}
            """
        let inGraph = try importing(importer, graph)
        #expect(inGraph.documents.map(\.id) == ["tomato-soup", "leek-soup"])
        #expect(inGraph.diagnostics.isEmpty, "\(inGraph.diagnostics)")

        let parts = #"{"@type":"WebPage","hasPart":[{"@type":"Recipe","name":"Part One","recipeIngredient":["a"]}, {"@type":"Recipe","name":"Part Two","recipeIngredient":["b"]}], "mainEntity": {"@type": "ItemList", "itemListElement": [{"@type": "Recipe", "name": "Three", "recipeIngredient": ["c"]}]}}"#
        let inParts = try importing(importer, parts)
        #expect(inParts.documents.map(\.id) == ["part-one", "part-two", "three"])
        #expect(inParts.diagnostics.isEmpty, "\(inParts.diagnostics)")
    }

    /// A Recipe node anywhere else (the `about` of a page, a review's `itemReviewed`) is
    /// not a recipe of the file, but it is not passed over without a word either.
    @Test func aRecipeNodeInAnotherPropertyIsToldOf() throws {
        let text = #"{"@type":"WebPage","name":"Page","about":{"@type":"Recipe","name":"Hidden","recipeIngredient":["a"]}}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.isEmpty)
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.message.contains("a Recipe in \"about\" of a WebPage is not imported") == true, "\(diagnostics)")
        #expect(diagnostics.first?.pointer == "/about")
        // A recipe's own nodes (`isBasedOn` another recipe) are its values, not recipes.
        let based = try importing(importer, #"{"@type":"Recipe","name":"Mine","recipeIngredient":["a"],"isBasedOn":{"@type":"Recipe","name":"Theirs"}}"#)
        #expect(based.documents.map(\.id) == ["mine"])
        #expect(based.diagnostics.isEmpty, "\(based.diagnostics)")
    }
}

extension SchemaOrgImporterTests {
    /// JSON-LD nodes with one `@id` are one node: a recipe given twice (a page's `@graph` and
    /// a recipe card's script; twice in one `@graph`) is imported once, with a note (the
    /// second was refused as an id already used, and the import failed).
    @Test func oneNodeGivenTwiceIsImportedOnce() throws {
        let page = """
            <html><head>
            <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Recipe","@id":"https://ex.com/banana-bread/#recipe","name":"Banana Bread","recipeIngredient":["3 bananas"]}]}</script>
            </head><body>
            <script type="application/ld+json">{"@context":"https://schema.org","@type":"Recipe","@id":"https://ex.com/banana-bread/#recipe","name":"Banana Bread","recipeIngredient":["3 bananas"]}</script>
            </body></html>
            """
        let (documents, diagnostics) = try importing(importer, page, name: "dup.html")
        #expect(documents.map(\.id) == ["banana-bread"])
        #expect(diagnostics.map(\.severity) == [.note], "\(diagnostics)")
        #expect(diagnostics.first?.line == 4)
        #expect(diagnostics.first?.message == "this Recipe has the @id 'https://ex.com/banana-bread/#recipe' of the one at dup.html:2:79, and JSON-LD reads them as one node: it is imported once")

        let graph = """
            {"@graph": [
             {"@type": "Recipe", "@id": "https://ex.com/soups/#leek", "name": "Leek Soup", "recipeIngredient": ["leeks"]},
             {"@type": "Recipe", "@id": "https://ex.com/soups/#leek", "name": "Leek Soup", "recipeIngredient": ["leeks", "salt"]},
             {"@type": "Recipe", "@id": "_:b0", "name": "Tomato Soup", "recipeIngredient": ["tomatoes"]}]}
            """
        let twice = try importing(importer, graph)
        #expect(twice.documents.map(\.id) == ["soups", "tomato-soup"])
        #expect(twice.documents.first?.value["ingredients"] == ["leeks"])
        #expect(twice.diagnostics.map(\.severity) == [.warning], "\(twice.diagnostics)")
        #expect(twice.diagnostics.first?.message.contains("its other values are not merged") == true, "\(twice.diagnostics)")

        // Two nodes with other @ids that give one id stay an error; so do two blank nodes of
        // two scripts, which are two nodes.
        let two = try importing(importer, """
            [{"@type": "Recipe", "@id": "https://a.com/pasta/#recipe", "name": "Pasta", "recipeIngredient": ["a"]},
             {"@type": "Recipe", "@id": "https://b.com/pasta/#recipe", "name": "Pasta", "recipeIngredient": ["b"]}]
            """)
        var errors: [Diagnostic] = []
        _ = ImportOutput.kept(two.documents, diagnostics: &errors)
        #expect(two.documents.count == 2 && errors.map(\.severity) == [.error])
        let blank = try importing(importer, """
            <html><script type="application/ld+json">{"@type": "Recipe", "@id": "_:b0", "name": "Pasta", "recipeIngredient": ["a"]}</script>
            <script type="application/ld+json">{"@type": "Recipe", "@id": "_:b0", "name": "Pesto", "recipeIngredient": ["b"]}</script></html>
            """, name: "blank.html")
        #expect(blank.documents.map(\.id) == ["pasta", "pesto"])
    }
}

extension SchemaOrgImporterTests {
    /// HTML written as entities is decoded and then read as HTML: tags removed, list items
    /// split into steps (they were kept as text, `<ol><li>Mix</li>…`).
    @Test func markupWrittenAsEntitiesIsReadAsMarkup() throws {
        let text = #"{"@type":"Recipe","name":"Lemon Cake","description":"&lt;p&gt;A moist &lt;strong&gt;lemon&lt;/strong&gt; cake.&lt;/p&gt;","recipeIngredient":"&lt;ul&gt;&lt;li&gt;2 lemons&lt;/li&gt;&lt;li&gt;5 &amp;lt; 6 eggs&lt;/li&gt;&lt;/ul&gt;","recipeInstructions":"&lt;ol&gt;&lt;li&gt;Mix&lt;/li&gt;&lt;li&gt;Bake&lt;/li&gt;&lt;/ol&gt;"}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let recipe = try #require(documents.first?.value)
        #expect(recipe["description"] == "A moist lemon cake.")
        #expect(recipe["steps"] == ["Mix", "Bake"])
        #expect(recipe["ingredients"] == ["2 lemons", "5 < 6 eggs"])
        let plain = try importing(importer, #"{"@type":"Recipe","name":"A &lt; B","recipeIngredient":["a"],"recipeInstructions":"Heat to &lt;180 &deg;C."}"#)
        #expect(plain.documents.first?.value["name"] == "A < B")
        #expect(plain.documents.first?.value["steps"] == ["Heat to <180 °C."])
    }

    /// Steps: a script's or a style's text is dropped; a section whose steps are one text of
    /// several lines is split as a plain text is; a bare "Step 1" line is a heading, not a
    /// step.
    @Test func instructionTextIsCleanedAndSplit() throws {
        let text = #"""
            {"@type":"Recipe","name":"A","recipeIngredient":["a"],"recipeInstructions":"Mix.<script>alert(1)</script>Bake.<style>.a{}</style>"}
            {"@type":"Recipe","name":"B","recipeIngredient":["a"],"recipeInstructions":[{"@type":"HowToStep","text":"Boil."},{"@type":"HowToSection","name":"Garnish","itemListElement":"Sprinkle herbs.\nServe."}]}
            {"@type":"Recipe","name":"C","recipeIngredient":["a"],"recipeInstructions":"Step 1\nMix\nStep 2:\nBake\n3.\nServe\nStep 4: Rest"}
            {"@type":"Recipe","name":"D","recipeIngredient":["a"],"recipeInstructions":["Step 1", "Mix", "STEP 2", "Bake"]}
            """#
        let (documents, diagnostics) = try importing(importer, text, name: "r.jsonl")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(documents.map { $0.value["steps"] } == [
            ["Mix. Bake."], ["Boil.", "Garnish: Sprinkle herbs.", "Serve."], ["Mix", "Bake", "Serve", "Rest"], ["Mix", "Bake"],
        ])
    }
}

extension OpenFoodFactsImporterTests {
    /// `<n>_modifier` (`<`, `≤`, `>`, `~`) says the figure is a bound or an estimate:
    /// the figure is kept, with a note that says what the label says ("< 0.5 g" was 0.5
    /// without a word).
    @Test func nutrientModifiersAreToldOf() throws {
        let text = #"{"code":"3017620422003","product_name":"Diet cola","nutriments":{"sugars_100g":0.5,"sugars_serving":1.65,"sugars_modifier":"<","fat_100g":0.1,"fat_modifier":"≤","salt_100g":"2","salt_modifier":"~","proteins_100g":10,"proteins_modifier":">=","fiber_100g":3,"fiber_modifier":"-"}}"#
        let (documents, diagnostics) = try importing(off, text)
        #expect(documents.first?.value["nutrition"] == ["per100g": ["fat": 0.1, "sugars": 0.5, "fiber": 3, "protein": 10, "salt": 2], "perServing": ["sugars": 1.65]])
        #expect(diagnostics.map(\.severity) == [.note, .note, .note, .note], "\(diagnostics)")
        #expect(diagnostics.map(\.message).sorted() == [
            "fat_modifier '≤': the label gives fat as at most 0.1 per 100 g; Larder's nutrition has no place for that, and the figure is kept as it is",
            "proteins_modifier '>=': the label gives proteins as at least 10 per 100 g; Larder's nutrition has no place for that, and the figure is kept as it is",
            "salt_modifier '~': the label gives salt as about 2 per 100 g; Larder's nutrition has no place for that, and the figure is kept as it is",
            "sugars_modifier '<': the label gives sugars as less than 0.5 per 100 g and 1.65 per serving; Larder's nutrition has no place for that, and the figures are kept as they are",
        ])
    }
}

extension SchemaOrgImporterTests {
    /// No ratings yet (`ratingCount` 0, or `reviewCount` 0 with no ratingCount) is no
    /// rating, not a rating of 0.
    @Test func noRatingsYetIsNoRating() throws {
        for aggregate in [#"{"@type":"AggregateRating","ratingValue":"0","ratingCount":"0"}"#, #"{"ratingValue":0,"reviewCount":0}"#, #"{"ratingValue":4.5,"ratingCount":0}"#] {
            let (documents, diagnostics) = try importing(importer, #"{"@type":"Recipe","name":"New Dish","recipeIngredient":["a"],"aggregateRating":\#(aggregate)}"#)
            #expect(documents.first?.value["rating"] == nil, "\(aggregate)")
            #expect(diagnostics.map(\.severity) == [.note], "\(diagnostics)")
            #expect(diagnostics.first?.message.contains("no one has rated it yet") == true, "\(diagnostics)")
        }
        let rated = try importing(importer, #"{"@type":"Recipe","name":"Old Dish","recipeIngredient":["a"],"aggregateRating":{"ratingValue":"0","ratingCount":"3"}}"#)
        #expect(rated.documents.first?.value["rating"] == 0)
        #expect(rated.diagnostics.isEmpty)
    }
}

extension SchemaOrgImporterTests {
    /// `recipeCategory` and `recipeCuisine` are comma-separated as `keywords` are (they were
    /// one slug, `main-course-dinner`), and a category or a cuisine given as a node is read by
    /// its name (it was dropped with no word); another value is left out with a warning.
    @Test func categoriesAndCuisinesSplitAndNodesAreReadByName() throws {
        let text = #"""
            {"@type":"Recipe","name":"Lasagne","recipeIngredient":["a"],"recipeCategory":"Main Course, Dinner","recipeCuisine":"Italian, Mediterranean","keywords":"pasta, baked"}
            {"@type":"Recipe","name":"Pie","recipeIngredient":["a"],"recipeCategory":{"@type":"Thing","name":"Dessert"},"recipeCuisine":[{"@type":"Thing","name":"American"}, {"@value": "Southern"}],"keywords":[{"@type":"DefinedTerm","name":"Pie"}]}
            {"@type":"Recipe","name":"Odd","recipeIngredient":["a"],"recipeCategory":[42, "Snack"]}
            """#
        let (documents, diagnostics) = try importing(importer, text, name: "r.jsonl")
        #expect(documents.map(\.id) == ["lasagne", "pie", "odd"])
        #expect(documents[0].value["category"] == "main-course")
        #expect(documents[0].value["tags"] == ["dinner", "italian", "mediterranean", "pasta", "baked"])
        #expect(documents[1].value["category"] == "dessert")
        #expect(documents[1].value["tags"] == ["american", "southern", "pie"])
        #expect(documents[2].value["category"] == "snack")
        #expect(diagnostics.map { "\($0.line) \($0.severity)" } == ["3 warning"], "\(diagnostics)")
        #expect(diagnostics.first?.message == "recipeCategory must be text or a node with a name, found number; it is left out")
    }
}

extension SchemaOrgImporterTests {
    /// The AMP and print pages' addresses give the recipe's folder as its id (`amp`,
    /// `1234`), so several of them do not collide.
    @Test func ampAndPrintAddressesNameTheRecipe() throws {
        let text = #"""
            {"@type":"Recipe","name":"Banana Bread","url":"https://ex.com/banana-bread/amp/","recipeIngredient":["a"]}
            {"@type":"Recipe","name":"Carrot Cake","url":"https://ex.com/recipes/carrot-cake/print/1234/","recipeIngredient":["a"]}
            {"@type":"Recipe","name":"Lemon Tart","@id":"https://ex.com/lemon-tart/amp/#recipe","recipeIngredient":["a"]}
            """#
        let (documents, diagnostics) = try importing(importer, text, name: "r.jsonl")
        #expect(documents.map(\.id) == ["banana-bread", "carrot-cake", "lemon-tart"])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }
}

extension SchemaOrgImporterTests {
    /// A yield with a size reads its unit past the size (`9-inch-pie`); one with a second
    /// amount keeps the first, and the text in `x-yield`, with a note (`muffins-1-loaf`).
    @Test func yieldsWithSizesAndSecondAmounts() throws {
        func yield(_ value: String) throws -> (JSONValue?, JSONValue?, [Diagnostic]) {
            let (documents, diagnostics) = try importing(importer, #"{"@type":"Recipe","name":"Y","recipeIngredient":["a"],"recipeYield":\#(value)}"#)
            return (documents.first?.value["servings"], documents.first?.value["x-yield"], diagnostics)
        }
        let pie = try yield(#""1 9-inch pie""#)
        #expect(pie.0 == ["amount": 1, "unit": "pie"] && pie.1 == nil && pie.2.isEmpty, "\(pie)")
        let four = try yield(#""4x""#)
        #expect(four.0 == 4 && four.1 == nil && four.2.isEmpty, "\(four)")
        let two = try yield(#""12 muffins, 1 loaf""#)
        #expect(two.0 == ["amount": 12, "unit": "muffins"])
        #expect(two.1 == "12 muffins, 1 loaf")
        #expect(two.2.map(\.severity) == [.note])
        #expect(two.2.first?.message == "recipeYield '12 muffins, 1 loaf' gives a second amount, '1 loaf', which servings has no place for: servings is 12 muffins, and the text is kept in x-yield")
        let list = try yield(#"["6", "12 muffins, 1 loaf"]"#)
        #expect(list.0 == 6 && list.1 == nil && list.2.isEmpty, "\(list)")
    }
}

extension SchemaOrgImporterTests {
    /// A page saved in ISO-8859-1 or windows-1252 that says so (`<meta charset>`, or the
    /// `http-equiv` form) is read in that charset (it was refused as invalid UTF-8); a page
    /// in another charset is refused with a message that names it and says how to convert.
    @Test func aLatin1PageIsReadInItsCharset() throws {
        func page(_ meta: String, _ name: String) -> [UInt8] {
            Array("<html><head>\(meta)<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\"name\":\"".utf8) + name.unicodeScalars.map { UInt8($0.value) }
                + Array("\",\"recipeIngredient\":[\"200 g cr".utf8) + [0xE8] + Array("me\", \"x\\u0007\"], \"recipeYield\": true}</script></head></html>".utf8)
        }
        for meta in [#"<meta charset="iso-8859-1">"#, #"<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=windows-1252">"#, "<meta charset=latin1>"] {
            var diagnostics: [Diagnostic] = []
            let documents = importer.records(in: page(meta, "Crème brûlée"), file: "p.html", diagnostics: &diagnostics)
            #expect(documents.first?.value["name"] == "Crème brûlée", "\(meta): \(diagnostics)")
            #expect(documents.first?.value["ingredients"] == ["200 g crème", "x"])
            #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
            // Positions are the page's (each of its characters is one column, as in UTF-8).
            let yieldWarning = diagnostics.first { $0.message.contains("recipeYield") }
            let column = String(decoding: page(meta, "Crème brûlée").map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self).range(of: "true")
                .map { String(decoding: page(meta, "Crème brûlée").map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self).utf8.distance(from: "".startIndex, to: $0.lowerBound) }
            #expect(yieldWarning?.column == column.map { $0 + 1 }, "\(diagnostics)")
        }
        // windows-1252's own characters (0x80-0x9F): ’ and €.
        var diagnostics: [Diagnostic] = []
        let quote = importer.records(in: page(#"<meta charset="windows-1252">"#, "Mum\u{92}s \u{80}5 cake"), file: "q.html", diagnostics: &diagnostics)
        #expect(quote.first?.value["name"] == "Mum’s €5 cake", "\(diagnostics)")
        // Another charset is not guessed at: the message names it and iconv.
        var other: [Diagnostic] = []
        let none = importer.records(in: page(#"<meta charset="shift_jis">"#, "Crème"), file: "s.html", diagnostics: &other)
        #expect(none.isEmpty)
        #expect(other.first?.message.contains("declares charset=shift_jis") == true, "\(other)")
        #expect(other.first?.message.contains("iconv -f SHIFT_JIS -t UTF-8 s.html") == true, "\(other)")
        // A page in UTF-8 is read as UTF-8 whatever it declares.
        var utf8: [Diagnostic] = []
        let bytes = Array(#"<html><meta charset="iso-8859-1"><script type="application/ld+json">{"@type":"Recipe","name":"Crème","recipeIngredient":["a"]}</script></html>"#.utf8)
        #expect(importer.records(in: bytes, file: "u.html", diagnostics: &utf8).first?.value["name"] == "Crème")
    }
}

extension SchemaOrgImporterTests {
    /// Messages say what is wrong: an identifier too large (it "is not a whole number"),
    /// calories below zero (it "does not start with a number"), a page whose JSON-LD
    /// scripts are empty or external (it had "no <script type=application/ld+json>").
    @Test func messagesSayWhatIsWrong() throws {
        let text = #"{"@type":"Recipe","identifier":99999999999999999999,"name":"Big","recipeIngredient":["a"],"nutrition":{"calories":"-5 kcal","fatContent":"−2 g"}}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(documents.map(\.id) == ["big"])
        #expect(diagnostics.map(\.message) == [
            "identifier 99999999999999999999 is a whole number too large for an id (at most 9223372036854775807); the recipe's id comes from its address or name",
            "calories: '-5 kcal' is below zero, and an amount of a nutrient is 0 or more; it is left out",
            "fatContent: '−2 g' is below zero, and an amount of a nutrient is 0 or more; it is left out",
        ])
        let page = try importing(importer, #"<html><script type="application/ld+json" src="recipe.json"></script></html>"#, name: "p.html")
        #expect(page.diagnostics.map(\.message) == [
            #"an HTML page whose <script type="application/ld+json"> holds nothing (a src address is not fetched): no schema.org data to import"#,
        ])
    }

    /// Values dropped without a word: an author named by givenName and familyName is read;
    /// a reference to a node the file does not hold, a rating in a list, a keyword cut to a
    /// tag's length are told of; `&amp` without its `;` is decoded, as browsers do; an energy
    /// with another unit in brackets is read.
    @Test func valuesAreReadOrToldOf() throws {
        let text = #"""
            {"@type":"Recipe","name":"A","recipeIngredient":["Fish &amp Chips", "salt &ampere"],"author":{"@type":"Person","givenName":"Jane","familyName":"Doe"},"aggregateRating":[{"ratingValue":4},{"ratingValue":2}],"nutrition":{"calories":"240 kcal (1004 kJ)"}}
            {"@type":"Recipe","name":"B","recipeIngredient":["a"],"author":{"@id":"#missing"},"keywords":"\#(String(repeating: "long keyword ", count: 10))"}
            """#
        let (documents, diagnostics) = try importing(importer, text, name: "r.jsonl")
        #expect(documents.count == 2)
        #expect(documents[0].value["x-author"] == "Jane Doe")
        #expect(documents[0].value["ingredients"] == ["Fish & Chips", "salt &ampere"])
        #expect(documents[0].value["rating"] == 4)
        #expect(documents[0].value["nutrition"] == ["per": "serving", "energy": ["value": 240, "unit": "kcal"]])
        #expect(documents[1].value["tags"]?[0]?.stringValue?.count ?? 0 <= 80)
        #expect(diagnostics.map { "\($0.line) \($0.severity)" } == ["1 warning", "2 note", "2 warning"], "\(diagnostics)")
        try #require(diagnostics.count == 3)
        #expect(diagnostics[0].message == "aggregateRating lists 2 ratings; the first is read, and the others are left out")
        #expect(diagnostics[1].message.hasPrefix("keywords 'long keyword long keyword"), "\(diagnostics[1].message)")
        #expect(diagnostics[1].message.hasSuffix("gives a tag of 129 characters; it is cut to 77: 'long-keyword-long-keyword-long-keyword-long-keyword-long-keyword-long-keyword'"), "\(diagnostics[1].message)")
        #expect(diagnostics[2].message == "author '#missing' refers to a node this text does not hold; it is left out")
    }
}

extension OpenFoodFactsImporterTests {
    /// An empty search answer is told of, as a file with no recipe is; a blank code gives way
    /// to `_id`, as a null one does; `lang` is a language in any case; a product_name that is
    /// not text is said to be so.
    @Test func smallInconsistencies() throws {
        let empty = try importing(off, #"{"count":0,"page":1,"products":[]}"#)
        #expect(empty.documents.isEmpty)
        #expect(empty.diagnostics.map(\.message) == ["a search answer with no products; nothing is imported"])
        #expect(empty.diagnostics.map(\.severity) == [.warning])
        let text = """
            {"code": "", "_id": "3017620422003", "product_name": "Nutella", "lang": "EN"}
            {"code": "5449000000996", "product_name": ["Coca-Cola"]}
            """
        let (documents, diagnostics) = try importing(off, text, name: "p.jsonl")
        #expect(documents.map(\.id) == ["3017620422003"])
        #expect(documents.first?.value["name"] == ["en": "Nutella"])
        #expect(diagnostics.map(\.message) == ["product 5449000000996 has no name: product_name is an array, not text, and no product_name_xx gives one; this record is not imported"])
    }
}

extension OpenFoodFactsImporterTests {
    /// Open Food Facts answers `"carbohydrates_serving": ""` for a figure it has no serving
    /// size for: a blank figure says nothing, as a missing one (each got a warning that ''
    /// is not a number, a dozen for one product), and the label's `_value` is read for it.
    @Test func aBlankFigureSaysNothing() throws {
        let text = #"""
            {"code":"8886303210559","product":{"product_name":"Crackers","nutriments":{"carbohydrates":2.3,"carbohydrates_100g":2.3,"carbohydrates_serving":"","carbohydrates_unit":"g","carbohydrates_value":2.3,"energy":1008,"energy-kcal":241,"energy-kcal_100g":241,"energy-kcal_serving":"","energy-kcal_unit":"kcal","energy-kcal_value":241,"energy_100g":1008,"energy_serving":"","alcohol_serving":" "}},"status":1,"status_verbose":"product found"}
            {"code":"3017620422003","product_name":"Nutella","serving_size":"15 g","nutrition_data_per":"serving","nutriments":{"fat_serving":"","fat_value":4.6,"fat_unit":"g"}}
            """#
        let (documents, diagnostics) = try importing(off, text, name: "p.jsonl")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(documents.map(\.id) == ["8886303210559", "3017620422003"])
        #expect(documents.first?.value["nutrition"] == ["per100g": ["energyKcal": 241, "carbohydrates": 2.3]])
        #expect(documents.last?.value["nutrition"] == ["perServing": ["fat": 4.6]])
    }
}

extension SchemaOrgImporterTests {
    /// A time written as a list (`"prepTime": ["PT10M"]`), as JSON-LD lets any property be
    /// and some sites write it, is read: the recipe was not imported ("must be an ISO 8601
    /// duration string, found array"). A second, other time of one list is left out with a
    /// warning; an empty list is no time.
    @Test func aTimeInAListIsRead() throws {
        let text = #"""
            {"@type":"Recipe","name":"Stew","recipeIngredient":["1 onion"],"prepTime":["PT10M"],"cookTime":["PT15M","PT20M"],"totalTime":[]}
            {"@type":"Recipe","name":"Soup","recipeIngredient":["water"],"prepTime":[5]}
            """#
        let (documents, diagnostics) = try importing(importer, text, name: "r.jsonl")
        #expect(documents.map(\.id) == ["stew"])
        #expect(documents.first?.value["time"] == ["prep": 10, "cook": 15])
        #expect(diagnostics.map { "\($0.line):\($0.column) \($0.severity): \($0.message)" } == [
            "1:105 warning: a second cookTime, 'PT20M', is left out: a recipe has one, and the first, 'PT15M', is kept",
            "2:74 error: prepTime must be an ISO 8601 duration string (such as PT1H30M), found number; this record is not imported",
        ])
    }
}

extension SchemaOrgImporterTests {
    /// A recipe page saved as a web archive (Chrome's "Webpage, Single File", MHTML; Safari's
    /// .webarchive) is said to be one, with how to save it as HTML instead: it was "expected
    /// a JSON value, found 'F'".
    @Test func aWebArchiveSaysHowToSaveThePage() throws {
        let mhtml = "From: <Saved by Blink>\r\nSnapshot-Content-Location: https://example.com/soup/\r\nSubject: Soup\r\nMIME-Version: 1.0\r\nContent-Type: multipart/related;\r\n\ttype=\"text/html\";\r\n\tboundary=\"----MultipartBoundary--x----\"\r\n\r\n------MultipartBoundary--x----\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n<html><script type=3D\"application/ld+json\">{\"@type\":\"Recipe\"}</script></html>\r\n"
        let (documents, diagnostics) = try importing(importer, mhtml, name: "soup.mhtml")
        #expect(documents.isEmpty)
        #expect(diagnostics.map { "\($0.file):\($0.line):\($0.column) \($0.ruleID): \($0.message)" } == [
            "soup.mhtml:1:1 parse: this is a web page saved as a web archive (MHTML, one file with the page's images), which Larder does not read: save the page as HTML only (\"Webpage, HTML Only\"; the JSON-LD is in it) and import that file",
        ])
        var safari: [Diagnostic] = []
        let archive = importer.records(in: Array("bplist00\u{D4}\u{1}\u{2}".utf8), file: "soup.webarchive", diagnostics: &safari)
        #expect(archive.isEmpty)
        #expect(safari.map(\.message) == [
            "this is a web page saved as a web archive (Safari's .webarchive), which Larder does not read: save the page as its source (File > Save As, Format: Page Source) and import that file",
        ])
    }
}

extension SchemaOrgImporterTests {
    /// A video address without its scheme (`//www.youtube.com/embed/…`, as embed codes write
    /// it) is read as https, as an image's is: the video was left out, "no address the url
    /// rule takes".
    @Test func aVideoAddressWithoutItsSchemeIsHTTPS() throws {
        let text = #"{"@type":"Recipe","name":"Soup","recipeIngredient":["water"],"video":{"@type":"VideoObject","name":"Soup","embedUrl":"//www.youtube.com/embed/dQw4w9WgXcQ?feature=player_detailpage"}}"#
        let (documents, diagnostics) = try importing(importer, text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(documents.first?.value["video"] == "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=player_detailpage")
    }
}
