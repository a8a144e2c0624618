import Foundation
import LarderJSON
import Testing

@testable import LarderSchema

/// Annotation collection (`JSONSchema.annotations`): which keywords annotate, where, and
/// that a subschema that fails drops what it and the subschemas below it annotated.
@Suite struct AnnotationTests {
    func annotate(_ schema: String, _ instance: String, options: SchemaOptions = SchemaOptions(baseURI: "https://larder.test/s.json")) throws -> AnnotationResult {
        let compiled = try JSONSchema(json: schema, options: options)
        return compiled.annotations(try JSONDocument(parsing: instance))
    }

    /// `keyword` at `location`, as schema location -> value.
    func found(_ r: AnnotationResult, _ keyword: String, _ location: JSONPointer) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for a in r.annotations(keyword, at: location) { out[a.keywordLocation] = a.value }
        return out
    }

    @Test func metaDataKeywordsAnnotateTheirValue() throws {
        let r = try annotate(
            """
            {"title": "Recipe", "description": "A dish", "default": {}, "deprecated": false, "examples": [{"id": "x"}],
             "properties": {"id": {"readOnly": true, "writeOnly": false, "format": "uuid", "x-ui": {"hidden": true}}}}
            """, #"{"id": "abc"}"#)
        #expect(r.isValid)
        #expect(found(r, "title", "") == ["/title": "Recipe"])
        #expect(found(r, "description", "") == ["/description": "A dish"])
        #expect(found(r, "default", "") == ["/default": .object(JSONObject())])
        #expect(found(r, "deprecated", "") == ["/deprecated": false])
        #expect(found(r, "examples", "") == ["/examples": [["id": "x"]]])
        #expect(found(r, "readOnly", "/id") == ["/properties/id/readOnly": true])
        #expect(found(r, "writeOnly", "/id") == ["/properties/id/writeOnly": false])
        #expect(found(r, "format", "/id") == ["/properties/id/format": "uuid"])
        #expect(found(r, "x-ui", "/id") == ["/properties/id/x-ui": ["hidden": true]])
        let readOnly = try #require(r.annotations("readOnly", at: "/id").first)
        #expect(readOnly.absoluteKeywordLocation == "https://larder.test/s.json#/properties/id/readOnly")
        // Validation keywords are not annotations.
        #expect(!r.annotations.contains { $0.keyword == "type" || $0.keyword == "$schema" })
    }

    @Test func contentKeywordsAnnotateStringsOnly() throws {
        let schema = #"{"contentMediaType": "application/json", "contentEncoding": "base64", "contentSchema": {"type": "number"}}"#
        let string = try annotate(schema, #""NDI=""#)
        #expect(found(string, "contentMediaType", "") == ["/contentMediaType": "application/json"])
        #expect(found(string, "contentEncoding", "") == ["/contentEncoding": "base64"])
        #expect(found(string, "contentSchema", "") == ["/contentSchema": ["type": "number"]])
        let number = try annotate(schema, "42")
        #expect(number.annotations.isEmpty)
        // contentSchema without contentMediaType annotates nothing.
        #expect(try annotate(#"{"contentSchema": {"type": "number"}}"#, #""42""#).annotations.isEmpty)
    }

    @Test func applicatorsAnnotateWhatTheyEvaluated() throws {
        let r = try annotate(
            """
            {"properties": {"a": true}, "patternProperties": {"^b": true}, "additionalProperties": true,
             "unevaluatedProperties": false,
             "dependentSchemas": {"a": {"properties": {"list": {"prefixItems": [true], "items": true, "contains": {"type": "string"}}}}}}
            """, #"{"a": 1, "bb": 2, "c": 3, "list": [1, "x", "y"]}"#)
        #expect(r.isValid)
        #expect(found(r, "properties", "") == ["/properties": ["a"], "/dependentSchemas/a/properties": ["list"]])
        #expect(found(r, "patternProperties", "") == ["/patternProperties": ["bb"]])
        #expect(found(r, "additionalProperties", "") == ["/additionalProperties": ["c", "list"]])
        #expect(found(r, "prefixItems", "/list") == ["/dependentSchemas/a/properties/list/prefixItems": 0])
        #expect(found(r, "items", "/list") == ["/dependentSchemas/a/properties/list/items": true])
        #expect(found(r, "contains", "/list") == ["/dependentSchemas/a/properties/list/contains": [1, 2]])
        let items = try annotate(#"{"prefixItems": [true, true]}"#, "[1]")
        #expect(found(items, "prefixItems", "") == ["/prefixItems": true])
        let unevaluated = try annotate(#"{"properties": {"a": true}, "unevaluatedProperties": {"title": "U"}, "unevaluatedItems": true}"#, #"{"a": 1, "b": 2}"#)
        #expect(found(unevaluated, "unevaluatedProperties", "") == ["/unevaluatedProperties": ["b"]])
        #expect(found(unevaluated, "title", "/b") == ["/unevaluatedProperties/title": "U"])
        let rest = #"{"prefixItems": [true], "unevaluatedItems": true}"#
        #expect(found(try annotate(rest, "[1]"), "unevaluatedItems", "").isEmpty)
        #expect(found(try annotate(rest, "[1, 2]"), "unevaluatedItems", "") == ["/unevaluatedItems": true])
    }

    @Test func failingSubschemasDropTheirAnnotations() throws {
        // The anyOf branch that fails keeps nothing; both passing branches are evaluated.
        let any = try annotate(#"{"anyOf": [{"type": "integer", "title": "I"}, {"type": "number", "title": "N"}, {"type": "string", "title": "S"}]}"#, "42")
        #expect(found(any, "title", "") == ["/anyOf/0/title": "I", "/anyOf/1/title": "N"])
        // Items that do not match `contains` are not annotated by it.
        let contains = try annotate(#"{"contains": {"type": "number", "title": "Foo"}}"#, #"["a", 1]"#)
        #expect(found(contains, "title", "/0").isEmpty)
        #expect(found(contains, "title", "/1") == ["/contains/title": "Foo"])
        // Nothing below `not` is kept; the `if` that matched is, with `then`.
        let not = try annotate(#"{"title": "Root", "not": {"not": {"title": "Inner"}}}"#, "{}")
        #expect(found(not, "title", "") == ["/title": "Root"])
        let conditional = try annotate(#"{"if": {"type": "string", "title": "If"}, "then": {"title": "Then"}, "else": {"title": "Else"}}"#, #""x""#)
        #expect(found(conditional, "title", "") == ["/if/title": "If", "/then/title": "Then"])
        let otherwise = try annotate(#"{"if": {"type": "string", "title": "If"}, "then": {"title": "Then"}, "else": {"title": "Else"}}"#, "1")
        #expect(found(otherwise, "title", "") == ["/else/title": "Else"])
        // propertyNames annotates no property value.
        #expect(try annotate(#"{"propertyNames": {"title": "Name"}}"#, #"{"a": 1}"#).annotations.isEmpty)
        // An invalid instance has no annotations at all.
        let invalid = try annotate(#"{"title": "T", "properties": {"a": {"title": "A", "type": "string"}}}"#, #"{"a": 1}"#)
        #expect(!invalid.isValid)
        #expect(invalid.annotations.isEmpty)
    }

    @Test func referencesKeepTheirPathAndAbsoluteLocation() throws {
        let r = try annotate(##"{"$ref": "#/$defs/name", "$defs": {"name": {"title": "Name"}}}"##, #""x""#)
        let a = try #require(r.annotations("title", at: "").first)
        #expect(a.keywordLocation == "/$ref/title")
        #expect(a.absoluteKeywordLocation == "https://larder.test/s.json#/$defs/name/title")
        // Drafts 4 to 7: a $ref hides its siblings, annotations too.
        let old = try annotate(##"{"title": "Hidden", "$ref": "#/definitions/a", "definitions": {"a": {"title": "A"}}}"##, "1",
                               options: SchemaOptions(draft: .draft7))
        #expect(old.annotations.map { $0.keywordLocation } == ["/$ref/title"])
    }

    /// A valid instance's output: `basic` lists the annotation units flat under the root;
    /// `detailed` nests them under a unit per subschema on the way, a unit with a single
    /// child replaced by it.
    @Test func outputFormatsCarryTheAnnotations() throws {
        let s = try JSONSchema(json: ##"{"$id": "https://larder.test/o", "type": "object", "properties": {"a": {"$ref": "#/$defs/x"}}, "$defs": {"x": {"title": "X", "readOnly": true}}}"##)
        let doc = try JSONDocument(parsing: #"{"a": 1}"#)
        let basic = s.output(doc, format: .basic)
        #expect(basic["annotations"]?.arrayValue?.map { $0["keywordLocation"] } == ["/properties/a/$ref/title", "/properties/a/$ref/readOnly", "/properties"])
        #expect(basic["annotations"]?[0] == [
            "valid": true, "keywordLocation": "/properties/a/$ref/title", "absoluteKeywordLocation": "https://larder.test/o#/$defs/x/title",
            "instanceLocation": "/a", "annotation": "X",
        ])
        let detailed = s.output(doc, format: .detailed)
        let units = try #require(detailed["annotations"]?.arrayValue)
        #expect(units.map { $0["keywordLocation"] } == ["/properties/a/$ref", "/properties"])
        #expect(units[0]["absoluteKeywordLocation"] == "https://larder.test/o#/$defs/x")
        #expect(units[0]["instanceLocation"] == "/a")
        #expect(units[0]["valid"] == true)
        #expect(units[0]["annotations"]?.arrayValue?.map { $0["annotation"] } == ["X", true])
        #expect(units[1]["annotation"] == ["a"])
        // An invalid instance: errors, no annotations.
        #expect(s.output(try JSONDocument(parsing: "[]"), format: .basic)["annotations"] == nil)
    }

    /// The quiet and collecting paths make none, and give the verdicts they gave.
    @Test func validationCollectsNoAnnotations() throws {
        let schema = try JSONSchema(json: #"{"title": "T", "anyOf": [{"type": "integer", "title": "I"}, {"minimum": 0}], "contains": true}"#)
        for text in ["42", "-1.5", #"[1]"#, #""s""#] {
            let doc = try JSONDocument(parsing: text)
            #expect(schema.annotations(doc).isValid == schema.isValid(doc))
            #expect(schema.validate(doc).isValid == schema.isValid(doc))
        }
    }
}
