import Foundation
import LarderJSON

/// A plugin from `larder.yml` `plugins:`: an executable in any language that speaks the
/// `larder-plugin/1` JSON protocol on standard input and output (see
/// `Docs/plugin-protocol.md`).
///
///     let plugin = ExternalPlugin(spec: spec, projectRoot: "/project")
///     let diagnostics = await plugin.lint(documents, locales: ["en"])
///
/// Larder writes one request and reads one response. Whatever the plugin answers is checked
/// before it is used: pointers must exist in their document, returned documents must be
/// JSON objects standing for documents of the request, and artifact paths must stay in the
/// output folder. A plugin that cannot start, exits non-zero, is killed, runs past its
/// timeout, writes more than ``maxOutput`` bytes or answers something that is not the
/// protocol gets a diagnostic (rule id `plugin/<id>`) naming it.
public struct ExternalPlugin: Sendable {
    /// The protocol version Larder speaks: `"larder-plugin/1"`.
    public static let protocolVersion = "larder-plugin/1"
    /// Seconds a plugin may run when `larder.yml` does not give a `timeout`.
    public static let defaultTimeout = 30.0

    /// The plugin as `larder.yml` declares it.
    public var spec: PluginSpec
    /// The folder the command runs in (the project root).
    public var projectRoot: String
    /// The most bytes of response read; a plugin that writes more is stopped.
    public var maxOutput: Int = 64 << 20
    /// The config file failures are reported in (`larder.yml`).
    public var configFile: String
    /// The place of the plugin's entry in ``configFile``, where failures point.
    public var configRange: SourceRange

