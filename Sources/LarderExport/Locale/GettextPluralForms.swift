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

    /// Exceptions to the CLDR families, by tag: gettext's own conventions.
    static let byTag: [String: GettextPluralForms] = [
        "pt": notOne, "pt-BR": overOne, "fr": overOne, "hi": notOne,
    ]

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
        }
    }
}
