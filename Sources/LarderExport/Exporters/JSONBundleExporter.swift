import LarderCore
import LarderJSON

/// `json-bundle`: plain per-locale JSON any client can read.
///
/// Writes `<locale>/<kind>.json` (the documents of a kind, every localized text resolved to
/// the locale's string, taxonomy tags turned into `{"tag", "label"}`), `<locale>/taxonomy.json`
/// (tag -> label) when the project has taxonomies, and `manifest.json` (Larder's version,
/// the locales, kinds, document counts, and the size and SHA-256 of every other file).
/// `Schemas/bundle.schema.json` describes these files. A text with no value in any language
/// (each empty or blank) is left out, as the string tables leave out its key, with a
/// warning at the text.
///
///     exports:
///       - json-bundle: { out: dist/json }
///
/// Options (besides `out`, `locales`, `fallback`, `texts`):
/// - `images`: copy referenced images into `images/` under content-hashed names and point
///   the documents at them (default false: references stay as written).
/// - `imageFields`: per kind of a team's own, pointers of image fields (`{achievement: [/icon]}`).
/// - `manifest`: write `manifest.json` (default true).
/// - `version`: the version written in the manifest (default: the running Larder's).
public struct JSONBundleExporter: BundleExporter {
    public let id = "json-bundle"
    public let summary = "Per-locale JSON: <locale>/<kind>.json with texts resolved and tags labelled, plus manifest.json with checksums."
    public let optionNames = ["images", "imageFields", "manifest", "version"]

    public init() {}

    public func exportWithDiagnostics(_ documents: [Document], context: ExportContext) throws -> ExportResult {
        var run = try ExportRun(self, documents, context)
        let copyImages = try run.options.bool("images", default: false)
        let writeManifest = try run.options.bool("manifest", default: true)
        let version = try run.options.string("version") ?? (context.toolVersion.isEmpty ? "unknown" : context.toolVersion)
        let images = copyImages
            ? try ImageBundle(catalog: run.catalog, context: context, fields: run.options.stringLists("imageFields"), exporter: id)
            : nil

        var artifacts: [Artifact] = []
        let writer = JSONWriter.pretty
        var counts: [String: Int] = [:]
        for doc in run.catalog.documents { counts[doc.kind, default: 0] += 1 }

        for locale in run.locales {
            let folder = SafeName.fileName(canonical(locale))
            for kind in run.catalog.kinds {
                // Each localized document goes straight to bytes: holding every localized
                // tree of a kind first cost more memory than the content itself.
                var array = writer.arrayWriter()
                for (index, doc) in run.catalog.documents.enumerated() where doc.kind == kind {
                    // Straight from the parsed file when no image is rewritten (see writeLocalized).
                    if images == nil, doc.kind != "product", let replacing = Self.replacements(doc, locale: locale, run: &run) {
                        array.append(doc.document.json, node: doc.document.node, replacing: replacing)
                        continue
                    }
                    var value = doc.value
                    if let images { value = images.rewrite(value, document: index, kind: kind, prefix: "images/") }
                    array.append(localize(value, doc, locale: locale, run: &run))
                }
                artifacts.append(try artifact("\(folder)/\(SafeName.fileName(kind)).json", array.finish()))
            }
            if !run.catalog.taxonomy.isEmpty {
                artifacts.append(try artifact("\(folder)/taxonomy.json", Self.taxonomyFile(locale, run: &run)))
            }
        }
        if let images { artifacts += try images.artifacts(folder: "images") }

        if writeManifest {
            let files = artifacts.sorted { $0.path < $1.path }.map { ($0.path, $0.bytes.count, SHA256.hex($0.bytes)) }
            artifacts.append(try artifact("manifest.json", Self.manifest(files: files, counts: counts, run: run, version: version)))
        }
        var result = run.result(artifacts)
        result.diagnostics = (result.diagnostics + Self.textsWithoutValue(run.catalog)).sorted()
        return result
    }

