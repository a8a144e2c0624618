import LarderCore
import LarderJSON

// The streamed form of every built-in exporter but `images` (whose stream is in
// ImagesExporter.swift; see StreamingExporter in
// LarderCore): the same bytes as their whole-content export, written document by document.

extension BundleExporter {
    /// Taxonomies give the labels of every other document's tags: they come first.
    public func leadingKinds(context: ExportContext) -> Set<String> {
        ["taxonomy"]
    }

    /// What a stream starts from: the options and a catalog of the leading documents (the
    /// taxonomies) alone. A stream makes no notes about filled-in translations: the build
    /// does not report them.
    func streamBase(context: ExportContext, leading: [Document]) throws -> StreamBase? {
        // A stream cannot report the translations it fills in, which `fallback` asks for.
        guard !Self.reportsFills(context.options) else { return nil }
        var context = context
        context.wantsDiagnostics = false
        let options = try ExporterOptions(context.options, exporter: id, known: optionNames)
        let fields = try KindFields(context: context, options: options)
        context.prepared = try ContentCatalog(documents: leading, locales: ExportRun.projectLocales(context), fields: fields)
        let run = try ExportRun(self, leading, context)
        return StreamBase(run: run, fields: fields, preparationKey: try preparationKey(context: context))
    }
}

/// What every built-in stream starts from and keeps: its run (options, locales, the leading
/// documents' catalog), the kinds' text and id fields, its preparation key, and the checks
/// on ids made as the documents pass.
struct StreamBase: Sendable {
    let run: ExportRun
    let fields: KindFields
    private(set) var preparationKey: String
    var check = StreamedIDCheck()
    /// Whether the stream takes documents whose texts are kept as nodes (``TextNodes``):
    /// it writes each text as the file has it.
    private(set) var copiesTexts = false

    init(run: ExportRun, fields: KindFields, preparationKey: String) {
        (self.run, self.fields, self.preparationKey) = (run, fields, preparationKey)
    }

    /// This base for a stream that writes texts only as the file has them (json-bundle,
    /// the String Catalog), when none of its locales is a pseudo-locale (whose texts are
    /// made over): such streams share documents whose texts are kept as nodes.
    func copyingTexts() -> StreamBase {
        let resolver = run.catalog.resolver
        guard run.locales.allSatisfy({ resolver.plan(for: $0).pseudo == nil }) else { return self }
        var base = self
        base.copiesTexts = true
        base.preparationKey += " texts-as-nodes"
        return base
    }
}

/// A stream over the documents as the content catalog sees them (every built-in stream):
/// streams with one preparation key share the view.
protocol CatalogStream: ExportStream where Prepared == StreamedDocument {
    var base: StreamBase { get set }
}

extension CatalogStream {
    var run: ExportRun { base.run }
    var preparationKey: String { base.preparationKey }

    func prepare(_ document: Document) throws -> StreamedDocument {
        if base.copiesTexts, let made = try StreamedDocument(copyingTexts: document, run: base.run, fields: base.fields) { return made }
        return try StreamedDocument(document, run: base.run, fields: base.fields)
    }

    var writesOneFile: Bool { false }
}

/// One document as the streams see it: its export view and the keys of its texts.
///
/// A class: the streams that share a preparation each take it out of the build's
/// `any Sendable`, which copied a struct's every part (a retain and a release of each, for
/// every document and stream).
final class StreamedDocument: Sendable {
    let export: ExportDocument
    /// The id as a key segment (`recipe.<keyID>.name`).
    let keyID: String
    /// Each text's key, aligned with `export.texts`, and as UTF-8 bytes.
    let keys: [StringKey]
    let keyBytes: KeyBytes
    /// The indices of ``keys`` in the code-point order of their bytes (Xcode's).
    let order: [Int]
    /// A key used twice within the document, if any.
    let repeatedKey: String?
    /// What the consuming side of every stream needs of the document (made once here).
    let identity: StreamedIdentity
    /// The texts as nodes of the file, for streams that copy them (``StreamBase/copiesTexts``);
    /// the texts of ``export`` then hold no values (``TextNodes/unread``), only pointers.
    let nodes: TextNodes?

    /// The view of `document`; throws ``ExportStreamFallback`` for a document without an id
    /// (named by its position among its kind's documents, known only to the whole-content
    /// export) and for a kind with a `.` in its name (whose keys could interleave with
    /// another kind's).
    convenience init(_ document: Document, run: ExportRun, fields: KindFields) throws {
        let kind = document.kind ?? "document"
        guard !kind.utf8.contains(UInt8(ascii: ".")) else { throw ExportStreamFallback("the kind '\(kind)' has a '.' in its name") }
        guard let export = try ContentCatalog.exportDocument(document, kind: kind, locales: run.catalog.resolver.locales, fields: fields)
        else { throw ExportStreamFallback("a \(kind) document of \(document.file) has no id") }
        try self.init(export: export, kind: kind)
    }

    /// The view of `document` with its texts kept as nodes (``TextNodes``); nil when a text
    /// has another shape, or where ``init(_:run:fields:)`` would have more to say (no id, a
    /// text at the root, a tag that is also a text).
    convenience init?(copyingTexts document: Document, run: ExportRun, fields: KindFields) throws {
        let kind = document.kind ?? "document"
        let json = document.json
        let locales = run.catalog.resolver.locales
        guard !kind.utf8.contains(UInt8(ascii: ".")),
            let found = fields.finder(kind: kind, locales: locales).findNodes(in: json, node: document.node),
            !found.pointers.contains(where: { $0.isEmpty }),
            let id = try ContentCatalog.namedID(document, kind: kind, fields: fields)
                ?? DocumentID.node(in: json, at: document.node, kind: kind).flatMap({ ContentCatalog.idText(json, $0) })
        else { return nil }
        if !found.tags.isEmpty {
            let texts = Set(found.nodes)
            guard !found.tags.contains(where: { json.node(at: $0, from: document.node).map(texts.contains) ?? false }) else { return nil }
        }
        let export = ExportDocument(document: document, kind: kind, id: id, fileID: SafeName.fileName(id),
                                    texts: found.pointers.map { ($0, TextNodes.unread) }, tags: found.tags, textNodes: found.nodes)
        try self.init(export: export, kind: kind, nodes: TextNodes(json, texts: found.nodes, sourceLocale: locales.first ?? "en"))
    }

