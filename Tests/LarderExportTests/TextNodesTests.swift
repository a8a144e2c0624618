import LarderCore
import LarderJSON
import Testing
@testable import LarderExport

/// A streamed json-bundle and String Catalog write the texts of most documents from the
/// file's bytes (``TextNodes``), and the rest from ``LocalizedText``. Random recipes with
/// texts of every shape (escapes, blank and white-space values, tags in other spellings,
/// plural forms, values that are no text): where a document's texts are kept as nodes, both
/// streams write the same bytes as from its texts, in every locale, fallbacks included (and
/// json-bundle hands a document with a text that has no value in any language to the
/// whole-content path either way).
@Suite struct TextNodesTests {
    static let shapes = [
        #""plain""#, #""esc\"aped\n\u00e9 \/ \u2028""#, #"{"en": "E", "pt": "P", "de": "D"}"#, #"{"en": "E"}"#,
        #"{"pt": "P", "en": " "}"#, #"{"en": "", "de": "\u00a0"}"#, #"{"en": "\u2003x", "pt": "\t"}"#, #"{"de": "  ", "en": "\u3000"}"#,
        #"{"EN": "upper"}"#, #"{"pt-br": "lower region"}"#, #"{"pt-BR": "Pb", "de": "D"}"#, #"{"one": "o", "other": "x"}"#,
        #"{"en": {"one": "%d egg", "other": "%d eggs"}}"#, "3", "{}", #"{"en": 3}"#, #"{"en": "a\\b", "de": "q\"", "pt": "tab\there"}"#,
        "{\"de\": \"\u{7F}del\", \"en\": \"é first\"}", #"{"zh-Hant": "繁", "en": "E"}"#, #"{"zh": "简", "de": "D"}"#,
        #"{"\u0065n": "escaped key"}"#,
    ]
    /// The shapes a node holds.
    static let simpleShapes = [0, 1, 2, 3, 4, 5, 6, 7, 10, 16, 17, 18, 19].map { shapes[$0] }

    static func recipes(seed: UInt64) throws -> [Document] {
        var r = LocalizedTemplateTests.Seeded(state: seed)
        var docs: [String] = []
        for i in 0..<40 {
            // Most documents take only shapes a node holds; some any shape.
            let simple = r.int(3) > 0
            func text() -> String { simple ? r.pick(simpleShapes) : r.pick(shapes) }
            var members: [String] = [#""id": "r\#(i)""#, #""name": \#(text())"#]
            if r.int(2) == 0 { members.append(#""description": \#(text())"#) }
            members.append(#""steps": [\#((0..<r.int(13)).map { _ in text() }.joined(separator: ", "))]"#)
            members.append(#""ingredients": [\#((0..<r.int(12)).map { _ in #"{"name": \#(text()), "quantity": 2, "note": \#(text())}"# }.joined(separator: ", "))]"#)
            if r.int(2) == 0 { members.append(#""tags": ["quick", "slow"], "category": "slow""#) }
            if r.int(4) == 0 { members.append(#""images": [{"src": "a.jpg", "alt": \#(text())}]"#) }
            docs.append("{" + members.joined(separator: ", ") + "}")
        }
        var documents = Document.split(file: "r.json", kind: "recipe", json: try JSONDocument(parsing: "[" + docs.joined(separator: ",\n") + "]"))
        documents += Document.split(file: "p.json", kind: "location", json: try JSONDocument(parsing: #"[{"id": "p1", "name": {"en": "Park", "de": "Park"}, "summary": "Green"}]"#))
        return documents
    }

    static func streams(locales: [String], pseudo: [String] = []) throws -> (JSONBundleExporter.Stream, XCStringsExporter.Stream) {
        let taxonomy = Document.split(file: "t.json", kind: "taxonomy", json: try JSONDocument(parsing: #"{"quick": {"en": "Quick", "pt": "Rápido"}}"#))
        let jb = try JSONBundleExporter().makeStream(
            context: ExportContext(exporterID: "json-bundle", options: ["out": "dist/json", "pseudo": .array(pseudo.map(JSONValue.string))], locales: locales), leading: taxonomy)
        let xc = try XCStringsExporter().makeStream(
            context: ExportContext(exporterID: "xcstrings", options: ["out": "dist/Content.xcstrings", "pseudo": .array(pseudo.map(JSONValue.string))], locales: locales), leading: taxonomy)
        return (try #require(jb as? JSONBundleExporter.Stream), try #require(xc as? XCStringsExporter.Stream))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func nodesWriteWhatTextsWrite(_ seed: UInt64) throws {
        let (jb, xc) = try Self.streams(locales: ["en", "pt", "de", "pt-BR", "zh-Hant-TW"])
        #expect(jb.base.copiesTexts && xc.base.copiesTexts && jb.preparationKey == xc.preparationKey)
        var copied = 0, read = 0
        for document in try Self.recipes(seed: seed) {
            let whole = try StreamedDocument(document, run: jb.run, fields: jb.base.fields)
            guard let nodes = try StreamedDocument(copyingTexts: document, run: jb.run, fields: jb.base.fields) else {
                read += 1
                continue
            }
            copied += 1
            #expect(nodes.nodes != nil && whole.nodes == nil)
            #expect(nodes.keyBytes == whole.keyBytes && nodes.order == whole.order)
            // A document with a text that has no value in any language takes the
            // whole-content path (which leaves the text out, with a warning) either way.
            func elements(_ d: StreamedDocument) throws -> [[UInt8]]? {
                do { return try jb.render(d).elements } catch is ExportStreamFallback { return nil }
            }
            let (a, b) = (try elements(nodes), try elements(whole))
            #expect(a == b, "\(document.index ?? -1): \(String(decoding: a?.first ?? [], as: UTF8.self))")
            let (c, d) = (try xc.render(nodes).strings, try xc.render(whole).strings)
            #expect(c == d, "\(document.index ?? -1): \(String(decoding: c, as: UTF8.self))")
        }
        // Both kinds of document were met.
        #expect(copied >= 10 && read >= 5, "\(copied) copied, \(read) read")
    }

    /// A pseudo-locale's texts are made over from the source language's: such a stream
    /// reads texts.
    @Test func aPseudoLocaleReadsTexts() throws {
        let (jb, xc) = try Self.streams(locales: ["en", "de"], pseudo: ["en-XA"])
        #expect(!jb.base.copiesTexts && !xc.base.copiesTexts)
        let (plainJB, plainXC) = try Self.streams(locales: ["en", "de"])
        #expect(plainJB.preparationKey != jb.preparationKey && plainXC.preparationKey != xc.preparationKey)
    }

    /// Which texts a node holds, and which only a ``LocalizedText`` reads.
    @Test func shapes() throws {
        let json = try JSONDocument(parsing: "[" + Self.shapes.joined(separator: ", ") + "]")
        let found = Array(json.elements(json.root)).map { TextNodes.shape(json, $0) }
        let expected: [TextNodes.Shape] = [
            .simple, .simple, .simple, .simple, .simple, .simple, .simple, .simple, .other, .other, .simple, .other, .other, .notText,
            .notText, .other, .simple, .simple, .simple, .simple, .other,
        ]
        #expect(Self.simpleShapes.allSatisfy { shape in found[Self.shapes.firstIndex(of: shape)!] == .simple })
        #expect(found == expected)
    }
}
