/// What a unit is fitted for: after scaling a recipe (stay close to exact), or after
/// converting between systems (where no kitchen unit is exact, so a little more slack, but
/// never more than 6 %).
public enum FitPurpose: Sendable, Hashable {
    /// Within 2 %: 5 tbsp stays 5 tbsp rather than becoming a 7 % short 1/3 cup.
    case scaling
    /// Within 6 %, every amount: 250 ml becomes 1 cup (5.4 % short) rather than 17 tbsp, as
    /// a cook reads it. An amount that no cup fraction comes that close to goes to
    /// tablespoons, or, above 8 of them (not readable), fluid ounces in quarters. In the
    /// smallest unit, an amount no kitchen fraction comes within 6 % of is written as a
    /// decimal (5 g → 0.18 oz, where 1/8 oz was 29 % short; 1 ml → 0.2 tsp).
    case converting

    var tolerance: Double {
        switch self {
        case .scaling: 0.02
        case .converting: 0.06
        }
    }
}

/// How a scaled amount is written, which decides whether it may be shown in thirds of a
/// tablespoon.
public enum AmountNotation: Sendable, Hashable {
    /// As text for people (an ingredient line, a text quantity): kitchen fractions, so more
    /// than two tablespoons' worth of teaspoons is written in tablespoons and thirds (`8
    /// tsp` is `2 2/3 tbsp`).
    case text
    /// As JSON numbers (a structured quantity or `{min, max}`), which hold no third:
    /// teaspoons stay teaspoons up to 9 whole, 12 exact (`8 tsp`), so the value stays a
    /// number, and a number scaled there and back is the number it was.
    case numbers
}

/// The measurement system a conversion writes amounts in.
public enum TargetSystem: String, Sendable, Hashable, CaseIterable {
    /// Grams and kilograms, millilitres and litres, °C; teaspoons and tablespoons stay
    /// as they are (a US tablespoon is within 1.4 % of a metric one).
    case metric
    /// Ounces and pounds; teaspoons, tablespoons and cups; fluid ounces and spoons stay as
    /// they are; °F.
    case us
}

/// An amount after fitting: the exact value in the chosen unit, what is shown, and the unit.
public struct FittedQuantity: Sendable, Hashable {
    /// The exact amount in ``unit``.
    public var exact: Amount
    /// The amount as shown (rounded by ``rounding``).
    public var shown: Amount
    /// The unit chosen.
    public var unit: UnitDefinition
    /// How ``shown`` was rounded from ``exact``.
    public var rounding: DisplayRounding

    /// A fitted amount, as computed and as shown.
    public init(exact: Amount, shown: Amount, unit: UnitDefinition, rounding: DisplayRounding) {
        self.exact = exact
        self.shown = shown
        self.unit = unit
        self.rounding = rounding
    }

    /// The amount a unit's minimum is held against: the lower end, or the upper one of a
    /// range from zero (`0-1 cup` x 2 went to the smallest unit, `0-96 tsp`, as 0 is less
    /// than any unit's minimum).
    var smallestEnd: Rational { shown.smallestEnd }

    /// The largest relative difference between shown and exact, over both ends of a range.
    public var relativeError: Double {
        max(QuantityFormatter.relativeError(shown: shown.lower, exact: exact.lower),
            QuantityFormatter.relativeError(shown: shown.upper, exact: exact.upper))
    }
}

/// Kitchen arithmetic on a ``UnitTable``: exact rational factors, conversions, display
/// rounding per unit, and choosing the unit that reads best after scaling
/// (`16 tbsp` → `1 cup`, `1500 g` → `1.5 kg`) or converting.
///
///     let kitchen = KitchenUnits()
///     let tbsp = kitchen.table.unit(named: "tbsp")!
///     let fitted = try kitchen.fit(.exact(16), in: tbsp, purpose: .scaling)
///     fitted.unit.id      // "us-cup"
///     fitted.shown        // .exact(1)
///
/// - Complexity: look-ups are O(1); fitting tries at most four units.
public struct KitchenUnits: Sendable {
    /// The units, with the kitchen convention that says what `cup` and `tbsp` mean.
    public let table: UnitTable
    private let factors: [String: Rational]
    private let offsets: [String: (offset: Rational, numerator: Rational, denominator: Rational)]
    /// Every spelling the table accepts as written, resolved once (look-ups of other
    /// spellings go through the table).
    private let spelled: [String: UnitDefinition]
    /// Each unit's family, by unit id.
    private let families: [String: [UnitDefinition]]
    /// What fitting needs of each unit, by unit id: computed once.
    private let profiles: [String: Profile]
    /// Each unit's family with the members' profiles, and the unit's own profile, by
    /// unit id (one look-up per fitted amount).
    private let fittingFamilies: [String: (members: [Member], own: Profile)]

