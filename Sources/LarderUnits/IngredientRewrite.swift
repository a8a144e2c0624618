/// A free-text ingredient line after scaling or converting.
public struct RewrittenLine: Sendable, Hashable {
    /// The new text: the original with only the amount, the unit (and a bracketed
    /// equivalent, and the name's number for counted things) changed.
    public var text: String
    /// The line's main amount after the change, when it had one.
    public var quantity: ScaledQuantity?
    /// The noun of a counted thing whose number should have changed with the amount but
    /// was left as written, as Larder does not know its other form: a German noun outside
    /// its list (`Kürbis` in `1 Kürbis` x 2), which no rule can be trusted to inflect. The
    /// words before it are left too (`1 großer Kürbis` x 2 stays so), and `scale` says so.
    public var unknownNoun: String?

    /// A rewritten line and its main amount.
    public init(text: String, quantity: ScaledQuantity?, unknownNoun: String? = nil) {
        self.text = text
        self.quantity = quantity
        self.unknownNoun = unknownNoun
    }
}

extension IngredientParser {
    /// Scales a parsed line by `factor` (see ``KitchenUnits/scale(_:unit:by:fitUnits:)``)
    /// and writes it back in the line's own words: `1 1/2 cups flour, sifted` × 2 is
    /// `3 cups flour, sifted`; `4 tbsp olive oil` × 4 is `1 cup olive oil`;
    /// `2 dentes de alho` × 1/2 is `1 dente de alho`. A line that is not scalable, or whose
    /// number is a temperature or a time (``IngredientLine/fixedUnit``), comes back unchanged.
    ///
    /// `countsInHalves` rounds a count that would be rounded to whole things to halves: the
    /// line is one translation of an ingredient whose other translations count in halves
    /// (`1 cinnamon stick` beside `1 pau de canela`, a stick, which halves), so every
    /// language shows one amount.
    public func scale(_ line: IngredientLine, by factor: Rational, countsInHalves: Bool = false) throws(RationalError) -> RewrittenLine {
        // A temperature or a time never scales ("350 °F oven", "1 hour rest").
        guard line.isScalable, line.fixedUnit == nil, let amount = line.amount, let span = line.amountSpan else {
            return RewrittenLine(text: line.text, quantity: nil)
        }
        // A weight or volume in brackets after counted things is their total, after one thing
        // as after several ("1 can (14.5 oz)" x 2 is "2 cans (29 oz)", as "4 slices (120 g)"
        // x 2 is "8 slices (240 g)"): one rule, so what is written reads back as meant. After
        // one thing the bracket was kept as its size, "2 cans (14.5 oz)", which reads as two
        // cans of 14.5 oz in all: halved again it was "1 can (7.25 oz)". The size of one thing
        // goes before the unit ("1 (14 oz) can", "a 400 g can"), and stays.
        // A spoon or cup with a word of how full or how big after it stays in its unit (4
        // heaped tablespoons are no heaped quarter cup), so the word still says what it said.
        let fitUnits = line.unitAdjectiveSpans.isEmpty
        var main = try kitchen.scale(amount, unit: line.unit, by: factor, fitUnits: fitUnits)
        if countsInHalves || Self.countWithTotal(line), case .whole = main.rounding {
            main = Self.inHalves(main)
        }
        var edits: [(Range<Int>, String)] = []
        if let unitSpan = line.unitSpan {
            if line.upper != nil {
                edits += try rangeEdits(line, span: span, unitSpan: unitSpan, converting: false) { amount, unit throws(RationalError) in
                    try kitchen.scale(amount, unit: unit, by: factor, fitUnits: fitUnits)
                }
            } else {
                edits += measureEdits(line, main, span: span, unitSpan: unitSpan, converting: false)
            }
            edits += unitAdjectiveEdits(line, plural: isPlural(main.shown))
        } else {
            edits.append((span, amountText(main, style: line.amountStyle, language: line.language)))
        }
        // "A 400 g can" × 2 is "2 × 400 g cans": "2 400 g" would read as one number.
        if line.sizeNeedsTimes, let k = edits.firstIndex(where: { $0.0 == span }) {
            edits[k].1 += " \u{00D7}"
        }
        var unknownNoun: String?
        if line.unitSpan == nil, line.unit == nil, isPlural(amount) != isPlural(main.shown) {
            let name = nameInflection(line, plural: isPlural(main.shown))
            edits += name.edits
            unknownNoun = name.unknownNoun
        }
        if let eq = line.equivalent, let eqUnit = eq.unit, let eqSpan = line.equivalentAmountSpan, let eqUnitSpan = line.equivalentUnitSpan {
            var scaled: ScaledQuantity
            if eqUnit.dimension == .count, line.unit?.dimension != .count, factor != .one {
                // A count of things after a weight or volume ("1 cup (2 sticks)") follows the
                // amount as shown, in kitchen fractions (1/3 cup is 2/3 stick, not 1/2; 1 1/8
                // cups is 2 1/4 sticks, not 2).
                let shownRatio = main.exact.lower == .zero ? Rational.one : try main.shown.lower / main.exact.lower
                let exact = try eq.amount.scaled(by: try factor * shownRatio)
                let shown = exact.mapValues { QuantityFormatter.round($0, .kitchen) }
                scaled = ScaledQuantity(exact: exact, shown: KitchenUnits.collapse(shown), unit: eqUnit, unitChanged: false, rounding: .kitchen)
            } else {
                scaled = try kitchen.scale(eq.amount, unit: eqUnit, by: factor)
                // The bracket gives the amount in another unit: fitting it into the line's
                // own said it twice ("2 cups (1 pint)" halved was "1 cup (1 cup)").
                if scaled.unitChanged, scaled.unit?.id == main.unit?.id, eqUnit.id != main.unit?.id {
                    scaled = try kitchen.scale(eq.amount, unit: eqUnit, by: factor, fitUnits: false)
                }
            }
            let eqAmount = amountText(scaled, style: line.equivalentStyle ?? AmountStyle(), language: line.language)
            edits.append((eqSpan, eqAmount))
            edits.append((eqUnitSpan.lowerBound..<(line.equivalentCompoundEnd ?? eqUnitSpan.upperBound),
                          Self.following(eqAmount, unitText(scaled, original: line.equivalentWord, originalText: line.slice(eqUnitSpan), language: line.language),
                                         glued: eqSpan.upperBound == eqUnitSpan.lowerBound, unitChanged: scaled.unitChanged)))
        }
        return RewrittenLine(text: line.applying(edits), quantity: main, unknownNoun: unknownNoun)
    }

