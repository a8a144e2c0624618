import Foundation
import LarderJSON

/// Where a schema's `$ref`s to other documents are found: documents added by URI, URI
/// prefixes mapped to local folders, and an optional resolver of your own.
///
/// Nothing is ever fetched from the network. A reference that nothing here resolves is a
/// ``SchemaError`` naming the URI (and, for http(s), how to map it with `--ref-map`).
///
///     var registry = SchemaRegistry()
///     registry.map(prefix: "https://example.com/schemas/", to: "/path/to/schemas")
///     try registry.add(uri: "https://example.com/common.json", json: #"{"type": "string"}"#)
///     let schema = try JSONSchema(doc, registry: registry)
public struct SchemaRegistry: Sendable {
    /// A function that returns the document a URI (without fragment) names, or nil.
    public typealias Resolver = @Sendable (_ uri: String) throws -> JSONDocument?

    /// A URI prefix whose documents are files under a local folder.
    public struct Mapping: Sendable, Hashable {
        public var prefix: String
        public var directory: String

        public init(prefix: String, directory: String) {
            self.prefix = prefix
            self.directory = directory
        }

        /// Parses a command-line mapping `URI-PREFIX=DIR` (split at the first `=`); nil when
        /// either side is empty.
        ///
        ///     SchemaRegistry.Mapping(argument: "https://example.com/schemas/=./schemas")
        public init?(argument: String) {
            guard let eq = argument.firstIndex(of: "=") else { return nil }
            let prefix = String(argument[..<eq]), directory = String(argument[argument.index(after: eq)...])
            guard !prefix.isEmpty, !directory.isEmpty else { return nil }
            self.init(prefix: prefix, directory: directory)
        }

        /// The part of `uri` below ``prefix`` (percent-encoded, as in the URI), or nil when
        /// the prefix does not cover it.
        ///
        /// The prefix matches whole path segments: `https://example.com/s` (with or without
        /// a trailing `/`) covers `https://example.com/s` and `https://example.com/s/a.json`,
        /// never `https://example.com/suffix/a.json`, which a plain string prefix would read
        /// from `uffix/a.json` in the folder.
        ///
        /// The scheme and host match in any case, as RFC 3986 makes them case-insensitive
        /// (`HTTPS://Example.com/s` covers `https://example.com/s/a.json`); the rest of the
        /// URI, its path above all, must match exactly.
        ///
        ///     Mapping(prefix: "https://example.com/s", directory: "d").relativePath(of: "https://example.com/s/a.json") // "a.json"
        public func relativePath(of uri: String) -> String? {
            let base = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
            let (baseHead, baseTail) = Self.splitHead(base), (uriHead, uriTail) = Self.splitHead(uri)
            guard baseHead == uriHead, uriTail.hasPrefix(baseTail) else { return nil }
            let rest = uriTail.dropFirst(baseTail.count)
            if rest.isEmpty { return "" }
            guard rest.first == "/" else { return nil }
            return String(rest.dropFirst())
        }

        /// `uri` split after its scheme and authority, with what RFC 3986 makes
        /// case-insensitive in lower case (the scheme and the host; user information is kept
        /// as written): `HTTPS://Example.com/s/A.json` gives `https://example.com` and
        /// `/s/A.json`. A URI with no scheme is all tail, compared exactly.
        static func splitHead(_ uri: String) -> (head: String, tail: Substring) {
            guard let colon = uri.firstIndex(of: ":"), uri.first?.isASCII == true, uri.first?.isLetter == true,
                  uri[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
                return ("", uri[...])
            }
            let scheme = uri[..<colon].lowercased() + ":"
            let afterScheme = uri.index(after: colon)
            guard uri[afterScheme...].hasPrefix("//") else { return (scheme, uri[afterScheme...]) }
            let authorityStart = uri.index(afterScheme, offsetBy: 2)
            let authorityEnd = uri[authorityStart...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? uri.endIndex
            let authority = uri[authorityStart..<authorityEnd]
            let hostStart = authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex
            return (scheme + "//" + authority[..<hostStart] + authority[hostStart...].lowercased(), uri[authorityEnd...])
        }
    }

