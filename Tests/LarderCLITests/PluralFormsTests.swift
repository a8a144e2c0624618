import Foundation
import Testing

/// Plural forms end to end: lint reports what the exporters would drop or fill, at the
/// form, and the build stops on a text no export can read.
@Suite struct PluralFormsTests {
    static let schema = #"{"type":"object","required":["id","text"],"properties":{"id":{"type":"string"},"text":{"type":["object","string"]}},"additionalProperties":false}"#

    /// A project of kind `msg` whose `text` is text only through the exports' option
    /// `texts` (the schema says `{"type": "object"}`).
    func project(_ content: String, exports: [String] = ["xcstrings: { out: dist/Content.xcstrings", "android: { out: dist/res", "gettext: { out: dist/po", "i18next: { out: dist/i18n", "strings: { out: dist/apple"]) throws -> Scratch {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en, ru]
            content:
              - kind: msg
                schema: schemas/msg.schema.json
                include: ["content/m.json"]
            exports:
            \(exports.map { "  - \($0), texts: { msg: [/text] } }" }.joined(separator: "\n"))

            """)
        try dir.write("schemas/msg.schema.json", Self.schema)
        try dir.write("content/m.json", content)
        return dir
    }

    /// A field the exports' option `texts` names is text to lint too, also when the guess
    /// by shape would not take it (a plain string).
    @Test func aFieldTheOptionTextsNamesIsLintedAsText() throws {
        let dir = try project(#"[{"id": "ace", "text": "Ace"}]"#, exports: ["json-bundle: { out: dist/json"])
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.stdout.contains("content/m.json:1:24: warning: text is a plain string, which counts as en only, and lacks ru"), "\(lint.stdout)")
    }
}

extension PluralFormsTests {
    /// A misspelled category or a missing `other` made every export leave the whole text
    /// out, in every language, while lint said "No problems" and the build exited 0. With
    /// the rule lowered to a warning, the exports still left it out; they now keep what they
    /// can read.
    @Test func aBadPluralFormIsAnErrorAtTheFormAndNothingIsBuilt() throws {
        let dir = try project("""
            [
              {"id": "ok", "text": {"en": {"one": "%d game", "other": "%d games"}, "ru": {"one": "%d игра", "few": "%d игры", "many": "%d игр", "other": "%d игры"}}},
              {"id": "typo", "text": {"en": {"one": "%d game", "other": "%d games"}, "ru": {"one": "%d игра", "fwe": "%d игры", "many": "%d игр", "other": "%d игры"}}},
              {"id": "bad", "text": {"en": {"one": "%d game", "other": "%d games"}, "ru": {"one": "%d игра", "few": "%d игры", "many": "%d игр"}}}
            ]
            """)
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("content/m.json:3:99: error: text (ru) has a form named 'fwe', which is no plural category (did you mean 'few'?); the categories are zero, one, two, few, many and other, and until it is renamed every export leaves this form out [plural-forms]"), "\(lint.stdout)")
        #expect(lint.stdout.contains("content/m.json:4:79: error: text (ru) has plural forms but no `other`"), "\(lint.stdout)")
        #expect(lint.stdout.contains("add an `other` form; until then, every export shows the `one` form in its place [plural-forms]"), "\(lint.stdout)")
        for arguments in [["build"], ["build", "--no-stream"]] {
            let build = try CLI.run(arguments, in: dir.url)
            #expect(build.status == 1, "\(build.stdout)")
            #expect(build.stdout.contains("[plural-forms]") && build.stderr.contains("nothing was built"), "\(build.stdout)\(build.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist").path))
        }
        // As a warning (the team's choice), the build goes on and says so.
        try dir.write("larder.yml", try String(contentsOf: dir.url.appendingPathComponent("larder.yml"), encoding: .utf8) + "rules:\n  plural-forms: warning\n")
        for arguments in [["build"], ["build", "--no-stream"]] {
            let build = try CLI.run(arguments, in: dir.url)
            #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
            #expect(build.stdout.contains("warning: text (ru) has a form named 'fwe'"), "\(build.stdout)")
            // The texts are exported, with the forms that can be read: `fwe` is left out (few
            // counts get `other`), and the first form stands for a missing `other`.
            let po = try String(contentsOf: dir.url.appendingPathComponent("dist/po/ru.po"), encoding: .utf8)
            #expect(po.contains(#"""
                msgctxt "msg.typo.text"
                msgid "%d game"
                msgid_plural "%d games"
                msgstr[0] "%d игра"
                msgstr[1] "%d игры"
                msgstr[2] "%d игр"
                """#), "\(po)")
            #expect(po.contains(#"msgctxt "msg.bad.text""#), "\(po)")
            let i18next = try String(contentsOf: dir.url.appendingPathComponent("dist/i18n/locales/ru/msg.json"), encoding: .utf8)
            #expect(i18next.contains(#""typo":"#) && i18next.contains(#""bad":"#), "\(i18next)")
        }
    }

    /// A form a language never uses is never shown; a `zero` form is, by some formats only.
    @Test func formsALanguageDoesNotUseAreWarnings() throws {
        let content = #"[{"id": "a", "text": {"en": {"zero": "No games yet", "one": "%d game", "few": "%d games", "other": "%d games"}, "ru": {"one": "%d игра", "few": "%d игры", "many": "%d игр", "other": "%d игры"}}}]"#
        let dir = try project(content)
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("content/m.json:1:30: warning: text (en) has a `zero` form, which the CLDR plural rules of en do not use (one and other): i18next, String Catalogs and .stringsdict show it for a count of 0, but the gettext and android exports cannot hold it"), "\(lint.stdout)")
        #expect(lint.stdout.contains("warning: text (en) has a `few` form, which en never uses"), "\(lint.stdout)")
        // Exports that show a zero form for any language: nothing to say about it.
        let kept = try project(content, exports: ["i18next: { out: dist/i18n", "xcstrings: { out: dist/Content.xcstrings"])
        let quiet = try CLI.run(["lint"], in: kept.url)
        #expect(!quiet.stdout.contains("`zero`") && quiet.stdout.contains("`few`"), "\(quiet.stdout)")
    }
}

extension PluralFormsTests {
    /// An English `zero` form reaches the formats that show it for a count of 0, both ways
    /// a build runs; gettext and Android, which cannot hold it, leave it out.
    @Test func aZeroFormIsKeptWhereTheFormatShowsIt() throws {
        let dir = try project(#"[{"id": "a", "text": {"en": {"zero": "No games yet", "one": "%d game", "other": "%d games"}, "ru": {"one": "%d игра", "few": "%d игры", "many": "%d игр", "other": "%d игры"}}}]"#)
        for arguments in [["build"], ["build", "--no-stream"]] {
            let build = try CLI.run(arguments, in: dir.url)
            #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
            func read(_ path: String) throws -> String { try String(contentsOf: dir.url.appendingPathComponent(path), encoding: .utf8) }
            #expect(try read("dist/i18n/locales/en/msg.json").contains(#""text_zero": "No games yet""#))
            #expect(!(try read("dist/i18n/locales/ru/msg.json")).contains("_zero"))
            #expect(try read("dist/apple/en.lproj/Content.stringsdict").contains("<key>zero</key>\n\t\t\t<string>No games yet</string>"))
            let catalog = try read("dist/Content.xcstrings")
            #expect(catalog.contains(#""zero" : {"#) && catalog.contains("No games yet"))
            #expect(!(try read("dist/res/values/strings.xml")).contains("No games yet"))
            #expect(!(try read("dist/po/en.po")).contains("No games yet"))
        }
    }
}

extension PluralFormsTests {
    /// A category the locale uses and the text lacks was filled from `other` with no word
    /// (i18next `text_many`, gettext `msgstr[2]`, Android `many` = "%d игры").
    @Test func aFormTheLocaleNeedsAndTheTextLacksIsAWarningAtTheText() throws {
        let dir = try project("""
            [
              {"id": "a", "text": {"en": {"one": "%d game", "other": "%d games"},
                                   "ru": {"one": "%d игра", "few": "%d игры", "other": "%d игры"}}},
              {"id": "b", "text": {"en": {"one": "%d game", "other": "%d games"}, "ru": "Игр: %d"}}
            ]
            """)
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("content/m.json:3:30: warning: text (ru) has no `many` form, which ru uses for counts such as 0, 5 and 6 (CLDR); every export shows its `other` form for those counts; add the form [locale-complete]"), "\(lint.stdout)")
        #expect(lint.stdout.contains("content/m.json:4:77: warning: text (ru) is one string in a text with plural forms, and ru also has `one`, `few` and `many` forms (CLDR)"), "\(lint.stdout)")
    }
}

extension PluralFormsTests {
    /// `.stringsdict` (XML) turned U+0007 into U+FFFD without a word, while `.strings`
    /// escapes it as `\U0007`.
    @Test func aControlCharacterAStringsdictCannotHoldIsReportedAtItsEscape() throws {
        let dir = try project(#"[{"id": "a", "text": {"en": {"one": "Bell\u0007 %d", "other": "Bells %d"}, "ru": {"one": "x %d", "few": "y %d", "many": "z %d", "other": "w %d"}}}]"#,
                              exports: ["strings: { out: dist/apple"])
        // `control-character` reports the escape anyway; with that rule off (a project that
        // means the bell), the warning about the .stringsdict remains.
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 1, "\(lint.stdout)")
        #expect(lint.stdout.contains("content/m.json:1:42: error: the escape \\u0007 is the control character BEL, a bell (U+0007), which no reader shows"), "\(lint.stdout)")
        try dir.write("larder.yml", try String(contentsOf: dir.url.appendingPathComponent("larder.yml"), encoding: .utf8)
            + "rules:\n  control-character: \"off\"\n")
        let allowed = try CLI.run(["lint"], in: dir.url)
        #expect(allowed.status == 0, "\(allowed.stdout)")
        #expect(allowed.stdout.contains("content/m.json:1:42: warning: the `one` form of text (en) holds U+0007, which XML cannot hold"), "\(allowed.stdout)")
        #expect(allowed.stdout.contains("writes U+FFFD (�) in its place"), "\(allowed.stdout)")
        // Without a .stringsdict among the exports, nothing changes the character.
        let other = try project(#"[{"id": "a", "text": {"en": {"one": "Bell\u0007 %d", "other": "Bells %d"}}}]"#, exports: ["xcstrings: { out: dist/Content.xcstrings"])
        try other.write("larder.yml", try String(contentsOf: other.url.appendingPathComponent("larder.yml"), encoding: .utf8)
            + "rules:\n  control-character: \"off\"\n")
        #expect(!(try CLI.run(["lint"], in: other.url)).stdout.contains("U+0007"))
    }
}

extension PluralFormsTests {
    /// A plural text `wins` beside a text `wins_one`: i18next keys the plural's `one` form
    /// `wins_one` too. The error blamed nesting at '.' and said nowhere; it names the
    /// plural suffix and both texts' places.
    @Test func aPluralFormsKeyThatIsAFieldsIsAnErrorNamingTheSuffix() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: game
                schema: schemas/game.json
                include: ["content/games.json"]
            exports:
              - i18next: { out: dist/i18n }

            """)
        let common = "https://larder.dev/schemas/common.schema.json#/$defs/"
        try dir.write("schemas/game.json", #"{"type": "object", "properties": {"id": {"type": "string"}, "wins": {"$ref": "\#(common)localizedPluralText"}, "wins_one": {"$ref": "\#(common)localizedText"}}}"#)
        try dir.write("content/games.json", "[{\"id\": \"g1\",\n  \"wins\": {\"en\": {\"one\": \"%d win\", \"other\": \"%d wins\"}},\n  \"wins_one\": {\"en\": \"First win\"}}]")
        for arguments in [["build"], ["build", "--no-stream"]] {
            let build = try CLI.run(arguments, in: dir.url)
            #expect(build.status == 2, "\(build.stdout)")
            #expect(build.stderr.contains("i18next: the 'one' form of the plural text 'game.g1.wins' (content/games.json:2:11) and the text 'game.g1.wins_one' (content/games.json:3:15) have the same key 'game:g1.wins_one': i18next keys a plural form with the CLDR category's suffix ('_one') after the text's key; rename one of them"), "\(build.stderr)")
            #expect(!build.stderr.contains("nests keys"), "\(build.stderr)")
        }
    }
}
