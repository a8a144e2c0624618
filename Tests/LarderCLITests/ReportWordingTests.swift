import Foundation
import LarderJSON
import Testing

/// What reports say, and how they count and place it: the same for lint, build and
/// validate, and every message saying what to do.
@Suite struct ReportWordingTests {
    static let recipe = #"{"id": "a", "name": "n", "servings": 2, "ingredients": ["x"]}"#

    /// A project with one content entry of recipes including `include`.
    func project(include: String = "content/*.json", extra: String = "") throws -> Scratch {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"\(include)\"]\n" + extra)
        return dir
    }

    func json(_ arguments: [String], in dir: Scratch) throws -> (status: Int32, report: JSONValue, stderr: String) {
        let r = try CLI.run(arguments + ["--format", "json"], in: dir.url)
        return (r.status, try JSONValue(parsing: Array(r.stdout.utf8)), r.stderr)
    }

    func diagnostics(_ report: JSONValue) -> [JSONValue] { report["diagnostics"]?.arrayValue ?? [] }

    // MARK: JSON Lines content

    /// A `.jsonl` content file was "expected end of input after the top-level value" at its
    /// second line, the user sent looking for a syntax error that is not there: it is an
    /// error at the file that says content files hold one document or an array, and how to
    /// convert, in lint and in both ways of building.
    @Test func aJSONLinesContentFileIsToldHowToConvert() throws {
        let dir = try project(include: "content/*.jsonl")
        try dir.write("content/more.jsonl", Self.recipe + "\n" + Self.recipe.replacingOccurrences(of: "\"a\"", with: "\"b\"") + "\n")
        for command in [["lint", "--no-cache"], ["lint"], ["build"], ["build", "--no-stream"]] {
            let (status, report, _) = try json(command, in: dir)
            #expect(status == 1, "\(command)")
            let found = diagnostics(report)
            #expect(found.count == 1, "\(command): \(report)")
            #expect(found.first?["file"] == "content/more.jsonl" && found.first?["line"] == 1 && found.first?["column"] == 1, "\(command): \(report)")
            #expect(found.first?["rule"] == "parse", "\(command): \(report)")
            let message = found.first?["message"]?.stringValue ?? ""
            #expect(message.contains("JSON Lines") && message.contains("one JSON document or an array of documents"), "\(command): \(message)")
            #expect(message.contains("[ ]") && message.contains(".json"), "\(command): \(message)")
        }
        // Without a config, a .jsonl file given to lint is told the same.
        let bare = try Scratch()
        try bare.write("more.ndjson", Self.recipe + "\n" + Self.recipe + "\n")
        let r = try CLI.run(["lint", "--format", "xcode", "more.ndjson"], in: bare.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains("more.ndjson:1:1: error: ") && r.stdout.contains("JSON Lines"), "\(r.stdout)")
    }

    /// A .json file holding several values one after another (JSON Lines by another name)
    /// is told so, and to wrap them in [ ].
    @Test func severalTopLevelValuesAreToldToBeWrappedInAnArray() throws {
        let dir = try project()
        try dir.write("content/a.json", Self.recipe + "\n" + Self.recipe + "\n")
        let expected = "expected end of input after the top-level value, found '{'; the file holds several JSON values one after another, as JSON Lines does: a content file holds one JSON document or an array of documents, so wrap the values in [ ] with a comma between each two"
        for command in [["lint", "--no-cache"], ["build"], ["build", "--no-stream"]] {
            let (_, report, _) = try json(command, in: dir)
            #expect(diagnostics(report).first?["message"]?.stringValue == expected, "\(command): \(report)")
            #expect(diagnostics(report).first?["line"] == 2, "\(command): \(report)")
        }
        // Without a config too.
        let bare = try Scratch()
        try bare.write("a.json", Self.recipe + "\n" + Self.recipe + "\n")
        let r = try CLI.run(["lint", "--format", "xcode", "a.json"], in: bare.url)
        #expect(r.stdout.contains("a.json:2:1: error: \(expected) [parse]"), "\(r.stdout)")
        // A stray closing bracket is no second value: the message is the parser's alone.
        try dir.write("content/a.json", Self.recipe + "}\n")
        let (_, stray, _) = try json(["lint", "--no-cache"], in: dir)
        #expect(diagnostics(stray).first?["message"] == "expected end of input after the top-level value, found '}'", "\(stray)")
    }

    // MARK: SARIF rule descriptions

    /// What `larder explain ID` says: its default level, summary and details.
    func explained(_ id: String) throws -> (level: String, summary: String, details: String?) {
        let r = try CLI.run(["explain", id])
        let lines = r.stdout.components(separatedBy: "\n")
        let level = lines[0].components(separatedBy: "(default: ").last.map { String($0.dropLast()) } ?? ""
        let details = lines.count > 4 && !lines[4].isEmpty ? lines[4] : nil
        return (level, lines[2], details)
    }

    func rule(_ id: String, in sarif: String) throws -> JSONValue? {
        let rules = try JSONValue(parsing: Array(sarif.utf8))["runs"]?[0]?["tool"]?["driver"]?["rules"]?.arrayValue ?? []
        return rules.first { $0["id"]?.stringValue == id }
    }

    /// SARIF's `tool.driver.rules` gave `config`, `io` and `plugin/<id>` their id as their
    /// description and no default level, though `larder explain` has both.
    @Test func sarifDescribesEveryIdAsExplainDoes() throws {
        let dir = try project(extra: "")
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\", \"nothing/*.json\"]\n")
        try dir.write("content/a.json", Self.recipe)
        try dir.write("content/a\\b.json", Self.recipe)
        for (command, ids) in [(["lint"], ["config", "io"]), (["build"], ["config", "io"])] {
            let sarif = try CLI.run(command + ["--format", "sarif"], in: dir.url).stdout
            for id in ids {
                let descriptor = try #require(try rule(id, in: sarif), "\(command) \(id): \(sarif)")
                let explain = try explained(id)
                #expect(descriptor["shortDescription"]?["text"]?.stringValue == explain.summary, "\(command) \(id): \(descriptor)")
                #expect(descriptor["fullDescription"]?["text"]?.stringValue == explain.details, "\(command) \(id): \(descriptor)")
                #expect(descriptor["defaultConfiguration"]?["level"]?.stringValue == explain.level, "\(command) \(id): \(descriptor)")
            }
        }
        // A failing export plugin.
        let plugin = try project(extra: "plugins:\n  - id: boom\n    stage: export\n    command: [sh, -c, 'exit 3']\nexports:\n  - boom: {}\n")
        try plugin.write("content/a.json", Self.recipe)
        let sarif = try CLI.run(["build", "--format", "sarif"], in: plugin.url)
        #expect(sarif.status == 2, "\(sarif.stdout)\(sarif.stderr)")
        let descriptor = try #require(try rule("plugin/boom", in: sarif.stdout), "\(sarif.stdout)")
        let explain = try explained("plugin/boom")
        #expect(descriptor["shortDescription"]?["text"]?.stringValue == explain.summary, "\(descriptor)")
        #expect(descriptor["defaultConfiguration"]?["level"]?.stringValue == "error", "\(descriptor)")
    }

    // MARK: The end of a parse error's range

    /// A parse error's range ended at column + 1, between the two UTF-16 units of an emoji.
    @Test func aParseErrorEndsAfterTheWholeCharacter() throws {
        let dir = try project()
        try dir.write("content/e.json", #"{"a": 🍝}"#)
        try dir.write("content/f.json", #"{"a": é}"#)
        try dir.write("s.json", "{}")
        for command in [["lint", "--no-cache"], ["build"], ["build", "--no-stream"]] {
            let (_, report, _) = try json(command, in: dir)
            let ends = diagnostics(report).map { [$0["file"] ?? .null, $0["column"] ?? .null, $0["endColumn"] ?? .null] }
            #expect(ends == [["content/e.json", 7, 9], ["content/f.json", 7, 8]] as [[JSONValue]], "\(command): \(report)")
        }
        let bare = try Scratch()
        try bare.write("e.json", #"{"a": 🍝}"#)
        try bare.write("s.json", "{}")
        let (_, report, _) = try json(["lint", "e.json"], in: bare)
        #expect(diagnostics(report).first?["endColumn"] == 9, "\(report)")
        let github = try CLI.run(["validate", "--schema", "s.json", "--format", "github", "e.json"], in: bare.url)
        #expect(github.stdout.contains("col=7,endLine=1,endColumn=9,"), "\(github.stdout)")
    }

    // MARK: Files counted

    /// `larder build` counted the content files only ("1 warning in 0 files"), where lint
    /// counts larder.yml and a team's schema when they have problems of their own.
    @Test func buildCountsFilesAsLintDoes() throws {
        let empty = try project()
        try FileManager.default.createDirectory(at: empty.url.appendingPathComponent("content"), withIntermediateDirectories: true)
        let lint = try CLI.run(["lint", "--no-cache"], in: empty.url)
        #expect(lint.stdout.hasSuffix("1 warning in 1 file\n"), "\(lint.stdout)")
        let build = try CLI.run(["build"], in: empty.url)
        #expect(build.stdout.hasSuffix("1 warning in 1 file\n"), "\(build.stdout)\(build.stderr)")

        // A config error next to content warnings.
        let both = try project(extra: "exports:\n  - json-bundle: { out: dist/json, fallback: en }\n")
        try both.write("content/a.json", #"{"id": "a", "name": "n", "servings": 2, "ingredients": ["x"], "tags": ["X"]}"#)
        try both.write("content/b.json", #"{"id": "b", "name": "n", "servings": 2, "ingredients": ["x"], "tags": ["Y"]}"#)
        for dir in [empty, both] {
            let (_, linted, _) = try json(["lint", "--no-cache"], in: dir)
            for mode in [[], ["--no-stream"]] {
                let (_, built, _) = try json(["build"] + mode, in: dir)
                #expect(built["summary"]?["files"] == linted["summary"]?["files"], "\(mode): \(built) against \(linted)")
                #expect(built["summary"]?["errors"] == linted["summary"]?["errors"], "\(mode): \(built) against \(linted)")
            }
        }
    }

    // MARK: YAML mistakes in larder.yml

    /// YAML that does not parse was reported under `parse`, "A content file is well-formed
    /// JSON"; a mistake in larder.yml is `config`, as Docs/reporters.md says.
    @Test func yamlSyntaxErrorsAreConfigMistakes() throws {
        let dir = try project()
        try dir.write("content/a.json", Self.recipe)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"] x\n")
        for command in [["lint", "--no-cache"], ["build"]] {
            let (status, report, _) = try json(command, in: dir)
            #expect(status == 2)
            #expect(diagnostics(report).map { $0["rule"] } == ["config"], "\(command): \(report)")
        }
    }

    func lintLines(_ config: String) throws -> [String] {
        let dir = try project()
        try dir.write("content/a.json", Self.recipe)
        try dir.write("larder.yml", config)
        return try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url).stdout
            .split(separator: "\n").map { String($0.split(separator: "/").last ?? "") }
    }

    /// libYAML's context mark (where a quoted string, a flow collection or a block mapping
    /// opened) was dropped, so a quote left open was reported lines away with nothing to do.
    @Test func aYAMLMistakeNamesWhereItsContextOpened() throws {
        // A quote left open at the end of the file.
        let open = try lintLines("locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nrules:\n  url: \"error\n")
        #expect(open.first == #"larder.yml:6:8: error: the YAML is not valid: the string opened at line 6, column 8 is not closed: the file ends inside it; add its closing quote [config]"#, "\(open)")
        // A quote left open that runs on to the next line, which then breaks the mapping.
        let runsOn = try lintLines("locales: [en]\ncontent:\n  - kind: \"recipe\n    include: [\"content/*.json\"]\nrules:\n  url: error\n")
        #expect(runsOn.first?.hasPrefix("larder.yml:4:16: error: the YAML is not valid: ") == true, "\(runsOn)")
        #expect(runsOn.first?.contains("the string opened at line 3, column 11 runs on to line 4") == true, "\(runsOn)")
        #expect(runsOn.contains("larder.yml:3:11: note: the string opens here"), "\(runsOn)")
        // A flow list left open.
        let list = try lintLines("locales: [en\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n")
        #expect(list.first == "larder.yml:2:8: error: the YAML is not valid: in the list opened with '[' at line 1, column 10, did not find expected ',' or ']' here: close the list with ']', or put ',' between its items [config]", "\(list)")
        #expect(list.contains("larder.yml:1:10: note: the list opens here"), "\(list)")
        // A block mapping, and a block list.
        let mapping = try lintLines("locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n     rules: {}\n")
        #expect(mapping.first?.hasPrefix("larder.yml:5:6: error: the YAML is not valid: in the mapping whose first key is at line 3, column 5, did not find expected key here") == true, "\(mapping)")
        #expect(mapping.contains("larder.yml:3:5: note: the mapping starts here"), "\(mapping)")
        let block = try lintLines("locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n   bad: 1\n")
        #expect(block.first?.hasPrefix("larder.yml:5:4: error: the YAML is not valid: in the list whose first item is at line 3, column 3, did not find expected '-' indicator here") == true, "\(block)")
    }

    /// A tab that indents a line was "found character that cannot start any token".
    @Test func aTabUsedToIndentIsNamed() throws {
        let lines = try lintLines("locales: [en]\ncontent:\n\t- kind: recipe\n\t  include: [\"content/*.json\"]\n")
        #expect(lines.first == "larder.yml:3:1: error: the YAML is not valid: a tab indents this line, and YAML indents with spaces only: replace the tab with spaces [config]", "\(lines)")
    }

    // MARK: Wording

    /// Without a config, a repeated key was told in other words than with one, and not
    /// what to do.
    @Test func theDuplicateKeyMessageIsTheSameWithAndWithoutAConfig() throws {
        let expected = "key 'name' appears twice in the same object (first at line 1, column 2); a reader keeps only one of the values: remove one, or rename it"
        let bare = try Scratch()
        try bare.write("d.json", #"{"name": 1, "name": 2}"#)
        let (_, syntax, _) = try json(["lint", "d.json"], in: bare)
        #expect(diagnostics(syntax).first?["message"]?.stringValue == expected, "\(syntax)")
        #expect(diagnostics(syntax).first?["related"]?[0]?["message"] == "first 'name' here", "\(syntax)")
        let dir = try project()
        try dir.write("content/d.json", #"{"name": 1, "name": 2}"#)
        let (_, linted, _) = try json(["lint", "--no-cache"], in: dir)
        let duplicate = diagnostics(linted).first { $0["rule"] == "duplicate-key" }
        #expect(duplicate?["message"]?.stringValue == expected, "\(linted)")
    }

    /// An unknown field with no close match was "is not allowed (additional property)",
    /// with nothing to do; the near-miss message read "?;".
    @Test func anUnknownFieldIsToldWhatToDo() throws {
        let dir = try project()
        try dir.write("content/a.json", #"{"id": "a", "name": "n", "servings": 2, "ingredients": ["x"], "notes": "x", "descripton": "y"}"#)
        let (_, report, _) = try json(["lint", "--no-cache"], in: dir)
        let messages = diagnostics(report).compactMap { $0["message"]?.stringValue }
        #expect(messages == [
            #""notes" is not allowed: remove it, or name it "x-notes" to keep a field of your own"#,
            #""descripton" is not allowed: did you mean "description", or "x-descripton" for a field of your own?"#,
        ], "\(messages)")
        // A kind of the team's own, whose schema may not take `x-` fields: its schema is named.
        let team = try Scratch()
        try team.write("larder.yml", "locales: [en]\ncontent:\n  - kind: card\n    schema: card.schema.json\n    include: [\"cards/*.json\"]\n")
        try team.write("card.schema.json", #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {"id": {"type": "string"}, "title": {"type": "string"}}, "additionalProperties": false}"#)
        try team.write("cards/a.json", #"{"id": "a", "notes": "x", "titel": "y"}"#)
        let (_, own, _) = try json(["lint", "--no-cache"], in: team)
        #expect(diagnostics(own).compactMap { $0["message"]?.stringValue } == [
            #""notes" is not allowed: remove it, or add it to the schema of the kind 'card'"#,
            #""titel" is not allowed: did you mean "title"?"#,
        ], "\(own)")
    }
}
