import Foundation
import LarderCore
import LarderExport
import LarderImport
import LarderJSON
import Testing
@testable import LarderCLI

/// The CLI with external plugins: `larder plugins`, and `larder lint` / `larder build` over
/// Examples/plugins/project (a Python and a POSIX sh lint plugin, a Python transform and a
/// Python export plugin).
@Suite struct PluginCommandTests {
    /// `larder plugins` in `dir`, which must succeed: its lines, runs of spaces made one.
    static func listed(in dir: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let r = try CLI.run(["plugins"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        return r.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    }

    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/plugins")
    static let project = examples.appendingPathComponent("project")

    /// The rule ids Larder's reports carry outside its rules (defined in the modules that
    /// report them) are among those a lint plugin may not take: a plugin `io` passed for
    /// the check of unreadable files.
    @Test func theIDsOfLarderReportsAreReservedForLintPlugins() {
        let ids = [FallbackReport.ruleID, importRuleID, BuildCommand.staleOutput.id, BuildCommand.outOfDate.id, ReportIDs.io.id]
        // Every id explain and the reports describe, but the checks of content and config.
        let described = ReportIDs.all.keys.filter { RuleMetadata.coreChecks[$0] == nil && $0 != ConfigLoader.ruleID }
        #expect(described.filter { !RuleMetadata.reservedIDs.contains($0) } == [])
        #expect(ids.filter { !RuleMetadata.reservedIDs.contains($0) } == [])
        // A plugin's failures are `plugin/<id>`.
        let failure = ExternalPlugin(spec: PluginSpec(id: "x", stage: "lint", command: ["true"]), projectRoot: ".").failureRuleID
        #expect(RuleMetadata.reservedIDs.contains(String(failure.split(separator: "/")[0])))
    }

    @Test func pluginsListsBuiltInAndConfiguredPlugins() throws {
        let r = try CLI.run(["plugins"], in: Self.project)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.first == "ID STAGE KIND FROM")
        #expect(lines.contains("schema lint check built in"))
        #expect(lines.contains("scale transform transform built in"))
        #expect(lines.contains("xcstrings export exporter built in"))
        #expect(lines.contains("sarif report reporter built in"))
        #expect(lines.suffix(4) == [
            "abv-limit lint external larder.yml: [python3, ../python/abv-limit.py]",
            "no-todo lint external larder.yml: [sh, ../shell/no-todo.sh]",
            "abv-round transform external larder.yml: [python3, ../python/abv-round.py]",
            "abv-table export external larder.yml: [python3, ../python/abv-table.py]",
        ])
    }

    /// Each plugin is one row, its command as larder.yml would write it: a multi-line
    /// `sh -c` script split the table, and a word with spaces read as several. What is
    /// shown, written back into larder.yml, is the same command.
    @Test func pluginsShowsEachCommandOnOneRowAsLarderYmlWritesIt() throws {
        let dir = try Scratch()
        let plugins = #"""
            plugins:
              - id: acme-inline
                stage: lint
                command:
                  - sh
                  - -c
                  - |
                    cat > /dev/null
                    echo '{"diagnostics": []}'
              - id: acme-spaces
                stage: lint
                command: [python3, "my plugins/check it.py", 'say "hi"', "tab\there", "true", "3", "#x", "a: b", "back\\slash"]

            """#
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n" + plugins)
        let r = try CLI.run(["plugins"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        // The two last rows, then the end: one row each.
        let rows = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).suffix(3)
        func command(_ row: Substring) -> String { row.range(of: "larder.yml: ").map { String(row[$0.upperBound...]) } ?? "" }
        #expect(rows.map(command) == [
            #"[sh, -c, "cat > /dev/null\necho '{\"diagnostics\": []}'\n"]"#,
            ##"[python3, "my plugins/check it.py", "say \"hi\"", "tab\there", "true", "3", "#x", "a: b", "back\\slash"]"##,
            "",
        ])
        #expect(rows.first?.hasPrefix("acme-inline ") == true && rows.dropFirst().first?.hasPrefix("acme-spaces ") == true, "\(rows)")
        // Written back, each command lists as it did.
        let shown = rows.dropLast().map(command)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nplugins:\n"
            + shown.enumerated().map { "  - id: p\($0.offset)\n    stage: lint\n    command: \($0.element)\n" }.joined())
        let again = try CLI.run(["plugins"], in: dir.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.split(separator: "\n").suffix(2).map(command) == shown)
    }

    /// `larder plugins` marks the entries of larder.yml that do not run as listed: a lint
    /// plugin refused for the id of a check, the second of an id declared twice, a transform
    /// no step names; and of a built-in and a plugin of one id, it says which runs. Each was
    /// listed as if it ran.
    @Test func pluginsMarksWhatDoesNotRunAndWhatReplacesABuiltIn() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            plugins:
              - { id: schema, stage: lint, command: [x] }
              - { id: json-bundle, stage: export, command: [y] }
              - { id: scale, stage: transform, command: [z] }
              - { id: dup, stage: lint, command: [a] }
              - { id: dup, stage: export, command: [b] }
              - { id: unused, stage: transform, command: [c] }
            transforms:
              - scale
            exports:
              - json-bundle
              - dup
            """)
        let lines = try Self.listed(in: dir)
        for expected in [
            "schema lint check built in",
            "scale transform transform built in (replaced by the plugin 'scale' of larder.yml, plugins[2])",
            "json-bundle export exporter built in (replaced by the plugin 'json-bundle' of larder.yml, plugins[1])",
            "schema lint external larder.yml: [x] (refused, does not run: 'schema' is the id of a check of Larder)",
            "dup lint external larder.yml: [a]",
            "scale transform external larder.yml: [z] (runs in place of the built-in transform 'scale')",
            "unused transform external larder.yml: [c] (never runs: no step of `transforms:` names it)",
            "json-bundle export external larder.yml: [\"y\"] (runs in place of the built-in exporter 'json-bundle')",
            "dup export external larder.yml: [b] (refused, does not run: the id is declared twice, first at plugins[3])",
        ] {
            #expect(lines.contains(expected), "\(expected)\n\(lines.joined(separator: "\n"))")
        }
    }

    /// What larder.yml turns off is marked as off: a lint plugin (`plugin/<id>: off`, or
    /// `<id>: off` with none of its rules on), a built-in rule or check off at the top level
    /// or in every content entry. A rule off in some entries only, or a plugin with one of
    /// its rules on, runs and is not marked. They were listed as if they ran.
    @Test func pluginsMarksWhatLarderYmlTurnsOff() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
                rules: { unique-id: off, reference: off, image-exists: off }
              - kind: location
                include: ["places/*.json"]
                rules: { unique-id: off, reference: warning }
            rules:
              url: off
              schema: off
              plugin/acme: off
              beta: off
              gamma: off
              gamma/keep: warning
              reference: off
            plugins:
              - { id: acme, stage: lint, command: [a] }
              - { id: beta, stage: lint, command: [b] }
              - { id: gamma, stage: lint, command: [c] }
              - { id: delta, stage: lint, command: [d] }
            """)
        let lines = try Self.listed(in: dir)
        for expected in [
            "url lint rule built in (off: larder.yml sets `url: off`)",
            "schema lint check built in (off: larder.yml sets `schema: off`)",
            "unique-id lint rule built in (off: every content entry of larder.yml turns it off)",
            "image-exists lint rule built in",
            "reference lint rule built in",
            "acme lint external larder.yml: [a] (off: larder.yml sets `plugin/acme: off`)",
            "beta lint external larder.yml: [b] (off: larder.yml sets `beta: off`)",
            "gamma lint external larder.yml: [c]",
            "delta lint external larder.yml: [d]",
            "parse lint check built in",
        ] {
            #expect(lines.contains(expected), "\(expected)\n\(lines.joined(separator: "\n"))")
        }
        let help = try CLI.run(["plugins", "--help"], in: dir.url)
        #expect(help.stdout.contains("(off: "), "\(help.stdout)")

        // `parse: off` is refused by lint (parse always runs): not marked off.
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nrules:\n  parse: off\n")
        let parse = try CLI.run(["plugins"], in: dir.url)
        let parseLine = parse.stdout.split(separator: "\n").first { $0.hasPrefix("parse ") }.map(String.init) ?? ""
        #expect(!parseLine.isEmpty && !parseLine.contains("off"), "\(parse.stdout)\(parse.stderr)")
    }

    /// A config with mistakes is reported as lint reports it: each mistake at its line and
    /// column in the file given. plugins put them all on one line without a place, and named
    /// larder.yml for a --config that is a folder.
    @Test func pluginsReportsConfigMistakesAsLintDoes() throws {
        let dir = try Scratch()
        try dir.write("bad.yml", "locales: [en]\ncontent: []\nrules: { nope: 3 }\n")
        let r = try CLI.run(["plugins", "--config", "bad.yml"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("bad.yml:2:10: error: content: expected at least 1 item, found 0 [config]"), "\(r.stderr)")
        #expect(r.stderr.contains("bad.yml:3:16: error: rules.nope: 3 is not a rule setting: give a severity"), "\(r.stderr)")
        #expect(r.stdout == "")
        let lint = try CLI.run(["lint", "--config", "bad.yml"], in: dir.url)
        let located = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("bad.yml:") } }
        #expect(located(r.stderr) == located(lint.stdout), "\(r.stderr)\n\(lint.stdout)")

        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("folder.yml"), withIntermediateDirectories: true)
        let folder = try CLI.run(["plugins", "--config", "folder.yml"], in: dir.url)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("folder.yml:1:1: error: cannot read the config: it is a directory"), "\(folder.stderr)")
        #expect(!folder.stderr.contains("larder.yml"), "\(folder.stderr)")
    }

    /// A project with one recipe and a plugin `hang` of `stage` that writes its pid to
    /// plugin.pid and sleeps for two minutes; `then` is added to larder.yml.
    func hangingProject(stage: String, then: String = "") throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write("content/drinks.json", #"[{"id": "a", "name": "A", "ingredients": ["1 lime"]}]"#)
        try scratch.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            plugins:
              - id: hang
                stage: \(stage)
                command: [sh, -c, "echo $$ > plugin.pid; exec sleep 120"]
                timeout: 120

            """ + then)
        return scratch
    }

    /// A plugin starts with every signal's default action and none blocked, as from a
    /// shell (awk runs directly: a shell clears its mask when it starts). It had most
    /// signals blocked, SIGTERM and SIGALRM among them, and glibc's own two ignored.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func pluginsStartWithTheSignalsOfAProgramStartedFromAShell() throws {
        let scratch = try Scratch()
        try scratch.write("content/drinks.json", #"[{"id": "a", "name": "A", "ingredients": ["1 lime"]}]"#)
        try scratch.write("larder.yml", #"""
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            plugins:
              - id: signals
                stage: lint
                command: [awk, '/^Sig(Blk|Ign):/ { sub(/\t/, ""); print > "/dev/stderr" } END { exit 1 }', /proc/self/status]

            """#)
        let r = try CLI.run(["lint", "--no-cache", "--format", "xcode"], in: scratch.url)
        #expect(r.stdout.contains("plugin 'signals': exited with status 1; it said: SigBlk:0000000000000000 / SigIgn:0000000000000000"), "\(r.stdout)")
    }

    /// Ctrl-C (or SIGTERM) on Larder stops the plugins it runs: each leads a process group
    /// of its own, which the terminal's Ctrl-C does not reach, and a hanging plugin ran on for
    /// ever after Larder was gone.
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedLarderStopsItsPlugins(_ sig: Int32) throws {
        let scratch = try hangingProject(stage: "lint")
        let larder = Process()
        larder.executableURL = CLI.binary
        larder.arguments = ["lint", "--no-cache"]
        larder.currentDirectoryURL = scratch.url
        larder.standardOutput = FileHandle.nullDevice
        larder.standardError = FileHandle.nullDevice
        try larder.run()
        var pid: Int32?
        let wait = Date().addingTimeInterval(60)
        while pid == nil && Date() < wait {
            pid = (try? String(contentsOf: scratch.url.appendingPathComponent("plugin.pid"), encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if pid == nil { usleep(20_000) }
        }
        let plugin = try #require(pid, "the plugin did not start")
        kill(larder.processIdentifier, sig)
        larder.waitUntilExit()
        #expect(larder.terminationReason == .exit && larder.terminationStatus == 128 + sig)
        func running(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return kill(pid, 0) == 0 }
            guard let close = stat.lastIndex(of: ")") else { return false }
            return !stat[close...].dropFirst(2).hasPrefix("Z")
        }
        let stopped = Date()
        while running(plugin) && Date().timeIntervalSince(stopped) < 10 { usleep(20_000) }
        #expect(!running(plugin), "the plugin runs on after Larder was interrupted")
        if running(plugin) { kill(plugin, SIGKILL) }
    }

    /// Ctrl-C during a build left its staging folder in the project (`git add -A` took it)
    /// and a check's in the temporary folder (nothing ever removed it). A hanging export
    /// plugin holds the build while its outputs are staged.
    @Test(arguments: [false, true])
    func anInterruptedBuildRemovesItsStagingFolder(_ check: Bool) throws {
        let scratch = try hangingProject(stage: "export", then: """
            exports:
              - json-bundle: { out: dist/json }
              - hang: { out: dist/hang }
            """)
        let temporary = scratch.url.appendingPathComponent("tmp")
        // A killed check's folder (its process is gone, an hour ago): the next check removes
        // it; one as recent as this run's may be another container's, and stays.
        let killed = temporary.appendingPathComponent("larder-check-4194000-killed")
        let recent = temporary.appendingPathComponent("larder-check-4194001-recent")
        try FileManager.default.createDirectory(at: killed, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: recent, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: killed.path)
        let larder = Process()
        larder.executableURL = CLI.binary
        larder.arguments = check ? ["build", "--check"] : ["build"]
        larder.currentDirectoryURL = scratch.url
        larder.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        larder.standardOutput = FileHandle.nullDevice
        larder.standardError = FileHandle.nullDevice
        try larder.run()
        func staging() -> [String] {
            let here = (try? FileManager.default.contentsOfDirectory(atPath: scratch.url.path)) ?? []
            let there = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            return (here + there).filter { ($0.hasPrefix(".larder-staging-") || $0.hasPrefix("larder-check-")) && $0 != killed.lastPathComponent && $0 != recent.lastPathComponent }
        }
        let wait = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("plugin.pid").path) && Date() < wait { usleep(20_000) }
        #expect(staging().count == 1, "the build stages no output while its export plugin runs: \(staging())")
        kill(larder.processIdentifier, SIGINT)
        larder.waitUntilExit()
        #expect(larder.terminationReason == .exit && larder.terminationStatus == 130)
        #expect(staging().isEmpty, "left: \(staging())")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("dist").path))
        #expect(FileManager.default.fileExists(atPath: killed.path) == !check)
        #expect(FileManager.default.fileExists(atPath: recent.path))
    }

    @Test func lintRunsThePythonAndShellPlugins() throws {
        // --no-cache: the example folder stays as it is in the repository.
        let r = try CLI.run(["lint", "--no-cache", "--format", "xcode"], in: Self.project)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("content/drinks.json:9:3: warning: the text still holds a TODO [no-todo/todo]"), "\(r.stdout)")
        #expect(r.stdout.contains("content/drinks.json:15:14: error: zombie: alcohol by volume 38.6% is above the limit 30% [abv-limit/over-limit]"), "\(r.stdout)")
    }

    func project(limit: Int, lintCommand: String? = nil) throws -> Scratch {
        let scratch = try Scratch()
        let plugins = Self.examples.path
        try scratch.write("content/drinks.json", try String(contentsOf: Self.project.appendingPathComponent("content/drinks.json"), encoding: .utf8))
        try scratch.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            plugins:
              - id: abv-limit
                stage: lint
                command: [\(lintCommand ?? "python3, \(plugins)/python/abv-limit.py")]
                options: { limit: \(limit) }
              - id: abv-round
                stage: transform
                command: [python3, \(plugins)/python/abv-round.py]
              - id: abv-table
                stage: export
                command: [python3, \(plugins)/python/abv-table.py]
            transforms:
              - abv-round
            exports:
              - abv-table: { out: dist/abv }
            """)
        return scratch
    }

    @Test func buildRunsTransformAndExportPlugins() throws {
        let scratch = try project(limit: 40)
        let r = try CLI.run(["build"], in: scratch.url)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let csv = try String(contentsOf: scratch.url.appendingPathComponent("dist/abv/abv.csv"), encoding: .utf8)
        #expect(csv == "id,abv\nnegroni,24\nzombie,39\n")
    }

    /// A project whose one transform plugin, `rewrite`, answers `response` whatever it is
    /// asked, over `content/drinks.json` holding `content`, built to json-bundle.
    func rewritingProject(content: String, response: String) throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write("content/drinks.json", content)
        try scratch.write("rewrite.sh", "cat > /dev/null; printf '%s' '\(response)'\n")
        try scratch.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            plugins:
              - id: rewrite
                stage: transform
                command: [sh, rewrite.sh]
            transforms:
              - rewrite
            exports:
              - json-bundle: { out: dist/json }
            """)
        return scratch
    }

    /// A step that fails is reported in the run's --format too, at the plugin's entry in
    /// larder.yml with the rule id `plugin/<id>`: the JSON, SARIF and GitHub reports were
    /// empty, so a CI job that reads them saw nothing. The one line on standard error shows
    /// the control characters of what the plugin wrote as U+FFFD: they reached the terminal.
    @Test func aFailedStepIsInTheReportAndCannotDriveTheTerminal() throws {
        let scratch = try rewritingProject(content: #"[{"id": "a", "name": "A", "ingredients": ["1 lime"]}]"#, response: "{}")
        try scratch.write("rewrite.sh", "cat > /dev/null; printf 'bad \\033[2J\\033]0;title\\007 end' >&2; exit 4\n")
        let json = try CLI.run(["build", "--format", "json"], in: scratch.url)
        #expect(json.status == 2, "\(json.stdout)\(json.stderr)")
        let report = try JSONValue(parsing: json.stdout)
        let diagnostic = report["diagnostics"]?[0]
        #expect(diagnostic?["rule"]?.stringValue == "plugin/rewrite", "\(json.stdout)")
        #expect(diagnostic?["file"]?.stringValue == "larder.yml", "\(json.stdout)")
        #expect(diagnostic?["line"]?.intValue == 6, "\(json.stdout)")
        #expect(diagnostic?["message"]?.stringValue?.hasPrefix("[transform rewrite] plugin 'rewrite': exited with status 4") ?? false, "\(json.stdout)")
        #expect(!json.stderr.contains("\u{1B}") && !json.stderr.contains("\u{07}"), "\(json.stderr)")
        #expect(json.stderr.contains("bad \u{FFFD}[2J\u{FFFD}]0;title\u{FFFD} end"), "\(json.stderr)")
        // A person's report is the line on standard error, as before.
        let human = try CLI.run(["build"], in: scratch.url)
        #expect(human.status == 2)
        #expect(human.stdout.isEmpty, "\(human.stdout)")
        #expect(human.stderr.hasPrefix("larder: error: [transform rewrite] plugin 'rewrite': exited with status 4"), "\(human.stderr)")
    }

    /// A failing transform plugin leaves the lint's diagnostics in the report, with the
    /// content files counted: the report held the plugin's failure alone, with `files: 0`.
    @Test func aFailedPluginStepKeepsTheLintDiagnostics() throws {
        let scratch = try rewritingProject(content: #"[{"id": "a", "name": "A", "name": "A", "ingredients": ["1 lime"]}]"#, response: "not JSON")
        let json = try CLI.run(["build", "--format", "json"], in: scratch.url)
        #expect(json.status == 2, "\(json.stdout)\(json.stderr)")
        let report = try JSONValue(parsing: json.stdout)
        let rules = report["diagnostics"]?.arrayValue?.compactMap { $0["rule"]?.stringValue } ?? []
        #expect(rules == ["duplicate-key", "plugin/rewrite"], "\(json.stdout)")
        #expect(report["summary"]?["files"] == 1 && report["summary"]?["warnings"] == 1 && report["summary"]?["errors"] == 1, "\(json.stdout)")
        let human = try CLI.run(["build"], in: scratch.url)
        #expect(human.status == 2)
        #expect(human.stdout.contains("appears twice") && human.stdout.contains("1 warning in 1 file"), "\(human.stdout)")
        #expect(human.stderr.hasPrefix("larder: error: [transform rewrite] plugin 'rewrite'"), "\(human.stderr)")
    }

    /// What a transform plugin returns is checked against the content's schema before any
    /// export reads it: a plugin that wrote a number where a recipe has its name (or dropped
    /// the name) built bundles without it, and the build said nothing.
    @Test func aTransformPluginThatBreaksTheSchemaStopsTheBuild() throws {
        let content = #"[{"id": "a", "name": "A", "ingredients": ["1 lime"]}, {"id": "b", "name": "B", "ingredients": ["1 lemon"]}]"#
        let scratch = try rewritingProject(
            content: content,
            response: #"{"documents": [{"file": "content/drinks.json", "index": 1, "value": {"id": "b", "name": 5, "ingredients": ["1 lemon"]}}]}"#)
        let r = try CLI.run(["build"], in: scratch.url)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("[transform rewrite] the plugin returned content that fails its schema, so no export ran: content/drinks.json at /1/name: "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("dist").path))

        // A warning, the content's own choice, is reported and the build goes on. It is
        // placed where the file has the name (it was placed by the rewritten value's lines),
        // and says the value is the plugin's (the file's line shows another).
        try scratch.write("larder.yml", try String(contentsOf: scratch.url.appendingPathComponent("larder.yml"), encoding: .utf8)
            + "\nrules:\n  schema: warning\n")
        let warned = try CLI.run(["build", "--format", "xcode"], in: scratch.url)
        #expect(warned.status == 0, "\(warned.stdout)\(warned.stderr)")
        let column = content.distance(from: content.startIndex, to: content.range(of: #""B""#)!.lowerBound) + 1
        #expect(warned.stdout.contains("content/drinks.json:1:\(column): warning: \"name\": expected a string or an object, found a number (in what the plugin rewrite returned) [schema]"), "\(warned.stdout)")
        try scratch.write("larder.yml", try String(contentsOf: scratch.url.appendingPathComponent("larder.yml"), encoding: .utf8)
            .replacingOccurrences(of: "\nrules:\n  schema: warning\n", with: ""))

        // With the schema rule off, the content's own choice, the build goes on.
        try scratch.write("larder.yml", try String(contentsOf: scratch.url.appendingPathComponent("larder.yml"), encoding: .utf8)
            + "\nrules:\n  schema: \"off\"\n")
        let off = try CLI.run(["build"], in: scratch.url)
        #expect(off.status == 0, "\(off.stdout)\(off.stderr)")
    }

    /// Two recipes a transform plugin gave one id: the export's error cited the rewritten
    /// values' lines (both "content/drinks.json:2:9") and blamed `unique-id`, which ran on
    /// the content before the transform and could not see it.
    @Test func idsATransformPluginMadeEqualAreCitedWhereTheFileHasThem() throws {
        let scratch = try rewritingProject(
            content: """
                [
                  {"id": "a", "name": "A", "ingredients": ["1 lime"]},
                  {"id": "b", "name": "B", "ingredients": ["1 lemon"]}
                ]
                """,
            response: #"{"documents": [{"file": "content/drinks.json", "index": 1, "value": {"id": "a", "name": "B", "ingredients": ["1 lemon"]}}]}"#)
        let r = try CLI.run(["build"], in: scratch.url)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains(
            "two recipe documents have the id 'a' after the transforms (at content/drinks.json:2:10 and content/drinks.json:3:10); ids must be unique within a kind"),
            "\(r.stderr)")
        #expect(!r.stderr.contains("unique-id"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("dist").path))
    }

    @Test func aCrashingLintPluginIsAnErrorAtItsEntryInTheConfig() throws {
        let scratch = try project(limit: 40, lintCommand: "sh, -c, 'echo boom >&2; exit 5'")
        let r = try CLI.run(["lint", "--format", "xcode"], in: scratch.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains("larder.yml:6:5: error: plugin 'abv-limit': exited with status 5; it said: boom [plugin/abv-limit]"), "\(r.stdout)")
    }

    /// A transform plugin that rewrites a recipe and warns about it: the warning was placed
    /// by the rewritten document's own lines (from 1:1) and pointed at another recipe of the
    /// file. Mode keep (nothing returned) placed it right.
    @Test(arguments: ["keep", "rewrite"])
    func transformWarningsPointAtTheirRecipeInTheFile(_ mode: String) throws {
        let scratch = try Scratch()
        try scratch.write("content/drinks.json", """
            [
              {"id": "negroni", "name": "Negroni", "ingredients": ["1 oz gin"]},
              {
                "id": "zombie",
                "name": "Zombie",
                "ingredients": ["1 oz rum"]
              }
            ]
            """)
        try scratch.write("tdiag.py", #"""
            import json, sys
            req = json.load(sys.stdin)
            docs, diags = [], []
            for d in req["documents"]:
                v = d["value"]
                if v["id"] == "zombie":
                    if req["options"]["mode"] == "rewrite":
                        v["name"] = "Zombie!!"
                        v["x-note"] = "loud"
                        docs.append({"file": d["file"], "index": d["index"], "value": v})
                    diags.append({"file": d["file"], "pointer": d["pointer"] + "/name", "message": "renamed", "severity": "warning"})
                    if req["options"]["mode"] == "rewrite":
                        diags.append({"file": d["file"], "pointer": d["pointer"] + "/x-note", "message": "noted", "severity": "warning"})
            json.dump({"documents": docs, "diagnostics": diags}, sys.stdout)
            """#)
        try scratch.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            plugins:
              - id: tdiag
                stage: transform
                command: [python3, tdiag.py]
            transforms:
              - tdiag: { mode: \(mode) }
            exports:
              - json-bundle: { out: dist/json }
            """)
        let r = try CLI.run(["build", "--format", "xcode"], in: scratch.url)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("content/drinks.json:5:13: warning: renamed [tdiag]"), "\(r.stdout)")
        if mode == "rewrite" {
            #expect(r.stdout.contains("content/drinks.json:3:3: warning: noted (about /1/x-note of the rewritten document, which content/drinks.json does not have) [tdiag]"), "\(r.stdout)")
        }
    }

    /// A lint plugin named like a built-in rule reported as that rule, `rules: { unique-id: off }`
    /// did not turn it off, and `larder plugins` listed two `unique-id`: it is refused at its id.
    @Test func aLintPluginWithTheIdOfABuiltInRuleIsRefused() throws {
        let scratch = try project(limit: 40)
        try scratch.write("larder.yml", try String(contentsOf: scratch.url.appendingPathComponent("larder.yml"), encoding: .utf8)
            .replacingOccurrences(of: "id: abv-limit", with: "id: unique-id") + "\nrules:\n  unique-id: \"off\"\n")
        let r = try CLI.run(["lint", "--no-cache", "--format", "xcode"], in: scratch.url)
        #expect(r.status != 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("larder.yml:6:9: error: the lint plugin id 'unique-id' is the id of the rule 'unique-id': its reports would pass for that rule's, and `rules: { unique-id: off }` would not turn it off; give the plugin an id of its own (acme-unique-id) [config]"), "\(r.stdout)")
        #expect(!r.stdout.contains("above the limit"), "the refused plugin ran: \(r.stdout)")
    }

    @Test func aPluginFailureCanBeMadeAWarning() throws {
        let scratch = try project(limit: 40, lintCommand: "sh, -c, 'exit 5'")
        try scratch.write("larder.yml", try String(contentsOf: scratch.url.appendingPathComponent("larder.yml"), encoding: .utf8)
            + "\nrules:\n  plugin/abv-limit: warning\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: scratch.url)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("warning: plugin 'abv-limit': exited with status 5 [plugin/abv-limit]"), "\(r.stdout)")
    }

    /// An empty or blank argument is an argument like any other (`--prefix ""`, BSD
    /// `sed -i ''`): larder.yml refused it ("'' is empty: write the text"). An empty or
    /// blank program is still refused.
    @Test func emptyArgumentsAreTakenButNotAnEmptyProgram() throws {
        let dir = try Scratch()
        try dir.write("content/a.json", #"{"id": "a", "name": "A", "ingredients": ["gin"], "steps": ["Stir."]}"#)
        func lint(_ command: String) throws -> CLI.Result {
            try dir.write("larder.yml", """
                locales: [en]
                content:
                  - kind: recipe
                    include: ["content/*.json"]
                plugins:
                  - id: acme
                    stage: lint
                    command: \(command)
                """)
            return try CLI.run(["lint", "--no-cache", "--format", "xcode"], in: dir.url)
        }
        // The plugin answers only when it gets both arguments as they are.
        let r = try lint(#"[sh, -c, 'cat > /dev/null; [ "$1" = "" ] && [ "$2" = " " ] && echo "{\"diagnostics\": []}"', sh, "", " "]"#)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        for program in [#""""#, #"" ""#] {
            let refused = try lint("[\(program), x]")
            #expect(refused.status == 2, "\(refused.stdout)")
            #expect(refused.stdout.contains("error: plugins[0].command[0]: "), "\(refused.stdout)")
            #expect(refused.stdout.contains(": write the program to run (a name on PATH, or its path from the project folder: ./plugins/check.sh) [config]"), "\(refused.stdout)")
        }
    }
}

/// `larder plugins` for a Swift package's registry: the package's own plugins are marked as
/// such, the built-in ones stay `built in`.
@Suite struct PluginsListingTests {
    struct NoZombies: Rule {
        let id = "no-zombies"
        let summary = "No zombies."
        let defaultSeverity = Severity.warning
        func check(_ document: Document, context: RuleContext) -> [Diagnostic] { [] }
    }

    @Test func packagePluginsAreMarked() throws {
        let builtIn = try LarderCommand.builtInRegistry()
        var registry = builtIn
        try registry.register(rule: NoZombies())
        let rows = PluginsCommand.rows(
            registry: registry, builtIn: builtIn,
            configured: [PluginSpec(id: "abv-table", stage: "export", command: ["python3", "t.py"]),
                         PluginSpec(id: "abv-limit", stage: "lint", command: ["./abv"])],
            configName: "larder.yml")
        #expect(rows.contains(PluginsCommand.Row(id: "no-zombies", stage: "lint", kind: "rule", source: "Swift package")))
        #expect(rows.contains(PluginsCommand.Row(id: "scale", stage: "transform", kind: "transform", source: "built in")))
        #expect(rows.suffix(2).map(\.id) == ["abv-limit", "abv-table"])
        #expect(rows.last?.source == "larder.yml: [python3, t.py]")
        let table = PluginsCommand.table(rows)
        #expect(table.hasPrefix("ID "))
        #expect(table.split(separator: "\n").count == rows.count + 1)
    }
}
