import Foundation
import LarderCore
import LarderJSON
import LarderUnits

/// Imports Open Food Facts products (API v2) as Larder products.
///
/// A file holds a bare product object, the API's answer for one product
/// (`{"code": …, "product": {…}, "status": 1}`), a search answer (`{"products": […]}`),
/// an array of any of these, or JSON Lines, one per line (the shape of the Open Food Facts
/// data export). Docs/importers.md has the field mapping; in short:
///
/// | Open Food Facts | Larder |
/// |---|---|
/// | `code` (a string, or a number read from its literal) | `code` |
/// | `product_name`, `product_name_xx` | `name` (`{ "xx": … }`) |
/// | `brands`, `stores` (comma-separated) | `brands`, `stores` |
/// | `quantity`, `serving_size` | `quantity`, `serving` |
/// | `nutriments` `<n>_100g`, `<n>_serving` | `nutrition.per100g`, `nutrition.perServing` |
/// | `nutriments` `alcohol_100g`, `alcohol_serving` (% vol) | `alcohol` in grams, for a product sold by volume |
/// | `allergens_tags`, `categories_tags`, `labels_tags`, `origins_tags` | `allergens`, `categories`, `labels`, `origins` |
/// | `selected_images` (front, ingredients, nutrition) | `images` |
public struct OpenFoodFactsImporter: Importer {
    public let id = "off"
    public let summary = "Imports Open Food Facts products (API v2 JSON or JSON Lines) as Larder products."
    public let kind = "product"

    public init() {}

