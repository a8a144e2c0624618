import LarderCore
import LarderJSON
@testable import LarderRules
import Testing

@Suite struct GTINChecksumTests {
    let rule = GTINChecksumRule()

    @Test(arguments: [
        ("96385074", true), ("96385070", false),                 // EAN-8
        ("036000291452", true), ("036000291450", false),         // UPC-A
        ("3017620422003", true), ("5601234005196", true), ("5601234005199", false),  // EAN-13
        ("10036000291459", true), ("10036000291458", false),     // GTIN-14
        ("00000000", false), ("0000000000000", false), ("00000000000000", false),  // zeros: no barcode
        ("00000001", false), ("00000017", true),
    ])
    func checkDigits(_ code: String, _ valid: Bool) throws {
        let found = try run(rule, "{\"code\": \"\(code)\"}", kind: "product")
        #expect(found.isEmpty == valid, "\(code)")
    }

    @Test(arguments: ["", "1234567", "12345678901", "123456789012345", "3017620422OO3", "３０１７６２０４２２００３", " 96385074"])
    func otherShapesAreLeftToTheSchema(_ code: String) throws {
        let json = String(decoding: JSONWriter.compact.bytes(["code": .string(code)]), as: UTF8.self)
        #expect(try run(rule, json, kind: "product").isEmpty)
    }

    @Test func aCodeOfZerosIsCalledAStandInNotAWrongCheckDigit() throws {
        let found = try run(rule, #"{"code": "0000000000000"}"#, kind: "product")
        let d = try #require(found.first)
        #expect(found.count == 1 && d.pointer == "/code")
        #expect(d.message.contains("all zeros") && d.message.contains("EAN-13") && !d.message.contains("check digit is"))
    }

    @Test func theMessageNamesTheExpectedDigitAndTheKind() throws {
        let found = try run(rule, "{\n  \"code\": \"5601234005199\"\n}", kind: "product")
        let d = try #require(found.first)
        #expect(d.pointer == "/code" && d.line == 2 && d.column == 11)
        #expect(d.message.contains("not a valid EAN-13"))
        #expect(d.message.contains("check digit is 9, but the other digits call for 6 ('5601234005196')"))
        #expect(GTINChecksumRule.checkDigit(for: [4, 0, 0, 6, 3, 8, 1, 3, 3, 3, 9, 3]) == 1)
    }

    /// An 8-digit code whose EAN-8 and UPC-E readings call for the same check digit names
    /// it once: the message said "call for 0 as an EAN-8 ('12345670') and 0 as a UPC-E
    /// ('12345670')".
    @Test func anEAN8AndUPCEThatAgreeNameTheDigitOnce() throws {
        let found = try run(rule, #"[{"code": "12345678"}, {"code": "04252615"}]"#, kind: "product")
        #expect(found.map(\.message) == [
            "code '12345678' is not a valid EAN-8 or UPC-E: its check digit is 8, but the other digits call for 0 ('12345670') as an EAN-8 and as a UPC-E; fix the check digit, or the digit that was mistyped",
            "code '04252615' is not a valid EAN-8 or UPC-E: its check digit is 5, but the other digits call for 0 as an EAN-8 ('04252610') and 4 as a UPC-E ('04252614'); fix the check digit, or the digit that was mistyped",
        ])
    }

    @Test func onlyProducts() throws {
        #expect(try run(rule, #"{"code": "5601234005199"}"#, kind: "recipe").isEmpty)
        #expect(try run(rule, #"{"code": 5601234005199}"#, kind: "product").isEmpty)
    }
}

@Suite struct NutritionConsistencyTests {
    let rule = NutritionConsistencyRule()

    func product(_ per100g: String) -> String { "{\"code\": \"1\", \"nutrition\": {\"per100g\": {\(per100g)}}}" }

