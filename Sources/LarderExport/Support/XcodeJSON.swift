import LarderJSON
import LarderCore

/// Writes JSON the way Xcode writes a String Catalog: two-space indent, `" : "` after each
/// key, object keys sorted by code point, non-ASCII characters as they are (not `\u`
/// escapes) and no line break at the end.
///
/// Matching Xcode byte for byte means a catalog Larder writes and one Xcode re-saves are
/// the same file, and a one-word change in the content is a one-line diff.
///
///     XcodeJSON.string(["b": 1, "a": "é"])
///     // "{\n  \"a\" : \"é\",\n  \"b\" : 1\n}"
public enum XcodeJSON {
    /// The value as UTF-8 bytes.
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out, depth: 0)
        return out
    }

    /// The value as a string.
    public static func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    private static func newline(_ out: inout [UInt8], _ depth: Int) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    private static func write(_ value: JSONValue, into out: inout [UInt8], depth: Int) {
        switch value {
        case .null: out.append(contentsOf: Array("null".utf8))
        case .bool(let b): out.append(contentsOf: Array((b ? "true" : "false").utf8))
        case .number(let n): out.append(contentsOf: Array(n.literal.utf8))
        case .string(let s): writeString(s, into: &out)
        case .array(let a):
            out.append(UInt8(ascii: "["))
            if a.isEmpty { out.append(UInt8(ascii: "]")); return }
            for (i, element) in a.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, depth + 1)
                write(element, into: &out, depth: depth + 1)
            }
            newline(&out, depth)
            out.append(UInt8(ascii: "]"))
        case .object(let o):
            out.append(UInt8(ascii: "{"))
            if o.isEmpty { out.append(UInt8(ascii: "}")); return }
            let members = Array(o).sorted { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars) }
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, depth + 1)
                writeString(k, into: &out)
                out.append(contentsOf: Array(" : ".utf8))
                write(v, into: &out, depth: depth + 1)
            }
            newline(&out, depth)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// True when no byte of `bytes` needs an escape (no control character, `"` or `\`):
    /// eight bytes at a time (every text of a String Catalog, 1 GB for 100,000 recipes,
    /// passes here).
    static func needsNoEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
                // A zero byte in `quote` or `backslash`, or a byte below 0x20, is a match
                // (exact as a yes/no answer: a borrow only flags bytes above a true match).
                let found = (quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word
                if found & high != 0 { return false }
                i += 8
            }
        }
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x20 || b == 0x22 || b == 0x5C { return false }
            i += 1
        }
        return true
    }

    /// ``writeString(_:into:)`` for a string given as UTF-8 bytes.
    static func writeString(utf8 bytes: [UInt8], into out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { writeString(utf8: $0, into: &out) }
    }

    /// ``writeString(_:into:)`` for a string given as UTF-8 bytes.
    static func writeString(utf8 bytes: ArraySlice<UInt8>, into out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { writeString(utf8: $0, into: &out) }
    }

    /// ``writeString(_:into:)`` for a string given as UTF-8 bytes.
    static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        guard needsNoEscape(bytes) else {
            return writeString(String(decoding: bytes, as: UTF8.self), into: &out)
        }
        out.append(0x22)
        out.append(contentsOf: bytes)
        out.append(0x22)
    }

    /// ``writeString(_:into:)`` of the text of the string at `node`, from the file's bytes
    /// when the string has no escape.
    /// ``writeString(node:of:into:)`` for a text an app may format: a text with a printf
    /// directive gets its literal `%` doubled (``Placeholder/formatText(_:)``). Texts without
    /// a `%` (nearly all) are copied from the file's bytes as they are.
    static func writeFormatText(node: Int, of json: JSONDocument, into out: inout [UInt8]) {
        let hasPercent = json.bytes.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[json.rawStringBytes(node)]).contains(0x25) }
        guard hasPercent, let text = json.string(node) else { return writeString(node: node, of: json, into: &out) }
        writeString(Placeholder.formatText(text), into: &out)
    }

    static func writeString(node: Int, of json: JSONDocument, into out: inout [UInt8]) {
        guard !json.hasEscapes(node) else { return writeString(json.string(node) ?? "", into: &out) }
        json.bytes.withUnsafeBufferPointer { writeString(utf8: UnsafeBufferPointer(rebasing: $0[json.rawStringBytes(node)]), into: &out) }
    }

    /// A JSON string literal with the escapes `json.dumps(ensure_ascii=False)` uses: `\"`,
    /// `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, `\u00XX` for other control characters.
    static func writeString(_ s: String, into out: inout [UInt8]) {
        // Most strings need no escape: one scan of their bytes, then one bulk copy.
        var s = s
        let plain = s.withUTF8 { bytes in
            guard needsNoEscape(bytes) else { return false }
            out.append(0x22)
            out.append(contentsOf: bytes)
            out.append(0x22)
            return true
        }
        if plain { return }
        out.append(0x22)
        let hex = Array("0123456789abcdef".utf8)
        for c in s.utf8 {
            switch c {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(c >> 4)])
                out.append(hex[Int(c & 0xF)])
            default: out.append(c)
            }
        }
        out.append(0x22)
    }
}
