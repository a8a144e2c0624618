import LarderCore
import LarderJSON

/// The images a set of documents references, copied under content-hashed names.
///
/// A reference `drinks/negroni-1.png` of a kind whose images folder is `images` is read from
/// `images/drinks/negroni-1.png` (through the runner's ``ProjectFileReader``) and bundled as
/// `negroni-1.<first 12 hex digits of its SHA-256>.png`: a changed picture gets a new name,
/// so caches never serve a stale one, and the same picture referenced twice is stored once
/// (also under two names that differ only in case, which macOS and Windows take for one).
struct ImageBundle {
    /// One reference in a document.
    struct Reference {
        var document: Int
        var pointer: [String]
        var path: String
    }

    /// Bundled file name -> bytes.
    private(set) var files: [String: [UInt8]] = [:]
    /// The bundled name of every reference.
    private(set) var namer = ImageNamer()
    /// (kind, reference as written) -> bundled file name.
    var names: [String: [ExactString: String]] { namer.names }
    /// Every reference found, in document order.
    private(set) var references: [Reference] = []

    /// Finds and reads every image the documents reference.
    ///
    /// `fields` names, per kind, pointers of image fields of a team's own kind
    /// (`{"achievement": ["/icon"]}`).
    init(catalog: ContentCatalog, context: ExportContext, fields: [String: [String]], exporter: String) throws(ExportError) {
        for (index, doc) in catalog.documents.enumerated() {
            for (pointer, path) in Self.references(in: doc.value, kind: doc.kind, fields: fields[doc.kind] ?? []) {
                references.append(Reference(document: index, pointer: pointer, path: path))
            }
        }
        guard !references.isEmpty else { return }
        guard let reader = context.files else { throw Self.noReader(exporter) }
        for reference in references {
            let document = catalog.documents[reference.document]
            if let new = try namer.add(reference.path, kind: document.kind, id: document.id, folder: context.imageFolders[document.kind] ?? "",
                                       reader: reader, exporter: exporter) {
                files[new.name] = new.bytes
            }
        }
    }

    static func noReader(_ exporter: String) -> ExportError {
        ExportError("\(exporter): the content references images, but the runner gave no file reader to copy them with")
    }

