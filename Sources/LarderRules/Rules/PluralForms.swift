import LarderCore
import LarderJSON

/// `plural-forms`: the plural forms of a localized text are named by CLDR categories, have
/// an `other` form, and are strings; a form the language never uses is reported too.
///
/// A text's value in one language is a string or plural forms (`{"one": "%d game",
/// "other": "%d games"}`). An object of forms that is not that shape (a misspelled
/// category, no `other`, a form that is not a string) is not what the author meant, and
/// the exporters read only part of it: a form they cannot read is left out, a missing
/// `other` takes the first form's text. That is an error.
/// A form under a category the language's CLDR rules do not use is never shown (English
/// has no `few`); `zero` is the exception some formats make (i18next, String Catalogs and
/// `.stringsdict` show it for a count of 0 in any language, gettext and Android cannot):
/// both are reported as warnings (never more than the rule's severity).
public struct PluralFormsRule: ConfigurableRule {
    public let id = "plural-forms"
    public let summary = "Plural forms are named zero, one, two, few, many or other, include `other`, and are strings; forms a language never uses are reported."
    public let defaultSeverity = Severity.error
    public var details: String? {
        """
        A localized text's value in one language is a string, or plural forms by CLDR \
        category: `{"one": "%d game", "other": "%d games"}`. The categories are zero, one, \
        two, few, many and other; `other` is the form for every count no other form takes, \
        so it is required. Forms that are not that shape (`fwe` for `few`, no `other`, a \
        number for a form) are an error, at the form. With the rule's severity lowered, \
        the exports read what they can: a form they cannot read is left out (its counts \
        get `other`), a missing `other` takes the text of the first form (in CLDR order), \
        and a language with no readable form (or a value that is no text) is left out and \
        filled in from another language, as a missing translation.

        Each language uses some of the categories (English one and other; Russian one, few, \
        many and other; Arabic all six). A form under a category the language does not use \
        is never shown: a warning. `zero` is the exception formats make: i18next \
        (`key_zero`), String Catalogs and `.stringsdict` show it for a count of 0 in any \
        language, so it is exported there; gettext and Android cannot hold it for a language \
        whose rules have no zero, so a project exporting to them gets a warning naming them. \
        A form holding a character XML 1.0 cannot hold, even as `&#7;` (a control character \
        but tab and line breaks, U+FFFE, U+FFFF), is a warning in a project exporting \
        `strings`: a plural text goes to a `.stringsdict`, an XML property list, which \
        writes U+FFFD (�) in its place (the `.strings` file, String Catalog, Android, gettext \
        and i18next escape it). These warnings are never more than the rule's severity. A form the language needs \
        and the text lacks is `locale-complete`'s to report.

        Checked: the fields `locale-complete` checks (or `fields: [...]`), the fields the \
        exports' option `texts` names among them.
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("fields", .pointers, "the localized text fields to check, as JSON Pointers (`*` for every element); replaces the built-in fields", default: "the fields of the built-in kind; in a kind of your own, its texts"),
            RuleOption("pointers", .pointers, "the same as `fields`", aliasOf: "fields"),
        ]
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "gold", "title": {"en": {"one": "Win a game", "other": "Win %d games"}, "ru": {"one": "%d игра", "few": "%d игры", "many": "%d игр", "other": "%d игры"}}}"#,
                    kind: "achievement", options: ["locales": ["en", "ru"], "fields": ["/title"]]),
            .passes(#"{"id": "gold", "title": {"one": "Win a game", "other": "Win %d games"}}"#,
                    kind: "achievement", options: ["locales": ["en"], "fields": ["/title"]]),
            // Without a gettext or android export, a zero form is exported wherever it goes.
            .passes(#"{"id": "gold", "title": {"en": {"zero": "No games yet", "one": "Win a game", "other": "Win %d games"}}}"#,
                    kind: "achievement", options: ["locales": ["en"], "fields": ["/title"], "exports": ["i18next", "xcstrings"]]),
            .triggers(#"{"id": "gold", "title": {"en": {"one": "Win a game", "other": "Win %d games"}, "ru": {"one": "%d игра", "fwe": "%d игры", "many": "%d игр", "other": "%d игры"}}}"#,
                      at: "/title/ru/fwe", kind: "achievement", options: ["locales": ["en", "ru"], "fields": ["/title"]]),
            .triggers(#"{"id": "gold", "title": {"en": {"one": "Win a game", "other": "Win %d games"}, "ru": {"one": "%d игра", "few": "%d игры", "many": "%d игр"}}}"#,
                      at: "/title/ru", kind: "achievement", options: ["locales": ["en", "ru"], "fields": ["/title"]]),
            .triggers(#"{"id": "gold", "title": {"one": "Win a game", "other": 5}}"#,
                      at: "/title/other", kind: "achievement", options: ["locales": ["en"], "fields": ["/title"]]),
            .triggers(#"{"id": "gold", "title": {"en": {"one": "Win a game", "few": "Win a few games", "other": "Win %d games"}}}"#,
                      at: "/title/en/few", kind: "achievement", options: ["locales": ["en"], "fields": ["/title"]]),
            .triggers(#"{"id": "gold", "title": {"en": {"zero": "No games yet", "one": "Win a game", "other": "Win %d games"}}}"#,
                      at: "/title/en/zero", kind: "achievement", options: ["locales": ["en"], "fields": ["/title"], "exports": ["i18next", "gettext"]]),
            // XML cannot hold a control character, even escaped: .stringsdict gets U+FFFD.
            .triggers(#"{"id": "gold", "title": {"en": {"one": "Win a game\u0007", "other": "Win %d games"}}}"#,
                      at: "/title/en/one", kind: "achievement", options: ["locales": ["en"], "fields": ["/title"], "exports": ["strings"]]),
            .passes(#"{"id": "gold", "title": {"en": {"one": "Win a game\u0007", "other": "Win %d games"}}}"#,
                    kind: "achievement", options: ["locales": ["en"], "fields": ["/title"], "exports": ["xcstrings"]]),
        ]
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return [] }
        // The locales and the exports are read from the options only for a document with
        // plural forms (most have none: this runs for every document).
        var read: (locales: [String], exports: Set<String>)?
        func settings() -> (locales: [String], exports: Set<String>) {
            if let read { return read }
            let made = (options.locales, Set(options.strings(Linter.exportsOption) ?? []))
            read = made
            return made
        }
        let json = document.json
        var sink = DiagnosticSink(document: document, context: context)
        for field in ContentFields.selected(options, in: document, builtIn: ContentFields.localizedTexts, prepared: context.prepared) where json.kind(field) == .object {
            if Self.isForms(json, field, locales: { settings().locales }) {
                let (locales, exports) = settings()
                check(forms: field, language: locales.first ?? "en", json: json, exports: exports, sink: &sink)
                continue
            }
            for (key, value) in json.members(field) {
                switch json.kind(value) {
                case .string:
                    continue
                case .object:
                    check(forms: value, in: field, language: json.string(key) ?? "", json: json, exports: settings().exports, sink: &sink)
                default:
                    let what = Self.kindName(json, value)
                    sink.report(value, in: field) {
                        "\($0) is \(what), which no export can read, so every export leaves it out (and fills the language in from another, as a missing translation); write the text as a string, or as plural forms ({\"one\": …, \"other\": …})"
                    }
                }
            }
        }
        return sink.diagnostics
    }

    /// True when the object at `node` is plural forms rather than a map of languages: it has
    /// `other`, or a category name and no key of a project locale's language.
    static func isForms(_ json: JSONDocument, _ node: Int, locales: [String]) -> Bool {
        isForms(json, node, locales: { locales })
    }

    /// ``isForms(_:_:locales:)`` with the locales asked for only when the keys name a
    /// category.
    static func isForms(_ json: JSONDocument, _ node: Int, locales: () -> [String]) -> Bool {
        // Read from the keys' bytes first: nearly every object is a language map, whose
        // keys name no category (it runs for every text of every document linted).
        var category = false
        for (key, _) in json.members(node) {
            if json.hasEscapes(key) {
                guard let k = json.string(key) else { continue }
                if k == "other" { return true }
                if PluralCategory(rawValue: k) != nil { category = true }
                continue
            }
            let raw = json.bytes[json.rawStringBytes(key)]
            if raw.elementsEqual("other".utf8) { return true }
            if Self.isCategoryName(raw) { category = true }
        }
        guard category else { return false }
        let languages = Set(locales().map { String($0.prefix { $0 != "-" }).lowercased() })
        for (key, _) in json.members(node) {
            guard let k = json.string(key) else { continue }
            if languages.contains(String(k.prefix { $0 != "-" }).lowercased()) { return false }
        }
        return true
    }

    /// True when `bytes` spell a plural category's name.
    static func isCategoryName(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard (3...5).contains(bytes.count) else { return false }
        return PluralCategory.allCases.contains { $0.rawValue.utf8.elementsEqual(bytes) }
    }

    /// Checks the plural forms at `node`, of the text's value in `language`.
    private func check(forms node: Int, in text: Int? = nil, language: String, json: JSONDocument, exports: Set<String>, sink: inout DiagnosticSink) {
        let label = sink.label(of: node, in: text)
        let used = PluralRules.categories(for: language)
        let names = PluralCategory.allCases.map(\.rawValue)
        // What the exports make of forms of another shape: they read the forms that are
        // strings under a category's name, and without such an `other` the first of them
        // (in CLDR order) stands for it; with none, the language's text is left out.
        var readable: [PluralCategory] = []
        for (key, value) in json.members(node) where json.kind(value) == .string {
            if let category = json.string(key).flatMap(PluralCategory.init(rawValue:)) { readable.append(category) }
        }
        let first = readable.min()
        let shownForOther = readable.contains(.other) ? nil : first
        let leftOut = first == nil
            ? "every export leaves the \(language) text out (and fills it in from another language, as a missing translation)"
            : nil
        var hasOther = false
        for (key, value) in json.members(node) {
            let name = json.string(key) ?? ""
            if name == "other" { hasOther = true }
            if exports.contains("strings"), json.kind(value) == .string, let found = Self.xmlForbidden(json, value) {
                let names = Text.list(found.scalars.map { "U+" + String($0, radix: 16, uppercase: true).leftPadded(to: 4) })
                sink.report(value, bytes: found.first,
                            "the `\(name)` form of \(label) holds \(names), which XML cannot hold (a control character, or a noncharacter): the strings export's .stringsdict, where plural forms go, writes U+FFFD (�) in its place; remove it, or write what it stands for")
                sink.capLastAtWarning()
            }
            guard let category = PluralCategory(rawValue: name) else {
                let hint = Suggest.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                sink.report(value, bytes: json.byteRange(key),
                            "\(label) has a form named '\(name)', which is no plural category\(hint); the categories are zero, one, two, few, many and other, and until it is renamed \(leftOut ?? "every export leaves this form out")")
                continue
            }
            guard json.kind(value) == .string else {
                let instead = leftOut ?? (category == .other && shownForOther != nil
                    ? "every export shows the `\(shownForOther!)` form in its place" : "every export leaves this form out")
                sink.report(value, "the `\(name)` form of \(label) is \(Self.kindName(json, value)); a form is a string; until it is one, \(instead)")
                continue
            }
            guard !used.contains(category) else { continue }
            let unused: String
            if category == .zero {
                let dropping = ["gettext", "android"].filter(exports.contains)
                guard !dropping.isEmpty else { continue }
                unused = "has a `zero` form, which the CLDR plural rules of \(language) do not use (\(Text.list(used.map(\.rawValue)))): i18next, String Catalogs and .stringsdict show it for a count of 0, but the \(Text.list(dropping)) export\(dropping.count > 1 ? "s" : "") cannot hold it and show\(dropping.count > 1 ? "" : "s") the `other` form for 0; say it in the other forms, or accept that \(dropping.count > 1 ? "they do" : "it does") not show it"
            } else {
                unused = "has a `\(name)` form, which \(language) never uses (its CLDR plural categories are \(Text.list(used.map(\.rawValue)))), so no export writes it; remove it, or move its text to the form \(language) uses for those counts"
            }
            sink.report(value, bytes: json.byteRange(key).lowerBound..<json.byteRange(value).upperBound, "\(label) " + unused)
            sink.capLastAtWarning()
        }
        if !hasOther {
            let instead = leftOut ?? "every export shows the `\(shownForOther!)` form in its place"
            sink.report(node, "\(label) has plural forms but no `other`, the form for every count no other form takes (and the one shown where only one can be); add an `other` form; until then, \(instead)")
        }
    }

    /// The characters of the string at `node` that XML 1.0 cannot hold, even escaped (C0
    /// controls but tab, line feed and carriage return; U+FFFE, U+FFFF), each once, with
    /// the bytes of the first as the file writes it (`\u0007`); nil when there are none.
    /// JSON holds a control character only escaped.
    static func xmlForbidden(_ json: JSONDocument, _ node: Int) -> (scalars: [UInt32], first: Range<Int>)? {
        let range = json.rawStringBytes(node)
        let bytes = json.bytes
        var scalars: [UInt32] = []
        var first: Range<Int>?
        func found(_ value: UInt32, _ at: Range<Int>) {
            if first == nil { first = at }
            if !scalars.contains(value) { scalars.append(value) }
        }
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if b == UInt8(ascii: "\\"), i + 1 < range.upperBound {
                switch bytes[i + 1] {
                case UInt8(ascii: "b"): found(0x08, i..<i + 2)
                case UInt8(ascii: "f"): found(0x0C, i..<i + 2)
                case UInt8(ascii: "u") where i + 6 <= range.upperBound:
                    if let v = UInt32(String(decoding: bytes[i + 2..<i + 6], as: UTF8.self), radix: 16),
                        (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0xFFFE || v == 0xFFFF
                    {
                        found(v, i..<i + 6)
                    }
                    i += 6
                    continue
                default: break
                }
                i += 2
                continue
            }
            // U+FFFE and U+FFFF written as themselves: EF BF BE, EF BF BF.
            if b == 0xEF, i + 2 < range.upperBound, bytes[i + 1] == 0xBF, bytes[i + 2] >= 0xBE {
                found(bytes[i + 2] == 0xBE ? 0xFFFE : 0xFFFF, i..<i + 3)
            }
            i += 1
        }
        guard let first else { return nil }
        return (scalars, first)
    }

    /// What a value is, for a message: `a number`, `a list`.
    static func kindName(_ json: JSONDocument, _ node: Int) -> String {
        switch json.kind(node) {
        case .number: "a number"
        case .array: "a list"
        case .object: "an object"
        case .string: "a string"
        case .true, .false: "a boolean"
        case .null: "null"
        }
    }
}


extension String {
    /// The string with zeros before it up to `width` characters (`7` -> `0007`).
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// The text fields of a document, shared with the other rules that check texts.
extension PluralFormsRule: TextFieldRule {
    public var textFields: TextFieldSet { .localized }
}
