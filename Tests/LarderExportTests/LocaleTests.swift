import LarderCore
import LarderJSON
import Testing
@testable import LarderExport

/// Lint finds a team's texts with LarderCore's `LanguageTagShape`, the exporters with
/// `LanguageTag`: the two must take the same tags, or lint checks maps nobody exports.
@Suite struct LanguageTagShapeTests {
    @Test func takesWhatLanguageTagParses() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["en", "pt", "zh", "yue", "Hant", "latn", "BR", "419", "us", "valencia", "1996", "rozaj", "x", "u", "test", "a", "abcdefghi", "12", "e", ""]
        var tags = ["en", "zh-yue", "en-x-test", "de-DE-1996-1996", "zh-hakka", "ART-lojban", "no-bok", "i-klingon", "es-419", "sr-Latn", "zh-Hant-TW", "ca-ES-valencia", "e", "en--US", "-en"]
        for _ in 0..<3000 {
            tags.append((0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: "-"))
        }
        for tag in tags {
            #expect(LanguageTagShape.isWellFormed(tag) == LanguageTag.isValid(tag), "\(tag)")
        }
    }
}

@Suite struct LanguageTagTests {
    /// RFC 5646's grandfathered tags name languages of their own: `zh-hakka` (Hakka) was
    /// read as Chinese with a variant and given Mandarin texts; `art-lojban` built too. They
    /// are refused, with the tag to write.
    @Test func grandfatheredTagsAreRefusedWithTheTagToWrite() {
        for (tag, preferred) in [("zh-hakka", "hak"), ("art-lojban", "jbo"), ("zh-xiang", "hsn"), ("no-bok", "nb"), ("i-klingon", "tlh")] {
            #expect(!LanguageTagShape.isWellFormed(tag), "\(tag)")
            #expect(LanguageTagShape.problem(tag) == "it is a grandfathered tag (RFC 5646), for a language of its own; write \(preferred), the tag BCP 47 prefers for it")
            #expect(throws: LanguageTagError.self) { try LanguageTag(tag) }
        }
        #expect(LanguageTagShape.problem("cel-gaulish") == "it is a grandfathered tag (RFC 5646), for a language of its own; name the language with a tag of the usual form")
        #expect(LanguageTagShape.isWellFormed("zh-Hant-TW") && LanguageTagShape.isWellFormed("de-DE-1901"))
    }

    @Test(arguments: [
        ("en", "en"), ("pt-br", "pt-BR"), ("PT-BR", "pt-BR"), ("es-419", "es-419"), ("zh-hant-tw", "zh-Hant-TW"),
        ("sr-latn", "sr-Latn"), ("yue", "yue"), ("ca-ES-valencia", "ca-ES-valencia"), ("de-DE-1901", "de-DE-1901"),
    ])
    func canonicalizes(_ text: String, _ expected: String) throws {
        #expect(try LanguageTag(text).description == expected)
    }

    @Test(arguments: [
        ("", "empty"), ("pt_BR", "'-', not '_'"), ("e", "2 or 3 letters"), ("english", "2 or 3 letters"),
        ("en--US", "empty subtag"), ("en-", "empty subtag"), ("en-US-x-twain", "private-use"), ("en-u-ca-gregory", "extension"),
        ("x-klingon", "private-use"), ("en-US-Latn", "right after the language"), ("en-US-GB", "region"), ("é", "A-Z"),
        ("en-a1", "not a script"),
    ])
    func rejects(_ text: String, _ reason: String) {
        #expect(throws: LanguageTagError.self) { try LanguageTag(text) }
        do {
            _ = try LanguageTag(text)
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
            #expect(error.tag == text)
        }
    }

    @Test func parts() throws {
        let tag = try LanguageTag("zh-Hant-TW")
        #expect(tag.language == "zh" && tag.script == "Hant" && tag.region == "TW" && tag.variants.isEmpty)
        #expect(tag.truncated?.description == "zh-Hant")
        #expect(try LanguageTag("es-419").region == "419")
        #expect(try LanguageTag("en").truncated == nil)
    }
}

