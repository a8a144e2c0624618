import Foundation
import LarderJSON

/// The localized text fields of a kind as ``SchemaTextFields`` writes them, read back for
/// matching against documents: JSON Pointers with `*` for every element of a list or value
/// of a map, and, for a schema that refers to itself, named parts that repeat.
///
/// A recursive schema (a tree of sections, each with a `title` and `children` of the same
/// definition) has texts at every depth, which no finite list of pointers names. Its
/// repeating definition gets a number `N`, and two more forms of pattern say where it
/// applies and what it holds:
///
/// - `/tree/children/*~rN`: the value there is of definition N (its texts are found in it);
/// - `~rN/title`: in a value of definition N, `/title` is text (`~rN/children/*~rN`: its
///   children are of definition N too).
///
/// So `["/tree/title", "/tree/children/*~r1", "~r1/title", "~r1/children/*~r1"]` names the
/// title of the tree and of every section below it. `~r` is no escape of a JSON Pointer (only
/// `~0` and `~1` are), so no pointer a user writes reads as one of these forms. A plain
/// pointer is a pattern as it is.
///
/// A `*` may leave members out, each after `~x` (escaped as in a pointer): `/*~xid~xicon`
/// is every member but `id` and `icon`, as a schema's `additionalProperties` holds the
/// members its `properties` does not name.
public struct FieldPatterns: Sendable, Hashable {
    /// One pattern: tokens (`*` for every element) from where it starts, and what is there.
    public struct Pattern: Sendable, Hashable {
        public var tokens: [String]
        /// The definition the value there is of; nil when the value is the field itself.
        public var definition: Int?
        /// Per `*` token (by its index), the members it leaves out.
        public var except: [Int: [String]]

        public init(tokens: [String], definition: Int? = nil, except: [Int: [String]] = [:]) {
            self.tokens = tokens
            self.definition = definition
            self.except = except
        }
    }

    /// The patterns from a document's root.
    public var root: [Pattern]
    /// Per definition, the patterns from a value of it.
    public var definitions: [Int: [Pattern]]

    /// Reads patterns written as above; a string that is none of the forms is left out.
    public init(_ patterns: [String]) {
        root = []
        definitions = [:]
        for text in patterns {
            guard let (start, pattern) = Self.parse(text) else { continue }
            if let start { definitions[start, default: []].append(pattern) } else { root.append(pattern) }
        }
    }

    /// True when `text` is a pattern (a JSON Pointer, or one of the forms of a repeating
    /// definition).
    public static func isPattern(_ text: String) -> Bool { parse(text) != nil }

    /// The marker of a definition in a pattern (`~r1`).
    public static func marker(_ definition: Int) -> String { "~r\(definition)" }

    /// The text of a pattern that starts at definition `start` (nil: the root).
    public static func text(start: Int?, tokens: [String], definition: Int?, except: [Int: [String]] = [:]) -> String {
        var pointer = ""
        for (i, token) in tokens.enumerated() {
            pointer += JSONPointer(tokens: [token]).description
            if token == "*", let names = except[i] {
                for name in names.sorted() { pointer += "~x" + JSONPointer(tokens: [name]).description.dropFirst() }
            }
        }
        return (start.map(marker) ?? "") + pointer + (definition.map(marker) ?? "")
    }

    /// True when some pattern names a repeating definition.
    public var isRecursive: Bool { !definitions.isEmpty || root.contains { $0.definition != nil } }

