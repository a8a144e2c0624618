import LarderCore
import LarderJSON

/// `locale-complete`: every localized text has a text for every locale of the project, and
/// every plural form each locale uses.
///
/// The locales are the `locales` option (set by the config loader from `locales:` in
/// larder.yml), the source language first. A plain string counts as the source language
/// only.
public struct LocaleCompleteRule: ConfigurableRule {
    public let id = "locale-complete"
    public let summary = "Every localized text has a text for every locale of the project."
    public let defaultSeverity = Severity.warning
    public var details: String? {
        """
        A project's `locales:` (in larder.yml) are the languages its bundles are built \
        for, the first being the source language. A text missing a language falls back to \
        another one in the app, so users see a mix of languages. Localized text is a \
        string, which counts as the source language only, or an object of language tag -> \
        text; language tags compare without case. A key in another spelling of a locale \
        (`iw` for `he`, `in` for `id`, `zh-TW` for `zh-Hant-TW`) is not read for it: the \
        message names the key to rename, as it names a key no locale reads that is likely \
        the missing text (`sp` or `es-ES` in a project whose locale is `es`). A text with plural forms \
        (`{"one": "%d game", "other": "%d games"}`) has, in each locale, a form for every \
        CLDR category the locale uses (Russian one, few, many and other): a form it lacks \
        (or a plain string in place of forms) is filled with the `other` form by every \
        export, so "5 игры" is shown where "5 игр" is right.

        Checked: recipe name, description, steps, ingredients (free text, names and notes) \
        and image `alt` texts; location name, summary, description, a written address and \
        image `alt` texts; product name and image `alt` texts; every label of a taxonomy \
        (the exports take a tag's label from the locale's CLDR fallback chain, another \
        variant of the locale's language, pt-PT's for pt-BR, or the source language, never \
        another language: where none has one, they show the tag itself, and the message \
        says for which locales). \
        In a kind of your own, every object of language -> text the exporters export; or \
        list its fields: `fields: ["/title", "/description"]`.
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("fields", .pointers, "the localized text fields to check, as JSON Pointers (`*` for every element); replaces the built-in fields", default: "the fields of the built-in kind; in a kind of your own, its language maps"),
            RuleOption("pointers", .pointers, "the same as `fields`", aliasOf: "fields"),
        ]
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "negroni", "name": {"en": "Negroni", "es": "Negroni"}, "steps": [{"EN": "Stir.", "es": "Remover."}]}"#,
                    kind: "recipe", options: ["locales": ["en", "es"]]),
            .passes(#"{"id": "negroni", "name": "Negroni"}"#, kind: "recipe", options: ["locales": ["en"]]),
            .triggers(#"{"id": "negroni", "name": {"en": "Negroni", "es": "Negroni"}, "description": {"en": "Bitter."}}"#,
                      at: "/description", kind: "recipe", options: ["locales": ["en", "es"]]),
            // A location written in place in a recipe's shops: its texts are checked too.
            .triggers(#"{"id": "pho", "name": {"en": "Pho", "es": "Pho"}, "shops": [{"id": "pop-up", "name": {"en": "Night market"}}]}"#,
                      at: "/shops/0/name", kind: "recipe", options: ["locales": ["en", "es"]]),
            .triggers(#"{"id": "ben-thanh", "name": "Ben Thanh Market", "address": {"street": "Le Loi"}}"#,
                      at: "/name", kind: "location", options: ["locales": ["en", "vi"]]),
            .triggers(#"{"en:milk": {"en": "Milk", "fr": "Lait"}, "en:nuts": {"en": "Nuts", "fr": "Noix", "pt": "Nozes"}}"#,
                      at: "/en:milk", kind: "taxonomy", options: ["locales": ["en", "fr", "pt"]]),
            .triggers(#"{"id": "easy", "title": {"en": "Easy Peasy", "vi": "Dễ"}, "description": {"en": "Win on easy."}}"#,
                      at: "/description", kind: "achievement", options: ["locales": ["en", "vi"], "fields": ["/title", "/description"]]),
            // Plural forms: every category each locale uses (ru: one, few, many, other);
            // a plain string is enough for a language with `other` alone (ja).
            .passes(#"{"id": "gold", "title": {"en": {"one": "Win a game", "other": "Win %d games"}, "ru": {"one": "%d игра", "few": "%d игры", "many": "%d игр", "other": "%d игры"}, "ja": "%d ゲーム"}}"#,
                    kind: "achievement", options: ["locales": ["en", "ru", "ja"], "fields": ["/title"]]),
            .triggers(#"{"id": "gold", "title": {"en": {"one": "Win a game", "other": "Win %d games"}, "ru": {"one": "%d игра", "few": "%d игры", "other": "%d игры"}}}"#,
                      at: "/title/ru", kind: "achievement", options: ["locales": ["en", "ru"], "fields": ["/title"]]),
            .triggers(#"{"id": "gold", "title": {"en": {"one": "Win a game", "other": "Win %d games"}, "ru": "Игр: %d"}}"#,
                      at: "/title/ru", kind: "achievement", options: ["locales": ["en", "ru"], "fields": ["/title"]]),
            // A kind of your own without `fields`: the language maps the exporters export.
            .triggers(#"{"id": "easy", "title": {"en": "Easy Peasy", "vi": "Dễ"}, "levels": [{"name": {"en": "One"}}], "x-note": {"en": "internal"}}"#,
                      at: "/levels/0/name", kind: "achievement", options: ["locales": ["en", "vi"]]),
        ]
    }

    /// True when `key` lower-cased is `tag` (itself lower-case ASCII, as every valid tag is):
    /// compared byte by byte, with `lowercased()` only for a key that is not ASCII.
    static func key(_ key: String, lowercasesTo tag: String) -> Bool {
        if key == tag { return true }  // the common case: two short strings, compared whole
        let isUpper = { (b: UInt8) in b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
        if key.utf8.count == tag.utf8.count, key.utf8.elementsEqual(tag.utf8, by: { (isUpper($0) ? $0 | 0x20 : $0) == $1 }) { return true }
        guard key.utf8.contains(where: { $0 >= 0x80 }) else { return false }
        return key.lowercased() == tag
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        let locales = options.locales
        guard !locales.isEmpty, applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        let fields = ContentFields.selected(options, in: document, builtIn: ContentFields.localizedTexts, prepared: context.prepared)
        let lowered = locales.map { $0.lowercased() }
        let tagBytes = lowered.count <= 64 ? lowered.map { Array($0.utf8) } : []
        var keys: [String] = []
        var sink = DiagnosticSink(document: document, context: context)
        for field in fields {
            switch json.kind(field) {
            case .string:
                let missing = Array(locales.dropFirst())
                guard !missing.isEmpty else { continue }
                sink.report(field) {
                    "\($0) is a plain string, which counts as \(locales[0]) only, and lacks \(Text.list(missing)) (the project's locales are \(locales.joined(separator: ", "))); write it as an object of language -> text with every locale"
                }
            case .object:
                if PluralFormsRule.isForms(json, field, locales: locales) {
                    // Plural forms alone: the source language's, as a plain string is.
                    Self.checkForms(field, locale: locales[0], json: json, sink: &sink)
                    let missing = Array(locales.dropFirst())
                    guard !missing.isEmpty else { continue }
                    sink.report(field) {
                        "\($0) is plural forms alone, which count as \(locales[0]) only, and lacks \(Text.list(missing)) (the project's locales are \(locales.joined(separator: ", "))); write it as an object of language -> plural forms with every locale"
                    }
                    continue
                }
                // The common case, from the keys' bytes: every locale written as a key and
                // no forms (no string is made of a key).
                if Self.hasEveryTag(json, field, tags: tagBytes) { continue }
                keys.removeAll(keepingCapacity: true)
                var hasForms = false
                for (key, value) in json.members(field) {
                    if let k = json.string(key) { keys.append(k) }
                    if json.kind(value) == .object { hasForms = true }
                }
                if hasForms {
                    // Each locale's forms: those its CLDR rules use and the text lacks are
                    // filled with the `other` form by every export.
                    for (locale, tag) in zip(locales, lowered) {
                        guard let value = json.members(field).first(where: { Self.key(json.string($0.key) ?? "", lowercasesTo: tag) })?.value else { continue }
                        Self.checkForms(value, in: field, locale: locale, json: json, sink: &sink)
                    }
                }
                // Most texts have every locale: that is found without building the list.
                // (A key written as the tag, the usual spelling, is found by plain comparison.)
                guard !lowered.allSatisfy({ tag in keys.contains(tag) || keys.contains { Self.key($0, lowercasesTo: tag) } }) else { continue }
                let missing = zip(locales, lowered).filter { _, tag in !keys.contains { Self.key($0, lowercasesTo: tag) } }.map(\.0)
                guard !missing.isEmpty else { continue }
                // A key that is another spelling of a missing locale (`iw` for `he`,
                // `zh-TW` for `zh-Hant-TW`): its text is never read for the locale.
                // And every key no locale reads that is likely a missing locale's text.
                let unread = Self.unreadKeys(keys, locales: locales)
                let misspelled = (missing.compactMap { locale in keys.first { LanguageAlias.sameLocale($0, locale) }.map { (locale, $0) } }
                    + Self.strayKeys(unread, missing: missing))
                    .enumerated().sorted { a, b in
                        let (i, j) = (missing.firstIndex(of: a.element.0) ?? 0, missing.firstIndex(of: b.element.0) ?? 0)
                        return i != j ? i < j : a.offset < b.offset
                    }.map(\.element)
                // A key no locale reads whose locale cannot be guessed is named too when it
                // is no language's code (`sp`): its text is exported for no locale. (A text
                // in a language the project does not ship, `fr`, is left alone.)
                let unguessed = unread.filter { key in
                    !misspelled.contains { $0.1 == key } && !LikelySubtags.isKnownLanguage(key)
                }
                let open = missing.filter { m in !misspelled.contains { $0.0 == m } }
                // One such key and one locale it may be: that locale; else the choice.
                let unguessedText = unguessed.map { key in
                    "; its text under '\(key)' is not read for any locale of the project; "
                        + (open.count == 1 && unguessed.count == 1 ? "if it is the \(open[0]) text, write the key as \(open[0])"
                            : "write the key as the locale it is for" + (open.count > 1 ? " (" + open.dropLast().joined(separator: ", ") + " or " + open.last! + "), or remove it" : ", or remove it"))
                }.joined()
                // A taxonomy label no locale of its chain has, nor the source language: the
                // exports show the tag itself there, which the reader is told.
                let itself = document.kind == ContentFields.taxonomy ? Self.labelledWithTag(missing, keys: keys, locales: locales) : []
                let itselfText = itself.isEmpty ? ""
                    : "; until then the exports show the tag itself as its label for \(Text.list(itself)) (a label is taken from the locale's CLDR fallback chain, from another variant of the locale's language or from the source language, \(locales[0]), never from another language)"
                sink.report(field) {
                    "\($0) has no text for \(Text.list(missing)) (the project's locales are \(locales.joined(separator: ", "))); "
                        + (misspelled.isEmpty ? "add the translation" + (missing.count > 1 ? "s" : "") + unguessedText
                            : misspelled.map { locale, key in
                                LanguageAlias.sameLocale(key, locale)
                                    ? "its text under '\(key)' is not read for \(locale): \(LanguageAlias.reason(key, locale)); write the key as \(locale)"
                                    : "its text under '\(key)' is not read for any locale of the project; if it is the \(locale) text, write the key as \(locale)"
                            }.joined(separator: "; ")
                            + (missing.contains { m in !misspelled.contains { $0.0 == m } }
                                ? "; add the translation for " + Text.list(missing.filter { m in !misspelled.contains { $0.0 == m } }) : "")
                            + unguessedText)
                        + itselfText
                }
            default:
                continue
            }
        }
        return sink.diagnostics
    }

    /// Of the keys no locale of the project reads (``unreadKeys(_:locales:)``), those that
    /// are likely the text of a missing locale, each with that locale: one of its language
    /// (`es-MX` or `es-ES` for es-419, `sr-Latn-RS` for sr-Latn), the one the key's CLDR
    /// chain reaches first when several are missing; or, when one locale is missing and one
    /// key is stray, that key (`sp`, a country's code written for Spanish). Their texts are
    /// exported for no locale. In the order of `stray`.
    static func strayKeys(_ stray: [String], missing: [String]) -> [(String, String)] {
        /// A tag's language, a former code as the code that replaced it (`iw-IL` is Hebrew).
        func language(_ tag: String) -> String {
            LanguageAlias.canonical(tag)?.language ?? (tag.split(separator: "-").first.map { $0.lowercased() } ?? "")
        }
        var found: [(String, String)] = []
        for key in stray {
            let same = missing.filter { language($0) == language(key) }
            let chain = LocaleFallback.chain(for: key).map { $0.lowercased() }
            if let locale = chain.lazy.compactMap({ tag in same.first { $0.lowercased() == tag } }).first ?? same.first {
                found.append((locale, key))
            }
        }
        if found.isEmpty, missing.count == 1, stray.count == 1 { return [(missing[0], stray[0])] }
        return found
    }

    /// Of the `missing` locales of a taxonomy label whose languages are `keys`, those that
    /// no key serves: none is in the locale's CLDR chain or in the source language's (the
    /// first of `locales`), nor is another variant of its language (`pt-PT` for `pt-BR`),
    /// where the exports look a label up. Every export shows the tag itself there, never a
    /// label of another language.
    static func labelledWithTag(_ missing: [String], keys: [String], locales: [String]) -> [String] {
        let source = LocaleFallback.chain(for: locales[0]).map { $0.lowercased() }
        return missing.filter { locale in
            let chain = LocaleFallback.chain(for: locale).map { $0.lowercased() } + source
            return !keys.contains { key in chain.contains { Self.key(key, lowercasesTo: $0) } || LocaleFallback.sameLanguage(key, locale) }
        }
    }

    /// The keys no locale of the project reads: not a locale, nor an ancestor one falls
    /// back to, nor another spelling of a locale. In the order of `keys`.
    static func unreadKeys(_ keys: [String], locales: [String]) -> [String] {
        let read = Set(locales.flatMap { LocaleFallback.chain(for: $0).map { $0.lowercased() } })
        return keys.filter { key in
            !read.contains(key.lowercased()) && !locales.contains { LanguageAlias.sameLocale(key, $0) }
        }
    }

    /// True when the object at `node` has a key for each of `tags` (lower-case, at most 64)
    /// that is the tag in ASCII letters of either case, and no value that is an object
    /// (plural forms, which are checked). False says nothing: the text is then checked key
    /// by key as strings (an escaped key, a key that lower-cases to a tag only outside
    /// ASCII).
    static func hasEveryTag(_ json: JSONDocument, _ node: Int, tags: [[UInt8]]) -> Bool {
        guard !tags.isEmpty else { return false }
        var found: UInt64 = 0
        for (key, value) in json.members(node) {
            if json.kind(value) == .object || json.hasEscapes(key) { return false }
            let raw = json.rawStringBytes(key)
            json.bytes.withUnsafeBufferPointer { bytes in
                for (i, tag) in tags.enumerated() where tag.count == raw.count && found & (1 << UInt64(i)) == 0 {
                    var same = true
                    for (j, t) in tag.enumerated() {
                        let b = bytes[raw.lowerBound + j]
                        if (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b) != t {
                            same = false
                            break
                        }
                    }
                    if same { found |= 1 << UInt64(i) }
                }
            }
        }
        return found == (tags.count == 64 ? ~0 : (1 << UInt64(tags.count)) - 1)
    }

    /// Reports the plural categories `locale` uses that the value at `node` (of a text with
    /// plural forms) lacks: a form missing or blank, or every form but `other` for a plain
    /// string. (A missing `other` is `plural-forms`'s error.)
    static func checkForms(_ node: Int, in text: Int? = nil, locale: String, json: JSONDocument, sink: inout DiagnosticSink) {
        var given: Set<PluralCategory> = [.other]
        let isString = json.kind(node) == .string
        if !isString {
            guard json.kind(node) == .object else { return }
            for (key, value) in json.members(node) {
                guard let category = json.string(key).flatMap(PluralCategory.init(rawValue:)), let text = json.string(value), !VisibleText.isBlank(text) else { continue }
                given.insert(category)
            }
        }
        let missing = PluralRules.categories(for: locale).filter { !given.contains($0) }
        guard !missing.isEmpty else { return }
        let names = missing.map { "`\($0.rawValue)`" }
        let counts: String
        if missing.count == 1 {
            counts = Text.list(examples(of: missing[0], in: locale).map(String.init))
        } else {
            counts = Text.list(missing.map { category in examples(of: category, in: locale).first.map { "\($0) (\(category.rawValue))" } ?? "fractions (\(category.rawValue))" })
        }
        let uses = counts.isEmpty ? "which \(locale) uses for fractions" : "which \(locale) uses for counts such as \(counts)"
        if isString {
            sink.report(node, in: text) {
                "\($0) is one string in a text with plural forms, and \(locale) also has \(Text.list(names)) forms (CLDR), \(uses); every export shows this string for those counts; write it as plural forms"
            }
        } else {
            sink.report(node, in: text) {
                "\($0) has no \(Text.list(names)) form\(missing.count > 1 ? "s" : ""), \(uses) (CLDR); every export shows its `other` form for those counts; add the form\(missing.count > 1 ? "s" : "")"
            }
        }
    }

    /// Up to three counts of `category` in `locale` (nothing for a category only fractions
    /// take, such as Czech `many`).
    static func examples(of category: PluralCategory, in locale: String) -> [Int] {
        var found: [Int] = []
        for n in Array(0...1000) + [1_000_000] where PluralRules.category(of: n, in: locale) == category {
            found.append(n)
            if found.count == 3 { break }
        }
        return found
    }
}

/// The text fields of a document, shared with the other rules that check texts.
extension LocaleCompleteRule: TextFieldRule {
    public var textFields: TextFieldSet { .localized }
}
