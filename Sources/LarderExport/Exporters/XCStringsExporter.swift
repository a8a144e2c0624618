import LarderCore
import LarderJSON

/// `xcstrings`: one Apple String Catalog holding every locale.
///
/// Keys are the stable keys (`recipe.negroni.name`, `recipe.negroni.steps.2`), each with
/// `extractionState: manual` (the strings come from content, not from code, so Xcode must
/// not mark them stale) and a comment naming the field. A value filled in from another
/// language (or a plural form filled from `other`) is marked `needs_review`; plural texts
/// become `variations.plural` with the categories each locale uses, and a `zero` form
/// where the text gives one (shown for a count of 0 in any language). The file is
/// written as Xcode writes it (two-space indent, `" : "`, sorted keys, no final line
/// break), so Xcode re-saving it changes nothing and a one-word change in the content is a
/// one-line diff.
///
///     exports:
///       - xcstrings: { out: dist/ios/Content.xcstrings }
///
/// `out` is the catalog's path (its folder is the output folder, its name the file's) or a
/// folder (the file is then `Content.xcstrings`). Option `comments: false` leaves comments
/// out. The catalog always holds its source language, also when the option `locales`
/// leaves it out: Xcode shows a key without a value in the source language as the key
/// (`recipe.negroni.name`).
public struct XCStringsExporter: BundleExporter {
    public let id = "xcstrings"
    public let summary = "One Apple String Catalog (.xcstrings) with every locale, stable keys, Xcode's own layout."
    public let optionNames = ["comments"]
    /// One catalog holds every locale: `out: dist/ios/Content.xcstrings` names the file.
    public var writesOneFile: Bool { true }
    /// Xcode reads a String Catalog only by this extension.
    public var oneFileExtension: String? { "xcstrings" }

    public init() {}

    public func outputFolder(options: JSONValue) throws -> String {
        let o = try ExporterOptions(options, exporter: id, known: optionNames)
        let out = try o.string("out") ?? "dist/ios/Content.xcstrings"
        return Self.split(out).folder
    }

    /// `dist/ios/Content.xcstrings` -> (`dist/ios`, `Content.xcstrings`); a folder keeps the
    /// default file name.
    static func split(_ out: String) -> (folder: String, file: String) {
        var trimmed = out
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard trimmed.lowercased().hasSuffix(".xcstrings") else { return (trimmed, "Content.xcstrings") }
        guard let slash = trimmed.lastIndex(of: "/") else { return ("", trimmed) }
        return (String(trimmed[..<slash]), String(trimmed[trimmed.index(after: slash)...]))
    }

    public func exportWithDiagnostics(_ documents: [Document], context: ExportContext) throws -> ExportResult {
        var run = try ExportRun(self, documents, context)
        let layout = try Layout(run: run)
        // Written straight to bytes in Xcode's layout (keys sorted by code point, as
        // XcodeJSON writes objects): building a JSONValue tree of every string first cost
        // more than everything else in a 10,000-recipe build.
        let keys = Self.codePointOrder(run.catalog.entries)
        var out = layout.header
        var wroteString = false
        for (index, keyBytes) in keys {
            let entry = run.catalog.entries[index]
            let found = layout.locales.map { run.resolution(entry, for: $0.tag) }
            if wroteString, found.contains(where: { $0 != nil }) { out.append(0x2C) }
            wroteString = layout.write(entry, key: keyBytes[...], found: found, into: &out) || wroteString
        }
        out += Layout.footer(wroteString: wroteString)
        var result = run.result([try artifact(layout.file, out)])
        if !wroteString { result.diagnostics.insert(Self.emptyCatalogWarning(layout.file, first: documents.first), at: 0) }
        return result
    }

    /// A catalog with no string: Xcode opens it, but the published String Catalog schema
    /// wants at least one, and it most often means the content or its texts were not found.
    /// Placed at the first document, if there is one, else at the top of larder.yml.
    static func emptyCatalogWarning(_ file: String, first: Document?) -> Diagnostic {
        let message = "the String Catalog \(file) holds no string: no document of the content has a text the export reads (check the content entries' include, or the export's texts option)"
        guard let first else {
            return Diagnostic(ruleID: "xcstrings", severity: .warning, message: message, file: "larder.yml", start: SourcePosition(line: 1, column: 1))
        }
        return Diagnostic(ruleID: "xcstrings", severity: .warning, message: message, file: first.file, json: first.json, node: first.node)
    }

