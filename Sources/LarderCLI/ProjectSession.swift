import ArgumentParser
import Foundation
import LarderCore
import LarderJSON

/// A project opened from its `larder.yml`, shared by the commands that run the pipeline
/// (`lint`, `build`): where it is, its config, and how reports name its files.
struct ProjectSession {
    let cwd: String
    let root: String
    /// How reports name the config file.
    let configDisplay: String
    /// The config file's name (`larder.yml`), which names the project's lint cache.
    let configName: String
    let config: LarderConfig
    let positions: ConfigLoader.PositionMap
    /// Maps a member's pointer to the place of its key in the config file.
    var keyPositions: ConfigLoader.PositionMap? = nil
    /// Other config files beside the one read (`larder.json` beside `larder.yml`), as
    /// reports name them: they are not read, which lint says.
    var unreadConfigs: [String] = []

    /// Why a project could not be opened: its config is not usable (reported, exit 2).
    struct BrokenConfig: Error {
        var diagnostics: [Diagnostic]
        var locators: [PathKey: SourceLocator]

        /// The mistakes as lint's human report gives them, each at its line and column in the
        /// config file as it was named (`bad.yml:3:9: error: …`, the line quoted), for a
        /// command that has no report of its own (`larder plugins`).
        func humanReport(cwd: String, colorEnabled: Bool, rules: [String: RuleMetadata]) -> [UInt8] {
            let context = ReportContext(
                colorEnabled: colorEnabled, workingDirectory: cwd,
                sources: SourceProvider.locators(locators).fallback(to: .files(relativeTo: cwd)),
                toolVersion: larderVersion, rules: rules)
            let summary = DiagnosticSummary(diagnostics, filesChecked: Set(diagnostics.map(\.file)).count)
            return HumanReporter().report(diagnostics, summary: summary, context: context)
        }
    }

    /// The number of files a report counts as checked: the `content` files (project-relative),
    /// and larder.yml and each team schema file that has problems of its own (`config`
    /// diagnostics in `found`), or is in `setup` (larder.yml given as a path), when they are
    /// not content: a project whose include takes in nothing yet has "1 warning in 1 file",
    /// not "in 0 files". Lint and build count alike, so one set of diagnostics has one count.
    static func filesChecked(content: Set<PathKey>, found: [Diagnostic], setup: Set<PathKey> = []) -> Int {
        let own = Set(found.filter { $0.ruleID == ConfigLoader.ruleID }.map { PathKey($0.file) }).union(setup)
        return content.count + own.subtracting(content).count
    }

