/// A path pattern relative to the project folder, as `larder.yml` writes them.
///
/// `*` matches within one path segment, `**` any number of whole segments (including none),
/// `?` one character, `[abc]` / `[a-z]` / `[!abc]` a character class, `{a,b}` alternatives.
/// Matching is case-sensitive and works on `/`-separated relative paths.
///
///     Glob("content/recipes/**/*.json").matches("content/recipes/pt/caldo-verde.json")  // true
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let alternatives: [[Segment]]

    private enum Segment: Sendable, Hashable {
        case anyDepth                 // **
        case pattern([Character])     // a segment with * ? [..]
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        alternatives = Glob.expandBraces(pattern).map { expanded in
            expanded.split(separator: "/", omittingEmptySubsequences: true).map { part in
                part == "**" ? .anyDepth : .pattern(Array(part))
            }
        }
    }

    public var description: String { pattern }

    /// The literal folder the pattern starts with (`content/recipes` for
    /// `content/recipes/**/*.json`), so a walk can start there instead of at the root.
    public var literalPrefix: String {
        var parts: [String] = []
        for part in pattern.split(separator: "/") {
            if part.contains(where: { "*?[{".contains($0) }) { break }
            parts.append(String(part))
        }
        if parts.count == pattern.split(separator: "/").count { parts.removeLast() }  // a plain file
        return parts.joined(separator: "/")
    }

    /// Whether the relative path `path` matches.
    public func matches(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        return alternatives.contains { Glob.match($0[...], segments[...]) }
    }

    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<[Character]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case .anyDepth:
            let rest = pattern.dropFirst()
            var p = path
            while true {
                if match(rest, p) { return true }
                if p.isEmpty { return false }
                p = p.dropFirst()
            }
        case .pattern(let chars):
            guard let segment = path.first, matchSegment(chars[...], segment[...]) else { return false }
            return match(pattern.dropFirst(), path.dropFirst())
        }
    }

    private static func matchSegment(_ p: ArraySlice<Character>, _ s: ArraySlice<Character>) -> Bool {
        var p = p, s = s
        // Iterative matching with one backtrack point for the last '*'.
        var starP: ArraySlice<Character>? = nil
        var starS: ArraySlice<Character> = []
        while true {
            if let c = p.first {
                switch c {
                case "*":
                    p = p.dropFirst()
                    starP = p
                    starS = s
                    continue
                case "?":
                    if !s.isEmpty { p = p.dropFirst(); s = s.dropFirst(); continue }
                case "[":
                    if let ch = s.first, let (ok, rest) = matchClass(p.dropFirst(), ch), ok {
                        p = rest; s = s.dropFirst(); continue
                    }
                default:
                    if let ch = s.first, ch == c { p = p.dropFirst(); s = s.dropFirst(); continue }
                }
            } else if s.isEmpty {
                return true
            }
            // Mismatch: let the last '*' take one more character.
            guard let sp = starP, !starS.isEmpty else { return false }
            starS = starS.dropFirst()
            s = starS
            p = sp
        }
    }

    /// Matches `ch` against a class body after `[`; returns the result and the pattern after `]`.
    private static func matchClass(_ body: ArraySlice<Character>, _ ch: Character) -> (Bool, ArraySlice<Character>)? {
        var b = body
        var negate = false
        if b.first == "!" || b.first == "^" { negate = true; b = b.dropFirst() }
        var matched = false
        var first = true
        while let c = b.first {
            if c == "]" && !first {
                return (matched != negate, b.dropFirst())
            }
            first = false
            b = b.dropFirst()
            if b.first == "-", let hi = b.dropFirst().first, hi != "]" {
                if c <= ch && ch <= hi { matched = true }
                b = b.dropFirst(2)
            } else if c == ch {
                matched = true
            }
        }
        return nil  // no closing bracket: not a class
    }

    /// `a{b,c}d` -> [abd, acd] (nested braces allowed).
    static func expandBraces(_ pattern: String) -> [String] {
        let chars = Array(pattern)
        guard let open = chars.firstIndex(of: "{") else { return [pattern] }
        var depth = 0
        var close: Int?
        var commas: [Int] = []
        for i in open..<chars.count {
            switch chars[i] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { close = i }
            case "," where depth == 1: commas.append(i)
            default: break
            }
            if close != nil { break }
        }
        guard let close else { return [pattern] }
        let head = String(chars[..<open]), tail = String(chars[(close + 1)...])
        let bounds = [open] + commas + [close]
        var out: [String] = []
        for k in 0..<(bounds.count - 1) {
            let option = String(chars[(bounds[k] + 1)..<bounds[k + 1]])
            out += expandBraces(head + option + tail)
        }
        return out
    }
}
