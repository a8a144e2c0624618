import Foundation
import Testing

/// Outputs an earlier build wrote that no export writes any more: an export removed from
/// larder.yml, or its `out` moved, left its folder (with Larder's marker) in the project
/// for good, and neither `larder build` nor `larder build --check` said a word, so an app
/// could go on shipping it. A build now warns of it, `--check` reports it, and `--prune`
/// removes it, Larder's own outputs only.
@Suite struct StaleOutputTests {
    /// A project of one document whose config (`name`) has `exports`.
    func project(_ exports: [String], config name: String = "larder.yml", in dir: Scratch? = nil) throws -> Scratch {
        let dir = try dir ?? Scratch()
        try dir.write("any.schema.json", #"{"type": "object"}"#)
        try dir.write("content/c.json", #"{"id": "a", "t": {"en": "A"}}"#)
        try configure(dir, exports, config: name)
        return dir
    }

    func configure(_ dir: Scratch, _ exports: [String], config name: String = "larder.yml") throws {
        let list = exports.isEmpty ? "exports: []\n" : "exports:\n" + exports.map { "  - \($0)\n" }.joined()
        try dir.write(name, "locales: [en]\ncontent:\n  - kind: card\n    schema: any.schema.json\n    include: [\"content/*.json\"]\n" + list)
    }

    func exists(_ dir: Scratch, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(path).path)
    }

    func build(_ dir: Scratch, _ arguments: [String] = []) throws -> CLI.Result {
        try CLI.run(["build"] + arguments, in: dir.url)
    }

    static let json = "json-bundle: { out: dist/json }"
    static let catalog = "xcstrings: { out: dist/ios/Content.xcstrings }"

    /// Where the record cannot be written (`.larder-cache` a file, not a folder), the build
    /// lands and says so: stale outputs are found only by the record, and a build that
    /// could not write it turned their finding (and `--prune`) off without a word.
    @Test func aRecordThatCannotBeWrittenIsSaid() throws {
        let dir = try project([Self.json])
        try dir.write(".larder-cache", "")
        let r = try build(dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(exists(dir, "dist/json/en/card.json"))
        #expect(r.stderr.contains("larder: warning: the record of the outputs (.larder-cache/outputs-larder.yml.json) cannot be written, so an output no export writes any more is not found, nor removed by --prune, until it can be; make its folder one Larder can write"), "\(r.stderr)")
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent(".larder-cache"))
        let again = try build(dir)
        #expect(again.status == 0 && !again.stderr.contains("cannot be written"), "\(again.stderr)")
    }

    /// A folder an older Larder recorded, without the list of its files: `--check` says
    /// `--prune` leaves it (it said `--prune` removes it, which prune does not do).
    @Test func aFolderRecordedWithoutItsFilesIsLeftByPrune() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        let record = dir.url.appendingPathComponent(".larder-cache/outputs-larder.yml.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
        let outputs = try #require(object["outputs"] as? [[String: Any]])
        object["outputs"] = outputs.map { entry in entry.filter { $0.key != "files" } }
        try JSONSerialization.data(withJSONObject: object).write(to: record)
        try configure(dir, ["json-bundle: { out: dist/bundle }"])
        let checked = try build(dir, ["--check"])
        #expect(checked.stdout.contains("the record does not list the files Larder wrote in it (an older Larder built it), so `larder build --prune` leaves it: remove it by hand if nothing uses it [out-of-date]"), "\(checked.stdout)")
        #expect(try build(dir, ["--prune"]).status == 0)
        #expect(exists(dir, "dist/json/manifest.json"))
    }

    /// An `out` moved from dist/json to dist/bundle: the old folder is named by the build
    /// (a warning, status 0), by --check (status 1, with the command that fixes it), and
    /// --prune removes it and nothing else.
    @Test func aMovedOutputIsReportedCheckedAndPruned() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        try configure(dir, ["json-bundle: { out: dist/bundle }"])
        let built = try build(dir)
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        #expect(built.stdout.contains("dist/json:1:1: warning: not built any more: an earlier build wrote this folder (2 files) and no export of larder.yml writes it now; remove it with `larder build --prune` (or by hand) [stale-output]"), "\(built.stdout)")
        #expect(exists(dir, "dist/json/.larder-output") && exists(dir, "dist/bundle/manifest.json"))
        // Said again on every build until it is gone.
        #expect(try build(dir).stdout.contains("dist/json:1:1: warning: not built any more"))

        let checked = try build(dir, ["--check"])
        #expect(checked.status == 1, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains("dist/json:1:1: error: not built any more: an earlier build wrote this folder (2 files) and no export writes it now; `larder build --prune` removes the files Larder wrote in it [out-of-date]"), "\(checked.stdout)")
        #expect(checked.stderr.contains("larder: the outputs are out of date (2 files to write, replace or remove); run `larder build --prune`"), "\(checked.stderr)")
        #expect(exists(dir, "dist/json"))

        let pruned = try build(dir, ["--prune"])
        #expect(pruned.status == 0, "\(pruned.stdout)\(pruned.stderr)")
        #expect(pruned.stderr.contains("Removed dist/json: no export of larder.yml writes it any more."), "\(pruned.stderr)")
        #expect(!pruned.stdout.contains("warning"), "\(pruned.stdout)")
        #expect(!exists(dir, "dist/json") && exists(dir, "dist/bundle/manifest.json"))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: dir.url.path)).contains { $0.hasPrefix(".larder-staging-") })

        let again = try build(dir)
        #expect(!again.stdout.contains("warning"), "\(again.stdout)")
        #expect(try build(dir, ["--check"]).status == 0)
    }

