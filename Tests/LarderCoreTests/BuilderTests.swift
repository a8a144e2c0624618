import Foundation
import LarderJSON
import Testing
@testable import LarderCore

/// An exporter for tests: one file per document, named by its id, or a failure.
struct ListExporter: Exporter {
    let id = "list"
    let summary = "Writes one file per document."
    var fail = false
    var path: @Sendable (String) -> String = { "items/\($0).json" }

    func export(_ documents: [Document], context: ExportContext) throws -> [Artifact] {
        if fail { throw OutputWriter.WriteError("the exporter failed on purpose") }
        return try documents.map { d in
            let id = d.json.string(d.json.member(d.node, "id")!) ?? "?"
            return try Artifact(path: path(id), bytes: JSONWriter.pretty.bytes(d.value))
        }
    }
}

struct UppercaseNames: Transform {
    let id = "uppercase"
    let summary = "Upper-cases names."
    func apply(to document: inout Document, context: TransformContext) throws -> [Diagnostic] {
        var value = document.value
        if let name = value["name"]?.stringValue { value["name"] = .string(name.uppercased()) }
        try document.replaceValue(with: value)
        return []
    }
}

/// An exporter that writes the preparation it was handed (a fresh UUID per preparation).
struct PreparedEcho: PreparingExporter {
    let id = "echo"
    let summary = "Writes its preparation."
    func preparationKey(context: ExportContext) throws -> String { context.options["key"]?.stringValue ?? "" }
    func prepare(_ documents: [Document], context: ExportContext) throws -> any Sendable { UUID().uuidString }
    func export(_ documents: [Document], context: ExportContext) throws -> [Artifact] {
        [try Artifact(path: "prepared.txt", bytes: Array(((context.prepared as? String) ?? "none").utf8))]
    }
}

@Suite struct BuilderTests {
    /// Every scratch folder of a test, removed after it.
    let scratchRoot: ScratchRoot

    init() throws { scratchRoot = try ScratchRoot("larder-build") }

    func scratch() throws -> String { try scratchRoot.folder() }

