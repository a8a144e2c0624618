import Foundation
import LarderJSON
import Testing

@Suite struct LintCommandTests {
    @Test func cleanFilesExitZero() throws {
        let dir = try Scratch()
        try dir.write("recipes/a.json", #"{"name": "Caldo Verde"}"#)
        try dir.write("recipes/b.json", "[1, 2]")
        let r = try CLI.run(["lint", "recipes", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stdout == "")
    }

    @Test func aBrokenFileExitsOneWithFileLineColumn() throws {
        let dir = try Scratch()
        try dir.write("content/ok.json", "{}")
        try dir.write("content/drinks/negroni.json", "{\n  \"name\": \"Negroni\",\n  \"servings\": 1 ]\n}\n")
        let r = try CLI.run(["lint", "content", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        let expected = dir.url.appendingPathComponent("content/drinks/negroni.json").path
            + ":3:17: error: expected ',' or '}' after an object member, found ']' [parse]\n"
        #expect(r.stdout.hasSuffix(expected), "\(r.stdout)")
    }

    /// A trailing comma is reported at the comma, the character to delete, not at the
    /// closing bracket on the next line (5:3), in a file linted by path and in a project.
    @Test func aTrailingCommaIsReportedAtTheComma() throws {
        let dir = try Scratch()
        let text = "{\n  \"id\": \"a\",\n  \"name\": \"A\",\n  \"tags\": [\n    \"x\",\n    \"y\",\n  ]\n}\n"
        try dir.write("content/a.json", text)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: taxonomy\n    include: [\"content/*.json\"]\n")
        let message = "expected a value after ',' in an array, found ']' (trailing commas are not allowed in JSON)"
        let byPath = try CLI.run(["lint", "content/a.json", "--format", "xcode"], in: dir.url)
        #expect(byPath.status == 1)
        #expect(byPath.stdout.contains("content/a.json:6:8: error: \(message) [parse]"), "\(byPath.stdout)")
        for args in [["lint", "content/a.json", "--format", "json"], ["lint", "--format", "json"]] {
            let r = try CLI.run(args, in: dir.url)
            #expect(r.status == 1, "\(args) \(r.stderr)")
            let d = try JSONValue(parsing: r.stdout)["diagnostics"]?[0]
            #expect(d?["message"] == .string(message), "\(args) \(r.stdout)")
            #expect(d?["line"] == 6 && d?["column"] == 8, "\(args) \(r.stdout)")
            #expect(d?["endLine"] == 6 && d?["endColumn"] == 9, "\(args) \(r.stdout)")
        }
    }

    @Test func duplicateKeysWarnButDoNotFail() throws {
        let dir = try Scratch()
        try dir.write("dup.json", "{\"id\": 1,\n \"id\": 2}")
        let r = try CLI.run(["lint", "dup.json", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stdout.contains("dup.json:2:2: warning: key 'id' appears twice in the same object (first at line 1, column 2); a reader keeps only one of the values: remove one, or rename it"))
        #expect(r.stdout.contains("[duplicate-key]"))
    }

    @Test func aLoneSurrogateIsAnErrorAtTheEscape() throws {
        let dir = try Scratch()
        try dir.write("ids.json", "[{\"id\": \"\\uD800\"},\n {\"id\": \"\\uDBFF\", \"id\": 2}]")
        let r = try CLI.run(["lint", "ids.json", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout.components(separatedBy: ": error: ").count - 1 == 2, "\(r.stdout)")
        #expect(r.stdout.contains(#"ids.json:1:10: error: the escape \uD800 is the first half of a pair"#), "\(r.stdout)")
        #expect(r.stdout.contains(#"ids.json:2:10: error: the escape \uDBFF is the first half of a pair"#), "\(r.stdout)")
        #expect(r.stdout.contains("ids.json:2:19: warning: key 'id' appears twice"), "\(r.stdout)")
    }

    @Test func aMissingPathIsAUsageErrorNamingIt() throws {
        let dir = try Scratch()
        let r = try CLI.run(["lint", "nowhere/recipes.json"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("nowhere/recipes.json"))
    }

    @Test func anUnknownFormatIsAUsageErrorListingTheFormats() throws {
        let dir = try Scratch()
        try dir.write("a.json", "{}")
        let r = try CLI.run(["lint", "a.json", "--format", "yaml"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown --format 'yaml'"))
        #expect(r.stderr.contains("xcode"))
    }

    @Test func aFileThatIsNotJSONIsAnErrorNotACrash() throws {
        let dir = try Scratch()
        try dir.write("binary.json", "\u{0}\u{1}\u{2}")
        let empty = try dir.write("empty.json", "")
        try Data([0xFF, 0xFE, 0x7B, 0x00]).write(to: dir.url.appendingPathComponent("utf16.json"))
        let r = try CLI.run(["lint", ".", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains("binary.json:1:1: error: expected a JSON value, found control character U+0000 [parse]"))
        #expect(r.stdout.contains("\(empty.lastPathComponent):1:1: error: expected a JSON value, found end of input (the file is empty) [parse]"))
        #expect(r.stdout.contains("utf16.json:1:1: error:"))
    }

    @Test func versionAndHelp() throws {
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try CLI.run(["lint", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--format"))
    }

    /// `explain` of an unknown id lists every id it takes: `parse`, `schema`, `out-of-date`
    /// and `stale-output`, which reports use and explain accepts, were left out of the list.
    @Test func explainOfAnUnknownIDListsEveryIDItTakes() throws {
        let unknown = try CLI.run(["explain", "nope"])
        #expect(unknown.status == 2)
        let line = try #require(unknown.stderr.split(separator: "\n").first { $0.contains("known rules: ") }, "\(unknown.stderr)")
        let ids = line.components(separatedBy: "known rules: ")[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for id in ["parse", "schema", "out-of-date", "stale-output", "locale-complete", "url"] { #expect(ids.contains(id), "\(line)") }
        #expect(ids == ids.sorted(), "\(line)")
        for id in ids {
            let explained = try CLI.run(["explain", id])
            #expect(explained.status == 0, "\(id): \(explained.stderr)")
            #expect(explained.stdout.hasPrefix("\(id) (default: "), "\(explained.stdout)")
        }
        #expect(try CLI.run(["explain", "shema"]).stderr.contains("(did you mean 'schema'?)"))
    }

    /// The ids of a report that are no rule are explained too: `config` (the id a new user
    /// sees first), `io`, `plugin/<id>`, and a step's (`scale`, `json-bundle`), which were
    /// "unknown rule".
    @Test func explainTakesEveryIDAReportCarries() throws {
        for id in ["config", "io", "plugin"] {
            let explained = try CLI.run(["explain", id])
            #expect(explained.status == 0 && explained.stdout.hasPrefix("\(id) (default: error)\n"), "\(id): \(explained.stdout)\(explained.stderr)")
        }
        let plugin = try CLI.run(["explain", "plugin/abv-table"])
        #expect(plugin.status == 0 && plugin.stdout.contains("`plugin/<id>` marks a failure of the plugin"), "\(plugin.stdout)")
        let scale = try CLI.run(["explain", "scale"])
        #expect(scale.stdout == "scale is the transform of that name, not a lint rule: `[scale]` marks its notes, warnings and errors in a build's report; `larder scale --help` says what it reports.\n")
        let bundle = try CLI.run(["explain", "json-bundle"])
        #expect(bundle.status == 0 && bundle.stdout.hasPrefix("json-bundle is the exporter of that name"), "\(bundle.stdout)")
    }

    /// `import`, the id of `larder import`'s findings, and a plugin's ids (`<plugin>/<rule>`,
    /// `<plugin>`), which reports print, were "unknown rule".
    @Test func explainTakesTheIdsOfImportAndOfAPluginsRules() throws {
        let imported = try CLI.run(["explain", "import"])
        #expect(imported.status == 0 && imported.stdout.hasPrefix("import (default: error)\n"), "\(imported.stdout)\(imported.stderr)")
        #expect(imported.stdout.contains("Docs/importers.md") && imported.stdout.contains("import again"), "\(imported.stdout)")
        let unknown = try CLI.run(["explain", "nope"])
        #expect(unknown.stderr.contains(", import, "), "\(unknown.stderr)")

        // In a project that declares the plugin: named with its config.
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            plugins:
              - id: abv-limit
                stage: lint
                command: [python3, abv-limit.py]
            """)
        let rule = try CLI.run(["explain", "abv-limit/over-limit"], in: dir.url)
        #expect(rule.status == 0, "\(rule.stderr)")
        #expect(rule.stdout.hasPrefix("abv-limit/over-limit is the rule 'over-limit' of the external lint plugin abv-limit, declared in larder.yml (command: [python3, abv-limit.py])"), "\(rule.stdout)")
        let plugin = try CLI.run(["explain", "abv-limit"], in: dir.url)
        #expect(plugin.status == 0 && plugin.stdout.hasPrefix("abv-limit is the external lint plugin abv-limit, for its diagnostics that name no rule"), "\(plugin.stdout)\(plugin.stderr)")
        // A plugin the config does not declare has no rules: an unknown rule (exit 2), which
        // says what the form means.
        let other = try CLI.run(["explain", "other/rule"], in: dir.url)
        #expect(other.status == 2 && other.stderr.contains("larder.yml declares no plugin 'other' (its lint plugins: abv-limit)"), "\(other.stdout)\(other.stderr)")
        // Without a config, the same.
        let bare = try Scratch()
        let form = try CLI.run(["explain", "abv-limit/over-limit"], in: bare.url)
        #expect(form.status == 2 && form.stderr.contains("unknown rule 'abv-limit/over-limit': no larder.yml was found"), "\(form.stdout)\(form.stderr)")
        #expect(form.stderr.contains("`<plugin>/<rule>`"), "\(form.stderr)")
    }

    /// explain shows a plugin's command as larder.yml writes it, as `larder plugins` does:
    /// joined with spaces, a word holding a space read as two, and a script's line break
    /// split the line.
    @Test func explainShowsAPluginsCommandAsLarderYmlWritesIt() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", #"""
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            plugins:
              - id: acme
                stage: lint
                command: ["my tools/check", "c,d", sh, -c, "cat > /dev/null\necho '{}'"]
            """#)
        for id in ["acme/x", "acme"] {
            let r = try CLI.run(["explain", id], in: dir.url)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains(#"declared in larder.yml (command: ["my tools/check", "c,d", sh, -c, "cat > /dev/null\necho '{}'"]); "#), "\(r.stdout)")
        }
    }

    /// An example is shown as a user would set it up: an image example of a team's kind was
    /// listed as "does not trigger" with no kind (as a recipe it fails), and `reference`'s
    /// showed `contentKinds` as an option, which larder.yml refuses.
    @Test func explainShowsAnExamplesKindAndTheProjectItAssumes() throws {
        let images = try CLI.run(["explain", "image-exists"]).stdout
        #expect(images.contains("  {\"id\": \"x\", \"images\": [\"no-such.png\"]}\n    as a document of the kind 'achievement'\n"), "\(images)")
        let reference = try CLI.run(["explain", "reference"]).stdout
        #expect(!reference.contains("with options {\"contentKinds\""), "\(reference)")
        #expect(reference.contains("    in a project with content kinds: [\"recipe\",\"location\",\"taxonomy\"]\n"), "\(reference)")
        // The tags of a team kind come from its schema, which no option sets.
        #expect(!reference.contains("\"schemaTagFields\""), "\(reference)")
        #expect(reference.contains("    as a document of the kind 'stall'\n    with options {\"knownTags\":[\"vietnamese\",\"soup\",\"late-night\"]}\n"
            + "    in a project with tag fields from the kind's schema: [\"/cuisine\",\"/tags/*\"]\n"), "\(reference)")
    }

    /// `explain` never listed a rule's options: nutrition-consistency's tolerances and
    /// `maxPer100g` were in no documentation.
    @Test func explainListsTheRuleOptions() throws {
        let explained = try CLI.run(["explain", "nutrition-consistency"])
        #expect(explained.status == 0)
        let lines = explained.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "Options (in larder.yml, rules: { nutrition-consistency: { OPTION: VALUE } }):"), "\(explained.stdout)")
        #expect(Array(lines[(start + 1)...].prefix(4)) == [
            "  saltTolerance: a number, default: 0.05 (at least 0 and less than 1)",
            "    allowed difference between salt and sodium x 2.5, as a fraction",
            "  saltToleranceGrams: a number, default: 0.02 (at least 0)",
            "    allowed difference between salt and sodium x 2.5, in grams, added to the fraction",
        ])
        for option in ["energyTolerance", "energyToleranceKj", "macroTolerance", "macroToleranceKcal", "maxPer100g", "servingTolerance"] {
            #expect(lines.contains { $0.hasPrefix("  \(option): a number, default: ") }, "\(option)")
        }
        #expect(lines.contains("  maxPer100g: a number, default: 100 (more than 0 and at most 100)"))
        // Another name of an option says whose; a rule without options has no section.
        #expect(try CLI.run(["explain", "near-duplicate-location"]).stdout.contains("\n  distance: another name for meters\n"))
        #expect(try !CLI.run(["explain", "parse"]).stdout.contains("Options"))
    }
}

@Suite struct LintReportFormatTests {
    @Test func jsonReportHasThePublicShape() throws {
        let dir = try Scratch()
        try dir.write("bad.json", "{\n  \"a\": 1,\n  \"a\": [1 2]\n}")
        let r = try CLI.run(["lint", "bad.json", "--format", "json"], in: dir.url)
        #expect(r.status == 1)
        let report = try JSONDocument(parsing: r.stdout)
        let diagnostics = try #require(report.member(report.root, "diagnostics"))
        #expect(report.count(diagnostics) == 1)
        let d = try #require(report.element(diagnostics, 0))
        let keys = report.members(d).map { report.string($0.key)! }
        #expect(Array(keys.prefix(9)) == ["file", "line", "column", "endLine", "endColumn", "severity", "rule", "message", "pointer"])
        #expect(report.string(report.member(d, "file")!) == "bad.json")
        #expect(report.int(report.member(d, "line")!) == 3)
        #expect(report.int(report.member(d, "column")!) == 11)
        #expect(report.string(report.member(d, "rule")!) == "parse")
        let summary = try #require(report.member(report.root, "summary"))
        #expect(report.int(report.member(summary, "errors")!) == 1)
        #expect(report.int(report.member(summary, "files")!) == 1)
    }

    @Test func humanReportQuotesTheLineWithoutColourWhenNotATerminal() throws {
        let dir = try Scratch()
        try dir.write("drinks.json", "{\"name\": \"Mojito\",, \"rating\": 4}")
        let r = try CLI.run(["lint", "drinks.json"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains("drinks.json:1:19: error: expected a member name in double quotes after ',' in an object, found ',' [parse]"))
        #expect(r.stdout.contains("{\"name\": \"Mojito\",, \"rating\": 4}\n                  ^"))
        #expect(!r.stdout.contains("\u{1B}["))
        let forced = try CLI.run(["lint", "drinks.json", "--color", "always"], in: dir.url)
        #expect(forced.stdout.contains("\u{1B}["))
        let never = try CLI.run(["lint", "drinks.json", "--color", "auto"], in: dir.url, environment: ["NO_COLOR": "1"])
        #expect(!never.stdout.contains("\u{1B}["))
    }

    @Test func githubAnnotations() throws {
        let dir = try Scratch()
        try dir.write("a,b.json", "[1,]")
        let r = try CLI.run(["lint", "a,b.json", "--format", "github"], in: dir.url)
        #expect(r.status == 1)
        // At the trailing comma, the character to delete.
        #expect(r.stdout.hasPrefix("::error file=a%2Cb.json,line=1,col=3,"))
    }
}
