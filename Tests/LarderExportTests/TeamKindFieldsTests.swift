import LarderCore
@testable import LarderExport
import LarderJSON
import Testing

/// A team's own kinds: which fields are localized text (the schema says, else the shape),
/// and which field is the id (the unique-id rule's key, the `ids` option, else `id`, `code`,
/// `key` or `slug`).
@Suite struct TeamKindFieldsTests {
    static func documents(_ kind: String, _ json: String, file: String = "content/x.json") throws -> [Document] {
        Document.split(file: file, kind: kind, json: try JSONDocument(parsing: json))
    }

    static func context(_ exporter: String, options: JSONValue = .null, locales: [String], textFields: [String: [String]] = [:],
                        idFields: [String: String] = [:], kinds: [String] = []) -> ExportContext {
        var context = ExportContext(exporterID: exporter, options: options, locales: locales)
        context.textFields = textFields
        context.idFields = idFields
        context.kinds = kinds
        return context
    }

    static func text(_ artifacts: [Artifact], _ path: String) -> String {
        artifacts.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    static let packs = #"[{"id": "starter", "name": {"en": "Starter pack", "de": "Startpaket"}, "prices": {"us": "$4.99", "de": "4,99 €", "gb": "£3.99"}}]"#

    /// Prices by country are data when the schema declares the texts: the bundle keeps every
    /// price in every locale, and no string table has a key for them.
    @Test func anObjectOfCountryCodesIsDataWhenTheSchemaDeclaresTheTexts() throws {
        let docs = try Self.documents("pack", Self.packs)
        let context = Self.context("json-bundle", locales: ["en", "de"], textFields: ["pack": ["/name"]])
        let bundle = try JSONBundleExporter().export(docs, context: context)
        for locale in ["en", "de"] {
            let json = try JSONDocument(parsing: Self.text(bundle, "\(locale)/pack.json")).value
            #expect(json[0]?["prices"] == ["us": "$4.99", "de": "4,99 €", "gb": "£3.99"], "\(locale): \(json)")
        }
        #expect(try JSONDocument(parsing: Self.text(bundle, "de/pack.json")).value[0]?["name"] == "Startpaket")
        var xcstrings = context
        xcstrings.exporterID = "xcstrings"
        let catalog = Self.text(try XCStringsExporter().export(docs, context: xcstrings), "Content.xcstrings")
        #expect(catalog.contains("pack.starter.name") && !catalog.contains("pack.starter.prices"), "\(catalog)")
    }

    /// The fields a team kind's schema declares tags (``LarderConfig/tagFields``) are
    /// labelled in the JSON bundle as a recipe's are, streamed or whole: `{tag, label}` in
    /// the locale, without a label for a tag no taxonomy has; the same word in a field that
    /// is no tag stays a string. They were all written as plain strings.
    @Test func aTeamKindsTagsAreLabelledInTheBundle() throws {
        let card = #"[{"id": "ace", "title": {"en": "Ace", "pt-BR": "Ás"}, "category": "classic", "tags": ["quick", "rare", 3], "note": "quick"}]"#
        let taxonomy = try Self.documents("taxonomy", #"{"classic": {"en": "Classic", "pt": "Clássico"}, "quick": {"en": "Quick", "pt": "Rápido"}}"#, file: "t.json")
        let docs = try Self.documents("card", card) + taxonomy
        var context = Self.context("json-bundle", locales: ["en", "pt-BR"], kinds: ["card", "taxonomy"])
        context.tagFields = ["card": ["/category", "/tags/*"]]
        let bundle = try JSONBundleExporter().export(docs, context: context)
        let pt = try JSONDocument(parsing: Self.text(bundle, "pt-BR/card.json")).value
        #expect(pt[0]?["category"] == ["tag": "classic", "label": "Clássico"], "\(pt)")
        #expect(pt[0]?["tags"] == [["tag": "quick", "label": "Rápido"], ["tag": "rare"], 3])
        #expect(pt[0]?["note"] == "quick" && pt[0]?["title"] == "Ás")
        let en = try JSONDocument(parsing: Self.text(bundle, "en/card.json")).value
        #expect(en[0]?["tags"]?[0] == ["tag": "quick", "label": "Quick"])
        // The stream writes each document with the whole export's bytes.
        let stream = try #require(try JSONBundleExporter().makeStream(context: context, leading: taxonomy) as? JSONBundleExporter.Stream)
        let streamed = try StreamedDocument(try Self.documents("card", card)[0], run: stream.run, fields: stream.base.fields)
        let elements = try stream.render(streamed).elements.map { "[\n  " + String(decoding: $0, as: UTF8.self) + "\n]\n" }
        #expect(elements == [Self.text(bundle, "en/card.json"), Self.text(bundle, "pt-BR/card.json")])
        // Without the schema's tag fields, the kind's strings are data.
        let plain = try JSONBundleExporter().export(docs, context: Self.context("json-bundle", locales: ["en", "pt-BR"], kinds: ["card", "taxonomy"]))
        #expect(try JSONDocument(parsing: Self.text(plain, "pt-BR/card.json")).value[0]?["tags"] == ["quick", "rare", 3])
    }

    /// Without a schema that declares texts, the shape decides, and a key that is no language
    /// of the project (`us`, `gb`) makes the object data.
    @Test func anObjectWithKeysOfNoProjectLanguageIsNotGuessedToBeText() throws {
        let catalog = try ContentCatalog(documents: try Self.documents("pack", Self.packs), locales: ["en", "de"])
        #expect(catalog.entries.map(\.key.description) == ["pack.starter.name"])
        // A regional tag of a project language still falls back to it: text.
        let regional = try ContentCatalog(
            documents: try Self.documents("pack", #"[{"id": "a", "name": {"en-GB": "Starter", "de": "Start"}}]"#), locales: ["en", "de"])
        #expect(regional.entries.map(\.key.description) == ["pack.a.name"])
    }

    /// A schema that refers to itself (a tree of sections) declares texts at every depth:
    /// every exporter keys the deepest titles too, and the bundle resolves them.
    @Test func textsAtEveryDepthOfATreeAreExported() throws {
        let guide = #"""
            [{"id": "guide", "sections": [{"title": {"en": "One", "de": "Eins"}, "code": "a", "children": [
              {"title": {"en": "Deeper", "de": "Tiefer"}, "children": [{"title": {"en": "Deepest", "de": "Am tiefsten"}, "code": "b"}]}]}]}]
            """#
        let docs = try Self.documents("guide", guide)
        let fields = ["guide": ["/sections/*~r1", "~r1/children/*~r1", "~r1/title"]]
        let catalog = try ContentCatalog(documents: docs, locales: ["en", "de"], fields: KindFields(texts: fields, declaredTexts: ["guide"]))
        #expect(catalog.entries.map(\.key.description).sorted() == [
            "guide.guide.sections.0.children.0.children.0.title", "guide.guide.sections.0.children.0.title", "guide.guide.sections.0.title",
        ].sorted(), "\(catalog.entries.map(\.key.description))")
        let context = Self.context("json-bundle", locales: ["en", "de"], textFields: fields, kinds: ["guide"])
        let bundle = try JSONDocument(parsing: Self.text(try JSONBundleExporter().export(docs, context: context), "de/guide.json")).value
        #expect(bundle[0]?["sections"]?[0]?["children"]?[0]?["children"]?[0]?["title"] == "Am tiefsten", "\(bundle)")
        #expect(bundle[0]?["sections"]?[0]?["children"]?[0]?["children"]?[0]?["code"] == "b")
    }

    /// A declared text field that holds a plain string is the source language's text, in
    /// every string table, as a recipe's name is.
    @Test func aPlainStringInADeclaredTextFieldIsExported() throws {
        let docs = try Self.documents("level", #"[{"key": 1, "label": {"en": "Beginner", "vi": "Mới"}}, {"key": 2, "label": "Expert", "hint": "Plain"}]"#)
        let fields = KindFields(texts: ["level": ["/label"]], declaredTexts: ["level"])
        let catalog = try ContentCatalog(documents: docs, locales: ["en", "vi"], fields: fields)
        #expect(catalog.entries.map(\.key.description) == ["level.1.label", "level.2.label"])
        let context = Self.context("android", locales: ["en", "vi"], textFields: ["level": ["/label"]])
        let strings = Self.text(try AndroidExporter().export(docs, context: context), "values/strings.xml")
        #expect(strings.contains("Expert") && !strings.contains("Plain"), "\(strings)")
    }

    /// The id field the config names (the unique-id rule's key) keys the texts: reordering
    /// the file keeps every translation on its document.
    @Test func theConfiguredIDKeysTheTexts() throws {
        let heroes = #"[{"uid": "zed", "bio": {"en": "Zed bio", "fr": "Bio de Zed"}}, {"uid": "amy", "bio": {"en": "Amy bio", "fr": "Bio d'Amy"}}]"#
        let docs = try Self.documents("hero", heroes)
        let positional = try ContentCatalog(documents: docs, locales: ["en", "fr"])
        #expect(positional.entries.map(\.key.description) == ["hero.0.bio", "hero.1.bio"])
        let context = Self.context("xcstrings", locales: ["en", "fr"], idFields: ["hero": "/uid"], kinds: ["hero"])
        let options = try ExporterOptions(.null, exporter: "xcstrings", known: [])
        let catalog = try ContentCatalog(documents: docs, locales: ["en", "fr"], fields: KindFields(context: context, options: options))
        #expect(catalog.entries.map(\.key.description) == ["hero.amy.bio", "hero.zed.bio"])
        let text = Self.text(try XCStringsExporter().export(docs, context: context), "Content.xcstrings")
        #expect(text.contains("hero.zed.bio") && !text.contains("hero.0.bio"))
    }

    /// `ids` naming a kind the project does not have, or a field a document lacks or holds an
    /// object in, is an error (it left the keys by position without a word).
    @Test func aWrongIDsOptionIsAnError() throws {
        let docs = try Self.documents("hero", #"[{"uid": "zed", "bio": {"en": "Zed"}, "meta": {"a": 1}}, {"bio": {"en": "Amy"}}]"#, file: "content/heroes.json")
        func failure(_ ids: JSONValue) -> String? {
            let context = Self.context("xcstrings", options: ["ids": ids], locales: ["en"], kinds: ["hero"])
            do {
                _ = try XCStringsExporter().export(docs, context: context)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(failure(["heroes": "/uid"])?.contains("option 'ids' names the kind 'heroes', which no content entry has (the kinds are hero); did you mean 'hero'?") == true)
        #expect(failure(["hero": "/uid"])?.contains("the hero document at content/heroes.json:1:58 has no /uid") == true, "\(failure(["hero": "/uid"]) ?? "")")
        #expect(failure(["hero": "/meta"])?.contains("has an object at /meta") == true)
        // The pointer '' is the whole document, named as such (it read "an object at , which").
        #expect(failure(["hero": ""])?.contains("has an object at '' (the whole document), which holds the id of hero documents") == true, "\(failure(["hero": ""]) ?? "")")
        #expect(failure(["hero": "/bio/en"]) == nil)
        // A `texts` typo too.
        let context = Self.context("xcstrings", options: ["texts": ["heros": ["/bio"]]], locales: ["en"], kinds: ["hero"])
        #expect(throws: ExportError.self) { try XCStringsExporter().export(docs, context: context) }
    }

    /// Ids are read as the unique-id rule reads them: `id`, else `code`, `key`, `slug`; and a
    /// repeated one names the line and column of both documents.
    @Test func aRepeatedSlugNamesBothPlaces() throws {
        var docs = try Self.documents("tour", #"[{"slug": "same", "name": {"en": "A"}}]"#, file: "content/a.json")
        docs += try Self.documents("tour", "[\n  {\"slug\": \"same\", \"name\": {\"en\": \"B\"}}]", file: "content/b.json")
        #expect {
            _ = try ContentCatalog(documents: docs, locales: ["en"])
        } throws: { error in
            "\(error)".contains("two tour documents have the id 'same' (at content/a.json:1:11 and content/b.json:2:12)")
        }
    }

    /// A document without an id is named by its position; when that is another's id, the
    /// error says so (it blamed unique-id, which passes: the ids differ). Ids that differ
    /// but make one file name are named each as written.
    @Test func namesThatClashWithoutRepeatedIDsSayWhy() throws {
        let nameless = try Self.documents("tour", #"[{"name": {"en": "A"}}, {"id": 0, "name": {"en": "B"}}]"#, file: "content/t.json")
        #expect {
            _ = try ContentCatalog(documents: nameless, locales: ["en"])
        } throws: { error in
            "\(error)".contains("the tour document at content/t.json:1:2 has no id, so the exports name it by its position among the tour documents, '0', and so is the document at content/t.json:1:")
        }
        let unsafe = try Self.documents("tour", #"[{"id": "dot.ted", "name": {"en": "A"}}, {"id": "dot_ted-8e4cba94", "name": {"en": "B"}}]"#, file: "content/t.json")
        #expect {
            _ = try ContentCatalog(documents: unsafe, locales: ["en"])
        } throws: { error in
            "\(error)".contains("the tour ids 'dot.ted' (at content/t.json:1:9) and 'dot_ted-8e4cba94' (at content/t.json:1:")
        }
    }
}

/// The images exporter and a team's kinds.
@Suite struct TeamKindImagesTests {
    struct Files: ProjectFileReader {
        func contents(atPath path: String) throws -> [UInt8] { Array(path.utf8) }
    }

    /// Two image paths that differ only in how an accent is encoded are two files on a
    /// Linux disk: the second was served the first one's picture (paths compared as Swift
    /// strings, which take `café` and `cafe\u{301}` as one), and never copied.
    @Test func pathsDifferingInNormalizationAreTwoImages() throws {
        let docs = Document.split(file: "content/tours.json", kind: "tour",
                                  json: try JSONDocument(parsing: #"[{"id": "a", "cover": "caf\u00e9.png"}, {"id": "b", "cover": "cafe\u0301.png"}]"#))
        var context = ExportContext(exporterID: "images", locales: ["en"], files: Files(), imageFolders: ["tour": "images"])
        context.kinds = ["tour"]
        context.options = ["imageFields": ["tour": ["/cover"]]]
        let result = try ImagesExporter().exportWithDiagnostics(docs, context: context)
        // Files() gives each path's own bytes: two pictures, two files, each path mapped to its own.
        let pictures = result.artifacts.filter { $0.path.hasSuffix(".png") }
        #expect(pictures.count == 2)
        #expect(Set(pictures.map(\.bytes)) == [Array("images/caf\u{e9}.png".utf8), Array("images/cafe\u{301}.png".utf8)])
        let map = try #require(result.artifacts.first { $0.path.hasSuffix(".json") })
        let paths = try JSONValue(parsing: String(decoding: map.bytes, as: UTF8.self))["tour"]?.objectValue
        #expect(paths?.count == 2)
        #expect(Set(paths?.values.compactMap(\.stringValue) ?? []).count == 2)
    }

    /// Two files with the same bytes whose names differ only in case (`shops/Negroni-1.png`,
    /// a copy of `drinks/negroni-1.png`) stopped the build: their bundled names were one
    /// file on macOS and Windows. They share one bundled file, as one picture referenced
    /// twice does.
    @Test func theSamePictureUnderNamesDifferingInCaseIsBundledOnce() throws {
        struct Same: ProjectFileReader {
            func contents(atPath path: String) throws -> [UInt8] { path.hasSuffix("other.png") ? [2] : [1] }
        }
        let docs = Document.split(file: "content/tours.json", kind: "tour",
                                  json: try JSONDocument(parsing: #"[{"id": "a", "cover": "drinks/negroni-1.png"}, {"id": "b", "cover": "shops/Negroni-1.png"}, {"id": "c", "cover": "x/NEGRONI-1.png"}, {"id": "d", "cover": "other.png"}]"#))
        var context = ExportContext(exporterID: "images", locales: ["en"], files: Same(), imageFolders: ["tour": "images"])
        context.kinds = ["tour"]
        context.options = ["imageFields": ["tour": ["/cover"]]]
        let result = try ImagesExporter().exportWithDiagnostics(docs, context: context)
        let pictures = result.artifacts.filter { $0.path.hasSuffix(".png") }.map(\.path)
        #expect(pictures.count == 2, "\(pictures)")
        #expect(pictures.contains { $0.hasPrefix("negroni-1.") })
        let map = try #require(result.artifacts.first { $0.path.hasSuffix(".json") })
        let paths = try JSONValue(parsing: String(decoding: map.bytes, as: UTF8.self))["tour"]?.objectValue
        let shared = ["drinks/negroni-1.png", "shops/Negroni-1.png", "x/NEGRONI-1.png"].map { paths?[$0]?.stringValue }
        #expect(Set(shared).count == 1 && shared[0] != nil, "\(String(describing: paths))")
        // No two files of the output are one file on macOS and Windows.
        #expect(Set(result.artifacts.map { $0.path.lowercased() }).count == result.artifacts.count)
    }

    /// A kind with an images folder whose image fields the exporter is not told gets a
    /// warning (its images were left out without a word); named, they are copied.
    @Test func unnamedImageFieldsAreWarnedAbout() throws {
        let docs = Document.split(file: "content/tours.json", kind: "tour",
                                  json: try JSONDocument(parsing: #"[{"slug": "old-quarter", "title": {"en": "Old Quarter"}, "cover": "tours/old-quarter.png"}]"#))
        var context = ExportContext(exporterID: "images", locales: ["en"], files: Files(), imageFolders: ["tour": "images"])
        context.kinds = ["tour"]
        let silent = try ImagesExporter().exportWithDiagnostics(docs, context: context)
        #expect(silent.diagnostics.map(\.message).contains { $0.contains("tour documents have an images folder") && $0.contains("imageFields: { tour: [/icon] }") })
        context.options = ["imageFields": ["tour": ["/cover"]]]
        let named = try ImagesExporter().exportWithDiagnostics(docs, context: context)
        #expect(named.diagnostics.isEmpty)
        #expect(named.artifacts.contains { $0.path.hasPrefix("old-quarter.") })
        context.options = ["imageFields": ["tours": ["/cover"]]]
        #expect(throws: ExportError.self) { try ImagesExporter().exportWithDiagnostics(docs, context: context) }
    }
}
