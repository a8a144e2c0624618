import Testing
@testable import LarderExport
import LarderCore
import LarderJSON

@Suite struct PluralRulesTests {
    @Test(arguments: [
        ("en", [PluralCategory.one, .other]), ("pt", [.one, .many, .other]), ("pt-BR", [.one, .many, .other]),
        ("pt-PT", [.one, .many, .other]), ("vi", [.other]), ("fr", [.one, .many, .other]), ("ru", [.one, .few, .many, .other]),
        ("ar", [.zero, .one, .two, .few, .many, .other]), ("ja", [.other]), ("zh-Hant-TW", [.other]), ("es-MX", [.one, .many, .other]),
        ("pl", [.one, .few, .many, .other]), ("cy", [.zero, .one, .two, .few, .many, .other]), ("xx", [.one, .other]),
    ])
    func categories(_ locale: String, _ expected: [PluralCategory]) {
        #expect(PluralRules.categories(for: locale) == expected)
    }

    @Test func portugueseDiffersBetweenBrazilAndPortugal() {
        #expect(PluralRules.category(of: 0, in: "pt") == .one)
        #expect(PluralRules.category(of: 0, in: "pt-BR") == .one)
        #expect(PluralRules.category(of: 0, in: "pt-PT") == .other)
        #expect(PluralRules.category(of: 0, in: "pt-AO") == .other)  // inherits pt-PT
        #expect(PluralRules.category(of: 1, in: "pt-PT") == .one)
        #expect(PluralRules.category(of: 1_000_000, in: "pt") == .many)
    }

    /// Languages the table once lacked gave one/other, and a translator's other forms were
    /// dropped (Maltese `two`, `few`, `many`). `check_plurals.js` holds the whole table
    /// against node's CLDR in the consumer run.
    @Test func languagesWithRulesOfTheirOwn() {
        #expect(PluralRules.categories(for: "mt") == [.one, .two, .few, .many, .other])
        #expect([0, 1, 2, 3, 11, 20, 102, 103, 111].map { PluralRules.category(of: $0, in: "mt") } == [.few, .one, .two, .few, .many, .other, .other, .few, .many])
        #expect([1, 11, 2, 12, 13, 20].map { PluralRules.category(of: $0, in: "gd") } == [.one, .one, .two, .two, .few, .other])
        #expect([0, 1, 2, 3, 21, 1000, 100_000, 1_000_000].map { PluralRules.category(of: $0, in: "kw") } == [.zero, .one, .two, .few, .many, .two, .two, .other])
        #expect([0, 1, 2].map { PluralRules.category(of: $0, in: "cv") } == [.zero, .one, .other])
        #expect(GettextPluralForms.forLocale("mt").header == "nplurals=5; plural=(n==1 ? 0 : n==2 ? 1 : (n==0 || (n%100>=3 && n%100<=10)) ? 2 : (n%100>=11 && n%100<=19) ? 3 : 4);")
    }

