/// A URI reference split into its RFC 3986 parts, with reference resolution.
///
/// Schema identifiers (`$id`, `$ref`) are URI references; Larder resolves them itself,
/// without Foundation's `URL`, so `urn:` and `tag:` URIs and odd fragments behave as the
/// specification says.
struct URIReference: Hashable, Sendable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    init(_ text: String) {
        let u = Array(text.utf8)
        var end = u.count
        func str(_ from: Int, _ to: Int) -> String { String(decoding: u[from..<to], as: UTF8.self) }
        if let hash = u.firstIndex(of: UInt8(ascii: "#")) {
            fragment = str(hash + 1, end)
            end = hash
        }
        if let q = u[..<end].firstIndex(of: UInt8(ascii: "?")) {
            query = str(q + 1, end)
            end = q
        }
        var start = 0
        // A scheme is a letter, then letters, digits, +, - or ., before the first ':'.
        if let colon = u[..<end].firstIndex(of: UInt8(ascii: ":")), colon > 0 {
            func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
            let ok = isAlpha(u[0]) && u[..<colon].allSatisfy {
                isAlpha($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            }
            if ok {
                scheme = str(0, colon)
                start = colon + 1
            }
        }
        if end - start >= 2 && u[start] == UInt8(ascii: "/") && u[start + 1] == UInt8(ascii: "/") {
            let authStart = start + 2
            let authEnd = u[authStart..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            authority = str(authStart, authEnd)
            start = authEnd
        }
        path = str(start, end)
    }

    var string: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// The reference without its fragment.
    var withoutFragment: URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// Resolves `reference` against this base (RFC 3986 section 5.2.2).
    func resolving(_ reference: String) -> URIReference {
        let r = URIReference(reference)
        var t = URIReference(scheme: nil, authority: nil, path: "", query: nil, fragment: r.fragment)
        if r.scheme != nil {
            t.scheme = r.scheme
            t.authority = r.authority
            t.path = Self.removeDotSegments(r.path)
            t.query = r.query
        } else {
            if r.authority != nil {
                t.authority = r.authority
                t.path = Self.removeDotSegments(r.path)
                t.query = r.query
            } else {
                if r.path.isEmpty {
                    t.path = path
                    t.query = r.query ?? query
                } else {
                    if r.path.hasPrefix("/") {
                        t.path = Self.removeDotSegments(r.path)
                    } else {
                        t.path = Self.removeDotSegments(merge(r.path))
                    }
                    t.query = r.query
                }
                t.authority = authority
            }
            t.scheme = scheme
        }
        return t
    }

    private func merge(_ relative: String) -> String {
        if authority != nil && path.isEmpty { return "/" + relative }
        guard let slash = path.lastIndex(of: "/") else { return relative }
        return String(path[...slash]) + relative
    }

    static func removeDotSegments(_ input: String) -> String {
        guard input.contains(".") else { return input }
        var inp = Substring(input)
        var result = ""
        while !inp.isEmpty {
            if inp.hasPrefix("../") {
                inp = inp.dropFirst(3)
            } else if inp.hasPrefix("./") {
                inp = inp.dropFirst(2)
            } else if inp.hasPrefix("/./") {
                inp = inp.dropFirst(2)
            } else if inp == "/." {
                inp = "/"
            } else if inp.hasPrefix("/../") {
                inp = inp.dropFirst(3)
                if let slash = result.lastIndex(of: "/") { result = String(result[..<slash]) } else { result = "" }
            } else if inp == "/.." {
                inp = "/"
                if let slash = result.lastIndex(of: "/") { result = String(result[..<slash]) } else { result = "" }
            } else if inp == "." || inp == ".." {
                inp = ""
            } else {
                var end = inp.index(after: inp.startIndex)
                if inp.first == "/" {
                    end = inp[end...].firstIndex(of: "/") ?? inp.endIndex
                } else {
                    end = inp.firstIndex(of: "/") ?? inp.endIndex
                }
                result += inp[..<end]
                inp = inp[end...]
            }
        }
        return result
    }
}

/// Resolves `reference` against `base` and returns the text.
func resolveURI(_ reference: String, against base: String) -> String {
    if base.isEmpty { return reference }
    return URIReference(base).resolving(reference).string
}

/// Splits a URI into the part before `#` and the fragment (nil when there is no `#`).
func splitFragment(_ uri: String) -> (base: String, fragment: String?) {
    guard let hash = uri.firstIndex(of: "#") else { return (uri, nil) }
    return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
}

/// Decodes `%XX` escapes (as UTF-8) in a URI fragment.
func percentDecode(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let c = utf8.first {
        utf8 = utf8.dropFirst()
        if c == UInt8(ascii: "%"), utf8.count >= 2,
            let h = hexValue(utf8[utf8.startIndex]), let l = hexValue(utf8[utf8.startIndex + 1])
        {
            bytes.append(h << 4 | l)
            utf8 = utf8.dropFirst(2)
        } else {
            bytes.append(c)
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func hexValue(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// Escapes a JSON Pointer token (`~` as `~0`, `/` as `~1`).
func escapePointerToken(_ token: String) -> String {
    guard token.contains("~") || token.contains("/") else { return token }
    var out = ""
    for c in token {
        switch c {
        case "~": out += "~0"
        case "/": out += "~1"
        default: out.append(c)
        }
    }
    return out
}

/// Percent-encodes what may not stand in a URI fragment (for absolute keyword locations).
func fragmentEncode(_ pointer: String) -> String {
    var out = ""
    for b in pointer.utf8 {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            out.unicodeScalars.append(Unicode.Scalar(b))
        default:
            if "-._~!$&'()*+,;=:@/?".utf8.contains(b) {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out += "%" + String(b, radix: 16, uppercase: true).leftPadded(2)
            }
        }
    }
    return out
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