    /// The keys of `export`'s texts and the document's identity.
    private init(export: ExportDocument, kind: String, nodes: TextNodes? = nil) throws {
        self.nodes = nodes
        self.export = export
        // A text at the document's root has the key `kind.id`, which sorts among other
        // documents' keys (`card.x` < `card.x-1.title` < `card.x.title`): the strings of a
        // document are then not one group.
        guard !export.texts.contains(where: { $0.pointer.isEmpty }) else {
            throw ExportStreamFallback("a \(kind) document of \(export.document.file) is itself a text")
        }
        let keyID = SafeName.keySegment(export.id)
        self.keyID = keyID
        let keys = export.texts.map { StringKey(kind: kind, id: keyID, path: SafeName.keySegments($0.pointer)) }
        let prefix = Array("\(kind).\(keyID)".utf8)
        var keyBytes = KeyBytes()
        keyBytes.bytes.reserveCapacity(keys.count * (prefix.count + 24))
        keyBytes.ends.reserveCapacity(keys.count)
        for key in keys {
            keyBytes.bytes.append(contentsOf: prefix)
            for segment in key.path {
                keyBytes.bytes.append(0x2E)
                // A native string's bytes in one copy (appending the UTF-8 view went byte
                // by byte).
                if segment.utf8.withContiguousStorageIfAvailable({ keyBytes.bytes.append(contentsOf: $0) }) == nil {
                    keyBytes.bytes.append(contentsOf: segment.utf8)
                }
            }
            keyBytes.ends.append(keyBytes.bytes.count)
        }
        // Mostly in order already (the texts come sorted by StringKey, which differs only
        // for indices past 9): checked before sorting.
        let inOrder = keyBytes.indices.dropFirst().allSatisfy { Self.precedes(keyBytes[$0 - 1], keyBytes[$0]) }
        order = inOrder ? Array(keyBytes.indices) : keyBytes.indices.sorted { Self.precedes(keyBytes[$0], keyBytes[$1]) }
        var repeatedKey: String?
        for (a, b) in zip(order, order.dropFirst()) where keyBytes[a] == keyBytes[b] {
            repeatedKey = keys[a].description
            break
        }
        self.repeatedKey = repeatedKey
        self.keys = keys
        self.keyBytes = keyBytes
        identity = StreamedIdentity(export, keyID: keyID, repeatedKey: repeatedKey, firstKey: keys.first)
    }

    /// Code-point order of UTF-8 bytes (`lexicographicallyPrecedes`, on the arrays' storage).
    static func precedes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                for i in 0..<min(x.count, y.count) where x[i] != y[i] { return x[i] < y[i] }
                return x.count < y.count
            }
        }
    }

    /// The document's texts as catalog entries, in the order of their keys (`StringKey`'s,
    /// as the whole-content catalog has them).
    func entriesInKeyOrder() -> [TextEntry] {
        keys.indices.sorted { keys[$0] < keys[$1] }.map { i in
            TextEntry(key: keys[i], text: export.texts[i].text, document: 0, pointer: export.texts[i].pointer, isTaxonomy: false)
        }
    }
}

/// The UTF-8 bytes of a document's keys, in one buffer (one allocation per document, not
/// one per text).
struct KeyBytes: Sendable, Equatable {
    var bytes: [UInt8] = []
    /// Where each key ends in ``bytes`` (the next starts there).
    var ends: [Int] = []

    var indices: Range<Int> { ends.indices }

    subscript(i: Int) -> ArraySlice<UInt8> {
        bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
    }
}

/// What the consuming side needs of a document: its kind and names, and its keys' clashes
/// (so a fragment does not carry the document's tree to the task that writes).
struct StreamedIdentity: Sendable {
    var kind: String
    var id: String
    var fileID: String
    var keyID: String
    var file: String
    var repeatedKey: String?
    /// The first text's key (its text is made only when a key repeats).
    var firstKey: StringKey?

    init(_ export: ExportDocument, keyID: String, repeatedKey: String?, firstKey: StringKey?) {
        kind = export.kind
        id = export.id
        fileID = export.fileID
        self.keyID = keyID
        file = export.document.file
        self.repeatedKey = repeatedKey
        self.firstKey = firstKey
    }
}

/// The checks the content catalog makes when it is built whole (two documents of a kind
/// with one id; two texts with one key), made as the documents stream by.
struct StreamedIDCheck: Sendable {
    /// What is known of one kind's documents.
    private struct Kind: Sendable {
        var name: String
        /// File id -> the file of its first document (an index into `fileNames`).
        var files: [String: Int32] = [:]
        /// The key segments of the ids.
        var keyIDs = Set<String>()
        /// Hashes of the ids beyond ASCII, which Swift takes by canonical equivalence ("café"
        /// precomposed and with a combining accent hash alike, with two file ids). A hash met
        /// twice hands the build to the whole-content path, which compares the ids
        /// themselves (two ids that only share a hash build there).
        var texts = Set<Int>()
        /// The first repeated id, in content order.
        var repeatedID: String?
    }

    /// The kinds seen (a project has a handful: found by comparing names, not hashing).
    private var kinds: [Kind] = []
    /// The content files, each once (documents come file by file).
    private var fileNames: [String] = []
    private var repeatedKey: String?

