import LarderCore
import LarderJSON

/// `non-empty-text`: names, titles, descriptions, summaries and steps are not blank, in
/// any language.
///
/// Blank means empty after trimming Unicode white space, invisible format characters and
/// the blank braille pattern (`" "`, `"\u{00A0}"`, `"\u{200B}"`, `"\u{2800}"`). Localized
/// text is checked in every language it has. Built-in kinds check: recipe `name`,
/// `description`, `steps`, ingredient names (and free-text ingredients); location `name`,
/// `summary`, `description`; product `name`.
/// Any kind can name its fields with `fields: ["/title", "/levels/*/name"]`.
public struct NonEmptyTextRule: ConfigurableRule {
    public let id = "non-empty-text"
    public let summary = "Names, titles, descriptions, summaries and steps are not blank, in any language."
    public let defaultSeverity = Severity.error
    public var details: String? {
        """
        A text a person must read cannot be empty or only white space, in any language it \
        is written in. Localized text is a string or an object of language -> string; each \
        language is checked. Unicode white space (no-break and ideographic spaces, line \
        separators), invisible characters (zero-width space, byte order mark, Hangul \
        fillers) and the blank braille pattern (U+2800, drawn as a space) count as blank.

        Checked fields: recipe name, description, steps and ingredient names; location \
        name, summary and description; product name. In a kind of your own, every object \
        of language -> text the exporters export (plural forms included); or list its \
        fields as JSON Pointers, `*` standing for every element: \
        `non-empty-text: { fields: ["/title", "/description"] }`.
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("fields", .pointers, "the text fields to check, as JSON Pointers (`*` for every element); replaces the built-in fields", default: "the fields of the built-in kind; in a kind of your own, its language maps"),
            RuleOption("pointers", .pointers, "the same as `fields`", aliasOf: "fields"),
        ]
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "negroni", "name": "Negroni", "steps": ["Stir.", {"en": "Strain.", "es": "Cuela."}]}"#, kind: "recipe"),
            .triggers(#"{"id": "negroni", "name": "   "}"#, at: "/name", kind: "recipe"),
            .triggers(#"{"id": "negroni", "name": {"en": "Negroni", "es": "\u00a0\u3000"}}"#, at: "/name/es", kind: "recipe"),
            .triggers(#"{"id": "negroni", "name": "Negroni", "steps": ["Stir.", ""]}"#, at: "/steps/1", kind: "recipe"),
            .triggers(#"{"id": "x", "name": "X", "ingredients": [{"name": "\u200b", "quantity": 1}, "  "]}"#,
                      at: "/ingredients/0/name", "/ingredients/1", kind: "recipe"),
            .triggers(#"[{"id": "a", "name": "Ben Thanh"}, {"id": "b", "name": "B", "summary": "\n\t"}]"#,
                      at: "/1/summary", kind: "location"),
            .triggers(#"{"code": "3017620422003", "name": {}}"#, at: "/name", kind: "product"),
            // A location written in place in a recipe's shops has a location's texts.
            .triggers(#"{"id": "pho", "name": "Pho", "shops": [{"id": "pop-up", "name": "\u200b"}]}"#, at: "/shops/0/name", kind: "recipe"),
            .passes(#"{"id": "a", "title": "  "}"#, kind: "achievement"),
            // A kind of your own without `fields`: its language maps, plural forms included.
            .triggers(#"{"id": "a", "title": {"en": "", "vi": "Dễ"}, "badge": {"en": {"one": "%d win", "other": " "}}, "bow": {"en": "", "zh-yue": "弓"}}"#,
                      at: "/title/en", "/badge/en/other", kind: "achievement", options: ["locales": ["en", "vi"]]),
            .triggers(#"{"id": "a", "title": {"en": "Easy Peasy", "vi": " "}, "levels": [{"name": ""}]}"#,
                      at: "/title/vi", "/levels/0/name", kind: "achievement",
                      options: ["fields": ["/title", "/levels/*/name"]]),
        ]
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        let fields = ContentFields.selected(options, in: document, builtIn: ContentFields.requiredTexts, prepared: context.prepared)
        var sink = DiagnosticSink(document: document, context: context)
        // Each language's string; of plural forms, each form (an empty `other` was
        // exported empty). Read in place: no list is made per field.
        func check(_ value: Int, in map: Int? = nil) {
            // A string whose first byte is visible ASCII (not a backslash, which may start
            // an escaped line break) is not blank: told from its bytes, with no string made.
            if json.kind(value) == .string, let first = json.rawStringBytes(value).first.map({ json.bytes[$0] }),
                first > 0x20 && first < 0x7F && first != UInt8(ascii: "\\")
            {
                return
            }
            guard let text = json.string(value), VisibleText.isBlank(text) else { return }
            if text.isEmpty {
                sink.report(value, in: map) { "\($0) is empty; write the text, or remove the field if it is optional" }
            } else {
                sink.report(value, in: map) {
                    "\($0) is blank (only white space or invisible characters); write the text, or remove the field if it is optional"
                }
            }
        }
        for field in fields {
            if json.kind(field) == .object && json.count(field) == 0 {
                sink.report(field) { "\($0) has no text in any language; write it in the source language at least" }
                continue
            }
            switch json.kind(field) {
            case .string:
                check(field)
            case .object:
                for (_, value) in json.members(field) {
                    if json.kind(value) == .object {
                        for (_, form) in json.members(value) { check(form, in: field) }
                    } else {
                        check(value, in: field)
                    }
                }
            default:
                break
            }
        }
        return sink.diagnostics
    }
}

/// The text fields of a document, shared with the other rules that check texts.
extension NonEmptyTextRule: TextFieldRule {
    public var textFields: TextFieldSet { .required }
}
