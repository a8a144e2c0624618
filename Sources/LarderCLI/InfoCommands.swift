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
        writeStandardOutput(Array(out.utf8))
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

    /// The ids reports use that are not rules of the registry: `parse` and `schema` (every
    /// lint), `out-of-date` (`larder build --check`), `stale-output` (`larder build`) and
    /// `fallback` (an export's option).
    static let otherChecks: [String: RuleMetadata] = RuleMetadata.coreChecks
        .merging(BuildCommand.buildChecks) { a, _ in a }

    /// Ids reports carry that are no check of content: mistakes in larder.yml, unreadable
    /// files, plugin failures. A new user sees `[config]` first of all.
    static let reportIDs: [String: RuleMetadata] = [
        ConfigLoader.ruleID: RuleMetadata(
            id: ConfigLoader.ruleID, summary: "larder.yml, and the schema of each kind of your own, can be read and used as written.",
            details: """
                Reported at the place in larder.yml (or the schema file): an unknown setting, rule \
                id, option, transform or exporter (with the closest known one), a value of the \
                wrong type or out of range, a locale that is not a BCP 47 tag or is listed twice, \
                a glob that is not valid or takes in no file, a path that leaves the project, a \
                kind of your own without a readable, valid JSON Schema. An error here exits 2: \
                the content is still checked where the config allows, but nothing is built. \
                Fix the setting; `larder init` writes a commented starter larder.yml.
                """),
        "io": RuleMetadata(
            id: "io", summary: "Every content file the config includes can be read.",
            details: """
                A file that exists but cannot be read (no permission, \
                a name Larder refuses such as one with a backslash, a file larger than 4 GiB) is \
                an error at the file: its content is not checked, so nothing is built. The \
                message says why; fix the file or exclude it in larder.yml.
                """),
        "plugin": RuleMetadata(
            id: "plugin", summary: "A plugin larder.yml runs answers as the plugin protocol says.",
            details: """
                `plugin/<id>` marks a failure of the plugin `<id>`: it could not start, exited \
                with an error, timed out, or answered with output that is not the protocol's \
                JSON. The message names what happened and what the plugin wrote to its standard \
                error. A plugin's own rules report as `<id>/<rule>`. Docs/plugin-protocol.md \
                describes the protocol; `larder plugins` lists the plugins and their stages.
                """),
    ]

    func run() throws {
        let registry = try CLIRegistry.make()
        let id = rule.hasPrefix("plugin/") ? "plugin" : rule
        if let core = Self.otherChecks[rule] ?? Self.reportIDs[id] {
            let details = core.details.map { "\n\($0)\n" } ?? ""
            writeStandardOutput(Array("\(core.id) (default: \(core.defaultSeverity.name))\n\n\(core.summary)\n\(details)".utf8))
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
            // Every id explain takes, not only the registry's rules.
            let known = (Array(Self.otherChecks.keys) + Array(Self.reportIDs.keys) + registry.rules.map(\.id)).sorted()
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

    /// Where an example is checked, as a user would set it up: the kind of its document
    /// when that matters (an image reference is checked differently in a team's kind), the
    /// options larder.yml takes (`with options`), and what Larder fills in from the rest of
    /// larder.yml (`in a project with`: its locales, its content kinds), which a rule's
    /// options cannot set. Each on its own line; nothing for a plain example.
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
