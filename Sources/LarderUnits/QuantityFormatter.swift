/// How an amount in a unit is rounded for people.
public enum DisplayRounding: Sendable, Hashable {
    /// Three significant digits, whole numbers from 100 up: metric units (`333 g`, `1.5 kg`,
    /// `0.333 g`), never rounded to zero.
    case decimal
    /// Kitchen fractions: eighths and thirds below 20 (`1 1/2`, `2/3`, `3/8`), halves
    /// below 100, whole numbers above; amounts under 1/8 become 1/16, 1/32 or 1/64, never
    /// zero. The coarsest reading within 2.5 % is preferred (`9` over `8 7/8`).
    /// `denominators` narrows the fractions a unit uses (cups: quarters and thirds).
    case fraction(denominators: [Int])
    /// Whole numbers, at least 1: eggs, cloves, slices.
    case whole
    /// Halves, at least 1/2: cans, bunches, sticks.
    case halves
    /// As is: temperatures and times are never rounded by a transform.
    case exact

    /// Eighths and thirds.
    public static let kitchen = DisplayRounding.fraction(denominators: [8, 3])
}

/// Rounds exact amounts for display and writes them as text.
///
/// Rounding happens only here, at the end: every amount before it is an exact
/// ``Rational``.
///
///     QuantityFormatter.round(try Rational(1000, 3), .decimal)   // 333
///     QuantityFormatter.round(try Rational(7, 3), .kitchen)      // 7/3 (2 1/3)
///     QuantityFormatter.round(try Rational(1, 20), .kitchen)     // 1/16
///     QuantityFormatter.text(try Rational(3, 2), style: AmountStyle())   // "1 1/2"
public enum QuantityFormatter {
    /// The displayed value of `value` under `rounding` (positive values; zero and negative
    /// values are returned as they are).
    public static func round(_ value: Rational, _ rounding: DisplayRounding) -> Rational {
        guard value.numerator > 0 else { return value }
        switch rounding {
        case .exact:
            return value
        case .whole:
            return Rational(max(1, value.roundedToInteger))
        case .halves:
            let r = value.rounded(toDenominator: 2)
            return r.isZero ? Rational(unchecked: 1, 2) : r
        case .decimal:
            return roundDecimal(value)
        case .fraction(let denominators):
            return roundFraction(value, denominators: denominators)
        }
    }

    /// Three significant digits; whole numbers from 100.
    static func roundDecimal(_ value: Rational) -> Rational {
        if value >= Rational(100) { return value.rounded(toDenominator: 1) }
        // Digits after the point: 1 in [10, 100), 2 in [1, 10), 3 in [0.1, 1), …
        var places = 1
        var bound = Rational(10)
        while value < bound, places < 15 {
            places += 1
            bound = Rational(unchecked: 1, Rational.powersOfTen[places - 2])
        }
        let rounded = value.rounded(toDenominator: Rational.powersOfTen[min(places, 18)])
        return rounded.isZero ? value : rounded
    }

    /// The nearest kitchen fraction (see ``DisplayRounding/fraction(denominators:)``).
    static func roundFraction(_ value: Rational, denominators: [Int]) -> Rational {
        if value >= Rational(100) { return value.rounded(toDenominator: 1) }
        if value >= Rational(20) { return value.rounded(toDenominator: 2) }
        if value < Rational(unchecked: 1, 8) {
            // Tiny amounts stay visible: the unit fraction 1/2^k nearest by ratio.
            var best = Rational(unchecked: 1, 8)
            var bestRatio = Double.infinity
            for d in [8, 16, 32, 64] {
                let candidate = Rational(unchecked: 1, d)
                let ratio = max(candidate.doubleValue / value.doubleValue, value.doubleValue / candidate.doubleValue)
                if ratio < bestRatio { best = candidate; bestRatio = ratio }
            }
            return best
        }
        // The coarsest reading within 2.5 % wins (9 oz rather than 8 7/8 oz, 1/3 rather
        // than 3/8), else the nearest of the unit's fractions.
        let allowed = denominators.isEmpty ? [8, 3] : denominators
        for d in [1, 2, 4, 3, 8] where allowed.contains(where: { $0 % d == 0 }) {
            let candidate = value.rounded(toDenominator: d)
            if !candidate.isZero, relativeError(shown: candidate, exact: value) <= 0.025 { return candidate }
        }
        var best = value.rounded(toDenominator: allowed[0])
        var bestError = distance(best, value)
        for d in allowed.dropFirst() {
            let candidate = value.rounded(toDenominator: d)
            let error = distance(candidate, value)
            if error < bestError { best = candidate; bestError = error }
        }
        if best.isZero { return Rational(unchecked: 1, allowed.max() ?? 8) }
        return best
    }

