import Foundation
import Testing
@testable import LarderJSON

/// The shared conformance folder beside the repository (`../shared/conformance`), or the
/// folder named by `LARDER_CONFORMANCE`.
func conformanceRoot() -> URL? {
    if let env = ProcessInfo.processInfo.environment["LARDER_CONFORMANCE"] {
        return FileManager.default.fileExists(atPath: env) ? URL(fileURLWithPath: env) : nil
    }
    let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let url = repo.deletingLastPathComponent().appendingPathComponent("shared/conformance")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}

struct JSONTestSuiteResult {
    var accepted: [String] = []
    var rejected: [String] = []
}

@Suite struct JSONTestSuiteConformance {
    @Test func parsingFolder() throws {
        guard let root = conformanceRoot()?.appendingPathComponent("JSONTestSuite/test_parsing") else {
            print("SKIPPED: JSONTestSuite not found (set LARDER_CONFORMANCE or place shared/ beside the repository)")
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count > 300)
        var yes = 0, no = 0, implementation = 0
        for name in files {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(name)))
            let result = Result { () throws(JSONParseError) in try JSONDocument(parsing: bytes) }
            switch name.prefix(2) {
            case "y_":
                yes += 1
                if case .failure(let error) = result { Issue.record("\(name) rejected: \(error)") }
                if case .success(let doc) = result {
                    // parse -> write -> parse loses nothing
                    let written = JSONWriter.compact.bytes(doc.value)
                    let again = try JSONDocument(parsing: written)
                    #expect(again.value == doc.value, "\(name) changed in a round trip")
                    #expect(JSONWriter.pretty.bytes(again.value) == JSONWriter.pretty.bytes(doc.value))
                }
            case "n_":
                no += 1
                if case .success = result { Issue.record("\(name) accepted") }
            default:
                implementation += 1  // any answer is fine; it must return
            }
        }
        print("JSONTestSuite: \(yes) y_ accepted, \(no) n_ rejected, \(implementation) i_ returned")
    }
}
