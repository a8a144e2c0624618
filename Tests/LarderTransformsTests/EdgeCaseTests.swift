import Foundation
import LarderCore
import LarderJSON
import LarderTransforms
import LarderUnits
import Testing

@Suite struct EdgeCaseTests {
    let scale = ScaleTransform()
    let convert = ConvertTransform()

    func scaled(_ text: String, by factor: Rational = 2) throws -> (text: String, value: JSONValue, diagnostics: [Diagnostic]) {
        try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(factor))) }
    }

    /// A key given twice in an object: readers take the last value, and scale and convert
    /// rewrote it and left the first to contradict it (`"servings": 2, "servings": 4` to 8
    /// gave `"servings": 2, "servings": 8`). The document is refused, with an error at the
    /// repeated key; the other recipe of the file is scaled.
    @Test func aKeyGivenTwiceIsRefusedNotHalfRewritten() throws {
        let file = #"[{"id": "a", "name": "A", "servings": 2, "servings": 4, "ingredients": ["1 egg"]}, {"id": "b", "name": "B", "servings": 2, "ingredients": ["1 egg"]}]"#
        let (text, _, diagnostics) = try scaled(file)
        #expect(text == file.replacingOccurrences(of: #""servings": 2, "ingredients": ["1 egg"]"#, with: #""servings": 4, "ingredients": ["2 eggs"]"#))
        #expect(diagnostics.map(\.message) == [#""servings" is given twice in this object (readers take the last one); remove one, then scale; nothing is scaled"#])
        #expect(diagnostics.map(\.severity) == [.error] && diagnostics.first?.column == 42)
        let product = #"{"code": "3017620422003", "name": "x", "quantity": {"value": 400, "unit": "g", "unit": "oz"}}"#
        let (same, _, refused) = try transformed(product) { convert.outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(same == product)
        #expect(refused.map(\.message) == [#""unit" is given twice in this object (readers take the last one); remove one, then convert; nothing is converted"#])
    }

    /// A text holding a lone surrogate escape (`\uD800`) is read with U+FFFD in its place:
    /// scale and convert rewrote it so, silently, and the `lone-surrogate` error was gone.
    /// It is left as written, with a warning; the other lines are rewritten.
    @Test func aTextWithALoneSurrogateIsLeftAsWritten() throws {
        let recipe = #"{"id": "x", "name": "N", "servings": 1, "ingredients": ["2 cups fl\uD800our", "1 cup milk"], "steps": ["Bake at 350 °F \uD800."]}"#
        let (text, _, diagnostics) = try scaled(recipe, by: 3)
        #expect(text.contains(#"["2 cups fl\uD800our", "3 cups milk"]"#), "\(text)")
        let warnings = diagnostics.filter { $0.severity == .warning }
        #expect(warnings.count == 1 && warnings[0].message.contains("holds a lone surrogate") && warnings[0].message.hasSuffix("then scale again"), "\(diagnostics.map(\.message))")
        let (converted, _, notes) = try transformed(recipe) { convert.outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(converted.contains(#""2 cups fl\uD800our""#) && converted.contains(#""Bake at 350 °F \uD800.""#), "\(converted)")
        #expect(notes.filter { $0.message.contains("holds a lone surrogate") }.count == 2, "\(notes.map(\.message))")
    }

    /// A factor given with many digits (1.3333333333333333, 2.718281828459045) scaled grams
    /// but left every cup and spoon as it was, "too large to compute exactly": its
    /// denominator times a cup's in millilitres overflows. Such amounts are scaled by the
    /// factor rounded to a near fraction, with one note; servings that come to a whole
    /// number but for the last digit are that number, and the note does not contradict it.
    @Test func aFactorWithManyDigitsScalesEveryAmount() throws {
        let recipe = #"{"id":"m","name":"M","servings":3,"ingredients":[{"name":"flour","quantity":300,"unit":"g"},{"name":"milk","quantity":1,"unit":"cup"},"1/2 tsp salt"]}"#
        let third = try #require(try Rational(decimal: "1.3333333333333333"))
        let (text, _, diagnostics) = try scaled(recipe, by: third)
        #expect(text == #"{"id":"m","name":"M","servings":4,"ingredients":[{"name":"flour","quantity":400,"unit":"g"},{"name":"milk","quantity":1.33,"unit":"cup"},"2/3 tsp salt"]}"#)
        #expect(diagnostics.allSatisfy { $0.severity == .note }, "\(diagnostics.map(\.message))")
        #expect(diagnostics.map(\.message) == [
            "servings 3 × about 1.33 is not exactly a whole number; rounded to 4",
            "the factor 1.3333333333333333 is too fine to compute with exactly in these units; amounts that need it are scaled by 4/3 instead (off by under 0.0001 %)",
        ])

        let e = try #require(try Rational(decimal: "2.718281828459045"))
        let (eText, _, eDiagnostics) = try scaled(recipe, by: e)
        #expect(eText.contains(#"{"name":"milk","quantity":2.75,"unit":"cup"}"#), "\(eText)")
        #expect(eText.contains(#""1 1/3 tsp salt""#), "\(eText)")
        #expect(!eDiagnostics.contains { $0.severity != .note }, "\(eDiagnostics.map(\.message))")
    }

    /// A quantity a program wrote as a float (Python writes a third 0.3333333333333333)
    /// could be neither scaled nor converted: its denominator, 10^16, times a cup's in
    /// millilitres overflowed, so the recipe was left unscaled (a warning) and convert
    /// failed the build. It is read as the nearest fraction with a denominator up to a
    /// million, 1/3; a quantity with nine decimal places or fewer is read exactly.
    @Test func aQuantityWrittenAsAFloatIsReadAsTheFractionItMeans() throws {
        let recipe = #"{"id":"m","name":"M","servings":2,"ingredients":[{"name":"milk","quantity":0.3333333333333333,"unit":"cup"},{"name":"oil","quantity":{"min":0.6666666666666666,"max":0.7071067811865476},"unit":"cup"},{"name":"salt","quantity":0.123456789,"unit":"g"}]}"#
        let (text, _, diagnostics) = try scaled(recipe, by: 3)
        #expect(text == #"{"id":"m","name":"M","servings":6,"ingredients":[{"name":"milk","quantity":1,"unit":"cup"},{"name":"oil","quantity":{"min":2,"max":2.125},"unit":"cup"},{"name":"salt","quantity":0.37,"unit":"g"}]}"#, "\(text)")
        #expect(!diagnostics.contains { $0.severity != .note }, "\(diagnostics.map(\.message))")
        let (converted, _, problems) = try transformed(recipe) { convert.outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(converted.contains(#"{"name":"milk","quantity":78.9,"unit":"ml"},{"name":"oil","quantity":{"min":158,"max":167},"unit":"ml"}"#), "\(converted)")
        #expect(!problems.contains { $0.severity == .error }, "\(problems.map(\.message))")
        // The same in a free-text line (left unscaled there, with a warning).
        let line = #"{"id":"m","name":"M","servings":2,"ingredients":["0.3333333333333333 cup water","0.6666666666666666 tsp salt"]}"#
        let (lineText, _, lineDiagnostics) = try scaled(line, by: 2)
        #expect(lineText == #"{"id":"m","name":"M","servings":4,"ingredients":["2/3 cup water","1 1/3 tsp salt"]}"#, "\(lineText)")
        #expect(!lineDiagnostics.contains { $0.severity != .note }, "\(lineDiagnostics.map(\.message))")
        let (lineConverted, _, _) = try transformed(line) { convert.outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(lineConverted.contains(#""78.9 ml water""#), "\(lineConverted)")
    }

    /// A tiny quantity with ten or more decimal places is no float's noise: its nearest
    /// fraction with a denominator up to a million is 0, and 0.0000000004 kg x 1,000,000
    /// became 0 g (exit status 0, no note), which the quantity rule then refused. It is
    /// read exactly.
    @Test func aTinyQuantityIsNotReadAsZero() throws {
        let recipe = #"{"id":"p","name":"P","servings":4,"ingredients":[{"name":"saffron","quantity":0.0000000004,"unit":"kg"},{"name":"vanilla","quantity":{"min":0.0000000001,"max":1},"unit":"g"}]}"#
        let (text, v, diagnostics) = try scaled(recipe, by: 1_000_000)
        #expect(v.at("ingredients/0") == ["name": "saffron", "quantity": 0.4, "unit": "g"], "\(text)")
        #expect(v.at("ingredients/1") == ["name": "vanilla", "quantity": ["min": 0.0001, "max": 1000000], "unit": "g"], "\(text)")
        #expect(!diagnostics.contains { $0.severity != .note }, "\(diagnostics.map(\.message))")
        let tiny = try #require(try Rational(decimal: "0.0000000004"))
        #expect(tiny.asMeant == tiny)
        #expect(try #require(try Rational(decimal: "0.3333333333333333")).asMeant == (try Rational(1, 3)))
        // Converted, it is not 0 either.
        let (converted, cv, problems) = try transformed(recipe) { convert.outcome(for: $0, options: ConvertOptions(units: .us)) }
        #expect(cv.at("ingredients/0") == ["name": "saffron", "quantity": 0.000000014, "unit": "oz"], "\(converted)")
        #expect(!problems.contains { $0.severity == .error }, "\(problems.map(\.message))")
    }

    @Test func roundedFactorsAreTheNearestSmallFractions() throws {
        let third = try #require(try Rational(decimal: "1.3333333333333333"))
        #expect(third.approximated(maxDenominator: 100) == (try Rational(4, 3)))
        let e = try #require(try Rational(decimal: "2.718281828459045"))
        #expect(e.approximated(maxDenominator: 1000) == (try Rational(1457, 536)))
        #expect(e.approximated(maxDenominator: 10) == (try Rational(19, 7)))
        #expect((try Rational(1, 3)).approximated(maxDenominator: 100) == (try Rational(1, 3)))
    }

    @Test func emptyIngredientsAndEmptyLines() throws {
        let (text, _, diagnostics) = try scaled(#"{"id": "x", "name": "X", "servings": 2, "ingredients": ["", "   ", {}]}"#)
        #expect(text == #"{"id": "x", "name": "X", "servings": 4, "ingredients": ["", "   ", {}]}"#)
        #expect(diagnostics.isEmpty)
    }

    /// Quantities that are no amount were scaled into worse ones ("1/0 cup flour" became
    /// "2/0 cup flour", {"min": 3, "max": 2} became {"min": 6, "max": 4}): they are left as
    /// written, with a note that says why.
    @Test func impossibleQuantitiesAreLeftAsWritten() throws {
        let recipe = #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["1/0 cup flour", "3-2 eggs", {"name": "Ice", "quantity": {"min": 3, "max": 2}}, {"name": "Gin", "quantity": "5 to 1", "unit": "cl"}, {"name": "Lime", "quantity": "1/0"}, "1 cup milk"]}"#
        let (text, _, diagnostics) = try scaled(recipe)
        #expect(text == recipe.replacingOccurrences(of: #""servings": 2"#, with: #""servings": 4"#).replacingOccurrences(of: "1 cup milk", with: "2 cups milk"))
        #expect(diagnostics.map(\.message) == [
            "could not read the quantity of '1/0 cup flour' (the fraction 1/0 has a zero denominator); left as is",
            "could not read the quantity of '3-2 eggs' (the range runs backwards, from 3 down to 2); left as is",
            #"could not read the quantity {"min":3,"max":2} (the range runs backwards: min 3 is above max 2); left as is"#,
            "could not read the quantity \"5 to 1\" (the range runs backwards, from 5 down to 1); left as is",
            "could not read the quantity \"1/0\" (the fraction 1/0 has a zero denominator); left as is",
        ])
    }

    @Test func noIngredientsIsAWarningNotAChange() throws {
        let outcome = scale.outcome(for: try document(#"{"id": "x", "name": "X", "servings": 2}"#), options: ScaleOptions(target: .factor(2)))
        #expect(outcome.edits.isEmpty)
        #expect(outcome.diagnostics.first?.severity == .warning)
    }

    @Test func aDocumentThatIsNotAnObject() throws {
        let outcome = scale.outcome(for: try document("[1, 2]"), options: ScaleOptions(target: .factor(2)))
        #expect(outcome.hasErrors)
        #expect(outcome.diagnostics.first?.message.contains("an object") == true)
    }

    @Test func unicodeAndEscapesSurvive() throws {
        let (text, v, _) = try scaled(#"{"id": "x", "name": "Crème brûlée 🍮", "ingredients": ["2 c. à soupe de sucre \"extra\"", "1 ½ cups crème fraîche", "4 ovos 🥚"]}"#, by: try Rational(3, 2))
        #expect(v.at("ingredients/0") == "3 c. à soupe de sucre \"extra\"")
        #expect(v.at("ingredients/1") == "2 ¼ cups crème fraîche")  // the space kept
        #expect(v.at("ingredients/2") == "6 ovos 🥚")
        #expect(text.contains("Crème brûlée 🍮"))
    }

    @Test func escapedKeysAndUntouchedLiterals() throws {
        let (text, v, _) = try scaled(#"{"id": "x", "name": "X", "n\u0075mbers": [1.50, 1e2, -0.0], "ingredients": [{"name": "a", "quantity": 1e2, "unit": "g"}]}"#)
        #expect(v.at("ingredients/0/quantity") == 200)
        #expect(text.contains(#""n\u0075mbers": [1.50, 1e2, -0.0]"#))
    }

    @Test func hugeFactorsAndTinyAmounts() throws {
        let (_, v, _) = try scaled(#"{"id": "x", "name": "X", "ingredients": [{"name": "salt", "quantity": 0.001, "unit": "tsp"}, {"name": "flour", "quantity": 1, "unit": "g"}]}"#, by: try Rational(1, 1000))
        #expect(v.at("ingredients/0/quantity") == 0.015625)  // 1/64 tsp: never 0
        #expect(v.at("ingredients/1/quantity") == 0.001)
        let (_, big, _) = try scaled(#"{"id": "x", "name": "X", "ingredients": [{"name": "flour", "quantity": 500, "unit": "g"}]}"#, by: Rational(1_000_000))
        #expect(big.at("ingredients/0/quantity") == 500000)
        #expect(big.at("ingredients/0/unit") == "kg")
    }

    @Test func aRangeThatCollapsesKeepsItsShape() throws {
        let (_, v, _) = try scaled(#"{"id": "x", "name": "X", "ingredients": [{"name": "eggs", "quantity": {"min": 1, "max": 2}}, {"name": "y", "quantity": "2-3", "unit": "clove"}]}"#, by: try Rational(1, 4))
        #expect(v.at("ingredients/0/quantity") == ["min": 1, "max": 1])
        #expect(v.at("ingredients/1/quantity") == "1")
    }

    /// A range in cups was judged by its lower end only: 1/2-3/4 cup x 1.5 read 12 tbsp as
    /// well enough and wrote {"min": 12, "max": 18} tbsp. Both ends share the unit that reads
    /// well at the larger end too.
    @Test func aRangeInCupsStaysInCups() throws {
        let recipe = #"{"id": "a", "name": "A", "servings": 3, "ingredients": [{"name": "x", "quantity": {"min": 0.5, "max": 0.75}, "unit": "cup"}]}"#
        let (_, v, _) = try scaled(recipe, by: try Rational(3, 2))
        #expect(v.at("ingredients/0/quantity") == ["min": 0.75, "max": 1.125])
        #expect(v.at("ingredients/0/unit") == "cup")
    }

    /// Teaspoons in structured quantities: a text takes tablespoons and thirds ("2 2/3-4"
    /// tbsp), numbers stay numbers in the unit the two ends share ({"min": 8, "max": 12}
    /// tsp, not {"min": 2.67, "max": 4} tbsp), and a range whose ends no short decimal holds
    /// stays an object of numbers, each to three significant digits (it became the text
    /// "2 2/3-3 1/3", which an app that decodes the object cannot read).
    @Test func teaspoonRangesKeepReadableFractionsAndOneUnit() throws {
        let recipe = #"{"id": "a", "name": "A", "ingredients": [{"name": "a", "quantity": {"min": 2, "max": 3}, "unit": "tsp"}, {"name": "b", "quantity": "2-3", "unit": "tsp"}, {"name": "c", "quantity": 2, "unit": "tsp"}]}"#
        let (_, v, _) = try scaled(recipe, by: 4)
        #expect(v.at("ingredients/0/quantity") == ["min": 8, "max": 12])
        #expect(v.at("ingredients/0/unit") == "tsp")
        #expect(v.at("ingredients/1/quantity") == "2 2/3-4")
        #expect(v.at("ingredients/1/unit") == "tbsp")
        #expect(v.at("ingredients/2/quantity") == 8)
        #expect(v.at("ingredients/2/unit") == "tsp")

        let thirds = #"{"id": "a", "name": "A", "ingredients": [{"name": "a", "quantity": {"min": 8, "max": 10}, "unit": "tsp"}, {"name": "b", "quantity": {"min": 0.5, "max": 0.75}, "unit": "cup"}]}"#
        let (text, third, _) = try scaled(thirds, by: try Rational(1, 3))
        #expect(third.at("ingredients/0/quantity") == ["min": 2.67, "max": 3.33])
        #expect(third.at("ingredients/0/unit") == "tsp")
        #expect(third.at("ingredients/1/quantity") == ["min": 8, "max": 12])
        #expect(third.at("ingredients/1/unit") == "tsp")
        #expect(try schemaErrors(text) == [])
    }

    /// A structured range scaled, then converted, stays an object of numbers: `{"min": 2,
    /// "max": 3}` cups for 3 servings scaled to 4 became the text "2 2/3-4".
    @Test func aStructuredRangeStaysAnObjectOfNumbers() throws {
        let recipe = #"{"id": "q", "name": "T", "servings": 3, "ingredients": [{"name": "flour", "quantity": {"min": 2, "max": 3}, "unit": "cup"}]}"#
        let (text, v, _) = try transformed(recipe) { scale.outcome(for: $0, options: ScaleOptions(target: .servings(4))) }
        #expect(v.at("ingredients/0/quantity") == ["min": 2.67, "max": 4])
        #expect(v.at("ingredients/0/unit") == "cup")
        let (_, metric, _) = try transformed(text) { ConvertTransform().outcome(for: $0, options: ConvertOptions(units: .metric)) }
        #expect(metric.at("ingredients/0/quantity") == ["min": 632, "max": 946])
        #expect(metric.at("ingredients/0/unit") == "ml")
    }

    @Test func everyConventionScalesTheExamples() throws {
        let text = String(decoding: try FileBytes.read(repositoryRoot.appendingPathComponent("Examples/portuguese-recipes/content/recipes.json").path), as: UTF8.self)
        for convention in KitchenConvention.allCases {
            let (out, _, diagnostics) = try transformed(text) { scale.outcome(for: $0, options: ScaleOptions(target: .factor(3), convention: convention), language: "pt") }
            #expect(try schemaErrors(out) == [], "\(convention)")
            #expect(!diagnostics.contains { $0.severity == .error })
        }
    }

    @Test func kilojoulesToKilocaloriesInARecipe() throws {
        let text = #"{"id": "x", "name": "X", "ingredients": ["1 egg"], "nutrition": {"per": "100g", "energy": {"value": 1172, "unit": "kJ"}, "sodium": 0.4}}"#
        let (_, v, _) = try transformed(text) { convert.outcome(for: $0, options: ConvertOptions(energy: .kcal, salt: .salt)) }
        #expect(v.at("nutrition") == ["per": "100g", "energy": ["value": 280, "unit": "kcal"], "salt": 1])
    }

    @Test func convertingWithNothingToConvertChangesNothing() throws {
        let text = #"{"id": "x", "name": "X", "ingredients": ["2 eggs", "salt to taste"], "steps": ["Mix."]}"#
        let outcome = convert.outcome(for: try document(text), options: ConvertOptions(units: .metric))
        #expect(outcome.edits.isEmpty)
        #expect(outcome.diagnostics.isEmpty)
    }

    @Test func aProductsNetQuantityConverts() throws {
        let text = #"{"code": "5601234567890", "name": "X", "quantity": {"value": 400, "unit": "g"}}"#
        let (out, v, _) = try transformed(text) { convert.outcome(for: $0, options: ConvertOptions(units: .us)) }
        // As a label states it, to three digits (it was 14 oz, a kitchen fraction).
        #expect(v["quantity"] == ["value": 14.1, "unit": "oz"])
        #expect(try schemaErrors(out, schema: productSchema) == [])
    }
}