    /// |a - b| as a Double (for choosing between candidates).
    static func distance(_ a: Rational, _ b: Rational) -> Double { abs(a.doubleValue - b.doubleValue) }

    /// The relative difference `|shown - exact| / exact` (0 when exact is zero).
    public static func relativeError(shown: Rational, exact: Rational) -> Double {
        exact.isZero ? 0 : abs(shown.doubleValue - exact.doubleValue) / abs(exact.doubleValue)
    }

    // MARK: Text

    /// The value as people write it: `1 1/2` (or `1½` in the vulgar style), `2/3`, `333`,
    /// `1.5` (or `1,5` with a comma separator). Fractions are used for values that are not
    /// short decimals, or when the style asks for them.
    public static func text(_ value: Rational, style: AmountStyle, preferFractions: Bool = true) -> String {
        if value.isInteger { return String(value.numerator) }
        if !preferFractions || style.decimalSeparator != nil, let decimal = decimalText(value, separator: style.decimalSeparator ?? ".") {
            return decimal
        }
        let negative = value.isNegative
        let v = value.magnitude
        let whole = v.floor
        let fraction = v.fractionalPart
        var out = negative ? "-" : ""
        if style.fractions == .vulgar, let vulgar = AmountScanner.vulgarCharacter(fraction.numerator, fraction.denominator) {
            if whole > 0 { out += String(whole) + (style.spaceBeforeVulgar ? " " : "") }
            out.unicodeScalars.append(vulgar)
            return out
        }
        if whole > 0 { out += "\(whole) " }
        out += "\(fraction.numerator)/\(fraction.denominator)"
        return out
    }

    /// The value as a terminating decimal (`0.125`, `1,5`), or nil when its expansion does
    /// not end within 15 places (thirds).
    public static func decimalText(_ value: Rational, separator: Character = ".") -> String? {
        guard let places = decimalPlaces(value) else { return nil }
        if places == 0 { return String(value.numerator) }
        let scale = Rational.powersOfTen[places]
        guard let scaled = try? value * Rational(scale), scaled.isInteger else { return nil }
        let negative = scaled.numerator < 0
        var digits = String(scaled.numerator.magnitude)
        if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
        let cut = digits.index(digits.endIndex, offsetBy: -places)
        return (negative ? "-" : "") + digits[..<cut] + String(separator) + digits[cut...]
    }

    /// How many decimal places the value needs, or nil when it does not terminate within 15.
    public static func decimalPlaces(_ value: Rational) -> Int? {
        var d = value.denominator
        var twos = 0, fives = 0
        while d % 2 == 0 { d /= 2; twos += 1 }
        while d % 5 == 0 { d /= 5; fives += 1 }
        guard d == 1 else { return nil }
        let places = max(twos, fives)
        return places <= 15 ? places : nil
    }

    /// The text of an amount: one value, or two joined as the style says (`2-3`,
    /// `1 to 2`).
    public static func text(_ amount: Amount, style: AmountStyle, preferFractions: Bool = true) -> String {
        switch amount {
        case .exact(let v): text(v, style: style, preferFractions: preferFractions)
        case .range(let a, let b):
            text(a, style: style, preferFractions: preferFractions) + style.rangeJoin
                + text(b, style: style, preferFractions: preferFractions)
        }
    }
}
