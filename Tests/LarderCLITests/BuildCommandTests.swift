import Foundation
import LarderCore
import LarderJSON
import Testing

/// `larder build` end to end: each example builds, rebuilds are byte-identical, a build
/// killed half-way leaves every output whole (old or new, never half), and content errors
/// stop the build before anything is written.
@Suite struct BuildCommandTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// A copy of an example app in a scratch folder (without any earlier build output).
    func copy(_ app: String) throws -> Scratch {
        let dir = try Scratch()
        let target = dir.url.appendingPathComponent(app)
        try FileManager.default.copyItem(at: Self.examples.appendingPathComponent(app), to: target)
        try? FileManager.default.removeItem(at: target.appendingPathComponent("dist"))
        try? FileManager.default.removeItem(at: target.appendingPathComponent(".larder-cache"))  // a local lint's cache
        return dir
    }

    /// Every file under `dir` with its bytes.
    func snapshot(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: dir.path) else { return out }
        while let p = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(p).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out[p] = FileManager.default.contents(atPath: dir.appendingPathComponent(p).path)
            }
        }
        return out
    }

    @Test(arguments: ["cocktails", "saigon-photo-spots", "food-products", "portuguese-recipes", "card-war"])
    func exampleBuildsAndRebuildsByteForByte(_ app: String) throws {
        let dir = try copy(app)
        let project = dir.url.appendingPathComponent(app)
        let first = try CLI.run(["build"], in: project)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let built = snapshot(project.appendingPathComponent("dist"))
        #expect(built.count > 3)
        let second = try CLI.run(["build"], in: project)
        #expect(second.status == 0)
        #expect(snapshot(project.appendingPathComponent("dist")) == built)
        // Nothing but the outputs is left beside the content.
        let names = try FileManager.default.contentsOfDirectory(atPath: project.path)
        #expect(!names.contains { $0.hasPrefix(".larder-staging-") })
    }

    /// A build stopped by mistakes in its config names that config, as the report above it
    /// does: `--config app-content.yml` said "larder.yml has errors" in a project with none.
    @Test func aStoppedBuildNamesTheConfigItWasGiven() throws {
        let dir = try Scratch()
        try dir.write("app-content.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"*.json\"]\nrules:\n  unique-idd: error\n")
        try dir.write("r.json", #"{"id": "a", "name": "A", "ingredients": ["1 egg"]}"#)
        for check in [false, true] {
            let r = try CLI.run(["build", "--config", "app-content.yml"] + (check ? ["--check"] : []), in: dir.url)
            #expect(r.status == 2)
            #expect(r.stderr.hasSuffix("larder: app-content.yml has errors; nothing was \(check ? "checked" : "built")\n"), "\(r.stderr)")
        }
    }

    /// An `include` that covers the build's own output (`**/*.json`, the bundles written to
    /// dist/): the next lint read the bundle's recipes as content ("recipe id 'a' is already
    /// used by the recipe at content/r.json") and every build after the first failed. A
    /// folder with Larder's output marker is never content, in the working tree and in the
    /// index.
    @Test func theBuildsOwnOutputIsNeverContent() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"**/*.json\"]\nexports:\n  - json-bundle: {}\n")
        try dir.write("content/r.json", #"{"id": "a", "name": "A", "ingredients": ["1 egg"]}"#)
        let first = try CLI.run(["build"], in: dir.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist/json-bundle/en/recipe.json").path))
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("No problems in 1 file"), "\(lint.stdout)")  // content/r.json
        let second = try CLI.run(["build"], in: dir.url)
        #expect(second.status == 0, "\(second.stderr)")
        // Committed output, linted from the index.
        _ = try git(["init", "-q"], in: dir.url)
        _ = try git(["add", "-A"], in: dir.url)
        let staged = try CLI.run(["lint", "--staged"], in: dir.url)
        #expect(staged.status == 0, "\(staged.stdout)\(staged.stderr)")
        #expect(!staged.stdout.contains("dist/"), "\(staged.stdout)")
        // A folder with no marker is content as before.
        try dir.write("other/r.json", #"{"id": "a", "name": "A", "ingredients": ["1 egg"]}"#)
        let duplicate = try CLI.run(["lint"], in: dir.url)
        #expect(duplicate.status == 1)
        #expect(duplicate.stdout.contains("other/r.json"), "\(duplicate.stdout)")
    }

    /// One document is one document ("Built 1 documents").
    @Test func oneDocumentIsCountedInTheSingular() throws {
        let dir = try Scratch()
        try dir.write("any.schema.json", #"{"type": "object"}"#)
        try dir.write("content/c.json", #"{"id": "a", "t": {"en": "A"}}"#)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: card\n    schema: any.schema.json\n    include: [\"content/*.json\"]\nexports:\n  - json-bundle: { out: dist/json }\n")
        let built = try CLI.run(["build"], in: dir.url)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("Built 1 document into dist/json (2 files)."), "\(built.stderr)")
        let checked = try CLI.run(["build", "--check"], in: dir.url)
        #expect(checked.stderr.contains("Checked 1 document: dist/json (2 files) up to date."), "\(checked.stderr)")
        // With --out, the outputs are named where they are (it named dist/json there too).
        let away = try CLI.run(["build", "--out", "elsewhere"], in: dir.url)
        #expect(away.stderr.contains("Built 1 document into elsewhere/dist/json (2 files)."), "\(away.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("elsewhere/dist/json/manifest.json").path))
    }

    /// An output whose path is the content's but for case (`Content/cards`) was accepted: on
    /// macOS and Windows it replaced the content folder.
    @Test func anOutputThatIsTheContentButForCaseIsRefused() throws {
        let dir = try Scratch()
        try dir.write("any.schema.json", #"{"type": "object"}"#)
        try dir.write("content/cards/c.json", #"{"id": "a", "t": {"en": "A"}}"#)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: card\n    schema: any.schema.json\n    include: [\"content/cards/*.json\"]\nexports:\n  - json-bundle: { out: Content }\n")
        let built = try CLI.run(["build"], in: dir.url)
        #expect(built.status == 2, "\(built.stderr)")
        #expect(built.stdout.contains("'out: Content' would replace 'content/cards/c.json', which is part of the project's content or config"), "\(built.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("Content").path))
    }

    /// `--out` dropped every protection: `--out content` with `out: c.json` replaced the
    /// content file, `--out .` (the default folder) the config, `--out .git` wrote into git's
    /// folder; and a schema file a kind's schema `$ref`s was replaced even without `--out`.
    @Test func outputsAreCheckedWhereTheyLandWhateverOutIs() throws {
        let dir = try Scratch()
        try dir.write("schemas/card.schema.json", #"{"type": "object", "properties": {"n": {"$ref": "defs.schema.json#/$defs/n"}}}"#)
        try dir.write("schemas/defs.schema.json", #"{"$defs": {"n": {"type": "integer"}}}"#)
        let content = #"{"id": "a", "t": {"en": "A"}, "n": 1}"#
        try dir.write("content/c.json", content)
        func config(_ out: String) throws {
            try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: card\n    schema: schemas/card.schema.json\n    include: [\"content/*.json\"]\nexports:\n  - xcstrings: { out: \(out) }\n")
        }
        // Where --out makes the trouble, it is the flag's usage error, naming it (a
        // config error blamed larder.yml); where `out` itself does, the config's error.
        let cases: [(out: String, flags: [String], refused: String)] = [
            ("c.json", ["--out", "content"], "larder: error: --out 'content' puts the output 'c.json' of exports[0] (xcstrings) at 'content/c.json', where it would replace 'content/c.json', which is part of the project's content or config; give --out another folder"),
            ("larder.yml", ["--out", "."], "'out: larder.yml' would replace 'larder.yml'"),
            ("card.schema.json", ["--out", "schemas"], "larder: error: --out 'schemas' puts the output 'card.schema.json' of exports[0] (xcstrings) at 'schemas/card.schema.json', where it would replace 'schemas/card.schema.json'"),
            ("schemas/defs.schema.json", [], "'out: schemas/defs.schema.json' would replace 'schemas/defs.schema.json'"),
            ("defs.schema.json", ["--out", "./schemas/"], "larder: error: --out './schemas/' puts the output 'defs.schema.json' of exports[0] (xcstrings) at 'schemas/defs.schema.json', where it would replace 'schemas/defs.schema.json'"),
            ("x.xcstrings", ["--out", ".git"], "larder: error: --out '.git' is in the project's '.git', which is git's folder; give --out a folder outside it"),
            ("x.xcstrings", ["--out", ".larder-cache/x"], "larder: error: --out '.larder-cache/x' is in the project's '.larder-cache', which is Larder's own folder; give --out a folder outside it"),
        ]
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for (out, flags, refused) in cases {
            try config(out)
            let before = snapshot(dir.url).filter { !$0.key.hasPrefix(".larder-cache/") }
            let built = try CLI.run(["build"] + flags, in: dir.url)
            #expect(built.status == 2, "\(out) \(flags): \(built.stderr)")
            if refused.hasPrefix("larder: error: --out") {
                #expect(built.stderr.hasPrefix(refused), "\(out) \(flags): \(built.stderr)")
                #expect(built.stdout.isEmpty && !built.stderr.contains("larder.yml has errors"), "\(out) \(flags): \(built.stdout)\(built.stderr)")
            } else {
                #expect(built.stdout.contains(refused), "\(out) \(flags): \(built.stdout)")
            }
            #expect(snapshot(dir.url).filter { !$0.key.hasPrefix(".larder-cache/") } == before, "\(out) \(flags)")
        }
        // Outside the project (and in a folder of it that holds no protected file) it builds.
        try config("x.xcstrings")
        let away = try CLI.run(["build", "--out", "content/sub"], in: dir.url)
        #expect(away.status == 0, "\(away.stdout)\(away.stderr)")
        #expect(try String(contentsOf: dir.url.appendingPathComponent("content/c.json"), encoding: .utf8) == content)
    }

    /// `--out .git` (or `.larder-cache`) was reported as a mistake of each export's `out`
    /// in larder.yml ("'out: dist/json' is in the project's '.git'"), then "larder.yml has
    /// errors", which has none: the mistake is the flag, and one usage error names it.
    @Test func anOutInGitOrLarderCacheIsTheFlagsMistake() throws {
        let dir = try copy("cocktails")
        let project = dir.url.appendingPathComponent("cocktails")
        for (flag, whose) in [(".git", "git's"), (".larder-cache", "Larder's own"), (".git/x", "git's"), (".Git.", "git's")] {
            for check in [[], ["--check"]] {
                let r = try CLI.run(["build", "--out", flag] + check, in: project)
                #expect(r.status == 2, "\(flag) \(check)")
                let folder = flag.split(separator: "/")[0]
                #expect(r.stderr == "larder: error: --out '\(flag)' is in the project's '\(folder)', which is \(whose) folder; give --out a folder outside it\n", "\(flag) \(check)")
                #expect(r.stdout.isEmpty, "\(flag) \(check): \(r.stdout)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent(".git").path))
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent(".Git.").path))
    }

    /// `--out dist/json` put the outputs inside the output `dist/json` (at
    /// dist/json/dist/json): `--check` then found 50 files that are not built any more, and
    /// the next build without --out removed them all with the folder. An --out is checked
    /// as an `out` is: its outputs may not lie in or over an output of the config (where a
    /// build without --out writes it), nor one an earlier build with another --out wrote.
    @Test func anOutInOrOverAnotherBuildsOutputIsRefused() throws {
        let dir = try copy("cocktails")
        let project = dir.url.appendingPathComponent("cocktails")
        #expect(try CLI.run(["build"], in: project).status == 0)
        #expect(try CLI.run(["build", "--out", "preview"], in: project).status == 0)
        let before = snapshot(project)
        let refused: [(flags: [String], message: String)] = [
            (["--out", "dist/json"], "--out 'dist/json' puts the output 'dist/json' of exports[0] (json-bundle) at 'dist/json/dist/json', inside 'dist/json', where it goes in a build without --out"),
            (["--out", "dist/jsonld/en", "--check"], "--out 'dist/jsonld/en' puts the output 'dist/json' of exports[0] (json-bundle) at 'dist/jsonld/en/dist/json', inside 'dist/jsonld', where exports[2] (jsonld) writes in a build without --out"),
            // As Windows sees it: `dist/JSON.` is its `dist/json`.
            (["--out", "dist/JSON."], "--out 'dist/JSON.' puts the output 'dist/json' of exports[0] (json-bundle) at 'dist/JSON./dist/json', inside 'dist/json', where it goes in a build without --out"),
            // An output of an earlier build with another --out.
            (["--out", "preview/dist/jsonld/es"], "--out 'preview/dist/jsonld/es' puts the output 'dist/json' of exports[0] (json-bundle) at 'preview/dist/jsonld/es/dist/json', inside 'preview/dist/jsonld', an output an earlier build of larder.yml wrote"),
        ]
        for (flags, message) in refused {
            let r = try CLI.run(["build"] + flags, in: project)
            #expect(r.status == 2, "\(flags)")
            #expect(r.stderr == "larder: error: \(message): the two builds would replace each other's files; give --out a folder apart from the outputs of larder.yml\n", "\(flags)")
            #expect(snapshot(project) == before, "\(flags)")
        }
        // An output over another export's place, and one holding it.
        try dir.write("cocktails/larder.yml", (try String(contentsOf: project.appendingPathComponent("larder.yml"), encoding: .utf8))
            .replacingOccurrences(of: "- jsonld: { out: dist/jsonld }", with: "- jsonld: { out: web/dist/json }\n  - i18next: { out: web/json/ld }"))
        let over = try CLI.run(["build", "--out", "web"], in: project)
        #expect(over.status == 2)
        #expect(over.stderr.hasPrefix("larder: error: --out 'web' puts the output 'dist/json' of exports[0] (json-bundle) at 'web/dist/json', where exports[2] (jsonld) writes in a build without --out: "), "\(over.stderr)")
        try dir.write("cocktails/larder.yml", (try String(contentsOf: project.appendingPathComponent("larder.yml"), encoding: .utf8))
            .replacingOccurrences(of: "out: dist/json }", with: "out: json }"))
        let holds = try CLI.run(["build", "--out", "web"], in: project)
        #expect(holds.status == 2)
        #expect(holds.stderr.hasPrefix("larder: error: --out 'web' puts the output 'json' of exports[0] (json-bundle) at 'web/json', which holds 'web/json/ld', where exports[3] (i18next) writes in a build without --out: "), "\(holds.stderr)")
        // A folder apart from them builds, and the project's folder is the build without --out.
        let apart = try CLI.run(["build", "--out", "elsewhere"], in: project)
        #expect(apart.status == 0, "\(apart.stderr)")
        #expect(try CLI.run(["build", "--out", "."], in: project).status == 0)
    }

    /// A String Catalog written over an existing file that is not one: any JSON file was
    /// replaced, so `out: package.json` (a typo, or a wrong guess) replaced the project's
    /// package.json, with no copy left. Only a String Catalog, or a file a build recorded
    /// writing, is replaced.
    @Test func aStringCatalogDoesNotReplaceAnotherJSONFile() throws {
        let dir = try Scratch()
        let package = #"{"name": "my-app", "version": "1.0.0", "scripts": {"test": "jest"}}"#
        try dir.write("package.json", package)
        try dir.write("content/a.json", #"{"id": "a", "name": {"en": "X"}, "ingredients": ["1 egg"]}"#)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nexports:\n  - xcstrings: { out: package.json }\n")
        for flags in [[], ["--no-stream"], ["--check"]] {
            let r = try CLI.run(["build"] + flags, in: dir.url)
            #expect(r.status == 2, "\(flags)")
            #expect(r.stderr.contains("larder: error: [export xcstrings] 'package.json' exists and is neither a String Catalog (a JSON object with \"sourceLanguage\" and \"strings\") nor a file a build recorded writing, so the build leaves it as it is; give the String Catalog another `out`, such as dist/ios/Content.xcstrings"), "\(flags): \(r.stderr)")
            #expect(try String(contentsOf: dir.url.appendingPathComponent("package.json"), encoding: .utf8) == package)
        }
        // Its own String Catalog it replaces, and one Xcode wrote (a String Catalog too).
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nexports:\n  - xcstrings: { out: App/Localizable.xcstrings }\n")
        try dir.write("App/Localizable.xcstrings", #"{"sourceLanguage" : "en", "strings" : {}, "version" : "1.0"}"#)
        #expect(try CLI.run(["build"], in: dir.url).status == 0)
        #expect(try CLI.run(["build"], in: dir.url).status == 0)
        #expect(try String(contentsOf: dir.url.appendingPathComponent("App/Localizable.xcstrings"), encoding: .utf8).contains("recipe.a.name"))
    }

    /// Runs `/bin/mount` or `/bin/umount` with `arguments`; true when it succeeded.
    static func mount(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/" + tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// An output whose folder is another file system (a volume mounted in the project):
    /// the previous output was moved across into the staging folder, the new one failed to
    /// fit, and the staging folder went with the previous output; an output that is itself
    /// a mount point failed with "NSCocoaErrorDomain error 512". (Needs root, to mount a
    /// tmpfs; skipped where it cannot.)
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")))
    func anOutputOnAnotherFileSystemIsReplacedWholeOrNotAtAll() throws {
        let dir = try Scratch()
        func content(_ length: Int) throws {
            try dir.write("content/c.json", #"{"id": "a", "t": {"en": "\#(String(repeating: "x", count: length))"}}"#)
        }
        try dir.write("any.schema.json", #"{"type": "object"}"#)
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: card\n    schema: any.schema.json\n    include: [\"content/*.json\"]\nexports:\n  - json-bundle: { out: dist/json }\n")
        try content(10)
        let dist = dir.url.appendingPathComponent("dist")
        try FileManager.default.createDirectory(at: dist, withIntermediateDirectories: true)
        guard Self.mount("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", dist.path]) else { return }
        defer { _ = Self.mount("umount", [dist.path]) }
        let bundle = dist.appendingPathComponent("json/en/card.json")
        #expect(try CLI.run(["build"], in: dir.url).status == 0)
        // Room for it: it lands, and nothing is left beside it.
        try content(20_000)
        let built = try CLI.run(["build"], in: dir.url)
        #expect(built.status == 0, "\(built.stderr)")
        let before = try Data(contentsOf: bundle)
        #expect(before.count > 20_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dist.path) == ["json"])
        // No room for it: the build fails, naming the output and why, and the previous one is whole.
        try content(300_000)
        let full = try CLI.run(["build"], in: dir.url)
        #expect(full.status == 2)
        #expect(full.stderr.contains("cannot write the output 'dist/json': No space left on device"), "\(full.stderr)")
        #expect(try Data(contentsOf: bundle) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dist.path) == ["json"])
        // The output a mount point: refused, saying so, and left as it was.
        _ = Self.mount("umount", [dist.path])
        try FileManager.default.removeItem(at: dist)
        try content(10)
        #expect(try CLI.run(["build"], in: dir.url).status == 0)
        let json = dist.appendingPathComponent("json")
        guard Self.mount("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", json.path]) else { return }
        defer { _ = Self.mount("umount", [json.path]) }
        try dir.write("dist/json/.larder-output", "")
        try dir.write("dist/json/old.txt", "old")
        try content(20)
        let mounted = try CLI.run(["build"], in: dir.url)
        #expect(mounted.status == 2)
        #expect(mounted.stderr.contains("cannot write the output 'dist/json': another file system is mounted there"), "\(mounted.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: json.path).sorted() == [".larder-output", "old.txt"])
    }

    @Test func contentErrorsStopTheBuildBeforeAnythingIsWritten() throws {
        let dir = try copy("cocktails")
        let project = dir.url.appendingPathComponent("cocktails")
        let drinks = project.appendingPathComponent("content/drinks.json")
        var text = try String(contentsOf: drinks, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"rating\": 4", with: "\"rating\": 9")
        try Data(text.utf8).write(to: drinks)
        let r = try CLI.run(["build", "--format", "xcode"], in: project)
        #expect(r.status == 1)
        #expect(r.stdout.contains("[schema]"), "\(r.stdout)")
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("dist").path))
    }

    /// A build's transforms pass the documents they have nothing to do with silently: every
    /// shop and the taxonomy of a project whose config scales its recipes were warned
    /// about ("nothing to scale: the document has no ingredients list"), with no way to
    /// silence it, and every recipe without nutrition got a note from convert.
    @Test func transformsPassOtherKindsSilently() throws {
        let dir = try copy("cocktails")
        let project = dir.url.appendingPathComponent("cocktails")
        let config = project.appendingPathComponent("larder.yml")
        try Data((try String(contentsOf: config, encoding: .utf8) + "transforms:\n  - scale: { factor: 2 }\n  - convert: { units: metric, energy: kJ }\n").utf8)
            .write(to: config)
        let r = try CLI.run(["build", "--format", "xcode"], in: project)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stdout.contains("nothing to scale"), "\(r.stdout)")
        #expect(!r.stdout.contains("no nutrition to convert"), "\(r.stdout)")
        // The command line, given a file with nothing to scale, still says so.
        let shops = try CLI.run(["scale", "content/shops.json", "--factor", "2"], in: project)
        #expect(shops.stderr.contains("nothing to scale"), "\(shops.stderr)")
    }

    /// A transform step's messages name its options as larder.yml spells them: a build
    /// told to "use --factor", a flag it has no place for. The command line keeps its flags.
    @Test func aStepsMessagesNameItsOptionsNotFlags() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"r.json\"]\ntransforms:\n  - scale: { servings: 4 }\n")
        try dir.write("r.json", #"[{"id": "a", "name": "A", "ingredients": ["1 egg"]}]"#)
        let r = try CLI.run(["build", "--format", "xcode"], in: dir.url)
        #expect(r.stdout.contains("the recipe has no servings, so the option servings has nothing to scale from; give servings in the recipe or use the option factor"), "\(r.stdout)")
        let cli = try CLI.run(["scale", "r.json", "--servings", "4"], in: dir.url)
        #expect(cli.stderr.contains("so --servings has nothing to scale from; give servings in the recipe or use --factor"), "\(cli.stderr)")
    }

    /// The bar convention, on the command line and as a step's option: a bare oz is a
    /// fluid ounce ("2 oz gin" for ten became "1 1/4 lb gin"); elsewhere it is a weight.
    @Test func theBarConventionReadsOuncesAsFluidOunces() throws {
        let dir = try Scratch()
        try dir.write("r.json", #"[{"id": "g", "name": "G", "servings": 1, "ingredients": ["2 oz gin", {"name": "vermouth", "quantity": 1, "unit": "oz"}]}]"#)
        let bar = try CLI.run(["scale", "r.json", "--factor", "10", "--convention", "bar"], in: dir.url)
        #expect(bar.status == 0 && bar.stdout.contains(#""1 1/4 pt gin""#), "\(bar.stdout)\(bar.stderr)")
        let kitchen = try CLI.run(["scale", "r.json", "--factor", "10"], in: dir.url)
        #expect(kitchen.stdout.contains(#""1 1/4 lb gin""#), "\(kitchen.stdout)")
        let metric = try CLI.run(["convert", "r.json", "--units", "metric", "--convention", "bar"], in: dir.url)
        #expect(metric.stdout.contains(#""59.1 ml gin""#) && metric.stderr.contains("a bar's (US customary, oz a fluid ounce of 29.6 ml"), "\(metric.stdout)\(metric.stderr)")
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"r.json\"]\ntransforms:\n  - scale: { factor: 10, convention: bar }\nexports:\n  - json-bundle: { out: dist }\n")
        let build = try CLI.run(["build", "--format", "xcode"], in: dir.url)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let bundle = String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("dist/en/recipe.json")), as: UTF8.self)
        #expect(bundle.contains("1 1/4 pt gin"), "\(bundle)")
    }

    /// A build's `scale` step reads a structured quantity in the source locale, as its
    /// free-text lines: "1,250" kg in a Portuguese project is 1.25 kg, doubled to "2,5" (it
    /// was read as 1250 and written "2500" next to "2,5 kg de bacalhau").
    @Test func scaleReadsStructuredQuantitiesInTheSourceLocale() throws {
        let dir = try Scratch()
        try dir.write("recipes.json", #"[{"id": "b", "name": "Bacalhau", "servings": 2, "ingredients": [{"name": "batatas", "quantity": "1,250", "unit": "kg"}, "1,250 kg de bacalhau"]}]"#)
        try dir.write("larder.yml", """
            locales: [pt]
            content:
              - kind: recipe
                include: ["recipes.json"]
            transforms:
              - scale: { factor: 2 }
            exports:
              - json-bundle: { out: dist }

            """)
        let r = try CLI.run(["build", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let bundle = String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("dist/pt/recipe.json")), as: UTF8.self)
        #expect(bundle.contains(#""quantity":"2,5""#) || bundle.contains(#""quantity": "2,5""#), "\(bundle)")
        #expect(bundle.contains("2,5 kg de bacalhau"), "\(bundle)")
    }

    /// An export's `fallback` option makes the build report each translation it fills in,
    /// at that severity: `error` stops the build with nothing written (a release bundle that
    /// must be fully translated, while lint only warns). The option was read and checked,
    /// and then had no effect at all.
    @Test func fallbackReportsFilledTranslationsAndErrorStopsTheBuild() throws {
        let dir = try Scratch()
        try dir.write("recipes.json", #"[{"id": "negroni", "name": {"en": "Negroni"}, "servings": 1, "ingredients": [{"en": "1 oz gin", "fr": "3 cl de gin"}]}]"#)
        func config(_ fallback: String) throws {
            try dir.write("larder.yml", """
                locales: [en, fr]
                content:
                  - kind: recipe
                    include: ["recipes.json"]
                rules:
                  locale-complete: "off"
                exports:
                  - json-bundle: { out: dist/json, fallback: \(fallback) }
                  - xcstrings: { out: dist/ios/Content.xcstrings }

                """)
        }
        try config("error")
        let failed = try CLI.run(["build", "--format", "xcode"], in: dir.url)
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stdout.contains("recipes.json:1:28: error: json-bundle (fallback: error) has no text for fr in name, where it would use the text of en for fr (add the translation); nothing was built [fallback]"), "\(failed.stdout)")
        #expect(failed.stderr.contains("nothing was built"), "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist").path))
        try config("warning")
        let warned = try CLI.run(["build", "--format", "xcode"], in: dir.url)
        #expect(warned.status == 0, "\(warned.stdout)\(warned.stderr)")
        #expect(warned.stdout.contains("recipes.json:1:28: warning: json-bundle (fallback: warning) has no text for fr in name and uses the text of en for fr (add the translation) [fallback]"), "\(warned.stdout)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist/json/fr/recipe.json").path))
        try config("off")
        let quiet = try CLI.run(["build", "--format", "xcode"], in: dir.url)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
    }

    /// Card War with a title that lacks its Vietnamese text and `fallback: error` on the
    /// String Catalog: the build reported an error and a warning at one place under one rule
    /// id (locale-complete), the error saying "the bundles use the text of en" of a build
    /// that wrote nothing, without naming the export whose option made it an error. Now the
    /// export's report has a rule id of its own and names the export and the option; the
    /// lint's warning is still there, and each export that fills the text in reports it once.
    @Test func fallbackErrorNamesTheExportAndIsNotTheLintRule() throws {
        let dir = try copy("card-war")
        let project = dir.url.appendingPathComponent("card-war")
        let achievements = project.appendingPathComponent("content/achievements.json")
        let text = try String(contentsOf: achievements, encoding: .utf8)
        let vi = "      \"vi\": \"Dễ như ăn kẹo\",\n"
        #expect(text.contains(vi))
        try Data(text.replacingOccurrences(of: vi, with: "").utf8).write(to: achievements)
        let configURL = project.appendingPathComponent("larder.yml")
        let original = try String(contentsOf: configURL, encoding: .utf8)
        func configure(_ xcstrings: String, jsonBundle: String = "") throws {
            let config = original
                .replacingOccurrences(of: "- xcstrings: { out: dist/ios/Content.xcstrings }", with: "- xcstrings: { out: dist/ios/Content.xcstrings, fallback: \(xcstrings) }")
                .replacingOccurrences(of: "- json-bundle: { out: dist/json }", with: "- json-bundle: { out: dist/json\(jsonBundle) }")
            #expect(config.contains("fallback: \(xcstrings)"))
            try Data(config.utf8).write(to: configURL)
        }
        let place = "content/achievements.json:4:14: "
        let lint = place + "warning: title has no text for vi (the project's locales are en, vi, pt-BR); add the translation [locale-complete]"

        try configure("error")
        let failed = try CLI.run(["build", "--format", "xcode"], in: project)
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        let lines = failed.stdout.split(separator: "\n").map { String($0.dropFirst(project.path.count + 1)) }
        #expect(lines == [
            place + "error: xcstrings (fallback: error) has no text for vi in title, where it would use the text of en for vi (add the translation); nothing was built [fallback]",
            lint,
        ], "\(failed.stdout)")
        #expect(failed.stderr.contains("nothing was built"), "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("dist").path))

        // Two exports that fill the text in: one diagnostic for each, naming it.
        try configure("warning", jsonBundle: ", fallback: note")
        let built = try CLI.run(["build", "--format", "xcode"], in: project)
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        let both = built.stdout.split(separator: "\n").map { String($0.dropFirst(project.path.count + 1)) }
        #expect(both == [
            place + "warning: xcstrings (fallback: warning) has no text for vi in title and uses the text of en for vi (add the translation) [fallback]",
            place + "note: json-bundle (fallback: note) has no text for vi in title and uses the text of en for vi (add the translation) [fallback]",
            lint,
        ], "\(built.stdout)")
        // SARIF describes the rule, and explain explains it.
        let sarif = try JSONValue(parsing: Array(try CLI.run(["build", "--format", "sarif"], in: project).stdout.utf8))
        let rules = sarif["runs"]?.arrayValue?.first?["tool"]?["driver"]?["rules"]?.arrayValue ?? []
        let fallback = try #require(rules.first { $0["id"] == "fallback" })
        #expect(fallback["shortDescription"]?["text"]?.stringValue?.contains("`fallback` option") == true, "\(fallback)")
        let explained = try CLI.run(["explain", "fallback"])
        #expect(explained.status == 0, "\(explained.stderr)")
        // Nothing is reported without the option: the heading said "(default: warning)".
        #expect(explained.stdout.hasPrefix("fallback (default: off; an export's option `fallback: warning`, `note` or `error` turns it on)\n"),
                "\(explained.stdout)")
        #expect(explained.stdout.contains("Nothing of this is reported unless an export asks"), "\(explained.stdout)")
        // A build without the option reports nothing of the text it fills in.
        try Data(original.utf8).write(to: configURL)
        let unasked = try CLI.run(["build", "--format", "xcode"], in: project)
        #expect(unasked.status == 0 && !unasked.stdout.contains("[fallback]") && unasked.stdout.contains(lint), "\(unasked.stdout)")
        // `larder rules` lists the rules whose severity larder.yml sets; `fallback` is set
        // by the export's option, and is not listed with a severity of its own.
        let listed = try CLI.run(["rules"])
        #expect(listed.status == 0 && !listed.stdout.split(separator: "\n").contains { $0.hasPrefix("fallback ") }, "\(listed.stdout)")
    }

    /// A JSON or SARIF report is one document for every run, streamed and whole: a clean
    /// build printed nothing at all (a workflow's `upload-sarif` then failed on an empty
    /// file), and `--check` with a lint warning printed two documents, one after the other.
    @Test(arguments: [[], ["--no-stream"]])
    func everyBuildPrintsOneReport(_ mode: [String]) throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nexports:\n  - json-bundle: { out: dist/json }\n")
        try dir.write("content/a.json", #"{"id": "a", "name": "x", "servings": 2, "ingredients": ["1 egg"], "steps": ["x"]}"#)
        func report(_ arguments: [String]) throws -> (status: Int32, report: JSONValue) {
            let r = try CLI.run(["build"] + arguments + mode, in: dir.url)
            // The parser refuses anything after the document.
            return (r.status, try JSONValue(parsing: Array(r.stdout.utf8)))
        }
        for check in [[], ["--check"]] {
            let clean = try report(check + ["--format", "json"])
            #expect(clean.status == 0)
            #expect(clean.report["diagnostics"]?.arrayValue?.isEmpty == true)
            #expect(clean.report["summary"]?["files"] == 1)
            let sarif = try report(check + ["--format", "sarif"])
            #expect(sarif.report["runs"]?.arrayValue?.first?["results"]?.arrayValue?.isEmpty == true)
        }

        // A warning (no Spanish text) and an output edited by hand.
        try dir.write("larder.yml", "locales: [en, es]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nexports:\n  - json-bundle: { out: dist/json }\n")
        #expect(try CLI.run(["build"], in: dir.url).status == 0)
        try dir.write("dist/json/en/recipe.json", "{}\n")
        let checked = try report(["--check", "--format", "json"])
        #expect(checked.status == 1)
        let rules = checked.report["diagnostics"]?.arrayValue?.compactMap { $0["rule"]?.stringValue } ?? []
        #expect(rules == ["locale-complete", "locale-complete", "locale-complete", "out-of-date"], "\(rules)")
        #expect(checked.report["summary"]?["errors"] == 1 && checked.report["summary"]?["warnings"] == 3)
        // The content file and the output that differs.
        #expect(checked.report["summary"]?["files"] == 2)
        let sarif = try report(["--check", "--format", "sarif"])
        #expect(sarif.report["runs"]?.arrayValue?.first?["results"]?.arrayValue?.count == 4)
    }

    /// A build whose step fails reports the lint's diagnostics too, with the content files
    /// counted, in every format: the report held the step's error alone and its summary
    /// counted no files, so a CI job that reads it lost the content's warnings on exactly
    /// the runs that fail. The exit status stays 2, with the one line on standard error.
    @Test(arguments: [[], ["--no-stream"]])
    func aFailedStepKeepsTheLintDiagnostics(_ mode: [String]) throws {
        let dir = try Scratch()
        // An export that fails when it runs: two documents with one id, which lint does not
        // report with `unique-id` off.
        try dir.write("larder.yml", """
            locales: [en, es]
            content:
              - kind: recipe
                include: ["content/*.json"]
            rules:
              unique-id: "off"
            exports:
              - json-bundle: { out: dist/json }
              - xcstrings: { out: dist/Content.xcstrings }
            """)
        // Three warnings: no Spanish text.
        try dir.write("content/a.json", #"{"id": "a", "name": "x", "servings": 2, "ingredients": ["1 egg"], "steps": ["x"]}"#)
        try dir.write("content/b.json", #"{"id": "b", "name": {"en": "y", "es": "y"}, "servings": 2, "ingredients": [{"en": "1 egg", "es": "1 huevo"}], "steps": [{"en": "x", "es": "x"}]}"#)
        try dir.write("content/c.json", #"{"id": "a", "name": {"en": "y", "es": "y"}, "servings": 2, "ingredients": [{"en": "1 egg", "es": "1 huevo"}], "steps": [{"en": "x", "es": "x"}]}"#)
        let failure = "[export json-bundle] two recipe documents have the id 'a'"

        let json = try CLI.run(["build", "--format", "json"] + mode, in: dir.url)
        #expect(json.status == 2, "\(json.stderr)")
        #expect(json.stderr.contains("larder: error: \(failure)"), "\(json.stderr)")
        let report = try JSONValue(parsing: Array(json.stdout.utf8))
        let rules = report["diagnostics"]?.arrayValue?.compactMap { $0["rule"]?.stringValue } ?? []
        #expect(rules == ["locale-complete", "locale-complete", "locale-complete", "json-bundle"], "\(json.stdout)")
        #expect(report["summary"]?["files"] == 3, "\(json.stdout)")
        #expect(report["summary"]?["errors"] == 1 && report["summary"]?["warnings"] == 3, "\(json.stdout)")

        let sarif = try CLI.run(["build", "--format", "sarif"] + mode, in: dir.url)
        #expect(sarif.status == 2)
        let results = try JSONValue(parsing: Array(sarif.stdout.utf8))["runs"]?[0]?["results"]?.arrayValue ?? []
        #expect(results.compactMap { $0["ruleId"]?.stringValue } == ["locale-complete", "locale-complete", "locale-complete", "json-bundle"], "\(sarif.stdout)")

        let github = try CLI.run(["build", "--format", "github"] + mode, in: dir.url)
        #expect(github.status == 2)
        let annotations = github.stdout.split(separator: "\n")
        #expect(annotations.filter { $0.hasPrefix("::warning file=content/a.json") }.count == 3, "\(github.stdout)")
        #expect(annotations.filter { $0.hasPrefix("::error file=larder.yml") }.count == 1, "\(github.stdout)")

        // A person's report: the warnings and their summary, then the line on standard error.
        let human = try CLI.run(["build"] + mode, in: dir.url)
        #expect(human.status == 2)
        #expect(human.stdout.components(separatedBy: "lacks es").count - 1 == 3, "\(human.stdout)")
        #expect(human.stdout.contains("3 warnings in 3 files"), "\(human.stdout)")
        #expect(human.stderr.hasPrefix("larder: error: \(failure)"), "\(human.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist").path))

        // Clean content: a person sees the error alone, not "No problems" above it.
        try dir.write("content/a.json", #"{"id": "a", "name": {"en": "y", "es": "y"}, "servings": 2, "ingredients": [{"en": "1 egg", "es": "1 huevo"}], "steps": [{"en": "x", "es": "x"}]}"#)
        let clean = try CLI.run(["build"] + mode, in: dir.url)
        #expect(clean.status == 2)
        #expect(clean.stdout.isEmpty, "\(clean.stdout)")
        let cleanJSON = try JSONValue(parsing: Array(try CLI.run(["build", "--format", "json"] + mode, in: dir.url).stdout.utf8))
        #expect(cleanJSON["diagnostics"]?.arrayValue?.count == 1 && cleanJSON["summary"]?["files"] == 3, "\(cleanJSON)")
    }

    /// Two ids that differ only in case make two files that macOS and Windows take for one:
    /// the streamed build wrote both, without a word, where `--no-stream` refused them.
    /// Both paths refuse them now, with one message, and write nothing.
    @Test(arguments: [[], ["--no-stream"]])
    func filesThatDifferOnlyInCaseAreRefusedOnBothPaths(_ mode: [String]) throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nexports:\n  - jsonld: { out: dist/jsonld, ids: { recipe: /x-key } }\n")
        try dir.write("content/r.json", #"[{"id": "n1", "x-key": "Negroni", "name": "Negroni", "ingredients": ["30 ml gin"]}, {"id": "n2", "x-key": "negroni", "name": "negroni", "ingredients": ["20 ml gin"]}]"#)
        let r = try CLI.run(["build"] + mode, in: dir.url)
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("[export jsonld] the files 'en/recipe/Negroni.json' and 'en/recipe/negroni.json' of the output 'dist/jsonld' differ only in case"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist").path))
    }

    /// An empty `--out` (an unset variable) built into the project and said it built into
    /// `/dist/json`; `--out` naming a file failed with "NSCocoaErrorDomain error 512".
    /// Both are usage errors that say what to give.
    @Test func anEmptyOrFileOutIsAUsageError() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nexports:\n  - json-bundle: { out: dist/json }\n")
        try dir.write("content/a.json", #"{"id": "a", "name": "x", "servings": 2, "ingredients": ["1 egg"], "steps": ["x"]}"#)
        let empty = try CLI.run(["build", "--out", ""], in: dir.url)
        #expect(empty.status == 64 || empty.status == 2, "\(empty.status)")
        #expect(empty.stderr.contains("--out is empty"), "\(empty.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist").path))
        let file = try CLI.run(["build", "--out", "larder.yml"], in: dir.url)
        #expect(file.stderr.contains("--out 'larder.yml' is a file; give a folder"), "\(file.stderr)")
        #expect(!file.stderr.contains("NSCocoaErrorDomain"), "\(file.stderr)")
    }

    /// An output folder the build may not replace: the message says which folders must be
    /// writable and that nothing changed (it was a bare "Permission denied"). Run as
    /// another user, since the superuser may write anywhere.
    @Test func aReadOnlyOutputSaysWhatMustBeWritable() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("SKIPPED: needs the superuser and setpriv to run a build as another user")
            return
        }
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nexports:\n  - json-bundle: { out: dist/json }\n")
        try dir.write("content/a.json", #"{"id": "a", "name": "x", "servings": 2, "ingredients": ["1 egg"], "steps": ["x"]}"#)
        // The binary and the scratch folder must be reachable by the other user.
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("larder-ro-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLI.binary, to: binary)
        defer { try? FileManager.default.removeItem(at: binary) }
        func asNobody(_ arguments: [String]) throws -> CLI.Result {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments
            p.currentDirectoryURL = dir.url
            let err = Pipe()
            p.standardError = err
            p.standardOutput = Pipe()
            try p.run()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return CLI.Result(status: p.terminationStatus, stdout: "", stderr: String(decoding: stderr, as: UTF8.self))
        }
        chown(dir.url.path, 65534, 65534)
        for path in ["larder.yml", "content", "content/a.json"] { chown(dir.url.appendingPathComponent(path).path, 65534, 65534) }
        let first = try asNobody(["build"])
        #expect(first.status == 0, "\(first.stderr)")
        chmod(dir.url.appendingPathComponent("dist/json").path, 0o555)
        let r = try asNobody(["build"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot write the output 'dist/json': Permission denied (a build replaces an output whole, with a rename: 'dist/json' and the folder that holds it, 'dist', must be writable; no output was changed)"), "\(r.stderr)")
    }

    /// A build that lands nothing leaves no empty `--out` folder (nor the folders above it
    /// that it made); one that lands keeps them.
    @Test func aFailedBuildMakesNoOutputFolder() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\nexports:\n  - json-bundle: { out: dist/json }\n")
        try dir.write("content/a.json", "{bad")
        let failed = try CLI.run(["build", "--out", "build-out/nested"], in: dir.url)
        #expect(failed.status == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("build-out").path))
        try dir.write("content/a.json", #"{"id": "a", "name": "x", "servings": 2, "ingredients": ["1 egg"], "steps": ["x"]}"#)
        let built = try CLI.run(["build", "--out", "build-out/nested"], in: dir.url)
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("build-out/nested/dist/json/manifest.json").path))
    }

    /// An export option that names a kind no content entry has (`texts`, `ids`,
    /// `imageFields`) is a `config` error of lint, at the kind: lint passed it, and the
    /// build then failed with no place in the human report.
    @Test func anExportOptionNamingAnUnknownKindIsALintError() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            exports:
              - json-bundle: { out: dist/json, texts: { recipes: [/name] } }
              - xcstrings: { out: dist/Content.xcstrings, ids: { nosuch: /id } }
              - images: { out: dist/images, imageFields: { recip: [/icon] } }
            """)
        try dir.write("content/a.json", #"{"id": "a", "name": "x", "servings": 2, "ingredients": ["1 egg"], "steps": ["x"]}"#)
        let lint = try CLI.run(["lint", "--format", "github"], in: dir.url)
        #expect(lint.status == 2, "\(lint.stdout)")
        let lines = lint.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(lint.stdout)")
        #expect(lines.contains { $0.hasPrefix("::error file=larder.yml,line=6,col=45,") && $0.contains("option 'texts' names the kind 'recipes'") && $0.contains("did you mean 'recipe'?") }, "\(lint.stdout)")
        #expect(lines.contains { $0.hasPrefix("::error file=larder.yml,line=7,col=54,") && $0.contains("option 'ids' names the kind 'nosuch'") }, "\(lint.stdout)")
        #expect(lines.contains { $0.hasPrefix("::error file=larder.yml,line=8,col=48,") && $0.contains("option 'imageFields' names the kind 'recip'") }, "\(lint.stdout)")
        let build = try CLI.run(["build"], in: dir.url)
        #expect(build.status == 2)
        #expect(build.stdout.contains("larder.yml:6:45: error:"), "\(build.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist").path))
    }

    /// Killed whole (every document in memory) and streamed (file by file; the config then
    /// names only the exports that stream).
    @Test(arguments: [false, true])
    func aKilledBuildLeavesEveryOutputWhole(streamed: Bool) throws {
        let dir = try copy("cocktails")
        let project = dir.url.appendingPathComponent("cocktails")
        if streamed {
            let config = project.appendingPathComponent("larder.yml")
            try Data(StreamedBuildTests.streamingConfig(try String(contentsOf: config, encoding: .utf8)).utf8).write(to: config)
            let traced = try CLI.run(["build"], in: project, environment: StreamedBuildTests.trace)
            #expect(traced.stderr.contains(StreamedBuildTests.streamedLine), "\(traced.stderr)")
        }
        #expect(try CLI.run(["build"], in: project).status == 0)
        let old = snapshot(project.appendingPathComponent("dist"))

        // The same project with one name changed, built to completion elsewhere: the "new" output.
        let drinks = project.appendingPathComponent("content/drinks.json")
        let text = try String(contentsOf: drinks, encoding: .utf8).replacingOccurrences(of: "\"Negroni\"", with: "\"Negroni Sbagliato\"")
        let reference = try copy("cocktails")
        let referenceProject = reference.url.appendingPathComponent("cocktails")
        try FileManager.default.removeItem(at: referenceProject.appendingPathComponent("larder.yml"))
        try FileManager.default.copyItem(at: project.appendingPathComponent("larder.yml"), to: referenceProject.appendingPathComponent("larder.yml"))
        try Data(text.utf8).write(to: referenceProject.appendingPathComponent("content/drinks.json"))
        #expect(try CLI.run(["build"], in: referenceProject).status == 0)
        let new = snapshot(referenceProject.appendingPathComponent("dist"))
        #expect(new != old)
        try Data(text.utf8).write(to: drinks)

        func whole(_ output: String) -> Bool {
            let now = snapshot(project.appendingPathComponent("dist")).filter { $0.key.hasPrefix(output) }
            return now == old.filter { $0.key.hasPrefix(output) } || now == new.filter { $0.key.hasPrefix(output) }
        }
        var killed = 0
        for attempt in 0..<12 {
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["build"]
            process.currentDirectoryURL = project
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(2_000 + attempt * 4_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()
            for output in ["json", "ios", "jsonld"] {
                #expect(whole(output), "dist/\(output) is neither the old nor the new output after a kill at attempt \(attempt)")
            }
        }
        #expect(killed > 0, "no build was killed mid-way; the test did not exercise anything")
        #expect(try CLI.run(["build"], in: project).status == 0)
        #expect(snapshot(project.appendingPathComponent("dist")) == new)
    }

    /// `--check` compares and changes nothing, streamed and whole (`--no-stream`): out of
    /// date before the first build, up to date after it, and after a content change each
    /// changed file is named at the line where it first differs.
    @Test(arguments: [[], ["--no-stream"]])
    func checkNamesWhatABuildWouldChangeAndChangesNothing(_ mode: [String]) throws {
        let dir = try copy("cocktails")
        let project = dir.url.appendingPathComponent("cocktails")
        let before = try CLI.run(["build", "--check"] + mode, in: project, environment: StreamedBuildTests.trace)
        #expect(before.status == 1, "\(before.stdout)\(before.stderr)")
        #expect(before.stderr.contains(StreamedBuildTests.streamedLine) == mode.isEmpty, "\(before.stderr)")
        #expect(before.stdout.contains("dist/json:1:1: error: missing: the build writes this folder (7 files) [out-of-date]"), "\(before.stdout)")
        #expect(before.stdout.contains("dist/ios/Content.xcstrings:1:1: error: missing: the build writes this file"), "\(before.stdout)")
        #expect(before.stderr.contains("larder: the outputs are out of date (48 files to write, replace or remove); run `larder build`"), "\(before.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path).sorted() == ["README.md", "content", "images", "larder.yml", "mistakes"])

        #expect(try CLI.run(["build"] + mode, in: project).status == 0)
        let built = snapshot(project.appendingPathComponent("dist"))
        let clean = try CLI.run(["build", "--check"] + mode, in: project)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stderr.contains("Checked 21 documents: dist/json (7 files), dist/ios/Content.xcstrings (1 file), dist/jsonld (40 files) up to date."), "\(clean.stderr)")

        let drinks = project.appendingPathComponent("content/drinks.json")
        let text = try String(contentsOf: drinks, encoding: .utf8).replacingOccurrences(of: "\"Negroni\"", with: "\"Negroni Sbagliato\"")
        try Data(text.utf8).write(to: drinks)
        try FileManager.default.removeItem(at: project.appendingPathComponent("dist/json/es/location.json"))
        try Data("{}".utf8).write(to: project.appendingPathComponent("dist/jsonld/en/recipe/old.json"))
        let before2 = snapshot(project.appendingPathComponent("dist"))
        let stale = try CLI.run(["build", "--check", "--format", "github"] + mode, in: project)
        #expect(stale.status == 1)
        #expect(snapshot(project.appendingPathComponent("dist")) == before2)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: project.path)).contains { $0.hasPrefix(".larder-staging-") })
        let lines = stale.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("::error file=dist/json/es/location.json,line=1,col=1,endLine=1,endColumn=1,title=out-of-date::missing: the build writes this file"), "\(stale.stdout)")
        #expect(lines.contains("::error file=dist/jsonld/en/recipe/old.json,line=1,col=1,endLine=1,endColumn=1,title=out-of-date::not built any more: the build would remove this file"), "\(stale.stdout)")
        // Each changed file is named at the first line that differs: the one with the old name.
        for file in ["dist/ios/Content.xcstrings", "dist/json/en/recipe.json", "dist/json/manifest.json", "dist/jsonld/en/recipe/negroni.json"] {
            guard let line = lines.first(where: { $0.hasPrefix("::error file=\(file),line=") }) else {
                Issue.record("\(file) is not reported: \(stale.stdout)")
                continue
            }
            let number = Int(line.split(separator: ",")[1].dropFirst("line=".count))!
            let old = String(decoding: built[String(file.dropFirst("dist/".count))]!, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(line.hasSuffix("out of date: the build writes other bytes from here on"), "\(line)")
            // The manifest differs at the recipe bundle's size or checksum; the others at the name.
            #expect(file.hasSuffix("manifest.json") ? old[number - 1].contains("\"bytes\"") || old[number - 1].contains("sha256") : old[number - 1].contains("Negroni"), "\(file):\(number): \(old[number - 1])")
        }
        #expect(try CLI.run(["build"] + mode, in: project).status == 0)
        #expect(try CLI.run(["build", "--check"] + mode, in: project).status == 0)
        // Elsewhere (`--out`): the advice names the same options, and nothing is made there.
        let elsewhere = dir.url.appendingPathComponent("elsewhere/deep").path
        let away = try CLI.run(["build", "--check", "--out", elsewhere] + mode, in: project)
        #expect(away.status == 1)
        #expect(away.stderr.contains("run `larder build --out \(elsewhere)`"), "\(away.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("elsewhere").path))
    }

    @Test func exchangeSwapsTwoFolders() throws {
        let dir = try Scratch()
        try dir.write("a/x.txt", "a")
        try dir.write("b/y.txt", "b")
        #expect(OutputWriter.exchange(dir.url.appendingPathComponent("a").path, dir.url.appendingPathComponent("b").path))
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("a/y.txt").path))
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("b/x.txt").path))
    }
}
