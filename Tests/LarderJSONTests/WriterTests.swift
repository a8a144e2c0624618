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
