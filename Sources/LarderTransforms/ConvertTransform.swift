import LarderCore
import LarderJSON
import LarderUnits

/// `convert`: rewrites amounts, temperatures and nutrition in other units.
///
/// - `units` (`metric` or `us`): ingredient amounts, structured or free text, move to the
///   other system (`1 cup` → `237 ml`, `200 g` → `7 oz`; spoons stay spoons), within 5 %
///   in US units (a kitchen fraction when one is that close, fluid ounces rather than more
///   than 8 tbsp, else a decimal: `5 g` → `0.18 oz`; see ``FitPurpose/converting``), a
///   product's quantity as labels state it (`330 ml` → `11.2 fl oz`), and
///   temperatures in the steps too (`350 °F` → `175 °C`, to 5 degrees for oven heats; both
///   ends of a range, `350 to 375 °F` → `175 to 190 °C`, and every heat of a list, `350,
///   375 or 400 °F`, or none, with a note; `350°F/180°C` stays as it is). A
///   note says which kitchen convention cups and spoons were read with.
/// - `energy` (`kJ` or `kcal`): `kJ = kcal × 4.184`, rounded as Open Food Facts does.
/// - `salt` (`salt` or `sodium`): `salt = sodium × 2.5`.
/// - `per` (`100g` or `serving`): `per serving = per 100 g × serving / 100`, with the
///   product's `serving` (or `servingSize`); without one it is an error. A product with
///   both keeps the target's values and gets those only the other gives, computed, with
///   a note.
///
/// The field converted from is replaced by the new one in its place; `keep` keeps both.
/// A value that cannot be converted (a string, a negative number, one beyond exact 64-bit
/// arithmetic) is an error and the document is left as it was.
public struct ConvertTransform: Transform {
    public let id = "convert"
    public let summary = "Convert ingredient amounts and temperatures (metric/US), energy (kJ/kcal), salt/sodium and per 100 g/per serving."
    private let parsers: [KitchenConvention: IngredientParser]

    /// A convert transform over `units` (the built-in ones by default).
    public init(units: [UnitDefinition] = UnitTable.builtInUnits) {
        var parsers: [KitchenConvention: IngredientParser] = [:]
        for c in KitchenConvention.allCases {
            parsers[c] = IngredientParser(kitchen: KitchenUnits(table: UnitTable(units: units, convention: c)))
        }
        self.parsers = parsers
    }

    /// Converts `document` with the options of `context` (see ``ConvertOptions/init(json:)``);
    /// a document with an error is left unchanged. Throws for bad options.
    public func apply(to document: inout Document, context: TransformContext) throws -> [Diagnostic] {
        let options = try ConvertOptions(json: context.options)
        // In a build every kind passes through: a document that is not an object (a team's
        // list of strings) is nothing to transform. The command line reports it.
        guard document.json.kind(document.node) == .object else { return [] }
        // A recipe without nutrition is nothing to convert in a build, where every recipe
        // passes through: the command line, given one file, says so.
        let outcome = outcome(for: document, options: options, language: context.locales.first, notesNothingToDo: false, inBuild: true)
        if !outcome.hasErrors { try outcome.apply(to: &document) }
        return outcome.diagnostics
    }

    /// What converting `document` does, as edits and diagnostics (nothing is changed).
    /// `notesNothingToDo`: a note for a recipe or product that gives no nutrition to convert.
    /// `inBuild`: messages name the options as larder.yml spells them (`the option
    /// servingSize`), not as the command line does (`--serving-size`).
    public func outcome(
        for document: Document, options: ConvertOptions, language: String? = nil, locator: SourceLocator? = nil, notesNothingToDo: Bool = true,
        inBuild: Bool = false
    ) -> TransformOutcome {
        if let refused = TransformOutcome.refusingRepeatedKeys(document, ruleID: "convert", locator: locator) { return refused }
        var run = ConvertRun(document: document, parser: parsers[options.convention] ?? IngredientParser(),
                             options: options, language: language, locator: locator)
        run.notesNothingToDo = notesNothingToDo
        run.inBuild = inBuild
        run.convert()
        return TransformOutcome(edits: run.editor.edits, diagnostics: run.sink.diagnostics)
    }
}

/// One document being converted.
struct ConvertRun {
    /// Whether a recipe or product that gives no nutrition to convert gets a note.
    var notesNothingToDo = true
    /// True in a build: options are named as larder.yml spells them (``option(_:_:)``).
    var inBuild = false

    /// An option as the user gave it: `--serving-size` on the command line, `the option
    /// servingSize` in a build's step.
    func option(_ flag: String, _ key: String) -> String { inBuild ? "the option \(key)" : "--\(flag)" }

    let json: JSONDocument
    let root: Int
    let parser: IngredientParser
    let options: ConvertOptions
    let language: String?
    /// The parser's units (stored: a computed copy per use would copy the tables).
    let kitchen: KitchenUnits
    var editor: JSONEditor
    var sink: DiagnosticSink
    /// Whether a cup, spoon, fluid ounce or pint was read (the convention matters).
    var readConventionUnit = false

    init(document: Document, parser: IngredientParser, options: ConvertOptions, language: String?, locator: SourceLocator?) {
        json = document.json
        root = document.node
        self.parser = parser
        kitchen = parser.kitchen
        self.options = options
        self.language = language
        editor = JSONEditor(document.json)
        sink = DiagnosticSink(document: document, ruleID: "convert", locator: locator)
    }

    static let conventionUnits: Set<String> = [
        "us-cup", "us-tbsp", "us-tsp", "us-fl-oz", "us-pint", "us-quart", "us-gallon", "metric-cup", "metric-tbsp",
        "metric-tsp", "au-tbsp", "imperial-fl-oz", "imperial-pint", "imperial-quart", "imperial-gallon",
    ]

