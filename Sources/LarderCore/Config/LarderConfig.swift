import LarderJSON

/// A project's `larder.yml` (or `larder.json`): its languages, where each kind of content
/// lives, the rules' severities and options, and what `larder build` transforms and exports.
///
/// Build one from the parsed file with ``init(json:)`` after checking it against the config
/// schema (``ConfigLoader`` does both and reports mistakes with line and column).
public struct LarderConfig: Sendable {
    /// BCP 47 tags; the first is the source language. `["en"]` when not given.
    public var locales: [String]
    public var content: [ContentEntry]
    /// Rule id -> setting, for all content.
    public var rules: [String: RuleSetting]
    public var transforms: [PipelineStep]
    public var exports: [PipelineStep]
    public var plugins: [PluginSpec]
    /// Globs no content entry takes.
    public var exclude: [Glob]
    /// Per kind of the team's own, the JSON Pointers of the fields its schema declares
    /// localized text (``SchemaTextFields``; `*` for every element; the repeating
    /// definitions of a schema that refers to itself as ``FieldPatterns`` write them): filled in when the
    /// config is loaded with its project (``readingSchemaTextFields(_:)``), empty otherwise.
    /// A kind listed here has exactly these texts; one not listed falls back to finding
    /// objects of language -> text.
    public var textFields: [String: [String]] = [:]
    /// Per kind of the team's own, the JSON Pointers of the fields its schema declares
    /// taxonomy tags (``SchemaTextFields/tagFields(of:)``: those that refer to Larder's
    /// `tag`, `category`, `tags`, `taxonomyTag` or `taxonomyTags`; a list's tags are
    /// `/tags/*`), which the JSON bundle labels as a recipe's: filled in when the config is
    /// loaded with its project (``readingSchemaTagFields(_:)``), empty otherwise.
    public var tagFields: [String: [String]] = [:]

    /// The source language.
    public var sourceLocale: String { locales.first ?? "en" }

    public init(
        locales: [String] = ["en"], content: [ContentEntry] = [], rules: [String: RuleSetting] = [:],
        transforms: [PipelineStep] = [], exports: [PipelineStep] = [], plugins: [PluginSpec] = [], exclude: [Glob] = []
    ) {
        self.locales = locales
        self.content = content
        self.rules = rules
        self.transforms = transforms
        self.exports = exports
        self.plugins = plugins
        self.exclude = exclude
    }

    /// Reads a config that is valid against `config.schema.json`.
    public init(json: JSONValue) {
        let object = json.objectValue ?? JSONObject()
        locales = object["locales"]?.arrayValue?.compactMap(\.stringValue) ?? ["en"]
        content = (object["content"]?.arrayValue ?? []).map(ContentEntry.init(json:))
        rules = RuleSetting.table(object["rules"])
        transforms = (object["transforms"]?.arrayValue ?? []).compactMap(PipelineStep.init(json:))
        exports = (object["exports"]?.arrayValue ?? []).compactMap(PipelineStep.init(json:))
        plugins = (object["plugins"]?.arrayValue ?? []).map(PluginSpec.init(json:))
        exclude = (object["exclude"]?.arrayValue ?? []).compactMap(\.stringValue).map(Glob.init)
        if locales.isEmpty { locales = ["en"] }
    }

    /// Reads what it can of a config that is not valid against `config.schema.json`, for
    /// the checks that run beside the schema's (``ConfigError/partialConfig``): a setting of
    /// the wrong type reads as absent, and a step that is not one keeps its place with an
    /// empty id, so that every other step keeps its index (and its place in the file).
    init(partial json: JSONValue) {
        self.init(json: json)
        let object = json.objectValue ?? JSONObject()
        if let items = object["locales"]?.arrayValue, !items.isEmpty { locales = items.map { $0.stringValue ?? "" } }
        // A pattern that is not text keeps its place as an empty one, which takes in nothing,
        // so that every other pattern keeps its index (and its place in the file).
        for (i, item) in (object["content"]?.arrayValue ?? []).enumerated() where i < content.count {
            content[i].include = (item["include"]?.arrayValue ?? []).map { Glob($0.stringValue ?? "") }
            content[i].exclude = (item["exclude"]?.arrayValue ?? []).map { Glob($0.stringValue ?? "") }
        }
        exclude = (object["exclude"]?.arrayValue ?? []).map { Glob($0.stringValue ?? "") }
        transforms = (object["transforms"]?.arrayValue ?? []).map { PipelineStep(json: $0) ?? PipelineStep(id: "") }
        exports = (object["exports"]?.arrayValue ?? []).map { PipelineStep(json: $0) ?? PipelineStep(id: "") }
    }

