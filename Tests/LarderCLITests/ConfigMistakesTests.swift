import Foundation
import LarderJSON
import Testing
@testable import LarderCLI

/// Mistakes in larder.yml as `larder lint` reports them: each at the value (or the item of a
/// list) that is wrong, or at the key when the key is the mistake; every mistake of the file
/// in one run; locales that are one locale but for case.
@Suite struct ConfigMistakesTests {
    static let content = """
        content:
          - kind: recipe
            include: ["content/*.json"]

        """

    /// Runs `larder lint` on a project with `config`; the report's lines, with the folder
    /// taken off.
    func lint(_ config: String, file: String = "larder.yml", command: [String] = ["lint"]) throws -> (status: Int32, lines: [String]) {
        let dir = try Scratch()
        try dir.write(file, config)
        try dir.write("content/caldo-verde.json", #"{"id": "caldo-verde", "name": {"en": "Caldo verde"}, "servings": 4, "ingredients": ["4 potatoes"]}"#)
        let r = try CLI.run(command + ["--format", "xcode"], in: dir.url)
        let prefix = dir.url.path + "/"
        let lines = r.stdout.split(separator: "\n").map { line in
            line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : String(line)
        }
        return (r.status, lines)
    }

    /// `larder lint` and `larder build` on a project with `config` both exit 2 with exactly
    /// the report lines `expected`: lint checks the config as the build does.
    func expectFromLintAndBuild(_ config: String, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for command in [["lint"], ["build"]] {
            let r = try lint(config, command: command)
            #expect(r.status == 2, "\(command)", sourceLocation: sourceLocation)
            #expect(r.lines == expected, "\(command)", sourceLocation: sourceLocation)
        }
    }

    /// The offending item of a list, not the rule's first line (`severity: error`), and a
    /// message that names the item: it said "must be a list of strings, not array".
    @Test func aRuleOptionMistakeIsAtTheOffendingValue() throws {
        let block = try lint(Self.content + """
            rules:
              unknown-unit:
                severity: error
                units:
                  - glug
                  - 5
            """)
        #expect(block.status == 2)
        #expect(block.lines == [
            "larder.yml:9:9: error: option 'units' of rule 'unknown-unit': units[1] is the number 5; write each item as a string (\"5\") [config]",
        ])
        // In flow style every one pointed at the `{`.
        let flow = try lint(Self.content + """
            rules:
              image-exists: { extensions: [png, 5] }
              near-duplicate-location: { metres: 10 }
              unique-id: { key: username }
            """)
        #expect(flow.status == 2)
        #expect(flow.lines == [
            "larder.yml:5:37: error: option 'extensions' of rule 'image-exists': extensions[1] is the number 5; write each item as a string (\"5\") [config]",
            "larder.yml:6:30: error: option 'metres' of rule 'near-duplicate-location' is unknown; did you mean 'meters'? [config]",
            "larder.yml:7:21: error: option 'key' of rule 'unique-id' is 'username', which is not a JSON Pointer: pointers start with / and separate the names with / (write '/username') [config]",
        ])
    }

    /// `meters: -5` was taken (the rule then never fired), and so were two names of one
    /// option (`distance` silently ignored).
    /// `kinds` naming a kind the project has no content of turned the rule off without a
    /// word (`kinds: [recipes]`: a repeated id passed), and `locales`, `images` and `kind`,
    /// which Larder gives every rule from the rest of larder.yml, were taken from a rule's
    /// setting (`locale-complete: { locales: [en, es] }` asked for Spanish in a project
    /// without it). Each is a config error now, and the rule runs with the project's values.
    @Test func kindsNamesTheProjectsKindsAndProjectSettingsAreNotARulesOptions() throws {
        try expectFromLintAndBuild(Self.content + """
            rules:
              unique-id: { kinds: [recipes] }
              locale-complete: { locales: [en, es], severity: error }
              image-exists: { images: content }
            """, [
                "larder.yml:5:24: error: option 'kinds' of rule 'unique-id' names 'recipes', which no content entry of larder.yml has (its kinds: recipe), so the rule would check nothing of it; did you mean 'recipe'? [config]",
                "larder.yml:6:22: error: option 'locales' of rule 'locale-complete' is not the rule's to set: Larder gives every rule the project's `locales:`; remove it [config]",
                "larder.yml:7:19: error: option 'images' of rule 'image-exists' is not the rule's to set: Larder gives every rule the `images:` of the content entry; remove it [config]",
            ])
        let kind = try lint("""
            content:
              - kind: recipe
                include: ["content/*.json"]
                rules: { unique-id: { kind: location } }
            """)
        #expect(kind.status == 2)
        #expect(kind.lines == [
            "larder.yml:4:27: error: option 'kind' of rule 'unique-id' is not the rule's to set: Larder gives every rule the content entry the rule is set under; remove it (`kinds: [...]` limits the rule to some kinds) [config]",
        ])
        // A kind the project has is fine, and the rule checks it.
        let fine = try lint(Self.content + "rules:\n  unique-id: { kinds: [recipe] }\n")
        #expect(fine.status == 0, "\(fine.lines)")
    }

    /// An empty list where the option takes what to check or allow is a config error at
    /// the list: `kinds: []` and `fields: []` had the rule check nothing, and
    /// `extensions: []` made every image an error whose message listed no extension, all
    /// with no word about the option. A list of units may be empty.
    @Test func emptyListsThatTurnARuleAsideAreConfigErrors() throws {
        try expectFromLintAndBuild(Self.content + """
            rules:
              unique-id: { kinds: [] }
              image-exists: { extensions: [] }
              locale-complete: { fields: [] }
              placeholders: { pointers: [] }
              unknown-unit: { units: [] }
            """, [
                "larder.yml:5:23: error: option 'kinds' of rule 'unique-id' is an empty list, so the rule would check nothing; leave `kinds` out for every kind, list the kinds to check, or set the rule to off [config]",
                "larder.yml:6:31: error: option 'extensions' of rule 'image-exists' is an empty list, which allows no extension, so every image would be an error; leave it out for the default (png, jpg, jpeg, webp, heic, gif, svg), or set the rule to off [config]",
                "larder.yml:7:30: error: option 'fields' of rule 'locale-complete' is an empty list, so it names no field for the rule to check; leave it out for the default (the fields of the built-in kind; in a kind of your own, its language maps), or set the rule to off [config]",
                "larder.yml:8:29: error: option 'pointers' of rule 'placeholders' is an empty list, so it names no field for the rule to check; leave it out for the default (the fields of the built-in kind), or set the rule to off [config]",
            ])
    }

    /// `url` reads two lists, links and videos: either may be empty (a kind with links and
    /// no video), and the rule checks the other. Both were refused as "names no field".
    @Test func urlMayHaveOneEmptyListOfFields() throws {
        for rule in ["url: { fields: [/links], videoFields: [] }", "url: { fields: [], videoFields: [/video] }"] {
            let r = try lint(Self.content + "rules:\n  \(rule)\n")
            #expect(r.status == 0, "\(rule): \(r.lines)")
        }
    }

    /// An export's `locales: []` is a config error at the list: json-bundle wrote its
    /// manifest alone, with no language and no word. With `pseudo`, the export is of the
    /// pseudo-locales only, as asked.
    @Test func anExportOfNoLocaleIsAConfigError() throws {
        try expectFromLintAndBuild(Self.content + """
            exports:
              - json-bundle: { out: dist/json, locales: [] }
              - xcstrings: { out: dist/Content.xcstrings, locales: [], pseudo: [en-XA] }
            """, [
                "larder.yml:5:45: error: exports[0]: json-bundle: option 'locales' is an empty list, so the export would write no language; leave it out for every locale of the project (en), or list the locales to export [config]",
            ])
    }

    @Test func numericOptionsAreRangeCheckedAndOneOptionIsGivenOnce() throws {
        let r = try lint(Self.content + """
            rules:
              near-duplicate-location: { meters: -5 }
              url: { fields: [/help], pointers: [/more] }
              nutrition-consistency:
                saltTolerance: 5
                maxPer100g: 0
            """)
        #expect(r.status == 2)
        #expect(r.lines == [
            "larder.yml:5:38: error: option 'meters' of rule 'near-duplicate-location' is -5; it must be more than 0 (no two places are less than 0 m apart, so the rule would report nothing) [config]",
            "larder.yml:6:27: error: options 'fields' and 'pointers' of rule 'url' are one option ('pointers' is another name for 'fields'), and the rule reads only one; keep one [config]",
            "larder.yml:8:20: error: option 'saltTolerance' of rule 'nutrition-consistency' is 5; it must be at least 0 and less than 1 (a fraction of the larger figure: 0.05 is 5%, and at 1 or more no difference is ever reported) [config]",
            "larder.yml:9:17: error: option 'maxPer100g' of rule 'nutrition-consistency' is 0; it must be more than 0 and at most 100 (no food holds more than 100 g of anything per 100 g) [config]",
        ])
        let twice = try lint(Self.content + "rules:\n  near-duplicate-location: { meters: 10, distance: 30 }\n")
        #expect(twice.lines == [
            "larder.yml:5:42: error: options 'meters' and 'distance' of rule 'near-duplicate-location' are one option ('distance' is another name for 'meters'), and the rule reads only one; keep one [config]",
        ])
    }

    /// The unknown rule (and its did-you-mean) came only in a second run, after the locale
    /// and the severity were fixed.
    @Test func everyMistakeOfTheFileInOneRun() throws {
        let config = """
            locales: [en, fr_FR]
            content:
              - kind: recipe
                includes: ["content/*.json"]
            rules:
              gtin-checksum: eror
              nutrition-consistancy: error
            transforms:
              - scael
            exports:
              - jsonbundle: { out: dist }
            """
        try expectFromLintAndBuild(config, [
            "larder.yml:1:15: error: locales[1]: 'fr_FR' is not a BCP 47 language tag (like en, pt-BR, zh-Hant-TW, es-419); write fr-FR [config]",
            "larder.yml:4:5: error: content[0]: unknown setting 'includes'; did you mean 'include'? [config]",
            "larder.yml:6:18: error: rules.gtin-checksum: 'eror' is not one of 'error', 'warning', 'note', 'off'; did you mean 'error'? [config]",
            "larder.yml:7:3: error: unknown rule 'nutrition-consistancy'; did you mean 'nutrition-consistency'? [config]",
            "larder.yml:9:5: error: transforms[0]: unknown transform 'scael'; did you mean 'scale'? [config]",
            "larder.yml:11:5: error: exports[0]: unknown exporter 'jsonbundle'; did you mean 'json-bundle'? [config]",
        ])
    }

    /// A plugin declared in `plugins:` but named in the list of another stage is said to be
    /// of its stage, with where to name it: it was "unknown", next to a list of the stage's
    /// steps that named the other plugins, or "did you mean" one of them.
    @Test func aPluginNamedInTheListOfAnotherStage() throws {
        let config = Self.content + """
            plugins:
              - id: acme-t
                stage: transform
                command: [sh, t.sh]
              - id: acme-e
                stage: export
                command: [sh, e.sh]
              - id: acme-l
                stage: lint
                command: [sh, l.sh]
            transforms:
              - acme-e
              - acme-l: { x: 1 }
            exports:
              - acme-t: { out: dist/t }
              - acme-l
            """
        let r = try lint(config, command: ["lint"])
        #expect(r.lines.filter { $0.contains(": error: ") && $0.contains("[config]") } == [
            "larder.yml:15:5: error: transforms[0]: 'acme-e' is an export plugin (stage: export, plugins[1]): name it under `exports:`, or change its stage to transform [config]",
            "larder.yml:16:5: error: transforms[1]: 'acme-l' is a lint plugin (stage: lint, plugins[2]): a lint plugin runs on every lint and build without being named; take it out of `transforms:`, or change its stage to transform [config]",
            "larder.yml:18:5: error: exports[0]: 'acme-t' is a transform plugin (stage: transform, plugins[0]): name it under `transforms:`, or change its stage to export [config]",
            "larder.yml:19:5: error: exports[1]: 'acme-l' is a lint plugin (stage: lint, plugins[2]): a lint plugin runs on every lint and build without being named; take it out of `exports:`, or change its stage to export [config]",
        ], "\(r.lines)")
        #expect(r.status == 2)
    }

    /// Every mistaken option of a step is reported in one run: a step's options were read
    /// until their first mistake, so three mistakes in one `convert` took three runs.
    @Test func everyMistakenOptionOfAStepInOneRun() throws {
        let config = """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            transforms:
              - convert: { units: imperial, energy: kJ, salt: NaCl, keep: yes }
            exports:
              - json-bundle: { out: dist, bogus: 1, manifest: maybe }
            """
        try expectFromLintAndBuild(config, [
            "larder.yml:6:23: error: transforms[0]: convert: units must be metric or us; got \"imperial\" [config]",
            "larder.yml:6:51: error: transforms[0]: convert: salt must be salt or sodium; got \"NaCl\" [config]",
            "larder.yml:6:63: error: transforms[0]: convert: keep must be true or false; got \"yes\" [config]",
            "larder.yml:8:31: error: exports[0]: json-bundle: unknown option 'bogus'; known options: fallback, ids, imageFields, images, locales, manifest, out, pseudo, texts, version [config]",
            "larder.yml:8:51: error: exports[0]: json-bundle: option 'manifest' must be true or false, not 'maybe' [config]",
        ])
    }

    /// A step whose `- ` was left out on the line of the second transform (or exporter) is
    /// read as one item with two names: it said "expected at most 1 property, found 2".
    @Test func aStepWithTwoNamesSaysToStartTheSecondAsAnItem() throws {
        try expectFromLintAndBuild(Self.content + """
            transforms:
              - scale: { servings: 4 }
                convert: { energy: kJ }
            exports:
              - json-bundle: { out: dist/json }
                xcstrings: { out: dist/Content.xcstrings }
            """, [
            "larder.yml:6:5: error: transforms[0]: one item of transforms names one transform, and this one names 'scale' and 'convert'; start 'convert' as an item of its own, with '- ' (- convert: …), or, if it is an option, put it in the options of 'scale' (- scale: { …, convert: … }) [config]",
            "larder.yml:9:5: error: exports[0]: one item of exports names one export, and this one names 'json-bundle' and 'xcstrings'; start 'xcstrings' as an item of its own, with '- ' (- xcstrings: …), or, if it is an option, put it in the options of 'json-bundle' (- json-bundle: { …, xcstrings: … }) [config]",
        ])
    }

    /// An option written beside its step rather than in its options (`images: true` under
    /// `- json-bundle: {…}`) is told to go in them: it was told to start as an item of its
    /// own, which for `images` adds an images export.
    @Test func anOptionBesideItsStepIsToldToGoInItsOptions() throws {
        try expectFromLintAndBuild(Self.content + """
            transforms:
              - scale: { servings: 4 }
                convention: metric
            exports:
              - json-bundle: { out: dist/json }
                images: true
            """, [
            "larder.yml:6:5: error: transforms[0]: one item of transforms names one transform, and this one names 'scale' and 'convention'; 'convention' looks like an option: put it in the options of 'scale' (- scale: { …, convention: … }) [config]",
            "larder.yml:9:5: error: exports[0]: one item of exports names one export, and this one names 'json-bundle' and 'images'; 'images' looks like an option: put it in the options of 'json-bundle' (- json-bundle: { …, images: … }) [config]",
        ])
    }

    /// A plugin's command written as a shell line: the hint for a list of one
    /// (`write ["python3 plugins/abv.py"]`) led to a program name that does not exist.
    @Test func aCommandWrittenAsAShellLineIsToldToListItsWords() throws {
        try expectFromLintAndBuild(Self.content + """
            plugins:
              - id: abv
                stage: lint
                command: python3 plugins/abv.py --limit 30
              - id: one
                stage: lint
                command: ./check.sh
            """, [
            #"larder.yml:7:14: error: plugins[0].command: expected an array, found a string; the command runs without a shell, so each word is an item of the list: write [python3, plugins/abv.py, --limit, "30"] (or [sh, -c, "python3 plugins/abv.py --limit 30"] for a shell) [config]"#,
            #"larder.yml:10:14: error: plugins[1].command: expected an array, found a string; write ["./check.sh"] for a list of one [config]"#,
        ])
    }

    /// A config with no settings says what it needs: an empty file said `"content" is
    /// required`, and one that holds only `---` and comments (an editor's template) said
    /// "expected an object, found null" at its last line.
    @Test func aConfigWithNoSettingsSaysWhatItNeeds() throws {
        let expected = #"larder.yml:1:1: error: the config has no settings: it needs `content:`, the content files to check and their kind (content: [{kind: recipe, include: ["content/*.json"]}]); `larder init` writes a commented larder.yml [config]"#
        for config in ["", "# the bar's content\n", "---\n# the bar's content\n", "---\n...\n", "{}\n"] {
            try expectFromLintAndBuild(config, [expected])
        }
        try expectFromLintAndBuild("~\n", [expected])
        // A null that is written as a value is not taken for no settings.
        #expect(try lint("!!null x\n").lines.first != expected)
    }

    /// A transform or export plugin whose program, a file of the project, is missing or not
    /// executable: only `larder build` ran it, so `larder lint` (and the commit hook) passed
    /// and the build failed later. Lint and build report it at the program, before anything
    /// runs; a program looked up on PATH is left to the run (it depends on the machine).
    /// (A program on PATH, or given by an absolute path, depends on the machine: lint leaves
    /// it to the run, so a hook on a machine without it does not refuse the config.)
    @Test func aTransformOrExportPluginThatCannotStartIsAnErrorOfLintToo() throws {
        let config = Self.content + """
            plugins:
              - id: acme-round
                stage: transform
                command: [./plugins/round.sh, --digits, "0"]
              - id: acme-table
                stage: export
                command: [plugins/table.py]
              - id: acme-csv
                stage: export
                command: [larder-no-such-program-x]
              - id: acme-abs
                stage: export
                command: [/opt/larder-no-such/table]
            transforms: [acme-round]
            exports:
              - acme-table: { out: dist/table }
              - acme-csv: { out: dist/csv }
              - acme-abs: { out: dist/abs }
            """
        for command in [["lint"], ["build"]] {
            let dir = try Scratch()
            try dir.write("larder.yml", config)
            try dir.write("content/caldo-verde.json", #"{"id": "caldo-verde", "name": {"en": "Caldo verde"}, "servings": 4, "ingredients": ["4 potatoes"]}"#)
            try dir.write("plugins/table.py", "print('{}')\n")
            let r = try CLI.run(command + ["--format", "xcode"], in: dir.url)
            let lines = r.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: dir.url.path + "/", with: "") }
            #expect(r.status == 2, "\(command)")
            #expect(lines == [
                "larder.yml:7:15: error: the transform plugin 'acme-round' cannot run: './plugins/round.sh' does not exist (relative to \(dir.url.path)) [config]",
                "larder.yml:10:15: error: the export plugin 'acme-table' cannot run: 'plugins/table.py' is not executable: make it executable (chmod +x plugins/table.py), or run it through its interpreter: [python3, plugins/table.py] [config]",
            ], "\(command)")
            #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist").path))
        }
    }

    /// A comment in larder.json said only that a '/' was found where a member name was due.
    @Test func aCommentInAJSONConfigIsToldAsOne() throws {
        let r = try lint("{\"locales\": [\"en\"], // the source language first\n \"content\": []}\n", file: "larder.json")
        #expect(r.status == 2)
        #expect(r.lines.first == "larder.json:1:21: error: JSON has no comments: remove this one, or write the config as larder.yml, where '#' starts a comment (expected a member name in double quotes after ',' in an object, found '/') [config]", "\(r.lines)")
        let block = try lint("/* the bar */ {\"locales\": [\"en\"]}\n", file: "larder.json")
        #expect(block.lines.first?.hasPrefix("larder.json:1:1: error: JSON has no comments: remove this one") == true, "\(block.lines)")
        // A '/' that starts no comment keeps the parser's words.
        let slash = try lint("{\"locales\": [\"en\"], /x}\n", file: "larder.json")
        #expect(slash.lines.first == "larder.json:1:21: error: expected a member name in double quotes after ',' in an object, found '/' [config]", "\(slash.lines)")
    }

    /// Mistakes in `plugins:` come with the file's other mistakes: they were reported only
    /// once the rest of larder.yml was valid, a second run later.
    @Test func pluginMistakesComeWithTheOthers() throws {
        let config = Self.content + """
            rules:
              gtin-checksum: eror
            plugins:
              - id: p
                stage: lint
                command: ["./p.sh"]
              - id: p
                stage: lint
                command: ["./p.sh"]
            """
        let r = try lint(config)
        #expect(r.status == 2)
        #expect(r.lines.contains { $0.hasPrefix("larder.yml:5:18: error: rules.gtin-checksum") }, "\(r.lines)")
        #expect(r.lines.contains("larder.yml:10:9: error: the plugin id 'p' is declared twice (also plugins[0]); plugin ids must be unique [config]"), "\(r.lines)")
    }

    /// A lint plugin may not take a built-in exporter's or transform's id: build refused
    /// it, but lint of a project with no `transforms:` or `exports:` ran the plugin (it
    /// checked ids with the rules alone), so the hook passed a config the build refuses.
    @Test func aLintPluginWithAnExportersIDIsRefusedByLintAsByBuild() throws {
        try expectFromLintAndBuild(Self.content + """
            plugins:
              - id: images
                stage: lint
                command: ["./p.sh"]
              - id: scale
                stage: lint
                command: ["./p.sh"]
            """, [
                "larder.yml:5:9: error: the lint plugin id 'images' is the id of the exporter 'images': its reports would pass for that exporter's, and `rules: { images: off }` would not turn it off; give the plugin an id of its own (acme-images) [config]",
                "larder.yml:8:9: error: the lint plugin id 'scale' is the id of the transform 'scale': its reports would pass for that transform's, and `rules: { scale: off }` would not turn it off; give the plugin an id of its own (acme-scale) [config]",
            ])
    }

    /// An export's `out` that leaves the project, is Larder's or git's own folder, or is
    /// another export's (or holds it) is a config error at its value, all of them in one
    /// run of lint or build: lint passed, and the build stopped at the first, naming no place.
    /// (Case-only differences were accepted: on a file system that ignores case they are one
    /// place, and `.Git` is git's folder.)
    @Test func everyWrongOutputIsAtItsValue() throws {
        let config = Self.content + """
            exports:
              - json-bundle: { out: ../escaped }
              - jsonld: { out: /abs }
              - xcstrings: { out: dist/x }
              - i18next: { out: dist/x/ld }
              - gettext: { out: .larder-cache/po }
              - android: { out: dist/x }
              - strings: { out: dist/apple }
              - jsonld: { out: dist/Apple }
              - jsonld: { out: .Git/hooks }
              - jsonld: { out: DIST/X/y }
              - xcstrings: { out: content/.Larder-Output }
              - jsonld: { out: dist/.larder-output/ld }
            """
        try expectFromLintAndBuild(config, [
            "larder.yml:5:25: error: exports[0]: 'out: ../escaped' must be a folder or file inside the project (no '..', no absolute path, not the project itself) [config]",
            "larder.yml:6:20: error: exports[1]: 'out: /abs' must be a folder or file inside the project (no '..', no absolute path, not the project itself) [config]",
            "larder.yml:8:21: error: exports[3]: 'dist/x/ld' and the output 'dist/x' of exports[2] overlap: one would replace the other; give each export its own folder [config]",
            "larder.yml:9:21: error: exports[4]: 'out: .larder-cache/po' is in '.larder-cache', which is Larder's own folder; choose another `out` [config]",
            "larder.yml:10:21: error: exports[5]: another export (exports[2]) writes to 'dist/x' too; give each export its own `out` [config]",
            // Without case, as macOS and Windows see paths (these were accepted).
            "larder.yml:12:20: error: exports[7]: 'dist/Apple' and the output 'dist/apple' of exports[6] differ only in case: on macOS and Windows, whose file systems ignore case, they are one place; give each export its own `out` [config]",
            "larder.yml:13:20: error: exports[8]: 'out: .Git/hooks' is in '.Git', which is git's folder; choose another `out` [config]",
            "larder.yml:14:20: error: exports[9]: 'DIST/X/y' and the output 'dist/x' of exports[2] overlap: one would replace the other; give each export its own folder [config]",
            // The marker's name hid the folder holding it: its content vanished from lint and build.
            "larder.yml:15:23: error: exports[10]: 'out: content/.Larder-Output' is named '.Larder-Output', Larder's mark of its output folders: the folder holding it would never be read as content again; choose another `out` [config]",
            "larder.yml:16:20: error: exports[11]: 'out: dist/.larder-output/ld' is named '.larder-output', Larder's mark of its output folders: the folder holding it would never be read as content again; choose another `out` [config]",
        ])
    }

    /// Windows drops the dots and spaces that end a name: `dist/json.` and `dist/json ` are
    /// its `dist/json`, so a checkout there has one folder for the three exports. They were
    /// accepted, though each `out` is compared as macOS and Windows see paths.
    @Test func outputsThatWindowsTakesForOneAreAnError() throws {
        let config = Self.content + """
            exports:
              - json-bundle: { out: dist/json }
              - jsonld: { out: dist/json. }
              - i18next: { out: "dist/json " }
              - gettext: { out: DIST/Json.. }
              - android: { out: "dist. /json/res" }
              - xcstrings: { out: ".git./x.xcstrings" }
              - strings: { out: "content/.larder-output ./x" }
            """
        try expectFromLintAndBuild(config, [
            "larder.yml:6:20: error: exports[1]: 'dist/json.' and the output 'dist/json' of exports[0] differ only in the dots and spaces that end a name: on Windows, which drops those, they are one place; give each export its own `out` [config]",
            "larder.yml:7:21: error: exports[2]: 'dist/json ' and the output 'dist/json' of exports[0] differ only in the dots and spaces that end a name: on Windows, which drops those, they are one place; give each export its own `out` [config]",
            "larder.yml:8:21: error: exports[3]: 'DIST/Json..' and the output 'dist/json' of exports[0] differ only in case and in the dots and spaces that end a name: on Windows, which ignores case and drops those, they are one place; give each export its own `out` [config]",
            "larder.yml:9:21: error: exports[4]: 'dist. /json/res' and the output 'dist/json' of exports[0] overlap: one would replace the other; give each export its own folder [config]",
            "larder.yml:10:23: error: exports[5]: 'out: .git./x.xcstrings' is in '.git.', which is git's folder; choose another `out` [config]",
            "larder.yml:11:21: error: exports[6]: 'out: content/.larder-output ./x' is named '.larder-output .', Larder's mark of its output folders: the folder holding it would never be read as content again; choose another `out` [config]",
        ])
    }

    /// A one-file export written where an include takes it: the first build wrote the
    /// String Catalog to content/new.json, and every lint and build after read it as a
    /// recipe ("id" is required) until it was removed by hand.
    @Test func aFileOutputThatAnIncludeTakesIsAnError() throws {
        let config = Self.content + """
            exports:
              - xcstrings: { out: content/new.json }
              - xcstrings: { out: content/Content.xcstrings }
              - json-bundle: { out: content/bundle }
              - xcstrings: { out: Content/Strings.json }
              - xcstrings: { out: content/.build/strings.json }
            """
        try expectFromLintAndBuild(config, [
            "larder.yml:5:23: error: exports[0]: 'out: content/new.json' is a file that content[0] (recipe) includes: the next lint would read the xcstrings export as content; write it outside the includes [config]",
            // Without case, as macOS and Windows see it; a hidden folder is never content.
            "larder.yml:8:23: error: exports[3]: 'out: Content/Strings.json' is a file that content[0] (recipe) includes: the next lint would read the xcstrings export as content; write it outside the includes [config]",
            "larder.yml:9:23: warning: exports[4]: 'out: content/.build/strings.json' names the file the xcstrings export writes, since its last part has a dot, but the program that reads it takes only a .xcstrings file; name it strings.xcstrings, or end the out with / to write into a folder of that name [config]",
        ])
    }

    /// `out: dist/ios.v2`, meant as a folder, wrote the String Catalog as the file `ios.v2`
    /// (a last part with a dot names a one-file export's file), which Xcode does not take for
    /// a String Catalog: a warning at the value says so and how to write either.
    @Test func aStringCatalogNamedWithoutItsExtensionIsWarnedOf() throws {
        let config = Self.content + """
            exports:
              - xcstrings: { out: dist/ios.v2 }
              - xcstrings: { out: dist/ios.v3/ }
              - xcstrings: { out: dist/ios/Content.XCStrings }
            """
        let r = try lint(config)
        #expect(r.lines == [
            "larder.yml:5:23: warning: exports[0]: 'out: dist/ios.v2' names the file the xcstrings export writes, since its last part has a dot, but the program that reads it takes only a .xcstrings file; name it ios.xcstrings, or end the out with / to write into a folder of that name [config]",
        ], "\(r.lines)")
        #expect(r.status == 0)
    }

    /// A misspelt option of a rule that takes none of its own was ignored (`sevrity: off`
    /// left the rule an error, without a word), as were other unknown options.
    @Test func everyRuleReportsAnUnknownOption() throws {
        let r = try lint(Self.content + """
            rules:
              control-character: { sevrity: "off" }
              quantity: { severity: warning, extra: 1 }
              duplicate-key: { fields: [/name], feilds: [/name] }
            """)
        #expect(r.status == 2)
        #expect(r.lines.filter { $0.contains("[config]") } == [
            "larder.yml:5:24: error: option 'sevrity' of rule 'control-character' is unknown; did you mean 'severity'? [config]",
            "larder.yml:6:34: error: option 'extra' of rule 'quantity' is unknown; the rule takes no options [config]",
            "larder.yml:7:37: error: option 'feilds' of rule 'duplicate-key' is unknown; did you mean 'fields'? [config]",
        ], "\(r.lines)")
    }

    /// An output that would replace the content or the config: the build refused it, but
    /// lint passed, so a CI that lints was green and the build failed.
    @Test func anOutputOverTheContentOrTheConfigIsAnErrorInLintToo() throws {
        let config = Self.content + """
            exports:
              - json-bundle: { out: Content }
              - xcstrings: { out: Larder.yml }
            """
        try expectFromLintAndBuild(config, [
            "larder.yml:5:25: error: exports[0]: 'out: Content' would replace 'content/caldo-verde.json', which is part of the project's content or config; choose another `out` [config]",
            "larder.yml:6:23: error: exports[1]: 'out: Larder.yml' would replace 'larder.yml', which is part of the project's content or config; choose another `out` [config]",
        ])
    }

    /// A transform's or exporter's option that is wrong is reported at its value (or at its
    /// key, or the item of a list), as a rule's: each was at the step's first line, so in a
    /// block of options the line of another option, and in flow style the `{`.
    @Test func stepOptionMistakesAreAtTheOffendingValue() throws {
        let config = Self.content + """
            transforms:
              - scale:
                  convention: metric
                  factor: -2
              - convert: { energy: kJ, servingSize: 12 parsecs }
              - scale: { servings: 2, factr: 3 }
            exports:
              - json-bundle:
                  out: dist/json
                  images: maybe
              - xcstrings: { out: dist/Content.xcstrings, fallback: loud }
              - i18next:
                  out: dist/i18n
                  texts: { recipe: [/name, "name"] }
              - android: { out: dist/android, pseudo: [en-XA, xx] }
              - strings: { out: dist/strings, ids: { recipe: 5 } }
            """
        try expectFromLintAndBuild(config, [
            "larder.yml:7:15: error: transforms[0]: scale: factor must be a number above 0 (such as 4, 1.5 or 1/2); got -2 [config]",
            "larder.yml:8:41: error: transforms[1]: convert: servingSize must be an amount in g or ml such as \"350 g\"; got \"12 parsecs\" [config]",
            "larder.yml:9:27: error: transforms[2]: scale: unknown option 'factr'; the options are servings, factor, to and convention [config]",
            "larder.yml:13:15: error: exports[0]: json-bundle: option 'images' must be true or false, not 'maybe' [config]",
            "larder.yml:14:57: error: exports[1]: xcstrings: option 'fallback' is 'loud'; expected one of warning, note, error, off [config]",
            "larder.yml:17:32: error: exports[2]: i18next: option 'texts.recipe' has 'name', which is not a JSON Pointer (such as /title or /levels/*/name) [config]",
            "larder.yml:18:51: error: exports[3]: android: option 'pseudo' names 'xx'; the pseudo-locales are en-XA (accented and longer) and ar-XB (right to left) [config]",
            "larder.yml:19:50: error: exports[4]: strings: option 'ids.recipe' must be a JSON Pointer such as /username, not 5 [config]",
        ])
    }

    @Test func anUnknownTopLevelSettingIsAtItsKey() throws {
        let r = try lint("locales: [en]\nincludes: [\"content/*.json\"]\n" + Self.content + "exclued: [\"drafts/**\"]\n")
        #expect(r.status == 2)
        #expect(r.lines == [
            "larder.yml:2:1: error: unknown setting 'includes'; include is a setting of each entry of content (content: [{kind: recipe, include: [...]}]) [config]",
            "larder.yml:6:1: error: unknown setting 'exclued'; did you mean 'exclude'? [config]",
        ])
    }

    /// The same places in a larder.json, from the JSON document.
    @Test func aJSONConfigPlacesKeysAndItemsToo() throws {
        let r = try lint("""
            {"content": [{"kind": "recipe", "include": ["content/*.json"]}],
             "rules": {"unknown-unit": {"units": ["glug", 5]}, "near-duplicate-location": {"metres": 10}}}
            """, file: "larder.json")
        #expect(r.status == 2)
        #expect(r.lines == [
            "larder.json:2:47: error: option 'units' of rule 'unknown-unit': units[1] is the number 5; write each item as a string (\"5\") [config]",
            "larder.json:2:80: error: option 'metres' of rule 'near-duplicate-location' is unknown; did you mean 'meters'? [config]",
        ])
    }

    /// `parse: off` was taken and did nothing; `unique` got no suggestion of `unique-id`, and
    /// 1e400 was "not more than 0". (A lint plugin's own id is a setting of all its
    /// diagnostics.)
    @Test func settingsThatCannotWorkSayWhatDoes() throws {
        let r = try lint("""
            locales: [en]
            \(Self.content)plugins:
              - id: acme-names
                stage: lint
                command: [sh, -c, "cat > /dev/null; echo '{}'"]
            rules:
              parse: warning
              unique: error
              acme-names: off
              near-duplicate-location: { meters: 1e400 }
            """)
        #expect(r.status == 2)
        #expect(r.lines.contains("larder.yml:10:3: error: the check 'parse' cannot be turned off, lowered or given options: a file that is not JSON cannot be read, so nothing else in it is checked; fix the file, or leave it out of the include with an exclude [config]"), "\(r.lines)")
        #expect(r.lines.contains("larder.yml:11:3: error: unknown rule 'unique'; did you mean 'unique-id'? [config]"), "\(r.lines)")
        // A lint plugin's own id sets all of its diagnostics (`off` turns it off).
        #expect(!r.lines.contains { $0.contains("acme-names") }, "\(r.lines)")
        #expect(r.lines.contains("larder.yml:13:38: error: option 'meters' of rule 'near-duplicate-location' is 1e400, a number too large to compute with; it must be more than 0 [config]"), "\(r.lines)")
    }

    /// larder.json beside larder.yml is not read, which lint now says (French and an error
    /// severity in it were never applied, without a word); with --config, nothing is said.
    @Test func aSecondConfigBesideTheOneReadIsAWarning() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\n" + Self.content)
        try dir.write("larder.json", #"{"locales": ["en", "fr"], "content": [{"kind": "recipe", "include": ["content/*.json"]}]}"#)
        try dir.write("content/caldo-verde.json", #"{"id": "caldo-verde", "name": {"en": "Caldo verde"}, "servings": 4, "ingredients": ["4 potatoes"]}"#)
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stdout.contains("larder.json:1:1: warning: this config is not read: larder.yml in the same folder is the project's (Larder reads the first of larder.yml, larder.yaml and larder.json it finds); merge what this file holds into larder.yml, and remove it [config]"), "\(r.stdout)")
        let named = try CLI.run(["lint", "--format", "xcode", "--config", "larder.json"], in: dir.url)
        #expect(!named.stdout.contains("not read"), "\(named.stdout)")
    }

    /// A key written twice in a larder.json is an error at the second, as in a larder.yml:
    /// a JSON reader keeps the last value, so the first `locales` was dropped without a word.
    @Test func aKeyTwiceInAJSONConfigIsAnError() throws {
        let r = try lint("""
            {"locales": ["en", "fr"],
             "content": [{"kind": "recipe", "include": ["content/*.json"], "rules": {"url": "off", "url": "error"}}],
             "locales": ["en"]}
            """, file: "larder.json")
        #expect(r.status == 2)
        #expect(r.lines == [
            "larder.json:2:88: error: the key 'url' appears more than once in one object (first at line 2, column 74); keep one [config]",
            "larder.json:3:2: error: the key 'locales' appears more than once in one object (first at line 1, column 2); keep one [config]",
        ], "\(r.lines)")
    }

    /// `[en-US, pt-PT, pt-pt, EN-us]` was taken: lint said a text "lacks pt-PT, pt-pt and
    /// EN-us", json-bundle's manifest listed pt-PT and en-US twice, and android stopped on two
    /// locales of one folder. Tags ignore case: the second of each pair is an error.
    @Test func localesThatDifferOnlyInCaseAreOneLocale() throws {
        let r = try lint("locales: [en-US, pt-PT, pt-pt, EN-us]\n" + Self.content)
        #expect(r.status == 2)
        #expect(r.lines == [
            "larder.yml:1:25: error: locales[2]: pt-pt is the same locale as pt-PT (locales[1]; language tags ignore case); keep one [config]",
            "larder.yml:1:32: error: locales[3]: EN-us is the same locale as en-US (locales[0]; language tags ignore case); keep one [config]",
        ])
    }

    /// A locale in another case than BCP 47 recommends works, but the exports write the
    /// recommended spelling: a warning says which.
    @Test func aLocaleInAnotherCaseIsAWarningWithTheRecommendedSpelling() throws {
        let r = try lint("locales: [en, PT-br]\n" + Self.content)
        #expect(r.status == 0)
        #expect(r.lines.contains("larder.yml:1:15: warning: locales[1]: write PT-br as pt-BR, the case BCP 47 recommends (language lower case, script title case, region upper case) and the one the exports write [config]"), "\(r.lines)")
    }

    /// A locale with a variant written twice passes the config's pattern: lint passed it
    /// (and said nothing of its case), and each export then refused it, at the export. It is
    /// an error at the locale, once. A tag with extension or private-use subtags is a BCP 47
    /// tag, of a shape Larder does not take: said so, not "not a BCP 47 language tag".
    @Test func aRepeatedVariantIsAnErrorAtTheLocale() throws {
        let exports = "exports:\n  - json-bundle: { out: dist/json }\n  - xcstrings: { out: dist/ios/Content.xcstrings }\n"
        for command in [["lint"], ["build"]] {
            let r = try lint("locales: [en, de-de-1901-1901]\n" + Self.content + exports, command: command)
            #expect(r.status == 2, "\(command)")
            // (The content lacks German texts, which lint warns of.)
            #expect(r.lines.filter { $0.hasPrefix("larder.yml") } == [
                "larder.yml:1:15: error: locales[1]: de-de-1901-1901 is not a language tag Larder takes: the variant '1901' is repeated, which BCP 47 does not allow; write it once [config]",
            ], "\(command): \(r.lines)")
        }
        let r = try lint("locales: [en, en-US-u-ca-gregory, sr-Latn-RS-x-y]\n" + Self.content)
        #expect(r.status == 2)
        #expect(r.lines == [
            "larder.yml:1:15: error: locales[1]: 'en-US-u-ca-gregory' is a language tag with extension or private-use subtags (-u-…, -x-…), which Larder does not take; write en-US [config]",
            "larder.yml:1:35: error: locales[2]: 'sr-Latn-RS-x-y' is a language tag with extension or private-use subtags (-u-…, -x-…), which Larder does not take; write sr-Latn-RS [config]",
        ], "\(r.lines)")
    }

    /// Valid BCP 47 tags of shapes Larder does not take, and a subtag too long for any tag,
    /// were all "not a BCP 47 language tag": the message now names the subtag, says why, and
    /// what to write (a private-use tag for pseudo-localization: the `pseudo` option).
    @Test func aLocaleOfAShapeLarderDoesNotTakeNamesTheSubtagAndWhatToWrite() throws {
        let r = try lint("locales: [en, x-pseudo, zh-cmn-Hans, en-abcdefghi, zh-yue]\n" + Self.content)
        #expect(r.status == 2)
        #expect(r.lines == [
            "larder.yml:1:15: error: locales[1]: 'x-pseudo' is a private-use tag (x-…), which Larder does not take: no platform's folder or file names can carry it; for pseudo-localization, give an export the option pseudo: [en-XA, ar-XB] [config]",
            "larder.yml:1:25: error: locales[2]: 'zh-cmn-Hans' has the extended language subtag 'cmn' (RFC 5646), which Larder does not take; write cmn-Hans (the language on its own) or zh-Hans [config]",
            "larder.yml:1:38: error: locales[3]: 'en-abcdefghi' has the subtag 'abcdefghi' of 9 characters, and a subtag has at most 8 (a variant 5 to 8 letters or digits); shorten it, or write en [config]",
            "larder.yml:1:52: error: locales[4]: 'zh-yue' has the extended language subtag 'yue' (RFC 5646), which Larder does not take; write yue (the language on its own) or zh [config]",
        ], "\(r.lines)")
    }

    /// YAML mistakes that libYAML finds while composing or reading (an undefined alias, a
    /// second document, a control character) were at 1:1, with the YAML library's own
    /// description (its line and column, the line and a caret) in the message; and a config
    /// saved as UTF-16 was "control characters are not allowed", its text quoted as garbage.
    @Test func composerAndReaderMistakesAreWhereTheyAre() throws {
        let start = "locales: [en]\n" + Self.content + "rules:\n"
        #expect(try lint(start + "  url: *sev\n").lines.first == "larder.yml:6:8: error: the YAML is not valid: found undefined alias [config]")
        #expect(try lint("locales: [en]\n" + Self.content + "---\nrules: {}\n").lines.first
            == "larder.yml:5:1: error: the YAML is not valid: a second YAML document starts here, and larder.yml is one document: remove this '---' and write what follows among the settings above (each setting once) [config]")
        #expect(try lint(start + "  url: \"a\u{7}b\"\n").lines.first
            == "larder.yml:6:10: error: the YAML is not valid: control characters are not allowed (U+0007) [config]")
        // After a byte order mark and a wide character, the column counts UTF-16 units.
        #expect(try lint("\u{FEFF}" + start + "  url: \"🍝\u{7}b\"\n").lines.first
            == "larder.yml:6:11: error: the YAML is not valid: control characters are not allowed (U+0007) [config]")

        let dir = try Scratch()
        let units = Array(("locales: [en]\n" + Self.content).utf16)
        let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for (name, bytes) in [("UTF-16 little-endian", little), ("UTF-16 big-endian", big)] {
            try Data(bytes).write(to: dir.url.appendingPathComponent("larder.yml"))
            let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
            #expect(r.status == 2)
            #expect(r.stdout == dir.url.path + "/larder.yml:1:1: error: the file is saved as \(name), as its byte order mark says; Larder reads its config as UTF-8: save the file as UTF-8 [config]\n", "\(r.stdout)")
        }
    }

    /// Mistakes that got no hint where their neighbours get one: a misspelt severity (an
    /// unknown rule or setting is told the closest), a rule set to `true` (told only the
    /// severities, not that an object of options is a setting too), a list of one written
    /// as the one item, and `--config` given the project's folder.
    @Test func nearMissesGetAHint() throws {
        let start = "locales: [en]\n" + Self.content
        #expect(try lint(start + "rules:\n  url: { severity: eror }\n").lines.first
            == "larder.yml:6:20: error: rules.url.severity: 'eror' is not one of 'error', 'warning', 'note', 'off'; did you mean 'error'? [config]")
        #expect(try lint(start + "rules:\n  image-exists: Warn\n").lines.first
            == "larder.yml:6:17: error: rules.image-exists: 'Warn' is not one of 'error', 'warning', 'note', 'off'; did you mean 'warning'? [config]")
        #expect(try lint(start + "rules:\n  image-exists: nope\n").lines.first
            == "larder.yml:6:17: error: rules.image-exists: 'nope' is not one of 'error', 'warning', 'note', 'off'; did you mean 'off'? [config]")
        #expect(try lint(start + "rules:\n  unique-id: true\n").lines.first
            == "larder.yml:6:14: error: rules.unique-id: true is not a rule setting: give a severity ('error', 'warning', 'note', 'off') or an object of the rule's options ({severity: warning, …}) [config]")
        #expect(try lint("locales: [en]\ncontent:\n  - kind: recipe\n    include: content/*.json\n").lines.first
            == "larder.yml:4:14: error: content[0].include: expected an array, found a string; write [\"content/*.json\"] for a list of one [config]")
        let dir = try Scratch()
        try dir.write("larder.yml", start)
        let r = try CLI.run(["lint", "--config", ".", "--format", "xcode"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout.contains(".:1:1: error: cannot read the config: it is a directory; give the file, --config ./larder.yml [config]"), "\(r.stdout)")
    }

    /// libYAML's own words for two mistakes said nothing of what to do: a key indented one
    /// space too far ("mapping values are not allowed in this context") and nesting past its
    /// limit ("while parsing that starts at …: Maximum nesting level reached, set with
    /// yaml_set_max_nest_level())").
    @Test func anOverIndentedKeyAndDeepNestingAreSaidInTheConfigsTerms() throws {
        let indented = "locales: [en]\ncontent:\n  - kind: recipe\n     include: [\"content/*.json\"]\n"
        #expect(try lint(indented).lines.first
            == "larder.yml:4:13: error: the YAML is not valid: a ':' here starts a key where none can be: a line indented further than the key above it belongs to that key's value; indent the key as the keys beside it are, or quote a value that holds ': ' [config]")
        let deep = "locales: [en]\n" + Self.content + "rules: " + String(repeating: "[", count: 1100) + String(repeating: "]", count: 1100) + "\n"
        let line = try #require(try lint(deep).lines.first)
        #expect(line.hasPrefix("larder.yml:5:") && line.hasSuffix(": error: the YAML is not valid: lists and mappings are nested here more deeply than the YAML reader allows (1,000 levels); a larder.yml needs a handful [config]"), "\(line)")
    }

    /// A byte that is not UTF-8 (a file saved as Latin-1, a stray byte) is an error at its
    /// place: the config was decoded with replacement characters, and `out: "dist/\xFF"`
    /// built into a folder named `dist/�` without a word.
    @Test func bytesThatAreNotUTF8AreAnErrorWhereTheyAre() throws {
        let dir = try Scratch()
        let head = Array(("locales: [en]\n" + Self.content + "exports:\n  - json-bundle: { out: \"dist/").utf8)
        for (bytes, reason) in [
            ([0xFF, 0xFE] as [UInt8], "byte 0xFF does not start a character (a continuation byte, or one UTF-8 never uses)"),
            ([0xE9, 0x63, 0x61, 0x66], "byte 0xE9 starts a 3-byte character, but byte 2 of it is not a continuation byte (the character is cut short)"),
            ([0xED, 0xA0, 0x80], "the 3 bytes from byte 0xED encode no character (an overlong form, a surrogate, or a value above U+10FFFF)"),
        ] {
            try Data(head + bytes + Array("\" }\n".utf8)).write(to: dir.url.appendingPathComponent("larder.yml"))
            let r = try CLI.run(["build", "--format", "xcode"], in: dir.url)
            #expect(r.status == 2)
            #expect(r.stdout.hasPrefix(dir.url.path + "/larder.yml:6:31: error: invalid UTF-8: \(reason); save the file as UTF-8 [config]\n"), "\(r.stdout)")
            #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist").path))
        }
        // A comment is the file too.
        try Data(Array("# caf".utf8) + [0xE9] + Array("\nlocales: [en]\n".utf8) + Array(Self.content.utf8)).write(to: dir.url.appendingPathComponent("larder.yml"))
        #expect(try CLI.run(["lint", "--format", "xcode"], in: dir.url).stdout.contains("/larder.yml:1:6: error: invalid UTF-8: byte 0xE9 starts a 3-byte character"))
    }
}

