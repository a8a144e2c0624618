import Foundation
import LarderUnits

/// What a recipe makes, read from schema.org's `recipeYield` (`"8 servings"`, `"Serves 4"`,
/// `"24 cookies"`, `4`, `["8", "8 slices"]`) into what Larder's `servings` holds: a number
/// of people, or an amount with a unit.
///
///     RecipeYield.parse("8 servings")     // .servings(8)
///     RecipeYield.parse("Serves 4-6")     // .servings(4), isRange: the lower end is kept
///     RecipeYield.parse("8-6")            // .servings(6), isRange: a range written backwards
///     RecipeYield.parse("24 cookies")     // .amount(24, unit: "cookies")
///     RecipeYield.parse("1 1/2 loaves")   // .amount(1.5, unit: "loaves")
///     RecipeYield.parse("2 dozen cookies") // .amount(24, unit: "cookies")
///     RecipeYield.parse("1 9-inch pie")    // .amount(1, unit: "pie")
///     RecipeYield.parse("12 muffins, 1 loaf") // .amount(12, unit: "muffins"), unread: "1 loaf"
///     RecipeYield.parse("a crowd")        // nil
public struct RecipeYield: Sendable, Hashable {
    /// What the yield counts.
    public enum Value: Sendable, Hashable {
        /// A number of servings (people).
        case servings(Int)
        /// An amount of something else: 24 cookies, 1.5 loaves (the unit a slug).
        case amount(Decimal, unit: String)
    }

    public var value: Value
    /// True when the text gave a range (`4-6`) and only its lower end was kept.
    public var isRange: Bool
    /// True when the amount was rounded to the 3 decimals ``read(_:)`` keeps
    /// (`1.23456789 cakes` is 1.235 cakes, `1 1/3 loaves` 1.333).
    public var isRounded: Bool
    /// A second amount the text gives after the first, which a yield has no place for
    /// (`"12 muffins, 1 loaf"`: `"1 loaf"`), else nil.
    public var unread: String?

    public init(value: Value, isRange: Bool = false, isRounded: Bool = false, unread: String? = nil) {
        self.value = value
        self.isRange = isRange
        self.isRounded = isRounded
        self.unread = unread
    }

    /// Words that mean "servings" (English, Portuguese, Spanish, French, German, Italian).
    /// Spanish recipes count diners, `comensales` (they were a unit of that name).
    static let servingWords: Set<String> = [
        "serving", "servings", "serve", "serves", "portion", "portions", "people", "person", "persons", "pax",
        "porcao", "porcoes", "pessoa", "pessoas", "porcion", "porciones", "persona", "personas", "racion",
        "raciones", "comensal", "comensales", "personne", "personnes", "part", "parts", "portionen", "personen",
        "porzione", "porzioni", "persone",
    ]

    /// Words before the amount that make it a number of people ("Serves 4", "Feeds 6",
    /// "Sirve 4"), whatever follows it.
    static let servingLeads: Set<String> = ["serves", "serve", "feeds", "feed", "sirve", "sirven", "servem"]

    /// Why a text gives no yield.
    public enum ReadError: Error, Sendable, Hashable {
        /// No amount at all (`"a crowd"`, `"servings"`).
        case noAmount
        /// An amount that is no yield, and why: `"-4"` "is below zero", `"1e9"` "is written
        /// with an exponent", `"0 servings"` "is 0".
        case unusable(String)
    }

    /// The yield a text gives, or nil when it gives none (``read(_:)`` says why).
    public static func parse(_ text: String) -> RecipeYield? {
        try? read(text)
    }

