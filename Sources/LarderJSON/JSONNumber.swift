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

    /// True when the value has no fractional part (`1.0` and `1e2` are integers).
    public var isInteger: Bool { canonical.exponent >= 0 }

    /// The value as sign, significant digits without leading or trailing zeros, and a
    /// power of ten: `-12.50e1` is (true, "125", 0); zero is (false, "0", 0).
    public var canonical: (negative: Bool, digits: String, exponent: Int) {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var bytes = Array(literal.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        var expText = ""
        while let c = bytes.first {
            bytes = bytes.dropFirst()
            if c == UInt8(ascii: ".") { seenPoint = true; continue }
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                expText = String(decoding: bytes, as: UTF8.self)
                break
            }
            if digits.isEmpty && c == UInt8(ascii: "0") {
                if seenPoint { exponent -= 1 }
                continue
            }
            digits.append(c)
            if seenPoint { exponent -= 1 }
        }
        if expText.hasPrefix("+") { expText.removeFirst() }
        exponent += Int(expText.prefix(12)) ?? 0
        while digits.last == UInt8(ascii: "0") { digits.removeLast(); exponent += 1 }
        if digits.isEmpty { return (false, "0", 0) }
        return (negative, String(decoding: digits, as: UTF8.self), exponent)
    }

    public static func == (a: JSONNumber, b: JSONNumber) -> Bool {
        if a.literal == b.literal { return true }
        let x = a.canonical, y = b.canonical
        return x.negative == y.negative && x.digits == y.digits && x.exponent == y.exponent
    }

    public func hash(into hasher: inout Hasher) {
        let c = canonical
        hasher.combine(c.negative)
        hasher.combine(c.digits)
        hasher.combine(c.exponent)
    }

    /// Compares mathematical values exactly (no Double rounding).
    public static func compare(_ a: JSONNumber, _ b: JSONNumber) -> Int {
        let x = a.canonical, y = b.canonical
        if x.digits == "0" && y.digits == "0" { return 0 }
        if x.digits == "0" { return y.negative ? 1 : -1 }
        if y.digits == "0" { return x.negative ? -1 : 1 }
        if x.negative != y.negative { return x.negative ? -1 : 1 }
        // Same sign: compare magnitudes by order of magnitude, then digits.
        let mx = x.digits.count + x.exponent, my = y.digits.count + y.exponent
        var magnitude: Int
        if mx != my {
            magnitude = mx < my ? -1 : 1
        } else {
            let n = max(x.digits.count, y.digits.count)
            let dx = x.digits.padding(toLength: n, withPad: "0", startingAt: 0)
            let dy = y.digits.padding(toLength: n, withPad: "0", startingAt: 0)
            magnitude = dx == dy ? 0 : (dx < dy ? -1 : 1)
        }
        return x.negative ? -magnitude : magnitude
    }
}
