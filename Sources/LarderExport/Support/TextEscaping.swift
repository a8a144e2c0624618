/// Escaping for the string-table formats, one function per format.
enum Escape {
    /// True for characters XML 1.0 cannot hold at all (C0 controls but tab, line feed and
    /// carriage return; U+FFFE and U+FFFF).
    static func isXMLForbidden(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s != "\t" && s != "\n" && s != "\r") || s.value == 0xFFFE || s.value == 0xFFFF
    }

    /// XML character data and attribute values: `&amp;`, `&lt;`, `&gt;`, `&quot;`; characters
    /// XML cannot hold become U+FFFD.
    static func xml(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars {
            switch s {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(isXMLForbidden(s) ? "\u{FFFD}" : s)
            }
        }
        return out
    }

    /// The body of an Apple `.strings` quoted string: `\"`, `\\`, `\n`, `\t`, `\r`, and
    /// `\UXXXX` for other control characters.
    static func appleStrings(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if s.value < 0x20 || s.value == 0x7F {
                    out += "\\U" + hex4(s.value)
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out
    }

    /// An Android string resource's text (inside `<string>`): `\\`, `\'`, `\"`, `\n`, `\t`,
    /// `\@` and `\?` at the start, `&amp;` `&lt;` `&gt;`, and `\u0020` for spaces Android
    /// would otherwise collapse or trim (at either end, or after another space).
    static func android(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        for (i, s) in scalars.enumerated() {
            switch s {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "@" where i == 0: out += "\\@"
            case "?" where i == 0: out += "\\?"
            case " " where i == 0 || i == scalars.count - 1 || scalars[i - 1] == " ":
                out += "\\u0020"
            default:
                if s.value < 0x20 || s.value == 0x7F || isXMLForbidden(s) {
                    out += "\\u" + hex4(s.value)
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out
    }

    /// A C string literal's body as gettext PO files write it: `\"`, `\\`, `\n`, `\t`,
    /// `\r`, and octal escapes for other control characters.
    static func po(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if s.value < 0x20 || s.value == 0x7F {
                    out += "\\" + String(s.value, radix: 8).leftPadded(to: 3)
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out
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