    /// Converts a parsed line's amounts into `system` (`--units metric|us`): `1 cup milk`
    /// becomes `237 ml milk`; `1 cup (240 ml) milk` becomes `240 ml (1 cup) milk`; a size
    /// in brackets converts too. Nil when nothing in the line changes.
    public func convert(_ line: IngredientLine, to system: TargetSystem) throws(RationalError) -> RewrittenLine? {
        guard line.isScalable, let amount = line.amount, let span = line.amountSpan, let unitSpan = line.unitSpan else { return nil }
        var edits: [(Range<Int>, String)] = []
        // The size of one item: "1 (14 oz) can" → "1 (397 g) can".
        if let size = line.size, let sizeSpan = line.sizeAmountSpan, let sizeUnitSpan = line.sizeUnitSpan,
           let converted = try kitchen.convert(size.amount, unit: size.unit, to: system) {
            edits.append((sizeSpan, amountText(converted, style: line.sizeStyle ?? AmountStyle(), language: line.language, converting: true)))
            // A size joined to its unit by a hyphen is a compound adjective, written with the
            // symbol, which has no plural: "2 15-ounce cans" → "2 425-g cans" (it was "2
            // 425-grams cans"), as "1 7-oz package" → "1 198-g package".
            let hyphenated = sizeUnitSpan.lowerBound > 0 && line.scalars[sizeUnitSpan.lowerBound - 1] == "-"
            let sizeUnit = hyphenated && converted.unitChanged ? converted.unit?.symbol : nil
            edits.append((sizeUnitSpan, sizeUnit ?? unitText(converted, original: line.sizeWord, originalText: line.slice(sizeUnitSpan), language: line.language)))
        }
        var main: ScaledQuantity?
        // A spoon or cup said to be heaped, level or big ("1 chávena cheia de farinha") has no
        // amount in millilitres: it stays as written (it became "237 ml cheia de farinha").
        let keepsMain = line.keepsMeasureWhenConverted
        if !keepsMain, let eq = line.equivalent, let eqUnit = eq.unit, let eqSpan = line.equivalentAmountSpan,
           let eqUnitSpan = line.equivalentUnitSpan, eqUnit.dimension != .count, kitchen.targetFamily(of: eqUnit, in: system) == nil,
           kitchen.targetFamily(of: line.unit ?? eqUnit, in: system) != nil {
            // The bracket already holds the amount in the target system: swap the two.
            let eqEnd = line.equivalentCompoundEnd ?? eqUnitSpan.upperBound
            let eqText = line.slice(eqSpan.lowerBound..<eqEnd)
            let mainEnd = line.measureEnd ?? unitSpan.upperBound
            let mainText = line.slice(span.lowerBound..<mainEnd)
            edits.append((span.lowerBound..<mainEnd, eqText))
            edits.append((eqSpan.lowerBound..<eqEnd, mainText))
            main = ScaledQuantity(exact: eq.amount, shown: eq.amount, unit: eqUnit, unitChanged: true, rounding: .exact)
            return RewrittenLine(text: line.applying(edits), quantity: main)
        }
        if keepsMain {
            // Left as written; the transform says so.
        } else if line.upper != nil {
            main = try kitchen.convert(amount, unit: line.unit, to: system)
            edits += try rangeEdits(line, span: span, unitSpan: unitSpan, converting: true) { amount, unit throws(RationalError) in
                try kitchen.convert(amount, unit: unit, to: system)
            }
        } else if let converted = try kitchen.convert(amount, unit: line.unit, to: system) {
            main = converted
            edits += measureEdits(line, converted, span: span, unitSpan: unitSpan, converting: true)
        }
        // A main amount of the target system keeps its bracket, which is there to give the
        // other system's ("1 cup (240 ml)" with --units us stays as it is). A spoon, which
        // both systems use, is not one: "1 tbsp (0.5 oz)" to metric converts the bracket.
        let targetSystem: MeasurementSystem = system == .metric ? .metric : .usCustomary
        let mainInTarget = line.unit.map { ($0.dimension == .mass || $0.dimension == .volume) && $0.system == targetSystem } ?? false
        // A bracket that would come out in the main amount's new unit says it twice ("2 cups
        // (1 pint)" became "473 ml (473 millilitres)"): it keeps its own.
        if !mainInTarget, let eq = line.equivalent, let eqSpan = line.equivalentAmountSpan, let eqUnitSpan = line.equivalentUnitSpan,
           let converted = try kitchen.convert(eq.amount, unit: eq.unit, to: system), converted.unit?.id != main?.unit?.id {
            let eqAmount = amountText(converted, style: line.equivalentStyle ?? AmountStyle(), language: line.language, converting: true)
            edits.append((eqSpan, eqAmount))
            edits.append((eqUnitSpan.lowerBound..<(line.equivalentCompoundEnd ?? eqUnitSpan.upperBound),
                          Self.following(eqAmount, unitText(converted, original: line.equivalentWord, originalText: line.slice(eqUnitSpan), language: line.language),
                                         glued: eqSpan.upperBound == eqUnitSpan.lowerBound, unitChanged: converted.unitChanged)))
        }
        if edits.isEmpty { return nil }
        return RewrittenLine(text: line.applying(edits), quantity: main)
    }

