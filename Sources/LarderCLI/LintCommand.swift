import ArgumentParser
import Foundation
import LarderCore
import LarderJSON

/// `larder lint [PATH...]`: checks content and reports problems with `file:line:column`.
///
/// With a `larder.yml` (found in the current folder or the nearest parent, or given with
/// `--config`; with none there, the one of the project the given paths are in) it runs the whole lint stage: each document against its kind's schema and
/// every rule, with the config's severities. Without paths it lints everything the config
/// includes; with paths (as pre-commit passes them) it reports on those files while
/// cross-file rules still see the whole content set: their facts about unchanged files come
/// from the lint cache (`FactCache`, in `.larder-cache/`), so only the given files and the
/// changed ones are parsed (`--no-cache` parses all); a path that is not content is named
/// on standard error as not checked. Without a config it checks the syntax
/// and duplicate keys of the given JSON files, and says on standard error that it did only that.
struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check content and report problems as file:line:column.",
        discussion: """
            Exit status: 0 when no file has an error (warnings alone do not fail, unless \
            there are more than --max-warnings), 1 when one has, 2 for a usage, \
            configuration or internal error (a path that does not exist is a usage error; \
            with --staged, one that neither the index nor the working tree holds). With \
            --staged, a file with a merge conflict open is an error that names it.
            """
    )

    @Argument(help: "Files or folders to report on (default: everything larder.yml includes).")
    var paths: [String] = []

    @Option(name: .long, help: "The config file (default: larder.yml in this folder or the nearest parent).")
    var config: String?

    @Flag(name: .long, help: "Lint what is staged in git (the index), not the working tree.")
    var staged = false

    // The next argument is the value whatever it looks like, so that `--max-warnings -1`
    // reaches the check below (it was taken for an option, and the value said missing).
    @Option(name: .customLong("max-warnings"), parsing: .unconditional, help: "Fail (exit 1) when there are more warnings than this (0 or more).")
    var maxWarnings: Int?

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: .long, help: "Report errors only (hidden warnings still count for --max-warnings).")
    var quiet = false

    @Flag(name: .customLong("no-cache"), help: ArgumentHelp(
        "Parse every file, without reading or writing the lint cache (.larder-cache/ in the project).",
        discussion: "The cache keeps each file's ids, references and coordinates, so that linting a few files parses those and the changed ones; it never changes what is reported."))
    var noCache = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let maxWarnings, maxWarnings < 0 {
            throw ValidationError("--max-warnings must be 0 or more (it was \(maxWarnings)); leave it out for no limit")
        }
    }

    func run() async throws {
        let registry = CLIRegistry.makeForLint()
        let reporter = try output.reporter(in: registry)
        let cwd = FileManager.default.currentDirectoryPath
        var run: LintRun
        do {
            if let project = try ProjectSession.open(config: config ?? projectConfigOfPaths(cwd: cwd), cwd: cwd, staged: staged) {
                run = try await lintProject(project, registry: registry)
            } else {
                guard !paths.isEmpty else {
                    throw ValidationError("no larder.yml in \(cwd) or its parents: give files or folders to check, or write one with `larder init`")
                }
                if staged { throw ValidationError("--staged needs a larder.yml (it lints the content the config includes)") }
                run = try await lintFiles(cwd: cwd)
                // Said, so that a syntax check is not taken for a clean project.
                FileHandle.standardError.write(Data("larder: no larder.yml found: only JSON syntax was checked; give --config to lint with one\n".utf8))
            }
        } catch let broken as ProjectSession.BrokenConfig {
            run = LintRun(diagnostics: broken.diagnostics, filesChecked: Set(broken.diagnostics.map(\.file)).count,
                          locators: broken.locators, configBroken: true)
        }
        // Paths given that are not content were not checked: said on standard error, where
        // a machine-readable report stays whole, and not as a diagnostic, so that a hook that
        // is handed every staged file (a README) does not fail on them, even with --strict.
        for line in run.notChecked { FileHandle.standardError.write(Data("larder: \(line)\n".utf8)) }
        // A lint cache that cannot be written changes nothing in the report or the exit
        // status; said once, on standard error, so the slower runs that follow are explained.
        if let warning = run.cacheWarning { FileHandle.standardError.write(Data("larder: \(warning)\n".utf8)) }
        if strict {
            run.diagnostics = run.diagnostics.map { d in
                var d = d
                if d.severity == .warning { d.severity = .error }
                return d
            }
        }
        // --quiet hides warnings from the report, but they still count for --max-warnings,
        // and the summary counts them as hidden ("1 warning hidden by --quiet"), so that a
        // run they fail does not say "No problems".
        let warnings = run.diagnostics.count { $0.severity == .warning }
        if quiet { run.diagnostics = run.diagnostics.filter { $0.severity == .error } }
        var summary = DiagnosticSummary(run.diagnostics, filesChecked: run.filesChecked)
        if quiet {
            summary.warnings = warnings
            summary.hiddenWarnings = warnings
        }
        let context = ReportContext(
            colorEnabled: output.colorEnabled(), workingDirectory: cwd,
            sources: SourceProvider.locators(run.locators).fallback(to: .files(relativeTo: cwd)),
            toolVersion: larderVersion,
            rules: ReportIDs.rules(of: registry))
        writeStandardOutput(reporter.report(run.diagnostics, summary: summary, context: context))
        // A mistake in larder.yml (an unknown rule, a bad option) is a configuration error.
        if run.configBroken || run.diagnostics.contains(where: { $0.ruleID == ConfigLoader.ruleID && $0.severity == .error }) {
            throw ExitCode(2)
        }
        if summary.errors > 0 { throw ExitCode(1) }
        if let maxWarnings, warnings > maxWarnings {
            let count = "\(warnings) warning\(warnings == 1 ? "" : "s")"
            FileHandle.standardError.write(Data("larder: \(count)\(quiet ? " (hidden by --quiet)" : ""), more than --max-warnings \(maxWarnings)\n".utf8))
            throw ExitCode(1)
        }
    }

    struct LintRun {
        var diagnostics: [Diagnostic]
        var filesChecked: Int
        var locators: [PathKey: SourceLocator]
        var configBroken = false
        /// One line for each path given that was not checked, and why.
        var notChecked: [String] = []
        /// Why the lint cache could not be written, as the run says it; nil when it was
        /// written or needed not be.
        var cacheWarning: String?
    }

    /// What a run says when the lint cache could not be written.
    static func cacheWarning(_ reason: String) -> String {
        "warning: the lint cache was not written (\(reason)); this run's report is complete, "
            + "but the next run reads every file again: make \(FactCache.folderName) a writable folder, or lint with --no-cache"
    }

    /// The config of the project the given paths are in, when none is found from the current
    /// folder: `larder lint Examples/card-war` from the repository's root lints that project
    /// with its larder.yml, as `--config Examples/card-war/larder.yml` does. A folder given
    /// is looked in, then its parents; a file, its folder and the parents. Nil when no path
    /// is in a project (the syntax check); a usage error when they are in different ones.
    func projectConfigOfPaths(cwd: String) throws -> String? {
        guard !paths.isEmpty, ConfigFile.find(from: cwd) == nil else { return nil }
        var found: [(path: String, config: String?)] = []
        for path in paths {
            let absolute = absolutePath(path, cwd: cwd)
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory)
            let folder = exists && isDirectory.boolValue ? absolute : (absolute as NSString).deletingLastPathComponent
            found.append((path, ConfigFile.find(from: folder)?.path))
        }
        let configs = Set(found.map { $0.config ?? "" })
        guard configs.count > 1 else { return found.first?.config }
        let here = URL(fileURLWithPath: cwd).standardizedFileURL.path
        let named = found.prefix(10).map { item in
            "\(item.path) (\(item.config.map { projectRelative($0, root: here) ?? $0 } ?? "no larder.yml"))"
        }
        throw ValidationError("the paths given are in different projects: \(named.joined(separator: ", ")); lint one project at a time, or give --config")
    }

    /// Lint without a config: syntax and duplicate keys of the given files.
    func lintFiles(cwd: String) async throws -> LintRun {
        let files: [String]
        do {
            files = try FileCollector().collect(paths)
        } catch {
            throw ValidationError("\(error)")
        }
        let results = await SyntaxLinter().lint(files)
        var locators: [PathKey: SourceLocator] = [:]
        for r in results { if let l = r.locator { locators[PathKey(r.file)] = l } }
        return LintRun(diagnostics: results.flatMap(\.diagnostics), filesChecked: files.count, locators: locators)
    }

    /// Lint with a config: schemas and rules over the content set.
    func lintProject(_ project: ProjectSession, registry: PluginRegistry) async throws -> LintRun {
        // The config's transforms and exports are checked too (their ids and options), and
        // a plugin's id against every built-in one (a lint plugin named `images` is refused
        // by build, and must be by lint), which needs the registry that has them.
        var registry = registry
        if !project.config.transforms.isEmpty || !project.config.exports.isEmpty || !project.config.plugins.isEmpty,
            let full = try? CLIRegistry.make() { registry = full }
        let root = project.root, cwd = project.cwd, config = project.config

        // What to report on: the given paths, made project-relative (with the path as given,
        // to name the ones that are not content). Keyed by the paths' bytes: two names that
        // differ only in Unicode normalization are two files, and a `Set<String>` took the
        // file not given for the one given.
        var reportingOn: Set<PathKey>? = nil
        var given: [(path: String, relative: String, isFolder: Bool)] = []
        // Paths given that are symbolic links to files: the link, project-relative, and what
        // it holds (the file it leads to is what is checked, when it is content).
        var linkOf: [String: SymbolicLink] = [:]
        // With --staged, the index is read before the paths: a path is what the index holds
        // there, whatever the working tree has in its place.
        var index: GitIndexReader? = nil
        if staged {
            do {
                index = try GitIndexReader(root: root)
            } catch {
                throw ValidationError("--staged: \(error)")
            }
        }
        if !paths.isEmpty {
            var files = Set<PathKey>()
            // A path is placed by where it leads (symbolic links followed), and so is the
            // root: the project opened through a linked folder, or a file reached through
            // one, is in the project when the file it names is.
            let realRoot = resolvedPath(root, cwd: cwd)
            for path in paths {
                if let index, let staged = Self.stagedPath(path, cwd: cwd, realRoot: realRoot, index: index) {
                    if let link = staged.link { linkOf[path] = link }
                    if !staged.isFolder { files.insert(PathKey(staged.relative)) }
                    given.append((path, staged.relative, staged.isFolder))
                    continue
                }
                let resolved = resolvedPath(path, cwd: cwd)
                guard let relative = projectRelative(resolved, root: realRoot) else {
                    let leads = resolved == absolutePath(path, cwd: cwd) ? " is" : " leads to \(resolved),"
                    throw ValidationError("\(path)\(leads) outside the project \(root) (the folder of \(project.configDisplay)); lint reports on the project's files only")
                }
                var isDirectory: ObjCBool = false
                let existsOnDisk = FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory)
                if isDirectory.boolValue {
                    given.append((path, relative, true))
                } else if existsOnDisk {
                    let asGiven = absolutePath(path, cwd: cwd)
                    if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: asGiven),
                       let link = projectRelative(resolvedPath((asGiven as NSString).deletingLastPathComponent, cwd: cwd), root: realRoot) {
                        linkOf[path] = SymbolicLink(path: link.isEmpty ? (asGiven as NSString).lastPathComponent : link + "/" + (asGiven as NSString).lastPathComponent, destination: destination)
                    }
                    files.insert(PathKey(relative))
                    given.append((path, relative, false))
                } else {
                    // Under --staged too: a path the index does not hold either is a typo (or
                    // a file this commit deletes), and was passed as "0 files" checked.
                    throw ValidationError("no such file or directory: \(path)\(staged ? " (nor does git's index hold it)" : "")")
                }
            }
            reportingOn = files
        }

        let reader: any ProjectReader = index ?? WorkingTreeReader(root: root)
        var trace = PhaseTrace()
        trace.mark("config and reader")
        let loader = ContentLoader(config: config, reader: reader)
        let (included, links, outputs) = loader.included()
        trace.mark("find \(PhaseTrace.files(included.count))")
        // The config itself is checked on every run: given as a path, it counts as checked.
        let configPath = project.configName
        var configGiven = false
        var notChecked: [(path: String, relative: String, isFolder: Bool)] = []
        if var files = reportingOn {
            let includedSet = Set(included.map { PathKey($0.path) })
            // Files the config does not include are not content, nor are folders that hold
            // none: nothing to report on them, but the run says so, rather than call them clean.
            for g in given {
                if g.isFolder {
                    let prefix = g.relative.isEmpty ? "" : g.relative + "/"
                    let inside = included.filter { $0.path.utf8.starts(with: prefix.utf8) }
                    for f in inside { files.insert(PathKey(f.path)) }
                    if inside.isEmpty { notChecked.append(g) }
                } else if !includedSet.contains(PathKey(g.relative)) {
                    if g.relative == configPath { configGiven = true } else { notChecked.append(g) }
                }
            }
            reportingOn = files.filter { includedSet.contains($0) }
        }
        let cache = noCache ? nil : FactCache(projectRoot: root, configName: project.configName, salt: Self.cacheSalt())
        let outcome = await project.linter(registry: registry, reader: reader, included: included, links: links, outputs: outputs)
            .lint(files: included, loader: loader, reportingOn: reportingOn, cache: cache)
        let found = outcome.diagnostics, content = outcome.content
        trace.mark("read, parse and lint \(content.documents.count == 1 ? "1 document" : "\(content.documents.count) documents") (\(outcome.cache))")
        let diagnostics = project.displayed(found)
        let locators = project.locators(for: found, in: content, reader: staged ? reader : nil)
        // larder.yml counts as a file checked when it has problems of its own ("1 warning
        // in 0 files" for a project whose include takes in nothing yet), and so does each
        // team schema file with problems, and larder.yml when it is given as a path.
        let filesChecked = ProjectSession.filesChecked(
            content: reportingOn ?? Set(included.map { PathKey($0.path) }), found: found,
            setup: configGiven ? [PathKey(project.configDisplay)] : [])
        return LintRun(diagnostics: diagnostics, filesChecked: filesChecked, locators: locators,
                       notChecked: Self.notCheckedLines(notChecked, config: config, configDisplay: project.configDisplay, staged: staged, links: linkOf),
                       cacheWarning: outcome.cache.writeFailure.map(Self.cacheWarning))
    }

    /// A path given to `lint --staged`, judged by what the index holds at it (the folders
    /// on the way placed by where they lead, as without --staged): a staged file; a staged
    /// link, with the file it leads to (read in its place when that is content, as a link in
    /// the working tree is); a folder of staged files. Nil when the index holds nothing
    /// there: the working tree then tells what the path is.
    static func stagedPath(_ path: String, cwd: String, realRoot: String, index: GitIndexReader)
        -> (relative: String, isFolder: Bool, link: SymbolicLink?)? {
        let asGiven = absolutePath(path, cwd: cwd)
        let name = (asGiven as NSString).lastPathComponent
        guard name != "/", let folder = projectRelative(resolvedPath((asGiven as NSString).deletingLastPathComponent, cwd: cwd), root: realRoot)
        else { return nil }
        let relative = folder.isEmpty ? name : folder + "/" + name
        if index.blobs[PathKey(relative)] != nil || index.unmerged.contains(PathKey(relative)) { return (relative, false, nil) }
        if index.linkBlobs[PathKey(relative)] != nil {
            let destination = index.linkDestination(relative)
            // Where the link leads, inside the project; else the link itself is what is
            // named (it is not content: links are never read).
            var leadsTo = relative
            if let destination, !destination.isEmpty {
                let target = destination.hasPrefix("/") ? destination : ((realRoot as NSString).appendingPathComponent(folder) as NSString).appendingPathComponent(destination)
                if let inside = projectRelative((target as NSString).standardizingPath, root: realRoot), !inside.isEmpty { leadsTo = inside }
            }
            return (leadsTo, false, SymbolicLink(path: relative, destination: destination))
        }
        let prefix = relative + "/"
        if index.sortedPaths.contains(where: { $0.hasPrefix(prefix) }) { return (relative, true, nil) }
        return nil
    }

    /// What the run says of the paths given that it did not check, one line each (at most
    /// ten, then how many more): why each is not content, with the include patterns of the
    /// content entries, so that a file a person names is never taken for a clean one.
    static func notCheckedLines(_ paths: [(path: String, relative: String, isFolder: Bool)], config: LarderConfig,
                                configDisplay: String, staged: Bool, links: [String: SymbolicLink] = [:]) -> [String] {
        guard !paths.isEmpty else { return [] }
        var patterns: [String] = []
        for entry in config.content { for glob in entry.include where !patterns.contains(glob.pattern) { patterns.append(glob.pattern) } }
        let includes = patterns.isEmpty ? "it has no content entries" : "include: " + patterns.joined(separator: ", ")
        func why(_ relative: String, isFolder: Bool) -> String {
            if isFolder {
                return staged
                    ? "it holds no staged file that a content entry of \(configDisplay) includes (\(includes))"
                    : "it holds no file that a content entry of \(configDisplay) includes (\(includes))"
            }
            if config.entry(for: relative) != nil {
                return staged
                    ? "it is content of \(configDisplay), but not staged (git's index does not hold it)"
                    : "it is not among the content files of \(configDisplay) (files in hidden folders and links to folders are left out)"
            }
            let excludes = config.content.filter { $0.include.contains { $0.matches(relative) } }
                .flatMap { entry in (config.exclude + entry.exclude).filter { $0.matches(relative) }.map(\.pattern) }
            if !excludes.isEmpty {
                var seen: [String] = []
                for e in excludes where !seen.contains(e) { seen.append(e) }
                return "\(configDisplay) excludes it from its content (exclude: \(seen.joined(separator: ", ")))"
            }
            return "no content entry of \(configDisplay) includes it (\(includes))"
        }
        // A link to a file is read as the file it leads to; that file is what is not content.
        func whyLink(_ link: SymbolicLink, relative: String) -> String {
            let to = link.destination.map { " to \($0)" } ?? ""
            // It leads to no file of the project (outside it, or nowhere).
            if relative == link.path {
                return "it is a symbolic link\(to), which leads to no file of the project; Larder does not read links (a link may lead outside the project, and git keeps the link, not the file)"
                    + (config.entry(for: link.path) != nil ? ": put the file itself in the link's place" : "")
            }
            let leads = relative == link.path ? "" : " (\(relative))"
            let linkIsContent = config.entry(for: link.path) != nil
            return "it is a symbolic link\(to)\(leads); Larder does not read links (a link may lead outside the project, and git keeps the link, not the file), and "
                + (linkIsContent
                    ? "\(relative == link.path ? "the file it leads to" : relative) is not content: \(why(relative, isFolder: false)); include that file, or put the file itself in the link's place"
                    : "the file it leads to is not content: \(why(relative, isFolder: false))")
        }
        var lines = paths.prefix(10).map { given in
            if !given.isFolder, let link = links[given.path] { return "\(given.path) was not checked: \(whyLink(link, relative: given.relative))" }
            return "\(given.path) was not checked: \(why(given.relative, isFolder: given.isFolder))"
        }
        if paths.count > 10 {
            let more = paths.count - 10
            lines.append("and \(more) more path\(more == 1 ? "" : "s") given \(more == 1 ? "is" : "are") not content of \(configDisplay), so not checked")
        }
        return lines
    }
}

