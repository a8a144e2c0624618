import Foundation
import LarderJSON

extension LarderConfig {
    /// The external plugins of one stage (`"lint"`, `"transform"`, `"export"`), with their
    /// place in `plugins:`.
    public func plugins(stage: String) -> [(index: Int, spec: PluginSpec)] {
        plugins.enumerated().filter { $0.element.stage == stage }.map { ($0.offset, $0.element) }
    }
}

extension Linter {
    /// The rule ids `larder.yml` may set for lint plugins: `plugin/<id>` (the severity of the
    /// plugin's own failures, or `off` to skip it).
    var externalPluginRuleIDs: [String] {
        config.plugins(stage: "lint").map { "plugin/\($0.spec.id)" }
    }

    /// Runs every lint plugin of `larder.yml` once over `documents` (the documents being
    /// reported on), side by side, and returns their diagnostics in the config's order.
    ///
    /// `rules: { plugin/<id>: warning }` makes the plugin's own failures (a crash, a
    /// timeout, garbage) warnings instead of errors; `plugin/<id>: off` skips the plugin.
    ///
    /// It also reports mistakes in `plugins:` itself (see ``checkPluginSettings()``).
    public func runLintPlugins(_ documents: [Document]) async -> [Diagnostic] {
        let setup = checkPluginSettings()
        let plugins = config.plugins(stage: "lint")
        guard !plugins.isEmpty, !documents.isEmpty else { return setup }
        let locales = config.locales
        var jobs: [(ExternalPlugin, Severity)] = []
        let taken = ruleIDsOfLarder
        for (index, spec) in plugins {
            let setting = config.rules["plugin/\(spec.id)"]
            if setting?.isOff ?? false { continue }
            // Refused (an error of checkPluginSettings): it would report as the rule.
            if taken.contains(spec.id) { continue }
            let range = configPositions?(JSONPointer(tokens: ["plugins", String(index)]))
                ?? SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
            jobs.append((ExternalPlugin(spec: spec, projectRoot: projectRoot, configFile: configFile, configRange: range),
                         setting?.severity ?? .error))
        }
        var results = [[Diagnostic]](repeating: [], count: jobs.count)
        await withTaskGroup(of: (Int, [Diagnostic]).self) { group in
            for (i, job) in jobs.enumerated() {
                group.addTask { (i, await job.0.lint(documents, locales: locales, failureSeverity: job.1)) }
            }
            for await (i, found) in group { results[i] = found }
        }
        return setup + results.flatMap { $0 }
    }

    /// The ids a lint plugin may not take: the rules of the registry, the core checks
    /// (`parse`, `schema`) and `config`. A lint plugin's diagnostics carry its id as their
    /// rule id, so with one of these its reports would pass for the rule's, and
    /// `rules: { schema: off }` would turn off the rule but not the plugin.
    var ruleIDsOfLarder: Set<String> {
        Set(registry.rules.map(\.id)).union(RuleMetadata.coreChecks.keys).union([ConfigLoader.ruleID]).union(RuleMetadata.reservedIDs)
            // A transform's or an export's reports carry its id.
            .union(registry.transforms.map(\.id)).union(registry.exporters.map(\.id))
    }

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
                let what = registry.rules.contains(where: { $0.id == spec.id }) ? "rule"
                    : registry.transforms.contains(where: { $0.id == spec.id }) ? "transform"
                    : registry.exporters.contains(where: { $0.id == spec.id }) ? "exporter" : "check"
                report(.error, "the lint plugin id '\(spec.id)' is the id of the \(what) '\(spec.id)': its reports would pass for that \(what)'s, "
                       + "and `rules: { \(spec.id): off }` would not turn it off; give the plugin an id of its own (acme-\(spec.id))",
                       at: pointer.appending("id"))
                continue
            }
            if spec.stage == "transform" && !transformSteps.contains(spec.id) {
                report(.warning, "the transform plugin '\(spec.id)' never runs: name it in `transforms:` (- \(spec.id))", at: pointer)
            } else if spec.stage == "export" && !exportSteps.contains(spec.id) {
                report(.warning, "the export plugin '\(spec.id)' never runs: name it in `exports:` (- \(spec.id): { out: dist/\(spec.id) })", at: pointer)
            }
        }
        return out
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
