import LarderCore
import LarderJSON

/// `duplicate-key`: a key appears once per object.
///
/// JSON readers keep only one of two values under the same key (most keep the last), so
/// the other is silently lost. Reported at the repeated key, with the first one as a
/// related location. A localized text's language tags compare without case, so `en` and
/// `EN` in one text are the same key to Larder (the exports keep one of the two values),
/// and are reported the same way.
public struct DuplicateKeyRule: ConfigurableRule {
    /// The localized texts whose languages are compared (beside the repeated keys of any
    /// object, which need no option).
    public var options: [RuleOption] {
        [
            RuleOption("fields", .pointers, "the localized text fields whose languages are compared, as JSON Pointers (`*` for every element); replaces the built-in fields", default: "the localized texts of the built-in kind; in a kind of your own, its language maps"),
            RuleOption("pointers", .pointers, "the same as `fields`", aliasOf: "fields"),
        ]
    }

    public let id = "duplicate-key"
    public let summary = "A key appears only once in an object."
    public let defaultSeverity = Severity.warning
    public var details: String? {
        """
        When an object holds the same key twice, an app reading the JSON keeps only one of \
        the two values (most readers keep the last) and the other is lost without a word. \
        Larder reports the second key and names where the first one is. Remove one of the \
        two, or rename it if both values are wanted.

        Two keys that are the same characters in different code points (`café` with the \
        accent composed, and with a combining accent) are two keys to JSON, but Swift's \
        strings and many other readers take them as one and keep one value: reported too.

        Language tags compare without case, so a localized text (the texts `locale-complete` \
        checks) that holds `en` and `EN`, or `pt-BR` and `pt-br`, has two values for one \
        language: the exports keep the first that is not blank and drop the other. That is \
        reported too, at the second tag.
        """
    }

    public init() {}

    /// What is said of a key that appears twice in one object, `first` the place of the
    /// first one: the same words in a project's lint and in `larder lint` of files without
    /// a config (Docs/reporters.md quotes them).
    public static func message(key: String, first: SourcePosition) -> String {
        "key \(Text.quoted(key)) appears twice in the same object (first at line \(first.line), column \(first.column)); a reader keeps only one of the values: remove one, or rename it"
    }

