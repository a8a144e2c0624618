/// Whether a text is a BCP 47 language tag of the shape Larder's exporters, its schemas and
/// its importers take: a 2-3 letter language, then an optional 4-letter script, an optional
/// region (2 letters or 3 digits) and variants (5-8 letters or digits, or a digit and 3),
/// each variant once; no extension or private-use subtags (`en-x-test`), no extended
/// language (`zh-yue`). Case is not checked.
///
/// Lint finds a team's own texts with it, so lint checks exactly the language maps the
/// exporters export (LarderExport's `LanguageTag` parses the same shape).
public enum LanguageTagShape {
    /// RFC 5646's grandfathered tags (section 2.2.8), in lower case, each with the tag the
    /// IANA registry prefers for it ("" when it names none). Some look like a language and
    /// a variant (`zh-hakka`), but each names a language of its own (Hakka, `hak`): read as
    /// a variant of Chinese, `zh-hakka` was given Mandarin texts, and folders named
    /// `values-b+zh+hakka` and `zh@hakka.po`.
    public static let grandfathered: [String: String] = [
        "art-lojban": "jbo", "cel-gaulish": "", "no-bok": "nb", "no-nyn": "nn", "zh-guoyu": "cmn", "zh-hakka": "hak",
        "zh-min": "", "zh-min-nan": "nan", "zh-xiang": "hsn", "en-gb-oed": "en-GB-oxendict", "i-ami": "ami",
        "i-bnn": "bnn", "i-default": "", "i-enochian": "", "i-hak": "hak", "i-klingon": "tlh", "i-lux": "lb",
        "i-mingo": "", "i-navajo": "nv", "i-pwn": "pwn", "i-tao": "tao", "i-tay": "tay", "i-tsu": "tsu",
        "sgn-be-fr": "sfb", "sgn-be-nl": "vgt", "sgn-ch-de": "sgg",
    ]

    /// What to say of a grandfathered tag whose preferred tag is `preferred`.
    public static func grandfatheredProblem(_ preferred: String) -> String {
        "it is a grandfathered tag (RFC 5646), for a language of its own; "
            + (preferred.isEmpty ? "name the language with a tag of the usual form" : "write \(preferred), the tag BCP 47 prefers for it")
    }

