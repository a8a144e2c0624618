/// A BCP 47 language tag as Larder's content uses them: language, optional script,
/// optional region, optional variants (`en`, `pt-BR`, `es-419`, `zh-Hant-TW`, `sr-Latn`).
///
/// Parsing checks the shape of every subtag and canonicalizes its case (language lower,
/// script title, region upper, variants lower), so `PT-br` and `pt-BR` are the same tag.
/// Extension (`-u-…`) and private-use (`-x-…`) subtags are refused: no platform folder
/// name can carry them.
///
///     let tag = try LanguageTag("zh-hant-tw")
///     tag.description      // "zh-Hant-TW"
///     tag.script           // "Hant"
public struct LanguageTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The language subtag, lower case: `pt`, `yue`.
    public let language: String
    /// The script subtag, title case: `Hant`, `Latn`.
    public let script: String?
    /// The region subtag: two upper-case letters (`BR`) or three digits (`419`).
    public let region: String?
    /// Variant subtags, lower case (`1901`, `valencia`).
    public let variants: [String]

    /// Parses and canonicalizes `text`; throws a ``LanguageTagError`` that says which subtag
    /// is wrong and why.
    public init(_ text: String) throws(LanguageTagError) {
        func fail(_ reason: String) -> LanguageTagError { LanguageTagError(tag: text, reason: reason) }
        if text.isEmpty { throw fail("the tag is empty") }
        if let preferred = LanguageTagShape.grandfathered[text.lowercased()] { throw fail(LanguageTagShape.grandfatheredProblem(preferred)) }
        // Subtags as ASCII byte arrays: tags are short and parsed often.
        var parts: [[UInt8]] = [[]]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"): parts.append([])
            case UInt8(ascii: "_"):
                throw fail("subtags are separated by '-', not '_' (write '\(text.replacingOccurrences(of: "_", with: "-"))')")
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                parts[parts.count - 1].append(byte)
            default:
                let part = text.split(separator: "-").first { $0.utf8.contains(byte) }.map(String.init) ?? text
                throw fail("the subtag '\(part)' holds a character other than A-Z, a-z and 0-9")
            }
        }
        if parts.contains(where: \.isEmpty) { throw fail("the tag has an empty subtag ('--' or a '-' at an end)") }
        func isLetters(_ p: [UInt8]) -> Bool { p.allSatisfy { $0 >= 0x41 && ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } }
        func isDigits(_ p: [UInt8]) -> Bool { p.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        func lower(_ p: [UInt8]) -> String { String(decoding: p.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self) }
        func upper(_ p: [UInt8]) -> String { String(decoding: p.map { $0 >= 0x61 && $0 <= 0x7A ? $0 & ~0x20 : $0 }, as: UTF8.self) }
        func string(_ p: [UInt8]) -> String { String(decoding: p, as: UTF8.self) }

        var rest = parts[...]
        let first = rest.removeFirst()
        guard (2...3).contains(first.count), isLetters(first) else {
            if first.count == 1, (first[0] | 0x20) == UInt8(ascii: "x") || (first[0] | 0x20) == UInt8(ascii: "i") {
                throw fail("private-use and grandfathered tags are not supported; start with a 2- or 3-letter language")
            }
            throw fail("the language subtag '\(string(first))' must be 2 or 3 letters (ISO 639)")
        }
        var script: String?
        var region: String?
        var variants: [String] = []
        if let next = rest.first, next.count == 4, isLetters(next) {
            script = upper([next[0]]) + lower(Array(next.dropFirst()))
            rest.removeFirst()
        }
        if let next = rest.first, (next.count == 2 && isLetters(next)) || (next.count == 3 && isDigits(next)) {
            region = upper(next)
            rest.removeFirst()
        }
        for part in rest {
            if part.count == 1 {
                throw fail("extension and private-use subtags ('-\(string(part))-…') are not supported")
            }
            let isVariant = (5...8).contains(part.count) || (part.count == 4 && isDigits([part[0]]))
            guard isVariant else {
                if part.count == 4 { throw fail("the script subtag '\(string(part))' must come right after the language") }
                if (part.count == 2 && isLetters(part)) || (part.count == 3 && isDigits(part)) {
                    throw fail("the region subtag '\(string(part))' is out of place or repeated")
                }
                throw fail("'\(string(part))' is not a script (4 letters), region (2 letters or 3 digits) or variant (5-8 characters, or a digit and 3 characters)")
            }
            let variant = lower(part)
            if variants.contains(variant) { throw fail("the variant '\(string(part))' is repeated") }
            variants.append(variant)
        }
        self.language = lower(first)
        self.script = script
        self.region = region
        self.variants = variants
    }

    /// A tag from parts already known to be valid (used by the fallback table).
    init(language: String, script: String? = nil, region: String? = nil, variants: [String] = []) {
        self.language = language
        self.script = script
        self.region = region
        self.variants = variants
    }

    /// True when `text` is a valid tag.
    public static func isValid(_ text: String) -> Bool {
        (try? LanguageTag(text)) != nil
    }

    /// The canonical text: `zh-Hant-TW`.
    public var description: String {
        var parts = [language]
        if let script { parts.append(script) }
        if let region { parts.append(region) }
        parts.append(contentsOf: variants)
        return parts.joined(separator: "-")
    }

    /// The subtags in order.
    public var subtags: [String] { description.split(separator: "-").map(String.init) }

    /// The tag without its last subtag (`zh-Hant-TW` -> `zh-Hant`), or nil for a bare language.
    public var truncated: LanguageTag? {
        if !variants.isEmpty { return LanguageTag(language: language, script: script, region: region, variants: variants.dropLast()) }
        if region != nil { return LanguageTag(language: language, script: script) }
        if script != nil { return LanguageTag(language: language) }
        return nil
    }

    public static func < (a: LanguageTag, b: LanguageTag) -> Bool { a.description < b.description }
}

/// A language tag that is not valid BCP 47 (as Larder accepts it), and why.
public struct LanguageTagError: Error, Sendable, Hashable, CustomStringConvertible {
    public var tag: String
    public var reason: String

    public init(tag: String, reason: String) {
        self.tag = tag
        self.reason = reason
    }

    public var description: String { "invalid language tag '\(tag)': \(reason)" }
}
