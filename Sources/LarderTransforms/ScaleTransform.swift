import LarderCore
import LarderJSON
import LarderUnits

/// `scale`: scales a recipe to a number of servings, by a factor, or to an amount of one
/// ingredient.
///
/// Amounts are exact rationals until they are written; then each is rounded for people
/// (kitchen fractions for US units, three digits for metric ones, whole numbers for eggs
/// and cloves) and moved to the unit that reads best in the same system (16 tbsp → 1 cup,
/// 1500 g → 1.5 kg). Structured ingredients and free-text lines (`"4 slices of loaf
/// bread"`, localized or not) both scale; pinned ingredients (`"scale": false`),
/// temperatures and times never do. `servings` is updated. A line that cannot be read is
/// left verbatim with a note.
///
///     let scale = ScaleTransform()
///     var doc = Document(file: "bolo.json", json: try JSONDocument(parsing: text))
///     let notes = try scale.apply(to: &doc, context: TransformContext(transformID: "scale", options: ["servings": 6]))
public struct ScaleTransform: Transform {
    public let id = "scale"
    public let summary = "Scale a recipe to N servings, by a factor, or to an amount of one ingredient."
    private let parsers: [KitchenConvention: IngredientParser]
    /// Unit spellings that are full names (`tablespoons`, `grams`): a fitted unit is then
    /// written as a name too; any other spelling gets the symbol.
    private let unitNames: [KitchenConvention: Set<String>]

    /// A scale transform over `units` (the built-in ones by default; add a project's own).
    public init(units: [UnitDefinition] = UnitTable.builtInUnits) {
        var parsers: [KitchenConvention: IngredientParser] = [:]
        var unitNames: [KitchenConvention: Set<String>] = [:]
        for c in KitchenConvention.allCases {
            let parser = IngredientParser(kitchen: KitchenUnits(table: UnitTable(units: units, convention: c)))
            parsers[c] = parser
            var names = Set<String>()
            for word in parser.lexicon.words where !word.isAbbreviation {
                for form in [word.singular, word.plural] where form != word.unit.symbol { names.insert(form.lowercased()) }
            }
            unitNames[c] = names
        }
        self.parsers = parsers
        self.unitNames = unitNames
    }

    /// The parser (and kitchen units) for a convention.
    public func parser(for convention: KitchenConvention) -> IngredientParser {
        parsers[convention] ?? IngredientParser()
    }

    /// Scales `document` with the options of `context` (see ``ScaleOptions/init(json:)``);
    /// a document with an error is left unchanged. Throws for bad options.
    public func apply(to document: inout Document, context: TransformContext) throws -> [Diagnostic] {
        let options = try ScaleOptions(json: context.options)
        // In a build every kind passes through: a document that is not an object (a team's
        // list of strings) is nothing to transform. The command line reports it.
        guard document.json.kind(document.node) == .object else { return [] }
        // Nor is a document without an ingredients list (a shop, a taxonomy, a product):
        // the command line, given one file to scale, says so.
        guard let list = document.json.member(document.node, "ingredients"), document.json.kind(list) == .array else { return [] }
        let outcome = outcome(for: document, options: options, language: context.locales.first, inBuild: true)
        if !outcome.hasErrors { try outcome.apply(to: &document) }
        return outcome.diagnostics
    }

    /// What scaling `document` does, as edits and diagnostics (nothing is changed).
    /// `language` is the language of plain-string ingredient lines (the project's source
    /// language); `locator` the file's, when several documents share it.
    /// `inBuild`: messages name the options as larder.yml spells them (`the option
    /// servings`), not as the command line does (`--servings`).
    public func outcome(for document: Document, options: ScaleOptions, language: String? = nil, locator: SourceLocator? = nil,
                        inBuild: Bool = false) -> TransformOutcome {
        if let refused = TransformOutcome.refusingRepeatedKeys(document, ruleID: "scale", locator: locator) { return refused }
        var run = ScaleRun(document: document, parser: parser(for: options.convention), language: language, locator: locator)
        run.inBuild = inBuild
        run.unitNames = unitNames[options.convention] ?? []
        run.scale(options)
        return TransformOutcome(edits: run.editor.edits, diagnostics: run.sink.diagnostics)
    }
}

/// One recipe being scaled.
struct ScaleRun {
    let json: JSONDocument
    let root: Int
    let parser: IngredientParser
    let language: String?
    /// The parser's units (stored: a computed copy per use would copy the tables).
    let kitchen: KitchenUnits
    var editor: JSONEditor
    var sink: DiagnosticSink
    /// True for a recipe that is one element of a file's array.
    let isPartOfArray: Bool
    /// Spellings that are full unit names (see ``structuredUnitText(_:original:amount:)``);
    /// nil means look each one up.
    var unitNames: Set<String>?
    /// True once the note that the factor was rounded (``roundingFactor(_:at:_:)``) is given.
    var roundedFactorNoted = false
    /// True in a build: options are named as larder.yml spells them (``option(_:)``).
    var inBuild = false

    /// An option as the user gave it: `--servings` on the command line, `the option
    /// servings` in a build's step.
    func option(_ name: String) -> String { inBuild ? "the option \(name)" : "--\(name)" }

    init(document: Document, parser: IngredientParser, language: String?, locator: SourceLocator?) {
        json = document.json
        root = document.node
        isPartOfArray = document.index != nil
        self.parser = parser
        kitchen = parser.kitchen
        self.language = language
        editor = JSONEditor(document.json)
        sink = DiagnosticSink(document: document, ruleID: "scale", locator: locator)
    }

