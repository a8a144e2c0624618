/// Singular and plural forms of ingredient names in English, Portuguese, Spanish, French,
/// German and Italian, so `1 onion` scaled by 2 reads `2 onions` and `2 ovos` halved reads
/// `1 ovo`. German names change only when they are in a short list of cooking words (or
/// are compounds that end with one), and so do the adjectives before them.
///
/// The rules are the regular ones plus the irregular words of cooking; a word they do
/// not know is written as it was.
///
///     Inflection.plural("onion", language: "en")     // "onions"
///     Inflection.singular("cherries", language: "en") // "cherry"
///     Inflection.plural("limão", language: "pt")      // "limões"
public enum Inflection {
    /// The plural of one word, in `language` (`en` when nil), or nil when the language has
    /// no rules here.
    public static func plural(_ word: String, language: String?) -> String? {
        guard !word.isEmpty else { return word }
        switch UnitLexicon.baseLanguage(language) ?? "en" {
        case "en": return matchCase(englishPlural(word.lowercased()), like: word)
        case "pt": return matchCase(portuguesePlural(word.lowercased()), like: word)
        case "es": return matchCase(spanishPlural(word.lowercased()), like: word)
        case "fr": return matchCase(frenchPlural(word.lowercased()), like: word)
        case "de": return matchCase(germanPlural(word.lowercased()), like: word)
        case "it": return matchCase(italianPlural(word.lowercased()), like: word)
        default: return nil
        }
    }

    /// The singular of one word, in `language` (`en` when nil), or nil when the language
    /// has no rules here.
    public static func singular(_ word: String, language: String?) -> String? {
        guard !word.isEmpty else { return word }
        switch UnitLexicon.baseLanguage(language) ?? "en" {
        case "en": return matchCase(englishSingular(word.lowercased()), like: word)
        case "pt": return matchCase(portugueseSingular(word.lowercased()), like: word)
        case "es": return matchCase(spanishSingular(word.lowercased()), like: word)
        case "fr": return matchCase(frenchSingular(word.lowercased()), like: word)
        case "de": return matchCase(germanSingular(word.lowercased()), like: word)
        case "it": return matchCase(italianSingular(word.lowercased()), like: word)
        default: return nil
        }
    }

    /// A hyphenated word in the other number: which parts change depends on the language
    /// and the compound. In English and Spanish the last part (`t-bone steaks`). In
    /// Portuguese every noun and adjective (`couve-flor` → `couves-flores`,
    /// `pimento-vermelho` → `pimentos-vermelhos`), but only the first part before a
    /// preposition (`pão-de-ló` → `pães-de-ló`) and only the last after a verb
    /// (`guarda-chuva` → `guarda-chuvas`). A doubled word stays (`piri-piri`). Nil when
    /// nothing changes.
    static func compound(_ word: String, plural: Bool, language: String?) -> String? {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        func inflect(_ part: String) -> String {
            guard part.count > 1 else { return part }  // the t of t-bone
            return (plural ? Self.plural(part, language: language) : Self.singular(part, language: language)) ?? part
        }
        guard parts.count > 1 else {
            let changed = inflect(word)
            return changed == word ? nil : changed
        }
        if Set(parts.map { $0.lowercased() }).count == 1 { return nil }
        var changed = parts
        if UnitLexicon.baseLanguage(language) == "pt" {
            if let preposition = parts.firstIndex(where: { stopWords.contains($0.lowercased()) }), preposition > 0 {
                changed[0] = inflect(parts[0])
            } else if portugueseVerbParts.contains(parts[0].lowercased()) || portugueseInvariableParts.contains(parts[0].lowercased()) {
                changed[changed.count - 1] = inflect(parts[parts.count - 1])
            } else {
                changed = parts.map(inflect)
            }
        } else {
            changed[changed.count - 1] = inflect(parts[parts.count - 1])
        }
        return changed == parts ? nil : changed.joined(separator: "-")
    }

    /// A word that goes before its noun (`pequena` in `1 pequena lata`, `grandes` in `2
    /// grandes cebollas`) in the other number, as ``compound(_:plural:language:)`` gives it,
    /// but for Spanish `gran`, which is `grande` before a noun in the singular: `2 grandes
    /// dientes` halved is `1 gran diente` (and `1 gran diente` doubled was `2 granes dientes`),
    /// and for Italian before `noun`, which agrees with it as a word after it does (`2
    /// piccole uova`, as `2 uova intere`). Nil when nothing changes.
    static func beforeNoun(_ word: String, _ noun: String? = nil, plural: Bool, language: String?) -> String? {
        if let noun, UnitLexicon.baseLanguage(language) == "it" { return agreeing(word, with: noun, plural: plural, language: language) }
        guard UnitLexicon.baseLanguage(language) == "es" else { return compound(word, plural: plural, language: language) }
        switch (word.lowercased(), plural) {
        case ("gran", true): return matchCase("grandes", like: word)
        case ("grandes", false): return matchCase("gran", like: word)
        default: return compound(word, plural: plural, language: language)
        }
    }

