import Foundation
import LarderJSON
import LarderSchema

/// Runs the lint stage: each document against its kind's schema (rule `schema`), then every
/// rule of the registry that is not turned off, with the severities and options of
/// `larder.yml`.
///
/// Cross-file rules see the whole content set; diagnostics are kept only for the files
/// being reported on (all of them, or the paths given on the command line).
public struct Linter: Sendable {
    public var config: LarderConfig
    public var registry: PluginRegistry
    public var reader: any ProjectReader
    /// The absolute project root (the folder of `larder.yml`).
    public var projectRoot: String
    /// Maps a pointer into `larder.yml` to its place, for mistakes found while preparing
    /// (a team's schema that does not compile).
    public var configFile: String
    public var configPositions: ConfigLoader.PositionMap?
    /// Maps a pointer into `larder.yml` to the place of its key (`meterz:`), for mistakes that
    /// are the key (an unknown rule or option); without it they are placed at the value.
    public var configKeyPositions: ConfigLoader.PositionMap?
    /// The files the config's content entries take in (``ContentLoader/includedFiles()``),
    /// when known: ``checkRuleSettings()`` then warns of include globs that take in none.
    public var includedFiles: [String]?
    /// The symbolic links the content entries' includes take in (``ContentLoader/included()``),
    /// which are not read: with ``includedFiles``, ``checkRuleSettings()`` warns of each.
    public var includedLinks: [SymbolicLink] = []
    /// Config files beside the one read (`larder.json` beside `larder.yml`), as reports name
    /// them: ``checkRuleSettings()`` warns that they are not read.
    public var unreadConfigs: [String] = []
    /// The folders below the includes' roots skipped as a build's output (they hold
    /// ``OutputWriter/marker``; ``ContentLoader/included()``): with ``includedFiles``,
    /// ``checkRuleSettings()`` warns of each whose files an include would take in, unless an
    /// export of the config, or a build a record of `.larder-cache` knows, writes it.
    public var includedOutputs: [String] = []
    /// Where the folder the exports' `out` paths are relative to lies against the project
    /// (`build --out`; by default the project itself): each `out` is checked where it
    /// lands in the project, and not at all against the project's files when it lands
    /// outside it.
    public var outputPlacement: OutputPlacement = .project

    public init(config: LarderConfig, registry: PluginRegistry, reader: any ProjectReader, projectRoot: String,
                configFile: String = "larder.yml", configPositions: ConfigLoader.PositionMap? = nil) {
        self.config = config
        self.registry = registry
        self.reader = reader
        self.projectRoot = projectRoot
        self.configFile = configFile
        self.configPositions = configPositions
    }

    /// The compiled schema of each content entry, or diagnostics for entries whose schema
    /// cannot be read or compiled.
    public func compileSchemas() -> (schemas: [Int: JSONSchema], diagnostics: [Diagnostic]) {
        var schemas: [Int: JSONSchema] = [:]
        var diagnostics: [Diagnostic] = []
        var byKind: [String: JSONSchema] = [:]  // by kind and `formats`
        // Two entries may share a schema file: its problems are told once.
        var placedSeen = Set<Diagnostic>()
        for (i, entry) in config.content.enumerated() {
            let kindKey = "\(entry.kind) \(entry.formats.rawValue)"
            if entry.schema == nil, let cached = byKind[kindKey] {
                schemas[i] = cached
                continue
            }
            let pointer = JSONPointer(tokens: ["content", String(i), entry.schema == nil ? "kind" : "schema"])
            func fail(_ message: String) {
                let range = configPositions?(pointer) ?? SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
                diagnostics.append(Diagnostic(ruleID: ConfigLoader.ruleID, severity: .error, message: message,
                                              file: configFile, start: range.start, end: range.end, pointer: pointer))
            }
            if let path = entry.schema {
                guard ProjectPath.isInside(path) else { fail("the schema path \(path) leaves the project"); continue }
                switch compileTeamSchema(path, kind: entry.kind, options: SchemaOptions(formatAssertion: entry.formats == .assert)) {
                case .success(let schema): schemas[i] = schema
                case .failure(let failure):
                    fail(failure.summary)
                    for d in failure.placed where placedSeen.insert(d).inserted { diagnostics.append(d) }
                }
                continue
            }
            do {
                if let schema = try BuiltInSchemas.compile(entry.kind, formatAssertion: entry.formats == .assert) {
                    schemas[i] = schema
                    byKind[kindKey] = schema
                } else {
                    fail("'\(entry.kind)' is not a built-in kind (\(BuiltInSchemas.kinds.joined(separator: ", "))); give the schema of your own kind with `schema:`")
                }
            } catch {
                fail("the schema of '\(entry.kind)' (built in) does not compile: \(error)")
            }
        }
        return (schemas, diagnostics)
    }

    /// Mistakes in `larder.yml` its schema cannot see, each at its place in the config:
    /// unknown rule ids (at the id) and options a rule does not take or takes otherwise (at
    /// the option's key or value, or the item of a list), the steps (``checkSteps()``), the
    /// locales' case (``checkLocales()``) and, with ``includedFiles``, include globs that take
    /// in nothing.
    public func checkRuleSettings() -> [Diagnostic] {
        var known = Set(registry.rules.map(\.id))
        known.formUnion(RuleMetadata.coreChecks.keys)
        known.formUnion(externalPluginRuleIDs)  // lint plugins' own failures (ExternalPlugins/)
        var out: [Diagnostic] = []
        var sections: [(JSONPointer, [String: RuleSetting])] = [(JSONPointer(tokens: ["rules"]), config.rules)]
        for (i, entry) in config.content.enumerated() {
            sections.append((JSONPointer(tokens: ["content", String(i), "rules"]), entry.rules))
        }
        for (base, settings) in sections {
            for (id, setting) in settings.sorted(by: { $0.key < $1.key }) {
                let pointer = base.appending(id)
                // A lint plugin's rules (`acme/over-limit`) and the plugin as a whole (`acme`):
                // a severity only, applied to what the plugin reports.
                if !known.contains(id), let (index, plugin) = lintPlugin(ofRule: id) {
                    if case .object(let options) = setting.options, let option = options.keys.first {
                        out.append(configDiagnostic(
                            "option '\(option)' of rule '\(id)': a rule of the lint plugin '\(plugin.id)' takes a severity only (error, warning, note or off); "
                                + "give the plugin its options under `options:` in its entry of `plugins:` (plugins[\(index)])",
                            at: pointer.appending(option), near: pointer, isKey: true))
                    }
                    continue
                }
                guard known.contains(id) else {
                    // A close spelling, or a rule whose id starts with this word (`unique` for
                    // `unique-id`), or a rule of a plugin that is not a lint plugin of the config.
                    let close = Suggest.closest(to: id, in: known.sorted())
                        ?? known.sorted().first { $0.hasPrefix(id + "-") && !$0.contains("/") }
                    out.append(configDiagnostic("unknown rule '\(id)'" + (pluginRuleAdvice(id) ?? close.map { "; did you mean '\($0)'?" } ?? "; `larder rules` lists them"),
                                                at: pointer, isKey: true))
                    continue
                }
                // `plugin/<id>` sets the plugin's own failures, which are about the plugin (at
                // its entry in larder.yml), not about a content file: a content entry's setting
                // of it was taken and did nothing (the failure stayed an error, the plugin ran).
                if base.tokens.first == "content", externalPluginRuleIDs.contains(id) {
                    let plugin = String(id.dropFirst("plugin/".count))
                    let value = setting.isOff ? "off" : setting.severity?.name ?? "warning"
                    out.append(configDiagnostic(
                        "'\(id)' sets how the failures of the plugin '\(plugin)' are reported, once for the whole run: "
                            + "a content entry's setting of it has no effect; move it to the top-level `rules:` (\(id): \(value))"
                            + (setting.isOff ? ", or set `\(plugin): off` here to drop the plugin's diagnostics in this entry's files" : ""),
                        at: pointer, isKey: true, severity: .warning))
                    continue
                }
                // A file that is not JSON cannot be checked at all: `parse` stays an error.
                if id == RuleMetadata.parseID, setting.isOff || (setting.severity.map { $0 != .error } ?? false) || setting.options != .null {
                    out.append(configDiagnostic(
                        "the check 'parse' cannot be turned off, lowered or given options: a file that is not JSON cannot be read, so nothing else in it is checked; fix the file, or leave it out of the include with an exclude",
                        at: pointer, isKey: true))
                    continue
                }
                if let rule = registry.rules.first(where: { $0.id == id }) as? any ConfigurableRule {
                    for problem in rule.checkOptions(setting.options) {
                        out.append(configDiagnostic(problem.message, at: JSONPointer(tokens: pointer.tokens + problem.path), near: pointer, isKey: problem.isKey))
                    }
                }
                out += projectOptionProblems(rule: id, options: setting.options, at: pointer)
            }
        }
        if let includedFiles {
            let hidden = hiddenContent()
            out += checkIncludes(includedFiles, hidden: hidden.flatMap(\.files))
            out += checkLinks(includedLinks)
            out += checkOutputs(hidden)
        }
        out += checkRepeatedGlobs()
        out += checkSteps()
        out += checkLocales()
        let configName = (configFile as NSString).lastPathComponent
        for file in unreadConfigs {
            out.append(Diagnostic(
                ruleID: ConfigLoader.ruleID, severity: .warning,
                message: "this config is not read: \(configName) in the same folder is the project's (Larder reads the first of larder.yml, larder.yaml and larder.json it finds); merge what this file holds into \(configName), and remove it",
                file: file, start: SourcePosition(line: 1, column: 1)))
        }
        return out
    }