    mutating func scale(_ options: ScaleOptions) {
        guard json.kind(root) == .object else {
            let kind = json.kind(root).description
            sink.add(.error, "a recipe is an object; this is \(kind.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(kind)", at: root)
            return
        }
        // Both members in one pass over the recipe's keys.
        var ingredientsNode: Int?
        var servingsNode: Int?
        for (k, v) in json.members(root) {
            if json.keyIs(k, "ingredients") { ingredientsNode = v } else if json.keyIs(k, "servings") { servingsNode = v }
        }
        guard let ingredients = ingredientsNode, json.kind(ingredients) == .array else {
            sink.add(.warning, "nothing to scale: the document has no ingredients list", at: root)
            return
        }
        let servings = servingsNode
        // The factor.
        let factor: Rational
        switch options.target {
        case .factor(let f):
            factor = f
        case .servings(let n):
            guard let servings else {
                sink.add(.error, "the recipe has no servings, so \(option("servings")) has nothing to scale from; give servings in the recipe or use \(option("factor"))", at: root)
                return
            }
            guard let current = servingsAmount(servings) else {
                sink.add(.error, "servings is \(json.value(servings).displayText), \(servingsProblem(servings)): \(option("servings")) needs a positive number of servings (such as 4 or {\"amount\": 4, \"unit\": \"glasses\"}) to scale from; use \(option("factor")) instead", at: servings)
                return
            }
            guard let f = try? n / current else {
                sink.add(.error, "servings \(current) cannot be scaled to \(n) exactly (the numbers are too large)", at: servings)
                return
            }
            factor = f
        case .ingredient(let name, let quantity):
            guard let f = factorForIngredient(name: name, quantity: quantity, ingredients: ingredients) else { return }
            factor = f
        }
        if factor == .one { return }
        // An absurd factor (servings 1 to a billion, a typo in --to) is an error for the
        // recipe, which is then left as it is: scaled, it gave servings no amount agreed with.
        if let problem = ScaleOptions.factorProblem(factor) {
            let factorText = NumberText.factor(factor)
            switch options.target {
            case .factor:
                sink.add(.error, "the factor \(factorText) is \(problem)", at: root)
            case .servings(let n):
                let from = servings.flatMap { servingsAmount($0) } ?? .one
                sink.add(.error, "scaling servings \(QuantityFormatter.text(from, style: AmountStyle())) to \(QuantityFormatter.text(n, style: AmountStyle())) is a factor of \(factorText): \(problem); check \(option("servings"))", at: servings ?? root)
            case .ingredient(let name, _):
                sink.add(.error, "\(option("to")): bringing '\(name)' to that amount is a factor of \(factorText): \(problem); check the amount", at: ingredients)
            }
            return
        }
        if let servings { scaleServings(servings, by: factor, target: options.target) }
        for (index, element) in json.elements(ingredients).enumerated() {
            scaleIngredient(element, index: index, by: factor)
        }
    }

    // MARK: Servings

    /// The numeric servings: a number, or the `amount` of `{amount, unit}`.
    func servingsAmount(_ node: Int) -> Rational? {
        var n = node
        if json.kind(node) == .object {
            guard let amount = json.field(node, "amount") else { return nil }
            n = amount
        }
        // A program's float as the fraction it means: 1.3333333333333333 servings, as scale
        // writes a third, is 4/3, so scaling back to 4 servings is exact.
        guard let value = try? json.rational(n), value.numerator > 0 else { return nil }
        return value.asMeant
    }

    /// A servings amount that is not whole, as a JSON number with every digit a 64-bit float
    /// holds (`1.3333333333333333` for 4/3), which ``servingsAmount(_:)`` reads back as the
    /// fraction: rounded to three digits (`1.33`), scaling it again gave 602 g for 600 g,
    /// and `3.99` servings for 4.
    static func servingsLiteral(_ value: Rational) -> [UInt8] {
        if let exact = NumberText.literal(value, maxPlaces: 9) { return exact }
        let text = String(value.doubleValue)
        guard !text.contains("e"), !text.contains("n"), !text.contains("i") else { return NumberText.roundedLiteral(value) }
        return Array(text.utf8)
    }

    /// What is wrong with a servings Larder cannot scale from; a number it cannot compute
    /// with exactly (1e400) is not called "not a number".
    /// An object is judged by its `amount` (`{"amount": 1e30, …}` was called "an object, not
    /// a number", while the message offers such an object as the way to write servings).
    func servingsProblem(_ node: Int) -> String {
        if json.kind(node) == .object {
            guard let amount = json.field(node, "amount") else { return "an object without an \"amount\"" }
            return "whose amount is " + servingsProblem(amount)
        }
        guard json.kind(node) == .number else { return "not a number" }
        return (try? json.rational(node)) != nil ? "not a positive number" : "a number too large or too fine to compute with exactly"
    }

    mutating func scaleServings(_ node: Int, by factor: Rational, target: ScaleOptions.Target) {
        guard let current = servingsAmount(node) else {
            sink.add(.note, "servings is \(json.value(node).displayText), \(servingsProblem(node)); left as is", at: node)
            return
        }
        let new: Rational
        if case .servings(let n) = target {
            new = n
        } else {
            guard let (v, _) = try? roundingFactor(factor, at: node, { f throws(RationalError) in try current * f }) else {
                // An error, as an amount's: servings left as written beside scaled amounts
                // would be a recipe that says the wrong thing.
                sink.add(.error, "servings \(current) × \(NumberText.factor(factor)) is too large to compute; nothing is scaled", at: node)
                return
            }
            new = v
        }
        if json.kind(node) == .object, let amount = json.field(node, "amount") {
            editor.replace(amount, raw: Self.servingsLiteral(new))
            return
        }
        if new.isInteger {
            editor.replace(node, raw: Array(String(new.numerator).utf8))
        } else if let whole = Self.wholeLiteral(NumberText.roundedLiteral(new)) {
            // 3 × 1.3333333333333333 is 3.9999999999999999: it rounds to a whole number,
            // which is what a servings number is.
            editor.replace(node, raw: Array(String(whole).utf8))
            sink.add(.note, "servings \(current) × \(NumberText.factor(factor)) is not exactly a whole number; rounded to \(whole)", at: node)
        } else {
            // A servings number must be a whole number: write the amount form instead.
            let amount = String(decoding: Self.servingsLiteral(new), as: UTF8.self)
            let shown = String(decoding: NumberText.roundedLiteral(new), as: UTF8.self)
            editor.replace(node, raw: Array("{\"amount\": \(amount), \"unit\": \"servings\"}".utf8))
            sink.add(.note, "servings \(current) × \(NumberText.factor(factor)) is \(shown), not a whole number; written as {\"amount\": \(amount), \"unit\": \"servings\"}", at: node)
        }
    }

    // MARK: Ingredients

    mutating func scaleIngredient(_ node: Int, index: Int, by factor: Rational) {
        switch json.kind(node) {
        case .string:
            scaleText(node, language: language, index: index, by: factor)
        case .object:
            let fields = ingredientFields(node)
            if fields.isStructured {
                scaleStructured(node, fields: fields, index: index, by: factor)
            } else {
                let halves = translationsCountInHalves(node, by: factor)
                for (key, value) in json.members(node) where json.kind(value) == .string {
                    scaleText(value, language: json.string(key), index: index, by: factor, countsInHalves: halves)
                }
            }
        default:
            break
        }
    }

