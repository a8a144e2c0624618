import LarderCore
import LarderJSON
import Testing
@testable import LarderExport

/// Pseudo-locales: en-XA (accented, longer, bracketed) and ar-XB (each word right to
/// left), made from the source language's text with placeholders left as they are.
@Suite struct PseudoLocaleTests {
    /// An i18next nesting left open (`$t(` with no `)` after it) is no nesting, and is read
    /// once: each one scanned to the end of the text, and 60,000 of them in a name took 3 s
    /// of a release build (time growing with the square of their number). Content is
    /// untrusted: a text must not stall a build.
    @Test(.timeLimit(.minutes(1))) func manyUnclosedNestingsAreReadOnce() {
        let text = String(repeating: "$t(", count: 200_000) + "x"
        let scalars = Array(text.unicodeScalars)
        #expect(PseudoLocale.kept(scalars, text, isFormat: false).isEmpty)
        // A closed one after unclosed ones: those open before it end at its `)`.
        let closed = "$t(a $t(b) c"
        #expect(PseudoLocale.kept(Array(closed.unicodeScalars), closed, isFormat: false) == [0..<10])
    }

    @Test func everyASCIILetterHasOneAccentedScalar() {
        #expect(PseudoLocale.accents.count == 52)
        #expect(Set(PseudoLocale.accents.values).count == 52)
        #expect(PseudoLocale.accents.values.allSatisfy { !$0.isASCII && $0.properties.isAlphabetic })
    }

    @Test func accentedIsLongerBracketedAndKeepsPlaceholders() {
        let made = PseudoLocale.accented.apply("Serves %d in {{time}}, 100% fresh")
        // About 40% more: 12 letters (a placeholder's are not counted, nor the `f` of `% f`,
        // which may be a directive with a space flag), padding of at least 5 characters.
        #expect(made == "[Šéŕṽéš %d îñ {{time}}, 100% fŕéšĥ one two]")
        #expect(PseudoLocale.accented.apply("A") == "[Å one]")
        let long = String(repeating: "word ", count: 40)
        let padded = PseudoLocale.accented.apply(long)
        #expect(padded.count >= Int(Double(long.count) * 1.3), "\(padded)")
        #expect(PseudoLocale.accented.apply("%1$@ → %2$lld") == "[%1$@ → %2$lld one]")
    }

    /// White space at either end stays outside: gettext rejects a whole PO file for one
    /// translation that does not begin and end with a line break where its source does
    /// (`"[Šţîŕ.\n one]"` for "Stir.\n").
    @Test func lineBreaksAtEitherEndStayOutside() {
        #expect(PseudoLocale.accented.apply("Stir with ice.\n") == "[Šţîŕ ŵîţĥ îçé. one two]\n")
        #expect(PseudoLocale.accented.apply("\n\nA ") == "\n\n[Å one] ")
        #expect(PseudoLocale.accented.apply(" \n") == " \n")
        let (rlm, rlo, pdf) = ("\u{200F}", "\u{202E}", "\u{202C}")
        #expect(PseudoLocale.bidi.apply("\nGo\n") == "\n\(rlm)\(rlo)Go\(pdf)\(rlm)\n")
    }

    @Test func bidiForcesEachWordRightToLeftAroundPlaceholders() {
        let (rlm, rlo, pdf) = ("\u{200F}", "\u{202E}", "\u{202C}")
        #expect(PseudoLocale.bidi.apply("Win %d games") == "\(rlm)\(rlo)Win\(pdf) %d \(rlo)games\(pdf)\(rlm)")
        #expect(PseudoLocale.bidi.apply("Hi {{name}}!") == "\(rlm)\(rlo)Hi\(pdf) {{name}}\(rlo)!\(pdf)\(rlm)")
        #expect(PseudoLocale.bidi.apply("") == "")
    }

