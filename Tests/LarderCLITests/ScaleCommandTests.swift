import Foundation
import LarderJSON
import Testing

/// Reference tests of the transforms: each folder of Tests/Reference/transforms holds
/// `args.json` (the command and its arguments; the input file goes after the command),
/// `input.json` (or `input.jsonl`), and what `larder` printed: `expected.json` (standard
/// output) and `expected.stderr` (notes, and the exit status). They are re-recorded only
/// when the environment has RECORD_REFERENCE=1.
enum TransformReference {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/transforms")

    /// The case folders whose command is `command`.
    static func cases(_ command: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().filter { name in
            guard let args = arguments(name) else { return false }
            return args.first == command
        }
    }

    static func arguments(_ name: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).appendingPathComponent("args.json").path),
              let value = try? JSONValue(parsing: Array(data)), let array = value.arrayValue else { return nil }
        return array.compactMap(\.stringValue)
    }

    static func check(_ name: String) throws {
        let dir = root.appendingPathComponent(name)
        let args = try #require(arguments(name))
        let input = FileManager.default.fileExists(atPath: dir.appendingPathComponent("input.jsonl").path) ? "input.jsonl" : "input.json"
        let r = try CLI.run([args[0], input] + args.dropFirst() + ["--color", "never"], in: dir)
        let stderr = r.stderr + "exit status: \(r.status)\n"
        let expectedOut = dir.appendingPathComponent("expected.json")
        let expectedErr = dir.appendingPathComponent("expected.stderr")
        if ProcessInfo.processInfo.environment["RECORD_REFERENCE"] == "1" {
            try Data(r.stdout.utf8).write(to: expectedOut)
            try Data(stderr.utf8).write(to: expectedErr)
            return
        }
        let out = try #require(FileManager.default.contents(atPath: expectedOut.path), "\(name): no expected.json; record with RECORD_REFERENCE=1")
        let err = try #require(FileManager.default.contents(atPath: expectedErr.path), "\(name): no expected.stderr; record with RECORD_REFERENCE=1")
        #expect(r.stdout == String(decoding: out, as: UTF8.self), "\(name): standard output differs")
        #expect(stderr == String(decoding: err, as: UTF8.self), "\(name): standard error differs")
    }
}

/// Runs `larder ARGS` with standard input read from `input` (a file in `directory`).
func runReadingStandardInput(_ arguments: [String], from input: String, in directory: URL) throws -> CLI.Result {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = try FileHandle(forReadingFrom: directory.appendingPathComponent(input))
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLI.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
}

@Suite struct ScaleCommandTests {
    @Test(arguments: TransformReference.cases("scale"))
    func reference(_ name: String) throws {
        try TransformReference.check(name)
    }

    /// `-` reads one document from standard input (through the reader that holds files to
    /// their size limit) and writes the scaled document to standard output; a problem names
    /// it `<stdin>`.
    @Test func oneDocumentFromStandardInput() throws {
        let r = try CLI.run(["scale", "-", "--factor", "2"], input: #"{"id": "r", "name": "R", "servings": 2, "ingredients": ["1 cup flour"]}"#)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == #"{"id": "r", "name": "R", "servings": 4, "ingredients": ["2 cups flour"]}"#, "\(r.stdout)")
        let broken = try CLI.run(["scale", "-", "--factor", "2"], input: "{]")
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("<stdin>:1:2: error: "), "\(broken.stderr)")
    }

    @Test func thereAreReferenceCases() {
        #expect(TransformReference.cases("scale").count >= 5)
    }

    let recipe = """
        {
          "id": "bolo",
          "name": "Bolo",
          "servings": 8,
          "ingredients": [{"name": "flour", "quantity": 500, "unit": "g"}, "3 eggs"]
        }

        """

