/// A JSON value as a tree: what transforms edit and what the writer writes.
///
/// Objects keep key order; numbers keep their literal text. Parse with
/// ``JSONDocument`` (which also knows positions) and take ``JSONDocument/value``.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Parses a JSON text.
    public init(parsing text: String) throws(JSONParseError) {
        self = try JSONDocument(parsing: text).value
    }

    /// Parses JSON bytes.
    public init(parsing bytes: [UInt8]) throws(JSONParseError) {
        self = try JSONDocument(parsing: bytes).value
    }

    public var kind: JSONKind {
        switch self {
        case .null: .null
        case .bool(let b): b ? .true : .false
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var numberValue: JSONNumber? { if case .number(let n) = self { n } else { nil } }
    public var doubleValue: Double? { numberValue?.double }
    public var intValue: Int? { numberValue?.int }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        get { objectValue?[key] }
        set {
            guard case .object(var o) = self else { return }
            o[key] = newValue
            self = .object(o)
        }
    }

    /// The element at `index` of an array, or nil.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let a) = self, a.indices.contains(index) else { return nil }
        return a[index]
    }

    /// The value at the tokens of a JSON Pointer (`["steps", "0"]`), or nil.
    public func at(_ tokens: [String]) -> JSONValue? {
        var node = self
        for token in tokens {
            switch node {
            case .object(let o):
                guard let v = o[token] else { return nil }
                node = v
            case .array(let a):
                guard let i = Int(token), a.indices.contains(i) else { return nil }
                node = a[i]
            default:
                return nil
            }
        }
        return node
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var o = JSONObject()
        for (k, v) in elements { o[k] = v }
        self = .object(o)
    }
    public init(nilLiteral: ()) { self = .null }
}

/// A JSON object that keeps its members in insertion order.
///
/// Look-up is linear for small objects and hashed for large ones. Setting an existing key
/// keeps its place; setting nil removes it. Equality ignores order, as JSON's does.
public struct JSONObject: Sendable, Hashable, Sequence {
    public private(set) var keys: [String] = []
    public private(set) var values: [JSONValue] = []
    /// Keys are compared by their Unicode scalars (``ExactString``), as JSON compares member
    /// names (RFC 8259: by code units), not by Swift's `String` equality, which takes
    /// canonically equivalent spellings as one: `"café"` and `"cafe\u0301"` are two
    /// members, and were merged (one value lost).
    private var index: [Key: Int]? = nil
    private typealias Key = ExactString


    public init() {}

    public init(_ members: [(String, JSONValue)]) {
        for (k, v) in members { self[k] = v }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    private func position(of key: String) -> Int? {
        if let index { return index[Key(key)] }
        return keys.firstIndex { ExactString.same($0, key) }
    }

    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let p = position(of: key) {
                if let newValue {
                    values[p] = newValue
                } else {
                    keys.remove(at: p)
                    values.remove(at: p)
                    if index != nil { rebuildIndex() }
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index![Key(key)] = keys.count - 1
                } else if keys.count > 12 {
                    rebuildIndex()
                }
            }
        }
    }

    private mutating func rebuildIndex() {
        var d: [Key: Int] = [:]
        for (i, k) in keys.enumerated() { d[Key(k)] = i }
        index = d
    }

    public func makeIterator() -> Zip2Sequence<[String], [JSONValue]>.Iterator {
        zip(keys, values).makeIterator()
    }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.count == b.count else { return false }
        for (k, v) in a {
            guard let w = b[k], w == v else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine per-member hashes commutatively.
        var acc = 0
        for (k, v) in self {
            var h = Hasher()
            h.combine(Key(k))
            h.combine(v)
            acc = acc &+ h.finalize()
        }
        hasher.combine(count)
        hasher.combine(acc)
    }
}

/// A string compared, hashed and ordered by its Unicode scalars (UTF-8 bytes), not by
/// Swift's `String` equality, which takes canonically equivalent spellings (`"café"` and
/// `"cafe\u0301"`) as one. For names the content keeps apart: JSON member names, image
/// paths (two files on a Linux disk).
public struct ExactString: Hashable, Comparable, Sendable {
    public let text: String

    public init(_ text: String) { self.text = text }

    /// True when `a` and `b` hold the same Unicode scalars.
    @inline(__always) public static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }

    public static func == (a: ExactString, b: ExactString) -> Bool { same(a.text, b.text) }

    /// Byte order, which is code-point order.
    public static func < (a: ExactString, b: ExactString) -> Bool { a.text.utf8.lexicographicallyPrecedes(b.text.utf8) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
