import ArgumentParser
import Foundation
import LarderCore

/// `larder plugins`: every plugin this run knows, with its stage and where it comes from:
/// built into Larder, registered by the Swift package running the CLI
/// (``LarderCommand/runMain(registry:arguments:)``), or a command in `larder.yml`.
struct PluginsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the plugins (built in, from a Swift package, and larder.yml commands) with their stage.",
        discussion: """
            What does not run as listed is marked after FROM, in parentheses: (off: …) for a \
            rule, check or lint plugin that larder.yml turns off for all content (a rule off \
            in some content entries only runs on the others, and is not marked), (never \
            runs: …) for a transform or export plugin no step names, (refused, does not \
            run: …) for a plugin whose id larder.yml cannot take, and, for a built-in step \
            and a plugin of one id, which of the two runs.
            """)

    @Option(name: .long, help: "The config file (default: larder.yml in this folder or the nearest parent).")
    var config: String?

    /// One line of the listing.
    struct Row: Equatable {
        var id: String
        var stage: String
        var kind: String
        var source: String
    }

    func run() async throws {
        let registry = try CLIRegistry.make()
        let cwd = FileManager.default.currentDirectoryPath
        var configured: [PluginSpec] = []
        var steps: (transforms: [String], exports: [String])?
        var configName = "larder.yml"
        var settings: LarderConfig?
        do {
            if let project = try ProjectSession.open(config: config, cwd: cwd) {
                configured = project.config.plugins
                steps = (project.config.transforms.map(\.id), project.config.exports.map(\.id))
                configName = project.configDisplay
                settings = project.config
            }
        } catch let broken as ProjectSession.BrokenConfig {
            // As lint reports them, naming the file given (--config), on standard error:
            // standard output is the listing.
            let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
            let report = broken.humanReport(cwd: cwd, colorEnabled: !noColor && isatty(STDERR_FILENO) == 1, rules: ReportIDs.rules(of: registry))
            FileHandle.standardError.write(Data(report))
            throw ExitCode(2)
        }
        let rows = Self.rows(registry: registry, builtIn: try CLIRegistry.builtIn(), configured: configured, configName: configName, steps: steps,
                             settings: settings)
        writeStandardOutput(Array(Self.table(rows).utf8))
    }

    /// The rows: registry plugins by stage, then the config's external plugins. What does not
    /// run as listed is marked after the source, in parentheses: a lint plugin refused for an
    /// id of Larder's, the second of an id declared twice, and (given the config's `steps`,
    /// the ids its `transforms:` and `exports:` name) a transform or export plugin no step
    /// names; a plugin that takes a step's id from the registry's transform or exporter of
    /// that id, and that one, say which runs. Given the config's `settings`, a rule, check
    /// or lint plugin its `rules:` turn off for all content is marked off.
    static func rows(registry: PluginRegistry, builtIn: PluginRegistry, configured: [PluginSpec], configName: String,
                     steps: (transforms: [String], exports: [String])? = nil, settings: LarderConfig? = nil) -> [Row] {
        func source(_ kind: PluginKind, _ id: String) -> String {
            builtIn.ids(of: kind).contains(id) ? "built in" : "Swift package"
        }
        // Each entry of the config, with what keeps it from running as listed.
        let taken = registry.idsTakenFromLintPlugins
        var first: [String: Int] = [:]
        var marks: [String?] = []
        // The registry's transforms and exporters a plugin of the config replaces.
        var replaced: [String: String] = [:]
        for (i, spec) in configured.enumerated() {
            if let earlier = first[spec.id] {
                marks.append("refused, does not run: the id is declared twice, first at plugins[\(earlier)]")
                continue
            }
            first[spec.id] = i
            let kind: (PluginKind, String)? = spec.stage == "transform" ? (.transform, "transform") : spec.stage == "export" ? (.exporter, "exporter") : nil
            let named = spec.stage == "transform" ? steps?.transforms : spec.stage == "export" ? steps?.exports : nil
            if spec.stage == "lint" && taken.contains(spec.id) {
                marks.append("refused, does not run: '\(spec.id)' is the id of a \(registry.kindOfTakenID(spec.id)) of Larder")
            } else if spec.stage == "lint", let settings, settings.lintPluginIsOff(spec.id) {
                let setting = settings.rules["plugin/\(spec.id)"]?.isOff ?? false ? "plugin/\(spec.id)" : spec.id
                marks.append("off: \(configName) sets `\(setting): off`")
            } else if let named, !named.contains(spec.id) {
                marks.append("never runs: no step of `\(spec.stage == "transform" ? "transforms" : "exports"):` names it")
            } else if let (pluginKind, noun) = kind, registry.ids(of: pluginKind).contains(spec.id) {
                let from = source(pluginKind, spec.id) == "built in" ? "built-in" : "Swift package's"
                marks.append("runs in place of the \(from) \(noun) '\(spec.id)'")
                replaced["\(spec.stage) \(spec.id)"] = "replaced by the plugin '\(spec.id)' of \(configName), plugins[\(i)]"
            } else {
                marks.append(nil)
            }
        }
        func marked(_ row: Row, _ mark: String?) -> Row {
            guard let mark else { return row }
            var row = row
            row.source += " (\(mark))"
            return row
        }
        // A rule or check turned off for all content, and how.
        func off(_ id: String) -> String? {
            // `parse` always runs: larder.yml cannot turn it off (lint says so).
            guard id != RuleMetadata.parseID, let settings, settings.ruleIsOff(id) else { return nil }
            return settings.rules[id]?.isOff ?? false ? "off: \(configName) sets `\(id): off`" : "off: every content entry of \(configName) turns it off"
        }
        var rows: [Row] = []
        rows += registry.sources.map { Row(id: $0.id, stage: "load", kind: "source", source: source(.source, $0.id)) }
        rows += RuleMetadata.coreChecks.keys.sorted().map { marked(Row(id: $0, stage: "lint", kind: "check", source: "built in"), off($0)) }
        rows += registry.rules.map { marked(Row(id: $0.id, stage: "lint", kind: "rule", source: source(.rule, $0.id)), off($0.id)) }
        rows += registry.transforms.map {
            marked(Row(id: $0.id, stage: "transform", kind: "transform", source: source(.transform, $0.id)), replaced["transform \($0.id)"])
        }
        rows += registry.exporters.map {
            marked(Row(id: $0.id, stage: "export", kind: "exporter", source: source(.exporter, $0.id)), replaced["export \($0.id)"])
        }
        rows += registry.reporters.map { Row(id: $0.id, stage: "report", kind: "reporter", source: source(.reporter, $0.id)) }
        let order = ["lint": 1, "transform": 2, "export": 3]
        rows += configured.enumerated().sorted { (order[$0.element.stage] ?? 9, $0.offset) < (order[$1.element.stage] ?? 9, $1.offset) }
            .map { marked(Row(id: $0.element.id, stage: $0.element.stage, kind: "external",
                              source: "\(configName): " + $0.element.commandText), marks[$0.offset]) }
        return rows
    }

    /// The rows as aligned columns under a header.
    static func table(_ rows: [Row]) -> String {
        let all = [Row(id: "ID", stage: "STAGE", kind: "KIND", source: "FROM")] + rows
        let idWidth = all.map(\.id.count).max() ?? 0
        let stageWidth = all.map(\.stage.count).max() ?? 0
        let kindWidth = all.map(\.kind.count).max() ?? 0
        var out = ""
        for row in all {
            out += row.id.padding(toLength: idWidth + 2, withPad: " ", startingAt: 0)
                + row.stage.padding(toLength: stageWidth + 2, withPad: " ", startingAt: 0)
                + row.kind.padding(toLength: kindWidth + 2, withPad: " ", startingAt: 0)
                + row.source + "\n"
        }
        return out
    }
}
