import LarderCore
import LarderJSON

/// `i18next`: i18next JSON (format v4), `locales/<lng>/<ns>.json`, one namespace per kind.
///
/// Keys nest by the stable key without the kind: namespace `recipe` holds
/// `{"negroni": {"name": …, "steps": {"0": …}}}` (`t("recipe:negroni.name")`), and
/// namespace `taxonomy` nests a tag's language prefix: `{"en": {"milk": "Milk"}}`
/// (`t("taxonomy:en.milk")`). Plural texts become `key_one`, `key_other`, … with exactly the
/// suffixes `Intl.PluralRules` gives the locale.
///
/// i18next's own fallback differs from CLDR's (it tries `zh-Hant-TW`, `zh-Hant`, `zh`), so
/// besides the project's locales the bundle ships each one's CLDR ancestors of the same
/// language (`zh-Hant` for `zh-Hant-TW`, `pt` for `pt-BR`) filled from the nearest project
/// locale, and `zh-TW`, `zh-HK` and `zh-MO` (what browsers send) filled as Traditional
/// Chinese: a `zh-Hant-HK` or `zh-HK` user gets Traditional Chinese, never Simplified
/// (see ``targets(_:)``). Option `ancestors: false` turns that off.
///
/// i18next fills in `{{name}}` placeholders, not printf directives (`%d`, `%1$@`), which
/// content shared with Apple's formats, Android and gettext holds: it shows them as written.
/// By default texts are written as they are, with a warning per kind naming the first text
/// that holds one. Option `printf: sprintf` is for an app that formats them with
/// `i18next-sprintf-postprocessor` (sprintf-js): each such text is written in sprintf-js's
/// terms (``sprintfFormat(_:name:locale:)``), and no warning is given.
///
///     exports:
///       - i18next: { out: dist/i18next }
///       - i18next: { out: dist/web, printf: sprintf }
public struct I18nextExporter: BundleExporter {
    public let id = "i18next"
    public let summary = "i18next JSON v4: locales/<lng>/<kind>.json with CLDR plural suffixes; CLDR ancestors shipped explicitly."
    public let optionNames = ["ancestors", "printf"]

    /// Option `printf`: whether texts with printf directives are written for sprintf-js.
    static func formatsWithSprintf(_ run: ExportRun) throws(ExportError) -> Bool {
        try run.options.choice("printf", ["keep", "sprintf"], default: "keep") == "sprintf"
    }

    public init() {}

    /// A text's place in a namespace: its path of keys, its value, its entry (its stable
    /// key, its document and pointer) and, for a plural form, the form's category, whose
    /// suffix the last key has.
    typealias Leaf = (path: [String], value: String, entry: TextEntry, plural: PluralCategory?)

