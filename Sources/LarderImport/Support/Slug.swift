import Foundation

/// Lower-case keys (`banana-bread`) made from names, URLs and tags, as Larder ids and tags
/// are written: letters a-z, digits and hyphens, starting with a letter or digit.
///
///     Slug.make("Bánh Mì Thịt")                                  // "banh-mi-thit"
///     Slug.fromURL("https://example.com/recipes/banana-bread/#recipe")   // "banana-bread"
///     Slug.make("../../etc/passwd")                              // "etc-passwd"
public enum Slug {
    /// The longest slug made (longer ones are cut at a hyphen where possible).
    public static let maxLength = 80

    /// True when `text` is already a slug.
    public static func isSlug(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLowerAlphanumeric(first) else { return false }
        return text.utf8.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "-") }
    }

    /// `text` as a slug: accents removed (é -> e, ơ -> o, đ -> d, ß -> ss), lower case,
    /// every run of other characters one hyphen, no hyphen at either end. Empty when the text
    /// holds no letter or digit a-z/0-9 can stand for (`"香蕉"`).
    public static func make(_ text: String) -> String {
        make(text, maxLength: maxLength)
    }

    /// `text` as a slug of at most `maxLength` characters.
    static func make(_ text: String, maxLength: Int) -> String {
        var out: [UInt8] = []
        var pendingHyphen = false
        func add(_ byte: UInt8) {
            if pendingHyphen && !out.isEmpty { out.append(UInt8(ascii: "-")) }
            pendingHyphen = false
            out.append(byte)
        }
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if scalar.isASCII {
                var byte = UInt8(scalar.value)
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
                if isLowerAlphanumeric(byte) { add(byte) } else { pendingHyphen = true }
            } else if let spelled = latin[scalar] {
                for byte in spelled.utf8 { add(byte) }
            } else {
                pendingHyphen = true
            }
        }
        if out.count > maxLength {
            out = Array(out.prefix(maxLength))
            if let cut = out.lastIndex(of: UInt8(ascii: "-")), cut >= maxLength / 2 { out = Array(out[..<cut]) }
            while out.last == UInt8(ascii: "-") { out.removeLast() }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The slug of a web address's last path segment (its extension dropped; an AMP or print
    /// version's `amp` and `print/1234` passed over):
    /// `https://example.com/recipes/banana-bread/#recipe` -> `banana-bread`. Empty when the
    /// address has no path (`https://example.com/?p=12`).
    public static func fromURL(_ text: String) -> String {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var query = ""
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            // The host is not part of the path.
            guard let slash = rest.firstIndex(of: "/") else { return "" }
            rest = rest[slash...]
        }
        var segments = rest.split(separator: "/").map { segment -> String in
            var s = String(segment)
            for ext in [".html", ".htm", ".php", ".aspx", ".asp", ".jsp"] where s.lowercased().hasSuffix(ext) { s.removeLast(ext.count) }
            if s.lowercased().hasSuffix(".amp"), s.count > 4 { s.removeLast(4) }
            return s.removingPercentEncoding ?? s
        }
        // The AMP or print version of a page names the page it is a version of
        // (`banana-bread/amp/`, `carrot-cake/print/1234/`, `wprm_print/12345`: `amp` and
        // `1234` were the ids, and several AMP pages collided on `amp`).
        while let last = segments.last {
            if last.lowercased() == "amp" {
                segments.removeLast()
            } else if let mark = segments.lastIndex(where: { printPageNames.contains($0.lowercased()) }),
                      segments[(mark + 1)...].allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
                segments.removeSubrange(mark...)
            } else {
                break
            }
        }
        // A page named for what it is, not for the recipe (`carrot-cake/index.html`,
        // `recipe.php?id=7`): the folder names it, else the query tells pages apart (both
        // had given `index` and `recipe`, and the second recipe was not imported). A query
        // that asks for the print or AMP version (`print=1`) tells no page apart.
        let values = query.split(separator: "&").filter { item in
            !printPageNames.union(["amp"]).contains(item.split(separator: "=", maxSplits: 1).first.map { $0.lowercased() } ?? "")
        }.compactMap { $0.split(separator: "=", maxSplits: 1).last.map(String.init) }
        var dropped = false
        while let last = segments.last, genericPageNames.contains(last.lowercased()) {
            if segments.count > 1 {
                segments.removeLast()
                dropped = true
            } else {
                return make(([last] + values).joined(separator: "-"))
            }
        }
        guard let last = segments.last else { return "" }
        // `food/view.php?id=7` and `?id=8`: the folder alone would name both pages.
        return make(dropped ? ([last] + values).joined(separator: "-") : last)
    }

    /// Path segments that start the print version of a page (`…/print/1234/`, WP Recipe
    /// Maker's `wprm_print`), and query names that ask for it (`?print=1`).
    static let printPageNames: Set<String> = ["print", "wprm_print", "print-recipe"]

    /// Last path segments that name a kind of page rather than the recipe on it.
    static let genericPageNames: Set<String> = ["index", "default", "recipe", "recipes", "page", "post", "view", "item", "detail", "details", "show", "article"]

    /// A slug that stands for text no slug can spell: `prefix-` and eight hex digits of
    /// the text's FNV-1a hash, the same for the same text on every run.
    public static func hashed(_ text: String, prefix: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return prefix + "-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Latin letters that do not decompose into a base letter and a mark.
    private static let latin: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d",
        "ł": "l", "Ł": "l", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ı": "i",
    ]
}