    /// True for counted things followed by their total weight or volume in brackets (`3
    /// eggs (150 g)`, `4 slices (120 g) bacon`).
    static func countWithTotal(_ line: IngredientLine) -> Bool {
        guard line.unit == nil || line.unit?.dimension == .count, let eq = line.equivalent?.unit else { return false }
        return eq.dimension == .mass || eq.dimension == .volume
    }

    /// Counted things with their total weight in brackets are shown in halves, not whole
    /// numbers: `3 eggs (150 g)` x 1.5 is `4 1/2 eggs (225 g)`. The weight is the measure a
    /// cook can follow exactly (it is why the recipe gives it; eggs and slices differ in
    /// size), so it scales exactly; the count only says about how many to take, and must
    /// not say another amount. Rounded to whole things it did (`5 eggs (225 g)`: five eggs
    /// are 250 g); rounding the weight with the count instead (`5 eggs (250 g)`) would put
    /// 11 % more egg in the dish. A half is as far as a count goes (`4 1/2 eggs`: beat the
    /// fifth and weigh it), so the count is within a quarter of a thing of the weight.
    static func inHalves(_ q: ScaledQuantity) -> ScaledQuantity {
        let shown = q.exact.mapValues { QuantityFormatter.round($0, .halves) }
        return ScaledQuantity(exact: q.exact, shown: KitchenUnits.collapse(shown), unit: q.unit, unitChanged: q.unitChanged, rounding: .halves)
    }

