/// Finds oven and cooking temperatures in running text (recipe steps) and converts them
/// between °F and °C, keeping the way they were written.
///
///     TemperatureText.convert("Bake at 350 °F for 25 min.", to: .metric).text
///     // "Bake at 175 °C for 25 min."
///     TemperatureText.convert("Preheat the oven to 200C", to: .us).text
///     // "Preheat the oven to 390F"
///
/// Recognised: `350 °F`, `350°F`, `350 ºF`, `350℉`, `350 degrees F`, `350 degrees
/// Fahrenheit`, `350 deg F`, ranges (`180-200 °C`, `350°-375°F`, `350 to 375 °F`, `between 180 and 200
/// °C`, and the same in the ingredient languages: `entre 180 y 200 °C`, `180 bis 200 °C`),
/// lists, every heat of which converts (`350, 375 or 400 °F`, `325-350-375 °F`; a list
/// whose numbers are not all within 100 degrees of the one before is left as written, and
/// returned as unconverted, never converted in part),
/// a bare letter glued to a number of 90 or more (`200C`, `350F`), and a bare letter after
/// a space (`Bake at 350 F.`, `180 C`, `(110 F)`) where the letter stands alone (a space,
/// a point, a comma or the end follows it, never a letter) and the number is a heat of a
/// liquid or an oven, 30 to 500 °C or 86 to 932 °F: in US recipes `2 C flour` is two cups,
/// and no one measures 30 cups. In an ingredient line (``Text/ingredientLine``) the amount
/// the line starts with is never a heat (`40 C water` stays 40 cups). A heat in a text
/// with other heats converted that Larder does not read as one (`cool to 20C`, below 90
/// and glued; `20 C`, below 30) is returned in `unread` rather than left without a word,
/// below zero with a
/// minus of its own (`-18 °C`, and either end of a range: `-18 to -20 °C`). A heat is never a fraction: in `gas mark 4/180°C` the heat
/// is 180 °C, and the gas mark stays as it is. Both ends of a range convert; a range in words needs its
/// ends within 100 degrees of each other (`no. 1 to 180 °C` is not one). Converted values
/// are rounded as ``KitchenUnits/roundTemperature(_:unit:)`` says: to 5 degrees for oven
/// heats (above boiling). A heat followed by the same one of the other system in brackets
/// is not converted twice: `350°F (175°C)` becomes `175°C (350°F)` in metric and stays as
/// it is in US units. A heat given in both systems with a slash (`350°F/180°C`, `180 °C /
/// 350 °F`) stays as it is in either, and so does every heat of a group joined by slashes
/// or brackets that gives both (`180°C/160°C fan/350°F/gas 4`). So does a pair written with
/// one unit sign, a bare number before the slash (`180/350°F`, `180 / 350 °F`, `350/180°C`):
/// when the bare number is the heat after the slash in the other system, within 10 % or 15 °F
/// (8 1/3 °C) of it, the text gives both already, and it is left as it is in either system
/// rather than made `180°C/350°F` (only the changed heats are rewritten; the bare number
/// could have been written in any scale). A bare number that is not that heat, a gas mark
/// (`4/350°F`) or a fan heat (`160/180°C`), stays as it is and the heat converts.
public enum TemperatureText {
    /// What kind of text is read: a step or other running text, or an ingredient line,
    /// whose leading amount is never a heat (`40 C water` is 40 cups).
    public enum Text: Sendable {
        case step
        case ingredientLine
    }

    /// The heats of a liquid or an oven a bare letter after a space is read for
    /// (`350 F`, `180 C`): 30 to 500 °C, 86 to 932 °F.
    static func isHeatRange(_ value: Rational, letter: Unicode.Scalar) -> Bool {
        letter == "C" ? value >= Rational(30) && value <= Rational(500) : value >= Rational(86) && value <= Rational(932)
    }

    /// One temperature found and converted.
    public struct Change: Sendable, Hashable {
        /// The text as it was (`350 °F`).
        public var original: String
        /// The text written instead (`175 °C`).
        public var replacement: String
    }

