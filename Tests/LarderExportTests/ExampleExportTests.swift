import Foundation
@testable import LarderCLI
import LarderCore
import LarderExport
import LarderJSON
import Testing

/// Exports the five example apps (and the reference project) with every built-in exporter.
///
/// With `LARDER_EXPORT_OUT=/dir` the artifacts are written to
/// `/dir/<project>/<exporter>/…` for `Tests/consumers/run.sh`, which runs the real consumers
/// (aapt2, msgfmt, plparse, i18next, pyld, check-jsonschema) over them.
@Suite(.serialized) struct ExampleExportTests {
    static let examplesRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples").path
    }()
    static let examples = ["card-war", "cocktails", "food-products", "portuguese-recipes", "saigon-photo-spots"]
    static let out = ProcessInfo.processInfo.environment["LARDER_EXPORT_OUT"]

    struct Loaded {
        var config: LarderConfig
        var documents: [Document]
        var root: String
    }

    static func load(_ example: String) async throws -> Loaded {
        let root = examplesRoot + "/" + example
        let (config, _) = try ConfigFile(path: root + "/larder.yml").load(displayPath: "larder.yml")
        let loader = ContentLoader(config: config, reader: WorkingTreeReader(root: root))
        let content = await loader.load(loader.includedFiles())
        #expect(content.diagnostics.isEmpty, "\(example): \(content.diagnostics)")
        return Loaded(config: config, documents: content.documents, root: root)
    }

    static func context(_ loaded: Loaded, exporter: String, options: JSONValue) -> ExportContext {
        var folders: [String: String] = [:]
        for entry in loaded.config.content { if let images = entry.images { folders[entry.kind] = images } }
        return ExportContext(
            exporterID: exporter, options: options, locales: loaded.config.locales, toolVersion: "0.0.0-test",
            files: WorkingTreeFiles(root: loaded.root), imageFolders: folders)
    }

    /// Every exporter each example's larder.yml names exists, takes its options, and writes
    /// every locale the example declares.
    @Test(arguments: examples)
    func configuredExportsRun(_ example: String) async throws {
        let loaded = try await Self.load(example)
        #expect(!loaded.config.exports.isEmpty)
        for step in loaded.config.exports {
            let exporter = try #require(BuiltInExporters.all.first { $0.id == step.id }, "\(example): unknown exporter \(step.id)")
            let folder = try exporter.outputFolder(options: step.options)
            #expect(folder.hasPrefix("dist/"), "\(example): \(step.id) writes to \(folder)")
            let result = try exporter.exportWithDiagnostics(loaded.documents, context: Self.context(loaded, exporter: step.id, options: step.options))
            #expect(!result.artifacts.isEmpty)
            #expect(result.diagnostics.allSatisfy { $0.ruleID == "fallback" && $0.severity != .error })
            let text = result.artifacts.map(\.path).joined(separator: "\n")
            for locale in loaded.config.locales where step.id != "xcstrings" {
                let names = [locale, AndroidExporter.folder(for: locale, sourceLocale: loaded.config.sourceLocale)]
                #expect(names.contains { text.contains($0) }, "\(example): \(step.id) wrote nothing for \(locale)")
            }
        }
    }

    /// Writes every exporter's output for every example and for the reference project, when
    /// `LARDER_EXPORT_OUT` asks for it (the consumer checks read them).
    @Test func writeForConsumers() async throws {
        guard let out = Self.out else { return }
        for example in Self.examples {
            let loaded = try await Self.load(example)
            for exporter in BuiltInExporters.all {
                let configured = loaded.config.exports.first { $0.id == exporter.id }?.options ?? .null
                var options = configured.objectValue ?? JSONObject()
                if exporter.id == "json-bundle" || exporter.id == "images" {
                    options["images"] = exporter.id == "json-bundle" ? true : nil
                    if example == "card-war" { options["imageFields"] = ["achievement": ["/icon"]] }
                }
                let result = try exporter.exportWithDiagnostics(
                    loaded.documents, context: Self.context(loaded, exporter: exporter.id, options: .object(options)))
                try write(result.artifacts, to: "\(out)/\(example)/\(exporter.id)")
            }
            // i18next for an app that formats with sprintf-js (check_i18next_sprintf.js).
            let sprintf = try I18nextExporter().exportWithDiagnostics(
                loaded.documents, context: Self.context(loaded, exporter: "i18next", options: ["printf": "sprintf"]))
            try write(sprintf.artifacts, to: "\(out)/\(example)/i18next-sprintf")
            try Self.writeProject(to: "\(out)/\(example)", locales: loaded.config.locales)
        }
        let reference = try ReferenceProject()
        for exporter in BuiltInExporters.all {
            try write(try reference.export(exporter).artifacts, to: "\(out)/reference/\(exporter.id)")
        }
        try write(try reference.export(I18nextExporter(), options: ["printf": "sprintf"]).artifacts, to: "\(out)/reference/i18next-sprintf")
        try Self.writeProject(to: "\(out)/reference", locales: reference.locales)
        // The reference project with both pseudo-locales, for every consumer to read.
        let pseudo: JSONValue = ["en-XA", "ar-XB"]
        for exporter in BuiltInExporters.all where exporter.id != "images" {
            var options = ReferenceProject.options[exporter.id]?.objectValue ?? JSONObject()
            options["pseudo"] = pseudo
            try write(try reference.export(exporter, options: .object(options)).artifacts, to: "\(out)/pseudo/\(exporter.id)")
        }
        try Self.writeProject(to: "\(out)/pseudo", locales: reference.locales + ["en-XA", "ar-XB"])
        let scripts = try Self.scriptsProject()
        for exporter in BuiltInExporters.all {
            let result = try exporter.exportWithDiagnostics(
                scripts.documents, context: ExportContext(exporterID: exporter.id, locales: scripts.locales, toolVersion: "0.0.0-test"))
            try write(result.artifacts, to: "\(out)/scripts/\(exporter.id)")
        }
        try Self.writeProject(to: "\(out)/scripts", locales: scripts.locales)
        // Its texts that begin or end with a line break, in both pseudo-locales too.
        for exporter in BuiltInExporters.all where exporter.id != "images" {
            let result = try exporter.exportWithDiagnostics(
                scripts.documents, context: ExportContext(exporterID: exporter.id, options: ["pseudo": pseudo], locales: scripts.locales, toolVersion: "0.0.0-test"))
            try write(result.artifacts, to: "\(out)/scripts-pseudo/\(exporter.id)")
        }
        try Self.writeProject(to: "\(out)/scripts-pseudo", locales: scripts.locales + ["en-XA", "ar-XB"])
        try Self.writePluralTable(to: out)
    }

    /// `.plurals.json`: for every language of the plural table, of its aliases and of ISO
    /// 639-1, its categories, the category of the counts 0…1099 and of some large ones, and
    /// its gettext forms, for `check_plurals.js` to hold against `Intl.PluralRules` (node's
    /// CLDR), which also fails for a language node has rules for that the file lacks.
    static func writePluralTable(to folder: String) throws {
        let large = [1000, 1001, 2000, 10_000, 20_000, 21_000, 40_000, 100_000, 1_000_000, 1_000_001, 2_000_000, 3_100_000]
        let counts = Array(0..<1100) + large
        var languages = JSONObject()
        // The table's languages, its aliases (`rus`, `tgl`, `in`) and every ISO 639-1 language
        // (one the table does not hold gets one/other: node says whether it should).
        let iso639 = """
            aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es \
            et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki \
            kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no \
            nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te \
            tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
            """.split(separator: " ").map(String.init)
        for language in Set(PluralRules.languages + PluralRules.languageAliases.keys + iso639).sorted() where language != "root" {
            let forms = GettextPluralForms.forLocale(language)
            languages[language] = [
                "categories": .array(PluralRules.categories(for: language).map { .string($0.rawValue) }),
                "counts": .array(counts.map { .string(PluralRules.category(of: $0, in: language).rawValue) }),
                "gettext": ["expression": .string(forms.expression), "categories": .array(forms.categories.map { .string($0.rawValue) })],
                "gettextConvention": .bool(GettextPluralForms.followsGettextConvention(language)),
            ]
        }
        let table: JSONValue = ["n": .array(counts.map { .number(JSONNumber(literal: String($0))) }), "languages": .object(languages)]
        try write([try Artifact(path: ".plurals.json", bytes: JSONWriter.pretty.bytes(table))], to: folder)
    }

    /// A project whose locales stress fallback and plurals: Simplified and Traditional
    /// Chinese side by side (a zh-Hant user must never get Simplified text), Arabic (six
    /// plural forms), European Portuguese, Latin-script Serbian, Latin-American Spanish and
    /// Valencian (a variant: gettext's `ca_ES@valencia`, Android's `b+ca+ES+valencia`),
    /// Maltese and Cornish (five and six plural forms). The second badge's id is a Windows
    /// device name (`con`), plain in every key, and its plural texts count with their
    /// second argument (`%1$@ has %2$d points`, `%@ and %d others`).
    static func scriptsProject() throws -> (locales: [String], documents: [Document]) {
        let locales = ["en", "zh", "zh-Hant-TW", "ar", "pt-PT", "sr-Latn", "es-419", "ca-ES-valencia", "mt", "kw"]
        let badges = #"""
            [{"id": "streak",
              "title": {"en": "On a roll", "zh": "连胜", "zh-Hant-TW": "連勝", "ar": "سلسلة انتصارات", "pt-PT": "Em série", "sr-Latn": "U nizu", "es-419": "En racha"},
              "progress": {
                "en": {"one": "%d day", "other": "%d days"},
                "zh": {"other": "%d 天"},
                "zh-Hant-TW": {"other": "%d 天（繁）"},
                "ar": {"zero": "لا أيام", "one": "يوم واحد", "two": "يومان", "few": "%d أيام", "many": "%d يومًا", "other": "%d يوم"},
                "pt-PT": {"one": "%d dia", "many": "%d de dias", "other": "%d dias"},
                "sr-Latn": {"one": "%d dan", "few": "%d dana", "other": "%d dana"},
                "mt": {"one": "%d jum", "two": "jumejn", "few": "%d ijiem", "many": "%d-il jum", "other": "%d jum"},
                "kw": {"zero": "%d dydh", "one": "%d dydh", "two": "%d dydh", "few": "%d dydh", "many": "%d dydh", "other": "%d dydh"}
              },
              "hint": {"en": "Don't break it: it's 100% \"yours\" & <b>only</b> yours", "zh": "别中断", "zh-Hant-TW": "別中斷", "ar": "لا تقطعها"},
              "story": {"en": "Keep going.\n", "zh": "继续", "ar": "\nاستمر\n\n", "pt-PT": "Continua.\n", "ca-ES-valencia": "Continua."},
              "deal": {"en": {"one": "%d day, 50% off", "other": "%d days, 50% off\n"}, "ar": {"zero": "لا أيام", "one": "يوم واحد، 50% خصم", "two": "يومان", "few": "%d أيام", "many": "%d يومًا", "other": "%d يوم، 50% خصم"}}
             },
             {"id": "con",
              "title": {"en": "Con brio", "zh": "有活力", "ar": "بحيوية", "es-419": "Con brío"},
              "score": {"en": {"one": "%1$@ has %2$d point", "other": "%1$@ has %2$d points"},
                        "ar": {"zero": "%1$@ ليس لديه نقاط", "one": "%1$@ لديه نقطة", "two": "%1$@ لديه نقطتان", "few": "%1$@ لديه %2$d نقاط", "many": "%1$@ لديه %2$d نقطة", "other": "%1$@ لديه %2$d نقطة"}},
              "likes": {"en": {"one": "%@ liked this", "other": "%@ and %d others liked this"}}
            }]
            """#
        let taxonomy = #"{"streaks": {"en": "Streaks", "zh": "连胜", "zh-Hant": "連勝", "ar": "سلاسل"}}"#
        var documents = Document.split(file: "badges.json", kind: "badge", json: try JSONDocument(parsing: badges))
        documents += Document.split(file: "taxonomy.json", kind: "taxonomy", json: try JSONDocument(parsing: taxonomy))
        return (locales, documents)
    }

    /// `project.json`: the locales the consumer checks expect (`{"sourceLocale", "locales"}`).
    static func writeProject(to folder: String, locales: [String]) throws {
        let json: JSONValue = ["sourceLocale": .string(locales.first ?? "en"), "locales": .array(locales.map { .string($0) })]
        try write([try Artifact(path: "project.json", bytes: JSONWriter.pretty.bytes(json))], to: folder)
    }
}
