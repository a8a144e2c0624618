import LarderCore
import LarderJSON

/// `duplicate-key`: a key appears once per object.
///
/// JSON readers keep only one of two values under the same key (most keep the last), so
/// the other is silently lost. Reported at the repeated key, with the first one as a
/// related location.
public struct DuplicateKeyRule: Rule {
    public let id = "duplicate-key"
    public let summary = "A key appears only once in an object."
    public let defaultSeverity = Severity.warning
    public var details: String? {
        """
        When an object holds the same key twice, an app reading the JSON keeps only one of \
        the two values (most readers keep the last) and the other is lost without a word. \
        Larder reports the second key and names where the first one is. Remove one of the \
        two, or rename it if both values are wanted.
        """
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "negroni", "name": "Negroni", "images": [{"src": "a.png"}, {"src": "b.png"}]}"#),
            .triggers(#"{"id": "negroni", "name": "Negroni", "name": "Boulevardier"}"#, at: "/name"),
            .triggers(#"{"id": "x", "nutrition": {"per": "100g", "fat": 1, "fat": 2}}"#, at: "/nutrition/fat"),
            .triggers(#"[{"id": "a"}, {"id": "b", "rating": 4, "rating": 5}]"#, at: "/1/rating"),
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
            let related = sink.related(duplicate.first, "first \(Text.quoted(key)) here")
            let first = related.start
            sink.report(duplicate.second, related: [related]) { _ in
                "key \(Text.quoted(key)) appears twice in the same object (first at line \(first.line), column \(first.column)); a reader keeps only one of the values: remove one, or rename it"
            }
        }
        return sink.diagnostics
    }
}