    mutating func convert() {
        guard json.kind(root) == .object else {
            // It was passed through as it was, with exit status 0.
            let kind = json.kind(root).description
            sink.add(.error, "a recipe or product is an object; this is \(kind.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(kind)", at: root)
            return
        }
        let nutrition = json.field(root, "nutrition")
        let isProduct = json.field(root, "code") != nil
            || nutrition.map { json.field($0, "per100g") != nil || json.field($0, "perServing") != nil } == true
        if let system = options.units {
            if let ingredients = json.field(root, "ingredients"), json.kind(ingredients) == .array {
                for element in json.elements(ingredients) { convertIngredient(element, to: system) }
            }
            if let steps = json.field(root, "steps"), json.kind(steps) == .array {
                for step in json.elements(steps) { convertLocalizedText(step, to: system) }
            }
            if isProduct, let quantity = json.field(root, "quantity") { convertMeasure(quantity, to: system) }
            if readConventionUnit {
                sink.add(.note, "cups, spoons and pints were read as \(options.convention.summary); use \(option("convention", "convention")) to read them otherwise", at: root)
            }
        }
        guard options.energy != nil || options.salt != nil || options.per != nil else { return }
        guard let nutrition, json.kind(nutrition) == .object else {
            if notesNothingToDo, options.energy != nil || options.salt != nil || options.per != nil, json.field(root, "ingredients") != nil || isProduct {
                sink.add(.note, "no nutrition to convert", at: root)
            }
            return
        }
        guard checkNutrientValues(nutrition) else { return }
        if isProduct { convertProductNutrition(nutrition) } else { convertRecipeNutrition(nutrition) }
    }

    /// Reports each nutrient value that cannot be converted: one that is not a number
    /// (`"100"`, `"0,5"`, `true`, `[0.5]`, `{"value": 3}`, `null`), one below 0 (`-5`), a
    /// recipe's energy that is not `{"value", "unit"}`, or a block of nutrients that is not an
    /// object. False when there was one: the document is not converted. Such a value would
    /// otherwise be carried across as written, and after `--per` a figure per 100 g would be
    /// labelled per serving.
    mutating func checkNutrientValues(_ nutrition: Int) -> Bool {
        var ok = true
        var objects = [nutrition]
        for (key, name) in [("per100g" as StaticString, "per100g"), ("perServing", "perServing")] {
            guard let o = json.field(nutrition, key) else { continue }
            if json.kind(o) == .object {
                objects.append(o)
            } else {
                sink.add(.error, "\(name) is \(Self.notANumber(json.value(o))), not an object of nutrients (such as {\"fat\": 3}): it cannot be converted", at: o)
                ok = false
            }
        }
        for object in objects {
            var values: [(name: String, node: Int)] = []
            for (k, v) in json.members(object) {
                guard let name = json.string(k) else { continue }
                if Self.nutrientKeys.contains(name) { values.append((name, v)) }
                if name == "energy" {
                    if json.kind(v) != .object {
                        sink.add(.error, "energy is \(Self.notANumber(json.value(v))), not a value and its unit (such as {\"value\": 250, \"unit\": \"kcal\"}): it cannot be converted", at: v)
                        ok = false
                    } else if let value = json.field(v, "value") {
                        values.append(("energy value", value))
                        // An energy whose unit is not given (or is neither kcal nor kJ) cannot
                        // be converted: it was left as it was, or written per 100 g with no
                        // unit, under --energy kJ.
                        if let target = options.energy {
                            let unit = json.field(v, "unit")
                            let text = unit.flatMap { json.string($0) }
                            if text.map({ ["kcal", "kj"].contains($0.lowercased()) }) != true {
                                let given = unit.map { "its unit is \(json.value($0).displayText), neither kcal nor kJ" } ?? "it has no unit"
                                sink.add(.error, "energy \(json.value(value).displayText): \(given), so it cannot be converted to \(target.rawValue); write {\"value\": …, \"unit\": \"kcal\"} or \"kJ\"", at: unit ?? v)
                                ok = false
                            }
                        }
                    }
                }
            }
            for (name, node) in values {
                switch json.kind(node) {
                case .number:
                    if let n = json.number(node), n.double < 0 {
                        sink.add(.error, "\(name) is \(n.literal): a nutrient amount cannot be negative, so it cannot be converted", at: node)
                        ok = false
                    }
                default:
                    sink.add(.error, "\(name) is \(Self.notANumber(json.value(node))), not a number: it cannot be converted; write it as a number (such as 0.5)", at: node)
                    ok = false
                }
            }
        }
        return ok
    }

    /// Reports the values a nutrient plan could not convert, as errors.
    mutating func report(_ plan: NutrientPlan) {
        for p in plan.problems { sink.add(.error, p.message, at: p.node) }
    }

    // MARK: Units

    mutating func convertIngredient(_ node: Int, to system: TargetSystem) {
        switch json.kind(node) {
        case .string:
            convertText(node, language: language, to: system)
        case .object:
            if json.field(node, "name") != nil || json.field(node, "quantity") != nil || json.field(node, "unit") != nil {
                guard let q = json.field(node, "quantity"), let u = json.field(node, "unit"),
                      let unitText = json.string(u), let unit = kitchen.unit(named: unitText) else { return }
                var scale = ScaleRun(document: Document(file: sink.document.file, json: json, node: root), parser: parser, language: language, locator: nil)
                guard checkAmount(q, unitText: unitText) else { return }
                let read: (Amount, AmountStyle)?
                do {
                    read = try scale.readQuantity(q)
                } catch {
                    sink.add(.error, "the quantity \(json.value(q).quantityText) \(unitText) has too many digits or is too large to convert exactly; nothing is converted", at: q)
                    return
                }
                guard let read else { return }
                let converted: ScaledQuantity?
                do {
                    converted = try kitchen.convert(read.0, unit: unit, to: system)
                } catch {
                    sink.add(.error, "the quantity \(json.value(q).quantityText) \(unitText) cannot be converted: \(error); nothing is converted", at: q)
                    return
                }
                guard let converted, let newUnit = converted.unit else { return }
                if Self.conventionUnits.contains(unit.id) { readConventionUnit = true }
                var style = read.1
                if case .fraction = converted.rounding { style.decimalSeparator = nil }  // 1,5 l → 6 1/4 cups
                scale.writeQuantity(converted, node: q, style: style)
                scale.editor.replace(u, string: scale.structuredUnitText(newUnit, original: unitText, amount: converted.shown))
                for edit in scale.editor.edits { editor.append(edit) }
            } else {
                for (key, value) in json.members(node) where json.kind(value) == .string {
                    convertText(value, language: json.string(key), to: system)
                }
            }
        default:
            break
        }
    }

