import Foundation
import Testing
import LarderSchema

@Suite struct FormatConformanceTests {
    /// Runs every test of `optional/format/*.json` (draft 2020-12 and draft 7) whose schema
    /// is only `{"format": X}`: strings go through ``FormatChecker``, other values are
    /// valid, and so is anything under a format the checker does not know.
    @Test(arguments: ["draft2020-12", "draft7"])
    func schemaSuiteFormatTests(draft: String) throws {
        guard let root = RegexFormatSuite.root() else {
            print("SKIPPED: JSON-Schema-Test-Suite not found (set LARDER_CONFORMANCE or place shared/ beside the repository)")
            return
        }
        let folder = root.appendingPathComponent("\(draft)/optional/format")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 19)
        var totalPassed = 0
        var totalFailed = 0
        for file in files {
            var passed = 0
            var failed = 0
            var skipped = 0
            for group in try RegexFormatSuite.groups(folder.appendingPathComponent(file)) {
                guard let schema = group.schema as? [String: Any], let format = schema["format"] as? String,
                    Set(schema.keys).subtracting(["$schema"]) == ["format"]
                else {
                    skipped += group.tests.count
                    continue
                }
                for test in group.tests {
                    let actual: Bool
                    if let text = RegexFormatSuite.string(test.data) {
                        actual = FormatChecker.check(format, text) ?? true
                    } else {
                        actual = true
                    }
                    if actual == test.valid {
                        passed += 1
                    } else {
                        failed += 1
                        Issue.record("\(draft)/\(file): \(group.description) / \(test.description): \(String(describing: test.data).debugDescription) expected \(test.valid)")
                    }
                }
            }
            print("format suite \(draft)/\(file): \(passed) passed, \(failed) failed\(skipped > 0 ? ", \(skipped) skipped" : "")")
            totalPassed += passed
            totalFailed += failed
        }
        print("format suite \(draft) total: \(totalPassed) passed, \(totalFailed) failed")
        #expect(totalPassed > 500)
    }
}