    /// CLDR languages the table lacked got one/other: Santali's `two`, Samogitian's `two`
    /// and `few` and Sicilian's `many` were dropped, and Kabyle, Cebuano and Central Atlas
    /// Tamazight counts got the wrong form.
    @Test func languagesTheTableOnceLacked() {
        #expect(PluralRules.categories(for: "sat") == [.one, .two, .other])
        #expect([0, 1, 2, 3, 22].map { PluralRules.category(of: $0, in: "sat") } == [.other, .one, .two, .other, .other])
        #expect([0, 1, 2].map { PluralRules.category(of: $0, in: "kab") } == [.one, .one, .other])
        #expect([1, 4, 6, 9, 10, 14, 21].map { PluralRules.category(of: $0, in: "ceb") } == [.one, .other, .other, .other, .one, .other, .one])
        #expect(PluralRules.categories(for: "sgs") == [.one, .two, .few, .many, .other])
        #expect([0, 1, 2, 3, 11, 12, 21, 22, 102, 111, 112].map { PluralRules.category(of: $0, in: "sgs") }
            == [.other, .one, .two, .few, .other, .other, .one, .few, .few, .other, .other])
        #expect([0, 1, 2, 10, 11, 99, 100, 111].map { PluralRules.category(of: $0, in: "tzm") } == [.one, .one, .other, .other, .one, .one, .other, .other])
        #expect(PluralRules.categories(for: "scn") == [.one, .many, .other])
        #expect(PluralRules.category(of: 1_000_000, in: "scn") == .many)
        #expect([0, 1, 2].map { PluralRules.category(of: $0, in: "blo") } == [.zero, .one, .other])
        #expect(PluralRules.categories(for: "tpi") == [.other])
        #expect(GettextPluralForms.forLocale("sgs").header == "nplurals=4; plural=(n%10==1 && n%100!=11 ? 0 : n==2 ? 1 : n%10>=2 && (n%100<10 || n%100>=20) ? 2 : 3);")
        #expect(GettextPluralForms.forLocale("tzm").header == "nplurals=2; plural=(n>1 && (n<11 || n>99));")
        #expect(GettextPluralForms.forLocale("sat").header == "nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);")
    }

    /// ISO 639-2/3 and deprecated codes take the rules of the language they stand for, as
    /// CLDR's aliases say: `rus` had one/other.
    @Test func languageAliases() {
        #expect(PluralRules.categories(for: "rus") == [.one, .few, .many, .other])
        #expect(PluralRules.categories(for: "ara-EG") == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralRules.categories(for: "in") == [.other])
        #expect(PluralRules.categories(for: "cmn-Hans") == [.other])
        #expect(PluralRules.category(of: 0, in: "por") == .one)
        #expect(PluralRules.category(of: 0, in: "por-PT") == .other)
        #expect(PluralRules.category(of: 4, in: "tgl") == .other)
        #expect(GettextPluralForms.forLocale("pol").header == GettextPluralForms.forLocale("pl").header)
    }

    @Test func russianAndArabic() {
        let ru = [1, 2, 5, 11, 21, 22, 25, 111, 112].map { PluralRules.category(of: $0, in: "ru") }
        #expect(ru == [.one, .few, .many, .many, .one, .few, .many, .many, .many])
        let ar = [0, 1, 2, 3, 10, 11, 99, 100, 102, 103].map { PluralRules.category(of: $0, in: "ar") }
        #expect(ar == [.zero, .one, .two, .few, .few, .many, .many, .other, .other, .few])
    }

    @Test func categoriesSortInCLDROrder() {
        #expect([PluralCategory.other, .one, .many, .zero].sorted() == [.zero, .one, .many, .other])
    }
}

@Suite struct GettextPluralFormsTests {
    @Test(arguments: [
        ("en", "nplurals=2; plural=(n != 1);"), ("pt", "nplurals=2; plural=(n != 1);"), ("pt-PT", "nplurals=2; plural=(n != 1);"),
        ("pt-BR", "nplurals=2; plural=(n > 1);"), ("fr", "nplurals=2; plural=(n > 1);"), ("ja", "nplurals=1; plural=0;"),
        ("vi", "nplurals=1; plural=0;"), ("zh-Hant-TW", "nplurals=1; plural=0;"),
    ])
    func header(_ locale: String, _ expected: String) {
        #expect(GettextPluralForms.forLocale(locale).header == expected)
    }

    @Test func formCounts() {
        #expect(GettextPluralForms.forLocale("ru").count == 3)
        #expect(GettextPluralForms.forLocale("ar").count == 6)
        #expect(GettextPluralForms.forLocale("ja").count == 1)
    }

