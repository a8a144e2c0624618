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
        collapse(decodeEntities(stripMarkup(text)))
    }

    /// `text` without its tags (``stripTags(_:)``), also when the HTML is written as
    /// entities (`&lt;p&gt;A &lt;b&gt;moist&lt;/b&gt; cake&lt;/p&gt;`, as CMSs double-encode
    /// it): when decoding the entities gives tags, the decoded text's tags are removed, and
    /// its own entities (`&amp;amp;` written for `&amp;`) are left for ``decodeEntities(_:)``.
    /// A `<` that starts no tag (`5 &lt; 6`, `&lt;1 g`) is no reason to decode here.
    ///
    ///     ImportText.stripMarkup("&lt;ol&gt;&lt;li&gt;Mix&lt;/li&gt;&lt;/ol&gt;")   // "\n\nMix\n\n"
    public static func stripMarkup(_ text: String) -> String {
        let stripped = stripTags(text)
        guard stripped.contains("&") else { return stripped }
        let decoded = decodeEntities(stripped)
        guard decoded.contains("<") else { return stripped }
        let again = stripTags(decoded)
        return again == decoded ? stripped : again
    }

    /// `text` as a message quotes it: whole when short, else its first `limit` characters
    /// and `…`, so that a hostile value cannot make a message of megabytes.
    public static func excerpt(_ text: String, limit: Int = 60) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// True for a character `larder lint`'s `control-character` rule refuses in any text: a
    /// C0 control other than tab and line breaks (U+0000 to U+001F), DEL, and the C1
    /// controls (U+0080 to U+009F).
    public static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || (0x7F...0x9F).contains(v)
    }

    /// The refused controls that stand between words, so that one becomes a space, not
    /// nothing: the vertical tab, the form feed, NEL, and the information separators U+001C
    /// to U+001F (a record or unit separator from a spreadsheet or a database export).
    static func separatesWords(_ scalar: Unicode.Scalar) -> Bool {
        [0x0B, 0x0C, 0x1C, 0x1D, 0x1E, 0x1F, 0x85].contains(scalar.value)
    }

    /// `text` without the control characters lint refuses (``isRefusedControl(_:)``): each
    /// is dropped, or made a space when it stands between words (``separatesWords(_:)``),
    /// with no space doubled or left at either end; tab and line breaks are kept. Nil when
    /// the text holds none; else the text and the controls found, each once, in order.
    ///
    ///     ImportText.droppingControls("Nut\u{7}ella")   // ("Nutella", [U+0007])
    public static func droppingControls(_ text: String) -> (text: String, controls: [Unicode.Scalar])? {
        // Most text holds none: a byte search first (C1 controls are C2 80 to C2 9F).
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
              text.unicodeScalars.contains(where: isRefusedControl) else { return nil }
        var out = String.UnicodeScalarView()
        var controls: [Unicode.Scalar] = []
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isRefusedControl(scalar) {
                if !controls.contains(scalar) { controls.append(scalar) }
                if separatesWords(scalar) { pendingSpace = true }
                continue
            }
            if scalar == " " {
                pendingSpace = true
                continue
            }
            if pendingSpace, !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        return (String(out), controls)
    }

    /// A control character as messages name it: `U+0007 (BEL)`, `U+0001`.
    static func controlName(_ scalar: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0B: "VT", 0x0C: "FF", 0x1B: "ESC", 0x7F: "DEL", 0x85: "NEL"]
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return names[scalar.value].map { "\(code) (\($0))" } ?? code
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
    /// `<1 g`); block tags (`br`, `p`, `li`, `div`) become a line break. A `<script>` or a
    /// `<style>` is removed with what it holds, up to its end tag (or the end of the text,
    /// as a browser reads one left open), and stands for a space between the words around it.
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
            let isEnd = rest[after] == "/"
            let name = rest[after..<close].drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber }).lowercased()
            rest = rest[rest.index(after: close)...]
            if !isEnd, name == "script" || name == "style" {
                // Its text is code, not words: up to `</script>` (any case), or to the end.
                if let end = rest.range(of: "</" + name, options: .caseInsensitive),
                   let gt = rest[end.upperBound...].firstIndex(of: ">") {
                    rest = rest[rest.index(after: gt)...]
                } else {
                    rest = rest[rest.endIndex...]
                }
                out.append(" ")
                continue
            }
            if ["br", "p", "li", "div", "ol", "ul"].contains(name) { out.append("\n") }
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
            } else if let (name, decoded) = legacy.first(where: { rest[after...].hasPrefix($0.0) }),
                      rest[after...].dropFirst(name.count).first.map({ !$0.isLetter && !$0.isNumber }) ?? true {
                // `Fish &amp Chips`: the references HTML decodes without their `;`, as
                // browsers do, when no letter or digit follows (`&ampere` stays).
                out += decoded
                rest = rest[after...].dropFirst(name.count)
            } else {
                out.append("&")
                rest = rest[after...]
            }
        }
        out += rest
        return out
    }

    /// The named references written without their `;` that recipe pages hold, and browsers
    /// decode.
    private static let legacy: [(String, String)] = [("amp", "&"), ("lt", "<"), ("gt", ">"), ("quot", "\""), ("nbsp", "\u{A0}")]

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

    /// A reference's text; nil when it is none (left as written). `&#0;` is U+0000, a
    /// control that the import then drops with a warning, as `&#1;` (it was left in the
    /// text as `&#0;`).
    private static func reference(_ body: Substring) -> String? {
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return named[String(body)]
    }
}