    /// One hash of the file id and one of the key segment per document, and four bytes kept
    /// for its file: every stream of a build keeps one of these for every document.
    mutating func add(_ document: StreamedIdentity) {
        let k: Int
        if let found = kinds.firstIndex(where: { $0.name == document.kind }) {
            k = found
        } else {
            kinds.append(Kind(name: document.kind))
            k = kinds.count - 1
        }
        if fileNames.last != document.file { fileNames.append(document.file) }
        if let other = kinds[k].files.updateValue(Int32(fileNames.count - 1), forKey: document.fileID) {
            kinds[k].files[document.fileID] = other  // the first document's file is kept
            if kinds[k].repeatedID == nil {
                kinds[k].repeatedID = "two \(document.kind) documents have the id '\(document.id)' (in \(fileNames[Int(other)]) and \(document.file)); ids must be unique within a kind (the unique-id rule reports this)"
            }
            return
        }
        if document.id.utf8.contains(where: { $0 >= 0x80 }) && !kinds[k].texts.insert(document.id.hashValue).inserted {
            if kinds[k].repeatedID == nil {
                kinds[k].repeatedID = "two \(document.kind) documents have the id '\(document.id)', written in two Unicode forms"
            }
            return
        }
        let newKeyID = kinds[k].keyIDs.insert(document.keyID).inserted
        if repeatedKey == nil {
            if let key = document.repeatedKey {
                repeatedKey = key
            } else if !newKeyID, let key = document.firstKey {
                repeatedKey = key.description
            }
        }
    }

    /// The error the whole-content export gives for the same content: a repeated id (of the
    /// first kind in order) before a repeated key. A repeated id hands the build to the
    /// whole-content path (``ExportStreamFallback``), which names the line and column of
    /// both documents: a stream keeps only each id's file, and the case is rare (the
    /// `unique-id` rule, which reads the same id, reports it first when it is on).
    func failure() -> (any Error)? {
        if let first = kinds.filter({ $0.repeatedID != nil }).min(by: { $0.name < $1.name }), let message = first.repeatedID {
            return ExportStreamFallback(message)
        }
        if let key = repeatedKey { return ExportError("two texts have the key '\(key)'; rename one of the fields or ids") }
        return nil
    }
}

extension JSONBundleExporter: StreamingExporter {
    public func makeStream(context: ExportContext, leading: [Document]) throws -> (any ExportStream)? {
        guard let base = try streamBase(context: context, leading: leading) else { return nil }
        let run = base.run
        guard try outStreams(run) else { return nil }
        let images = try run.options.bool("images", default: false)
            ? StreamedImages(fields: try run.options.stringLists("imageFields"), folders: context.imageFolders, reader: context.files, exporter: id)
            : nil
        return Stream(
            // A document with images is written from its tree, its references rewritten, as
            // the whole-content export writes it: texts are read, not copied.
            exporter: self, base: images == nil ? base.copyingTexts() : base, folders: run.locales.map { SafeName.fileName(canonical($0)) },
            writeManifest: try run.options.bool("manifest", default: true),
            version: try run.options.string("version") ?? (context.toolVersion.isEmpty ? "unknown" : context.toolVersion),
            images: images)
    }

    /// What `images: true` needs: the image fields of the team's kinds, each kind's images
    /// folder and the project's reader; and, as documents come, their references.
    struct StreamedImages: Sendable {
        let fields: [String: [String]]
        let folders: [String: String]
        let reader: (any ProjectFileReader)?
        let exporter: String
        /// The documents with images, in content order: kind, id and each reference with
        /// the picture's SHA-256 or why it could not be read.
        var documents: [(kind: String, id: String, references: [Reference])] = []

        struct Reference: Sendable {
            var path: String
            var digest: Result<[UInt8], ExportError>
            /// The name the document was written with.
            var name: String
        }

        /// `value`'s references, each picture read and hashed, and `value` with each
        /// reference rewritten to `images/<bundled name>`.
        func references(_ value: inout JSONValue, kind: String, id: String) throws -> [Reference] {
            guard ImageBundle.mayReference(kind: kind, fields: fields) else { return [] }
            let found = ImageBundle.references(in: value, kind: kind, fields: fields[kind] ?? [])
            guard !found.isEmpty else { return [] }
            // The whole-content export fails then (the same error, from the same reference).
            guard let reader else { throw ImageBundle.noReader(exporter) }
            var out: [Reference] = []
            for (pointer, path) in found {
                let digest: Result<[UInt8], ExportError>
                do throws(ExportError) {
                    digest = .success(SHA256.hash(try ImageNamer.read(path, kind: kind, id: id, folder: folders[kind] ?? "", reader: reader, exporter: exporter)))
                } catch {
                    digest = .failure(error)
                }
                let name = (try? digest.get()).map { ImageBundle.bundledName(for: path, digest: $0) } ?? ""
                value.replace(pointer[...], with: .string("images/" + name))
                out.append(Reference(path: path, digest: digest, name: name))
            }
            return out
        }
    }

    struct Stream: CatalogStream {
        struct Fragment: Sendable {
            var document: StreamedIdentity
            /// The localized document in each locale, written as an element of the kind's
            /// array.
            var elements: [[UInt8]]
            /// With `images: true`, the document's image references.
            var images: [StreamedImages.Reference] = []
        }

        let exporter: JSONBundleExporter
        var base: StreamBase
        let folders: [String]
        let writeManifest: Bool
        let version: String
        var images: StreamedImages?
        /// Each kind met, with its documents so far and its file in each locale (a few
        /// kinds: found by comparing names, with no hashing per document).
        var kinds: [(name: String, count: Int, files: [ExportSink.File])] = []
        /// Each file's hash so far, by ``ExportSink/File/index``.
        var hashes: [SHA256?] = []
        var counts: [String: Int] { Dictionary(kinds.map { ($0.name, $0.count) }, uniquingKeysWith: +) }

