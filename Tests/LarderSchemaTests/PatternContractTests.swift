import Testing
import LarderSchema

/// The contract the schema engine relies on: `pattern` is an unanchored search, and a bad
/// pattern is a thrown error, not a crash.
@Suite struct PatternContractTests {
    @Test func searchIsUnanchored() throws {
        let regex = try ECMARegex("[0-9]{6}")
        #expect(try regex.search("rcp-000123"))
        #expect(try !regex.search("rcp-123"))
        let anchored = try ECMARegex("^rcp-[0-9]{6}$")
        #expect(try anchored.search("rcp-000123"))
        #expect(try !anchored.search("xrcp-000123"))
        let bytes = Array("tag: vegan".utf8)
        #expect(try bytes.withUnsafeBufferPointer { try ECMARegex("veg").search(utf8: $0) })
    }

    @Test func anInvalidPatternThrows() {
        #expect(throws: RegexError.self) { try ECMARegex("^(abc") }
    }
}
