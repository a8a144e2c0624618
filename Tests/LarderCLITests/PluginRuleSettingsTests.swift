import Foundation
import Testing

/// A lint plugin's own rules in larder.yml's `rules:` (top level and per content entry):
/// `acme/over-limit: warning` or `off`, and `acme` for all of the plugin's diagnostics.
/// `larder explain acme/over-limit` said to set them there, and larder.yml refused them as
/// unknown rules, so a plugin's rules could be neither lowered nor turned off.
@Suite struct PluginRuleSettingsTests {
    /// A project with two content entries (`content/drinks/`, `content/food/`, a recipe each)
    /// and the lint plugin `acme`, which touches `ran` and answers, for each file, one
    /// diagnostic of its rule `over-limit` (an error), one of `style` (a note) and one that
    /// names no rule (an error). `rules` is larder.yml's top-level `rules:` and `foodRules` the
    /// food entry's.
    func project(rules: String, foodRules: String? = nil) throws -> Scratch {
        let dir = try Scratch()
        try dir.write("content/drinks/negroni.json", #"{"id": "negroni", "name": "Negroni", "ingredients": ["gin"], "steps": ["Stir."]}"#)
        try dir.write("content/food/soup.json", #"{"id": "soup", "name": "Soup", "ingredients": ["water"], "steps": ["Boil."]}"#)
        var diagnostics: [String] = []
        for file in ["content/drinks/negroni.json", "content/food/soup.json"] {
            diagnostics += [
                #"{"file": "\#(file)", "pointer": "/name", "message": "over", "rule": "over-limit"}"#,
                #"{"file": "\#(file)", "pointer": "/name", "message": "style", "rule": "style", "severity": "note"}"#,
                #"{"file": "\#(file)", "pointer": "/name", "message": "plain"}"#,
            ]
        }
        try dir.write("answer.json", #"{"diagnostics": [\#(diagnostics.joined(separator: ", "))]}"#)
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/drinks/*.json"]
              - kind: recipe
                include: ["content/food/*.json"]
            \(foodRules.map { "    rules: \($0)\n" } ?? "")plugins:
              - id: acme
                stage: lint
                command: [sh, -c, "touch ran; cat > /dev/null; cat answer.json"]
            rules: \(rules)
            """)
        return dir
    }

    /// `larder lint --format xcode` in `dir`: the status, and each report line as
    /// `file: severity: message [rule]` (without line and column).
    func lint(_ dir: Scratch) throws -> (status: Int32, lines: [String]) {
        let r = try CLI.run(["lint", "--no-cache", "--format", "xcode"], in: dir.url)
        let prefix = dir.url.path + "/"
        let lines = r.stdout.split(separator: "\n").map { line -> String in
            let text = line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : String(line)
            // content/drinks/negroni.json:1:31: warning: … → content/drinks/negroni.json: warning: …
            let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, Int(parts[1]) != nil, Int(parts[2]) != nil else { return text }
            return parts[0] + ":" + parts[3]
        }
        return (r.status, lines)
    }

    @Test func aPluginsRuleCanBeLoweredOrTurnedOff() throws {
        let dir = try project(rules: "{ acme/over-limit: warning, acme/style: \"off\" }")
        let r = try lint(dir)
        #expect(r.status == 1, "the diagnostics that name no rule stay errors: \(r.lines)")
        #expect(r.lines == [
            "content/drinks/negroni.json: error: plain [acme]",
            "content/drinks/negroni.json: warning: over [acme/over-limit]",
            "content/food/soup.json: error: plain [acme]",
            "content/food/soup.json: warning: over [acme/over-limit]",
        ], "\(r.lines)")
        // Nothing left but warnings passes.
        let lowered = try lint(try project(rules: "{ acme/over-limit: warning, acme: note }"))
        #expect(lowered.status == 0, "\(lowered.lines)")
        #expect(lowered.lines == [
            "content/drinks/negroni.json: note: plain [acme]",
            "content/drinks/negroni.json: warning: over [acme/over-limit]",
            "content/drinks/negroni.json: note: style [acme/style]",
            "content/food/soup.json: note: plain [acme]",
            "content/food/soup.json: warning: over [acme/over-limit]",
            "content/food/soup.json: note: style [acme/style]",
        ], "\(lowered.lines)")
        // The form of a rule's setting with options, holding only a severity.
        let object = try lint(try project(rules: "{ acme/over-limit: { severity: \"off\" }, acme: \"off\", acme/style: error }"))
        #expect(object.status == 1, "\(object.lines)")
        #expect(object.lines == [
            "content/drinks/negroni.json: error: style [acme/style]",
            "content/food/soup.json: error: style [acme/style]",
        ], "\(object.lines)")
    }

    /// A content entry's `rules:` set the plugin's rules for the files of that entry, over
    /// the top level's (its setting of the plugin too), as for a rule of Larder's.
    @Test func aContentEntrySetsThePluginsRulesForItsFiles() throws {
        let dir = try project(rules: "{ acme/over-limit: warning }", foodRules: "{ acme/over-limit: \"off\", acme: note }")
        let r = try lint(dir)
        #expect(r.lines == [
            "content/drinks/negroni.json: error: plain [acme]",
            "content/drinks/negroni.json: warning: over [acme/over-limit]",
            "content/drinks/negroni.json: note: style [acme/style]",
            "content/food/soup.json: note: plain [acme]",
            "content/food/soup.json: note: style [acme/style]",
        ], "\(r.lines)")
        #expect(r.status == 1)
    }

    /// `acme: off` turns the whole plugin off: it does not run. A rule of it that is set
    /// otherwise (here or in an entry) keeps it running, for that rule.
    @Test func thePluginsIDOffTurnsThePluginOff() throws {
        let off = try project(rules: "{ acme: \"off\" }")
        let r = try lint(off)
        #expect(r.status == 0, "\(r.lines)")
        #expect(!r.lines.contains { $0.contains("[acme") || $0.contains("[config]") }, "\(r.lines)")
        #expect(!FileManager.default.fileExists(atPath: off.url.appendingPathComponent("ran").path), "the plugin ran")

        let one = try project(rules: "{ acme: \"off\" }", foodRules: "{ acme/over-limit: warning }")
        let kept = try lint(one)
        #expect(kept.status == 0, "\(kept.lines)")
        #expect(kept.lines == ["content/food/soup.json: warning: over [acme/over-limit]"], "\(kept.lines)")
    }

    /// `plugin/acme` in a content entry's `rules:` was taken and did nothing: the plugin's
    /// failures are about the plugin, once per run, not about the entry's files. It is a
    /// warning at its key that says where it works.
    @Test func thePluginsFailureSettingInAContentEntryIsWarnedOf() throws {
        let dir = try project(rules: "{}", foodRules: "{ plugin/acme: \"off\", acme/style: warning }")
        let r = try lint(dir)
        #expect(r.lines.contains(
            "larder.yml: warning: 'plugin/acme' sets how the failures of the plugin 'acme' are reported, once for the whole run: "
                + "a content entry's setting of it has no effect; move it to the top-level `rules:` (plugin/acme: off), "
                + "or set `acme: off` here to drop the plugin's diagnostics in this entry's files [config]"),
            "\(r.lines)")
        // The entry's other settings work as before.
        #expect(r.lines.contains("content/food/soup.json: warning: style [acme/style]"), "\(r.lines)")
        let severity = try project(rules: "{}", foodRules: "{ plugin/acme: note }")
        #expect(try lint(severity).lines.contains { $0.hasPrefix("larder.yml: warning: 'plugin/acme' sets how") && $0.contains("(plugin/acme: note) [config]") })
    }

    /// What cannot be set is said, at its place: options (a plugin's options are its
    /// `options:`), a transform plugin's ids, a plugin larder.yml does not declare.
    @Test func settingsOfAPluginsRulesThatCannotWorkSayWhy() throws {
        let dir = try project(rules: "{ acme/over-limit: { severity: warning, limit: 3 }, shout/loud: warning, nope/x: warning }")
        try dir.write("larder.yml", try String(contentsOf: dir.url.appendingPathComponent("larder.yml"), encoding: .utf8)
            .replacingOccurrences(of: "plugins:\n", with: "plugins:\n  - { id: shout, stage: transform, command: [cat] }\n")
            + "\ntransforms: [shout]\n")
        let r = try lint(dir)
        #expect(r.status == 2, "\(r.lines)")
        #expect(r.lines.contains(
            "larder.yml: error: option 'limit' of rule 'acme/over-limit': a rule of the lint plugin 'acme' takes a severity only (error, warning, note or off); give the plugin its options under `options:` in its entry of `plugins:` (plugins[1]) [config]"),
            "\(r.lines)")
        #expect(r.lines.contains(
            "larder.yml: error: unknown rule 'shout/loud'; 'shout' is a transform plugin: `rules:` sets the diagnostics of lint plugins (acme) [config]"),
            "\(r.lines)")
        #expect(r.lines.contains(
            "larder.yml: error: unknown rule 'nope/x'; larder.yml declares no lint plugin 'nope' (its lint plugins: acme) [config]"),
            "\(r.lines)")
    }

    /// `larder rules` says where a plugin's rules come from, and names the project's lint
    /// plugins: it listed Larder's rules only, and the config's message pointed at it.
    @Test func rulesNamesTheLintPluginsOfTheProject() throws {
        let dir = try project(rules: "{}")
        let r = try CLI.run(["rules"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\nacme/RULE, acme  lint plugin of larder.yml: [sh, -c, \"touch ran; cat > /dev/null; cat answer.json\"]\n"), "\(r.stdout)")
        #expect(r.stdout.contains("the rules of a lint plugin are named in its answers"), "\(r.stdout)")
        let empty = try Scratch()
        let bare = try CLI.run(["rules"], in: empty.url)
        #expect(bare.status == 0)
        #expect(bare.stdout.contains("A lint plugin of larder.yml (`plugins:`) reports rules of its own, `<plugin>/<rule>`"), "\(bare.stdout)")
    }

    /// `explain` says how to set a plugin's rule as larder.yml now takes it, and an id of a
    /// plugin that is not declared is an unknown rule (exit 2), as any other unknown id.
    @Test func explainOfAPluginsRuleSaysHowToSetItAndAnUnknownOneFails() throws {
        let dir = try project(rules: "{}")
        let rule = try CLI.run(["explain", "acme/over-limit"], in: dir.url)
        #expect(rule.status == 0, "\(rule.stderr)")
        #expect(rule.stdout.contains("(`acme/over-limit: warning`; error, warning, note or off)"), "\(rule.stdout)")
        #expect(rule.stdout.contains("`acme: off` turns the plugin off"), "\(rule.stdout)")
        let unknown = try CLI.run(["explain", "nope/x"], in: dir.url)
        #expect(unknown.status == 2, "\(unknown.stdout)")
        #expect(unknown.stderr.contains("unknown rule 'nope/x': larder.yml declares no plugin 'nope' (its lint plugins: acme)"), "\(unknown.stderr)")
        let empty = try Scratch()
        let bare = try CLI.run(["explain", "acme/over-limit"], in: empty.url)
        #expect(bare.status == 2, "\(bare.stdout)")
        #expect(bare.stderr.contains("unknown rule 'acme/over-limit': no larder.yml was found from this folder"), "\(bare.stderr)")
    }
}
