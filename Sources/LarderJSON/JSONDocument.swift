/// The kind of a JSON value.
public enum JSONKind: UInt8, Sendable, Hashable, CustomStringConvertible {
    case null = 0, `false`, `true`, number, string, array, object

    /// The name JSON Schema uses for this kind (`"boolean"` for both booleans).
    public var description: String {
        switch self {
        case .null: "null"
        case .false, .true: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// One value of a parsed document on the flat tape: 16 bytes.
///
/// `start`/`end` are byte offsets into ``JSONDocument/bytes``. For containers `next` is the
/// index of the first node after the container's subtree, so a subtree is skipped in O(1).
/// `aux` packs the kind (low 3 bits), flags (bits 3-4; for objects, whether the keys were
/// checked for repeats and whether one repeats) and a payload: the child count of a
/// container, or the index into the number table of a number.
@usableFromInline
struct Node: Sendable {
    @usableFromInline var start: UInt32
    @usableFromInline var end: UInt32
    @usableFromInline var next: UInt32
    @usableFromInline var aux: UInt32

    @inlinable init(start: UInt32, end: UInt32, next: UInt32, aux: UInt32) {
        self.start = start
        self.end = end
        self.next = next
        self.aux = aux
    }

    @inlinable var kind: JSONKind { JSONKind(rawValue: UInt8(truncatingIfNeeded: aux & 7))! }
    @inlinable var payload: Int { Int(aux >> 5) }
    /// For strings: the literal holds a backslash escape.
    @inlinable var hasEscapes: Bool { aux & 8 != 0 }
    /// For numbers: no fraction and no exponent.
    @inlinable var isIntegerLiteral: Bool { aux & 8 != 0 }
    /// For strings: an escape is a lone surrogate (``LoneSurrogate``).
    @inlinable var hasLoneSurrogate: Bool { aux & 16 != 0 }
    /// For objects: the parser looked for repeated keys (``JSONParser/Options/detectDuplicateKeys``).
    @inlinable var keysChecked: Bool { aux & 16 != 0 }
    /// For objects: the parser found a key that repeats (meaningful when ``keysChecked``).
    @inlinable var keysRepeat: Bool { aux & 8 != 0 }
    /// For numbers: the double in the number table is exact and the literal has no exponent
    /// larger than the fast path handles (used by `multipleOf`).
    @inlinable var isExactDouble: Bool { aux & 16 != 0 }
}

/// A pair of positions where the same key appears twice in one object.
public struct DuplicateKey: Sendable, Hashable {
    /// The node of the key's first occurrence.
    public var first: Int
    /// The node of the repeated key.
    public var second: Int
}

/// A `\uXXXX` escape of a surrogate (U+D800 to U+DFFF) that is not half of a pair: a
/// high surrogate not followed by a low one, or a low one on its own (`"\uD800"`).
///
/// JSON's grammar allows it (RFC 8259, 8.2, says readers then behave unpredictably), but it
/// stands for no character: it cannot be written to UTF-8, so to any file an app reads
/// (a bundle, a String Catalog, strings files). Readers disagree: serde_json and orjson
/// refuse the text, Python keeps the surrogate, `JSON.parse` keeps it as a code unit, and
/// a Swift `String` has no room for it. The parser accepts the text (so the rest of it is
/// still checked and positions still found) and lists every one here, with where it is:
/// `larder lint` reports each as an error (`lone-surrogate`), naming the escape as written
/// and its line and column, and `larder validate` reports the instance invalid, because
/// writing it out would silently change it. ``JSONDocument/string(_:)`` reads one as
/// U+FFFD (so do the schema engine's `pattern`, `format` and lengths); comparisons (``JSONDocument/codePointBytes(_:)``, repeated keys, the schema
/// engine's `const`, `enum`, property names and `uniqueItems`) keep `"\uD800"` and
/// `"\uDBFF"` apart, and apart from a real U+FFFD.
public struct LoneSurrogate: Sendable, Hashable {
    /// The string (or key) node it is in.
    public var node: Int
    /// The byte offset of its backslash in ``JSONDocument/bytes``.
    public var offset: Int
    /// The code unit, U+D800 to U+DFFF.
    public var codeUnit: UInt16

    /// The byte range of the escape (`\uD800`, six bytes) in ``JSONDocument/bytes``.
    public var escapeRange: Range<Int> { offset..<(offset + 6) }

    /// A sentence for people, naming the escape as written in `document`: what it is, why
    /// it is a problem, what an export would write in its place, and what to write instead.
    public func message(in document: JSONDocument) -> String {
        message(in: document, mentioningExports: true)
    }

    /// ``message(in:)`` with the sentence on exports left out when `mentioningExports` is
    /// false: `larder validate` writes nothing, so it must not talk of an export.
    public func message(in document: JSONDocument, mentioningExports: Bool) -> String {
        let escape = String(decoding: document.bytes[escapeRange], as: UTF8.self)
        let half = codeUnit < 0xDC00
            ? "the first half of a pair (a high surrogate) without the second half after it"
            : "the second half of a pair (a low surrogate) without the first half before it"
        return "the escape \(escape) is \(half): it stands for no character, and no UTF-8 file can hold it\(mentioningExports ? " (an export would write U+FFFD in its place)" : ""); write the character itself, or both halves of its pair"
    }
}

/// A parsed JSON text that remembers where every value is.
///
/// Values are addressed by node index (`Int`); ``root`` is the top-level value. The document
/// keeps the source bytes, so strings are decoded only when asked for, object keys can be
/// compared without decoding, and every value maps back to a line and column.
///
///     let doc = try JSONDocument(parsing: Array(#"{"servings": 4}"#.utf8))
///     let servings = doc.member(doc.root, "servings")!   // a node index
///     doc.int(servings)                                   // 4
///     doc.position(of: servings)                          // line 1, column 14
///
/// - Complexity: parsing is O(n) in the input; member lookup is O(members).
public struct JSONDocument: Sendable {
    /// The source bytes exactly as given (a UTF-8 byte order mark, if any, included).
    public let bytes: [UInt8]
    @usableFromInline var nodes: [Node]
    @usableFromInline var numbers: [Double]
    /// What few documents have (repeated keys, lone surrogates), behind one optional
    /// reference, nil for nearly every document: documents are copied for nearly every
    /// look-up, and each array field is one more retain and release per copy (with the lone
    /// surrogates as a fifth array, lint of 100,000 recipes took 25% more CPU).
    @usableFromInline let irregularities: Irregularities?

    /// Keys that appear more than once in the same object, in source order.
    public var duplicateKeys: [DuplicateKey] { irregularities?.duplicateKeys ?? [] }
    /// The `\uXXXX` escapes that are lone surrogates, in source order.
    public var loneSurrogates: [LoneSurrogate] { irregularities?.loneSurrogates ?? [] }

    /// The repeated keys, lone surrogates and large containers of a document that has any.
    @usableFromInline final class Irregularities: Sendable {
        let duplicateKeys: [DuplicateKey]
        let loneSurrogates: [LoneSurrogate]
        /// For each container of more than ``checkpointStride`` children, the node of every
        /// stride-th child (for an object, the member's key).
        let childCheckpoints: [Int: [UInt32]]

        init(duplicateKeys: [DuplicateKey], loneSurrogates: [LoneSurrogate], childCheckpoints: [Int: [UInt32]]) {
            self.duplicateKeys = duplicateKeys
            self.loneSurrogates = loneSurrogates
            self.childCheckpoints = childCheckpoints
        }
    }

    /// Containers of more children than this keep the node of every stride-th one, so that
    /// the child holding a node (``pointer(to:)``) or the element at an offset is found in
    /// at most this many steps: one problem in each of 64,000 members of a taxonomy walked
    /// the members before it for each, and took 21 seconds.
    static let checkpointStride = 64

    init(bytes: [UInt8], nodes: [Node], numbers: [Double], duplicateKeys: [DuplicateKey], loneSurrogates: [LoneSurrogate],
         childCheckpoints: [Int: [UInt32]] = [:]) {
        self.bytes = bytes
        self.nodes = nodes
        self.numbers = numbers
        self.irregularities = duplicateKeys.isEmpty && loneSurrogates.isEmpty && childCheckpoints.isEmpty
            ? nil : Irregularities(duplicateKeys: duplicateKeys, loneSurrogates: loneSurrogates, childCheckpoints: childCheckpoints)
    }

    /// The child of the container `node` whose subtree holds `target` (for an object, the
    /// member's key node, whose value is the next node), with its position among the
    /// children; nil when no child holds it.
    /// - Complexity: O(children) for a small container; O(log children + stride) for one
    ///   with checkpoints.
    public func child(of node: Int, holding target: Int) -> (index: Int, node: Int)? {
        let isObject = kind(node) == .object
        guard isObject || kind(node) == .array, node < target, target < after(node) else { return nil }
        var (index, child) = (0, node + 1)
        if let marks = irregularities?.childCheckpoints[node] {
            // The last checkpoint at or before the target.
            var low = 0, high = marks.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if Int(marks[mid]) <= target { low = mid } else { high = mid - 1 }
            }
            (index, child) = (low * Self.checkpointStride, Int(marks[low]))
        }
        let total = count(node)
        while index < total {
            let end = after(isObject ? child + 1 : child)
            if target < end { return (index, child) }
            child = end
            index += 1
        }
        return nil
    }

    /// Parses `bytes` as one JSON text.
    public init(parsing bytes: [UInt8], options: JSONParser.Options = .init()) throws(JSONParseError) {
        self = try JSONParser.parse(bytes, options: options)
    }

    /// Parses a string as one JSON text.
    public init(parsing text: String, options: JSONParser.Options = .init()) throws(JSONParseError) {
        self = try JSONParser.parse(Array(text.utf8), options: options)
    }

    /// The index of the top-level value.
    public var root: Int { 0 }
    /// How many values the document holds (every key counts as a string value).
    public var nodeCount: Int { nodes.count }

    @inlinable public func kind(_ node: Int) -> JSONKind { nodes[node].kind }

    /// The byte range of the value in ``bytes`` (for strings, the quotes included).
    @inlinable public func byteRange(_ node: Int) -> Range<Int> {
        Int(nodes[node].start)..<Int(nodes[node].end)
    }

    /// The number of elements of an array or members of an object; 0 for scalars.
    @inlinable public func count(_ node: Int) -> Int {
        let n = nodes[node]
        return n.kind == .array || n.kind == .object ? n.payload : 0
    }

    /// The index of the first node after `node`'s subtree.
    @inlinable public func after(_ node: Int) -> Int {
        let n = nodes[node]
        return n.kind == .array || n.kind == .object ? Int(n.next) : node + 1
    }

    // MARK: Containers

    /// The elements of an array, as node indices.
    @inlinable public func elements(_ node: Int) -> ElementSequence {
        ElementSequence(document: self, first: node + 1, count: count(node), stride: 1)
    }

    /// The members of an object, as (key node, value node) pairs in source order.
    @inlinable public func members(_ node: Int) -> MemberSequence {
        MemberSequence(document: self, first: node + 1, count: count(node))
    }

    /// The value of the member named `key`, or nil (the last one wins when a key repeats,
    /// as in most JSON readers).
    public func member(_ node: Int, _ key: String) -> Int? {
        guard kind(node) == .object else { return nil }
        // A native string's bytes are used in place (no copy per look-up).
        if let found = key.utf8.withContiguousStorageIfAvailable({ member(node, utf8: $0) }) { return found }
        var utf8 = Array(key.utf8)
        return utf8.withUnsafeMutableBufferPointer { member(node, utf8: UnsafeBufferPointer($0)) }
    }

    /// The value of the member whose key is the UTF-8 `key`.
    public func member(_ node: Int, utf8 key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard kind(node) == .object else { return nil }
        var found: Int?
        for (k, v) in members(node) where keyEquals(k, key) { found = v }
        return found
    }

    /// Whether a key of the object `node` may appear more than once: false for nearly every
    /// object, from a flag the parser set (one load), when it looked for repeated keys;
    /// true for an object of more than one member it did not look at
    /// (``JSONParser/Options/detectDuplicateKeys`` off), whose keys
    /// ``overriddenKeys(_:)`` then compares.
    @inlinable public func mayRepeatKeys(_ node: Int) -> Bool {
        let n = nodes[node]
        guard n.kind == .object, n.payload > 1 else { return false }
        return n.keysChecked ? n.keysRepeat : true
    }

    /// The key nodes of the object `node` that a later member with the same key overrides,
    /// in source order (empty when no key repeats).
    ///
    /// `{"a": 1, "a": "x"}` has one member, `"a": "x"`, for ``member(_:_:)``, for
    /// ``value(_:)``, and for JavaScript's `JSON.parse`, Python's `json` and serde_json: the
    /// last occurrence wins. A reader that walks ``members(_:)`` and means the object as a
    /// map (the schema engine does) skips these keys, so that every question about the
    /// object sees the same distinct keys with their last values.
    public func overriddenKeys(_ node: Int) -> [Int] {
        guard mayRepeatKeys(node) else { return [] }
        var last: [[UInt8]: Int] = [:]
        var keys: [Int] = []
        keys.reserveCapacity(count(node))
        for (k, _) in members(node) {
            keys.append(k)
            last[codePointBytes(k)] = k
        }
        guard last.count < keys.count else { return [] }
        return keys.filter { last[codePointBytes($0)] != $0 }
    }

    /// The number of distinct keys of an object (what ``value(_:)`` keeps); 0 for other values.
    public func distinctKeyCount(_ node: Int) -> Int {
        count(node) - overriddenKeys(node).count
    }

    /// The element at `offset` of an array, or nil.
    /// The element at `offset` of the array `node`, found from where `cursor` says an earlier
    /// look-up in the same array ended when that was at or before `offset`: asked in order, as
    /// the errors of a large array are, each look-up costs the distance from the last one
    /// instead of the distance from the first element.
    public func element(_ node: Int, _ offset: Int, cursor: inout ElementCursor) -> Int? {
        guard kind(node) == .array, offset >= 0, offset < count(node) else { return nil }
        var (index, i) = (0, node + 1)
        if let known = cursor.last[node], known.index <= offset { (index, i) = known }
        while index < offset {
            i = after(i)
            index += 1
        }
        if count(node) > 64 { cursor.last[node] = (index, i) }
        return i
    }

    public func element(_ node: Int, _ offset: Int) -> Int? {
        guard kind(node) == .array, offset >= 0, offset < count(node) else { return nil }
        var (index, i) = (0, node + 1)
        if let marks = irregularities?.childCheckpoints[node] {
            (index, i) = (offset / Self.checkpointStride * Self.checkpointStride, Int(marks[offset / Self.checkpointStride]))
        }
        while index < offset {
            i = after(i)
            index += 1
        }
        return i
    }

    // MARK: Scalars

    /// The Boolean value, or nil when the node is not a Boolean.
    @inlinable public func bool(_ node: Int) -> Bool? {
        switch kind(node) {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The number as a Double (the nearest one; ±infinity when out of range).
    @inlinable public func double(_ node: Int) -> Double? {
        let n = nodes[node]
        return n.kind == .number ? numbers[n.payload] : nil
    }

    /// True when the number is an integer value (`1`, `1.0`, `1e2`), as JSON Schema's
    /// `"type": "integer"` asks.
    public func isInteger(_ node: Int) -> Bool {
        let n = nodes[node]
        guard n.kind == .number else { return false }
        if n.isIntegerLiteral { return true }
        return JSONNumber(literal: numberLiteral(node)).isInteger
    }

    /// For numbers: the literal was an integer without fraction or exponent.
    @inlinable public func isIntegerLiteral(_ node: Int) -> Bool {
        let n = nodes[node]
        return n.kind == .number && n.isIntegerLiteral
    }

    /// For numbers: ``double(_:)`` is the exact value of the literal.
    @inlinable public func isExactDouble(_ node: Int) -> Bool {
        let n = nodes[node]
        return n.kind == .number && n.isExactDouble
    }

    /// The number as an `Int`, when it is an integer that fits.
    public func int(_ node: Int) -> Int? {
        guard kind(node) == .number else { return nil }
        if isIntegerLiteral(node), let v = Int(numberLiteral(node)) { return v }
        return JSONNumber(literal: numberLiteral(node)).int
    }

    /// The literal text of a number, exactly as written.
    public func numberLiteral(_ node: Int) -> String {
        let r = byteRange(node)
        return String(decoding: bytes[r], as: UTF8.self)
    }

    /// The number with its literal kept (exact for big integers and long decimals).
    public func number(_ node: Int) -> JSONNumber? {
        kind(node) == .number ? JSONNumber(literal: numberLiteral(node)) : nil
    }

    /// The decoded string value of a string (or key) node.
    public func string(_ node: Int) -> String? {
        let n = nodes[node]
        guard n.kind == .string else { return nil }
        let s = Int(n.start) + 1, e = Int(n.end) - 1
        if !n.hasEscapes {
            return bytes.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[s..<e]), as: UTF8.self)
            }
        }
        return bytes.withUnsafeBufferPointer {
            JSONStringDecoder.decode(UnsafeBufferPointer(rebasing: $0[s..<e]))
        }
    }

    /// The code points of a string (or key) node as bytes: its UTF-8, except that a lone
    /// surrogate (``LoneSurrogate``) is kept as the three bytes UTF-8's pattern gives it
    /// (WTF-8) where ``string(_:)`` reads U+FFFD. Two strings are equal JSON strings exactly
    /// when these bytes are equal.
    public func codePointBytes(_ node: Int) -> [UInt8] {
        let n = nodes[node]
        guard n.kind == .string else { return [] }
        let s = Int(n.start) + 1, e = Int(n.end) - 1
        if !n.hasEscapes { return Array(bytes[s..<e]) }
        if !n.hasLoneSurrogate { return Array(string(node)!.utf8) }
        return bytes.withUnsafeBufferPointer {
            JSONStringDecoder.codePointBytes(UnsafeBufferPointer(rebasing: $0[s..<e]))
        }
    }

    /// For strings: an escape in it is a lone surrogate (``LoneSurrogate``), which
    /// ``string(_:)`` reads as U+FFFD.
    @inlinable public func hasLoneSurrogate(_ node: Int) -> Bool {
        let n = nodes[node]
        return n.kind == .string && n.hasLoneSurrogate
    }

    /// The raw bytes between the quotes of a string node, escapes not decoded.
    @inlinable public func rawStringBytes(_ node: Int) -> Range<Int> {
        let n = nodes[node]
        return (Int(n.start) + 1)..<(Int(n.end) - 1)
    }

    /// For strings: the literal holds a backslash escape.
    @inlinable public func hasEscapes(_ node: Int) -> Bool { nodes[node].hasEscapes }

    /// The number of Unicode code points of a string (what JSON Schema's `minLength` counts).
    public func stringLength(_ node: Int) -> Int {
        let n = nodes[node]
        guard n.kind == .string else { return 0 }
        if n.hasEscapes { return string(node)!.unicodeScalars.count }
        var count = 0
        for i in (Int(n.start) + 1)..<(Int(n.end) - 1) where bytes[i] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Compares a string node's decoded value with UTF-8 bytes without allocating
    /// (when the string has no escapes).
    @inlinable
    public func keyEquals(_ node: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = nodes[node]
        if n.hasEscapes {
            return codePointBytes(node).elementsEqual(key)
        }
        let s = Int(n.start) + 1, len = Int(n.end) - 1 - s
        guard len == key.count else { return false }
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < len {
                if b[s + i] != key[i] { return false }
                i += 1
            }
            return true
        }
    }

    // MARK: Whole values

    /// The value at `node` as a ``JSONValue`` tree.
    public func value(_ node: Int) -> JSONValue {
        switch kind(node) {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(JSONNumber(literal: numberLiteral(node)))
        case .string: return .string(string(node)!)
        case .array: return .array(elements(node).map { value($0) })
        case .object:
            var object = JSONObject()
            for (k, v) in members(node) { object[string(k)!] = value(v) }
            return .object(object)
        }
    }

    /// The whole document as a ``JSONValue`` tree.
    public var value: JSONValue { value(root) }
}

/// The elements of a JSON array in a ``JSONDocument``.
public struct ElementSequence: Sequence {
    @usableFromInline let document: JSONDocument
    @usableFromInline let first: Int
    @usableFromInline let count: Int
    @usableFromInline let stride: Int

