import Foundation

/// Text as content shows it, from text as web pages and databases hold it: HTML entities
/// decoded (`&amp;` -> `&`, `&#39;` -> `'`), simple tags removed (`<strong>`, `<br/>`), runs
/// of white space (line breaks and no-break spaces too) made one space, and the ends
/// trimmed.
///
///     ImportText.clean("  Mix&nbsp;<b>well</b> &amp; rest\n")   // "Mix well & rest"
public enum ImportText {
    /// The cleaned text; empty when nothing but white space was left.
    public static func clean(_ text: String) -> String {
        collapse(decodeEntities(stripTags(text)))
    }

    /// `text` as a message quotes it: whole when short, else its first `limit` characters
    /// and `…`, so that a hostile value cannot make a message of megabytes.
    public static func excerpt(_ text: String, limit: Int = 60) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// Runs of white space made one space, ends trimmed.
    public static func collapse(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for ch in text {
            if ch.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(ch)
            }
        }
        return out
    }

    /// `<tag ...>` and `</tag>` removed (a `<` not followed by a letter, `/` or `!` stays:
    /// `<1 g`); block tags (`br`, `p`, `li`, `div`) become a line break.
    public static func stripTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            let after = rest.index(after: open)
            guard after < rest.endIndex, rest[after].isLetter || rest[after] == "/" || rest[after] == "!",
                  let close = rest[after...].firstIndex(where: { $0 == ">" || $0 == "<" }), rest[close] == ">"
            else {
                out.append("<")
                rest = rest[after...]
                continue
            }
            let name = rest[after..<close].drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber }).lowercased()
            if ["br", "p", "li", "div", "ol", "ul"].contains(name) { out.append("\n") }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// HTML character references decoded: the common named ones and every numeric one.
    public static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest.index(after: amp)
            // A reference is at most 10 characters up to its ';'.
            let window = rest[after...].prefix(12)
            if let semi = window.firstIndex(of: ";"), let decoded = reference(rest[after..<semi]) {
                out += decoded
                rest = rest[rest.index(after: semi)...]
            } else {
                out.append("&")
                rest = rest[after...]
            }
        }
        out += rest
        return out
    }

    /// The named references recipe pages use: punctuation, symbols, fractions, and every
    /// accented Latin letter HTML names (`&icirc;`, `&ntilde;`, `&ouml;` were left as
    /// they were), made from the letter and the accent.
    private static let named: [String: String] = {
        var table: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ndash": "–",
            "mdash": "—", "hellip": "…", "deg": "°", "frac12": "½", "frac14": "¼", "frac34": "¾", "frac13": "⅓",
            "frac23": "⅔", "frac18": "⅛", "frac38": "⅜", "frac58": "⅝", "frac78": "⅞", "rsquo": "’",
            "lsquo": "‘", "rdquo": "”", "ldquo": "“", "sbquo": "‚", "bdquo": "„", "laquo": "«", "raquo": "»",
            "times": "×", "divide": "÷", "plusmn": "±", "minus": "−", "reg": "®", "copy": "©", "trade": "™",
            "szlig": "ß", "aelig": "æ", "AElig": "Æ", "oelig": "œ", "OElig": "Œ", "oslash": "ø", "Oslash": "Ø",
            "eth": "ð", "ETH": "Ð", "thorn": "þ", "THORN": "Þ", "euro": "€", "pound": "£", "cent": "¢", "yen": "¥",
            "sect": "§", "para": "¶", "middot": "·", "bull": "•", "iexcl": "¡", "iquest": "¿", "ordf": "ª", "ordm": "º",
            "sup1": "¹", "sup2": "²", "sup3": "³", "micro": "µ", "prime": "′", "Prime": "″", "shy": "", "zwj": "\u{200D}",
            "zwnj": "\u{200C}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}",
        ]
        let accents: [(String, Unicode.Scalar)] = [
            ("grave", "\u{300}"), ("acute", "\u{301}"), ("circ", "\u{302}"), ("tilde", "\u{303}"), ("uml", "\u{308}"),
            ("ring", "\u{30A}"), ("cedil", "\u{327}"), ("caron", "\u{30C}"),
        ]
        for letter in "aeiouycnszAEIOUYCNSZ" {
            for (name, mark) in accents {
                var decomposed = String(letter)
                decomposed.unicodeScalars.append(mark)
                let composed = decomposed.precomposedStringWithCanonicalMapping
                if composed.unicodeScalars.count == 1 { table[String(letter) + name] = composed }
            }
        }
        return table
    }()

    private static func reference(_ body: Substring) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return named[String(body)]
    }
}
