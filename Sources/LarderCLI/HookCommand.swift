import ArgumentParser
import Foundation

/// `larder hook install`: a plain git pre-commit hook for teams without the pre-commit
/// framework. The hook lints what is staged, so a commit is judged by what it commits.
struct HookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hook",
        abstract: "Install a git pre-commit hook that runs `larder lint --staged`.",
        subcommands: [Install.self]
    )

    /// The line that marks a hook as Larder's own (so reinstalling may replace it).
    static let marker = "# larder pre-commit hook"

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Write .git/hooks/pre-commit (refuses to replace another hook without --force).")

        @Flag(name: .long, help: "Replace an existing hook that is not Larder's (it is kept as pre-commit.backup).")
        var force = false

        @Option(name: .long, help: "The config the hook lints with (default: the one found from the current folder).")
        var config: String?

        func run() throws {
            let cwd = FileManager.default.currentDirectoryPath
            let top: String
            let hooks: String
            do {
                top = try Self.git(["rev-parse", "--show-toplevel"], in: cwd)
                let path = try Self.git(["rev-parse", "--git-path", "hooks"], in: cwd)
                hooks = path.hasPrefix("/") ? path : cwd + "/" + path
            } catch {
                throw ValidationError("not inside a git repository (\(error))")
            }
            let configPath: String
            if let config {
                configPath = absolutePath(config, cwd: cwd)
            } else if let found = ConfigFile.find(from: cwd) {
                configPath = found.path
            } else {
                throw ValidationError("no larder.yml in \(cwd) or its parents; write one with `larder init` first")
            }
            let topURL = URL(fileURLWithPath: top).standardizedFileURL.path
            guard let relativeConfig = projectRelative(URL(fileURLWithPath: configPath).standardizedFileURL.path, root: topURL) else {
                throw ValidationError("\(configPath) is not inside the repository at \(top)")
            }
            // Named without `..` (git answers "../.git/hooks" from a subfolder).
            let hook = URL(fileURLWithPath: hooks + "/pre-commit").standardizedFileURL.path
            let fm = FileManager.default
            if fm.fileExists(atPath: hook) {
                let existing = (try? String(contentsOfFile: hook, encoding: .utf8)) ?? ""
                if !existing.contains(HookCommand.marker) {
                    guard force else {
                        throw ValidationError("\(hook) exists and is not Larder's; use --force to replace it (it is kept as pre-commit.backup)")
                    }
                    try? fm.removeItem(atPath: hook + ".backup")
                    try fm.copyItem(atPath: hook, toPath: hook + ".backup")
                }
            }
            // The executable itself, wherever it was found: a name looked up on PATH is not a
            // path relative to this folder (the hook pointed at ./larder there).
            let binary = Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
                ?? absolutePath(CommandLine.arguments[0], cwd: cwd)
            let script = """
                #!/bin/sh
                \(HookCommand.marker): written by `larder hook install`.
                # Lints the staged content; a commit with content errors is refused.
                # Skip it once with `git commit --no-verify`.
                if command -v larder >/dev/null 2>&1; then LARDER=larder; else LARDER='\(binary.replacingOccurrences(of: "'", with: "'\\''"))'; fi
                exec "$LARDER" lint --staged --config '\(relativeConfig.replacingOccurrences(of: "'", with: "'\\''"))'

                """
            try fm.createDirectory(atPath: hooks, withIntermediateDirectories: true)
            try Data(script.utf8).write(to: URL(fileURLWithPath: hook), options: .atomic)
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
            print("Installed \(hook): commits now run `larder lint --staged --config \(relativeConfig)`.")
        }

        static func git(_ arguments: [String], in directory: String) throws -> String {
            let bytes = try GitIndexReader.git(arguments, in: directory)
            return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
