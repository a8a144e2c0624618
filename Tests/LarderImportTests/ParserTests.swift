import Foundation
import LarderCore
@testable import LarderImport
import LarderJSON
import LarderUnits
import Testing

@Suite struct ISODurationTests {
    @Test(arguments: [
        ("PT1H30M", 90), ("PT90M", 90), ("P0DT1H30M", 90), ("PT1.5H", 90), ("PT1,5H", 90), ("PT0M", 0),
        ("PT20M30S", 21), ("PT20M29S", 20), ("PT45S", 1), ("PT29S", 1), ("P1D", 1440), ("P1DT2H", 1560),
        ("P1W", 10080), ("pt15m", 15), ("  PT2H  ", 120), ("PT0H0M", 0), ("PT0.25H", 15),
    ])
    func reads(_ text: String, _ minutes: Int) throws {
        #expect(try ISODuration.minutes(text) == minutes)
    }

    @Test(arguments: [
        ("", "must start with P"), ("30 minutes", "must start with P"), ("-PT5M", "cannot be negative"),
        ("P", "gives no days"), ("PT", "T must be followed"), ("PT1H3OM", "'O' is not a designator"),
        ("P1Y", "years and months"), ("P2M", "years and months"), ("PT5M1H", "out of order"), ("PT5M5M", "out of order"),
        ("P1H", "not a designator before T"), ("PT1HT5M", "T appears twice"), ("PT1.2.3M", "is not a number"),
        ("PT99999999999999H", "99999999999999 hours is over the limit of a hundred years"), ("PT30", "has no designator"), ("PTM", "expected a number"),
        ("P0000000000000000000001DT99999999999999.5S", "99999999999999.5 seconds is over the limit"), ("PT99999999999999X", "'X' is not a designator"),
        ("PT９M", "not a digit"),
    ])
    func rejects(_ text: String, _ reason: String) {
        do {
            let minutes = try ISODuration.minutes(text)
            Issue.record("'\(text)' read as \(minutes)")
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
            #expect(error.message.contains("ISO 8601"))
        }
    }

    @Test func aHundredYearsIsTheLimit() {
        #expect(throws: ImportValueError("'P999999999D' is a longer ISO 8601 duration than a recipe takes: 1439999998560 minutes is over the limit of a hundred years (52,560,000 minutes)")) {
            try ISODuration.minutes("P999999999D")
        }
        #expect((try? ISODuration.minutes("P36500D")) == 52_560_000)
        // Leading zeros and long fractions are numbers, however many digits they take.
        #expect((try? ISODuration.minutes("PT0000000000000000030M")) == 30)
        #expect((try? ISODuration.minutes("PT1.0000000000000000000000000000000000000001H")) == 60)
    }
}

/// Numbers are rounded to a few decimals, but a value that is not 0 never becomes 0: it
/// keeps three significant digits (a 0.004 g serving was 0 and its product was rejected).
@Suite struct ImportNumberTests {
    @Test(arguments: [
        ("14.1747615625", 3, "14.175"), ("0.004", 2, "0.004"), ("0.00001234567", 4, "0.0000123"), ("0", 3, "0"),
        ("-0.0001", 2, "-0.0001"), ("2.5", 0, "3"), ("0.4", 0, "0.4"),
    ])
    func roundsWithoutLosingSmallValues(_ text: String, _ places: Int, _ expected: String) throws {
        let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(ImportNumber.json(value, places: places) == .number(JSONNumber(literal: expected)))
    }
}

/// Converted values: exact when the result ends, else rounded to significant digits (as
/// many as the value was written with, at least six), never to decimal places.
@Suite struct ImportNumberConversionTests {
    @Test(arguments: [
        ("1.25", "mg", "g", "0.00125"), ("12", "µg", "g", "0.000012"), ("12.3456789", "g", "g", "12.3456789"),
        ("0.5", "oz", "g", "14.1747615625"), ("100", "kcal", "kJ", "418.4"), ("1000", "kJ", "kcal", "239.006"),
        ("0.001", "kJ", "kcal", "0.000239006"), ("1234.56789", "kJ", "kcal", "295.068807"), ("0", "kJ", "kcal", "0"),
    ])
    func converts(_ value: String, _ from: String, _ to: String, _ expected: String) throws {
        let v = try #require(Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")))
        let a = try #require(UnitTable.standard.unit(id: from)), b = try #require(UnitTable.standard.unit(id: to))
        #expect(ImportNumber.converted(v, from: a, to: b)?.numberValue?.literal == expected)
    }

