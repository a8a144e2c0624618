import Foundation
import LarderJSON
import LarderSchema
import Testing

/// Problems in schema files reached through `$ref`, and `--ref-map` look-ups that fail.
@Suite struct ReferencedFileErrorTests {
    func folder(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-schema-\(UUID().uuidString)")
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    func compileError(_ path: String, registry: SchemaRegistry = SchemaRegistry()) -> SchemaError? {
        do {
            _ = try JSONSchema(contentsOfFile: path, registry: registry)
            return nil
        } catch {
            return error
        }
    }

    /// The error named the root schema and no line, though the mistake was in the file the
    /// `$ref` loads.
    @Test func aCompileErrorInAReferencedFileNamesThatFileAndItsLine() throws {
        let dir = try folder([
            "root.json": "{\n  \"properties\": {\"a\": {\"$ref\": \"child.json\"}}\n}\n",
            "child.json": "{\n  \"properties\": {\n    \"m\": {\"pattern\": \"((\"}\n  }\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let error = try #require(compileError(dir.appendingPathComponent("root.json").path))
        let problem = try #require(error.problems.first)
        #expect(error.problems.count == 1)
        #expect(problem.file == dir.appendingPathComponent("child.json").path, "\(error)")
        #expect(problem.position == SourcePosition(line: 3, column: 22), "\(error)")
        #expect(problem.schemaLocation == "/properties/m/pattern")
        #expect(problem.message.hasPrefix(#"the pattern "((" is not a valid regular expression"#), "\(error)")
        #expect(error.description.hasPrefix("\(dir.path)/child.json:3:22: /properties/m/pattern: the pattern"), "\(error)")
    }

    /// A referenced file is checked against its meta-schema as the root one is: a keyword
    /// value of the wrong type was silently ignored.
    @Test func aReferencedFileIsCheckedAgainstItsMetaSchema() throws {
        let dir = try folder([
            "root.json": #"{"$ref": "defs/child.json"}"#,
            "defs/child.json": "{\n  \"type\": \"string\",\n  \"minLength\": \"x\"\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let error = try #require(compileError(dir.appendingPathComponent("root.json").path))
        let problem = try #require(error.problems.first)
        #expect(error.message.contains(dir.appendingPathComponent("defs/child.json").path), "\(error)")
        #expect(problem.file == dir.appendingPathComponent("defs/child.json").path, "\(error)")
        #expect(problem.position == SourcePosition(line: 3, column: 16), "\(error)")
        #expect(problem.schemaLocation == "/minLength")
    }

    @Test func aReferencedFileThatIsNotJSONNamesItsLine() throws {
        let dir = try folder([
            "root.json": #"{"$ref": "child.json"}"#,
            "child.json": "{\n  \"type\": \n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let error = try #require(compileError(dir.appendingPathComponent("root.json").path))
        let problem = try #require(error.problems.first)
        #expect(problem.file == dir.appendingPathComponent("child.json").path, "\(error)")
        #expect(problem.position?.line == 3, "\(error)")
        #expect(problem.message.contains("not valid JSON"), "\(error)")
    }

    /// A URI under a `--ref-map` prefix whose file is missing said the reference was not
    /// fetched and suggested a mapping, though one was given.
    @Test func aMissingFileUnderAMappedPrefixNamesThePathTried() throws {
        let dir = try folder(["schemas/name.json": #"{"type": "string"}"#])
        defer { try? FileManager.default.removeItem(at: dir) }
        var registry = SchemaRegistry()
        registry.map(prefix: "https://example.com/schemas/", to: dir.appendingPathComponent("schemas").path)
        let tried = dir.appendingPathComponent("schemas/nmae.json").path
        do {
            _ = try JSONSchema(json: #"{"properties": {"a": {"$ref": "https://example.com/schemas/nmae.json"}}}"#, registry: registry)
            Issue.record("compiled")
        } catch {
            #expect(error.message == "cannot resolve the reference https://example.com/schemas/nmae.json: the file \(tried) does not exist (--ref-map https://example.com/schemas/=\(dir.appendingPathComponent("schemas").path))", "\(error)")
            // At the `$ref` itself (it was placed at the schema object holding it).
            #expect(error.problems.first?.schemaLocation == "/properties/a/$ref")
        }
        // A URI no mapping covers keeps its own message.
        do {
            _ = try JSONSchema(json: #"{"$ref": "https://other.example.com/name.json"}"#, registry: registry)
            Issue.record("compiled")
        } catch {
            #expect(error.message.contains("is not fetched"), "\(error)")
        }
        // A relative file reference beside a schema file.
        let root = dir.appendingPathComponent("schemas/root.json")
        try Data(#"{"$ref": "missing.json"}"#.utf8).write(to: root)
        let fileError = try #require(compileError(root.path))
        #expect(fileError.message.contains("the file \(dir.appendingPathComponent("schemas/missing.json").path) does not exist"), "\(fileError)")
    }
}

@Suite struct FileReferenceOutsideTests {
    /// A file that exists but lies outside the folders a registry reads is not called
    /// unknown: the message says why it was not read and which --ref-map allows it.
    @Test func aFileOutsideTheAllowedFoldersSaysWhyAndHowToAllowIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"properties": {"slug": {"$ref": "../outside.json"}}}"#.utf8).write(to: dir.appendingPathComponent("schemas/escape.json"))
        try Data(#"{}"#.utf8).write(to: dir.appendingPathComponent("outside.json"))
        let error = #expect(throws: SchemaError.self) { try JSONSchema(contentsOfFile: dir.appendingPathComponent("schemas/escape.json").path) }
        let message = error?.problems.first?.message ?? error?.message ?? ""
        #expect(message.contains("outside.json is outside the folders schemas are read from"), "\(message)")
        #expect(message.contains("--ref-map file://"), "\(message)")
    }

    /// ``SchemaRegistry/localFiles`` reads a file wherever a reference leads, and leaves
    /// remote URIs unresolved.
    @Test func theLocalFilesResolverReadsAnyLocalFileAndNoRemoteOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("schemas/api"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("schemas/common"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"properties": {"id": {"$ref": "../common/defs.json#/$defs/id"}}}"#.utf8).write(to: dir.appendingPathComponent("schemas/api/item.json"))
        try Data(#"{"$defs": {"id": {"type": "integer"}}}"#.utf8).write(to: dir.appendingPathComponent("schemas/common/defs.json"))
        let schema = try JSONSchema(contentsOfFile: dir.appendingPathComponent("schemas/api/item.json").path, registry: SchemaRegistry(resolver: SchemaRegistry.localFiles))
        #expect(schema.isValid(try JSONDocument(parsing: #"{"id": 1}"#)))
        #expect(!schema.isValid(try JSONDocument(parsing: #"{"id": "x"}"#)))
        #expect(try SchemaRegistry.localFiles("https://example.com/defs.json") == nil)
    }
}
