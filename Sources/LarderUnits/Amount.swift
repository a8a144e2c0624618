/// How many of something: one exact number, or a range of two (`2-3 cloves`).
///
///     try Amount(parsing: "1 1/2")     // .exact(3/2)
///     try Amount(parsing: "½")         // .exact(1/2)
///     try Amount(parsing: "2-3")       // .range(2, 3)
///     try Amount(parsing: "1 to 2")    // .range(1, 2)
///     try Amount(parsing: "1,5")       // .exact(3/2)
///     try Amount(parsing: "a pinch")   // nil
public enum Amount: Sendable, Hashable, CustomStringConvertible {
    /// One amount.
    case exact(Rational)
    /// From `lower` to `upper` (inclusive, `lower ≤ upper`).
    case range(Rational, Rational)

    /// Parses text that is nothing but an amount: an integer, a decimal (`1.5` or `1,5`, and
    /// `.5` without its leading zero), a fraction (`1/2`, `1⁄2`, and set in superscript and
    /// subscript digits, `¹⁄₂`, `²/3`), a mixed number (`1 1/2`, `1 ¹⁄₂`, `1²/₃`), a Unicode
    /// vulgar fraction alone or after a whole number (`½`, `1½`, `1 ½`), or a range of two of these joined by `-`,
    /// `–`, `—` or `to` (`2-3`, `1 to 2`). Nil when the text is anything else; throws when
    /// a number has too many digits to be exact.
    ///
    /// `language` decides what a comma or a dot before three digits is, as in an ingredient
    /// line of that language: `1,250` is 1250 in English (and with no language) and 1.25 in
    /// Portuguese, where `1.250` is 1250; a number with both is read as the language writes
    /// them (`1,234.5` in English, `1.000,5` in Portuguese), and is nil when the language
    /// does not write them so.
    public init?(parsing text: String, language: String? = nil) throws(RationalError) {
        let scalars = Array(text.unicodeScalars)
        var i = AmountScanner.skipSpaces(scalars, 0)
        guard let scanned = try AmountScanner.scanAmount(scalars, at: i, language: language) else { return nil }
        i = AmountScanner.skipSpaces(scalars, scanned.end)
        guard i == scalars.count else { return nil }
        self = scanned.amount
    }

    /// The decimal mark of the amount `text` as ``init(parsing:language:)`` reads it (`.` in
    /// `1,234.5` in English, `,` in `1,5`), nil when it has none, so a caller that writes the
    /// amount back writes the same mark (`1,234.5` holds a comma, but its decimal mark is
    /// the point).
    package static func decimalMark(in text: String, language: String? = nil) -> Character? {
        let scalars = Array(text.unicodeScalars)
        let scanned = try? AmountScanner.scanAmount(scalars, at: AmountScanner.skipSpaces(scalars, 0), language: language)
        return scanned?.style.decimalSeparator
    }

    /// The smaller end (the amount itself when exact).
    public var lower: Rational {
        switch self {
        case .exact(let v): v
        case .range(let a, _): a
        }
    }

    /// The larger end (the amount itself when exact).
    public var upper: Rational {
        switch self {
        case .exact(let v): v
        case .range(_, let b): b
        }
    }

    /// True for a range.
    public var isRange: Bool { if case .range = self { true } else { false } }

    /// Both ends multiplied by `factor`.
    public func scaled(by factor: Rational) throws(RationalError) -> Amount {
        try map { v throws(RationalError) in try v * factor }
    }

    /// Both ends transformed by `transform`.
    public func map(_ transform: (Rational) throws(RationalError) -> Rational) throws(RationalError) -> Amount {
        switch self {
        case .exact(let v): return .exact(try transform(v))
        case .range(let a, let b): return .range(try transform(a), try transform(b))
        }
    }

    /// `3/2` or `2-3` (exact fractions; for people use ``QuantityFormatter``).
    public var description: String {
        switch self {
        case .exact(let v): v.description
        case .range(let a, let b): "\(a)-\(b)"
        }
    }
}

/// Scans amounts inside text, on Unicode scalars (shared by ``Amount`` and the ingredient
/// parser).
enum AmountScanner {
    /// The values of the Unicode vulgar fractions.
    static let vulgarFractions: [Unicode.Scalar: (Int, Int)] = [
        "\u{00BD}": (1, 2), "\u{2153}": (1, 3), "\u{2154}": (2, 3), "\u{00BC}": (1, 4), "\u{00BE}": (3, 4),
        "\u{2155}": (1, 5), "\u{2156}": (2, 5), "\u{2157}": (3, 5), "\u{2158}": (4, 5), "\u{2159}": (1, 6),
        "\u{215A}": (5, 6), "\u{2150}": (1, 7), "\u{215B}": (1, 8), "\u{215C}": (3, 8), "\u{215D}": (5, 8),
        "\u{215E}": (7, 8), "\u{2151}": (1, 9), "\u{2152}": (1, 10),
    ]

    /// The vulgar fraction character for a fraction, if Unicode has one.
    static func vulgarCharacter(_ numerator: Int, _ denominator: Int) -> Unicode.Scalar? {
        for (scalar, value) in vulgarFractions where value.0 == numerator && value.1 == denominator { return scalar }
        return nil
    }

