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

    func run() throws {
        let registry = try CLIRegistry.make()
        if let core = Self.otherChecks[rule] {
            let details = core.details.map { "\n\($0)\n" } ?? ""
            writeStandardOutput(Array("\(core.id) (default: \(core.defaultSeverity.name))\n\n\(core.summary)\n\(details)".utf8))
            return
        }
        let found: any Rule
        do {
            found = try registry.rule(rule)
        } catch {
            // Every id explain takes, not only the registry's rules.
            let known = (Array(Self.otherChecks.keys) + registry.rules.map(\.id)).sorted()
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
