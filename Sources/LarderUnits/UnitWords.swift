/// One way a language writes a unit in ingredient text, singular and plural:
/// `("pt", tbsp, "colher de sopa", "colheres de sopa")`.
public struct UnitWord: Sendable, Hashable {
    /// The language (`en`, `pt`, `es`, `fr`, `de`, `it`); `""` for symbols every language
    /// uses (`g`, `ml`, `kg`).
    public var language: String
    /// The unit it names (spoons and cups follow the table's kitchen convention).
    public var unit: UnitDefinition
    /// The form for one or less (`cup`, `colher de sopa`).
    public var singular: String
    /// The form for more than one (`cups`, `colheres de sopa`).
    public var plural: String
    /// True for abbreviations and symbols (`tbsp`, `g`): a rewritten amount keeps to
    /// abbreviations when the original used one.
    public var isAbbreviation: Bool
    /// Matched with its exact case (`T` is a tablespoon, `t` a teaspoon).
    public var caseSensitive: Bool

    /// A unit word of a language.
    public init(language: String, unit: UnitDefinition, singular: String, plural: String, isAbbreviation: Bool, caseSensitive: Bool = false) {
        self.language = language
        self.unit = unit
        self.singular = singular
        self.plural = plural
        self.isAbbreviation = isAbbreviation
        self.caseSensitive = caseSensitive
    }

    /// The form for an amount: singular up to 1, plural above.
    public func form(for amount: Amount) -> String {
        amount.upper > Rational(1) ? plural : singular
    }
}

/// The unit words of ingredient text in English, Portuguese, Spanish, French, German and
/// Italian, with the connecting words that follow them (`of`, `de`), built for one
/// ``KitchenUnits`` (so `cup` and `colher de sopa` follow its convention).
///
///     let words = UnitLexicon(kitchen: KitchenUnits())
///     words.preferred(for: tbsp, language: "pt", abbreviation: false)?.plural  // "colheres de sopa"
public struct UnitLexicon: Sendable {
    /// Every word, in no particular order.
    public var words: [UnitWord] { storage.words }
    /// The word lists, in one shared object (a copy of the lexicon costs one reference
    /// count).
    private let storage: Storage

    private final class Storage: Sendable {
        let words: [UnitWord]
        let scalars: [Unicode.Scalar]
        let forms: [Form]
        let byFirst: [Unicode.Scalar: [Int32]]
        let preferredForms: [String: UnitWord]

        init(words: [UnitWord], scalars: [Unicode.Scalar], forms: [Form], byFirst: [Unicode.Scalar: [Int32]], preferredForms: [String: UnitWord]) {
            self.words = words
            self.scalars = scalars
            self.forms = forms
            self.byFirst = byFirst
            self.preferredForms = preferredForms
        }
    }
    /// One spelling (singular or plural form) of a word, for matching: its scalars are
    /// `scalars[start..<start + count]`.
    struct Form: Sendable {
        var start: Int32
        var count: Int32
        var word: Int32
        var isPlural: Bool
        var caseSensitive: Bool
        /// The word's language is neither English nor symbols (checked against the text's).
        var language: String
        /// Read only in text of the word's language, not in text of no stated language
        /// (Italian `chili`, kilograms, is English chillies).
        var statedLanguageOnly = false
        /// Read only before a connector (`de`): `chávena de chá de farinha` is a cup of
        /// flour, `chávena de chá forte` a cup of strong tea; a word of how full or how big
        /// may come between (`chávena de chá cheia de farinha`).
        var beforeConnector = false
    }

    /// Every form's scalars, back to back (lower-cased unless case-sensitive).
    private var scalars: [Unicode.Scalar] { storage.scalars }
    /// Every form, longest first within each first scalar.
    private var forms: [Form] { storage.forms }
    /// Form indices by their first scalar.
    private var byFirst: [Unicode.Scalar: [Int32]] { storage.byFirst }
    private var preferredForms: [String: UnitWord] { storage.preferredForms }

    /// The words that may follow a unit before the ingredient's name: `of`, `de`, `di`.
    public static let connectors: Set<String> = ["of", "de", "do", "da", "dos", "das", "del", "di", "d'", "von"]

