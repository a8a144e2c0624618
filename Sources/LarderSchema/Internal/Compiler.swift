import LarderJSON

/// A value's place: a document of the compiler and a node in it.
struct Loc: Hashable {
    var doc: Int
    var node: Int
}

/// Which vocabularies a schema resource's meta-schema turns on.
struct Vocabularies: Hashable {
    var validation = true
    var applicator = true
    var formatAssertion = false
}

/// What scanning learned about a schema node.
struct ScanInfo {
    var base: String
    var draft: SchemaDraft
    var vocabularies: Vocabularies
    /// The root of the node's schema resource.
    var resource: Loc
    /// The node's JSON Pointer from its resource root.
    var pointer: String
}

/// Turns schema documents into a ``Program``. Used once per ``JSONSchema`` and dropped.
final class Compiler {
    let registry: SchemaRegistry
    let options: SchemaOptions
    var docs: [JSONDocument] = []
    /// For each of ``docs``, its name in messages (``SchemaError/Problem/file``); nil for
    /// the schema being compiled.
    var sources: [String?] = []
    /// Resource URI (without fragment) -> resource root.
    var resourceRoots: [String: Loc] = [:]
    /// `uri#name` -> node, for `$anchor`, `$dynamicAnchor` and draft 4-7 `#name` ids.
    var anchors: [String: Loc] = [:]
    /// Resource root -> its `$dynamicAnchor`s.
    var dynamicAnchors: [Loc: [(name: String, loc: Loc)]] = [:]
    var info: [Loc: ScanInfo] = [:]
    var compiled: [Loc: Int32] = [:]
    var pending: [(index: Int32, loc: Loc)] = []
    /// The `$ref`s that could not be resolved so far, and the schemas that could not be
    /// compiled (thrown together once the compile is done).
    var unresolved: [SchemaError] = []
    var failed: [SchemaError] = []
    var resourceIndex: [Loc: Int32] = [:]
    var resourceLocs: [Loc] = []
    var dynamicNames: Set<String> = []
    var usesRecursiveRef = false
    /// In-place edges (subschemas applied to the same instance), for cycle detection.
    var inPlace: [[Int32]] = []
    /// Key -> value of the large objects that references walked through (``member(_:_:)``).
    var memberIndex: [Loc: [[UInt8]: Int]] = [:]
    var program = Program()
    /// The root schema's document (index 0) and node, for positions in errors.
    var rootLoc = Loc(doc: 0, node: 0)

    init(registry: SchemaRegistry, options: SchemaOptions) {
        self.registry = registry
        self.options = options
    }

    // MARK: Entry

    func compileRoot(_ doc: JSONDocument, node: Int, draft: SchemaDraft) throws(SchemaError) -> Program {
        docs.append(doc)
        sources.append(nil)
        rootLoc = Loc(doc: 0, node: node)
        let base = options.baseURI.map { normalizedResourceURI($0) } ?? ""
        try scanResource(rootLoc, uri: base, draft: draft)
        program.root = compile(rootLoc)
        try drain()
        // Every problem of the schemas compiled, together: one run tells each (a `$ref`
        // that cannot be resolved, a pattern that is not one, a referenced file that fails
        // its meta-schema), each once.
        let failures = failed + unresolved
        if failures.count == 1 { throw failures[0] }
        if !failures.isEmpty {
            var seen = Set<String>()
            let problems = failures.flatMap(\.problems).filter { seen.insert($0.description).inserted }
            throw SchemaError(message: "the schema has \(problems.count) problems", problems: problems)
        }
        try checkCycles()
        program.usesDynamicScope = !dynamicNames.isEmpty || usesRecursiveRef
        linkRefs()
        markRecursion()
        program.sources = docs
        return program
    }

    private func drain() throws(SchemaError) {
        while true {
            while let (index, loc) = pending.popLast() {
                // A schema that cannot be compiled is kept and the others compiled on, so
                // that every problem is told (the program is not used then).
                do throws(SchemaError) {
                    try build(index, loc)
                } catch {
                    failed.append(error)
                }
            }
            // Every resource that takes part in evaluation must have its dynamic anchors
            // (and, for $recursiveRef, its root) compiled, so the dynamic scope can reach them.
            var added = false
            var r = 0
            while r < resourceLocs.count {
                let rootOfResource = resourceLocs[r]
                let anchorsHere = dynamicAnchors[rootOfResource] ?? []
                for (name, loc) in anchorsHere where dynamicNames.contains(name) {
                    let before = compiled[loc]
                    let idx = compile(loc)
                    if before == nil { added = true }
                    if !program.resources[r].dynamicAnchors.contains(where: { $0.name == name }) {
                        program.resources[r].dynamicAnchors.append((name, idx))
                    }
                }
                if usesRecursiveRef && program.resources[r].root < 0 {
                    if compiled[rootOfResource] == nil { added = true }
                    program.resources[r].root = compile(rootOfResource)
                }
                r += 1
            }
            if !added && pending.isEmpty { break }
        }
    }

    // MARK: Scanning

    /// Scans a document (or embedded) resource rooted at `loc` known by `uri`.
    func scanResource(_ loc: Loc, uri: String, draft: SchemaDraft) throws(SchemaError) {
        if !uri.isEmpty || resourceRoots[uri] == nil { resourceRoots[uri] = loc }
        try scan(loc, base: uri, draft: draft, vocabularies: Vocabularies(), resource: loc, pointer: "", isDocumentRoot: true)
    }

    private func idKeyword(_ draft: SchemaDraft) -> String { draft == .draft4 ? "id" : "$id" }

