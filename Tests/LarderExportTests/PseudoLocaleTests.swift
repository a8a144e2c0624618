import LarderCore
import LarderJSON
import Testing
@testable import LarderExport

/// Pseudo-locales: en-XA (accented, longer, bracketed) and ar-XB (each word right to
/// left), made from the source language's text with placeholders left as they are.
@Suite struct PseudoLocaleTests {
    @Test func everyASCIILetterHasOneAccentedScalar() {
        #expect(PseudoLocale.accents.count == 52)
        #expect(Set(PseudoLocale.accents.values).count == 52)
        #expect(PseudoLocale.accents.values.allSatisfy { !$0.isASCII && $0.properties.isAlphabetic })
    }

    @Test func accentedIsLongerBracketedAndKeepsPlaceholders() {
        let made = PseudoLocale.accented.apply("Serves %d in {{time}}, 100% fresh")
        // About 40% more: 13 letters (a placeholder's are not counted), padding of at least 6 characters.
        #expect(made == "[Šéŕṽéš %d îñ {{time}}, 100% ƒŕéšĥ one two]")
        #expect(PseudoLocale.accented.apply("A") == "[Å one]")
        let long = String(repeating: "word ", count: 40)
        let padded = PseudoLocale.accented.apply(long)
        #expect(padded.count >= Int(Double(long.count) * 1.3), "\(padded)")
        #expect(PseudoLocale.accented.apply("%1$@ → %2$lld") == "[%1$@ → %2$lld one]")
    }

    @Test func bidiForcesEachWordRightToLeftAroundPlaceholders() {
        let (rlo, pdf) = ("\u{202E}", "\u{202C}")
        #expect(PseudoLocale.bidi.apply("Win %d games") == "\(rlo)Win\(pdf) %d \(rlo)games\(pdf)")
        #expect(PseudoLocale.bidi.apply("Hi {{name}}!") == "\(rlo)Hi\(pdf) {{name}}\(rlo)!\(pdf)")
        #expect(PseudoLocale.bidi.apply("") == "")
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
        #expect(forms[.one] == "%d \u{202E}copo\u{202C}" && forms[.few] == "%d \u{202E}copos\u{202C}")
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
