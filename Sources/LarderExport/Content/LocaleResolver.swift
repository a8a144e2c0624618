import LarderCore

/// Picks a localized text's value for a locale, through CLDR's fallback chain, and says
/// where it came from, so an exporter can ship every locale complete and report what it
/// filled in.
///
///     let resolver = LocaleResolver(locales: ["en", "pt-BR", "es-MX"])
///     let text = LocalizedText([("en", .text("Milk")), ("es-419", .text("Leche"))])
///     let r = resolver.resolve(text, for: "es-MX")!
///     r.value        // .text("Leche")
///     r.sourceTag    // "es-419"
///     r.fill         // .parent
///
/// The order tried for a locale: the locale itself, its CLDR ancestors (`es-MX`, `es-419`,
/// `es`), the source language (the first project locale) and its ancestors, then the other
/// project locales in order, then any value the text has. Blank values count as missing, so
/// the result is never an empty string (it is nil only for a text with no value at all).
/// A pseudo-locale the project does not name (``PseudoLocale``: `en-XA`, `ar-XB`) takes
/// the source language's value, made over.
///
/// A taxonomy's label is looked up in fewer places (``resolveLabel(_:of:for:)``): the
/// locale and its CLDR ancestors, then another variant of the locale's language (`pt-PT`
/// for `pt-BR`), then the source language and its ancestors; where none of them has a
/// label, the tag itself is the label. A label of another language names the
/// tag in words the page's reader may not read (`vegano` on an English page), where the
/// tag is at least what the content calls it.
public struct LocaleResolver: Sendable {
    /// The project's locales, the source language first.
    public let locales: [String]
    /// Lookup orders and fallback chains of the project's locales and their ancestors,
    /// computed once. A list, searched in order: a project has a handful of locales, and
    /// comparing short tags costs less than hashing one (a build resolves every text for
    /// every locale, millions of times).
    private let plans: [(locale: String, plan: Plan)]

    /// A class, so that handing a plan to `resolve` copies one reference, not three.
    final class Plan: Sendable {
        let wanted: String
        let order: [String]
        let chain: Set<String>
        /// How many of the first tags of ``order`` a taxonomy label is looked up under:
        /// the locale's CLDR chain and the source language's (no other project locale).
        let labelCount: Int
        /// How many of the first tags of ``order`` are the locale's own CLDR chain.
        let chainCount: Int
        /// For a pseudo-locale (not one of the project's): the text is the source
        /// language's, made over.
        let pseudo: PseudoLocale?

        init(wanted: String, order: [String], chain: Set<String>, labelCount: Int, chainCount: Int, pseudo: PseudoLocale? = nil) {
            (self.wanted, self.order, self.chain, self.labelCount, self.chainCount, self.pseudo) = (wanted, order, chain, labelCount, chainCount, pseudo)
        }
    }

    /// The source language.
    public var sourceLocale: String { locales.first ?? "en" }

    /// A resolver for a project's locales (the first is the source language).
    public init(locales: [String]) {
        self.locales = locales.isEmpty ? ["en"] : locales
        var plans: [(locale: String, plan: Plan)] = []
        for locale in self.locales {
            for tag in [locale] + LocaleFallback.chain(for: locale) where !plans.contains(where: { $0.locale == tag }) {
                plans.append((tag, Self.plan(for: tag, locales: self.locales)))
            }
        }
        // The pseudo-locales the project does not name itself, last (a project locale is
        // found first): the source language's order, its text made over.
        let sourceTag = self.locales[0]
        let source = plans.first { $0.locale == sourceTag }!.plan
        for pseudo in PseudoLocale.allCases where !plans.contains(where: { canonical($0.locale) == canonical(pseudo.rawValue) }) {
            plans.append((pseudo.rawValue, Plan(wanted: pseudo.rawValue, order: source.order, chain: [], labelCount: source.labelCount, chainCount: source.chainCount, pseudo: pseudo)))
        }
        self.plans = plans
    }

