import Foundation

/// Which cup, spoon and pint the generic names (`cup`, `tbsp`, `pint`) mean.
///
/// The explicit names always mean one unit whatever the convention (`us cup`, `metric cup`,
/// `au tbsp`, `imperial pint`).
public enum KitchenConvention: String, Sendable, Hashable, CaseIterable {
    /// US customary: cup 236.5882365 ml, tbsp 14.78676478125 ml, tsp 4.92892159375 ml,
    /// fl oz, pint, quart and gallon US. The default.
    case us
    /// Metric kitchen measures: cup 250 ml, tbsp 15 ml, tsp 5 ml; fl oz, pint, quart and
    /// gallon stay US.
    case metric
    /// Australian: cup 250 ml, tbsp 20 ml, tsp 5 ml; fl oz, pint, quart, gallon imperial.
    case australian
    /// British: cup 250 ml, tbsp 15 ml, tsp 5 ml; fl oz, pint (568.26125 ml), quart and
    /// gallon imperial.
    case imperial
    /// A bar's: US customary, and a bare `oz` (`ounce`) is a US fluid ounce, as cocktail
    /// recipes write it (`2 oz gin`), not an ounce of weight.
    case bar
}

/// The units Larder knows, by every spelling: names, plurals and abbreviations for mass,
/// volume, count, temperature, time and energy, with exact factors.
///
///     let units = UnitTable.standard
///     units.unit(named: "Tablespoons")?.id               // "us-tbsp"
///     units.unit(named: "fl. oz.")?.id                   // "us-fl-oz"
///     units.convert(16, from: "tbsp", to: "cup")         // 1
///     UnitTable(convention: .metric).unit(named: "cup")?.id   // "metric-cup"
///
/// Look-up (``unit(named:)``) trims the text and collapses white space, then tries the
/// spelling as written, then without dots (`tbsp.`, `fl. oz.`), then ignoring case. Case is
/// ignored only for spellings of two characters or more whose lower-case form names a
/// single unit: `T` is a tablespoon and `t` a teaspoon, `L` and `l` are litres.
///
/// - Note: `oz` is the avoirdupois ounce (a mass); a fluid ounce is `fl oz`.
public struct UnitTable: Sendable {
    /// Every unit of the table, in a stable order.
    public let units: [UnitDefinition]
    /// What `cup`, `tbsp`, `tsp`, `fl oz`, `pint`, `quart` and `gallon` mean.
    public let convention: KitchenConvention
    private let exact: [String: Int]
    private let folded: [String: Int]
    private let byID: [String: Int]

    /// The built-in units with US customary kitchen measures.
    public static let standard = UnitTable()

    /// A table of `units` (the built-in ones by default), with the generic kitchen names
    /// read per `convention`. When two units claim a spelling, the later one wins, so a
    /// project's own units can redefine a built-in spelling.
    public init(units: [UnitDefinition] = UnitTable.builtInUnits, convention: KitchenConvention = .us) {
        self.units = units
        self.convention = convention
        var byID: [String: Int] = [:]
        for (index, unit) in units.enumerated() { byID[unit.id] = index }
        // Generic kitchen names first, then every unit's id and names (a later unit wins),
        // then symbols where no name claimed them (`°C`).
        var exact: [String: Int] = [:]
        for (name, id) in Self.kitchenNames(convention) {
            if let index = byID[id] { exact[Self.normalized(name)] = index }
        }
        for (index, unit) in units.enumerated() {
            for name in [unit.id] + unit.names { exact[Self.normalized(name)] = index }
        }
        // In a bar an ounce is a fluid ounce (the unit `oz` keeps its id, for `unit(id:)`).
        if convention == .bar, let fluid = byID["us-fl-oz"] {
            for name in ["oz", "ounce", "ounces"] { exact[Self.normalized(name)] = fluid }
        }
        for (index, unit) in units.enumerated() where exact[Self.normalized(unit.symbol)] == nil {
            exact[Self.normalized(unit.symbol)] = index
        }
        var folded: [String: Int] = [:]
        var ambiguous = Set<String>()
        for (name, index) in exact where name.count >= 2 {
            let key = name.lowercased()
            if let other = folded[key], units[other].id != units[index].id {
                ambiguous.insert(key)
            } else {
                folded[key] = index
            }
        }
        for key in ambiguous { folded[key] = nil }
        self.exact = exact
        self.folded = folded
        self.byID = byID
    }

    /// The unit a spelling names, or nil when the table does not know it.
    /// - Complexity: O(length of `name`).
    public func unit(named name: String) -> UnitDefinition? {
        index(of: name).map { units[$0] }
    }

    /// True when the table knows the spelling.
    public func contains(_ name: String) -> Bool { index(of: name) != nil }

