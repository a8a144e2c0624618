import Foundation
import LarderCore
import LarderJSON
import LarderTransforms
import LarderUnits
import Testing

private func r(_ n: Int, _ d: Int = 1) -> Rational { try! Rational(n, d) }

@Suite struct ScaleTransformTests {
    let scale = ScaleTransform()

    let bolo = """
        {
          "id": "bolo-de-laranja",
          "name": {"en": "Orange cake", "pt": "Bolo de laranja"},
          "servings": 8,
          "time": {"prep": 20, "cook": 40},
          "nutrition": {"per": "serving", "energy": {"value": 320, "unit": "kcal"}, "fat": 14},
          "ingredients": [
            {"name": "flour", "quantity": 500, "unit": "g"},
            {"name": "sugar", "quantity": "1 1/2", "unit": "cup"},
            {"name": "butter", "quantity": 8, "unit": "tbsp", "note": "melted"},
            {"name": "eggs", "quantity": 3},
            {"name": "bay leaf", "quantity": 1, "unit": "leaf", "scale": false},
            {"name": "oven", "quantity": 180, "unit": "°C"},
            "½ tsp salt",
            {"en": "2-3 cloves garlic", "pt": "2 a 3 dentes de alho"},
            "salt to taste",
            {"name": "milk", "quantity": {"min": 100, "max": 150}, "unit": "ml", "x-source": "farm"}
          ],
          "steps": ["Bake at 180 °C for 40 minutes."],
          "x-team": {"keep": [1, 2.50, "as is"]}
        }
        """

    @Test func scalesEveryKindOfIngredientAndUpdatesServings() throws {
        let (_, v, diagnostics) = try transformed(bolo) { scale.outcome(for: $0, options: ScaleOptions(target: .servings(4))) }
        #expect(v["servings"] == 4)
        #expect(v.at("ingredients/0/quantity") == 250)
        #expect(v.at("ingredients/0/unit") == "g")
        #expect(v.at("ingredients/1/quantity") == "3/4")
        #expect(v.at("ingredients/2/quantity") == 0.25)  // 4 tbsp
        #expect(v.at("ingredients/2/unit") == "cup")
        #expect(v.at("ingredients/3/quantity") == 2)  // 1.5 eggs round to 2
        #expect(v.at("ingredients/4/quantity") == 1)  // pinned
        #expect(v.at("ingredients/5/quantity") == 180)  // a temperature never scales
        #expect(v.at("ingredients/6") == "¼ tsp salt")
        #expect(v.at("ingredients/7/en") == "1-2 cloves garlic")
        #expect(v.at("ingredients/7/pt") == "1 a 2 dentes de alho")
        #expect(v.at("ingredients/8") == "salt to taste")
        #expect(v.at("ingredients/9/quantity/min") == 50)
        #expect(v.at("ingredients/9/quantity/max") == 75)
        #expect(v.at("ingredients/9/x-source") == "farm")
        #expect(v["time"] == ["prep": 20, "cook": 40])
        #expect(v["nutrition"] == ["per": "serving", "energy": ["value": 320, "unit": "kcal"], "fat": 14])
        #expect(v.at("steps/0") == "Bake at 180 °C for 40 minutes.")
        // 3 eggs × 1/2 = 1 1/2 → 2; 2-3 cloves × 1/2 = 1-1 1/2 → 1-2 (in both languages).
        #expect(diagnostics.map(\.severity) == [.note, .note, .note], "\(diagnostics)")
        #expect(diagnostics.map(\.pointer.description) == ["/ingredients/3/quantity", "/ingredients/7/en", "/ingredients/7/pt"])
        #expect(diagnostics.first?.message.contains("is 1 1/2; rounded to 2") == true)
    }

