import LarderCore
import LarderJSON

/// `xcstrings`: one Apple String Catalog holding every locale.
///
/// Keys are the stable keys (`recipe.negroni.name`, `recipe.negroni.steps.2`), each with
/// `extractionState: manual` (the strings come from content, not from code, so Xcode must
/// not mark them stale) and a comment naming the field. A value filled in from another
/// language (or a plural form filled from `other`) is marked `needs_review`; plural texts
/// become `variations.plural` with exactly the categories each locale uses. The file is
/// written as Xcode writes it (two-space indent, `" : "`, sorted keys, no final line
/// break), so Xcode re-saving it changes nothing and a one-word change in the content is a
/// one-line diff.
///
///     exports:
///       - xcstrings: { out: dist/ios/Content.xcstrings }
///
/// `out` is the catalog's path (its folder is the output folder, its name the file's) or a
/// folder (the file is then `Content.xcstrings`). Option `comments: false` leaves comments
/// out.
public struct XCStringsExporter: BundleExporter {
    public let id = "xcstrings"
    public let summary = "One Apple String Catalog (.xcstrings) with every locale, stable keys, Xcode's own layout."
    public let optionNames = ["comments"]

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
        let comments = try run.options.bool("comments", default: true)
        let file = Self.split(try run.options.string("out") ?? "Content.xcstrings").file
        // Written straight to bytes in Xcode's layout (keys sorted by code point, as
        // XcodeJSON writes objects): building a JSONValue tree of every string first cost
        // more than everything else in a 10,000-recipe build.
        // Locales are resolved in the project's order (the notes list them so) and written
        // in code-point order.
        let locales = run.locales.map { (tag: $0, name: canonical($0)) }
        let written = locales.indices.sorted { locales[$0].name.unicodeScalars.lexicographicallyPrecedes(locales[$1].name.unicodeScalars) }
        let keys = Self.codePointOrder(run.catalog.entries)
        var out: [UInt8] = []
        // About 240 bytes per text and locale in the bench corpus: reserving a little more
        // spares copying a buffer of a gigabyte when it would double (pages never written
        // cost no memory).
        out.reserveCapacity(run.catalog.entries.count * (200 + 320 * max(1, locales.count)))
        func line(_ depth: Int, _ text: String) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: 2 * depth))
            out.append(contentsOf: text.utf8)
        }
        func key(_ depth: Int, _ name: String) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: 2 * depth))
            XcodeJSON.writeString(name, into: &out)
            out.append(contentsOf: " : ".utf8)
        }
        func unit(_ depth: Int, state: String, value: String) {
            out.append(contentsOf: "{".utf8)
            key(depth + 1, "stringUnit")
            out.append(contentsOf: "{".utf8)
            key(depth + 2, "state")
            XcodeJSON.writeString(state, into: &out)
            out.append(0x2C)
            key(depth + 2, "value")
            XcodeJSON.writeString(value, into: &out)
            line(depth + 1, "}")
            line(depth, "}")
        }
        out.append(contentsOf: "{".utf8)
        key(1, "sourceLanguage")
        XcodeJSON.writeString(canonical(run.sourceLocale), into: &out)
        out.append(0x2C)
        key(1, "strings")
        out.append(contentsOf: "{".utf8)
        var wroteString = false
        for (index, keyBytes) in keys {
            let entry = run.catalog.entries[index]
            let found = locales.map { run.resolution(entry, for: $0.tag) }
            let resolved = written.compactMap { i in found[i].map { (locales[i].name, $0) } }
            guard !resolved.isEmpty else { continue }
            if wroteString { out.append(0x2C) }
            wroteString = true
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: 4))
            XcodeJSON.writeString(String(decoding: keyBytes, as: UTF8.self), into: &out)
            out.append(contentsOf: " : {".utf8)
            if comments {
                key(3, "comment")
                XcodeJSON.writeString(Self.comment(for: entry), into: &out)
                out.append(0x2C)
            }
            key(3, "extractionState")
            out.append(contentsOf: "\"manual\",".utf8)
            if comments {
                key(3, "isCommentAutoGenerated")
                out.append(contentsOf: "true,".utf8)
            }
            key(3, "localizations")
            out.append(contentsOf: "{".utf8)
            for (i, (name, r)) in resolved.enumerated() {
                if i > 0 { out.append(0x2C) }
                key(4, name)
                let state = r.fill == .exact ? "translated" : "needs_review"
                switch r.value {
                case .text(let s):
                    unit(4, state: state, value: s)
                case .plural(let forms):
                    out.append(contentsOf: "{".utf8)
                    key(5, "variations")
                    out.append(contentsOf: "{".utf8)
                    key(6, "plural")
                    out.append(contentsOf: "{".utf8)
                    let sorted = forms.sorted { $0.key.rawValue.unicodeScalars.lexicographicallyPrecedes($1.key.rawValue.unicodeScalars) }
                    for (j, (category, s)) in sorted.enumerated() {
                        if j > 0 { out.append(0x2C) }
                        key(7, category.rawValue)
                        unit(7, state: r.filledCategories.contains(category) ? "needs_review" : state, value: s)
                    }
                    line(6, "}")
                    line(5, "}")
                    line(4, "}")
                }
            }
            line(3, "}")
            line(2, "}")
        }
        if wroteString { line(1, "}") } else { out.append(contentsOf: "}".utf8) }
        out.append(0x2C)
        key(1, "version")
        out.append(contentsOf: "\"1.0\"".utf8)
        line(0, "}")
        return run.result([try artifact(file, out)])
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
        let text: String
        if entry.isTaxonomy {
            text = "Label of the tag '\(entry.pointer[0])'"
        } else {
            let field = entry.pointer.joined(separator: " ")
            text = "\(entry.key.kind.prefix(1).uppercased() + entry.key.kind.dropFirst()) '\(entry.key.id)': \(field)"
        }
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }
}