        func render(_ streamed: StreamedDocument) throws -> Fragment {
            var run = self.run
            let nodes = JSONBundleExporter.Nodes(streamed.export)
            let template = JSONBundleExporter.LocalizedTemplate(streamed.export, nodes: nodes, depth: 1)
            // A text with no value in any language is left out with a warning, which only
            // the whole-content path gives (whichever locale's plan: none picks a value).
            let valueless: Bool
            if let texts = streamed.nodes, let locale = run.locales.first {
                let plan = run.catalog.resolver.plan(for: locale)
                valueless = streamed.export.texts.indices.contains { texts.pick($0, plan) == nil }
            } else {
                valueless = streamed.export.texts.contains { JSONBundleExporter.hasNoValue($0.text) }
            }
            if valueless { throw ExportStreamFallback("a text has no value in any language") }
            if let images {
                // Every document from its tree, as the whole-content export writes them
                // with `images: true`.
                var value = streamed.export.value
                let references = try images.references(&value, kind: streamed.export.kind, id: streamed.export.id)
                let elements = run.locales.map { locale in
                    var out: [UInt8] = []
                    JSONWriter.pretty.write(exporter.localize(value, streamed.export, locale: locale, run: &run), depth: 1, into: &out)
                    return out
                }
                return Fragment(document: streamed.identity, elements: elements, images: references)
            }
            if let texts = streamed.nodes {
                // A document prepared so has no tag that is a text: it has its template.
                guard let template else { throw ExportStreamFallback("a document's template could not be made") }
                return Fragment(document: streamed.identity, elements: template.write(streamed.export, locales: run.locales, run: &run, copying: texts))
            }
            let elements = template?.write(streamed.export, locales: run.locales, run: &run) ?? run.locales.map { locale in
                var out: [UInt8] = []
                exporter.writeLocalized(streamed.export, locale: locale, run: &run, depth: 1, nodes: nodes, into: &out)
                return out
            }
            return Fragment(document: streamed.identity, elements: elements)
        }

        mutating func append(_ bytes: [UInt8], to file: ExportSink.File, _ sink: inout ExportSink) throws {
            try sink.append(bytes, to: file)
            guard writeManifest else { return }
            while hashes.count <= file.index { hashes.append(nil) }
            if hashes[file.index] == nil { hashes[file.index] = SHA256() }
            hashes[file.index]!.update(bytes)
        }

        mutating func append(_ bytes: [UInt8], to path: String, _ sink: inout ExportSink) throws {
            try append(bytes, to: sink.file(path), &sink)
        }

        static let firstElement = Array("[\n  ".utf8)
        static let nextElement = Array(",\n  ".utf8)

        mutating func consume(_ fragment: Fragment, into sink: inout ExportSink) throws {
            base.check.add(fragment.document)
            if !fragment.images.isEmpty { images?.documents.append((fragment.document.kind, fragment.document.id, fragment.images)) }
            let kind = fragment.document.kind
            let k: Int
            if let found = kinds.lastIndex(where: { $0.name == kind }) {
                k = found
            } else {
                let name = SafeName.fileName(kind)
                kinds.append((kind, 0, try folders.map { try sink.file("\($0)/\(name).json") }))
                k = kinds.count - 1
            }
            let count = kinds[k].count
            kinds[k].count = count + 1
            for (file, element) in zip(kinds[k].files, fragment.elements) {
                try append(count == 0 ? Self.firstElement : Self.nextElement, to: file, &sink)
                try append(element, to: file, &sink)
            }
        }

        mutating func finish(into sink: inout ExportSink) throws {
            if let failure = base.check.failure() { throw failure }
            try copyImages(&sink)
            var run = self.run
            for (locale, folder) in zip(run.locales, folders) {
                for kind in counts.keys.sorted() {
                    try append(Array("\n]\n".utf8), to: "\(folder)/\(SafeName.fileName(kind)).json", &sink)
                }
                if !run.catalog.taxonomy.isEmpty {
                    try append(JSONBundleExporter.taxonomyFile(locale, run: &run), to: "\(folder)/taxonomy.json", &sink)
                }
            }
            guard writeManifest else { return }
            let files = try sink.paths.sorted().map { path in
                let file = try sink.file(path)
                return (path, sink.size(of: file), hashes.indices.contains(file.index) ? hashes[file.index].map { hex($0.finalize()) } ?? "" : "")
            }
            try sink.append(JSONBundleExporter.manifest(files: files, counts: counts, run: run, version: version), to: "manifest.json")
        }
    }
}

extension JSONBundleExporter.Stream {
    /// With `images: true`, names the references in the content catalog's order (by kind,
    /// then file, then position), as the whole-content export does, and copies each
    /// picture into `images/`, one at a time. A reference whose name there is not the one
    /// its document was written with (two names that differ only in case, one picture)
    /// hands the build to the whole-content path.
    mutating func copyImages(_ sink: inout ExportSink) throws {
        guard let images, !images.documents.isEmpty else { return }
        self.images?.documents = []
        let ordered = ImageNamer.catalogOrder(images.documents, kind: \.kind)
        var namer = ImageNamer()
        for document in ordered {
            for reference in document.references {
                if let known = namer.name(of: reference.path, kind: document.kind) {
                    guard known == reference.name else { throw ExportStreamFallback("two image names that differ only in case share a picture") }
                    continue
                }
                let (name, isNew) = namer.add(reference.path, kind: document.kind, digest: try reference.digest.get())
                guard name == reference.name else { throw ExportStreamFallback("two image names that differ only in case share a picture") }
                guard isNew, let reader = images.reader else { continue }
                let bytes = try ImageNamer.read(reference.path, kind: document.kind, id: document.id, folder: images.folders[document.kind] ?? "",
                                                reader: reader, exporter: images.exporter)
                try append(bytes, to: "images/" + name, &sink)
            }
        }
    }
}

/// Lower-case hexadecimal of `bytes` (a digest).
func hex(_ bytes: some Collection<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for b in bytes {
        out.append(digits[Int(b >> 4)])
        out.append(digits[Int(b & 15)])
    }
    return String(decoding: out, as: UTF8.self)
}

extension XCStringsExporter: StreamingExporter {
    public func makeStream(context: ExportContext, leading: [Document]) throws -> (any ExportStream)? {
        guard let base = try streamBase(context: context, leading: leading) else { return nil }
        let run = base.run
        return Stream(base: base.copyingTexts(), layout: try Layout(run: run))
    }

    struct Stream: CatalogStream {
        struct Fragment: Sendable {
            var document: StreamedIdentity
            /// `kind.id.`: every key of the document starts with it, so documents are ordered
            /// by it.
            var prefix: [UInt8]
            /// The document's strings, each `"key" : { … }`, separated by commas.
            var strings: [UInt8]
        }