    mutating func convertText(_ node: Int, language: String?, to system: TargetSystem) {
        guard let text = json.string(node) else { return }
        var out = text
        let line = parser.parse(text, language: language)
        // "1 500 ml water" in English: 1500 ml, or one thing of 500 ml? Not guessed, as scale
        // does not (``IngredientParser/spaceGroupedAmount(_:)``); it was left unconverted
        // without a word.
        if let grouped = parser.spaceGroupedAmount(line) {
            sink.add(.note, IngredientParser.spaceGroupedNote(text, amount: grouped), at: node)
        } else if line.isScalable {
            do {
                if let rewritten = try parser.convert(line, to: system) {
                    if let unit = line.unit, Self.conventionUnits.contains(unit.id) { readConventionUnit = true }
                    out = rewritten.text
                }
            } catch {
                sink.add(.warning, "'\(text)': \(error); left as is", at: node)
                return
            }
        }
        if line.isScalable, line.keepsMeasureWhenConverted, let amount = line.amount, let measure = line.measureWithWordsText,
           (try? kitchen.convert(amount, unit: line.unit, to: system)) != nil {
            sink.add(.note, "'\(text)': '\(measure)' is a measure of its own, with no amount in other units; its amount is left as is", at: node)
        }
        if line.isScalable, line.amount != nil, let other = unconvertedAmount(in: line, to: system) {
            sink.add(.note, "'\(text)' has a second amount, '\(other)', which is not converted; check the line", at: node)
        }
        // A heat elsewhere in the line ("1 cup warm water (110°F)"), as in a step: the line
        // was left half in one system.
        let heats = TemperatureText.convert(out, to: system, kitchen: kitchen, in: .ingredientLine)
        if !heats.changes.isEmpty { out = heats.text }
        noteUnconverted(heats.unconverted, at: node)
        noteUnread(heats.unread, system: system, at: node)
        noteCapitalC(line, at: node)
        if out != text {
            guard !json.holdsLoneSurrogate(node) else {
                sink.add(.warning, JSONDocument.loneSurrogateNote(text, verb: "convert"), at: node)
                return
            }
            editor.replace(node, string: out)
        }
    }

    /// A weight or volume after a read line's amount that `system` would convert and that is
    /// not (`2 cups` in "1 cup rice (2 cups cooked)", `1/2 cup` in "2 eggs and 1/2 cup milk",
    /// `2 lb` in "1 octopus of about 2 lb"), as text for a note: converted around it, the line
    /// was left in two systems without a word ("237 ml rice (2 cups cooked)"). What the line
    /// converts (a size, a bracket, a slash, parts of one amount) is not in its name or note;
    /// heats are ``TemperatureText``'s.
    func unconvertedAmount(in line: IngredientLine, to system: TargetSystem) -> String? {
        for part in [line.name, line.note ?? ""] {
            let joined = LineWords(part)
            let (words, scalars, starts) = (joined.words, joined.scalars, joined.starts)
            for (i, word) in words.enumerated() {
                guard LineWords.startsWithNumber(word)
                    || NumberWords.isNumber(word.trimmingCharacters(in: .punctuationCharacters), language: line.language) else { continue }
                let parsed = parser.leadingMeasure(scalars, from: starts[i], language: line.language)
                if parsed.amount != nil, let unit = parsed.unit, unit.dimension == .mass || unit.dimension == .volume,
                   kitchen.targetFamily(of: unit, in: system) != nil, let measure = parsed.measureText {
                    return measure
                }
            }
        }
        return nil
    }

    /// Temperatures in a step: a string or an object of language → string.
    mutating func convertLocalizedText(_ node: Int, to system: TargetSystem) {
        var nodes: [Int] = []
        if json.kind(node) == .string { nodes = [node] }
        if json.kind(node) == .object { nodes = json.members(node).map(\.value).filter { json.kind($0) == .string } }
        for n in nodes {
            guard let text = json.string(n) else { continue }
            let result = TemperatureText.convert(text, to: system, kitchen: kitchen)
            if !result.changes.isEmpty {
                guard !json.holdsLoneSurrogate(n) else {
                    sink.add(.warning, JSONDocument.loneSurrogateNote(text, verb: "convert"), at: n)
                    continue
                }
                editor.replace(n, string: result.text)
            }
            noteUnconverted(result.unconverted, at: n)
            noteUnread(result.unread, system: system, at: n)
        }
    }

    /// A note for an ingredient line that starts with more than 16 and a capital `C`
    /// (`40 C water`): US recipes write a cup so, but only up to 16 is it read as cups, and
    /// the amount an ingredient line starts with is no heat, so the line was left as written
    /// without a word.
    mutating func noteCapitalC(_ line: IngredientLine, at node: Int) {
        guard line.unit == nil, let amount = line.amountText, let value = line.amount, value.upper > IngredientParser.mostCupsWrittenC,
            UnitLexicon.baseLanguage(line.language).map({ $0 == "en" }) ?? true
        else { return }
        let name = Array(line.name.unicodeScalars)
        var i = 0
        guard name.first == "C" else { return }
        i = 1
        if i < name.count, name[i] == "." { i += 1 }
        guard i < name.count, name[i] == " " else { return }
        sink.add(.note, "'\(amount) C' is left as written: a capital C is read as cups only after 16 or less, and the amount an ingredient line starts with is no heat; write 'cups' or '°C'", at: node)
    }

