import Foundation
import LarderJSON

extension LarderConfig {
    /// The external plugins of one stage (`"lint"`, `"transform"`, `"export"`), with their
    /// place in `plugins:`.
    public func plugins(stage: String) -> [(index: Int, spec: PluginSpec)] {
        plugins.enumerated().filter { $0.element.stage == stage }.map { ($0.offset, $0.element) }
    }

    /// Whether the lint plugin `id` is turned off as a whole: `plugin/<id>: off`, or
    /// `<id>: off` at the top level with no setting of it or of one of its rules, anywhere,
    /// that is not `off` (that rule still wants the plugin to run).
    public func lintPluginIsOff(_ id: String) -> Bool {
        if rules["plugin/\(id)"]?.isOff ?? false { return true }
        guard rules[id]?.isOff ?? false else { return false }
        let tables = [rules] + content.map(\.rules)
        return !tables.contains { table in
            table.contains { key, setting in (key == id || key.hasPrefix(id + "/")) && !setting.isOff }
        }
    }

    /// Whether the rule or check `id` is turned off for all content: every content entry's
    /// setting of it (its own, else the top level's) is `off`. A rule off in some entries
    /// only still runs on the others.
    public func ruleIsOff(_ id: String) -> Bool {
        let entries: [ContentEntry?] = content.isEmpty ? [nil] : content
        return entries.allSatisfy { setting(for: id, entry: $0)?.isOff ?? false }
    }
}

extension Linter {
    /// The rule ids `larder.yml` may set for lint plugins: `plugin/<id>` (the severity of the
    /// plugin's own failures, or `off` to skip it).
    var externalPluginRuleIDs: [String] {
        config.plugins(stage: "lint").map { "plugin/\($0.spec.id)" }
    }

    /// The lint plugins that run, with their place in `plugins:`: not one refused for the id
    /// of a rule or check (``ruleIDsOfLarder``), nor the second of an id declared twice
    /// (both errors of ``checkPluginSettings()``).
    var runningLintPlugins: [(index: Int, spec: PluginSpec)] {
        let taken = ruleIDsOfLarder
        var seen = Set<String>()
        var out: [(index: Int, spec: PluginSpec)] = []
        for (index, spec) in config.plugins.enumerated() {
            guard seen.insert(spec.id).inserted, spec.stage == "lint", !taken.contains(spec.id) else { continue }
            out.append((index, spec))
        }
        return out
    }

    /// The lint plugin (of ``runningLintPlugins``) whose diagnostics carry the rule id `id`:
    /// `acme` (all of the plugin's diagnostics in `rules:`, and in reports those that name no
    /// rule) or `acme/<rule>` with a kebab-case rule; nil for any other id.
    ///
    /// The protocol has no list of a plugin's rules: a plugin names them in its answers
    /// (each diagnostic's `rule`), so Larder learns them only by running it, after
    /// `larder.yml` is read. Any kebab-case rule of a lint plugin larder.yml declares is
    /// therefore taken; one the plugin never reports is set to no effect.
    func lintPlugin(ofRule id: String) -> (index: Int, spec: PluginSpec)? {
        let parts = id.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 1 || ExternalPlugin.isSlug(String(parts[1])) else { return nil }
        return runningLintPlugins.first { $0.spec.id == parts[0] }
    }

    /// The setting for a diagnostic of the lint plugin `plugin` with the rule id `ruleID`
    /// (`acme/over-limit`, or `acme` for one that names no rule) in a file of `entry`: the
    /// entry's `rules:` first, then the top level's; in each, the rule's own setting, then
    /// the plugin's (`acme`). Nil when none sets a severity or `off` (the plugin's own
    /// severity stands).
    func pluginRuleSetting(_ ruleID: String, plugin: String, entry: ContentEntry?) -> RuleSetting? {
        let ids = ruleID == plugin ? [plugin] : [ruleID, plugin]
        for table in [entry?.rules ?? [:], config.rules] {
            for id in ids {
                if let setting = table[id], setting.isOff || setting.severity != nil { return setting }
            }
        }
        return nil
    }

