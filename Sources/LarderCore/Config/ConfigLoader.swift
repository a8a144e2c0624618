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

    /// The config, or the diagnostics (rule `config`, errors) that explain why it is not
    /// valid: every mistake of the file in one go, each at its place (a mistake that is a key,
    /// such as an unknown setting, at the key). `keyPositions` maps a member's pointer to the
    /// place of its key; without either map, places are the JSON document's own.
    ///
    /// A config that is not valid still comes with what could be read of it
    /// (``ConfigError/partialConfig``), so that the checks its schema cannot make (unknown
    /// rules, rule options, steps) run too and are reported with the rest
    /// (``ConfigError/merging(_:)``), not in a second round after these are fixed.
    public func load(_ json: JSONDocument, file: String, positions: PositionMap? = nil,
                     keyPositions: PositionMap? = nil) -> Result<LarderConfig, ConfigError> {
        let schema: JSONSchema
        do {
            guard let compiled = try BuiltInSchemas.compile("config") else {
                return .failure(ConfigError(diagnostics: [Self.diagnostic("the built-in config schema is missing", file: file)]))
            }
            schema = compiled
        } catch {
            return .failure(ConfigError(diagnostics: [Self.diagnostic("the built-in config schema does not compile: \(error)", file: file)]))
        }
        var locator: SourceLocator?
        func range(of pointer: JSONPointer, node: Int? = nil, isKey: Bool = false) -> SourceRange {
            if isKey, let key = keyPositions?(pointer) ?? (positions == nil ? Self.keyRange(of: pointer, in: json) : nil) {
                return key
            }
            if let mapped = positions?(pointer) { return mapped }
            guard let node = json.node(at: pointer) ?? node else { return SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1)) }
            if locator == nil { locator = json.locator() }
            return json.sourceRange(of: node, using: locator)
        }
        var diagnostics: [Diagnostic] = []
        var covered: [JSONPointer] = []
        let result = schema.validate(json)
        if !result.isValid {
            let explained = result.errors.compactMap { e -> (error: LarderSchema.ValidationError, said: Explained)? in
                // Repeated locales are told one by one below, at the second of each pair.
                if e.keyword == "uniqueItems", e.instanceLocation == JSONPointer(tokens: ["locales"]) { return nil }
                return (e, Self.explained(e, in: json))
            }
            // A required setting whose name an unknown key of the same object is close to
            // (`includes:` for `include:`) is told once, by the unknown key's did-you-mean.
            let suggested = Set(explained.compactMap { $0.said.suggestion.map { ($0.object, $0.name) } }.map { "\($0.0)\u{0}\($0.1)" })
            // The second name of a step item that names two (an option beside its step, or a
            // step whose `- ` was left out) is told of at that name: what its value lacks as
            // a step's options (`images: true`) is beside the point.
            let secondNames = explained.filter { item in
                let tokens = item.said.pointer.tokens
                return item.error.keyword == "maxProperties" && tokens.count == 3 && (tokens[0] == "transforms" || tokens[0] == "exports")
            }.map(\.said.pointer)
            for (e, said) in explained {
                if e.keyword == "required", let name = Self.requiredName(e),
                   suggested.contains("\(e.instanceLocation)\u{0}\(name)") { continue }
                if e.keyword != "maxProperties", secondNames.contains(where: { e.instanceLocation.tokens.starts(with: $0.tokens) }) { continue }
                let r = range(of: said.pointer, node: e.node, isKey: said.isKey)
                diagnostics.append(Diagnostic(
                    ruleID: Self.ruleID, severity: .error, message: said.message, file: file,
                    start: r.start, end: r.end, pointer: said.pointer,
                    keywordLocation: e.keywordLocation, absoluteKeywordLocation: e.absoluteKeywordLocation))
                covered.append(e.keyword == "required" ? Self.requiredName(e).map { e.instanceLocation.appending($0) } ?? e.instanceLocation : e.instanceLocation)
                // A kind of the team's own without a schema: its kind is told of too.
                if (e.absoluteKeywordLocation ?? "").hasSuffix("/$defs/contentEntry/else/required") { covered.append(e.instanceLocation.appending("kind")) }
            }
        }
        func isCovered(_ pointer: JSONPointer) -> Bool {
            covered.contains { pointer.tokens.starts(with: $0.tokens) }
        }
        // Locales that are one locale (BCP 47 tags ignore case): the exports would write two
        // files for it, or stop on the clash.
        if case .array(let items)? = json.value.objectValue?["locales"] {
            var firstOf: [String: (Int, String)] = [:]
            for (i, item) in items.enumerated() {
                guard let tag = item.stringValue else { continue }
                let pointer = JSONPointer(tokens: ["locales", String(i)])
                // Keyed by the tag with a replaced code replaced (`iw` is `he`) and a
                // Chinese region's script made explicit (`zh-TW` is `zh-Hant-TW`).
                let key = LanguageAlias.canonical(tag)?.description.lowercased() ?? tag.lowercased()
                guard let (j, first) = firstOf[key] else {
                    firstOf[key] = (i, tag)
                    continue
                }
                if isCovered(pointer) { continue }
                let message = first == tag
                    ? "\(Self.path(of: pointer)): \(tag) is listed twice (locales[\(j)]); keep one"
                    : first.lowercased() == tag.lowercased()
                    ? "\(Self.path(of: pointer)): \(tag) is the same locale as \(first) (locales[\(j)]; language tags ignore case); keep one"
                    : "\(Self.path(of: pointer)): \(tag) is the same locale as \(first) (locales[\(j)]): \(LanguageAlias.reason(tag, first)); keep one"
                let r = range(of: pointer)
                diagnostics.append(Diagnostic(ruleID: Self.ruleID, severity: .error, message: message, file: file,
                                              start: r.start, end: r.end, pointer: pointer))
            }
        }
        // Globs whose syntax is broken: they would match nothing, and the content they name
        // would go unchecked with no word. (Read from the JSON, so that the places are right
        // also when other settings are not valid.)
        var globs: [JSONPointer] = []
        let root = json.value.objectValue
        for (i, item) in (root?["exclude"]?.arrayValue ?? []).enumerated() where item.stringValue != nil {
            globs.append(JSONPointer(tokens: ["exclude", String(i)]))
        }
        for (i, entry) in (root?["content"]?.arrayValue ?? []).enumerated() {
            for list in ["include", "exclude"] {
                for (j, item) in (entry[list]?.arrayValue ?? []).enumerated() where item.stringValue != nil {
                    globs.append(JSONPointer(tokens: ["content", String(i), list, String(j)]))
                }
            }
        }
        for pointer in globs where !isCovered(pointer) {
            guard let pattern = json.node(at: pointer).flatMap(json.string) else { continue }
            let glob = Glob(pattern)
            guard let problem = glob.syntaxProblem else { continue }
            let r = range(of: pointer)
            diagnostics.append(Diagnostic(
                ruleID: Self.ruleID, severity: .error, message: "\(Self.path(of: pointer)): the glob '\(glob.pattern)' is not valid: \(problem)",
                file: file, start: r.start, end: r.end, pointer: pointer))
        }
        let config = result.isValid ? LarderConfig(json: json.value) : LarderConfig(partial: json.value)
        if !diagnostics.isEmpty {
            return .failure(ConfigError(diagnostics: diagnostics, partialConfig: config, covered: covered))
        }
        return .success(config)
    }

    /// The name a failed `required` asks for (`"include" is required` -> `include`).
    static func requiredName(_ error: LarderSchema.ValidationError) -> String? {
        guard error.keyword == "required", error.message.hasSuffix(" is required") else { return nil }
        let quoted = String(error.message.dropLast(" is required".count))
        return (try? JSONDocument(parsing: quoted)).flatMap { $0.string($0.root) }
    }

    /// The place of the key of the member `pointer` names, in the document itself.
    public static func keyRange(of pointer: JSONPointer, in json: JSONDocument) -> SourceRange? {
        guard let name = pointer.tokens.last, let parent = pointer.parent, let object = json.node(at: parent),
              json.kind(object) == .object else { return nil }
        for (key, _) in json.members(object) where json.string(key) == name {
            return json.sourceRange(of: key)
        }
        return nil
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

    /// A config mistake told in words, and where: at the key when the key is the mistake.
    struct Explained {
        var message: String
        var pointer: JSONPointer
        /// The mistake is the key at `pointer` (an unknown setting, a rule id that is not
        /// one), not its value.
        var isKey = false
        /// For an unknown key: the object and the known setting it is close to.
        var suggestion: (object: JSONPointer, name: String)?
    }

    /// Where the content entries' own settings go when they are written at the top.
    static let entrySettings: Set<String> = ["kind", "include", "includes", "schema", "images", "formats"]

    /// The message of a config mistake, and where it is: the schema's own words where they
    /// are clear (`expected an array`), a sentence of Larder's where they would quote one of
    /// the config schema's patterns or conditions (a locale that is not a language tag, a
    /// path that leaves the project, a built-in kind given a schema), and an unknown setting
    /// with the known one it is closest to.
    static func explained(_ error: LarderSchema.ValidationError, in json: JSONDocument) -> Explained {
        let place = error.absoluteKeywordLocation ?? ""
        let value = json.string(error.node)
        func say(_ text: String, at pointer: JSONPointer? = nil, isKey: Bool = false) -> Explained {
            let pointer = pointer ?? error.instanceLocation
            let path = path(of: isKey ? pointer.parent ?? pointer : pointer)
            return Explained(message: path.isEmpty ? text : "\(path): \(text)", pointer: pointer, isKey: isKey)
        }
        func quoted(_ s: String) -> String { JSONValue.string(s).settingDescription }
        if error.keyword == "additionalProperties", let key = error.instanceLocation.tokens.last {
            let object = error.instanceLocation.parent ?? .root
            let known = knownSettings(besides: place)
            // A content entry's setting written at the top is told where it goes (`include`
            // is not a misspelt `exclude`).
            let misplaced = object.tokens.isEmpty && entrySettings.contains(key)
            let close = misplaced ? nil : Suggest.closest(to: key, in: known)
            var text = "unknown setting \(quoted(key))"
            if let close {
                text += "; did you mean \(quoted(close))?"
            } else if misplaced {
                let name = key == "includes" ? "include" : key
                text += "; \(name) is a setting of each entry of content (content: [{kind: recipe, include: [...]}])"
            } else if !known.isEmpty {
                text += "; the settings here are " + known.joined(separator: ", ")
            }
            var said = say(text, isKey: true)
            said.suggestion = close.map { (object, $0) }
            return said
        }
        if let value, let predicate = SchemaWording.predicate(for: error, value: value, folder: "the project folder") {
            // A key that breaks a propertyNames pattern (a rule id) is placed at the key.
            if error.keywordLocation.contains("/propertyNames/") {
                let pointer = error.instanceLocation
                let path = path(of: pointer)
                return Explained(message: "\(path): \(quoted(value)) \(predicate)", pointer: pointer, isKey: true)
            }
            return say("\(quoted(value)) \(predicate)")
        }
        // A rule's setting: a severity, or an object of its options. A misspelt severity is
        // told the one it is closest to; another value what a setting can be.
        let severities = ["error", "warning", "note", "off"]
        if place.hasSuffix("/$defs/severity/enum") || place.hasSuffix("/$defs/rules/additionalProperties/anyOf") {
            let listed = severities.map(quoted).joined(separator: ", ")
            // A word for "no" means `off` (`no` is not short for `note`); a shortening
            // (`warn`, `err`) is meant as the severity it begins.
            let nay: Set<String> = ["no", "n", "nope", "false", "none", "disable", "disabled", "ignore", "ignored"]
            if let value, let meant = nay.contains(value.lowercased()) ? "off" : Suggest.closest(to: value.lowercased(), in: severities)
                ?? (value.count >= 3 ? severities.first(where: { $0.hasPrefix(value.lowercased()) }) : nil)
            {
                return say("\(quoted(value)) is not one of \(listed); did you mean \(quoted(meant))?")
            }
            if place.hasSuffix("/anyOf"), value == nil, json.kind(error.node) != .object {
                let written = json.value(error.node).settingDescription
                return say("\(written) is not a rule setting: give a severity (\(listed)) or an object of the rule's options ({severity: warning, …})")
            }
        }
        if place.hasSuffix("/$defs/contentEntry/then/not") {
            let kind = json.member(error.node, "kind").flatMap(json.string) ?? "this kind"
            return say("\(kind) has its built-in schema, so \"schema\" is for kinds of your own; remove it, or give the kind a name of your own (its schema may $ref the built-in one)",
                       at: error.instanceLocation.appending("schema"))
        }
        if place.hasSuffix("/$defs/contentEntry/else/required") {
            let written = json.member(error.node, "kind").flatMap(json.string)
            let kind = written.map(quoted) ?? "a kind of your own"
            // A built-in kind misspelt (`recipes`) is most likely meant, not a kind of one's own.
            if let written, let meant = Suggest.closest(to: written, in: BuiltInSchemas.kinds) {
                return say("\(kind) is not a built-in kind (recipe, location, product, taxonomy); did you mean '\(meant)'? A kind of your own needs a \"schema\": the JSON Schema file its documents must satisfy",
                           at: error.instanceLocation.appending("kind"))
            }
            return say("\(kind) is not a built-in kind (recipe, location, product, taxonomy), so it needs a \"schema\": the JSON Schema file its documents must satisfy")
        }
        // A step that names two transforms or exporters: the `- ` of the second was left out
        // (`- scale: {…}` and `convert: {}` on the next line, at the same indentation), so
        // YAML reads both as one item. Told at the second name, with what to write.
        if error.keyword == "maxProperties", error.instanceLocation.tokens.count == 2,
           let list = error.instanceLocation.tokens.first, list == "transforms" || list == "exports",
           json.kind(error.node) == .object
        {
            let members = Array(json.members(error.node))
            let names = members.compactMap { json.string($0.key) }
            if names.count > 1, members.count == names.count {
                let what = list == "transforms" ? "transform" : "export"
                let (first, second) = (names[0], names[1])
                let option = "put it in the options of \(quoted(first)) (- \(first): { …, \(second): … })"
                // A value that is not a step's options (`images: true`, `convention: metric`)
                // is an option written beside its step, not in it: starting it as a step of
                // its own would run another step (`images` is an exporter too).
                let kind = json.kind(members[1].value)
                let isOptions = kind == .object || kind == .null
                return say("one item of \(list) names one \(what), and this one names \(names.map(quoted).joined(separator: " and ")); "
                           + (isOptions ? "start \(quoted(second)) as an item of its own, with '- ' (- \(second): …), or, if it is an option, \(option)"
                                        : "\(quoted(second)) looks like an option: \(option)"),
                           at: error.instanceLocation.appending(second), isKey: true)
            }
        }
        // A config with no settings at all (an empty file, or only comments).
        if error.keyword == "required", error.instanceLocation.tokens.isEmpty, json.kind(error.node) == .object,
           json.value(error.node).objectValue?.isEmpty == true, requiredName(error) == "content"
        {
            return Explained(message: "the config has no settings: it needs `content:`, the content files to check and their kind "
                                 + "(content: [{kind: recipe, include: [\"content/*.json\"]}]); `larder init` writes a commented larder.yml",
                             pointer: error.instanceLocation)
        }
        // A list of one written as the one item (`include: "content/*.json"`).
        if error.keyword == "type", let value, error.message.hasPrefix("expected an array") {
            // A plugin's command written as a shell line (`command: python3 plugins/abv.py`):
            // it runs without a shell, so each word is an item. As a list of one, the whole
            // line would be taken for the program's name, which does not exist.
            let tokens = error.instanceLocation.tokens
            let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if tokens.count == 3, tokens[0] == "plugins", tokens[2] == "command", words.count > 1 {
                return Explained(message: message(for: error) + "; the command runs without a shell, so each word is an item of the list: "
                                    + "write \(PluginSpec.flowList(words)) (or [sh, -c, \(PluginSpec.flowList([value]).dropFirst().dropLast())] for a shell)",
                                 pointer: error.instanceLocation)
            }
            return Explained(message: message(for: error) + "; write [\(String(decoding: JSONWriter.compact.bytes(.string(value)), as: UTF8.self))] for a list of one", pointer: error.instanceLocation)
        }
        return Explained(message: message(for: error), pointer: error.instanceLocation)
    }

    /// The settings the config schema names next to a failed `additionalProperties` (its
    /// absolute keyword location), sorted.
    static func knownSettings(besides location: String) -> [String] {
        guard let hash = location.firstIndex(of: "#"),
              let text = BuiltInSchemas.text("config"), let schema = try? JSONDocument(parsing: text) else { return [] }
        let fragment = String(location[location.index(after: hash)...])
        guard !fragment.contains("%"), let pointer = JSONPointer(parsing: fragment), let parent = pointer.parent,
              let properties = schema.node(at: parent.appending("properties")), schema.kind(properties) == .object else { return [] }
        return schema.members(properties).compactMap { schema.string($0.key) }.filter { !$0.hasPrefix("$") }.sorted()
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
    /// What could be read of the config (settings that are not valid are left out or empty),
    /// for the checks the schema cannot make: ``Linter/checkRuleSettings()`` on it finds the
    /// unknown rules and options of the same file, which ``merging(_:)`` adds to these.
    public var partialConfig: LarderConfig?
    /// The settings the diagnostics are about: a further check's finding at or below one of
    /// them is the same mistake told again.
    public var covered: [JSONPointer]

    public init(diagnostics: [Diagnostic], partialConfig: LarderConfig? = nil, covered: [JSONPointer] = []) {
        self.diagnostics = diagnostics
        self.partialConfig = partialConfig
        self.covered = covered
    }

    /// These diagnostics and those of `further` checks of the partial config that are about
    /// other settings, in the order of their places in the file.
    public func merging(_ further: [Diagnostic]) -> [Diagnostic] {
        let fresh = further.filter { d in
            !covered.contains { d.pointer.tokens.starts(with: $0.tokens) }
        }
        return (diagnostics + fresh).enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.file != y.file { return a.offset < b.offset }
            if (x.start.line, x.start.column) != (y.start.line, y.start.column) { return (x.start.line, x.start.column) < (y.start.line, y.start.column) }
            return a.offset < b.offset
        }.map(\.element)
    }
}
