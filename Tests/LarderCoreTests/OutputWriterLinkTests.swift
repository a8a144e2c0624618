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

/// A single-file output replaces an existing file only when it is one Larder writes (JSON,
/// or recorded by an earlier build): `out: images/negroni.png` for a String Catalog
/// replaced the picture. Larder's own folders are never outputs.
@Suite struct OutputWriterExistingFileTests {
    @Test func aFileThatIsNotAnOutputIsKept() throws {
        let scratch = try ScratchRoot("larder-output-files")
        let project = try scratch.folder()
        let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        try Data(picture).write(to: URL(fileURLWithPath: project + "/negroni.png"))
        try Data("# Bar menu\n".utf8).write(to: URL(fileURLWithPath: project + "/README.md"))
        try Data("\u{FEFF}\n  {\"strings\" : {}}".utf8).write(to: URL(fileURLWithPath: project + "/Content.xcstrings"))
        let catalog = try Artifact(path: "Content.xcstrings", string: "{}\n")
        func output(_ path: String) -> OutputWriter.Output { .init(path: path, isFile: true, artifacts: [catalog]) }
        var writer = OutputWriter(base: project)
        for path in ["negroni.png", "README.md"] {
            #expect { try writer.write([output(path)]) } throws: { "\($0)".contains("'\(path)' exists and is not a file Larder wrote") }
            var staging = try writer.begin()
            #expect(throws: OutputWriter.WriteError.self) { _ = try staging.stream(path: path, isFile: true) }
            staging.discard()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: project + "/negroni.png")) == Data(picture))
        // A String Catalog (JSON) is replaced, and so is a file a build recorded writing.
        try writer.write([output("Content.xcstrings")])
        #expect(try String(contentsOfFile: project + "/Content.xcstrings", encoding: .utf8) == "{}\n")
        writer.recordedFiles = ["README.md"]
        try writer.write([output("README.md")])
        #expect(try String(contentsOfFile: project + "/README.md", encoding: .utf8) == "{}\n")
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
