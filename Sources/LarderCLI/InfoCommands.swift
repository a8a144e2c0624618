import ArgumentParser
import Foundation
import LarderCore
import LarderExport
import LarderJSON

/// `larder schema print KIND`: prints a built-in schema exactly as the binary holds it.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print Larder's built-in schemas.",
        subcommands: [Print.self]
    )

    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "print",
            abstract: "Print a built-in schema: recipe, location, product, taxonomy, common or config.")

        @Argument(help: "The schema's name.")
        var name: String

        func run() throws {
            guard let text = BuiltInSchemas.text(name) else {
                throw ValidationError("no built-in schema '\(name)'; there are: \(BuiltInSchemas.names.joined(separator: ", "))")
            }
            writeStandardOutput(Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
        }
    }
}

/// `larder rules`: every rule with its default severity and summary.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the lint rules with their default severity.")

    func run() throws {
        let registry = try CLIRegistry.make()
        var rows: [(String, String, String)] = RuleMetadata.coreChecks.values.sorted { $0.id < $1.id }.map {
            ($0.id, $0.defaultSeverity.name, $0.summary)
        }
        rows += registry.rules.map { ($0.id, $0.defaultSeverity.name, $0.summary) }
        let width = rows.map(\.0.count).max() ?? 0
        var out = ""
        for (id, severity, summary) in rows {
            out += id.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + severity.padding(toLength: 9, withPad: " ", startingAt: 0) + summary + "\n"
        }
        out += "\nSet a severity (error, warning, note, off) and options per rule in larder.yml; `larder explain RULE` shows examples.\n"
        out += Self.pluginRules(ExplainCommand.configPlugins())
        writeStandardOutput(Array(out.utf8))
    }

    /// What `larder rules` says of the rules of lint plugins: the protocol has no list of a
    /// plugin's rules (a plugin names them in its answers), so each lint plugin of the
    /// config found is listed with the form of its ids, and where to read what they are.
    static func pluginRules(_ config: (file: String, plugins: [PluginSpec])?) -> String {
        let lint = (config?.plugins ?? []).filter { $0.stage == "lint" && !$0.id.isEmpty }
        guard let config, !lint.isEmpty else {
            return "\nA lint plugin of larder.yml (`plugins:`) reports rules of its own, `<plugin>/<rule>`, which it names in its answers: Docs/plugin-protocol.md.\n"
        }
        let rows = lint.map { ("\($0.id)/RULE, \($0.id)", "lint plugin of \(config.file): \($0.commandText)") }
        let width = rows.map(\.0.count).max() ?? 0
        var out = "\nThe lint plugins of \(config.file) report rules of their own:\n"
        for (ids, from) in rows { out += ids.padding(toLength: width + 2, withPad: " ", startingAt: 0) + from + "\n" }
        out += "Larder cannot list them: the rules of a lint plugin are named in its answers (see the plugin's documentation). "
            + "Set `<plugin>/<rule>` in `rules:` with a severity, as a rule above; `<plugin>` sets all of the plugin's diagnostics, "
            + "and `<plugin>: off` turns it off (Docs/plugin-protocol.md).\n"
        return out
    }
}