    /// A plugin declared by `spec`, run from `projectRoot`; failures point at `configRange`
    /// of `configFile`.
    public init(spec: PluginSpec, projectRoot: String, configFile: String = "larder.yml",
                configRange: SourceRange = SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))) {
        self.spec = spec
        self.projectRoot = projectRoot
        self.configFile = configFile
        self.configRange = configRange
    }

    /// The rule id of diagnostics about the plugin itself: `plugin/<id>`.
    public var failureRuleID: String { "plugin/\(spec.id)" }

    /// What went wrong with a run, as a sentence naming the plugin.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The plugin's id.
        public var pluginID: String
        /// What happened, without the plugin's name.
        public var message: String
        /// `plugin '<id>': <message>`.
        public var description: String { "plugin '\(pluginID)': \(message)" }

        /// The failure with the end of what the plugin wrote to standard error quoted, as
        /// ``ExternalPlugin/excerpt(_:)`` has it (as it is when the plugin wrote nothing).
        func quoting(_ errorOutput: String) -> Failure {
            Failure(pluginID: pluginID, message: message + ExternalPlugin.excerpt(errorOutput))
        }
    }

    /// A diagnostic about the plugin itself, at its entry in the config.
    public func diagnostic(for failure: Failure, severity: Severity = .error) -> Diagnostic {
        Diagnostic(ruleID: failureRuleID, severity: severity, message: failure.description, file: configFile,
                   start: configRange.start, end: configRange.end)
    }

    // MARK: Stages

    /// Runs a lint plugin over `documents` and returns its diagnostics, each checked and
    /// placed at line and column; problems with the plugin itself come back as diagnostics
    /// with `failureSeverity`.
    public func lint(_ documents: [Document], locales: [String], failureSeverity: Severity = .error) async -> [Diagnostic] {
        do {
            let answer = try await exchange(stage: "lint", documents: documents, options: spec.options, locales: locales)
            let (diagnostics, problems) = checkDiagnostics(answer.response, in: documents)
            return diagnostics + problems.map { diagnostic(for: $0.quoting(answer.errorOutput), severity: failureSeverity) }
        } catch {
            return [diagnostic(for: error, severity: failureSeverity)]
        }
    }

    /// Runs a transform plugin: returns `documents` with the ones the plugin rewrote replaced,
    /// the positions of those in `documents`, and its diagnostics. Throws when the plugin
    /// fails or answers something unusable.
    ///
    /// The diagnostics are placed in `sources`, the documents as their files hold them (by
    /// default `documents`; a build passes what it loaded, before any transform), since
    /// they are reported against those files: a rewritten document is serialized on its own
    /// and its positions are not the file's. A pointer only the rewritten value has is
    /// placed at its nearest ancestor in the file, and the message says so.
    public func transform(_ documents: [Document], options: JSONValue, locales: [String], sources: [Document]? = nil) async throws(Failure)
        -> (documents: [Document], rewritten: [Int], diagnostics: [Diagnostic])
    {
        let answer = try await exchange(stage: "transform", documents: documents, options: options, locales: locales)
        do {
            return try rewrite(documents, by: answer.response, sources: sources)
        } catch {
            throw error.quoting(answer.errorOutput)
        }
    }

    /// `documents` as a transform plugin's `response` rewrites them, with its diagnostics
    /// placed in `sources` (see ``transform(_:options:locales:sources:)``).
    func rewrite(_ documents: [Document], by response: JSONObject, sources: [Document]?) throws(Failure)
        -> (documents: [Document], rewritten: [Int], diagnostics: [Diagnostic])
    {
        let request = documents
        var documents = documents
        guard let returned = Self.array(response, "documents") else { throw fail("the response has no \"documents\" array") }
        var position: [String: Int] = [:]
        for (i, d) in documents.enumerated() { position[Self.key(d.file, d.index)] = i }
        var rewritten: [Int] = []
        var returnedAs: [Int: Int] = [:]
        for (n, item) in returned.enumerated() {
            guard let object = item.objectValue, let file = object["file"]?.stringValue else {
                throw fail("documents[\(n)] is not an object with a \"file\" string")
            }
            if let unknown = Self.unknownMember(of: object, known: Self.documentMembers) {
                throw fail("documents[\(n)] has an unknown member \"\(unknown)\"; a returned document is {\(Self.listed(Self.documentMembers))}")
            }
            let index: Int?
            switch object["index"] {
            case nil, .null?: index = nil
            case let value?:
                guard let i = value.intValue else { throw fail("documents[\(n)].index is not an integer or null") }
                index = i
            }
            guard let at = position[Self.key(file, index)] else {
                throw fail("documents[\(n)] names \(file)\(index.map { " #\($0)" } ?? "")" + Self.noDocument(file, index, of: request))
            }
            if let earlier = returnedAs.updateValue(n, forKey: at) {
                throw fail("documents[\(n)] names \(file)\(index.map { " #\($0)" } ?? "") again (also documents[\(earlier)]); return each document once")
            }
            guard let value = object["value"], value.objectValue != nil else {
                throw fail("documents[\(n)].value (\(file)) must be a JSON object")
            }
            do {
                try documents[at].replaceValue(with: value)
            } catch {
                throw fail("documents[\(n)].value (\(file)) cannot be used: \(error)")
            }
            rewritten.append(at)
        }
        let (diagnostics, problems) = checkDiagnostics(response, in: sources ?? request, rewritten: [request, documents])
        if let first = problems.first { throw first }
        return (documents, rewritten, diagnostics)
    }

    /// Why no document of `request` has `file` and `index`, said after the name of the
    /// returned document: the file is not in the request, holds one document (no index) or
    /// an array (an index, of those the request has).
    static func noDocument(_ file: String, _ index: Int?, of request: [Document]) -> String {
        let documents = request.filter { $0.file == file }
        guard !documents.isEmpty else { return ", which is not a file of the request" }
        let indexes = documents.compactMap(\.index).sorted()
        guard !indexes.isEmpty else {
            return ", but \(file) holds one document, not an array: leave \"index\" out or make it null"
        }
        let range: String
        if let first = indexes.first, let last = indexes.last, last - first + 1 == indexes.count {
            range = first == last ? "\(first)" : "\(first) to \(last)"
        } else {
            range = indexes.prefix(5).map(String.init).joined(separator: ", ") + (indexes.count > 5 ? ", …" : "")
        }
        if index == nil {
            return " without an \"index\", but \(file) holds an array: give the document's \"index\" in it (\(range))"
        }
        return ", which the request does not have: its documents of \(file) have the indexes \(range)"
    }

    /// Runs an export plugin: returns its artifacts (paths checked with
    /// ``Artifact/validate(path:)``) and diagnostics. Throws when the plugin fails or
    /// answers something unusable.
    ///
    /// The diagnostics are placed in `sources`, the documents as their files hold them (by
    /// default `documents`), as for ``transform(_:options:locales:sources:)``.
    public func export(_ documents: [Document], options: JSONValue, locales: [String], sources: [Document]? = nil) async throws(Failure)
        -> (artifacts: [Artifact], diagnostics: [Diagnostic])
    {
        let answer = try await exchange(stage: "export", documents: documents, options: options, locales: locales)
        do {
            return try artifacts(of: answer.response, documents: documents, sources: sources)
        } catch {
            throw error.quoting(answer.errorOutput)
        }
    }

    /// The artifacts of an export plugin's `response` to `documents`, and its diagnostics
    /// placed in `sources` (see ``export(_:options:locales:sources:)``).
    func artifacts(of response: JSONObject, documents: [Document], sources: [Document]?) throws(Failure)
        -> (artifacts: [Artifact], diagnostics: [Diagnostic])
    {
        guard let items = Self.array(response, "artifacts") else { throw fail("the response has no \"artifacts\" array") }
        var artifacts: [Artifact] = []
        // By `String`, whose equality is Unicode canonical equivalence: `é` composed and
        // decomposed are one key, as they are one file name on macOS.
        var seen: [String: (index: Int, path: String)] = [:]
        for (n, item) in items.enumerated() {
            guard let object = item.objectValue, let path = object["path"]?.stringValue else {
                throw fail("artifacts[\(n)] is not an object with a \"path\" string")
            }
            if let unknown = Self.unknownMember(of: object, known: ["path", "text", "base64"]) {
                throw fail("artifacts[\(n)] (\(path)) has an unknown member \"\(unknown)\"; an artifact is {\"path\", \"text\"} or {\"path\", \"base64\"}")
            }
            let bytes: [UInt8]
            switch (object["text"], object["base64"]) {
            case (.string(let text)?, nil): bytes = Array(text.utf8)
            case (nil, .string(let encoded)?):
                guard let data = Data(base64Encoded: encoded) else {
                    throw fail("artifacts[\(n)].base64 (\(path)) is not valid base64" + (Self.base64Problem(encoded).map { ": " + $0 } ?? ""))
                }
                bytes = Array(data)
            default:
                throw fail("artifacts[\(n)] (\(path)) must have exactly one of \"text\" or \"base64\", a string")
            }
            if let earlier = seen[path] {
                guard Array(earlier.path.utf8) == Array(path.utf8) else {
                    throw fail("artifacts[\(n)]: the paths '\(Self.escapingNonASCII(path))' and artifacts[\(earlier.index)]'s '\(Self.escapingNonASCII(earlier.path))' "
                        + "are one name under Unicode canonical equivalence: macOS takes them for one file, and one would replace the other; "
                        + "spell them alike, or give each a name of its own")
                }
                throw fail("artifacts[\(n)]: the path \(path) is given twice")
            }
            seen[path] = (n, path)
            do {
                artifacts.append(try Artifact(path: path, bytes: bytes))
            } catch {
                throw fail("artifacts[\(n)]: \(error)")
            }
        }
        let (diagnostics, problems) = checkDiagnostics(response, in: sources ?? documents, rewritten: [documents])
        if let first = problems.first { throw first }
        return (artifacts, diagnostics)
    }

    // MARK: The exchange

    /// The request for `stage`, as the protocol defines it.
    public func request(stage: String, documents: [Document], options: JSONValue, locales: [String]) -> JSONValue {
        .object(JSONObject([
            ("protocol", .string(Self.protocolVersion)),
            ("stage", .string(stage)),
            ("plugin", .string(spec.id)),
            ("options", options.objectValue == nil ? .object(JSONObject()) : options),
            ("locales", .array(locales.map(JSONValue.string))),
            ("documents", .array(documents.map { d in
                .object(JSONObject([
                    ("file", .string(d.file)),
                    ("kind", d.kind.map(JSONValue.string) ?? .null),
                    ("index", d.index.map { .number(JSONNumber($0)) } ?? .null),
                    ("pointer", .string(d.pointer.description)),
                    ("value", d.value),
                ]))
            })),
        ]))
    }

    /// Sends the request, runs the plugin and returns its response object, with the end of
    /// what it wrote to standard error (for the failures found in the response later).
    /// Every failure after the plugin started quotes its standard error.
    func exchange(stage: String, documents: [Document], options: JSONValue, locales: [String]) async throws(Failure)
        -> (response: JSONObject, errorOutput: String)
    {
        let input = JSONWriter.compact.bytes(request(stage: stage, documents: documents, options: options, locales: locales))
        let process = PluginProcess(command: spec.command, directory: projectRoot, timeout: spec.timeout ?? Self.defaultTimeout,
                                    maxOutput: maxOutput)
        let output: [UInt8], errorOutput: String
        switch await process.run(input: input) {
        case .failedToStart(let reason):
            throw fail("cannot run \(spec.commandText): \(reason)")
        case .timedOut(let said):
            throw fail("did not finish within \(Self.seconds(spec.timeout ?? Self.defaultTimeout)) and was stopped (raise `timeout` in larder.yml if it needs longer)")
                .quoting(said)
        case .outputHeldOpen(let said):
            throw fail("exited, but a program it left running kept its standard output open for the whole timeout "
                + "(\(Self.seconds(spec.timeout ?? Self.defaultTimeout))), so its answer never ended: wait for the programs it starts "
                + "before exiting, or send their standard output elsewhere (> /dev/null)").quoting(said)
        case .outputTooLarge(let said):
            throw fail("wrote more than \(Self.size(maxOutput)) and was stopped: \(Self.overCap(maxOutput, stage: stage))").quoting(said)
        case .signalled(let signal, let said):
            throw fail("was killed by signal \(signal)").quoting(said)
        case .exited(let status, let bytes, let said):
            if status != 0 { throw fail("exited with status \(status)").quoting(said) }
            (output, errorOutput) = (bytes, said)
        }
        do {
            return (try response(parsing: output, stage: stage), errorOutput)
        } catch {
            // "exited 0 but answered nothing; it said: options.limit is missing from larder.yml"
            throw error.quoting(errorOutput)
        }
    }

    /// The response object a plugin of `stage` wrote (`output`), or why it is none.
    func response(parsing output: [UInt8], stage: String) throws(Failure) -> JSONObject {
        // Nothing is no JSON document, and no file either ("the file is empty").
        guard output.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw fail("answered nothing on standard output; a \(stage) response is {\(Self.responseKeys(stage))}")
        }
        // UTF-16 (PowerShell's and many Windows tools' default): said as such, in words
        // about an answer (the parser's are about a content file).
        if let utf16 = Self.utf16(output) {
            throw fail("answered in UTF-16 (\(utf16)); an answer is UTF-8: have the plugin write UTF-8 "
                + "(in Python, sys.stdout.reconfigure(encoding=\"utf-8\"); in PowerShell, [Console]::OutputEncoding = [Text.Encoding]::UTF8)")
        }
        let parsed: JSONDocument
        do {
            parsed = try JSONDocument(parsing: output, options: JSONParser.Options(maxDepth: Self.maxAnswerDepth))
        } catch where error.message.hasPrefix("the value is nested deeper than") {
            throw fail("did not answer with JSON (the answer is nested deeper than \(Self.maxAnswerDepth) levels at \(error.position)): "
                + "a returned document may nest \(JSONParser.Options().maxDepth) levels, as a content file may, in the answer's \(Self.answerWrapperDepth)")
        } catch {
            let start = String(decoding: output.prefix(60), as: UTF8.self)
            // Text before the answer, or after it: what a plugin logs to standard output.
            let first = output.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
            let logged = (first != UInt8(ascii: "{") && first != UInt8(ascii: "["))
                || error.message.hasPrefix("expected end of input after the top-level value")
            throw fail("did not answer with JSON (\(error.message) at \(error.position)); its output starts with \(Self.quoted(start))"
                + (logged ? "; standard output is for the answer alone: write logs to standard error (>&2 in a shell, print(..., file=sys.stderr) in Python)" : ""))
        }
        // A key given twice in one object would leave it to chance which value counts (the
        // last, here): `"message": "a", "message": "b"`.
        if let duplicate = parsed.duplicateKeys.first {
            let key = parsed.string(duplicate.second) ?? ""
            throw fail("answered with the key \(Self.quoted(key)) twice in one object (at \(Self.quoted(parsed.pointer(to: duplicate.second).description))); "
                + "each key may appear once")
        }
        // A lone surrogate (`\ud800`) is no character: read, it becomes U+FFFD, so a text
        // or a file name would change silently (content gets `lone-surrogate` for it).
        if let lone = parsed.loneSurrogates.first {
            throw fail("answered with a lone surrogate, \\u\(String(lone.codeUnit, radix: 16, uppercase: true)), which is no character "
                + "(at \(Self.quoted(parsed.pointer(to: lone.node).description))); write the character whole (a surrogate pair, or the character itself)")
        }
        let value = parsed.value
        guard let object = value.objectValue else {
            throw fail("answered with a JSON \(value.kind) instead of an object; a \(stage) response is {\(Self.responseKeys(stage))}")
        }
        if let version = object["protocol"], version != .string(Self.protocolVersion) {
            throw fail("answers protocol \(JSONWriter.compact.string(version)); Larder speaks \(Self.protocolVersion)")
        }
        let allowed = Set(["protocol", "diagnostics"] + (stage == "transform" ? ["documents"] : stage == "export" ? ["artifacts"] : []))
        if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
            throw fail("answered with an unknown member \"\(unknown)\"; a \(stage) response is {\(Self.responseKeys(stage))}")
        }
        return object
    }

    /// The response's diagnostics placed in `documents` (the documents as their files hold
    /// them), and the problems with those that cannot be placed.
    ///
    /// A pointer that is not in `documents` but in one of `rewritten` (what the transforms
    /// made of them) is about a value only the rewritten document has: it is placed at its
    /// nearest ancestor in `documents`, and the message names it.
    func checkDiagnostics(_ response: JSONObject, in documents: [Document], rewritten: [[Document]] = [])
        -> (diagnostics: [Diagnostic], problems: [Failure])
    {
        guard let items = response["diagnostics"] else { return ([], []) }
        guard let array = items.arrayValue else { return ([], [fail("\"diagnostics\" is not an array")]) }
        var byFile: [String: [Document]] = [:]
        for d in documents { byFile[d.file, default: []].append(d) }
        var rewrittenByFile: [String: [[Document]]] = [:]
        for set in rewritten {
            var files: [String: [Document]] = [:]
            for d in set where byFile[d.file] != nil { files[d.file, default: []].append(d) }
            for (file, found) in files { rewrittenByFile[file, default: []].append(found) }
        }
        // The documents of each file a diagnostic names, indexed once (with a line index
        // where the documents have none), so placing a diagnostic does not go through every
        // document of its file: 20,000 diagnostics in a file of 20,000 documents took minutes.
        var indexed: [String: FileDocuments] = [:]
        var rewrittenIndexed: [String: [FileDocuments]] = [:]
        var out: [Diagnostic] = []
        var problems: [Failure] = []
        for (n, item) in array.enumerated() {
            guard let object = item.objectValue else { problems.append(fail("diagnostics[\(n)] is not an object")); continue }
            if let unknown = Self.unknownMember(of: object, known: Self.diagnosticMembers) {
                problems.append(fail("diagnostics[\(n)] has an unknown member \"\(unknown)\"; a diagnostic is {\(Self.listed(Self.diagnosticMembers))}"))
                continue
            }
            guard let message = object["message"]?.stringValue, !message.isEmpty else {
                problems.append(fail("diagnostics[\(n)] has no \"message\" string")); continue
            }
            guard let file = object["file"]?.stringValue else { problems.append(fail("diagnostics[\(n)] has no \"file\" string")); continue }
            guard let inFile = byFile[file] else {
                problems.append(fail("diagnostics[\(n)] names \(file), which is not a file of the request")); continue
            }
            let candidates = indexed[file] ?? FileDocuments(inFile, lineIndex: true)
            indexed[file] = candidates
            let pointerText: String
            switch object["pointer"] {
            case nil: pointerText = ""
            case .string(let text)?: pointerText = text
            case let other?:
                problems.append(fail("diagnostics[\(n)]: pointer \(JSONWriter.compact.string(other)) is not a string (a JSON Pointer within the file)")); continue
            }
            guard let pointer = JSONPointer(parsing: pointerText) else {
                problems.append(fail("diagnostics[\(n)]: \(Self.quoted(pointerText)) is not a JSON Pointer")); continue
            }
            let severity: Severity
            switch object["severity"] {
            case nil: severity = .error
            // Exactly the protocol's three names (its schema's enum): larder.yml's own
            // spellings (`info`, `Error`) are not the protocol's.
            case .string(let name)? where ["error", "warning", "note"].contains(name): severity = Severity(name: name)!
            case let other?:
                problems.append(fail("diagnostics[\(n)]: severity \(JSONWriter.compact.string(other)) is not error, warning or note")); continue
            }
            var ruleID = spec.id
            if let rule = object["rule"] {
                guard let name = rule.stringValue, Self.isSlug(name) else {
                    problems.append(fail("diagnostics[\(n)]: rule \(JSONWriter.compact.string(rule)) is not a kebab-case id")); continue
                }
                ruleID += "/" + name
            }
            if let (document, node) = candidates.locate(pointer) {
                out.append(document.diagnostic(ruleID: ruleID, severity: severity, message: message, node: node,
                                               locator: candidates.locator(for: document)))
                continue
            }
            // Only in the rewritten value: at the nearest place the file has.
            let rewrittenSets = rewrittenIndexed[file] ?? (rewrittenByFile[file] ?? []).map { FileDocuments($0) }
            rewrittenIndexed[file] = rewrittenSets
            guard rewrittenSets.contains(where: { $0.locate(pointer) != nil }),
                  let (document, node) = (0..<pointer.tokens.count).reversed().lazy
                    .compactMap({ candidates.locate(JSONPointer(tokens: Array(pointer.tokens.prefix($0)))) }).first
            else {
                problems.append(fail("diagnostics[\(n)]: the pointer \(Self.quoted(pointerText)) does not exist in \(file)")); continue
            }
            out.append(document.diagnostic(ruleID: ruleID, severity: severity,
                                           message: message + " (about \(pointerText) of the rewritten document, which \(file) does not have)", node: node,
                                           locator: candidates.locator(for: document)))
        }
        return (out, problems)
    }

    // MARK: Helpers

    func fail(_ message: String) -> Failure { Failure(pluginID: spec.id, message: message) }

    func diagnostic(for error: any Error, severity: Severity) -> Diagnostic {
        diagnostic(for: (error as? Failure) ?? fail("\(error)"), severity: severity)
    }

    /// The levels of an answer around a returned document's value: `{"documents": [{"value": …}]}`.
    static let answerWrapperDepth = 3
    /// The deepest an answer may nest: a returned document as deep as a content file may be
    /// (the parser's default, 512 levels), in ``answerWrapperDepth`` levels of the answer.
    /// (At 512 for the whole answer, a transform that returned a document unchanged failed on
    /// content that lint took.)
    static var maxAnswerDepth: Int { JSONParser.Options().maxDepth + answerWrapperDepth }

    /// The members of a diagnostic and of a returned document, as the protocol defines them.
    static let diagnosticMembers = ["file", "pointer", "message", "severity", "rule"]
    static let documentMembers = ["file", "index", "value"]

    /// The first member of `object` that is not one of `known` (in the order written).
    static func unknownMember(of object: JSONObject, known: [String]) -> String? {
        object.keys.first { !known.contains($0) }
    }

    /// `"a", "b"`: names as a response lists them.
    static func listed(_ names: [String]) -> String { names.map { "\"\($0)\"" }.joined(separator: ", ") }

    static func key(_ file: String, _ index: Int?) -> String { "\(file)\u{0}\(index.map(String.init) ?? "")" }

    static func array(_ object: JSONObject, _ key: String) -> [JSONValue]? { object[key]?.arrayValue }

    static func responseKeys(_ stage: String) -> String {
        switch stage {
        case "transform": "\"documents\": [...], \"diagnostics\": [...]"
        case "export": "\"artifacts\": [...], \"diagnostics\": [...]"
        default: "\"diagnostics\": [...]"
        }
    }

    static func isSlug(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, ("a"..."z").contains(first) || ("0"..."9").contains(first) else { return false }
        return s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The end of what the plugin wrote to standard error, for a failure message: its last
    /// three lines, where a traceback puts the error itself (`KeyError: 'limit'`).
    static func excerpt(_ errorOutput: String) -> String {
        let lines = errorOutput.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.suffix(3)
        guard !lines.isEmpty else { return "" }
        let text = lines.joined(separator: " / ")
        return "; it said: " + (text.count > 300 ? "…" + text.suffix(300) : text)
    }

    static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "\n", with: "\\n") + "'" }

    static func seconds(_ t: Double) -> String {
        t == t.rounded() && abs(t) < 1e15 ? "\(Int(t)) second\(t == 1 ? "" : "s")" : "\(t) seconds"
    }

    /// What an answer over the cap of `maxOutput` bytes means for a plugin of `stage`, and
    /// what to do: an export's artifacts are base64 (4 bytes for 3), so an answer of 64 MiB
    /// holds about 48 MiB of binary files.
    static func overCap(_ maxOutput: Int, stage: String) -> String {
        let cap = "an answer may hold \(size(maxOutput))"
        switch stage {
        case "export":
            return cap + ", and base64 makes bytes 4/3 as large, so the artifacts of one export hold at most about \(size(maxOutput / 4 * 3)) "
                + "of binary files; split them over several export steps (one plugin may run in several, with options saying which part each writes)"
        case "transform":
            return cap + "; return only the documents you changed"
        default:
            return cap + "; report fewer diagnostics"
        }
    }

    /// How `output` is UTF-16, said for a message: it starts with a UTF-16 byte order mark,
    /// or every other byte of its start is 0 (`{` and `}` as `7B 00 7D 00`); nil otherwise.
    static func utf16(_ output: [UInt8]) -> String? {
        guard output.count >= 2 else { return nil }
        if (output[0], output[1]) == (0xFF, 0xFE) || (output[0], output[1]) == (0xFE, 0xFF) {
            return "its output starts with the byte order mark \(output[0] == 0xFF ? "FF FE" : "FE FF")"
        }
        let start = Array(output.prefix(16).prefix(output.count & ~1))
        let even = stride(from: 0, to: start.count, by: 2).map { start[$0] }, odd = stride(from: 1, to: start.count, by: 2).map { start[$0] }
        if (even.allSatisfy { $0 == 0 } && !odd.contains(0)) || (odd.allSatisfy { $0 == 0 } && !even.contains(0)) {
            return "every other byte of its output is 0"
        }
        return nil
    }

    /// Why `encoded` is not base64 as Larder reads it (RFC 4648's alphabet, padded, on one
    /// line), or nil when no single reason is found.
    static func base64Problem(_ encoded: String) -> String? {
        let scalars = Array(encoded.unicodeScalars)
        if let at = scalars.firstIndex(where: { $0 == "\n" || $0 == "\r" }) {
            return "it holds line breaks (the first at offset \(at)), as MIME base64 has them (Python's base64.encodebytes); write it on one line (base64.b64encode)"
        }
        if let at = scalars.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            return "it holds a \(scalars[at] == " " ? "space" : "tab") at offset \(at); base64 has none"
        }
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".unicodeScalars
        if let at = scalars.firstIndex(where: { !alphabet.contains($0) && $0 != "=" }) {
            let c = scalars[at]
            let shown = c.isASCII && c.value >= 0x20 && c.value < 0x7F ? "'\(c)'" : "U+\(String(format: "%04X", c.value))"
            return "it holds \(shown) at offset \(at), which base64 does not use (its characters are A-Z, a-z, 0-9, + and /; URL-safe base64 writes - and _ for + and /)"
        }
        let padding = scalars.reversed().prefix { $0 == "=" }.count
        if let at = scalars.dropLast(padding).firstIndex(of: "=") {
            return "it holds '=' at offset \(at), before its end: '=' only pads the end"
        }
        if scalars.count % 4 != 0 {
            let start = "its length, \(scalars.count), is not a multiple of 4: "
            if padding > 0 { return start + "its padding is wrong (with it, the length is a multiple of 4)" }
            if scalars.count % 4 == 1 { return start + "a character is missing or one too many (no padding makes it whole)" }
            let missing = String(repeating: "=", count: 4 - scalars.count % 4)
            return start + "the padding at its end is missing" + (scalars.count <= 12 ? " (\(encoded)\(missing))" : " (\(missing))")
        }
        if padding > 2 { return "it ends in \(padding) '=', and padding is at most 2" }
        return nil
    }

    /// `s` with each scalar outside ASCII written `\u{E9}`, so that two spellings of one
    /// name (`\u{E9}` and `e\u{301}`) can be told apart in a message.
    static func escapingNonASCII(_ s: String) -> String {
        s.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

extension PluginSpec {
    /// A plugin declaration, as `larder.yml` `plugins:` holds it.
    public init(id: String, stage: String, command: [String], options: JSONValue = .null, timeout: Double? = nil) {
        self.id = id
        self.stage = stage
        self.command = command
        self.options = options
        self.timeout = timeout
    }
}

/// The documents of one file, indexed by the pointer each one is at (`""` for a file that
/// is one document, `/3` for the fourth of an array), so a diagnostic's pointer finds its
/// document in one look-up.
struct FileDocuments {
    let documents: [Document]
    /// The first document that is the whole file.
    let whole: Int?
    /// The first document at each index of the file's array, by its pointer token.
    let atIndex: [String: Int]
    /// The first document at an index of the file's array.
    let firstInArray: Int?
    /// The line index of the file, for documents as loaded that came without one.
    let lineIndex: SourceLocator?

    /// The documents of one file; with `lineIndex`, a line index of the file is made once
    /// when a document as loaded has none (each diagnostic would make one again).
    init(_ documents: [Document], lineIndex: Bool = false) {
        self.documents = documents
        self.lineIndex = lineIndex ? documents.first(where: { $0.locator == nil && !$0.isModified })?.json.locator() : nil
        var whole: Int?
        var atIndex: [String: Int] = [:]
        var firstInArray: Int?
        for (position, document) in documents.enumerated() {
            if let index = document.index {
                if atIndex[String(index)] == nil { atIndex[String(index)] = position }
                if firstInArray == nil { firstInArray = position }
            } else if whole == nil {
                whole = position
            }
        }
        self.whole = whole
        self.atIndex = atIndex
        self.firstInArray = firstInArray
    }

    /// The line index to place a diagnostic of `document` (one of ``documents``) with: nil
    /// when the document has its own, or was rewritten (it is then placed in its file as
    /// loaded).
    func locator(for document: Document) -> SourceLocator? {
        document.locator == nil && !document.isModified ? lineIndex : nil
    }

    /// The document holding `pointer` (a pointer within the file) and the node it names:
    /// the first document (in the order given) whose own pointer starts `pointer`.
    func locate(_ pointer: JSONPointer) -> (Document, Int)? {
        let inArray = pointer.tokens.first.flatMap { atIndex[$0] }
        let found: Int?
        switch (whole, inArray) {
        case let (w?, a?): found = min(w, a)
        case let (w, a): found = w ?? a
        }
        if let found {
            let document = documents[found]
            let json = document.json
            var node = document.node
            for token in pointer.tokens.dropFirst(document.index == nil ? 0 : 1) {
                switch json.kind(node) {
                case .object:
                    guard let v = json.member(node, token) else { return nil }
                    node = v
                case .array:
                    guard let i = Int(token), token == String(i), let e = json.element(node, i) else { return nil }
                    node = e
                default:
                    return nil
                }
            }
            return (document, node)
        }
        // A place above the documents of a file that holds several (`""`, the file itself, as
        // the protocol's default pointer says): the file's root, found through the first
        // document it holds.
        if pointer.tokens.isEmpty, let first = firstInArray {
            return (documents[first], documents[first].json.root)
        }
        return nil
    }
}
