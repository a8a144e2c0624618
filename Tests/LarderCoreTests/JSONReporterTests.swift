import LarderJSON
import Testing
@testable import LarderCore

@Suite struct JSONReporterTests {
    func run(_ diagnostics: [Diagnostic], files: Int = 1) -> String {
        Fixtures.text(JSONReporter().report(diagnostics, summary: DiagnosticSummary(diagnostics, filesChecked: files), context: ReportContext()))
    }

    @Test func exactShape() {
        let d = Fixtures.diag("schema", .error, "servings -2 is below the minimum 1", file: "recipes/soup.json", 2, 15, 2, 17, pointer: "/servings")
        #expect(run([d]) == """
            {
              "diagnostics": [
                {
                  "file": "recipes/soup.json",
                  "line": 2,
                  "column": 15,
                  "endLine": 2,
                  "endColumn": 17,
                  "severity": "error",
                  "rule": "schema",
                  "message": "servings -2 is below the minimum 1",
                  "pointer": "/servings"
                }
              ],
              "summary": {
                "errors": 1,
                "warnings": 0,
                "files": 1,
                "notes": 0,
                "hiddenWarnings": 0
              }
            }

            """)
    }

    @Test func emptyReport() {
        #expect(run([], files: 4) == """
            {
              "diagnostics": [],
              "summary": {
                "errors": 0,
                "warnings": 0,
                "files": 4,
                "notes": 0,
                "hiddenWarnings": 0
              }
            }

            """)
    }

    @Test func optionalFieldsComeAfterTheContractOnes() throws {
        var d = Fixtures.diag("schema", .warning, "m", 1, 1, pointer: "/a~1b/0")
        d.keywordLocation = "/properties/a/minimum"
        d.absoluteKeywordLocation = "https://larder.dev/schemas/recipe.json#/properties/a/minimum"
        d.related = [.init(file: "b.json", start: SourcePosition(line: 2, column: 3), end: SourcePosition(line: 2, column: 5), message: "here")]
        d.fix = .replace("/a~1b/0", with: 0, summary: "use 0")
        var removal = Fixtures.diag("unknown-field", .note, "m", 2, 1, pointer: "/x")
        removal.fix = .remove("/x", summary: "remove it")

        let json = try JSONDocument(parsing: run([d, removal]))
        let first = json.node(at: "/diagnostics/0")!
        let keys = json.members(first).map { json.string($0.key)! }
        #expect(keys == [
            "file", "line", "column", "endLine", "endColumn", "severity", "rule", "message", "pointer",
            "keywordLocation", "absoluteKeywordLocation", "related", "fix",
        ])
        #expect(json.value(json.node(at: "/diagnostics/0/pointer")!) == "/a~1b/0")
        #expect(json.value(json.node(at: "/diagnostics/0/related/0")!) == [
            "file": "b.json", "line": 2, "column": 3, "endLine": 2, "endColumn": 5, "message": "here",
        ])
        #expect(json.value(json.node(at: "/diagnostics/0/fix")!) == ["pointer": "/a~1b/0", "replacement": 0, "summary": "use 0"])
        #expect(json.value(json.node(at: "/diagnostics/1/fix")!) == ["pointer": "/x", "remove": true, "summary": "remove it"])
        #expect(json.value(json.node(at: "/summary")!) == ["errors": 0, "warnings": 1, "files": 1, "notes": 1, "hiddenWarnings": 0])
    }

    /// Warnings the report leaves out (lint --quiet) are counted in `warnings` and said to
    /// be hidden: the summary said `"warnings": 0` of a run that more than --max-warnings
    /// failed.
    @Test func hiddenWarningsAreCountedAndSaidToBeHidden() throws {
        let d = Fixtures.diag("schema", .error, "m", 1, 1)
        let summary = DiagnosticSummary(errors: 1, warnings: 2, filesChecked: 3, hiddenWarnings: 2)
        let json = try JSONDocument(parsing: Fixtures.text(JSONReporter().report([d], summary: summary, context: ReportContext())))
        #expect(json.value(json.node(at: "/summary")!) == ["errors": 1, "warnings": 2, "files": 3, "notes": 0, "hiddenWarnings": 2])
        let keys = json.members(json.node(at: "/summary")!).map { json.string($0.key)! }
        #expect(keys == ["errors", "warnings", "files", "notes", "hiddenWarnings"])
    }

    @Test func stringsAreEscapedAndUnicodeKept() throws {
        let d = Fixtures.diag("r", .error, "quote \" backslash \\ line\nbreak é 🍝", file: "dir/café 1.json", 1, 1)
        let out = run([d])
        #expect(out.contains(#""message": "quote \" backslash \\ line\nbreak é 🍝""#))
        #expect(out.contains(#""file": "dir/café 1.json""#))
        let parsed = try JSONDocument(parsing: out)
        #expect(parsed.string(parsed.node(at: "/diagnostics/0/message")!) == "quote \" backslash \\ line\nbreak é 🍝")
    }

    @Test func sortedRegardlessOfInputOrder() throws {
        let a = Fixtures.diag("r", .error, "a", file: "a.json", 5, 1)
        let b = Fixtures.diag("r", .error, "b", file: "a.json", 2, 9)
        let c = Fixtures.diag("r", .error, "c", file: "0.json", 9, 9)
        #expect(run([a, b, c]) == run([c, a, b]))
        let json = try JSONDocument(parsing: run([a, b, c]))
        #expect(json.elements(json.node(at: "/diagnostics")!).map { json.string(json.member($0, "message")!)! } == ["c", "b", "a"])
    }
}
