import Foundation
import LarderCore
import LarderJSON
import LarderSchema

/// One error of one instance, with its position in the file.
struct InstanceError: Sendable {
    var instanceLocation: String
    var keywordLocation: String
    var absoluteKeywordLocation: String?
    var message: String
    /// Where the offending value starts and ends, in the file (for JSON Lines, on its line).
    var position: SourcePosition
    var end: SourcePosition
    var pointer: JSONPointer
    /// The check that found it, when not the schema (or the parser, for an unparsable
    /// instance): `lone-surrogate`.
    var ruleID: String? = nil
    /// Whether ``position`` is a place in the text (not so for a file that could not be read).
    var located = true
}

/// The outcome for one instance: a file, or one line of a JSON Lines file.
struct InstanceResult: Sendable {
    var file: String
    /// The 1-based line, for JSON Lines.
    var line: Int?
    var valid: Bool
    var errors: [InstanceError]
    /// Whether the instance was not JSON at all (its one error is the parse error).
    var unparsable = false
    /// The file's text, kept for invalid files so reports can quote the line.
    var locator: SourceLocator?
    /// The standard output units, computed while the document was at hand.
    var units: [OutputFormat: JSONValue] = [:]

    /// The line `larder validate --output` prints for this instance: the output unit of
    /// JSON Schema 2020-12 with `file` (as named on the command line, `<stdin>` for
    /// standard input) and, for JSON Lines, `line` (1-based) before its own members.
    func outputUnit(_ format: OutputFormat) -> JSONValue {
        var o = JSONObject()
        o["file"] = .string(file)
        if let line { o["line"] = .number(JSONNumber(line)) }
        if case .object(let unit) = units[format] ?? failureUnit(format) {
            for (key, value) in unit { o[key] = value }
        }
        return .object(o)
    }

    /// The unit of an instance the schema did not judge: not JSON, unreadable, or not text
    /// (a lone surrogate). Its errors are at the root schema (keyword location `""`); a
    /// parse error names the file, line and column.
    private func failureUnit(_ format: OutputFormat) -> JSONValue {
        var o = JSONObject()
        o["valid"] = .bool(false)
        if format == .flag { return .object(o) }
        o["keywordLocation"] = .string("")
        o["instanceLocation"] = .string("")
        let units: [JSONValue] = errors.map { e in
            var message = e.message
            if unparsable {
                let what = line == nil ? "the file" : "the line"
                message = e.located
                    ? "\(file):\(e.position.line):\(e.position.column): \(what) is not valid JSON: \(e.message)"
                    : "\(file): \(e.message)"
            }
            return .object(JSONObject([
                ("valid", .bool(false)), ("keywordLocation", .string(e.keywordLocation)),
                ("instanceLocation", .string(e.instanceLocation)), ("error", .string(message)),
            ]))
        }
        if units.isEmpty { o["error"] = .string("the instance is not valid") } else { o["errors"] = .array(units) }
        return .object(o)
    }

    func diagnostics() -> [Diagnostic] {
        errors.map { e in
            Diagnostic(
                ruleID: e.ruleID ?? (unparsable ? RuleMetadata.parseID : RuleMetadata.schemaID), severity: .error,
                message: e.message, file: file, start: e.position, end: e.end, pointer: e.pointer,
                keywordLocation: unparsable ? nil : e.keywordLocation,
                absoluteKeywordLocation: e.absoluteKeywordLocation)
        }
    }
}

/// Validates files (or the lines of JSON Lines files) against one compiled schema, in
/// parallel on every core, and returns the results in input order.
struct InstanceValidator: Sendable {
    let schema: JSONSchema
    let jsonl: Bool
    var outputFormats: [OutputFormat] = []

    /// A unit of work: one file, or a run of lines of one JSON Lines file.
    private struct Job: Sendable {
        var file: String
        var bytes: [UInt8]?
        var lines: [(number: Int, range: Range<Int>)] = []
        /// Why the file could not be read, when it was read before the job ran.
        var readError: String?
    }

    /// How results and reports name `file`: `-` is standard input.
    static func displayName(_ file: String) -> String {
        file == "-" ? ReportContext.standardInput : file
    }

    /// The bytes of an instance as named on the command line: `-` is standard input, and a
    /// pipe or a device (`<(command)` in a shell) is read to its end, as a file is read.
    static func read(_ file: String) throws(FileReadError) -> [UInt8] {
        file == "-" ? try FileBytes.readStandardInput() : try FileBytes.read(file, acceptingStreams: true)
    }

