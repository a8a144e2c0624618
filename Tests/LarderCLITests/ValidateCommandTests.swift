import Foundation
import LarderJSON
import Testing

@Suite struct ValidateCommandTests {
    let schema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "object",
          "required": ["name", "servings"],
          "properties": {
            "name": {"type": "string", "minLength": 1},
            "servings": {"type": "integer", "minimum": 1}
          },
          "additionalProperties": false
        }
        """

    @Test func validInstancesExitZero() throws {
        let dir = try Scratch()
        try dir.write("recipe.schema.json", schema)
        try dir.write("a.json", #"{"name": "Francesinha", "servings": 2}"#)
        let r = try CLI.run(["validate", "--schema", "recipe.schema.json", "a.json", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "")
    }

    @Test func anInvalidInstanceExitsOneWithLineAndColumn() throws {
        let dir = try Scratch()
        try dir.write("recipe.schema.json", schema)
        try dir.write("b.json", "{\n  \"name\": \"Caldo Verde\",\n  \"servings\": -2\n}\n")
        let r = try CLI.run(["validate", "--schema", "recipe.schema.json", "b.json", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains("b.json:3:15: error: "), "\(r.stdout)")
        #expect(r.stdout.contains("\"servings\": -2 is less than the minimum 1"), "\(r.stdout)")
        #expect(r.stdout.contains("[schema]"))
    }

    /// A lone surrogate makes the instance invalid, named as written at its own line and
    /// column: the schema saw U+FFFD there, which is not what the file says.
    @Test func aLoneSurrogateIsAnErrorAtTheEscape() throws {
        let dir = try Scratch()
        try dir.write("recipe.schema.json", schema)
        try dir.write("c.json", "{\n  \"name\": \"Caldo \\uDBFF Verde\",\n  \"servings\": 2\n}\n")
        let r = try CLI.run(["validate", "--schema", "recipe.schema.json", "c.json", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains(#"c.json:2:18: error: the escape \uDBFF is the first half of a pair (a high surrogate) without the second half after it"#), "\(r.stdout)")
        #expect(r.stdout.contains("[lone-surrogate]"))
        let unit = try CLI.run(["validate", "--schema", "recipe.schema.json", "c.json", "--output", "basic"], in: dir.url)
        #expect(unit.status == 1)
        #expect(unit.stdout.hasPrefix(#"{"file":"c.json","valid":false,"keywordLocation":"","instanceLocation":"","errors":[{"valid":false,"keywordLocation":"","instanceLocation":"/name","error":"the escape \\uDBFF"#), "\(unit.stdout)")
        try dir.write("d.json", #"{"name": "Caldo \uD83C\uDF45 Verde", "servings": 2}"#)
        #expect(try CLI.run(["validate", "--schema", "recipe.schema.json", "d.json"], in: dir.url).status == 0)
    }

    /// A schema that does not compile: a machine-read report holds its problems, each at
    /// its place and led by the keyword's pointer (stdout was empty in json, sarif and
    /// github, so a CI step read an empty file); a person gets them on standard error.
    /// The exit status is 2 in every format.
    @Test func anInvalidSchemaIsReportedInEveryFormat() throws {
        let dir = try Scratch()
        try dir.write("bad.json", #"{"description": "x", "type": "object", "minProperties": -1}"#)
        try dir.write("i.json", "{}")
        let human = try CLI.run(["validate", "--schema", "bad.json", "i.json"], in: dir.url)
        #expect(human.status == 2 && human.stdout.isEmpty)
        #expect(human.stderr.contains("bad.json:1:57: /minProperties: -1 is less than the minimum 0"), "\(human.stderr)")
        let github = try CLI.run(["validate", "--schema", "bad.json", "--format", "github", "i.json"], in: dir.url)
        #expect(github.status == 2)
        #expect(github.stdout.hasPrefix("::error file=bad.json,line=1,col=57,"), "\(github.stdout)")
        #expect(github.stdout.contains("the schema is not valid: /minProperties: -1 is less than the minimum 0"), "\(github.stdout)")
        let json = try CLI.run(["validate", "--schema", "bad.json", "--format", "json", "i.json"], in: dir.url)
        #expect(json.status == 2)
        let report = try JSONValue(parsing: Array(json.stdout.utf8))
        #expect(report["valid"] == false && report["schemaErrors"]?[0]?["line"] == 1 && report["schemaErrors"]?[0]?["column"] == 57, "\(json.stdout)")
        let sarif = try CLI.run(["validate", "--schema", "bad.json", "--format", "sarif", "i.json"], in: dir.url)
        #expect(sarif.status == 2)
        let results = try JSONValue(parsing: Array(sarif.stdout.utf8))["runs"]?[0]?["results"]?.arrayValue ?? []
        #expect(results.count == 1 && results[0]["ruleId"] == "schema", "\(sarif.stdout)")
    }

    /// A schema file that is not JSON is a schema that does not compile: the machine-read
    /// reports were empty (a CI step read an empty file), though a schema with a mistake
    /// the meta-schema finds, or a referenced file that is not JSON, was reported in them.
    @Test func aSchemaThatIsNotJSONIsReportedInEveryFormat() throws {
        let dir = try Scratch()
        try dir.write("bad.json", "{\n  \"type\": }\n")
        try dir.write("i.json", "{}")
        let json = try CLI.run(["validate", "--schema", "bad.json", "--format", "json", "i.json"], in: dir.url)
        #expect(json.status == 2)
        let report = try JSONValue(parsing: Array(json.stdout.utf8))
        #expect(report["valid"] == false && report["schemaErrors"]?[0]?["line"] == 2 && report["schemaErrors"]?[0]?["column"] == 11, "\(json.stdout)")
        #expect(report["schemaErrors"]?[0]?["message"] == "the schema is not valid JSON: expected a JSON value, found '}'", "\(json.stdout)")
        let xcode = try CLI.run(["validate", "--schema", "bad.json", "--format", "xcode", "i.json"], in: dir.url)
        #expect(xcode.status == 2)
        #expect(xcode.stdout.hasSuffix("bad.json:2:11: error: the schema is not valid JSON: expected a JSON value, found '}' [schema]\n"), "\(xcode.stdout)")
        let human = try CLI.run(["validate", "--schema", "bad.json", "i.json"], in: dir.url)
        #expect(human.status == 2 && human.stdout.isEmpty)
        #expect(human.stderr.contains("bad.json:2:11: the schema is not valid JSON: expected a JSON value, found '}'"), "\(human.stderr)")
        // A referenced file that is not JSON is said once to be no valid JSON, not "not valid: not valid JSON".
        try dir.write("s.json", #"{"$ref": "bad.json"}"#)
        let referenced = try CLI.run(["validate", "--schema", "s.json", "--format", "xcode", "i.json"], in: dir.url)
        #expect(referenced.status == 2)
        #expect(referenced.stdout.contains("bad.json:2:11: error: the schema is not valid JSON: expected"), "\(referenced.stdout)")
    }

    /// A person reads a schema's problems in the order of their lines, as the other reports
    /// list them: they came in the meta-schema's order (4:24, 5:23, then 2:11).
    @Test func aSchemasProblemsAreListedInLineOrder() throws {
        let dir = try Scratch()
        try dir.write("bad.json", "{\n  \"type\": \"strin\",\n  \"properties\": {\n    \"a\": {\"minLength\": -1},\n    \"b\": {\"required\": \"x\"}\n  }\n}\n")
        try dir.write("i.json", "{}")
        let r = try CLI.run(["validate", "--schema", "bad.json", "i.json"], in: dir.url)
        #expect(r.status == 2)
        let places = r.stderr.split(separator: "\n").compactMap { line in line.hasPrefix("bad.json:") ? line.split(separator: " ").first.map(String.init) : nil }
        #expect(places == ["bad.json:2:11:", "bad.json:4:24:", "bad.json:5:23:"], "\(r.stderr)")
    }

    @Test func jsonFormatHasThePublicShape() throws {
        let dir = try Scratch()
        try dir.write("recipe.schema.json", schema)
        try dir.write("lines.jsonl", "{\"name\": \"Bolo\", \"servings\": 8}\n\n{\"name\": \"\", \"servings\": 1}\nnot json\n")
        let r = try CLI.run(["validate", "--schema", "recipe.schema.json", "--jsonl", "lines.jsonl", "--format", "json"], in: dir.url)
        #expect(r.status == 1)
        let report = try JSONDocument(parsing: r.stdout)
        #expect(report.bool(report.member(report.root, "valid")!) == false)
        let results = Array(report.elements(report.member(report.root, "results")!))
        #expect(results.count == 3)
        #expect(results.map { report.int(report.member($0, "line")!) } == [1, 3, 4])
        #expect(results.map { report.bool(report.member($0, "valid")!) } == [true, false, false])
        let error = try #require(report.element(report.member(results[1], "errors")!, 0))
        let keys = report.members(error).map { report.string($0.key)! }
        #expect(keys == ["instanceLocation", "keywordLocation", "absoluteKeywordLocation", "message", "line", "column"])
        #expect(report.string(report.member(error, "instanceLocation")!) == "/name")
        #expect(report.string(report.member(error, "keywordLocation")!) == "/properties/name/minLength")
        #expect(report.int(report.member(error, "line")!) == 3)
        #expect(report.int(report.member(error, "column")!) == 10)
        let parseError = try #require(report.element(report.member(results[2], "errors")!, 0))
        #expect(report.int(report.member(parseError, "line")!) == 4)
    }

    @Test func standardOutputFormats() throws {
        let dir = try Scratch()
        try dir.write("recipe.schema.json", schema)
        try dir.write("bad.json", #"{"name": "Bolo", "servings": 0}"#)
        let flag = try CLI.run(["validate", "--schema", "recipe.schema.json", "bad.json", "--output", "flag"], in: dir.url)
        #expect(flag.status == 1)
        #expect(flag.stdout == "{\"file\":\"bad.json\",\"valid\":false}\n")
        let basic = try CLI.run(["validate", "--schema", "recipe.schema.json", "bad.json", "--output", "basic"], in: dir.url)
        let unit = try JSONDocument(parsing: basic.stdout)
        #expect(unit.bool(unit.member(unit.root, "valid")!) == false)
        #expect(unit.count(unit.member(unit.root, "errors")!) >= 1)
    }

    @Test func anInvalidSchemaIsExitTwoWithItsPosition() throws {
        let dir = try Scratch()
        try dir.write("s.json", "{\n  \"type\": \"objec\"\n}")
        try dir.write("a.json", "{}")
        let r = try CLI.run(["validate", "--schema", "s.json", "a.json"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("s.json:2:11: "), "\(r.stderr)")
        try dir.write("broken.json", "{\"type\": }")
        let broken = try CLI.run(["validate", "--schema", "broken.json", "a.json"], in: dir.url)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("broken.json:1:10: the schema is not valid JSON"), "\(broken.stderr)")
    }

    @Test func remoteReferencesAreNeverFetchedButCanBeMapped() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"$ref": "https://example.com/schemas/name.json"}"#)
        try dir.write("local/name.json", #"{"type": "string"}"#)
        try dir.write("a.json", #""Negroni""#)
        let r = try CLI.run(["validate", "--schema", "s.json", "a.json"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("https://example.com/schemas/name.json"))
        #expect(r.stderr.contains("--ref-map"))
        let mapped = try CLI.run(["validate", "--schema", "s.json", "--ref-map", "https://example.com/schemas/=local", "a.json"], in: dir.url)
        #expect(mapped.status == 0, "\(mapped.stderr)")
    }

    /// A --ref-map prefix matches whole path segments: `https://example.com/s` covered
    /// `https://example.com/suffix/…` (read from `uffix/…` in the folder) and refused
    /// `https://example.com/s/…` as leaving the folder.
    @Test func aRefMapPrefixMatchesWholePathSegments() throws {
        let dir = try Scratch()
        try dir.write("schemas/int.json", #"{"type": "integer"}"#)
        try dir.write("schemas/uffix/int.json", #"{"type": "integer"}"#)
        try dir.write("a.json", "3")
        try dir.write("s.json", #"{"$ref": "https://example.com/s/int.json"}"#)
        for prefix in ["https://example.com/s", "https://example.com/s/"] {
            let r = try CLI.run(["validate", "--schema", "s.json", "--ref-map", "\(prefix)=./schemas", "a.json"], in: dir.url)
            #expect(r.status == 0, "\(prefix): \(r.stderr)")
        }
        try dir.write("t.json", #"{"$ref": "https://example.com/suffix/int.json"}"#)
        let other = try CLI.run(["validate", "--schema", "t.json", "--ref-map", "https://example.com/s=./schemas", "a.json"], in: dir.url)
        #expect(other.status == 2, "\(other.stderr)")
        #expect(other.stderr.contains("the remote reference https://example.com/suffix/int.json is not fetched"), "\(other.stderr)")
    }

    /// A --ref-map prefix's scheme and host match in any case, as RFC 3986 makes them
    /// case-insensitive (`HTTPS://Example.com/schemas/` did not cover
    /// `https://example.com/schemas/name.json`, and the reference was "not fetched"); its path
    /// still matches exactly.
    @Test func aRefMapPrefixsSchemeAndHostMatchInAnyCase() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"$ref": "https://example.com/schemas/name.json"}"#)
        try dir.write("t.json", #"{"$ref": "HTTPS://EXAMPLE.COM/schemas/name.json"}"#)
        try dir.write("local/name.json", #"{"type": "string"}"#)
        try dir.write("a.json", #""Negroni""#)
        for (schema, prefix) in [("s.json", "HTTPS://Example.com/schemas/"), ("s.json", "https://EXAMPLE.com/schemas"), ("t.json", "https://example.com/schemas/")] {
            let r = try CLI.run(["validate", "--schema", schema, "--ref-map", "\(prefix)=local", "a.json"], in: dir.url)
            #expect(r.status == 0, "\(schema) \(prefix): \(r.stderr)")
        }
        let path = try CLI.run(["validate", "--schema", "s.json", "--ref-map", "https://example.com/Schemas/=local", "a.json"], in: dir.url)
        #expect(path.status == 2, "\(path.stderr)")
        #expect(path.stderr.contains("the remote reference https://example.com/schemas/name.json is not fetched"), "\(path.stderr)")
    }

    /// An empty URI prefix or folder in --ref-map is a usage error naming the argument: it
    /// was accepted and ignored, and the reference then failed with advice to give a --ref-map.
    @Test func aRefMapWithAnEmptySideIsAUsageError() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"$ref": "https://example.com/s/int.json"}"#)
        try dir.write("a.json", "3")
        for (map, why) in [("=./schemas", "the URI prefix is empty"), ("https://example.com/s/=", "the folder is empty")] {
            let r = try CLI.run(["validate", "--schema", "s.json", "--ref-map", map, "a.json"], in: dir.url)
            #expect(r.status == 2, "\(map): \(r.stderr)")
            #expect(r.stderr.contains("--ref-map takes URI-PREFIX=DIR, got '\(map)' (\(why))"), "\(r.stderr)")
        }
    }

    @Test func localReferencesResolveRelativeToTheSchema() throws {
        let dir = try Scratch()
        try dir.write("schemas/recipe.json", #"{"properties": {"name": {"$ref": "common.json#/$defs/text"}}}"#)
        try dir.write("schemas/common.json", #"{"$defs": {"text": {"type": "string", "minLength": 1}}}"#)
        try dir.write("a.json", #"{"name": ""}"#)
        let r = try CLI.run(["validate", "--schema", "schemas/recipe.json", "a.json", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("a.json:1:10: error:"))
    }

    /// A mistake in a schema file that a $ref loads is reported at that file's line and
    /// column, not as the root schema's.
    @Test func aSchemaErrorInAReferencedFileNamesThatFile() throws {
        let dir = try Scratch()
        try dir.write("schemas/recipe.json", #"{"properties": {"name": {"$ref": "common.json#/$defs/text"}}}"#)
        try dir.write("schemas/common.json", "{\n  \"$defs\": {\n    \"text\": {\"pattern\": \"((\"}\n  }\n}\n")
        try dir.write("a.json", #"{"name": ""}"#)
        let r = try CLI.run(["validate", "--schema", "schemas/recipe.json", "a.json"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("schemas/common.json:3:25: /$defs/text/pattern: the pattern \"((\" is not a valid regular expression"), "\(r.stderr)")
        #expect(!r.stderr.contains("recipe.json"), "\(r.stderr)")
    }

    /// A reference to a file that is not there names the file once: two mappings that
    /// cover the schema's folder gave the reason twice.
    @Test func aMissingReferencedFileIsNamedOnce() throws {
        let dir = try Scratch()
        try dir.write("m.json", #"{"$ref": "sub/missing.json"}"#)
        try dir.write("i.json", "{}")
        let r = try CLI.run(["validate", "--schema", "m.json", "i.json"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.components(separatedBy: "does not exist").count == 2, "\(r.stderr)")
        #expect(r.stderr.contains("cannot resolve the reference sub/missing.json: the file "), "\(r.stderr)")
        // At the `$ref`'s value, not at the object holding it (column 1).
        #expect(r.stderr.contains("m.json:1:10: /$ref: cannot resolve"), "\(r.stderr)")
    }

    /// A team's schema that $refs Larder's own by their ids validates as lint validates it:
    /// validate said the remote reference is not fetched, and the --ref-map it suggested
    /// named a folder with no such file.
    @Test func larderSchemasAreKnownByTheirIds() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"type": "object", "properties": {"id": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/slug"}}}"#)
        try dir.write("good.json", #"{"id": "first-cook"}"#)
        try dir.write("bad.json", #"{"id": "first_cook"}"#)
        #expect(try CLI.run(["validate", "--schema", "s.json", "good.json"], in: dir.url).status == 0)
        let bad = try CLI.run(["validate", "--schema", "s.json", "bad.json", "--format", "xcode"], in: dir.url)
        #expect(bad.status == 1, "\(bad.stdout)\(bad.stderr)")
        #expect(bad.stdout.contains("bad.json:1:8: error:"), "\(bad.stdout)")
        // A --ref-map for them is read instead: here a copy that takes any id.
        try dir.write("mine/common.schema.json", #"{"$defs": {"slug": {"type": "string"}}}"#)
        let mapped = try CLI.run(["validate", "--schema", "s.json", "bad.json", "--ref-map", "https://larder.dev/schemas/=mine"], in: dir.url)
        #expect(mapped.status == 0, "\(mapped.stdout)\(mapped.stderr)")
    }

    /// `-` is standard input, and a pipe (a shell's `<(command)`) is read as a file is:
    /// one was "not a regular file", reported as an instance that is not JSON (exit 1).
    @Test func standardInputAndPipesAreInstances() throws {
        let dir = try Scratch()
        try dir.write("recipe.schema.json", schema)
        let good = try CLI.run(["validate", "--schema", "recipe.schema.json", "-"], in: dir.url, input: #"{"name": "Bolo", "servings": 8}"#)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        let bad = try CLI.run(["validate", "--schema", "recipe.schema.json", "-", "--format", "xcode"], in: dir.url,
                              input: "{\n  \"name\": \"Bolo\",\n  \"servings\": 0\n}\n")
        #expect(bad.status == 1, "\(bad.stderr)")
        // Standard input has no path to make absolute, as the xcode report makes file paths.
        #expect(bad.stdout.hasPrefix("<stdin>:3:15: error: "), "\(bad.stdout)")
        let lines = try CLI.run(["validate", "--schema", "recipe.schema.json", "--jsonl", "-", "--format", "json"], in: dir.url,
                                input: "{\"name\": \"A\", \"servings\": 1}\n{\"name\": \"\", \"servings\": 1}\n")
        #expect(lines.status == 1, "\(lines.stderr)")
        #expect(lines.stdout.contains(#""file" : "<stdin>""#) || lines.stdout.contains(#""file": "<stdin>""#), "\(lines.stdout)")
        let twice = try CLI.run(["validate", "--schema", "recipe.schema.json", "-", "-"], in: dir.url, input: "{}")
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("- (standard input) is given more than once"), "\(twice.stderr)")

        // A named pipe, its writer waiting for a reader (as a shell's `<(command)` has one).
        let fifo = dir.url.appendingPathComponent("pipe.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", #"printf '{"name": "Bolo", "servings": 0}' > "$0""#, fifo.path]
        try writer.run()
        let piped = try CLI.run(["validate", "--schema", "recipe.schema.json", "pipe.json", "--format", "xcode"], in: dir.url)
        writer.waitUntilExit()
        #expect(piped.status == 1, "\(piped.stderr)")
        #expect(piped.stdout.contains("pipe.json:1:30: error: "), "\(piped.stdout)")
        #expect(!piped.stdout.contains("not a regular file"), "\(piped.stdout)")
    }

    @Test func usageErrorsExitTwo() throws {
        let dir = try Scratch()
        try dir.write("s.json", "{}")
        #expect(try CLI.run(["validate", "--schema", "s.json", "missing.json"], in: dir.url).status == 2)
        #expect(try CLI.run(["validate", "--schema", "missing.json", "s.json"], in: dir.url).status == 2)
        #expect(try CLI.run(["validate", "--schema", "s.json", "--draft", "5", "s.json"], in: dir.url).status == 2)
        #expect(try CLI.run(["validate", "--schema", "s.json", "--draft", "4", "s.json"], in: dir.url).status == 0)
    }
}

/// Fixes of the validate bug hunt (H7), each with the case that showed it.
@Suite struct ValidateHuntFixTests {
    /// A schema's own relative reference to a sibling folder (`../common/defs.json`) is
    /// followed from any working directory: the result must not depend on where CI runs.
    @Test func aRelativeReferenceToASiblingFolderResolvesFromAnyWorkingDirectory() throws {
        let dir = try Scratch()
        try dir.write("schemas/api/item.json", #"{"properties": {"id": {"$ref": "../common/defs.json#/$defs/id"}}}"#)
        try dir.write("schemas/common/defs.json", #"{"$defs": {"id": {"type": "integer"}}}"#)
        try dir.write("data/i.json", #"{"id": "x"}"#)
        let r = try CLI.run(["validate", "--schema", "../schemas/api/item.json", "i.json", "--format", "xcode"], in: dir.url.appendingPathComponent("data"))
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("i.json:1:8: error: "), "\(r.stdout)")
        #expect(r.stdout.contains("expected an integer"), "\(r.stdout)")
    }

    /// A `$schema` naming a draft Larder does not support is a usage error naming the
    /// drafts it does support, not a schema silently read under 2020-12 rules (draft-03's
    /// `divisibleBy` would be ignored and every instance pass). `--draft` says which rules
    /// to use instead.
    @Test func anUnsupportedDraftIsRefusedUnlessDraftIsGiven() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"$schema": "http://json-schema.org/draft-03/schema#", "divisibleBy": 2}"#)
        try dir.write("i.json", "3")
        let r = try CLI.run(["validate", "--schema", "s.json", "i.json"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.contains("http://json-schema.org/draft-03/schema#"), "\(r.stderr)")
        #expect(r.stderr.contains("2020-12, 2019-09, 7, 6 and 4"), "\(r.stderr)")
        #expect(r.stderr.contains("--draft"), "\(r.stderr)")
        let forced = try CLI.run(["validate", "--schema", "s.json", "--draft", "4", "i.json"], in: dir.url)
        #expect(forced.status == 0, "\(forced.stderr)")
    }

    /// One meta-schema problem is printed (and counted) once, however many branches of the
    /// meta-schema report it.
    @Test func aSchemaProblemIsPrintedOnce() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"$schema":"https://json-schema.org/draft/2020-12/schema","items":[{"type":"string"}]}"#)
        try dir.write("i.json", "[]")
        let r = try CLI.run(["validate", "--schema", "s.json", "i.json"], in: dir.url)
        #expect(r.status == 2)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count(where: { $0.contains("s.json:1:67:") }) == 1, "\(r.stderr)")
        #expect(!r.stderr.contains("problems"), "\(r.stderr)")
    }

    /// A property name in a message is written as a JSON string, so a quote or a newline
    /// in it cannot be mistaken for the end of the name or of the message.
    @Test func propertyNamesInMessagesAreJSONStrings() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"properties": {"a\"b": {"type": "integer"}, "x\ny": {"type": "integer"}}}"#)
        try dir.write("i.json", #"{"a\"b": "s", "x\ny": "t"}"#)
        let r = try CLI.run(["validate", "--schema", "s.json", "i.json", "--format", "json"], in: dir.url)
        #expect(r.status == 1)
        let report = try JSONDocument(parsing: r.stdout).value
        let messages = report["results"]?[0]?["errors"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
        #expect(messages == [#""a\"b": expected an integer, found a string"#, #""x\ny": expected an integer, found a string"#], "\(messages)")
    }

    /// `enum: []` allows no value, and the message says so rather than list nothing.
    @Test func anEmptyEnumSaysItAllowsNoValue() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"enum": []}"#)
        try dir.write("i.json", #""x""#)
        let r = try CLI.run(["validate", "--schema", "s.json", "i.json", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains("error: the enum is empty, so no value is allowed (found \"x\")"), "\(r.stdout)")
        #expect(!r.stdout.contains("one of "), "\(r.stdout)")
    }

    /// `larder validate` writes nothing, so its lone-surrogate message does not talk of an
    /// export; it still says why the escape is a problem and what to write instead.
    @Test func theLoneSurrogateMessageOfValidateDoesNotTalkOfExports() throws {
        let dir = try Scratch()
        try dir.write("s.json", #"{"type": "string"}"#)
        try dir.write("lone.json", #""a\ud800b""#)
        let r = try CLI.run(["validate", "--schema", "s.json", "lone.json", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains("lone.json:1:3: error: the escape \\ud800 is the first half of a pair"), "\(r.stdout)")
        #expect(!r.stdout.contains("export"), "\(r.stdout)")
        #expect(r.stdout.contains("write the character itself, or both halves of its pair"), "\(r.stdout)")
    }
}
