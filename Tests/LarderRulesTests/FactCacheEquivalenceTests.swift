import Foundation
import LarderCore
import LarderJSON
import LarderRules
import Testing

/// The lint cache never changes what is reported: over a project whose files are edited,
/// renamed and deleted, whose rule options change and whose Larder build changes, a run
/// with the cache gives exactly the diagnostics of a run that parses every file, for every
/// choice of files reported on.
@Suite struct FactCacheEquivalenceTests {
    final class Project {
        let root: URL
        var configJSON: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("larder-equivalence-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            configJSON = """
                {"locales": ["en"], "content": [
                  {"kind": "recipe", "include": ["recipes/**/*.json"]},
                  {"kind": "location", "include": ["places/**/*.json"]},
                  {"kind": "taxonomy", "include": ["taxonomy/*.json"]}]}
                """
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ path: String, _ text: String) throws {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }

        func remove(_ path: String) throws {
            try FileManager.default.removeItem(at: root.appendingPathComponent(path))
        }

        func move(_ from: String, _ to: String) throws {
            try FileManager.default.moveItem(at: root.appendingPathComponent(from), to: root.appendingPathComponent(to))
        }

        func lint(reportingOn: Set<String>?, cache: Bool, salt: String) async throws -> (diagnostics: [Diagnostic], report: Linter.CacheReport) {
            // As `larder` loads it: with the tag fields of the team kinds' schemas.
            let projectRoot = root.path
            let schemas = SchemaTextFields(projectRoot: projectRoot) { path in try? FileBytes.read(projectRoot + "/" + path) }
            let config = LarderConfig(json: try JSONDocument(parsing: configJSON).value).readingSchemaTagFields(schemas)
            let reader = WorkingTreeReader(root: root.path)
            let linter = Linter(config: config, registry: PluginRegistry.withBuiltInRules(), reader: reader, projectRoot: root.path)
            let loader = ContentLoader(config: config, reader: reader)
            let outcome = await linter.lint(
                files: loader.includedFiles(), loader: loader, reportingOn: reportingOn,
                cache: cache ? FactCache(projectRoot: root.path, configName: "larder.yml", salt: salt) : nil)
            return (outcome.diagnostics.sorted(), outcome.cache)
        }
    }

    static func recipe(_ id: String, shops: [String] = [], category: String = "cocktail", tags: [String] = []) -> String {
        let shopList = shops.map { "\"\($0)\"" }.joined(separator: ", ")
        let tagList = tags.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {
              "id": \(id.allSatisfy(\.isNumber) ? id : "\"\(id)\""),
              "name": {"en": "Drink \(id)"},
              "category": "\(category)",
              "tags": [\(tagList)],
              "shops": [\(shopList)]
            }
            """
    }

    static func place(_ id: String, _ latitude: Double, _ longitude: Double) -> String {
        #"{"id": "\#(id)", "name": {"en": "Place \#(id)"}, "coordinates": {"latitude": \#(latitude), "longitude": \#(longitude)}}"#
    }

    /// Lints with and without the cache for several choices of reported files; the results
    /// must be equal. Returns the number of diagnostics of the whole-project run.
    @discardableResult
    static func compare(_ project: Project, salt: String = "larder 1", _ step: String) async throws -> Int {
        try await Task.sleep(for: .milliseconds(30))  // files older than the run's stamp
        let files = try FileManager.default.subpathsOfDirectory(atPath: project.root.path)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        var choices: [Set<String>?] = [nil]
        for file in files { choices.append([file]) }
        choices.append(Set(files.prefix(2)))
        var total = 0
        for reportingOn in choices {
            let expected = try await project.lint(reportingOn: reportingOn, cache: false, salt: salt).diagnostics
            let cached = try await project.lint(reportingOn: reportingOn, cache: true, salt: salt)
            #expect(cached.report.used, "\(step)")
            #expect(cached.diagnostics == expected, "\(step), reporting on \(reportingOn.map { $0.sorted() } ?? ["everything"])")
            // Once more, now surely from the cache.
            let again = try await project.lint(reportingOn: reportingOn, cache: true, salt: salt)
            #expect(again.diagnostics == expected, "\(step) (again), reporting on \(reportingOn.map { $0.sorted() } ?? ["everything"])")
            if let reportingOn {
                #expect(again.report.loaded && again.report.parsed == reportingOn.count, "\(step): \(again.report)")
            }
            if reportingOn == nil { total = expected.count }
        }
        return total
    }

    static func ruleIDs(_ project: Project, reportingOn: Set<String>?) async throws -> Set<String> {
        Set(try await project.lint(reportingOn: reportingOn, cache: true, salt: "larder 1").diagnostics.map(\.ruleID))
    }