    /// True when a translation of the localized ingredient `node` counts its things in
    /// halves after scaling by `factor` (`1 pau de canela`: a stick, which is halved; or a
    /// count with its total weight, `3 ovos (150 g)`): its other translations then count in
    /// halves too. How finely a count is rounded belongs to the thing counted, not to the
    /// language it is written in, and a translation may name the thing without the unit that
    /// tells (`1 cinnamon stick`, the unit after the noun; `1 small glass of port`). Rounded
    /// each by its own words, one ingredient came out as `1/2 pau de canela` beside `1
    /// cinnamon stick`. Halves, not whole things, as the words that say a thing can be halved
    /// are the ones that know it.
    func translationsCountInHalves(_ node: Int, by factor: Rational) -> Bool {
        var halves = false, whole = false
        for (key, value) in json.members(node) {
            guard let text = json.string(value) else { continue }
            let line = parser.parse(text, language: json.string(key))
            guard line.isScalable, line.fixedUnit == nil, let amount = line.amount, !amount.upper.isZero,
                  let q = (try? parser.scale(line, by: factor))?.quantity else { continue }
            if q.rounding == .halves { halves = true } else if q.rounding == .whole { whole = true }
        }
        return halves && whole
    }

    mutating func scaleText(_ node: Int, language: String?, index: Int, by factor: Rational, countsInHalves: Bool = false) {
        guard let text = json.string(node) else { return }
        let line = parser.parse(text, language: language)
        if let problem = line.problem {
            // An amount too large or too fine to compute with is an error, as a structured
            // one is; no amount (`1/0 cup`) is left as written with a note.
            guard !line.amountOutOfReach else {
                sink.add(.error, "could not scale '\(text)': \(problem); nothing is scaled", at: node)
                return
            }
            sink.add(.note, "could not read the quantity of '\(text)' (\(problem)); left as is", at: node)
            return
        }
        // "salt to taste"; a temperature or a time never scales ("350 °F oven").
        guard let amount = line.amount, line.fixedUnit == nil else { return }
        // "1 500 ml water" in English: 1500 ml, or one thing of 500 ml? Not guessed; convert
        // and lint read it the same way (``IngredientParser/spaceGroupedAmount(_:)``).
        if let grouped = parser.spaceGroupedAmount(line) {
            sink.add(.note, IngredientParser.spaceGroupedNote(text, amount: grouped), at: node)
            return
        }
        // A leading amount of zero ("0 g sugar", "0.0 kg salt") is no amount to scale (the
        // quantity lint rule reports it): as written, with a note (it was rewritten, "0.0
        // kg" as "0 g", "0,0 g" as "0 g").
        if amount.upper.isZero {
            let problem = QuantityProblem.notPositive(line.amountText ?? "0")
            sink.add(.note, "could not scale the quantity of '\(text)' (\(problem.summary)); left as is", at: node)
            return
        }
        let parser = self.parser
        do {
            var (rewritten, used) = try roundingFactor(factor, at: node) { f throws(RationalError) in try parser.scale(line, by: f, countsInHalves: countsInHalves) }
            // An alternative count in brackets ("2 large (or 3 small) onions") scales with
            // the line's amount; one that cannot be read so leaves the line as written.
            var scaledAlternative: String?
            if line.equivalent == nil, let alternative = Self.alternativeCount(in: rewritten.text) {
                let counted = parser.parse(alternative.text, language: language)
                let alternativeLine = try parser.scale(counted, by: used, countsInHalves: countsInHalves)
                guard counted.problem == nil, counted.fixedUnit == nil, let q = alternativeLine.quantity else {
                    sink.add(.note, "'\(text)' has an alternative amount, '\(alternative.text)', which Larder cannot scale with the line; left as is, check the line", at: node)
                    return
                }
                var out = rewritten.text
                out.replaceSubrange(alternative.range, with: alternativeLine.text)
                rewritten.text = out
                scaledAlternative = alternative.text
                if q.countRoundingIsNoticeable {
                    noteCountRounding(q, what: "'\(text)' (the amount in brackets)", unitWord: counted.unitWord, factor: used, at: node)
                }
            }
            // A number alone in the closing brackets after a weight or volume is how many
            // things it makes ("1 1/2 pounds chicken thighs (about 6)"): a total, which scales
            // as a count, as "(8 slices)" does.
            if line.equivalent == nil, let dimension = line.unit?.dimension, dimension == .mass || dimension == .volume,
               let count = Self.closingBracketNumber(in: rewritten.text, language: language) {
                let q = try parser.kitchen.scale(count.amount, unit: nil, by: used)
                var out = rewritten.text
                out.replaceSubrange(count.range, with: QuantityFormatter.text(q.shown, style: AmountStyle(fractions: .ascii)))
                rewritten.text = out
                scaledAlternative = count.text
                if q.countRoundingIsNoticeable {
                    noteCountRounding(q, what: "'\(text)' (the count in brackets)", unitWord: nil, factor: used, at: node)
                }
            }
            if rewritten.text != text {
                guard !json.holdsLoneSurrogate(node) else {
                    sink.add(.warning, JSONDocument.loneSurrogateNote(text, verb: "scale"), at: node)
                    return
                }
                editor.replace(node, string: rewritten.text)
            }
            if let q = rewritten.quantity, q.countRoundingIsNoticeable {
                noteCountRounding(q, what: "'\(text)'", unitWord: line.unitWord, factor: used, at: node)
            } else if let q = rewritten.quantity {
                noteFarRounding(q, what: "'\(text)'", factor: used, at: node)
            }
            // "1 Kürbis" x 2: a German noun Larder has no plural for is left as written.
            if let noun = rewritten.unknownNoun {
                let form = (rewritten.quantity?.shown.upper ?? .zero) > .one ? "plural" : "singular"
                sink.add(.note, "'\(text)' × \(NumberText.factor(used)): Larder does not know the \(form) of '\(noun)', so the name is left as written; check the line", at: node)
            }
            if let other = otherAmount(in: line), !(scaledAlternative?.contains(other) ?? false) {
                sink.add(.note, "'\(text)' has a second amount, '\(other)', which is not scaled; check the line", at: node)
            }
        } catch {
            // An amount Larder cannot compute with is an error for the recipe (nothing is
            // written, exit status 1), as in `convert`: left as written beside the scaled
            // servings and amounts, it said the wrong thing with exit status 0.
            sink.add(.error, "'\(text)' × \(NumberText.factor(factor)): \(error); nothing is scaled", at: node)
        }
    }

