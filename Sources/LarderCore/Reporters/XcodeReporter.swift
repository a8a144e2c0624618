/// The format Xcode, editors and `make`-style tools jump from: one line per diagnostic,
/// nothing else.
///
///     /Users/me/App/Content/pasta.json:3:17: error: quantity -2 is below the minimum 0 [schema]
///
/// Paths are made absolute against the working directory, since Xcode only opens absolute
/// paths from a build phase. Related locations follow their diagnostic as `note:` lines.
/// Line breaks in messages become spaces, so each diagnostic stays on one line.
public struct XcodeReporter: Reporter {
    public let id = "xcode"
    public let summary = "One `path:line:column: severity: message [rule]` line per diagnostic, for Xcode and editors."

    public init() {}

    public func report(_ diagnostics: [Diagnostic], summary: DiagnosticSummary, context: ReportContext) -> [UInt8] {
        var out = ""
        for d in diagnostics.sorted() {
            out += "\(TextEscaping.singleLine(context.absolutePath(d.file))):\(d.line):\(d.column): \(d.severity.name): "
            out += "\(TextEscaping.singleLine(d.message)) [\(d.ruleID)]\n"
            for r in d.related {
                out += "\(TextEscaping.singleLine(context.absolutePath(r.file))):\(r.start.line):\(r.start.column): note: "
                out += "\(TextEscaping.singleLine(r.message))\n"
            }
        }
        return Array(out.utf8)
    }
}
