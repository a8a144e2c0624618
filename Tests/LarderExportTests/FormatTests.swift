import Foundation
import LarderCore
import LarderJSON
import LarderSchema
import Testing
@testable import LarderExport

@Suite struct AndroidFormatTests {
    @Test(arguments: [
        ("en", "values"), ("vi", "values-vi"), ("pt-BR", "values-pt-rBR"), ("es-419", "values-b+es+419"),
        ("zh-Hant-TW", "values-b+zh+Hant+TW"), ("sr-Latn", "values-b+sr+Latn"), ("yue", "values-b+yue"),
        ("ca-ES-valencia", "values-b+ca+ES+valencia"),
    ])
    func folders(_ locale: String, _ folder: String) {
        #expect(AndroidExporter.folder(for: locale, sourceLocale: "en") == folder)
    }

    @Test(arguments: [
        ("it's", "it\\'s"), ("say \"hi\"", "say \\\"hi\\\""), ("back\\slash", "back\\\\slash"), ("a\nb", "a\\nb"),
        ("@home", "\\@home"), ("?why", "\\?why"), ("mid @ and ?", "mid @ and ?"), ("a & b < c > d", "a &amp; b &lt; c &gt; d"),
        (" lead", "\\u0020lead"), ("trail ", "trail\\u0020"), ("two  spaces", "two \\u0020spaces"), ("tab\there", "tab\\there"),
        ("emoji 🍝", "emoji 🍝"), ("bell\u{7}", "bell\\u0007"), ("é  x", "é \\u0020x"), ("🍝 ", "🍝\\u0020"),
        ("a\u{FFFE}b", "a\\uFFFEb"),
        // aapt2 knows no \r: it read "\r" as a plain r.
        ("a\r\nb", "a\\u000D\\nb"),
    ])
    func escaping(_ text: String, _ escaped: String) {
        #expect(Escape.android(text) == escaped)
    }

    @Test func resourceNames() {
        #expect(AndroidExporter.resourceName("recipe.old-fashioned.steps.2") == "recipe_old_fashioned_steps_2")
        #expect(AndroidExporter.resourceName("taxonomy.en:milk") == "taxonomy_en_milk")
        #expect(AndroidExporter.resourceName("2fa.x") == "k_2fa_x")
        #expect(AndroidExporter.resourceName("Badge.Ünïcode") == "badge_n_code")
    }

    @Test func collidingNamesGetAHash() throws {
        // Two kinds whose keys differ only by '-' vs '_' share a resource name unless one is changed.
        let json = try JSONDocument(parsing: #"[{"id": "a-b", "title": {"en": "One", "fr": "Un"}}, {"id": "a_b", "title": {"en": "Two", "fr": "Deux"}}]"#)
        let result = try AndroidExporter().exportWithDiagnostics(
            Document.split(file: "w.json", kind: "widget", json: json), context: ExportContext(exporterID: "android", locales: ["en", "fr"]))
        let xml = String(decoding: try #require(result.artifacts.first { $0.path == "values/strings.xml" }).bytes, as: UTF8.self)
        // Both get a hash of their own key: neither keeps the plain name, so adding the
        // second never gave the first one's name to another text.
        #expect(!xml.contains("<string name=\"widget_a_b_title\">"))
        let one = "widget_a_b_title_" + SafeName.shortHash("widget.a-b.title"), two = "widget_a_b_title_" + SafeName.shortHash("widget.a_b.title")
        #expect(xml.contains("<string name=\"\(one)\">One</string>") && xml.contains("<string name=\"\(two)\">Two</string>"), "\(xml)")
        #expect(result.diagnostics.map(\.message) == [
            "the keys 'widget.a-b.title', 'widget.a_b.title' all make the Android resource name 'widget_a_b_title', so each has a hash added: 'widget.a-b.title' is \(one), 'widget.a_b.title' is \(two); rename an id or a field to keep plain names",
        ])
        // At the first key's text, the other's a related place (both stood at the first
        // document's start, which named neither text).
        let clash = try #require(result.diagnostics.first)
        #expect("\(clash.line):\(clash.column)" == "1:25")
        #expect(clash.related.map { "\($0.start.line):\($0.start.column) \($0.message)" } == ["1:76 'widget.a_b.title' also makes the name 'widget_a_b_title'"])
        // The names do not depend on which keys came first.
        let alone = try AndroidExporter().exportWithDiagnostics(
            Array(Document.split(file: "w.json", kind: "widget", json: json).reversed()), context: ExportContext(exporterID: "android", locales: ["en", "fr"]))
        #expect(alone.artifacts.map(\.bytes) == result.artifacts.map(\.bytes))
    }