/// `larder explain RULE`: a rule's summary, details and the examples that must and must not
/// trigger it (the same examples the test suite runs).
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a lint rule, with examples that trigger it and examples that do not.")

    @Argument(help: "The rule id.")
    var rule: String

    func run() throws {
        let registry = try CLIRegistry.make()
        let id = rule.hasPrefix("plugin/") ? "plugin" : rule
        if let core = ReportIDs.all[id] {
            let details = core.details.map { "\n\($0)\n" } ?? ""
            writeStandardOutput(Array("\(core.id) (default: \(core.defaultText ?? core.defaultSeverity.name))\n\n\(core.summary)\n\(details)".utf8))
            return
        }
        // A step's notes and warnings carry the step's id (`[scale]`, `[json-bundle]`).
        let steps = registry.transforms.map { ($0.id, "transform") } + registry.exporters.map { ($0.id, "exporter") }
        if (try? registry.rule(rule)) == nil, let step = steps.first(where: { $0.0 == rule }) {
            let command = ["scale", "convert"].contains(step.0) ? "; `larder \(step.0) --help` says what it reports" : "; the README's section on exports says what it writes"
            writeStandardOutput(Array("\(step.0) is the \(step.1) of that name, not a lint rule: `[\(step.0)]` marks its notes, warnings and errors in a build's report\(command).\n".utf8))
            return
        }
        let found: any Rule
        do {
            found = try registry.rule(rule)
        } catch {
            // A plugin's ids: `<plugin>/<rule>`, or `<plugin>` alone.
            switch Self.pluginRuleText(rule, config: Self.configPlugins()) {
            case .success(let text)?:
                writeStandardOutput(Array(text.utf8))
                return
            case .failure(let unknown)?:
                throw unknown
            case nil:
                break
            }
            // Every id explain takes, not only the registry's rules.
            let known = (Array(ReportIDs.all.keys) + registry.rules.map(\.id)).sorted()
            throw ValidationError("\(PluginRegistryError.unknown(kind: .rule, id: rule, known: known))")
        }
        var out = "\(found.id) (default: \(found.defaultSeverity.name))\n\n\(found.summary)\n"
        if let details = found.details { out += "\n\(details)\n" }
        if let kinds = found.kinds { out += "\nApplies to: \(kinds.joined(separator: ", "))\n" }
        if let configurable = found as? any ConfigurableRule, !configurable.options.isEmpty {
            out += "\n" + Self.optionsSection(configurable)
        }
        let triggering = found.examples.filter(\.triggers)
        let passing = found.examples.filter { !$0.triggers }
        if !triggering.isEmpty {
            out += "\nTriggers:\n"
            for e in triggering {
                let at = e.pointers.map { $0.description.isEmpty ? "(root)" : $0.description }.joined(separator: ", ")
                out += "  \(e.json)\n" + (at.isEmpty ? "" : "    -> at \(at)\n") + Self.setting(of: e)
            }
        }
        if !passing.isEmpty {
            out += "\nDoes not trigger:\n"
            for e in passing {
                out += "  \(e.json)\n" + Self.setting(of: e)
            }
        }
        writeStandardOutput(Array(out.utf8))
    }

    /// The plugins of the config found from the working folder, with the config's name as
    /// reports give it; nil when there is no config or it cannot be read.
    static func configPlugins() -> (file: String, plugins: [PluginSpec])? {
        let cwd = FileManager.default.currentDirectoryPath
        guard let found = ConfigFile.find(from: cwd) else { return nil }
        let file = displayPath(String(found.path.dropFirst(found.root.count + 1)), root: found.root, cwd: cwd)
        let config: LarderConfig?
        do {
            config = try found.read(displayPath: file).config
        } catch {
            // What could be read of a config with mistakes still names its plugins.
            config = error.configError?.partialConfig
        }
        guard let config else { return nil }
        return (file, config.plugins)
    }

    /// What explain says of `id` when it is an id of an external plugin's diagnostics: a
    /// rule of a plugin the config declares (`abv-limit/over-limit`, or `abv-limit` for the
    /// plugin's diagnostics that name no rule), as `.success`; an id of the form
    /// `<plugin>/<rule>` of a plugin the config does not declare (or with no config at hand)
    /// is an unknown rule, as `.failure` with what to say. Nil when `id` is neither.
    static func pluginRuleText(_ id: String, config: (file: String, plugins: [PluginSpec])?) -> Result<String, ValidationError>? {
        let parts = id.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let pluginID = parts[0], ruleName = parts.count == 2 ? parts[1] : nil
        guard !pluginID.isEmpty, ruleName.map({ !$0.isEmpty && !$0.contains("/") }) ?? true else { return nil }
        let form = """
            A lint plugin is a program that larder.yml's `plugins` runs with `stage: lint`: it \
            is given the documents and answers with diagnostics (Docs/plugin-protocol.md). \
            Each carries the id `<plugin>/<rule>` (the plugin's id and a rule the plugin \
            names), or `<plugin>` alone when it names none. Set its severity in larder.yml's \
            `rules`, at the top or in a content entry, under that id \
            (`\(id): warning`; error, warning, note or off); `\(pluginID)` sets those of the \
            plugin's diagnostics that no setting of their own rule sets, and \
            `\(pluginID): off` turns the plugin off. What it checks and how to fix it is the plugin's to say: see the \
            plugin's documentation or source.
            """
        if let config, let plugin = config.plugins.first(where: { $0.id == pluginID && !$0.stage.isEmpty }) {
            let stage = plugin.stage
            let what = ruleName.map { "the rule '\($0)' of the external \(stage) plugin \(pluginID)" }
                ?? "the external \(stage) plugin \(pluginID), for its diagnostics that name no rule of their own"
            let command = plugin.command.isEmpty ? "" : " (command: \(plugin.commandText))"
            let more = stage == "lint" ? form : """
                A \(stage) plugin's notes and warnings about the documents carry `<plugin>/<rule>` \
                or `<plugin>` (Docs/plugin-protocol.md); what they mean is the plugin's to say: \
                see the plugin's documentation or source.
                """
            return .success("\(id) is \(what), declared in \(config.file)\(command); it is not one of Larder's own rules.\n\n\(more)\n")
        }
        // Without the plugin at hand, only the form `<plugin>/<rule>` says what it is, and
        // no rule of that id is known.
        guard ruleName != nil else { return nil }
        let found = config.map { config in
            let lint = config.plugins.filter { $0.stage == "lint" }.map(\.id)
            return "\(config.file) declares no plugin '\(pluginID)'" + (lint.isEmpty ? "" : " (its lint plugins: \(lint.joined(separator: ", ")))")
        } ?? "no larder.yml was found from this folder to say which plugins there are: run `larder explain \(id)` in the project"
        return .failure(ValidationError("unknown rule '\(id)': \(found); an id `<plugin>/<rule>` is the rule of a lint plugin larder.yml declares (Docs/plugin-protocol.md)"))
    }

    /// Where an example is checked, as a user would set it up: the kind of its document
    /// when that matters (an image reference is checked differently in a team's kind), the
    /// options larder.yml takes (`with options`), and what Larder fills in from the rest of
    /// larder.yml (`in a project with`: its locales, its content kinds, the tag fields of a
    /// team kind's schema), which a rule's options cannot set. Each on its own line; nothing
    /// for a plain example.
    static func setting(of example: RuleExample) -> String {
        var out = ""
        if let kind = example.kind { out += "    as a document of the kind '\(kind)'\n" }
        guard case .object(let object) = example.options else { return out }
        var own = JSONObject(), project: [String] = []
        for (key, value) in object {
            switch key {
            case "locales": project.append("locales: \(JSONWriter.compact.string(value))")
            case Linter.contentKindsOption: project.append("content kinds: \(JSONWriter.compact.string(value))")
            case Linter.exportsOption: project.append("exports: \(JSONWriter.compact.string(value))")
            case Linter.schemaTagFieldsOption: project.append("tag fields from the kind's schema: \(JSONWriter.compact.string(value))")
            case "images": project.append("images: \(JSONWriter.compact.string(value))")
            default: own[key] = value
            }
        }
        if !own.isEmpty { out += "    with options \(JSONWriter.compact.string(.object(own)))\n" }
        if !project.isEmpty { out += "    in a project with \(project.joined(separator: ", "))\n" }
        return out
    }

    /// The options a rule takes, as larder.yml gives them: each one's name, type, default
    /// (and the numbers it takes) on one line, what it does below.
    ///
    ///     Options (in larder.yml, rules: { nutrition-consistency: { OPTION: VALUE } }):
    ///       saltTolerance: a number, default: 0.05 (at least 0 and less than 1)
    ///         allowed difference between salt and sodium x 2.5, as a fraction
    static func optionsSection(_ rule: any ConfigurableRule) -> String {
        var out = "Options (in larder.yml, rules: { \(rule.id): { OPTION: VALUE } }):\n"
        for option in rule.options {
            if let main = option.aliasOf {
                out += "  \(option.name): another name for \(main)\n"
                continue
            }
            var line = "  \(option.name): \(option.type)"
            line += option.defaultValue.map { ", default: \($0)" } ?? ", no default"
            if let bounds = option.bounds { line += " (\(bounds))" }
            out += line + "\n    \(option.summary)\n"
        }
        return out
    }
}
