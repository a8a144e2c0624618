import LarderJSON
import LarderSchema
import Testing
@testable import LarderCore

/// The shipped schemas are valid against their meta-schema (runs skip that check for
/// them, so this test is what guarantees it) and compile with each other.
@Suite struct BuiltInSchemasTests {
    @Test(arguments: BuiltInSchemas.names)
    func validAgainstTheMetaSchema(_ name: String) throws {
        let text = try #require(BuiltInSchemas.text(name))
        let doc = try JSONDocument(parsing: text)
        _ = try JSONSchema(doc, options: SchemaOptions(baseURI: BuiltInSchemas.uri(name), validateSchema: true),
                           registry: BuiltInSchemas.registry())
        #expect(try BuiltInSchemas.compile(name) != nil)
    }

    @Test func theKindsHaveSchemas() {
        for kind in BuiltInSchemas.kinds { #expect(BuiltInSchemas.text(kind) != nil) }
        #expect(BuiltInSchemas.text("menu") == nil)
    }
}