    func documents() throws -> [Document] {
        let json = try JSONDocument(parsing: #"[{"id": "negroni", "name": "Negroni"}, {"id": "mojito", "name": "Mojito"}]"#)
        return Document.split(file: "drinks.json", kind: "recipe", json: json)
    }

    func builder(_ base: String, exporter: ListExporter = ListExporter(), out: String = "dist/list") throws -> Builder {
        let registry = try PluginRegistry(transforms: [UppercaseNames()], exporters: [exporter])
        let config = LarderConfig(transforms: [PipelineStep(id: "uppercase")],
                                  exports: [PipelineStep(id: "list", options: ["out": .string(out)])])
        return Builder(config: config, registry: registry, outputBase: base, protected: ["content/drinks.json"])
    }

    func files(_ dir: String) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        let e = FileManager.default.enumerator(atPath: dir)
        while let p = e?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir + "/" + p, isDirectory: &isDirectory), !isDirectory.boolValue { out[p] = try? FileBytes.read(dir + "/" + p) }
        }
        return out
    }

    @Test func transformsExportsAndWritesDeterministically() async throws {
        let base = try scratch()
        let result = try await builder(base).run(try documents())
        #expect(result.outputs.map(\.files) == [2])
        let first = files(base + "/dist/list")
        #expect(first.keys.sorted() == [".larder-output", "items/mojito.json", "items/negroni.json"])
        #expect(String(decoding: first["items/negroni.json"]!, as: UTF8.self).contains("NEGRONI"))
        _ = try await builder(base).run(try documents())
        #expect(files(base + "/dist/list") == first)
        // No staging folder is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: base) == ["dist"])
    }

    @Test func aFailingExportLeavesThePreviousOutputIntact() async throws {
        let base = try scratch()
        _ = try await builder(base).run(try documents())
        let before = files(base + "/dist/list")
        await #expect(throws: Builder.StepError.self) {
            _ = try await builder(base, exporter: ListExporter(fail: true)).run(try documents())
        }
        #expect(files(base + "/dist/list") == before)
    }

    /// One output failing to land left the outputs before it already replaced (the JSON
    /// bundle new, the String Catalog old), with a message that named no output; and a file
    /// where a later output's folder goes passed the check ("not there yet") and was found
    /// only then.
    @Test func aCommitThatFailsPutsBackTheOutputsBeforeIt() throws {
        let base = try scratch()
        var writer = OutputWriter(base: base)
        // The one-file outputs an earlier build wrote, as its record lists them (they hold
        // no String Catalog, which is replaced without).
        writer.recordedFiles = ["dist/new/list.json", "dist/ios/Content.xcstrings"]
        func outputs(_ text: String) throws -> [OutputWriter.Output] {
            [OutputWriter.Output(path: "dist/json", isFile: false, artifacts: [try Artifact(path: "en.json", string: text)]),
             OutputWriter.Output(path: "dist/new/list.json", isFile: true, artifacts: [try Artifact(path: "list.json", string: text)]),
             OutputWriter.Output(path: "dist/ios/Content.xcstrings", isFile: true, artifacts: [try Artifact(path: "x", string: text)])]
        }
        try writer.write(try outputs("{\"old\": 1}"))
        let before = files(base)
        // Found by the check, before anything is staged.
        try FileManager.default.removeItem(atPath: base + "/dist/ios")
        try Data().write(to: URL(fileURLWithPath: base + "/dist/ios"))
        #expect {
            try writer.write(try outputs("{\"new\": 1}"))
        } throws: { error in
            "\(error)".contains("'dist/ios' is a file, where the output 'dist/ios/Content.xcstrings' needs a folder")
        }
        // Found only when the last output lands: the two before it go back.
        try FileManager.default.removeItem(atPath: base + "/dist/ios")
        try FileManager.default.createDirectory(atPath: base + "/dist/ios", withIntermediateDirectories: true)
        try Data("{\"old\": 1}".utf8).write(to: URL(fileURLWithPath: base + "/dist/ios/Content.xcstrings"))
        var staging = try writer.begin()
        defer { staging.discard() }
        for output in try outputs("{\"new\": 1}") { try staging.stage(output) }
        try FileManager.default.removeItem(atPath: base + "/dist/ios")
        try Data().write(to: URL(fileURLWithPath: base + "/dist/ios"))
        #expect {
            try staging.commit()
        } throws: { error in
            "\(error)".contains("cannot write the output 'dist/ios/Content.xcstrings': Not a directory")
        }
        var after = files(base)
        #expect(after.removeValue(forKey: "dist/ios") == [])
        #expect(after.filter { !$0.key.hasPrefix(".larder-staging-") } == before.filter { $0.key != "dist/ios/Content.xcstrings" })
    }

    @Test func pathsCannotLeaveTheOutput() async throws {
        let base = try scratch()
        let hostile = ListExporter(path: { "../../\($0).json" })
        await #expect(throws: Builder.StepError.self) {
            _ = try await builder(base, exporter: hostile).run(try documents())
        }
        for out in ["../elsewhere", "/tmp/x", ".", "content"] {
            await #expect(throws: Builder.StepError.self, "out: \(out)") {
                _ = try await builder(base, out: out).run(try documents())
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: base).isEmpty)
    }

    @Test func aFolderLarderDidNotWriteIsNotReplaced() async throws {
        let base = try scratch()
        try FileManager.default.createDirectory(atPath: base + "/dist/list", withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: base + "/dist/list/notes.txt"))
        await #expect(throws: Builder.StepError.self) {
            _ = try await builder(base).run(try documents())
        }
        #expect(files(base + "/dist/list") == ["notes.txt": Array("keep me".utf8)])
    }

    /// A build removes the staging folders of killed builds but not the one of a build
    /// that is still running (it stages while it exports).
    @Test func stagingOfARunningBuildIsKept() async throws {
        let base = try scratch()
        let fm = FileManager.default
        let running = ".larder-staging-1-0000"              // process 1 always exists
        let killed = ".larder-staging-\(Int32.max - 1)-0000"  // no such process
        let oldStyle = ".larder-staging-6F9619FF-8B86-D011-B42D-00C04FC964FF"
        for name in [running, killed, oldStyle] { try fm.createDirectory(atPath: base + "/" + name, withIntermediateDirectories: true) }
        _ = try await builder(base).run(try documents())
        let left = try fm.contentsOfDirectory(atPath: base).sorted()
        #expect(left == [running, "dist"])
    }

    /// Exports run side by side, but the failure reported is the first in step order, and
    /// nothing of the exports that succeeded lands.
    @Test func theFirstFailingStepIsReportedAndNothingLands() async throws {
        struct Broken: Exporter {
            let id = "broken"
            let summary = "Always fails."
            func export(_ documents: [Document], context: ExportContext) throws -> [Artifact] {
                throw OutputWriter.WriteError("broken on purpose")
            }
        }
        let registry = try PluginRegistry(exporters: [ListExporter(), Broken()])
        let input = try documents()
        for (order, expected) in [(["list", "broken", "list"], "export broken"), (["broken", "list"], "export broken")] {
            let base = try scratch()
            let steps = order.enumerated().map { i, id in PipelineStep(id: id, options: ["out": .string("out\(i)")]) }
            let builder = Builder(config: LarderConfig(exports: steps), registry: registry, outputBase: base)
            do {
                _ = try await builder.run(input)
                Issue.record("\(order) built")
            } catch {
                #expect(error.step == expected)
                #expect(error.message.contains("broken on purpose"))
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: base).isEmpty, "\(order)")
        }
    }

    /// Exporters whose preparation keys are equal get the one preparation, made once.
    @Test func equalPreparationKeysShareOnePreparation() async throws {
        let base = try scratch()
        let registry = try PluginRegistry(exporters: [PreparedEcho()])
        let config = LarderConfig(exports: [
            PipelineStep(id: "echo", options: ["out": "a", "key": "catalog"]),
            PipelineStep(id: "echo", options: ["out": "b", "key": "catalog"]),
            PipelineStep(id: "echo", options: ["out": "c", "key": "other"]),
        ])
        _ = try await Builder(config: config, registry: registry, outputBase: base).run(try documents())
        let read = { (out: String) in String(decoding: try FileBytes.read(base + "/\(out)/prepared.txt"), as: UTF8.self) }
        let (a, b, c) = (try read("a"), try read("b"), try read("c"))
        #expect(a.count == 36 && c.count == 36)
        #expect(a == b)
        #expect(a != c)
    }

    /// Outputs are staged export by export: a later export whose output collides with an
    /// earlier one fails its own step, and the first export's staged files never land.
    @Test func aLaterExportThatCollidesLandsNothing() async throws {
        let base = try scratch()
        let registry = try PluginRegistry(exporters: [ListExporter()])
        for second in ["dist/list", "dist/list/inner", "dist"] {
            let config = LarderConfig(exports: [PipelineStep(id: "list", options: ["out": "dist/list"]),
                                                PipelineStep(id: "list", options: ["out": .string(second)])])
            let builder = Builder(config: config, registry: registry, outputBase: base)
            let input = try documents()
            do {
                _ = try await builder.run(input)
                Issue.record("two exports into \(second) were written")
            } catch {
                #expect(error.step == "export list", "out: \(second)")
                #expect(error.message.contains("dist"), "out: \(second): \(error.message)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: base).isEmpty, "out: \(second)")
        }
    }

    /// A streamed build whose export fails gives back the lint's diagnostics with the
    /// step's error: the build's report held the step's error alone, and the content's
    /// warnings were lost on exactly the runs that fail.
    @Test func aStreamedStepThatFailsKeepsTheLintDiagnostics() async throws {
        struct BrokenStream: StreamingExporter {
            let id = "broken-stream"
            let summary = "Streams, and fails on the second document of a file."
            func export(_ documents: [Document], context: ExportContext) throws -> [Artifact] {
                throw OutputWriter.WriteError("broken on purpose")
            }
            func leadingKinds(context: ExportContext) -> Set<String> { [] }
            func makeStream(context: ExportContext, leading: [Document]) throws -> (any ExportStream)? { Stream() }
            struct Stream: ExportStream {
                var writesOneFile: Bool { false }
                var preparationKey: String { "" }
                func prepare(_ document: Document) throws -> Int { document.index ?? 0 }
                func render(_ prepared: Int) throws -> Int {
                    if prepared == 1 { throw OutputWriter.WriteError("broken on purpose") }
                    return prepared
                }
                mutating func consume(_ fragment: Int, into sink: inout ExportSink) throws {}
                mutating func finish(into sink: inout ExportSink) throws {}
            }
        }
        /// A warning for each document, which does not stop the build.
        struct Shout: Rule {
            let id = "shout"
            let summary = "Warns of every name."
            let defaultSeverity = Severity.warning
            func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
                guard let name = document.json.member(document.node, "name") else { return [] }
                return [context.diagnostic(in: document, at: name, "a name")]
            }
        }
        let root = try scratch()
        try FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
        try Data(#"[{"id": "a", "name": "A"}, {"id": "b", "name": "B"}]"#.utf8).write(to: URL(fileURLWithPath: root + "/content/drinks.json"))
        let config = LarderConfig(json: try JSONValue(parsing: #"""
            {"locales": ["en"], "content": [{"kind": "recipe", "include": ["content/*.json"]}], "rules": {"schema": "off"},
             "exports": [{"broken-stream": {"out": "dist/x"}}]}
            """#))
        let registry = try PluginRegistry(rules: [Shout()], exporters: [BrokenStream()])
        let reader = WorkingTreeReader(root: root)
        let included = ContentLoader(config: config, reader: reader).includedFiles()
        #expect(included.count == 1)
        let linter = Linter(config: config, registry: registry, reader: reader, projectRoot: root)
        let builder = Builder(config: config, registry: registry, outputBase: root)
        let streamed = await builder.runStreaming(files: included, linter: linter, reader: reader)
        guard case .stepFailed(let lint, let error) = streamed else {
            Issue.record("not a failed step: \(streamed)")
            return
        }
        #expect(error.step == "export broken-stream")
        #expect(error.message.contains("broken on purpose"))
        #expect(lint.map(\.ruleID) == ["shout", "shout"], "\(lint)")
        #expect(lint.map(\.severity) == [.warning, .warning])
        #expect(lint.map(\.pointer) == ["/0/name", "/1/name"])
        #expect(!FileManager.default.fileExists(atPath: root + "/dist"))
    }
}