    /// A word that follows `noun` in a name (an adjective: `intero` in `uovo intero`) in the
    /// other number, as ``compound(_:plural:language:)`` gives it, but for the Italian nouns
    /// whose plural is feminine (`uovo` → `uova`): an adjective of theirs takes the feminine
    /// plural, `uova intere`, `uova fresche`, and goes back to the masculine singular, `uovo
    /// sodo` (it was `2 uova interi`, and `2 uova sode` halved `1 uovo soda`). Nil when
    /// nothing changes.
    static func agreeing(_ word: String, with noun: String, plural: Bool, language: String?) -> String? {
        let lower = word.lowercased()
        guard UnitLexicon.baseLanguage(language) == "it", !word.contains("-"),
              italianFemininePlurals[noun.lowercased()] != nil || italianFemininePlurals.values.contains(noun.lowercased()) else {
            return compound(word, plural: plural, language: language)
        }
        let changed: String
        if plural {
            // intero → intera → intere; grande → grandi as ever.
            changed = lower.hasSuffix("o") ? italianPlural(lower.dropLast() + "a") : italianPlural(lower)
        } else {
            // intere → intera → intero; fresche → fresca → fresco; grandi → grande.
            let singular = italianSingular(lower)
            changed = lower.hasSuffix("e") && singular.hasSuffix("a") ? singular.dropLast() + "o" : singular
        }
        let result = matchCase(changed, like: word)
        return result == word ? nil : result
    }

    /// Italian nouns of the kitchen that are masculine in the singular and feminine in the
    /// plural: singular -> plural.
    static let italianFemininePlurals: [String: String] = ["uovo": "uova"]

    /// Prefixes and adverbs that start Portuguese compounds and never change
    /// (`mini-pizzas`, `semi-frios`, `bem-casados`, `super-bocks`).
    static let portugueseInvariableParts: Set<String> = [
        "mini", "semi", "bem", "mal", "super", "ex", "vice", "pré", "pre", "pós", "pos", "anti", "auto", "micro", "multi",
        "recém", "sub", "hiper", "ultra", "extra", "contra", "entre", "sobre", "sem", "não", "meio",
    ]

    /// Verbs that start Portuguese compounds whose last part alone takes the number
    /// (`guarda-chuvas`, `saca-rolhas`, `quebra-nozes`).
    static let portugueseVerbParts: Set<String> = [
        "guarda", "porta", "tira", "quebra", "saca", "abre", "beija", "bate", "lava", "espanta", "corta", "pica", "espreme", "descasca",
    ]

    /// True when the language agrees adjectives with their noun (`cebolas picadas`), so
    /// every word before the first preposition changes, not only the last.
    static func agreesAdjectives(_ language: String?) -> Bool {
        let l = UnitLexicon.baseLanguage(language) ?? "en"
        return l == "pt" || l == "es" || l == "fr" || l == "it"
    }

    /// Words that end the part of a name that inflects (`of`, `de`, `com`).
    static let stopWords: Set<String> = [
        "of", "for", "with", "in", "and", "or", "to", "about", "at", "from",
        "de", "do", "da", "dos", "das", "com", "para", "em", "sem", "e", "ou", "ao", "à", "no", "na",
        "con", "del", "en", "sin", "y", "o", "al", "a",
        "du", "des", "au", "aux", "et", "avec", "pour", "di", "della", "per", "mit", "und", "von", "für",
    ]

    /// Elided words that start a name's complement (`d'eau`, `l'huile`, `dell'olio`,
    /// `all'uovo`): the name's inflected part ends before them.
    static let elisions = ["d'", "l'", "qu'", "dell'", "all'", "dall'", "nell'", "sull'"]

    /// Words that never change (uncountable or the same in both numbers).
    static let invariable: Set<String> = ["fish", "sheep", "deer", "salmon", "shrimp", "squid", "cod", "tuna", "dozen", "series", "species", "swiss", "lápis", "pires"]

    private static func matchCase(_ result: String, like original: String) -> String {
        if original == original.uppercased() && original.count > 1 && original != original.lowercased() {
            return result.uppercased()
        }
        if let first = original.first, first.isUppercase {
            return result.prefix(1).uppercased() + result.dropFirst()
        }
        return result
    }

    // MARK: English

