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

    /// How many files' texts one report keeps at a time.
    static let recentFileLimit = 4

    public init(maxLineWidth: Int = 120) {
        self.maxLineWidth = max(20, maxLineWidth)
    }

    public func report(_ diagnostics: [Diagnostic], summary: DiagnosticSummary, context: ReportContext) -> [UInt8] {
        let style = Style(enabled: context.colorEnabled)
        var out = ""
        // The last few files quoted, most recent last. A diagnostic and its related note
        // are often in two files (a duplicate id and the first use of it), and the source
        // provider may read a file from disk: keeping one file only read both again for
        // every diagnostic (8,000 duplicates across two 19 MB files took 37 seconds).
        var recentFiles: [(key: PathKey, locator: SourceLocator?)] = []
        var cachedLine: (file: PathKey, number: Int, line: QuotedLine)?
        // Files are told apart by their bytes (names that differ only in Unicode
        // normalization are two files).
        func line(_ n: Int, of file: String) -> QuotedLine? {
            let key = PathKey(file)
            if let cachedLine, cachedLine.file == key, cachedLine.number == n { return cachedLine.line }
            let locator: SourceLocator?
            if let i = recentFiles.lastIndex(where: { $0.key == key }) {
                locator = recentFiles[i].locator
                if i != recentFiles.count - 1 { recentFiles.append(recentFiles.remove(at: i)) }
            } else {
                locator = context.sources.locator(for: file)
                recentFiles.append((key, locator))
                if recentFiles.count > Self.recentFileLimit { recentFiles.removeFirst() }
            }
            guard let locator, n >= 1, n <= locator.lineStarts.count else { return nil }
            // Kept for the next diagnostic: in a minified file they are all on one line.
            let quoted = QuotedLine(locator.lineText(n))
            cachedLine = (key, n, quoted)
            return quoted
        }

        for d in diagnostics.sorted() {
            out += style.bold("\(TextEscaping.singleLine(d.file)):\(d.line):\(d.column):") + " "
            out += style.severity(d.severity) + " "
            out += style.bold(TextEscaping.singleLine(d.message)) + " "
            out += style.dim("[\(d.ruleID)]") + "\n"
            if let text = line(d.line, of: d.file) {
                let endColumn = d.endLine == d.line ? d.endColumn : nil
                out += snippet(text, column: d.column, endColumn: endColumn, style: style)
            }
            for r in d.related {
                out += style.bold("\(TextEscaping.singleLine(r.file)):\(r.start.line):\(r.start.column):") + " "
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

    /// A line to quote, with what finds a column in it quickly when it is long (a minified
    /// file is one line of megabytes: each diagnostic decoded all of it, and 200 of them
    /// took 48 seconds).
    struct QuotedLine {
        let text: String
        /// For a long line, every 256th scalar's UTF-8 offset and UTF-16 column.
        private var checkpoints: [(offset: Int, column: Int)] = []
        private var bytes: [UInt8] = []
        static let long = 4096

        init(_ text: String) {
            self.text = text
            guard text.utf8.count > Self.long else { return }
            bytes = Array(text.utf8)
            var column = 1, count = 0, offset = 0
            for s in text.unicodeScalars {
                if count % 256 == 0 { checkpoints.append((offset, column)) }
                count += 1
                offset += s.utf8.count
                column += s.utf16.count
            }
            checkpoints.append((offset, column))
        }

        /// The part of the line around UTF-16 columns `from..<to` (with some context on either
        /// side), the column it starts at, and whether text was left out before or after it.
        func around(_ from: Int, _ to: Int) -> (text: String, firstColumn: Int, before: Bool, after: Bool) {
            guard !checkpoints.isEmpty else { return (text, 1, false, false) }
            // The last checkpoint at or before `from`.
            var low = 0, high = checkpoints.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if checkpoints[mid].column <= max(1, from) { low = mid } else { high = mid - 1 }
            }
            // Two checkpoints back: the one before may be the end of the line, a few scalars
            // before a column at the end, which left too little of the line before it.
            let begin = checkpoints[max(0, low - 2)]
            var endIndex = low + 2
            // Past a few checkpoints (a thousand scalars) the window of a quoted line has
            // ended whatever the range: a range to the end of a 25 MB one-line array took
            // the rest of the line, and a gigabyte to lay it out.
            while endIndex < min(checkpoints.count - 1, low + 4) && checkpoints[endIndex].column < to { endIndex += 1 }
            let end = checkpoints[min(endIndex + 1, checkpoints.count - 1)]
            let part = String(decoding: bytes[begin.offset..<end.offset], as: UTF8.self)
            return (part, begin.column, begin.offset > 0, end.offset < bytes.count)
        }
    }

    func snippet(_ line: QuotedLine, column: Int, endColumn: Int?, style: Style) -> String {
        let part = line.around(column, endColumn ?? column + 1)
        let shift = part.firstColumn - 1
        return snippet(part.text, column: column - shift, endColumn: endColumn.map { $0 - shift },
                       clippedBefore: part.before, clippedAfter: part.after, style: style)
    }

    /// The quoted line and the caret line under columns `column..<endColumn` (UTF-16
    /// columns; nil `endColumn` runs to the end of the line). `clippedBefore` and
    /// `clippedAfter` say that `line` is a part of a longer one.
    func snippet(_ line: String, column: Int, endColumn: Int?, clippedBefore: Bool = false, clippedAfter: Bool = false, style: Style) -> String {
        // Split the line into scalars with their UTF-16 column and cell width.
        var cells: [(scalar: Unicode.Scalar, column: Int, width: Int)] = []
        var utf16Column = 1
        var openFlag = false  // after the first regional indicator of a flag
        var inEmoji = false   // within an emoji sequence (after its first emoji)
        var joining = false   // after a zero-width joiner within one
        for s in line.unicodeScalars {
            let shown: Unicode.Scalar = s == "\t" ? "\t" : (TextEscaping.isControl(s) ? "\u{FFFD}" : s)
            // The two regional indicators of a flag are one character of two cells.
            let secondOfFlag = openFlag && TextEscaping.isRegionalIndicator(shown)
            openFlag = TextEscaping.isRegionalIndicator(shown) && !secondOfFlag
            var width = shown == "\t" ? 1 : secondOfFlag ? 0 : TextEscaping.cellWidth(shown)
            // An emoji sequence is drawn as one glyph of two cells: the emoji joined to it by
            // a zero-width joiner (👨‍👩‍👧) and a skin tone (👍🏽) take none (each counted two,
            // the caret went 4 cells too far after a family), and U+FE0F makes a one-cell
            // emoji (❤) the two-cell one (❤️).
            let emoji = s.value >= 0x80 && shown.properties.isEmoji
            if inEmoji && ((joining && emoji) || shown.properties.isEmojiModifier) {
                width = 0
            } else if s.value == 0xFE0F, let previous = cells.last, previous.width == 1, previous.scalar.properties.isEmoji, previous.scalar.value >= 0x80 {
                width = 1
            }
            joining = inEmoji && s.value == 0x200D
            inEmoji = emoji || (inEmoji && (s.value == 0x200D || s.value == 0xFE0F || (0xE0020...0xE007F).contains(s.value)))
            cells.append((shown, utf16Column, width))
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
        let prefix = first > 0 || clippedBefore ? "…" : ""
        let suffix = last < cells.count || clippedAfter ? "…" : ""

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