    /// A unit's factor, display rounding, minimum and readable maximum.
    struct Profile: Sendable {
        var factor: Rational?
        var rounding: DisplayRounding
        var minimum: Rational
        var maximum: Readable?
        var numbersMaximum: Readable?
    }

    /// A unit of a family, with its profile (a class: the fitting loop reads members
    /// without copying their strings).
    final class Member: Sendable {
        let unit: UnitDefinition
        let profile: Profile

        init(unit: UnitDefinition, profile: Profile) {
            self.unit = unit
            self.profile = profile
        }
    }

    /// The built-in units with US customary kitchen measures.
    public static let standard = KitchenUnits()

    /// Kitchen arithmetic over `table`.
    public init(table: UnitTable = .standard) {
        self.table = table
        var factors: [String: Rational] = [:]
        var offsets: [String: (Rational, Rational, Rational)] = [:]
        for unit in table.units {
            switch unit.scale {
            case .linear(let f):
                if let r = try? Rational(f) { factors[unit.id] = r }
            case .affine(let o, let n, let d):
                if let o = try? Rational(o), let n = try? Rational(n), let d = try? Rational(d) { offsets[unit.id] = (o, n, d) }
            case .incommensurable:
                break
            }
        }
        self.factors = factors
        self.offsets = offsets.mapValues { (offset: $0.0, numerator: $0.1, denominator: $0.2) }
        var spelled: [String: UnitDefinition] = [:]
        for spelling in table.spellings {
            if let unit = table.unit(named: spelling) { spelled[spelling] = unit }
        }
        self.spelled = spelled
        var families: [String: [UnitDefinition]] = [:]
        for unit in table.units { families[unit.id] = Self.family(of: unit, in: table) }
        self.families = families
        var profiles: [String: Profile] = [:]
        for unit in table.units {
            profiles[unit.id] = Profile(factor: factors[unit.id], rounding: Self.rounding(for: unit, linear: factors[unit.id] != nil),
                                        minimum: Self.minimum(unit.id), maximum: Self.maximum(unit.id),
                                        numbersMaximum: Self.maximum(unit.id, notation: .numbers))
        }
        self.profiles = profiles
        var fittingFamilies: [String: (members: [Member], own: Profile)] = [:]
        for (id, family) in families {
            guard let own = profiles[id] else { continue }
            fittingFamilies[id] = (family.compactMap { u in profiles[u.id].map { Member(unit: u, profile: $0) } }, own)
        }
        self.fittingFamilies = fittingFamilies
    }

    /// A table with the given convention (built-in units).
    public init(convention: KitchenConvention) {
        self.init(table: UnitTable(convention: convention))
    }

    /// The unit a spelling names (see ``UnitTable/unit(named:)``).
    public func unit(named name: String) -> UnitDefinition? { spelled[name] ?? table.unit(named: name) }

    /// The unit with the id `id`.
    public func unit(id: String) -> UnitDefinition? { table.unit(id: id) }

    /// The exact factor of a linear unit to its dimension's base unit (1 cup → 236.5882365).
    public func factor(of unit: UnitDefinition) -> Rational? { factors[unit.id] }

    /// Converts an exact value between two units of one dimension; nil when they do not
    /// convert (different dimensions, counted units).
    ///
    ///     try KitchenUnits.standard.convert(350, from: fahrenheit, to: celsius)   // 530/3 (176.67)
    public func convert(_ value: Rational, from a: UnitDefinition, to b: UnitDefinition) throws(RationalError) -> Rational? {
        if a.id == b.id { return value }
        guard a.dimension == b.dimension else { return nil }
        let base: Rational
        if let f = factors[a.id] {
            base = try value * f
        } else if let t = offsets[a.id] {
            base = try (value + t.offset) * t.numerator / t.denominator
        } else {
            return nil
        }
        if let f = factors[b.id] { return try base / f }
        if let t = offsets[b.id] { return try base * t.denominator / t.numerator - t.offset }
        return nil
    }

    // MARK: Display rounding

    /// Count units that are often halved (`1/2 can`, `1/2 bunch`); the others round to
    /// whole numbers.
    /// A `stick` is a count, as a can is, and `convert` leaves it a stick: a cinnamon stick
    /// and a celery stick are sticks too, and the unit does not say what is counted. A stick
    /// of butter is 1/2 US cup, 4 oz, about 113 g; `1 stick (4 oz) butter` converts its
    /// bracket, `1 stick (113 g) butter`.
    static let halvableCounts: Set<String> = [
        "bunch", "handful", "can", "tin", "stick", "head", "pack", "package", "packet", "bag", "box", "jar",
        "bottle", "loaf", "bar", "glass", "scoop", "knob", "dollop", "dozen", "sheet", "barspoon",
        "pouch", "carton", "tub", "container", "block", "ball", "envelope", "punnet", "cube",
    ]

