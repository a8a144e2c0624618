import Foundation
import LarderCore
import LarderJSON

enum Text {

    /// A field's name for messages, from its pointer relative to the document:
    /// `steps[2]`, `name (en)`, `ingredients[3].quantity`.
    ///
    /// `text` is the pointer of the language map the value sits in, when it sits in one:
    /// only then is the key below it a language (`name (en)`, `title (en, one)`). A field
    /// whose name merely looks like a tag is a field (`images[0].alt`, `profile.bio`).
    static func fieldLabel(_ pointer: JSONPointer, below base: JSONPointer, in text: JSONPointer? = nil) -> String {
        var tokens = pointer.tokens
        if tokens.starts(with: base.tokens) { tokens.removeFirst(base.tokens.count) }
        var language: String?
        let below = text.flatMap { pointer.tokens.starts(with: $0.tokens) ? pointer.tokens.count - $0.tokens.count : nil } ?? 0
        if below == 2, tokens.count >= 2, PluralCategoryName.all.contains(tokens[tokens.count - 1]),
            Localized.isLanguageTag(tokens[tokens.count - 2])
        {
            // A plural form: `title (en, one)`.
            language = tokens[tokens.count - 2] + ", " + tokens[tokens.count - 1]
            tokens.removeLast(2)
        } else if below == 1, let last = tokens.last, Localized.isLanguageTag(last) {
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

/// Ids as the content writes them: a string, or an integer (`42` and `"42"` name the
/// same thing).
enum IDValue {
    /// For a string id with a lone surrogate (``LoneSurrogate``), which ``text(_:_:)``
    /// reads as U+FFFD: the id with each lone surrogate written as its escape (`\uD800`)
    /// and each backslash doubled, so that two such ids are spelled alike exactly when they
    /// are the same JSON string. Nil for any other value.
    static func spelledExactly(_ json: JSONDocument, _ node: Int) -> String? {
        guard json.hasLoneSurrogate(node) else { return nil }
        let bytes = json.codePointBytes(node)
        var out = ""
        var run = 0  // where the current stretch of UTF-8 started
        func flush(_ end: Int) {
            out += String(decoding: bytes[run..<end], as: UTF8.self).replacingOccurrences(of: "\\", with: "\\\\")
        }
        var i = 0
        while i < bytes.count {
            // A surrogate's three bytes: ED A0...BF xx (UTF-8 proper never has them).
            if bytes[i] == 0xED, i + 2 < bytes.count, bytes[i + 1] >= 0xA0 {
                flush(i)
                let unit = 0xD000 | (UInt32(bytes[i + 1] & 0x3F) << 6) | UInt32(bytes[i + 2] & 0x3F)
                out += "\\u" + String(unit, radix: 16, uppercase: true)
                i += 3
                run = i
            } else {
                i += 1
            }
        }
        flush(bytes.count)
        return out
    }

    /// The id's text, or nil when the value is not a string or an integer.
    static func text(_ json: JSONDocument, _ node: Int) -> String? {
        switch json.kind(node) {
        case .string: return json.string(node)
        case .number:
            if json.isIntegerLiteral(node) {
                let literal = json.numberLiteral(node)
                return literal == "-0" ? "0" : literal
            }
            guard json.isInteger(node), let n = json.number(node) else { return nil }
            let c = n.canonical
            if c.digits == "0" { return "0" }
            let sign = c.negative ? "-" : ""
            // `1e400` stays short: no text of 400 zeros.
            if c.exponent > 40 { return sign + c.digits + "e" + String(c.exponent) }
            return sign + c.digits + String(repeating: "0", count: c.exponent)
        default: return nil
        }
    }
}
