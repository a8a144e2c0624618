import LarderSchema
/// Checks links and video references without Foundation's lenient URL parser: what an app
/// on any platform can open.
public enum URLCheck {
    /// Why `text` is not an absolute http(s) URL with a well-formed host, or nil when it is.
    public static func problem(_ text: String) -> String? {
        if text.isEmpty { return "is empty" }
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace { return "holds white space; write a space as %20" }
            if scalar.value < 0x20 || scalar.value == 0x7F { return "holds a control character" }
        }
        guard let colon = text.firstIndex(of: ":") else { return "has no scheme; write it as https://…" }
        let scheme = text[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            return "is not an http(s) URL (its scheme is '\(scheme)')"
        }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return "has no '//' after '\(scheme):'" }
        let afterSlashes = rest.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterSlashes.endIndex
        let authority = afterSlashes[..<authorityEnd]
        let tail = afterSlashes[authorityEnd...]
        if authority.contains("@") { return "holds a user name or password before the host; links must not carry credentials" }
        if let problem = hostProblem(authority) { return problem }
        if let problem = tailProblem(tail) { return problem }
        return nil
    }

    /// The host (and port) part.
    public static func hostProblem(_ authority: Substring) -> String? {
        var host = authority
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return "has an IPv6 address without its closing ']'" }
            let address = host[host.index(after: host.startIndex)..<close]
            // RFC 4291's text forms, as the `ipv6` format checks them (RFC 3986 3.2.2).
            if !IPAddress.isIPv6(Array(address.utf8)) {
                return "has a malformed IPv6 address '[\(address)]'"
            }
            let after = host[host.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return "has characters after the IPv6 address" }
                port = after.dropFirst()
            }
            host = ""
        } else if let colon = host.lastIndex(of: ":") {
            port = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(port),
                (1...65535).contains(n)
            else { return "has a malformed port '\(port)'" }
        }
        if authority.hasPrefix("[") { return nil }
        if host.isEmpty { return "has no host" }
        var name = host
        if name.hasSuffix(".") { name = name.dropLast() }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        // A dotted IPv4 address.
        if labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
            guard labels.count == 4, labels.allSatisfy({ $0.count <= 3 && Int($0)! <= 255 }) else {
                return "has a malformed IP address '\(host)'"
            }
            return nil
        }
        if name.count > 253 { return "has a host name longer than 253 characters" }
        for (i, label) in labels.enumerated() {
            if label.isEmpty { return "has an empty label in the host '\(host)' (two dots in a row?)" }
            // An underscore below the top-level domain (`my_shop.example.com`): no DNS host
            // name has one, but DNS, browsers and the apps' URL types take it, and real links
            // have it, so it is no mistake here.
            let underscore = i < labels.count - 1
            if let bad = label.first(where: { !($0.isLetter || $0.isNumber || $0 == "-" || (underscore && $0 == "_")) }) {
                return "has \(CharacterName.shown(bad)) in the host '\(host)', which a host name cannot hold"
            }
            if label.utf8.count > 63 && label.allSatisfy(\.isASCII) { return "has a host label longer than 63 characters" }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "has a host label that starts or ends with '-' in '\(host)'" }
        }
        if labels.count < 2 { return "has the host '\(host)', which is not a domain name (no dot)" }
        if let tld = labels.last, tld.allSatisfy({ $0.isNumber }) { return "has a malformed host '\(host)'" }
        return nil
    }

    /// Path, query and fragment: percent escapes are well formed, and no character must
    /// be escaped.
    public static func tailProblem(_ tail: Substring) -> String? {
        var i = tail.startIndex
        while i < tail.endIndex {
            let c = tail[i]
            if c == "%" {
                let a = tail.index(after: i)
                guard a < tail.endIndex, tail[a].isHexDigit, tail.index(after: a) < tail.endIndex,
                    tail[tail.index(after: a)].isHexDigit
                else { return "has a '%' not followed by two hex digits; write '%' itself as %25" }
            }
            if "\"<>\\`{}".contains(c) { return "holds '\(c)', which must be percent-encoded" }
            i = tail.index(after: i)
        }
        return nil
    }

    /// True for a YouTube video id: 11 characters of A-Z, a-z, 0-9, `_` and `-`.
    public static func isYouTubeID(_ text: Substring) -> Bool {
        text.utf8.count == 11 && text.utf8.allSatisfy { b in
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
        }
    }

    /// What a YouTube URL names.
    public enum YouTube: Equatable {
        /// Not a YouTube URL.
        case other
        /// A YouTube page that is not a video (a channel, a playlist).
        case noVideo
        /// A video URL with this id (well formed or not).
        case video(Substring)
    }

    /// Reads a well-formed http(s) URL as a YouTube link.
    public static func youTube(_ text: String) -> YouTube {
        guard let schemeEnd = text.range(of: "://") else { return .other }
        let afterScheme = text[schemeEnd.upperBound...]
        let hostEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        var host = afterScheme[..<hostEnd].lowercased()
        if let colon = host.lastIndex(of: ":") { host = String(host[..<colon]) }
        // A host name may end in the dot of the DNS root: `www.youtube.com.` is YouTube.
        if host.hasSuffix(".") { host.removeLast() }
        for prefix in ["www.", "m.", "music."] where host.hasPrefix(prefix) { host = String(host.dropFirst(prefix.count)) }
        let tail = afterScheme[hostEnd...]
        let pathEnd = tail.firstIndex { $0 == "?" || $0 == "#" } ?? tail.endIndex
        let path = tail[..<pathEnd].split(separator: "/")
        let query = tail[pathEnd...].drop { $0 == "?" }.prefix { $0 != "#" }
        switch host {
        case "youtu.be":
            guard let id = path.first else { return .noVideo }
            return .video(id)
        case "youtube.com", "youtube-nocookie.com":
            if path.first == "watch" {
                for pair in query.split(separator: "&") where pair.hasPrefix("v=") { return .video(pair.dropFirst(2)) }
                return .video("")
            }
            if let first = path.first, ["embed", "shorts", "v", "live", "e"].contains(first) {
                return .video(path.count > 1 ? path[1] : "")
            }
            return .noVideo
        default:
            return .other
        }
    }

    /// True when a text starts with a URL scheme (`https:`, `mailto:`).
    public static func hasScheme(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
        for scalar in text.unicodeScalars.dropFirst() {
            if scalar == ":" { return true }
            if !(scalar.isASCIILetter || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "." || scalar == "-") {
                return false
            }
        }
        return false
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
