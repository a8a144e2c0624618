import LarderJSON

/// SARIF 2.1.0, the format GitHub code scanning and many review tools read.
///
/// One run, with `tool.driver` describing Larder and every rule that appears in the
/// results (its summary as `shortDescription`, and `fullDescription`/`helpUri` when
/// known from ``ReportContext/rules``, and `defaultConfiguration`: the level of its
/// default severity, and `enabled: false` for a rule nothing reports until a setting
/// asks, ``RuleMetadata/enabledByDefault``). Each result has `ruleId`, `ruleIndex`, `level`,
/// `message.text` and a physical location whose `uri` is relative to `%SRCROOT%` (the
/// working directory, given in `originalUriBaseIds`) and percent-encoded, with a region
/// in UTF-16 columns (`columnKind`). The JSON Pointer goes in the result's `properties`.
///
/// Files outside the working directory get an absolute `file://` URI instead.
public struct SARIFReporter: Reporter {
    public let id = "sarif"
    public let summary = "SARIF 2.1.0 for GitHub code scanning and other review tools."

    /// The `$schema` the log declares.
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The id of the base the relative URIs are relative to.
    public static let sourceRootID = "%SRCROOT%"

    public init() {}

    public func report(_ diagnostics: [Diagnostic], summary: DiagnosticSummary, context: ReportContext) -> [UInt8] {
        let sorted = diagnostics.sorted()
        let ruleIDs = Array(Set(sorted.map(\.ruleID))).sorted()
        var ruleIndex: [String: Int] = [:]
        for (i, id) in ruleIDs.enumerated() { ruleIndex[id] = i }

        var driver = JSONObject([("name", .string(context.toolName))])
        if !context.toolVersion.isEmpty {
            driver["version"] = .string(context.toolVersion)
            driver["semanticVersion"] = .string(context.toolVersion)
        }
        if let uri = context.informationURI { driver["informationUri"] = .string(uri) }
        driver["rules"] = .array(ruleIDs.map { ruleDescriptor($0, context: context) })

        var run = JSONObject([("tool", .object(JSONObject([("driver", .object(driver))])))])
        if context.workingDirectory.hasPrefix("/") {
            run["originalUriBaseIds"] = .object(JSONObject([
                (Self.sourceRootID, .object(JSONObject([
                    ("uri", .string(FileURI.absolute(context.workingDirectory, directory: true))),
                ]))),
            ]))
        }
        run["results"] = .array(sorted.map { result(for: $0, ruleIndex: ruleIndex[$0.ruleID]!, context: context) })
        run["columnKind"] = .string("utf16CodeUnits")

        let log = JSONObject([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
        return JSONWriter.pretty.bytes(.object(log))
    }

    /// A rule's descriptor: what ``ReportContext/rules`` (or ``RuleMetadata/coreChecks``)
    /// says of it; a plugin's failure, `plugin/<id>`, is described as `plugin` is.
    func ruleDescriptor(_ id: String, context: ReportContext) -> JSONValue {
        let family = id.hasPrefix("plugin/") ? "plugin" : id
        let meta = context.rules[id] ?? context.rules[family] ?? RuleMetadata.coreChecks[id]
        var o = JSONObject([("id", .string(id))])
        o["shortDescription"] = .object(JSONObject([("text", .string(meta?.summary ?? id))]))
        if let details = meta?.details {
            o["fullDescription"] = .object(JSONObject([("text", .string(details))]))
        }
        if let help = meta?.helpURI { o["helpUri"] = .string(help) }
        if let meta {
            // A rule off until a setting asks says so: SARIF takes a rule for enabled unless
            // told otherwise.
            var configuration = JSONObject()
            if !meta.enabledByDefault { configuration["enabled"] = .bool(false) }
            configuration["level"] = .string(meta.defaultSeverity.name)
            o["defaultConfiguration"] = .object(configuration)
        }
        return .object(o)
    }

    func physicalLocation(file: String, start: SourcePosition, end: SourcePosition, context: ReportContext) -> JSONValue {
        let (uri, relative) = FileURI.location(of: file, base: context.workingDirectory)
        var artifact = JSONObject([("uri", .string(uri))])
        if relative && context.workingDirectory.hasPrefix("/") { artifact["uriBaseId"] = .string(Self.sourceRootID) }
        let region = JSONObject([
            ("startLine", .number(JSONNumber(max(1, start.line)))),
            ("startColumn", .number(JSONNumber(max(1, start.column)))),
            ("endLine", .number(JSONNumber(max(1, end.line)))),
            ("endColumn", .number(JSONNumber(max(1, end.column)))),
        ])
        return .object(JSONObject([("artifactLocation", .object(artifact)), ("region", .object(region))]))
    }

    func result(for d: Diagnostic, ruleIndex: Int, context: ReportContext) -> JSONValue {
        var o = JSONObject([
            ("ruleId", .string(d.ruleID)),
            ("ruleIndex", .number(JSONNumber(ruleIndex))),
            ("level", .string(d.severity.name)),
            ("message", .object(JSONObject([("text", .string(d.message))]))),
            ("locations", .array([
                .object(JSONObject([
                    ("physicalLocation", physicalLocation(file: d.file, start: d.start, end: d.end, context: context)),
                ])),
            ])),
        ])
        if !d.related.isEmpty {
            o["relatedLocations"] = .array(d.related.enumerated().map { i, r in
                .object(JSONObject([
                    ("id", .number(JSONNumber(i + 1))),
                    ("physicalLocation", physicalLocation(file: r.file, start: r.start, end: r.end, context: context)),
                    ("message", .object(JSONObject([("text", .string(r.message))]))),
                ]))
            })
        }
        var properties = JSONObject([("pointer", .string(d.pointer.description))])
        if let k = d.keywordLocation { properties["keywordLocation"] = .string(k) }
        if let k = d.absoluteKeywordLocation { properties["absoluteKeywordLocation"] = .string(k) }
        o["properties"] = .object(properties)
        return .object(o)
    }
}
