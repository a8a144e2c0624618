import LarderJSON
import Testing

@Suite struct ArrayWriterTests {
    static let elements: [JSONValue] = [
        ["id": "negroni", "name": ["en": "Negroni", "es": "Negroni"], "steps": ["Stir.", "Strain."], "abv": 24.4],
        [],
        [:],
        "a \"quoted\" text\n",
        .null,
        [["nested": [1, 2, [3]]]],
    ]

    /// Element by element gives the bytes of the whole array, for every style and length.
    @Test(arguments: [JSONWriter.pretty, .compact, JSONWriter(style: .pretty(indent: 4), sortKeys: true)])
    func sameBytesAsTheWholeArray(_ writer: JSONWriter) {
        for count in 0...Self.elements.count {
            let slice = Array(Self.elements.prefix(count))
            var array = writer.arrayWriter()
            for element in slice { array.append(element) }
            #expect(array.finish() == writer.bytes(.array(slice)), "\(count) elements")
        }
    }
}

@Suite struct SourceLocatorTests {
    /// Line starts by the definition: after every `\n`, `\r\n` and lone `\r`.
    static func expectedStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) { starts.append(i + 1) }
            i += 1
        }
        return starts
    }

    /// The `memchr` path (no `\r` in the text) and the byte-by-byte one agree with the
    /// definition, on texts with and without carriage returns, and on the edges.
    @Test func lineStartsMatchTheDefinition() {
        var generator = SystemRandomNumberGenerator()
        let alphabets: [[UInt8]] = [[0x0A, 0x61, 0x20, 0xC3, 0xA9], [0x0A, 0x0D, 0x61, 0x7B]]
        var texts: [[UInt8]] = [[], [0x0A], [0x0D], [0x0D, 0x0A], [0x61], [0x0A, 0x0A, 0x61]]
        for alphabet in alphabets {
            for _ in 0..<300 {
                let count = Int.random(in: 0..<200, using: &generator)
                texts.append((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
            }
        }
        for text in texts {
            #expect(SourceLocator(bytes: text).lineStarts == Self.expectedStarts(text), "\(text)")
        }
    }

    /// Positions on very long lines (a minified file), found from the checkpoints, are the
    /// ones counted from the line's start: UTF-16 columns, multi-byte and 4-byte characters,
    /// a byte order mark, several long lines and short ones between them.
    @Test func positionsOnLongLinesMatchCountingFromTheLineStart() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [[0x61], [0x20], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x8D, 0x9D], [0x7B]]
        for withBOM in [false, true] {
            var text: [UInt8] = withBOM ? [0xEF, 0xBB, 0xBF] : []
            for line in 0..<4 {
                let length = line == 2 ? 10 : 30_000
                var n = 0
                while n < length {
                    let piece = pieces.randomElement(using: &generator)!
                    text += piece
                    n += piece.count
                }
                text.append(0x0A)
            }
            let locator = SourceLocator(bytes: text)
            func counted(_ offset: Int) -> SourcePosition {
                var line = 0
                while line + 1 < locator.lineStarts.count, locator.lineStarts[line + 1] <= offset { line += 1 }
                var i = locator.lineStarts[line]
                if i == 0 && withBOM { i = min(3, offset) }
                var column = 1
                while i < offset {
                    if text[i] & 0xC0 != 0x80 { column += text[i] >= 0xF0 ? 2 : 1 }
                    i += 1
                }
                return SourcePosition(line: line + 1, column: column)
            }
            for _ in 0..<400 {
                let offset = Int.random(in: 0...text.count, using: &generator)
                #expect(locator.position(ofByte: offset) == counted(offset), "offset \(offset)")
            }
            for offset in [0, 3, 4095, 4096, 4097, 8192, 30_000, 30_001, text.count - 1, text.count] {
                #expect(locator.position(ofByte: offset) == counted(offset), "offset \(offset)")
            }
        }
    }
}

/// JSON compares member names by code units: two names that differ only in how an accent
/// is encoded are two members. Swift's `String` equality takes them as one, and objects
/// lost one of the two values.
@Suite struct CanonicallyEquivalentKeyTests {
    let composed = "caf\u{e9}", decomposed = "cafe\u{301}"

    @Test func anObjectKeepsBothMembers() throws {
        var object = JSONObject()
        object[composed] = 1
        object[decomposed] = 2
        #expect(object.count == 2)
        #expect(object[composed] == 1 && object[decomposed] == 2)
        // Past the size where look-ups are hashed.
        for i in 0..<20 { object["k\(i)"] = .number(JSONNumber(i)) }
        #expect(object[composed] == 1 && object[decomposed] == 2)
        object[composed] = nil
        #expect(object[composed] == nil && object[decomposed] == 2)
        #expect(JSONObject([(composed, 1)]) != JSONObject([(decomposed, 1)]))
    }

    @Test func aParsedObjectKeepsBothMembers() throws {
        let value = try JSONValue(parsing: #"{"caf\u00e9": 1, "cafe\u0301": 2, "caf\u00e9": 3}"#)
        #expect(value.objectValue?.count == 2)
        #expect(value[composed] == 3 && value[decomposed] == 2)
        #expect(ExactString(composed) != ExactString(decomposed) && ExactString(decomposed) < ExactString(composed))
    }
}
