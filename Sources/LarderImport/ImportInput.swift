import Foundation
import LarderCore
import LarderJSON

/// One parsed JSON text of an input file (the whole file, or one line of a JSON Lines file)
/// and the diagnostics about it, with positions in the file.
///
/// Importers read the parsed tape (not `JSONValue` trees) so that every problem can name
/// the line and column of the value it is about.
public struct ImportReader {
    /// The parsed text.
    public let json: JSONDocument
    /// The input file, as given.
    public let file: String
    /// The line of the file the text starts on, minus one (JSON Lines).
    public let lineOffset: Int
    private let locator: SourceLocator
    /// What was found so far.
    public var diagnostics: [Diagnostic] = []

    public init(json: JSONDocument, file: String, lineOffset: Int = 0) {
        self.json = json
        self.file = file
        self.lineOffset = lineOffset
        self.locator = json.locator()
    }

    /// Where `node` starts in the file.
    public func position(of node: Int) -> SourcePosition {
        var p = json.position(of: node, using: locator)
        p.line += lineOffset
        return p
    }

    /// Adds a diagnostic about `node`.
    public mutating func report(_ severity: Severity, _ message: String, at node: Int) {
        var d = Diagnostic(ruleID: importRuleID, severity: severity, message: message, file: file, json: json, node: node, locator: locator)
        d.start.line += lineOffset
        d.end.line += lineOffset
        diagnostics.append(d)
    }

    /// True once an error was reported at or after `mark` (a count of ``diagnostics``).
    public func hasErrors(since mark: Int) -> Bool {
        diagnostics[mark...].contains { $0.severity == .error }
    }

    // MARK: Reading values

    /// The member `key` of an object node, unless it is `null`.
    public func member(_ node: Int, _ key: String) -> Int? {
        guard json.kind(node) == .object, let m = json.member(node, key), json.kind(m) != .null else { return nil }
        return m
    }

    /// The string at `node`, cleaned (``ImportText/clean(_:)``); nil when it is not a string
    /// or nothing is left.
    public func text(_ node: Int) -> String? {
        guard let s = json.string(node) else { return nil }
        let cleaned = ImportText.clean(s)
        return cleaned.isEmpty ? nil : cleaned
    }

    /// The elements of an array node, or the node itself when it is not an array (schema.org
    /// and JSON-LD let any property hold one value or several).
    public func list(_ node: Int) -> [Int] {
        json.kind(node) == .array ? Array(json.elements(node)) : [node]
    }
}