    /// Whether a text has no value in any language (each one empty or blank): no locale's
    /// fallback chain gives it one, so it is left out of the bundle, as the string tables
    /// leave out its key.
    static func hasNoValue(_ text: LocalizedText) -> Bool {
        text.values.allSatisfy { $0.value.isBlank }
    }

    /// A warning at each text that has no value in any language, which the bundle leaves out.
    static func textsWithoutValue(_ catalog: ContentCatalog) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for doc in catalog.documents {
            for (pointer, text) in doc.texts where hasNoValue(text) {
                let json = doc.document.json
                let node = json.node(at: pointer, from: doc.document.node) ?? doc.document.node
                let field = pointer.isEmpty ? "the document" : pointer.joined(separator: ".")
                let isElement = pointer.count > 1 && json.node(at: Array(pointer.dropLast()), from: doc.document.node).map { json.kind($0) == .array } == true
                out.append(Diagnostic(
                    ruleID: "json-bundle", severity: .warning,
                    message: "\(field) has no text in any language (each value is empty or blank), so json-bundle leaves it out of every locale's file"
                        + (isElement ? " (the list is one element shorter)" : "")
                        + ", as the string tables leave out its key; give it a text, or remove it",
                    file: doc.document.file, json: json, node: node))
            }
        }
        return out
    }

    /// `<locale>/taxonomy.json`: every tag's label in `locale`.
    static func taxonomyFile(_ locale: String, run: inout ExportRun) -> [UInt8] {
        var labels = JSONObject()
        for tag in run.catalog.taxonomy.keys.sorted() {
            if let label = run.label(tag, for: locale) { labels[tag] = .string(label) }
        }
        return JSONWriter.pretty.bytes(.object(labels))
    }

    /// `manifest.json` for `files` (path, size, SHA-256, sorted by path) and the documents
    /// counted per kind.
    static func manifest(files: [(path: String, bytes: Int, sha256: String)], counts: [String: Int], run: ExportRun, version: String) -> [UInt8] {
        var kinds = counts.keys.sorted()
        let documentKinds = kinds
        if !run.catalog.taxonomy.isEmpty { kinds.append("taxonomy") }
        var documentCounts = JSONObject()
        for kind in documentKinds { documentCounts[kind] = .number(JSONNumber(counts[kind] ?? 0)) }
        if !run.catalog.taxonomy.isEmpty { documentCounts["taxonomy"] = .number(JSONNumber(run.catalog.taxonomy.count)) }
        let list: [JSONValue] = files.map { f in
            ["path": .string(f.path), "bytes": .number(JSONNumber(f.bytes)), "sha256": .string(f.sha256)]
        }
        let manifest: JSONValue = [
            "format": "larder-json-bundle",
            "formatVersion": 1,
            "larderVersion": .string(version),
            "sourceLocale": .string(canonical(run.sourceLocale)),
            "locales": .array(run.locales.map { .string(canonical($0)) }),
            "kinds": .array(kinds.map { .string($0) }),
            "documents": .object(documentCounts),
            "files": .array(list),
        ]
        return JSONWriter.pretty.bytes(manifest)
    }

    /// Writes the document localized for `locale` (as ``localize(_:_:locale:run:)`` makes
    /// it) at `depth`, straight from its parsed file when it can: texts and tags become
    /// replaced nodes, and no tree of the document is built. Products (whose per-language
    /// pictures are picked from the localized tree) and a tag that is also a text take the
    /// tree.
    func writeLocalized(_ doc: ExportDocument, locale: String, run: inout ExportRun, depth: Int, nodes: Nodes? = nil, into out: inout [UInt8]) {
        let writer = JSONWriter.pretty
        if doc.kind != "product", let replacing = Self.replacements(doc, locale: locale, run: &run, nodes: nodes) {
            writer.write(doc.document.json, node: doc.document.node, depth: depth, replacing: replacing, into: &out)
        } else {
            writer.write(localize(doc.value, doc, locale: locale, run: &run), depth: depth, into: &out)
        }
    }

    /// Whether the text at `a` is removed before the one at `b`: a later element of a list
    /// before an earlier one, so that removing one moves no other still to be removed.
    static func removesFirst(_ a: [String], _ b: [String]) -> Bool {
        for (x, y) in zip(a, b) where x != y {
            if let i = Int(x), let j = Int(y) { return i > j }
            return x > y
        }
        return a.count > b.count
    }

    /// The nodes of a document's texts and tags in its parsed file (aligned with
    /// `texts` and `tags`; nil where a pointer names nothing), found once for every locale.
    struct Nodes: Sendable {
        var texts: [Int?]
        var tags: [Int?]

        init(_ doc: ExportDocument) {
            texts = doc.textNodes ?? doc.texts.map { doc.document.json.node(at: $0.pointer, from: doc.document.node) }
            tags = doc.tags.map { doc.document.json.node(at: $0, from: doc.document.node) }
        }
    }

    /// A document's file written once with holes at its texts and tags, filled in each
    /// locale: the streamed build writes a document in every locale at once, and the tape
    /// is then formatted once, not once per locale. The bytes are those of
    /// ``writeLocalized(_:locale:run:depth:nodes:into:)``.
    struct LocalizedTemplate {
        let template: JSONTemplate
        /// For each text and each tag of the document, its entry in `template.nodes`.
        let textSlots: [Int?]
        let tagSlots: [Int?]
        /// Each tag's string, aligned with `tagSlots`.
        let tags: [String?]

        /// Nil where ``writeLocalized(_:locale:run:depth:nodes:into:)`` may take the tree: a
        /// product, or a tag that is also a text.
        init?(_ doc: ExportDocument, nodes: Nodes, depth: Int) {
            guard doc.kind != "product" else { return nil }
            let json = doc.document.json
            let tags = nodes.tags.map { node in node.flatMap { json.string($0) } }
            let tagNodes = zip(nodes.tags, tags).map { node, tag in tag == nil ? nil : node }
            let template = JSONTemplate(.pretty, json, node: doc.document.node, depth: depth, holes: nodes.texts.compactMap { $0 } + tagNodes.compactMap { $0 })
            let textSlots = nodes.texts.map { $0.flatMap(template.slot) }
            let tagSlots = tagNodes.map { $0.flatMap(template.slot) }
            // A tag that is also a text: the tree path labels the resolved text.
            var isText = [Bool](repeating: false, count: template.nodes.count)
            for case let slot? in textSlots { isText[slot] = true }
            guard !tagSlots.contains(where: { $0.map { isText[$0] } ?? false }) else { return nil }
            (self.template, self.textSlots, self.tagSlots, self.tags) = (template, textSlots, tagSlots, tags)
        }

        /// The document localized for each of `locales`; with `texts` (a streamed document's
        /// texts as nodes), each text is the string of the file its value is.
        func write(_ doc: ExportDocument, locales: [String], run: inout ExportRun, copying texts: TextNodes? = nil) -> [[UInt8]] {
            var fills = [JSONTemplate.Fill](repeating: .keep, count: template.nodes.count)
            let plans = texts == nil ? [] : locales.map { run.catalog.resolver.plan(for: $0) }
            var index = 0
            // Each tag's object in the previous locale, and its label there: a tag's object
            // is made (and formatted) again only when its label changes (without a taxonomy,
            // never).
            var tagObjects: [(label: String?, fill: JSONTemplate.Fill)?] = Array(repeating: nil, count: tags.count)
            return locales.map { locale in
                for i in fills.indices { fills[i] = .keep }
                if let texts {
                    let plan = plans[index]
                    for (i, slot) in textSlots.enumerated() {
                        guard let slot, let pick = texts.pick(i, plan) else { continue }
                        fills[slot] = .stringNode(pick.node)
                    }
                    index += 1
                } else {
                    for ((pointer, text), slot) in zip(doc.texts, textSlots) {
                        guard let resolved = run.resolve(text, for: locale, in: doc.document, at: pointer), let slot else { continue }
                        if case .text(let s) = resolved { fills[slot] = .string(s) } else { fills[slot] = .value(resolved.json) }
                    }
                }
                for (i, (slot, tag)) in zip(tagSlots, tags).enumerated() {
                    guard let slot, let tag else { continue }
                    let label = run.catalog.taxonomy.isEmpty ? nil : run.label(tag, for: locale)
                    if let made = tagObjects[i], made.label == label {
                        fills[slot] = made.fill
                        continue
                    }
                    var object = JSONObject([("tag", .string(tag))])
                    if let label { object["label"] = .string(label) }
                    let value = JSONValue.object(object)
                    var fill = JSONTemplate.Fill.value(value)
                    if let depth = template.depth(of: slot) {
                        var bytes: [UInt8] = []
                        JSONWriter.pretty.write(value, depth: depth, into: &bytes)
                        fill = .formatted(value, bytes)
                    }
                    tagObjects[i] = (label, fill)
                    fills[slot] = fill
                }
                var out: [UInt8] = []
                // One locale's texts seldom take more bytes than the document has in the
                // file (every locale's): reserved so, the buffer is seldom grown.
                out.reserveCapacity(template.fixedByteCount + (texts == nil ? 64 * fills.count : doc.document.json.byteRange(doc.document.node).count))
                template.write(fills, into: &out)
                return out
            }
        }
    }

    /// The nodes of the document's texts and tags with their values in `locale`; nil when a
    /// tag is also a text (the tree path then labels the resolved text, as it always did)
    /// or a text has no value in any language (the tree path leaves it out).
    static func replacements(_ doc: ExportDocument, locale: String, run: inout ExportRun, nodes: Nodes? = nil) -> [Int: JSONValue]? {
        let json = doc.document.json
        let nodes = nodes ?? Nodes(doc)
        var replacing: [Int: JSONValue] = [:]
        replacing.reserveCapacity(doc.texts.count + doc.tags.count)
        for ((pointer, text), node) in zip(doc.texts, nodes.texts) {
            guard let node else { continue }
            // A text with no value in any language is left out: the tree path removes it.
            guard let resolved = run.resolve(text, for: locale, in: doc.document, at: pointer) else { return nil }
            replacing[node] = resolved.json
        }
        for node in nodes.tags {
            guard let node, let tag = json.string(node) else { continue }
            guard replacing[node] == nil else { return nil }
            var object = JSONObject([("tag", .string(tag))])
            if let label = run.label(tag, for: locale) { object["label"] = .string(label) }
            replacing[node] = .object(object)
        }
        return replacing
    }

    /// A document with its texts resolved for `locale`, its tags labelled and its
    /// per-language images picked. A text with no value in any language is left out (an
    /// element of a list: the list is one shorter), as the string tables leave out its key:
    /// its language map is no text for the app.
    func localize(_ value: JSONValue, _ doc: ExportDocument, locale: String, run: inout ExportRun) -> JSONValue {
        var value = value
        var valueless: [[String]] = []
        for (pointer, text) in doc.texts {
            guard let resolved = run.resolve(text, for: locale, in: doc.document, at: pointer) else {
                if Self.hasNoValue(text) { valueless.append(pointer) }
                continue
            }
            value.replace(pointer[...], with: resolved.json)
        }
        for pointer in doc.tags {
            guard let tag = value.at(pointer)?.stringValue else { continue }
            var object = JSONObject([("tag", .string(tag))])
            if let label = run.label(tag, for: locale) { object["label"] = .string(label) }
            value.replace(pointer[...], with: .object(object))
        }
        // Last, and a list's later elements first, so that no pointer moves before its turn.
        for pointer in valueless.sorted(by: Self.removesFirst) { value = value.removing(pointer[...]) }
        if doc.kind == "product" {
            for role in ["front", "ingredients", "nutrition"] {
                guard let map = value["images"]?[role]?.objectValue, map["src"] == nil, !map.isEmpty,
                    map.keys.allSatisfy(LanguageTag.isValid)
                else { continue }
                // Pick the picture through the locale's fallback chain, as for text.
                let order = run.catalog.resolver.lookupOrder(for: locale)
                let pick = order.lazy.compactMap { tag in map.first { canonical($0.0) == tag }?.1 }.first ?? map.values[0]
                value.replace(["images", role], with: pick)
            }
        }
        return value
    }
}
