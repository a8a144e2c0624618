/// Small text helpers shared by the reporters.
enum TextEscaping {
    /// `text` with every line break (`\r\n`, `\n`, `\r`) replaced by one space, and other
    /// control characters (which could drive a terminal) replaced by U+FFFD; a tab stays.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\r": out.append(" ")
            case "\n": if !previousCR { out.append(" ") }
            case "\t": out.append("\t")
            default: out.unicodeScalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }

    /// True for C0 and C1 control characters and DEL.
    static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)
    }

    /// How many terminal cells a scalar takes: 0 for combining marks and joiners, and for
    /// the vowels and final consonants of a Hangul syllable written in conjoining jamo
    /// (they join the leading consonant's two cells), 2 for East Asian wide characters and
    /// emoji, 1 otherwise. A regional indicator counts 2 here: the second of a pair (the two
    /// letters of a flag, two cells in all) takes none, which the caller, who sees the
    /// scalars before it, decides.
    static func cellWidth(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        if v >= 0x20 && v < 0x7F { return 1 }  // printable ASCII, without the property look-ups
        if v == 0x200D || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return 0 }
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if s.properties.isEmojiPresentation { return 2 }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// True for the 26 regional indicator letters, two of which make a flag.
    static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(s.value)
    }
}
