/// GitHub Actions workflow commands: each diagnostic becomes an annotation on the pull
/// request's diff.
///
///     ::error file=a.json,line=3,col=17,endLine=3,endColumn=19,title=schema::quantity -2 is below the minimum 0
///
/// Notes become `::notice`. Values are escaped as GitHub reads them: in the message `%`,
/// CR and LF become `%25`, `%0D`, `%0A`; in properties `:` and `,` also become `%3A` and
/// `%2C`. GitHub only honours columns on a single line, so a range that spans lines
/// gives `line` and `endLine` without `col` and `endColumn`. Related locations are
/// appended to the message, one per line.
public struct GitHubReporter: Reporter {
    public let id = "github"
    public let summary = "GitHub Actions workflow commands (::error, ::warning, ::notice) that annotate pull requests."

    public init() {}

    public func report(_ diagnostics: [Diagnostic], summary: DiagnosticSummary, context: ReportContext) -> [UInt8] {
        var out = ""
        for d in diagnostics.sorted() {
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var properties = [
                ("file", d.file),
                ("line", String(d.line)),
            ]
            if d.endLine == d.line {
                properties += [("col", String(d.column)), ("endLine", String(d.endLine)), ("endColumn", String(d.endColumn))]
            } else {
                properties += [("endLine", String(d.endLine))]
            }
            properties.append(("title", d.ruleID))
            var message = d.message
            for r in d.related {
                message += "\n\(r.file):\(r.start.line):\(r.start.column): \(r.message)"
            }
            out += "::\(command) "
            out += properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
            out += "::\(Self.escapeData(message))\n"
        }
        return Array(out.utf8)
    }

    /// Escapes a message: `%` → `%25`, CR → `%0D`, LF → `%0A`; other control characters
    /// (an escape sequence the log would render) become U+FFFD, as in the other reports.
    public static func escapeData(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case "\t": out += "\t"
            default: out.unicodeScalars.append(TextEscaping.isControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    /// Escapes a property value: as ``escapeData(_:)``, and `:` → `%3A`, `,` → `%2C`.
    public static func escapeProperty(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":": out += "%3A"
            case ",": out += "%2C"
            // A tab is kept, as in a message: a file name that holds one must still match
            // the repository's path.
            case "\t": out += "\t"
            default: out.unicodeScalars.append(TextEscaping.isControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}
