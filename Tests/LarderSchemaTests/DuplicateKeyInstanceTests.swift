import LarderJSON
import LarderSchema
import Testing

/// An instance object with a repeated key (`{"a": 1, "a": "x"}`) is the object its last
/// occurrence makes (`{"a": "x"}`), as `JSON.parse`, Python's `json` and serde_json read it,
/// for every keyword: `const` and `enum` compared the last value while `properties` and
/// `additionalProperties` checked every occurrence and `minProperties` counted them all.
@Suite struct DuplicateKeyInstanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var keyword: String
        var schema: String
        var instance: String
        var valid: Bool
        var testDescription: String { "\(keyword): \(instance)" }
    }

    static let cases: [Case] = [
        Case(keyword: "properties", schema: #"{"properties": {"a": {"type": "string"}}}"#, instance: #"{"a": 1, "a": "x"}"#, valid: true),
        Case(keyword: "properties", schema: #"{"properties": {"a": {"type": "string"}}}"#, instance: #"{"a": "x", "a": 1}"#, valid: false),
        Case(keyword: "properties (false)", schema: #"{"properties": {"a": false}}"#, instance: #"{"a": 1, "b": 2, "a": 3}"#, valid: false),
        Case(keyword: "patternProperties", schema: #"{"patternProperties": {"^a": {"type": "string"}}}"#, instance: #"{"ab": 1, "ab": "x"}"#, valid: true),
        Case(keyword: "patternProperties", schema: #"{"patternProperties": {"^a": {"type": "string"}}}"#, instance: #"{"ab": "x", "ab": 1}"#, valid: false),
        Case(keyword: "additionalProperties", schema: #"{"properties": {"b": {}}, "additionalProperties": {"type": "string"}}"#, instance: #"{"a": 1, "b": 0, "a": "x"}"#, valid: true),
        Case(keyword: "additionalProperties", schema: #"{"properties": {"b": {}}, "additionalProperties": false}"#, instance: #"{"c": 1, "b": 0, "c": 2}"#, valid: false),
        Case(keyword: "minProperties", schema: #"{"minProperties": 2}"#, instance: #"{"a": 1, "a": 2}"#, valid: false),
        Case(keyword: "maxProperties", schema: #"{"maxProperties": 1}"#, instance: #"{"a": 1, "a": 2}"#, valid: true),
        Case(keyword: "maxProperties", schema: #"{"maxProperties": 2}"#, instance: #"{"a": 1, "b": 2, "a": 3, "c": 4}"#, valid: false),
        Case(keyword: "required", schema: #"{"required": ["a", "b"]}"#, instance: #"{"a": 1, "a": 2}"#, valid: false),
        Case(keyword: "required", schema: #"{"required": ["a"]}"#, instance: #"{"a": 1, "a": 2}"#, valid: true),
        Case(keyword: "dependentRequired", schema: #"{"dependentRequired": {"a": ["b"]}}"#, instance: #"{"a": 1, "a": 2}"#, valid: false),
        Case(keyword: "dependentSchemas", schema: #"{"dependentSchemas": {"a": {"properties": {"a": {"type": "integer"}}}}}"#, instance: #"{"a": "x", "a": 2}"#, valid: true),
        Case(keyword: "propertyNames", schema: #"{"propertyNames": {"maxLength": 1}}"#, instance: #"{"ab": 1, "ab": 2}"#, valid: false),
        Case(keyword: "unevaluatedProperties", schema: #"{"unevaluatedProperties": {"type": "string"}}"#, instance: #"{"a": 1, "a": "x"}"#, valid: true),
        Case(keyword: "unevaluatedProperties", schema: #"{"properties": {"b": {}}, "unevaluatedProperties": false}"#, instance: #"{"a": 1, "b": 2, "a": 3}"#, valid: false),
        Case(keyword: "const", schema: #"{"const": {"a": "x"}}"#, instance: #"{"a": 1, "a": "x"}"#, valid: true),
        Case(keyword: "enum", schema: #"{"enum": [{"a": 1}, {"a": "x"}]}"#, instance: #"{"a": [], "a": "x"}"#, valid: true),
        Case(keyword: "uniqueItems", schema: #"{"uniqueItems": true}"#, instance: #"[{"a": 1, "a": 2}, {"a": 2}]"#, valid: false),
        Case(keyword: "if/then", schema: #"{"if": {"properties": {"a": {"const": 1}}}, "then": {"required": ["b"]}}"#, instance: #"{"a": 1, "a": 2}"#, valid: true),
        Case(keyword: "nested", schema: #"{"items": {"properties": {"q": {"minimum": 0}}}}"#, instance: #"[{"q": -1, "q": 1}, {"q": 1, "q": -1}]"#, valid: false),
        Case(keyword: "escaped key", schema: #"{"properties": {"a": {"type": "string"}}, "minProperties": 2}"#, instance: #"{"a": 1, "\u0061": "x"}"#, valid: false),
        Case(keyword: "large object", schema: #"{"additionalProperties": {"type": "integer"}, "maxProperties": 40}"#,
             instance: "{" + (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + #", "k7": "x", "k7": 7}"#, valid: true),
    ]

    /// The errors as compared across readings of one instance (order aside: the last-wins
    /// object keeps a key where it first appeared).
    func summary(_ errors: [ValidationError]) -> [String] {
        errors.map { "\($0.instanceLocation) \($0.keywordLocation): \($0.message)" }.sorted()
    }

    @Test(arguments: cases)
    func sameVerdictAsTheLastWinsObject(_ c: Case) throws {
        let schema = try JSONSchema(json: c.schema)
        let checked = try JSONDocument(parsing: c.instance)
        #expect(!checked.duplicateKeys.isEmpty, "the case has no repeated key")
        let unchecked = try JSONDocument(parsing: c.instance, options: JSONParser.Options(detectDuplicateKeys: false))
        let lastWins = try JSONDocument(parsing: JSONWriter.compact.bytes(checked.value))
        #expect(lastWins.duplicateKeys.isEmpty)
        let expected = schema.validate(lastWins)
        #expect(expected.isValid == c.valid)
        #expect(schema.isValid(lastWins) == c.valid)
        for doc in [checked, unchecked] {
            #expect(schema.isValid(doc) == c.valid)
            let result = schema.validate(doc)
            #expect(result.isValid == c.valid)
            #expect(summary(result.errors) == summary(expected.errors))
        }
    }

    /// An error about a repeated member points at its last occurrence, the one that counts.
    @Test func errorsPointAtTheLastOccurrence() throws {
        let text = #"{"a": "x", "b": 0, "a": 1}"#
        let doc = try JSONDocument(parsing: text)
        let found = try JSONSchema(json: #"{"properties": {"a": {"type": "string"}}}"#).validate(doc).errors
        #expect(found.count == 1)
        #expect(found.first.map { doc.byteRange($0.node) } == 24..<25)
        #expect(found.first?.message(in: doc) == #""a": expected a string, found a number"#)

        let strict = try JSONSchema(json: #"{"properties": {"b": {}}, "additionalProperties": false}"#).validate(doc).errors
        #expect(strict.count == 1)
        #expect(strict.first.map { doc.byteRange($0.node) } == 19..<22)
        #expect(strict.first?.instanceLocation == "/a")
    }

    /// A key that is not allowed is one error, however often it repeats.
    @Test func aRepeatedKeyIsReportedOnce() throws {
        let schema = try JSONSchema(json: #"{"additionalProperties": false}"#)
        let doc = try JSONDocument(parsing: #"{"a": 1, "a": 2, "a": 3}"#)
        #expect(schema.validate(doc).errors.map(\.instanceLocation) == ["/a"])
    }
}
