import Foundation
import LarderJSON

/// Imported images: Larder content names an image by a path relative to the kind's
/// `images` folder, while imported content names it by a web address. The path is the
/// address's host and path, the layout `wget --force-directories` downloads to:
///
///     https://images.openfoodfacts.org/images/products/301/762/042/2003/front_en.633.400.jpg
///     -> images.openfoodfacts.org/images/products/301/762/042/2003/front_en.633.400.jpg
///
/// and the address itself is kept beside it as `x-url`, so the files can be fetched:
/// `{ "src": "images.openfoodfacts.org/…", "x-url": "https://images.openfoodfacts.org/…" }`.
public enum ImageLink {
    /// The image a reference names: an `{src, x-url}` object for a web address (relative
    /// addresses are resolved against `base`, a page's address), the path itself for a
    /// relative path when there is no base. Throws for inline `data:` images and addresses
    /// that make no valid path.
    public static func image(_ reference: String, base: String? = nil, alt: JSONValue? = nil) throws(ImportValueError) -> JSONValue {
        let text = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw ImportValueError("the image address is empty") }
        if text.lowercased().hasPrefix("data:") { throw ImportValueError("an inline data: image cannot be imported as a file") }
        var absolute: URL?
        if text.hasPrefix("//") {
            absolute = URL(string: "https:" + text)
        } else if let scheme = text.range(of: "://"), text[..<scheme.lowerBound].allSatisfy({ $0.isLetter }) {
            absolute = URL(string: text)
        } else if let base, let baseURL = URL(string: base), baseURL.host != nil {
            absolute = URL(string: text, relativeTo: baseURL)?.absoluteURL
        } else if isRelativePath(text) {
            guard let alt else { return .string(text) }
            return .object(JSONObject([("src", .string(text)), ("alt", alt)]))
        }
        guard let url = absolute, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else { throw ImportValueError("'\(text)' is not an http(s) address or a relative path") }
        var segments = [host.lowercased() + (url.port.map { "_\($0)" } ?? "")]
        for part in url.standardized.path.split(separator: "/") where part != "." && part != ".." {
            var segment = ""
            for scalar in part.unicodeScalars {
                if scalar == ":" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F {
                    segment.append("_")
                } else {
                    segment.unicodeScalars.append(scalar)
                }
            }
            segments.append(segment)
        }
        // A query tells images apart (`img.php?id=1`, `?id=2`): a hash of it goes into the
        // file name, which was the same for both (the second image was dropped).
        if let query = url.query, !query.isEmpty, segments.count > 1 {
            let hash = String(Slug.hashed(query, prefix: "q").dropFirst(2))
            var last = segments.removeLast()
            if let dot = last.lastIndex(of: "."), dot != last.startIndex {
                last = last[..<dot] + "-" + hash + last[dot...]
            } else {
                last += "-" + hash
            }
            segments.append(last)
        }
        let path = segments.joined(separator: "/")
        guard segments.count > 1, isRelativePath(path) else {
            throw ImportValueError("'\(text)' names no image file")
        }
        var object = JSONObject([("src", .string(path))])
        if let alt { object["alt"] = alt }
        object["x-url"] = .string(url.absoluteString)
        return .object(object)
    }

    /// True for a path Larder's `relativePath` accepts: `/`-separated, no leading `/`, no
    /// `.`, `..` or empty segment, no backslash, no `:`.
    public static func isRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            if segment.isEmpty || segment == "." || segment == ".." { return false }
            if segment.contains(":") || segment.contains("\\") { return false }
        }
        return true
    }
}
