import Foundation
import LarderJSON
import Testing

/// `larder lint` with the lint cache (.larder-cache/): the same report as without it, from
/// fewer parsed files; --no-cache; a damaged cache; --staged.
@Suite struct LintCacheTests {
    static func recipe(_ id: String) -> String {
        #"{"id": "\#(id)", "name": {"en": "Dish \#(id)"}, "servings": 4, "ingredients": ["1 egg"]}"#
    }

    func project() throws -> Scratch {
        let dir = try Scratch()
        try dir.write("larder.yml", ProjectLintTests.config)
        try dir.write("content/recipes/a.json", Self.recipe("bolo"))
        try dir.write("content/recipes/b.json", Self.recipe("caldo"))
        try dir.write("content/recipes/c.json", Self.recipe("bolo"))
        return dir
    }

    /// The trace line that says how the cache was used.
    static func cacheLine(_ r: CLI.Result) -> String {
        r.stderr.split(separator: "\n").first { $0.contains("read, parse and lint") }.map(String.init) ?? r.stderr
    }

    static let trace = ["LARDER_TRACE": "1"]

    @Test func aRunOnSomeFilesReadsTheOthersFromTheCache() throws {
        let dir = try project()
        let uncached = try CLI.run(["lint", "--no-cache", "--format", "xcode", "content/recipes/c.json"], in: dir.url)
        #expect(uncached.status == 1 && uncached.stdout.contains("c.json:1:8: error: recipe id 'bolo' is already used"), "\(uncached.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(".larder-cache").path))

        let first = try CLI.run(["lint", "--format", "xcode", "content/recipes/c.json"], in: dir.url, environment: Self.trace)
        #expect(Self.cacheLine(first).contains("3 parsed, written"), "\(first.stderr)")
        Thread.sleep(forTimeInterval: 0.03)  // files older than the next run's stamp
        let second = try CLI.run(["lint", "--format", "xcode", "content/recipes/c.json"], in: dir.url, environment: Self.trace)
        #expect(Self.cacheLine(second).contains("cache loaded, 2 files from it, 1 parsed"), "\(second.stderr)")
        #expect(first.stdout == uncached.stdout && second.stdout == uncached.stdout)
        #expect(first.status == 1 && second.status == 1)

        let ignore = try String(contentsOf: dir.url.appendingPathComponent(".larder-cache/.gitignore"), encoding: .utf8)
        #expect(ignore.split(separator: "\n").contains("*"))
        // The cache is no content, and git does not see it.
        let whole = try CLI.run(["lint"], in: dir.url)
        #expect(whole.stdout.contains("in 3 files"), "\(whole.stdout)")
        try git(["init", "-q"], in: dir.url)
        #expect(!(try git(["status", "--porcelain", "--untracked-files=all"], in: dir.url)).contains(".larder-cache"))
    }

    @Test func aDamagedCacheIsRebuilt() throws {
        let dir = try project()
        let expected = try CLI.run(["lint", "--format", "xcode", "content/recipes/c.json"], in: dir.url)
        let file = dir.url.appendingPathComponent(".larder-cache/lint-larder.yml.facts")
        for damage in ["", "larder lint facts\n\u{1}garbage", String(repeating: "x", count: 5000)] {
            try Data(damage.utf8).write(to: file)
            let r = try CLI.run(["lint", "--format", "xcode", "content/recipes/c.json"], in: dir.url, environment: Self.trace)
            #expect(r.status == expected.status && r.stdout == expected.stdout, "\(r.stdout)\(r.stderr)")
            #expect(Self.cacheLine(r).contains("missing or not valid") && Self.cacheLine(r).contains("written"), "\(r.stderr)")
        }
    }

