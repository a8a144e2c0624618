import Foundation
import LarderJSON
import Testing
@testable import LarderCore

/// Docs/reporters.md shows one run in every format; these tests make the same run and
/// compare, so the examples cannot go stale. The diagnostics are those `larder lint`
/// gives for the example file (their messages as the schema and the rule word them).
@Suite struct ReporterDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first fenced block after the heading `## \`id\``.
    func example(_ id: String) throws -> String {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Docs/reporters.md"), encoding: .utf8)
        let heading = try #require(text.range(of: "\n## `\(id)`\n"))
        let rest = text[heading.upperBound...]
        let open = try #require(rest.range(of: "```"))
        let body = rest[open.upperBound...].drop { $0 != "\n" }.dropFirst()
        let close = try #require(body.range(of: "\n```"))
        return String(body[..<close.lowerBound]) + "\n"
    }

    func output(_ id: String) throws -> String {
        let text = "{\n  \"id\": \"tomato-soup\",\n  \"servings\": -2,\n  \"id\": \"soup\",\n  \"name\": \"Tomato soup\",\n  \"ingredients\": [\"4 tomatoes\"]\n}\n"
        let json = try JSONDocument(parsing: text)
        let doc = Document(file: "recipes/tomato soup.json", kind: "recipe", json: json)
        let schema = doc.diagnostic(
            ruleID: "schema", severity: .error, message: "\"servings\": -2 is less than the minimum 1",
            node: json.node(at: "/servings")!, keywordLocation: "/properties/servings/anyOf/0/minimum",
            absoluteKeywordLocation: "https://larder.dev/schemas/recipe.schema.json#/properties/servings/anyOf/0/minimum")
        let dup = json.duplicateKeys[0]
        let duplicate = doc.diagnostic(
            ruleID: "duplicate-key", severity: .warning,
            message: "key 'id' appears twice in the same object (first at line 2, column 3); a reader keeps only one of the values: remove one, or rename it",
            node: dup.second, related: [.init(file: doc.file, json: json, node: dup.first, message: "first 'id' here")])
        let context = ReportContext(
            workingDirectory: "/home/me/app", sources: .documents([doc]), toolVersion: "0.1.0",
            rules: ["duplicate-key": RuleMetadata(id: "duplicate-key", summary: "An object does not repeat a key.", defaultSeverity: .warning)])
        let ds = [duplicate, schema]
        let bytes = try PluginRegistry.builtIn.reporter(id).report(ds, summary: DiagnosticSummary(ds, filesChecked: 3), context: context)
        return Fixtures.text(bytes)
    }

    @Test(arguments: ["human", "xcode", "json", "github"])
    func textExamplesMatch(_ id: String) throws {
        #expect(try output(id) == example(id))
    }

    @Test func sarifExampleMatches() throws {
        let documented = try JSONValue(parsing: example("sarif"))
        let actual = try JSONValue(parsing: output("sarif"))
        #expect(actual == documented)
    }

    @Test func everyBuiltInReporterIsDocumented() throws {
        for reporter in PluginRegistry.builtIn.reporters {
            _ = try example(reporter.id)
        }
    }
}
