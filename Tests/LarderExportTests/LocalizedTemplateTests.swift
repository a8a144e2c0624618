import LarderCore
import LarderJSON
import Testing
@testable import LarderExport

/// The streamed json-bundle writes each document through `LocalizedTemplate`; the whole
/// export through `replacements` and the tape writer (or the tree). Random recipes with every
/// shape of text, tags (some not strings, some also named as texts), a repeated key, shops,
/// images, a taxonomy with labels in some locales, and a kind of the team's own: the same
/// bytes and the same notes both ways, for every document and locale.
@Suite struct LocalizedTemplateTests {
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        mutating func int(_ n: Int) -> Int { Int((next() >> 33) % UInt64(n)) }
        mutating func pick<T>(_ list: [T]) -> T { list[int(list.count)] }
    }

    static func project(seed: UInt64) throws -> [Document] {
        var r = Seeded(state: seed)
        let words = ["quick", "slow", "x", "vegan"]
        func text() -> String {
            r.pick([
                #""plain""#, #"{"en": "E", "pt": "P"}"#, #"{"pt-BR": "Pb"}"#,
                #"{"en": {"one": "%d egg", "other": "%d eggs"}, "fr": {"one": "%d oeuf", "many": "%d oeufs", "other": "%d oeufs"}}"#,
                #"{"one": "o", "other": "x"}"#, #"{"fr": "F", "en": "E"}"#, "3", #"{"en": " ", "fr": "F"}"#,
            ])
        }
        var docs: [String] = []
        for i in 0..<30 {
            var members: [String] = [#""id": "r\#(i)""#]
            if r.int(4) > 0 { members.append(#""name": \#(text())"#) }
            if r.int(2) == 0 { members.append(#""description": \#(text())"#) }
            if r.int(2) == 0 { members.append(#""steps": [\#((0..<r.int(3)).map { _ in text() }.joined(separator: ", "))]"#) }
            if r.int(2) == 0 { members.append(#""ingredients": [{"name": \#(text()), "quantity": 2, "note": \#(text())}, \#(text())]"#) }
            if r.int(2) == 0 { members.append(#""category": "\#(r.pick(words))""#) }
            if r.int(3) > 0 {
                members.append(#""tags": [\#((0..<r.int(4)).map { _ in r.int(5) == 0 ? "4" : "\"\(r.pick(words))\"" }.joined(separator: ", "))]"#)
            }
            if r.int(3) == 0 { members.append(#""notes": \#(text())"#) }
            if r.int(4) == 0 { members.append(#""shops": [{"name": \#(text()), "tags": ["\#(r.pick(words))"], "category": "slow"}]"#) }
            if r.int(6) == 0 { members.append(#""tags": ["vegan"]"#) }  // a repeated key
            if r.int(5) == 0 { members.append(#""images": [{"src": "a.jpg", "alt": \#(text())}]"#) }
            for i in members.indices.dropFirst().reversed() { members.swapAt(i, 1 + r.int(i)) }
            docs.append("{" + members.joined(separator: ", ") + "}")
        }
        var documents = Document.split(file: "r.json", kind: "recipe", json: try JSONDocument(parsing: "[" + docs.joined(separator: ",\n") + "]"))
        let taxonomy = #"{"quick": {"en": "Quick", "pt": "Rápido", "fr": "Rapide"}, "slow": {"en": "Slow"}, "vegan": {"en": "Vegan", "pt-BR": "Vegano"}}"#
        documents += Document.split(file: "t.json", kind: "taxonomy", json: try JSONDocument(parsing: taxonomy))
        // Cards' `tag` and `tags` are tags by their schema (``tagFields``).
        let cards = #"[{"id": "c1", "title": {"en": "T", "pt": "Tp"}, "tag": "quick", "tags": ["vegan", "x", 4], "kind": {"en": "k"}}, {"id": "c2", "title": "plain", "tag": "slow"}]"#
        documents += Document.split(file: "c.json", kind: "card", json: try JSONDocument(parsing: cards))
        return documents
    }

    /// The tag fields of the cards' schema.
    static let tagFields = ["card": ["/tag", "/tags/*"]]

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8], [false, true])
    func templateWritesWhatTheWholeExportWrites(_ seed: UInt64, _ textOption: Bool) throws {
        let documents = try Self.project(seed: seed)
        let texts: [String: [String]] = textOption ? ["recipe": ["/category", "/notes", "/tags/0"]] : [:]
        let options: JSONValue = textOption ? ["texts": ["recipe": ["/category", "/notes", "/tags/0"]]] : .null
        var context = ExportContext(exporterID: "json-bundle", options: options, locales: ["en", "pt", "fr", "pt-BR"])
        context.tagFields = Self.tagFields
        let exporter = JSONBundleExporter()
        let base = try ExportRun(exporter, documents, context)
        var templated = 0
        for document in documents where document.kind != "taxonomy" {
            let doc = try #require(try ContentCatalog.exportDocument(
                document, kind: document.kind ?? "document", locales: base.catalog.resolver.locales, fields: KindFields(texts: texts, tags: Self.tagFields)))
            let nodes = JSONBundleExporter.Nodes(doc)
            guard let template = JSONBundleExporter.LocalizedTemplate(doc, nodes: nodes, depth: 1) else { continue }
            templated += 1
            var streamed = base, whole = base
            let fromTemplate = template.write(doc, locales: base.locales, run: &streamed)
            let fromWhole = base.locales.map { locale in
                var out: [UInt8] = []
                exporter.writeLocalized(doc, locale: locale, run: &whole, depth: 1, into: &out)
                return out
            }
            #expect(fromTemplate == fromWhole, "\(doc.id): \(String(decoding: fromTemplate[0], as: UTF8.self))")
            #expect(streamed.result([]).diagnostics == whole.result([]).diagnostics)
        }
        #expect(templated > (textOption ? 3 : 20))  // a tag named as a text makes the template decline
    }
}

@Suite struct StreamedIDCheckTests {
    func identity(_ kind: String, _ id: String, file: String, keyID: String? = nil, repeatedKey: String? = nil) throws -> StreamedIdentity {
        let document = Document(file: file, kind: kind, json: try JSONDocument(parsing: "{}"))
        let export = ExportDocument(document: document, kind: kind, id: id, fileID: SafeName.fileName(id), texts: [], tags: [])
        let keyID = keyID ?? SafeName.keySegment(id)
        return StreamedIdentity(export, keyID: keyID, repeatedKey: repeatedKey, firstKey: StringKey(kind: kind, id: keyID, path: ["name"]))
    }

    @Test func unrepeatedIDsPass() throws {
        var check = StreamedIDCheck()
        for (i, kind) in ["recipe", "location", "recipe"].enumerated() { check.add(try identity(kind, "id-\(i)", file: "f\(i).json")) }
        check.add(try identity("location", "id-0", file: "g.json"))  // the same id in another kind
        #expect(check.failure() == nil)
    }

    /// A repeated id names the files of its first and its second document; of two kinds with
    /// one, the first kind in order is reported, as the whole path does.
    @Test func aRepeatedIDNamesBothFiles() throws {
        var check = StreamedIDCheck()
        check.add(try identity("recipe", "dup", file: "a.json"))
        check.add(try identity("recipe", "x", file: "a.json"))
        check.add(try identity("recipe", "dup", file: "b.json"))
        check.add(try identity("recipe", "dup", file: "c.json"))
        check.add(try identity("location", "p", file: "d.json"))
        check.add(try identity("location", "p", file: "e.json"))
        #expect((check.failure() as? ExportStreamFallback)?.reason.hasPrefix("two location documents have the id 'p' (in d.json and e.json)") == true)
        var one = StreamedIDCheck()
        one.add(try identity("recipe", "dup", file: "a.json"))
        one.add(try identity("recipe", "dup", file: "b.json"))
        one.add(try identity("recipe", "dup", file: "c.json"))
        #expect((one.failure() as? ExportStreamFallback)?.reason.hasPrefix("two recipe documents have the id 'dup' (in a.json and b.json)") == true)
    }

    /// Two documents whose ids differ but whose key segments meet, and a key repeated
    /// within a document: the first such key is reported.
    @Test func repeatedKeysAreReported() throws {
        var check = StreamedIDCheck()
        check.add(try identity("recipe", "a", file: "a.json", keyID: "k"))
        check.add(try identity("recipe", "b", file: "a.json", keyID: "k"))
        check.add(try identity("recipe", "c", file: "a.json", repeatedKey: "recipe.c.name"))
        #expect((check.failure() as? ExportError)?.message == "two texts have the key 'recipe.k.name'; rename one of the fields or ids")
        var within = StreamedIDCheck()
        within.add(try identity("recipe", "c", file: "a.json", repeatedKey: "recipe.c.name"))
        #expect((within.failure() as? ExportError)?.message == "two texts have the key 'recipe.c.name'; rename one of the fields or ids")
    }
}
