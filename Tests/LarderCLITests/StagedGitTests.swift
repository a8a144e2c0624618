import Foundation
import Testing

/// Runs `body` on a dispatch queue of its own, as part of the test's task. The tests of git
/// workflows wait for many git and `larder` processes in a row (commits that run hooks);
/// run on the concurrency pool, whose threads are one per core, they held it for seconds,
/// and an async test that must finish in time (`aFailingStepStopsASlowerStepBeforeIt`)
/// waited behind them. The task is the test's, so what `#expect` records is the test's.
func offThePool(_ body: () throws -> Void) async throws {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        try await withTaskExecutorPreference(QueueExecutor()) { try body() }
    } else {
        try body()
    }
}

/// A task executor that runs its jobs on a serial dispatch queue, outside the concurrency
/// pool.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class QueueExecutor: TaskExecutor {
    let queue = DispatchQueue(label: "larder.tests.git-workflows")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// `larder lint --staged` in the git situations a commit hook meets, each in a real
/// repository.
@Suite struct StagedGitTests {
    static let config = "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n"
    static let good = #"{"id": "a", "name": "A", "servings": 1, "ingredients": ["1 egg"]}"# + "\n"
    static let bad = #"{"id": "a", "name": "A", "servings": -1, "ingredients": ["1 egg"]}"# + "\n"
    static let user = ["-c", "user.email=t@example.com", "-c", "user.name=T"]
    /// The environment of a commit whose hook finds this build's `larder` on PATH.
    static var hookPath: [String: String] {
        ["PATH": CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    /// A repository with a committed one-recipe project in `folder` ("" for the top).
    func repository(in dir: Scratch, at top: String = "main", folder: String = "") throws -> URL {
        let prefix = top + "/" + (folder.isEmpty ? "" : folder + "/")
        try dir.write(prefix + "larder.yml", Self.config)
        try dir.write(prefix + "content/a.json", Self.good)
        let repo = dir.url.appendingPathComponent(top)
        try git(["init", "-q"], in: repo)
        try git(["add", "."], in: repo)
        try git(Self.user + ["commit", "-qm", "start"], in: repo)
        return repo
    }

    /// In a linked worktree git runs the hook from the worktree's top with GIT_DIR set and
    /// no GIT_WORK_TREE, which makes git take the folder it runs in for the top: Larder ran
    /// git in the project's subfolder, found no content there, and passed a broken commit.
    @Test func aLinkedWorktreeLintsItsOwnIndex() async throws {
        try await offThePool {
            let dir = try Scratch()
            let repo = try repository(in: dir, folder: "app")
            let install = try CLI.run(["hook", "install"], in: repo.appendingPathComponent("app"))
            #expect(install.status == 0, "\(install.stderr)")
            try git(["worktree", "add", "-q", "../wt", "-b", "feature"], in: repo)
            let worktree = dir.url.appendingPathComponent("wt")
            try dir.write("wt/app/content/a.json", Self.bad)
            try git(["add", "."], in: worktree)

            // As git runs the hook there.
            let gitDir = try git(["rev-parse", "--absolute-git-dir"], in: worktree).trimmingCharacters(in: .whitespacesAndNewlines)
            let direct = try CLI.run(["lint", "--staged", "--config", "app/larder.yml", "--format", "xcode"], in: worktree,
                                     environment: ["GIT_DIR": gitDir])
            #expect(direct.status == 1, "\(direct.stdout)\(direct.stderr)")
            #expect(direct.stdout.contains("app/content/a.json:1:"), "\(direct.stdout)")
            #expect(!direct.stdout.contains("takes in no file"), "\(direct.stdout)")

            let commit = try gitResult(Self.user + ["commit", "-qm", "broken"], in: worktree, environment: Self.hookPath)
            #expect(commit.status != 0, "\(commit.output)")
            #expect(commit.output.contains("app/content/a.json:1:"), "\(commit.output)")
            try dir.write("wt/app/content/a.json", Self.good.replacingOccurrences(of: "\"A\"", with: "\"B\""))
            try git(["add", "."], in: worktree)
            let fixed = try gitResult(Self.user + ["commit", "-qm", "fixed"], in: worktree, environment: Self.hookPath)
            #expect(fixed.status == 0, "\(fixed.output)")
        }
    }

    /// `git --git-dir=.git commit` gives the hook a relative GIT_DIR: Larder ran git in the
    /// project's subfolder, where `.git` is no repository, and refused every commit.
    @Test func aRelativeGitDirIsTheRepositorysOwn() async throws {
        try await offThePool {
            let dir = try Scratch()
            let repo = try repository(in: dir, folder: "app")
            #expect(try CLI.run(["hook", "install"], in: repo.appendingPathComponent("app")).status == 0)
            try dir.write("main/note.txt", "note\n")
            try git(["add", "note.txt"], in: repo)
            let clean = try gitResult(["--git-dir=.git"] + Self.user + ["commit", "-qm", "note"], in: repo, environment: Self.hookPath)
            #expect(clean.status == 0, "\(clean.output)")
            try dir.write("main/app/content/a.json", Self.bad)
            try git(["add", "."], in: repo)
            let broken = try gitResult(["--git-dir=.git"] + Self.user + ["commit", "-qm", "broken"], in: repo, environment: Self.hookPath)
            #expect(broken.status != 0, "\(broken.output)")
            #expect(broken.output.contains("app/content/a.json:1:"), "\(broken.output)")
            #expect(!broken.output.contains("not a git repository"), "\(broken.output)")
        }
    }

    /// A path given to --staged that is neither staged nor in the working tree (a typo) is
    /// the usage error the help describes: it passed as "No problems in 0 files".
    @Test func aStagedPathThatExistsNowhereIsAUsageError() async throws {
        try await offThePool {
            let dir = try Scratch()
            let repo = try repository(in: dir)
            let r = try CLI.run(["lint", "--staged", "content/nope.json"], in: repo)
            #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
            #expect(r.stderr.contains("no such file or directory: content/nope.json"), "\(r.stderr)")
            // One in the working tree only is still named as not staged, and does not fail.
            try dir.write("main/content/new.json", Self.good)
            let unstaged = try CLI.run(["lint", "--staged", "content/new.json"], in: repo)
            #expect(unstaged.status == 0, "\(unstaged.stdout)\(unstaged.stderr)")
            #expect(unstaged.stderr.contains("content/new.json was not checked: it is content of larder.yml, but not staged"), "\(unstaged.stderr)")
        }
    }

    /// With a staged larder.yml that is not valid, the team schemas are read as the index
    /// holds them, as they are when it is valid: the working tree's were reported.
    @Test func aBrokenStagedConfigChecksTheStagedTeamSchema() async throws {
        try await offThePool {
            let dir = try Scratch()
            let config = "locales: [en]\ncontent:\n  - kind: card\n    schema: schemas/card.schema.json\n    include: [\"content/*.json\"]\n"
            let schema = #"{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}"# + "\n"
            let brokenSchema = schema.replacingOccurrences(of: #""string""#, with: #""strin""#)
            try dir.write("main/larder.yml", config)
            try dir.write("main/schemas/card.schema.json", schema)
            try dir.write("main/content/a.json", #"{"id":"a"}"# + "\n")
            let repo = dir.url.appendingPathComponent("main")
            try git(["init", "-q"], in: repo)
            try git(["add", "."], in: repo)
            try dir.write("main/larder.yml", config + "    bogus: 1\n")
            try git(["add", "larder.yml"], in: repo)

            // The working tree's schema is broken, the staged one is not.
            try dir.write("main/schemas/card.schema.json", brokenSchema)
            let r = try CLI.run(["lint", "--staged", "--format", "xcode"], in: repo)
            #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("unknown setting 'bogus'"), "\(r.stdout)")
            #expect(!r.stdout.contains("strin") && !r.stdout.contains("is not valid"), "\(r.stdout)")

            // The staged schema is broken, the working tree's is not.
            try git(["add", "schemas/card.schema.json"], in: repo)
            try dir.write("main/schemas/card.schema.json", schema)
            let staged = try CLI.run(["lint", "--staged", "--format", "xcode"], in: repo)
            #expect(staged.status == 2, "\(staged.stdout)\(staged.stderr)")
            #expect(staged.stdout.contains("schemas/card.schema.json:1:"), "\(staged.stdout)")
            #expect(staged.stdout.contains("\"strin\""), "\(staged.stdout)")
        }
    }

    /// Two files whose names differ only in Unicode normalization are two files (to git
    /// and to Linux): linting the clean one reported the other, with and without --staged
    /// and the cache; both given are two files.
    @Test func namesInAnotherNormalizationAreOtherFiles() async throws {
        try await offThePool {
            let dir = try Scratch()
            let repo = try repository(in: dir)
            let nfc = "content/caf\u{E9}.json", nfd = "content/cafe\u{301}.json"
            #expect(!nfc.utf8.elementsEqual(nfd.utf8))
            try Data(Self.bad.utf8).write(to: URL(fileURLWithPath: repo.path + "/" + nfc))
            try Data(Self.good.replacingOccurrences(of: "\"a\"", with: "\"d\"").utf8).write(to: URL(fileURLWithPath: repo.path + "/" + nfd))
            try git(["add", "."], in: repo)
            for staged in [[], ["--staged"]] {
                for cache in [[], ["--no-cache"]] {
                    let one = try CLI.run(["lint", "--color", "never"] + staged + cache + [nfd], in: repo)
                    #expect(one.status == 0, "\(staged)\(cache): \(one.stdout)\(one.stderr)")
                    #expect(one.stdout == "No problems in 1 file\n", "\(staged)\(cache): \(one.stdout)")
                    let both = try CLI.run(["lint", "--format", "json"] + staged + cache + [nfd, nfc], in: repo)
                    #expect(both.status == 1, "\(staged)\(cache): \(both.stdout)\(both.stderr)")
                    let report = try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [String: Any]
                    let files = (report?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
                    #expect(!files.isEmpty && files.allSatisfy { $0.utf8.elementsEqual(nfc.utf8) }, "\(staged)\(cache): \(files)")
                    #expect((report?["summary"] as? [String: Any])?["files"] as? Int == 2, "\(staged)\(cache): \(both.stdout)")
                }
            }
        }
    }

    /// During a merge conflict the index holds the file's two sides and their base, none of
    /// which a commit will hold: --staged linted the base and said "No problems".
    @Test func anUnmergedFileIsNamed() async throws {
        try await offThePool {
            let dir = try Scratch()
            let repo = try repository(in: dir)
            try git(["checkout", "-q", "-b", "other"], in: repo)
            try dir.write("main/content/a.json", Self.good.replacingOccurrences(of: "\"servings\": 1", with: "\"servings\": -2"))
            try git(Self.user + ["commit", "-qam", "other"], in: repo)
            try git(["checkout", "-q", "-"], in: repo)
            try dir.write("main/content/a.json", Self.bad)
            try git(Self.user + ["commit", "-qam", "here"], in: repo)
            #expect(try gitResult(Self.user + ["merge", "-q", "other"], in: repo).status != 0)
            for arguments in [["lint", "--staged"], ["lint", "--staged", "--no-cache"], ["lint", "--staged", "content/a.json"]] {
                let r = try CLI.run(arguments + ["--format", "xcode"], in: repo)
                #expect(r.status == 1, "\(arguments): \(r.stdout)\(r.stderr)")
                #expect(r.stdout.contains("content/a.json:1:1: error: cannot read the file: it is unmerged"), "\(arguments): \(r.stdout)")
                #expect(!r.stderr.contains("not checked"), "\(arguments): \(r.stderr)")
            }
            // Resolved and staged, it is linted as staged.
            try dir.write("main/content/a.json", Self.good)
            try git(["add", "content/a.json"], in: repo)
            let resolved = try CLI.run(["lint", "--staged"], in: repo)
            #expect(resolved.status == 0, "\(resolved.stdout)\(resolved.stderr)")
        }
    }

    /// An images folder that is in the working tree but not staged is said to be not
    /// staged: it was said to be missing ("create it"), which it was not.
    @Test func anUnstagedImagesFolderIsSaidNotStaged() async throws {
        try await offThePool {
            let dir = try Scratch()
            try dir.write("main/larder.yml", Self.config + "    images: images\n")
            try dir.write("main/content/a.json", #"{"id": "a", "name": "A", "servings": 1, "images": ["a.png"], "ingredients": ["1 egg"]}"#)
            try dir.write("main/images/a.png", "PNG")
            let repo = dir.url.appendingPathComponent("main")
            try git(["init", "-q"], in: repo)
            try git(["add", "larder.yml", "content"], in: repo)
            let folder = try CLI.run(["lint", "--staged", "--format", "xcode"], in: repo)
            #expect(folder.status == 1, "\(folder.stdout)\(folder.stderr)")
            #expect(folder.stdout.contains("image 'a.png' does not exist: the images folder 'images' is not staged"), "\(folder.stdout)")
            #expect(!folder.stdout.contains("create it"), "\(folder.stdout)")
            // A folder missing from both is still missing.
            try FileManager.default.removeItem(at: repo.appendingPathComponent("images"))
            let missing = try CLI.run(["lint", "--staged", "--format", "xcode"], in: repo)
            #expect(missing.stdout.contains("the images folder 'images' itself is missing; create it"), "\(missing.stdout)")
            // A file not staged in a staged folder is said to be not staged.
            try dir.write("main/images/a.png", "PNG")
            try dir.write("main/images/b.png", "PNG")
            try git(["add", "images/b.png"], in: repo)
            let file = try CLI.run(["lint", "--staged", "--format", "xcode"], in: repo)
            #expect(file.stdout.contains("image 'a.png' is not staged"), "\(file.stdout)")
        }
    }
}
