import Foundation
import Testing
@testable import LarderCore

/// The record of what earlier builds wrote (``OutputRecord``): how it reads and writes
/// itself, and what it calls stale (the CLI tests, `StaleOutputTests`, run it end to end).
@Suite struct OutputRecordTests {
    let scratch: ScratchRoot

    init() throws { scratch = try ScratchRoot("larder-record") }

    @Test func entriesSurviveAWriteAndARead() throws {
        let root = try scratch.folder()
        let record = OutputRecord(projectRoot: root, configName: "larder-ios.yml")
        #expect(record.file == root + "/.larder-cache/outputs-larder-ios.yml.json")
        let entries = [
            OutputRecord.Entry(base: ".", path: "dist/json", file: nil),
            OutputRecord.Entry(base: ".", path: "dist/jsonld", file: nil, files: [
                OutputRecord.WrittenFile(path: "en/recipe/a \"b\".json", stamp: OutputRecord.Stamp(size: 3, modified: 1_700_000_000_123_456_789)),
                OutputRecord.WrittenFile(path: "é/ü.json", stamp: OutputRecord.Stamp(size: 0, modified: -1)),
            ]),
            OutputRecord.Entry(base: "/elsewhere", path: "App/Content.xcstrings", file: FileStatKey(size: 12, modified: -3, changed: 1 << 62, inode: .max)),
        ]
        #expect(record.save(entries))
        #expect(record.load() == entries)
        // The folder is ignored by git, as the lint cache is.
        #expect(FileManager.default.fileExists(atPath: root + "/.larder-cache/.gitignore"))
    }

