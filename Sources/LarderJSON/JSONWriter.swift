/// Writes JSON deterministically.
///
/// Keys keep their order, numbers their literal text, and strings use the shortest
/// escapes (`\"`, `\\`, `\n`, `\t`, …, `\u00XX` for other control characters; other
/// characters are written as UTF-8). Pretty output indents with two spaces by default and
/// ends with a line break, as most editors and formatters leave a file.
///
///     JSONWriter.pretty.string(["servings": 4])   // "{\n  \"servings\": 4\n}\n"
///
/// A parsed ``JSONDocument`` can be written without making a tree, with some of its nodes
/// replaced: ``write(_:node:depth:replacing:into:)`` gives the bytes of the tree path.
public struct JSONWriter: Sendable {
    public enum Style: Sendable, Hashable {
        case compact
        /// Pretty output indented by `indent` spaces per level (a negative indent counts as 0).
        case pretty(indent: Int)
    }

    public var style: Style
    /// Sort object keys by their UTF-16 code units (for canonical output); off by default.
    public var sortKeys: Bool
    /// Escape `/` as `\/` (for embedding in HTML `<script>`); off by default.
    public var escapeSlash: Bool

    public init(style: Style = .pretty(indent: 2), sortKeys: Bool = false, escapeSlash: Bool = false) {
        self.style = style
        self.sortKeys = sortKeys
        self.escapeSlash = escapeSlash
    }

    public static let compact = JSONWriter(style: .compact)
    public static let pretty = JSONWriter(style: .pretty(indent: 2))

    /// The value as UTF-8 bytes.
    public func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out, depth: 0)
        if case .pretty = style { out.append(0x0A) }
        return out
    }

    /// The value as a string.
    public func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// Writes a top-level array one element at a time, so the elements need not all be in
    /// memory: the bytes are those of ``JSONWriter/bytes(_:)`` for the whole array.
    ///
    ///     var array = JSONWriter.pretty.arrayWriter()
    ///     for document in documents { array.append(localized(document)) }
    ///     let bytes = array.finish()
    public struct ArrayWriter: Sendable {
        let writer: JSONWriter
        var out: [UInt8] = [UInt8(ascii: "[")]
        var count = 0

        /// Appends one element.
        public mutating func append(_ element: JSONValue) {
            if count > 0 { out.append(UInt8(ascii: ",")) }
            writer.newline(&out, 1)
            writer.write(element, into: &out, depth: 1)
            count += 1
        }

        /// The array's bytes.
        public consuming func finish() -> [UInt8] {
            if count > 0 { writer.newline(&out, 0) }
            out.append(UInt8(ascii: "]"))
            if case .pretty = writer.style { out.append(0x0A) }
            return out
        }
    }

    /// Appends `value` as it is written `depth` levels deep in an enclosing value (no line
    /// break before it): an element of a top-level array is written at depth 1.
    public func write(_ value: JSONValue, depth: Int, into out: inout [UInt8]) {
        write(value, into: &out, depth: depth)
    }

    /// A writer for one top-level array, element by element.
    public func arrayWriter() -> ArrayWriter {
        ArrayWriter(writer: self)
    }

    func newline(_ out: inout [UInt8], _ depth: Int) {
        guard case .pretty(let indent) = style else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: max(0, indent) * depth))
    }

    func write(_ value: JSONValue, into out: inout [UInt8], depth: Int) {
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
            var members = Array(o)
            if sortKeys { members.sort { $0.0.utf16.lexicographicallyPrecedes($1.0.utf16) } }
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, depth + 1)
                writeString(k, into: &out)
                out.append(UInt8(ascii: ":"))
                if case .pretty = style { out.append(0x20) }
                write(v, into: &out, depth: depth + 1)
            }
            newline(&out, depth)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `s` as a JSON string literal.
    public func writeString(_ s: String, into out: inout [UInt8]) {
        var s = s
        s.withUTF8 { writeString(utf8: $0, into: &out) }
    }

    /// Appends the UTF-8 text `utf8` as a JSON string literal (as ``writeString(_:into:)``).
    func writeString(utf8 text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(0x22)
        // Most strings need no escape: one scan, then one bulk copy; otherwise runs of plain
        // bytes are copied between the escapes.
        var run = 0
        if needsEscape(text) {
            var i = 0
            while i < text.count {
                let c = text[i]
                if c < 0x20 || c == 0x22 || c == 0x5C || c == 0x7F || (c == 0x2F && escapeSlash) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i]))
                    writeEscaped(c, into: &out)
                    run = i + 1
                }
                i += 1
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[run...]))
        out.append(0x22)
    }

    /// Whether `text` holds a byte the writer escapes: below 0x20, `"`, `\\`, DEL, or `/`
    /// when ``escapeSlash`` is on.
    func needsEscape(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let slash = ones &* (escapeSlash ? 0x2F : 0x22)
        var i = 0
        while i + 8 <= text.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
            let del = word ^ (ones &* 0x7F), sl = word ^ slash
            // A zero byte in one of these words, or a byte below 0x20, is a match (exact as
            // a yes/no answer: a borrow only flags bytes above a true match).
            let found = (quote &- ones) & ~quote | (backslash &- ones) & ~backslash
                | (del &- ones) & ~del | (sl &- ones) & ~sl | (word &- ones &* 0x20) & ~word
            if found & high != 0 { return true }
            i += 8
        }
        while i < text.count {
            let c = text[i]
            if c < 0x20 || c == 0x22 || c == 0x5C || c == 0x7F || (c == 0x2F && escapeSlash) { return true }
            i += 1
        }
        return false
    }

    /// Writes one byte of a string's text with the writer's escapes.
    @inline(__always) func writeEscaped(_ c: UInt8, into out: inout [UInt8]) {
        switch c {
        case 0x22: out.append(0x5C); out.append(0x22)
        case 0x5C: out.append(0x5C); out.append(0x5C)
        case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
        case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
        case 0x08: out.append(0x5C); out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(0x5C); out.append(UInt8(ascii: "f"))
        case 0x2F where escapeSlash: out.append(0x5C); out.append(0x2F)
        case 0..<0x20, 0x7F:
            let digits: StaticString = "0123456789abcdef"
            out.append(0x5C); out.append(UInt8(ascii: "u")); out.append(0x30); out.append(0x30)
            out.append(digits.utf8Start[Int(c >> 4)])
            out.append(digits.utf8Start[Int(c & 0x0F)])
        default: out.append(c)
        }
    }
}