    static func plan(for locale: String, locales: [String]) -> Plan {
        var order: [String] = []
        var seen = Set<String>()
        func add(_ tag: String) {
            let c = canonical(tag)
            if seen.insert(c).inserted { order.append(c) }
        }
        LocaleFallback.chain(for: locale).forEach(add)
        let chainCount = order.count
        LocaleFallback.chain(for: locales.first ?? "en").forEach(add)
        let labelCount = order.count
        locales.forEach(add)
        return Plan(wanted: canonical(locale), order: order, chain: Set(LocaleFallback.chain(for: locale)), labelCount: labelCount, chainCount: chainCount)
    }

    func plan(for locale: String) -> Plan {
        for entry in plans where entry.locale == locale { return entry.plan }
        if let pseudo = PseudoLocale(tag: locale), let entry = plans.first(where: { $0.plan.pseudo == pseudo }) { return entry.plan }
        return Self.plan(for: locale, locales: locales)
    }

    /// How a value was found.
    public enum Fill: Sendable, Hashable, Comparable {
        /// The text has the locale itself.
        case exact
        /// Taken from a CLDR ancestor of the locale (`pt` for `pt-BR`).
        case parent
        /// Taken from the source language or another language: a translation is missing.
        case otherLanguage
        /// A taxonomy label that neither the locale (nor its CLDR ancestors), another variant
        /// of its language, nor the source language has: the tag itself is shown (``resolveLabel(_:of:for:)``), and the
        /// resolution's `sourceTag` is `und` (no language).
        case tagItself
    }

    /// A resolved value.
    public struct Resolution: Sendable, Hashable {
        /// The value to ship (plural forms are completed for the locale: see
        /// ``filledCategories``).
        public var value: TextValue
        /// The tag, as the content wrote it, the value came from.
        public var sourceTag: String
        /// Whether the value is the locale's own.
        public var fill: Fill
        /// Plural categories the locale needs that the value lacked, filled from `other`.
        public var filledCategories: [PluralCategory]

        /// True when the value is not the locale's own translation.
        public var isFilled: Bool { fill != .exact || !filledCategories.isEmpty }
    }

    /// The tags tried for `locale`, in order.
    public func lookupOrder(for locale: String) -> [String] {
        plan(for: locale).order
    }

    /// The value of `text` for `locale`, or nil when the text has no non-blank value.
    public func resolve(_ text: LocalizedText, for locale: String) -> Resolution? {
        let plan = plan(for: locale)
        guard let index = Self.index(of: text, plan: plan) else { return nil }
        return resolution(text, index, plan: plan, for: locale)
    }

    /// The label of the taxonomy tag `tag` for `locale`, from its labels `text`: the
    /// locale's own, else its CLDR ancestors', else another variant of the locale's
    /// language's (`pt-PT`'s for `pt-BR`), else the source language's (and its
    /// ancestors'); never another language's. Where none of them has one, the tag itself
    /// (``Fill/tagItself``; a pseudo-locale makes it over, as it does the source
    /// language's label).
    public func resolveLabel(_ text: LocalizedText, of tag: String, for locale: String) -> Resolution {
        let plan = plan(for: locale)
        if let index = Self.labelIndex(of: text, plan: plan) { return resolution(text, index, plan: plan, for: locale) }
        var r = resolution(Self.itself(tag, as: text), 0, plan: plan, for: locale)
        if plan.pseudo == nil { r.fill = .tagItself }
        return r
    }

    /// The label that is the taxonomy tag itself, under the language tag `und`
    /// (undetermined), as plural forms when `labels` has some (so that every locale's
    /// value has one shape).
    static func itself(_ tag: String, as labels: LocalizedText) -> LocalizedText {
        LocalizedText([("und", labels.isPlural ? .plural([.other: tag]) : .text(tag))])
    }

    /// The value of an entry of a content catalog for `locale`: a document's text as
    /// ``resolve(_:for:)`` gives it, a taxonomy label as ``resolveLabel(_:of:for:)`` does.
    public func resolve(_ entry: TextEntry, for locale: String) -> Resolution? {
        entry.isTaxonomy ? resolveLabel(entry.text, of: entry.pointer[0], for: locale) : resolve(entry.text, for: locale)
    }