    @Test(arguments: ["", "{", "[]", #"{"format": 3, "outputs": [{"base": ".", "path": "dist"}]}"#, #"{"format": 1, "outputs": 3}"#])
    func aDamagedOrForeignRecordIsEmpty(_ text: String) throws {
        let root = try scratch.folder()
        let record = OutputRecord(projectRoot: root, configName: "larder.yml")
        try FileManager.default.createDirectory(atPath: root + "/.larder-cache", withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: record.file))
        #expect(record.load().isEmpty)
    }

    /// A record of the first format lists a folder's files by name, without their size and
    /// modification time: it is read as before, each file with no stat data.
    @Test func aRecordOfTheFirstFormatIsRead() throws {
        let root = try scratch.folder()
        let record = OutputRecord(projectRoot: root, configName: "larder.yml")
        try FileManager.default.createDirectory(atPath: root + "/.larder-cache", withIntermediateDirectories: true)
        let text = #"{"format": 1, "outputs": [{"base": ".", "path": "dist/json", "files": ["manifest.json", "en/card.json"]}, {"base": ".", "path": "A.xcstrings", "file": {"size": 2, "modified": 3, "changed": 4, "inode": 5}}]}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: record.file))
        #expect(record.load() == [
            OutputRecord.Entry(base: ".", path: "dist/json", file: nil, files: [
                OutputRecord.WrittenFile(path: "manifest.json", stamp: nil), OutputRecord.WrittenFile(path: "en/card.json", stamp: nil),
            ]),
            OutputRecord.Entry(base: ".", path: "A.xcstrings", file: FileStatKey(size: 2, modified: 3, changed: 4, inode: 5)),
        ])
    }

    /// A file of a stale folder whose size or modification time is not the recorded one
    /// changed since the build wrote it; one listed without them (an older record) is taken
    /// as unchanged.
    @Test func aFolderFileChangedSinceIsToldApart() throws {
        let root = try scratch.folder()
        try FileManager.default.createDirectory(atPath: root + "/dist/old/en", withIntermediateDirectories: true)
        for file in ["dist/old/.larder-output", "dist/old/a.json", "dist/old/en/b.json", "dist/old/en/c.json", "dist/old/mine.md"] {
            try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/" + file))
        }
        func stamp(_ path: String) throws -> OutputRecord.Stamp {
            let key = try #require(FileStatKey(path: root + "/dist/old/" + path))
            return OutputRecord.Stamp(size: key.size, modified: key.modified)
        }
        var b = try stamp("en/b.json")
        b.modified -= 1
        let files = [
            OutputRecord.WrittenFile(path: "a.json", stamp: try stamp("a.json")),
            OutputRecord.WrittenFile(path: "en/b.json", stamp: b),
            OutputRecord.WrittenFile(path: "en/c.json", stamp: nil),
            OutputRecord.WrittenFile(path: "gone.json", stamp: try stamp("a.json")),
        ]
        let record = OutputRecord(projectRoot: root, configName: "larder.yml")
        let (stale, _) = record.stale(recorded: [OutputRecord.Entry(base: ".", path: "dist/old", file: nil, files: files)], base: root, written: [], protected: [])
        #expect(stale.map(\.1) == [StaleOutput(path: "dist/old", isFile: false, files: 3, untracked: ["mine.md"], changed: ["en/b.json"])])
        #expect(stale.first?.1.removableWhole == false)
    }

    /// A folder without the marker that holds nothing but recorded outputs as the build left
    /// them (a folder output, a single file), folders on the way and empty ones, may be
    /// taken; a file changed since, or one no output lists, is in the way and named.
    @Test func aFolderHoldingOnlyRecordedOutputsIsTaken() throws {
        let root = try scratch.folder()
        let fm = FileManager.default
        for folder in ["dist/x/json/en", "dist/empty"] { try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        for file in ["dist/x/json/.larder-output", "dist/x/json/en/a.json", "dist/App.xcstrings"] {
            try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/" + file))
        }
        let a = try #require(FileStatKey(path: root + "/dist/x/json/en/a.json"))
        let entries = [
            OutputRecord.Entry(base: ".", path: "dist/x/json", file: nil, files: [OutputRecord.WrittenFile(path: "en/a.json", stamp: OutputRecord.Stamp(size: a.size, modified: a.modified))]),
            OutputRecord.Entry(base: ".", path: "dist/App.xcstrings", file: FileStatKey(path: root + "/dist/App.xcstrings")),
        ]
        let taken = try #require(OutputRecord.held(in: "dist", base: root, recorded: entries))
        #expect(taken.outputs == ["dist/App.xcstrings", "dist/x/json"] && taken.isTaken)

        Thread.sleep(forTimeInterval: 0.02)
        try Data("[]".utf8).write(to: URL(fileURLWithPath: root + "/dist/x/json/en/a.json"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/dist/x/notes.txt"))
        let held = try #require(OutputRecord.held(in: "dist", base: root, recorded: entries))
        #expect(held.changed == ["dist/x/json/en/a.json"] && held.notWritten == ["dist/x/notes.txt"] && !held.isTaken)
        // No recorded output in it: not Larder's at all.
        #expect(OutputRecord.held(in: "dist", base: root, recorded: []) == nil)
    }

    @Test func nothingIsWrittenWhenThereIsNothingToRecord() throws {
        let root = try scratch.folder()
        #expect(OutputRecord(projectRoot: root, configName: "larder.yml").save([]))
        #expect(!FileManager.default.fileExists(atPath: root + "/.larder-cache"))
    }

    @Test func basesAreNamedRelativeToTheProjectWhenInside() {
        let record = OutputRecord(projectRoot: "/p/app", configName: "larder.yml")
        #expect(record.baseKey("/p/app") == ".")
        #expect(record.baseKey("/p/app/") == ".")
        #expect(record.baseKey("/p/app/preview") == "preview")
        #expect(record.baseKey("/p/application") == "/p/application")
        #expect(record.absoluteBase("preview") == "/p/app/preview")
        #expect(record.absoluteBase("/tmp/x") == "/tmp/x")
    }

    /// Only Larder's own outputs are stale: a marked folder reached without a link, a
    /// regular file; an entry overlapping an output the build writes, or content, is not.
    @Test func onlyLarderOutputsAreStale() throws {
        let root = try scratch.folder()
        let fm = FileManager.default
        for folder in ["dist/old", "dist/unmarked", "real/marked", "dist/now/inner", "content"] {
            try fm.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["dist/old/.larder-output", "dist/old/a.json", "real/marked/.larder-output", "dist/now/inner/.larder-output", "dist/unmarked/a.json", "App.xcstrings", "content/.larder-output"] {
            try Data().write(to: URL(fileURLWithPath: root + "/" + file))
        }
        try fm.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/real")
        let record = OutputRecord(projectRoot: root, configName: "larder.yml")
        let stamp = FileStatKey(path: root + "/App.xcstrings")
        let entries = ["dist/old", "dist/unmarked", "linked/marked", "dist/now/inner", "gone", "content", "../up", "dist/./old"].map {
            OutputRecord.Entry(base: ".", path: $0, file: nil)
        } + [OutputRecord.Entry(base: ".", path: "App.xcstrings", file: stamp), OutputRecord.Entry(base: "/nowhere", path: "x", file: nil)]
        let (stale, kept) = record.stale(recorded: entries, base: root, written: ["dist/now"], protected: ["content/a.json"])
        #expect(stale.map(\.1) == [
            StaleOutput(path: "App.xcstrings", isFile: true, files: 1, unchanged: true),
            // Recorded without the list of the files the build wrote: --prune keeps it.
            StaleOutput(path: "dist/old", isFile: false, files: 1, untracked: nil),
        ])
        #expect(kept.isEmpty)  // the other base's output is not there
    }
}
