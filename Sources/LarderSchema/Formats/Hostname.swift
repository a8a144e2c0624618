/// `hostname` (RFC 1123, with `xn--` labels checked as IDNA A-labels) and
/// `idn-hostname` (IDNA2008: RFC 5890-5893).
enum Hostname {
    /// The longest name, in ASCII (A-label) form, without a trailing dot.
    static let maxLength = 253
    static let maxLabelLength = 63

    /// An ASCII host name: dot-separated labels of letters, digits and inner hyphens, each
    /// at most 63 characters, 253 in all; `xn--` labels must be valid A-labels.
    static func isHostname(_ value: String) -> Bool {
        if let plain = plainLDHName(value.utf8) { return plain }
        let bytes = Array(value.utf8)
        guard !bytes.isEmpty, bytes.count <= maxLength else { return false }
        var labels: [ArraySlice<UInt8>] = []
        for label in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard isLDHLabel(label, reservedHyphensAllowed: true) else { return false }
            labels.append(label)
        }
        var unicodeLabels: [[UInt32]] = []
        for label in labels {
            if hasACEPrefix(label) {
                guard let decoded = decodeALabel(label), IDNA.isValidULabel(decoded) else { return false }
                unicodeLabels.append(decoded)
            } else {
                unicodeLabels.append(label.map { UInt32($0) })
            }
        }
        return IDNA.satisfiesBidiRule(unicodeLabels)
    }

    /// The answer for a name without `xn--` labels, checked in one pass without
    /// allocating; nil when some label starts with `xn--` (it needs decoding).
    static func plainLDHName<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool? {
        guard !bytes.isEmpty, bytes.count <= maxLength else { return false }
        var labelLength = 0
        var previous: UInt8 = UInt8(ascii: ".")
        var prefix: UInt32 = 0  // the first four bytes of the label, lower-cased
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
                labelLength = 0
                prefix = 0
                previous = byte
                continue
            }
            let isLetter = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
            let isDigit = byte >= 0x30 && byte <= 0x39
            guard isLetter || isDigit || byte == UInt8(ascii: "-") else { return false }
            guard !(labelLength == 0 && byte == UInt8(ascii: "-")) else { return false }
            labelLength += 1
            guard labelLength <= maxLabelLength else { return false }
            if labelLength <= 4 {
                prefix = prefix << 8 | UInt32(isLetter ? byte | 0x20 : byte)
                if labelLength == 4 && prefix == 0x786E_2D2D { return nil }  // "xn--"
            }
            previous = byte
        }
        return labelLength > 0 && previous != UInt8(ascii: "-")
    }

    /// An internationalized host name: labels separated by `.`, `。`, `．` or `｡`, each an
    /// ASCII label, a valid A-label or a valid U-label whose A-label fits in 63 octets.
    static func isIDNHostname(_ value: String) -> Bool {
        let scalars = scalarValues(value)
        guard !scalars.isEmpty else { return false }
        let labels = scalars.split(omittingEmptySubsequences: false) { IDNA.isLabelSeparator($0) }
        var unicodeLabels: [[UInt32]] = []
        var asciiLength = labels.count - 1  // the dots
        for label in labels {
            guard !label.isEmpty else { return false }
            if label.allSatisfy({ $0 < 0x80 }) {
                let bytes = ArraySlice(label.map { UInt8($0) })
                if hasACEPrefix(bytes) {
                    guard isLDHLabel(bytes, reservedHyphensAllowed: true), let decoded = decodeALabel(bytes),
                        IDNA.isValidULabel(decoded)
                    else { return false }
                    unicodeLabels.append(decoded)
                } else {
                    guard isLDHLabel(bytes, reservedHyphensAllowed: false) else { return false }
                    unicodeLabels.append(Array(label))
                }
                asciiLength += label.count
            } else {
                let lowered = label.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
                guard IDNA.isValidULabel(lowered), let encoded = Punycode.encode(lowered),
                    encoded.count + 4 <= maxLabelLength
                else { return false }
                unicodeLabels.append(lowered)
                asciiLength += encoded.count + 4
            }
        }
        guard asciiLength <= maxLength else { return false }
        return IDNA.satisfiesBidiRule(unicodeLabels)
    }

    /// Letters, digits and hyphens, not starting or ending with a hyphen, 1 to 63 octets.
    /// Without `reservedHyphensAllowed`, `--` in the third and fourth positions is refused
    /// (those labels are reserved for encodings such as `xn--`).
    static func isLDHLabel(_ label: ArraySlice<UInt8>, reservedHyphensAllowed: Bool) -> Bool {
        guard !label.isEmpty, label.count <= maxLabelLength, label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else {
            return false
        }
        for byte in label {
            let isLetter = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
            let isDigit = byte >= 0x30 && byte <= 0x39
            guard isLetter || isDigit || byte == UInt8(ascii: "-") else { return false }
        }
        if !reservedHyphensAllowed, label.count >= 4 {
            let start = label.startIndex
            if label[start + 2] == UInt8(ascii: "-") && label[start + 3] == UInt8(ascii: "-") { return false }
        }
        return true
    }

    static func hasACEPrefix(_ label: ArraySlice<UInt8>) -> Bool {
        guard label.count >= 4 else { return false }
        let start = label.startIndex
        return (label[start] | 0x20) == UInt8(ascii: "x") && (label[start + 1] | 0x20) == UInt8(ascii: "n")
            && label[start + 2] == UInt8(ascii: "-") && label[start + 3] == UInt8(ascii: "-")
    }

    /// The U-label of an `xn--` label: valid Punycode that re-encodes to the same text
    /// (ignoring case) and holds at least one non-ASCII code point.
    static func decodeALabel(_ label: ArraySlice<UInt8>) -> [UInt32]? {
        let encoded = label.dropFirst(4)
        guard !encoded.isEmpty, let decoded = Punycode.decode(encoded), decoded.contains(where: { $0 >= 0x80 }),
            let again = Punycode.encode(decoded), again.count == encoded.count,
            zip(again, encoded).allSatisfy({ lowercasedASCII($0) == lowercasedASCII($1) })
        else { return nil }
        return decoded
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}

