import LarderCore
import LarderJSON

/// `nutrition-consistency`: nutrition figures agree with each other.
///
/// Salt is sodium x 2.5 and kJ is kcal x 4.184 (EU 1169/2011); energy matches the
/// macronutrients with the EU factors (fat 9, carbohydrate 4, protein 4, fibre 2 kcal/g);
/// saturated fat is at most fat and sugars at most carbohydrates; nothing exceeds 100 g
/// per 100 g. Every comparison has a tolerance, since labels round.
public struct NutritionConsistencyRule: ConfigurableRule {
    public let id = "nutrition-consistency"
    public let summary = "Salt matches sodium, kJ matches kcal, energy matches the macronutrients, and nothing exceeds 100 g per 100 g."
    public let defaultSeverity = Severity.error
    public let kinds: [String]? = ["recipe", "product"]
    public var details: String? {
        """
        Checks a recipe's `nutrition` and a product's `nutrition.per100g` and \
        `nutrition.perServing`:
        - salt = sodium x 2.5 (EU 1169/2011), reported at `sodium`;
        - kJ = kcal x 4.184, reported at `energyKj`;
        - energy = fat x 9 + carbohydrates x 4 + protein x 4 + fiber x 2 kcal, when fat, \
        carbohydrates and protein are all given, reported at the energy;
        - saturatedFat is at most fat, sugars at most carbohydrates;
        - per 100 g, no nutrient above 100 g, nor fat + carbohydrates + protein + salt above \
        102 g (a misplaced decimal point, or per-serving figures in the per-100 g block).
        Labels round, so each comparison allows a relative and an absolute difference \
        (options). Drinks with alcohol (7 kcal/g) carry more energy than the macronutrients \
        give: raise `macroTolerance` for them, or limit the rule with `kinds`.
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("saltTolerance", .number, "allowed difference between salt and sodium x 2.5, as a fraction", default: "0.05",
                       bounds: Self.fractionOfTheLarger),
            RuleOption("saltToleranceGrams", .number, "allowed difference between salt and sodium x 2.5, in grams, added to the fraction", default: "0.02",
                       bounds: Self.difference),
            RuleOption("energyTolerance", .number, "allowed difference between kJ and kcal x 4.184, as a fraction", default: "0.02",
                       bounds: Self.fractionOfTheLarger),
            RuleOption("energyToleranceKj", .number, "allowed difference between kJ and kcal x 4.184, in kJ, added to the fraction", default: "2",
                       bounds: Self.difference),
            RuleOption("macroTolerance", .number, "allowed difference between the energy and the macronutrients, as a fraction", default: "0.2",
                       bounds: .atLeast(0).because("a fraction of the energy the macronutrients give: 0.2 is 20%")),
            RuleOption("macroToleranceKcal", .number, "allowed difference between the energy and the macronutrients, in kcal, added to the fraction", default: "5",
                       bounds: Self.difference),
            RuleOption("maxPer100g", .number, "the most grams of a nutrient per 100 g", default: "100",
                       bounds: .above(0).atMost(100).because("no food holds more than 100 g of anything per 100 g")),
        ]
    }

    /// The tolerances compared with the larger of two figures: a difference is never more
    /// than the larger, so at 1 or more the check could never report.
    static let fractionOfTheLarger = RuleOption.Bounds.atLeast(0).below(1)
        .because("a fraction of the larger figure: 0.05 is 5%, and at 1 or more no difference is ever reported")
    /// The absolute tolerances.
    static let difference = RuleOption.Bounds.atLeast(0).because("an allowed difference, never below 0")

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"code": "3017620422003", "nutrition": {"per100g": {"energyKcal": 539, "energyKj": 2255, "fat": 30.9, "saturatedFat": 10.6, "carbohydrates": 57.5, "sugars": 56.3, "protein": 6.3, "salt": 0.107, "sodium": 0.0428}}}"#,
                    kind: "product"),
            .triggers(#"{"code": "1", "nutrition": {"per100g": {"salt": 0.8, "sodium": 0.8}}}"#,
                      at: "/nutrition/per100g/sodium", kind: "product"),
            .triggers(#"{"code": "1", "nutrition": {"perServing": {"energyKcal": 433, "energyKj": 433}}}"#,
                      at: "/nutrition/perServing/energyKj", kind: "product"),
            .triggers(#"{"code": "1", "nutrition": {"per100g": {"energyKcal": 108, "energyKj": 452, "fat": 30.9, "carbohydrates": 57.5, "protein": 6.3}}}"#,
                      at: "/nutrition/per100g/energyKcal", kind: "product"),
            .triggers(#"{"code": "1", "nutrition": {"per100g": {"salt": 180}}}"#, at: "/nutrition/per100g/salt", kind: "product"),
            .triggers(#"{"code": "96385074", "nutrition": {"per100g": {"fat": 60, "carbohydrates": 50, "protein": 20, "salt": 1}}}"#,
                      at: "/nutrition/per100g", kind: "product"),
            .passes(#"{"code": "1", "nutrition": {"per100g": {"fat": 99.9, "carbohydrates": 0.5, "protein": 0.4, "salt": 0.1}}}"#, kind: "product"),
            .passes(#"{"id": "soup", "nutrition": {"per": "serving", "energy": {"value": 250, "unit": "kcal"}, "protein": 120}}"#,
                    kind: "recipe"),
            .triggers(#"{"id": "soup", "nutrition": {"per": "100g", "energy": {"value": 2000, "unit": "kJ"}, "fat": 5, "carbohydrates": 10, "protein": 3, "sugars": 12}}"#,
                      at: "/nutrition/energy/value", "/nutrition/sugars", kind: "recipe"),
        ]
    }

    struct Tolerances {
        var saltRelative = 0.05, saltGrams = 0.02
        var energyRelative = 0.02, energyKj = 2.0
        var macroRelative = 0.2, macroKcal = 5.0
        var maxPer100g = 100.0

        init(_ options: Options) {
            saltRelative = options.number("saltTolerance") ?? saltRelative
            saltGrams = options.number("saltToleranceGrams") ?? saltGrams
            energyRelative = options.number("energyTolerance") ?? energyRelative
            energyKj = options.number("energyToleranceKj") ?? energyKj
            macroRelative = options.number("macroTolerance") ?? macroRelative
            macroKcal = options.number("macroToleranceKcal") ?? macroKcal
            maxPer100g = options.number("maxPer100g") ?? maxPer100g
        }
    }

    /// The nutrients in grams, in the order messages list them.
    static let gramFields = ["fat", "saturatedFat", "carbohydrates", "sugars", "fiber", "protein", "salt", "sodium"]

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        guard let nutrition = json.member(document.node, "nutrition"), json.kind(nutrition) == .object else { return [] }
        var blocks: [(node: Int, per100g: Bool)] = []
        if document.kind == ContentFields.product {
            if let b = json.member(nutrition, "per100g"), json.kind(b) == .object { blocks.append((b, true)) }
            if let b = json.member(nutrition, "perServing"), json.kind(b) == .object { blocks.append((b, false)) }
        } else {
            let per = json.member(nutrition, "per").flatMap { json.string($0) }
            blocks.append((nutrition, per == "100g"))
        }
        let tolerances = Tolerances(options)
        var sink = DiagnosticSink(document: document, context: context)
        for block in blocks { check(block: block.node, per100g: block.per100g, json: json, tolerances, &sink) }
        return sink.diagnostics
    }

    private struct Figure {
        var node: Int
        var value: Double
        var literal: String
    }

    private func check(block: Int, per100g: Bool, json: JSONDocument, _ t: Tolerances, _ sink: inout DiagnosticSink) {
        func figure(_ key: String, in object: Int = block) -> Figure? {
            guard let node = json.member(object, key), let value = json.double(node), value.isFinite else { return nil }
            return Figure(node: node, value: value, literal: json.numberLiteral(node))
        }
        var grams: [String: Figure] = [:]
        for key in Self.gramFields { grams[key] = figure(key) }

        // Energy: energyKcal / energyKj (products), or energy { value, unit } (recipes).
        var kcal = figure("energyKcal")
        var kj = figure("energyKj")
        if let energy = json.member(block, "energy"), json.kind(energy) == .object, let value = figure("value", in: energy) {
            switch json.member(energy, "unit").flatMap({ json.string($0) }) {
            case "kcal": kcal = value
            case "kJ": kj = value
            default: break
            }
        }

        // Nothing above 100 g per 100 g: no nutrient, and not the nutrients that do not
        // hold one another together (fiber is left out: US labels count it in the
        // carbohydrates). Labels round each figure: 2% more passes.
        if per100g {
            var over = false
            for key in Self.gramFields {
                guard let f = grams[key], f.value > t.maxPer100g else { continue }
                sink.report(f.node, "\(key) \(f.literal) g per 100 g is more than \(Self.plain(t.maxPer100g)) g, which no food can hold; a misplaced decimal point?")
                over = true
            }
            let parts = ["fat", "carbohydrates", "protein", "salt"].compactMap { key in grams[key].map { (key, $0) } }
            let total = parts.reduce(0) { $0 + $1.1.value }
            if !over, parts.count > 1, total > t.maxPer100g * 1.02 {
                let sum = parts.map { "\($0.0) \($0.1.literal)" }.joined(separator: " + ")
                sink.report(block, "\(sum) = \(Self.format(total)) g per 100 g, more than \(Self.plain(t.maxPer100g)) g, which no food can hold; a misplaced decimal point, or per-serving figures in the per-100 g block?")
            }
        }

        // Parts are at most their whole.
        for (part, whole, why) in [
            ("saturatedFat", "fat", "saturated fat is part of the fat"),
            ("sugars", "carbohydrates", "sugars are part of the carbohydrates"),
        ] {
            guard let p = grams[part], let w = grams[whole], p.value > w.value * 1.01 + 0.1 else { continue }
            sink.report(p.node, "\(part) \(p.literal) g is more than \(whole) \(w.literal) g, but \(why); fix one of them")
        }

        // Salt = sodium x 2.5.
        if let salt = grams["salt"], let sodium = grams["sodium"] {
            let expected = sodium.value * 2.5
            if abs(salt.value - expected) > t.saltRelative * max(salt.value, expected) + t.saltGrams {
                sink.report(sodium.node, "salt \(salt.literal) g is not sodium \(sodium.literal) g x 2.5 = \(Self.format(expected)) g; fix one of them (for salt \(salt.literal) g, sodium is \(Self.format(salt.value / 2.5)) g)")
            }
        }

        // kJ = kcal x 4.184.
        var kjAgrees = true
        if let kcal, let kj {
            let expected = kcal.value * 4.184
            if abs(kj.value - expected) > t.energyRelative * max(kj.value, expected) + t.energyKj {
                kjAgrees = false
                sink.report(kj.node, "energy \(kj.literal) kJ is not \(kcal.literal) kcal x 4.184 = \(Self.format(expected)) kJ; fix one of them")
            }
        }

        // Energy from the macronutrients (EU factors).
        guard kjAgrees, let fat = grams["fat"], let carbohydrates = grams["carbohydrates"], let protein = grams["protein"],
            let energy = kcal ?? kj
        else { return }
        let fiber = grams["fiber"]
        let declared = kcal?.value ?? (kj!.value / 4.184)
        let computed = fat.value * 9 + carbohydrates.value * 4 + protein.value * 4 + (fiber?.value ?? 0) * 2
        guard abs(declared - computed) > t.macroRelative * computed + t.macroKcal else { return }
        var parts = ["fat \(fat.literal) g x 9", "carbohydrates \(carbohydrates.literal) g x 4", "protein \(protein.literal) g x 4"]
        if let fiber { parts.append("fiber \(fiber.literal) g x 2") }
        let shown = kcal != nil ? "\(energy.literal) kcal" : "\(energy.literal) kJ (\(Self.format(declared)) kcal)"
        sink.report(
            energy.node,
            "energy \(shown) does not match the macronutrients: \(parts.joined(separator: " + ")) = \(Self.format(computed)) kcal (allowed difference \(Self.plain(t.macroRelative * 100))% + \(Self.plain(t.macroKcal)) kcal); check the energy and the nutrients, or whether a per-serving value went into the per-100 g column"
        )
    }

    /// A setting for a message: `20`, `2.5`, `7` (for 0.07 x 100, which is 7.000000000000001).
    static func plain(_ x: Double) -> String {
        format(x, places: 4)
    }

    /// A computed amount for a message: whole numbers from 100 up, else at most two
    /// decimals, with no trailing zeros (`2`, `0.32`, `17`, `1812`), so a figure reads the
    /// same whether it came out whole or not.
    static func format(_ x: Double) -> String {
        abs(x) >= 100 ? format(x, places: 0) : format(x, places: 2)
    }

    /// `x` rounded to `places` decimals, trailing zeros and a bare point left out.
    static func format(_ x: Double, places: Int) -> String {
        if !x.isFinite { return "\(x)" }
        // Past 1e15 a whole number has no digits left to round (and past Int.max the
        // conversion traps: sodium 1e19 crashed lint).
        if abs(x) >= 1e15 { return "\(x)" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        if scaled >= 1e15 { return String(Int((abs(x)).rounded()) * (x < 0 ? -1 : 1)) }
        let units = Int(scaled)
        let whole = units / Int(scale)
        var fraction = units % Int(scale)
        var digits = places
        while digits > 0 && fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        var text = x < 0 && units != 0 ? "-" : ""
        text += String(whole)
        if digits > 0 {
            let shown = String(fraction)
            text += "." + String(repeating: "0", count: digits - shown.count) + shown
        }
        return text
    }
}