    /// ``resolve(_:for:)`` of the value at `index` of `text`, which `plan` picked.
    private func resolution(_ text: LocalizedText, _ index: Int, plan: Plan, for locale: String) -> Resolution {
        let (tag, value) = text.values[index]
        if let pseudo = plan.pseudo {
            // Made from the source language's text: never a missing translation.
            let made = pseudo.apply(value)
            guard text.isPlural else { return Resolution(value: made, sourceTag: tag, fill: .exact, filledCategories: []) }
            return Resolution(value: .plural(completePlural(made, for: locale, from: tag).forms), sourceTag: tag, fill: .exact, filledCategories: [])
        }
        let c = text.canonicalTag(index)
        let fill: Fill = c == plan.wanted ? .exact : plan.chain.contains(c) ? .parent : .otherLanguage
        if text.isPlural {
            let (forms, filled) = completePlural(value, for: locale, from: tag)
            return Resolution(value: .plural(forms), sourceTag: tag, fill: fill, filledCategories: filled)
        }
        return Resolution(value: value, sourceTag: tag, fill: fill, filledCategories: [])
    }

    /// Where the value ``resolve(_:for:)`` gives comes from (the tag as the content wrote
    /// it, and how it was found), without the value; nil when the text has no non-blank
    /// value.
    public func source(of text: LocalizedText, for locale: String) -> (tag: String, fill: Fill)? {
        let plan = plan(for: locale)
        guard let index = Self.index(of: text, plan: plan) else { return nil }
        let tag = text.values[index].tag
        if plan.pseudo != nil { return (tag, .exact) }
        let c = text.canonicalTag(index)
        return (tag, c == plan.wanted ? .exact : plan.chain.contains(c) ? .parent : .otherLanguage)
    }

    /// The value ``resolve(_:for:)`` gives, without saying where it came from: for a caller
    /// that keeps no notes of filled-in translations (a streamed build). `rules` names the
    /// locale whose plural categories the value takes, when not `locale`'s own (an i18next
    /// folder of an ancestor, filled with a project locale's texts).
    func value(_ text: LocalizedText, for locale: String, pluralRulesOf rules: String? = nil) -> TextValue? {
        let plan = plan(for: locale)
        guard let index = Self.index(of: text, plan: plan) else { return nil }
        return value(text, index, plan: plan, for: locale, pluralRulesOf: rules)
    }

    /// ``value(_:for:pluralRulesOf:)`` of an entry of a content catalog: a taxonomy label's
    /// as ``resolveLabel(_:of:for:)`` picks it.
    func value(_ entry: TextEntry, for locale: String, pluralRulesOf rules: String? = nil) -> TextValue? {
        guard entry.isTaxonomy else { return value(entry.text, for: locale, pluralRulesOf: rules) }
        let plan = plan(for: locale)
        if let index = Self.labelIndex(of: entry.text, plan: plan) { return value(entry.text, index, plan: plan, for: locale, pluralRulesOf: rules) }
        return value(Self.itself(entry.pointer[0], as: entry.text), 0, plan: plan, for: locale, pluralRulesOf: rules)
    }

    /// The value at `index` of `text`, which `plan` picked, for `locale`.
    private func value(_ text: LocalizedText, _ index: Int, plan: Plan, for locale: String, pluralRulesOf rules: String?) -> TextValue {
        var (tag, value) = text.values[index]
        if let pseudo = plan.pseudo { value = pseudo.apply(value) }
        return text.isPlural ? .plural(completePlural(value, for: rules ?? locale, from: tag).forms) : value
    }

    /// The position in `text.values` of the value `plan` picks: the first of its order the
    /// text has (not blank), else the first value that is not blank.
    static func index(of text: LocalizedText, plan: Plan) -> Int? {
        for tag in plan.order {
            if let hit = text.index(of: tag) { return hit }
        }
        return text.values.indices.first { !text.values[$0].value.isBlank }
    }