    /// How amounts in `unit` are rounded for display: decimals for metric mass and volume,
    /// kitchen fractions for US and imperial measures, spoons and cups, whole numbers (or
    /// halves) for counts, as is for temperatures and times. A missing unit counts things
    /// (`2 eggs`).
    public func rounding(for unit: UnitDefinition?) -> DisplayRounding {
        guard let unit else { return .whole }
        return profiles[unit.id]?.rounding ?? Self.rounding(for: unit, linear: factors[unit.id] != nil)
    }

    private static func rounding(for unit: UnitDefinition, linear: Bool) -> DisplayRounding {
        switch unit.dimension {
        case .temperature, .time, .energy: return .exact
        case .count: return Self.halvableCounts.contains(unit.id) ? .halves : .whole
        case .mass, .volume:
            switch unit.id {
            case "g", "kg", "mg", "µg", "ml", "cl", "dl", "l": return .decimal
            case "us-cup", "metric-cup": return .fraction(denominators: [4, 3])
            case "us-tbsp", "metric-tbsp", "au-tbsp": return .fraction(denominators: [4])
            case "lb": return .fraction(denominators: [4])
            default: return unit.system == .metric && linear && unit.dimension == .mass ? .decimal : .kitchen
            }
        }
    }

    /// True when amounts in the unit are whole counts (or halves), so rounding them can
    /// change the amount noticeably.
    public func isCounted(_ unit: UnitDefinition?) -> Bool {
        guard let unit else { return true }
        return unit.dimension == .count
    }

    /// True for units whose amounts never scale: temperatures and times.
    public func neverScales(_ unit: UnitDefinition?) -> Bool {
        guard let unit else { return false }
        return unit.dimension == .temperature || unit.dimension == .time
    }

    // MARK: Families

    /// The smallest amount of a unit worth writing in it when a smaller unit of the family
    /// exists (below 1/4 cup, write tablespoons).
    static func minimum(_ id: String) -> Rational {
        switch id {
        case "us-cup", "metric-cup": Rational(unchecked: 1, 4)
        case "us-tbsp", "metric-tbsp", "au-tbsp", "lb", "kg", "l", "g", "mg",
             "us-pint", "us-quart", "us-gallon", "imperial-pint", "imperial-quart", "imperial-gallon":
            Rational(1)
        // A jigger's smallest mark; less is written in spoons.
        case "us-fl-oz", "imperial-fl-oz": Rational(unchecked: 1, 4)
        default: .zero
        }
    }

    /// The largest amounts of a unit that still read well when a larger unit of the family
    /// exists: teaspoons up to 6 (two tablespoons: a cook measures `8 tsp` as `2 2/3 tbsp`,
    /// not eight times); tablespoons up to 8 with a fraction, 12 whole and 16 when exact;
    /// ounces up to 16, 32 and 64. Above them, an amount after scaling moves to a larger unit
    /// when that is close enough (`7 1/4 tsp` reads as `2 1/2 tbsp`, `8 tsp` as `2 2/3 tbsp`,
    /// `19 tbsp` as `1 1/4 cups`, `35 oz` as `2 1/4 lb`; `42 oz`, exact, stays, as `2 5/8 lb`
    /// would not be). A range is judged by its larger end, so both ends share a unit that
    /// reads well (`1/2-3/4 cup` x 1.5 is `3/4-1 1/8 cups`, not `12-18 tbsp`; `2-3 tsp` x 4
    /// is `2 2/3-4 tbsp`, not `8-12 tsp`).
    /// Written as numbers (``AmountNotation/numbers``), teaspoons read well up to 9 whole
    /// and 12 exact, as no number holds `2 2/3`.
    static func maximum(_ id: String, notation: AmountNotation = .text) -> Readable? {
        switch id {
        case "us-tsp", "metric-tsp":
            notation == .numbers
                ? Readable(withFraction: Rational(6), whole: Rational(9), exactWhole: Rational(12))
                : Readable(withFraction: Rational(6), whole: Rational(6), exactWhole: Rational(6))
        case "us-tbsp", "metric-tbsp", "au-tbsp": Readable(withFraction: Rational(8), whole: Rational(12), exactWhole: Rational(16))
        case "oz": Readable(withFraction: Rational(16), whole: Rational(32), exactWhole: Rational(64))
        default: nil
        }
    }

    /// How much of a unit reads well (see ``maximum(_:notation:)``).
    struct Readable: Sendable {
        var withFraction: Rational
        var whole: Rational
        var exactWhole: Rational

