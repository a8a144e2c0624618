import LarderJSON

/// A lint rule: looks at one document and reports what is wrong with it.
///
/// A rule is a value with no state of its own; `check` is a pure function of the document
/// and the context, so files are checked in parallel. Rules should read the tape
/// (`document.json`, `document.node`) rather than build `JSONValue` trees.
///
///     struct NoEmptyName: Rule {
///         let id = "no-empty-name"
///         let summary = "A name is not empty."
///         let defaultSeverity = Severity.error
///         var examples: [RuleExample] {
///             [.triggers(#"{"name": ""}"#, at: "/name"), .passes(#"{"name": "Soup"}"#)]
///         }
///         func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
///             let json = document.json
///             guard let name = json.member(document.node, "name"), json.string(name) == "" else { return [] }
///             return [context.diagnostic(in: document, at: name, "name is empty")]
///         }
///     }
///
/// The examples double as tests (a failing example points at its own line) and as the
/// documentation `larder explain RULE` prints.
public protocol Rule: Plugin {
    /// The severity used when `larder.yml` does not set one.
    var defaultSeverity: Severity { get }
    /// A longer explanation (Markdown) for `larder explain`; nil by default.
    var details: String? { get }
    /// A URL with more help, for SARIF's `helpUri`; nil by default.
    var helpURI: String? { get }
    /// The content kinds the rule applies to; nil (the default) means every kind.
    var kinds: [String]? { get }
    /// Documents that must trigger the rule (at given pointers) and that must not.
    var examples: [RuleExample] { get }
    /// The problems in `document`.
    func check(_ document: Document, context: RuleContext) -> [Diagnostic]
}

extension Rule {
    public var details: String? { nil }
    public var helpURI: String? { nil }
    public var kinds: [String]? { nil }
    public var examples: [RuleExample] { [] }

    /// The rule's description for reports (SARIF `rules`).
    public var metadata: RuleMetadata {
        RuleMetadata(id: id, summary: summary, details: details, helpURI: helpURI, defaultSeverity: defaultSeverity)
    }
}

/// What a reporter may say about a rule: SARIF's `shortDescription`, `fullDescription`,
/// `helpUri`.
public struct RuleMetadata: Sendable, Hashable {
    /// The rule id of diagnostics about JSON that does not parse.
    public static let parseID = "parse"
    /// The rule id of diagnostics from JSON Schema validation.
    public static let schemaID = "schema"

    /// The checks the pipeline makes itself, without a registered ``Rule``: `parse` and
    /// `schema`. Reporters fall back to these descriptions.
    /// Rule ids that Larder's own reports carry besides its rules and ``coreChecks``: a
    /// lint plugin may not take one (its reports would pass for Larder's). `plugin` is the
    /// first half of `plugin/<id>`, the id of a plugin's failures, which a plugin named
    /// `plugin` reporting a rule `<id>` would write; `io` an unreadable file; `fallback` a
    /// translation an export filled in; `out-of-date` and `stale-output` `larder build`'s
    /// checks of its outputs; `import` an importer's reports.
    public static let reservedIDs: Set<String> = ["plugin", "io", "fallback", "out-of-date", "stale-output", "import"]

    public static let coreChecks: [String: RuleMetadata] = [
        parseID: RuleMetadata(id: parseID, summary: "A content file is well-formed JSON.", defaultSeverity: .error),
        schemaID: RuleMetadata(
            id: schemaID, summary: "A document matches the JSON Schema of its kind.", defaultSeverity: .error),
    ]

    public var id: String
    public var summary: String
    public var details: String?
    public var helpURI: String?
    public var defaultSeverity: Severity
    /// The default as `larder explain` states it, for an id that nothing reports until a
    /// setting asks (`fallback`: off until an export's option of that name gives the
    /// severity); nil states ``defaultSeverity``.
    public var defaultText: String?
    /// False for an id that nothing reports until a setting asks (`fallback`): SARIF's
    /// `defaultConfiguration.enabled`. ``defaultSeverity`` is then the severity its reports
    /// have when the setting turns them on without naming one.
    public var enabledByDefault: Bool