    var documents: [String: JSONDocument] = [:]
    /// URI prefixes mapped to local folders, longest prefix first when looked up.
    public private(set) var mappings: [Mapping] = []
    /// Asked last, for URIs that nothing else resolves.
    public var resolver: Resolver?
    /// What a message advises for a reference to a file outside every allowed folder, or to
    /// a remote schema: nil advises `--ref-map` (`larder validate`'s option); a caller with
    /// no such option (a project's lint, whose schemas come from the project) gives its own.
    public var outsideAdvice: String?
    /// What the message for a `$schema` naming a draft Larder does not support advises
    /// besides naming a supported one: `larder validate`'s `--draft` by default; nil for
    /// none (a project's lint, whose team schemas have no such setting: it advised a
    /// `--draft` lint does not take). An app sets ``SchemaOptions/draft`` instead.
    public var draftAdvice: String? = "choose the rules to validate with (--draft)"

    public init(resolver: Resolver? = nil) {
        self.resolver = resolver
    }

    /// Adds a document under `uri` (a fragment, if any, is ignored).
    public mutating func add(uri: String, document: JSONDocument) {
        documents[normalizedResourceURI(uri)] = document
    }

    /// Parses `json` and adds it under `uri`.
    public mutating func add(uri: String, json: String) throws(JSONParseError) {
        add(uri: uri, document: try JSONDocument(parsing: json))
    }

    /// Adds a mapping made by ``Mapping/init(argument:)`` or by hand.
    public mutating func map(_ mapping: Mapping) {
        map(prefix: mapping.prefix, to: mapping.directory)
    }

    /// Maps every URI under `prefix` (on whole path segments, see
    /// ``Mapping/relativePath(of:)``) to the file at the rest of the URI under `directory`
    /// (`--ref-map https://example.com/schemas/=./schemas`).
    public mutating func map(prefix: String, to directory: String) {
        mappings.append(Mapping(prefix: prefix, directory: directory))
        mappings.sort { $0.prefix.count > $1.prefix.count }
    }

    /// Lets `file://` references load files under `directory` (and nowhere else).
    public mutating func allowFiles(under directory: String) {
        let dir = URL(fileURLWithPath: directory).standardizedFileURL
        var prefix = dir.absoluteString
        if !prefix.hasSuffix("/") { prefix += "/" }
        map(prefix: prefix, to: dir.path)
    }

    /// A ``resolver`` that reads the local file any `file://` URI names, wherever it lies;
    /// other URIs (http, https, ...) it leaves unresolved, so they are never fetched.
    ///
    /// `larder validate` uses it: a schema's own references (`../common/defs.json`) follow
    /// its author's layout, and resolving them must not depend on the working directory.
    /// Without it, `file://` references load only below the folders ``allowFiles(under:)``
    /// allows, which suits an app that compiles a schema it was handed.
    public static let localFiles: Resolver = { uri in
        guard uri.lowercased().hasPrefix("file:"), let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return try read(path, for: uri).document
    }

    private static func read(_ path: String, for uri: String) throws(SchemaError) -> (document: JSONDocument, source: String) {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            throw SchemaError(message: "cannot read \(path) (for \(uri)): \(error.reason)")
        }
        do {
            return (try JSONDocument(parsing: bytes), path)
        } catch {
            throw SchemaError("the schema is not valid JSON: \(error.message)", at: nil, position: error.position, file: path)
        }
    }

    /// The document for `uri`, from what was added, the mapped folders or the resolver.
    func lookup(_ uri: String) throws(SchemaError) -> JSONDocument? {
        try load(uri)?.document
    }