    /// Finds the config (`--config`, or the nearest larder.yml) and reads it; nil when there
    /// is none and none was asked for.
    /// With `staged`, the config is read as git's index holds it, when the index holds it
    /// (a config that is not committed is read from the working tree).
    static func open(config option: String?, cwd: String, staged: Bool = false) throws -> ProjectSession? {
        let configFile: ConfigFile
        // The working folder is "" when it was removed (a checkout deleted and cloned again
        // under a shell that stayed in it): nothing relative to it can be found.
        if cwd.isEmpty && !(option?.hasPrefix("/") ?? false) {
            throw ValidationError("the working folder no longer exists (it was removed, or cannot be read): cd into the project again, or give --config with an absolute path")
        }
        if let option {
            let path = absolutePath(option, cwd: cwd)
            guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("no such config file: \(option)") }
            configFile = ConfigFile(path: path)
        } else if let found = ConfigFile.find(from: cwd) {
            configFile = found
        } else {
            return nil
        }
        let root = configFile.root
        let configDisplay = displayPath(String(configFile.path.dropFirst(root.count + 1)), root: root, cwd: cwd)
        // The index's larder.yml: a change left unstaged (`unknown-unit: off`) decided what
        // a commit of the staged content was checked with.
        let stagedBytes = staged ? try? GitIndexReader.git(["show", ":./" + String(configFile.path.dropFirst(root.count + 1))], in: root) : nil
        // Found by looking (not named with --config): the other names in its folder.
        let unread = option != nil ? [] : ConfigFile.names.filter { name in
            let other = root + "/" + name
            return other != configFile.path && FileManager.default.fileExists(atPath: other)
        }.map { displayPath($0, root: root, cwd: cwd) }
        do {
            let (config, positions, keyPositions) = try configFile.read(displayPath: configDisplay, staged: stagedBytes)
            return ProjectSession(
                cwd: cwd, root: root, configDisplay: configDisplay,
                configName: (configFile.path as NSString).lastPathComponent, config: config, positions: positions,
                keyPositions: keyPositions, unreadConfigs: unread)
        } catch {
            var locators: [PathKey: SourceLocator] = [:]
            if let l = error.locator { locators[PathKey(configDisplay)] = l }
            // The team schemas are read as the config is: from the index for --staged, as
            // they are when the config is valid (the working tree's unstaged edit of a
            // schema was reported, and the staged schema's mistakes were not).
            let reader: any ProjectReader = staged ? ((try? GitIndexReader(root: root)) ?? WorkingTreeReader(root: root)) : WorkingTreeReader(root: root)
            // The further checks name team schema files project-relative: named as reports
            // name files here, and quoted from the file they were read from.
            let diagnostics = furtherChecks(of: error, root: root, configDisplay: configDisplay, reader: reader).map { d in
                var d = d
                if d.file != configDisplay {
                    if staged, let bytes = try? reader.read(d.file) {
                        locators[PathKey(displayPath(d.file, root: root, cwd: cwd))] = SourceLocator(bytes: bytes)
                    }
                    d.file = displayPath(d.file, root: root, cwd: cwd)
                }
                return d
            }
            throw BrokenConfig(diagnostics: diagnostics, locators: locators)
        }
    }

    /// The mistakes of a config that is not valid, with those the checks beside its schema
    /// find in what could be read of it (unknown rules and options, steps, team schemas that
    /// cannot be read), so that one run reports every mistake of the file, not the schema's
    /// first and the rest once those are fixed.
    private static func furtherChecks(of failure: ConfigFile.Failure, root: String, configDisplay: String,
                                      reader: any ProjectReader) -> [Diagnostic] {
        guard let error = failure.configError, let partial = error.partialConfig, let registry = try? CLIRegistry.make() else {
            return failure.diagnostics
        }
        var linter = Linter(config: partial, registry: registry, reader: reader, projectRoot: root,
                            configFile: configDisplay, configPositions: failure.positions)
        linter.configKeyPositions = failure.keyPositions
        // `plugins:` mistakes too (an id declared twice, a lint plugin named as a rule): a
        // valid config gets them when its plugins run, which this one never reaches.
        return error.merging(linter.checkRuleSettings() + linter.checkPluginSettings() + linter.compileSchemas().diagnostics)
    }

    /// A project-relative path as reports name it.
    func display(_ projectPath: String) -> String {
        displayPath(projectPath, root: root, cwd: cwd)
    }

    /// Diagnostics with project-relative files renamed as the user sees them.
    func displayed(_ found: [Diagnostic]) -> [Diagnostic] {
        // One name per file (a file can have thousands of diagnostics, and naming a file
        // standardizes the current folder's path), told apart by its bytes.
        var names: [PathKey: String] = [PathKey(configDisplay): configDisplay]
        func name(_ file: String) -> String {
            if let known = names[PathKey(file)] { return known }
            let shown = display(file)
            names[PathKey(file)] = shown
            return shown
        }
        return found.map { d in
            var d = d
            d.file = name(d.file)
            if !d.related.isEmpty {
                d.related = d.related.map { r in
                    var r = r
                    let shown = name(r.file)
                    // A message that names the related place ("already used by the item at
                    // content/a.json:1:8") names it as the report does.
                    let place = "\(r.file):\(r.start.line):\(r.start.column)"
                    if shown != r.file, d.message.contains(place) {
                        d.message = d.message.replacingOccurrences(of: place, with: "\(shown):\(r.start.line):\(r.start.column)")
                    }
                    r.file = shown
                    return r
                }
            }
            return d
        }
    }

    /// The text of the files that have diagnostics, keyed as reports name them. With a
    /// `reader`, the files only their related notes name ("first used here") are read
    /// through it too: `--staged` quotes the index's lines there, not the working tree's.
    func locators(for found: [Diagnostic], in content: LoadedContent, reader: (any ProjectReader)? = nil) -> [PathKey: SourceLocator] {
        var locators: [PathKey: SourceLocator] = [:]
        // Keyed by the paths' bytes: names that differ only in Unicode normalization are
        // two files, each quoted from its own text.
        let withProblems = Set(found.map { PathKey($0.file) })
        for (path, locator) in content.locators where withProblems.contains(path) { locators[PathKey(display(path.path))] = locator }
        for document in content.documents where withProblems.contains(PathKey(document.file)) && locators[PathKey(display(document.file))] == nil {
            locators[PathKey(display(document.file))] = document.sourceLocator()
        }
        if let reader {
            // The related notes' files, and the files with problems that are not content
            // (larder.yml, a team's schema): quoted as the reader has them (the index's
            // version for --staged), not as the working tree does.
            let related = Set(found.flatMap { $0.related.map { PathKey($0.file) } }).union(withProblems)
            for path in related.sorted() where locators[PathKey(display(path.path))] == nil {
                if let bytes = try? reader.read(path.path) { locators[PathKey(display(path.path))] = SourceLocator(bytes: bytes) }
            }
        }
        return locators
    }

    /// The project's linter; with `included` (the files the content entries take in), it
    /// also warns of include globs that take in none, of the `links` they take in, and of
    /// the `outputs` (folders skipped as a build's output) whose files they would take in.
    func linter(registry: PluginRegistry, reader: any ProjectReader, included: [(path: String, entry: Int)]? = nil,
                links: [SymbolicLink] = [], outputs: [String] = []) -> Linter {
        var linter = Linter(config: config, registry: registry, reader: reader, projectRoot: root,
                            configFile: configDisplay, configPositions: positions)
        linter.configKeyPositions = keyPositions
        linter.includedFiles = included?.map(\.path)
        linter.includedLinks = links
        linter.includedOutputs = outputs
        linter.unreadConfigs = unreadConfigs
        return linter
    }
}
