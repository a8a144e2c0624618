import LarderJSON
import Testing
@testable import LarderCore

/// The config check on a `larder.json` (places from the JSON document itself): every
/// mistake of the file in one go, unknown settings at their key with the closest known one,
/// locales that are one locale but for case.
@Suite struct ConfigCheckTests {
    func load(_ text: String) throws -> Result<LarderConfig, ConfigError> {
        ConfigLoader().load(try JSONDocument(parsing: text), file: "larder.json")
    }

    func errors(_ text: String) throws -> [Diagnostic] {
        switch try load(text) {
        case .success: return []
        case .failure(let error): return error.diagnostics
        }
    }

    func place(_ d: Diagnostic) -> String { "\(d.start.line):\(d.start.column) \(d.message)" }

    @Test func anUnknownSettingIsAtItsKeyWithTheClosestKnownOne() throws {
        let found = try errors("""
            {"locales": ["en"],
             "content": [{"kind": "recipe",
                          "includes": ["*.json"]}],
             "exlcude": []}
            """)
        // The key, not the value; and no second "include is required" for the same typo.
        #expect(found.map(place) == [
            "3:15 content[0]: unknown setting 'includes'; did you mean 'include'?",
            "4:2 unknown setting 'exlcude'; did you mean 'exclude'?",
        ])
    }

    @Test func anEntrySettingAtTheTopIsToldWhereItGoes() throws {
        let found = try errors(#"{"include": ["*.json"], "content": [{"kind": "recipe", "include": ["*.json"]}]}"#)
        #expect(found.map(\.message) == ["unknown setting 'include'; include is a setting of each entry of content (content: [{kind: recipe, include: [...]}])"])
        let other = try errors(#"{"colour": 1, "content": [{"kind": "recipe", "include": ["*.json"]}]}"#)
        #expect(other.map(\.message) == ["unknown setting 'colour'; the settings here are content, exclude, exports, locales, plugins, rules, transforms"])
    }

    @Test func localesThatDifferOnlyInCaseAreOneLocale() throws {
        // [en-US, pt-PT, pt-pt, EN-us] was taken: lint asked for four translations and the
        // android export stopped on two folders of one name.
        let found = try errors(#"{"locales": ["en-US", "pt-PT", "pt-pt", "EN-us", "en", "en"], "content": [{"kind": "recipe", "include": ["*.json"]}]}"#)
        #expect(found.map(place) == [
            "1:32 locales[2]: pt-pt is the same locale as pt-PT (locales[1]; language tags ignore case); keep one",
            "1:41 locales[3]: EN-us is the same locale as en-US (locales[0]; language tags ignore case); keep one",
            "1:56 locales[5]: en is listed twice (locales[4]); keep one",
        ])
        #expect(found.map(\.pointer) == ["/locales/2", "/locales/3", "/locales/5"])
    }

    /// A replaced language code and its replacement, or a Chinese region with and without its
    /// script, are one locale too: [he, iw] asked for two translations that content can give
    /// only under one key each, and two bundles of one language.
    @Test func twoSpellingsOfOneLocaleAreOneLocale() throws {
        let found = try errors(#"{"locales": ["en", "he", "iw", "zh-TW", "zh-Hant-TW", "id", "zh-Hant"], "content": [{"kind": "recipe", "include": ["*.json"]}]}"#)
        #expect(found.map(\.message) == [
            "locales[2]: iw is the same locale as he (locales[1]): iw is the former code of Hebrew (BCP 47 replaced it with he); keep one",
            "locales[4]: zh-Hant-TW is the same locale as zh-TW (locales[3]): CLDR reads a Chinese tag with the region TW, HK or MO and no script as Traditional Chinese: zh-Hant-TW and zh-TW are one locale; keep one",
        ])
        #expect(found.map(\.pointer) == ["/locales/2", "/locales/4"])
    }

    @Test func aConfigThatIsNotValidStillGivesWhatCanBeRead() throws {
        let text = """
            {"locales": ["en", "fr_FR"], "content": [{"kind": "recipe", "include": ["*.json"]}],
             "rules": {"gtin-checksum": "eror", "nutrition-consistancy": "error"},
             "transforms": [5, "scael"]}
            """
        guard case .failure(let error) = try load(text) else { Issue.record("the config was taken"); return }
        #expect(error.diagnostics.map(\.pointer) == ["/locales/1", "/rules/gtin-checksum", "/transforms/0"])
        let partial = try #require(error.partialConfig)
        #expect(partial.rules["nutrition-consistancy"]?.severity == .error)
        // The step that is not one keeps its place, so the next keeps its index.
        #expect(partial.transforms.map(\.id) == ["", "scael"])
        // A further finding about a setting the schema already faulted is not told twice; the
        // others are added in the order of the file.
        let further = [
            Diagnostic(ruleID: "config", severity: .error, message: "unknown transform ''", file: "larder.json",
                       start: SourcePosition(line: 3, column: 17), pointer: "/transforms/0"),
            Diagnostic(ruleID: "config", severity: .error, message: "unknown rule 'nutrition-consistancy'", file: "larder.json",
                       start: SourcePosition(line: 2, column: 38), pointer: "/rules/nutrition-consistancy"),
        ]
        #expect(error.merging(further).map(\.pointer) == ["/locales/1", "/rules/gtin-checksum", "/rules/nutrition-consistancy", "/transforms/0"])
    }

    @Test func globsAreCheckedAlsoWhenOtherSettingsAreNotValid() throws {
        let found = try errors(#"{"locales": ["en_GB"], "content": [{"kind": "recipe", "include": ["a/[*.json"]}]}"#)
        #expect(found.map(\.pointer) == ["/locales/0", "/content/0/include/0"])
    }

    @Test func canonicalCaseOfLanguageTags() {
        #expect(LanguageTagShape.canonical("EN-us") == "en-US")
        #expect(LanguageTagShape.canonical("zh-hant-tw") == "zh-Hant-TW")
        #expect(LanguageTagShape.canonical("ES-419") == "es-419")
        #expect(LanguageTagShape.canonical("CA-es-VALENCIA") == "ca-ES-valencia")
        #expect(LanguageTagShape.canonical("sr-LATN") == "sr-Latn")
        #expect(LanguageTagShape.canonical("de-1996") == "de-1996")
        #expect(LanguageTagShape.canonical("pt_BR") == "pt_BR")
    }
}
