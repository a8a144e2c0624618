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

/// What a team's schemas say about their kinds: which fields hold localized text, and
/// which hold taxonomy tags.
///
/// A field whose subschema is, or `$ref`s (directly, through other references, or through
/// `anyOf`, `oneOf`, `allOf`, `if`/`then`/`else`), Larder's
/// `https://larder.dev/schemas/common.schema.json#/$defs/localizedText` (or
/// `localizedPluralText`) holds localized text: a plain string (the source language) or an
/// object of language -> text (or plural forms). Every other
/// field is data, even an object whose keys look like language tags (prices by country,
/// `{"us": "$4.99", "de": "4,99 €"}`). The fields are JSON Pointers in which `*` stands for
/// every element of a list or every value of a map (`/stops/*/name`); a map's
/// `additionalProperties` holds the members its `properties` does not name, so in
/// `{"properties": {"id": …}, "additionalProperties": <text>}` every member but `id` is text
/// (`/*~xid`, see ``FieldPatterns``). `patternProperties` is read as every member. A schema that refers
/// to itself (a tree of sections, each with a title and children of the same definition)
/// has texts at every depth: its repeating definitions are written as ``FieldPatterns``
/// name them (`/tree/children/*~r1`, `~r1/title`), and the texts are found at any depth.
///
/// Read once per run from the schema documents (``SchemaTextFields/fields(of:)``); the
/// exporters and the rules that look at texts (`locale-complete`, `non-empty-text`,
/// `placeholders`) use the same fields, so what lint checks is what the string tables hold.
/// A kind whose schema refers to no localized text keeps the older guess (objects whose keys
/// are all languages of the project).
///
/// Tags are found the same way (``tagFields(of:)``): a field whose subschema is, or refers
/// to, Larder's `#/$defs/tag` or `#/$defs/taxonomyTag` holds a tag, so one that refers to
/// `category`, `tags` or `taxonomyTags` (which refer to those) holds a tag or a list of
/// them (`/tags/*`), as a recipe's `category` and `tags` do. The JSON bundle labels them.
public struct SchemaTextFields: Sendable {
    /// The `$id` of Larder's common definitions.
    public static let commonURI = "https://larder.dev/schemas/common.schema.json"
    /// The fragment of the localized-text definition in them.
    public static let localizedTextFragment = "/$defs/localizedText"
    /// The fragment of the localized text whose languages may hold plural forms.
    public static let localizedPluralTextFragment = "/$defs/localizedPluralText"
    /// The fragments of the definitions in Larder's common definitions that mark a field as
    /// localized text.
    static let textFragments: Set<String> = [localizedTextFragment, localizedPluralTextFragment]
    /// The fragments of the definitions that mark a field as a taxonomy tag: a tag
    /// (`classic`, `en:citrus`) and an Open Food Facts tag (`en:milk`). (`category`, `tags`
    /// and `taxonomyTags` refer to them.)
    static let tagFragments: Set<String> = ["/$defs/tag", "/$defs/taxonomyTag"]

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
        fields(of: config, marking: Self.textFragments)
    }

    /// Per kind of `config` with a schema of its own, the pointers of its taxonomy tag
    /// fields (each holds a tag: a list's are `/tags/*`), sorted; a kind whose schema names
    /// none (or cannot be read) is left out.
    public func tagFields(of config: LarderConfig) -> [String: [String]] {
        fields(of: config, marking: Self.tagFragments)
    }

    private func fields(of config: LarderConfig, marking marks: Set<String>) -> [String: [String]] {
        var out: [String: Set<String>] = [:]
        for entry in config.content {
            guard let path = entry.schema, !BuiltInSchemas.kinds.contains(entry.kind) else { continue }
            let found = fields(ofSchemaAt: path, marking: marks)
            if !found.isEmpty { out[entry.kind, default: []].formUnion(found) }
        }
        return out.mapValues { $0.sorted() }
    }

    /// The localized text fields of the schema file at the project-relative `path`, as
    /// ``FieldPatterns`` write them: JSON Pointers, and for a schema that refers to itself
    /// (a tree of sections), the patterns of its repeating definitions, so that texts at
    /// every depth are found.
    public func fields(ofSchemaAt path: String) -> Set<String> {
        fields(ofSchemaAt: path, marking: Self.textFragments)
    }

    /// The taxonomy tag fields of the schema file at the project-relative `path`, written as
    /// ``fields(ofSchemaAt:)`` writes text fields.
    public func tagFields(ofSchemaAt path: String) -> Set<String> {
        fields(ofSchemaAt: path, marking: Self.tagFragments)
    }

    /// The fields of the schema at `path` whose subschema is, or refers to, one of the
    /// definitions `marks` names in Larder's common definitions.
    private func fields(ofSchemaAt path: String, marking marks: Set<String>) -> Set<String> {
        guard ProjectPath.isInside(path), let bytes = readProjectFile(path), let doc = try? JSONDocument(parsing: bytes) else { return [] }
        let url = projectRoot.appendingPathComponent(path).standardizedFileURL
        var walk = Walk(reader: self, marks: marks)
        let name = Walk.key(url) + "#"
        walk.documents[Walk.key(url)] = doc.value
        walk.stack = [name]
        let root = walk.patterns(of: doc.value, base: url)
        walk.done[name] = root
        return walk.texts(of: root)
    }

    /// One walk over a schema and the documents it refers to.
    ///
    /// Each subschema a `$ref` names is read once (``patterns(of:base:)``, kept in ``done``):
    /// its fields relative to it, which are then copied to every place that refers to it. A
    /// `$ref` to a subschema whose reading is under way (on ``stack``: the schema refers to
    /// itself, directly or through others) is not read again: the place is marked as being
    /// of that subschema (a repeating definition), and the subschema's own fields, once read,
    /// say what it holds at any depth. So the walk reads each subschema once and ends on
    /// any schema.
    struct Walk {
        let reader: SchemaTextFields
        /// The fragments of Larder's common definitions that mark a field (its texts, or
        /// its tags).
        let marks: Set<String>
        /// Documents by URI (no fragment), loaded once; `null` for one that cannot be read.
        var documents: [String: JSONValue] = [:]
        /// The subschemas (`uri#fragment`) whose reading is under way, outermost first.
        var stack: [String] = []
        /// The fields of each subschema read, relative to it.
        var done: [String: [Field]] = [:]

        /// A field below a subschema: its tokens, and the subschema that repeats there
        /// (nil: the value there is the field itself: localized text, or a tag).
        struct Field: Hashable {
            var tokens: [String]
            var repeats: String?
            /// Per `*` token (by its index), the members it leaves out: those the schema's
            /// `properties` names beside its `additionalProperties`.
            var except: [Int: [String]] = [:]
        }

        static func key(_ url: URL) -> String {
            var s = url.absoluteString
            if let hash = s.firstIndex(of: "#") { s = String(s[..<hash]) }
            return s
        }

        /// Pointers deeper than this below one subschema are not followed (a schema that
        /// nests deeply through `items` alone).
        static let maxDepth = 24

        /// The fields of `schema` (at `base`), relative to it.
        mutating func patterns(of schema: JSONValue, base: URL) -> [Field] {
            var out: [Field] = []
            visit(schema, base: base, pointer: [], into: &out)
            var seen = Set<Field>()
            // A `*` that leaves members out adds nothing beside the same `*` that leaves none
            // (`items` beside `additionalProperties` in one subschema).
            let whole = Set(out.filter { $0.except.isEmpty })
            return out.filter { field in
                var all = field
                all.except = [:]
                return (field.except.isEmpty || !whole.contains(all)) && seen.insert(field).inserted
            }
        }

        mutating func visit(_ schema: JSONValue, base: URL, pointer: [String], except: [Int: [String]] = [:], into out: inout [Field]) {
            guard case .object(let o) = schema, pointer.count <= Self.maxDepth else { return }
            var base = base
            if let id = o["$id"]?.stringValue, let resolved = URL(string: id, relativeTo: base)?.absoluteURL {
                base = resolved
                if documents[Self.key(resolved)] == nil { documents[Self.key(resolved)] = schema }
            }
            if let ref = o["$ref"]?.stringValue { follow(ref, base: base, pointer: pointer, except: except, into: &out) }
            for keyword in ["anyOf", "oneOf", "allOf"] {
                for sub in o[keyword]?.arrayValue ?? [] { visit(sub, base: base, pointer: pointer, except: except, into: &out) }
            }
            for keyword in ["then", "else"] {
                if let sub = o[keyword] { visit(sub, base: base, pointer: pointer, except: except, into: &out) }
            }
            let properties = o["properties"]?.objectValue ?? JSONObject()
            for (name, sub) in properties {
                visit(sub, base: base, pointer: pointer + [name], except: except, into: &out)
            }
            for (_, sub) in o["patternProperties"]?.objectValue ?? JSONObject() {
                visit(sub, base: base, pointer: pointer + ["*"], except: except, into: &out)
            }
            // `additionalProperties` holds the members `properties` does not name (an id
            // beside texts of any name is no text).
            if let sub = o["additionalProperties"] {
                var left = except
                if !properties.isEmpty { left[pointer.count] = properties.map { $0.0 }.sorted() }
                visit(sub, base: base, pointer: pointer + ["*"], except: left, into: &out)
            }
            if let items = o["items"] {
                if case .array(let tuple) = items {  // draft 7's tuple form
                    for (i, sub) in tuple.enumerated() { visit(sub, base: base, pointer: pointer + [String(i)], except: except, into: &out) }
                } else {
                    visit(items, base: base, pointer: pointer + ["*"], except: except, into: &out)
                }
            }
            for (i, sub) in (o["prefixItems"]?.arrayValue ?? []).enumerated() {
                visit(sub, base: base, pointer: pointer + [String(i)], except: except, into: &out)
            }
            if let sub = o["additionalItems"] { visit(sub, base: base, pointer: pointer + ["*"], except: except, into: &out) }
        }

        /// Follows a `$ref`: Larder's localized text (or tag) marks the field; a subschema whose
        /// reading is under way marks it as repeating that subschema; any other target's
        /// fields (read once) are added below the field.
        mutating func follow(_ ref: String, base: URL, pointer: [String], except: [Int: [String]], into out: inout [Field]) {
            guard let target = URL(string: ref, relativeTo: base)?.absoluteURL else { return }
            let uri = Self.key(target)
            let fragment = (target.fragment.flatMap { $0.removingPercentEncoding } ?? "")
            if uri == SchemaTextFields.commonURI && marks.contains(fragment) {
                out.append(Field(tokens: pointer, except: except))
                return
            }
            let name = uri + "#" + fragment
            if let index = stack.firstIndex(of: name) {
                // The schema refers to itself. At the same place (`{"$ref": "#"}` in an
                // `anyOf` of its own) that adds nothing; below it, the place is of `name`.
                if !pointer.isEmpty || index != stack.count - 1 { out.append(Field(tokens: pointer, repeats: name, except: except)) }
                return
            }
            let fields: [Field]
            if let known = done[name] {
                fields = known
            } else {
                guard let document = load(uri) else { return }
                let node: JSONValue?
                if fragment.isEmpty {
                    node = document
                } else if let p = JSONPointer(parsing: fragment) {
                    node = document.at(p.tokens)
                } else {
                    node = nil  // a plain-name anchor (`#item`) is not followed
                }
                guard let node, let targetBase = URL(string: uri) else { return }
                stack.append(name)
                fields = patterns(of: node, base: targetBase)
                stack.removeLast()
                done[name] = fields
            }
            for field in fields {
                // A subschema at the same place that refers back to this one adds nothing.
                if pointer.isEmpty && field.tokens.isEmpty && field.repeats != nil && field.repeats == stack.last { continue }
                var left = except
                for (i, names) in field.except { left[pointer.count + i] = names }
                out.append(Field(tokens: pointer + field.tokens, repeats: field.repeats, except: left))
            }
        }

        /// The fields below the root (`root`, relative to it) as ``FieldPatterns`` write
        /// them, with the patterns of every repeating definition they lead to, numbered in
        /// the order they are first met. (A "text" here is a marked field: a tag, in a walk
        /// for tags.)
        func texts(of root: [Field]) -> Set<String> {
            // The definitions that hold a text at some depth; a field that repeats any other
            // leads to none, and is left out (a schema that only nests declares no text).
            var holdsText = Set<String>()
            var changed = true
            while changed {
                changed = false
                for (name, fields) in done where !holdsText.contains(name)
                    && fields.contains(where: { $0.repeats.map(holdsText.contains) ?? true })
                {
                    holdsText.insert(name)
                    changed = true
                }
            }
            func leadsToText(_ field: Field) -> Bool { field.repeats.map(holdsText.contains) ?? true }
            var numbers: [String: Int] = [:]
            var queue: [String] = []
            func number(_ name: String) -> Int {
                if let n = numbers[name] { return n }
                queue.append(name)
                numbers[name] = queue.count
                return queue.count
            }
            var out = Set<String>()
            for field in root where leadsToText(field) {
                out.insert(FieldPatterns.text(start: nil, tokens: field.tokens, definition: field.repeats.map(number), except: field.except))
            }
            var next = 0
            while next < queue.count {
                let name = queue[next]
                let start = next + 1
                next += 1
                for field in done[name] ?? [] where leadsToText(field) {
                    out.insert(FieldPatterns.text(start: start, tokens: field.tokens, definition: field.repeats.map(number), except: field.except))
                }
            }
            return out
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