    /// The config with ``textFields`` read from its kinds' schemas.
    public func readingSchemaTextFields(_ reader: SchemaTextFields) -> LarderConfig {
        var config = self
        config.textFields = reader.fields(of: self)
        return config
    }

    /// The config with ``tagFields`` read from its kinds' schemas.
    public func readingSchemaTagFields(_ reader: SchemaTextFields) -> LarderConfig {
        var config = self
        config.tagFields = reader.tagFields(of: self)
        return config
    }

    /// The pointer of the id of `kind`'s documents when the config names one: the `key` of
    /// the `unique-id` rule for the kind (its first content entry's setting over the
    /// top-level one). Nil means ``DocumentID/defaultFields``. The exporters key texts by the
    /// same id the rule holds unique, so a kind whose id is `/uid` gets `hero.zed.bio`, not
    /// keys by position that a reordered file would hand to other documents.
    public func idField(for kind: String) -> String? {
        let entry = content.first { $0.kind == kind }
        guard let setting = setting(for: "unique-id", entry: entry),
            let key = setting.options.objectValue?["key"]?.stringValue, JSONPointer(parsing: key) != nil
        else { return nil }
        return key
    }

    /// ``idField(for:)`` for every kind of the config that names one.
    public var idFields: [String: String] {
        var out: [String: String] = [:]
        for kind in Set(content.map(\.kind)) { out[kind] = idField(for: kind) }
        return out
    }

    /// The id fields the exports name for `kind` with their option `ids` (`ids: { user:
    /// /username }`), each with the first export that names it, in the order of `exports:`.
    /// The exporters key the kind's texts by such a field (over the `unique-id` key) and stop
    /// on a document without it, so lint checks it too (``Linter/exportIDsOption``). A value
    /// that is not a JSON Pointer is left out (the config check reports it).
    public func exportIDFields(for kind: String) -> [(field: String, export: String)] {
        var out: [(field: String, export: String)] = []
        for step in exports {
            guard let field = step.options["ids"]?[kind]?.stringValue, JSONPointer(parsing: field) != nil,
                !out.contains(where: { $0.field == field })
            else { continue }
            out.append((field, step.id))
        }
        return out
    }

    /// The text fields the exports name for `kind` with their option `texts` (`texts: {
    /// achievement: [/title, /levels/*/name] }`), every export's, in the order of
    /// `exports:`, each once. A value that is not a list of strings is left out (the config
    /// check reports it).
    public func exportTextFields(for kind: String) -> [String] {
        exportFields("texts", for: kind)
    }

    /// The image fields the exports name for `kind` with their option `imageFields`
    /// (`imageFields: { achievement: [/icon] }`), as ``exportTextFields(for:)``: the images
    /// export copies the images there and stops on a missing one, so lint checks them too
    /// (``Linter/exportImageFieldsOption``).
    public func exportImageFields(for kind: String) -> [String] {
        exportFields("imageFields", for: kind)
    }

    /// The fields the exports' option `option` lists for `kind`, in the order of `exports:`,
    /// each once.
    private func exportFields(_ option: String, for kind: String) -> [String] {
        var out: [String] = []
        for step in exports {
            for field in step.options[option]?[kind]?.arrayValue ?? [] {
                if let field = field.stringValue, !out.contains(field) { out.append(field) }
            }
        }
        return out
    }

    /// Tells an export what the config knows of the kinds: their text fields, tag fields,
    /// id fields and names.
    public func describeKinds(in context: inout ExportContext) {
        context.textFields = textFields
        context.tagFields = tagFields
        context.idFields = idFields
        context.kinds = Array(Set(content.map(\.kind))).sorted()
    }

    /// The content entry (and its index) a project-relative file belongs to: the first whose
    /// include globs match and whose exclude globs (and the top-level ones) do not.
    /// `ignoringCase` compares as macOS and Windows find files (a path that lands in an
    /// include there, such as an output's).
    public func entry(for path: String, ignoringCase: Bool = false) -> (index: Int, entry: ContentEntry)? {
        let path = ignoringCase ? path.lowercased() : path
        func takes(_ globs: [Glob]) -> Bool {
            globs.contains { (ignoringCase ? Glob($0.pattern.lowercased()) : $0).matches(path) }
        }
        if takes(exclude) { return nil }
        for (i, e) in content.enumerated() where takes(e.include) && !takes(e.exclude) { return (i, e) }
        return nil
    }

