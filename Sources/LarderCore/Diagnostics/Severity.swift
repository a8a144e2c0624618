/// How serious a ``Diagnostic`` is.
///
/// Severities are ordered `note < warning < error`, so the worst of a list is its `max()`:
///
///     [Severity.note, .error, .warning].max()   // .error
public enum Severity: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Information for the user; never fails a run.
    case note = 0
    /// A likely problem; fails a run only past `--max-warnings`.
    case warning = 1
    /// A problem in the content; fails the run (exit code 1).
    case error = 2

    /// Parses the name used in `larder.yml` and in reports (`"error"`, `"warning"`, `"note"`).
    ///
    /// `"info"` and `"notice"` are accepted as other names for ``note``.
    public init?(name: String) {
        switch name.lowercased() {
        case "error": self = .error
        case "warning": self = .warning
        case "note", "info", "notice": self = .note
        default: return nil
        }
    }

    /// The lowercase name: `"error"`, `"warning"` or `"note"`.
    public var name: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    public var description: String { name }

    public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }
}
