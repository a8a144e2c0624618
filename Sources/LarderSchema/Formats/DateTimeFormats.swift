/// RFC 3339 `date-time`, `full-date`, `full-time` and the Appendix A `duration`.
///
/// Only ASCII digits count as digits; `T` and `Z` may be lower case; a second of 60 is
/// a leap second and is valid only at 23:59 UTC (after applying the offset).
enum DateTimeFormats {
    static func isDate(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        return bytes.count == 10 && parseDate(bytes[...]) != nil
    }

    static func isTime(_ value: String) -> Bool {
        parseTime(Array(value.utf8)[...])
    }

    static func isDateTime(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count > 11, parseDate(bytes[0..<10]) != nil, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") else {
            return false
        }
        return parseTime(bytes[11...])
    }

    /// `YYYY-MM-DD` with a day that exists in that month.
    private static func parseDate(_ bytes: ArraySlice<UInt8>) -> (year: Int, month: Int, day: Int)? {
        guard bytes.count == 10 else { return nil }
        let start = bytes.startIndex
        guard let year = number(bytes, start, 4), bytes[start + 4] == UInt8(ascii: "-"),
            let month = number(bytes, start + 5, 2), bytes[start + 7] == UInt8(ascii: "-"),
            let day = number(bytes, start + 8, 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        return (year, month, day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `HH:MM:SS[.frac](Z|+HH:MM|-HH:MM)`.
    private static func parseTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        guard bytes.count >= 9, let hour = number(bytes, index, 2), bytes[index + 2] == UInt8(ascii: ":"),
            let minute = number(bytes, index + 3, 2), bytes[index + 5] == UInt8(ascii: ":"),
            let second = number(bytes, index + 6, 2)
        else { return false }
        index += 8
        guard hour <= 23, minute <= 59, second <= 60 else { return false }
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digitsStart = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            guard index > digitsStart else { return false }
        }
        guard index < bytes.endIndex else { return false }
        var offsetMinutes = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            guard bytes.endIndex - index == 6, let offsetHour = number(bytes, index + 1, 2), bytes[index + 3] == UInt8(ascii: ":"),
                let offsetMinute = number(bytes, index + 4, 2), offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
            index += 6
        default:
            return false
        }
        guard index == bytes.endIndex else { return false }
        if second == 60 {
            // A leap second happens at 23:59:60 UTC.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// RFC 3339 Appendix A:
    /// `P (dur-date / dur-time / dur-week)`, `dur-date = (day / month / year) [dur-time]`,
    /// where each unit may only be followed by the next smaller ones, without gaps
    /// (`P1Y2D` is invalid, `P1Y2M3D` valid).
    static func isDuration(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.first == UInt8(ascii: "P") else { return false }
        var index = 1

        /// Reads `1*DIGIT unit`; returns the unit or nil.
        func component() -> UInt8? {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start, index < bytes.count else {
                index = start
                return nil
            }
            index += 1
            return bytes[index - 1]
        }

        /// Reads the components of a part in the order `units`, each unit optional only at
        /// the end: the first present unit must be followed by all the smaller ones until
        /// the part stops.
        func part(_ units: [UInt8]) -> Bool {
            var expected = 0
            var any = false
            while index < bytes.count, isDigit(bytes[index]) {
                let save = index
                guard let unit = component(), let position = units.firstIndex(of: unit), position >= expected else {
                    index = save
                    return false
                }
                if any && position != expected { return false }  // a gap: P1Y2D
                expected = position + 1
                any = true
            }
            return any
        }

        if index == bytes.count { return false }  // "P"
        if bytes[index] != UInt8(ascii: "T") {
            // dur-week alone, or dur-date.
            let save = index
            if let unit = component(), unit == UInt8(ascii: "W") {
                return index == bytes.count
            }
            index = save
            guard part([UInt8(ascii: "Y"), UInt8(ascii: "M"), UInt8(ascii: "D")]) else { return false }
            if index == bytes.count { return true }
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "T") else { return false }
        index += 1
        guard part([UInt8(ascii: "H"), UInt8(ascii: "M"), UInt8(ascii: "S")]) else { return false }
        return index == bytes.count
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The decimal number of exactly `count` ASCII digits at `start`.
    private static func number(_ bytes: ArraySlice<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start >= bytes.startIndex, start + count <= bytes.endIndex else { return nil }
        var value = 0
        for index in start..<(start + count) {
            guard isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - 0x30)
        }
        return value
    }
}