    private static let englishIrregular: [String: String] = [
        "leaf": "leaves", "loaf": "loaves", "half": "halves", "knife": "knives", "calf": "calves", "shelf": "shelves",
        "potato": "potatoes", "tomato": "tomatoes", "mango": "mangoes", "avocado": "avocados", "child": "children",
        "person": "people", "foot": "feet", "tooth": "teeth", "mouse": "mice", "goose": "geese",
        "cookie": "cookies", "brownie": "brownies", "pie": "pies", "smoothie": "smoothies", "calorie": "calories",
    ]
    private static let englishIrregularSingular = inverted(englishIrregular)

    /// Plural -> singular, from singular -> plural.
    private static func inverted(_ plurals: [String: String]) -> [String: String] {
        var d: [String: String] = [:]
        for (s, p) in plurals { d[p] = s }
        return d
    }

    static func englishPlural(_ w: String) -> String {
        if invariable.contains(w) { return w }
        if let p = englishIrregular[w] { return p }
        if englishIrregularSingular[w] != nil { return w }
        if w.hasSuffix("s") && !w.hasSuffix("ss") && !w.hasSuffix("us") && !w.hasSuffix("is") { return w }  // already plural
        if w.hasSuffix("ch") || w.hasSuffix("sh") || w.hasSuffix("s") || w.hasSuffix("x") || w.hasSuffix("z") { return w + "es" }
        if w.hasSuffix("y"), let before = w.dropLast().last, !"aeiou".contains(before) { return w.dropLast() + "ies" }
        return w + "s"
    }

    static func englishSingular(_ w: String) -> String {
        if invariable.contains(w) { return w }
        if let s = englishIrregularSingular[w] { return s }
        if englishIrregular[w] != nil { return w }
        if w.hasSuffix("ies"), w.count > 4 { return w.dropLast(3) + "y" }
        if w.hasSuffix("sses") || w.hasSuffix("ches") || w.hasSuffix("shes") || w.hasSuffix("xes") || w.hasSuffix("zes") || w.hasSuffix("uses") {
            return String(w.dropLast(2))
        }
        if w.hasSuffix("oes"), w.count > 4 { return String(w.dropLast(2)) }
        if w.hasSuffix("s") && !w.hasSuffix("ss") && !w.hasSuffix("us") && !w.hasSuffix("is") && w.count > 2 { return String(w.dropLast()) }
        return w
    }

    // MARK: Portuguese

    private static let portugueseIrregular: [String: String] = [
        "pão": "pães", "mão": "mãos", "grão": "grãos", "alemão": "alemães", "cão": "cães", "irmão": "irmãos",
    ]

    static func portuguesePlural(_ w: String) -> String {
        if invariable.contains(w) { return w }
        if let p = portugueseIrregular[w] { return p }
        if w.hasSuffix("ão") { return w.dropLast(2) + "ões" }
        if w.hasSuffix("ês") { return w.dropLast(2) + "eses" }  // francês -> franceses, mês -> meses
        if w.hasSuffix("s") { return w }  // already plural (or invariable: lápis)
        if w.hasSuffix("al") { return w.dropLast(2) + "ais" }
        if w.hasSuffix("el") { return w.dropLast(2) + "éis" }
        if w.hasSuffix("ol") { return w.dropLast(2) + "óis" }
        if w.hasSuffix("ul") { return w.dropLast(2) + "uis" }
        if w.hasSuffix("il") { return w.dropLast(2) + "is" }
        if w.hasSuffix("m") { return w.dropLast() + "ns" }
        if w.hasSuffix("r") || w.hasSuffix("z") { return w + "es" }
        return w + "s"
    }

    static func portugueseSingular(_ w: String) -> String {
        if invariable.contains(w) { return w }
        for (s, p) in portugueseIrregular where p == w { return s }
        if w.hasSuffix("ões") || w.hasSuffix("ães") { return w.dropLast(3) + "ão" }
        if w.hasSuffix("ns") { return w.dropLast(2) + "m" }
        if w.hasSuffix("ais") { return w.dropLast(3) + "al" }
        if w.hasSuffix("éis") { return w.dropLast(3) + "el" }
        if w.hasSuffix("óis") { return w.dropLast(3) + "ol" }
        if w.hasSuffix("uis") { return w.dropLast(3) + "ul" }
        if w.hasSuffix("eses"), w.count > 5 { return w.dropLast(4) + "ês" }  // franceses -> francês
        if w.hasSuffix("res") || w.hasSuffix("zes") { return String(w.dropLast(2)) }
        if w.hasSuffix("s"), w.count > 2 { return String(w.dropLast()) }
        return w
    }

    // MARK: Spanish

