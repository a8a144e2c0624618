import Foundation
import LarderJSON
import Testing
@testable import LarderCore

@Suite struct SARIFReporterTests {
    let context = ReportContext(
        workingDirectory: "/home/me/My Content",
        toolVersion: "1.2.3",
        informationURI: "https://example.org/larder",
        rules: [
            "schema": RuleMetadata(
                id: "schema", summary: "Documents match their kind's schema.",
                details: "Every document is validated against the JSON Schema of its kind.",
                helpURI: "https://example.org/larder/rules/schema", defaultSeverity: .error),
            "locale-complete": RuleMetadata(id: "locale-complete", summary: "Every locale has a translation.", defaultSeverity: .warning),
        ])

    var diagnostics: [Diagnostic] {
        var dup = Fixtures.diag("duplicate-key", .error, "key 'id' repeats", file: "recettes/crème brûlée.json", 3, 3, 3, 7, pointer: "/id")
        dup.related = [.init(file: "recettes/crème brûlée.json", start: SourcePosition(line: 2, column: 3), end: SourcePosition(line: 2, column: 7), message: "first defined here")]
        var schema = Fixtures.diag("schema", .error, "servings -2 is below the minimum 1", file: "./recipes/soup #1.json", 2, 15, 2, 17, pointer: "/servings")
        schema.keywordLocation = "/properties/servings/minimum"
        return [
            schema,
            Fixtures.diag("locale-complete", .warning, "no 'pt' name", file: "recipes/汉字 100%.json", 4, 3, 4, 9, pointer: "/name"),
            Fixtures.diag("hint", .note, "a note", file: "/elsewhere/x y.json", 1, 1, 1, 2),
            dup,
            Fixtures.diag("parse", .error, "unexpected end of input", file: "broken.json", 1, 9, 1, 9),
        ]
    }

    func report(_ ds: [Diagnostic], _ context: ReportContext? = nil) -> [UInt8] {
        SARIFReporter().report(ds, summary: DiagnosticSummary(ds, filesChecked: 5), context: context ?? self.context)
    }