    /// `body` with `factor`, or, when exact arithmetic overflows with it (a factor such as
    /// 1.3333333333333333 or 2.718281828459045, whose denominator times a cup's in
    /// millilitres does not fit in 64 bits), with the factor rounded to the nearest fraction
    /// of the smallest denominator (at most 16, 100, 1,000 or 10,000) within 0.001 % of
    /// it (4/3; 193/71): far finer than a kitchen measures, so every amount scales. Gives the factor used; the first
    /// rounding in a recipe gets a note.
    mutating func roundingFactor<T>(_ factor: Rational, at node: Int, _ body: (Rational) throws(RationalError) -> T) throws(RationalError) -> (T, Rational) {
        do {
            return (try body(factor), factor)
        } catch {
            guard case .overflow = error else { throw error }
            // The simplest fraction within 0.001 % first (4/3, 193/71), then finer ones.
            let candidates = [16, 100, 1_000, 10_000].map { factor.approximated(maxDenominator: $0) }
            let close = candidates.filter { abs($0.doubleValue / factor.doubleValue - 1) < 0.00001 }
            var tried: [Rational] = [factor]
            for rounded in close + candidates.reversed() {
                guard rounded.numerator > 0, !tried.contains(rounded) else { continue }
                tried.append(rounded)
                guard let value = try? body(rounded) else { continue }
                if !roundedFactorNoted {
                    roundedFactorNoted = true
                    let off = abs(rounded.doubleValue / factor.doubleValue - 1) * 100
                    let within = off < 0.0001 ? "under 0.0001 %" : String(format: "%.2g %%", off)
                    sink.add(.note, "the factor \(factor.doubleValue) is too fine to compute with exactly in these units; amounts that need it are scaled by \(rounded) instead (off by \(within))", at: node)
                }
                return (value, rounded)
            }
            throw error
        }
    }

    /// The words that offer another count in brackets: "2 large (or 3 small) onions", "(ou
    /// 3 pequenas)", "(o 3 pequeñas)", "(oder 3 kleine)".
    static let alternativeJoiners: Set<String> = ["or", "ou", "o", "oder"]

    /// An amount offered instead of the line's in brackets, after a word of
    /// ``alternativeJoiners`` ("2 large (or 3 small) onions", "1 onion (or 2 shallots)", "2
    /// eggs (or 100 ml egg whites)"): where it is in `text` (from its number to the
    /// bracket's end) and its text, which is scaled as a line of its own ("3 small" × 2 is
    /// "6 small"; "2 shallots" × 1/2 is "1 shallot").
    static func alternativeCount(in text: String) -> (range: Range<String.Index>, text: String)? {
        guard let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") else { return nil }
        let inner = text[text.index(after: open)..<close]
        let words = inner.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2, alternativeJoiners.contains(words[0].lowercased()),
              words[1].unicodeScalars.first.map({ $0.properties.numericType != nil }) == true else { return nil }
        let end = inner.endIndex > words[1].startIndex ? String(inner[words[1].startIndex...]).trimmingCharacters(in: .whitespaces) : ""
        let range = words[1].startIndex..<text.index(words[1].startIndex, offsetBy: end.count)
        return (range, end)
    }

    /// The whole number a number literal gives (`4`, `4.0`, `4.000`), or nil.
    static func wholeLiteral(_ literal: [UInt8]) -> Int? {
        let text = String(decoding: literal, as: UTF8.self)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.count < 2 || parts[1].allSatisfy({ $0 == "0" }) else { return nil }
        return Int(parts[0])
    }

