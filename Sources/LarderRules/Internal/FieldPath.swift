import LarderJSON

/// A JSON Pointer in which the token `*` stands for every element of an array (and every
/// member value of an object): `/steps/*`, `/images/*/alt`.
struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    var tokens: [String]

    init(tokens: [String]) { self.tokens = tokens }

    /// Parses a pointer pattern; nil when it is not a JSON Pointer.
    init?(_ text: String) {
        guard let pointer = JSONPointer(parsing: text) else { return nil }
        tokens = pointer.tokens
    }

    var description: String { JSONPointer(tokens: tokens).description }

    /// The nodes the pattern names below `node`, in document order.
    func nodes(in json: JSONDocument, from node: Int) -> [Int] {
        var current = [node]
        for token in tokens {
            var next: [Int] = []
            for n in current {
                switch json.kind(n) {
                case .array:
                    if token == "*" {
                        next.append(contentsOf: json.elements(n))
                    } else if let i = Int(token), String(i) == token, let e = json.element(n, i) {
                        next.append(e)
                    }
                case .object:
                    if token == "*" {
                        for (_, v) in json.members(n) { next.append(v) }
                    } else if let v = json.member(n, token) {
                        next.append(v)
                    }
                default: break
                }
            }
            current = next
            if current.isEmpty { break }
        }
        return current
    }
}

/// Reading localized text and images on the tape.
enum Localized {
    /// True for a key shaped like a BCP 47 language tag (`en`, `pt-BR`, `zh-Hant-TW`),
    /// which tells a language map from an object with field names (`street`, `src`).
    static func isLanguageTag(_ key: String) -> Bool {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// True when `node` is a language map: an object whose keys all look like language tags.
    static func isLanguageMap(_ json: JSONDocument, _ node: Int) -> Bool {
        guard json.kind(node) == .object else { return false }
        for (k, _) in json.members(node) where !isLanguageTag(json.string(k) ?? "") { return false }
        return true
    }

    /// The texts of a localized text: one `(nil, node)` for a plain string, or
    /// `(key node, value node)` per language of a language map. Other values yield nothing.
    static func texts(_ json: JSONDocument, _ node: Int) -> [(key: Int?, value: Int)] {
        switch json.kind(node) {
        case .string: return [(nil, node)]
        case .object: return json.members(node).map { ($0.key, $0.value) }
        default: return []
        }
    }

    /// True for the structured form of an ingredient (an object with `name`, `quantity` or
    /// `unit`); any other object is localized free text.
    static func isStructuredIngredient(_ json: JSONDocument, _ node: Int) -> Bool {
        guard json.kind(node) == .object else { return false }
        return json.member(node, "name") != nil || json.member(node, "quantity") != nil
            || json.member(node, "unit") != nil
    }

    /// The image values of a product image role: an image (a path or `{src, alt}`), or a
    /// language map of images.
    static func roleImages(_ json: JSONDocument, _ node: Int) -> [Int] {
        if json.kind(node) == .object && json.member(node, "src") == nil && json.member(node, "alt") == nil {
            return json.members(node).map(\.value)
        }
        return [node]
    }

    /// The path string of an image (`"a.png"` or the `src` of `{src, alt}`), or nil.
    static func imageSource(_ json: JSONDocument, _ node: Int) -> Int? {
        switch json.kind(node) {
        case .string: return node
        case .object:
            if let src = json.member(node, "src"), json.kind(src) == .string { return src }
            return nil
        default: return nil
        }
    }
}
