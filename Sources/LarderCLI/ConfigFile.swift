import Foundation
import LarderCore
import LarderJSON
import Yams

/// Finds and reads `larder.yml` (or `larder.yaml`, `larder.json`), keeping the position of
/// every value so a mistake is reported where the user wrote it.
struct ConfigFile {
    static let names = ["larder.yml", "larder.yaml", "larder.json"]

    /// The absolute path of the config file.
    var path: String
    /// The folder that holds it: the project root.
    var root: String { (path as NSString).deletingLastPathComponent }

    /// The config file in `directory` (an absolute path) or the nearest parent (as git finds
    /// `.git`); nil for a relative one: the working folder is "" when it was removed, and
    /// the parents of a relative path (`..`, `../..`, …) never end.
    static func find(from directory: String) -> ConfigFile? {
        guard directory.hasPrefix("/") else { return nil }
        var dir = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            for name in names {
                let candidate = dir.appendingPathComponent(name).path
                if FileManager.default.fileExists(atPath: candidate) { return ConfigFile(path: candidate) }
            }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { return nil }
            dir = parent
        }
    }

    /// A problem that keeps the config from being used at all.
    struct Failure: Error {
        var diagnostics: [Diagnostic]
        var locator: SourceLocator?
        /// When the file could be read but its settings are not valid: the loader's error,
        /// with what could be read of the config for the further checks.
        var configError: ConfigError?
        var positions: ConfigLoader.PositionMap?
        var keyPositions: ConfigLoader.PositionMap?
    }

    /// The encoding a byte order mark at the start of `bytes` names, when it is not UTF-8.
    static func otherEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 big-endian" }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 little-endian" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16 big-endian" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 little-endian" }
        return nil
    }

    /// Reads, converts (YAML) and checks the config. `displayPath` is how reports name it.
    func load(displayPath: String) throws(Failure) -> (config: LarderConfig, positions: ConfigLoader.PositionMap) {
        let loaded = try read(displayPath: displayPath)
        return (loaded.config, loaded.positions)
    }

    /// Reads, converts (YAML) and checks the config. A file that does not parse (YAML or
    /// JSON) is a mistake in the config like any other, under rule `config`: `parse` is a
    /// content file's. `positions` maps a pointer to its
    /// value's place in the file, `keyPositions` a member's pointer to its key's place.
    /// `staged`: the file's bytes as git's index holds them (`lint --staged` judges the
    /// config a commit commits, not the working tree's).
    func read(displayPath: String, staged: [UInt8]? = nil) throws(Failure) -> (config: LarderConfig, positions: ConfigLoader.PositionMap, keyPositions: ConfigLoader.PositionMap) {
        var bytes: [UInt8] = []
        if let staged {
            bytes = staged
        } else {
            do {
                bytes = try FileBytes.read(path)
            } catch {
                // `--config .` for the folder's larder.yml: the file is named.
                var isFolder: ObjCBool = false
                let inside = [(path as NSString).appendingPathComponent("larder.yml"), (path as NSString).appendingPathComponent("larder.yaml")]
                    .first { FileManager.default.fileExists(atPath: $0) }
                let hint = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
                    ? inside.map { "; give the file, --config \(((displayPath as NSString).appendingPathComponent(($0 as NSString).lastPathComponent)))" } ?? "" : ""
                throw Failure(diagnostics: [Diagnostic(ruleID: ConfigLoader.ruleID, severity: .error, message: "cannot read the config: \(error.reason)\(hint)",
                                                       file: displayPath, start: SourcePosition(line: 1, column: 1))])
            }
        }
        let locator = SourceLocator(bytes: bytes)
        let json: JSONDocument
        let positions: ConfigLoader.PositionMap
        let keyPositions: ConfigLoader.PositionMap
        if path.hasSuffix(".json") {
            do {
                json = try JSONDocument(parsing: bytes, options: JSONParser.Options(detectDuplicateKeys: true))
            } catch {
                // A comment (`// …`, `/* … */`), as JSON-with-comments configs of other tools
                // take: said as such, with what to do (it said only that '/' was found).
                let at = error.offset
                let comment = at + 1 < bytes.count && bytes[at] == UInt8(ascii: "/") && (bytes[at + 1] == UInt8(ascii: "/") || bytes[at + 1] == UInt8(ascii: "*"))
                let message = comment
                    ? "JSON has no comments: remove this one, or write the config as larder.yml, where '#' starts a comment (\(error.message))"
                    : error.message
                throw Failure(diagnostics: [Diagnostic(ruleID: ConfigLoader.ruleID, severity: .error, message: message,
                                                       file: displayPath, start: error.position)], locator: locator)
            }
            // A key given twice: a JSON reader keeps the last value, so `"locales"` written
            // twice silently dropped the first list; the same file as YAML is an error.
            if !json.duplicateKeys.isEmpty {
                throw Failure(diagnostics: json.duplicateKeys.map { repeated in
                    let first = json.position(of: repeated.first)
                    return Diagnostic(ruleID: ConfigLoader.ruleID, severity: .error,
                                      message: "the key '\(json.string(repeated.second) ?? "")' appears more than once in one object (first at line \(first.line), column \(first.column)); keep one",
                                      file: displayPath, json: json, node: repeated.second)
                }, locator: locator)
            }
            let doc = json
            positions = { pointer in doc.node(at: pointer).map { doc.sourceRange(of: $0) } }
            keyPositions = { pointer in ConfigLoader.keyRange(of: pointer, in: doc) }
        } else {
            // A file saved as UTF-16 or UTF-32 (which YAML allows, with a byte order mark)
            // read as UTF-8 is control characters throughout: said as what it is.
            if let encoding = Self.otherEncoding(bytes) {
                throw Failure(diagnostics: [Diagnostic(ruleID: ConfigLoader.ruleID, severity: .error,
                                                       message: "the file is saved as \(encoding), as its byte order mark says; Larder reads its config as UTF-8: save the file as UTF-8",
                                                       file: displayPath, start: SourcePosition(line: 1, column: 1))], locator: locator)
            }
            // Bytes that are not UTF-8 are a mistake at their place, as in a content file:
            // decoded with replacement characters, they changed a value without a word.
            if let invalid = JSONParser.firstInvalidUTF8(bytes) {
                throw Failure(diagnostics: [Diagnostic(ruleID: ConfigLoader.ruleID, severity: .error,
                                                       message: "invalid UTF-8: \(invalid.reason); save the file as UTF-8",
                                                       file: displayPath, start: locator.position(ofByte: invalid.offset))], locator: locator)
            }
            var text = String(decoding: bytes, as: UTF8.self)
            // A byte-order mark (some Windows editors write one) is not YAML content.
            if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
            let converted: (value: JSONValue, values: [JSONPointer: SourceRange], keys: [JSONPointer: SourceRange])
            do {
                converted = try YAMLToJSON.convert(text, locator: locator)
            } catch let error as YAMLToJSON.Failure {
                let related = error.notes.map { Diagnostic.RelatedLocation(file: displayPath, start: $0.position, message: $0.message) }
                throw Failure(diagnostics: [Diagnostic(ruleID: ConfigLoader.ruleID, severity: .error, message: error.message,
                                                       file: displayPath, start: error.position, end: error.end, related: related)], locator: locator)
            } catch {
                throw Failure(diagnostics: [Diagnostic(ruleID: ConfigLoader.ruleID, severity: .error, message: "\(error)",
                                                       file: displayPath, start: SourcePosition(line: 1, column: 1))], locator: locator)
            }
            do {
                json = try JSONDocument(parsing: JSONWriter.compact.bytes(converted.0))
            } catch {
                throw Failure(diagnostics: [Diagnostic(ruleID: ConfigLoader.ruleID, severity: .error, message: "the config cannot be read as JSON: \(error.message)",
                                                       file: displayPath, start: SourcePosition(line: 1, column: 1))], locator: locator)
            }
            let map = converted.values
            let keys = converted.keys
            keyPositions = { pointer in keys[pointer] }
            positions = { pointer in
                // The value's own place, or the nearest enclosing one.
                var p: JSONPointer? = pointer
                while let current = p {
                    if let range = map[current] { return range }
                    p = current.parent
                }
                return nil
            }
        }
        switch ConfigLoader().load(json, file: displayPath, positions: positions, keyPositions: keyPositions) {
        case .success(let config):
            // The fields each team schema declares localized text and taxonomy tags, read
            // once for lint and build (a schema that cannot be read is reported by lint; it
            // declares none here).
            let root = self.root
            let schemas = SchemaTextFields(projectRoot: root) { path in try? FileBytes.read(root + "/" + path) }
            return (config.readingSchemaTextFields(schemas).readingSchemaTagFields(schemas), positions, keyPositions)
        case .failure(let error):
            throw Failure(diagnostics: error.diagnostics, locator: locator, configError: error, positions: positions, keyPositions: keyPositions)
        }
    }
}

