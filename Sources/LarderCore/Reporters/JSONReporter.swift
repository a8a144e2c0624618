import LarderJSON

/// A machine-readable report: one JSON object with every diagnostic and a summary.
///
/// The shape is a public contract (see `Docs/reporters.md`); fields are only ever added
/// after the ones below, never renamed or reordered:
///
///     {
///       "diagnostics": [
///         {"file": "a.json", "line": 3, "column": 17, "endLine": 3, "endColumn": 19,
///          "severity": "error", "rule": "schema", "message": "…", "pointer": "/servings"}
///       ],
///       "summary": {"errors": 1, "warnings": 0, "files": 1, "notes": 0, "hiddenWarnings": 0}
///     }
///
/// `warnings` counts every warning the run found; `hiddenWarnings` says how many of them
/// are not in `diagnostics` (`larder lint --quiet`).
///
/// After `pointer`, a diagnostic carries `keywordLocation`, `absoluteKeywordLocation`,
/// `related` and `fix` when it has them (and leaves them out otherwise).
public struct JSONReporter: Reporter {
    public let id = "json"
    public let summary = "A JSON object with every diagnostic and a summary, for scripts and other tools."

    public init() {}

    public func report(_ diagnostics: [Diagnostic], summary: DiagnosticSummary, context: ReportContext) -> [UInt8] {
        let items = diagnostics.sorted().map(Self.object(for:))
        let counts: JSONValue = .object(JSONObject([
            ("errors", .number(JSONNumber(summary.errors))),
            ("warnings", .number(JSONNumber(summary.warnings))),
            ("files", .number(JSONNumber(summary.filesChecked))),
            ("notes", .number(JSONNumber(summary.notes))),
            ("hiddenWarnings", .number(JSONNumber(summary.hiddenWarnings))),
        ]))
        let root: JSONValue = .object(JSONObject([("diagnostics", .array(items)), ("summary", counts)]))
        return JSONWriter.pretty.bytes(root)
    }

    /// One diagnostic as the contract's object.
    static func object(for d: Diagnostic) -> JSONValue {
        var o = JSONObject([
            ("file", .string(d.file)),
            ("line", .number(JSONNumber(d.line))),
            ("column", .number(JSONNumber(d.column))),
            ("endLine", .number(JSONNumber(d.endLine))),
            ("endColumn", .number(JSONNumber(d.endColumn))),
            ("severity", .string(d.severity.name)),
            ("rule", .string(d.ruleID)),
            ("message", .string(d.message)),
            ("pointer", .string(d.pointer.description)),
        ])
        if let k = d.keywordLocation { o["keywordLocation"] = .string(k) }
        if let k = d.absoluteKeywordLocation { o["absoluteKeywordLocation"] = .string(k) }
        if !d.related.isEmpty {
            o["related"] = .array(d.related.map { r in
                .object(JSONObject([
                    ("file", .string(r.file)),
                    ("line", .number(JSONNumber(r.start.line))),
                    ("column", .number(JSONNumber(r.start.column))),
                    ("endLine", .number(JSONNumber(r.end.line))),
                    ("endColumn", .number(JSONNumber(r.end.column))),
                    ("message", .string(r.message)),
                ]))
            })
        }
        if let fix = d.fix {
            var f = JSONObject([("pointer", .string(fix.pointer.description))])
            if let replacement = fix.replacement {
                f["replacement"] = replacement
            } else {
                f["remove"] = .bool(true)
            }
            f["summary"] = .string(fix.summary)
            o["fix"] = .object(f)
        }
        return .object(o)
    }
}