    /// The text with every temperature not already in `system` converted, what changed,
    /// and the heats left as written because they end a list whose other numbers are not
    /// read as heats of it (`350, 375 or 500 °F`: the numbers are too far apart), as the
    /// text reads (`350, 375 or 500 °F`): converting the heat alone would leave the others
    /// in the old scale under the new sign; and `unread`, when some heat converted, the
    /// numbers with a bare letter of the old scale that are not read as heats (`20C`, `20
    /// C`): the text would otherwise be left in two systems without a word.
    public static func convert(_ text: String, to system: TargetSystem, kitchen: KitchenUnits = .standard, in kind: Text = .step) -> (text: String, changes: [Change], unconverted: [String], unread: [String]) {
        let s = Array(text.unicodeScalars)
        guard s.contains(where: { AmountScanner.isDigit($0) }) else { return (text, [], [], []) }
        guard let celsius = kitchen.unit(id: "celsius"), let fahrenheit = kitchen.unit(id: "fahrenheit") else { return (text, [], [], []) }
        let (from, to) = system == .metric ? (fahrenheit, celsius) : (celsius, fahrenheit)
        let fromLetter: Unicode.Scalar = system == .metric ? "F" : "C"
        let toLetter: Unicode.Scalar = system == .metric ? "C" : "F"
        // A heat in brackets after the same heat in the target system ("350°F (175°C)"
        // to US) is there on purpose: it stays.
        // So is a heat after a slash or an "or" that follows the same heat in the target
        // system ("180°C/350°F", "180°C or 350°F" to metric).
        var lists = Lists(s)
        if kind == .ingredientLine {
            var lead = AmountScanner.skipSpaces(s, 0)
            if lead < s.count, s[lead] == "-" { lead += 1 }
            if lead < s.count, AmountScanner.isDigit(s[lead]) { lists.leading = lead }
        }
        var kept = Set<Int>()
        // What follows a heat depends only on where it ends, and the numbers of a list end
        // where it does: each end is looked at once.
        var targetEnds = Set<Int>()
        for k in s.indices where startsNumber(s, at: k) {
            guard let target = lists.match(at: k, fromLetter: toLetter), targetEnds.insert(target.end).inserted else { continue }
            if let inner = bracketedNumber(s, after: target.end), lists.match(at: inner.number, fromLetter: fromLetter, inBrackets: true) != nil {
                kept.insert(inner.number)
            }
            if let other = slashedNumber(s, after: target.end), lists.match(at: other.number, fromLetter: fromLetter) != nil {
                kept.insert(other.number)
            }
        }
        kept.formUnion(heatsGivenInBothSystems(&lists))
        // A bare number before a slash that is the same heat in the target system
        // ("180/350°F", "180 / 350 °F" to metric, "350/180°C" to US units): the text gives
        // both already, with one unit sign, and the heat stays.
        let targetIsCelsius = system == .metric
        for k in s.indices where startsNumber(s, at: k) {
            guard let heat = lists.match(at: k, fromLetter: fromLetter), heat.count == 1,
                  let bare = bareNumberBeforeSlash(s, at: k),
                  let converted = (try? kitchen.convert(heat.first, from: from, to: to)) ?? nil,
                  isSameHeat(bare, converted.doubleValue, celsius: targetIsCelsius) else { continue }
            kept.insert(k)
        }
        var out = String.UnicodeScalarView()
        var changes: [Change] = []
        var unconverted: [String] = []
        var unread: [String] = []
        var cursor = 0
        var i = 0
        while i < s.count {
            guard startsNumber(s, at: i) else {
                i += 1
                continue
            }
            guard let heat = lists.match(at: i, fromLetter: fromLetter), !kept.contains(i) else {
                // A kept heat is passed whole (both ends of a range: "175-190°C").
                if kept.contains(i), let whole = lists.match(at: i, fromLetter: fromLetter) ?? lists.match(at: i, fromLetter: toLetter) {
                    i = whole.end
                    continue
                }
                if !kept.contains(i), lists.leading != i, let loose = Self.looseHeat(s, at: i, letter: fromLetter) {
                    unread.append(loose.text)
                    i = loose.end
                    continue
                }
                while i < s.count, AmountScanner.isDigit(s[i]) { i += 1 }
                continue
            }
            var found = lists.found(heat)
            // A minus sign of its own before the number (`at -18 °C`, not the `-` of a
            // range, `180-200`): the temperature is below zero, and the sign is replaced too.
            var start = i
            if hasOwnMinus(s, at: i) {
                start = i - 1
                found.values[0] = -found.values[0]
            }
            // Followed by the same heat in the target system after a slash or an "or"
            // ("350°F/180°C", "350°F or 180°C"): the text gives both already, and stays.
            if let other = slashedNumber(s, after: found.end), let inner = lists.match(at: other.number, fromLetter: toLetter) {
                i = inner.end
                continue
            }
            // The end of a list whose earlier numbers are not read as heats with it ("350,
            // 375 or 500 °F"): converted alone, the heat would put "350, 375" under °C.
            if let listStart = listBefore(s, at: start) {
                unconverted.append(String(String.UnicodeScalarView(s[listStart..<found.end])))
                i = found.end
                continue
            }
            // Followed by the same heat in the target system in brackets ("350°F (175°C)"):
            // the two swap, as an ingredient's amount and its bracket do.
            if let bracket = bracketedNumber(s, after: found.end) {
                let (innerStart, m) = (bracket.start, bracket.number)
                if let inner = lists.match(at: m, fromLetter: toLetter, inBrackets: true) {
                    let close = AmountScanner.skipSpaces(s, inner.end)
                    if close < s.count, s[close] == ")" {
                        var swapped = String.UnicodeScalarView(s[innerStart..<inner.end])
                        swapped.appendScalars(s[found.end..<innerStart])
                        swapped.appendScalars(s[start..<found.end])
                        out.appendScalars(s[cursor..<start])
                        out.appendScalars(swapped)
                        changes.append(Change(original: String(String.UnicodeScalarView(s[start..<inner.end])), replacement: String(swapped)))
                        cursor = inner.end
                        i = inner.end
                        continue
                    }
                }
            }
            var replacement = String.UnicodeScalarView()
            var numbers: [Rational] = []
            // "Raise the oven by 20 °C": a change of heat, not a heat (it became 68 °F): the
            // degrees scale (× 9/5 or × 5/9) with no offset, to a whole degree.
            let isChange = Self.isChangeOfHeat(s, at: start)
            for value in found.values {
                if isChange {
                    guard let ratio = try? (system == .metric ? Rational(5, 9) : Rational(9, 5)), let degrees = try? value * ratio else { continue }
                    numbers.append(degrees.rounded(toDenominator: 1))
                    continue
                }
                guard let converted = try? kitchen.convert(value, from: from, to: to) else { continue }
                numbers.append(KitchenUnits.roundTemperature(converted, unit: to))
            }
            guard numbers.count == found.values.count else { i = found.end; continue }
            for (n, number) in numbers.enumerated() {
                if n > 0 { replacement.appendScalars(found.joins[n - 1].unicodeScalars) }
                replacement.appendScalars(QuantityFormatter.text(number, style: AmountStyle(decimalSeparator: ".")).unicodeScalars)
            }
            replacement.appendScalars(found.spacing.unicodeScalars)
            replacement.appendScalars(found.unitText(system).unicodeScalars)
            out.appendScalars(s[cursor..<start])
            out.appendScalars(replacement)
            changes.append(Change(original: String(String.UnicodeScalarView(s[start..<found.end])), replacement: String(replacement)))
            cursor = found.end
            i = found.end
        }
        guard !changes.isEmpty else { return (text, [], unconverted, []) }
        out.appendScalars(s[cursor...])
        return (String(out), changes, unconverted, unread)
    }

