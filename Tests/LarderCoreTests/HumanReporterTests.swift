import Foundation
import LarderJSON
import Testing
@testable import LarderCore

@Suite struct HumanReporterTests {
    /// Parses `text` as `file`, and a context that knows its source.
    func setup(_ text: String, file: String = "a.json", color: Bool = false) throws -> (Document, ReportContext) {
        let json = try JSONDocument(parsing: text)
        let doc = Document(file: file, json: json)
        let context = ReportContext(colorEnabled: color, workingDirectory: "/proj", sources: .documents([doc]))
        return (doc, context)
    }

    func run(_ diagnostics: [Diagnostic], files: Int = 1, _ context: ReportContext) -> String {
        Fixtures.text(HumanReporter().report(diagnostics, summary: DiagnosticSummary(diagnostics, filesChecked: files), context: context))
    }

    @Test func quotesTheLineWithACaretUnderTheRange() throws {
        let (doc, context) = try setup("{\n  \"servings\": -2,\n  \"name\": \"Soup\"\n}\n")
        let node = doc.json.node(at: "/servings")!
        let d = doc.diagnostic(ruleID: "schema", severity: .error, message: "servings -2 is below the minimum 1", node: node)
        #expect(run([d], context) == """
            a.json:2:15: error: servings -2 is below the minimum 1 [schema]
              "servings": -2,
                          ^~

            1 error in 1 file

            """)
    }

    @Test func colourOnlyWhenAllowed() throws {
        let (doc, plain) = try setup(#"{"a": 1}"#)
        var colored = plain
        colored.colorEnabled = true
        let d = doc.diagnostic(ruleID: "r", severity: .warning, message: "m", node: doc.json.node(at: "/a")!)
        #expect(!run([d], plain).contains("\u{1B}"))
        let out = run([d], colored)
        #expect(out == """
            \u{1B}[1ma.json:1:7:\u{1B}[0m \u{1B}[1;33mwarning:\u{1B}[0m \u{1B}[1mm\u{1B}[0m \u{1B}[2m[r]\u{1B}[0m
            {"a": 1}
                  \u{1B}[1;32m^\u{1B}[0m

            \u{1B}[1;33m1 warning in 1 file\u{1B}[0m

            """)
        #expect(run([], colored) == "\u{1B}[1;32mNo problems in 1 file\u{1B}[0m\n")
    }

    /// A long line (a minified file) is quoted from the part around the column, with the
    /// same window, ellipses and caret as when the whole line is decoded.
    @Test func longLinesAreQuotedAsWhenDecodedWhole() {
        let reporter = HumanReporter()
        let style = HumanReporter.Style(enabled: false)
        let pieces = ["{\"id\": 12, ", "\"名前\": \"ラーメン\", ", "\"e\": \"🍜🍜\", ", "\t", "\"abc\": [1, 2, 3], "]
        for seed in 0..<3 {
            // A fixed sequence per seed (seed 2 once ended 96 columns after the last
            // checkpoint, and a diagnostic at the end of the line lost its context).
            var state = UInt64(seed + 1)
            func next() -> Int {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int(state >> 33)
            }
            var line = ""
            while line.utf8.count < 20_000 { line += pieces[next() % pieces.count] }
            let quoted = HumanReporter.QuotedLine(line)
            let columns = line.utf16.count
            var picks = [1, 2, 50, 300, 4_000, columns / 2] + Array((columns - 150)...(columns + 3))
            for _ in 0..<20 { picks.append(1 + next() % columns) }
            for column in picks {
                for end in [nil, column + 7, column + 500] as [Int?] {
                    #expect(reporter.snippet(quoted, column: column, endColumn: end, style: style)
                            == reporter.snippet(line, column: column, endColumn: end, style: style), "seed \(seed), column \(column), end \(String(describing: end))")
                }
            }
        }
    }

    /// A range to the end of a long line (an error at a 25 MB one-line array) took the rest
    /// of the line into the quoted window: a gigabyte to lay out what is cut to 120 columns.
    /// The window stays small, and the quote is as when the whole line is decoded.
    @Test func aRangeToTheEndOfALongLineQuotesASmallWindow() {
        let reporter = HumanReporter()
        let style = HumanReporter.Style(enabled: false)
        let line = "[" + String(repeating: "{\"k\": 1}, ", count: 20_000) + "{}]"
        let quoted = HumanReporter.QuotedLine(line)
        let columns = line.utf16.count
        for column in [1, 5_000, columns / 2] {
            let part = quoted.around(column, columns + 1)
            #expect(part.text.utf8.count < 2_000, "column \(column): \(part.text.utf8.count) bytes")
            #expect(part.after)
            #expect(reporter.snippet(quoted, column: column, endColumn: columns + 1, style: style)
                    == reporter.snippet(line, column: column, endColumn: columns + 1, style: style))
        }
    }

    @Test func emptyReportIsTheSummaryOnly() {
        let context = ReportContext(workingDirectory: "/proj")
        #expect(run([], files: 3, context) == "No problems in 3 files\n")
        #expect(run([], files: 0, context) == "No problems in 0 files\n")
    }

    @Test func withoutSourceTextNoQuote() {
        let d = Fixtures.diag("r", .error, "broken", file: "gone.json", 4, 2)
        #expect(run([d], ReportContext(workingDirectory: "/proj")) == """
            gone.json:4:2: error: broken [r]

            1 error in 1 file

            """)
    }

    @Test func unicodeBeforeTheRangeKeepsTheCaretAligned() throws {
        // "café" is 4 cells and 4 UTF-16 units; 🍝 is 2 cells and 2 units; 汉字 is 4 cells, 2 units.
        let (doc, context) = try setup(#"{"café": "🍝", "汉字": true}"#)
        let value = doc.json.node(at: "/汉字")!
        let d = doc.diagnostic(ruleID: "r", severity: .error, message: "m", node: value)
        #expect(d.column == 22)  // 21 UTF-16 units before `true` (🍝 counts two)
        let padding = String(repeating: " ", count: 23)  // 23 terminal cells (🍝, 汉 and 字 take two)
        #expect(run([d], context) == "a.json:1:22: error: m [r]\n{\"café\": \"🍝\", \"汉字\": true}\n\(padding)^~~~\n\n1 error in 1 file\n")
    }

    /// A flag (two regional indicators) is two cells, not four; a Hangul syllable written in
    /// conjoining jamo (U+1100 U+1161, 가) is two, its vowel taking none; the caret went 2
    /// and 1 cells too far right. An emoji sequence is one glyph of two cells too: a family
    /// joined with zero-width joiners (👨‍👩‍👧, the caret went 4 cells too far), an emoji with
    /// a skin tone (👍🏽, 2 cells), and both (🧑🏽‍🍳).
    @Test(arguments: ["🇵🇹", "\u{1100}\u{1161}", "日", "🇵🇹🇧", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F44D}\u{1F3FD}",
                      "\u{1F9D1}\u{1F3FD}\u{200D}\u{1F373}", "\u{2764}\u{FE0F}\u{200D}\u{1F525}"])
    func flagsAndConjoiningJamoKeepTheCaretAligned(_ text: String) throws {
        let (doc, context) = try setup(#"{"a": "\#(text)", "b": true}"#)
        let d = doc.diagnostic(ruleID: "r", severity: .error, message: "m", node: doc.json.node(at: "/b")!)
        // 15 cells of ASCII around the two cells of the text (a lone third indicator: two more).
        let padding = String(repeating: " ", count: text == "🇵🇹🇧" ? 19 : 17)
        #expect(run([d], context) == "a.json:1:\(d.column): error: m [r]\n{\"a\": \"\(text)\", \"b\": true}\n\(padding)^~~~\n\n1 error in 1 file\n")
    }

    @Test func tabsAreKeptInThePadding() throws {
        let (doc, context) = try setup("{\n\t\"a\":\t[1]\n}")
        let d = doc.diagnostic(ruleID: "r", severity: .note, message: "m", node: doc.json.node(at: "/a")!)
        #expect(run([d], context) == "a.json:2:7: note: m [r]\n\t\"a\":\t[1]\n\t    \t^~~\n\n1 note in 1 file\n")
    }

    @Test func rangeOverManyLinesIsMarkedToTheEndOfTheFirst() throws {
        let (doc, context) = try setup("{\"time\": {\n  \"prep\": 5\n}}")
        let d = doc.diagnostic(ruleID: "r", severity: .error, message: "m", node: doc.json.node(at: "/time")!)
        #expect(d.endLine == 3)
        #expect(run([d], context).hasPrefix("a.json:1:10: error: m [r]\n{\"time\": {\n         ^\n"))
        let (doc2, context2) = try setup("{\"time\": {   \n}}")
        let d2 = doc2.diagnostic(ruleID: "r", severity: .error, message: "m", node: doc2.json.node(at: "/time")!)
        #expect(run([d2], context2).hasPrefix("a.json:1:10: error: m [r]\n{\"time\": {   \n         ^~~~\n"))
    }

    @Test func emptyRangeAtTheEndOfTheLineStillGetsACaret() {
        var d = Fixtures.diag("parse", .error, "unexpected end of input", 1, 9)
        d.end = d.start
        let context = ReportContext(sources: .locators(["a.json": SourceLocator(bytes: Array(#"{"a": 1,"#.utf8))]))
        #expect(run([d], context) == "a.json:1:9: error: unexpected end of input [parse]\n{\"a\": 1,\n        ^\n\n1 error in 1 file\n")
    }

    @Test func longLinesAreCutToAWindow() throws {
        let filler = (0..<60).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let text = "{" + filler + ", \"bad\": -1, " + filler.replacingOccurrences(of: "\"k", with: "\"z") + "}"
        let (doc, context) = try setup(text)
        let d = doc.diagnostic(ruleID: "r", severity: .error, message: "m", node: doc.json.node(at: "/bad")!)
        let lines = run([d], context).split(separator: "\n", omittingEmptySubsequences: false)
        let quoted = lines[1], caret = lines[2]
        #expect(quoted.hasPrefix("…") && quoted.hasSuffix("…"))
        #expect(quoted.count <= 122)
        // The caret sits under the `-1`.
        let caretOffset = caret.distance(from: caret.startIndex, to: caret.firstIndex(of: "^")!)
        let valueOffset = quoted.distance(from: quoted.startIndex, to: quoted.range(of: "-1,")!.lowerBound)
        #expect(caretOffset == valueOffset)
        #expect(caret.hasSuffix("^~"))
    }

    @Test func controlCharactersCannotReachTheTerminal() {
        let d = Fixtures.diag("r", .error, "bad value '\u{1B}[31mred'\nnext", 1, 1)
        let out = run([d], ReportContext())
        #expect(!out.contains("\u{1B}"))
        #expect(out.hasPrefix("a.json:1:1: error: bad value '\u{FFFD}[31mred' next [r]\n"))
    }

    @Test func relatedLocationsAreQuotedToo() throws {
        let text = "{\n  \"id\": \"a\",\n  \"id\": \"b\"\n}"
        let (doc, context) = try setup(text)
        let dup = doc.json.duplicateKeys[0]
        let d = doc.diagnostic(
            ruleID: "duplicate-key", severity: .error, message: "key 'id' repeats", node: dup.second,
            related: [.init(file: "a.json", json: doc.json, node: dup.first, message: "first defined here")])
        #expect(run([d], context) == """
            a.json:3:3: error: key 'id' repeats [duplicate-key]
              "id": "b"
              ^~~~
            a.json:2:3: note: first defined here
              "id": "a",
              ^~~~

            1 error in 1 file

            """)
    }

    /// Diagnostics in one file whose related notes are in another (duplicate ids across two
    /// files) ask the source provider for each file once, not twice per diagnostic: the
    /// provider may read the file from disk, and 8,000 such duplicates across two 19 MB files
    /// took 37 seconds.
    @Test func filesOfRelatedNotesAreReadOncePerReport() throws {
        final class Reads: @unchecked Sendable {
            let lock = NSLock()
            var files: [String] = []
            func add(_ file: String) { lock.lock(); files.append(file); lock.unlock() }
        }
        let reads = Reads()
        let texts = ["a.json": "[\n  {\"id\": \"x\"},\n  {\"id\": \"y\"}\n]\n",
                     "b.json": "[\n  {\"id\": \"x\"},\n  {\"id\": \"y\"}\n]\n"]
        let provider = SourceProvider { file in
            reads.add(file)
            return texts[file].map { SourceLocator(bytes: Array($0.utf8)) }
        }
        let context = ReportContext(colorEnabled: false, workingDirectory: "/proj", sources: provider)
        let diagnostics = (0..<50).map { i in
            Diagnostic(ruleID: "unique-id", severity: .error, message: "id repeats \(i)", file: "b.json",
                       start: SourcePosition(line: 2 + i % 2, column: 4),
                       related: [.init(file: "a.json", start: SourcePosition(line: 2 + i % 2, column: 4), message: "first here")])
        }
        let out = run(diagnostics, files: 2, context)
        #expect(out.components(separatedBy: "note: first here").count == 51)
        #expect(out.contains("  {\"id\": \"y\"}\n"))
        #expect(reads.files.sorted() == ["a.json", "b.json"])
    }

    @Test func summaryCountsEverySeverity() {
        let ds = [
            Fixtures.diag("r", .error, "e1", 1, 1), Fixtures.diag("r", .error, "e2", 2, 1),
            Fixtures.diag("r", .warning, "w", file: "b.json", 1, 1),
        ]
        #expect(run(ds, files: 3, ReportContext()).hasSuffix("\n\n2 errors, 1 warning in 3 files\n"))
        #expect(DiagnosticSummary(errors: 0, warnings: 2, notes: 1, filesChecked: 1).sentence == "2 warnings, 1 note in 1 file")
        #expect(DiagnosticSummary(errors: 1, warnings: 0, notes: 0, filesChecked: 1).sentence == "1 error in 1 file")
    }

    /// Warnings lint --quiet hides are named as hidden: the summary said "No problems in 1
    /// file" of a run they failed (--max-warnings 0).
    @Test func hiddenWarningsAreNotNoProblems() {
        let hidden = DiagnosticSummary(warnings: 1, filesChecked: 1, hiddenWarnings: 1)
        #expect(hidden.sentence == "1 warning hidden by --quiet in 1 file")
        let colored = Fixtures.text(HumanReporter().report([], summary: hidden, context: ReportContext(colorEnabled: true)))
        #expect(colored == "\u{1B}[1;33m1 warning hidden by --quiet in 1 file\u{1B}[0m\n")
        let mixed = DiagnosticSummary(errors: 2, warnings: 3, notes: 1, filesChecked: 4, hiddenWarnings: 3)
        #expect(mixed.sentence == "2 errors, 3 warnings hidden by --quiet, 1 note in 4 files")
        #expect(DiagnosticSummary(warnings: 3, filesChecked: 2, hiddenWarnings: 1).sentence == "2 warnings, 1 warning hidden by --quiet in 2 files")
    }
}
