import LarderJSON

/// The report a person reads in a terminal: each diagnostic, the line it is on with a
/// caret under the offending range, and a summary.
///
///     recipes/pasta.json:3:17: error: quantity -2 is below the minimum 0 [schema]
///         "quantity": -2,
///                     ^~
///
///     1 error in 1 file
///
/// Colour (ANSI) is used only when ``ReportContext/colorEnabled`` says so. When the source
/// text of a file is not available, the quote and caret are left out. Long lines (minified
/// JSON) are cut to a window around the range, marked with `…`. Control characters in
/// messages and quoted lines are shown as U+FFFD, so content cannot drive the terminal.
public struct HumanReporter: Reporter {
    public let id = "human"
    public let summary = "Readable diagnostics with the offending line and a caret, then a summary (the default)."

    /// The widest quoted line, in terminal cells, before it is cut to a window.
    public var maxLineWidth: Int

    public init(maxLineWidth: Int = 120) {
        self.maxLineWidth = max(20, maxLineWidth)
    }

    public func report(_ diagnostics: [Diagnostic], summary: DiagnosticSummary, context: ReportContext) -> [UInt8] {
        let style = Style(enabled: context.colorEnabled)
        var out = ""
        var cachedFile: String?
        var cachedLocator: SourceLocator?
        func line(_ n: Int, of file: String) -> String? {
            if file != cachedFile {
                cachedFile = file
                cachedLocator = context.sources.locator(for: file)
            }
            guard let locator = cachedLocator, n >= 1, n <= locator.lineStarts.count else { return nil }
            return locator.lineText(n)
        }

        for d in diagnostics.sorted() {
            out += style.bold("\(d.file):\(d.line):\(d.column):") + " "
            out += style.severity(d.severity) + " "
            out += style.bold(TextEscaping.singleLine(d.message)) + " "
            out += style.dim("[\(d.ruleID)]") + "\n"
            if let text = line(d.line, of: d.file) {
                let endColumn = d.endLine == d.line ? d.endColumn : nil
                out += snippet(text, column: d.column, endColumn: endColumn, style: style)
            }
            for r in d.related {
                out += style.bold("\(r.file):\(r.start.line):\(r.start.column):") + " "
                out += style.severity(.note) + " " + TextEscaping.singleLine(r.message) + "\n"
                if let text = line(r.start.line, of: r.file) {
                    let endColumn = r.end.line == r.start.line ? r.end.column : nil
                    out += snippet(text, column: r.start.column, endColumn: endColumn, style: style)
                }
            }
        }
        if !diagnostics.isEmpty { out += "\n" }
        out += style.summary(summary) + "\n"
        return Array(out.utf8)
    }

    /// The quoted line and the caret line under columns `column..<endColumn` (UTF-16
    /// columns; nil `endColumn` runs to the end of the line).
    func snippet(_ line: String, column: Int, endColumn: Int?, style: Style) -> String {
        // Split the line into scalars with their UTF-16 column and cell width.
        var cells: [(scalar: Unicode.Scalar, column: Int, width: Int)] = []
        var utf16Column = 1
        for s in line.unicodeScalars {
            let shown: Unicode.Scalar = s == "\t" ? "\t" : (TextEscaping.isControl(s) ? "\u{FFFD}" : s)
            cells.append((shown, utf16Column, shown == "\t" ? 1 : TextEscaping.cellWidth(shown)))
            utf16Column += s.utf16.count
        }
        let lineEnd = utf16Column
        let start = min(max(1, column), lineEnd)
        let end = max(start + 1, min(endColumn ?? lineEnd, lineEnd))

        // Pick the window of scalars to show.
        var first = 0, last = cells.count
        let totalWidth = cells.reduce(0) { $0 + $1.width }
        if totalWidth > maxLineWidth {
            let startIndex = cells.firstIndex { $0.column >= start } ?? cells.count
            var width = 0
            first = startIndex
            while first > 0 && width + cells[first - 1].width <= maxLineWidth / 3 {
                width += cells[first - 1].width
                first -= 1
            }
            last = first
            width = 0
            while last < cells.count && width + cells[last].width <= maxLineWidth {
                width += cells[last].width
                last += 1
            }
        }
        let prefix = first > 0 ? "…" : ""
        let suffix = last < cells.count ? "…" : ""

        var quoted = prefix
        var padding = prefix.isEmpty ? "" : " "
        var marks = 0
        for cell in cells[first..<last] {
            quoted.unicodeScalars.append(cell.scalar)
            if cell.column < start {
                if cell.scalar == "\t" { padding += "\t" } else { padding.append(contentsOf: repeatElement(" ", count: cell.width)) }
            } else if cell.column < end {
                marks += cell.width
            }
        }
        quoted += suffix
        marks = max(1, marks)
        let caret = "^" + String(repeating: "~", count: marks - 1)
        return quoted + "\n" + padding + style.caret(caret) + "\n"
    }

    /// ANSI styling, or none.
    struct Style {
        var enabled: Bool

        func wrap(_ text: String, _ code: String) -> String {
            enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }

        func bold(_ text: String) -> String { wrap(text, "1") }
        func dim(_ text: String) -> String { wrap(text, "2") }
        func caret(_ text: String) -> String { wrap(text, "1;32") }

        func severity(_ severity: Severity) -> String {
            switch severity {
            case .error: wrap("error:", "1;31")
            case .warning: wrap("warning:", "1;33")
            case .note: wrap("note:", "1;36")
            }
        }

        func summary(_ summary: DiagnosticSummary) -> String {
            let text = summary.sentence
            if summary.errors > 0 { return wrap(text, "1;31") }
            if summary.warnings > 0 { return wrap(text, "1;33") }
            if summary.notes > 0 { return wrap(text, "1") }
            return wrap(text, "1;32")
        }
    }
}