    /// How the catalog is written: the parts shared by the whole-content export and the
    /// stream.
    struct Layout: Sendable {
        var comments: Bool
        /// The file's name.
        var file: String
        /// Locales are resolved in the project's order (the notes list them so) and written
        /// in code-point order (`written`: indices into `locales`).
        var locales: [(tag: String, name: String)]
        var written: [Int]
        var sourceLocale: String
        /// The fixed parts of an entry, each locale's key line among them.
        var fixed: Fixed

        init(run: ExportRun) throws(ExportError) {
            comments = try run.options.bool("comments", default: true)
            file = XCStringsExporter.split(try run.options.string("out") ?? "Content.xcstrings").file
            // The catalog names its source language, and Xcode shows a key that has no value
            // in it as the key itself: the source is written whatever the `locales` option
            // leaves out (as android's `values/` is).
            let locales = run.localesWithSource.map { (tag: $0, name: canonical($0)) }
            self.locales = locales
            written = locales.indices.sorted { locales[$0].name.unicodeScalars.lexicographicallyPrecedes(locales[$1].name.unicodeScalars) }
            sourceLocale = canonical(run.sourceLocale)
            fixed = Fixed(localeKeys: locales.map { locale in
                var out: [UInt8] = []
                Self.key(4, locale.name, &out)
                return out
            })
        }

        /// Everything before the first string.
        var header: [UInt8] {
            var out: [UInt8] = []
            out.append(contentsOf: "{".utf8)
            Self.key(1, "sourceLanguage", &out)
            XcodeJSON.writeString(sourceLocale, into: &out)
            out.append(0x2C)
            Self.key(1, "strings", &out)
            out.append(contentsOf: "{".utf8)
            return out
        }

        /// Everything after the last string.
        static func footer(wroteString: Bool) -> [UInt8] {
            var out: [UInt8] = []
            if wroteString { line(1, "}", &out) } else { out.append(contentsOf: "}".utf8) }
            out.append(0x2C)
            key(1, "version", &out)
            out.append(contentsOf: "\"1.0\"".utf8)
            line(0, "}", &out)
            return out
        }

