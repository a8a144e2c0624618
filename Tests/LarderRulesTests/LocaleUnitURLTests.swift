import LarderCore
import LarderJSON
@testable import LarderRules
import LarderUnits
import Testing

@Suite struct LocaleCompleteTests {
    let rule = LocaleCompleteRule()
    let locales: JSONValue = ["locales": ["en", "pt", "vi"]]

    @Test func namesTheMissingLocalesAtTheText() throws {
        let json = "{\n  \"id\": 1,\n  \"name\": {\"pt\": \"Caldo verde\", \"en\": \"Green broth\"},\n  \"steps\": [\"Boil.\"]\n}"
        let found = try run(rule, json, kind: "recipe", options: locales)
        #expect(found.map(\.pointer) == ["/name", "/steps/0"])
        #expect(found[0].line == 3 && found[0].column == 11 && found[0].severity == .warning)
        #expect(found[0].message == "name has no text for vi (the project's locales are en, pt and vi); add the translation".replacingOccurrences(of: "en, pt and vi", with: "en, pt, vi"))
        #expect(found[1].message.hasPrefix("steps[0] is a plain string, which counts as en only, and lacks pt and vi"))
    }

    /// A taxonomy label that neither a locale's CLDR chain nor the source language has is
    /// shown as the tag itself by every export: the message names those locales (pt-BR
    /// reads `pt`'s label, so it is missing but not shown as the tag).
    @Test func aTaxonomyLabelWithoutTheSourceLanguageSaysTheTagIsShown() throws {
        let json = #"{"vegan": {"pt": "Vegano"}, "quick": {"en": "Quick", "pt": "Rápido"}}"#
        let found = try run(rule, json, kind: "taxonomy", options: ["locales": ["en", "pt-BR", "vi"]])
        #expect(found.map(\.pointer) == ["/vegan", "/quick"])
        #expect(found.first?.message == "vegan has no text for en, pt-BR and vi (the project's locales are en, pt-BR, vi); add the translations; "
            + "until then the exports show the tag itself as its label for en and vi (a label is taken from the locale's CLDR fallback chain, from another variant of the locale's language or from the source language, en, never from another language)",
            "\(found.first?.message ?? "")")
        // A label in another variant of the locale's language serves it (pt-PT's on the
        // pt-BR page): pt-BR is not among the locales that show the tag.
        let european = try run(rule, #"{"vegan": {"pt-PT": "Vegano"}}"#, kind: "taxonomy", options: ["locales": ["en", "pt-BR", "vi"]])
        #expect(european.first?.message.hasSuffix("; until then the exports show the tag itself as its label for en and vi (a label is taken from the locale's CLDR fallback chain, from another variant of the locale's language or from the source language, en, never from another language)") == true,
            "\(european.first?.message ?? "")")
        // A label the source language has is every locale's fallback: no tag is shown.
        #expect(found.last?.message == "quick has no text for pt-BR and vi (the project's locales are en, pt-BR, vi); add the translations")
        // Nor does a recipe's text say so.
        let recipe = try run(rule, #"{"id": "x", "name": {"pt": "Sopa"}}"#, kind: "recipe", options: ["locales": ["en", "vi"]])
        #expect(recipe.first?.message == "name has no text for en and vi (the project's locales are en, vi); add the translations")
    }

    /// Tags compare without case, as language tags do (`PT-br` is pt-BR's text), and a key is
    /// lower-cased the Unicode way (the Kelvin sign lower-cases to `k`).
    @Test func tagsCompareWithoutCase() throws {
        let options: JSONValue = ["locales": ["en", "pt-BR", "ko"]]
        let json = #"{"id": "x", "name": {"EN": "a", "PT-br": "a", "\u212Ao": "a"}, "steps": [{"en": "a", "pt": "a", "ko-KR": "a"}]}"#
        let found = try run(rule, json, kind: "recipe", options: options)
        #expect(found.map(\.pointer) == ["/steps/0"])
        #expect(found.first?.message.hasPrefix("steps[0] has no text for pt-BR and ko ") == true)
    }

