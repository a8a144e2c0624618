/// Counts of a run's diagnostics by severity, and how many files were checked.
///
///     let summary = DiagnosticSummary(diagnostics, filesChecked: 3)
///     summary.errors   // 2
public struct DiagnosticSummary: Sendable, Hashable {
    public var errors: Int
    /// Every warning the run found, those the report leaves out (``hiddenWarnings``) included.
    public var warnings: Int
    public var notes: Int
    /// The number of files looked at (with or without problems).
    public var filesChecked: Int
    /// How many of ``warnings`` the report leaves out (`larder lint --quiet` reports errors
    /// only, while its warnings still count for `--max-warnings`).
    public var hiddenWarnings: Int

    public init(errors: Int = 0, warnings: Int = 0, notes: Int = 0, filesChecked: Int = 0, hiddenWarnings: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.filesChecked = filesChecked
        self.hiddenWarnings = hiddenWarnings
    }

    /// Counts `diagnostics` by severity.
    public init<S: Sequence>(_ diagnostics: S, filesChecked: Int) where S.Element == Diagnostic {
        self.init(filesChecked: filesChecked)
        for d in diagnostics { add(d.severity) }
    }

    /// Counts one more diagnostic of `severity`.
    public mutating func add(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
    }

    /// The number of diagnostics of every severity.
    public var total: Int { errors + warnings + notes }

    /// True when nothing was reported.
    public var isClean: Bool { total == 0 }

    /// The one-line English summary: `2 errors, 1 warning in 3 files`, or
    /// `No problems in 3 files`; warnings the report leaves out are said to be hidden
    /// (`1 error, 2 warnings hidden by --quiet in 3 files`), never "No problems".
    public var sentence: String {
        var parts: [String] = []
        let hidden = min(max(0, hiddenWarnings), warnings)
        if errors > 0 { parts.append(Self.count(errors, "error")) }
        if warnings - hidden > 0 { parts.append(Self.count(warnings - hidden, "warning")) }
        if hidden > 0 { parts.append(Self.count(hidden, "warning") + " hidden by --quiet") }
        if notes > 0 { parts.append(Self.count(notes, "note")) }
        let files = Self.count(filesChecked, "file")
        if parts.isEmpty { return "No problems in \(files)" }
        return parts.joined(separator: ", ") + " in " + files
    }

    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