    @inline(__always) static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }
    @inline(__always) static func isSpace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\u{00A0}" || s == "\u{202F}" || s == "\u{2009}"
    }
    static func isLetter(_ s: Unicode.Scalar) -> Bool { s.properties.isAlphabetic }

    /// A minus sign: `-` (the hyphen-minus) or `−` (U+2212).
    @inline(__always) static func isMinus(_ s: Unicode.Scalar) -> Bool { s == "-" || s == "\u{2212}" }

    static func skipSpaces(_ s: [Unicode.Scalar], _ i: Int) -> Int {
        var i = i
        while i < s.count, isSpace(s[i]) { i += 1 }
        return i
    }

    /// What a scan found: the amount, where it ends, and how it was written.
    struct Scanned {
        var amount: Amount
        var end: Int
        var style: AmountStyle
        /// What follows the amount that makes it no amount to scale: a fraction with a zero
        /// denominator (`1/0`, read as `1`), or a range whose second end is the smaller
        /// (`3-2`, read as `3`). ``amount`` is then the first number alone.
        var problem: QuantityProblem? = nil
        /// Where the text ``problem`` quotes ends (after the `2` of `3-2`, the `0` of `1/0`).
        var problemEnd: Int? = nil
    }

    /// A single number at `i`: returns its value, its end and its style.
    static func scanNumber(_ s: [Unicode.Scalar], at start: Int, language: String?) throws(RationalError) -> (Rational, Int, AmountStyle)? {
        var i = start
        if i < s.count, let v = vulgarFractions[s[i]] {
            return (try Rational(v.0, v.1), i + 1, AmountStyle(fractions: .vulgar))
        }
        if let (n, d, end) = scanTypographicFraction(s, at: i) {
            return (try Rational(n, d), end, AmountStyle(fractions: .vulgar))
        }
        // A decimal without its leading zero, as recipe sites write it: `.5 cup oil` (it was
        // no quantity, and the line was left unscaled).
        if i + 1 < s.count, s[i] == ".", isDigit(s[i + 1]), i == 0 || !(isDigit(s[i - 1]) || isLetter(s[i - 1]) || s[i - 1] == ".") {
            var j = i + 1
            var fraction: [UInt8] = []
            while j < s.count, isDigit(s[j]) { fraction.append(UInt8(s[j].value)); j += 1 }
            guard !(j < s.count && (s[j] == "." || s[j] == ",")) else { return nil }
            var style = AmountStyle()
            style.decimalSeparator = "."
            return (try parse([UInt8(ascii: "0"), UInt8(ascii: ".")] + fraction), j, style)
        }
        guard i < s.count, isDigit(s[i]) else { return nil }
        var digits: [UInt8] = []
        while i < s.count, isDigit(s[i]) { digits.append(UInt8(s[i].value)); i += 1 }
        // A number with a superscript digit after it is no amount Larder can read (`10⁶ g`
        // was read as 10, and doubled to `20⁶ g`); a typographic fraction after it is a
        // mixed number (below).
        if i < s.count, superscriptDigit(s[i]) != nil, scanTypographicFraction(s, at: i) == nil { return nil }
        var style = AmountStyle()
        // Thousands grouped by a space: "1 000 g", "2 500 ml" in French (a plain space), or
        // by a no-break space in any language (U+00A0, or U+202F as French typesetting
        // writes it). It was read as 1, and " 000 g" kept: "2 500 ml" doubled was "4 500 ml".
        // (In English "2 400 g cans" is two cans.)
        if digits.count <= 3, digits.first != UInt8(ascii: "0") {
            var j = i
            var grouped = digits
            while j + 3 < s.count, isGroupingSpace(s[j], language: language),
                  isDigit(s[j + 1]), isDigit(s[j + 2]), isDigit(s[j + 3]),
                  !(j + 4 < s.count && (isDigit(s[j + 4]) || s[j + 4] == "/" || s[j + 4] == "\u{2044}")) {
                grouped += (1...3).map { UInt8(s[j + $0].value) }
                j += 4
            }
            if j > i {
                // A decimal comma may follow ("1 000,5 g").
                if j + 1 < s.count, s[j] == ",", isDigit(s[j + 1]), IngredientParser.defaultSeparator(language) == "," {
                    var k = j + 1
                    var fraction: [UInt8] = []
                    while k < s.count, isDigit(s[k]) { fraction.append(UInt8(s[k].value)); k += 1 }
                    style.decimalSeparator = ","
                    return (try parse(grouped + [UInt8(ascii: ".")] + fraction), k, style)
                }
                return (try parse(grouped), j, style)
            }
        }
        // Decimal: 1.5 or 1,5 (a comma followed by exactly three digits in English text is a
        // thousands separator, 1,500 g, when what comes before it can lead a group of
        // thousands: one to three digits, not starting with 0; 0,125 is a decimal comma; a
        // dot is the thousands separator so in a language whose decimal mark is a comma).
        if i + 1 < s.count, s[i] == "." || s[i] == ",", isDigit(s[i + 1]) {
            // Both marks, or one mark twice ("1,234.5", "1.000,5", "1,000,000"): groups of
            // thousands, read whole or not at all (see ``groupedNumber(_:at:digits:language:through:)``).
            if let second = secondMark(s, after: i) {
                guard let grouped = try groupedNumber(s, at: i, digits: digits, language: language, through: second) else { return nil }
                return grouped
            }
            var j = i + 1
            var fraction: [UInt8] = []
            while j < s.count, isDigit(s[j]) { fraction.append(UInt8(s[j].value)); j += 1 }
            let english = language == nil || language!.hasPrefix("en")
            let leadsGroup = digits.count <= 3 && digits.first != UInt8(ascii: "0")
            // The other way round where a comma is the decimal mark: "1.500 g" in Portuguese is
            // 1500 g (it was read as 1.5).
            let commaDecimal = IngredientParser.defaultSeparator(language) == ","
            let thousands = s[i] == "," ? english : commaDecimal
            if thousands, leadsGroup, fraction.count == 3, !(j < s.count && (s[j] == "," || s[j] == ".")) {
                let value = try parse(digits + fraction)
                return (value, j, style)
            }
            style.decimalSeparator = s[i] == "," ? "," : "."
            let value = try parse(digits + [UInt8(ascii: ".")] + fraction)
            return (value, j, style)
        }
        let whole = try parse(digits)
        // Fraction: 1/2 or 1⁄2.
        if let (n, d, end) = scanSlashFraction(s, at: start) {
            return (try Rational(n, d), end, AmountStyle(fractions: .ascii))
        }
        // Mixed number: 1 1/2, 1½, 1 ½.
        var j = i
        while j < s.count, isSpace(s[j]) { j += 1 }
        if j < s.count, let v = vulgarFractions[s[j]] {
            style.fractions = .vulgar
            style.spaceBeforeVulgar = j > i
            return (try whole + Rational(v.0, v.1), j + 1, style)
        }
        if j > i, let (n, d, end) = scanSlashFraction(s, at: j), n < d {
            style.fractions = .ascii
            return (try whole + Rational(n, d), end, style)
        }
        // Mixed with a typographic fraction: 1 ¹⁄₂, 1²/₃ (it was read as 1, and 1 ¹/₂ cups
        // doubled was 2 ¹/₂ cups).
        if let (n, d, end) = scanTypographicFraction(s, at: j), n < d {
            style.fractions = .vulgar
            style.spaceBeforeVulgar = j > i
            return (try whole + Rational(n, d), end, style)
        }
        return (whole, i, style)
    }

    /// The value of a superscript digit (⁰ ¹ ² ³ ⁴ … ⁹), if `c` is one.
    static func superscriptDigit(_ c: Unicode.Scalar) -> Int? {
        switch c.value {
        case 0x00B9: 1
        case 0x00B2: 2
        case 0x00B3: 3
        case 0x2070, 0x2074...0x2079: Int(c.value - 0x2070)
        default: nil
        }
    }

    /// A fraction written with superscript and subscript digits, as typesetting and word
    /// processors write the ones Unicode has no character for: `¹⁄₂`, `³/₁₆`, `²/3`
    /// (superscript numerator; a slash, the fraction slash or the division slash; subscript
    /// or plain denominator). Returns its numerator, denominator (above 0) and end.
    static func scanTypographicFraction(_ s: [Unicode.Scalar], at start: Int) -> (Int, Int, Int)? {
        var i = start
        var n = 0
        var count = 0
        while i < s.count, let digit = superscriptDigit(s[i]), count < 9 { n = n * 10 + digit; i += 1; count += 1 }
        guard count > 0, i < s.count, s[i] == "/" || s[i] == "\u{2044}" || s[i] == "\u{2215}" else { return nil }
        i += 1
        var d = 0
        count = 0
        func subscriptDigit(_ c: Unicode.Scalar) -> Int? { (0x2080...0x2089).contains(c.value) ? Int(c.value - 0x2080) : nil }
        let plain = i < s.count && isDigit(s[i])
        while i < s.count, let digit = plain ? (isDigit(s[i]) ? Int(s[i].value - 48) : nil) : subscriptDigit(s[i]), count < 9 {
            d = d * 10 + digit
            i += 1
            count += 1
        }
        guard count > 0, d > 0, !(i < s.count && (isDigit(s[i]) || subscriptDigit(s[i]) != nil)) else { return nil }
        return (n, d, i)
    }

    /// True when `c` groups thousands in `language`: a no-break space (U+00A0, U+202F) in
    /// any language, a plain space in French.
    static func isGroupingSpace(_ c: Unicode.Scalar, language: String?) -> Bool {
        c == "\u{00A0}" || c == "\u{202F}" || (c == " " && (language.map { $0 == "fr" || $0.hasPrefix("fr-") } ?? false))
    }

    /// Where a second decimal mark (`.` or `,` followed by a digit) comes after the digits
    /// that follow the mark at `i` (the point of `1,234.5`), or nil.
    private static func secondMark(_ s: [Unicode.Scalar], after i: Int) -> Int? {
        var j = i + 1
        while j < s.count, isDigit(s[j]) { j += 1 }
        guard j + 1 < s.count, s[j] == "." || s[j] == ",", isDigit(s[j + 1]) else { return nil }
        return j
    }

    /// The thousands separator and the decimal mark of a language: `,` and `.` in English
    /// (and with no language), `.` and `,` where a comma is the decimal mark (Portuguese,
    /// German); nil in a language that groups thousands otherwise.
    static func marks(_ language: String?) -> (thousands: Unicode.Scalar, decimal: Unicode.Scalar)? {
        if language == nil || language!.hasPrefix("en") { return (",", ".") }
        return IngredientParser.defaultSeparator(language) == "," ? (".", ",") : nil
    }

    /// A number with more than one mark, whose whole digits `digits` end at `start` (the
    /// first mark): its value, end and style when it is written as `language` groups
    /// thousands, one to three digits not starting with 0, groups of three after the
    /// thousands separator, and at most one decimal mark, last (`1,234.5` and `1,000,000` in
    /// English, `1.000,5` in Portuguese or German); else nil: it cannot be read one way only
    /// (`1.000,5` in English, `1,234.5` in Portuguese, `1.2.3`), so it is no amount, and no
    /// part of it is taken for one. Read as a decimal up to its second mark (`1,234` of
    /// `1,234.5` as 1.234), it was scaled with the rest of the number glued back on after it
    /// (`1,234.5 g` doubled was `2.5 g`).
    private static func groupedNumber(_ s: [Unicode.Scalar], at start: Int, digits: [UInt8], language: String?,
                                      through second: Int) throws(RationalError) -> (Rational, Int, AmountStyle)? {
        guard let (thousands, decimal) = marks(language), digits.count <= 3, digits.first != UInt8(ascii: "0") else { return nil }
        var whole = digits
        var fraction: [UInt8]?
        var i = start
        while i + 1 < s.count, s[i] == "." || s[i] == ",", isDigit(s[i + 1]) {
            guard fraction == nil else { return nil }  // a mark after the decimal one
            var j = i + 1
            var group: [UInt8] = []
            while j < s.count, isDigit(s[j]) { group.append(UInt8(s[j].value)); j += 1 }
            if s[i] == thousands, group.count == 3 {
                whole += group
            } else if s[i] == decimal, i >= second {
                fraction = group
            } else {
                return nil
            }
            i = j
        }
        var style = AmountStyle()
        guard let fraction else { return (try parse(whole), i, style) }
        style.decimalSeparator = Character(decimal)
        return (try parse(whole + [UInt8(ascii: ".")] + fraction), i, style)
    }

    /// The number at `start` when it has more than one mark and cannot be read one way only
    /// in `language` (`1.000,5` in English): its text, for a note; nil for anything else.
    static func unreadableGroupedNumber(_ s: [Unicode.Scalar], at start: Int, language: String?) -> String? {
        var i = start
        while i < s.count, isDigit(s[i]) { i += 1 }
        guard i > start, i + 1 < s.count, s[i] == "." || s[i] == ",", isDigit(s[i + 1]), secondMark(s, after: i) != nil else { return nil }
        if case .some = try? scanNumber(s, at: start, language: language) { return nil }
        var end = i
        while end + 1 < s.count, s[end] == "." || s[end] == ",", isDigit(s[end + 1]) {
            end += 1
            while end < s.count, isDigit(s[end]) { end += 1 }
        }
        return String(String.UnicodeScalarView(s[start..<end]))
    }

    /// Why the number `written` (``unreadableGroupedNumber(_:at:language:)``) is not read,
    /// for a note: what its marks mean in `language`.
    static func groupingProblem(_ written: String, language: String?) -> String {
        guard let (thousands, decimal) = marks(language) else {
            return "the number '\(written)' has more than one mark, and which is the decimal one is not clear"
        }
        let how = "\(thousands == "," ? "a comma" : "a point") for thousands and \(decimal == "," ? "a comma" : "a point") for decimals"
        let example = thousands == "," ? "1,234.5" : "1.234,5"
        let text = language.map { "\($0) text" } ?? "English"
        return "the number '\(written)' is not written as \(text) writes numbers, with \(how) (\(example))"
    }

    /// `n/d` at `i` with both parts digits and d > 0.
    static func scanSlashFraction(_ s: [Unicode.Scalar], at start: Int) -> (Int, Int, Int)? {
        var i = start
        var n = 0
        var count = 0
        while i < s.count, isDigit(s[i]), count < 9 { n = n * 10 + Int(s[i].value - 48); i += 1; count += 1 }
        guard count > 0, i < s.count, s[i] == "/" || s[i] == "\u{2044}" else { return nil }
        i += 1
        var d = 0
        count = 0
        while i < s.count, isDigit(s[i]), count < 9 { d = d * 10 + Int(s[i].value - 48); i += 1; count += 1 }
        guard count > 0, d > 0, !(i < s.count && isDigit(s[i])) else { return nil }
        return (n, d, i)
    }

    private static func parse(_ ascii: [UInt8]) throws(RationalError) -> Rational {
        let value = try ascii.withUnsafeBufferPointer { buffer throws(RationalError) in
            try Rational.parseDecimal(buffer)
        }
        guard let value else { throw .overflow(String(decoding: ascii, as: UTF8.self)) }
        return value.asMeant
    }

    /// The words that join the two ends of a range, per language (besides dashes).
    static let rangeWords: Set<String> = ["to", "or", "a", "ou", "o", "à", "bis", "-"]

    /// The words that join a whole number and its fraction ("1 and 1/2").
    static let mixedJoiners: Set<String> = ["and", "e", "y", "et", "und"]

    /// A fraction after a whole number that ends at `end`, joined by a word of
    /// ``mixedJoiners`` ("and 1/2", "e ½", "and a half"): its value, where it ends and how
    /// it was written; nil when none follows.
    static func mixedFraction(_ s: [Unicode.Scalar], after end: Int, language: String?) throws(RationalError) -> (Rational, Int, AmountStyle.Fractions)? {
        guard end < s.count, isSpace(s[end]) else { return nil }
        let wordStart = skipSpaces(s, end)
        var k = wordStart
        while k < s.count, isLetter(s[k]) { k += 1 }
        guard k > wordStart, k < s.count, isSpace(s[k]),
              mixedJoiners.contains(String(String.UnicodeScalarView(s[wordStart..<k])).lowercased()) else { return nil }
        let m = skipSpaces(s, k)
        if let (fraction, end2, style2) = try scanNumber(s, at: m, language: language), style2.fractions != .none,
           fraction > Rational(0), fraction < Rational(1) {
            return (fraction, end2, style2.fractions)
        }
        // "and a half", "and half", "e meia", "y media", "e mezzo", "und eine halbe", "et
        // demi": a half in words, after at most one other word.
        var words: [String] = []
        var w = m
        while words.count < 2, w < s.count, isLetter(s[w]) {
            var e = w
            while e < s.count, isLetter(s[e]) { e += 1 }
            words.append(String(String.UnicodeScalarView(s[w..<e])).lowercased())
            // A word of its own ("half-and-half" is cream, "meio-gordo" no half).
            if NumberWords.isHalf(words.last!, language: language), e == s.count || !(s[e] == "-" || s[e] == "\u{2010}") {
                return (try Rational(1, 2), e, .none)
            }
            w = skipSpaces(s, e)
        }
        return nil
    }

    /// An amount at `i`: a number, or a range of two numbers.
    static func scanAmount(_ s: [Unicode.Scalar], at start: Int, language: String?) throws(RationalError) -> Scanned? {
        guard var (first, end, style) = try scanNumber(s, at: start, language: language) else { return nil }
        let written = { (r: Range<Int>) in String(String.UnicodeScalarView(s[r])) }
        // "1-1/2", "1-½": a whole number and a fraction joined by a hyphen, as US recipes
        // write one and a half (a range would run backwards); it may start a range itself.
        if end < s.count, s[end] == "-", first.isInteger, first >= Rational(1),
           let (fraction, end2, style2) = try scanNumber(s, at: end + 1, language: language),
           style2.fractions != .none, fraction < Rational(1), fraction > Rational(0) {
            first = try first + fraction
            end = end2
            style.fractions = style2.fractions
        }
        // "1 and 1/2 cups", "1 e ½ chávena", "2 y 1/2", "1 and a half cups": a whole number and
        // a fraction joined by a word, as one and a half is said (scaled, "1 and 1/2 cups"
        // became "2 and 1/2 cups", the fraction left as written).
        if first.isInteger, first >= Rational(1), let (fraction, end2, fractions) = try mixedFraction(s, after: end, language: language) {
            first = try first + fraction
            end = end2
            if fractions != .none { style.fractions = fractions }
        }
        // A range: "2-3", "2 - 3", "2–3", "2 to 3", "4 a 5".
        var j = skipSpaces(s, end)
        if j < s.count {
            var afterJoin: Int?
            if s[j] == "-" || s[j] == "\u{2013}" || s[j] == "\u{2014}" {
                afterJoin = j + 1
            } else if isLetter(s[j]) {
                var k = j
                while k < s.count, isLetter(s[k]) { k += 1 }
                let word = String(String.UnicodeScalarView(s[j..<k])).lowercased()
                if k < s.count, isSpace(s[k]), rangeWords.contains(word) { afterJoin = k }
            }
            if let afterJoin {
                j = skipSpaces(s, afterJoin)
                if let (second, end2, _) = try? scanNumber(s, at: j, language: language), first > second {
                    // Down to zero: turned round it would start at zero, no amount either.
                    if second.numerator == 0 {
                        return Scanned(amount: .exact(first), end: end, style: style, problem: .notPositive(written(start..<end2)), problemEnd: end2)
                    }
                    return Scanned(amount: .exact(first), end: end, style: style,
                                   problem: .reversedRange(lower: written(start..<end), upper: written(j..<end2)), problemEnd: end2)
                }
                if let (second, end2, style2) = try scanNumber(s, at: j, language: language), first <= second {
                    var merged = style
                    if style2.fractions != .none { merged.fractions = style2.fractions }
                    if style2.decimalSeparator != nil { merged.decimalSeparator = style2.decimalSeparator }
                    merged.rangeJoin = String(String.UnicodeScalarView(s[end..<j]))
                    var scanned = Scanned(amount: .range(first, second), end: end2, style: merged)
                    // A range that goes on ("1-1-1-2 cups", "1-2-3 eggs") is no amount: read as
                    // the range "1-1", the line was scaled with the rest taken for its name
                    // ("2-1-2 cups water"). The quote stops at the third number, so a caller
                    // that reads an amount at each number of a line does not read the rest.
                    if let third = Self.numberAfterDash(s, at: end2) {
                        scanned.problem = .unreadable(written(start..<third))
                        scanned.problemEnd = third
                    }
                    return scanned
                }
            }
        }
        var scanned = Scanned(amount: .exact(first), end: end, style: style)
        // "1/0", "1 1/0": the number stops before the fraction, as no fraction has a zero
        // denominator (nor one of ten digits).
        var slash = end
        if slash < s.count, isSpace(s[slash]) {
            slash = skipSpaces(s, slash)
            guard slash < s.count, isDigit(s[slash]) else { return scanned }
            while slash < s.count, isDigit(s[slash]) { slash += 1 }
        }
        if slash + 1 < s.count, s[slash] == "/" || s[slash] == "\u{2044}", isDigit(s[slash + 1]) {
            var k = slash + 1
            while k < s.count, isDigit(s[k]) { k += 1 }
            let fraction = String(String.UnicodeScalarView(s[start..<k]))
            scanned.problem = s[(slash + 1)..<k].allSatisfy { $0 == "0" } ? .zeroDenominator(fraction) : .unreadable(fraction)
            scanned.problemEnd = k
        }
        return scanned
    }

    /// Where the digits of a number end that follows a dash at `i` (spaces around the
    /// dash allowed: `-3`, ` - 3`, `–3`); nil when no dash and digit follow.
    static func numberAfterDash(_ s: [Unicode.Scalar], at i: Int) -> Int? {
        let dash = skipSpaces(s, i)
        guard dash < s.count, s[dash] == "-" || s[dash] == "\u{2013}" || s[dash] == "\u{2014}" else { return nil }
        var k = skipSpaces(s, dash + 1)
        guard k < s.count, isDigit(s[k]) else { return nil }
        while k < s.count, isDigit(s[k]) || s[k] == "/" || s[k] == "\u{2044}" { k += 1 }
        return k
    }
}