    /// A number (not a fraction) and a bare `letter` standing alone after it, glued or after
    /// spaces (`20C`, `20 C`), that is not read as a heat: the text and where it ends.
    private static func looseHeat(_ s: [Unicode.Scalar], at i: Int, letter: Unicode.Scalar) -> (text: String, end: Int)? {
        guard let (_, end, _) = (try? AmountScanner.scanNumber(s, at: i, language: "en")) ?? nil, !isFraction(s[i..<end]) else { return nil }
        let k = AmountScanner.skipSpaces(s, end)
        guard k < s.count, s[k] == letter, k + 1 >= s.count || !UnitLexicon.isWordScalar(s[k + 1]) else { return nil }
        let start = hasOwnMinus(s, at: i) ? i - 1 : i
        return (String(String.UnicodeScalarView(s[start...k])), k + 1)
    }

    /// Words that say the heat changes, in the languages Larder reads: "raise the oven by 20
    /// °C", "aumente o forno em 20 °C", "baja el horno en 20 °C", "baissez le four de 20 °C",
    /// "abbassate il forno di 20 °C", "die Temperatur um 20 °C reduzieren".
    static let changeWords: Set<String> = [
        // English
        "raise", "increase", "lower", "reduce", "decrease", "drop", "up", "down", "higher", "hotter", "cooler",
        // Portuguese
        "aumente", "aumentar", "aumenta", "suba", "subir", "baixe", "baixar", "abaixe", "abaixar", "reduza", "reduzir", "diminua", "diminuir",
        // Spanish
        "aumente", "sube", "baja", "bajar", "baje", "reduce", "reducir", "reduzca", "disminuye", "disminuir", "disminuya",
        // French
        "augmentez", "augmenter", "baissez", "baisser", "réduisez", "réduire", "diminuez", "diminuer", "montez", "monter",
        // Italian
        "aumentate", "aumentare", "abbassate", "abbassare", "abbassa", "riducete", "ridurre", "riduci", "diminuite", "diminuire",
        // German (the verb mostly comes after the heat: "um 20 °C reduzieren")
        "erhöhen", "erhöht", "erhöhe", "reduzieren", "reduziert", "reduziere", "senken", "gesenkt", "senke", "verringern", "verringert", "steigern",
    ]

    /// The words before a change of heat's number, one a language ("by", "em", "en", "de",
    /// "di", "um"). Each also comes before a heat itself ("bake by 180 °C", "asse em 180 °C",
    /// "um die 180 °C" is "about 180 °C"), so a word of ``changeWords`` must be near too.
    static let changePrepositions: Set<String> = ["by", "em", "en", "de", "di", "um"]