    private static func stripAccent(_ c: Character) -> Character {
        switch c {
        case "á": "a"
        case "é": "e"
        case "í": "i"
        case "ó": "o"
        case "ú": "u"
        default: c
        }
    }

    private static func addAccent(_ c: Character) -> Character {
        switch c {
        case "a": "á"
        case "e": "é"
        case "i": "í"
        case "o": "ó"
        case "u": "ú"
        default: c
        }
    }

    static func spanishPlural(_ w: String) -> String {
        if invariable.contains(w) { return w }
        if w.hasSuffix("s") { return w }
        if w.hasSuffix("z") { return w.dropLast() + "ces" }
        guard let last = w.last else { return w }
        if "aeiouáéó".contains(last) { return w + "s" }
        // limón → limones: the written accent of the last syllable goes.
        var chars = Array(w)
        if chars.count >= 2, "áéíóú".contains(chars[chars.count - 2]), "ns".contains(last) {
            chars[chars.count - 2] = stripAccent(chars[chars.count - 2])
        }
        return String(chars) + "es"
    }

    /// Spanish words of the kitchen whose singular ends in -e after a consonant that also
    /// ends words (grande, not grand): their plural only adds -s.
    private static let spanishSingularsInE: Set<String> = [
        "grande", "verde", "chile", "tomate", "aguacate", "filete", "diente", "cacahuete", "chocolate", "suave", "fuerte",
        "dulce", "caliente", "leche", "clave", "brote", "guisante", "elote", "mole", "jengibre", "vinagre", "postre", "fiambre",
        "hojaldre", "ñame", "cogote",
    ]

    static func spanishSingular(_ w: String) -> String {
        if invariable.contains(w) { return w }
        if w.hasSuffix("es"), spanishSingularsInE.contains(String(w.dropLast())) { return String(w.dropLast()) }
        if w.hasSuffix("ces") { return w.dropLast(3) + "z" }
        // calabacines → calabacín, cebollines → cebollín: the stress written on the last syllable.
        if w.hasSuffix("ines"), w.count > 5 {
            var chars = Array(w.dropLast(2))
            chars[chars.count - 2] = addAccent(chars[chars.count - 2])
            return String(chars)
        }
        if w.hasSuffix("ones") || w.hasSuffix("enes") && w.count > 5 {
            var chars = Array(w.dropLast(2))
            chars[chars.count - 2] = addAccent(chars[chars.count - 2])
            return String(chars)
        }
        if w.hasSuffix("es"), w.count > 3, let before = w.dropLast(2).last, "rldnj".contains(before) { return String(w.dropLast(2)) }
        if w.hasSuffix("s"), w.count > 2 { return String(w.dropLast()) }
        return w
    }

    // MARK: French

    /// The French words in -ou whose plural takes an x (chou → choux).
    private static let frenchOuX: Set<String> = ["bijou", "caillou", "chou", "genou", "hibou", "joujou", "pou"]

    static func frenchPlural(_ w: String) -> String {
        if w.hasSuffix("s") || w.hasSuffix("x") || w.hasSuffix("z") { return w }
        if frenchOuX.contains(w) { return w + "x" }
        // demi before its noun does not agree ("une demi-heure", "deux demi citrons").
        if w == "demi" { return w }
        if w.hasSuffix("eau") || w.hasSuffix("eu") { return w + "x" }
        if w.hasSuffix("al") { return w.dropLast(2) + "aux" }
        return w + "s"
    }

    static func frenchSingular(_ w: String) -> String {
        if w.hasSuffix("eaux") || w.hasSuffix("eux") { return String(w.dropLast()) }
        if w.hasSuffix("aux"), w.count > 4 { return w.dropLast(3) + "al" }
        if w.hasSuffix("oux") { return String(w.dropLast()) }
        // A singular may end in s: frais, gros, radis, pois, ananas, jus.
        if ["ss", "is", "os", "as", "us"].contains(where: { w.hasSuffix($0) }) { return w }
        if w.hasSuffix("s"), w.count > 2 { return String(w.dropLast()) }
        return w
    }

    // MARK: German

