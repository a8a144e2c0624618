import Foundation
import Testing
@testable import LarderJSON

private func parse(_ text: String) throws -> JSONDocument { try JSONDocument(parsing: text) }

private func parseError(_ text: String) -> JSONParseError? {
    do {
        _ = try JSONDocument(parsing: text)
        return nil
    } catch {
        return error
    }
}

@Suite struct ParserTests {
    @Test func scalarsAndContainers() throws {
        let doc = try parse(#"{"a": [1, -2.5, true, false, null, "x"], "b": {}}"#)
        let a = try #require(doc.member(doc.root, "a"))
        #expect(doc.kind(a) == .array)
        #expect(doc.count(a) == 6)
        let items = Array(doc.elements(a))
        #expect(doc.int(items[0]) == 1)
        #expect(doc.double(items[1]) == -2.5)
        #expect(doc.bool(items[2]) == true)
        #expect(doc.bool(items[3]) == false)
        #expect(doc.kind(items[4]) == .null)
        #expect(doc.string(items[5]) == "x")
        let b = try #require(doc.member(doc.root, "b"))
        #expect(doc.kind(b) == .object && doc.count(b) == 0)
        #expect(doc.member(doc.root, "missing") == nil)
    }

    @Test func keyOrderIsKept() throws {
        let doc = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        let keys = doc.members(doc.root).map { doc.string($0.key)! }
        #expect(keys == ["z", "a", "m"])
        #expect(doc.value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test func positionsAreOneBasedAndCountUTF16() throws {
        // "café": x -- the value starts at column 10 in VS Code (é is one unit).
        let doc = try parse("{\n  \"café\": 1,\n  \"🍋\": 2\n}")
        let cafe = try #require(doc.member(doc.root, "café"))
        #expect(doc.position(of: cafe) == SourcePosition(line: 2, column: 11))
        // An emoji is two UTF-16 units, so the value after it is one column further right.
        let lemon = try #require(doc.member(doc.root, "🍋"))
        #expect(doc.position(of: lemon) == SourcePosition(line: 3, column: 9))
        let range = doc.sourceRange(of: doc.root)
        #expect(range.start == SourcePosition(line: 1, column: 1))
        #expect(range.end == SourcePosition(line: 4, column: 2))
    }

    @Test func crlfAndBOM() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{\r\n\"a\": 1}".utf8)
        let doc = try JSONDocument(parsing: bytes)
        let a = try #require(doc.member(doc.root, "a"))
        #expect(doc.position(of: a) == SourcePosition(line: 2, column: 6))
        #expect(doc.position(of: doc.root) == SourcePosition(line: 1, column: 1))
    }

    /// A UTF-16 file (as Windows tools save "Unicode" text) was "byte 0xFF, which is not
    /// valid UTF-8": the message now says what the file is and what to do.
    @Test(arguments: [[UInt8]([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]), [0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D]])
    func aUTF16FileIsNamedAsOne(_ bytes: [UInt8]) {
        do {
            _ = try JSONDocument(parsing: bytes)
            Issue.record("UTF-16 was parsed")
        } catch {
            #expect("\(error)".contains("the file is UTF-16; JSON files are UTF-8, save it as UTF-8"), "\(error)")
        }
    }

    @Test(arguments: [
        ("{\"a\": 1 ]", "expected ',' or '}' after an object member, found ']'", 1, 9),
        // A trailing comma is reported at the comma, the character to delete.
        ("[1, 2,]", "expected a value after ',' in an array, found ']' (trailing commas are not allowed in JSON)", 1, 6),
        ("{\"a\" 1}", "expected ':' after an object member name, found '1'", 1, 6),
        ("", "expected a JSON value, found end of input (the file is empty)", 1, 1),
        ("  \n\t\n", "expected a JSON value, found end of input (the file is only whitespace)", 3, 1),
        ("[01]", "a number cannot have a leading zero ('01')", 1, 2),
        ("{\n  \"name\": \"x\",\n}", "expected a member name after ',' in an object, found '}' (trailing commas are not allowed in JSON)", 2, 14),
        ("[tru]", "expected a JSON value, found 't'; did you mean 'true'?", 1, 2),
        ("\"abc", "unterminated string: expected a closing '\"'", 1, 1),
        ("[1] x", "expected end of input after the top-level value, found 'x'", 1, 5),
        ("[\"a\tb\"]", "control character U+0009 must be escaped in a string", 1, 4),
        ("{'a': 1}", "expected a member name in double quotes after '{', found '''", 1, 2),
        ("[1.]", "expected a digit after the decimal point, found ']'", 1, 4),
    ])
    func syntaxErrorsSayWhereAndWhat(text: String, message: String, line: Int, column: Int) {
        let error = parseError(text)
        #expect(error?.message == message)
        #expect(error?.position == SourcePosition(line: line, column: column))
    }

