/// The plugins of a run, by id: rules, transforms, exporters, reporters and sources.
///
/// A registry is a value built once at start-up and passed down; there is no global one.
/// Start from ``builtIn`` (the five reporters and the file source) and add your own:
///
///     var registry = PluginRegistry.builtIn
///     try registry.register(rule: NoEmptyName())
///     let reporter = try registry.reporter("sarif")
///
/// Registering an id twice within one kind of plugin is an error, and so is asking for an
/// unknown id; the error lists the known ids.
public struct PluginRegistry: Sendable {
    private var ruleTable: [String: any Rule] = [:]
    private var transformTable: [String: any Transform] = [:]
    private var exporterTable: [String: any Exporter] = [:]
    private var reporterTable: [String: any Reporter] = [:]
    private var sourceTable: [String: any Source] = [:]

    /// An empty registry.
    public init() {}

    /// A registry with the given plugins; throws on a duplicate id.
    public init(
        rules: [any Rule] = [],
        transforms: [any Transform] = [],
        exporters: [any Exporter] = [],
        reporters: [any Reporter] = [],
        sources: [any Source] = []
    ) throws(PluginRegistryError) {
        for p in rules { try register(rule: p) }
        for p in transforms { try register(transform: p) }
        for p in exporters { try register(exporter: p) }
        for p in reporters { try register(reporter: p) }
        for p in sources { try register(source: p) }
    }

    /// The plugins Larder's core ships: the `human`, `xcode`, `json`, `sarif` and `github`
    /// reporters, and the `files` source. (Built-in rules, transforms and exporters live in
    /// their own modules and are registered by the CLI.)
    public static let builtIn: PluginRegistry = {
        var r = PluginRegistry()
        for reporter in builtInReporters { r.reporterTable[reporter.id] = reporter }
        r.sourceTable[FileSource().id] = FileSource()
        return r
    }()

    /// The reporters of ``builtIn``, in the order `--help` lists them.
    public static let builtInReporters: [any Reporter] = [
        HumanReporter(), XcodeReporter(), JSONReporter(), SARIFReporter(), GitHubReporter(),
    ]

    // MARK: Registering

    /// Adds a rule; throws when a rule with the same id is already registered.
    public mutating func register(rule: any Rule) throws(PluginRegistryError) {
        try Self.insert(rule, id: rule.id, into: &ruleTable, kind: .rule)
    }

    /// Adds a transform; throws when one with the same id is already registered.
    public mutating func register(transform: any Transform) throws(PluginRegistryError) {
        try Self.insert(transform, id: transform.id, into: &transformTable, kind: .transform)
    }

    /// Adds an exporter; throws when one with the same id is already registered.
    public mutating func register(exporter: any Exporter) throws(PluginRegistryError) {
        try Self.insert(exporter, id: exporter.id, into: &exporterTable, kind: .exporter)
    }

    /// Adds a reporter; throws when one with the same id is already registered.
    public mutating func register(reporter: any Reporter) throws(PluginRegistryError) {
        try Self.insert(reporter, id: reporter.id, into: &reporterTable, kind: .reporter)
    }

    /// Adds a source; throws when one with the same id is already registered.
    public mutating func register(source: any Source) throws(PluginRegistryError) {
        try Self.insert(source, id: source.id, into: &sourceTable, kind: .source)
    }

    /// This registry with every plugin of `other` added; throws on a duplicate id.
    public func merging(_ other: PluginRegistry) throws(PluginRegistryError) -> PluginRegistry {
        var result = self
        for p in other.rules { try result.register(rule: p) }
        for p in other.transforms { try result.register(transform: p) }
        for p in other.exporters { try result.register(exporter: p) }
        for p in other.reporters { try result.register(reporter: p) }
        for p in other.sources { try result.register(source: p) }
        return result
    }

    private static func insert<P>(
        _ plugin: P, id: String, into table: inout [String: P], kind: PluginKind
    ) throws(PluginRegistryError) {
        if id.isEmpty { throw .emptyID(kind: kind) }
        if table[id] != nil { throw .duplicate(kind: kind, id: id) }
        table[id] = plugin
    }

    // MARK: Looking up

    /// The rule with `id`; throws an error listing the known rules when there is none.
    public func rule(_ id: String) throws(PluginRegistryError) -> any Rule {
        try Self.lookup(id, in: ruleTable, kind: .rule)
    }

