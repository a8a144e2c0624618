import Foundation
import LarderJSON
import Testing
@testable import LarderCore

/// Rules with one preparation key share one preparation per document (the built-in text
/// rules share a document's text fields); a rule whose key differs, or a caller that made
/// none, prepares for itself.
@Suite struct PreparingRuleTests {
    /// Reports, per document, the token of the preparation it was handed.
    struct TokenRule: PreparingRule {
        let id: String
        let key: String
        var summary: String { "reports its preparation" }
        var defaultSeverity: Severity { .warning }

        func preparationKey(options: JSONValue) -> String { key }

        func prepare(_ document: Document, context: RuleContext) -> any Sendable {
            "\(document.index ?? -1):\(UUID().uuidString)"
        }

        func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
            let token = context.prepared as? String ?? "none"
            return [document.diagnostic(ruleID: id, severity: context.severity, message: token, node: document.node)]
        }
    }

    @Test func rulesWithOneKeyShareAPreparationPerDocument() async throws {
        var registry = PluginRegistry.builtIn
        for rule in [TokenRule(id: "token-a", key: "k"), TokenRule(id: "token-b", key: "k"), TokenRule(id: "token-c", key: "other")] {
            try registry.register(rule: rule)
        }
        let config = LarderConfig(content: [ContentEntry(kind: "note", include: [Glob("*.json")])])
        let root = FileManager.default.temporaryDirectory.path
        let linter = Linter(config: config, registry: registry, reader: WorkingTreeReader(root: root), projectRoot: root)
        let documents = Document.split(file: "n.json", kind: "note", json: try JSONDocument(parsing: #"[{"a": 1}, {"a": 2}]"#))
        let found = await linter.lint(LoadedContent(documents: documents, files: [("n.json", 0)]))
        func tokens(_ rule: String) -> [String] { found.filter { $0.ruleID == rule }.map(\.message) }
        let (a, b, c) = (tokens("token-a"), tokens("token-b"), tokens("token-c"))
        #expect(a.count == 2 && b.count == 2 && c.count == 2)
        // One preparation per document for a and b; each document its own.
        #expect(a == b)
        #expect(Set(a).count == 2 && a.allSatisfy { $0.hasPrefix("0:") || $0.hasPrefix("1:") })
        // c's key differs: prepared apart.
        #expect(Set(c).isDisjoint(with: a) && !c.contains("none"))
    }
}