    public func records(in bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> [ImportedDocument] {
        var documents: [ImportedDocument] = []
        for var reader in ImportInput.texts(bytes, file: file, diagnostics: &diagnostics) {
            // A search that found nothing is told of, as a file with no recipe is.
            if let results = searchResults(reader.json.root, reader: &reader), results.isEmpty {
                reader.report(.warning, "a search answer with no products; nothing is imported", at: reader.json.root)
            }
            for node in recordNodes(reader.json.root, reader: &reader) {
                if let document = product(node, reader: &reader) { documents.append(document) }
            }
            diagnostics += reader.diagnostics
        }
        return documents
    }

    /// The records of a JSON text: the elements of an array, the products of a search
    /// answer, or the text itself.
    func recordNodes(_ root: Int, reader: inout ImportReader) -> [Int] {
        let json = reader.json
        switch json.kind(root) {
        case .array:
            // An array of any of the shapes: products, API answers, search answers (a search
            // answer in an array was read as one product without a code).
            return json.elements(root).flatMap { searchResults($0, reader: &reader) ?? [$0] }
        case .object:
            return searchResults(root, reader: &reader) ?? [root]
        default:
            return [root]
        }
    }

    /// The products of a search answer (`{"count": …, "products": […]}`), nil for any
    /// other node.
    func searchResults(_ node: Int, reader: inout ImportReader) -> [Int]? {
        let json = reader.json
        guard json.kind(node) == .object, let products = reader.member(node, "products"), json.kind(products) == .array,
              reader.member(node, "code") == nil, reader.member(node, "product") == nil else { return nil }
        return Array(json.elements(products))
    }

    /// The fields Larder's product nutrients take, by Open Food Facts nutrient id. Salatrims
    /// and organic acids are not in Open Food Facts' standard nutrient table: a contributor
    /// adds them by name, so the id may be singular or plural; the first one given wins.
    static let nutrients: [(off: String, larder: String)] = [
        ("energy-kcal", "energyKcal"), ("energy-kj", "energyKj"), ("fat", "fat"), ("saturated-fat", "saturatedFat"),
        ("salatrims", "salatrims"), ("salatrim", "salatrims"), ("carbohydrates", "carbohydrates"), ("sugars", "sugars"),
        ("polyols", "polyols"), ("erythritol", "erythritol"), ("fiber", "fiber"), ("proteins", "protein"),
        ("organic-acids", "organicAcids"), ("organic-acid", "organicAcids"), ("salt", "salt"), ("sodium", "sodium"),
    ]

    /// The order Larder's product nutrients are written in (the schema's).
    static let nutrientOrder = [
        "energyKcal", "energyKj", "fat", "saturatedFat", "salatrims", "carbohydrates", "sugars", "polyols", "erythritol", "fiber",
        "protein", "alcohol", "organicAcids", "salt", "sodium",
    ]

    /// Grams of ethanol in 100 ml of a drink of 1% vol: its density, 0.789 g/ml.
    static let ethanolGramsPerPercent = Decimal(string: "0.789", locale: ImportNumber.posix)!

    /// One record made a product, or nil (with an error) when it cannot be.
    func product(_ record: Int, reader: inout ImportReader) -> ImportedDocument? {
        let json = reader.json
        let mark = reader.diagnostics.count
        guard json.kind(record) == .object else {
            reader.report(.error, "expected an Open Food Facts product (an object), found \(json.kind(record)); this record is not imported", at: record)
            return nil
        }
        // The API's answer wraps the product: {"code", "product", "status", "status_verbose"}.
        var node = record
        var wrapperCode: Int?
        if let inner = reader.member(record, "product") {
            guard json.kind(inner) == .object else {
                reader.report(.error, "\"product\" must be an object, found \(json.kind(inner)); this record is not imported", at: inner)
                return nil
            }
            node = inner
            wrapperCode = reader.member(record, "code")
        } else if let status = reader.member(record, "status"), json.int(status) == 0 || json.string(status) == "failure" {
            // API v2: status 0 and status_verbose; API v3: "failure" and result.name.
            let verbose = reader.member(record, "status_verbose").flatMap { reader.text($0) }
                ?? reader.member(record, "result").flatMap { reader.member($0, "name") }.flatMap { reader.text($0) } ?? "no product"
            let code = reader.member(record, "code").map { json.kind($0) == .number ? json.numberLiteral($0) : reader.text($0) ?? "" } ?? ""
            reader.report(.error, "Open Food Facts answered '\(verbose)'\(code.isEmpty ? "" : " for code \(code)"); this record is not imported", at: status)
            return nil
        }

        var out = JSONObject()
        // code (required)
        // A blank code is none, as null is: `_id` holds the barcode too (it was "code '' is
        // not a barcode").
        func given(_ n: Int?) -> Int? { n.flatMap { json.string($0)?.trimmingCharacters(in: .whitespaces).isEmpty == true ? nil : $0 } }
        guard let codeNode = given(reader.member(node, "code")) ?? given(wrapperCode) ?? given(reader.member(node, "_id"))
                ?? reader.member(node, "code") ?? wrapperCode else {
            reader.report(.error, "the product has no \"code\" (its barcode); this record is not imported", at: node)
            return nil
        }
        guard let code = barcode(codeNode, reader: &reader) else { return nil }
        out["code"] = .string(code)

        // name (required)
        guard let name = name(node, reader: &reader) else {
            if let plain = reader.member(node, "product_name"), json.kind(plain) != .string {
                reader.report(.error, "product \(code) has no name: product_name is \(Self.article(json.kind(plain))), not text, and no product_name_xx gives one; this record is not imported", at: plain)
            } else {
                reader.report(.error, "product \(code) has no product_name (nor product_name_xx in any language); this record is not imported", at: node)
            }
            return nil
        }
        out["name"] = name

        if let brands = reader.member(node, "brands") {
            let list = commaList(brands, field: "brands", reader: &reader)
            if !list.isEmpty { out["brands"] = .array(list.map { .string($0) }) }
        }
        if let quantity = quantity(node, reader: &reader) { out["quantity"] = quantity }
        if let serving = serving(node, reader: &reader) { out["serving"] = serving }
        if let nutrition = nutrition(node, quantity: out["quantity"], serving: out["serving"], reader: &reader) { out["nutrition"] = nutrition }
        for (offField, larderField) in [("allergens_tags", "allergens"), ("categories_tags", "categories"), ("labels_tags", "labels")] {
            if let tags = reader.member(node, offField), let list = taxonomyTags(tags, field: offField, reader: &reader) {
                out[larderField] = list
            }
        }
        if let images = images(node, reader: &reader) { out["images"] = images }
        if let tags = reader.member(node, "origins_tags"), let list = taxonomyTags(tags, field: "origins_tags", reader: &reader) {
            out["origins"] = list
        }
        if let stores = reader.member(node, "stores") {
            let list = commaList(stores, field: "stores", reader: &reader)
            if !list.isEmpty { out["stores"] = .array(list.map { .string($0) }) }
        }
        if reader.hasErrors(since: mark) { return nil }
        let value = reader.lintableText(.object(out), record: record)
        return ImportedDocument(
            kind: kind, id: .string(code), value: value, file: reader.file, start: reader.position(of: record))
    }

    // MARK: code

    /// The barcode as digits. A code that came as a JSON number lost any leading zeros
    /// (JSON numbers have none), so it is read from its literal, never through a Double,
    /// and padded: to 8 digits below 8, to 13 (EAN-13, as Open Food Facts stores codes)
    /// from 9 to 12. A string of 9 to 11 digits is padded to 13 too, as Open Food Facts
    /// does.
    func barcode(_ node: Int, reader: inout ImportReader) -> String? {
        let json = reader.json
        let literal: String
        let fromNumber: Bool
        switch json.kind(node) {
        case .string:
            literal = (json.string(node) ?? "").trimmingCharacters(in: .whitespaces)
            fromNumber = false
        case .number:
            literal = json.numberLiteral(node)
            fromNumber = true
        default:
            reader.report(.error, "\"code\" must be a string of digits, found \(json.kind(node)); this record is not imported", at: node)
            return nil
        }
        guard !literal.isEmpty, literal.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            reader.report(.error, "code '\(literal)' is not a barcode (digits only); this record is not imported", at: node)
            return nil
        }
        // Zeros only: no product (a number 0 was padded to 00000000 with a note, while the
        // text "0" was an error).
        guard literal.utf8.contains(where: { $0 != UInt8(ascii: "0") }) else {
            reader.report(.error, "code \(fromNumber ? literal : "'\(literal)'") is zeros only, which names no product; this record is not imported", at: node)
            return nil
        }
        var code = literal
        switch (literal.count, fromNumber) {
        case (15..., _):
            reader.report(.error, "code '\(literal)' has \(literal.count) digits; a barcode (GTIN) has 8, 12, 13 or 14; this record is not imported", at: node)
            return nil
        case (..<8, true):
            code = String(repeating: "0", count: 8 - literal.count) + literal
        case (9...12, true), (9...11, false):
            code = String(repeating: "0", count: 13 - literal.count) + literal
        case (..<8, false):
            reader.report(.error, "code '\(literal)' has \(literal.count) digits; a barcode (GTIN) has 8, 12, 13 or 14; this record is not imported", at: node)
            return nil
        default:
            break
        }
        if code != literal {
            let why = fromNumber
                ? "the code is a JSON number, which cannot keep leading zeros"
                : "a code of \(literal.count) digits is padded to an EAN-13, as Open Food Facts does"
            reader.report(.note, "code \(literal) is read as \(code): \(why)", at: node)
        }
        return code
    }