    /// The bundled name of a file whose SHA-256 is `digest`: safe stem, 12 hex digits of the
    /// digest, extension.
    static func bundledName(for path: String, digest: [UInt8]) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        var stem = last
        var ext = ""
        if let dot = last.lastIndex(of: "."), dot != last.startIndex {
            stem = String(last[..<dot])
            let e = last[last.index(after: dot)...].lowercased()
            if (1...8).contains(e.count), e.unicodeScalars.allSatisfy(SafeName.isPlain) { ext = "." + e }
        }
        let hash = hex(digest.prefix(6))
        return SafeName.fileName(stem) + "." + hash + ext
    }

    /// Whether documents of `kind` may reference images: the built-in kinds with image
    /// fields, and a kind whose fields `fields` (the option `imageFields`) names.
    static func mayReference(kind: String, fields: [String: [String]]) -> Bool {
        kind == "recipe" || kind == "location" || kind == "product" || fields[kind] != nil
    }

    static func isClean(_ path: String) -> Bool {
        if path.isEmpty || path.hasPrefix("/") || path.contains("\\") || path.contains("\0") || path.contains(":") { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// The image references of a document: pointer of the string, and the path.
    static func references(in value: JSONValue, kind: String, fields: [String]) -> [([String], String)] {
        var out: [([String], String)] = []
        func image(_ v: JSONValue?, _ pointer: [String]) {
            guard let v else { return }
            if let s = v.stringValue {
                out.append((pointer, s))
            } else if let src = v["src"]?.stringValue {
                out.append((pointer + ["src"], src))
            }
        }
        func gallery(_ v: JSONValue?, _ pointer: [String]) {
            for (i, element) in (v?.arrayValue ?? []).enumerated() { image(element, pointer + [String(i)]) }
        }
        switch kind {
        case "recipe":
            gallery(value["images"], ["images"])
            for (i, shop) in (value["shops"]?.arrayValue ?? []).enumerated() where shop.objectValue != nil {
                gallery(shop["images"], ["shops", String(i), "images"])
            }
        case "location":
            gallery(value["images"], ["images"])
        case "product":
            for role in ["front", "ingredients", "nutrition"] {
                guard let v = value["images"]?[role] else { continue }
                if v.stringValue != nil || v["src"] != nil {
                    image(v, ["images", role])
                } else if let perLanguage = v.objectValue {
                    for (language, element) in perLanguage { image(element, ["images", role, language]) }
                }
            }
        default:
            break
        }
        for pattern in fields {
            guard let tokens = JSONPointer(parsing: pattern)?.tokens else { continue }
            for (pointer, node) in FieldFinder.matches(tokens, in: value, at: []) {
                if node.arrayValue != nil { gallery(node, pointer) } else { image(node, pointer) }
            }
        }
        return out
    }

    /// `value` (document `index` of the catalog) with its image references replaced by
    /// `prefix` + bundled name.
    func rewrite(_ value: JSONValue, document index: Int, kind: String, prefix: String) -> JSONValue {
        var value = value
        for reference in references where reference.document == index {
            guard let name = names[kind]?[ExactString(reference.path)] else { continue }
            value.replace(reference.pointer[...], with: .string(prefix + name))
        }
        return value
    }

    /// The artifacts of the images, under `folder`.
    func artifacts(folder: String) throws(ExportError) -> [Artifact] {
        var out: [Artifact] = []
        for name in files.keys.sorted() {
            out.append(try artifact(folder.isEmpty ? name : folder + "/" + name, files[name]!))
        }
        return out
    }

    /// The map `{kind: {reference: bundled path}}` with keys sorted.
    func manifest(prefix: String) -> JSONValue { namer.manifest(prefix: prefix) }
}

/// The bundled names of image references, given one at a time in the order the export
/// meets them (the documents by kind, then file, then position: the content catalog's
/// order). The `images` exporter's whole-content export and its stream both name through
/// it, so they bundle the same files under the same names; the stream keeps no picture's
/// bytes, only each bundled file's SHA-256.
struct ImageNamer: Sendable {
    /// (kind, reference as written) -> bundled file name. References are compared by their
    /// scalars: `café.png` and `cafe\u{301}.png` are two files on a Linux disk, and the
    /// second was served the first one's picture.
    private(set) var names: [String: [ExactString: String]] = [:]
    /// Bundled file name -> the SHA-256 of its bytes.
    private var digests: [String: [UInt8]] = [:]
    /// Bundled file name in lower case -> the first bundled name that folds to it.
    private var foldedNames: [String: String] = [:]

    /// Names the image `path` of a `kind` document (`id`, for messages), read from
    /// `folder` (the kind's `images:` folder) through `reader`. Gives the bundled name and
    /// the bytes of a file not bundled before, nil for a reference already named or a
    /// picture already bundled under that name.
    mutating func add(_ path: String, kind: String, id: String, folder: String, reader: any ProjectFileReader,
                      exporter: String) throws(ExportError) -> (name: String, bytes: [UInt8])? {
        if name(of: path, kind: kind) != nil { return nil }
        let bytes = try Self.read(path, kind: kind, id: id, folder: folder, reader: reader, exporter: exporter)
        let (name, isNew) = add(path, kind: kind, digest: SHA256.hash(bytes))
        return isNew ? (name, bytes) : nil
    }

    /// `documents`, given in content order, in the content catalog's order, which names
    /// the images: by kind, content order within each.
    static func catalogOrder<T>(_ documents: [T], kind: (T) -> String) -> [T] {
        documents.enumerated().sorted { a, b in
            let (x, y) = (kind(a.element), kind(b.element))
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }

    /// The bundled name of a reference already named.
    func name(of path: String, kind: String) -> String? {
        names[kind]?[ExactString(path)]
    }

    /// Names the image `path` of a `kind` document, a picture whose SHA-256 is `digest`:
    /// its bundled name, and whether that file is new.
    mutating func add(_ path: String, kind: String, digest: [UInt8]) -> (name: String, isNew: Bool) {
        var name = ImageBundle.bundledName(for: path, digest: digest)
        // Two names that differ only in case (`Negroni-1.png`, `negroni-1.png`) are one
        // file on macOS and Windows: with the same bytes they share the file bundled first,
        // as one picture referenced twice does.
        if digests[name] == nil, let other = foldedNames[name.lowercased()], digests[other] == digest { name = other }
        let isNew = digests[name] == nil
        digests[name] = digest
        foldedNames[name.lowercased()] = foldedNames[name.lowercased()] ?? name
        names[kind, default: [:]][ExactString(path)] = name
        return (name, isNew)
    }

    /// The bytes of the image `path` of a `kind` document (`id`, for messages), read from
    /// `folder` through `reader`; throws for a path that could leave the folder and for a
    /// file that cannot be read.
    static func read(_ path: String, kind: String, id: String, folder: String, reader: any ProjectFileReader,
                     exporter: String) throws(ExportError) -> [UInt8] {
        let projectPath = folder.isEmpty ? path : folder + "/" + path
        guard ImageBundle.isClean(path), folder.isEmpty || ImageBundle.isClean(folder) else {
            throw ExportError("\(exporter): the image reference '\(path)' of \(kind) '\(id)' is not a clean relative path; it could leave the images folder")
        }
        do {
            return try reader.contents(atPath: projectPath, within: folder)
        } catch {
            throw ExportError("\(exporter): cannot copy the image '\(path)' of \(kind) '\(id)' (\(error)); the image-exists rule reports missing images")
        }
    }

    /// The map `{kind: {reference: bundled path}}` with keys sorted.
    func manifest(prefix: String) -> JSONValue {
        var object = JSONObject()
        for kind in names.keys.sorted() {
            var inner = JSONObject()
            for (path, name) in names[kind]!.sorted(by: { $0.key < $1.key }) { inner[path.text] = .string(prefix + name) }
            object[kind] = .object(inner)
        }
        return .object(object)
    }
}
