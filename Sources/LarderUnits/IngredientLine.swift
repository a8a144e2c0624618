import Foundation

/// A free-text ingredient line taken apart: quantity, unit, name and note, with where
/// each part was in the text so a rewrite changes only the amount and the unit.
///
///     let parser = IngredientParser()
///     let line = parser.parse("1 1/2 cups flour, sifted")
///     line.amount        // .exact(3/2)
///     line.unit?.id      // "us-cup"
///     line.name          // "flour"
///     line.note          // "sifted"
///
/// Lines without a quantity (`salt to taste`) have a nil ``amount``; lines with a number
/// that is not at the start (`juice of 2 lemons`) also have a ``problem`` saying so, and
/// are left as they are.
public struct IngredientLine: Sendable, Hashable {
    /// The text as given.
    public var text: String
    /// The language the line was read as (`pt`), when known.
    public var language: String?
    /// The quantity, when the line starts with one.
    public var amount: Amount?
    /// How the quantity was written (fractions, decimal separator, range joiner).
    public var amountStyle: AmountStyle
    /// The unit, when one follows the quantity (nil for counted things: `2 eggs`).
    public var unit: UnitDefinition?
    /// The unit word as found (`colheres de sopa`, `cups`).
    public var unitWord: UnitWord?
    /// The size of one item, written before the unit: `14 oz` in `1 (14 oz) can
    /// tomatoes`, `400 g` in `2 x 400g tins`. It does not scale.
    public var size: Quantity?
    /// True when the size follows the count after a space alone (`A 400 g can`, `one 400 g
    /// tin`): a rewritten count is then followed by `×` (`2 × 400 g cans`), as `2 400 g`
    /// reads as one number.
    var sizeNeedsTimes = false
    /// The same amount in another unit, in brackets after the unit (`240 ml` in `1 cup (240
    /// ml) milk`), after a slash (`7oz` in `200g/7oz flour`) or in brackets at the end of the
    /// line (`250 g` in `2 cups flour (250 g)`, `150 g` in `3 eggs (150 g)`). It scales with
    /// the amount.
    public var equivalent: Quantity?
    /// The ingredient (`flour`, `loaf bread`, `alho`), without a leading `of`/`de`.
    public var name: String
    /// What follows the name after a comma, or a trailing `to taste`/`q.b.`.
    public var note: String?
    /// Why the line cannot be scaled, when a number in it is not where a quantity goes.
    public var problem: String?
    /// True when ``problem`` is that the leading amount is a number Larder cannot compute
    /// with exactly (`10000000000000000000 g`): an amount all the same, which `scale` must
    /// not leave as written beside the amounts it scales.
    public var amountOutOfReach = false
    /// A temperature or a time right after the quantity (`350 °F oven`, `1 hour rest`,
    /// `20 minutos`): the line never scales.
    public var fixedUnit: UnitDefinition? = nil

    // Where the parts are, as Unicode scalar offsets into `text`.
    var scalars: [Unicode.Scalar]
    var amountSpan: Range<Int>?
    var unitSpan: Range<Int>?
    var equivalentAmountSpan: Range<Int>?
    var equivalentUnitSpan: Range<Int>?
    var equivalentStyle: AmountStyle?
    var equivalentWord: UnitWord?
    var sizeAmountSpan: Range<Int>?
    var sizeUnitSpan: Range<Int>?
    var sizeStyle: AmountStyle?
    var sizeWord: UnitWord?
    /// Words of how big or how full after the unit, which agree with it in number
    /// (`pequeno` in `1 molho pequeno de salsa`, `rasa` in `1 colher de sopa rasa`): in
    /// Portuguese, Spanish, French and Italian, which put them after their noun.
    var unitAdjectiveSpans: [Range<Int>] = []
    /// The upper end of a range that repeats its unit, or gives one of its family (`3 lb` in
    /// `2 lb-3 lb`, `1 kg` in `800 g-1 kg`): the amount in its own unit, where its amount and
    /// unit are, and the unit as written. ``amount`` holds the whole range in the lower
    /// end's unit.
    var upper: Quantity?
    var upperAmountSpan: Range<Int>?
    var upperUnitSpan: Range<Int>?
    var upperWord: UnitWord?
    /// Where a second amount of the same system that adds to the first ends (after `8 oz`
    /// in `1 lb 8 oz`, `2 tbsp` in `1 cup + 2 tbsp`); ``amount`` holds the sum in the first
    /// amount's unit.
    var compoundEnd: Int?
    /// Where the upper end of a range ends when it is in two units too (`1 lb 8 oz` in `1
    /// lb 4 oz-1 lb 8 oz`); ``upper`` holds its sum.
    var upperCompoundEnd: Int?
    /// Where a bracketed or slashed equivalent in two units ends (`(1 lb 4 oz)`);
    /// ``equivalent`` holds its sum.
    var equivalentCompoundEnd: Int?
    var restStart: Int

    /// True when the line has a quantity a transform can change.
    public var isScalable: Bool { amount != nil && problem == nil }

    /// The text of the amount as written, both ends of a range (`1 1/2` in `1 1/2 cups
    /// flour`, `0,0` in `0,0 g sal`), nil when the line has none.
    public var amountText: String? {
        guard let amountSpan else { return nil }
        let end = upperAmountSpan.map { max($0.upperBound, amountSpan.upperBound) } ?? amountSpan.upperBound
        return String(String.UnicodeScalarView(scalars[amountSpan.lowerBound..<end]))
    }

    /// The text of the amount and its unit as written (`2 tablespoons` in `2 tablespoons
    /// flour`), nil when the line has no unit.
    public var measureText: String? {
        guard let amountSpan, let end = measureEnd else { return nil }
        return String(String.UnicodeScalarView(scalars[amountSpan.lowerBound..<end]))
    }

    /// Where the amount and its unit end: after the upper end's unit in `2 lb-3 lb`.
    var measureEnd: Int? { upperCompoundEnd ?? upperUnitSpan?.upperBound ?? compoundEnd ?? unitSpan?.upperBound }

    /// The scalars of the text from the name on (the part a rewrite keeps verbatim).
    var restSpan: Range<Int> { restStart..<scalars.count }
}

/// An amount with an optional unit: `400 g`, `14 oz`, `2` (things).
public struct Quantity: Sendable, Hashable, CustomStringConvertible {
    /// How many.
    public var amount: Amount
    /// Of what, when a unit was given.
    public var unit: UnitDefinition?

    /// An amount of a unit.
    public init(amount: Amount, unit: UnitDefinition?) {
        self.amount = amount
        self.unit = unit
    }

    public var description: String { unit.map { "\(amount) \($0.symbol)" } ?? "\(amount)" }
}

/// An amount with a unit found in a line, and where.
struct Measure {
    var quantity: Quantity
    var end: Int
    var amountSpan: Range<Int>
    var unitSpan: Range<Int>
    var style: AmountStyle
    var word: UnitWord?
    /// Where the parts end when the amount is in two units (`1 lb 4 oz`); ``quantity`` holds
    /// the sum in the first unit and ``end`` is this.
    var partsEnd: Int? = nil
}

extension IngredientLine {
    mutating func setEquivalent(_ m: Measure) {
        equivalent = m.quantity
        equivalentAmountSpan = m.amountSpan
        equivalentUnitSpan = m.unitSpan
        equivalentStyle = m.style
        equivalentWord = m.word
        equivalentCompoundEnd = m.partsEnd
    }

    mutating func setSize(_ m: Measure) {
        size = m.quantity
        sizeAmountSpan = m.amountSpan
        sizeUnitSpan = m.unitSpan
        sizeStyle = m.style
        sizeWord = m.word
    }
}

/// Reads free-text ingredient lines in English, Portuguese, Spanish, French, German and
/// Italian (see ``IngredientLine``).
///
/// - Complexity: O(length of the line) for each line.
public struct IngredientParser: Sendable {
    /// The units and their kitchen convention.
    public let kitchen: KitchenUnits
    /// The unit words.
    public let lexicon: UnitLexicon

    /// A parser for `kitchen`'s units (US customary by default).
    public init(kitchen: KitchenUnits = .standard) {
        self.kitchen = kitchen
        self.lexicon = UnitLexicon(kitchen: kitchen)
    }