/// Why a quantity is no amount Larder can scale, as written.
public enum QuantityProblem: Sendable, Hashable, CustomStringConvertible {
    /// A fraction whose denominator is zero (`1/0`).
    case zeroDenominator(String)
    /// A range whose second end is smaller than its first (`3-2`, `5 to 1`): the two ends
    /// as written.
    case reversedRange(lower: String, upper: String)
    /// Zero, or a range from zero: an ingredient's amount is above zero.
    case notPositive(String)
    /// An amount with a minus sign (`-2`, `−½`), as written, sign included.
    case negative(String)
    /// Text that is not an amount Larder reads (`1 3/2`, a fraction with ten digits).
    case unreadable(String)
    /// A number with more digits than Larder computes with exactly.
    case tooLarge(String)

    /// True for text that is no amount at all (``unreadable(_:)``).
    public var isUnreadable: Bool { if case .unreadable = self { true } else { false } }

    /// What is wrong, without the fix (`the fraction 1/0 has a zero denominator`).
    public var summary: String {
        switch self {
        case .zeroDenominator(let fraction): "the fraction \(fraction) has a zero denominator"
        case .reversedRange(let lower, let upper): "the range runs backwards, from \(lower) down to \(upper)"
        case .notPositive(let text): "\(text) is not above zero"
        case .negative(let text): "\(text) is below zero"
        case .unreadable(let text): "'\(text)' is not an amount Larder can read"
        case .tooLarge(let text): "\(text) has more digits than Larder computes with exactly"
        }
    }