    /// A plugin's failure, `plugin/<id>`, is described as `plugin` is: it had its id for a
    /// description and no default level.
    @Test func aPluginsFailureIsDescribedAsPluginIs() throws {
        var context = self.context
        context.rules["plugin"] = RuleMetadata(id: "plugin", summary: "A plugin answers as the protocol says.", details: "More.", defaultSeverity: .error)
        let json = try JSONValue(parsing: report([Fixtures.diag("plugin/boom", .error, "exited with status 3", file: "larder.yml", 6, 5, 6, 9)], context))
        #expect(json["runs"]?[0]?["tool"]?["driver"]?["rules"] == [[
            "id": "plugin/boom", "shortDescription": ["text": "A plugin answers as the protocol says."],
            "fullDescription": ["text": "More."], "defaultConfiguration": ["level": "error"],
        ]])
    }

    /// A rule nothing reports until a setting asks (`fallback`: an export's option) is not
    /// enabled by default, which SARIF says with `enabled: false`; its level is the one its
    /// reports have when the setting names none. The log stays valid SARIF.
    @Test func aRuleOffByDefaultIsNotEnabledByDefault() throws {
        var context = self.context
        context.rules["fallback"] = RuleMetadata(id: "fallback", summary: "Fills are reported when an export asks.", defaultSeverity: .warning,
                                                 defaultText: "off; an export's option turns it on", enabledByDefault: false)
        let log = report([Fixtures.diag("fallback", .note, "filled", file: "a.json", 1, 1), Fixtures.diag("locale-complete", .warning, "no pt", file: "a.json", 1, 1)], context)
        let json = try JSONValue(parsing: log)
        let rules = json["runs"]?[0]?["tool"]?["driver"]?["rules"]
        #expect(rules?[0]?["defaultConfiguration"] == ["enabled": false, "level": "warning"], "\(rules ?? .null)")
        #expect(rules?[1]?["defaultConfiguration"] == ["level": "warning"], "\(rules ?? .null)")
        #expect(RuleMetadata(id: "x", summary: "X.").enabledByDefault)
        guard let validator = Validator.find() else { return }
        let out = try validator.check(log)
        #expect(out.status == 0, "check-jsonschema rejected the log:\n\(out.output)")
    }

    @Test func logStructure() throws {
        let json = try JSONDocument(parsing: report(diagnostics))
        func value(_ p: String) -> JSONValue? { json.node(at: JSONPointer(parsing: p)!).map { json.value($0) } }
        #expect(value("/version") == "2.1.0")
        #expect(value("/$schema") == .string(SARIFReporter.schemaURI))
        #expect(value("/runs/0/tool/driver/name") == "larder")
        #expect(value("/runs/0/tool/driver/version") == "1.2.3")
        #expect(value("/runs/0/tool/driver/informationUri") == "https://example.org/larder")
        #expect(value("/runs/0/originalUriBaseIds") == ["%SRCROOT%": ["uri": "file:///home/me/My%20Content/"]])
        #expect(value("/runs/0/columnKind") == "utf16CodeUnits")

        // Rules: every id that appears, sorted, once.
        let rules = try #require(value("/runs/0/tool/driver/rules")?.arrayValue)
        #expect(rules.map { $0["id"] } == ["duplicate-key", "hint", "locale-complete", "parse", "schema"])
        #expect(rules[4] == [
            "id": "schema",
            "shortDescription": ["text": "Documents match their kind's schema."],
            "fullDescription": ["text": "Every document is validated against the JSON Schema of its kind."],
            "helpUri": "https://example.org/larder/rules/schema",
            "defaultConfiguration": ["level": "error"],
        ])
        #expect(rules[1] == ["id": "hint", "shortDescription": ["text": "hint"]])
        #expect(rules[3] == [
            "id": "parse", "shortDescription": ["text": "A content file is well-formed JSON."],
            "defaultConfiguration": ["level": "error"],
        ])

        // Results are sorted by file as given ("./" sorts before "/"), and each points at its rule.
        let results = try #require(value("/runs/0/results")?.arrayValue)
        #expect(results.count == 5)
        for r in results {
            let index = try #require(r["ruleIndex"]?.intValue)
            #expect(rules[index]["id"] == r["ruleId"])
        }
        let uris = results.map { $0["locations"]?[0]?["physicalLocation"]?["artifactLocation"]?["uri"]?.stringValue }
        #expect(uris == [
            "recipes/soup%20%231.json",
            "file:///elsewhere/x%20y.json",
            "broken.json",
            "recettes/cr%C3%A8me%20br%C3%BBl%C3%A9e.json",
            "recipes/%E6%B1%89%E5%AD%97%20100%25.json",
        ])
        // The validator does not check `uri-reference`, so check RFC 3986's characters here.
        for uri in uris.compactMap({ $0 }) {
            #expect(uri.wholeMatch(of: /(?:[A-Za-z0-9\-._~!$&'()*+,;=:@\/]|%[0-9A-F]{2})+/) != nil, "not a URI: \(uri)")
        }
        #expect(results[1]["locations"]?[0]?["physicalLocation"]?["artifactLocation"] == ["uri": "file:///elsewhere/x%20y.json"])
        #expect(results[0] == [
            "ruleId": "schema",
            "ruleIndex": 4,
            "level": "error",
            "message": ["text": "servings -2 is below the minimum 1"],
            "locations": [[
                "physicalLocation": [
                    "artifactLocation": ["uri": "recipes/soup%20%231.json", "uriBaseId": "%SRCROOT%"],
                    "region": ["startLine": 2, "startColumn": 15, "endLine": 2, "endColumn": 17],
                ],
            ]],
            "properties": ["pointer": "/servings", "keywordLocation": "/properties/servings/minimum"],
        ])
        #expect(results[1]["level"] == "note")
        #expect(results[4]["level"] == "warning")
        #expect(results[3]["relatedLocations"] == [[
            "id": 1,
            "physicalLocation": [
                "artifactLocation": ["uri": "recettes/cr%C3%A8me%20br%C3%BBl%C3%A9e.json", "uriBaseId": "%SRCROOT%"],
                "region": ["startLine": 2, "startColumn": 3, "endLine": 2, "endColumn": 7],
            ],
            "message": ["text": "first defined here"],
        ]])
    }

    @Test func emptyLogHasNoResultsAndNoRules() throws {
        let json = try JSONDocument(parsing: report([]))
        #expect(json.value(json.node(at: "/runs/0/results")!) == [])
        #expect(json.value(json.node(at: "/runs/0/tool/driver/rules")!) == [])
    }

    @Test func uriEncoding() {
        #expect(FileURI.encodeSegment("a-b_c.d~e") == "a-b_c.d~e")
        #expect(FileURI.encodeSegment("a b#c?d%e:f") == "a%20b%23c%3Fd%25e%3Af")
        #expect(FileURI.encodeSegment("é🍝") == "%C3%A9%F0%9F%8D%9D")
        #expect(FileURI.location(of: "./a/../b/./c.json", base: "/r").uri == "b/c.json")
        #expect(FileURI.location(of: "../x.json", base: "/r/s") == ("file:///r/x.json", false))
        #expect(FileURI.location(of: "/r/s/t.json", base: "/r/s/") == ("t.json", true))
        #expect(FileURI.location(of: "/r/st.json", base: "/r/s") == ("file:///r/st.json", false))
        #expect(FileURI.absolute("/", directory: true) == "file:///")
    }

    @Test func deterministic() {
        #expect(report(diagnostics) == report(diagnostics.reversed()))
    }

    // MARK: Validation against the SARIF 2.1.0 schema with a real validator

    @Test func validatesAgainstTheSARIFSchema() throws {
        guard let validator = Validator.find() else { return }
        let out = try validator.check(report(diagnostics))
        #expect(out.status == 0, "check-jsonschema rejected the log:\n\(out.output)")
        let empty = try validator.check(report([]))
        #expect(empty.status == 0, "check-jsonschema rejected the empty log:\n\(empty.output)")
        let relativeBase = try validator.check(report(diagnostics, ReportContext(workingDirectory: "")))
        #expect(relativeBase.status == 0, "check-jsonschema rejected the log without a base:\n\(relativeBase.output)")
    }

    @Test func theValidatorCatchesABrokenLog() throws {
        guard let validator = Validator.find() else { return }
        var text = Fixtures.text(report(diagnostics))
        text = text.replacingOccurrences(of: #""level": "warning""#, with: #""level": "fatal""#)
        let out = try validator.check(Array(text.utf8))
        #expect(out.status != 0, "a log with level 'fatal' must be rejected")
    }
}

