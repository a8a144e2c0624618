import Foundation
import LarderJSON

/// A document's id, as every part of Larder reads it: the exporters (keys such as
/// `recipe.negroni.name`, file names) and the `unique-id` rule.
///
/// The id is the field a kind names (the `unique-id` rule's `key` for the kind, or the
/// exporter option `ids`), else the first of `id`, `code`, `key` and `slug` (`code` first for
/// products, whose schema has no `id`) that holds a string or a number. One definition for
/// both, so that an id lint passes is an id the build can use: the two once disagreed (lint
/// compared `/id` only, the build also took `key` and `slug`), and a repeated `slug` passed
/// lint and then stopped the build.
public enum DocumentID {
    /// The fields tried, in order, when a kind names none.
    public static let defaultFields = ["id", "code", "key", "slug"]

    /// ``defaultFields`` in the order they are tried for `kind`.
    public static func fields(for kind: String?) -> [String] {
        kind == "product" ? ["code", "id", "key", "slug"] : defaultFields
    }

    /// The node of the id of the `kind` document at `node`: the first of
    /// ``fields(for:)`` that holds a string or a number.
    public static func node(in json: JSONDocument, at node: Int, kind: String?) -> Int? {
        guard json.kind(node) == .object else { return nil }
        for field in fields(for: kind) {
            guard let value = json.member(node, field) else { continue }
            if json.kind(value) == .string || json.kind(value) == .number { return value }
        }
        return nil
    }
}

/// What a team's schemas say about their kinds: which fields hold localized text.
///
/// A field whose subschema is, or `$ref`s (directly, through other references, or through
/// `anyOf`, `oneOf`, `allOf`, `if`/`then`/`else`), Larder's
/// `https://larder.dev/schemas/common.schema.json#/$defs/localizedText` holds localized
/// text: a plain string (the source language) or an object of language -> text. Every other
/// field is data, even an object whose keys look like language tags (prices by country,
/// `{"us": "$4.99", "de": "4,99 €"}`). The fields are JSON Pointers in which `*` stands for
/// every element of a list or every value of a map (`/stops/*/name`).
///
/// Read once per run from the schema documents (``SchemaTextFields/fields(of:)``); the
/// exporters and the rules that look at texts (`locale-complete`, `non-empty-text`,
/// `placeholders`) use the same fields, so what lint checks is what the string tables hold.
/// A kind whose schema refers to no localized text keeps the older guess (objects whose keys
/// are all languages of the project).
public struct SchemaTextFields: Sendable {
    /// The `$id` of Larder's common definitions.
    public static let commonURI = "https://larder.dev/schemas/common.schema.json"
    /// The fragment of the localized-text definition in them.
    public static let localizedTextFragment = "/$defs/localizedText"

    /// Reads the documents a `$ref` names outside the schema itself: a project file
    /// (by its project-relative path), nil when it cannot be read.
    public var readProjectFile: @Sendable (String) -> [UInt8]?
    /// The absolute file URL of the project root (how a team's schema file is named).
    public var projectRoot: URL

    public init(projectRoot: String, readProjectFile: @escaping @Sendable (String) -> [UInt8]?) {
        self.projectRoot = URL(fileURLWithPath: projectRoot, isDirectory: true).standardizedFileURL
        self.readProjectFile = readProjectFile
    }

    /// Per kind of `config` with a schema of its own, the pointers of its localized text
    /// fields, sorted; a kind whose schema names none (or cannot be read) is left out.
    public func fields(of config: LarderConfig) -> [String: [String]] {
        var out: [String: Set<String>] = [:]
        for entry in config.content {
            guard let path = entry.schema, !BuiltInSchemas.kinds.contains(entry.kind) else { continue }
            let found = fields(ofSchemaAt: path)
            if !found.isEmpty { out[entry.kind, default: []].formUnion(found) }
        }
        return out.mapValues { $0.sorted() }
    }

    /// The localized text fields of the schema file at the project-relative `path`.
    public func fields(ofSchemaAt path: String) -> Set<String> {
        guard ProjectPath.isInside(path), let bytes = readProjectFile(path), let doc = try? JSONDocument(parsing: bytes) else { return [] }
        let url = projectRoot.appendingPathComponent(path).standardizedFileURL
        var walk = Walk(reader: self)
        walk.documents[Walk.key(url)] = doc.value
        walk.visit(doc.value, base: url, pointer: [], stack: [])
        return walk.found
    }

    /// One walk over a schema and the documents it refers to.
    struct Walk {
        let reader: SchemaTextFields
        /// Documents by URI (no fragment), loaded once; `null` for one that cannot be read.
        var documents: [String: JSONValue] = [:]
        var found = Set<String>()