        func holds(_ fitted: FittedQuantity) -> Bool {
            let v = fitted.shown.upper
            let whole = v.isInteger && fitted.shown.lower.isInteger
            if whole && fitted.relativeError == 0 && v <= exactWhole { return true }
            return v <= (whole ? self.whole : withFraction)
        }
    }

    /// The units, smallest first, that an amount in `unit` may move between after scaling
    /// without leaving its system: spoons and cups (and gallons, from a gallon of cups on),
    /// ounces and pounds, grams and kilograms,
    /// millilitres and litres; US fluid ounces, pints, quarts and gallons (and, below the
    /// smallest of these, spoons: ``fit(_:in:purpose:notation:)``). A unit of no family
    /// (counts, temperatures) gives `[unit]`.
    public func family(of unit: UnitDefinition) -> [UnitDefinition] {
        families[unit.id] ?? Self.family(of: unit, in: table)
    }

    private static func family(of unit: UnitDefinition, in table: UnitTable) -> [UnitDefinition] {
        let ids: [String]
        switch unit.id {
        // Cups up to gallons, from a gallon on (16 cups x 2 is 2 gallons; it stayed 32 cups
        // while quarts moved up): 4 or 8 cups stay cups, as a cook measures them.
        case "us-tsp", "us-tbsp", "us-cup": ids = ["us-tsp", "us-tbsp", "us-cup", "us-gallon"]
        case "metric-tsp", "metric-tbsp", "metric-cup":
            ids = table.convention == .australian
                ? ["metric-tsp", "au-tbsp", "metric-cup"] : ["metric-tsp", "metric-tbsp", "metric-cup"]
        case "au-tbsp": ids = ["metric-tsp", "au-tbsp", "metric-cup"]
        case "us-pint", "us-quart", "us-gallon": ids = ["us-cup", "us-pint", "us-quart", "us-gallon"]
        // Fluid ounces up to pints and quarts (12 fl oz x 10 is 3 3/4 quarts), not to cups: a
        // bar's 4 fl oz stays 4 fl oz. Below 1/4 fl oz, spoons (``spoonsBelow``).
        case "us-fl-oz": ids = ["us-fl-oz", "us-pint", "us-quart", "us-gallon"]
        // Imperial fluid ounces the same way (they stayed fluid ounces: 20 fl oz x 2 was
        // 40 fl oz, not 1 quart).
        case "imperial-fl-oz", "imperial-pint", "imperial-quart", "imperial-gallon":
            ids = ["imperial-fl-oz", "imperial-pint", "imperial-quart", "imperial-gallon"]
        case "oz", "lb": ids = ["oz", "lb"]
        case "g", "kg": ids = ["g", "kg"]
        case "mg", "µg": ids = ["µg", "mg", "g", "kg"]
        case "ml", "l": ids = ["ml", "l"]
        case "cl": ids = ["cl", "l"]
        case "dl": ids = ["dl", "l"]
        default: ids = [unit.id]
        }
        let units = ids.compactMap { table.unit(id: $0) }
        return units.contains(where: { $0.id == unit.id }) ? units : [unit]
    }

    /// The family a conversion into `system` writes an amount of `unit` in, or nil when the
    /// amount stays as it is (already in that system, counted, or of no kitchen
    /// dimension).
    public func targetFamily(of unit: UnitDefinition, in system: TargetSystem) -> [UnitDefinition]? {
        let ids: [String]
        switch (unit.dimension, system) {
        case (.mass, .metric):
            guard unit.system != .metric else { return nil }
            ids = ["g", "kg"]
        case (.mass, .us):
            guard unit.system != .usCustomary else { return nil }
            ids = ["oz", "lb"]
        case (.volume, .metric):
            switch unit.id {
            // Spoons are spoons in both systems (a US tablespoon is 1.4 % short of 15 ml).
            case "metric-tsp", "metric-tbsp", "au-tbsp", "dessertspoon", "metric-cup", "ml", "cl", "dl", "l", "us-tsp", "us-tbsp":
                return nil
            default: ids = ["ml", "l"]
            }
        case (.volume, .us):
            switch unit.id {
            case "us-tsp", "us-tbsp", "us-cup", "us-fl-oz", "us-pint", "us-quart", "us-gallon", "jigger",
                 "metric-tsp", "metric-tbsp":
                return nil
            case "imperial-fl-oz": ids = ["us-fl-oz"]
            // US kitchens have no 20 ml tablespoon nor 10 ml dessertspoon: US spoons.
            case "au-tbsp", "dessertspoon": ids = ["us-tsp", "us-tbsp"]
            default: ids = ["us-tsp", "us-tbsp", "us-cup"]
            }
        case (.temperature, .metric):
            guard unit.id != "celsius" else { return nil }
            ids = ["celsius"]
        case (.temperature, .us):
            guard unit.id != "fahrenheit" else { return nil }
            ids = ["fahrenheit"]
        default:
            return nil
        }
        let units = ids.compactMap { table.unit(id: $0) }
        return units.isEmpty ? nil : units
    }