    /// Notes that may end a line without a comma.
    static let trailingNotes = ["to taste", "as needed", "as required", "q.b.", "q.b", "qb", "al gusto", "a gusto", "à gosto", "au goût", "nach Geschmack", "quanto basta"]

    /// Takes `text` apart; `language` (a BCP 47 tag such as `pt-PT`) picks the words to
    /// read units with (English and symbols are always read; every language when nil).
    public func parse(_ text: String, language: String? = nil) -> IngredientLine {
        parse(Array(text.unicodeScalars), text: text, from: 0, language: language, measureOnly: false)
    }

    /// The amount and unit that the text `s` gives from `start` on, as ``parse(_:language:)``
    /// reads them from a line that starts there: its ``IngredientLine/amount``,
    /// ``IngredientLine/unit`` and ``IngredientLine/measureText``. The name and note after
    /// them are not read (nor a weight in brackets at the end), so a caller looking for an
    /// amount at each number of a long line does not read the rest of the line each time
    /// (scaling a line of 8,000 number words took 12 s).
    ///
    /// - Complexity: O(length of the amount and unit), not of the text.
    package func leadingMeasure(_ s: [Unicode.Scalar], from start: Int, language: String? = nil) -> IngredientLine {
        parse(s, text: "", from: start, language: language, measureOnly: true)
    }