    /// Whether the lint plugin `id` is turned off as a whole
    /// (``LarderConfig/lintPluginIsOff(_:)``).
    func lintPluginIsOff(_ id: String) -> Bool {
        config.lintPluginIsOff(id)
    }

    /// `diagnostics` of the lint plugin `plugin` with the severities `rules:` sets for them
    /// (``pluginRuleSetting(_:plugin:entry:)``), and without those it turns off. The
    /// plugin's failures (`plugin/<id>`) are left as they are.
    func applyingRuleSettings(_ diagnostics: [Diagnostic], plugin: String) -> [Diagnostic] {
        var entries: [String: ContentEntry?] = [:]
        return diagnostics.compactMap { d in
            guard d.ruleID == plugin || d.ruleID.hasPrefix(plugin + "/") else { return d }
            let entry: ContentEntry?
            if let known = entries[d.file] {
                entry = known
            } else {
                entry = config.entry(for: d.file)?.entry
                entries[d.file] = .some(entry)
            }
            guard let setting = pluginRuleSetting(d.ruleID, plugin: plugin, entry: entry) else { return d }
            if setting.isOff { return nil }
            var d = d
            if let severity = setting.severity { d.severity = severity }
            return d
        }
    }

    /// Runs every lint plugin of `larder.yml` once over `documents` (the documents being
    /// reported on), side by side, and returns their diagnostics in the config's order.
    ///
    /// `rules: { plugin/<id>: warning }` makes the plugin's own failures (a crash, a
    /// timeout, garbage) warnings instead of errors; `plugin/<id>: off` skips the plugin.
    /// `rules:` (top level and per content entry) sets the severity of the plugin's own
    /// rules, `<id>/<rule>`, and `<id>` those of all its diagnostics; `<id>: off` turns the
    /// plugin off (``lintPluginIsOff(_:)``).
    ///
    /// It also reports mistakes in `plugins:` itself (see ``checkPluginSettings()``).
    public func runLintPlugins(_ documents: [Document]) async -> [Diagnostic] {
        let setup = checkPluginSettings()
        let plugins = runningLintPlugins
        guard !plugins.isEmpty, !documents.isEmpty else { return setup }
        let locales = config.locales
        var jobs: [(ExternalPlugin, Severity)] = []
        for (index, spec) in plugins {
            if lintPluginIsOff(spec.id) { continue }
            let range = configPositions?(JSONPointer(tokens: ["plugins", String(index)]))
                ?? SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
            jobs.append((ExternalPlugin(spec: spec, projectRoot: projectRoot, configFile: configFile, configRange: range),
                         config.rules["plugin/\(spec.id)"]?.severity ?? .error))
        }
        var results = [[Diagnostic]](repeating: [], count: jobs.count)
        await withTaskGroup(of: (Int, [Diagnostic]).self) { group in
            for (i, job) in jobs.enumerated() {
                group.addTask { (i, await job.0.lint(documents, locales: locales, failureSeverity: job.1)) }
            }
            for await (i, found) in group { results[i] = found }
        }
        for (i, job) in jobs.enumerated() { results[i] = applyingRuleSettings(results[i], plugin: job.0.spec.id) }
        return setup + results.flatMap { $0 }
    }

    /// The ids a lint plugin may not take: the rules of the registry, the core checks
    /// (`parse`, `schema`) and `config`. A lint plugin's diagnostics carry its id as their
    /// rule id, so with one of these its reports would pass for the rule's, and
    /// `rules: { schema: off }` would turn off the rule but not the plugin.
    var ruleIDsOfLarder: Set<String> { registry.idsTakenFromLintPlugins }

