import Foundation
import LarderJSON

/// The content of a run: every document the config includes, with the problems met while
/// reading and parsing (rules `io` and `parse`).
public struct LoadedContent: Sendable {
    /// Every document, in file order (a file holding an array gives one per element).
    public var documents: [Document]
    /// Files that could not be read or parsed.
    public var diagnostics: [Diagnostic]
    /// Each loaded file (project-relative) and the index of its content entry.
    public var files: [(path: String, entry: Int)]
    /// The text of each file that did not parse, for reports that quote lines (keyed by the
    /// path's bytes: names that differ only in Unicode normalization are two files).
    public var locators: [PathKey: SourceLocator]

    public init(documents: [Document] = [], diagnostics: [Diagnostic] = [], files: [(path: String, entry: Int)] = [], locators: [PathKey: SourceLocator] = [:]) {
        self.documents = documents
        self.diagnostics = diagnostics
        self.files = files
        self.locators = locators
    }
}

/// Finds the files each content entry of `larder.yml` includes and parses them, on every core.
public struct ContentLoader: Sendable {
    public let config: LarderConfig
    public let reader: any ProjectReader

    public init(config: LarderConfig, reader: any ProjectReader) {
        self.config = config
        self.reader = reader
    }

    /// The project-relative files the config includes, each with its entry index, sorted.
    /// Folders are walked only below the literal start of each include glob.
    public func includedFiles() -> [(path: String, entry: Int)] {
        included().files
    }

    /// ``includedFiles()``, the symbolic links a content entry's include takes in, which
    /// are not read (``ProjectReader/filesAndLinks(under:)``), and the folders below the
    /// includes' roots skipped as a build's output (``ProjectReader/walk(under:)``), from one
    /// walk.
    public func included() -> (files: [(path: String, entry: Int)], links: [SymbolicLink], outputs: [String]) {
        var roots = Set<String>()
        for entry in config.content { for glob in entry.include { roots.insert(glob.literalPrefix) } }
        // A root inside another root is walked with it.
        let sortedRoots = roots.sorted()
        var walk: [String] = []
        for root in sortedRoots where !walk.contains(where: { $0.isEmpty || root == $0 || root.hasPrefix($0 + "/") }) {
            walk.append(root)
        }
        // Roots that do not nest share no file, and each root's files come sorted: a single
        // root (the usual case) needs neither a set nor a sort (only a check).
        var out: [(String, Int)] = []
        var links: [SymbolicLink] = []
        var outputs: [String] = []
        for root in walk {
            let found = reader.walk(under: root)
            for path in found.files {
                if let (index, _) = config.entry(for: path) { out.append((path, index)) }
            }
            links += found.links.filter { config.entry(for: $0.path) != nil || ($0.isFolder && config.entryTakingFiles(under: $0.path) != nil) }
            outputs += found.outputs
        }
        if out.indices.dropFirst().allSatisfy({ out[$0 - 1].0 < out[$0].0 }) { return (out, links, outputs.sorted()) }
        return (out.sorted { $0.0 < $1.0 }, links.sorted { $0.path < $1.path }, outputs.sorted())
    }

    struct FileResult: Sendable {
        var documents: [Document] = []
        var diagnostics: [Diagnostic] = []
        var locator: SourceLocator?
    }

    static func loadFile(_ path: String, kind: String, reader: any ProjectReader, duplicateKeys: Bool) -> FileResult {
        // Not read: a document's place in its file is a JSON Pointer (in reports, the lint
        // cache, the plugin protocol), which a file of lines does not have.
        if ContentFileText.isJSONLinesName(path) { return FileResult(diagnostics: [ContentFileText.jsonLinesDiagnostic(file: path)]) }
        let bytes: [UInt8]
        do {
            bytes = try reader.read(path)
        } catch {
            return FileResult(diagnostics: [Diagnostic(
                ruleID: "io", severity: .error, message: "cannot read the file: \(error.reason)",
                file: path, start: SourcePosition(line: 1, column: 1))])
        }
        do {
            let json = try JSONDocument(parsing: bytes, options: JSONParser.Options(detectDuplicateKeys: duplicateKeys))
            // Files that are reported on get one line index, built here once and shared by
            // every document and rule: rules that made their own per document scanned a
            // file of 50 documents 50 times. Files read only for cross-file rules get none.
            let locator = duplicateKeys ? SourceLocator(bytes: bytes) : nil
            return FileResult(documents: Document.split(file: path, kind: kind, json: json, locator: locator))
        } catch {
            return FileResult(diagnostics: [ContentFileText.parseDiagnostic(error, in: bytes, file: path)], locator: SourceLocator(bytes: bytes))
        }
    }