    @Test func significantDigits() throws {
        for (text, digits) in [("0.00125", 3), ("1200", 2), ("0", 1), ("12.3456789", 9), ("-0.5", 1)] {
            #expect(ImportNumber.significantDigits(try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))) == digits, "\(text)")
        }
        let third = Decimal(1) / Decimal(3)
        #expect(ImportNumber.literal(ImportNumber.rounded(third * 1000, significantDigits: 6)) == "333.333")
        #expect(ImportNumber.literal(ImportNumber.rounded(third * 1_000_000_000, significantDigits: 6)) == "333333000")
        #expect(ImportNumber.literal(ImportNumber.rounded(third / 1000, significantDigits: 6)) == "0.000333333")
    }
}

@Suite struct ImportNumberReadingTests {
    /// Grouped thousands with a decimal point of the other kind (`1,250.5 kcal` was "not a
    /// number"), and several groups of one kind.
    @Test(arguments: [
        ("1,250.5", "1250.5"), ("1.250,5", "1250.5"), ("12,345,678", "12345678"), ("1.234.567", "1234567"), ("1,234,567.25", "1234567.25"),
        ("1,250", "1250"), ("0,125", "0.125"), ("1,5", "1.5"), ("1.5", "1.5"), ("250", "250"),
    ])
    func reads(_ text: String, _ expected: String) {
        #expect(ImportNumber.decimal(Substring(text)) == Decimal(string: expected, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test(arguments: ["1,2,3", "1.2,3.4", "1,23.5", "12345,678.5", "0,123.5", "1,2345.5", "1..5", "1,", ",5", "1.250.5,5.5"])
    func rejects(_ text: String) {
        #expect(ImportNumber.decimal(Substring(text)) == nil)
    }
}

@Suite struct RecipeYieldTests {
    @Test(arguments: [
        ("8 servings", 8), ("4", 4), ("Serves 4", 4), ("Serves: 6 people", 6), ("6 porções", 6), ("4 personnes", 4),
        ("12 portions", 12), ("2 Servings", 2),
        // What follows a "Serves" is no unit (it was 4 of "as-a-main-course").
        ("Serves 4 as a main course", 4), ("Feeds 6 generously", 6), ("serves 2, or 4 as a side", 2),
    ])
    func servings(_ text: String, _ n: Int) {
        #expect(RecipeYield.parse(text) == RecipeYield(value: .servings(n)))
    }

    /// Spanish recipes count diners, "comensales" (a yield of 4 of the unit `comensales`,
    /// which `larder scale --servings` did not take as people).
    @Test(arguments: [("4 comensales", 4), ("Para 6 comensales", 6), ("1 comensal", 1)])
    func diners(_ text: String, _ n: Int) {
        #expect(RecipeYield.parse(text) == RecipeYield(value: .servings(n)))
    }

    @Test func amountsWithAUnit() {
        #expect(RecipeYield.parse("24 cookies") == RecipeYield(value: .amount(24, unit: "cookies")))
        #expect(RecipeYield.parse("Makes 12 muffins") == RecipeYield(value: .amount(12, unit: "muffins")))
        #expect(RecipeYield.parse("1 1/2 loaves") == RecipeYield(value: .amount(Decimal(string: "1.5")!, unit: "loaves")))
        #expect(RecipeYield.parse("1 loaf (9x5 inch)") == RecipeYield(value: .amount(1, unit: "loaf")))
        #expect(RecipeYield.parse("½ cup") == RecipeYield(value: .amount(Decimal(string: "0.5")!, unit: "cup")))
        // A dozen is twelve, not a unit: the app shows 24 cookies, and scales them.
        #expect(RecipeYield.parse("2 Dozen Cookies") == RecipeYield(value: .amount(24, unit: "cookies")))
        #expect(RecipeYield.parse("1 Dutzend Kekse") == RecipeYield(value: .amount(12, unit: "kekse")))
        #expect(RecipeYield.parse("Makes 1 1/2 dozen") == RecipeYield(value: .servings(18)))
        #expect(RecipeYield.parse("1.5 servings") == RecipeYield(value: .amount(Decimal(string: "1.5")!, unit: "servings")))
    }

    @Test func rangesKeepTheLowerEnd() {
        #expect(RecipeYield.parse("Serves 4-6") == RecipeYield(value: .servings(4), isRange: true))
        #expect(RecipeYield.parse("4 to 6 servings") == RecipeYield(value: .servings(4), isRange: true))
        #expect(RecipeYield.parse("18–24 cookies") == RecipeYield(value: .amount(18, unit: "cookies"), isRange: true))
    }

