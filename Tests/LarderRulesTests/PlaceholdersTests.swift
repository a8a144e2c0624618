import Foundation
import LarderCore
import LarderJSON
import Testing
@testable import LarderRules

/// `placeholders`: what counts as a placeholder, and each way a translation can differ
/// from the source text, with its message.
@Suite struct PlaceholdersTests {
    let rule = PlaceholdersRule()
    let locales: JSONValue = ["locales": ["en", "pt", "vi"]]

    func parsed(_ text: String) -> (arguments: [Int: String], names: [String]) {
        let p = Placeholders(text)
        return (p.arguments.mapValues(\.spelling), p.names.sorted())
    }

    @Test func directivesAndNamesAreFoundAndPercentSignsAreNot() {
        #expect(parsed("100% daily, 50 %, 20%.").arguments.isEmpty)
        #expect(parsed("%% and %%d").arguments.isEmpty)
        #expect(parsed("%d of %@").arguments == [1: "%d", 2: "%@"])
        #expect(parsed("%2$@ y %1$@").arguments == [1: "%1$@", 2: "%2$@"])
        #expect(parsed("%-5.2f|%lld|%08x|%'d").arguments == [1: "%-5.2f", 2: "%lld", 3: "%08x", 4: "%'d"])
        // A `*` width takes an argument of its own.
        #expect(parsed("%*d items").arguments == [1: "*", 2: "%*d"])
        #expect(parsed("{{name}}, {{ count }}, {{- html}}, {{price, currency}}").names == ["count", "html", "name", "price"])
        #expect(parsed("{{}} and { {x} } and {{open").names.isEmpty)
        #expect(parsed("{{ x, {{name}} and {{").names == ["name"])
        // A text of braces alone is read in linear time (it took a minute when each `{{`
        // looked for its `}}` to the end).
        #expect(Placeholder.scan(String(repeating: "{", count: 200_000)).isEmpty)
        #expect(Placeholder.scan(String(repeating: "{", count: 200_000) + "x}}").map(\.spelling) == ["{{x}}"])
    }

    /// A plural form is always formatted with the count: a `%` that starts no directive is
    /// doubled, directives and `%%` stay.
    @Test(arguments: [
        ("one 50% item", "one 50%% item"), ("%d items, 50% off", "%d items, 50%% off"), ("100%% sure, %1$@", "100%% sure, %1$@"),
        ("no percent", "no percent"), ("end %", "end %%"), ("%.1f%", "%.1f%%"), ("{{count}} at 5%", "{{count}} at 5%%"),
    ])
    func literalPercentsAreDoubled(_ text: String, _ escaped: String) {
        #expect(Placeholder.escapingLiteralPercents(text) == escaped)
        // The escaped text has the same placeholders, spelled the same.
        #expect(Placeholder.scan(escaped).map(\.spelling) == Placeholder.scan(text).map(\.spelling))
    }

    /// A long text of many directives and percents is escaped in linear time (each piece
    /// appended copied the text built so far).
    @Test func manyPercentsAreEscapedInLinearTime() {
        let text = String(repeating: "%d of 5% and %1$s; ", count: 20_000)
        let started = Date()
        let escaped = Placeholder.escapingLiteralPercents(text)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(escaped == String(repeating: "%d of 5%% and %1$s; ", count: 20_000))
    }

