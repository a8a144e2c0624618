import LarderCore

/// A gettext `Plural-Forms` header: how many `msgstr[n]` a PO entry has, the C expression
/// that picks one for a count, and the CLDR category each index stands for.
///
///     let forms = GettextPluralForms.forLocale("pt-BR")
///     forms.header        // "nplurals=2; plural=(n > 1);"
///     forms.categories    // [.one, .other]
///
/// gettext's conventions differ from CLDR's where a language has several countries:
/// `pt` is `(n != 1)` (Portugal's rule) while `pt-BR` is `(n > 1)`.
public struct GettextPluralForms: Sendable, Hashable {
    /// The number of forms.
    public var count: Int { categories.count }
    /// The C expression of `n` giving the form's index.
    public var expression: String
    /// The CLDR category each index stands for (`msgstr[i]` takes the text of
    /// `categories[i]`).
    public var categories: [PluralCategory]

    /// The header value: `nplurals=3; plural=(…);`.
    public var header: String { "nplurals=\(count); plural=\(expression);" }

    static let one = GettextPluralForms(expression: "0", categories: [.other])
    static let notOne = GettextPluralForms(expression: "(n != 1)", categories: [.one, .other])
    static let overOne = GettextPluralForms(expression: "(n > 1)", categories: [.one, .other])
    static let slavic = GettextPluralForms(
        expression: "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
        categories: [.one, .few, .many])
    static let serboCroatian = GettextPluralForms(expression: slavic.expression, categories: [.one, .few, .other])
    static let polish = GettextPluralForms(
        expression: "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)", categories: [.one, .few, .many])
    static let czech = GettextPluralForms(expression: "((n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2)", categories: [.one, .few, .other])
    static let romanian = GettextPluralForms(
        expression: "(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2)", categories: [.one, .few, .other])
    static let lithuanian = GettextPluralForms(
        expression: "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2)", categories: [.one, .few, .other])
    static let latvian = GettextPluralForms(
        expression: "(n%10==0 || (n%100>=11 && n%100<=19) ? 0 : n%10==1 && n%100!=11 ? 1 : 2)", categories: [.zero, .one, .other])
    static let slovenian = GettextPluralForms(
        expression: "(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)", categories: [.one, .two, .few, .other])
    static let arabic = GettextPluralForms(
        expression: "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
        categories: [.zero, .one, .two, .few, .many, .other])
    static let hebrew = GettextPluralForms(expression: "(n==1 ? 0 : n==2 ? 1 : 2)", categories: [.one, .two, .other])
    static let irish = GettextPluralForms(
        expression: "(n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 : (n>6 && n<11) ? 3 : 4)", categories: [.one, .two, .few, .many, .other])
    static let welsh = GettextPluralForms(
        expression: "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n==3 ? 3 : n==6 ? 4 : 5)", categories: [.zero, .one, .two, .few, .many, .other])
    static let icelandic = GettextPluralForms(expression: "(n%10!=1 || n%100==11)", categories: [.one, .other])
    static let filipino = GettextPluralForms(expression: "(n%10==4 || n%10==6 || n%10==9)", categories: [.one, .other])

