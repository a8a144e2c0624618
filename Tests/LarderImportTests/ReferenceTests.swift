import Foundation
import LarderCore
import LarderImport
import LarderJSON
import LarderSchema
import Testing

/// Reference tests of the importers: `Tests/Reference/imports/<importer>/input/` holds the
/// files imported (all of them, in name order), `expected/` the files the import makes
/// (`<id>.json`) and `diagnostics.txt` what it reported. They are re-recorded only with
/// `RECORD_REFERENCE=1 swift test --filter LarderImportTests`, and a re-recording is
/// reviewed like code.
enum ImportReference {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/imports")
    static let recording = ProcessInfo.processInfo.environment["RECORD_REFERENCE"] == "1"

    static let importers: [String: any Importer] = [
        "off": OpenFoodFactsImporter(), "schema-org": SchemaOrgRecipeImporter(),
    ]

    struct Result {
        var files: [(name: String, bytes: [UInt8])]
        var diagnostics: String
    }

    /// Imports every input file of a case, as `larder import` does.
    static func run(_ name: String) throws -> Result {
        let importer = try #require(importers[name])
        let folder = root.appendingPathComponent(name)
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("input").path)
            .filter { !$0.hasPrefix(".") }.sorted().map { "input/" + $0 }
        var diagnostics: [Diagnostic] = []
        let documents = try importer.importFiles(inputs, workingDirectory: folder.path, diagnostics: &diagnostics)
        let artifacts = ImportOutput.artifacts(for: documents, diagnostics: &diagnostics)
        let text = diagnostics.sorted().map { "\($0)\n" }.joined()
        return Result(files: artifacts.map { ($0.path, $0.bytes) }.sorted { $0.name < $1.name }, diagnostics: text)
    }

    static func expectedFiles(_ name: String) -> [String] {
        let folder = root.appendingPathComponent(name).appendingPathComponent("expected")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }
}

@Suite struct ImportReferenceTests {
    @Test(arguments: ["off", "schema-org"])
    func matchesReference(_ name: String) throws {
        let result = try ImportReference.run(name)
        let folder = ImportReference.root.appendingPathComponent(name)
        let expected = folder.appendingPathComponent("expected")
        let diagnosticsFile = folder.appendingPathComponent("diagnostics.txt")
        if ImportReference.recording {
            try? FileManager.default.removeItem(at: expected)
            try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
            for file in result.files { try Data(file.bytes).write(to: expected.appendingPathComponent(file.name)) }
            try Data(result.diagnostics.utf8).write(to: diagnosticsFile)
            return
        }
        #expect(result.files.map(\.name) == ImportReference.expectedFiles(name),
                "the files differ from the reference; re-record with RECORD_REFERENCE=1 if intended")
        for file in result.files {
            let want = FileManager.default.contents(atPath: expected.appendingPathComponent(file.name).path).map { [UInt8]($0) }
            if file.bytes != want {
                Issue.record("\(name)/\(file.name) differs from the reference:\n\(String(decoding: file.bytes, as: UTF8.self))")
            }
        }
        let want = try String(contentsOf: diagnosticsFile, encoding: .utf8)
        #expect(result.diagnostics == want)
    }

    /// Every reference output is valid content of its kind: the built-in schema accepts it.
    @Test(arguments: [("off", "product"), ("schema-org", "recipe")])
    func referenceOutputsValidate(_ name: String, _ kind: String) throws {
        let schema = try #require(try BuiltInSchemas.compile(kind))
        let files = ImportReference.expectedFiles(name)
        #expect(files.count >= 4)
        let folder = ImportReference.root.appendingPathComponent(name).appendingPathComponent("expected")
        for file in files {
            let bytes = try FileBytes.read(folder.appendingPathComponent(file).path)
            let json = try JSONDocument(parsing: bytes)
            let errors = schema.validate(json).errors.map { "\($0)" }
            #expect(errors.isEmpty, "\(name)/\(file): \(errors)")
            // The file is named after the document's id.
            let id = json.value[kind == "product" ? "code" : "id"]
            let stem = id?.stringValue ?? id?.numberValue?.literal
            #expect(stem.map { $0 + ".json" } == file)
        }
    }

    /// Same input, same bytes.
    @Test(arguments: ["off", "schema-org"])
    func deterministic(_ name: String) throws {
        let first = try ImportReference.run(name)
        let second = try ImportReference.run(name)
        #expect(first.files.map(\.name) == second.files.map(\.name))
        #expect(first.files.map(\.bytes) == second.files.map(\.bytes))
        #expect(first.diagnostics == second.diagnostics)
    }
}
