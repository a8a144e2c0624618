import Foundation
import LarderCore
import LarderJSON

/// `placeholders`: every translation of a text has the placeholders of the source
/// language's text, of the same types: `%@`, `%d`, `%1$@`, `%.1f` (printf, as Apple's
/// `String(format:)`, Android's `getString` and gettext fill them in) and `{{name}}`
/// (i18next).
///
/// A translation with `%d` where the source has `%@` crashes the app, or prints garbage,
/// when it fills the text in; one that drops a placeholder loses the number it was for.
/// A plural form other than `other` may leave the number out (`"one": "one glass"`) but
/// may not add or change a placeholder. `%%` is a literal percent sign, and so is a `%`
/// before a space (`"100% daily"`); a text whose source has no placeholder is not a format
/// string, and its `%` and braces are prose.
public struct PlaceholdersRule: ConfigurableRule {
    public let id = "placeholders"
    public let summary = "Every translation of a text has the source language's placeholders (%@, %1$d, {{name}}), of the same types."
    public let defaultSeverity = Severity.error
    public var details: String? {
        """
        The app fills placeholders in at run time: `String(format:)` on Apple platforms, \
        `getString` and `getQuantityString` on Android, `ngettext` with gettext, `t()` with \
        i18next. A translation whose placeholders differ from the source language's text \
        crashes the app or shows garbage in that language only, so it is found by a user, \
        not by the team. Each translation is compared with the source language's text \
        (its `other` form for plural forms): printf directives by argument (`%@ and %@` and \
        `%2$@ y %1$@` agree), with their types (`%@` an object, `%d` `%i` `%u` `%x` an \
        integer, `%ld` `%lld` `%zd` a long one, `%f` `%e` `%g` a floating-point number, `%s` \
        a string, Java's `%b` a boolean; flags such as `%,d` and `%-5.2f` are fine), and \
        `{{name}}` placeholders by name. An argument taken as two types in one text \
        (`%1$@ … %1$d`) is reported too, in the source language's text (a plain string \
        included, also in a project of one language) as in a translation, and so is a \
        text that mixes numbered and unnumbered directives (`%1$@ has %d`): printf leaves \
        it undefined which argument the unnumbered one reads. The `other` \
        form of a plural text has every placeholder; another form may leave one out \
        (`"one": "one glass"`) but not add one. `%%` is a percent sign, and so is a `%` \
        followed by a space ("100% daily"); a text whose source has no printf directive \
        (or no `{{name}}`) is not a format string, so its `%` and braces are prose \
        ("25%ABV") and not compared.

        Checked: the fields `locale-complete` checks (or `fields: [...]`).
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("fields", .pointers, "the localized text fields to check, as JSON Pointers (`*` for every element); replaces the built-in fields", default: "the fields of the built-in kind"),
            RuleOption("pointers", .pointers, "the same as `fields`", aliasOf: "fields"),
        ]
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "negroni", "name": "Negroni", "description": {"en": "Serves %d, in %.1f minutes.", "es": "Para %d, en %.1f minutos."}}"#,
                    kind: "recipe", options: ["locales": ["en", "es"]]),
            .passes(#"{"id": "negroni", "name": "Negroni", "description": {"en": "%1$@ with %2$@", "es": "%2$@ con %1$@, 100% clásico"}}"#,
                    kind: "recipe", options: ["locales": ["en", "es"]]),
            .passes(#"{"id": "gold", "title": {"en": {"one": "Win a game", "other": "Win %d games"}, "pt": {"one": "Vença um jogo", "many": "Vença %d jogos", "other": "Vença %d jogos"}}}"#,
                    kind: "achievement", options: ["locales": ["en", "pt"], "fields": ["/title"]]),
            .triggers(#"{"id": "negroni", "name": "Negroni", "description": {"en": "Serves %d.", "es": "Para %@."}}"#,
                      at: "/description/es", kind: "recipe", options: ["locales": ["en", "es"]]),
            .triggers(#"{"id": "negroni", "name": "Negroni", "description": {"en": "Ready in %d minutes.", "es": "Listo enseguida."}}"#,
                      at: "/description/es", kind: "recipe", options: ["locales": ["en", "es"]]),
            .triggers(#"{"id": "negroni", "name": "Negroni", "description": {"en": "Serves %1$@, ready in %1$d minutes.", "es": "Para %1$@."}}"#,
                      at: "/description/en", kind: "recipe", options: ["locales": ["en", "es"]]),
            .triggers(#"{"id": "negroni", "name": "Negroni", "description": {"en": "%1$@ serves %d.", "es": "%1$@ para %d."}}"#,
                      at: "/description/en", "/description/es", kind: "recipe", options: ["locales": ["en", "es"]]),
            .triggers(#"{"id": "gold", "title": {"en": "Welcome, {{name}}!", "vi": "Chào mừng, {{user}}!"}}"#,
                      at: "/title/vi", kind: "achievement", options: ["locales": ["en", "vi"], "fields": ["/title"]]),
            .triggers(#"{"id": "gold", "title": {"en": {"one": "Win a game", "other": "Win %d games"}, "pt": {"one": "Vença %@ jogo", "other": "Vença %d jogos"}}}"#,
                      at: "/title/pt", kind: "achievement", options: ["locales": ["en", "pt"], "fields": ["/title"]]),
        ]
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        let locales = options.locales
        guard let source = locales.first?.lowercased(), applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        // Most documents hold no placeholder anywhere: one scan of their bytes says so.
        guard Self.documentMayHold(json, document.node) else { return [] }
        let fields = ContentFields.selected(options, in: document, builtIn: ContentFields.localizedTexts, prepared: context.prepared)
        var sink = DiagnosticSink(document: document, context: context)
        for field in fields where json.kind(field) == .object || json.kind(field) == .string {
            // Most texts hold no `%` and no `{`: they are passed over on their bytes alone.
            guard Self.mayHold(json, field) else { continue }
            if json.kind(field) == .string {
                // A plain string is the source language's text: nothing to compare it with,
                // but an argument it takes as two types is wrong in itself.
                report(conflicts: Placeholders(json.string(field) ?? ""), at: field, sink: &sink)
                continue
            }
            if Self.isPluralForms(json, field) {
                // Plural forms alone: the source language's; each form against `other`.
                check(forms: field, against: nil, language: locales[0], json: json, sink: &sink)
                continue
            }
            var reference: (node: Int, tag: String)?
            for (key, value) in json.members(field) {
                guard let tag = json.string(key), LocaleCompleteRule.key(tag, lowercasesTo: source) else { continue }
                reference = (value, tag)
                break
            }
            // Without the source language's text there is nothing to compare with
            // (`locale-complete` reports the missing text).
            guard let reference else { continue }
            let expected: Placeholders
            switch json.kind(reference.node) {
            case .string:
                expected = Placeholders(json.string(reference.node) ?? "")
                report(conflicts: expected, at: reference.node, in: field, sink: &sink)
            case .object where Self.isPluralForms(json, reference.node):
                check(forms: reference.node, in: field, against: nil, language: reference.tag, json: json, sink: &sink)
                guard let other = Self.form("other", of: reference.node, json) else { continue }
                expected = Placeholders(other)
            default:
                continue
            }
            for (key, value) in json.members(field) where value != reference.node {
                guard let tag = json.string(key) else { continue }
                switch json.kind(value) {
                case .string:
                    guard let text = json.string(value) else { continue }
                    let problems = expected.problems(in: Placeholders(text), formsMayOmit: false, source: reference.tag)
                    guard !problems.isEmpty else { continue }
                    sink.report(value, in: field) { "\($0) " + Text.list(problems) + Self.advice }
                case .object where Self.isPluralForms(json, value):
                    check(forms: value, in: field, against: expected, language: tag, json: json, sink: &sink, source: reference.tag)
                default:
                    continue
                }
            }
        }
        return sink.diagnostics
    }

    static let advice = "; a translation must have the placeholders of the source text, or the app crashes or shows garbage when it fills them in"

    /// Reports the arguments the source language's text at `node` takes as two types
    /// (`%1$@ … %1$d`), which no translation can put right.
    private func report(conflicts placeholders: Placeholders, at node: Int, in text: Int? = nil, form: String? = nil, sink: inout DiagnosticSink) {
        let prefix = form.map { " in its `\($0)` form" } ?? ""
        if let mixed = placeholders.mixed { sink.report(node, in: text) { "\($0)\(prefix) " + mixed } }
        guard !placeholders.conflicts.isEmpty else { return }
        sink.report(node, in: text) { "\($0)\(prefix) " + Text.list(placeholders.conflicts) + Self.conflictAdvice }
    }

    static let conflictAdvice = "; an argument is passed as one value, so the app crashes or shows garbage when it reads it as another type"

    /// Checks each plural form at `node` (in the language map `text`, or the field itself)
    /// against `expected` (the source text's), or, for the source language's own forms,
    /// against their `other` form. A translation's `other` form must have every
    /// placeholder; any other form may leave one out.
    private func check(forms node: Int, in text: Int? = nil, against expected: Placeholders?, language: String, json: JSONDocument, sink: inout DiagnosticSink,
                       source: String? = nil) {
        let reference: Placeholders
        if let expected {
            reference = expected
        } else {
            guard let other = Self.form("other", of: node, json) else { return }
            reference = Placeholders(other)
            // The source language's `other` form is the one the others are compared with:
            // its own conflicts are reported on their own.
            report(conflicts: reference, at: node, in: text, form: "other", sink: &sink)
        }
        var problems: [String] = []
        for (key, value) in json.members(node) {
            guard let category = json.string(key), let text = json.string(value), expected != nil || category != "other" else { continue }
            // Only the `other` form must have them all: `one` may say "one glass".
            let found = reference.problems(in: Placeholders(text), formsMayOmit: category != "other", source: source ?? "\(language) `other` form")
            problems += found.map { "in its `\(category)` form \($0)" }
        }
        guard !problems.isEmpty else { return }
        sink.report(node, in: text) { "\($0) " + Text.list(problems) + (expected == nil ? Self.formsAdvice : Self.advice) }
    }

    static let formsAdvice = "; each plural form must use the `other` form's placeholders, with the same types"

    /// False when the bytes of the value at `node` hold no `%`, no `{{` (which JSON's own
    /// syntax never writes: only a string can) and no `\u` escape (which could spell
    /// either).
    static func documentMayHold(_ json: JSONDocument, _ node: Int) -> Bool {
        let range = json.byteRange(node)
        return json.bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let start = buffer.baseAddress, !range.isEmpty else { return false }
            let base = start + range.lowerBound
            let count = range.count
            if memchr(base, 0x25, count) != nil { return true }
            for (byte, next) in [(UInt8(ascii: "{"), UInt8(ascii: "{")), (UInt8(ascii: "\\"), UInt8(ascii: "u"))] {
                var offset = 0
                while offset < count, let hit = memchr(base + offset, Int32(byte), count - offset) {
                    let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                    if at + 1 < count && base[at + 1] == next { return true }
                    offset = at + 1
                }
            }
            return false
        }
    }

    /// False when no string under `node` has a `%` or a `{` (read from the raw bytes; an
    /// escaped string is decoded).
    static func mayHold(_ json: JSONDocument, _ node: Int) -> Bool {
        switch json.kind(node) {
        case .string:
            if json.hasEscapes(node) { return json.string(node).map { $0.utf8.contains { $0 == 0x25 || $0 == 0x7B } } ?? false }
            return json.bytes[json.rawStringBytes(node)].contains { $0 == 0x25 || $0 == 0x7B }
        case .object:
            return json.members(node).contains { mayHold(json, $0.1) }
        default:
            return false
        }
    }

    /// True when every key of the object at `node` is a plural category and one is `other`.
    static func isPluralForms(_ json: JSONDocument, _ node: Int) -> Bool {
        var other = false
        for (key, _) in json.members(node) {
            guard let k = json.string(key), PluralCategoryName.all.contains(k) else { return false }
            if k == "other" { other = true }
        }
        return other
    }

    static func form(_ name: String, of node: Int, _ json: JSONDocument) -> String? {
        for (key, value) in json.members(node) where json.string(key) == name { return json.string(value) }
        return nil
    }
}

/// CLDR's plural categories, as content writes them.
enum PluralCategoryName {
    static let all: Set<String> = ["zero", "one", "two", "few", "many", "other"]
}

/// The placeholders of a text: printf directives by argument number, and `{{name}}` ones.
struct Placeholders: Equatable {
    /// One printf directive: as written (`%1$@`), and what it takes.
    struct Directive: Equatable {
        var spelling: String
        var type: String
    }

    /// Argument number (from 1) -> the first directive that takes it.
    private(set) var arguments: [Int: Directive] = [:]
    /// The names of `{{name}}` placeholders (`{{- name}}` and `{{name, format}}` too).
    private(set) var names: Set<String> = []
    /// An argument taken as two types in this text (`%1$@ … %1$d`), for a message.
    private(set) var conflicts: [String] = []
    /// Numbered and unnumbered directives in one text (`%1$@ has %d`), for a message: C
    /// and Apple's formats leave it undefined which argument the unnumbered one reads.
    private(set) var mixed: String?

    /// Records the directive of argument `n`: the first one, and a conflict when a later
    /// one takes it as another type.
    private mutating func take(_ n: Int, _ directive: Directive) {
        guard let first = arguments[n] else {
            arguments[n] = directive
            return
        }
        if first.type != directive.type {
            conflicts.append("takes argument \(n) as \(first.spelling) (\(first.type)) and as \(directive.spelling) (\(directive.type))")
        }
    }

    init(_ text: String) {
        var next = 1
        let placeholders = Placeholder.scan(text)
        var numbered: String?, unnumbered: String?
        for placeholder in placeholders {
            guard case .printf(let position, _, _, let conversion) = placeholder.kind, conversion != "n" else { continue }
            if position != nil { numbered = numbered ?? placeholder.spelling } else { unnumbered = unnumbered ?? placeholder.spelling }
        }
        if let numbered, let unnumbered {
            mixed = "mixes numbered and unnumbered placeholders (\(numbered) and \(unnumbered)), and printf leaves it undefined which argument an unnumbered one reads once another is numbered (Apple's String(format:) and gettext may read the wrong one); number every placeholder"
        }
        for placeholder in placeholders {
            // Which argument an unnumbered directive of a mixed text reads is undefined: only
            // the numbered ones are compared.
            if mixed != nil, case .printf(nil, _, _, _) = placeholder.kind { continue }
            switch placeholder.kind {
            case .named(let name):
                names.insert(name)
            case .printf(_, _, _, "n"):
                continue  // Java's line separator takes no argument
            case .printf(let position, let stars, let length, let conversion):
                let directive = Directive(spelling: placeholder.spelling, type: Self.type(of: conversion, length: length))
                if let position {
                    take(position, directive)
                    continue
                }
                for _ in 0..<stars {
                    take(next, Directive(spelling: "*", type: "an integer"))
                    next += 1
                }
                take(next, directive)
                next += 1
            }
        }
    }

    /// What a conversion takes, for comparing two directives (`%d` and `%i` agree, `%d`
    /// and `%ld` do not: a long argument read as an int is cut).
    private static func type(of conversion: Unicode.Scalar, length: String) -> String {
        switch conversion {
        case "@": return "an object"
        case "d", "i", "u", "x", "X", "o", "D", "U", "O":
            // On 64-bit Apple and Android platforms `l`, `ll`, `q`, `z`, `j` and `t` are all
            // 64 bits: one type; a plain one is 32.
            if length.isEmpty { return "an integer" }
            return length.hasPrefix("h") ? "a short integer" : "a long integer"
        case "f", "F", "e", "E", "g", "G", "a", "A": return length == "L" ? "a long double" : "a floating-point number"
        case "c", "C": return "a character"
        case "s", "S": return "a string"
        case "b", "B": return "a boolean"
        case "h", "H": return "a hash code"
        default: return "a pointer"  // `p`
        }
    }

    /// What is wrong with `other` (a translation's placeholders) against these (the source
    /// text's), for a message: `has %@ for argument 1 where the en text has %d`. With
    /// `formsMayOmit`, a placeholder left out is not a problem (a plural form). A family
    /// the source text does not use (printf, `{{name}}`) is not compared: a `%` or braces in
    /// a text that is not a format string are prose ("25%ABV").
    func problems(in other: Placeholders, formsMayOmit: Bool, source: String) -> [String] {
        var found: [String] = []
        let sourceText = source.contains("`") ? "the \(source)" : "the \(source) text"
        if let mixed = other.mixed { found.append(mixed) }
        if !arguments.isEmpty {
            found += other.conflicts
            for (n, directive) in other.arguments.sorted(by: { $0.key < $1.key }) {
                guard let expected = arguments[n] else {
                    found.append("has \(directive.spelling) for argument \(n), which \(sourceText) does not have")
                    continue
                }
                if expected.type != directive.type {
                    found.append("has \(directive.spelling) (\(directive.type)) for argument \(n) where \(sourceText) has \(expected.spelling) (\(expected.type))")
                }
            }
            if !formsMayOmit {
                for (n, expected) in arguments.sorted(by: { $0.key < $1.key }) where other.arguments[n] == nil {
                    found.append("lacks \(expected.spelling) (argument \(n)), which \(sourceText) has")
                }
            }
        }
        if !names.isEmpty {
            for name in other.names.subtracting(names).sorted() {
                found.append("has {{\(name)}}, which \(sourceText) does not have")
            }
            if !formsMayOmit {
                for name in names.subtracting(other.names).sorted() {
                    found.append("lacks {{\(name)}}, which \(sourceText) has")
                }
            }
        }
        return found
    }
}

/// The text fields of a document, shared with the other rules that check texts.
extension PlaceholdersRule: TextFieldRule {
    public var textFields: TextFieldSet { .localized }
}