    /// The check from the keys' bytes finds a text complete only where the key-by-key
    /// check does: escaped keys, keys in capitals, a tag longer than a key, keys that are a
    /// tag's prefix, forms.
    @Test func keyBytesAgreeWithTheKeyByKeyCheck() throws {
        let options: JSONValue = ["locales": ["en", "pt-BR", "de"]]
        let texts = [
            #"{"en": "a", "pt-BR": "a", "de": "a"}"#,
            #"{"EN": "a", "PT-br": "a", "De": "a"}"#,
            #"{"\u0065n": "a", "pt-BR": "a", "de": "a"}"#,
            #"{"en": "a", "pt": "a", "de": "a"}"#,
            #"{"en": "a", "pt-BR-x": "a", "de": "a"}"#,
            #"{"en": "a", "pt-BR": "a"}"#,
            #"{"en": "a", "en": "b", "de": "a"}"#,
            #"{"en": "a", "pt-BR": {"one": "a", "other": "b"}, "de": "a"}"#,
            #"{"en": "a", "pt-BR": "a", "de": "a", "fr": "a"}"#,
        ]
        let tags = ["en", "pt-br", "de"].map { Array($0.utf8) }
        for text in texts {
            let json = try JSONParser.parse(Array(text.utf8))
            let complete = try run(rule, #"{"id": "x", "name": "# + text + "}", kind: "recipe", options: options).isEmpty
            if LocaleCompleteRule.hasEveryTag(json, json.root, tags: tags) { #expect(complete, "\(text)") }
        }
        let spelled = try JSONParser.parse(Array(#"{"EN": "a", "Pt-Br": "a", "de": "a"}"#.utf8))
        #expect(LocaleCompleteRule.hasEveryTag(spelled, spelled.root, tags: tags))
        let escaped = try JSONParser.parse(Array(#"{"\u0065n": "a", "pt-BR": "a", "de": "a"}"#.utf8))
        #expect(!LocaleCompleteRule.hasEveryTag(escaped, escaped.root, tags: tags))
        let missing = try JSONParser.parse(Array(#"{"en": "a", "pt": "a", "de": "a"}"#.utf8))
        #expect(!LocaleCompleteRule.hasEveryTag(missing, missing.root, tags: tags))
        #expect(try run(rule, #"{"id": "x", "name": {"\u0065n": "a", "pt-BR": "a", "de": "a"}}"#, kind: "recipe", options: options).isEmpty)
        #expect(try run(rule, #"{"id": "x", "name": {"en": "a", "pt": "a", "de": "a"}}"#, kind: "recipe", options: options).map(\.pointer) == ["/name"])
    }

    @Test func noLocalesNoCheck() throws {
        #expect(try run(rule, #"{"name": {"en": "x"}}"#, kind: "recipe").isEmpty)
    }

    @Test func ingredientsNotesAltTextsAndAddresses() throws {
        let json = """
            {"id": "x", "name": {"en": "a", "pt": "a", "vi": "a"},
             "ingredients": [{"name": {"en": "Egg", "pt": "Ovo", "vi": "Trứng"}, "note": {"en": "beaten"}}, {"en": "salt"}],
             "images": [{"src": "a.png", "alt": {"en": "A", "pt": "A"}}, "b.png"]}
            """
        let found = try run(rule, json, kind: "recipe", options: locales)
        #expect(found.map(\.pointer) == ["/ingredients/0/note", "/ingredients/1", "/images/0/alt"])
        let place = #"{"id": "p", "name": {"en": "a", "pt": "a", "vi": "a"}, "address": {"street": "Le Loi", "locality": "HCMC"}}"#
        #expect(try run(rule, place, kind: "location", options: locales).isEmpty)
        let written = #"{"id": "p", "name": {"en": "a", "pt": "a", "vi": "a"}, "address": {"en": "2 Le Loi", "vi": "2 Lê Lợi"}}"#
        #expect(try run(rule, written, kind: "location", options: locales).map(\.pointer) == ["/address"])
    }

    @Test func productImagesInALanguageMap() throws {
        let json = #"{"code": "1", "name": {"en": "a", "pt": "a", "vi": "a"}, "images": {"front": {"en": {"src": "f.png", "alt": {"en": "Front"}}}}}"#
        #expect(try run(rule, json, kind: "product", options: locales).map(\.pointer) == ["/images/front/en/alt"])
    }

    @Test func aBadLanguageTagLeavesTheLocaleMissing() throws {
        let json = #"{"code": "1", "name": {"en": "Milk", "portuguese": "Leite", "vi": "Sữa"}}"#
        let found = try run(rule, json, kind: "product", options: locales)
        #expect(found.map(\.pointer) == ["/name"])
        #expect(found[0].message.contains("no text for pt"))
    }

    /// A text under another spelling of a missing locale (`iw` for `he`, `zh-TW` for
    /// `zh-Hant-TW`) is never exported for it: the message names the key and the spelling to
    /// write (it said only "add the translation", though the translation was there).
    @Test func aKeyInAnotherSpellingOfTheLocaleIsNamed() throws {
        let options: JSONValue = ["locales": ["en", "he", "zh-Hant-TW", "pt"]]
        let json = #"{"id": "x", "name": {"en": "Soup", "iw": "מרק", "zh-TW": "湯", "pt": "Sopa"}, "steps": [{"en": "Boil.", "IW": "לבשל", "zh-Hant-TW": "煮"}]}"#
        let found = try run(rule, json, kind: "recipe", options: options)
        #expect(found.map(\.pointer) == ["/name", "/steps/0"])
        #expect(found.first?.message == "name has no text for he and zh-Hant-TW (the project's locales are en, he, zh-Hant-TW, pt); "
            + "its text under 'iw' is not read for he: iw is the former code of Hebrew (BCP 47 replaced it with he); write the key as he; "
            + "its text under 'zh-TW' is not read for zh-Hant-TW: CLDR reads a Chinese tag with the region TW, HK or MO and no script as Traditional Chinese: zh-TW and zh-Hant-TW are one locale; write the key as zh-Hant-TW")
        #expect(found.last?.message == "steps[0] has no text for he and pt (the project's locales are en, he, zh-Hant-TW, pt); "
            + "its text under 'IW' is not read for he: IW is the former code of Hebrew (BCP 47 replaced it with he); write the key as he; add the translation for pt")
        // A key no locale reads, of a missing locale's language or the one stray key where
        // one locale is missing (`sp` for Spanish, a country's code): named too, and so is
        // a key that is no language's code where two locales are missing (it was not named,
        // and its text was exported for no locale without a word). A text in a language the
        // project does not ship (`fr`, `de`) is left alone.
        let spanish: JSONValue = ["locales": ["en", "es", "pt-BR"]]
        let texts = #"{"id": "x", "name": {"en": "Soup", "sp": "Sopa", "pt-BR": "Sopa"}, "description": {"en": "Hot.", "sp": "Caliente"}, "steps": [{"en": "Boil.", "es-ES": "Hervir", "pt-BR": "Ferver"}, {"en": "Eat.", "fr": "Manger", "de": "Essen", "pt-BR": "Comer"}]}"#
        let strays = try run(rule, texts, kind: "recipe", options: spanish)
        #expect(strays.map(\.message) == [
            "name has no text for es (the project's locales are en, es, pt-BR); its text under 'sp' is not read for any locale of the project; if it is the es text, write the key as es",
            "description has no text for es and pt-BR (the project's locales are en, es, pt-BR); add the translations; its text under 'sp' is not read for any locale of the project; write the key as the locale it is for (es or pt-BR), or remove it",
            "steps[0] has no text for es (the project's locales are en, es, pt-BR); its text under 'es-ES' is not read for any locale of the project; if it is the es text, write the key as es",
            "steps[1] has no text for es (the project's locales are en, es, pt-BR); add the translation",
        ])
        // Every stray key is named, each with the missing locale of its language (the one
        // its CLDR chain reaches first): only one was, and only when no other spelling was
        // found, so a text under sr-Latn-RS or es-MX was dropped without a word.
        let regions: JSONValue = ["locales": ["en", "es-419", "sr-Latn", "he"]]
        let regional = #"{"id": "x", "name": {"en": "Hi", "es-MX": "Hola", "sr-Latn-RS": "Zdravo"}, "description": {"en": "Hi", "iw": "שלום", "es-MX": "Hola", "es-AR": "Hola che"}}"#
        #expect(try run(rule, regional, kind: "recipe", options: regions).map(\.message) == [
            "name has no text for es-419, sr-Latn and he (the project's locales are en, es-419, sr-Latn, he); "
                + "its text under 'es-MX' is not read for any locale of the project; if it is the es-419 text, write the key as es-419; "
                + "its text under 'sr-Latn-RS' is not read for any locale of the project; if it is the sr-Latn text, write the key as sr-Latn; "
                + "add the translation for he",
            "description has no text for es-419, sr-Latn and he (the project's locales are en, es-419, sr-Latn, he); "
                + "its text under 'es-MX' is not read for any locale of the project; if it is the es-419 text, write the key as es-419; "
                + "its text under 'es-AR' is not read for any locale of the project; if it is the es-419 text, write the key as es-419; "
                + "its text under 'iw' is not read for he: iw is the former code of Hebrew (BCP 47 replaced it with he); write the key as he; "
                + "add the translation for sr-Latn",
        ])
        // Two keys that are no language's code where one locale is missing: neither is said
        // to be that locale's text (both were, with the advice to add the translation too).
        let two = try run(rule, #"{"id": "x", "name": {"en": "Soup", "sp": "Sopa", "xx": "?"}}"#, kind: "recipe", options: ["locales": ["en", "es"]])
        #expect(two.map(\.message) == [
            "name has no text for es (the project's locales are en, es); add the translation; "
                + "its text under 'sp' is not read for any locale of the project; write the key as the locale it is for, or remove it; "
                + "its text under 'xx' is not read for any locale of the project; write the key as the locale it is for, or remove it",
        ])
        // Another language, or another region, is not another spelling.
        #expect(!LanguageAlias.sameLocale("zh", "zh-Hant") && !LanguageAlias.sameLocale("pt", "pt-BR") && !LanguageAlias.sameLocale("he", "HE"))
        #expect(LanguageAlias.sameLocale("in", "id") && LanguageAlias.sameLocale("zh-MO", "zh-hant-mo") && LanguageAlias.sameLocale("iw-IL", "he-IL"))
    }
}

@Suite struct QuantityLanguageTests {
    let rule = QuantityRule()

