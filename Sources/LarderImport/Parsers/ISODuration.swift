import Foundation

/// Why a value read from imported content could not be used.
public struct ImportValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in the user's terms: "'PT1H3OM' is not an ISO 8601 duration".
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// ISO 8601 durations as schema.org times hold them (`PT1H30M`, `P1DT2H`, `PT20M30S`),
/// read as whole minutes, which is what Larder's recipe `time` holds.
///
///     try ISODuration.minutes("PT1H30M")    // 90
///     try ISODuration.minutes("P0DT0H25M")  // 25
///     try ISODuration.minutes("PT1.5H")     // 90
///     try ISODuration.minutes("PT20M30S")   // 21 (seconds round to the nearest minute, half up)
///     try ISODuration.minutes("PT29S")      // 1 (a time under a minute is at least 1 minute)
///     try ISODuration.minutes("P0Y0M0DT0H20M0.000S")   // 20 (zero years and months)
///     try ISODuration.minutes("30 min")     // throws: not an ISO 8601 duration
///
/// Weeks (`P1W`), days, hours, minutes and seconds are read, with a decimal fraction
/// (`.` or `,`) on any of them. Years and months are rejected, they have no fixed length,
/// but for zero of them (`P0Y0M0DT0H20M0.000S`, as recipe plugins write every designator).
/// Designators must come in order, each once, and at least one must be given (`PT` alone
/// is not a duration). Lower-case designators are accepted.
///
/// Seconds and fractions round to the nearest minute, half up (`PT1M30S` and `PT90S` are
/// 2, `PT0.5M` is 1), but a duration with any number that is not zero is at least 1
/// minute: `PT29S` is a time that was given, short as it is, and 0 would be read as a
/// field not filled in. (It was 0 minutes, and imported as `"prep": 0`.)
///
/// A duration whose every number is zero (`PT0M`, `P0D`, `P0Y`) is 0 minutes, and
/// ``read(_:)`` says it is one: a recipe's time of zero is a field not filled in, which
/// the importer leaves out.
public enum ISODuration {
    /// The duration's length in whole minutes.
    public static func minutes(_ text: String) throws(ImportValueError) -> Int {
        try read(text).minutes
    }

    /// The duration's length in whole minutes, and whether every number it gives is zero
    /// (`PT0M`, `P0Y`, `P0DT0H0.0M`).
    public static func read(_ text: String) throws(ImportValueError) -> (minutes: Int, isZero: Bool) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        func fail(_ why: String) -> ImportValueError {
            ImportValueError("'\(text)' is not an ISO 8601 duration (such as PT1H30M): \(why)")
        }
        /// A duration that reads, but is longer than any recipe takes.
        func tooLong(_ amount: String) -> ImportValueError {
            ImportValueError("'\(text)' is a longer ISO 8601 duration than a recipe takes: \(amount) is over the limit of a hundred years (52,560,000 minutes)")
        }
        let chars = Array(trimmed.uppercased().unicodeScalars)
        guard chars.first == "P" else {
            throw fail(trimmed.hasPrefix("-") ? "a duration cannot be negative" : "it must start with P")
        }
        // Designators in the order they may appear, with seconds per unit (nil: rejected).
        let dateOrder: [(Unicode.Scalar, Decimal?)] = [("Y", nil), ("M", nil), ("W", 604_800), ("D", 86_400)]
        let timeOrder: [(Unicode.Scalar, Decimal?)] = [("H", 3_600), ("M", 60), ("S", 1)]
        var seconds = Decimal(0)
        var components = 0
        var inTime = false
        var nextAllowed = 0  // index into the current order: designators must not go back
        var timeComponents = 0
        var isZero = true
        var i = 1
        while i < chars.count {
            if chars[i] == "T" {
                if inTime { throw fail("T appears twice") }
                inTime = true
                nextAllowed = 0
                i += 1
                continue
            }
            var number = ""
            while i < chars.count, chars[i].properties.numericType != nil || chars[i] == "." || chars[i] == "," {
                guard chars[i].isASCII else { throw fail("'\(chars[i])' is not a digit") }
                number.unicodeScalars.append(chars[i] == "," ? "." : chars[i])
                i += 1
            }
            guard !number.isEmpty else {
                throw fail(i < chars.count ? "expected a number before '\(chars[i])'" : "a number must come before each designator")
            }
            guard number.first != ".", number.last != ".", number.filter({ $0 == "." }).count <= 1 else {
                throw fail("'\(number)' is not a number")
            }
            guard i < chars.count else { throw fail("the number \(number) has no designator (H, M, S, D or W)") }
            if number.contains(where: { $0 != "0" && $0 != "." }) { isZero = false }
            let designator = chars[i]
            let order = inTime ? timeOrder : dateOrder
            guard let position = order.firstIndex(where: { $0.0 == designator }) else {
                throw fail("'\(designator)' is not a designator \(inTime ? "after T (H, M or S)" : "before T (D or W; hours and minutes come after T)")")
            }
            guard position >= nextAllowed else { throw fail("'\(designator)' is out of order or repeated") }
            guard let factor = order[position].1 else {
                // Zero years and months are 0 minutes (recipe plugins write every
                // designator: `P0Y0M0DT0H20M0.000S`); any other number has no fixed length.
                guard number.allSatisfy({ $0 == "0" || $0 == "." }) else {
                    throw fail("years and months have no fixed length in minutes")
                }
                nextAllowed = position + 1
                components += 1
                i += 1
                continue
            }
            // 10^12 seconds is some 31,700 years: a whole part of more than 12 digits is
            // past the limit whatever its unit (it was called "not a number").
            let significant = number.drop(while: { $0 == "0" })
            guard significant.prefix(while: { $0 != "." }).count <= 12 else {
                let names: [Unicode.Scalar: String] = ["W": "weeks", "D": "days", "H": "hours", "M": "minutes", "S": "seconds"]
                throw tooLong("\(number) \(names[designator] ?? String(designator))")
            }
            // Fraction digits past what a Decimal holds are cut (they are far below a minute).
            guard let value = Decimal(string: "0" + significant.prefix(30), locale: Locale(identifier: "en_US_POSIX")) else {
                throw fail("'\(number)' is not a number")
            }
            seconds += value * factor
            nextAllowed = position + 1
            components += 1
            if inTime { timeComponents += 1 }
            i += 1
        }
        if inTime && timeComponents == 0 { throw fail("T must be followed by hours, minutes or seconds") }
        if components == 0 { throw fail("it gives no days, hours, minutes or seconds") }
        // Whole minutes, half up: 20 min 30 s -> 21; a time under half a minute that is
        // not zero is 1 (`PT29S`, `PT0.1S`), never the 0 of a field not filled in.
        var minutes = seconds / 60 + Decimal(sign: .plus, exponent: -1, significand: 5)
        var whole = Decimal()
        NSDecimalRound(&whole, &minutes, 0, .down)
        if whole < 1 && !isZero { whole = 1 }
        // A year of minutes is far beyond any recipe; a bound keeps Int conversion safe.
        guard whole <= 52_560_000 else { throw tooLong("\(ImportNumber.literal(whole)) minutes") }
        return (NSDecimalNumber(decimal: whole).intValue, isZero)
    }
}