    @Test func untouchedBytesStayByteForByte() throws {
        let (text, _, _) = try transformed(bolo) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(2))) }
        #expect(text.contains(#""x-team": {"keep": [1, 2.50, "as is"]}"#))
        #expect(text.contains(#"{"name": "bay leaf", "quantity": 1, "unit": "leaf", "scale": false}"#))
        #expect(text.contains(#""nutrition": {"per": "serving", "energy": {"value": 320, "unit": "kcal"}, "fat": 14}"#))
    }

    @Test func unitsFitAfterScaling() throws {
        let (_, v, _) = try transformed(bolo) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(4))) }
        #expect(v.at("ingredients/0/quantity") == 2)
        #expect(v.at("ingredients/0/unit") == "kg")
        #expect(v.at("ingredients/2/quantity") == 2)
        #expect(v.at("ingredients/2/unit") == "cup")
        #expect(v.at("ingredients/6") == "2 tsp salt")
    }

    /// A structured quantity that is a number stays one however small, written with the
    /// places its display rounding keeps (0.000001 g x 1/3 became the text "0.000000333":
    /// more than six places was no number); so do the ends of `{min, max}`.
    @Test func aTinyNumberQuantityStaysANumber() throws {
        let text = #"{"id": "x", "name": "x", "servings": 3, "ingredients": [{"name": "a", "quantity": 0.000001, "unit": "g"}, {"name": "b", "quantity": {"min": 0.000001, "max": 0.000002}, "unit": "g"}]}"#
        let (out, v, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(1, 3)))) }
        #expect(out.contains(#""quantity": 0.000000333, "unit": "g""#), "\(out)")
        #expect(out.contains(#""quantity": {"min": 0.000000333, "max": 0.000000667}"#), "\(out)")
        #expect(v.at("ingredients/0/unit") == "g")
    }

    /// A structured unit written as a word agrees with the scaled amount when the unit
    /// stays, as it does when it changes (`tablespoons` → `cup`) and as free text does: 2
    /// tablespoons x 1/2 was `1` "tablespoons", 2 cloves `1` "cloves", 1 teaspoon x 2 `2`
    /// "teaspoon". A symbol (`cup`, `tbsp`) and a unit Larder does not know stay as written.
    @Test func aStructuredUnitWordAgreesWithItsAmount() throws {
        let text = #"{"id": "x", "name": "x", "servings": 2, "ingredients": [{"name": "oil", "quantity": 2, "unit": "tablespoons"}, {"name": "garlic", "quantity": 2, "unit": "cloves"}, {"name": "salt", "quantity": 1, "unit": "teaspoon"}, {"name": "milk", "quantity": 3, "unit": "cups"}, {"name": "flour", "quantity": 2, "unit": "cup"}, {"name": "azeite", "quantity": 2, "unit": "colheres de sopa"}, {"name": "x", "quantity": 2, "unit": "widgets"}]}"#
        let (_, half, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(1, 2)))) }
        #expect(half.at("ingredients/0") == ["name": "oil", "quantity": 1, "unit": "tablespoon"])
        #expect(half.at("ingredients/1") == ["name": "garlic", "quantity": 1, "unit": "clove"])
        #expect(half.at("ingredients/2") == ["name": "salt", "quantity": 0.5, "unit": "teaspoon"])
        #expect(half.at("ingredients/3") == ["name": "milk", "quantity": 1.5, "unit": "cups"])
        #expect(half.at("ingredients/4") == ["name": "flour", "quantity": 1, "unit": "cup"])
        #expect(half.at("ingredients/5") == ["name": "azeite", "quantity": 1, "unit": "colher de sopa"])
        #expect(half.at("ingredients/6") == ["name": "x", "quantity": 1, "unit": "widgets"])
        let (_, double, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(2)))) }
        #expect(double.at("ingredients/2") == ["name": "salt", "quantity": 2, "unit": "teaspoons"])
        #expect(double.at("ingredients/4") == ["name": "flour", "quantity": 4, "unit": "cup"])
    }

    /// The note on a counted structured ingredient gives its unit in the form for each
    /// amount, as the notes of free text do: "4 1/2 sprigs; rounded to 5 sprigs", "1 1/3
    /// sprigs; rounded to 1 sprig" (it gave the symbol, "4 1/2 sprig; rounded to 5 sprig").
    /// The unit is the one the recipe writes ("tea bags", "pcs"; "each", which has no
    /// plural, as written), in whatever language its word is (a project's own "raminho").
    @Test(arguments: [
        (r(9, 2), [
            "'Mint sprig' × 4.5 is 4 1/2 sprigs; rounded to 5 sprigs (counted things are rounded to whole numbers)",
            "'Tea' × 4.5 is 4 1/2 tea bags; rounded to 5 tea bags (counted things are rounded to whole numbers)",
            "'Eggs' × 4.5 is 4 1/2 pcs; rounded to 5 pcs (counted things are rounded to whole numbers)",
            "'Lemons' × 4.5 is 4 1/2 each; rounded to 5 each (counted things are rounded to whole numbers)",
            "'Mint' × 4.5 is 4 1/2-13 1/2 sprigs; rounded to 5-14 sprigs (counted things are rounded to whole numbers)",
            "'Hortelã' × 4.5 is 4 1/2 raminhos; rounded to 5 raminhos (counted things are rounded to whole numbers)",
            "'1 sprig mint' × 4.5 is 4 1/2 sprigs; rounded to 5 sprigs (counted things are rounded to whole numbers)",
        ]),
        (r(4, 3), [
            "'Mint sprig' × 4/3 is 1 1/3 sprigs; rounded to 1 sprig (counted things are rounded to whole numbers)",
            "'Tea' × 4/3 is 1 1/3 tea bags; rounded to 1 tea bag (counted things are rounded to whole numbers)",
            "'Eggs' × 4/3 is 1 1/3 pcs; rounded to 1 pc (counted things are rounded to whole numbers)",
            "'Lemons' × 4/3 is 1 1/3 each; rounded to 1 each (counted things are rounded to whole numbers)",
            "'Mint' × 4/3 is 1 1/3-4 sprigs; rounded to 1-4 sprigs (counted things are rounded to whole numbers)",
            "'Hortelã' × 4/3 is 1 1/3 raminhos; rounded to 1 raminho (counted things are rounded to whole numbers)",
            "'1 sprig mint' × 4/3 is 1 1/3 sprigs; rounded to 1 sprig (counted things are rounded to whole numbers)",
        ]),
    ])
    func aStructuredCountNoteGivesTheUnitInTheFormForEachAmount(_ factor: Rational, _ expected: [String]) throws {
        let scale = ScaleTransform(units: UnitTable.builtInUnits + [.counted("raminho", names: ["raminhos"])])
        let text = #"""
            {"id": "x", "name": "x", "servings": 3, "ingredients": [
              {"name": "Mint sprig", "quantity": 1, "unit": "sprig"}, {"name": "Tea", "quantity": 1, "unit": "tea bag"},
              {"name": "Eggs", "quantity": 1, "unit": "pc"}, {"name": "Lemons", "quantity": 1, "unit": "each"},
              {"name": "Mint", "quantity": {"min": 1, "max": 3}, "unit": "sprigs"},
              {"name": {"pt": "Hortelã", "en": "Mint"}, "quantity": 1, "unit": "raminho"}, "1 sprig mint"]}
            """#
        let (_, _, diagnostics) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(factor))) }
        #expect(diagnostics.map(\.message).filter { $0.contains("counted things") } == expected)
    }

    /// A structured quantity that is a number stays a number when the amount is a third
    /// (1 cup x 2/3 became the text "2/3", and converted after that the text "158" ml,
    /// which apps decoding a number could not read): three significant digits, and the
    /// number converts on as a number.
    @Test func aNumberQuantityStaysANumberWhenScaledToAThird() throws {
        let text = #"{"id": "x", "name": "x", "servings": 3, "ingredients": [{"name": "flour", "quantity": 1, "unit": "cup"}]}"#
        let (out, v, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .servings(r(2)))) }
        #expect(v.at("ingredients/0") == ["name": "flour", "quantity": 0.667, "unit": "cup"], "\(out)")
        let (converted, c, _) = try transformed(out) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(c.at("ingredients/0") == ["name": "flour", "quantity": 158, "unit": "ml"], "\(converted)")
        #expect(try schemaErrors(converted) == [])
    }

    /// Servings that are not whole are stored with every digit, and read back as the
    /// fraction they are: 4 servings x 1/3 was stored as 1.33, and scaled back to 4
    /// servings "600 g sugar" became "602 g sugar", and x 3 gave 3.99 servings.
    @Test func servingsKeepFullPrecision() throws {
        let text = #"{"id": "s", "name": "S", "servings": 4, "ingredients": ["3 cups flour", "600 g sugar"]}"#
        let (third, v, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(1, 3)))) }
        let stored = try #require(v.at("servings/amount")?.doubleValue)
        #expect(abs(stored - 4.0 / 3.0) < 1e-15, "\(third)")
        let (_, back, _) = try transformed(third) { scale.outcome(for: $0, options: ScaleOptions(target: .servings(r(4)))) }
        #expect(back.at("ingredients") == ["3 cups flour", "600 g sugar"])
        let (_, times3, _) = try transformed(third) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(3)))) }
        #expect(times3.at("servings/amount") == 4)
        #expect(times3.at("ingredients") == ["3 cups flour", "600 g sugar"])
        let glasses = #"{"id": "g", "name": "G", "servings": {"amount": 1, "unit": "glasses"}, "ingredients": ["60 ml gin"]}"#
        let (g, gv, _) = try transformed(glasses) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(1, 3)))) }
        let amount = try #require(gv.at("servings/amount")?.doubleValue)
        #expect(abs(amount - 1.0 / 3.0) < 1e-15, "\(g)")
    }

    /// A structured quantity in US pints or fluid ounces moves to spoons when scaled down
    /// (1 pint x 0.1 was 0.25 cup, 25 % more than the 0.2 cup meant; 1/4 fl oz x 0.1 stayed
    /// "1/32" fl oz).
    @Test func pintsAndFluidOuncesMoveToSpoons() throws {
        let text = #"{"id": "x", "name": "x", "servings": 10, "ingredients": [{"name": "milk", "quantity": 1, "unit": "pint"}, {"name": "bitters", "quantity": "1/4", "unit": "fl oz"}]}"#
        let (_, v, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(1, 10)))) }
        #expect(v.at("ingredients/0") == ["name": "milk", "quantity": 3.25, "unit": "tbsp"])
        #expect(v.at("ingredients/1") == ["name": "bitters", "quantity": "1/8", "unit": "tsp"])
    }

    /// A structured quantity is read in the language of the plain-string lines, as they
    /// are: "1,250" kg in Portuguese is 1.25 kg (it was read as 1250 whatever the language,
    /// and doubled to "2500" kg while "1,250 kg de bacalhau" became "2,5 kg"), and "1.500" g
    /// is 1500 g; in English, or with no language, "1,250" is still 1250.
    @Test func aStructuredQuantityIsReadInTheLanguageOfTheLines() throws {
        let text = #"{"id": "x", "name": "x", "servings": 2, "ingredients": [{"name": "batatas", "quantity": "1,250", "unit": "kg"}, "1,250 kg de bacalhau", {"name": "sal", "quantity": "1.500", "unit": "g"}]}"#
        let (_, pt, ptNotes) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(2)), language: "pt") }
        #expect(pt.at("ingredients/0") == ["name": "batatas", "quantity": "2,5", "unit": "kg"])
        #expect(pt.at("ingredients/1") == "2,5 kg de bacalhau")
        #expect(pt.at("ingredients/2") == ["name": "sal", "quantity": "3", "unit": "kg"])
        #expect(ptNotes.isEmpty, "\(ptNotes)")
        for language in [nil, "en"] as [String?] {
            let (_, en, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(2)), language: language) }
            #expect(en.at("ingredients/0/quantity") == "2500")
            #expect(en.at("ingredients/2/quantity") == "3")
        }
    }

    /// A structured quantity with a thousands separator and a decimal mark is read whole
    /// and written back with its decimal mark ("1,234.5" was not read at all), and one whose
    /// marks read no one way in the language is left with a note.
    @Test func aStructuredQuantityWithThousandsAndDecimalsIsReadWhole() throws {
        let text = #"{"id": "x", "name": "x", "servings": 100, "ingredients": [{"name": "rye", "quantity": "1,234.5", "unit": "g"}, {"name": "salt", "quantity": "1.234,5", "unit": "g"}]}"#
        let (_, en, notes) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(1, 100))), language: "en") }
        #expect(en.at("ingredients/0") == ["name": "rye", "quantity": "12.3", "unit": "g"])
        #expect(en.at("ingredients/1") == ["name": "salt", "quantity": "1.234,5", "unit": "g"])
        #expect(notes.map(\.message) == [#"could not read the quantity "1.234,5"; left as is"#])
        let (_, pt, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(1, 100))), language: "pt") }
        #expect(pt.at("ingredients/0/quantity") == "1,234.5")
        #expect(pt.at("ingredients/1/quantity") == "12,3")
    }

    /// A product whose name holds a number is not scaled (these were "14-up, 1 can", "14UP
    /// soda" with no note, and "10-spice powder, 1 tsp"); each such line gets a note.
    @Test func aNumberInAProductNameIsNotScaled() throws {
        let text = #"{"id": "x", "name": "x", "servings": 4, "ingredients": ["7-up, 1 can", "7UP soda", "5-spice powder, 1 tsp", "1 can 7-up"]}"#
        let (_, v, notes) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(2))) }
        #expect(v["ingredients"] == ["7-up, 1 can", "7UP soda", "5-spice powder, 1 tsp", "2 cans 7-up"])
        #expect(notes.map(\.message) == [
            "could not read the quantity of '7-up, 1 can' ('7-up' is a name with a number in it, not a quantity); left as is",
            "could not read the quantity of '7UP soda' ('7UP' is a name with a number in it, not a quantity); left as is",
            "could not read the quantity of '5-spice powder, 1 tsp' ('5-spice' is a name with a number in it, not a quantity); left as is",
        ])
    }

    /// The translations of one ingredient get one amount: a count is rounded as finely as
    /// any of its translations rounds it (Portuguese "pau" is a stick, which halves, while
    /// "1 cinnamon stick" and "1 small glass of port" were bare counts, rounded to whole
    /// things: "1/2 pau de canela" stood beside "1 cinnamon stick"). Where every translation
    /// counts whole things ("dentes", a clove, and "garlic cloves"), they stay whole.
    @Test(arguments: [
        (r(5, 4), ["1 1/2 paus de canela", "1 1/2 cinnamon sticks", "1 1/2 cálices de vinho do Porto", "1 1/2 small glasses of port wine", "3 dentes de alho", "3 garlic cloves"]),
        (r(1, 3), ["1/2 pau de canela", "1/2 cinnamon stick", "1/2 cálice de vinho do Porto", "1/2 small glass of port wine", "1 dente de alho", "1 garlic clove"]),
        (r(2, 3), ["1/2 pau de canela", "1/2 cinnamon stick", "1/2 cálice de vinho do Porto", "1/2 small glass of port wine", "1 dente de alho", "1 garlic clove"]),
    ] as [(Rational, [String])])
    func theTranslationsOfAnIngredientGetOneAmount(_ factor: Rational, _ expected: [String]) throws {
        let text = #"""
            {"id": "arroz-doce", "name": {"pt": "Arroz doce", "en": "Rice pudding"}, "servings": 6, "ingredients": [
             {"pt": "1 pau de canela", "en": "1 cinnamon stick"},
             {"pt": "1 cálice de vinho do Porto", "en": "1 small glass of port wine"},
             {"pt": "2 dentes de alho", "en": "2 garlic cloves"}]}
            """#
        let (_, v, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(factor))) }
        let got = (0..<3).flatMap { i in ["pt", "en"].map { v.at("ingredients/\(i)/\($0)")?.stringValue ?? "-" } }
        #expect(got == expected)
        // A line alone, in one language, keeps its own rounding.
        let alone = #"{"id": "x", "name": "x", "servings": 6, "ingredients": ["1 cinnamon stick"]}"#
        let (_, a, _) = try transformed(alone) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(1, 3))), language: "en") }
        #expect(a.at("ingredients/0") == "1 cinnamon stick")
    }

    @Test func theOutputIsAValidRecipe() throws {
        for factor in [r(1, 3), r(1, 2), r(2, 3), r(3, 2), r(2), r(7, 3), r(10)] {
            let (text, _, _) = try transformed(bolo) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(factor))) }
            #expect(try schemaErrors(text) == [], "× \(factor)")
        }
    }

    @Test func aServingsThatIsNotWholeBecomesAnAmount() throws {
        let (text, v, diagnostics) = try transformed(bolo) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(1, 3)))) }
        #expect(v["servings"] == ["amount": 2.6666666666666665, "unit": "servings"])  // 8/3, every digit a float holds
        #expect(diagnostics.contains { $0.message.contains("not a whole number") })
        #expect(try schemaErrors(text) == [])
    }

    /// A second amount in a line that is not part of the first ("500 g" after "1 lb-") is not
    /// scaled, and a note says so (it was left as it was, silently); one of the same system
    /// ("plus 2 tablespoons", "4 oz" after "1 lb") is added to the first.
    @Test func aSecondAmountInALineIsNoted() throws {
        let recipe = #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["1 cup plus 2 tablespoons flour", "1 lb 4 oz beef", "2 eggs", "1 (14 oz) can tomatoes", "1 lb-500 g pork", "2 lb-3 lb potatoes"]}"#
        let (_, v, diagnostics) = try transformed(recipe) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(2)))) }
        #expect(v.at("ingredients/0") == "2 1/4 cups flour")
        #expect(v.at("ingredients/1") == "2 1/2 lb beef")
        // A dash glued to the second amount hid it; a range of one unit is no second amount.
        #expect(diagnostics.map(\.message) == [
            "'1 lb-500 g pork' has a second amount, '500 g', which is not scaled; check the line",
        ])
        #expect(diagnostics.allSatisfy { $0.severity == .note })
        // Numbers that are part of a name, and an approximate size of each, are not a second amount.
        let names = #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["100 g 70% chocolate", "1 lb 80/20 ground beef", "1 tsp 5-spice", "500 g 00 flour", "2 eggs, size 2", "1 octopus of about 1.2 kg", "1 polvo com cerca de 1,2 kg"]}"#
        let (_, _, none) = try transformed(names) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(2)))) }
        #expect(!none.contains { $0.message.contains("second amount") }, "\(none.map(\.message))")
    }

    /// Numbers Larder cannot compute with exactly are named for what they are (1e400 was
    /// "not a number", 1e-400 "too large", and the quantity's text came twice).
    @Test func numbersOutOfReachAreNamedForWhatTheyAre() throws {
        func messages(_ servings: String, _ quantity: String) throws -> [String] {
            let recipe = #"{"id": "x", "name": "X", "servings": \#(servings), "ingredients": [{"name": "y", "quantity": \#(quantity), "unit": "g"}]}"#
            return try transformed(recipe) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(2)))) }.2.map(\.message)
        }
        #expect(try messages("1e400", "1e400") == [
            "servings is 1e400, a number too large or too fine to compute with exactly; left as is",
            "could not read the quantity: the number 1e400 is too large to compute exactly; nothing is scaled",
        ])
        #expect(try messages("-2", "1e-400") == [
            "servings is -2, not a positive number; left as is",
            "could not read the quantity: the number 1e-400 has more decimal places than Larder computes with (18); nothing is scaled",
        ])
        // The same words when --servings needs it to scale from.
        let negative = #"{"id": "x", "name": "X", "servings": -2, "ingredients": ["1 egg"]}"#
        let (_, _, errors) = try transformed(negative) { scale.outcome(for: $0, options: ScaleOptions(target: .servings(4))) }
        #expect(errors.first?.message.hasPrefix("servings is -2, not a positive number: --servings needs a positive number of servings") == true, "\(errors.map(\.message))")
        // Servings written as an object are judged by their amount ("an object, not a
        // number" was said of {"amount": 1e20, …}, the very shape the message offers).
        for (servings, problem) in [
            (#"{"amount": 99999999999999999999999, "unit": "glasses"}"#, "whose amount is a number too large or too fine to compute with exactly"),
            (#"{"amount": "4", "unit": "glasses"}"#, "whose amount is not a number"),
            (#"{"unit": "glasses"}"#, "an object without an \"amount\""),
        ] {
            let recipe = #"{"id": "x", "name": "X", "servings": \#(servings), "ingredients": ["1 egg"]}"#
            let (_, _, found) = try transformed(recipe) { scale.outcome(for: $0, options: ScaleOptions(target: .servings(4))) }
            #expect(found.first?.message.contains(", \(problem): --servings needs") == true, "\(found.map(\.message))")
        }
    }

    /// A factor no one reads as a fraction is shown rounded (it was 45359237/40000000).
    @Test func anUnreadableFactorIsShownRounded() throws {
        let recipe = #"{"id": "x", "name": "X", "servings": 3, "ingredients": ["1 egg", "1 pinch salt"]}"#
        let (_, _, diagnostics) = try transformed(recipe) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(45359237, 40000000)))) }
        #expect(diagnostics.first?.message.hasPrefix("servings 3 × about 1.13 is ") == true, "\(diagnostics.map(\.message))")
        // So is an exact amount in a rounding note (it was "1 5359237/40000000 pinches").
        #expect(diagnostics.contains { $0.message == "'1 pinch salt' × about 1.13 is about 1.13 pinches; rounded to 1 pinch (counted things are rounded to whole numbers)" },
                "\(diagnostics.map(\.message))")
    }

    /// An amount shown more than half off its exact value gets a note (a cup × 1/1,000,000
    /// became 1/64 tsp silently).
    @Test func aFarRoundingIsNoted() throws {
        let recipe = #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["1 cup milk", {"name": "salt", "quantity": 1, "unit": "tsp"}, "2 cups flour"]}"#
        let (_, v, diagnostics) = try transformed(recipe) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(1, 1_000_000)))) }
        #expect(v.at("ingredients/0") == "1/64 tsp milk")
        let notes = diagnostics.map(\.message).filter { $0.contains("more than half off") }
        #expect(notes == [
            "'1 cup milk' × 0.000001 comes to less than 1/64 tsp; shown as 1/64 tsp, more than half off",
            "'salt' × 0.000001 comes to less than 1/64 tsp; shown as 1/64 tsp, more than half off",
            "'2 cups flour' × 0.000001 comes to less than 1/64 tsp; shown as 1/64 tsp, more than half off",
        ])
        // Ordinary rounding says nothing.
        let (_, _, usual) = try transformed(recipe) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(3)))) }
        #expect(!usual.contains { $0.message.contains("more than half off") })
    }

    @Test func servingsWithAUnitScalesItsAmount() throws {
        let drink = #"{"id": "x", "name": "X", "servings": {"amount": 1, "unit": "glasses"}, "ingredients": [{"name": "Gin", "quantity": 30, "unit": "ml"}]}"#
        let (_, v, _) = try transformed(drink) { scale.outcome(for: $0, options: ScaleOptions(target: .servings(4))) }
        #expect(v["servings"] == ["amount": 4, "unit": "glasses"])
        #expect(v.at("ingredients/0/quantity") == 120)
    }

    @Test func aServingsThatIsNotANumberFailsWithASentence() throws {
        let text = #"{"id": "x", "name": "X", "servings": "four", "ingredients": ["1 egg"]}"#
        let outcome = scale.outcome(for: try document(text), options: ScaleOptions(target: .servings(2)))
        #expect(outcome.hasErrors)
        #expect(outcome.edits.isEmpty)
        let message = try #require(outcome.diagnostics.first?.message)
        #expect(message.contains("servings is \"four\", not a number"))
        #expect(message.contains("--factor"))
        #expect(outcome.diagnostics.first?.pointer.description == "/servings")
        // --factor still works on such a recipe and leaves servings alone, with a note.
        let byFactor = scale.outcome(for: try document(text), options: ScaleOptions(target: .factor(2)))
        #expect(!byFactor.hasErrors)
    }

    @Test func servingsMissingFailsForServingsOnly() throws {
        let text = #"{"id": "x", "name": "X", "ingredients": ["1 egg"]}"#
        #expect(scale.outcome(for: try document(text), options: ScaleOptions(target: .servings(2))).hasErrors)
        let (_, v, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(3))) }
        #expect(v.at("ingredients/0") == "3 eggs")
    }

    @Test func scaleToAnAmountOfOneIngredient() throws {
        let target = try ScaleOptions.ingredientTarget("flour=300 g")
        let (_, v, diagnostics) = try transformed(bolo) { scale.outcome(for: $0, options: ScaleOptions(target: target)) }
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        #expect(v.at("ingredients/0/quantity") == 300)
        #expect(v["servings"] == ["amount": 4.8, "unit": "servings"])
        #expect(v.at("ingredients/2/quantity") == 4.75)  // 8 × 3/5 = 4.8 tbsp
        // In another unit of the same dimension.
        let kg = try ScaleOptions.ingredientTarget("flour=1 kg")
        let (_, w, _) = try transformed(bolo) { scale.outcome(for: $0, options: ScaleOptions(target: kg)) }
        #expect(w["servings"] == 16)
        // A count.
        let eggs = try ScaleOptions.ingredientTarget("eggs=6")
        let (_, e, _) = try transformed(bolo) { scale.outcome(for: $0, options: ScaleOptions(target: eggs)) }
        #expect(e["servings"] == 16)
        // A free-text line.
        let garlic = try ScaleOptions.ingredientTarget("salt=1 tsp")
        let (_, g, _) = try transformed(bolo) { scale.outcome(for: $0, options: ScaleOptions(target: garlic)) }
        #expect(g["servings"] == 16)
    }

    @Test(arguments: [
        ("rice=300 g", "no ingredient is called 'rice'"),
        ("sugar=300 g", "does not convert"),
        // oz of a liquid: the message says to write fl oz (it only said ml does not convert).
        ("butter=1 oz", "tbsp (volume), which does not convert to oz (mass); for a volume, write fl oz"),
        ("bay leaf=2", "pinned"),
        ("garlic=4", "is a range"),
    ])
    func scaleToAnIngredientErrors(_ spec: String, _ expected: String) throws {
        let target = try ScaleOptions.ingredientTarget(spec)
        let outcome = scale.outcome(for: try document(bolo), options: ScaleOptions(target: target))
        #expect(outcome.hasErrors)
        #expect(outcome.diagnostics.contains { $0.message.contains(expected) }, "\(outcome.diagnostics)")
    }

    @Test func inAnArrayARecipeWithoutTheIngredientIsLeftWithAWarning() throws {
        let text = "[\(bolo), {\"id\": \"y\", \"name\": \"Y\", \"servings\": 2, \"ingredients\": [\"2 eggs\"]}]"
        let target = try ScaleOptions.ingredientTarget("flour=1 kg")
        let (_, v, diagnostics) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: target)) }
        #expect(v.at("0/servings") == 16)
        #expect(v.at("1/servings") == 2)
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.pointer.description == "/1/ingredients")
    }

    @Test func anAmbiguousNameIsAnError() throws {
        let text = #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["200 g plain flour", "100 g rice flour"]}"#
        let outcome = scale.outcome(for: try document(text), options: ScaleOptions(target: try ScaleOptions.ingredientTarget("flour=300 g")))
        #expect(outcome.diagnostics.first?.message.contains("matches 2 ingredients") == true)
        let exact = scale.outcome(for: try document(text), options: ScaleOptions(target: try ScaleOptions.ingredientTarget("rice flour=50 g")))
        #expect(!exact.hasErrors)
    }

    @Test func unreadableLinesAreKeptWithANote() throws {
        let text = #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["Juice of 2 lemons", "a pinch of love", {"name": "x", "quantity": "a handful"}]}"#
        let (out, _, diagnostics) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(2))) }
        #expect(out.contains("Juice of 2 lemons"))
        #expect(out.contains("a pinch of love"))
        #expect(out.contains("a handful"))
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.severity == .note && $0.message.contains("left as is") })
    }

    /// An amount that goes on past a range ("1-1-1-2 cups") is not one Larder reads: it is
    /// kept as written, with a note. Doubled, "1-1-1-2 cups water" became "2-1-2 cups
    /// water": the range "1-1" was scaled and a segment of the text was lost.
    @Test func anAmountThatGoesOnPastARangeIsKeptAsWritten() throws {
        for line in ["1-1-1-2 cups water", "1-2-3 eggs", "2 - 3 - 4 cups flour", "1–2–3 tbsp oil"] {
            let text = #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["\#(line)"]}"#
            let (out, _, diagnostics) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(2))) }
            #expect(out == text.replacingOccurrences(of: #""servings": 2"#, with: #""servings": 4"#), "\(line): \(out)")
            #expect(diagnostics.map(\.severity) == [.note], "\(line)")
            #expect(diagnostics.first?.message.contains("is not an amount Larder can read") == true, "\(line): \(diagnostics.map(\.message))")
        }
    }

    /// Numbers out of reach are errors for the recipe, not a crash (and not a warning: the
    /// recipe would say the wrong thing with them left as written).
    @Test func hugeNumbersAreAnErrorNotACrash() throws {
        let text = #"{"id": "x", "name": "X", "ingredients": [{"name": "x", "quantity": 4611686018427387904, "unit": "g"}, {"name": "y", "quantity": 1e-30, "unit": "g"}]}"#
        let (out, _, diagnostics) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(r(3, 7)))) }
        #expect(out.contains("4611686018427387904"))
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func anArrayOfRecipesScalesEach() throws {
        let text = "[\(bolo), {\"id\": \"y\", \"name\": \"Y\", \"servings\": 2, \"ingredients\": [\"2 eggs\"]}]"
        let (_, v, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .servings(4))) }
        #expect(v.at("0/servings") == 4)
        #expect(v.at("1/servings") == 4)
        #expect(v.at("1/ingredients/0") == "4 eggs")
    }

    @Test func aFactorOfOneChangesNothing() throws {
        let outcome = scale.outcome(for: try document(bolo), options: ScaleOptions(target: .servings(8)))
        #expect(outcome.edits.isEmpty)
    }

    @Test func scalingByFThenOneOverFGivesTheExampleBackByteForByte() throws {
        let path = repositoryRoot.appendingPathComponent("Examples/cocktails/content/drinks.json").path
        let original = String(decoding: try FileBytes.read(path), as: UTF8.self)
        for f in [r(2), r(3), r(4), r(10)] {
            let (there, _, _) = try transformed(original) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(f))) }
            #expect(there != original)
            let (back, _, _) = try transformed(there) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(try! f.reciprocal()))) }
            #expect(back == original, "× \(f)")
        }
    }

    @Test(arguments: ["Examples/cocktails/content/drinks.json", "Examples/portuguese-recipes/content/recipes.json"])
    func theExamplesScaleToValidRecipes(_ file: String) throws {
        let text = String(decoding: try FileBytes.read(repositoryRoot.appendingPathComponent(file).path), as: UTF8.self)
        for target in [ScaleOptions.Target.servings(1), .servings(3), .servings(12), .factor(r(1, 3)), .factor(r(5, 2))] {
            let (out, _, diagnostics) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: target), language: "en") }
            #expect(try schemaErrors(out) == [], "\(target)")
            #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        }
    }

    @Test func thePluginProtocolPathWritesTheDocument() throws {
        var registry = PluginRegistry()
        registry.registerBuiltInTransforms()
        #expect(registry.ids(of: .transform) == ["convert", "scale"])
        let transform = try registry.transform("scale")
        var doc = try document(bolo)
        let notes = try transform.apply(to: &doc, context: TransformContext(transformID: "scale", options: ["servings": 16]))
        #expect(notes.isEmpty)
        #expect(doc.isModified)
        #expect(doc.value["servings"] == 16)
        #expect(doc.value.at("ingredients/0/quantity") == 1)
        #expect(doc.value.at("ingredients/0/unit") == "kg")
    }

    @Test(arguments: [
        (JSONValue.null, "give one of servings"),
        (["servings": 2, "factor": 2], "only one"),
        (["servings": -2], "above 0"),
        (["servings": "many"], "above 0"),
        (["factor": 2, "convention": "martian"], "convention must be"),
        (["fator": 2], "unknown option 'fator'"),
        (["to": "flour"], "NAME=AMOUNT"),
        (["to": "flour=lots"], "needs an amount"),
        // Said to be too large before.
        (["factor": "0.0000000000000000000001"], "has more decimal places than Larder computes with (18)"),
        // A small number with too many decimals for 64 bits is too precise, not too large
        // (both were "too large to compute exactly"); a large one is too large.
        (["servings": "2.333333333333333333333"], #"servings "2.333333333333333333333" has more decimal places than Larder computes with (18)"#),
        (["factor": "2.333333333333333333333"], #"factor "2.333333333333333333333" has more decimal places than Larder computes with (18)"#),
        (["servings": "99999999999999999999.5"], "is too large to compute exactly"),
        // `to` says what `factor` says of a number it cannot compute with (it said "--to needs
        // an amount after '='", as if none were given), naming the option as larder.yml
        // writes it, not the command line's flag.
        (["to": "flour=1e30 g"], "to: '1e30 g' is too large to compute exactly; give an amount a recipe holds, such as 300 g or 2 cups"),
        (["to": "flour=0.1234567890123456789 g"], "to: '0.1234567890123456789 g' has more decimal places than Larder computes with (18)"),
        (["to": "flour=1e-30 g"], "to: '1e-30 g' has more decimal places than Larder computes with (18)"),
        (["to": "flour=2.333333333333333333333 g"], "to: '2.333333333333333333333 g' has more decimal places than Larder computes with (18)"),
        (["to": "flour"], "to takes NAME=AMOUNT, such as \"flour=300 g\"; got 'flour'"),
        // A factor past a million times either way is a mistake (it scaled servings and left
        // amounts too large to compute).
        (["factor": 10_000_000], "more than a million times"),
        (["factor": "1/10000000"], "less than a millionth"),
    ] as [(JSONValue, String)])
    func badOptionsAreSentences(_ options: JSONValue, _ expected: String) {
        #expect {
            _ = try ScaleOptions(json: options)
        } throws: { error in
            guard let message = (error as? TransformOptionError)?.message else { return false }
            return message.contains(expected) && !message.contains("--")
        }
    }

    /// Each mistake says where below the step's options it is, so the config check reports
    /// it at the option's value (or key) in larder.yml.
    @Test func badOptionsSayWhereTheyAre() {
        func place(_ problems: [OptionProblem]) -> [String] { problems.map { $0.path.joined(separator: "/") + ($0.isKey ? " (key)" : "") } }
        #expect(place(scale.checkOptions(["factor": -1], locales: ["en"])) == ["factor"])
        #expect(place(scale.checkOptions(["servings": 4, "convention": "martian"], locales: ["en"])) == ["convention"])
        #expect(place(scale.checkOptions(["to": "flour=lots"], locales: ["en"])) == ["to"])
        #expect(place(scale.checkOptions(["fator": 2], locales: ["en"])) == ["fator (key)"])
        #expect(place(scale.checkOptions(["servings": 2, "factor": 2], locales: ["en"])) == ["factor (key)"])
        #expect(place(scale.checkOptions(.null, locales: ["en"])) == [""])
        let convert = ConvertTransform()
        #expect(place(convert.checkOptions(["energy": "kJ", "serving-size": "12 parsecs"], locales: ["en"])) == ["serving-size"])
        #expect(place(convert.checkOptions(["energy": "joules"], locales: ["en"])) == ["energy"])
        #expect(place(convert.checkOptions(["per": "serving", "keep": "maybe"], locales: ["en"])) == ["keep"])
        #expect(scale.optionProblems(["factor": -1], locales: ["en"]) == scale.checkOptions(["factor": -1], locales: ["en"]).map(\.message))
    }

    /// A negative number is below 0 however many digits it has: servings of
    /// -9223372036854775808 were "too large to compute exactly".
    @Test func aNegativeNumberIsBelowZeroHoweverLong() throws {
        for value: JSONValue in [-1, "-9223372036854775808", .number(JSONNumber(literal: "-92233720368547758080")), "-0.0000000000000000001"] {
            #expect(throws: TransformOptionError.self) { try ScaleOptions.positive(value, what: "servings") }
            do {
                _ = try ScaleOptions.positive(value, what: "servings")
            } catch {
                #expect(error.description.hasPrefix("scale: servings must be a number above 0 (such as 4, 1.5 or 1/2); got "), "\(error)")
            }
        }
        #expect(throws: TransformOptionError.self) { try ScaleOptions.positive("92233720368547758080", what: "servings") }
    }

    @Test func optionsFromConfig() throws {
        #expect(try ScaleOptions(json: ["factor": "1/2"]).target == .factor(r(1, 2)))
        // An exponent, as `--factor 1e1` gives it (it was "must be a number above 0").
        #expect(try ScaleOptions(json: ["factor": "1e1"]).target == .factor(r(10, 1)))
        #expect(try ScaleOptions(json: ["factor": "2.5e0"]).target == .factor(r(5, 2)))
        #expect(try ScaleOptions(json: ["servings": 6, "convention": "metric"]).convention == .metric)
        #expect(try ScaleOptions(json: ["to": "flour=300 g"]).target == .ingredient(name: "flour", quantity: Quantity(amount: .exact(300), unit: KitchenUnits.standard.unit(id: "g"))))
    }

    @Test func metricConventionFitsMetricSpoons() throws {
        let text = #"{"id": "x", "name": "X", "ingredients": ["1 tsp salt", "4 tbsp oil"]}"#
        let (_, v, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(3), convention: .metric)) }
        #expect(v.at("ingredients/0") == "1 tbsp salt")
        #expect(v.at("ingredients/1") == "12 tbsp oil")  // 180 ml is not a whole metric cup
        let (_, us, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(3))) }
        #expect(us.at("ingredients/1") == "3/4 cup oil")
    }

    @Test func diagnosticsHaveLinesAndColumns() throws {
        let text = "{\n  \"id\": \"x\", \"name\": \"X\",\n  \"ingredients\": [\n    \"Juice of 2 lemons\"\n  ]\n}\n"
        let outcome = scale.outcome(for: try document(text), options: ScaleOptions(target: .factor(2)))
        let d = try #require(outcome.diagnostics.first)
        #expect(d.start.line == 4)
        #expect(d.start.column == 5)
        #expect(d.ruleID == "scale")
    }
    /// A tiny amount in kitchen fractions is written in a text quantity as its fraction
    /// when its decimal runs past three places, as a third is (`1/3`, never `0.333…`), at
    /// either end of a range: `"0.5-48"` tsp x 1/32 was `"0.015625-1.5"`, `"0.5"`
    /// `"0.015625"`. A number, and each end of `{min, max}`, stays the exact number it is
    /// (`0.015625`, 1/64 tsp), which an app can read back.
    @Test func aTinyKitchenAmountInTextIsWrittenAsAFraction() throws {
        let text = #"{"id": "x", "name": "x", "servings": 32, "ingredients": [{"name": "a", "quantity": "0.5-48", "unit": "tsp"}, {"name": "b", "quantity": "0.5", "unit": "tsp"}, {"name": "c", "quantity": "1.5-3", "unit": "tsp"}, {"name": "d", "quantity": {"min": 0.5, "max": 48}, "unit": "tsp"}, {"name": "e", "quantity": 0.5, "unit": "tsp"}, {"name": "f", "quantity": "4.5-48", "unit": "tsp"}, "0.5-48 tsp salt"]}"#
        let (out, v, _) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .servings(r(1)))) }
        #expect(v.at("ingredients/0/quantity") == "1/64-1.5", "\(out)")
        #expect(v.at("ingredients/1/quantity") == "1/64")
        #expect(v.at("ingredients/2/quantity") == "1/16-0.125")
        #expect(v.at("ingredients/3/quantity") == ["min": 0.015625, "max": 1.5])
        #expect(v.at("ingredients/4/quantity") == 0.015625)
        #expect(v.at("ingredients/5/quantity") == "0.125-1.5")
        #expect(v.at("ingredients/6") == "1/64-1.5 tsp salt")
    }
}
