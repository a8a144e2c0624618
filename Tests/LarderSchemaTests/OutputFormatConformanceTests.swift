import Foundation
import LarderJSON
import Testing
import LarderSchema

/// The official output schema of JSON Schema 2020-12 (the Test Suite's
/// output-tests/draft2020-12/output-schema.json), whole and each format's definition in it
/// (`#/$defs/flag`, `basic`, `detailed`): the whole schema alone accepts anything with a
/// `valid`, as its `flag` branch does.
struct OutputSchema {
    static let uri = "https://json-schema.org/draft/2020-12/output/schema"
    let whole: JSONSchema
    let formats: [OutputFormat: JSONSchema]

    /// Nil when the Test Suite is not there.
    init?() throws {
        guard let suite = schemaSuiteRoot() else { return nil }
        let path = suite.appendingPathComponent("output-tests/draft2020-12/output-schema.json")
        let doc = try JSONDocument(parsing: [UInt8](Data(contentsOf: path)))
        var registry = SchemaRegistry()
        registry.add(uri: Self.uri, document: doc)
        // `format` asserted: keyword locations must be JSON Pointers, absolute ones URIs.
        let options = SchemaOptions(formatAssertion: true)
        whole = try JSONSchema(doc, options: options, registry: registry)
        var formats: [OutputFormat: JSONSchema] = [:]
        for format in OutputFormat.allCases {
            formats[format] = try JSONSchema(json: #"{"$ref": "\#(Self.uri)#/$defs/\#(format.rawValue)"}"#, options: options, registry: registry)
        }
        self.formats = formats
    }

    /// What is wrong with `output` as output in `format`: against the output schema and its
    /// definition of the format, and against what the specification says of the structure
    /// (section 12.4): the root unit at `""` of `""`; basic flat; detailed nested as the
    /// schema is, each unit below its parent's keyword and instance locations, a unit with
    /// a single child replaced by it. With `absolute`, every unit whose keyword location
    /// passes through a `$ref` or `$dynamicRef` has an `absoluteKeywordLocation`.
    func problems(_ output: JSONValue, format: OutputFormat, absolute: Bool) throws -> [String] {
        let doc = try JSONDocument(parsing: JSONWriter.compact.bytes(output))
        var found = whole.validate(doc).errors.map { "output schema: \($0)" }
        found += formats[format]!.validate(doc).errors.map { "output schema #/$defs/\(format.rawValue): \($0)" }
        guard format != .flag else {
            if output.objectValue?.keys.contains(where: { $0 != "valid" }) == true { found.append("flag has more than valid") }
            return found
        }
        if output["keywordLocation"] != "" || output["instanceLocation"] != "" {
            found.append("the root unit is not at keywordLocation \"\" and instanceLocation \"\"")
        }
        func tokens(_ pointer: String) -> [Substring] { pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { $0 } }
        func check(_ unit: JSONValue, parent: JSONValue?, depth: Int) {
            let keyword = unit["keywordLocation"]?.stringValue ?? "?"
            let instance = unit["instanceLocation"]?.stringValue ?? "?"
            let children = unit["errors"]?.arrayValue ?? []
            if absolute, unit["absoluteKeywordLocation"] == nil,
                tokens(keyword).contains(where: { $0 == "$ref" || $0 == "$dynamicRef" })
            {
                found.append("\(keyword): no absoluteKeywordLocation")
            }
            if let parent {
                let pk = tokens(parent["keywordLocation"]?.stringValue ?? ""), pi = tokens(parent["instanceLocation"]?.stringValue ?? "")
                if !tokens(keyword).starts(with: pk) { found.append("\(keyword) is below \(parent["keywordLocation"]!)") }
                if !tokens(instance).starts(with: pi) { found.append("\(keyword) at \(instance) is below \(parent["instanceLocation"]!)") }
                if unit["error"] == nil && children.count == 1 { found.append("\(keyword) at \(instance) has a single child") }
                if format == .basic && !children.isEmpty { found.append("basic is not flat: \(keyword) has errors") }
            }
            for child in children { check(child, parent: unit, depth: depth + 1) }
        }
        check(output, parent: nil, depth: 0)
        return found
    }

    /// The units that carry an `error`, at any depth, as `keywordLocation instanceLocation: error`.
    static func errorUnits(_ unit: JSONValue) -> [String] {
        var out: [String] = []
        if let error = unit["error"]?.stringValue {
            out.append("\(unit["keywordLocation"]?.stringValue ?? "") \(unit["instanceLocation"]?.stringValue ?? ""): \(error)")
        }
        for child in unit["errors"]?.arrayValue ?? [] { out += errorUnits(child) }
        return out
    }
}

@Suite struct OutputFormatConformanceTests {
    /// The output tests of the suite in every format: each output must satisfy the official
    /// output schema and the structure the specification gives, and `basic` the schema each
    /// test gives for it.
    @Test(arguments: [SchemaDraft.draft2019_09, .draft2020_12]) func outputTestsInEveryFormat(draft: SchemaDraft) throws {
        guard let suite = schemaSuiteRoot(), let output = try OutputSchema() else {
            print("SKIPPED: JSON-Schema-Test-Suite not found")
            return
        }
        let folder = suite.appendingPathComponent("output-tests/\(draft.rawValue)")
        var registry = SchemaRegistry()
        let own = try JSONDocument(parsing: [UInt8](Data(contentsOf: folder.appendingPathComponent("output-schema.json"))))
        registry.add(uri: draft == .draft2020_12 ? OutputSchema.uri : "https://json-schema.org/draft/2019-09/output/schema", document: own)
        var checked = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("content").path).sorted() {
            let doc = try JSONDocument(parsing: [UInt8](Data(contentsOf: folder.appendingPathComponent("content/" + file))))
            for group in doc.elements(doc.root) {
                let schemaNode: Int = try #require(doc.member(group, "schema"))
                let schema = try JSONSchema(doc, at: schemaNode)
                for test in doc.elements(try #require(doc.member(group, "tests"))) {
                    let data = try #require(doc.member(test, "data"))
                    for format in OutputFormat.allCases {
                        let out = schema.output(doc, at: data, format: format)
                        let problems = try output.problems(out, format: format, absolute: true)
                        #expect(problems.isEmpty, "\(file) \(format): \(JSONWriter.compact.string(out)): \(problems)")
                    }
                    // Valid instances too: their units are the annotations (content/readOnly.json).
                    guard let basic = doc.member(test, "output").flatMap({ doc.member($0, "basic") }) else { continue }
                    let out = try JSONDocument(parsing: JSONWriter.compact.bytes(schema.output(doc, at: data, format: .basic)))
                    let problems = try JSONSchema(doc, at: basic, registry: registry).validate(out).errors
                    #expect(problems.isEmpty, "\(file): \(JSONWriter.compact.string(out.value)): \(problems)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 4)
    }

    /// Every invalid instance of the suite's validation tests, in every format: `$ref`s to
    /// anchors, to `$defs`, to remote documents, `$dynamicRef`, `anyOf`/`oneOf` and the rest
    /// give output the output schema accepts, nested as the specification says; `detailed`
    /// holds the same failing units as `basic`; each schema has an absolute URI, so every
    /// unit through a `$ref` has its absolute location.
    @Test(arguments: [SchemaDraft.draft2019_09, .draft2020_12]) func suiteInstancesInEveryFormat(draft: SchemaDraft) throws {
        guard let suite = schemaSuiteRoot(), let output = try OutputSchema() else {
            print("SKIPPED: JSON-Schema-Test-Suite not found")
            return
        }
        var registry = SchemaRegistry()
        registry.map(prefix: "http://localhost:1234/", to: suite.appendingPathComponent("remotes").path)
        let folder = suite.appendingPathComponent("tests/\(draft.rawValue)")
        var checked = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() {
            let doc = try JSONDocument(parsing: [UInt8](Data(contentsOf: folder.appendingPathComponent(file))))
            for (g, group) in doc.elements(doc.root).enumerated() {
                let options = SchemaOptions(draft: draft, baseURI: "https://larder.test/\(draft.rawValue)/\(file)/\(g)")
                let schemaNode: Int = try #require(doc.member(group, "schema"))
                guard let schema = try? JSONSchema(doc, at: schemaNode, options: options, registry: registry) else { continue }
                for test in doc.elements(try #require(doc.member(group, "tests"))) {
                    let data = try #require(doc.member(test, "data"))
                    guard doc.member(test, "valid").flatMap({ doc.bool($0) }) == false, !schema.isValid(doc, at: data) else { continue }
                    let name = "\(file): \(doc.member(group, "description").flatMap { doc.string($0) } ?? "?") / \(doc.member(test, "description").flatMap { doc.string($0) } ?? "?")"
                    var outputs: [OutputFormat: JSONValue] = [:]
                    for format in OutputFormat.allCases {
                        let out = schema.output(doc, at: data, format: format)
                        outputs[format] = out
                        let problems = try output.problems(out, format: format, absolute: true)
                        #expect(problems.isEmpty, "\(name) \(format): \(JSONWriter.compact.string(out)): \(problems)")
                    }
                    #expect(outputs[.flag] == ["valid": false], "\(name)")
                    let basic = OutputSchema.errorUnits(outputs[.basic]!), detailed = OutputSchema.errorUnits(outputs[.detailed]!)
                    #expect(basic.sorted() == detailed.sorted(), "\(name): basic \(basic), detailed \(detailed)")
                    checked += 1
                }
            }
        }
        print("\(draft) suite outputs checked: \(checked)")
        #expect(checked > 300)
    }
}