/// Where a larder.yml value or key ends (libYAML gives only where it starts): reports give
/// `endColumn` just after the value, and the human format underlines it. Every range was
/// empty (`col=15,…,endColumn=15`).
@Suite struct ConfigRangeTests {
    func ranges(_ yaml: String) throws -> (values: [JSONPointer: SourceRange], keys: [JSONPointer: SourceRange]) {
        let converted = try YAMLToJSON.convert(yaml, locator: SourceLocator(bytes: Array(yaml.utf8)))
        return (converted.values, converted.keys)
    }

    func columns(_ range: SourceRange?) -> [Int] {
        range.map { [$0.start.line, $0.start.column, $0.end.line, $0.end.column] } ?? []
    }

    @Test func valuesAndKeysEndWhereTheirTextEnds() throws {
        let (values, keys) = try ranges("""
            locales: [en, "pt-BR" , 'it''s']   # a comment
            rules:
              no-such-rule: warning  # a comment
              plain: two words
            exports:
              - json-bundle: { out: ../x, pretty: true }
              - "😀x": 1

            """)
        #expect(columns(values["/locales"]) == [1, 10, 1, 33])
        #expect(columns(values["/locales/0"]) == [1, 11, 1, 13])
        #expect(columns(values["/locales/1"]) == [1, 15, 1, 22])
        #expect(columns(values["/locales/2"]) == [1, 25, 1, 32])
        #expect(columns(keys["/rules/no-such-rule"]) == [3, 3, 3, 15])
        #expect(columns(values["/rules/no-such-rule"]) == [3, 17, 3, 24])
        #expect(columns(values["/rules/plain"]) == [4, 10, 4, 19])
        #expect(columns(values["/exports/0/json-bundle"]) == [6, 18, 6, 45])
        #expect(columns(values["/exports/0/json-bundle/out"]) == [6, 25, 6, 29])
        #expect(columns(keys["/exports/1/😀x"]) == [7, 5, 7, 10])
        #expect(columns(values["/exports/1/😀x"]) == [7, 12, 7, 13])
    }