    /// Each folder to write, with the locale whose texts fill it and the locale whose plural
    /// rules it follows: the project's locales, then (option `ancestors`) each one's CLDR
    /// ancestors of its own language that are not project locales (none for a
    /// pseudo-locale), then the Traditional Chinese tags browsers send without a script.
    ///
    /// An ancestor takes the texts of the nearest project locale below it (`es` those of
    /// es-ES, not of es-MX, whose parent is es-419, whatever order `locales:` lists them in);
    /// of two as near, CLDR's default content for the ancestor (pt-BR's for `pt`, not
    /// pt-PT's, whose "%d ficheiro" was shown for 0 under `pt`'s rules; zh-Hant-TW's for
    /// `zh-Hant`, not zh-Hant-HK's), else, where it has none among them (`es-419` of es-MX
    /// and es-AR), the first in `locales:` order. An ancestor that is the default content of
    /// a project locale takes that locale's texts whatever is below it (`ca-ES`, of
    /// ca-ES-valencia's chain, is `ca`: a Catalan reader in Spain got Valencian). A chain stops at
    /// another language: CLDR gives Hinglish (`hi-Latn`) the parent en-IN, and an `en-IN`
    /// folder filled from it gave Hinglish to English readers.
    ///
    /// `zh-TW`, `zh-HK` and `zh-MO` are what browsers send for Traditional Chinese, and
    /// i18next looks them up as themselves, then as `zh` (Simplified). CLDR reads them as
    /// zh-Hant-TW, zh-Hant-HK and zh-Hant-MO: each gets a folder, filled as that tag's
    /// chain is, when the bundle has a Traditional folder for it to reach.
    static func targets(_ run: ExportRun) throws(ExportError) -> [(folder: String, textsOf: String, rulesOf: String)] {
        var targets: [(folder: String, textsOf: String, rulesOf: String)] = run.locales.map { (canonical($0), $0, $0) }
        guard try run.options.bool("ancestors", default: true) else { return targets }
        var taken = Set(run.locales.map(canonical))
        // Not a pseudo-locale's: `ar` holding ar-XB's texts would give them to Arabic readers.
        let real = run.locales.filter { PseudoLocale(tag: $0) == nil }
        let chains = real.map { LocaleFallback.chain(for: $0) }
        // The language of a tag, Norwegian Bokmål and Nynorsk as Norwegian (`no`, their
        // CLDR parent, which Norwegian browsers send).
        func language(_ tag: String) -> String {
            let code = (tag.split(separator: "-").first.map(String.init) ?? tag).lowercased()
            return code == "nb" || code == "nn" ? "no" : code
        }
        for (n, locale) in real.enumerated() {
            for ancestor in chains[n].dropFirst() {
                guard language(ancestor) == language(locale) else { break }
                guard taken.insert(ancestor).inserted else { continue }
                // The project locales below it, each with how far below.
                let below = real.indices.compactMap { i in
                    chains[i].firstIndex(of: ancestor).map { (distance: $0, locale: real[i]) }
                }
                let nearest = below.map(\.distance).min() ?? 0
                let closest = below.filter { $0.distance == nearest }.map(\.locale)
                // An ancestor that is the default content of a project locale (ca-ES of `ca`,
                // en-US of `en`) is that locale in other words: a reader asking for ca-ES
                // wants the Catalan texts, not those of ca-ES-valencia below it.
                let standsFor = real.first { LikelySubtags.isDefaultContent(ancestor, of: $0) }
                let texts = standsFor ?? closest.first { LikelySubtags.isDefaultContent($0, of: ancestor) } ?? closest.first ?? locale
                targets.append((ancestor, texts, ancestor))
            }
        }
        for alias in ["zh-TW", "zh-HK", "zh-MO"] where !taken.contains(alias) {
            guard let reached = LocaleFallback.chain(for: alias).dropFirst().first(where: taken.contains),
                let target = targets.first(where: { $0.folder == reached })
            else { continue }
            taken.insert(alias)
            targets.append((alias, target.textsOf, alias))
        }
        return targets
    }

    /// The leaves of `entries` (in key order) for a target, by namespace; `resolve` gives an
    /// entry's value in a locale.
    /// With `sprintf`, a text with a printf directive is written in sprintf-js's terms
    /// (``sprintfFormat(_:name:locale:)``), its literal `%` doubled.
    static func leaves(
        _ entries: some Sequence<TextEntry>, textsOf: String, rulesOf: String, resolver: LocaleResolver, sprintf: Bool = false,
        resolve: (TextEntry, String) -> TextValue?
    ) throws(ExportError) -> [String: [Leaf]] {
        var leaves: [String: [Leaf]] = [:]
        for entry in entries {
            // A folder no project locale exports (`pt` beside pt-BR, `zh-TW`) holds the text
            // of the project locale it stands for, as every other format gives it: never a
            // value the content writes under the folder's own tag, which no project locale
            // may read (a `zh-TW` key in a project of zh-Hant-TW; lint says so).
            guard var value = resolve(entry, textsOf) else { continue }
            if rulesOf != textsOf, case .plural = value {
                // The forms for the folder's plural rules, from the text as written: the
                // forms completed for `textsOf` were already taken by category name.
                value = resolver.value(entry, for: textsOf, pluralRulesOf: rulesOf) ?? value
            }
            let path = entry.isTaxonomy ? entry.key.id.split(separator: ":").map(String.init) : [entry.key.id] + entry.key.path
            if sprintf {
                let name = "\(entry.key.kind):\(path.joined(separator: "."))"
                switch value {
                case .text(let s) where Placeholder.hasPrintfDirective(s):
                    value = .text(try sprintfFormat(Placeholder.escapingLiteralPercents(s), name: name, locale: textsOf))
                case .plural(let forms) where forms.values.contains(where: Placeholder.hasPrintfDirective):
                    // Every form is formatted with the count: each has its `%` doubled.
                    var written: [PluralCategory: String] = [:]
                    for (category, s) in forms {
                        written[category] = try sprintfFormat(Placeholder.escapingLiteralPercents(s), name: name, locale: textsOf)
                    }
                    value = .plural(written)
                default: break
                }
            }
            switch value {
            case .text(let s):
                leaves[entry.key.kind, default: []].append((path, s, entry, nil))
            case .plural(let forms):
                for (category, s) in forms.sorted(by: { $0.key < $1.key }) {
                    var p = path
                    p[p.count - 1] += "_" + category.rawValue
                    leaves[entry.key.kind, default: []].append((p, s, entry, category))
                }
            }
        }
        return leaves
    }

