import LarderJSON
import LarderSchema

/// Checks a parsed `larder.yml` / `larder.json` against Larder's config schema and reads it.
///
/// The file is given as JSON (the CLI converts YAML to JSON first) with a function that
/// maps a JSON Pointer back to the place in the original file, so every mistake is
/// reported at its own line and column, in the file the user wrote.
public struct ConfigLoader: Sendable {
    /// Maps a pointer into the config to its range in the file the user wrote.
    public typealias PositionMap = @Sendable (JSONPointer) -> SourceRange?

    public init() {}

    /// The config, or the diagnostics (rule `config`, errors) that explain why it is not valid.
    public func load(_ json: JSONDocument, file: String, positions: PositionMap? = nil) -> Result<LarderConfig, ConfigError> {
        let schema: JSONSchema
        do {
            guard let compiled = try BuiltInSchemas.compile("config") else {
                return .failure(ConfigError(diagnostics: [Self.diagnostic("the built-in config schema is missing", file: file)]))
            }
            schema = compiled
        } catch {
            return .failure(ConfigError(diagnostics: [Self.diagnostic("the built-in config schema does not compile: \(error)", file: file)]))
        }
        let result = schema.validate(json)
        guard result.isValid else {
            let locator = json.locator()
            let diagnostics = result.errors.map { e -> Diagnostic in
                let (message, pointer) = Self.explained(e, in: json)
                let node = json.node(at: pointer) ?? e.node
                let range = positions?(pointer) ?? json.sourceRange(of: node, using: locator)
                return Diagnostic(
                    ruleID: Self.ruleID, severity: .error, message: message, file: file,
                    start: range.start, end: range.end, pointer: pointer,
                    keywordLocation: e.keywordLocation, absoluteKeywordLocation: e.absoluteKeywordLocation)
            }
            return .failure(ConfigError(diagnostics: diagnostics))
        }
        let config = LarderConfig(json: json.value)
        // Globs whose syntax is broken: they would match nothing, and the content they name
        // would go unchecked with no word.
        var globs: [(JSONPointer, Glob)] = config.exclude.enumerated().map { (JSONPointer(tokens: ["exclude", String($0.offset)]), $0.element) }
        for (i, entry) in config.content.enumerated() {
            for (j, glob) in entry.include.enumerated() { globs.append((JSONPointer(tokens: ["content", String(i), "include", String(j)]), glob)) }
            for (j, glob) in entry.exclude.enumerated() { globs.append((JSONPointer(tokens: ["content", String(i), "exclude", String(j)]), glob)) }
        }
        var problems: [Diagnostic] = []
        var locator: SourceLocator?
        for (pointer, glob) in globs {
            guard let problem = glob.syntaxProblem else { continue }
            var range = positions?(pointer)
            if range == nil, let node = json.node(at: pointer) {
                if locator == nil { locator = json.locator() }
                range = json.sourceRange(of: node, using: locator)
            }
            let start = range?.start ?? SourcePosition(line: 1, column: 1)
            problems.append(Diagnostic(
                ruleID: Self.ruleID, severity: .error, message: "\(Self.path(of: pointer)): the glob '\(glob.pattern)' is not valid: \(problem)",
                file: file, start: start, end: range?.end ?? start, pointer: pointer))
        }
        if !problems.isEmpty { return .failure(ConfigError(diagnostics: problems)) }
        return .success(config)
    }

    /// The rule id of config mistakes.
    public static let ruleID = "config"

    static func diagnostic(_ message: String, file: String) -> Diagnostic {
        Diagnostic(ruleID: ruleID, severity: .error, message: message, file: file, start: SourcePosition(line: 1, column: 1))
    }

    /// The engine's message, prefixed with the setting it is about (`content[0].kind: …`).
    static func message(for error: LarderSchema.ValidationError) -> String {
        let path = path(of: error.instanceLocation)
        return path.isEmpty ? error.message : "\(path): \(error.message)"
    }

    /// The message of a config mistake, and where it is: the schema's own words where they
    /// are clear (`expected an array`), a sentence of Larder's where they would quote one of
    /// the config schema's patterns or conditions (a locale that is not a language tag, a
    /// path that leaves the project, a built-in kind given a schema).
    static func explained(_ error: LarderSchema.ValidationError, in json: JSONDocument) -> (message: String, pointer: JSONPointer) {
        let place = error.absoluteKeywordLocation ?? ""
        let value = json.string(error.node)
        func say(_ text: String, at pointer: JSONPointer? = nil) -> (String, JSONPointer) {
            let pointer = pointer ?? error.instanceLocation
            let path = path(of: pointer)
            return (path.isEmpty ? text : "\(path): \(text)", pointer)
        }
        func quoted(_ s: String) -> String { JSONValue.string(s).settingDescription }
        if let value, let predicate = SchemaWording.predicate(for: error, value: value, folder: "the project folder") {
            return say("\(quoted(value)) \(predicate)")
        }
        if place.hasSuffix("/$defs/contentEntry/then/not") {
            let kind = json.member(error.node, "kind").flatMap(json.string) ?? "this kind"
            return say("\(kind) has its built-in schema, so \"schema\" is for kinds of your own; remove it, or give the kind a name of your own (its schema may $ref the built-in one)",
                       at: error.instanceLocation.appending("schema"))
        }
        if place.hasSuffix("/$defs/contentEntry/else/required") {
            let kind = json.member(error.node, "kind").flatMap(json.string).map(quoted) ?? "a kind of your own"
            return say("\(kind) is not a built-in kind (recipe, location, product, taxonomy), so it needs a \"schema\": the JSON Schema file its documents must satisfy")
        }
        return (message(for: error), error.instanceLocation)
    }

    /// A setting's name as messages write it: `content[0].include[1]`.
    static func path(of pointer: JSONPointer) -> String {
        pointer.tokens.reduce(into: "") { out, token in
            if let i = Int(token), String(i) == token { out += "[\(i)]" } else { out += (out.isEmpty ? "" : ".") + token }
        }
    }
}

/// A `larder.yml` that is not valid: each mistake as a diagnostic with its position.
public struct ConfigError: Error, Sendable {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