    /// The yield a text gives, its amount rounded to 3 decimals (``isRounded`` says when that
    /// changed it); throws when it gives no amount, or one that is no yield (below zero, 0 or
    /// 0 once rounded, a number with an exponent).
    public static func read(_ text: String) throws(ReadError) -> RecipeYield {
        let cleaned = ImportText.clean(text)
        let scalars = Array(cleaned.unicodeScalars)
        // The amount starts at the first digit or vulgar fraction ("Serves 4", "Makes ½ cup").
        guard let start = scalars.firstIndex(where: { isDigit($0) || vulgar.contains($0) }) else { throw .noAmount }
        // "-4", "Serves -4": a minus sign right before the amount, at the start or after a
        // space, `:` or `(` (it was read as 4; "Serves-4" is a hyphen).
        if start > 0, ["-", "\u{2212}", "\u{2012}", "\u{2013}"].contains(scalars[start - 1]),
           start == 1 || [" ", ":", "("].contains(scalars[start - 2]) {
            throw .unusable("is below zero, and a recipe makes more than nothing")
        }
        // The amount: the longest run from there that reads as one ("4", "1 1/2", "4-6",
        // "4 to 6"), not cut inside a number.
        var found: (amount: Amount, end: Int)?
        var tooLarge: Int?  // where a run ends that is a number with too many digits
        var end = start + 1
        while end <= min(scalars.count, start + 24) {
            let cutsNumber = end < scalars.count && (isDigit(scalars[end]) || vulgar.contains(scalars[end]) || scalars[end] == "/")
            if !cutsNumber {
                do {
                    if let amount = try Amount(parsing: String(String.UnicodeScalarView(scalars[start..<end]))) { found = (amount, end) }
                } catch {
                    tooLarge = end
                }
            }
            end += 1
        }
        // "99999999999999999999999": a number, but not one Larder computes with exactly (it
        // was "no amount"; the same digits as a JSON number were kept).
        var digitsEnd = start
        while digitsEnd < scalars.count, isDigit(scalars[digitsEnd]) { digitsEnd += 1 }
        if digitsEnd - start > 19 || (tooLarge.map { $0 > found?.end ?? start } ?? false) { throw .unusable(tooManyDigits) }
        guard var (amount, amountEnd) = found else { throw .noAmount }
        // A range written backwards ("8-6", "12 to 8 cookies") is the range it names: its
        // lower end is kept, as for "6-8" (it was 8 of a unit "6").
        if !amount.isRange, let (other, otherEnd) = rangeEnd(scalars, after: amountEnd), other < amount.lower {
            amount = .range(other, amount.lower)
            amountEnd = otherEnd
        }
        // "1e9", "2E+3": an exponent, not a unit named "e9" (it was 1 "e9").
        if amountEnd < scalars.count, scalars[amountEnd] == "e" || scalars[amountEnd] == "E" {
            var k = amountEnd + 1
            if k < scalars.count, scalars[k] == "+" || scalars[k] == "-" { k += 1 }
            if k < scalars.count, isDigit(scalars[k]) {
                throw .unusable("is a number written with an exponent; a yield is a count (such as \"8 servings\" or \"24 cookies\")")
            }
        }
        let rest = String(String.UnicodeScalarView(scalars[amountEnd...]))
        let isRange = amount.isRange
        let lower = amount.lower
        guard lower > .zero else { throw .unusable("is 0, and a recipe makes more than nothing") }
        guard var value = decimal(lower) else { throw .noAmount }
        // "0.0004 cakes" is above zero, but 0 to 3 decimals: no yield (it was kept as an
        // amount of 0, which the schema refused, and the recipe was not imported).
        guard value > .zero else {
            throw .unusable("is 0 once rounded to the 3 decimals a yield is read to, and a recipe makes more than nothing")
        }
        let isRounded = value * Decimal(lower.denominator) != Decimal(lower.numerator)
        // The unit: what follows, without a parenthesis ("1 loaf (9x5 inch)" -> "loaf").
        var unitText = rest
        while let open = unitText.firstIndex(of: "("), let close = unitText[open...].firstIndex(of: ")") {
            unitText.removeSubrange(open...close)
        }
        let unread: String?
        (unitText, unread) = unitWords(unitText)
        // A dozen is a number, not a unit: "2 dozen cookies" makes 24 cookies.
        var words = unitText.lowercased().split(whereSeparator: { !$0.isLetter }).map { Slug.make(String($0)) }
        if let first = words.first, dozenWords.contains(first) {
            value *= 12
            words.removeFirst()
            unitText = words.joined(separator: " ")
        }
        let unit = Slug.make(unitText)
        // "Serves 4 as a main course", "Feeds 6 generously": a count of people, whatever
        // follows (it was 4 of a unit "as-a-main-course").
        let before = String(String.UnicodeScalarView(scalars[..<start])).lowercased()
            .split(whereSeparator: { !$0.isLetter }).map { Slug.make(String($0)) }
        let serves = before.last.map { servingLeads.contains($0) } ?? false
        if unit.isEmpty || serves || (words.first.map { servingWords.contains($0) } ?? false) {
            // After "Serves 4" anything goes ("serves 2, or 4 as a side").
            let unread = serves ? nil : unread
            if let whole = ImportNumber.int(value), whole >= 1 {
                return RecipeYield(value: .servings(whole), isRange: isRange, isRounded: isRounded, unread: unread)
            }
            return RecipeYield(value: .amount(value, unit: "servings"), isRange: isRange, isRounded: isRounded, unread: unread)
        }
        return RecipeYield(value: .amount(value, unit: unit), isRange: isRange, isRounded: isRounded, unread: unread)
    }

    /// Words that join a second amount to the first ("12 muffins or 1 loaf").
    static let joiningWords: Set<String> = ["or", "and", "plus", "+", "/", "&", "ou", "et", "o", "y", "e", "oder", "und"]

    /// Words of a size's unit of length ("9 inch", "23 cm").
    static let lengthWords: Set<String> = ["inch", "inches", "in", "in.", "cm", "mm", "\"", "″", "”"]

