import Foundation

/// A JSON number that keeps its literal text.
///
/// Big integers, `1.0` versus `1` and `1e400` survive a round trip through the writer.
/// Equality and hashing compare the mathematical value (`1.0 == 1`, `1e2 == 100`),
/// as JSON Schema's `const`, `enum` and `uniqueItems` ask.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The literal as written (always valid JSON number syntax).
    public let literal: String

    /// Makes a number from a valid JSON number literal (not checked; use ``init(parsing:)``).
    public init(literal: String) {
        self.literal = literal
    }

    /// Makes a number from text, or nil when it is not a JSON number literal.
    public init?(parsing text: String) {
        guard let doc = try? JSONDocument(parsing: text), doc.kind(doc.root) == .number else { return nil }
        self.literal = text
    }

    public init(_ value: Int) { literal = String(value) }

    /// A number from a Double; non-finite values become `null`-free text `0` is never
    /// produced silently: they are written with Swift's shortest round-trip form.
    public init(_ value: Double) {
        if value.isFinite {
            if value == value.rounded(), abs(value) < 1e15 {
                literal = String(Int64(value))
            } else {
                literal = "\(value)"
            }
        } else {
            literal = value > 0 ? "1e999" : "-1e999"
        }
    }

    public init(_ value: Decimal) { literal = "\(value)" }
    public init(integerLiteral value: Int) { self.init(value) }
    public init(floatLiteral value: Double) { self.init(value) }

    public var description: String { literal }

    /// The nearest Double.
    public var double: Double { Double(literal) ?? (literal.hasPrefix("-") ? -.infinity : .infinity) }

    /// The value as Int when it is an integer that fits.
    public var int: Int? {
        if let v = Int(literal) { return v }
        let c = canonical
        guard c.exponent >= 0, c.digits.count + c.exponent <= 19 else { return nil }
        let text = (c.negative ? "-" : "") + c.digits + String(repeating: "0", count: c.exponent)
        return Int(text)
    }

    /// The value as Decimal (38 significant digits), when it fits.
    public var decimal: Decimal? { Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")) }

    /// An integer in plain decimal digits, as a program that decodes the number and prints
    /// it writes it (`1e2` and `100.0` are `100`, `-0` is `0`); nil for a number with a
    /// fractional part or of more than 40 digits. Ids use it: an app that reads the id `1e2`
    /// gets 100 and looks up `recipe.100.name`.
    public var integerText: String? {
        let c = canonical
        guard c.exponent >= 0, c.digits.count + c.exponent <= 40 else { return nil }
        if c.digits == "0" { return "0" }
        return (c.negative ? "-" : "") + c.digits + String(repeating: "0", count: c.exponent)
    }

    /// True when the value has no fractional part (`1.0` and `1e2` are integers).
    public var isInteger: Bool { canonical.exponent >= 0 }

    /// The value as sign, significant digits without leading or trailing zeros, and a
    /// power of ten: `-12.50e1` is (true, "125", 0); zero is (false, "0", 0).
    ///
    /// An exponent written with more than 17 significant digits (`1e99999999999999999999`)
    /// does not fit: the power is then clamped to ±`Int.max / 4`. `==`, hashing and
    /// ``compare(_:_:)`` read the whole exponent and stay exact.
    public var canonical: (negative: Bool, digits: String, exponent: Int) {
        let c = exact
        if c.large.isEmpty { return (c.negative, c.digits, c.exponent) }
        return (c.negative, c.digits, c.large.hasPrefix("-") ? Int.min / 4 : Int.max / 4)
    }

    /// The canonical form with the whole exponent: the power of ten is `large + exponent`,
    /// where `large` is the written exponent when it has more than 17 significant digits
    /// (signed decimal text without leading zeros, "" otherwise) and `exponent` the rest.
    /// Any `large` outweighs any `exponent` (which is bounded by the literal's length).
    var exact: (negative: Bool, digits: String, exponent: Int, large: String) {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var bytes = Array(literal.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        var expBytes: ArraySlice<UInt8> = []
        while let c = bytes.first {
            bytes = bytes.dropFirst()
            if c == UInt8(ascii: ".") { seenPoint = true; continue }
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                expBytes = bytes
                break
            }
            if digits.isEmpty && c == UInt8(ascii: "0") {
                if seenPoint { exponent -= 1 }
                continue
            }
            digits.append(c)
            if seenPoint { exponent -= 1 }
        }
        var large = ""
        if !expBytes.isEmpty {
            var expNegative = false
            if expBytes.first == UInt8(ascii: "+") || expBytes.first == UInt8(ascii: "-") {
                expNegative = expBytes.first == UInt8(ascii: "-")
                expBytes = expBytes.dropFirst()
            }
            while expBytes.count > 1 && expBytes.first == UInt8(ascii: "0") { expBytes = expBytes.dropFirst() }
            if expBytes.count <= 17 {
                let value = Int(String(decoding: expBytes, as: UTF8.self)) ?? 0
                exponent += expNegative ? -value : value
            } else {
                large = (expNegative ? "-" : "") + String(decoding: expBytes, as: UTF8.self)
            }
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast(); exponent += 1 }
        if digits.isEmpty { return (false, "0", 0, "") }
        if !large.isEmpty && exponent != 0 {
            // One form for each power: the whole of it in `large`, or all in `exponent`
            // when it fits in 17 digits (`10e99999999999999999999` is `1e100000000000000000000`).
            let largeNegative = large.hasPrefix("-")
            let magnitude = Self.add(Array(large.utf8.drop { $0 == UInt8(ascii: "-") }), largeNegative ? -exponent : exponent)
            if magnitude.count <= 17 {
                let value = Int(String(decoding: magnitude, as: UTF8.self))!
                return (negative, String(decoding: digits, as: UTF8.self), largeNegative ? -value : value, "")
            }
            large = (largeNegative ? "-" : "") + String(decoding: magnitude, as: UTF8.self)
            exponent = 0
        }
        return (negative, String(decoding: digits, as: UTF8.self), exponent, large)
    }

    /// The decimal digits of `magnitude + delta`, for a magnitude larger than `|delta|`.
    private static func add(_ magnitude: [UInt8], _ delta: Int) -> [UInt8] {
        var out = magnitude
        var carry = delta.magnitude
        let subtract = delta < 0
        var borrow = 0
        var k = out.count - 1
        while k >= 0 && (carry > 0 || borrow > 0) {
            let d = Int(out[k] - 48)
            let change = Int(carry % 10)
            carry /= 10
            var v = subtract ? d - change - borrow : d + change + borrow
            borrow = 0
            if v < 0 { v += 10; borrow = 1 } else if v > 9 { v -= 10; borrow = 1 }
            out[k] = UInt8(48 + v)
            k -= 1
        }
        if borrow > 0 && !subtract { out.insert(UInt8(ascii: "1"), at: 0) }
        while out.count > 1 && out.first == UInt8(ascii: "0") { out.removeFirst() }
        return out
    }

    public static func == (a: JSONNumber, b: JSONNumber) -> Bool {
        if a.literal == b.literal { return true }
        let x = a.exact, y = b.exact
        return x.negative == y.negative && x.digits == y.digits && x.exponent == y.exponent && x.large == y.large
    }

    public func hash(into hasher: inout Hasher) {
        let c = exact
        hasher.combine(c.negative)
        hasher.combine(c.digits)
        hasher.combine(c.exponent)
        hasher.combine(c.large)
    }

    /// Compares mathematical values exactly (no Double rounding).
    public static func compare(_ a: JSONNumber, _ b: JSONNumber) -> Int {
        let x = a.exact, y = b.exact
        if x.digits == "0" && y.digits == "0" { return 0 }
        if x.digits == "0" { return y.negative ? 1 : -1 }
        if y.digits == "0" { return x.negative ? -1 : 1 }
        if x.negative != y.negative { return x.negative ? -1 : 1 }
        // Same sign: compare magnitudes by order of magnitude, then digits.
        var magnitude: Int
        if x.large != y.large {
            magnitude = compareLarge(x.large, y.large)
        } else if x.digits.count + x.exponent != y.digits.count + y.exponent {
            magnitude = x.digits.count + x.exponent < y.digits.count + y.exponent ? -1 : 1
        } else {
            let n = max(x.digits.count, y.digits.count)
            let dx = x.digits.padding(toLength: n, withPad: "0", startingAt: 0)
            let dy = y.digits.padding(toLength: n, withPad: "0", startingAt: 0)
            magnitude = dx == dy ? 0 : (dx < dy ? -1 : 1)
        }
        return x.negative ? -magnitude : magnitude
    }

    /// Orders two large exponents of ``exact`` ("" is zero; both are different).
    private static func compareLarge(_ a: String, _ b: String) -> Int {
        let an = a.hasPrefix("-"), bn = b.hasPrefix("-")
        if a.isEmpty { return bn ? 1 : -1 }
        if b.isEmpty { return an ? -1 : 1 }
        if an != bn { return an ? -1 : 1 }
        let da = an ? a.dropFirst() : a[...], db = bn ? b.dropFirst() : b[...]
        let order = da.count != db.count ? (da.count < db.count ? -1 : 1) : (da < db ? -1 : 1)
        return an ? -order : order
    }
}
