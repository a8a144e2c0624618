import Foundation
import LarderJSON
import Testing
@testable import LarderCore

/// A fact rule for the tests: no two notes share a title, across files.
struct UniqueTitle: FactContentRule {
    let id = "unique-title"
    let summary = "No two notes share a title."
    let defaultSeverity = Severity.error

    struct Facts: ContentFacts {
        var title: String
        var place: FactPlace

        init(title: String, place: FactPlace) {
            self.title = title
            self.place = place
        }

        func encode(to encoder: inout FactEncoder) {
            encoder.write(title)
            encoder.write(place)
        }

        init(from decoder: inout FactDecoder) throws(FactDecoder.Failure) {
            title = try decoder.readString()
            place = try decoder.readPlace()
        }
    }

    func facts(of document: Document, context: RuleContext) -> Facts? {
        let json = document.json
        guard let node = json.member(document.node, "title"), let title = json.string(node) else { return nil }
        return Facts(title: title, place: FactPlace(document, node: node))
    }

    func check(facts: FactTable<Facts>, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic] {
        var first: [String: FactTable<Facts>.Entry] = [:]
        var out: [Diagnostic] = []
        for entry in facts.entries {
            if let earlier = first[entry.facts.title] {
                if files?.contains(entry.file) ?? true {
                    out.append(context.diagnostic(
                        file: entry.file, at: entry.facts.place,
                        "title '\(entry.facts.title)' is also at \(earlier.facts.place.description(in: earlier.file))",
                        related: [Diagnostic.RelatedLocation(file: earlier.file, place: earlier.facts.place, message: "first")]))
                }
            } else {
                first[entry.facts.title] = entry
            }
        }
        return out
    }
}

/// The same rule id with facts of another shape, as a rule changed without bumping its
/// facts version would be.
struct UniqueTitleReshaped: FactContentRule {
    let id = "unique-title"
    let summary = "No two notes share a title."
    let defaultSeverity = Severity.error

    struct Facts: ContentFacts {
        var length: Int
        var title: String

        init(length: Int, title: String) {
            self.length = length
            self.title = title
        }

        func encode(to encoder: inout FactEncoder) {
            encoder.write(length)
            encoder.write(title)
            encoder.write(true)
        }

        init(from decoder: inout FactDecoder) throws(FactDecoder.Failure) {
            length = try decoder.readInt()
            title = try decoder.readString()
            guard try decoder.readBool() else { throw FactDecoder.Failure() }
        }
    }

    func facts(of document: Document, context: RuleContext) -> Facts? {
        let json = document.json
        guard let node = json.member(document.node, "title"), let title = json.string(node) else { return nil }
        return Facts(length: title.count, title: title)
    }

    func check(facts: FactTable<Facts>, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic] {
        var seen = Set<String>()
        var out: [Diagnostic] = []
        for entry in facts.entries where !seen.insert(entry.facts.title).inserted && (files?.contains(entry.file) ?? true) {
            out.append(Diagnostic(ruleID: id, severity: .error, message: "again: \(entry.facts.title)", file: entry.file,
                                  start: SourcePosition(line: 1, column: 1)))
        }
        return out
    }
}

/// A cross-file rule without facts: runs with every file parsed.
struct CountNotes: ContentRule {
    let id = "count-notes"
    let summary = "Reports how many notes there are."
    let defaultSeverity = Severity.warning

    func check(content: ContentSet, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic] {
        content.documents.filter { files?.contains($0.file) ?? true }.map {
            context.diagnostic(in: $0, at: $0.node, "one of \(content.documents.count) notes")
        }
    }
}

