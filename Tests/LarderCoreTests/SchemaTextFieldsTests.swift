import Foundation
import LarderCore
import LarderJSON
import Testing

/// The localized text fields of a team's schema: those that refer to Larder's
/// `localizedText`, directly or through references, `anyOf`/`oneOf`/`allOf`, lists and maps.
@Suite struct SchemaTextFieldsTests {
    static func fields(_ files: [String: String], schema: String = "schemas/s.json") -> [String] {
        let reader = SchemaTextFields(projectRoot: "/project") { path in files[path].map { Array($0.utf8) } }
        return reader.fields(ofSchemaAt: schema).sorted()
    }

    @Test func fieldsThatReferToLocalizedTextAreText() {
        let schema = #"""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
             "properties": {
               "id": {"type": "string"},
               "label": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"},
               "prices": {"type": "object", "additionalProperties": {"type": "string"}},
               "hint": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/text"}]},
               "stops": {"type": "array", "items": {"properties": {"name": {"$ref": "defs.json#/$defs/name"}, "minutes": {"type": "integer"}}}},
               "byLevel": {"additionalProperties": {"allOf": [{"$ref": "#/$defs/text"}]}},
               "images": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/images"},
               "tree": {"$ref": "#/$defs/node"}
             },
             "$defs": {
               "text": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"},
               "node": {"properties": {"title": {"$ref": "#/$defs/text"}, "children": {"items": {"$ref": "#/$defs/node"}}}}
             }}
            """#
        let defs = #"{"$defs": {"name": {"$ref": "common.schema.json#/$defs/localizedText"}}}"#
        // defs.json's relative reference resolves against defs.json, not Larder's schemas.
        let found = Self.fields(["schemas/s.json": schema, "schemas/defs.json": defs])
        // The tree refers to itself: its repeating definition names the titles at any depth.
        #expect(found == ["/byLevel/*", "/hint", "/images/*/alt", "/label", "/tree/children/*~r1", "/tree/title",
                          "~r1/children/*~r1", "~r1/title"])
        let withLarder = Self.fields(["schemas/s.json": schema, "schemas/defs.json": defs.replacingOccurrences(
            of: "common.schema.json", with: "https://larder.dev/schemas/common.schema.json")])
        #expect(withLarder.contains("/stops/*/name"))
    }

    static let sectionTree = ##"""
        {"type": "object",
         "properties": {"id": {"type": "string"}, "sections": {"type": "array", "items": {"$ref": "#/$defs/section"}}},
         "$defs": {
           "section": {"type": "object", "properties": {
             "title": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"},
             "code": {"type": "string"},
             "children": {"type": "array", "items": {"$ref": "#/$defs/section"}}}}}}
        """##

    /// The titles of a document after `fields` (sorted pointers).
    static func matched(_ fields: [String], _ document: String) throws -> [String] {
        let json = try JSONDocument(parsing: document)
        let patterns = FieldPatterns(fields)
        let onTape = patterns.nodes(in: json, from: json.root).map { JSONPointer(tokens: $0.path).description }
        let inTree = patterns.values(in: json.value).map { JSONPointer(tokens: $0.path).description }
        #expect(onTape.sorted() == inTree.sorted())
        return onTape.sorted()
    }

    /// A tree of sections, each with a title and children of the same definition: the
    /// titles are text at every depth, and nothing else is.
    @Test func aSchemaThatRefersToItselfHasTextsAtEveryDepth() throws {
        let fields = Self.fields(["schemas/s.json": Self.sectionTree])
        #expect(fields == ["/sections/*/children/*~r1", "/sections/*/title", "~r1/children/*~r1", "~r1/title"])
        let document = #"""
            {"id": "guide", "sections": [
              {"title": "One", "code": "a", "children": [
                {"title": "One.one", "children": [
                  {"title": "One.one.one", "code": "b", "children": [{"title": {"en": "Deepest"}}]}]}]},
              {"title": "Two"}]}
            """#
        #expect(try Self.matched(fields, document) == [
            "/sections/0/children/0/children/0/children/0/title", "/sections/0/children/0/children/0/title",
            "/sections/0/children/0/title", "/sections/0/title", "/sections/1/title",
        ])
    }

    /// Definitions that refer to each other (a section's `parts` are parts, whose `sections`
    /// are sections), a root that is itself the tree, and references from another file.
    @Test func definitionsThatReferToEachOtherAndARootThatIsTheTree() throws {
        let text = "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"
        let mutual = ##"""
            {"properties": {"sections": {"items": {"$ref": "#/$defs/section"}}},
             "$defs": {
               "section": {"properties": {"title": {"$ref": "\##(text)"}, "parts": {"items": {"$ref": "#/$defs/part"}}}},
               "part": {"properties": {"caption": {"$ref": "\##(text)"}, "sections": {"items": {"$ref": "#/$defs/section"}}}}}}
            """##
        let fields = Self.fields(["schemas/s.json": mutual])
        let document = #"{"sections": [{"title": "A", "parts": [{"caption": "B", "sections": [{"title": "C", "parts": [{"caption": "D"}]}]}]}]}"#
        #expect(try Self.matched(fields, document) == [
            "/sections/0/parts/0/caption", "/sections/0/parts/0/sections/0/parts/0/caption",
            "/sections/0/parts/0/sections/0/title", "/sections/0/title",
        ])
        // The root is a node of the tree; its children are in a file of their own that
        // refers back to it.
        let root = ##"{"properties": {"label": {"$ref": "\##(text)"}, "kids": {"items": {"$ref": "kids.json"}}}}"##
        let kids = ##"{"anyOf": [{"$ref": "s.json"}, {"type": "null"}]}"##
        let rootFields = Self.fields(["schemas/s.json": root, "schemas/kids.json": kids])
        #expect(try Self.matched(rootFields, #"{"label": "0", "kids": [{"label": "1", "kids": [null, {"label": "2"}]}]}"#) == [
            "/kids/0/kids/1/label", "/kids/0/label", "/label",
        ])
    }

    /// Schemas that refer to themselves with nothing between (at the same place, through
    /// each other, or only so) end, and declare no text.
    @Test func referencesInACircleEnd() {
        let schemas = [
            ##"{"$ref": "#"}"##,
            ##"{"anyOf": [{"$ref": "#"}, {"$ref": "#/$defs/a"}], "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}, {"$ref": "#"}]}}}"##,
            ##"{"items": {"$ref": "#"}, "additionalProperties": {"$ref": "#"}}"##,
        ]
        for schema in schemas {
            #expect(Self.fields(["schemas/s.json": schema]).isEmpty, "\(schema)")
        }
        // A circle with a text in it names the text at any depth, with any document.
        let text = "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"
        let deep = ##"{"properties": {"t": {"$ref": "\##(text)"}}, "items": {"$ref": "#"}, "additionalProperties": {"$ref": "#"}}"##
        let fields = Self.fields(["schemas/s.json": deep])
        #expect(fields == ["/*~r1", "/t", "~r1/*~r1", "~r1/t"])
        #expect((try? Self.matched(fields, #"[[{"t": "x", "u": {"t": "y"}}]]"#)) == ["/0/0/t", "/0/0/u/t"])
    }

    /// Patterns that name a definition in a circle (written by hand) still end.
    @Test func patternsInACircleEnd() throws {
        let json = try JSONDocument(parsing: #"{"a": {"a": {"t": "x"}}}"#)
        let patterns = FieldPatterns(["~r1~r2", "~r2~r1", "~r1/a~r1", "/a~r1", "~r2/t", "not a pointer", "/x~r", "~r/t"])
        #expect(patterns.nodes(in: json, from: json.root).map { JSONPointer(tokens: $0.path).description }.sorted() == ["/a/a/t"])
        #expect(!FieldPatterns.isPattern("/x~r") && FieldPatterns.isPattern("/a~0r1") && FieldPatterns(["/a~0r1"]).root.first?.definition == nil)
    }

    @Test func aSchemaOfItsOwnTextsDeclaresNone() {
        let schema = ##"{"properties": {"name": {"$ref": "#/$defs/l10n"}}, "$defs": {"l10n": {"type": "object", "additionalProperties": {"type": "string"}}}}"##
        #expect(Self.fields(["schemas/s.json": schema]).isEmpty)
        #expect(Self.fields([:]).isEmpty)  // a schema that cannot be read
    }

    @Test func theConfigCarriesThemPerKindAndTheUniqueIDKeyIsTheID() {
        let config = LarderConfig(content: [
            ContentEntry(kind: "level", include: [Glob("a.json")], schema: "schemas/s.json",
                         rules: ["unique-id": RuleSetting(options: ["key": "/uid"])]),
            ContentEntry(kind: "recipe", include: [Glob("r.json")]),
        ])
        let reader = SchemaTextFields(projectRoot: "/p") { _ in
            Array(#"{"properties": {"label": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"}}}"#.utf8)
        }
        let loaded = config.readingSchemaTextFields(reader)
        #expect(loaded.textFields == ["level": ["/label"]])
        #expect(loaded.idFields == ["level": "/uid"])
        var context = ExportContext(exporterID: "xcstrings")
        loaded.describeKinds(in: &context)
        #expect(context.kinds == ["level", "recipe"] && context.textFields == ["level": ["/label"]] && context.idFields == ["level": "/uid"])
    }

    /// `additionalProperties` holds the members `properties` does not name: a schema whose
    /// every other member is a text (`{"id": …, "icon": …, "title": {…}, "subtitle": {…}}`)
    /// makes texts of those members alone. Its `*` took every member, so the id and the icon
    /// path were exported as texts in every string table and lint asked for their
    /// translations.
    @Test func additionalPropertiesAreTheMembersPropertiesDoesNotName() throws {
        let schema = #"""
            {"type": "object",
             "properties": {"id": {"type": "string"}, "icon": {"type": "string"}, "order": {"type": "integer"},
                            "a/b~c": {"type": "string"},
                            "meta": {"type": "object", "properties": {"k": {"type": "string"}},
                                     "additionalProperties": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"}}},
             "additionalProperties": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"}}
            """#
        let found = Self.fields(["schemas/s.json": schema])
        #expect(FieldPatterns(found).root.count == 2, "\(found)")
        let document = #"""
            {"id": "home", "icon": "icons/home.png", "order": 1, "a/b~c": "x", "title": {"en": "Home"}, "subtitle": "Start",
             "meta": {"k": "v", "note": "A note"}}
            """#
        #expect(try Self.matched(found, document) == ["/meta/note", "/subtitle", "/title"])
    }

    /// A team kind's tags are the fields that refer to Larder's tag definitions: `category`
    /// and `tag` hold one, `tags` and `taxonomyTags` a list (each element), also through the
    /// schema's own definitions, lists and a tree of itself. They are no text fields, nor
    /// is a text a tag.
    @Test func fieldsThatReferToLarderTagsAreTags() {
        let common = "https://larder.dev/schemas/common.schema.json#/$defs/"
        let schema = #"""
            {"type": "object",
             "properties": {
               "id": {"type": "string"},
               "title": {"$ref": "\#(common)localizedText"},
               "category": {"$ref": "\#(common)category"},
               "tags": {"$ref": "\#(common)tags"},
               "labels": {"$ref": "\#(common)taxonomyTags"},
               "mood": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/mood"}]},
               "levels": {"type": "array", "items": {"properties": {"badge": {"$ref": "\#(common)taxonomyTag"}}}},
               "kind": {"type": "string", "enum": ["a", "b"]},
               "tree": {"$ref": "#/$defs/node"}
             },
             "$defs": {
               "mood": {"$ref": "\#(common)tag"},
               "node": {"properties": {"tag": {"$ref": "\#(common)tag"}, "children": {"items": {"$ref": "#/$defs/node"}}}}
             }}
            """#
        let reader = SchemaTextFields(projectRoot: "/project") { path in path == "schemas/s.json" ? Array(schema.utf8) : nil }
        #expect(reader.tagFields(ofSchemaAt: "schemas/s.json").sorted() == [
            "/category", "/labels/*", "/levels/*/badge", "/mood", "/tags/*", "/tree/children/*~r1", "/tree/tag", "~r1/children/*~r1", "~r1/tag",
        ])
        #expect(reader.fields(ofSchemaAt: "schemas/s.json").sorted() == ["/title"])
        let config = LarderConfig(content: [
            ContentEntry(kind: "card", include: [Glob("a.json")], schema: "schemas/s.json"),
            ContentEntry(kind: "plain", include: [Glob("b.json")], schema: "schemas/plain.json"),
            ContentEntry(kind: "recipe", include: [Glob("r.json")]),
        ])
        let loaded = config.readingSchemaTagFields(reader)
        #expect(loaded.tagFields.keys.sorted() == ["card"] && loaded.tagFields["card"]?.contains("/tags/*") == true)
        #expect(loaded.textFields.isEmpty)  // read on their own
        var context = ExportContext(exporterID: "json-bundle")
        loaded.describeKinds(in: &context)
        #expect(context.tagFields == loaded.tagFields)
    }
}
