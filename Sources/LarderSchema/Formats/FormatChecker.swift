/// Checks JSON Schema `format` values.
///
/// STUB: knows no format yet; the real checker replaces this file.
public enum FormatChecker {
    /// Whether `value` is valid for `format`; nil when the format is unknown (unknown formats
    /// are accepted, as the specification says).
    public static func check(_ format: String, _ value: String) -> Bool? {
        nil
    }
}
