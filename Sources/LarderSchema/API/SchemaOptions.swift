import LarderJSON

/// A JSON Schema draft (a dialect), as `$schema` names it.
public enum SchemaDraft: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// Draft 4 (`http://json-schema.org/draft-04/schema#`).
    case draft4 = "draft4"
    /// Draft 6 (`http://json-schema.org/draft-06/schema#`).
    case draft6 = "draft6"
    /// Draft 7 (`http://json-schema.org/draft-07/schema#`).
    case draft7 = "draft7"
    /// Draft 2019-09 (`https://json-schema.org/draft/2019-09/schema`).
    case draft2019_09 = "draft2019-09"
    /// Draft 2020-12 (`https://json-schema.org/draft/2020-12/schema`), the default.
    case draft2020_12 = "draft2020-12"

    /// The URI of the draft's official meta-schema, as `$schema` names it.
    public var metaSchemaURI: String {
        switch self {
        case .draft4: "http://json-schema.org/draft-04/schema#"
        case .draft6: "http://json-schema.org/draft-06/schema#"
        case .draft7: "http://json-schema.org/draft-07/schema#"
        case .draft2019_09: "https://json-schema.org/draft/2019-09/schema"
        case .draft2020_12: "https://json-schema.org/draft/2020-12/schema"
        }
    }

    /// The draft whose meta-schema URI is `uri` (with or without a trailing `#`, http or https).
    public init?(metaSchemaURI uri: String) {
        var u = uri
        while u.hasSuffix("#") { u.removeLast() }
        if u.hasPrefix("https://") { u = "http://" + u.dropFirst(8) }
        switch u {
        case "http://json-schema.org/draft-04/schema": self = .draft4
        case "http://json-schema.org/draft-06/schema": self = .draft6
        case "http://json-schema.org/draft-07/schema": self = .draft7
        case "http://json-schema.org/draft/2019-09/schema": self = .draft2019_09
        case "http://json-schema.org/draft/2020-12/schema": self = .draft2020_12
        default: return nil
        }
    }

    /// The draft's name as the test suite's folders spell it (`draft2020-12`).
    public var description: String { rawValue }

    var order: Int {
        switch self {
        case .draft4: 4
        case .draft6: 6
        case .draft7: 7
        case .draft2019_09: 2019
        case .draft2020_12: 2020
        }
    }

    public static func < (a: SchemaDraft, b: SchemaDraft) -> Bool { a.order < b.order }
}

/// How a schema is compiled and how instances are checked.
///
///     var options = SchemaOptions()
///     options.formatAssertion = true      // "format": "email" rejects "nope"
///     let schema = try JSONSchema(doc, options: options)
public struct SchemaOptions: Sendable {
    /// The draft of a schema that has no `$schema` (a known `$schema` always wins).
    /// Nil means 2020-12.
    public var draft: SchemaDraft?
    /// Whether `format` rejects values that do not match a known format. Off by default, as
    /// 2019-09 and 2020-12 say (there `format` is an annotation); on, unknown formats pass.
    public var formatAssertion: Bool
    /// The URI the schema is known by, for resolving relative `$ref`s and `$id`s (for a
    /// schema file, its `file://` URL). Nil: the schema's own `$id`, or none.
    public var baseURI: String?
    /// Whether the schema is first checked against its draft's meta-schema (a schema that is
    /// not valid is a ``SchemaError`` listing each problem with its line and column).
    public var validateSchema: Bool
    /// The most subschemas evaluation applies to one instance value without moving into it
    /// (nested `$ref`, `$dynamicRef`, `allOf`, ... on the same value) before validation
    /// stops with an error: the guard against a `$dynamicRef` cycle, which compiling cannot
    /// see (a `$ref` cycle that never moves into the instance is a ``SchemaError``).
    ///
    /// Moving into a member or an element starts the count again: an instance is followed
    /// as deep as the parser accepted it (512 levels by default). Evaluation also watches
    /// the stack, and stops with an error ("the instance nests too deeply for the stack of
    /// this thread") rather than run out of it. Measured on 512-level instances with
    /// recursive schemas (1 to 3 steps a level, every error collected): an optimized build
    /// needs at most about 1.2 MB of stack, a debug build about 6.5 MB, so threads of 8 MB
    /// (the main thread, and the Swift concurrency pool on Linux) validate them; a 512 KB
    /// thread (the pool on Apple platforms) gets the error for the deepest ones.
    public var maxDepth: Int

    /// Options with the defaults: 2020-12 for schemas without `$schema`, `format` as an
    /// annotation, the schema checked against its meta-schema, at most 600 subschemas in
    /// place on one value.
    public init(
        draft: SchemaDraft? = nil, formatAssertion: Bool = false, baseURI: String? = nil,
        validateSchema: Bool = true, maxDepth: Int = 600
    ) {
        self.draft = draft
        self.formatAssertion = formatAssertion
        self.baseURI = baseURI
        self.validateSchema = validateSchema
        self.maxDepth = maxDepth
    }
}

/// The standard output formats of JSON Schema 2020-12 (Core, section 12); see
/// ``JSONSchema/output(_:at:format:)``.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// `{"valid": true}` only.
    case flag
    /// The root output unit with a flat list of output units, one per failing keyword.
    case basic
    /// The root output unit with units nested as the schema is: one per keyword and
    /// subschema on the way to a failure, a unit with a single child replaced by it.
    case detailed
}
