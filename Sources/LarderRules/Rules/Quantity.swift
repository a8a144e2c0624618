import LarderCore
import LarderJSON
import LarderUnits

/// `quantity`: every ingredient quantity is an amount above zero that Larder can read, so
/// `larder scale` and an app that sorts by amount can use it.
///
/// The schema holds a quantity to its shape (a number above zero, a text amount, `{min,
/// max}`); this rule reads it as the scale transform does, and reports what the shape lets
/// through: a zero denominator (`"1/0"`), a range that runs backwards (`"3-2"`, `"5 to 1"`,
/// `{"min": 3, "max": 2}`), a text zero (`"0"`), a minus sign (`"-2"`, `"-2 cups flour"`),
/// text the scaler cannot read (`"1 3/2"`).
public struct QuantityRule: ConfigurableRule {
    /// None of its own: only those every rule takes (`severity`, `kinds`), so that a misspelt
    /// one (`sevrity: off`) is reported, not ignored.
    public var options: [RuleOption] { [] }

    public let id = "quantity"
    public let summary = "Ingredient quantities are amounts above zero that Larder can read and scale."
    public let defaultSeverity = Severity.error
    public let kinds: [String]? = ["recipe"]
    public var details: String? {
        """
        A quantity must be above zero, and one `larder scale` can read: the scale \
        transform leaves a quantity it cannot read as written (a drink for four keeps the \
        gin of one), and an app that sorts ingredients by amount cannot place it. Reported \
        at the value: a structured ingredient's `quantity` written as text that is no \
        amount (`"1 3/2"`), a fraction with a zero denominator (`"1/0"`), a range that runs \
        backwards (`"3-2"`, `"5 to 1"`, `{"min": 3, "max": 2}`), a text zero (`"0"`, \
        `"0-2"`) and a text below zero (`"-2"`; the numbers 0 and -2 are the schema's to \
        report). A free-text ingredient is checked \
        the same way: the amount it starts with (`"1/0 cup flour"`, `"3-2 eggs"`, `"0 g \
        sugar"`, `"0 limes"`, `"0 (14 oz) can tomatoes"`, a minus sign: `"-2 cups flour"`, a range that goes on: `"1-2-3 cups water"`), a zero denominator anywhere in it (`"salt, 1/0 tsp"`), and the amounts \
        later in it that a unit of weight, volume or count follows (`"flour, 0 g"`, `"2 eggs \
        and 0 ml milk"`, `"2 eggs and 3-2 ml milk"`). Other numbers are left alone: `00 \
        flour`, `tipo 0 flour`, `0.5 tsp`, `0:30`, `0 °C`, `2% milk`, `1 lb 0 oz`, `0-2 tbsp`, `0 calorie sweetener`, and a dash \
        that is no minus sign: `- 2 cups flour` (a list's bullet), `1 - 2 cups`, `-18 °C`. A number too \
        large or too precise for Larder's exact arithmetic (`1e30`, `1e-30`) is reported \
        too: `larder scale` cannot read it.
        """
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "negroni", "ingredients": [{"name": "Gin", "quantity": "1 1/2", "unit": "oz"}, {"name": "Ice", "quantity": {"min": 3, "max": 4}}, {"name": "Bitters", "quantity": "2-3", "unit": "dashes"}, {"name": "Peel", "quantity": "½"}, "1/2 cup sugar", "2 to 3 limes", "00 flour"]}"#,
                    kind: "recipe"),
            .triggers(#"{"id": "x", "ingredients": [{"name": "Gin", "quantity": "1/0", "unit": "oz"}, {"name": "Ice", "quantity": "3-2"}, {"name": "Lime", "quantity": "5 to 1"}, {"name": "Salt", "quantity": "0"}]}"#,
                      at: "/ingredients/0/quantity", "/ingredients/1/quantity", "/ingredients/2/quantity", "/ingredients/3/quantity", kind: "recipe"),
            .triggers(#"{"id": "x", "ingredients": [{"name": "Ice", "quantity": {"min": 3, "max": 2}}]}"#, at: "/ingredients/0/quantity", kind: "recipe"),
            .triggers(#"{"id": "x", "ingredients": ["1/0 cup flour", {"en": "3-2 eggs", "pt": "2-3 ovos"}]}"#,
                      at: "/ingredients/0", "/ingredients/1/en", kind: "recipe"),
            // Amounts later in the line, and a zero of a unit.
            .triggers(#"{"id": "x", "ingredients": ["flour, 0 g", "2 eggs and 0 ml milk", "0 g sugar", "salt, 1/0 tsp", "2 eggs and 3-2 ml milk"]}"#,
                      at: "/ingredients/0", "/ingredients/1", "/ingredients/2", "/ingredients/3", "/ingredients/4", kind: "recipe"),
            // A range that goes on: no amount (scaled, "1-1-1-2 cups" lost a segment).
            .triggers(#"{"id": "x", "ingredients": ["1-1-1-2 cups water", "2 eggs and 1-2-3 ml milk"]}"#, at: "/ingredients/0", "/ingredients/1", kind: "recipe"),
            // A count of zero before a size in brackets, and a minus sign on the amount.
            .triggers(#"{"id": "x", "ingredients": ["0 (14 oz) can tomatoes", "-2 cups flour", {"name": "Gin", "quantity": "-1 1/2", "unit": "oz"}]}"#,
                      at: "/ingredients/0", "/ingredients/1", "/ingredients/2/quantity", kind: "recipe"),
            .passes(#"{"id": "x", "ingredients": ["- 2 cups flour", "1 - 2 cups water", "half-and-half", "-18 °C water"]}"#, kind: "recipe"),
            // A leading count of zero, and numbers Larder's exact arithmetic cannot hold.
            .triggers(#"{"id": "x", "ingredients": ["0 limes", "0.0 mint leaves", {"name": "Gin", "quantity": 1e30, "unit": "ml"}, {"name": "Ice", "quantity": {"min": 1e-30, "max": 2}}]}"#,
                      at: "/ingredients/0", "/ingredients/1", "/ingredients/2/quantity", "/ingredients/3/quantity/min", kind: "recipe"),
            .passes(#"{"id": "x", "ingredients": ["0 calorie sweetener", "0% Greek yogurt", "00 flour", {"name": "Gin", "quantity": 1.5e2, "unit": "ml"}]}"#, kind: "recipe"),
            // Thousands grouped by a space, as French writes them.
            .passes(#"{"id": "x", "ingredients": ["1 000 g de farine", "farine, 2 500 g", "1 000 000 g x"]}"#, kind: "recipe"),
            .passes(#"{"id": "x", "ingredients": ["500 g tipo 0 flour", "0.5 tsp salt", "10 g butter", "rest 0:30 in the fridge", "water at 0 °C", "2 cups 0% milk", "1 lb 0 oz beef", "0-2 tbsp sugar", "1 (14 oz) can tomatoes", "rice, 2 to 1 water"]}"#,
                    kind: "recipe"),
        ]
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        guard document.kind == ContentFields.recipe, applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        guard json.kind(document.node) == .object, let list = json.member(document.node, "ingredients"), json.kind(list) == .array else { return [] }
        var sink = DiagnosticSink(document: document, context: context)
        // Read once per document: the options are a JSON value, and reading the locales
        // made an array for every structured ingredient.
        let language = options.locales.first
        for item in json.elements(list) {
            switch json.kind(item) {
            case .string:
                freeText(item, json: json, sink: &sink)
            case .object where Localized.isStructuredIngredient(json, item):
                guard let quantity = json.member(item, "quantity") else { continue }
                structured(quantity, language: language, json: json, sink: &sink)
            case .object:
                for (_, text) in json.members(item) where json.kind(text) == .string { freeText(text, in: item, json: json, sink: &sink) }
            default:
                continue
            }
        }
        return sink.diagnostics
    }

    /// A structured quantity, read in the project's source language (`language`) as `larder
    /// scale` reads it: `"1,000-2"` is a range that runs backwards in English and 1-2 in
    /// Portuguese.
    private func structured(_ node: Int, language: String?, json: JSONDocument, sink: inout DiagnosticSink) {
        switch json.kind(node) {
        case .string:
            guard let text = json.string(node), let problem = Amount.problem(in: text, language: language) else { return }
            sink.report(node) { "\($0): \(problem)" }
        case .number:
            number(node, json: json, sink: &sink)
        case .object:
            guard let min = json.member(node, "min"), let max = json.member(node, "max") else { return }
            for end in [min, max] where json.kind(end) == .number { number(end, json: json, sink: &sink) }
            guard let low = json.double(min), let high = json.double(max), low > high else { return }
            let (a, b) = (json.numberLiteral(min), json.numberLiteral(max))
            sink.report(node) { "\($0): the range runs backwards, min \(a) is above max \(b); swap them ({\"min\": \(b), \"max\": \(a)})" }
        default:
            return
        }
    }

    /// A number the scaler cannot read exactly (`1e30`, `1e400`, `1e-30`): `larder scale`
    /// leaves it as written. (Its sign is the schema's to report.)
    private func number(_ node: Int, json: JSONDocument, sink: inout DiagnosticSink) {
        let range = json.byteRange(node)
        // Most quantities are short plain decimals (`133.38`), which always fit: told from
        // the literal's length and its lack of an exponent, with nothing parsed.
        if range.count <= 15, json.bytes[range].allSatisfy({ $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }) { return }
        do throws(RationalError) {
            _ = try json.bytes.withUnsafeBufferPointer { (buffer) throws(RationalError) in try Rational(decimalUTF8: UnsafeBufferPointer(rebasing: buffer[range])) }
        } catch {
            let literal = json.numberLiteral(node)
            switch error {
            case .tooPrecise:
                sink.report(node) { "\($0): the number \(literal) has more decimal places than Larder computes with (18), so `larder scale` leaves it as written; write the amount in a smaller unit" }
            default:
                sink.report(node) { "\($0): the number \(literal) is too large for Larder to compute with exactly, so `larder scale` leaves it as written; write the amount a recipe holds" }
            }
        }
    }

    /// A free-text line: the amount it starts with, and the amounts later in it
    /// (``Amount/lineProblem(in:)``). Most lines are told from the file's bytes, with no
    /// string made of them.
    private func freeText(_ node: Int, in map: Int? = nil, json: JSONDocument, sink: inout DiagnosticSink) {
        var text: String
        if json.hasEscapes(node) {
            guard let decoded = json.string(node) else { return }
            text = decoded
            guard text.withUTF8({ Amount.mayHaveLineProblem(utf8: $0) }) else { return }
        } else {
            let range = json.rawStringBytes(node)
            guard json.bytes.withUnsafeBufferPointer({ Amount.mayHaveLineProblem(utf8: UnsafeBufferPointer(rebasing: $0[range])) }),
                  let decoded = json.string(node) else { return }
            text = decoded
        }
        guard let found = Amount.lineProblem(in: text) else { return }
        let problem = found.problem
        switch problem {
        case .notPositive, .negative:
            sink.report(node, in: map) { "\($0) \(Text.quoted(text)): \(problem)" }
        case _ where found.isLeading:
            sink.report(node, in: map) { "\($0) \(Text.quoted(text)): \(problem); `larder scale` leaves the line as written" }
        default:
            sink.report(node, in: map) { "\($0) \(Text.quoted(text)): \(problem)" }
        }
    }
}
