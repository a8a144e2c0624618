import LarderJSON
import LarderSchema
import Testing

/// `const`, `enum` and `uniqueItems` compare numbers with exponents of any length exactly.
@Suite struct LongExponentTests {
    @Test func equalityKeywordsReadTheWholeExponent() throws {
        let const5 = try JSONSchema(json: #"{"const": 100000}"#)
        #expect(const5.isValid(try JSONDocument(parsing: "1e0000000000000000005")))
        #expect(!const5.isValid(try JSONDocument(parsing: "1e0000000000000000006")))
        let tiny = try JSONSchema(json: #"{"enum": [1e-99999999999999999998]}"#)
        #expect(tiny.isValid(try JSONDocument(parsing: "10e-99999999999999999999")))
        #expect(!tiny.isValid(try JSONDocument(parsing: "1e-99999999999999999999")))
        let unique = try JSONSchema(json: #"{"uniqueItems": true}"#)
        #expect(!unique.isValid(try JSONDocument(parsing: "[100000, 1e0000000000000000005]")))
        #expect(unique.isValid(try JSONDocument(parsing: "[1e-99999999999999999999, 1e-99999999999999999998]")))
        #expect(unique.isValid(try JSONDocument(parsing: "[1e99999999999999999999, 1e99999999999999999998]")))
    }
}