    /// The unit with the id `id` (`"us-cup"`, `"g"`).
    public func unit(id: String) -> UnitDefinition? { byID[id].map { units[$0] } }

    /// This table with more units (a project's own: `glug`, `knob`); their spellings win
    /// over built-in ones.
    public func adding(_ more: [UnitDefinition]) -> UnitTable {
        UnitTable(units: units + more, convention: convention)
    }

    /// Every spelling the table accepts (as normalized for look-up), sorted: for "did you
    /// mean" suggestions and `larder explain`.
    public var spellings: [String] { exact.keys.sorted() }

    /// Converts an amount between two units of the same dimension; nil when the units are
    /// unknown, of different dimensions, or not convertible (a clove to a slice).
    ///
    ///     UnitTable.standard.convert(350, from: "°F", to: "°C")   // 176.666…
    public func convert(_ value: Decimal, from: String, to: String) -> Decimal? {
        guard let a = unit(named: from), let b = unit(named: to) else { return nil }
        return Self.convert(value, from: a, to: b)
    }

    /// Converts an amount between two units of the same dimension (see
    /// ``convert(_:from:to:)-(Decimal,String,String)``).
    public static func convert(_ value: Decimal, from a: UnitDefinition, to b: UnitDefinition) -> Decimal? {
        if a.id == b.id { return value }
        guard a.dimension == b.dimension, let base = a.toBase(value) else { return nil }
        return b.fromBase(base)
    }

    // MARK: Look-up

    private func index(of name: String) -> Int? {
        let key = Self.normalized(name)
        if key.isEmpty { return nil }
        if let i = exact[key] { return i }
        let undotted = Self.normalized(key.replacingOccurrences(of: ".", with: " "))
        if let i = exact[undotted] { return i }
        let joined = key.replacingOccurrences(of: ".", with: "")
        if let i = exact[joined] { return i }
        for candidate in [key, undotted, joined] where candidate.count >= 2 {
            if let i = folded[candidate.lowercased()] { return i }
        }
        return nil
    }