    /// A namespace's file.
    static func path(folder: String, namespace: String) -> String {
        "locales/\(SafeName.fileName(folder))/\(SafeName.fileName(namespace)).json"
    }

    public func exportWithDiagnostics(_ documents: [Document], context: ExportContext) throws -> ExportResult {
        var run = try ExportRun(self, documents, context)
        let sprintf = try Self.formatsWithSprintf(run)
        var artifacts: [Artifact] = []
        let namespaces = run.catalog.kinds + (run.catalog.taxonomy.isEmpty ? [] : ["taxonomy"])
        for (folder, textsOf, rulesOf) in try Self.targets(run) {
            let leaves = try Self.leaves(run.catalog.entries, textsOf: textsOf, rulesOf: rulesOf, resolver: run.catalog.resolver, sprintf: sprintf) {
                entry, locale in run.resolve(entry, for: locale)
            }
            var trees: [String: JSONValue] = [:]
            for (ns, list) in leaves { trees[ns] = try Self.tree(list[...], depth: 0, place: run.catalog.place(of:)) }
            for ns in namespaces {
                let tree = trees[ns] ?? .object(JSONObject())
                artifacts.append(try artifact(Self.path(folder: folder, namespace: ns), JSONWriter.pretty.bytes(tree)))
            }
        }
        var result = run.result(artifacts)
        result.diagnostics = Self.warnings(run.catalog, sprintf: sprintf) + result.diagnostics
        return result
    }

    /// The first printf directive in any language of `text` (`%d`), if it holds one.
    static func printfDirective(_ text: LocalizedText) -> String? {
        for (_, value) in text.values {
            let strings: [String] = switch value {
            case .text(let s): [s]
            case .plural(let forms): forms.sorted { $0.key < $1.key }.map(\.value)
            }
            for s in strings where Placeholder.hasPrintfDirective(s) {
                for case let directive in Placeholder.scan(s) {
                    if case .printf = directive.kind { return directive.spelling }
                }
            }
        }
        return nil
    }

    /// What i18next reads otherwise than a text says, warned of once per kind, at the first
    /// text (in key order) it is about: a key with a `:`, a text holding `$t(`, a printf
    /// directive (not with `printf: sprintf`). In this order, the order of the warnings.
    enum Warning: CaseIterable, Sendable {
        case colon, nesting, printf
    }