    private static func parse(_ text: String) -> (start: Int?, Pattern)? {
        var rest = Substring(text)
        var start: Int?
        if rest.hasPrefix("~r") {
            let digits = rest.dropFirst(2).prefix(while: \.isASCIINumber)
            guard let n = Int(digits) else { return nil }
            start = n
            rest = rest.dropFirst(2 + digits.count)
        }
        var definition: Int?
        if let marker = rest.range(of: "~r", options: .backwards) {
            let digits = rest[marker.upperBound...]
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIINumber), let n = Int(digits) else { return nil }
            definition = n
            rest = rest[..<marker.lowerBound]
        }
        // A `*` that leaves members out (`*~xid~xicon`).
        var except: [Int: [String]] = [:]
        if rest.contains("~x") {
            var parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.first == "" else { return nil }
            for i in parts.indices.dropFirst() where parts[i].contains("~x") {
                let names = parts[i].components(separatedBy: "~x")
                guard names[0] == "*", names.count > 1 else { return nil }
                var left: [String] = []
                for name in names.dropFirst() {
                    guard let token = JSONPointer(parsing: "/" + name)?.tokens, token.count == 1 else { return nil }
                    left.append(token[0])
                }
                except[i - 1] = left
                parts[i] = "*"
            }
            rest = Substring(parts.joined(separator: "/"))
        }
        guard let pointer = JSONPointer(parsing: String(rest)) else { return nil }
        return (start, Pattern(tokens: pointer.tokens, definition: definition, except: except))
    }

    /// The values the patterns name below `root`, with their paths from it, pattern by
    /// pattern (each pattern's matches in the order `children` gives them). `children`
    /// gives the values one token names below a value (`*`: every element or member), with
    /// the token of each. A definition is applied once per value, so this ends on any
    /// patterns and any document.
    public func matches<Node>(from root: Node, children: (Node, String) -> [(token: String, node: Node)]) -> [(path: [String], node: Node)] {
        var out: [(path: [String], node: Node)] = []
        var applied = Set<[String]>()  // "definition" + path, once each
        func apply(_ patterns: [Pattern], at node: Node, path: [String]) {
            for pattern in patterns {
                var current = [(path: path, node: node)]
                for (i, token) in pattern.tokens.enumerated() {
                    let left = pattern.except[i] ?? []
                    current = current.flatMap { c in
                        children(c.node, token).filter { left.isEmpty || !left.contains($0.token) }.map { (c.path + [$0.token], $0.node) }
                    }
                    if current.isEmpty { break }
                }
                guard let definition = pattern.definition else {
                    out += current
                    continue
                }
                for c in current where applied.insert([String(definition)] + c.path).inserted {
                    apply(definitions[definition] ?? [], at: c.node, path: c.path)
                }
            }
        }
        apply(self.root, at: root, path: [])
        return out
    }
}

extension FieldPatterns {
    /// The nodes the patterns name below `node` of a parsed document, with their paths: a
    /// token names an array's element by its index in plain digits (`*`: every element) and
    /// an object's member by its key (`*`: every member).
    public func nodes(in json: JSONDocument, from node: Int) -> [(path: [String], node: Int)] {
        matches(from: node) { n, token in
            switch json.kind(n) {
            case .array:
                if token == "*" { return json.elements(n).enumerated().map { (String($0.offset), $0.element) } }
                guard let i = Int(token), String(i) == token, let e = json.element(n, i) else { return [] }
                return [(token, e)]
            case .object:
                if token == "*" { return json.members(n).map { (json.string($0.key) ?? "", $0.value) } }
                return json.member(n, token).map { [(token, $0)] } ?? []
            default:
                return []
            }
        }
    }

    /// The values the patterns name in `value`, with their paths (tokens as in
    /// ``nodes(in:from:)``, but an index also as written, `01`).
    public func values(in value: JSONValue) -> [(path: [String], value: JSONValue)] {
        matches(from: value) { v, token in
            switch v {
            case .array(let a):
                if token == "*" { return a.enumerated().map { (String($0.offset), $0.element) } }
                guard let i = Int(token), a.indices.contains(i) else { return [] }
                return [(token, a[i])]
            case .object(let o):
                if token == "*" { return o.map { ($0.0, $0.1) } }
                return o[token].map { [(token, $0)] } ?? []
            default:
                return []
            }
        }.map { ($0.path, $0.node) }
    }
}

extension Character {
    fileprivate var isASCIINumber: Bool { isASCII && isNumber }
}
