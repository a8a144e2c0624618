/// `uri`, `uri-reference` (RFC 3986), `iri`, `iri-reference` (RFC 3987) and
/// `uri-template` (RFC 6570).
enum URIFormats {
    /// Checks a URI (`reference` false: a scheme is required) or a URI reference, with
    /// IRI characters allowed when `international` is true.
    static func check(_ value: String, international: Bool, reference: Bool) -> Bool {
        let scalars = scalarValues(value)
        var rest = scalars[...]

        // Fragment and query.
        if let hash = rest.firstIndex(of: 0x23) {
            guard allValid(rest[(hash + 1)...], international: international, kind: .fragment) else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: 0x3F) {
            guard allValid(rest[(question + 1)...], international: international, kind: .query) else { return false }
            rest = rest[..<question]
        }

        // Scheme: a colon before any '/' means the text before it is a scheme.
        let firstSlash = rest.firstIndex(of: 0x2F) ?? rest.endIndex
        if let colon = rest[..<firstSlash].firstIndex(of: 0x3A) {
            guard isScheme(rest[..<colon]) else { return false }
            rest = rest[(colon + 1)...]
        } else if !reference {
            return false
        }

        // Authority and path.
        if rest.starts(with: [0x2F, 0x2F]) {
            let authorityStart = rest.startIndex + 2
            let authorityEnd = rest[authorityStart...].firstIndex(of: 0x2F) ?? rest.endIndex
            guard isAuthority(rest[authorityStart..<authorityEnd], international: international) else { return false }
            rest = rest[authorityEnd...]
        }
        return allValid(rest, international: international, kind: .path)
    }

    private enum Part {
        case path, query, fragment, userinfo, host
    }

    private static func isScheme(_ scalars: ArraySlice<UInt32>) -> Bool {
        guard let first = scalars.first, isASCIILetter(first) else { return false }
        return scalars.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    private static func isAuthority(_ scalars: ArraySlice<UInt32>, international: Bool) -> Bool {
        var hostPort = scalars
        if let at = scalars.firstIndex(of: 0x40) {
            guard allValid(scalars[..<at], international: international, kind: .userinfo) else { return false }
            hostPort = scalars[(at + 1)...]
        }
        var host = hostPort
        if hostPort.first == 0x5B {  // [IP-literal]
            guard let close = hostPort.firstIndex(of: 0x5D) else { return false }
            let literal = hostPort[(hostPort.startIndex + 1)..<close]
            guard isIPLiteral(literal) else { return false }
            host = hostPort[hostPort.startIndex...close]
            let after = hostPort[(close + 1)...]
            if !after.isEmpty {
                guard after.first == 0x3A, after.dropFirst().allSatisfy(isASCIIDigit) else { return false }
            }
            return true
        }
        if let colon = hostPort.firstIndex(of: 0x3A) {
            guard hostPort[(colon + 1)...].allSatisfy(isASCIIDigit) else { return false }
            host = hostPort[..<colon]
        }
        return allValid(host, international: international, kind: .host)
    }

    /// `IPv6address` or `IPvFuture` (`v` 1*HEXDIG "." 1*(unreserved / sub-delims / ":")).
    private static func isIPLiteral(_ scalars: ArraySlice<UInt32>) -> Bool {
        if let first = scalars.first, first == 0x76 || first == 0x56 {
            let body = scalars.dropFirst()
            guard let dot = body.firstIndex(of: 0x2E), dot > body.startIndex,
                body[..<dot].allSatisfy({ $0 < 0x80 && IPAddress.isHexDigit(UInt8($0)) })
            else { return false }
            let tail = body[(dot + 1)...]
            return !tail.isEmpty && tail.allSatisfy { isUnreserved($0) || isSubDelimiter($0) || $0 == 0x3A }
        }
        guard scalars.allSatisfy({ $0 < 0x80 }) else { return false }
        return IPAddress.isIPv6(scalars.map { UInt8($0) })
    }

    /// Every character is allowed in `kind`, and every `%` starts a `%HH` triplet.
    private static func allValid(_ scalars: ArraySlice<UInt32>, international: Bool, kind: Part) -> Bool {
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == 0x25 {
                guard index + 2 < scalars.endIndex, isHex(scalars[index + 1]), isHex(scalars[index + 2]) else { return false }
                index += 3
                continue
            }
            let allowed: Bool
            if isUnreserved(scalar) || isSubDelimiter(scalar) {
                allowed = true
            } else if international && isUCSChar(scalar) {
                allowed = true
            } else {
                switch kind {
                case .path: allowed = scalar == 0x3A || scalar == 0x40 || scalar == 0x2F
                case .query: allowed = scalar == 0x3A || scalar == 0x40 || scalar == 0x2F || scalar == 0x3F || (international && isPrivate(scalar))
                case .fragment: allowed = scalar == 0x3A || scalar == 0x40 || scalar == 0x2F || scalar == 0x3F
                case .userinfo: allowed = scalar == 0x3A
                case .host: allowed = false
                }
            }
            guard allowed else { return false }
            index += 1
        }
        return true
    }