    /// The warning `warning` gives of `entry` (of `document`), or nil when it is not about it.
    static func warning(_ warning: Warning, _ entry: TextEntry, in document: @autoclosure () -> Document) -> Diagnostic? {
        // Made only for a text warned of (every text of a stream is looked at).
        var key: String { entry.isTaxonomy ? entry.key.id : ([entry.key.id] + entry.key.path).joined(separator: ".") }
        let message: String
        switch warning {
        case .colon:
            // A taxonomy's tags nest at `:`, and are no keys with one.
            guard !entry.isTaxonomy, entry.key.id.contains(":") || entry.key.path.contains(where: { $0.contains(":") }) else { return nil }
            message = "the key '\(key)' has a ':', which i18next reads as the namespace separator: t('\(entry.key.kind):\(key)') does not find it; rename the id or field, or give i18next another nsSeparator"
        case .nesting:
            guard holdsNesting(entry.text) else { return nil }
            message = "the text of '\(key)' holds '$t(', which i18next reads as a nested translation: it shows the text of the key named in the brackets, not what is written; write it otherwise, or give i18next another nestingPrefix"
        case .printf:
            guard let directive = printfDirective(entry.text) else { return nil }
            message = "the text of '\(key)' holds the printf directive '\(directive)', which i18next shows as written (it fills in {{name}} placeholders): if the app formats texts with i18next-sprintf-postprocessor, give this export `printf: sprintf`; otherwise write the text with {{name}} placeholders"
        }
        // At the text itself (a taxonomy label: at its tag), as every export's warning about
        // a text is; the document's start put an editor's mark lines away in a long document.
        let document = document()
        return Diagnostic(ruleID: "i18next", severity: .warning, message: message, file: document.file, json: document.json,
                          node: ContentCatalog.node(of: entry, in: document))
    }