    /// A second amount in what follows a line's amount and unit ("1 cup plus 2 tablespoons
    /// flour", "1 lb 4 oz"): a number with a unit of weight or volume, not said to be an
    /// approximate size (``IngredientParser/approximately``: "1 octopus of about 1.2 kg" is
    /// each one's; a bracket at the end, "(about 100 g)", is the line's total and scales),
    /// as text for a note; or a count after a joining word ("1 onion and 2 carrots",
    /// ``countedAmount(_:at:_:)``). An approximate amount in brackets that are not read as
    /// the line's total ("(about 200 g), chopped", "(about 1 cup chopped)") is a total all
    /// the same, unless the bracket says it is each one's ("(about 6 oz each)",
    /// ``eachWords``): it was let pass with no note, while "(200 g), chopped" had one.
    /// Numbers that are part of a name ("70% chocolate", "80/20 beef", "5-spice", "00
    /// flour", "size 2") have no such unit and are left alone.
    func otherAmount(in line: IngredientLine) -> String? {
        if let count = Self.bareNumberInClosingBrackets(line.text, language: line.language) { return count }
        for part in [line.name, line.note ?? ""] {
            let joined = LineWords(part)
            let (raw, words, scalars, starts) = (joined.raw, joined.words, joined.scalars, joined.starts)
            // For each word, the word that opens the bracket it is in (nil outside brackets),
            // and the brackets that say "each", inside or right after them ("(about 6 oz)
            // each": one pass, for long lines).
            var bracket = [Int?](repeating: nil, count: raw.count)
            var eachBrackets = Set<Int>()
            var depth = 0
            var opened = 0
            func isEach(_ word: Substring) -> Bool { Self.eachWords.contains(word.lowercased().trimmingCharacters(in: .punctuationCharacters)) }
            for (i, word) in raw.enumerated() {
                let opening = word.prefix { "-\u{2013}\u{2014}(/".contains($0) }.filter { $0 == "(" }.count
                if depth == 0, opening > 0 { opened = i }
                if depth + opening > 0 {
                    bracket[i] = opened
                    if isEach(word) { eachBrackets.insert(opened) }
                }
                let was = depth
                depth = max(0, depth + word.filter { $0 == "(" }.count - word.filter { $0 == ")" }.count)
                if was + opening > 0, depth == 0, i + 1 < raw.count, isEach(raw[i + 1]) { eachBrackets.insert(opened) }
                if depth > 0, bracket[i] == nil { opened = i }
            }
            for (i, word) in words.enumerated() {
                // A number, in digits or in words ("plus two tablespoons").
                guard LineWords.startsWithNumber(word)
                    || NumberWords.isNumber(word.trimmingCharacters(in: .punctuationCharacters), language: line.language) else { continue }
                let before = words[max(0, i - 2)..<i].map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters) }
                if before.contains(where: IngredientParser.approximately.contains), bracket[i].map(eachBrackets.contains) ?? true { continue }
                let parsed = parser.leadingMeasure(scalars, from: starts[i], language: line.language)
                guard parsed.amount != nil else { continue }
                if let unit = parsed.unit, unit.dimension == .mass || unit.dimension == .volume, let measure = parsed.measureText {
                    return measure
                }
                if let counted = countedAmount(words, at: i, parsed) { return counted }
            }
        }
        return nil
    }

    /// Words that say an amount in brackets is each thing's, not the things' total ("(about
    /// 6 oz each)", "(cerca de 300 g cada)", "(environ 200 g chacun)", "(je etwa 200 g)",
    /// "(circa 200 g ciascuno)").
    static let eachWords: Set<String> = [
        "each", "apiece", "cada", "chacun", "chacune", "pièce", "je", "jeweils", "stück", "ciascuno", "ciascuna", "l'uno", "l'una",
    ]

    /// A number alone in brackets that end the line, perhaps said to be approximate ("1 kg
    /// potatoes (about 6)", "1 lb bacon (8)"): how many things the amount makes, which is not
    /// scaled (a count with its unit is, "(8 slices)"); as text for a note.
    static func bareNumberInClosingBrackets(_ text: String, language: String?) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("), open != trimmed.startIndex else { return nil }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)].trimmingCharacters(in: .whitespaces)
        var words = inner.split(separator: " ").map(String.init)
        if let first = words.first, IngredientParser.approximately.contains(first.lowercased().filter { $0 != "." }) {
            words.removeFirst()
        }
        guard !words.isEmpty, words.count <= 3 else { return nil }
        let number = words.joined(separator: " ")
        guard number.unicodeScalars.first.map({ $0.properties.numericType != nil }) == true,
              let amount = try? Amount(parsing: number, language: language), amount.lower > .zero else { return nil }
        return inner
    }

    /// The number alone in brackets that end `text`, perhaps said to be approximate ("(about
    /// 6)", "(8)"): where it is, its text as ``bareNumberInClosingBrackets(_:language:)``
    /// gives it, and its amount.
    static func closingBracketNumber(in text: String, language: String?) -> (range: Range<String.Index>, text: String, amount: Amount)? {
        guard let inner = bareNumberInClosingBrackets(text, language: language),
              let close = text.lastIndex(of: ")"), let open = text[..<close].lastIndex(of: "(") else { return nil }
        var words = inner.split(separator: " ")
        if let first = words.first, IngredientParser.approximately.contains(first.lowercased().filter { $0 != "." }) { words.removeFirst() }
        guard let start = words.first?.startIndex, let end = words.last?.endIndex else { return nil }
        let number = String(inner[start..<end])
        guard let amount = try? Amount(parsing: number, language: language),
              let found = text[open..<close].range(of: number, options: .backwards) else { return nil }
        return (found, inner, amount)
    }

    /// The words that join a second ingredient's count to the line ("1 onion and 2 carrots",
    /// "2 eggs plus 1 yolk", "1 cebola e 2 cenouras").
    static let countJoiners: Set<String> = ["and", "plus", "+", "&", "e", "y", "et", "und", "mais"]

    /// Articles, which are numbers in words too ("salt and a little pepper" has no second
    /// amount to note).
    static let articles: Set<String> = ["a", "an", "um", "uma", "un", "una", "une", "uno", "ein", "eine", "einen", "einem", "einer"]

    /// A counted amount at word `i` (read as `parsed`): a number in digits or in words,
    /// right after a word of ``countJoiners``, followed by the thing counted or a count unit
    /// ("2 carrots", "two cloves"), as text for a note; nil for anything else ("2% milk",
    /// "cut into 8 wedges", "salt and a pinch").
    func countedAmount(_ words: [Substring], at i: Int, _ parsed: IngredientLine) -> String? {
        guard i > 0, i + 1 < words.count, Self.countJoiners.contains(words[i - 1].lowercased()),
              parsed.unit == nil || parsed.unit?.dimension == .count else { return nil }
        let number = words[i].trimmingCharacters(in: .punctuationCharacters)
        let digits = number.unicodeScalars.allSatisfy { $0.properties.numericType != nil || $0 == "/" || $0 == "." || $0 == "," }
        guard !number.isEmpty, number == String(words[i]),
              digits || (NumberWords.isNumber(number, language: parsed.language) && !Self.articles.contains(number.lowercased())),
              words[i + 1].unicodeScalars.first?.properties.isAlphabetic == true else { return nil }
        return parsed.measureText ?? "\(number) \(words[i + 1].trimmingCharacters(in: .punctuationCharacters))"
    }


    mutating func scaleStructured(_ node: Int, fields: IngredientFields, index: Int, by givenFactor: Rational) {
        if let pin = fields.scale, json.kind(pin) == .false { return }
        guard let quantityNode = fields.quantity else { return }
        let unitNode = fields.unit
        let unitText = unitNode.flatMap { json.string($0) }
        let unit = unitText.flatMap { kitchen.unit(named: $0) }
        let read: (amount: Amount, style: AmountStyle)?
        do {
            read = try readQuantity(quantityNode)
        } catch {
            // As a line's amount above: an error, nothing is scaled.
            sink.add(.error, "could not read the quantity: \(error); nothing is scaled", at: quantityNode)
            return
        }
        guard let (amount, style) = read else {
            let why = unreadQuantity(quantityNode).map { " (\($0))" } ?? ""
            sink.add(.note, "could not read the quantity \(json.value(quantityNode).quantityText)\(why); left as is", at: quantityNode)
            return
        }
        let scaled: ScaledQuantity
        let factor: Rational
        let units = kitchen
        // A number or {min, max} is written as numbers where it can be (8 tsp, not "2 2/3"
        // tbsp), so its type stays; a text quantity takes kitchen fractions.
        let notation: AmountNotation = json.kind(quantityNode) == .string ? .text : .numbers
        do {
            (scaled, factor) = try roundingFactor(givenFactor, at: quantityNode) { factor throws(RationalError) in
                if unitText != nil && unit == nil {
                    // A unit Larder does not know: scale the number, keep the unit.
                    let exact = try amount.scaled(by: factor)
                    let shown = try exact.map { v throws(RationalError) in QuantityFormatter.round(v, .kitchen) }
                    return ScaledQuantity(exact: exact, shown: shown, unit: nil, unitChanged: false, rounding: .kitchen)
                }
                return try units.scale(amount, unit: unit, by: factor, notation: notation)
            }
        } catch {
            let factor = givenFactor
            sink.add(.error, "the quantity \(json.value(quantityNode).quantityText) × \(NumberText.factor(factor)): \(error); nothing is scaled", at: quantityNode)
            return
        }
        if scaled.rounding == .exact && scaled.shown == amount { return }  // temperatures, times
        writeQuantity(scaled, node: quantityNode, style: style)
        if scaled.unitChanged, let unitNode, let newUnit = scaled.unit {
            editor.replace(unitNode, string: structuredUnitText(newUnit, original: unitText ?? "", amount: scaled.shown))
        } else if let unitNode, let unitText, let agreeing = agreeingUnitWord(unitText, amount: scaled.shown) {
            editor.replace(unitNode, string: agreeing)
        }
        let name = fields.name.map { nameText($0) } ?? "ingredient \(index + 1)"
        if scaled.countRoundingIsNoticeable {
            noteCountRounding(scaled, what: name, unitWord: unitText.flatMap { noteUnitWord($0, scaled: scaled) }, factor: factor, at: quantityNode)
        } else {
            noteFarRounding(scaled, what: name, factor: factor, at: quantityNode)
        }
    }

    /// A structured quantity: a number, a text amount, or `{min, max}`.
    func readQuantity(_ node: Int) throws(RationalError) -> (Amount, AmountStyle)? {
        switch json.kind(node) {
        case .number:
            guard let v = try json.rational(node) else { return nil }
            return (.exact(v.asMeant), AmountStyle())  // a program's float as the fraction it means
        case .string:
            guard let text = json.string(node) else { return nil }
            let scalars = Array(text.unicodeScalars)
            // Read in the language of the plain-string lines, as they are ("1,250" kg is
            // 1.25 kg in Portuguese, as in "1,250 kg de bacalhau"; it was read as 1250).
            guard let amount = try Amount(parsing: text, language: language) else { return nil }
            var style = AmountStyle()
            if scalars.contains(where: { "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒".unicodeScalars.contains($0) }) { style.fractions = .vulgar }
            // The mark the number was read with ("1,234.5" has a decimal point).
            if let mark = Amount.decimalMark(in: text, language: language) {
                style.decimalSeparator = mark
            } else if text.contains(",") {
                style.decimalSeparator = ","
            }
            if case .range = amount {
                for join in [" to ", " – ", "–", " - ", "-"] where text.contains(join) { style.rangeJoin = join; break }
            }
            return (amount, style)
        case .object:
            guard let min = json.field(node, "min"), let max = json.field(node, "max"),
                  let a = try json.rational(min), let b = try json.rational(max), a <= b else { return nil }
            return (.range(a.asMeant, b.asMeant), AmountStyle())
        default:
            return nil
        }
    }

    /// Why ``readQuantity(_:)`` read no amount at `node`, when it can tell: a text's problem
    /// (`the fraction 1/0 has a zero denominator`), or a range whose `min` is above its `max`.
    func unreadQuantity(_ node: Int) -> String? {
        if let text = json.string(node) {
            guard let problem = Amount.problem(in: text, language: language), !problem.isUnreadable else { return nil }  // the note quotes it
            return problem.summary
        }
        guard json.kind(node) == .object, let min = json.field(node, "min"), let max = json.field(node, "max"),
              let a = try? json.rational(min), let b = try? json.rational(max), a > b else { return nil }
        return "the range runs backwards: min \(json.value(min).displayText) is above max \(json.value(max).displayText)"
    }

    /// Writes a scaled quantity in the JSON type it had: a number stays a number, the shown
    /// value when it is a short decimal, else that value to three significant digits (`1`
    /// cup x 2/3 is `0.667` cup: apps decode the field as a number, and the text `"2/3"`
    /// it was written as broke them), a text stays
    /// a text in its style, and `{min, max}` stays an object of two numbers, each end written
    /// as a number is (`{"min": 2, "max": 3}` cups x 4/3 is `{"min": 2.67, "max": 4}`): it
    /// became the text `"2 2/3-4"`, which an app that decodes the object cannot read.
    mutating func writeQuantity(_ q: ScaledQuantity, node: Int, style: AmountStyle) {
        switch json.kind(node) {
        case .number:
            switch q.shown {
            case .exact(let v):
                editor.replace(node, raw: NumberText.roundedLiteral(v, maxPlaces: NumberText.quantityPlaces))
            case .range:
                editor.replace(node, string: q.text(style: style))  // a number never becomes a range
            }
        case .string:
            var style = style
            if case .decimal = q.rounding, style.decimalSeparator == nil { style.decimalSeparator = "." }
            editor.replace(node, string: q.text(style: style))
        case .object:
            guard let min = json.field(node, "min"), let max = json.field(node, "max") else { return }
            let places = NumberText.quantityPlaces
            editor.replace(min, raw: NumberText.roundedLiteral(q.shown.lower, maxPlaces: places))
            editor.replace(max, raw: NumberText.roundedLiteral(q.shown.upper, maxPlaces: places))
        default:
            break
        }
    }

    /// The unit key written after fitting: the symbol (`cup`, `kg`), or the full name when
    /// the original was one (`tablespoons` → `cups`).
    func structuredUnitText(_ unit: UnitDefinition, original: String, amount: Amount) -> String {
        let words = parser.lexicon
        if let unitNames, !unitNames.contains(original), !unitNames.contains(original.lowercased()) { return unit.symbol }
        if let w = words.word(original), !w.isAbbreviation, original != w.unit.symbol,
           let word = words.preferred(for: unit, language: w.language, abbreviation: false) {
            return word.form(for: amount)
        }
        return unit.symbol
    }

    /// The unit written as a word (`tablespoons`, `cloves`, `colher de sopa`) in the form
    /// for `amount` when the unit stays and that form is the other one (`tablespoon` for 1,
    /// `teaspoons` for 2), as a unit that changes is written (``structuredUnitText(_:original:amount:)``)
    /// and free text is: it was left as it was, `1` "tablespoons". Nil for a symbol or an
    /// abbreviation (`cup`, `tbsp`), a unit Larder does not know, or a form that agrees.
    func agreeingUnitWord(_ original: String, amount: Amount) -> String? {
        if let unitNames, !unitNames.contains(original) { return nil }
        guard let word = parser.lexicon.word(original), !word.isAbbreviation, original != word.unit.symbol,
              original == word.singular || original == word.plural else { return nil }
        let form = word.form(for: amount)
        return form == original ? nil : form
    }

    /// The word a note names a structured ingredient's unit with, in the form for each
    /// amount as the notes of free text do (`4 1/2 sprigs; rounded to 5 sprigs`; it gave
    /// the symbol, `4 1/2 sprig`): the unit as the recipe writes it (`sprig` or `sprigs`,
    /// `tea bag`, `pcs`), a spelling with no word of its own (`each`) as written, which the
    /// scaled recipe keeps; for a unit the scale changed, the word it writes in its place.
    /// Nil when that is the unit's symbol.
    func noteUnitWord(_ written: String, scaled: ScaledQuantity) -> UnitWord? {
        guard let unit = scaled.unit else { return nil }
        let words = parser.lexicon
        if scaled.unitChanged {
            // As ``structuredUnitText(_:original:amount:)`` writes it.
            if let unitNames, !unitNames.contains(written), !unitNames.contains(written.lowercased()) { return nil }
            guard let w = words.word(written), !w.isAbbreviation, written != w.unit.symbol else { return nil }
            return words.preferred(for: unit, language: w.language, abbreviation: false)
        }
        return words.word(written, language: language)
            ?? UnitWord(language: "", unit: unit, singular: written, plural: written, isAbbreviation: true)
    }

    /// A localized name as text for a message (its first language).
    func nameText(_ node: Int) -> String {
        if let s = json.string(node) { return "'\(s)'" }
        if json.kind(node) == .object, let first = json.members(node).first(where: { _ in true }), let s = json.string(first.value) {
            return "'\(s)'"
        }
        return "the ingredient"
    }

    /// A note when the amount shown is more than half off the exact one (a cup × 1/1,000,000
    /// is shown as 1/64 tsp, the smallest kitchen fraction): it was rounded silently.
    mutating func noteFarRounding(_ q: ScaledQuantity, what: String, factor: Rational, at node: Int) {
        guard q.relativeError > 0.5 else { return }
        let shown = QuantityFormatter.text(q.shown, style: AmountStyle(fractions: .ascii)) + (q.unit.map { " " + $0.symbol } ?? "")
        let side = q.exact.upper < q.shown.upper ? "less" : "more"
        sink.add(.note, "\(what) × \(NumberText.factor(factor)) comes to \(side) than \(shown); shown as \(shown), more than half off", at: node)
    }

    mutating func noteCountRounding(_ q: ScaledQuantity, what: String, unitWord: UnitWord?, factor: Rational, at node: Int) {
        let style = AmountStyle(fractions: .ascii)
        func things(_ amount: Amount) -> String {
            if let unitWord { return " " + unitWord.form(for: amount) }
            if let unit = q.unit { return " " + unit.symbol }
            return ""
        }
        // A fraction no one reads (a pound in grams) is given rounded.
        let readable = q.exact.lower.denominator <= 100 && q.exact.upper.denominator <= 100
        let number: String = switch q.exact {
        case _ where readable: QuantityFormatter.text(q.exact, style: style)
        case .exact(let v): NumberText.factor(v)
        case .range(let a, let b): NumberText.factor(a) + "-" + NumberText.factor(b).replacingOccurrences(of: "about ", with: "")
        }
        let exact = number + things(q.exact)
        let shown = QuantityFormatter.text(q.shown, style: style) + things(q.shown)
        let whole = q.rounding == .halves ? "halves" : "whole numbers"
        sink.add(.note, "\(what) × \(NumberText.factor(factor)) is \(exact); rounded to \(shown) (counted things are rounded to \(whole))", at: node)
    }

    // MARK: --to NAME=AMOUNT

    /// The factor that brings the ingredient called `name` to `quantity`, or nil (with an
    /// error) when there is no such ingredient, several, or the amounts do not convert.
    mutating func factorForIngredient(name: String, quantity: Quantity, ingredients: Int) -> Rational? {
        struct Candidate { var node: Int; var label: String; var exactName: Bool; var amount: Amount?; var unit: UnitDefinition?; var unitText: String?; var pinned: Bool }
        let wanted = name.lowercased()
        var candidates: [Candidate] = []
        for element in json.elements(ingredients) {
            var names: [String] = []
            var amount: Amount?
            var unit: UnitDefinition?
            var unitText: String?
            var pinned = false
            var quantityNode = element
            if json.kind(element) == .object, json.field(element, "name") != nil || json.field(element, "quantity") != nil {
                if let n = json.field(element, "name") {
                    if let s = json.string(n) { names.append(s) }
                    if json.kind(n) == .object { names += json.members(n).compactMap { json.string($0.value) } }
                }
                if let q = json.field(element, "quantity") {
                    quantityNode = q
                    amount = (try? readQuantity(q))??.0
                }
                if let u = json.field(element, "unit"), let text = json.string(u) { unitText = text; unit = kitchen.unit(named: text) }
                if let pin = json.field(element, "scale"), json.kind(pin) == .false { pinned = true }
            } else {
                var texts: [(String, String?)] = []
                if let s = json.string(element) { texts.append((s, language)) }
                if json.kind(element) == .object { texts += json.members(element).compactMap { k, v in json.string(v).map { ($0, json.string(k)) } } }
                for (text, lang) in texts {
                    let line = parser.parse(text, language: lang)
                    names.append(line.name)
                    if amount == nil, line.isScalable, line.fixedUnit == nil { amount = line.amount; unit = line.unit; unitText = line.unitWord?.singular }
                }
            }
            let lowered = names.map { $0.lowercased() }
            if lowered.contains(wanted) {
                candidates.append(Candidate(node: quantityNode, label: names.first ?? name, exactName: true, amount: amount, unit: unit, unitText: unitText, pinned: pinned))
            } else if lowered.contains(where: { $0.contains(wanted) }) {
                candidates.append(Candidate(node: quantityNode, label: names.first ?? name, exactName: false, amount: amount, unit: unit, unitText: unitText, pinned: pinned))
            }
        }
        // Lines without a quantity ("salt to taste") cannot set a factor; prefer the others.
        let measured = candidates.filter { $0.amount != nil }
        let pool = measured.isEmpty ? candidates : measured
        let exact = pool.filter(\.exactName)
        let chosen = exact.isEmpty ? pool : exact
        guard chosen.count == 1, let c = chosen.first else {
            if chosen.isEmpty {
                // In a file of many recipes, the ones without the ingredient stay as they
                // are; a single recipe without it is an error.
                if isPartOfArray {
                    sink.add(.warning, "\(option("to")): no ingredient is called '\(name)'; this recipe is left as is", at: ingredients)
                } else {
                    sink.add(.error, "\(option("to")): no ingredient is called '\(name)'", at: ingredients)
                }
            } else {
                sink.add(.error, "\(option("to")): '\(name)' matches \(chosen.count) ingredients (\(chosen.map { "'\($0.label)'" }.joined(separator: ", "))); give the full name", at: ingredients)
            }
            return nil
        }
        if c.pinned {
            sink.add(.error, "\(option("to")): '\(c.label)' is pinned (\"scale\": false), so it cannot set the factor", at: c.node)
            return nil
        }
        guard let amount = c.amount, case .exact(let current) = amount, current.numerator > 0 else {
            let why = c.amount?.isRange == true ? "is a range" : "has no quantity"
            sink.add(.error, "\(option("to")): '\(c.label)' \(why), so it cannot set the factor", at: c.node)
            return nil
        }
        guard case .exact(let target) = quantity.amount else { return nil }
        var inItsUnit: Rational?
        switch (quantity.unit, c.unit) {
        case (nil, _):
            inItsUnit = target  // eggs=3, garlic=6 (cloves)
        case (let t?, let u?):
            inItsUnit = try? kitchen.convert(target, from: t, to: u)
        case (_?, nil):
            inItsUnit = nil
        }
        guard let inItsUnit else {
            let have = c.unit.map { "\($0.symbol) (\($0.dimension))" } ?? (c.unitText ?? "a count")
            let want = quantity.unit.map { "\($0.symbol) (\($0.dimension))" } ?? "a count"
            // "1 oz" of a liquid: in a bar, oz means fluid ounces.
            let hint = quantity.unit?.id == "oz" && c.unit?.dimension == .volume ? "; for a volume, write fl oz (lime juice=1 fl oz)" : ""
            sink.add(.error, "\(option("to")): '\(c.label)' is measured in \(have), which does not convert to \(want)\(hint)", at: c.node)
            return nil
        }
        guard let factor = try? inItsUnit / current else {
            sink.add(.error, "\(option("to")): the factor for '\(c.label)' is too large to compute exactly", at: c.node)
            return nil
        }
        return factor
    }
}

