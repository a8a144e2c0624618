import LarderCore
@testable import LarderExport
import LarderJSON
import Testing

/// A taxonomy tag's label in a locale: the locale's own, its CLDR ancestors', the source
/// language's; where none of them has one, the tag itself, in every exporter. A tag
/// labelled only in `pt` showed "Vegano" on the English page and in its JSON-LD keywords.
@Suite struct TagLabelTests {
    static let locales = ["en", "pt-BR", "vi"]

    /// A recipe tagged `vegan` (labelled in `pt` alone) and `quick` (labelled in `en` and
    /// `pt`), with `vegan` as its category too.
    static func documents() throws -> [Document] {
        let recipe = #"[{"id": "soup", "name": {"en": "Soup", "pt-BR": "Sopa", "vi": "Canh"}, "category": "vegan", "tags": ["vegan", "quick"]}]"#
        let taxonomy = #"{"vegan": {"pt": "Vegano"}, "quick": {"en": "Quick", "pt": "Rápido"}}"#
        return Document.split(file: "r.json", kind: "recipe", json: try JSONDocument(parsing: recipe))
            + Document.split(file: "t.json", kind: "taxonomy", json: try JSONDocument(parsing: taxonomy))
    }

    static func export(_ exporter: any BundleExporter, options: JSONValue = .null) throws -> (files: [String: String], diagnostics: [Diagnostic]) {
        let context = ExportContext(exporterID: exporter.id, options: options, locales: locales)
        let result = try exporter.exportWithDiagnostics(try documents(), context: context)
        return (Dictionary(uniqueKeysWithValues: result.artifacts.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }), result.diagnostics)
    }

    static func json(_ text: String?) throws -> JSONValue {
        try JSONDocument(parsing: try #require(text)).value
    }

    @Test func theSourcePageShowsTheTagWhereOnlyAnotherLanguageHasALabel() throws {
        let files = try Self.export(JSONBundleExporter()).files
        let en = try Self.json(files["en/recipe.json"])
        #expect(en[0]?["tags"] == [["tag": "vegan", "label": "vegan"], ["tag": "quick", "label": "Quick"]], "\(en)")
        #expect(en[0]?["category"] == ["tag": "vegan", "label": "vegan"])
        // pt-BR takes pt's label (its CLDR parent); vi has neither its own nor en's, so the
        // tag, but takes en's label where there is one.
        let pt = try Self.json(files["pt-BR/recipe.json"])
        #expect(pt[0]?["tags"] == [["tag": "vegan", "label": "Vegano"], ["tag": "quick", "label": "Rápido"]], "\(pt)")
        let vi = try Self.json(files["vi/recipe.json"])
        #expect(vi[0]?["tags"] == [["tag": "vegan", "label": "vegan"], ["tag": "quick", "label": "Quick"]], "\(vi)")
        #expect(try Self.json(files["en/taxonomy.json"]) == ["quick": "Quick", "vegan": "vegan"])
        #expect(try Self.json(files["pt-BR/taxonomy.json"]) == ["quick": "Rápido", "vegan": "Vegano"])
    }

    @Test func jsonLDKeywordsAndCategoryShowTheTag() throws {
        let files = try Self.export(JSONLDExporter()).files
        let en = try Self.json(files["en/recipe/soup.json"])
        #expect(en["keywords"] == "vegan, Quick" && en["recipeCategory"] == "vegan", "\(en)")
        let pt = try Self.json(files["pt-BR/recipe/soup.json"])
        #expect(pt["keywords"] == "Vegano, Rápido" && pt["recipeCategory"] == "Vegano", "\(pt)")
    }

    /// The string tables hold a label for every locale too: the source language's value of
    /// `taxonomy.vegan` is the tag (gettext's msgid, the String Catalog's `en`, Android's
    /// `values/`), marked for review where the catalog can say so.
    @Test func theStringTablesTakeTheTagAsTheSourceLanguagesLabel() throws {
        let catalog = try Self.json(try Self.export(XCStringsExporter()).files["Content.xcstrings"])
        let vegan = catalog["strings"]?["taxonomy.vegan"]?["localizations"]
        #expect(vegan?["en"]?["stringUnit"] == ["state": "needs_review", "value": "vegan"], "\(vegan ?? .null)")
        #expect(vegan?["pt-BR"]?["stringUnit"]?["value"] == "Vegano")
        #expect(vegan?["vi"]?["stringUnit"]?["value"] == "vegan")

        let po = try Self.export(GettextExporter()).files
        #expect(po["pt_BR.po"]?.contains("msgctxt \"taxonomy.vegan\"\nmsgid \"vegan\"\nmsgstr \"Vegano\"\n") == true, "\(po["pt_BR.po"] ?? "")")
        #expect(po["en.po"]?.contains("msgctxt \"taxonomy.vegan\"\nmsgid \"vegan\"\nmsgstr \"vegan\"\n") == true)

        let android = try Self.export(AndroidExporter()).files
        #expect(android["values/strings.xml"]?.contains(">vegan</string>") == true, "\(android["values/strings.xml"] ?? "")")
        #expect(android["values/strings.xml"]?.contains("Vegano") == false)

        let i18next = try Self.export(I18nextExporter()).files
        #expect(try Self.json(i18next["locales/en/taxonomy.json"]) == ["quick": "Quick", "vegan": "vegan"])
        // The `pt` folder i18next ships beside pt-BR holds pt-BR's labels.
        #expect(try Self.json(i18next["locales/pt/taxonomy.json"]) == ["quick": "Rápido", "vegan": "Vegano"])

        let strings = try Self.export(AppleStringsExporter()).files
        #expect(strings["en.lproj/Content.strings"]?.contains("\"taxonomy.vegan\" = \"vegan\";") == true, "\(strings)")
    }

    /// `fallback` reports the tag shown in place of a label, beside the labels taken from
    /// another locale.
    @Test func theFallbackOptionReportsTheTagShown() throws {
        let diagnostics = try Self.export(JSONBundleExporter(), options: ["fallback": "warning"]).diagnostics
        let vegan = diagnostics.first { $0.file == "t.json" && $0.message.contains("in vegan") }
        #expect(vegan?.message == "json-bundle (fallback: warning) has no text for en, pt-BR, vi in vegan and uses the text of pt for pt-BR, and the tag itself for en, vi (add the translations)",
                "\(diagnostics.map(\.message))")
        #expect(vegan?.severity == .warning)
    }

    /// The source language's chain counts (an `en` label for a project in en-GB); another
    /// variant of the locale's language comes before it (fr-CA's label on the fr page,
    /// pt-PT's on the pt-BR page: readers of the language read it); a language CLDR keeps
    /// apart does not count (zh-Hans for zh-Hant-TW, sr-Latn for sr), nor another language
    /// (pt-PT's label on the fr page); and a pseudo-locale makes the tag over as it makes
    /// the source language's label over.
    @Test func theLookupIsTheLocalesChainThenTheSourceLanguages() throws {
        let resolver = LocaleResolver(locales: ["en-GB", "fr", "pt-BR"])
        let milk = LocalizedText([("en", .text("Milk")), ("fr-CA", .text("Lait")), ("pt-PT", .text("Leite"))])
        #expect(resolver.resolveLabel(milk, of: "milk", for: "en-GB").value == .text("Milk"))
        #expect(resolver.resolveLabel(milk, of: "milk", for: "fr") == .init(value: .text("Lait"), sourceTag: "fr-CA", fill: .otherLanguage, filledCategories: []))
        #expect(resolver.resolveLabel(milk, of: "milk", for: "pt-BR") == .init(value: .text("Leite"), sourceTag: "pt-PT", fill: .otherLanguage, filledCategories: []))
        // A text, not a label, takes any language the project has.
        #expect(resolver.resolve(LocalizedText([("pt-PT", .text("Leite"))]), for: "fr")?.value == .text("Leite"))
        let leite = LocalizedText([("pt-PT", .text("Leite"))])
        #expect(resolver.resolveLabel(leite, of: "en:milk", for: "fr") == .init(value: .text("en:milk"), sourceTag: "und", fill: .tagItself, filledCategories: []))
        #expect(resolver.resolveLabel(leite, of: "en:milk", for: "pt-BR") == .init(value: .text("Leite"), sourceTag: "pt-PT", fill: .otherLanguage, filledCategories: []))
        // The locale's own chain still comes first: pt's label, not pt-PT's, on pt-BR.
        let both = LocalizedText([("pt-PT", .text("Leite magro")), ("pt", .text("Leite"))])
        #expect(resolver.resolveLabel(both, of: "en:milk", for: "pt-BR").value == .text("Leite"))
        let chinese = LocaleResolver(locales: ["en", "zh-Hant-TW", "sr"])
        let hans = LocalizedText([("zh-Hans", .text("牛奶")), ("sr-Latn", .text("Mleko"))])
        #expect(chinese.resolveLabel(hans, of: "milk", for: "zh-Hant-TW").fill == .tagItself)
        #expect(chinese.resolveLabel(hans, of: "milk", for: "sr").fill == .tagItself)
        #expect(resolver.resolveLabel(leite, of: "en:milk", for: "en-XA").value == .text(PseudoLocale.accented.apply("en:milk")))
        let tag = LocalizedText([("fr", .text("Lait"))])
        #expect(resolver.resolveLabel(tag, of: "milk", for: "fr").fill == .exact)
    }
}
