import LarderCore
import LarderExport
import LarderJSON
import Testing

@Suite struct OptionsTests {
    func run(_ exporter: any BundleExporter, _ options: JSONValue, locales: [String] = ["en", "fr"]) throws -> ExportResult {
        let json = try JSONDocument(parsing: #"{"id": "a", "name": {"en": "Milk", "fr": "Lait"}, "ingredients": ["x"]}"#)
        return try exporter.exportWithDiagnostics(
            Document.split(file: "r.json", kind: "recipe", json: json),
            context: ExportContext(exporterID: exporter.id, options: options, locales: locales))
    }

    func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return ""
        } catch {
            return "\(error)"
        }
    }

    /// Each mistake says where below the export's options it is, so the config check
    /// reports it at the option's value (or key, or the item of a list) in larder.yml.
    @Test func mistakesSayWhereTheyAre() {
        func place(_ exporter: any BundleExporter, _ options: JSONValue) -> [String] {
            exporter.checkOptions(options, locales: ["en", "fr"]).map { $0.path.joined(separator: "/") + ($0.isKey ? " (key)" : "") }
        }
        #expect(place(XCStringsExporter(), ["coments": false]) == ["coments (key)"])
        #expect(place(XCStringsExporter(), ["fallback": "loud"]) == ["fallback"])
        #expect(place(JSONBundleExporter(), ["images": "maybe"]) == ["images"])
        #expect(place(AndroidExporter(), ["locales": ["en", "de"]]) == ["locales/1"])
        #expect(place(AndroidExporter(), ["locales": "de"]) == ["locales"])
        #expect(place(AndroidExporter(), ["pseudo": ["en-XA", "fr"]]) == ["pseudo/1"])
        #expect(place(GettextExporter(), ["texts": ["recipe": ["/name", "name"]]]) == ["texts/recipe/1"])
        #expect(place(GettextExporter(), ["texts": ["recipe": ["/name", 5]]]) == ["texts/recipe/1"])
        #expect(place(GettextExporter(), ["texts": ["recipe": 5]]) == ["texts/recipe"])
        #expect(place(GettextExporter(), ["ids": ["recipe": "id"]]) == ["ids/recipe"])
        #expect(place(I18nextExporter(), ["locales": ["en", 5]]) == ["locales/1"])
        #expect(place(JSONLDExporter(), ["baseURL": "ftp://x"]) == ["baseURL"])
        #expect(place(XCStringsExporter(), [:]).isEmpty)
    }

    @Test func unknownOptionNamesTheKnownOnesAndGuesses() {
        let text = message { _ = try run(XCStringsExporter(), ["coments": false]) }
        #expect(text.contains("xcstrings: unknown option 'coments'"), "\(text)")
        #expect(text.contains("did you mean 'comments'?"), "\(text)")
        #expect(text.contains("known options: comments, fallback, ids, locales, out, pseudo, texts"), "\(text)")
    }

    @Test func wrongTypesSayWhatWasExpected() {
        #expect(message { _ = try run(JSONBundleExporter(), ["manifest": "maybe"]) }
            == "json-bundle: option 'manifest' must be true or false, not 'maybe'")
        #expect(message { _ = try run(AndroidExporter(), ["out": ["a"]]) } == "")  // out is the runner's; read by outputFolder
        #expect(message { _ = try AndroidExporter().outputFolder(options: ["out": ["a"]]) }
            == "android: option 'out' must be a string, not a list")
        #expect(message { _ = try run(GettextExporter(), "dist/po") }.contains("options must be a mapping"))
        // A header field is one line: a line break started a stray header line of its own.
        #expect(message { _ = try run(GettextExporter(), ["project": "Acme\nX"]) }
            == "gettext: option 'project' must be one line of text, without line breaks or other control characters, not 'Acme\nX'")
        #expect(GettextExporter().checkOptions(["revisionDate": "2026-01-01\t00:00"], locales: ["en"]).map(\.path) == [["revisionDate"]])
        #expect(message { _ = try run(JSONBundleExporter(), ["fallback": "loud"]) }
            == "json-bundle: option 'fallback' is 'loud'; expected one of warning, note, error, off")
    }

    @Test func lenientValues() throws {
        let manifestOff = try run(JSONBundleExporter(), ["manifest": "no"])
        #expect(!manifestOff.artifacts.contains { $0.path == "manifest.json" })
        let withManifest = try run(JSONBundleExporter(), ["manifest": "YES"])
        #expect(withManifest.artifacts.contains { $0.path == "manifest.json" })
        let one = try run(JSONBundleExporter(), ["locales": "fr", "manifest": false])
        #expect(one.artifacts.map(\.path) == ["fr/recipe.json"])
    }

    @Test func localesMustBeTheProjectsAndValid() {
        #expect(message { _ = try run(JSONBundleExporter(), ["locales": ["de"]]) }.contains("'de', which is not one of the project's locales (en, fr)"))
        #expect(message { _ = try run(JSONBundleExporter(), .null, locales: ["en", "pt_BR"]) }.contains("invalid language tag 'pt_BR'"))
    }

    @Test func fallbackSeverity() throws {
        let json = try JSONDocument(parsing: #"{"id": "a", "name": "Milk", "ingredients": ["x"]}"#)
        let docs = Document.split(file: "r.json", kind: "recipe", json: json)
        func diagnostics(_ options: JSONValue) throws -> [Diagnostic] {
            try JSONBundleExporter().exportWithDiagnostics(docs, context: ExportContext(exporterID: "json-bundle", options: options, locales: ["en", "fr"])).diagnostics
        }
        let warned = try diagnostics(.null)
        #expect(warned.count == 2)  // name and ingredients/0
        #expect(warned.allSatisfy { $0.ruleID == "fallback" && $0.severity == .warning })
        #expect(warned.first?.message == "json-bundle (fallback: warning) has no text for fr in name and uses the text of en for fr (add the translation)")
        #expect(warned.first.map { ($0.start.line, $0.start.column, $0.pointer.description) } ?? (0, 0, "") == (1, 21, "/name"))
        #expect(try diagnostics(["fallback": "note"]).allSatisfy { $0.severity == .note })
        // An error lands nothing: the message says what the export would have done.
        let stopped = try diagnostics(["fallback": "error"])
        #expect(stopped.allSatisfy { $0.ruleID == "fallback" && $0.severity == .error })
        #expect(stopped.first?.message == "json-bundle (fallback: error) has no text for fr in name, where it would use the text of en for fr (add the translation); nothing was built")
        #expect(try diagnostics(["fallback": "off"]).isEmpty)
    }

    /// `texts` names fields of a team's own kind that hold a plain source-language string.
    @Test func textsOptionAddsPlainStringFields() throws {
        let json = try JSONDocument(parsing: #"{"username": "minh", "displayName": "Minh Trần", "bio": {"en": "Hi", "vi": "Chào"}}"#)
        let docs = Document.split(file: "u.json", kind: "user", json: json)
        func keys(_ options: JSONValue) throws -> [String] {
            let result = try XCStringsExporter().exportWithDiagnostics(docs, context: ExportContext(exporterID: "xcstrings", options: options, locales: ["en", "vi"]))
            let catalog = try JSONValue(parsing: result.artifacts[0].bytes)
            return catalog["strings"]?.objectValue?.keys.sorted() ?? []
        }
        #expect(try keys(.null) == ["user.0.bio"])
        #expect(try keys(["texts": ["user": ["/displayName"]]]) == ["user.0.bio", "user.0.displayName"])
        #expect(try keys(["ids": ["user": "/username"]]) == ["user.minh.bio"])
    }

    @Test func outputFolders() throws {
        #expect(try XCStringsExporter().outputFolder(options: ["out": "dist/ios/Content.xcstrings"]) == "dist/ios")
        #expect(try XCStringsExporter().outputFolder(options: ["out": "dist/ios/"]) == "dist/ios")
        #expect(try XCStringsExporter().outputFolder(options: .null) == "dist/ios")
        #expect(try JSONBundleExporter().outputFolder(options: ["out": "dist/json"]) == "dist/json")
        #expect(try AndroidExporter().outputFolder(options: .null) == "dist/android")
        let named = try run(XCStringsExporter(), ["out": "dist/ios/Recipes.xcstrings"])
        #expect(named.artifacts.map(\.path) == ["Recipes.xcstrings"])
    }

    /// `table: Localizable.strings` names the table the app asks for (`tableName:
    /// "Localizable"`), as android's `fileName: strings.xml` names its file: the extension
    /// was made part of a safe name, `Localizable_strings-<hash>.strings`, a table no app
    /// looks up.
    @Test func stringsTableMayBeWrittenWithItsExtension() throws {
        let json = try JSONDocument(parsing: #"{"id": "a", "wins": {"en": {"one": "%d win", "other": "%d wins"}, "fr": "%d victoires"}}"#)
        let docs = Document.split(file: "c.json", kind: "card", json: json)
        func paths(_ table: String) throws -> [String] {
            let options: JSONValue = ["table": .string(table), "texts": ["card": ["/wins"]]]
            let context = ExportContext(exporterID: "strings", options: options, locales: ["en", "fr"])
            return try AppleStringsExporter().exportWithDiagnostics(docs, context: context).artifacts.map(\.path)
        }
        let localizable = ["en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict", "fr.lproj/Localizable.strings", "fr.lproj/Localizable.stringsdict"]
        #expect(try paths("Localizable") == localizable)
        #expect(try paths("Localizable.strings") == localizable)
        #expect(try paths("Localizable.stringsdict") == localizable)
    }

    /// A String Catalog names its source language, and Xcode takes a key with no value in
    /// that language as the value itself: a catalog of `locales: fr` showed English readers
    /// `recipe.a.name`. Like android's `values/`, the catalog holds the source language
    /// whatever the option leaves out.
    @Test func aStringCatalogHoldsItsSourceLanguageWhateverLocalesSays() throws {
        let result = try run(XCStringsExporter(), ["locales": "fr"])
        let catalog = try JSONDocument(parsing: result.artifacts[0].bytes).value
        #expect(catalog["sourceLanguage"] == "en")
        let localizations = catalog["strings"]?["recipe.a.name"]?["localizations"]
        #expect(localizations?["en"]?["stringUnit"]?["value"] == "Milk", "\(String(decoding: result.artifacts[0].bytes, as: UTF8.self))")
        #expect(localizations?["fr"]?["stringUnit"]?["value"] == "Lait")
    }
}