    /// For every integer count, the gettext expression picks the index whose category is the
    /// one CLDR gives (where gettext's convention follows CLDR's rule for integers).
    @Test(arguments: [
        "en", "pt-BR", "pt-PT", "fr", "ru", "uk", "pl", "cs", "hr", "ro", "lt", "lv", "sl", "ar", "he", "ga", "cy", "is", "fil", "ja", "vi",
        "sat", "ceb", "kab", "sgs", "tzm", "blo", "rus",
    ])
    func expressionAgreesWithCLDR(_ locale: String) throws {
        let forms = GettextPluralForms.forLocale(locale)
        let expression = try CExpression(forms.expression)
        for n in 0...1200 {
            let index = expression.evaluate(n: n)
            try #require(forms.categories.indices.contains(index), "\(locale): index \(index) for n=\(n)")
            var cldr = PluralRules.category(of: n, in: locale)
            // gettext has no form for 'many' where CLDR keeps it for millions or fractions.
            if !forms.categories.contains(cldr) { cldr = .other }
            #expect(forms.categories[index] == cldr, "\(locale) n=\(n): gettext picks \(forms.categories[index]), CLDR says \(cldr)")
        }
    }
}

/// A `zero` form in a language whose rules have none ("No games yet" in English) was
/// dropped from every export; i18next, String Catalogs and `.stringsdict` show it for a
/// count of 0 in any language.
@Suite struct ZeroFormTests {
    let resolver = LocaleResolver(locales: ["en", "ar"])
    let text = LocalizedText([("en", .plural([.zero: "No games yet", .one: "%d game", .other: "%d games"]))])

    @Test func theResolverKeepsAZeroFormTheTextGives() throws {
        let en = try #require(resolver.resolve(text, for: "en"))
        #expect(en.value == .plural([.zero: "No games yet", .one: "%d game", .other: "%d games"]))
        #expect(en.filledCategories.isEmpty)
        // Arabic has a zero of its own: filled from the English text's, as before.
        #expect(resolver.value(text, for: "ar") == .plural([.zero: "No games yet", .one: "%d game", .two: "%d games", .few: "%d games", .many: "%d games", .other: "%d games"]))
        // No zero form: nothing added.
        let plain = LocalizedText([("en", .plural([.one: "%d game", .other: "%d games"]))])
        #expect(resolver.value(plain, for: "en") == .plural([.one: "%d game", .other: "%d games"]))
    }

    @Test func androidWritesOnlyTheCategoriesOfTheLocale() throws {
        let forms = try #require(resolver.value(text, for: "en"))
        var en = ""
        try AndroidExporter.resource("a", forms, locale: "en", into: &en)
        #expect(!en.contains("zero") && en.contains("quantity=\"one\"") && en.contains("quantity=\"other\""), "\(en)")
        var ar = ""
        try AndroidExporter.resource("a", forms, locale: "ar", into: &ar)
        #expect(ar.contains("<item quantity=\"zero\">No games yet</item>"), "\(ar)")
    }
}

/// With `plural-forms` lowered to a warning, plural forms of another shape (a misspelled
/// category, no `other`, a form that is no string) made the whole text unreadable: every
/// export left it out, in every language, and the build said nothing more. The exports now
/// read what they can, the same from the file's nodes as from a tree.
@Suite struct MalformedPluralFormsTests {
    let resolver = LocaleResolver(locales: ["en", "ru"])

    /// The text read both ways, which must agree.
    func read(_ text: String) throws -> LocalizedText? {
        let document = try JSONDocument(parsing: text)
        let fromNodes = LocalizedText(document, node: document.root, sourceLocale: "en")
        let fromTree = LocalizedText(json: document.value(document.root), sourceLocale: "en")
        #expect(fromNodes == fromTree, "\(text)")
        return fromNodes
    }

    @Test func aMisspelledFormIsLeftOutAndItsCountsGetOther() throws {
        let text = try #require(try read(#"{"en": {"one": "%d game", "other": "%d games"}, "ru": {"one": "%d игра", "fwe": "%d игры", "many": "%d игр", "other": "%d игры"}}"#))
        #expect(text.value(for: "ru") == .plural([.one: "%d игра", .many: "%d игр", .other: "%d игры"]))
        #expect(resolver.resolve(text, for: "ru")?.fill == .exact)
        #expect(resolver.value(text, for: "en") == .plural([.one: "%d game", .other: "%d games"]))
    }

