/// `email` (RFC 5321 Mailbox) and `idn-email` (RFC 6531, which also allows UTF-8 in the
/// local part and U-labels in the domain).
///
/// `local-part@domain` where the local part is a dot-atom (`joe.bloggs`) or a quoted
/// string (`"joe bloggs"`) of at most 64 octets, and the domain is a host name or an
/// address literal (`[127.0.0.1]`, `[IPv6:::1]`).
enum EmailFormat {
    static let maxLocalPartOctets = 64

    static func isEmail(_ value: String, international: Bool) -> Bool {
        if !international, let plain = plainASCIIEmail(value) { return plain }
        let scalars = Array(value.unicodeScalars)
        guard let localEnd = localPartEnd(scalars, international: international), localEnd < scalars.count,
            scalars[localEnd] == "@"
        else { return false }
        let local = String(String.UnicodeScalarView(scalars[..<localEnd]))
        guard local.utf8.count <= maxLocalPartOctets else { return false }
        let domain = String(String.UnicodeScalarView(scalars[(localEnd + 1)...]))
        if domain.hasPrefix("[") {
            guard domain.hasSuffix("]"), domain.count >= 2 else { return false }
            let literal = domain.dropFirst().dropLast()
            if literal.hasPrefix("IPv6:") { return IPAddress.isIPv6(Array(literal.dropFirst(5).utf8)) }
            return IPAddress.isIPv4(Array(literal.utf8))
        }
        return international ? Hostname.isIDNHostname(domain) : Hostname.isHostname(domain)
    }

    /// The answer for a dot-atom address with a host-name domain, read as bytes in one
    /// pass; nil for the other shapes (quoted local parts, address literals, `xn--`
    /// labels), which take the general path.
    private static func plainASCIIEmail(_ value: String) -> Bool? {
        let bytes = value.utf8
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), bytes.first != UInt8(ascii: "\"") else { return nil }
        var atomLength = 0
        var localLength = 0
        for byte in bytes[..<at] {
            localLength += 1
            if byte == UInt8(ascii: ".") {
                guard atomLength > 0 else { return false }
                atomLength = 0
            } else {
                guard byte < 0x80, isAtomCharacter(Unicode.Scalar(byte), international: false) else { return false }
                atomLength += 1
            }
        }
        guard atomLength > 0, localLength <= maxLocalPartOctets else { return false }
        let domain = bytes[bytes.index(after: at)...]
        guard domain.first != UInt8(ascii: "[") else { return nil }
        return Hostname.plainLDHName(domain)
    }

    /// RFC 5322 `atext`, plus any non-ASCII character with RFC 6531.
    private static func isAtomCharacter(_ scalar: Unicode.Scalar, international: Bool) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: return true
        case 0x80...: return international
        default: return "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
        }
    }

    /// The index just after the local part (a dot-string or a quoted string), or nil.
    private static func localPartEnd(_ scalars: [Unicode.Scalar], international: Bool) -> Int? {
        guard let first = scalars.first else { return nil }
        var index = 0
        if first == "\"" {
            index = 1
            while index < scalars.count {
                let value = scalars[index].value
                switch value {
                case 0x22:
                    return index + 1
                case 0x5C:  // quoted-pairSMTP: backslash and a printable ASCII character
                    guard index + 1 < scalars.count, (0x20...0x7E).contains(scalars[index + 1].value) else { return nil }
                    index += 2
                case 0x20...0x21, 0x23...0x5B, 0x5D...0x7E:  // qtextSMTP
                    index += 1
                case 0x80...:
                    guard international else { return nil }
                    index += 1
                default:
                    return nil
                }
            }
            return nil
        }
        // Dot-string: atoms separated by single dots.
        var atomLength = 0
        while index < scalars.count, scalars[index] != "@" {
            if scalars[index] == "." {
                guard atomLength > 0 else { return nil }
                atomLength = 0
            } else {
                guard isAtomCharacter(scalars[index], international: international) else { return nil }
                atomLength += 1
            }
            index += 1
        }
        return atomLength > 0 ? index : nil
    }
}
