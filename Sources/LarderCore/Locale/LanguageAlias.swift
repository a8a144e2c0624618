/// Two spellings of one locale that no exporter or look-up treats as one: a deprecated
/// language code and the code that replaced it (`iw` and `he`), and a Chinese region
/// written with or without its script (`zh-TW` and `zh-Hant-TW`).
///
/// Larder looks a text up by its locale's tag (case aside) and CLDR's parent chain, so
/// content written under `iw` in a project whose locale is `he` is never exported: the
/// Hebrew falls back to the source language. Lint and the config loader use this to say
/// so, naming the spelling to keep.
///
///     LanguageAlias.sameLocale("iw", "he")              // true
///     LanguageAlias.sameLocale("zh-TW", "zh-Hant-TW")   // true
///     LanguageAlias.reason("iw", "he")
///     // "iw is the former code of Hebrew (BCP 47 replaced it with he)"
public enum LanguageAlias {
    /// Deprecated ISO 639 language codes and the codes that replaced them, from the IANA
    /// language subtag registry's Preferred-Value fields (the two-letter codes; the
    /// three-letter ones are not written as content keys).
    static let replaced: [String: (code: String, name: String)] = [
        "in": ("id", "Indonesian"), "iw": ("he", "Hebrew"), "ji": ("yi", "Yiddish"),
        "jw": ("jv", "Javanese"), "mo": ("ro", "Romanian"),
    ]

    /// The tag with a replaced language code replaced and a Chinese region's script made
    /// explicit, in canonical case; nil for text that is not a valid tag.
    public static func canonical(_ text: String) -> LanguageTag? {
        guard let tag = try? LanguageTag(text) else { return nil }
        var language = tag.language
        if let replacement = replaced[language] { language = replacement.code }
        let named = LanguageTag(language: language, script: tag.script, region: tag.region, variants: tag.variants)
        return LocaleFallback.implyingScript(named)
    }

    /// True when `a` and `b` are different spellings of one locale (not when they are the
    /// same text or differ only in case: that is the same spelling).
    public static func sameLocale(_ a: String, _ b: String) -> Bool {
        guard a.lowercased() != b.lowercased(), let x = canonical(a), let y = canonical(b) else { return false }
        return x == y
    }

    /// Why `written` and `kept` are one locale, for a message (`sameLocale` is true).
    public static func reason(_ written: String, _ kept: String) -> String {
        for old in [written, kept] {
            if let tag = try? LanguageTag(old), let replacement = replaced[tag.language] {
                return "\(old) is the former code of \(replacement.name) (BCP 47 replaced it with \(replacement.code))"
            }
        }
        return "CLDR reads a Chinese tag with the region TW, HK or MO and no script as Traditional Chinese: \(written) and \(kept) are one locale"
    }
}
