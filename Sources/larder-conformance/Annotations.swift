import Foundation
import LarderJSON
import LarderSchema

// The Annotations suite of the JSON Schema Test Suite (annotations/tests/*.json): each test
// case's schema is compiled under one draft, each test's instance annotated
// (`JSONSchema.annotations`), and each assertion compares the annotations of its keyword on
// its instance location, keyed by the schema location that made them ("#/properties/foo",
// a JSON Pointer into the test case's schema), with the expected ones.

/// The release number the suite's `compatibility` speaks of.
func release(_ draft: SchemaDraft) -> Int {
    switch draft {
    case .draft4: 4
    case .draft6: 6
    case .draft7: 7
    case .draft2019_09: 2019
    case .draft2020_12: 2020
    }
}

/// Whether a test case's `compatibility` ("7", "<=2019", "=2020", "6,<=2019"; none: every
/// release) admits `draft`.
func compatible(_ compatibility: String?, _ draft: SchemaDraft) -> Bool {
    guard let compatibility else { return true }
    let r = release(draft)
    for part in compatibility.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        if part.hasPrefix("<=") {
            guard let n = Int(part.dropFirst(2)), r <= n else { return false }
        } else if part.hasPrefix("=") {
            guard let n = Int(part.dropFirst()), r == n else { return false }
        } else {
            guard let n = Int(part), r >= n else { return false }
        }
    }
    return true
}

/// The URI the test cases' schemas are read under when they have no `$id`.
let annotationBase = "https://larder.test/annotations/schema.json"

/// The schema resources of a test case's schema: each resource's URI (its `$id`, resolved
/// against the resource it is in) and its JSON Pointer in the schema.
func resourcePointers(_ doc: JSONDocument, _ node: Int, base: String, pointer: JSONPointer, draft: SchemaDraft, into out: inout [String: JSONPointer]) {
    switch doc.kind(node) {
    case .object:
        var here = base
        let idKey = draft == .draft4 ? "id" : "$id"
        if let id = doc.member(node, idKey).flatMap({ doc.string($0) }), !id.hasPrefix("#"),
            let url = URL(string: id, relativeTo: URL(string: base))
        {
            here = url.absoluteString
            if here.hasSuffix("#") { here.removeLast() }
            out[here] = pointer
        }
        for (k, v) in doc.members(node) {
            guard let key = doc.string(k) else { continue }
            // Values of these keywords are data, not schemas.
            if ["const", "enum", "examples", "default"].contains(key) { continue }
            resourcePointers(doc, v, base: here, pointer: pointer.appending(key), draft: draft, into: &out)
        }
    case .array:
        for (j, e) in doc.elements(node).enumerated() {
            resourcePointers(doc, e, base: base, pointer: pointer.appending(String(j)), draft: draft, into: &out)
        }
    default:
        break
    }
}

/// The schema location an annotation was made at, as the suite writes it ("#/properties/foo",
/// percent-decoded): its absolute keyword location without the keyword, the resource's URI
/// replaced by the resource's place in the test case's schema.
func schemaLocation(_ a: SchemaAnnotation, resources: [String: JSONPointer]) -> String {
    guard let absolute = a.absoluteKeywordLocation, let hash = absolute.firstIndex(of: "#") else { return "?" + a.keywordLocation }
    let uri = String(absolute[..<hash])
    var fragment = String(absolute[absolute.index(after: hash)...]).removingPercentEncoding ?? ""
    if let slash = fragment.lastIndex(of: "/") { fragment = String(fragment[..<slash]) }
    let prefix = resources[uri].map { $0.tokens.isEmpty ? "" : $0.description } ?? "?\(uri)"
    return "#" + prefix + fragment
}

struct AnnotationResultCount {
    var passed = 0
    var failed: [String] = []
}

func runAnnotations(suite: String, draft: SchemaDraft) -> AnnotationResultCount {
    var result = AnnotationResultCount()
    let folder = suite + "/annotations/tests"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
        result.failed.append("no annotations/tests folder in \(suite)")
        return result
    }
    for name in names.sorted() where name.hasSuffix(".json") {
        guard let doc = try? JSONDocument(parsing: readBytes(folder + "/" + name)), let cases = doc.member(doc.root, "suite") else {
            result.failed.append("\(name): not a test file")
            continue
        }
        for testCase in doc.elements(cases) {
            let description = doc.member(testCase, "description").flatMap { doc.string($0) } ?? "?"
            let compatibility = doc.member(testCase, "compatibility").flatMap { doc.string($0) }
            guard compatible(compatibility, draft), let schemaNode = doc.member(testCase, "schema"),
                let tests = doc.member(testCase, "tests")
            else { continue }
            var registry = SchemaRegistry()
            if let external = doc.member(testCase, "externalSchemas") {
                for (k, v) in doc.members(external) {
                    if let uri = doc.string(k), let sub = try? JSONDocument(parsing: Array(doc.bytes[doc.byteRange(v)])) {
                        registry.add(uri: uri, document: sub)
                    }
                }
            }
            let schemaDoc: JSONDocument
            do {
                schemaDoc = try JSONDocument(parsing: Array(doc.bytes[doc.byteRange(schemaNode)]))
            } catch {
                result.failed.append("\(name): \(description): the schema is not JSON")
                continue
            }
            let schema: JSONSchema
            do {
                schema = try JSONSchema(schemaDoc, options: SchemaOptions(draft: draft, baseURI: annotationBase), registry: registry)
            } catch {
                for _ in doc.elements(tests) {
                    result.failed.append("\(name): \(description): schema did not compile: \(error.message)")
                }
                continue
            }
            var resources: [String: JSONPointer] = [annotationBase: JSONPointer(tokens: [])]
            resourcePointers(schemaDoc, schemaDoc.root, base: annotationBase, pointer: JSONPointer(tokens: []), draft: schema.draft, into: &resources)
            for (t, test) in doc.elements(tests).enumerated() {
                guard let instance = doc.member(test, "instance"), let assertions = doc.member(test, "assertions") else { continue }
                let annotated = schema.annotations(doc, at: instance)
                var problems: [String] = []
                if !annotated.isValid { problems.append("the instance is not valid") }
                for assertion in doc.elements(assertions) {
                    let location = doc.member(assertion, "location").flatMap { doc.string($0) } ?? ""
                    let keyword = doc.member(assertion, "keyword").flatMap { doc.string($0) } ?? ""
                    var expected: [String: JSONValue] = [:]
                    if let e = doc.member(assertion, "expected") {
                        for (k, v) in doc.members(e) {
                            if let key = doc.string(k) { expected[key.removingPercentEncoding ?? key] = doc.value(v) }
                        }
                    }
                    var actual: [String: JSONValue] = [:]
                    for a in annotated.annotations(keyword, at: JSONPointer(parsing: location) ?? JSONPointer()) {
                        actual[schemaLocation(a, resources: resources)] = a.value
                    }
                    if actual != expected {
                        let show = { (m: [String: JSONValue]) in
                            "{" + m.keys.sorted().map { "\($0): \(JSONWriter(style: .compact).string(m[$0]!))" }.joined(separator: ", ") + "}"
                        }
                        problems.append("\(keyword) at \"\(location)\": expected \(show(expected)), got \(show(actual))")
                    }
                }
                if problems.isEmpty {
                    result.passed += 1
                } else {
                    result.failed.append("\(name): \(description) / test \(t): " + problems.joined(separator: "; "))
                }
            }
        }
    }
    return result
}
