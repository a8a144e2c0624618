import LarderCore
import LarderJSON
import LarderUnits

/// What a transform did to one document: edits of its source text, and notes, warnings or
/// errors about it.
///
/// ``ScaleTransform`` and ``ConvertTransform`` compute an outcome first; their
/// `apply(to:context:)` then writes the edits into the document. The CLI uses the outcome
/// directly, so it can write the file back with only the changed values touched.
public struct TransformOutcome: Sendable {
    /// Edits of the document's ``Document/json`` text.
    public var edits: [JSONEdit]
    /// Notes (what was rounded, what was left as is), warnings and errors (what could not
    /// be done), with positions in the document as given.
    public var diagnostics: [Diagnostic]

    /// An outcome of edits and diagnostics.
    public init(edits: [JSONEdit] = [], diagnostics: [Diagnostic] = []) {
        self.edits = edits
        self.diagnostics = diagnostics
    }

    /// The refusal of a document whose objects give a key twice, or nil: readers take the
    /// last value, and a transform would rewrite one and leave the other to contradict it
    /// (`"servings": 2, "servings": 4` scaled to 8 gave `"servings": 2, "servings": 8`).
    /// An error at each repeated key; nothing is changed.
    static func refusingRepeatedKeys(_ document: Document, ruleID: String, locator: SourceLocator?) -> TransformOutcome? {
        let json = document.json
        let end = json.after(document.node)
        let repeated = json.duplicateKeys.filter { $0.second > document.node && $0.second < end }
        guard !repeated.isEmpty else { return nil }
        var sink = DiagnosticSink(document: document, ruleID: ruleID, locator: locator)
        let (verb, done) = ruleID == "convert" ? ("convert", "converted") : ("scale", "scaled")
        for key in repeated {
            let name = json.string(key.second) ?? "?"
            sink.add(.error, "\"\(name)\" is given twice in this object (readers take the last one); remove one, then \(verb); nothing is \(done)", at: key.second)
        }
        return TransformOutcome(diagnostics: sink.diagnostics)
    }

    /// True when an error means the document should not be written.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The document's own text with the edits applied (the whole file when the document is
    /// its root, else the bytes of its element).
    public func bytes(of document: Document) -> [UInt8] {
        JSONEditor.apply(edits, to: document.json.bytes, range: document.json.byteRange(document.node))
    }

    /// Writes the edits into `document` (see ``Document/replaceValue(with:)``).
    public func apply(to document: inout Document) throws {
        guard !edits.isEmpty else { return }
        let edited = try JSONDocument(
            parsing: bytes(of: document), options: JSONParser.Options(maxDepth: .max, detectDuplicateKeys: false))
        try document.replaceValue(with: edited.value)
    }
}

/// Options a transform cannot run with: a message for the user.
public struct TransformOptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The transform's id.
    public var transformID: String
    /// What is wrong and what is expected.
    public var message: String
    /// Where below the step's options the mistake is (`["factor"]`), so that the config
    /// check reports it at its line and column; empty for the options as a whole.
    public var path: [String]
    /// The mistake is the key at ``path`` (an unknown option), not its value.
    public var isKey: Bool

    /// An error of the transform `transformID`, at `path` below its options.
    public init(transformID: String, message: String, at path: [String] = [], isKey: Bool = false) {
        self.transformID = transformID
        self.message = message
        self.path = path
        self.isKey = isKey
    }

    public var description: String { "\(transformID): \(message)" }

    /// The error placed at `path`, unless it has a place already.
    func placed(at path: [String]) -> TransformOptionError {
        var e = self
        if e.path.isEmpty { e.path = path }
        return e
    }

    /// What `body` returns, or its error placed at `path` (unless it has a place already).
    static func placing<T>(_ path: [String], _ body: () throws(TransformOptionError) -> T) throws(TransformOptionError) -> T {
        do throws(TransformOptionError) {
            return try body()
        } catch {
            throw error.placed(at: path)
        }
    }

    /// What `read` (reading a step's options) throws, as the problems of
    /// ``OptionChecking/checkOptions(_:locales:)``: none when it reads them.
    /// Every option's problem is found (``OptionProblem/oneByOne(_:_:)``), not only the first.
    static func problems(_ options: JSONValue, _ read: (JSONValue) throws(TransformOptionError) -> Void) -> [OptionProblem] {
        OptionProblem.oneByOne(options) { options in
            do throws(TransformOptionError) {
                try read(options)
                return nil
            } catch {
                return OptionProblem(error.description, at: error.path, isKey: error.isKey)
            }
        }
    }
}

// MARK: - Reading the tape

extension JSONDocument {
    /// The value of member `key` of an object node (no allocation for plain keys).
    func field(_ object: Int, _ key: StaticString) -> Int? {
        guard kind(object) == .object else { return nil }
        return key.withUTF8Buffer { buffer in
            var found: Int?
            for (k, v) in members(object) where keyEquals(k, buffer) { found = v }
            return found
        }
    }