    /// True when the number at `k` (or its minus sign) follows a word of
    /// ``changePrepositions``, with a word of ``changeWords`` within four words before it, or
    /// (German "um") within four words after the heat ("raise the oven by 20 °C", "lower it
    /// by 25°F", "die Temperatur um 20 °C senken"): a change of heat. "Bake by 180 °C" or "stand by 200
    /// °C" is a heat. A full stop or a comma ends the clause either way.
    static func isChangeOfHeat(_ s: [Unicode.Scalar], at k: Int) -> Bool {
        var words: [String] = []
        var j = k
        while words.count < 6 {
            while j > 0, !UnitLexicon.isWordScalar(s[j - 1]) {
                // Only spaces between the words (a full stop or a comma ends the clause).
                guard s[j - 1] == " " || s[j - 1] == "\u{00A0}" else { break }
                j -= 1
            }
            guard j > 0, UnitLexicon.isWordScalar(s[j - 1]) else { break }
            var w = j
            while w > 0, UnitLexicon.isWordScalar(s[w - 1]) { w -= 1 }
            words.append(String(String.UnicodeScalarView(s[w..<j])).lowercased())
            j = w
        }
        guard let preposition = words.first, changePrepositions.contains(preposition) else { return false }
        if words.dropFirst().prefix(4).contains(where: changeWords.contains) { return true }
        // German puts the verb after the heat ("um 20 °C senken"); in the other languages a
        // word after it belongs to what follows ("bake by 180 °C until golden and lower…").
        guard preposition == "um" else { return false }
        // The words after the heat: its number and unit first ("20 °C"), then up to four.
        var after: [String] = []
        var i = k
        while i < s.count, after.count < 7 {
            guard UnitLexicon.isWordScalar(s[i]) else {
                if s[i] == "." && !(i + 1 < s.count && AmountScanner.isDigit(s[i + 1])) || s[i] == "," || s[i] == ";" { break }
                i += 1
                continue
            }
            var e = i
            while e < s.count, UnitLexicon.isWordScalar(s[e]) { e += 1 }
            after.append(String(String.UnicodeScalarView(s[i..<e])).lowercased())
            i = e
        }
        return after.contains(where: changeWords.contains)
    }

    /// Where the numbers of heats start that are in a group of heats joined by slashes or
    /// brackets which gives both °C and °F ("180°C/160°C fan/350°F/gas 4", "180 °C (160 °C
    /// fan) / 350 °F"): the text gives both systems already, so every heat of it stays.
    private static func heatsGivenInBothSystems(_ lists: inout Lists) -> Set<Int> {
        let s = lists.s
        var heats: [(number: Int, end: Int, celsius: Bool)] = []
        var k = 0
        while k < s.count {
            if startsNumber(s, at: k) {
                if let m = lists.match(at: k, fromLetter: "C") {
                    heats.append((k, m.end, true))
                    k = m.end
                    continue
                }
                if let m = lists.match(at: k, fromLetter: "F") {
                    heats.append((k, m.end, false))
                    k = m.end
                    continue
                }
                while k < s.count, AmountScanner.isDigit(s[k]) { k += 1 }
                continue
            }
            k += 1
        }
        guard heats.count > 1 else { return [] }
        var kept = Set<Int>()
        var group = [heats[0]]
        // Two heats in brackets alone ("350°F (175°C)") are left to the swap in convert.
        var slashed = false
        func close() {
            if group.count > 2 || slashed, group.contains(where: \.celsius), group.contains(where: { !$0.celsius }) {
                kept.formUnion(group.map(\.number))
            }
        }
        for heat in heats.dropFirst() {
            let between = s[group[group.count - 1].end..<heat.number]
            if joinsHeats(between) {
                group.append(heat)
                slashed = slashed || between.contains("/")
            } else {
                close()
                group = [heat]
                slashed = false
            }
        }
        close()
        return kept
    }

    /// True for what lies between two heats of one group: a slash or a bracket, with at
    /// most a few words ("fan", "fan-forced", "conventional"), signs and a gas mark
    /// ("/gas 4/") besides, and no end of a sentence.
    private static func joinsHeats(_ between: ArraySlice<Unicode.Scalar>) -> Bool {
        guard between.count <= 32, between.contains(where: { $0 == "/" || $0 == "(" || $0 == ")" }) else { return false }
        let text = String(String.UnicodeScalarView(between)).lowercased()
        let gas = text.contains("gas") || text.contains("mark")
        return between.allSatisfy { c in
            AmountScanner.isLetter(c) || AmountScanner.isSpace(c) || "/()-\u{2212}".unicodeScalars.contains(c)
                || (gas && AmountScanner.isDigit(c))
        }
    }

    /// The bare number (digits alone, no unit) before a slash before `k` ("180/" in
    /// "180/350°F", "180 / " in "180 / 350 °F"), nil when there is none.
    private static func bareNumberBeforeSlash(_ s: [Unicode.Scalar], at k: Int) -> Double? {
        var j = k
        while j > 0, AmountScanner.isSpace(s[j - 1]) { j -= 1 }
        guard j > 0, s[j - 1] == "/" else { return nil }
        j -= 1
        while j > 0, AmountScanner.isSpace(s[j - 1]) { j -= 1 }
        let end = j
        while j > 0, AmountScanner.isDigit(s[j - 1]) { j -= 1 }
        guard j < end, end - j <= 4, startsNumber(s, at: j), j == 0 || s[j - 1] != "/" else { return nil }
        return Double(String(String.UnicodeScalarView(s[j..<end])))
    }