    /// A structured quantity is read in the project's source language, as `larder scale`
    /// reads it: "1,000-2" is 1-2 in Portuguese (it was read as 1000-2, a range that runs
    /// backwards, whatever the language) and "1.000-2" runs backwards there.
    @Test func aStructuredQuantityIsReadInTheSourceLanguage() throws {
        let json = #"{"id": "x", "ingredients": [{"name": "batatas", "quantity": "1,000-2", "unit": "kg"}, {"name": "sal", "quantity": "1.000-2", "unit": "g"}]}"#
        let pt = try run(rule, json, kind: "recipe", options: ["locales": ["pt", "en"]])
        #expect(pt.map(\.pointer) == ["/ingredients/1/quantity"])
        let en = try run(rule, json, kind: "recipe", options: ["locales": ["en", "pt"]])
        #expect(en.map(\.pointer) == ["/ingredients/0/quantity"])
    }
}

@Suite struct QuantityZeroAndNegativeTests {
    let rule = QuantityRule()

    /// A count of zero before a package size in brackets is a zero count, as "0 cans
    /// tomatoes" is: "0 (14 oz) can tomatoes" passed, as no word followed the zero.
    @Test func aZeroCountBeforeASizeInBracketsIsReported() throws {
        let json = #"{"id": "x", "ingredients": ["0 (14 oz) can tomatoes", "0 (400 g) tins tomatoes", "  0.0 (14 oz) cans beans", "0(14 oz) can corn", "0 cans tomatoes", "1 (14 oz) can tomatoes", "0 (0%) fat yogurt", "0 (14 oz)"]}"#
        let found = try run(rule, json, kind: "recipe")
        #expect(found.map(\.pointer) == ["/ingredients/0", "/ingredients/1", "/ingredients/2", "/ingredients/3", "/ingredients/4"])
        #expect(found.allSatisfy { $0.severity == .error })
        #expect(found.first?.message == "ingredients[0] '0 (14 oz) can tomatoes': 0 is not above zero, and an amount is; write the amount, or leave the quantity out")
        #expect(found.dropFirst(2).first?.message == "ingredients[2] '  0.0 (14 oz) cans beans': 0.0 is not above zero, and an amount is; write the amount, or leave the quantity out")
    }

