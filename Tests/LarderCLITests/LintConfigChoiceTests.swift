import Foundation
import Testing

/// Which larder.yml `larder lint PATH...` uses when the current folder has none: the one of
/// the project the paths are in, not a syntax check that calls broken content clean.
@Suite struct LintConfigChoiceTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let apps = ["card-war", "cocktails", "food-products", "portuguese-recipes", "saigon-photo-spots"]

    /// A scratch folder laid out as the repository is: `Examples/<app>` copied, no
    /// larder.yml at the top.
    func repositoryCopy(_ apps: [String]) throws -> Scratch {
        let dir = try Scratch()
        for app in apps {
            try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("Examples"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("Examples/\(app)"),
                                             to: dir.url.appendingPathComponent("Examples/\(app)"))
        }
        return dir
    }

    /// From the repository's root, `larder lint Examples/card-war` checked JSON syntax only
    /// and said "No problems in 28 files" for a negative games count, which lint run inside
    /// the folder reports.
    @Test func aFolderGivenIsLintedWithItsOwnLarderYml() throws {
        let dir = try repositoryCopy(["card-war"])
        let users = "Examples/card-war/content/users.json"
        let text = try String(contentsOf: dir.url.appendingPathComponent(users), encoding: .utf8)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false)[6] == #"      "gamesPlayed": 42,"#)
        try dir.write(users, text.replacingOccurrences(of: #""gamesPlayed": 42,"#, with: #""gamesPlayed": -5,"#))
        let expected = "::error file=\(users),line=7,col=22,endLine=7,endColumn=24,title=schema::\"gamesPlayed\": -5 is less than the minimum 0\n"

        let folder = try CLI.run(["lint", "Examples/card-war", "--format", "github"], in: dir.url)
        #expect(folder.status == 1, "\(folder.stdout)\(folder.stderr)")
        #expect(folder.stdout == expected, "\(folder.stdout)")
        #expect(folder.stderr == "")
        // A file inside the project: its larder.yml, found from the file's folder up.
        let file = try CLI.run(["lint", users, "--format", "github"], in: dir.url)
        #expect(file.status == 1, "\(file.stdout)\(file.stderr)")
        #expect(file.stdout == expected, "\(file.stdout)")
        // The same as --config.
        let configured = try CLI.run(["lint", "--config", "Examples/card-war/larder.yml", "--format", "github"], in: dir.url)
        #expect(configured.stdout == expected, "\(configured.stdout)")
    }

    /// Each example's README says `larder lint Examples/<app>` is clean: run as written, from
    /// the repository's root, it lints the app with its config.
    @Test(arguments: apps)
    func theExampleReadmeLintCommandLintsTheProject(_ app: String) throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("Examples/\(app)/README.md"), encoding: .utf8)
        #expect(readme.contains("    larder lint Examples/\(app) "), "the README's command changed")
        let dir = try repositoryCopy([app])
        let r = try CLI.run(["lint", "Examples/\(app)"], in: dir.url)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("No problems in "), "\(r.stdout)")
        #expect(r.stderr == "", "linted with its larder.yml, not the syntax check: \(r.stderr)")
        // Linted as a project: its content files, not every JSON file of the folder (the
        // planted mistakes under mistakes/ are not content).
        let syntax = try CLI.run(["lint", "Examples/\(app)", "--format", "json"], in: dir.url)
        let summary = (try JSONSerialization.jsonObject(with: Data(syntax.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any]
        let files = try FileManager.default.subpathsOfDirectory(atPath: dir.url.appendingPathComponent("Examples/\(app)").path)
            .filter { $0.hasSuffix(".json") }
        #expect((summary?["files"] as? Int).map { $0 < files.count } == true, "\(syntax.stdout)")
    }

    /// Run from a working folder that was removed (a checkout deleted and cloned again under
    /// a shell that stayed in it), lint and build looked for larder.yml in `..`, `../..`, …
    /// forever, at full CPU.
    @Test func aRemovedWorkingFolderIsAUsageError() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent: []\n")
        let gone = dir.url.appendingPathComponent("gone").path
        for command in ["lint", "build"] {
            // The process starts in the folder, which is removed before Larder runs.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "mkdir \"$1\" && cd \"$1\" && rmdir \"$1\" && exec timeout 60 \"$2\" \"$3\"", "sh", gone, CLI.binary.path, command]
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2, "\(command): \(stderr)")
            #expect(stderr.contains("larder: error: the working folder no longer exists"), "\(command): \(stderr)")
        }
    }

    @Test func pathsInDifferentProjectsAreAUsageError() throws {
        let dir = try repositoryCopy(["card-war", "cocktails"])
        try dir.write("loose.json", "{}")
        let two = try CLI.run(["lint", "Examples/card-war", "Examples/cocktails"], in: dir.url)
        #expect(two.status == 2)
        #expect(two.stderr.contains("the paths given are in different projects: Examples/card-war (Examples/card-war/larder.yml), Examples/cocktails (Examples/cocktails/larder.yml)"), "\(two.stderr)")
        let mixed = try CLI.run(["lint", "loose.json", "Examples/card-war"], in: dir.url)
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("loose.json (no larder.yml)"), "\(mixed.stderr)")
    }

    /// Without any larder.yml, lint checks syntax only, and now says so.
    @Test func theSyntaxCheckSaysItIsOne() throws {
        let dir = try Scratch()
        try dir.write("data/a.json", "{\"n\": -5}")
        let r = try CLI.run(["lint", "data"], in: dir.url)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout == "No problems in 1 file\n", "\(r.stdout)")
        #expect(r.stderr == "larder: no larder.yml found: only JSON syntax was checked; give --config to lint with one\n", "\(r.stderr)")
    }
}
