import LarderCore
import LarderJSON
import LarderRules
import Testing

/// The rules that look at texts see a team kind's texts as the exporters export them: the
/// fields its schema declares (the linter's `textFields`), plain strings included; without
/// them, objects whose keys are all languages of the project.
@Suite struct TeamKindTextsTests {
    static let levels = #"[{"key": 1, "label": {"en": "Beginner", "vi": "Mới"}}, {"key": 2, "label": "Expert"}]"#
    static let packs = #"[{"id": "starter", "name": {"en": "Starter pack", "de": "Startpaket"}, "prices": {"us": "$4.99", "de": "4,99 €", "gb": "£3.99"}}]"#

    @Test func aPlainStringInADeclaredTextFieldLacksTheOtherLocales() throws {
        let found = try run(LocaleCompleteRule(), [("content/levels.json", Self.levels)], kind: "level",
                            options: ["locales": ["en", "vi"], "textFields": ["/label"]])
        #expect(found.map(\.pointer.description) == ["/1/label"])
        #expect(found.first?.message.contains("plain string, which counts as en only, and lacks vi") == true)
        // The shape alone does not take a plain string for text.
        #expect(try run(LocaleCompleteRule(), [("content/levels.json", Self.levels)], kind: "level", options: ["locales": ["en", "vi"]]).isEmpty)
    }