/// IDNA2008 rules for U-labels: the code point categories of RFC 5892 (derived from
/// Unicode properties), the CONTEXTJ and CONTEXTO rules, and the Bidi rule of RFC 5893.
enum IDNA {
    enum BidiClass: Sendable {
        case leftToRight, rightToLeft, arabicLetter, arabicNumber, europeanNumber, europeanSeparator
        case commonSeparator, europeanTerminator, otherNeutral, boundaryNeutral, nonspacingMark, other
    }

    enum JoiningType: Sendable {
        case dual, left, right, transparent, none
    }

    enum Status {
        case valid, contextJ, contextO, disallowed
    }

    static func isLabelSeparator(_ scalar: UInt32) -> Bool {
        scalar == 0x2E || scalar == 0x3002 || scalar == 0xFF0E || scalar == 0xFF61
    }

    /// RFC 5892 section 2.6 exceptions.
    private static func exception(_ scalar: UInt32) -> Status? {
        switch scalar {
        case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007: .valid
        case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, 0x0660...0x0669, 0x06F0...0x06F9: .contextO
        case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: .disallowed
        default: nil
        }
    }

    /// The RFC 5892 derived property value of a code point.
    static func status(_ value: UInt32) -> Status {
        if let exception = exception(value) { return exception }
        guard let scalar = Unicode.Scalar(value) else { return .disallowed }
        let properties = scalar.properties
        if properties.generalCategory == .unassigned { return .disallowed }  // UNASSIGNED
        if (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39) || value == 0x2D { return .valid }
        if value == 0x200C || value == 0x200D { return .contextJ }
        if properties.changesWhenNFKCCaseFolded { return .disallowed }  // Unstable
        if properties.isDefaultIgnorableCodePoint || properties.isWhitespace || properties.isNoncharacterCodePoint {
            return .disallowed
        }
        switch value {
        case 0x20D0...0x20FF, 0x1D100...0x1D1FF, 0x1D200...0x1D24F: return .disallowed  // IgnorableBlocks
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return .disallowed  // OldHangulJamo
        default: break
        }
        switch properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter, .nonspacingMark, .spacingMark:
            return .valid
        default:
            return .disallowed
        }
    }

    /// Whether `label` (code points, ASCII letters lower case) is a valid U-label.
    static func isValidULabel(_ label: [UInt32]) -> Bool {
        guard !label.isEmpty, label.first != 0x2D, label.last != 0x2D else { return false }
        if label.count >= 4 && label[2] == 0x2D && label[3] == 0x2D { return false }
        if let first = Unicode.Scalar(label[0]) {
            switch first.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return false
            default: break
            }
        }
        for (position, scalar) in label.enumerated() {
            switch status(scalar) {
            case .valid: continue
            case .disallowed: return false
            case .contextJ: if !contextJHolds(label, position) { return false }
            case .contextO: if !contextOHolds(label, position) { return false }
            }
        }
        return true
    }

    private static func isVirama(_ value: UInt32) -> Bool {
        Unicode.Scalar(value)?.properties.canonicalCombiningClass == .virama
    }

    /// RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER).
    private static func contextJHolds(_ label: [UInt32], _ position: Int) -> Bool {
        if position > 0 && isVirama(label[position - 1]) { return true }
        guard label[position] == 0x200C else { return false }
        // (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*(Joining_Type:{R,D})
        var before = position - 1
        while before >= 0 && joiningType(label[before]) == .transparent { before -= 1 }
        guard before >= 0, [.left, .dual].contains(joiningType(label[before])) else { return false }
        var after = position + 1
        while after < label.count && joiningType(label[after]) == .transparent { after += 1 }
        return after < label.count && [.right, .dual].contains(joiningType(label[after]))
    }

    /// RFC 5892 Appendix A.3 to A.9.
    private static func contextOHolds(_ label: [UInt32], _ position: Int) -> Bool {
        let scalar = label[position]
        switch scalar {
        case 0x00B7:  // MIDDLE DOT: between two 'l'
            return position > 0 && position + 1 < label.count && label[position - 1] == 0x6C && label[position + 1] == 0x6C
        case 0x0375:  // GREEK LOWER NUMERAL SIGN (KERAIA): followed by Greek
            return position + 1 < label.count && greek.contains(label[position + 1])
        case 0x05F3, 0x05F4:  // HEBREW GERESH, GERSHAYIM: preceded by Hebrew
            return position > 0 && hebrew.contains(label[position - 1])
        case 0x30FB:  // KATAKANA MIDDLE DOT: some Hiragana, Katakana or Han in the label
            return label.contains { hiraganaKatakanaHan.contains($0) }
        case 0x0660...0x0669:  // ARABIC-INDIC DIGITS: no extended Arabic-Indic digit
            return !label.contains { (0x06F0...0x06F9).contains($0) }
        case 0x06F0...0x06F9:  // EXTENDED ARABIC-INDIC DIGITS: no Arabic-Indic digit
            return !label.contains { (0x0660...0x0669).contains($0) }
        default:
            return false
        }
    }

    private static let greek = UnicodeProperties.script("Greek", extensions: false) ?? ScalarSet()
    private static let hebrew = UnicodeProperties.script("Hebrew", extensions: false) ?? ScalarSet()
    private static let hiraganaKatakanaHan = ["Hiragana", "Katakana", "Han"]
        .compactMap { UnicodeProperties.script($0, extensions: false) }
        .reduce(ScalarSet()) { $0.union($1) }

    // MARK: - Bidi rule (RFC 5893)

    private static let bidiTable: [(range: ClosedRange<UInt32>, value: BidiClass)] = table(bidiClassData)
    private static let joiningTable: [(range: ClosedRange<UInt32>, value: JoiningType)] = table(joiningTypeData)

    private static func table<Value>(_ data: [(Value, String)]) -> [(range: ClosedRange<UInt32>, value: Value)] {
        var entries: [(range: ClosedRange<UInt32>, value: Value)] = []
        for (value, ranges) in data {
            for range in UnicodeProperties.parseRanges(ranges).ranges { entries.append((range, value)) }
        }
        return entries.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    private static func lookUp<Value>(_ table: [(range: ClosedRange<UInt32>, value: Value)], _ scalar: UInt32) -> Value? {
        var low = 0
        var high = table.count
        while low < high {
            let mid = (low + high) / 2
            if scalar < table[mid].range.lowerBound {
                high = mid
            } else if scalar > table[mid].range.upperBound {
                low = mid + 1
            } else {
                return table[mid].value
            }
        }
        return nil
    }

    static func bidiClass(_ scalar: UInt32) -> BidiClass {
        lookUp(bidiTable, scalar) ?? .leftToRight
    }

    static func joiningType(_ scalar: UInt32) -> JoiningType {
        lookUp(joiningTable, scalar) ?? .none
    }

    /// When some label holds a right-to-left character (R, AL or AN), every label must
    /// satisfy the six conditions of RFC 5893 section 2.
    static func satisfiesBidiRule(_ labels: [[UInt32]]) -> Bool {
        let isBidiDomain = labels.contains { label in
            label.contains { [.rightToLeft, .arabicLetter, .arabicNumber].contains(bidiClass($0)) }
        }
        guard isBidiDomain else { return true }
        return labels.allSatisfy(labelSatisfiesBidiRule)
    }

    private static func labelSatisfiesBidiRule(_ label: [UInt32]) -> Bool {
        let classes = label.map(bidiClass)
        guard let first = classes.first else { return false }
        // The last character that is not a nonspacing mark.
        let end = classes.last { $0 != .nonspacingMark }
        switch first {
        case .rightToLeft, .arabicLetter:
            let allowed: Set<BidiClass> = [
                .rightToLeft, .arabicLetter, .arabicNumber, .europeanNumber, .europeanSeparator,
                .commonSeparator, .europeanTerminator, .otherNeutral, .boundaryNeutral, .nonspacingMark,
            ]
            guard classes.allSatisfy(allowed.contains) else { return false }  // rule 2
            guard let end, [.rightToLeft, .arabicLetter, .europeanNumber, .arabicNumber].contains(end) else { return false }  // rule 3
            return !(classes.contains(.europeanNumber) && classes.contains(.arabicNumber))  // rule 4
        case .leftToRight:
            let allowed: Set<BidiClass> = [
                .leftToRight, .europeanNumber, .europeanSeparator, .commonSeparator, .europeanTerminator,
                .otherNeutral, .boundaryNeutral, .nonspacingMark,
            ]
            guard classes.allSatisfy(allowed.contains) else { return false }  // rule 5
            guard let end, [.leftToRight, .europeanNumber].contains(end) else { return false }  // rule 6
            return true
        default:
            return false  // rule 1
        }
    }
}