    /// The note at the first of the two keys.
    public static func firstHere(_ key: String) -> String { "first \(Text.quoted(key)) here" }

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "negroni", "name": "Negroni", "images": [{"src": "a.png"}, {"src": "b.png"}]}"#),
            .triggers(#"{"id": "negroni", "name": "Negroni", "name": "Boulevardier"}"#, at: "/name"),
            .triggers(#"{"id": "x", "nutrition": {"per": "100g", "fat": 1, "fat": 2}}"#, at: "/nutrition/fat"),
            .triggers(#"[{"id": "a"}, {"id": "b", "rating": 4, "rating": 5}]"#, at: "/1/rating"),
            // The same name in two spellings: composed, and with a combining accent.
            .triggers(#"{"id": "menu", "prices": {"caf\u00e9": 2, "cafe\u0301": 3}}"#, at: "/prices/café"),
            // One language twice in a text, written in two cases.
            .triggers(#"{"id": "fizz", "name": {"EN": "Lime fizz", "es": "Fizz de lima", "en": "Old name"}}"#,
                      at: "/name/en", kind: "recipe", options: ["locales": ["en", "es"]]),
            .triggers(#"{"id": "fizz", "steps": [{"pt-BR": "Mexa.", "pt-br": "Agite."}]}"#, at: "/steps/0/pt-br", kind: "recipe"),
            .passes(#"{"id": "fizz", "name": {"en": "Lime fizz", "en-GB": "Lime fizz", "pt-BR": "Fizz"}}"#, kind: "recipe"),
        ]
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        let range = document.node..<json.after(document.node)
        var sink = DiagnosticSink(document: document, context: context)
        for duplicate in json.duplicateKeys where range.contains(duplicate.second) {
            let key = json.string(duplicate.second) ?? ""
            let related = sink.related(duplicate.first, Self.firstHere(key))
            let first = related.start
            sink.report(duplicate.second, related: [related]) { _ in Self.message(key: key, first: first) }
        }
        // Two keys written with different code points for the same characters.
        Self.canonicallyEquivalentKeys(json, in: range) { first, second in
            let key = json.string(second) ?? ""
            let related = sink.related(first, "the other spelling here")
            let at = related.start
            sink.report(second, related: [related]) { _ in
                "key \(Text.quoted(key)) is the key at line \(at.line), column \(at.column) spelled with other code points (an accent composed in one and a combining mark in the other, or the Kelvin sign for K): JSON keeps both, but many readers, Swift's strings among them, take them as one key and keep one value; write both keys the same way, or rename one"
            }
        }
        // A language written twice in one text, in two cases.
        for field in ContentFields.selected(options, in: document, builtIn: ContentFields.localizedTexts, prepared: context.prepared)
        where json.kind(field) == .object && json.count(field) > 1 {
            Self.sameLanguageTwice(json, field) { first, second in
                let firstTag = json.string(first) ?? "", secondTag = json.string(second) ?? ""
                let related = sink.related(first, "first as \(Text.quoted(firstTag)) here")
                let at = related.start
                sink.report(second, in: field, related: [related]) { label in
                    "\(label) is a second value for \(Text.quoted(firstTag)) (line \(at.line), column \(at.column)): language tags compare without case, so \(Text.quoted(secondTag)) and \(Text.quoted(firstTag)) are one language and the exports keep only one of the two texts; remove one, or merge them"
                }
            }
        }
        return sink.diagnostics
    }

    /// Calls `found` with each pair of keys of an object in `range` that are different code
    /// points but canonically equivalent (`"café"` composed and with a combining accent):
    /// Swift's `String` equality takes them as one. Only objects with a key that is not
    /// plain ASCII are looked at closely; the rest cost one look at each key's bytes.
    static func canonicallyEquivalentKeys(_ json: JSONDocument, in range: Range<Int>, _ found: (Int, Int) -> Void) {
        // The objects with a key that is escaped or not plain ASCII.
        var candidates: [Int] = []
        json.bytes.withUnsafeBufferPointer { bytes in
            for node in range where json.kind(node) == .object && json.count(node) > 1 {
                for (key, _) in json.members(node) {
                    if json.hasEscapes(key) || UnsafeBufferPointer(rebasing: bytes[json.rawStringBytes(key)]).contains(where: { $0 >= 0x80 }) {
                        candidates.append(node)
                        break
                    }
                }
            }
        }
        for node in candidates {
            var firstOf: [String: (key: Int, bytes: [UInt8])] = [:]
            for (key, _) in json.members(node) {
                guard let name = json.string(key) else { continue }
                let bytes = Array(name.utf8)
                if let first = firstOf[name] {
                    if first.bytes != bytes { found(first.key, key) }
                } else {
                    firstOf[name] = (key, bytes)
                }
            }
        }
    }

    /// Calls `found` with each pair of keys of the object at `node` that differ only in the
    /// case of ASCII letters (the first key of the language, then the later one). Keys
    /// written alike are the parser's repeated keys, reported above. Runs for every text of
    /// every document: an object whose keys hold no upper-case letter (nearly all) is
    /// passed over after one look at their bytes, with nothing allocated.
    static func sameLanguageTwice(_ json: JSONDocument, _ node: Int, _ found: (Int, Int) -> Void) {
        func isUpper(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
        var upper = false
        for (key, _) in json.members(node) where json.hasEscapes(key) || json.bytes[json.rawStringBytes(key)].contains(where: isUpper) {
            upper = true
            break
        }
        guard upper else { return }
        let keys = json.members(node).map(\.key)
        let spelled = keys.map { json.string($0).map { Array($0.utf8) } ?? [] }
        func folded(_ b: UInt8) -> UInt8 { isUpper(b) ? b | 0x20 : b }
        var reported = Set<Int>()
        for j in spelled.indices.dropFirst() where !reported.contains(j) {
            for i in 0..<j where !reported.contains(i) && spelled[i].count == spelled[j].count && spelled[i] != spelled[j]
                && spelled[i].elementsEqual(spelled[j], by: { folded($0) == folded($1) }) {
                reported.insert(j)
                found(keys[i], keys[j])
                break
            }
        }
    }
}

/// The text fields of a document, shared with the other rules that check texts.
extension DuplicateKeyRule: TextFieldRule {
    public var textFields: TextFieldSet { .localized }
}
