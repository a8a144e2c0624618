import Foundation
import LarderJSON
import LarderUnits

/// What `scale` is asked to do: scale to a number of servings, by a factor, or so that one
/// ingredient reaches an amount.
///
///     try ScaleOptions(json: ["servings": 6])
///     try ScaleOptions(json: ["factor": "1/2", "convention": "metric"])
///     try ScaleOptions(json: ["to": "flour=300 g"])
public struct ScaleOptions: Sendable, Hashable {
    /// How the factor is found.
    public enum Target: Sendable, Hashable {
        /// Scale to this many servings (`--servings 6`): the factor is N / the recipe's
        /// servings, which must be numeric.
        case servings(Rational)
        /// Scale by this factor (`--factor 1.5`).
        case factor(Rational)
        /// Scale so the ingredient named `name` becomes `quantity` (`--to "flour=300 g"`).
        case ingredient(name: String, quantity: Quantity)
    }

    /// How the factor is found.
    public var target: Target
    /// What `cup`, `tbsp` and `tsp` mean when fitting units (US customary by default).
    public var convention: KitchenConvention

    /// Options for a target, with cups and spoons read per `convention`.
    public init(target: Target, convention: KitchenConvention = .us) {
        self.target = target
        self.convention = convention
    }

    /// Reads options as `larder.yml` gives them: exactly one of `servings` (a number),
    /// `factor` (a number or a fraction such as `"1/2"`) or `to` (`"flour=300 g"`), and an
    /// optional `convention` (`us`, `metric`, `australian`, `imperial`).
    public init(json: JSONValue) throws(TransformOptionError) {
        guard let object = json.objectValue else {
            throw Self.error("give one of servings, factor or to (for example {servings: 4})")
        }
        for key in object.keys where !["servings", "factor", "to", "convention"].contains(key) {
            throw Self.error("unknown option '\(key)'; the options are servings, factor, to and convention", at: [key], isKey: true)
        }
        // The second of two targets is the mistake, at its key.
        let given = object.keys.filter { ["servings", "factor", "to"].contains($0) }
        guard given.count == 1 else {
            if given.isEmpty { throw Self.error("give one of servings, factor or to (for example {servings: 4})") }
            throw Self.error("give only one of servings, factor or to, not \(given.joined(separator: " and "))", at: [given[1]], isKey: true)
        }
        convention = try TransformOptionError.placing(["convention"]) { () throws(TransformOptionError) in try Self.convention(object["convention"]) }
        if let servings = object["servings"] {
            target = .servings(try TransformOptionError.placing(["servings"]) { () throws(TransformOptionError) in try Self.positive(servings, what: "servings") })
        } else if let factor = object["factor"] {
            target = .factor(try TransformOptionError.placing(["factor"]) { () throws(TransformOptionError) in try Self.factor(factor) })
        } else {
            guard let spec = object["to"]?.stringValue else { throw Self.error("to must be a text such as \"flour=300 g\"", at: ["to"]) }
            let kitchen = KitchenUnits(convention: convention)
            target = try TransformOptionError.placing(["to"]) { () throws(TransformOptionError) in try Self.ingredientTarget(spec, kitchen: kitchen, option: "to") }
        }
    }

    /// Reads `--to "flour=300 g"`: an ingredient's name, `=`, and an amount with its unit
    /// (or without, for counted things: `eggs=3`). Messages name the option as `option`
    /// (`--to` on the command line; `to` in larder.yml, where `--to` named a flag the user
    /// never wrote).
    public static func ingredientTarget(_ spec: String, kitchen: KitchenUnits = .standard, option: String = "--to") throws(TransformOptionError) -> Target {
        guard let eq = spec.lastIndex(of: "=") else {
            throw error("\(option) takes NAME=AMOUNT, such as \"flour=300 g\"; got '\(spec)'")
        }
        let name = spec[..<eq].trimmingCharacters(in: .whitespaces)
        let amountText = String(spec[spec.index(after: eq)...])
        guard !name.isEmpty else { throw error("\(option) needs an ingredient name before '=', such as \"flour=300 g\"") }
        let line = IngredientParser(kitchen: kitchen).parse(amountText)
        let written = amountText.trimmingCharacters(in: .whitespaces)
        // Zero or below, or too many digits: said as such, not as no amount at all.
        if written.hasPrefix("-") || written.hasPrefix("\u{2212}") || line.amount.map({ $0.lower.isZero }) == true {
            throw error("\(option) needs an amount above 0 after '=', such as 300 g or 2 cups; got '\(written)'")
        }
        // A number Larder cannot compute with exactly, said as --factor says it (1e30 and
        // 0.1234567890123456789 were told that no amount followed the '=').
        if let problem = numberProblem(written) {
            throw error("\(option): '\(written)' \(problem); give an amount a recipe holds, such as 300 g or 2 cups")
        }
        if let problem = line.problem, problem.contains("too large") || problem.contains("digits") {
            throw error("\(option): '\(written)' is too large to compute exactly; give an amount a recipe holds, such as 300 g or 2 cups")
        }
        guard line.problem == nil, case .exact(let value)? = line.amount, value.numerator > 0,
              line.name.isEmpty, line.size == nil else {
            throw error("\(option) needs an amount after '=', such as 300 g or 2 cups; got '\(written)'")
        }
        return .ingredient(name: name, quantity: Quantity(amount: .exact(value), unit: line.unit))
    }