    // MARK: Fitting

    /// Chooses the unit of `unit`'s family that shows `amount` best: the largest one in
    /// which the amount is at least the unit's minimum (1/4 cup, 1 tbsp, 1 kg) and its
    /// rounding stays within the purpose's tolerance, else the smallest. After scaling, an
    /// amount that would not read well in that unit (``maximum(_:notation:)``: `19 tbsp`,
    /// `7 1/4 tsp`, `8 tsp`) moves to a larger one when that is within 5 %, cups and pounds in
    /// eighths and thirds too, and tablespoons in thirds when written as text (`notation`).
    ///
    ///     16 tbsp → 1 cup; 3 tsp → 1 tbsp; 1500 g → 1.5 kg; 5 tbsp → 5 tbsp; 1/8 cup → 2 tbsp
    ///     1.2 cups → 1 1/4 cups (not 19 tbsp); 2.4 tbsp → 2 1/3 tbsp (not 7 1/4 tsp); 4 tsp → 4 tsp
    ///     8 tsp → 2 2/3 tbsp (as numbers: 8 tsp); 10 tsp → 3 1/3 tbsp
    ///
    /// An amount of US pints, quarts, gallons or fluid ounces that comes out below the
    /// minimum of its family's smallest unit (under 1/4 cup, under 1/4 fl oz) is fitted again
    /// among spoons, as one of cups is: 1 pint x 0.1 → 3 1/4 tbsp (not 1/4 cup, 25 % more
    /// than 0.2 cup); 1/4 fl oz x 0.1 → 1/8 tsp. Larger amounts keep their family's choice
    /// (4 quarts x 1.1 → 18 cups).
    public func fit(_ amount: Amount, in unit: UnitDefinition, purpose: FitPurpose = .scaling, notation: AmountNotation = .text) throws(RationalError) -> FittedQuantity {
        let fitted = try fitInFamily(amount, in: unit, purpose: purpose, notation: notation)
        guard let spoons = spoons(below: fitted.unit.id), family(of: unit).first?.id == fitted.unit.id,
              fitted.exact.smallestEnd < Self.minimum(fitted.unit.id) else { return fitted }
        let units = spoons.compactMap { table.unit(id: $0) }
        guard units.count == spoons.count else { return fitted }
        return try fit(fitted.exact, from: fitted.unit, into: units, purpose: purpose, notation: notation)
    }

    /// The units, smallest first, an amount below the minimum of a family's smallest unit
    /// (the key) is fitted among: the spoons below cups of pints, and below fluid ounces.
    static let spoonsBelow: [String: [String]] = [
        "us-cup": ["us-tsp", "us-tbsp", "us-cup"],
        "us-fl-oz": ["us-tsp", "us-tbsp", "us-fl-oz"],
    ]

    /// ``spoonsBelow``, and below imperial fluid ounces the convention's spoons (5 ml and
    /// 15 ml, or an Australian 20 ml tablespoon).
    func spoons(below id: String) -> [String]? {
        if id == "imperial-fl-oz" {
            return ["metric-tsp", table.convention == .australian ? "au-tbsp" : "metric-tbsp", "imperial-fl-oz"]
        }
        return Self.spoonsBelow[id]
    }

    /// ``fit(_:in:purpose:notation:)`` within `unit`'s family.
    private func fitInFamily(_ amount: Amount, in unit: UnitDefinition, purpose: FitPurpose, notation: AmountNotation) throws(RationalError) -> FittedQuantity {
        guard let (members, own) = fittingFamilies[unit.id], let from = own.factor else {
            return try fit(amount, from: unit, into: family(of: unit), purpose: purpose, notation: notation)
        }
        // The fast path: every member's factor is known, so convert through the base unit
        // once and divide per candidate.
        let base = try amount.scaled(by: from)
        let approximateLower = base.smallestEnd.doubleValue
        var candidates: [Candidate?] = []
        for member in members {
            guard let factor = member.profile.factor else {
                candidates.append(nil)
                continue
            }
            // A unit the amount is clearly below the minimum of is skipped without exact
            // arithmetic (1 % of slack for rounding up to the minimum).
            if !candidates.isEmpty, approximateLower / factor.doubleValue < member.profile.minimum.doubleValue * 0.99 {
                candidates.append(nil)
                continue
            }
            candidates.append(Candidate(unit: member.unit, exact: try base.map { v throws(RationalError) in try v / factor },
                                        rounding: member.profile.rounding, minimum: member.profile.minimum,
                                        maximum: notation == .numbers ? member.profile.numbersMaximum : member.profile.maximum))
        }
        guard let first = candidates.first, first != nil else {
            return try fit(amount, from: unit, into: family(of: unit), purpose: purpose, notation: notation)
        }
        return choose(candidates, purpose: purpose, notation: notation)
    }