    /// What is wrong and how to fix it, in a sentence a person can act on.
    public var description: String {
        switch self {
        case .zeroDenominator: "\(summary), so it is no amount; write the amount meant (1/2, 1 1/2)"
        case .reversedRange(let lower, let upper): "\(summary); write the smaller amount first (\(upper)-\(lower))"
        case .notPositive: "\(summary), and an amount is; write the amount, or leave the quantity out"
        case .negative(let text):
            "\(summary), and an amount cannot be negative; write it without the minus sign (\(String(String.UnicodeScalarView(text.unicodeScalars.dropFirst())))), or leave the quantity out"
        case .unreadable: "\(summary); write a number (1.5), a fraction (1/2, 1 1/2, ½) or a range (2-3)"
        case .tooLarge: "\(summary); write a smaller number"
        }
    }
}

extension Amount {
    /// Why `text`, a structured ingredient's quantity, is no amount Larder can scale: not
    /// read as an amount, a zero denominator, a range that runs backwards, or not above
    /// zero. Nil when it reads as an amount above zero.
    ///
    ///     Amount.problem(in: "1 1/2")   // nil
    ///     Amount.problem(in: "3-2")     // .reversedRange(lower: "3", upper: "2")
    ///     Amount.problem(in: "1/0")     // .zeroDenominator("1/0")
    ///     Amount.problem(in: "0")       // .notPositive("0")
    ///
    /// `language` reads the text as ``init(parsing:language:)`` does (`"1,000-2"` runs
    /// backwards in English and is 1-2 in Portuguese).
    public static func problem(in text: String, language: String? = nil) -> QuantityProblem? {
        let scalars = Array(text.unicodeScalars)
        let lead = AmountScanner.skipSpaces(scalars, 0)
        let trimmed = String(String.UnicodeScalarView(scalars[lead...])).trimmingTrailingSpaces
        let scanned: AmountScanner.Scanned?
        do {
            scanned = try AmountScanner.scanAmount(scalars, at: lead, language: language)
        } catch {
            return .tooLarge(trimmed)
        }
        guard let scanned else {
            // "-2", "−½": an amount with a minus sign, which is below zero, not unreadable.
            if lead + 1 < scalars.count, AmountScanner.isMinus(scalars[lead]),
               let unsigned = try? AmountScanner.scanAmount(scalars, at: lead + 1, language: language), unsigned.problem == nil,
               AmountScanner.skipSpaces(scalars, unsigned.end) == scalars.count {
                return unsigned.amount.upper.isZero ? .notPositive(trimmed) : .negative(trimmed)
            }
            return .unreadable(trimmed)
        }
        if let problem = scanned.problem { return problem }
        guard AmountScanner.skipSpaces(scalars, scanned.end) == scalars.count else { return .unreadable(trimmed) }
        guard scanned.amount.lower > Rational(0) else { return .notPositive(trimmed) }
        return nil
    }

