import Foundation
import LarderJSON
import Testing
@testable import LarderCore

/// `larder build --check`'s comparison: staged outputs against those in place, file by
/// file, with where a changed file first differs; nothing in place is touched.
@Suite struct OutputCheckTests {
    let scratchRoot: ScratchRoot

    init() throws { scratchRoot = try ScratchRoot("larder-check") }

    func write(_ text: String, _ path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Stages `outputs` in `base` and compares them with what is there.
    func differences(_ base: String, _ outputs: [OutputWriter.Output]) throws -> [OutputDifference] {
        var staging = try OutputWriter(base: base).begin(in: try scratchRoot.folder())
        defer { staging.discard() }
        for output in outputs { try staging.stage(output) }
        return try staging.differences()
    }

    func bundle(_ files: [(String, String)]) throws -> OutputWriter.Output {
        OutputWriter.Output(path: "dist/json", isFile: false, artifacts: try files.map { try Artifact(path: $0.0, bytes: Array($0.1.utf8)) })
    }

    /// The text of a String Catalog with no strings (only a String Catalog, or a file the
    /// build record lists, is replaced by one).
    static let emptyCatalog = #"{"sourceLanguage": "en", "strings": {}}"#

    /// A single-file output, as xcstrings writes.
    func catalog(_ text: String) throws -> OutputWriter.Output {
        OutputWriter.Output(path: "dist/Content.xcstrings", isFile: true, artifacts: [try Artifact(path: "x", bytes: Array(text.utf8))])
    }

    /// Every file under `root` with its bytes (to see that nothing moved).
    func snapshot(_ root: String) -> [String: Data] {
        var all: [String: Data] = [:]
        let walk = FileManager.default.enumerator(atPath: root)
        while let name = walk?.nextObject() as? String { all[name] = FileManager.default.contents(atPath: root + "/" + name) ?? Data("folder".utf8) }
        return all
    }

    @Test func upToDateOutputsHaveNoDifferences() throws {
        let base = try scratchRoot.folder()
        var staging = try OutputWriter(base: base).begin()
        try staging.stage(try bundle([("en/recipe.json", "[1]\n"), ("pt/recipe.json", "[2]\n")]))
        try staging.stage(try catalog(Self.emptyCatalog))
        try staging.commit()
        staging.discard()
        let output = try bundle([("en/recipe.json", "[1]\n"), ("pt/recipe.json", "[2]\n")])
        let file = try catalog(Self.emptyCatalog)
        #expect(try differences(base, [output, file]).isEmpty)
        // The staging folder is gone, and nothing else was made.
        #expect(try FileManager.default.contentsOfDirectory(atPath: base) == ["dist"])
    }

    @Test func changedMissingAndExtraFilesAreNamedAndNothingMoves() throws {
        let base = try scratchRoot.folder()
        try write("", base + "/dist/json/.larder-output")
        try write("{\n  \"a\": \"caf\u{E9} \u{1F600} x\",\n  \"b\": 1\n}\n", base + "/dist/json/en/recipe.json")
        try write("old", base + "/dist/json/stale.json")
        try write(Self.emptyCatalog, base + "/dist/Content.xcstrings")
        let before = snapshot(base + "/dist")
        let found = try differences(base, [
            try bundle([("en/recipe.json", "{\n  \"a\": \"caf\u{E9} \u{1F600} y\",\n  \"b\": 1\n}\n"), ("pt/recipe.json", "[]")]),
            try catalog(Self.emptyCatalog),
            OutputWriter.Output(path: "dist/android", isFile: false, artifacts: [try Artifact(path: "res/values/strings.xml", bytes: [0x3C])]),
        ])
        // `y` for `x`: line 2, column 17 (`  "a": "caf` is 11 columns, é one UTF-16 unit, 😀 two).
        #expect(found == [
            OutputDifference(path: "dist/json/en/recipe.json", change: .changed(at: SourcePosition(line: 2, column: 17))),
            OutputDifference(path: "dist/json/pt/recipe.json", change: .missing),
            OutputDifference(path: "dist/json/stale.json", change: .extra),
            OutputDifference(path: "dist/android", change: .missingFolder(files: 1)),
        ])
        #expect(snapshot(base + "/dist") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: base) == ["dist"])
    }

    @Test func aFileCutShortOrGrownDiffersWhereTheShorterEnds() throws {
        let base = try scratchRoot.folder()
        try write("", base + "/dist/json/.larder-output")
        try write("[\n  1\n]", base + "/dist/json/a.json")
        try write("[\n  1\n]\n\n", base + "/dist/json/b.json")
        let found = try differences(base, [try bundle([("a.json", "[\n  1\n]\n"), ("b.json", "[\n  1\n]\n")])])
        #expect(found == [
            OutputDifference(path: "dist/json/a.json", change: .changed(at: SourcePosition(line: 3, column: 2))),
            OutputDifference(path: "dist/json/b.json", change: .changed(at: SourcePosition(line: 4, column: 1))),
        ])
    }

    @Test func aDifferencePastTheFirstBlockHasItsLineAndColumn() throws {
        let base = try scratchRoot.folder()
        // Three megabytes of lines, some ending in \r\n, the difference far in.
        var lines: [String] = []
        for i in 0..<60_000 { lines.append("\"line \(i)\" : \"\(String(repeating: "é", count: i % 40))\"") }
        var old = ""
        for (i, line) in lines.enumerated() { old += line + (i % 3 == 0 ? "\r\n" : "\n") }
        var new = Array(old.utf8)
        let target = lines[50_000]
        let offset = Array(old.utf8).firstRange(of: Array(target.utf8))!.lowerBound + 9
        new[offset] = UInt8(ascii: "Z")
        try write("", base + "/dist/json/.larder-output")
        try write(old, base + "/dist/json/big.json")
        let output = OutputWriter.Output(path: "dist/json", isFile: false, artifacts: [try Artifact(path: "big.json", bytes: new)])
        let expected = SourceLocator(bytes: Array(old.utf8)).position(ofByte: offset)
        #expect(expected.line == 50_001)
        #expect(try differences(base, [output]) == [OutputDifference(path: "dist/json/big.json", change: .changed(at: expected))])
    }

    @Test func aLinkWhereAFileIsBuiltIsNotFollowed() throws {
        let base = try scratchRoot.folder()
        let outside = try scratchRoot.folder()
        try write("[1]", outside + "/secret.json")
        try write("", base + "/dist/json/.larder-output")
        try FileManager.default.createSymbolicLink(atPath: base + "/dist/json/a.json", withDestinationPath: outside + "/secret.json")
        try FileManager.default.createSymbolicLink(atPath: base + "/dist/json/sub", withDestinationPath: outside)
        let found = try differences(base, [try bundle([("a.json", "[1]")])])
        #expect(found == [
            OutputDifference(path: "dist/json/a.json", change: .notRegular),
            OutputDifference(path: "dist/json/sub", change: .extra),
        ])
    }

    /// A check says what the build would: an output that is, or goes through, a link is
    /// refused, and nothing is read through it (it was one difference, and a link above the
    /// output was followed: "up to date" on files outside the project, which the build then
    /// refused to write).
    @Test func aLinkedOutputIsRefusedAsTheBuildRefusesIt() throws {
        let base = try scratchRoot.folder()
        let elsewhere = try scratchRoot.folder()
        try write("", elsewhere + "/json/.larder-output")
        try write("[1]", elsewhere + "/json/a.json")
        try FileManager.default.createDirectory(atPath: base + "/dist", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: base + "/dist/json", withDestinationPath: elsewhere + "/json")
        try FileManager.default.createSymbolicLink(atPath: base + "/lnk", withDestinationPath: elsewhere)
        #expect(throws: OutputWriter.WriteError.self) { _ = try differences(base, [try bundle([("a.json", "[1]")])]) }
        let above = OutputWriter.Output(path: "lnk/json", isFile: false, artifacts: [try Artifact(path: "a.json", bytes: Array("[1]".utf8))])
        #expect { _ = try differences(base, [above]) } throws: { "\($0)".contains("goes through the link 'lnk'") }
    }

    /// A character that differs in a later byte (é and ó share their first) is named at its
    /// first byte, also when the two fall in different blocks of the comparison.
    @Test func aDifferenceInsideACharacterIsNamedAtTheCharacter() throws {
        let base = try scratchRoot.folder()
        try write("", base + "/dist/json/.larder-output")
        try write("{\"a\": \"nació 😃\"}", base + "/dist/json/a.json")
        // Past the first block, with the character's first byte the block's last one.
        let line = String(repeating: "x", count: (1 << 20) - 1)
        try write("\(line)é", base + "/dist/json/b.json")
        try write("\(line)\n😃", base + "/dist/json/c.json")
        let found = try differences(base, [try bundle([
            ("a.json", "{\"a\": \"nacié 😀\"}"), ("b.json", "\(line)ó"), ("c.json", "\(line)\n😀"),
        ])])
        #expect(found == [
            OutputDifference(path: "dist/json/a.json", change: .changed(at: SourcePosition(line: 1, column: 12))),
            OutputDifference(path: "dist/json/b.json", change: .changed(at: SourcePosition(line: 1, column: (1 << 20)))),
            OutputDifference(path: "dist/json/c.json", change: .changed(at: SourcePosition(line: 2, column: 1))),
        ])
    }

    @Test func namesCompareByTheirBytes() throws {
        let base = try scratchRoot.folder()
        try write("", base + "/dist/json/.larder-output")
        // é written decomposed (e and a combining accent): a name of its own, not é's.
        try write("{}", base + "/dist/json/e\u{301}x.json")
        for name in ["a.json", "ex.json", "éx.json", "z.json"] { try write("{}", base + "/dist/json/" + name) }
        let found = try differences(base, [try bundle([("a.json", "{}"), ("ex.json", "{}"), ("éx.json", "{}"), ("z.json", "{}")])])
        #expect(found == [OutputDifference(path: "dist/json/e\u{301}x.json", change: .extra)])
    }

    @Test func lineEndingsAByteOrderMarkAndSystemFilesAreToldApart() throws {
        let base = try scratchRoot.folder()
        try write("", base + "/dist/json/.larder-output")
        try write("[\r\n  1\r\n]", base + "/dist/json/crlf.json")
        try write("\u{FEFF}[1]", base + "/dist/json/bom.json")
        try write("junk", base + "/dist/json/.DS_Store")
        try write("junk", base + "/dist/json/en/Thumbs.db")
        let found = try differences(base, [try bundle([("crlf.json", "[\n  1\n]"), ("bom.json", "[1]"), ("en/x.json", "1")])])
        #expect(found == [
            OutputDifference(path: "dist/json/bom.json", change: .changed(at: SourcePosition(line: 1, column: 1), cause: .byteOrderMark)),
            OutputDifference(path: "dist/json/crlf.json", change: .changed(at: SourcePosition(line: 1, column: 2), cause: .lineEndings)),
            OutputDifference(path: "dist/json/en/x.json", change: .missing),
        ])
    }

    /// The counter fed in blocks gives SourceLocator's position for every offset.
    @Test func positionCounterMatchesTheLocatorAcrossBlocks() {
        var rng = SystemRandomNumberGenerator()
        let alphabet: [[UInt8]] = [[0x61], [0x0A], [0x0D], [0x0D, 0x0A], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0x20]]
        for round in 0..<2000 {
            var bytes: [UInt8] = round % 5 == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<Int.random(in: 0..<80, using: &rng) { bytes += alphabet.randomElement(using: &rng)! }
            let locator = SourceLocator(bytes: bytes)
            let offset = Int.random(in: 0...bytes.count, using: &rng)
            // Cut only where a character starts, as the comparison cuts before a differing byte.
            guard offset == bytes.count || bytes[offset] & 0xC0 != 0x80 else { continue }
            var counter = PositionCounter()
            var at = 0
            // The first block holds the byte order mark whole, as a file's first block does.
            var first = true
            while at < offset {
                let size = min(offset - at, first ? max(3, Int.random(in: 1...7, using: &rng)) : Int.random(in: 1...7, using: &rng))
                first = false
                bytes.withUnsafeBufferPointer { counter.advance(over: UnsafeBufferPointer(rebasing: $0[at..<(at + size)])) }
                at += size
            }
            let next = offset < bytes.count ? bytes[offset] : nil
            #expect(counter.position(next: next) == locator.position(ofByte: offset), "\(bytes) at \(offset)")
        }
    }
}
