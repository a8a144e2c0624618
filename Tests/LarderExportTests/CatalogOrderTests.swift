import LarderCore
import LarderExport
import LarderJSON
import Testing

@Suite struct CatalogOrderTests {
    /// Key order is a total order (a sort's result must not depend on its input's order):
    /// numbers by value before text, text by text. `9 < 10 < 1a` and never `1a < 9`.
    @Test func keyOrderIsTotal() {
        let ids = ["9", "10", "1a", "010", "-4", "a", "B", "1e3", "", "10a"]
        let keys = ids.map { StringKey(kind: "recipe", id: $0, path: []) }
        for a in keys {
            #expect(!(a < a))
            for b in keys where a.id != b.id {
                #expect((a < b) != (b < a), "\(a.id) and \(b.id)")
                for c in keys where a < b && b < c { #expect(a < c, "\(a.id) < \(b.id) < \(c.id)") }
            }
        }
        #expect(keys.sorted().map(\.id) == ["-4", "9", "010", "10", "", "10a", "1a", "1e3", "B", "a"])
    }

    /// The catalog sorts documents by (kind, id) and each document's texts by path; that
    /// must give exactly the order of StringKey's `<` over all keys, whatever the ids.
    @Test func entriesAreInKeyOrder() throws {
        let ids = ["10", "9", "2", "a", "a-b", "B", "b", "010", "x:y", "../z", "Ä", "1e3", "-4", "é", "1a"]
        var recipes: [JSONValue] = []
        for id in ids {
            recipes.append([
                "id": .string(id), "name": ["en": "Name", "pt": "Nome"],
                "steps": .array((0..<12).map { _ in ["en": "Stir.", "pt": "Mexer."] }),
                "ingredients": [["name": ["en": "gin", "pt": "gim"], "quantity": 1, "unit": "ml"]],
            ])
        }
        let places: [JSONValue] = ids.prefix(5).map { ["id": .string($0), "name": ["en": "Place"]] }
        let taxonomy: JSONValue = ["en:milk": ["en": "Milk"], "10": ["en": "Ten"], "9": ["en": "Nine"], "b": ["en": "B"], "1a": ["en": "1a"]]
        var documents: [Document] = []
        // Files in an order unlike the key order.
        documents += Document.split(file: "z.json", kind: "recipe", json: try JSONDocument(parsing: JSONWriter.compact.bytes(.array(recipes.reversed()))))
        documents += Document.split(file: "a.json", kind: "location", json: try JSONDocument(parsing: JSONWriter.compact.bytes(.array(places))))
        documents += Document.split(file: "t.json", kind: "taxonomy", json: try JSONDocument(parsing: JSONWriter.compact.bytes(taxonomy)))
        let catalog = try ContentCatalog(documents: documents, locales: ["en", "pt"])
        let keys = catalog.entries.map(\.key)
        #expect(keys.count == ids.count * 14 + 5 + 5)  // name, 12 steps, an ingredient name; places; tags
        #expect(keys == keys.sorted())
        #expect(keys.first?.description == "location.2.name")
        #expect(keys.contains { $0.description == "recipe.10.steps.11" })
        // steps.2 before steps.10 within a document.
        let negroni = keys.filter { $0.kind == "recipe" && $0.id == "9" }.map(\.description)
        #expect(negroni.firstIndex(of: "recipe.9.steps.2")! < negroni.firstIndex(of: "recipe.9.steps.10")!)

        // The String Catalog lists the same keys in code-point order (Xcode's), with ids
        // that are prefixes of others (`a`, `a-b`) and numbers compared as text.
        let result = try XCStringsExporter().exportWithDiagnostics(
            documents, context: ExportContext(exporterID: "xcstrings", locales: ["en", "pt"]))
        let written = try JSONValue(parsing: result.artifacts[0].bytes)
        let order = try #require(written["strings"]?.objectValue).keys
        #expect(order.count == keys.count)
        #expect(order == order.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
        #expect(Set(order) == Set(keys.map(\.description)))
        #expect(!result.diagnostics.contains { $0.ruleID == "xcstrings" })
    }

    /// A String Catalog with no string is written (Xcode opens it) with a warning: the
    /// published schema wants a string, and it most often means no text was found.
    @Test func anEmptyCatalogIsWarnedAbout() throws {
        let documents = Document.split(file: "r.json", kind: "recipe", json: try JSONDocument(parsing: #"[{"id": "a", "servings": 2}]"#))
        for docs in [[], documents] {
            let result = try XCStringsExporter().exportWithDiagnostics(docs, context: ExportContext(exporterID: "xcstrings", locales: ["en"]))
            #expect(String(decoding: result.artifacts[0].bytes, as: UTF8.self).contains(#""strings" : {}"#))
            let warning = try #require(result.diagnostics.first { $0.ruleID == "xcstrings" })
            #expect(warning.message.hasPrefix("the String Catalog Content.xcstrings holds no string"))
            #expect(warning.file == (docs.isEmpty ? "larder.yml" : "r.json"))
        }
    }
}