    /// Reads and parses `files` (project-relative, with their entry index). Keys repeated
    /// within an object are looked for only in the files of `reportingOn` (all when nil):
    /// the other files are read for cross-file rules alone.
    public func load(_ files: [(path: String, entry: Int)], reportingOn: Set<String>? = nil) async -> LoadedContent {
        await load(files, reporting: reportingOn.map { Set($0.map(PathKey.init)) })
    }

    /// ``load(_:reportingOn:)`` with the reported files told apart by their bytes (two
    /// names that differ only in Unicode normalization are two files).
    func load(_ files: [(path: String, entry: Int)], reporting reportingOn: Set<PathKey>?) async -> LoadedContent {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results = [FileResult?](repeating: nil, count: files.count)
        let reader = self.reader
        let kinds = files.map { config.content[$0.entry].kind }
        // Files are parsed in batches so thousands of small files do not cost a task each.
        let batch = max(1, min(64, files.count / (width * 4)))
        await withTaskGroup(of: [(Int, FileResult)].self) { group in
            var next = 0
            func add() {
                let range = next..<min(next + batch, files.count)
                next = range.upperBound
                group.addTask {
                    range.map { i in
                        let path = files[i].path
                        return (i, Self.loadFile(path, kind: kinds[i], reader: reader, duplicateKeys: reportingOn?.contains(PathKey(path)) ?? true))
                    }
                }
            }
            while next < files.count && next < batch * width * 2 { add() }
            while let done = await group.next() {
                for (i, r) in done { results[i] = r }
                if next < files.count { add() }
            }
        }
        var content = LoadedContent(files: files)
        for (i, result) in results.enumerated() {
            guard let result else { continue }
            content.documents += result.documents
            content.diagnostics += result.diagnostics
            if let locator = result.locator { content.locators[PathKey(files[i].path)] = locator }
        }
        return content
    }
}

/// What a content file is: one JSON document, or an array of documents. The messages that
/// say so when a file is something else (JSON Lines), shared by `larder lint` (with and
/// without a config) and `larder build`, whole and streamed.
public enum ContentFileText {
    /// Whether `path` is named as JSON Lines (`.jsonl`, `.ndjson`, in any case).
    public static func isJSONLinesName(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson")
    }

    /// The error at a JSON Lines file that Larder was asked to read as content: it is not
    /// read (a document's place in its file is a JSON Pointer, which a file of lines does
    /// not have), and how to make it a content file.
    public static func jsonLinesDiagnostic(file: String) -> Diagnostic {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let stem = name.lowercased().hasSuffix(".ndjson") ? String(name.dropLast(7)) : String(name.dropLast(6))
        let message = "\(name) is named as JSON Lines, which Larder does not read as content: a content file holds one JSON document or an array of documents. "
            + "Make it a .json file that holds an array: wrap the lines in [ ] with a comma between each two (`jq -s . \(name) > \(stem).json` does it), "
            + "and include that file; `larder validate --jsonl` checks JSON Lines against a schema"
        return Diagnostic(ruleID: RuleMetadata.parseID, severity: .error, message: message, file: file,
                          start: SourcePosition(line: 1, column: 1))
    }

    /// The message of a parse error in a content file: the parser's, and when the file
    /// holds several values one after another (JSON Lines by another name), what that is
    /// and what to do.
    public static func message(of error: JSONParseError, in bytes: [UInt8]) -> String {
        guard error.message.hasPrefix("expected end of input after the top-level value"), error.offset < bytes.count,
              startsValue(bytes[error.offset]) else { return error.message }
        return error.message + "; the file holds several JSON values one after another, as JSON Lines does: "
            + "a content file holds one JSON document or an array of documents, so wrap the values in [ ] with a comma between each two"
    }

    /// A `parse` error at the place the parser stopped.
    public static func parseDiagnostic(_ error: JSONParseError, in bytes: [UInt8], file: String) -> Diagnostic {
        Diagnostic(ruleID: RuleMetadata.parseID, severity: .error, message: message(of: error, in: bytes),
                   file: file, start: error.position, end: error.end(in: bytes))
    }

    /// Whether `byte` can start a JSON value.
    static func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }
}
