/// A CLDR plural category: the forms a language distinguishes when counting.
///
/// Declared in CLDR's order, so sorting a set of categories gives `zero, one, two, few,
/// many, other`, as String Catalogs, Android and i18next list them.
public enum PluralCategory: String, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    case zero, one, two, few, many, other

    public var description: String { rawValue }

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// CLDR cardinal plural rules: which categories a locale uses, and which one an integer
/// count falls in.
///
///     PluralRules.categories(for: "ru")       // [one, few, many, other]
///     PluralRules.category(of: 0, in: "pt")    // .one   (Brazilian rules: i = 0..1)
///     PluralRules.category(of: 0, in: "pt-PT")  // .other
///
/// A locale is looked up through its CLDR parent chain (`pt-AO` uses `pt-PT`'s rules), and
/// a CLDR language alias as the language it stands for (`rus` as `ru`); a language the
/// table does not know gets `one`/`other`, the most common pair.
public enum PluralRules {
    /// The rule family of a locale: languages that share a rule share a family.
    package enum Family: String, Sendable, CaseIterable {
        /// Only `other` (ja, zh, vi, ko, th, id …).
        case otherOnly
        /// `one` for 1 (en, de, nl, sv …).
        case oneIsOne
        /// `one` for 0 and 1 (hi, bn, fa, am, hy, kab …).
        case oneIsZeroOrOne
        /// `one` for 0..1, `many` for millions (pt, Brazilian rules; fr).
        case portuguese
        /// `one` for 1, `many` for millions (pt-PT, es, it, ca, scn).
        case romance
        /// `one`/`few`/`many` by last digits (ru, uk, be).
        case eastSlavic
        /// `one`/`few`/`many` (pl).
        case polish
        /// `one`/`few`, `many` for fractions (cs, sk).
        case czech
        /// `one`/`few`/`other` by last digits (hr, sr, bs).
        case serboCroatian
        /// `one`/`few`/`other` (ro, mo).
        case romanian
        /// `one`/`few`, `many` for fractions (lt).
        case lithuanian
        /// `zero`/`one`/`other` (lv).
        case latvian
        /// `one`/`two`/`few`/`other` by the last two digits (sl).
        case slovenian
        /// `zero`/`one`/`two`/`few`/`many`/`other` (ar).
        case arabic
        /// `one`/`two`/`other` (he, iu, naq, sat, the Sámi languages).
        case hebrew
        /// `one`/`two`/`few`/`many`/`other` (ga).
        case irish
        /// `zero`/`one`/`two`/`few`/`many`/`other` (cy).
        case welsh
        /// `one` unless the last digit is 4, 6 or 9 (fil, tl, ceb).
        case filipino
        /// `one` for 1, 21, 31 … but not 11 (is, mk).
        case icelandic
        /// `one`/`two`/`few`/`many`/`other` (mt).
        case maltese
        /// `one` for 1 and 11, `two` for 2 and 12, `few` to 19 (gd).
        case scottishGaelic
        /// `one`/`two`/`few` by last digits, `many` for millions (br).
        case breton
        /// `one`/`two` by the last digit, `few` for 0, 20, 40, 60, 80 (gv).
        case manx
        /// `zero`/`one`/`two`/`few`/`many`/`other` by the last digits (kw).
        case cornish
        /// `zero` for 0, `one` for 1 (ksh, lag, cv, blo).
        case zeroOne
        /// `one` for 0 and 1, `few` for 2 to 10 (shi).
        case tachelhit
        /// `one` for 1, 21, 31 … but not 11, `two` for 2 alone, `few` for the other last
        /// digits 2 to 9 but not 12 to 19; `many` is for fractions only (sgs).
        case samogitian
        /// `one` for 0, 1 and 11 to 99 (tzm).
        case centralAtlasTamazight

        var categories: [PluralCategory] {
            switch self {
            case .otherOnly: [.other]
            case .oneIsOne, .oneIsZeroOrOne, .filipino, .icelandic, .centralAtlasTamazight: [.one, .other]
            case .portuguese, .romance: [.one, .many, .other]
            case .eastSlavic, .polish, .czech, .lithuanian: [.one, .few, .many, .other]
            case .serboCroatian, .romanian: [.one, .few, .other]
            case .latvian: [.zero, .one, .other]
            case .slovenian: [.one, .two, .few, .other]
            case .arabic, .welsh: [.zero, .one, .two, .few, .many, .other]
            case .hebrew: [.one, .two, .other]
            case .irish, .maltese, .breton, .manx: [.one, .two, .few, .many, .other]
            case .scottishGaelic: [.one, .two, .few, .other]
            case .cornish: [.zero, .one, .two, .few, .many, .other]
            case .zeroOne: [.zero, .one, .other]
            case .tachelhit: [.one, .few, .other]
            case .samogitian: [.one, .two, .few, .many, .other]
            }
        }

        func category(of n: Int) -> PluralCategory {
            let n = n.magnitude
            let d10 = n % 10, d100 = n % 100
            let million = n != 0 && n % 1_000_000 == 0
            switch self {
            case .otherOnly: return .other
            case .oneIsOne: return n == 1 ? .one : .other
            case .oneIsZeroOrOne: return n <= 1 ? .one : .other
            case .portuguese: return n <= 1 ? .one : million ? .many : .other
            case .romance: return n == 1 ? .one : million ? .many : .other
            case .eastSlavic:
                if d10 == 1 && d100 != 11 { return .one }
                if (2...4).contains(d10) && !(12...14).contains(d100) { return .few }
                return .many
            case .polish:
                if n == 1 { return .one }
                if (2...4).contains(d10) && !(12...14).contains(d100) { return .few }
                return .many
            case .czech: return n == 1 ? .one : (2...4).contains(n) ? .few : .other
            case .serboCroatian:
                if d10 == 1 && d100 != 11 { return .one }
                if (2...4).contains(d10) && !(12...14).contains(d100) { return .few }
                return .other
            case .romanian: return n == 1 ? .one : (n == 0 || (1...19).contains(d100)) ? .few : .other
            case .lithuanian:
                if d10 == 1 && !(11...19).contains(d100) { return .one }
                if (2...9).contains(d10) && !(11...19).contains(d100) { return .few }
                return .other
            case .latvian:
                if d10 == 0 || (11...19).contains(d100) { return .zero }
                if d10 == 1 && d100 != 11 { return .one }
                return .other
            case .slovenian:
                switch d100 {
                case 1: return .one
                case 2: return .two
                case 3, 4: return .few
                default: return .other
                }
            case .arabic:
                switch n {
                case 0: return .zero
                case 1: return .one
                case 2: return .two
                default: return (3...10).contains(d100) ? .few : (11...99).contains(d100) ? .many : .other
                }
            case .hebrew: return n == 1 ? .one : n == 2 ? .two : .other
            case .irish:
                switch n {
                case 1: return .one
                case 2: return .two
                case 3...6: return .few
                case 7...10: return .many
                default: return .other
                }
            case .welsh:
                switch n {
                case 0: return .zero
                case 1: return .one
                case 2: return .two
                case 3: return .few
                case 6: return .many
                default: return .other
                }
            case .filipino: return [4, 6, 9].contains(d10) ? .other : .one
            case .icelandic: return d10 == 1 && d100 != 11 ? .one : .other
            case .maltese:
                if n == 1 { return .one }
                if n == 2 { return .two }
                if n == 0 || (3...10).contains(d100) { return .few }
                return (11...19).contains(d100) ? .many : .other
            case .scottishGaelic:
                switch n {
                case 1, 11: return .one
                case 2, 12: return .two
                case 3...19: return .few
                default: return .other
                }
            case .breton:
                if d10 == 1 && ![11, 71, 91].contains(d100) { return .one }
                if d10 == 2 && ![12, 72, 92].contains(d100) { return .two }
                if [3, 4, 9].contains(d10) && !(10...19).contains(d100) && !(70...79).contains(d100) && !(90...99).contains(d100) { return .few }
                return million ? .many : .other
            case .manx:
                if d10 == 1 { return .one }
                if d10 == 2 { return .two }
                return n % 20 == 0 ? .few : .other  // `many` is for fractions only
            case .cornish:
                if n == 0 { return .zero }
                if n == 1 { return .one }
                let d1000 = n % 1000, d100000 = n % 100_000
                if [2, 22, 42, 62, 82].contains(d100) || (d1000 == 0 && ((1000...20000).contains(d100000) || [40000, 60000, 80000].contains(d100000)))
                    || n % 1_000_000 == 100_000 { return .two }
                if [3, 23, 43, 63, 83].contains(d100) { return .few }
                return [1, 21, 41, 61, 81].contains(d100) ? .many : .other
            case .zeroOne: return n == 0 ? .zero : n == 1 ? .one : .other
            case .tachelhit: return n <= 1 ? .one : n <= 10 ? .few : .other
            case .samogitian:
                if d10 == 1 && d100 != 11 { return .one }
                if n == 2 { return .two }
                if (2...9).contains(d10) && !(11...19).contains(d100) { return .few }
                return .other  // `many` is for fractions only
            case .centralAtlasTamazight: return n <= 1 || (11...99).contains(n) ? .one : .other
            }
        }
    }