    /// The unit words for `kitchen`'s table.
    public init(kitchen: KitchenUnits) {
        let table = kitchen.table
        var words: [UnitWord] = []
        var statedLanguageOnly: Set<Int> = []
        var beforeConnector: Set<Int> = []
        var preferred: [String: UnitWord] = [:]
        func resolve(_ ref: String) -> UnitDefinition? {
            ref.hasPrefix("~") ? table.unit(named: String(ref.dropFirst())) : table.unit(id: ref)
        }
        for (language, entries) in Self.data {
            for entry in entries {
                guard let unit = resolve(entry.ref) else { continue }
                let word = UnitWord(language: language, unit: unit, singular: entry.singular, plural: entry.plural,
                                    isAbbreviation: entry.abbreviation, caseSensitive: entry.caseSensitive)
                if entry.statedLanguageOnly { statedLanguageOnly.insert(words.count) }
                if entry.beforeConnector { beforeConnector.insert(words.count) }
                words.append(word)
                // The first entry per (language, unit, kind) is the one written.
                let key = "\(language)|\(unit.id)|\(entry.abbreviation)"
                if preferred[key] == nil { preferred[key] = word }
            }
        }
        // Counted units of the table that no English word above names (a project's own, and
        // a few of the table's, `bar`, `roll`): a word of another language for one is no
        // English word for it (once German named `bar` as `Tafel`, "1 bar (100 g) chocolate"
        // was no longer read in English).
        let named = Set(words.filter { $0.language == "en" }.map(\.unit.id))
        for unit in table.units where unit.dimension == .count && !named.contains(unit.id) {
            let plural = unit.names.first { $0 != unit.id && $0.hasPrefix(unit.id) } ?? unit.id
            let word = UnitWord(language: "en", unit: unit, singular: unit.id, plural: plural, isAbbreviation: false)
            words.append(word)
            preferred["en|\(unit.id)|false"] = word
        }
        var allScalars: [Unicode.Scalar] = []
        var forms: [Form] = []
        for (index, word) in words.enumerated() {
            for (form, isPlural) in [(word.singular, false), (word.plural, true)] where !(isPlural && form == word.singular) {
                let formScalars = Array((word.caseSensitive ? form : form.lowercased()).unicodeScalars)
                guard !formScalars.isEmpty else { continue }
                let language = word.language == "en" ? "" : word.language
                forms.append(Form(start: Int32(allScalars.count), count: Int32(formScalars.count), word: Int32(index),
                                  isPlural: isPlural, caseSensitive: word.caseSensitive, language: language,
                                  statedLanguageOnly: statedLanguageOnly.contains(index), beforeConnector: beforeConnector.contains(index)))
                allScalars += formScalars
            }
        }
        var byFirst: [Unicode.Scalar: [Int32]] = [:]
        for (i, f) in forms.enumerated() { byFirst[allScalars[Int(f.start)], default: []].append(Int32(i)) }
        // Longest forms first, so `fl oz` wins over `fl` and `colheres de sopa` over `colheres`.
        let sortedByFirst = byFirst.mapValues { $0.sorted { forms[Int($0)].count > forms[Int($1)].count } }
        storage = Storage(words: words, scalars: allScalars, forms: forms, byFirst: sortedByFirst, preferredForms: preferred)
    }

    /// The word to write `unit` with in `language`: its abbreviation or its full name as
    /// asked, else the other kind, else the English one, else nil.
    public func preferred(for unit: UnitDefinition, language: String?, abbreviation: Bool) -> UnitWord? {
        let lang = Self.baseLanguage(language) ?? "en"
        let order: [(String, Bool)] = abbreviation
            ? [("", true), (lang, true), (lang, false), ("en", true), ("en", false)]
            : [(lang, false), (lang, true), ("", true), ("en", false), ("en", true)]
        for (l, a) in order {
            guard let w = preferredForms["\(l)|\(unit.id)|\(a)"] else { continue }
            if let language, let alternative = Self.regionalWords[Self.languageAndRegion(language)]?[w.singular],
               let regional = words.first(where: { $0.language == w.language && $0.unit.id == w.unit.id && $0.singular == alternative }) {
                return regional
            }
            return w
        }
        return nil
    }

    /// Words a region writes instead of its language's first one, by the first one's
    /// singular: Brazil's cup is a `xícara`, Portugal's a `chávena` (a Brazilian recipe's
    /// spoons scaled up, or its millilitres converted to US units, came out in `chávenas`).
    static let regionalWords: [String: [String: String]] = ["pt-br": ["chávena": "xícara"]]