    /// True when `bare`, a number written with no unit, is plausibly `heat` (a heat in the
    /// other system, converted to the scale `bare` would be in: Celsius when `celsius`):
    /// within 10 % of it, or within 15 °F (8 1/3 °C) when that is more. `180` is 350 °F
    /// (176.7 °C); a gas mark (`4`) or a fan heat in the same scale (`160/180°C`) is not.
    static func isSameHeat(_ bare: Double, _ heat: Double, celsius: Bool) -> Bool {
        let slack = max(abs(heat) / 10, celsius ? 15.0 * 5 / 9 : 15)
        return abs(bare - heat) <= slack
    }

    /// True when the number at `i` has a minus sign of its own right before it (`at -18 °C`,
    /// `(−20 °C)`), not the `-` of a range (`180-200`).
    private static func hasOwnMinus(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        guard i > 0, s[i - 1] == "-" || s[i - 1] == "\u{2212}" else { return false }
        return i == 1 || !(UnitLexicon.isWordScalar(s[i - 2]) || AmountScanner.isDigit(s[i - 2]) || s[i - 2] == "." || s[i - 2] == ","
            || isDegreeSign(s[i - 2]))
    }

    /// The signs written for degrees after a heat's number (`°`, the ordinal `º`, the ring `˚`).
    private static func isDegreeSign(_ c: Unicode.Scalar) -> Bool {
        c == "°" || c == "º" || c == "˚"
    }

    /// Where the digits start of the second end of a range at `m`, after a minus sign of its
    /// own when there is one (`-18 to -20 °C`, `-18 – -20 °C`), and whether there is.
    private static func secondEnd(_ s: [Unicode.Scalar], at m: Int) -> (digits: Int, negative: Bool)? {
        guard m < s.count else { return nil }
        if s[m] == "-" || s[m] == "\u{2212}" {
            guard m + 1 < s.count, AmountScanner.isDigit(s[m + 1]) else { return nil }
            return (m + 1, true)
        }
        guard AmountScanner.isDigit(s[m]) else { return nil }
        return (m, false)
    }

    /// True when a number starts at `i`: a digit not preceded by a word character, a digit
    /// or a decimal mark.
    private static func startsNumber(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        AmountScanner.isDigit(s[i]) && (i == 0 || !(UnitLexicon.isWordScalar(s[i - 1]) || s[i - 1] == "." || s[i - 1] == ","))
    }

    /// The number in a bracket right after `end` ("(175°C)", "(about 175 °C)", "(-18 °C)"):
    /// where it starts with its sign, and where its digits start.
    private static func bracketedNumber(_ s: [Unicode.Scalar], after end: Int) -> (start: Int, number: Int)? {
        let open = AmountScanner.skipSpaces(s, end)
        guard open < s.count, s[open] == "(" else { return nil }
        var m = AmountScanner.skipSpaces(s, open + 1)
        // A word or two first: "about", "approx.", "ca.".
        while m < s.count, m - open < 24, s[m].properties.isAlphabetic || s[m] == "." || s[m] == " " { m += 1 }
        let start = m
        if m < s.count, s[m] == "-" || s[m] == "\u{2212}" { m += 1 }
        guard m < s.count, AmountScanner.isDigit(s[m]) else { return nil }
        return (start, m)
    }

    /// The number after a slash or an "or" right after `end` ("/180°C", " / -18 °C", " or
    /// 180 °C", " ou 180 °C"): where it starts with its sign, and where its digits start.
    private static func slashedNumber(_ s: [Unicode.Scalar], after end: Int) -> (start: Int, number: Int)? {
        let slash = AmountScanner.skipSpaces(s, end)
        guard slash < s.count else { return nil }
        var afterJoin: Int
        if s[slash] == "/" {
            afterJoin = slash + 1
        } else {
            var w = slash
            while w < s.count, AmountScanner.isLetter(s[w]) { w += 1 }
            let word = String(String.UnicodeScalarView(s[slash..<w])).lowercased()
            guard w > slash, ["or", "ou", "o", "oder"].contains(word), w < s.count, AmountScanner.isSpace(s[w]) else { return nil }
            afterJoin = w
        }
        var m = AmountScanner.skipSpaces(s, afterJoin)
        let start = m
        if m < s.count, s[m] == "-" || s[m] == "\u{2212}" { m += 1 }
        guard m < s.count, AmountScanner.isDigit(s[m]) else { return nil }
        return (start, m)
    }