    /// A unit of a family to fit an amount in: the amount in it, and its profile.
    private struct Candidate {
        var unit: UnitDefinition
        var exact: Amount
        var rounding: DisplayRounding
        var minimum: Rational
        var maximum: Readable?
    }

    /// The choice among `candidates` (smallest unit first, nil for one skipped; the
    /// smallest is never skipped): see ``fit(_:in:purpose:)``. After scaling, the amount in
    /// the unit chosen is written exactly when it is a kitchen fraction
    /// (``exactKitchenFraction(_:notation:)``).
    private func choose(_ candidates: [Candidate?], purpose: FitPurpose, notation: AmountNotation) -> FittedQuantity {
        let fitted = chooseUnit(candidates, purpose: purpose, notation: notation)
        return purpose == .scaling ? Self.exactKitchenFraction(fitted, notation: notation) : fitted
    }

    /// `fitted` with each end written exactly where it is a kitchen fraction below 20 (where
    /// fractions are written): halves, quarters and eighths in any unit written in
    /// fractions, thirds in one whose fractions include thirds (cups), or a tablespoon of
    /// three teaspoons written as text (a third is a teaspoon). Rounded to the coarsest
    /// reading within 2.5 %, or to the unit's own fractions, an amount a cook can measure was
    /// written as another: 6 2/3 cups as 6 3/4, 2 3/8 cups as 2 1/3, 10 3/8 lb as 10 1/2,
    /// 28 tsp (9 1/3 tbsp) as 9 1/2 tbsp, and 7 1/3 and 7 2/3 cups both as 7 1/2. Only the
    /// writing changes: the unit is chosen as before, so an exact whole amount in a smaller
    /// unit stays there (6 tbsp, not 3/8 cup; 42 oz, not 2 5/8 lb).
    static func exactKitchenFraction(_ fitted: FittedQuantity, notation: AmountNotation) -> FittedQuantity {
        guard case .fraction(let denominators) = fitted.rounding, fitted.relativeError > 0 else { return fitted }
        let thirds = denominators.contains { $0 % 3 == 0 } || (notation == .text && thirdsOfSpoons.contains(fitted.unit.id))
        func exact(_ value: Rational, shown: Rational) -> Rational {
            guard value > .zero, value < Rational(20) else { return shown }
            return [1, 2, 4, 8].contains(value.denominator) || (thirds && value.denominator == 3) ? value : shown
        }
        let shown: Amount = switch (fitted.exact, fitted.shown) {
        case (.exact(let v), .exact(let s)): .exact(exact(v, shown: s))
        case (.range(let a, let b), .range(let sa, let sb)): .range(exact(a, shown: sa), exact(b, shown: sb))
        case (.range(let a, let b), .exact(let s)): collapse(.range(exact(a, shown: s), exact(b, shown: s)))
        default: fitted.shown
        }
        return FittedQuantity(exact: fitted.exact, shown: shown, unit: fitted.unit, rounding: fitted.rounding)
    }

    /// Tablespoons of three teaspoons, whose thirds are a teaspoon (see
    /// ``finer(_:unit:readable:notation:)``; an Australian tablespoon is four).
    static let thirdsOfSpoons: Set<String> = ["us-tbsp", "metric-tbsp"]

