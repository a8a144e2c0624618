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
    }

    @Test func typesCompareByWhatTheyTake() {
        let source = Placeholders("%d and %@")
        #expect(source.problems(in: Placeholders("%i et %@"), formsMayOmit: false, source: "en").isEmpty)
        #expect(source.problems(in: Placeholders("%2$@ et %1$x"), formsMayOmit: false, source: "en").isEmpty)
        #expect(source.problems(in: Placeholders("%ld et %@"), formsMayOmit: false, source: "en")
            == ["has %ld (a long integer) for argument 1 where the en text has %d (an integer)"])
        #expect(source.problems(in: Placeholders("%s et %@"), formsMayOmit: false, source: "en")
            == ["has %s (a C string) for argument 1 where the en text has %d (an integer)"])
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
            == "title in its `one` form has %@ (an object) for argument 1 where the en `other` form has %d (an integer)" + PlaceholdersRule.advice)
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