    /// A schema that refers to itself (a tree of sections) declares texts at every depth;
    /// the rules check the deepest ones too, and no data beside them.
    @Test func textsAtEveryDepthOfATreeAreChecked() throws {
        let guide = #"""
            [{"id": "guide", "sections": [{"title": {"en": "One", "vi": "Một"}, "code": "a", "children": [
              {"title": {"en": "Deeper", "vi": "Sâu"}, "children": [{"title": {"en": "Deepest"}, "code": "b"}]}]}]}]
            """#
        let options: JSONValue = ["locales": ["en", "vi"], "textFields": ["/sections/*~r1", "~r1/children/*~r1", "~r1/title"]]
        let found = try run(LocaleCompleteRule(), [("content/guides.json", guide)], kind: "guide", options: options)
        #expect(found.map(\.pointer.description) == ["/0/sections/0/children/0/children/0/title"])
        let blank = guide.replacingOccurrences(of: "Deepest", with: " ")
        let empty = try run(NonEmptyTextRule(), [("content/guides.json", blank)], kind: "guide", options: options)
        #expect(empty.map(\.pointer.description).contains { $0.hasPrefix("/0/sections/0/children/0/children/0/title") }, "\(empty)")
    }

    /// The id field an export's `ids` option names (the linter's `exportIDs`) is the id:
    /// no warning of texts without one, repeats compared on it, and a document that lacks
    /// it (or holds no id in it) is reported, naming the field and the export.
    @Test func uniqueIDTakesTheIDTheExportsName() throws {
        let options: JSONValue = ["locales": ["en"], "exportIDs": [["field": "/username", "export": "json-bundle"]]]
        let users = #"[{"username": "minh", "bio": {"en": "Cook"}}, {"username": "an", "bio": {"en": "Baker"}}]"#
        #expect(try run(UniqueIDRule(), [("content/users.json", users)], kind: "user", options: options).isEmpty)
        // Without the option, the same content is keyed by position, and warned of.
        #expect(try run(UniqueIDRule(), [("content/users.json", users)], kind: "user", options: ["locales": ["en"]]).count == 2)

        let repeated = #"[{"username": "minh", "bio": {"en": "Cook"}}, {"username": "minh", "bio": {"en": "Baker"}}]"#
        let twice = try run(UniqueIDRule(), [("content/users.json", repeated)], kind: "user", options: options)
        #expect(twice.map(\.pointer.description) == ["/1/username"])
        #expect(twice.first?.message.contains("user username 'minh' is already used") == true, "\(twice)")

        let lacking = "[{\"username\": \"minh\", \"bio\": {\"en\": \"Cook\"}},\n {\"bio\": {\"en\": \"Baker\"}},\n {\"username\": {\"first\": \"An\"}}]"
        let found = try run(UniqueIDRule(), [("content/users.json", lacking)], kind: "user", options: options)
        #expect(found.map { "\($0.file):\($0.start) \($0.pointer)" } == ["content/users.json:2:2 /1", "content/users.json:3:15 /2/username"])
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.contains("this user has no /username, the field that option 'ids' of export json-bundle names as the id of user documents") == true,
                "\(found)")
        #expect(found.last?.message.contains("this user has an object at /username") == true && found.last?.message.contains("an id is a string or a number") == true,
                "\(found)")
        #expect(!found.contains { $0.message.contains("keyed by its position") })
    }

    /// A document keyed by its position is told the position the exporters give it: its
    /// place among every document of its kind, by file as paths sort, then in its file
    /// (`hero.2.…` for the third hero, counting one with neither id nor texts). The message
    /// said `hero.0.…` of every one. A run that reports on one file says the same.
    @Test func uniqueIDNamesThePositionTheExportersKeyADocumentWithoutAnIDBy() throws {
        let files = [
            ("content/b.json", #"[{"bio": {"en": "Amy"}}]"#),
            ("content/a.json", #"[{"id": "zed", "bio": {"en": "Zed"}}, {"power": 3}, {"bio": {"en": "Al"}}]"#),
        ]
        let whole = try run(UniqueIDRule(), files, kind: "hero", options: ["locales": ["en"]])
        #expect(whole.map { "\($0.file)\($0.pointer)" } == ["content/a.json/2", "content/b.json/0"])
        #expect(whole.first?.message.contains("keyed by its position among the hero documents (hero.2.…)") == true, "\(whole)")
        #expect(whole.last?.message.contains("keyed by its position among the hero documents (hero.3.…)") == true, "\(whole)")
        let partial = try run(UniqueIDRule(), files, kind: "hero", options: ["locales": ["en"]], reportingOn: ["content/b.json"])
        #expect(partial.map(\.message) == [whole[1].message])
        // With the field the rule's key names, the position is the same.
        let keyed = try run(UniqueIDRule(), files, kind: "hero", options: ["locales": ["en"], "key": "/uid"])
        #expect(keyed.last?.message.contains("no id at /uid") == true && keyed.last?.message.contains("(hero.3.…)") == true, "\(keyed)")
    }

    @Test func pricesByCountryAreNotText() throws {
        for options: JSONValue in [["locales": ["en", "de"]], ["locales": ["en", "de"], "textFields": ["/name"]]] {
            #expect(try run(LocaleCompleteRule(), [("content/packs.json", Self.packs)], kind: "pack", options: options).isEmpty, "\(options)")
        }
    }

    /// unique-id reads the id the exporters read (`slug` when there is no `id`), and warns
    /// of texts that would be keyed by position.
    @Test func uniqueIDReadsTheExportersIDAndWarnsOfTextsWithoutOne() throws {
        let tours = [("content/a.json", #"[{"slug": "same", "name": {"en": "A"}}]"#), ("content/b.json", "[\n  {\"slug\": \"same\"}]")]
        let found = try run(UniqueIDRule(), tours, kind: "tour", options: ["locales": ["en"]])
        #expect(found.map { "\($0.file):\($0.start)" } == ["content/b.json:2:12"])
        #expect(found.first?.message.contains("tour slug 'same' is already used by the tour at content/a.json:1:11") == true)
        let heroes = #"[{"uid": "zed", "bio": {"en": "Zed"}}, {"uid": "amy", "tagline": "Fast"}]"#
        let warned = try run(UniqueIDRule(), [("content/heroes.json", heroes)], kind: "hero", options: ["locales": ["en"]])
        #expect(warned.map(\.pointer.description) == ["/0"])
        #expect(warned.first?.severity == .warning)
        #expect(warned.first?.message.contains("keyed by its position") == true)
        #expect(try run(UniqueIDRule(), [("content/heroes.json", heroes)], kind: "hero", options: ["locales": ["en"], "key": "/uid"]).isEmpty)
        // A number with a fraction is an id as written, as the exports key it (it was taken
        // for no id: "keyed by its position"); two alike are one id twice.
        let cards = "[{\"key\": 2.5, \"title\": {\"en\": \"A\"}},\n {\"key\": 2.5, \"title\": {\"en\": \"B\"}}, {\"key\": 3, \"title\": {\"en\": \"C\"}}]"
        let keyed = try run(UniqueIDRule(), [("content/cards.json", cards)], kind: "card", options: ["locales": ["en"], "key": "/key"])
        #expect(keyed.map(\.pointer.description) == ["/1/key"], "\(keyed)")
        #expect(!keyed.contains { $0.message.contains("keyed by its position") })
        // Built-in kinds have their id in their schema: no warning.
        #expect(try run(UniqueIDRule(), [("r.json", #"[{"name": {"en": "No id"}}]"#)], kind: "recipe", options: ["locales": ["en"]]).isEmpty)
    }
}