    /// ``choose(_:purpose:notation:)`` before an exact kitchen fraction is written as one.
    private func chooseUnit(_ candidates: [Candidate?], purpose: FitPurpose, notation: AmountNotation) -> FittedQuantity {
        // 1. The close choice: the largest unit within the tolerance, else the smallest.
        var close: (fitted: FittedQuantity, position: Int)?
        for position in candidates.indices.reversed() {
            guard let c = candidates[position] else { continue }
            let smallest = position == 0
            var rounding = c.rounding
            if smallest, case .fraction = rounding { rounding = .kitchen }
            // Converted amounts rarely land on a quarter cup: eighths too (7/8 cup rather
            // than 13 1/2 tbsp).
            if purpose == .converting { rounding = Self.finer(rounding, unit: c.unit, readable: false) }
            let fitted = FittedQuantity(exact: c.exact, shown: c.exact.mapValues { QuantityFormatter.round($0, rounding) }, unit: c.unit, rounding: rounding)
            if smallest || (fitted.smallestEnd >= c.minimum && fitted.relativeError <= purpose.tolerance) {
                close = (fitted, position)
                break
            }
        }
        guard let close else { preconditionFailure("the smallest unit is always a candidate") }
        // Converted, the smallest unit's kitchen fractions may all be far off (5 g is 0.176
        // oz: 1/8 is 29 % short, 1/6 no kitchen's): a decimal, then.
        if purpose == .converting, close.fitted.relativeError > purpose.tolerance {
            let fitted = close.fitted
            return FittedQuantity(exact: fitted.exact, shown: fitted.exact.mapValues { Self.closeDecimal($0) }, unit: fitted.unit, rounding: .decimal)
        }
        // Converted to more than 8 tablespoons where no cup fraction was close (17 tbsp, 9
        // tbsp for 130 ml): fluid ounces, two tablespoons each, read better (4 1/2 fl oz).
        if purpose == .converting, close.fitted.unit.id == "us-tbsp", close.fitted.shown.upper > Rational(8),
           let ounces = fluidOunces(close.fitted), ounces.relativeError <= purpose.tolerance {
            return ounces
        }
        // 2. After scaling, an amount that does not read well there (a unit of several).
        guard purpose == .scaling, candidates.count > 1, let readable = candidates[close.position]?.maximum,
              !readable.holds(close.fitted) else { return close.fitted }
        return readableChoice(candidates, above: close.position, notation: notation) ?? close.fitted
    }

    /// A larger unit for an amount that does not read well in the close choice's: within
    /// 5 % (less than), cups and pounds in eighths and thirds too, at least the unit's
    /// minimum and itself readable; the closest (the larger of two as close).
    /// When no larger unit reads well either (a range `13-18 tbsp`), the largest one within
    /// 5 % still reads better than the close choice (it was `39 1/2-53 tsp`).
    private func readableChoice(_ candidates: [Candidate?], above position: Int, notation: AmountNotation) -> FittedQuantity? {
        var best: FittedQuantity?
        var largest: FittedQuantity?
        for c in candidates[(position + 1)...].compactMap({ $0 }) {
            let rounding = Self.finer(c.rounding, unit: c.unit, readable: true, notation: notation)
            let fitted = FittedQuantity(exact: c.exact, shown: c.exact.mapValues { QuantityFormatter.round($0, rounding) }, unit: c.unit, rounding: rounding)
            guard fitted.smallestEnd >= c.minimum, fitted.relativeError < 0.05 - 1e-9 else { continue }
            largest = fitted
            guard c.maximum?.holds(fitted) ?? true else { continue }
            if let b = best, fitted.relativeError > b.relativeError { continue }
            best = fitted
        }
        return best ?? largest
    }

    /// An amount in US tablespoons as US fluid ounces, in quarters (17 tbsp → 8 1/2 fl oz).
    private func fluidOunces(_ fitted: FittedQuantity) -> FittedQuantity? {
        guard let unit = table.unit(id: "us-fl-oz"), let ounce = factors[unit.id], let spoon = factors[fitted.unit.id],
              let exact = try? fitted.exact.map({ v throws(RationalError) in try v * spoon / ounce }) else { return nil }
        let rounding = DisplayRounding.fraction(denominators: [4])
        return FittedQuantity(exact: exact, shown: exact.mapValues { QuantityFormatter.round($0, rounding) }, unit: unit, rounding: rounding)
    }

    /// The coarsest decimal close to `value`: one significant digit when that is within
    /// 2.5 % (0.7 oz for 0.705), else two, always within 5 % (0.18 oz for 0.176, 0.11 for
    /// 0.106, 0.035 for 0.0353).
    static func closeDecimal(_ value: Rational) -> Rational {
        guard value.numerator > 0 else { return value }
        for digits in 1...2 {
            guard let r = roundedSignificant(value, digits: digits) else { break }
            if QuantityFormatter.relativeError(shown: r, exact: value) <= (digits == 1 ? 0.025 : 0.05) { return r }
        }
        return QuantityFormatter.round(value, .decimal)
    }

    /// `value` (positive) to `digits` significant digits; nil beyond the powers of ten
    /// `Rational` holds.
    static func roundedSignificant(_ value: Rational, digits: Int) -> Rational? {
        let tens = Rational.powersOfTen
        // The power p with 10^p <= value < 10^(p+1).
        var p = 0
        if value >= Rational(1) {
            while p + 1 < tens.count, Rational(tens[p + 1]) <= value { p += 1 }
        } else {
            while -p < tens.count - 1, Rational(unchecked: 1, tens[-p]) > value { p -= 1 }
        }
        let step = p - digits + 1
        if step >= 0 {
            guard step < tens.count, let scaled = try? value / Rational(tens[step]) else { return nil }
            return try? Rational(scaled.roundedToInteger) * Rational(tens[step])
        }
        guard -step < tens.count else { return nil }
        return value.rounded(toDenominator: tens[-step])
    }

