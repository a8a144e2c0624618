import Foundation
import Testing
import LarderSchema

/// Locates JSON-Schema-Test-Suite: `$LARDER_CONFORMANCE/JSON-Schema-Test-Suite`, or
/// `../shared/conformance/JSON-Schema-Test-Suite` beside the package root.
enum RegexFormatSuite {
    static func root() -> URL? {
        let base: URL
        if let env = ProcessInfo.processInfo.environment["LARDER_CONFORMANCE"] {
            base = URL(fileURLWithPath: env)
        } else {
            let package = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            base = package.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        }
        let suite = base.appendingPathComponent("JSON-Schema-Test-Suite/tests")
        return FileManager.default.fileExists(atPath: suite.path) ? suite : nil
    }

    /// The test groups of one suite file: (description, schema, [(description, data, valid)]).
    static func groups(_ url: URL) throws -> [(description: String, schema: Any, tests: [(description: String, data: Any, valid: Bool)])] {
        let data = try Data(contentsOf: url)
        guard let array = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [[String: Any]] else {
            return []
        }
        return array.map { group in
            let tests = (group["tests"] as? [[String: Any]] ?? []).map { test in
                (description: test["description"] as? String ?? "", data: test["data"] ?? NSNull(), valid: test["valid"] as? Bool ?? false)
            }
            return (group["description"] as? String ?? "", group["schema"] ?? NSNull(), tests)
        }
    }

    /// True for a JSON string (and not a number or boolean bridged from Foundation).
    static func string(_ value: Any) -> String? {
        value as? String
    }
}

@Suite struct RegexConformanceTests {
    /// Runs the suite's regex tests whose schema is only `pattern` (optionally with
    /// `"type": "string"`) or `"format": "regex"`, straight through ``ECMARegex``.
    @Test func schemaSuitePatternTests() throws {
        guard let root = RegexFormatSuite.root() else {
            print("SKIPPED: JSON-Schema-Test-Suite not found (set LARDER_CONFORMANCE or place shared/ beside the repository)")
            return
        }
        let files = [
            "draft2020-12/pattern.json",
            "draft2020-12/optional/ecmascript-regex.json",
            "draft2020-12/optional/non-bmp-regex.json",
            "draft2020-12/optional/format/ecmascript-regex.json",
            "draft2020-12/optional/format/regex.json",
        ]
        var total = (passed: 0, failed: 0, skipped: 0)
        for file in files {
            var passed = 0, failed = 0, skipped = 0
            for group in try RegexFormatSuite.groups(root.appendingPathComponent(file)) {
                guard let schema = group.schema as? [String: Any] else {
                    skipped += group.tests.count
                    continue
                }
                let keys = Set(schema.keys).subtracting(["$schema"])
                let pattern = schema["pattern"] as? String
                let isFormatRegex = (schema["format"] as? String) == "regex" && keys == ["format"]
                let typeString = (schema["type"] as? String) == "string"
                let isPattern = pattern != nil && (keys == ["pattern"] || (keys == ["pattern", "type"] && typeString))
                guard isPattern || isFormatRegex else {
                    skipped += group.tests.count
                    continue
                }
                let regex = try pattern.map { try ECMARegex($0) }
                for test in group.tests {
                    let actual: Bool
                    if let text = RegexFormatSuite.string(test.data) {
                        if let regex {
                            actual = try regex.search(text)
                        } else {
                            actual = (try? ECMARegex.validate(text)) != nil
                        }
                    } else {
                        actual = !(isPattern && typeString)
                    }
                    if actual == test.valid {
                        passed += 1
                    } else {
                        failed += 1
                        Issue.record("\(file): \(group.description) / \(test.description): expected \(test.valid)")
                    }
                }
            }
            print("regex suite \(file): \(passed) passed, \(failed) failed, \(skipped) skipped (other schema shapes)")
            total.passed += passed
            total.failed += failed
            total.skipped += skipped
        }
        print("regex suite total: \(total.passed) passed, \(total.failed) failed, \(total.skipped) skipped")
        #expect(total.passed > 40)
    }
}
