import Foundation
import LarderCore
import LarderExport
import LarderJSON
import Testing

/// Each exporter against its reference folder: `Tests/Reference/exports/expected/<id>/`
/// holds the exact files, and `<id>.diagnostics.txt` the diagnostics. Re-record with
/// `RECORD_REFERENCE=1 swift test --filter ReferenceTests`.
@Suite struct ReferenceTests {
    static let recording = ProcessInfo.processInfo.environment["RECORD_REFERENCE"] == "1"

    @Test(arguments: BuiltInExporters.all.map(\.id))
    func matchesReference(_ id: String) throws {
        let project = try ReferenceProject()
        let exporter = try #require(BuiltInExporters.all.first { $0.id == id })
        let result = try project.export(exporter)
        let folder = ReferenceProject.expectedRoot + "/" + id
        let diagnosticsFile = ReferenceProject.expectedRoot + "/\(id).diagnostics.txt"
        if Self.recording {
            try? FileManager.default.removeItem(atPath: folder)
            try write(result.artifacts, to: folder)
            try Data(render(result.diagnostics).utf8).write(to: URL(fileURLWithPath: diagnosticsFile))
            return
        }
        let expectedPaths = files(under: folder)
        #expect(result.artifacts.map(\.path) == expectedPaths, "the files differ from the reference; re-record with RECORD_REFERENCE=1 if intended")
        for artifact in result.artifacts where expectedPaths.contains(artifact.path) {
            let expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + artifact.path)))
            if artifact.bytes != expected {
                Issue.record("\(id)/\(artifact.path) differs from the reference:\n\(String(decoding: artifact.bytes, as: UTF8.self))")
            }
        }
        let expectedDiagnostics = (try? String(contentsOfFile: diagnosticsFile, encoding: .utf8)) ?? ""
        #expect(render(result.diagnostics) == expectedDiagnostics)
    }

    /// Same input, same bytes: two runs over freshly loaded content give identical files.
    @Test(arguments: BuiltInExporters.all.map(\.id))
    func deterministic(_ id: String) throws {
        let exporter = try #require(BuiltInExporters.all.first { $0.id == id })
        let first = try ReferenceProject().export(exporter)
        var shuffled = try ReferenceProject()
        shuffled.documents.reverse()  // the runner's order must not matter
        let second = try shuffled.export(exporter)
        #expect(first.artifacts == second.artifacts)
        #expect(first.diagnostics == second.diagnostics)
    }

    /// `export` (what `larder build` calls) skips the notes about filled-in translations
    /// but writes the very same files, and still rejects a bad `fallback` option.
    @Test(arguments: BuiltInExporters.all.map(\.id))
    func artifactsAloneAreTheSameFiles(_ id: String) throws {
        let exporter = try #require(BuiltInExporters.all.first { $0.id == id })
        let project = try ReferenceProject()
        let full = try project.export(exporter)
        let alone = try exporter.export(project.documents, context: project.context(for: exporter))
        #expect(alone == full.artifacts)
        var options = ReferenceProject.options[id]?.objectValue ?? JSONObject()
        options["fallback"] = "sometimes"
        var context = project.context(for: exporter, options: .object(options))
        context.wantsDiagnostics = false
        #expect(throws: ExportError.self) { try exporter.exportWithDiagnostics(project.documents, context: context) }
    }
}
