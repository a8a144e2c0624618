import LarderJSON
import Testing
@testable import LarderCore

/// A rule for the tests: a `name` must not be empty.
struct NoEmptyName: Rule {
    let id = "no-empty-name"
    let summary = "A name is not empty."
    let defaultSeverity = Severity.error
    var examples: [RuleExample] {
        [
            .triggers(#"{"name": ""}"#, at: "/name"),
            .triggers(#"[{"name": "a"}, {"name": ""}]"#, at: "/1/name"),
            .passes(#"{"name": "Soup"}"#),
            .passes(#"{}"#),
        ]
    }

    func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let json = document.json
        guard let name = json.member(document.node, "name"), json.string(name) == "" else { return [] }
        return [context.diagnostic(in: document, at: name, "name is empty")]
    }
}

@Suite struct RuleExampleTests {
    @Test(arguments: NoEmptyName().examples)
    func examplesHold(_ example: RuleExample) {
        if let failure = example.failure(of: NoEmptyName()) {
            Issue.record(
                Comment(rawValue: failure),
                sourceLocation: SourceLocation(fileID: example.fileID, filePath: example.filePath, line: example.line, column: example.column))
        }
    }

    @Test func examplesRecordWhereTheyAreWritten() {
        let example = RuleExample.passes("{}")
        #expect(example.line == #line - 1)
        #expect(example.filePath == #filePath)
        #expect(example.fileID.hasSuffix("RuleExampleTests.swift"))
    }

    @Test func failuresAreDescribed() {
        let rule = NoEmptyName()
        #expect(RuleExample.triggers(#"{"name": "x"}"#, at: "/name").failure(of: rule)
            == "rule 'no-empty-name' did not fire; expected it at /name")
        #expect(RuleExample.triggers(#"{"name": ""}"#, at: "/other").failure(of: rule)
            == "rule 'no-empty-name' fired at /name; expected /other")
        #expect(RuleExample.passes(#"{"name": ""}"#).failure(of: rule)
            == "rule 'no-empty-name' must not fire, but did: /name: name is empty")
        #expect(RuleExample.passes("{").failure(of: rule)?.hasPrefix("the example is not valid JSON") == true)
        // Without pointers, any firing will do.
        #expect(RuleExample.triggers(#"{"name": ""}"#).failure(of: rule) == nil)
    }

    @Test func optionsAndContentReachTheRule() throws {
        struct Unique: Rule {
            let id = "unique-id"
            let summary = "Ids are unique."
            let defaultSeverity = Severity.error
            func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
                let key = context.options["key"]?.stringValue ?? "id"
                let json = document.json
                guard let mine = json.member(document.node, key) else { return [] }
                let value = json.value(mine)
                let earlier = context.content.documents.prefix { $0.node != document.node }
                let clash = earlier.contains { other in other.json.member(other.node, key).map { other.json.value($0) } == value }
                return clash ? [context.diagnostic(in: document, at: mine, "\(key) repeats")] : []
            }
        }
        let json = #"[{"code": 1}, {"code": 2}, {"code": 1}]"#
        #expect(RuleExample.triggers(json, at: "/2/code", options: ["key": "code"]).failure(of: Unique()) == nil)
        #expect(RuleExample.passes(json).failure(of: Unique()) == nil)
    }
}

@Suite struct RegistryExampleTests {
    @Test func registryListsEveryExample() throws {
        let registry = try PluginRegistry(rules: [NoEmptyName()])
        let cases = registry.ruleExamples
        #expect(cases.count == 4)
        #expect(cases.allSatisfy { $0.rule.id == "no-empty-name" && $0.example.failure(of: $0.rule) == nil })
        #expect(cases[0].example.description.hasPrefix(#"triggers {"name": ""} at /name (RuleExampleTests.swift:"#))
        #expect(cases[2].example.description.hasPrefix(#"passes {"name": "Soup"} (RuleExampleTests.swift:"#))
    }
}