    /// ``lookup(_:)`` with the name to give the document in messages: the path of the file
    /// it was read from, or its URI.
    func load(_ uri: String) throws(SchemaError) -> (document: JSONDocument, source: String)? {
        let key = normalizedResourceURI(uri)
        if let doc = documents[key] { return (doc, displayName(key)) }
        for mapping in mappings {
            guard let relative = mapping.relativePath(of: key) else { continue }
            let rest = percentDecode(relative)
            let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
            if parts.contains(where: { $0 == ".." }) || rest.hasPrefix("/") {
                throw SchemaError(message: "\(uri) leaves the folder it is mapped to (\(mapping.directory))")
            }
            let path = URL(fileURLWithPath: mapping.directory).appendingPathComponent(rest).path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            // A symbolic link in the folder must not lead out of it: a project's schema
            // folder that links to `~/.netrc` would have it read (and, as invalid JSON, its
            // first line quoted in the report). A resolver of one's own (`localFiles`, which
            // reads any local file) decides for itself.
            if let real = FileBytes.realPath(path), let folder = FileBytes.realPath(mapping.directory),
               !(real == folder || real.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")) {
                if resolver != nil { continue }
                throw SchemaError(message: "\(uri) is a symbolic link to \(real), outside the folder it is read from (\(mapping.directory)); Larder does not follow it: copy the schema into the folder")
            }
            return try Self.read(path, for: uri)
        }
        if let resolver {
            do {
                return try resolver(key).map { ($0, displayName(key)) }
            } catch let error as SchemaError {
                throw error
            } catch {
                throw SchemaError(message: "cannot load \(uri): \(error)")
            }
        }
        return nil
    }
}

extension SchemaRegistry {
    /// Why nothing was found for `uri` when a mapped folder covers it: the file looked for
    /// does not exist (with the mapping, when it was given with `--ref-map`). Nil when no
    /// mapping covers `uri`.
    func missingFile(for uri: String) -> String? {
        let key = normalizedResourceURI(uri)
        let tried = mappings.compactMap { mapping -> String? in
            guard let relative = mapping.relativePath(of: key) else { return nil }
            let rest = percentDecode(relative)
            let path = URL(fileURLWithPath: mapping.directory).appendingPathComponent(rest).path
            let isFileMapping = mapping.prefix.lowercased().hasPrefix("file:")
            return "the file \(path) does not exist" + (isFileMapping ? "" : " (--ref-map \(mapping.prefix)=\(mapping.directory))")
        }
        // Two mappings may cover one folder (the schema's and the working directory's).
        var seen = Set<String>()
        let distinct = tried.filter { seen.insert($0).inserted }
        return distinct.isEmpty ? nil : distinct.joined(separator: "; ")
    }

    /// Why an existing local file that `uri` names was not read: it lies outside every
    /// folder files are read from, with those folders and the `--ref-map` that allows it.
    /// Nil when `uri` is no `file://` URI or names no file.
    func fileOutsideAllowedFolders(_ uri: String) -> String? {
        let key = normalizedResourceURI(uri)
        guard key.lowercased().hasPrefix("file:"), let url = URL(string: key), url.isFileURL else { return nil }
        let file = url.standardizedFileURL
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        var seen = Set<String>()
        let folders = mappings.filter { $0.prefix.lowercased().hasPrefix("file:") }.map(\.directory).filter { seen.insert($0).inserted }
        let dir = file.deletingLastPathComponent()
        var prefix = dir.absoluteString
        if prefix.hasSuffix("/") { prefix.removeLast() }
        let whereFrom = folders.isEmpty ? "" : " (" + folders.joined(separator: ", ") + ")"
        if let outsideAdvice { return "\(file.path) is outside the folders schemas are read from\(whereFrom): \(outsideAdvice)" }
        return "\(file.path) is outside the folders schemas are read from\(whereFrom): "
            + "allow it with --ref-map \(prefix)=\(dir.path)"
    }
}

/// A document's URI as messages name it: the path of a `file://` URI, other URIs as they are.
func displayName(_ uri: String) -> String {
    if uri.lowercased().hasPrefix("file:"), let url = URL(string: uri), url.isFileURL { return url.path }
    return uri
}

/// A resource URI without fragment (and without an empty trailing `#`).
func normalizedResourceURI(_ uri: String) -> String {
    splitFragment(uri).base
}
