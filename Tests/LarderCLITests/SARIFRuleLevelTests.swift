import Foundation
import LarderCore
import LarderExport
import LarderJSON
import Testing
@testable import LarderCLI

/// SARIF's `defaultConfiguration` of every id Larder's reports carry says how Larder
/// reports it: `level` is the severity its findings have when larder.yml sets none, and an
/// id nothing reports until a setting asks (`fallback`) is `enabled: false`. `fallback`
/// was described as a warning on by default, though a build reports none of it unless an
/// export's option asks.
@Suite struct SARIFRuleLevelTests {
    /// The `tool.driver.rules` of a SARIF log with one result of each id `rules` describes,
    /// by id.
    static func descriptors(_ rules: [String: RuleMetadata]) throws -> [String: JSONValue] {
        let diagnostics = rules.keys.sorted().map {
            Diagnostic(ruleID: $0, severity: .note, message: "m", file: "a.json", start: SourcePosition(line: 1, column: 1))
        }
        let log = SARIFReporter().report(diagnostics, summary: DiagnosticSummary(diagnostics, filesChecked: 1),
                                         context: ReportContext(workingDirectory: "/p", rules: rules))
        let json = try JSONValue(parsing: log)
        var out: [String: JSONValue] = [:]
        for descriptor in json["runs"]?[0]?["tool"]?["driver"]?["rules"]?.arrayValue ?? [] {
            if let id = descriptor["id"]?.stringValue { out[id] = descriptor }
        }
        return out
    }

    /// Every rule of the registry: the descriptor's level is the rule's default severity,
    /// and the worst severity its triggering examples report at, given that severity, is
    /// that severity, so a rule whose reports are written below or above the severity it is
    /// given (a note where SARIF says error) fails here. Both sides come from
    /// `defaultSeverity`, so whether the linter gives a rule that default when larder.yml
    /// names none is outside what this test can catch.
    @Test func everyRulesLevelIsTheSeverityItReportsAt() throws {
        let registry = try CLIRegistry.builtIn()
        let descriptors = try Self.descriptors(ReportIDs.rules(of: registry))
        #expect(!registry.rules.isEmpty)
        for rule in registry.rules {
            let descriptor = try #require(descriptors[rule.id], "\(rule.id) has no descriptor")
            #expect(descriptor["defaultConfiguration"] == ["level": .string(rule.defaultSeverity.name)], "\(rule.id): \(descriptor)")
            var worst: Severity?
            for example in rule.examples where example.triggers {
                let docs = Document.split(file: "example.json", kind: example.kind, json: try JSONDocument(parsing: example.json))
                let context = RuleContext(ruleID: rule.id, options: example.options, severity: rule.defaultSeverity, content: ContentSet(docs))
                for d in docs.flatMap({ rule.check($0, context: context) }) { worst = max(worst ?? d.severity, d.severity) }
            }
            #expect(worst == rule.defaultSeverity, "\(rule.id) reports at \(worst?.name ?? "nothing"); SARIF says \(rule.defaultSeverity.name)")
        }
    }

    /// The ids that are no rule of the registry, each with the level its reports have:
    /// a new id must be added here, with where its level comes from.
    @Test func everyOtherIDsLevelIsTheSeverityItReportsAt() throws {
        let descriptors = try Self.descriptors(ReportIDs.all)
        // An export's `fallback` option given without a severity reports at this one
        // (`fallback:` with no value); each option names its own otherwise.
        let fallback = try #require(try ExporterOptions(["fallback": .null], exporter: "json-bundle", known: []).fallbackSeverity())
        let expected: [String: JSONValue] = [
            "parse": ["level": "error"],  // ContentLoader: JSON that does not parse
            "schema": ["level": "error"],  // the `schema` rule's severity when larder.yml sets none
            "config": ["level": "error"],  // larder.yml that cannot be used as written exits 2
            "io": ["level": "error"],  // ContentLoader: a file that cannot be read
            "plugin": ["level": "error"],  // a plugin's failure, unless larder.yml sets `plugin/<id>`
            "import": ["level": "error"],  // a record left out
            "out-of-date": ["level": "error"],  // BuildCommand: `--check` found a difference
            "stale-output": ["level": "warning"],  // BuildCommand.diagnostic(_:…)
            // Off until an export's option asks, at the option's severity.
            "fallback": ["enabled": false, "level": .string(fallback.name)],
        ]
        #expect(Set(descriptors.keys) == Set(expected.keys), "\(descriptors.keys.sorted())")
        for (id, configuration) in expected {
            #expect(descriptors[id]?["defaultConfiguration"] == configuration, "\(id): \(descriptors[id] ?? .null)")
        }
    }
}
