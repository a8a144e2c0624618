/// Escaping for the string-table formats, one function per format.
enum Escape {
    /// True for characters XML 1.0 cannot hold at all (C0 controls but tab, line feed and
    /// carriage return; U+FFFE and U+FFFF).
    static func isXMLForbidden(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s != "\t" && s != "\n" && s != "\r") || s.value == 0xFFFE || s.value == 0xFFFF
    }

    /// Escapes `text` byte by byte: `replacement` gives the bytes for an ASCII byte that
    /// needs escaping (nil keeps it); multi-byte characters are copied as they are, except
    /// that `scalar` may replace a whole scalar (for XML's forbidden characters).
    private static func escape(
        _ text: String, _ replacement: (UInt8, Int, Int) -> String?, scalar: ((Unicode.Scalar) -> String?)? = nil
    ) -> String {
        let utf8 = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        var i = 0
        var position = 0  // the scalar's position, for "at the start" rules
        while i < utf8.count {
            let byte = utf8[i]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            let bytes = utf8[i..<min(i + length, utf8.count)]
            if byte < 0x80 {
                if let r = replacement(byte, position, utf8.count) { out.append(contentsOf: r.utf8) } else { out.append(byte) }
            } else if let scalar, let s = String(decoding: bytes, as: UTF8.self).unicodeScalars.first, let r = scalar(s) {
                out.append(contentsOf: r.utf8)
            } else {
                out.append(contentsOf: bytes)
            }
            i += length
            position += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// XML character data and attribute values: `&amp;`, `&lt;`, `&gt;`, `&quot;`; characters
    /// XML cannot hold become U+FFFD.
    static func xml(_ text: String) -> String {
        escape(text, { byte, _, _ in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case 0x0D: "&#13;"
            case 0x09, 0x0A: nil
            case 0..<0x20: "\u{FFFD}"
            default: nil
            }
        }, scalar: { $0.value == 0xFFFE || $0.value == 0xFFFF ? "\u{FFFD}" : nil })
    }

    /// The body of an Apple `.strings` quoted string: `\"`, `\\`, `\n`, `\t`, `\r`, and
    /// `\UXXXX` for other control characters.
    static func appleStrings(_ text: String) -> String {
        escape(text) { byte, _, _ in
            switch byte {
            case UInt8(ascii: "\""): "\\\""
            case UInt8(ascii: "\\"): "\\\\"
            case 0x0A: "\\n"
            case 0x09: "\\t"
            case 0x0D: "\\r"
            case 0..<0x20, 0x7F: "\\U" + hex4(UInt32(byte))
            default: nil
            }
        }
    }

    /// An Android string resource's text (inside `<string>`): `\\`, `\'`, `\"`, `\n`, `\t`,
    /// `\@` and `\?` at the start, `&amp;` `&lt;` `&gt;`, and `\u0020` for spaces Android
    /// would otherwise collapse or trim (at either end, or after another space).
    static func android(_ text: String) -> String {
        let scalarCount = text.unicodeScalars.count
        var previousWasSpace = false
        return escape(text, { byte, position, _ in
            defer { previousWasSpace = byte == UInt8(ascii: " ") }
            switch byte {
            case UInt8(ascii: "\\"): return "\\\\"
            case UInt8(ascii: "'"): return "\\'"
            case UInt8(ascii: "\""): return "\\\""
            case 0x0A: return "\\n"
            case 0x09: return "\\t"
            case UInt8(ascii: "&"): return "&amp;"
            case UInt8(ascii: "<"): return "&lt;"
            case UInt8(ascii: ">"): return "&gt;"
            case UInt8(ascii: "@") where position == 0: return "\\@"
            case UInt8(ascii: "?") where position == 0: return "\\?"
            case UInt8(ascii: " ") where position == 0 || position == scalarCount - 1 || previousWasSpace: return "\\u0020"
            case 0..<0x20, 0x7F: return "\\u" + hex4(UInt32(byte))
            default: return nil
            }
        }, scalar: { s in
            previousWasSpace = false
            return s.value == 0xFFFE || s.value == 0xFFFF ? "\\u" + hex4(s.value) : nil
        })
    }

    /// A C string literal's body as gettext PO files write it: `\"`, `\\`, `\n`, `\t`,
    /// `\r`, and octal escapes for other control characters. NUL becomes U+FFFD (�): a
    /// compiled catalog's strings end at a NUL, so `\000` cut the message there and the
    /// app found no translation for it.
    static func po(_ text: String) -> String {
        escape(text) { byte, _, _ in
            switch byte {
            case 0x00: "\u{FFFD}"
            case UInt8(ascii: "\""): "\\\""
            case UInt8(ascii: "\\"): "\\\\"
            case 0x0A: "\\n"
            case 0x09: "\\t"
            case 0x0D: "\\r"
            case 0..<0x20, 0x7F: "\\" + String(byte, radix: 8).leftPadded(to: 3)
            default: nil
            }
        }
    }

    static func hex4(_ v: UInt32) -> String {
        String(v, radix: 16, uppercase: true).leftPadded(to: 4)
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
