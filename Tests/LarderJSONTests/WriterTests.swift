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
}