    /// Reads the line `s` (the scalars of `text`) from `start`; with `measureOnly`, only its
    /// amount and unit (``leadingMeasure(_:from:language:)``).
    private func parse(_ s: [Unicode.Scalar], text: String, from start: Int, language: String?, measureOnly: Bool) -> IngredientLine {
        var line = IngredientLine(
            text: text, language: language, amount: nil, amountStyle: AmountStyle(), unit: nil, unitWord: nil,
            size: nil, equivalent: nil, name: "", note: nil, problem: nil, scalars: s, restStart: start)
        let lead = AmountScanner.skipSpaces(s, start)
        var scanned: AmountScanner.Scanned?
        do {
            scanned = try AmountScanner.scanAmount(s, at: lead, language: language)
        } catch {
            line.problem = "\(error)"
            line.amountOutOfReach = true
        }
        // "1/0 cup", "3-2 eggs": no amount to scale; the line is kept as written.
        if let problem = scanned?.problem { line.problem = problem.summary }
        // "1.000,5 g" in English: a number with marks that cannot be read one way only is no
        // amount, and no part of it is one (it was read as 1.000 and doubled to "2,5 g").
        if scanned == nil, line.problem == nil, let written = AmountScanner.unreadableGroupedNumber(s, at: lead, language: language) {
            line.problem = AmountScanner.groupingProblem(written, language: language)
        }
        // "2% milk" is not two of anything.
        if let sc = scanned, sc.end < s.count, s[sc.end] == "%" { scanned = nil }
        // "00 flour, 500 g": a number written with a zero before another digit is a grade or
        // a code, not an amount (scaled, "00 flour" became "0 flour"); "0.5" and "0" are
        // amounts.
        if scanned != nil, lead + 1 < s.count, s[lead] == "0", AmountScanner.isDigit(s[lead + 1]) { scanned = nil }
        // A quantity in words: "two cups", "three eggs", "half a cup", "meio quilo"; an article
        // or a half before a unit or a noun ("a pinch of love" and "a little oil" have none).
        if scanned == nil, line.problem == nil, let w = NumberWords.scan(s, at: lead, language: language) {
            let u = AmountScanner.skipSpaces(s, w.end)
            let unit = lexicon.match(s, at: u, language: language)?.word.unit ?? tableUnit(s, at: u)?.0
            let measured = unit.map {
                $0.dimension == .mass || $0.dimension == .volume || ($0.dimension == .count && !NumberWords.vagueCounts.contains($0.id))
            } ?? false
            // Before a plain noun, an article is one too ("an egg", "um ovo", "a large onion"),
            // unless the words after it say how little ("a few", "a little", "a good pinch").
            // So is a half that goes before its noun ("meia cebola", "eine halbe Zitrone").
            let counted = unit == nil && w.countsNoun && !NumberWords.vagueAfter(s, from: u)
            // "A 400 g can of tomatoes", "a 14-ounce can": one thing of a size.
            let sized = unit == nil && w.value == .one && (plainSize(s, at: u, language: language) ?? hyphenatedSize(s, at: u, language: language)) != nil
            if !w.needsUnit || measured || counted || sized {
                scanned = AmountScanner.Scanned(amount: .exact(w.value), end: w.end, style: AmountStyle())
                // "two to three cloves", "one or two eggs": a range in words is not read.
                if NumberWords.continues(s, at: w.end, language: language) != nil {
                    line.problem = "a range in words, which is not read"
                }
            }
        }
        guard let amountScan = scanned, line.problem == nil else {
            line.restStart = lead
            if measureOnly { return line }
            splitNameAndNote(&line, from: lead)
            if line.problem == nil, s.contains(where: { AmountScanner.isDigit($0) || AmountScanner.vulgarFractions[$0] != nil }) {
                // "-2 cups flour": an amount below zero, as the quantity lint rule says (not
                // "no quantity").
                line.problem = Amount.negativeAmount(s, start: lead)?.summary ?? Self.unreadableNumber(s, at: lead) ?? "no quantity at the start of the line"
            }
            // "a quarter cup", "one-half cup": an amount, in words it does not read.
            if line.problem == nil, let words = NumberWords.fractionInWords(s, at: lead, language: language) {
                line.problem = "a fraction in words ('\(words)'), which is not read"
            }
            // "half onion": a half before a word it does not count (it was left with no note).
            if line.problem == nil, let words = NumberWords.unreadHalf(s, at: lead, language: language) {
                line.problem = "a half in words ('\(words)'), which is not read"
            }
            return line
        }
        line.amount = amountScan.amount
        line.amountStyle = amountScan.style
        line.amountSpan = lead..<amountScan.end
        var i = amountScan.end
        // "three quarters cup", "1/2 an onion", "1 heaping cup flour": the words after the
        // amount go on with it in a way it does not read (the line was scaled as a count of
        // "quarters cup sugar" or "heaping cup flour"); it is kept as written.
        // A size before a counted unit reads well as a count ("2 small glasses of port").
        if let reason = NumberWords.unreadAfterAmount(s, from: lead, at: i, language: language, isUnit: { u in
            let unit = lexicon.match(s, at: u, language: language)?.word.unit ?? tableUnit(s, at: u)?.0
            return unit?.dimension == .mass || unit?.dimension == .volume
        }) {
            return kept(line, reason + ", which is not read", from: lead, measureOnly: measureOnly)
        }

        // A multiplier and the size of each: "2 x 400g tins".
        var j = AmountScanner.skipSpaces(s, i)
        if j < s.count, s[j] == "x" || s[j] == "X" || s[j] == "\u{00D7}" {
            let k = AmountScanner.skipSpaces(s, j + 1)
            if k > j + 1 || (k < s.count && AmountScanner.isDigit(s[k])), let size = measure(s, at: k, language: language) {
                line.setSize(size)
                i = size.end
            }
        }
        // A size in brackets before the unit: "1 (14 oz) can tomatoes"; after a word of how
        // big, "1 large (28 oz) can tomatoes" (read as a name, the word took the number: "2
        // larges (28 oz) can tomatoes", the size noted as a second amount).
        j = AmountScanner.skipSpaces(s, i)
        if line.size == nil, j > i, let big = NumberWords.sizeWord(s, at: j, language: language) {
            let k = AmountScanner.skipSpaces(s, big)
            if k > big, k < s.count, s[k] == "(" { j = k }
        }
        // Said to be approximate too: "1 (about 14 oz) can", "1 large (about 28 oz) can" (the
        // bracket was read as a second amount, with a note, and the can stayed one can).
        if line.size == nil, j < s.count, s[j] == "(",
           let inner = measure(s, at: Self.afterApproximately(s, AmountScanner.skipSpaces(s, j + 1)), language: language) {
            let close = AmountScanner.skipSpaces(s, inner.end)
            if close < s.count, s[close] == ")" {
                line.setSize(inner)
                i = close + 1
            }
        }
        // A hyphenated size: "1 14-ounce can".
        j = AmountScanner.skipSpaces(s, i)
        if line.size == nil, j > i, let sized = hyphenatedSize(s, at: j, language: language) {
            line.setSize(sized)
            i = sized.end
        }
        // A size between the count and a counted unit: "one 400 g tin", "a 400 g can".
        j = AmountScanner.skipSpaces(s, i)
        if line.size == nil, j > i, let sized = plainSize(s, at: j, language: language) {
            line.setSize(sized)
            line.sizeNeedsTimes = true
            i = sized.end
        }
        // A fraction with nothing before it: if a temperature follows (`4/180°C`), the number
        // after the slash is a heat.
        var heatAfterSlash: (value: Rational, span: Range<Int>)?
        if line.size == nil, let slash = s[lead..<amountScan.end].firstIndex(where: { $0 == "/" || $0 == "\u{2044}" }),
           !s[lead..<slash].contains(where: { AmountScanner.isSpace($0) }),
           let (heat, heatEnd, _) = try? AmountScanner.scanNumber(s, at: slash + 1, language: language), heatEnd == amountScan.end {
            heatAfterSlash = (heat, (slash + 1)..<heatEnd)
        }
        // The unit, glued ("400g") or after spaces; after a word of how big when it counts
        // things ("1 large clove garlic", "1 small bunch parsley": the word was read as the
        // name, the unit with it, and the last word took the number: "2 small bunch
        // parsleys", "2 large clove garlics"). The word stays where it is.
        j = AmountScanner.skipSpaces(s, i)
        if line.size == nil, j > i, let big = NumberWords.sizeWord(s, at: j, language: language) {
            let k = AmountScanner.skipSpaces(s, big)
            if k > big, let m = lexicon.match(s, at: k, language: language), m.word.unit.dimension == .count { j = k }
        }
        // In Portuguese, Spanish, French and Italian a word of how big may come before the
        // unit too ("1 pequena lata de atum", "1 gran diente de ajo", "1 grande boîte de
        // tomates": "3 grandes boîtes" x 1/2 was rounded to 2, "3 piccoli mazzetti" too):
        // read as the name, the unit was not
        // read, so a can was counted as a thing ("3 pequenas latas" x 1/2 was rounded to 2,
        // "1 pequena lata (cerca de 400 g)" got a second amount) and "gran" took an -es
        // ("2 granes dientes de ajo"). It agrees with the unit as a word after it does. In
        // German, where it always comes before, and so does a word of how full ("1 große Dose
        // Tomaten" x 2 was "2 große Dose Tomaten", "1 gehäufter EL Mehl" "2 gehäufter EL",
        // "1 knapper TL Salz" "2 knapper TL").
        var sizeBeforeUnit: Range<Int>?
        if line.size == nil, j > i, let big = NumberWords.wordBeforeUnit(s, at: j, language: language) {
            let k = AmountScanner.skipSpaces(s, big.upperBound)
            if k > big.upperBound, let m = lexicon.match(s, at: k, language: language) ?? lexicon.matchWithWordsInside(s, at: k, language: language).map({ ($0.word, $0.end, $0.isPlural) }),
               Self.takesAdjectives(m.word, language: language) {
                j = k
                sizeBeforeUnit = big
            }
        }
        let plain = lexicon.match(s, at: j, language: language)
        // A spoon named with what it is for, with a word of how big or how full after its
        // first word ("1 colher grande de sopa", "1 colher rasa de sopa de açúcar"): read as
        // the name, the spoon was counted as a thing ("3 colheres grandes de sopa" x 1/2 was
        // rounded to 2, with a note). The words agree with it as words after it do.
        let inside = lexicon.matchWithWordsInside(s, at: j, language: language).flatMap { m in
            m.end > (plain?.end ?? j) && Self.takesAdjectives(m.word, language: language) ? m : nil
        }
        if let inside {
            line.unit = inside.word.unit
            line.unitWord = inside.word
            line.unitSpan = j..<inside.end
            line.unitAdjectiveSpans = (sizeBeforeUnit.map { [$0] } ?? []) + inside.inside
            i = inside.end
        } else if let m = plain, let reason = Self.unsureLetter(s, word: m.word, at: j, end: m.end) {
            // "2 c. à dessert", "1 t.s.": the letter is a spoon of another language's words,
            // not a cup (it was "473 ml à dessert"); the line is kept as written.
            return kept(line, reason, from: lead, measureOnly: measureOnly)
        } else if let m = plain {
            line.unit = m.word.unit
            line.unitWord = m.word
            line.unitSpan = j..<m.end
            if let sizeBeforeUnit { line.unitAdjectiveSpans = [sizeBeforeUnit] }
            i = m.end
        } else if let (unit, end) = tableUnit(s, at: j) {
            line.unit = unit
            line.unitSpan = j..<end
            i = end
        } else if (heatAfterSlash?.value ?? .zero) < Rational(90), let (word, end) = capitalCup(s, at: j, amount: amountScan.amount, language: language) {
            line.unit = word.unit
            line.unitWord = word
            line.unitSpan = j..<end
            i = end
        } else if line.size == nil, let (unit, end) = temperatureOrTime(s, at: j, amount: amountScan.amount, language: language)
                    ?? heatAfterSlash.flatMap({ heat in temperatureOrTime(s, at: j, amount: .exact(heat.value), language: language) }) {
            line.fixedUnit = unit
            // A heat is never a fraction: `4/180°C` is gas mark 4 and 180 °C, and the amount
            // is the heat after the slash (it was read as 4/180 of a degree).
            if unit.dimension == .temperature, let heat = heatAfterSlash {
                line.amount = .exact(heat.value)
                line.amountStyle = AmountStyle()
                line.amountSpan = heat.span
            }
            line.restStart = end
            if !measureOnly { splitNameAndNote(&line, from: end) }
            return line
        }
        // "7-up", "7UP soda", "5-spice powder": a number joined to a word by a hyphen or by
        // letters that are no unit is part of a name, not a quantity (doubled, "7-up" was
        // "14-up" and the line's own amount, "7-up, 1 can", stayed as it was).
        if line.size == nil, line.unitSpan?.lowerBound != amountScan.end, let name = Self.numberInName(s, from: lead, at: amountScan.end) {
            return kept(line, "'\(name)' is a name with a number in it, not a quantity", from: lead, measureOnly: measureOnly)
        }
        // "a cup and a half", "uma xícara e meia", "1 tasse et demie": a whole amount and a
        // half after its unit, one amount (it was kept as written, with a note). Anything
        // else that goes on after the unit is not read; the line is kept as written.
        // A half with a unit of its own is a second amount ("1 chávena e meia colher de sopa"),
        // added in below.
        let halfEnd = NumberWords.halfAfterUnitEnd(s, at: i)
        let halfHasUnit = halfEnd.map { e in
            let u = AmountScanner.skipSpaces(s, e)
            return u > e && (lexicon.match(s, at: u, language: language) != nil || tableUnit(s, at: u) != nil)
        } ?? false
        if line.unit != nil, !halfHasUnit, let more = NumberWords.continues(s, at: i, language: language) {
            guard line.size == nil, case .exact(let whole)? = line.amount, whole.isInteger, whole >= Rational(1),
                  let end = halfEnd, let total = try? whole + Rational(unchecked: 1, 2) else {
                return kept(line, "the amount goes on after its unit ('\(more)'), which is not read", from: lead, measureOnly: measureOnly)
            }
            line.amount = .exact(total)
            line.compoundEnd = end
            i = end
        }
        // A second amount of the same system, added to the first: "1 lb 8 oz", "1 cup + 2
        // tbsp", "1 cup plus 2 tablespoons", "1 kg e 200 g", "2 cups + 2 tbsp + 1 tsp", and
        // the same unit again after a sign or a word, "1 cup + 1/3 cup". It is one amount.
        if let unit = line.unit, case .exact(let first)? = line.amount,
           let parts = compoundParts(s, at: i, after: unit, language: language), let total = try? first + parts.sum, total > .zero {
            line.amount = .exact(total)
            line.compoundEnd = parts.end
            i = parts.end
        }
        // A range that repeats its unit: "2 lb-3 lb", "1 kg a 1,5 kg", and with ends in two
        // units, "1 lb 4 oz-1 lb 8 oz" (its upper end was left as it was).
        if let unit = line.unit, case .exact(let lower)? = line.amount, var upper = repeatedUnitRange(s, at: i, unit: unit, language: language),
           let upperUnit = upper.quantity.unit {
            if let parts = compoundParts(s, at: upper.end, after: upperUnit, language: language),
               let total = try? upper.quantity.amount.lower + parts.sum, total > .zero {
                upper.quantity.amount = .exact(total)
                upper.partsEnd = parts.end
                upper.end = parts.end
            }
            rangeEnd(&line, lower: lower, unit: unit, upper: upper, at: &i, in: s)
        }
        // A second amount that could not be added ("1 cup plus 2 heaping tablespoons"): the
        // first alone would scale and the second stay as it is, so the line is kept.
        if line.unit != nil, line.upper == nil, let more = unreadSecondAmount(s, at: i, language: language) {
            return kept(line, "a second amount ('\(more)') that is not read", from: lead, measureOnly: measureOnly)
        }
        // Words of how big or how full after the unit, which agree with it: "1 molho
        // pequeno de salsa", "1 colher de sopa rasa" (read as the name, they kept their
        // number: "2 molhos pequeno de salsa", "2 colheres de sopa rasa").
        if let word = line.unitWord, let adjectives = Self.adjectivesAfterUnit(s, at: i, word: word, language: language) {
            line.unitAdjectiveSpans += adjectives.spans
            i = adjectives.end
        }
        // The size of each pack in brackets after its unit, said to be approximate: "1 lata
        // (cerca de 400 g) de tomate", "1 can (about 14 oz) tomatoes", as "1 (about 14 oz)
        // can" (the bracket was read as a second amount, with a note, and the size stayed).
        j = AmountScanner.skipSpaces(s, i)
        if line.size == nil, line.equivalent == nil, line.upper == nil, let unit = line.unit, Self.packs.contains(unit.id), j < s.count, s[j] == "(" {
            let k = AmountScanner.skipSpaces(s, j + 1)
            let a = Self.afterApproximately(s, k)
            if a > k, let inner = measure(s, at: a, language: language) {
                let close = AmountScanner.skipSpaces(s, inner.end)
                if close < s.count, s[close] == ")" {
                    line.setSize(inner)
                    i = close + 1
                }
            }
        }
        // The same amount in another unit after a slash: "200g/7oz flour".
        j = AmountScanner.skipSpaces(s, i)
        if let unit = line.unit, line.upper == nil, unit.dimension == .mass || unit.dimension == .volume, j < s.count, s[j] == "/",
           let eq = compoundMeasure(s, at: AmountScanner.skipSpaces(s, j + 1), language: language), eq.quantity.unit?.id != unit.id {
            line.setEquivalent(eq)
            i = eq.end
        }
        // An equivalent in brackets after the unit: "1 cup (240 ml) milk"; after a weight or
        // volume, a count of things too: "1 cup (2 sticks) butter".
        j = AmountScanner.skipSpaces(s, i)
        if line.equivalent == nil, let unit = line.unit, j < s.count, s[j] == "(" {
            let k = AmountScanner.skipSpaces(s, j + 1)
            let counts = unit.dimension == .mass || unit.dimension == .volume
            if let eq = compoundMeasure(s, at: k, language: language, counted: counts), eq.quantity.unit != nil {
                let close = AmountScanner.skipSpaces(s, eq.end)
                if close < s.count, s[close] == ")" {
                    line.setEquivalent(eq)
                    i = close + 1
                }
            }
        }
        line.restStart = i
        if measureOnly { return line }
        // A weight or volume in brackets at the end of the line: "2 cups flour (250 g)", "3
        // eggs (150 g)" (the same amount in another unit, or the things' total); after a
        // weight or volume, a count of things too, as before the name: "1 lb bacon (8
        // slices)" (it was left as written, 8 slices beside 2 lb).
        let countsAtEnd = line.unit.map { $0.dimension == .mass || $0.dimension == .volume } ?? false
        if line.equivalent == nil, line.unit.map({ $0.dimension != .temperature && $0.dimension != .time }) ?? true,
           let (eq, open) = trailingMeasure(s, after: i, language: language, counted: countsAtEnd) {
            line.setEquivalent(eq)
            splitNameAndNote(&line, from: i, to: open)
            return line
        }
        splitNameAndNote(&line, from: i)
        return line
    }