    /// A range written backwards is the range it names (`"8-6"` was 8 of a unit "6", and
    /// `"12-8 cookies"` 12 "8-cookies").
    @Test func backwardsRangesKeepTheLowerEnd() {
        #expect(RecipeYield.parse("8-6") == RecipeYield(value: .servings(6), isRange: true))
        #expect(RecipeYield.parse("Serves 8 - 6") == RecipeYield(value: .servings(6), isRange: true))
        #expect(RecipeYield.parse("12-8 cookies") == RecipeYield(value: .amount(8, unit: "cookies"), isRange: true))
        #expect(RecipeYield.parse("6 to 4 servings") == RecipeYield(value: .servings(4), isRange: true))
        #expect(RecipeYield.parse("24–18 Kekse") == RecipeYield(value: .amount(18, unit: "kekse"), isRange: true))
        #expect(RecipeYield.parse("2 1/2-1 1/2 loaves") == RecipeYield(value: .amount(Decimal(string: "1.5")!, unit: "loaves"), isRange: true))
        // Not ranges: a US mixed number, and a word that is no range word.
        #expect(RecipeYield.parse("2-1/2 loaves") == RecipeYield(value: .amount(Decimal(string: "2.5")!, unit: "loaves")))
        #expect(RecipeYield.parse("8 and 6 cookies")?.isRange == false)
    }

    /// Why a text gives no yield: no amount, or one that is no yield (`"-4"` was 4, `"1e9"`
    /// 1 "e9").
    @Test(arguments: [
        ("a crowd", nil), ("-4", "is below zero"), ("Serves -4", "is below zero"), ("Yield: −6 cakes", "is below zero"),
        ("1e9", "with an exponent"), ("2E+3 cookies", "with an exponent"), ("0 servings", "is 0"),
        // Too many digits to compute with (it was "no amount").
        ("99999999999999999999999", "has more digits"), ("Serves 99999999999999999999", "has more digits"),
        (String(repeating: "9", count: 60) + " cookies", "has more digits"), ("0.0000000000000000000001 loaves", "has more digits"),
        // Above zero, but 0 to the 3 decimals a yield is read to (it was an amount of 0).
        ("0.0004 cakes", "is 0 once rounded"), ("Serves 0.0001", "is 0 once rounded"),
    ])
    func readErrors(_ text: String, _ why: String?) {
        do {
            let y = try RecipeYield.read(text)
            Issue.record("'\(text)' read as \(y)")
        } catch {
            switch error {
            case .noAmount: #expect(why == nil, "\(text)")
            case .unusable(let reason): #expect(why.map { reason.contains($0) } == true, "\(text): \(reason)")
            }
        }
    }

    @Test(arguments: ["a crowd", "", "   ", "0 servings", "servings", "many (about ten)"])
    func nothingToRead(_ text: String) {
        #expect(RecipeYield.parse(text) == nil)
    }

    @Test func choosingAmongSeveral() {
        let eight = RecipeYield(value: .servings(8))
        let slices = RecipeYield(value: .amount(8, unit: "slices"))
        let loaf = RecipeYield(value: .amount(1, unit: "loaf"))
        #expect(RecipeYield.choose([eight, slices]) == slices)  // same amount, with a unit
        #expect(RecipeYield.choose([eight, loaf]) == eight)  // a number of servings first
        #expect(RecipeYield.choose([loaf]) == loaf)
        #expect(RecipeYield.choose([]) == nil)
    }
}

@Suite struct NutritionTextTests {
    @Test(arguments: [
        ("629 mg", "0.629"), ("9 g", "9"), ("9g", "9"), ("9", "9"), ("1,5 g", "1.5"), ("7.2 grams", "7.2"),
        ("10 µg", "0.00001"), ("10 mcg", "0.00001"), ("0.5 oz", "14.1747615625"), ("1 kg", "1000"), ("0 g", "0"),
    ])
    func grams(_ text: String, _ expected: String) throws {
        #expect(try NutritionText.grams(text) == Decimal(string: expected))
    }

    @Test func energy() throws {
        #expect(try NutritionText.energy("143 kcal") == (143, "kcal"))
        #expect(try NutritionText.energy("240 calories") == (240, "kcal"))
        #expect(try NutritionText.energy("240 Calories") == (240, "kcal"))
        #expect(try NutritionText.energy("143") == (143, "kcal"))
        #expect(try NutritionText.energy("600 kJ") == (600, "kJ"))
        #expect(try NutritionText.energy("1,234 kcal") == (1234, "kcal"))
    }