    /// Why the amount that starts the free-text ingredient `text` (`1/0 cup flour`, `3-2
    /// eggs`) is no amount to scale: a zero denominator or a range that runs backwards, which
    /// the scale transform leaves as written. Nil when the line starts with no such amount.
    /// Looks at the start of the line only.
    public static func leadingProblem(in text: String) -> QuantityProblem? {
        guard mayStartWithProblem(text) else { return nil }
        // An amount, its range and a slash fit in the line's first scalars.
        let scalars = Array(text.unicodeScalars.prefix(48))
        let lead = AmountScanner.skipSpaces(scalars, 0)
        return (try? AmountScanner.scanAmount(scalars, at: lead, language: nil))?.problem
    }
}

extension Amount {
    /// False when `text` cannot start with an amount ``leadingProblem(in:)`` reports, told
    /// from its first bytes with nothing allocated: most lines start with a word (`salt to
    /// taste`) or a plain count and its unit (`4 slices of bread`, `30 ml gin`). True when
    /// the first number is followed by a slash, a dash, another number, a range word (`to`,
    /// `a`) or anything not ASCII; the scanner then decides.
    static func mayStartWithProblem(_ text: String) -> Bool {
        let bytes = text.utf8
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        var i = bytes.startIndex
        while i != bytes.endIndex, isSpace(bytes[i]) { i = bytes.index(after: i) }
        guard i != bytes.endIndex else { return false }
        if bytes[i] >= 0x80 { return true }  // a vulgar fraction (½)
        guard isDigit(bytes[i]) else { return false }
        while i != bytes.endIndex, isDigit(bytes[i]) || bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",") { i = bytes.index(after: i) }
        while i != bytes.endIndex, isSpace(bytes[i]) { i = bytes.index(after: i) }
        guard i != bytes.endIndex else { return false }
        let b = bytes[i]
        if b == UInt8(ascii: "/") || b == UInt8(ascii: "-") || b >= 0x80 || isDigit(b) { return true }
        guard isLetter(b) else { return false }
        // A range word: to, or, a, o, ou, bis (the scanner's; `à` is not ASCII).
        // The word's lower-cased bytes packed in one number (none of them is 0).
        var word: UInt32 = 0, length = 0
        while i != bytes.endIndex, isLetter(bytes[i]), length < 4 {
            word = word << 8 | UInt32(bytes[i] | 0x20)
            length += 1
            i = bytes.index(after: i)
        }
        guard length < 4, i != bytes.endIndex, isSpace(bytes[i]) else { return false }
        switch word {
        case 0x746F, 0x6F72, 0x61, 0x6F, 0x6F75, 0x626973: return true  // to, or, a, o, ou, bis
        default: return false
        }
    }
}

