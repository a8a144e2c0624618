import Foundation
import LarderJSON

/// Where documents come from: files, the git index, standard input, a JSONL stream.
///
/// A source parses what it reads into ``Document``s. Content that cannot be parsed is not
/// a reason to stop: the source appends a diagnostic (rule id `"parse"`) and goes on. It
/// throws only when it cannot run at all (a file it was told to read does not exist).
public protocol Source: Plugin {
    /// The documents, in a stable order; problems with the content go to `diagnostics`.
    func load(context: SourceContext, diagnostics: inout [Diagnostic]) throws -> [Document]
}

/// What a source gets: the paths or patterns it was given, the kind of content, options.
public struct SourceContext: Sendable {
    /// Paths as the user gave them (relative to ``workingDirectory``, or absolute).
    public var paths: [String]
    /// The content kind of what is loaded, when known.
    public var kind: String?
    /// The source's options from `larder.yml`; `null` when none.
    public var options: JSONValue
    /// The folder relative paths are resolved against.
    public var workingDirectory: String
    /// Files larger than this are reported instead of read.
    public var maxFileSize: Int

    public init(
        paths: [String],
        kind: String? = nil,
        options: JSONValue = .null,
        workingDirectory: String = FileManager.default.currentDirectoryPath,
        maxFileSize: Int = 64 << 20
    ) {
        self.paths = paths
        self.kind = kind
        self.options = options
        self.workingDirectory = workingDirectory
        self.maxFileSize = maxFileSize
    }
}

/// Why a source could not run.
public struct SourceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// Reads JSON files from disk: each path names one file, holding one document or an array
/// of documents.
///
///     var diagnostics: [Diagnostic] = []
///     let docs = try FileSource().load(
///         context: SourceContext(paths: ["recipes/pasta.json"], kind: "recipe"),
///         diagnostics: &diagnostics)
public struct FileSource: Source {
    public let id = "files"
    public let summary = "Reads JSON files, each holding one document or an array of documents."

    public init() {}

    public func load(context: SourceContext, diagnostics: inout [Diagnostic]) throws -> [Document] {
        var documents: [Document] = []
        for path in context.paths {
            let bytes = try Self.read(path, context: context)
            documents += Self.parse(bytes, file: path, kind: context.kind, diagnostics: &diagnostics)
        }
        return documents
    }

    /// Parses one file's bytes into its documents; when the JSON is broken, appends a
    /// `"parse"` error saying where and returns no documents.
    public static func parse(
        _ bytes: [UInt8], file: String, kind: String?, diagnostics: inout [Diagnostic]
    ) -> [Document] {
        do {
            let json = try JSONDocument(parsing: bytes)
            return Document.split(file: file, kind: kind, json: json)
        } catch {
            diagnostics.append(ContentFileText.parseDiagnostic(error, in: bytes, file: file))
            return []
        }
    }

    static func read(_ path: String, context: SourceContext) throws(SourceError) -> [UInt8] {
        let full = path.hasPrefix("/") ? path : context.workingDirectory + "/" + path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else {
            throw SourceError(path: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw SourceError(path: path, reason: "is a folder, not a file") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: full))?[.size] as? Int,
            size > context.maxFileSize
        {
            throw SourceError(path: path, reason: "is larger than \(context.maxFileSize) bytes")
        }
        do {
            return try FileBytes.read(full)
        } catch {
            throw SourceError(path: path, reason: "could not be read: \(error.reason)")
        }
    }
}