/// The members of an ingredient object that scaling reads.
struct IngredientFields {
    var name: Int?
    var quantity: Int?
    var unit: Int?
    var scale: Int?

    /// An object with `name`, `quantity` or `unit` is a structured ingredient; any other
    /// is localized text.
    var isStructured: Bool { name != nil || quantity != nil || unit != nil }
}

extension ScaleRun {
    /// The members of an ingredient object, found in one pass over its keys' bytes.
    func ingredientFields(_ object: Int) -> IngredientFields {
        var fields = IngredientFields()
        json.bytes.withUnsafeBufferPointer { bytes in
            for (k, v) in json.members(object) {
                let r = json.rawStringBytes(k)
                guard !json.hasEscapes(k) else {
                    switch json.string(k) {
                    case "name": fields.name = v
                    case "quantity": fields.quantity = v
                    case "unit": fields.unit = v
                    case "scale": fields.scale = v
                    default: break
                    }
                    continue
                }
                func equals(_ word: StaticString) -> Bool {
                    guard word.utf8CodeUnitCount == r.count else { return false }
                    let w = word.utf8Start
                    for i in 0..<r.count where bytes[r.lowerBound + i] != w[i] { return false }
                    return true
                }
                switch r.count {
                case 4:
                    if equals("name") { fields.name = v } else if equals("unit") { fields.unit = v }
                case 5:
                    if equals("scale") { fields.scale = v }
                case 8:
                    if equals("quantity") { fields.quantity = v }
                default:
                    break
                }
            }
        }
        return fields
    }
}