    @Test func theCacheNeverChangesWhatIsReported() async throws {
        let project = try Project()
        try project.write("recipes/a.json", "[\(Self.recipe("negroni", shops: ["gerrys", "nowhere"], tags: ["bitter"])),\n \(Self.recipe("americano", shops: ["pop"]))]")
        try project.write("recipes/b.json", Self.recipe("negroni", shops: ["gerry"], category: "cocktial"))
        try project.write("recipes/c.json", Self.recipe("7", tags: ["sweat"]))
        try project.write("places/l.json", "[\(Self.place("gerrys", 10.77253, 106.69803)), \(Self.place("pop", 10.77256, 106.69805))]")
        try project.write("places/m.json", Self.place("far", 10.77260, 106.69801))
        try project.write("taxonomy/t.json", #"{"cocktail": {"en": "Cocktail"}, "bitter": {"en": "Bitter"}, "sweet": {"en": "Sweet"}}"#)
        try await Self.compare(project, "initial")
        // Each cross-file rule has something to say, also on a file reported alone.
        #expect(try await Self.ruleIDs(project, reportingOn: ["recipes/b.json"]).isSuperset(of: ["unique-id", "reference"]))
        #expect(try await Self.ruleIDs(project, reportingOn: ["places/m.json"]).contains("near-duplicate-location"))

        // Edits: the duplicate id goes, a place moves away, a taxonomy tag is added.
        try project.write("recipes/b.json", Self.recipe("boulevardier", shops: ["gerrys"]))
        try project.write("places/m.json", Self.place("far", 10.9, 106.9))
        try project.write("taxonomy/t.json", #"{"cocktail": {"en": "Cocktail"}, "bitter": {"en": "Bitter"}, "sweat": {"en": "Sweat"}}"#)
        try await Self.compare(project, "edits")

        // A tag defined again in a second taxonomy file: reported from either file.
        try project.write("taxonomy/u.json", #"{"sour": {"en": "Sour"}, "cocktail": {"en": "Mixed drink"}}"#)
        try await Self.compare(project, "tag twice")
        #expect(try await Self.ruleIDs(project, reportingOn: ["taxonomy/t.json"]).contains("unique-tag"))
        #expect(try await Self.ruleIDs(project, reportingOn: ["taxonomy/u.json"]).contains("unique-tag"))

        // A rename changes the load order: which of two equal ids comes first.
        try project.write("recipes/b.json", Self.recipe("americano", shops: ["gerrys"]))
        try await Self.compare(project, "duplicate again")
        try project.move("recipes/a.json", "recipes/z.json")
        try await Self.compare(project, "rename")

        // A deletion: the shops' location goes.
        try project.remove("places/l.json")
        try await Self.compare(project, "deletion")

        // Rule options change what the facts are and how they are judged.
        try project.write("places/l.json", Self.place("gerrys", 10.9003, 106.9))
        try project.write("recipes/c.json", Self.recipe("Boulevardier"))
        project.configJSON = """
            {"locales": ["en"], "content": [
              {"kind": "recipe", "include": ["recipes/**/*.json"], "rules": {"unique-id": {"caseInsensitive": true}}},
              {"kind": "location", "include": ["places/**/*.json"]},
              {"kind": "taxonomy", "include": ["taxonomy/*.json"]}],
             "rules": {"near-duplicate-location": {"meters": 50}}}
            """
        try await Self.compare(project, "options")
        project.configJSON = """
            {"locales": ["en"], "content": [
              {"kind": "recipe", "include": ["recipes/**/*.json"], "rules": {"unique-id": {"key": "/name/en"}}},
              {"kind": "location", "include": ["places/**/*.json"]},
              {"kind": "taxonomy", "include": ["taxonomy/*.json"]}],
             "rules": {"reference": {"knownTags": ["sweet"]}}}
            """
        try await Self.compare(project, "other options")

        // A file moves to another kind.
        try project.move("recipes/c.json", "places/c.json")
        try await Self.compare(project, "another kind")

        // Another Larder build reads none of it, and comes to the same answers.
        let before = try await project.lint(reportingOn: ["recipes/b.json"], cache: true, salt: "larder 1")
        let other = try await project.lint(reportingOn: ["recipes/b.json"], cache: true, salt: "larder 2")
        #expect(!other.report.loaded && other.diagnostics == before.diagnostics)
        try await Self.compare(project, salt: "larder 2", "another build")
    }

    /// A `tagFields` entry whose name starts with `/` names a field of that name, also when
    /// its facts come from the cache: they were read back as a JSON Pointer (`/odd` as the
    /// field `odd`), so a run from the cache reported the tag at another pointer, naming
    /// another field.
    @Test func aTagFieldNamedWithASlashIsTheSameFromTheCache() async throws {
        let project = try Project()
        project.configJSON = """
            {"locales": ["en"], "content": [
              {"kind": "recipe", "include": ["recipes/*.json"], "rules": {"reference": {"tagFields": ["/odd", "a/b", "tags"]}}},
              {"kind": "taxonomy", "include": ["taxonomy/*.json"]}]}
            """
        try project.write("recipes/a.json", """
            [
              {"id": "a", "/odd": ["clasic", "classic"], "a/b": "rrae", "tags": ["quick"], "odd": ["nope"]}
            ]
            """)
        try project.write("recipes/b.json", #"{"id": "b", "/odd": "quikc"}"#)
        try project.write("taxonomy/t.json", #"{"classic": {"en": "Classic"}, "quick": {"en": "Quick"}, "rare": {"en": "Rare"}}"#)
        let first = try await project.lint(reportingOn: nil, cache: false, salt: "larder 1").diagnostics.filter { $0.ruleID == "reference" }
        #expect(first.map { "\($0.file)\($0.pointer)" } == ["recipes/a.json/0/~1odd/0", "recipes/a.json/0/a~1b", "recipes/b.json/~1odd"])
        #expect(first.first?.message.hasPrefix("tag in /odd 'clasic' is not in any taxonomy") == true, "\(first)")
        try await Self.compare(project, "a field named with a slash")
        let cached = try await project.lint(reportingOn: ["recipes/b.json"], cache: true, salt: "larder 1")
        #expect(cached.report.loaded && cached.diagnostics.filter { $0.ruleID == "reference" } == [first[2]], "\(cached.diagnostics)")
    }

    /// The tags a team kind's schema marks (at the top, in a list, in a tree of sections,
    /// in a map) are facts the cache keeps with their places; a schema that marks other
    /// fields makes the kept facts stale.
    @Test func aTeamKindsSchemaTagsAreTheSameFromTheCache() async throws {
        let project = try Project()
        project.configJSON = """
            {"locales": ["en"], "content": [
              {"kind": "deck", "schema": "deck.schema", "include": ["decks/*.json"]},
              {"kind": "taxonomy", "include": ["taxonomy/*.json"]}]}
            """
        let common = "https://larder.dev/schemas/common.schema.json#/$defs/"
        // Not named `.json`: every `.json` file is content to `compare`.
        try project.write("deck.schema", #"""
            {"type": "object", "properties": {"category": {"$ref": "\#(common)category"}, "tags": {"$ref": "\#(common)tags"},
             "sections": {"type": "array", "items": {"$ref": "#/$defs/section"}},
             "by": {"type": "object", "additionalProperties": {"$ref": "\#(common)tag"}}},
             "$defs": {"section": {"type": "object", "properties": {"tags": {"$ref": "\#(common)tags"},
               "children": {"type": "array", "items": {"$ref": "#/$defs/section"}}}}}}
            """#)
        try project.write("decks/a.json", """
            [
              {"id": "a", "category": "clasic", "tags": ["quick", "rrae"],
               "sections": [{"tags": ["quick"], "children": [{"tags": ["slow"]}]}], "by": {"a/b": "rarer", "~": "rare"}},
              {"id": "b", "category": "classic", "tags": ["rare"]}
            ]
            """)
        try project.write("decks/b.json", #"{"id": "c", "category": "cls", "tags": []}"#)
        try project.write("taxonomy/t.json", #"{"classic": {"en": "Classic"}, "quick": {"en": "Quick"}, "rare": {"en": "Rare"}}"#)
        #expect(try await Self.compare(project, "team kind") == 5)
        let pointers = try await project.lint(reportingOn: ["decks/a.json"], cache: true, salt: "larder 1").diagnostics.map(\.pointer.description)
        #expect(pointers == ["/0/category", "/0/tags/1", "/0/sections/0/children/0/tags/0", "/0/by/a~1b"])
        // A taxonomy edit is seen from the deck's kept facts.
        try project.write("taxonomy/t.json", #"{"classic": {"en": "Classic"}, "quick": {"en": "Quick"}, "rare": {"en": "Rare"}, "slow": {"en": "Slow"}}"#)
        #expect(try await Self.compare(project, "taxonomy edit") == 4)
        // The schema no longer marks the tree's tags, nor the map's.
        try project.write("deck.schema", #"""
            {"type": "object", "properties": {"category": {"$ref": "\#(common)category"}, "tags": {"$ref": "\#(common)tags"}}}
            """#)
        #expect(try await Self.compare(project, "schema edit") == 3)
    }
}
