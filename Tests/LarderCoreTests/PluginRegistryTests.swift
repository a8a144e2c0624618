import LarderJSON
import Testing
@testable import LarderCore

private struct StubRule: Rule {
    var id: String
    var summary = "A rule for tests."
    var defaultSeverity = Severity.warning
    func check(_ document: Document, context: RuleContext) -> [Diagnostic] { [] }
}

@Suite struct PluginRegistryTests {
    @Test func builtInHasTheReporters() throws {
        let registry = PluginRegistry.builtIn
        #expect(registry.ids(of: .reporter).contains("xcode"))
        #expect(try registry.reporter("xcode").id == "xcode")
        #expect(registry.ids(of: .source) == ["files"])
    }

    @Test func duplicateIDIsAnError() throws {
        var registry = PluginRegistry()
        try registry.register(rule: StubRule(id: "no-empty-name"))
        #expect(throws: PluginRegistryError.duplicate(kind: .rule, id: "no-empty-name")) {
            try registry.register(rule: StubRule(id: "no-empty-name"))
        }
        #expect(throws: PluginRegistryError.duplicate(kind: .reporter, id: "xcode")) {
            var r = PluginRegistry.builtIn
            try r.register(reporter: XcodeReporter())
        }
    }

    @Test func sameIDInDifferentKindsIsFine() throws {
        var registry = PluginRegistry.builtIn
        try registry.register(rule: StubRule(id: "xcode"))
        #expect(try registry.rule("xcode").id == "xcode")
    }

    @Test func emptyIDIsAnError() {
        var registry = PluginRegistry()
        #expect(throws: PluginRegistryError.emptyID(kind: .rule)) {
            try registry.register(rule: StubRule(id: ""))
        }
    }

    @Test func unknownIDListsKnownOnes() throws {
        var registry = PluginRegistry()
        try registry.register(rule: StubRule(id: "b-rule"))
        try registry.register(rule: StubRule(id: "a-rule"))
        do {
            _ = try registry.rule("c-rul")
            Issue.record("expected an error")
        } catch {
            #expect(error == .unknown(kind: .rule, id: "c-rul", known: ["a-rule", "b-rule"]))
            #expect(error.description == "unknown rule 'c-rul'; known rules: a-rule, b-rule")
        }
    }

    @Test func unknownReporterSuggestsTheClosest() {
        do {
            _ = try PluginRegistry.builtIn.reporter("xcod")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("unknown reporter 'xcod'; known reporters: "))
            #expect(error.description.hasSuffix("(did you mean 'xcode'?)"))
        }
    }

    @Test func emptyKindSaysSo() {
        #expect(throws: PluginRegistryError.self) { try PluginRegistry().exporter("xcstrings") }
        let error = PluginRegistryError.unknown(kind: .exporter, id: "xcstrings", known: [])
        #expect(error.description == "unknown exporter 'xcstrings'; no exporters are registered")
    }

    @Test func mergingRejectsDuplicatesAndKeepsBoth() throws {
        let a = try PluginRegistry(rules: [StubRule(id: "one")])
        let b = try PluginRegistry(rules: [StubRule(id: "two")])
        let merged = try a.merging(b)
        #expect(merged.rules.map(\.id) == ["one", "two"])
        #expect(throws: PluginRegistryError.duplicate(kind: .rule, id: "one")) { try merged.merging(a) }
    }

    @Test func ruleMetadataComesFromRules() throws {
        let registry = try PluginRegistry(rules: [StubRule(id: "one")])
        #expect(registry.ruleMetadata["one"] == RuleMetadata(id: "one", summary: "A rule for tests.", defaultSeverity: .warning))
    }
}