    /// The key node of member `key` of an object node.
    func keyNode(_ object: Int, _ key: StaticString) -> Int? {
        guard kind(object) == .object else { return nil }
        return key.withUTF8Buffer { buffer in
            var found: Int?
            for (k, _) in members(object) where keyEquals(k, buffer) { found = k }
            return found
        }
    }

    /// True when the key node spells `key`.
    func keyIs(_ node: Int, _ key: StaticString) -> Bool {
        key.withUTF8Buffer { keyEquals(node, $0) }
    }

    /// The exact value of a number node (nil for other kinds; throws when its literal has
    /// too many digits).
    func rational(_ node: Int) throws(RationalError) -> Rational? {
        guard kind(node) == .number else { return nil }
        let range = byteRange(node)
        return try bytes.withUnsafeBufferPointer { buffer throws(RationalError) -> Rational? in
            try Rational(decimalUTF8: UnsafeBufferPointer(rebasing: buffer[range]))
        }
    }
}

// MARK: - Writing numbers

enum NumberText {
    /// A JSON number literal for an exact value when it is a short decimal (at most
    /// `maxPlaces` places, six unless said: nutrition values longer than that are rounded),
    /// else nil.
    static func literal(_ value: Rational, maxPlaces: Int = 6) -> [UInt8]? {
        if value.isInteger { return digits(value.numerator) }
        guard let places = QuantityFormatter.decimalPlaces(value), places <= min(maxPlaces, powersOfTen.count - 1),
              let scaled = try? value * Rational(Self.powersOfTen[places]), scaled.isInteger else { return nil }
        // The digits of value × 10^places, with the point put back.
        let negative = scaled.numerator < 0
        var magnitude = digits(Int(scaled.numerator.magnitude))
        if magnitude.count <= places {
            magnitude.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: places - magnitude.count + 1), at: 0)
        }
        magnitude.insert(UInt8(ascii: "."), at: magnitude.count - places)
        if negative { magnitude.insert(UInt8(ascii: "-"), at: 0) }
        return magnitude
    }

    static let powersOfTen = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    ]

    /// The most decimal places a scaled structured quantity is written with as a number:
    /// every place of an amount rounded for display (three significant digits, so a tiny
    /// `0.000000333` g stays a number; it became the text "0.000000333").
    static let quantityPlaces = 15

    /// The decimal digits of an integer, as bytes.
    static func digits(_ value: Int) -> [UInt8] {
        if value == 0 { return [UInt8(ascii: "0")] }
        var out: [UInt8] = []
        out.reserveCapacity(20)
        var v = value.magnitude
        while v > 0 {
            out.append(UInt8(ascii: "0") + UInt8(v % 10))
            v /= 10
        }
        if value < 0 { out.append(UInt8(ascii: "-")) }
        out.reverse()
        return out
    }

    /// A JSON number literal, rounded to three significant digits when not a short decimal.
    static func roundedLiteral(_ value: Rational, maxPlaces: Int = 6) -> [UInt8] {
        if let exact = literal(value, maxPlaces: maxPlaces) { return exact }
        let rounded = NutritionConversion.rounded(value)
        return literal(rounded, maxPlaces: maxPlaces) ?? Array(String(value.doubleValue).utf8)
    }

    /// How a factor reads in a message: `2`, `0.5`, `0.000001`, `1/3`, and `about 1.13` for
    /// a fraction no one reads (`45359237/40000000`, from a pound of butter).
    static func factor(_ value: Rational) -> String {
        // A decimal of at most three places, or of three significant digits, reads as it is
        // (2.5, 0.125, 0.000001).
        if let places = QuantityFormatter.decimalPlaces(value), let text = QuantityFormatter.decimalText(value) {
            let significant = text.drop(while: { $0 == "0" || $0 == "." || $0 == "-" }).filter(\.isNumber).count
            if places <= 3 || significant <= 3 { return text }
        }
        guard value.denominator > 100 else { return value.description }
        let rounded = NutritionConversion.rounded(value)
        return "about " + (literal(rounded).map { String(decoding: $0, as: UTF8.self) } ?? value.description)
    }
}

/// Builds diagnostics for one document, with one source locator made on first use.
struct DiagnosticSink {
    let document: Document
    let ruleID: String
    private(set) var diagnostics: [Diagnostic] = []
    private var locator: SourceLocator?

    /// `locator` is the file's (share one across the documents of a file); made on first
    /// use when nil.
    init(document: Document, ruleID: String, locator: SourceLocator? = nil) {
        self.document = document
        self.ruleID = ruleID
        self.locator = locator
    }

    mutating func add(_ severity: Severity, _ message: String, at node: Int) {
        if locator == nil { locator = document.sourceLocator() }
        diagnostics.append(document.diagnostic(ruleID: ruleID, severity: severity, message: message, node: node, locator: locator))
    }

}
