import LarderCore
import LarderJSON
import LarderRules
import Testing

@Suite struct NonEmptyTextTests {
    let rule = NonEmptyTextRule()

    @Test(arguments: ["", " ", "\t\n", "\u{00A0}", "\u{2003}\u{3000}", "\u{2028}", "\u{200B}", "\u{FEFF}", " \u{2060} ",
                      "\u{2800}", "\u{2800}\u{2800}", " \u{2800}\u{3164}", "\u{FFA0}", "\u{180E}"])
    func blankStringsFire(_ text: String) throws {
        let json = String(decoding: JSONWriter.compact.bytes(["id": "x", "name": .string(text)]), as: UTF8.self)
        let found = try run(rule, json, kind: "recipe")
        #expect(found.map(\.pointer) == ["/name"])
        #expect(found.first?.message.hasPrefix("name is ") == true)
    }

    @Test(arguments: ["a", " a ", "·", "\u{00A0}x", "🍸", "0", "\u{2800}\u{2801}"])
    func visibleTextPasses(_ text: String) throws {
        let json = String(decoding: JSONWriter.compact.bytes(["id": "x", "name": .string(text)]), as: UTF8.self)
        #expect(try run(rule, json, kind: "recipe").isEmpty)
    }

    @Test func positionsAndMessagesNameTheFieldAndLanguage() throws {
        let json = """
            {
              "id": "bun-bo",
              "name": {"vi": "Bún bò Huế", "en": "  "},
              "steps": ["Boil.", {"en": "", "vi": "Nấu."}]
            }
            """
        let found = try run(rule, json, kind: "recipe")
        #expect(found.count == 2)
        #expect(found[0].pointer == "/name/en")
        #expect(found[0].line == 3 && found[0].column == 38)
        #expect(found[0].message.hasPrefix("name (en) is blank"))
        #expect(found[1].pointer == "/steps/1/en")
        #expect(found[1].message.hasPrefix("steps[1] (en) is empty"))
        #expect(found[1].severity == .error && found[1].ruleID == "non-empty-text")
    }

    /// A blank plural form is named with its language and category (`one`, `two` and `few`
    /// look like language tags: "badge.ru (one)").
    @Test func pluralFormsAreNamedWithTheirLanguage() throws {
        let json = #"{"id": "x", "name": {"ru": {"one": "", "few": " ", "other": "%d"}}}"#
        let found = try run(rule, json, kind: "recipe")
        #expect(found.map(\.message) == [
            "name (ru, one) is empty; write the text, or remove the field if it is optional",
            "name (ru, few) is blank (only white space or invisible characters); write the text, or remove the field if it is optional",
        ])
    }

    /// A field whose name looks like a language tag (`bio`, `tip`, `alt`) is a field, not a
    /// language: only a value in a language map is labelled with its language.
    @Test func aFieldNamedLikeALanguageIsNamedAsAField() throws {
        let json = #"{"id": "ana", "profile": {"bio": " "}, "levels": [{"tip": ""}], "motto": {"en": ""}}"#
        let found = try run(rule, json, kind: "player", options: ["fields": ["/profile/bio", "/levels/*/tip", "/motto"]])
        #expect(found.map(\.message) == [
            "profile.bio is blank (only white space or invisible characters); write the text, or remove the field if it is optional",
            "levels[0].tip is empty; write the text, or remove the field if it is optional",
            "motto (en) is empty; write the text, or remove the field if it is optional",
        ])
        // A recipe image's `alt`, a plain string in a project of two languages.
        let image = #"{"id": "soup", "name": {"en": "Soup", "es": "Sopa"}, "images": [{"src": "a.png", "alt": "A bowl of soup"}]}"#
        let missing = try run(LocaleCompleteRule(), image, kind: "recipe", options: ["locales": ["en", "es"]])
        #expect(missing.map(\.pointer) == ["/images/0/alt"])
        #expect(missing.first?.message.hasPrefix("images[0].alt is a plain string, which counts as en only") == true)
    }

    /// A kind without `fields` has no known text fields: a plain string is not judged (its
    /// language maps are, see the tests of discovered texts), nor is a taxonomy's label map.
    @Test func plainStringsOfKindsWithoutFieldsAreNotChecked() throws {
        #expect(try run(rule, #"{"name": ""}"#, kind: nil).isEmpty)
        #expect(try run(rule, #"{"en:milk": {"en": ""}}"#, kind: "taxonomy").isEmpty)
    }

    /// The language maps of a kind without `fields` are the texts its exports carry: an empty
    /// one is reported, a plain string beside it is not.
    @Test func languageMapsOfKindsWithoutFieldsAreChecked() throws {
        let json = #"{"id": "a", "title": {"en": "", "vi": "Xin chào"}, "code": "", "lines": [{"en": "ok", "vi": " "}]}"#
        let found = try run(rule, json, kind: "achievement", options: ["locales": ["en", "vi"]])
        #expect(found.map(\.pointer) == ["/title/en", "/lines/0/vi"])
        // A map of no project language is not text to the exporters either.
        #expect(try run(rule, json, kind: "achievement", options: ["locales": ["fr"]]).isEmpty)
    }

    @Test func kindsOptionLimitsTheRule() throws {
        #expect(try run(rule, #"{"name": ""}"#, kind: "recipe", options: ["kinds": ["location"]]).isEmpty)
        #expect(try run(rule, #"{"name": ""}"#, kind: "location", options: ["kinds": ["location"]]).count == 1)
    }

    @Test func fieldsWithWildcardsForATeamsOwnKind() throws {
        let json = #"[{"username": "minh", "title": "ok"}, {"username": " ", "tags": [{"label": ""}, {"label": "x"}]}]"#
        let found = try run(rule, json, kind: "user", options: ["fields": ["/username", "/tags/*/label", "/missing"]])
        #expect(found.map(\.pointer) == ["/1/username", "/1/tags/0/label"])
        #expect(found.last?.message.hasPrefix("tags[0].label is empty") == true)
        // A pointer to a list means each of its texts.
        let list = try run(rule, #"{"lines": ["a", " ", {"en": ""}]}"#, kind: "dialogue", options: ["fields": ["/lines"]])
        #expect(list.map(\.pointer) == ["/lines/1", "/lines/2/en"])
        // larder.yml may call the option `pointers`.
        let same = try run(rule, json, kind: "user", options: ["pointers": ["/username", "/tags/*/label"]])
        #expect(same.map(\.pointer) == found.map(\.pointer))
    }
}

