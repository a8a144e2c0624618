import Foundation
import Testing

/// `larder lint` on real product labels it once got wrong: a sweetener, a syrup sold by
/// volume, per-serving figures and one barcode in three spellings, in a project with
/// `locales: [en, fr]`.
@Suite struct ProductNutritionLintTests {
    static let config = """
        locales: [en, fr]
        content:
          - kind: product
            include: ["content/*.json"]
        """

    func lint(_ products: String, config: String = Self.config) throws -> (status: Int32, lines: [String]) {
        let dir = try Scratch()
        try dir.write("larder.yml", config)
        try dir.write("content/products.json", products)
        let r = try CLI.run(["lint", "--no-cache", "--format", "xcode"], in: dir.url)
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let prefix = dir.url.appendingPathComponent("content/products.json").path + ":"
        let lines = r.stdout.split(separator: "\n").map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : String($0) }
        return (r.status, lines)
    }

    /// Was an error ("energy 0 kcal does not match ... 400 kcal"), and `polyols` was not
    /// allowed by the schema.
    @Test func aSweetenerIsANoteWithoutPolyolsAndCleanWithThem() throws {
        let without = try lint(#"""
            [{"code": "3017620422003", "name": {"en": "Erythritol sweetener", "fr": "Édulcorant"}, "nutrition": {"per100g": {"energyKcal": 0, "energyKj": 0, "fat": 0, "carbohydrates": 100, "sugars": 0, "protein": 0, "salt": 0}}}]
            """#)
        #expect(without.status == 0)
        #expect(without.lines.count == 1 && without.lines[0].hasPrefix("1:") && without.lines[0].contains(": note: energy 0 kcal is below the macronutrients"), "\(without.lines)")
        let with = try lint(#"""
            [{"code": "3017620422003", "name": {"en": "Erythritol sweetener", "fr": "Édulcorant"}, "nutrition": {"per100g": {"energyKcal": 0, "energyKj": 0, "fat": 0, "carbohydrates": 100, "sugars": 0, "polyols": 100, "erythritol": 100, "protein": 0, "salt": 0}}},
             {"code": "96385074", "name": {"en": "Gum", "fr": "Gomme"}, "nutrition": {"per100g": {"energyKcal": 155, "fat": 0.5, "carbohydrates": 64, "sugars": 0.5, "polyols": 63, "protein": 0, "salt": 0}}}]
            """#)
        #expect(with.status == 0 && with.lines.isEmpty, "\(with.lines)")
    }

    /// Was "carbohydrates 107 g per 100 g is more than 100 g, which no food can hold".
    @Test func aSyrupSoldByVolumeIsPer100Millilitres() throws {
        let r = try lint(#"""
            {"code": "3017620422003", "name": {"en": "A", "fr": "B"}, "quantity": {"value": 250, "unit": "ml"}, "serving": {"value": 15, "unit": "ml"}, "nutrition": {"per100g": {"energyKcal": 430, "fat": 0, "carbohydrates": 107, "sugars": 90, "protein": 0}}}
            """#)
        #expect(r.status == 0 && r.lines.isEmpty, "\(r.lines)")
    }

    /// Both passed.
    @Test func perServingFiguresAreChecked() throws {
        let r = try lint(#"""
            [{"code": "3017620422003", "name": {"en": "A", "fr": "B"}, "serving": {"value": 15, "unit": "g"}, "nutrition": {"perServing": {"fat": 30.9, "carbohydrates": 57.5, "protein": 6.3}}},
             {"code": "96385074", "name": {"en": "A", "fr": "B"}, "serving": {"value": 15, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 539, "fat": 30.9}, "perServing": {"energyKcal": 539, "fat": 4.6}}}]
            """#)
        #expect(r.status == 1)
        #expect(r.lines.count == 2, "\(r.lines)")
        #expect(r.lines.first?.contains("error: fat 30.9 + carbohydrates 57.5 + protein 6.3 = 94.7 g per serving, more than 15 g") == true)
        #expect(r.lines.last?.contains("error: energy 539 kcal per serving is not energy 539 kcal per 100 g x 15 g / 100 = 80.85 kcal") == true)
    }

    /// Options the config check rejects were still applied to the content: `maxPer100g: 0`
    /// gave "fat 3.5 g per 100 g is more than 0 g, which no food can hold" besides the
    /// config error, `macroTolerance: -1` "(allowed difference -100% + 5 kcal)". The rule
    /// now runs with the default of a rejected option.
    @Test func aRejectedOptionIsNotApplied() throws {
        let product = #"{"code": "3017620422003", "name": {"en": "A", "fr": "B"}, "nutrition": {"per100g": {"energyKcal": 500, "fat": 3.5, "carbohydrates": 20, "protein": 5}}}"#
        func config(_ options: String) -> String { Self.config + "\nrules:\n  nutrition-consistency: { \(options) }\n" }
        let zero = try lint(product, config: config("maxPer100g: 0"))
        #expect(zero.status == 2)
        #expect(zero.lines.filter { $0.hasSuffix("[config]") }.count == 1, "\(zero.lines)")
        let content = zero.lines.filter { !$0.hasSuffix("[config]") }
        #expect(content.count == 1 && content[0].contains("error: energy 500 kcal does not match the macronutrients"), "\(zero.lines)")
        let negative = try lint(product, config: config("macroTolerance: -1, macroToleranceKcal: 10"))
        #expect(negative.status == 2)
        #expect(negative.lines.filter { $0.hasSuffix("[config]") }.count == 1, "\(negative.lines)")
        // The rejected option takes its default (20%); the accepted one is applied.
        #expect(negative.lines.contains { $0.contains("= 132 kcal (allowed difference 20% + 10 kcal)") }, "\(negative.lines)")
    }

    /// Passed as three products.
    @Test func oneBarcodeInThreeSpellingsIsOneID() throws {
        let r = try lint(#"""
            [{"code": "036000291452", "name": {"en": "A", "fr": "B"}},
             {"code": "0036000291452", "name": {"en": "A", "fr": "B"}},
             {"code": "00036000291452", "name": {"en": "A", "fr": "B"}}]
            """#)
        #expect(r.status == 1)
        let errors = r.lines.filter { $0.contains(": error: ") }
        #expect(errors.count == 2, "\(r.lines)")
        #expect(errors.first?.contains("product code '0036000291452' is already used by the product at content/products.json:1:11 (as '036000291452'") == true, "\(errors)")
    }
}
