import Foundation
import LarderCore
import LarderJSON
import LarderSchema

/// A ``Source`` that reads another format's records and makes Larder documents of one
/// kind: ``OpenFoodFactsImporter`` (products) and ``SchemaOrgRecipeImporter`` (recipes).
///
/// An importer converts each record on its own. A record that cannot be converted (not an
/// object, a required field missing, a value that cannot be read) gets an error with the
/// file, line and column of the record or value, and is left out; the other records go on.
/// A value that is dropped but does not stop the record gets a warning, a value that was
/// changed on the way (a padded barcode, an id made a slug) a note.
///
///     var diagnostics: [Diagnostic] = []
///     let products = try OpenFoodFactsImporter().importFiles(["nutella.json"], diagnostics: &diagnostics)
///     products[0].value["code"]    // "3017620422003"
///
/// Every document ``importFiles(_:workingDirectory:maxFileSize:diagnostics:)`` returns
/// validates against the built-in schema of ``kind``: a converted record that does not is
/// reported and left out.
public protocol Importer: Source {
    /// The kind of content made: `"product"`, `"recipe"`.
    var kind: String { get }

    /// The documents made from the records of one file's bytes, in the file's order;
    /// problems go to `diagnostics` (rule id `"parse"` for broken JSON, `"import"` for the
    /// rest). The documents are not yet checked against the kind's schema.
    func records(in bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> [ImportedDocument]
}

/// One document an importer made, with where its record starts in the input.
public struct ImportedDocument: Sendable, Hashable {
    /// The content kind (`"product"`).
    public var kind: String
    /// The document's identity: a product's code, a recipe's id (a slug or an integer).
    public var id: JSONValue
    /// The Larder document.
    public var value: JSONValue
    /// The input file, as given.
    public var file: String
    /// Where the record starts in the input file.
    public var start: SourcePosition

    public init(kind: String, id: JSONValue, value: JSONValue, file: String, start: SourcePosition) {
        self.kind = kind
        self.id = id
        self.value = value
        self.file = file
        self.start = start
    }

    /// The document as Larder writes content files: pretty JSON, two spaces, a final line
    /// break.
    public var bytes: [UInt8] { JSONWriter.pretty.bytes(value) + [0x0A] }
}

/// The rule id of diagnostics about imported records.
public let importRuleID = "import"

/// The file name diagnostics give standard input, the path `-` of an import.
public let standardInputName = "<stdin>"

/// The largest input file an import reads (256 MiB), by default.
public let importMaxFileSize = 256 << 20

extension Importer {
    /// Imports files: each path names a JSON file (one record, an array, or a wrapper the
    /// importer knows) or a JSON Lines file (`.jsonl`, `.ndjson`, or any file whose lines
    /// are JSON values). With `standardInput`, the path `-` stands for those bytes (what
    /// `larder import off -` read from its standard input), and diagnostics name it
    /// `<stdin>`. Throws only when a file cannot be read.
    public func importFiles(
        _ paths: [String],
        workingDirectory: String = FileManager.default.currentDirectoryPath,
        maxFileSize: Int = importMaxFileSize,
        standardInput: [UInt8]? = nil,
        diagnostics: inout [Diagnostic]
    ) throws(SourceError) -> [ImportedDocument] {
        let schema = try? BuiltInSchemas.compile(kind)
        var documents: [ImportedDocument] = []
        for path in paths {
            var file = path
            let bytes: [UInt8]
            if path == "-", let standardInput {
                guard standardInput.count <= maxFileSize else {
                    throw SourceError(path: standardInputName, reason: "is larger than \(maxFileSize) bytes")
                }
                (bytes, file) = (standardInput, standardInputName)
            } else {
                bytes = try ImportInput.read(path, workingDirectory: workingDirectory, maxFileSize: maxFileSize)
            }
            for document in records(in: bytes, file: file, diagnostics: &diagnostics) {
                if let schema, let problem = Self.schemaProblem(document, schema: schema) {
                    diagnostics.append(Diagnostic(
                        ruleID: importRuleID, severity: .error,
                        message: "the \(kind) made from this record does not match Larder's \(kind) schema (\(problem)); it is not imported",
                        file: document.file, start: document.start))
                    continue
                }
                documents.append(document)
            }
        }
        return documents
    }

    /// The first schema error of a document, or nil when it is valid.
    static func schemaProblem(_ document: ImportedDocument, schema: JSONSchema) -> String? {
        let json: JSONDocument
        do {
            json = try JSONDocument(parsing: JSONWriter.compact.bytes(document.value))
        } catch {
            return "it cannot be written as JSON: \(error.message)"
        }
        return schema.validate(json).errors.first.map { "\($0)" }
    }

    /// The imported documents as ``Document``s of ``kind`` (their positions refer to the
    /// converted JSON, not the input: ``Document/isModified`` is true).
    public func load(context: SourceContext, diagnostics: inout [Diagnostic]) throws -> [Document] {
        let imported = try importFiles(
            context.paths, workingDirectory: context.workingDirectory, maxFileSize: context.maxFileSize,
            diagnostics: &diagnostics)
        var documents: [Document] = []
        for item in imported {
            let json = try JSONDocument(parsing: [UInt8]("null".utf8))
            var document = Document(file: item.file, kind: item.kind, json: json)
            try document.replaceValue(with: item.value)
            documents.append(document)
        }
        return documents
    }
}
