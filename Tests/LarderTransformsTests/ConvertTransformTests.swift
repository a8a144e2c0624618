import Foundation
import LarderCore
import LarderJSON
import LarderTransforms
import LarderUnits
import Testing

@Suite struct ConvertTransformTests {
    let convert = ConvertTransform()

    let product = """
        {
          "code": "3017620422003",
          "name": "Spread",
          "quantity": {"value": 400, "unit": "g"},
          "serving": {"value": 15, "unit": "g"},
          "nutrition": {
            "per100g": {"energyKcal": 539, "fat": 30.9, "salt": 0.107, "x-note": "lab"}
          }
        }
        """

    func run(_ text: String, _ options: ConvertOptions) throws -> (text: String, value: JSONValue, diagnostics: [Diagnostic]) {
        try transformed(text) { convert.outcome(for: $0, options: options) }
    }

    @Test func kilocaloriesBecomeKilojoulesInPlace() throws {
        let (text, v, _) = try run(product, ConvertOptions(energy: .kJ))
        #expect(v.at("nutrition/per100g") == ["energyKj": 2255, "fat": 30.9, "salt": 0.107, "x-note": "lab"])
        #expect(text.contains(#"{"energyKj": 2255, "fat": 30.9"#))
        #expect(try schemaErrors(text, schema: productSchema) == [])
    }

    /// A structured quantity that is a number stays a number when the converted amount is a
    /// kitchen fraction no decimal holds (80 ml became the text "1/3" cup).
    @Test func aNumberQuantityStaysANumberInCups() throws {
        let text = #"{"id": "x", "name": "x", "servings": 2, "ingredients": [{"name": "oil", "quantity": 80, "unit": "ml"}]}"#
        let (out, v, _) = try run(text, ConvertOptions(units: .us))
        #expect(v.at("ingredients/0") == ["name": "oil", "quantity": 0.333, "unit": "cup"], "\(out)")
    }

    /// French and Spanish spoon abbreviations are spoons, which metric keeps ("2 c. à s. de
    /// sucre" became "473 ml à s. de sucre", "1 c.s. de aceite" "237 ml.s. de aceite"), and
    /// one it does not read is left as written.
    @Test func spoonAbbreviationsAreNotCups() throws {
        for (language, lines) in [("fr", ["2 c. à s. de sucre", "1 c. à c. de sel", "1 c. à dessert de sel"]), ("es", ["1 c.s. de aceite", "2 c. de sopa de azúcar"]), ("en", ["2 c. à s. de sucre", "1 c.s. de aceite"])] {
            let list = lines.map { "\"\($0)\"" }.joined(separator: ", ")
            let text = #"{"id": "x", "name": "x", "servings": 2, "ingredients": [\#(list)]}"#
            let (out, v, _) = try transformed(text) { convert.outcome(for: $0, options: ConvertOptions(units: .metric), language: language) }
            #expect(v.at("ingredients") == .array(lines.map { .string($0) }), "\(out)")
        }
        let (_, us, _) = try transformed(#"{"id": "x", "name": "x", "servings": 2, "ingredients": ["2 c. à s. de sucre", "1 c. à dessert de sel"]}"#) {
            convert.outcome(for: $0, options: ConvertOptions(units: .us), language: "fr")
        }
        #expect(us.at("ingredients") == ["2 c. à s. de sucre", "1 c. à dessert de sel"])
    }

    /// A pack's approximate size in brackets after its unit converts, and the count stays
    /// (it was left as written, with a note of a second amount not converted).
    @Test func anApproximatePackSizeAfterTheUnitConverts() throws {
        let text = #"{"id": "x", "name": "x", "servings": 2, "ingredients": ["1 lata (cerca de 400 g) de tomate", "2 latas pequenas (cerca de 200 g) de atum"]}"#
        let (out, v, diagnostics) = try transformed(text) { convert.outcome(for: $0, options: ConvertOptions(units: .us), language: "pt") }
        #expect(v.at("ingredients") == ["1 lata (cerca de 14 oz) de tomate", "2 latas pequenas (cerca de 7 oz) de atum"], "\(out)")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }

    /// A cup or spoon said to be heaped, level or big has no amount in millilitres: it is
    /// left as written, with a note (it became "237 mililitros cheia de farinha", the word
    /// of how full left after the millilitres).
    @Test func aHeapedCupIsLeftAsWrittenWithANote() throws {
        let text = #"{"id": "x", "name": "x", "servings": 2, "ingredients": ["1 chávena cheia de farinha", "1 chávena de farinha"]}"#
        let (out, v, diagnostics) = try transformed(text) { convert.outcome(for: $0, options: ConvertOptions(units: .metric), language: "pt") }
        #expect(v.at("ingredients") == ["1 chávena cheia de farinha", "237 mililitros de farinha"], "\(out)")
        #expect(diagnostics.map(\.message).contains("'1 chávena cheia de farinha': '1 chávena cheia' is a measure of its own, with no amount in other units; its amount is left as is"),
                "\(diagnostics.map(\.message))")
    }