    /// Records identifiers and anchors of the schema at `loc` and its subschemas.
    func scan(_ loc: Loc, base: String, draft: SchemaDraft, vocabularies: Vocabularies, resource: Loc, pointer: String, isDocumentRoot: Bool) throws(SchemaError) {
        if info[loc] != nil { return }
        let doc = docs[loc.doc]
        let n = loc.node
        var base = base, draft = draft, vocabularies = vocabularies, resource = resource, pointer = pointer
        guard doc.kind(n) == .object else {
            info[loc] = ScanInfo(base: base, draft: draft, vocabularies: vocabularies, resource: resource, pointer: pointer)
            return
        }
        // $schema counts at a document root and at an embedded resource (a node with an id).
        if let s = doc.member(n, "$schema").flatMap({ doc.string($0) }) {
            let hasID = doc.member(n, "$id") != nil || doc.member(n, "id") != nil
            if isDocumentRoot || hasID {
                let (d, v) = try dialect(of: s, fallback: draft, at: loc)
                draft = d
                vocabularies = v
            }
        }
        let hasRef = doc.member(n, "$ref") != nil
        if let id = doc.member(n, idKeyword(draft)).flatMap({ doc.string($0) }), !(hasRef && draft <= .draft7) {
            if draft <= .draft7 && id.hasPrefix("#") {
                anchors[base + id] = loc
            } else {
                let resolved = resolveURI(id, against: base)
                let (newBase, fragment) = splitFragment(resolved)
                if let fragment, !fragment.isEmpty, draft <= .draft7 {
                    anchors[newBase + "#" + fragment] = loc
                }
                base = newBase
                if resourceRoots[base] == nil { resourceRoots[base] = loc }
                resource = loc
                pointer = ""
            }
        }
        if draft >= .draft2019_09 {
            if let a = doc.member(n, "$anchor").flatMap({ doc.string($0) }) {
                anchors[base + "#" + a] = loc
            }
        }
        if draft >= .draft2020_12 {
            if let a = doc.member(n, "$dynamicAnchor").flatMap({ doc.string($0) }) {
                anchors[base + "#" + a] = loc
                dynamicAnchors[resource, default: []].append((a, loc))
            }
        }
        info[loc] = ScanInfo(base: base, draft: draft, vocabularies: vocabularies, resource: resource, pointer: pointer)
        for (child, segment) in subschemas(doc, n) {
            try scan(Loc(doc: loc.doc, node: child), base: base, draft: draft, vocabularies: vocabularies,
                     resource: resource, pointer: pointer + segment, isDocumentRoot: false)
        }
    }

    /// The subschemas of a schema object, with their pointer segments (`/properties/a`).
    func subschemas(_ doc: JSONDocument, _ n: Int) -> [(Int, String)] {
        var out: [(Int, String)] = []
        for (k, v) in doc.members(n) {
            guard let key = doc.string(k) else { continue }
            let kind = doc.kind(v)
            switch key {
            case "additionalItems", "additionalProperties", "contains", "propertyNames", "not", "if", "then", "else",
                "unevaluatedItems", "unevaluatedProperties", "contentSchema":
                if kind == .object || kind == .true || kind == .false { out.append((v, "/" + key)) }
            case "items":
                if kind == .array {
                    for (i, e) in doc.elements(v).enumerated() { out.append((e, "/items/\(i)")) }
                } else if kind == .object || kind == .true || kind == .false {
                    out.append((v, "/items"))
                }
            case "allOf", "anyOf", "oneOf", "prefixItems":
                if kind == .array {
                    for (i, e) in doc.elements(v).enumerated() { out.append((e, "/\(key)/\(i)")) }
                }
            case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
                if kind == .object {
                    for (pk, pv) in doc.members(v) {
                        let pkind = doc.kind(pv)
                        if pkind == .object || pkind == .true || pkind == .false {
                            out.append((pv, "/\(key)/" + escapePointerToken(doc.string(pk) ?? "")))
                        }
                    }
                }
            default:
                break
            }
        }
        return out
    }

    /// The draft and vocabularies a `$schema` URI stands for.
    func dialect(of uri: String, fallback: SchemaDraft, at loc: Loc) throws(SchemaError) -> (SchemaDraft, Vocabularies) {
        if let d = SchemaDraft(metaSchemaURI: uri) { return (d, Vocabularies()) }
        // A custom meta-schema: its own $schema names the draft; $vocabulary the vocabularies.
        let metaURI = normalizedResourceURI(uri)
        guard let meta = (try? loadDocument(metaURI))??.document else { return (fallback, Vocabularies()) }
        var draft = fallback
        var vocabularies = Vocabularies()
        let r = meta.root
        if let s = meta.member(r, "$schema").flatMap({ meta.string($0) }), let d = SchemaDraft(metaSchemaURI: s) {
            draft = d
        }
        if let vocab = meta.member(r, "$vocabulary"), meta.kind(vocab) == .object {
            vocabularies.validation = false
            vocabularies.applicator = false
            for (k, v) in meta.members(vocab) {
                let name = meta.string(k) ?? ""
                let required = meta.kind(v) == .true
                switch name {
                case "https://json-schema.org/draft/2020-12/vocab/validation",
                    "https://json-schema.org/draft/2019-09/vocab/validation":
                    vocabularies.validation = true
                case "https://json-schema.org/draft/2020-12/vocab/applicator",
                    "https://json-schema.org/draft/2019-09/vocab/applicator":
                    vocabularies.applicator = true
                case "https://json-schema.org/draft/2020-12/vocab/format-assertion":
                    vocabularies.formatAssertion = true
                case "https://json-schema.org/draft/2020-12/vocab/core", "https://json-schema.org/draft/2019-09/vocab/core",
                    "https://json-schema.org/draft/2020-12/vocab/unevaluated",
                    "https://json-schema.org/draft/2020-12/vocab/format-annotation",
                    "https://json-schema.org/draft/2019-09/vocab/format",
                    "https://json-schema.org/draft/2020-12/vocab/content", "https://json-schema.org/draft/2019-09/vocab/content",
                    "https://json-schema.org/draft/2020-12/vocab/meta-data", "https://json-schema.org/draft/2019-09/vocab/meta-data":
                    break
                default:
                    if required {
                        throw problem("the meta-schema \(uri) requires the vocabulary \(name), which Larder does not know", at: loc)
                    }
                }
            }
        }
        return (draft, vocabularies)
    }

    // MARK: Loading

    /// A document by URI, its name in messages and whether it is checked against its
    /// meta-schema: the registry, then the embedded meta-schemas (not checked).
    func loadDocument(_ uri: String) throws(SchemaError) -> (document: JSONDocument, source: String, check: Bool)? {
        if let (doc, source) = try registry.load(uri) { return (doc, source, true) }
        return embeddedMetaSchema(uri).map { ($0, uri, false) }
    }

