import Foundation
import LarderJSON
import LarderSchema

// larder-conformance: runs the JSON Schema Test Suite against LarderSchema, and times
// parsing against validation (--bench).
//
//   swift run larder-conformance [--suite DIR] [--draft D]... [--verbose]
//   swift run -c release larder-conformance --bench SCHEMA FILE... [--reps N]
//   swift run -c release larder-conformance --jsonl SCHEMA FILE.jsonl [--expect-invalid]

let usage = """
    usage: larder-conformance [--suite DIR] [--draft D]... [--verbose]
           larder-conformance --bench SCHEMA FILE... [--reps N] [--jobs N]
           larder-conformance --jsonl SCHEMA FILE.jsonl [--expect-invalid]

    Runs tests/<draft>/*.json (required), optional/*.json and optional/format/*.json of the
    JSON Schema Test Suite, remotes/ served from disk as http://localhost:1234/, and the
    Annotations suite (annotations/tests/*.json) under each draft its `compatibility`
    admits. Exits 1 when a required test or an annotation test fails. The suite is looked up in --suite, then $LARDER_CONFORMANCE
    (the shared conformance folder), then ../shared/conformance beside the package.
    Drafts: draft4 draft6 draft7 draft2019-09 draft2020-12 (all by default).
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("larder-conformance: " + message + "\n").utf8))
    exit(2)
}

func readBytes(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return [UInt8](data)
}

func findSuite(_ explicit: String?) -> String {
    let fm = FileManager.default
    var candidates: [String] = []
    if let explicit { candidates.append(explicit) }
    if let env = ProcessInfo.processInfo.environment["LARDER_CONFORMANCE"] {
        candidates.append(env + "/JSON-Schema-Test-Suite")
        candidates.append(env)
    }
    candidates.append(fm.currentDirectoryPath + "/../shared/conformance/JSON-Schema-Test-Suite")
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/JSON-Schema-Test-Suite").path)
    for c in candidates where fm.fileExists(atPath: c + "/tests") { return c }
    if let explicit { fail("no JSON Schema Test Suite at \(explicit) (expected a tests/ folder)") }
    fail("cannot find the JSON Schema Test Suite; pass --suite DIR or set LARDER_CONFORMANCE")
}

// MARK: Conformance

struct GroupResult {
    var passed = 0
    var failed: [String] = []
}

func runGroup(suite: String, draft: SchemaDraft, folder: String, formatAssertion: Bool) -> GroupResult {
    var result = GroupResult()
    let fm = FileManager.default
    guard let names = try? fm.contentsOfDirectory(atPath: folder) else { return result }
    var registry = SchemaRegistry()
    registry.map(prefix: "http://localhost:1234/", to: suite + "/remotes")
    let options = SchemaOptions(draft: draft, formatAssertion: formatAssertion)
    for name in names.sorted() where name.hasSuffix(".json") {
        let bytes = readBytes(folder + "/" + name)
        guard let doc = try? JSONDocument(parsing: bytes) else {
            result.failed.append("\(name): not valid JSON")
            continue
        }
        for group in doc.elements(doc.root) {
            let description = doc.member(group, "description").flatMap { doc.string($0) } ?? "?"
            guard let schemaNode = doc.member(group, "schema"), let tests = doc.member(group, "tests") else { continue }
            let schema: JSONSchema
            do {
                schema = try JSONSchema(doc, at: schemaNode, options: options, registry: registry)
            } catch {
                for test in doc.elements(tests) {
                    let t = doc.member(test, "description").flatMap { doc.string($0) } ?? "?"
                    result.failed.append("\(name): \(description) / \(t): schema did not compile: \(error.message) \(error.problems.first.map { "(\($0))" } ?? "")")
                }
                continue
            }
            for test in doc.elements(tests) {
                let t = doc.member(test, "description").flatMap { doc.string($0) } ?? "?"
                guard let data = doc.member(test, "data"), let expected = doc.member(test, "valid").flatMap({ doc.bool($0) }) else { continue }
                let fast = schema.isValid(doc, at: data)
                let full = schema.validate(doc, at: data)
                if fast == expected && full.isValid == expected {
                    result.passed += 1
                } else if fast != full.isValid {
                    result.failed.append("\(name): \(description) / \(t): isValid says \(fast) but validate says \(full.isValid)")
                } else {
                    result.failed.append("\(name): \(description) / \(t): expected \(expected ? "valid" : "invalid"), got \(fast ? "valid" : "invalid")")
                }
            }
        }
    }
    return result
}

func conformance(_ args: [String]) -> Int32 {
    var suiteArg: String?
    var drafts: [SchemaDraft] = []
    var verbose = false
    var i = 0
    while i < args.count {
        switch args[i] {
        case "--suite":
            i += 1
            guard i < args.count else { fail("--suite needs a folder") }
            suiteArg = args[i]
        case "--draft":
            i += 1
            guard i < args.count, let d = SchemaDraft(rawValue: args[i]) else { fail("--draft needs one of draft4 draft6 draft7 draft2019-09 draft2020-12") }
            drafts.append(d)
        case "--verbose", "-v":
            verbose = true
        case "--help", "-h":
            print(usage)
            return 0
        default:
            fail("unknown argument \(args[i])\n\(usage)")
        }
        i += 1
    }
    let suite = findSuite(suiteArg)
    if drafts.isEmpty { drafts = [.draft4, .draft6, .draft7, .draft2019_09, .draft2020_12] }
    var requiredPassed = 0, requiredFailed = 0
    var optionalPassed = 0, optionalFailed = 0
    for draft in drafts {
        let base = suite + "/tests/" + draft.rawValue
        let groups: [(String, String, Bool)] = [
            ("required", base, false),
            ("optional", base + "/optional", false),
            ("optional/format", base + "/optional/format", true),
        ]
        for (label, folder, formats) in groups {
            let r = runGroup(suite: suite, draft: draft, folder: folder, formatAssertion: formats)
            print("\(draft.rawValue) \(label): \(r.passed) passed, \(r.failed.count) failed")
            if label == "required" {
                requiredPassed += r.passed
                requiredFailed += r.failed.count
            } else {
                optionalPassed += r.passed
                optionalFailed += r.failed.count
            }
            if label == "required" || verbose {
                for f in r.failed { print("  FAIL \(label == "required" ? "" : label + "/")\(f)") }
            }
        }
    }
    var annotationsPassed = 0, annotationsFailed = 0
    for draft in drafts {
        let r = runAnnotations(suite: suite, draft: draft)
        print("\(draft.rawValue) annotations: \(r.passed) passed, \(r.failed.count) failed")
        for f in r.failed { print("  FAIL annotations/\(f)") }
        annotationsPassed += r.passed
        annotationsFailed += r.failed.count
    }
    // The closing lines count the required tests and the annotation tests (optional ones
    // are reported above); a failure of either fails the run.
    print("optional tests (not required): \(optionalPassed) of \(optionalPassed + optionalFailed) pass")
    print("annotations: \(annotationsPassed)/\(annotationsPassed + annotationsFailed)")
    print("required: \(requiredPassed) passed, \(requiredFailed) failed")
    return requiredFailed == 0 && annotationsFailed == 0 ? 0 : 1
}

// MARK: Entry

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--bench" {
    exit(bench(Array(arguments.dropFirst())))
} else if arguments.first == "--jsonl" {
    exit(jsonl(Array(arguments.dropFirst())))
} else {
    exit(conformance(arguments))
}
