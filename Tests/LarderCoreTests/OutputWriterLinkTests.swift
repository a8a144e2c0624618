import Foundation
import Testing
@testable import LarderCore

/// An output whose path goes through a symbolic link is refused before anything is written:
/// `out: lnk/po` with `lnk` leading out of the project wrote the files wherever it led.
@Suite struct OutputWriterLinkTests {
    let scratch: ScratchRoot
    let project: String
    let outside: String

    init() throws {
        scratch = try ScratchRoot("larder-output-links")
        project = try scratch.folder()
        outside = try scratch.folder()
        try FileManager.default.createSymbolicLink(atPath: project + "/lnk", withDestinationPath: outside)
        try FileManager.default.createDirectory(atPath: project + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project + "/real/dist", withDestinationPath: outside)
    }

    func refuses(_ path: String, isFile: Bool = false, link: String) throws {
        let writer = OutputWriter(base: project)
        let output = OutputWriter.Output(path: path, isFile: isFile, artifacts: [try Artifact(path: isFile ? "x.json" : "en.po", string: "x")])
        #expect {
            try writer.write([output])
        } throws: { error in
            "\(error)".contains("the output '\(path)' goes through the link '\(link)'")
        }
        // The streamed build's way in is checked the same way.
        var staging = try writer.begin()
        defer { staging.discard() }
        #expect(throws: OutputWriter.WriteError.self) { _ = try staging.stream(path: path, isFile: isFile) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    @Test func aLinkedFolderOnTheWay() throws {
        try refuses("lnk/po", link: "lnk")
        try refuses("real/dist/json", link: "real/dist")
    }

    @Test func theOutputItselfALink() throws {
        try refuses("lnk", link: "lnk")
        try refuses("real/dist", link: "real/dist")
        try refuses("lnk/Content.xcstrings", isFile: true, link: "lnk")
    }

    @Test func realFoldersStillWork() throws {
        try OutputWriter(base: project).write([OutputWriter.Output(path: "real/po", isFile: false, artifacts: [try Artifact(path: "en.po", string: "x")])])
        #expect(FileManager.default.fileExists(atPath: project + "/real/po/en.po"))
    }
}

/// A single-file output replaces an existing file only when it is what the export writes
/// (a String Catalog) or a build recorded writing it: `out: images/negroni.png` for a String
/// Catalog replaced the picture, and `out: package.json` the project's package.json (it
/// is JSON). Larder's own folders are never outputs.
@Suite struct OutputWriterExistingFileTests {
    @Test func aFileThatIsNotAnOutputIsKept() throws {
        let scratch = try ScratchRoot("larder-output-files")
        let project = try scratch.folder()
        let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        try Data(picture).write(to: URL(fileURLWithPath: project + "/negroni.png"))
        try Data("# Bar menu\n".utf8).write(to: URL(fileURLWithPath: project + "/README.md"))
        let package = #"{"name": "my-app", "version": "1.0.0", "scripts": {"test": "jest"}}"#
        try Data(package.utf8).write(to: URL(fileURLWithPath: project + "/package.json"))
        // JSON, but not a String Catalog: one of its two members, an array, nothing.
        try Data(#"{"strings": {}}"#.utf8).write(to: URL(fileURLWithPath: project + "/half.json"))
        try Data(#"[{"sourceLanguage": "en", "strings": {}}]"#.utf8).write(to: URL(fileURLWithPath: project + "/list.json"))
        try Data().write(to: URL(fileURLWithPath: project + "/empty.json"))
        try Data("\u{FEFF}\n  {\"sourceLanguage\" : \"en\", \"strings\" : {}, \"version\" : \"1.0\"}".utf8).write(to: URL(fileURLWithPath: project + "/Content.xcstrings"))
        let catalog = try Artifact(path: "Content.xcstrings", string: "{}\n")
        func output(_ path: String) -> OutputWriter.Output { .init(path: path, isFile: true, artifacts: [catalog]) }
        var writer = OutputWriter(base: project)
        for path in ["negroni.png", "README.md", "package.json", "half.json", "list.json", "empty.json"] {
            let message = "'\(path)' exists and is neither a String Catalog (a JSON object with \"sourceLanguage\" and \"strings\") nor a file a build recorded writing, so the build leaves it as it is; give the String Catalog another `out`, such as dist/ios/Content.xcstrings"
            #expect { try writer.write([output(path)]) } throws: { "\($0)" == message }
            var staging = try writer.begin()
            #expect { _ = try staging.stream(path: path, isFile: true) } throws: { "\($0)" == message }
            staging.discard()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: project + "/negroni.png")) == Data(picture))
        #expect(try String(contentsOfFile: project + "/package.json", encoding: .utf8) == package)
        // A String Catalog is replaced, and so is a file a build recorded writing.
        try writer.write([output("Content.xcstrings")])
        #expect(try String(contentsOfFile: project + "/Content.xcstrings", encoding: .utf8) == "{}\n")
        writer.recordedFiles = ["README.md"]
        try writer.write([output("README.md")])
        #expect(try String(contentsOfFile: project + "/README.md", encoding: .utf8) == "{}\n")
    }

    /// Outputs are compared as Windows sees them too: it drops the dots and spaces that end
    /// a name, so `dist/json.` and `dist/json ` are its `dist/json`, and `.git.` is git's
    /// folder. They were written as three folders.
    @Test func outputsThatWindowsTakesForOneAreRefused() throws {
        let scratch = try ScratchRoot("larder-output-windows")
        let writer = OutputWriter(base: try scratch.folder())
        func output(_ path: String) throws -> OutputWriter.Output {
            .init(path: path, isFile: false, artifacts: [try Artifact(path: "en.po", string: "x")])
        }
        let cases: [([String], String)] = [
            (["dist/json", "dist/json."], "the outputs 'dist/json' and 'dist/json.' differ only in the dots and spaces that end a name: on Windows, which drops those, they are one place; give each export its own `out`"),
            (["dist/json", "Dist/JSON "], "the outputs 'dist/json' and 'Dist/JSON ' differ only in case and in the dots and spaces that end a name: on Windows, which ignores case and drops those, they are one place; give each export its own `out`"),
            (["dist/json", "dist /json/po"], "the outputs 'dist/json' and 'dist /json/po' overlap"),
            ([".git./po"], "the output '.git./po' is in '.git.', which is git's folder; choose another `out`"),
        ]
        for (paths, message) in cases {
            #expect { try writer.check(paths.map(output)) } throws: { "\($0)" == message }
        }
    }

    @Test func larderAndGitFoldersAreNoOutputs() throws {
        let scratch = try ScratchRoot("larder-output-own")
        let writer = OutputWriter(base: try scratch.folder())
        for path in [".larder-cache", ".larder-cache/json", ".larder-staging-1-x", ".git/po"] {
            let output = OutputWriter.Output(path: path, isFile: false, artifacts: [try Artifact(path: "en.po", string: "x")])
            #expect { try writer.write([output]) } throws: { "\($0)".contains("choose another `out`") }
        }
    }
}
