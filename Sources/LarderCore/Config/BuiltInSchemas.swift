import LarderJSON
import LarderSchema

/// The schemas Larder ships (`Schemas/` in the repository, compiled into the binary): the
/// content kinds `recipe`, `location`, `product` and `taxonomy`, their `common`
/// definitions, and `config` for `larder.yml`.
public enum BuiltInSchemas {
    /// The content kinds with a built-in schema and rules.
    public static let kinds = ["recipe", "location", "product", "taxonomy"]

    /// Every built-in schema's name: `common`, `config`, `location`, `product`, `recipe`,
    /// `taxonomy`.
    public static var names: [String] { builtInSchemaSources.map(\.name) }

    /// The text of the schema `name`, exactly as shipped.
    public static func text(_ name: String) -> String? {
        builtInSchemaSources.first { $0.name == name }?.json
    }

    /// The `$id` of the schema `name` (`https://larder.dev/schemas/recipe.schema.json`).
    public static func uri(_ name: String) -> String? {
        builtInSchemaSources.first { $0.name == name }?.uri
    }

    /// A registry that knows every built-in schema by its `$id`, so a team's schema can
    /// `$ref` them (`https://larder.dev/schemas/common.schema.json#/$defs/localizedText`).
    public static func registry() -> SchemaRegistry {
        var registry = SchemaRegistry()
        for source in builtInSchemaSources {
            // The sources are checked by the test suite; a broken one is a build problem.
            if let doc = try? JSONDocument(parsing: source.json) { registry.add(uri: source.uri, document: doc) }
        }
        return registry
    }

    /// Compiles the built-in schema `name` (nil for an unknown name), with `format` as an
    /// assertion when `formatAssertion` is true.
    public static func compile(_ name: String, formatAssertion: Bool = false) throws(SchemaError) -> JSONSchema? {
        guard let text = text(name) else { return nil }
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: text)
        } catch {
            throw SchemaError(message: "the built-in schema \(name) is not valid JSON: \(error)")
        }
        // The shipped schemas are checked against their meta-schema by the test suite, so a
        // run does not pay for it again.
        return try JSONSchema(doc, options: SchemaOptions(formatAssertion: formatAssertion, baseURI: uri(name), validateSchema: false), registry: registry())
    }
}
