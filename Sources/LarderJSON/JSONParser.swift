/// A JSON text that could not be parsed: what was wrong, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A sentence saying what was expected and what was found.
    public var message: String
    /// The byte offset of the problem in the input.
    public var offset: Int
    /// The 1-based line and column (UTF-16 code units, as editors count) of the problem.
    public var position: SourcePosition

    public init(message: String, offset: Int, position: SourcePosition) {
        self.message = message
        self.offset = offset
        self.position = position
    }

    public var description: String { "\(position.line):\(position.column): \(message)" }

    /// Just after the character the parser stopped at, in `bytes` (the text it parsed), so
    /// that a range from ``position`` covers that character: two UTF-16 code units on for a
    /// character outside the Basic Multilingual Plane (`🍝`), whose two halves an editor
    /// must not split; one on otherwise, at the end of the input too.
    public func end(in bytes: [UInt8]) -> SourcePosition {
        var width = 1
        if offset + 3 < bytes.count, (0xF0...0xF4).contains(bytes[offset]),
           bytes[offset + 1 ... offset + 3].allSatisfy({ $0 & 0xC0 == 0x80 }) {
            width = 2
        }
        return SourcePosition(line: position.line, column: position.column + width)
    }
}

/// Parses JSON bytes into a ``JSONDocument`` (RFC 8259, strict).
///
/// The parser is iterative, so nesting depth is a setting (``Options/maxDepth``), never a
/// stack overflow. It validates UTF-8, accepts a leading UTF-8 byte order mark, keeps key
/// order and number literals, and records keys that repeat within an object.
public enum JSONParser {
    public struct Options: Sendable, Hashable {
        /// Containers nested deeper than this are an error (a clear one, not a crash).
        public var maxDepth: Int
        /// Whether to look for keys that repeat within an object.
        public var detectDuplicateKeys: Bool
        /// Whether a control character (U+0000 to U+001F) written as it is inside a string,
        /// where RFC 8259 requires an escape, is read as the character it is instead of being
        /// an error. Off by default, and off for everything `larder lint`, `validate` and
        /// `build` read: only `larder import` turns it on, for the JSON-LD of a web page,
        /// whose strings often hold raw line breaks and tabs that browsers and search
        /// engines accept. Everything else stays strict.
        public var allowsControlCharactersInStrings: Bool

        public init(maxDepth: Int = 512, detectDuplicateKeys: Bool = true, allowsControlCharactersInStrings: Bool = false) {
            self.maxDepth = maxDepth
            self.detectDuplicateKeys = detectDuplicateKeys
            self.allowsControlCharactersInStrings = allowsControlCharactersInStrings
        }
    }

    /// Parses one JSON text.
    public static func parse(_ bytes: [UInt8], options: Options = .init()) throws(JSONParseError) -> JSONDocument {
        guard bytes.count < Int(UInt32.max) else {
            throw JSONParseError(
                message: "the input is larger than 4 GiB, which Larder does not read",
                offset: 0, position: SourcePosition(line: 1, column: 1))
        }
        let result: Result<JSONDocument, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer: buffer, options: options)
            do {
                try parser.run()
                return .success(JSONDocument(
                    bytes: bytes, nodes: parser.nodes, numbers: parser.numbers,
                    duplicateKeys: parser.duplicates, loneSurrogates: parser.loneSurrogates,
                    childCheckpoints: parser.childCheckpoints))
            } catch let error as RawParseError {
                return .failure(JSONParseError(
                    message: error.message, offset: error.offset,
                    position: SourceLocator(bytes: bytes).position(ofByte: error.offset)))
            } catch {
                return .failure(JSONParseError(message: "\(error)", offset: 0, position: SourcePosition(line: 1, column: 1)))
            }
        }
        return try result.get()
    }
}

struct RawParseError: Error {
    var message: String
    var offset: Int
}