    /// Counted units that are packs sold by their size (cans, jars, packets): a weight or
    /// volume said to be approximate in brackets right after one is each pack's size, not
    /// the packs' total (`1 lata (cerca de 400 g)` x 2 is `2 latas (cerca de 400 g)`). An
    /// exact one is their total, as after any count (`1 can (14.5 oz)` x 2 is `2 cans (29
    /// oz)`), and so is an approximate one after things of no set size (`4 fatias (cerca de
    /// 120 g)`, which gets a note).
    static let packs: Set<String> = [
        "can", "tin", "jar", "bottle", "pack", "package", "packet", "carton", "tub", "pouch", "bag", "box", "sachet",
        "container", "envelope", "punnet", "block", "bar",
    ]

    /// The words of how big or how full after the unit `word` at `start`
    /// (``NumberWords/wordsAfterUnit(_:at:language:)``), in the line's language or else the
    /// unit word's: after a unit that counts things, or a spoon or cup (not after a gram or
    /// a litre, and not after a symbol, which has no gender or number).
    static func adjectivesAfterUnit(_ s: [Unicode.Scalar], at start: Int, word: UnitWord, language: String?) -> (spans: [Range<Int>], end: Int)? {
        guard takesAdjectives(word, language: language) else { return nil }
        return NumberWords.wordsAfterUnit(s, at: start, language: word.language)
    }

    /// True when a word of how big or how full may go with the unit word `word`, in text of
    /// `language`: a word of the line's language (or of any, when it is not stated) for a
    /// unit that counts things, or a spoon or cup.
    static func takesAdjectives(_ word: UnitWord, language: String?) -> Bool {
        !word.language.isEmpty && word.language != "en" && (UnitLexicon.baseLanguage(language).map({ $0 == word.language }) ?? true)
            && (word.unit.dimension == .count || (word.unit.dimension == .volume && !IngredientParser.siSymbols.contains(word.unit.id)))
    }

    /// Makes `line`'s amount the range from `lower` (in `unit`) to `upper`, read after it,
    /// when the upper end is not the smaller.
    private func rangeEnd(_ line: inout IngredientLine, lower: Rational, unit: UnitDefinition, upper: Measure, at i: inout Int, in s: [Unicode.Scalar]) {
        guard let upperUnit = upper.quantity.unit,
              let upperValue = upperUnit.id == unit.id ? upper.quantity.amount.lower : (try? kitchen.convert(upper.quantity.amount.lower, from: upperUnit, to: unit)) ?? nil,
              upperValue >= lower else { return }
        line.amount = .range(lower, upperValue)
        line.upper = upper.quantity
        line.amountStyle.rangeJoin = String(String.UnicodeScalarView(s[i..<upper.amountSpan.lowerBound]))
        if upper.style.fractions != .none { line.amountStyle.fractions = upper.style.fractions }
        if upper.style.decimalSeparator != nil { line.amountStyle.decimalSeparator = upper.style.decimalSeparator }
        line.upperAmountSpan = upper.amountSpan
        line.upperUnitSpan = upper.unitSpan
        line.upperWord = upper.word
        line.upperCompoundEnd = upper.partsEnd
        i = upper.end
    }