@Suite struct DuplicateKeyTests {
    let rule = DuplicateKeyRule()

    @Test func namesBothPlaces() throws {
        let json = "{\n  \"name\": \"a\",\n  \"name\": \"b\"\n}"
        let found = try run(rule, json, kind: "recipe")
        #expect(found.count == 1)
        let d = try #require(found.first)
        #expect(d.pointer == "/name" && d.line == 3 && d.column == 3 && d.severity == .warning)
        #expect(d.message.contains("first at line 2, column 3"))
        #expect(d.related.count == 1 && d.related[0].start.line == 2)
    }

    @Test func onlyDuplicatesWithinTheDocumentAreReported() throws {
        let json = #"[{"a": 1, "a": 2}, {"b": 1}, {"c": 1, "c": 2, "c": 3}]"#
        let docs = Document.split(file: "f.json", json: try JSONDocument(parsing: json))
        let context = RuleContext(for: rule, content: ContentSet(docs))
        #expect(rule.check(docs[0], context: context).map(\.pointer) == ["/0/a"])
        #expect(rule.check(docs[1], context: context).isEmpty)
        #expect(rule.check(docs[2], context: context).count == 2)
    }

    /// Language tags compare without case: a text with `EN` and `en` has two values for one
    /// language, and the exports kept one of them without a word.
    @Test func aLanguageWrittenTwiceInTwoCases() throws {
        let json = #"{"id": "fizz", "name": {"EN": "Lime fizz", "es": "B", "en": "Old name"}, "description": {"\u0065n": "A", "EN": "B", "En": "C"}, "steps": [{"en": "Stir.", "en": "Shake."}, {"en": "Pour.", "en-GB": "Pour."}]}"#
        let found = try run(rule, json, kind: "recipe", options: ["locales": ["en", "es"]])
        #expect(found.map(\.pointer) == ["/name/en", "/description/EN", "/description/En", "/steps/0/en"])
        let name = try #require(found.first { $0.pointer == "/name/en" })
        #expect(name.severity == .warning)
        #expect(name.message == "name (en) is a second value for 'EN' (line 1, column 25): language tags compare without case, so 'en' and 'EN' are one language and the exports keep only one of the two texts; remove one, or merge them")
        #expect(name.related.map(\.start.column) == [25])
        // A taxonomy's labels, and a kind of the team's own (its language maps).
        let labels = try run(rule, #"{"classic": {"en": "Classic", "es": "Clásico", "ES": "Clásica"}}"#, kind: "taxonomy")
        #expect(labels.map(\.pointer) == ["/classic/ES"])
        let own = try run(rule, #"{"id": "easy", "title": {"vi": "Dễ", "VI": "Dễ"}}"#, kind: "achievement", options: ["locales": ["en", "vi"]])
        #expect(own.map(\.pointer) == ["/title/VI"])
    }
}

/// The rules that check every localized text share one reading of a document's text
/// fields per document (``PreparingRule``); `non-empty-text` reads the required ones.
@Suite struct SharedTextFieldsTests {
    @Test func theTextRulesShareTheirPreparation() throws {
        let options: JSONValue = ["locales": ["en", "pt"], "exports": ["xcstrings"]]
        let localized: [any PreparingRule] = [LocaleCompleteRule(), PluralFormsRule(), DuplicateKeyRule(), PlaceholdersRule()]
        let keys = Set(localized.map { $0.preparationKey(options: options) })
        #expect(keys.count == 1)
        #expect(!keys.contains(NonEmptyTextRule().preparationKey(options: options)))
        // A rule of its own fields prepares apart.
        #expect(!keys.contains(LocaleCompleteRule().preparationKey(options: ["locales": ["en", "pt"], "fields": ["/title"]])))
        // And what it prepares is what it would read itself.
        let json = try JSONDocument(parsing: #"{"id": "a", "name": {"en": "A", "pt": "B"}, "steps": [{"en": "Mix"}], "ingredients": [{"name": {"en": "egg"}, "note": "big"}]}"#)
        let document = Document(file: "r.json", kind: "recipe", json: json)
        let context = RuleContext(for: LocaleCompleteRule(), options: options)
        let prepared = try #require(LocaleCompleteRule().prepare(document, context: context) as? [Int])
        #expect(prepared.count == 4)
        var shared = context
        shared.prepared = prepared
        #expect(LocaleCompleteRule().check(document, context: shared).map(\.message) == LocaleCompleteRule().check(document, context: context).map(\.message))
    }
}