    /// Why `id`, of the form `<plugin>/<rule>` and no rule of a lint plugin that runs, cannot
    /// be set: the plugin is of another stage, refused, or not declared. Nil for another id,
    /// and for `plugin/<id>` (the failures of a plugin, which the rules' suggestions cover).
    func pluginRuleAdvice(_ id: String) -> String? {
        let parts = id.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, parts[0] != "plugin" else { return nil }
        let lint = runningLintPlugins.map(\.spec.id)
        let lintPlugins = lint.isEmpty ? "" : " (\(lint.joined(separator: ", ")))"
        if let (index, other) = config.plugins.enumerated().first(where: { $0.element.id == parts[0] }).map({ ($0.offset, $0.element) }) {
            if other.stage != "lint" {
                return "; '\(other.id)' is a\(other.stage == "export" ? "n" : "") \(other.stage) plugin: `rules:` sets the diagnostics of lint plugins\(lintPlugins)"
            }
            return "; the lint plugin '\(other.id)' (plugins[\(index)]) does not run (see its error in `plugins:`), so it has no rules to set"
        }
        let lintPluginsOf = lint.isEmpty ? "" : " (its lint plugins: \(lint.joined(separator: ", ")))"
        return "; \((configFile as NSString).lastPathComponent) declares no lint plugin '\(parts[0])'\(lintPluginsOf)"
    }

    /// The options of a rule's setting that name what Larder fills in from the rest of
    /// larder.yml (`locales`, `images`, `kind`: a rule reads them, but they are the
    /// project's, never one rule's), and the kinds of `kinds` that the project has no
    /// content entry for, or none at all (`kinds: []`). These were taken without a word:
    /// `kinds: [recipes]` and `kinds: []` turned the rule off for every document, and
    /// `locales: [en, es]` made `locale-complete` ask for Spanish in a project that has none.
    func projectOptionProblems(rule id: String, options: JSONValue, at pointer: JSONPointer) -> [Diagnostic] {
        guard case .object(let object) = options else { return [] }
        var kinds: [String] = []
        for entry in config.content where !kinds.contains(entry.kind) { kinds.append(entry.kind) }
        var out: [Diagnostic] = []
        for (key, value) in object {
            let place = pointer.appending(key)
            switch key {
            case "locales", "images", "kind":
                let from = key == "locales" ? "the project's `locales:`"
                    : key == "images" ? "the `images:` of the content entry" : "the content entry the rule is set under"
                let instead = key == "kind" ? " (`kinds: [...]` limits the rule to some kinds)" : ""
                out.append(configDiagnostic(
                    "option '\(key)' of rule '\(id)' is not the rule's to set: Larder gives every rule \(from); remove it\(instead)",
                    at: place, near: pointer, isKey: true))
            case "kinds" where value.arrayValue?.isEmpty == true:
                // It turned the rule off for every kind, without a word.
                out.append(configDiagnostic(
                    "option 'kinds' of rule '\(id)' is an empty list, so the rule would check nothing; leave `kinds` out for every kind, list the kinds to check, or set the rule to off",
                    at: place, near: pointer))
            case "kinds" where !kinds.isEmpty:
                for (i, item) in (value.arrayValue ?? []).enumerated() {
                    guard let name = item.stringValue, !kinds.contains(name) else { continue }
                    let close = Suggest.closest(to: name, in: kinds)
                    out.append(configDiagnostic(
                        "option 'kinds' of rule '\(id)' names '\(name)', which no content entry of larder.yml has (its kinds: \(kinds.joined(separator: ", "))), so the rule would check nothing of it"
                            + (close.map { "; did you mean '\($0)'?" } ?? ""),
                        at: place.appending(String(i)), near: pointer))
                }
            default:
                continue
            }
        }
        return out
    }