    /// A line that starts with a negative amount ("-2 cups flour") passed: the minus sign
    /// kept the amount from being read, so nothing was checked. A dash a space follows (a
    /// list's bullet), a range and a hyphenated word are no minus sign.
    @Test func aNegativeAmountIsReported() throws {
        let lines = ["-2 cups flour", "\u{2212}\u{00BD} tsp salt", " -1/2 tsp salt", "-2 eggs", "-1 (14 oz) can tomatoes", "-2g sugar", "-1 to 2 limes"]
        let fine = ["2-3 cups milk", "1 - 2 cups water", "1 -2 cups water", "- 2 cups flour", "half-and-half", "7-up", "sugar-free syrup, 2 tbsp", "water at -18 °C", "-18 °C water", "-5% fat", "-", "- salt to taste"]
        let json = String(decoding: JSONWriter.compact.bytes(["id": "x", "ingredients": .array((lines + fine).map { .string($0) })]), as: UTF8.self)
        let found = try run(rule, json, kind: "recipe")
        let pointers: [String] = lines.indices.map { "/ingredients/\($0)" }
        #expect(found.map(\.pointer.description) == pointers)
        #expect(found.allSatisfy { $0.severity == .error })
        #expect(found.map(\.message).first == "ingredients[0] '-2 cups flour': -2 is below zero, and an amount cannot be negative; write it without the minus sign (2), or leave the quantity out")
        #expect(found.map(\.message).dropFirst().first == "ingredients[1] '\u{2212}\u{00BD} tsp salt': \u{2212}\u{00BD} is below zero, and an amount cannot be negative; write it without the minus sign (\u{00BD}), or leave the quantity out")
        #expect(found.map(\.message).last == "ingredients[6] '-1 to 2 limes': -1 to 2 is below zero, and an amount cannot be negative; write it without the minus sign (1 to 2), or leave the quantity out")
        // In a translation, and as a structured ingredient's quantity written as text (it was
        // "not an amount Larder can read"; the number -2 is the schema's to report).
        let structured = #"{"id": "x", "ingredients": [{"en": "-2 cups flour", "pt": "2 chávenas de farinha"}, {"name": "Gin", "quantity": "-2", "unit": "oz"}, {"name": "Gin", "quantity": -2, "unit": "oz"}]}"#
        let more = try run(rule, structured, kind: "recipe")
        #expect(more.map(\.pointer) == ["/ingredients/0/en", "/ingredients/1/quantity"])
        #expect(more.last?.message == "ingredients[1].quantity: -2 is below zero, and an amount cannot be negative; write it without the minus sign (2), or leave the quantity out")
    }
}

@Suite struct UnknownUnitTests {
    let rule = UnknownUnitRule()

