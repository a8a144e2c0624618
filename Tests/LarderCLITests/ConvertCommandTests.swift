import Foundation
import LarderJSON
import Testing

@Suite struct ConvertCommandTests {
    @Test(arguments: TransformReference.cases("convert"))
    func reference(_ name: String) throws {
        try TransformReference.check(name)
    }

    @Test func thereAreReferenceCases() {
        #expect(TransformReference.cases("convert").count >= 4)
    }

    /// A note about each document as a whole came once per line of a JSON Lines file
    /// (200,000 times for 200,000 recipes): it is written for its first line, then counted.
    @Test func aNoteForEveryLineIsWrittenOnce() throws {
        let dir = try Scratch()
        let lines = (1...3).map { #"{"id": "r\#($0)", "name": "R", "servings": 2, "ingredients": ["\#($0) cup flour"]}"# }
        try dir.write("r.jsonl", lines.joined(separator: "\n") + "\n")
        let r = try CLI.run(["convert", "r.jsonl", "--jsonl", "--units", "metric"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let note = "cups, spoons and pints were read as US customary (cup 236.6 ml, tbsp 14.8 ml, tsp 4.9 ml, pint 473 ml); use --convention to read them otherwise [convert]"
        #expect(r.stderr == """
            r.jsonl:1:1: note: \(note)
            larder: note: the same note for 2 more lines: \(note)
            3 notes in 1 file

            """, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 3)
    }

    @Test func energyInPlace() throws {
        let dir = try Scratch()
        let text = """
            {
              "code": "5601234567890",
              "name": "Bolachas",
              "nutrition": {"per100g": {"energyKcal": 100, "salt": 1}}
            }

            """
        let file = try dir.write("p.json", text)
        let r = try CLI.run(["convert", "p.json", "--energy", "kJ", "--in-place"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == text.replacingOccurrences(of: "\"energyKcal\": 100", with: "\"energyKj\": 418"))
    }

    /// A nutrient given twice: convert rewrote the first (539 kcal to 2255 kJ) and left the
    /// 600 kcal that readers take (the last one); a second run then dropped the 600. Now it
    /// is an error at the repeated name and the file is left as it is, recipe or product,
    /// energy or salt, per 100 g or per serving.
    @Test(arguments: [
        (#"{"code": "3017620422003", "name": "N", "nutrition": {"per100g": {"energyKcal": 539, "fat": 1, "energyKcal": 600}}}"#, ["--energy", "kJ"], "energyKcal"),
        (#"{"code": "3017620422003", "name": "N", "nutrition": {"perServing": {"salt": 1, "fat": 1, "salt": 2}}}"#, ["--salt", "sodium"], "salt"),
        (#"{"code": "3017620422003", "name": "N", "serving": {"value": 30, "unit": "g"}, "nutrition": {"per100g": {"fat": 1, "fat": 2}}}"#, ["--per", "serving"], "fat"),
        (#"{"id": "r", "name": "R", "servings": 2, "ingredients": ["1 egg"], "steps": ["Boil."], "nutrition": {"per": "serving", "energy": {"value": 100, "unit": "kcal"}, "energy": {"value": 90, "unit": "kcal"}}}"#, ["--energy", "kJ"], "energy"),
    ])
    func aNutrientGivenTwiceIsNotConverted(_ text: String, _ options: [String], _ name: String) throws {
        let dir = try Scratch()
        let file = try dir.write("p.json", text)
        let r = try CLI.run(["convert", "p.json", "--in-place"] + options, in: dir.url)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("\"\(name)\" is given twice in this object (readers take the last one); remove one, then convert; nothing is converted"), "\(r.stderr)")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == text)
    }

    @Test func perServingWithoutAServingIsAnErrorAndWritesNothing() throws {
        let dir = try Scratch()
        try dir.write("p.json", #"{"code": "5601234567890", "name": "X", "nutrition": {"per100g": {"fat": 1}}}"#)
        let r = try CLI.run(["convert", "p.json", "--per", "serving"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.contains("no serving size"))
        let ok = try CLI.run(["convert", "p.json", "--per", "serving", "--serving-size", "25 g"], in: dir.url)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains(#""perServing": {"fat": 0.25}"#))
    }

    @Test(arguments: [
        (["convert", "x.json"], "give at least one of --units, --energy, --salt or --per"),
        (["convert", "x.json", "--units", "imperial"], "--units must be metric or us"),
        (["convert", "x.json", "--energy", "joules"], "--energy must be kJ or kcal"),
        (["convert", "x.json", "--per", "slice"], "--per must be 100g or serving"),
        (["convert", "x.json", "--per", "serving", "--serving-size", "big"], "--serving-size must be"),
        // A language that is no tag (pt_BR was read as an unknown language, and nothing
        // Portuguese was converted, with exit status 0).
        (["convert", "x.json", "--units", "metric", "--language", "pt_BR"], "--language 'pt_BR' is not a BCP 47 language tag (like en, pt-BR, zh-Hant-TW, es-419); write pt-BR"),
        (["convert", "x.json", "--units", "metric", "--language", "i-klingon"], "--language 'i-klingon' is a grandfathered tag (RFC 5646), for a language of its own; write tlh"),
    ])
    func usageErrorsExitTwo(_ args: [String], _ expected: String) throws {
        let dir = try Scratch()
        try dir.write("x.json", "{}")
        let r = try CLI.run(args, in: dir.url)
        #expect(r.status == 2, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains(expected), "\(r.stderr)")
    }

    @Test func theConventionIsNamedInANote() throws {
        let dir = try Scratch()
        try dir.write("r.json", #"{"id": "x", "name": "X", "ingredients": ["1 cup milk"]}"#)
        let us = try CLI.run(["convert", "r.json", "--units", "metric"], in: dir.url)
        #expect(us.stdout.contains("237 ml milk"))
        #expect(us.stderr.contains("US customary"))
        // Read as metric cups (250 ml), 2 cups are 500 ml: 2 1/8 US cups, written so that
        // they are not read back as metric cups.
        try dir.write("m.json", #"{"id": "x", "name": "X", "ingredients": ["2 cups milk"]}"#)
        let metric = try CLI.run(["convert", "m.json", "--units", "us", "--convention", "metric"], in: dir.url)
        #expect(metric.stdout.contains("2 1/8 US cups milk"), "\(metric.stdout)")
        #expect(metric.stderr.contains("metric (cup 250 ml"))
    }

    /// A pack's approximate size in brackets after its unit converts and the count stays
    /// (the line was left as written, with a note of a second amount not converted).
    @Test func aPacksApproximateSizeConverts() throws {
        let dir = try Scratch()
        try dir.write("r.json", #"{"id": "x", "name": "X", "ingredients": ["1 lata (cerca de 400 g) de tomate"]}"#)
        let us = try CLI.run(["convert", "r.json", "--units", "us", "--language", "pt"], in: dir.url)
        #expect(us.status == 0, "\(us.stderr)")
        #expect(try JSONValue(parsing: us.stdout)["ingredients"]?[0] == "1 lata (cerca de 14 oz) de tomate", "\(us.stdout)")
        #expect(!us.stderr.contains("second amount"), "\(us.stderr)")
    }

    /// A cup said to be heaped is left as written, with a note (it became "237 mililitros
    /// cheia de farinha").
    @Test func aHeapedCupStays() throws {
        let dir = try Scratch()
        try dir.write("r.json", #"{"id": "x", "name": "X", "ingredients": ["1 lata (cerca de 400 g) de tomate", "1 chávena cheia de farinha"]}"#)
        let metric = try CLI.run(["convert", "r.json", "--units", "metric", "--language", "pt"], in: dir.url)
        #expect(try JSONValue(parsing: metric.stdout)["ingredients"]?[1] == "1 chávena cheia de farinha", "\(metric.stdout)")
        #expect(metric.stderr.contains("'1 chávena cheia' is a measure of its own"), "\(metric.stderr)")
    }

    /// A heat written as a pair with one unit sign, 180 °C / 350 °F, stays as it is
    /// ("180/350°F" became "180/175°C" in metric); scaling leaves it alone too.
    @Test func aPairOfHeatsWithOneSignStays() throws {
        let dir = try Scratch()
        try dir.write("r.json", #"{"id": "a", "name": {"en": "Cake"}, "servings": 4, "ingredients": ["1 cup milk"], "steps": [{"en": "Bake at 180/350°F for 20 minutes."}, "Then at 400°F."]}"#)
        let metric = try CLI.run(["convert", "r.json", "--units", "metric"], in: dir.url)
        #expect(metric.status == 0, "\(metric.stderr)")
        #expect(metric.stdout.contains("Bake at 180/350°F for 20 minutes."), "\(metric.stdout)")
        #expect(metric.stdout.contains("Then at 205°C."), "\(metric.stdout)")
        let scaled = try CLI.run(["scale", "r.json", "--servings", "8"], in: dir.url)
        #expect(scaled.status == 0, "\(scaled.stderr)")
        #expect(scaled.stdout.contains("Bake at 180/350°F for 20 minutes."), "\(scaled.stdout)")
    }

    /// An amount written as a sum of the same unit is one amount ("1 cup + 1/3 cup milk"
    /// was left as it was by convert, and by scale with a note).
    @Test func aSumOfOneUnitIsOneAmount() throws {
        let dir = try Scratch()
        try dir.write("r.json", #"{"id": "a", "name": {"en": "Cake"}, "servings": 4, "ingredients": ["1 cup + 1/3 cup milk", {"en": "1 cup plus 1/3 cup cream"}]}"#)
        let metric = try CLI.run(["convert", "r.json", "--units", "metric"], in: dir.url)
        #expect(metric.status == 0, "\(metric.stderr)")
        #expect(metric.stdout.contains(#""315 ml milk""#), "\(metric.stdout)")
        #expect(metric.stdout.contains(#""315 ml cream""#), "\(metric.stdout)")
        let scaled = try CLI.run(["scale", "r.json", "--servings", "8"], in: dir.url)
        #expect(scaled.status == 0, "\(scaled.stderr)")
        #expect(scaled.stdout.contains(#""2 2/3 cups milk""#), "\(scaled.stdout)")
        #expect(scaled.stdout.contains(#""2 2/3 cups cream""#), "\(scaled.stdout)")
        #expect(!scaled.stderr.contains("second amount"), "\(scaled.stderr)")
    }

    /// A value that cannot be converted exactly is never carried across as it was: the
    /// document is an error and nothing is written.
    @Test(arguments: [
        (#"{"code": "3017620422003", "name": "N", "serving": {"value": 30, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 400, "fat": 20, "sugars": 0.1234567890123456789}}}"#,
         ["--per", "serving"], "sugars 0.1234567890123456789"),
        (#"{"code": "3017620422003", "name": "N", "serving": {"value": 30, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": 400, "fat": 20, "sugars": 1e19}}}"#,
         ["--per", "serving"], "sugars 1e19"),
        (#"{"code": "3017620422003", "name": "N", "serving": {"value": 30, "unit": "g"}, "nutrition": {"perServing": {"fat": 6, "sugars": 1e19}}}"#,
         ["--per", "100g"], "sugars 1e19"),
        (#"{"code": "3017620422003", "name": "N", "nutrition": {"per100g": {"energyKcal": 3e18}}}"#, ["--energy", "kJ"], "energyKcal 3e18 is too large"),
        (#"{"code": "3017620422003", "name": "N", "nutrition": {"per100g": {"energyKcal": 1e400}}}"#, ["--energy", "kJ"], "energyKcal 1e400"),
        (#"{"code": "3017620422003", "name": "N", "nutrition": {"per100g": {"sodium": 5e18}}}"#, ["--salt", "salt"], "sodium 5e18 is too large"),
        (#"{"code": "3017620422003", "name": "N", "quantity": {"value": 1e400, "unit": "g"}}"#, ["--units", "us"], "the quantity 1e400 g"),
        (#"{"code": "3017620422003", "name": "N", "quantity": {"value": 3e18, "unit": "g"}}"#, ["--units", "us"], "the quantity 3e18 g"),
        (#"{"id": "r", "name": "R", "ingredients": [{"name": "flour", "quantity": 3e18, "unit": "g"}]}"#, ["--units", "us"], "the quantity 3e18 g"),
    ])
    func valuesBeyondExactArithmeticAreErrors(_ text: String, _ args: [String], _ expected: String) throws {
        try expectRefused(text, args, expected)
    }

    /// `larder convert` on a file of `text` fails the document (exit 1), writes nothing and
    /// says `expected` on standard error.
    func expectRefused(_ text: String, _ args: [String], _ expected: String) throws {
        let dir = try Scratch()
        try dir.write("p.json", text)
        let r = try CLI.run(["convert", "p.json"] + args, in: dir.url)
        #expect(r.status == 1, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout == "")
        #expect(r.stderr.contains(expected), "\(r.stderr)")
    }

    /// A value with more digits than a label gives, that still fits, is converted and
    /// rounded as the others are.
    @Test func aLongValueIsConvertedAndRounded() throws {
        let dir = try Scratch()
        try dir.write("p.json", #"{"code": "3017620422003", "name": "N", "serving": {"value": 30, "unit": "g"}, "nutrition": {"per100g": {"fat": 20, "sugars": 0.123456789012345}}}"#)
        let r = try CLI.run(["convert", "p.json", "--per", "serving"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""perServing": {"fat": 6, "sugars": 0.037}"#), "\(r.stdout)")
    }

    /// Values written as strings or below zero are invalid content: an error for the
    /// document, exit status 1, nothing written.
    @Test(arguments: [
        (#"{"code": "3017620422003", "name": "N", "nutrition": {"per100g": {"energyKcal": "100"}}}"#, ["--energy", "kJ"], #"energyKcal is a string, "100""#),
        (#"{"code": "3017620422003", "name": "N", "nutrition": {"per100g": {"salt": "0,5"}}}"#, ["--salt", "sodium"], #"salt is a string, "0,5""#),
        (#"{"code": "3017620422003", "name": "N", "serving": {"value": 30, "unit": "g"}, "nutrition": {"per100g": {"fat": 1, "sugars": "2"}}}"#, ["--per", "serving"], "sugars is a string"),
        (#"{"id": "r", "name": "R", "nutrition": {"energy": {"value": "100", "unit": "kcal"}}}"#, ["--energy", "kJ"], "energy value is a string"),
        (#"{"code": "3017620422003", "name": "N", "nutrition": {"per100g": {"energyKcal": -5}}}"#, ["--energy", "kJ"], "energyKcal is -5"),
        (#"{"code": "3017620422003", "name": "N", "nutrition": {"per100g": {"sodium": -0.2}}}"#, ["--salt", "salt"], "sodium is -0.2"),
        (#"{"code": "3017620422003", "name": "N", "quantity": {"value": -5, "unit": "g"}}"#, ["--units", "us"], "the quantity -5 g is negative"),
        (#"{"id": "r", "name": "R", "ingredients": [{"name": "flour", "quantity": -5, "unit": "g"}]}"#, ["--units", "us"], "the quantity -5 g is negative"),
        // Not numbers, and not strings either: they were carried across with exit status 0,
        // into perServing with --per serving.
        (#"{"code": "3017620422003", "name": "T", "serving": {"value": 15, "unit": "g"}, "nutrition": {"per100g": {"energyKcal": true, "salt": [0.5], "fat": {"value": 3}}}}"#,
         ["--energy", "kJ", "--salt", "sodium", "--per", "serving"], "energyKcal is true, not a number"),
        (#"{"code": "3017620422003", "name": "T", "serving": {"value": 15, "unit": "g"}, "nutrition": {"per100g": {"salt": [0.5]}}}"#, ["--per", "serving"], "salt is an array, not a number"),
        (#"{"code": "3017620422003", "name": "T", "nutrition": {"per100g": {"fat": {"value": 3}}}}"#, ["--energy", "kJ"], "fat is an object, not a number"),
    ])
    func stringsAndNegativeValuesAreErrors(_ text: String, _ args: [String], _ expected: String) throws {
        try expectRefused(text, args, expected)
    }

    /// `-0` is zero, not a negative amount: it converts.
    @Test func minusZeroIsZero() throws {
        let dir = try Scratch()
        try dir.write("p.json", #"{"code": "3017620422003", "name": "N", "nutrition": {"per100g": {"energyKcal": -0}}}"#)
        let r = try CLI.run(["convert", "p.json", "--energy", "kJ"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""energyKj": 0"#), "\(r.stdout)")
    }
}
