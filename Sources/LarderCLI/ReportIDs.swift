import LarderCore
import LarderImport

/// What Larder says about each id its reports carry that is no rule of the registry: the
/// content checks the pipeline makes itself (`parse`, `schema`), mistakes in larder.yml
/// (`config`), unreadable files (`io`), plugin failures (`plugin/<id>`), `larder import`'s
/// findings (`import`) and `larder build`'s (`out-of-date`, `stale-output`, `fallback`).
///
/// The one place their texts are written: `larder explain` prints them, and every report
/// (lint, build, validate) is given them, so SARIF's `tool.driver.rules` describes a rule
/// as explain does.
enum ReportIDs {
    /// A new user sees `[config]` first of all.
    static let config = RuleMetadata(
        id: ConfigLoader.ruleID, summary: "larder.yml, and the schema of each kind of your own, can be read and used as written.",
        details: """
            Reported at the place in larder.yml (or the schema file): YAML that does not \
            parse (a quote or bracket left open, a tab used to indent), an unknown setting, rule \
            id, option, transform or exporter (with the closest known one), a value of the \
            wrong type or out of range, a locale that is not a BCP 47 tag or is listed twice, \
            a glob that is not valid or takes in no file, a path that leaves the project, a \
            kind of your own without a readable, valid JSON Schema. An error here exits 2: \
            the content is still checked where the config allows, but nothing is built. \
            Fix the setting; `larder init` writes a commented starter larder.yml.
            """)

    static let io = RuleMetadata(
        id: "io", summary: "Every content file the config includes can be read.",
        details: """
            A file that exists but cannot be read (no permission, \
            a name Larder refuses such as one with a backslash, a file larger than 4 GiB) is \
            an error at the file: its content is not checked, so nothing is built. The \
            message says why; fix the file or exclude it in larder.yml.
            """)

    static let plugin = RuleMetadata(
        id: "plugin", summary: "A plugin larder.yml runs answers as the plugin protocol says.",
        details: """
            `plugin/<id>` marks a failure of the plugin `<id>`: it could not start, exited \
            with an error, timed out, or answered with output that is not the protocol's \
            JSON. The message names what happened and what the plugin wrote to its standard \
            error. A plugin's own rules report as `<id>/<rule>`. Docs/plugin-protocol.md \
            describes the protocol; `larder plugins` lists the plugins and their stages.
            """)

    static let importing = RuleMetadata(
        id: importRuleID, summary: "A record `larder import` reads can be made into a document of Larder's built-in schema.",
        details: """
            `larder import` reports each record it cannot import, or imports with a change, at \
            the record's file, line and column: an error when the record is left out (not an \
            object, a required field such as a product's code or a recipe's name missing, a \
            barcode that is not digits, an ISO 8601 duration that does not read, an id \
            already used, a document that would not match the kind's built-in schema), a \
            warning when a value is dropped (a tag with capitals, an unreadable yield, a \
            control character), a note when one is changed (a barcode padded with zeros, an \
            id made a slug). The other records are still imported; the exit status is 1 when \
            one was left out. Fix the record in the input (or in the system it comes from) \
            and import again, or add the document by hand. Docs/importers.md has the field \
            mapping and every case.
            """)

    /// Every id above, the pipeline's own checks and `larder build`'s, by id.
    static let all: [String: RuleMetadata] = {
        var all = RuleMetadata.coreChecks
        for meta in [config, io, plugin, importing] { all[meta.id] = meta }
        return all.merging(BuildCommand.buildChecks) { a, _ in a }
    }()

    /// What a report is told of its rules: the registry's, then ``all``.
    static func rules(of registry: PluginRegistry) -> [String: RuleMetadata] {
        registry.ruleMetadata.merging(all) { a, _ in a }
    }
}
