import Foundation
import LarderJSON
import LarderUnits

/// What `convert` is asked to do: any of units, energy, salt and per.
///
///     try ConvertOptions(json: ["units": "metric", "energy": "kJ"])
///     try ConvertOptions(json: ["per": "serving", "keep": true])
public struct ConvertOptions: Sendable, Hashable {
    /// The energy unit to state energy in.
    public enum Energy: String, Sendable, Hashable, CaseIterable {
        case kJ, kcal
    }

    /// Whether to state salt or sodium.
    public enum Salt: String, Sendable, Hashable, CaseIterable {
        case salt, sodium
    }

    /// What nutrition values are given for.
    public enum Per: String, Sendable, Hashable, CaseIterable {
        /// Per 100 g (or 100 ml).
        case per100g = "100g"
        /// Per serving.
        case serving

        /// `text` as the option and a recipe's `per` are read: without case or spaces, and
        /// `100 ml` as `100g` (`"100 g"`, `"Serving"`); nil for anything else.
        public init?(reading text: String) {
            let text = text.lowercased().replacingOccurrences(of: " ", with: "")
            self.init(rawValue: text == "100ml" ? "100g" : text)
        }
    }

    /// Write ingredient amounts and temperatures in this system.
    public var units: TargetSystem?
    /// State energy in kJ or kcal.
    public var energy: Energy?
    /// State salt or sodium.
    public var salt: Salt?
    /// Give nutrition per 100 g or per serving.
    public var per: Per?
    /// What `cup`, `tbsp`, `tsp`, `fl oz` and `pint` mean when reading amounts.
    public var convention: KitchenConvention
    /// Keep the fields converted from beside the new ones (products: both kcal and kJ,
    /// both per 100 g and per serving), instead of replacing them.
    public var keep: Bool
    /// The weight (or volume) of one serving, for `per` when the content gives none (a
    /// recipe never does): `350 g`, in g or ml as ``servingSizeDimension`` says.
    public var servingSize: Rational?
    /// What ``servingSize`` measures: `.mass` (it is in g) or `.volume` (in ml), as its
    /// unit said; nil for a bare number, taken in the measure the nutrition is given per.
    /// A serving in the other measure than the nutrition's (a volume for figures per
    /// 100 g) cannot be converted without the density, and is an error for the document.
    public var servingSizeDimension: UnitDimension?

    /// Options set one by one (nil: leave that alone).
    public init(units: TargetSystem? = nil, energy: Energy? = nil, salt: Salt? = nil, per: Per? = nil,
                convention: KitchenConvention = .us, keep: Bool = false, servingSize: Rational? = nil,
                servingSizeDimension: UnitDimension? = nil) {
        self.units = units
        self.energy = energy
        self.salt = salt
        self.per = per
        self.convention = convention
        self.keep = keep
        self.servingSize = servingSize
        self.servingSizeDimension = servingSizeDimension
    }

    /// True when nothing is asked.
    public var isEmpty: Bool { units == nil && energy == nil && salt == nil && per == nil }