    /// The parts that follow an amount in `unit` at `start` and add to it, each in a smaller
    /// unit than the one before (`8 oz` after `1 lb`; `2 tbsp + 1 tsp` after `2 cups`) or,
    /// joined by `+` or a word, in the same one (`+ 1/3 cup` after `1 cup`): their sum in
    /// `unit` and where they end; nil when none follows.
    private func compoundParts(_ s: [Unicode.Scalar], at start: Int, after unit: UnitDefinition, language: String?) -> (sum: Rational, end: Int)? {
        var sum = Rational.zero
        var end = start
        var last = unit
        var found = false
        while let part = compoundPart(s, at: end, after: last, language: language), let partUnit = part.quantity.unit,
              let inUnit = try? kitchen.convert(part.quantity.amount.lower, from: partUnit, to: unit), let next = try? sum + inUnit {
            sum = next
            end = part.end
            last = partUnit
            found = true
        }
        return found ? (sum, end) : nil
    }

    /// ``measure(_:at:language:counted:)``, with the parts in smaller units that add to it
    /// (`1 lb 4 oz` in `567 g (1 lb 4 oz) beef`): one amount, their sum in the first unit.
    private func compoundMeasure(_ s: [Unicode.Scalar], at start: Int, language: String?, counted: Bool = false) -> Measure? {
        guard var m = measure(s, at: start, language: language, counted: counted) else { return nil }
        if let unit = m.quantity.unit, case .exact(let first) = m.quantity.amount,
           let parts = compoundParts(s, at: m.end, after: unit, language: language), let total = try? first + parts.sum, total > .zero {
            m.quantity.amount = .exact(total)
            m.partsEnd = parts.end
            m.end = parts.end
        }
        return m
    }

    /// A weight or volume alone in brackets that end the line, after `start`: the measure and
    /// where its bracket opens.
    private func trailingMeasure(_ s: [Unicode.Scalar], after start: Int, language: String?, counted: Bool = false) -> (Measure, Int)? {
        var close = s.count
        while close > start, AmountScanner.isSpace(s[close - 1]) { close -= 1 }
        guard close > start, s[close - 1] == ")" else { return nil }
        close -= 1
        guard let open = s[start..<close].lastIndex(of: "(") else { return nil }
        let first = Self.afterApproximately(s, AmountScanner.skipSpaces(s, open + 1))
        guard let eq = compoundMeasure(s, at: first, language: language, counted: counted), AmountScanner.skipSpaces(s, eq.end) == close else { return nil }
        return (eq, open)
    }

    /// Words that say a bracketed total is approximate ("2 large eggs (about 100 g)",
    /// "200 g flour (approx. 1 2/3 cups)"): the amount after them is still the line's
    /// amount in another unit, and scales with it (it was left as written, with no note).
    public static let approximately: Set<String> = [
        "about", "approx", "approximately", "around", "roughly", "ca", "circa", "cerca", "aprox", "aproximadamente",
        "environ", "etwa", "ungefähr", "khoảng", "unos", "unas", "uns", "umas", "alrededor", "volta", "près", "meno", "menos",
    ]

    /// Phrases of more than one word that say the same, in the six languages: `cerca de`,
    /// `por volta de`, `alrededor de`, `más o menos`, `più o meno`, `à peu près`. Their last
    /// word (or the one before a `de`) is in ``approximately``, so a number after them is not
    /// taken for a second amount either.
    static let approximatelyPhrases: [[String]] = [
        ["por", "volta", "de"], ["à", "volta", "de"], ["más", "o", "menos"], ["mais", "ou", "menos"], ["più", "o", "meno"],
        ["à", "peu", "près"], ["a", "peu", "près"], ["cerca", "de"], ["alrededor", "de"], ["in", "etwa"],
    ]

    /// Where the amount starts at `i`, past one of ``approximately`` (with a dot, `approx.`,
    /// `ca.`) or ``approximatelyPhrases`` or a `~`; `i` when none is there.
    static func afterApproximately(_ s: [Unicode.Scalar], _ i: Int) -> Int {
        guard i < s.count else { return i }
        if s[i] == "~" { return AmountScanner.skipSpaces(s, i + 1) }
        // The first words, lower-cased, and where each ends.
        var words: [(String, Int)] = []
        var start = i
        while words.count < 3, start < s.count, AmountScanner.isLetter(s[start]) {
            var e = start
            while e < s.count, AmountScanner.isLetter(s[e]) { e += 1 }
            words.append((String(String.UnicodeScalarView(s[start..<e])).lowercased(), e))
            let next = AmountScanner.skipSpaces(s, e)
            guard next > e else { break }
            start = next
        }
        let phrase = approximatelyPhrases.first { p in p.count <= words.count && zip(p, words).allSatisfy { $0 == $1.0 } }
        var k: Int
        if let phrase {
            k = words[phrase.count - 1].1
        } else {
            guard let first = words.first, approximately.contains(first.0) else { return i }
            k = first.1
        }
        if k < s.count, s[k] == "." { k += 1 }
        let after = AmountScanner.skipSpaces(s, k)
        return after > k || (k > i && s[k - 1] == ".") ? after : i
    }

    /// An amount followed by a unit of mass or volume (glued or spaced) at `start`; with
    /// `counted`, a counted unit too (`2 sticks`).
    private func measure(_ s: [Unicode.Scalar], at start: Int, language: String?, counted: Bool = false) -> Measure? {
        guard let scan = try? AmountScanner.scanAmount(s, at: start, language: language) else { return nil }
        let u = AmountScanner.skipSpaces(s, scan.end)
        if let m = lexicon.match(s, at: u, language: language),
           m.word.unit.dimension == .mass || m.word.unit.dimension == .volume || (counted && m.word.unit.dimension == .count) {
            return Measure(quantity: Quantity(amount: scan.amount, unit: m.word.unit), end: m.end, amountSpan: start..<scan.end,
                           unitSpan: u..<m.end, style: scan.style, word: m.word)
        }
        if let (unit, end) = tableUnit(s, at: u), unit.dimension == .mass || unit.dimension == .volume {
            return Measure(quantity: Quantity(amount: scan.amount, unit: unit), end: end, amountSpan: start..<scan.end,
                           unitSpan: u..<end, style: scan.style, word: nil)
        }
        return nil
    }

    /// A range's joiner and upper end with the same unit again at `start` (`-3 lb` after
    /// `2 lb`; ` to 2 cups` after `1 cup`): the upper end's amount (a single number) and
    /// unit.
    private func repeatedUnitRange(_ s: [Unicode.Scalar], at start: Int, unit: UnitDefinition, language: String?) -> Measure? {
        var j = AmountScanner.skipSpaces(s, start)
        guard j < s.count else { return nil }
        if s[j] == "-" || s[j] == "\u{2013}" || s[j] == "\u{2014}" {
            j += 1
        } else if AmountScanner.isLetter(s[j]) {
            var k = j
            while k < s.count, AmountScanner.isLetter(s[k]) { k += 1 }
            guard j > start, k < s.count, AmountScanner.isSpace(s[k]),
                  AmountScanner.rangeWords.contains(String(String.UnicodeScalarView(s[j..<k])).lowercased()) else { return nil }
            j = k
        } else {
            return nil
        }
        let k = AmountScanner.skipSpaces(s, j)
        guard let (value, end, style) = try? AmountScanner.scanNumber(s, at: k, language: language) else { return nil }
        let u = AmountScanner.skipSpaces(s, end)
        // The same unit, or another of its family (`800 g-1 kg`, `12 oz-1 lb`).
        let family = Set(kitchen.family(of: unit).map(\.id)).union([unit.id])
        if let m = lexicon.match(s, at: u, language: language), family.contains(m.word.unit.id) {
            return Measure(quantity: Quantity(amount: .exact(value), unit: m.word.unit), end: m.end, amountSpan: k..<end, unitSpan: u..<m.end, style: style, word: m.word)
        }
        if let (other, e) = tableUnit(s, at: u), family.contains(other.id) {
            return Measure(quantity: Quantity(amount: .exact(value), unit: other), end: e, amountSpan: k..<end, unitSpan: u..<e, style: style, word: nil)
        }
        return nil
    }

    /// The words that join the parts of an amount in two units (`1 cup plus 2 tbsp`).
    static let compoundJoiners: Set<String> = ["plus", "and", "e", "y", "et", "und", "mais", "più"]
    /// The words that take a smaller amount away from the one before ("1 cup minus 2 tbsp").
    static let subtractingJoiners: Set<String> = ["minus", "less", "menos", "moins", "weniger", "meno"]