    static let families: [String: Family] = {
        var table: [String: Family] = [:]
        func add(_ family: Family, _ tags: String) {
            for tag in tags.split(separator: " ") { table[String(tag)] = family }
        }
        add(.otherOnly, "ja zh zh-Hant zh-Hans yue ko vi th id ms lo my km bo dz ig ii jbo jv kea kde ses sg to wo yo sah su nqo osa bm hnj lkt tpi root")
        add(.oneIsOne, "en de nl sv da nb nn no fi et el hu bg ka az kk ky uz sq ur sw ta te ml mr tr af eu gl ast fy ia io lb ps rm so tk ug xh ne or sd ha ku ce ee fo kl lg mn nd nr os sn ss st tn ts ve yi"
            + " an asa bal bem bez brx cgg chr ckb dv eo fur gsw haw ie jgo jmc kaj kcg kkj ks ksb lij mas mgo nah nnh ny nyn om"
            + " pap rof rwk saq sc sdh seh ssy syr teo tig vo vun wae xog")
        add(.oneIsZeroOrOne, "hi bn gu kn fa am hy as doi pcm zu ak ff ln mg pa si ti wa guw nso bho csw kab kok")
        add(.portuguese, "pt fr")
        add(.romance, "pt-PT es it ca vec lld scn")
        add(.eastSlavic, "ru uk be")
        add(.polish, "pl")
        add(.czech, "cs sk")
        add(.serboCroatian, "hr sr bs sh")
        add(.romanian, "ro mo")
        add(.lithuanian, "lt")
        add(.latvian, "lv prg")
        add(.slovenian, "sl dsb hsb")
        add(.arabic, "ar ars")
        add(.hebrew, "he iw se smn smj sma sms smi iu naq sat")
        add(.irish, "ga")
        add(.welsh, "cy")
        add(.filipino, "fil tl ceb")
        add(.icelandic, "is mk")
        add(.maltese, "mt")
        add(.scottishGaelic, "gd")
        add(.breton, "br")
        add(.manx, "gv")
        add(.cornish, "kw")
        add(.zeroOne, "ksh lag cv blo")
        add(.tachelhit, "shi")
        add(.samogitian, "sgs")
        add(.centralAtlasTamazight, "tzm")
        return table
    }()