    // MARK: name

    /// A JSON kind with its article, as a message names a value: "an array", "a number".
    static func article(_ kind: JSONKind) -> String {
        let name = "\(kind)"
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }

    /// `product_name_xx` per language, with `product_name` under the product's `lang`.
    func name(_ node: Int, reader: inout ImportReader) -> JSONValue? {
        let json = reader.json
        var names: [String: String] = [:]
        for (keyNode, valueNode) in json.members(node) {
            guard let key = json.string(keyNode), key.hasPrefix("product_name_") else { continue }
            let language = String(key.dropFirst("product_name_".count))
            guard Self.isLanguage(language), let text = reader.text(valueNode) else { continue }
            names[language] = text
        }
        // `EN` is `en`, as the `product_name_en` beside it (it gave a name with no language).
        let language = (reader.member(node, "lang") ?? reader.member(node, "lc")).flatMap { reader.text($0)?.lowercased() }.flatMap {
            Self.isLanguage($0) ? $0 : nil
        }
        let plainNode = reader.member(node, "product_name")
        let plain = plainNode.flatMap { reader.text($0) }
        if let plain, let plainNode {
            if let language {
                if names[language] == nil { names[language] = plain }
            } else if names.isEmpty {
                return .string(plain)
            } else if !names.values.contains(plain) {
                reader.report(.warning, "product_name '\(plain)' has no language (no \"lang\") and differs from the product_name_xx names; it is left out", at: plainNode)
            }
        }
        guard !names.isEmpty else { return nil }
        return .object(JSONObject(names.keys.sorted().map { ($0, .string(names[$0] ?? "")) }))
    }