    /// A note for each number with a bare °F or °C letter that is not read as a heat
    /// (`cool to 20C`, `20 C`) in a text whose other heats converted: left without a word,
    /// the text would be in two systems.
    mutating func noteUnread(_ heats: [String], system: TargetSystem, at node: Int) {
        let letter = system == .metric ? "F" : "C"
        for heat in heats {
            sink.add(.note, "'\(heat)' is left as written: a bare \(letter) is read as °\(letter) only after a heat of a liquid or an oven (90 or more glued to the number; 30 to 500 °C or 86 to 932 °F after a space), while the text's other heats were converted; check it", at: node)
        }
    }

    /// A note for each list of heats left as written (`350, 375 or 500 °F`): not every
    /// number of it reads as a heat, and converting the last alone would put the others
    /// under the new scale's sign.
    mutating func noteUnconverted(_ lists: [String], at node: Int) {
        for list in lists {
            sink.add(.note, "'\(list)' is left as written: its numbers are too far apart to be read as heats of one list, and converting some of them would mix °F and °C; check it", at: node)
        }
    }

    /// A `{value, unit}` measure (a product's net quantity). In US units it is stated as
    /// labels state it: fluid ounces or ounces, to three digits (330 ml → 11.2 fl oz, 400 g →
    /// 14.1 oz); in metric units in g, kg, ml or l, to three digits.
    /// A value that is not a number (`"0,5"`) is an error: it was carried across as
    /// written, a metric figure left in a file converted to US units.
    mutating func convertMeasure(_ node: Int, to system: TargetSystem) {
        guard let v = json.field(node, "value"), let u = json.field(node, "unit"), let unitText = json.string(u),
              let unit = kitchen.unit(named: unitText), checkAmount(v, unitText: unitText) else { return }
        guard json.kind(v) == .number else {
            sink.add(.error, "the quantity's value is \(Self.notANumber(json.value(v))), not a number: it cannot be converted; write it as a number (such as 0.5)", at: v)
            return
        }
        let cannot = "the quantity \(json.value(v).displayText) \(unitText) has too many digits or is too large to convert exactly; nothing is converted"
        let value: Rational
        do {
            guard let read = try json.rational(v) else { return }
            value = read
        } catch {
            sink.add(.error, cannot, at: v)
            return
        }
        if system == .us, kitchen.targetFamily(of: unit, in: .us) != nil,
           let label = kitchen.unit(id: unit.dimension == .mass ? "oz" : "us-fl-oz"), unit.dimension == .mass || unit.dimension == .volume {
            guard let exact = try? kitchen.convert(value, from: unit, to: label) else { sink.add(.error, cannot, at: v); return }
            editor.replace(v, raw: NumberText.roundedLiteral(QuantityFormatter.round(exact, .decimal)))
            editor.replace(u, string: label.symbol)
            return
        }
        let converted: ScaledQuantity?
        do {
            converted = try kitchen.convert(.exact(value), unit: unit, to: system)
        } catch {
            sink.add(.error, cannot, at: v)
            return
        }
        guard let converted, let newUnit = converted.unit,
              case .exact(let shown) = converted.shown else { return }
        editor.replace(v, raw: NumberText.roundedLiteral(shown))
        editor.replace(u, string: newUnit.symbol)
    }

    /// Reports a quantity given as a negative number (`-5 g`), which is not an amount;
    /// false then.
    mutating func checkAmount(_ node: Int, unitText: String) -> Bool {
        var numbers = [node]
        if json.kind(node) == .object { numbers = [json.field(node, "min"), json.field(node, "max")].compactMap { $0 } }
        for n in numbers {
            if let number = json.number(n), number.double < 0 {
                sink.add(.error, "the quantity \(number.literal) \(unitText) is negative: an amount is more than 0, so it cannot be converted", at: n)
                return false
            }
        }
        return true
    }

    // MARK: Nutrition

    /// The nutrient fields given in grams (or a number of kcal/kJ for products).
    static let nutrientKeys: Set<String> = [
        "fat", "saturatedFat", "salatrims", "carbohydrates", "sugars", "polyols", "erythritol", "fiber", "protein", "alcohol",
        "organicAcids", "salt", "sodium",
        "energyKcal", "energyKj",
    ]

    mutating func convertRecipeNutrition(_ nutrition: Int) {
        var factor: Rational?
        if let per = options.per {
            // The recipe's "per" read as the option is ("100 g", "Serving"): compared as
            // written, "100 g" under per 100g was taken for per serving and every figure
            // divided by the serving, and one that is neither ("portion") for whichever the
            // option is not. Without one, what the figures are per is not known.
            guard let perNode = json.field(nutrition, "per") else {
                sink.add(.error, "nutrition has no \"per\", so whether its figures are per 100 g or per serving is not known, and it cannot be converted per \(per.rawValue); add \"per\": \"100g\" or \"per\": \"serving\"", at: nutrition)
                return
            }
            guard let current = json.string(perNode), let given = ConvertOptions.Per(reading: current) else {
                sink.add(.error, "nutrition is per \(json.value(perNode).displayText), which is neither \"100g\" nor \"serving\", so it cannot be converted per \(per.rawValue); write \"per\": \"100g\" or \"per\": \"serving\"", at: perNode)
                return
            }
            if given != per {
                guard let size = options.servingSize else {
                    sink.add(.error, "nutrition is per \(current) and a recipe's serving has no weight: give \(option("serving-size", "servingSize")) (such as 350 g) to convert it per \(per.rawValue)", at: perNode)
                    return
                }
                // A recipe's nutrition is per 100 g (or per serving, of a weight): a serving given
                // as a volume (2 cups taken as 473 g) needs the recipe's density.
                if options.servingSizeDimension == .volume {
                    let flag = option("serving-size", "servingSize")
                    sink.add(.error, "a recipe's nutrition is converted between per serving and per 100 g with the serving's weight, but \(flag) is a volume: that needs the recipe's density; give \(flag) in g (such as 350 g), then convert", at: perNode)
                    return
                }
                factor = try? (per == .serving ? size / 100 : Rational(100) / size)
                editor.replace(perNode, string: per.rawValue)
                if options.keep {
                    sink.add(.note, "a recipe's nutrition is given for one thing (\"per\"), so the values per \(per == .serving ? "100 g" : "serving") cannot be kept beside those per \(per == .per100g ? "100 g" : "serving"): they are replaced", at: perNode)
                }
            }
        }
        var plan = NutrientPlan(json: json, object: nutrition, factor: factor, options: options, energyStyle: .object)
        plan.build(sink: &sink)
        report(plan)
        for edit in plan.edits { editor.append(edit) }
    }

