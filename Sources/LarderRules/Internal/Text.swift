import LarderJSON

enum Text {
    /// True when a string holds nothing a person can see: empty, or only white space
    /// (any Unicode white space: no-break, ideographic, line separators) and invisible
    /// format characters (zero-width space, byte order mark, word joiner).
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }
    }

    /// A field's name for messages, from its pointer relative to the document:
    /// `steps[2]`, `name (en)`, `ingredients[3].quantity`.
    static func fieldLabel(_ pointer: JSONPointer, below base: JSONPointer, languageLast: Bool = false) -> String {
        var tokens = pointer.tokens
        if tokens.starts(with: base.tokens) { tokens.removeFirst(base.tokens.count) }
        var language: String?
        if languageLast, tokens.count > 1, let last = tokens.last, Localized.isLanguageTag(last) {
            language = last
            tokens.removeLast()
        }
        var label = ""
        for token in tokens {
            if !token.isEmpty, token.allSatisfy(\.isASCII), token.allSatisfy(\.isNumber) {
                label += "[\(token)]"
            } else {
                label += label.isEmpty ? token : "." + token
            }
        }
        if label.isEmpty { label = "the document" }
        if let language { label += " (\(language))" }
        return label
    }

    /// A value quoted for a message, shortened when long: `'glug'`.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        let shown = text.count > limit ? String(text.prefix(limit)) + "…" : text
        var escaped = ""
        for c in shown {
            switch c {
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            default: escaped.append(c)
            }
        }
        return "'\(escaped)'"
    }

    /// A list for a message: `a, b and c`.
    static func list(_ items: [String], conjunction: String = "and") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
        }
    }
}