    /// A second amount at `start` (after spaces, `+`, `&` or a joining word) in a smaller unit
    /// of `unit`'s family or system (`8 oz` after `1 lb`, `2 tbsp` after `1 cup`, `200 g`
    /// after `1 kg`), or in `unit` itself after `+`, `&` or a joining word (`+ 1/3 cup`
    /// after `1 cup`).
    private func compoundPart(_ s: [Unicode.Scalar], at start: Int, after unit: UnitDefinition, language: String?) -> Measure? {
        guard unit.dimension == .mass || unit.dimension == .volume, unit.system != .neutral, let factor = kitchen.factor(of: unit) else { return nil }
        var j = AmountScanner.skipSpaces(s, start)
        guard j > start, j < s.count else { return nil }
        // Joined by a sign or a word rather than by spaces alone ("1 cup + 1/3 cup").
        var joined = false
        var subtracted = false
        if s[j] == "+" || s[j] == "&" {
            j = AmountScanner.skipSpaces(s, j + 1)
            joined = true
        } else if AmountScanner.isLetter(s[j]) {
            var k = j
            while k < s.count, AmountScanner.isLetter(s[k]) { k += 1 }
            let word = String(String.UnicodeScalarView(s[j..<k])).lowercased()
            guard k < s.count, AmountScanner.isSpace(s[k]), Self.compoundJoiners.contains(word) || Self.subtractingJoiners.contains(word) else { return nil }
            subtracted = Self.subtractingJoiners.contains(word)
            j = AmountScanner.skipSpaces(s, k)
            joined = true
        }
        // The number in digits or in words ("1 cup plus two tablespoons", "plus a tablespoon").
        let value: Rational, end: Int, style: AmountStyle
        if let scanned = try? AmountScanner.scanNumber(s, at: j, language: language) {
            (value, end, style) = scanned
        } else if let w = NumberWords.scan(s, at: j, language: language) {
            (value, end, style) = (w.value, w.end, AmountStyle())
        } else {
            return nil
        }
        let u = AmountScanner.skipSpaces(s, end)
        let other: UnitDefinition
        let unitEnd: Int
        var word: UnitWord?
        if let m = lexicon.match(s, at: u, language: language) {
            (other, unitEnd, word) = (m.word.unit, m.end, m.word)
        } else if let (t, e) = tableUnit(s, at: u) {
            (other, unitEnd) = (t, e)
        } else {
            return nil
        }
        // The same unit again is added in when a sign or a word joins the two ("1 cup + 1/3
        // cup", "1 cup plus 1/3 cup"); with spaces alone ("1 cup 1/3 cup") it is not.
        if other.id == unit.id {
            guard joined else { return nil }
        } else {
            guard other.dimension == unit.dimension, let otherFactor = kitchen.factor(of: other), otherFactor < factor,
                  kitchen.family(of: unit).contains(where: { $0.id == other.id }) || other.system == unit.system else { return nil }
        }
        // "1 cup minus 2 tbsp": the smaller amount is taken away (it was kept as written,
        // and scaled, the line said "2 cups minus 2 tbsp").
        return Measure(quantity: Quantity(amount: .exact(subtracted ? -value : value), unit: other), end: unitEnd, amountSpan: j..<end,
                       unitSpan: u..<unitEnd, style: style, word: word)
    }

    /// The word a number that starts at `start` and ends at `end` is part of (`7-up`, `7UP`,
    /// `5-spice`): a letter, or a hyphen and a letter, right after it; nil when a space or
    /// anything else follows the number.
    static func numberInName(_ s: [Unicode.Scalar], from start: Int, at end: Int) -> String? {
        guard end < s.count else { return nil }
        var k = end
        if s[k] == "-" || s[k] == "\u{2010}" { k += 1 }
        guard k < s.count, AmountScanner.isLetter(s[k]) else { return nil }
        while k < s.count, AmountScanner.isLetter(s[k]) || AmountScanner.isDigit(s[k]) || s[k] == "-" || s[k] == "\u{2010}" { k += 1 }
        return String(String.UnicodeScalarView(s[start..<k]))
    }

    /// `line` with no amount, kept as written for `problem`: its name is the text from
    /// `lead` (not read with `measureOnly`).
    /// Words that join a spoon's letter to what it holds in French, Spanish, Portuguese and
    /// Italian (`c. à s.`, `c. de postre`, `c. da sobremesa`).
    static let spoonJoiners: Set<String> = ["à", "a", "de", "da", "di", "del", "du"]

    /// Why the one-letter English unit word `word` (`c`, `t`, `T`; not a symbol, `g`, `l`) matched at `start` of `s`
    /// is not read as that unit, or nil when it is: a letter and a point followed at once by
    /// another letter (`c.s.`, `c.c.` that no language of the line names), or by a joining
    /// word (`c. à dessert`, `c. de postre`), is a spoon of another language, and reading it
    /// as a cup rewrote half of it (`237 ml.s. de aceite`).
    static func unsureLetter(_ s: [Unicode.Scalar], word: UnitWord, at start: Int, end: Int) -> String? {
        guard word.language == "en", word.isAbbreviation, word.caseSensitive, word.singular.unicodeScalars.count == 1 else { return nil }
        var k = start + 1
        if k < s.count, s[k] == "." { k += 1 }
        let written = String(String.UnicodeScalarView(s[start..<k]))
        if k == start + 2, k < s.count, UnitLexicon.isWordScalar(s[k]) {
            var e = k
            while e < s.count, UnitLexicon.isWordScalar(s[e]) || s[e] == "." { e += 1 }
            return "'\(String(String.UnicodeScalarView(s[start..<e])))', an abbreviation that is not read"
        }
        let w = AmountScanner.skipSpaces(s, max(k, end))
        guard w > max(k, end) else { return nil }
        var e = w
        while e < s.count, UnitLexicon.isWordScalar(s[e]) { e += 1 }
        let next = String(String.UnicodeScalarView(s[w..<e])).lowercased()
        guard spoonJoiners.contains(next) else { return nil }
        return "'\(written) \(next)', an abbreviation that is not read"
    }

    private func kept(_ line: IngredientLine, _ problem: String, from lead: Int, measureOnly: Bool = false) -> IngredientLine {
        var line = line
        line.amount = nil
        line.unit = nil
        line.unitWord = nil
        line.size = nil
        line.problem = problem
        line.restStart = lead
        if !measureOnly { splitNameAndNote(&line, from: lead) }
        return line
    }

    /// A joining word or sign at `start` followed by a number in digits or words (`plus 2
    /// heaping tablespoons`, `+ two`): the words up to and with the number, nil when there
    /// is none. Called when no second amount could be read there.
    private func unreadSecondAmount(_ s: [Unicode.Scalar], at start: Int, language: String?) -> String? {
        var j = AmountScanner.skipSpaces(s, start)
        guard j < s.count else { return nil }
        if s[j] == "+" || s[j] == "&" {
            j += 1
        } else {
            var k = j
            while k < s.count, AmountScanner.isLetter(s[k]) { k += 1 }
            guard k > j, Self.compoundJoiners.contains(String(String.UnicodeScalarView(s[j..<k])).lowercased()) else { return nil }
            j = k
        }
        let k = AmountScanner.skipSpaces(s, j)
        guard k > j || s[j - 1] == "+" || s[j - 1] == "&", k < s.count else { return nil }
        var end = k
        if AmountScanner.isDigit(s[k]) || AmountScanner.vulgarFractions[s[k]] != nil {
            while end < s.count, !AmountScanner.isSpace(s[end]) { end += 1 }
        } else {
            while end < s.count, AmountScanner.isLetter(s[end]) { end += 1 }
            guard NumberWords.isNumber(String(String.UnicodeScalarView(s[k..<end])), language: language) else { return nil }
        }
        let from = AmountScanner.skipSpaces(s, start)
        return String(String.UnicodeScalarView(s[from..<end]))
    }