    /// A language code as Open Food Facts writes them (`en`, `pt`), not `xx` (its "no
    /// language").
    static func isLanguage(_ text: String) -> Bool {
        (2...3).contains(text.utf8.count) && text != "xx"
            && text.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    // MARK: lists and tags

    /// A comma-separated string as a list of distinct, trimmed entries.
    func commaList(_ node: Int, field: String, reader: inout ImportReader) -> [String] {
        guard let text = reader.json.string(node) else {
            reader.report(.warning, "\"\(field)\" must be a comma-separated string, found \(reader.json.kind(node)); it is left out", at: node)
            return []
        }
        var seen = Set<String>()
        var out: [String] = []
        for part in text.split(separator: ",") {
            let entry = ImportText.clean(String(part))
            if !entry.isEmpty, seen.insert(entry.lowercased()).inserted { out.append(entry) }
        }
        return out
    }

    /// Taxonomy tags (`en:milk`), each once; tags Larder cannot take are dropped with a
    /// warning.
    func taxonomyTags(_ node: Int, field: String, reader: inout ImportReader) -> JSONValue? {
        let json = reader.json
        guard json.kind(node) == .array else {
            reader.report(.warning, "\"\(field)\" must be an array of tags, found \(json.kind(node)); it is left out", at: node)
            return nil
        }
        var seen = Set<String>()
        var out: [JSONValue] = []
        for element in json.elements(node) {
            guard let tag = json.string(element), Self.isTaxonomyTag(tag) else {
                let shown = json.string(element).map { "'\($0)'" } ?? "a \(json.kind(element))"
                reader.report(.warning, "\(shown) in \(field) is not a taxonomy tag like en:milk (a language, a colon and lower-case letters, digits and hyphens); it is left out", at: element)
                continue
            }
            if seen.insert(tag).inserted { out.append(.string(tag)) }
        }
        return out.isEmpty ? nil : .array(out)
    }

    /// `^[a-z]{2,3}:[a-z0-9-]+$`, the schema's `taxonomyTag`.
    static func isTaxonomyTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, (2...3).contains(parts[0].utf8.count), !parts[1].isEmpty else { return false }
        return parts[0].utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
            && parts[1].utf8.allSatisfy {
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-")
            }
    }

    // MARK: quantity and serving

