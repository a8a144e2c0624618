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
        #expect(found == ["/byLevel/*", "/hint", "/images/*/alt", "/label", "/tree/title"])
        let withLarder = Self.fields(["schemas/s.json": schema, "schemas/defs.json": defs.replacingOccurrences(
            of: "common.schema.json", with: "https://larder.dev/schemas/common.schema.json")])
        #expect(withLarder.contains("/stops/*/name"))
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
}
