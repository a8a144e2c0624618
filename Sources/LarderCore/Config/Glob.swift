/// A path pattern relative to the project folder, as `larder.yml` writes them.
///
/// `*` matches within one path segment, `**` any number of whole segments (including none),
/// `?` one character, `[abc]` / `[a-z]` / `[!abc]` a character class, `{a,b}` alternatives.
/// Matching is case-sensitive and works on `/`-separated relative paths, byte by byte on
/// their UTF-8 (a `?` or a class takes one whole character).
///
///     Glob("content/recipes/**/*.json").matches("content/recipes/pt/caldo-verde.json")  // true
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let alternatives: [[Segment]]

    private enum Segment: Sendable, Hashable {
        case anyDepth                 // **
        case pattern([UInt8])         // a segment with * ? [..]
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        alternatives = Glob.expandBraces(pattern).map { expanded in
            expanded.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map { part in
                part.elementsEqual("**".utf8) ? .anyDepth : .pattern(Array(part))
            }
        }
    }

    public var description: String { pattern }

    /// What is wrong with the pattern's syntax, or nil: a `[` class or `{` group that is
    /// never closed, or a `}` with no `{` (such a pattern matched nothing, silently).
    public var syntaxProblem: String? {
        var braces = 0
        var chars = Array(pattern)[...]
        while let c = chars.popFirst() {
            switch c {
            case "[":
                // `[!…]` negates; a `]` right after the opening is a member, not the end.
                if chars.first == "!" { chars = chars.dropFirst() }
                if chars.first == "]" { chars = chars.dropFirst() }
                guard let end = chars.firstIndex(of: "]") else {
                    return "the '[' of a character class is never closed with ']'"
                }
                chars = chars[(end + 1)...]
            case "{": braces += 1
            case "}":
                braces -= 1
                if braces < 0 { return "a '}' closes no '{'" }
            default: break
            }
        }
        return braces > 0 ? "the '{' of a group of alternatives ({a,b}) is never closed with '}'" : nil
    }

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
        Self.withSegments(of: path) { segments in alternatives.contains { Glob.match($0[...], segments[...]) } }
    }

    /// Whether the pattern may match a file somewhere below the folder `folder` (its
    /// segments all matched, with at least one segment of the pattern left for the file).
    ///
    ///     Glob("content/**/*.json").mayTakeFiles(under: "content/shared")  // true
    ///     Glob("content/*.json").mayTakeFiles(under: "content/shared")     // false
    public func mayTakeFiles(under folder: String) -> Bool {
        Self.withSegments(of: folder) { segments in alternatives.contains { Glob.matchPrefix($0[...], segments[...]) } }
    }

    /// Calls `body` with the `/`-separated segments of `path` (empty ones left out), as
    /// buffers of its UTF-8, valid during the call.
    private static func withSegments<R>(of path: String, _ body: ([UnsafeBufferPointer<UInt8>]) -> R) -> R {
        var path = path
        return path.withUTF8 { bytes in
            var segments: [UnsafeBufferPointer<UInt8>] = []
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "/") {
                if i > start { segments.append(UnsafeBufferPointer(rebasing: bytes[start..<i])) }
                start = i + 1
            }
            return body(segments)
        }
    }

    /// Whether `pattern` matches all of `folder` and has something left to match below it.
    private static func matchPrefix(_ pattern: ArraySlice<Segment>, _ folder: ArraySlice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = pattern.first else { return false }
        if folder.isEmpty { return true }
        switch first {
        case .anyDepth:
            // `**` takes in everything below, whatever comes after it.
            return true
        case .pattern(let bytes):
            guard matchSegment(bytes, folder.first!) else { return false }
            return matchPrefix(pattern.dropFirst(), folder.dropFirst())
        }
    }

    private static func match(_ pattern: ArraySlice<Segment>, _ path: ArraySlice<UnsafeBufferPointer<UInt8>>) -> Bool {
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
        case .pattern(let bytes):
            guard let segment = path.first, matchSegment(bytes, segment) else { return false }
            return match(pattern.dropFirst(), path.dropFirst())
        }
    }

    /// The length of the UTF-8 character starting with `byte`.
    private static func characterLength(_ byte: UInt8) -> Int {
        byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
    }

    private static func matchSegment(_ p: [UInt8], _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        var pi = 0, si = 0
        // Iterative matching with one backtrack point for the last '*'.
        var starP = -1, starS = 0
        while true {
            if pi < p.count {
                switch p[pi] {
                case UInt8(ascii: "*"):
                    pi += 1
                    starP = pi
                    starS = si
                    continue
                case UInt8(ascii: "?"):
                    if si < s.count { pi += 1; si += characterLength(s[si]); continue }
                case UInt8(ascii: "["):
                    if si < s.count, let (ok, next) = matchClass(p, pi + 1, s, si), ok {
                        pi = next
                        si += characterLength(s[si])
                        continue
                    }
                default:
                    if si < s.count && s[si] == p[pi] { pi += 1; si += 1; continue }
                }
            } else if si >= s.count {
                return true
            }
            // Mismatch: let the last '*' take one more character.
            guard starP >= 0, starS < s.count else { return false }
            starS += characterLength(s[starS])
            si = starS
            pi = starP
        }
    }

    /// Matches the character at `s[si]` against a class body starting at `p[start]`;
    /// returns the result and the pattern index after `]`, or nil when there is no `]`.
    private static func matchClass(_ p: [UInt8], _ start: Int, _ s: UnsafeBufferPointer<UInt8>, _ si: Int) -> (Bool, Int)? {
        let length = characterLength(s[si])
        guard si + length <= s.count else { return nil }
        let ch = Array(s[si..<(si + length)])
        var i = start
        var negate = false
        if i < p.count && (p[i] == UInt8(ascii: "!") || p[i] == UInt8(ascii: "^")) { negate = true; i += 1 }
        var matched = false
        var first = true
        while i < p.count {
            if p[i] == UInt8(ascii: "]") && !first { return (matched != negate, i + 1) }
            first = false
            let n = characterLength(p[i])
            let c = Array(p[i..<min(i + n, p.count)])
            i += n
            if i + 1 < p.count && p[i] == UInt8(ascii: "-") && p[i + 1] != UInt8(ascii: "]") {
                let m = characterLength(p[i + 1])
                let hi = Array(p[(i + 1)..<min(i + 1 + m, p.count)])
                // Byte-wise order of UTF-8 is code point order: c <= ch <= hi.
                if !ch.lexicographicallyPrecedes(c) && !hi.lexicographicallyPrecedes(ch) { matched = true }
                i += 1 + m
            } else if c == ch {
                matched = true
            }
        }
        return nil
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
