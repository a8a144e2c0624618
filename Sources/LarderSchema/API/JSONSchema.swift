import Foundation
import LarderJSON

/// A compiled JSON Schema: compile once, validate many documents, from any number of tasks.
///
///     let schema = try JSONSchema(JSONDocument(parsing: schemaBytes))
///     let doc = try JSONDocument(parsing: bytes)
///     if !schema.isValid(doc) {
///         for error in schema.validate(doc).errors {
///             print(doc.position(of: error.node), error.message)
///         }
///     }
///
/// Drafts 4, 6, 7, 2019-09 and 2020-12 are supported, chosen by `$schema` (or
/// ``SchemaOptions/draft`` for a schema without one; 2020-12 by default). Instances are
/// checked on the parsed tape without building `JSONValue` trees.
///
/// - Complexity: ``isValid(_:at:)`` visits each instance value once per subschema that
///   applies to it and allocates nothing for schemas without `unevaluated*` or recursion.
///   A recursive subschema's result on each value is remembered, so alternatives that go
///   down the same subtree (`oneOf: [folder, group]`, both with the same `children`) take
///   time in proportion to the instance, not doubling with each level; ``validate(_:at:)``
///   remembers the errors too.
public struct JSONSchema: Sendable {
    let box: ProgramBox
    /// The draft of the schema's root.
    public let draft: SchemaDraft
    /// The options the schema was compiled with.
    public let options: SchemaOptions

    /// Compiles the schema at `node` (the root by default) of a parsed document.
    ///
    /// Throws a ``SchemaError`` when the schema is not valid against its meta-schema (each
    /// problem with its line and column), when a `$ref` cannot be resolved (remote ones are
    /// never fetched: map them with ``SchemaRegistry/map(prefix:to:)``), when a pattern is not a
    /// regular expression, or when `$ref`s form a cycle that would never end.
    public init(_ schema: JSONDocument, at node: Int? = nil, options: SchemaOptions = SchemaOptions(), registry: SchemaRegistry = SchemaRegistry()) throws(SchemaError) {
        let root = node ?? schema.root
        var draft = options.draft ?? .draft2020_12
        var metaDraft = draft
        if schema.kind(root) == .object, let s = schema.member(root, "$schema").flatMap({ schema.string($0) }) {
            if let d = SchemaDraft(metaSchemaURI: s) {
                draft = d
                metaDraft = d
            } else if let meta = (try? registry.lookup(normalizedResourceURI(s))) ?? nil,
                let ms = meta.member(meta.root, "$schema").flatMap({ meta.string($0) }), let d = SchemaDraft(metaSchemaURI: ms)
            {
                draft = d
                metaDraft = d
            } else if options.draft == nil, let unsupported = unsupportedDraftMessage(s, draftAdvice: registry.draftAdvice) {
                // Read under 2020-12 rules, a draft-03 schema's keywords would be ignored
                // or misread, and instances pass that the schema rejects.
                throw SchemaError(message: unsupported)
            }
        }
        if options.validateSchema, let meta = metaSchemaValidator(metaDraft) {
            let result = meta.validate(schema, at: root)
            if !result.isValid {
                let locator = schema.locator()
                let problems = distinctProblems(result.errors.map { e in
                    SchemaError.Problem(
                        message: e.message, schemaLocation: e.instanceLocation,
                        position: schema.position(of: e.node, using: locator), keywordLocation: e.keywordLocation)
                })
                throw SchemaError(
                    message: "the schema is not valid against the \(metaDraft) meta-schema (\(problems.count) problem\(problems.count == 1 ? "" : "s"))",
                    problems: problems)
            }
        }
        let compiler = Compiler(registry: registry, options: options)
        let program = try compiler.compileRoot(schema, node: root, draft: draft)
        self.box = ProgramBox(program)
        self.draft = draft
        self.options = options
    }

