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
}
