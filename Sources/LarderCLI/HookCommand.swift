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

        @Flag(name: .long, help: "Replace an existing hook that is not Larder's, or Larder's edited by hand (it is kept as pre-commit.backup, or pre-commit.backup.1 and so on when that exists).")
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
            // The executable itself, wherever it was found: a name looked up on PATH is not a
            // path relative to this folder (the hook pointed at ./larder there).
            let binary = Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
                ?? absolutePath(CommandLine.arguments[0], cwd: cwd)
            let script = HookCommand.script(binary: binary, config: relativeConfig)
            if fm.fileExists(atPath: hook) {
                let existing = (try? String(contentsOfFile: hook, encoding: .utf8)) ?? ""
                // Larder's own hook as Larder writes it (whatever executable and config it
                // names) is replaced; one edited by hand (`npm test || exit 1` added) is the
                // user's as much as a foreign hook is, and is never lost.
                let edited = existing.contains(HookCommand.marker) && !HookCommand.isUnedited(existing)
                if !existing.contains(HookCommand.marker) || edited {
                    let backup = HookCommand.backupPath(for: hook)
                    guard force else {
                        let what = edited ? "is Larder's hook, edited since it was installed" : "is not Larder's"
                        let name = (backup as NSString).lastPathComponent
                        throw ValidationError("\(hook) exists and \(what); use --force to replace it (it is kept as a backup, \(name))")
                    }
                    try fm.copyItem(atPath: hook, toPath: backup)
                    print("Kept the hook that was there as \(backup).")
                }
            }
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

    /// Where `--force` keeps the hook at `hook`: `pre-commit.backup`, or the next free
    /// `pre-commit.backup.N`, since a backup of an earlier --force is never replaced. The
    /// refusal without --force names this same file.
    static func backupPath(for hook: String) -> String {
        let fm = FileManager.default
        var backup = hook + ".backup"
        var n = 1
        while fm.fileExists(atPath: backup) || (try? fm.destinationOfSymbolicLink(atPath: backup)) != nil {
            backup = hook + ".backup.\(n)"
            n += 1
        }
        return backup
    }

    /// The hook `larder hook install` writes for the executable `binary` and the config at
    /// `config` (relative to the repository's top).
    static func script(binary: String, config: String) -> String {
        """
                #!/bin/sh
                \(HookCommand.marker): written by `larder hook install`.
                # Lints the staged content; a commit with content errors is refused.
                # Skip it once with `git commit --no-verify`.
                if command -v larder >/dev/null 2>&1; then LARDER=larder; else LARDER='\(binary.replacingOccurrences(of: "'", with: "'\\''"))'; fi
                exec "$LARDER" lint --staged --config '\(config.replacingOccurrences(of: "'", with: "'\\''"))'

                """
    }

    /// True when `existing` is a hook as ``script(binary:config:)`` writes it, for any
    /// executable and config: only the two lines that name them may differ.
    static func isUnedited(_ existing: String) -> Bool {
        func shape(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                if line.hasPrefix("if command -v larder >/dev/null 2>&1; then LARDER=larder; else LARDER='") { return "<larder>" }
                if line.hasPrefix("exec \"$LARDER\" lint --staged --config '") { return "<exec>" }
                return String(line)
            }
        }
        return shape(existing) == shape(script(binary: "", config: ""))
    }
}
