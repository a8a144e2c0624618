import Foundation
import LarderJSON
import Testing

/// `larder import`, end to end: the built binary over the reference inputs of
/// Tests/Reference/imports and over scratch folders.
@Suite struct ImportCommandTests {
    static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/imports")

    /// The reference case's input files, as absolute paths in name order.
    func inputs(_ name: String) throws -> [String] {
        let folder = Self.references.appendingPathComponent(name).appendingPathComponent("input")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
    }

    func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The command writes exactly the reference's files, byte for byte, reports the bad
    /// records with file:line:column, and exits 1 because some records were not imported.
    @Test(arguments: [("off", "products"), ("schema-org", "recipes")])
    func writesTheReferenceFiles(_ name: String, _ noun: String) throws {
        let dir = try Scratch()
        let r = try CLI.run(["import", name] + (try inputs(name)) + ["--out", "out/\(noun)", "--color", "never"], in: dir.url)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "")
        let expected = Self.references.appendingPathComponent(name).appendingPathComponent("expected")
        let written = dir.url.appendingPathComponent("out/\(noun)")
        #expect(files(in: written) == [".larder-import"] + files(in: expected))
        for file in files(in: expected) {
            #expect(FileManager.default.contents(atPath: written.appendingPathComponent(file).path)
                    == FileManager.default.contents(atPath: expected.appendingPathComponent(file).path), "\(file)")
        }
        #expect(r.stderr.contains("Imported \(files(in: expected).count) \(noun) into out/\(noun)."))
        // Every error of the reference is in the report, with its position.
        let reference = try String(contentsOf: Self.references.appendingPathComponent(name).appendingPathComponent("diagnostics.txt"), encoding: .utf8)
        for line in reference.split(separator: "\n") where line.contains(": error: ") {
            let position = line.prefix(while: { $0 != " " })  // input/3-export.jsonl:6:9:
            #expect(r.stderr.contains(position.dropFirst("input/".count)), "\(position)")
        }
    }

    @Test func cleanInputExitsZeroAndPrintsToStandardOutput() throws {
        let dir = try Scratch()
        let input = try inputs("schema-org").first { $0.hasSuffix("1-banana-bread.json") }
        let r = try CLI.run(["import", "schema-org", try #require(input), "--stdout"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let value = try JSONValue(parsing: r.stdout)
        #expect(value.arrayValue?.count == 1)
        #expect(value[0]?["id"] == "classic-banana-bread")
        #expect(files(in: dir.url).isEmpty)

        let lines = try CLI.run(["import", "off"] + (try inputs("off").filter { $0.hasSuffix(".json") }) + ["--jsonl"], in: dir.url)
        #expect(lines.status == 1)  // the "product not found" answer
        let products = lines.stdout.split(separator: "\n")
        #expect(products.count == 4)
        #expect(try products.map { try JSONValue(parsing: String($0))["code"] } == ["3017620422003", "5449000000996", "5601234000122", "7622210449283"])
    }

    /// One barcode written with other leading zeros is imported once (it was written as
    /// three files, exit 0, which lint then reported as one GTIN used three times).
    @Test func oneGTINWithOtherLeadingZerosIsImportedOnce() throws {
        let dir = try Scratch()
        try dir.write("codes.jsonl", """
            {"code": "036000291452", "product_name": "Tissues"}
            {"code": "0036000291452", "product_name": "Tissues"}
            {"code": "00036000291452", "product_name": "Tissues"}

            """)
        let r = try CLI.run(["import", "off", "codes.jsonl", "--out", "products", "--color", "never"], in: dir.url)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(files(in: dir.url.appendingPathComponent("products")) == [".larder-import", "036000291452.json"])
        #expect(r.stderr.contains("codes.jsonl:2:1: error: the product id '0036000291452' is already used by the record at codes.jsonl:1:1, as '036000291452'"))
        #expect(r.stderr.contains("codes.jsonl:3:1: error: the product id '00036000291452' is already used"))
    }

    /// Ids from imported content never make Larder write outside --out.
    @Test func pathTraversalIdsStayInTheOutputFolder() throws {
        let dir = try Scratch()
        try dir.write("pages.jsonl", """
            {"@type": "Recipe", "identifier": "../../escaped", "name": "A", "recipeIngredient": ["1 egg"]}
            {"@type": "Recipe", "identifier": "/tmp/larder-absolute", "name": "B", "recipeIngredient": ["1 egg"]}
            {"@type": "Recipe", "@id": "https://example.com/..%2F..%2Fdotdot/#recipe", "name": "C", "recipeIngredient": ["1 egg"]}
            {"@type": "Recipe", "identifier": "..", "name": "..", "recipeIngredient": ["1 egg"]}
            {"@type": "Recipe", "identifier": "escaped", "name": "Same file", "recipeIngredient": ["1 egg"]}

            """)
        let r = try CLI.run(["import", "schema-org", "pages.jsonl", "--out", "deep/recipes", "--color", "never"], in: dir.url)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(files(in: dir.url) == ["deep", "pages.jsonl"])
        #expect(files(in: dir.url.appendingPathComponent("deep")) == ["recipes"])
        let written = files(in: dir.url.appendingPathComponent("deep/recipes"))
        #expect(written == [".larder-import", "dotdot.json", "escaped.json", "recipe-a3d4a70d.json", "tmp-larder-absolute.json"])
        #expect(!FileManager.default.fileExists(atPath: "/tmp/larder-absolute.json"))
        #expect(r.stderr.contains("pages.jsonl:1:35: note: identifier '../../escaped' is not a Larder id"))
        #expect(r.stderr.contains("pages.jsonl:5:1: error: the recipe id 'escaped' is already used by the record at pages.jsonl:1:1"))
    }

    /// `--out .` in a project said "'im' exists and was not written by Larder (no
    /// .larder-import in it); remove it or choose another `out`": it advised removing the
    /// project (with `..`, the folder that holds it), named it by its last name alone, and
    /// called the flag `out`. It is still refused, saying what the folder is and giving a
    /// new one.
    @Test func anOutThatIsTheFolderYouAreInIsRefusedWithAdviceThatKeepsIt() throws {
        let dir = try Scratch(), inputs = try Scratch()
        let page = try inputs.write("a.json", #"{"@type": "Recipe", "name": "A", "recipeIngredient": ["1 egg"]}"#).path
        try dir.write("im/larder.yml", "locales: [en]\n")
        let project = dir.url.appendingPathComponent("im")
        let here = try CLI.run(["import", "schema-org", page, "--out", "."], in: project)
        #expect(here.status == 2)
        #expect(here.stderr == "larder: error: --out '.' is the folder you are in, and Larder did not write it (no .larder-import in it): the import replaces its --out folder whole, so give --out a new folder, such as 'recipes'\n", "\(here.stderr)")
        let above = try CLI.run(["import", "schema-org", page, "--out", ".."], in: project)
        #expect(above.status == 2)
        #expect(above.stderr == "larder: error: --out '..' holds the folder you are in, and Larder did not write it (no .larder-import in it): the import replaces its --out folder whole, so give --out a new folder, such as '../recipes'\n", "\(above.stderr)")
        // No example where the folder it would name is there already.
        try dir.write("im/recipes/mine.txt", "my own file")
        let taken = try CLI.run(["import", "schema-org", page, "--out", "./"], in: project)
        #expect(taken.stderr == "larder: error: --out './' is the folder you are in, and Larder did not write it (no .larder-import in it): the import replaces its --out folder whole, so give --out a new folder\n", "\(taken.stderr)")
        #expect(files(in: project) == ["larder.yml", "recipes"])
        #expect(files(in: dir.url) == ["im"])
    }

    /// An earlier import's folder that also holds a file or folder an import does not write
    /// (notes, downloaded images) is refused: the import replaced the folder whole and the
    /// file was gone without a word. So is the folder the command runs in, even an import's
    /// (the shell was left in a removed folder), and an empty --out.
    @Test func anImportsFolderHoldingOtherFilesOrTheFolderYouAreInIsRefused() throws {
        let dir = try Scratch()
        try dir.write("a.json", #"{"@type": "Recipe", "name": "A", "recipeIngredient": ["1 egg"]}"#)
        #expect(try CLI.run(["import", "schema-org", "a.json", "--out", "recipes"], in: dir.url).status == 0)
        try dir.write("recipes/NOTES.md", "my notes")
        let notes = try CLI.run(["import", "schema-org", "a.json", "--out", "recipes"], in: dir.url)
        #expect(notes.status == 2)
        #expect(notes.stderr == "larder: error: --out 'recipes' is an earlier import's folder, but it also holds 'NOTES.md', which an import does not write: the import replaces the folder whole, which would delete it; move 'NOTES.md' out of the folder, or give --out a new folder\n", "\(notes.stderr)")
        #expect(files(in: dir.url.appendingPathComponent("recipes")) == [".larder-import", "NOTES.md", "a.json"])
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("recipes/NOTES.md"))
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("recipes/images"), withIntermediateDirectories: true)
        #expect(try CLI.run(["import", "schema-org", "a.json", "--out", "recipes"], in: dir.url).stderr.contains("also holds 'images'"))
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("recipes/images"))

        let inside = try CLI.run(["import", "schema-org", "../a.json", "--out", "."], in: dir.url.appendingPathComponent("recipes"))
        #expect(inside.status == 2)
        #expect(inside.stderr == "larder: error: --out '.' is the folder you are in: the import replaces its --out folder whole, which would leave you in a folder that was removed; run the import from outside it (from its parent, with --out naming it)\n", "\(inside.stderr)")
        #expect(files(in: dir.url.appendingPathComponent("recipes")) == [".larder-import", "a.json"])
        try dir.write("notes.txt", "mine")
        let file = try CLI.run(["import", "schema-org", "a.json", "--out", "notes.txt"], in: dir.url)
        #expect(file.status == 2 && file.stderr == "larder: error: --out 'notes.txt' is a file; give --out a folder, a new one or an earlier import's\n", "\(file.stderr)")
        let empty = try CLI.run(["import", "schema-org", "a.json", "--out", ""], in: dir.url)
        #expect(empty.status == 2 && empty.stderr == "larder: error: --out must name a folder, not ''\n", "\(empty.stderr)")
    }

    @Test func theOutputFolderIsReplacedOnlyWhenLarderWroteIt() throws {
        let dir = try Scratch()
        try dir.write("a.json", #"{"@type": "Recipe", "name": "A", "recipeIngredient": ["1 egg"]}"#)
        try dir.write("b.json", #"{"@type": "Recipe", "name": "B", "recipeIngredient": ["1 egg"]}"#)
        try dir.write("mine/notes.txt", "my own file")

        // A folder Larder did not write is left alone.
        let refused = try CLI.run(["import", "schema-org", "a.json", "--out", "mine"], in: dir.url)
        #expect(refused.status == 2)
        #expect(refused.stderr == "larder: error: --out 'mine' is a folder Larder did not write (no .larder-import in it): the import replaces its --out folder whole, so give --out a new folder, such as 'mine/recipes'\n", "\(refused.stderr)")
        #expect(files(in: dir.url.appendingPathComponent("mine")) == ["notes.txt"])

        // An earlier import is replaced as a whole: no stale file is left.
        #expect(try CLI.run(["import", "schema-org", "a.json", "--out", "recipes"], in: dir.url).status == 0)
        #expect(files(in: dir.url.appendingPathComponent("recipes")) == [".larder-import", "a.json"])
        #expect(try CLI.run(["import", "schema-org", "b.json", "--out", "recipes"], in: dir.url).status == 0)
        #expect(files(in: dir.url.appendingPathComponent("recipes")) == [".larder-import", "b.json"])

        // The folder holding an input would be replaced: refused.
        try dir.write("recipes/in.json", #"{"@type": "Recipe", "name": "C", "recipeIngredient": ["1 egg"]}"#)
        let inside = try CLI.run(["import", "schema-org", "recipes/in.json", "--out", "recipes"], in: dir.url)
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("holds the input file recipes/in.json"))
        // Also when a link leads into it (the import deleted the input then).
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("plink").path, withDestinationPath: "recipes")
        let linked = try CLI.run(["import", "schema-org", "plink/in.json", "--out", "recipes"], in: dir.url)
        #expect(linked.status == 2, "\(linked.stderr)")
        #expect(linked.stderr.contains("holds the input file plink/in.json"))
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("recipes/in.json").path))
    }

    /// Imported products are content: `larder import off ... --out content/products`, as the
    /// README shows it, and the next lint reads them (the folder carried a build's
    /// `.larder-output` marker, which hides a folder from lint and build, and lint said
    /// "No problems in 1 file" with the products unread).
    @Test func importedFilesAreReadAsContent() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: product
                include: ["content/**/*.json"]
            """)
        try dir.write("content/other.json", #"{"code": "3017620422003", "product_name_en": "Other", "quantity": "400 g"}"#)
        try dir.write("in.jsonl", #"{"code":"7622210449283","product_name_en":"H","quantity":"2 x 150 g"}"# + "\n")
        let imported = try CLI.run(["import", "off", "in.jsonl", "--out", "content/products"], in: dir.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(files(in: dir.url.appendingPathComponent("content/products")) == [".larder-import", "7622210449283.json"])
        let lint = try CLI.run(["lint", "--color", "never"], in: dir.url)
        #expect(lint.stdout.contains("2 files") || lint.stderr.contains("2 files"), "\(lint.stdout)\(lint.stderr)")
        #expect(!(lint.stdout + lint.stderr).contains("in 1 file"))
    }

    /// A fresh import lints clean of control characters: they were imported as they were
    /// (`"Bell\u0007Cake"`), and lint's control-character rule refused the files.
    @Test func importedTextPassesTheControlCharacterRule() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/recipes/*.json"]
              - kind: product
                include: ["content/products/*.json"]
            """)
        try dir.write("t1.json", #"{"@type":"Recipe","name":"Bell&#7;Cake","identifier":"bell-cake","recipeIngredient":["2 eggs\u0007"]}"#)
        try dir.write("cc.json", #"{"code":"3017620422003","product_name":"Nut\u0007ella","brands":"Fer&#1;rero"}"#)
        let recipes = try CLI.run(["import", "schema-org", "t1.json", "--out", "content/recipes", "--color", "never"], in: dir.url)
        #expect(recipes.status == 0, "\(recipes.stderr)")
        #expect(recipes.stderr.contains("t1.json:1:1: warning: /name holds the control character U+0007 (BEL)"), "\(recipes.stderr)")
        let products = try CLI.run(["import", "off", "cc.json", "--out", "content/products", "--color", "never"], in: dir.url)
        #expect(products.status == 0, "\(products.stderr)")
        #expect(products.stderr.contains("cc.json:1:1: warning: /brands/0 holds the control character U+0001"), "\(products.stderr)")
        let lint = try CLI.run(["lint", "--color", "never"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(!(lint.stdout + lint.stderr).contains("control-character"), "\(lint.stdout)\(lint.stderr)")
    }

    /// A folder an earlier import marked as a build's output (`.larder-output`) is replaced
    /// without that marker, and the import says so; a folder of a user's own files is still
    /// refused.
    @Test func anEarlierImportsBuildMarkerIsRemovedWithANote() throws {
        let dir = try Scratch()
        try dir.write("in.jsonl", #"{"code":"7622210449283","product_name_en":"H","quantity":"2 x 150 g"}"# + "\n")
        try dir.write("content/products/.larder-output", "")
        try dir.write("content/products/5449000000996.json", "{}")
        let r = try CLI.run(["import", "off", "in.jsonl", "--out", "content/products"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(files(in: dir.url.appendingPathComponent("content/products")) == [".larder-import", "7622210449283.json"])
        #expect(r.stderr.contains("Removed .larder-output from content/products"), "\(r.stderr)")
        // The next import has nothing to remove, and says nothing of it.
        let again = try CLI.run(["import", "off", "in.jsonl", "--out", "content/products"], in: dir.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("Removed"))
    }

    /// A build's output folder (its marker, and files an import does not write) is refused
    /// as --out: it was replaced, "an earlier import left it there" was said, and the next
    /// build refused the folder until it was removed by hand.
    @Test func aBuildsOutputIsRefusedAsTheImportFolder() throws {
        let dir = try Scratch()
        try dir.write("in.jsonl", #"{"code":"7622210449283","product_name_en":"H"}"# + "\n")
        try dir.write("dist/json/.larder-output", "")
        try dir.write("dist/json/manifest.json", "{}")
        try dir.write("dist/json/en/recipe.json", "[]")
        let r = try CLI.run(["import", "off", "in.jsonl", "--out", "dist/json"], in: dir.url)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("--out dist/json is the output of `larder build` (it holds .larder-output and 'en', which an import does not write)"), "\(r.stderr)")
        #expect(files(in: dir.url.appendingPathComponent("dist/json")) == [".larder-output", "en", "manifest.json"])
    }

    /// A recipe page's commented-out JSON-LD is not imported, and a note says so (the draft
    /// was imported as "old-draft", exit 0, with no word).
    @Test func commentedOutJSONLDIsNotImported() throws {
        let dir = try Scratch()
        try dir.write("page.html", """
            <html><head>
            <!-- old version, disabled:
            <script type="application/ld+json">{"@type": "Recipe", "name": "Old Draft", "recipeIngredient": ["1 egg"]}</script>
            -->
            <script type="application/ld+json">{"@type": "Recipe", "name": "Pancakes", "recipeIngredient": ["1 egg"]}</script>
            </head><body><textarea><script type="application/ld+json">{"@type": "Recipe", "name": "Pasted", "recipeIngredient": ["1 egg"]}</script></textarea></body></html>
            """)
        let r = try CLI.run(["import", "schema-org", "page.html", "--stdout", "--color", "never"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let value = try JSONValue(parsing: r.stdout)
        #expect(value.arrayValue?.compactMap { $0["id"] } == ["pancakes"])
        #expect(r.stderr.contains("page.html:3:1: note: a <script type=\"application/ld+json\"> inside an HTML comment is skipped"), "\(r.stderr)")
        #expect(r.stderr.contains("page.html:6:24: note: a <script type=\"application/ld+json\"> inside a <textarea> is skipped"), "\(r.stderr)")
    }

    @Test func nothingImportedLeavesTheFolderAlone() throws {
        let dir = try Scratch()
        try dir.write("a.json", #"{"@type": "Recipe", "name": "A", "recipeIngredient": ["1 egg"]}"#)
        try dir.write("broken.json", #"{"@type": "Recipe", "name": "#)
        #expect(try CLI.run(["import", "schema-org", "a.json", "--out", "recipes"], in: dir.url).status == 0)
        let r = try CLI.run(["import", "schema-org", "broken.json", "--out", "recipes", "--color", "never"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stderr.contains("broken.json:1:29: error:"))
        #expect(r.stderr.contains("Nothing to import; recipes was left as it was."))
        #expect(files(in: dir.url.appendingPathComponent("recipes")) == [".larder-import", "a.json"])
    }

    @Test(arguments: [
        (["import", "off", "p.json"], "give --out DIR, --stdout or --jsonl"),
        (["import", "off", "p.json", "--stdout", "--jsonl"], "give only one of --out, --stdout and --jsonl"),
        (["import", "off", "--stdout"], "give at least one file to import"),
        (["import", "csv", "p.json", "--stdout"], "unknown importer 'csv'; use one of: off, schema-org"),
        (["import", "ofd", "p.json", "--stdout"], "unknown importer 'ofd'; use one of: off, schema-org (did you mean 'off'?)"),
        (["import", "files", "p.json", "--stdout"], "'files' is a source but not an importer"),
        (["import", "off", "missing.json", "--stdout"], "cannot read missing.json: no such file"),
        (["import", "off", "p.json", "--out", "/"], "--out must name a folder"),
    ])
    func usageErrorsExitTwo(_ args: [String], _ message: String) throws {
        let dir = try Scratch()
        try dir.write("p.json", #"{"code": "3017620422003", "product_name": "Nutella"}"#)
        let r = try CLI.run(args, in: dir.url)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func pluginsListsTheImporters() throws {
        let r = try CLI.run(["plugins"])
        #expect(r.status == 0)
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(3).joined(separator: " ") }
        #expect(rows.contains("off load source"))
        #expect(rows.contains("schema-org load source"))
    }

    @Test func helpSaysWhatTheExitStatusMeans() throws {
        let r = try CLI.run(["import", "--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("1 when one or more records were not"))
    }
}

extension ImportCommandTests {
    /// `-` reads standard input, so `curl … | larder import off -` works (it was "cannot
    /// read -: no such file"); its diagnostics name `<stdin>`. It can be given once.
    @Test func aDashReadsStandardInput() throws {
        let dir = try Scratch()
        let product = try CLI.run(["import", "off", "-", "--jsonl", "--color", "never"], in: dir.url,
                                  input: #"{"code": "3017620422003", "product": {"product_name": "Nutella", "brands": 7}, "status": 1}"#)
        #expect(product.status == 0, "\(product.stderr)")
        #expect(try JSONValue(parsing: product.stdout)["code"] == "3017620422003")
        #expect(product.stderr.contains("<stdin>:1:"), "\(product.stderr)")
        let page = #"<html><script type="application/ld+json">{"@type": "Recipe", "name": "Pasta", "recipeIngredient": ["pasta"]}</script></html>"#
        let recipe = try CLI.run(["import", "schema-org", "-", "--out", "recipes"], in: dir.url, input: page)
        #expect(recipe.status == 0, "\(recipe.stderr)")
        #expect(files(in: dir.url.appendingPathComponent("recipes")) == [".larder-import", "pasta.json"])
        let twice = try CLI.run(["import", "off", "-", "-", "--stdout"], in: dir.url, input: "{}")
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("standard input (-) can be read once"), "\(twice.stderr)")
    }

    /// Standard input is read in blocks of 1 MiB: records that span blocks are read whole,
    /// and input past the importers' limit (256 MiB) is refused by name, as a file that large
    /// is, rather than held whole.
    @Test func standardInputIsReadInBlocksUpToTheLimit() throws {
        let dir = try Scratch()
        // 1,500 products of about 1 KB each: more than one block, a line across its end.
        let filler = String(repeating: "x", count: 1_000)
        let lines = (1...1_500).map { i in
            #"{"code": "\#(String(format: "%08d", i))", "product": {"product_name": "Product \#(i)", "generic_name": "\#(filler)"}}"#
        }
        let many = try CLI.run(["import", "off", "-", "--out", "products"], in: dir.url, input: lines.joined(separator: "\n"))
        #expect(many.status == 0, "\(many.stderr.prefix(2_000))")
        let written = files(in: dir.url.appendingPathComponent("products")).filter { $0.hasSuffix(".json") }
        #expect(written.count == 1_500)
        #expect(written.contains("00000001.json") && written.contains("00001500.json"))

        let tooLarge = try CLI.run(["import", "off", "-", "--stdout"], in: dir.url, input: String(repeating: " ", count: (256 << 20) + 1))
        #expect(tooLarge.status == 2)
        #expect(tooLarge.stderr.contains("cannot read <stdin>: is larger than 268435456 bytes"), "\(tooLarge.stderr)")
    }
}

extension ImportCommandTests {
    /// An id Windows reserves as a device name gets a hash in its file name, as the
    /// exporters give it (`con.json` cannot be made or checked out on Windows).
    @Test func windowsDeviceNamesAreNotFileNames() throws {
        let dir = try Scratch()
        try dir.write("r.jsonl", """
            {"@type": "Recipe", "identifier": "CON", "name": "A", "recipeIngredient": ["1 egg"]}
            {"@type": "Recipe", "identifier": "nul", "name": "B", "recipeIngredient": ["1 egg"]}

            """)
        let r = try CLI.run(["import", "schema-org", "r.jsonl", "--out", "recipes"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let written = files(in: dir.url.appendingPathComponent("recipes"))
        #expect(written.count == 3 && written.contains("con-1143da2b.json") && written.contains { $0.hasPrefix("nul-") }, "\(written)")
        #expect(!written.contains("con.json") && !written.contains("nul.json"))
    }
}
