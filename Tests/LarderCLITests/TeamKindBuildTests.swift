import Foundation
import LarderJSON
import Testing

/// A project of the team's own kinds, end to end: the schema says which fields are text,
/// the unique-id key is the id of the keys, and lint sees what the build exports.
@Suite struct TeamKindBuildTests {
    static let common = "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"

    func project() throws -> Scratch {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en, de]
            content:
              - kind: pack
                schema: schemas/pack.json
                include: ["content/packs.json"]
              - kind: level
                schema: schemas/level.json
                include: ["content/levels.json"]
              - kind: hero
                schema: schemas/hero.json
                include: ["content/heroes.json"]
                rules:
                  unique-id: { key: /uid }
            exports:
              - json-bundle: { out: dist/json }
              - xcstrings: { out: dist/Content.xcstrings }

            """)
        try dir.write("schemas/pack.json", #"{"type": "object", "properties": {"id": {"type": "string"}, "name": {"$ref": "\#(Self.common)"}, "prices": {"type": "object", "additionalProperties": {"type": "string"}}}}"#)
        try dir.write("schemas/level.json", #"{"type": "object", "properties": {"key": {"type": "integer"}, "label": {"$ref": "\#(Self.common)"}}}"#)
        try dir.write("schemas/hero.json", #"{"type": "object", "properties": {"uid": {"type": "string"}, "bio": {"$ref": "\#(Self.common)"}}}"#)
        try dir.write("content/packs.json", #"[{"id": "starter", "name": {"en": "Starter pack", "de": "Startpaket"}, "prices": {"us": "$4.99", "de": "4,99 €", "gb": "£3.99"}}]"#)
        try dir.write("content/levels.json", "[{\"key\": 1, \"label\": {\"en\": \"Beginner\", \"de\": \"Anfänger\"}},\n {\"key\": 2, \"label\": \"Expert\"}]")
        try dir.write("content/heroes.json", #"[{"uid": "zed", "bio": {"en": "Zed", "de": "Zed"}}, {"uid": "amy", "bio": {"en": "Amy", "de": "Amy"}}]"#)
        return dir
    }

    @Test func theSchemaAndTheUniqueIDKeyDecideTextsAndKeys() throws {
        let dir = try project()
        let lint = try CLI.run(["lint"], in: dir.url)
        // The plain string is the source language only; the prices are no text at all.
        #expect(lint.stdout.contains("content/levels.json:2:22: warning: label is a plain string"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("prices"), "\(lint.stdout)")
        for arguments in [["build"], ["build", "--no-stream"]] {
            let build = try CLI.run(arguments, in: dir.url)
            #expect(build.status == 0, "\(build.stderr)")
            let catalog = try String(contentsOf: dir.url.appendingPathComponent("dist/Content.xcstrings"), encoding: .utf8)
            for key in ["pack.starter.name", "level.1.label", "level.2.label", "hero.amy.bio", "hero.zed.bio"] {
                #expect(catalog.contains("\"\(key)\""), "\(key)")
            }
            #expect(!catalog.contains("pack.starter.prices") && !catalog.contains("hero.0.bio"))
            let packs = try String(contentsOf: dir.url.appendingPathComponent("dist/json/en/pack.json"), encoding: .utf8)
            #expect(packs.contains("£3.99") && packs.contains("$4.99"), "\(packs)")
        }
    }

    /// `unknown-unit`'s `fields` on a kind of the team's own checks the units it names.
    @Test func unknownUnitFieldsCheckATeamsOwnKind() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            content:
              - kind: prize
                schema: schemas/prize.json
                include: ["content/prizes.json"]
                rules: { unknown-unit: { severity: error, fields: [/reward/unit] } }

            """)
        try dir.write("schemas/prize.json", #"{"type": "object"}"#)
        try dir.write("content/prizes.json", #"[{"id": "gold", "reward": {"amount": 5, "unit": "zorks"}}]"#)
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.stdout.contains("error: unit 'zorks' is not a unit Larder knows"), "\(lint.stdout)")
        #expect(lint.status != 0)
    }

    /// The fields the images export copies images from (its option `imageFields`) are
    /// checked by `image-exists`, as the fields `texts` names are by the text rules: lint
    /// passed a missing icon, and the build then stopped on it, saying that `image-exists`
    /// reports missing images.
    @Test func theImagesTheImagesExportCopiesAreChecked() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: achievement
                schema: schemas/achievement.json
                include: ["content/achievements.json"]
                images: images
            exports:
              - images: { out: dist/images, imageFields: { achievement: [/icon, /gallery] } }

            """)
        try dir.write("schemas/achievement.json", #"{"type": "object"}"#)
        try dir.write("images/easy.png", "png")
        try dir.write("content/achievements.json", #"[{"id": "easy", "icon": "easy.png", "gallery": ["easy.png"]}, {"id": "hard", "icon": "hard.png", "gallery": ["easy.png", "gone.png"]}]"#)
        let lint = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        let lines = lint.stdout.split(separator: "\n").filter { $0.contains("[image-exists]") }
        #expect(lines.count == 2, "\(lint.stdout)")
        #expect(lines.first?.contains("content/achievements.json:1:86: error: image 'hard.png' does not exist in the images folder 'images'") == true, "\(lint.stdout)")
        #expect(lines.last?.contains("image 'gone.png' does not exist") == true, "\(lint.stdout)")
        #expect(lint.status == 1)
    }

    /// A schema that refers to itself (a tree of sections, each with a title and children
    /// of the same definition): lint and the build find the titles at every depth.
    @Test func aTreeOfSectionsHasTextsAtEveryDepth() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en, de]
            content:
              - kind: guide
                schema: schemas/guide.json
                include: ["content/guides.json"]
            exports:
              - json-bundle: { out: dist/json }
              - xcstrings: { out: dist/Content.xcstrings }

            """)
        try dir.write("schemas/guide.json", ##"""
            {"type": "object", "required": ["id"],
             "properties": {"id": {"type": "string"}, "sections": {"type": "array", "items": {"$ref": "#/$defs/section"}}},
             "$defs": {"section": {"type": "object", "additionalProperties": false, "properties": {
               "title": {"$ref": "\##(Self.common)"},
               "code": {"type": "string"},
               "children": {"type": "array", "items": {"$ref": "#/$defs/section"}}}}}}
            """##)
        try dir.write("content/guides.json", """
            [{"id": "basics", "sections": [
              {"title": {"en": "Knives", "de": "Messer"}, "code": "k", "children": [
                {"title": {"en": "Holding", "de": "Halten"}, "children": [
                  {"title": {"en": "The pinch grip"}, "code": "pinch"}]}]}]}]
            """)
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.stdout.contains("content/guides.json:4:17: warning: sections[0].children[0].children[0].title has no text for de"), "\(lint.stdout)")
        try dir.write("content/guides.json", """
            [{"id": "basics", "sections": [
              {"title": {"en": "Knives", "de": "Messer"}, "code": "k", "children": [
                {"title": {"en": "Holding", "de": "Halten"}, "children": [
                  {"title": {"en": "The pinch grip", "de": "Der Zangengriff"}, "code": "pinch"}]}]}]}]
            """)
        #expect(try CLI.run(["lint"], in: dir.url).stdout.contains("No problems"))
        for arguments in [["build"], ["build", "--no-stream"]] {
            let build = try CLI.run(arguments, in: dir.url)
            #expect(build.status == 0, "\(build.stderr)")
            let catalog = try String(contentsOf: dir.url.appendingPathComponent("dist/Content.xcstrings"), encoding: .utf8)
            for key in ["guide.basics.sections.0.title", "guide.basics.sections.0.children.0.title",
                        "guide.basics.sections.0.children.0.children.0.title"] {
                #expect(catalog.contains("\"\(key)\""), "\(key)")
            }
            #expect(catalog.contains("Der Zangengriff") && !catalog.contains(".code\""), "\(catalog)")
            let bundle = try String(contentsOf: dir.url.appendingPathComponent("dist/json/de/guide.json"), encoding: .utf8)
            #expect(bundle.contains("Der Zangengriff") && bundle.contains("pinch"), "\(bundle)")
        }
    }

    /// An export's `ids` option names the id of a kind: lint takes it as the id (no warning
    /// of texts keyed by position), and reports a document without it, where the build
    /// would stop.
    @Test func theIDsOptionOfAnExportNamesTheID() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en, de]
            content:
              - kind: user
                schema: schemas/user.json
                include: ["content/users.json"]
            exports:
              - json-bundle: { out: dist/json, ids: { user: /username } }
              - xcstrings: { out: dist/Content.xcstrings, ids: { user: /username } }

            """)
        try dir.write("schemas/user.json", #"{"type": "object", "properties": {"username": {"type": "string"}, "bio": {"$ref": "\#(Self.common)"}}}"#)
        try dir.write("content/users.json", "[{\"username\": \"minh\", \"bio\": {\"en\": \"Cook\", \"de\": \"Koch\"}},\n {\"username\": \"an\", \"bio\": {\"en\": \"Baker\", \"de\": \"Bäcker\"}}]")
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 0 && lint.stdout.contains("No problems"), "\(lint.stdout)")
        let build = try CLI.run(["build"], in: dir.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try String(contentsOf: dir.url.appendingPathComponent("dist/Content.xcstrings"), encoding: .utf8).contains("\"user.minh.bio\""))

        try dir.write("content/users.json", "[{\"username\": \"minh\", \"bio\": {\"en\": \"Cook\", \"de\": \"Koch\"}},\n {\"bio\": {\"en\": \"Baker\", \"de\": \"Bäcker\"}}]")
        let lacking = try CLI.run(["lint"], in: dir.url)
        #expect(lacking.status == 1, "\(lacking.stdout)")
        #expect(lacking.stdout.contains("content/users.json:2:2: error: this user has no /username, the field that option 'ids' of export json-bundle names as the id of user documents"),
                "\(lacking.stdout)")
        #expect(!lacking.stdout.contains("keyed by its position") && !lacking.stdout.contains("content/users.json:1:"), "\(lacking.stdout)")
    }

    /// A document without the field the unique-id rule's `key` names, or with no string or
    /// number there, is a lint error when the project exports: the exports key its texts by
    /// that field and stop on such a document, so lint passed what the build then refused
    /// (and told the document to name the field with `key`, which larder.yml did). Without
    /// exports, no such id is needed.
    @Test func aDocumentWithoutTheUniqueIDKeyIsReportedWhenTheProjectExports() throws {
        let dir = try project()
        try dir.write("content/heroes.json", "[{\"uid\": \"zed\", \"bio\": {\"en\": \"Zed\", \"de\": \"Zed\"}},\n {\"bio\": {\"en\": \"Amy\", \"de\": \"Amy\"}},\n {\"uid\": {\"x\": 1}, \"bio\": {\"en\": \"Al\", \"de\": \"Al\"}}]")
        let lint = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(lint.status == 1, "\(lint.stdout)")
        #expect(lint.stdout.contains("content/heroes.json:2:2: error: this hero has no /uid, the field that this rule's option 'key' names as the id of hero documents; the exports key their texts by it, and stop on a hero without one: give it one, or name another field in the option [unique-id]"), "\(lint.stdout)")
        #expect(lint.stdout.contains("content/heroes.json:3:10: error: this hero has an object at /uid, the field that this rule's option 'key' names as the id of hero documents; the exports key their texts by it, and stop on a hero without one: an id is a string or a number [unique-id]"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("keyed by its position"), "\(lint.stdout)")
        #expect(try CLI.run(["build"], in: dir.url).status != 0)

        let config = try String(contentsOf: dir.url.appendingPathComponent("larder.yml"), encoding: .utf8)
        try dir.write("larder.yml", String(config[..<config.range(of: "exports:")!.lowerBound]))
        let unexported = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(!unexported.stdout.contains("error: this hero") && !unexported.stdout.contains("names as the id"), "\(unexported.stdout)")
        // Without exports the document is a warning that says which field to fill in: it told
        // the user to set `key: /uid`, which larder.yml already did.
        #expect(unexported.stdout.contains("content/heroes.json:2:2: warning: this hero has localized texts but no id at /uid, the field this rule's option 'key' names, so its texts are keyed by its position among the hero documents (hero.1.…): reordering them hands translations to other documents; give it a string or a number there [unique-id]"), "\(unexported.stdout)")
        #expect(!unexported.stdout.contains("`unique-id: { key: /uid }`"), "\(unexported.stdout)")

        // An export plugin's output is its own, and need not be keyed by the id: a project
        // whose only export is one is not told the exports stop on a hero without one.
        try dir.write("larder.yml", String(config[..<config.range(of: "exports:")!.lowerBound]) + """
            plugins:
              - { id: hero-table, stage: export, command: ["python3", "hero-table.py"] }
            exports:
              - hero-table: { out: dist/table }

            """)
        let pluginOnly = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        // (Linted: the object at /uid is still the schema's error.)
        #expect(pluginOnly.stdout.contains("heroes.json:3:10: error: \"uid\": expected a string, found an object [schema]"), "\(pluginOnly.stdout)\(pluginOnly.stderr)")
        #expect(!pluginOnly.stdout.contains("error: this hero") && !pluginOnly.stdout.contains("the exports key their texts"), "\(pluginOnly.stdout)")
    }

    /// The warning of a hero without an id names the keys the build gives its texts: its
    /// position among every hero document, across files, as the exports number it
    /// (`hero.2.bio` for the third, after one with neither id nor texts). It said `hero.0.…`
    /// of every one. A run that takes the other file's facts from the lint cache, and one
    /// of what is staged, say the same.
    @Test func aDocumentWithoutAnIDIsToldTheKeysTheBuildGivesItsTexts() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en, de]
            content:
              - kind: hero
                schema: schemas/hero.json
                include: ["content/heroes/*.json"]
            exports:
              - xcstrings: { out: dist/Content.xcstrings }

            """)
        try dir.write("schemas/hero.json", #"{"type": "object", "properties": {"id": {"type": "string"}, "bio": {"$ref": "\#(Self.common)"}, "power": {"type": "integer"}}}"#)
        try dir.write("content/heroes/a.json", "[{\"id\": \"zed\", \"bio\": {\"en\": \"Zed\", \"de\": \"Zed\"}},\n {\"power\": 3}]")
        try dir.write("content/heroes/b.json", "[{\"bio\": {\"en\": \"Amy\", \"de\": \"Amy\"}}]")
        let warning = "content/heroes/b.json:1:2: warning: this hero has localized texts but no id (no /id, /code, /key or /slug), so its texts are keyed by its position among the hero documents (hero.2.…): reordering them hands translations to other documents"
        let whole = try CLI.run(["lint", "--no-cache", "--format", "xcode"], in: dir.url)
        #expect(whole.status == 0 && whole.stdout.contains(warning), "\(whole.stdout)")
        Thread.sleep(forTimeInterval: 0.03)  // files older than the runs' stamps
        let runs = try (0..<2).map { _ in
            try CLI.run(["lint", "--format", "xcode", "content/heroes/b.json"], in: dir.url, environment: LintCacheTests.trace)
        }
        #expect(LintCacheTests.cacheLine(runs[1]).contains("cache loaded, 1 files from it, 1 parsed"), "\(runs[1].stderr)")
        for r in runs { #expect(r.stdout.contains(warning), "\(r.stdout)") }
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        let staged = try CLI.run(["lint", "--staged", "--format", "xcode", "content/heroes/b.json"], in: dir.url)
        #expect(staged.stdout.contains(warning), "\(staged.stdout)")

        let build = try CLI.run(["build"], in: dir.url)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let catalog = try String(contentsOf: dir.url.appendingPathComponent("dist/Content.xcstrings"), encoding: .utf8)
        #expect(catalog.contains("\"hero.2.bio\"") && catalog.contains("\"hero.zed.bio\"") && !catalog.contains("hero.0.bio"), "\(catalog)")
    }

    /// The JSON bundle of a kind whose fields share built-in kinds' names (a `category`
    /// that is a plain string, `tags` that are strings, an empty `summary`) passes
    /// Schemas/bundle.schema.json: those fields are the team's data, written as they are.
    @Test func theBundleSchemaAcceptsATeamsKindAsWritten() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en, de]
            content:
              - kind: game-level
                schema: schemas/game-level.json
                include: ["content/levels.json"]
            exports:
              - json-bundle: { out: dist/json }

            """)
        try dir.write("schemas/game-level.json", #"""
            {"type": "object", "properties": {"id": {"type": "string"}, "title": {"$ref": "\#(Self.common)"},
             "category": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}, "summary": {"type": "string"}}}
            """#)
        try dir.write("content/levels.json", #"[{"id": "l1", "title": {"en": "Level one", "de": "Stufe eins"}, "category": "easy", "tags": ["Boss Fight"], "summary": ""}]"#)
        let build = try CLI.run(["build"], in: dir.url)
        #expect(build.status == 0, "\(build.stderr)")
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Schemas/bundle.schema.json").path
        let files = ["dist/json/manifest.json", "dist/json/en/game-level.json", "dist/json/de/game-level.json"]
        let validate = try CLI.run(["validate", "--schema", schema] + files, in: dir.url)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let level = try String(contentsOf: dir.url.appendingPathComponent("dist/json/de/game-level.json"), encoding: .utf8)
        #expect(level.contains("\"Stufe eins\"") && level.contains("\"Boss Fight\""), "\(level)")
    }

    /// A text found by its shape (the schema has its own text definition) whose every
    /// value is blank, with `non-empty-text` off: json-bundle wrote its language map, an
    /// object where the app reads a string, while the string tables left its key out. It
    /// leaves the field out too, and says so.
    @Test func aTextWithNoValueIsLeftOutOfTheBundleWithAWarning() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en, fr]
            content:
              - kind: thing
                schema: schemas/thing.json
                include: ["content/things.json"]
            rules:
              non-empty-text: off
            exports:
              - json-bundle: { out: dist/json }
              - xcstrings: { out: dist/Content.xcstrings }

            """)
        try dir.write("schemas/thing.json", #"{"type": "object", "properties": {"id": {"type": "string"}, "title": {"type": "object", "additionalProperties": {"type": "string"}}}}"#)
        try dir.write("content/things.json", #"[{"id": "e2", "title": {"en": "   ", "fr": ""}}, {"id": "e3", "title": {"en": "Ok", "fr": "Oui"}}]"#)
        for arguments in [["build"], ["build", "--no-stream"]] {
            let build = try CLI.run(arguments, in: dir.url)
            #expect(build.status == 0, "\(build.stderr)")
            #expect(build.stdout.contains("content/things.json:1:24: warning: title has no text in any language (each value is empty or blank), so json-bundle leaves it out of every locale's file"), "\(build.stdout)")
            let bundle = try JSONValue(parsing: Array(try Data(contentsOf: dir.url.appendingPathComponent("dist/json/fr/thing.json"))))
            #expect(bundle == [["id": "e2"], ["id": "e3", "title": "Oui"]], "\(bundle)")
            let catalog = try String(contentsOf: dir.url.appendingPathComponent("dist/Content.xcstrings"), encoding: .utf8)
            #expect(!catalog.contains("thing.e2.title") && catalog.contains("thing.e3.title"))
        }
    }

    /// A repeated `key` (the exporters' id when there is no `id`) is a lint error at its
    /// place, not a build that stops without one.
    @Test func aRepeatedKeyIsReportedByLint() throws {
        let dir = try project()
        try dir.write("content/levels.json", "[{\"key\": 1, \"label\": \"Beginner\"},\n {\"key\": 1, \"label\": \"Expert\"}]")
        let build = try CLI.run(["build"], in: dir.url)
        #expect(build.status == 1, "\(build.stderr)")
        #expect(build.stdout.contains("content/levels.json:2:10: error: level key '1' is already used"), "\(build.stdout)")
    }
}
