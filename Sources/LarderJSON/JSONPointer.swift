/// A JSON Pointer (RFC 6901): `/ingredients/3/quantity`.
public struct JSONPointer: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The unescaped reference tokens.
    public var tokens: [String]

    public init(tokens: [String] = []) { self.tokens = tokens }

    /// Parses a pointer; nil when it does not start with `/` (and is not empty) or has a
    /// bad escape.
    public init?(parsing text: String) {
        if text.isEmpty { tokens = []; return }
        guard text.hasPrefix("/") else { return nil }
        var result: [String] = []
        for part in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var it = part.makeIterator()
            while let c = it.next() {
                if c == "~" {
                    switch it.next() {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: return nil
                    }
                } else {
                    token.append(c)
                }
            }
            result.append(token)
        }
        tokens = result
    }

    public init(stringLiteral value: String) {
        self = JSONPointer(parsing: value) ?? JSONPointer(tokens: [value])
    }

    public static let root = JSONPointer()

    public func appending(_ token: String) -> JSONPointer { JSONPointer(tokens: tokens + [token]) }
    public func appending(_ index: Int) -> JSONPointer { appending(String(index)) }

    public var parent: JSONPointer? { tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast())) }

    /// The escaped text (`~` as `~0`, `/` as `~1`).
    public var description: String {
        tokens.map { "/" + $0.replacingOccurrences("~", "~0").replacingOccurrences("/", "~1") }.joined()
    }

    public static func < (a: JSONPointer, b: JSONPointer) -> Bool {
        a.tokens.lexicographicallyPrecedes(b.tokens)
    }
}

extension String {
    func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        guard contains(target) else { return self }
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}

extension JSONDocument {
    /// The node a pointer names, or nil when it names nothing.
    public func node(at pointer: JSONPointer) -> Int? {
        node(at: pointer.tokens, from: root)
    }

    /// The node at a pointer's `tokens` below `start` (a document inside an array, say), or
    /// nil when they name nothing.
    public func node(at tokens: [String], from start: Int) -> Int? {
        var node = start
        for token in tokens {
            switch kind(node) {
            case .object:
                guard let v = member(node, token) else { return nil }
                node = v
            case .array:
                guard let i = Int(token), token == String(i), let e = element(node, i) else { return nil }
                node = e
            default:
                return nil
            }
        }
        return node
    }

    /// The pointer to a node (found by descending from the root).
    /// - Complexity: O(depth × (log siblings + ``JSONDocument/checkpointStride``)) for the
    ///   siblings on the way.
    public func pointer(to target: Int) -> JSONPointer {
        pointer(to: target, from: root, basePointer: .root)
    }
}