        static func key(_ url: URL) -> String {
            var s = url.absoluteString
            if let hash = s.firstIndex(of: "#") { s = String(s[..<hash]) }
            return s
        }

        /// Pointers deeper than this are not followed (a schema that nests without end
        /// through `items` alone).
        static let maxDepth = 24

        mutating func visit(_ schema: JSONValue, base: URL, pointer: [String], stack: [String]) {
            guard case .object(let o) = schema, pointer.count <= Self.maxDepth else { return }
            var base = base
            if let id = o["$id"]?.stringValue, let resolved = URL(string: id, relativeTo: base)?.absoluteURL {
                base = resolved
                if documents[Self.key(resolved)] == nil { documents[Self.key(resolved)] = schema }
            }
            if let ref = o["$ref"]?.stringValue { follow(ref, base: base, pointer: pointer, stack: stack) }
            for keyword in ["anyOf", "oneOf", "allOf"] {
                for sub in o[keyword]?.arrayValue ?? [] { visit(sub, base: base, pointer: pointer, stack: stack) }
            }
            for keyword in ["then", "else"] {
                if let sub = o[keyword] { visit(sub, base: base, pointer: pointer, stack: stack) }
            }
            for (name, sub) in o["properties"]?.objectValue ?? JSONObject() {
                visit(sub, base: base, pointer: pointer + [name], stack: stack)
            }
            for (_, sub) in o["patternProperties"]?.objectValue ?? JSONObject() {
                visit(sub, base: base, pointer: pointer + ["*"], stack: stack)
            }
            if let sub = o["additionalProperties"] { visit(sub, base: base, pointer: pointer + ["*"], stack: stack) }
            if let items = o["items"] {
                if case .array(let tuple) = items {  // draft 7's tuple form
                    for (i, sub) in tuple.enumerated() { visit(sub, base: base, pointer: pointer + [String(i)], stack: stack) }
                } else {
                    visit(items, base: base, pointer: pointer + ["*"], stack: stack)
                }
            }
            for (i, sub) in (o["prefixItems"]?.arrayValue ?? []).enumerated() {
                visit(sub, base: base, pointer: pointer + [String(i)], stack: stack)
            }
            if let sub = o["additionalItems"] { visit(sub, base: base, pointer: pointer + ["*"], stack: stack) }
        }

        /// Follows a `$ref`: Larder's localized text marks the field; any other target is
        /// walked at the same place (once per chain, so a schema that refers to itself ends).
        mutating func follow(_ ref: String, base: URL, pointer: [String], stack: [String]) {
            guard let target = URL(string: ref, relativeTo: base)?.absoluteURL else { return }
            let uri = Self.key(target)
            let fragment = (target.fragment.flatMap { $0.removingPercentEncoding } ?? "")
            if uri == SchemaTextFields.commonURI && fragment == SchemaTextFields.localizedTextFragment {
                found.insert(JSONPointer(tokens: pointer).description)
                return
            }
            let name = uri + "#" + fragment
            guard !stack.contains(name), let document = load(uri) else { return }
            let node: JSONValue?
            if fragment.isEmpty {
                node = document
            } else if let p = JSONPointer(parsing: fragment) {
                node = document.at(p.tokens)
            } else {
                node = nil  // a plain-name anchor (`#item`) is not followed
            }
            guard let node, let targetBase = URL(string: uri) else { return }
            visit(node, base: targetBase, pointer: pointer, stack: stack + [name])
        }

        /// The document at `uri`: Larder's built-in schemas, one already seen by its `$id`,
        /// or a file inside the project.
        mutating func load(_ uri: String) -> JSONValue? {
            if let known = documents[uri] { return known == .null ? nil : known }
            var value = JSONValue.null
            if let name = BuiltInSchemas.names.first(where: { BuiltInSchemas.uri($0) == uri }), let text = BuiltInSchemas.text(name),
                let doc = try? JSONDocument(parsing: text)
            {
                value = doc.value
            } else if let url = URL(string: uri), url.isFileURL {
                let root = reader.projectRoot.path.hasSuffix("/") ? reader.projectRoot.path : reader.projectRoot.path + "/"
                let path = url.standardizedFileURL.path
                if path.hasPrefix(root), let bytes = reader.readProjectFile(String(path.dropFirst(root.count))),
                    let doc = try? JSONDocument(parsing: bytes)
                {
                    value = doc.value
                }
            }
            documents[uri] = value
            return value == .null ? nil : value
        }
    }
}