    /// The next number of a range or list of heats after the number ending at `i`: where it
    /// starts (its minus sign included), its value (signed), where it ends, and whether a
    /// dash joins it. Joined by a dash (`180-200`, `-18 – -20`), a word of ``rangeWords``
    /// (`350 to 375`, `180 and 200`) or a comma and a space, with such a word or not (`350,
    /// 375`, `350, 375, or 400`). Whether it belongs to the list also depends on the number
    /// before it (``accepts(_:after:first:)``).
    private static func nextInList(_ s: [Unicode.Scalar], after i: Int) -> Link? {
        // A degree sign may follow each number, not only the last (`350°-375°F`, `350° to
        // 375°F`): the first end was left in the old scale, and its dash read as a minus.
        let k = AmountScanner.skipSpaces(s, i < s.count && isDegreeSign(s[i]) ? i + 1 : i)
        guard k < s.count else { return nil }
        func word(at w: Int) -> (text: String, end: Int) {
            var e = w
            while e < s.count, UnitLexicon.isWordScalar(s[e]) { e += 1 }
            return (String(String.UnicodeScalarView(s[w..<e])).lowercased(), e)
        }
        var m: Int
        var dash = false
        if s[k] == "-" || s[k] == "\u{2013}" {
            m = AmountScanner.skipSpaces(s, k + 1)
            dash = true
        } else if s[k] == "," {
            // A space after the comma: "1,5" is a number, "350,375" nothing of a list.
            let w = AmountScanner.skipSpaces(s, k + 1)
            guard w > k + 1, w < s.count else { return nil }
            m = w
            if UnitLexicon.isWordScalar(s[w]), !AmountScanner.isDigit(s[w]) {
                let (text, e) = word(at: w)
                m = AmountScanner.skipSpaces(s, e)
                guard rangeWords.contains(text), m > e else { return nil }
            }
        } else if k > i, UnitLexicon.isWordScalar(s[k]) {
            let (text, e) = word(at: k)
            m = AmountScanner.skipSpaces(s, e)
            guard rangeWords.contains(text), m > e else { return nil }
        } else {
            return nil
        }
        guard let (d, negative) = secondEnd(s, at: m),
              let (unsigned, end, _) = (try? AmountScanner.scanNumber(s, at: d, language: "en")) ?? nil, !isFraction(s[d..<end]) else { return nil }
        return Link(start: m, value: negative ? -unsigned : unsigned, end: end, dash: dash)
    }

    /// True when `next` goes on a list whose number before it is `previous` (`first`: the
    /// list's first number). The numbers of a range in words or of a list are within
    /// ``largestWordRange`` of the one before them (`pan no. 1 to 180 °C`, `step 2, 350 °F`
    /// are no range); a dash between the first two is a range at any distance.
    private static func accepts(_ next: Link, after previous: Rational, first: Bool) -> Bool {
        if next.dash && first { return true }
        guard let gap = try? (next.value - previous).magnitude else { return false }
        return gap <= largestWordRange
    }

    /// Where a list starts whose last number is the heat at `start` (its minus sign
    /// included) but was not read with it: numbers joined to it by commas, range words or
    /// dashes, at least one join a comma (`350, 375 or ` before `500 °F`); nil when there is
    /// none. A number before a word alone (`pan no. 1 to 180 °C`) is no list.
    private static func listBefore(_ s: [Unicode.Scalar], at start: Int) -> Int? {
        var listStart = start
        var comma = false
        while let before = numberJoined(s, before: listStart) {
            comma = comma || before.comma
            listStart = before.start
        }
        return comma ? listStart : nil
    }

    /// The number joined to the one at `k` (its minus sign included) by a comma, a word
    /// of ``rangeWords`` or both (`350, `, `375 or `, `350, or `), or a dash (`180-`): where
    /// it starts, and whether a comma joins them.
    private static func numberJoined(_ s: [Unicode.Scalar], before k: Int) -> (start: Int, comma: Bool)? {
        var j = k
        while j > 0, AmountScanner.isSpace(s[j - 1]) { j -= 1 }
        var joined = false
        var comma = false
        var w = j
        while w > 0, AmountScanner.isLetter(s[w - 1]) { w -= 1 }
        if w < j {
            guard j < k, rangeWords.contains(String(String.UnicodeScalarView(s[w..<j])).lowercased()) else { return nil }
            joined = true
            j = w
            while j > 0, AmountScanner.isSpace(s[j - 1]) { j -= 1 }
            guard j < w else { return nil }
        }
        if j > 0, s[j - 1] == "," {
            (joined, comma) = (true, true)
            j -= 1
        } else if !joined, j > 0, s[j - 1] == "-" || s[j - 1] == "\u{2013}" {
            joined = true
            j -= 1
            while j > 0, AmountScanner.isSpace(s[j - 1]) { j -= 1 }
        }
        // The number before may carry a degree sign of its own (`350°, 375° or 500°F`).
        if joined, j > 1, isDegreeSign(s[j - 1]), AmountScanner.isDigit(s[j - 2]) { j -= 1 }
        guard joined, j > 0, AmountScanner.isDigit(s[j - 1]) else { return nil }
        var n = j
        while n > 0, AmountScanner.isDigit(s[n - 1]) || s[n - 1] == "." { n -= 1 }
        guard startsNumber(s, at: n) else { return nil }
        return (hasOwnMinus(s, at: n) ? n - 1 : n, comma)
    }

    /// The words that join the two ends of a range of heats, besides dashes: those of
    /// ingredient amounts (`to`, `or`, `a`, `à`, `ou`, `o`, `bis`) and those after
    /// "between" (`and`, `y`, `e`, `und`, `et`).
    static let rangeWords: Set<String> = AmountScanner.rangeWords.union(["and", "y", "e", "und", "et"])

