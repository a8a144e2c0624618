/// `json-pointer` (RFC 6901), `relative-json-pointer` and `uuid` (RFC 4122 text form).
enum PointerFormats {
    /// Empty, or `/`-prefixed reference tokens in which `~` is always `~0` or `~1`.
    static func isJSONPointer(_ value: Substring) -> Bool {
        guard let first = value.utf8.first else { return true }
        guard first == UInt8(ascii: "/") else { return false }
        var afterTilde = false
        for byte in value.utf8 {
            if afterTilde {
                guard byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { return false }
                afterTilde = false
            } else if byte == UInt8(ascii: "~") {
                afterTilde = true
            }
        }
        return !afterTilde
    }

    /// A non-negative integer without leading zeros, then `#` or a JSON pointer.
    static func isRelativeJSONPointer(_ value: String) -> Bool {
        let utf8 = value.utf8
        let digits = utf8.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty, digits.count == 1 || digits.first != UInt8(ascii: "0") else { return false }
        let rest = value.utf8.dropFirst(digits.count)
        if rest.first == UInt8(ascii: "#") { return rest.count == 1 }
        return isJSONPointer(Substring(rest))
    }

    /// `8-4-4-4-12` hexadecimal digits, any case.
    static func isUUID(_ value: String) -> Bool {
        guard value.utf8.count == 36 else { return false }
        var index = 0
        for byte in value.utf8 {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard IPAddress.isHexDigit(byte) else { return false }
            }
            index += 1
        }
        return true
    }
}

/// The code points of `value`, decoded straight from its UTF-8 storage when it is
/// contiguous (the usual case).
func scalarValues(_ value: String) -> [UInt32] {
    value.utf8.withContiguousStorageIfAvailable(decodeScalars) ?? value.unicodeScalars.map(\.value)
}
