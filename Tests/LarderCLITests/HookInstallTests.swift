import Foundation
import Testing

/// `larder hook install` over a hook that is there: Larder's own, as Larder wrote it, is
/// replaced; Larder's edited by hand is the user's and is never lost.
@Suite struct HookInstallTests {
    func repository() throws -> Scratch {
        let dir = try Scratch()
        try dir.write("larder.yml", "locales: [en]\ncontent: []\nexports: []\n")
        try git(["init", "-q"], in: dir.url)
        return dir
    }

    @Test func anEditedLarderHookIsNotReplacedWithoutForce() throws {
        let dir = try repository()
        #expect(try CLI.run(["hook", "install"], in: dir.url).status == 0)
        // Reinstalling an unedited hook needs no --force and makes no backup.
        #expect(try CLI.run(["hook", "install"], in: dir.url).status == 0)
        let hook = dir.url.appendingPathComponent(".git/hooks/pre-commit")
        #expect(!FileManager.default.fileExists(atPath: hook.path + ".backup"))

        let edited = try String(contentsOf: hook, encoding: .utf8) + "npm test || exit 1\n"
        try Data(edited.utf8).write(to: hook)
        let refused = try CLI.run(["hook", "install"], in: dir.url)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("is Larder's hook, edited since it was installed; use --force"), "\(refused.stderr)")
        #expect(try String(contentsOf: hook, encoding: .utf8) == edited)