@Suite struct LocaleFallbackTests {
    /// CLDR 47's parents, as FORMATS.md lists them (checked there with Babel).
    @Test(arguments: [
        ("pt-BR", ["pt-BR", "pt"]),
        ("pt-AO", ["pt-AO", "pt-PT", "pt"]),
        ("pt-MZ", ["pt-MZ", "pt-PT", "pt"]),
        ("es-MX", ["es-MX", "es-419", "es"]),
        ("es-AR", ["es-AR", "es-419", "es"]),
        ("es-ES", ["es-ES", "es"]),
        ("en-GB", ["en-GB", "en-001", "en"]),
        ("en-AU", ["en-AU", "en-001", "en"]),
        ("en-DE", ["en-DE", "en-150", "en-001", "en"]),
        ("en-US", ["en-US", "en"]),
        ("zh-Hant-TW", ["zh-Hant-TW", "zh-Hant"]),
        ("zh-Hant-MO", ["zh-Hant-MO", "zh-Hant-HK", "zh-Hant"]),
        ("zh-TW", ["zh-TW", "zh-Hant-TW", "zh-Hant"]),
        ("zh-Hans-CN", ["zh-Hans-CN", "zh-Hans", "zh"]),
        ("sr-Latn", ["sr-Latn"]),
        ("sr-Latn-RS", ["sr-Latn-RS", "sr-Latn"]),
        ("nb", ["nb", "no"]),
        ("vi", ["vi"]),
        ("fr-CA", ["fr-CA", "fr"]),
    ])
    func chain(_ tag: String, _ expected: [String]) throws {
        #expect(LocaleFallback.chain(for: tag) == expected)
    }

    /// CLDR 47's English parents: the table lacked most of en-150's children (en-PL,
    /// en-FR, en-ES … fell back to US `en`, skipping en-150 and en-001) and en-GS.
    @Test func englishParentsAreCLDR47s() throws {
        let en150 = "AT BE CH CZ DE DK EE ES FI FR GE HU IT LT LV NL NO PL PT RO SE SI SK UA".split(separator: " ")
        for region in en150 {
            #expect(LocaleFallback.chain(for: "en-\(region)") == ["en-\(region)", "en-150", "en-001", "en"], "en-\(region)")
        }
        #expect(LocaleFallback.chain(for: "en-GS") == ["en-GS", "en-001", "en"])
        let en001 = "AG AI AU BB BM BS BW BZ CC CK CM CX CY DG DM ER FJ FK FM GB GD GG GH GI GM GS GY HK ID IE IL IM IN IO JE JM KE KI KN KY LC LR LS MG MO MS MT MU MV MW MY NA NF NG NR NU NZ PG PK PN PW RW SB SC SD SG SH SL SS SX SZ TC TK TO TT TV TZ UG VC VG VU WS ZA ZM ZW"
        for region in en001.split(separator: " ") {
            #expect(LocaleFallback.chain(for: "en-\(region)") == ["en-\(region)", "en-001", "en"], "en-\(region)")
        }
        // A region of neither (the US, Canada, the Philippines) has `en` as its parent.
        for region in ["US", "CA", "PH", "AS", "PR"] {
            #expect(LocaleFallback.chain(for: "en-\(region)") == ["en-\(region)", "en"], "en-\(region)")
        }
    }

    /// CLDR's default content: the child that is the same locale as its parent.
    @Test func defaultContent() {
        for (child, parent) in [("pt-BR", "pt"), ("zh-Hant-TW", "zh-Hant"), ("zh-Hans-CN", "zh"), ("zh-Hans", "zh"), ("de-DE", "de"),
                                ("en-US", "en"), ("es-ES", "es"), ("sr-Latn-RS", "sr-Latn"), ("sr-Cyrl", "sr"), ("pa-Arab-PK", "pa-Arab")] {
            #expect(LikelySubtags.isDefaultContent(child, of: parent), "\(child) of \(parent)")
        }
        for (child, parent) in [("pt-PT", "pt"), ("zh-Hant-HK", "zh-Hant"), ("zh-Hant", "zh"), ("es-MX", "es-419"), ("en-GB", "en-001"),
                                ("ca-ES-valencia", "ca-ES"), ("pt", "pt"), ("nb", "no"), ("sr-Latn", "sr")] {
            #expect(!LikelySubtags.isDefaultContent(child, of: parent), "\(child) of \(parent)")
        }
    }

    @Test func zhHantNeverFallsBackToSimplified() throws {
        for tag in ["zh-Hant", "zh-Hant-TW", "zh-Hant-HK", "zh-TW", "zh-HK", "zh-MO"] {
            #expect(!LocaleFallback.chain(for: tag).contains("zh"), "\(tag)")
        }
    }
}

@Suite struct LocaleResolverTests {
    let resolver = LocaleResolver(locales: ["en", "pt-BR", "pt-PT", "es-MX", "zh-Hant-TW", "vi"])

    func text(_ pairs: KeyValuePairs<String, String>) -> LocalizedText {
        LocalizedText(pairs.map { ($0.key, TextValue.text($0.value)) })
    }

    @Test func exactMatchIgnoresCase() throws {
        let r = try #require(resolver.resolve(text(["en": "Milk", "PT-br": "Leite"]), for: "pt-BR"))
        #expect(r.value == .text("Leite") && r.fill == .exact && !r.isFilled && r.sourceTag == "PT-br")
    }