    mutating func convertProductNutrition(_ nutrition: Int) {
        let per100g = json.keyNode(nutrition, "per100g")
        let perServing = json.keyNode(nutrition, "perServing")
        var handled = Set<Int>()
        if let per = options.per {
            let (fromKey, toKey, toName) = per == .serving ? (per100g, perServing, "perServing") : (perServing, per100g, "per100g")
            if let fromKey, json.kind(fromKey + 1) == .object {
                if let problem = servingProblem() {
                    sink.add(.error, problem.message, at: problem.node)
                    return
                }
                if let mismatch = measureMismatch() {
                    sink.add(.error, mismatch.message, at: mismatch.node)
                    return
                }
                if let toKey {
                    // Both are given: the target keeps its values and gets those it lacks.
                    guard let filled = fill(toKey, from: fromKey, per: per) else { return }
                    if filled { handled.insert(toKey) }
                    if !options.keep { editor.removeMember(of: nutrition, key: fromKey); handled.insert(fromKey) }
                } else if let size = servingSize() {
                    let factor = try? (per == .serving ? size / 100 : Rational(100) / size)
                    var plan = NutrientPlan(json: json, object: fromKey + 1, factor: factor, options: options, energyStyle: .pair)
                    var scratch = sink
                    plan.build(sink: &scratch)
                    guard plan.problems.isEmpty else { report(plan); return }
                    if options.keep {
                        let bytes = JSONEditor.apply(plan.edits, to: json.bytes, range: json.byteRange(fromKey + 1))
                        editor.insertMember(in: nutrition, after: fromKey, name: toName, raw: bytes)
                        // A team's own field is copied as it was: say so here too.
                        NutrientPlan.noteTeamFields(json: json, object: fromKey + 1, per: per, sink: &sink)
                    } else {
                        editor.rename(key: fromKey, to: toName)
                        for edit in plan.edits { editor.append(edit) }
                        sink = scratch
                        handled.insert(fromKey)
                    }
                } else {
                    sink.add(.error, "the product has no serving size, so nutrition per \(per == .serving ? "100 g" : "serving") cannot be converted per \(per.rawValue): add \"serving\": {\"value\": 30, \"unit\": \"g\"} or give \(option("serving-size", "servingSize"))", at: fromKey + 1)
                    return
                }
            }
        }
        // Energy and salt in the objects that stay.
        guard options.energy != nil || options.salt != nil else { return }
        for key in [per100g, perServing].compactMap({ $0 }) where !handled.contains(key) && json.kind(key + 1) == .object {
            var plan = NutrientPlan(json: json, object: key + 1, factor: nil, options: options, energyStyle: .pair)
            plan.build(sink: &sink)
            report(plan)
            for edit in plan.edits { editor.append(edit) }
        }
    }