private let kindNull: UInt32 = UInt32(JSONKind.null.rawValue)
private let kindFalse: UInt32 = UInt32(JSONKind.false.rawValue)
private let kindTrue: UInt32 = UInt32(JSONKind.true.rawValue)
private let kindNumber: UInt32 = UInt32(JSONKind.number.rawValue)
private let kindString: UInt32 = UInt32(JSONKind.string.rawValue)
private let kindArray: UInt32 = UInt32(JSONKind.array.rawValue)
private let kindObject: UInt32 = UInt32(JSONKind.object.rawValue)

private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

private struct Parser {
    let buf: UnsafeBufferPointer<UInt8>
    let options: Options
    var pos: Int
    var nodes: [Node] = []
    var numbers: [Double] = []
    var duplicates: [DuplicateKey] = []
    var loneSurrogates: [LoneSurrogate] = []
    /// For each container of more than ``JSONDocument/checkpointStride`` children, the node
    /// of every stride-th child (for objects, its key).
    var childCheckpoints: [Int: [UInt32]] = [:]
    /// The innermost open container (-1 at the top level), its kind and members so far.
    var current = -1
    var currentIsObject = false
    var currentCount = 0
    /// The containers around `current`, innermost last.
    var stack: [(node: Int, count: Int)] = []
    /// Hashes and nodes of the keys of the open objects, innermost last (for duplicate-key
    /// detection without allocating per object).
    var keyHashes: [UInt64] = []
    var keyNodes: [Int] = []
    /// How many entries of `keyHashes`/`keyNodes` are in use (the arrays never shrink).
    var keyTop = 0