/// A scratch project of notes.
final class NoteProject {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("larder-facts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try write("note.schema.json", #"{"type": "object"}"#)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func write(_ path: String, _ text: String) throws {
        let file = url(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func note(_ name: String, title: String) throws {
        try write("notes/\(name).json", "{\n  \"title\": \"\(title)\"\n}\n")
    }

    var cacheFile: String { root.path + "/.larder-cache/lint-larder.yml.facts" }

    var config: LarderConfig {
        LarderConfig(content: [ContentEntry(kind: "note", include: [Glob("notes/**/*.json")], schema: "note.schema.json")])
    }

    /// Lints with the rules given, with or without a cache; diagnostics sorted.
    func lint(
        _ rules: [any Rule] = [UniqueTitle()], reportingOn: Set<String>?, cache: Bool = true, salt: String = "test 1"
    ) async throws -> (diagnostics: [Diagnostic], report: Linter.CacheReport) {
        var registry = PluginRegistry.builtIn
        for rule in rules { try registry.register(rule: rule) }
        let reader = WorkingTreeReader(root: root.path)
        let linter = Linter(config: config, registry: registry, reader: reader, projectRoot: root.path)
        let loader = ContentLoader(config: config, reader: reader)
        let outcome = await linter.lint(
            files: loader.includedFiles(), loader: loader, reportingOn: reportingOn,
            cache: cache ? FactCache(projectRoot: root.path, configName: "larder.yml", salt: salt) : nil)
        return (outcome.diagnostics.sorted(), outcome.cache)
    }

    /// Waits a little, so that files just written are older than the next run's stamp by
    /// more than a clock tick (else their entries are rightly not trusted).
    func settle() async throws {
        try await Task.sleep(for: .milliseconds(30))
    }

    /// Sets a file's modification time (seconds from now).
    func touch(_ path: String, secondsFromNow: Double) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: secondsFromNow)], ofItemAtPath: url(path).path)
    }
}

@Suite struct FactCodingTests {
    @Test func factsReadBackWhatWasWritten() throws {
        var e = FactEncoder()
        e.write(-3)
        e.write(Int.max)
        e.write(UInt64.max)
        e.write(-0.0)
        e.write(Double.pi)
        e.write(true)
        e.write("café ☕️")
        e.write(nil as String?)
        e.write(["", "a/b", "~1"])
        e.write(FactPlace(start: SourcePosition(line: 3, column: 9), end: SourcePosition(line: 3, column: 20), pointer: "/a/0"))
        var d = FactDecoder(e.bytes)
        #expect(try d.readInt() == -3)
        #expect(try d.readInt() == Int.max)
        #expect(try d.readUInt64() == UInt64.max)
        #expect(try d.readDouble().bitPattern == (-0.0).bitPattern)
        #expect(try d.readDouble() == Double.pi)
        #expect(try d.readBool())
        #expect(try d.readString() == "café ☕️")
        #expect(try d.readOptionalString() == nil)
        #expect(try d.readStrings() == ["", "a/b", "~1"])
        let place = try d.readPlace()
        #expect(place.start == SourcePosition(line: 3, column: 9) && place.end.column == 20 && place.pointer == "/a/0")
        #expect(d.isAtEnd)
    }

