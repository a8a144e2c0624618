import LarderJSON
import Testing
@testable import LarderCore

@Suite struct DiagnosticTests {
    @Test func severityOrderAndNames() {
        #expect(Severity.note < .warning && Severity.warning < .error)
        #expect([Severity.note, .error, .warning].max() == .error)
        #expect(Severity.allCases.map(\.name) == ["note", "warning", "error"])
        #expect(Severity(name: "Warning") == .warning)
        #expect(Severity(name: "notice") == .note)
        #expect(Severity(name: "fatal") == nil)
    }

    @Test func sortOrderIsFileLineColumnRule() {
        let ds = [
            Fixtures.diag("b", .error, "m", file: "b.json", 1, 1),
            Fixtures.diag("b", .error, "m", file: "a.json", 2, 1),
            Fixtures.diag("b", .error, "m", file: "a.json", 1, 10),
            Fixtures.diag("a", .error, "m", file: "a.json", 1, 10),
            Fixtures.diag("a", .error, "m", file: "a.json", 1, 2),
        ]
        let sorted = ds.sorted()
        #expect(sorted.map { "\($0.file):\($0.line):\($0.column):\($0.ruleID)" } == [
            "a.json:1:2:a", "a.json:1:10:a", "a.json:1:10:b", "a.json:2:1:b", "b.json:1:1:b",
        ])
        // Lines compare as numbers, not text.
        #expect(Fixtures.diag("r", .error, "m", 9, 1) < Fixtures.diag("r", .error, "m", 10, 1))
    }

    @Test func tiesAreBrokenDeterministically() {
        let warning = Fixtures.diag("r", .warning, "m", 1, 1)
        let error = Fixtures.diag("r", .error, "m", 1, 1)
        let b = Fixtures.diag("r", .error, "b", 1, 1)
        #expect(error < warning)  // worst first
        #expect(b < error)        // same place, rule and severity: by message
        #expect(!(error < b))
        #expect([warning, b, error].sorted() == [b, error, warning])
        #expect([error, warning, b].sorted() == [b, error, warning])
    }

    @Test func nodeHelperGivesLineColumnEndAndPointer() throws {
        let text = "{\n  \"café\": [1, {\"x\": \"🍝\", \"y\": true}]\n}"
        let json = try JSONDocument(parsing: text)
        // "café": x — the value starts at column 11 as VS Code shows it (é is one unit).
        let cafe = json.node(at: "/café")!
        let d = Diagnostic(ruleID: "r", severity: .warning, message: "m", file: "a.json", json: json, node: cafe)
        #expect(d.start == SourcePosition(line: 2, column: 11))
        #expect(d.end == SourcePosition(line: 2, column: 38))
        #expect(d.pointer == "/café")
        // After an emoji, columns count two UTF-16 units for it.
        let y = json.node(at: "/café/1/y")!
        let locator = json.locator()
        let dy = Diagnostic(ruleID: "r", severity: .error, message: "m", file: "a.json", json: json, node: y, locator: locator)
        #expect(dy.line == 2 && dy.column == 32 && dy.endLine == 2 && dy.endColumn == 36)
        #expect(dy.pointer.description == "/café/1/y")
        #expect(dy.description == "a.json:2:32: error: m [r]")
    }

    @Test func onePointLineColumnLikeAnEditor() throws {
        let json = try JSONDocument(parsing: #"{"café": x}"#.replacingOccurrences(of: "x", with: "1"))
        let d = Diagnostic(ruleID: "r", severity: .error, message: "m", file: "f.json", json: json, node: json.member(json.root, "café")!)
        #expect(d.column == 10)  // {"café": 1 → `1` is the tenth character
        #expect(d.endColumn == 11)
    }

    @Test func summaryCounts() {
        let ds = [
            Fixtures.diag("r", .error, "a", 1, 1), Fixtures.diag("r", .note, "b", 1, 1),
            Fixtures.diag("r", .warning, "c", 1, 1), Fixtures.diag("r", .error, "d", 1, 1),
        ]
        let s = DiagnosticSummary(ds, filesChecked: 2)
        #expect(s == DiagnosticSummary(errors: 2, warnings: 1, notes: 1, filesChecked: 2))
        #expect(s.total == 4 && !s.isClean)
        #expect(DiagnosticSummary([], filesChecked: 1).isClean)
        #expect(s.sentence == "2 errors, 1 warning, 1 note in 2 files")
    }

    @Test func fixes() {
        let replace = Diagnostic.Fix.replace("/difficulty", with: "easy", summary: "use a known difficulty")
        #expect(replace.replacement == "easy" && !replace.isRemoval)
        let remove = Diagnostic.Fix.remove("/ingredeints", summary: "remove the unknown field")
        #expect(remove.isRemoval && remove.pointer.tokens == ["ingredeints"])
    }
}