    @Test(arguments: ["ml", "cl", "oz", "fl oz", "dash", "dashes", "barspoon", "piece", "pieces", "clove", "slice", "pinch",
                      "can", "tin", "sprig", "leaf", "leaves", "bunch", "drop", "splash", "wedge", "twist", "Tbsp.", "cups", "g", "kg", "part", "parts"])
    func knownUnitsPass(_ unit: String) throws {
        let json = String(decoding: JSONWriter.compact.bytes(["id": "x", "ingredients": [["name": "a", "quantity": 1, "unit": .string(unit)]]]), as: UTF8.self)
        #expect(try run(rule, json, kind: "recipe").isEmpty, "\(unit)")
    }

    @Test func unknownUnitIsReportedWithASuggestion() throws {
        let json = "{\"id\": \"x\", \"ingredients\": [\n  {\"name\": \"Sugar\", \"quantity\": 2, \"unit\": \"tbspn\"},\n  {\"name\": \"Oil\", \"quantity\": 1, \"unit\": \"glug\"}\n]}"
        let found = try run(rule, json, kind: "recipe")
        #expect(found.map(\.pointer) == ["/ingredients/0/unit", "/ingredients/1/unit"])
        #expect(found[0].line == 2 && found[0].column == 44)
        #expect(found[0].message.hasPrefix("unit 'tbspn' is not a unit Larder knows (did you mean 'tbsp"))
        #expect(found[1].severity == .warning)
    }