    @Test func withoutOtherTheFirstFormStandsForIt() throws {
        let text = try #require(try read(#"{"en": {"one": "%d game", "other": "%d games"}, "ru": {"one": "%d игра", "few": "%d игры", "many": "%d игр"}}"#))
        #expect(text.value(for: "ru") == .plural([.one: "%d игра", .few: "%d игры", .many: "%d игр", .other: "%d игра"]))
        // An `other` that is no string is the same as none.
        let number = try #require(try read(#"{"en": {"one": "%d game", "other": 5}, "ru": "игры"}"#))
        #expect(number.value(for: "en") == .plural([.one: "%d game", .other: "%d game"]))
        #expect(number.value(for: "ru") == .text("игры"))
    }

    @Test func aLanguageWithNothingReadableIsLeftOutAndFilledIn() throws {
        for text in [#"{"en": "Games", "ru": 5}"#, #"{"en": "Games", "ru": {"one": 1, "other": 2}}"#, #"{"en": "Games", "ru": {"fwe": "игры"}}"#] {
            let read = try #require(try read(text), "\(text)")
            #expect(read.values.map(\.tag) == ["en"], "\(text)")
            let ru = try #require(resolver.resolve(read, for: "ru"))
            #expect(ru.value == .text("Games") && ru.fill == .otherLanguage, "\(text)")
        }
    }

    @Test func formsAloneAreTheSourceLanguages() throws {
        // `other` makes the object forms, not a map of the languages `one`, `fwe` and `other`.
        #expect(try read(#"{"one": "a game", "fwe": "a few games", "other": "%d games"}"#) == LocalizedText([("en", .plural([.one: "a game", .other: "%d games"]))]))
        #expect(try read(#"{"one": "a game", "few": "a few games"}"#) == LocalizedText([("en", .plural([.one: "a game", .few: "a few games", .other: "a game"]))]))
        // Nothing readable: no text.
        #expect(try read(#"{"one": 1, "other": 2}"#) == nil)
        #expect(try read(#"{"en": 5}"#) == nil)
        // Well-formed text reads as before.
        #expect(try read(#"{"en": "Games", "ru": "Игры"}"#) == LocalizedText([("en", .text("Games")), ("ru", .text("Игры"))]))
    }
}

/// A text that falls back to another language took the source's forms by category name,
/// though languages give one name to different counts: English `one` ("One game") went
/// into Russian `one` (1, 21, 31 …), French `one` (0 and 1) and Filipino `one` (every count
/// not ending in 4, 6 or 9), so "One game" was shown for 21, 0 or 5 games. A category now
/// takes the source's form only when every count the target puts in it falls in the same
/// category in the source language; else it takes the source's `other` form.
@Suite struct CrossLanguagePluralTests {
    let forms = TextValue.plural([.one: "One game", .other: "%d games"])

    @Test func aCategoryTakesTheSourcesFormOnlyWhereTheLanguagesAgreeOnItsCounts() throws {
        let resolver = LocaleResolver(locales: ["en", "ru", "fil", "fr", "de", "pt-BR", "ar"])
        let text = LocalizedText([("en", forms)])
        #expect(resolver.value(text, for: "ru") == .plural([.one: "%d games", .few: "%d games", .many: "%d games", .other: "%d games"]))
        #expect(resolver.value(text, for: "fil") == .plural([.one: "%d games", .other: "%d games"]))
        #expect(resolver.value(text, for: "fr") == .plural([.one: "%d games", .many: "%d games", .other: "%d games"]))
        #expect(resolver.value(text, for: "pt-BR") == .plural([.one: "%d games", .many: "%d games", .other: "%d games"]))
        // German `one` is 1 alone, as English's is.
        #expect(resolver.value(text, for: "de") == .plural([.one: "One game", .other: "%d games"]))
        // Arabic `one` is 1 alone too; its other categories have no English form.
        #expect(resolver.value(text, for: "ar") == .plural([.zero: "%d games", .one: "One game", .two: "%d games", .few: "%d games", .many: "%d games", .other: "%d games"]))
        // The categories that took `other` are reported as filled in.
        let fil = try #require(resolver.resolve(text, for: "fil"))
        #expect(fil.fill == .otherLanguage && fil.filledCategories == [.one])
        let de = try #require(resolver.resolve(text, for: "de"))
        #expect(de.filledCategories.isEmpty)
    }