    /// German plurals follow no rule a program can trust: the words of cooking, singular,
    /// plural and gender, which an adjective before the noun shows in the singular (`ein
    /// großer Apfel`, `eine große Zwiebel`, `ein großes Ei`). A compound takes the number
    /// and gender of its last noun (`Lorbeerblatt` → `Lorbeerblätter`, `Hähnchenbrust` →
    /// `Hähnchenbrüste`). The containers and measures are here too, as the adjective before
    /// a unit agrees with it (`eine große Dose`, `ein kleines Glas`, `ein gehäufter Esslöffel`).
    private static let germanNouns: [String: (plural: String, gender: GermanGender)] = [
        "ei": ("eier", .neuter), "zwiebel": ("zwiebeln", .feminine), "kartoffel": ("kartoffeln", .feminine),
        "tomate": ("tomaten", .feminine), "zitrone": ("zitronen", .feminine), "apfel": ("äpfel", .masculine),
        "karotte": ("karotten", .feminine), "möhre": ("möhren", .feminine), "schalotte": ("schalotten", .feminine),
        "banane": ("bananen", .feminine), "orange": ("orangen", .feminine), "limette": ("limetten", .feminine),
        "gurke": ("gurken", .feminine), "knoblauchzehe": ("knoblauchzehen", .feminine), "birne": ("birnen", .feminine),
        "paprikaschote": ("paprikaschoten", .feminine), "zucchini": ("zucchini", .feminine), "eigelb": ("eigelb", .neuter),
        "eiweiß": ("eiweiß", .neuter), "brötchen": ("brötchen", .neuter), "blatt": ("blätter", .neuter),
        "zehe": ("zehen", .feminine), "schote": ("schoten", .feminine), "zweig": ("zweige", .masculine),
        "stange": ("stangen", .feminine), "knolle": ("knollen", .feminine), "beere": ("beeren", .feminine),
        "nuss": ("nüsse", .feminine), "mandel": ("mandeln", .feminine), "feige": ("feigen", .feminine),
        "pflaume": ("pflaumen", .feminine), "aprikose": ("aprikosen", .feminine), "pfirsich": ("pfirsiche", .masculine),
        "frucht": ("früchte", .feminine), "filet": ("filets", .neuter), "keule": ("keulen", .feminine),
        "wurst": ("würste", .feminine), "scheibe": ("scheiben", .feminine),
        // More that recipes count (each was left in its number: "2 Aubergine", "2 Kürbis").
        "aubergine": ("auberginen", .feminine), "avocado": ("avocados", .feminine), "mango": ("mangos", .feminine),
        "kiwi": ("kiwis", .feminine), "ananas": ("ananas", .feminine), "paprika": ("paprika", .feminine),
        "peperoni": ("peperoni", .feminine), "kürbis": ("kürbisse", .masculine), "champignon": ("champignons", .masculine),
        "pilz": ("pilze", .masculine), "radieschen": ("radieschen", .neuter), "kohlrabi": ("kohlrabi", .masculine),
        "olive": ("oliven", .feminine), "kirsche": ("kirschen", .feminine), "traube": ("trauben", .feminine),
        "dattel": ("datteln", .feminine), "mandarine": ("mandarinen", .feminine), "clementine": ("clementinen", .feminine),
        "nektarine": ("nektarinen", .feminine), "grapefruit": ("grapefruits", .feminine), "rübe": ("rüben", .feminine),
        "pastinake": ("pastinaken", .feminine), "nelke": ("nelken", .feminine), "kapsel": ("kapseln", .feminine),
        "korn": ("körner", .neuter), "stiel": ("stiele", .masculine), "brust": ("brüste", .feminine),
        "schenkel": ("schenkel", .masculine), "schnitzel": ("schnitzel", .neuter), "steak": ("steaks", .neuter),
        "kotelett": ("koteletts", .neuter), "garnele": ("garnelen", .feminine), "würstchen": ("würstchen", .neuter),
        "frikadelle": ("frikadellen", .feminine), "knödel": ("knödel", .masculine), "kloß": ("klöße", .masculine),
        "brot": ("brote", .neuter), "brezel": ("brezeln", .feminine), "semmel": ("semmeln", .feminine),
        "tortilla": ("tortillas", .feminine), "kuchen": ("kuchen", .masculine), "waffel": ("waffeln", .feminine),
        "keks": ("kekse", .masculine), "hähnchen": ("hähnchen", .neuter),
        // Containers and measures (`Löffel` for `Esslöffel` and `Teelöffel`, `Spitze` for
        // `Messerspitze`).
        "dose": ("dosen", .feminine), "becher": ("becher", .masculine), "glas": ("gläser", .neuter),
        "packung": ("packungen", .feminine), "päckchen": ("päckchen", .neuter), "löffel": ("löffel", .masculine),
        "tasse": ("tassen", .feminine), "prise": ("prisen", .feminine), "bund": ("bund", .neuter),
        "stück": ("stück", .neuter), "würfel": ("würfel", .masculine), "spitze": ("spitzen", .feminine),
        "flasche": ("flaschen", .feminine), "tüte": ("tüten", .feminine), "beutel": ("beutel", .masculine),
        "tafel": ("tafeln", .feminine), "kugel": ("kugeln", .feminine), "kopf": ("köpfe", .masculine),
        "handvoll": ("handvoll", .feminine), "tropfen": ("tropfen", .masculine), "spritzer": ("spritzer", .masculine),
        "schuss": ("schuss", .masculine), "portion": ("portionen", .feminine), "rolle": ("rollen", .feminine),
    ]
    /// Singular -> plural, of ``germanNouns``.
    private static let germanPlurals = germanNouns.mapValues(\.plural)
    private static let germanSingulars = inverted(germanPlurals)