    /// A trailing comma before a closing bracket on a later line was reported at the
    /// bracket (5:3 here), a line away from the comma that has to go: an editor or an
    /// annotation that opens the position landed on the wrong line.
    @Test(arguments: [
        ("{\n  \"a\": [\n    1,\n    2,\n  ]\n}\n", "expected a value after ',' in an array, found ']' (trailing commas are not allowed in JSON)", 4, 6, 23),
        ("{\n  \"a\": [\n    1,\n    2,   \n\n\t]\n}\n", "expected a value after ',' in an array, found ']' (trailing commas are not allowed in JSON)", 4, 6, 23),
        ("{\n  \"icon\": \"x\",\n  \"tags\": {\"a\": 1,\n  },\n }\n", "expected a member name after ',' in an object, found '}' (trailing commas are not allowed in JSON)", 3, 18, 34),
        ("{\n  \"icon\": \"x\",\n }\n", "expected a member name after ',' in an object, found '}' (trailing commas are not allowed in JSON)", 2, 14, 15),
    ])
    func aTrailingCommaIsReportedAtTheComma(text: String, message: String, line: Int, column: Int, offset: Int) {
        let error = parseError(text)
        #expect(error?.message == message)
        #expect(error?.position == SourcePosition(line: line, column: column))
        #expect(error?.offset == offset)
        #expect(error.map { Array(text.utf8)[$0.offset] } == UInt8(ascii: ","))
    }

