/// `ipv4` (RFC 2673 dotted quad) and `ipv6` (RFC 4291 text forms) over ASCII bytes: the
/// `format` checks, and the `url` rule's check of a URL's `[...]` host.
public enum IPAddress {
    /// Four decimal octets 0-255 separated by dots, no leading zeros, nothing else.
    public static func isIPv4<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var octets = 0
        var digits = 0
        var value = 0
        var first: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, octets < 3 else { return false }
                octets += 1
                digits = 0
                value = 0
                continue
            }
            guard byte >= 0x30 && byte <= 0x39 else { return false }
            if digits == 0 { first = byte }
            digits += 1
            value = value * 10 + Int(byte - 0x30)
            // No leading zeros ("01"), at most three digits, at most 255.
            guard digits <= 3, value <= 255, !(digits > 1 && first == UInt8(ascii: "0")) else { return false }
        }
        return octets == 3 && digits > 0
    }

    /// Eight groups of one to four hex digits, one `::` standing for one or more zero
    /// groups, and optionally a dotted-quad IPv4 address as the last 32 bits. No zone
    /// (`%eth0`), no prefix length, no brackets.
    public static func isIPv6(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        var groups = 0
        var compressed = false
        var index = 0
        if bytes.starts(with: [0x3A, 0x3A]) {
            compressed = true
            index = 2
            if index == bytes.count { return true }  // "::"
        } else if bytes[0] == 0x3A {
            return false  // a lone leading colon
        }
        while index < bytes.count {
            // One group (or the IPv4 tail).
            var end = index
            while end < bytes.count, bytes[end] != 0x3A { end += 1 }
            let group = bytes[index..<end]
            if group.contains(UInt8(ascii: ".")) {
                // IPv4 tail: last, and counts as two groups.
                guard end == bytes.count, isIPv4(group) else { return false }
                groups += 2
                index = end
                break
            }
            guard (1...4).contains(group.count), group.allSatisfy(isHexDigit) else { return false }
            groups += 1
            index = end
            if index == bytes.count { break }
            // A colon: "::" once, or a single separator that must be followed by a group.
            index += 1
            if index < bytes.count, bytes[index] == 0x3A {
                guard !compressed else { return false }
                compressed = true
                index += 1
                if index == bytes.count { break }
            } else if index == bytes.count {
                return false  // trailing single colon
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
