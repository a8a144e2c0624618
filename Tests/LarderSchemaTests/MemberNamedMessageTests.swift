import LarderJSON
import Testing
import LarderSchema

@Suite struct MemberNamedMessageTests {
    func messages(_ schema: String, _ instance: String) throws -> [String] {
        let compiled = try JSONSchema(json: schema)
        let doc = try JSONDocument(parsing: instance)
        return compiled.validate(doc).errors.map { $0.message(in: doc) }
    }

    @Test func namesTheMemberOrElement() throws {
        let schema = #"{"properties": {"servings": {"minimum": 1}, "steps": {"items": {"type": "string"}}, "time": {"properties": {"prep": {"type": "integer"}}}}}"#
        #expect(try messages(schema, #"{"servings": -2}"#) == [#""servings": -2 is less than the minimum 1"#])
        #expect(try messages(schema, #"{"steps": ["Mix", 2]}"#) == [#""steps"[1]: expected a string, found a number"#])
        #expect(try messages(schema, #"{"time": {"prep": "ten"}}"#) == [#""prep": expected an integer, found a string"#])
    }

    @Test func leavesRootAndKeyMessagesAlone() throws {
        #expect(try messages(#"{"type": "object"}"#, "[]") == ["expected an object, found an array"])
        let strict = #"{"properties": {"name": {}}, "additionalProperties": false}"#
        let found = try messages(strict, #"{"name": "Bolo", "ingredeints": []}"#)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix(#""ingredeints""#) == true)
        #expect(found.first?.hasPrefix(#""ingredeints": "ingredeints""#) == false)
    }
}