    /// A flow collection's later lines (its `]` was taken into the last item), a tab before
    /// a comment or at the end (taken into the value), an escaped quote inside a flow
    /// collection (it ended the string early).
    @Test func flowLinesTabsAndEscapedQuotes() throws {
        let (values, keys) = try ranges("""
            locales: [en,
              EN]
            rules:
              url: bogus\t# a comment
              quantity: {
                severity: nope}
            other: {a: "x\\"}", b: 1}
            tabbed:\tvalue\t

            """)
        #expect(columns(values["/locales/1"]) == [2, 3, 2, 5])
        #expect(columns(values["/rules/url"]) == [4, 8, 4, 13])
        #expect(columns(keys["/rules/quantity/severity"]) == [6, 5, 6, 13])
        #expect(columns(values["/rules/quantity/severity"]) == [6, 15, 6, 19])
        #expect(columns(values["/other"]) == [7, 8, 7, 25])
        #expect(columns(values["/other/a"]) == [7, 12, 7, 18])
        #expect(columns(values["/tabbed"]) == [8, 9, 8, 14])
    }

    /// A key that is a mapping is named as written (it was a debug dump of the node, with
    /// a memory address).
    @Test func aMappingAsAKeyIsNamedAsWritten() throws {
        let (_, keys) = try ranges("rules:\n  {a: 1}: 6\n")
        #expect(keys.keys.map(\.description).sorted() == ["/rules", "/rules/{a: 1}"])
    }