    /// `--factor 1.3333333333333333` and `--to "water=33.8 fl oz"` scale cups and spoons too
    /// (they were left unscaled with a warning, exit 0).
    @Test func factorsWithManyDigitsScaleCupsAndSpoons() throws {
        let dir = try Scratch()
        try dir.write("ov.json", #"{"id":"m","name":"M","servings":3,"ingredients":[{"name":"flour","quantity":300,"unit":"g"},{"name":"milk","quantity":1,"unit":"cup"},"1/2 tsp salt"]}"#)
        let r = try CLI.run(["scale", "ov.json", "--factor", "1.3333333333333333", "--color", "never"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#"{"name":"milk","quantity":1.33,"unit":"cup"}"#), "\(r.stdout)")
        #expect(r.stdout.contains(#""2/3 tsp salt""#))
        #expect(!r.stderr.contains("warning"), "\(r.stderr)")
        try dir.write("water.json", #"{"id":"w","name":"W","servings":2,"ingredients":[{"name":"water","quantity":500,"unit":"ml"},{"name":"sugar","quantity":1,"unit":"cup"}]}"#)
        let to = try CLI.run(["scale", "water.json", "--to", "water=33.8 fl oz", "--color", "never"], in: dir.url)
        #expect(to.status == 0, "\(to.stderr)")
        #expect(!to.stderr.contains("warning"), "\(to.stderr)")
        #expect(to.stdout.contains(#"{"name":"sugar","quantity":2,"unit":"cup"}"#), "\(to.stdout)")
    }

    @Test func servingsToStandardOutputKeepsFormatting() throws {
        let dir = try Scratch()
        try dir.write("bolo.json", recipe)
        let r = try CLI.run(["scale", "bolo.json", "--servings", "4"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == recipe.replacingOccurrences(of: "\"servings\": 8", with: "\"servings\": 4")
            .replacingOccurrences(of: "500", with: "250").replacingOccurrences(of: "3 eggs", with: "2 eggs"))
        #expect(r.stderr.contains("'3 eggs' × 0.5 is 1 1/2; rounded to 2"))
        #expect(r.stderr.contains("note:"))
    }

    @Test func inPlaceRewritesTheFileAtomically() throws {
        let dir = try Scratch()
        let file = try dir.write("bolo.json", recipe)
        let r = try CLI.run(["scale", "bolo.json", "--factor", "2", "--in-place"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "")
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(text.contains("\"servings\": 16"))
        #expect(text.contains("\"quantity\": 1,\"unit\": \"kg\"") || text.contains("\"quantity\": 1, \"unit\": \"kg\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0 != "bolo.json" }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// `--in-place` leaves a file untouched when its bytes would stay the same: the same
    /// inode and modification time (it was replaced by an identical copy), for one JSON text
    /// and for JSON Lines, with `scale` and `convert` alike.
    @Test(arguments: [
        (["scale", "--factor", "1"], false),
        (["convert", "--units", "metric"], false),
        (["scale", "--factor", "1", "--jsonl"], true),
        (["convert", "--units", "metric", "--jsonl"], true),
    ] as [([String], Bool)])
    func inPlaceLeavesAnUnchangedFileUntouched(_ arguments: [String], _ lines: Bool) throws {
        let dir = try Scratch()
        let name = lines ? "r.jsonl" : "r.json"
        let text = #"{"id": "r", "name": "R", "servings": 2, "ingredients": ["100 g flour", "salt to taste"], "steps": ["Bake at 180 °C."]}"#
        let file = try dir.write(name, lines ? text + "\n" + text + "\n" : text + "\n")
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
        let before = try FileManager.default.attributesOfItem(atPath: file.path)
        let r = try CLI.run([arguments[0], name] + arguments.dropFirst() + ["--in-place"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let after = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(after[.systemFileNumber] as? NSNumber == before[.systemFileNumber] as? NSNumber)
        #expect(after[.modificationDate] as? Date == past)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == [name])
        // A change is still written.
        let changed = try CLI.run(["scale", name, "--factor", "2", "--in-place"] + (lines ? ["--jsonl"] : []), in: dir.url)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("200 g flour"))
    }

    /// Through a symbolic link the file it leads to is rewritten, with its own permissions;
    /// the link stays a link (it became a file of mode 0777, the link's own).
    @Test func inPlaceThroughALinkRewritesTheFileItLeadsTo() throws {
        let dir = try Scratch()
        let real = try dir.write("recipes/bolo.json", recipe)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("link.json").path, withDestinationPath: "recipes/bolo.json")
        let r = try CLI.run(["scale", "link.json", "--factor", "2", "--in-place"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let link = dir.url.appendingPathComponent("link.json").path
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "recipes/bolo.json")
        #expect(String(decoding: try Data(contentsOf: real), as: UTF8.self).contains("\"servings\": 16"))
        #expect((try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("recipes").path) == ["bolo.json"])
    }

    @Test func outputWritesAnotherFile() throws {
        let dir = try Scratch()
        try dir.write("bolo.json", recipe)
        let r = try CLI.run(["scale", "bolo.json", "--factor", "1/2", "--output", "half.json"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let half = try JSONValue(parsing: Array(try Data(contentsOf: dir.url.appendingPathComponent("half.json"))))
        #expect(half["servings"] == 4)
        #expect(String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("bolo.json")), as: UTF8.self) == recipe)
    }

    @Test func aNonNumericServingsFailsAndWritesNothing() throws {
        let dir = try Scratch()
        let text = #"{"id": "x", "name": "X", "servings": "a crowd", "ingredients": ["2 eggs"]}"#
        let file = try dir.write("x.json", text)
        let r = try CLI.run(["scale", "x.json", "--servings", "4", "--in-place"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stderr.contains("servings is \"a crowd\", not a number"))
        #expect(r.stderr.contains("x.json:1:"))
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == text)
    }

    /// An amount too large or too fine to compute with fails the recipe, structured or
    /// in a line (it was left as written beside the doubled salt and servings, with exit
    /// status 0, and `--in-place` wrote that half-scaled recipe); a line with no amount
    /// (`1/0 cup`) is still kept with a note.
    @Test(arguments: [
        (#"{"name": "flour", "quantity": 1e19, "unit": "g"}"#, "could not read the quantity: the number 1e19 is too large to compute exactly; nothing is scaled"),
        (#""10000000000000000000 g sugar""#, "could not scale '10000000000000000000 g sugar': the number 10000000000000000000 is too large to compute exactly; nothing is scaled"),
        (#""0.0000000000000000001 g salt""#, "could not scale '0.0000000000000000001 g salt': the number 0.0000000000000000001 has more decimal places than Larder computes with (18); nothing is scaled"),
        (#""99999999999 cups milk""#, "'99999999999 cups milk' × 2: 199999999998 × 473176473/2000000 is too large to compute exactly; nothing is scaled"),
    ])
    func anAmountOutOfReachFailsTheRecipe(_ ingredient: String, _ message: String) throws {
        let dir = try Scratch()
        let text = #"{"id": "r", "name": "R", "servings": 2, "ingredients": [\#(ingredient), {"name": "salt", "quantity": 5, "unit": "g"}, "1/0 cup milk"]}"#
        let file = try dir.write("r.json", text)
        let r = try CLI.run(["scale", "r.json", "--servings", "4", "--in-place"], in: dir.url)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("error: \(message) [scale]"), "\(r.stderr)")
        #expect(r.stderr.contains("note: could not read the quantity of '1/0 cup milk' (the fraction 1/0 has a zero denominator); left as is"), "\(r.stderr)")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == text)
    }

    /// Servings that scale past what Larder computes with fail the recipe too: left as
    /// written beside doubled amounts, they said the wrong thing with exit status 0.
    @Test func servingsOutOfReachFailTheRecipe() throws {
        let dir = try Scratch()
        let text = #"{"id": "r", "name": "R", "servings": 9000000000000000000, "ingredients": ["2 eggs"]}"#
        let file = try dir.write("r.json", text)
        let r = try CLI.run(["scale", "r.json", "--factor", "2", "--in-place"], in: dir.url)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("r.json:1:38: error: servings 9000000000000000000 × 2 is too large to compute; nothing is scaled [scale]"), "\(r.stderr)")
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == text)
    }

    @Test(arguments: [
        (["scale", "x.json"], "give one of --servings N, --factor F or --to NAME=AMOUNT"),
        (["scale", "x.json", "--servings", "2", "--factor", "2"], "give only one"),
        (["scale", "x.json", "--servings", "zero"], "must be a number above 0"),
        (["scale", "x.json", "--factor", "2", "--convention", "lunar"], "unknown --convention"),
        (["scale", "x.json", "--to", "flour"], "NAME=AMOUNT"),
        (["scale", "x.json", "--factor", "2", "--output", "y.json", "--in-place"], "not both"),
        (["scale", "missing.json", "--factor", "2"], "cannot read missing.json"),
        // A negative value is read as one, not taken for an option ("Missing value for
        // '--servings <servings>'").
        (["scale", "x.json", "--servings", "-2"], "--servings must be a number above 0"),
        (["scale", "x.json", "--factor", "-1"], "--factor must be a number above 0"),
        (["scale", "x.json", "--to", "eggs=-3"], "--to needs an amount above 0"),
        (["scale", "x.json", "--to", "eggs=0"], "--to needs an amount above 0"),
        (["scale", "x.json", "--servings", "1e30"], "too large to compute exactly"),
        (["scale", "x.json", "--factor", "1000001"], "--factor \"1000001\" is more than a million times"),
        (["scale", "x.json", "--factor", "0.0000001"], "less than a millionth"),
        // A language that is no tag: pt_BR turned Portuguese off ("2 colher de sopa"),
        // with exit status 0.
        (["scale", "x.json", "--factor", "2", "--language", "pt_BR"], "--language 'pt_BR' is not a BCP 47 language tag (like en, pt-BR, zh-Hant-TW, es-419); write pt-BR"),
        (["scale", "x.json", "--factor", "2", "--language", "p t"], "--language 'p t' is not a BCP 47 language tag (like en, pt-BR, zh-Hant-TW, es-419)"),
    ])
    func usageErrorsExitTwo(_ args: [String], _ expected: String) throws {
        let dir = try Scratch()
        try dir.write("x.json", recipe)
        let r = try CLI.run(args, in: dir.url)
        #expect(r.status == 2, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains(expected), "\(r.stderr)")
    }

    /// --language is a BCP 47 tag in any case: PT-br reads Portuguese as pt-BR does.
    @Test func theLanguageIsATagInAnyCase() throws {
        let dir = try Scratch()
        try dir.write("bolo.json", #"{"id": "bolo", "name": "Bolo", "servings": 8, "ingredients": ["1 colher de sopa de açúcar"]}"#)
        for tag in ["pt-BR", "PT-br"] {
            let r = try CLI.run(["scale", "bolo.json", "--factor", "2", "--language", tag], in: dir.url)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("2 colheres de sopa de açúcar"), "\(tag): \(r.stdout)")
        }
    }

    /// A factor past a million times, from servings or --to, is an error and nothing is
    /// written: --servings 9223372036854775807 rewrote servings and left every amount as it
    /// was, with a warning each, and exit 0; --to "eggs=…" wrote 4.611686018427388e+18
    /// servings.
    @Test func anAbsurdFactorFromServingsOrToIsAnError() throws {
        let dir = try Scratch()
        let text = #"{"id": "x", "name": "X", "servings": 1, "ingredients": ["1 cup flour", "2 eggs", {"name": "salt", "quantity": 1, "unit": "tsp"}]}"#
        let file = try dir.write("x.json", text)
        for args in [["--servings", "9223372036854775807"], ["--servings", "2000000"], ["--to", "eggs=9223372036854775807"]] {
            let r = try CLI.run(["scale", "x.json"] + args + ["--in-place", "--color", "never"], in: dir.url)
            #expect(r.status == 1, "\(args) \(r.stderr)")
            #expect(r.stderr.contains("error:") && r.stderr.contains("more than a million times"), "\(args) \(r.stderr)")
            #expect(!r.stderr.contains("warning:"), "\(args) \(r.stderr)")
            #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == text)
        }
        // A million times is allowed, and scales every amount.
        let r = try CLI.run(["scale", "x.json", "--servings", "1000000", "--color", "never"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""2000000 eggs""#), "\(r.stdout)")
        let small = try CLI.run(["scale", "x.json", "--factor", "0.000001", "--color", "never"], in: dir.url)
        #expect(small.status == 0, "\(small.stderr)")
    }

    @Test func invalidJSONIsAContentError() throws {
        let dir = try Scratch()
        try dir.write("x.json", "{\"servings\": 2,,}")
        let r = try CLI.run(["scale", "x.json", "--factor", "2"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stderr.contains("x.json:1:"))
        #expect(r.stdout == "")
    }

    @Test func jsonlStreamsLineByLineAndPassesBadLinesThrough() throws {
        let dir = try Scratch()
        let lines = [
            #"{"id":"a","name":"A","servings":2,"ingredients":[{"name":"rice","quantity":200,"unit":"g"}],"extra":{"x":1.50}}"#,
            "not json",
            #"{"id":"b","name":"B","servings":"two","ingredients":["1 egg"]}"#,
            "",
            #"{"id":"c","name":"C","servings":1,"ingredients":["1/2 cup milk"]}"#,
        ]
        try dir.write("in.jsonl", lines.joined(separator: "\n") + "\n")
        let r = try CLI.run(["scale", "in.jsonl", "--jsonl", "--servings", "4"], in: dir.url)
        #expect(r.status == 1)
        let out = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(out.count == 6)
        #expect(out[0] == #"{"id":"a","name":"A","servings":4,"ingredients":[{"name":"rice","quantity":400,"unit":"g"}],"extra":{"x":1.50}}"#)
        #expect(out[1] == "not json")
        #expect(out[2] == lines[2])
        #expect(out[3] == "")
        #expect(out[4] == #"{"id":"c","name":"C","servings":4,"ingredients":["2 cups milk"]}"#)
        #expect(r.stderr.contains("in.jsonl:2:1: error:"))
        #expect(r.stderr.contains("in.jsonl:3:"))
        #expect(r.stderr.contains("2 errors"))
    }

    /// Each line keeps its ending: CRLF stays CRLF, and a last line without one gets none
    /// (every line came out with a bare \n, and a final one was added).
    @Test func jsonlKeepsEachLinesEnding() throws {
        let dir = try Scratch()
        let input = #"{"id":"a","name":"A","servings":2,"ingredients":["2 eggs"]}"# + "\r\n" + "\r\n"
            + #"{"id":"b","name":"B","servings":2,"ingredients":["1 cup milk"]}"#
        try dir.write("in.jsonl", input)
        let r = try CLI.run(["scale", "in.jsonl", "--jsonl", "--factor", "2"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == #"{"id":"a","name":"A","servings":4,"ingredients":["4 eggs"]}"# + "\r\n" + "\r\n"
            + #"{"id":"b","name":"B","servings":4,"ingredients":["2 cups milk"]}"#)
    }

    /// A line may hold an array of recipes, as a file may: scale refused it ("this is a
    /// array") and convert passed it through unchanged with status 0. A line that is no
    /// recipe is an error for both.
    @Test func jsonlLineWithAnArrayTransformsEachDocument() throws {
        let dir = try Scratch()
        let array = #"[{"id":"b","name":"B","servings":2,"ingredients":["1 cup milk"]},{"id":"c","name":"C","servings":2,"ingredients":["2 eggs"]}]"#
        try dir.write("in.jsonl", array + "\n" + #""a string""# + "\n")
        let scaled = try CLI.run(["scale", "in.jsonl", "--jsonl", "--factor", "2", "--color", "never"], in: dir.url)
        #expect(scaled.status == 1)
        #expect(scaled.stdout == #"[{"id":"b","name":"B","servings":4,"ingredients":["2 cups milk"]},{"id":"c","name":"C","servings":4,"ingredients":["4 eggs"]}]"# + "\n" + #""a string""# + "\n")
        #expect(scaled.stderr.contains("in.jsonl:2:1: error: a recipe is an object; this is a string [scale]"), "\(scaled.stderr)")
        let converted = try CLI.run(["convert", "in.jsonl", "--jsonl", "--units", "metric", "--color", "never"], in: dir.url)
        #expect(converted.status == 1)
        #expect(converted.stdout.hasPrefix(#"[{"id":"b","name":"B","servings":2,"ingredients":["237 ml milk"]},"#), "\(converted.stdout)")
        #expect(converted.stderr.contains("in.jsonl:2:1: error: a recipe or product is an object; this is a string [convert]"), "\(converted.stderr)")
        try dir.write("numbers.json", "[1]")
        let one = try CLI.run(["scale", "numbers.json", "--factor", "2", "--color", "never"], in: dir.url)
        #expect(one.stderr.contains("error: a recipe is an object; this is a number"), "\(one.stderr)")
        try dir.write("nested.json", "[[]]")
        let nested = try CLI.run(["scale", "nested.json", "--factor", "2", "--color", "never"], in: dir.url)
        #expect(nested.stderr.contains("error: a recipe is an object; this is an array"), "\(nested.stderr)")
    }

    @Test func jsonlFromStandardInputToAFile() throws {
        let dir = try Scratch()
        var many = ""
        for i in 0..<3000 { many += #"{"id":"r\#(i)","name":"R","servings":2,"ingredients":["\#(i % 7 + 1) tbsp butter"]}"# + "\n" }
        try dir.write("in.jsonl", many)
        let r = try runReadingStandardInput(["scale", "-", "--jsonl", "--factor", "4", "--output", "out.jsonl"], from: "in.jsonl", in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let out = String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("out.jsonl")), as: UTF8.self)
        let outLines = out.split(separator: "\n")
        #expect(outLines.count == 3000)
        #expect(outLines[3].contains("\"1 cup butter\""))  // 4 tbsp × 4 = 16 tbsp
        #expect(outLines[2999].contains("\"r2999\""))
    }

    /// Ctrl-C (or SIGTERM) while `scale` or `convert` writes `--output FILE` removes the
    /// temporary file the output is written through (each interrupt left a
    /// `.out.jsonl.larder-<UUID>.tmp` beside it), and the output keeps what it held. Standard
    /// input left open holds the command while its temporary file is there.
    @Test(arguments: [("scale", SIGINT), ("scale", SIGTERM), ("convert", SIGINT), ("convert", SIGTERM)] as [(String, Int32)])
    func anInterruptRemovesTheTemporaryOutputFile(_ command: String, _ sig: Int32) throws {
        let dir = try Scratch()
        try dir.write("out.jsonl", "old\n")
        let larder = Process()
        larder.executableURL = CLI.binary
        larder.arguments = [command, "-", "--jsonl", "--output", "out.jsonl"] + (command == "scale" ? ["--factor", "2"] : ["--units", "metric"])
        larder.currentDirectoryURL = dir.url
        let input = Pipe()
        larder.standardInput = input
        larder.standardOutput = FileHandle.nullDevice
        larder.standardError = FileHandle.nullDevice
        try larder.run()
        defer { try? input.fileHandleForWriting.close() }
        input.fileHandleForWriting.write(Data((recipe.replacingOccurrences(of: "\n", with: " ") + "\n").utf8))
        func temporaries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: dir.url.path)) ?? []).filter { $0.hasSuffix(".tmp") }
        }
        let wait = Date().addingTimeInterval(60)
        while temporaries().isEmpty && Date() < wait { usleep(20_000) }
        #expect(!temporaries().isEmpty, "\(command) made no temporary file")
        kill(larder.processIdentifier, sig)
        larder.waitUntilExit()
        #expect(larder.terminationReason == .exit && larder.terminationStatus == 128 + sig)
        #expect(temporaries() == [], "left beside the output")
        #expect(try String(contentsOf: dir.url.appendingPathComponent("out.jsonl"), encoding: .utf8) == "old\n")
    }

    @Test func anArrayFileScalesEachRecipe() throws {
        let dir = try Scratch()
        try dir.write("all.json", "[\(recipe), {\"id\": \"y\", \"name\": \"Y\", \"servings\": 2, \"ingredients\": [\"1 tsp salt\"]}]")
        let r = try CLI.run(["scale", "all.json", "--servings", "6"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let v = try JSONValue(parsing: r.stdout)
        #expect(v[0]?["servings"] == 6)
        #expect(v[1]?["servings"] == 6)
        #expect(v[1]?["ingredients"]?[0] == "1 tbsp salt")
    }

    /// The help says which ingredient texts are read beyond plain numbers and units, with
    /// examples that hold: each is scaled here as the help writes it (it said nothing of
    /// them, and a user with `1 ¹⁄₂ cups` or `1 (about 14 oz) can` had to try).
    @Test func helpShowsTheIngredientTextsItReadsWithExamplesThatHold() throws {
        let r = try CLI.run(["scale", "--help"])
        #expect(r.status == 0)
        let help = r.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        let examples = [
            ("1 ¹⁄₂ cups flour", "3 cups flour"), ("1 ¹/₂ cups milk", "3 cups milk"), (".5 cup water", "1 cup water"),
            ("1 small bunch parsley", "2 small bunches parsley"),
            ("1 (about 14 oz) can tomatoes", "2 (about 14 oz) cans tomatoes"),
            ("1 large (about 28 oz) can beans", "2 large (about 28 oz) cans beans"),
        ]
        for (line, scaled) in examples {
            #expect(help.contains("\(line) x 2 -> \(scaled)"), "\(line)")
        }
        #expect(help.contains("1 heaping cup flour"))
        let dir = try Scratch()
        let lines = (examples.map(\.0) + ["1 heaping cup flour"]).map { "\"\($0)\"" }.joined(separator: ", ")
        try dir.write("r.json", #"{"id": "x", "name": "X", "servings": 2, "ingredients": [\#(lines)]}"#)
        let out = try CLI.run(["scale", "r.json", "--factor", "2"], in: dir.url)
        let v = try JSONValue(parsing: out.stdout)
        for (k, (_, scaled)) in examples.enumerated() {
            #expect(v["ingredients"]?[k]?.stringValue == scaled)
        }
        #expect(v["ingredients"]?[examples.count] == "1 heaping cup flour")
        #expect(out.stderr.contains("'1 heaping cup flour'"), "\(out.stderr)")
        // convert reads the same lines, and says so.
        let convert = try CLI.run(["convert", "--help"])
        let convertHelp = convert.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(convertHelp.contains("1 (about 14 oz) can -> 1 (about 397 g) can"), "\(convertHelp)")
        #expect(convertHelp.contains("larder scale --help"))
        try dir.write("c.json", #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["1 (about 14 oz) can tomatoes"]}"#)
        let converted = try CLI.run(["convert", "c.json", "--units", "metric"], in: dir.url)
        #expect(try JSONValue(parsing: converted.stdout)["ingredients"]?[0] == "1 (about 397 g) can tomatoes")
    }

    /// The help's examples in other languages hold with --language: a word of how big or
    /// how full after the unit agrees with it ("2 molhos pequeno de salsa", "2 cucharadas
    /// colmada" before).
    @Test func wordsAfterTheUnitAgreeWithIt() throws {
        let r = try CLI.run(["scale", "--help"])
        let help = r.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        let dir = try Scratch()
        for (language, examples) in [
            ("pt", [("1 molho pequeno de salsa", "2 molhos pequenos de salsa"), ("1 colher de sopa rasa", "2 colheres de sopa rasas")]),
            ("es", [("1 manojo pequeño de perejil", "2 manojos pequeños de perejil"), ("1 cucharada colmada", "2 cucharadas colmadas")]),
            ("fr", [("1 grande boîte", "2 grandes boîtes")]),
            ("it", [("1 piccolo mazzetto", "2 piccoli mazzetti")]),
            ("de", [("1 große Dose", "2 große Dosen"), ("1 gehäufter EL", "2 gehäufte EL"), ("1 knapper TL", "2 knappe TL")]),
        ] {
            let lines = examples.map { "\"\($0.0)\"" }.joined(separator: ", ")
            try dir.write("r.json", #"{"id": "x", "name": "X", "servings": 2, "ingredients": [\#(lines)]}"#)
            let out = try CLI.run(["scale", "r.json", "--factor", "2", "--language", language], in: dir.url)
            #expect(out.status == 0)
            #expect(out.stderr.isEmpty, "\(out.stderr)")
            let v = try JSONValue(parsing: out.stdout)
            for (k, (line, scaled)) in examples.enumerated() {
                #expect(v["ingredients"]?[k]?.stringValue == scaled, "\(line)")
            }
        }
        for example in ["1 molho pequeno de salsa x 2 -> 2 molhos pequenos de salsa", "1 cucharada colmada x 2 -> 2 cucharadas colmadas",
                        "1 grande boîte x 2 -> 2 grandes boîtes", "1 piccolo mazzetto x 2 -> 2 piccoli mazzetti", "1 große Dose x 2 -> 2 große Dosen", "1 gehäufter EL x 2 -> 2 gehäufte EL",
                        "1 knapper TL x 2 -> 2 knappe TL"] {
            #expect(help.contains(example), "\(example)")
        }
    }

    /// A pack's size said to be approximate, in brackets after its unit, stays each pack's,
    /// as the help says (it was kept, with a note of a second amount not scaled).
    @Test func aPacksApproximateSizeAfterItsUnitStays() throws {
        let help = try CLI.run(["scale", "--help"]).stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(help.contains("1 lata (cerca de 400 g) de tomate x 2 -> 2 latas (cerca de 400 g) de tomate"))
        let dir = try Scratch()
        try dir.write("r.json", #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["1 lata (cerca de 400 g) de tomate"]}"#)
        let out = try CLI.run(["scale", "r.json", "--factor", "2", "--language", "pt"], in: dir.url)
        #expect(out.status == 0)
        #expect(out.stderr.isEmpty, "\(out.stderr)")
        #expect(try JSONValue(parsing: out.stdout)["ingredients"]?[0] == "2 latas (cerca de 400 g) de tomate", "\(out.stdout)")
    }

    /// A dessertspoon (the UK and Australian 10 ml spoon: `dsp`, `dessertspoon(s)`,
    /// `dessert spoon(s)`) is a spoon: it scales as one and stays one (`1 dsp sugar` x 2
    /// was `2 dsp sugars`, the abbreviation read as part of the name), and converts to US
    /// spoons (it stayed as written, an unknown word); a structured `"unit": "dsp"` too.
    @Test func aDessertspoonScalesAndConvertsAsASpoon() throws {
        let dir = try Scratch()
        try dir.write("r.json", #"{"id": "x", "name": "X", "servings": 2, "ingredients": ["1 dsp sugar", "2 dessertspoons honey", "1 1/2 dessert spoons oil", "1 dessertspoon of jam", {"name": "salt", "quantity": 1, "unit": "dsp"}]}"#)
        func ingredients(_ arguments: [String]) throws -> [JSONValue] {
            let r = try CLI.run(arguments + ["r.json"], in: dir.url)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stderr.contains("dsp") && !r.stderr.contains("dessert"), "\(r.stderr)")
            return try JSONValue(parsing: r.stdout)["ingredients"]?.arrayValue ?? []
        }
        #expect(try ingredients(["scale", "--factor", "2"]) == [
            "2 dsp sugar", "4 dessertspoons honey", "3 dessert spoons oil", "2 dessertspoons of jam",
            ["name": "salt", "quantity": 2, "unit": "dsp"],
        ])
        #expect(try ingredients(["scale", "--factor", "1/2"]).prefix(2) == ["1/2 dsp sugar", "1 dessertspoon honey"])
        // 10 ml: 2 US teaspoons (1.4 % over); 20 ml: 4, as an Australian tablespoon converts.
        #expect(try ingredients(["convert", "--units", "us"]).prefix(2) == ["2 tsp sugar", "4 teaspoons honey"])
        // Spoons stay spoons in metric, as tablespoons and teaspoons do.
        #expect(try ingredients(["convert", "--units", "metric"]).prefix(2) == ["1 dsp sugar", "2 dessertspoons honey"])
    }

    @Test func helpMentionsTheOptions() throws {
        let r = try CLI.run(["scale", "--help"])
        #expect(r.status == 0)
        for option in ["--servings", "--factor", "--to", "--jsonl", "--in-place", "--output", "--convention"] {
            #expect(r.stdout.contains(option), "\(option)")
        }
    }
}
