/// CLDR's parent locales: the chain a translation is looked up through when a text lacks the
/// exact locale.
///
/// A tag's parent is an explicit CLDR exception when there is one (`pt-AO` -> `pt-PT`,
/// `es-MX` -> `es-419`, `en-GB` -> `en-001`, `zh-Hant` -> root, `sr-Latn` -> root), else the
/// tag without its last subtag (`pt-BR` -> `pt`, `zh-Hant-TW` -> `zh-Hant`). A Chinese tag
/// with a traditional-script region and no script (`zh-TW`, `zh-HK`, `zh-MO`) is read as
/// `zh-Hant-…`, as CLDR's aliases do, so it never falls back to Simplified `zh`.
///
///     LocaleFallback.chain(for: try LanguageTag("pt-AO")).map(\.description)
///     // ["pt-AO", "pt-PT", "pt"]
///     LocaleFallback.chain(for: try LanguageTag("zh-Hant-TW")).map(\.description)
///     // ["zh-Hant-TW", "zh-Hant"]   (then root: never "zh", which is Simplified)
///
/// The table holds CLDR 47's exceptions for the languages content apps ship most (English,
/// Spanish, Portuguese, Chinese, Serbian, Norwegian and the scripts whose parent is root).
public enum LocaleFallback {
    /// The parent of `tag`, or nil when it is root.
    public static func parent(of tag: LanguageTag) -> LanguageTag? {
        let tag = implyingScript(tag)
        let key = tag.description
        if let explicit = parentExceptions[key] {
            return explicit == "root" ? nil : try? LanguageTag(explicit)
        }
        if rootScripts.contains(key) { return nil }
        return tag.truncated
    }

    /// The tag and its ancestors, nearest first, root left out: `es-MX` gives
    /// `[es-MX, es-419, es]`.
    public static func chain(for tag: LanguageTag) -> [LanguageTag] {
        var out = [tag]
        var current = implyingScript(tag)
        if current != tag { out.append(current) }
        while let parent = parent(of: current), !out.contains(parent), out.count < 16 {
            out.append(parent)
            current = parent
        }
        return out
    }

    /// Whether two tags are variants of one language as CLDR's fallback sees it: their
    /// chains meet (`pt-BR` and `pt-PT` at `pt`, `es-MX` and `es-ES` at `es`, `en-GB` and
    /// `en-US` at `en`), which `zh-Hant-TW` and `zh-Hans-CN` do not (`zh-Hant`'s parent is
    /// root), nor `sr-Latn` and `sr`. Compared without regard to case.
    public static func sameLanguage(_ a: String, _ b: String) -> Bool {
        let chainOfA = Set(chain(for: a).map { $0.lowercased() })
        return chain(for: b).contains { chainOfA.contains($0.lowercased()) }
    }

    /// The chain of a tag written as text; an invalid tag yields just itself.
    public static func chain(for text: String) -> [String] {
        guard let tag = try? LanguageTag(text) else { return [text] }
        return chain(for: tag).map(\.description)
    }

    /// `zh-TW` as `zh-Hant-TW` (and `zh-HK`, `zh-MO`): CLDR aliases these regions to the
    /// traditional script. Any other tag is returned as is.
    static func implyingScript(_ tag: LanguageTag) -> LanguageTag {
        if tag.language == "zh", tag.script == nil, let region = tag.region, ["TW", "HK", "MO"].contains(region) {
            return LanguageTag(language: "zh", script: "Hant", region: region, variants: tag.variants)
        }
        return tag
    }

    /// Tags with script whose parent is root rather than the bare language (the language's
    /// default script differs).
    static let rootScripts: Set<String> = [
        "az-Arab", "az-Cyrl", "bal-Latn", "blt-Latn", "bm-Nkoo", "bs-Cyrl", "byn-Latn", "cu-Glag", "dje-Arab",
        "dyo-Arab", "en-Dsrt", "en-Shaw", "ff-Adlm", "ff-Arab", "ha-Arab", "iu-Latn", "kk-Arab", "ks-Deva",
        "ku-Arab", "ky-Arab", "ky-Latn", "ml-Arab", "mn-Mong", "mni-Mtei", "ms-Arab", "pa-Arab", "sat-Deva",
        "sd-Deva", "sd-Khoj", "sd-Sind", "shi-Latn", "so-Arab", "sr-Latn", "sw-Arab", "tg-Arab", "ug-Cyrl",
        "uz-Arab", "uz-Cyrl", "vai-Latn", "wo-Arab", "yo-Arab", "yue-Hans", "zh-Hant", "zh-Latn",
    ]

    /// CLDR `parentLocales` exceptions (other than the root-parented scripts above).
    ///
    /// English's are CLDR 47's (`common/supplemental/supplementalData.xml`,
    /// `<parentLocales>`): en-150 is the parent of the 24 European regions listed below
    /// and en-001 of the 85 others (en-GS among them). Checked against Babel 2.19's
    /// `parent_exceptions` (CLDR 49), whose English exceptions are the same; where a newer
    /// CLDR differs, this table keeps CLDR 47's.
    static let parentExceptions: [String: String] = {
        var table: [String: String] = [
            "en-150": "en-001", "es-419": "es", "pt-PT": "pt", "en-001": "en",
            "zh-Hant-MO": "zh-Hant-HK", "hi-Latn": "en-IN", "nb": "no", "nn": "no",
            "az-Latn": "az", "bs-Latn": "bs", "sr-Cyrl": "sr", "uz-Latn": "uz", "pa-Guru": "pa", "zh-Hans": "zh",
        ]
        let en001 = "AG AI AU BB BM BS BW BZ CC CK CM CX CY DG DM ER FJ FK FM GB GD GG GH GI GM GS GY HK ID IE IL IM IN IO JE JM KE KI KN KY LC LR LS MG MO MS MT MU MV MW MY NA NF NG NR NU NZ PG PK PN PW RW SB SC SD SG SH SL SS SX SZ TC TK TO TT TV TZ UG VC VG VU WS ZA ZM ZW"
        for region in en001.split(separator: " ") { table["en-\(region)"] = "en-001" }
        let en150 = "AT BE CH CZ DE DK EE ES FI FR GE HU IT LT LV NL NO PL PT RO SE SI SK UA"
        for region in en150.split(separator: " ") { table["en-\(region)"] = "en-150" }
        let es419 = "AR BO BR BZ CL CO CR CU DO EC GT HN JP MX NI PA PE PR PY SV US UY VE"
        for region in es419.split(separator: " ") { table["es-\(region)"] = "es-419" }
        for region in "AO CH CV FR GQ GW LU MO MZ ST TL".split(separator: " ") { table["pt-\(region)"] = "pt-PT" }
        return table
    }()
}