    @Test(arguments: ["about 300", "", "2 cups", "< 1 g", "1.2.3 g", "g"])
    func rejectsMasses(_ text: String) {
        #expect(throws: ImportValueError.self) { try NutritionText.grams(text) }
    }

    @Test func rejectsEnergyInOtherUnits() {
        #expect(throws: ImportValueError.self) { try NutritionText.energy("300 g") }
    }

    /// Units as labels write them: capitals and a plural `s` (these were refused).
    @Test func unitsInCapitalsOrThePlural() throws {
        #expect(try NutritionText.grams("12 G") == 12)
        #expect(try NutritionText.grams("500 MG") == Decimal(string: "0.5"))
        #expect(try NutritionText.energy("300 kcals") == (300, "kcal"))
        #expect(try NutritionText.energy("1200 KJ") == (1200, "kJ"))
        #expect(throws: ImportValueError.self) { try NutritionText.grams("3 cups") }
    }

    /// A unit followed by the name of what it measures, as some recipe sites write every
    /// value ("10 grams fat", "0.2 milligram of sodium"), is read: each was left out with a
    /// warning, and such a recipe lost all its nutrients but its energy.
    @Test func aUnitFollowedByTheNutrientsNameIsRead() throws {
        #expect(try NutritionText.grams("10 grams fat") == 10)
        #expect(try NutritionText.grams("6 grams saturated fat") == 6)
        #expect(try NutritionText.grams("0.2 milligram of sodium") == Decimal(string: "0.0002"))
        #expect(try NutritionText.grams("1,5 g Ballaststoffe") == Decimal(string: "1.5"))
        #expect(try NutritionText.energy("268 calories per serving") == (268, "kcal"))
        #expect(throws: ImportValueError.self) { try NutritionText.grams("2 cups flour") }
        #expect(throws: ImportValueError.self) { try NutritionText.grams("10 g 5") }
    }
}

@Suite struct SlugAndTextTests {
    @Test(arguments: [
        ("Classic Banana Bread", "classic-banana-bread"), ("Bánh Mì Thịt", "banh-mi-thit"), ("Phở bò", "pho-bo"),
        ("Đậu hũ", "dau-hu"), ("Crème brûlée", "creme-brulee"), ("Käsespätzle & Weißwurst", "kasespatzle-weisswurst"),
        ("../../etc/passwd", "etc-passwd"), ("  --Hello--  ", "hello"), ("香蕉面包", ""), ("", ""),
    ])
    func slugs(_ text: String, _ slug: String) {
        #expect(Slug.make(text) == slug)
        if !slug.isEmpty { #expect(Slug.isSlug(slug)) }
    }

    @Test func longTextIsCut() {
        let slug = Slug.make(String(repeating: "banana bread ", count: 20))
        #expect(slug.count <= Slug.maxLength)
        #expect(!slug.hasSuffix("-"))
        #expect(Slug.isSlug(slug))
    }

    @Test(arguments: [
        ("https://example.com/recipes/banana-bread/#recipe", "banana-bread"), ("https://example.com/banana-bread", "banana-bread"),
        ("https://example.com/receitas/arroz-doce.html", "arroz-doce"), ("https://example.com/?p=12", ""),
        ("https://example.com/", ""), ("https://example.com/p%C3%A3o-de-l%C3%B3", "pao-de-lo"), ("/relative/path/x", "x"),
        // A page named for its kind: the folder names the recipe, else the query (these gave
        // `index`, `index` and `recipe`, `recipe`: the second recipe was not imported).
        ("https://ex.com/carrot-cake/index.html", "carrot-cake"), ("https://ex.com/lemon-tart/index.html", "lemon-tart"),
        ("https://ex.com/recipe.php?id=7", "recipe-7"), ("https://ex.com/recipe.php?id=8", "recipe-8"),
        ("https://ex.com/recipes/pho/recipe/", "pho"), ("https://ex.com/index.html", "index"),
        ("https://ex.com/food/view.php?id=7", "food-7"), ("https://ex.com/food/view.php?id=8", "food-8"),
    ])
    func slugsFromURLs(_ url: String, _ slug: String) {
        #expect(Slug.fromURL(url) == slug)
    }

    @Test func hashedSlugsAreStable() {
        let a = Slug.hashed("香蕉面包", prefix: "recipe")
        #expect(a == Slug.hashed("香蕉面包", prefix: "recipe"))
        #expect(a != Slug.hashed("香蕉蛋糕", prefix: "recipe"))
        #expect(a.hasPrefix("recipe-") && a.count == "recipe-".count + 8 && Slug.isSlug(a))
    }

    @Test func cleaningText() {
        #expect(ImportText.clean("  Mix&nbsp;<b>well</b> &amp; rest\n") == "Mix well & rest")
        #expect(ImportText.clean("Fish &#38; chips &#x2014; &quot;classic&quot;") == "Fish & chips — \"classic\"")
        #expect(ImportText.clean("less than <1 g & more") == "less than <1 g & more")
        #expect(ImportText.clean("a<br/>b") == "a b")
        // &#0; is U+0000, which the import drops with a warning as it does every control;
        // a reference that is no character stays as written.
        #expect(ImportText.clean("&#0; &unknown; &#xFFFFFFFF;") == "\u{0} &unknown; &#xFFFFFFFF;")
        #expect(ImportText.clean(" \n\t ") == "")
        // Every accented Latin letter HTML names, and the symbols recipe pages use (these
        // were left as they were).
        #expect(ImportText.clean("Cr&egrave;me fra&icirc;che, pi&ntilde;a, &Ouml;l, &ccedil;a, &szlig;, &frac13; cup, 5&deg;C &ndash; &euro;3") ==
                "Crème fraîche, piña, Öl, ça, ß, ⅓ cup, 5°C – €3")
        #expect(ImportText.clean("&Aring;land &scaron;") == "Åland š")
    }
}

@Suite struct ImageLinkTests {
    @Test func addressesBecomeHostAndPath() throws {
        let image = try ImageLink.image("https://images.openfoodfacts.org/images/products/301/762/042/2003/front_en.633.400.jpg")
        #expect(image["src"] == "images.openfoodfacts.org/images/products/301/762/042/2003/front_en.633.400.jpg")
        #expect(image["x-url"] == "https://images.openfoodfacts.org/images/products/301/762/042/2003/front_en.633.400.jpg")
    }