    /// The largest difference between the ends of a range in words: a number further from
    /// the heat is something else (`pan no. 1 to 180 °C`).
    static let largestWordRange = Rational(100)

    /// True when a scanned number was written with a fraction slash (`4/180`, `1 1/2`).
    private static func isFraction(_ number: ArraySlice<Unicode.Scalar>) -> Bool {
        number.contains { $0 == "/" || $0 == "\u{2044}" }
    }

    /// A number after another in a list (``nextInList(_:after:)``).
    private struct Link {
        /// Where it starts, its minus sign included.
        var start: Int
        var value: Rational
        var end: Int
        /// Joined by a dash.
        var dash: Bool
    }

    /// The sign of a heat after its numbers.
    private struct Unit {
        var spacing: String
        /// How the unit was written, as a function of the target: `°C`/`°F`, `degrees C`,
        /// `degrees Celsius`, a bare `C`.
        var unitText: (TargetSystem) -> String
        var end: Int
        /// A bare letter, a heat's sign only after a number of 90 or more (`200C`).
        var bare = false
        /// A bare letter after a space, not in brackets after a heat (`350 F`): a heat's sign
        /// only after a number in ``TemperatureText/isHeatRange(_:letter:)``, and never
        /// after the amount an ingredient line starts with.
        var spaced = false
    }

    /// A heat: a number, a range of two or a list, and its unit, with where it ends; the
    /// numbers of a list are made only when it is converted (``Lists/found(_:)``).
    private struct Heat {
        var start: Int
        var first: Rational
        var firstEnd: Int
        /// How many numbers: one, the two ends of a range, or a list (`350, 375 or 400 °F`).
        var count: Int
        var unit: Unit
        var end: Int { unit.end }
    }

    private struct Found {
        /// The heats: one, the two ends of a range, or a list (`350, 375 or 400 °F`).
        var values: [Rational]
        /// What is written between each two of `values`, as it was (`-`, ` to `, `, `).
        var joins: [String]
        var spacing: String
        /// How the unit was written, as a function of the target.
        var unitText: (TargetSystem) -> String
        var end: Int
    }

    /// The heats of one text, read from any number. Each join between two numbers is read
    /// once, and so is each list from a number on and the unit after it: read again from
    /// every number of it, a list of thousands of numbers ("1-1-1-…-2 cups", "350, 350, …
    /// °F") took time in the square of its length (16 KB, 36 s), and content is untrusted.
    private struct Lists {
        let s: [Unicode.Scalar]
        /// Where the amount an ingredient line starts with starts (nil: a step): never a
        /// heat with a bare letter after a space.
        var leading: Int?
        /// The number after the number ending at a position (nil: none).
        private var links: [Int: Link?] = [:]
        /// For a number that goes on a list (at its start, sign included): how many numbers
        /// the list has from it on, and where its last one ends.
        private var tails: [Int: (count: Int, end: Int)] = [:]
        /// The unit after numbers ending at a position, for each letter and place.
        private var units: [UnitKey: Unit?] = [:]
        /// The number at a position.
        private var numbers: [Int: (value: Rational, end: Int)?] = [:]

        private struct UnitKey: Hashable {
            var at: Int
            var letter: Unicode.Scalar
            var inBrackets: Bool
        }

        init(_ s: [Unicode.Scalar]) { self.s = s }

        mutating func link(after i: Int) -> Link? {
            if let known = links[i] { return known }
            let found = TemperatureText.nextInList(s, after: i)
            links[i] = found
            return found
        }

        /// How many numbers a list has from `link` on (a number after the first), and
        /// where the last ends: walked once, then known for every number on the way.
        mutating func tail(_ link: Link) -> (count: Int, end: Int) {
            var path: [Link] = []
            var current = link
            var after: (count: Int, end: Int)
            while true {
                if let known = tails[current.start] {
                    after = known
                    break
                }
                path.append(current)
                guard let next = self.link(after: current.end), TemperatureText.accepts(next, after: current.value, first: false) else {
                    after = (0, current.end)
                    break
                }
                current = next
            }
            for l in path.reversed() {
                after = (after.count + 1, after.end)
                tails[l.start] = after
            }
            return tails[link.start] ?? after
        }

