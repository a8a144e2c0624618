import Foundation
import LarderJSON
import Testing
import LarderSchema

/// The JSON Schema Test Suite in the shared conformance folder (`../shared/conformance`
/// beside the repository, or `LARDER_CONFORMANCE`), or nil when it is not there.
func schemaSuiteRoot() -> URL? {
    var candidates: [URL] = []
    if let env = ProcessInfo.processInfo.environment["LARDER_CONFORMANCE"] {
        candidates.append(URL(fileURLWithPath: env).appendingPathComponent("JSON-Schema-Test-Suite"))
    }
    let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(repo.deletingLastPathComponent().appendingPathComponent("shared/conformance/JSON-Schema-Test-Suite"))
    return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("tests").path) }
}

@Suite struct SchemaConformanceTests {
    static let drafts: [SchemaDraft] = [.draft4, .draft6, .draft7, .draft2019_09, .draft2020_12]

    /// Every required test of the suite for one draft, remotes served from disk.
    @Test(arguments: drafts) func requiredTests(draft: SchemaDraft) throws {
        guard let suite = schemaSuiteRoot() else {
            print("SKIPPED: JSON-Schema-Test-Suite not found (set LARDER_CONFORMANCE or place shared/ beside the repository)")
            return
        }
        var registry = SchemaRegistry()
        registry.map(prefix: "http://localhost:1234/", to: suite.appendingPathComponent("remotes").path)
        let folder = suite.appendingPathComponent("tests/\(draft.rawValue)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count > 20)
        var passed = 0
        for file in files {
            let doc = try JSONDocument(parsing: [UInt8](Data(contentsOf: folder.appendingPathComponent(file))))
            for group in doc.elements(doc.root) {
                let description = doc.member(group, "description").flatMap { doc.string($0) } ?? "?"
                let schemaNode = try #require(doc.member(group, "schema"))
                let schema: JSONSchema
                do {
                    schema = try JSONSchema(doc, at: schemaNode, options: SchemaOptions(draft: draft), registry: registry)
                } catch {
                    Issue.record("\(draft) \(file): \(description): schema did not compile: \(error)")
                    continue
                }
                for test in doc.elements(try #require(doc.member(group, "tests"))) {
                    let name = doc.member(test, "description").flatMap { doc.string($0) } ?? "?"
                    let data = try #require(doc.member(test, "data"))
                    guard let expected = doc.member(test, "valid").flatMap({ doc.bool($0) }) else {
                        Issue.record("\(name): the test has no boolean 'valid'")
                        continue
                    }
                    let fast = schema.isValid(doc, at: data)
                    let full = schema.validate(doc, at: data)
                    #expect(fast == expected, "\(draft) \(file): \(description) / \(name)")
                    #expect(full.isValid == expected, "\(draft) \(file): \(description) / \(name) (validate)")
                    if !expected {
                        #expect(!full.errors.isEmpty)
                        #expect(full.errors.allSatisfy { !$0.message.isEmpty })
                    }
                    if fast == expected { passed += 1 }
                }
            }
        }
        print("\(draft) required: \(passed) passed")
    }
    // The suite's output tests are read in OutputFormatConformanceTests, in every format.
}

/// The benchmark corpus (made by shared/bench/gen_corpus.py in the system temp folder):
/// every line of invalid.jsonl breaks the recipe schema exactly once.
@Suite struct BenchCorpusTests {
    @Test func everyInvalidRecipeIsRejectedWithOneError() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("larder-bench-corpus")
        let schemaURL = folder.appendingPathComponent("recipe.schema.json")
        let invalidURL = folder.appendingPathComponent("invalid.jsonl")
        guard FileManager.default.fileExists(atPath: invalidURL.path) else {
            print("SKIPPED: \(invalidURL.path) not found (run shared/bench/gen_corpus.py)")
            return
        }
        let schema = try JSONSchema(JSONDocument(parsing: [UInt8](Data(contentsOf: schemaURL))))
        let bytes = [UInt8](try Data(contentsOf: invalidURL))
        var counts: [Int: Int] = [:]
        var lines = 0
        for line in bytes.split(separator: 0x0A) where !line.isEmpty {
            lines += 1
            let doc = try JSONDocument(parsing: Array(line))
            #expect(!schema.isValid(doc), "line \(lines) was accepted")
            let errors = schema.validate(doc).errors
            counts[errors.count, default: 0] += 1
            #expect(errors.count == 1, "line \(lines): \(errors)")
        }
        #expect(lines == 1000)
        print("invalid.jsonl: \(lines) lines, errors per line: \(counts.sorted { $0.key < $1.key })")
    }
}

/// Schemas of formats Larder writes (SARIF, String Catalogs) compile: the exporters'
/// tests validate their output with them.
@Suite struct SharedSchemaTests {
    @Test(arguments: ["sarif-schema-2.1.0.json", "xcstrings.schema.json"]) func compiles(name: String) throws {
        guard let suite = schemaSuiteRoot() else {
            print("SKIPPED: shared conformance folder not found")
            return
        }
        let path = suite.deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path) else {
            print("SKIPPED: \(path) not found")
            return
        }
        let schema = try JSONSchema(contentsOfFile: path)
        #expect(!schema.isValid(try JSONDocument(parsing: "[]")))
    }
}