    @Test func parentIsUsedBeforeTheSource() throws {
        let t = text(["en": "Milk", "pt": "Leite", "es-419": "Leche", "es": "Leche (ES)"])
        let pt = try #require(resolver.resolve(t, for: "pt-BR"))
        #expect(pt.value == .text("Leite") && pt.fill == .parent && pt.isFilled)
        let ptPT = try #require(resolver.resolve(t, for: "pt-PT"))
        #expect(ptPT.value == .text("Leite") && ptPT.fill == .parent)
        let es = try #require(resolver.resolve(t, for: "es-MX"))
        #expect(es.value == .text("Leche") && es.sourceTag == "es-419")
    }

    @Test func traditionalChineseFallsBackToTheSourceNotToSimplified() throws {
        let t = text(["en": "Milk", "zh": "牛奶 (简体)"])
        let r = try #require(resolver.resolve(t, for: "zh-Hant-TW"))
        #expect(r.value == .text("Milk") && r.fill == .otherLanguage && r.sourceTag == "en")
    }

    @Test func missingSourceFallsBackToAnotherProjectLocaleThenAnything() throws {
        let r = try #require(resolver.resolve(text(["vi": "Sữa", "de": "Milch"]), for: "pt-BR"))
        #expect(r.value == .text("Sữa") && r.fill == .otherLanguage)
        let any = try #require(resolver.resolve(text(["de": "Milch"]), for: "en"))
        #expect(any.value == .text("Milch"))
    }

    @Test func blankValuesNeverWin() throws {
        let r = try #require(resolver.resolve(text(["en": "Milk", "vi": "  "]), for: "vi"))
        #expect(r.value == .text("Milk") && r.isFilled)
        #expect(resolver.resolve(text(["en": " ", "vi": ""]), for: "vi") == nil)
        // Plural forms with an empty `other` are blank too (they were exported empty).
        let plural = LocalizedText([("en", .plural([.one: "1 glass", .other: "%d glasses"])), ("vi", .plural([.one: "1 ly", .other: ""]))])
        let vi = try #require(resolver.resolve(plural, for: "vi"))
        #expect(vi.value == .plural([.other: "%d glasses"]) && vi.isFilled)
        // Invisible characters are blank too, as non-empty-text says (a zero-width space,
        // a blank braille pattern were exported as the locale's text).
        for invisible in ["\u{200B}", "\u{2800}\u{2800}", "\u{FEFF} \u{3000}"] {
            let r = try #require(resolver.resolve(text(["en": "Milk", "vi": invisible]), for: "vi"))
            #expect(r.value == .text("Milk") && r.isFilled, "\(invisible.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func pluralFormsAreCompletedForTheLocale() throws {
        let t = LocalizedText([("en", .plural([.one: "%d glass", .other: "%d glasses"]))])
        // Brazilian `one` is 0 and 1, English `one` 1 alone: the English `one` form is not
        // given to it (see CrossLanguagePluralTests).
        let pt = try #require(resolver.resolve(t, for: "pt-BR"))
        #expect(pt.value == .plural([.one: "%d glasses", .many: "%d glasses", .other: "%d glasses"]))
        #expect(pt.filledCategories == [.one, .many])
        let vi = try #require(resolver.resolve(t, for: "vi"))
        #expect(vi.value == .plural([.other: "%d glasses"]))
        let en = try #require(resolver.resolve(t, for: "en"))
        #expect(!en.isFilled)
    }

    /// The value alone (what a streamed build asks) is the value of the full resolution,
    /// for texts of random tags, blank values and plural forms, in every project locale and
    /// an ancestor of one.
    @Test func theValueAloneIsTheResolutionsValue() {
        var generator = SystemRandomNumberGenerator()
        let tags = ["en", "EN", "pt", "pt-BR", "PT-pt", "es-419", "es", "zh", "zh-Hant", "vi", "de"]
        let values: [TextValue] = [.text("a"), .text(" "), .text(""), .plural([.one: "1", .other: "n"]), .plural([.other: " "])]
        for _ in 0..<500 {
            let text = LocalizedText((0..<Int.random(in: 1...4, using: &generator)).map { _ in
                (tags.randomElement(using: &generator)!, values.randomElement(using: &generator)!)
            })
            for locale in resolver.locales + ["pt", "zh-Hant", "fr"] {
                #expect(resolver.value(text, for: locale) == resolver.resolve(text, for: locale)?.value, "\(text.values) in \(locale)")
            }
        }
    }
}

@Suite struct CanonicalTagTests {
    /// The fast path agrees with the parser on every tag it takes, and leaves the rest to it.
    @Test(arguments: ["en", "yue", "pt-BR", "es-419", "PT-br", "pt-br", "zh-Hant-TW", "sr-Latn", "e", "english", "en-", "en-US-x", "EN",
                      "", "-", "-en", "en--US", "zh-Hant-", "zh-hant", "zh-Hant-419", "zh-Hant-tw", "en-U", "en-1234", "en-Latn-US-"])
    func fastPathAgreesWithTheParser(_ tag: String) {
        if isSimpleCanonicalTag(tag) {
            #expect((try? LanguageTag(tag).description) == tag)
        }
        #expect(canonical(tag) == ((try? LanguageTag(tag).description) ?? tag.lowercased()))
    }