    /// Checks a document loaded through `$ref` against its draft's meta-schema, as the
    /// schema being compiled is checked (``SchemaOptions/validateSchema``), naming the
    /// document and the line and column of each problem.
    func checkAgainstMetaSchema(_ doc: JSONDocument, source: String, draft: SchemaDraft) throws(SchemaError) {
        guard options.validateSchema, let meta = metaSchemaValidator(draft) else { return }
        let result = meta.validate(doc)
        guard !result.isValid else { return }
        let locator = doc.locator()
        let problems = distinctProblems(result.errors.map { e in
            SchemaError.Problem(
                message: e.message, schemaLocation: e.instanceLocation,
                position: doc.position(of: e.node, using: locator), keywordLocation: e.keywordLocation, file: source)
        })
        throw SchemaError(
            message: "the schema \(source) is not valid against the \(draft) meta-schema (\(problems.count) problem\(problems.count == 1 ? "" : "s"))",
            problems: problems)
    }

    /// The root of the resource `uri` (no fragment), loading its document when needed.
    func resourceRoot(_ uri: String, draft: SchemaDraft, from: Loc, reference: String) throws(SchemaError) -> Loc {
        if let loc = resourceRoots[uri] { return loc }
        guard let (doc, source, check) = try loadDocument(uri) else {
            if let missing = registry.missingFile(for: uri) {
                throw problem("cannot resolve the reference \(reference): \(missing)", at: from)
            }
            if let outside = registry.fileOutsideAllowedFolders(uri) {
                throw problem("cannot resolve the reference \(reference): \(outside)", at: from)
            }
            let lower = uri.lowercased()
            if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                if let advice = registry.outsideAdvice {
                    throw problem("the remote reference \(reference) is not fetched (Larder never downloads schemas): \(advice)", at: from)
                }
                throw problem(
                    "the remote reference \(reference) is not fetched (Larder never downloads schemas): "
                        + "map it to a local folder with --ref-map URI-PREFIX=DIR, for example --ref-map \(suggestedPrefix(uri))=./schemas",
                    at: from)
            }
            throw problem("cannot resolve the reference \(reference): no schema is known as \(uri)", at: from)
        }
        docs.append(doc)
        sources.append(source)
        let loc = Loc(doc: docs.count - 1, node: doc.root)
        var docDraft = draft
        if doc.kind(doc.root) == .object, let s = doc.member(doc.root, "$schema").flatMap({ doc.string($0) }),
            let d = SchemaDraft(metaSchemaURI: s)
        {
            docDraft = d
        }
        if check { try checkAgainstMetaSchema(doc, source: source, draft: docDraft) }
        try scanResource(loc, uri: uri, draft: docDraft)
        return loc
    }

    private func suggestedPrefix(_ uri: String) -> String {
        let u = URIReference(uri)
        var prefix = u
        prefix.query = nil
        prefix.fragment = nil
        if let slash = u.path.lastIndex(of: "/") { prefix.path = String(u.path[...slash]) }
        return prefix.string
    }

    /// Resolves a reference (already absolute) to a schema node.
    func locate(_ uri: String, draft: SchemaDraft, from: Loc, reference: String) throws(SchemaError) -> Loc {
        let (base, fragment) = splitFragment(uri)
        let root = try resourceRoot(base, draft: draft, from: from, reference: reference)
        guard let fragment, !fragment.isEmpty else { return root }
        let decoded = percentDecode(fragment)
        if decoded.hasPrefix("/") {
            guard let pointer = JSONPointer(parsing: decoded) else {
                throw problem("the reference \(reference) has a malformed JSON Pointer", at: from)
            }
            return try walk(root, pointer, reference: reference, from: from)
        }
        if let loc = anchors[base + "#" + fragment] { return loc }
        throw problem("cannot resolve the reference \(reference): no anchor \"\(fragment)\" in \(base.isEmpty ? "the schema" : base)", at: from)
    }

    /// Follows a JSON Pointer from a resource root, scanning the target if it was not seen
    /// as a schema (a pointer into an unknown keyword, for example).
    func walk(_ root: Loc, _ pointer: JSONPointer, reference: String, from: Loc) throws(SchemaError) -> Loc {
        let doc = docs[root.doc]
        guard let rootInfo = info[root] else {
            throw problem("internal: resource \(reference) was not scanned", at: from)
        }
        var node = root.node
        var base = rootInfo.base, draft = rootInfo.draft, resource = root
        var path = rootInfo.pointer
        for (i, token) in pointer.tokens.enumerated() {
            switch doc.kind(node) {
            case .object:
                guard let v = member(Loc(doc: root.doc, node: node), token) else {
                    throw problem("cannot resolve the reference \(reference): nothing at \(pointer)", at: from)
                }
                node = v
            case .array:
                guard let idx = Int(token), let e = doc.element(node, idx) else {
                    throw problem("cannot resolve the reference \(reference): nothing at \(pointer)", at: from)
                }
                node = e
            default:
                throw problem("cannot resolve the reference \(reference): nothing at \(pointer)", at: from)
            }
            path += "/" + escapePointerToken(token)
            let here = Loc(doc: root.doc, node: node)
            if let known = info[here] {
                base = known.base; draft = known.draft; resource = known.resource; path = known.pointer
            } else if i < pointer.tokens.count - 1, doc.kind(node) == .object,
                let id = member(here, idKeyword(draft)).flatMap({ doc.string($0) }), !id.hasPrefix("#")
            {
                base = splitFragment(resolveURI(id, against: base)).base
                resource = here
                path = ""
            }
        }
        let target = Loc(doc: root.doc, node: node)
        if info[target] == nil {
            try scan(target, base: base, draft: draft, vocabularies: rootInfo.vocabularies, resource: resource, pointer: path, isDocumentRoot: false)
        }
        return target
    }

    /// The value of the member `key` of the object at `loc`, as ``JSONDocument/member(_:_:)``
    /// finds it (the last of repeated keys). `member(_:_:)` reads the members in turn, so a
    /// schema whose many `$ref`s point into one large `$defs` would cost (references ×
    /// definitions); a large object is indexed once instead.
    func member(_ loc: Loc, _ key: String) -> Int? {
        let doc = docs[loc.doc]
        guard doc.kind(loc.node) == .object, doc.count(loc.node) > 16 else { return doc.member(loc.node, key) }
        if memberIndex[loc] == nil {
            var index: [[UInt8]: Int] = [:]
            index.reserveCapacity(doc.count(loc.node))
            for (k, v) in doc.members(loc.node) { index[doc.codePointBytes(k)] = v }
            memberIndex[loc] = index
        }
        return memberIndex[loc]![Array(key.utf8)]
    }

    // MARK: Compiling

    /// The program index of the schema at `loc` (compiled later by ``drain()``).
    func compile(_ loc: Loc) -> Int32 {
        if let i = compiled[loc] { return i }
        let index = Int32(program.nodes.count)
        program.nodes.append(SchemaNode())
        program.locations.append(("", ""))
        program.sourceNodes.append(loc)
        inPlace.append([])
        compiled[loc] = index
        pending.append((index, loc))
        return index
    }

    private func resource(for loc: Loc) -> Int32 {
        if let r = resourceIndex[loc] { return r }
        let r = Int32(program.resources.count)
        let uri = info[loc]?.base ?? ""
        var res = ResourceInfo(uri: uri)
        let doc = docs[loc.doc]
        if doc.kind(loc.node) == .object, let a = doc.member(loc.node, "$recursiveAnchor"), doc.kind(a) == .true,
            (info[loc]?.draft ?? .draft2020_12) == .draft2019_09
        {
            res.recursiveAnchor = true
        }
        program.resources.append(res)
        resourceIndex[loc] = r
        resourceLocs.append(loc)
        return r
    }

    private func text(_ s: String) -> Int32 {
        program.strings.append(s)
        return Int32(program.strings.count - 1)
    }

    /// `s` in the program's bytes; `utf8` gives other bytes to compare with (a string's
    /// ``JSONDocument/codePointBytes(_:)``, which keep a lone surrogate apart from U+FFFD).
    private func slice(_ s: String, utf8 bytes: [UInt8]? = nil) -> ByteSlice {
        let start = Int32(program.bytes.count)
        let utf8 = bytes ?? Array(s.utf8)
        program.bytes.append(contentsOf: utf8)
        let prefix = utf8.withUnsafeBufferPointer { $0.isEmpty ? 0 : loadPrefix($0.baseAddress!, $0.count) }
        return ByteSlice(start: start, count: Int32(utf8.count), name: text(s), prefix: prefix)
    }

    /// Compiles one schema node into its operations.
    private func build(_ index: Int32, _ loc: Loc) throws(SchemaError) {
        let doc = docs[loc.doc]
        let n = loc.node
        guard let inf = info[loc] else { throw problem("internal: schema node was not scanned", at: loc) }
        var node = SchemaNode()
        node.resource = resource(for: inf.resource)
        node.draft = inf.draft
        program.locations[Int(index)] = (inf.base, inf.pointer)
        var ops: [Op] = []
        var late: [Op] = []
        var edges: [Int32] = []
        let draft = inf.draft
        let voc = inf.vocabularies

        switch doc.kind(n) {
        case .true:
            break
        case .false:
            ops.append(.falseSchema)
            node.isFalse = true
        case .object:
            func child(_ v: Int) -> Int32 { compile(Loc(doc: loc.doc, node: v)) }
            func member(_ key: String) -> Int? { doc.member(n, key) }
            func schemaList(_ v: Int) -> (Int32, Int32) {
                let first = Int32(program.lists.count)
                var children: [Int32] = []
                for e in doc.elements(v) { children.append(child(e)) }
                program.lists.append(contentsOf: children)
                return (first, Int32(children.count))
            }
            func isSchema(_ v: Int) -> Bool {
                let k = doc.kind(v)
                // Draft 4 allows booleans only for additionalItems/additionalProperties; its
                // meta-schema rejects them elsewhere.
                return k == .object || k == .true || k == .false
            }
            /// The target of the reference `value`, written at node `at` (the `$ref`'s value):
            /// a reference that cannot be resolved is reported there, not at the schema
            /// object holding it.
            func reference(_ value: String, at node: Int) throws(SchemaError) -> Loc {
                let absolute = resolveURI(value, against: inf.base)
                return try locate(absolute, draft: draft, from: Loc(doc: loc.doc, node: node), reference: value)
            }

            let refOnly = draft <= .draft7 && member("$ref") != nil
            if let r = member("$ref"), let value = doc.string(r) {
                do throws(SchemaError) {
                    let target = compile(try reference(value, at: r))
                    ops.append(.ref(target))
                    edges.append(target)
                } catch where error.message.hasPrefix("cannot resolve the reference") {
                    // Kept, and the compile goes on to find the others (the schema is not
                    // used: the compile throws them all at the end).
                    unresolved.append(error)
                }
            }
            if refOnly { break }

            if draft == .draft2020_12, let r = member("$dynamicRef"), let value = doc.string(r) {
                let targetLoc = try reference(value, at: r)
                let target = compile(targetLoc)
                var anchor: String?
                let fragment = splitFragment(value).fragment ?? ""
                let tdoc = docs[targetLoc.doc]
                if !fragment.isEmpty, !fragment.hasPrefix("/"), tdoc.kind(targetLoc.node) == .object,
                    tdoc.member(targetLoc.node, "$dynamicAnchor").flatMap({ tdoc.string($0) }) == fragment
                {
                    anchor = fragment
                    dynamicNames.insert(fragment)
                }
                program.dynamicRefs.append(DynamicRefOp(target: target, anchor: anchor, recursive: false))
                ops.append(.dynamicRef(Int32(program.dynamicRefs.count - 1)))
                edges.append(target)
            }
            if draft == .draft2019_09, let r = member("$recursiveRef"), let value = doc.string(r) {
                let target = compile(try reference(value, at: r))
                usesRecursiveRef = true
                program.dynamicRefs.append(DynamicRefOp(target: target, anchor: nil, recursive: true))
                ops.append(.recursiveRef(Int32(program.dynamicRefs.count - 1)))
                edges.append(target)
            }

            if voc.validation {
                if let t = member("type") {
                    var set = TypeSet()
                    if let name = doc.string(t) {
                        guard let s = TypeSet.named(name) else { throw problem("unknown type \"\(name)\"", at: Loc(doc: loc.doc, node: t)) }
                        set = s
                    } else if doc.kind(t) == .array {
                        for e in doc.elements(t) {
                            guard let name = doc.string(e), let s = TypeSet.named(name) else {
                                throw problem("unknown type \(jsonText(doc, e))", at: Loc(doc: loc.doc, node: e))
                            }
                            set.formUnion(s)
                        }
                    }
                    ops.insert(.type(set, draft4Integers: draft == .draft4), at: 0)
                }
                if let e = member("enum"), doc.kind(e) == .array {
                    ops.append(.enumeration(enumSet(doc, e)))
                }
                if draft >= .draft6, let c = member("const") {
                    program.constants.append(constant(doc, c))
                    program.constantDisplay.append(text(jsonText(doc, c)))
                    ops.append(.constant(Int32(program.constants.count - 1)))
                }
                if let v = member("multipleOf"), doc.kind(v) == .number {
                    ops.append(.multipleOf(number(doc, v, .multipleOf)))
                }
                if draft == .draft4 {
                    let exMax = member("exclusiveMaximum").map { doc.kind($0) == .true } ?? false
                    let exMin = member("exclusiveMinimum").map { doc.kind($0) == .true } ?? false
                    if let v = member("maximum"), doc.kind(v) == .number {
                        ops.append(.number(number(doc, v, exMax ? .exclusiveMaximum : .maximum)))
                    }
                    if let v = member("minimum"), doc.kind(v) == .number {
                        ops.append(.number(number(doc, v, exMin ? .exclusiveMinimum : .minimum)))
                    }
                } else {
                    for (key, kind) in [("maximum", NumberCheck.Kind.maximum), ("minimum", .minimum),
                                        ("exclusiveMaximum", .exclusiveMaximum), ("exclusiveMinimum", .exclusiveMinimum)] {
                        if let v = member(key), doc.kind(v) == .number { ops.append(.number(number(doc, v, kind))) }
                    }
                }
                if let v = member("minLength"), let i = count(doc, v) { ops.append(.minLength(i)) }
                if let v = member("maxLength"), let i = count(doc, v) { ops.append(.maxLength(i)) }
                if let v = member("pattern"), let p = doc.string(v) {
                    ops.append(.pattern(try regex(p, at: Loc(doc: loc.doc, node: v))))
                }
                if let v = member("minItems"), let i = count(doc, v) { ops.append(.minItems(i)) }
                if let v = member("maxItems"), let i = count(doc, v) { ops.append(.maxItems(i)) }
                if let v = member("uniqueItems"), doc.kind(v) == .true { ops.append(.uniqueItems) }
                if let v = member("minProperties"), let i = count(doc, v) { ops.append(.minProperties(i)) }
                if let v = member("maxProperties"), let i = count(doc, v) { ops.append(.maxProperties(i)) }
                if draft >= .draft2019_09, let v = member("dependentRequired"), doc.kind(v) == .object {
                    var entries: [(String, [String])] = []
                    for (k, arr) in doc.members(v) where doc.kind(arr) == .array {
                        entries.append((doc.string(k) ?? "", doc.elements(arr).compactMap { doc.string($0) }))
                    }
                    ops.append(.dependentRequired(dependentRequired(entries)))
                }
            }
            if draft == .draft7 {
                // Draft 7 lets content keywords assert; later drafts make them annotations.
                let base64 = member("contentEncoding").flatMap { doc.string($0) }?.lowercased() == "base64"
                let json = member("contentMediaType").flatMap { doc.string($0) }?.lowercased() == "application/json"
                if base64 || json { ops.append(.content(base64: base64, json: json)) }
            }
            if let f = member("format"), let name = doc.string(f), options.formatAssertion || voc.formatAssertion {
                ops.append(.format(text(name)))
            }

            if voc.applicator {
                // properties, patternProperties, additionalProperties, required: one pass.
                let props = member("properties").flatMap { doc.kind($0) == .object ? $0 : nil }
                let patterns = member("patternProperties").flatMap { doc.kind($0) == .object ? $0 : nil }
                let additional = member("additionalProperties").flatMap { isSchema($0) ? $0 : nil }
                let required = voc.validation ? member("required").flatMap { doc.kind($0) == .array ? $0 : nil } : nil
                if props != nil || patterns != nil || additional != nil || (required.map { doc.count($0) > 0 } ?? false) {
                    ops.append(.object(try objectOp(doc, loc, props, patterns, additional, required)))
                }
                if draft >= .draft6, let v = member("propertyNames"), isSchema(v) {
                    ops.append(.propertyNames(child(v)))
                }
                // dependencies (drafts 4-7, and kept for compatibility later), dependentSchemas.
                var depSchemas: [(String, Int32)] = []
                var depRequired: [(String, [String])] = []
                if let v = member("dependencies"), doc.kind(v) == .object {
                    for (k, d) in doc.members(v) {
                        if doc.kind(d) == .array {
                            depRequired.append((doc.string(k) ?? "", doc.elements(d).compactMap { doc.string($0) }))
                        } else if isSchema(d) {
                            depSchemas.append((doc.string(k) ?? "", child(d)))
                        }
                    }
                }
                if draft >= .draft2019_09, let v = member("dependentSchemas"), doc.kind(v) == .object {
                    for (k, d) in doc.members(v) where isSchema(d) {
                        depSchemas.append((doc.string(k) ?? "", child(d)))
                    }
                }
                if !depRequired.isEmpty { ops.append(.dependentRequired(dependentRequired(depRequired))) }
                if !depSchemas.isEmpty {
                    let first = Int32(program.dependentSchemas.count)
                    for (k, s) in depSchemas {
                        program.dependentSchemas.append((slice(k), s))
                        edges.append(s)
                    }
                    program.dependentSchemaGroups.append((first, Int32(depSchemas.count)))
                    ops.append(.dependentSchemas(Int32(program.dependentSchemaGroups.count - 1)))
                }

                // Arrays.
                var itemsOp = ItemsOp()
                var hasItems = false
                if draft == .draft2020_12 {
                    itemsOp.modern = true
                    if let v = member("prefixItems"), doc.kind(v) == .array {
                        (itemsOp.firstPrefix, itemsOp.prefixCount) = schemaList(v)
                        hasItems = true
                    }
                    if let v = member("items"), isSchema(v) {
                        itemsOp.rest = child(v)
                        hasItems = true
                    }
                } else if let v = member("items") {
                    if doc.kind(v) == .array {
                        (itemsOp.firstPrefix, itemsOp.prefixCount) = schemaList(v)
                        hasItems = true
                        itemsOp.restIsAdditional = true
                        if let a = member("additionalItems"), isSchema(a) { itemsOp.rest = child(a) }
                    } else if isSchema(v) {
                        itemsOp.rest = child(v)
                        hasItems = true
                    }
                }
                if hasItems {
                    program.items.append(itemsOp)
                    ops.append(.items(Int32(program.items.count - 1)))
                }
                if draft >= .draft6, let v = member("contains"), isSchema(v) {
                    var op = ContainsOp(schema: child(v), min: 1, max: nil, annotates: draft == .draft2020_12)
                    if draft >= .draft2019_09 && voc.validation {
                        if let m = member("minContains"), let i = count(doc, m) { op.min = i }
                        if let m = member("maxContains"), let i = count(doc, m) { op.max = i }
                    }
                    program.contains.append(op)
                    ops.append(.contains(Int32(program.contains.count - 1)))
                }

                // In-place applicators.
                for key in ["allOf", "anyOf", "oneOf"] {
                    guard let v = member(key), doc.kind(v) == .array else { continue }
                    let (first, count) = schemaList(v)
                    edges.append(contentsOf: program.lists[Int(first)..<Int(first + count)])
                    switch key {
                    case "allOf": ops.append(.allOf(first: first, count: count))
                    case "anyOf": ops.append(.anyOf(first: first, count: count))
                    default: ops.append(.oneOf(first: first, count: count))
                    }
                }
                if let v = member("not"), isSchema(v) {
                    let c = child(v)
                    ops.append(.not(c))
                    edges.append(c)
                }
                if draft >= .draft7, let v = member("if"), isSchema(v) {
                    let t = member("then").flatMap { isSchema($0) ? child($0) : nil } ?? -1
                    let e = member("else").flatMap { isSchema($0) ? child($0) : nil } ?? -1
                    let c = child(v)
                    program.conditionals.append(ConditionalOp(condition: c, then: t, otherwise: e))
                    ops.append(.conditional(Int32(program.conditionals.count - 1)))
                    edges.append(c)
                    if t >= 0 { edges.append(t) }
                    if e >= 0 { edges.append(e) }
                }
                if draft >= .draft2019_09 {
                    if let v = member("unevaluatedProperties"), isSchema(v) {
                        late.append(.unevaluatedProperties(child(v)))
                        node.tracksEvaluation = true
                    }
                    if let v = member("unevaluatedItems"), isSchema(v) {
                        late.append(.unevaluatedItems(child(v)))
                        node.tracksEvaluation = true
                    }
                }
            }
        default:
            throw problem("a schema must be an object\(draft >= .draft6 ? " or a boolean" : ""), found \(jsonText(doc, n))", at: loc)
        }
        node.opStart = Int32(program.ops.count)
        program.ops.append(contentsOf: ops)
        program.ops.append(contentsOf: late)
        node.opEnd = Int32(program.ops.count)
        program.nodes[Int(index)] = node
        inPlace[Int(index)] = edges
    }

    private func count(_ doc: JSONDocument, _ v: Int) -> Int? {
        guard doc.kind(v) == .number, let d = doc.double(v), d >= 0, d == d.rounded() else { return nil }
        return d > Double(Int.max / 2) ? Int.max / 2 : Int(d)
    }

    private func number(_ doc: JSONDocument, _ v: Int, _ kind: NumberCheck.Kind) -> Int32 {
        let d = doc.double(v) ?? 0
        let exact = doc.number(v) ?? JSONNumber(0)
        var intValue: Int?
        if doc.isIntegerLiteral(v) { intValue = Int(doc.numberLiteral(v)) }
        program.numbers.append(NumberCheck(kind: kind, value: d, isExact: doc.isExactDouble(v), intValue: intValue))
        program.exactNumbers.append(exact)
        return Int32(program.numbers.count - 1)
    }

    private func regex(_ pattern: String, at loc: Loc) throws(SchemaError) -> Int32 {
        do {
            let r = try ECMARegex(pattern)
            program.regexes.append(CompiledPattern(regex: r, source: pattern))
            let box = PatternBox(r)
            program.patternBoxes.append(box)
            program.patternRefs.append(Unmanaged.passUnretained(box))
            return Int32(program.regexes.count - 1)
        } catch {
            throw problem("the pattern \(jsonString(pattern)) is not a valid regular expression: \(error)", at: loc)
        }
    }

    private func enumSet(_ doc: JSONDocument, _ e: Int) -> Int32 {
        var set = EnumSet(firstString: Int32(program.byteSlices.count), stringCount: 0,
                          firstOther: Int32(program.constants.count), otherCount: 0, display: 0)
        var others: [Constant] = []
        var display: [String] = []
        let total = doc.count(e)
        for v in doc.elements(e) {
            if display.count < enumValuesShown { display.append(jsonText(doc, v)) }
            if let s = doc.string(v) {
                program.byteSlices.append(slice(s, utf8: doc.codePointBytes(v)))
                set.stringCount += 1
            } else {
                others.append(constant(doc, v))
            }
        }
        if Int(set.stringCount) >= EnumSet.hashedFrom { hashStrings(of: &set) }
        set.firstOther = Int32(program.constants.count)
        set.otherCount = Int32(others.count)
        program.constants.append(contentsOf: others)
        program.constantDisplay.append(contentsOf: others.map { _ in -1 })
        // Every failing value repeats this list: a long enum names its first values and its
        // size, so a message stays short however many values the schema allows.
        set.display = text(display.joined(separator: ", ") + (total > display.count ? ", … (\(total) values)" : ""))
        program.enums.append(set)
        return Int32(program.enums.count - 1)
    }

    /// Fills `set`'s hash table (``EnumSet/tableStart``): open addressing, at most half full.
    private func hashStrings(of set: inout EnumSet) {
        var capacity = 1
        while capacity < 2 * Int(set.stringCount) { capacity <<= 1 }
        let start = program.enumSlots.count
        program.enumSlots.append(contentsOf: repeatElement(-1, count: capacity))
        for j in Int(set.firstString)..<Int(set.firstString + set.stringCount) {
            let slice = program.byteSlices[j]
            let hash = program.bytes.withUnsafeBufferPointer { $0.baseAddress.map { enumHash($0 + Int(slice.start), Int(slice.count)) } ?? enumHash(nil, 0) }
            var slot = Int(hash & UInt64(capacity - 1))
            while program.enumSlots[start + slot] != -1 { slot = (slot + 1) & (capacity - 1) }
            program.enumSlots[start + slot] = Int32(j)
        }
        set.tableStart = Int32(start)
        set.tableMask = Int32(capacity - 1)
    }

    private func constant(_ doc: JSONDocument, _ v: Int) -> Constant {
        switch doc.kind(v) {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(doc.double(v)!, doc.number(v)!, exact: doc.isExactDouble(v))
        case .string: return .string(doc.codePointBytes(v))
        case .array: return .array(doc.elements(v).map { constant(doc, $0) })
        case .object:
            // Duplicate keys: the last wins, as for instances.
            // Looked up in a set, not among the members kept so far: a large `const`
            // object would cost (members × members).
            let overridden = Set(doc.overriddenKeys(v))
            var members: [(key: [UInt8], value: Constant)] = []
            for (k, m) in doc.members(v) where !overridden.contains(k) {
                members.append((doc.codePointBytes(k), constant(doc, m)))
            }
            return .object(members)
        }
    }

    private func dependentRequired(_ entries: [(String, [String])]) -> Int32 {
        let first = Int32(program.dependentRequired.count)
        for (key, names) in entries {
            let start = Int32(program.byteSlices.count)
            for name in names { program.byteSlices.append(slice(name)) }
            program.dependentRequired.append((slice(key), start, Int32(names.count)))
        }
        program.dependentGroups.append((first, Int32(entries.count)))
        return Int32(program.dependentGroups.count - 1)
    }

    private func objectOp(_ doc: JSONDocument, _ loc: Loc, _ props: Int?, _ patterns: Int?, _ additional: Int?, _ required: Int?) throws(SchemaError) -> Int32 {
        var op = ObjectOp()
        var entries: [(key: String, schema: Int32, bit: Int32)] = []
        if let props {
            for (k, v) in doc.members(props) {
                let kind = doc.kind(v)
                guard kind == .object || kind == .true || kind == .false else { continue }
                let key = doc.string(k) ?? ""
                let s = compile(Loc(doc: loc.doc, node: v))
                if let i = entries.firstIndex(where: { $0.key == key }) { entries[i].schema = s } else { entries.append((key, s, -1)) }
            }
        }
        var requiredNames: [String] = []
        if let required {
            for e in doc.elements(required) {
                guard let name = doc.string(e), !requiredNames.contains(name) else { continue }
                requiredNames.append(name)
            }
        }
        op.requiredCount = Int32(requiredNames.count)
        op.requiredFits = requiredNames.count <= 64
        op.firstRequired = Int32(program.byteSlices.count)
        for name in requiredNames { program.byteSlices.append(slice(name)) }
        if op.requiredFits {
            for (bit, name) in requiredNames.enumerated() {
                if let i = entries.firstIndex(where: { $0.key == name }) {
                    entries[i].bit = Int32(bit)
                } else {
                    entries.append((name, -1, Int32(bit)))
                }
            }
        }
        op.firstProperty = Int32(program.properties.count)
        op.propertyCount = Int32(entries.count)
        for e in entries {
            program.properties.append(PropertyEntry(key: slice(e.key), schema: e.schema, requiredBit: e.bit))
        }
        if let patterns {
            op.firstPattern = Int32(program.patternProperties.count)
            for (k, v) in doc.members(patterns) {
                let kind = doc.kind(v)
                guard kind == .object || kind == .true || kind == .false else { continue }
                let r = try regex(doc.string(k) ?? "", at: Loc(doc: loc.doc, node: k))
                program.patternProperties.append((r, compile(Loc(doc: loc.doc, node: v))))
                op.patternCount += 1
            }
        }
        if let additional { op.additional = compile(Loc(doc: loc.doc, node: additional)) }
        program.objects.append(op)
        return Int32(program.objects.count - 1)
    }

    /// Points each node that is only a `$ref` at the end of its chain of such nodes (the
    /// quiet path jumps there directly). Cycles were rejected before.
    ///
    /// Each chain is followed once: the nodes passed on the way get the chain's end too, and
    /// a later walk stops at a node whose end is known (a chain d0 → d1 → … → dN costs N
    /// steps, not N²/2).
    private func linkRefs() {
        var known = [Bool](repeating: false, count: program.nodes.count)
        var passed: [Int] = []
        for n in program.nodes.indices {
            var target = Int32(n)
            var steps = 0
            passed.removeAll(keepingCapacity: true)
            while steps < program.nodes.count {
                if known[Int(target)] {
                    target = program.nodes[Int(target)].fastTarget
                    break
                }
                let node = program.nodes[Int(target)]
                guard node.opEnd - node.opStart == 1, !node.tracksEvaluation,
                    case .ref(let next) = program.ops[Int(node.opStart)]
                else { break }
                passed.append(Int(target))
                target = next
                steps += 1
            }
            for p in passed {
                program.nodes[p].fastTarget = target
                known[p] = true
            }
            program.nodes[n].fastTarget = target
            known[n] = true
            let node = program.nodes[n]
            if !node.tracksEvaluation && !node.isFalse && node.opEnd > node.opStart,
                let leaf = LeafCheck.make(program.ops[Int(node.opStart)..<Int(node.opEnd)])
            {
                program.nodes[n].isLeaf = true
                program.nodes[n].leaf = leaf
            }
        }
    }

    // MARK: Recursion

    /// The subschemas a node's operations apply (to the value itself or to its members).
    private func subschemas(of n: Int) -> [Int32] {
        var out: [Int32] = []
        let node = program.nodes[n]
        for op in program.ops[Int(node.opStart)..<Int(node.opEnd)] {
            switch op {
            case .items(let x):
                let items = program.items[Int(x)]
                out += program.lists[Int(items.firstPrefix)..<Int(items.firstPrefix + items.prefixCount)]
                out.append(items.rest)
            case .contains(let x): out.append(program.contains[Int(x)].schema)
            case .object(let o):
                let object = program.objects[Int(o)]
                out += program.properties[Int(object.firstProperty)..<Int(object.firstProperty + object.propertyCount)].map(\.schema)
                out += program.patternProperties[Int(object.firstPattern)..<Int(object.firstPattern + object.patternCount)].map(\.schema)
                out.append(object.additional)
            case .propertyNames(let child), .not(let child), .ref(let child),
                 .unevaluatedProperties(let child), .unevaluatedItems(let child):
                out.append(child)
            case .dependentSchemas(let g):
                let group = program.dependentSchemaGroups[Int(g)]
                out += program.dependentSchemas[Int(group.first)..<Int(group.first + group.count)].map(\.schema)
            case .allOf(let first, let count), .anyOf(let first, let count), .oneOf(let first, let count):
                out += program.lists[Int(first)..<Int(first + count)]
            case .conditional(let c):
                let conditional = program.conditionals[Int(c)]
                out += [conditional.condition, conditional.then, conditional.otherwise]
            case .dynamicRef(let d), .recursiveRef(let d):
                out.append(program.dynamicRefs[Int(d)].target)
            default:
                break
            }
        }
        return out.filter { $0 >= 0 }
    }

    /// Marks the nodes that can lead back to themselves (through `$ref`), other than nodes
    /// that are only a `$ref`, as ``SchemaNode/isRecursive``: the evaluator remembers what
    /// they gave for each instance value. Tarjan's strongly connected components, without
    /// recursion (a long chain of definitions must not use up the stack).
    private func markRecursion() {
        let count = program.nodes.count
        let edges = (0..<count).map(subschemas(of:))
        var order = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var next = 0
        for start in 0..<count where order[start] < 0 {
            var work: [(node: Int, edge: Int)] = [(start, 0)]
            order[start] = next; low[start] = next; next += 1
            stack.append(start); onStack[start] = true
            while var top = work.popLast() {
                let out = edges[top.node]
                if top.edge < out.count {
                    let to = Int(out[top.edge])
                    top.edge += 1
                    work.append(top)
                    if order[to] < 0 {
                        order[to] = next; low[to] = next; next += 1
                        stack.append(to); onStack[to] = true
                        work.append((to, 0))
                    } else if onStack[to] {
                        low[top.node] = min(low[top.node], order[to])
                    }
                    continue
                }
                if let parent = work.last { low[parent.node] = min(low[parent.node], low[top.node]) }
                guard low[top.node] == order[top.node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == top.node { break }
                }
                let cyclic = component.count > 1 || out.contains(Int32(top.node))
                guard cyclic else { continue }
                for member in component where program.nodes[member].fastTarget == Int32(member) {
                    program.nodes[member].isRecursive = true
                }
            }
        }
    }

    // MARK: Cycles

    /// Rejects `$ref` cycles that never move into the instance (`{"$ref": "#"}`): they
    /// would recurse forever.
    private func checkCycles() throws(SchemaError) {
        let count = inPlace.count
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on stack, 2 done
        for start in 0..<count where state[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while var top = stack.popLast() {
                let edges = inPlace[top.node]
                if top.next < edges.count {
                    let to = Int(edges[top.next])
                    top.next += 1
                    stack.append(top)
                    if state[to] == 1 {
                        let loc = compiled.first(where: { $0.value == Int32(to) })?.key ?? rootLoc
                        let where_ = program.locations[to]
                        let name = where_.base.isEmpty ? "#" + where_.pointer : where_.base + "#" + where_.pointer
                        throw problem(
                            "infinite recursion: the schema at \(name) refers back to itself (through $ref or an in-place applicator) without moving into the instance",
                            at: loc)
                    }
                    if state[to] == 0 {
                        state[to] = 1
                        stack.append((to, 0))
                    }
                } else {
                    state[top.node] = 2
                }
            }
        }
    }

    // MARK: Problems

    /// A compile error at `loc`, with its JSON Pointer, line and column, and the name of its
    /// document when that is not the schema being compiled (one loaded through `$ref`).
    func problem(_ message: String, at loc: Loc) -> SchemaError {
        let doc = docs[loc.doc]
        let start = loc.doc == 0 ? rootLoc.node : doc.root
        let pointer = relativePointer(doc, from: start, to: loc.node)
        return SchemaError(message, at: pointer, position: doc.position(of: loc.node), file: sources[loc.doc])
    }
}

/// How many of an `enum`'s values its failure message names (a longer list ends with the
/// number of values).
let enumValuesShown = 10

/// Compact JSON text of a value, shortened for messages.
func jsonText(_ doc: JSONDocument, _ n: Int) -> String {
    let text = JSONWriter.compact.string(doc.value(n))
    return text.count > 80 ? String(text.prefix(77)) + "..." : text
}

/// A Swift string as JSON text.
func jsonString(_ s: String) -> String {
    JSONWriter.compact.string(.string(s))
}

/// The pointer from `start` down to `target` (which must be inside `start`'s subtree).
/// Each container on the way is searched from its checkpoints
/// (``JSONDocument/child(of:holding:)``), so the errors of a 100,000-element array or a
/// 64,000-member object do not each walk the members before them.
func relativePointer(_ doc: JSONDocument, from start: Int, to target: Int) -> JSONPointer {
    doc.pointer(to: target, from: start, basePointer: .root)
}