    /// Reads options as `larder.yml` gives them: `units` (`metric`, `us`), `energy` (`kJ`,
    /// `kcal`), `salt` (`salt`, `sodium`), `per` (`100g`, `serving`), `convention`,
    /// `keep` (true/false) and `servingSize` (`"350 g"`); at least one of the first four.
    public init(json: JSONValue) throws(TransformOptionError) {
        guard let object = json.objectValue else {
            throw Self.error("give at least one of units, energy, salt or per (for example {energy: kJ})")
        }
        let known = ["units", "energy", "salt", "per", "convention", "keep", "servingSize", "serving-size"]
        for key in object.keys where !known.contains(key) {
            throw Self.error("unknown option '\(key)'; the options are units, energy, salt, per, convention, keep and servingSize", at: [key], isKey: true)
        }
        self.init()
        if let v = object["units"] {
            guard let s = v.stringValue, let system = TargetSystem(rawValue: s.lowercased()) else {
                throw Self.error("units must be metric or us; got \(v.displayText)", at: ["units"])
            }
            units = system
        }
        if let v = object["energy"] {
            guard let s = v.stringValue, let e = Energy.allCases.first(where: { $0.rawValue.lowercased() == s.lowercased() }) else {
                throw Self.error("energy must be kJ or kcal; got \(v.displayText)", at: ["energy"])
            }
            energy = e
        }
        if let v = object["salt"] {
            guard let s = v.stringValue, let e = Salt(rawValue: s.lowercased()) else {
                throw Self.error("salt must be salt or sodium; got \(v.displayText)", at: ["salt"])
            }
            salt = e
        }
        if let v = object["per"] {
            guard let p = v.stringValue.flatMap(Per.init(reading:)) else {
                throw Self.error("per must be 100g or serving; got \(v.displayText)", at: ["per"])
            }
            per = p
        }
        convention = try TransformOptionError.placing(["convention"]) { () throws(TransformOptionError) in try ScaleOptions.convention(object["convention"]) }
        if let v = object["keep"] {
            guard let b = v.boolValue else { throw Self.error("keep must be true or false; got \(v.displayText)", at: ["keep"]) }
            keep = b
        }
        if let key = ["servingSize", "serving-size"].first(where: { object[$0] != nil }), let v = object[key] {
            let measure = try TransformOptionError.placing([key]) { () throws(TransformOptionError) in try Self.servingMeasure(v) }
            servingSize = measure.amount
            servingSizeDimension = measure.dimension
        }
        if isEmpty { throw Self.error("give at least one of units, energy, salt or per (for example {energy: kJ})") }
    }

    /// A serving size: a number of grams, or a text such as `"350 g"`, `"250 ml"`,
    /// `"0.35 kg"` (a text needs its unit).
    public static func servingSize(_ value: JSONValue) throws(TransformOptionError) -> Rational {
        try servingMeasure(value).amount
    }

    /// A serving size in g or ml and what it measures (nil for a bare number): `"0.35 kg"`
    /// is 350 and `.mass`, `"1 cup"` 236.5882365 and `.volume`, `30` is 30 and nil.
    public static func servingMeasure(_ value: JSONValue) throws(TransformOptionError) -> (amount: Rational, dimension: UnitDimension?) {
        if value.numberValue != nil { return (try ScaleOptions.positive(value, what: "servingSize"), nil) }
        guard let text = value.stringValue else {
            throw error("servingSize must be an amount in g or ml such as \"350 g\"; got \(value.displayText)")
        }
        let kitchen = KitchenUnits.standard
        let line = IngredientParser(kitchen: kitchen).parse(text)
        guard case .exact(let v)? = line.amount, v.numerator > 0, line.name.isEmpty, line.problem == nil else {
            throw error("servingSize must be an amount in g or ml such as \"350 g\"; got \(value.displayText)")
        }
        // A bare number in text ("--serving-size 2") is most likely not 2 g: ask for the unit.
        guard let unit = line.unit else {
            throw error("servingSize \(value.displayText) has no unit; write it with one, such as \"\(text.trimmingCharacters(in: .whitespaces)) g\" or \"350 ml\"")
        }
        let base = unit.dimension == .mass ? kitchen.unit(id: "g") : unit.dimension == .volume ? kitchen.unit(id: "ml") : nil
        guard let base, let grams = try? kitchen.convert(v, from: unit, to: base) else {
            throw error("servingSize must be a mass or a volume (g, ml, oz…); got \(value.displayText)")
        }
        return (grams, unit.dimension)
    }

    static func error(_ message: String, at path: [String] = [], isKey: Bool = false) -> TransformOptionError {
        TransformOptionError(transformID: "convert", message: message, at: path, isKey: isKey)
    }
}