        static func line(_ depth: Int, _ text: String, _ out: inout [UInt8]) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: 2 * depth))
            out.append(contentsOf: text.utf8)
        }

        static func key(_ depth: Int, _ name: String, _ out: inout [UInt8]) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: 2 * depth))
            XcodeJSON.writeString(name, into: &out)
            out.append(contentsOf: " : ".utf8)
        }

        static func unit(_ depth: Int, state: String, value: String, _ out: inout [UInt8]) {
            out.append(contentsOf: "{".utf8)
            key(depth + 1, "stringUnit", &out)
            out.append(contentsOf: "{".utf8)
            key(depth + 2, "state", &out)
            XcodeJSON.writeString(state, into: &out)
            out.append(0x2C)
            key(depth + 2, "value", &out)
            XcodeJSON.writeString(value, into: &out)
            line(depth + 1, "}", &out)
            line(depth, "}", &out)
        }

        /// The fixed parts of a string's entry, as bytes, in one buffer that `write` borrows
        /// once per entry (a build writes millions of entries; a constant array per part
        /// cost a reference count per part).
        struct Fixed: Sendable {
            var bytes: [UInt8] = []
            var keyIndent = 0..<0, open = 0..<0, comment = 0..<0, extraction = 0..<0, autoGenerated = 0..<0
            var localizations = 0..<0, translated = 0..<0, needsReview = 0..<0, unitEnd = 0..<0, entryEnd = 0..<0
            /// Each locale's key line (`"pt-BR" : `), aligned with ``Layout/locales``.
            var localeKeys: [Range<Int>] = []

            init(localeKeys keys: [[UInt8]]) {
                func add(_ part: some Collection<UInt8>) -> Range<Int> {
                    bytes.append(contentsOf: part)
                    return bytes.count - part.count..<bytes.count
                }
                keyIndent = add("\n    ".utf8)
                open = add(" : {".utf8)
                comment = add("\n      \"comment\" : ".utf8)
                extraction = add("\n      \"extractionState\" : \"manual\",".utf8)
                autoGenerated = add("\n      \"isCommentAutoGenerated\" : true,".utf8)
                localizations = add("\n      \"localizations\" : {".utf8)
                translated = add("{\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : ".utf8)
                needsReview = add("{\n          \"stringUnit\" : {\n            \"state\" : \"needs_review\",\n            \"value\" : ".utf8)
                unitEnd = add("\n          }\n        }".utf8)
                entryEnd = add("\n      }\n    }".utf8)
                localeKeys = keys.map { add($0) }
            }
        }

        /// Writes one string (`"key" : { … }`, without a comma before it) with its value in
        /// each locale (`found`, aligned with ``locales``); false, and nothing written, when
        /// no locale has a value. `commentPrefix`: see ``appendComment(for:prefix:to:)``.
        func write(
            _ entry: TextEntry, key keyBytes: ArraySlice<UInt8>, found: [LocaleResolver.Resolution?], commentPrefix: [UInt8]? = nil, into out: inout [UInt8]
        ) -> Bool {
            guard found.contains(where: { $0 != nil }) else { return false }
            open(key: keyBytes, comment: { XCStringsExporter.appendComment(for: entry, prefix: commentPrefix, to: &$0) }, into: &out)
            return fixed.bytes.withUnsafeBufferPointer { table in
                func put(_ range: Range<Int>) { out.append(contentsOf: UnsafeBufferPointer(rebasing: table[range])) }
                var first = true
                for i in written {
                    guard let r = found[i] else { continue }
                    if !first { out.append(0x2C) }
                    first = false
                    put(fixed.localeKeys[i])
                    switch r.value {
                    case .text(let s):
                        // The common case, written from constants: the same bytes as `unit(4, …)`.
                        put(r.fill == .exact ? fixed.translated : fixed.needsReview)
                        XcodeJSON.writeString(Placeholder.formatText(s), into: &out)
                        put(fixed.unitEnd)
                    case .plural(let forms):
                        let state = r.fill == .exact ? "translated" : "needs_review"
                        out.append(contentsOf: "{".utf8)
                        Self.key(5, "variations", &out)
                        out.append(contentsOf: "{".utf8)
                        Self.key(6, "plural", &out)
                        out.append(contentsOf: "{".utf8)
                        let sorted = forms.sorted { $0.key.rawValue.unicodeScalars.lexicographicallyPrecedes($1.key.rawValue.unicodeScalars) }
                        for (j, (category, s)) in sorted.enumerated() {
                            if j > 0 { out.append(0x2C) }
                            Self.key(7, category.rawValue, &out)
                            // A plural form is formatted with the count: a literal % is %%.
                            Self.unit(7, state: r.filledCategories.contains(category) ? "needs_review" : state,
                                      value: Placeholder.escapingLiteralPercents(s), &out)
                        }
                        Self.line(6, "}", &out)
                        Self.line(5, "}", &out)
                        Self.line(4, "}", &out)
                    }
                }
                put(fixed.entryEnd)
                return true
            }
        }

        /// Everything of a string's entry before its first locale: the key, the comment
        /// (`comment` appends its text, unescaped), up to `"localizations" : {`.
        private func open(key keyBytes: ArraySlice<UInt8>, comment: (inout [UInt8]) -> Void, into out: inout [UInt8]) {
            fixed.bytes.withUnsafeBufferPointer { table in
                func put(_ range: Range<Int>) { out.append(contentsOf: UnsafeBufferPointer(rebasing: table[range])) }
                put(fixed.keyIndent)
                XcodeJSON.writeString(utf8: keyBytes, into: &out)
                put(fixed.open)
                if comments {
                    put(fixed.comment)
                    let start = out.count
                    out.append(0x22)
                    comment(&out)
                    if out[(start + 1)...].contains(where: { $0 == 0x22 || $0 == 0x5C }) {
                        // A quote or backslash in an id or field: written again with escapes.
                        let comment = Array(out[(start + 1)...])
                        out.removeSubrange(start...)
                        XcodeJSON.writeString(utf8: comment, into: &out)
                    } else {
                        out.append(0x22)
                    }
                    out.append(0x2C)
                }
                put(fixed.extraction)
                if comments { put(fixed.autoGenerated) }
                put(fixed.localizations)
            }
        }

        /// ``write(_:key:found:commentPrefix:into:)`` for a text kept as nodes of `json`
        /// (``TextNodes``): `picks`, aligned with ``locales``, are the nodes of its strings
        /// and whether each is the locale's own; at least one is not nil.
        func write(
            key keyBytes: ArraySlice<UInt8>, comment: (inout [UInt8]) -> Void, picks: [(node: Int, exact: Bool)?], in json: JSONDocument,
            into out: inout [UInt8]
        ) {
            open(key: keyBytes, comment: comment, into: &out)
            fixed.bytes.withUnsafeBufferPointer { table in
                func put(_ range: Range<Int>) { out.append(contentsOf: UnsafeBufferPointer(rebasing: table[range])) }
                var first = true
                for i in written {
                    guard let pick = picks[i] else { continue }
                    if !first { out.append(0x2C) }
                    first = false
                    put(fixed.localeKeys[i])
                    put(pick.exact ? fixed.translated : fixed.needsReview)
                    XcodeJSON.writeFormatText(node: pick.node, of: json, into: &out)
                    put(fixed.unitEnd)
                }
                put(fixed.entryEnd)
            }
        }
    }

    /// The entries' indices and key bytes in code-point order (Xcode's order of keys).
    ///
    /// Sorting 1.5 million keys (100,000 recipes) one against another took seconds. The
    /// catalog already groups each document's texts, and every key of a document starts with
    /// `kind.id.` (ids hold no `.`), so the groups are sorted by that prefix and each group by
    /// the rest. A final pass checks the order and falls back to a full sort if a kind's name
    /// broke the assumption.
    static func codePointOrder(_ entries: [TextEntry]) -> [(index: Int, key: [UInt8])] {
        var groups: [(prefix: [UInt8], members: [(index: Int, key: [UInt8])])] = []
        var current = -1
        for (index, entry) in entries.enumerated() {
            let key = Array(entry.key.description.utf8)
            if entry.isTaxonomy || entry.key.path.isEmpty {
                groups.append((key, [(index, key)]))
                current = -1
                continue
            }
            if entry.document != current {
                groups.append((Array("\(entry.key.kind).\(entry.key.id).".utf8), []))
                current = entry.document
            }
            groups[groups.count - 1].members.append((index, key))
        }
        groups.sort { $0.prefix.lexicographicallyPrecedes($1.prefix) }
        var order: [(index: Int, key: [UInt8])] = []
        order.reserveCapacity(entries.count)
        for group in groups {
            order += group.members.count < 2 ? group.members : group.members.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        }
        for i in order.indices.dropFirst() where !order[i - 1].key.lexicographicallyPrecedes(order[i].key) {
            return order.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        }
        return order
    }

    /// "Recipe 'negroni': steps 2" — what a translator sees beside the text (one line:
    /// control characters become spaces).
    static func comment(for entry: TextEntry) -> String {
        var out: [UInt8] = []
        appendComment(for: entry, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the bytes of ``comment(for:)`` (a string per text of every document: written
    /// straight to bytes). `prefix` is the entry's ``commentPrefix(kind:id:)``, when the
    /// caller made it once for all the texts of a document.
    static func appendComment(for entry: TextEntry, prefix: [UInt8]? = nil, to out: inout [UInt8]) {
        guard entry.isTaxonomy else {
            return appendComment(pointer: entry.pointer, prefix: prefix ?? commentPrefix(kind: entry.key.kind, id: entry.key.id), to: &out)
        }
        let start = out.count
        out.append(contentsOf: "Label of the tag '".utf8)
        out.append(contentsOf: entry.pointer[0].utf8)
        out.append(0x27)
        // Control characters are ASCII: no byte of a multi-byte character is one.
        for i in start..<out.count where out[i] < 0x20 || out[i] == 0x7F { out[i] = 0x20 }
    }

    /// The comment of a document's text at `pointer`: `prefix` (``commentPrefix(kind:id:)``)
    /// and the pointer's tokens, separated by spaces.
    static func appendComment(pointer: [String], prefix: [UInt8], to out: inout [UInt8]) {
        out.append(contentsOf: prefix)
        let start = out.count
        for (i, token) in pointer.enumerated() {
            if i > 0 { out.append(0x20) }
            out.append(contentsOf: token.utf8)
        }
        // Control characters are ASCII: no byte of a multi-byte character is one.
        for i in start..<out.count where out[i] < 0x20 || out[i] == 0x7F { out[i] = 0x20 }
    }

    /// "Recipe 'negroni': ", the start of the comment of each text of a document (control
    /// characters made spaces).
    static func commentPrefix(kind: String, id: String) -> [UInt8] {
        var out: [UInt8] = []
        // An ASCII first character upper-cases by its byte, unless a combining mark (not
        // ASCII) follows it: the whole character is then upper-cased as a String.
        if let first = kind.utf8.first, first < 0x80, kind.utf8.dropFirst().first.map({ $0 < 0x80 }) ?? true {
            out.append(contentsOf: kind.utf8)
            if first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") { out[0] = first - 0x20 }
        } else {
            out.append(contentsOf: (kind.prefix(1).uppercased() + kind.dropFirst()).utf8)
        }
        out.append(contentsOf: " '".utf8)
        out.append(contentsOf: id.utf8)
        out.append(contentsOf: "': ".utf8)
        for i in out.indices where out[i] < 0x20 || out[i] == 0x7F { out[i] = 0x20 }
        return out
    }
}