extension LintCommand {
    /// What the lint cache's facts depend on besides the rules: this Larder's version and
    /// build (the executable's size and modification time), so a rebuilt or upgraded
    /// `larder` never reads facts an older one wrote.
    static func cacheSalt() -> String {
        var salt = "larder \(larderVersion)"
        if let path = Bundle.main.executablePath, let stat = FileStatKey(path: path) {
            salt += " build \(stat.size)-\(stat.modified)"
        }
        return salt
    }
}

/// `path` made absolute against `cwd` and standardized.
func absolutePath(_ path: String, cwd: String) -> String {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: cwd).appendingPathComponent(path)
    return url.standardizedFileURL.path
}

/// Where `path` (absolute, or relative to `cwd`) leads: symbolic links followed, `..` taken
/// as the system takes it. Of a path that does not exist (a file deleted from the working
/// tree but staged), the part that does is resolved and the rest appended.
func resolvedPath(_ path: String, cwd: String) -> String {
    func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
    if let resolved = real(path.hasPrefix("/") ? path : cwd + "/" + path) { return resolved }
    var existing = URL(fileURLWithPath: absolutePath(path, cwd: cwd))
    var missing: [String] = []
    while existing.path != "/" {
        if let resolved = real(existing.path) {
            return ([resolved == "/" ? "" : resolved] + missing.reversed()).joined(separator: "/")
        }
        missing.append(existing.lastPathComponent)
        existing.deleteLastPathComponent()
    }
    return "/" + missing.reversed().joined(separator: "/")
}

