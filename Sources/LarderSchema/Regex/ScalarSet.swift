/// A set of Unicode code points kept as sorted, disjoint, non-adjacent closed ranges.
///
/// Character classes, escapes such as `\d` and property escapes such as `\p{L}` all become
/// a `ScalarSet`; the matchers then test membership or turn the ranges into UTF-8 byte
/// automata.
struct ScalarSet: Hashable, Sendable {
    /// Sorted, disjoint and non-adjacent ranges of code points.
    private(set) var ranges: [ClosedRange<UInt32>]

    static let maxScalar: UInt32 = 0x10FFFF

    /// The empty set.
    init() { ranges = [] }

    /// The set of the code points in `ranges`, which may overlap and come in any order.
    init(_ ranges: [ClosedRange<UInt32>]) {
        self.ranges = ScalarSet.normalized(ranges)
    }

    /// A set holding one code point.
    init(scalar: UInt32) { ranges = [scalar...scalar] }

    /// Every code point, surrogates included (`[^]`).
    static let all = ScalarSet([0...maxScalar])

    var isEmpty: Bool { ranges.isEmpty }

    /// The single code point of the set when it holds exactly one.
    var singleScalar: UInt32? {
        if ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound { return ranges[0].lowerBound }
        return nil
    }

    /// True when every member is below 0x80.
    var isASCII: Bool { ranges.last.map { $0.upperBound < 0x80 } ?? true }

    /// Whether `scalar` is a member (binary search).
    func contains(_ scalar: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            let range = ranges[mid]
            if scalar < range.lowerBound {
                high = mid
            } else if scalar > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    func union(_ other: ScalarSet) -> ScalarSet {
        ScalarSet(ranges + other.ranges)
    }

    /// The code points of 0...0x10FFFF that are not in the set.
    func inverted() -> ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= ScalarSet.maxScalar { result.append(next...ScalarSet.maxScalar) }
        var set = ScalarSet()
        set.ranges = result
        return set
    }

    private static func normalized(_ input: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        guard input.count > 1 else { return input }
        let sorted = input.sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<UInt32>] = []
        result.reserveCapacity(sorted.count)
        var current = sorted[0]
        for range in sorted.dropFirst() {
            if range.lowerBound <= current.upperBound &+ 1 {
                if range.upperBound > current.upperBound { current = current.lowerBound...range.upperBound }
            } else {
                result.append(current)
                current = range
            }
        }
        result.append(current)
        return result
    }
}

extension ScalarSet {
    /// `\d`: the ASCII digits only, as ECMA-262 says.
    static let digits = ScalarSet([0x30...0x39])
    /// `\w`: `[A-Za-z0-9_]`.
    static let word = ScalarSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// `\s`: ECMA-262 WhiteSpace and LineTerminator.
    static let space = ScalarSet([
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])
    /// The line terminators that `.` does not match.
    static let lineTerminators = ScalarSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])
    /// `.`: everything but a line terminator.
    static let dot = lineTerminators.inverted()

    /// Whether `scalar` is an ECMA-262 word character (`\w`), which `\b` looks at.
    @inline(__always)
    static func isWordScalar(_ scalar: UInt32) -> Bool {
        (scalar >= 0x61 && scalar <= 0x7A) || (scalar >= 0x41 && scalar <= 0x5A)
            || (scalar >= 0x30 && scalar <= 0x39) || scalar == 0x5F
    }
}