    /// The words of a yield's unit, from the text after its amount, and a second amount
    /// there (`"muffins, 1 loaf"`: `"muffins"` and `"1 loaf"`): a size before the unit is
    /// no part of it (`"9-inch pie"`, `"9x5 inch loaves"`, `"9 x 13 inch pan"` are a pie, loaves,
    /// a pan; it was `9-inch-pie`); the unit ends at a comma or semicolon, or before the next
    /// number (a second amount, which is returned when there is one); and `x` alone
    /// (`"4x"`) is no unit.
    static func unitWords(_ text: String) -> (unit: String, unread: String?) {
        var tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
        func isNumber(_ token: String) -> Bool { token.unicodeScalars.first.map { isDigit($0) || vulgar.contains($0) } ?? false }
        // A size: a number (with its unit: `9-inch`, `9"`, `9x5`), `x` or `by` and another,
        // and a unit of length.
        var start = 0
        while start < tokens.count, isNumber(tokens[start]) {
            start += 1
            while start + 1 < tokens.count, ["x", "×", "by"].contains(tokens[start].lowercased()), isNumber(tokens[start + 1]) { start += 2 }
            if start < tokens.count, lengthWords.contains(tokens[start].lowercased()) { start += 1 }
        }
        tokens.removeFirst(start)
        var end = tokens.count
        var restStart = tokens.count
        for (k, token) in tokens.enumerated() {
            if isNumber(token) {
                (end, restStart) = (k, k)
                break
            }
            if let last = token.last, last == "," || last == ";" {
                tokens[k].removeLast()
                (end, restStart) = (k + 1, k + 1)
                break
            }
        }
        var unit = Array(tokens[..<end])
        while let last = unit.last, joiningWords.contains(last.lowercased()) { unit.removeLast() }
        if unit.count == 1, ["x", "×"].contains(unit[0].lowercased()) { unit = [] }
        let rest = tokens[restStart...].joined(separator: " ")
        return (unit.joined(separator: " "), rest.unicodeScalars.contains(where: isDigit) ? rest : nil)
    }

    /// Why a number with more digits than Larder computes with exactly is no yield.
    public static let tooManyDigits = "has more digits than Larder computes with exactly; a yield is a count (such as \"8 servings\" or \"24 cookies\")"

    /// Whether a JSON number's value is one a yield can be: one Larder computes with exactly,
    /// as ``read(_:)`` reads the same digits written as text.
    public static func isExact(_ value: Decimal) -> Bool {
        (try? Amount(parsing: ImportNumber.literal(value))) != nil
    }

    /// "Dozen" in the six languages (`douzaines`, `dúzias` as slugs).
    static let dozenWords: Set<String> = ["dozen", "dozens", "duzia", "duzias", "docena", "docenas", "douzaine", "douzaines", "dutzend", "dozzina", "dozzine"]

    /// The yield of several texts (schema.org lets `recipeYield` repeat: `["8", "8 slices"]`):
    /// the first number of servings, or, when another text gives the same amount with a unit
    /// ("8 slices"), that one; with no number of servings, the first amount.
    public static func choose(_ yields: [RecipeYield]) -> RecipeYield? {
        guard let servings = yields.first(where: { if case .servings = $0.value { true } else { false } }) else {
            return yields.first
        }
        guard case .servings(let n) = servings.value else { return servings }
        let sameAmount = yields.first {
            if case .amount(let value, let unit) = $0.value { return value == Decimal(n) && unit != "servings" }
            return false
        }
        return sameAmount ?? servings
    }

    /// The words that join the ends of a range, besides dashes (as ``Amount`` reads them).
    static let rangeWords: Set<String> = ["to", "or", "a", "ou", "o", "à", "bis"]

    /// The second end of a range that follows an amount ending at `i` (`-6`, ` to 6`), and
    /// where it ends; nil when no dash or range word and amount follow.
    private static func rangeEnd(_ s: [Unicode.Scalar], after i: Int) -> (Rational, Int)? {
        var j = i
        while j < s.count, s[j] == " " { j += 1 }
        guard j < s.count else { return nil }
        if ["-", "\u{2013}", "\u{2014}"].contains(s[j]) {
            j += 1
        } else {
            var k = j
            while k < s.count, s[k].properties.isAlphabetic { k += 1 }
            guard k > j, k < s.count, s[k] == " ",
                  rangeWords.contains(String(String.UnicodeScalarView(s[j..<k])).lowercased()) else { return nil }
            j = k
        }
        while j < s.count, s[j] == " " { j += 1 }
        guard j < s.count, isDigit(s[j]) || vulgar.contains(s[j]) else { return nil }
        var found: (Rational, Int)?
        var end = j + 1
        while end <= min(s.count, j + 24) {
            let cutsNumber = end < s.count && (isDigit(s[end]) || vulgar.contains(s[end]) || s[end] == "/")
            if !cutsNumber, let amount = (try? Amount(parsing: String(String.UnicodeScalarView(s[j..<end])))) ?? nil, !amount.isRange {
                found = (amount.lower, end)
            }
            end += 1
        }
        return found
    }

    private static let vulgar: Set<Unicode.Scalar> = ["¼", "½", "¾", "⅐", "⅑", "⅒", "⅓", "⅔", "⅕", "⅖", "⅗", "⅘", "⅙", "⅚", "⅛", "⅜", "⅝", "⅞"]

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }

    private static func decimal(_ r: Rational) -> Decimal? {
        guard r.denominator != 0 else { return nil }
        var quotient = Decimal(r.numerator) / Decimal(r.denominator)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &quotient, 3, .plain)
        return rounded
    }
}