    /// With nutrition both per 100 g and per serving, fills the target block (at `toKey`)
    /// with the values only the other one (at `fromKey`) gives, converted per `per` (and
    /// to kJ or sodium as asked), after the target's own: what the target gives is kept
    /// as it is. A team's own field is copied as it was, with a note. True when the target
    /// was rewritten (energy and salt included), false when it lacks nothing, nil after an
    /// error (no serving size to compute what it lacks).
    mutating func fill(_ toKey: Int, from fromKey: Int, per: ConvertOptions.Per) -> Bool? {
        let target = toKey + 1, source = fromKey + 1
        guard json.kind(target) == .object, json.kind(source) == .object else { return false }
        let (toName, fromName) = per == .serving ? ("perServing", "per100g") : ("per100g", "perServing")
        // The target as it will be written (kJ, sodium), and every name it gives.
        var targetPlan = NutrientPlan(json: json, object: target, factor: nil, options: options, energyStyle: .pair)
        var targetSink = sink
        targetPlan.build(sink: &targetSink)
        guard targetPlan.problems.isEmpty else { report(targetPlan); return nil }
        let targetBytes = JSONEditor.apply(targetPlan.edits, to: json.bytes, range: json.byteRange(target))
        guard let converted = try? JSONDocument(parsing: targetBytes) else { return false }
        var present = Set(json.members(target).compactMap { json.string($0.key) })
        for m in converted.members(converted.root) { if let name = converted.string(m.key) { present.insert(name) } }
        // The source converted the same way, per the target's amount.
        let size = servingSize()
        let factor = size.flatMap { try? (per == .serving ? $0 / 100 : Rational(100) / $0) }
        var sourcePlan = NutrientPlan(json: json, object: source, factor: factor, options: options, energyStyle: .pair)
        var scratch = sink
        sourcePlan.build(sink: &scratch)
        guard sourcePlan.problems.isEmpty else { report(sourcePlan); return nil }
        guard let from = try? JSONDocument(parsing: JSONEditor.apply(sourcePlan.edits, to: json.bytes, range: json.byteRange(source))) else {
            return false
        }
        // Salt and sodium state one value, as kcal and kJ do: the target's own is kept, and
        // its counterpart from the other block would contradict it.
        let counterparts = ["salt": "sodium", "sodium": "salt", "energyKcal": "energyKj", "energyKj": "energyKcal"]
        let missing = from.members(from.root).compactMap { m in from.string(m.key).map { (name: $0, value: m.value) } }
            .filter { !present.contains($0.name) && !(counterparts[$0.name].map(present.contains) ?? false) }
        guard !missing.isEmpty else { return false }
        let computed = missing.filter { ConvertRun.nutrientKeys.contains($0.name) && from.kind($0.value) == .number }.map(\.name)
        if !computed.isEmpty, factor == nil {
            sink.add(.error, "the product has no serving size, so \(Self.list(computed)) per \(per == .serving ? "100 g" : "serving"), which \(toName) does not give, cannot be converted per \(per.rawValue): add \"serving\": {\"value\": 30, \"unit\": \"g\"} or give \(option("serving-size", "servingSize"))", at: source)
            return nil
        }
        let written: [UInt8]
        let targetMembers = Array(converted.members(converted.root))
        if let last = targetMembers.last {
            // Spaced as the target's members are (a compact one's as the other block's).
            var spacing = Self.spaceBefore(last.key, in: converted)
            if targetMembers.count == 1, spacing.isEmpty {
                let others = Array(from.members(from.root))
                spacing = others.count > 1 ? Self.spaceBefore(others[1].key, in: from) : [UInt8(ascii: " ")]
            }
            let separator = Array(converted.bytes[converted.byteRange(last.key).upperBound..<converted.byteRange(last.value).lowerBound])
            var insertion: [UInt8] = []
            for m in missing {
                insertion.append(UInt8(ascii: ","))
                insertion += spacing
                JSONWriter.compact.writeString(m.name, into: &insertion)
                insertion += separator
                insertion += from.bytes[from.byteRange(m.value)]
            }
            let at = converted.byteRange(last.value).upperBound
            written = JSONEditor.apply([JSONEdit(range: at..<at, replacement: insertion)], to: converted.bytes, range: 0..<converted.bytes.count)
        } else {
            // An empty target: the other block's values, all of them.
            written = from.bytes
        }
        editor.replace(target, raw: written)
        sink = targetSink
        if !computed.isEmpty {
            sink.add(.note, "\(Self.list(computed)) \(computed.count == 1 ? "is" : "are") not given in \(toName): computed from \(fromName)", at: target)
        }
        for m in missing where m.name.hasPrefix("x-") && from.kind(m.value) == .number {
            guard let original = json.members(source).first(where: { json.string($0.key) == m.name })?.value else { continue }
            sink.add(.note, "\(m.name) is a field of the team's own: copied to \(toName) as it is, not converted per \(per.rawValue); check it", at: original)
        }
        return true
    }

    /// The white space before a key (after the comma before it, or the brace).
    static func spaceBefore(_ key: Int, in json: JSONDocument) -> [UInt8] {
        let start = json.byteRange(key).lowerBound
        var i = start
        while i > 0, json.bytes[i - 1] == 0x20 || json.bytes[i - 1] == 0x0A || json.bytes[i - 1] == 0x0D || json.bytes[i - 1] == 0x09 { i -= 1 }
        return Array(json.bytes[i..<start])
    }

    /// Names joined for a sentence: `fat`, `fat and salt`, `fat, sugars and salt`.
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// A product sold by volume (its `quantity` in ml, l, fl oz …), whose `per100g` is per
    /// 100 ml, with a serving given as a mass, or the other way round: converting between
    /// them needs the product's density (30 g of a syrup is about 21 ml, so a serving
    /// computed as 30 ml was 40% too high), as nutrition-consistency does not compare them.
    /// The serving is the product's own, else `servingSize`'s when its unit said what it
    /// measures (250 ml given for a spread sold in g was taken as 250 g).
    func measureMismatch() -> (node: Int, message: String)? {
        func dimension(_ measure: Int?) -> (node: Int, unit: String, volume: Bool)? {
            guard let measure, let u = json.field(measure, "unit"), let text = json.string(u),
                  let d = kitchen.unit(named: text)?.dimension, d == .mass || d == .volume else { return nil }
            return (u, text, d == .volume)
        }
        guard let sold = dimension(json.field(root, "quantity")) else { return nil }
        let (per, given, wanted) = sold.volume ? ("100 ml", "a mass", "ml") : ("100 g", "a volume", "g")
        if let serving = dimension(json.field(root, "serving")) {
            guard sold.volume != serving.volume else { return nil }
            return (serving.node, "the product is sold in \(sold.unit), so its nutrition is per \(per), but its serving is \(given) (\(serving.unit)): converting between them needs the product's density; give the serving in \(wanted), then convert")
        }
        guard productServingSize() == nil, options.servingSize != nil, let d = options.servingSizeDimension,
              d == .mass || d == .volume, (d == .volume) != sold.volume else { return nil }
        let flag = option("serving-size", "servingSize")
        return (sold.node, "the product is sold in \(sold.unit), so its nutrition is per \(per), but \(flag) is \(given): converting between them needs the product's density; give \(flag) in \(wanted), then convert")
    }

