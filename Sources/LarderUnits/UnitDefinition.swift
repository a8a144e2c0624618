import Foundation

/// What a unit measures. Amounts convert only within one dimension.
public enum UnitDimension: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case mass, volume, count, temperature, time, energy

    /// The id of the unit every other unit of the dimension converts through: `g`, `ml`,
    /// `piece`, `celsius`, `s`, `kJ`.
    public var baseUnitID: String {
        switch self {
        case .mass: "g"
        case .volume: "ml"
        case .count: "piece"
        case .temperature: "celsius"
        case .time: "s"
        case .energy: "kJ"
        }
    }

    public var description: String { rawValue }
}

/// The system a unit belongs to, so a transform can stay inside one (`--units metric`).
public enum MeasurementSystem: String, Sendable, Hashable, CaseIterable {
    /// SI and metric kitchen units (g, ml, the 250 ml metric cup).
    case metric
    /// US customary units (the 236.5882365 ml cup, the avoirdupois ounce and pound).
    case usCustomary
    /// British imperial units (the 568.26125 ml pint).
    case imperial
    /// Units of no system: counts, time, temperatures, energy.
    case neutral
}

/// How amounts of a unit map to amounts of its dimension's base unit.
public enum UnitScale: Sendable, Hashable {
    /// `base = value × factor`: 1 US cup is 236.5882365 ml.
    case linear(Decimal)
    /// `base = (value + offset) × numerator / denominator`: °F to °C is
    /// `(F − 32) × 5 / 9`. Amounts on such a scale never scale with a recipe.
    case affine(offset: Decimal, numerator: Decimal, denominator: Decimal)
    /// The unit converts to nothing but itself (a clove, a pinch, a splash).
    case incommensurable
}

/// One unit: its id, how it is written, what it measures and its exact factor.
///
///     let cup = UnitTable.standard.unit(named: "cups")!
///     cup.id          // "us-cup"
///     cup.symbol      // "cup"
///     cup.scale       // .linear(236.5882365)  (ml)
public struct UnitDefinition: Sendable, Hashable, CustomStringConvertible {
    /// A stable id, unique in a table: `g`, `us-cup`, `imperial-pint`, `clove`.
    public var id: String
    /// How the unit is written for people: `g`, `cup`, `°F`.
    public var symbol: String
    /// What the unit measures.
    public var dimension: UnitDimension
    /// How it converts to the dimension's base unit.
    public var scale: UnitScale
    /// The system it belongs to.
    public var system: MeasurementSystem
    /// Every spelling that names this unit and no other: names, plurals, abbreviations
    /// (`["tablespoon", "tablespoons", "tbsp"]`). Look-ups also try these without dots and
    /// ignoring case (see ``UnitTable/unit(named:)``).
    public var names: [String]

    public init(
        id: String,
        symbol: String,
        dimension: UnitDimension,
        scale: UnitScale,
        system: MeasurementSystem = .neutral,
        names: [String] = []
    ) {
        self.id = id
        self.symbol = symbol
        self.dimension = dimension
        self.scale = scale
        self.system = system
        self.names = names
    }

    /// A unit counted as itself (a clove, a sprig): no factor, no system.
    public static func counted(_ id: String, names: [String]) -> UnitDefinition {
        UnitDefinition(id: id, symbol: id, dimension: .count, scale: .incommensurable, names: [id] + names)
    }

    /// The amount in the dimension's base unit, or nil for an incommensurable unit.
    public func toBase(_ value: Decimal) -> Decimal? {
        switch scale {
        case .linear(let factor): value * factor
        case .affine(let offset, let numerator, let denominator): (value + offset) * numerator / denominator
        case .incommensurable: nil
        }
    }

    /// The amount in this unit of an amount in the base unit, or nil for an incommensurable
    /// unit.
    public func fromBase(_ value: Decimal) -> Decimal? {
        switch scale {
        case .linear(let factor): value / factor
        case .affine(let offset, let numerator, let denominator): value * denominator / numerator - offset
        case .incommensurable: nil
        }
    }

    public var description: String { id }
}