    public static func isWellFormed(_ tag: String) -> Bool {
        guard grandfathered[tag.lowercased()] == nil else { return false }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        func letters(_ s: Substring) -> Bool { !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isLetter } }
        func digits(_ s: Substring) -> Bool { !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } }
        func alphanumeric(_ s: Substring) -> Bool { s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard let first = parts.first, (2...3).contains(first.count), letters(first) else { return false }
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, letters(script) { rest = rest.dropFirst() }
        if let region = rest.first, (region.count == 2 && letters(region)) || (region.count == 3 && digits(region)) { rest = rest.dropFirst() }
        var seen = Set<String>()
        for variant in rest {
            let isVariant = ((5...8).contains(variant.count) && alphanumeric(variant))
                || (variant.count == 4 && variant.first.map { $0.isASCII && $0.isNumber } == true && alphanumeric(variant))
            guard isVariant, seen.insert(variant.lowercased()).inserted else { return false }
        }
        return true
    }

    /// Why `tag` is not of the shape Larder takes (`the variant '1901' is repeated`), or nil
    /// when it is.
    public static func problem(_ tag: String) -> String? {
        guard !isWellFormed(tag) else { return nil }
        if let preferred = grandfathered[tag.lowercased()] { return grandfatheredProblem(preferred) }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        // A variant written twice (`de-DE-1901-1901`): well formed with it once.
        func variantShaped(_ s: Substring) -> Bool { s.count >= 5 || (s.count == 4 && s.first?.isNumber == true) }
        var seen = Set<String>(), kept: [Substring] = [], repeated: Substring?
        for part in parts {
            if !variantShaped(part) || seen.insert(part.lowercased()).inserted { kept.append(part) } else if repeated == nil { repeated = part }
        }
        if let repeated, isWellFormed(kept.joined(separator: "-")) {
            return "the variant '\(repeated)' is repeated, which BCP 47 does not allow; write it once"
        }
        if let base = withoutExtensions(tag) {
            return "Larder does not take extension or private-use subtags (-u-…, -x-…); write \(base)"
        }
        return "Larder takes a language, then an optional script, region and variants (like en, pt-BR, zh-Hant-TW, es-419)"
    }

    /// The part of `tag` before its first extension or private-use subtag (`en-US` of
    /// `en-US-u-ca-gregory`), when that part is of the shape Larder takes; else nil.
    public static func withoutExtensions(_ tag: String) -> String? {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let singleton = parts.dropFirst().firstIndex(where: { $0.count == 1 }) else { return nil }
        let base = parts[..<singleton].joined(separator: "-")
        return isWellFormed(base) ? base : nil
    }

    /// What is wrong with `value` as a language tag, for a message that quotes it first
    /// (`'pt_BR' is not a BCP 47 language tag …; write pt-BR`); nil for a tag Larder takes.
    /// One wording for larder.yml's schema check and the command line's `--language`: a
    /// grandfathered tag and one with extension subtags are named as such, with the tag to
    /// write; anything else is no tag, with the hint when `_` or `@` for `-` makes one
    /// (`pt_BR`, `ca_ES@valencia`).
    public static func quotedProblem(_ value: String) -> String? {
        guard !isWellFormed(value) else { return nil }
        if let preferred = grandfathered[value.lowercased()] {
            return String(grandfatheredProblem(preferred).dropFirst("it ".count))
        }
        if let base = withoutExtensions(value) {
            return "is a language tag with extension or private-use subtags (-u-…, -x-…), which Larder does not take; write \(base)"
        }
        if let problem = subtagProblem(value) { return problem }
        let dashed = value.replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: "@", with: "-")
        let hint = dashed != value && isWellFormed(dashed) ? "; write \(dashed)" : ""
        return "is not a BCP 47 language tag (like en, pt-BR, zh-Hant-TW, es-419)" + hint
    }

    /// What is wrong with a subtag of `tag`, for a message that quotes the tag first, when
    /// the tag is a private-use tag (`x-pseudo`), has an extended language subtag
    /// (`zh-cmn-Hans`, RFC 5646) or a subtag longer than any tag may have (9 characters or
    /// more): each with what to write. Nil for any other tag.
    static func subtagProblem(_ tag: String) -> String? {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else { return nil }
        func letters(_ s: Substring) -> Bool { s.allSatisfy(\.isLetter) }
        if parts[0].lowercased() == "x" {
            return "is a private-use tag (x-…), which Larder does not take: no platform's folder or file names can carry it; "
                + "for pseudo-localization, give an export the option pseudo: [en-XA, ar-XB]"
        }
        if parts.count >= 2, (2...3).contains(parts[0].count), letters(parts[0]), parts[1].count == 3, letters(parts[1]) {
            let rest = parts.dropFirst(2)
            let alone = canonical(([parts[1]] + rest).joined(separator: "-"))
            let macro = canonical(([parts[0]] + rest).joined(separator: "-"))
            let options = [alone, macro].filter(isWellFormed)
            if !options.isEmpty {
                let written = isWellFormed(alone) ? "\(alone) (the language on its own)" + (options.count > 1 ? " or \(macro)" : "") : macro
                return "has the extended language subtag '\(parts[1])' (RFC 5646), which Larder does not take; write \(written)"
            }
        }
        if parts[0].count > 8 {
            return "has the language subtag '\(parts[0])' of \(parts[0].count) characters, and a language subtag has 2 or 3 letters (ISO 639: en, pt, yue)"
        }
        if let long = parts.first(where: { $0.count > 8 }) {
            let without = parts.filter { $0 != long }.joined(separator: "-")
            return "has the subtag '\(long)' of \(long.count) characters, and a subtag has at most 8 (a variant 5 to 8 letters or digits); "
                + (isWellFormed(without) ? "shorten it, or write \(canonical(without))" : "shorten it")
        }
        return nil
    }

    /// `tag` in the case BCP 47 recommends (RFC 5646, 2.1.1): language lower case, script
    /// title case, region upper case, variants lower case (`en-US`, `zh-Hant-TW`,
    /// `ca-ES-valencia`). Tags ignore case, so this is the same tag; it is the spelling the
    /// exporters write and platforms expect. A tag that is not well formed is returned as it is.
    public static func canonical(_ tag: String) -> String {
        guard isWellFormed(tag) else { return tag }
        var out: [String] = []
        for (i, part) in tag.split(separator: "-").enumerated() {
            let isLetters = part.allSatisfy(\.isLetter)
            if i == 0 {
                out.append(part.lowercased())
            } else if i == 1 || (i == 2 && out[1].count == 4), part.count == 4, isLetters {
                out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if part.count == 2 && isLetters || part.count == 3 && part.allSatisfy(\.isNumber) {
                out.append(part.uppercased())
            } else {
                out.append(part.lowercased())
            }
        }
        return out.joined(separator: "-")
    }
}