    /// Addresses that differ only in their query are two images (the second was dropped).
    @Test func aQueryTellsImagesApart() throws {
        let one = try ImageLink.image("https://ex.com/img.php?id=1")["src"]?.stringValue
        let two = try ImageLink.image("https://ex.com/img.php?id=2")["src"]?.stringValue
        #expect(one != nil && two != nil && one != two)
        #expect(one?.hasPrefix("ex.com/img-") == true && one?.hasSuffix(".php") == true)
        #expect(try ImageLink.image("https://ex.com/img.php?id=1")["src"]?.stringValue == one)
    }

    @Test func relativeAddressesResolveAgainstThePage() throws {
        let image = try ImageLink.image("/img/a.jpg", base: "https://example.com/recipes/x")
        #expect(image["src"] == "example.com/img/a.jpg")
        #expect(try ImageLink.image("//cdn.example.com/a.jpg")["src"] == "cdn.example.com/a.jpg")
        #expect(try ImageLink.image("drinks/negroni.png") == "drinks/negroni.png")
    }

    @Test func pathsNeverLeaveTheImagesFolder() throws {
        let sneaky = try ImageLink.image("https://example.com/a/../../../etc/passwd")
        let src = try #require(sneaky["src"]?.stringValue)
        #expect(ImageLink.isRelativePath(src))
        #expect(!src.contains(".."))
        #expect(try ImageLink.image("https://example.com:8080/x.jpg")["src"] == "example.com_8080/x.jpg")
        #expect(throws: ImportValueError.self) { try ImageLink.image("../etc/passwd") }
        #expect(throws: ImportValueError.self) { try ImageLink.image("/etc/passwd") }
        #expect(throws: ImportValueError.self) { try ImageLink.image("data:image/png;base64,AAAA") }
        #expect(throws: ImportValueError.self) { try ImageLink.image("https://example.com/") }
        #expect(throws: ImportValueError.self) { try ImageLink.image("ftp://example.com/a.jpg") }
        #expect(throws: ImportValueError.self) { try ImageLink.image("C:\\images\\a.jpg") }
    }
}

@Suite struct OutputNameTests {
    @Test(arguments: [
        ("negroni", "negroni.json"), ("3017620422003", "3017620422003.json"), ("../../etc/passwd", "etc-passwd.json"),
        ("/etc/passwd", "etc-passwd.json"), ("a/b", "a-b.json"), ("..", nil), (".hidden", "hidden.json"), ("", nil),
        ("C:\\Windows\\x", "C-Windows-x.json"), ("日本", nil), ("x\u{0}y", "x-y.json"),
    ] as [(String, String?)])
    func fileNames(_ id: String, _ name: String?) {
        #expect(ImportOutput.fileName(for: .string(id)) == name)
    }