        var base: StreamBase
        let layout: Layout
        /// Each group of strings written (a document's, or a taxonomy label's): its order key
        /// and its bytes in the file.
        var groups: [(prefix: [UInt8], range: Range<Int>)] = []
        var started = false

        var writesOneFile: Bool { true }

        func render(_ streamed: StreamedDocument) throws -> Fragment {
            let resolver = run.catalog.resolver
            let kind = streamed.export.kind
            var out: [UInt8] = []
            // A string of the bench corpus takes 677 bytes in three locales (key, comment,
            // three units): reserved a quarter over, the buffer is seldom grown (at 200 +
            // 160 per locale, half the documents grew theirs, a copy each).
            out.reserveCapacity(streamed.export.texts.count * (256 + 192 * layout.locales.count))
            var wrote = false
            // One array of resolutions, and one comment prefix, for every text.
            var found = [LocaleResolver.Resolution?](repeating: nil, count: layout.locales.count)
            let commentPrefix = layout.comments ? XCStringsExporter.commentPrefix(kind: kind, id: streamed.keyID) : nil
            if let texts = streamed.nodes {
                let json = streamed.export.document.json
                let plans = layout.locales.map { resolver.plan(for: $0.tag) }
                let prefix = commentPrefix ?? []
                var picks = [(node: Int, exact: Bool)?](repeating: nil, count: plans.count)
                for i in streamed.order {
                    for j in plans.indices { picks[j] = texts.pick(i, plans[j]) }
                    guard picks.contains(where: { $0 != nil }) else { continue }
                    if wrote { out.append(0x2C) }
                    // (The closure takes the pointer alone: one that took the document
                    // copied it for every text.)
                    let pointer = streamed.export.texts[i].pointer
                    layout.write(key: streamed.keyBytes[i], comment: { XCStringsExporter.appendComment(pointer: pointer, prefix: prefix, to: &$0) },
                                 picks: picks, in: json, into: &out)
                    wrote = true
                }
                return Fragment(document: streamed.identity, prefix: Array("\(kind).\(streamed.keyID).".utf8), strings: out)
            }
            for i in streamed.order {
                let (pointer, text) = streamed.export.texts[i]
                let key = streamed.keyBytes[i]
                let entry = TextEntry(key: streamed.keys[i], text: text, document: 0, pointer: pointer, isTaxonomy: false)
                for (j, locale) in layout.locales.enumerated() { found[j] = resolver.resolve(entry, for: locale.tag) }
                if wrote, found.contains(where: { $0 != nil }) { out.append(0x2C) }
                wrote = layout.write(entry, key: key, found: found, commentPrefix: commentPrefix, into: &out) || wrote
            }
            return Fragment(document: streamed.identity, prefix: Array("\(kind).\(streamed.keyID).".utf8), strings: out)
        }

        mutating func add(_ prefix: [UInt8], _ strings: [UInt8], _ sink: inout ExportSink) throws {
            if !started {
                try sink.append(layout.header, to: layout.file)
                started = true
            }
            guard !strings.isEmpty else { return }
            if !groups.isEmpty { try sink.append(CollectionOfOne(0x2C), to: layout.file) }
            let start = sink.size(of: layout.file)
            try sink.append(strings, to: layout.file)
            groups.append((prefix, start..<sink.size(of: layout.file)))
        }

        mutating func consume(_ fragment: Fragment, into sink: inout ExportSink) throws {
            base.check.add(fragment.document)
            try add(fragment.prefix, fragment.strings, &sink)
        }

        mutating func finish(into sink: inout ExportSink) throws {
            if let failure = base.check.failure() { throw failure }
            // The taxonomies' labels, each a group of one string.
            var run = self.run
            for entry in run.catalog.entries {
                let key = Array(entry.key.description.utf8)
                let found = layout.locales.map { run.resolution(entry, for: $0.tag) }
                var out: [UInt8] = []
                if layout.write(entry, key: key[...], found: found, into: &out) { try add(key, out, &sink) }
            }
            // A catalog without a string gets a warning, which only the whole-content path
            // gives (its content is small).
            if groups.isEmpty { throw ExportStreamFallback("the String Catalog holds no string") }
            if !started {
                try sink.append(layout.header, to: layout.file)
                started = true
            }
            // Documents come in content order; Xcode's is that of the keys. Most projects
            // keep them alike, and then the file is already in order.
            let sorted = groups.indices.dropFirst().allSatisfy { groups[$0 - 1].prefix.lexicographicallyPrecedes(groups[$0].prefix) }
            if !sorted {
                let order = groups.sorted { $0.prefix.lexicographicallyPrecedes($1.prefix) }.map(\.range)
                try sink.reorder(layout.file, keepingFirst: layout.header.count, ranges: order, separator: [0x2C])
            }
            try sink.append(Layout.footer(wroteString: !groups.isEmpty), to: layout.file)
        }
    }
}

extension JSONLDExporter: StreamingExporter {
    public func makeStream(context: ExportContext, leading: [Document]) throws -> (any ExportStream)? {
        guard let base = try streamBase(context: context, leading: leading) else { return nil }
        let run = base.run
        return Stream(exporter: self, base: base,
                      settings: try Settings(run.options))
    }

    /// One file per document and locale, each written whole as its document comes.
    struct Stream: CatalogStream {
        struct Fragment: Sendable {
            var document: StreamedIdentity
            var files: [(path: String, bytes: [UInt8])]
        }

        let exporter: JSONLDExporter
        var base: StreamBase
        let settings: Settings

        func render(_ streamed: StreamedDocument) throws -> Fragment {
            var files: [(path: String, bytes: [UInt8])] = []
            if JSONLDExporter.kinds.contains(streamed.export.kind) {
                var run = self.run
                for locale in run.locales { files.append(exporter.file(streamed.export, locale: locale, settings: settings, run: &run)) }
            }
            return Fragment(document: streamed.identity, files: files)
        }

        mutating func consume(_ fragment: Fragment, into sink: inout ExportSink) throws {
            base.check.add(fragment.document)
            // A repeated id would write one file twice: finish reports it, and nothing lands.
            for file in fragment.files where sink.size(of: file.path) == 0 { try sink.append(file.bytes, to: file.path) }
        }