    @Test func cutOrDamagedFactsThrowInsteadOfCrashing() {
        var e = FactEncoder()
        e.write("a title long enough")
        e.write(["x", "y"])
        e.write(2.5)
        let bytes = e.bytes
        for length in 0..<bytes.count {
            var d = FactDecoder(bytes, range: 0..<length)
            #expect(throws: FactDecoder.Failure.self) {
                _ = try d.readString()
                _ = try d.readStrings()
                _ = try d.readDouble()
            }
        }
        // A length far beyond the bytes, and a number that never ends.
        var huge = FactDecoder([0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x41])
        #expect(throws: FactDecoder.Failure.self) { _ = try huge.readString() }
        var endless = FactDecoder([UInt8](repeating: 0xFF, count: 12))
        #expect(throws: FactDecoder.Failure.self) { _ = try endless.readUInt64() }
        var notABool = FactDecoder([2])
        #expect(throws: FactDecoder.Failure.self) { _ = try notABool.readBool() }
    }

    @Test func aPlaceIsWhereADiagnosticWouldBe() throws {
        // A byte order mark, CRLF line ends, and text before the value that counts double
        // in UTF-16; documents in an array.
        let text = "\u{FEFF}[\r\n {\"x\": \"😀\", \"title\": \"a\"},\r\n {\"title\":\r\n \"b\"}]"
        let json = try JSONDocument(parsing: Array(text.utf8))
        for document in Document.split(file: "n.json", json: json) {
            let node = try #require(json.member(document.node, "title"))
            let place = FactPlace(document, node: node)
            let expected = document.diagnostic(ruleID: "r", severity: .error, message: "m", node: node)
            #expect(place.start == expected.start && place.end == expected.end && place.pointer == expected.pointer)
        }
    }

    @Test func placesWrittenInOnePassAreWhereDiagnosticsWouldBe() throws {
        // Many documents on one line (a minified file), then on lines of their own, with
        // text that counts double in UTF-16, CRLF and lone CR line ends and a byte order mark.
        var items: [String] = []
        for i in 0..<200 { items.append(#"{"x": "😀é", "title": "t\#(i)"}"#) }
        let minified = "\u{FEFF}[" + items.joined(separator: ",") + "]"
        let lines = "[\r\n" + items.joined(separator: ",\r\n") + ",\r" + items[0] + "]"
        for text in [minified, lines] {
            let json = try JSONDocument(parsing: Array(text.utf8))
            let documents = Document.split(file: "n.json", json: json)
            var encoder = FactEncoder()
            for document in documents {
                let node = try #require(json.member(document.node, "title"))
                encoder.startDocument()
                FactPlace(document, node: node).encode(to: &encoder)
                var decoder = FactDecoder(encoder.bytes)
                let place = try decoder.readPlace()
                let expected = document.diagnostic(ruleID: "r", severity: .error, message: "m", node: node)
                #expect(place.start == expected.start && place.end == expected.end && place.pointer == expected.pointer)
            }
        }
    }

    @Test func placesResolvedTogetherAreWhereDiagnosticsWouldBe() throws {
        // Places of two files, asked out of byte order and mixed, some of them read back
        // from bytes (which keep their positions): each is where a diagnostic would be.
        var items: [String] = []
        for i in 0..<50 { items.append(#"{"x": "😀é", "title": "t\#(i)", "tags": ["a", "b"]}"#) }
        let texts = ["\u{FEFF}[" + items.joined(separator: ",") + "]", "[\r\n" + items.joined(separator: ",\r\n") + ",\r" + items[0] + "]"]
        var places: [FactPlace] = []
        var expected: [Diagnostic] = []
        for (k, text) in texts.enumerated() {
            let json = try JSONDocument(parsing: Array(text.utf8))
            for document in Document.split(file: "n\(k).json", json: json) {
                let tags = try #require(json.member(document.node, "tags"))
                let title = try #require(json.member(document.node, "title"))
                for node in Array(json.elements(tags)).reversed() + [title] {
                    places.append(FactPlace(document, node: node))
                    expected.append(document.diagnostic(ruleID: "r", severity: .error, message: "m", node: node))
                }
            }
        }
        var order = Array(places.indices)
        var generator = SystemRandomNumberGenerator()
        order.shuffle(using: &generator)
        var encoder = FactEncoder()
        places[order[0]].encode(to: &encoder)
        var decoder = FactDecoder(encoder.bytes)
        places[order[0]] = try decoder.readPlace()
        let resolved = FactPlace.resolving(order.map { places[$0] })
        #expect(resolved.count == places.count)
        for (place, o) in zip(resolved, order) {
            #expect(place.start == expected[o].start && place.end == expected[o].end && place.pointer == expected[o].pointer)
        }
        #expect(FactPlace.resolving([]).isEmpty)

        // Written as positions only, out of byte order, and read back at their pointers.
        var positions = FactEncoder()
        positions.writePositions(of: order.map { places[$0] })
        var reader = FactDecoder(positions.bytes)
        for o in order {
            let place = try reader.readPlace(pointer: expected[o].pointer)
            #expect(place.start == expected[o].start && place.end == expected[o].end && place.pointer == expected[o].pointer)
        }
        #expect(reader.isAtEnd)
    }

    @Test func positionsThatOverflowDoNotReadBack() {
        var encoder = FactEncoder()
        encoder.write(SourcePosition(line: Int.max, column: 1))
        encoder.write(1)
        encoder.write(1)
        var decoder = FactDecoder(encoder.bytes)
        #expect(throws: FactDecoder.Failure.self) { try decoder.readPlace(pointer: .root) }
    }

    @Test func theCursorCountsAsTheLocatorDoes() {
        // Texts made of line ends of every kind, multi-byte characters, control characters
        // and a byte order mark, with runs of plain ASCII longer than the cursor's eight-byte
        // step (and the bytes either side of its test, 0x0D and 0x0E, 0x7F and 0x80), asked
        // at every offset in order, and at random offsets.
        let pieces = ["a", "\n", "\r", "\r\n", "é", "😀", "\t", "\u{FEFF}", "  \"name\": 12345,", "abcdefghijklmnopq", "\u{0E}\u{7F}", "\u{0C}", "\u{80}"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var text = round % 3 == 0 ? "\u{FEFF}" : ""
            for _ in 0..<Int.random(in: 0..<60, using: &generator) { text += pieces.randomElement(using: &generator) ?? "" }
            let bytes = Array(text.utf8)
            let locator = SourceLocator(bytes: bytes)
            var cursor = PositionCursor()
            // With the line index: from it near a line's start, counted on from the last
            // position further in (these texts have lines longer than that limit).
            var indexed = PositionCursor()
            for offset in 0...bytes.count {
                #expect(cursor.position(ofByte: offset, in: bytes) == locator.position(ofByte: offset), "\(bytes) at \(offset)")
                #expect(indexed.position(ofByte: offset, in: bytes, lines: locator) == locator.position(ofByte: offset), "\(bytes) at \(offset)")
                let near = locator.position(ofByte: offset, scanningAtMost: 20)
                #expect(near == nil || near == locator.position(ofByte: offset))
            }
            for _ in 0..<20 {
                let offset = Int.random(in: 0...bytes.count, using: &generator)
                #expect(cursor.position(ofByte: offset, in: bytes) == locator.position(ofByte: offset), "\(bytes) at \(offset)")
                #expect(indexed.position(ofByte: offset, in: bytes, lines: locator) == locator.position(ofByte: offset), "\(bytes) at \(offset)")
            }
        }
    }

    @Test func gitBlobIDsAreGits() {
        // What `git hash-object` prints for these contents.
        #expect(GitBlobID.sha1(of: []) == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        #expect(GitBlobID.sha1(of: Array("hello\n".utf8)) == "ce013625030ba8dba906f756967f9e9ca394464a")
        #expect(GitBlobID.sha1(of: Array(String(repeating: "x", count: 55).utf8)) == "e329c5109ce10a7367561757d2f5a053c528f11e")
        #expect(GitBlobID.sha1(of: Array(String(repeating: "x", count: 56).utf8)) == "355e203863c368f0404d7fc7ae4761122c117dd2")
        #expect(GitBlobID.sha1(of: Array(String(repeating: "larder ", count: 100).utf8)) == "0c627d8df7ce4349ff4b8889c7e09105ef774d06")
        #expect(GitBlobID.matches("CE013625030BA8DBA906F756967F9E9CA394464A", Array("hello\n".utf8)))
        #expect(!GitBlobID.matches("ce013625030ba8dba906f756967f9e9ca394464a", Array("hello!".utf8)))
    }
}

@Suite struct FactCacheFileTests {
    static func sample() -> [UInt8] {
        let documents = FactCache.Documents.encode([(nil, [[1, 2, 3], nil]), (4, [nil, [9]])])
        let entries = [
            FactCache.Entry(path: "notes/a.json", kind: "note", stat: FileStatKey(size: 10, modified: 5, changed: 6, inode: 7),
                            blob: nil, documents: documents),
            FactCache.Entry(path: "notes/b.json", kind: "other", stat: nil,
                            blob: "ce013625030ba8dba906f756967f9e9ca394464a", documents: FactCache.Documents.encode([])),
        ]
        return FactCache.encode(entries, fingerprint: "fp", jobCount: 2)
    }

    @Test func aCacheFileReadsBack() throws {
        var snapshot = try #require(FactCache.decode(Self.sample(), fingerprint: "fp", jobCount: 2))
        #expect(snapshot.entries.count == 2)
        var cursor = 0
        let a = try #require(snapshot.find("notes/a.json", cursor: &cursor))
        let b = try #require(snapshot.find("notes/b.json", cursor: &cursor))
        #expect(snapshot.find("notes/c.json", cursor: &cursor) == nil)
        #expect(snapshot.kinds[snapshot.entries[a].kind] == "note" && snapshot.kinds[snapshot.entries[b].kind] == "other")
        #expect(snapshot.entries[a].stat == FileStatKey(size: 10, modified: 5, changed: 6, inode: 7))
        #expect(snapshot.entries[b].stat == nil)
        #expect(snapshot.blobEquals(snapshot.entries[b], "ce013625030ba8dba906f756967f9e9ca394464a"))
        #expect(!snapshot.blobEquals(snapshot.entries[a], "ce013625030ba8dba906f756967f9e9ca394464a"))
        let documents = FactCache.Documents(bytes: snapshot.bytes, range: snapshot.entries[a].documents)
        var second: [(Int?, [UInt8])] = []
        try documents.forEach(job: 1, jobCount: 2) { index, range in second.append((index, Array(snapshot.bytes[range]))) }
        #expect(second.count == 1 && second[0].0 == 4 && second[0].1 == [9])
        // Out of order look-ups still find their entries.
        cursor = 0
        #expect(snapshot.find("notes/b.json", cursor: &cursor) == b)
        #expect(snapshot.find("notes/a.json", cursor: &cursor) == a)
    }

    @Test func aDamagedTruncatedOrForeignCacheIsNotRead() {
        let bytes = Self.sample()
        for length in 0..<bytes.count {
            #expect(FactCache.decode(Array(bytes[0..<length]), fingerprint: "fp", jobCount: 2) == nil, "cut at \(length)")
        }
        for i in bytes.indices {
            var damaged = bytes
            damaged[i] ^= 0x10
            #expect(FactCache.decode(damaged, fingerprint: "fp", jobCount: 2) == nil, "byte \(i) changed")
        }
        #expect(FactCache.decode(bytes, fingerprint: "another", jobCount: 2) == nil)
        #expect(FactCache.decode(bytes, fingerprint: "fp", jobCount: 3) == nil)
        #expect(FactCache.decode(Array(#"{"not": "a cache"}"#.utf8), fingerprint: "fp", jobCount: 2) == nil)
        #expect(FactCache.decode(bytes + [0], fingerprint: "fp", jobCount: 2) == nil)
    }

    @Test func racyMeansChangedAtOrAfterTheStamp() {
        let key = FileStatKey(size: 1, modified: 1_000, changed: 2_000, inode: 1)
        #expect(key.isRacy(stamp: 2_000))
        #expect(key.isRacy(stamp: 1_500))
        #expect(!key.isRacy(stamp: 2_001))
    }
}

@Suite struct FactCacheLintTests {
    @Test func onlyReportedAndChangedFilesAreParsed() async throws {
        let project = try NoteProject()
        for (name, title) in [("a", "Soup"), ("b", "Bread"), ("c", "Salad")] { try project.note(name, title: title) }
        try await project.settle()
        let first = try await project.lint(reportingOn: ["notes/a.json"])
        #expect(first.report.used && !first.report.loaded && first.report.parsed == 3 && first.report.written)
        let second = try await project.lint(reportingOn: ["notes/a.json"])
        #expect(second.report.loaded && second.report.parsed == 1 && second.report.reused == 2 && !second.report.written)
        #expect(second.diagnostics.isEmpty)

        // b takes a's title: a run reporting on b parses b (reported) and finds a's title in
        // the cache; one reporting on a parses a and b (changed).
        try project.note("b", title: "Soup")
        try await project.settle()
        let onB = try await project.lint(reportingOn: ["notes/b.json"])
        #expect(onB.report.parsed == 1 && onB.report.written)
        #expect(onB.diagnostics.map(\.message) == ["title 'Soup' is also at notes/a.json:2:12"])
        #expect(onB.diagnostics == (try await project.lint(reportingOn: ["notes/b.json"], cache: false)).diagnostics)
        let onA = try await project.lint(reportingOn: ["notes/a.json"])
        #expect(onA.report.parsed == 1 && onA.report.reused == 2)
        #expect(onA.diagnostics.isEmpty)

        // A deleted file drops out; a new one comes in.
        try FileManager.default.removeItem(at: project.url("notes/a.json"))
        try project.note("d", title: "Bread")
        try await project.settle()
        let after = try await project.lint(reportingOn: ["notes/d.json"])
        #expect(after.report.parsed == 1 && after.report.reused == 2 && after.report.written)
        #expect(after.diagnostics == (try await project.lint(reportingOn: ["notes/d.json"], cache: false)).diagnostics)
        #expect(after.diagnostics.isEmpty)
    }

    @Test func aRewriteWithTheSameSizeAndTimeIsStillSeen() async throws {
        let project = try NoteProject()
        try project.note("a", title: "Soup")
        try project.note("b", title: "Cake")
        try await project.settle()
        _ = try await project.lint(reportingOn: ["notes/a.json"])
        let path = project.url("notes/b.json").path
        let before = try #require(FileStatKey(path: path))
        // Same length, modification time set back: the status-change time still moves.
        try project.note("b", title: "Soup")
        var times = [timespec](repeating: timespec(), count: 2)
        times[0] = timespec(tv_sec: Int(before.modified / 1_000_000_000), tv_nsec: Int(before.modified % 1_000_000_000))
        times[1] = times[0]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let after = try #require(FileStatKey(path: path))
        #expect(after.size == before.size && after.modified == before.modified)
        try await project.settle()
        let run = try await project.lint(reportingOn: ["notes/a.json"])
        #expect(run.report.parsed == 2)
        // b is later in load order than a: the duplicate is reported on b only.
        let onB = try await project.lint(reportingOn: ["notes/b.json"])
        #expect(onB.diagnostics.count == 1)
    }

    @Test func aFileChangedAfterTheRunBeganIsNotTrusted() async throws {
        let project = try NoteProject()
        try project.note("a", title: "Soup")
        try project.note("b", title: "Cake")
        // b's modification time is later than the cache's stamp (as for a file written in
        // the same clock tick as the cache): it is parsed again on every run.
        try project.touch("notes/b.json", secondsFromNow: 3600)
        let first = try await project.lint(reportingOn: ["notes/a.json"])
        #expect(first.report.parsed == 2 && first.report.written)
        let second = try await project.lint(reportingOn: ["notes/a.json"])
        #expect(second.report.loaded && second.report.parsed == 2 && second.report.reused == 0)
        // Once it is in the past, its entry is written with its stat data and trusted.
        try project.touch("notes/b.json", secondsFromNow: -10)
        try await project.settle()
        _ = try await project.lint(reportingOn: ["notes/a.json"])
        let fourth = try await project.lint(reportingOn: ["notes/a.json"])
        #expect(fourth.report.parsed == 1 && fourth.report.reused == 1)
    }

    @Test func aDamagedCacheIsIgnoredAndRebuilt() async throws {
        let project = try NoteProject()
        for (name, title) in [("a", "Soup"), ("b", "Soup"), ("c", "Salad")] { try project.note(name, title: title) }
        try await project.settle()
        let expected = try await project.lint(reportingOn: ["notes/b.json"], cache: false).diagnostics
        #expect(expected.count == 1)
        _ = try await project.lint(reportingOn: ["notes/b.json"])
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: project.cacheFile)))
        let damages: [[UInt8]] = [
            [], Array(good.prefix(good.count / 2)), Array(good.dropLast()), Array("garbage".utf8),
            good.enumerated().map { $0.offset == good.count / 3 ? $0.element ^ 0x01 : $0.element },
        ]
        for damaged in damages {
            try Data(damaged).write(to: URL(fileURLWithPath: project.cacheFile))
            let run = try await project.lint(reportingOn: ["notes/b.json"])
            #expect(!run.report.loaded && run.report.written && run.report.parsed == 3)
            #expect(run.diagnostics == expected)
            let again = try await project.lint(reportingOn: ["notes/b.json"])
            #expect(again.report.loaded && again.report.parsed == 1 && again.diagnostics == expected)
        }
        // A temporary file left by a run killed while writing goes once it is old.
        let stale = project.cacheFile + ".tmp-1-1", fresh = project.cacheFile + ".tmp-2-2"
        try Data("half".utf8).write(to: URL(fileURLWithPath: stale))
        try Data("half".utf8).write(to: URL(fileURLWithPath: fresh))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: stale)
        try project.note("c", title: "Stew")
        try await project.settle()
        #expect(try await project.lint(reportingOn: ["notes/b.json"]).report.written)
        #expect(!FileManager.default.fileExists(atPath: stale) && FileManager.default.fileExists(atPath: fresh))
        try FileManager.default.removeItem(atPath: fresh)
        // A folder where the cache file should be: nothing is written, nothing breaks.
        try FileManager.default.removeItem(atPath: project.cacheFile)
        try FileManager.default.createDirectory(atPath: project.cacheFile + "/x", withIntermediateDirectories: true)
        let blocked = try await project.lint(reportingOn: ["notes/b.json"])
        #expect(!blocked.report.loaded && !blocked.report.written && blocked.diagnostics == expected)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path + "/.larder-cache")
        #expect(leftovers.sorted() == [".gitignore", "lint-larder.yml.facts"])
    }

    @Test func anotherBuildOrRuleShapeDoesNotReadTheCache() async throws {
        let project = try NoteProject()
        for (name, title) in [("a", "Soup"), ("b", "Soup")] { try project.note(name, title: title) }
        try await project.settle()
        _ = try await project.lint(reportingOn: ["notes/a.json"], salt: "larder 1")
        let other = try await project.lint(reportingOn: ["notes/a.json"], salt: "larder 2")
        #expect(!other.report.loaded && other.report.parsed == 2)
        // Same id and facts version, other facts: they do not read back, so every file is
        // parsed and the cache written anew.
        let reshaped = try await project.lint([UniqueTitleReshaped()], reportingOn: ["notes/b.json"], salt: "larder 2")
        #expect(reshaped.report.parsed == 2 && reshaped.report.written)
        #expect(reshaped.diagnostics.map(\.message) == ["again: Soup"])
        let again = try await project.lint([UniqueTitleReshaped()], reportingOn: ["notes/b.json"], salt: "larder 2")
        #expect(again.report.loaded && again.report.parsed == 1 && again.diagnostics.map(\.message) == ["again: Soup"])
    }

    @Test func aContentRuleWithoutFactsParsesEverything() async throws {
        let project = try NoteProject()
        for (name, title) in [("a", "Soup"), ("b", "Soup"), ("c", "Salad")] { try project.note(name, title: title) }
        let run = try await project.lint([UniqueTitle(), CountNotes()], reportingOn: ["notes/c.json"])
        #expect(!run.report.used)
        #expect(run.diagnostics.map(\.message) == ["one of 3 notes"])
        #expect(!FileManager.default.fileExists(atPath: project.cacheFile))
    }
}