    /// Anything that may be a directive (Java's `%,d`, `%n`, a space flag), HTML tags,
    /// links and i18next nestings come out as they went in.
    @Test func whatAnAppReadsIsKept() {
        #expect(PseudoLocale.accented.apply("%,d steps%nBalance:% d") == "[%,d šţéþš%nƁåļåñçé:% d one two]")
        #expect(PseudoLocale.accented.apply("<b>Bold</b> at https://example.com/a?b=c now")
            == "[<b>Ɓöļð</b> åţ https://example.com/a?b=c ñöŵ one]")
        #expect(PseudoLocale.accented.apply("See $t(other.key) too") == "[Šéé $t(other.key) ţöö one]")
        // A letter with a combining accent after it keeps it alone (it became "é́").
        #expect(PseudoLocale.accented.apply("Cafe\u{301}") == "[Çåƒe\u{301} one]")
        // HTML character references (`&amp;` became `&åɱþ;`); a bare `&` is text.
        #expect(PseudoLocale.accented.apply("Salt &amp; pepper &#39;x&#x27; & more") == "[Šåļţ &amp; þéþþéŕ &#39;ẋ&#x27; & ɱöŕé one two]")
        // A long text grows by about 40% too (the padding words are taken again).
        let long = String(repeating: "word ", count: 200)
        #expect(PseudoLocale.accented.apply(long).count >= long.count + 320)
    }

    /// A text without a printf directive is prose, as the `placeholders` rule and the
    /// exporters read it: the `% d` of "100% daily" and the `% o` of "50% off" are a percent
    /// sign and a word, made over whole (`dåîļý` kept its plain `d`, and in ar-XB the `d`
    /// stood outside the word's right-to-left override). A format keeps them.
    @Test func aPercentSignInProseIsNoPlaceholder() {
        let (rlm, rlo, pdf) = ("\u{200F}", "\u{202E}", "\u{202C}")
        #expect(PseudoLocale.accented.apply("100% daily value") == "[100% ðåîļý ṽåļûé one]")
        #expect(PseudoLocale.accented.apply("50% off everything") == "[50% öƒƒ éṽéŕýţĥîñĝ one two]")
        #expect(PseudoLocale.bidi.apply("100% daily") == "\(rlm)\(rlo)100%\(pdf) \(rlo)daily\(pdf)\(rlm)")
        #expect(PseudoLocale.bidi.apply("50% off") == "\(rlm)\(rlo)50%\(pdf) \(rlo)off\(pdf)\(rlm)")
        // With a directive, what may be one is kept (an app's printf reads `% d`).
        #expect(PseudoLocale.accented.apply("%d left, 100% daily") == "[%d ļéƒţ, 100% dåîļý one]")
        // The forms of a plural text are one text: a format when one form has a directive.
        let forms = PseudoLocale.accented.apply(TextValue.plural([.one: "100% daily", .other: "%d times, 100% daily"]))
        #expect(forms == .plural([.one: "[100% dåîļý one]", .other: "[%d ţîɱéš, 100% dåîļý one]"]))
        #expect(PseudoLocale.accented.apply(TextValue.plural([.one: "50% off", .other: "50% off"])) == .plural([.one: "[50% öƒƒ one]", .other: "[50% öƒƒ one]"]))
    }

    /// Through an export: the json-bundle and Android texts of en-XA and ar-XB.
    @Test func pseudoTextsOfProseInAnExport() throws {
        let json = try JSONDocument(parsing: #"[{"id": "a", "text": {"en": "100% daily value"}}, {"id": "b", "text": {"en": "dad daily"}}]"#)
        let documents = Document.split(file: "m.json", kind: "msg", json: json)
        let options: JSONValue = ["pseudo": ["en-XA", "ar-XB"]]
        let bundle = try JSONBundleExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "json-bundle", options: options, locales: ["en"]))
        let xa = String(decoding: try #require(bundle.artifacts.first { $0.path == "en-XA/msg.json" }).bytes, as: UTF8.self)
        #expect(xa.contains("[100% ðåîļý ṽåļûé one]") && xa.contains("[ðåð ðåîļý one]"), "\(xa)")
        let android = try AndroidExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "android", options: options, locales: ["en"]))
        let xb = String(decoding: try #require(android.artifacts.first { $0.path == "values-ar-rXB/strings.xml" }).bytes, as: UTF8.self)
        #expect(xb.contains("<string name=\"msg_a_text\" formatted=\"false\">\u{200F}\u{202E}100%\u{202C} \u{202E}daily\u{202C} \u{202E}value\u{202C}\u{200F}</string>"), "\(xb)")
    }

    @Test func tagsAreReadInAnyCase() {
        #expect(PseudoLocale(tag: "EN-xa") == .accented)
        #expect(PseudoLocale(tag: "ar-XB") == .bidi)
        #expect(PseudoLocale(tag: "en-XB") == nil)
        #expect(PseudoLocale(tag: "en") == nil)
    }

    /// The resolver makes a pseudo-locale's value from the source language's (whatever
    /// the text has for other languages), as a translation of its own, with the plural
    /// categories of the pseudo-locale's language.
    @Test func theResolverMakesThemFromTheSourceLanguage() throws {
        let resolver = LocaleResolver(locales: ["pt-BR", "en"])
        let text = try #require(LocalizedText(json: ["en": "Soup", "pt-BR": "Sopa"], sourceLocale: "pt-BR"))
        let r = try #require(resolver.resolve(text, for: "en-XA"))
        #expect(r.value == .text("[Šöþå one]") && r.fill == .exact && r.sourceTag == "pt-BR" && !r.isFilled)
        #expect(resolver.value(text, for: "en-XA") == r.value)
        let plural = try #require(LocalizedText(json: ["pt-BR": ["one": "%d copo", "other": "%d copos"]], sourceLocale: "pt-BR"))
        guard case .plural(let forms)? = resolver.value(plural, for: "ar-XB") else {
            Issue.record("no plural forms")
            return
        }
        #expect(Set(forms.keys) == [.zero, .one, .two, .few, .many, .other])
        #expect(forms[.one] == "\u{200F}%d \u{202E}copo\u{202C}\u{200F}" && forms[.few] == "\u{200F}%d \u{202E}copos\u{202C}\u{200F}")
        #expect(resolver.resolve(plural, for: "ar-XB")?.value == .plural(forms))
    }

    /// A project that names en-XA itself gets its own texts, not made-over ones.
    @Test func aProjectLocaleIsNeverMadeOver() throws {
        let resolver = LocaleResolver(locales: ["en", "en-XA"])
        let text = try #require(LocalizedText(json: ["en": "Soup", "en-XA": "Šöûþ"], sourceLocale: "en"))
        #expect(resolver.value(text, for: "en-XA") == .text("Šöûþ"))
    }

    /// i18next ships no ancestor of a pseudo-locale: an `ar` folder holding ar-XB's texts
    /// would give them to every Arabic reader.
    @Test func i18nextShipsNoAncestorOfAPseudoLocale() throws {
        let json = try JSONDocument(parsing: #"{"id": "a", "name": {"pt-BR": "Leite", "en": "Milk"}, "ingredients": ["x"]}"#)
        let result = try I18nextExporter().exportWithDiagnostics(
            Document.split(file: "r.json", kind: "recipe", json: json),
            context: ExportContext(exporterID: "i18next", options: ["pseudo": ["ar-XB", "en-XA"]], locales: ["en", "pt-BR"]))
        #expect(result.artifacts.map(\.path).sorted() == ["locales/ar-XB/recipe.json", "locales/en-XA/recipe.json", "locales/en/recipe.json",
                                                          "locales/pt-BR/recipe.json", "locales/pt/recipe.json"])
    }

    @Test func theOptionAddsThemAfterTheProjectsLocales() throws {
        let json = try JSONDocument(parsing: #"{"id": "a", "name": {"en": "Milk", "fr": "Lait"}, "ingredients": ["x"]}"#)
        let docs = Document.split(file: "r.json", kind: "recipe", json: json)
        func export(_ options: JSONValue) throws -> [String] {
            try JSONBundleExporter().exportWithDiagnostics(docs, context: ExportContext(exporterID: "json-bundle", options: options, locales: ["en", "fr"]))
                .artifacts.map(\.path)
        }
        // (A tag in any case, written as the pseudo-locale's own.)
        #expect(try export(["pseudo": ["ar-XB", "en-xa"], "manifest": false]).sorted()
            == ["ar-XB/recipe.json", "en-XA/recipe.json", "en/recipe.json", "fr/recipe.json"])
        #expect(try export(["pseudo": "en-XA", "locales": ["fr"], "manifest": false]).sorted() == ["en-XA/recipe.json", "fr/recipe.json"])
        #expect(throws: ExportError.self) { try export(["pseudo": ["fr-XA"]]) }
        do {
            _ = try JSONBundleExporter().exportWithDiagnostics(docs, context: ExportContext(exporterID: "json-bundle", options: ["pseudo": ["qps-ploc"]], locales: ["en"]))
            Issue.record("an unknown pseudo-locale was taken")
        } catch {
            #expect("\(error)" == "json-bundle: option 'pseudo' names 'qps-ploc'; the pseudo-locales are en-XA (accented and longer) and ar-XB (right to left)")
        }
        do {
            _ = try JSONBundleExporter().exportWithDiagnostics(docs, context: ExportContext(exporterID: "json-bundle", options: ["pseudo": ["en-XA"]], locales: ["en", "en-XA"]))
            Issue.record("a project locale was taken as a pseudo-locale")
        } catch {
            #expect("\(error)".contains("names 'en-XA', which is one of the project's locales"))
        }
    }
}