    /// CLDR's language aliases for the languages it has plural rules for: ISO 639-2 and
    /// 639-3 codes (`rus`, `ger`, `fra`, `tgl`), macrolanguage members (`cmn`, `arb`,
    /// `swh`) and deprecated codes (`in`, `ji`, `jw`), each to the language whose rules it
    /// takes. Only the language is replaced: `por-PT` follows `pt-PT`.
    package static let languageAliases: [String: String] = {
        var table: [String: String] = [:]
        func alias(_ language: String, _ codes: String) {
            for code in codes.split(separator: " ") { table[String(code)] = language }
        }
        alias("af", "afr")
        alias("ak", "aka fat twi")
        alias("am", "amh")
        alias("an", "arg")
        alias("ar", "ara arb")
        alias("as", "asm")
        alias("az", "aze azj")
        alias("bal", "bcc")
        alias("be", "bel")
        alias("bg", "bul")
        alias("bho", "bih")
        alias("bm", "bam")
        alias("bn", "ben")
        alias("bo", "bod tib")
        alias("br", "bre")
        alias("bs", "bos")
        alias("ca", "cat")
        alias("ce", "che")
        alias("cs", "ces cze")
        alias("cv", "chv")
        alias("cy", "cym wel")
        alias("da", "dan")
        alias("de", "deu ger")
        alias("doi", "dgo")
        alias("dv", "div")
        alias("dz", "adp dzo")
        alias("ee", "ewe")
        alias("el", "ell gre")
        alias("en", "eng")
        alias("eo", "epo")
        alias("es", "spa")
        alias("et", "ekk est")
        alias("eu", "baq eus")
        alias("fa", "drw fas per pes prs tnf")
        alias("ff", "fuc ful")
        alias("fi", "fin")
        alias("fil", "tgl")
        alias("fo", "fao")
        alias("fr", "fra fre")
        alias("fy", "fry")
        alias("ga", "gle")
        alias("gd", "gla")
        alias("gl", "glg")
        alias("gu", "guj prp")
        alias("gv", "glv")
        alias("ha", "hau")
        alias("he", "heb")
        alias("hi", "hin")
        alias("hr", "hrv scr")
        alias("hu", "hun")
        alias("hy", "arm hye")
        alias("ia", "ina")
        alias("id", "in ind")
        alias("ie", "ile")
        alias("ig", "ibo")
        alias("ii", "iii")
        alias("io", "ido")
        alias("is", "ice isl")
        alias("it", "ita")
        alias("iu", "ike iku")
        alias("ja", "jpn")
        alias("jv", "jav jaw jw")
        alias("ka", "geo kat")
        alias("kk", "kaz")
        alias("kl", "kal")
        alias("km", "khm")
        alias("kn", "kan")
        alias("ko", "kor")
        alias("kok", "gom")
        alias("ks", "kas")
        alias("ku", "kmr kur")
        alias("kw", "cor")
        alias("ky", "kir")
        alias("lb", "ltz")
        alias("lg", "lug")
        alias("ln", "lin")
        alias("lo", "lao")
        alias("lt", "lit")
        alias("lv", "lav lvs")
        alias("mg", "mlg plt")
        alias("mk", "mac mkd")
        alias("ml", "mal")
        alias("mn", "drh khk mon")
        alias("mr", "mar")
        alias("ms", "may msa zsm")
        alias("mt", "mlt")
        alias("my", "bur mya")
        alias("nb", "nob")
        alias("nd", "nde")
        alias("ne", "nep npi")
        alias("nl", "dut nld")
        alias("nn", "nno")
        alias("no", "nor")
        alias("nr", "nbl")
        alias("ny", "nya")
        alias("om", "gaz orm")
        alias("or", "ori ory")
        alias("os", "oss")
        alias("pa", "pan")
        alias("pl", "pol")
        alias("ps", "pbu pus")
        alias("pt", "por")
        alias("rm", "roh")
        alias("ro", "mol ron rum")
        alias("ru", "rus")
        alias("sc", "src srd")
        alias("sd", "snd")
        alias("se", "sme")
        alias("sg", "sag")
        alias("si", "sin")
        alias("sk", "slk slo")
        alias("sl", "slv")
        alias("sn", "sna")
        alias("so", "som")
        alias("sq", "alb als sqi")
        alias("sr", "cnr hbs scc srp")
        alias("ss", "ssw")
        alias("st", "sot")
        alias("su", "sun")
        alias("sv", "swe")
        alias("sw", "swa swc swh")
        alias("syr", "cld")
        alias("ta", "tam")
        alias("te", "tel")
        alias("th", "tha")
        alias("ti", "tir")
        alias("tk", "tuk")
        alias("tn", "tsn")
        alias("to", "ton")
        alias("tr", "tur")
        alias("ts", "tso")
        alias("ug", "uig")
        alias("uk", "ukr")
        alias("ur", "urd")
        alias("uz", "uzb uzn")
        alias("ve", "ven")
        alias("vi", "vie")
        alias("vo", "vol")
        alias("wa", "wln")
        alias("wo", "wol")
        alias("xh", "xho")
        alias("yi", "ji ydd yid")
        alias("yo", "yor")
        alias("zh", "chi cmn zho")
        alias("zu", "zul")
        return table
    }()