    /// Parses and compiles a schema given as JSON text.
    public init(json: String, options: SchemaOptions = SchemaOptions(), registry: SchemaRegistry = SchemaRegistry()) throws(SchemaError) {
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: json)
        } catch {
            throw SchemaError("the schema is not valid JSON: \(error.message)", at: nil, position: error.position)
        }
        try self.init(doc, options: options, registry: registry)
    }

    /// Reads and compiles the schema file at `path`. Relative `$ref`s resolve beside the
    /// file, and `file://` references may load files under `root` (by default the schema's
    /// own folder) and nowhere else.
    ///
    ///     let schema = try JSONSchema(contentsOfFile: "schemas/recipe.schema.json", root: ".")
    public init(contentsOfFile path: String, root: String? = nil, options: SchemaOptions = SchemaOptions(), registry: SchemaRegistry = SchemaRegistry()) throws(SchemaError) {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(url.path)
        } catch {
            throw SchemaError(message: "cannot read the schema \(path): \(error.reason)")
        }
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: bytes)
        } catch {
            throw SchemaError("the schema is not valid JSON: \(error.message)", at: nil, position: error.position)
        }
        var options = options
        if options.baseURI == nil { options.baseURI = url.absoluteString }
        var registry = registry
        registry.allowFiles(under: root ?? url.deletingLastPathComponent().path)
        try self.init(doc, options: options, registry: registry)
    }

    /// Whether the value at `node` (the root by default) is valid. Stops at the first
    /// failure and collects nothing: the fast path.
    public func isValid(_ doc: JSONDocument, at node: Int? = nil) -> Bool {
        evaluate(doc, node ?? doc.root, collect: false).valid
    }

    /// Validates the value at `node` (the root by default) and returns every error.
    ///
    /// For `anyOf`/`oneOf` failures only the errors of the branch that came closest are
    /// reported. The quiet path runs first, so a valid document costs what ``isValid(_:at:)``
    /// costs.
    public func validate(_ doc: JSONDocument, at node: Int? = nil) -> ValidationResult {
        let start = node ?? doc.root
        if evaluate(doc, start, collect: false).valid { return ValidationResult(errors: []) }
        let result = evaluate(doc, start, collect: true)
        return ValidationResult(errors: result.errors)
    }

    /// The result in one of the standard output formats of JSON Schema 2020-12 (Core,
    /// section 12), each output unit with its `valid`, `keywordLocation`, `instanceLocation`
    /// and, when the schema has an absolute URI (its `$id`, or the file it was read from),
    /// `absoluteKeywordLocation`: the keyword's place in the schema resource that holds it,
    /// after any `$ref`, as that resource's URI with a JSON Pointer fragment.
    ///
    /// - ``OutputFormat/flag``: `{"valid": false}`.
    /// - ``OutputFormat/basic``: the root unit (`keywordLocation` and `instanceLocation`
    ///   `""`) with `errors`, a flat list of the failing keywords' units.
    /// - ``OutputFormat/detailed``: the root unit with units nested as the schema is, one
    ///   for each keyword and subschema on the way to a failure (`/properties`, then
    ///   `/properties/a`, then `/properties/a/$ref`, ...), a unit with a single child being
    ///   replaced by that child.
    ///
    /// A valid instance's root unit holds its annotations (``annotations(_:at:)``) as
    /// `annotations`, each a unit with `valid` (true), its locations and `annotation` (the
    /// value): flat in `basic`, in `detailed` nested under a unit for each subschema on the
    /// way.
    ///
    /// Unlike ``validate(_:at:)``, which names the `anyOf`/`oneOf` branch that came closest,
    /// the output keeps the errors of every failing branch, under a unit for the keyword
    /// whose `error` sums them up.
    public func output(_ doc: JSONDocument, at node: Int? = nil, format: OutputFormat) -> JSONValue {
        // The flag format is the verdict alone (2020-12 Core 12.4.1): no errors are collected.
        if format == .flag { return ["valid": .bool(isValid(doc, at: node))] }
        let start = node ?? doc.root
        let builder = OutputBuilder(program: box.program, doc: doc, start: start)
        // A valid instance's units are its annotations (Core 12.3.3, 12.4.2).
        let annotated = evaluate(doc, start, collect: false, forOutput: format == .detailed, annotating: true)
        if annotated.valid { return builder.valid(annotated.annotations, format: format) }
        return builder.build(evaluate(doc, start, collect: true, forOutput: true).errors, format: format)
    }

    /// Evaluates the value at `node` (the root by default) collecting annotations: the
    /// verdict, and for a valid instance the annotations of every subschema that passed
    /// (2020-12 Core, section 7.7): `title`, `description`, `default`, `deprecated`,
    /// `readOnly`, `writeOnly`, `examples`, `format`, the content keywords (on strings),
    /// unknown keywords, and what the applicators evaluated (`properties`: the names they
    /// matched; `prefixItems`: the largest index or `true`; `contains`: the indices that
    /// matched; `unevaluatedProperties`, `unevaluatedItems`).
    ///
    /// A subschema that fails drops its own annotations and those of the subschemas below it
    /// (a failing `anyOf` branch, an item that does not match `contains`, everything under
    /// `not`), so an invalid instance has none. A separate evaluation: ``isValid(_:at:)`` and
    /// ``validate(_:at:)`` collect nothing and take the quiet path as before; this one
    /// evaluates every branch (each `anyOf` branch, every item against `contains`).
    ///
    ///     let result = schema.annotations(doc)
    ///     for a in result.annotations("readOnly", at: "/id") { print(a.value, a.keywordLocation) }
    public func annotations(_ doc: JSONDocument, at node: Int? = nil) -> AnnotationResult {
        let result = evaluate(doc, node ?? doc.root, collect: false, annotating: true)
        return AnnotationResult(isValid: result.valid, annotations: result.valid ? result.annotations : [])
    }

    private func evaluate(_ doc: JSONDocument, _ start: Int, collect: Bool, forOutput: Bool = false, annotating: Bool = false)
        -> (valid: Bool, errors: [ValidationError], annotations: [SchemaAnnotation])
    {
        let box = self.box
        return box.program.nodes.withUnsafeBufferPointer { nodes in
            box.program.ops.withUnsafeBufferPointer { ops in
                box.program.bytes.withUnsafeBufferPointer { keyBytes in
                    box.program.properties.withUnsafeBufferPointer { properties in
                        box.program.lists.withUnsafeBufferPointer { lists in
                            box.program.objects.withUnsafeBufferPointer { objects in
                                box.program.numbers.withUnsafeBufferPointer { numbers in
                                    box.program.byteSlices.withUnsafeBufferPointer { slices in
                                        box.program.patternRefs.withUnsafeBufferPointer { patterns in
                                        doc.bytes.withUnsafeBufferPointer { bytes in
                                            var evaluator = Evaluator(
                                                box: box, nodes: nodes, ops: ops, keyBytes: keyBytes, properties: properties,
                                                lists: lists, objects: objects, numbers: numbers, slices: slices, patterns: patterns, doc: doc,
                                                bytes: bytes, start: start, maxDepth: options.maxDepth,
                                                usesDynamicScope: box.program.usesDynamicScope, collect: collect,
                                                alwaysGeneral: box.program.usesDynamicScope || annotating, forOutput: forOutput)
                                            evaluator.annotating = annotating
                                            evaluator.tracksPath = collect || annotating
                                            var none: Annotations? = nil
                                            var ok = evaluator.eval(box.program.root, start, &none)
                                            if evaluator.stop != nil {
                                                // Too deep anywhere fails the whole evaluation.
                                                ok = false
                                                evaluator.reportStop()
                                            }
                                            return (ok, evaluator.errors, evaluator.annotations)
                                        }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The official meta-schema of `draft`, compiled once on first use (each draft separately).
func metaSchemaValidator(_ draft: SchemaDraft) -> JSONSchema? {
    switch draft {
    case .draft4: metaDraft4
    case .draft6: metaDraft6
    case .draft7: metaDraft7
    case .draft2019_09: metaDraft2019
    case .draft2020_12: metaDraft2020
    }
}

private let metaDraft4 = compileMetaSchema(.draft4)
private let metaDraft6 = compileMetaSchema(.draft6)
private let metaDraft7 = compileMetaSchema(.draft7)
private let metaDraft2019 = compileMetaSchema(.draft2019_09)
private let metaDraft2020 = compileMetaSchema(.draft2020_12)

private func compileMetaSchema(_ draft: SchemaDraft) -> JSONSchema? {
    guard let doc = embeddedMetaSchema(draft.metaSchemaURI) else { return nil }
    let options = SchemaOptions(draft: draft, baseURI: normalizedResourceURI(draft.metaSchemaURI), validateSchema: false)
    return try? JSONSchema(doc, options: options)
}

/// The problems with each one kept once: the same mistake at the same place is reported
/// by several branches of a meta-schema (2020-12's `items` through each of its `allOf`
/// vocabularies), and a user must not read one mistake as eight.
func distinctProblems(_ problems: [SchemaError.Problem]) -> [SchemaError.Problem] {
    var seen = Set<String>()
    return problems.filter { seen.insert("\($0.file ?? "")\u{0}\($0.schemaLocation?.description ?? "")\u{0}\($0.message)").inserted }
}

/// Why a `$schema` naming a JSON Schema draft that Larder does not support (draft-03 and
/// older, or the undated `http://json-schema.org/schema#`) cannot be used; nil for any
/// other URI. Such a schema is refused rather than read under 2020-12 rules, which would
/// ignore its keywords (draft-03's `divisibleBy`) and pass instances it rejects.
///
/// `draftAdvice` is how the caller's user chooses the draft instead (`larder validate`:
/// "choose the rules to validate with (--draft)"); `larder lint`, whose team schemas have
/// no such setting, gives none (it advised a `--draft` that lint does not take).
func unsupportedDraftMessage(_ uri: String, draftAdvice: String? = nil) -> String? {
    guard let host = URL(string: uri)?.host?.lowercased(), host == "json-schema.org" || host == "www.json-schema.org" else { return nil }
    return "the schema's $schema is \(uri), a draft Larder does not support; Larder supports drafts 2020-12, 2019-09, 7, 6 and 4: "
        + "name one of them in $schema" + (draftAdvice.map { ", or \($0)" } ?? "")
}