    /// The `transforms:` and `exports:` steps: each names a built-in plugin or an external
    /// plugin of its stage, with options its plugin accepts, and an export's `out` is a
    /// path. (These were found only when the build reached the step, with no place, and a
    /// wrongly typed `out` was ignored.)
    public func checkSteps() -> [Diagnostic] {
        var out: [Diagnostic] = []
        // The exports' outputs so far (normalized), to find two that write one place.
        var outputs: [(path: String, pointer: JSONPointer)] = []
        // What no output may replace, as the build has it: the content files, the teams'
        // schemas and the config.
        let protectedPaths = protectedPaths()
        let stages: [(key: String, stage: String, noun: String, steps: [PipelineStep])] = [
            ("transforms", "transform", "transform", config.transforms), ("exports", "export", "exporter", config.exports),
        ]
        for (key, stage, noun, steps) in stages {
            let external = Set(config.plugins(stage: stage).map(\.spec.id))
            for (i, step) in steps.enumerated() {
                let stepStart = out.count
                let stepPointer = JSONPointer(tokens: [key, String(i)])
                let pointer = step.options == .null && configPositions?(stepPointer.appending(step.id)) == nil ? stepPointer : stepPointer.appending(step.id)
                func report(_ message: String, at pointer: JSONPointer, isKey: Bool = false) {
                    out.append(configDiagnostic("\(ConfigLoader.path(of: stepPointer)): \(message)", at: pointer, near: stepPointer, isKey: isKey))
                }
                if stage == "export", let value = step.options.objectValue?["out"], value.stringValue == nil {
                    report("'out' must be a path (text), not \(value.settingDescription)", at: pointer.appending("out"))
                }
                // Where it writes, checked as the build checks it, but all at once and at
                // their places (the build stopped at the first, naming no place, and lint
                // passed).
                let outValue = step.options.objectValue?["out"]
                if stage == "export", let path = outValue == nil ? "dist/\(step.id)" : outValue?.stringValue {
                    // (Without `out`, the build writes to dist/<exporter>.)
                    let at = outValue == nil ? pointer : pointer.appending("out")
                    if let problem = Self.outputProblem(path) {
                        report(problem, at: at)
                    } else if let normalized = ProjectPath.normalize(path) {
                        // Compared as macOS and Windows see paths (``OutputWriter/sameNameKey(_:)``).
                        let folded = OutputWriter.sameNameKey(normalized)
                        // Where it lands in the project (under --out, not at `out` itself).
                        let inProject = outputPlacement.inProject(normalized).map(OutputWriter.sameNameKey)
                        // As the build refuses it (lint passed, and the build then failed).
                        if outputPlacement.coversProject(normalized) {
                            report("'out: \(path)' would replace the project folder; choose another `out` or --out", at: at)
                        } else if let inProject, inProject != folded, let folder = OutputWriter.reservedFolder(inProject) {
                            report("'out: \(path)' is in the project's '\(folder)', which is \(OutputWriter.whose(folder)) folder; choose another `out` or --out", at: at)
                        } else if let inProject, let kept = protectedPaths.first(where: {
                            let p = OutputWriter.sameNameKey($0)
                            return p == inProject || p.hasPrefix(inProject + "/")
                        }) {
                            report("'out: \(path)' would replace '\(kept)', which is part of the project's content or config; choose another `out`", at: at)
                        } else if let other = outputs.first(where: { $0.path == normalized }) {
                            report("another export (\(ConfigLoader.path(of: JSONPointer(tokens: Array(other.pointer.tokens.prefix(2)))))) writes to '\(path)' too; give each export its own `out`", at: at)
                        } else if let other = outputs.first(where: { OutputWriter.sameNameKey($0.path) == folded }) {
                            report("'\(path)' and the output '\(other.path)' of \(ConfigLoader.path(of: JSONPointer(tokens: Array(other.pointer.tokens.prefix(2))))) \(OutputWriter.onePlace(other.path, normalized))", at: at)
                        } else if let other = outputs.first(where: { folded.hasPrefix(OutputWriter.sameNameKey($0.path) + "/") || OutputWriter.sameNameKey($0.path).hasPrefix(folded + "/") }) {
                            report("'\(path)' and the output '\(other.path)' of \(ConfigLoader.path(of: JSONPointer(tokens: Array(other.pointer.tokens.prefix(2))))) overlap: one would replace the other; give each export its own folder", at: at)
                        }
                        outputs.append((normalized, at))
                    }
                }
                if external.contains(step.id) { continue }
                let plugin: (any Plugin)?
                if stage == "transform" { plugin = try? registry.transform(step.id) } else { plugin = try? registry.exporter(step.id) }
                guard let plugin else {
                    // A registry with no plugins of the stage (a library's lint-only one)
                    // cannot tell.
                    if (stage == "transform" ? registry.transforms.isEmpty : registry.exporters.isEmpty) { continue }
                    // A plugin of another stage, named in the wrong list: said as such (it was
                    // "unknown", and a close id of this stage was suggested).
                    if let (index, other) = config.plugins.enumerated().first(where: { $0.element.id == step.id }).map({ ($0.offset, $0.element) }) {
                        let declared = "'\(step.id)' is a\(other.stage == "export" ? "n" : "") \(other.stage) plugin (stage: \(other.stage), plugins[\(index)])"
                        let fix: String
                        switch other.stage {
                        case "transform": fix = "name it under `transforms:`"
                        case "export": fix = "name it under `exports:`"
                        default: fix = "a lint plugin runs on every lint and build without being named; take it out of `\(key):`"
                        }
                        report("\(declared): \(fix), or change its stage to \(stage)", at: pointer, isKey: true)
                        continue
                    }
                    let known = (stage == "transform" ? registry.transforms.map(\.id) : registry.exporters.map(\.id)) + external.sorted()
                    let close = Suggest.closest(to: step.id, in: known.sorted())
                    report("unknown \(noun) '\(step.id)'" + (close.map { "; did you mean '\($0)'?" } ?? "; the \(noun)s are \(known.sorted().joined(separator: ", "))"),
                           at: pointer, isKey: true)
                    continue
                }
                // A file the build writes where an include takes it: the next lint reads the
                // export as content (a String Catalog at content/new.json failed as a recipe,
                // and no build passed until it was removed by hand). A folder output is
                // marked as Larder's (`.larder-output`), and its files are never content.
                if stage == "export", let exporter = plugin as? any Exporter, exporter.writesOneFile,
                   let path = outValue?.stringValue, !path.hasSuffix("/"), path.split(separator: "/").last?.contains(".") == true,
                   Self.outputProblem(path) == nil, let normalized = ProjectPath.normalize(path).flatMap(outputPlacement.inProject),
                   let taken = entryTaking(normalized) {
                    report("'out: \(path)' is a file that content[\(taken.index)] (\(taken.entry.kind)) includes: the next lint would read the \(step.id) export as content; write it outside the includes",
                           at: stepPointer.appending(step.id).appending("out"))
                }
                // A one-file export named with another extension than its reader takes
                // (`out: dist/ios.v2`, meant as a folder, wrote the String Catalog as the file
                // `ios.v2`, which Xcode does not take for one). Not beside an error of the
                // step, which its `out` may well answer.
                if stage == "export", !out[stepStart...].contains(where: { $0.severity == .error }), let exporter = plugin as? any Exporter, exporter.writesOneFile, let wanted = exporter.oneFileExtension,
                   let path = outValue?.stringValue, !path.hasSuffix("/"), let last = path.split(separator: "/").last, last.contains("."),
                   !last.lowercased().hasSuffix("." + wanted.lowercased()) {
                    out.append(configDiagnostic(
                        "\(ConfigLoader.path(of: stepPointer)): 'out: \(path)' names the file the \(step.id) export writes, since its last part has a dot, but the program that reads it takes only a .\(wanted) file; name it \(last.split(separator: ".").first.map(String.init) ?? "Content").\(wanted), or end the out with / to write into a folder of that name",
                        at: stepPointer.appending(step.id).appending("out"), near: stepPointer, severity: .warning))
                }
                if let checking = plugin as? any OptionChecking {
                    // At the option's value (or key, or the item of a list), as rule options.
                    // (A locale that is no tag Larder takes is an error of `locales:` itself.)
                    for problem in checking.checkOptions(step.options, locales: config.locales.filter(LanguageTagShape.isWellFormed), config: config) {
                        let place = JSONPointer(tokens: pointer.tokens + problem.path)
                        let known = (problem.isKey ? configKeyPositions?(place) : nil) ?? configPositions?(place)
                        if known != nil || configPositions == nil {
                            report(problem.message, at: place, isKey: problem.isKey)
                        } else {
                            report(problem.message, at: pointer)  // a place the file does not have
                        }
                    }
                }
            }
        }
        return out
    }

    /// What no output may replace, project-relative: the content files, the teams' schemas
    /// and the local files they `$ref` (and those files' own), and the config.
    public func protectedPaths() -> [String] {
        var paths = includedFiles ?? []
        var queue = config.content.compactMap(\.schema)
        var seen: Set<String> = []
        while !queue.isEmpty {
            let file = queue.removeFirst()
            guard let normalized = ProjectPath.normalize(file), seen.insert(normalized).inserted else { continue }
            paths.append(file)
            guard ProjectPath.isInside(normalized), let bytes = try? FileBytes.read(URL(fileURLWithPath: projectRoot).appendingPathComponent(normalized).path),
                  let schema = try? JSONDocument(parsing: bytes) else { continue }
            queue += Self.referencedFiles(of: schema.value, from: normalized)
        }
        paths.append(String(configFile.split(separator: "/").last ?? "larder.yml"))
        return paths
    }

    /// The content entry whose includes would take in a file at `path`, compared without case
    /// as macOS and Windows see paths (`Content/New.json` lands in `content/` there); nil in
    /// a hidden folder or for a hidden file, which Larder never reads as content.
    func entryTaking(_ path: String) -> (index: Int, entry: ContentEntry)? {
        guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
        return config.entry(for: path) ?? config.entry(for: path, ignoringCase: true)
    }

