import ArgumentParser
import Foundation

/// `larder hook install`: plain git hooks for teams without the pre-commit framework. The
/// hooks lint what is staged, so a commit is judged by what it commits, a merge commit
/// included (git runs `pre-merge-commit`, not `pre-commit`, for a merge it completes on its
/// own, and a merge is where two clean branches most often break cross-file rules).
struct HookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hook",
        abstract: "Install git pre-commit and pre-merge-commit hooks that run `larder lint --staged`.",
        subcommands: [Install.self]
    )

    /// The line that marks a hook as Larder's own (so reinstalling may replace it).
    static let marker = "# larder pre-commit hook"

    /// The hooks Larder writes: every commit, and every merge commit git makes on its own.
    static let hookNames = ["pre-commit", "pre-merge-commit"]

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Write .git/hooks/pre-commit and pre-merge-commit (refuses to replace another hook without --force).",
            discussion: """
                The hooks run `larder lint --staged --config=<config>` for the config given \
                (or found from the current folder) and for every config Larder's hooks there \
                already lint, so a second project of the repository does not stop the first \
                one's check; a config that is no longer in the working tree is dropped, and \
                said. To stop checking a project, delete its line from both hooks.
                """)

        @Flag(name: .long, help: "Replace an existing hook that is not Larder's, or Larder's edited by hand (it is kept as pre-commit.backup, or pre-commit.backup.1 and so on when that exists).")
        var force = false

        @Option(name: .long, help: "The config the hooks lint with (default: the one found from the current folder).")
        var config: String?

        func run() throws {
            let cwd = FileManager.default.currentDirectoryPath
            let top: String
            let hooks: String
            let gitDirectory: String
            do {
                top = try Self.git(["rev-parse", "--show-toplevel"], in: cwd)
                let path = try Self.git(["rev-parse", "--git-path", "hooks"], in: cwd)
                hooks = path.hasPrefix("/") ? path : cwd + "/" + path
                gitDirectory = absolutePath(try Self.git(["rev-parse", "--git-common-dir"], in: cwd), cwd: cwd)
            } catch {
                // A bare repository has no working tree, so no commit is made there: it was
                // called no git repository at all.
                if (try? Self.git(["rev-parse", "--is-bare-repository"], in: cwd)) == "true" {
                    throw ValidationError("this is a bare repository (no working tree, so no commits are made in it); install the hooks in a clone")
                }
                throw ValidationError("not inside a git repository (\(error))")
            }
            // A core.hooksPath outside the repository (a global `~/.githooks`) is shared by
            // every repository that uses it: a hook written there linted this project's
            // config in all of them, and every commit elsewhere failed ("no such config file").
            let hooksFolder = resolvedPath(hooks, cwd: cwd)
            guard [resolvedPath(top, cwd: cwd), resolvedPath(gitDirectory, cwd: cwd)].contains(where: { projectRelative(hooksFolder, root: $0) != nil }) else {
                throw ValidationError(
                    "the hooks folder \(hooksFolder) (core.hooksPath) is outside this repository, so its hooks run for every "
                        + "repository that uses it; give this one a hooks folder of its own (`git config core.hooksPath .githooks`), "
                        + "then run `larder hook install` again")
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
            let fm = FileManager.default
            let binary = HookCommand.executable(cwd: cwd)
            // Each hook named without `..` (git answers "../.git/hooks" from a subfolder).
            let paths = HookCommand.hookNames.map { URL(fileURLWithPath: hooks + "/" + $0).standardizedFileURL.path }
            // The configs Larder's hooks lint already are kept; a hook that is not Larder's,
            // or Larder's edited by hand (`npm test || exit 1` added), is the user's and is
            // replaced only with --force, and kept as a backup. Every hook is judged before
            // any is written, so a refusal leaves them all as they were.
            var configs: [String] = []
            var replaced: [(hook: String, backup: String)] = []
            // A symbolic link that leads nowhere (to a script this checkout lacks) is a hook too.
            for hook in paths where fm.fileExists(atPath: hook) || (try? fm.destinationOfSymbolicLink(atPath: hook)) != nil {
                let existing = (try? String(contentsOfFile: hook, encoding: .utf8)) ?? ""
                if let kept = HookCommand.configs(inUnedited: existing) {
                    for config in kept where !configs.contains(config) { configs.append(config) }
                    continue
                }
                let backup = HookCommand.backupPath(for: hook)
                guard force else {
                    let what = existing.contains(HookCommand.marker) ? "is Larder's hook, edited since it was installed" : "is not Larder's"
                    let name = (backup as NSString).lastPathComponent
                    throw ValidationError("\(hook) exists and \(what); use --force to replace it (it is kept as a backup, \(name))")
                }
                replaced.append((hook, backup))
            }
            // A config that is gone would fail every commit ("no such config file").
            let gone = configs.filter { $0 != relativeConfig && !fm.fileExists(atPath: topURL + "/" + $0) }
            configs.removeAll { gone.contains($0) }
            let earlier = configs.filter { $0 != relativeConfig }
            if !configs.contains(relativeConfig) { configs.append(relativeConfig) }
            let script = HookCommand.script(binary: binary, configs: configs)
            for (hook, backup) in replaced {
                try fm.copyItem(atPath: hook, toPath: backup)
                print("Kept the hook that was there as \(backup).")
            }
            try fm.createDirectory(atPath: hooks, withIntermediateDirectories: true)
            for hook in paths {
                try Data(script.utf8).write(to: URL(fileURLWithPath: hook), options: .atomic)
                try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
            }
            let runs = configs.map { "`larder lint --staged --config=\($0)`" }.joined(separator: " and ")
            print("Installed \(paths[0]): commits now run \(runs).")
            print("Installed \(paths[1]): merge commits run the same.")
            if !earlier.isEmpty {
                let list = earlier.joined(separator: ", ")
                print("\(list) \(earlier.count == 1 ? "was" : "were") linted by the hooks already, and still \(earlier.count == 1 ? "is" : "are"); to stop, delete \(earlier.count == 1 ? "its line" : "a line") from both hooks.")
            }
            for config in gone {
                print("\(config) is no longer in the working tree: the hooks stop linting it.")
            }
        }

        static func git(_ arguments: [String], in directory: String) throws -> String {
            let bytes = try GitIndexReader.git(arguments, in: directory)
            return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The path the hooks fall back to when `larder` is not on their PATH (GUI git clients,
    /// Xcode): the executable as it was found, not where its links lead. A package manager
    /// links `bin/larder` to a versioned file (`Cellar/larder/0.1/bin/larder`) that an
    /// upgrade removes, and a hook that named that file failed every commit after it. A
    /// name looked up on PATH is the PATH entry it was found in, not a path relative to this
    /// folder (the hook pointed at ./larder there).
    static func executable(cwd: String, arguments: [String] = CommandLine.arguments,
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let fm = FileManager.default
        let name = arguments.first ?? ""
        if name.contains("/") {
            let path = absolutePath(name, cwd: cwd)
            if fm.isExecutableFile(atPath: path) { return path }
        } else if !name.isEmpty {
            for folder in (environment["PATH"] ?? "").split(separator: ":", omittingEmptySubsequences: false) {
                // An empty entry is the current folder, as for the shell.
                let path = absolutePath(folder.isEmpty ? name : String(folder) + "/" + name, cwd: cwd)
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue, fm.isExecutableFile(atPath: path) {
                    return path
                }
            }
        }
        return Bundle.main.executablePath ?? absolutePath(name, cwd: cwd)
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

    /// `text` in single quotes for sh.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The lines of the hook before the one that finds the executable.
    private static let head = """
        #!/bin/sh
        \(marker): written by `larder hook install`.
        # Lints the staged content of each project below; a commit with content errors is
        # refused. Skip it once with `git commit --no-verify` (`git merge --no-verify`).
        """

    /// The start and end of the line that lints one project (`--config=`, so that a path
    /// starting with `-` is not read as an option).
    private static let lintLine = (start: "\"$LARDER\" lint --staged --config=", end: " || status=1")
    private static let findLine = "if command -v larder >/dev/null 2>&1; then LARDER=larder; else LARDER="

    /// The hook `larder hook install` writes for the executable `binary` and the configs
    /// at `configs` (relative to the repository's top): each is linted, and the commit is
    /// refused when any fails.
    static func script(binary: String, configs: [String]) -> String {
        var lines = [head, "\(findLine)\(quoted(binary)); fi", "status=0"]
        for config in configs { lines.append(lintLine.start + quoted(config) + lintLine.end) }
        lines.append("exit $status")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The hook Larder 0.1.0 wrote (for one config, `--config 'PATH'`): still Larder's own,
    /// so that installing a second project's hook over it keeps its config.
    private static let firstScriptShape = [
        "#!/bin/sh", "\(marker): written by `larder hook install`.",
        "# Lints the staged content; a commit with content errors is refused.",
        "# Skip it once with `git commit --no-verify`.", "<find>", "<first-lint>", "",
    ]
    private static let firstLintLine = (start: "exec \"$LARDER\" lint --staged --config '", end: "'")

    /// The configs `existing` lints when it is a hook as ``script(binary:configs:)`` (or
    /// Larder 0.1.0) wrote it, for any executable and configs: only the lines that name
    /// them may differ. Nil when it is not (another hook, or Larder's edited by hand).
    static func configs(inUnedited existing: String) -> [String]? {
        var shape: [String] = []
        var configs: [String] = []
        func unquoted(_ text: Substring) -> String? {
            guard text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") else { return nil }
            let inner = text.dropFirst().dropLast()
            let parts = inner.components(separatedBy: "'\\''")
            return parts.contains(where: { $0.contains("'") }) ? nil : parts.joined(separator: "'")
        }
        for line in existing.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(findLine) {
                shape.append("<find>")
            } else if line.hasPrefix(lintLine.start), line.hasSuffix(lintLine.end),
                      let config = unquoted(line.dropFirst(lintLine.start.count).dropLast(lintLine.end.count)) {
                configs.append(config)
                if shape.last != "<lint>" { shape.append("<lint>") }
            } else if line.hasPrefix(firstLintLine.start), line.hasSuffix(firstLintLine.end),
                      let config = unquoted(line.dropFirst(firstLintLine.start.count - 1)) {
                configs.append(config)
                shape.append("<first-lint>")
            } else {
                shape.append(String(line))
            }
        }
        let current = script(binary: "", configs: [""]).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(findLine) ? "<find>" : line.hasPrefix(lintLine.start) ? "<lint>" : String(line)
        }
        guard shape == current || shape == firstScriptShape else { return nil }
        return configs
    }
}