/// An amount of a free-text ingredient line that is no amount (``Amount/lineProblem(in:)``).
public struct LineAmountProblem: Sendable, Hashable {
    /// What is wrong.
    public var problem: QuantityProblem
    /// True when the amount starts the line (the one `larder scale` reads and would scale).
    public var isLeading: Bool

    public init(_ problem: QuantityProblem, isLeading: Bool) {
        self.problem = problem
        self.isLeading = isLeading
    }
}

extension Amount {
    /// The first amount of the free-text ingredient `text` that is no amount, wherever it
    /// is in the line: a fraction with a zero denominator (`1/0 cup flour`, `salt, 1/0
    /// tsp`), a range that runs backwards (`3-2 eggs`, `2 eggs and 3-2 ml milk`), a fraction
    /// that is none (`1 3/2 cups`), or zero of a unit (`0 g sugar`, `flour, 0 g`, `2 eggs and
    /// 0 ml milk`). Nil when there is none.
    ///
    /// The amount that starts the line is read as ``leadingProblem(in:)`` reads it, and a
    /// zero denominator anywhere (no fraction has one); so is a count of zero there (`0
    /// limes`, `0 (14 oz) can tomatoes`) and a minus sign on it (`-2 cups flour`, `−½ tsp
    /// salt`; not a dash a space follows, `- 2 cups flour`). Elsewhere in the line a number is
    /// taken for an amount only when a unit of weight, volume or count follows it (`0 ml`,
    /// `3-2 ml`), so other numbers pass: `00 flour`, `tipo 0 flour`, `2 to 1 ratio`, `0:30`,
    /// `0 °C`, `0 min`, `2% milk`; and so does a zero that is part of a larger amount (`1 lb
    /// 0 oz`) or the lower end of a range (`0-2 tbsp`). An amount starts a line, or follows
    /// a space, `(`, `[`, `,`, `;`, `+`, `~`, `&` or `"`.
    ///
    /// - Complexity: O(length of the line); ``mayHaveLineProblem(utf8:)`` answers most
    ///   lines from their bytes first.
    public static func lineProblem(in text: String) -> LineAmountProblem? {
        let s = Array(text.unicodeScalars)
        let lead = AmountScanner.skipSpaces(s, 0)
        var i = lead
        if let scanned = try? AmountScanner.scanAmount(s, at: lead, language: nil) {
            if let problem = scanned.problem { return LineAmountProblem(problem, isLeading: true) }
            if let zero = zeroOfAUnit(s, start: lead, scanned) ?? zeroCount(s, start: lead, scanned) { return LineAmountProblem(zero, isLeading: true) }
            i = scanned.end
        } else if let negative = negativeAmount(s, start: lead) {
            return LineAmountProblem(negative, isLeading: true)
        }
        while i < s.count {
            let c = s[i]
            // A digit or a vulgar fraction (¼ ½ ¾, ⅐ to ⅞), told by its value before a look-up.
            guard AmountScanner.isDigit(c) || ((0xBC...0xBE).contains(c.value) || (0x2150...0x215E).contains(c.value))
            else { i += 1; continue }
            // Three digits after a digit and a space are a group of thousands ("1 000 g" in
            // French, "1\u{202F}000 g"), not an amount of their own: "000 g" was "not above zero".
            if i >= 2, AmountScanner.isSpace(s[i - 1]) || s[i - 1] == "\u{00A0}" || s[i - 1] == "\u{202F}", AmountScanner.isDigit(s[i - 2]),
               i + 2 < s.count, AmountScanner.isDigit(s[i + 1]), AmountScanner.isDigit(s[i + 2]),
               !(i + 3 < s.count && AmountScanner.isDigit(s[i + 3])) {
                i += 3
                continue
            }
            guard i == 0 || isAmountBoundary(s[i - 1]), let scanned = try? AmountScanner.scanAmount(s, at: i, language: nil) else {
                // Inside a word or a number (`B12`, `0:30`), or too many digits: past them.
                i += 1
                while i < s.count, AmountScanner.isDigit(s[i]) { i += 1 }
                continue
            }
            if let problem = scanned.problem {
                if case .zeroDenominator = problem { return LineAmountProblem(problem, isLeading: false) }
                if let end = scanned.problemEnd, unit(s, at: AmountScanner.skipSpaces(s, end)) != nil {
                    return LineAmountProblem(problem, isLeading: false)
                }
            } else if let zero = zeroOfAUnit(s, start: i, scanned) {
                return LineAmountProblem(zero, isLeading: false)
            }
            i = max(i + 1, scanned.problemEnd ?? scanned.end)
        }
        return nil
    }