    static let maltese = GettextPluralForms(
        expression: "(n==1 ? 0 : n==2 ? 1 : (n==0 || (n%100>=3 && n%100<=10)) ? 2 : (n%100>=11 && n%100<=19) ? 3 : 4)",
        categories: [.one, .two, .few, .many, .other])
    static let scottishGaelic = GettextPluralForms(
        expression: "((n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n>2 && n<20) ? 2 : 3)", categories: [.one, .two, .few, .other])
    static let breton = GettextPluralForms(
        expression: "(n%10==1 && n%100!=11 && n%100!=71 && n%100!=91 ? 0 : n%10==2 && n%100!=12 && n%100!=72 && n%100!=92 ? 1 : "
            + "(n%10==3 || n%10==4 || n%10==9) && (n%100<10 || n%100>19) && (n%100<70 || n%100>79) && (n%100<90 || n%100>99) ? 2 : "
            + "n!=0 && n%1000000==0 ? 3 : 4)",
        categories: [.one, .two, .few, .many, .other])
    /// Manx's `many` is for fractions, which a count never is.
    static let manx = GettextPluralForms(expression: "(n%10==1 ? 0 : n%10==2 ? 1 : n%20==0 ? 2 : 3)", categories: [.one, .two, .few, .other])
    static let cornish = GettextPluralForms(
        expression: "(n==0 ? 0 : n==1 ? 1 : (n%100==2 || n%100==22 || n%100==42 || n%100==62 || n%100==82"
            + " || (n%1000==0 && ((n%100000>=1000 && n%100000<=20000) || n%100000==40000 || n%100000==60000 || n%100000==80000))"
            + " || n%1000000==100000) ? 2 : (n%100==3 || n%100==23 || n%100==43 || n%100==63 || n%100==83) ? 3 : "
            + "(n%100==1 || n%100==21 || n%100==41 || n%100==61 || n%100==81) ? 4 : 5)",
        categories: [.zero, .one, .two, .few, .many, .other])
    static let zeroOne = GettextPluralForms(expression: "(n==0 ? 0 : n==1 ? 1 : 2)", categories: [.zero, .one, .other])
    static let tachelhit = GettextPluralForms(expression: "(n<=1 ? 0 : n<=10 ? 1 : 2)", categories: [.one, .few, .other])
    /// Samogitian's `many` is for fractions, which a count never is.
    static let samogitian = GettextPluralForms(
        expression: "(n%10==1 && n%100!=11 ? 0 : n==2 ? 1 : n%10>=2 && (n%100<10 || n%100>=20) ? 2 : 3)",
        categories: [.one, .two, .few, .other])
    static let centralAtlasTamazight = GettextPluralForms(expression: "(n>1 && (n<11 || n>99))", categories: [.one, .other])

    /// Exceptions to the CLDR families, by tag: gettext's own conventions.
    static let byTag: [String: GettextPluralForms] = [
        "pt": notOne, "pt-BR": overOne, "fr": overOne, "hi": notOne,
    ]

    /// True when `locale`'s forms follow gettext's conventions rather than CLDR's rules:
    /// the tags of ``byTag``, and the languages whose CLDR `many` is for millions alone
    /// (es, it, ca, pt-PT, fr), which gettext gives two forms.
    public static func followsGettextConvention(_ locale: String) -> Bool {
        if LocaleFallback.chain(for: locale).contains(where: { byTag[$0] != nil }) { return true }
        let family = PluralRules.family(for: locale)
        return family == .romance || family == .portuguese
    }

    /// The forms for `locale`, found through its CLDR parent chain; a language the table
    /// does not know gets `nplurals=2; plural=(n != 1);`.
    public static func forLocale(_ locale: String) -> GettextPluralForms {
        for tag in LocaleFallback.chain(for: locale) {
            if let forms = byTag[tag] { return forms }
        }
        switch PluralRules.family(for: locale) {
        case .otherOnly: return one
        case .oneIsOne, .romance: return notOne
        case .oneIsZeroOrOne, .portuguese: return overOne
        case .eastSlavic: return slavic
        case .polish: return polish
        case .czech: return czech
        case .serboCroatian: return serboCroatian
        case .romanian: return romanian
        case .lithuanian: return lithuanian
        case .latvian: return latvian
        case .slovenian: return slovenian
        case .arabic: return arabic
        case .hebrew: return hebrew
        case .irish: return irish
        case .welsh: return welsh
        case .filipino: return filipino
        case .icelandic: return icelandic
        case .maltese: return maltese
        case .scottishGaelic: return scottishGaelic
        case .breton: return breton
        case .manx: return manx
        case .cornish: return cornish
        case .zeroOne: return zeroOne
        case .tachelhit: return tachelhit
        case .samogitian: return samogitian
        case .centralAtlasTamazight: return centralAtlasTamazight
        }
    }
}