    /// What is wrong with an export's `out`, if anything: outside the project, the project
    /// itself, named as Larder's output marker, or Larder's or git's own folders
    /// (``OutputWriter`` refuses them too).
    static func outputProblem(_ path: String) -> String? {
        guard let normalized = OutputWriter.normalizedInside(path) else { return "'out: \(path)' \(OutputWriter.mustBeInside)" }
        if let name = OutputWriter.markerName(normalized) { return "'out: \(path)' \(OutputWriter.namedAsMarker(name))" }
        guard let folder = OutputWriter.reservedFolder(normalized) else { return nil }
        return "'out: \(path)' is in '\(folder)', which is \(OutputWriter.whose(folder)) folder; choose another `out`"
    }

    /// A warning for each locale not written in the case BCP 47 recommends (`EN-us` for
    /// `en-US`). Tags ignore case, so the config is valid and works (the content's language
    /// maps are matched without case; a locale the same as another but for case is an error
    /// of ``ConfigLoader``). It is a warning because the spelling shows: the exports write
    /// the recommended one (json-bundle's manifest, folder and file names, String Catalog
    /// keys), while lint's messages quote the config's ("lacks PT-br"), so the config is the
    /// one place that names the locale otherwise, and a search for `pt-BR` misses it. The fix
    /// is given, and changes nothing else.
    public func checkLocales() -> [Diagnostic] {
        var out: [Diagnostic] = []
        var seen = Set<String>()
        for (i, tag) in config.locales.enumerated() {
            guard seen.insert(tag.lowercased()).inserted else { continue }  // the same locale twice: an error already
            let pointer = JSONPointer(tokens: ["locales", String(i)])
            // A tag the config's pattern cannot judge (a variant written twice): an error
            // here, where it is written, not one for each export that cannot take it.
            if let problem = LanguageTagShape.problem(tag) {
                out.append(configDiagnostic("\(ConfigLoader.path(of: pointer)): \(tag) is not a language tag Larder takes: \(problem)", at: pointer))
                continue
            }
            let canonical = LanguageTagShape.canonical(tag)
            guard canonical != tag else { continue }
            out.append(configDiagnostic(
                "\(ConfigLoader.path(of: pointer)): write \(tag) as \(canonical), the case BCP 47 recommends (language lower case, script title case, region upper case) and the one the exports write",
                at: pointer, severity: .warning))
        }
        return out
    }

    /// A warning for each include glob that takes in none of `files` (the included files): a
    /// typo in a pattern otherwise lints nothing and says "No problems". A glob that would
    /// take in some of `hidden` (files in a folder skipped as a build's output) is left to
    /// ``checkOutputs(_:)``, which says why.
    public func checkIncludes(_ files: [String], hidden: [String] = []) -> [Diagnostic] {
        var out: [Diagnostic] = []
        // A pattern whose files all belong to an earlier entry (a file belongs to the first
        // entry whose include takes it): the entry checks none of them, and its own rules
        // and schema never apply.
        for (i, entry) in config.content.enumerated() where i > 0 {
            for (j, glob) in entry.include.enumerated() {
                let taken = files.filter(glob.matches)
                guard let first = taken.first else { continue }
                var owners: [Int] = []
                var ownIsTaken = false
                for file in taken {
                    guard let owner = config.entry(for: file)?.index else { continue }
                    if owner == i { ownIsTaken = true; break }
                    if !owners.contains(owner) { owners.append(owner) }
                }
                guard !ownIsTaken, !owners.isEmpty else { continue }
                let pointer = JSONPointer(tokens: ["content", String(i), "include", String(j)])
                let earlier = owners.sorted().map { "content[\($0)] (\(config.content[$0].kind))" }.joined(separator: ", ")
                let count = taken.count == 1 ? first : "\(first) and \(taken.count - 1) more"
                out.append(configDiagnostic(
                    "\(ConfigLoader.path(of: pointer)): '\(glob.pattern)' takes in only files that \(earlier) already takes (\(count)): a file belongs to the first entry whose include takes it, so this entry checks none of them and its own settings never apply; put this entry before \(owners.count == 1 ? "that one" : "those"), or exclude the files there",
                    at: pointer, severity: .warning))
            }
        }
        for (i, entry) in config.content.enumerated() {
            for (j, glob) in entry.include.enumerated() where !files.contains(where: glob.matches) && !hidden.contains(where: glob.matches) {
                // A pattern into a linked folder, or one that takes in a link to a file, is
                // told of by ``checkLinks(_:)``, which names the link.
                if includedLinks.contains(where: { $0.isFolder ? glob.mayTakeFiles(under: $0.path) : glob.matches($0.path) }) { continue }
                let pointer = JSONPointer(tokens: ["content", String(i), "include", String(j)])
                // Files the pattern matches, all left out by an exclude: the pattern is right,
                // the exclude is what to look at.
                let matched = reader.files(under: glob.literalPrefix).filter(glob.matches)
                if let first = matched.first,
                   let exclude = (entry.exclude + config.exclude).first(where: { $0.matches(first) }) {
                    let whose = entry.exclude.contains(exclude) ? "this entry's exclude" : "the top-level exclude"
                    out.append(configDiagnostic(
                        "\(ConfigLoader.path(of: pointer)): '\(glob.pattern)' takes in no file, so it checks no \(entry.kind) content: \(whose) '\(exclude.pattern)' leaves out \(matched.count == 1 ? first : "\(first) and every other file it matches"); narrow the exclude, or remove this pattern",
                        at: pointer, severity: .warning))
                    continue
                }
                var message = "\(ConfigLoader.path(of: pointer)): '\(glob.pattern)' takes in no file, so it checks no \(entry.kind) content"
                let plain = !glob.pattern.contains(where: { "*?[{".contains($0) })
                let folder = glob.pattern.hasSuffix("/") ? String(glob.pattern.dropLast()) : glob.pattern
                if plain, !reader.files(under: folder).isEmpty {
                    message += "; it names a folder: write '\(folder)/**/*.json' for the JSON files in it"
                } else if let other = Self.fileInOtherCase(glob, files: reader.files(under: "")) {
                    // On macOS `ls Content/` lists content/, and the pattern looks right.
                    message += "; it would take '\(other)' but for case: patterns match paths in their exact case, on macOS and Windows as on Linux, so write it in the case of the project's folders and files"
                } else {
                    message += "; fix the pattern (relative to the folder of \((configFile as NSString).lastPathComponent)), or remove it"
                }
                out.append(configDiagnostic(message, at: pointer, severity: .warning))
            }
        }
        return out
    }

    /// A warning at each pattern of an `include` or `exclude` list that an earlier one of
    /// the same list repeats: written the same, or taking in the same paths (its `{a,b}`
    /// alternatives in another order, `**/**` for `**`). It changes nothing, so it went
    /// without a word, and it is most likely a pattern meant to be another.
    public func checkRepeatedGlobs() -> [Diagnostic] {
        var lists: [(JSONPointer, [Glob])] = []
        for (i, entry) in config.content.enumerated() {
            lists.append((JSONPointer(tokens: ["content", String(i), "include"]), entry.include))
            lists.append((JSONPointer(tokens: ["content", String(i), "exclude"]), entry.exclude))
        }
        lists.append((JSONPointer(tokens: ["exclude"]), config.exclude))
        var out: [Diagnostic] = []
        for (base, globs) in lists {
            var first: [String: Int] = [:]
            for (j, glob) in globs.enumerated() where !glob.pattern.isEmpty && glob.syntaxProblem == nil {
                let key = Self.sameFilesKey(glob)
                guard let earlier = first[key] else {
                    first[key] = j
                    continue
                }
                let pointer = base.appending(String(j))
                let list = base.tokens.last ?? "include"
                let other = globs[earlier].pattern
                let said = other == glob.pattern
                    ? "'\(glob.pattern)' is listed twice (\(list)[\(earlier)]); keep one"
                    : "'\(glob.pattern)' takes in the same files as '\(other)' (\(list)[\(earlier)]); keep one"
                out.append(configDiagnostic("\(ConfigLoader.path(of: pointer)): \(said)", at: pointer, severity: .warning))
            }
        }
        return out
    }