    enum GermanGender { case masculine, feminine, neuter }

    /// The gender of each noun of ``germanNouns``.
    private static let germanGenders = germanNouns.mapValues(\.gender)

    /// The noun of `forms` (singular -> plural, or plural -> singular) that `w` is, or that
    /// ends it as the last noun of a compound (`blatt` in `lorbeerblatt`): the part before it
    /// and the noun. A compound's last noun has at least three letters, and so does the part
    /// before it, so `Brei` is no kind of `Ei`; a shorter noun ends a compound only after one
    /// of its first parts (``germanShortNounCompounds``: `Spiegelei`, `Frühstückseier`).
    private static func germanLastNoun(_ w: String, in forms: [String: String], singulars: Bool) -> (prefix: String, noun: String)? {
        if forms[w] != nil { return ("", w) }
        var best: String?
        for (key, other) in forms where w.count > key.count && w.hasSuffix(key) {
            let singular = singulars ? key : other
            let prefix = w.dropLast(key.count)
            let long = singular.count >= 3 && prefix.count >= 3
            guard long || germanShortNounCompounds[singular]?.contains(where: { prefix.hasSuffix($0) }) == true else { continue }
            if best.map({ key.count > $0.count }) ?? true { best = key }
        }
        return best.map { (String(w.dropLast($0.count)), $0) }
    }

    /// The nouns of ``germanNouns`` too short to be found at the end of any word (`ei` ends
    /// `Brei`, `Salbei`, `Bäckerei`, `Polizei`, and the many nouns in -erei), with the first
    /// parts, joint and all, that make a compound of them in recipes: what lays the egg
    /// (`Hühnerei`, `Wachtelei`, `Entenei`, `Gänseei`, `Straußenei`), how it is kept or sold
    /// (`Freilandei`, `Landei`, `Bioei`), cooked or eaten (`Spiegelei`, `Rührei`,
    /// `Frühstücksei`), or made (`Osterei`, `Schokoei`, `Schokoladenei`,
    /// `Überraschungsei`). A compound whose first part ends with one of them is one too
    /// (`Freilandhühnerei`).
    private static let germanShortNounCompounds: [String: [String]] = [
        "ei": [
            "hühner", "wachtel", "enten", "gänse", "straußen", "freiland", "land", "bio", "bodenhaltungs", "spiegel", "rühr",
            "frühstücks", "oster", "schoko", "schokoladen", "überraschungs",
        ],
    ]

    static func germanPlural(_ w: String) -> String {
        germanOtherNumber(w, in: germanPlurals, singulars: true) ?? w
    }

    static func germanSingular(_ w: String) -> String {
        germanOtherNumber(w, in: germanSingulars, singulars: false) ?? w
    }

    /// `w` in the other number by `forms` (``germanLastNoun(_:in:singulars:)``), nil when it
    /// is no noun of the list. Swiss German writes every ß as ss (`Kloss`, `Klösse`): a
    /// word that is not in the list as written is looked up with ß, and its other form
    /// written with ss again.
    private static func germanOtherNumber(_ w: String, in forms: [String: String], singulars: Bool) -> String? {
        if let (prefix, noun) = germanLastNoun(w, in: forms, singulars: singulars), let other = forms[noun] { return prefix + other }
        let sharp = sharpS(w)
        guard sharp != w, let (prefix, noun) = germanLastNoun(sharp, in: forms, singulars: singulars), let other = forms[noun] else { return nil }
        return (prefix + other).replacing("ß", with: "ss")
    }

    /// A German word as Germany and Austria write it, from Swiss spelling: `gross` ->
    /// `groß`, `Kloss` -> `Kloß` (every ss an ß; used only to look a word up when it is not
    /// found as written, since `Nuss` and `Kürbisse` are written with ss everywhere).
    private static func sharpS(_ w: String) -> String { w.replacing("ss", with: "ß") }