    /// The common canonical tags take the fast path (the parser is far slower, and every
    /// language of every text read passes here).
    @Test(arguments: ["en", "yue", "pt-BR", "es-419", "zh-Hant", "zh-Hant-TW", "sr-Latn-RS"])
    func commonTagsTakeTheFastPath(_ tag: String) {
        #expect(isSimpleCanonicalTag(tag))
    }
}

@Suite struct TapeLocalizedTextTests {
    /// Keys equal as Swift strings but not as bytes (K and the Kelvin sign, raw): the parser
    /// reports no repeat, so the tape is read, and it must read as the tree. The tree keeps
    /// them apart, as JSON does, so `ko-\u{212A}R` is a key of its own, no language tag,
    /// and the map no text (the schema's tag pattern reports it), on both paths.
    @Test func canonicallyEqualKeysReadAsTheTree() throws {
        let json = try JSONDocument(parsing: "{\"id\": \"k\", \"name\": {\"ko-KR\": \"a\", \"ko-\u{212A}R\": \"b\", \"en\": \"Kimchi\"}}")
        #expect(json.duplicateKeys.isEmpty)
        let finder = FieldFinder(kind: "recipe", locales: ["ko-KR", "en"], extraPointers: [])
        let fromTape = try #require(finder.find(in: json, node: json.root))
        var texts: [(pointer: [String], text: LocalizedText)] = []
        var tags: [[String]] = []
        finder.find(in: json.value, texts: &texts, tags: &tags)
        #expect(fromTape.texts.map(\.pointer) == texts.map(\.pointer))
        #expect(fromTape.texts.map(\.text) == texts.map(\.text))
        #expect(texts.isEmpty && fromTape.texts.isEmpty)
    }

    /// The node the tape finder gives with each text is the one its pointer names in the tree.
    @Test func eachTextComesWithItsNode() throws {
        let json = try JSONDocument(parsing: """
            {"id": "r", "name": {"en": "Soup", "pt": "Sopa"}, "description": "Warm",
             "ingredients": [{"name": "salt", "note": {"en": "fine"}}, "2 eggs", {"quantity": 1}],
             "steps": ["Boil", {"en": "Serve", "pt": "Sirva"}], "images": [{"src": "a.jpg", "alt": "A bowl"}],
             "shops": [{"name": "Corner", "address": "1 Main St", "images": [{"alt": "Front"}]}]}
            """)
        let finder = FieldFinder(kind: "recipe", locales: ["en", "pt"], extraPointers: [])
        let found = try #require(finder.find(in: json, node: json.root))
        #expect(found.texts.count == 11)
        #expect(found.nodes.count == found.texts.count)
        for (text, node) in zip(found.texts, found.nodes) {
            #expect(json.value(node) == json.value.at(text.pointer), "\(text.pointer)")
        }
    }

    /// Text read from a parsed file's node is the text read from its tree, for every shape a
    /// field can hold.
    @Test(arguments: [
        #""Negroni""#, #""""#, #""caf\u00e9 \"x\"""#, #"{"en": "Negroni", "pt-BR": "Negroni (pt)"}"#,
        #"{"one": "%d glass", "other": "%d glasses"}"#, #"{"one": "%d glass"}"#,
        #"{"en": {"one": "%d glass", "other": "%d glasses"}, "vi": "%d ly"}"#, #"{}"#, #"{"min": "2"}"#,
        #"{"en": "a", "EN-us": "b"}"#, #"{"en": 3}"#, #"{"en": {"one": "x"}}"#, #"3"#, #"null"#, #"["a"]"#,
        #"{"other": 3}"#, #"{"zh-Hant-TW": "茶", "x-klingon": "?"}"#,
    ])
    func aNodeReadsAsItsTree(_ source: String) throws {
        let json = try JSONDocument(parsing: source)
        let fromTape = LocalizedText(json, node: json.root, sourceLocale: "en")
        let fromTree = LocalizedText(json: json.value, sourceLocale: "en")
        #expect(fromTape == fromTree)
        #expect(fromTape?.values.map(\.tag) == fromTree?.values.map(\.tag))
    }
}