        mutating func finish(into sink: inout ExportSink) throws {
            if let failure = base.check.failure() { throw failure }
        }
    }
}

/// Files with one part per document, in key order (`android`'s strings.xml, gettext's PO
/// files, an i18next namespace): each document's part is appended as it comes, with its
/// order key (kind, then id as keys compare), and the parts are put in order at the end if
/// the content's order differs. An empty part (a document with no text in a locale) is
/// left out, separator included.
struct KeyOrderedFiles: Sendable {
    struct File: Sendable {
        var path: String
        /// What comes before the first part.
        var header: [UInt8]
        /// What comes between two parts.
        var separator: [UInt8] = []
        /// What comes after the last part, and instead of it in a file with none.
        var footer: [UInt8]
        var emptyFooter: [UInt8]? = nil
        /// A file written only if some part is not empty (a `.stringsdict` without plurals
        /// is not written).
        var optional = false
    }

    let files: [File]
    /// Each document's (or label's) parts, as written: its order key. Its part in file `f`
    /// is at `ranges[group * files.count + f]` (an empty range where it has none): one
    /// flat array, not an array per document (100,000 recipes through four such streams
    /// held 47 MB of small arrays).
    private var groups: [(kind: String, id: String, number: Int?)] = []
    private var ranges: [Range<Int>] = []
    private var parts: [Int]
    private var started = false

    init(_ files: [File]) {
        self.files = files
        parts = Array(repeating: 0, count: files.count)
    }

    private mutating func start(_ sink: inout ExportSink) throws {
        guard !started else { return }
        for file in files where !file.optional { try sink.append(file.header, to: file.path) }
        started = true
    }

    /// Appends a document's (or a taxonomy label's) part to each file.
    mutating func add(kind: String, id: String, parts: [[UInt8]], _ sink: inout ExportSink) throws {
        try start(&sink)
        for (f, file) in files.enumerated() {
            let bytes = f < parts.count ? parts[f] : []
            guard !bytes.isEmpty else {
                ranges.append(0..<0)
                continue
            }
            if self.parts[f] > 0 {
                try sink.append(file.separator, to: file.path)
            } else if file.optional {
                try sink.append(file.header, to: file.path)
            }
            let start = sink.size(of: file.path)
            try sink.append(bytes, to: file.path)
            ranges.append(start..<sink.size(of: file.path))
            self.parts[f] += 1
        }
        groups.append((kind, id, Int(id)))
    }

    /// Puts the parts in key order and ends each file.
    mutating func finish(_ sink: inout ExportSink) throws {
        try start(&sink)
        func precedes(_ a: Int, _ b: Int) -> Bool {
            let (a, b) = (groups[a], groups[b])
            return a.kind != b.kind ? a.kind < b.kind : StringKey.precedes(a.id, a.number, b.id, b.number)
        }
        if !groups.indices.dropFirst().allSatisfy({ precedes($0 - 1, $0) }) {
            let sorted = groups.indices.sorted(by: precedes)
            for (f, file) in files.enumerated() where parts[f] > 0 {
                let order = sorted.map { ranges[$0 * files.count + f] }.filter { !$0.isEmpty }
                try sink.reorder(file.path, keepingFirst: file.header.count, ranges: order, separator: file.separator)
            }
        }
        for (f, file) in files.enumerated() where parts[f] > 0 || !file.optional {
            try sink.append(parts[f] == 0 ? file.emptyFooter ?? file.footer : file.footer, to: file.path)
        }
    }
}

/// A document's parts in a stream's files, with its order key (kind, then id).
struct KeyedParts: Sendable {
    var document: StreamedIdentity
    var kind: String
    var keyID: String
    /// The document's part in each file.
    var parts: [[UInt8]]
    /// Names the parts take that must differ across the export (see ``KeyOrderedFormat``).
    var names: [String] = []
}

extension BundleExporter {
    /// Whether an `out` folder may stream: one whose last part has a dot may be taken for a
    /// file by the whole-content path.
    func outStreams(_ run: ExportRun) throws -> Bool {
        let out = try run.options.string("out") ?? "dist/\(id)"
        return !(out.split(separator: "/").last ?? "").contains(".") || out.hasSuffix("/")
    }
}

extension AndroidExporter: StreamingExporter {
    public func makeStream(context: ExportContext, leading: [Document]) throws -> (any ExportStream)? {
        guard let base = try streamBase(context: context, leading: leading) else { return nil }
        let run = base.run
        guard try outStreams(run) else { return nil }
        let fileName = try Self.fileName(run)
        let outputs = try Self.folders(run)
        let files = outputs.map { KeyOrderedFiles.File(path: "\($0.folder)/\(fileName)", header: Array(Self.header.utf8), footer: Array(Self.footer.utf8)) }
        return KeyOrderedStream(base: base,
                                format: Format(locales: outputs.map(\.locale)), files: KeyOrderedFiles(files))
    }

    /// A `strings.xml` per locale, resources in key order. Resource names are given in key
    /// order with a hash added to a name already taken; the stream gives every key its plain
    /// name, and two names that meet (keys that differ only in characters a resource name
    /// cannot hold) hand the build to the whole path.
    struct Format: KeyOrderedFormat {
        /// The locale of each file (a legacy folder's file, `values-iw`, right after its
        /// locale's: ``AndroidExporter/folders(_:)``).
        let locales: [String]

        var namesAre: String { "android resource names" }

        func parts(_ texts: [TextEntry], run: ExportRun, resolve: (TextEntry, String) -> TextValue?) throws -> (parts: [[UInt8]], names: [String]) {
            let names = texts.map { AndroidExporter.resourceName($0.key.description) }
            var parts: [[UInt8]] = []
            parts.reserveCapacity(locales.count)
            for (i, locale) in locales.enumerated() {
                // A legacy folder (`values-iw`) follows its locale's, with the same part.
                if i > 0, locales[i - 1] == locale {
                    parts.append(parts[i - 1])
                    continue
                }
                var xml = ""
                for (entry, name) in zip(texts, names) {
                    guard let value = resolve(entry, locale) else { continue }
                    try AndroidExporter.resource(name, value, locale: locale, into: &xml)
                }
                parts.append(Array(xml.utf8))
            }
            return (parts, names)
        }
    }
}