    /// The gender of a German noun of ``germanNouns`` (or a compound that ends with one),
    /// in either number, in German or Swiss spelling; nil for a noun not in the list.
    static func germanGender(_ noun: String) -> GermanGender? {
        let lower = noun.lowercased()
        for w in lower.contains("ss") ? [lower, sharpS(lower)] : [lower] {
            if let (_, n) = germanLastNoun(w, in: germanPlurals, singulars: true), let g = germanGenders[n] { return g }
            if let (_, n) = germanLastNoun(w, in: germanSingulars, singulars: false), let s = germanSingulars[n] { return germanGenders[s] }
        }
        return nil
    }

    /// True when `word` is an adjective of ``germanAdjectives``, or a past participle in
    /// small letters (``isGermanParticipleStem(_:)``), with an ending it takes before a noun
    /// (`mittelgroße`, `festkochende`, `großen`, `grosser`, `gehackte`): no noun, even in a
    /// line written in small letters only.
    static func isGermanAdjectiveForm(_ word: String) -> Bool {
        let w = word.lowercased()
        return ["e", "er", "es", "en"].contains { w.hasSuffix($0) && isGermanDeclinableStem(String(w.dropLast($0.count)), of: word) }
    }

    /// True when `stem` is the stem of an adjective of ``germanAdjectives`` or, in `word`
    /// written in small letters, of a past participle (``isGermanParticipleStem(_:)``) that
    /// is no noun of Larder's list (`gelatineblätter`, a compound of `Blatt`).
    static func isGermanDeclinableStem(_ stem: String, of word: String) -> Bool {
        isGermanAdjectiveStem(stem) || (word.first?.isLowercase == true && isGermanParticipleStem(stem) && germanGender(word) == nil)
    }

    /// True when `stem` is a German past participle of the kind that can be told by its
    /// shape alone, as recipes put one before a noun as an adjective (`gehackt` in `2
    /// gehackte Zwiebeln`, `gewürfelt`, `geröstet`, `halbiert`, `püriert`): `ge-`, at least
    /// three letters, and `-t`, or a verb in `-ieren`'s `-iert`. Strong participles
    /// (`gerieben`, `geschnitten`) are not told from other words so, and are not read; nor
    /// is a shorter word (`gerst` of `Gerste`). Only a word in small letters is taken for
    /// one: written with a capital, the same shape is a noun (`Gerichte`, `Gewichte`).
    static func isGermanParticipleStem(_ stem: String) -> Bool {
        guard stem.allSatisfy(\.isLetter) else { return false }
        if stem.hasPrefix("ge"), stem.hasSuffix("t"), stem.count >= 6 { return true }
        return stem.hasSuffix("iert") && stem.count >= 6
    }

    /// True when `stem` is the stem of an adjective of ``germanAdjectives``, written as
    /// Germany or as Switzerland writes it (`groß`, `gross`; `weiß`, `weiss`).
    static func isGermanAdjectiveStem(_ stem: String) -> Bool {
        germanAdjectives.contains(stem) || (stem.contains("ss") && germanAdjectives.contains(sharpS(stem)))
    }

    /// German adjectives of the kitchen that go before a counted thing's name, by their stem
    /// (`groß` in `große`, `großer`, `großes`).
    static let germanAdjectives: Set<String> = [
        "groß", "klein", "mittelgroß", "mittler", "reif", "frisch", "rot", "grün", "gelb", "weiß", "schwarz", "braun", "blau",
        "süß", "hart", "weich", "ganz", "fest", "dick", "dünn", "jung", "alt", "kalt", "warm", "lang", "kurz", "rund",
        "saftig", "knackig", "mehlig", "festkochend", "mehligkochend", "unbehandelt", "hartgekocht", "weichgekocht",
        "gekocht", "geschält", "getrocknet", "eingelegt", "gehäuft", "gestrichen", "knapp", "gut",
    ]

    /// Whether `word` is one of ``germanAdjectives`` with an ending (`große`, `Rote`,
    /// `kleinen`) or without, or a word that qualifies a noun and takes no ending (`Bio`,
    /// `Extra`): written with a capital at the start of a line's name ("1 Rote Zwiebel", "2
    /// Bio Eier"), it is no noun.
    static func isGermanAdjective(_ word: String) -> Bool {
        let w = word.lowercased()
        if germanUndeclined.contains(w) || isGermanAdjectiveStem(w) { return true }
        return ["es", "er", "en", "em", "e"].contains { w.hasSuffix($0) && isGermanAdjectiveStem(String(w.dropLast($0.count))) }
    }

    /// Words before a noun that take no ending.
    static let germanUndeclined: Set<String> = ["bio", "extra"]