    @Test func invalidUTF8IsRejectedWithItsPosition() {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        do {
            _ = try JSONDocument(parsing: bytes)
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.offset == 4)
            #expect(error.message.contains("invalid UTF-8"))
            #expect(error.position == SourcePosition(line: 1, column: 5))
        }
    }

    /// Each kind of bad sequence says what is wrong: a lead byte whose character is cut
    /// short was said to "not start a valid sequence".
    @Test(arguments: [
        ([0xC3, 0x22] as [UInt8], "invalid UTF-8: byte 0xC3 starts a 2-byte character, but byte 2 of it is not a continuation byte (the character is cut short)"),
        ([0xE2, 0x82, 0x22], "invalid UTF-8: byte 0xE2 starts a 3-byte character, but byte 3 of it is not a continuation byte (the character is cut short)"),
        ([0x80, 0x22], "invalid UTF-8: byte 0x80 does not start a character (a continuation byte, or one UTF-8 never uses)"),
        ([0xED, 0xA0, 0x80, 0x22], "invalid UTF-8: the 3 bytes from byte 0xED encode no character (an overlong form, a surrogate, or a value above U+10FFFF)"),
    ])
    func invalidUTF8SaysWhatIsWrong(_ bad: [UInt8], _ message: String) {
        let bytes: [UInt8] = Array("[\"a".utf8) + bad + Array("]".utf8)
        #expect(throws: JSONParseError.self) { _ = try JSONDocument(parsing: bytes) }
        do { _ = try JSONDocument(parsing: bytes) } catch { #expect(error.message == message) }
    }

    @Test func overlongAndSurrogateEncodingsAreInvalid() {
        for bad: [UInt8] in [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]] {
            #expect(throws: JSONParseError.self) { try JSONDocument(parsing: [0x22] + bad + [0x22]) }
        }
    }

    @Test func depthIsBoundedWithAClearError() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = parseError(deep)
        #expect(error?.message == "the value is nested deeper than 512 levels")
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parseError(ok) == nil)
        #expect((try? JSONDocument(parsing: ok, options: .init(maxDepth: 10))) == nil)
    }

    @Test func duplicateKeysNameBothPositions() throws {
        let doc = try parse("{\n  \"id\": 1,\n  \"name\": \"a\",\n  \"id\": 2\n}")
        #expect(doc.duplicateKeys.count == 1)
        let dup = try #require(doc.duplicateKeys.first)
        #expect(doc.position(of: dup.first) == SourcePosition(line: 2, column: 3))
        #expect(doc.position(of: dup.second) == SourcePosition(line: 4, column: 3))
        // The last one wins on look-up, as most readers do.
        #expect(doc.int(doc.member(doc.root, "id")!) == 2)
    }

    @Test func duplicateKeysWithEscapesAndInLargeObjects() throws {
        let doc = try parse(#"{"a": 1, "\u0061": 2}"#)
        #expect(doc.duplicateKeys.count == 1)
        var members = (0..<100).map { "\"k\($0)\": \($0)" }
        members.append("\"k7\": 0")
        let big = try parse("{" + members.joined(separator: ",") + "}")
        #expect(big.duplicateKeys.count == 1)
        #expect(big.string(big.duplicateKeys[0].second) == "k7")
        let nested = try parse(#"{"a": {"x": 1, "y": 2}, "b": {"x": 1}, "c": [{"x": 1, "x": 2}]}"#)
        #expect(nested.duplicateKeys.count == 1)
        #expect(nested.pointer(to: nested.duplicateKeys[0].second) == JSONPointer(tokens: ["c", "0", "x"]))
    }

    /// The keys a later occurrence overrides, found from the parser's flag when it looked
    /// for repeats and by comparing keys when it did not.
    @Test func overriddenKeysAreTheEarlierOccurrences() throws {
        let text = #"{"a": 1, "b": 2, "a": 3, "\u0061": 4, "c": {"x": 1}}"#
        for detect in [true, false] {
            let doc = try JSONDocument(parsing: text, options: .init(detectDuplicateKeys: detect))
            let keys = Array(doc.members(doc.root).map(\.key))
            #expect(doc.mayRepeatKeys(doc.root))
            #expect(doc.overriddenKeys(doc.root) == [keys[0], keys[2]])
            #expect(doc.distinctKeyCount(doc.root) == 3)
            let inner = doc.member(doc.root, "c")!
            #expect(doc.overriddenKeys(inner).isEmpty)
            #expect(doc.distinctKeyCount(inner) == 1)
        }
        let plain = try parse(#"{"a": 1, "b": {"a": 1, "b": 2}}"#)
        #expect(!plain.mayRepeatKeys(plain.root))
        #expect(!plain.mayRepeatKeys(plain.member(plain.root, "b")!))
        #expect(plain.overriddenKeys(plain.root).isEmpty)
        #expect(!plain.mayRepeatKeys(plain.member(plain.root, "a")!))
    }

    /// A `\u` escape of a surrogate without its other half is listed with where it is; it
    /// reads as U+FFFD, but compares as itself: `"\uD800"` and `"\uDBFF"` were both U+FFFD,
    /// so two such keys were a repeated key (and two such ids one id).
    @Test func loneSurrogatesAreListedAndKeptApart() throws {
        let text = #"["\uD800", "a\udbffb", "\uDC00", "\uD83C\uDF45", "\uD800\uD83C\uDF45", "\uFFFD", "\\uD800"]"#
        let doc = try parse(text)
        let items = Array(doc.elements(doc.root))
        #expect(doc.loneSurrogates.map(\.node) == [items[0], items[1], items[2], items[4]])
        #expect(doc.loneSurrogates.map(\.codeUnit) == [0xD800, 0xDBFF, 0xDC00, 0xD800])
        #expect(doc.loneSurrogates.map { String(decoding: doc.bytes[$0.escapeRange], as: UTF8.self) }
                == [#"\uD800"#, #"\udbff"#, #"\uDC00"#, #"\uD800"#])
        #expect(doc.loneSurrogates.map(\.offset) == [2, 13, 24, 50])
        #expect(items.map { doc.hasLoneSurrogate($0) } == [true, true, true, false, true, false, false])
        #expect(doc.string(items[0]) == "\u{FFFD}")
        #expect(doc.string(items[1]) == "a\u{FFFD}b")
        #expect(doc.string(items[4]) == "\u{FFFD}\u{1F345}")
        #expect(doc.codePointBytes(items[0]) == [0xED, 0xA0, 0x80])
        #expect(doc.codePointBytes(items[1]) == [0x61, 0xED, 0xAF, 0xBF, 0x62])
        #expect(doc.codePointBytes(items[3]) == Array("\u{1F345}".utf8))
        #expect(doc.codePointBytes(items[5]) == Array("\u{FFFD}".utf8))
        #expect(doc.codePointBytes(items[6]) == Array(#"\uD800"#.utf8))
        #expect(doc.loneSurrogates[0].message(in: doc).hasPrefix(#"the escape \uD800 is the first half of a pair"#))
        #expect(doc.loneSurrogates[2].message(in: doc).hasPrefix(#"the escape \uDC00 is the second half of a pair"#))

        let keys = try parse(#"{"\uD800": 1, "\uDBFF": 2, "\uFFFD": 3}"#)
        #expect(keys.duplicateKeys.isEmpty)
        #expect(keys.overriddenKeys(keys.root).isEmpty)
        #expect(keys.int(keys.member(keys.root, "\u{FFFD}")!) == 3)
        let same = try parse(#"{"\uD800": 1, "\ud800": 2}"#)
        #expect(same.duplicateKeys.count == 1)
        let big = try parse("{" + (0..<40).map { #""k\#($0)": 0"# }.joined(separator: ",") + #", "\uD800": 1, "\uDBFF": 2}"#)
        #expect(big.duplicateKeys.isEmpty)
        #expect(try parse(#"["\uD83C\uDF45", "\u00e9"]"#).loneSurrogates.isEmpty)
    }

    @Test func numbersKeepTheirLiteral() throws {
        let text = #"[12345678901234567890123, 1.0, 1, 1e400, -0, 0.1, 1E+2]"#
        let doc = try parse(text)
        let items = Array(doc.elements(doc.root))
        #expect(doc.numberLiteral(items[0]) == "12345678901234567890123")
        #expect(doc.int(items[0]) == nil)
        #expect(doc.number(items[0])?.decimal == Decimal(string: "12345678901234567890123"))
        #expect(doc.numberLiteral(items[1]) == "1.0")
        #expect(doc.isInteger(items[1]))
        #expect(!doc.isIntegerLiteral(items[1]))
        #expect(doc.int(items[1]) == 1)
        #expect(doc.double(items[3]) == .infinity)
        #expect(doc.double(items[5]) == 0.1)
        #expect(doc.int(items[6]) == 100)
        // Round trip keeps every literal.
        #expect(JSONWriter.compact.string(doc.value) == text.replacingOccurrences(of: ", ", with: ","))
    }

    @Test func doublesMatchTheStandardConversion() throws {
        let literals = ["0.1", "3.141592653589793", "1e-7", "123456789012345678", "9007199254740993", "2.2250738585072014e-308", "-1.5e10", "0.30000000000000004", "1e22", "1e23"]
        let doc = try parse("[" + literals.joined(separator: ",") + "]")
        for (node, literal) in zip(doc.elements(doc.root), literals) {
            #expect(doc.double(node) == Double(literal), "\(literal)")
        }
    }

    @Test func stringsDecodeEscapes() throws {
        let doc = try parse(#"["a\"b\\c\/d\n\t\u00e9\ud83c\udf4b", "\ud800"]"#)
        let items = Array(doc.elements(doc.root))
        #expect(doc.string(items[0]) == "a\"b\\c/d\n\té🍋")
        #expect(doc.stringLength(items[0]) == 11)
        #expect(doc.string(items[1]) == "\u{FFFD}")
    }

    @Test func pointersFindNodesAndBack() throws {
        let doc = try parse(#"{"ingredients": [{"quantity": 1}, {"quantity": -2}], "a/b": {"~": true}}"#)
        let p = JSONPointer(tokens: ["ingredients", "1", "quantity"])
        let node = try #require(doc.node(at: p))
        #expect(doc.int(node) == -2)
        #expect(doc.pointer(to: node) == p)
        #expect(p.description == "/ingredients/1/quantity")
        let escaped = try #require(JSONPointer(parsing: "/a~1b/~0"))
        #expect(doc.bool(try #require(doc.node(at: escaped))) == true)
        #expect(escaped.description == "/a~1b/~0")
        #expect(doc.node(at: JSONPointer(tokens: ["ingredients", "01"])) == nil)
        #expect(JSONPointer(parsing: "no-slash") == nil)
    }
}

/// Pointers and element look-ups in containers large enough to keep checkpoints (more than
/// ``JSONDocument/checkpointStride`` children), against a walk over every sibling.
@Suite struct LargeContainerTests {
    /// The pointer to `target` found by walking every sibling on the way down.
    func walkedPointer(_ doc: JSONDocument, _ target: Int) -> JSONPointer {
        var tokens: [String] = [], node = doc.root
        while node != target {
            var next: Int?
            if doc.kind(node) == .array {
                for (i, e) in doc.elements(node).enumerated() where e <= target && target < doc.after(e) { tokens.append(String(i)); next = e }
            } else if doc.kind(node) == .object {
                for (k, v) in doc.members(node) {
                    if k == target { return JSONPointer(tokens: tokens + [doc.string(k)!]) }
                    if v <= target && target < doc.after(v) { tokens.append(doc.string(k)!); next = v }
                }
            }
            guard let next else { break }
            node = next
        }
        return JSONPointer(tokens: tokens)
    }

    @Test(arguments: [63, 64, 65, 129, 1000])
    func everyNodesPointerMatchesAWalk(_ size: Int) throws {
        // An array of objects and arrays, an object of that many members, nested.
        let items = (0..<size).map { i in i % 3 == 0 ? "{\"k\": [\(i), {\"x\": \(i)}]}" : i % 3 == 1 ? "[\(i), [\(i)]]" : "\"s\(i)\"" }
        let members = (0..<size).map { "\"m\($0)\": [\($0), {\"y\": \($0)}]" }
        let text = "{\"list\": [\(items.joined(separator: ","))], \"map\": {\(members.joined(separator: ","))}, \"last\": 1}"
        let doc = try JSONDocument(parsing: text)
        for node in 0..<doc.nodeCount {
            let pointer = doc.pointer(to: node)
            #expect(pointer == walkedPointer(doc, node), "node \(node)")
        }
        let list = try #require(doc.member(doc.root, "list"))
        var walked = list + 1
        for offset in 0..<size {
            #expect(doc.element(list, offset) == walked)
            #expect(doc.node(at: JSONPointer(tokens: ["list", String(offset)])) == walked)
            walked = doc.after(walked)
        }
        #expect(doc.element(list, size) == nil)
        #expect(doc.pointer(to: doc.nodeCount + 5) == .root)
    }

    /// A pointer into the last members of a large object costs the same as into the first:
    /// 64,000 of them took 21 seconds when each walked the members before it.
    @Test func pointersIntoALargeObjectDoNotWalkItsMembers() throws {
        let size = 64_000
        let text = "{" + (0..<size).map { "\"t\($0)\": {\"label\": \"\"}" }.joined(separator: ",") + "}"
        let doc = try JSONDocument(parsing: text)
        let started = Date()
        var last = JSONPointer.root
        for (_, value) in doc.members(doc.root) { last = doc.pointer(to: value + 2) }
        #expect(last == JSONPointer(tokens: ["t\(size - 1)", "label"]))
        // The walk took 2 billion steps here; with checkpoints, 64 per pointer.
        #expect(Date().timeIntervalSince(started) < 10)
    }
}

@Suite struct WriterTests {
    @Test func prettyAndCompactAreDeterministic() throws {
        let value: JSONValue = ["name": "Mojito", "servings": 2, "tags": ["rum", "mint"], "empty": [:], "none": []]
        #expect(JSONWriter.compact.string(value) == #"{"name":"Mojito","servings":2,"tags":["rum","mint"],"empty":{},"none":[]}"#)
        #expect(JSONWriter.pretty.string(value) == """
        {
          "name": "Mojito",
          "servings": 2,
          "tags": [
            "rum",
            "mint"
          ],
          "empty": {},
          "none": []
        }

        """)
    }

    @Test func escapesControlCharactersOnly() {
        let s = JSONWriter.compact.string(.string("a\"\\\n\u{1}é/🍋"))
        #expect(s == #""a\"\\\n\u0001é/🍋""#)
        #expect(JSONWriter(style: .compact, escapeSlash: true).string("</script>") == #""<\/script>""#)
    }

    @Test func sortKeysIsOptional() {
        let value: JSONValue = ["b": 1, "a": 2]
        #expect(JSONWriter(style: .compact, sortKeys: true).string(value) == #"{"a":2,"b":1}"#)
    }

    @Test func numbersCompareByValue() {
        #expect(JSONNumber(literal: "1.0") == JSONNumber(literal: "1"))
        #expect(JSONNumber(literal: "1e2") == JSONNumber(literal: "100"))
        #expect(JSONNumber(literal: "-0") == JSONNumber(literal: "0"))
        #expect(JSONNumber(literal: "0.10") == JSONNumber(literal: "1e-1"))
        #expect(JSONNumber(literal: "1.5") != JSONNumber(literal: "1.50001"))
        #expect(Set([JSONNumber(literal: "1.0"), JSONNumber(literal: "1")]).count == 1)
        #expect(JSONNumber.compare(JSONNumber(literal: "-3"), JSONNumber(literal: "2.5")) == -1)
        #expect(JSONNumber.compare(JSONNumber(literal: "12345678901234567891"), JSONNumber(literal: "12345678901234567890")) == 1)
        #expect(JSONNumber.compare(JSONNumber(literal: "0.001"), JSONNumber(literal: "1e-3")) == 0)
    }

    @Test func objectsEqualRegardlessOfOrder() throws {
        let a = try JSONValue(parsing: #"{"x": 1, "y": [1, 2]}"#)
        let b = try JSONValue(parsing: #"{"y": [1.0, 2], "x": 1}"#)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test func aLargeDocumentParses() throws {
        // About 100 MB: parses in one go, with memory proportional to the input.
        var text: [UInt8] = Array("[".utf8)
        let record = Array(#"{"id": "rcp-000001", "name": "Lemon tart", "servings": 4, "steps": ["Mix", "Bake at 180 °C"]},"#.utf8)
        text.reserveCapacity(100_000_000 + record.count)
        while text.count < 100_000_000 { text.append(contentsOf: record) }
        text[text.count - 1] = UInt8(ascii: "]")
        let doc = try JSONDocument(parsing: text)
        #expect(doc.count(doc.root) == (text.count - 1) / record.count)
        let last = try #require(doc.element(doc.root, doc.count(doc.root) - 1))
        #expect(doc.string(doc.member(last, "name")!) == "Lemon tart")
    }
}

@Suite struct ElementCursorTests {
    /// Look-ups through a cursor, in order or not, give what the plain look-up gives.
    @Test func cursorLookUpsMatchThePlainOnes() throws {
        let text = "[" + (0..<300).map { i in i % 3 == 0 ? "[\(i), {\"a\": [\(i)]}]" : "\(i)" }.joined(separator: ", ") + "]"
        let doc = try JSONDocument(parsing: text)
        var cursor = ElementCursor()
        var offsets = Array(0..<300) + [299, 5, 150, 150, 0, 300, -1]
        offsets += (0..<100).map { _ in Int.random(in: 0..<300) }
        for offset in offsets {
            #expect(doc.element(doc.root, offset, cursor: &cursor) == doc.element(doc.root, offset), "\(offset)")
        }
    }

    /// A parse error's range ends just after the character it is at, in UTF-16 code units:
    /// it ended at column + 1, between the two halves of an emoji.
    @Test func aParseErrorEndsAfterTheWholeCharacter() throws {
        for (text, column, end) in [(#"{"a": 🍝}"#, 7, 9), (#"{"a": é}"#, 7, 8), (#"{"a": x}"#, 7, 8), ("[1, ", 5, 6)] {
            let error = try #require(parseError(text), "\(text)")
            #expect(error.position.column == column && error.end(in: Array(text.utf8)) == SourcePosition(line: 1, column: end), "\(text): \(error)")
        }
    }
}