    /// The position in `text.values` of the label `plan` picks for a taxonomy tag: the
    /// first of the locale's chain the text has (not blank), else one of another variant
    /// of the locale's language (``sameLanguageLabelIndex(of:plan:)``), else the first of
    /// the source language's chain; nil when it has none of them.
    static func labelIndex(of text: LocalizedText, plan: Plan) -> Int? {
        for tag in plan.order.prefix(plan.chainCount) {
            if let hit = text.index(of: tag) { return hit }
        }
        if let hit = sameLanguageLabelIndex(of: text, plan: plan) { return hit }
        for tag in plan.order.prefix(plan.labelCount).dropFirst(plan.chainCount) {
            if let hit = text.index(of: tag) { return hit }
        }
        return nil
    }

    /// The position of a label in another variant of the locale's language
    /// (``LocaleFallback/sameLanguage(_:_:)``: `pt-PT`'s for a `pt-BR` page), the project's
    /// locales first, then in the order the text has them; nil when there is none (and for
    /// a pseudo-locale, whose label is the source language's made over). A reader of
    /// Brazilian Portuguese reads the European label better than the source language's, and
    /// far better than the tag (`sem-gluten`), which is only what the content calls it.
    static func sameLanguageLabelIndex(of text: LocalizedText, plan: Plan) -> Int? {
        guard plan.pseudo == nil else { return nil }
        for tag in plan.order.dropFirst(plan.chainCount) where LocaleFallback.sameLanguage(tag, plan.wanted) {
            if let hit = text.index(of: tag) { return hit }
        }
        return text.values.indices.first { i in
            !text.values[i].value.isBlank && LocaleFallback.sameLanguage(text.canonicalTag(i), plan.wanted)
        }
    }

    /// `value`'s forms for the categories `locale` uses: missing ones (and blank ones) take
    /// the `other` form; categories the locale does not use are dropped, but for a `zero`
    /// form the text gives, which i18next, String Catalogs and `.stringsdict` show for a
    /// count of 0 in any language ("No games yet"); the formats that cannot hold it in a
    /// language without zero (gettext, Android) leave it out, and the `plural-forms` rule
    /// says so. A plain string counts as the `other` form.
    ///
    /// `source` is the tag the value was written under. A value of another language
    /// gives its form to a category only when that language puts every count of the
    /// category in the category of the same name (``PluralRules/categoriesKept(from:to:sourceGivesZero:)``);
    /// the other categories take its `other` form (and count as filled): English "One
    /// game" is for 1 alone, and Russian `one` (1, 21, 31 …), French `one` (0 and 1) and
    /// Filipino `one` (every count not ending in 4, 6 or 9) showed it for 21, 0 and 5
    /// games. A value of the same language (pt for pt-BR or pt-AO) gives its forms by name.
    public func completePlural(_ value: TextValue, for locale: String, from source: String? = nil) -> (forms: [PluralCategory: String], filled: [PluralCategory]) {
        let given: [PluralCategory: String]
        switch value {
        case .text(let s): given = [.other: s]
        case .plural(let forms): given = forms.filter { !$0.value.allSatisfy(\.isWhitespace) }
        }
        let other = given[.other] ?? value.other
        var forms: [PluralCategory: String] = [:]
        var filled: [PluralCategory] = []
        // (A plain string gives `other` alone: nothing to compare.)
        let kept: Set<PluralCategory>? = given.count > 1 || given[.other] == nil
            ? source.flatMap { Self.sameLanguage($0, locale) ? nil : PluralRules.categoriesKept(from: $0, to: locale, sourceGivesZero: given[.zero] != nil) }
            : nil
        for category in PluralRules.categories(for: locale) {
            if let s = given[category], kept?.contains(category) ?? true {
                forms[category] = s
            } else {
                forms[category] = other
                if category != .other { filled.append(category) }
            }
        }
        if forms[.zero] == nil, let zero = given[.zero] { forms[.zero] = zero }
        return (forms, filled)
    }

    /// Whether two tags name one language (their language subtags are the same, in any
    /// case): `pt` and `pt-BR`, `zh-Hant` and `zh-Hant-TW`. (A language written under two
    /// codes, `iw` and `he`, has one family of plural rules, which agrees with itself.)
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        func language(_ tag: String) -> Substring { tag.prefix { $0 != "-" && $0 != "_" } }
        return language(a).lowercased() == language(b).lowercased()
    }
}