    // MARK: Writing

    /// The edits that write a line's main amount and unit as `q`.
    /// An amount in two units (`1 lb 8 oz`) is written as one.
    func measureEdits(_ line: IngredientLine, _ q: ScaledQuantity, span: Range<Int>, unitSpan: Range<Int>, converting: Bool) -> [(Range<Int>, String)] {
        let amount = amountText(q, style: line.amountStyle, language: line.language, converting: converting)
        let unit = unitText(q, original: line.unitWord, originalText: line.slice(unitSpan), language: line.language)
        return [(span, amount)]
            + unitEdits(line, unitSpan.lowerBound..<(line.compoundEnd ?? unitSpan.upperBound),
                        Self.following(amount, unit, glued: span.upperBound == unitSpan.lowerBound, unitChanged: q.unitChanged))
    }

    /// The edits that write `unit`, the unit in its new form, over `range`, where the unit
    /// (and a second amount added to it) is written. A unit word written with words of how
    /// big or how full inside it (`colher grande de sopa`) keeps them where they are: its
    /// first word takes the new form's first word (`colheres grandes de sopa`, the words
    /// agreeing through ``unitAdjectiveEdits(_:plural:)``). A unit written otherwise, or one
    /// whose form does not end as the written one does, is written whole (a spoon with such
    /// words does not move to another unit).
    func unitEdits(_ line: IngredientLine, _ range: Range<Int>, _ unit: String) -> [(Range<Int>, String)] {
        guard let unitSpan = line.unitSpan, let last = line.unitAdjectiveSpans.last(where: { unitSpan.contains($0.lowerBound) }) else {
            return [(range, unit)]
        }
        let s = line.scalars
        var headEnd = unitSpan.lowerBound
        while headEnd < unitSpan.upperBound, !AmountScanner.isSpace(s[headEnd]) { headEnd += 1 }
        // " de sopa" in "colher grande de sopa", and in the form "colheres de sopa".
        let tail = line.slice(last.upperBound..<unitSpan.upperBound)
        guard let space = unit.dropFirst().firstIndex(of: " "), unit[space...].lowercased() == tail.lowercased() else { return [(range, unit)] }
        var edits = [(unitSpan.lowerBound..<headEnd, String(unit[..<space]))]
        if range.upperBound > unitSpan.upperBound { edits.append((unitSpan.upperBound..<range.upperBound, "")) }
        return edits
    }

    /// `unit` as it follows `amount` in the line: glued to it, as the line had it (`150ml`),
    /// only where a number and a symbol read well so; a fraction or a mixed number, and a
    /// new unit that is a word, get a space (`150ml double cream` in US units was `5/8cup
    /// double cream`, `1.5kg` `3 1/4lb`).
    static func following(_ amount: String, _ unit: String, glued: Bool, unitChanged: Bool) -> String {
        guard glued, !unit.isEmpty else { return unit }
        // Numbers, or a range of them (`450-600ml`).
        let plainNumber = amount.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," || $0 == "-" || $0 == "\u{2013}" }
        if plainNumber && (!unitChanged || gluedSymbols.contains(unit.lowercased())) { return unit }
        return " " + unit
    }

    /// Units written glued to a number as readily as after a space (`500g`, `12oz`).
    static let gluedSymbols: Set<String> = ["g", "kg", "mg", "µg", "ml", "cl", "dl", "l", "oz", "lb", "lbs"]

