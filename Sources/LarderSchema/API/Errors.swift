import LarderJSON

/// A schema that cannot be compiled: not valid against its meta-schema, a `$ref` that
/// nothing resolves, a pattern that is not a regular expression, a `$ref` cycle.
///
/// ``problems`` lists each problem with where it is in the schema (line and column when
/// the schema was given as a ``JSONDocument``).
public struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem in a schema.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, in plain words.
        public var message: String
        /// The JSON Pointer of the offending value in the schema document.
        public var schemaLocation: JSONPointer?
        /// Where the offending value starts in the schema's source text.
        public var position: SourcePosition?
        /// The keyword of the meta-schema (or the engine) that raised it.
        public var keywordLocation: String?
        /// The schema document the problem is in when it is not the one being compiled but
        /// one reached through `$ref`: its file path (for a `file://` URI or a folder of
        /// ``SchemaRegistry/map(prefix:to:)``) or its URI. ``schemaLocation`` and
        /// ``position`` are then in that document.
        public var file: String?

        /// A problem with its message and, where known, its place in the schema.
        public init(
            message: String, schemaLocation: JSONPointer? = nil, position: SourcePosition? = nil, keywordLocation: String? = nil,
            file: String? = nil
        ) {
            self.message = message
            self.schemaLocation = schemaLocation
            self.position = position
            self.keywordLocation = keywordLocation
            self.file = file
        }

        /// `3:15: /properties/age/minimum: expected a number, found a string`, after
        /// `schemas/common.json:` when the problem is in a referenced ``file``.
        public var description: String {
            var out = ""
            if let file { out += file + (position == nil ? ": " : ":") }
            if let position { out += "\(position.line):\(position.column): " }
            if let schemaLocation { out += (schemaLocation.tokens.isEmpty ? "(root)" : schemaLocation.description) + ": " }
            return out + message
        }
    }

    /// A one-line summary.
    public var message: String
    /// Each problem found (at least one).
    public var problems: [Problem]

    /// An error with a summary and its problems (the summary alone when there are none).
    public init(message: String, problems: [Problem] = []) {
        self.message = message
        self.problems = problems.isEmpty ? [Problem(message: message)] : problems
    }

    init(_ message: String, at pointer: JSONPointer?, position: SourcePosition?, file: String? = nil) {
        self.message = message
        self.problems = [Problem(message: message, schemaLocation: pointer, position: position, file: file)]
    }

    /// The summary and each problem on its own line, `line:column: pointer: message`.
    public var description: String {
        if problems.count == 1 && problems[0].message == message {
            return problems[0].description
        }
        return ([message] + problems.map { "  " + $0.description }).joined(separator: "\n")
    }
}

/// One reason an instance is not valid.
///
///     for error in schema.validate(doc).errors {
///         let at = doc.position(of: error.node)
///         print("\(at): \(error.instanceLocation): \(error.message)")
///     }
public struct ValidationError: Sendable, Hashable, CustomStringConvertible {
    /// Where in the instance: `/ingredients/3/quantity`.
    public var instanceLocation: JSONPointer
    /// The path through the schema that was evaluated, `$ref`s included:
    /// `/items/$ref/properties/quantity/minimum`.
    public var keywordLocation: String
    /// The keyword's absolute location, `https://example.com/recipe.json#/$defs/ingredient/properties/quantity/minimum`
    /// (nil when the schema has no absolute URI).
    public var absoluteKeywordLocation: String?
    /// What is wrong, naming the value and the expectation: `-2 is less than the minimum 1`.
    public var message: String
    /// The instance value's node in the validated ``JSONDocument`` (for line and column).
    public var node: Int
    /// The keyword that failed: `minimum`, `required`, `additionalProperties`.
    public var keyword: String
    /// For `additionalProperties: false`, the properties the schema names there, from which
    /// a reporter may suggest the one a misspelt key meant (`ingredeints`); else empty.
    public var alternatives: [String] = []
    /// The schema nodes entered on the way to the keyword, outermost first: recorded only
    /// for the standard output formats (``JSONSchema/output(_:at:format:)``), which nest
    /// their units by them and give each its instance and absolute location.
    var trail: [TrailStep] = []
    /// Whether this error sums up the failing branches reported after it, under its
    /// keyword location (`anyOf`/`oneOf` in the output formats).
    var summarizes = false

    /// An error with every location given.
    public init(instanceLocation: JSONPointer, keywordLocation: String, absoluteKeywordLocation: String?, message: String, node: Int, keyword: String) {
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.message = message
        self.node = node
        self.keyword = keyword
    }

    /// `/ingredients/3/quantity: -2 is less than the minimum 0`.
    public var description: String {
        (instanceLocation.tokens.isEmpty ? "(root)" : instanceLocation.description) + ": " + message
    }
}

/// A schema node entered during a collecting evaluation: the keyword location's length
/// (in UTF-8 bytes) when it was entered, the node, and the instance value it applies to.
struct TrailStep: Sendable, Hashable {
    var pathLength: Int32
    var node: Int32
    var instance: Int
}

/// The outcome of ``JSONSchema/validate(_:at:)``.
public struct ValidationResult: Sendable, Hashable {
    /// Whether the instance is valid.
    public var isValid: Bool { errors.isEmpty }
    /// Every error found, in document order of the schema walk (empty when valid).
    public var errors: [ValidationError]

    /// A result holding `errors` (valid when empty).
    public init(errors: [ValidationError]) {
        self.errors = errors
    }
}
