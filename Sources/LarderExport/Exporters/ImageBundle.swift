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
    /// Bundled file name in lower case -> the first bundled name that folds to it.
    private var foldedNames: [String: String] = [:]
    /// (kind, reference as written) -> bundled file name. References are compared by their
    /// scalars: `café.png` and `cafe\u{301}.png` are two files on a Linux disk, and the
    /// second was served the first one's picture.
    private(set) var names: [String: [ExactString: String]] = [:]
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
        guard let reader = context.files else {
            throw ExportError("\(exporter): the content references images, but the runner gave no file reader to copy them with")
        }
        for reference in references {
            let kind = catalog.documents[reference.document].kind
            if names[kind]?[ExactString(reference.path)] != nil { continue }
            let folder = context.imageFolders[kind] ?? ""
            let projectPath = folder.isEmpty ? reference.path : folder + "/" + reference.path
            guard Self.isClean(reference.path), folder.isEmpty || Self.isClean(folder) else {
                throw ExportError("\(exporter): the image reference '\(reference.path)' of \(kind) '\(catalog.documents[reference.document].id)' is not a clean relative path; it could leave the images folder")
            }
            let bytes: [UInt8]
            do {
                bytes = try reader.contents(atPath: projectPath, within: folder)
            } catch {
                throw ExportError("\(exporter): cannot copy the image '\(reference.path)' of \(kind) '\(catalog.documents[reference.document].id)' (\(error)); the image-exists rule reports missing images")
            }
            var name = Self.bundledName(for: reference.path, bytes: bytes)
            // Two names that differ only in case (`Negroni-1.png`, `negroni-1.png`) are one
            // file on macOS and Windows: with the same bytes (the hash in the name says so)
            // they share the file bundled first, as one picture referenced twice does.
            if files[name] == nil, let other = foldedNames[name.lowercased()], files[other] == bytes { name = other }
            files[name] = bytes
            foldedNames[name.lowercased()] = foldedNames[name.lowercased()] ?? name
            names[kind, default: [:]][ExactString(reference.path)] = name
        }
    }

    /// The bundled name of a file: safe stem, 12 hex digits of its SHA-256, extension.
    static func bundledName(for path: String, bytes: [UInt8]) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        var stem = last
        var ext = ""
        if let dot = last.lastIndex(of: "."), dot != last.startIndex {
            stem = String(last[..<dot])
            let e = last[last.index(after: dot)...].lowercased()
            if (1...8).contains(e.count), e.unicodeScalars.allSatisfy(SafeName.isPlain) { ext = "." + e }
        }
        let hash = String(SHA256.hex(bytes).prefix(12))
        return SafeName.fileName(stem) + "." + hash + ext
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
