import Foundation
import Testing
import LarderJSON

/// parse -> write -> parse loses nothing, on every JSON file of the example apps (content,
/// schemas, planted mistakes) and of Schemas/.
@Suite struct ExampleRoundTripTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func jsonFiles() -> [String] {
        var out: [String] = []
        for folder in ["Examples", "Schemas"] {
            let base = repository.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let path = walker.nextObject() as? String {
                if path.hasSuffix(".json") && !path.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0 == "dist" }) {
                    out.append(folder + "/" + path)
                }
            }
        }
        return out.sorted()
    }

    @Test func thereAreExamples() {
        #expect(Self.jsonFiles().count > 50)
    }

    @Test(arguments: jsonFiles())
    func roundTrip(_ file: String) throws {
        let bytes = try FileBytes.read(Self.repository.appendingPathComponent(file).path)
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: bytes)
        } catch {
            // A planted syntax mistake is allowed; nothing else may fail to parse.
            #expect(file.contains("/mistakes/"), "\(file): \(error)")
            return
        }
        let value = doc.value
        for writer in [JSONWriter.compact, JSONWriter.pretty] {
            let written = writer.bytes(value)
            let again = try JSONDocument(parsing: written)
            #expect(again.value == value, "\(file) changed in a round trip")
            // Number literals survive exactly, not just by value.
            let literals = (0..<doc.nodeCount).filter { doc.kind($0) == .number }.map { doc.numberLiteral($0) }
            let literalsAgain = (0..<again.nodeCount).filter { again.kind($0) == .number }.map { again.numberLiteral($0) }
            #expect(literals == literalsAgain)
            #expect(writer.bytes(again.value) == written, "\(file): writing is not deterministic")
        }
    }
}