    /// A double-quoted string in a flow list continued on the next line, its first line
    /// ending in a backslash: finding its end read past the line (a crash).
    @Test func aQuotedStringContinuedInAFlowListIsRead() throws {
        let (values, _) = try ranges("locales: [\"en\", \"fr\\\n  \"]\n")
        #expect(columns(values["/locales"]) == [1, 10, 1, 21])
    }

    /// An alias of a scalar was taken (its mistakes reported at the anchor, under another
    /// key); an alias of a list or mapping was already refused.
    @Test func anAliasOfAScalarIsRefusedAtItsKey() throws {
        #expect(throws: YAMLToJSON.Failure.self) { try ranges("rules:\n  url: &sev warning\n  quantity: *sev\n") }
        do {
            _ = try ranges("rules:\n  url: &sev warning\n  quantity: *sev\n")
        } catch let failure as YAMLToJSON.Failure {
            #expect(failure.message == "YAML aliases are not supported in larder.yml; repeat the value instead")
            #expect(failure.position == SourcePosition(line: 3, column: 3))
        }
    }
}

extension ConfigMistakesTests {
    /// A local tag (`!custom`) was dropped without a word (`url: !custom error` read as
    /// `error`); YAML's own tags and the non-specific `!` still read as YAML reads them.
    @Test func aLocalYAMLTagIsRefusedAtItsValue() throws {
        for (text, line) in [("rules:\n  url: !custom error\n", 2), ("rules: !settings\n  url: error\n", 1), ("locales: [en, !lang fr]\n", 1)] {
            do {
                _ = try ConfigRangeTests().ranges(text)
                Issue.record("\(text) was read")
            } catch let failure as YAMLToJSON.Failure {
                #expect(failure.message.hasPrefix("YAML tags such as '!"), "\(failure.message)")
                #expect(failure.message.hasSuffix("are not supported in larder.yml; write the value without it"))
                #expect(failure.position.line == line, "\(text)")
            }
        }
        let (values, _) = try ConfigRangeTests().ranges("version: !!str 1.0\nname: ! 5\n")
        #expect(values["/version"] != nil && values["/name"] != nil)
        let r = try lint(Self.content + "rules:\n  url: !custom error\n")
        #expect(r.status == 2)
        #expect(r.lines == ["larder.yml:5:8: error: YAML tags such as '!custom' are not supported in larder.yml; write the value without it [config]"], "\(r.lines)")
    }
}

