/// Whether a text shows anything, decided one way for the rules and the exports: a text
/// `non-empty-text` calls blank is one the exports leave to the locale fallback, never
/// one they ship as it is.
public enum VisibleText {
    /// True when a string holds nothing a person can see: empty, or only white space (any
    /// Unicode white space: no-break, ideographic, line separators), invisible characters
    /// (zero-width space, byte order mark, word joiner, Hangul fillers) and the blank
    /// braille pattern U+2800, which renders as a space but is a symbol to Unicode.
    public static func isBlank(_ text: String) -> Bool {
        // A visible ASCII character first answers at once, with no Unicode look-up (almost
        // every text starts with one).
        if let first = text.utf8.first, first > 0x20 && first < 0x7F { return false }
        return text.unicodeScalars.allSatisfy {
            $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint || $0.value == 0x2800
        }
    }
}

extension String.UnicodeScalarView {
    /// Appends `scalars` one by one. The standard library's `append(contentsOf:)` of this
    /// view copies the whole text built so far on each call, so a text built from many
    /// pieces (placeholders kept in a pseudo-locale, percents escaped) took time quadratic in
    /// its length.
    public mutating func appendScalars<S: Sequence>(_ scalars: S) where S.Element == Unicode.Scalar {
        for scalar in scalars { append(scalar) }
    }
}
