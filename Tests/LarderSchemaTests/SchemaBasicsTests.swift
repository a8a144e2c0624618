import LarderJSON
import Testing
@testable import LarderSchema

@Suite struct SchemaBasicsTests {
    @Test func minimumMessage() throws {
        let schema = try JSONSchema(json: #"{"properties": {"q": {"minimum": 1}}}"#)
        let doc = try JSONDocument(parsing: #"{"q": -2}"#)
        let result = schema.validate(doc)
        #expect(result.errors.map(\.message) == ["-2 is less than the minimum 1"])
        #expect(result.errors.first?.instanceLocation == "/q")
        #expect(result.errors.first?.keywordLocation == "/properties/q/minimum")
    }
}

@Suite struct SchemaMetaTests {
    @Test func invalidSchemaHasPosition() throws {
        let doc = try JSONDocument(parsing: "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"age\": {\"minimum\": \"ten\"}\n  }\n}")
        #expect(throws: SchemaError.self) { try JSONSchema(doc) }
        do {
            _ = try JSONSchema(doc)
        } catch {
            print(error)
            #expect(error.problems.first?.position == SourcePosition(line: 4, column: 24))
        }
    }
}