    /// A product's `serving` whose value cannot be read as an amount: a string (`"30"`), a
    /// number not more than 0, or one beyond exact arithmetic. It was passed over, and the
    /// error said the product had no serving size.
    func servingProblem() -> (node: Int, message: String)? {
        guard let serving = json.field(root, "serving"), let v = json.field(serving, "value") else { return nil }
        let per = "nutrition cannot be converted per \(options.per?.rawValue ?? "serving")"
        guard json.kind(v) == .number else {
            return (v, "the serving's value is \(Self.notANumber(json.value(v))), not a number, so \(per); write it as a number (such as 30)")
        }
        let literal = json.number(v)?.literal ?? json.value(v).displayText
        guard let value = try? json.rational(v) else {
            return (v, "the serving's value \(literal) has too many digits or is too large to convert exactly, so \(per)")
        }
        guard value.numerator > 0 else { return (v, "the serving's value is \(literal): a serving is more than 0, so \(per)") }
        return nil
    }

    /// A JSON value that is not a number, for a message: `a string, "0,5"`, `null`.
    static func notANumber(_ value: JSONValue) -> String {
        if value.stringValue != nil { return "a string, \(value.displayText)" }
        return value.displayText
    }

    /// The product's serving in g or ml (`serving.value`), else the option's.
    func servingSize() -> Rational? {
        productServingSize() ?? options.servingSize
    }

    /// The product's own serving (`serving.value`), in g or ml when its unit is a mass or
    /// a volume.
    func productServingSize() -> Rational? {
        guard let serving = json.field(root, "serving"), let v = json.field(serving, "value"),
              let value = try? json.rational(v), value.numerator > 0 else { return nil }
        if let u = json.field(serving, "unit"), let text = json.string(u), let unit = kitchen.unit(named: text),
           let base = kitchen.unit(id: unit.dimension == .volume ? "ml" : "g"),
           let converted = try? kitchen.convert(value, from: unit, to: base) {
            return converted
        }
        return value
    }
}

/// The edits for one object of nutrients: scaled by a factor (per 100 g ↔ per serving),
/// energy in kJ or kcal, salt or sodium.
struct NutrientPlan {
    enum EnergyStyle {
        /// A recipe's `energy: {value, unit}`.
        case object
        /// A product's `energyKcal` and `energyKj`.
        case pair
    }

    let json: JSONDocument
    let object: Int
    let factor: Rational?
    let options: ConvertOptions
    let energyStyle: EnergyStyle
    var edits: [JSONEdit] = []
    /// Values that could not be converted (too many digits, or a result beyond 64-bit
    /// fractions): each an error, and the document is not converted.
    var problems: [(node: Int, message: String)] = []

    init(json: JSONDocument, object: Int, factor: Rational?, options: ConvertOptions, energyStyle: EnergyStyle) {
        self.json = json
        self.object = object
        self.factor = factor
        self.options = options
        self.energyStyle = energyStyle
    }

    /// A member's number after the per factor (exact when no factor), rounded as a
    /// nutrient is written unless `rounded` is false (a value converted further, kcal to
    /// kJ, is rounded once, at the end: 900 kcal per 350 g gave 1075 kJ per 100 g, not 1076).
    mutating func scaled(_ node: Int, rounded: Bool = true) -> Rational? {
        let v: Rational
        do {
            guard let read = try json.rational(node) else { return nil }
            v = read
        } catch {
            fail(node, "has too many digits or is too large to convert exactly")
            return nil
        }
        guard let factor else { return v }
        guard let s = try? v * factor else {
            fail(node, "is too large or too precise to convert per \(options.per?.rawValue ?? "serving")")
            return nil
        }
        return rounded ? NutritionConversion.rounded(s) : s
    }

    /// Records that the number at `node` could not be converted.
    mutating func fail(_ node: Int, _ reason: String) {
        guard !problems.contains(where: { $0.node == node }) else { return }
        let name = json.members(object).first { $0.value == node }.flatMap { json.string($0.key) } ?? "energy"
        let literal = String(decoding: json.bytes[json.byteRange(node)], as: UTF8.self)
        problems.append((node, "\(name) \(literal) \(reason); nothing is converted"))
    }

    /// kcal to kJ or kJ to kcal, or nil after recording why not.
    mutating func convertedEnergy(_ value: Rational, to target: ConvertOptions.Energy, node: Int) -> Rational? {
        do {
            return target == .kJ ? try NutritionConversion.kilojoules(fromKilocalories: value)
                : try NutritionConversion.kilocalories(fromKilojoules: value)
        } catch {
            fail(node, "is too large to convert to \(target.rawValue)")
            return nil
        }
    }