    /// Trims, collapses white space, and writes the degree sign one way.
    static func normalized(_ name: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in name.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.unicodeScalars.append(" "); pendingSpace = false }
            switch scalar {
            case "\u{00BA}", "\u{02DA}": out.unicodeScalars.append("\u{00B0}")  // º, ˚ -> °
            case "\u{2103}": out += "\u{00B0}C"  // ℃
            case "\u{2109}": out += "\u{00B0}F"  // ℉
            case "\u{03BC}": out.unicodeScalars.append("\u{00B5}")  // Greek mu -> micro sign
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

// MARK: - The built-in units

extension UnitTable {
    private static func exact(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
    }

    private static func linear(_ text: String) -> UnitScale { .linear(exact(text)) }

    /// The units Larder knows: metric and US/imperial mass and volume (exact factors), the
    /// kitchen's counted units, temperatures, times and energies.
    public static let builtInUnits: [UnitDefinition] = {
        var u: [UnitDefinition] = []
        func add(_ id: String, _ symbol: String, _ dimension: UnitDimension, _ scale: UnitScale,
                 _ system: MeasurementSystem, _ names: [String]) {
            u.append(UnitDefinition(id: id, symbol: symbol, dimension: dimension, scale: scale, system: system, names: names))
        }
        // Mass (base: gram).
        add("µg", "µg", .mass, linear("0.000001"), .metric, ["mcg", "ug", "microgram", "micrograms"])
        add("mg", "mg", .mass, linear("0.001"), .metric, ["milligram", "milligrams", "milligramme", "milligrammes"])
        add("g", "g", .mass, linear("1"), .metric, ["gr", "grs", "gram", "grams", "gramme", "grammes"])
        // The hectogram, Italian `etto` (an amount in it stays in it: `3 etti`).
        add("hg", "hg", .mass, linear("100"), .metric, ["hectogram", "hectograms", "etto", "etti"])
        add("kg", "kg", .mass, linear("1000"), .metric,
            ["kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"])
        add("oz", "oz", .mass, linear("28.349523125"), .usCustomary, ["ozs", "ounce", "ounces"])
        add("lb", "lb", .mass, linear("453.59237"), .usCustomary, ["lbs", "pound", "pounds"])
        // The German pound, `Pfund`: 500 g, not the US pound. Of no system, so it is not
        // added to grams ("1 Pfund 200 g") and converts to grams for metric.
        add("pfund", "Pfund", .mass, linear("500"), .neutral, ["Pfund", "Pfd"])

        // Volume (base: millilitre).
        add("ml", "ml", .volume, linear("1"), .metric,
            ["mL", "cc", "millilitre", "millilitres", "milliliter", "milliliters"])
        add("cl", "cl", .volume, linear("10"), .metric, ["cL", "centilitre", "centilitres", "centiliter", "centiliters"])
        add("dl", "dl", .volume, linear("100"), .metric, ["dL", "decilitre", "decilitres", "deciliter", "deciliters"])
        add("l", "l", .volume, linear("1000"), .metric, ["L", "ltr", "litre", "litres", "liter", "liters"])
        add("us-tsp", "tsp", .volume, linear("4.92892159375"), .usCustomary, ["us tsp", "us teaspoon", "us teaspoons"])
        add("us-tbsp", "tbsp", .volume, linear("14.78676478125"), .usCustomary,
            ["us tbsp", "us tablespoon", "us tablespoons"])
        add("us-fl-oz", "fl oz", .volume, linear("29.5735295625"), .usCustomary,
            ["us fl oz", "us fluid ounce", "us fluid ounces"])
        add("us-cup", "cup", .volume, linear("236.5882365"), .usCustomary, ["us cup", "us cups"])
        add("us-pint", "pint", .volume, linear("473.176473"), .usCustomary, ["us pint", "us pints", "us pt"])
        add("us-quart", "quart", .volume, linear("946.352946"), .usCustomary, ["us quart", "us quarts", "us qt"])
        add("us-gallon", "gallon", .volume, linear("3785.411784"), .usCustomary, ["us gallon", "us gallons", "us gal"])
        add("metric-tsp", "tsp", .volume, linear("5"), .metric, ["metric tsp", "metric teaspoon", "metric teaspoons"])
        add("metric-tbsp", "tbsp", .volume, linear("15"), .metric,
            ["metric tbsp", "metric tablespoon", "metric tablespoons"])
        add("au-tbsp", "tbsp", .volume, linear("20"), .metric, ["au tbsp", "au tablespoon", "au tablespoons"])
        add("metric-cup", "cup", .volume, linear("250"), .metric, ["metric cup", "metric cups"])
        // The dessertspoon of British and Australian recipes: 10 ml in both, whatever the
        // convention, so it has one unit of its own and no generic name. An amount in it
        // stays in it, as a cook measures it.
        add("dessertspoon", "dsp", .volume, linear("10"), .metric,
            ["dsps", "dessertspoon", "dessertspoons", "dessert spoon", "dessert spoons", "dessertspoonful", "dessertspoonfuls"])
        add("imperial-fl-oz", "fl oz", .volume, linear("28.4130625"), .imperial,
            ["imperial fl oz", "uk fl oz", "imperial fluid ounce", "imperial fluid ounces"])
        add("imperial-pint", "pint", .volume, linear("568.26125"), .imperial,
            ["imperial pint", "imperial pints", "uk pint", "uk pints"])
        add("imperial-quart", "quart", .volume, linear("1136.5225"), .imperial,
            ["imperial quart", "imperial quarts", "uk quart"])
        add("imperial-gallon", "gallon", .volume, linear("4546.09"), .imperial,
            ["imperial gallon", "imperial gallons", "uk gallon"])
        add("jigger", "jigger", .volume, linear("44.36029434375"), .usCustomary, ["jiggers"])

        // Count (base: piece). Only a dozen converts; the rest count as themselves.
        add("piece", "piece", .count, linear("1"), .neutral,
            ["pieces", "pc", "pcs", "item", "items", "whole", "each", "ea", "ct", "count"])
        add("dozen", "dozen", .count, linear("12"), .neutral, ["dozens", "doz"])
        let counted: [(String, [String])] = [
            ("clove", ["cloves"]), ("slice", ["slices"]), ("pinch", ["pinches"]), ("dash", ["dashes"]),
            ("barspoon", ["barspoons", "bar spoon", "bar spoons", "bsp"]), ("can", ["cans"]), ("tin", ["tins"]),
            ("sprig", ["sprigs"]), ("leaf", ["leaves"]), ("bunch", ["bunches"]), ("drop", ["drops"]),
            ("splash", ["splashes"]), ("wedge", ["wedges"]), ("twist", ["twists"]), ("stick", ["sticks"]),
            ("sheet", ["sheets"]), ("handful", ["handfuls"]), ("head", ["heads"]), ("stalk", ["stalks"]),
            ("pack", ["packs"]), ("package", ["packages", "pkg"]), ("packet", ["packets"]),
            ("bottle", ["bottles"]), ("jar", ["jars"]), ("bag", ["bags"]), ("box", ["boxes"]),
            ("cube", ["cubes"]), ("strip", ["strips"]), ("fillet", ["fillets"]), ("rasher", ["rashers"]),
            ("scoop", ["scoops"]), ("knob", ["knobs"]), ("sachet", ["sachets"]), ("ear", ["ears"]),
            ("bulb", ["bulbs"]), ("pod", ["pods"]), ("peel", ["peels"]), ("glass", ["glasses"]),
            ("shot", ["shots"]), ("smidgen", ["smidgens"]), ("dollop", ["dollops"]), ("pat", ["pats"]),
            ("sprinkle", ["sprinkles"]), ("spear", ["spears"]), ("stem", ["stems"]), ("root", ["roots"]),
            ("ring", ["rings"]), ("loaf", ["loaves"]), ("roll", ["rolls"]), ("bar", ["bars"]),
            // Packs and pieces recipes count in ("1 pouch tuna", "1 tub yogurt"): read as the
            // name, the last word took the number ("2 tub yogurts", "2 envelope yeasts").
            ("pouch", ["pouches"]), ("carton", ["cartons"]), ("tub", ["tubs"]), ("container", ["containers"]),
            ("block", ["blocks"]), ("ball", ["balls"]), ("envelope", ["envelopes"]), ("punnet", ["punnets"]),
            ("square", ["squares"]), ("mug", ["mugs"]), ("cob", ["cobs"]),
            // What a product's pack holds.
            ("capsule", ["capsules"]), ("tablet", ["tablets"]), ("portion", ["portions"]),
            ("teabag", ["teabags", "tea bag", "tea bags"]),
            // A cocktail's proportions ("2 parts gin, 1 part vermouth"): a count of the
            // drink's own measure, scaled as one.
            ("part", ["parts"]),
        ]
        for (id, names) in counted { u.append(.counted(id, names: names)) }

        // Temperature (base: degree Celsius).
        add("celsius", "°C", .temperature, linear("1"), .metric,
            ["°C", "degC", "deg C", "celsius", "degree celsius", "degrees celsius", "centigrade"])
        add("fahrenheit", "°F", .temperature,
            .affine(offset: exact("-32"), numerator: exact("5"), denominator: exact("9")), .usCustomary,
            ["°F", "degF", "deg F", "fahrenheit", "degree fahrenheit", "degrees fahrenheit"])
        add("kelvin", "K", .temperature,
            .affine(offset: exact("-273.15"), numerator: exact("1"), denominator: exact("1")), .metric,
            ["K", "kelvin", "kelvins"])

        // Time (base: second).
        add("s", "s", .time, linear("1"), .neutral, ["sec", "secs", "second", "seconds"])
        add("min", "min", .time, linear("60"), .neutral, ["mins", "minute", "minutes"])
        add("h", "h", .time, linear("3600"), .neutral, ["hr", "hrs", "hour", "hours"])
        add("day", "day", .time, linear("86400"), .neutral, ["days"])

        // Energy (base: kilojoule; 1 kcal is 4.184 kJ, the thermochemical calorie).
        add("kJ", "kJ", .energy, linear("1"), .metric, ["kj", "KJ", "kilojoule", "kilojoules"])
        add("kcal", "kcal", .energy, linear("4.184"), .neutral,
            ["Kcal", "Cal", "kilocalorie", "kilocalories", "calorie", "calories"])
        return u
    }()

    /// The generic kitchen names and the unit each means under a convention.
    static func kitchenNames(_ convention: KitchenConvention) -> [String: String] {
        let spoonsAndCup: (cup: String, tbsp: String, tsp: String)
        let fluid: String  // prefix of fl oz, pint, quart, gallon
        switch convention {
        case .us, .bar: spoonsAndCup = ("us-cup", "us-tbsp", "us-tsp"); fluid = "us"
        case .metric: spoonsAndCup = ("metric-cup", "metric-tbsp", "metric-tsp"); fluid = "us"
        case .australian: spoonsAndCup = ("metric-cup", "au-tbsp", "metric-tsp"); fluid = "imperial"
        case .imperial: spoonsAndCup = ("metric-cup", "metric-tbsp", "metric-tsp"); fluid = "imperial"
        }
        var names: [String: String] = [:]
        for n in ["cup", "cups", "c"] { names[n] = spoonsAndCup.cup }
        for n in ["tbsp", "tbsps", "tbs", "tbl", "tbls", "tblsp", "tablespoon", "tablespoons", "T", "Tb"] {
            names[n] = spoonsAndCup.tbsp
        }
        for n in ["tsp", "tsps", "teaspoon", "teaspoons", "t"] { names[n] = spoonsAndCup.tsp }
        for n in ["fl oz", "floz", "fl-oz", "fluid ounce", "fluid ounces"] { names[n] = fluid + "-fl-oz" }
        for n in ["pint", "pints", "pt", "pts"] { names[n] = fluid + "-pint" }
        for n in ["quart", "quarts", "qt", "qts"] { names[n] = fluid + "-quart" }
        for n in ["gallon", "gallons", "gal", "gals"] { names[n] = fluid + "-gallon" }
        return names
    }
}