        /// The heat whose number starts at `start`, with `fromLetter`'s scale. `inBrackets`:
        /// the number is in brackets after a heat ("400 degrees F (200 C)"), where a bare
        /// letter after a space is its scale too.
        mutating func match(at start: Int, fromLetter: Unicode.Scalar, inBrackets: Bool = false) -> Heat? {
            // The number, a range of two or a list. A heat is never a fraction: in `4/180°C`
            // (gas mark 4, 180 °C) the heat is the number after the slash, which a scan from
            // there finds.
            let number: (value: Rational, end: Int)?
            if let known = numbers[start] {
                number = known
            } else {
                if let (value, end, _) = (try? AmountScanner.scanNumber(s, at: start, language: "en")) ?? nil, !TemperatureText.isFraction(s[start..<end]) {
                    number = (value, end)
                } else {
                    number = nil
                }
                numbers[start] = number
            }
            guard let (first, end1) = number else { return nil }
            var count = 1
            var numbersEnd = end1
            let previous = TemperatureText.hasOwnMinus(s, at: start) ? -first : first
            if let next = link(after: end1), TemperatureText.accepts(next, after: previous, first: true) {
                let rest = tail(next)
                count += rest.count
                numbersEnd = rest.end
            }
            let key = UnitKey(at: numbersEnd, letter: fromLetter, inBrackets: inBrackets)
            let unit: Unit?
            if let known = units[key] {
                unit = known
            } else {
                unit = TemperatureText.unit(s, after: numbersEnd, fromLetter: fromLetter, inBrackets: inBrackets)
                units[key] = unit
            }
            // A bare letter glued to a big enough number: 200C, 350F.
            guard let unit, !unit.bare || unit.spaced || first >= Rational(90) else { return nil }
            // A bare letter after a space: a heat of a liquid or an oven (`350 F`, `180 C`),
            // not two cups (`2 C flour`), nor the amount an ingredient line starts with.
            if unit.spaced, start == leading || !TemperatureText.isHeatRange(first, letter: fromLetter) { return nil }
            return Heat(start: start, first: first, firstEnd: end1, count: count, unit: unit)
        }

        /// The numbers of `heat` and what joins them.
        mutating func found(_ heat: Heat) -> Found {
            var values = [heat.first]
            var joins: [String] = []
            var i = heat.firstEnd
            while values.count < heat.count, let next = link(after: i) {
                joins.append(String(String.UnicodeScalarView(s[i..<next.start])))
                values.append(next.value)
                i = next.end
            }
            return Found(values: values, joins: joins, spacing: heat.unit.spacing, unitText: heat.unit.unitText, end: heat.end)
        }
    }

    /// The unit with `fromLetter`'s scale after numbers ending at `i`, nil when there is none.
    private static func unit(_ s: [Unicode.Scalar], after i: Int, fromLetter letter: Unicode.Scalar, inBrackets: Bool) -> Unit? {
        let k = AmountScanner.skipSpaces(s, i)
        let spacing = String(String.UnicodeScalarView(s[i..<k]))
        func boundary(_ j: Int) -> Bool { j >= s.count || !UnitLexicon.isWordScalar(s[j]) }
        // ℉ / ℃
        if k < s.count, (letter == "F" && s[k] == "\u{2109}") || (letter == "C" && s[k] == "\u{2103}") {
            return Unit(spacing: spacing, unitText: { $0 == .metric ? "\u{2103}" : "\u{2109}" }, end: k + 1)
        }
        // ° F, °F, ºF
        if k < s.count, isDegreeSign(s[k]) {
            let degree = s[k]
            let l = AmountScanner.skipSpaces(s, k + 1)
            if l < s.count, s[l] == letter, boundary(l + 1) {
                let gap = String(String.UnicodeScalarView(s[(k + 1)..<l]))
                return Unit(spacing: spacing, unitText: { String(degree) + gap + ($0 == .metric ? "C" : "F") }, end: l + 1)
            }
            return nil
        }
        // degrees F, degrees Fahrenheit, deg F
        if k < s.count, UnitLexicon.isWordScalar(s[k]) {
            var e = k
            while e < s.count, UnitLexicon.isWordScalar(s[e]) { e += 1 }
            let word = String(String.UnicodeScalarView(s[k..<e]))
            if ["degrees", "degree", "deg", "Degrees"].contains(word) {
                let l = AmountScanner.skipSpaces(s, e)
                var f = l
                while f < s.count, UnitLexicon.isWordScalar(s[f]) { f += 1 }
                let scale = String(String.UnicodeScalarView(s[l..<f]))
                let head = String(String.UnicodeScalarView(s[k..<l]))
                if scale == String(letter) {
                    return Unit(spacing: spacing, unitText: { head + ($0 == .metric ? "C" : "F") }, end: f)
                }
                let names = letter == "F" ? ["Fahrenheit", "fahrenheit"] : ["Celsius", "celsius", "centigrade"]
                if names.contains(scale) {
                    let capital = scale.first?.isUppercase ?? true
                    return Unit(spacing: spacing, unitText: { target in
                        let name = target == .metric ? "Celsius" : "Fahrenheit"
                        return head + (capital ? name : name.lowercased())
                    }, end: f)
                }
            }
            // A bare letter glued to the number: 200C, 350F; in brackets after a heat, after
            // a space too: (200 C); after a space elsewhere, a heat when the number is one
            // (``Lists/match(at:fromLetter:inBrackets:)`` checks): 350 F.
            if s[k] == letter, boundary(k + 1) {
                return Unit(spacing: spacing, unitText: { $0 == .metric ? "C" : "F" }, end: k + 1, bare: true, spaced: !spacing.isEmpty && !inBrackets)
            }
        }
        return nil
    }
}
