import Foundation
import LarderCore
import LarderImport
import LarderJSON
import LarderSchema
import Testing

/// Imported content is untrusted: broken, truncated or odd input gives diagnostics, never a
/// crash, a hang or a document that does not match the schema.
@Suite struct HostileInputTests {
    static let importers: [(String, any Importer)] = [("off", OpenFoodFactsImporter()), ("schema-org", SchemaOrgRecipeImporter())]

    /// Each diagnostic of a record in a large array names the record's place: found from
    /// the record, not by walking the records before it for every diagnostic (which made an
    /// import of 100,000 records that each got a warning take 35 s). The pointers are the
    /// ones a walk from the root gives, and the import of many records stays fast.
    @Test func diagnosticsOfManyRecordsNameTheirRecord() throws {
        let records = (0..<20_000).map { #"{"code": "ABC-\#($0)", "product_name": "x"}"# }
        let bytes = Array(("[" + records.joined(separator: ",") + "]").utf8)
        var diagnostics: [Diagnostic] = []
        let started = Date()
        _ = OpenFoodFactsImporter().records(in: bytes, file: "many.json", diagnostics: &diagnostics)
        let seconds = Date().timeIntervalSince(started)
        #expect(diagnostics.count >= 20_000)
        let json = try JSONDocument(parsing: bytes)
        let elements = Array(json.elements(json.root))
        for k in [0, 1, 9_999, 19_999] {
            let found = diagnostics.filter { $0.pointer.tokens.first == String(k) }
            #expect(!found.isEmpty, "record \(k)")
            let code = try #require(json.member(elements[k], "code"))
            #expect(found.contains { $0.pointer == json.pointer(to: code) }, "\(found.map(\.pointer))")
        }
        // Quadratic, this took tens of seconds; linear, well under one (a debug build).
        #expect(seconds < 10, "\(seconds) s")
    }

    /// Every reference input cut at 150 places, JSON and JSON Lines alike.
    @Test(arguments: ["off", "schema-org"])
    func truncatedInputs(_ name: String) throws {
        let importer = try #require(Self.importers.first { $0.0 == name }?.1)
        let schema = try #require(try BuiltInSchemas.compile(importer.kind))
        let folder = ImportReference.root.appendingPathComponent(name).appendingPathComponent("input")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let bytes = try FileBytes.read(folder.appendingPathComponent(file).path)
            let step = max(1, bytes.count / 150)
            for cut in stride(from: 0, to: bytes.count, by: step) {
                var diagnostics: [Diagnostic] = []
                for document in importer.records(in: Array(bytes[..<cut]), file: file, diagnostics: &diagnostics) {
                    // Before the schema check importFiles makes, the converters' own output
                    // is valid content already.
                    let json = try JSONDocument(parsing: JSONWriter.compact.bytes(document.value))
                    #expect(schema.validate(json).isValid, "\(file) cut at \(cut): \(schema.validate(json).errors)")
                }
            }
        }
    }

    /// 100,000 distinct keywords are read in linear time (each was looked for among the
    /// ones before it: 40,000 took 30 s).
    @Test func manyKeywordsAreReadOnce() throws {
        let keywords = (0..<100_000).map { "word\($0)" }.joined(separator: ", ")
        let text = #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["1 egg"], "keywords": "\#(keywords), word1"}"#
        var diagnostics: [Diagnostic] = []
        let documents = SchemaOrgRecipeImporter().records(in: Array(text.utf8), file: "x.json", diagnostics: &diagnostics)
        let tags = documents.first?.value["tags"]?.arrayValue ?? documents.first?.value["keywords"]?.arrayValue ?? []
        #expect(tags.count == 100_000, "\(documents.first?.value.objectValue?.keys.joined(separator: ", ") ?? "no document")")
    }

    @Test func deepNestingAndOddShapes() throws {
        let schemaOrg = SchemaOrgRecipeImporter()
        let off = OpenFoodFactsImporter()
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let instructions = #"{"@type": "Recipe", "name": "X", "recipeIngredient": ["x"], "recipeInstructions": "#
            + String(repeating: #"{"@type": "HowToSection", "itemListElement": "#, count: 200) + #""Stir.""#
            + String(repeating: "}", count: 200) + "}"
        let cases: [(any Importer, String)] = [
            (schemaOrg, deep), (off, deep), (schemaOrg, instructions), (schemaOrg, "null"), (off, "null"), (off, "[]"),
            (schemaOrg, #"{"@graph": {"@graph": {"@graph": 1}}}"#), (off, #"{"products": [1, null, "x"]}"#),
            (schemaOrg, #"{"@type": [], "name": []}"#), (off, #"{"code": [], "product_name": {}}"#),
            (off, #"{"code": "3017620422003", "product_name": "x", "nutriments": {"fat_100g": 1e999, "sugars_100g": -0}}"#),
            (off, #"{"code": 30176204220031234567890, "product_name": "x"}"#), (off, #"{"code": -1, "product_name": "x"}"#),
            (schemaOrg, #"{"@type": "Recipe", "name": "x", "recipeIngredient": ["x"], "totalTime": "P99999999999W", "recipeYield": "99999999999999999999999 servings"}"#),
            (schemaOrg, #"{"@type": "Recipe", "name": "&#1114112;&#xD800;", "recipeIngredient": ["x"]}"#),
            (schemaOrg, "\u{FEFF}{\"@type\": \"Recipe\", \"name\": \"BOM\", \"recipeIngredient\": [\"x\"]}"),
        ]
        for (importer, text) in cases {
            var diagnostics: [Diagnostic] = []
            let documents = importer.records(in: Array(text.utf8), file: "x.json", diagnostics: &diagnostics)
            let schema = try #require(try BuiltInSchemas.compile(importer.kind))
            for document in documents {
                #expect(schema.validate(try JSONDocument(parsing: JSONWriter.compact.bytes(document.value))).isValid, "\(text.prefix(80))")
            }
        }
        // The section 200 deep is cut off rather than followed.
        var diagnostics: [Diagnostic] = []
        #expect(schemaOrg.records(in: Array(instructions.utf8), file: "x.json", diagnostics: &diagnostics).count == 1)
        // A BOM is not a problem.
        let bom = Array("\u{FEFF}{\"@type\": \"Recipe\", \"name\": \"BOM\", \"recipeIngredient\": [\"x\"]}".utf8)
        #expect(schemaOrg.records(in: bom, file: "x.json", diagnostics: &diagnostics).first?.id == "bom")
    }
}