    /// Whether `file` is standard input, a pipe or a device: read here, one after the other,
    /// before the checks run in parallel, so that none waits for its writer on a thread the
    /// checks share.
    static func isStream(_ file: String) -> Bool {
        var info = stat()
        return file == "-" || (stat(file, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG)
    }

    func validate(_ files: [String]) async -> [InstanceResult] {
        var jobs: [Job] = []
        if jsonl {
            for file in files {
                let bytes: [UInt8]
                do {
                    bytes = try Self.read(file)
                } catch {
                    jobs.append(Job(file: file, bytes: nil, readError: error.reason))
                    continue
                }
                var lines: [(Int, Range<Int>)] = []
                var start = 0, number = 1
                for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
                    var end = i
                    if end > start && bytes[end - 1] == 0x0D { end -= 1 }
                    // Blank lines are not instances (a trailing newline ends the last line).
                    if bytes[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 }) { lines.append((number, start..<end)) }
                    start = i + 1
                    number += 1
                }
                let chunk = 512
                for s in stride(from: 0, to: lines.count, by: chunk) {
                    jobs.append(Job(file: file, bytes: bytes, lines: Array(lines[s..<min(s + chunk, lines.count)])))
                }
            }
        } else {
            for file in files {
                guard Self.isStream(file) else {
                    jobs.append(Job(file: file))
                    continue
                }
                do {
                    jobs.append(Job(file: file, bytes: try Self.read(file)))
                } catch {
                    jobs.append(Job(file: file, readError: error.reason))
                }
            }
        }
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results = [[InstanceResult]](repeating: [], count: jobs.count)
        await withTaskGroup(of: (Int, [InstanceResult]).self) { group in
            var next = 0
            func add() {
                let i = next
                next += 1
                let job = jobs[i]
                group.addTask { (i, run(job)) }
            }
            while next < min(width * 2, jobs.count) { add() }
            while let (i, r) = await group.next() {
                results[i] = r
                if next < jobs.count { add() }
            }
        }
        return results.flatMap { $0 }
    }

    private func run(_ job: Job) -> [InstanceResult] {
        let name = Self.displayName(job.file)
        func unreadable(_ reason: String) -> [InstanceResult] {
            [failure(file: name, line: nil, message: "cannot read the file: \(reason)", at: SourcePosition(line: 1, column: 1), located: false)]
        }
        if let reason = job.readError { return unreadable(reason) }
        if !jsonl {
            if let bytes = job.bytes { return [check(bytes, file: name, line: nil)] }
            do {
                return [check(try FileBytes.read(job.file), file: name, line: nil)]
            } catch {
                return unreadable(error.reason)
            }
        }
        guard let bytes = job.bytes else { return unreadable("it could not be read") }
        return job.lines.map { line in
            check(Array(bytes[line.range]), file: name, line: line.number)
        }
    }

    /// `end`: just after the character at `position` (nil: one column on).
    private func failure(
        file: String, line: Int?, message: String, at position: SourcePosition, end: SourcePosition? = nil,
        locator: SourceLocator? = nil, located: Bool = true
    ) -> InstanceResult {
        let end = end ?? SourcePosition(line: position.line, column: position.column + 1)
        return InstanceResult(
            file: file, line: line, valid: false,
            errors: [InstanceError(
                instanceLocation: "", keywordLocation: "", absoluteKeywordLocation: nil, message: message, position: position, end: end,
                pointer: .root, located: located)],
            unparsable: true, locator: locator)
    }

    /// Validates one instance; positions are shifted to the instance's line for JSON Lines.
    private func check(_ bytes: [UInt8], file: String, line: Int?) -> InstanceResult {
        let lineOffset = (line ?? 1) - 1
        func shifted(_ p: SourcePosition) -> SourcePosition { SourcePosition(line: p.line + lineOffset, column: p.column) }
        let doc: JSONDocument
        do {
            doc = try JSONDocument(parsing: bytes)
        } catch {
            return failure(file: file, line: line, message: error.message, at: shifted(error.position), end: shifted(error.end(in: bytes)),
                           locator: line == nil ? SourceLocator(bytes: bytes) : nil)
        }
        // A lone surrogate (`\uD800`) makes the instance invalid whatever the schema says:
        // it stands for no character, so the text the schema judged (with U+FFFD in its
        // place) is not what the file says, and no UTF-8 output can hold it.
        var textErrors: [InstanceError] = []
        if !doc.loneSurrogates.isEmpty {
            let locator = doc.locator()
            textErrors = doc.loneSurrogates.map { lone in
                let pointer = doc.pointer(to: lone.node)
                return InstanceError(
                    instanceLocation: pointer.description, keywordLocation: "", absoluteKeywordLocation: nil,
                    message: lone.message(in: doc, mentioningExports: false),
                    position: shifted(locator.position(ofByte: lone.escapeRange.lowerBound)),
                    end: shifted(locator.position(ofByte: lone.escapeRange.upperBound)),
                    pointer: pointer, ruleID: "lone-surrogate")
            }
        }
        var units: [OutputFormat: JSONValue] = [:]
        if textErrors.isEmpty {
            for format in outputFormats { units[format] = schema.output(doc, format: format) }
        }
        if schema.isValid(doc) && textErrors.isEmpty {
            return InstanceResult(file: file, line: line, valid: true, errors: [], units: units)
        }
        let locator = doc.locator()
        var cursor = ElementCursor()
        let errors = textErrors + schema.validate(doc).errors.map { e in
            let range = doc.sourceRange(of: e.node, using: locator)
            return InstanceError(
                instanceLocation: e.instanceLocation.description, keywordLocation: e.keywordLocation,
                absoluteKeywordLocation: e.absoluteKeywordLocation, message: e.message(in: doc, cursor: &cursor),
                position: shifted(range.start), end: shifted(range.end), pointer: e.instanceLocation)
        }
        return InstanceResult(file: file, line: line, valid: false, errors: errors,
                              locator: line == nil ? locator : nil, units: units)
    }
}