    @Test func typesCompareByWhatTheyTake() {
        let source = Placeholders("%d and %@")
        #expect(source.problems(in: Placeholders("%i et %@"), formsMayOmit: false, source: "en").isEmpty)
        #expect(source.problems(in: Placeholders("%2$@ et %1$x"), formsMayOmit: false, source: "en").isEmpty)
        #expect(source.problems(in: Placeholders("%ld et %@"), formsMayOmit: false, source: "en")
            == ["has %ld (a long integer) for argument 1 where the en text has %d (an integer)"])
        #expect(source.problems(in: Placeholders("%s et %@"), formsMayOmit: false, source: "en")
            == ["has %s (a string) for argument 1 where the en text has %d (an integer)"])
        // Java's flags and conversions (Android), and one type for every 64-bit length.
        #expect(source.problems(in: Placeholders("%1$,d et %2$@%n"), formsMayOmit: false, source: "en").isEmpty)
        #expect(Placeholders("%lld").problems(in: Placeholders("%ld"), formsMayOmit: false, source: "en").isEmpty)
        #expect(Placeholders("%zd").problems(in: Placeholders("%qd"), formsMayOmit: false, source: "en").isEmpty)
        // One argument taken as two types in one text.
        #expect(Placeholders("Hello %1$@").problems(in: Placeholders("Hola %1$@ %1$d"), formsMayOmit: false, source: "en")
            == ["takes argument 1 as %1$@ (an object) and as %1$d (an integer)"])
    }

    /// A text that mixes numbered and unnumbered directives (`%1$@ has %d`) reads an
    /// undefined argument: it is reported, in the source text and in a translation, and its
    /// unnumbered directives are not compared (a reference badge with `%1$@ … %'d` made an
    /// export whose stringsdict named the wrong argument as the count).
    @Test func mixingNumberedAndUnnumberedIsReported() {
        #expect(Placeholders("%1$@ has %d points").mixed?.hasPrefix("mixes numbered and unnumbered placeholders (%1$@ and %d)") == true)
        #expect(Placeholders("%1$@ has %2$d points, 100%% sure%n").mixed == nil)
        #expect(Placeholders("%@ has %d points").mixed == nil)
        #expect(Placeholders("%1$@ has %n%% points").mixed == nil)
        let source = Placeholders("%1$@ has %2$d points")
        #expect(source.problems(in: Placeholders("%1$@ tem %d pontos"), formsMayOmit: false, source: "en").first?.hasPrefix("mixes numbered") == true)
        // Only the numbered one is compared: no conflict over argument 1.
        #expect(Placeholders("%1$@ has %d").conflicts.isEmpty)
    }

    @Test func eachDifferenceIsNamedAtTheTranslation() throws {
        let json = """
            {
              "id": "caldo-verde",
              "name": "Caldo verde",
              "description": {"en": "Serves %d in %d minutes, {{cook}}.", "pt": "Serve %@ em %d minutos, {{chef}}.", "vi": "Phục vụ %d."}
            }
            """
        let found = try run(rule, json, kind: "recipe", options: locales)
        #expect(found.map(\.pointer) == ["/description/pt", "/description/vi"])
        #expect(found.allSatisfy { $0.severity == .error && $0.ruleID == "placeholders" })
        #expect(found[0].line == 4 && found[0].column == 69)
        #expect(found[0].message == "description (pt) has %@ (an object) for argument 1 where the en text has %d (an integer), has {{chef}}, which the en text does not have and lacks {{cook}}, which the en text has" + PlaceholdersRule.advice)
        #expect(found[1].message == "description (vi) lacks %d (argument 2), which the en text has and lacks {{cook}}, which the en text has" + PlaceholdersRule.advice)
    }

    @Test func pluralFormsMayLeaveTheCountOutButNotAddOrChangeOne() throws {
        let json = """
            {"id": "gold", "title": {
              "en": {"one": "Win a game", "other": "Win %d games"},
              "pt": {"one": "Vença um jogo", "many": "Vença %d jogos", "other": "Vença %d jogos"},
              "vi": {"other": "Thắng %d trận %@"}
            }}
            """
        let options: JSONValue = ["locales": ["en", "pt", "vi"], "fields": ["/title"]]
        let found = try run(rule, json, kind: "achievement", options: options)
        #expect(found.map(\.pointer) == ["/title/vi"])
        #expect(found.first?.message == "title (vi) in its `other` form has %@ for argument 2, which the en text does not have" + PlaceholdersRule.advice)
        // A plain translation of a plural source text is compared with its `other` form.
        let plain = #"{"id": "gold", "title": {"en": {"one": "Win a game", "other": "Win %d games"}, "pt": "Vença jogos"}}"#
        #expect(try run(rule, plain, kind: "achievement", options: options).first?.message
            == "title (pt) lacks %d (argument 1), which the en text has" + PlaceholdersRule.advice)
        // The source language's own forms agree with its `other` form.
        let own = #"{"id": "gold", "title": {"one": "Win %@ game", "other": "Win %d games"}}"#
        #expect(try run(rule, own, kind: "achievement", options: options).first?.message
            == "title in its `one` form has %@ (an object) for argument 1 where the en `other` form has %d (an integer)" + PlaceholdersRule.formsAdvice)
    }

    /// The scan that passes over a document: `%`, `{{` and `\u` (which could spell either)
    /// anywhere make it look closer; JSON's own braces do not.
    @Test func aDocumentWithoutPlaceholdersIsPassedOverOnItsBytes() throws {
        func mayHold(_ text: String) throws -> Bool {
            let json = try JSONDocument(parsing: text)
            return PlaceholdersRule.documentMayHold(json, json.root)
        }
        #expect(try !mayHold(#"{"id": 1, "name": {"en": "Soup", "pt": "Sopa"}, "steps": [{"en": "Boil"}, {"en": "{ stir }"}]}"#))
        #expect(try mayHold(#"{"name": {"en": "100% juice"}}"#))
        #expect(try mayHold(#"{"name": {"en": "Hi {{name}}"}}"#))
        #expect(try mayHold(#"{"name": {"en": "Serves \u0025d"}}"#))
    }

    /// A text whose source has no placeholder is not a format string: percent signs and
    /// braces in its translations are prose.
    @Test func prosePercentSignsAreNotPlaceholders() throws {
        for prose in ["Un clásico: 25%ABV, amargo.", "3%ige Lösung", "50%off", "https://de.wikipedia.org/wiki/Caf%C3%A9", "{{ and }}"] {
            let json = #"{"id": 1, "name": {"en": "A classic, 25% ABV.", "pt": "\#(prose)"}}"#
            #expect(try run(rule, json, kind: "recipe", options: locales).isEmpty, "\(prose)")
        }
        // In a format string a literal percent sign is `%%`: there, `25%ABV` is a directive.
        let format = #"{"id": 1, "name": {"en": "%d%% ABV", "pt": "%d%ABV"}}"#
        #expect(try run(rule, format, kind: "recipe", options: locales).first?.message.hasPrefix("name (pt) has %A for argument 2") == true)
    }

    /// The `other` form of a plural translation has every placeholder; `one` may leave the
    /// count out.
    @Test func theOtherFormHasThemAll() throws {
        let options: JSONValue = ["locales": ["en", "es"], "fields": ["/t"]]
        let json = #"{"id": 1, "t": {"en": {"one": "%1$@ won a game", "other": "%1$@ won %2$d games"}, "es": {"one": "Ganó un juego", "other": "Ganó %2$d juegos"}}}"#
        let found = try run(rule, json, kind: "game", options: options)
        #expect(found.map(\.message) == ["t (es) in its `other` form lacks %1$@ (argument 1), which the en text has" + PlaceholdersRule.advice])
        let own = #"{"id": 1, "t": {"en": {"one": "Win %@ game", "other": "Win %d games"}, "es": "Gana %d juegos"}}"#
        #expect(try run(rule, own, kind: "game", options: options).first?.message.hasSuffix(PlaceholdersRule.formsAdvice) == true)
    }

    /// An argument the source language's text takes as two types crashes `String(format:)`
    /// in every language: it is reported there, with or without translations.
    @Test func anArgumentTakenAsTwoTypesInTheSourceTextIsReported() throws {
        let conflict = "takes argument 1 as %1$@ (an object) and as %1$d (an integer)"
        let json = #"{"id": "soup", "name": "Soup", "description": {"en": "Serves %1$@, ready in %1$d minutes.", "es": "Para %1$@."}}"#
        let found = try run(rule, json, kind: "recipe", options: ["locales": ["en", "es"]])
        #expect(found.map(\.pointer) == ["/description/en"])
        #expect(found.first?.message == "description (en) \(conflict)" + PlaceholdersRule.conflictAdvice)
        // A project of one language: its language map, and a plain string.
        let one: JSONValue = ["locales": ["en"]]
        let alone = #"{"id": "soup", "name": "Soup", "description": {"en": "Serves %1$@, ready in %1$d minutes."}}"#
        #expect(try run(rule, alone, kind: "recipe", options: one).map(\.pointer) == ["/description/en"])
        let plain = #"{"id": "soup", "name": "Soup", "description": "Serves %1$@, ready in %1$d minutes."}"#
        #expect(try run(rule, plain, kind: "recipe", options: one).map(\.message) == ["description \(conflict)" + PlaceholdersRule.conflictAdvice])
        // The `other` form of the source language's plural forms.
        let forms = #"{"id": 1, "t": {"en": {"one": "One game", "other": "%1$d games for %1$@"}, "es": {"one": "Un juego", "other": "%1$d juegos para %1$@"}}}"#
        let inForms = try run(rule, forms, kind: "game", options: ["locales": ["en", "es"], "fields": ["/t"]])
        #expect(inForms.map(\.pointer) == ["/t/en", "/t/es"])
        #expect(inForms.first?.message == "t (en) in its `other` form takes argument 1 as %1$d (an integer) and as %1$@ (an object)" + PlaceholdersRule.conflictAdvice)
    }

    @Test func whatIsNotComparedIsLeftAlone() throws {
        // No source language text (locale-complete reports that), plain strings, no placeholders.
        #expect(try run(rule, #"{"id": 1, "name": {"pt": "Serve %d", "vi": "%@"}}"#, kind: "recipe", options: locales).isEmpty)
        #expect(try run(rule, #"{"id": 1, "name": "Serves %d"}"#, kind: "recipe", options: locales).isEmpty)
        #expect(try run(rule, #"{"id": 1, "name": {"EN": "100% juice", "pt": "100% suco"}}"#, kind: "recipe", options: locales).isEmpty)
        // Tags compare without case, and an escaped `%` is read as one.
        let escaped = #"{"id": 1, "name": {"EN": "Serves %d", "pt": "Serve \u0025@"}}"#
        #expect(try run(rule, escaped, kind: "recipe", options: locales).map(\.pointer) == ["/name/pt"])
    }
}