    @Test func integerIds() {
        #expect(ImportOutput.fileName(for: 42) == "42.json")
        #expect(ImportOutput.fileName(for: .null) == nil)
    }

    @Test func collisionsAreReportedAndTheFirstKept() {
        func doc(_ id: String, line: Int) -> ImportedDocument {
            ImportedDocument(kind: "recipe", id: .string(id), value: ["id": .string(id)], file: "in.jsonl",
                             start: SourcePosition(line: line, column: 1))
        }
        var diagnostics: [Diagnostic] = []
        let kept = ImportOutput.kept([doc("pasta", line: 1), doc("Pasta", line: 2), doc("pasta", line: 3), doc("../x", line: 4), doc("…", line: 5)],
                                     diagnostics: &diagnostics)
        #expect(kept.map(\.name) == ["pasta.json", "x.json"])
        #expect(diagnostics.map(\.line) == [2, 3, 5])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
        #expect(diagnostics[0].message.contains("gives the file name Pasta.json, as does 'pasta' (in.jsonl:1:1)"))
        #expect(diagnostics[1].message.contains("is already used by the record at in.jsonl:1:1"))
        #expect(diagnostics[2].message.contains("gives no file name"))
    }

    /// One GTIN written with other leading zeros is one product, as lint's unique-id rule
    /// reads codes: they were written as three files, which lint then reported.
    @Test func oneGTINWithOtherLeadingZerosIsOneProduct() throws {
        let text = """
            {"code": "036000291452", "product_name": "A"}
            {"code": "0036000291452", "product_name": "B"}
            {"code": "00036000291452", "product_name": "C"}
            {"code": "10036000291459", "product_name": "D"}
            {"code": "96385074", "product_name": "E"}
            {"code": "00000096385074", "product_name": "F"}
            """
        let (documents, importDiagnostics) = try importing(OpenFoodFactsImporter(), text, name: "codes.jsonl")
        #expect(importDiagnostics.isEmpty, "\(importDiagnostics)")
        var diagnostics: [Diagnostic] = []
        let kept = ImportOutput.kept(documents, diagnostics: &diagnostics)
        #expect(kept.map(\.name) == ["036000291452.json", "10036000291459.json", "96385074.json"])
        #expect(diagnostics.map(\.line) == [2, 3, 6])
        #expect(diagnostics.allSatisfy { $0.severity == .error && $0.ruleID == "import" })
        #expect(diagnostics[0].message == "the product id '0036000291452' is already used by the record at codes.jsonl:1:1, as '036000291452': one GTIN, 00036000291452 in 14 digits, with other leading zeros; this record is not imported")
        #expect(diagnostics[2].message.contains("as '96385074': one GTIN, 00000096385074 in 14 digits"))
        #expect(diagnostics.map { $0.related.first?.start.line } == [1, 1, 5])
        // Recipe ids of digits are not GTINs.
        let recipes = ["036000291452", "0036000291452"].enumerated().map { i, id in
            ImportedDocument(kind: "recipe", id: .string(id), value: ["id": .string(id)], file: "r.json", start: SourcePosition(line: i + 1, column: 1))
        }
        var none: [Diagnostic] = []
        #expect(ImportOutput.kept(recipes, diagnostics: &none).count == 2)
        #expect(none.isEmpty)
    }
}

extension ISODurationTests {
    /// Recipe plugins write every designator, zeros too (`P0Y0M0DT0H20M0.000S`): zero years
    /// and zero months have a fixed length, 0 (such a recipe was refused whole). A year or a
    /// month that is not 0 is still refused.
    @Test func zeroYearsAndMonthsAreRead() throws {
        #expect(try ISODuration.minutes("P0Y0M0DT0H20M0.000S") == 20)
        #expect(try ISODuration.minutes("P0Y0M0DT0H10M") == 10)
        #expect(try ISODuration.minutes("p0y0m0dt1h") == 60)
        #expect(try ISODuration.minutes("P0.0Y00MT1H30M") == 90)
        #expect(try ISODuration.minutes("P0Y") == 0)
        // Every number zero: told apart from a time that rounds to 0 minutes.
        for text in ["P0Y", "PT0M", "P0D", "P0Y0M0DT0H0M0.000S", "pt0,0h"] {
            #expect(try ISODuration.read(text) == (0, true), "\(text)")
        }
        #expect(try ISODuration.read("PT29S") == (1, false))
        #expect(try ISODuration.read("P0Y0M0DT0H20M0.000S") == (20, false))
        for text in ["P1Y0M0DT0H20M", "P0Y1M", "P0.5Y", "P0Y0,1MT5M"] {
            #expect(throws: ImportValueError.self, "\(text)") { try ISODuration.minutes(text) }
            do { _ = try ISODuration.minutes(text) } catch { #expect(error.message.contains("years and months have no fixed length"), "\(error.message)") }
        }
    }
}

extension ISODurationTests {
    /// Seconds and fractions round to the nearest minute, half up, and a duration that is
    /// not zero is at least 1 minute: `PT29S` was 0 minutes, imported as `"prep": 0`, a
    /// time read as not filled in. A duration of zero is still 0, and said to be one.
    @Test(arguments: [
        ("PT29S", 1), ("PT1S", 1), ("PT0.1S", 1), ("PT0,001S", 1), ("PT30S", 1), ("PT59S", 1), ("PT0.4M", 1),
        ("PT0.5M", 1), ("PT0,5M", 1), ("PT89S", 1), ("PT90S", 2), ("PT1M30S", 2), ("PT1M29S", 1), ("PT0.01H", 1),
        ("P1DT2H", 1560), ("P0DT0H0M1S", 1), ("P0Y0M0DT0H0M0.500S", 1),
    ])
    func aDurationUnderAMinuteIsAMinute(_ text: String, _ minutes: Int) throws {
        let read = try ISODuration.read(text)
        #expect(read.minutes == minutes, "\(text)")
        #expect(!read.isZero, "\(text)")
    }