    @inlinable init(document: JSONDocument, first: Int, count: Int, stride: Int) {
        self.document = document
        self.first = first
        self.count = count
        self.stride = stride
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let document: JSONDocument
        @usableFromInline var cursor: Int
        @usableFromInline var remaining: Int

        @inlinable init(document: JSONDocument, next: Int, remaining: Int) {
            self.document = document
            self.cursor = next
            self.remaining = remaining
        }

        @inlinable public mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let current = cursor
            cursor = document.after(current)
            return current
        }
    }

    @inlinable public func makeIterator() -> Iterator {
        Iterator(document: document, next: first, remaining: count)
    }

    @inlinable public var underestimatedCount: Int { count }
}

/// The members of a JSON object in a ``JSONDocument``: (key node, value node) pairs.
public struct MemberSequence: Sequence {
    @usableFromInline let document: JSONDocument
    @usableFromInline let first: Int
    @usableFromInline let count: Int

    @inlinable init(document: JSONDocument, first: Int, count: Int) {
        self.document = document
        self.first = first
        self.count = count
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let document: JSONDocument
        @usableFromInline var cursor: Int
        @usableFromInline var remaining: Int

        @inlinable init(document: JSONDocument, next: Int, remaining: Int) {
            self.document = document
            self.cursor = next
            self.remaining = remaining
        }

        @inlinable public mutating func next() -> (key: Int, value: Int)? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let key = cursor
            let value = key + 1
            cursor = document.after(value)
            return (key, value)
        }
    }

    @inlinable public func makeIterator() -> Iterator {
        Iterator(document: document, next: first, remaining: count)
    }

    @inlinable public var underestimatedCount: Int { count }
}

/// Where the element look-ups of ``JSONDocument/element(_:_:cursor:)`` ended, per array (of
/// one document).
public struct ElementCursor: Sendable {
    var last: [Int: (index: Int, node: Int)] = [:]

    public init() {}
}
