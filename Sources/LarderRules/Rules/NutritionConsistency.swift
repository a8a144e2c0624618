import LarderCore
import LarderJSON
import LarderUnits

/// `nutrition-consistency`: nutrition figures agree with each other.
///
/// Salt is sodium x 2.5 and kJ is kcal x 4.184 (EU 1169/2011), or kJ and kcal are each
/// what the macronutrients give with Annex XIV's kJ and kcal factors; energy matches the
/// macronutrients with the EU factors (fat 9, salatrims 6, carbohydrate 4, polyols 2.4,
/// erythritol 0, protein 4, fibre 2, alcohol 7, organic acids 3 kcal/g);
/// saturated fat and salatrims are at most fat, sugars and polyols (apart and together) at
/// most carbohydrates; nothing exceeds 100 g
/// per 100 g (150 g per 100 ml), nor the serving's size per serving; per-serving figures
/// are the per-100 g ones x the serving's size / 100. Every comparison has a tolerance,
/// since labels round.
public struct NutritionConsistencyRule: ConfigurableRule {
    public let id = "nutrition-consistency"
    public let summary = "Salt matches sodium, kJ matches kcal, energy matches the macronutrients (polyols, alcohol, salatrims and organic acids too), per-serving figures match per-100 g ones, and nothing exceeds what 100 g or a serving holds."
    public let defaultSeverity = Severity.error
    public let kinds: [String]? = ["recipe", "product"]
    public var details: String? {
        """
        Checks a recipe's `nutrition` and a product's `nutrition.per100g` and \
        `nutrition.perServing`:
        - salt = sodium x 2.5 (EU 1169/2011), reported at `sodium`;
        - kJ = kcal x 4.184, reported at `energyKj`. A label may instead compute kJ and \
        kcal apart, with Annex XIV's own kJ factors (fat 37, salatrims 25, carbohydrate 17, \
        polyols 10, protein 17, fibre 8, alcohol 29, organic acids 13 kJ/g): 90 g fibre and \
        8 g carbohydrates are 856 kJ and 212 kcal, not 212 x 4.184 = 887 kJ. When fat, \
        carbohydrates and protein are given, such a pair passes: kJ and kcal each match the \
        macronutrients (within `macroTolerance` and `macroToleranceKcal`), and kJ is kcal x \
        the ratio of the two sums (within `energyTolerance` and `energyToleranceKj`);
        - energy = (fat - salatrims) x 9 + salatrims x 6 + (carbohydrates - polyols) x 4 + \
        (polyols - erythritol) x 2.4 + protein x 4 + fiber x 2 + alcohol x 7 + organicAcids \
        x 3 kcal (EU 1169/2011 Annex XIV), when fat, carbohydrates and protein are all given, \
        reported at the energy. `salatrims` are part of the fat, `polyols` part of the \
        carbohydrates and `erythritol` part of the polyols, as labels count them; \
        `organicAcids` (vinegar, citrus juice) are apart from the carbohydrates; `alcohol` \
        is grams of ethanol, not % vol;
        - saturatedFat and salatrims are at most fat; sugars, polyols and erythritol at most \
        carbohydrates, and so are sugars + polyols (two parts of them; 1% and the rounding \
        of the three figures allowed); erythritol at most polyols;
        - per 100 g, no nutrient above 100 g, nor fat + carbohydrates + protein + alcohol + \
        organicAcids + salt above 102 g (a misplaced decimal point, or per-serving figures in the per-100 g \
        block). A product sold by volume (its `quantity` in ml, l, fl oz ..., or without a \
        quantity its `serving` in ml) gives `per100g` per 100 ml, as labels do, and 100 ml \
        can weigh more than 100 g: syrups and honey weigh about 1.4 g per ml, so a syrup has \
        107 g of carbohydrates per 100 ml. There the caps are 1.5 times as high (150 g), and \
        messages say per 100 ml. `maxPer100g` lowers the cap of 100 g (and with it the \
        others) for a project whose foods hold less; messages then name it;
        - with a `serving` size, per serving no nutrient above the serving's size, nor fat + \
        carbohydrates + protein + alcohol + organicAcids + salt (15 g cannot hold 94.7 g: per-100 g figures \
        in `perServing`, or a wrong serving size); in ml, 1.5 times the size;
        - when both `per100g` and `perServing` are given, each figure per serving = per \
        100 g x the serving size / 100 (in the same unit: a serving in g of a product sold \
        per 100 ml is not compared; nor are blocks of which one is over its cap, reported \
        there), reported at the per-serving figure. Labels round each \
        of the two figures (whole grams from 10 g, salt to 0.1 g, energy to 5 or 10 kcal on \
        US labels), so the allowed difference is half a rounding step (0.5 g; salt and \
        sodium 0.05 g; 5 kcal, 21 kJ) times (1 + size / 100), plus `servingTolerance` \
        (10%) of the larger figure for a serving size the label rounded. A `perServing` \
        that repeats the `per100g` figures is one error at `perServing` (a figure that is 0 \
        in both, such as a cola's fat, does not count).
        Labels round, so each comparison allows a relative and an absolute difference \
        (options).

        Sugar-free sweets, gum and sweeteners count their polyols in the carbohydrates at \
        2.4 kcal/g (erythritol at 0), so their energy is far below carbohydrates x 4. Give \
        `polyols` (and `erythritol`) and they are counted at their own factors. When they \
        are missing, the energy is too low, sugars are given, and the carbohydrates that are \
        not sugars would explain the energy as polyols (at 0 kcal/g), the finding is a note \
        that asks for `polyols`, not an error: such a label is most likely right, and an \
        error on a true label is worse than a missed one. Without sugars (every label gives \
        them) the error stands.
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
            RuleOption("servingTolerance", .number, "allowed difference between a per-serving figure and the per-100 g one x the serving size / 100, as a fraction, added to the rounding of labels", default: "0.1",
                       bounds: Self.fractionOfTheLarger),
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
            // A syrup sold by volume: per 100 ml, and 100 ml of it weighs about 140 g.
            .passes(#"{"code": "1", "quantity": {"value": 250, "unit": "ml"}, "nutrition": {"per100g": {"energyKcal": 430, "fat": 0, "carbohydrates": 107, "sugars": 90, "protein": 0}}}"#,
                    kind: "product"),
            .triggers(#"{"code": "1", "quantity": {"value": 1, "unit": "l"}, "nutrition": {"per100g": {"carbohydrates": 170}}}"#,
                      at: "/nutrition/per100g/carbohydrates", kind: "product"),
            .passes(#"{"id": "soup", "nutrition": {"per": "serving", "energy": {"value": 250, "unit": "kcal"}, "protein": 120}}"#,
                    kind: "recipe"),
            .triggers(#"{"id": "soup", "nutrition": {"per": "100g", "energy": {"value": 2000, "unit": "kJ"}, "fat": 5, "carbohydrates": 10, "protein": 3, "sugars": 12}}"#,
                      at: "/nutrition/energy/value", "/nutrition/sugars", kind: "recipe"),
            // Per serving: 15 g cannot hold 94.7 g, and the figures are per 100 g x 15 / 100.
            .triggers(#"{"code": "1", "serving": {"value": 15, "unit": "g"}, "nutrition": {"perServing": {"fat": 30.9, "carbohydrates": 57.5, "protein": 6.3}}}"#,
                      at: "/nutrition/perServing", kind: "product"),
            .passes(#"{"code": "1", "serving": {"value": 15, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 539, "fat": 30.9, "salt": 0.107}, "perServing": {"energyKcal": 81, "fat": 4.6, "salt": 0.02}}}"#,
                    kind: "product"),
            .triggers(#"{"code": "1", "serving": {"value": 15, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 539, "fat": 30.9}, "perServing": {"energyKcal": 81, "fat": 9.3}}}"#,
                      at: "/nutrition/perServing/fat", kind: "product"),
            // Polyols count 2.4 kcal/g, erythritol 0: a sugar-free gum and a sweetener.
            .passes(#"{"code": "1", "nutrition": {"per100g": {"energyKcal": 155, "fat": 0, "carbohydrates": 64, "sugars": 0, "polyols": 63, "protein": 0}}}"#,
                    kind: "product"),
            .passes(#"{"code": "1", "nutrition": {"per100g": {"energyKcal": 0, "energyKj": 0, "fat": 0, "carbohydrates": 100, "sugars": 0, "polyols": 100, "erythritol": 100, "protein": 0}}}"#,
                    kind: "product"),
            // Without `polyols`, a note asks for them.
            .triggers(#"{"code": "1", "nutrition": {"per100g": {"energyKcal": 0, "fat": 0, "carbohydrates": 100, "sugars": 0, "protein": 0}}}"#,
                      at: "/nutrition/per100g/energyKcal", kind: "product"),
            .passes(#"{"id": "spritz", "nutrition": {"per": "serving", "energy": {"value": 160, "unit": "kcal"}, "fat": 0, "carbohydrates": 12, "protein": 0, "alcohol": 15}}"#,
                    kind: "recipe"),
            // Vinegar's acetic acid counts 3 kcal/g; salatrims, a reduced-energy fat, 6.
            .passes(#"{"code": "1", "nutrition": {"per100g": {"energyKcal": 21, "fat": 0, "carbohydrates": 0.6, "sugars": 0.6, "protein": 0, "organicAcids": 6}}}"#,
                    kind: "product"),
            // kJ and kcal each from Annex XIV's factors: fibre 8 kJ but 2 kcal a gram.
            .passes(#"{"code": "96385074", "nutrition": {"per100g": {"energyKj": 856, "energyKcal": 212, "fat": 0, "carbohydrates": 8, "sugars": 8, "fiber": 90, "protein": 0}}}"#,
                    kind: "product"),
            .passes(#"{"code": "1", "nutrition": {"per100g": {"energyKcal": 500, "fat": 60, "salatrims": 60, "carbohydrates": 30, "sugars": 20, "protein": 5}}}"#,
                    kind: "product"),
            // Sugars and polyols are two parts of the carbohydrates.
            .triggers(#"{"code": "1", "nutrition": {"per100g": {"carbohydrates": 60, "sugars": 50, "polyols": 30}}}"#,
                      at: "/nutrition/per100g/polyols", kind: "product"),
        ]
    }

    struct Tolerances {
        var saltRelative = 0.05, saltGrams = 0.02
        var energyRelative = 0.02, energyKj = 2.0
        var macroRelative = 0.2, macroKcal = 5.0
        var maxPer100g = 100.0
        var servingRelative = 0.1

        init(_ options: Options) {
            saltRelative = options.number("saltTolerance") ?? saltRelative
            saltGrams = options.number("saltToleranceGrams") ?? saltGrams
            energyRelative = options.number("energyTolerance") ?? energyRelative
            energyKj = options.number("energyToleranceKj") ?? energyKj
            macroRelative = options.number("macroTolerance") ?? macroRelative
            macroKcal = options.number("macroToleranceKcal") ?? macroKcal
            maxPer100g = options.number("maxPer100g") ?? maxPer100g
            servingRelative = options.number("servingTolerance") ?? servingRelative
        }
    }

    /// A nutrient given in grams, in the order messages list them.
    enum Nutrient: Int {
        case fat, saturatedFat, salatrims, carbohydrates, sugars, polyols, erythritol, fiber, protein, alcohol, organicAcids, salt, sodium

        static let count = 13

        /// The field's name.
        var key: String {
            switch self {
            case .fat: "fat"
            case .saturatedFat: "saturatedFat"
            case .salatrims: "salatrims"
            case .carbohydrates: "carbohydrates"
            case .sugars: "sugars"
            case .polyols: "polyols"
            case .erythritol: "erythritol"
            case .fiber: "fiber"
            case .protein: "protein"
            case .alcohol: "alcohol"
            case .organicAcids: "organicAcids"
            case .salt: "salt"
            case .sodium: "sodium"
            }
        }
    }

    /// A figure of a block: its node and value.
    struct Figure {
        var node: Int
        var value: Double
    }

    /// The figures of one block, read once: no dictionary, and a number's literal is made
    /// only for a message.
    struct Figures {
        private var fat, saturatedFat, salatrims, carbohydrates, sugars, polyols, erythritol, fiber, protein, alcohol, organicAcids, salt, sodium: Figure?
        var kcal, kj: Figure?

        init(_ json: JSONDocument, _ block: Int) {
            func figure(_ key: String, in object: Int = block) -> Figure? {
                guard let node = json.member(object, key), let value = json.double(node), value.isFinite else { return nil }
                return Figure(node: node, value: value)
            }
            fat = figure("fat")
            saturatedFat = figure("saturatedFat")
            salatrims = figure("salatrims")
            carbohydrates = figure("carbohydrates")
            sugars = figure("sugars")
            polyols = figure("polyols")
            erythritol = figure("erythritol")
            fiber = figure("fiber")
            protein = figure("protein")
            alcohol = figure("alcohol")
            organicAcids = figure("organicAcids")
            salt = figure("salt")
            sodium = figure("sodium")
            // Energy: energyKcal / energyKj (products), or energy { value, unit } (recipes).
            kcal = figure("energyKcal")
            kj = figure("energyKj")
            if let energy = json.member(block, "energy"), json.kind(energy) == .object, let value = figure("value", in: energy) {
                switch json.member(energy, "unit").flatMap({ json.string($0) }) {
                case "kcal": kcal = value
                case "kJ": kj = value
                default: break
                }
            }
        }

        subscript(_ n: Nutrient) -> Figure? {
            switch n {
            case .fat: fat
            case .saturatedFat: saturatedFat
            case .salatrims: salatrims
            case .carbohydrates: carbohydrates
            case .sugars: sugars
            case .polyols: polyols
            case .erythritol: erythritol
            case .fiber: fiber
            case .protein: protein
            case .alcohol: alcohol
            case .organicAcids: organicAcids
            case .salt: salt
            case .sodium: sodium
            }
        }
    }

    /// The most a millilitre of a liquid food weighs, in grams: honey, syrups and molasses
    /// are the densest, at about 1.4 g/ml. A product sold by volume gives its figures per
    /// 100 ml (EU 1169/2011 Article 32), so 100 ml of syrup holds 107 g of carbohydrates.
    static let densest = 1.5

    /// Which figures a block holds, for the caps and the hints of messages.
    enum Column {
        /// A product's `per100g`: per 100 ml when the product is sold by volume.
        case per100g(byVolume: Bool)
        /// A product's `perServing`, with the serving's size in grams (or millilitres, when
        /// `byVolume`) when the product gives one.
        case perServing(size: Double?, byVolume: Bool)
        /// A recipe's `nutrition`, with `per: 100g` or not.
        case recipe(per100g: Bool)

        var isPer100g: Bool {
            switch self {
            case .per100g, .recipe(per100g: true): true
            default: false
            }
        }

        var byVolume: Bool {
            switch self {
            case .per100g(let byVolume), .perServing(_, let byVolume): byVolume
            case .recipe: false
            }
        }

        /// `100 g`, or `100 ml` for a product sold by volume.
        var hundred: String { byVolume ? "100 ml" : "100 g" }

        /// What a figure of another column in this one looks like, for "or whether ...".
        var misplacedValue: String {
            switch self {
            case .per100g: "a per-serving value went into the per-\(hundred) column"
            case .perServing: "a per-\(hundred) value went into the per-serving column"
            case .recipe(per100g: true): "the figures are per serving (`per` says 100g)"
            case .recipe(per100g: false): "the figures are per 100 g (`per` says serving)"
            }
        }

        /// The most grams of nutrients the figures can hold; nil when the amount is not
        /// known (a serving without a size).
        func capacity(_ t: Tolerances) -> Double? {
            switch self {
            case .per100g(byVolume: false), .recipe(per100g: true): t.maxPer100g
            case .per100g(byVolume: true): t.maxPer100g * NutritionConsistencyRule.densest
            case .perServing(let size?, let byVolume): size * t.maxPer100g / 100 * (byVolume ? NutritionConsistencyRule.densest : 1)
            case .perServing(size: nil, _), .recipe(per100g: false): nil
            }
        }

        /// For a message on ``capacity(_:)``: what the figures are per, why no more fits,
        /// and what likely went wrong (made only for a message).
        func capacityWords(_ t: Tolerances) -> (per: String, why: String, likely: String) {
            let liquids = "the densest liquids, honey and syrups, weigh about 1.4 g per ml"
            // Below 100 g per 100 g the cap is the project's, and a food may hold more.
            let lowered = t.maxPer100g < 100
            let setting = "the most the project's `maxPer100g` (\(NutritionConsistencyRule.plain(t.maxPer100g)) g per 100 g) allows"
            switch self {
            case .per100g(byVolume: true):
                return ("per 100 ml", "\(lowered ? setting + " per 100 ml" : "which no food can hold") (\(liquids))", "per-serving figures in the per-100 ml block")
            case .perServing(let size, let byVolume):
                let serving = "\(NutritionConsistencyRule.plain(size ?? 0)) \(byVolume ? "ml" : "g")"
                let why = lowered ? "\(setting) in a serving of \(serving)" : "which a serving of \(serving) cannot hold"
                return ("per serving", why + (byVolume ? " (\(liquids))" : ""),
                        "per-100 \(byVolume ? "ml" : "g") figures in the per-serving block, or a wrong serving size")
            default:
                return ("per 100 g", lowered ? setting : "which no food can hold", "per-serving figures in the per-100 g block")
            }
        }
    }

    /// Whether a product's measure (`quantity`, `serving`) is a volume (`ml`, `l`, `fl
    /// oz`): true, a mass: false, anything else or none: nil.
    static func isVolume(_ json: JSONDocument, _ measure: Int?) -> Bool? {
        guard let measure, json.kind(measure) == .object,
            let unit = json.member(measure, "unit").flatMap({ json.string($0) }) else { return nil }
        switch unit {
        case "g": return false
        case "ml": return true
        default:
            switch UnitTable.standard.unit(named: unit)?.dimension {
            case .mass: return false
            case .volume: return true
            default: return nil
            }
        }
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        guard let nutrition = json.member(document.node, "nutrition"), json.kind(nutrition) == .object else { return [] }
        let t = Tolerances(options)
        var sink = DiagnosticSink(document: document, context: context)
        if document.kind == ContentFields.product {
            // Sold by volume: the net quantity says, else the serving.
            let quantity = json.member(document.node, "quantity"), serving = json.member(document.node, "serving")
            let servingIsVolume = Self.isVolume(json, serving)
            let byVolume = Self.isVolume(json, quantity) ?? servingIsVolume ?? false
            // The serving's size, in grams or millilitres (the units the schema allows: in
            // another, such as oz, the schema reports it and the value is not grams).
            var size: Double?
            if let serving, let unit = json.member(serving, "unit"), json.string(unit) == "g" || json.string(unit) == "ml",
               let value = json.member(serving, "value").flatMap({ json.double($0) }), value > 0, value.isFinite {
                size = value
            }
            // Per-100 g figures over their cap (reported there) are no measure for the
            // per-serving ones: those are not compared with them.
            var hundred: Figures?
            if let b = json.member(nutrition, "per100g"), json.kind(b) == .object {
                let (figures, over) = check(block: b, .per100g(byVolume: byVolume), json: json, t, &sink)
                if !over { hundred = figures }
            }
            if let b = json.member(nutrition, "perServing"), json.kind(b) == .object {
                let column = Column.perServing(size: size, byVolume: servingIsVolume ?? false)
                let (figures, over) = check(block: b, column, json: json, t, &sink)
                // Per 100 ml against a serving in grams (or the other way) needs the density.
                if let hundred, let size, !over, servingIsVolume == byVolume {
                    compare(hundred, figures, block: b, size: size, byVolume: byVolume, json: json, t, &sink)
                }
            }
        } else {
            let per = json.member(nutrition, "per").flatMap { json.string($0) }
            check(block: nutrition, .recipe(per100g: per == "100g"), json: json, t, &sink)
        }
        return sink.diagnostics
    }

    /// Checks the figures of one block; returns them, and whether some were more than the
    /// block's amount can hold.
    @discardableResult
    private func check(block: Int, _ column: Column, json: JSONDocument, _ t: Tolerances, _ sink: inout DiagnosticSink) -> (figures: Figures, over: Bool) {
        let f = Figures(json, block)
        func literal(_ figure: Figure) -> String { json.numberLiteral(figure.node) }

        // Nothing above 100 g per 100 g (or the serving's size per serving): no nutrient,
        // and not the nutrients that do not hold one another together (fiber is left out:
        // US labels count it in the carbohydrates; polyols are part of the carbohydrates).
        // Labels round each figure: 2% more passes. Per 100 ml, 100 ml of the densest
        // liquid food.
        //
        // Per 100 g a nutrient over is reported first (a misplaced decimal point is the
        // likely cause, at that figure), then the sum. Per serving the sum is first: the
        // likely cause is the whole block (per-100 g figures, or a wrong serving size), so
        // it is one error at the block, not one per figure.
        var over = false
        if let cap = column.capacity(t) {
            func overSum() -> Bool {
                var count = 0
                var total = 0.0
                func add(_ n: Nutrient) {
                    guard let figure = f[n] else { return }
                    count += 1
                    total += figure.value
                }
                add(.fat); add(.carbohydrates); add(.protein); add(.alcohol); add(.organicAcids); add(.salt)
                guard count > 1, total > cap * 1.02 else { return false }
                let sum = [Nutrient.fat, .carbohydrates, .protein, .alcohol, .organicAcids, .salt].compactMap { n in f[n].map { "\(n.key) \(literal($0))" } }
                    .joined(separator: " + ")
                let (per, why, likely) = column.capacityWords(t)
                let hint = column.isPer100g ? "a misplaced decimal point, or \(likely)?" : "\(likely)?"
                sink.report(block, "\(sum) = \(Self.format(total)) g \(per), more than \(Self.plain(cap)) g, \(why); \(hint)")
                return true
            }
            if !column.isPer100g { over = overSum() }
            if !over {
                for raw in 0..<Nutrient.count {
                    let n = Nutrient(rawValue: raw)!
                    guard let figure = f[n], figure.value > cap else { continue }
                    let (per, why, likely) = column.capacityWords(t)
                    let hint = column.isPer100g ? "a misplaced decimal point?" : "a misplaced decimal point, \(likely)?"
                    sink.report(figure.node, "\(n.key) \(literal(figure)) g \(per) is more than \(Self.plain(cap)) g, \(why); \(hint)")
                    over = true
                }
            }
            if !over && column.isPer100g { over = overSum() }
        }

        // Parts are at most their whole.
        func part(_ p: Nutrient, of w: Nutrient, _ why: String) {
            guard let part = f[p], let whole = f[w], part.value > whole.value * 1.01 + 0.1 else { return }
            sink.report(part.node, "\(p.key) \(literal(part)) g is more than \(w.key) \(literal(whole)) g, but \(why); fix one of them")
        }
        part(.saturatedFat, of: .fat, "saturated fat is part of the fat")
        part(.salatrims, of: .fat, "salatrims are part of the fat (labels count them in)")
        part(.sugars, of: .carbohydrates, "sugars are part of the carbohydrates")
        part(.polyols, of: .carbohydrates, "polyols are part of the carbohydrates (labels count them in)")
        if f[.polyols] != nil {
            part(.erythritol, of: .polyols, "erythritol is one of the polyols")
        } else {
            part(.erythritol, of: .carbohydrates, "erythritol is part of the carbohydrates (labels count it in)")
        }
        // Sugars and polyols (or erythritol standing for them) are two parts of the
        // carbohydrates, so together at most their whole. Each of the three figures is
        // rounded (half a gram either way from 10 g), so that much more passes; a part over
        // the whole on its own is reported above.
        if let sugars = f[.sugars], let polyols = f[.polyols] ?? f[.erythritol], let carbohydrates = f[.carbohydrates] {
            let p: Nutrient = f[.polyols] != nil ? .polyols : .erythritol
            let whole = carbohydrates.value * 1.01 + 0.1
            let rounding = Self.roundingStep(.sugars) + Self.roundingStep(p) + Self.roundingStep(.carbohydrates)
            let sum = sugars.value + polyols.value
            if sugars.value <= whole, polyols.value <= whole, sum > whole + rounding {
                sink.report(polyols.node, "sugars \(literal(sugars)) g + \(p.key) \(literal(polyols)) g = \(Self.format(sum)) g is more than carbohydrates \(literal(carbohydrates)) g, but sugars and \(p.key) are two parts of the carbohydrates (labels count both in); fix one of them")
            }
        }

        // Salt = sodium x 2.5.
        if let salt = f[.salt], let sodium = f[.sodium] {
            let expected = sodium.value * 2.5
            if abs(salt.value - expected) > t.saltRelative * max(salt.value, expected) + t.saltGrams {
                sink.report(sodium.node, "salt \(literal(salt)) g is not sodium \(literal(sodium)) g x 2.5 = \(Self.format(expected)) g; fix one of them (for salt \(literal(salt)) g, sodium is \(Self.format(salt.value / 2.5)) g)")
            }
        }

        // kJ = kcal x 4.184, or both as the macronutrients give them with Annex XIV's own
        // kJ and kcal factors (fibre 8 kJ but 2 kcal a gram: kJ / kcal is 4 for fibre, 4.33
        // for organic acids, 4.25 for carbohydrates, so a label computed with the factors
        // is not kcal x 4.184).
        if let kcal = f.kcal, let kj = f.kj {
            let expected = kcal.value * 4.184
            if abs(kj.value - expected) > t.energyRelative * max(kj.value, expected) + t.energyKj,
               !Self.annexXIVExplains(kcal: kcal.value, kj: kj.value, f, t) {
                sink.report(kj.node, "energy \(literal(kj)) kJ is not \(literal(kcal)) kcal x 4.184 = \(Self.format(expected)) kJ; fix one of them")
                return (f, over)
            }
        }

        checkEnergy(f, column, json: json, t, &sink)
        return (f, over)
    }

    /// The rounding of a label, in the figure's unit: whole grams from 10 g (EU and US
    /// alike), so half a gram either way; salt and sodium to 0.1 g from 1 g; energy to 5
    /// kcal (US labels round to 5 below 50 kcal, to 10 above), 21 kJ.
    static func roundingStep(_ n: Nutrient?, kj: Bool = false) -> Double {
        switch n {
        case .salt?, .sodium?: 0.05
        case nil: kj ? 21 : 5
        default: 0.5
        }
    }

    /// Per serving = per 100 g (or ml) x the serving's size / 100, within label rounding:
    /// each figure may be off by half a rounding step, and the per-100 g one by that
    /// times size / 100, plus `servingTolerance` of the larger figure. Reported at the
    /// per-serving figure; a per-serving block that repeats the per-100 g figures is
    /// reported once, at the block.
    private func compare(
        _ hundred: Figures, _ serving: Figures, block: Int, size: Double, byVolume: Bool, json: JSONDocument, _ t: Tolerances,
        _ sink: inout DiagnosticSink
    ) {
        let scale = size / 100
        func literal(_ figure: Figure) -> String { json.numberLiteral(figure.node) }
        /// Calls `body` with each figure both blocks give: per 100, per serving, its
        /// name, its unit and its rounding step.
        /// (A figure below zero is the schema's to report.)
        func each(_ body: (Figure, Figure, String, String, Double) -> Void) {
            func pair(_ a: Figure?, _ b: Figure?, _ key: String, _ unit: String, _ step: Double) {
                guard let a, let b, a.value >= 0, b.value >= 0 else { return }
                body(a, b, key, unit, step)
            }
            pair(hundred.kcal, serving.kcal, "energy", "kcal", Self.roundingStep(nil))
            pair(hundred.kj, serving.kj, "energy", "kJ", Self.roundingStep(nil, kj: true))
            for raw in 0..<Nutrient.count {
                let n = Nutrient(rawValue: raw)!
                pair(hundred[n], serving[n], n.key, "g", Self.roundingStep(n))
            }
        }
        func allowed(_ expected: Double, _ given: Double, _ step: Double) -> Double {
            t.servingRelative * max(expected, given) + step * (1 + scale)
        }
        // A figure that is 0 in both blocks (a cola's fat) is the same per 100 g and per
        // serving, so it neither shows nor hides a copied block.
        var compared = 0, differ = 0, copied = 0
        each { a, b, _, _, step in
            if a.value == 0 && b.value == 0 { return }
            compared += 1
            let expected = a.value * scale
            guard abs(b.value - expected) > allowed(expected, b.value, step) else { return }
            differ += 1
            if b.value == a.value { copied += 1 }
        }
        guard differ > 0 else { return }
        let unit = byVolume ? "ml" : "g"
        let sizeText = "\(Self.plain(size)) \(unit)"
        if compared > 1, copied == compared {
            var figures: [String] = []
            each { a, _, key, u, _ in figures.append("\(key) \(Self.format(a.value * scale)) \(u)") }
            sink.report(
                block,
                "perServing repeats the figures of per100g, but a serving is \(sizeText): per serving they are per100g x \(sizeText) / 100 (\(figures.joined(separator: ", "))); fill in the label's per-serving figures, or check the serving size")
            return
        }
        each { a, b, key, u, step in
            let expected = a.value * scale
            let allowance = allowed(expected, b.value, step)
            guard abs(b.value - expected) > allowance else { return }
            sink.report(
                b.node,
                "\(key) \(literal(b)) \(u) per serving is not \(key) \(literal(a)) \(u) per 100 \(unit) x \(sizeText) / 100 = \(Self.format(expected)) \(u) (allowed difference \(Self.plain(t.servingRelative * 100))% + \(Self.format(step * (1 + scale))) \(u) for rounding); check the two figures and the serving size")
        }
    }

    /// Energy from the macronutrients with the factors of EU 1169/2011 Annex XIV, in kcal
    /// and in kJ (per gram: fat other than salatrims 9 kcal / 37 kJ, salatrims 6/25,
    /// carbohydrates other than polyols 4/17, polyols other than erythritol 2.4/10,
    /// erythritol 0, protein 4/17, fibre 2/8, alcohol 7/29, organic acids 3/13); nil
    /// unless fat, carbohydrates and protein are all given.
    static func macroEnergy(_ f: Figures) -> (kcal: Double, kj: Double)? {
        guard let fat = f[.fat]?.value, let carbohydrates = f[.carbohydrates]?.value, let protein = f[.protein]?.value else { return nil }
        // Without `polyols`, `erythritol` alone stands for them.
        let erythritol = f[.erythritol]?.value ?? 0
        let polyols = max(f[.polyols]?.value ?? 0, erythritol)
        let fiber = f[.fiber]?.value ?? 0
        let alcohol = f[.alcohol]?.value ?? 0
        let salatrims = f[.salatrims]?.value ?? 0
        let organicAcids = f[.organicAcids]?.value ?? 0
        let grams = [max(0, fat - salatrims), salatrims, max(0, carbohydrates - polyols), polyols - erythritol, protein, fiber, alcohol, organicAcids]
        let kcal: [Double] = [9, 6, 4, 2.4, 4, 2, 7, 3]
        let kj: [Double] = [37, 25, 17, 10, 17, 8, 29, 13]
        var energy = (kcal: 0.0, kj: 0.0)
        for i in grams.indices {
            energy.kcal += grams[i] * kcal[i]
            energy.kj += grams[i] * kj[i]
        }
        return energy
    }

    /// Whether a kJ and kcal pair that is not kcal x 4.184 is what the macronutrients give
    /// with Annex XIV's own kJ and kcal factors: each within `macroTolerance` (and
    /// `macroToleranceKcal`, x 4.184 for kJ) of its sum, and kJ within `energyTolerance`
    /// (and `energyToleranceKj`) of kcal x the two sums' ratio, so that a pair off from
    /// each other is still reported.
    static func annexXIVExplains(kcal: Double, kj: Double, _ f: Figures, _ t: Tolerances) -> Bool {
        guard let computed = macroEnergy(f), computed.kcal > 0 else { return false }
        let kcalExplained = abs(kcal - computed.kcal) <= t.macroRelative * computed.kcal + t.macroKcal
        let kjExplained = abs(kj - computed.kj) <= t.macroRelative * computed.kj + t.macroKcal * 4.184
        let expected = kcal * computed.kj / computed.kcal
        let pairAgrees = abs(kj - expected) <= t.energyRelative * max(kj, expected) + t.energyKj
        return kcalExplained && kjExplained && pairAgrees
    }

    /// Energy from the macronutrients, with the factors of EU 1169/2011 Annex XIV (kcal per
    /// gram): fat other than salatrims 9, salatrims 6, carbohydrates other than polyols 4,
    /// polyols 2.4 (erythritol 0), protein 4, fibre 2, alcohol 7, organic acids 3. Compared
    /// when fat, carbohydrates and protein are all given.
    private func checkEnergy(_ f: Figures, _ column: Column, json: JSONDocument, _ t: Tolerances, _ sink: inout DiagnosticSink) {
        guard let fat = f[.fat], let carbohydrates = f[.carbohydrates], let protein = f[.protein], let energy = f.kcal ?? f.kj else { return }
        func literal(_ figure: Figure) -> String { json.numberLiteral(figure.node) }
        let declared = f.kcal?.value ?? (energy.value / 4.184)
        guard let computed = Self.macroEnergy(f)?.kcal else { return }
        func allowed(_ kcal: Double) -> Double { t.macroRelative * kcal + t.macroKcal }
        guard abs(declared - computed) > allowed(computed) else { return }

        var parts = [f[.salatrims].map { "(fat \(literal(fat)) - salatrims \(literal($0))) g x 9 + salatrims \(literal($0)) g x 6" } ?? "fat \(literal(fat)) g x 9"]
        switch (f[.polyols], f[.erythritol]) {
        case (nil, nil):
            parts.append("carbohydrates \(literal(carbohydrates)) g x 4")
        case (let p?, let e):
            parts.append("(carbohydrates \(literal(carbohydrates)) - polyols \(literal(p))) g x 4")
            parts.append(e.map { "(polyols \(literal(p)) - erythritol \(literal($0))) g x 2.4" } ?? "polyols \(literal(p)) g x 2.4")
        case (nil, let e?):
            parts.append("(carbohydrates \(literal(carbohydrates)) - erythritol \(literal(e))) g x 4")
        }
        parts.append("protein \(literal(protein)) g x 4")
        if let fiber = f[.fiber] { parts.append("fiber \(literal(fiber)) g x 2") }
        if let alcohol = f[.alcohol] { parts.append("alcohol \(literal(alcohol)) g x 7") }
        if let acids = f[.organicAcids] { parts.append("organicAcids \(literal(acids)) g x 3") }
        let shown = f.kcal != nil ? "\(literal(energy)) kcal" : "\(literal(energy)) kJ (\(Self.format(declared)) kcal)"
        let sum = "\(parts.joined(separator: " + ")) = \(Self.format(computed)) kcal"
        let tolerance = "(allowed difference \(Self.plain(t.macroRelative * 100))% + \(Self.plain(t.macroKcal)) kcal)"

        // Too little energy, no polyols given, and sugars given: the carbohydrates that are
        // not sugars may be polyols, which labels count in the carbohydrates (a sugar-free
        // sweetener or chewing gum). If they would explain the figure (at 0 kcal/g, as
        // erythritol), the label is likely right and only the polyols are missing: a note,
        // not an error, since an error on a true label would teach a team to turn the rule
        // off. Labels always give sugars (EU and US alike); without them the figures are
        // not a whole label, and the error stands.
        if declared < computed, f[.polyols] == nil, f[.erythritol] == nil, let sugars = f[.sugars] {
            let mayBePolyols = max(0, carbohydrates.value - sugars.value)
            let lowest = computed - mayBePolyols * 4
            if mayBePolyols > 0, declared >= lowest - allowed(lowest) {
                sink.report(
                    energy.node,
                    "energy \(shown) is below the macronutrients: \(sum) \(tolerance); if part of the carbohydrates is polyols (sweeteners such as maltitol, sorbitol or xylitol count 2.4 kcal/g, erythritol 0), add `polyols` (and `erythritol`) so that they are counted at their own factors",
                    atMost: .note)
                return
            }
        }
        var alcoholHint = ""
        if declared > computed {
            let missing = [
                f[.alcohol] == nil ? "a drink with alcohol needs `alcohol` (grams of ethanol, 7 kcal/g)" : nil,
                f[.organicAcids] == nil ? "vinegar or a citrus juice its `organicAcids` (3 kcal/g)" : nil,
            ].compactMap { $0 }
            if !missing.isEmpty { alcoholHint = "; " + missing.joined(separator: ", ") }
        }
        sink.report(
            energy.node,
            "energy \(shown) does not match the macronutrients: \(sum) \(tolerance); check the energy and the nutrients, or whether \(column.misplacedValue)\(alcoholHint)"
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
