import Foundation
import LarderJSON
import Testing

/// A team's own schema (`schema:` of a content entry in larder.yml): its problems are
/// reported in the schema file, at their lines, in every report format.
@Suite struct TeamSchemaTests {
    static let config = """
        locales: [en]
        content:
          - kind: card
            schema: schemas/card.schema.json
            include: ["content/*.json"]
        """

    /// Line 3 has `"type": "objekt"` (the value at column 11), line 4 `"minLength": -1`
    /// (column 61); the file it references, `defs.json`, has `"strin"` at 3:20.
    static let badSchema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "objekt",
          "properties": { "title": { "type": "string", "minLength": -1 },
            "x": { "$ref": "defs.json#/$defs/d" } }
        }

        """
    static let badDefs = """
        {
          "$defs": {
            "d": { "type": "strin" }
          }
        }

        """

    func project(schema: String = badSchema, defs: String = badDefs) throws -> Scratch {
        let dir = try Scratch()
        try dir.write("larder.yml", Self.config)
        try dir.write("schemas/card.schema.json", schema)
        try dir.write("schemas/defs.json", defs)
        try dir.write("content/a.json", #"{"id": "a", "title": "A"}"#)
        return dir
    }

    /// Plural forms were documented for texts, but Larder's `localizedText` holds strings
    /// only, so a kind of your own that `$ref`s it could not have them. Its
    /// `localizedPluralText` gives a language's value as plural forms too: the field is a
    /// text to the rules and the exports, which write each language's categories.
    @Test func aKindOfYourOwnHasPluralFormsThroughLocalizedPluralText() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en, vi, ru]
            content:
              - kind: achievement
                schema: schemas/achievement.schema.json
                include: ["content/*.json"]
            exports:
              - xcstrings: { out: dist/Content.xcstrings }
              - i18next: { out: dist/i18n }
            """)
        try dir.write("schemas/achievement.schema.json", """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "required": ["id", "title"],
             "properties": {"id": {"type": "string"},
                            "title": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedPluralText"}}}
            """)
        try dir.write("content/a.json", """
            [{"id": "marathon", "title": {"en": {"one": "Win a game", "other": "Win %d games"}, "vi": "Thắng %d ván",
              "ru": {"one": "%d игра", "few": "%d игры", "many": "%d игр", "other": "%d игры"}}}]
            """)
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 0 && lint.stdout == "No problems in 1 file\n", "\(lint.stdout)\(lint.stderr)")
        let build = try CLI.run(["build"], in: dir.url)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let ru = try JSONValue(parsing: try String(contentsOf: dir.url.appendingPathComponent("dist/i18n/locales/ru/achievement.json"), encoding: .utf8))
        #expect(ru["marathon"]?["title_few"]?.stringValue == "%d игры")
        let catalog = try String(contentsOf: dir.url.appendingPathComponent("dist/Content.xcstrings"), encoding: .utf8)
        // Every language of the text is plural in the catalog: vi's one string is its
        // `other` form (the only category vi uses).
        #expect(catalog.components(separatedBy: "\"plural\"").count - 1 == 3, "\(catalog)")
        #expect(catalog.contains("\"few\" : {"), "\(catalog)")
        // A misspelled category is the plural-forms rule's, not a schema error.
        try dir.write("content/a.json", #"[{"id": "marathon", "title": {"en": {"on": "Win a game", "other": "Win %d games"}, "vi": "x", "ru": "x"}}]"#)
        let misspelled = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(misspelled.stdout.contains("has a form named 'on', which is no plural category (did you mean 'one'?)"), "\(misspelled.stdout)")
        #expect(!misspelled.stdout.contains("[schema]"), "\(misspelled.stdout)")
    }

    /// The problems were one diagnostic at larder.yml's `schema:`, squashed into its message
    /// with positions that named no file, 4:61 before 3:11; the referenced file's problem was
    /// not told until the schema's own were fixed.
    @Test func eachProblemIsAnErrorAtItsPlaceInTheSchemaFile() throws {
        let dir = try project()
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        let root = dir.url.path
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(r.stdout)")
        guard lines.count == 4 else { return }
        #expect(lines[0].hasPrefix("\(root)/larder.yml:4:13: error: the schema of 'card' (schemas/card.schema.json) is not valid: 3 problems, reported at their places in schemas/card.schema.json and schemas/defs.json"), "\(lines[0])")
        #expect(lines[1].hasPrefix("\(root)/schemas/card.schema.json:3:11: error: /type: \"objekt\" is not one of "), "\(lines[1])")
        #expect(lines[2].hasPrefix("\(root)/schemas/card.schema.json:4:61: error: /properties/title/minLength: -1 is less than the minimum 0"), "\(lines[2])")
        #expect(lines[3].hasPrefix("\(root)/schemas/defs.json:3:20: error: /$defs/d/type: \"strin\" is not one of "), "\(lines[3])")
        #expect(lines.allSatisfy { $0.hasSuffix("[config]") })
    }

    /// References that cannot be resolved were told one per run: a file's meta-schema
    /// problems (its own, or those of a file it `$ref`s) hid them, and each hid the next,
    /// so four problems took three runs.
    @Test func everyReferenceThatCannotBeResolvedIsToldInOneRun() throws {
        let dir = try Scratch()
        try dir.write("schemas/a.schema.json", """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "type": "object",
              "properties": {"title": {"type": "string", "minLength": -1}, "x": {"$ref": "defs.json#/$defs/nope"}, "y": {"$ref": "missing.json"}}
            }
            """)
        try dir.write("schemas/defs.json", #"{"$defs": {"t": {"type": "strin"}}}"#)
        try dir.write("content/a.json", #"[{"id": "a", "title": "x"}]"#)
        try dir.write("larder.yml", "locales: [en]\ncontent: [{kind: achievement, schema: schemas/a.schema.json, include: [\"content/*.json\"]}]\n")
        func problems() throws -> [String] {
            let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
            #expect(r.status == 2, "\(r.stdout)")
            return r.stdout.split(separator: "\n").dropFirst().map { String($0.dropFirst(dir.url.path.count + 1)) }
        }
        let missing = dir.url.appendingPathComponent("schemas/missing.json").path
        #expect(try problems() == [
            "schemas/a.schema.json:4:59: error: /properties/title/minLength: -1 is less than the minimum 0 [config]",
            "schemas/a.schema.json:4:78: error: /properties/x/$ref: cannot resolve the reference defs.json#/$defs/nope: nothing at /$defs/nope [config]",
            "schemas/a.schema.json:4:118: error: /properties/y/$ref: cannot resolve the reference missing.json: the file \(missing) does not exist [config]",
            "schemas/defs.json:1:26: error: /$defs/t/type: \"strin\" is not one of \"array\", \"boolean\", \"integer\", \"null\", \"number\", \"object\", \"string\" [config]",
        ])
        // With the file's own problem fixed, the referenced file's still hides none.
        try dir.write("schemas/a.schema.json", try String(contentsOf: dir.url.appendingPathComponent("schemas/a.schema.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"minLength\": -1", with: "\"minLength\": 1"))
        #expect(try problems().count == 3)
        try dir.write("schemas/defs.json", #"{"$defs": {"t": {"type": "string"}}}"#)
        #expect(try problems().map { $0.components(separatedBy: ": error: ")[0] } == ["schemas/a.schema.json:4:77", "schemas/a.schema.json:4:117"])
        // Nor does a problem the compile meets on its way (a pattern that is none, in the
        // schema or in a file it references): it stopped the compile, and the references
        // after it were lost.
        try dir.write("schemas/a.schema.json", """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "properties": {"w": {"pattern": "("}, "x": {"$ref": "defs.json#/$defs/t"}, "y": {"$ref": "missing.json"}, "z": {"$ref": "#/$defs/nope"}}
            }
            """)
        try dir.write("schemas/defs.json", #"{"$defs": {"t": {"type": "string", "pattern": "["}}}"#)
        #expect(try problems().map { $0.components(separatedBy: ": error: ")[0] }
            == ["schemas/a.schema.json:3:35", "schemas/a.schema.json:3:92", "schemas/a.schema.json:3:123", "schemas/defs.json:1:47"])
    }

    @Test func theHumanReportQuotesTheSchemaLineAndCountsItsFiles() throws {
        let dir = try project()
        let r = try CLI.run(["lint", "--color", "never"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout.contains("schemas/card.schema.json:4:61: error: /properties/title/minLength: -1 is less than the minimum 0 [config]\n  \"properties\": { \"title\": { \"type\": \"string\", \"minLength\": -1 },\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("4:61: /properties"), "the problems are no longer inside larder.yml's message: \(r.stdout)")
        // The content file, larder.yml and the two schema files.
        #expect(r.stdout.hasSuffix("4 errors in 4 files\n"), "\(r.stdout)")
    }

    @Test func everyReportFormatNamesTheSchemaFile() throws {
        let dir = try project()
        let json = try CLI.run(["lint", "--format", "json"], in: dir.url)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let places = (object?["diagnostics"] as? [[String: Any]] ?? []).map { d in
            "\(d["file"] ?? ""):\(d["line"] ?? ""):\(d["column"] ?? ""):\(d["pointer"] ?? "")"
        }
        #expect(places == ["larder.yml:4:13:/content/0/schema", "schemas/card.schema.json:3:11:/type",
                           "schemas/card.schema.json:4:61:/properties/title/minLength", "schemas/defs.json:3:20:/$defs/d/type"], "\(json.stdout)")

        let github = try CLI.run(["lint", "--format", "github"], in: dir.url)
        #expect(github.stdout.contains("::error file=schemas/card.schema.json,line=4,col=61,endLine=4,endColumn=63,title=config::/properties/title/minLength: -1 is less than the minimum 0"), "\(github.stdout)")
        #expect(github.stdout.contains("::error file=schemas/defs.json,line=3,col=20,"), "\(github.stdout)")

        let sarif = try CLI.run(["lint", "--format", "sarif"], in: dir.url)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let sarifPlaces = results.compactMap { result -> String? in
            guard let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any],
                  let artifact = physical["artifactLocation"] as? [String: Any], let region = physical["region"] as? [String: Any] else { return nil }
            return "\(artifact["uri"] ?? ""):\(region["startLine"] ?? ""):\(region["startColumn"] ?? "")"
        }
        #expect(sarifPlaces == ["larder.yml:4:13", "schemas/card.schema.json:3:11", "schemas/card.schema.json:4:61", "schemas/defs.json:3:20"], "\(sarif.stdout)")
    }

    /// Run from elsewhere, the schema files are named as the current folder sees them, also
    /// when larder.yml has mistakes of its own.
    @Test func schemaFilesAreNamedFromTheCurrentFolder() throws {
        let dir = try project()
        let parent = dir.url.deletingLastPathComponent()
        let name = dir.url.lastPathComponent
        let r = try CLI.run(["lint", "--config", "\(name)/larder.yml", "--format", "github"], in: parent)
        #expect(r.status == 2)
        #expect(r.stdout.contains("::error file=\(name)/schemas/card.schema.json,line=3,col=11,"), "\(r.stdout)")
        try dir.write("larder.yml", Self.config + "\nrulez: {}\n")
        let broken = try CLI.run(["lint", "--config", "\(name)/larder.yml", "--format", "github"], in: parent)
        #expect(broken.status == 2)
        #expect(broken.stdout.contains("::error file=\(name)/larder.yml,line=6,"), "\(broken.stdout)")
        #expect(broken.stdout.contains("::error file=\(name)/schemas/defs.json,line=3,col=20,"), "\(broken.stdout)")
    }

    /// A referenced file's problems when the schema itself is valid (the engine finds them),
    /// and a schema that is not JSON, at the place the parser stopped.
    @Test func referencedFileAloneAndASchemaThatIsNotJSON() throws {
        let valid = "{\n  \"type\": \"object\",\n  \"properties\": { \"x\": { \"$ref\": \"defs.json#/$defs/d\" } }\n}\n"
        let dir = try project(schema: valid)
        let r = try CLI.run(["lint", "--format", "github"], in: dir.url)
        #expect(r.status == 2)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(r.stdout)")
        #expect(lines.first?.contains("file=larder.yml,line=4,col=13,") == true, "\(r.stdout)")
        #expect(lines.last?.hasPrefix("::error file=schemas/defs.json,line=3,col=20,") == true, "\(r.stdout)")

        try dir.write("schemas/card.schema.json", "{\n  \"type\": \"object\",\n  \"required\": [\"id\"\n}\n")
        let notJSON = try CLI.run(["lint", "--format", "github"], in: dir.url)
        #expect(notJSON.status == 2)
        #expect(notJSON.stdout.contains("::error file=schemas/card.schema.json,line=4,col=1,"), "\(notJSON.stdout)")
        #expect(notJSON.stdout.contains("the schema is not valid JSON"), "\(notJSON.stdout)")
    }

    /// A schema file, or a file it `$ref`s, that is a symbolic link out of the project is
    /// not read: the target could be any file the run can read (`~/.netrc`), and one that
    /// is not JSON had its first line quoted in the report; one that is JSON was used as
    /// the kind's schema. A remote `$ref` and a file outside the project get advice lint
    /// can follow (lint has no `--ref-map`).
    @Test func aSchemaLinkedFromOutsideTheProjectIsNotRead() throws {
        let dir = try project()
        let outside = try Scratch()
        try outside.write("secret.env", "TOKEN=hunter2\n")
        try outside.write("outside.schema.json", #"{"required": ["secretfield"]}"#)
        let schema = dir.url.appendingPathComponent("schemas/card.schema.json")
        try FileManager.default.removeItem(at: schema)
        try FileManager.default.createSymbolicLink(at: schema, withDestinationURL: outside.url.appendingPathComponent("secret.env"))
        let r = try CLI.run(["lint"], in: dir.url)
        #expect(r.status == 2)
        #expect(!r.stdout.contains("hunter2"), "\(r.stdout)")
        #expect(r.stdout.contains("larder.yml:4:13: error: cannot read the schema of 'card' (schemas/card.schema.json): it is a symbolic link to a file outside the project"), "\(r.stdout)")

        // A `$ref` to a link: the linked schema is not used (it would require `secretfield`).
        try FileManager.default.removeItem(at: schema)
        try dir.write("schemas/card.schema.json", #"{"$ref": "defs.json"}"#)
        let defs = dir.url.appendingPathComponent("schemas/defs.json")
        try FileManager.default.removeItem(at: defs)
        try FileManager.default.createSymbolicLink(at: defs, withDestinationURL: outside.url.appendingPathComponent("outside.schema.json"))
        let linkedRef = try CLI.run(["lint"], in: dir.url)
        #expect(linkedRef.status == 2)
        #expect(!linkedRef.stdout.contains("secretfield"), "\(linkedRef.stdout)")
        #expect(linkedRef.stdout.contains("schemas/defs.json is a symbolic link to"), "\(linkedRef.stdout)")
        #expect(linkedRef.stdout.contains("Larder does not follow it"), "\(linkedRef.stdout)")

        // Outside the project by path, and remote: no `--ref-map` in the advice.
        try dir.write("schemas/card.schema.json", #"{"properties": {"a": {"$ref": "../../\#(outside.url.lastPathComponent)/outside.schema.json"}, "b": {"$ref": "https://example.com/b.json"}}}"#)
        let elsewhere = try CLI.run(["lint"], in: dir.url)
        #expect(elsewhere.status == 2)
        #expect(!elsewhere.stdout.contains("--ref-map"), "\(elsewhere.stdout)")
        #expect(elsewhere.stdout.contains("copy the schema into the project"), "\(elsewhere.stdout)")
    }

    /// Two entries with one schema file: its problems are told once.
    @Test func aSchemaSharedByTwoEntriesIsReportedOnce() throws {
        let dir = try project()
        try dir.write("larder.yml", Self.config + "\n  - kind: deck\n    schema: schemas/card.schema.json\n    include: [\"decks/*.json\"]\n")
        let r = try CLI.run(["lint", "--format", "github"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout.components(separatedBy: "file=schemas/card.schema.json,line=4,col=61,").count == 2, "\(r.stdout)")
        #expect(r.stdout.contains("file=larder.yml,line=7,"), "\(r.stdout)")
    }

    /// `format` in a team's schema was never checked and larder.yml had no setting for it:
    /// a date of month 13, an email and a URI that are neither passed lint.
    @Test func formatIsAnAnnotationUnlessTheEntryAssertsIt() throws {
        let dir = try Scratch()
        let config = """
            locales: [en]
            content:
              - kind: event
                schema: schemas/event.schema.json
                include: ["content/*.json"]

            """
        try dir.write("larder.yml", config)
        try dir.write("schemas/event.schema.json", """
            {
              "type": "object",
              "properties": {
                "when": { "type": "string", "format": "date" },
                "mail": { "type": "string", "format": "email" },
                "site": { "type": "string", "format": "uri" },
                "kind": { "type": "string", "format": "larder-unknown" }
              }
            }
            """)
        try dir.write("content/e.json", "{\n  \"when\": \"2024-13-45\",\n  \"mail\": \"not an email\",\n  \"site\": \"not a uri\",\n  \"kind\": \"x\"\n}\n")
        try dir.write("content/ok.json", #"{"when": "2024-02-29", "mail": "ana@example.com", "site": "https://example.com/a", "kind": "x"}"#)
        // The default: JSON Schema 2020-12's annotation.
        let annotated = try CLI.run(["lint", "--format", "github"], in: dir.url)
        #expect(annotated.status == 0, "\(annotated.stdout)\(annotated.stderr)")
        #expect(annotated.stdout == "")

        try dir.write("larder.yml", config.replacingOccurrences(of: "    include:", with: "    formats: assert\n    include:"))
        let asserted = try CLI.run(["lint", "--format", "github"], in: dir.url)
        #expect(asserted.status == 1, "\(asserted.stdout)\(asserted.stderr)")
        let lines = asserted.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "::error file=content/e.json,line=2,col=11,endLine=2,endColumn=23,title=schema::\"when\": \"2024-13-45\" is not a valid date",
            "::error file=content/e.json,line=3,col=11,endLine=3,endColumn=25,title=schema::\"mail\": \"not an email\" is not a valid email",
            "::error file=content/e.json,line=4,col=11,endLine=4,endColumn=22,title=schema::\"site\": \"not a uri\" is not a valid uri",
        ], "\(asserted.stdout)")
        let build = try CLI.run(["build", "--format", "github"], in: dir.url)
        #expect(build.status == 1, "build lints with the same schemas: \(build.stdout)\(build.stderr)")
        #expect(build.stdout.contains("file=content/e.json,line=2,col=11,"), "\(build.stdout)")

        try dir.write("larder.yml", config.replacingOccurrences(of: "    include:", with: "    formats: asert\n    include:"))
        let typo = try CLI.run(["lint", "--format", "github"], in: dir.url)
        #expect(typo.status == 2)
        #expect(typo.stdout.hasPrefix("::error file=larder.yml,line=5,col=14,"), "\(typo.stdout)")
        #expect(typo.stdout.contains(#"content[0].formats: "asert" is not one of "annotate", "assert""#), "\(typo.stdout)")
    }

    /// `formats:` is per entry, also for a built-in kind (whose one format, `uri` on links,
    /// the `url` rule checks too): two entries of one kind do not share a compiled schema.
    @Test func formatsIsPerEntryForBuiltInKinds() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/a/*.json"]
              - kind: recipe
                formats: assert
                include: ["content/b/*.json"]
            rules:
              url: off
            """)
        let recipe = #"{"id": "ID", "name": {"en": "Bolo"}, "servings": 4, "ingredients": ["flour"], "links": ["https://exa mple.com/"]}"#
        try dir.write("content/a/a.json", recipe.replacingOccurrences(of: "ID", with: "a"))
        try dir.write("content/b/b.json", recipe.replacingOccurrences(of: "ID", with: "b"))
        let r = try CLI.run(["lint", "--format", "github"], in: dir.url)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 1, "\(r.stdout)")
        #expect(r.stdout.hasPrefix("::error file=content/b/b.json,line=1,col=88,"), "\(r.stdout)")
        #expect(r.stdout.contains("is not a valid uri"), "\(r.stdout)")
    }

    /// A link's scheme is case-insensitive (RFC 3986, 3.1): the built-in schema takes
    /// `HTTPS://`, as the `url` rule does. A bad scheme is reported once, by the `url` rule;
    /// with the rule off, by the schema.
    @Test func aLinkIsCheckedOnceAndItsSchemeInAnyCase() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]

            """)
        try dir.write("content/negroni.json", #"{"id": "negroni", "name": {"en": "Negroni"}, "servings": 1, "ingredients": ["gin"], "links": ["HTTPS://www.example.com/negroni", "Http://example.com/", "ftp://x", "www.example.com"]}"#)
        let r = try CLI.run(["lint", "--format", "github"], in: dir.url)
        let lines = r.stdout.split(separator: "\n")
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(lines.count == 2, "\(r.stdout)")
        #expect(lines.allSatisfy { $0.contains(",title=url::links[") }, "\(r.stdout)")
        #expect(r.stdout.contains("'ftp://x' is not an http(s) URL"), "\(r.stdout)")
        #expect(!r.stdout.contains("is not a web address"), "\(r.stdout)")
        // With the rule off the schema reports the scheme, once per link.
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            rules:
              url: off

            """)
        let off = try CLI.run(["lint", "--format", "github"], in: dir.url)
        #expect(off.stdout.split(separator: "\n").count == 2, "\(off.stdout)")
        #expect(off.stdout.components(separatedBy: "is not a web address").count - 1 == 2, "\(off.stdout)")
    }
}

extension TeamSchemaTests {
    /// A team schema whose `$schema` names a draft Larder does not support is refused with
    /// what lint can do about it: name a supported draft in `$schema`. It advised `--draft`,
    /// `larder validate`'s flag, which lint does not take.
    @Test func anUnsupportedDraftOfATeamSchemaAdvisesNoFlagLintLacks() throws {
        let dir = try Scratch()
        try dir.write("schemas/a.schema.json", #"{"$schema": "http://json-schema.org/draft-03/schema#", "type": "object"}"#)
        try dir.write("content/a.json", #"[{"id": "a"}]"#)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: achievement\n    schema: schemas/a.schema.json\n    include: [\"content/*.json\"]\n")
        let r = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("a draft Larder does not support; Larder supports drafts 2020-12, 2019-09, 7, 6 and 4: name one of them in $schema [config]"), "\(r.stdout)")
        #expect(!r.stdout.contains("--draft"), "\(r.stdout)")
    }
}