extension GettextExporter: StreamingExporter {
    public func makeStream(context: ExportContext, leading: [Document]) throws -> (any ExportStream)? {
        guard let base = try streamBase(context: context, leading: leading) else { return nil }
        let run = base.run
        guard try outStreams(run) else { return nil }
        let layout = try Layout(run: run, context: context)
        let files = layout.outputs.map { KeyOrderedFiles.File(path: $0.path, header: Array($0.header.utf8), footer: []) }
        return KeyOrderedStream(base: base,
                                format: Format(layout: layout), files: KeyOrderedFiles(files))
    }

    /// A PO file per locale, entries in key order.
    struct Format: KeyOrderedFormat {
        let layout: Layout

        func parts(_ texts: [TextEntry], run: ExportRun, resolve: (TextEntry, String) -> TextValue?) throws -> (parts: [[UInt8]], names: [String]) {
            let resolver = run.catalog.resolver
            let sources = texts.map { resolver.value($0, for: layout.source) }
            let comments = texts.map(GettextExporter.comment)
            let parts = layout.outputs.map { output in
                var po = ""
                for (i, entry) in texts.enumerated() {
                    guard let source = sources[i], let value = resolve(entry, output.locale) else { continue }
                    GettextExporter.entry(entry, comment: comments[i], source: source, value: value, forms: output.forms, into: &po)
                }
                return Array(po.utf8)
            }
            return (parts, [])
        }
    }
}

extension I18nextExporter: StreamingExporter {
    public func makeStream(context: ExportContext, leading: [Document]) throws -> (any ExportStream)? {
        guard let base = try streamBase(context: context, leading: leading) else { return nil }
        let run = base.run
        guard try outStreams(run) else { return nil }
        return Stream(base: base,
                      targets: try Self.targets(run), sprintf: try Self.formatsWithSprintf(run))
    }

    /// A namespace (a kind) per folder, each an object of the kind's ids in key order
    /// (``KeyOrderedFiles``): a document's part is its id and the tree of its texts.
    struct Stream: CatalogStream {
        struct Fragment: Sendable {
            /// The parts are `"id": { … }` in each folder (empty where the document has no
            /// text).
            var parts: KeyedParts
            /// Of each of the export's warnings, the document's first text (in key order)
            /// it is about, and the warning.
            var warnings: [(warning: I18nextExporter.Warning, key: StringKey, diagnostic: Diagnostic)] = []
        }

        var base: StreamBase
        let targets: [(folder: String, textsOf: String, rulesOf: String)]
        let sprintf: Bool
        var namespaces: [String: KeyOrderedFiles] = [:]
        /// Of each warning, per kind, the first text in key order so far and its warning.
        var warned: [I18nextExporter.Warning: [String: (key: StringKey, diagnostic: Diagnostic)]] = [:]

        /// The whole path's warnings: of each warning, one per kind, in key order.
        var diagnostics: [Diagnostic] {
            I18nextExporter.Warning.allCases.flatMap { warning in
                (warned[warning] ?? [:]).values.sorted { $0.key < $1.key }.map(\.diagnostic)
            }
        }

        /// The warnings of `texts` (in key order): of each, the first text it is about.
        func warnings(_ texts: [TextEntry], in document: @autoclosure () -> Document) -> [(warning: I18nextExporter.Warning, key: StringKey, diagnostic: Diagnostic)] {
            I18nextExporter.Warning.allCases.compactMap { warning in
                guard !(warning == .printf && sprintf) else { return nil }
                for entry in texts {
                    if let found = I18nextExporter.warning(warning, entry, in: document()) { return (warning, entry.key, found) }
                }
                return nil
            }
        }

        mutating func keep(_ found: [(warning: I18nextExporter.Warning, key: StringKey, diagnostic: Diagnostic)]) {
            for (warning, key, diagnostic) in found where warned[warning]?[key.kind].map({ key < $0.key }) ?? true {
                warned[warning, default: [:]][key.kind] = (key, diagnostic)
            }
        }

        func render(_ streamed: StreamedDocument) throws -> Fragment {
            let resolver = run.catalog.resolver
            let texts = streamed.entriesInKeyOrder()
            let found = warnings(texts, in: streamed.export.document)
            let members = try targets.map { target in
                let leaves: [String: [I18nextExporter.Leaf]]
                do {
                    leaves = try I18nextExporter.leaves(texts, textsOf: target.textsOf, rulesOf: target.rulesOf, resolver: resolver, sprintf: sprintf) {
                        entry, locale in resolver.value(entry, for: locale)
                    }
                } catch {
                    // The whole path names the first such text in key order.
                    throw ExportStreamFallback("\(error)")
                }
                guard let list = leaves[streamed.export.kind], !list.isEmpty else { return [UInt8]() }
                let tree: JSONValue
                do {
                    tree = try I18nextExporter.tree(list[...], depth: 0)
                } catch {
                    // The whole path names the first such key in key order.
                    throw ExportStreamFallback("\(error)")
                }
                // The member as the whole file has it: a line break, the indent, the key and
                // its tree, written as the one member of an object (whose `{` and last line
                // are dropped).
                var object: [UInt8] = []
                JSONWriter.pretty.write(tree, depth: 0, into: &object)
                return Array(object.dropFirst().dropLast(2))
            }
            return Fragment(parts: KeyedParts(document: streamed.identity, kind: streamed.export.kind, keyID: streamed.keyID, parts: members),
                            warnings: found)
        }

        mutating func consume(_ whole: Fragment, into sink: inout ExportSink) throws {
            let fragment = whole.parts
            keep(whole.warnings)
            base.check.add(fragment.document)
            let kind = fragment.kind
            if namespaces[kind] == nil {
                namespaces[kind] = KeyOrderedFiles(targets.map { target in
                    KeyOrderedFiles.File(path: I18nextExporter.path(folder: target.folder, namespace: kind), header: [0x7B], separator: [0x2C],
                                         footer: Array("\n}\n".utf8), emptyFooter: Array("}\n".utf8))
                })
            }
            try namespaces[kind]!.add(kind: kind, id: fragment.keyID, parts: fragment.parts, &sink)
        }