    /// An export removed from the config: its single file (a String Catalog carries no
    /// marker; the record knows it as the build left it) is reported and pruned; the
    /// folders above it stay.
    @Test func aRemovedExportsFileIsReportedCheckedAndPruned() throws {
        let dir = try project([Self.json, Self.catalog])
        #expect(try build(dir).status == 0)
        try configure(dir, [Self.json])
        let built = try build(dir)
        #expect(built.status == 0)
        #expect(built.stdout.contains("dist/ios/Content.xcstrings:1:1: warning: not built any more: an earlier build wrote this file and no export of larder.yml writes it now; remove it with `larder build --prune` (or by hand) [stale-output]"), "\(built.stdout)")
        // No source line is quoted (an output can be a gigabyte).
        #expect(!built.stdout.contains("{\n"), "\(built.stdout)")
        let checked = try build(dir, ["--check", "--format", "github"])
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("::error file=dist/ios/Content.xcstrings,line=1,col=1,endLine=1,endColumn=1,title=out-of-date::not built any more: an earlier build wrote this file and no export writes it now; `larder build --prune` removes it"), "\(checked.stdout)")
        let pruned = try build(dir, ["--prune"])
        #expect(pruned.stderr.contains("Removed dist/ios/Content.xcstrings: no export of larder.yml writes it any more."), "\(pruned.stderr)")
        #expect(!exists(dir, "dist/ios/Content.xcstrings") && exists(dir, "dist/ios"))
        #expect(try build(dir, ["--check"]).status == 0)
    }

    /// A file changed since the build wrote it may not be Larder's any more: it is reported,
    /// but --prune leaves it in place, and stops tracking it.
    @Test func aFileChangedSinceTheBuildIsNotPruned() throws {
        let dir = try project([Self.json, Self.catalog])
        #expect(try build(dir).status == 0)
        try configure(dir, [Self.json])
        try dir.write("dist/ios/Content.xcstrings", "{\"mine\": true}\n")
        let built = try build(dir)
        #expect(built.stdout.contains("dist/ios/Content.xcstrings:1:1: warning: not built any more: an earlier build wrote this file and no export of larder.yml writes it now; it changed since, so `larder build --prune` leaves it: remove it by hand if nothing uses it [stale-output]"), "\(built.stdout)")
        let checked = try build(dir, ["--check"])
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("it changed since, so remove it by hand if nothing uses it [out-of-date]"), "\(checked.stdout)")
        #expect(checked.stderr.contains("run `larder build`\n"), "\(checked.stderr)")
        let pruned = try build(dir, ["--prune"])
        #expect(pruned.status == 0)
        #expect(pruned.stdout.contains("left in place as it was modified or touched since Larder wrote it, and no longer tracked"), "\(pruned.stdout)")
        #expect(try String(contentsOf: dir.url.appendingPathComponent("dist/ios/Content.xcstrings"), encoding: .utf8) == "{\"mine\": true}\n")
        #expect(!(try build(dir)).stdout.contains("warning"))
        #expect(try build(dir, ["--check"]).status == 0)
    }

    /// A file added to an output folder after the build (notes beside the bundle) is not
    /// Larder's: --prune removes only the files the build wrote and the marker, keeps the
    /// folder with the added file, and names it.
    @Test func pruneNeverRemovesAFileAddedToTheFolder() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        try configure(dir, ["json-bundle: { out: dist/bundle }"])
        try dir.write("dist/json/NOTES.md", "notes\n")
        let built = try build(dir)
        #expect(built.stdout.contains("dist/json:1:1: warning: not built any more: an earlier build wrote this folder (2 files) and no export of larder.yml writes it now; `larder build --prune` removes only the files Larder wrote in it and keeps the files it did not write: 'NOTES.md' [stale-output]"), "\(built.stdout)")

        let pruned = try build(dir, ["--prune"])
        #expect(pruned.status == 0, "\(pruned.stdout)\(pruned.stderr)")
        #expect(!pruned.stderr.contains("Removed dist/json"), "\(pruned.stderr)")
        #expect(pruned.stdout.contains("dist/json:1:1: warning: not built any more: an earlier build wrote this folder (2 files) and no export of larder.yml writes it now; `larder build --prune` removed the files Larder wrote in it and left the folder, as it holds files Larder did not write: 'NOTES.md' [stale-output]"), "\(pruned.stdout)")
        #expect(try String(contentsOf: dir.url.appendingPathComponent("dist/json/NOTES.md"), encoding: .utf8) == "notes\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("dist/json").path) == ["NOTES.md"])
        #expect(exists(dir, "dist/bundle/manifest.json"))
        // No longer Larder's: not reported again.
        #expect(!(try build(dir)).stdout.contains("warning"))
        #expect(try build(dir, ["--check"]).status == 0)
    }

    /// The files of a stale folder that the build and --check count are those Larder wrote
    /// there (the record's), as the build that wrote them said: a file of the user's, which
    /// --prune keeps, is not one "an earlier build wrote", nor one to remove.
    @Test func staleCountsAreOfTheFilesLarderWrote() throws {
        let dir = try project([Self.json])
        let first = try build(dir)
        #expect(first.stderr.contains("dist/json (2 files)"), "\(first.stderr)")
        try dir.write("dist/json/NOTES.md", "my notes\n")
        try configure(dir, ["json-bundle: { out: dist/bundle }"])
        let built = try build(dir)
        #expect(built.stdout.contains("dist/json:1:1: warning: not built any more: an earlier build wrote this folder (2 files) and no export of larder.yml writes it now;"), "\(built.stdout)")
        let checked = try build(dir, ["--check"])
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("dist/json:1:1: error: not built any more: an earlier build wrote this folder (2 files) and no export writes it now;"), "\(checked.stdout)")
        #expect(checked.stderr.contains("larder: the outputs are out of date (2 files to write, replace or remove); run `larder build --prune`"), "\(checked.stderr)")
    }

    /// A file of a stale folder edited since the build wrote it (a JSON-LD page fixed for
    /// the website) is no longer what Larder wrote: --prune keeps it and names it, as it
    /// keeps a changed String Catalog or a file added since, and removes the files that are
    /// as the build left them; the folder loses its marker and is no longer tracked.
    @Test func pruneKeepsAFileOfAStaleFolderChangedSinceTheBuild() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        try dir.write("dist/json/en/card.json", "{\"edited\": \"by hand\"}\n")
        try configure(dir, ["json-bundle: { out: dist/bundle }"])
        let built = try build(dir)
        #expect(built.stdout.contains("dist/json:1:1: warning: not built any more: an earlier build wrote this folder (2 files) and no export of larder.yml writes it now; `larder build --prune` removes only the files Larder wrote in it that are as it left them, and keeps the files that changed since it wrote them: 'en/card.json' [stale-output]"), "\(built.stdout)")
        let checked = try build(dir, ["--check"])
        #expect(checked.stdout.contains("dist/json:1:1: error: not built any more: an earlier build wrote this folder (2 files) and no export writes it now; `larder build --prune` removes the files Larder wrote in it, but not the 1 that changed since [out-of-date]"), "\(checked.stdout)")

        let pruned = try build(dir, ["--prune"])
        #expect(pruned.status == 0, "\(pruned.stdout)\(pruned.stderr)")
        #expect(!pruned.stderr.contains("Removed dist/json"), "\(pruned.stderr)")
        #expect(pruned.stdout.contains("dist/json:1:1: warning: not built any more: an earlier build wrote this folder (2 files) and no export of larder.yml writes it now; `larder build --prune` removed the files Larder wrote in it that were as it left them and left the folder, as it holds files that were modified or touched since Larder wrote them: 'en/card.json' [stale-output]"), "\(pruned.stdout)")
        #expect(try String(contentsOf: dir.url.appendingPathComponent("dist/json/en/card.json"), encoding: .utf8) == "{\"edited\": \"by hand\"}\n")
        #expect(!exists(dir, "dist/json/manifest.json") && !exists(dir, "dist/json/.larder-output"))
        #expect(!(try build(dir)).stdout.contains("warning"))
        #expect(try build(dir, ["--check"]).status == 0)
    }

    /// An edit that keeps the file's size is seen too (by its modification time), with a file
    /// added since beside it: both are kept and named.
    @Test func pruneKeepsAnEditOfTheSameSizeAndAnAddedFile() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        let card = dir.url.appendingPathComponent("dist/json/en/card.json")
        let before = try String(contentsOf: card, encoding: .utf8)
        #expect(before.contains("\"A\""))
        Thread.sleep(forTimeInterval: 0.02)
        try Data(before.replacingOccurrences(of: "\"A\"", with: "\"B\"").utf8).write(to: card)
        try dir.write("dist/json/NOTES.md", "notes\n")
        try configure(dir, ["json-bundle: { out: dist/bundle }"])
        let built = try build(dir)
        #expect(built.stdout.contains("`larder build --prune` removes only the files Larder wrote in it that are as it left them, and keeps the files it did not write: 'NOTES.md', and the files that changed since it wrote them: 'en/card.json' [stale-output]"), "\(built.stdout)")
        let pruned = try build(dir, ["--prune"])
        #expect(pruned.stdout.contains("left the folder, as it holds files Larder did not write: 'NOTES.md', and files that were modified or touched since Larder wrote them: 'en/card.json' [stale-output]"), "\(pruned.stdout)")
        #expect(try String(contentsOf: card, encoding: .utf8).contains("\"B\""))
        #expect(exists(dir, "dist/json/NOTES.md") && !exists(dir, "dist/json/manifest.json"))
    }

    /// A record written by an older Larder lists the folder's files by name only: they are
    /// removed as before (it cannot tell an edit), and the next record keeps their stat data.
    @Test func aRecordOfNamesOnlyIsReadAsBefore() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        let record = dir.url.appendingPathComponent(".larder-cache/outputs-larder.yml.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
        #expect(object["format"] as? Int == 2)
        let outputs = try #require(object["outputs"] as? [[String: Any]])
        object["format"] = 1
        object["outputs"] = outputs.map { entry in
            var entry = entry
            entry["files"] = (entry["files"] as? [[Any]])?.map { $0[0] }
            return entry
        }
        try JSONSerialization.data(withJSONObject: object).write(to: record)
        try dir.write("dist/json/en/card.json", "{\"edited\": \"by hand\"}\n")
        try configure(dir, ["json-bundle: { out: dist/bundle }"])
        let built = try build(dir)
        #expect(built.stdout.contains("dist/json:1:1: warning: not built any more: an earlier build wrote this folder (2 files) and no export of larder.yml writes it now; remove it with `larder build --prune` (or by hand) [stale-output]"), "\(built.stdout)")
        let pruned = try build(dir, ["--prune"])
        #expect(pruned.stderr.contains("Removed dist/json: no export of larder.yml writes it any more."), "\(pruned.stderr)")
        #expect(!exists(dir, "dist/json"))
        let rewritten = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
        #expect(rewritten["format"] as? Int == 2)
    }

    /// An `out` moved into its old folder and back (dist/json to dist/json/v2 with --prune,
    /// then larder.yml reverted): dist/json holds nothing but the output the record lists, so
    /// the build takes it, and --check calls it out of date rather than refusing it.
    @Test func anOutputMovedBackOverTheOutputInsideItBuilds() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        try configure(dir, ["json-bundle: { out: dist/json/v2 }"])
        #expect(try build(dir, ["--prune"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("dist/json").path) == ["v2"])
        try configure(dir, [Self.json])
        let checked = try build(dir, ["--check"])
        #expect(checked.status == 1, "\(checked.stdout)\(checked.stderr)")
        let built = try build(dir)
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        #expect(!built.stdout.contains("warning"), "\(built.stdout)")
        #expect(exists(dir, "dist/json/manifest.json") && exists(dir, "dist/json/.larder-output") && !exists(dir, "dist/json/v2"))
        #expect(try build(dir, ["--check"]).status == 0)
    }

    /// When the folder holds more than the recorded output (a file of the user's beside it or
    /// in it, or a file of it changed since), the build refuses, naming the output and what
    /// is in the way, and never says the folder was not written by Larder.
    @Test func anOutputMovedBackOverFilesNotLardersNamesThem() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        try configure(dir, ["json-bundle: { out: dist/json/v2 }"])
        #expect(try build(dir, ["--prune"]).status == 0)
        try configure(dir, [Self.json])
        try dir.write("dist/json/NOTES.md", "notes\n")
        try dir.write("dist/json/v2/extra/mine.txt", "mine\n")
        let refused = try build(dir)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("'dist/json' holds 'dist/json/v2', an output an earlier build of this config wrote, but also 'dist/json/NOTES.md' and 'dist/json/v2/extra/mine.txt', which Larder did not write: the build replaces 'dist/json' whole, so move them elsewhere, or choose another `out`"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("was not written by Larder"), "\(refused.stderr)")
        #expect(exists(dir, "dist/json/NOTES.md") && exists(dir, "dist/json/v2/extra/mine.txt"))
        let checked = try build(dir, ["--check"])
        #expect(checked.status == 2 && checked.stderr.contains("'dist/json' holds 'dist/json/v2'"), "\(checked.stderr)")

        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("dist/json/NOTES.md"))
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("dist/json/v2/extra"))
        try dir.write("dist/json/v2/en/card.json", "{\"edited\": \"by hand\"}\n")
        let edited = try build(dir)
        #expect(edited.status == 2)
        #expect(edited.stderr.contains("'dist/json' holds 'dist/json/v2', an output an earlier build of this config wrote, but also 'dist/json/v2/en/card.json', which was modified or touched since Larder wrote it: the build replaces 'dist/json' whole, so move it elsewhere, or choose another `out`"), "\(edited.stderr)")
        #expect(exists(dir, "dist/json/v2/en/card.json"))
    }

    /// An `out` moved into its old folder (dist/json to dist/json/v2): the old bundle's
    /// files beside the new output are stale, reported by the build and --check, and
    /// --prune removes them and leaves the new output.
    @Test func anOutputMovedIntoItsOldFolderLeavesStaleFiles() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        try configure(dir, ["json-bundle: { out: dist/json/v2 }"])
        let built = try build(dir)
        #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
        #expect(built.stdout.contains("dist/json:1:1: warning: not built any more: an earlier build wrote this folder (2 files) outside 'v2' and no export of larder.yml writes it now; remove it with `larder build --prune` (or by hand) [stale-output]"), "\(built.stdout)")
        let checked = try build(dir, ["--check"])
        #expect(checked.status == 1, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains("dist/json:1:1: error: not built any more"), "\(checked.stdout)")

        try dir.write("dist/json/NOTES.md", "notes\n")
        let pruned = try build(dir, ["--prune"])
        #expect(pruned.status == 0, "\(pruned.stdout)\(pruned.stderr)")
        #expect(pruned.stdout.contains("left the folder, as it holds files Larder did not write: 'NOTES.md'"), "\(pruned.stdout)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("dist/json").path).sorted()
        #expect(left == ["NOTES.md", "v2"], "\(left)")
        #expect(exists(dir, "dist/json/v2/manifest.json") && exists(dir, "dist/json/v2/.larder-output"))
        #expect(!(try build(dir)).stdout.contains("warning"))
        #expect(try build(dir, ["--check"]).status == 0)

        // Without a file of the user's, the old files go and the new output stays.
        let other = try project([Self.json])
        #expect(try build(other).status == 0)
        try configure(other, ["json-bundle: { out: dist/json/v2 }"])
        let removed = try build(other, ["--prune"])
        #expect(removed.stderr.contains("Removed dist/json (its files outside v2)"), "\(removed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.url.appendingPathComponent("dist/json").path) == ["v2"])
        #expect(try build(other, ["--check"]).status == 0)
    }

    /// An output deleted by hand is simply forgotten.
    @Test func anOutputDeletedByHandIsForgotten() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        try configure(dir, ["json-bundle: { out: dist/bundle }"])
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("dist/json"))
        let built = try build(dir)
        #expect(built.status == 0)
        #expect(!built.stdout.contains("warning"), "\(built.stdout)")
        #expect(try build(dir, ["--check"]).status == 0)
    }

    /// Only Larder's own folders: one whose marker is gone is not reported or removed, nor
    /// one reached through a link (here to a folder outside the project that holds a
    /// marked folder).
    @Test func aFolderWithoutTheMarkerOrBehindALinkIsLeftAlone() throws {
        let dir = try project(["json-bundle: { out: dist/json }", "json-bundle: { out: out/json }"])
        #expect(try build(dir).status == 0)
        try configure(dir, ["json-bundle: { out: dist/bundle }"])
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("dist/json/.larder-output"))
        let outside = try Scratch()
        try FileManager.default.moveItem(at: dir.url.appendingPathComponent("out"), to: outside.url.appendingPathComponent("out"))
        try FileManager.default.createSymbolicLink(at: dir.url.appendingPathComponent("out"), withDestinationURL: outside.url.appendingPathComponent("out"))

        let built = try build(dir)
        #expect(built.status == 0)
        #expect(!built.stdout.contains("warning"), "\(built.stdout)")
        #expect(try build(dir, ["--check"]).status == 0)
        #expect(try build(dir, ["--prune"]).status == 0)
        #expect(exists(dir, "dist/json/manifest.json"))
        #expect(FileManager.default.fileExists(atPath: outside.url.appendingPathComponent("out/json/.larder-output").path))
        #expect(FileManager.default.fileExists(atPath: outside.url.appendingPathComponent("out/json/manifest.json").path))
    }

    /// Two configs in one project keep a record each: neither calls the other's outputs
    /// stale, and an export moved from one to the other (same `out`) is not stale either.
    @Test func twoConfigsDoNotCallEachOthersOutputsStale() throws {
        let dir = try project([Self.json])
        try configure(dir, [Self.catalog], config: "larder-ios.yml")
        #expect(try build(dir).status == 0)
        #expect(try build(dir, ["--config", "larder-ios.yml"]).status == 0)
        for config in [[], ["--config", "larder-ios.yml"]] {
            let built = try build(dir, config)
            #expect(built.status == 0)
            #expect(!built.stdout.contains("warning"), "\(config): \(built.stdout)")
            #expect(try build(dir, config + ["--check"]).status == 0)
        }
        // The json export moves to larder-ios.yml.
        try configure(dir, [])
        try configure(dir, [Self.catalog, Self.json], config: "larder-ios.yml")
        #expect(try build(dir, ["--config", "larder-ios.yml"]).status == 0)
        let built = try build(dir)
        #expect(!built.stdout.contains("warning"), "\(built.stdout)")
        #expect(try build(dir, ["--check"]).status == 0)
        #expect(try build(dir, ["--prune"]).status == 0)
        #expect(exists(dir, "dist/json/manifest.json") && exists(dir, "dist/ios/Content.xcstrings"))

        // A stale output of one config is named with that config.
        try configure(dir, [Self.json], config: "larder-ios.yml")
        let ios = try build(dir, ["--config", "larder-ios.yml"])
        #expect(ios.stdout.contains("dist/ios/Content.xcstrings:1:1: warning: not built any more: an earlier build wrote this file and no export of larder-ios.yml writes it now; remove it with `larder build --config larder-ios.yml --prune` (or by hand)"), "\(ios.stdout)")
        #expect(!(try build(dir)).stdout.contains("warning"))
        let checked = try build(dir, ["--config", "larder-ios.yml", "--check"])
        #expect(checked.stderr.contains("run `larder build --config larder-ios.yml --prune`"), "\(checked.stderr)")
    }

    /// A build with --out compares only what was built there: the project's own outputs are
    /// not its stale ones, nor the other way round.
    @Test func outBuildsAreComparedWithTheirOwnBase() throws {
        let dir = try project([Self.json])
        #expect(try build(dir).status == 0)
        #expect(try build(dir, ["--out", "preview"]).status == 0)
        #expect(!(try build(dir)).stdout.contains("warning"))
        #expect(!(try build(dir, ["--out", "preview"])).stdout.contains("warning"))
        try configure(dir, ["json-bundle: { out: dist/bundle }"])
        let preview = try build(dir, ["--out", "preview"])
        #expect(preview.stdout.contains("preview/dist/json:1:1: warning: not built any more"), "\(preview.stdout)")
        #expect(preview.stdout.contains("`larder build --out preview --prune`"), "\(preview.stdout)")
        #expect(!preview.stdout.contains("\ndist/json") && !preview.stdout.hasPrefix("dist/json"), "\(preview.stdout)")
        let pruned = try build(dir, ["--out", "preview", "--prune"])
        #expect(pruned.stderr.contains("Removed preview/dist/json"), "\(pruned.stderr)")
        #expect(!exists(dir, "preview/dist/json") && exists(dir, "dist/json"))
        let home = try build(dir)
        #expect(home.stdout.contains("dist/json:1:1: warning: not built any more"), "\(home.stdout)")
    }

    /// --check changes nothing and --prune removes: together they are a usage error.
    @Test func checkAndPruneTogetherAreAUsageError() throws {
        let dir = try project([Self.json])
        let r = try build(dir, ["--check", "--prune"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--check changes nothing and --prune removes outputs"), "\(r.stderr)")
    }

    /// The record is the build's own business: the outputs' bytes do not depend on it.
    @Test func theRecordDoesNotChangeTheOutputs() throws {
        let dir = try project([Self.json, Self.catalog])
        #expect(try build(dir).status == 0)
        func bytes() throws -> [Data] {
            try ["dist/json/manifest.json", "dist/json/en/card.json", "dist/ios/Content.xcstrings", "dist/json/.larder-output"].map {
                try Data(contentsOf: dir.url.appendingPathComponent($0))
            }
        }
        let first = try bytes()
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent(".larder-cache"))
        #expect(try build(dir).status == 0)
        #expect(try bytes() == first)
        #expect(try build(dir).status == 0)
        #expect(try bytes() == first)
        #expect(exists(dir, ".larder-cache/outputs-larder.yml.json"))
    }
}