    /// A weight or volume at `start` followed by a counted unit (`400 g can`), the size of
    /// one thing.
    private func plainSize(_ s: [Unicode.Scalar], at start: Int, language: String?) -> Measure? {
        guard start < s.count, AmountScanner.isDigit(s[start]), let m = measure(s, at: start, language: language) else { return nil }
        let next = AmountScanner.skipSpaces(s, m.end)
        guard next > m.end, let unit = lexicon.match(s, at: next, language: language), unit.word.unit.dimension == .count,
              !NumberWords.vagueCounts.contains(unit.word.unit.id) else { return nil }
        return m
    }

    /// `14-ounce` or `12-oz` at `start`, followed by a counted unit (`can`, `jar`).
    private func hyphenatedSize(_ s: [Unicode.Scalar], at start: Int, language: String?) -> Measure? {
        guard let scan = try? AmountScanner.scanNumber(s, at: start, language: language), scan.1 < s.count, s[scan.1] == "-" else { return nil }
        guard let m = lexicon.match(s, at: scan.1 + 1, language: language),
              m.word.unit.dimension == .mass || m.word.unit.dimension == .volume else { return nil }
        let next = AmountScanner.skipSpaces(s, m.end)
        guard let unit = lexicon.match(s, at: next, language: language), unit.word.unit.dimension == .count else { return nil }
        return Measure(quantity: Quantity(amount: .exact(scan.0), unit: m.word.unit), end: m.end, amountSpan: start..<scan.1,
                       unitSpan: (scan.1 + 1)..<m.end, style: scan.2, word: m.word)
    }

    /// The most cups a capital `C` is read as (a gallon): above it, `C` may be a heat.
    public static let mostCupsWrittenC = Rational(16)

    /// Words after a number and a capital `C` that say it is a heat, not cups (`4 C
    /// overnight`, `10 C for an hour`).
    static let heatContextWords: Set<String> = [
        "oven", "ovens", "fan", "fanforced", "forced", "conventional", "gas", "grill", "fridge", "refrigerator", "freezer",
        "for", "until", "till", "overnight", "degrees", "degree", "heat", "preheated",
    ]

    /// A capital `C` at `start`, after `amount`, as US recipes write a cup (`2 C flour`, `1
    /// 1/2 C. milk`): only where nothing else can be meant, so a heat is never read as cups.
    /// The `C` stands alone (or with a dot) and an ingredient's word (or the amount in
    /// another unit in brackets, `1 C (240 ml) milk`) follows it; the amount
    /// is at most ``mostCupsWrittenC`` (`180 C` is a heat, and so is a `C` after 90 or more,
    /// see ``temperatureOrTime(_:at:amount:language:)``); the word is no oven's or time's
    /// (`4 C overnight`); the line is English (or of no stated language). A `C` after a degree
    /// sign never gets here: `°` is no unit's first letter.
    private func capitalCup(_ s: [Unicode.Scalar], at start: Int, amount: Amount, language: String?) -> (UnitWord, Int)? {
        guard start < s.count, s[start] == "C", amount.upper <= Self.mostCupsWrittenC else { return nil }
        if let base = UnitLexicon.baseLanguage(language), base != "en" { return nil }
        var end = start + 1
        if end < s.count, s[end] == "." { end += 1 }
        let next = AmountScanner.skipSpaces(s, end)
        guard next > end, next < s.count else { return nil }
        // The same amount in brackets first: "1 C (240 ml) milk".
        if s[next] == "(" {
            return measure(s, at: AmountScanner.skipSpaces(s, next + 1), language: language).flatMap { _ in kitchen.unit(named: "cup") }.map {
                (UnitWord(language: "en", unit: $0, singular: "C", plural: "C", isAbbreviation: true, caseSensitive: true), end)
            }
        }
        guard s[next].properties.isAlphabetic else { return nil }
        var wordEnd = next
        while wordEnd < s.count, UnitLexicon.isWordScalar(s[wordEnd]) { wordEnd += 1 }
        let word = String(String.UnicodeScalarView(s[next..<wordEnd])).lowercased()
        guard !Self.heatContextWords.contains(word), let cup = kitchen.unit(named: "cup") else { return nil }
        return (UnitWord(language: "en", unit: cup, singular: "C", plural: "C", isAbbreviation: true, caseSensitive: true), end)
    }

    /// Words for degrees, in the six languages.
    static let degreeWords: Set<String> = ["degree", "degrees", "deg", "grau", "graus", "grado", "grados", "degré", "degrés", "grad", "gradi"]

    /// Words for times that the unit table (English) lacks.
    static let timeWords: [String: String] = [
        "hora": "h", "horas": "h", "minuto": "min", "minutos": "min", "segundo": "s", "segundos": "s",
        "dia": "day", "dias": "day", "día": "day", "días": "day",
        "heure": "h", "heures": "h", "minute": "min", "minutes": "min", "seconde": "s", "secondes": "s", "jour": "day", "jours": "day",
        "stunde": "h", "stunden": "h", "std": "h", "minuten": "min", "sekunde": "s", "sekunden": "s", "tag": "day", "tage": "day",
        "ora": "h", "ore": "h", "minuti": "min", "secondo": "s", "secondi": "s", "giorno": "day", "giorni": "day",
    ]

    /// A temperature or time unit at `start`, after `amount` (`°F`, `ºC`, `℉`, `degrees`,
    /// `hour`, `min`, `minutos`, a `C` or `F` after 90 or more, glued or not: `180C`, `180
    /// C`): the unit (Celsius for a bare degree) and where it ends. English `2 minute
    /// steaks` (a singular after more than one) is not a time.
    private func temperatureOrTime(_ s: [Unicode.Scalar], at start: Int, amount: Amount, language: String?) -> (UnitDefinition, Int)? {
        guard start < s.count, let celsius = kitchen.unit(id: "celsius"), let fahrenheit = kitchen.unit(id: "fahrenheit") else { return nil }
        func boundary(_ k: Int) -> Bool { k >= s.count || !UnitLexicon.isWordScalar(s[k]) }
        /// A C or F (or Celsius, Fahrenheit) at `k`, after a degree sign or word.
        func scale(_ k: Int) -> (UnitDefinition, Int)? {
            guard k < s.count else { return nil }
            var e = k
            while e < s.count, UnitLexicon.isWordScalar(s[e]) { e += 1 }
            switch String(String.UnicodeScalarView(s[k..<e])).lowercased() {
            case "c", "celsius", "centigrade": return (celsius, e)
            case "f", "fahrenheit": return (fahrenheit, e)
            default: return nil
            }
        }
        switch s[start] {
        case "\u{2103}": return (celsius, start + 1)
        case "\u{2109}": return (fahrenheit, start + 1)
        case "°", "º":
            return scale(AmountScanner.skipSpaces(s, start + 1)) ?? (celsius, start + 1)
        case "C", "F":
            // "180 C oven" was 180 of something called "C oven", and doubled to 360.
            guard boundary(start + 1), amount.lower >= Rational(90) else { return nil }
            return (s[start] == "C" ? celsius : fahrenheit, start + 1)
        default:
            break
        }
        var end = start
        while end < s.count, UnitLexicon.isWordScalar(s[end]) { end += 1 }
        guard end > start, boundary(end), !(end + 1 < s.count && s[end] == "-" && s[end + 1].properties.isAlphabetic) else { return nil }
        let word = String(String.UnicodeScalarView(s[start..<end]))
        let lower = word.lowercased()
        if Self.degreeWords.contains(lower) {
            let k = AmountScanner.skipSpaces(s, end)
            return (k > end ? scale(k) : nil) ?? (celsius, end)
        }
        if let unit = kitchen.table.unit(named: word), unit.dimension == .temperature || unit.dimension == .time {
            if ["minute", "hour", "second", "day"].contains(lower), amount.upper > Rational(1) { return nil }
            return (unit, end)
        }
        if let id = Self.timeWords[lower], let unit = kitchen.unit(id: id) {
            return (unit, end)
        }
        return nil
    }