    /// Why the number that starts `text` (`1e30 g`, `0.1234567890123456789 g`) is no
    /// number Larder computes with exactly: `is too large to compute exactly` or `has more
    /// decimal places than Larder computes with (18)`, the words ``positive(_:what:)`` uses;
    /// nil for a number it reads, and for text that starts with none.
    static func numberProblem(_ text: String) -> String? {
        let token = String(text.prefix { !$0.isWhitespace })
        guard JSONNumber(parsing: token) != nil else { return nil }
        do {
            _ = try Rational(decimal: token)
            return nil
        } catch {
            if case .tooPrecise = error { return "has more decimal places than Larder computes with (18)" }
            return "is too large to compute exactly"
        }
    }

    /// A positive number from a JSON number or a text (`"1/2"`, `"1.5"`, `"1 1/2"`).
    public static func positive(_ value: JSONValue, what: String) throws(TransformOptionError) -> Rational {
        var result: Rational?
        do {
            if let number = value.numberValue {
                result = try Rational(decimal: number.literal)
            } else if let text = value.stringValue, case .exact(let v)? = try Amount(parsing: text) {
                result = v
            } else if let text = value.stringValue, JSONNumber(parsing: text) != nil {
                // A number with an exponent (`--factor 1e1`), as it would be in the config.
                result = try Rational(decimal: text)
            }
        } catch {
            // A negative number is below 0 however many digits it has (-9223372036854775808
            // was "too large to compute exactly").
            let written = (value.numberValue?.literal ?? value.stringValue ?? "").trimmingCharacters(in: .whitespaces)
            if written.hasPrefix("-") {
                throw Self.error("\(what) must be a number above 0 (such as 4, 1.5 or 1/2); got \(value.displayText)")
            }
            if case .tooPrecise = error {
                throw Self.error("\(what) \(value.displayText) has more decimal places than Larder computes with (18)")
            }
            throw Self.error("\(what) \(value.displayText) is too large to compute exactly")
        }
        guard let result, result.numerator > 0 else {
            throw Self.error("\(what) must be a number above 0 (such as 4, 1.5 or 1/2); got \(value.displayText)")
        }
        return result
    }

    /// The largest factor a recipe is scaled by, and its reciprocal the smallest: a million
    /// times (four servings to four million) is past any kitchen's batch, and beyond it a
    /// factor is a typo or an overflow waiting to happen (`--servings 1e18` scaled servings
    /// and left every amount as it was, each too large to compute).
    public static let largestFactor = Rational(1_000_000)

    /// Why `factor` is no factor to scale a recipe by, or nil: it is above zero, and between
    /// a millionth and a million (``largestFactor``).
    public static func factorProblem(_ factor: Rational) -> String? {
        guard factor.numerator > 0 else { return "a factor must be above 0" }
        let smallest = (try? largestFactor.reciprocal()) ?? .zero
        if factor > largestFactor { return "more than a million times; Larder scales by a millionth to a million" }
        if factor < smallest { return "less than a millionth; Larder scales by a millionth to a million" }
        return nil
    }

    /// `--factor` (or `factor:`) read by ``positive(_:what:)`` and held to
    /// ``factorProblem(_:)``.
    public static func factor(_ value: JSONValue, what: String = "factor") throws(TransformOptionError) -> Rational {
        let factor = try positive(value, what: what)
        if let problem = factorProblem(factor) {
            throw Self.error("\(what) \(value.displayText) is \(problem)")
        }
        return factor
    }

    static func convention(_ value: JSONValue?) throws(TransformOptionError) -> KitchenConvention {
        guard let value else { return .us }
        guard let name = value.stringValue, let c = KitchenConvention(name: name) else {
            throw error("convention must be us, metric, australian, imperial or bar; got \(value.displayText)")
        }
        return c
    }

    static func error(_ message: String, at path: [String] = [], isKey: Bool = false) -> TransformOptionError {
        TransformOptionError(transformID: "scale", message: message, at: path, isKey: isKey)
    }
}

extension KitchenConvention {
    /// The convention named `us`, `metric`, `australian` (`au`), `imperial` (`uk`) or `bar`.
    public init?(name: String) {
        switch name.lowercased() {
        case "us", "us-customary", "usa": self = .us
        case "metric": self = .metric
        case "australian", "au", "australia": self = .australian
        case "imperial", "uk", "british": self = .imperial
        case "bar": self = .bar
        default: return nil
        }
    }

    /// What the convention's cup and spoons are, for a note: `US customary (cup 236.6 ml,
    /// tbsp 14.8 ml, tsp 4.9 ml)`.
    public var summary: String {
        switch self {
        // Each names its pint too: the note says which was used (a US pint is 473 ml, an
        // imperial one 568 ml).
        case .us: "US customary (cup 236.6 ml, tbsp 14.8 ml, tsp 4.9 ml, pint 473 ml)"
        case .metric: "metric (cup 250 ml, tbsp 15 ml, tsp 5 ml, pint 473 ml)"
        case .australian: "Australian (cup 250 ml, tbsp 20 ml, tsp 5 ml, pint 568 ml)"
        case .imperial: "imperial (cup 250 ml, tbsp 15 ml, tsp 5 ml, pint 568 ml)"
        case .bar: "a bar's (US customary, oz a fluid ounce of 29.6 ml, pint 473 ml)"
        }
    }
}

extension JSONValue {
    /// The value as it reads in a message: `"four"`, `4`, `{…}`.
    /// A quantity as a message quotes it: an object or a list as its JSON when that is short
    /// (`{"min":1e18,"max":2e18}`; "the quantity an object cup" said nothing), else as
    /// ``displayText`` has it.
    var quantityText: String {
        switch self {
        case .object, .array:
            let text = JSONWriter.compact.string(self)
            return text.count <= 80 ? text : displayText
        default:
            return displayText
        }
    }

    var displayText: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .number(let n): return n.literal
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