    /// Mistakes in `plugins:`: an id declared twice or a lint plugin with the id of a rule
    /// (errors; such a plugin does not run), and a transform or export plugin that no step
    /// of `transforms:` / `exports:` names, so it never runs (a warning).
    public func checkPluginSettings() -> [Diagnostic] {
        var out: [Diagnostic] = []
        func report(_ severity: Severity, _ message: String, at pointer: JSONPointer) {
            let range = configPositions?(pointer) ?? SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
            out.append(Diagnostic(ruleID: ConfigLoader.ruleID, severity: severity, message: message,
                                  file: configFile, start: range.start, end: range.end, pointer: pointer))
        }
        var first: [String: Int] = [:]
        let taken = ruleIDsOfLarder
        let transformSteps = Set(config.transforms.map(\.id)), exportSteps = Set(config.exports.map(\.id))
        for (i, spec) in config.plugins.enumerated() {
            let pointer = JSONPointer(tokens: ["plugins", String(i)])
            if let earlier = first[spec.id] {
                report(.error, "the plugin id '\(spec.id)' is declared twice (also plugins[\(earlier)]); plugin ids must be unique",
                       at: pointer.appending("id"))
                continue
            }
            first[spec.id] = i
            if spec.stage == "lint" && taken.contains(spec.id) {
                let what = registry.kindOfTakenID(spec.id)
                report(.error, "the lint plugin id '\(spec.id)' is the id of the \(what) '\(spec.id)': its reports would pass for that \(what)'s, "
                       + "and `rules: { \(spec.id): off }` would not turn it off; give the plugin an id of its own (acme-\(spec.id))",
                       at: pointer.appending("id"))
                continue
            }
            if spec.stage == "transform" && !transformSteps.contains(spec.id) {
                report(.warning, "the transform plugin '\(spec.id)' never runs: name it in `transforms:` (- \(spec.id))", at: pointer)
            } else if spec.stage == "export" && !exportSteps.contains(spec.id) {
                report(.warning, "the export plugin '\(spec.id)' never runs: name it in `exports:` (- \(spec.id): { out: dist/\(spec.id) })", at: pointer)
            } else if spec.stage == "transform" || spec.stage == "export", let program = spec.command.first, program.contains("/"),
                      !program.hasPrefix("/"), !program.hasPrefix("~"),
                      case .failure(let reason) = PluginProcess(command: spec.command, directory: projectRoot).resolve(program)
            {
                // A program of the project (a path) that is missing, a folder or not executable:
                // only `larder build` ran transform and export plugins, so lint (and the commit
                // hook) passed a config whose build then failed. A program looked up on PATH,
                // or given by an absolute path (/opt/homebrew/bin/…), depends on the machine,
                // and is left to the run: the hook of a machine without it must not refuse
                // what the build machine builds.
                report(.error, "the \(spec.stage) plugin '\(spec.id)' cannot run: \(reason.message)", at: pointer.appending("command").appending("0"))
            }
        }
        return out
    }
}

extension PluginRegistry {
    /// The ids a lint plugin may not take (``Linter/checkPluginSettings()`` refuses them):
    /// the rules of the registry, the core checks (`parse`, `schema`), `config`, the other
    /// ids of Larder's reports, and the registry's transforms and exporters (their reports
    /// carry their ids).
    public var idsTakenFromLintPlugins: Set<String> {
        Set(rules.map(\.id)).union(RuleMetadata.coreChecks.keys).union([ConfigLoader.ruleID]).union(RuleMetadata.reservedIDs)
            .union(transforms.map(\.id)).union(exporters.map(\.id))
    }

    /// What of Larder's `id` names, for a message (`rule`, `transform`, `exporter` or
    /// `check`), when it is one of ``idsTakenFromLintPlugins``.
    public func kindOfTakenID(_ id: String) -> String {
        rules.contains(where: { $0.id == id }) ? "rule"
            : transforms.contains(where: { $0.id == id }) ? "transform"
            : exporters.contains(where: { $0.id == id }) ? "exporter" : "check"
    }
}

extension Builder {
    /// The external plugin of `stage` with `id`, if `larder.yml` declares one.
    func externalPlugin(_ id: String, stage: String) -> ExternalPlugin? {
        guard let (index, spec) = config.plugins(stage: stage).first(where: { $0.spec.id == id }) else { return nil }
        _ = index
        return ExternalPlugin(spec: spec, projectRoot: pluginDirectory ?? outputBase)
    }

    /// The plugin's own options with the step's options laid over them.
    static func mergedOptions(_ plugin: ExternalPlugin, _ step: PipelineStep) -> JSONValue {
        var options = plugin.spec.options.objectValue ?? JSONObject()
        for (k, v) in step.options.objectValue ?? JSONObject() { options[k] = v }
        return .object(options)
    }
}