    public init(
        id: String, summary: String, details: String? = nil, helpURI: String? = nil, defaultSeverity: Severity = .error,
        defaultText: String? = nil, enabledByDefault: Bool = true
    ) {
        self.id = id
        self.summary = summary
        self.details = details
        self.helpURI = helpURI
        self.defaultSeverity = defaultSeverity
        self.defaultText = defaultText
        self.enabledByDefault = enabledByDefault
    }
}

/// What a rule gets besides the document: its options, the severity in force, and read
/// access to every document of the run.
public struct RuleContext: Sendable {
    /// The id of the rule being run (diagnostics carry it).
    public var ruleID: String
    /// The rule's options from `larder.yml` (`rules: { unique: { key: /id } }` gives
    /// `{"key": "/id"}`); `null` when none.
    public var options: JSONValue
    /// The severity the rule reports with (its default, or what `larder.yml` says).
    public var severity: Severity
    /// The documents of the run a per-document rule may look at: every document in a
    /// whole-content lint, the parsed ones in a run with the lint cache, the documents of
    /// the rule's own file in a streamed build. A rule that looks across files must be a
    /// ``ContentRule``.
    public var content: ContentSet
    /// The project root (the folder of `larder.yml`), for rules that look at files such as
    /// images. Never read outside it.
    public var projectRoot: String
    /// The project's files as rules should see them: the working tree under
    /// ``projectRoot`` by default, or a snapshot of the git index for `larder lint --staged`
    /// (so an image that is not staged does not pass). Paths are relative to the project
    /// root.
    public var projectFiles: any ProjectFiles
    /// What a ``PreparingRule`` made of the document being checked (``PreparingRule/prepare(_:context:)``),
    /// shared by the rules with the same preparation key; nil when the caller made none (the
    /// rule then prepares for itself).
    public var prepared: (any Sendable)? = nil

    public init(
        ruleID: String,
        options: JSONValue = .null,
        severity: Severity,
        content: ContentSet = ContentSet(),
        projectRoot: String = ".",
        projectFiles: (any ProjectFiles)? = nil
    ) {
        self.ruleID = ruleID
        self.options = options
        self.severity = severity
        self.content = content
        self.projectRoot = projectRoot
        self.projectFiles = projectFiles ?? WorkingTreeFiles(root: projectRoot)
    }

    /// A context for `rule` with its default severity.
    public init(
        for rule: some Rule,
        options: JSONValue = .null,
        content: ContentSet = ContentSet(),
        projectRoot: String = ".",
        projectFiles: (any ProjectFiles)? = nil
    ) {
        self.init(
            ruleID: rule.id, options: options, severity: rule.defaultSeverity, content: content,
            projectRoot: projectRoot, projectFiles: projectFiles)
    }

    /// A diagnostic with this rule's id and severity for a value (`node`) of `document`.
    public func diagnostic(
        in document: Document,
        at node: Int,
        _ message: String,
        locator: SourceLocator? = nil,
        related: [Diagnostic.RelatedLocation] = [],
        fix: Diagnostic.Fix? = nil
    ) -> Diagnostic {
        document.diagnostic(
            ruleID: ruleID, severity: severity, message: message, node: node, locator: locator,
            related: related, fix: fix)
    }
}

/// A rule whose reading of a document other rules share, as ``PreparingExporter``s share
/// the content catalog: rules in force with one ``preparationKey(options:)`` get one
/// ``prepare(_:context:)`` per document from the linter, handed over in
/// ``RuleContext/prepared``. (The built-in rules that check texts share the list of a
/// document's text fields, which five of them looked up for every document.)
public protocol PreparingRule: Rule {
    /// Equal keys mean equal preparations, for the rule's options in `larder.yml`.
    func preparationKey(options: JSONValue) -> String
    /// The preparation for `document`.
    func prepare(_ document: Document, context: RuleContext) -> any Sendable
}
