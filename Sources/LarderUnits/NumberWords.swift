/// Quantities written as words at the start of an ingredient line, in English, Portuguese,
/// Spanish, French, German and Italian: `two cups`, `three eggs`, `half a cup`, `a cup`,
/// `one and a half cups`, `meio quilo`, `duas cebolas`, `eine halbe Tasse`.
///
/// An article (`a`, `an`, `um`, `una`, `ein`) and a half (`half`, `meio`, `halbe`) count as
/// an amount before a unit or a noun (`an egg`, `half an onion`), not before words that say
/// how little or how loosely: `a pinch of love`, `a little oil` and `a few leaves` have none.
public enum NumberWords {
    /// What a word is.
    enum Kind {
        /// A number (`two`, `duas`, `drei`).
        case number(Int)
        /// One, or the indefinite article (`a`, `um`, `une`, `ein`).
        case article
        /// A half (`half`, `meio`, `halbe`, `mezzo`).
        case half
        /// One and a half (`anderthalb`).
        case oneAndAHalf
    }

    /// The words of each language, lower-cased.
    static let words: [String: [String: Kind]] = {
        func numbers(_ list: [String]) -> [String: Kind] {
            var d: [String: Kind] = [:]
            for (i, w) in list.enumerated() where !w.isEmpty {
                for form in w.split(separator: "|") { d[String(form)] = .number(i + 1) }
            }
            return d
        }
        func add(_ d: [String: Kind], _ words: [String], _ kind: Kind) -> [String: Kind] {
            var d = d
            for w in words { d[w] = kind }
            return d
        }
        return [
            "en": add(add(numbers(["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]),
                          ["a", "an"], .article), ["half"], .half),
            "pt": add(add(numbers(["", "dois|duas", "três|tres", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez", "onze", "doze"]),
                          ["um", "uma"], .article), ["meio", "meia"], .half),
            "es": add(add(numbers(["", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce"]),
                          ["un", "una", "uno"], .article), ["medio", "media"], .half),
            "fr": add(numbers(["", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"]),
                      ["un", "une"], .article),
            "de": add(add(add(numbers(["", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"]),
                              ["ein", "eine", "einen", "einem", "einer", "eines"], .article),
                          ["halb", "halbe", "halber", "halbes", "halben"], .half), ["anderthalb", "eineinhalb"], .oneAndAHalf),
            "it": add(add(numbers(["", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "undici", "dodici"]),
                          ["un", "uno", "una"], .article), ["mezzo", "mezza"], .half),
        ]
    }()

    /// The English halves, which count a noun only after an article (`half an onion`).
    static let englishHalves: Set<String> = ["half"]

    /// A half in words at `start` that starts a line and was not read as an amount, before
    /// a word that is neither a joining word nor says how little (`half onion`; not `half
    /// and half`, `meio a meio` or `meia pitada`): the words, or nil.
    static func unreadHalf(_ s: [Unicode.Scalar], at start: Int, language: String?) -> String? {
        guard let (first, end1) = word(s, at: start) else { return nil }
        var end = end1
        switch kind(first, language: language) {
        case .half?: break
        case .article?:
            // "eine halbe ...": the article first.
            let k = AmountScanner.skipSpaces(s, end1)
            guard k > end1, let (w, e) = word(s, at: k), case .half? = kind(w, language: language) else { return nil }
            end = e
        default: return nil
        }
        let k = AmountScanner.skipSpaces(s, end)
        guard k > end, let (_, nounEnd) = word(s, at: k), !vagueAfter(s, from: k) else { return nil }
        return String(String.UnicodeScalarView(s[start..<nounEnd]))
    }

    /// Counted units too vague to take an article as an amount: `a pinch of love`.
    static let vagueCounts: Set<String> = ["pinch", "dash", "splash", "handful", "smidgen", "knob", "dollop", "drop", "pat", "twist"]

    /// Words after an article that make it no amount: how little (`a few`, `a little`, `um
    /// pouco`, `ein paar`), how loosely (`a good pinch`, `a generous handful`), in the six
    /// languages; and the vague counts themselves.
    static let vagueWords: Set<String> = vagueCounts.union([
        "few", "little", "bit", "couple", "lot", "good", "generous", "heaped", "heaping", "scant", "touch", "hint", "squeeze",
        "drizzle", "sprinkle", "sprinkling", "knob", "glug", "handful", "bunch", "sprig",
        "pouco", "pouca", "bocado", "pitada", "punhado", "poco", "poca", "pizca", "puñado", "chorrito", "chorro",
        "peu", "pincée", "filet", "poignée", "soupçon", "paar", "bisschen", "wenig", "prise", "schuss", "handvoll",
        "po", "pizzico", "manciata", "goccio", "filo",
    ])

    /// True when the first two words from `start` hold a word of ``vagueWords`` (or there is
    /// no word there): an article before them is no amount.
    static func vagueAfter(_ s: [Unicode.Scalar], from start: Int) -> Bool {
        guard let (first, end) = word(s, at: start) else { return true }
        if vagueWords.contains(first) || notNouns.contains(first) { return true }
        let k = AmountScanner.skipSpaces(s, end)
        if k > end, let (second, _) = word(s, at: k), vagueWords.contains(second) { return true }
        return false
    }

    /// What was read: the value, where it ends, and whether a unit must follow.
    struct Found {
        var value: Rational
        var end: Int
        var needsUnit: Bool
        /// True when a plain noun may follow as what is counted: after an article (`a`,
        /// `half an`), or after a half in a language that puts it before the noun as an
        /// adjective (`meia cebola`, `mezzo limone`, `media cebolla`, `eine halbe Zitrone`).
        var countsNoun = false
    }

    /// Words that are no counted noun after an article or a half: joining words, articles,
    /// fractions ("a quarter cup", "half and half", "half the juice", "a la carte").
    static let notNouns: Set<String> = [
        "and", "or", "to", "the", "of", "a", "an", "plus", "la", "le", "les", "l", "de", "del", "della", "di", "du", "des", "der",
        "die", "das", "dem", "den", "o", "os", "as", "el", "lo", "los", "las", "y", "e", "et", "und", "ou", "oder", "bis", "quarter",
        "quarters", "third", "thirds", "eighth", "eighths", "fourth", "fifth", "sixth", "dozen", "carte", "mode", "moda",
    ]

    /// English words for fractions: after an amount (`three quarters cup`, `1 quarter cup`,
    /// `a third cup`) or joined to one (`one-half cup`) they make a fraction in words, which
    /// is not read.
    static let fractionWords: Set<String> = ["half", "quarter", "quarters", "third", "thirds", "eighth", "eighths"]

    /// English words between an amount and a unit of mass or volume that say how full or
    /// how big (`1 heaping cup`, `2 scant cups`, `1 large tbsp`): not read, so such a line is
    /// kept as written (it was scaled as a count of "heaping cup flour", 1 × 1.5 rounded to
    /// `2 heaping cup flours`). Before a counted unit they read well (`2 small glasses`).
    static let measureModifiers: Set<String> = [
        "heaping", "heaped", "level", "packed", "scant", "rounded", "generous", "good", "large", "small", "medium", "big",
        "lightly", "firmly", "loosely", "well", "full", "extra",
    ]

    /// English words of how big one thing is, which may come before its size in brackets
    /// (`1 large (28 oz) can`, `2 small (6 oz) cans`).
    static let sizeWords: Set<String> = ["small", "medium", "large", "big"]

    /// Where a word of ``sizeWords`` at `start` ends, in English text or text of an unknown
    /// language; nil when there is none.
    static func sizeWord(_ s: [Unicode.Scalar], at start: Int, language: String?) -> Int? {
        guard UnitLexicon.baseLanguage(language).map({ $0 == "en" }) ?? true, let (w, end) = word(s, at: start), sizeWords.contains(w) else { return nil }
        return end
    }

    /// Words of how big one thing is, in the languages that put them after their noun, so
    /// after a unit that counts things (`1 molho pequeno de salsa`, `1 manojo pequeño de
    /// perejil`, `1 boîte moyenne de tomates`, `1 mazzetto piccolo di prezzemolo`): they
    /// agree with the unit in number when it scales, as the words after a counted thing's
    /// name do (`2 cebolas pequenas`).
    static let sizeWordsAfterUnit: [String: Set<String>] = [
        "pt": ["pequeno", "pequena", "pequenos", "pequenas", "médio", "média", "médios", "médias", "grande", "grandes"],
        "es": ["pequeño", "pequeña", "pequeños", "pequeñas", "mediano", "mediana", "medianos", "medianas", "grande", "grandes"],
        "fr": ["petit", "petite", "petits", "petites", "moyen", "moyenne", "moyens", "moyennes", "grand", "grande", "grands",
               "grandes", "gros", "grosse", "grosses"],
        "it": ["piccolo", "piccola", "piccoli", "piccole", "medio", "media", "medi", "medie", "grande", "grandi"],
    ]

    /// Words of how big that Portuguese, Spanish, French and Italian also put before their
    /// noun, so before a unit that counts things or a cup or spoon (`1 pequena lata de atum`,
    /// `1 pequeño manojo de perejil`, `1 gran diente de ajo`, `1 grande boîte de tomates`, `1
    /// grosse gousse d'ail`, `1 piccolo mazzetto di prezzemolo`, `1 grande bicchiere di
    /// latte`): they agree with the unit in number, as after it. Spanish `gran` is `grande`
    /// before a noun in the singular (`2 grandes dientes`); French `gros` is the same in both
    /// numbers (`2 gros verres`); Italian `grande` is `grandi` in the plural of both genders
    /// (`2 grandi bicchieri`, `2 grandi scatole`), and `gran`, as Italian writes `grande`
    /// before a consonant, is the same in both numbers (`un gran mazzo`, `2 gran mazzi`). German
    /// puts every adjective before its noun, in the ending of the noun's gender and number
    /// (`1 große Dose`, `1 großer Becher`, `1 kleines Glas`, `2 kleine Gläser`; `großen`, as a
    /// masculine one is written in the accusative, `1 großen Becher`).
    static let sizeWordsBeforeUnit: [String: Set<String>] = [
        "pt": ["pequeno", "pequena", "pequenos", "pequenas", "grande", "grandes"],
        "es": ["pequeño", "pequeña", "pequeños", "pequeñas", "gran", "grande", "grandes"],
        "fr": ["petit", "petite", "petits", "petites", "grand", "grande", "grands", "grandes", "gros", "grosse", "grosses"],
        "it": ["piccolo", "piccola", "piccoli", "piccole", "grande", "grandi", "gran", "grosso", "grossa", "grossi", "grosse"],
        "de": germanForms(of: ["groß", "klein", "mittelgroß"]),
    ]

    /// Words of how full a spoon or cup is that German puts before it, as every adjective
    /// (`1 gehäufter Esslöffel`, `1 gestrichener TL`, `1 knapper TL`, a little less than
    /// full, `1 gute Tasse`, a little more): they agree with it as a word of how big does,
    /// and the spoon stays a spoon, as after it in the other languages.
    static let fullnessWordsBeforeUnit: [String: Set<String>] = [
        "de": germanForms(of: ["gehäuft", "gestrichen", "knapp", "gut"]),
    ]

    /// The forms of German adjectives (by their stem) after a number and no article: `-e`,
    /// `-er`, `-es`, and `-en` (`große`, `großer`, `großes`, `großen`), also as Switzerland
    /// writes them, with ss for ß (`grosse`, `grosser`, `mittelgrosse`).
    private static func germanForms(of stems: [String]) -> Set<String> {
        let spellings = stems.flatMap { $0.contains("ß") ? [$0, $0.replacing("ß", with: "ss")] : [$0] }
        return Set(spellings.flatMap { stem in ["e", "er", "es", "en"].map { stem + $0 } })
    }

    /// Where a word of ``sizeWordsBeforeUnit`` or ``fullnessWordsBeforeUnit`` at `start` is,
    /// in text of a stated language that has them; nil when there is none.
    static func wordBeforeUnit(_ s: [Unicode.Scalar], at start: Int, language: String?) -> Range<Int>? {
        guard let lang = UnitLexicon.baseLanguage(language), let (w, end) = word(s, at: start),
              sizeWordsBeforeUnit[lang]?.contains(w) == true || fullnessWordsBeforeUnit[lang]?.contains(w) == true else { return nil }
        return start..<end
    }

    /// Words of how full a spoon or cup is, after it in the same languages (`1 colher de sopa
    /// rasa`, `1 cucharada colmada`, `1 cuillère à soupe bombée`, `1 cucchiaio raso`): they
    /// agree with the unit in number, and the unit stays (4 heaped tablespoons are not a
    /// heaped quarter cup).
    static let fullnessWordsAfterUnit: [String: Set<String>] = [
        "pt": ["raso", "rasa", "rasos", "rasas", "cheio", "cheia", "cheios", "cheias", "nivelado", "nivelada", "nivelados", "niveladas"],
        "es": ["raso", "rasa", "rasos", "rasas", "colmado", "colmada", "colmados", "colmadas", "lleno", "llena", "llenos", "llenas"],
        "fr": ["ras", "rase", "rases", "bombé", "bombée", "bombés", "bombées", "plein", "pleine", "pleins", "pleines"],
        "it": ["raso", "rasa", "rasi", "rase", "colmo", "colma", "colmi", "colme", "abbondante", "abbondanti"],
    ]

    /// True when `word` is a word of how full after a spoon or cup in `language` (`cheia`,
    /// `colmada`, `bombée`), of ``fullnessWordsAfterUnit``.
    static func isFullnessWord(_ word: String, language: String) -> Bool {
        fullnessWordsAfterUnit[language]?.contains(word.lowercased()) ?? false
    }

    /// Adverbs that may go before a word of how full and never change (`bem cheia`, `bien
    /// colmada`, `bien pleine`, `ben colmo`).
    static let fullnessAdverbs: [String: Set<String>] = ["pt": ["bem", "muito"], "es": ["bien", "muy"], "fr": ["bien", "très"], "it": ["ben", "molto"]]

    /// The words of how big or how full that follow a unit at `start` in `language` (`pt`,
    /// `es`, `fr` or `it`; none in the others, which put them before the unit), two at most
    /// (`1 lata grande cheia`): where each is, and where the last ends; nil when none follows. An adverb before one of them
    /// (`bem cheia`) is passed over, not listed: it does not change.
    static func wordsAfterUnit(_ s: [Unicode.Scalar], at start: Int, language: String) -> (spans: [Range<Int>], end: Int)? {
        guard let sizes = sizeWordsAfterUnit[language], let full = fullnessWordsAfterUnit[language], let adverbs = fullnessAdverbs[language] else { return nil }
        var spans: [Range<Int>] = []
        var end = start
        while spans.count < 2 {
            var k = AmountScanner.skipSpaces(s, end)
            guard k > end, var (w, e) = word(s, at: k) else { break }
            if adverbs.contains(w) {
                let next = AmountScanner.skipSpaces(s, e)
                guard next > e, let (after, afterEnd) = word(s, at: next), full.contains(after) else { break }
                (w, e, k) = (after, afterEnd, next)
            }
            guard sizes.contains(w) || full.contains(w) else { break }
            spans.append(k..<e)
            end = e
        }
        return spans.isEmpty ? nil : (spans, end)
    }

    /// What follows an amount that ends at `start` and is not read, said as a reason (nil
    /// when nothing is): a fraction in words (`three quarters`, `1 quarter`), an article
    /// (`1/2 an onion`), or words saying how full between the amount and a unit (`1 heaping
    /// cup`; `isUnit` tells whether a unit of mass or volume starts at an offset). English words only, for
    /// English or an unknown language.
    static func unreadAfterAmount(_ s: [Unicode.Scalar], from amountStart: Int, at start: Int, language: String?, isUnit: (Int) -> Bool) -> String? {
        guard language == nil || language == "en" else { return nil }
        let k = AmountScanner.skipSpaces(s, start)
        guard k > start, let (first, end1) = word(s, at: k) else { return nil }
        let written = { (from: Int, end: Int) in String(String.UnicodeScalarView(s[from..<end])) }
        if fractionWords.contains(first) && first != "half" { return "a fraction in words ('\(written(amountStart, end1))')" }
        if first == "a" || first == "an" { return "an article after the amount ('\(written(amountStart, end1))')" }
        guard measureModifiers.contains(first) else { return nil }
        var end = end1
        // Two of them: "lightly packed".
        let k2 = AmountScanner.skipSpaces(s, end)
        if k2 > end, let (second, end2) = word(s, at: k2), measureModifiers.contains(second) { end = end2 }
        let u = AmountScanner.skipSpaces(s, end)
        guard u > end, isUnit(u) else { return nil }
        return "a word between the amount and its unit ('\(written(k, end))')"
    }

    /// A fraction in words at the start of a line that the amount reader leaves (`a quarter
    /// cup`, `two thirds cup`, `one-half cup`): the words, or nil. English words only.
    static func fractionInWords(_ s: [Unicode.Scalar], at start: Int, language: String?) -> String? {
        guard language == nil || language == "en", let (first, end1) = word(s, at: start),
              case .some(let k) = kind(first, language: "en"), { if case .half = k { return false } else { return true } }() else { return nil }
        var k2 = AmountScanner.skipSpaces(s, end1)
        if k2 == end1, k2 < s.count, s[k2] == "-" || s[k2] == "\u{2010}" { k2 += 1 } else if k2 == end1 { return nil }
        guard let (second, end2) = word(s, at: k2), fractionWords.contains(second) else { return nil }
        return String(String.UnicodeScalarView(s[start..<end2]))
    }

    /// True when `word` (lower-cased) is a number in words in `language` (every language
    /// when nil): `two`, `duas`, `half`, `anderthalb`; not an article.
    public static func isNumber(_ word: String, language: String?) -> Bool {
        switch kind(word.lowercased(), language: language) {
        case .number?, .half?, .oneAndAHalf?: true
        default: false
        }
    }

    /// True when `word` (lower-cased) is a half in `language` (every language when nil):
    /// `half`, `meia`, `media`, `mezzo`, `halbe`, and French `demi`, `demie`, which are read
    /// only after a number (`1 et demi`; `une demi-tasse` is one thing).
    static func isHalf(_ word: String, language: String?) -> Bool {
        if case .half? = kind(word, language: language) { return true }
        let lang = UnitLexicon.baseLanguage(language)
        return (lang == nil || lang == "fr") && (word == "demi" || word == "demie")
    }

    /// Words that go on with an amount after its unit: `a cup and a half`, `uma xícara e
    /// meia`, `una taza y media`, `une tasse et demie`, `un bicchiere e mezzo`.
    static let halfAfterUnit: [[String]] = [
        ["and", "a", "half"], ["e", "meia"], ["e", "meio"], ["y", "media"], ["y", "medio"], ["et", "demie"], ["et", "demi"],
        ["e", "mezzo"], ["e", "mezza"], ["und", "ein", "halb"], ["und", "eine", "halbe"], ["und", "einhalb"],
    ]

    /// Where a half after a unit (one of ``halfAfterUnit``: `and a half`, `e meia`, `et
    /// demie`) that starts after spaces at `start` ends, or nil when none does.
    static func halfAfterUnitEnd(_ s: [Unicode.Scalar], at start: Int) -> Int? {
        let first = AmountScanner.skipSpaces(s, start)
        guard first > start else { return nil }
        phrases: for phrase in halfAfterUnit {
            var k = first
            var end = first
            for (n, expected) in phrase.enumerated() {
                if n > 0 {
                    k = AmountScanner.skipSpaces(s, end)
                    guard k > end else { continue phrases }
                }
                guard let (w, e) = word(s, at: k), w == expected else { continue phrases }
                end = e
            }
            // A word of its own ("half-and-half").
            guard end == s.count || !(s[end] == "-" || s[end] == "\u{2010}") else { continue }
            return end
        }
        return nil
    }

    /// The words from `start` (letters only, lower-cased), at most `count`.
    static func words(_ s: [Unicode.Scalar], from start: Int, count: Int) -> [String] {
        var out: [String] = []
        var k = AmountScanner.skipSpaces(s, start)
        while out.count < count, let (w, end) = word(s, at: k) {
            out.append(w)
            k = AmountScanner.skipSpaces(s, end)
        }
        return out
    }

    /// True when the words after an amount in words go on with it in a way it does not read:
    /// a range in words (`two to three`, `one or two`, `dois a três`) or a half after the unit
    /// (`a cup and a half`). The line is then kept as written, with a note.
    static func continues(_ s: [Unicode.Scalar], at start: Int, language: String?) -> String? {
        let next = words(s, from: start, count: 3)
        if next.count >= 2, ["to", "or", "a", "o", "ou", "bis", "oder", "à"].contains(next[0]), isNumber(next[1], language: language) {
            return next.prefix(2).joined(separator: " ")
        }
        return halfAfterUnit.first { Array(next.prefix($0.count)) == $0 }?.joined(separator: " ")
    }

    /// The word at `start` and where it ends (letters only).
    private static func word(_ s: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var end = start
        while end < s.count, AmountScanner.isLetter(s[end]) { end += 1 }
        guard end > start, end == s.count || !UnitLexicon.isWordScalar(s[end]) else { return nil }
        return (String(String.UnicodeScalarView(s[start..<end])).lowercased(), end)
    }

    /// The kind of `word` in `language` (every language when nil).
    private static func kind(_ word: String, language: String?) -> Kind? {
        if let lang = UnitLexicon.baseLanguage(language) { return words[lang]?[word] }
        for lang in ["en", "pt", "es", "fr", "de", "it"] { if let k = words[lang]?[word] { return k } }
        return nil
    }

    /// A quantity in words at `start`, followed by a space: `two`, `a`, `half a`, `one and a
    /// half`, `eine halbe`.
    static func scan(_ s: [Unicode.Scalar], at start: Int, language: String?) -> Found? {
        guard let (first, end1) = word(s, at: start), let kind1 = kind(first, language: language) else { return nil }
        /// The next word after spaces, when there are spaces.
        func next(_ end: Int) -> (String, Int)? {
            let k = AmountScanner.skipSpaces(s, end)
            return k > end ? word(s, at: k) : nil
        }
        let half = Rational(unchecked: 1, 2)
        var found: Found
        switch kind1 {
        case .number(let n):
            found = Found(value: Rational(n), end: end1, needsUnit: false)
            // "one and a half cups", "duas e meia chávenas", "dos y media tazas".
            if let (fraction, e, _) = (try? AmountScanner.mixedFraction(s, after: end1, language: language)) ?? nil,
               let v = try? Rational(n) + fraction {
                found = Found(value: v, end: e, needsUnit: false)
            }
        case .article:
            found = Found(value: .one, end: end1, needsUnit: true, countsNoun: true)
            // "uma e meia chávena", "una y media taza".
            if let (fraction, e, _) = (try? AmountScanner.mixedFraction(s, after: end1, language: language)) ?? nil,
               let v = try? Rational.one + fraction {
                found = Found(value: v, end: e, needsUnit: true)
            }
            // "eine halbe Tasse", "a half cup"; "eine halbe Zitrone" (not English "a half onion").
            if let (w, e) = next(end1), case .half? = kind(w, language: language) {
                found = Found(value: half, end: e, needsUnit: true, countsNoun: !englishHalves.contains(w))
            }
        case .half:
            // "meia cebola", "mezzo limone": the half is an adjective of the noun; English
            // "half onion" is not read ("half fat" is no amount).
            found = Found(value: half, end: end1, needsUnit: true, countsNoun: !englishHalves.contains(first))
            // "half a cup", "half an onion".
            if let (w, e) = next(end1), case .article? = kind(w, language: language) {
                found.end = e
                found.countsNoun = true
            }
        case .oneAndAHalf:
            found = Found(value: Rational(unchecked: 3, 2), end: end1, needsUnit: false)
        }
        guard found.end < s.count, AmountScanner.isSpace(s[found.end]) else { return nil }
        return found
    }
}