    /// The first content entry (its index, and the index of its include) whose include may
    /// take in files below `folder` (a symbolic link to a folder, which is not walked), unless
    /// the top-level excludes or the entry's own take the folder out as a whole.
    public func entryTakingFiles(under folder: String) -> (index: Int, entry: ContentEntry, include: Int)? {
        let probe = folder + "/*"
        if exclude.contains(where: { $0.matches(folder) || $0.matches(probe) }) { return nil }
        for (i, e) in content.enumerated() {
            guard !e.exclude.contains(where: { $0.matches(folder) || $0.matches(probe) }) else { continue }
            if let j = e.include.firstIndex(where: { $0.mayTakeFiles(under: folder) }) { return (i, e, j) }
        }
        return nil
    }

    /// The setting of `rule` for documents of `entry` (the entry's own setting wins over the
    /// top-level one; options are merged, the entry's keys winning).
    public func setting(for rule: String, entry: ContentEntry?) -> RuleSetting? {
        let top = rules[rule]
        guard let own = entry?.rules[rule] else { return top }
        guard let top else { return own }
        var options = top.options.objectValue ?? JSONObject()
        for (k, v) in own.options.objectValue ?? JSONObject() { options[k] = v }
        // `off` is a severity of its own (no severity, and `isOff`): an entry that sets
        // either keeps its own, whatever the top level sets.
        let ownSeverity = own.severity != nil || own.isOff
        return RuleSetting(severity: ownSeverity ? own.severity : top.severity, isOff: ownSeverity ? own.isOff : top.isOff, options: .object(options))
    }
}

/// Where one kind of content lives.
public struct ContentEntry: Sendable {
    /// `recipe`, `location`, `product`, `taxonomy`, or a kind of the team's own.
    public var kind: String
    public var include: [Glob]
    public var exclude: [Glob]
    /// The folder image references resolve against, relative to the project.
    public var images: String?
    /// The schema file of a team's own kind, relative to the project.
    public var schema: String?
    /// Rule settings for this entry only.
    public var rules: [String: RuleSetting]
    /// Whether `format` in the entry's schema is checked (`formats:`); annotation by default.
    public var formats: FormatHandling

    public init(kind: String, include: [Glob], exclude: [Glob] = [], images: String? = nil, schema: String? = nil, rules: [String: RuleSetting] = [:],
                formats: FormatHandling = .annotate) {
        self.kind = kind
        self.include = include
        self.exclude = exclude
        self.images = images
        self.schema = schema
        self.rules = rules
        self.formats = formats
    }

    init(json: JSONValue) {
        kind = json["kind"]?.stringValue ?? ""
        include = (json["include"]?.arrayValue ?? []).compactMap(\.stringValue).map(Glob.init)
        exclude = (json["exclude"]?.arrayValue ?? []).compactMap(\.stringValue).map(Glob.init)
        images = json["images"]?.stringValue
        schema = json["schema"]?.stringValue
        rules = RuleSetting.table(json["rules"])
        formats = json["formats"]?.stringValue.flatMap(FormatHandling.init(rawValue:)) ?? .annotate
    }
}

/// What `format` in a content entry's schema does (`formats:` in larder.yml).
///
/// JSON Schema 2020-12 makes `format` an annotation unless a tool is asked to assert it,
/// so `annotate` is the default: a project's content stays valid when Larder learns a format
/// or when its schema names one for documentation. `assert` turns a value that does not
/// match its format (`date`, `email`, `uri`, ...) into a `schema` error.
public enum FormatHandling: String, Sendable, Hashable {
    /// Any value passes `format`.
    case annotate
    /// A value that does not match a format Larder knows is a `schema` error.
    case assert
}

/// A rule's severity and options from `larder.yml`: `image-exists: warning`, or
/// `image-exists: { severity: error, extensions: [png] }`, or `off`.
public struct RuleSetting: Sendable, Hashable {
    /// The severity set, or nil to keep the rule's default.
    public var severity: Severity?
    /// The rule is turned off.
    public var isOff: Bool
    /// The options (an object without `severity`), or `null`.
    public var options: JSONValue