    /// The warnings of the catalog's texts: of each ``Warning`` (but `printf` with `sprintf`),
    /// one per kind, at its first text in key order.
    static func warnings(_ catalog: ContentCatalog, sprintf: Bool) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for kind in Warning.allCases where !(kind == .printf && sprintf) {
            var warned = Set<String>()
            for entry in catalog.entries where !warned.contains(entry.key.kind) {
                guard let found = warning(kind, entry, in: catalog.document(of: entry)) else { continue }
                warned.insert(entry.key.kind)
                out.append(found)
            }
        }
        return out
    }

    /// `text` (its literal `%` already doubled) with its printf directives in the terms of
    /// sprintf-js, which `i18next-sprintf-postprocessor` formats with:
    /// `%[n$][+][0][-][width][.precision]type`. Apple's `%@` and Java's `%S` are `%s`, `%D`
    /// and `%i` `%d`, `%U` `%u`, `%O` `%o`, `%F` `%f`, `%C` `%c`, Java's boolean `%b` is
    /// `%t`; length modifiers (`%ld`, `%zu`) are dropped, and `0` beside `-` too (C pads
    /// such a number with spaces, sprintf-js with zeros on the right). sprintf-js does not
    /// group digits: the grouping flags (C's `'`, Java's `,`) are dropped, and the number is
    /// shown as `1234`; nor does it upper-case an argument, as Java's `%S` and `%C` do (an
    /// Apple `%S` is a C string, and the same): they are `%s` and `%c`. A directive
    /// sprintf-js cannot format as C or Java would is an error naming the text: a `*` width
    /// or precision, a flag it lacks (`#`, `(`), a
    /// precision on a whole number or character (`%.3d`, which sprintf-js ignores), `%E`,
    /// `%G`, `%a`, `%A`, `%p`, `%n`, `%B`, `%h`, `%H` (sprintf-js throws on some, and writes
    /// others otherwise).
    static func sprintfFormat(_ text: String, name: String, locale: String) throws(ExportError) -> String {
        try PrintfRewrite.rewriting(text) { (d: PrintfParts) throws(ExportError) -> String in
            func refuse(_ why: String) -> ExportError {
                ExportError("the text of '\(name)' in \(locale) holds \(d.spelling), \(why); write the directive as sprintf-js takes it (%[n$][+][0][-][width][.precision] and one of s d i u x X o f e g c t), or give this export `printf: keep`")
            }
            let type: Unicode.Scalar? = switch d.conversion {
            case "@", "S", "s": "s"
            case "d", "D", "i": "d"
            case "u", "U": "u"
            case "x", "X", "o", "f", "e", "g", "c": d.conversion
            case "O": "o"
            case "F": "f"
            case "C": "c"
            case "b": "t"
            default: nil
            }
            guard let type else { throw refuse("which sprintf-js does not format as C or Java would") }
            if d.stars > 0 { throw refuse("whose * takes the width or precision from an argument, which sprintf-js does not do") }
            let flags = Set(d.flags)
            if let bad = flags.subtracting(["-", "+", "0", "'", ","]).sorted(by: { $0.value < $1.value }).first {
                throw refuse("whose flag '\(bad)' sprintf-js does not take")
            }
            if d.widthAndPrecision.contains("."), "duxXoc".unicodeScalars.contains(type) {
                throw refuse("a precision on \(type == "c" ? "a character" : "a whole number"), which sprintf-js ignores")
            }
            // sprintf-js's order: `+`, then the padding `0` (left out beside `-`), then `-`.
            var out = String.UnicodeScalarView(["%"])
            if let position = d.position { out.appendScalars("\(position)$".unicodeScalars) }
            if flags.contains("+") { out.append("+") }
            if flags.contains("0") && !flags.contains("-") { out.append("0") }
            if flags.contains("-") { out.append("-") }
            out.appendScalars(d.widthAndPrecision)
            out.append(type)
            return String(out)
        }
    }

    /// Whether a text holds `$t(`, which i18next reads as a nested translation.
    static func holdsNesting(_ text: LocalizedText) -> Bool {
        text.values.contains { _, value in
            switch value {
            case .text(let s): s.contains("$t(")
            case .plural(let forms): forms.values.contains { $0.contains("$t(") }
            }
        }
    }

    /// Nests leaves by their paths, keeping first-seen order; throws when a path is both a
    /// text and a group of texts, or the key of two texts (a plural form's suffixed key is a
    /// field's: `wins` with plural forms has `wins_one`). `place` gives where a text is in
    /// the content (`file:line:column`), for the message.
    /// - Complexity: O(n × depth).
    static func tree(_ leaves: ArraySlice<Leaf>, depth: Int, place: (TextEntry) -> String? = { _ in nil }) throws(ExportError) -> JSONValue {
        var order: [String] = []
        var groups: [String: [Leaf]] = [:]
        var texts: [String: Leaf] = [:]
        /// A text's key and, when known, its place: `'game.g1.wins' (games.json:1:20)`.
        func named(_ entry: TextEntry) -> String {
            "'\(entry.key)'" + (place(entry).map { " (\($0))" } ?? "")
        }
        /// The message for a text whose i18next key another text's key nests under.
        func clash(_ text: TextEntry, _ nested: TextEntry) -> ExportError {
            ExportError("i18next: \(named(text)) and \(named(nested)) cannot both be texts: i18next nests keys at '.' (and a taxonomy's tags at ':'), "
                + "so '\(([text.key.id] + text.key.path).joined(separator: "."))' would be a text and a group of texts at once; rename one of them")
        }
        /// The message for two texts with one i18next key: one of them (at least) a plural
        /// form, whose key has its CLDR category's suffix (`wins` -> `wins_one`).
        func sameKey(_ first: Leaf, _ second: Leaf) -> ExportError {
            guard first.plural != nil || second.plural != nil else { return clash(first.entry, second.entry) }
            func text(_ leaf: Leaf) -> String {
                guard let category = leaf.plural else { return "the text \(named(leaf.entry))" }
                return "the '\(category.rawValue)' form of the plural text \(named(leaf.entry))"
            }
            let key = first.entry.key.kind + ":" + first.path.joined(separator: ".")
            let suffixes = [first.plural, second.plural].compactMap { $0 }.map { "'_\($0.rawValue)'" }
            return ExportError("i18next: \(text(first)) and \(text(second)) have the same key '\(key)': i18next keys a plural form "
                + "with the CLDR category's suffix (\(suffixes.joined(separator: ", "))) after the text's key; rename one of them")
        }
        for leaf in leaves {
            let name = leaf.path[depth]
            if groups[name] == nil && texts[name] == nil { order.append(name) }
            if leaf.path.count == depth + 1 {
                if let text = texts[name] { throw sameKey(text, leaf) }
                if let nested = groups[name]?.first { throw clash(leaf.entry, nested.entry) }
                texts[name] = leaf
            } else {
                if let text = texts[name] { throw clash(text.entry, leaf.entry) }
                groups[name, default: []].append(leaf)
            }
        }
        var object = JSONObject()
        for name in order {
            if let text = texts[name] {
                object[name] = .string(text.value)
            } else {
                object[name] = try tree(groups[name]![...], depth: depth + 1, place: place)
            }
        }
        return .object(object)
    }
}