    @Test func aDurationOfZeroStaysZero() throws {
        for text in ["PT0S", "PT0.000S", "P0DT0H0M0S", "PT0,0M"] {
            #expect(try ISODuration.read(text) == (0, true), "\(text)")
        }
    }
}

extension SlugAndTextTests {
    /// HTML written as entities (`&lt;p&gt;`, as CMSs double-encode it) is HTML once
    /// decoded: its tags are removed too (they were kept as text); a plain `&lt;` stays.
    @Test func markupWrittenAsEntitiesIsMarkup() {
        #expect(ImportText.clean("&lt;p&gt;A moist &lt;strong&gt;lemon&lt;/strong&gt; cake.&lt;/p&gt;") == "A moist lemon cake.")
        #expect(ImportText.clean("&lt;p&gt;Fish &amp;amp; chips&lt;/p&gt;") == "Fish & chips")
        #expect(ImportText.clean("&lt;p&gt;Fish &amp; chips&lt;/p&gt;") == "Fish & chips")
        #expect(ImportText.clean("5 &lt; 6 &amp;&amp; 7 &gt; 3") == "5 < 6 && 7 > 3")
        #expect(ImportText.clean("less than &lt;1 g") == "less than <1 g")
        #expect(ImportText.clean("&amp;lt;b&amp;gt;") == "&lt;b&gt;")
        #expect(ImportText.stripMarkup("&lt;ol&gt;&lt;li&gt;Mix&lt;/li&gt;&lt;li&gt;Bake&lt;/li&gt;&lt;/ol&gt;")
            .split(whereSeparator: \.isNewline).map(String.init) == ["Mix", "Bake"])
    }