        // --force keeps it, and never replaces an earlier backup.
        try Data("earlier backup\n".utf8).write(to: URL(fileURLWithPath: hook.path + ".backup"))
        let forced = try CLI.run(["hook", "install", "--force"], in: dir.url)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: hook.path + ".backup", encoding: .utf8) == "earlier backup\n")
        #expect(try String(contentsOfFile: hook.path + ".backup.1", encoding: .utf8) == edited)
        #expect(forced.stdout.contains("pre-commit.backup.1"), "\(forced.stdout)")
        #expect(!(try String(contentsOf: hook, encoding: .utf8)).contains("npm test"))
    }

    /// The refusal names the backup --force will write: with pre-commit.backup and
    /// pre-commit.backup.1 there it said pre-commit.backup, and --force wrote
    /// pre-commit.backup.2.
    @Test func theRefusalNamesTheBackupForceWrites() throws {
        let dir = try repository()
        let hook = dir.url.appendingPathComponent(".git/hooks/pre-commit")
        try FileManager.default.createDirectory(at: hook.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\nnpm test\n".utf8).write(to: hook)
        try Data("first\n".utf8).write(to: URL(fileURLWithPath: hook.path + ".backup"))
        try Data("second\n".utf8).write(to: URL(fileURLWithPath: hook.path + ".backup.1"))
        let refused = try CLI.run(["hook", "install"], in: dir.url)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("is not Larder's; use --force to replace it (it is kept as a backup, pre-commit.backup.2)"), "\(refused.stderr)")
        let forced = try CLI.run(["hook", "install", "--force"], in: dir.url)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: hook.path + ".backup.2", encoding: .utf8) == "#!/bin/sh\nnpm test\n")
    }

    /// A hook left as a symbolic link that leads nowhere (to a team's script that this
    /// checkout lacks) is a hook all the same: it was replaced without a word and without a
    /// backup, as if none were there.
    @Test func aDanglingLinkHookIsNotReplacedWithoutForce() throws {
        let dir = try repository()
        let hook = dir.url.appendingPathComponent(".git/hooks/pre-commit")
        try FileManager.default.createDirectory(at: hook.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: hook.path, withDestinationPath: "../../tools/pre-commit")
        let refused = try CLI.run(["hook", "install"], in: dir.url)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("is not Larder's; use --force to replace it (it is kept as a backup, pre-commit.backup)"), "\(refused.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: hook.path) == "../../tools/pre-commit")
        let forced = try CLI.run(["hook", "install", "--force"], in: dir.url)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: hook.path + ".backup") == "../../tools/pre-commit")
        #expect(try String(contentsOf: hook, encoding: .utf8).contains("# larder pre-commit hook"))
    }

    /// A core.hooksPath outside the repository (a global one, `~/.githooks`) is shared by
    /// every repository that uses it: the hook was written there, and every commit in every
    /// other repository then failed with "no such config file: larder.yml".
    @Test func aHooksFolderOutsideTheRepositoryIsRefused() throws {
        let dir = try repository()
        let shared = try Scratch()
        try shared.write("gitconfig", "[core]\n\thooksPath = \(shared.url.path)/hooks\n")
        let env = ["GIT_CONFIG_GLOBAL": shared.url.appendingPathComponent("gitconfig").path]
        let refused = try CLI.run(["hook", "install"], in: dir.url, environment: env)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("core.hooksPath"), "\(refused.stderr)")
        #expect(refused.stderr.contains("\(shared.url.path)/hooks"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shared.url.path + "/hooks/pre-commit"))
        // A hooks folder inside the work tree (`.githooks`, committed) is the repository's own.
        try git(["config", "core.hooksPath", ".githooks"], in: dir.url)
        let inside = try CLI.run(["hook", "install"], in: dir.url, environment: env)
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: dir.url.path + "/.githooks/pre-commit"))
    }

    /// In a bare repository the install said "not inside a git repository", of a repository.
    @Test func aBareRepositoryIsNamedAsOne() throws {
        let dir = try Scratch()
        try git(["init", "-q", "--bare"], in: dir.url)
        let r = try CLI.run(["hook", "install"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("this is a bare repository"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.path + "/hooks/pre-commit"))
    }

    static let recipes = "locales: [en]\ncontent:\n  - kind: recipe\n    include: [\"content/*.json\"]\n"
    static let user = ["-c", "user.email=t@example.com", "-c", "user.name=T"]
    /// The environment of a commit whose hook finds this build's `larder` on PATH.
    static var hookPath: [String: String] {
        ["PATH": CLI.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }
    static func recipe(_ id: String, servings: Int = 1) -> String {
        #"{"id": "\#(id)", "name": "N", "servings": \#(servings), "ingredients": ["1 egg"]}"# + "\n"
    }

    /// A merge git completes on its own runs `pre-merge-commit`, not `pre-commit`: two
    /// clean branches that each add a recipe with one id were merged unchecked.
    @Test func aMergeCommitIsChecked() async throws {
        try await offThePool {
            let dir = try Scratch()
            try dir.write("larder.yml", Self.recipes)
            try dir.write("content/a.json", Self.recipe("a"))
            try git(["init", "-q"], in: dir.url)
            try git(["add", "."], in: dir.url)
            try git(Self.user + ["commit", "-qm", "start"], in: dir.url)
            let install = try CLI.run(["hook", "install"], in: dir.url)
            #expect(install.status == 0, "\(install.stderr)")
            let merge = dir.url.appendingPathComponent(".git/hooks/pre-merge-commit")
            #expect(FileManager.default.isExecutableFile(atPath: merge.path))
            #expect(install.stdout.contains(merge.path), "\(install.stdout)")

            try git(["checkout", "-q", "-b", "f1"], in: dir.url)
            try dir.write("content/x.json", Self.recipe("dup"))
            try git(["add", "."], in: dir.url)
            #expect(try gitResult(Self.user + ["commit", "-qm", "f1"], in: dir.url, environment: Self.hookPath).status == 0)
            try git(["checkout", "-q", "-"], in: dir.url)
            try dir.write("content/y.json", Self.recipe("dup"))
            try git(["add", "."], in: dir.url)
            #expect(try gitResult(Self.user + ["commit", "-qm", "here"], in: dir.url, environment: Self.hookPath).status == 0)
            let merged = try gitResult(Self.user + ["merge", "--no-edit", "f1"], in: dir.url, environment: Self.hookPath)
            #expect(merged.status != 0, "\(merged.output)")
            #expect(merged.output.contains("[unique-id]"), "\(merged.output)")
            #expect(try gitResult(["rev-parse", "-q", "--verify", "MERGE_HEAD"], in: dir.url).status == 0, "the merge was committed")
        }
    }

    /// Two projects in one repository: installing the second project's hook kept the
    /// first's out of it without a word, and commits that broke the first passed. The hook
    /// lints each; a hook as Larder 0.1.0 wrote it counts as Larder's, with its config kept.
    @Test func aSecondProjectKeepsTheFirstChecked() async throws {
        try await offThePool {
            let dir = try Scratch()
            for app in ["app1", "app2", "app3"] {
                try dir.write("\(app)/larder.yml", Self.recipes)
                try dir.write("\(app)/content/a.json", Self.recipe("a"))
            }
            try git(["init", "-q"], in: dir.url)
            try git(["add", "."], in: dir.url)
            try git(Self.user + ["commit", "-qm", "start"], in: dir.url)
            #expect(try CLI.run(["hook", "install"], in: dir.url.appendingPathComponent("app1")).status == 0)
            let second = try CLI.run(["hook", "install"], in: dir.url.appendingPathComponent("app2"))
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stdout.contains("app1/larder.yml") && second.stdout.contains("app2/larder.yml"), "\(second.stdout)")
            let hook = dir.url.appendingPathComponent(".git/hooks/pre-commit")
            let written = try String(contentsOf: hook, encoding: .utf8)
            // Installed again, a project is not listed twice.
            #expect(try CLI.run(["hook", "install"], in: dir.url.appendingPathComponent("app2")).status == 0)
            #expect(try String(contentsOf: hook, encoding: .utf8) == written)

            try dir.write("app1/content/a.json", Self.recipe("a", servings: -1))
            let first = try gitResult(Self.user + ["commit", "-qam", "broken app1"], in: dir.url, environment: Self.hookPath)
            #expect(first.status != 0, "\(first.output)")
            #expect(first.output.contains("app1/content/a.json:1:"), "\(first.output)")
            try dir.write("app1/content/a.json", Self.recipe("a"))
            try dir.write("app2/content/a.json", Self.recipe("a", servings: -1))
            let other = try gitResult(Self.user + ["commit", "-qam", "broken app2"], in: dir.url, environment: Self.hookPath)
            #expect(other.status != 0, "\(other.output)")
            #expect(other.output.contains("app2/content/a.json:1:") && !other.output.contains("app1/content"), "\(other.output)")

            // Larder 0.1.0's hook, for app1 (it wrote no pre-merge-commit).
            try FileManager.default.removeItem(at: dir.url.appendingPathComponent(".git/hooks/pre-merge-commit"))
            let old = """
                #!/bin/sh
                # larder pre-commit hook: written by `larder hook install`.
                # Lints the staged content; a commit with content errors is refused.
                # Skip it once with `git commit --no-verify`.
                if command -v larder >/dev/null 2>&1; then LARDER=larder; else LARDER='/opt/larder'; fi
                exec "$LARDER" lint --staged --config 'app1/larder.yml'

                """
            try Data(old.utf8).write(to: hook)
            let third = try CLI.run(["hook", "install"], in: dir.url.appendingPathComponent("app3"))
            #expect(third.status == 0, "\(third.stderr)")
            #expect(!FileManager.default.fileExists(atPath: hook.path + ".backup"))
            let now = try String(contentsOf: hook, encoding: .utf8)
            #expect(now.contains("app1/larder.yml") && now.contains("app3/larder.yml") && !now.contains("app2/larder.yml"), "\(now)")
            #expect(try String(contentsOf: dir.url.appendingPathComponent(".git/hooks/pre-merge-commit"), encoding: .utf8) == now)
            // A config that is gone would fail every commit: the next install drops it, and says so.
            try FileManager.default.removeItem(at: dir.url.appendingPathComponent("app1"))
            let fourth = try CLI.run(["hook", "install"], in: dir.url.appendingPathComponent("app3"))
            #expect(fourth.status == 0, "\(fourth.stderr)")
            #expect(fourth.stdout.contains("app1/larder.yml is no longer in the working tree"), "\(fourth.stdout)")
            #expect(!(try String(contentsOf: hook, encoding: .utf8)).contains("app1/larder.yml"))
        }
    }

    /// A config whose path starts with `-` was passed as `--config '-site/larder.yml'`,
    /// which reads as an option: every commit was refused.
    @Test func aConfigPathStartingWithADashIsNoOption() async throws {
        try await offThePool {
            let dir = try Scratch()
            try dir.write("-site/larder.yml", Self.recipes)
            try dir.write("-site/content/a.json", Self.recipe("a"))
            try git(["init", "-q"], in: dir.url)
            try git(["add", "."], in: dir.url)
            #expect(try CLI.run(["hook", "install"], in: dir.url.appendingPathComponent("-site")).status == 0)
            let clean = try gitResult(Self.user + ["commit", "-qm", "clean"], in: dir.url, environment: Self.hookPath)
            #expect(clean.status == 0, "\(clean.output)")
            try dir.write("-site/content/a.json", Self.recipe("a", servings: -1))
            let broken = try gitResult(Self.user + ["commit", "-qam", "broken"], in: dir.url, environment: Self.hookPath)
            #expect(broken.status != 0 && broken.output.contains("-site/content/a.json:1:"), "\(broken.output)")
        }
    }

    /// Found on PATH through a package manager's link (`bin/larder -> ../Cellar/larder/0.1/
    /// bin/larder`), the hook fell back to the versioned file the link led to, which the
    /// next upgrade removed: every commit made without `larder` on PATH then failed. It
    /// keeps the path the command was found at.
    @Test func theFallbackSurvivesAnUpgrade() async throws {
        try await offThePool {
            let dir = try Scratch()
            let fm = FileManager.default
            let cellar = dir.url.appendingPathComponent("opt/Cellar/larder")
            try fm.createDirectory(at: cellar.appendingPathComponent("0.1/bin"), withIntermediateDirectories: true)
            try fm.createDirectory(at: dir.url.appendingPathComponent("opt/bin"), withIntermediateDirectories: true)
            try fm.copyItem(at: CLI.binary.resolvingSymlinksInPath(), to: cellar.appendingPathComponent("0.1/bin/larder"))
            let link = dir.url.appendingPathComponent("opt/bin/larder")
            try fm.createSymbolicLink(atPath: link.path, withDestinationPath: "../Cellar/larder/0.1/bin/larder")
            try dir.write("repo/larder.yml", Self.recipes)
            try dir.write("repo/content/a.json", Self.recipe("a"))
            let repo = dir.url.appendingPathComponent("repo")
            try git(["init", "-q"], in: repo)

            func shell(_ command: String, path: String) throws -> (status: Int32, output: String) {
                try processResult("/bin/sh", ["-c", command], in: repo, environment: ["PATH": path, "HOME": fm.temporaryDirectory.path], inheriting: false)
            }
            let installed = try shell("larder hook install", path: dir.url.path + "/opt/bin:/usr/bin:/bin")
            #expect(installed.status == 0, "\(installed.output)")
            let script = try String(contentsOf: repo.appendingPathComponent(".git/hooks/pre-commit"), encoding: .utf8)
            #expect(script.contains("LARDER='\(link.path)'"), "\(script)")

            // The upgrade: 0.1 goes, 0.2 comes, the link follows.
            try fm.moveItem(at: cellar.appendingPathComponent("0.1"), to: cellar.appendingPathComponent("0.2"))
            try fm.removeItem(at: link)
            try fm.createSymbolicLink(atPath: link.path, withDestinationPath: "../Cellar/larder/0.2/bin/larder")
            try git(["add", "."], in: repo)
            let commit = try shell("git -c user.email=t@example.com -c user.name=T commit -qm start", path: "/usr/bin:/bin")
            #expect(commit.status == 0, "\(commit.output)")
        }
    }
}