        mutating func finish(into sink: inout ExportSink) throws {
            if let failure = base.check.failure() { throw failure }
            for kind in namespaces.keys.sorted() { try namespaces[kind]!.finish(&sink) }
            // The taxonomy's namespace, whole: its tags nest by their prefixes.
            var run = self.run
            guard !run.catalog.taxonomy.isEmpty else { return }
            // The taxonomy's labels: a kind of their own.
            let catalog = run.catalog
            for entry in catalog.entries {
                keep(warnings([entry], in: catalog.document(of: entry)))
            }
            for target in targets {
                let leaves = try I18nextExporter.leaves(run.catalog.entries, textsOf: target.textsOf, rulesOf: target.rulesOf, resolver: run.catalog.resolver,
                                                        sprintf: sprintf) { entry, locale in run.resolve(entry, for: locale) }
                let tree = try leaves["taxonomy"].map { try I18nextExporter.tree($0[...], depth: 0, place: run.catalog.place(of:)) } ?? .object(JSONObject())
                try sink.append(JSONWriter.pretty.bytes(tree), to: I18nextExporter.path(folder: target.folder, namespace: "taxonomy"))
            }
        }
    }
}

extension AppleStringsExporter: StreamingExporter {
    public func makeStream(context: ExportContext, leading: [Document]) throws -> (any ExportStream)? {
        guard let base = try streamBase(context: context, leading: leading) else { return nil }
        let run = base.run
        guard try outStreams(run) else { return nil }
        let table = try Self.table(run)
        // Each locale's .strings, then its .stringsdict.
        let files = run.localesWithSource.flatMap { locale in
            [KeyOrderedFiles.File(path: "\(Self.folder(locale))/\(table).strings", header: Array(Self.stringsHeader.utf8), footer: []),
             KeyOrderedFiles.File(path: "\(Self.folder(locale))/\(table).stringsdict", header: Array(Self.stringsdictHeader.utf8),
                                  footer: Array(Self.stringsdictFooter.utf8), optional: true)]
        }
        return KeyOrderedStream(base: base,
                                format: Format(), files: KeyOrderedFiles(files))
    }

    /// A `.strings` (and, for plural texts, a `.stringsdict`) per locale, entries in key
    /// order.
    struct Format: KeyOrderedFormat {
        func parts(_ texts: [TextEntry], run: ExportRun, resolve: (TextEntry, String) -> TextValue?) throws -> (parts: [[UInt8]], names: [String]) {
            let comments = texts.map(AppleStringsExporter.comment)
            let keys = texts.map(\.key.description)
            let parts = run.localesWithSource.flatMap { locale in
                var strings = "", plurals = ""
                for (i, entry) in texts.enumerated() {
                    guard let value = resolve(entry, locale) else { continue }
                    AppleStringsExporter.entry(key: keys[i], comment: comments[i], value: value, into: &strings)
                    if case .plural(let forms) = value { AppleStringsExporter.stringsdictEntry(key: keys[i], forms: forms, into: &plurals) }
                }
                return [Array(strings.utf8), Array(plurals.utf8)]
            }
            return (parts, [])
        }
    }
}

/// What a format written through ``KeyOrderedStream`` gives: the parts some texts (in key
/// order) add to each of its files, and the names they take that must differ across the
/// whole export (android's resource names; none elsewhere).
protocol KeyOrderedFormat: Sendable {
    func parts(_ texts: [TextEntry], run: ExportRun, resolve: (TextEntry, String) -> TextValue?) throws -> (parts: [[UInt8]], names: [String])
    /// What the names are, for the trace when two meet.
    var namesAre: String { get }
}

extension KeyOrderedFormat {
    var namesAre: String { "names" }
}

/// The stream of an exporter whose files hold one part per document in key order (android,
/// gettext, strings): each document's part rendered as it comes, the taxonomies' labels at
/// the end.
struct KeyOrderedStream<Format: KeyOrderedFormat>: CatalogStream {
    typealias Fragment = KeyedParts

    var base: StreamBase
    let format: Format
    var files: KeyOrderedFiles
    /// The hashes of the names given so far (a repeated hash, even of two names, hands the
    /// build to the whole path: never a wrong name).
    var names = Set<Int>()

    func render(_ streamed: StreamedDocument) throws -> Fragment {
        let resolver = run.catalog.resolver
        let (parts, names) = try format.parts(streamed.entriesInKeyOrder(), run: run) { entry, locale in resolver.value(entry, for: locale) }
        return Fragment(document: streamed.identity, kind: streamed.export.kind, keyID: streamed.keyID, parts: parts, names: names)
    }

    /// Appends a document's (or a taxonomy label's) parts, once its names are known to be new.
    mutating func add(kind: String, id: String, parts: [[UInt8]], names: [String], _ sink: inout ExportSink) throws {
        for name in names where !self.names.insert(name.hashValue).inserted {
            throw ExportStreamFallback("two \(format.namesAre) meet ('\(name)')")
        }
        try files.add(kind: kind, id: id, parts: parts, &sink)
    }

    mutating func consume(_ fragment: Fragment, into sink: inout ExportSink) throws {
        base.check.add(fragment.document)
        try add(kind: fragment.kind, id: fragment.keyID, parts: fragment.parts, names: fragment.names, &sink)
    }

    mutating func finish(into sink: inout ExportSink) throws {
        if let failure = base.check.failure() { throw failure }
        // The taxonomies' labels, each a part of one entry. (`run` records what it fills in,
        // so the format reads an unchanged copy.)
        var run = self.run
        let base = self.run
        for entry in base.catalog.entries {
            let (parts, names) = try format.parts([entry], run: base) { entry, locale in run.resolve(entry, for: locale) }
            try add(kind: entry.key.kind, id: entry.key.id, parts: parts, names: names, &sink)
        }
        try files.finish(&sink)
    }
}
