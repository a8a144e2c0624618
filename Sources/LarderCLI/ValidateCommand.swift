import ArgumentParser
import Foundation
import LarderCore
import LarderJSON
import LarderSchema

/// `larder validate --schema S.json FILE...`: plain JSON Schema validation, with errors at
/// line and column.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate JSON files (or JSON Lines) against a JSON Schema.",
        discussion: """
            Drafts 2020-12 (the default), 2019-09, 7, 6 and 4 are chosen by the schema's \
            $schema or by --draft. References to other files resolve relative to the schema \
            that names them, wherever those files lie (../common/defs.json works from any \
            working directory); remote http(s) references are never fetched: map a URI \
            prefix to a local folder with --ref-map.

            An instance may be - (standard input) or a pipe, as a shell's <(command) gives; \
            either is read to its end, and held to the 4 GiB a file is held to.

            Exit status: 0 when every instance is valid, 1 when one is not (a file or line \
            that is not JSON counts as invalid, and so does one with a lone surrogate: a \
            \\uD800 escape without its other half stands for no character, and is reported \
            where it is), 2 when the schema is unreadable or not a \
            valid schema, or the usage is wrong.

            --format json prints {"valid": bool, "results": [{"file", "line" (with --jsonl), \
            "valid", "errors": [{"instanceLocation", "keywordLocation", \
            "absoluteKeywordLocation", "message", "line", "column"}]}]}, one result per \
            instance in input order.

            --output flag|basic|detailed prints instead the output of JSON Schema 2020-12 \
            (Core, section 12) for each instance, in input order, one JSON object per line: \
            the instance's root output unit, with "file" (as given; <stdin> for -) and, with \
            --jsonl, "line" (1-based) before its own members. flag holds "valid" alone. basic \
            and detailed hold "valid", "keywordLocation" and "instanceLocation" ("" for the \
            root) and "absoluteKeywordLocation" (the schema file's URI, or its $id, with a \
            JSON Pointer fragment: where the keyword is after any $ref, in the file that \
            holds it), and "errors" for an invalid instance: basic a flat list of the \
            failing keywords' units, each with its "error" message; detailed units nested \
            as the schema is (/properties, then /properties/name, then /properties/name/$ref, \
            then the failing keyword), a unit with a single child replaced by it. A failing \
            anyOf or oneOf has a unit of its own, whose "error" sums up, above the units of \
            every branch (the text reports name the closest branch only). A valid \
            instance's root unit holds "annotations" when the schema made any: one unit \
            per annotation, with "valid": true, its locations and "annotation", the \
            value; basic lists them flat, detailed nests them as the schema is, under a \
            unit for each subschema on the way. The keywords that annotate: title, \
            description, default, deprecated, readOnly, writeOnly, examples, format, the \
            content keywords on strings, unknown keywords, and properties, items, contains \
            and the unevaluated keywords (what they evaluated); a subschema that failed \
            (an anyOf branch) leaves none. A file or line that is not JSON is "valid": \
            false with one unit whose "error" names the file, line and column.
            """
    )

    @Option(name: .long, help: "The JSON Schema file.")
    var schema: String

    @Option(name: .long, help: "Draft for a schema without $schema, or whose $schema names a draft Larder does not support (draft-03 and older, which are refused otherwise): 2020-12, 2019-09, 7, 6 or 4.")
    var draft: String?

    @Option(name: .customLong("ref-map"), help: ArgumentHelp("Resolve references under URI-PREFIX (matched on whole path segments, its scheme and host in any case) from files in DIR.", valueName: "URI-PREFIX=DIR"))
    var refMaps: [String] = []

    @Flag(name: .long, help: "Each line of each file is one instance (JSON Lines).")
    var jsonl = false

    @Flag(name: .customLong("format-assertion"), help: "Treat `format` as an assertion (2020-12 makes it an annotation by default).")
    var formatAssertion = false

    @Option(name: .long, help: "Print the JSON Schema 2020-12 output instead of a report, one line per instance with its \"file\" (and \"line\" with --jsonl): flag, basic or detailed.")
    var output: String?

    @OptionGroup var report: OutputOptions

    @Argument(help: "The instance files; - reads standard input.")
    var instances: [String] = []

    mutating func validate() throws {
        if instances.isEmpty { throw ArgumentParser.ValidationError("give at least one instance file to validate") }
        // Standard input can be read once; a second `-` would be validated as empty.
        if instances.count(where: { $0 == "-" }) > 1 {
            throw ArgumentParser.ValidationError("- (standard input) is given more than once; it can be read only once")
        }
        if let draft, Self.draft(named: draft) == nil {
            throw ArgumentParser.ValidationError("unknown --draft '\(draft)'; use 2020-12, 2019-09, 7, 6 or 4")
        }
        if let output, OutputFormat(rawValue: output) == nil {
            throw ArgumentParser.ValidationError("unknown --output '\(output)'; use flag, basic or detailed")
        }
        // Both sides are needed: an empty prefix or folder would map nothing, and the
        // reference would then fail with advice to give the --ref-map that was given.
        for map in refMaps where SchemaRegistry.Mapping(argument: map) == nil {
            let why = !map.contains("=") ? "" : map.hasPrefix("=") ? " (the URI prefix is empty)" : " (the folder is empty)"
            throw ArgumentParser.ValidationError(
                "--ref-map takes URI-PREFIX=DIR, got '\(map)'\(why); for example --ref-map https://example.com/schemas/=./schemas")
        }
    }

    static func draft(named name: String) -> SchemaDraft? {
        var n = name.lowercased()
        if n.hasPrefix("draft") { n.removeFirst(5) }
        if n.hasPrefix("-") { n.removeFirst() }
        switch n {
        case "2020-12", "2020": return .draft2020_12
        case "2019-09", "2019": return .draft2019_09
        case "7", "07": return .draft7
        case "6", "06": return .draft6
        case "4", "04": return .draft4
        default: return nil
        }
    }

    func run() async throws {
        for file in instances where file != "-" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw ArgumentParser.ValidationError(isDirectory.boolValue ? "\(file) is a directory; give instance files" : "no such file: \(file)")
            }
        }
        let compiled: JSONSchema
        do {
            compiled = try compileSchema()
        } catch let failure as SchemaCompileFailure {
            // A report a machine reads gets the schema's problems as its diagnostics (an
            // empty report was read as "no problems", or failed to parse); a person's gets
            // them on standard error. Either way the exit status is 2.
            guard output == nil, report.format != "human" else { throw ArgumentParser.ValidationError(failure.text) }
            let diagnostics = failure.problems.map { problem in
                // "the schema is not valid JSON: …" says it already.
                let message = problem.message.hasPrefix("the schema is not valid") ? problem.message : "the schema is not valid: " + problem.message
                return Diagnostic(ruleID: RuleMetadata.schemaID, severity: .error, message: message,
                           file: problem.file, start: problem.position ?? SourcePosition(line: 1, column: 1))
            }
            if report.format == "json" {
                var out = JSONObject()
                out["valid"] = .bool(false)
                out["schemaErrors"] = .array(diagnostics.map { d in
                    var o = JSONObject()
                    o["file"] = .string(d.file)
                    o["line"] = .number(JSONNumber(d.line))
                    o["column"] = .number(JSONNumber(d.column))
                    o["message"] = .string(d.message)
                    return .object(o)
                })
                out["results"] = .array([])
                writeStandardOutput(JSONWriter.pretty.bytes(.object(out)))
            } else {
                let registry = PluginRegistry.builtIn
                let context = ReportContext(colorEnabled: report.colorEnabled(), sources: .files(relativeTo: FileManager.default.currentDirectoryPath),
                                            toolVersion: larderVersion, rules: ReportIDs.rules(of: CLIRegistry.makeForLint()))
                let summary = DiagnosticSummary(diagnostics, filesChecked: Set(diagnostics.map(\.file)).count)
                writeStandardOutput(try report.reporter(in: registry).report(diagnostics, summary: summary, context: context))
            }
            FileHandle.standardError.write(Data(("larder: error: " + failure.text + "\n").utf8))
            throw ExitCode(2)
        }
        var validator = InstanceValidator(schema: compiled, jsonl: jsonl)
        if let output, let format = OutputFormat(rawValue: output) { validator.outputFormats = [format] }
        let results = await validator.validate(instances)
        let allValid = results.allSatisfy(\.valid)

        if let output, let format = OutputFormat(rawValue: output) {
            var bytes: [UInt8] = []
            for result in results {
                bytes += JSONWriter.compact.bytes(result.outputUnit(format))
                bytes.append(0x0A)
            }
            writeStandardOutput(bytes)
        } else if report.format == "json" {
            writeStandardOutput(JSONWriter.pretty.bytes(Self.jsonReport(results, jsonl: jsonl)))
        } else {
            let registry = PluginRegistry.builtIn
            let reporter = try report.reporter(in: registry)
            let diagnostics = results.flatMap { $0.diagnostics() }
            var sources: [PathKey: SourceLocator] = [:]
            for result in results where !result.valid && !jsonl { if let l = result.locator { sources[PathKey(result.file)] = l } }
            let context = ReportContext(
                colorEnabled: report.colorEnabled(),
                sources: SourceProvider.locators(sources),
                toolVersion: larderVersion,
                // Described as lint describes them (`lone-surrogate` is a rule of lint's).
                rules: ReportIDs.rules(of: CLIRegistry.makeForLint()))
            let summary = DiagnosticSummary(diagnostics, filesChecked: instances.count)
            writeStandardOutput(reporter.report(diagnostics, summary: summary, context: context))
        }
        if !allValid { throw ExitCode(1) }
    }

    /// Reads and compiles the schema; every failure is a usage error (exit 2) that names
    /// the schema file, with line and column where there is one.
    func compileSchema() throws -> JSONSchema {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(schema)
        } catch {
            throw ArgumentParser.ValidationError("cannot read the schema: \(error)")
        }
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: bytes)
        } catch {
            // A schema that does not compile, as one that breaks its meta-schema is: the
            // machine-read reports hold it too (they were empty).
            let message = "the schema is not valid JSON: \(error.message)"
            throw SchemaCompileFailure(text: "\(schema):\(error.position.line):\(error.position.column): " + message,
                                       problems: [.init(file: schema, position: error.position, message: message)])
        }
        let schemaURL = URL(fileURLWithPath: schema).standardizedFileURL
        var registry = SchemaRegistry()
        // A schema's references to local files resolve wherever they lead, not only below
        // the schema's folder or the working directory: `../common/defs.json` must work
        // from any folder CI runs in. Remote ones are still never fetched.
        registry.resolver = SchemaRegistry.localFiles
        registry.allowFiles(under: schemaURL.deletingLastPathComponent().path)
        registry.allowFiles(under: FileManager.default.currentDirectoryPath)
        // validate() refused the arguments that are not URI-PREFIX=DIR.
        let mappings = refMaps.compactMap(SchemaRegistry.Mapping.init(argument:))
        for mapping in mappings { registry.map(mapping) }
        // Larder's own schemas are known by their ids (a team's schema may $ref
        // https://larder.dev/schemas/common.schema.json#/$defs/slug, as lint resolves it),
        // unless a --ref-map names where to read them.
        for name in BuiltInSchemas.names {
            guard let uri = BuiltInSchemas.uri(name), let text = BuiltInSchemas.text(name), !mappings.contains(where: { $0.relativePath(of: uri) != nil }) else { continue }
            try? registry.add(uri: uri, json: text)
        }
        let options = SchemaOptions(
            draft: draft.flatMap(Self.draft(named:)), formatAssertion: formatAssertion,
            baseURI: schemaURL.absoluteString)
        do {
            return try JSONSchema(doc, options: options, registry: registry)
        } catch {
            var problems: [SchemaCompileFailure.Problem] = []
            // Each file's problems in the order of their lines, as the other reports list
            // them (the meta-schema finds them in its own order: 4:24, 5:23, then 2:11).
            let files = error.problems.map { $0.file ?? schema }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let ordered = error.problems.enumerated().sorted { a, b in
                let (fa, fb) = (files.firstIndex(of: a.element.file ?? schema) ?? 0, files.firstIndex(of: b.element.file ?? schema) ?? 0)
                if fa != fb { return fa < fb }
                let (pa, pb) = (a.element.position ?? SourcePosition(line: 0, column: 0), b.element.position ?? SourcePosition(line: 0, column: 0))
                return (pa.line, pa.column, a.offset) < (pb.line, pb.column, b.offset)
            }.map(\.element)
            let lines = ordered.map { problem -> String in
                // A problem in a file reached through $ref names that file; the keyword's
                // place in the schema leads the message, as lint gives it.
                let file = problem.file ?? schema
                let pointer = problem.schemaLocation.map { $0.tokens.isEmpty ? "" : "\($0.description): " } ?? ""
                problems.append(.init(file: file, position: problem.position, message: pointer + problem.message))
                let at = problem.position.map { "\(file):\($0.line):\($0.column): " } ?? "\(file): "
                return at + pointer + problem.message
            }
            let head = error.problems.count == 1 && error.problems[0].message == error.message ? [] : ["\(schema): \(error.message)"]
            if problems.isEmpty { problems = [.init(file: schema, position: nil, message: error.message)] }
            throw SchemaCompileFailure(text: (head + lines).joined(separator: "\n"), problems: problems)
        }
    }

    /// A schema that does not compile: the usage error's text, and each problem at its place.
    struct SchemaCompileFailure: Error {
        struct Problem {
            var file: String
            var position: SourcePosition?
            var message: String
        }
        var text: String
        var problems: [Problem]
    }

    static func jsonReport(_ results: [InstanceResult], jsonl: Bool) -> JSONValue {
        var out = JSONObject()
        out["valid"] = .bool(results.allSatisfy(\.valid))
        out["results"] = .array(results.map { r in
            var o = JSONObject()
            o["file"] = .string(r.file)
            if jsonl, let line = r.line { o["line"] = .number(JSONNumber(line)) }
            o["valid"] = .bool(r.valid)
            o["errors"] = .array(r.errors.map { e in
                var eo = JSONObject()
                eo["instanceLocation"] = .string(e.instanceLocation)
                eo["keywordLocation"] = .string(e.keywordLocation)
                eo["absoluteKeywordLocation"] = e.absoluteKeywordLocation.map(JSONValue.string) ?? .null
                eo["message"] = .string(e.message)
                eo["line"] = .number(JSONNumber(e.position.line))
                eo["column"] = .number(JSONNumber(e.position.column))
                return .object(eo)
            })
            return .object(o)
        })
        return .object(out)
    }
}