    /// True when the scalar before a number lets it start an amount.
    static func isAmountBoundary(_ s: Unicode.Scalar) -> Bool {
        AmountScanner.isSpace(s) || s == "(" || s == "[" || s == "," || s == ";" || s == "+" || s == "~" || s == "&" || s == "\""
    }

    /// `0 g`, `0ml`, `0 cloves` at `start` (scanned as `scanned`): not above zero. Nil for
    /// any other amount, for a zero no unit of weight, volume or count follows (`00 flour`,
    /// `0 °C`, `0:30`), and for one that follows such a unit (`1 lb 0 oz`).
    private static func zeroOfAUnit(_ s: [Unicode.Scalar], start: Int, _ scanned: AmountScanner.Scanned) -> QuantityProblem? {
        guard scanned.problem == nil, case .exact(let v) = scanned.amount, v == Rational(0) else { return nil }
        guard let unitEnd = unit(s, at: AmountScanner.skipSpaces(s, scanned.end)) else { return nil }
        // The second part of an amount in two units: `1 lb 0 oz`, `1 kg 0 g`.
        var k = start
        while k > 0, AmountScanner.isSpace(s[k - 1]) { k -= 1 }
        if k < start {
            var word = k
            while word > 0, UnitLexicon.isWordScalar(s[word - 1]) || s[word - 1] == "." { word -= 1 }
            if word < k, let end = unit(s, at: word), AmountScanner.skipSpaces(s, end) == start { return nil }
        }
        return .notPositive(String(String.UnicodeScalarView(s[start..<unitEnd])))
    }

    /// A line that starts with a count of zero and a word (`0 limes`, `0.0 eggs`), or a
    /// size in brackets and a word (`0 (14 oz) can tomatoes`, as `1 (14 oz) can` is one
    /// can): `larder scale` reads the zero as the line's amount and cannot scale it. Nil for
    /// `00 flour` (a flour's grade), for a zero no letter follows after a space or a closed
    /// bracket (`0% milk`, `0:30`, `0 °C`, `0 (14 oz)`), and for a zero that describes the
    /// next word (`0 calorie sweetener`, `0 fat yogurt`, `0 (0%) fat yogurt`).
    private static func zeroCount(_ s: [Unicode.Scalar], start: Int, _ scanned: AmountScanner.Scanned) -> QuantityProblem? {
        guard scanned.problem == nil, case .exact(let v) = scanned.amount, v == Rational(0) else { return nil }
        let written = String(String.UnicodeScalarView(s[start..<scanned.end]))
        guard !written.hasPrefix("00"), scanned.end < s.count else { return nil }
        var word = AmountScanner.skipSpaces(s, scanned.end)
        if word < s.count, s[word] == "(" {
            guard let close = s[word...].firstIndex(of: ")") else { return nil }
            word = AmountScanner.skipSpaces(s, close + 1)
        } else {
            guard AmountScanner.isSpace(s[scanned.end]) else { return nil }
        }
        guard word < s.count, s[word].properties.isAlphabetic else { return nil }
        var end = word
        while end < s.count, s[end].properties.isAlphabetic { end += 1 }
        let next = String(String.UnicodeScalarView(s[word..<end])).lowercased()
        guard !describingZero.contains(next) else { return nil }
        return .notPositive(written)
    }

    /// A line that starts with a minus sign on an amount and a unit or a word after it
    /// (`-2 cups flour`, `−½ tsp salt`, `-2 eggs`, `-1 (14 oz) can tomatoes`): below zero,
    /// and `larder scale` reads no amount in it. Nil for a dash a space follows (`- 2 cups
    /// flour`, a list's bullet), and for a number no unit of weight, volume or count follows,
    /// nor a word or a bracket after a space (`-18 °C`, `-5%`).
    static func negativeAmount(_ s: [Unicode.Scalar], start: Int) -> QuantityProblem? {
        guard start + 1 < s.count, AmountScanner.isMinus(s[start]),
              let scanned = try? AmountScanner.scanAmount(s, at: start + 1, language: nil) else { return nil }
        let end = scanned.problemEnd ?? scanned.end
        let next = AmountScanner.skipSpaces(s, end)
        guard next < s.count, unit(s, at: next) != nil || (next > end && (s[next].properties.isAlphabetic || s[next] == "(")) else { return nil }
        // "-1/0 cup": what is wrong with the amount itself comes first.
        if let problem = scanned.problem { return problem }
        let written = String(String.UnicodeScalarView(s[start..<end]))
        return scanned.amount.upper.isZero ? .notPositive(written) : .negative(written)
    }

