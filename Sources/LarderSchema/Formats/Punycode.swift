/// Punycode (RFC 3492), the encoding of IDNA A-labels (`xn--...`).
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128
    private static let maxValue = Int(Int32.max)

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func threshold(_ k: Int, _ bias: Int) -> Int {
        k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    private static func digitByte(_ digit: Int) -> UInt8 {
        digit < 26 ? UInt8(ascii: "a") + UInt8(digit) : UInt8(ascii: "0") + UInt8(digit - 26)
    }

    /// Decodes the part of an A-label after `xn--`; nil when it is not valid Punycode.
    static func decode(_ input: ArraySlice<UInt8>) -> [UInt32]? {
        var output: [UInt32] = []
        var index = input.startIndex
        if let delimiter = input.lastIndex(of: UInt8(ascii: "-")) {
            for byte in input[input.startIndex..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(UInt32(byte))
            }
            index = delimiter + 1
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        while index < input.endIndex {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard index < input.endIndex, let digit = digitValue(input[index]) else { return nil }
                index += 1
                guard digit <= (maxValue - i) / w else { return nil }
                i += digit * w
                let t = threshold(k, bias)
                if digit < t { break }
                guard w <= maxValue / (base - t) else { return nil }
                w *= base - t
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count, oldI == 0)
            guard i / count <= maxValue - n else { return nil }
            n += i / count
            i %= count
            guard n <= 0x10FFFF, !(0xD800...0xDFFF).contains(n) else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        return output
    }

    /// Encodes code points as Punycode (without the `xn--` prefix); nil on overflow.
    static func encode(_ input: [UInt32]) -> [UInt8]? {
        var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            guard let m = input.lazy.map({ Int($0) }).filter({ $0 >= n }).min() else { return nil }
            guard m - n <= (maxValue - delta) / (handled + 1) else { return nil }
            delta += (m - n) * (handled + 1)
            n = m
            for scalar in input {
                let value = Int(scalar)
                if value < n {
                    delta += 1
                    guard delta <= maxValue else { return nil }
                }
                if value == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = threshold(k, bias)
                        if q < t { break }
                        output.append(digitByte(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digitByte(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