    static func isASCIILetter(_ scalar: UInt32) -> Bool { (scalar >= 0x41 && scalar <= 0x5A) || (scalar >= 0x61 && scalar <= 0x7A) }
    static func isASCIIDigit(_ scalar: UInt32) -> Bool { scalar >= 0x30 && scalar <= 0x39 }
    static func isHex(_ scalar: UInt32) -> Bool { scalar < 0x80 && IPAddress.isHexDigit(UInt8(scalar)) }

    /// `ALPHA / DIGIT / "-" / "." / "_" / "~"`
    static func isUnreserved(_ scalar: UInt32) -> Bool {
        isASCIILetter(scalar) || isASCIIDigit(scalar) || scalar == 0x2D || scalar == 0x2E || scalar == 0x5F || scalar == 0x7E
    }

    /// `"!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
    static func isSubDelimiter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x21, 0x24, 0x26...0x2C, 0x3B, 0x3D: true
        default: false
        }
    }

    /// RFC 3987 `ucschar`.
    static func isUCSChar(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA0...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF: return true
        case 0x10000...0xEFFFD: return scalar & 0xFFFF <= 0xFFFD  // not the plane's last two
        default: return false
        }
    }

    /// RFC 3987 `iprivate` (allowed in queries only).
    static func isPrivate(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD: true
        default: false
        }
    }

    // MARK: - URI Template

    /// RFC 6570 level 4 syntax: literals and `{[operator]varspec,...}` expressions.
    static func isURITemplate(_ value: String) -> Bool {
        let scalars = scalarValues(value)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case 0x7B:  // {
                guard let close = scalars[index...].firstIndex(of: 0x7D), isExpression(scalars[(index + 1)..<close]) else { return false }
                index = close + 1
            case 0x25:
                guard index + 2 < scalars.count, isHex(scalars[index + 1]), isHex(scalars[index + 2]) else { return false }
                index += 3
            default:
                guard isTemplateLiteral(scalar) else { return false }
                index += 1
            }
        }
        return true
    }

    private static func isTemplateLiteral(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x21, 0x23, 0x24, 0x26...0x3B, 0x3D, 0x3F...0x5B, 0x5D, 0x5F, 0x61...0x7A, 0x7E: return true
        default: return isUCSChar(scalar) || isPrivate(scalar)
        }
    }

    private static func isExpression(_ body: ArraySlice<UInt32>) -> Bool {
        var list = body
        if let first = list.first, "+#./;?&".unicodeScalars.contains(where: { $0.value == first }) {
            list = list.dropFirst()
        }
        guard !list.isEmpty else { return false }
        for varspec in list.split(separator: 0x2C, omittingEmptySubsequences: false) {
            guard isVarspec(varspec) else { return false }
        }
        return true
    }

    /// `varname [ ":" max-length / "*" ]`, varname = varchar *(["."] varchar).
    private static func isVarspec(_ spec: ArraySlice<UInt32>) -> Bool {
        var name = spec
        if spec.last == 0x2A {
            name = spec.dropLast()
        } else if let colon = spec.firstIndex(of: 0x3A) {
            let length = spec[(colon + 1)...]
            guard (1...4).contains(length.count), length.allSatisfy(isASCIIDigit), length.first != 0x30 else { return false }
            name = spec[..<colon]
        }
        guard !name.isEmpty, name.first != 0x2E, name.last != 0x2E else { return false }
        var index = name.startIndex
        var previousDot = false
        while index < name.endIndex {
            let scalar = name[index]
            if scalar == 0x2E {
                guard !previousDot else { return false }
                previousDot = true
                index += 1
                continue
            }
            previousDot = false
            if scalar == 0x25 {
                guard index + 2 < name.endIndex, isHex(name[index + 1]), isHex(name[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isASCIILetter(scalar) || isASCIIDigit(scalar) || scalar == 0x5F else { return false }
            index += 1
        }
        return true
    }
}
