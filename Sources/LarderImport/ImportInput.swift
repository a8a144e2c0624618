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
    /// The line of the file the text starts on, minus one (JSON Lines, a script of an HTML
    /// page).
    public let lineOffset: Int
    /// The column of the file the text's first line starts at, minus one (a script of an
    /// HTML page starts after its `<script>` tag).
    public let columnOffset: Int
    private let locator: SourceLocator
    /// What was found so far.
    public var diagnostics: [Diagnostic] = []
    /// The strings of the text that hold a lone surrogate, cleaned as converted text is,
    /// with their escapes as written; made on first use (``lintableText(_:record:idFrom:)``).
    var loneSurrogateTexts: [(text: String, escapes: [String])]?

    public init(json: JSONDocument, file: String, lineOffset: Int = 0, columnOffset: Int = 0) {
        self.json = json
        self.file = file
        self.lineOffset = lineOffset
        self.columnOffset = columnOffset
        self.locator = json.locator()
    }

    /// Where `node` starts in the file.
    public func position(of node: Int) -> SourcePosition {
        inFile(json.position(of: node, using: locator))
    }

    /// A position in the text as a position in the file.
    func inFile(_ p: SourcePosition) -> SourcePosition {
        Self.inFile(p, lineOffset: lineOffset, columnOffset: columnOffset)
    }

    static func inFile(_ p: SourcePosition, lineOffset: Int, columnOffset: Int) -> SourcePosition {
        SourcePosition(line: p.line + lineOffset, column: p.line == 1 ? p.column + columnOffset : p.column)
    }

    /// Adds a diagnostic about `node`.
    public mutating func report(_ severity: Severity, _ message: String, at node: Int) {
        let range = json.sourceRange(of: node, using: locator)
        diagnostics.append(Diagnostic(
            ruleID: importRuleID, severity: severity, message: message, file: file,
            start: inFile(range.start), end: inFile(range.end), pointer: pointer(to: node)))
    }

    /// The elements of the root array (empty when the root is no array), made on first use:
    /// the pointer of a value in the 100,000th record is found from its record, not by
    /// walking the 99,999 before it (an import of many records that each got a warning took
    /// time quadratic in their number: 100,000 took 35 s).
    private var rootElements: [Int]?

    private mutating func pointer(to node: Int) -> JSONPointer {
        guard json.kind(json.root) == .array else { return json.pointer(to: node) }
        if rootElements == nil { rootElements = Array(json.elements(json.root)) }
        let elements = rootElements!
        // The last element that starts at or before the node.
        var lo = 0, hi = elements.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if elements[mid] <= node { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0, node < json.after(elements[lo - 1]) else { return json.pointer(to: node) }
        return json.pointer(to: node, from: elements[lo - 1], basePointer: JSONPointer(tokens: [String(lo - 1)]))
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
    /// True when the first byte that is not a space or a byte order mark is `<`: an HTML
    /// page, whose JSON-LD scripts are one record's texts.
    static func startsAsMarkup(_ bytes: [UInt8]) -> Bool {
        bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == UInt8(ascii: "<")
    }

    static func texts(_ bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> [ImportReader] {
        var bytes = bytes
        // A page saved in ISO-8859-1 or windows-1252 that says so is read as a browser reads
        // it (it was refused as invalid UTF-8); a page that is UTF-8 is read as UTF-8,
        // whatever it declares.
        if startsAsMarkup(bytes), String(bytes: bytes, encoding: .utf8) == nil,
           let charset = declaredCharset(bytes), windows1252Labels.contains(charset) {
            bytes = windows1252ToUTF8(bytes)
        }
        let lower = file.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
            return lines(bytes, file: file, diagnostics: &diagnostics)
        }
        do {
            return [ImportReader(json: try JSONDocument(parsing: bytes), file: file)]
        } catch {
            if startsAsMarkup(bytes) {
                return htmlScripts(bytes, file: file, diagnostics: &diagnostics)
            }
            let firstLine = lineRanges(bytes).first { !isBlank(bytes[$0]) }
            if let first = firstLine, first.upperBound < bytes.count,
               (try? JSONDocument(parsing: Array(bytes[first]))) != nil {
                return lines(bytes, file: file, diagnostics: &diagnostics)
            }
            if let archive = webArchive(bytes) {
                diagnostics.append(Diagnostic(
                    ruleID: RuleMetadata.parseID, severity: .error, message: archive, file: file, start: SourcePosition(line: 1, column: 1)))
                return []
            }
            diagnostics.append(Diagnostic(
                ruleID: RuleMetadata.parseID, severity: .error, message: error.message, file: file, start: error.position))
            return []
        }
    }

    /// What to do with a recipe page saved as a web archive, which holds the page in another
    /// format than HTML (MHTML: the page quoted-printable in a MIME message; Safari's
    /// `.webarchive`: a binary property list): it was "expected a JSON value, found 'F'",
    /// which said nothing of the page. Nil for any other bytes.
    static func webArchive(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: Array("bplist00".utf8)) {
            return "this is a web page saved as a web archive (Safari's .webarchive), which Larder does not read: save the page as its source (File > Save As, Format: Page Source) and import that file"
        }
        // MIME headers (`From: <Saved by Blink>`, `MIME-Version: 1.0`), then a multipart
        // content type, in the header block.
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self).lowercased()
        let headers = head.components(separatedBy: "\r\n\r\n").first.map { $0.components(separatedBy: "\n\n")[0] } ?? ""
        guard let first = headers.first, first.isLetter, headers.contains("mime-version:"),
              headers.contains("multipart/related") else { return nil }
        return "this is a web page saved as a web archive (MHTML, one file with the page's images), which Larder does not read: save the page as HTML only (\"Webpage, HTML Only\"; the JSON-LD is in it) and import that file"
    }

    /// The JSON-LD of an HTML page (a recipe page saved from the web): the text of each
    /// `<script type="application/ld+json">` a browser would run, HTML comment or CDATA marks
    /// around it taken off. Each is parsed on its own, from its first line's start (the page
    /// before it on that line made blank) to its end, and its positions are shifted by the
    /// lines and columns before it, so they are the page's own. A script a browser would not
    /// run (in a comment, a `<textarea>`, a `<template>`) is skipped with a note.
    ///
    /// - Complexity: O(page): no script is given a copy of the whole page (a page of 4,000
    ///   scripts took 2.4 GB when each was).
    static func htmlScripts(_ bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> [ImportReader] {
        let found = jsonLDScripts(bytes)
        // A page in a charset Larder does not read is told so, and how to convert it.
        func inCharset(_ message: String) -> String {
            guard message.hasPrefix("invalid UTF-8"), let charset = declaredCharset(bytes),
                  !["utf-8", "utf8", "unicode-1-1-utf-8"].contains(charset) else { return message }
            // `pages/s.html` -> `pages/s-utf8.html`.
            let nameStart = file.lastIndex(of: "/").map { file.index(after: $0) } ?? file.startIndex
            let dot = file[nameStart...].lastIndex(of: ".").flatMap { $0 > nameStart ? $0 : nil } ?? file.endIndex
            let converted = String(file[..<dot]) + "-utf8" + String(file[dot...])
            return message + "; the page declares charset=\(charset), which Larder does not read (it reads UTF-8, and ISO-8859-1 and windows-1252 when a page declares them): convert it first, such as with iconv -f \(charset.uppercased()) -t UTF-8 \(file) > \(converted)"
        }
        let locator = SourceLocator(bytes: bytes)
        let inert = found.filter { $0.inert != nil }
        for script in inert {
            diagnostics.append(Diagnostic(
                ruleID: importRuleID, severity: .note,
                message: "a <script type=\"application/ld+json\"> inside \(script.inert ?? "") is skipped: browsers and search engines do not read it there",
                file: file, start: locator.position(ofByte: script.tagStart)))
        }
        let scripts = found.filter { $0.inert == nil && !$0.content.isEmpty }
        guard !scripts.isEmpty else {
            // An empty script (`<script type="application/ld+json" src="recipe.json">`) is one.
            let empty = found.contains { $0.inert == nil }
            let message = empty
                ? "an HTML page whose <script type=\"application/ld+json\"> holds nothing (a src address is not fetched): no schema.org data to import"
                : inert.isEmpty
                ? "an HTML page with no <script type=\"application/ld+json\">: no schema.org data to import"
                : "an HTML page with no <script type=\"application/ld+json\"> a browser would run (\(inert.count) skipped, see the notes): no schema.org data to import"
            diagnostics.append(Diagnostic(
                ruleID: RuleMetadata.parseID, severity: .error, message: message,
                file: file, start: SourcePosition(line: 1, column: 1)))
            return []
        }
        var readers: [ImportReader] = []
        for script in scripts {
            let content = script.content
            let start = locator.position(ofByte: content.lowerBound)
            let (lineOffset, columnOffset) = (start.line - 1, start.column - 1)
            let text = scriptText(bytes, script, locator: locator)
            do {
                let json = try JSONDocument(parsing: text)
                readers.append(ImportReader(json: json, file: file, lineOffset: lineOffset, columnOffset: columnOffset))
            } catch {
                // The script's text ends at its `</script>`, as a browser cuts it, even inside
                // a JSON string; an error past that end is about the blank after it
                // ("control character U+000A", "unexpected end"), so it is told at the
                // `</script>`, as the block ending before its JSON does.
                var error = error
                var errorPosition = ImportReader.inFile(error.position, lineOffset: lineOffset, columnOffset: columnOffset)
                let end = locator.position(ofByte: content.upperBound)
                // A line break or tab written as it is inside a string (a page's template
                // put the text in as typed) is not JSON, but browsers and search engines read
                // such a block, and so does the import, with a note; nothing else is let by.
                var lenient = false
                if errorPosition < end, isRawControlInString(error, text) {
                    lenient = true
                    do {
                        let json = try JSONDocument(parsing: text, options: JSONParser.Options(allowsControlCharactersInStrings: true))
                        readers.append(ImportReader(json: json, file: file, lineOffset: lineOffset, columnOffset: columnOffset))
                        diagnostics.append(Diagnostic(
                            ruleID: importRuleID, severity: .note,
                            message: notStrictJSONMessage(rawControlsInStrings(bytes[content])),
                            file: file, start: errorPosition))
                        continue
                    } catch let other {
                        error = other
                        errorPosition = ImportReader.inFile(error.position, lineOffset: lineOffset, columnOffset: columnOffset)
                    }
                }
                // Read leniently, a string cut by the `</script>` runs on to the end of the
                // text and is told where it starts: it is the block that ends inside it.
                let cutInString = lenient && script.closeTag < bytes.count && endsInsideString(bytes[content])
                guard errorPosition >= end || cutInString else {
                    diagnostics.append(Diagnostic(ruleID: RuleMetadata.parseID, severity: .error, message: inCharset(error.message), file: file, start: errorPosition))
                    continue
                }
                let closed = script.closeTag < bytes.count
                let endsInString = endsInsideString(bytes[content])
                let message: String
                switch (closed, endsInString) {
                case (true, true):
                    message = "the <script type=\"application/ld+json\"> block ends inside a JSON string: a </script> in its text ends the script, as browsers read it; write it <\\/script> in the JSON"
                case (true, false):
                    message = "the <script type=\"application/ld+json\"> block ends before its JSON does (\(error.message))"
                case (false, _):
                    message = "the <script type=\"application/ld+json\"> block has no </script> and its JSON does not end (\(error.message))"
                }
                diagnostics.append(Diagnostic(
                    ruleID: RuleMetadata.parseID, severity: .error, message: message, file: file,
                    start: closed ? locator.position(ofByte: script.closeTag) : errorPosition))
            }
        }
        return readers
    }

    /// The text a script's JSON is parsed from: its content, and after it what a parser
    /// reading on past its end would meet in the page made blank (line breaks kept, every
    /// other character a space), so an error past the end reads as it would there. That is
    /// the blanked `</script>` and one line break when the page has one after it: a string
    /// left open stops at the line break, anything else at the end of the text, and a longer
    /// blank would say nothing more. A script with no `</script>` runs to the end of the
    /// page, and all of it is kept.
    static func scriptText(_ bytes: [UInt8], _ script: JSONLDScript, locator: SourceLocator) -> [UInt8] {
        let content = script.content
        let closed = script.closeTag < bytes.count
        let blankEnd = closed ? min(script.closeTag + 9, bytes.count) : bytes.count
        var text = Array(bytes[content])
        var sawBreak = false
        for b in bytes[content.upperBound..<blankEnd] {
            if b == 0x0A || b == 0x0D {
                text.append(b)
                sawBreak = true
            } else if b < 0x80 || b >= 0xC0 {
                text.append(0x20)
            }
        }
        if !sawBreak && blankEnd < bytes.count {
            // The first line break after the blank: the one before the first line start
            // past it.
            let starts = locator.lineStarts
            var lo = 0, hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] <= blankEnd { lo = mid + 1 } else { hi = mid }
            }
            if lo < starts.count {
                let next = starts[lo]
                text.append(next >= 2 && bytes[next - 2] == 0x0D && bytes[next - 1] == 0x0A ? 0x0D : bytes[next - 1])
            }
        }
        return text
    }

    /// The charset a page declares in a `<meta>` tag (`<meta charset="iso-8859-1">`, or
    /// `<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">`), lower
    /// case; nil when none does.
    static func declaredCharset(_ bytes: [UInt8]) -> String? {
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
        let meta = Array("<meta".utf8), name = Array("charset".utf8)
        var i = 0
        while i + meta.count <= bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), (0..<meta.count).allSatisfy({ lower(bytes[i + $0]) == meta[$0] }) else {
                i += 1
                continue
            }
            let end = bytes[i...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
            let tag = bytes[i..<end].map(lower)
            var j = 0
            while j + name.count <= tag.count {
                if Array(tag[j..<(j + name.count)]) == name {
                    var k = j + name.count
                    while k < tag.count, tag[k] == 0x20 || tag[k] == 0x09 { k += 1 }
                    if k < tag.count, tag[k] == UInt8(ascii: "=") {
                        k += 1
                        while k < tag.count, tag[k] == 0x20 || tag[k] == 0x09 || tag[k] == UInt8(ascii: "\"") || tag[k] == UInt8(ascii: "'") { k += 1 }
                        let value = tag[k...].prefix { b in
                            (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
                        }
                        if !value.isEmpty { return String(decoding: value, as: UTF8.self) }
                    }
                }
                j += 1
            }
            i = end
        }
        return nil
    }

    /// The labels a browser reads as windows-1252 (the WHATWG Encoding Standard's, which
    /// gives ISO-8859-1 and ASCII pages that decoder too).
    static let windows1252Labels: Set<String> = [
        "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987",
        "latin1", "l1", "iso-ir-100", "csisolatin1", "cp819", "ibm819", "us-ascii", "ascii", "ansi_x3.4-1968",
    ]

    /// The characters windows-1252 gives bytes 0x80 to 0x9F (a byte it leaves undefined is
    /// the C1 control of its value, as browsers decode it); every other byte is U+00xx.
    static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// windows-1252 bytes as UTF-8. Each byte is one character, one UTF-16 unit, so lines
    /// and columns are the page's own.
    static func windows1252ToUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for b in bytes {
            let value = b >= 0x80 && b <= 0x9F ? windows1252High[Int(b - 0x80)] : UInt32(b)
            if value < 0x80 {
                out.append(UInt8(value))
            } else if let scalar = Unicode.Scalar(value) {
                out += Array(String(Character(scalar)).utf8)
            }
        }
        return out
    }

    /// True when `error` is a control character written as it is inside a string of `text`
    /// (the one error a lenient reading lets by).
    static func isRawControlInString(_ error: JSONParseError, _ text: [UInt8]) -> Bool {
        error.offset < text.count && text[error.offset] < 0x20 && error.message.hasSuffix("must be escaped in a string")
    }

    /// The control characters written as they are inside the strings of JSON text, each
    /// with how many times, in the order first met.
    static func rawControlsInStrings(_ text: ArraySlice<UInt8>) -> [(byte: UInt8, count: Int)] {
        var found: [(byte: UInt8, count: Int)] = []
        scanStrings(text) { b in
            guard b < 0x20 else { return }
            if let k = found.firstIndex(where: { $0.byte == b }) { found[k].count += 1 } else { found.append((b, 1)) }
        }
        return found
    }

    /// Walks JSON text, handing `body` each byte inside a string that is neither a `\` escape
    /// nor the byte it escapes; says whether the text stops inside a string.
    @discardableResult
    static func scanStrings(_ text: ArraySlice<UInt8>, _ body: (UInt8) -> Void = { _ in }) -> Bool {
        var inString = false
        var escaped = false
        for b in text {
            if escaped {
                escaped = false
            } else if inString && b == UInt8(ascii: "\\") {
                escaped = true
            } else if b == UInt8(ascii: "\"") {
                inString.toggle()
            } else if inString {
                body(b)
            }
        }
        return inString
    }

    /// The note for a JSON-LD block read with raw control characters in its strings.
    static func notStrictJSONMessage(_ controls: [(byte: UInt8, count: Int)]) -> String {
        func name(_ byte: UInt8, _ count: Int) -> String {
            let plural = count == 1 ? "" : "s"
            switch byte {
            case 0x0A: return "\(count) line break\(plural)"
            case 0x0D: return "\(count) carriage return\(plural)"
            case 0x09: return "\(count) tab\(plural)"
            default: return "\(count) control character\(plural) U+00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))"
            }
        }
        let names = controls.map { name($0.byte, $0.count) }
        let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return "this JSON-LD block is not strict JSON: its strings hold \(list) written as they are, where JSON needs an escape (\\n, \\t); read as browsers and search engines read it, each as the character it is"
    }

    /// True when JSON text stops inside a string: an odd number of `"` not escaped by `\`.
    static func endsInsideString(_ text: ArraySlice<UInt8>) -> Bool {
        scanStrings(text)
    }

    /// A `<script type="application/ld+json">` of an HTML page.
    struct JSONLDScript: Equatable {
        /// The byte range of its text, without `<!--`/`-->` and `<![CDATA[`/`]]>` around it.
        var content: Range<Int>
        /// Where its `<script` tag starts.
        var tagStart: Int
        /// Where the `</script` that ends it starts (the end of the page when none does).
        var closeTag: Int
        /// Where a browser does not run it ("an HTML comment", "<textarea>"), else nil.
        var inert: String?
    }

    /// Elements whose content is text, not markup, as an HTML parser reads them: a
    /// `<script>` written inside is no script (`<noscript>` as in a browser that runs
    /// scripts, as search engines render pages).
    static let textElements: Set<String> = ["textarea", "title", "style", "xmp", "iframe", "noembed", "noframes", "noscript"]

    /// The JSON-LD scripts of an HTML page, found as a browser's parser finds scripts:
    /// outside comments, and not in elements whose content is text (`<textarea>`, `<title>`,
    /// `<noscript>`, ...) or inert (`<template>`); those are returned with `inert` set.
    static func jsonLDScripts(_ bytes: [UInt8]) -> [JSONLDScript] {
        let n = bytes.count
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
        func isLetter(_ b: UInt8) -> Bool { (lower(b) >= 0x61 && lower(b) <= 0x7A) }
        func matches(_ text: String, at i: Int) -> Bool {
            let t = Array(text.utf8)
            guard i + t.count <= n else { return false }
            for k in t.indices where lower(bytes[i + k]) != t[k] { return false }
            return true
        }
        /// A tag name ends at white space, `/`, `>` or the end of the page.
        func endsName(at i: Int) -> Bool { i >= n || isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "/") || bytes[i] == UInt8(ascii: ">") }
        /// The index of the `>` that closes the tag whose attributes start at `i` (quoted
        /// attribute values may hold `>`), or the end of the page.
        func tagEnd(from i: Int) -> Int {
            var j = i
            var quote: UInt8?
            var previous: UInt8 = 0
            while j < n {
                let b = bytes[j]
                if let q = quote {
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: ">") {
                    return j
                } else if (b == UInt8(ascii: "\"") || b == UInt8(ascii: "'")) && previous == UInt8(ascii: "=") {
                    quote = b
                }
                if !isSpace(b) { previous = b }
                j += 1
            }
            return n
        }
        /// Where `</name` (ending its name) starts at or after `i`, or the end of `limit`.
        func closing(_ name: String, from i: Int, before limit: Int) -> Int {
            var j = i
            while j < limit {
                if bytes[j] == UInt8(ascii: "<"), matches("</" + name, at: j), endsName(at: j + 2 + name.utf8.count) { return j }
                j += 1
            }
            return limit
        }
        /// The script's text without space, and comment or CDATA marks, at either end.
        func content(_ start: Int, _ stop: Int) -> Range<Int> {
            var start = start, stop = stop
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
            return start..<max(start, stop)
        }
        /// The value of the first `type` attribute of the tag whose attributes run from `i` to
        /// `stop` (its `>`), as an HTML parser reads attributes: a name, then `=` and a value
        /// in `"`, in `'` or unquoted (up to white space), or no value. Nil when there is none.
        /// Only this attribute makes a script JSON-LD: another attribute whose value holds the
        /// text (`data-schema-type="application/ld+json"`) does not.
        func typeAttribute(from start: Int, to stop: Int) -> String? {
            var j = start
            while j < stop {
                while j < stop, isSpace(bytes[j]) || bytes[j] == UInt8(ascii: "/") { j += 1 }
                guard j < stop else { break }
                // The name: up to white space, `/`, `>` or `=` (an `=` that starts it is part
                // of it).
                let nameStart = j
                j += 1
                while j < stop, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: "/"), bytes[j] != UInt8(ascii: "=") { j += 1 }
                let name = String(decoding: bytes[nameStart..<j].map(lower), as: UTF8.self)
                var k = j
                while k < stop, isSpace(bytes[k]) { k += 1 }
                var value: String?
                if k < stop, bytes[k] == UInt8(ascii: "=") {
                    k += 1
                    while k < stop, isSpace(bytes[k]) { k += 1 }
                    if k < stop, bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") {
                        let quote = bytes[k]
                        let valueStart = k + 1
                        k = valueStart
                        while k < stop, bytes[k] != quote { k += 1 }
                        value = String(decoding: bytes[valueStart..<k], as: UTF8.self)
                        k += 1
                    } else {
                        let valueStart = k
                        while k < stop, !isSpace(bytes[k]) { k += 1 }
                        value = String(decoding: bytes[valueStart..<k], as: UTF8.self)
                    }
                    j = k
                }
                // The first of two attributes of one name is the one a browser keeps.
                if name == "type" { return value ?? "" }
            }
            return nil
        }
        /// True for a `type` that is JSON-LD's media type: `application/ld+json` in any case,
        /// with white space around it and parameters (`; charset=utf-8`) allowed.
        func isJSONLD(type: String?) -> Bool {
            guard let type else { return false }
            let essence = type.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return essence.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "application/ld+json"
        }
        /// A `<script` tag at `i` (its name ended): the script, if JSON-LD, and where what
        /// follows it starts; the script's text ends at `</script` before `limit`.
        func script(at i: Int, limit: Int, inert: String?) -> (JSONLDScript?, next: Int) {
            let close = min(tagEnd(from: i + 7), limit)
            guard close < limit else { return (nil, limit) }
            let end = closing("script", from: close + 1, before: limit)
            let next = end < limit ? min(tagEnd(from: end + 8) + 1, limit) : limit
            guard isJSONLD(type: typeAttribute(from: i + 7, to: close)) else { return (nil, next) }
            return (JSONLDScript(content: content(close + 1, end), tagStart: i, closeTag: end, inert: inert), next)
        }
        /// The JSON-LD scripts written in text no browser reads as markup (a comment, a
        /// `<textarea>`): all of them inert.
        func scripts(inText range: Range<Int>, inert: String) -> [JSONLDScript] {
            var found: [JSONLDScript] = []
            var j = range.lowerBound
            while j < range.upperBound {
                if bytes[j] == UInt8(ascii: "<"), matches("<script", at: j), endsName(at: j + 7) {
                    let (s, next) = script(at: j, limit: range.upperBound, inert: inert)
                    if let s { found.append(s) }
                    j = max(next, j + 1)
                } else {
                    j += 1
                }
            }
            return found
        }

        var found: [JSONLDScript] = []
        var templates = 0  // how many <template> elements the parser is inside
        var i = 0
        while i < n {
            guard bytes[i] == UInt8(ascii: "<"), i + 1 < n else { i += 1; continue }
            if matches("<!--", at: i) {
                // A comment ends at `-->` (or `--!>`); `<!-->` and `<!--->` are empty ones.
                var end = n, after = n
                if matches("<!-->", at: i) {
                    end = i + 4; after = i + 5
                } else if matches("<!--->", at: i) {
                    end = i + 4; after = i + 6
                } else {
                    var j = i + 4
                    while j < n {
                        if matches("-->", at: j) { end = j; after = j + 3; break }
                        if matches("--!>", at: j) { end = j; after = j + 4; break }
                        j += 1
                    }
                }
                found += scripts(inText: (i + 4)..<max(i + 4, end), inert: "an HTML comment")
                i = after
                continue
            }
            let next = bytes[i + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                // `<!DOCTYPE html>`, `<?xml ...?>`: up to the next `>`.
                i = (bytes[i...].firstIndex(of: UInt8(ascii: ">")) ?? n) + 1
                continue
            }
            if next == UInt8(ascii: "/"), i + 2 < n, isLetter(bytes[i + 2]) {
                if matches("</template", at: i), endsName(at: i + 10), templates > 0 { templates -= 1 }
                i = tagEnd(from: i + 2) + 1
                continue
            }
            guard isLetter(next) else { i += 1; continue }
            var nameEnd = i + 1
            while !endsName(at: nameEnd) { nameEnd += 1 }
            let name = String(decoding: bytes[(i + 1)..<nameEnd].map(lower), as: UTF8.self)
            let close = tagEnd(from: nameEnd)
            switch name {
            case "script":
                let (s, after) = script(at: i, limit: n, inert: templates > 0 ? "a <template>" : nil)
                if let s { found.append(s) }
                i = after
            case "plaintext":
                // Everything after it is text.
                found += scripts(inText: min(close + 1, n)..<n, inert: "a <plaintext>")
                i = n
            case _ where textElements.contains(name):
                let end = closing(name, from: min(close + 1, n), before: n)
                found += scripts(inText: min(close + 1, n)..<end, inert: "a <\(name)>")
                i = end < n ? tagEnd(from: end + 2) + 1 : n
            case "template":
                if !(close > i && bytes[close - 1] == UInt8(ascii: "/")) { templates += 1 }
                i = close + 1
            default:
                i = close + 1
            }
        }
        return found
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
