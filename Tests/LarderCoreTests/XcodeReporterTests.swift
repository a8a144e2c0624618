import LarderJSON
import Testing
@testable import LarderCore

@Suite struct XcodeReporterTests {
    let context = ReportContext(workingDirectory: "/proj")

    @Test func oneLinePerDiagnosticSortedAndAbsolute() {
        let diagnostics = [
            Fixtures.diag("b-rule", .warning, "second", file: "b.json", 1, 1),
            Fixtures.diag("schema", .error, "quantity -2 is below the minimum 0", file: "a.json", 3, 17, 3, 19),
            Fixtures.diag("note-rule", .note, "third", file: "/abs/c.json", 2, 5),
        ]
        let out = Fixtures.text(XcodeReporter().report(diagnostics, summary: DiagnosticSummary(diagnostics, filesChecked: 3), context: context))
        #expect(out == """
            /abs/c.json:2:5: note: third [note-rule]
            /proj/a.json:3:17: error: quantity -2 is below the minimum 0 [schema]
            /proj/b.json:1:1: warning: second [b-rule]

            """)
    }

    /// A file name is content too: its control characters (a terminal escape sequence, a
    /// line break) do not reach the terminal, in this report nor in the human one.
    @Test func fileNamesCannotDriveTheTerminal() {
        let d = Fixtures.diag("r", .error, "bad", file: "a\u{1B}]0;owned\u{07}\nb.json", 1, 1)
        let out = Fixtures.text(XcodeReporter().report([d], summary: DiagnosticSummary([d], filesChecked: 1), context: context))
        #expect(out == "/proj/a\u{FFFD}]0;owned\u{FFFD} b.json:1:1: error: bad [r]\n")
        let human = Fixtures.text(HumanReporter().report([d], summary: DiagnosticSummary([d], filesChecked: 1), context: context))
        #expect(!human.contains("\u{1B}") && !human.contains("\u{07}"), "\(human)")
        #expect(human.hasPrefix("a\u{FFFD}]0;owned\u{FFFD} b.json:1:1: error: bad"), "\(human)")
    }

    @Test func emptyReportIsEmpty() {
        #expect(XcodeReporter().report([], summary: DiagnosticSummary(filesChecked: 2), context: context).isEmpty)
    }

    @Test func lineBreaksInMessagesBecomeSpaces() {
        let d = Fixtures.diag("r", .error, "one\ntwo\r\nthree\rfour", 1, 1)
        let out = Fixtures.text(XcodeReporter().report([d], summary: DiagnosticSummary([d], filesChecked: 1), context: context))
        #expect(out == "/proj/a.json:1:1: error: one two three four [r]\n")
    }

    @Test func relatedLocationsFollowAsNotes() {
        var d = Fixtures.diag("duplicate-key", .error, "key 'id' repeats", file: "./x/ünï code.json", 4, 3)
        d.related = [.init(file: "./x/ünï code.json", start: SourcePosition(line: 2, column: 3), message: "first defined here")]
        let out = Fixtures.text(XcodeReporter().report([d], summary: DiagnosticSummary([d], filesChecked: 1), context: ReportContext(workingDirectory: "/proj/")))
        #expect(out == """
            /proj/x/ünï code.json:4:3: error: key 'id' repeats [duplicate-key]
            /proj/x/ünï code.json:2:3: note: first defined here

            """)
    }
}
