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