    /// A cheap hash of a key's raw bytes (quotes included): its length and its first and
    /// last eight bytes. Equal hashes are confirmed by comparing bytes.
    @inline(__always) static func keyHash(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
        let length = end - start
        var h = UInt64(length) &* 0x9E37_79B9_7F4A_7C15
        if length >= 8 {
            let base = UnsafeRawPointer(buf.baseAddress!)
            h ^= base.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
            h ^= base.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self)
        } else {
            for k in start..<end { h = (h ^ UInt64(buf[k])) &* 0x100_0000_01B3 }
        }
        return h ^ (h >> 31)
    }

    typealias Options = JSONParser.Options

    init(buffer: UnsafeBufferPointer<UInt8>, options: Options) {
        self.buf = buffer
        self.options = options
        // A UTF-8 byte order mark is allowed (and skipped) at the very start.
        pos = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
        nodes.reserveCapacity(max(16, buffer.count / 12))
    }

    @inline(__always) mutating func skipWhitespace() {
        while pos < buf.count {
            let c = buf[pos]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { pos += 1 } else { return }
        }
    }

    @inline(__always) func peek() -> UInt8? { pos < buf.count ? buf[pos] : nil }

    /// Describes what stands at `offset`, for messages: `']'`, `end of input`, `byte 0xFF`.
    func found(at offset: Int) -> String {
        guard offset < buf.count else { return "end of input" }
        let c = buf[offset]
        switch c {
        case 0x0A: return "a line break"
        case 0x0D: return "a carriage return"
        case 0x09: return "a tab"
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(c)))'"
        case 0..<0x20, 0x7F: return "control character U+\(hex(UInt32(c), width: 4))"
        default:
            if let (scalar, _) = decodeScalar(at: offset) {
                return "'\(Character(scalar))' (U+\(hex(scalar.value, width: 4)))"
            }
            // A UTF-16 file (as Windows tools save "Unicode" text) starts with FF FE or FE FF.
            if offset == 0, buf.count >= 2, (buf[0], buf[1]) == (0xFF, 0xFE) || (buf[0], buf[1]) == (0xFE, 0xFF) {
                return "the UTF-16 byte order mark \(buf[0] == 0xFF ? "FF FE" : "FE FF"): the file is UTF-16; JSON files are UTF-8, save it as UTF-8"
            }
            return "byte 0x\(hex(UInt32(c), width: 2)), which is not valid UTF-8"
        }
    }

    func fail(_ message: String, at offset: Int) -> RawParseError {
        RawParseError(message: message, offset: offset)
    }

    mutating func run() throws(RawParseError) {
        skipWhitespace()
        if pos >= buf.count {
            // A file of spaces and line breaks is not empty to the person who opens it.
            throw fail("expected a JSON value, found end of input (the file is \(buf.isEmpty ? "empty" : "only whitespace"))", at: pos)
        }
        valueLoop: while true {
            // Expect a value at pos (whitespace skipped).
            guard pos < buf.count else { throw fail("expected a JSON value, found end of input", at: pos) }
            let c = buf[pos]
            switch c {
            case UInt8(ascii: "{"):
                try open(kindObject)
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    close()
                } else {
                    try memberKey(afterComma: nil)
                    continue valueLoop
                }
            case UInt8(ascii: "["):
                try open(kindArray)
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    close()
                } else {
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            case UInt8(ascii: "t"):
                try literal("true", kindTrue)
            case UInt8(ascii: "f"):
                try literal("false", kindFalse)
            case UInt8(ascii: "n"):
                try literal("null", kindNull)
            default:
                throw fail("expected a JSON value, found \(found(at: pos))", at: pos)
            }
            // A value is complete; climb out of the containers it completes.
            while true {
                skipWhitespace()
                guard current >= 0 else {
                    if pos < buf.count {
                        throw fail("expected end of input after the top-level value, found \(found(at: pos))", at: pos)
                    }
                    return
                }
                currentCount += 1
                let isObject = currentIsObject
                let c = peek()
                if c == UInt8(ascii: ",") {
                    // A trailing comma is reported at the comma, the character to delete: the
                    // closing bracket is often on the next line.
                    let comma = pos
                    pos += 1
                    skipWhitespace()
                    if isObject {
                        try memberKey(afterComma: comma)
                    } else if peek() == UInt8(ascii: "]") {
                        throw fail("expected a value after ',' in an array, found ']' (trailing commas are not allowed in JSON)", at: comma)
                    }
                    continue valueLoop
                }
                if isObject {
                    guard c == UInt8(ascii: "}") else {
                        throw fail("expected ',' or '}' after an object member, found \(found(at: pos))", at: pos)
                    }
                } else {
                    guard c == UInt8(ascii: "]") else {
                        throw fail("expected ',' or ']' after an array element, found \(found(at: pos))", at: pos)
                    }
                }
                close()
            }
        }
    }

    mutating func open(_ kind: UInt32) throws(RawParseError) {
        if stack.count + 1 >= options.maxDepth && current >= 0 {
            throw fail("the value is nested deeper than \(options.maxDepth) levels", at: pos)
        }
        if current >= 0 { stack.append((current, currentCount)) }
        current = nodes.count
        currentCount = 0
        currentIsObject = kind == kindObject
        nodes.append(Node(start: UInt32(pos), end: 0, next: 0, aux: kind))
        pos += 1
    }

    /// Closes the innermost container; `pos` is at its closing bracket.
    mutating func close() {
        let index = current, count = currentCount
        if let outer = stack.popLast() {
            current = outer.node
            currentCount = outer.count
            currentIsObject = nodes[outer.node].aux & 7 == kindObject
        } else {
            current = -1
        }
        pos += 1
        nodes[index].end = UInt32(pos)
        nodes[index].next = UInt32(nodes.count)
        nodes[index].aux |= UInt32(count) << 5
        if count > JSONDocument.checkpointStride { recordCheckpoints(of: index, count: count) }
        if nodes[index].aux & 7 == kindObject && options.detectDuplicateKeys {
            // The object's keys were looked at (bit 4), and one repeats (bit 3): readers of
            // the tape (the schema engine) then need not look again.
            var flags: UInt32 = 16
            if count > 1 {
                let before = duplicates.count
                findDuplicateKeys(count: count)
                if duplicates.count > before { flags |= 8 }
            }
            nodes[index].aux |= flags
            keyTop -= count
        }
    }

    /// Records every stride-th child of the large container `index` (closed, with `count`
    /// children), so that finding the child that holds a node costs at most a stride of
    /// steps instead of one per child before it. Costs one step per child of large
    /// containers only.
    mutating func recordCheckpoints(of index: Int, count: Int) {
        let isObject = nodes[index].aux & 7 == kindObject
        let stride = JSONDocument.checkpointStride
        var marks: [UInt32] = []
        marks.reserveCapacity(count / stride + 1)
        var child = index + 1
        for i in 0..<count {
            if i % stride == 0 { marks.append(UInt32(child)) }
            let value = isObject ? child + 1 : child
            let kind = nodes[value].aux & 7
            child = kind == kindArray || kind == kindObject ? Int(nodes[value].next) : value + 1
        }
        childCheckpoints[index] = marks
    }

    /// Parses `"key" :` at pos (whitespace skipped), leaving pos at the member's value.
    /// `afterComma` is the offset of the comma before the key, nil after `{`.
    mutating func memberKey(afterComma comma: Int?) throws(RawParseError) {
        guard peek() == UInt8(ascii: "\"") else {
            if let comma, peek() == UInt8(ascii: "}") {
                throw fail("expected a member name after ',' in an object, found '}' (trailing commas are not allowed in JSON)", at: comma)
            }
            let context = comma != nil ? "after ',' in an object" : "after '{'"
            throw fail("expected a member name in double quotes \(context), found \(found(at: pos))", at: pos)
        }
        let keyStart = pos
        try string()
        if options.detectDuplicateKeys {
            let h = Self.keyHash(buf, from: keyStart, to: pos)
            if keyTop < keyHashes.count {
                keyHashes[keyTop] = h
                keyNodes[keyTop] = nodes.count - 1
            } else {
                keyHashes.append(h)
                keyNodes.append(nodes.count - 1)
            }
            keyTop += 1
        }
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            throw fail("expected ':' after an object member name, found \(found(at: pos))", at: pos)
        }
        pos += 1
        skipWhitespace()
    }

    mutating func literal(_ word: StaticString, _ kind: UInt32) throws(RawParseError) {
        let start = pos
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        var i = 0
        while i < n {
            guard pos + i < buf.count, buf[pos + i] == w[i] else {
                throw fail("expected a JSON value, found \(found(at: start)); did you mean '\(word)'?", at: start)
            }
            i += 1
        }
        pos += n
        nodes.append(Node(start: UInt32(start), end: UInt32(pos), next: 0, aux: kind))
    }

    mutating func string() throws(RawParseError) {
        let start = pos
        var i = pos + 1
        var escaped = false
        var lone = false
        let end = buf.count
        while true {
            // Fast path: eight plain ASCII bytes at a time (no quote, backslash, control
            // character or non-ASCII byte among them), then byte by byte.
            while i + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(buf.baseAddress! + i).loadUnaligned(as: UInt64.self))
                let special = Self.specialBytes(word)
                if special == 0 {
                    i += 8
                } else {
                    i += special.trailingZeroBitCount >> 3
                    break
                }
            }
            while i < end {
                let c = buf[i]
                if c < 0x80 && c >= 0x20 && c != 0x22 && c != 0x5C { i += 1 } else { break }
            }
            guard i < end else {
                throw fail("unterminated string: expected a closing '\"'", at: start)
            }
            let c = buf[i]
            if c == 0x22 { break }
            if c == 0x5C {
                escaped = true
                guard i + 1 < end else { throw fail("unterminated string: expected a closing '\"'", at: start) }
                switch buf[i + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
                    i += 2
                case 0x75:
                    var unit: UInt32 = 0
                    var k = 0
                    while k < 4 {
                        guard i + 2 + k < end, let digit = hexValue(buf[i + 2 + k]) else {
                            throw fail("invalid \\u escape: expected four hexadecimal digits", at: i)
                        }
                        unit = unit << 4 | digit
                        k += 1
                    }
                    if unit & 0xF800 == 0xD800 {
                        // A surrogate: a high one followed by a low one is one character;
                        // any other stands for none (``LoneSurrogate``).
                        if unit < 0xDC00, let low = hex4(at: i + 6), low >= 0xDC00, low < 0xE000 {
                            i += 12
                            continue
                        }
                        lone = true
                        loneSurrogates.append(LoneSurrogate(node: nodes.count, offset: i, codeUnit: UInt16(unit)))
                    }
                    i += 6
                default:
                    throw fail("invalid escape '\\\(found(at: i + 1).trimmingQuotes)' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: i)
                }
                continue
            }
            if c < 0x20 {
                guard options.allowsControlCharactersInStrings else {
                    throw fail("control character U+\(hex(UInt32(c), width: 4)) must be escaped in a string", at: i)
                }
                i += 1
                continue
            }
            // Non-ASCII: validate one UTF-8 sequence.
            guard let (_, length) = decodeScalar(at: i) else {
                throw fail("invalid UTF-8: \(Self.utf8Problem(buf, at: i, end: end))", at: i)
            }
            i += length
        }
        pos = i + 1
        nodes.append(Node(start: UInt32(start), end: UInt32(pos), next: 0, aux: kindString | (escaped ? 8 : 0) | (lone ? 16 : 0)))
    }

    /// The value of a `\uXXXX` escape at `offset`, or nil when none stands there.
    func hex4(at offset: Int) -> UInt32? {
        guard offset + 6 <= buf.count, buf[offset] == 0x5C, buf[offset + 1] == 0x75 else { return nil }
        var value: UInt32 = 0
        for k in 2..<6 {
            guard let digit = hexValue(buf[offset + k]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// A word with the high bit set in each byte of `word` that is `"`, `\\`, below 0x20 or
    /// at least 0x80 (the lowest flagged byte is exact; bytes above it may be false alarms).
    @inline(__always) static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & high
    }

    /// Decodes one well-formed UTF-8 scalar at `offset` (no overlongs, no surrogates).
    /// Why the UTF-8 sequence at `i` is not valid: a byte that starts none, a sequence cut
    /// short, or one that encodes too little or a surrogate.
    static func utf8Problem(_ buf: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> String {
        let c = buf[i]
        let length = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0
        let byte = "byte 0x\(hex(UInt32(c), width: 2))"
        guard length > 0, c < 0xF5 else { return "\(byte) does not start a character (a continuation byte, or one UTF-8 never uses)" }
        for k in 1..<length {
            guard i + k < end, buf[i + k] & 0xC0 == 0x80 else {
                return "\(byte) starts a \(length)-byte character, but byte \(k + 1) of it is not a continuation byte (the character is cut short)"
            }
        }
        return "the \(length) bytes from \(byte) encode no character (an overlong form, a surrogate, or a value above U+10FFFF)"
    }

    func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int)? {
        Self.decodeScalar(buf, at: offset)
    }

    /// Decodes one well-formed UTF-8 scalar of `buf` at `offset` (no overlongs, no
    /// surrogates), with its length; nil where the bytes there are not UTF-8.
    static func decodeScalar(_ buf: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int)? {
        let b0 = buf[offset]
        func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> UInt32? {
            guard offset + k < buf.count else { return nil }
            let b = buf[offset + k]
            return b >= lo && b <= hi ? UInt32(b & 0x3F) : nil
        }
        var value: UInt32
        var length: Int
        switch b0 {
        case 0..<0x80:
            return (Unicode.Scalar(b0), 1)
        case 0xC2...0xDF:
            guard let c1 = cont(1) else { return nil }
            value = (UInt32(b0 & 0x1F) << 6) | c1; length = 2
        case 0xE0...0xEF:
            let lo: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let hi: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            guard let c1 = cont(1, lo, hi), let c2 = cont(2) else { return nil }
            value = (UInt32(b0 & 0x0F) << 12) | (c1 << 6) | c2; length = 3
        case 0xF0...0xF4:
            let lo: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let hi: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard let c1 = cont(1, lo, hi), let c2 = cont(2), let c3 = cont(3) else { return nil }
            value = (UInt32(b0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3; length = 4
        default:
            return nil
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    mutating func number() throws(RawParseError) {
        let start = pos
        var i = pos
        let end = buf.count
        var negative = false
        if buf[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
            guard i < end, buf[i] >= 0x30, buf[i] <= 0x39 else {
                throw fail("expected a digit after '-', found \(found(at: i))", at: i)
            }
        }
        var mantissa: UInt64 = 0
        var digits = 0          // significant digits accumulated in mantissa
        var dropped = false     // more digits than mantissa holds
        var decimalExponent = 0
        if buf[i] == 0x30 {
            i += 1
            if i < end, buf[i] >= 0x30, buf[i] <= 0x39 {
                throw fail("a number cannot have a leading zero ('0\(Character(Unicode.Scalar(buf[i])))')", at: start)
            }
        } else {
            while i < end, buf[i] >= 0x30, buf[i] <= 0x39 {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(buf[i] - 0x30)
                    if mantissa != 0 { digits += 1 }
                } else {
                    decimalExponent += 1
                    dropped = true
                }
                i += 1
            }
        }
        var isInteger = true
        if i < end, buf[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < end, buf[i] >= 0x30, buf[i] <= 0x39 else {
                throw fail("expected a digit after the decimal point, found \(found(at: i))", at: i)
            }
            while i < end, buf[i] >= 0x30, buf[i] <= 0x39 {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(buf[i] - 0x30)
                    if mantissa != 0 { digits += 1 }
                    decimalExponent -= 1
                } else if buf[i] != 0x30 {
                    dropped = true
                }
                i += 1
            }
        }
        var exponent = 0
        var hasExponent = false
        if i < end, buf[i] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            hasExponent = true
            i += 1
            var expNegative = false
            if i < end, buf[i] == UInt8(ascii: "+") || buf[i] == UInt8(ascii: "-") {
                expNegative = buf[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < end, buf[i] >= 0x30, buf[i] <= 0x39 else {
                throw fail("expected a digit in the exponent, found \(found(at: i))", at: i)
            }
            while i < end, buf[i] >= 0x30, buf[i] <= 0x39 {
                if exponent < 100_000_000 { exponent = exponent * 10 + Int(buf[i] - 0x30) }
                i += 1
            }
            if expNegative { exponent = -exponent }
        }
        _ = hasExponent
        let e10 = decimalExponent + exponent
        var value: Double
        var exact = false
        if !dropped && digits <= 15 && e10 >= -22 && e10 <= 22 {
            value = Double(mantissa)
            if e10 < 0 { value /= exactPowersOfTen[-e10] } else { value *= exactPowersOfTen[e10] }
            exact = e10 >= 0 || mantissa == 0
            if negative { value = -value }
        } else if !dropped && mantissa == 0 {
            value = negative ? -0.0 : 0
            exact = true
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: buf[start..<i]), as: UTF8.self)
            value = Double(text) ?? (negative ? -.infinity : .infinity)
        }
        pos = i
        let index = UInt32(numbers.count)
        numbers.append(value)
        nodes.append(Node(
            start: UInt32(start), end: UInt32(i), next: 0,
            aux: kindNumber | (isInteger ? 8 : 0) | (exact ? 16 : 0) | (index << 5)))
    }

    /// Looks for repeated keys among the last `count` keys (those of the object closing).
    mutating func findDuplicateKeys(count: Int) {
        let base = keyTop - count
        let anyEscaped = (base..<keyTop).contains { nodes[keyNodes[$0]].hasEscapes }
        if count <= 32 && !anyEscaped {
            for j in (base + 1)..<keyTop {
                let hj = keyHashes[j]
                for i in base..<j where keyHashes[i] == hj && keyBytesEqual(keyNodes[i], keyNodes[j]) {
                    duplicates.append(DuplicateKey(first: keyNodes[i], second: keyNodes[j]))
                    break
                }
            }
        } else {
            var seen: [[UInt8]: Int] = [:]
            for j in base..<keyTop {
                let key = keyNodes[j]
                let name = decodedKey(key)
                if let first = seen[name] {
                    duplicates.append(DuplicateKey(first: first, second: key))
                } else {
                    seen[name] = key
                }
            }
        }
    }

    /// A key's code points as bytes (``JSONDocument/codePointBytes(_:)``): `"\uD800"` and
    /// `"\uDBFF"` are two keys.
    func decodedKey(_ node: Int) -> [UInt8] {
        let n = nodes[node]
        let raw = UnsafeBufferPointer(rebasing: buf[(Int(n.start) + 1)..<(Int(n.end) - 1)])
        return n.hasEscapes ? JSONStringDecoder.codePointBytes(raw) : Array(raw)
    }

    func keyBytesEqual(_ a: Int, _ b: Int) -> Bool {
        let na = nodes[a], nb = nodes[b]
        if na.hasEscapes || nb.hasEscapes { return decodedKey(a) == decodedKey(b) }
        let la = Int(na.end - na.start), lb = Int(nb.end - nb.start)
        guard la == lb else { return false }
        let sa = Int(na.start), sb = Int(nb.start)
        for i in 0..<la where buf[sa + i] != buf[sb + i] { return false }
        return true
    }
}

@inline(__always) func hexValue(_ c: UInt8) -> UInt32? {
    switch c {
    case 0x30...0x39: UInt32(c - 0x30)
    case 0x41...0x46: UInt32(c - 0x41 + 10)
    case 0x61...0x66: UInt32(c - 0x61 + 10)
    default: nil
    }
}

func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

extension String {
    fileprivate var trimmingQuotes: String {
        hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}

/// Decodes the bytes between a JSON string's quotes, escapes included.
enum JSONStringDecoder {
    /// The string, a lone surrogate (``LoneSurrogate``) read as U+FFFD: a Swift `String`
    /// holds Unicode text only.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: decodeBytes(raw, keepSurrogates: false), as: UTF8.self)
    }

    /// The string's code points as bytes: UTF-8, and a lone surrogate as the three bytes
    /// UTF-8's pattern gives it (`ED A0 80` for `\uD800`, as WTF-8 does), so that equal
    /// bytes are equal JSON strings.
    static func codePointBytes(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        decodeBytes(raw, keepSurrogates: true)
    }

    static func decodeBytes(_ raw: UnsafeBufferPointer<UInt8>, keepSurrogates: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func appendScalar(_ v: UInt32) {
            if v & 0xF800 == 0xD800 && keepSurrogates {
                out.append(0xE0 | UInt8(v >> 12))
                out.append(0x80 | UInt8((v >> 6) & 0x3F))
                out.append(0x80 | UInt8(v & 0x3F))
                return
            }
            let s = Unicode.Scalar(v) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(Character(s)).utf8))
        }
        while i < raw.count {
            let c = raw[i]
            guard c == 0x5C, i + 1 < raw.count else {
                out.append(c)
                i += 1
                continue
            }
            let e = raw[i + 1]
            i += 2
            switch e {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                func hex4(_ at: Int) -> UInt32? {
                    guard at + 4 <= raw.count else { return nil }
                    var v: UInt32 = 0
                    for k in 0..<4 {
                        guard let d = hexValue(raw[at + k]) else { return nil }
                        v = v << 4 | d
                    }
                    return v
                }
                guard let u = hex4(i) else { appendScalar(0xFFFD); continue }
                i += 4
                if u >= 0xD800 && u < 0xDC00,
                   i + 6 <= raw.count, raw[i] == 0x5C, raw[i + 1] == 0x75,
                   let low = hex4(i + 2), low >= 0xDC00, low < 0xE000 {
                    // A high surrogate and a low one: one character.
                    i += 6
                    appendScalar(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00))
                } else {
                    // A lone surrogate is U+FFFD, or kept (`keepSurrogates`).
                    appendScalar(u)
                }
            default: out.append(e)  // \" \\ \/
            }
        }
        return out
    }
}

extension JSONParser {
    /// Where `bytes` stop being UTF-8 (the offset of the first byte of the sequence that is
    /// not), and why, in the words a JSON file's parse error gives; nil when they are UTF-8.
    /// For text read other than as JSON (larder.yml): decoded with replacement characters,
    /// a stray byte in an `out:` became a folder named `��`.
    public static func firstInvalidUTF8(_ bytes: [UInt8]) -> (offset: Int, reason: String)? {
        bytes.withUnsafeBufferPointer { buf in
            var i = 0
            while i < buf.count {
                if buf[i] < 0x80 {
                    i += 1
                    continue
                }
                // The parser's own decoding of a string's characters.
                guard let (_, length) = Parser.decodeScalar(buf, at: i) else { return (i, Parser.utf8Problem(buf, at: i, end: buf.count)) }
                i += length
            }
            return nil
        }
    }
}