    /// What two patterns that take in the same paths share: their `{a,b}` alternatives, each
    /// with `**/**` made `**`, sorted.
    static func sameFilesKey(_ glob: Glob) -> String {
        let alternatives = Glob.expandBraces(glob.pattern).map { alternative in
            var segments: [Substring] = []
            for segment in alternative.split(separator: "/") where !(segment == "**" && segments.last == "**") {
                segments.append(segment)
            }
            return segments.joined(separator: "/")
        }
        return Set(alternatives).sorted().joined(separator: "\u{0}")
    }

    /// The first of `files` that `glob` would take if case did not count.
    static func fileInOtherCase(_ glob: Glob, files: [String]) -> String? {
        let folded = Glob(glob.pattern.lowercased())
        return files.first { folded.matches($0.lowercased()) }
    }

    /// The files of ``includedOutputs`` that the includes would take in, by folder, for the
    /// folders no export of the config writes and no build recorded (an old `larder import
    /// --out` folder, which that marker hid). Nothing is read when no folder was skipped.
    func hiddenContent() -> [(folder: String, files: [String])] {
        guard !includedOutputs.isEmpty else { return [] }
        var known = Set<String>()
        for step in config.exports {
            if let out = step.options["out"]?.stringValue, let path = ProjectPath.normalize(out) { known.insert(path) }
        }
        for entry in OutputRecord.allEntries(projectRoot: projectRoot) where !entry.base.hasPrefix("/") {
            known.insert(entry.base == "." ? entry.path : entry.base + "/" + entry.path)
        }
        var found: [(folder: String, files: [String])] = []
        for folder in includedOutputs where !known.contains(folder) {
            let files = reader.filesInOutput(folder).filter { config.entry(for: $0) != nil }
            if !files.isEmpty { found.append((folder, files)) }
        }
        return found
    }

    /// A warning for each folder of `hidden` (``hiddenContent()``), at the first include glob
    /// that would take in its files: lint and build skip a folder that holds Larder's output
    /// marker, and imports once marked their folders so (they write `.larder-import` now),
    /// so the content imported there was left out of every run without a word.
    public func checkOutputs(_ hidden: [(folder: String, files: [String])]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let configName = (configFile as NSString).lastPathComponent
        for (folder, files) in hidden {
            guard let first = files.first, let (i, entry) = config.entry(for: first),
                  let j = entry.include.firstIndex(where: { $0.matches(first) }) else { continue }
            let pointer = JSONPointer(tokens: ["content", String(i), "include", String(j)])
            let count = files.count == 1 ? "1 file" : "\(files.count) files"
            out.append(configDiagnostic(
                "\(ConfigLoader.path(of: pointer)): '\(entry.include[j].pattern)' would take in \(count) in \(folder)/ (\(first)\(files.count > 1 ? ", …" : "")), but lint and build skip that folder: it holds \(OutputWriter.marker), the mark of a build's output, and no export of \(configName) writes there. If an earlier `larder import --out` made it (imports mark their folders \(OutputWriter.importMarker) now), delete \(folder)/\(OutputWriter.marker) or import into the folder again, and its files are read as content; if a build wrote it, keep it out of the include",
                at: pointer, severity: .warning))
        }
        return out
    }

    /// A warning for each symbolic link an include glob takes in, at the glob: the link is
    /// not read (it may lead outside the project, and git keeps the link, not the file), so
    /// the content it stands for was left out of every run without a word.
    public func checkLinks(_ links: [SymbolicLink]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let linked = Set(links.map(\.path))
        for link in links {
            if link.isFolder {
                // A linked folder: its files would be content, but the walk does not enter it.
                guard let (i, entry, j) = config.entryTakingFiles(under: link.path) else { continue }
                let pointer = JSONPointer(tokens: ["content", String(i), "include", String(j)])
                let to = link.destination.map { " to the folder \($0)" } ?? " to a folder"
                let advice: String
                if let target = Self.linkTarget(link) {
                    advice = config.entryTakingFiles(under: target) != nil
                        ? "the folder it leads to (\(target)/) is content, and its files are checked as themselves"
                        : "include the folder it leads to (\(target)/) instead, or put the folder itself in the link's place"
                } else {
                    advice = "put the folder itself in the link's place"
                }
                out.append(configDiagnostic(
                    "\(ConfigLoader.path(of: pointer)): '\(entry.include[j].pattern)' would take in the files of \(link.path)/, a symbolic link\(to), which Larder does not enter (a link may lead outside the project, and git keeps the link, not the files), so none of them is checked; " + advice,
                    at: pointer, severity: .warning))
                continue
            }
            guard let (i, entry) = config.entry(for: link.path), let j = entry.include.firstIndex(where: { $0.matches(link.path) }) else { continue }
            let pointer = JSONPointer(tokens: ["content", String(i), "include", String(j)])
            let advice: String
            if let target = Self.linkTarget(link), linked.contains(target) {
                // A link to itself, or to another link: nothing is checked (the advice to
                // include the file it leads to named a link, and "checked as itself" a file
                // that is never read).
                advice = target == link.path
                    ? "it leads to itself, so there is no file to check; put the file itself in its place"
                    : "the file it leads to (\(target)) is a symbolic link too, which Larder does not read either; put the file itself in the link's place"
            } else if let target = Self.linkTarget(link), config.entry(for: target) != nil {
                // A link to a file that is content itself: that file is checked, as itself.
                advice = "the file it leads to (\(target)) is content, and is checked as itself"
            } else {
                advice = Self.linkAdvice(link)
            }
            out.append(configDiagnostic(
                "\(ConfigLoader.path(of: pointer)): '\(entry.include[j].pattern)' takes in \(Self.describe(link)); " + advice,
                at: pointer, severity: .warning))
        }
        return out
    }

    /// `content/ext.json, a symbolic link to ../shared/ext.json, which Larder does not read
    /// (…)`.
    public static func describe(_ link: SymbolicLink) -> String {
        let to = link.destination.map { " to \($0)" } ?? ""
        return "\(link.path), a symbolic link\(to), which Larder does not read (a link may lead outside the project, and git keeps the link, not the file), so its \(link.destination == nil ? "content" : "file") is not checked"
    }

    /// What to do about a link that is not read: include the file it leads to, named
    /// project-relative when it is inside the project.
    public static func linkAdvice(_ link: SymbolicLink) -> String {
        guard let target = linkTarget(link) else { return "put the file itself in the link's place" }
        return "include the file it leads to (\(target)), or put the file itself in the link's place"
    }

