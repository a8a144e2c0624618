import LarderJSON
import Testing
@testable import LarderCore

@Suite struct GitHubReporterTests {
    func run(_ diagnostics: [Diagnostic]) -> String {
        Fixtures.text(GitHubReporter().report(diagnostics, summary: DiagnosticSummary(diagnostics, filesChecked: 1), context: ReportContext()))
    }

    @Test func oneCommandPerDiagnostic() {
        let ds = [
            Fixtures.diag("schema", .error, "servings -2 is below the minimum 1", file: "recipes/soup.json", 2, 15, 2, 17),
            Fixtures.diag("locale-complete", .warning, "no 'pt' name", file: "recipes/soup.json", 3, 3, 3, 9),
            Fixtures.diag("hint", .note, "could be shorter", file: "recipes/soup.json", 4, 1, 4, 2),
        ]
        #expect(run(ds) == """
            ::error file=recipes/soup.json,line=2,col=15,endLine=2,endColumn=17,title=schema::servings -2 is below the minimum 1
            ::warning file=recipes/soup.json,line=3,col=3,endLine=3,endColumn=9,title=locale-complete::no 'pt' name
            ::notice file=recipes/soup.json,line=4,col=1,endLine=4,endColumn=2,title=hint::could be shorter

            """)
    }

    @Test func emptyIsEmpty() {
        #expect(run([]).isEmpty)
    }

    @Test func messageEscaping() {
        #expect(GitHubReporter.escapeData("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
        #expect(GitHubReporter.escapeData("%0A") == "%250A")
        #expect(GitHubReporter.escapeData("") == "")
        // An escape sequence from content would be rendered by the log: it is replaced, as
        // the human and xcode reports replace it.
        #expect(GitHubReporter.escapeData("id \u{1B}[31mred\u{7}\tend") == "id \u{FFFD}[31mred\u{FFFD}\tend")
        #expect(GitHubReporter.escapeProperty("a\u{1B}b.json") == "a\u{FFFD}b.json")
        // A tab in a file name is kept: the annotation names the repository's path.
        #expect(GitHubReporter.escapeProperty("tab\tx.json") == "tab\tx.json")
    }

    @Test func propertyEscaping() {
        #expect(GitHubReporter.escapeProperty("a:b,c%d\ne\rf") == "a%3Ab%2Cc%25d%0Ae%0Df")
        #expect(GitHubReporter.escapeProperty("ünï 🍝.json") == "ünï 🍝.json")
    }

    @Test func escapingInACommand() {
        let d = Fixtures.diag("r:x,y", .error, "50% of\nlines: a, b", file: "dir,1/a:b.json", 1, 2, 1, 3)
        #expect(run([d]) == "::error file=dir%2C1/a%3Ab.json,line=1,col=2,endLine=1,endColumn=3,title=r%3Ax%2Cy::50%25 of%0Alines: a, b\n")
    }

    @Test func multiLineRangeLeavesColumnsOut() {
        let d = Fixtures.diag("r", .error, "m", 2, 5, 7, 2)
        #expect(run([d]) == "::error file=a.json,line=2,endLine=7,title=r::m\n")
    }

    @Test func relatedLocationsJoinTheMessage() {
        var d = Fixtures.diag("duplicate-key", .error, "key 'id' repeats", 3, 3, 3, 7)
        d.related = [.init(file: "a.json", start: SourcePosition(line: 2, column: 3), message: "first defined here")]
        #expect(run([d]) == "::error file=a.json,line=3,col=3,endLine=3,endColumn=7,title=duplicate-key::key 'id' repeats%0Aa.json:2:3: first defined here\n")
    }
}