    /// An amount and a unit in text: `400 g`, `1,5 L`, `330ml`, `6 x 330 ml` (the total),
    /// `12 fl oz`. Nil when the text is anything else, or its total is 0 (`0 g`, `6 x 0 ml`,
    /// `0 x 330 ml`: a pack of none was 0 ml, which failed the whole product).
    static func measure(_ text: String) -> (value: Decimal, unit: UnitDefinition)? {
        var rest = Substring(ImportText.clean(text).replacingOccurrences(of: "℮", with: ""))
        var multiplier = Decimal(1)
        func number() -> Decimal? {
            rest = rest.drop(while: { $0 == " " })
            let digits = rest.prefix(while: { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," })
            guard let value = ImportNumber.decimal(digits) else { return nil }
            rest = rest.dropFirst(digits.count).drop(while: { $0 == " " })
            return value
        }
        guard var value = number() else { return nil }
        if let first = rest.first, ["x", "X", "×", "*"].contains(first) {
            rest = rest.dropFirst()
            multiplier = value
            guard let inner = number() else { return nil }
            value = inner
        }
        var unitText = rest.prefix(while: { $0 != "(" && $0 != "/" && $0 != "," }).trimmingCharacters(in: .whitespaces)
        // "1 kg e": the estimated sign written as a letter.
        if unitText.hasSuffix(" e") { unitText.removeLast(2) }
        let total = value * multiplier
        // "500 G": a unit in capitals is read as the nutrition figures' units are (a
        // one-letter unit's case counts in the table, so "G" was no unit).
        guard !unitText.isEmpty, let unit = NutritionText.lenientUnit(unitText),
              [.mass, .volume, .count].contains(unit.dimension), total > 0
        else { return nil }
        return (total, unit)
    }

    /// `quantity` ("400 g"), else `product_quantity` with `product_quantity_unit`.
    func quantity(_ node: Int, reader: inout ImportReader) -> JSONValue? {
        let json = reader.json
        if let q = reader.member(node, "quantity"), let text = reader.text(q) {
            if let (value, unit) = Self.measure(text) {
                return .object(JSONObject([("value", ImportNumber.json(value)), ("unit", .string(unit.id))]))
            }
            if reader.member(node, "product_quantity") == nil {
                reader.report(.warning, "quantity '\(text)' is not an amount with a unit (such as 400 g or 6 x 330 ml); it is left out", at: q)
                return nil
            }
        }
        guard let pq = reader.member(node, "product_quantity") else { return nil }
        let unitText = reader.member(node, "product_quantity_unit").flatMap { reader.text($0) } ?? "g"
        let amount = json.kind(pq) == .number ? json.numberLiteral(pq) : (json.string(pq) ?? "")
        guard let (value, unit) = Self.measure(amount + " " + unitText) else {
            reader.report(.warning, "product_quantity '\(amount) \(unitText)' is not an amount with a unit; it is left out", at: pq)
            return nil
        }
        return .object(JSONObject([("value", ImportNumber.json(value)), ("unit", .string(unit.id))]))
    }

    /// The units a label states its measured amount in (a cup or an ounce is a kitchen or
    /// customary measure beside it).
    static let metricUnits: Set<String> = ["g", "kg", "mg", "µg", "ml", "cl", "dl", "l"]

    /// `serving_size` ("15 g", "1 portion (15 g)", "1 can (330 ml)") in grams or
    /// millilitres, else `serving_quantity` with `serving_quantity_unit`.
    func serving(_ node: Int, reader: inout ImportReader) -> JSONValue? {
        let json = reader.json
        func gramsOrMillilitres(_ text: String) -> JSONValue? {
            func weightOrVolume(_ text: String) -> (value: Decimal, unit: UnitDefinition)? {
                guard let (value, unit) = Self.measure(text), unit.dimension == .mass || unit.dimension == .volume else { return nil }
                return (value, unit)
            }
            // The label's main amount when it is a weight or volume ("28 g (1 oz)" is 28 g:
            // Open Food Facts' per-serving figures are for it; the brackets were read first,
            // and made it 28.35 g), else the one in brackets ("2 biscuits (25 g)"). A kitchen
            // or customary measure with a metric amount in brackets gives that amount ("1.5 cup
            // (39 g)": a food's serving is weighed; "1 cup (240 ml)" is the label's 240 ml,
            // not a US cup's 236.59); a metric amount keeps its own ("330 ml (11.2 oz)").
            let main = weightOrVolume(text)
            var bracket: (value: Decimal, unit: UnitDefinition)?
            if let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
                bracket = weightOrVolume(String(text[text.index(after: open)..<close]))
            }
            var chosen = main ?? bracket
            if let main, let bracket, !Self.metricUnits.contains(main.unit.id), Self.metricUnits.contains(bracket.unit.id) {
                chosen = bracket
            }
            guard let (value, unit) = chosen, let base = UnitTable.standard.unit(id: unit.dimension.baseUnitID),
                  let converted = UnitTable.convert(value, from: unit, to: base)
            else { return nil }
            return .object(JSONObject([("value", ImportNumber.json(converted, places: 2)), ("unit", .string(base.id))]))
        }
        var unread: (node: Int, text: String)?
        if let s = reader.member(node, "serving_size"), let text = reader.text(s) {
            if let serving = gramsOrMillilitres(text) { return serving }
            unread = (s, text)
        }
        if let sq = reader.member(node, "serving_quantity") {
            let unitText = reader.member(node, "serving_quantity_unit").flatMap { reader.text($0) } ?? "g"
            let amount = json.kind(sq) == .number ? json.numberLiteral(sq) : (json.string(sq) ?? "")
            if let serving = gramsOrMillilitres(amount + " " + unitText) { return serving }
        }
        if let unread {
            reader.report(.warning, "serving_size '\(unread.text)' gives no weight or volume (such as 30 g or 250 ml); serving is left out", at: unread.node)
        }
        return nil
    }

    // MARK: nutrition

    /// `nutriments` per 100 g and per serving.
    ///
    /// `<n>_100g` and `<n>_serving` are in Open Food Facts' default units, whatever
    /// `<n>_unit` says (that is the unit of `<n>_value`, as typed from the label): grams,
    /// kcal for `energy-kcal`, kJ for `energy-kj` and `energy`. When `<n>_100g` (or
    /// `_serving`) is missing but the label was entered for that size
    /// (`nutrition_data_per`), `<n>_value` is read in its `<n>_unit` and converted.
    ///
    /// `alcohol` is the exception: Open Food Facts gives it in % vol (`alcohol_100g` and
    /// `alcohol_serving` alike), and Larder's `alcohol` is grams of ethanol, as
    /// `nutrition-consistency` counts it (7 kcal/g): see ``alcohol(_:per:dataPer:quantity:serving:reader:)``.
    func nutrition(_ node: Int, quantity: JSONValue? = nil, serving: JSONValue? = nil, reader: inout ImportReader) -> JSONValue? {
        let json = reader.json
        guard let nutriments = reader.member(node, "nutriments") else { return nil }
        guard json.kind(nutriments) == .object else {
            reader.report(.warning, "\"nutriments\" must be an object, found \(json.kind(nutriments)); nutrition is left out", at: nutriments)
            return nil
        }
        let dataPer = reader.member(node, "nutrition_data_per").flatMap { reader.text($0) }
        var result = JSONObject()
        // The figures taken, by Open Food Facts nutrient, as written (for `<n>_modifier`).
        var taken: [(name: String, figures: [String])] = []
        func take(_ name: String, _ figure: Int, per: String) {
            let json = reader.json
            let written = json.kind(figure) == .number ? json.numberLiteral(figure) : (json.string(figure) ?? "").trimmingCharacters(in: .whitespaces)
            let shown = written + (per == "100g" ? " per 100 g" : " per serving")
            if let k = taken.firstIndex(where: { $0.name == name }) { taken[k].figures.append(shown) } else { taken.append((name, [shown])) }
        }
        for (suffix, larderKey, per) in [("_100g", "per100g", "100g"), ("_serving", "perServing", "serving")] {
            var values = JSONObject()
            for (offName, larderName) in Self.nutrients where values[larderName] == nil {
                if let v = Self.figure(nutriments, offName + suffix, reader: reader) {
                    if let number = nonNegative(v, field: offName + suffix, reader: &reader) {
                        values[larderName] = number
                        take(offName, v, per: per)
                    }
                } else if dataPer == per, let v = valueInUnit(nutriments, offName, reader: &reader) {
                    values[larderName] = v
                    if let figure = reader.member(nutriments, offName + "_value") { take(offName, figure, per: per) }
                }
            }
            // `energy` is kJ; it stands for the label's kJ only when neither energy-kj nor
            // energy-kcal was given (with energy-kcal alone it is computed from it).
            if values["energyKj"] == nil, values["energyKcal"] == nil, let v = Self.figure(nutriments, "energy" + suffix, reader: reader),
               let number = nonNegative(v, field: "energy" + suffix, reader: &reader) {
                values["energyKj"] = number
                take("energy", v, per: per)
            }
            if let grams = alcohol(nutriments, per: per, dataPer: dataPer, quantity: quantity, serving: serving, reader: &reader) {
                values["alcohol"] = grams
                if let figure = Self.figure(nutriments, per == "100g" ? "alcohol_100g" : "alcohol_serving", reader: reader) ?? reader.member(nutriments, "alcohol_value") {
                    take("alcohol", figure, per: per)
                }
            }
            if !values.isEmpty {
                result[larderKey] = .object(JSONObject(Self.nutrientOrder.compactMap { key in values[key].map { (key, $0) } }))
            }
        }
        // `<n>_modifier` says the label's figure is a bound or an estimate ("< 0.5 g"): a
        // figure is what Larder's nutrition holds, so it is kept, with a note that says so
        // (it was read as exactly 0.5 without a word). `-` (not on the label) says nothing
        // of a figure that is given.
        for (name, figures) in taken {
            guard let modifierNode = reader.member(nutriments, name + "_modifier"),
                  let modifier = reader.json.string(modifierNode)?.trimmingCharacters(in: .whitespaces),
                  !modifier.isEmpty, modifier != "-" else { continue }
            let meaning = Self.modifierMeanings[modifier].map { "as \($0) " } ?? "with the modifier '\(modifier)' on "
            let list = figures.count == 1 ? figures[0] : figures.dropLast().joined(separator: ", ") + " and " + figures[figures.count - 1]
            reader.report(
                .note,
                "\(name)_modifier '\(modifier)': the label gives \(name) \(meaning)\(list); Larder's nutrition has no place for that, and "
                    + (figures.count == 1 ? "the figure is kept as it is" : "the figures are kept as they are"),
                at: modifierNode)
        }
        return result.isEmpty ? nil : .object(result)
    }

    /// What an Open Food Facts `<n>_modifier` says of the figure.
    static let modifierMeanings: [String: String] = [
        "<": "less than", "≤": "at most", "<=": "at most", ">": "more than", "≥": "at least", ">=": "at least",
        "~": "about", "≈": "about",
    ]

    /// Grams of ethanol per 100 g (`per` "100g") or per serving (`per` "serving") from
    /// Open Food Facts' % vol: `alcohol_100g` or `alcohol_serving` (both % vol), else
    /// `alcohol_value` when the label was entered for that size (its unit is % vol, whatever
    /// else it says). A product sold by volume (its quantity in ml, l ..., or without one its
    /// serving in ml) gives its figures per 100 ml, as the `nutrition-consistency` rule reads
    /// them, and 100 ml of a drink of 1% vol holds 0.789 g of ethanol: 12.5% vol is 9.8625 g
    /// per 100 ml, and 12.328125 g in a 125 ml serving. Per 100 g (a product sold by
    /// weight), or per serving of a size in grams, it needs the product's density: left out
    /// with a warning, but for 0% vol, which is 0 g in any case.
    func alcohol(
        _ nutriments: Int, per: String, dataPer: String?, quantity: JSONValue?, serving: JSONValue?, reader: inout ImportReader
    ) -> JSONValue? {
        let json = reader.json
        let field: String
        let node: Int
        if let n = Self.figure(nutriments, per == "100g" ? "alcohol_100g" : "alcohol_serving", reader: reader) {
            (field, node) = (per == "100g" ? "alcohol_100g" : "alcohol_serving", n)
        } else if dataPer == per, let n = reader.member(nutriments, "alcohol_value") {
            (field, node) = ("alcohol_value", n)
        } else {
            return nil
        }
        guard let number = nonNegative(node, field: field, reader: &reader) else { return nil }
        let shown = json.kind(node) == .number ? json.numberLiteral(node) : json.string(node) ?? ""
        // A number beyond Decimal's range (1e300) was left out with no word.
        guard let percent = number.numberValue?.decimal, percent <= 100 else {
            let why = (number.numberValue?.double ?? 0) > 100 ? "more than 100%" : "a number too fine to read exactly"
            reader.report(.warning, "\(field) is \(shown)% vol, \(why); alcohol is left out", at: node)
            return nil
        }
        if percent.isZero { return .number(0) }
        func unit(_ measure: JSONValue?) -> UnitDefinition? {
            measure?["unit"]?.stringValue.flatMap { UnitTable.standard.unit(id: $0) ?? UnitTable.standard.unit(named: $0) }
        }
        func isVolume(_ measure: JSONValue?) -> Bool? {
            switch unit(measure)?.dimension {
            case .volume?: true
            case .mass?: false
            default: nil
            }
        }
        let perHundredMillilitres = percent * Self.ethanolGramsPerPercent
        let written = "\(ImportNumber.literal(percent))% vol"
        if per == "100g" {
            guard isVolume(quantity) ?? isVolume(serving) ?? false else {
                reader.report(.warning, "\(field) is \(written), and Larder's alcohol is grams of ethanol: per 100 ml that is \(ImportNumber.literal(perHundredMillilitres)) g, but this product is not sold by volume (no quantity or serving in ml, l ...), and per 100 g it needs the product's density; alcohol is left out", at: node)
                return nil
            }
            return ImportNumber.exact(perHundredMillilitres)
        }
        guard unit(serving)?.id == "ml", let size = serving?["value"]?.numberValue?.decimal else {
            reader.report(.warning, "\(field) is \(written), and Larder's alcohol is grams of ethanol: per serving that needs the serving's volume in ml (or the product's density); alcohol is left out", at: node)
            return nil
        }
        return ImportNumber.exact(perHundredMillilitres * size / 100)
    }

    /// The figure `key` of `nutriments`, nil when it is missing, null or blank: Open Food
    /// Facts answers `"carbohydrates_serving": ""` for a figure it has no serving size for,
    /// which says nothing (each got a warning that '' is not a number, and the label's
    /// `<n>_value` was not read in its place).
    static func figure(_ nutriments: Int, _ key: String, reader: ImportReader) -> Int? {
        guard let node = reader.member(nutriments, key) else { return nil }
        if let text = reader.json.string(node), text.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
        return node
    }

    /// A number of zero or more, its literal kept; a number in a string is read too, every
    /// digit kept (`"0,0428"` is 0.0428; six places had cut longer ones).
    func nonNegative(_ node: Int, field: String, reader: inout ImportReader) -> JSONValue? {
        let json = reader.json
        switch json.kind(node) {
        case .number:
            guard let number = json.number(node), number.double >= 0, number.double.isFinite else {
                let why = json.number(node).map { $0.double < 0 } == true ? "below zero" : "too large"
                reader.report(.warning, "\(field) is \(json.numberLiteral(node)), \(why); it is left out", at: node)
                return nil
            }
            return number.double == 0 ? .number(0) : .number(number)
        case .string:
            let text = Substring((json.string(node) ?? "").trimmingCharacters(in: .whitespaces))
            if let value = ImportNumber.decimal(text) {
                return ImportNumber.exact(value)
            }
            let why = ImportNumber.tooManyDigits(text) ?? "is not a number"
            reader.report(.warning, "\(field) '\(json.string(node) ?? "")' \(why); it is left out", at: node)
            return nil
        default:
            reader.report(.warning, "\(field) must be a number, found \(json.kind(node)); it is left out", at: node)
            return nil
        }
    }

    /// `<n>_value` read in `<n>_unit` and converted to grams (kcal or kJ for energy): exactly
    /// when the result ends (mg to g), else to significant digits (kJ to kcal), as
    /// ``ImportNumber/converted(_:from:to:)`` does.
    func valueInUnit(_ nutriments: Int, _ name: String, reader: inout ImportReader) -> JSONValue? {
        // A number, or a number written as a string ("5", "1,5"): the API has both.
        guard let valueNode = reader.member(nutriments, name + "_value"),
              let value = reader.json.number(valueNode)?.decimal ?? reader.json.string(valueNode).flatMap({ ImportNumber.decimal(Substring($0)) }), value >= 0
        else { return nil }
        let unitText = reader.member(nutriments, name + "_unit").flatMap { reader.text($0) }
        switch name {
        case "energy-kcal", "energy-kj":
            let expected = name == "energy-kcal" ? "kcal" : "kJ"
            guard let from = UnitTable.standard.unit(named: unitText ?? expected), from.dimension == .energy,
                  let to = UnitTable.standard.unit(id: expected), let converted = ImportNumber.converted(value, from: from, to: to)
            else { return nil }
            return converted
        default:
            guard let from = UnitTable.standard.unit(named: unitText ?? "g"), from.dimension == .mass,
                  let grams = UnitTable.standard.unit(id: "g"), let converted = ImportNumber.converted(value, from: from, to: grams)
            else {
                reader.report(.warning, "\(name)_value is in '\(unitText ?? "")', not a unit of mass; it is left out", at: valueNode)
                return nil
            }
            return converted
        }
    }

    // MARK: images

    /// `selected_images` (`front`, `ingredients`, `nutrition`; per language, the `display`
    /// size, else `small`, else `thumb`), else `image_front_url`, `image_ingredients_url`,
    /// `image_nutrition_url`.
    func images(_ node: Int, reader: inout ImportReader) -> JSONValue? {
        let json = reader.json
        var out = JSONObject()
        let roles = ["front", "ingredients", "nutrition"]
        if let selected = reader.member(node, "selected_images"), json.kind(selected) == .object {
            for role in roles {
                // For each language, the largest size that lists its image: an empty
                // `display` gave none, and a language only `small` lists was lost beside
                // one `display` lists.
                guard let roleNode = reader.member(selected, role), json.kind(roleNode) == .object else { continue }
                var chosen: [(language: String, url: Int)] = []
                for size in ["display", "small", "thumb"] {
                    guard let n = reader.member(roleNode, size), json.kind(n) == .object else { continue }
                    for (keyNode, urlNode) in json.members(n) {
                        guard let language = json.string(keyNode), Self.isLanguage(language), json.string(urlNode) != nil,
                              !chosen.contains(where: { $0.language == language }) else { continue }
                        chosen.append((language, urlNode))
                    }
                }
                var perLanguage = JSONObject()
                for (language, urlNode) in chosen {
                    guard let url = json.string(urlNode) else { continue }
                    do {
                        perLanguage[language] = try ImageLink.image(url)
                    } catch {
                        reader.report(.warning, "the \(role) image (\(language)): \(error.message); it is left out", at: urlNode)
                    }
                }
                if !perLanguage.isEmpty {
                    out[role] = .object(JSONObject(perLanguage.keys.sorted().map { ($0, perLanguage[$0] ?? .null) }))
                }
            }
        } else {
            for role in roles {
                guard let urlNode = reader.member(node, "image_\(role)_url"), let url = json.string(urlNode) else { continue }
                do {
                    out[role] = try ImageLink.image(url)
                } catch {
                    reader.report(.warning, "image_\(role)_url: \(error.message); it is left out", at: urlNode)
                }
            }
        }
        return out.isEmpty ? nil : .object(out)
    }
}