    /// Where `link` leads, project-relative, when that is inside the project (the path taken
    /// as written, `..` against the link's folder, no other link followed).
    public static func linkTarget(_ link: SymbolicLink) -> String? {
        guard let destination = link.destination, !destination.hasPrefix("/") else { return nil }
        var parts = link.path.split(separator: "/").dropLast().map(String.init)
        for part in destination.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// A mistake of larder.yml (rule `config`) at the setting `pointer` names (at its key
    /// when `isKey` and the key's place is known), or at `near` when that setting has no place
    /// of its own, else at the file's start.
    func configDiagnostic(_ message: String, at pointer: JSONPointer, near: JSONPointer? = nil, isKey: Bool = false,
                          severity: Severity = .error) -> Diagnostic {
        let key = isKey ? configKeyPositions?(pointer) : nil
        let range = key ?? configPositions?(pointer) ?? near.flatMap { configPositions?($0) }
            ?? SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
        return Diagnostic(ruleID: ConfigLoader.ruleID, severity: severity, message: message,
                          file: configFile, start: range.start, end: range.end, pointer: pointer)
    }

    /// Lints `content`; diagnostics only for files in `reportingOn` (all when nil).
    public func lint(_ content: LoadedContent, reportingOn: Set<String>? = nil) async -> [Diagnostic] {
        await lint(content, reporting: reportingOn.map { Set($0.map(PathKey.init)) }, compiled: nil, contentCheck: nil)
    }

    /// Lints `content`; diagnostics only for files in `reportingOn` (all when nil), told
    /// apart by their bytes: two names that differ only in Unicode normalization are two
    /// files (to git and to Linux), and a `Set<String>` holds them as one.
    public func lint(_ content: LoadedContent, reportingOn: Set<PathKey>?) async -> [Diagnostic] {
        await lint(content, reporting: reportingOn, compiled: nil, contentCheck: nil)
    }

    /// A content-wide rule with the settings it runs with for one kind.
    struct ContentJob: Sendable {
        var rule: any ContentRule
        var context: RuleContext
    }

    /// The rules that are not turned off everywhere.
    func rulesInForce() -> [any Rule] {
        registry.rules.filter { rule in
            !(config.rules[rule.id]?.isOff ?? false) || config.content.contains { !($0.rules[rule.id]?.isOff ?? true) }
        }
    }

    /// Content-wide rules run once per kind (a kind is checked as a whole), with the options
    /// of the kind's first entry that does not turn the rule off; each diagnostic then takes
    /// the severity its own file's entry sets (``entrySeverities(_:job:)``).
    func contentJobs(content: ContentSet, projectFiles: any ProjectFiles) -> [ContentJob] {
        let contentRules = rulesInForce().compactMap { $0 as? any ContentRule }
        var jobs: [ContentJob] = []
        var seenKinds = Set<String>()
        for first in config.content where seenKinds.insert(first.kind).inserted {
            let entries = config.content.filter { $0.kind == first.kind }
            for rule in contentRules where rule.kinds?.contains(first.kind) ?? true {
                guard let entry = entries.first(where: { !(config.setting(for: rule.id, entry: $0)?.isOff ?? false) }) else { continue }
                let setting = config.setting(for: rule.id, entry: entry)
                let context = RuleContext(
                    ruleID: rule.id, options: Self.options(Self.accepted(setting?.options ?? .null, of: rule), entry: entry, config: config),
                    severity: setting?.severity ?? rule.defaultSeverity, content: content, projectRoot: projectRoot,
                    projectFiles: projectFiles)
                // A rule that can find nothing with these options is not run (its facts
                // for 100,000 documents were 5% of a build's CPU).
                guard !rule.isInert(context: context) else { continue }
                jobs.append(ContentJob(rule: rule, context: context))
            }
        }
        return jobs
    }

    /// The diagnostics of a content-wide `job`, each with the severity that the entry of its
    /// file sets for the rule, and none where that entry turns the rule off (the settings of a
    /// kind's later entries were ignored: `unique-id: off` on a drafts entry still failed the
    /// lint). A diagnostic the rule gave another severity on purpose keeps it.
    func entrySeverities(_ diagnostics: [Diagnostic], job: ContentJob) -> [Diagnostic] {
        guard config.content.count > 1 else { return diagnostics }
        return diagnostics.compactMap { d in
            guard d.severity == job.context.severity, let (_, entry) = config.entry(for: d.file) else { return d }
            let setting = config.setting(for: job.rule.id, entry: entry)
            if setting?.isOff ?? false { return nil }
            var d = d
            d.severity = setting?.severity ?? job.rule.defaultSeverity
            return d
        }
    }

    /// Lints `content`, with the schemas when already `compiled`; `contentCheck`, when given,
    /// runs each content-wide job (by its index in ``contentJobs(content:projectFiles:)``)
    /// instead of the rule's whole-content check.
    func lint(
        _ content: LoadedContent, reporting: Set<PathKey>?,
        compiled: (schemas: [Int: JSONSchema], diagnostics: [Diagnostic])?,
        contentCheck: (@Sendable (Int, ContentJob) -> [Diagnostic])?
    ) async -> [Diagnostic] {
        // Content-wide rules are handed the reported files' names as strings, which compare
        // by canonical equivalence: what one reports on a file whose name only matches a
        // reported one that way (`café.json` in the other normalization) is left out.
        let reportingOn = reporting.map { Set($0.map(\.path)) }
        func isReported(_ d: Diagnostic) -> Bool {
            guard let reporting, let reportingOn else { return true }
            return reporting.contains(PathKey(d.file)) || !reportingOn.contains(d.file)
        }
        let (schemas, schemaDiagnostics) = compiled ?? compileSchemas()
        let setupDiagnostics = checkRuleSettings() + schemaDiagnostics
        let projectFiles = reader.projectFiles
        let entryOfFile = Dictionary(content.files.map { (PathKey($0.path), $0.entry) }, uniquingKeysWith: { a, _ in a })
        let reported = content.documents.filter { reporting?.contains(PathKey($0.file)) ?? true }
        let contentSet = ContentSet(content.documents)

        let perDocumentLint = documentLint(schemas: schemas, projectFiles: projectFiles).reading(contentSet)

        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let batch = max(1, min(256, reported.count / (width * 4)))
        var perDocument: [[Diagnostic]] = Array(repeating: [], count: reported.count)
        // Content-wide rules run as tasks beside the per-document work.
        let contentJobs = self.contentJobs(content: contentSet, projectFiles: projectFiles)
        var contentWide = [[Diagnostic]](repeating: [], count: contentJobs.count)
        await withTaskGroup(of: [(Int, [Diagnostic])].self) { group in
            for (k, job) in contentJobs.enumerated() {
                group.addTask {
                    [(-1 - k, contentCheck?(k, job) ?? job.rule.check(content: contentSet, reportingOn: reportingOn, context: job.context))]
                }
            }
            var next = 0
            func add() {
                let range = next..<min(next + batch, reported.count)
                next = range.upperBound
                group.addTask {
                    range.map { i in
                        let document = reported[i]
                        return (i, perDocumentLint.diagnostics(document, entry: entryOfFile[PathKey(document.file)]))
                    }
                }
            }
            while next < reported.count && next < batch * width * 2 { add() }
            while let done = await group.next() {
                for (i, d) in done {
                    if i >= 0 { perDocument[i] = d } else { contentWide[-1 - i] = entrySeverities(d.filter(isReported), job: contentJobs[-1 - i]) }
                }
                if next < reported.count { add() }
            }
        }
        let reportedParse = content.diagnostics.filter { reporting?.contains(PathKey($0.file)) ?? true }
        // External lint plugins (ExternalPlugins/): once per run over the reported documents.
        let fromPlugins = await runLintPlugins(reported)
        return setupDiagnostics + reportedParse + perDocument.flatMap { $0 } + contentWide.flatMap { $0 } + fromPlugins
    }

    /// The per-document part of lint (the schema, then every rule that is not content-wide),
    /// with each rule's context made once per content entry.
    struct DocumentLint: Sendable {
        /// Per content entry: its schema and the `schema` rule's severity there (its `rules:`
        /// over the top-level ones); nil where it has no schema or the rule is off. An array
        /// read in place: a dictionary's look-up copied the schema out for every document.
        let schemas: [(schema: JSONSchema, severity: Severity)?]
        /// Per content entry (and for documents of no entry, at `config.content.count`): the
        /// rules in force, their contexts, and for a rule that prepares, its preparation's key
        /// and the rule as a ``PreparingRule`` (cast once here, not for every document).
        let jobs: [[Job]]
        let entryCount: Int

        /// A class: each document's loop takes a reference, not a copy of the rule, its
        /// context and its preparation (a retain of each of their parts).
        final class Job: Sendable {
            let rule: any Rule
            let context: RuleContext
            let preparation: (key: String, rule: any PreparingRule)?

            init(rule: any Rule, context: RuleContext, preparation: (key: String, rule: any PreparingRule)?) {
                (self.rule, self.context, self.preparation) = (rule, context, preparation)
            }
        }

        init(schemas: [Int: JSONSchema], jobs: [[Job]], schemaSeverities: [Severity?], entryCount: Int) {
            self.schemas = schemaSeverities.indices.map { e in
                guard let schema = schemas[e], let severity = schemaSeverities[e] else { return nil }
                return (schema, severity)
            }
            (self.jobs, self.entryCount) = (jobs, entryCount)
        }

        private init(schemas: [(schema: JSONSchema, severity: Severity)?], jobs: [[Job]], entryCount: Int) {
            (self.schemas, self.jobs, self.entryCount) = (schemas, jobs, entryCount)
        }

        /// This lint with `content` as the run's documents the rules see: made once for the
        /// documents that share it (a file's, in a streamed build; all of them in a lint),
        /// so that a rule that prepares nothing gets its context as it is, not a copy of it
        /// (a retain and a release of each of its parts, for every rule and document).
        func reading(_ content: ContentSet) -> DocumentLint {
            let jobs = self.jobs.map { jobs in
                jobs.map { job in
                    var context = job.context
                    context.content = content
                    return Job(rule: job.rule, context: context, preparation: job.preparation)
                }
            }
            return DocumentLint(schemas: schemas, jobs: jobs, entryCount: entryCount)
        }

        /// The diagnostics of `document` (of content entry `entry`); rules see the content
        /// this lint was made ``reading(_:)``.
        func diagnostics(_ document: Document, entry: Int?) -> [Diagnostic] {
            var out: [Diagnostic] = []
            if let e = entry, e < schemas.count, schemas[e] != nil {
                out += Linter.schemaDiagnostics(schemas[e]!.schema, document, severity: schemas[e]!.severity)
            }
            // The preparations made for this document, by key (a handful at most).
            var prepared: [(key: String, value: any Sendable)] = []
            for job in jobs[entry ?? entryCount] where job.rule.kinds.map({ kinds in document.kind.map(kinds.contains) ?? false }) ?? true {
                guard let (key, preparing) = job.preparation else {
                    out += job.rule.check(document, context: job.context)
                    continue
                }
                var context = job.context
                if let made = prepared.first(where: { $0.key == key }) {
                    context.prepared = made.value
                } else {
                    let made = preparing.prepare(document, context: context)
                    prepared.append((key, made))
                    context.prepared = made
                }
                out += job.rule.check(document, context: context)
            }
            return Linter.oneReportPerValue(out)
        }
    }

    /// The checks of the built-in schemas that a rule makes too, in words of its own, by
    /// where a failure is reported: the link pattern (`^https?://`, any case) and the `url`
    /// rule (`'ftp://x' is not an http(s) URL (its scheme is 'ftp')`), the pattern of an
    /// amount written as text and the `quantity` rule (`'1.5.5' is not an amount Larder can
    /// read`, `-2 is below zero`), the pattern of a text that is not blank and the
    /// `non-empty-text` rule.
    static let checksRulesMakeToo: [(location: String, rule: String)] = [
        (SchemaWording.base + "common.schema.json#/$defs/link/pattern", "url"),
        (SchemaWording.base + "common.schema.json#/$defs/quantityText/pattern", "quantity"),
        (SchemaWording.base + "common.schema.json#/$defs/nonBlankString/pattern", "non-empty-text"),
    ]

    /// `diagnostics` without a `schema` error of one of ``checksRulesMakeToo`` at a value
    /// its rule reports too, as severely: one mistake was two errors, a step of spaces
    /// "blank" by `non-empty-text` and "holds only white space" by the schema. Where the rule
    /// is off, does not check the value, or reports it less severely (`quantity: warning`),
    /// the schema's error stays: the schema is what the app relies on.
    static func oneReportPerValue(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        func shared(_ d: Diagnostic) -> String? {
            guard d.ruleID == RuleMetadata.schemaID, let location = d.absoluteKeywordLocation else { return nil }
            return checksRulesMakeToo.first { $0.location == location }?.rule
        }
        guard diagnostics.contains(where: { shared($0) != nil }) else { return diagnostics }
        return diagnostics.filter { d in
            guard let rule = shared(d) else { return true }
            return !diagnostics.contains { $0.ruleID == rule && $0.pointer == d.pointer && $0.file == d.file && $0.severity >= d.severity }
        }
    }

    func documentLint(schemas: [Int: JSONSchema], projectFiles: any ProjectFiles) -> DocumentLint {
        let rules = rulesInForce().filter { !($0 is any ContentRule) }
        let entries: [ContentEntry?] = config.content.map { $0 } + [nil]
        let jobs = entries.map { entry in
            rules.compactMap { rule -> DocumentLint.Job? in
                let setting = config.setting(for: rule.id, entry: entry)
                if setting?.isOff ?? false { return nil }
                let context = RuleContext(
                    ruleID: rule.id, options: Self.options(Self.accepted(setting?.options ?? .null, of: rule), entry: entry, config: config),
                    severity: setting?.severity ?? rule.defaultSeverity, projectRoot: projectRoot, projectFiles: projectFiles)
                let preparing = (rule as? any PreparingRule).map { ($0.preparationKey(options: context.options), $0) }
                return DocumentLint.Job(rule: rule, context: context, preparation: preparing)
            }
        }
        return DocumentLint(schemas: schemas, jobs: jobs, schemaSeverities: schemaSeverities(), entryCount: config.content.count)
    }

    /// Per content entry, the `schema` rule's severity for its documents (the entry's own
    /// `rules:` first, then the top-level ones; error by default); nil where it is off.
    func schemaSeverities() -> [Severity?] {
        config.content.map { entry in
            let setting = config.setting(for: RuleMetadata.schemaID, entry: entry)
            return setting?.isOff ?? false ? nil : setting?.severity ?? .error
        }
    }

    /// The option the linter sets to the localized text fields of a team kind's schema
    /// (``LarderConfig/textFields``).
    public static let textFieldsOption = "textFields"

    /// The option the linter sets to the taxonomy tag fields of a team kind's schema
    /// (``LarderConfig/tagFields``: patterns as ``FieldPatterns`` reads them, `/tags/*` for
    /// a list's tags): `reference` checks the tags there as it checks a recipe's, unless
    /// its own option `tagFields` names the fields.
    public static let schemaTagFieldsOption = "schemaTagFields"

    /// The option the linter sets to the text fields the exports name for the entry's kind
    /// with their option `texts` (``LarderConfig/exportTextFields(for:)``): the exporters
    /// export them as text, so the rules that look at texts check them too.
    public static let exportTextFieldsOption = "exportTextFields"

    /// The option the linter sets to the image fields the exports name for the entry's kind
    /// with their option `imageFields` (``LarderConfig/exportImageFields(for:)``): the images
    /// export copies those images, so `image-exists` checks them too.
    public static let exportImageFieldsOption = "exportImageFields"

    /// The option the linter sets to the ids of the project's built-in exports (`["i18next",
    /// "gettext"]`, no external plugin's), for a rule whose advice depends on the formats
    /// written.
    public static let exportsOption = "exports"

    /// The option the linter sets to the id fields the exports name for the entry's kind
    /// with their option `ids` (``LarderConfig/exportIDFields(for:)``): a list of
    /// `{"field": "/username", "export": "json-bundle"}`. `unique-id` takes the id from
    /// there when it has no `key`, and reports a document that lacks such a field.
    public static let exportIDsOption = "exportIDs"

    /// The option the linter sets to the kinds the config has content entries for
    /// (`["recipe", "location"]`), whether or not their include patterns take in any file:
    /// `reference` checks the shop ids of recipes whenever the project declares locations,
    /// also when its location files hold none, or are gone.
    public static let contentKindsOption = "contentKinds"

    /// The options of `rule` that its config check accepts: each option that
    /// ``ConfigurableRule/checkOptions(_:)`` rejects (and ``checkRuleSettings()`` reports
    /// as a config error) is left out, so the rule runs with that option's default, never
    /// with a value it forbids (`maxPer100g: 0` reported every nutrient as more than 0 g,
    /// `macroTolerance: -1` allowed "-100%"). Every rule's options reach it through here.
    static func accepted(_ options: JSONValue, of rule: any Rule) -> JSONValue {
        guard let configurable = rule as? any ConfigurableRule, case .object(var object) = options else { return options }
        let problems = configurable.checkOptions(options)
        if problems.isEmpty { return options }
        for problem in problems {
            if let key = problem.path.first { object[key] = nil }
        }
        return .object(object)
    }

    /// A rule's options with what the config knows added: the entry's `images` folder, the
    /// project's `locales`, the text fields of the entry's schema and those the exports name
    /// for its kind, the taxonomy tag fields of the entry's schema, the image fields the exports name for its kind, the exports' ids, the id fields the exports name for its kind and the
    /// kinds of the config's content entries (a rule's own options win).
    static func options(_ options: JSONValue, entry: ContentEntry?, config: LarderConfig) -> JSONValue {
        var o = options.objectValue ?? JSONObject()
        if o[Self.contentKindsOption] == nil, !config.content.isEmpty {
            var kinds: [String] = []
            for entry in config.content where !kinds.contains(entry.kind) { kinds.append(entry.kind) }
            o[Self.contentKindsOption] = .array(kinds.map(JSONValue.string))
        }
        // The project's, whatever a rule's setting says (the config check reports those).
        o["locales"] = .array(config.locales.map(JSONValue.string))
        o["images"] = (entry?.images).map { JSONValue.string($0) }
        o["kind"] = entry.map { JSONValue.string($0.kind) }
        // The text fields the kind's schema declares, so the rules that look at texts see
        // the texts the exporters export (ContentFields in LarderRules).
        if o[Self.textFieldsOption] == nil, let kind = entry?.kind, let fields = config.textFields[kind], !fields.isEmpty {
            o[Self.textFieldsOption] = .array(fields.map(JSONValue.string))
        }
        // The taxonomy tag fields the kind's schema declares, so `reference` checks the
        // tags the JSON bundle labels.
        if o[Self.schemaTagFieldsOption] == nil, let kind = entry?.kind, let fields = config.tagFields[kind], !fields.isEmpty {
            o[Self.schemaTagFieldsOption] = .array(fields.map(JSONValue.string))
        }
        if o[Self.exportTextFieldsOption] == nil, let kind = entry?.kind {
            let named = config.exportTextFields(for: kind)
            if !named.isEmpty { o[Self.exportTextFieldsOption] = .array(named.map(JSONValue.string)) }
        }
        if o[Self.exportImageFieldsOption] == nil, let kind = entry?.kind {
            let named = config.exportImageFields(for: kind)
            if !named.isEmpty { o[Self.exportImageFieldsOption] = .array(named.map(JSONValue.string)) }
        }
        // External export plugins are left out: what they write, and how they key it, is
        // theirs (a unique-id key a built-in export needs, a plugin may not).
        let externalExports = Set(config.plugins(stage: "export").map(\.spec.id))
        let builtInExports = config.exports.filter { !externalExports.contains($0.id) }
        if o[Self.exportsOption] == nil, !builtInExports.isEmpty {
            o[Self.exportsOption] = .array(builtInExports.map { .string($0.id) })
        }
        if o[Self.exportIDsOption] == nil, let kind = entry?.kind {
            let named = config.exportIDFields(for: kind)
            if !named.isEmpty {
                o[Self.exportIDsOption] = .array(named.map { ["field": .string($0.field), "export": .string($0.export)] })
            }
        }
        return .object(o)
    }

    /// Schema errors of one document as diagnostics at the offending values.
    /// The check ``Builder/checkRewritten`` runs on a document a transform plugin rewrote:
    /// the schema of its file's content entry, at the `schema` rule's severity for that entry
    /// (none where the rule is off). `files` are the included files with their entries.
    public func schemaCheck(files: [(path: String, entry: Int)]) -> @Sendable (Document) -> [Diagnostic] {
        let severities = schemaSeverities()
        let schemas = compileSchemas().schemas
        var entries: [String: Int] = [:]
        for file in files where entries[file.path] == nil { entries[file.path] = file.entry }
        let entryOf = entries
        return { document in
            guard let entry = entryOf[document.file], let schema = schemas[entry], let severity = severities[entry] else { return [] }
            return Linter.schemaDiagnostics(schema, document, severity: severity)
        }
    }

    /// A key the schema does not allow is told what to do. A misspelling of one the schema
    /// names (`ingredeints`) is told the key it meant, and the meant key's `required` error
    /// at the object (which the misspelling caused) is left out: the two were reported as
    /// unrelated errors 25 lines apart, neither naming the fix. Any other is told to be
    /// removed, or, in a built-in kind (whose objects take `x-` fields), named `x-…` to
    /// keep it as a field of the team's own; it was "is not allowed (additional
    /// property)", with nothing to do.
    static func suggestKeys(_ errors: inout [ValidationError], document: Document) {
        let json = document.json
        let builtIn = BuiltInSchemas.kinds.contains(document.kind ?? "")
        var dropped = Set<Int>()
        for i in errors.indices where errors[i].keyword == "additionalProperties" {
            guard let written = json.string(errors[i].node), let object = errors[i].instanceLocation.parent else { continue }
            let key = JSONWriter.compact.string(.string(written))
            let own = JSONWriter.compact.string(.string("x-" + written))
            let objectNode = json.node(at: object.tokens, from: document.node)
            let present = Set(objectNode.map { json.members($0).compactMap { json.string($0.key) } } ?? [])
            guard let meant = Suggest.closest(to: written, in: errors[i].alternatives.filter { !present.contains($0) }) else {
                errors[i].message = builtIn
                    ? "\(key) is not allowed: remove it, or name it \(own) to keep a field of your own"
                    : "\(key) is not allowed: remove it, or add it to the schema\(document.kind.map { " of the kind '\($0)'" } ?? "")"
                continue
            }
            let quoted = JSONWriter.compact.string(.string(meant))
            let required = errors.indices.first { j in
                errors[j].keyword == "required" && errors[j].instanceLocation == object && errors[j].message == "\(quoted) is required"
            }
            if let required { dropped.insert(required) }
            let isRequired = required != nil ? " (\(quoted) is required)" : ""
            errors[i].message = builtIn
                ? "\(key) is not allowed: did you mean \(quoted)\(isRequired), or \(own) for a field of your own?"
                : "\(key) is not allowed: did you mean \(quoted)?\(isRequired)"
        }
        errors = errors.indices.filter { !dropped.contains($0) }.map { errors[$0] }
    }

    static func schemaDiagnostics(_ schema: JSONSchema, _ document: Document, severity: Severity) -> [Diagnostic] {
        guard !schema.isValid(document.json, at: document.node) else { return [] }
        let locator = document.sourceLocator()
        var cursor = ElementCursor()
        var errors = schema.validate(document.json, at: document.node).errors
        suggestKeys(&errors, document: document)
        return errors.map { error in
            var e = error
            if let value = document.json.string(e.node), let predicate = SchemaWording.predicate(for: e, value: value) {
                // The value as the engine quotes it (shortened when long), else as JSON.
                let quoted = e.message.range(of: " does not match the pattern ").map { String(e.message[..<$0.lowerBound]) }
                e.message = (quoted ?? JSONWriter.compact.string(.string(value))) + " " + predicate
            }
            return document.diagnostic(
                ruleID: RuleMetadata.schemaID, severity: severity, message: e.message(in: document.json, root: document.node, cursor: &cursor),
                node: e.node, locator: locator,
                keywordLocation: e.keywordLocation, absoluteKeywordLocation: e.absoluteKeywordLocation)
        }
    }
}