    /// `fields` names the unit fields of a kind of your own; without it such a kind has none.
    @Test func fieldsNameTheUnitsOfATeamsOwnKind() throws {
        let json = #"[{"id": "gold", "reward": {"amount": 5, "unit": "zorks"}}, {"id": "silver", "reward": {"amount": 2, "unit": "kg"}}]"#
        let options: JSONValue = ["kind": "prize", "severity": "error", "fields": ["/reward/unit"]]
        let found = try run(rule, json, kind: "prize", options: options)
        #expect(found.map(\.pointer) == ["/0/reward/unit"])
        #expect(found.first?.message.hasPrefix("unit 'zorks' is not a unit Larder knows") == true)
        #expect(try run(rule, json, kind: "prize", options: ["kind": "prize"]).isEmpty)
    }

    /// The count units of products' packs, singular and plural.
    @Test(arguments: ["capsule", "capsules", "tablet", "tablets", "ct", "count", "tea bag", "tea bags", "teabag", "teabags",
                      "portion", "portions", "pods", "bags", "pcs", "sachets", "bars"])
    func productCountUnitsPass(_ unit: String) throws {
        let json = String(decoding: JSONWriter.compact.bytes(["code": "1", "quantity": ["value": 20, "unit": .string(unit)]]), as: UTF8.self)
        #expect(try run(rule, json, kind: "product").isEmpty, "\(unit)")
    }

    @Test func freeTextIngredientsAndLocalizedTextAreNotUnits() throws {
        let json = #"{"id": "x", "ingredients": ["2 glugs oil", {"en": "salt", "pt": "sal"}]}"#
        #expect(try run(rule, json, kind: "recipe").isEmpty)
    }

    @Test func aProjectsOwnUnitsAndTable() throws {
        let json = #"{"id": "x", "ingredients": [{"name": "Oil", "quantity": 1, "unit": "glug"}]}"#
        #expect(try run(rule, json, kind: "recipe", options: ["units": ["GLUG"]]).isEmpty)
        let custom = UnknownUnitRule(table: UnitTable.standard.adding([.counted("glug", names: [])]))
        #expect(try run(custom, json, kind: "recipe").isEmpty)
        #expect(try run(rule, #"{"id": "x", "ingredients": [{"name": "a", "quantity": 1, "unit": " "}]}"#, kind: "recipe")
            .first?.message.hasPrefix("the unit is empty") == true)
    }
}

@Suite struct URLRuleTests {
    let rule = URLRule()

    func check(link: String) throws -> [Diagnostic] {
        let json = String(decoding: JSONWriter.compact.bytes(["id": "x", "links": [.string(link)]]), as: UTF8.self)
        return try run(rule, json, kind: "recipe")
    }

    func check(video: String) throws -> [Diagnostic] {
        let json = String(decoding: JSONWriter.compact.bytes(["id": "x", "video": .string(video)]), as: UTF8.self)
        return try run(rule, json, kind: "location")
    }

    @Test(arguments: [
        "https://example.com", "http://example.com/", "HTTPS://Example.COM/a/b?c=d&e=%20#f", "https://a.b.c.example.co.uk:8443/x",
        "https://192.168.1.10/x", "https://[2001:db8::1]:443/", "https://xn--bp-4ja.vn/", "https://bếp.vn/món-ăn",
        "https://example.com./", "https://example.com/a|b^c",
        // An underscore below the top-level domain: browsers and the apps' URL types take it
        // (it was an error).
        "https://sub_domain.example.com/", "https://my_shop.example.co.uk/menu",
    ])
    func goodLinks(_ link: String) throws {
        #expect(try check(link: link).isEmpty, "\(link)")
    }

    @Test(arguments: [
        ("https://www,example.com", "',' in the host"), ("www.example.com", "no scheme"), ("ftp://example.com", "scheme is 'ftp'"),
        ("https:/example.com", "no '//'"), ("https://", "no host"), ("https://localhost/", "no dot"),
        ("https://exa mple.com", "white space"), ("https://example..com", "empty label"), ("https://-x.com", "starts or ends with '-'"),
        ("https://user:pw@example.com", "password"), ("https://example.com:0", "port"), ("https://example.com:99999", "port"),
        ("https://example.com:x", "port"), ("https://300.1.1.1", "IP address"), ("https://example.com/%zz", "two hex digits"),
        ("https://example.com/<script>", "percent-encoded"), ("https://[zz::1]/", "IPv6"), ("https://example.123", "malformed host"),
        ("", "empty"), ("mailto:a@example.com", "scheme is 'mailto'"), ("https://example.c_m/", "'_' in the host"),
    ])
    func badLinks(_ link: String, _ reason: String) throws {
        let found = try check(link: link)
        #expect(found.count == 1, "\(link)")
        #expect(found.first?.message.contains(reason) == true, "\(link): \(found.first?.message ?? "")")
    }

