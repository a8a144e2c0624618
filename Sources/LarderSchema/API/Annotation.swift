import LarderJSON

/// One annotation a schema keyword attached to an instance value (2020-12 Core, section 7.7):
/// `title`, `description`, `default`, `deprecated`, `readOnly`, `writeOnly`, `examples`,
/// `format`, the content keywords (on strings), a keyword the draft does not know, or what
/// an applicator evaluated (`properties`: the names it matched; `items`: `true`).
///
/// Annotations are collected only by ``JSONSchema/annotations(_:at:)`` and the output
/// formats of a valid instance; ``JSONSchema/isValid(_:at:)`` and
/// ``JSONSchema/validate(_:at:)`` never make them.
public struct SchemaAnnotation: Sendable, Hashable, CustomStringConvertible {
    /// The keyword: `title`, `readOnly`, `properties`, `x-unknown`.
    public var keyword: String
    /// The annotation's value: the keyword's value, or for an applicator what it evaluated
    /// (an array of property names or item indices, the largest index, or `true`).
    public var value: JSONValue
    /// Where in the instance: `/ingredients/3`.
    public var instanceLocation: JSONPointer
    /// The path through the schema that was evaluated, `$ref`s included:
    /// `/properties/ingredients/items/$ref/title`.
    public var keywordLocation: String
    /// The keyword's absolute location: the URI of the schema resource that holds it, with a
    /// JSON Pointer fragment (nil when the schema has no absolute URI).
    public var absoluteKeywordLocation: String?
    /// The instance value's node in the evaluated ``JSONDocument``.
    public var node: Int
    /// The schema nodes entered on the way to the keyword, outermost first: recorded only
    /// for the `detailed` output format, which nests its units by them.
    var trail: [TrailStep] = []

    /// An annotation with every location given.
    public init(keyword: String, value: JSONValue, instanceLocation: JSONPointer, keywordLocation: String, absoluteKeywordLocation: String?, node: Int) {
        self.keyword = keyword
        self.value = value
        self.instanceLocation = instanceLocation
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.node = node
    }

    /// `/servings: title = "Servings" (/properties/servings/title)`.
    public var description: String {
        "\(instanceLocation.tokens.isEmpty ? "(root)" : instanceLocation.description): \(keyword) = \(JSONWriter(style: .compact).string(value)) (\(keywordLocation))"
    }
}

/// The verdict on an instance with the annotations its valid subschemas made. When the
/// instance is not valid, ``annotations`` is empty: a subschema that fails drops its own
/// annotations and those of every subschema below it, and the root failed.
public struct AnnotationResult: Sendable, Hashable {
    public var isValid: Bool
    /// In the order evaluation made them: a schema's annotation keywords (`title`) before
    /// its subschemas' annotations, an applicator's (`properties`) after them.
    public var annotations: [SchemaAnnotation]

    public init(isValid: Bool, annotations: [SchemaAnnotation]) {
        self.isValid = isValid
        self.annotations = annotations
    }

    /// The annotations of `keyword` on the value at `instanceLocation`.
    public func annotations(_ keyword: String, at instanceLocation: JSONPointer) -> [SchemaAnnotation] {
        annotations.filter { $0.keyword == keyword && $0.instanceLocation == instanceLocation }
    }
}

/// The keywords of drafts 4 to 2020-12 that are not annotations of their own value, or that
/// annotate only in some cases (the content keywords, `format`): every other keyword of a
/// schema object is unknown, and its value is an annotation.
let knownKeywords: Set<String> = [
    "$schema", "$id", "id", "$ref", "$anchor", "$dynamicAnchor", "$dynamicRef", "$recursiveRef", "$recursiveAnchor",
    "$vocabulary", "$comment", "$defs", "definitions",
    "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
    "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
    "maxProperties", "minProperties", "required", "dependentRequired",
    "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies",
    "prefixItems", "items", "additionalItems", "contains", "properties", "patternProperties",
    "additionalProperties", "propertyNames", "unevaluatedItems", "unevaluatedProperties",
    "format", "contentEncoding", "contentMediaType", "contentSchema",
    "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
]
