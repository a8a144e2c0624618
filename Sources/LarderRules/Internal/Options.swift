import LarderCore
import LarderJSON

/// Typed, lenient reading of a rule's options: a value of the wrong type reads as absent
/// (the config loader reports it with ``ConfigurableRule/optionProblems(_:)`` before rules
/// run).
struct Options {
    let value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    subscript(key: String) -> JSONValue? {
        guard case .object(let object) = value else { return nil }
        return object[key]
    }

    func string(_ key: String) -> String? { self[key]?.stringValue }

    func number(_ key: String) -> Double? { self[key]?.doubleValue }

    func bool(_ key: String) -> Bool? { self[key]?.boolValue }

    func strings(_ key: String) -> [String]? {
        guard let items = self[key]?.arrayValue else { return nil }
        let strings = items.compactMap { $0.stringValue }
        return strings.count == items.count ? strings : nil
    }

    func pointer(_ key: String) -> JSONPointer? {
        string(key).flatMap { JSONPointer(parsing: $0) }
    }

    /// Pointer patterns; `fields` may also be written `pointers`.
    func fieldPaths(_ key: String) -> [FieldPath]? {
        let texts = strings(key) ?? (key == "fields" ? strings("pointers") : nil)
        return texts.map { $0.compactMap(FieldPath.init) }
    }

    /// The project's locales (set by the config loader from `locales:`), source first.
    var locales: [String] { strings("locales") ?? [] }

    /// The content kinds the options limit the rule to, if any: `kinds`, or the `kind` of
    /// the content entry the options were given for.
    var kinds: [String]? { strings("kinds") ?? string("kind").map { [$0] } }
}

extension Rule {
    /// True when the rule applies to the document's kind: the rule's own ``Rule/kinds``
    /// and the `kinds` option both allow it (nil allows every kind, also none).
    func applies(to kind: String?, options: Options) -> Bool {
        if let kinds, !kinds.contains(where: { $0 == kind }) { return false }
        if let limit = options.kinds, !limit.contains(where: { $0 == kind }) { return false }
        return true
    }
}

/// Collects a rule's diagnostics for one document, building the file's line index once.
struct DiagnosticSink {
    let document: Document
    let context: RuleContext
    private var locator: SourceLocator?
    private(set) var diagnostics: [Diagnostic] = []

    init(document: Document, context: RuleContext) {
        self.document = document
        self.context = context
    }

    mutating func report(
        _ node: Int, _ message: String, related: [Diagnostic.RelatedLocation] = [], fix: Diagnostic.Fix? = nil
    ) {
        if locator == nil { locator = document.sourceLocator() }
        diagnostics.append(context.diagnostic(in: document, at: node, message, locator: locator, related: related, fix: fix))
    }

    /// Reports at `node` with the rule's severity lowered to `severity` when it is worse
    /// (a note where the rule would say error: a finding that is likely fine).
    mutating func report(_ node: Int, _ message: String, atMost severity: Severity) {
        report(node, message)
        if diagnostics[diagnostics.count - 1].severity > severity { diagnostics[diagnostics.count - 1].severity = severity }
    }

    /// Reports at `node` with a message made from the value's field label (`steps[2]`,
    /// `name (en)`). `text` is the language map (a text field) `node` sits in, as a
    /// language's value or one of its plural forms: only then does the label name a
    /// language.
    mutating func report(
        _ node: Int, in text: Int? = nil, related: [Diagnostic.RelatedLocation] = [], fix: Diagnostic.Fix? = nil,
        message: (_ field: String) -> String
    ) {
        report(node, "", related: related, fix: fix)
        let pointer = diagnostics[diagnostics.count - 1].pointer
        let label = Text.fieldLabel(pointer, below: document.pointer, in: text.map { document.pointer(to: $0) })
        diagnostics[diagnostics.count - 1].message = message(label)
    }

    /// The field label of `node` (``Text/fieldLabel(_:below:in:)``), in the language map
    /// `text` when it sits in one.
    func label(of node: Int, in text: Int? = nil) -> String {
        Text.fieldLabel(document.pointer(to: node), below: document.pointer, in: text.map { document.pointer(to: $0) })
    }

    /// Reports at `node`, the range narrowed to the bytes `bytes` of the file (a part of
    /// the value, such as one escape in a string).
    mutating func report(_ node: Int, bytes: Range<Int>, _ message: String) {
        report(node, message)
        guard let locator else { return }
        diagnostics[diagnostics.count - 1].start = locator.position(ofByte: bytes.lowerBound)
        diagnostics[diagnostics.count - 1].end = locator.position(ofByte: bytes.upperBound)
    }

    /// Makes the last diagnostic a warning when it is an error (a note stays a note): for a
    /// finding a rule reports below its own severity.
    mutating func capLastAtWarning() {
        guard let last = diagnostics.indices.last, diagnostics[last].severity == .error else { return }
        diagnostics[last].severity = .warning
    }

    /// A related location in the same file.
    mutating func related(_ node: Int, _ message: String) -> Diagnostic.RelatedLocation {
        if locator == nil { locator = document.sourceLocator() }
        return Diagnostic.RelatedLocation(file: document.file, json: document.json, node: node, locator: locator, message: message)
    }
}