    mutating func build(sink: inout DiagnosticSink) {
        var editor = JSONEditor(json)
        var members: [(key: Int, value: Int, name: String)] = []
        for (k, v) in json.members(object) { members.append((k, v, json.string(k) ?? "")) }
        func find(_ name: String) -> (key: Int, value: Int, name: String)? { members.first { $0.name == name } }
        var done = Set<Int>()  // value nodes already rewritten
        // A name given twice: readers take the last value, and a conversion would rewrite
        // one and leave the other to contradict it (energyKcal 539 became energyKj 2255
        // beside the energyKcal 600 apps read, and the next run dropped the 600).
        var names = Set<String>()
        for m in members where !names.insert(m.name).inserted {
            problems.append((m.key, "\"\(m.name)\" is given twice in this object (readers take the last one); remove one, then convert; nothing is converted"))
        }
        guard problems.isEmpty else { return }

        // Energy.
        if let target = options.energy {
            switch energyStyle {
            case .object:
                if let energy = find("energy"), json.kind(energy.value) == .object,
                   let v = json.field(energy.value, "value"), let u = json.field(energy.value, "unit"),
                   let unit = json.string(u), let value = scaled(v, rounded: false) {
                    if unit.lowercased() != target.rawValue.lowercased() {
                        guard let converted = convertedEnergy(value, to: target, node: v) else { break }
                        editor.replace(v, raw: NumberText.roundedLiteral(converted))
                        editor.replace(u, string: target.rawValue)
                        if options.keep {
                            // One {value, unit}: there is no field to keep the other beside it.
                            let given = String(decoding: NumberText.roundedLiteral(value), as: UTF8.self)
                            sink.add(.note, "a recipe states its energy once ({\"value\", \"unit\"}), so \(given) \(unit) cannot be kept beside the \(target.rawValue): it is replaced (keeping applies to fields a recipe has both of, salt and sodium)", at: v)
                        }
                    } else if factor != nil {
                        editor.replace(v, raw: NumberText.roundedLiteral(value.rounded(toDenominator: 1)))
                    }
                    done.insert(v)
                }
            case .pair:
                let (fromName, toName) = target == .kJ ? ("energyKcal", "energyKj") : ("energyKj", "energyKcal")
                if let from = find(fromName), let value = scaled(from.value, rounded: false),
                   let converted = convertedEnergy(value, to: target, node: from.value) {
                    convertPair(from: from, toName: toName, converted: converted, unitNames: ("kcal", "kJ", target == .kJ),
                                find: find, editor: &editor, done: &done, sink: &sink, tolerance: { a, b in
                                    // As nutrition-consistency's default: 2% and 2 kJ (180 kJ beside
                                    // 42 kcal, 175.7 kJ, a real label's rounding, warned here only).
                                    let (x, y) = target == .kJ ? (a, b) : (a * 4.184, b * 4.184)
                                    return abs(x - y) <= 0.02 * max(x, y) + 2
                                })
                }
            }
        }
        // Salt and sodium.
        if let target = options.salt {
            let (fromName, toName) = target == .sodium ? ("salt", "sodium") : ("sodium", "salt")
            if let from = find(fromName), let value = scaled(from.value, rounded: false) {
                if let converted = try? (target == .sodium ? NutritionConversion.sodium(fromSalt: value) : NutritionConversion.salt(fromSodium: value)) {
                convertPair(from: from, toName: toName, converted: NutritionConversion.rounded(converted), unitNames: ("g salt", "g sodium", target == .sodium),
                            find: find, editor: &editor, done: &done, sink: &sink, tolerance: { a, b in abs(a - b) <= max(0.01, 0.1 * b) })
                } else {
                    fail(from.value, "is too large to convert to \(target.rawValue)")
                }
            }
        }
        // Every other number, by the per factor; a team's own (`x-…`) is not known to be an
        // amount per 100 g or per serving, so it stays, with a note.
        if factor != nil {
            if let per = options.per { Self.noteTeamFields(json: json, object: object, per: per, sink: &sink) }
            for m in members where !done.contains(m.value) && json.kind(m.value) == .number && ConvertRun.nutrientKeys.contains(m.name) {
                if let v = scaled(m.value) {
                    let isEnergy = m.name == "energyKcal" || m.name == "energyKj"
                    editor.replace(m.value, raw: NumberText.roundedLiteral(isEnergy ? v.rounded(toDenominator: 1) : v))
                }
            }
            if energyStyle == .object, let energy = find("energy"), json.kind(energy.value) == .object,
               let v = json.field(energy.value, "value"), !done.contains(v), let value = scaled(v) {
                editor.replace(v, raw: NumberText.roundedLiteral(value.rounded(toDenominator: 1)))
            }
        }
        edits = editor.edits
    }

    /// Notes each number of a team's own (`x-…`) in the nutrients at `object`: converting
    /// per 100 g or per serving leaves it as it is.
    static func noteTeamFields(json: JSONDocument, object: Int, per: ConvertOptions.Per, sink: inout DiagnosticSink) {
        for (k, v) in json.members(object) where json.kind(v) == .number {
            guard let name = json.string(k), name.hasPrefix("x-") else { continue }
            sink.add(.note, "\(name) is a field of the team's own: left as it is, not converted per \(per.rawValue); check it", at: v)
        }
    }

    /// Replaces `from` by `toName` (or, when that is given too, drops `from` and checks they
    /// agree; with `keep`, adds `toName` beside `from`).
    private func convertPair(
        from: (key: Int, value: Int, name: String), toName: String, converted: Rational, unitNames: (String, String, Bool),
        find: (String) -> (key: Int, value: Int, name: String)?, editor: inout JSONEditor, done: inout Set<Int>,
        sink: inout DiagnosticSink, tolerance: (Double, Double) -> Bool
    ) {
        let literal = NumberText.roundedLiteral(converted)
        if let existing = find(toName) {
            // Compared as the file gives them, before any per-100 g or per-serving factor: the
            // same tolerance on values multiplied by 3.3 warned about 42 kcal and 180 kJ (1 kcal
            // apart) and quoted numbers that are not in the file (138.6 and 142).
            let inFile = factor.flatMap { try? converted / $0 } ?? converted
            if let given = try? json.rational(existing.value), !tolerance(given.doubleValue, inFile.doubleValue) {
                let givenText = String(decoding: NumberText.roundedLiteral(given), as: UTF8.self)
                let convertedText = String(decoding: NumberText.roundedLiteral(NutritionConversion.rounded(inFile)), as: UTF8.self)
                sink.add(.warning, "\(from.name) and \(toName) disagree: \(toName) \(givenText) is given, \(from.name) gives \(convertedText); kept \(toName) as given", at: existing.value)
            }
            if !options.keep {
                editor.removeMember(of: object, key: from.key)
                done.insert(from.value)
            }
            return
        }
        if options.keep {
            editor.insertMember(in: object, after: from.key, name: toName, raw: literal)
        } else {
            editor.rename(key: from.key, to: toName)
            editor.replace(from.value, raw: literal)
            done.insert(from.value)
        }
    }
}


extension ConvertTransform: OptionChecking {
    public func optionProblems(_ options: JSONValue, locales: [String]) -> [String] {
        checkOptions(options, locales: locales).map(\.message)
    }

    public func checkOptions(_ options: JSONValue, locales: [String]) -> [OptionProblem] {
        TransformOptionError.problems(options) { (options) throws(TransformOptionError) in _ = try ConvertOptions(json: options) }
    }
}