    /// The edits for a range that repeats its unit (`2 lb-3 lb`, `800 g-1 kg`): each end is
    /// scaled or converted on its own (`transform`, nil when an end stays as it is), so each
    /// takes the unit that reads best (`907 g-1.36 kg`, `8 oz-1 lb`), with its own unit word;
    /// ends that come out the same are written once (`4 oz`).
    func rangeEdits(
        _ line: IngredientLine, span: Range<Int>, unitSpan: Range<Int>, converting: Bool,
        _ transform: (Amount, UnitDefinition?) throws(RationalError) -> ScaledQuantity?
    ) throws(RationalError) -> [(Range<Int>, String)] {
        guard let upper = line.upper, let upperSpan = line.upperAmountSpan, let upperUnitSpan = line.upperUnitSpan,
              case .range(let low, _)? = line.amount else { return [] }
        let lowerQ = try transform(.exact(low), line.unit)
        let upperQ = try transform(upper.amount, upper.unit)
        func amount(_ q: ScaledQuantity) -> String { amountText(q, style: line.amountStyle, language: line.language, converting: converting) }
        // An end in two units ("1 lb 4 oz") is written as one amount.
        let lowerEnd = line.compoundEnd ?? unitSpan.upperBound
        let upperEnd = line.upperCompoundEnd ?? upperUnitSpan.upperBound
        func unit(_ q: ScaledQuantity, _ word: UnitWord?, _ unitSpan: Range<Int>, after amountSpan: Range<Int>) -> String {
            Self.following(amount(q), unitText(q, original: word, originalText: line.slice(unitSpan), language: line.language),
                           glued: amountSpan.upperBound == unitSpan.lowerBound, unitChanged: q.unitChanged)
        }
        if let l = lowerQ, let u = upperQ, l.unit?.id == u.unit?.id, l.shown == u.shown {
            return [(span, amount(l)), (unitSpan.lowerBound..<upperEnd, unit(l, line.unitWord, unitSpan, after: span))]
        }
        var edits: [(Range<Int>, String)] = []
        if let l = lowerQ {
            edits += [(span, amount(l)), (unitSpan.lowerBound..<lowerEnd, unit(l, line.unitWord, unitSpan, after: span))]
        }
        if let u = upperQ {
            edits += [(upperSpan, amount(u)), (upperUnitSpan.lowerBound..<upperEnd, unit(u, line.upperWord ?? line.unitWord, upperUnitSpan, after: upperSpan))]
        }
        return edits
    }

    /// The decimal separator of a language when the original wrote none (`,` in
    /// Portuguese, Spanish, French, German and Italian).
    static func defaultSeparator(_ language: String?) -> Character {
        switch UnitLexicon.baseLanguage(language) {
        case "pt", "es", "fr", "de", "it", "nl", "ru", "pl", "tr", "sv", "da", "nb", "fi", "cs": ","
        default: "."
        }
    }

    /// The amount as text in the original's style. A conversion into kitchen fractions
    /// writes fractions even when the original had a decimal (`1,5 l` → `6 1/4 cups`).
    func amountText(_ q: ScaledQuantity, style: AmountStyle, language: String?, converting: Bool = false) -> String {
        var style = style
        if converting, case .fraction = q.rounding { style.decimalSeparator = nil }
        if case .decimal = q.rounding, style.decimalSeparator == nil { style.decimalSeparator = Self.defaultSeparator(language) }
        return q.text(style: style)
    }

    /// The unit as text: the original word in the right number, or the new unit's word in
    /// the same language and kind (abbreviation or name).
    func unitText(_ q: ScaledQuantity, original: UnitWord?, originalText: String, language: String?) -> String {
        guard let unit = q.unit else { return originalText }
        if !q.unitChanged {
            guard let original else { return originalText }
            let form = original.form(for: q.shown)
            // The word as written when its number does not change it: "3 L", "750 mL".
            if form.lowercased() == originalText.lowercased() { return originalText }
            return Self.matchCapital(form, like: originalText)
        }
        let word = lexicon.preferred(for: unit, language: language ?? original?.language, abbreviation: original?.isAbbreviation ?? true)
        let form = word?.form(for: q.shown) ?? unit.symbol
        // An SI symbol's case is part of it ("1 Cup" becomes "237 ml", never "237 Ml"), and a
        // capital teaspoon reads as a tablespoon ("1 Tbsp" halved is "1 1/2 tsp").
        if Self.siSymbols.contains(unit.id) || unit.id.hasSuffix("-tsp"), word?.isAbbreviation ?? true { return form }
        // A unit the language has no word for is written as its symbol or abbreviation, whose
        // case is not the original word's ("200 Gramm" in US units is "7 oz", not "7 Oz").
        guard let word, !(word.isAbbreviation && original?.isAbbreviation == false) else { return form }
        return Self.matchCapital(form, like: originalText)
    }