/// Runs `check-jsonschema --schemafile <SARIF schema> <file>`.
struct Validator {
    var executable: String
    var schema: String

    /// The validator, or nil (after a printed message) when it is not installed outside CI.
    static func find() -> Validator? {
        let env = ProcessInfo.processInfo.environment
        let schema = conformanceFolder() + "/sarif-schema-2.1.0.json"
        guard FileManager.default.fileExists(atPath: schema) else {
            if env["CI"] != nil { Issue.record("SARIF schema not found at \(schema)") }
            else { print("skipping SARIF schema validation: \(schema) not found") }
            return nil
        }
        let path = env["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/check-jsonschema"
            if FileManager.default.isExecutableFile(atPath: candidate) { return Validator(executable: candidate, schema: schema) }
        }
        if env["CI"] != nil {
            Issue.record("check-jsonschema is not on PATH; install it (pip install check-jsonschema)")
        } else {
            print("skipping SARIF schema validation: check-jsonschema is not on PATH")
        }
        return nil
    }

    /// `LARDER_CONFORMANCE`, or `../shared/conformance` next to the package root.
    static func conformanceFolder() -> String {
        if let dir = ProcessInfo.processInfo.environment["LARDER_CONFORMANCE"], !dir.isEmpty { return dir }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared/conformance").path
    }

    func check(_ bytes: [UInt8]) throws -> (status: Int32, output: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("report.sarif")
        try Data(bytes).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--schemafile", schema, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