    /// `pt-br` for `pt-BR`, `pt_BR` or `pt-BR-x-app`: the language and region, lower-cased.
    static func languageAndRegion(_ tag: String) -> String {
        tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).prefix(2).joined(separator: "-")
    }

    /// The unit word that is all of `text` (`tablespoons`, `colheres de sopa`, `g`), read
    /// in `language` (every language when nil).
    public func word(_ text: String, language: String? = nil) -> UnitWord? {
        let s = Array(text.unicodeScalars)
        guard let m = match(s, at: 0, language: language), m.end == s.count else { return nil }
        return m.word
    }

    /// `pt` for `pt-PT`, lower-cased.
    public static func baseLanguage(_ tag: String?) -> String? {
        guard let tag, !tag.isEmpty else { return nil }
        return String(tag.split(separator: "-").first ?? Substring(tag)).lowercased()
    }

    /// The longest unit word at `start` of `s` that ends at a word boundary, for text in
    /// `language` (its words, English and symbols; every language when nil).
    func match(_ s: [Unicode.Scalar], at start: Int, language: String?) -> (word: UnitWord, end: Int, isPlural: Bool)? {
        guard start < s.count else { return nil }
        let lang = Self.baseLanguage(language)
        let firstLower = Self.lower(s[start])
        var best: (form: Int32, end: Int)?
        func consider(_ list: [Int32]) {
            for index in list {
                let form = forms[Int(index)]
                if let lang, !form.language.isEmpty, form.language != lang { continue }
                if lang == nil, form.statedLanguageOnly { continue }
                let count = Int(form.count), from = Int(form.start)
                guard start + count <= s.count else { continue }
                var ok = true
                var k = 0
                while k < count {
                    let t = s[start + k]
                    if (form.caseSensitive ? t : Self.lower(t)) != scalars[from + k] { ok = false; break }
                    k += 1
                }
                guard ok else { continue }
                var end = start + count
                // A word boundary must follow (a letter or digit would make it another word,
                // and so would a hyphen joining letters: "2 T-bone steaks", "t-shirts"; a
                // hyphen before a digit is a range's, "100 g-150 g").
                if end < s.count, Self.isWordScalar(s[end]) { continue }
                if end + 1 < s.count, s[end] == "-", s[end + 1].properties.isAlphabetic { continue }
                if end < s.count, s[end] == ".", scalars[from + count - 1] != ".", !(end + 1 < s.count && Self.isWordScalar(s[end + 1])) {
                    end += 1  // "tbsp." "oz."
                }
                if form.beforeConnector, !Self.connectorFollowsUnit(s, at: end, language: form.language) { continue }
                // Of two words as long, the stated language's ("Liter" in German, not the
                // English "liter", whose plural is "liters").
                if best == nil || end > best!.end
                    || (end == best!.end && lang != nil && form.language == lang && forms[Int(best!.form)].language != lang) {
                    best = (index, end)
                }
            }
        }
        if let list = byFirst[firstLower] { consider(list) }
        if firstLower != s[start], let list = byFirst[s[start]] { consider(list) }
        guard let best else { return nil }
        let form = forms[Int(best.form)]
        return (words[Int(form.word)], best.end, form.isPlural)
    }

    /// A unit word of several words with words of how big or how full after its first one,
    /// as Portuguese writes a spoon named with what it is for (`colher grande de sopa`,
    /// `colher rasa de sopa`, `colheres bem cheias de sopa`): the word, where it ends, whether
    /// the form is the plural, and where the words inside are (adverbs, `bem`, passed over as
    /// ``NumberWords/wordsAfterUnit(_:at:language:)`` does). Full words of a language that
    /// puts such words after their noun only; nil when none is at `start`.
    func matchWithWordsInside(_ s: [Unicode.Scalar], at start: Int, language: String?) -> (word: UnitWord, end: Int, isPlural: Bool, inside: [Range<Int>])? {
        guard start < s.count, let list = byFirst[Self.lower(s[start])] else { return nil }
        let lang = Self.baseLanguage(language)
        /// True when the form's scalars `from..<from + count` are the text's at `at`.
        func same(_ from: Int, _ count: Int, at: Int) -> Bool {
            guard at + count <= s.count else { return false }
            for k in 0..<count where Self.lower(s[at + k]) != scalars[from + k] { return false }
            return true
        }
        var best: (form: Int32, end: Int, inside: [Range<Int>])?
        for index in list {
            let form = forms[Int(index)]
            guard !form.language.isEmpty, !form.caseSensitive, !words[Int(form.word)].isAbbreviation else { continue }
            if let lang, form.language != lang { continue }
            if lang == nil, form.statedLanguageOnly { continue }
            let from = Int(form.start), count = Int(form.count)
            // The form's first word, then the words inside, then the rest from its space on.
            guard let space = (from..<from + count).first(where: { scalars[$0] == " " }) else { continue }
            let head = space - from
            guard start + head < s.count, s[start + head] == " ", same(from, head, at: start),
                  let inside = NumberWords.wordsAfterUnit(s, at: start + head, language: form.language) else { continue }
            let rest = from + count - space
            guard same(space, rest, at: inside.end) else { continue }
            let end = inside.end + rest
            if end < s.count, Self.isWordScalar(s[end]) { continue }
            if end + 1 < s.count, s[end] == "-", s[end + 1].properties.isAlphabetic { continue }
            if form.beforeConnector, !Self.connectorFollowsUnit(s, at: end, language: form.language) { continue }
            if best.map({ end > $0.end }) ?? true { best = (index, end, inside.spans) }
        }
        guard let best else { return nil }
        let form = forms[Int(best.form)]
        return (words[Int(form.word)], best.end, form.isPlural, best.inside)
    }

    /// True when a unit word read only before a connector (``Form/beforeConnector``:
    /// `chávena de chá`, which before anything else is a cup of tea) may end at `end`: a
    /// connector follows, or words of how full or how big and then a connector (`chávena de
    /// chá cheia de farinha`: the cup was read as `chávena` alone, and `de chá cheia` as the
    /// name, which kept its number when scaled), or words of how full and nothing more but
    /// a note or a bracket (`1 chávena de chá cheia`, `2 xícaras de chá rasas (240 g)`: a cup
    /// of tea is not said to be full; it was `2 chávenas de chá cheia`). A word of how big
    /// alone there may be the tea's (`1 chávena de chá grande`), which stays tea.
    static func connectorFollowsUnit(_ s: [Unicode.Scalar], at end: Int, language: String) -> Bool {
        if connectorFollows(s, at: end) { return true }
        guard let words = NumberWords.wordsAfterUnit(s, at: end, language: language) else { return false }
        if connectorFollows(s, at: words.end) { return true }
        let next = AmountScanner.skipSpaces(s, words.end)
        guard next == s.count || s[next] == "," || s[next] == "(" else { return false }
        return words.spans.allSatisfy { NumberWords.isFullnessWord(String(String.UnicodeScalarView(s[$0])), language: language) }
    }

    /// True when one of ``connectors`` follows `end` after spaces (`de farinha`, `d'eau`).
    static func connectorFollows(_ s: [Unicode.Scalar], at end: Int) -> Bool {
        var k = end
        while k < s.count, s[k] == " " { k += 1 }
        guard k > end else { return false }
        var word = String.UnicodeScalarView()
        while k < s.count, isWordScalar(s[k]) { word.append(lower(s[k])); k += 1 }
        if k < s.count, s[k] == "'" || s[k] == "\u{2019}" { return connectors.contains(String(word) + "'") }
        return (k == s.count || s[k] == " ") && connectors.contains(String(word))
    }

    @inline(__always) static func lower(_ s: Unicode.Scalar) -> Unicode.Scalar {
        if s.value >= 65 && s.value <= 90 { return Unicode.Scalar(s.value + 32)! }
        if s.value < 128 { return s }
        return s.properties.lowercaseMapping.unicodeScalars.first ?? s
    }

    @inline(__always) static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        if s.value < 128 {
            let v = s.value
            return (v >= 48 && v <= 57) || (v >= 65 && v <= 90) || (v >= 97 && v <= 122)
        }
        return s.properties.isAlphabetic
    }

    // MARK: The words

    private struct Entry {
        var ref: String
        var singular: String
        var plural: String
        var abbreviation: Bool
        var caseSensitive: Bool
        var statedLanguageOnly = false
        var beforeConnector = false
    }

    private static func w(_ ref: String, _ singular: String, _ plural: String? = nil, statedLanguageOnly: Bool = false,
                          beforeConnector: Bool = false) -> Entry {
        Entry(ref: ref, singular: singular, plural: plural ?? singular, abbreviation: false, caseSensitive: false,
              statedLanguageOnly: statedLanguageOnly, beforeConnector: beforeConnector)
    }

    private static func a(_ ref: String, _ singular: String, _ plural: String? = nil, caseSensitive: Bool = false,
                          statedLanguageOnly: Bool = false) -> Entry {
        Entry(ref: ref, singular: singular, plural: plural ?? singular, abbreviation: true, caseSensitive: caseSensitive,
              statedLanguageOnly: statedLanguageOnly)
    }

    /// `(language, entries)`; `~name` refers to a unit by a generic name the convention
    /// resolves (`~cup`), anything else to a unit id. The first entry per unit and kind is
    /// the written form.
    private static let data: [(String, [Entry])] = [
        ("", [
            a("g", "g"), a("kg", "kg"), a("mg", "mg"), a("µg", "µg"), a("ml", "ml"), a("ml", "mL"), a("cl", "cl"),
            a("dl", "dl"), a("l", "l"), a("l", "L", caseSensitive: true), a("~oz", "oz"), a("lb", "lb", "lb"),
            a("lb", "lb", "lbs"),
        ]),
        ("en", [
            a("~tsp", "tsp"), a("~tsp", "t", caseSensitive: true), a("~tsp", "tsp", "tsps"), a("~tsp", "ts"),
            w("~tsp", "teaspoon", "teaspoons"), w("~tsp", "teaspoonful", "teaspoonfuls"),
            a("~tbsp", "tbsp"), a("~tbsp", "T", caseSensitive: true), a("~tbsp", "Tb", caseSensitive: true),
            a("~tbsp", "tbsp", "tbsps"), a("~tbsp", "tbs"), a("~tbsp", "tbl"), a("~tbsp", "tbls"), a("~tbsp", "tblsp"),
            w("~tbsp", "tablespoon", "tablespoons"), w("~tbsp", "tablespoonful", "tablespoonfuls"),
            a("dessertspoon", "dsp"), a("dessertspoon", "dsp", "dsps"), w("dessertspoon", "dessertspoon", "dessertspoons"),
            w("dessertspoon", "dessert spoon", "dessert spoons"), w("dessertspoon", "dessertspoonful", "dessertspoonfuls"),
            a("~cup", "cup", "cups"), a("~cup", "c", caseSensitive: true), w("~cup", "cup", "cups"),
            a("~fl oz", "fl oz"), a("~fl oz", "fl. oz"), a("~fl oz", "floz"), w("~fl oz", "fluid ounce", "fluid ounces"),
            a("~pint", "pt"), w("~pint", "pint", "pints"), a("~quart", "qt"), w("~quart", "quart", "quarts"),
            a("~gallon", "gal"), w("~gallon", "gallon", "gallons"),
            a("us-cup", "US cup", "US cups"), a("metric-cup", "metric cup", "metric cups"),
            a("metric-tbsp", "metric tbsp"), a("au-tbsp", "AU tbsp"), a("imperial-pint", "imperial pint", "imperial pints"),
            // A British measure named as one where the convention's are US: "1 pint (UK)" was
            // read as a US pint (473 ml), and an imperial amount that moved unit was written
            // with the bare name, which reads as US ("1 UK pint" x 2 was "1 quart", 946 ml
            // for 1,137).
            w("imperial-pint", "pint (UK)", "pints (UK)"), w("imperial-pint", "UK pint", "UK pints"),
            w("imperial-quart", "imperial quart", "imperial quarts"), w("imperial-gallon", "imperial gallon", "imperial gallons"),
            a("imperial-fl-oz", "imperial fl oz"), w("imperial-fl-oz", "imperial fluid ounce", "imperial fluid ounces"),
            w("~oz", "ounce", "ounces"), w("lb", "pound", "pounds"),
            w("g", "gram", "grams"), w("g", "gramme", "grammes"), a("g", "gr"), w("kg", "kilogram", "kilograms"),
            w("kg", "kilo", "kilos"), w("mg", "milligram", "milligrams"),
            w("ml", "millilitre", "millilitres"), w("ml", "milliliter", "milliliters"),
            w("l", "litre", "litres"), w("l", "liter", "liters"), w("cl", "centilitre", "centilitres"),
            w("dl", "decilitre", "decilitres"),
            w("piece", "piece", "pieces"), a("piece", "pc", "pcs"), w("dozen", "dozen", "dozen"),
            w("clove", "clove", "cloves"), w("slice", "slice", "slices"), w("pinch", "pinch", "pinches"),
            w("dash", "dash", "dashes"), w("barspoon", "barspoon", "barspoons"), w("barspoon", "bar spoon", "bar spoons"),
            w("can", "can", "cans"), w("tin", "tin", "tins"), w("sprig", "sprig", "sprigs"), w("leaf", "leaf", "leaves"),
            w("bunch", "bunch", "bunches"), w("drop", "drop", "drops"), w("splash", "splash", "splashes"),
            w("wedge", "wedge", "wedges"), w("twist", "twist", "twists"), w("stick", "stick", "sticks"),
            w("sheet", "sheet", "sheets"), w("handful", "handful", "handfuls"), w("head", "head", "heads"),
            w("stalk", "stalk", "stalks"), w("pack", "pack", "packs"), w("package", "package", "packages"),
            w("packet", "packet", "packets"), w("bottle", "bottle", "bottles"), w("jar", "jar", "jars"),
            w("bag", "bag", "bags"), w("box", "box", "boxes"), w("cube", "cube", "cubes"), w("strip", "strip", "strips"),
            w("fillet", "fillet", "fillets"), w("rasher", "rasher", "rashers"), w("scoop", "scoop", "scoops"),
            w("knob", "knob", "knobs"), w("sachet", "sachet", "sachets"), w("ear", "ear", "ears"),
            w("bulb", "bulb", "bulbs"), w("pod", "pod", "pods"), w("glass", "glass", "glasses"),
            w("shot", "shot", "shots"), w("smidgen", "smidgen", "smidgens"), w("dollop", "dollop", "dollops"),
            w("pat", "pat", "pats"), w("part", "part", "parts"), w("spear", "spear", "spears"), w("stem", "stem", "stems"),
            w("loaf", "loaf", "loaves"), w("jigger", "jigger", "jiggers"),
            w("capsule", "capsule", "capsules"), w("tablet", "tablet", "tablets"), w("portion", "portion", "portions"),
            w("teabag", "tea bag", "tea bags"), w("teabag", "teabag", "teabags"),
            w("pouch", "pouch", "pouches"), w("carton", "carton", "cartons"), w("tub", "tub", "tubs"),
            w("container", "container", "containers"), w("block", "block", "blocks"), w("ball", "ball", "balls"),
            w("envelope", "envelope", "envelopes"), w("punnet", "punnet", "punnets"), w("square", "square", "squares"),
            w("mug", "mug", "mugs"), w("cob", "cob", "cobs"),
        ]),
        ("pt", [
            w("~tbsp", "colher de sopa", "colheres de sopa"), a("~tbsp", "c. de sopa"), a("~tbsp", "c.s."),
            w("~tsp", "colher de chá", "colheres de chá"), a("~tsp", "c. de chá"), a("~tsp", "c.c."),
            w("~cup", "chávena", "chávenas"), w("~cup", "xícara", "xícaras"),
            // The cup and spoons named with what they are for, as Portuguese and Brazilian
            // recipes write them: read as one word, or the kind was left after the unit
            // ("1 colher de sopa de chá de farinha", "237 mililitros (chá) de leite"), and
            // a spoon with its kind in brackets was counted as a spoon of anything, rounded
            // to whole ones ("1 colher (chá)" halved stayed "1 colher (chá)"). "de chá" only
            // before what the cup holds: "1 chávena de chá forte" is a cup of tea.
            w("~cup", "chávena de chá", "chávenas de chá", beforeConnector: true),
            w("~cup", "xícara de chá", "xícaras de chá", beforeConnector: true),
            w("~cup", "xícara (chá)", "xícaras (chá)"), w("~tbsp", "colher (sopa)", "colheres (sopa)"),
            w("~tsp", "colher (chá)", "colheres (chá)"),
            w("g", "grama", "gramas"), w("kg", "quilo", "quilos"), w("kg", "quilograma", "quilogramas"),
            w("ml", "mililitro", "mililitros"), w("l", "litro", "litros"), w("dl", "decilitro", "decilitros"),
            w("slice", "fatia", "fatias"), w("clove", "dente", "dentes"), w("pinch", "pitada", "pitadas"),
            w("bunch", "ramo", "ramos"), w("bunch", "molho", "molhos"), w("stick", "pau", "paus"),
            w("peel", "casca", "cascas"), w("leaf", "folha", "folhas"), w("can", "lata", "latas"),
            w("package", "embalagem", "embalagens"), w("packet", "pacote", "pacotes"), w("sachet", "saqueta", "saquetas"),
            w("drop", "gota", "gotas"), w("sprig", "raminho", "raminhos"), w("cube", "cubo", "cubos"),
            w("glass", "copo", "copos"), w("glass", "cálice", "cálices"), w("piece", "unidade", "unidades"),
            w("piece", "posta", "postas"), w("head", "cabeça", "cabeças"), w("dozen", "dúzia", "dúzias"),
        ]),
        ("es", [
            w("~tbsp", "cucharada", "cucharadas"), a("~tbsp", "cda", "cdas"), w("~tsp", "cucharadita", "cucharaditas"),
            a("~tsp", "cdta", "cdtas"), a("~tsp", "cdita", "cditas"), w("~cup", "taza", "tazas"),
            w("~tbsp", "cucharada sopera", "cucharadas soperas"), a("~tbsp", "c. de sopa"), a("~tbsp", "c.s."),
            a("~tsp", "c. de café"), a("~tsp", "c.c."),
            w("g", "gramo", "gramos"), w("kg", "kilo", "kilos"), w("kg", "kilogramo", "kilogramos"),
            w("~oz", "onza", "onzas"), w("lb", "libra", "libras"), w("dozen", "docena", "docenas"),
            w("ml", "mililitro", "mililitros"), w("l", "litro", "litros"),
            w("clove", "diente", "dientes"), w("pinch", "pizca", "pizcas"), w("slice", "rebanada", "rebanadas"),
            w("slice", "loncha", "lonchas"), w("can", "lata", "latas"), w("leaf", "hoja", "hojas"),
            w("sprig", "ramita", "ramitas"), w("bunch", "manojo", "manojos"), w("splash", "chorrito", "chorritos"),
            w("drop", "gota", "gotas"), w("glass", "vaso", "vasos"), w("packet", "paquete", "paquetes"),
            w("piece", "trozo", "trozos"), w("piece", "unidad", "unidades"),
            w("sachet", "sobre", "sobres", statedLanguageOnly: true), w("pinch", "pellizco", "pellizcos"),
            w("head", "cabeza", "cabezas"), w("slice", "rodaja", "rodajas"),
        ]),
        ("fr", [
            w("~tbsp", "cuillère à soupe", "cuillères à soupe"), a("~tbsp", "c. à soupe"), a("~tbsp", "c.à.s."),
            w("~tbsp", "cuillerée à soupe", "cuillerées à soupe"),
            w("~tsp", "cuillère à café", "cuillères à café"), a("~tsp", "c. à café"), a("~tsp", "c.à.c."),
            w("~tsp", "cuillerée à café", "cuillerées à café"), w("dozen", "douzaine", "douzaines"),
            a("~tbsp", "c. à s."), a("~tbsp", "c.à s."), a("~tbsp", "c à s"), a("~tbsp", "càs"), a("~tbsp", "c.s."),
            a("~tbsp", "cuil. à soupe"), a("~tbsp", "cuill. à soupe"),
            a("~tsp", "c. à c."), a("~tsp", "c.à c."), a("~tsp", "c à c"), a("~tsp", "càc"), a("~tsp", "c.c."),
            a("~tsp", "cuil. à café"), a("~tsp", "cuill. à café"),
            a("~tsp", "c. à thé"), w("~tsp", "cuillère à thé", "cuillères à thé"),
            w("~cup", "tasse", "tasses"), w("g", "gramme", "grammes"), w("l", "litre", "litres"),
            w("ml", "millilitre", "millilitres"), w("clove", "gousse", "gousses"), w("pinch", "pincée", "pincées"),
            w("slice", "tranche", "tranches"), w("leaf", "feuille", "feuilles"), w("can", "boîte", "boîtes"),
            w("sprig", "brin", "brins"), w("bunch", "botte", "bottes"), w("glass", "verre", "verres"),
            w("sachet", "sachet", "sachets"), w("piece", "morceau", "morceaux"),
        ]),
        ("de", [
            a("~tbsp", "EL", caseSensitive: true), w("~tbsp", "Esslöffel"), a("~tsp", "TL", caseSensitive: true),
            w("~tsp", "Teelöffel"), w("~cup", "Tasse", "Tassen"), w("g", "Gramm"), w("kg", "Kilogramm"),
            w("pfund", "Pfund"), a("pfund", "Pfd"), w("dozen", "Dutzend"), w("l", "Liter"),
            w("ml", "Milliliter"), w("pinch", "Prise", "Prisen"), w("clove", "Zehe", "Zehen"),
            w("slice", "Scheibe", "Scheiben"), w("can", "Dose", "Dosen"), w("bunch", "Bund"),
            w("leaf", "Blatt", "Blätter"), w("sprig", "Zweig", "Zweige"), w("piece", "Stück"),
            // Counted as they are in German recipes (each was the ingredient's name, the
            // count read as one of it: "2 Päckchen Backpulvers").
            w("packet", "Päckchen"), a("packet", "Pck."), a("packet", "Pck"), w("tub", "Becher"),
            w("glass", "Glas", "Gläser"), w("cube", "Würfel"), w("pinch", "Messerspitze", "Messerspitzen"), a("pinch", "Msp."),
            a("pinch", "Msp"),
            // The other packs and pieces German recipes count in: each was read as the
            // counted thing, so halving rounded it to whole ones ("1 Packung Nudeln" x 1/2
            // stayed one, with a note), and the ingredient after it was no name of its own.
            w("package", "Packung", "Packungen"), w("stick", "Stange", "Stangen"), w("head", "Kopf", "Köpfe"),
            w("bottle", "Flasche", "Flaschen"), w("bag", "Tüte", "Tüten"), w("bag", "Beutel"), w("bar", "Tafel", "Tafeln"),
            w("ball", "Kugel", "Kugeln"), w("roll", "Rolle", "Rollen"), w("bulb", "Knolle", "Knollen"), w("stem", "Stiel", "Stiele"),
            w("drop", "Tropfen"), w("splash", "Spritzer"), w("splash", "Schuss"), w("handful", "Handvoll"),
            w("portion", "Portion", "Portionen"),
            // The abbreviations of Stück and Packung, the same in both numbers ("2 Stk.
            // Ingwer", "2 Pkg. Nudeln"): they were read as the counted thing, a noun Larder did
            // not know, so a pack was rounded to whole ones and a word of how big before one
            // kept its ending ("2 großes Stk."). `St.` only with its capital and its point, and
            // in German text (in a line of no stated language, "1 St. Louis-style rack" is
            // English).
            a("piece", "Stk."), a("piece", "Stk"), a("piece", "St.", caseSensitive: true, statedLanguageOnly: true),
            a("package", "Pkg."), a("package", "Pkg"),
        ]),
        ("it", [
            w("~tbsp", "cucchiaio", "cucchiai"), w("~tsp", "cucchiaino", "cucchiaini"), w("~cup", "tazza", "tazze"),
            w("g", "grammo", "grammi"), w("kg", "chilo", "chili", statedLanguageOnly: true), w("kg", "chilogrammo", "chilogrammi"),
            w("hg", "etto", "etti"), w("dozen", "dozzina", "dozzine"),
            w("l", "litro", "litri"), w("ml", "millilitro", "millilitri"),
            w("clove", "spicchio", "spicchi"), w("pinch", "pizzico", "pizzichi"), w("slice", "fetta", "fette"),
            w("leaf", "foglia", "foglie"), w("can", "lattina", "lattine"), w("sprig", "rametto", "rametti"),
            w("bunch", "mazzetto", "mazzetti"), w("glass", "bicchiere", "bicchieri"),
            w("can", "scatola", "scatole"), w("can", "scatoletta", "scatolette"), w("jar", "barattolo", "barattoli"),
            w("package", "confezione", "confezioni"), w("sachet", "bustina", "bustine"), w("bunch", "mazzo", "mazzi"),
        ]),
    ]
}

extension String.UnicodeScalarView {
    /// Appends `scalars` one by one. The standard library's `append(contentsOf:)` of this
    /// view copies the whole text built so far on each call, so a text built from many
    /// pieces took time quadratic in its length (64,000 temperatures in one step: 4.6 s).
    mutating func appendScalars<S: Sequence>(_ scalars: S) where S.Element == Unicode.Scalar {
        for scalar in scalars { append(scalar) }
    }
}