    /// A lint cache that cannot be written (a file named `.larder-cache` in the way, the
    /// cache's own name taken by a folder) is said once on standard error, and the report
    /// and exit status are those of a run without the cache; it was skipped without a word,
    /// and every later run parsed the whole project with nothing to say why.
    @Test func aCacheThatCannotBeWrittenIsSaidOnceAndChangesNothingElse() throws {
        let dir = try project()
        let expected = try CLI.run(["lint", "--no-cache", "--format", "xcode", "content/recipes/c.json"], in: dir.url)
        #expect(expected.status == 1 && expected.stderr.isEmpty, "\(expected.stderr)")
        func occurrences(_ text: String, _ part: String) -> Int { text.components(separatedBy: part).count - 1 }

        try dir.write(".larder-cache", "notes\n")
        for _ in 0..<2 {
            let r = try CLI.run(["lint", "--format", "xcode", "content/recipes/c.json"], in: dir.url)
            #expect(r.status == expected.status && r.stdout == expected.stdout, "\(r.stdout)")
            #expect(occurrences(r.stderr, "larder: warning: the lint cache was not written") == 1, "\(r.stderr)")
            #expect(r.stderr.contains("/.larder-cache is a file, not a folder Larder made"), "\(r.stderr)")
            #expect(r.stderr.contains("lint with --no-cache"), "\(r.stderr)")
        }
        #expect(try String(contentsOf: dir.url.appendingPathComponent(".larder-cache"), encoding: .utf8) == "notes\n")
        let quiet = try CLI.run(["lint", "--no-cache", "--format", "json", "content/recipes/c.json"], in: dir.url)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")

        // The cache file's name taken by a folder: the new cache cannot replace it.
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent(".larder-cache"))
        try dir.write(".larder-cache/lint-larder.yml.facts/keep", "x")
        let r = try CLI.run(["lint", "--format", "xcode", "content/recipes/c.json"], in: dir.url)
        #expect(r.status == expected.status && r.stdout == expected.stdout, "\(r.stdout)")
        #expect(occurrences(r.stderr, "larder: warning: the lint cache was not written") == 1, "\(r.stderr)")
        #expect(r.stderr.contains("cannot replace ") && r.stderr.contains("lint-larder.yml.facts"), "\(r.stderr)")
        // No temporary file is left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent(".larder-cache").path)
        #expect(left.sorted() == [".gitignore", "lint-larder.yml.facts"], "\(left)")
    }

    @Test func stagedRunsUseTheCacheAndJudgeWhatIsStaged() throws {
        let dir = try project()
        try dir.write("content/recipes/c.json", Self.recipe("cozido"))
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        // A working-tree run fills the cache from the working tree.
        #expect(try CLI.run(["lint", "content/recipes/b.json"], in: dir.url).status == 0)
        // c is staged with b's id, then put back in the working tree only: a commit would
        // hold two 'caldo', reported at b (the file linted) since c comes later.
        try dir.write("content/recipes/c.json", Self.recipe("caldo"))
        try git(["add", "content/recipes/c.json"], in: dir.url)
        try dir.write("content/recipes/c.json", Self.recipe("cozido"))
        Thread.sleep(forTimeInterval: 0.03)
        let uncached = try CLI.run(["lint", "--staged", "--no-cache", "--format", "xcode", "content/recipes/b.json"], in: dir.url)
        #expect(uncached.status == 1 && uncached.stdout.contains("b.json:1:8: error: recipe id 'caldo' is also used"), "\(uncached.stdout)")
        let runs = try (0..<3).map { _ in
            try CLI.run(["lint", "--staged", "--format", "xcode", "content/recipes/b.json"], in: dir.url, environment: Self.trace)
        }
        for r in runs { #expect(r.status == 1 && r.stdout == uncached.stdout, "\(r.stdout)\(r.stderr)") }
        #expect(Self.cacheLine(runs[2]).contains("cache loaded, 2 files from it, 1 parsed"), "\(runs[2].stderr)")
        // The working tree is judged by what it holds.
        let tree = try CLI.run(["lint", "--format", "xcode", "content/recipes/b.json"], in: dir.url)
        #expect(tree.status == 0 && tree.stdout.isEmpty, "\(tree.stdout)")
    }

    /// Whether the file system keeps two names that differ only in Unicode normalization
    /// as two files (Linux's do; macOS's take them for one).
    static func namesKeepTheirNormalization() -> Bool {
        guard let dir = try? Scratch() else { return false }
        _ = try? dir.write("caf\u{E9}", "")
        _ = try? dir.write("cafe\u{301}", "")
        return (try? FileManager.default.contentsOfDirectory(atPath: dir.url.path).count) == 2
    }

    /// `content/café.json` written with a precomposed é (NFC) and with e and a combining
    /// accent (NFD) are two files to git and to the file system, but one `String`: --staged
    /// read one of them (a broken file went into the commit), the cache gave each the
    /// other's facts (each id "already used" by itself), and the report quoted one file's
    /// lines under the other's name.
    @Test(.enabled(if: namesKeepTheirNormalization()))
    func namesThatDifferOnlyInNormalizationAreTwoFiles() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", ProjectLintTests.config)
        let nfc = "content/recipes/caf\u{E9}.json", nfd = "content/recipes/cafe\u{301}.json"
        try dir.write(nfc, #"{"id": "au-lait", "name": {"en": "Au lait"}, "servings": -1, "ingredients": ["1 egg"]}"#)
        try dir.write(nfd, "{\n  \"id\": \"creme\", \"name\": {\"en\": \"Creme\"},\n  \"servings\": -2, \"ingredients\": [\"1 egg\"]}")
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        // Each file's own error, at its own line, quoted from its own text.
        func expectBothErrors(_ r: CLI.Result, _ run: String) {
            #expect(r.status == 1, "\(run): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("\(nfc):1:58: error: \"servings\": -1 is less than the minimum 1 [schema]\n{\"id\": \"au-lait\""), "\(run): \(r.stdout)")
            #expect(r.stdout.contains("\(nfd):3:15: error: \"servings\": -2 is less than the minimum 1 [schema]\n  \"servings\": -2,"), "\(run): \(r.stdout)")
            #expect(!r.stdout.contains("unique-id") && r.stdout.contains("2 errors in 2 files"), "\(run): \(r.stdout)")
        }
        expectBothErrors(try CLI.run(["lint", "--no-cache"], in: dir.url), "--no-cache")
        expectBothErrors(try CLI.run(["lint", "--staged", "--no-cache"], in: dir.url), "--staged --no-cache")
        for run in 1...2 { expectBothErrors(try CLI.run(["lint"], in: dir.url), "cached run \(run)") }
        for run in 1...2 { expectBothErrors(try CLI.run(["lint", "--staged"], in: dir.url), "cached --staged run \(run)") }
        // The report names each file by its own bytes.
        let json = try JSONValue(parsing: Array(try CLI.run(["lint", "--format", "json"], in: dir.url).stdout.utf8))
        let files = json["diagnostics"]?.arrayValue?.compactMap { $0["file"]?.stringValue.map { Array($0.utf8) } } ?? []
        #expect(Set(files) == [Array(nfc.utf8), Array(nfd.utf8)])
    }
}