    @Test func percentMarksTheStringUnformatted() throws {
        let json = try JSONDocument(parsing: #"{"id": "x", "title": {"en": "100% daily", "fr": "100 % par jour"}, "plain": {"en": "No", "fr": "Non"}}"#)
        let result = try AndroidExporter().exportWithDiagnostics(
            Document.split(file: "w.json", kind: "widget", json: json), context: ExportContext(exporterID: "android", locales: ["en", "fr"]))
        let xml = String(decoding: try #require(result.artifacts.first { $0.path == "values/strings.xml" }).bytes, as: UTF8.self)
        #expect(xml.contains("<string name=\"widget_x_title\" formatted=\"false\">100% daily</string>"))
        #expect(xml.contains("<string name=\"widget_x_plain\">No</string>"))
    }
}

/// The app formats a text with a placeholder (`getString(id, n)`, `getQuantityString(id, n,
/// n)`), and `String.format` throws on the `%` of "50% off": it is doubled there, and only
/// there.
@Suite struct AndroidPercentTests {
    @Test func aLiteralPercentIsDoubledInATextTheAppFormats() throws {
        let json = try JSONDocument(parsing: #"""
            {"id": "x", "deal": {"en": {"one": "%d item, 50% off", "other": "%d items, 50% off"}},
             "serves": {"en": "Serves %d, 100% natural"}, "daily": {"en": "100% daily"}, "sale": {"en": {"one": "50% off", "other": "50% off"}}}
            """#)
        let result = try AndroidExporter().exportWithDiagnostics(
            Document.split(file: "w.json", kind: "widget", json: json), context: ExportContext(exporterID: "android", locales: ["en"]))
        let xml = String(decoding: try #require(result.artifacts.first { $0.path == "values/strings.xml" }).bytes, as: UTF8.self)
        #expect(xml.contains("<item quantity=\"one\">%d item, 50%% off</item>"), "\(xml)")
        #expect(xml.contains("<item quantity=\"other\">%d items, 50%% off</item>"), "\(xml)")
        #expect(xml.contains("<string name=\"widget_x_serves\" formatted=\"false\">Serves %d, 100%% natural</string>"), "\(xml)")
        #expect(xml.contains("<string name=\"widget_x_daily\" formatted=\"false\">100% daily</string>"), "\(xml)")
        #expect(xml.contains("<item quantity=\"one\">50% off</item>"), "\(xml)")
    }
}

/// Android formats a text with Java's `java.util.Formatter`, which throws on what only C
/// and Apple's formats take: each directive is written in Java's terms, with the same
/// argument and meaning, and one Java cannot take at all is an error naming the text.
@Suite struct AndroidJavaFormatTests {
    @Test(arguments: [
        ("%@ joined", "%s joined"),
        ("%1$@ has %2$d points", "%1$s has %2$d points"),
        ("%ld items, %lld pts, %zu left, %hhd, %qd", "%d items, %d pts, %d left, %d, %d"),
        ("%i or %u or %lu", "%d or %d or %d"),
        ("%D %U %O %F %C %S", "%d %d %o %f %c %s"),
        ("%'d fans, %',d, %-5.2f, %08.3lf", "%,d fans, %,d, %-5.2f, %08.3f"),
        ("%2$@ and %1$ld, 50%% off", "%2$s and %1$d, 50%% off"),
        ("%x %X %o %e %g %a %c %s %b %n", "%x %X %o %e %g %a %c %s %b %n"),
        ("{{name}} has %d", "{{name}} has %d"),
        // Where Java does not group, C's grouping flag is left out; `#` does nothing to %d.
        ("%'x, %'e, %#d, %#x, %'.2f", "%x, %e, %d, %#x, %,.2f"),
        // A position written with a leading zero is the same argument.
        ("%01$d of %02$@", "%1$d of %2$s"),
        ("%-5s|%05d|%+.1f|% d|%(d", "%-5s|%05d|%+.1f|% d|%(d"),
    ])
    func directivesAreWrittenInJavasTerms(_ text: String, _ java: String) throws {
        #expect(try AndroidExporter.javaFormat(text, name: "n", locale: "en") == java)
    }

    @Test(arguments: ["%.*f", "%*d", "%.3d", "%p", "%+@", "%05@", "%-d", "%.2c", "%-05d", "%,x", "%(a"])
    func directivesJavaCannotTakeAreErrors(_ text: String) {
        #expect(throws: ExportError.self) { try AndroidExporter.javaFormat("x \(text) y", name: "badge_a_title", locale: "fr") }
        do {
            _ = try AndroidExporter.javaFormat("x \(text) y", name: "badge_a_title", locale: "fr")
        } catch {
            #expect(error.message.hasPrefix("the text of 'badge_a_title' in fr holds \(text), "), "\(error)")
        }
    }

    /// Both build paths write the Java forms, and refuse the same texts.
    @Test func bothPathsWriteJavaFormats() throws {
        let json = try JSONDocument(parsing: #"""
            {"id": "x", "score": {"en": {"one": "%1$@ has %2$ld point", "other": "%1$@ has %2$ld points"}},
             "greet": {"en": "%@ joined, 100% sure"}}
            """#)
        let result = try AndroidExporter().exportWithDiagnostics(
            Document.split(file: "w.json", kind: "widget", json: json), context: ExportContext(exporterID: "android", locales: ["en"]))
        let xml = String(decoding: try #require(result.artifacts.first { $0.path == "values/strings.xml" }).bytes, as: UTF8.self)
        #expect(xml.contains("<item quantity=\"other\">%1$s has %2$d points</item>"), "\(xml)")
        #expect(xml.contains("<string name=\"widget_x_greet\" formatted=\"false\">%s joined, 100%% sure</string>"), "\(xml)")
        let bad = try JSONDocument(parsing: #"{"id": "y", "greet": {"en": "%.*f done"}}"#)
        #expect(throws: ExportError.self) {
            try AndroidExporter().exportWithDiagnostics(
                Document.split(file: "w.json", kind: "widget", json: bad), context: ExportContext(exporterID: "android", locales: ["en"]))
        }
    }
}

@Suite struct XMLEscapingTests {
    @Test(arguments: [
        ("a & b <c> \"d\"", "a &amp; b &lt;c&gt; &quot;d&quot;"), ("tab\tnew\nline", "tab\tnew\nline"), ("bell\u{7}", "bell\u{FFFD}"),
        ("x\u{FFFF}", "x\u{FFFD}"), ("é 🍝", "é 🍝"),
    ])
    func xml(_ text: String, _ escaped: String) {
        #expect(Escape.xml(text) == escaped)
    }
}

@Suite struct AppleFormatTests {
    /// String Catalog strings carry the escapes Xcode writes, whether the string is given as a
    /// String or as bytes.
    @Test(arguments: [
        ("Negroni", #""Negroni""#), ("say \"hi\"", #""say \"hi\"""#), ("a\\b", #""a\\b""#), ("a\nb\tc", #""a\nb\tc""#),
        ("bell\u{7}", #""bell\u0007""#), ("é 🍝", #""é 🍝""#), ("", "\"\""), ("del\u{7F}", "\"del\u{7F}\""),
    ])
    func xcstringsStrings(_ text: String, _ literal: String) {
        var out: [UInt8] = []
        XcodeJSON.writeString(text, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == literal)
        out = []
        XcodeJSON.writeString(utf8: Array(text.utf8), into: &out)
        #expect(String(decoding: out, as: UTF8.self) == literal)
    }

    /// The eight-bytes-at-a-time scan finds exactly the bytes the byte-by-byte rule finds
    /// (control characters, `"`, `\`), at every position of strings of every length.
    @Test func needsNoEscapeMatchesTheByteRule() {
        var rng = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x00, 0x09, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x41, 0x7E, 0x7F, 0x80, 0xA0, 0xC3, 0xE2, 0xFF]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0..<40, using: &rng)
            let bytes = (0..<count).map { _ in
                Int.random(in: 0..<4, using: &rng) == 0 ? alphabet.randomElement(using: &rng)! : UInt8.random(in: 0x23...0x5B, using: &rng)
            }
            let expected = !bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            #expect(bytes.withUnsafeBufferPointer(XcodeJSON.needsNoEscape) == expected, "\(bytes)")
        }
    }

    @Test(arguments: [
        ("say \"hi\"", "say \\\"hi\\\""), ("a\\b", "a\\\\b"), ("a\nb", "a\\nb"), ("it's 100%", "it's 100%"), ("é 🍝", "é 🍝"),
        ("bell\u{7}", "bell\\U0007"),
    ])
    func stringsEscaping(_ text: String, _ escaped: String) {
        #expect(Escape.appleStrings(text) == escaped)
    }

    @Test(arguments: [("%d glasses", "d"), ("%lld items", "lld"), ("100%% of %@", "@"), ("no directive", "d"), ("%1$ld day", "ld")])
    func stringsdictValueType(_ text: String, _ type: String) {
        #expect(AppleStringsExporter.pluralArgument(text) == (1, type))
    }

    /// The count is the text's number, wherever it is: "%1$@ has %2$d points" is chosen by
    /// argument 2, an integer (it was chosen by the name, argument 1, typed `@`).
    @Test(arguments: [
        ("%1$@ has %2$d points", 2, "d"), ("%@ and %d others liked this", 2, "d"), ("%2$d points for %1$@", 2, "d"),
        ("%1$@: %2$.1f km in %3$ld runs", 3, "ld"), ("%@ ran %.1f km", 2, "f"), ("%*d items", 2, "d"), ("%s%n%zd left", 2, "zd"),
        ("%1$x: %2$u", 2, "u"), ("%2$d of %1$d", 1, "d"), ("100% daily, %@ and %d more", 2, "d"), ("%@%% of %u", 2, "u"),
    ])
    func thePluralArgumentIsTheNumber(_ text: String, _ position: Int, _ type: String) {
        #expect(AppleStringsExporter.pluralArgument(text) == (position, type))
    }

    /// The `.stringsdict` entry of a plural text whose count is not its first argument names
    /// the count's position and its conversion, on both build paths (they share the entry).
    @Test func aStringsdictNamesTheCountsPosition() throws {
        let json = try JSONDocument(parsing: #"""
            [{"id": "score", "text": {"en": {"one": "%1$@ has %2$d point", "other": "%1$@ has %2$d points"}}},
             {"id": "likes", "text": {"en": {"one": "%@ liked this", "other": "%@ and %d others liked this"}}},
             {"id": "wins", "text": {"en": {"one": "%d win", "other": "%d wins"}}}]
            """#)
        let result = try AppleStringsExporter().exportWithDiagnostics(
            Document.split(file: "m.json", kind: "msg", json: json), context: ExportContext(exporterID: "strings", locales: ["en"]))
        let dict = try #require(result.artifacts.first { $0.path == "en.lproj/Content.stringsdict" })
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(dict.bytes), format: nil) as? [String: [String: Any]])
        for (key, format, type) in [("msg.score.text", "%2$#@value@", "d"), ("msg.likes.text", "%2$#@value@", "d"), ("msg.wins.text", "%#@value@", "d")] {
            let entry = try #require(plist[key], "\(key)")
            #expect(entry["NSStringLocalizedFormatKey"] as? String == format, "\(key): \(entry)")
            #expect((entry["value"] as? [String: Any])?["NSStringFormatValueTypeKey"] as? String == type, "\(key): \(entry)")
        }
    }

    /// A plural form is formatted with the count: "one 50% item" printed "one 50 1tem".
    /// In a `.stringsdict` and in a String Catalog's plural variations a literal `%` is
    /// written `%%`; a string that is not plural keeps it as it is.
    @Test func literalPercentSignsInPluralFormsAreDoubled() throws {
        let json = try JSONDocument(parsing: #"[{"id": "sale", "title": {"en": {"one": "one 50% item", "other": "%d items, 50% off"}}, "note": {"en": "100% cotton"}}]"#)
        let documents = Document.split(file: "c.json", kind: "card", json: json)
        let strings = try AppleStringsExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "strings", locales: ["en"]))
        let dict = String(decoding: try #require(strings.artifacts.first { $0.path == "en.lproj/Content.stringsdict" }).bytes, as: UTF8.self)
        #expect(dict.contains("<string>one 50%% item</string>"), "\(dict)")
        #expect(dict.contains("<string>%d items, 50%% off</string>"), "\(dict)")
        let plain = String(decoding: try #require(strings.artifacts.first { $0.path == "en.lproj/Content.strings" }).bytes, as: UTF8.self)
        #expect(plain.contains(#""card.sale.note" = "100% cotton";"#), "\(plain)")
        #expect(plain.contains(#""card.sale.title" = "%d items, 50%% off";"#), "\(plain)")
        let catalog = try XCStringsExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "xcstrings", locales: ["en"]))
        let text = String(decoding: try #require(catalog.artifacts.first).bytes, as: UTF8.self)
        #expect(text.contains(#""value" : "one 50%% item""#) && text.contains(#""value" : "100% cotton""#), "\(text)")
    }

    @Test func stringsFileStartsWithABOMAndHoldsEveryKey() throws {
        let result = try ReferenceProject().export(AppleStringsExporter())
        let ru = try #require(result.artifacts.first { $0.path == "ru.lproj/Content.strings" })
        #expect(Array(ru.bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let text = String(decoding: ru.bytes, as: UTF8.self)
        #expect(text.contains(#""recipe.nonnas-pesto.steps.1" = "Влейте масло на 50%\tпопробуйте: «готово», когда гладко.";"#))
        let dict = String(decoding: try #require(result.artifacts.first { $0.path == "ru.lproj/Content.stringsdict" }).bytes, as: UTF8.self)
        for category in ["one", "few", "many", "other"] { #expect(dict.contains("<key>\(category)</key>")) }
        #expect(!dict.contains("<key>two</key>"))
    }
}

@Suite struct XcodeJSONTests {
    @Test func layoutMatchesXcode() {
        let value: JSONValue = ["b": [1, "é\n\"x\""], "a": ["z": true, "y": .null], "c": [], "d": JSONValue.object(JSONObject())]
        #expect(XcodeJSON.string(value) == """
            {
              "a" : {
                "y" : null,
                "z" : true
              },
              "b" : [
                1,
                "é\\n\\"x\\""
              ],
              "c" : [],
              "d" : {}
            }
            """)
    }

    @Test func oneWordChangeIsOneLineDiff() throws {
        func catalog(_ name: String) throws -> [Substring] {
            let json = try JSONDocument(parsing: #"[{"id": "a", "name": {"en": "\#(name)", "fr": "Lait"}, "ingredients": ["x"]}, {"id": "b", "name": {"en": "Tea", "fr": "Thé"}, "ingredients": ["y"]}]"#)
            let result = try XCStringsExporter().exportWithDiagnostics(
                Document.split(file: "r.json", kind: "recipe", json: json), context: ExportContext(exporterID: "xcstrings", locales: ["en", "fr"]))
            return String(decoding: result.artifacts[0].bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
        let before = try catalog("Milk"), after = try catalog("Whole milk")
        #expect(before.count == after.count)
        #expect(zip(before, after).filter { $0 != $1 }.count == 1)
        #expect(before.last == "}")  // no final line break
    }

    /// A number id is keyed as the number an app decodes: `1e2` gave `recipe.1e2.name`, but
    /// an app that reads the id gets 100 and looks up `recipe.100.name` (and `unique-id`
    /// already took `1e2` and `100` for one id).
    @Test func numberIdsAreKeyedAsTheNumber() throws {
        let json = try JSONDocument(parsing: #"[{"id": 1e2, "name": {"en": "Milk"}, "ingredients": ["x"]}, {"id": 7.0, "name": {"en": "Tea"}, "ingredients": ["y"]}, {"id": 12, "name": {"en": "Pie"}, "ingredients": ["z"]}]"#)
        let documents = Document.split(file: "r.json", kind: "recipe", json: json)
        let catalog = try XCStringsExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "xcstrings", locales: ["en"]))
        let text = String(decoding: catalog.artifacts[0].bytes, as: UTF8.self)
        #expect(text.contains(#""recipe.100.name""#) && text.contains(#""recipe.7.name""#) && text.contains(#""recipe.12.name""#), "\(text)")
        #expect(!text.contains("1e2") && !text.contains("7.0"), "\(text)")
        let android = try AndroidExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "android", locales: ["en"]))
        let xml = android.artifacts.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
        #expect(xml.contains("recipe_100_name") && xml.contains("recipe_7_name"), "\(xml)")
        #expect(JSONNumber(literal: "1e2").integerText == "100")
        #expect(JSONNumber(literal: "-0.0").integerText == "0")
        #expect(JSONNumber(literal: "2.5").integerText == nil)
        #expect(JSONNumber(literal: "1e400").integerText == nil)
    }
}

@Suite struct GettextFormatTests {
    @Test(arguments: [
        ("pt-BR", "pt_BR"), ("es-419", "es_419"), ("zh-Hant-TW", "zh_Hant_TW"), ("sr-Latn", "sr@latin"), ("sr-Cyrl-RS", "sr_RS@cyrillic"), ("vi", "vi"),
        ("ca-ES-valencia", "ca_ES@valencia"), ("de-1901", "de@1901"),
    ])
    func localeNames(_ locale: String, _ name: String) {
        #expect(GettextExporter.localeName(locale) == name)
    }

    /// The `fallback` report said gettext filled in `many` for pt-BR, es-419, fr …, which
    /// gettext's file for them has no form for (`nplurals=2`): it names only the forms of
    /// the locale's `Plural-Forms` (Czech `few` is one of them; `many`, for fractions, not).
    @Test func theFallbackReportNamesOnlyTheFormsOfThePOFile() throws {
        let json = try JSONDocument(parsing: #"[{"id": "a", "text": {"en": {"one": "%d file", "other": "%d files"}, "pt-BR": {"one": "%d arquivo", "other": "%d arquivos"}, "fr": {"one": "%d fichier", "other": "%d fichiers"}, "cs": {"one": "%d soubor", "other": "%d souborů"}}}]"#)
        let documents = Document.split(file: "c.json", kind: "card", json: json)
        func report(_ exporter: any BundleExporter) throws -> [String] {
            try exporter.exportWithDiagnostics(documents, context: ExportContext(exporterID: exporter.id, options: ["fallback": "warning"], locales: ["en", "pt-BR", "fr", "cs"])).diagnostics.map(\.message)
        }
        let gettext = try report(GettextExporter())
        #expect(gettext == ["gettext (fallback: warning) fills in the plural forms of text (few for cs) from its 'other' form"], "\(gettext)")
        // The formats that hold CLDR's categories still name `many`.
        let android = try report(AndroidExporter())
        #expect(android == ["android (fallback: warning) fills in the plural forms of text (many for pt-BR; many for fr; few, many for cs) from its 'other' form"], "\(android)")
    }

    @Test func escapingAndMultilineStrings() {
        #expect(Escape.po("say \"hi\"\\\t") == "say \\\"hi\\\"\\\\\\t")
        // A compiled catalog's string ends at a NUL: it is written U+FFFD, the bell octal.
        #expect(Escape.po("Tab\u{0}le\u{7}") == "Tab\u{FFFD}le\\007")
        #expect(GettextExporter.quoted("one line") == "\"one line\"")
        #expect(GettextExporter.quoted("a\nb") == "\"\"\n\"a\\n\"\n\"b\"")
    }

    /// A translation (and `msgid_plural`, and every plural form) begins and ends with a
    /// line break where the source text does: `msgfmt` rejects the whole file for one entry
    /// that does not ("'msgid' and 'msgstr' entries do not both end with '\n'").
    @Test(arguments: [
        ("Stir.\n", "Remover.", "Remover.\n"), ("Stir.", "Remover.\n\n", "Remover."), ("\nStir.", "Remover.", "\nRemover."),
        ("Stir.", "\nRemover.", "Remover."), ("a\n\n", "b\n\n", "b\n\n"), ("a", "b\nc", "b\nc"), ("\na\n", "b", "\nb\n"),
    ])
    func translationsBeginAndEndWithALineBreakWhereTheSourceDoes(_ source: String, _ translation: String, _ written: String) {
        #expect(GettextExporter.lineBreaks(of: source, on: translation) == written)
    }

    @Test func pluralFormsFollowTheSourcesLineBreaks() throws {
        let json = try JSONDocument(parsing: #"{"id": "x", "n": {"en": {"one": "%d day\n", "other": "%d days"}, "es": {"one": "%d día", "other": "\n%d días\n"}}}"#)
        let result = try GettextExporter().exportWithDiagnostics(
            Document.split(file: "w.json", kind: "widget", json: json), context: ExportContext(exporterID: "gettext", locales: ["en", "es"]))
        let es = String(decoding: try #require(result.artifacts.first { $0.path == "es.po" }).bytes, as: UTF8.self)
        #expect(es.contains("msgid \"\"\n\"%d day\\n\"\nmsgid_plural \"\"\n\"%d days\\n\"\nmsgstr[0] \"\"\n\"%d día\\n\"\nmsgstr[1] \"\"\n\"%d días\\n\"\n"), "\(es)")
    }

    /// A plural text with a placeholder is formatted by the app with the count, whichever
    /// form `ngettext` picks: its literal `%` is `%%` in `msgid`, `msgid_plural` and every
    /// `msgstr[n]`, as a singular text's is (printf read "50 % de remise" as `% d`). Forms
    /// of a text without a placeholder are not formatted, and keep their `%`.
    @Test func literalPercentSignsInPluralFormsAreDoubled() throws {
        let json = try JSONDocument(parsing: #"""
            [{"id": "sale", "text": {"en": "%d items, 50% off", "fr": "%d articles, 50 % de remise"}},
             {"id": "sales", "text": {"en": {"one": "one item, 50% off", "other": "%d items, 50% off"},
                                      "fr": {"one": "%d article, 50 % de remise", "many": "%d articles, 50 % de remise", "other": "%d articles, 50 %% de remise"}}},
             {"id": "plain", "text": {"en": {"one": "50% off one", "other": "50% off all"}, "fr": {"one": "50 % sur un", "other": "50 % sur tous"}}}]
            """#)
        let result = try GettextExporter().exportWithDiagnostics(
            Document.split(file: "m.json", kind: "msg", json: json), context: ExportContext(exporterID: "gettext", locales: ["en", "fr"]))
        let fr = String(decoding: try #require(result.artifacts.first { $0.path == "fr.po" }).bytes, as: UTF8.self)
        #expect(fr.contains("msgid \"%d items, 50%% off\"\nmsgstr \"%d articles, 50 %% de remise\"\n"), "\(fr)")
        #expect(fr.contains("""
            msgctxt "msg.sales.text"
            msgid "one item, 50%% off"
            msgid_plural "%d items, 50%% off"
            msgstr[0] "%d article, 50 %% de remise"
            msgstr[1] "%d articles, 50 %% de remise"

            """), "\(fr)")
        #expect(fr.contains("msgid \"50% off one\"\nmsgid_plural \"50% off all\"\nmsgstr[0] \"50 % sur un\"\nmsgstr[1] \"50 % sur tous\"\n"), "\(fr)")
    }

    @Test func pluralEntriesHaveOneMsgstrPerForm() throws {
        let result = try ReferenceProject().export(GettextExporter())
        let ru = String(decoding: try #require(result.artifacts.first { $0.path == "ru.po" }).bytes, as: UTF8.self)
        #expect(ru.contains("\"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n\""))
        #expect(ru.contains("msgstr[0] \"%d день подряд\"\nmsgstr[1] \"%d дня подряд\"\nmsgstr[2] \"%d дней подряд\"\n"))
        let zh = String(decoding: try #require(result.artifacts.first { $0.path == "zh_Hant_TW.po" }).bytes, as: UTF8.self)
        #expect(zh.contains("msgstr[0] \"連續 %d 天\"\n\n"))
        #expect(!zh.contains("msgstr[1]"))
    }
}


/// The text `t` of one card in each folder of an i18next export, for a project of
/// `locales` whose text has `texts[locale]` in each of them (a team kind's map with other
/// languages is not read as a text).
func i18nextFolders(_ texts: [String: String], _ locales: [String]) throws -> [String: JSONValue] {
    let members = locales.map { "\"\($0)\": \"\(texts[$0]!)\"" }.joined(separator: ", ")
    let json = try JSONDocument(parsing: "[{\"id\": \"c\", \"t\": {\(members)}}]")
    let result = try I18nextExporter().exportWithDiagnostics(
        Document.split(file: "c.json", kind: "card", json: json), context: ExportContext(exporterID: "i18next", locales: locales))
    var out: [String: JSONValue] = [:]
    for artifact in result.artifacts { out[String(artifact.path.split(separator: "/")[1])] = try JSONValue(parsing: artifact.bytes)["c"]?["t"] }
    return out
}

@Suite struct I18nextFormatTests {
    @Test func shipsCLDRAncestorsAndPluralSuffixes() throws {
        let result = try ReferenceProject().export(I18nextExporter())
        let folders = Set(result.artifacts.map { $0.path.split(separator: "/")[1] })
        #expect(folders == ["en", "pt-BR", "pt", "es-MX", "es-419", "es", "zh-Hant-TW", "zh-Hant", "ru", "zh-TW", "zh-HK", "zh-MO"])
        let zhHant = try JSONValue(parsing: try #require(result.artifacts.first { $0.path == "locales/zh-Hant/badge.json" }).bytes)
        #expect(zhHant["streak"]?["progress_other"] == "連續 %d 天")
        // What browsers send for Taiwan, Hong Kong and Macau: i18next tries it, then `zh`.
        for alias in ["zh-TW", "zh-HK", "zh-MO"] {
            let bytes = try #require(result.artifacts.first { $0.path == "locales/\(alias)/badge.json" }).bytes
            #expect(try JSONValue(parsing: bytes) == zhHant, "\(alias)")
        }
        #expect(zhHant["streak"]?["progress_one"] == nil)
        let ru = try JSONValue(parsing: try #require(result.artifacts.first { $0.path == "locales/ru/badge.json" }).bytes)
        #expect(ru["streak"]?.objectValue?.keys.sorted() == ["progress_few", "progress_many", "progress_one", "progress_other", "title"])
        let taxonomy = try JSONValue(parsing: try #require(result.artifacts.first { $0.path == "locales/en/taxonomy.json" }).bytes)
        #expect(taxonomy["en"]?["milk"] == "Milk" && taxonomy["sauce"] == "Sauces")
        let none = try ReferenceProject().export(I18nextExporter(), options: ["ancestors": false])
        #expect(!none.artifacts.contains { $0.path.hasPrefix("locales/zh-Hant/") })
    }

    /// A key with a ':' cannot be looked up with i18next's default namespace separator: a
    /// warning names it (it was exported silently); a taxonomy tag's ':' nests and is fine.
    /// A tag `en` beside `en:milk`: i18next nests the second under the first, which cannot
    /// be a text too. The message named one internal key; it names both tags, and where
    /// they are.
    @Test func aTextWhoseKeyAnotherNestsUnderNamesBoth() throws {
        let json = try JSONDocument(parsing: #"{"en": {"en": "English"}, "en:milk": {"en": "Milk"}}"#)
        let error = #expect(throws: ExportError.self) {
            try I18nextExporter().exportWithDiagnostics(
                Document.split(file: "taxonomy.json", kind: "taxonomy", json: json), context: ExportContext(exporterID: "i18next", locales: ["en"]))
        }
        #expect(error?.message == "i18next: 'taxonomy.en' (taxonomy.json:1:8) and 'taxonomy.en:milk' (taxonomy.json:1:38) cannot both be texts: i18next nests keys at '.' (and a taxonomy's tags at ':'), so 'en' would be a text and a group of texts at once; rename one of them")
    }

    /// Each i18next warning stands at the text it names, not at its document's start (which
    /// in a long document put the mark lines away from the text); a taxonomy label's at its
    /// tag's labels, where `place(of:)` names it.
    @Test func i18nextWarningsStandAtTheirText() throws {
        let json = try JSONDocument(parsing: "[\n  {\n    \"id\": \"soup\",\n    \"steps\": [\n      {\"en\": \"Boil %d minutes\"}\n    ],\n    \"x:y\": {\"en\": \"Use $t(menu)\"}\n  }\n]")
        let result = try I18nextExporter().exportWithDiagnostics(
            Document.split(file: "r.json", kind: "card", json: json), context: ExportContext(exporterID: "i18next", locales: ["en"]))
        let found = result.diagnostics.filter { $0.ruleID == "i18next" }
        #expect(found.map { "\($0.line):\($0.column)" } == ["7:12", "7:12", "5:7"], "\(found.map(\.description))")
        let tags = try JSONDocument(parsing: "{\n  \"hot\": {\"en\": \"%d%% hot\"}\n}")
        let labelled = try I18nextExporter().exportWithDiagnostics(
            Document.split(file: "tags.json", kind: "taxonomy", json: tags), context: ExportContext(exporterID: "i18next", locales: ["en"]))
        #expect(labelled.diagnostics.filter { $0.ruleID == "i18next" }.map { "\($0.line):\($0.column)" } == ["2:10"])
    }

    @Test func aColonInAKeyIsWarnedAbout() throws {
        let json = try JSONDocument(parsing: #"[{"id": "a:b", "title": {"en": "One"}}, {"id": "c", "x:y": {"en": "Two"}}, {"id": "ok", "title": {"en": "Three"}}]"#)
        let result = try I18nextExporter().exportWithDiagnostics(
            Document.split(file: "c.json", kind: "card", json: json), context: ExportContext(exporterID: "i18next", locales: ["en"]))
        #expect(result.diagnostics.filter { $0.ruleID == "i18next" }.map(\.message) == [
            "the key 'a:b.title' has a ':', which i18next reads as the namespace separator: t('card:a:b.title') does not find it; rename the id or field, or give i18next another nsSeparator",
        ])
        let reference = try ReferenceProject().export(I18nextExporter())
        #expect(!reference.diagnostics.contains { $0.ruleID == "i18next" && $0.message.contains("namespace separator") })
    }

    /// i18next shows `$t(menu)` as the text of the key `menu` ("Use $t(menu) to open" read
    /// "Use menu to open"): a warning names the text, once per kind.
    @Test func aNestedTranslationInATextIsWarnedAbout() throws {
        let json = try JSONDocument(parsing: #"[{"id": "a", "title": {"en": "Use $t(menu) to open"}}, {"id": "b", "title": {"en": "$t(x)", "pt": "$t(y)"}}, {"id": "c", "title": {"en": "t(ok) $ t("}}]"#)
        let result = try I18nextExporter().exportWithDiagnostics(
            Document.split(file: "c.json", kind: "card", json: json), context: ExportContext(exporterID: "i18next", locales: ["en"]))
        #expect(result.diagnostics.filter { $0.ruleID == "i18next" }.map(\.message) == [
            "the text of 'a.title' holds '$t(', which i18next reads as a nested translation: it shows the text of the key named in the brackets, not what is written; write it otherwise, or give i18next another nestingPrefix",
        ])
        #expect(!I18nextExporter.holdsNesting(LocalizedText(json: "t(ok) $ t(", sourceLocale: "en")!))
    }

    /// i18next shows a printf directive as written ("Win %d games" read so in the app): a
    /// warning per kind names the first text in key order that holds one, in any language;
    /// `printf: sprintf` (an app that formats with i18next-sprintf-postprocessor) gives none.
    @Test func aPrintfDirectiveIsWarnedAboutUnlessTheAppUsesSprintf() throws {
        let json = try JSONDocument(parsing: #"[{"id": "b", "title": {"en": "Win %d games", "vi": "Thắng %d ván"}}, {"id": "a", "title": {"en": "50% off"}, "tip": {"en": "Tip", "vi": "%1$@ thắng"}}, {"id": "c", "title": {"en": "100 % sure"}}]"#)
        let documents = Document.split(file: "c.json", kind: "card", json: json)
        let keep = try I18nextExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "i18next", locales: ["en", "vi"]))
        let warnings = keep.diagnostics.filter { $0.ruleID == "i18next" }
        #expect(warnings.map(\.message) == [
            "the text of 'a.tip' holds the printf directive '%1$@', which i18next shows as written (it fills in {{name}} placeholders): if the app formats texts with i18next-sprintf-postprocessor, give this export `printf: sprintf`; otherwise write the text with {{name}} placeholders",
        ])
        // At the text (`tip`'s object), not at its document.
        #expect(warnings.first?.line == 1 && warnings.first?.column == 117, "\(warnings)")
        let en = try #require(keep.artifacts.first { $0.path == "locales/en/card.json" })
        #expect(try JSONValue(parsing: en.bytes)["b"]?["title"] == "Win %d games")
        let sprintf = try I18nextExporter().exportWithDiagnostics(
            documents, context: ExportContext(exporterID: "i18next", options: ["printf": "sprintf"], locales: ["en", "vi"]))
        #expect(!sprintf.diagnostics.contains { $0.ruleID == "i18next" })
        let error = #expect(throws: ExportError.self) {
            try I18nextExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "i18next", options: ["printf": "printf"], locales: ["en"]))
        }
        #expect(error?.message.contains("option 'printf' is 'printf'; expected one of keep, sprintf") == true, "\(String(describing: error))")
    }

    /// With `printf: sprintf`, a text the app formats is written as sprintf-js reads it:
    /// Apple's `%@` and C's length modifiers would make it throw ("[sprintf] unexpected
    /// placeholder"), and so would the "% o" of "50% off" beside a directive. A text with no
    /// directive is written as it is.
    @Test func sprintfTextsAreWrittenInSprintfJSTerms() throws {
        let cases: [(String, String)] = [
            ("%@ won %ld games", "%s won %d games"),
            ("%2$@ beat %1$@", "%2$s beat %1$s"),
            ("%d items, 50% off", "%d items, 50%% off"),
            ("100%% of %lu", "100%% of %u"),
            ("%-05d|%+.2f|%05.1f|%10s", "%-5d|%+.2f|%05.1f|%10s"),
            // Digits are not grouped: the number is shown whole.
            ("%3$'d fans, %1$,.2f", "%3$d fans, %1$.2f"),
            ("%zu %lld %hhd %i %D %U %O %F %C %S", "%u %d %d %d %d %u %o %f %c %s"),
            ("%x %X %o %e %g %c %b", "%x %X %o %e %g %c %t"),
            ("50% off, no directive", "50% off, no directive"),
        ]
        for (text, written) in cases {
            #expect(try I18nextExporter.leafValue(text, sprintf: true) == written, "\(text)")
            #expect(try I18nextExporter.leafValue(text, sprintf: false) == text, "\(text)")
        }
        let refused: [(String, String)] = [
            ("%(d", "whose flag '(' sprintf-js does not take"),
            ("%#x", "whose flag '#' sprintf-js does not take"),
            ("%.3d", "a precision on a whole number, which sprintf-js ignores"),
            ("%.3X", "a precision on a whole number, which sprintf-js ignores"),
            ("%*d", "whose * takes the width or precision from an argument, which sprintf-js does not do"),
            ("%E", "which sprintf-js does not format as C or Java would"),
            ("%p", "which sprintf-js does not format as C or Java would"),
        ]
        for (text, why) in refused {
            let error = #expect(throws: ExportError.self) { try I18nextExporter.leafValue("a \(text) b", sprintf: true) }
            #expect(error?.message == "the text of 'card:x.title' in en holds \(text), \(why); write the directive as sprintf-js takes it (%[n$][+][0][-][width][.precision] and one of s d i u x X o f e g c t), or give this export `printf: keep`", "\(text)")
        }
        // A plural text is formatted with the count: each form has its `%` doubled.
        let json = try JSONDocument(parsing: #"[{"id": "x", "title": {"en": {"one": "one 50% deal", "other": "%ld deals"}}}]"#)
        let result = try I18nextExporter().exportWithDiagnostics(
            Document.split(file: "c.json", kind: "card", json: json), context: ExportContext(exporterID: "i18next", options: ["printf": "sprintf"], locales: ["en"]))
        let en = try JSONValue(parsing: try #require(result.artifacts.first { $0.path == "locales/en/card.json" }).bytes)
        #expect(en["x"]?["title_one"] == "one 50%% deal" && en["x"]?["title_other"] == "%d deals", "\(en)")
    }

    /// Taiwan's, Hong Kong's and Macau's browsers send zh-TW, zh-HK and zh-MO, which
    /// i18next looks up as themselves and then as `zh`, Simplified Chinese: the bundle had
    /// no folder for them, and their users got Simplified text. With no Traditional locale
    /// in the project there is nothing better than `zh`, and no such folder.
    @Test func traditionalChineseTagsWithoutScriptGetTraditionalText() throws {
        let json = try JSONDocument(parsing: #"[{"id": "soup", "title": {"en": "Soup", "zh": "汤", "zh-Hant-TW": "湯"}}]"#)
        func folders(_ locales: [String]) throws -> [String: JSONValue] {
            let result = try I18nextExporter().exportWithDiagnostics(
                Document.split(file: "c.json", kind: "card", json: json), context: ExportContext(exporterID: "i18next", locales: locales))
            var out: [String: JSONValue] = [:]
            for artifact in result.artifacts { out[String(artifact.path.split(separator: "/")[1])] = try JSONValue(parsing: artifact.bytes)["soup"]?["title"] }
            return out
        }
        let traditional = try folders(["en", "zh", "zh-Hant-TW"])
        #expect(traditional.keys.sorted() == ["en", "zh", "zh-HK", "zh-Hant", "zh-Hant-TW", "zh-MO", "zh-TW"])
        #expect(["zh-TW", "zh-HK", "zh-MO", "zh-Hant"].allSatisfy { traditional[$0] == "湯" })
        #expect(traditional["zh"] == "汤")
        #expect(try folders(["en", "zh"]).keys.sorted() == ["en", "zh"])
    }

    /// An ancestor takes the texts of the nearest project locale below it, in whatever order
    /// `locales:` lists them (`es` held es-MX's "Jugo" when es-MX came first, though es-MX's
    /// parent is es-419 and es-ES's is `es`), and a chain stops at another language: CLDR's
    /// parent of Hinglish is en-IN, and `en-IN` and `en-001` folders held Hinglish for
    /// English readers. Norwegian Bokmål still fills `no`, its parent.
    @Test func anAncestorTakesTheNearestLocaleOfItsOwnLanguage() throws {
        let texts = ["en": "Juice", "es-MX": "Jugo", "es-ES": "Zumo", "hi-Latn": "Juice wala", "en-GB": "Squash", "nb": "Saft"]
        // Each project's text holds its own locales only (a team kind's map with other
        // languages is not read as a text).
        func folders(_ locales: [String]) throws -> [String: JSONValue] { try i18nextFolders(texts, locales) }
        for order in [["en", "es-MX", "es-ES"], ["en", "es-ES", "es-MX"]] {
            let spanish = try folders(order)
            #expect(spanish["es"] == "Zumo" && spanish["es-419"] == "Jugo", "\(order)")
        }
        let hinglish = try folders(["en", "hi-Latn"])
        #expect(hinglish.keys.sorted() == ["en", "hi-Latn"])
        #expect(hinglish["en"] == "Juice")
        let british = try folders(["en", "hi-Latn", "en-GB"])
        #expect(british["en-001"] == "Squash" && british["en-IN"] == nil)
        #expect(try folders(["en", "nb"])["no"] == "Saft")
    }

    /// An ancestor that is the default content of a project locale is that locale: `ca-ES`
    /// (of ca-ES-valencia's chain) held the Valencian "Eixir" for Catalan readers in Spain,
    /// and `en-US` (of en-US-POSIX's) the POSIX texts for American readers.
    @Test func theDefaultContentOfAProjectLocaleHoldsItsTexts() throws {
        func folders(_ texts: [(String, String)]) throws -> [String: JSONValue] {
            try i18nextFolders(Dictionary(uniqueKeysWithValues: texts), texts.map(\.0))
        }
        let catalan = try folders([("en", "Exit"), ("ca", "Sortir"), ("ca-ES-valencia", "Eixir")])
        #expect(catalan["ca-ES"] == "Sortir" && catalan["ca"] == "Sortir" && catalan["ca-ES-valencia"] == "Eixir", "\(catalan)")
        let posix = try folders([("en", "Color"), ("en-US-POSIX", "COLOR")])
        #expect(posix["en-US"] == "Color", "\(posix)")
        // Without the language itself among the locales, the nearest below still fills it.
        let valencian = try folders([("en", "Exit"), ("ca-ES-valencia", "Eixir")])
        #expect(valencian["ca-ES"] == "Eixir" && valencian["ca"] == "Eixir", "\(valencian)")
    }

    /// An ancestor folder holds the texts of the project locale it stands for, and of
    /// the one whose plural rules i18next applies to it when two are as near: `pt` held
    /// pt-PT's texts when pt-PT came first, and its "%d ficheiro" was shown for 0 under
    /// `pt`'s rules. A text the content writes under the ancestor's own tag is read through
    /// that locale's chain, as every other format reads it.
    @Test func anAncestorHoldsTheTextsOfTheLocaleItStandsFor() throws {
        let json = try JSONDocument(parsing: #"[{"id": "a", "t": {"en": "Source", "pt": "Fonte", "pt-PT": "Fonte PT", "pt-BR": "Fonte BR"}, "u": {"en": "Up", "pt-PT": "Cima", "pt-BR": "Acima"}, "v": {"en": "View", "pt": "Ver"}, "f": {"en": {"one": "%d file", "other": "%d files"}, "pt-PT": {"one": "%d ficheiro", "other": "%d ficheiros"}, "pt-BR": {"one": "%d arquivo", "other": "%d arquivos"}}}]"#)
        let result = try I18nextExporter().exportWithDiagnostics(
            Document.split(file: "c.json", kind: "card", json: json), context: ExportContext(exporterID: "i18next", locales: ["en", "pt-PT", "pt-BR"]))
        let pt = try JSONValue(parsing: try #require(result.artifacts.first { $0.path == "locales/pt/card.json" }).bytes)
        #expect(pt["a"]?["t"] == "Fonte BR")
        #expect(pt["a"]?["u"] == "Acima")
        #expect(pt["a"]?["v"] == "Ver")
        #expect(pt["a"]?["f_one"] == "%d arquivo")
    }

    /// Of two project locales as near an ancestor, the ancestor took the first in
    /// `locales:` (`zh-Hant` held zh-Hant-HK's 視頻 when zh-Hant-HK came first): it takes
    /// CLDR's default content for it (zh-Hant-TW for zh-Hant, pt-BR for pt, de-DE for
    /// de), and only where that is not one of them (es-419 has none) the first in order.
    @Test func twoLocalesAsNearAnAncestorGiveItCLDRsDefaultContent() throws {
        let texts = ["en": "Video", "zh-Hant-TW": "影片", "zh-Hant-HK": "視頻", "pt-BR": "Vídeo BR", "pt-PT": "Vídeo PT",
                     "de-AT": "Video AT", "de-DE": "Video DE", "es-MX": "Video MX", "es-AR": "Video AR"]
        func folders(_ locales: [String]) throws -> [String: JSONValue] { try i18nextFolders(texts, locales) }
        for order in [["en", "zh-Hant-TW", "zh-Hant-HK", "pt-BR", "pt-PT", "de-AT", "de-DE"], ["en", "zh-Hant-HK", "zh-Hant-TW", "pt-PT", "pt-BR", "de-DE", "de-AT"]] {
            let out = try folders(order)
            #expect(out["zh-Hant"] == "影片" && out["zh-TW"] == "影片", "\(order)")
            #expect(out["pt"] == "Vídeo BR" && out["de"] == "Video DE", "\(order)")
        }
        #expect(try folders(["en", "es-MX", "es-AR"])["es-419"] == "Video MX")
        #expect(try folders(["en", "es-AR", "es-MX"])["es-419"] == "Video AR")
    }

    /// i18next's extra folders took a text the content wrote under their own tag first,
    /// though no project locale reads it (lint says so): with `zh-TW` and `zh-HK` keys in a
    /// project whose locale is zh-Hant-TW, a browser sending `zh-TW` saw 台灣 and one
    /// sending `zh-Hant-TW` saw English, and `zh-HK` got a text no other format ships.
    /// Each extra folder now holds what every format gives the locale it stands for.
    @Test func extraFoldersHoldTheTextOfTheLocaleTheyStandFor() throws {
        let json = try JSONDocument(parsing: #"[{"id": "a", "text": {"en": "Hi", "zh-TW": "台灣"}}, {"id": "b", "text": {"en": "Hi", "zh-HK": "香港", "zh-Hant": "繁體"}}]"#)
        let documents = Document.split(file: "c.json", kind: "card", json: json)
        let context = ExportContext(exporterID: "i18next", locales: ["en", "zh-Hant-TW"])
        let result = try I18nextExporter().exportWithDiagnostics(documents, context: context)
        let bundle = try JSONBundleExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "json-bundle", locales: ["en", "zh-Hant-TW"]))
        let expected = try JSONValue(parsing: try #require(bundle.artifacts.first { $0.path == "zh-Hant-TW/card.json" }).bytes)
        #expect(expected[0]?["text"] == "Hi" && expected[1]?["text"] == "繁體", "\(expected)")
        for folder in ["zh-Hant-TW", "zh-TW", "zh-HK", "zh-MO", "zh-Hant"] {
            let file = try JSONValue(parsing: try #require(result.artifacts.first { $0.path == "locales/\(folder)/card.json" }, "\(folder)").bytes)
            #expect(file["a"]?["text"] == "Hi" && file["b"]?["text"] == "繁體", "\(folder): \(file)")
        }
    }
}

/// JSON-LD's `inLanguage` named the export's locale whatever language the texts were in:
/// a Japanese page holding only English fallback texts was labelled `ja` for search
/// engines. A recipe whose texts in a locale all come from one other language names
/// that language; with texts of the locale's own language (or of several), the locale.
@Suite struct JSONLDLanguageTests {
    func inLanguage(_ recipes: String, locales: [String]) throws -> [String: JSONValue] {
        let documents = Document.split(file: "r.json", kind: "recipe", json: try JSONDocument(parsing: recipes))
        let result = try JSONLDExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "jsonld", locales: locales))
        var out: [String: JSONValue] = [:]
        for artifact in result.artifacts {
            out[artifact.path] = try JSONValue(parsing: artifact.bytes)["inLanguage"]
        }
        return out
    }

    @Test func aRecipeAllInAnotherLanguageNamesIt() throws {
        let soup = #"[{"id": "soup", "name": {"en": "Tomato soup", "fr": "Soupe de tomates"}, "servings": 2, "ingredients": [{"en": "4 tomatoes", "fr": "4 tomates"}], "steps": [{"en": "Cook the tomatoes.", "fr": "Cuire les tomates."}]}]"#
        #expect(try inLanguage(soup, locales: ["en", "fr", "ja"]) == ["en/recipe/soup.json": "en", "fr/recipe/soup.json": "fr", "ja/recipe/soup.json": "en"])
        // Texts of the locale's own language, from an ancestor or another region: the locale.
        #expect(try inLanguage(soup, locales: ["en", "fr-CA", "en-GB"]) == ["en/recipe/soup.json": "en", "fr-CA/recipe/soup.json": "fr-CA", "en-GB/recipe/soup.json": "en-GB"])
        // Every text from French (not the source): French.
        let french = #"[{"id": "soup", "name": {"fr": "Soupe"}, "steps": [{"fr": "Cuire."}]}]"#
        #expect(try inLanguage(french, locales: ["en", "ja"])["ja/recipe/soup.json"] == "fr")
    }

    @Test func aRecipeOfMixedLanguagesNamesTheLocale() throws {
        let mixed = #"[{"id": "soup", "name": {"en": "Tomato soup", "ja": "トマトスープ"}, "steps": [{"en": "Cook the tomatoes."}]}]"#
        #expect(try inLanguage(mixed, locales: ["en", "ja"])["ja/recipe/soup.json"] == "ja")
        let two = #"[{"id": "soup", "name": {"en": "Tomato soup"}, "steps": [{"fr": "Cuire."}]}]"#
        #expect(try inLanguage(two, locales: ["en", "fr", "ja"])["ja/recipe/soup.json"] == "ja")
    }
}

@Suite struct JSONBundleFormatTests {
    @Test func manifestListsEveryFileWithItsChecksum() throws {
        let result = try ReferenceProject().export(JSONBundleExporter())
        let manifest = try JSONValue(parsing: try #require(result.artifacts.first { $0.path == "manifest.json" }).bytes)
        #expect(manifest["larderVersion"] == "1.0.0-test")
        #expect(manifest["locales"] == ["en", "pt-BR", "es-MX", "zh-Hant-TW", "ru"])
        #expect(manifest["documents"]?["recipe"] == 2 && manifest["documents"]?["taxonomy"] == 7)
        let files = manifest["files"]?.arrayValue ?? []
        #expect(files.count == result.artifacts.count - 1)
        for file in files {
            let artifact = try #require(result.artifacts.first { $0.path == file["path"]?.stringValue })
            #expect(file["sha256"]?.stringValue == SHA256.hex(artifact.bytes))
            #expect(file["bytes"]?.intValue == artifact.bytes.count)
        }
    }

    /// Schemas/bundle.schema.json accepts every file of the bundle (Larder's own schema
    /// engine here; the consumer checks run check-jsonschema too), and the definition named
    /// after a built-in kind accepts that kind's files and rejects a text left unresolved.
    @Test func bundleSchemaValidatesTheBundle() throws {
        let schema = try JSONSchema(contentsOfFile: Self.bundleSchemaPath)
        let result = try ReferenceProject().export(JSONBundleExporter())
        var checked: Set<String> = []
        for artifact in result.artifacts where artifact.path.hasSuffix(".json") {
            let json = try JSONDocument(parsing: artifact.bytes)
            #expect(schema.isValid(json), "\(artifact.path)")
            let kind = String(artifact.path.split(separator: "/").last!.dropLast(".json".count))
            guard artifact.path.contains("/"), ["recipe", "location", "product", "taxonomy"].contains(kind) else { continue }
            #expect(try Self.bundleSchema(kind).isValid(json), "\(artifact.path)")
            checked.insert(kind)
        }
        #expect(checked == ["recipe", "location", "product", "taxonomy"])
        let recipe = try Self.bundleSchema("recipe")
        #expect(!recipe.isValid(try JSONDocument(parsing: #"[{"id": "a", "name": {"en": "A", "fr": "A"}}]"#)))
        #expect(!recipe.isValid(try JSONDocument(parsing: #"[{"id": "a", "name": " "}]"#)))
        #expect(!recipe.isValid(try JSONDocument(parsing: #"[{"id": "a", "tags": ["Boss Fight"]}]"#)))
        #expect(!(try Self.bundleSchema("taxonomy")).isValid(try JSONDocument(parsing: #"{"en:milk": ""}"#)))
        #expect(!schema.isValid(try JSONDocument(parsing: #"{"en:milk": ""}"#)))
    }

    /// A team's own kind's fields that are not text are written as they are in the content:
    /// the schema itself holds no field of a document to a built-in kind's meaning.
    @Test func bundleSchemaTakesATeamsKindAsWritten() throws {
        let schema = try JSONSchema(contentsOfFile: Self.bundleSchemaPath)
        let level = try JSONDocument(parsing: #"[{"id": "l1", "title": "Stufe eins", "category": "easy", "tags": ["Boss Fight"], "summary": "", "labels": {"a": 1}}]"#)
        #expect(schema.isValid(level))
        #expect(!(try Self.bundleSchema("recipe")).isValid(level))
    }

    static let bundleSchemaPath = URL(fileURLWithPath: ReferenceProject.referenceRoot).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Schemas/bundle.schema.json").path

    /// The bundle schema's definition of a built-in kind's file (`#/$defs/recipe`), as a
    /// reader picks it by the file's name.
    static func bundleSchema(_ kind: String) throws -> JSONSchema {
        var registry = SchemaRegistry()
        registry.add(uri: "https://larder.dev/schemas/bundle.schema.json", document: try JSONDocument(parsing: try FileBytes.read(bundleSchemaPath)))
        return try JSONSchema(json: #"{"$ref": "https://larder.dev/schemas/bundle.schema.json#/$defs/\#(kind)"}"#, registry: registry)
    }

    /// A text with no value in any language (each empty or blank) was written as its
    /// language map, an object where the app reads a string. It is left out, as the string
    /// tables leave out its key (a list's element: the list is one shorter), with a warning
    /// at the text.
    @Test func aTextWithNoValueInAnyLanguageIsLeftOutWithAWarning() throws {
        let json = try JSONDocument(parsing: #"[{"id": "e2", "title": {"en": "   ", "fr": ""}, "steps": [{"en": "Mix", "fr": "Mélanger"}, {"en": " "}, {"en": "Bake", "fr": "Cuire"}, {"fr": ""}]}]"#)
        let result = try JSONBundleExporter().exportWithDiagnostics(
            Document.split(file: "things.json", kind: "thing", json: json),
            context: ExportContext(exporterID: "json-bundle", options: ["texts": ["thing": ["/title", "/steps/*"]], "manifest": false], locales: ["en", "fr"]))
        for locale in ["en", "fr"] {
            let docs = try JSONValue(parsing: try #require(result.artifacts.first { $0.path == "\(locale)/thing.json" }).bytes)
            #expect(docs[0]?["title"] == nil, "\(docs)")
            #expect(docs[0]?["steps"] == (locale == "en" ? ["Mix", "Bake"] : ["Mélanger", "Cuire"]), "\(docs)")
        }
        let warnings = result.diagnostics.map { "\($0.file):\($0.start.line):\($0.start.column): \($0.severity.name): \($0.message)" }
        #expect(warnings == [
            "things.json:1:24: warning: title has no text in any language (each value is empty or blank), so json-bundle leaves it out of every locale's file, as the string tables leave out its key; give it a text, or remove it",
            "things.json:1:92: warning: steps.1 has no text in any language (each value is empty or blank), so json-bundle leaves it out of every locale's file (the list is one element shorter), as the string tables leave out its key; give it a text, or remove it",
            "things.json:1:136: warning: steps.3 has no text in any language (each value is empty or blank), so json-bundle leaves it out of every locale's file (the list is one element shorter), as the string tables leave out its key; give it a text, or remove it",
        ], "\(warnings)")
    }

    @Test func localizedImagesArePickedThroughTheFallbackChain() throws {
        let result = try ReferenceProject().export(JSONBundleExporter(), options: ["manifest": false])
        func front(_ locale: String) throws -> JSONValue? {
            let docs = try JSONValue(parsing: try #require(result.artifacts.first { $0.path == "\(locale)/product.json" }).bytes)
            return docs[0]?["images"]?["front"]
        }
        #expect(try front("pt-BR") == ["src": "dishes/front-pt.png", "alt": "Frente do pote"])
        #expect(try front("es-MX") == "dishes/front-en.png")
    }
}

@Suite struct AndroidDefaultsTests {
    @Test func defaultValuesFolderIsAlwaysWritten() throws {
        let result = try ReferenceProject().export(AndroidExporter(), options: ["locales": ["ru"]])
        #expect(result.artifacts.map(\.path) == ["values-ru/strings.xml", "values/strings.xml"])
    }
}

/// Android before 7.0 looks Hebrew, Indonesian and Yiddish up by Java's old codes
/// (`values-iw`, `values-in`, `values-ji`): the strings were written to `values-he` alone,
/// and those phones showed the source language.
@Suite struct AndroidLegacyFolderTests {
    @Test(arguments: [
        ("values-he", "values-iw"), ("values-he-rIL", "values-iw-rIL"), ("values-id", "values-in"), ("values-id-rID", "values-in-rID"),
        ("values-yi", "values-ji"), ("values-yi-rUS", "values-ji-rUS"),
    ])
    func legacyFolders(_ folder: String, _ legacy: String) {
        #expect(AndroidExporter.legacyFolder(for: folder) == legacy)
    }

    @Test func otherFoldersHaveNone() {
        for folder in ["values", "values-vi", "values-iw", "values-in", "values-it", "values-b+he+Hebr", "values-b+id+ID", "values-hr"] {
            #expect(AndroidExporter.legacyFolder(for: folder) == nil, "\(folder)")
        }
    }

    static let texts: [String: String] = ["en": "Bread", "he": "לחם", "he-IL": "לחם!", "id": "Roti", "yi": "ברויט", "vi": "Bánh mì", "iw": "ישן"]

    /// The files of an export to `locales` of a widget whose title is in each of them.
    static func export(_ locales: [String]) throws -> [String: String] {
        let title = locales.map { "\"\($0)\": \"\(texts[$0]!)\"" }.joined(separator: ", ")
        let json = try JSONDocument(parsing: #"[{"id": "a", "title": {"# + title + "}}]")
        let result = try AndroidExporter().exportWithDiagnostics(
            Document.split(file: "w.json", kind: "widget", json: json), context: ExportContext(exporterID: "android", locales: locales))
        return Dictionary(uniqueKeysWithValues: result.artifacts.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) })
    }

    /// Each legacy folder holds its locale's file, byte for byte, region variants too.
    @Test func theLegacyFoldersHoldTheSameStrings() throws {
        let files = try Self.export(["en", "he", "he-IL", "id", "yi", "vi"])
        #expect(files.keys.sorted() == [
            "values-he-rIL/strings.xml", "values-he/strings.xml", "values-id/strings.xml", "values-in/strings.xml",
            "values-iw-rIL/strings.xml", "values-iw/strings.xml", "values-ji/strings.xml", "values-vi/strings.xml",
            "values-yi/strings.xml", "values/strings.xml",
        ])
        for (modern, legacy) in [("he", "iw"), ("he-rIL", "iw-rIL"), ("id", "in"), ("yi", "ji")] {
            let file = try #require(files["values-\(modern)/strings.xml"])
            #expect(files["values-\(legacy)/strings.xml"] == file, "\(legacy)")
        }
        #expect(files["values-iw/strings.xml"]?.contains(">לחם</string>") == true)
        #expect(files["values-iw-rIL/strings.xml"]?.contains(">לחם!</string>") == true)
        // The same bytes, whatever the order of the locales.
        #expect(try Self.export(["en", "vi", "yi", "id", "he-IL", "he"]) == files)
    }

    /// A locale that has the legacy folder itself keeps it: no copy is written over it.
    @Test func aLocaleOfTheLegacyFolderKeepsIt() throws {
        let both = try Self.export(["en", "iw", "he"])
        #expect(both.keys.sorted() == ["values-he/strings.xml", "values-iw/strings.xml", "values/strings.xml"])
        #expect(both["values-iw/strings.xml"]?.contains(">ישן</string>") == true)
        #expect(both["values-he/strings.xml"]?.contains(">לחם</string>") == true)
        let old = try Self.export(["en", "iw"])
        #expect(old.keys.sorted() == ["values-iw/strings.xml", "values/strings.xml"])
        // The source language is `values/`, of no language: it has no copy.
        #expect(try Self.export(["he", "en"]).keys.sorted() == ["values-en/strings.xml", "values/strings.xml"])
    }

    /// aapt2 compiles every folder written (when it is installed: Debian's `aapt`).
    @Test func aapt2CompilesTheLegacyFolders() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let aapt2 = path.split(separator: ":").map({ "\($0)/aapt2" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            print("skipping aapt2 compile: aapt2 is not on PATH (Debian: apt-get install aapt)")
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-aapt2-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = try Self.export(["en", "he", "he-IL", "id", "yi"])
        for (path, text) in files {
            let file = dir.appendingPathComponent("res/" + path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: aapt2)
        process.arguments = ["compile", "--dir", dir.appendingPathComponent("res").path, "-o", dir.appendingPathComponent("compiled.zip").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && !output.lowercased().contains("error"), "\(output)")
        // Every folder is in the compiled resources (`values-iw_strings.arsc.flat`).
        let zip = try Data(contentsOf: dir.appendingPathComponent("compiled.zip"))
        for folder in ["values-iw", "values-iw-rIL", "values-in", "values-ji", "values-he"] {
            #expect(zip.range(of: Data("\(folder)_strings.arsc.flat".utf8)) != nil, "\(folder)")
        }
    }
}

@Suite struct TranslatorCommentTests {
    /// What a comment says, spelled the plain way: the byte writer must give the same text.
    static func spelled(_ entry: TextEntry) -> String {
        let text = entry.isTaxonomy
            ? "Label of the tag '\(entry.pointer[0])'"
            : "\(entry.key.kind.prefix(1).uppercased() + entry.key.kind.dropFirst()) '\(entry.key.id)': \(entry.pointer.joined(separator: " "))"
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    @Test(arguments: [
        ("recipe", "negroni", ["steps", "2"], false), ("éclair", "x", ["name"], false), ("ßkind", "x", ["name"], false),
        ("", "x", ["name"], false), ("Place", "a\"b\\c", ["name"], false), ("recipe", "tab\there", ["line\nbreak", "del\u{7F}"], false),
        ("taxonomy", "", ["en:milk \"x\"\u{1}"], true), ("recipe", "chè-đậu", ["tên"], false), ("a\u{345}x", "x", ["name"], false), ("ab", "x", ["name"], false),
    ])
    func commentsReadAsSpelled(_ kind: String, _ id: String, _ pointer: [String], _ isTaxonomy: Bool) throws {
        let entry = TextEntry(key: StringKey(kind: kind, id: id, path: pointer), text: LocalizedText("x", locale: "en"),
                              document: 0, pointer: pointer, isTaxonomy: isTaxonomy)
        #expect(XCStringsExporter.comment(for: entry) == Self.spelled(entry))
    }
}

extension TranslatorCommentTests {
    /// In the String Catalog, a comment with a quote, a backslash or a control character in
    /// its field reads back (as JSON) as the spelled comment.
    @Test func catalogCommentsReadBack() throws {
        let json = try JSONDocument(parsing: #"[{"id": "a", "say \"hi\"\\\t": {"en": "Milk", "fr": "Lait"}}, {"id": "b", "name": {"en": "Tea", "fr": "Thé"}}]"#)
        let result = try XCStringsExporter().exportWithDiagnostics(
            Document.split(file: "r.json", kind: "recipe", json: json),
            context: ExportContext(exporterID: "xcstrings", options: ["texts": ["recipe": ["/say \"hi\"\\\t", "/name"]]], locales: ["en", "fr"]))
        let strings = try #require(try JSONValue(parsing: result.artifacts[0].bytes)["strings"]?.objectValue)
        let comments = strings.map { $0.1["comment"]?.stringValue }
        #expect(comments == ["Recipe 'a': say \"hi\"\\ ", "Recipe 'b': name"])
    }
}

@Suite struct DeviceNameTests {
    /// The byte test for device names agrees with the list of them, for every name of three
    /// or four characters made of the letters and digits device names use, in any case.
    @Test func theByteTestAgreesWithTheList() {
        let alphabet = Array("acilmnoprtuxzACLNOPTUX0159".utf8)
        var checked = 0
        for length in 3...4 {
            var digits = [Int](repeating: 0, count: length)
            while true {
                let name = String(decoding: digits.map { alphabet[$0] }, as: UTF8.self)
                #expect(SafeName.isPlainDeviceName(name.utf8) == SafeName.reservedDeviceNames.contains(name.lowercased()), "\(name)")
                checked += 1
                var i = length - 1
                while i >= 0 && digits[i] == alphabet.count - 1 { digits[i] = 0; i -= 1 }
                if i < 0 { break }
                digits[i] += 1
            }
        }
        #expect(checked == 26 * 26 * 26 + 26 * 26 * 26 * 26)
        for name in ["name", "note", "co", "conn", "com", "comx", "lpt10", ""] { #expect(!SafeName.isPlainDeviceName(name.utf8), "\(name)") }
        #expect(SafeName.fileName("name") == "name" && SafeName.fileName("Nul") != "Nul" && SafeName.fileName("lPt7") != "lPt7")
    }

    /// A device name is a danger to a file name only: in a key it stays as it is
    /// (`recipe.con.name`, as the app builds it from the bundle's id), while a file is
    /// never named for a device (jsonld's `con-<hash>.json`).
    @Test(arguments: ["con", "aux", "nul", "prn", "com1", "lpt9", "Nul", "CON", "conin$", "com¹", "con.txt"])
    func deviceNamesAreKeptInKeysButNotInFileNames(_ name: String) {
        let device = SafeName.reservedDeviceNames.contains(name.lowercased().split(separator: ".").first.map(String.init) ?? "")
        #expect(device)
        #expect(SafeName.fileName(name).hasSuffix("-" + SafeName.shortHash(name)), "\(SafeName.fileName(name))")
        // What a key segment cannot hold (`$`, `¹`, `.`) is still replaced; a plain name is kept.
        let plain = name.unicodeScalars.allSatisfy(SafeName.isPlain)
        #expect((SafeName.keySegment(name) == name) == plain, "\(SafeName.keySegment(name))")
        #expect(SafeName.keySegments(["name", name]) == ["name", SafeName.keySegment(name)])
    }

    /// A path's segments made key segments at once are those made one by one.
    @Test(arguments: [["steps", "2"], ["ingredients", "0", "name"], ["en:milk"], ["a.b", "0"], ["name", "CON"], ["-x"], [""], []])
    func keySegmentsAreEachSegmentsKeySegment(_ path: [String]) {
        #expect(SafeName.keySegments(path) == path.map(SafeName.keySegment))
    }
}

/// A recipe's yield and ingredient lines in JSON-LD read as text in the page's language:
/// the units are the content's ids (English words), and a Spanish page said "1 glasses",
/// "1 piece Piel de naranja" and "1 1/2 tbsp Piñones".
@Suite struct JSONLDRecipeTextTests {
    func pages(_ locales: [String]) throws -> [String: JSONValue] {
        let json = #"""
            [{"id": "negroni", "name": {"en": "Negroni", "es": "Negroni", "fr": "Negroni", "de": "Negroni", "it": "Negroni", "ru": "Негрони"},
              "servings": {"amount": 1, "unit": "glasses"},
              "ingredients": [
                {"name": {"en": "Orange peel", "es": "Piel de naranja", "fr": "Écorce d'orange", "de": "Orangenschale", "it": "Scorza d'arancia", "ru": "Цедра"}, "quantity": 1, "unit": "piece"},
                {"name": {"en": "Sugar", "es": "Azúcar", "fr": "Huile", "de": "Zucker", "it": "Olio", "ru": "Сахар"}, "quantity": "1 1/2", "unit": "tbsp"},
                {"name": {"en": "Gin", "es": "Ginebra", "fr": "Gin", "de": "Gin", "it": "Gin", "ru": "Джин"}, "quantity": 30, "unit": "ml"},
                {"name": {"en": "UHT cream", "es": "UHT nata", "fr": "UHT crème", "de": "Sahne", "it": "UHT panna", "ru": "Сливки"}, "quantity": 2, "unit": "pinch"}]}]
            """#
        let documents = Document.split(file: "r.json", kind: "recipe", json: try JSONDocument(parsing: json))
        let result = try JSONLDExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "jsonld", locales: locales))
        var out: [String: JSONValue] = [:]
        for artifact in result.artifacts { out[String(artifact.path.split(separator: "/")[0])] = try JSONValue(parsing: artifact.bytes) }
        return out
    }

    @Test func unitsAndYieldReadInThePagesLanguage() throws {
        let out = try pages(["en", "es", "fr", "de", "it", "ru"])
        #expect(out["en"]?["recipeYield"] == ["1", "1 glass"])
        #expect(out["en"]?["recipeIngredient"] == ["1 piece Orange peel", "1 1/2 tbsp Sugar", "30 ml Gin", "2 pinch UHT cream"])
        #expect(out["es"]?["recipeYield"] == "1")
        #expect(out["es"]?["recipeIngredient"] == ["1 trozo de piel de naranja", "1 1/2 cucharadas de azúcar", "30 ml de ginebra", "2 pizcas de UHT nata"])
        #expect(out["fr"]?["recipeIngredient"]?[1] == "1 1/2 cuillères à soupe d'huile")
        #expect(out["fr"]?["recipeIngredient"]?[0] == "1 morceau d'écorce d'orange")
        #expect(out["de"]?["recipeIngredient"]?[2] == "30 ml Gin")
        #expect(out["it"]?["recipeIngredient"]?[1]?.stringValue?.hasSuffix(" d'olio") == true)
        // A language without unit words keeps the ids.
        #expect(out["ru"]?["recipeIngredient"]?[1] == "1 1/2 tbsp Сахар")
    }
}

/// The words of a page's ingredient lines: a unit spelled out in the content (`grams`) is
/// written as its symbol, a fraction below one takes the singular, French elides before a
/// vowel or a mute h only, Brazilian Portuguese has its own cup, names with more capitals
/// keep them, and scaled servings show two decimals.
@Suite struct JSONLDIngredientWordsTests {
    func page(_ locale: String, _ ingredients: String, servings: String = "2") throws -> JSONValue {
        let json = #"[{"id": "r", "name": {"en": "R"}, "servings": \#(servings), "ingredients": \#(ingredients)}]"#
        let documents = Document.split(file: "r.json", kind: "recipe", json: try JSONDocument(parsing: json))
        let result = try JSONLDExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "jsonld", locales: ["en", locale]))
        return try JSONValue(parsing: try #require(result.artifacts.first { $0.path.hasPrefix(locale + "/") }).bytes)
    }

    @Test func wordsAgreeWithTheAmountAndTheLanguage() throws {
        let es = try page("es", #"[{"name": {"en": "Flour", "es": "Harina"}, "quantity": 200, "unit": "grams"}, {"name": {"en": "Oil", "es": "Aceite"}, "quantity": "1/2", "unit": "tbsp"}, {"name": {"en": "Sugar", "es": "Azúcar"}, "quantity": "½", "unit": "cup"}]"#)
        #expect(es["recipeIngredient"] == ["200 g de harina", "1/2 cucharada de aceite", "½ taza de azúcar"])
        let fr = try page("fr", #"[{"name": {"en": "Beans", "fr": "Haricots verts"}, "quantity": 200, "unit": "g"}, {"name": {"en": "Yogurt", "fr": "Yaourt"}, "quantity": 150, "unit": "g"}, {"name": {"en": "Eggs", "fr": "Œufs"}, "quantity": 1, "unit": "dozen"}, {"name": {"en": "Oil", "fr": "Huile"}, "quantity": 2, "unit": "tbsp"}, {"name": {"en": "Liqueur", "fr": "Grand Marnier"}, "quantity": 2, "unit": "tbsp"}]"#)
        #expect(fr["recipeIngredient"] == ["200 g de haricots verts", "150 g de yaourt", "1 douzaine d'œufs", "2 cuillères à soupe d'huile", "2 cuillères à soupe de Grand Marnier"])
        let br = try page("pt-BR", #"[{"name": {"en": "Flour", "pt-BR": "Farinha"}, "quantity": 2, "unit": "cup"}]"#)
        #expect(br["recipeIngredient"] == ["2 xícaras de farinha"])
        let third = try page("en", "[]", servings: #"{"amount": 1.3333333333333333, "unit": "glasses"}"#)
        #expect(third["recipeYield"] == ["1.33", "1.33 glasses"])
    }
}

/// schema.org gives `nutrition` to recipes and menu items only: a product's nutrition per
/// 100 g is written as `additionalProperty` values (validators reported `nutrition` on a
/// `Product`), each named as `NutritionInformation` names it, with its number and unit.
@Suite struct JSONLDProductNutritionTests {
    @Test func aProductsNutritionIsAdditionalProperties() throws {
        let json = #"[{"code": "3017620422003", "name": {"en": "Spread"}, "quantity": {"value": 400, "unit": "g"}, "nutrition": {"per100g": {"energy": {"value": 539, "unit": "kcal"}, "fat": 30.9, "salt": 0.107}}}]"#
        let documents = Document.split(file: "p.json", kind: "product", json: try JSONDocument(parsing: json))
        let result = try JSONLDExporter().exportWithDiagnostics(documents, context: ExportContext(exporterID: "jsonld", locales: ["en"]))
        let page = try JSONValue(parsing: try #require(result.artifacts.first).bytes)
        #expect(page["nutrition"] == nil)
        let properties = try #require(page["additionalProperty"]?.arrayValue)
        #expect(properties.count == 3)
        #expect(properties[0] == ["@type": "PropertyValue", "name": "calories", "value": 539, "unitText": "kcal", "description": "per 100 g"])
        #expect(properties[1]["name"] == "fatContent" && properties[1]["value"] == 30.9 && properties[1]["unitText"] == "g")
        #expect(properties[2]["name"] == "sodiumContent" && properties[2]["unitText"] == "mg")
    }
}

extension I18nextExporter {
    /// The value i18next gets for a text `text` of `card:x.title` in English, with option
    /// `printf: sprintf` or without.
    static func leafValue(_ text: String, sprintf: Bool) throws -> String? {
        let json = try JSONDocument(parsing: JSONWriter.compact.bytes(.array([.object(JSONObject([("id", "x"), ("title", .object(JSONObject([("en", .string(text))])))]))])))
        let result = try I18nextExporter().exportWithDiagnostics(
            Document.split(file: "c.json", kind: "card", json: json),
            context: ExportContext(exporterID: "i18next", options: sprintf ? ["printf": "sprintf"] : .null, locales: ["en"]))
        let en = try JSONValue(parsing: try #require(result.artifacts.first { $0.path == "locales/en/card.json" }).bytes)
        return en["x"]?["title"]?.stringValue
    }
}
