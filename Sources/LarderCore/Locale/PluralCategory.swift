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
/// A locale is looked up through its CLDR parent chain (`pt-AO` uses `pt-PT`'s rules); a
/// language the table does not know gets `one`/`other`, the most common pair.
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

    package static func family(for locale: String) -> Family {
        for tag in LocaleFallback.chain(for: locale) {
            if let family = families[tag] { return family }
        }
        if let language = locale.split(separator: "-").first, let family = families[language.lowercased()] {
            return family
        }
        return .oneIsOne
    }

    /// The languages whose rules the table holds (the others get `one`/`other`).
    public static var languages: [String] { families.keys.sorted() }

    /// The categories `locale` uses, in CLDR order (always ending with `other`).
    public static func categories(for locale: String) -> [PluralCategory] {
        family(for: locale).categories
    }

    /// The category of the integer count `n` in `locale`.
    public static func category(of n: Int, in locale: String) -> PluralCategory {
        family(for: locale).category(of: n)
    }
}