    /// Units whose symbols are SI's, whose case means something.
    static let siSymbols: Set<String> = ["g", "kg", "mg", "µg", "ml", "cl", "dl", "l"]

    /// `text` with a capital first letter when `original` is a word written with one
    /// (`Cup`, `Esslöffel`), not when it starts with letters in capitals (`UK pint` x 2 is
    /// `imperial quart`, not `Imperial quart`).
    static func matchCapital(_ text: String, like original: String) -> String {
        guard let first = original.first, first.isUppercase, original.count > 1,
              original.dropFirst().contains(where: { $0.isLowercase }),
              !original.prefix(while: { $0 != " " }).dropFirst().contains(where: { $0.isUppercase }),
              let f = text.first, f.isLowercase else { return text }
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    func isPlural(_ amount: Amount) -> Bool { amount.upper > Rational(1) }

    /// Edits that make the words of how big or how full after the unit agree with it:
    /// `molho pequeno` → `molhos pequenos`, `cucharada colmada` → `cucharadas colmadas`, as
    /// the words after a counted thing's name do (``nameInflection(_:plural:)``).
    func unitAdjectiveEdits(_ line: IngredientLine, plural: Bool) -> [(Range<Int>, String)] {
        guard let unitWord = line.unitWord else { return [] }
        let language = unitWord.language
        return line.unitAdjectiveSpans.compactMap { range in
            // A word before the unit ("1 pequena lata", "2 grandes dientes") is one before its noun.
            let beforeUnit = line.unitSpan.map { range.upperBound <= $0.lowerBound } ?? false
            let word = line.slice(range)
            let changed: String?
            if beforeUnit, UnitLexicon.baseLanguage(language) == "de" {
                // German: the ending of the unit's gender and number ("1 großer Becher", "2
                // große Becher"), the gender of the word an abbreviation stands for (`EL`,
                // `Esslöffel`).
                let noun = unitWord.isAbbreviation ? lexicon.preferred(for: unitWord.unit, language: language, abbreviation: false)?.singular : unitWord.singular
                changed = noun.flatMap { Inflection.germanAdjective(word, before: $0, plural: plural) }
            } else {
                changed = beforeUnit ? Inflection.beforeNoun(word, plural: plural, language: language)
                    : Inflection.compound(word, plural: plural, language: language)
            }
            return changed.map { (range, $0) }
        }
    }

    /// Edits that change the number of a counted thing's name: `onion` → `onions`,
    /// `cebola pequena` → `cebolas pequenas`; and the German noun left as written because
    /// Larder does not know its other form (``RewrittenLine/unknownNoun``).
    func nameInflection(_ line: IngredientLine, plural: Bool) -> (edits: [(Range<Int>, String)], unknownNoun: String?) {
        let s = line.scalars
        let words = nameWords(line)
        guard !words.isEmpty else { return ([], nil) }
        // German: the counted noun is the first word written with a capital, as every noun
        // is, and the adjectives before it take the ending of its number and gender ("1
        // großer Apfel" x 2 was "2 großer Äpfel", "2 große Eier" halved "1 große Ei"). What
        // follows it says what the thing holds and keeps its number: "2 Tüten Äpfel" halved
        // was "1 Tüten Apfel", the last word taken for the noun. An adjective written with
        // a capital, as a list may start a name ("1 Rote Zwiebel", "2 Bio Eier"), is no noun:
        // taken for one, it left the name as written ("2 Rote Zwiebel"). A line in small
        // letters only is read as before, its last word the noun.
        if UnitLexicon.baseLanguage(line.language) == "de" {
            // In small letters only, the last word that is no known adjective ("2 große,
            // festkochende kartoffeln").
            let n = words.firstIndex { s[$0.lowerBound].properties.isUppercase && !Inflection.isGermanAdjective(line.slice($0)) }
                ?? words.firstIndex { s[$0.lowerBound].properties.isUppercase }
                ?? words.lastIndex { !Inflection.isGermanAdjectiveForm(line.slice($0)) } ?? words.count - 1
            let noun = line.slice(words[n])
            // A noun outside Larder's list has no plural it can trust (Kürbis → Kürbisse,
            // Aubergine → Auberginen, Brot → Brote, Schnitzel → Schnitzel): the name is left
            // as written, adjectives and all, and the caller says so.
            guard Inflection.germanGender(noun) != nil else { return ([], noun) }
            var edits: [(Range<Int>, String)] = []
            if let changed = Inflection.compound(noun, plural: plural, language: line.language) { edits.append((words[n], changed)) }
            for range in words[..<n] {
                if let changed = Inflection.germanAdjective(line.slice(range), before: noun, plural: plural) { edits.append((range, changed)) }
            }
            return (edits, nil)
        }
        let agrees = Inflection.agreesAdjectives(line.language)
        // A word of how big that ends the name's words is no noun: the thing follows a
        // bracket ("1 large (about 200 g) onion" became "2 larges (about 400 g) onion").
        if !agrees, let last = words.last, NumberWords.sizeWords.contains(String(String.UnicodeScalarView(s[last])).lowercased()) { return ([], nil) }
        let targets = agrees ? words : [words.last!]
        var edits: [(Range<Int>, String)] = []
        // The noun is the first word that is no word of how big before it ("2 grandi uova
        // sode": the adjectives after "uova" agree with it, not with "grandi"; they were "2
        // grandi uova sodi", and halved "1 grande uovo soda").
        let sizesBefore = UnitLexicon.baseLanguage(line.language).flatMap { NumberWords.sizeWordsBeforeUnit[$0] } ?? []
        let nounIndex = agrees ? targets.indices.first { !sizesBefore.contains(line.slice(targets[$0]).lowercased()) } ?? 0 : 0
        let noun = line.slice(targets[nounIndex])
        for (n, range) in targets.enumerated() {
            let word = String(String.UnicodeScalarView(s[range]))
            // The words after the noun agree with it ("uova intere").
            // A word before the noun ("2 grandes cebollas") may take another form there.
            let changed = agrees && n > nounIndex ? Inflection.agreeing(word, with: noun, plural: plural, language: line.language)
                : agrees && n < nounIndex ? Inflection.beforeNoun(word, noun, plural: plural, language: line.language)
                : agrees && targets.count > 1 ? Inflection.beforeNoun(word, plural: plural, language: line.language)
                : Inflection.compound(word, plural: plural, language: line.language)
            guard let changed else { continue }
            edits.append((range, changed))
        }
        return (edits, nil)
    }

    /// Where the words of a counted thing's name are, from the start of the name to the
    /// first joining word (`of`, `de`, `mit`), elided article, number or punctuation.
    func nameWords(_ line: IngredientLine) -> [Range<Int>] {
        let s = line.scalars
        let german = UnitLexicon.baseLanguage(line.language) == "de"
        var words: [Range<Int>] = []
        var i = line.restStart
        while i < s.count {
            while i < s.count, AmountScanner.isSpace(s[i]) { i += 1 }
            guard i < s.count else { break }
            // German adjectives before a bracket and the noun after it ("2 große (à 200 g)
            // Kartoffeln"): the name goes on to the noun, and the bracket stays as written
            // (the adjective was taken for the noun, one Larder did not know, and the line
            // was left as written: "1 große (à 200 g) Kartoffeln").
            if german, s[i] == "(", let after = Self.germanBracketAfterAdjectives(s, at: i, words: words.map(line.slice)) {
                i = after
                continue
            }
            let start = i
            while i < s.count, UnitLexicon.isWordScalar(s[i]) || s[i] == "-" || s[i] == "'" { i += 1 }
            if start == i { break }  // punctuation ends the name: ",", "(", digits follow
            let word = String(String.UnicodeScalarView(s[start..<i])).lowercased()
            // A size joined to its unit by a hyphen before the name ("1 9-inch pie crust") is
            // an adjective, which takes no number: the name follows it (it was "2 9-inch pie
            // crust").
            let hyphenatedSize = words.isEmpty && word.unicodeScalars.first.map(AmountScanner.isDigit) == true
                && word.contains("-") && word.last?.isLetter == true
            // German adjectives before the noun joined by "und" or "oder" ("2 geschälte und
            // gewürfelte Kartoffeln"): the name goes on to the noun.
            if german, word == "und" || word == "oder", Self.joinsGermanAdjectives(words.map(line.slice), line.slice(i..<s.count)) { continue }
            if Inflection.stopWords.contains(word) || (!hyphenatedSize && word.unicodeScalars.contains(where: { AmountScanner.isDigit($0) })) { break }
            // An elided article or preposition starts what the name is of ("bouteille d'eau":
            // it was "2 bouteilles d'eaux").
            if Inflection.elisions.contains(where: { word.hasPrefix($0) }) { break }
            if !hyphenatedSize { words.append(start..<i) }
            // So does a comma between them ("2 mittelgroße, festkochende Kartoffeln": the
            // adjective was taken for the noun, and the line left as written with a note that
            // Larder did not know its plural).
            if german, i < s.count, s[i] == ",", Self.joinsGermanAdjectives(words.map(line.slice), line.slice((i + 1)..<s.count)) {
                i += 1
                continue
            }
            if i < s.count, !AmountScanner.isSpace(s[i]) { break }
        }
        return words
    }
}

extension IngredientParser {
    /// Where a bracket at `open` ends, when it follows German adjectives before their noun
    /// (`große` in `2 große (à 200 g) Kartoffeln`) and a word follows it: `words`, the name's
    /// words so far, are all in small letters and the last is an adjective with an ending
    /// (``Inflection/isGermanAdjectiveForm(_:)``). Nil otherwise, and for a bracket that
    /// does not close or holds another.
    static func germanBracketAfterAdjectives(_ s: [Unicode.Scalar], at open: Int, words: [String]) -> Int? {
        guard let last = words.last, words.allSatisfy({ $0.first?.isLowercase == true }), Inflection.isGermanAdjectiveForm(last) else { return nil }
        var close = open + 1
        while close < s.count, s[close] != ")" {
            if s[close] == "(" { return nil }
            close += 1
        }
        guard close < s.count else { return nil }
        let next = AmountScanner.skipSpaces(s, close + 1)
        guard next > close + 1, next < s.count, s[next].properties.isAlphabetic else { return nil }
        return next
    }
}

extension IngredientLine {
    /// The words of how big or how full after the unit, as written (`rasa` in `1 colher de
    /// sopa rasa`).
    package var unitAdjectives: [String] { unitAdjectiveSpans.map(slice) }

    /// The amount, its unit and the words of how big or how full before or after it, as
    /// written (`1 pequena chávena`, `1 colher de sopa bem cheia`), nil when the line has no
    /// unit.
    package var measureWithWordsText: String? {
        guard let amountSpan, let end = measureEnd else { return nil }
        return slice(amountSpan.lowerBound..<max(end, unitAdjectiveSpans.map(\.upperBound).max() ?? end))
    }

    /// True when the line's spoon or cup has a word of how full or how big after it (`1
    /// chávena cheia`, `1 cucharada colmada`): its amount is not converted into other units.
    package var keepsMeasureWhenConverted: Bool { unit?.dimension == .volume && !unitAdjectiveSpans.isEmpty }

    /// The text of a span.
    func slice(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }

    /// The text with non-overlapping spans replaced.
    func applying(_ edits: [(Range<Int>, String)]) -> String {
        var out = String.UnicodeScalarView()
        var cursor = 0
        for (range, replacement) in edits.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) where range.lowerBound >= cursor {
            out.appendScalars(scalars[cursor..<range.lowerBound])
            out.appendScalars(replacement.unicodeScalars)
            cursor = range.upperBound
        }
        out.appendScalars(scalars[cursor...])
        return String(out)
    }
}