    @Test func languagesThatAgreeOnACategoryKeepItsForm() throws {
        // Polish and Russian give `few` (2-4, 22-24 …) and `many` the same counts, not `one`
        // (Polish 21 is `many`, Russian 21 is `one`).
        let resolver = LocaleResolver(locales: ["pl", "ru"])
        let text = LocalizedText([("pl", .plural([.one: "%d gra", .few: "%d gry", .many: "%d gier", .other: "%d gry*"]))])
        #expect(resolver.value(text, for: "ru") == .plural([.one: "%d gry*", .few: "%d gry", .many: "%d gier", .other: "%d gry*"]))
    }

    @Test func theSameLanguageKeepsMappingByName() throws {
        // pt-BR from pt (its parent), and pt-AO from pt: one language, whatever its rules.
        let resolver = LocaleResolver(locales: ["en", "pt-BR", "pt-AO"])
        let text = LocalizedText([("en", forms), ("pt", .plural([.one: "%d jogo", .other: "%d jogos"]))])
        #expect(resolver.value(text, for: "pt-BR") == .plural([.one: "%d jogo", .many: "%d jogos", .other: "%d jogos"]))
        #expect(resolver.value(text, for: "pt-AO") == .plural([.one: "%d jogo", .many: "%d jogos", .other: "%d jogos"]))
        #expect(try #require(resolver.resolve(text, for: "pt-BR")).filledCategories == [.many])
    }

    /// Every format writes what the resolver gives: no export shows "One game" for a count
    /// other than 1.
    @Test(arguments: ["i18next", "android", "gettext", "xcstrings", "strings", "json-bundle"])
    func everyFormatAgrees(_ exporterID: String) throws {
        let json = try JSONDocument(parsing: #"[{"id": "g", "games": {"en": {"one": "One game", "other": "%d games"}}}]"#)
        let exporter = try #require(BuiltInExporters.all.first { $0.id == exporterID })
        let result = try exporter.exportWithDiagnostics(
            Document.split(file: "c.json", kind: "card", json: json), context: ExportContext(exporterID: exporterID, locales: ["en", "ru", "fil", "fr", "de"]))
        func text(_ path: (String) -> Bool) -> String {
            result.artifacts.filter { path($0.path) }.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
        }
        switch exporterID {
        case "xcstrings":
            let catalog = try JSONValue(parsing: try #require(result.artifacts.first).bytes)
            let localizations = try #require(catalog["strings"]?["card.g.games"]?["localizations"])
            for locale in ["ru", "fil", "fr"] {
                let plural = try #require(localizations[locale]?["variations"]?["plural"]?.objectValue, "\(locale)")
                #expect(plural.values.allSatisfy { $0["stringUnit"]?["value"] == "%d games" }, "\(locale)")
            }
            #expect(localizations["de"]?["variations"]?["plural"]?["one"]?["stringUnit"]?["value"] == "One game")
        default:
            func files(_ locale: String) -> String {
                text { path in
                    switch exporterID {
                    case "i18next": path.hasPrefix("locales/\(locale)/")
                    case "android": path.hasPrefix("values-\(locale)/") || path.hasPrefix("values-b+\(locale)/")
                    case "gettext": path == "\(locale).po"
                    case "strings": path.hasPrefix("\(locale).lproj/")
                    default: path.hasPrefix("\(locale)/")
                    }
                }
            }
            for locale in ["ru", "fil", "fr"] {
                // (A PO file's msgid is the source's text: its msgstr lines are the locale's.)
                let written = exporterID == "gettext" ? files(locale).split(separator: "\n").filter { $0.hasPrefix("msgstr[") }.joined(separator: "\n") : files(locale)
                #expect(written.contains("%d games") && !written.contains("One game"), "\(exporterID) \(locale): \(written)")
            }
            #expect(files("de").contains("One game"), "\(exporterID) de")
        }
    }
}