    /// Cups in eighths as well as quarters and thirds; for the readable choice after
    /// scaling (`readable`), pounds in eighths and thirds too, and tablespoons of three
    /// teaspoons in thirds (`2 2/3 tbsp` is 8 tsp exactly; an Australian tablespoon is four
    /// teaspoons, so its thirds are no spoon's).
    private static func finer(_ rounding: DisplayRounding, unit: UnitDefinition, readable: Bool, notation: AmountNotation = .text) -> DisplayRounding {
        guard case .fraction(let d) = rounding else { return rounding }
        if d == [4, 3] || (readable && unit.id == "lb" && d == [4]) { return .fraction(denominators: [4, 3, 8]) }
        if readable, notation == .text, unit.id == "us-tbsp" || unit.id == "metric-tbsp", d == [4] { return .fraction(denominators: [4, 3]) }
        return rounding
    }

    /// Converts `amount` of `unit` into `system` (`--units metric|us`), choosing the unit
    /// that shows it best; nil when the amount stays as it is.
    ///
    ///     200 g → 7 oz; 1 cup → 237 ml; 200 ml → 7/8 cup; 350 °F → 175 °C; spoons stay spoons
    public func convert(_ amount: Amount, from unit: UnitDefinition, to system: TargetSystem) throws(RationalError) -> FittedQuantity? {
        guard let family = targetFamily(of: unit, in: system) else { return nil }
        if unit.dimension == .temperature, let target = family.first {
            let exact = try amount.map { v throws(RationalError) in try convert(v, from: unit, to: target) ?? v }
            let shown = exact.mapValues { Self.roundTemperature($0, unit: target) }
            return FittedQuantity(exact: exact, shown: shown, unit: target, rounding: .exact)
        }
        return try fit(amount, from: unit, into: family, purpose: .converting, notation: .text)
    }

    /// A temperature rounded as cooks read it: to 5 degrees from 100 °C (212 °F) up (oven
    /// settings: 350 °F is 175 °C), to whole degrees below.
    public static func roundTemperature(_ value: Rational, unit: UnitDefinition) -> Rational {
        let ovenFrom = unit.id == "fahrenheit" ? Rational(212) : Rational(100)
        // Above the boiling point (itself exact: 100 °C is 212 °F, not 210).
        if value > ovenFrom {
            return Rational(((try? value / 5) ?? value).roundedToInteger * 5)
        }
        return value.rounded(toDenominator: 1)
    }

    private func fit(_ amount: Amount, from unit: UnitDefinition, into family: [UnitDefinition], purpose: FitPurpose, notation: AmountNotation) throws(RationalError) -> FittedQuantity {
        var candidates: [Candidate?] = []
        for candidate in family {
            guard let exact = try convertAmount(amount, from: unit, to: candidate) else {
                candidates.append(nil)
                continue
            }
            candidates.append(Candidate(unit: candidate, exact: exact, rounding: rounding(for: candidate),
                                        minimum: Self.minimum(candidate.id), maximum: Self.maximum(candidate.id, notation: notation)))
        }
        guard let first = candidates.first, first != nil else {
            let rounding = rounding(for: unit)
            return FittedQuantity(exact: amount, shown: amount.mapValues { QuantityFormatter.round($0, rounding) }, unit: unit, rounding: rounding)
        }
        return choose(candidates, purpose: purpose, notation: notation)
    }

    private func convertAmount(_ amount: Amount, from a: UnitDefinition, to b: UnitDefinition) throws(RationalError) -> Amount? {
        switch amount {
        case .exact(let v):
            guard let c = try convert(v, from: a, to: b) else { return nil }
            return .exact(c)
        case .range(let x, let y):
            guard let cx = try convert(x, from: a, to: b), let cy = try convert(y, from: a, to: b) else { return nil }
            return .range(cx, cy)
        }
    }

    /// The amount rounded for display in `unit`, without changing the unit.
    public func shown(_ amount: Amount, in unit: UnitDefinition?) -> Amount {
        let rounding = rounding(for: unit)
        return amount.mapValues { QuantityFormatter.round($0, rounding) }
    }
}

extension Amount {
    /// Both ends transformed by a function that cannot fail.
    func mapValues(_ transform: (Rational) -> Rational) -> Amount {
        switch self {
        case .exact(let v): .exact(transform(v))
        case .range(let a, let b): .range(transform(a), transform(b))
        }
    }
}

extension Amount {
    /// The end a unit's minimum is held against: the lower one, or the upper one of a range
    /// from zero (`0-1 cup` is not below every unit's minimum).
    var smallestEnd: Rational { lower.numerator == 0 ? upper : lower }
}
