import LarderJSON
import LarderSchema
import Testing

/// A lone surrogate (`"\uD800"`) reads as U+FFFD, but the engine compares strings by code
/// point: it is not U+FFFD, nor another lone surrogate, for `const`, `enum`, property names
/// and `uniqueItems`.
@Suite struct LoneSurrogateSchemaTests {
    func valid(_ schema: String, _ instance: String) throws -> Bool {
        let compiled = try JSONSchema(json: schema)
        let doc = try JSONDocument(parsing: instance)
        let result = compiled.validate(doc)
        #expect(result.isValid == compiled.isValid(doc), "isValid and validate disagree")
        return result.isValid
    }

    @Test func comparedByCodePoint() throws {
        #expect(try !valid(#"{"const": "\uFFFD"}"#, #""\uD800""#))
        #expect(try valid(#"{"const": "\uD800"}"#, #""\ud800""#))
        #expect(try !valid(#"{"const": "\uD800"}"#, #""\uDBFF""#))
        #expect(try !valid(#"{"enum": ["\uFFFD", "\uDBFF"]}"#, #""\uD800""#))
        #expect(try valid(#"{"enum": ["\uFFFD", "\uD800"]}"#, #""\uD800""#))
        #expect(try !valid(#"{"const": {"\uFFFD": 1}}"#, #"{"\uD800": 1}"#))
        #expect(try valid(#"{"uniqueItems": true}"#, #"["\uD800", "\uDBFF", "\uFFFD", ["\uD800"], ["\uDBFF"], {"\uD800": 1}, {"\uDBFF": 1}]"#))
        #expect(try !valid(#"{"uniqueItems": true}"#, #"["\uD800", "\uDBFF", "\ud800"]"#))
        #expect(try !valid(#"{"uniqueItems": true}"#, #"[{"a": "\uDBFF"}, {"a": "\uD800"}, {"a": "\udbff"}]"#))
        #expect(try !valid(#"{"properties": {"\uFFFD": false}}"#, #"{"\uD800": 1}"#) == false)
        #expect(try valid(#"{"additionalProperties": false, "properties": {"\uFFFD": true}}"#, #"{"\uFFFD": 1}"#))
        #expect(try !valid(#"{"additionalProperties": false, "properties": {"\uFFFD": true}}"#, #"{"\uD800": 1}"#))
        // Two keys, not one repeated.
        #expect(try valid(#"{"minProperties": 2}"#, #"{"\uD800": 1, "\uDBFF": 2}"#))
    }

    /// Messages show the string as written, not the U+FFFD it reads as.
    @Test func messagesShowTheEscape() throws {
        let doc = try JSONDocument(parsing: #"{"id": "\uD800"}"#)
        let errors = try JSONSchema(json: #"{"properties": {"id": {"pattern": "^[a-z]+$"}}}"#).validate(doc).errors
        #expect(errors.map(\.message) == [#""\uD800" does not match the pattern ^[a-z]+$"#])
    }
}