    /// A character that cannot be seen in a host is named, not quoted as nothing.
    @Test func anInvisibleCharacterInTheHostIsNamed() throws {
        #expect(try check(link: "https://exa\u{200B}mple.com/").first?.message
            == "links[0] 'https://exa\u{200B}mple.com/' has U+200B ZERO WIDTH SPACE in the host 'exa\u{200B}mple.com', which a host name cannot hold; links must be absolute http(s) URLs")
        #expect(try check(link: "https://exa\u{2800}mple.com/").first?.message.contains("has U+2800 BRAILLE PATTERN BLANK in the host") == true)
        #expect(try check(link: "https://exa\u{0301}mple.com/").isEmpty)  // an accent on a letter is a letter
        // A visible character is quoted.
        #expect(try check(link: "https://www,example.com").first?.message.contains("has ',' in the host") == true)
    }

    /// A `fields` pointer to a list means each link in it, as with the text rules.
    @Test func aFieldsPointerToAListChecksEachLink() throws {
        let json = #"{"id": "easy", "links": ["ftp://a", "https://example.com/", "not a url", 3], "help": ["https://example.com"]}"#
        let found = try run(rule, json, kind: "achievement", options: ["fields": ["/links"], "videoFields": ["/help"]])
        #expect(found.map(\.pointer) == ["/links/0", "/links/2"])
        #expect(found.first?.message.hasPrefix("links[0] 'ftp://a' is not an http(s) URL") == true)
        let videos = try run(rule, #"{"id": "easy", "clips": ["dQw4w9WgXcQ", "dQw4w9"]}"#, kind: "achievement", options: ["videoFields": ["/clips"]])
        #expect(videos.map(\.pointer) == ["/clips/1"])
    }

    @Test(arguments: [
        "dQw4w9WgXcQ", "a_b-C1d2E3f", "https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42",
        "https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ",
        "https://youtube.com/shorts/dQw4w9WgXcQ", "https://vimeo.com/123456", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ])
    func goodVideos(_ video: String) throws {
        #expect(try check(video: video).isEmpty, "\(video)")
    }

    @Test(arguments: [
        ("dQw4w9WgXc", "has 10"), ("dQw4w9WgXcQQ", "has 12"), ("dQw4w9WgX.Q", "without its scheme"), ("", "has 0"),
        ("youtu.be/dQw4w9WgXcQ", "add https://"), ("https://youtu.be/dQw4w9", "'dQw4w9' is malformed"),
        ("https://www.youtube.com/watch?v=", "is missing"), ("https://www.youtube.com/watch?list=PL1", "is missing"),
        ("https://www.youtube.com/@bar", "not a video"), ("https://youtu,be/dQw4w9WgXcQ", "',' in the host"),
        ("ftp://example.com/v.mp4", "scheme is 'ftp'"), ("dQw4w9WgXc✓", "neither"),
    ])
    func badVideos(_ video: String, _ reason: String) throws {
        let found = try check(video: video)
        #expect(found.count == 1, "\(video)")
        #expect(found.first?.message.contains(reason) == true, "\(video): \(found.first?.message ?? "")")
    }

    @Test func aYouTubeLinkInLinksMustCarryAWellFormedIdButChannelsAreFine() throws {
        #expect(try check(link: "https://www.youtube.com/@saigonbar").isEmpty)
        #expect(try check(link: "https://www.youtube.com/watch?v=short").count == 1)
    }

    @Test func messageNamesTheFieldAndPositionIsTheValue() throws {
        let json = "{\n  \"id\": \"x\",\n  \"links\": [\n    \"https://www,example.com\"\n  ]\n}"
        let d = try #require(try run(rule, json, kind: "recipe").first)
        #expect(d.line == 4 && d.column == 5 && d.pointer == "/links/0")
        #expect(d.message.hasPrefix("links[0] 'https://www,example.com' has ',' in the host 'www,example.com'"))
    }
}