    /// An adjective of ``germanAdjectives``, or a past participle written in small letters
    /// (``isGermanParticipleStem(_:)``: `1 gehacktes Ei`, `2 gehackte Eier`), before `noun`,
    /// in the number `plural`, with the
    /// ending a German adjective takes after a number and no article: `-e` in the plural of
    /// every gender (`2 große Äpfel`, `2 große Zwiebeln`, `2 große Eier`), and in the singular
    /// `-er`, `-e` or `-es` by the noun's gender (`1 großer Apfel`, `1 große Zwiebel`, `1
    /// großes Ei`); a masculine singular written in the accusative, as some lists are (`1
    /// großen Apfel`), has the same plural. The stem stays as written, so Swiss spelling
    /// stays Swiss (`1 grosser Apfel`, `2 grosse Äpfel`). Nil when nothing changes, or when the word is no
    /// such adjective with one of those endings, or the noun's gender is not known.
    static func germanAdjective(_ word: String, before noun: String, plural: Bool) -> String? {
        let w = word.lowercased()
        guard let gender = germanGender(noun) else { return nil }
        let endings = plural && gender == .masculine ? ["es", "er", "en", "e"] : ["es", "er", "e"]
        guard let ending = endings.first(where: { w.hasSuffix($0) && isGermanDeclinableStem(String(w.dropLast($0.count)), of: word) }) else { return nil }
        let stem = String(w.dropLast(ending.count))
        let changed: String
        if plural {
            changed = stem + "e"
        } else {
            switch gender {
            case .masculine: changed = stem + "er"
            case .feminine: changed = stem + "e"
            case .neuter: changed = stem + "es"
            }
        }
        let result = matchCase(changed, like: word)
        return result == word ? nil : result
    }

    // MARK: Italian

    /// Singular -> plural; also plurals whose singular the rules cannot tell (`medi` is
    /// `medio`, as `cucchiai` is `cucchiaio`, where `pomodori` is `pomodoro`).
    private static let italianIrregular: [String: String] = ["uovo": "uova", "uomo": "uomini", "medio": "medi"]

    static func italianPlural(_ w: String) -> String {
        if let p = italianIrregular[w] { return p }
        if italianIrregular.values.contains(w) { return w }
        if w.hasSuffix("ca") { return w.dropLast() + "he" }
        if w.hasSuffix("ga") { return w.dropLast() + "he" }
        // arancia → arance, salsiccia → salsicce: -cia and -gia after a consonant.
        if w.hasSuffix("cia") || w.hasSuffix("gia"), w.count > 4, let before = w.dropLast(3).last, !"aeiou".contains(before) {
            return w.dropLast(2) + "e"
        }
        if w.hasSuffix("io") { return String(w.dropLast()) }
        if w.hasSuffix("go") { return w.dropLast() + "hi" }
        if w.hasSuffix("a") || w.hasSuffix("o") || w.hasSuffix("e") { return w.dropLast() + (w.hasSuffix("a") ? "e" : "i") }
        return w  // words ending in a consonant or an accent do not change
    }

    /// Italian words of the kitchen whose singular ends in -e (grande, not grando): their
    /// plural ends in -i, and their singular is themselves (not a feminine -a: `1/2 mazzetto
    /// grande` was `1/2 mazzetto granda`).
    private static let italianSingularsInE: Set<String> = [
        "grande", "verde", "dolce", "forte", "semplice", "noce", "carne", "pane", "sale", "pepe", "latte", "bicchiere",
        "salame", "fiore", "cuore", "seme", "piccante", "croccante", "abbondante",
    ]

    static func italianSingular(_ w: String) -> String {
        for (s, p) in italianIrregular where p == w { return s }
        if italianSingularsInE.contains(w) { return w }
        if w.hasSuffix("i"), italianSingularsInE.contains(w.dropLast() + "e") { return w.dropLast() + "e" }
        // arance → arancia, salsicce → salsiccia, ciliegie → ciliegia: -cia and -gia after a
        // consonant lose their i in the plural.
        if w.hasSuffix("ce") || w.hasSuffix("ge"), w.count > 4, let before = w.dropLast(2).last, !"aeiou".contains(before) {
            return w.dropLast() + "ia"
        }
        if w.hasSuffix("cie") || w.hasSuffix("gie") { return w.dropLast() + "a" }
        if w.hasSuffix("che") || w.hasSuffix("ghe") { return w.dropLast(2) + "a" }
        if w.hasSuffix("oni") { return w.dropLast() + "e" }
        if w.hasSuffix("cchi") || w.hasSuffix("gli") { return w + "o" }
        if w.hasSuffix("chi") || w.hasSuffix("ghi") { return w.dropLast(2) + "o" }
        if w.hasSuffix("e"), w.count > 2 { return w.dropLast() + "a" }
        if w.hasSuffix("i"), w.count > 2 { return w.dropLast() + "o" }
        return w
    }
}
