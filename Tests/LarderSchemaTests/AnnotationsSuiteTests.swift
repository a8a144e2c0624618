import Testing
@testable import larder_conformance
import LarderSchema

/// The JSON Schema Test Suite's Annotations suite (`annotations/tests/*.json`), run by the
/// same code as `larder-conformance` (which CI also runs in a release build): every test
/// of every draft its `compatibility` admits must pass, so `swift test` alone catches a
/// change that loses or adds an annotation.
@Suite struct AnnotationsSuiteTests {
    @Test(arguments: SchemaConformanceTests.drafts) func everyAnnotationTestPasses(draft: SchemaDraft) throws {
        guard let suite = schemaSuiteRoot() else {
            print("SKIPPED: JSON-Schema-Test-Suite not found (set LARDER_CONFORMANCE or place shared/ beside the repository)")
            return
        }
        let result = runAnnotations(suite: suite.path, draft: draft)
        #expect(result.failed.isEmpty, "\(draft.rawValue): \(result.failed.prefix(10).joined(separator: "\n"))")
        // Each draft is admitted by some of the suite's cases (none is "only 2019-09 and
        // later" throughout): a draft that ran no test means the suite was not read.
        #expect(result.passed > 0, "\(draft.rawValue): no annotation test ran")
        print("\(draft.rawValue) annotations: \(result.passed) passed, \(result.failed.count) failed")
    }
}