extension ScaleTransform: OptionChecking {
    public func optionProblems(_ options: JSONValue, locales: [String]) -> [String] {
        checkOptions(options, locales: locales).map(\.message)
    }

    public func checkOptions(_ options: JSONValue, locales: [String]) -> [OptionProblem] {
        TransformOptionError.problems(options) { (options) throws(TransformOptionError) in _ = try ScaleOptions(json: options) }
    }
}

/// The words of a read line's name or note: as written (`raw`), without a dash, bracket or
/// slash before them (`words`: a dash glued to an amount joins it to the line's own, "1
/// lb-500 g pork"; a bracket or a slash opens one, "flour (250 g or 9 oz)"), and joined by
/// single spaces once (`scalars`, each word's start in `starts`), so that an amount at a word
/// is read from where it starts in them, not from a copy of the rest of the line for each
/// number (a line of 8,000 number words took 12 s). Scale's and convert's notes of amounts
/// a line leaves as they are read them so.
struct LineWords {
    let raw: [Substring]
    let words: [Substring]
    private(set) var scalars: [Unicode.Scalar] = []
    private(set) var starts: [Int] = []

    /// Whether `word` starts with a number in digits (`2`, `½`, and `.5`, which the parser
    /// reads as an amount at the start of a line too).
    static func startsWithNumber(_ word: Substring) -> Bool {
        let scalars = word.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.numericType != nil { return true }
        return first == "." && scalars.dropFirst().first.map { $0.properties.numericType == .decimal } == true
    }

    init(_ part: String) {
        raw = part.split(separator: " ")
        words = raw.map { $0.drop { "-\u{2013}\u{2014}(/".contains($0) } }
        for word in words {
            if !starts.isEmpty { scalars.append(" ") }
            starts.append(scalars.count)
            scalars += word.unicodeScalars
        }
    }
}