    @Test func saltAndSodiumMessageShowsTheNumbers() throws {
        let found = try run(rule, product(#""salt": 1.2, "sodium": 0.8"#), kind: "product")
        #expect(found.map(\.pointer) == ["/nutrition/per100g/sodium"])
        #expect(found[0].message.hasPrefix("salt 1.2 g is not sodium 0.8 g x 2.5 = 2 g;"))
        #expect(found[0].message.contains("sodium is 0.48 g"))
    }

    /// Huge values are reported, not a crash: sodium 1e19 trapped converting 2.5e19 g of
    /// salt to Int for the message (lint exited with SIGILL).
    @Test(arguments: [#""salt": 1, "sodium": 1e19"#, #""fat": 1e308, "salt": 1e308"#, #""energyKcal": 1e300, "energyKj": 1"#])
    func hugeValuesAreReportedNotACrash(_ per100g: String) throws {
        let found = try run(rule, product(per100g), kind: "product")
        #expect(!found.isEmpty, "\(per100g)")
    }

    @Test(arguments: [
        // salt, sodium, fires (tolerance 5% of the larger + 0.02 g)
        (1.0, 0.4, false), (1.07, 0.4, false), (1.08, 0.4, true), (0.93, 0.4, false), (0.92, 0.4, true),
        (0.03, 0.004, false), (0.04, 0.004, true), (0.0, 0.0, false), (0.107, 0.0428, false),
    ])
    func saltToleranceBorders(_ salt: Double, _ sodium: Double, _ fires: Bool) throws {
        let found = try run(rule, product("\"salt\": \(salt), \"sodium\": \(sodium)"), kind: "product")
        #expect(found.isEmpty != fires, "salt \(salt) sodium \(sodium)")
    }

    @Test(arguments: [
        // kcal, kJ, fires (2% of the larger + 2 kJ)
        (100.0, 418.0, false), (100.0, 427.0, false), (100.0, 429.0, true), (100.0, 410.0, false), (100.0, 407.0, true),
        (0.0, 2.0, false), (0.0, 3.0, true), (433.0, 433.0, true), (280.0, 1172.0, false),
    ])
    func kilojouleToleranceBorders(_ kcal: Double, _ kj: Double, _ fires: Bool) throws {
        let found = try run(rule, product("\"energyKcal\": \(kcal), \"energyKj\": \(kj)"), kind: "product")
        #expect(found.isEmpty != fires, "\(kcal) kcal \(kj) kJ")
        if fires { #expect(found[0].pointer == "/nutrition/per100g/energyKj") }
    }

    @Test(arguments: [
        // energyKcal for fat 10, carbohydrates 20, protein 5, fiber 5: 90 + 80 + 20 + 10 = 200 kcal;
        // allowed: 20% of 200 + 5 = 45 kcal
        (200.0, false), (245.0, false), (246.0, true), (155.0, false), (154.0, true),
    ])
    func macronutrientToleranceBorders(_ kcal: Double, _ fires: Bool) throws {
        let json = product("\"energyKcal\": \(kcal), \"fat\": 10, \"carbohydrates\": 20, \"protein\": 5, \"fiber\": 5")
        let found = try run(rule, json, kind: "product")
        #expect(found.isEmpty != fires, "\(kcal) kcal")
        if fires {
            #expect(found[0].pointer == "/nutrition/per100g/energyKcal")
            #expect(found[0].message.contains("fat 10 g x 9 + carbohydrates 20 g x 4 + protein 5 g x 4 + fiber 5 g x 2 = 200 kcal (allowed difference 20% + 5 kcal)"))
        }
    }

    @Test func macroToleranceIsAnOption() throws {
        let json = product(#""energyKcal": 300, "fat": 10, "carbohydrates": 20, "protein": 5"#)
        #expect(try run(rule, json, kind: "product").count == 1)
        #expect(try run(rule, json, kind: "product", options: ["macroTolerance": 0.6]).isEmpty)
        #expect(try run(rule, json, kind: "product", options: ["macroTolerance": 0, "macroToleranceKcal": 120]).isEmpty)
    }

    @Test func energyInKilojoulesOnlyIsComparedInKcal() throws {
        let json = product(#""energyKj": 2255, "fat": 30.9, "carbohydrates": 57.5, "protein": 6.3"#)
        #expect(try run(rule, json, kind: "product").isEmpty)
        let wrong = try run(rule, product(#""energyKj": 452, "fat": 30.9, "carbohydrates": 57.5, "protein": 6.3"#), kind: "product")
        #expect(wrong.map(\.pointer) == ["/nutrition/per100g/energyKj"])
        #expect(wrong[0].message.hasPrefix("energy 452 kJ (108 kcal) does not match"))
    }

    @Test func aKilojouleMismatchDoesNotAlsoReportTheMacronutrients() throws {
        let json = product(#""energyKcal": 433, "energyKj": 433, "fat": 20, "carbohydrates": 50, "protein": 8"#)
        let found = try run(rule, json, kind: "product")
        #expect(found.map(\.pointer) == ["/nutrition/per100g/energyKj"])
        #expect(found[0].message == "energy 433 kJ is not 433 kcal x 4.184 = 1812 kJ; fix one of them")
    }

    /// Labels computed with Annex XIV's separate kJ and kcal factors were errors: inulin
    /// (90 g fibre at 8 kJ / 2 kcal, 8 g carbohydrates at 17 / 4) is 856 kJ and 212 kcal,
    /// vinegar essence (25 g organic acids at 13 / 3) 325 kJ and 75 kcal, neither kcal x 4.184.
    @Test func kilojoulesAndKilocaloriesFromAnnexXIVFactorsPass() throws {
        let inulin = #""energyKj": 856, "energyKcal": 212, "fat": 0, "carbohydrates": 8, "sugars": 8, "fiber": 90, "protein": 0"#
        #expect(try run(rule, product(inulin), kind: "product").isEmpty)
        let vinegar = #""energyKj": 325, "energyKcal": 75, "fat": 0, "carbohydrates": 0, "protein": 0, "organicAcids": 25"#
        #expect(try run(rule, product(vinegar), kind: "product").isEmpty)
        // kJ that neither kcal x 4.184 nor the factors' ratio explains is still reported, as before.
        let wrong = try run(rule, product(inulin.replacingOccurrences(of: "856", with: "950")), kind: "product")
        #expect(wrong.map(\.pointer) == ["/nutrition/per100g/energyKj"])
        #expect(wrong.first?.message == "energy 950 kJ is not 212 kcal x 4.184 = 887 kJ; fix one of them")
        // kJ and kcal that each pass against the macronutrients but not against each other.
        let apart = try run(rule, product(#""energyKj": 460, "energyKcal": 100, "fat": 0, "carbohydrates": 25, "protein": 0"#), kind: "product")
        #expect(apart.map(\.pointer) == ["/nutrition/per100g/energyKj"])
        // Without the macronutrients nothing explains the pair.
        #expect(try run(rule, product(#""energyKj": 856, "energyKcal": 212"#), kind: "product").map(\.pointer) == ["/nutrition/per100g/energyKj"])
    }

    @Test func over100GramsOnlyPer100g() throws {
        let found = try run(rule, #"{"code": "1", "nutrition": {"per100g": {"salt": 180, "fat": 100}, "perServing": {"protein": 150}}}"#, kind: "product")
        #expect(found.map(\.pointer) == ["/nutrition/per100g/salt"])
        #expect(found[0].message.hasPrefix("salt 180 g per 100 g is more than 100 g"))
        let recipe = #"{"id": "r", "nutrition": {"per": "100g", "carbohydrates": 100.5}}"#
        #expect(try run(rule, recipe, kind: "recipe").map(\.pointer) == ["/nutrition/carbohydrates"])
        #expect(try run(rule, recipe.replacingOccurrences(of: "100g", with: "serving"), kind: "recipe").isEmpty)
    }

    /// With `maxPer100g` below 100 the message said "which no food can hold", untrue when
    /// the cap is the project's.
    @Test func aLoweredCapIsNamedInTheMessage() throws {
        let options: JSONValue = ["maxPer100g": 50]
        let hundred = try run(rule, product(#""fat": 60"#), kind: "product", options: options)
        #expect(hundred.map(\.message) == ["fat 60 g per 100 g is more than 50 g, the most the project's `maxPer100g` (50 g per 100 g) allows; a misplaced decimal point?"])
        let serving = try run(rule, #"{"code": "1", "serving": {"value": 10, "unit": "g"}, "nutrition": {"perServing": {"fat": 6}}}"#, kind: "product", options: options)
        #expect(serving.first?.message.hasPrefix("fat 6 g per serving is more than 5 g, the most the project's `maxPer100g` (50 g per 100 g) allows in a serving of 10 g;") == true, "\(serving)")
        #expect(try run(rule, product(#""fat": 40"#), kind: "product", options: options).isEmpty)
    }

    /// A sugar-free sweetener (0 kcal, 100 g carbohydrates of erythritol) and a chewing gum
    /// (155 kcal, 64 g carbohydrates of which 63 g polyols) were errors: carbohydrates were
    /// all counted at 4 kcal/g, and the schema had no field for polyols.
    @Test func polyolsAndErythritolCountAtTheirOwnFactors() throws {
        let sweetener = product(#""energyKcal": 0, "energyKj": 0, "fat": 0, "carbohydrates": 100, "sugars": 0, "protein": 0, "salt": 0, "polyols": 100, "erythritol": 100"#)
        #expect(try run(rule, sweetener, kind: "product").isEmpty)
        let gum = product(#""energyKcal": 155, "fat": 0.5, "carbohydrates": 64, "sugars": 0.5, "polyols": 63, "protein": 0"#)
        #expect(try run(rule, gum, kind: "product").isEmpty)
        // Erythritol alone stands for the polyols.
        #expect(try run(rule, product(#""energyKcal": 20, "fat": 0, "carbohydrates": 100, "erythritol": 95, "protein": 0"#), kind: "product").isEmpty)
        // Maltitol (2.4 kcal/g), given as polyols, and 0 kcal declared: still an error, and
        // the message shows the factors.
        let wrong = try run(rule, product(#""energyKcal": 0, "fat": 0, "carbohydrates": 100, "sugars": 0, "polyols": 100, "protein": 0"#), kind: "product")
        #expect(wrong.map(\.severity) == [.error])
        #expect(wrong.first?.message.contains("fat 0 g x 9 + (carbohydrates 100 - polyols 100) g x 4 + polyols 100 g x 2.4 + protein 0 g x 4 = 240 kcal") == true)
        let both = try run(rule, product(#""energyKcal": 400, "fat": 0, "carbohydrates": 100, "polyols": 80, "erythritol": 30, "protein": 0"#), kind: "product")
        #expect(both.first?.message.contains("(carbohydrates 100 - polyols 80) g x 4 + (polyols 80 - erythritol 30) g x 2.4 + protein 0 g x 4 = 200 kcal") == true)
    }

    /// Without `polyols`, energy the non-sugar carbohydrates could explain as polyols is a
    /// note that asks for them (a real label is most likely right); past that, or without
    /// sugars to tell, the error stands.
    @Test func lowEnergyThatPolyolsWouldExplainIsANote() throws {
        let sweetener = try run(rule, product(#""energyKcal": 0, "energyKj": 0, "fat": 0, "carbohydrates": 100, "sugars": 0, "protein": 0, "salt": 0"#), kind: "product")
        #expect(sweetener.map(\.severity) == [.note])
        #expect(sweetener.map(\.pointer) == ["/nutrition/per100g/energyKcal"])
        #expect(sweetener.first?.message.contains("add `polyols` (and `erythritol`)") == true)
        let gum = try run(rule, product(#""energyKcal": 155, "fat": 0.5, "carbohydrates": 64, "sugars": 0.5, "protein": 0"#), kind: "product")
        #expect(gum.map(\.severity) == [.note])
        // Sugars 90 of 100 g: at most 10 g could be polyols, 360 kcal at least.
        let sugary = try run(rule, product(#""energyKcal": 0, "fat": 0, "carbohydrates": 100, "sugars": 90, "protein": 0"#), kind: "product")
        #expect(sugary.map(\.severity) == [.error])
        #expect(sugary.first?.message.contains("polyols") == false)
        // No sugars given: not a whole label, the error stands.
        #expect(try run(rule, product(#""energyKcal": 0, "fat": 0, "carbohydrates": 100, "protein": 0"#), kind: "product").map(\.severity) == [.error])
        // The per-serving value in the per-100 g column: still an error.
        let misplaced = try run(rule, product(#""energyKcal": 81, "fat": 30.9, "carbohydrates": 57.5, "sugars": 56.3, "protein": 6.3"#), kind: "product")
        #expect(misplaced.map(\.severity) == [.error])
    }

    @Test func alcoholCountsSevenKilocaloriesAGram() throws {
        let spritz = #"{"id": "spritz", "nutrition": {"per": "serving", "energy": {"value": 160, "unit": "kcal"}, "fat": 0, "carbohydrates": 12, "protein": 0, "alcohol": 15}}"#
        #expect(try run(rule, spritz, kind: "recipe").isEmpty)
        let without = try run(rule, spritz.replacingOccurrences(of: #", "alcohol": 15"#, with: ""), kind: "recipe")
        #expect(without.first?.message.hasSuffix("a drink with alcohol needs `alcohol` (grams of ethanol, 7 kcal/g), vinegar or a citrus juice its `organicAcids` (3 kcal/g)") == true)
    }

    /// Vinegar (21 kcal, 0.6 g carbohydrates: its acetic acid counts 3 kcal/g) and a sweet
    /// made with salatrims (6 kcal/g, not 9) were errors on true labels, with no field to
    /// say why.
    @Test func organicAcidsAndSalatrimsCountAtTheirOwnFactors() throws {
        let vinegar = product(#""energyKcal": 21, "fat": 0, "carbohydrates": 0.6, "sugars": 0.6, "protein": 0, "salt": 0"#)
        let without = try run(rule, vinegar, kind: "product")
        #expect(without.map(\.severity) == [.error])
        #expect(without.first?.message.contains("`organicAcids` (3 kcal/g)") == true)
        let acids = vinegar.replacingOccurrences(of: #""salt": 0"#, with: #""salt": 0, "organicAcids": 6"#)
        #expect(try run(rule, acids, kind: "product").isEmpty)
        // A filling whose fat is all salatrims: 60 g x 6, not x 9.
        let filling = product(#""energyKcal": 500, "fat": 60, "carbohydrates": 30, "sugars": 20, "protein": 5"#)
        #expect(try run(rule, filling, kind: "product").map(\.severity) == [.error])
        let salatrims = filling.replacingOccurrences(of: #""fat": 60"#, with: #""fat": 60, "salatrims": 60"#)
        #expect(try run(rule, salatrims, kind: "product").isEmpty)
        // The message shows the factors; salatrims are at most the fat.
        let wrong = try run(rule, product(#""energyKcal": 100, "fat": 25, "salatrims": 30, "carbohydrates": 10, "protein": 0, "organicAcids": 2"#), kind: "product")
        #expect(wrong.map(\.pointer) == ["/nutrition/per100g/energyKcal", "/nutrition/per100g/salatrims"])
        #expect(wrong.last?.message == "salatrims 30 g is more than fat 25 g, but salatrims are part of the fat (labels count them in); fix one of them")
        #expect(wrong.first?.message.contains("(fat 25 - salatrims 30) g x 9 + salatrims 30 g x 6 + carbohydrates 10 g x 4 + protein 0 g x 4 + organicAcids 2 g x 3 = 226 kcal") == true)
    }

    /// Sugars and polyols are two parts of the carbohydrates: 50 g + 30 g in 60 g passed,
    /// since each was checked against the carbohydrates alone.
    @Test func sugarsAndPolyolsTogetherAreAtMostTheCarbohydrates() throws {
        let found = try run(rule, product(#""carbohydrates": 60, "sugars": 50, "polyols": 30"#), kind: "product")
        #expect(found.map(\.pointer) == ["/nutrition/per100g/polyols"])
        #expect(found.first?.message == "sugars 50 g + polyols 30 g = 80 g is more than carbohydrates 60 g, but sugars and polyols are two parts of the carbohydrates (labels count both in); fix one of them")
        // Erythritol alone stands for the polyols.
        #expect(try run(rule, product(#""carbohydrates": 60, "sugars": 50, "erythritol": 30"#), kind: "product").map(\.pointer) == ["/nutrition/per100g/erythritol"])
        // Each figure is rounded on the label: 10.5 + 10.5 of 21 g prints 11 + 11 of 21.
        #expect(try run(rule, product(#""carbohydrates": 21, "sugars": 11, "polyols": 11"#), kind: "product").isEmpty)
        #expect(try run(rule, product(#""carbohydrates": 64, "sugars": 0.5, "polyols": 63"#), kind: "product").isEmpty)
        // A part over the whole on its own is reported once, at that part.
        #expect(try run(rule, product(#""carbohydrates": 60, "sugars": 70, "polyols": 30"#), kind: "product").map(\.pointer) == ["/nutrition/per100g/sugars"])
    }

    /// A syrup sold by volume (107 g of carbohydrates per 100 ml, as its label says) was
    /// "more than 100 g, which no food can hold": per100g is per 100 ml for such a product.
    @Test func productsSoldByVolumeArePer100Millilitres() throws {
        func syrup(_ measures: String, _ nutrients: String = #""energyKcal": 430, "fat": 0, "carbohydrates": 107, "sugars": 90, "protein": 0"#) -> String {
            "{\"code\": \"1\", \(measures), \"nutrition\": {\"per100g\": {\(nutrients)}}}"
        }
        for measures in [
            #""quantity": {"value": 250, "unit": "ml"}, "serving": {"value": 15, "unit": "ml"}"#,
            #""quantity": {"value": 1, "unit": "l"}"#, #""quantity": {"value": 25, "unit": "cl"}"#,
            #""quantity": {"value": 12, "unit": "fl oz"}"#, #""serving": {"value": 15, "unit": "ml"}"#,
        ] {
            #expect(try run(rule, syrup(measures), kind: "product").isEmpty, "\(measures)")
        }
        // By weight, the caps are 100 g: the net quantity decides over the serving.
        for measures in [#""quantity": {"value": 250, "unit": "g"}, "serving": {"value": 15, "unit": "ml"}"#, #""serving": {"value": 15, "unit": "g"}"#] {
            let found = try run(rule, syrup(measures), kind: "product")
            #expect(found.map(\.pointer) == ["/nutrition/per100g/carbohydrates"], "\(measures)")
            #expect(found.first?.message == "carbohydrates 107 g per 100 g is more than 100 g, which no food can hold; a misplaced decimal point?")
        }
        // Per 100 ml, 150 g is the most, and messages say per 100 ml.
        let liquid = #""quantity": {"value": 1, "unit": "l"}"#
        let over = try run(rule, syrup(liquid, #""carbohydrates": 151"#), kind: "product")
        #expect(over.first?.message == "carbohydrates 151 g per 100 ml is more than 150 g, which no food can hold (the densest liquids, honey and syrups, weigh about 1.4 g per ml); a misplaced decimal point?")
        let sum = try run(rule, syrup(liquid, #""fat": 60, "carbohydrates": 100, "protein": 0"#), kind: "product")
        #expect(sum.first?.message.hasPrefix("fat 60 + carbohydrates 100 + protein 0 = 160 g per 100 ml, more than 150 g") == true)
        #expect(try run(rule, syrup(liquid, #""fat": 50, "carbohydrates": 100, "protein": 0"#), kind: "product").isEmpty)
        let energy = try run(rule, syrup(liquid, #""energyKcal": 43, "fat": 0, "carbohydrates": 107, "sugars": 90, "protein": 0"#), kind: "product")
        #expect(energy.first?.message.contains("whether a per-serving value went into the per-100 ml column") == true)
    }

    /// Per-serving figures were never checked: 94.7 g of nutrients in a 15 g serving
    /// passed, and so did a perServing block copied from per100g (539 kcal in 15 g).
    @Test func perServingFiguresFitTheServing() throws {
        func spread(_ serving: String, _ nutrition: String) -> String {
            "{\"code\": \"1\", \(serving), \"nutrition\": {\(nutrition)}}"
        }
        let grams = #""serving": {"value": 15, "unit": "g"}"#
        let sum = try run(rule, spread(grams, #""perServing": {"fat": 30.9, "carbohydrates": 57.5, "protein": 6.3}"#), kind: "product")
        #expect(sum.map(\.pointer) == ["/nutrition/perServing"])
        #expect(sum.first?.message == "fat 30.9 + carbohydrates 57.5 + protein 6.3 = 94.7 g per serving, more than 15 g, which a serving of 15 g cannot hold; per-100 g figures in the per-serving block, or a wrong serving size?")
        let one = try run(rule, spread(grams, #""perServing": {"carbohydrates": 57.5}"#), kind: "product")
        #expect(one.first?.message == "carbohydrates 57.5 g per serving is more than 15 g, which a serving of 15 g cannot hold; a misplaced decimal point, per-100 g figures in the per-serving block, or a wrong serving size?")
        // In ml, the densest liquids: 15 ml holds up to 22.5 g.
        let ml = #""serving": {"value": 15, "unit": "ml"}"#
        #expect(try run(rule, spread(ml, #""perServing": {"carbohydrates": 16, "sugars": 13.5}"#), kind: "product").isEmpty)
        #expect(try run(rule, spread(ml, #""perServing": {"carbohydrates": 23}"#), kind: "product").map(\.pointer) == ["/nutrition/perServing/carbohydrates"])
        // A serving without a size (or of a unit that is no mass or volume) is not checked.
        #expect(try run(rule, #"{"code": "1", "nutrition": {"perServing": {"fat": 30.9, "carbohydrates": 57.5, "protein": 6.3}}}"#, kind: "product").isEmpty)
        #expect(try run(rule, spread(#""serving": {"value": 1, "unit": "piece"}"#, #""perServing": {"fat": 30.9, "carbohydrates": 57.5}"#), kind: "product").isEmpty)
        // A unit the schema does not allow for a serving (1 oz is not 1 g): the schema's to report.
        #expect(try run(rule, spread(#""serving": {"value": 1, "unit": "oz"}"#, #""perServing": {"fat": 2.75, "carbohydrates": 18.5}"#), kind: "product").isEmpty)
    }

    @Test func perServingIsPer100gTimesTheServing() throws {
        let label = #""energyKcal": 539, "energyKj": 2255, "fat": 30.9, "saturatedFat": 10.6, "carbohydrates": 57.5, "sugars": 56.3, "protein": 6.3, "salt": 0.107"#
        func spread(_ perServing: String, serving: String = #"{"value": 15, "unit": "g"}"#, quantity: String = #"{"value": 400, "unit": "g"}"#) -> String {
            "{\"code\": \"1\", \"quantity\": \(quantity), \"serving\": \(serving), \"nutrition\": {\"per100g\": {\(label)}, \"perServing\": {\(perServing)}}}"
        }
        // The label's own per-serving column (rounded as printed) passes.
        let printed = #""energyKcal": 81, "energyKj": 338, "fat": 4.6, "saturatedFat": 1.6, "carbohydrates": 8.6, "sugars": 8.4, "protein": 0.9, "salt": 0.016"#
        #expect(try run(rule, spread(printed), kind: "product").isEmpty)
        // US rounding: whole grams, calories to 10.
        #expect(try run(rule, spread(#""energyKcal": 80, "fat": 5, "carbohydrates": 9, "protein": 1, "salt": 0"#), kind: "product").isEmpty)
        // A figure off: reported at it, with the computation.
        let off = try run(rule, spread(#""energyKcal": 81, "fat": 4.6, "sugars": 4.2"#), kind: "product")
        #expect(off.map(\.pointer) == ["/nutrition/perServing/sugars"])
        #expect(off.first?.message == "sugars 4.2 g per serving is not sugars 56.3 g per 100 g x 15 g / 100 = 8.44 g (allowed difference 10% + 0.57 g for rounding); check the two figures and the serving size")
        // The per-100 g block copied: one error at the block.
        let copied = try run(rule, spread(#""energyKcal": 539, "fat": 30.9, "protein": 6.3"#, serving: #"{"value": 50, "unit": "g"}"#), kind: "product")
        #expect(copied.map(\.pointer) == ["/nutrition/perServing"])
        #expect(copied.first?.message == "perServing repeats the figures of per100g, but a serving is 50 g: per serving they are per100g x 50 g / 100 (energy 270 kcal, fat 15.45 g, protein 3.15 g); fill in the label's per-serving figures, or check the serving size")
        // A figure that is 0 in both blocks does not hide the copy: a cola's fat.
        let cola = #"{"code": "1", "serving": {"value": 330, "unit": "ml"}, "nutrition": {"per100g": {"energyKcal": 42, "fat": 0, "carbohydrates": 10.6, "sugars": 10.6, "protein": 0}, "perServing": {"energyKcal": 42, "fat": 0, "carbohydrates": 10.6, "sugars": 10.6, "protein": 0}}}"#
        let copiedCola = try run(rule, cola, kind: "product")
        #expect(copiedCola.map(\.pointer) == ["/nutrition/perServing"])
        #expect(copiedCola.first?.message.hasPrefix("perServing repeats the figures of per100g, but a serving is 330 ml") == true)
        // 15 g cannot hold the copied figures: that error alone.
        let overfull = try run(rule, spread(#""energyKcal": 539, "fat": 30.9, "carbohydrates": 57.5, "protein": 6.3"#), kind: "product")
        #expect(overfull.map(\.pointer) == ["/nutrition/perServing"])
        #expect(overfull.first?.message.contains("which a serving of 15 g cannot hold") == true)
        // per100g over its cap is the one error: a right perServing is not compared with it.
        let misplaced = try run(rule, spread(#""fat": 4.6"#).replacingOccurrences(of: #""fat": 30.9"#, with: #""fat": 309"#), kind: "product")
        #expect(misplaced.map(\.pointer) == ["/nutrition/per100g/energyKcal", "/nutrition/per100g/fat"])
        #expect(misplaced.last?.message.hasPrefix("fat 309 g per 100 g is more than 100 g") == true)
        // The tolerance is an option.
        let fourteenPercent = spread(#""fat": 5.3"#)  // 4.635 + 14%
        #expect(try run(rule, fourteenPercent, kind: "product").isEmpty)
        #expect(try run(rule, fourteenPercent, kind: "product", options: ["servingTolerance": 0]).count == 1)
        // A figure below zero is the schema's to report.
        #expect(try run(rule, spread(#""sugars": 5.5"#).replacingOccurrences(of: #""sugars": 56.3"#, with: #""sugars": -22"#), kind: "product").isEmpty)
        // A serving in g of a product sold per 100 ml needs the density: not compared.
        #expect(try run(rule, spread(#""fat": 10"#, quantity: #"{"value": 1, "unit": "l"}"#), kind: "product").isEmpty)
        #expect(try run(rule, spread(#""fat": 10"#, serving: #"{"value": 15, "unit": "ml"}"#, quantity: #"{"value": 1, "unit": "l"}"#), kind: "product").count == 1)
    }

    /// An energy mismatch in perServing suggested "whether a per-serving value went into the
    /// per-100 g column": the hint names the column it is in.
    @Test func theEnergyHintFitsItsColumn() throws {
        let wrong = #"{"energyKcal": 539, "fat": 4.6, "carbohydrates": 8.6, "protein": 0.9}"#
        let serving = try run(rule, #"{"code": "1", "nutrition": {"perServing": \#(wrong)}}"#, kind: "product")
        #expect(serving.first?.message.hasSuffix("or whether a per-100 g value went into the per-serving column; a drink with alcohol needs `alcohol` (grams of ethanol, 7 kcal/g), vinegar or a citrus juice its `organicAcids` (3 kcal/g)") == true)
        let hundred = try run(rule, #"{"code": "1", "nutrition": {"per100g": {"energyKcal": 81, "fat": 30.9, "carbohydrates": 57.5, "protein": 6.3}}}"#, kind: "product")
        #expect(hundred.first?.message.hasSuffix("or whether a per-serving value went into the per-100 g column") == true)
        let recipe = try run(rule, #"{"id": "r", "nutrition": {"per": "serving", "energy": {"value": 81, "unit": "kcal"}, "fat": 30.9, "carbohydrates": 57.5, "protein": 6.3}}"#, kind: "recipe")
        #expect(recipe.first?.message.hasSuffix("or whether the figures are per 100 g (`per` says serving)") == true)
    }

    @Test func partsAreAtMostTheirWhole() throws {
        let found = try run(rule, product(#""fat": 10, "saturatedFat": 10.1, "carbohydrates": 5, "sugars": 6"#), kind: "product")
        #expect(found.map(\.pointer) == ["/nutrition/per100g/sugars"])
        #expect(found[0].message.contains("sugars are part of the carbohydrates"))
        let polyols = try run(rule, product(#""carbohydrates": 60, "polyols": 63, "erythritol": 64"#), kind: "product")
        #expect(polyols.map(\.pointer) == ["/nutrition/per100g/polyols", "/nutrition/per100g/erythritol"])
        #expect(polyols.map(\.message) == [
            "polyols 63 g is more than carbohydrates 60 g, but polyols are part of the carbohydrates (labels count them in); fix one of them",
            "erythritol 64 g is more than polyols 63 g, but erythritol is one of the polyols; fix one of them",
        ])
        #expect(try run(rule, product(#""carbohydrates": 60, "erythritol": 64"#), kind: "product").map(\.pointer) == ["/nutrition/per100g/erythritol"])
    }

    @Test func recipesUseEnergyWithAUnit() throws {
        let json = #"{"id": "r", "nutrition": {"per": "serving", "energy": {"value": 900, "unit": "kcal"}, "fat": 40, "carbohydrates": 80, "protein": 45}}"#
        #expect(try run(rule, json, kind: "recipe").isEmpty)  // 360 + 320 + 180 = 860
        let low = json.replacingOccurrences(of: "900", with: "300")
        #expect(try run(rule, low, kind: "recipe").map(\.pointer) == ["/nutrition/energy/value"])
    }

    @Test func numbersInMessagesAreShort() throws {
        let found = try run(rule, product(#""salt": 0.8, "sodium": 0.8"#), kind: "product")
        #expect(found.first?.message == "salt 0.8 g is not sodium 0.8 g x 2.5 = 2 g; fix one of them (for salt 0.8 g, sodium is 0.32 g)")
        let tiny = try run(rule, product(#""salt": 0.0125, "sodium": 0.5"#), kind: "product")
        #expect(tiny.first?.message.contains("sodium is 0.01 g") == true)
    }

    /// A whole figure read "17.0" beside "170", and salt 0 gave "sodium is 0.0 g": every
    /// computed figure is written without trailing zeros.
    @Test func computedFiguresHaveNoTrailingZeros() throws {
        let zero = try run(rule, product(#""salt": 0, "sodium": 0.4"#), kind: "product")
        #expect(zero.first?.message == "salt 0 g is not sodium 0.4 g x 2.5 = 1 g; fix one of them (for salt 0 g, sodium is 0 g)")
        let energy = try run(rule, product(#""energyKcal": 300, "fat": 1, "carbohydrates": 1, "protein": 1"#), kind: "product")
        #expect(energy.first?.message.contains("= 17 kcal (allowed difference 20% + 5 kcal)") == true)
        let seven = try run(rule, product(#""energyKcal": 300, "fat": 1, "carbohydrates": 1, "protein": 1"#), kind: "product",
                            options: ["macroTolerance": 0.07])
        #expect(seven.first?.message.contains("(allowed difference 7% + 5 kcal)") == true, "0.07 x 100 is 7.000000000000001")
        let cases: [(Double, String)] = [
            (17, "17"), (0, "0"), (2.5, "2.5"), (0.32, "0.32"), (1811.6, "1812"), (0.004, "0"), (-0.5, "-0.5"),
            (-0.001, "0"), (99.999, "100"), (12.10, "12.1"), (0.05, "0.05"), (1e19, "1e+19"),
        ]
        for (x, text) in cases { #expect(NutritionConsistencyRule.format(x) == text, "\(x)") }
    }
}