    /// Words a leading zero describes rather than counts (`0 calorie sweetener`).
    private static let describingZero: Set<String> = [
        "calorie", "calories", "cal", "kcal", "fat", "sugar", "sugars", "carb", "carbs", "sodium", "salt", "percent", "proof", "alcohol",
    ]

    /// The end of the unit of weight, volume or count at `start` (`g`, `ml`, `cups`,
    /// `cloves`, in any language Larder reads), or nil.
    private static func unit(_ s: [Unicode.Scalar], at start: Int) -> Int? {
        guard let m = UnitLexicon.standard.match(s, at: start, language: nil) else { return nil }
        switch m.word.unit.dimension {
        case .mass, .volume, .count: return m.end
        default: return nil
        }
    }

    /// False when the UTF-8 text of an ingredient line (`utf8`) holds no amount
    /// ``lineProblem(in:)`` reports, told from its bytes with nothing allocated: true when
    /// a number that starts an amount is zero and a letter or a bracket follows it, or is
    /// followed by a slash, a dash, another number, a range word (`to`, `or`, `a`, `o`, `ou`,
    /// `bis`) or anything not ASCII; for a vulgar fraction (`½`); and for a minus sign on a
    /// number (`-2`, `−2`). Most lines are a plain count and
    /// its unit (`4 slices of bread`, `30 ml gin`), or words (`salt to taste`).
    public static func mayHaveLineProblem(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        @inline(__always) func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        @inline(__always) func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
        @inline(__always) func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        // The boundaries of ``isAmountBoundary(_:)``; any byte of a character not ASCII
        // (a no-break space among them) may be one.
        @inline(__always) func isBoundary(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ";"),
                 UInt8(ascii: "+"), UInt8(ascii: "~"), UInt8(ascii: "&"), UInt8(ascii: "\""): true
            default: b >= 0x80
            }
        }
        let n = bytes.count
        var i = 0
        while i < n {
            let b = bytes[i]
            // Most bytes are letters: a digit, the first byte of a vulgar fraction, or a
            // minus sign, first.
            guard isDigit(b) || b == 0xC2 || b == 0xE2 || b == UInt8(ascii: "-"), i == 0 || isBoundary(bytes[i - 1]) else { i += 1; continue }
            // A minus sign on a number: `-2`, `-½` (the bytes of ½ are not ASCII), `−2` (E2 88 92).
            if b == UInt8(ascii: "-") {
                if i + 1 < n, isDigit(bytes[i + 1]) || bytes[i + 1] >= 0x80 { return true }
                i += 1
                continue
            }
            if b == 0xE2, i + 2 < n, bytes[i + 1] == 0x88, bytes[i + 2] == 0x92 { return true }
            // ½ (C2 BD), ¼, ¾ (C2 BC, BE), ⅐ to ⅞ (E2 85 90 to 9E).
            if b == 0xC2, i + 1 < n, (0xBC...0xBE).contains(bytes[i + 1]) { return true }
            if b == 0xE2, i + 2 < n, bytes[i + 1] == 0x85, (0x90...0x9E).contains(bytes[i + 2]) { return true }
            guard isDigit(b) else { i += 1; continue }
            var zero = true
            var j = i
            while j < n {
                if isDigit(bytes[j]) {
                    if bytes[j] != UInt8(ascii: "0") { zero = false }
                } else if !((bytes[j] == UInt8(ascii: ".") || bytes[j] == UInt8(ascii: ",")) && j + 1 < n && isDigit(bytes[j + 1])) {
                    break
                }
                j += 1
            }
            var k = j
            while k < n, isSpace(bytes[k]) { k += 1 }
            i = j
            guard k < n else { continue }
            let next = bytes[k]
            if next == UInt8(ascii: "/") || next == UInt8(ascii: "-") || next >= 0x80 || (k > j && isDigit(next)) { return true }
            // A zero before a size in brackets: `0 (14 oz) can`.
            if zero, next == UInt8(ascii: "(") { return true }
            guard isLetter(next) else { continue }
            if zero { return true }
            // A range word: to, or, a, o, ou, bis, with a space after it.
            var word: UInt32 = 0, length = 0
            while k < n, isLetter(bytes[k]), length < 4 {
                word = word << 8 | UInt32(bytes[k] | 0x20)
                length += 1
                k += 1
            }
            guard length < 4, k < n, isSpace(bytes[k]) else { continue }
            switch word {
            case 0x746F, 0x6F72, 0x61, 0x6F, 0x6F75, 0x626973: return true  // to, or, a, o, ou, bis
            default: continue
            }
        }
        return false
    }
}

extension UnitLexicon {
    /// The words of the standard units (US customary), made on first use.
    static let standard = UnitLexicon(kitchen: .standard)
}

extension String {
    /// The text without the spaces that end it.
    fileprivate var trimmingTrailingSpaces: String {
        var scalars = Array(unicodeScalars)
        while let last = scalars.last, AmountScanner.isSpace(last) { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}

/// How an amount was written, so a rewritten amount reads like the original: Unicode or
/// ASCII fractions, the decimal separator, the range joiner.
public struct AmountStyle: Sendable, Hashable {
    /// How fractions were written.
    public enum Fractions: Sendable, Hashable {
        /// No fraction in the original (whole numbers or decimals).
        case none
        /// `1/2`, `1 1/2`.
        case ascii
        /// `½`, `1½`.
        case vulgar
    }

    /// How fractions were written.
    public var fractions: Fractions
    /// `.` or `,` when the original had a decimal; nil otherwise.
    public var decimalSeparator: Character?
    /// `1 ½` rather than `1½`.
    public var spaceBeforeVulgar: Bool
    /// What joined a range, spaces included (`-`, ` to `, ` a `).
    public var rangeJoin: String

    /// A style; the default writes ASCII fractions, `.` decimals and `-` ranges.
    public init(fractions: Fractions = .none, decimalSeparator: Character? = nil, spaceBeforeVulgar: Bool = false, rangeJoin: String = "-") {
        self.fractions = fractions
        self.decimalSeparator = decimalSeparator
        self.spaceBeforeVulgar = spaceBeforeVulgar
        self.rangeJoin = rangeJoin
    }
}