/// Reading input files into parsed JSON texts.
enum ImportInput {
    static func read(_ path: String, workingDirectory: String, maxFileSize: Int) throws(SourceError) -> [UInt8] {
        let full = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else {
            throw SourceError(path: path, reason: "no such file")
        }
        if isDirectory.boolValue { throw SourceError(path: path, reason: "is a folder, not a file") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: full))?[.size] as? Int, size > maxFileSize {
            throw SourceError(path: path, reason: "is larger than \(maxFileSize) bytes")
        }
        do {
            return try FileBytes.read(full)
        } catch {
            throw SourceError(path: path, reason: error.reason)
        }
    }

    /// The JSON texts of a file: the file itself, or each non-blank line when the file is
    /// JSON Lines (by its extension `.jsonl`/`.ndjson`, or because the whole is not JSON but
    /// its first line is). A text that does not parse is reported (rule `"parse"`) and
    /// skipped.
    static func texts(_ bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> [ImportReader] {
        let lower = file.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
            return lines(bytes, file: file, diagnostics: &diagnostics)
        }
        do {
            return [ImportReader(json: try JSONDocument(parsing: bytes), file: file)]
        } catch {
            if let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }),
               first == UInt8(ascii: "<") {
                return htmlScripts(bytes, file: file, diagnostics: &diagnostics)
            }
            let firstLine = lineRanges(bytes).first { !isBlank(bytes[$0]) }
            if let first = firstLine, first.upperBound < bytes.count,
               (try? JSONDocument(parsing: Array(bytes[first]))) != nil {
                return lines(bytes, file: file, diagnostics: &diagnostics)
            }
            diagnostics.append(Diagnostic(
                ruleID: RuleMetadata.parseID, severity: .error, message: error.message, file: file, start: error.position))
            return []
        }
    }

    /// The JSON-LD of an HTML page (a recipe page saved from the web): the text of each
    /// `<script type="application/ld+json">`, HTML comment or CDATA marks around it taken
    /// off. Each is parsed from a copy of the page with everything else made blank (line
    /// breaks kept, a character made as many spaces as the columns it takes), so positions
    /// are the page's own.
    static func htmlScripts(_ bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> [ImportReader] {
        let scripts = jsonLDScripts(bytes)
        guard !scripts.isEmpty else {
            diagnostics.append(Diagnostic(
                ruleID: RuleMetadata.parseID, severity: .error,
                message: "an HTML page with no <script type=\"application/ld+json\">: no schema.org data to import",
                file: file, start: SourcePosition(line: 1, column: 1)))
            return []
        }
        var readers: [ImportReader] = []
        for content in scripts {
            var padded: [UInt8] = []
            padded.reserveCapacity(bytes.count)
            for i in bytes.indices {
                let b = bytes[i]
                if content.contains(i) || b == 0x0A || b == 0x0D {
                    padded.append(b)
                } else if b < 0x80 {
                    padded.append(0x20)
                } else if b >= 0xC0 {
                    padded.append(0x20)
                    if b >= 0xF0 { padded.append(0x20) }  // two UTF-16 code units
                }
            }
            do {
                readers.append(ImportReader(json: try JSONDocument(parsing: padded), file: file))
            } catch {
                diagnostics.append(Diagnostic(ruleID: RuleMetadata.parseID, severity: .error, message: error.message, file: file, start: error.position))
            }
        }
        return readers
    }

    /// The byte ranges of the JSON-LD scripts' texts, without `<!--`/`-->` and
    /// `<![CDATA[`/`]]>` around them.
    static func jsonLDScripts(_ bytes: [UInt8]) -> [Range<Int>] {
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
        func matches(_ text: String, at i: Int) -> Bool {
            let t = Array(text.utf8)
            guard i + t.count <= bytes.count else { return false }
            for k in t.indices where lower(bytes[i + k]) != t[k] { return false }
            return true
        }
        var ranges: [Range<Int>] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), matches("<script", at: i) else { i += 1; continue }
            guard let close = bytes[i...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = String(decoding: bytes[i..<close].map(lower), as: UTF8.self)
            var end = close + 1
            while end < bytes.count, !(bytes[end] == UInt8(ascii: "<") && matches("</script", at: end)) { end += 1 }
            if tag.contains("application/ld+json") {
                var start = close + 1, stop = end
                func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
                while start < stop, isSpace(bytes[start]) { start += 1 }
                while stop > start, isSpace(bytes[stop - 1]) { stop -= 1 }
                // `<!--`, `<![CDATA[`, and the script-comment forms WordPress writes
                // (`//<![CDATA[`, `/*<![CDATA[*/`), and their ends.
                for open in ["/*<![cdata[*/", "//<![cdata[", "<!--", "<![cdata["] where matches(open, at: start) {
                    start += open.utf8.count
                    break
                }
                for shut in ["/*]]>*/", "//]]>", "-->", "]]>"] where stop - start >= shut.utf8.count && matches(shut, at: stop - shut.utf8.count) {
                    stop -= shut.utf8.count
                    break
                }
                if start < stop { ranges.append(start..<stop) }
            }
            i = end
        }
        return ranges
    }

    static func lines(_ bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> [ImportReader] {
        var readers: [ImportReader] = []
        for (index, range) in lineRanges(bytes).enumerated() where !isBlank(bytes[range]) {
            do {
                let json = try JSONDocument(parsing: Array(bytes[range]))
                readers.append(ImportReader(json: json, file: file, lineOffset: index))
            } catch {
                diagnostics.append(Diagnostic(
                    ruleID: RuleMetadata.parseID, severity: .error, message: error.message, file: file,
                    start: SourcePosition(line: index + 1, column: error.position.column)))
            }
        }
        return readers
    }

    /// The byte ranges of the lines (without `\n` or `\r\n`).
    static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for i in bytes.indices where bytes[i] == 0x0A {
            ranges.append(start..<(i > start && bytes[i - 1] == 0x0D ? i - 1 : i))
            start = i + 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
