import Foundation
import LarderCore
import LarderJSON
import LarderRules
import Testing
@testable import LarderCLI

/// The five example apps: `larder lint` is clean on each, and every planted mistake of
/// `mistakes/expected.json` is caught with the right rule, line, column and pointer.
@Suite struct ExampleAppsTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    static let apps = ["cocktails", "saigon-photo-spots", "food-products", "portuguese-recipes", "card-war"]

    struct Mistake: CustomTestStringConvertible, Sendable {
        var app: String
        var file: String
        var kind: String
        var rule: String
        var pointer: String
        var line: Int
        var column: Int
        var alsoReported: [String]
        /// The rule Larder reports it with, when it is not `rule`: a check of the built-in
        /// schema that a rule makes too is reported once, by the rule
        /// (``Linter/checksRulesMakeToo``).
        var reportedBy: String?
        var testDescription: String { "\(app)/mistakes/\(file) (\(rule))" }
    }

    static func mistakes() -> [Mistake] {
        apps.flatMap { app -> [Mistake] in
            let url = examples.appendingPathComponent("\(app)/mistakes/expected.json")
            guard let bytes = try? FileBytes.read(url.path), let doc = try? JSONDocument(parsing: bytes),
                  let list = doc.member(doc.root, "mistakes") else { return [] }
            return doc.elements(list).compactMap { m in
                let v = doc.value(m)
                guard let file = v["file"]?.stringValue, let kind = v["kind"]?.stringValue, let rule = v["rule"]?.stringValue,
                      let pointer = v["pointer"]?.stringValue, let line = v["line"]?.intValue, let column = v["column"]?.intValue
                else { return nil }
                return Mistake(app: app, file: file, kind: kind, rule: rule, pointer: pointer, line: line, column: column,
                               alsoReported: v["alsoReported"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                               reportedBy: v["reportedBy"]?.stringValue)
            }
        }
    }

    /// Lints an example with its own larder.yml; `extra` adds a file as a document of a kind
    /// (with the settings of that kind's entry) and reports on it alone.
    static func lint(_ app: String, extra: (path: String, kind: String)? = nil) async throws -> [Diagnostic] {
        let root = examples.appendingPathComponent(app).path
        let configFile = ConfigFile(path: root + "/larder.yml")
        var (config, positions) = try configFile.load(displayPath: "larder.yml")
        var reportingOn: Set<String>? = nil
        if let extra {
            let model = config.content.first { $0.kind == extra.kind }
            let entry = ContentEntry(kind: extra.kind, include: [Glob(extra.path)], images: model?.images,
                                     schema: model?.schema, rules: model?.rules ?? [:])
            config.content.insert(entry, at: 0)
            reportingOn = [extra.path]
        }
        let reader = WorkingTreeReader(root: root)
        let loader = ContentLoader(config: config, reader: reader)
        let content = await loader.load(loader.includedFiles())
        let linter = Linter(config: config, registry: PluginRegistry.withBuiltInRules(), reader: reader, projectRoot: root,
                            configPositions: positions)
        return await linter.lint(content, reportingOn: reportingOn)
    }

    @Test(arguments: apps)
    func exampleIsClean(_ app: String) async throws {
        let diagnostics = try await Self.lint(app)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyAppPlantsMistakes() {
        let byApp = Dictionary(grouping: Self.mistakes(), by: \.app)
        for app in Self.apps { #expect((byApp[app]?.count ?? 0) >= 8, "\(app) has too few planted mistakes") }
    }

    @Test(arguments: mistakes())
    func plantedMistakeIsCaught(_ m: Mistake) async throws {
        let diagnostics = try await Self.lint(m.app, extra: ("mistakes/" + m.file, m.kind))
        let rule = m.reportedBy ?? m.rule
        let hit = diagnostics.first { $0.ruleID == rule && $0.pointer.description == m.pointer }
        #expect(hit != nil, "no \(rule) at \(m.pointer); got: \(diagnostics.map(\.description))")
        if let hit {
            #expect(hit.line == m.line && hit.column == m.column, "\(rule) at \(hit.line):\(hit.column), expected \(m.line):\(m.column)")
            #expect(hit.file == "mistakes/" + m.file)
        }
        let allowed = Set([rule] + m.alsoReported)
        if m.reportedBy != nil {
            // Reported once: the schema's report of the same value is not made.
            #expect(!diagnostics.contains { $0.ruleID == m.rule && $0.pointer.description == m.pointer }, "\(diagnostics.map(\.description))")
        }
        let unexpected = diagnostics.filter { !allowed.contains($0.ruleID) }
        #expect(unexpected.isEmpty, "unexpected: \(unexpected.map(\.description))")
    }
}