    public init(severity: Severity? = nil, isOff: Bool = false, options: JSONValue = .null) {
        self.severity = severity
        self.isOff = isOff
        self.options = options
    }

    init(json: JSONValue) {
        if let name = json.stringValue {
            self.init(severity: name == "off" ? nil : Severity(name: name), isOff: name == "off")
            return
        }
        var options = json.objectValue ?? JSONObject()
        let name = options["severity"]?.stringValue
        options["severity"] = nil
        self.init(severity: name.flatMap { $0 == "off" ? nil : Severity(name: $0) }, isOff: name == "off", options: .object(options))
    }

    static func table(_ json: JSONValue?) -> [String: RuleSetting] {
        var out: [String: RuleSetting] = [:]
        for (k, v) in json?.objectValue ?? JSONObject() { out[k] = RuleSetting(json: v) }
        return out
    }
}

/// A transform or exporter named in `larder.yml`: `- json-bundle` or `- scale: { servings: 4 }`.
public struct PipelineStep: Sendable, Hashable {
    public var id: String
    public var options: JSONValue

    public init(id: String, options: JSONValue = .null) {
        self.id = id
        self.options = options
    }

    init?(json: JSONValue) {
        if let id = json.stringValue {
            self.init(id: id)
        } else if let object = json.objectValue, let id = object.keys.first {
            self.init(id: id, options: object[id] ?? .null)
        } else {
            return nil
        }
    }
}

/// An external plugin: an executable that speaks Larder's JSON protocol.
public struct PluginSpec: Sendable, Hashable {
    public var id: String
    public var stage: String
    public var command: [String]
    public var options: JSONValue
    /// Seconds before the plugin is stopped.
    public var timeout: Double?

    init(json: JSONValue) {
        id = json["id"]?.stringValue ?? ""
        stage = json["stage"]?.stringValue ?? ""
        command = (json["command"]?.arrayValue ?? []).compactMap(\.stringValue)
        options = json["options"] ?? .null
        timeout = json["timeout"]?.doubleValue
    }
}

extension PluginSpec {
    /// The command as `larder.yml` would write it, a flow list on one line:
    /// `[python3, "my plugins/check it.py"]`, `[sh, -c, "cat > /dev/null\necho '{}'"]`.
    /// (Its words joined by spaces could not be told from more words, and a script's line
    /// breaks split the rows of `larder plugins`.)
    public var commandText: String { Self.flowList(command) }

    /// `words` as a YAML flow list: each word as it is when YAML reads it back as that text
    /// (`-c`, `./plugins/check.sh`), else in double quotes, with line breaks and other
    /// control characters escaped.
    public static func flowList(_ words: [String]) -> String {
        "[" + words.map { isPlain($0) ? $0 : doubleQuoted($0) }.joined(separator: ", ") + "]"
    }

    /// Whether `word`, written as it is in a flow list, is read back as that text: no
    /// space, quote, comma, bracket, brace, `#` or `:`, no indicator first, and not a word
    /// YAML reads as something else (`true`, `null`, `~`, `3`, `.5`).
    static func isPlain(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard let first = scalars.first else { return false }
        let marks = "_./-+=~$^()<>;@%".unicodeScalars
        guard scalars.allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || marks.contains($0) }) else { return false }
        // Indicators (`@`, `%`, `>`), and `-` alone.
        if "@%>=".unicodeScalars.contains(first) || (first == "-" && scalars.count == 1) { return false }
        let reserved: Set<String> = ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n", "<<",
                                     ".inf", "+.inf", "-.inf", ".nan"]
        if reserved.contains(word.lowercased()) { return false }
        // A number, or what may read as one (`-1`, `+.5`, `0x1F`, `2024-01-01`).
        let unsigned = scalars.drop { $0 == "-" || $0 == "+" }.drop { $0 == "." }
        if let lead = unsigned.first, ("0"..."9").contains(lead), scalars.prefix(while: { $0 == "-" || $0 == "+" }).count <= 1 { return false }
        return true
    }

    /// `word` in YAML's double quotes: `\`, `"`, line breaks, tabs and other control
    /// characters escaped.
    static func doubleQuoted(_ word: String) -> String {
        var out = "\""
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF {
                    let hex = String(v, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
