import Foundation
import LarderCore
import LarderJSON
import Testing

/// A team's schema and the schema files it `$ref`s are read through the run's
/// ``ProjectReader``: the git index for `lint --staged`, or an app's files in memory.
@Suite struct TeamSchemaReaderTests {
    /// Files held in memory, as an app that lints downloaded content holds them.
    struct MemoryReader: ProjectReader {
        var files: [String: String]
        func files(under folder: String) -> [String] { files.keys.sorted() }
        func read(_ path: String) throws(FileReadError) -> [UInt8] {
            guard let text = files[path] else { throw FileReadError(path: path, reason: "no such file") }
            return Array(text.utf8)
        }
        var projectFiles: any ProjectFiles { ProjectFileSnapshot(paths: Array(files.keys)) }
    }

    @Test func aReferencedSchemaFileIsReadThroughTheReader() async throws {
        // On disk, defs.json takes any string; the reader's (the staged one, or the app's)
        // takes at most 3 characters. The reader's is the one the content is judged by.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("larder-team-ref-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"$defs": {"short": {"type": "string"}}}"#.utf8).write(to: root.appendingPathComponent("schemas/defs.json"))
        let reader = MemoryReader(files: [
            "schemas/card.schema.json": #"{"type": "object", "properties": {"name": {"$ref": "defs.json#/$defs/short"}}}"#,
            "schemas/defs.json": #"{"$defs": {"short": {"type": "string", "maxLength": 3}}}"#,
            "content/a.json": #"{"name": "much too long"}"#,
        ])
        for projectRoot in [root.path, "/nonexistent-larder-project"] {
            let config = LarderConfig(content: [ContentEntry(kind: "card", include: [Glob("content/*.json")], schema: "schemas/card.schema.json")])
            let linter = Linter(config: config, registry: PluginRegistry(), reader: reader, projectRoot: projectRoot)
            let loader = ContentLoader(config: config, reader: reader)
            let found = await linter.lint(await loader.load(loader.includedFiles()))
            #expect(found.map(\.ruleID) == ["schema"], "\(projectRoot): \(found)")
            #expect(found.first?.message.contains("longer than the maximum length 3") == true, "\(projectRoot): \(found)")
        }
    }
}