    /// A unit the table knows (a project's own, or a spelling the word lists lack) as
    /// the next word, or the next two words.
    private func tableUnit(_ s: [Unicode.Scalar], at start: Int) -> (UnitDefinition, Int)? {
        var ends: [Int] = []
        var k = start
        for _ in 0..<2 {
            guard k < s.count, UnitLexicon.isWordScalar(s[k]) || s[k] == "°" || s[k] == "µ" else { break }
            while k < s.count, UnitLexicon.isWordScalar(s[k]) || s[k] == "." || s[k] == "°" || s[k] == "µ" { k += 1 }
            // Joined to the next word by a hyphen, it is another word ("T-bone").
            if k + 1 < s.count, s[k] == "-", s[k + 1].properties.isAlphabetic { break }
            ends.append(k)
            guard k < s.count, s[k] == " " else { break }
            k += 1
        }
        for end in ends.reversed() {
            let word = String(String.UnicodeScalarView(s[start..<end]))
            // Counted units are all in the word lists; a project's own measures (a `glug`)
            // and rarer spellings (`fl. oz.`) come from the table.
            if let unit = kitchen.table.unit(named: word), unit.dimension == .mass || unit.dimension == .volume {
                return (unit, end)
            }
        }
        return nil
    }

    /// Fills ``IngredientLine/name`` and ``IngredientLine/note`` from the text at `start`.
    /// True when a comma or `und`/`oder` after `before`, the words of a German name so far,
    /// joins adjectives before the noun (`2 mittelgroße, festkochende Kartoffeln`, `2
    /// geschälte und gewürfelte Kartoffeln`), not the name and a note (`2 Zwiebeln,
    /// gehackt`, `1 zwiebel, gehackt`): every word before it is written in small letters,
    /// as adjectives are and nouns are not, the word after it too, and a word with a capital
    /// follows before the next comma or bracket, or the last word before it is a known
    /// adjective (`mittelgroße`), in a line in small letters only.
    static func joinsGermanAdjectives(_ before: [String], _ after: String) -> Bool {
        guard let last = before.last, before.allSatisfy({ $0.first?.isLowercase == true }) else { return false }
        var next: [String] = []
        for piece in after.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            let word = piece.prefix { $0.isLetter || $0 == "-" }
            if !word.isEmpty { next.append(String(word)) }
            if word.count != piece.count { break }  // a comma, a bracket or a digit ends the stretch
        }
        guard let first = next.first, first.first?.isLowercase == true, !Inflection.stopWords.contains(first) else { return false }
        return next.contains { $0.first?.isUppercase == true } || Inflection.isGermanAdjectiveForm(last)
    }

    private func splitNameAndNote(_ line: inout IngredientLine, from start: Int, to end: Int? = nil) {
        var rest = String(String.UnicodeScalarView(line.scalars[start..<max(start, end ?? line.scalars.count)])).trimmingCharacters(in: .whitespaces)
        // A leading connector: "of loaf bread", "de alho".
        if line.unit != nil {
            let lower = rest.lowercased()
            for connector in UnitLexicon.connectors where lower.hasPrefix(connector + " ") || (connector.hasSuffix("'") && lower.hasPrefix(connector)) {
                rest = String(rest.dropFirst(connector.count)).trimmingCharacters(in: .whitespaces)
                break
            }
        }
        // The first comma that is not a decimal comma (1,2 kg) starts the note; in German, not
        // one between the adjectives before the noun ("2 mittelgroße, festkochende
        // Kartoffeln": the name was "mittelgroße", the note "festkochende Kartoffeln").
        let chars = Array(rest)
        let german = UnitLexicon.baseLanguage(line.language) == "de"
        let commaOffset = chars.indices.first { k in
            chars[k] == "," && !(k > 0 && k + 1 < chars.count && chars[k - 1].isNumber && chars[k + 1].isNumber)
                && !(german && Self.joinsGermanAdjectives(String(chars[..<k]).split(separator: " ").map(String.init), String(chars[(k + 1)...])))
        }
        if let commaOffset {
            let comma = rest.index(rest.startIndex, offsetBy: commaOffset)
            line.name = String(rest[..<comma]).trimmingCharacters(in: .whitespaces)
            let note = String(rest[rest.index(after: comma)...]).trimmingCharacters(in: .whitespaces)
            line.note = note.isEmpty ? nil : note
            return
        }
        let lower = rest.lowercased()
        for tail in Self.trailingNotes where lower.hasSuffix(" " + tail.lowercased()) {
            line.name = String(rest.dropLast(tail.count)).trimmingCharacters(in: .whitespaces)
            line.note = String(rest.suffix(tail.count))
            return
        }
        line.name = rest
    }
}


extension IngredientParser {
    /// The amount a line starts with when it is a number of one to three digits, a plain
    /// space and three digits with a unit of weight or volume after them (`1 500 ml water`,
    /// `1 250 g flour`), in a language where a plain space groups no thousands (all but
    /// French, where `1 500 ml` is read as 1500 ml; a no-break space groups them in any
    /// language). Such an amount could be 1500 ml, written as French writes it, or one thing
    /// of 500 ml, and Larder does not guess: `scale` and `convert` keep the line as written,
    /// with the note ``spaceGroupedNote(_:amount:)``, and the `quantity` lint rule, which
    /// reads a line without its language, reports neither a zero (`000 g`) nor anything
    /// else in it. Nil for anything else: `2 400g cans tomatoes` is two cans of 400 g (a
    /// size before a counted unit), as `2 × 400 g cans` is written when it scales.
    public func spaceGroupedAmount(_ line: IngredientLine) -> String? {
        guard line.unit == nil, line.size == nil, let span = line.amountSpan else { return nil }
        let s = line.scalars
        let digits = s[span]
        guard (1...3).contains(digits.count), digits.allSatisfy(AmountScanner.isDigit), digits.first != "0" else { return nil }
        let j = span.upperBound
        guard j + 3 < s.count, s[j] == " ", AmountScanner.isDigit(s[j + 1]), AmountScanner.isDigit(s[j + 2]), AmountScanner.isDigit(s[j + 3]),
              !(j + 4 < s.count && (AmountScanner.isDigit(s[j + 4]) || s[j + 4] == "/" || s[j + 4] == "\u{2044}" || s[j + 4] == "." || s[j + 4] == ",")) else { return nil }
        // The unit after the three digits ("000 g" is no amount of its own: read from the word).
        let u = AmountScanner.skipSpaces(s, j + 4)
        guard let unit = lexicon.match(s, at: u, language: line.language)?.word.unit ?? tableUnit(s, at: u)?.0,
              unit.dimension == .mass || unit.dimension == .volume else { return nil }
        var end = u
        while end < s.count, UnitLexicon.isWordScalar(s[end]) { end += 1 }
        return String(String.UnicodeScalarView(s[span.lowerBound..<end]))
    }

    /// The note `scale` and `convert` give for a line kept as written because its amount is
    /// grouped by a plain space (``spaceGroupedAmount(_:)``).
    public static func spaceGroupedNote(_ text: String, amount: String) -> String {
        let times = amount.firstIndex(of: " ").map { amount.replacingCharacters(in: $0...$0, with: " × ") } ?? amount
        let sized = times.contains("× 000") ? "" : ", or '\(times)' for things of a size"
        return "'\(text)': a plain space groups no thousands outside French text, so '\(amount)' is read neither as one number nor as one thing of that size; left as is: write it without the space (or with a no-break space) for one amount\(sized)"
    }
}

extension IngredientParser {
    /// What a line that starts with a number written with a superscript digit says of it
    /// (`10⁶ g sugar`: "'10⁶' is no amount Larder can read"): "no quantity at the start of
    /// the line" sent a person looking for a missing number. Nil for a line whose number is
    /// part of its name (`2% milk`, `00 flour`), which has no quantity indeed.
    static func unreadableNumber(_ s: [Unicode.Scalar], at lead: Int) -> String? {
        var end = lead
        while end < s.count, AmountScanner.isDigit(s[end]) || AmountScanner.superscriptDigit(s[end]) != nil || s[end] == "." || s[end] == "," {
            end += 1
        }
        guard end > lead, s[lead..<end].contains(where: AmountScanner.isDigit),
              s[lead..<end].contains(where: { AmountScanner.superscriptDigit($0) != nil }) else { return nil }
        return "'\(String(String.UnicodeScalarView(s[lead..<end])))' is no amount Larder can read"
    }
}