/// Plain scalars as YAML 1.2's core schema reads them, as the rest of larder.yml is read
/// (booleans are `true` and `false` only): options are passed to plugins and steps as
/// written.
@Suite struct ConfigNumberTests {
    func value(_ yaml: String) throws -> JSONValue? {
        try YAMLToJSON.convert("v: \(yaml)\n", locator: SourceLocator(bytes: Array("v: \(yaml)\n".utf8))).value["v"]
    }

    /// `22:00` reached a plugin as 1320 and `9:30` as 570 (YAML 1.1's base 60), `1_000` as
    /// 1000, and a 20-digit number rounded through a Double.
    @Test func onlyYAML12NumbersAreNumbersAndTheyKeepTheirDigits() throws {
        #expect(try value("22:00") == "22:00")
        #expect(try value("9:30") == "9:30")
        #expect(try value("1_000") == "1_000")
        #expect(try value("0b1010") == "0b1010")
        #expect(try value("18446744073709551617")?.numberValue?.literal == "18446744073709551617")
        #expect(try value("30") == 30)
        #expect(try value("-2.5e3")?.numberValue?.literal == "-2.5e3")
        #expect(try value("+1") == 1)
        #expect(try value(".5") == 0.5)
        #expect(try value("007") == 7)
        #expect(try value("0x1F") == 31)
        #expect(try value("0o17") == 15)
        #expect(try value(".inf") == ".inf")
    }
}
