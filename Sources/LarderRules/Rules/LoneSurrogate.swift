import LarderCore
import LarderJSON

/// `lone-surrogate`: every `\uXXXX` escape of a surrogate is half of a pair.
///
/// `"\uD800"` is JSON by the grammar, but it stands for no character (``LoneSurrogate``): no
/// UTF-8 file can hold it, so every export would write U+FFFD in its place and two ids that
/// differ only there would become one. It is reported as an error, at the escape itself,
/// named as written, so the build stops before writing anything.
public struct LoneSurrogateRule: ConfigurableRule {
    /// None of its own: only those every rule takes (`severity`, `kinds`), so that a misspelt
    /// one (`sevrity: off`) is reported, not ignored.
    public var options: [RuleOption] { [] }

    public let id = "lone-surrogate"
    public let summary = "Every \\u escape of a surrogate (D800 to DFFF) is half of a pair that makes one character."
    public let defaultSeverity = Severity.error
    public var details: String? {
        """
        A character above U+FFFF is written in a \\u escape as two halves, a high surrogate \
        (\\uD800 to \\uDBFF) followed by a low one (\\uDC00 to \\uDFFF): 🍅 is \\uD83C\\uDF45. \
        A half on its own stands for no character. JSON readers disagree about it (some \
        refuse the file, others keep the half or replace it), and no UTF-8 file can hold it, \
        so an export would silently write U+FFFD (�) in its place, and two ids that differ \
        only there would become the same id. Larder reports each such escape where it is. \
        Write the character itself, or both halves of its pair.
        """
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "tomato", "name": "Tomato \uD83C\uDF45 soup", "note": "\u00e9"}"#),
            .triggers(#"{"id": "tomato", "name": "Tomato \uD83C soup"}"#, at: "/name"),
            .triggers(#"{"id": "tomato", "name": "Tomato \uDF45 soup"}"#, at: "/name"),
            .triggers(#"[{"id": "a"}, {"id": "\udbff"}]"#, at: "/1/id"),
        ]
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let json = document.json
        guard !json.loneSurrogates.isEmpty, applies(to: document.kind, options: Options(context.options)) else { return [] }
        let range = document.node..<json.after(document.node)
        var sink = DiagnosticSink(document: document, context: context)
        for lone in json.loneSurrogates where range.contains(lone.node) {
            sink.report(lone.node, bytes: lone.escapeRange, lone.message(in: json))
        }
        return sink.diagnostics
    }
}
