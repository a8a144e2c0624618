import Foundation
import LarderJSON
import LarderSchema
import Testing

/// `larder validate --output flag|basic|detailed`: every line it prints is checked against
/// the official output schema of JSON Schema 2020-12 (the Test Suite's
/// output-tests/draft2020-12/output-schema.json, the definition of the format in it) and
/// names the instance it is about.
@Suite struct ValidateOutputFormatTests {
    /// A schema with a `$ref` to `$defs`, one to an anchor, one to another file, an `anyOf`
    /// and a `oneOf`.
    static let schema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "object",
          "properties": {
            "a": {"$ref": "#/$defs/pos"},
            "b": {"$ref": "#short"},
            "c": {"$ref": "other.json#/$defs/name"},
            "d": {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 3}]},
            "e": {"oneOf": [{"type": "string", "minLength": 3}, {"type": "integer"}]}
          },
          "$defs": {
            "pos": {"minimum": 1, "multipleOf": 2},
            "short": {"$anchor": "short", "maxLength": 2}
          }
        }
        """

    static let other = #"{"$defs": {"name": {"type": "string", "pattern": "^[a-z]+$"}}}"#

    func project() throws -> Scratch {
        let dir = try Scratch()
        try dir.write("s.json", Self.schema)
        try dir.write("other.json", Self.other)
        try dir.write("bad.json", #"{"a": -1, "b": "long", "c": "ABC", "d": 1, "e": "x"}"#)
        try dir.write("good.json", #"{"a": 2}"#)
        try dir.write("broken.json", "{\n  \"a\": 2,\n  \"b\": \n")
        return dir
    }

    /// The official output schema, or nil (the test is skipped) without the Test Suite.
    static func outputSchemas() throws -> (whole: JSONSchema, formats: [OutputFormat: JSONSchema])? {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["LARDER_CONFORMANCE"] { candidates.append(URL(fileURLWithPath: env)) }
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repo.deletingLastPathComponent().appendingPathComponent("shared/conformance"))
        let relative = "JSON-Schema-Test-Suite/output-tests/draft2020-12/output-schema.json"
        guard let path = candidates.map({ $0.appendingPathComponent(relative) }).first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            print("SKIPPED: the JSON Schema Test Suite's output schema is not there (set LARDER_CONFORMANCE)")
            return nil
        }
        let uri = "https://json-schema.org/draft/2020-12/output/schema"
        var registry = SchemaRegistry()
        let doc = try JSONDocument(parsing: [UInt8](Data(contentsOf: path)))
        registry.add(uri: uri, document: doc)
        let options = SchemaOptions(formatAssertion: true)
        var formats: [OutputFormat: JSONSchema] = [:]
        for format in OutputFormat.allCases {
            formats[format] = try JSONSchema(json: #"{"$ref": "\#(uri)#/$defs/\#(format.rawValue)"}"#, options: options, registry: registry)
        }
        return (try JSONSchema(doc, options: options, registry: registry), formats)
    }

    /// Runs `larder validate --output FORMAT ARGS` and returns each line it printed, parsed,
    /// after checking it against the output schema and the format's definition there, and
    /// that it names its file (and line, for JSON Lines). With `absolute`, every unit whose
    /// keyword location passes through a `$ref` must have its absolute location.
    func run(_ arguments: [String], format: OutputFormat, in dir: Scratch, jsonl: Bool = false) throws -> [JSONValue] {
        let r = try CLI.run(["validate", "--schema", "s.json", "--output", format.rawValue] + arguments, in: dir.url)
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("\n"))
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let schemas = try Self.outputSchemas()
        return try lines.map { line in
            let doc = try JSONDocument(parsing: line)
            if let schemas {
                #expect(schemas.whole.validate(doc).errors.isEmpty, "\(line): \(schemas.whole.validate(doc).errors)")
                let problems = schemas.formats[format]!.validate(doc).errors
                #expect(problems.isEmpty, "\(format): \(line): \(problems)")
            }
            let unit = doc.value
            #expect(unit["file"]?.stringValue != nil, "\(line)")
            #expect((unit["line"]?.numberValue != nil) == jsonl, "\(line)")
            func throughRefs(_ u: JSONValue) {
                let tokens = u["keywordLocation"]?.stringValue?.split(separator: "/") ?? []
                if tokens.contains(where: { $0 == "$ref" || $0 == "$dynamicRef" }) {
                    #expect(u["absoluteKeywordLocation"]?.stringValue?.hasPrefix("file:///") == true, "\(u)")
                }
                u["errors"]?.arrayValue?.forEach(throughRefs)
            }
            throughRefs(unit)
            return unit
        }
    }

    /// The absolute keyword locations in `unit` and below, by keyword location.
    func absolute(_ unit: JSONValue) -> [String: String] {
        var out: [String: String] = [:]
        if let k = unit["keywordLocation"]?.stringValue, let a = unit["absoluteKeywordLocation"]?.stringValue { out[k] = a }
        for child in unit["errors"]?.arrayValue ?? [] { out.merge(absolute(child)) { a, _ in a } }
        return out
    }

    /// `$ref` to `$defs`, to an anchor and to another file: the absolute location is the
    /// keyword's place in the file that holds it, with a JSON Pointer fragment (not the
    /// anchor's name). `detailed` nests the units as the schema is: the root unit at `""`,
    /// then `/properties`, then each property's failing keywords, a `$ref` with two failing
    /// keywords having its own unit, whose absolute location is the `$defs` entry.
    @Test func referencesToDefsAnAnchorAndAnotherFile() throws {
        let dir = try project()
        let basic = try #require(try run(["bad.json"], format: .basic, in: dir).first)
        let locations = absolute(basic)
        for (keyword, place) in [
            ("/properties/a/$ref/minimum", "/s.json#/$defs/pos/minimum"),
            ("/properties/a/$ref/multipleOf", "/s.json#/$defs/pos/multipleOf"),
            ("/properties/b/$ref/maxLength", "/s.json#/$defs/short/maxLength"),
            ("/properties/c/$ref/pattern", "/other.json#/$defs/name/pattern"),
        ] {
            #expect(locations[keyword]?.hasSuffix(place) == true, "\(keyword): \(locations[keyword] ?? "none")")
        }
        #expect(basic["keywordLocation"] == "")
        #expect(basic["instanceLocation"] == "")
        #expect(basic["errors"]?.arrayValue?.allSatisfy { $0["errors"] == nil && $0["valid"] == false } == true)

        let detailed = try #require(try run(["bad.json"], format: .detailed, in: dir).first)
        #expect(detailed["keywordLocation"] == "")
        #expect(detailed["instanceLocation"] == "")
        let properties = try #require(detailed["errors"]?.arrayValue)
        #expect(properties.map { $0["keywordLocation"] } == ["/properties"])
        let units = try #require(properties[0]["errors"]?.arrayValue)
        #expect(units.map { $0["keywordLocation"] } == [
            "/properties/a/$ref", "/properties/b/$ref/maxLength", "/properties/c/$ref/pattern", "/properties/d/anyOf", "/properties/e/oneOf",
        ])
        #expect(units.map { $0["instanceLocation"] } == ["/a", "/b", "/c", "/d", "/e"])
        #expect(units[0]["absoluteKeywordLocation"]?.stringValue?.hasSuffix("/s.json#/$defs/pos") == true, "\(units[0])")
        #expect(units[0]["errors"]?.arrayValue?.map { $0["keywordLocation"] } == ["/properties/a/$ref/multipleOf", "/properties/a/$ref/minimum"])
        #expect(absolute(detailed)["/properties/b/$ref/maxLength"]?.hasSuffix("/s.json#/$defs/short/maxLength") == true)
        #expect(absolute(detailed)["/properties/c/$ref/pattern"]?.hasSuffix("/other.json#/$defs/name/pattern") == true)

        let flag = try run(["bad.json"], format: .flag, in: dir)
        #expect(flag.count == 1)
        #expect(flag.first?["valid"] == false)
    }

    /// A failing `anyOf` or `oneOf` gives every branch's units (under a unit for the keyword
    /// that says none matched), in basic and in detailed; the text report still names the
    /// branch that came closest.
    @Test func everyBranchOfAnyOfAndOneOf() throws {
        let dir = try project()
        let basic = try #require(try run(["bad.json"], format: .basic, in: dir).first)
        let keywords = basic["errors"]?.arrayValue?.compactMap { $0["keywordLocation"]?.stringValue } ?? []
        for k in ["/properties/d/anyOf", "/properties/d/anyOf/0/type", "/properties/d/anyOf/1/minimum",
                  "/properties/e/oneOf", "/properties/e/oneOf/0/minLength", "/properties/e/oneOf/1/type"] {
            #expect(keywords.contains(k), "\(k) is not in \(keywords)")
        }
        let detailed = try #require(try run(["bad.json"], format: .detailed, in: dir).first)
        let units = detailed["errors"]?[0]?["errors"]?.arrayValue ?? []
        let anyOf = try #require(units.first { $0["keywordLocation"] == "/properties/d/anyOf" })
        #expect(anyOf["error"] == "1 matches none of the 2 anyOf schemas")
        #expect(anyOf["errors"]?.arrayValue?.map { $0["keywordLocation"] } == ["/properties/d/anyOf/0/type", "/properties/d/anyOf/1/minimum"])
        let oneOf = try #require(units.first { $0["keywordLocation"] == "/properties/e/oneOf" })
        #expect(oneOf["errors"]?.arrayValue?.map { $0["keywordLocation"] } == ["/properties/e/oneOf/0/minLength", "/properties/e/oneOf/1/type"])

        let text = try CLI.run(["validate", "--schema", "s.json", "bad.json", "--format", "xcode"], in: dir.url)
        #expect(text.stdout.contains("error: \"d\": 1 is less than the minimum 3"), "\(text.stdout)")
        #expect(!text.stdout.contains("expected a string, found a number"), "\(text.stdout)")
    }

    /// With several files, each line names its file, in the order given; a file that is not
    /// JSON is a unit with `"valid": false` whose error names the file, line and column.
    @Test func severalFilesEachNamed() throws {
        let dir = try project()
        for format in OutputFormat.allCases {
            let units = try run(["good.json", "bad.json", "broken.json"], format: format, in: dir)
            #expect(units.map { $0["file"] } == ["good.json", "bad.json", "broken.json"], "\(format)")
            #expect(units.map { $0["valid"] } == [true, false, false], "\(format)")
        }
    }

    /// A valid instance's unit holds its annotations in basic and detailed (each unit with
    /// its locations and value, through a `$ref` with its absolute location); an `anyOf`
    /// branch that failed leaves none, and an invalid instance has none; flag has none.
    @Test func validInstancesCarryTheirAnnotations() throws {
        let dir = try Scratch()
        try dir.write("s.json", ##"{"title": "Item", "properties": {"id": {"$ref": "#/$defs/id"}, "n": {"anyOf": [{"type": "string", "title": "S"}, {"type": "integer", "title": "I"}]}}, "$defs": {"id": {"readOnly": true}}}"##)
        try dir.write("good.json", #"{"id": 7, "n": 3}"#)
        try dir.write("bad.json", #"{"id": 7, "n": null}"#)
        #expect(try run(["good.json"], format: .flag, in: dir) == [["file": "good.json", "valid": true]])
        for format in [OutputFormat.basic, .detailed] {
            let units = try run(["good.json", "bad.json"], format: format, in: dir)
            // detailed nests the units under a unit per subschema on the way: flattened here.
            func leaves(_ unit: JSONValue) -> [JSONValue] {
                guard let below = unit["annotations"]?.arrayValue else { return [unit] }
                return below.flatMap(leaves)
            }
            let annotations = try #require(units.first?["annotations"]?.arrayValue, "\(format)").flatMap(leaves)
            if format == .detailed {
                let top = units.first?["annotations"]?.arrayValue?.map { $0["keywordLocation"] }
                #expect(top == ["/title", "/properties/id/$ref/readOnly", "/properties/n/anyOf/1/title", "/properties"], "\(top ?? [])")
            }
            func unit(_ keyword: String) -> JSONValue? { annotations.first { $0["keywordLocation"]?.stringValue == keyword } }
            #expect(unit("/title") == ["valid": true, "keywordLocation": "/title", "absoluteKeywordLocation": .string(dir.url.appendingPathComponent("s.json").absoluteString + "#/title"), "instanceLocation": "", "annotation": "Item"])
            let readOnly = try #require(unit("/properties/id/$ref/readOnly"))
            #expect(readOnly["instanceLocation"] == "/id")
            #expect(readOnly["annotation"] == true)
            #expect(readOnly["absoluteKeywordLocation"]?.stringValue?.hasSuffix("s.json#/$defs/id/readOnly") == true)
            #expect(unit("/properties/n/anyOf/1/title")?["annotation"] == "I")
            #expect(unit("/properties/n/anyOf/0/title") == nil)
            #expect(unit("/properties")?["annotation"] == ["id", "n"])
            #expect(units.last?["valid"] == false)
            #expect(units.last?["annotations"] == nil)
        }
    }

    /// A file that is not JSON: `"valid": false`, and in basic and detailed a unit whose
    /// error says so at the file's line and column.
    @Test func aFileThatDoesNotParse() throws {
        let dir = try project()
        #expect(try run(["broken.json"], format: .flag, in: dir) == [["file": "broken.json", "valid": false]])
        for format in [OutputFormat.basic, .detailed] {
            let unit = try #require(try run(["broken.json"], format: format, in: dir).first)
            #expect(unit["valid"] == false)
            let inner = try #require(unit["errors"]?[0])
            #expect(inner["valid"] == false)
            let error = inner["error"]?.stringValue ?? ""
            #expect(error.hasPrefix("broken.json:4:1: the file is not valid JSON: "), "\(error)")
        }
    }

    /// With --jsonl each line's unit names the file and the line, a line that is not JSON
    /// too (its error at that line of the file); blank lines are no instances.
    @Test func jsonLinesNameTheirLine() throws {
        let dir = try project()
        try dir.write("items.jsonl", "{\"a\": 2}\n\n{\"a\": 0}\nnot json\n")
        for format in OutputFormat.allCases {
            let units = try run(["--jsonl", "items.jsonl"], format: format, in: dir, jsonl: true)
            #expect(units.map { $0["file"] } == ["items.jsonl", "items.jsonl", "items.jsonl"], "\(format)")
            #expect(units.map { $0["line"] } == [1, 3, 4], "\(format)")
            #expect(units.map { $0["valid"] } == [true, false, false], "\(format)")
            if format != .flag {
                #expect(units[1]["errors"]?[0]?["keywordLocation"] == "/properties/a/$ref/minimum", "\(units[1])")
                #expect(units[2]["errors"]?[0]?["error"]?.stringValue?.hasPrefix("items.jsonl:4:1: the line is not valid JSON: ") == true, "\(units[2])")
            }
        }
    }

    /// Standard input is named as the reports name it.
    @Test func standardInputIsNamed() throws {
        let dir = try project()
        let r = try CLI.run(["validate", "--schema", "s.json", "--output", "basic", "-"], in: dir.url, input: #"{"a": 0}"#)
        #expect(r.status == 1)
        let unit = try JSONDocument(parsing: r.stdout).value
        #expect(unit["file"] == "<stdin>")
        #expect(unit["errors"]?[0]?["keywordLocation"] == "/properties/a/$ref/minimum")
    }
}