    package static func family(for locale: String) -> Family {
        for tag in LocaleFallback.chain(for: locale) {
            if let family = families[tag] { return family }
        }
        var subtags = locale.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        if let language = subtags.first?.lowercased() {
            if let family = families[language] { return family }
            if let canonical = languageAliases[language] {
                subtags[0] = canonical
                return family(for: subtags.joined(separator: "-"))
            }
        }
        return .oneIsOne
    }

    /// The languages whose rules the table holds (an alias of `languageAliases` takes its
    /// language's; the others get `one`/`other`).
    public static var languages: [String] { families.keys.sorted() }

    /// The categories `locale` uses, in CLDR order (always ending with `other`).
    public static func categories(for locale: String) -> [PluralCategory] {
        family(for: locale).categories
    }

    /// The category of the integer count `n` in `locale`.
    public static func category(of n: Int, in locale: String) -> PluralCategory {
        family(for: locale).category(of: n)
    }

    /// The counts two languages' rules are compared over: 0 to 200, a thousand and a
    /// million (where `many` starts in the Romance languages). The rules are held for
    /// integer counts only, so no fractions are compared.
    static let sampleCounts: [Int] = Array(0...200) + [1000, 1_000_000]

    /// For each pair of rule families (source, target), each target category's counts
    /// (but 0, which a text's own `zero` form may take) by the source categories they
    /// fall in.
    private static let agreement: [Family: [Family: [PluralCategory: Set<PluralCategory>]]] = {
        var table: [Family: [Family: [PluralCategory: Set<PluralCategory>]]] = [:]
        for source in Family.allCases {
            for target in Family.allCases {
                var hits: [PluralCategory: Set<PluralCategory>] = [:]
                for n in sampleCounts where n != 0 { hits[target.category(of: n), default: []].insert(source.category(of: n)) }
                table[source, default: [:]][target] = hits
            }
        }
        return table
    }()

    /// The categories of `target` whose counts all fall in the category of the same name
    /// in `source` (over ``sampleCounts``), with `other`: those a text written in `source`
    /// can give its form to when it stands in for a `target` text. English `one` (1) is
    /// German `one`, but not Russian `one` (1, 21, 31 …), French `one` (0 and 1) or
    /// Filipino `one` (every count not ending in 4, 6 or 9). A category no sampled count
    /// falls in (Czech `many`, for fractions) is left out. `sourceGivesZero`: the text has
    /// a `zero` form, which the exports show for a count of 0 in any language.
    public static func categoriesKept(from source: String, to target: String, sourceGivesZero: Bool = false) -> Set<PluralCategory> {
        let s = family(for: source), t = family(for: target)
        var hits = agreement[s]?[t] ?? [:]
        hits[t.category(of: 0), default: []].insert(sourceGivesZero ? .zero : s.category(of: 0))
        return Set(t.categories.filter { $0 == .other || hits[$0] == [$0] })
    }
}