    /// So does one named with what it is for (`chávena de chá`), with the word after that
    /// name (it became "237 mililitros de chá cheia de farinha").
    @Test func aHeapedTeaCupIsLeftAsWrittenWithANote() throws {
        let text = #"{"id": "x", "name": "x", "servings": 2, "ingredients": ["1 chávena de chá cheia de farinha"]}"#
        let (out, v, diagnostics) = try transformed(text) { convert.outcome(for: $0, options: ConvertOptions(units: .metric), language: "pt") }
        #expect(v.at("ingredients") == ["1 chávena de chá cheia de farinha"], "\(out)")
        #expect(diagnostics.map(\.message).contains("'1 chávena de chá cheia de farinha': '1 chávena de chá cheia' is a measure of its own, with no amount in other units; its amount is left as is"),
                "\(diagnostics.map(\.message))")
    }

    /// And one said to be big or small before it ("1 pequena chávena de leite", which was
    /// read as a thing named "pequena chávena de leite" and left with no note).
    @Test func aSmallCupIsLeftAsWrittenWithANote() throws {
        let text = #"{"id": "x", "name": "x", "servings": 2, "ingredients": ["1 pequena chávena de leite"]}"#
        let (out, v, diagnostics) = try transformed(text) { convert.outcome(for: $0, options: ConvertOptions(units: .metric), language: "pt") }
        #expect(v.at("ingredients") == ["1 pequena chávena de leite"], "\(out)")
        #expect(diagnostics.map(\.message).contains("'1 pequena chávena de leite': '1 pequena chávena' is a measure of its own, with no amount in other units; its amount is left as is"),
                "\(diagnostics.map(\.message))")
    }

    /// In a build every kind's documents pass through the transforms: one that is not an
    /// object (a team's list of strings) is left alone, with nothing reported. Asked for
    /// directly (the command line), it is an error.
    @Test func aDocumentThatIsNotAnObject() throws {
        var document = Document(file: "tips.json", kind: "tip", json: try JSONDocument(parsing: Array(#""Salt the water""#.utf8)))
        let context = TransformContext(transformID: "convert", options: ["units": "metric"])
        #expect(try convert.apply(to: &document, context: context).isEmpty)
        #expect(try ScaleTransform().apply(to: &document, context: TransformContext(transformID: "scale", options: ["factor": 2])).isEmpty)
        let outcome = convert.outcome(for: document, options: ConvertOptions(units: .metric))
        #expect(outcome.diagnostics.map(\.message) == ["a recipe or product is an object; this is a string"])
        #expect(outcome.hasErrors)
    }

    @Test func keepAddsBesideTheSource() throws {
        let (text, v, _) = try run(product, ConvertOptions(energy: .kJ, salt: .sodium, keep: true))
        #expect(v.at("nutrition/per100g") == ["energyKcal": 539, "energyKj": 2255, "fat": 30.9, "salt": 0.107, "sodium": 0.0428, "x-note": "lab"])
        #expect(text.contains(#""energyKcal": 539, "energyKj": 2255,"#))
        #expect(try schemaErrors(text, schema: productSchema) == [])
    }

    /// A recipe states energy once and its nutrition per one thing: keeping what was
    /// converted from cannot be done there, and said nothing (250 kcal vanished under
    /// `--keep`). Salt and sodium, two fields, are both kept.
    @Test func keepOnARecipeSaysWhatItCannotKeep() throws {
        let soup = #"{"id": "soup", "name": "Soup", "servings": 4, "nutrition": {"per": "serving", "energy": {"value": 250, "unit": "kcal"}, "salt": 1.2}}"#
        let (_, v, d) = try run(soup, ConvertOptions(energy: .kJ, salt: .sodium, keep: true))
        #expect(v.at("nutrition") == ["per": "serving", "energy": ["value": 1046, "unit": "kJ"], "salt": 1.2, "sodium": 0.48])
        #expect(d.map(\.message) == [#"a recipe states its energy once ({"value", "unit"}), so 250 kcal cannot be kept beside the kJ: it is replaced (keeping applies to fields a recipe has both of, salt and sodium)"#])
        #expect(d.map(\.severity) == [.note])
        let (_, p, notes) = try run(soup, ConvertOptions(per: .per100g, keep: true, servingSize: 350))
        #expect(p.at("nutrition/per") == "100g")
        #expect(notes.map(\.message) == [#"a recipe's nutrition is given for one thing ("per"), so the values per serving cannot be kept beside those per 100 g: they are replaced"#])
        // Without keep, nothing to say.
        #expect(try run(soup, ConvertOptions(energy: .kJ, per: .per100g, servingSize: 350)).diagnostics.isEmpty)
    }

    /// A product sold by volume gives its figures per 100 ml: a serving in grams needs the
    /// density to be converted (30 g of syrup was taken as 30 ml, 40% too much), so it is an
    /// error, as it is the other way round; in the same measure it converts.
    @Test func perServingAcrossMassAndVolumeIsRefused() throws {
        let syrup = #"{"code": "3017620422003", "name": "Syrup", "quantity": {"value": 250, "unit": "ml"}, "serving": {"value": 30, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 300, "carbohydrates": 75}}}"#
        let (unchanged, _, refused) = try run(syrup, ConvertOptions(per: .serving))
        #expect(unchanged == syrup)
        #expect(refused.map(\.severity) == [.error])
        #expect(refused.map(\.message) == ["the product is sold in ml, so its nutrition is per 100 ml, but its serving is a mass (g): converting between them needs the product's density; give the serving in ml, then convert"])
        let flour = #"{"code": "3017620422003", "name": "Flour", "quantity": {"value": 1, "unit": "kg"}, "serving": {"value": 50, "unit": "ml"}, "nutrition": {"perServing": {"energyKcal": 170}}}"#
        let (_, _, other) = try run(flour, ConvertOptions(per: .per100g))
        #expect(other.map(\.message).first?.hasPrefix("the product is sold in kg, so its nutrition is per 100 g, but its serving is a volume (ml)") == true)
        let (_, v, _) = try run(syrup.replacingOccurrences(of: #""unit": "g""#, with: #""unit": "ml""#), ConvertOptions(per: .serving))
        #expect(v.at("nutrition/perServing") == ["energyKcal": 90, "carbohydrates": 22.5])
    }

    /// The serving size given as an option is held to the same rule as the product's own:
    /// 250 ml for a spread sold in g was taken as 250 g, 30 g of a syrup sold in litres as
    /// 30 ml, and 2 cups for a recipe's nutrition per 100 g as 473 g, all with no message.
    @Test func aServingSizeOptionInTheOtherMeasureIsRefused() throws {
        let spread = #"{"code": "96385074", "name": "Spread", "quantity": {"value": 500, "unit": "g"}, "nutrition": {"per100g": {"fat": 10}}}"#
        let inMl = try ConvertOptions(json: ["per": "serving", "servingSize": "250 ml"])
        #expect(inMl.servingSizeDimension == .volume)
        let (unchanged, _, refused) = try run(spread, inMl)
        #expect(unchanged == spread)
        #expect(refused.map(\.severity) == [.error])
        #expect(refused.map(\.message) == ["the product is sold in g, so its nutrition is per 100 g, but --serving-size is a volume: converting between them needs the product's density; give --serving-size in g, then convert"])
        let syrup = #"{"code": "96385074", "name": "Syrup", "quantity": {"value": 1, "unit": "l"}, "nutrition": {"per100g": {"carbohydrates": 80}}}"#
        let (_, _, syrupRefused) = try run(syrup, try ConvertOptions(json: ["per": "serving", "servingSize": "30 g"]))
        #expect(syrupRefused.map(\.message).first?.hasPrefix("the product is sold in l, so its nutrition is per 100 ml, but --serving-size is a mass") == true)
        // Both blocks given and per serving lacking a value: the same.
        let both = #"{"code": "96385074", "name": "Spread", "quantity": {"value": 500, "unit": "g"}, "nutrition": {"per100g": {"fat": 10, "salt": 1}, "perServing": {"fat": 25}}}"#
        #expect(convert.outcome(for: try document(both), options: inMl).hasErrors)
        // A build step names its option as larder.yml does.
        let step = convert.outcome(for: try document(spread), options: inMl, inBuild: true)
        #expect(step.diagnostics.map(\.message).first?.contains("but the option servingSize is a volume") == true)
        // The product's own serving wins over the option, and the same measure converts.
        let (_, own, _) = try run(spread.replacingOccurrences(of: #""nutrition""#, with: #""serving": {"value": 15, "unit": "g"}, "nutrition""#), inMl)
        #expect(own.at("nutrition/perServing") == ["fat": 1.5])
        let (_, grams, none) = try run(spread, try ConvertOptions(json: ["per": "serving", "servingSize": "250 g"]))
        #expect(none.isEmpty)
        #expect(grams.at("nutrition/perServing") == ["fat": 25])
        let (_, bare, _) = try run(syrup, try ConvertOptions(json: ["per": "serving", "servingSize": 30]))
        #expect(bare.at("nutrition/perServing") == ["carbohydrates": 24])
        // A recipe's figures are per 100 g or per serving of a weight.
        let soup = #"{"id": "soup", "name": "Soup", "servings": 2, "ingredients": ["1 egg"], "nutrition": {"per": "100g", "fat": 10}}"#
        for size in ["2 cups", "500 ml"] {
            let (text, _, cups) = try run(soup, try ConvertOptions(json: ["per": "serving", "servingSize": .string(size)]))
            #expect(text == soup)
            #expect(cups.map(\.message) == ["a recipe's nutrition is converted between per serving and per 100 g with the serving's weight, but --serving-size is a volume: that needs the recipe's density; give --serving-size in g (such as 350 g), then convert"])
        }
        let (_, soupGrams, _) = try run(soup, try ConvertOptions(json: ["per": "serving", "servingSize": "350 g"]))
        #expect(soupGrams.at("nutrition") == ["per": "serving", "fat": 35])
    }


    /// A recipe's `per` is read as `per` the option is (`100 g`, `Serving`): "per": "100 g"
    /// under `per: 100g` was taken for per serving and every figure divided by 3.5, and
    /// "Serving" under `per: serving` for per 100 g and multiplied by 3.5. One that is
    /// neither (`"portion"`, a number) is an error, not a guess; nor does a nutrition
    /// without a `per` pass as converted.
    @Test func aRecipesPerIsReadAsTheOptionIs() throws {
        func soup(_ per: String) -> String {
            #"{"id": "soup", "name": "Soup", "servings": 2, "ingredients": ["1 egg"], "nutrition": {"#
                + per + #""energy": {"value": 200, "unit": "kcal"}, "fat": 10}}"#
        }
        for (per, asked) in [(#""per": "100 g", "#, ConvertOptions.Per.per100g), (#""per": "Serving", "#, .serving), (#""per": "100ml", "#, .per100g)] {
            let text = soup(per)
            let (out, _, d) = try run(text, ConvertOptions(per: asked, servingSize: 350))
            #expect(out == text, "\(per)")
            #expect(d.isEmpty, "\(per)")
        }
        let (_, v, _) = try run(soup(#""per": "100 g", "#), ConvertOptions(per: .serving, servingSize: 350))
        #expect(v.at("nutrition") == ["per": "serving", "energy": ["value": 700, "unit": "kcal"], "fat": 35])
        for per in [#""per": "portion", "#, #""per": 100, "#, ""] {
            let text = soup(per)
            let (out, _, d) = try run(text, ConvertOptions(per: .serving, servingSize: 350))
            #expect(out == text, "\(per)")
            #expect(d.map(\.severity) == [.error], "\(per)")
        }
        let (_, _, portion) = try run(soup(#""per": "portion", "#), ConvertOptions(per: .serving, servingSize: 350))
        #expect(portion.map(\.message) == [#"nutrition is per "portion", which is neither "100g" nor "serving", so it cannot be converted per serving; write "per": "100g" or "per": "serving""#])
        let (_, _, none) = try run(soup(""), ConvertOptions(per: .per100g, servingSize: 350))
        #expect(none.map(\.message) == [#"nutrition has no "per", so whether its figures are per 100 g or per serving is not known, and it cannot be converted per 100g; add "per": "100g" or "per": "serving""#])
        // Energy alone needs no "per".
        #expect(try run(soup(""), ConvertOptions(energy: .kJ)).diagnostics.isEmpty)
    }
    @Test func saltBecomesSodium() throws {
        let (_, v, _) = try run(product, ConvertOptions(salt: .sodium))
        #expect(v.at("nutrition/per100g/sodium") == 0.0428)
        #expect(v.at("nutrition/per100g/salt") == nil)
    }

    @Test func perServingFromTheProductsServing() throws {
        let (text, v, diagnostics) = try run(product, ConvertOptions(per: .serving))
        #expect(diagnostics.isEmpty)
        #expect(v.at("nutrition/per100g") == nil)
        // 539 kcal × 15 / 100 = 80.85 → 81; fat 30.9 × 0.15 = 4.635; salt 0.107 × 0.15 = 0.01605 → 0.0161.
        #expect(v.at("nutrition/perServing") == ["energyKcal": 81, "fat": 4.635, "salt": 0.0161, "x-note": "lab"])
        #expect(try schemaErrors(text, schema: productSchema) == [])
    }

    /// Polyols, erythritol and alcohol are amounts per 100 g like the others: converted per
    /// serving, they were left at their per-100 g figures.
    @Test func polyolsErythritolAndAlcoholConvertPerServing() throws {
        let gum = #"{"code": "3017620422003", "name": "Gum", "serving": {"value": 2, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 155, "carbohydrates": 64, "polyols": 63, "erythritol": 10, "alcohol": 0.5}}}"#
        let (text, v, diagnostics) = try run(gum, ConvertOptions(per: .serving))
        #expect(diagnostics.isEmpty)
        #expect(v.at("nutrition/perServing") == ["energyKcal": 3, "carbohydrates": 1.28, "polyols": 1.26, "erythritol": 0.2, "alcohol": 0.01])
        #expect(try schemaErrors(text, schema: productSchema) == [])
    }

    /// Salatrims and organic acids are amounts per 100 g too.
    @Test func salatrimsAndOrganicAcidsConvertPerServing() throws {
        let vinegar = #"{"code": "3017620422003", "name": "Vinegar", "serving": {"value": 15, "unit": "ml"}, "nutrition": {"per100g": {"energyKcal": 21, "fat": 2, "salatrims": 1, "carbohydrates": 0.6, "organicAcids": 6}}}"#
        let (text, v, diagnostics) = try run(vinegar, ConvertOptions(per: .serving))
        #expect(diagnostics.isEmpty)
        #expect(v.at("nutrition/perServing") == ["energyKcal": 3, "fat": 0.3, "salatrims": 0.15, "carbohydrates": 0.09, "organicAcids": 0.9])
        #expect(try schemaErrors(text, schema: productSchema) == [])
    }

    @Test func perServingKeptBesideWritesASiblingObject() throws {
        let pretty = """
            {
              "code": "3017620422003",
              "name": "Spread",
              "serving": {"value": 30, "unit": "g"},
              "nutrition": {
                "per100g": {
                  "energyKcal": 100,
                  "fat": 10
                }
              }
            }
            """
        let (text, v, _) = try run(pretty, ConvertOptions(energy: .kJ, per: .serving, keep: true))
        // keep: kcal stays beside kJ, per 100 g beside per serving (30 kcal → 126 kJ).
        #expect(v.at("nutrition/perServing") == ["energyKcal": 30, "energyKj": 126, "fat": 3])
        #expect(v.at("nutrition/per100g") == ["energyKcal": 100, "energyKj": 418, "fat": 10])
        #expect(text.contains("""
                "perServing": {
                  "energyKcal": 30,
                  "energyKj": 126,
                  "fat": 3
                }
            """), "\(text)")
        #expect(try schemaErrors(text, schema: productSchema) == [])
    }

    /// Both blocks given: the target keeps its values and gets those only the other gives,
    /// computed (fat and salt per 100 g were dropped with their block, exit status 0:
    /// `"perServing": {"energyKcal": 81}`).
    @Test func bothBlocksGivenTheTargetGetsWhatItLacks() throws {
        let both = #"{"code": "3017620422003", "name": "X", "serving": {"value": 15, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 539, "fat": 30.9, "salt": 0.107, "x-note": "lab"}, "perServing": {"energyKcal": 81}}}"#
        let (text, v, diagnostics) = try run(both, ConvertOptions(per: .serving))
        #expect(v.at("nutrition/per100g") == nil)
        // fat 30.9 × 15 / 100 = 4.635; salt 0.107 × 0.15 = 0.01605 → 0.0161.
        #expect(v.at("nutrition/perServing") == ["energyKcal": 81, "fat": 4.635, "salt": 0.0161, "x-note": "lab"])
        #expect(text.contains(#""nutrition": {"perServing": {"energyKcal": 81, "fat": 4.635, "salt": 0.0161, "x-note": "lab"}}"#), "\(text)")
        #expect(diagnostics.map(\.message) == ["fat and salt are not given in perServing: computed from per100g"])
        #expect(try schemaErrors(text, schema: productSchema) == [])

        // The other way, and with kJ asked: the given 81 kcal becomes 339 kJ, not 2255 × 0.15.
        let kj = try run(both, ConvertOptions(energy: .kJ, per: .serving)).value
        #expect(kj.at("nutrition/perServing") == ["energyKj": 339, "fat": 4.635, "salt": 0.0161, "x-note": "lab"])
        let back = #"{"code": "3017620422003", "name": "X", "serving": {"value": 15, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 539}, "perServing": {"energyKcal": 81, "sugars": 8.5, "fat": 4.635}}}"#
        let (_, b, _) = try run(back, ConvertOptions(per: .per100g))
        // 8.5 × 100 / 15 = 56.67 → 56.7; 4.635 × 100 / 15 = 30.9.
        #expect(b.at("nutrition") == ["per100g": ["energyKcal": 539, "sugars": 56.7, "fat": 30.9]])

        // Salt beside the target's own sodium (and kcal beside its kJ) would state one value
        // twice, differently: the target's is kept, and lint still passes on the result.
        let pair = #"{"code": "3017620422003", "name": "X", "serving": {"value": 30, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 536, "fat": 34, "salt": 1.3}, "perServing": {"energyKj": 670, "sodium": 0.2}}}"#
        let (_, paired, pairNotes) = try run(pair, ConvertOptions(per: .serving))
        #expect(paired.at("nutrition/perServing") == ["energyKj": 670, "sodium": 0.2, "fat": 10.2])
        #expect(pairNotes.map(\.message) == ["fat is not given in perServing: computed from per100g"])

        // keep: both blocks stay, the target filled.
        let (_, k, _) = try run(both, ConvertOptions(per: .serving, keep: true))
        #expect(k.at("nutrition/per100g") == ["energyKcal": 539, "fat": 30.9, "salt": 0.107, "x-note": "lab"])
        #expect(k.at("nutrition/perServing") == ["energyKcal": 81, "fat": 4.635, "salt": 0.0161, "x-note": "lab"])

        // Pretty text: the new members are written like the target's own.
        let pretty = """
            {
              "code": "3017620422003",
              "name": "X",
              "serving": {"value": 30, "unit": "g"},
              "nutrition": {
                "per100g": {
                  "fat": 10,
                  "protein": 5
                },
                "perServing": {
                  "fat": 3.1
                }
              }
            }
            """
        let (p, _, _) = try run(pretty, ConvertOptions(per: .serving))
        #expect(p.contains("""
              "nutrition": {
                "perServing": {
                  "fat": 3.1,
                  "protein": 1.5
                }
              }
            """), "\(p)")
    }

    /// Both blocks given and no serving size: what the target lacks cannot be computed, so
    /// it is an error rather than a loss; when it lacks nothing, no size is needed.
    @Test func bothBlocksGivenWithoutAServingSize() throws {
        let lacking = #"{"code": "3017620422003", "name": "X", "nutrition": {"per100g": {"energyKcal": 539, "fat": 30.9}, "perServing": {"energyKcal": 81}}}"#
        let outcome = convert.outcome(for: try document(lacking), options: ConvertOptions(per: .serving))
        #expect(outcome.hasErrors)
        #expect(outcome.diagnostics.first?.message.contains("no serving size, so fat per 100 g") == true)
        let whole = #"{"code": "3017620422003", "name": "X", "nutrition": {"per100g": {"energyKcal": 539}, "perServing": {"energyKcal": 81}}}"#
        let (_, v, diagnostics) = try run(whole, ConvertOptions(per: .serving))
        #expect(diagnostics.isEmpty)
        #expect(v.at("nutrition") == ["perServing": ["energyKcal": 81]])
    }

    /// A product's net quantity in US units is stated as labels state it, fluid ounces or
    /// ounces to three digits (330 ml was 1.375 cup; 400 g 14 oz, 0.8 % short), and back.
    @Test func productQuantityInUSUnitsAsOnALabel() throws {
        func quantity(_ value: String, _ unit: String, _ system: TargetSystem) throws -> JSONValue? {
            let text = #"{"code": "5449000000996", "name": "Cola", "quantity": {"value": \#(value), "unit": "\#(unit)"}}"#
            return try run(text, ConvertOptions(units: system)).value.at("quantity")
        }
        #expect(try quantity("330", "ml", .us) == ["value": 11.2, "unit": "fl oz"])
        #expect(try quantity("1.5", "l", .us) == ["value": 50.7, "unit": "fl oz"])
        #expect(try quantity("400", "g", .us) == ["value": 14.1, "unit": "oz"])
        #expect(try quantity("5", "g", .us) == ["value": 0.176, "unit": "oz"])
        #expect(try quantity("1", "kg", .us) == ["value": 35.3, "unit": "oz"])
        #expect(try quantity("12", "fl oz", .metric) == ["value": 355, "unit": "ml"])
        #expect(try quantity("14.1", "oz", .metric) == ["value": 400, "unit": "g"])
        #expect(try quantity("12", "oz", .us) == ["value": 12, "unit": "oz"])
    }

    /// A range too large to convert is quoted as written: the message said "the quantity an
    /// object cup cannot be converted".
    @Test func aRangeThatCannotBeConvertedIsQuotedAsWritten() throws {
        let text = #"{"id": "big", "servings": 4, "ingredients": [{"name": "milk", "quantity": {"min": 1000000000000000000, "max": 2000000000000000000}, "unit": "cup"}]}"#
        let (_, _, d) = try run(text, ConvertOptions(units: .metric))
        #expect(d.map(\.message) == [
            #"the quantity {"min":1000000000000000000,"max":2000000000000000000} cup cannot be converted: 1000000000000000000 × 473176473/2000000 is too large to compute exactly; nothing is converted"#,
        ])
    }

    /// A product's quantity or serving written as a string is an error for the document:
    /// `"0,5"` kg and `"500"` g were carried across unconverted into a file asked to be in
    /// US units, with exit status 0, and a serving of `"30"` g was reported as missing.
    @Test func aProductQuantityOrServingThatIsNotANumberIsAnError() throws {
        for (value, shown) in [(#""0,5""#, #"a string, "0,5""#), (#""500""#, #"a string, "500""#), ("null", "null")] {
            let text = #"{"code": "96385074", "name": "Flour", "quantity": {"value": \#(value), "unit": "kg"}}"#
            for system in [TargetSystem.us, .metric] {
                let (out, _, d) = try run(text, ConvertOptions(units: system))
                #expect(out == text)
                #expect(d.map(\.severity) == [.error])
                #expect(d.map(\.message) == ["the quantity's value is \(shown), not a number: it cannot be converted; write it as a number (such as 0.5)"])
            }
        }
        let served = #"{"code": "96385074", "name": "Flour", "serving": {"value": "30", "unit": "g"}, "nutrition": {"per100g": {"fat": 10}}}"#
        let (out, _, d) = try run(served, ConvertOptions(per: .serving, servingSize: 50))
        #expect(out == served)
        #expect(d.map(\.message) == [#"the serving's value is a string, "30", not a number, so nutrition cannot be converted per serving; write it as a number (such as 30)"#])
        let negative = served.replacingOccurrences(of: #""30""#, with: "-30")
        #expect(try run(negative, ConvertOptions(per: .serving)).diagnostics.map(\.message) == ["the serving's value is -30: a serving is more than 0, so nutrition cannot be converted per serving"])
        let (_, fine, none) = try run(served.replacingOccurrences(of: #""30""#, with: "30"), ConvertOptions(per: .serving))
        #expect(none.isEmpty)
        #expect(fine.at("nutrition/perServing") == ["fat": 3])
    }

    /// A nutrient value that is not a number is an error for the document, as a string is:
    /// `true`, `[0.5]` and `{"value": 3}` were carried across unconverted with no error, and
    /// `--per serving` moved them into `perServing`, figures per 100 g labelled per serving.
    @Test func aNutrientThatIsNotANumberIsAnError() throws {
        let product = #"{"code": "3017620422003", "name": "T", "serving": {"value": 15, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": true, "salt": [0.5], "fat": {"value": 3}, "sugars": null, "protein": 2}}}"#
        for options in [ConvertOptions(energy: .kJ, salt: .sodium, per: .serving), ConvertOptions(per: .serving), ConvertOptions(energy: .kJ), ConvertOptions(salt: .sodium)] {
            let (out, _, d) = try run(product, options)
            #expect(out == product)
            #expect(d.map(\.severity) == [.error, .error, .error, .error])
            #expect(d.map(\.message) == [
                "energyKcal is true, not a number: it cannot be converted; write it as a number (such as 0.5)",
                "salt is an array, not a number: it cannot be converted; write it as a number (such as 0.5)",
                "fat is an object, not a number: it cannot be converted; write it as a number (such as 0.5)",
                "sugars is null, not a number: it cannot be converted; write it as a number (such as 0.5)",
            ])
            #expect(d.map(\.pointer) == ["/nutrition/per100g/energyKcal", "/nutrition/per100g/salt", "/nutrition/per100g/fat", "/nutrition/per100g/sugars"])
        }
        // A recipe's energy that is not {"value", "unit"}, or its value not a number, and a
        // block of nutrients that is not an object.
        let cases: [(String, ConvertOptions, String)] = [
            (#"{"id": "r", "name": "R", "nutrition": {"per": "100g", "energy": 250, "fat": 3}}"#, ConvertOptions(per: .serving, servingSize: 350),
             #"energy is 250, not a value and its unit (such as {"value": 250, "unit": "kcal"}): it cannot be converted"#),
            (#"{"id": "r", "name": "R", "nutrition": {"per": "100g", "energy": {"value": false, "unit": "kcal"}}}"#, ConvertOptions(energy: .kJ),
             "energy value is false, not a number: it cannot be converted; write it as a number (such as 0.5)"),
            // An energy with no unit, or one neither kcal nor kJ, under --energy (it was left
            // as it was, exit 0, or written per 100 g with no unit).
            (#"{"id": "r", "name": "R", "servings": 2, "nutrition": {"per": "serving", "energy": {"value": 280}}}"#, ConvertOptions(energy: .kJ),
             #"energy 280: it has no unit, so it cannot be converted to kJ; write {"value": …, "unit": "kcal"} or "kJ""#),
            (#"{"id": "r", "name": "R", "servings": 2, "nutrition": {"per": "serving", "energy": {"value": 280}}}"#, ConvertOptions(energy: .kJ, per: .per100g, servingSize: 200),
             #"energy 280: it has no unit, so it cannot be converted to kJ; write {"value": …, "unit": "kcal"} or "kJ""#),
            (#"{"id": "r", "name": "R", "servings": 2, "nutrition": {"per": "serving", "energy": {"value": 280, "unit": "J"}}}"#, ConvertOptions(energy: .kcal),
             #"energy 280: its unit is "J", neither kcal nor kJ, so it cannot be converted to kcal; write {"value": …, "unit": "kcal"} or "kJ""#),
            (#"{"id": "r", "name": "R", "nutrition": {"per": "100g", "fat": [3]}}"#, ConvertOptions(per: .serving, servingSize: 350),
             "fat is an array, not a number: it cannot be converted; write it as a number (such as 0.5)"),
            (#"{"code": "3017620422003", "name": "T", "serving": {"value": 15, "unit": "g"}, "nutrition": {"per100g": [{"fat": 3}]}}"#, ConvertOptions(per: .serving),
             #"per100g is an array, not an object of nutrients (such as {"fat": 3}): it cannot be converted"#),
        ]
        for (text, options, message) in cases {
            let (out, _, d) = try run(text, options)
            #expect(out == text)
            #expect(d.map(\.message) == [message])
            #expect(d.map(\.severity) == [.error])
        }
    }

    /// Content is untrusted: converting a long line takes time in proportion to its
    /// length. An ingredient line "1-1-1-…-2 cups water" of 16 KB took 36 s (from every
    /// number, the rest of the line was read again as a list of heats), and a step with
    /// thousands of heats grew as fast. Each text is tried at growing lengths up to 64 KB,
    /// stopping at the first that is over the bound, so a pass that grows faster than the
    /// text fails in seconds rather than running for many minutes.
    @Test func longLinesConvertInBoundedTime() throws {
        typealias Case = (field: String, units: TargetSystem, text: (Int) -> String, check: (String, Int) -> Bool)
        let cases: [Case] = [
            // Not an amount Larder reads: kept as written.
            ("ingredients", .metric, { String(repeating: "1-", count: $0) + "2 cups water" }, { out, n in out == String(repeating: "1-", count: n) + "2 cups water" }),
            ("ingredients", .metric, { String(repeating: "1, ", count: $0) + "2 cups water" }, { out, _ in out.hasSuffix("2 cups water") }),
            // One list of heats, converted whole.
            ("steps", .metric, { "Bake at " + String(repeating: "350, ", count: $0) + "350 °F." }, { out, n in out == "Bake at " + String(repeating: "175, ", count: n) + "175 °C." }),
            ("steps", .us, { String(repeating: "180-", count: $0) + "180 °C" }, { out, n in out == String(repeating: "355-", count: n) + "355 °F" }),
            // Numbers with no sign of heat, and heats given in both systems.
            ("steps", .metric, { String(repeating: "350, ", count: $0) + "350 minutes" }, { out, n in out == String(repeating: "350, ", count: n) + "350 minutes" }),
            ("steps", .metric, { String(repeating: "350 °F/180 °C/", count: $0) + "350 °F" }, { out, _ in out.hasPrefix("350 °F/180 °C/") }),
            ("steps", .metric, { String(repeating: "350°F (", count: $0) + "350°F" + String(repeating: ")", count: $0) }, { _, _ in true }),
        ]
        let bound = 4.0  // seconds, in a debug build on a busy machine; a linear pass takes well under one
        for (k, c) in cases.enumerated() {
            for kilobytes in [1, 4, 16, 64] {
                let unit = c.text(1).utf8.count - c.text(0).utf8.count
                let n = kilobytes * 1024 / max(1, unit)
                let line = c.text(n)
                let recipe: JSONValue = ["id": "x", "name": "X", "servings": 2, c.field: .array([.string(line)])]
                let text = String(decoding: JSONWriter.compact.bytes(recipe), as: UTF8.self)
                let started = Date()
                let (_, value, _) = try run(text, ConvertOptions(units: c.units))
                let seconds = Date().timeIntervalSince(started)
                #expect(seconds < bound, "case \(k) at \(kilobytes) KB took \(seconds) s")
                let out = value.at(c.field + "/0")?.stringValue ?? ""
                #expect(c.check(out, n), "case \(k) at \(kilobytes) KB: \(out.prefix(80))…\(out.suffix(40))")
                if seconds >= bound { break }
            }
        }
    }

    /// A structured quantity with a decimal comma converts as the language of the lines
    /// reads it: "1,250" kg in Portuguese is 1.25 kg, about 2 3/4 lb (it was read as 1250 kg).
    @Test func aStructuredQuantityIsReadInTheLanguageOfTheLines() throws {
        let text = #"{"id": "x", "name": "x", "servings": 2, "ingredients": [{"name": "batatas", "quantity": "1,250", "unit": "kg"}, "1,250 kg de bacalhau"]}"#
        let (_, v, _) = try transformed(text) { convert.outcome(for: $0, options: ConvertOptions(units: .us), language: "pt") }
        #expect(v.at("ingredients/0") == ["name": "batatas", "quantity": "2 3/4", "unit": "lb"])
        #expect(v.at("ingredients/1") == "2 3/4 lb de bacalhau")
    }

    @Test func perServingWithoutAServingSizeIsAClearError() throws {
        let text = #"{"code": "3017620422003", "name": "X", "nutrition": {"per100g": {"fat": 1}}}"#
        let outcome = convert.outcome(for: try document(text), options: ConvertOptions(per: .serving))
        #expect(outcome.hasErrors)
        #expect(outcome.diagnostics.first?.message.contains("no serving size") == true)
        #expect(outcome.diagnostics.first?.message.contains("--serving-size") == true)
        let withOption = convert.outcome(for: try document(text), options: ConvertOptions(per: .serving, servingSize: 50))
        #expect(!withOption.hasErrors)
    }

    @Test func bothGivenAndDisagreeingIsAWarning() throws {
        let text = #"{"code": "3017620422003", "name": "X", "nutrition": {"per100g": {"salt": 1.0, "sodium": 0.1}}}"#
        let (_, v, diagnostics) = try run(text, ConvertOptions(salt: .sodium))
        #expect(v.at("nutrition/per100g") == ["sodium": 0.1])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message.contains("disagree") == true)
    }

    /// Per serving, the two energies were compared after the serving's factor: 42 kcal and
    /// 180 kJ per 100 g (1 kcal apart) warned at 33 g servings × 10, quoting 138.6 and 142,
    /// numbers that are not in the file. They are compared, and quoted, as the file has them.
    @Test func bothEnergiesAreComparedAsTheFileGivesThem() throws {
        let close = #"{"code": "3017620422003", "name": "X", "serving": {"value": 330, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 42, "energyKj": 180}}}"#
        let (_, _, quiet) = try run(close, ConvertOptions(energy: .kcal, per: .serving))
        #expect(!quiet.contains { $0.message.contains("disagree") }, "\(quiet)")
        // To kJ as well, with nutrition-consistency's tolerance (2% and 2 kJ): 180 kJ beside
        // 42 kcal (175.7 kJ) is a label's rounding, and lint passed it, while convert warned.
        let (_, _, quietToo) = try run(close, ConvertOptions(energy: .kJ))
        #expect(!quietToo.contains { $0.message.contains("disagree") }, "\(quietToo)")
        let far = #"{"code": "3017620422003", "name": "X", "serving": {"value": 330, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 60, "energyKj": 180}}}"#
        let (_, _, noted) = try run(far, ConvertOptions(energy: .kcal, per: .serving))
        #expect(noted.map(\.message) == ["energyKj and energyKcal disagree: energyKcal 60 is given, energyKj gives 43; kept energyKcal as given"], "\(noted)")
    }

    let recipe = """
        {
          "id": "pancakes",
          "name": "Pancakes",
          "servings": 4,
          "nutrition": {"per": "serving", "energy": {"value": 280, "unit": "kcal"}, "salt": 0.5, "fat": 8},
          "ingredients": [
            {"name": "flour", "quantity": 2, "unit": "cup"},
            {"name": "butter", "quantity": 4, "unit": "oz"},
            {"name": "sugar", "quantity": 2, "unit": "tbsp"},
            "1 1/2 cups milk",
            "2 eggs",
            {"name": "vanilla", "quantity": 1, "unit": "tsp", "scale": false}
          ],
          "steps": ["Heat the oven to 350 °F.", {"en": "Bake at 400°F for 10 min.", "es": "Hornea a 400 °F."}]
        }
        """

    @Test func recipeToMetric() throws {
        let (text, v, diagnostics) = try run(recipe, ConvertOptions(units: .metric))
        #expect(v.at("ingredients/0/quantity") == 473)
        #expect(v.at("ingredients/0/unit") == "ml")
        #expect(v.at("ingredients/1/quantity") == 113)
        #expect(v.at("ingredients/1/unit") == "g")
        #expect(v.at("ingredients/2/quantity") == 2)  // spoons stay spoons (15 ml)
        #expect(v.at("ingredients/3") == "355 ml milk")
        #expect(v.at("ingredients/4") == "2 eggs")
        #expect(v.at("steps/0") == "Heat the oven to 175 °C.")
        #expect(v.at("steps/1/en") == "Bake at 205°C for 10 min.")
        #expect(v.at("steps/1/es") == "Hornea a 205 °C.")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.contains("US customary") == true)
        #expect(try schemaErrors(text) == [])
    }

    /// A second amount that `convert` does not read, left in the other system beside the
    /// converted one ("237 ml rice (2 cups cooked)"), or beside an amount that is no measure
    /// ("2 eggs and 1/2 cup milk"), gets a note, as scale notes what it does not scale: the
    /// line was left in two systems without a word. Amounts it converts (a size, a bracket,
    /// a slash, a compound), heats and lines whose amount is not read stay quiet.
    @Test func aSecondAmountLeftInTheOtherSystemIsNoted() throws {
        let lines = ["1 cup rice (2 cups cooked)", "1 octopus of about 2 lb", "2 eggs and 1/2 cup milk",
                     "1 cup warm water (110°F)", "1 (14 oz) can tomatoes", "200g/7oz butter", "1 cup (240 ml) milk",
                     "2 tablespoons plus 1 teaspoon honey", "1 lb 4 oz beef", "2 x 14 oz cans beans", "flour, 1 cup", "2 eggs"]
        let items = lines.map { "\"\($0)\"" }.joined(separator: ", ")
        let recipe = #"{"id": "x", "name": "X", "ingredients": ["# + items + "]}"
        let (_, v, d) = try run(recipe, ConvertOptions(units: .metric))
        #expect(v.at("ingredients/0") == "237 ml rice (2 cups cooked)")
        #expect(v.at("ingredients/1") == "1 octopus of about 2 lb")
        #expect(d.filter { !$0.message.hasPrefix("cups, spoons") }.map(\.message) == [
            "'1 cup rice (2 cups cooked)' has a second amount, '2 cups', which is not converted; check the line",
            "'1 octopus of about 2 lb' has a second amount, '2 lb', which is not converted; check the line",
            "'2 eggs and 1/2 cup milk' has a second amount, '1/2 cup', which is not converted; check the line",
        ])
        let (_, _, us) = try run(#"{"id": "x", "name": "X", "ingredients": ["2 eggs and 100 ml milk", "500 g flour (about 4 cups)"]}"#, ConvertOptions(units: .us))
        #expect(us.map(\.message) == ["'2 eggs and 100 ml milk' has a second amount, '100 ml', which is not converted; check the line"])
    }

    @Test func recipeToUS() throws {
        let metric = #"{"id": "x", "name": "X", "ingredients": [{"name": "flour", "quantity": 250, "unit": "g"}, "500 ml milk", "1 kg potatoes"], "steps": ["Bake at 200 °C."]}"#
        let (text, v, _) = try run(metric, ConvertOptions(units: .us))
        #expect(v.at("ingredients/0/quantity") == 9)
        #expect(v.at("ingredients/0/unit") == "oz")
        #expect(v.at("ingredients/1") == "2 1/8 cups milk")
        #expect(v.at("ingredients/2") == "2 1/4 lb potatoes")
        #expect(v.at("steps/0") == "Bake at 390 °F.")
        #expect(try schemaErrors(text) == [])
    }

    @Test func recipeEnergyAndSalt() throws {
        let (text, v, _) = try run(recipe, ConvertOptions(energy: .kJ, salt: .sodium))
        #expect(v.at("nutrition") == ["per": "serving", "energy": ["value": 1172, "unit": "kJ"], "sodium": 0.2, "fat": 8])
        #expect(try schemaErrors(text) == [])
    }

    @Test func recipePerNeedsAServingSize() throws {
        let outcome = convert.outcome(for: try document(recipe), options: ConvertOptions(per: .per100g))
        #expect(outcome.hasErrors)
        #expect(outcome.diagnostics.first?.message.contains("--serving-size") == true)
        let (text, v, _) = try run(recipe, ConvertOptions(per: .per100g, servingSize: 400))
        #expect(v.at("nutrition") == ["per": "100g", "energy": ["value": 70, "unit": "kcal"], "salt": 0.125, "fat": 2])
        #expect(try schemaErrors(text) == [])
    }

    /// Energy is converted from the exact amount per 100 g and rounded once (rounding it
    /// first, 257 kcal, gave 1075 kJ); a team's own number is left with a note.
    @Test func perAndEnergyRoundOnceAndTeamFieldsAreNoted() throws {
        let meal = #"{"id": "x", "name": "X", "servings": 1, "ingredients": ["1 egg"], "nutrition": {"per": "serving", "energy": {"value": 900, "unit": "kcal"}, "fat": 10, "x-points": 7}}"#
        let (_, v, diagnostics) = try run(meal, ConvertOptions(energy: .kJ, per: .per100g, servingSize: 350))
        #expect(v.at("nutrition/energy") == ["value": 1076, "unit": "kJ"])
        #expect(v.at("nutrition/x-points") == 7)
        #expect(diagnostics.map(\.message) == ["x-points is a field of the team's own: left as it is, not converted per 100g; check it"])
    }

    /// With keep, the copy per serving holds the team's field as it was: noted too.
    @Test func aTeamFieldCopiedWithKeepIsNoted() throws {
        let snack = #"{"code": "3017620422003", "name": "Snack", "serving": {"value": 30, "unit": "g"}, "nutrition": {"per100g": {"fat": 10, "x-points": 3}}}"#
        let (_, v, diagnostics) = try run(snack, ConvertOptions(per: .serving, keep: true))
        #expect(v.at("nutrition/perServing/x-points") == 3)
        #expect(diagnostics.map(\.message) == ["x-points is a field of the team's own: left as it is, not converted per serving; check it"])
    }

    @Test func theExamplesConvertToValidContent() throws {
        let products = String(decoding: try FileBytes.read(repositoryRoot.appendingPathComponent("Examples/food-products/content/products.json").path), as: UTF8.self)
        for options in [ConvertOptions(energy: .kJ), ConvertOptions(energy: .kcal, salt: .sodium), ConvertOptions(units: .us, per: .serving, keep: true, servingSize: 25), ConvertOptions(per: .per100g)] {
            let (out, _, diagnostics) = try run(products, options)
            #expect(try schemaErrors(out, schema: productSchema) == [], "\(options)")
            #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        }
        for file in ["Examples/cocktails/content/drinks.json", "Examples/portuguese-recipes/content/recipes.json"] {
            let text = String(decoding: try FileBytes.read(repositoryRoot.appendingPathComponent(file).path), as: UTF8.self)
            for system in TargetSystem.allCases {
                let (out, _, _) = try run(text, ConvertOptions(units: system))
                #expect(try schemaErrors(out) == [], "\(file) \(system)")
            }
        }
    }

    @Test(arguments: [
        (JSONValue.null, "at least one"),
        (["units": "imperial"], "units must be metric or us"),
        (["energy": "J"], "energy must be kJ or kcal"),
        (["salt": "NaCl"], "salt must be salt or sodium"),
        (["per": "slice"], "per must be 100g or serving"),
        (["per": "serving", "servingSize": "a lot"], "servingSize must be"),
        // A number written as text needs its unit (it was taken as grams: fat 1500 g per 100 g).
        (["per": "serving", "servingSize": "2"], "servingSize \"2\" has no unit; write it with one, such as \"2 g\""),
        (["keep": true], "at least one"),
    ] as [(JSONValue, String)])
    func badOptionsAreSentences(_ options: JSONValue, _ expected: String) {
        #expect {
            _ = try ConvertOptions(json: options)
        } throws: { error in
            (error as? TransformOptionError)?.message.contains(expected) == true
        }
    }

    @Test func servingSizeReadsUnits() throws {
        #expect(try ConvertOptions(json: ["per": "serving", "servingSize": "0.35 kg"]).servingSize == 350)
        #expect(try ConvertOptions(json: ["per": "serving", "servingSize": 30]).servingSize == 30)
        #expect(try ConvertOptions(json: ["per": "100 g"]).per == .per100g)
    }
}

/// The note on what cups and spoons were read as names the pint too: the Australian
/// convention reads "1 pint" as an imperial 568 ml, and the note did not say so.
@Suite struct ConventionNoteTests {
    @Test func eachConventionNamesItsPint() throws {
        let line = #"{"id": "r", "name": "R", "servings": 1, "ingredients": ["1 pint milk"]}"#
        for (convention, pint) in [(KitchenConvention.us, "473 ml"), (.metric, "473 ml"), (.australian, "568 ml"), (.imperial, "568 ml"), (.bar, "473 ml")] {
            let (_, _, notes) = try transformed(line) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .metric, convention: convention)) }
            #expect(notes.contains { $0.message.contains("pint \(pint))") }, "\(convention): \(notes.map(\.message))")
        }
    }
}

/// A heat inside an ingredient line is converted as in a step: "1 cup warm water (110°F)"
/// became "237 ml warm water (110°F)", half in each system.
@Suite struct HeatInIngredientLineTests {
    @Test func aHeatInAnIngredientLineIsConverted() throws {
        let recipe = #"{"id": "r", "name": "R", "servings": 1, "ingredients": ["1 cup warm water (110°F)", "water at 40 °C", "1 packet yeast"]}"#
        let (metric, _, _) = try transformed(recipe) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(metric.contains(#""237 ml warm water (43°C)", "water at 40 °C", "1 packet yeast""#), "\(metric)")
        let (us, _, _) = try transformed(recipe) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .us)) }
        #expect(us.contains(#""1 cup warm water (110°F)", "water at 104 °F", "1 packet yeast""#), "\(us)")
    }
}

/// The size of one thing joined to its unit by a hyphen is a compound adjective, written
/// with the unit's symbol: "2 15-ounce cans beans" became "2 425-grams cans beans". A stick
/// stays a stick (a count; a cinnamon stick is one too), and its bracket converts.
@Suite struct HyphenatedSizeTests {
    @Test func aHyphenatedSizeTakesTheSymbol() throws {
        let recipe = #"{"id": "r", "name": "R", "servings": 1, "ingredients": ["2 15-ounce cans beans", "1 12-ounce bottle beer", "1 7-oz package", "1 stick (4 oz) butter", "1 stick butter", "1 cinnamon stick"]}"#
        let (_, v, _) = try transformed(recipe) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(v.at("ingredients/0") == "2 425-g cans beans")
        #expect(v.at("ingredients/1") == "1 340-g bottle beer")
        #expect(v.at("ingredients/2") == "1 198-g package")
        #expect(v.at("ingredients/3") == "1 stick (113 g) butter")
        #expect(v.at("ingredients/4") == "1 stick butter")
        #expect(v.at("ingredients/5") == "1 cinnamon stick")
        let (_, us, _) = try transformed(#"{"id": "r", "name": "R", "servings": 1, "ingredients": ["2 425-gram cans beans"]}"#) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .us)) }
        #expect(us.at("ingredients/0") == "2 15-oz cans beans")
    }
}

/// A heat written with a space before a bare letter ("Bake at 350 F.", "180 C", "(110 F)")
/// is a heat, as "350F" and "350 °F" are: "Set the oven to 475 F, then bake at 475F."
/// became "Set the oven to 475 F, then bake at 245C.", a step in two systems, and "1 cup
/// water (110 F)" became "237 ml water (110 F)". "2 C flour" is still two cups, and a heat
/// not read as one in a step whose other heats convert gets a note.
@Suite struct SpacedLetterHeatTests {
    @Test func aBareLetterAfterASpaceIsAHeat() throws {
        let recipe = #"{"id": "r", "name": "R", "servings": 1, "ingredients": ["1 cup water (110 F)", "2 C flour"], "steps": ["Set the oven to 475 F, then bake at 475F.", "Bake at 350 F.", "Bake at 350 F or 375°F."]}"#
        let (_, v, notes) = try transformed(recipe) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(v.at("ingredients/0") == "237 ml water (43 C)")
        #expect(v.at("ingredients/1") == "473 ml flour")
        #expect(v.at("steps/0") == "Set the oven to 245 C, then bake at 245C.")
        #expect(v.at("steps/1") == "Bake at 175 C.")
        #expect(v.at("steps/2") == "Bake at 175 C or 190°C.")
        #expect(!notes.contains { $0.message.contains("left as written") }, "\(notes.map(\.message))")
    }

    @Test func cupsWrittenCStayCupsAndAnUnreadHeatIsNoted() throws {
        let recipe = #"{"id": "r", "name": "R", "servings": 1, "ingredients": ["40 C water, warmed to 40 C", "2 C flour"], "steps": ["Heat to 180 C and then to 200C.", "Add 2 C flour and bake at 200C.", "Cool to 20 C, then bake at 200C."]}"#
        let (_, v, notes) = try transformed(recipe) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .us)) }
        #expect(v.at("ingredients/0") == "40 C water, warmed to 104 F")
        #expect(v.at("ingredients/1") == "2 C flour")
        #expect(v.at("steps/0") == "Heat to 355 F and then to 390F.")
        #expect(v.at("steps/1") == "Add 2 C flour and bake at 390F.")
        #expect(v.at("steps/2") == "Cool to 20 C, then bake at 390F.")
        let unread = notes.filter { $0.message.contains("is read as °C only after a heat") }
        #expect(unread.map { $0.message.prefix { $0 != ":" } } == ["'2 C' is left as written", "'20 C' is left as written"], "\(notes.map(\.message))")
    }

    /// An ingredient line that starts with more than 16 and a capital C is read neither as
    /// cups nor as a heat: it was left as written without a word, while `2 C flour` beside
    /// it converted.
    @Test func moreThanSixteenCapitalCIsNoted() throws {
        let recipe = #"{"id": "r", "name": "R", "servings": 1, "ingredients": ["40 C water", "20 C. flour", "2 C flour", "16 C stock", "20 Cheddar slices"]}"#
        let (_, v, notes) = try transformed(recipe) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(v.at("ingredients/0") == "40 C water")
        #expect(v.at("ingredients/2") == "473 ml flour")
        #expect(v.at("ingredients/3") == "3.79 l stock")
        let capital = notes.filter { $0.message.contains("a capital C is read as cups only after 16 or less") }
        #expect(capital.map { $0.message.prefix { $0 != ":" } } == ["'40 C' is left as written", "'20 C' is left as written"], "\(notes.map(\.message))")
    }
}

/// A list of heats in a step converts whole ("Bake at 350, 375 or 400 °F" became "Bake at
/// 350, 190 or 205 °C"), or is left as written with a note when its numbers are too far
/// apart to be heats of one list.
@Suite struct HeatListInStepTests {
    @Test func aListOfHeatsConvertsWholeOrIsNoted() throws {
        let recipe = #"{"id": "r", "name": "R", "servings": 1, "steps": [{"en": "Bake at 350, 375 or 400 °F."}, "Bake at 350, 375 or 500 °F."]}"#
        let (text, v, notes) = try transformed(recipe) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(v.at("steps/0/en") == "Bake at 175, 190 or 205 °C.")
        #expect(v.at("steps/1") == "Bake at 350, 375 or 500 °F.")
        #expect(text.contains(#""Bake at 350, 375 or 500 °F.""#))
        #expect(notes.map(\.severity) == [.note])
        #expect(notes.map(\.message) == ["'350, 375 or 500 °F' is left as written: its numbers are too far apart to be read as heats of one list, and converting some of them would mix °F and °C; check it"])
    }
}
