import Foundation
import LarderJSON
import Testing

/// `larder lint` with a larder.yml: config discovery, config mistakes, schemas per kind,
/// paths to report on, --staged, --max-warnings, --strict; and init, schema print, hook.
@Suite struct ProjectLintTests {
    static let config = """
        locales: [en]
        content:
          - kind: recipe
            include: ["content/recipes/**/*.json"]
            images: images
        rules:
          locale-complete: warning
        """

    static let goodRecipe = #"{"id": "caldo-verde", "name": {"en": "Caldo verde"}, "servings": 4, "ingredients": ["4 potatoes"]}"#

    func project() throws -> Scratch {
        let dir = try Scratch()
        try dir.write("larder.yml", Self.config)
        try dir.write("content/recipes/caldo-verde.json", Self.goodRecipe)
        return dir
    }

    @Test func cleanProjectFromASubfolder() throws {
        let dir = try project()
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url.appendingPathComponent("content"))
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "")
    }

    /// A file whose name holds a backslash was said to leave the project.
    @Test func aBackslashInAFileNameIsNamedAsTheReason() throws {
        let dir = try project()
        try dir.write("content/recipes/a\\b.json", Self.goodRecipe)
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains("content/recipes/a\\b.json:1:1: error: cannot read the file: the name holds a backslash, which Windows reads as a folder separator, so Larder does not read it; rename the file [io]"), "\(r.stdout)")
    }

    @Test func schemaErrorsAtTheValue() throws {
        let dir = try project()
        try dir.write("content/recipes/bolo.json", "{\n  \"id\": \"bolo\",\n  \"name\": \"Bolo\",\n  \"servings\": 0,\n  \"ingredeints\": [],\n  \"ingredients\": [\"flour\"]\n}\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        let path = dir.url.appendingPathComponent("content/recipes/bolo.json").path
        #expect(r.stdout.contains("\(path):4:15: error: "), "\(r.stdout)")
        #expect(r.stdout.contains("\(path):5:3: error: "), "\(r.stdout)")
        #expect(r.stdout.contains("[schema]"))
    }

    /// A misspelt field is told the field it meant, and the meant field's "is required" at
    /// the object is left out (two unrelated errors 4 lines apart named no fix). A field the
    /// document has already is not suggested again, and one far from every field gets no
    /// suggestion.
    @Test func aMisspeltFieldIsToldTheFieldItMeant() throws {
        let dir = try project()
        try dir.write("content/recipes/bolo.json", "{\n  \"id\": \"bolo\",\n  \"nmae\": \"Bolo\",\n  \"servings\": 2,\n  \"ingredeints\": [\"flour\"],\n  \"ids\": 1,\n  \"colour\": \"red\"\n}\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").filter { $0.contains("[schema]") }.map { String($0.split(separator: "/").last ?? "") }
        #expect(lines == [
            #"bolo.json:3:3: error: "nmae" is not allowed: did you mean "name" ("name" is required), or "x-nmae" for a field of your own? [schema]"#,
            #"bolo.json:5:3: error: "ingredeints" is not allowed: did you mean "ingredients" ("ingredients" is required), or "x-ingredeints" for a field of your own? [schema]"#,
            #"bolo.json:6:3: error: "ids" is not allowed: remove it, or name it "x-ids" to keep a field of your own [schema]"#,
            #"bolo.json:7:3: error: "colour" is not allowed: remove it, or name it "x-colour" to keep a field of your own [schema]"#,
        ], "\(r.stdout)")
    }

    @Test func configMistakesHaveTheirYAMLLineAndExitTwo() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    includ: [\"*.json\"]\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout.contains("larder.yml:"), "\(r.stdout)")
        #expect(r.stdout.contains("[config]"))
        // The unknown key is on line 4.
        #expect(r.stdout.contains("larder.yml:4:") || r.stdout.contains("larder.yml:3:"), "\(r.stdout)")
        try dir.write("larder.yml", "content: [\n")
        let broken = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(broken.status == 2)
        #expect(broken.stdout.contains("the YAML is not valid"), "\(broken.stdout)")
    }

    /// A content-wide rule's severity is the one the entry of the file it reports on sets:
    /// `unique-id` set to warning, or off, on a second entry of the kind was ignored.
    @Test func contentWideRulesTakeTheSeverityOfTheirFilesEntry() throws {
        let dir = try Scratch()
        let config = "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"c/*.json\"]\n  - kind: recipe\n    include: [\"drafts/*.json\"]\n    rules: { unique-id: SETTING }\n"
        try dir.write("c/a.json", #"{"id": "x", "name": "A", "ingredients": ["1 egg"]}"#)
        try dir.write("drafts/a.json", #"{"id": "x", "name": "B", "ingredients": ["1 egg"]}"#)
        try dir.write("larder.yml", config.replacingOccurrences(of: "SETTING", with: "warning"))
        for arguments in [["lint"], ["lint", "--no-cache"], ["build"]] {
            let r = try CLI.run(arguments + ["--format", "xcode"], in: dir.url)
            #expect(r.status == 0, "\(arguments): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("drafts/a.json:1:8: warning: recipe id 'x' is already used"), "\(arguments): \(r.stdout)")
        }
        try dir.write("larder.yml", config.replacingOccurrences(of: "SETTING", with: "off"))
        let off = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(off.status == 0 && !off.stdout.contains("unique-id"), "\(off.stdout)")
        // Set on the first entry, the rule still reports in its files.
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"drafts/*.json\"]\n    rules: { unique-id: off }\n  - kind: recipe\n    include: [\"c/*.json\"]\n")
        try dir.write("c/b.json", #"{"id": "x", "name": "C", "ingredients": ["1 egg"]}"#)
        let first = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(first.status == 1, "\(first.stdout)")
        #expect(first.stdout.contains("c/b.json:1:8: error: recipe id 'x' is already used"), "\(first.stdout)")
    }

    /// `off` on a content entry turns the rule off for its files whatever the top-level
    /// `rules:` says of it: a top-level severity (or options alone) made the rule run there
    /// with the top-level severity.
    @Test(arguments: ["error", "{ severity: error }", "{ fields: [/name] }"])
    func anEntryTurnsOffARuleTheTopLevelSets(_ top: String) throws {
        let dir = try Scratch()
        try dir.write("content/a.json", #"{"id": "a", "name": {"en": "Tea", "es": "Te"}, "ingredients": [{"en": "1 bag", "es": "1 bolsa"}]}"#)
        try dir.write("drafts/b.json", #"{"id": "b", "name": "Draft", "ingredients": ["1 egg"]}"#)
        let config = "locales: [en, es]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n  - kind: recipe\n    include: [\"drafts/*.json\"]\n"
            + "    rules: { locale-complete: off }\nrules:\n  locale-complete: \(top)\n"
        try dir.write("larder.yml", config)
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stdout)\(r.stderr)")
        // The other entry's files still take the top-level setting.
        try dir.write("content/c.json", #"{"id": "c", "name": "Plain", "ingredients": [{"en": "1 bag", "es": "1 bolsa"}]}"#)
        let other = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(other.stdout.contains("content/c.json:1:21: \(top.contains("error") ? "error" : "warning"): name is a plain string"), "\(other.stdout)")
        #expect(!other.stdout.contains("drafts/"), "\(other.stdout)")
    }

    /// A byte-order mark before larder.yml is not YAML (it broke the file at line 2), and a
    /// key written twice is reported at its place (it was at 1:1, with the whole file quoted).
    @Test func yamlWithAByteOrderMarkAndRepeatedKeys() throws {
        let dir = try project()
        try dir.write("larder.yml", "\u{FEFF}" + Self.config)
        let clean = try CLI.run(["lint"], in: dir.url)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        try dir.write("larder.yml", Self.config + "\n  url: error\n  locale-complete: error\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout.contains("larder.yml:9:3: error: the YAML is not valid: the key 'locale-complete' appears more than once in one mapping (first at line 7, column 3); keep one [config]"), "\(r.stdout)")
    }

    /// A key written twice is reported at the repeat, with a note at the first and a range
    /// over the key, as a content file's is: it was at the first, with an empty range, and
    /// the repeat, which may be far down a long file, was named nowhere.
    @Test func aRepeatedYAMLKeyIsReportedAtTheRepeat() throws {
        let dir = try project()
        let cases: [(String, String, [String])] = [
            ("locales: [en]\nlocales: [en, es]\n" + Self.config.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n",
             "2:1-2:8", ["1:1"]),
            (Self.config + "\n  url: {severity: error, \"severity\": warning}\n", "8:26-8:36", ["8:9"]),
            (Self.config + "\n  url: error\n  # a comment\n\n  'url': warning\n", "11:3-11:8", ["8:3"]),
            // Not in a quoted value, nor in a mapping inside the one that repeats the key.
            ("locales: \"x, locales: y\"\nlocales: [en]\n" + Self.config.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n",
             "2:1-2:8", ["1:1"]),
            (Self.config + "\n  url: {severity: {severity: 1}, note: 2, severity: error}\n", "8:43-8:51", ["8:9"]),
        ]
        for (config, range, notes) in cases {
            try dir.write("larder.yml", config)
            let r = try CLI.run(["lint", "--format", "json"], in: dir.url)
            #expect(r.status == 2, "\(config)")
            let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let d = (report?["diagnostics"] as? [[String: Any]])?.first
            let got = "\(d?["line"] ?? 0):\(d?["column"] ?? 0)-\(d?["endLine"] ?? 0):\(d?["endColumn"] ?? 0)"
            #expect(got == range, "\(config)\n\(r.stdout)")
            let related = (d?["related"] as? [[String: Any]])?.map { "\($0["line"] ?? 0):\($0["column"] ?? 0)" }
            #expect(related == notes, "\(r.stdout)")
        }
    }

    /// A key of more than 1024 characters gave "could not find expected ':'", with the ':'
    /// right there: YAML's limit for a simple key is named, with the way around it.
    @Test func aYAMLKeyTooLongForASimpleKeyIsNamed() throws {
        let dir = try project()
        try dir.write("larder.yml", Self.config + "\n  " + String(repeating: "k", count: 1100) + ": error\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout.contains("could not find expected ':' (a key of more than 1024 characters, quoted or not, must be written as an explicit key: `? key` on one line, `: value` on the next) [config]"), "\(r.stdout)")
    }

    /// An alias in larder.yml is an error at its place, at once: Yams resolves aliases, so
    /// nine lines of aliases of aliases ("billion laughs") were walked as a thousand million
    /// values, for minutes, until the process died.
    @Test func yamlAliasesAreRefusedBeforeTheyExpand() throws {
        let dir = try project()
        var lines = [Self.config, #"a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]"#]
        for i in 1..<10 { lines.append("a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 9).joined(separator: ", ") + "]") }
        try dir.write("larder.yml", lines.joined(separator: "\n") + "\n")
        let started = Date()
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        // At the first list that repeats another (a1, two lines after the config).
        let a1 = Self.config.split(separator: "\n", omittingEmptySubsequences: false).count + 2
        #expect(r.stdout.contains("larder.yml:\(a1):5: error: YAML aliases are not supported in larder.yml; repeat the value instead [config]"), "\(r.stdout)")
        // A single alias of a list, harmless in size, is refused at the key it is given to.
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: &all [\"content/recipes/**/*.json\"]\n  - kind: recipe\n    include: *all\n")
        let single = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(single.status == 2)
        #expect(single.stdout.contains("larder.yml:6:5: error: YAML aliases are not supported"), "\(single.stdout)")
    }

    /// An integer too large for 64 bits is still a number: `timeout: 99999999999999999999`
    /// was reported as "expected a number, found a string".
    @Test func aHugeIntegerIsANumber() throws {
        let dir = try project()
        try dir.write("larder.yml", Self.config + "\nplugins:\n  - id: p\n    stage: lint\n    command: [\"./p.sh\"]\n    timeout: 99999999999999999999\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(!r.stdout.contains("found a string"), "\(r.stdout)")
        #expect(r.stdout.contains("'./p.sh' does not exist"), "\(r.stdout)")
    }

    /// A timeout too short for any plugin to start in is a config error at its value, as
    /// 0 and -1 are: `1e-400` (which a Double holds as 0) and `1e-9` were read as no time
    /// at all, and the plugin was stopped as it started.
    @Test func aTimeoutTooShortToKeepIsAConfigError() throws {
        let dir = try project()
        let plugins = [("p", "1e-400"), ("q", "0.0000000001"), ("r", "0.001"), ("s", "0")].map { id, timeout in
            "  - id: \(id)\n    stage: lint\n    command: [\"./p.sh\"]\n    timeout: \(timeout)\n"
        }.joined()
        try dir.write("larder.yml", Self.config + "\nplugins:\n" + plugins)
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 2, "\(r.stdout)")
        #expect(r.stdout.contains("larder.yml:12:14: error: plugins[0].timeout: 1e-400 is less than the minimum 0.001 [config]"), "\(r.stdout)")
        #expect(r.stdout.contains("larder.yml:16:14: error: plugins[1].timeout: 0.0000000001 is less than the minimum 0.001 [config]"), "\(r.stdout)")
        #expect(!r.stdout.contains("plugins[2]"), "\(r.stdout)")
        #expect(r.stdout.contains("larder.yml:24:14: error: plugins[3].timeout: 0 is less than the minimum 0.001 [config]"), "\(r.stdout)")
    }

    /// An include pattern listed twice in one entry is a config warning at the second, naming
    /// the first: it takes in nothing the first does not (it went without a word), and is
    /// most likely a pattern meant to be another.
    @Test func anIncludeListedTwiceIsAWarning() throws {
        let dir = try project()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/recipes/**/*.json", "content/{recipes,more}/*.json", "content/recipes/**/*.json", "content/{more,recipes}/*.json"]
                exclude: ["content/recipes/old.json", "content/recipes/old.json"]
            """)
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("larder.yml:4:77: warning: content[0].include[2]: 'content/recipes/**/*.json' is listed twice (include[0]); keep one [config]"), "\(r.stdout)")
        #expect(r.stdout.contains("larder.yml:4:106: warning: content[0].include[3]: 'content/{more,recipes}/*.json' takes in the same files as 'content/{recipes,more}/*.json' (include[1]); keep one [config]"), "\(r.stdout)")
        #expect(r.stdout.contains("larder.yml:5:43: warning: content[0].exclude[1]: 'content/recipes/old.json' is listed twice (exclude[0]); keep one [config]"), "\(r.stdout)")
        #expect(!r.stdout.contains("include[0]:") && !r.stdout.contains("include[1]:"), "\(r.stdout)")
        // With --strict the warning counts, as a config error.
        #expect(try CLI.run(["lint", "--strict"], in: dir.url).status == 2)
    }

    /// A pattern that differs from the project's folders only in case (`Content/Recipes/*.json`
    /// for content/recipes/, which `ls` finds on macOS) says so, naming a file it would take:
    /// it said only "fix the pattern", which looks fixed already.
    @Test func anIncludeInTheWrongCaseSaysSo() throws {
        let dir = try project()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"Content/Recipes/*.json\"]\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0, "\(r.stdout)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.contains("include[0]") }, "\(r.stdout)")
        #expect(line.contains("'Content/Recipes/*.json' takes in no file, so it checks no recipe content; it would take 'content/recipes/"), "\(line)")
        #expect(line.contains("but for case"), "\(line)")
    }

    /// A glob that takes in no file is a warning at its place (it said "No problems in 0
    /// files" and exited 0); one whose syntax is broken is a config error.
    @Test func includeGlobsThatTakeInNothingAreReported() throws {
        let dir = try project()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/recipes/*.jsn\", \"content/recipes\", \"content/recipes/*.json\"]\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("larder.yml:4:15: warning: content[0].include[0]: 'content/recipes/*.jsn' takes in no file, so it checks no recipe content; fix the pattern"), "\(r.stdout)")
        #expect(r.stdout.contains("larder.yml:4:40: warning: content[0].include[1]: 'content/recipes' takes in no file, so it checks no recipe content; it names a folder: write 'content/recipes/**/*.json'"), "\(r.stdout)")
        #expect(!r.stdout.contains("include[2]"), "\(r.stdout)")
        // With --strict the warning counts, as a config error.
        #expect(try CLI.run(["lint", "--strict"], in: dir.url).status == 2)
        // A project whose include takes in nothing yet: the warning is in larder.yml, one
        // file checked (it said "1 warning in 0 files").
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"nothing/*.json\"]\n")
        #expect(try CLI.run(["lint"], in: dir.url).stdout.hasSuffix("1 warning in 1 file\n"))

        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/[*.json\"]\n    exclude: [\"{a,b\"]\n")
        let broken = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(broken.status == 2)
        #expect(broken.stdout.contains("larder.yml:4:15: error: content[0].include[0]: the glob 'content/[*.json' is not valid: the '[' of a character class is never closed with ']' [config]"), "\(broken.stdout)")
        #expect(broken.stdout.contains("larder.yml:5:15: error: content[0].exclude[0]: the glob '{a,b' is not valid"), "\(broken.stdout)")
    }

    /// The steps of `transforms:` and `exports:` are checked by lint and build alike, at
    /// their place: lint said "No problems" and build stopped at the first, with no place.
    /// An option's mistake is at the option (its key when the key is the mistake).
    @Test func stepMistakesAreConfigErrorsWhereTheyAre() throws {
        let dir = try project()
        try dir.write("larder.yml", Self.config + """

            transforms:
              - scale: { servingz: 4 }
            exports:
              - json-bundle: { outt: dist/x }
              - jsonn
              - gettext: { out: 5 }
              - xcstrings: { fallback: loud }
            """)
        for command in [["lint"], ["build"]] {
            let r = try CLI.run(command + ["--format", "xcode"], in: dir.url)
            #expect(r.status == 2, "\(command): \(r.stdout)\(r.stderr)")
            for expected in [
                "larder.yml:9:14: error: transforms[0]: scale: unknown option 'servingz'",
                "larder.yml:11:20: error: exports[0]: json-bundle: unknown option 'outt'; known options: ",
                "larder.yml:12:5: error: exports[1]: unknown exporter 'jsonn'; the exporters are android, gettext, i18next, images, json-bundle, jsonld, strings, xcstrings [config]",
                "larder.yml:13:21: error: exports[2]: 'out' must be a path (text), not 5 [config]",
                "larder.yml:14:28: error: exports[3]: xcstrings: option 'fallback' is 'loud'; expected one of warning, note, error, off [config]",
            ] {
                #expect(r.stdout.contains(expected), "\(command): \(expected)\n\(r.stdout)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist").path))
    }

    /// Settings that break one of the config schema's patterns or conditions are told in
    /// words: the messages quoted the schema's regular expressions ("does not match the
    /// pattern ^([^/\\.:]…") and its conditions ("an object must not match the schema in
    /// \"not\"").
    @Test func configMistakesAreToldInWordsNotSchemaPatterns() throws {
        let dir = try project()
        try dir.write("larder.yml", """
            locales: [en, pt_BR, "ca_ES@valencia", "pt_BR.UTF-8"]
            content:
              - kind: recipe
                schema: my-recipe.json
                include: ["../recipes/*.json", "/abs/*.json", "content//x.json", "c:/x.json", ""]
              - kind: drink
                include: ["drinks/*.json"]
            rules:
              Image-Exists: error
            transforms:
              - Scale
            """)
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        for expected in [
            "larder.yml:1:15: error: locales[1]: 'pt_BR' is not a BCP 47 language tag (like en, pt-BR, zh-Hant-TW, es-419); write pt-BR [config]",
            "larder.yml:4:13: error: content[0].schema: recipe has its built-in schema, so \"schema\" is for kinds of your own; remove it, or give the kind a name of your own (its schema may $ref the built-in one) [config]",
            "larder.yml:5:15: error: content[0].include[0]: '../recipes/*.json' is not a path relative to the project folder: a .. segment leaves the project folder [config]",
            "larder.yml:5:36: error: content[0].include[1]: '/abs/*.json' is not a path relative to the project folder: it starts with / [config]",
            "larder.yml:5:51: error: content[0].include[2]: 'content//x.json' is not a path relative to the project folder: it has an empty segment (//) [config]",
            "larder.yml:5:70: error: content[0].include[3]: 'c:/x.json' is not a path relative to the project folder: it has a : [config]",
            "larder.yml:5:83: error: content[0].include[4]: '' is not a path relative to the project folder: it is empty [config]",
            "larder.yml:1:22: error: locales[2]: 'ca_ES@valencia' is not a BCP 47 language tag (like en, pt-BR, zh-Hant-TW, es-419); write ca-ES-valencia [config]",
            "larder.yml:1:40: error: locales[3]: 'pt_BR.UTF-8' is not a BCP 47 language tag (like en, pt-BR, zh-Hant-TW, es-419) [config]",
            "larder.yml:6:5: error: content[1]: 'drink' is not a built-in kind (recipe, location, product, taxonomy), so it needs a \"schema\": the JSON Schema file its documents must satisfy [config]",
            "larder.yml:9:3: error: rules.Image-Exists: 'Image-Exists' is not a rule id: rule ids are lower case; write image-exists [config]",
            "larder.yml:11:5: error: transforms[0]: 'Scale' is not a transform or exporter id: ids are lower case; write scale [config]",
        ] {
            #expect(lines.contains { $0.hasSuffix("/" + expected) }, "\(expected)\n\(r.stdout)")
        }
        #expect(!r.stdout.contains("pattern"), "\(r.stdout)")
        #expect(!r.stdout.contains("\"not\""), "\(r.stdout)")
    }

    /// A rule or step id right but for case is told its lower-case form (it was told that
    /// ids are kebab case, which `Unique-Id` looks like); one that is not kebab case in any
    /// case is still told so.
    @Test func anIDInTheWrongCaseIsToldItsLowerCase() throws {
        let dir = try project()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/recipes/*.json\"]\nrules:\n  Unique-Id: error\n  ACME/No-Spam: warning\n  Image_Exists: error\nexports:\n  - JSON-Bundle: { out: dist/json }\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 2, "\(r.stdout)")
        #expect(r.stdout.contains("rules.Unique-Id: 'Unique-Id' is not a rule id: rule ids are lower case; write unique-id [config]"), "\(r.stdout)")
        #expect(r.stdout.contains("rules.ACME/No-Spam: 'ACME/No-Spam' is not a rule id: rule ids are lower case; write acme/no-spam [config]"), "\(r.stdout)")
        #expect(r.stdout.contains("rules.Image_Exists: 'Image_Exists' is not a rule id: rule ids are kebab case (image-exists)"), "\(r.stdout)")
        #expect(r.stdout.contains("exports[0].JSON-Bundle: 'JSON-Bundle' is not a transform or exporter id: ids are lower case; write json-bundle [config]"), "\(r.stdout)")
    }

    /// A misspelt built-in kind is told the kind it is closest to, at the kind (it was told
    /// only to write a schema), and a `schema:` path that names no file is quoted with the
    /// file of a close name in its folder (it said only "No such file or directory").
    @Test func aMisspeltKindOrSchemaPathIsToldTheClosestOne() throws {
        let dir = try Scratch()
        try dir.write("content/r.json", #"[{"id": "a", "name": "A"}]"#)
        try dir.write("schemas/achievement.schema.json", #"{"type": "array"}"#)
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipes
                include: ["content/*.json"]
              - kind: achievement
                include: ["content/*.json"]
                schema: schemas/achievment.schema.json
              - kind: badge
                include: ["content/*.json"]
                schema: schemas/badges.json
            """)
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        for expected in [
            "larder.yml:3:11: error: content[0].kind: 'recipes' is not a built-in kind (recipe, location, product, taxonomy); did you mean 'recipe'? A kind of your own needs a \"schema\": the JSON Schema file its documents must satisfy [config]",
            "larder.yml:7:13: error: cannot read the schema of 'achievement' (schemas/achievment.schema.json): No such file or directory; did you mean 'schemas/achievement.schema.json'? [config]",
            "larder.yml:10:13: error: cannot read the schema of 'badge' (schemas/badges.json): No such file or directory [config]",
        ] {
            #expect(r.stdout.split(separator: "\n").contains { $0.hasSuffix("/" + expected) }, "\(expected)\n\(r.stdout)")
        }
    }

    /// A fraction written with the fraction slash U+2044 (`1⁄2`, as autocorrect and recipe
    /// sites write it) is an amount: the schema refused it while `quantity` and `larder
    /// scale` read it.
    @Test func fractionsWithTheFractionSlashAreAmounts() throws {
        let dir = try Scratch()
        try dir.write("content/r.json", #"""
            [{"id": "cake", "name": "Cake", "servings": 2,
              "ingredients": [{"name": "Sugar", "quantity": "1⁄2", "unit": "cup"}, {"name": "Flour", "quantity": "2 3⁄4", "unit": "cup"},
                              {"name": "Milk", "quantity": "1⁄2-3⁄4", "unit": "cup"}], "steps": ["Bake."]}]
            """#)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n")
        let r = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(r.status == 0, "\(r.stdout)")
        try dir.write("content/r.json", #"[{"id": "cake", "name": "Cake", "servings": 2, "ingredients": [{"name": "Sugar", "quantity": "1⁄⁄2", "unit": "cup"}], "steps": ["Bake."]}]"#)
        #expect(try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url).status == 1)
    }

    /// Content that breaks a pattern of the built-in schemas is told what the value should
    /// be, not the schema's regular expression (the amount's ran to 300 characters).
    @Test func contentThatBreaksABuiltInPatternIsToldInWords() throws {
        let dir = try Scratch()
        try dir.write("content/r.json", #"""
            [{"id": "first_cook", "name": {"en": "A", "pt_BR": "A"}, "servings": 2,
              "ingredients": [{"name": "lime", "quantity": "1 and a half", "unit": "Cup!"}], "tags": ["Citrus"]}]
            """#)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nrules:\n  unknown-unit: \"off\"\n")
        let r = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        for expected in [
            #"content/r.json:1:43: error: "pt_BR" is not a BCP 47 language tag (like en, pt-BR, zh-Hant-TW, es-419); write pt-BR [schema]"#,
            #"content/r.json:2:48: error: "quantity": "1 and a half" is not an amount: a number (1.5 or 1,5), a fraction (1/2, 1 1/2, ½), or a range of two (2-3, 1 to 2) [schema]"#,
            #"content/r.json:2:72: error: "unit": "Cup!" is not a unit key: keys are written in letters without accents, digits, µ, °, spaces, . and -, starting with a letter (g, ml, cup, piece, xicara) [schema]"#,
            #"content/r.json:2:91: error: "tags"[0]: "Citrus" is not a tag: a lower-case key, with a language prefix or without (citrus, en:citrus) [schema]"#,
            #"content/r.json:1:9: error: "id": "first_cook" is not a key Larder takes: lower-case letters a-z, digits and -, starting with a letter or digit, such as old-fashioned; write - between words [schema]"#,
        ] {
            #expect(lines.contains { $0.hasSuffix("/" + expected) }, "\(expected)\n\(r.stdout)")
        }
        #expect(!r.stdout.contains("pattern"), "\(r.stdout)")
    }

    /// An entry's own `schema:` setting is its documents' severity, as for every other rule:
    /// the top-level one was applied to every entry.
    @Test func theSchemaRuleTakesTheSeverityOfTheFilesEntry() throws {
        let dir = try Scratch()
        try dir.write("drafts/d.json", #"{"id": "d", "name": 5, "servings": 2, "ingredients": ["1 egg"]}"#)
        try dir.write("content/r.json", #"{"id": "r", "name": 5, "servings": 2, "ingredients": ["1 egg"]}"#)
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
                rules: { schema: error }
              - kind: recipe
                include: ["drafts/*.json"]
                rules: { schema: warning }
            rules:
              schema: note

            """)
        let r = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(r.status == 1, "\(r.stdout)")
        #expect(r.stdout.contains("content/r.json:1:21: error: \"name\": expected a string or an object, found a number [schema]"), "\(r.stdout)")
        #expect(r.stdout.contains("drafts/d.json:1:21: warning: \"name\": expected a string or an object, found a number [schema]"), "\(r.stdout)")
    }

    /// A message that names another place in the project names it as the report names
    /// files: from a subfolder, "already used by the recipe at a.json:1:9", where it said
    /// content/a.json while the report's own paths were relative to the subfolder.
    @Test func placesInMessagesAreNamedAsTheReportNamesFiles() throws {
        let dir = try Scratch()
        try dir.write("content/a.json", #"[{"id": "a", "name": "A", "servings": 1, "ingredients": ["1 egg"]}]"#)
        try dir.write("content/b.json", #"[{"id": "a", "name": "A", "servings": 1, "ingredients": ["1 egg"]}]"#)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n")
        let r = try CLI.run(["lint", "--no-cache", "b.json"], in: dir.url.appendingPathComponent("content"))
        #expect(r.stdout.contains("b.json:1:9: error: recipe id 'a' is already used by the recipe at a.json:1:9;"), "\(r.stdout)")
    }

    /// A negative --max-warnings failed every run, a clean one too ("0 warnings, more than
    /// --max-warnings -1"): it is a usage error.
    @Test func aNegativeMaxWarningsIsAUsageError() throws {
        let dir = try project()
        // With `=` and as the next argument: that one was taken for an option, and the
        // value said to be missing.
        for arguments in [["--max-warnings=-1"], ["--max-warnings", "-1"]] {
            let r = try CLI.run(["lint"] + arguments, in: dir.url)
            #expect(r.status == 2, "\(arguments): \(r.stdout)\(r.stderr)")
            #expect(r.stderr.contains("--max-warnings must be 0 or more (it was -1)"), "\(arguments): \(r.stderr)")
        }
        let ok = try CLI.run(["lint", "--max-warnings", "0", "--strict"], in: dir.url)
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
    }

    @Test func unknownRulesAndOptionsInTheConfigAreReportedWhereTheyAre() throws {
        let dir = try project()
        try dir.write("larder.yml", Self.config + "\n  image-exist: error\n  near-duplicate-location: { meterz: 10 }\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        // Each at its key: the rule id, the option's name.
        #expect(r.stdout.contains("larder.yml:8:3: error: unknown rule 'image-exist'; did you mean 'image-exists'? [config]"), "\(r.stdout)")
        #expect(r.stdout.contains("larder.yml:9:30: error: option 'meterz' of rule 'near-duplicate-location' is unknown; did you mean 'meters'? [config]"), "\(r.stdout)")
        #expect(r.status == 2)
    }

    @Test func offInYAMLTurnsARuleOff() throws {
        // YAML 1.1 reads a bare `off` as false; larder.yml keeps it as the word.
        let dir = try project()
        try dir.write("larder.yml", Self.config + "\n  unknown-unit: off\n  url: no\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        // `no` is no severity, and not short for `note`.
        #expect(r.stdout.contains("larder.yml:9:8: error: rules.url: 'no' is not one of 'error', 'warning', 'note', 'off'; did you mean 'off'? [config]"), "\(r.stdout)")
        #expect(!r.stdout.contains("larder.yml:8:"), "\(r.stdout)")  // `off` is accepted
    }

    @Test func pathsLimitWhatIsReported() throws {
        let dir = try project()
        try dir.write("content/recipes/bad.json", #"{"id": "bad", "name": "", "servings": 2, "ingredients": ["1 egg"]}"#)
        let onlyGood = try CLI.run(["lint", "content/recipes/caldo-verde.json", "--format", "xcode"], in: dir.url)
        #expect(onlyGood.status == 0, "\(onlyGood.stdout)")
        let onlyBad = try CLI.run(["lint", "content/recipes/bad.json", "--format", "xcode"], in: dir.url)
        #expect(onlyBad.status == 1)
        // A file the config does not include is not content: nothing to report.
        try dir.write("package.json", "{]")
        #expect(try CLI.run(["lint", "package.json"], in: dir.url).status == 0)
        let outside = try CLI.run(["lint", "/tmp"], in: dir.url)
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("outside the project"))
    }

    /// A path given that no content entry includes was not checked, and the run says so on
    /// standard error, naming it and the include patterns: it said "No problems in 0 files"
    /// and nothing else, so a person who named a broken file was told it was clean. It does
    /// not fail the run (a hook may be handed a staged README), even with --strict or
    /// --max-warnings 0, and a machine-readable report stays whole.
    @Test func pathsThatAreNotContentAreSaidNotToBeChecked() throws {
        let dir = try project()
        try dir.write("mistakes/bad.json", #"{"id": "bad", "name": "", "servings": -2, "ingredients": []}"#)
        try dir.write("README.md", "# Recipes\n")
        let notContent = "mistakes/bad.json was not checked: no content entry of larder.yml includes it (include: content/recipes/**/*.json)"
        let one = try CLI.run(["lint", "mistakes/bad.json", "--color", "never"], in: dir.url)
        #expect(one.status == 0, "\(one.stdout)\(one.stderr)")
        #expect(one.stderr == "larder: \(notContent)\n", "\(one.stderr)")
        #expect(one.stdout == "No problems in 0 files\n", "\(one.stdout)")
        let strict = try CLI.run(["lint", "README.md", "--strict", "--max-warnings", "0"], in: dir.url)
        #expect(strict.status == 0, "\(strict.stdout)\(strict.stderr)")
        #expect(strict.stderr.contains("larder: README.md was not checked: no content entry"), "\(strict.stderr)")
        // Beside a content file: that one is checked and counted, the other named.
        let json = try CLI.run(["lint", "content/recipes/caldo-verde.json", "mistakes/bad.json", "--format", "json"], in: dir.url)
        #expect(json.status == 0)
        let report = try JSONDocument(parsing: json.stdout)
        #expect(report.value(report.node(at: "/summary/files")!) == 1)
        #expect(json.stderr == "larder: \(notContent)\n", "\(json.stderr)")
        // A folder that holds no content; the config, which every run checks, counts.
        let folder = try CLI.run(["lint", "mistakes", "larder.yml", "--color", "never"], in: dir.url)
        #expect(folder.stderr == "larder: mistakes was not checked: it holds no file that a content entry of larder.yml includes (include: content/recipes/**/*.json)\n", "\(folder.stderr)")
        #expect(folder.stdout == "No problems in 1 file\n", "\(folder.stdout)")
        // From a subfolder, the path as given, the config as reports name files above.
        let sub = try CLI.run(["lint", "bad.json"], in: dir.url.appendingPathComponent("mistakes"))
        #expect(sub.stderr.hasPrefix("larder: bad.json was not checked: no content entry of /"), "\(sub.stderr)")
        #expect(sub.stderr.contains("/larder.yml includes it (include: content/recipes/**/*.json)"), "\(sub.stderr)")
        // Excluded files are named with the exclude pattern; many paths are cut after ten.
        try dir.write("larder.yml", Self.config + "\nexclude: [\"content/recipes/drafts/**\"]\n")
        try dir.write("content/recipes/drafts/x.json", "{]")
        let excluded = try CLI.run(["lint", "content/recipes/drafts/x.json"], in: dir.url)
        #expect(excluded.status == 0)
        #expect(excluded.stderr.contains("content/recipes/drafts/x.json was not checked: larder.yml excludes it from its content (exclude: content/recipes/drafts/**)"), "\(excluded.stderr)")
        for i in 1...12 { try dir.write("notes/\(i).txt", "") }
        let many = try CLI.run(["lint"] + (1...12).map { "notes/\($0).txt" }, in: dir.url)
        let lines = many.stderr.split(separator: "\n")
        #expect(lines.count == 11, "\(many.stderr)")
        #expect(lines.last == "larder: and 2 more paths given are not content of larder.yml, so not checked", "\(many.stderr)")
    }

    /// With --staged, a content file that the index does not hold is named as not staged.
    @Test func stagedPathsThatAreNotStagedAreSaidNotToBeChecked() throws {
        let dir = try project()
        try dir.write("README.md", "# Recipes\n")
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        try dir.write("content/recipes/new.json", "{]")
        let r = try CLI.run(["lint", "--staged", "content/recipes/new.json", "README.md", "content/recipes/caldo-verde.json", "--color", "never"], in: dir.url)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "No problems in 1 file\n", "\(r.stdout)")
        #expect(r.stderr == """
            larder: content/recipes/new.json was not checked: it is content of larder.yml, but not staged (git's index does not hold it)
            larder: README.md was not checked: no content entry of larder.yml includes it (include: content/recipes/**/*.json)

            """, "\(r.stderr)")
    }

    /// A path is placed in the project by where it leads: the project opened through a
    /// symbolic link, or a file reached through a linked folder inside it, is reported on;
    /// a file that is (or leads) outside is a one-line usage error naming it and the project.
    @Test func pathsThroughSymbolicLinksAndOutsideTheProject() throws {
        let dir = try Scratch()
        let fm = FileManager.default
        let real = dir.url.appendingPathComponent("real")
        try dir.write("real/larder.yml", Self.config)
        try dir.write("real/content/recipes/bad.json", #"{"id": "bad", "name": "", "servings": 2, "ingredients": ["1 egg"]}"#)
        try dir.write("other/x.json", "{}")
        let link = dir.url.appendingPathComponent("link")
        try fm.createSymbolicLink(at: link, withDestinationURL: real)
        try fm.createSymbolicLink(at: real.appendingPathComponent("alias"), withDestinationURL: real.appendingPathComponent("content/recipes"))
        try fm.createSymbolicLink(at: real.appendingPathComponent("ext"), withDestinationURL: dir.url.appendingPathComponent("other"))

        // The file named through the linked project folder, from the project itself.
        let throughLink = try CLI.run(["lint", link.path + "/content/recipes/bad.json", "--format", "xcode"], in: real)
        #expect(throughLink.status == 1, "\(throughLink.stdout)\(throughLink.stderr)")
        #expect(throughLink.stdout.contains("bad.json:1:"), "\(throughLink.stdout)")
        // The config named through the link, the file through the real folder.
        let configThroughLink = try CLI.run(["lint", "--config", "link/larder.yml", "real/content/recipes/bad.json", "--format", "xcode"], in: dir.url)
        #expect(configThroughLink.status == 1, "\(configThroughLink.stdout)\(configThroughLink.stderr)")
        #expect(configThroughLink.stdout.contains("bad.json:1:"), "\(configThroughLink.stdout)")
        // A linked folder inside the project that leads to content: the file is reported on.
        let alias = try CLI.run(["lint", "alias/bad.json", "--format", "xcode"], in: real)
        #expect(alias.status == 1, "\(alias.stdout)\(alias.stderr)")
        #expect(alias.stdout.contains("bad.json:1:"), "\(alias.stdout)")
        let aliasFolder = try CLI.run(["lint", "alias", "--format", "json"], in: real)
        #expect(aliasFolder.status == 1, "\(aliasFolder.stdout)\(aliasFolder.stderr)")

        // A file outside: one line naming the file as given and the project's folder.
        let outsidePath = dir.url.appendingPathComponent("other/x.json").path
        let outside = try CLI.run(["lint", outsidePath], in: real)
        #expect(outside.status == 2)
        let message = outside.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!message.contains("\n"), "\(message)")
        #expect(message.contains("\(outsidePath) is outside the project"), "\(message)")
        #expect(message.contains("/real (the folder of larder.yml)"), "\(message)")
        // A linked folder inside the project that leads out: named, with where it leads.
        let leadsOut = try CLI.run(["lint", "ext/x.json"], in: real)
        #expect(leadsOut.status == 2)
        #expect(leadsOut.stderr.contains("ext/x.json leads to "), "\(leadsOut.stderr)")
        #expect(leadsOut.stderr.contains("/other/x.json, outside the project"), "\(leadsOut.stderr)")
    }

    /// A content file that is a symbolic link (`content/ext.json -> ../shared/ext.json`) was
    /// skipped by a whole-project lint without a word, and named alone it was said not to
    /// match the include pattern it matches. Links are not read (they may lead outside the
    /// project, and git keeps the link, not the file): every run says so, at the include
    /// that takes the link in, and a link named alone is told apart with where it leads.
    @Test func symbolicLinksToContentAreToldOf() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n")
        try dir.write("content/a.json", Self.goodRecipe)
        try dir.write("shared/ext.json", #"{"id": "ext", "name": "", "ingredients": ["1 egg"]}"#)
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("content/ext.json").path, withDestinationPath: "../shared/ext.json")
        let warning = "larder.yml:4:15: warning: content[0].include[0]: 'content/*.json' takes in content/ext.json, a symbolic link to ../shared/ext.json, which Larder does not read (a link may lead outside the project, and git keeps the link, not the file), so its file is not checked; include the file it leads to (shared/ext.json), or put the file itself in the link's place [config]"
        let whole = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        #expect(whole.stdout.contains(warning), "\(whole.stdout)")
        let one = try CLI.run(["lint", "--format", "xcode", "content/ext.json"], in: dir.url)
        #expect(one.stderr == "larder: content/ext.json was not checked: it is a symbolic link to ../shared/ext.json (shared/ext.json); Larder does not read links (a link may lead outside the project, and git keeps the link, not the file), and shared/ext.json is not content: no content entry of larder.yml includes it (include: content/*.json); include that file, or put the file itself in the link's place\n", "\(one.stderr)")
        // The index holds the link, not the file: --staged reads it no more than the
        // working tree does (it followed the link, wherever it led).
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        let staged = try CLI.run(["lint", "--staged", "--format", "xcode"], in: dir.url)
        #expect(staged.status == 0, "\(staged.stdout)\(staged.stderr)")
        #expect(staged.stdout.contains(warning), "\(staged.stdout)")
        // Included, the file it leads to is checked, and the warning does not ask to
        // include it.
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\", \"shared/*.json\"]\n")
        let included = try CLI.run(["lint", "--format", "xcode", "content/ext.json"], in: dir.url)
        #expect(included.status == 1, "\(included.stdout)\(included.stderr)")
        #expect(included.stdout.contains("shared/ext.json:1:"), "\(included.stdout)")
        #expect(included.stdout.contains("so its file is not checked; the file it leads to (shared/ext.json) is content, and is checked as itself [config]"), "\(included.stdout)")
    }

    /// A pattern that names a link to a file (`include: ["content/ext.json"]`) got the
    /// warning that names the link and, at the same pattern, a second one saying it "takes
    /// in no file" and to "fix the pattern", which the pattern was right not to need.
    @Test func aPatternThatTakesInOnlyALinkIsToldOfOnce() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/a.json\", \"content/ext.json\"]\n")
        try dir.write("content/a.json", Self.goodRecipe)
        try dir.write("shared/ext.json", #"{"id": "ext", "name": "Ext", "ingredients": ["1 egg"]}"#)
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("content/ext.json").path, withDestinationPath: "../shared/ext.json")
        for arguments in [["lint", "--format", "xcode", "--no-cache"], ["lint", "--format", "xcode", "content/ext.json"]] {
            let r = try CLI.run(arguments, in: dir.url)
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            let lines = r.stdout.split(separator: "\n")
            #expect(lines.count == 1, "\(r.stdout)")
            #expect(lines.first?.hasSuffix("larder.yml:4:33: warning: content[0].include[1]: 'content/ext.json' takes in content/ext.json, a symbolic link to ../shared/ext.json, which Larder does not read (a link may lead outside the project, and git keeps the link, not the file), so its file is not checked; include the file it leads to (shared/ext.json), or put the file itself in the link's place [config]") == true, "\(r.stdout)")
        }
    }

    /// A symbolic link to a folder that an include would enter: its files were left out
    /// without a word (a link to a file was told of), and a pattern naming the linked folder
    /// was told to "fix the pattern".
    @Test func aLinkToAFolderAnIncludeWouldEnterIsToldOf() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/**/*.json\"]\n")
        try dir.write("content/a.json", Self.goodRecipe)
        try dir.write("shared/x.json", #"{"id": "x", "name": "", "ingredients": []}"#)
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("content/shared").path, withDestinationPath: "../shared")
        let r = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("larder.yml:4:15: warning: content[0].include[0]: 'content/**/*.json' would take in the files of content/shared/, a symbolic link to the folder ../shared, which Larder does not enter (a link may lead outside the project, and git keeps the link, not the files), so none of them is checked; include the folder it leads to (shared/) instead, or put the folder itself in the link's place [config]"), "\(r.stdout)")
        // A pattern into the linked folder: the link is named, not the pattern blamed.
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\", \"content/shared/*.json\"]\n")
        let named = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(named.stdout.contains("larder.yml:4:33: warning: content[0].include[1]: 'content/shared/*.json' would take in the files of content/shared/"), "\(named.stdout)")
        #expect(!named.stdout.contains("takes in no file"), "\(named.stdout)")
        // An include that cannot reach it says nothing of it.
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n")
        let other = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(other.status == 0 && other.stdout.isEmpty, "\(other.stdout)")
    }

    /// A pattern whose files all belong to an earlier entry checks nothing, and the entry's
    /// own rules never apply (a file belongs to the first entry that takes it); a pattern
    /// whose files an exclude leaves out names the exclude (it said "fix the pattern").
    @Test func aPatternWhoseFilesAnotherEntryOrAnExcludeTakesIsToldOf() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/**/*.json"]
              - kind: recipe
                include: ["content/legacy/*.json"]
                rules: { image-exists: off }
            """)
        try dir.write("content/legacy/old.json", Self.goodRecipe)
        let r = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("larder.yml:6:15: warning: content[1].include[0]: 'content/legacy/*.json' takes in only files that content[0] (recipe) already takes (content/legacy/old.json): a file belongs to the first entry whose include takes it, so this entry checks none of them and its own settings never apply; put this entry before that one, or exclude the files there [config]"), "\(r.stdout)")
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/legacy/*.json"]
                exclude: ["content/**/old.json"]
            """)
        let excluded = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(excluded.stdout.contains("larder.yml:4:15: warning: content[0].include[0]: 'content/legacy/*.json' takes in no file, so it checks no recipe content: this entry's exclude 'content/**/old.json' leaves out content/legacy/old.json; narrow the exclude, or remove this pattern [config]"), "\(excluded.stdout)")
    }

    /// A content file that is a link to itself, or to another link, has no file to check:
    /// the warning said the file it leads to "is content, and is checked as itself" (or
    /// advised including a file that is a link too) beside another saying nothing is checked.
    @Test func aLinkToItselfOrToAnotherLinkIsNamedAsSuch() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n")
        try dir.write("content/real.json", #"{"id": "r", "name": "R", "ingredients": ["1 egg"]}"#)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("content/loop.json").path, withDestinationPath: "loop.json")
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("content/a.json").path, withDestinationPath: "b.json")
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("content/b.json").path, withDestinationPath: "a.json")
        let r = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(r.stdout.contains("takes in content/loop.json, a symbolic link to loop.json, which Larder does not read (a link may lead outside the project, and git keeps the link, not the file), so its file is not checked; it leads to itself, so there is no file to check; put the file itself in its place [config]"), "\(r.stdout)")
        #expect(r.stdout.contains("so its file is not checked; the file it leads to (content/b.json) is a symbolic link too, which Larder does not read either; put the file itself in the link's place [config]"), "\(r.stdout)")
        #expect(!r.stdout.contains("checked as itself"), "\(r.stdout)")
    }

    /// Imports once marked their folders `.larder-output`, a build's mark (they write
    /// `.larder-import` now), and lint and build skip a folder so marked: the products
    /// imported there were left out of every run, with a word only when no other file
    /// matched ("takes in no file ... fix the pattern", for a pattern that was right).
    @Test func aFolderMarkedAsABuildsOutputThatAnIncludeTakesInIsNamed() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/**/*.json"]
              - kind: product
                include: ["imported/*.json"]
            exports:
              - json-bundle: { out: content/bundle }

            """)
        try dir.write("content/recipes/a.json", Self.goodRecipe)
        let product = #"{"code": "3017620422003", "name": "Spread", "nutrition": {"per100g": {"salt": 0.8, "sodium": 0.8}}}"#
        try dir.write("content/products/3017620422003.json", product)
        try dir.write("content/products/.larder-output", "")
        try dir.write("imported/3017620422003.json", product)
        try dir.write("imported/.larder-output", "")
        let recipes = "larder.yml:4:15: warning: content[0].include[0]: 'content/**/*.json' would take in 1 file in content/products/ (content/products/3017620422003.json), but lint and build skip that folder: it holds .larder-output, the mark of a build's output, and no export of larder.yml writes there. If an earlier `larder import --out` made it (imports mark their folders .larder-import now), delete content/products/.larder-output or import into the folder again, and its files are read as content; if a build wrote it, keep it out of the include [config]"
        let lint = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains(recipes), "\(lint.stdout)")
        #expect(lint.stdout.contains("larder.yml:6:15: warning: content[1].include[0]: 'imported/*.json' would take in 1 file in imported/ (imported/3017620422003.json), but lint and build skip that folder"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("takes in no file"), "\(lint.stdout)")
        // The index has the same folders.
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        let staged = try CLI.run(["lint", "--staged", "--format", "xcode"], in: dir.url)
        #expect(staged.stdout.contains(recipes), "\(staged.stdout)")
        // The build says so too, and its own output, which the include covers, is no
        // such folder: nothing is said of it.
        let build = try CLI.run(["build"], in: dir.url)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        #expect(build.stdout.contains("'content/**/*.json' would take in 1 file in content/products/"), "\(build.stdout)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("content/bundle/.larder-output").path))
        let again = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(!again.stdout.contains("content/bundle"), "\(again.stdout)")
        // Without the marker, the files are content: their problems are reported.
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("content/products/.larder-output"))
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("imported/.larder-output"))
        let read = try CLI.run(["lint", "--format", "xcode", "--no-cache"], in: dir.url)
        #expect(read.status == 1, "\(read.stdout)\(read.stderr)")
        #expect(read.stdout.contains("imported/3017620422003.json:1:") && !read.stdout.contains("would take in"), "\(read.stdout)")
    }

    @Test func warningsFailOnlyWhenAsked() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "content:\n  - kind: recipe\n    include: [\"r/*.json\"]\n")
        try dir.write("r/a.json", "{\"id\": \"a\", \"name\": \"A\", \"ingredients\": [\"salt\"], \"id\": \"a\"}")
        // duplicate keys are warnings: without the duplicate-key rule registered, a syntax
        // lint of the same file shows the warning path; here only exit codes are checked.
        let plain = try CLI.run(["lint", "--format", "json"], in: dir.url)
        let report = try JSONDocument(parsing: plain.stdout)
        let warnings = report.int(report.member(report.member(report.root, "summary")!, "warnings")!) ?? 0
        #expect(plain.status == 0)
        if warnings > 0 {
            #expect(try CLI.run(["lint", "--max-warnings", "0"], in: dir.url).status == 1)
            #expect(try CLI.run(["lint", "--strict"], in: dir.url).status == 1)
        }
        #expect(try CLI.run(["lint", "--max-warnings", "5"], in: dir.url).status == 0)
    }

    /// --quiet hides warnings but they still count towards --max-warnings: the run fails,
    /// and says why on standard error, since the report shows none of them.
    @Test func quietStillCountsWarningsForMaxWarnings() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en, fr]\ncontent:\n  - kind: recipe\n    include: [\"r/*.json\"]\nrules:\n  locale-complete: warning\n")
        try dir.write("r/a.json", #"{"id": "a", "name": {"en": "A"}, "ingredients": [{"en": "salt", "fr": "sel"}]}"#)
        try dir.write("r/b.json", #"{"id": "b", "name": {"en": "B"}, "ingredients": [{"en": "salt", "fr": "sel"}]}"#)
        let loud = try CLI.run(["lint", "--max-warnings", "1", "--format", "xcode"], in: dir.url)
        #expect(loud.status == 1)
        #expect(loud.stdout.components(separatedBy: ": warning: ").count == 3, "\(loud.stdout)")
        let quiet = try CLI.run(["lint", "--quiet", "--max-warnings", "1", "--format", "xcode"], in: dir.url)
        #expect(quiet.status == 1, "\(quiet.stdout)\(quiet.stderr)")
        #expect(!quiet.stdout.contains("warning"), "\(quiet.stdout)")
        #expect(quiet.stderr.contains("2 warnings (hidden by --quiet), more than --max-warnings 1"), "\(quiet.stderr)")
        // The summary counts them as hidden: it said "No problems in 2 files", and the JSON
        // summary "warnings": 0, of a run that failed on them.
        let human = try CLI.run(["lint", "--quiet", "--max-warnings", "1", "--color", "never"], in: dir.url)
        #expect(human.status == 1)
        #expect(human.stdout == "2 warnings hidden by --quiet in 2 files\n", "\(human.stdout)")
        // Machine-readable output stays one report; the explanation goes to standard error.
        let json = try CLI.run(["lint", "--quiet", "--max-warnings", "1", "--format", "json"], in: dir.url)
        #expect(json.status == 1)
        let report = try JSONDocument(parsing: json.stdout)
        #expect(report.value(report.node(at: "/summary")!) == ["errors": 0, "warnings": 2, "files": 2, "notes": 0, "hiddenWarnings": 2])
        #expect(report.value(report.node(at: "/diagnostics")!) == [])
        let loudJSON = try JSONDocument(parsing: try CLI.run(["lint", "--format", "json"], in: dir.url).stdout)
        #expect(loudJSON.value(loudJSON.node(at: "/summary/hiddenWarnings")!) == 0)
        #expect(loudJSON.value(loudJSON.node(at: "/summary/warnings")!) == 2)
        #expect(try CLI.run(["lint", "--quiet", "--max-warnings", "2"], in: dir.url).status == 0)
        #expect(try CLI.run(["lint", "--quiet"], in: dir.url).status == 0)
        // --strict makes them errors, which --quiet shows.
        let strict = try CLI.run(["lint", "--quiet", "--strict", "--format", "xcode"], in: dir.url)
        #expect(strict.status == 1)
        #expect(strict.stdout.components(separatedBy: ": error: ").count == 3, "\(strict.stdout)")
    }

    @Test func stagedLintsTheIndexNotTheWorkingTree() throws {
        let dir = try project()
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        // Stage a broken recipe, then fix it in the working tree only: --staged must fail.
        try dir.write("content/recipes/bolo.json", #"{"id": "bolo", "name": "Bolo", "servings": -1, "ingredients": ["3 eggs"]}"#)
        try git(["add", "content/recipes/bolo.json"], in: dir.url)
        try dir.write("content/recipes/bolo.json", #"{"id": "bolo", "name": "Bolo", "servings": 1, "ingredients": ["3 eggs"]}"#)
        #expect(try CLI.run(["lint"], in: dir.url).status == 0)
        let staged = try CLI.run(["lint", "--staged", "--format", "xcode"], in: dir.url)
        #expect(staged.status == 1, "\(staged.stdout)\(staged.stderr)")
        #expect(staged.stdout.contains("bolo.json:1:44: error:"), "\(staged.stdout)")
        // An untracked file is not part of the commit.
        try dir.write("content/recipes/untracked.json", "{]")
        try git(["add", "content/recipes/bolo.json"], in: dir.url)
        #expect(try CLI.run(["lint", "--staged"], in: dir.url).status == 0)
    }

    /// With --staged, a path is what the index holds there: a staged file with an error was
    /// passed when the working tree had a link (lint read the file the link led to) or a
    /// folder in its place.
    @Test func stagedPathsAreJudgedByTheIndex() throws {
        let dir = try project()
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        try dir.write("content/recipes/bolo.json", #"{"id": "bolo", "name": "Bolo", "servings": -1, "ingredients": ["3 eggs"]}"#)
        try git(["add", "content/recipes/bolo.json"], in: dir.url)
        let bolo = dir.url.appendingPathComponent("content/recipes/bolo.json").path
        try FileManager.default.removeItem(atPath: bolo)
        try FileManager.default.createSymbolicLink(atPath: bolo, withDestinationPath: "caldo-verde.json")
        let link = try CLI.run(["lint", "--staged", "--format", "xcode", "content/recipes/bolo.json"], in: dir.url)
        #expect(link.status == 1, "\(link.stdout)\(link.stderr)")
        #expect(link.stdout.contains("bolo.json:1:44: error:"), "\(link.stdout)")
        try FileManager.default.removeItem(atPath: bolo)
        try FileManager.default.createDirectory(atPath: bolo, withIntermediateDirectories: false)
        let folder = try CLI.run(["lint", "--staged", "--format", "xcode", "content/recipes/bolo.json"], in: dir.url)
        #expect(folder.status == 1, "\(folder.stdout)\(folder.stderr)")
        #expect(folder.stdout.contains("bolo.json:1:44: error:"), "\(folder.stdout)")
        #expect(folder.stderr.isEmpty, "\(folder.stderr)")
        // A link in the index, a file in the working tree: named as the link it is.
        try FileManager.default.removeItem(atPath: bolo)
        try FileManager.default.createSymbolicLink(atPath: bolo, withDestinationPath: "../../../elsewhere.json")
        try git(["add", "content/recipes/bolo.json"], in: dir.url)
        try FileManager.default.removeItem(atPath: bolo)
        try dir.write("content/recipes/bolo.json", #"{"id": "bolo", "name": "Bolo", "ingredients": ["3 eggs"]}"#)
        let staged = try CLI.run(["lint", "--staged", "--format", "xcode", "content/recipes/bolo.json"], in: dir.url)
        #expect(staged.stderr == "larder: content/recipes/bolo.json was not checked: it is a symbolic link to ../../../elsewhere.json, which leads to no file of the project; Larder does not read links (a link may lead outside the project, and git keeps the link, not the file): put the file itself in the link's place\n", "\(staged.stderr)")
        #expect(staged.stdout.contains("a symbolic link to ../../../elsewhere.json, which Larder does not read"), "\(staged.stdout)")
    }

    /// With --staged, a problem of larder.yml is quoted from the staged larder.yml, whose
    /// line and column it names: the working tree's line at that number was shown.
    @Test func stagedQuotesTheStagedConfig() throws {
        let dir = try project()
        let config = "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/recipes/**/*.json\"]\nrules:\n  unknown-unit: { severity: error, units: [5] }\n"
        try dir.write("larder.yml", config)
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        try dir.write("larder.yml", "# one\n# two\n" + config)
        let staged = try CLI.run(["lint", "--staged", "--color", "never"], in: dir.url)
        #expect(staged.status == 2, "\(staged.stdout)\(staged.stderr)")
        #expect(staged.stdout.hasPrefix("larder.yml:6:44: error: option 'units'"), "\(staged.stdout)")
        #expect(staged.stdout.contains("units[0] is the number 5; write each item as a string (\"5\") [config]\n  unknown-unit: { severity: error, units: [5] }\n"), "\(staged.stdout)")
    }

    /// A file added with `git add -N` (intent to add) is in the index as an empty file, but
    /// a commit does not hold it: --staged read it as empty JSON, and the pre-commit hook
    /// refused every commit until it was staged.
    @Test func stagedLeavesOutFilesOnlyIntendedToBeAdded() throws {
        let dir = try project()
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        try dir.write("content/recipes/later.json", #"{"id": "later", "name": "Later", "ingredients": ["3 eggs"]}"#)
        try git(["add", "-N", "content/recipes/later.json"], in: dir.url)
        let whole = try CLI.run(["lint", "--staged", "--format", "xcode"], in: dir.url)
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        let named = try CLI.run(["lint", "--staged", "content/recipes/later.json"], in: dir.url)
        #expect(named.stderr == "larder: content/recipes/later.json was not checked: it is content of larder.yml, but not staged (git's index does not hold it)\n", "\(named.stderr)")
        // An empty file that is staged is still read, and is not JSON.
        try dir.write("content/recipes/empty.json", "")
        try git(["add", "content/recipes/empty.json"], in: dir.url)
        let empty = try CLI.run(["lint", "--staged", "--format", "xcode"], in: dir.url)
        #expect(empty.status == 1, "\(empty.stdout)\(empty.stderr)")
        #expect(empty.stdout.contains("empty.json:1:1: error: expected a JSON value"), "\(empty.stdout)")
        #expect(!empty.stdout.contains("later.json"), "\(empty.stdout)")
    }

    /// With --staged and a path, a related note's line ("first used here") is quoted from
    /// the index, as the reported file's is: it was read from the working tree, where the
    /// line under the note held another id.
    @Test func stagedQuotesRelatedLinesFromTheIndex() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n")
        try dir.write("content/a.json", #"[{"id": "a", "name": "A", "servings": 1, "ingredients": ["1 egg"]}]"#)
        try dir.write("content/b.json", #"[{"id": "b", "name": "B", "servings": 1, "ingredients": ["1 egg"]}]"#)
        try git(["init", "-q"], in: dir.url)
        try dir.write("content/b.json", #"[{"id": "a", "name": "B", "servings": 1, "ingredients": ["1 egg"]}]"#)
        try git(["add", "."], in: dir.url)
        try dir.write("content/b.json", #"[{"id": "zzz", "name": "B", "servings": 1, "ingredients": ["1 egg"]}]"#)
        let r = try CLI.run(["lint", "--staged", "--no-cache", "--color", "never", "content/a.json"], in: dir.url)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("content/b.json:1:9: note:"), "\(r.stdout)")
        #expect(!r.stdout.contains("zzz"), "\(r.stdout)")
    }

    /// A file marked assume-unchanged or skip-worktree (`git update-index`, a sparse
    /// checkout) is read from the index: `git diff` does not compare it, and --staged read
    /// the working tree's version (a duplicate id the commit does not hold), or failed on a
    /// staged file missing from the working tree. A cached run gives what a fresh one gives.
    @Test func stagedReadsFlaggedFilesFromTheIndex() throws {
        for flag in ["--assume-unchanged", "--skip-worktree"] {
            let dir = try Scratch()
            try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n")
            try dir.write("content/a.json", #"[{"id": "aaa", "name": "A", "servings": 1, "ingredients": ["1 egg"]}]"#)
            try dir.write("content/b.json", #"[{"id": "bbb", "name": "B", "servings": 1, "ingredients": ["1 egg"]}]"#)
            try git(["init", "-q"], in: dir.url)
            try git(["add", "."], in: dir.url)
            // The working tree repeats a's id; the index does not.
            try dir.write("content/b.json", #"[{"id": "aaa", "name": "B", "servings": 1, "ingredients": ["1 egg"]}]"#)
            try git(["update-index", flag, "content/b.json"], in: dir.url)
            let working = try CLI.run(["lint", "content/a.json"], in: dir.url)  // caches b's working-tree facts
            #expect(working.status == 1, "\(flag) \(working.stdout)")
            for cache in [["--no-cache"], [], []] {
                let r = try CLI.run(["lint", "--staged"] + cache + ["content/a.json"], in: dir.url)
                #expect(r.status == 0, "\(flag) \(cache) \(r.stdout)\(r.stderr)")
            }
            // Staged the other way round, and the file gone from the working tree.
            try git(["update-index", "--no-" + flag.dropFirst(2), "content/b.json"], in: dir.url)
            try git(["add", "content/b.json"], in: dir.url)
            try git(["update-index", flag, "content/b.json"], in: dir.url)
            try FileManager.default.removeItem(at: dir.url.appendingPathComponent("content/b.json"))
            for arguments in [["content/a.json"], []] {
                let r = try CLI.run(["lint", "--staged", "--format", "xcode"] + arguments, in: dir.url)
                #expect(r.status == 1, "\(flag) \(arguments) \(r.stdout)\(r.stderr)")
                #expect(r.stdout.contains("recipe id 'aaa' is "), "\(flag) \(arguments) \(r.stdout)")
                #expect(!r.stdout.contains("[io]"), "\(flag) \(arguments) \(r.stdout)")
            }
        }
    }

    /// Content in a hidden folder that an include names is staged content too (--staged
    /// skipped it and said "No problems in 0 files"); hidden entries below it are not.
    @Test func stagedTakesInAHiddenFolderTheConfigNames() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\".content/**/*.json\"]\n")
        try dir.write(".content/bolo.json", #"{"id": "bolo", "name": "Bolo", "servings": -1, "ingredients": ["3 eggs"]}"#)
        try dir.write(".content/.drafts/x.json", "{]")
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        let plain = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        let staged = try CLI.run(["lint", "--staged", "--format", "xcode"], in: dir.url)
        #expect(staged.status == 1, "\(staged.stdout)")
        #expect(staged.stdout == plain.stdout)
        #expect(staged.stdout.contains(".content/bolo.json:1:"), "\(staged.stdout)")
        #expect(!staged.stdout.contains(".drafts"), "\(staged.stdout)")
    }

    /// `--staged` judges a commit with the config it commits: a change to larder.yml left
    /// unstaged (`unknown-unit: off`) decided the check of the staged content. A config the
    /// index does not hold is read from the working tree.
    @Test func stagedLintReadsTheStagedConfig() throws {
        let dir = try Scratch()
        let config = "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nrules:\n  unknown-unit: error\n"
        try dir.write("larder.yml", config)
        try dir.write("content/a.json", #"{"id": "a", "name": "A", "ingredients": [{"name": "milk", "quantity": 2, "unit": "mlx"}]}"#)
        try git(["init", "-q"], in: dir.url)
        try git(["add", "content/a.json"], in: dir.url)
        // Not in the index yet: the working tree's config.
        #expect(try CLI.run(["lint", "--staged"], in: dir.url).status == 1)
        try git(["add", "larder.yml"], in: dir.url)
        try dir.write("larder.yml", config.replacingOccurrences(of: "unknown-unit: error", with: "unknown-unit: off"))
        let staged = try CLI.run(["lint", "--staged", "--format", "xcode"], in: dir.url)
        #expect(staged.status == 1, "\(staged.stdout)\(staged.stderr)")
        #expect(staged.stdout.contains("[unknown-unit]"), "\(staged.stdout)")
        #expect(try CLI.run(["lint"], in: dir.url).status == 0)
        try git(["add", "larder.yml"], in: dir.url)
        #expect(try CLI.run(["lint", "--staged"], in: dir.url).status == 0)
    }

    @Test func initWritesAValidStarterAndRefusesToOverwrite() throws {
        let dir = try Scratch()
        let r = try CLI.run(["init"], in: dir.url)
        #expect(r.status == 0)
        let lint = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(try CLI.run(["init"], in: dir.url).status == 2)
        #expect(try CLI.run(["init", "--force"], in: dir.url).status == 0)
    }

    /// A project whose config is larder.yaml or larder.json is not given a larder.yml, which
    /// lint would read in its place (the real config was set aside without a word), even
    /// with --force; nor is a link named larder.yml that leads nowhere replaced.
    @Test func initLeavesAnyConfigInPlace() throws {
        for name in ["larder.yaml", "larder.json"] {
            let dir = try Scratch()
            try dir.write(name, "locales: [en]\n")
            for arguments in [["init"], ["init", "--force"]] {
                let r = try CLI.run(arguments, in: dir.url)
                #expect(r.status == 2, "\(arguments)")
                #expect(r.stderr.contains("\(name) already exists here, and a larder.yml would be read in its place"), "\(r.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("larder.yml").path))
        }
        let dir = try Scratch()
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("larder.yml").path, withDestinationPath: "nowhere.yml")
        #expect(try CLI.run(["init"], in: dir.url).status == 2)
    }

    /// A folder named larder.yml is said to be a folder, with --force or without, and is
    /// never removed: init said the file already exists (and to use --force), and --force
    /// then failed with an error code from the file system.
    @Test func initSaysALarderYmlFolderIsAFolder() throws {
        let dir = try Scratch()
        try dir.write("larder.yml/notes.txt", "kept\n")
        for arguments in [["init"], ["init", "--force"]] {
            let r = try CLI.run(arguments, in: dir.url)
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr.contains("cannot write larder.yml: it is a directory; move or rename that folder"), "\(arguments): \(r.stderr)")
            #expect(!r.stderr.contains("already exists") && !r.stderr.contains("NSCocoaErrorDomain"), "\(r.stderr)")
        }
        #expect(try String(contentsOf: dir.url.appendingPathComponent("larder.yml/notes.txt"), encoding: .utf8) == "kept\n")
    }

    @Test func schemaPrintMatchesTheShippedFile() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for name in ["recipe", "location", "product", "taxonomy", "common", "config"] {
            let r = try CLI.run(["schema", "print", name])
            #expect(r.status == 0)
            let shipped = try String(contentsOf: repo.appendingPathComponent("Schemas/\(name).schema.json"), encoding: .utf8)
            #expect(r.stdout.trimmingCharacters(in: .newlines) == shipped.trimmingCharacters(in: .newlines), "Schemas/\(name).schema.json and the binary differ: run Scripts/gen-builtin-schemas.py")
        }
        #expect(try CLI.run(["schema", "print", "menu"]).status == 2)
    }

    /// Run as `larder` found on PATH, from a subfolder: the hook's fallback is the executable
    /// as PATH has it, not `./larder` in the folder it was installed from.
    @Test func hookInstallRecordsTheExecutableFoundOnPath() throws {
        let dir = try project()
        try git(["init", "-q"], in: dir.url)
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("content/sub"), withIntermediateDirectories: true)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "cd content/sub && larder hook install >/dev/null"]
        shell.currentDirectoryURL = dir.url
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = CLI.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        shell.environment = environment
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let script = try String(contentsOf: dir.url.appendingPathComponent(".git/hooks/pre-commit"), encoding: .utf8)
        let found = CLI.binary.deletingLastPathComponent().appendingPathComponent("larder").standardizedFileURL.path
        #expect(script.contains("LARDER='\(found)'"), "\(script)")
        // The hook is named without '..' (git's answer from a subfolder).
        let again = try CLI.run(["hook", "install"], in: dir.url.appendingPathComponent("content/sub"))
        #expect(again.stdout.hasPrefix("Installed \(dir.url.appendingPathComponent(".git/hooks/pre-commit").standardizedFileURL.path):"), "\(again.stdout)")
    }

    @Test func hookInstallBlocksABadCommit() throws {
        let dir = try project()
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        try git(["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "start"], in: dir.url)
        // A foreign hook is kept unless --force.
        let hook = dir.url.appendingPathComponent(".git/hooks/pre-commit")
        try FileManager.default.createDirectory(at: hook.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho theirs\n".utf8).write(to: hook)
        let refused = try CLI.run(["hook", "install"], in: dir.url)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--force"))
        #expect(try CLI.run(["hook", "install", "--force"], in: dir.url).status == 0)
        #expect(FileManager.default.fileExists(atPath: hook.path + ".backup"))
        // Installing again over Larder's own hook needs no --force.
        #expect(try CLI.run(["hook", "install"], in: dir.url).status == 0)

        try dir.write("content/recipes/bolo.json", #"{"id": "bolo", "name": "Bolo", "servings": -1, "ingredients": ["3 eggs"]}"#)
        try git(["add", "."], in: dir.url)
        let env = ["PATH": CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        let blocked = try gitResult(["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "bad"], in: dir.url, environment: env)
        #expect(blocked.status != 0)
        #expect(blocked.output.contains("bolo.json"), "\(blocked.output)")
        try dir.write("content/recipes/bolo.json", #"{"id": "bolo", "name": "Bolo", "servings": 1, "ingredients": ["3 eggs"]}"#)
        try git(["add", "."], in: dir.url)
        let passed = try gitResult(["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "good"], in: dir.url, environment: env)
        #expect(passed.status == 0, "\(passed.output)")
    }
}

@discardableResult
func git(_ arguments: [String], in directory: URL) throws -> String {
    let r = try gitResult(arguments, in: directory)
    if r.status != 0 { throw GitFailure(message: r.output) }
    return r.output
}

struct GitFailure: Error { var message: String }

func gitResult(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    try processResult("/usr/bin/env", ["git"] + arguments, in: directory, environment: environment)
}

/// Runs `executable` with `arguments` in `directory`, its output and error output read as
/// one; `environment` is added to this process's own, or is the whole of it when
/// `inheriting` is false (a git hook run the way a GUI client runs it).
func processResult(_ executable: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:],
                   inheriting: Bool = true) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = inheriting ? ProcessInfo.processInfo.environment : [:]
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

extension ProjectLintTests {
    /// A check of the built-in schema that a rule makes too, in words of its own, is one
    /// report, the rule's: an amount Larder cannot read ('1.5.5', '-2') was a `quantity` error
    /// and a `schema` error at one value, a step of spaces a `non-empty-text` error and a
    /// `schema` error. With the rule off, or less severe than the schema's error, the schema
    /// still reports it: the schema is what the app relies on.
    @Test func aValueARuleReportsIsNotReportedAgainByTheSchema() throws {
        let dir = try Scratch()
        try dir.write("content/r.json", #"""
            [{"id": "a", "name": {"en": "A"}, "servings": 2,
              "ingredients": [{"name": "lime", "quantity": "1.5.5", "unit": "cup"}, {"name": "gin", "quantity": "-2", "unit": "oz"}],
              "steps": ["  ", "Stir."]}]
            """#)
        func lint(_ rules: String) throws -> [String] {
            try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n\(rules)")
            let r = try CLI.run(["lint", "--format", "github", "--no-cache"], in: dir.url)
            #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
            return r.stdout.split(separator: "\n").map { line in
                let rule = line.components(separatedBy: ",title=").last?.components(separatedBy: "::").first ?? ""
                let position = line.components(separatedBy: ",line=").last?.components(separatedBy: ",endLine").first ?? ""
                return "\(line.dropFirst(2).prefix(while: { $0 != " " })) \(rule) \(position)"
            }
        }
        #expect(try lint("") == ["error quantity 2,col=48", "error quantity 2,col=101", "error non-empty-text 3,col=13"])
        #expect(try lint("rules:\n  quantity: off\n  non-empty-text: off\n") == ["error schema 2,col=48", "error schema 2,col=101", "error schema 3,col=13"])
        #expect(try lint("rules:\n  quantity: warning\n").sorted()
                == ["error non-empty-text 3,col=13", "error schema 2,col=101", "error schema 2,col=48", "warning quantity 2,col=101", "warning quantity 2,col=48"])
    }
}