    /// What a script or a style holds is no text (`Mix.alert(1)Bake.`, `Mix..a{}Bake.`).
    @Test func scriptsAndStylesAreDropped() {
        #expect(ImportText.clean("Mix.<script>alert(1)</script>Bake.") == "Mix. Bake.")
        #expect(ImportText.clean("Mix.<style>.a{}</style>Bake.") == "Mix. Bake.")
        #expect(ImportText.clean("Mix.<SCRIPT type=\"text/javascript\">if (a < b) { x() }</SCRIPT> Bake.") == "Mix. Bake.")
        #expect(ImportText.clean("Mix.<script>never closed") == "Mix.")
        #expect(ImportText.clean("&lt;script&gt;alert(1)&lt;/script&gt;Stir.") == "Stir.")
        #expect(ImportText.clean("a <scripted> b") == "a b")
    }
}

extension SlugAndTextTests {
    /// The AMP and print versions of a page name the recipe by their folder (`amp` and
    /// `1234` were the ids, and several AMP pages collided on `amp`).
    @Test(arguments: [
        ("https://ex.com/banana-bread/amp/", "banana-bread"), ("https://ex.com/banana-bread/amp", "banana-bread"),
        ("https://ex.com/recipes/carrot-cake/print/1234/", "carrot-cake"), ("https://ex.com/carrot-cake/print/", "carrot-cake"),
        ("https://ex.com/banana-bread/?print=1", "banana-bread"), ("https://ex.com/recipe.php?id=7&print=1", "recipe-7"),
        ("https://ex.com/recipe.php?print=1&id=7", "recipe-7"), ("https://ex.com/amp/banana-bread/", "banana-bread"),
        ("https://ex.com/banana-bread.amp.html", "banana-bread"), ("https://ex.com/wprm_print/12345", ""),
        ("https://ex.com/wprm_print/banana-bread", "banana-bread"), ("https://ex.com/print/1234", ""),
        ("https://ex.com/blueprint/", "blueprint"), ("https://ex.com/recipes/print-shop-cookies/", "print-shop-cookies"),
    ])
    func ampAndPrintPagesNameTheirRecipe(_ url: String, _ slug: String) {
        #expect(Slug.fromURL(url) == slug)
    }
}

extension RecipeYieldTests {
    /// A size before the unit (`"1 9-inch pie"`) is no part of it, as a size in brackets
    /// is not (`9-inch-pie` was the unit); `"4x"` is 4 (a unit `x`); a second amount
    /// (`"12 muffins, 1 loaf"`) is not read into the unit (`muffins-1-loaf`): the first is
    /// the yield, and the rest is told (``RecipeYield/unread``).
    @Test func sizesSecondAmountsAndMultipliers() {
        #expect(RecipeYield.parse("1 9-inch pie") == RecipeYield(value: .amount(1, unit: "pie")))
        #expect(RecipeYield.parse("1 9\" pie") == RecipeYield(value: .amount(1, unit: "pie")))
        #expect(RecipeYield.parse("2 9x5 inch loaves") == RecipeYield(value: .amount(2, unit: "loaves")))
        #expect(RecipeYield.parse("1 9 inch round cake") == RecipeYield(value: .amount(1, unit: "round-cake")))
        #expect(RecipeYield.parse("12 (3-inch) pancakes") == RecipeYield(value: .amount(12, unit: "pancakes")))
        #expect(RecipeYield.parse("4x") == RecipeYield(value: .servings(4)))
        #expect(RecipeYield.parse("4 x") == RecipeYield(value: .servings(4)))
        #expect(RecipeYield.parse("12 muffins, 1 loaf") == RecipeYield(value: .amount(12, unit: "muffins"), unread: "1 loaf"))
        #expect(RecipeYield.parse("8 servings; 350 calories each") == RecipeYield(value: .servings(8), unread: "350 calories each"))
        #expect(RecipeYield.parse("24 cookies or 2 dozen bars") == RecipeYield(value: .amount(24, unit: "cookies"), unread: "2 dozen bars"))
        // What is read as before.
        #expect(RecipeYield.parse("1 loaf (9x5 inch)") == RecipeYield(value: .amount(1, unit: "loaf")))
        #expect(RecipeYield.parse("serves 2, or 4 as a side") == RecipeYield(value: .servings(2)))
        #expect(RecipeYield.parse("Serves 4-6") == RecipeYield(value: .servings(4), isRange: true))
    }
}

extension OutputNameTests {
    /// An id that Windows reserves as a device name (`con`, `nul`, `aux`, `prn`, `com1`,
    /// `lpt9`, also with an extension) gets the hash the exporters give it (jsonld's
    /// `con-1143da2b.json`): `con.json` cannot be made or checked out on Windows.
    @Test func windowsDeviceNamesGetAHash() {
        #expect(ImportOutput.fileName(for: "con") == "con-1143da2b.json")
        for id in ["nul", "aux", "prn", "com1", "lpt9", "CON", "aux.v2"] {
            let name = ImportOutput.fileName(for: .string(id))
            #expect(name?.hasPrefix(id + "-") == true && name?.count == id.count + 14, "\(id): \(name ?? "nil")")
        }
        #expect(ImportOutput.fileName(for: "nul") != ImportOutput.fileName(for: "NUL"))
        for id in ["cons", "console", "com", "com10", "auxiliary", "null"] {
            #expect(ImportOutput.fileName(for: .string(id)) == id + ".json", "\(id)")
        }
    }
}