/// Converts YAML to a JSON value, recording where each value is.
enum YAMLToJSON {
    struct Failure: Error {
        var message: String
        var position: SourcePosition
        /// Where the mistake ends, when it is known (a repeated key's end).
        var end: SourcePosition? = nil
        /// Places that explain the mistake: where the string or list it is in opens.
        var notes: [Note] = []
    }

    struct Note: Sendable {
        var position: SourcePosition
        var message: String
    }

    /// The value, the place of each value, and the place of each mapping key (by the
    /// pointer of its member).
    static func convert(_ text: String, locator: SourceLocator) throws -> (value: JSONValue, values: [JSONPointer: SourceRange], keys: [JSONPointer: SourceRange]) {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            var message = "the YAML is not valid: \(describe(error))"
            // YAML reads a key without `?` (quoted or not) as a simple key, of at most 1024
            // characters: past that, the ':' after it is not found.
            if case .scanner(let context, _, let mark, _) = error, context?.text == "while scanning a simple key", mark.column > 1024 {
                message += " (a key of more than 1024 characters, quoted or not, must be written as an explicit key: `? key` on one line, `: value` on the next)"
            } else if let explained = explained(error, locator: locator) {
                throw explained
            } else if case .duplicatedKeysInMapping(let names, let context) = error,
                let repeated = repeatedKey(line: context.mark.line, column: context.mark.column, locator: locator)
            {
                // At the repeat (libYAML gives the first), as a content file's repeated key is.
                let first = utf16Position(line: context.mark.line, scalarColumn: context.mark.column, locator: locator)
                let start = utf16Position(line: repeated.line, scalarColumn: repeated.column, locator: locator)
                let end = utf16Position(line: repeated.line, scalarColumn: repeated.column + repeated.length, locator: locator)
                let list = Array(Set(names)).sorted().map { "'\($0)'" }.joined(separator: ", ")
                throw Failure(message: "the YAML is not valid: the key \(list) appears more than once in one mapping (first at line \(first.line), column \(first.column)); keep one",
                              position: start, end: end, notes: [Note(position: first, message: "the first is here")])
            }
            throw Failure(message: message, position: position(of: error, locator: locator))
        }
        // No document, or one with nothing in it (`---` and comments, as an editor's
        // template starts): no settings, as an empty file has.
        guard let node, !(node.scalar?.style == .plain && ["", "~", "null", "Null", "NULL"].contains(node.scalar?.string)) else {
            return (.object(JSONObject()), [:], [:])
        }
        var map: [JSONPointer: SourceRange] = [:]
        var keys: [JSONPointer: SourceRange] = [:]
        var seen = Set<ContainerMark>()
        let value = try convert(node, at: .root, locator: locator, map: &map, keys: &keys, seen: &seen, depth: 0, inFlow: false)
        return (value, map, keys)
    }

    /// Where a node was written, and what it is. Yams resolves each alias to the node its
    /// anchor names, so a node met twice is an alias: nine lines of aliases of aliases made
    /// a thousand million values ("billion laughs"), which took minutes and gigabytes
    /// before the process died; and an alias of a scalar (`unique-id: *sev`) passed, its
    /// mistakes reported at the anchor, under another key.
    private struct ContainerMark: Hashable {
        let line: Int
        let column: Int
        let kind: Int  // 0 scalar, 1 mapping, 2 sequence
    }

    /// The mistakes libYAML words for its own parser, said in the config's terms with what
    /// to do: a tab that indents (YAML indents with spaces only), and a mistake inside
    /// something that opened earlier (a quoted string, a `[` list or `{` mapping, a block
    /// mapping), with where it opened (libYAML's context mark), which can be lines before
    /// the place libYAML stopped at. A quoted string left open runs on over the lines after
    /// it, so a mistake found further on names the string that ran on to it. Nil for the
    /// others, which keep libYAML's words.
    private static func explained(_ error: YamlError, locator: SourceLocator) -> Failure? {
        let context: YamlError.Context?, problem: String, mark: Mark
        switch error {
        case .scanner(let c, let p, let m, _), .parser(let c, let p, let m, _), .composer(let c, let p, let m, _):
            (context, problem, mark) = (c, p, m)
        default:
            return nil
        }
        let invalid = "the YAML is not valid: "
        let here = utf16Position(line: mark.line, scalarColumn: mark.column, locator: locator)
        let line = Array(locator.lineText(mark.line).unicodeScalars)
        let atTab = mark.column >= 1 && mark.column <= line.count && line[mark.column - 1] == "\t"
        if atTab || problem.contains("tab character") {
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            if let tab = indent.firstIndex(of: "\t"), atTab ? mark.column - 1 < indent.count : true {
                return Failure(message: invalid + "a tab indents this line, and YAML indents with spaces only: replace the tab with spaces",
                               position: utf16Position(line: mark.line, scalarColumn: tab + 1, locator: locator))
            }
            return Failure(message: invalid + "a tab stands here, where YAML takes only spaces (\(problem)): replace the tab with spaces", position: here)
        }
        // A key indented further than the key above it continues that key's value, where
        // no mapping can start.
        if problem == "mapping values are not allowed in this context" {
            return Failure(message: invalid + "a ':' here starts a key where none can be: a line indented further than the key above it belongs to that key's value; indent the key as the keys beside it are, or quote a value that holds ': '",
                           position: here)
        }
        // libYAML's limit on depth ("Maximum nesting level reached, set with
        // yaml_set_max_nest_level()"), said in the config's terms.
        if problem.hasPrefix("Maximum nesting level reached") {
            return Failure(message: invalid + "lists and mappings are nested here more deeply than the YAML reader allows (1,000 levels); a larder.yml needs a handful",
                           position: here)
        }
        // A second document (`---` again): YAML streams may hold several, a config is one.
        if context?.text == "expected a single document in the stream", problem == "but found another document" {
            return Failure(message: invalid + "a second YAML document starts here, and larder.yml is one document: remove this '---' "
                + "and write what follows among the settings above (each setting once)", position: here)
        }
        guard let context, context.text.hasPrefix("while ") else { return nil }
        let opened = utf16Position(line: context.mark.line, scalarColumn: context.mark.column, locator: locator)
        let place = "line \(opened.line), column \(opened.column)"
        switch context.text {
        case "while scanning a quoted scalar" where problem == "found unexpected end of stream":
            // At the quote: where libYAML stopped is past the last line.
            return Failure(message: invalid + "the string opened at \(place) is not closed: the file ends inside it; add its closing quote", position: opened)
        case "while scanning a quoted scalar", "while parsing a quoted scalar":
            return Failure(message: invalid + "in the string opened at \(place): \(problem)", position: here,
                           notes: [Note(position: opened, message: "the string opens here")])
        default:
            break
        }
        var message: String, note: Note
        switch context.text {
        case "while parsing a flow sequence":
            message = "in the list opened with '[' at \(place), \(problem) here: close the list with ']', or put ',' between its items"
            note = Note(position: opened, message: "the list opens here")
        case "while parsing a flow mapping":
            message = "in the mapping opened with '{' at \(place), \(problem) here: close the mapping with '}', or put ',' between its members"
            note = Note(position: opened, message: "the mapping opens here")
        case "while parsing a block mapping":
            message = "in the mapping whose first key is at \(place), \(problem) here: write each key of that mapping at the indentation of its first key, as `key: value`"
            note = Note(position: opened, message: "the mapping starts here")
        case "while parsing a block collection":
            message = "in the list whose first item is at \(place), \(problem) here: start each item of that list with '- ' at the indentation of its first item, and indent an item's keys as its first key"
            note = Note(position: opened, message: "the list starts here")
        default:
            message = "\(context.text) that starts at \(place): \(problem)"
            note = Note(position: opened, message: "it starts here")
        }
        // A quote left open before this place took the lines after it into the string:
        // that is the mistake to fix, and what libYAML found here follows from it.
        if let string = stringRunningOn(to: mark.line, column: mark.column, locator: locator) {
            let at = utf16Position(line: string.line, scalarColumn: string.column, locator: locator)
            // "while parsing a block mapping": "block mapping".
            let words = context.text.split(separator: " ").dropFirst(2).drop { $0 == "a" || $0 == "an" || $0 == "the" }
            message = "the string opened at line \(at.line), column \(at.column) runs on to line \(mark.line): is its closing quote missing? "
                + "(YAML stops here: \(problem), in the \(words.joined(separator: " ")) that starts at \(place))"
            note = Note(position: at, message: "the string opens here")
        }
        return Failure(message: invalid + message, position: here, notes: [note])
    }

    /// The quoted string that opens on a line before `line` and closes on `line` before
    /// `column` (scalar columns), or is still open there: in larder.yml, where no string
    /// needs to run over lines, a quote left open that took in the lines after it. Its
    /// opening quote's line and scalar column; nil when there is none.
    static func stringRunningOn(to line: Int, column: Int, locator: SourceLocator) -> (line: Int, column: Int)? {
        var open: (line: Int, column: Int, quote: Unicode.Scalar)? = nil
        var found: (line: Int, column: Int)? = nil
        for current in 1...max(1, line) {
            let scalars = Array(locator.lineText(current).unicodeScalars)
            let limit = current == line ? min(scalars.count, max(0, column - 1)) : scalars.count
            var i = 0
            while i < limit {
                let c = scalars[i]
                if let o = open {
                    if o.quote == "\"" && c == "\\" { i += 2; continue }
                    if c == o.quote {
                        if o.quote == "'" && i + 1 < scalars.count && scalars[i + 1] == "'" { i += 2; continue }
                        if o.line < current && current == line { found = (o.line, o.column) }
                        open = nil
                    }
                } else if c == "#" && (i == 0 || scalars[i - 1] == " " || scalars[i - 1] == "\t") {
                    break  // a comment, to the end of the line
                } else if c == "\"" || c == "'" {
                    // A quote opens a string where a value or key starts: first on its line,
                    // or after `:`, `-`, `?`, `[`, `{` or `,` (`it's` is a plain word).
                    let before = scalars[..<i].last { $0 != " " && $0 != "\t" }
                    if before == nil || ":-?[{,".unicodeScalars.contains(before!) { open = (current, i + 1, c) }
                }
                i += 1
            }
        }
        if let o = open, o.line < line { return (o.line, o.column) }
        return found
    }

    /// Where the mapping whose key at (`line`, `column`: libYAML's mark, the column in
    /// Unicode scalars from 1) repeats that key: later on the same line in a flow mapping
    /// (`{a: 1, a: 2}`), or on a later line at the same column in a block mapping, before
    /// the mapping ends (a line indented less). The column and length (in scalars) of the
    /// key as written; nil when it is not found so (the first key is then reported).
    static func repeatedKey(line: Int, column: Int, locator: SourceLocator) -> (line: Int, column: Int, length: Int)? {
        let text = Array(locator.lineText(line).unicodeScalars)
        let at = column - 1
        guard at >= 0, at < text.count else { return nil }
        // The key as written: a quoted one to its closing quote, a plain one to its ':'.
        func key(in scalars: [Unicode.Scalar], from i: Int) -> ArraySlice<Unicode.Scalar> {
            guard i < scalars.count else { return [] }
            if scalars[i] == "\"" || scalars[i] == "'" {
                var j = i + 1
                while j < scalars.count {
                    if scalars[j] == "\\" && scalars[i] == "\"" { j += 2; continue }
                    if scalars[j] == scalars[i] { return scalars[i...j] }
                    j += 1
                }
                return []
            }
            var j = i
            while j < scalars.count, !(scalars[j] == ":" && (j + 1 == scalars.count || scalars[j + 1] == " " || scalars[j + 1] == "\t")),
                scalars[j] != ",", scalars[j] != "}" { j += 1 }
            var end = j
            while end > i, scalars[end - 1] == " " { end -= 1 }
            return scalars[i..<end]
        }
        // `'url'` and `url` are one key: compared without the quotes of a key that has no
        // escapes in them.
        func unquoted(_ key: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
            guard key.count >= 2, let q = key.first, q == "\"" || q == "'", key.last == q,
                !key.dropFirst().dropLast().contains(where: { $0 == "\\" || $0 == q }) else { return key }
            return key.dropFirst().dropLast()
        }
        let first = key(in: text, from: at)
        guard !first.isEmpty else { return nil }
        let name = unquoted(first)
        // The length of the key at `i` when it is the same key, followed by ':'.
        func sameKey(_ scalars: [Unicode.Scalar], _ i: Int) -> Int? {
            let candidate = key(in: scalars, from: i)
            guard !candidate.isEmpty, unquoted(candidate).elementsEqual(name) else { return nil }
            var j = i + candidate.count
            while j < scalars.count, scalars[j] == " " { j += 1 }
            return j < scalars.count && scalars[j] == ":" ? candidate.count : nil
        }
        // A flow mapping (the key is inside a `{` of its line): `, key:` later on the line,
        // in that mapping itself (not in a quoted string, nor a list or mapping inside it).
        var depth: [Unicode.Scalar] = []
        var quote: Unicode.Scalar?
        var i = 0
        while i < at {
            let c = text[i]
            if let q = quote {
                if c == "\\" && q == "\"" { i += 1 } else if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "{" || c == "[" {
                depth.append(c)
            } else if c == "}" || c == "]" {
                _ = depth.popLast()
            }
            i += 1
        }
        if depth.last == "{" {
            let level = depth.count
            i = at + first.count
            while i < text.count {
                let c = text[i]
                if let q = quote {
                    if c == "\\" && q == "\"" { i += 1 } else if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == "#" && i > 0 && text[i - 1] == " " {
                    break  // a comment, to the end of the line
                } else if c == "{" || c == "[" {
                    depth.append(c)
                } else if c == "}" || c == "]" {
                    _ = depth.popLast()
                    if depth.count < level { break }  // the mapping closed
                } else if c == ",", depth.count == level {
                    var j = i + 1
                    while j < text.count, text[j] == " " { j += 1 }
                    if let length = sameKey(text, j) { return (line, j + 1, length) }
                }
                i += 1
            }
            return nil
        }
        // A block mapping: the same column on a later line, with only spaces before it.
        var next = line + 1
        let lines = locator.bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        while next <= lines {
            let scalars = Array(locator.lineText(next).unicodeScalars)
            let indent = scalars.prefix { $0 == " " }.count
            if indent == scalars.count || scalars[indent] == "#" {
                next += 1
                continue
            }
            if indent < at { return nil }
            if indent == at, let length = sameKey(scalars, at) { return (next, at + 1, length) }
            next += 1
        }
        return nil
    }

    private static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _), .composer(let context, let problem, _, _):
            return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        case .reader(let problem, _, let value, _):
            // The character itself, when it is one (a control character).
            let character = problem.contains("character") && value > 0 ? String(format: " (U+%04X)", value) : ""
            return problem + character
        case .duplicatedKeysInMapping(let duplicates, _):
            let names = Array(Set(duplicates)).sorted().map { "'\($0)'" }.joined(separator: ", ")
            return "the key \(names) appears more than once in one mapping (the first is here); keep one"
        default:
            return "\(error)"
        }
    }

    private static func position(of error: YamlError, locator: SourceLocator) -> SourcePosition {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return utf16Position(line: mark.line, scalarColumn: mark.column, locator: locator)
        case .reader(_, let offset?, _, let yaml):
            // The offset counts characters of the text read (after a byte order mark).
            guard let index = yaml.index(yaml.startIndex, offsetBy: offset, limitedBy: yaml.endIndex) else { return SourcePosition(line: 1, column: 1) }
            let bom = locator.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            return locator.position(ofByte: bom + yaml.utf8.distance(from: yaml.startIndex, to: index))
        case .duplicatedKeysInMapping(_, let context):
            return utf16Position(line: context.mark.line, scalarColumn: context.mark.column, locator: locator)
        default:
            return SourcePosition(line: 1, column: 1)
        }
    }

    /// The range of the YAML token at a mark (libYAML gives where a node starts, not where
    /// it ends; reports give both): a quoted scalar to its closing quote, a flow list or
    /// mapping to its closing bracket, a plain scalar to the end of its words (before a
    /// comment, before `: ` for a key, before `,` `]` `}` inside a flow collection, which
    /// `inFlow` tells, also on a collection's later lines). Within
    /// the mark's line; a token that goes on past it ends at the line's end.
    static func range(line: Int, scalarColumn: Int, locator: SourceLocator, inFlow: Bool) -> SourceRange {
        let start = utf16Position(line: line, scalarColumn: scalarColumn, locator: locator)
        let scalars = Array(locator.lineText(line).unicodeScalars)
        let first = scalarColumn - 1
        guard first >= 0, first < scalars.count else { return SourceRange(start: start, end: start) }
        func blank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }
        var i = first
        switch scalars[first] {
        case "\"":
            i += 1
            while i < scalars.count && scalars[i] != "\"" { i += scalars[i] == "\\" ? 2 : 1 }
            i = min(i + 1, scalars.count)
        case "'":
            i += 1
            while i < scalars.count {
                if scalars[i] == "'" {
                    if i + 1 < scalars.count && scalars[i + 1] == "'" { i += 2; continue }
                    break
                }
                i += 1
            }
            i = min(i + 1, scalars.count)
        case "[", "{":
            var depth = 0
            var quote: Unicode.Scalar?
            while i < scalars.count {
                let c = scalars[i]
                if let q = quote {
                    if q == "\"" && c == "\\" { i += 2; continue }
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == "[" || c == "{" {
                    depth += 1
                } else if c == "]" || c == "}" {
                    depth -= 1
                    if depth == 0 { i += 1; break }
                } else if c == "#" && i > 0 && blank(scalars[i - 1]) {
                    break
                }
                i += 1
            }
        default:
            while i < scalars.count {
                let c = scalars[i]
                if c == "#" && i > first && blank(scalars[i - 1]) { break }
                if c == ":" && (i + 1 == scalars.count || blank(scalars[i + 1]) || (inFlow && ",]}".unicodeScalars.contains(scalars[i + 1]))) { break }
                if inFlow && (c == "," || c == "]" || c == "}") { break }
                i += 1
            }
            while i > first && blank(scalars[i - 1]) { i -= 1 }
        }
        // An escape at the end of the line (a quoted string continued on the next) steps past it.
        i = min(i, scalars.count)
        let end = scalars[first..<i].reduce(start.column) { $0 + ($1.value > 0xFFFF ? 2 : 1) }
        return SourceRange(start: start, end: SourcePosition(line: line, column: end))
    }

    /// True for a flow collection: its mark is at its `[` or `{`.
    static func opensFlow(_ node: Node, locator: SourceLocator) -> Bool {
        guard let mark = node.mark else { return false }
        let first = locator.lineText(mark.line).unicodeScalars.dropFirst(mark.column - 1).first
        return first == "[" || first == "{"
    }

    /// libYAML counts columns in Unicode scalars; Larder in UTF-16 code units.

    /// A plain scalar that Yams resolved as a number, as YAML 1.2's core schema reads it:
    /// a decimal number keeps its exact digits (a 20-digit id, 18446744073709551617, was
    /// rounded through a Double), `0x1F`, `0o17`, `+1`, `.5` and `.inf` are numbers, and
    /// what only YAML 1.1 reads as one stays the text it is (`22:00` was 1320 and `9:30`
    /// 570, as base-60; `1_000` was 1000). Plugin and step options are passed on as
    /// written.
    static func number(_ text: String, node: Node) -> JSONValue {
        if let exact = JSONNumber(parsing: text) { return .number(exact) }
        let decimal = text.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil
        let other = text.wholeMatch(of: /0o[0-7]+|0x[0-9a-fA-F]+/) != nil
        guard decimal || other else { return .string(text) }
        if decimal {
            // `+1`, `.5`, `1.`, `007`: the same value in JSON's spelling.
            var digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
            let sign = digits.hasPrefix("-") ? "-" : ""
            if !sign.isEmpty { digits.removeFirst() }
            var (whole, rest) = (digits, "")
            if let cut = digits.firstIndex(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                (whole, rest) = (String(digits[..<cut]), String(digits[cut...]))
            }
            whole = String(whole.drop { $0 == "0" })
            if whole.isEmpty { whole = "0" }
            if rest.hasPrefix(".") {
                let fraction = rest.dropFirst().prefix { $0.isNumber }
                let exponent = rest.dropFirst(1 + fraction.count)
                rest = (fraction.isEmpty ? "" : "." + fraction) + exponent
            }
            if let exact = JSONNumber(parsing: sign + whole + rest) { return .number(exact) }
        }
        if let i = node.int { return .number(JSONNumber(i)) }
        if let d = node.float, d.isFinite { return .number(JSONNumber(d)) }
        return .string(text)
    }

    static func utf16Position(line: Int, scalarColumn: Int, locator: SourceLocator) -> SourcePosition {
        let text = locator.lineText(line)
        var column = 1
        for (i, scalar) in text.unicodeScalars.enumerated() where i < scalarColumn - 1 {
            column += scalar.value > 0xFFFF ? 2 : 1
        }
        return SourcePosition(line: line, column: column)
    }

    /// `inFlow`: the node is inside a flow collection (`[…]`, `{…}`), where `,` `]` `}` end a
    /// plain scalar.
    private static func convert(_ node: Node, at pointer: JSONPointer, locator: SourceLocator, map: inout [JSONPointer: SourceRange],
                                keys: inout [JSONPointer: SourceRange], seen: inout Set<ContainerMark>, depth: Int, inFlow: Bool) throws -> JSONValue {
        guard depth < 256 else { throw Failure(message: "the YAML is nested too deeply", position: SourcePosition(line: 1, column: 1)) }
        let kind = switch node {
        case .mapping: 1
        case .sequence: 2
        default: 0
        }
        if let mark = node.mark, !seen.insert(ContainerMark(line: mark.line, column: mark.column, kind: kind)).inserted {
            // Placed at the key the alias is the value of, or at the list that holds it.
            let holder = JSONPointer(tokens: Array(pointer.tokens.dropLast()))
            throw Failure(message: "YAML aliases are not supported in larder.yml; repeat the value instead",
                          position: keys[pointer]?.start ?? map[holder]?.start ?? SourcePosition(line: 1, column: 1))
        }
        if let mark = node.mark {
            map[pointer] = range(line: mark.line, scalarColumn: mark.column, locator: locator, inFlow: inFlow)
        }
        // A local tag (`url: !custom error`) names a type of the writer's own that no setting
        // has: the value was read as if it were not there. YAML's own tags (`!!str 1.0`) and
        // the non-specific `!` are read as YAML reads them.
        let tag = node.tag.rawValue
        if tag.hasPrefix("!"), tag != "!" {
            throw Failure(message: "YAML tags such as '\(tag)' are not supported in larder.yml; write the value without it",
                          position: map[pointer]?.start ?? keys[pointer]?.start ?? SourcePosition(line: 1, column: 1))
        }
        switch node {
        case .scalar(let scalar):
            if scalar.style == .singleQuoted || scalar.style == .doubleQuoted || scalar.style == .literal || scalar.style == .folded {
                return .string(scalar.string)
            }
            switch node.tag.rawValue {
            case Tag.Name.null.rawValue: return .null
            case Tag.Name.bool.rawValue:
                // YAML 1.2 booleans only: `off`, `no`, `on`, `yes` stay words (`unknown-unit: off`).
                let word = scalar.string.lowercased()
                guard word == "true" || word == "false" else { return .string(scalar.string) }
                return node.bool.map(JSONValue.bool) ?? .string(scalar.string)
            case Tag.Name.int.rawValue, Tag.Name.float.rawValue:
                return Self.number(scalar.string, node: node)
            default: return .string(scalar.string)
            }
        case .mapping(let mapping):
            var object = JSONObject()
            let flow = inFlow || opensFlow(node, locator: locator)
            for (key, value) in mapping {
                // A key that is a mapping or a list (`{a: 1}: 6`) has no name a setting takes:
                // it is named as it was written, not by a debug dump of the node.
                let name = key.string ?? key.mark.map { mark in
                    let written = range(line: mark.line, scalarColumn: mark.column, locator: locator, inFlow: flow)
                    let utf16 = Array(locator.lineText(mark.line).utf16)
                    let lower = min(written.start.column - 1, utf16.count), upper = min(max(written.end.column - 1, lower), utf16.count)
                    return String(decoding: utf16[lower..<upper], as: UTF16.self)
                } ?? "?"
                if let mark = key.mark {
                    keys[pointer.appending(name)] = range(line: mark.line, scalarColumn: mark.column, locator: locator, inFlow: flow)
                }
                object[name] = try convert(value, at: pointer.appending(name), locator: locator, map: &map, keys: &keys, seen: &seen,
                                           depth: depth + 1, inFlow: flow)
            }
            return .object(object)
        case .sequence(let sequence):
            let flow = inFlow || opensFlow(node, locator: locator)
            return .array(try sequence.enumerated().map { i, element in
                try convert(element, at: pointer.appending(i), locator: locator, map: &map, keys: &keys, seen: &seen, depth: depth + 1, inFlow: flow)
            })
        case .alias:
            throw Failure(message: "YAML aliases are not supported in larder.yml; repeat the value instead",
                          position: map[pointer]?.start ?? SourcePosition(line: 1, column: 1))
        }
    }
}