    /// The transform with `id`; throws an error listing the known ones when there is none.
    public func transform(_ id: String) throws(PluginRegistryError) -> any Transform {
        try Self.lookup(id, in: transformTable, kind: .transform)
    }

    /// The exporter with `id`; throws an error listing the known ones when there is none.
    public func exporter(_ id: String) throws(PluginRegistryError) -> any Exporter {
        try Self.lookup(id, in: exporterTable, kind: .exporter)
    }

    /// The reporter with `id` (`"human"`, `"sarif"`, …); throws an error listing the known
    /// ones when there is none.
    public func reporter(_ id: String) throws(PluginRegistryError) -> any Reporter {
        try Self.lookup(id, in: reporterTable, kind: .reporter)
    }

    /// The source with `id`; throws an error listing the known ones when there is none.
    public func source(_ id: String) throws(PluginRegistryError) -> any Source {
        try Self.lookup(id, in: sourceTable, kind: .source)
    }

    private static func lookup<P>(_ id: String, in table: [String: P], kind: PluginKind) throws(PluginRegistryError) -> P {
        if let p = table[id] { return p }
        throw .unknown(kind: kind, id: id, known: table.keys.sorted())
    }

    // MARK: Listing (sorted by id)

    public var rules: [any Rule] { ruleTable.keys.sorted().map { ruleTable[$0]! } }
    public var transforms: [any Transform] { transformTable.keys.sorted().map { transformTable[$0]! } }
    public var exporters: [any Exporter] { exporterTable.keys.sorted().map { exporterTable[$0]! } }
    public var reporters: [any Reporter] { reporterTable.keys.sorted().map { reporterTable[$0]! } }
    public var sources: [any Source] { sourceTable.keys.sorted().map { sourceTable[$0]! } }

    /// The ids of one kind of plugin, sorted.
    public func ids(of kind: PluginKind) -> [String] {
        switch kind {
        case .rule: ruleTable.keys.sorted()
        case .transform: transformTable.keys.sorted()
        case .exporter: exporterTable.keys.sorted()
        case .reporter: reporterTable.keys.sorted()
        case .source: sourceTable.keys.sorted()
        }
    }

    /// Every example of every registered rule, for one parameterized test:
    ///
    ///     @Test(arguments: registry.ruleExamples)
    ///     func example(_ rule: any Rule, _ example: RuleExample) {
    ///         if let failure = example.failure(of: rule) {
    ///             Issue.record(Comment(rawValue: failure), sourceLocation: SourceLocation(
    ///                 fileID: example.fileID, filePath: example.filePath,
    ///                 line: example.line, column: example.column))
    ///         }
    ///     }
    public var ruleExamples: [(rule: any Rule, example: RuleExample)] {
        rules.flatMap { rule in rule.examples.map { (rule, $0) } }
    }

    /// What reporters may say about each registered rule (for ``ReportContext/rules``).
    public var ruleMetadata: [String: RuleMetadata] {
        ruleTable.mapValues { $0.metadata }
    }
}

/// A plugin registered twice, or asked for by an id nobody registered.
public enum PluginRegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Two plugins of the same kind share an id.
    case duplicate(kind: PluginKind, id: String)
    /// No plugin of this kind has the id; `known` lists the ids there are.
    case unknown(kind: PluginKind, id: String, known: [String])
    /// A plugin has an empty id.
    case emptyID(kind: PluginKind)

    /// A sentence for the user: `unknown reporter 'jsn'; known reporters: github, human,
    /// json, sarif, xcode (did you mean 'json'?)`.
    public var description: String {
        switch self {
        case .duplicate(let kind, let id):
            return "a \(kind) with the id '\(id)' is already registered; plugin ids must be unique"
        case .emptyID(let kind):
            return "a \(kind) has an empty id; every plugin needs one"
        case .unknown(let kind, let id, let known):
            var text = "unknown \(kind) '\(id)'; "
            text += known.isEmpty ? "no \(kind)s are registered" : "known \(kind)s: " + known.joined(separator: ", ")
            if let guess = Self.closest(to: id, in: known) { text += " (did you mean '\(guess)'?)" }
            return text
        }
    }

    /// The known id within a small edit distance of `id`, if any.
    static func closest(to id: String, in known: [String]) -> String? {
        Suggest.closest(to: id, in: known)
    }
}
