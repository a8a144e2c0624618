import Foundation

/// An arithmetic result that does not fit: Larder's exact amounts never wrap around or
/// lose digits silently.
public enum RationalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A numerator or denominator would exceed 64 bits.
    case overflow(String)
    /// Division by zero, or a fraction with a zero denominator.
    case divisionByZero
    /// A number written with more decimal places than a 64-bit fraction holds (`1e-400`).
    case tooPrecise(String)

    public var description: String {
        switch self {
        case .overflow(let what): "\(what) is too large to compute exactly"
        case .divisionByZero: "division by zero"
        case .tooPrecise(let what): "\(what) has more decimal places than Larder computes with (18)"
        }
    }
}

/// An exact fraction of two 64-bit integers, always in lowest terms with a positive
/// denominator.
///
/// Amounts in Larder are rational: `1 1/2`, `0.1`, `⅓` and every unit factor
/// (236.5882365 ml in a cup) are exact, so scaling by 3 and back by 1/3 returns the very
/// same amount. Arithmetic that would overflow throws ``RationalError/overflow(_:)``
/// instead of wrapping or rounding.
///
///     let third = try Rational(1, 3)
///     let cup = try Rational(decimal: "236.5882365")!   // nil for text that is no decimal
///     try third * 3 == 1              // true
///     try (cup * 3 / 3) == cup        // true
///     third.description               // "1/3"
public struct Rational: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The numerator (carries the sign).
    public let numerator: Int
    /// The denominator, always positive.
    public let denominator: Int

    /// Zero.
    public static let zero = Rational(unchecked: 0, 1)
    /// One.
    public static let one = Rational(unchecked: 1, 1)

    /// A fraction already in lowest terms with a positive denominator (not checked).
    @usableFromInline init(unchecked numerator: Int, _ denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The whole number `value`.
    public init(_ value: Int) { self.init(unchecked: value, 1) }

    public init(integerLiteral value: Int) { self.init(value) }

    /// The fraction `numerator / denominator`, reduced; throws for a zero denominator or
    /// when `Int.min` is involved (its negation does not fit).
    public init(_ numerator: Int, _ denominator: Int) throws(RationalError) {
        guard denominator != 0 else { throw .divisionByZero }
        guard numerator != .min, denominator != .min else { throw .overflow("\(numerator)/\(denominator)") }
        var n = numerator, d = denominator
        if d < 0 { n = -n; d = -d }
        let g = Self.gcd(n.magnitude, UInt(d))
        if g > 1 { n /= Int(g); d /= Int(g) }
        self.init(unchecked: n, d)
    }

    /// The exact value of a decimal literal: `"1.5"`, `"-0.25"`, `"1,5"` (a comma as the
    /// decimal separator), `"2.5e3"`, `"236.5882365"`. Nil when the text is not such a
    /// number; throws when it has too many digits for 64 bits.
    public init?(decimal text: String) throws(RationalError) {
        var utf8 = Array(text.utf8)
        guard let value = try utf8.withUnsafeMutableBufferPointer({ buffer throws(RationalError) -> Rational? in
            try Self.parseDecimal(UnsafeBufferPointer(buffer))
        }) else { return nil }
        self = value
    }

    /// The exact value of a decimal literal given as UTF-8 bytes (a JSON number's literal,
    /// read straight from the parsed text). Nil when the bytes are not such a number.
    public init?(decimalUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(RationalError) {
        guard let value = try Self.parseDecimal(bytes) else { return nil }
        self = value
    }

    /// The exact value of a `Decimal` (every unit factor of the ``UnitTable``).
    public init(_ decimal: Decimal) throws(RationalError) {
        guard !decimal.isNaN else { throw .overflow("NaN") }
        guard let value = try Rational(decimal: "\(decimal)") else { throw .overflow("\(decimal)") }
        self = value
    }

    /// Parses an ASCII decimal literal (sign, digits, one `.` or `,`, optional exponent).
    static func parseDecimal(_ bytes: UnsafeBufferPointer<UInt8>) throws(RationalError) -> Rational? {
        var i = 0
        let n = bytes.count
        var negative = false
        if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa = 0
        var scale = 0  // digits after the point
        var digits = 0
        var seenPoint = false
        var overflowed = false
        var wholeDigits = 0  // before the point, from the first that is not 0
        while i < n {
            let c = bytes[i]
            if c >= 48 && c <= 57 {
                digits += 1
                if !seenPoint, wholeDigits > 0 || c != 48 { wholeDigits += 1 }
                if !overflowed {
                    let (m1, o1) = mantissa.multipliedReportingOverflow(by: 10)
                    let (m2, o2) = m1.addingReportingOverflow(Int(c - 48))
                    if o1 || o2 { overflowed = true } else { mantissa = m2 }
                }
                if seenPoint { scale += 1 }
            } else if (c == UInt8(ascii: ".") || c == UInt8(ascii: ",")) && !seenPoint {
                seenPoint = true
            } else {
                break
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        var exponent = 0
        if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                expNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            var expDigits = 0
            while i < n, bytes[i] >= 48, bytes[i] <= 57 {
                if exponent < 10_000 { exponent = exponent * 10 + Int(bytes[i] - 48) }
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            if expNegative { exponent = -exponent }
        }
        guard i == n else { return nil }
        let literal = { String(decoding: bytes, as: UTF8.self) }
        // Too many digits for 64 bits: a small number with many decimals (2.333333333333333333333)
        // is too precise, not too large (it was called too large to compute).
        if overflowed {
            if seenPoint, wholeDigits + exponent <= 18 { throw .tooPrecise("the number \(literal())") }
            throw .overflow("the number \(literal())")
        }
        if mantissa == 0 { return .zero }
        // Strip trailing zeros of the mantissa into the exponent before scaling.
        var power = exponent - scale
        while power < 0, mantissa % 10 == 0 { mantissa /= 10; power += 1 }
        if power >= 0 {
            guard power <= 18 else { throw .overflow("the number \(literal())") }
            let (v, o) = mantissa.multipliedReportingOverflow(by: Self.powersOfTen[power])
            if o { throw .overflow("the number \(literal())") }
            return Rational(unchecked: negative ? -v : v, 1)
        }
        guard -power <= 18 else { throw .tooPrecise("the number \(literal())") }
        return try Rational(negative ? -mantissa : mantissa, Self.powersOfTen[-power])
    }

    static let powersOfTen: [Int] = {
        var p = [1]
        for _ in 1...18 { p.append(p.last! * 10) }
        return p
    }()

    // MARK: Properties

    /// True for a whole number.
    @inlinable public var isInteger: Bool { denominator == 1 }
    /// True for zero.
    @inlinable public var isZero: Bool { numerator == 0 }
    /// True below zero.
    @inlinable public var isNegative: Bool { numerator < 0 }
    /// The nearest `Double`.
    public var doubleValue: Double { Double(numerator) / Double(denominator) }
    /// The largest whole number not above the value.
    public var floor: Int {
        let q = numerator / denominator
        return numerator % denominator != 0 && numerator < 0 ? q - 1 : q
    }
    /// The absolute value.
    public var magnitude: Rational { Rational(unchecked: abs(numerator), denominator) }
    /// The fractional part, `value - floor` (0 ≤ result < 1).
    public var fractionalPart: Rational {
        let r = numerator % denominator
        return Rational(unchecked: r < 0 ? r + denominator : r, denominator)
    }

    /// `1/2`, `3`, `-7/4`.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    // MARK: Arithmetic (throws on overflow)

    /// The exact sum; throws ``RationalError/overflow(_:)`` when it does not fit.
    public static func + (a: Rational, b: Rational) throws(RationalError) -> Rational {
        if a.denominator == b.denominator {
            let (s, o) = a.numerator.addingReportingOverflow(b.numerator)
            if o { throw .overflow("\(a) + \(b)") }
            return try Rational(s, a.denominator)
        }
        // a/b + c/d = (a·(d/g) + c·(b/g)) / (b/g·d), g = gcd(b, d)
        let g = Int(gcd(UInt(a.denominator), UInt(b.denominator)))
        let bd = a.denominator / g, dd = b.denominator / g
        let (x, o1) = a.numerator.multipliedReportingOverflow(by: dd)
        let (y, o2) = b.numerator.multipliedReportingOverflow(by: bd)
        let (s, o3) = x.addingReportingOverflow(y)
        let (d, o4) = bd.multipliedReportingOverflow(by: b.denominator)
        if o1 || o2 || o3 || o4 { throw .overflow("\(a) + \(b)") }
        return try Rational(s, d)
    }

    /// The exact difference; throws when it does not fit.
    public static func - (a: Rational, b: Rational) throws(RationalError) -> Rational {
        try a + Rational(unchecked: -b.numerator, b.denominator)
    }

    /// The negation.
    public static prefix func - (a: Rational) -> Rational {
        Rational(unchecked: -a.numerator, a.denominator)
    }

    /// The exact product (factors cancel first); throws when it does not fit.
    public static func * (a: Rational, b: Rational) throws(RationalError) -> Rational {
        if a.denominator == 1 && b.denominator == 1 {
            let (p, o) = a.numerator.multipliedReportingOverflow(by: b.numerator)
            if o || p == .min { throw .overflow("\(a) × \(b)") }
            return Rational(unchecked: p, 1)
        }
        // Cross-cancel first so intermediate products stay small.
        let g1 = Int(gcd(a.numerator.magnitude, UInt(b.denominator)))
        let g2 = Int(gcd(b.numerator.magnitude, UInt(a.denominator)))
        let (n, o1) = (a.numerator / g1).multipliedReportingOverflow(by: b.numerator / g2)
        let (d, o2) = (a.denominator / g2).multipliedReportingOverflow(by: b.denominator / g1)
        if o1 || o2 || n == .min { throw .overflow("\(a) × \(b)") }
        return Rational(unchecked: n, d)
    }

    /// The exact quotient; throws for a zero divisor or when it does not fit.
    public static func / (a: Rational, b: Rational) throws(RationalError) -> Rational {
        guard b.numerator != 0 else { throw .divisionByZero }
        let inverse = b.numerator < 0
            ? Rational(unchecked: -b.denominator, -b.numerator)
            : Rational(unchecked: b.denominator, b.numerator)
        return try a * inverse
    }

    /// `1 / value`; throws for zero.
    public func reciprocal() throws(RationalError) -> Rational { try Rational.one / self }

    /// Compares exactly (cross products in 128 bits, so it never overflows).
    public static func < (a: Rational, b: Rational) -> Bool {
        if a.denominator == b.denominator { return a.numerator < b.numerator }
        // Compare a.n·b.d with b.n·a.d without overflow, in 128 bits.
        let l = a.numerator.multipliedFullWidth(by: b.denominator)
        let r = b.numerator.multipliedFullWidth(by: a.denominator)
        return l.high < r.high || (l.high == r.high && l.low < r.low)
    }

    // MARK: Rounding

    /// The nearest multiple of `1/denominator` (halves round away from zero):
    /// `(7/3).rounded(toDenominator: 8)` is 19/8.
    public func rounded(toDenominator target: Int) -> Rational {
        precondition(target > 0)
        // Halves away from zero for negative values: mirror the positive case.
        if isNegative { return -((-self).rounded(toDenominator: target)) }
        // round(n·t/d) / t, in overflow-safe steps: the whole part first.
        let whole = floor
        let fraction = fractionalPart  // 0 ≤ f < 1, so f.n·t fits when t is small
        let (scaled, o) = fraction.numerator.multipliedReportingOverflow(by: target)
        var steps: Int
        if o {
            steps = Int((fraction.doubleValue * Double(target)).rounded())
        } else {
            let q = scaled / fraction.denominator, r = scaled % fraction.denominator
            steps = q + (2 * r >= fraction.denominator ? 1 : 0)
        }
        let wholeSteps = whole.multipliedReportingOverflow(by: target)
        if wholeSteps.overflow { return self }
        return (try? Rational(wholeSteps.partialValue + steps, target)) ?? self
    }

    /// The nearest whole number (halves round away from zero).
    public var roundedToInteger: Int { rounded(toDenominator: 1).numerator }

    // MARK: Helpers

    @usableFromInline static func gcd(_ a: UInt, _ b: UInt) -> UInt {
        var a = a, b = b
        if a == 1 || b == 1 { return 1 }
        if a == 0 { return b == 0 ? 1 : b }
        if b == 0 { return a }
        if a == b { return a }
        // Binary GCD.
        let shift = (a | b).trailingZeroBitCount
        a >>= a.trailingZeroBitCount
        repeat {
            b >>= b.trailingZeroBitCount
            if a > b { swap(&a, &b) }
            b -= a
        } while b != 0
        return a << shift
    }
}

extension Rational {
    /// An amount as it was meant: one written with more than nine decimal places is a
    /// program's float (Python writes a third as 0.3333333333333333), not a measure, and is
    /// the nearest fraction with a denominator up to a million (1/3). Exactly, it could not
    /// be scaled or converted (its denominator times a unit's overflowed 64 bits), and no
    /// recipe is measured finer than that.
    ///
    /// A fraction more than a millionth off the value is not what it means: a tiny amount
    /// (0.0000000004 kg, 0.0000000001 g) has no such fraction but 0, which scaled to 0 g and
    /// failed the quantity rule. It stays as written, exact; if it is too fine to compute
    /// with, scaling or converting it is an error that says so.
    public var asMeant: Rational {
        guard denominator > 1_000_000_000 else { return self }
        let near = approximated(maxDenominator: 1_000_000)
        let exact = doubleValue
        guard abs(near.doubleValue - exact) <= abs(exact) * 1e-6 else { return self }
        return near
    }

    /// The fraction nearest to this one whose denominator is at most `maxDenominator`
    /// (a best approximation, from the continued fraction): `4/3` for
    /// 1.3333333333333333, `1457/536` for 2.718281828459045 with at most 1000. Itself
    /// when its denominator is already that small. For when the exact fraction is too
    /// fine to compute with (its products overflow 64 bits).
    ///
    ///     try Rational(decimal: "1.3333333333333333")!.approximated(maxDenominator: 100)   // 4/3
    public func approximated(maxDenominator: Int) -> Rational {
        let limit = max(1, maxDenominator)
        guard denominator > limit else { return self }
        // Convergents h/k of the continued fraction of |self|, kept while k stays in bounds.
        var (h0, k0, h1, k1) = (0, 1, 1, 0)
        var n = numerator.magnitude, d = UInt(denominator)
        while d != 0 {
            let a = n / d
            let (ak, o1) = UInt(k1).multipliedReportingOverflow(by: a)
            let (k2, o2) = ak.addingReportingOverflow(UInt(k0))
            let (ah, o3) = UInt(h1).multipliedReportingOverflow(by: a)
            let (h2, o4) = ah.addingReportingOverflow(UInt(h0))
            if o1 || o2 || o3 || o4 || k2 > UInt(limit) || h2 > UInt(Int.max) {
                // The last convergent, or the semiconvergent nearest the bound if closer.
                let j = k1 == 0 ? 0 : (limit - k0) / k1
                var best = (h1, k1)
                if j > 0 {
                    let (jh, o5) = h1.multipliedReportingOverflow(by: j)
                    let (hs, o6) = jh.addingReportingOverflow(h0)
                    if !o5 && !o6 {
                        let ks = k0 + j * k1
                        let target = Double(numerator.magnitude) / Double(denominator)
                        if k1 == 0 || abs(Double(hs) / Double(ks) - target) < abs(Double(h1) / Double(k1) - target) {
                            best = (hs, ks)
                        }
                    }
                }
                guard best.1 > 0, let value = try? Rational(numerator < 0 ? -best.0 : best.0, best.1) else { return self }
                return value
            }
            (h0, k0, h1, k1) = (h1, k1, Int(h2), Int(k2))
            (n, d) = (d, n % d)
        }
        return self  // the whole expansion fits: self (not reached, denominator > limit)
    }
}
