/// Turns file paths into URIs for reports (SARIF).
enum FileURI {
    /// The path's segments with `.` removed and `..` applied (lexically; a leading `..` of
    /// a relative path is kept).
    static func normalizedSegments(_ path: String) -> [Substring] {
        var out: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." { continue }
            if segment == "..", let last = out.last, last != ".." {
                out.removeLast()
                continue
            }
            if segment == ".." && path.hasPrefix("/") { continue }  // "/.." is "/"
            out.append(segment)
        }
        return out
    }

    /// Percent-encodes one path segment: everything but RFC 3986's unreserved characters
    /// (`A-Z a-z 0-9 - . _ ~`) is written as `%XX` of its UTF-8 bytes.
    static func encodeSegment<S: StringProtocol>(_ segment: S) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(segment.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in segment.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(b)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 15)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The encoded relative URI of segments (`recipes/caf%C3%A9%20au%20lait.json`).
    static func relative(_ segments: [Substring]) -> String {
        segments.map { encodeSegment($0) }.joined(separator: "/")
    }

    /// A `file://` URI for an absolute path; `directory` adds a trailing slash.
    static func absolute(_ path: String, directory: Bool = false) -> String {
        let segments = normalizedSegments(path)
        var uri = "file:///" + relative(segments)
        if directory && !segments.isEmpty { uri += "/" }
        return uri
    }

    /// How a report names `file`: relative to `base` when it lies inside it (`uriBaseId`
    /// is then used), else an absolute `file://` URI.
    static func location(of file: String, base: String) -> (uri: String, relativeToBase: Bool) {
        guard base.hasPrefix("/") else {
            // No absolute base: keep the path relative as given.
            if file.hasPrefix("/") { return (absolute(file), false) }
            return (relative(normalizedSegments(file)), true)
        }
        let full = file.hasPrefix("/") ? file : base + "/" + file
        let segments = normalizedSegments(full)
        let baseSegments = normalizedSegments(base)
        if segments.count > baseSegments.count && segments.starts(with: baseSegments) {
            return (relative(Array(segments.dropFirst(baseSegments.count))), true)
        }
        return (absolute(full), false)
    }
}