/// `absolute` relative to `root`, or nil when it is outside.
func projectRelative(_ absolute: String, root: String) -> String? {
    if absolute == root { return "" }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
}

/// How reports name a project file: relative to the current folder when the project is at
/// or below it, else absolute.
func displayPath(_ projectPath: String, root: String, cwd: String) -> String {
    let absolute = projectPath.isEmpty ? root : (root.hasSuffix("/") ? root + projectPath : root + "/" + projectPath)
    let standardizedCwd = URL(fileURLWithPath: cwd).standardizedFileURL.path
    if let relative = projectRelative(absolute, root: standardizedCwd) { return relative.isEmpty ? "." : relative }
    return absolute
}

/// Prints how long each phase took on standard error when `LARDER_TRACE` is set.
struct PhaseTrace {
    let enabled = ProcessInfo.processInfo.environment["LARDER_TRACE"] != nil
    let start = DispatchTime.now().uptimeNanoseconds
    var last = DispatchTime.now().uptimeNanoseconds

    mutating func mark(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let line = "[trace] \((Double(now - last) / 1e6).formatted(.number.precision(.fractionLength(1)))) ms"
            + " (\((Double(now - start) / 1e6).formatted(.number.precision(.fractionLength(1)))) ms in all): \(phase)\n"
        last = now
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// `1 file`, `40 files`.
    static func files(_ n: Int) -> String { n == 1 ? "1 file" : "\(n) files" }
}
