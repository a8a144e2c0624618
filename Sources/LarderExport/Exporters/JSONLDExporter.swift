import LarderCore
import LarderUnits
import LarderJSON

/// `jsonld`: schema.org JSON-LD, one file per document and locale:
/// `<locale>/<kind>/<id>.json`.
///
/// - A recipe is a `Recipe`: `name`, `description`, `recipeCategory` and `keywords` (tag
///   labels), `recipeIngredient` (one line per ingredient), `recipeInstructions` (a
///   `HowToStep` per step), `recipeYield`, `prepTime`/`cookTime`/`totalTime` as ISO 8601
///   durations (`PT1H30M`), `nutrition` as `NutritionInformation` (`calories`,
///   `fatContent`, …, `sodiumContent`, from sodium or from salt ÷ 2.5), `image`,
///   `aggregateRating`, `video` (a `VideoObject`).
/// - A location is a `TouristAttraction` (a `Store`, `Restaurant`, `BarOrPub` or
///   `CafeOrCoffeeShop` when its category says so; option `placeType` sets one type for
///   all) with `geo` (`GeoCoordinates`), `address` (text or `PostalAddress`), `image`,
///   `url`/`sameAs` from its links.
/// - A product is a `Product` with `gtin8`/`gtin12`/`gtin13`/`gtin14`, `brand`, `size`,
///   `category`, `keywords`, `image`, and its nutrition per 100 g as `additionalProperty`
///   values (schema.org gives `nutrition` to recipes and menu items only).
///
/// Image paths stay relative unless option `baseURL` is given (`https://example.com/`),
/// which also gives each document an `@id` and `url`.
///
///     exports:
///       - jsonld: { out: dist/jsonld }
public struct JSONLDExporter: BundleExporter {
    public let id = "jsonld"
    public let summary = "schema.org JSON-LD per locale: Recipe, TouristAttraction/Place with geo, Product."
    public let optionNames = ["baseURL", "placeType"]

    public init() {}

    public func exportWithDiagnostics(_ documents: [Document], context: ExportContext) throws -> ExportResult {
        var run = try ExportRun(self, documents, context)
        let settings = try Settings(run.options)
        var artifacts: [Artifact] = []
        for locale in run.locales {
            for doc in run.catalog.documents where Self.kinds.contains(doc.kind) {
                let file = file(doc, locale: locale, settings: settings, run: &run)
                artifacts.append(try artifact(file.path, file.bytes))
            }
        }
        return run.result(artifacts)
    }

    /// The kinds that have a schema.org type.
    static let kinds: Set<String> = ["recipe", "location", "product"]

    /// The options, read once.
    struct Settings: Sendable {
        var base: String?
        var placeType: String?

        init(_ options: ExporterOptions) throws {
            var base = try options.string("baseURL")
            if let b = base, !b.isEmpty, !b.hasSuffix("/") { base = b + "/" }
            if let b = base, !(b.hasPrefix("https://") || b.hasPrefix("http://")) {
                throw ExportError("jsonld: option 'baseURL' must be an absolute http(s) URL, not '\(b)'", option: ["baseURL"])
            }
            self.base = base
            placeType = try options.string("placeType")
        }
    }

    /// One document's file in `locale`: its path and bytes.
    func file(_ doc: ExportDocument, locale: String, settings: Settings, run: inout ExportRun) -> (path: String, bytes: [UInt8]) {
        let base = settings.base
        let value = JSONBundleExporter().localize(doc.value, doc, locale: locale, run: &run)
        var node: JSONObject
        let language = doc.kind == "recipe" ? Self.language(of: doc, in: locale, resolver: run.catalog.resolver) : locale
        switch doc.kind {
        case "recipe": node = recipe(value, base: base, language: language)
        case "location": node = place(value, base: base, type: settings.placeType)
        default: node = product(value, base: base)
        }
        var out = JSONObject([("@context", "https://schema.org")])
        if let base { out["@id"] = .string(base + "\(doc.kind)/\(Self.pathSegment(doc.id))") }
        for (k, v) in node { out[k] = v }
        if doc.kind == "recipe" { out["inLanguage"] = .string(language) }
        let path = "\(SafeName.fileName(canonical(locale)))/\(SafeName.fileName(doc.kind))/\(doc.fileID).json"
        return (path, JSONWriter.pretty.bytes(.object(out)))
    }

    /// The language of a document's texts in `locale`, for `inLanguage` ("the language of
    /// the content", schema.org): the locale, unless every text is filled in from one other
    /// language (the one the fallback reached: `en` for a Japanese page of English texts),
    /// which is named then, as its tag when every text has one (`en-GB`), else as its
    /// language subtag. Texts of the locale's own language (its own, an ancestor's or
    /// another region's), or of more than one other language, give the locale.
    static func language(of doc: ExportDocument, in locale: String, resolver: LocaleResolver) -> String {
        var tags: [String] = []
        for (_, text) in doc.texts {
            guard let (tag, fill) = resolver.source(of: text, for: locale) else { continue }
            if fill != .otherLanguage || LocaleResolver.sameLanguage(tag, locale) { return canonical(locale) }
            let c = canonical(tag)
            if !tags.contains(c) { tags.append(c) }
        }
        guard let first = tags.first else { return canonical(locale) }
        if tags.count == 1 { return first }
        let language = first.prefix { $0 != "-" }
        return tags.allSatisfy({ $0.prefix { $0 != "-" } == language }) ? String(language) : canonical(locale)
    }

    /// An id as a URL path segment (percent-encoded outside `A-Z a-z 0-9 - . _ ~`).
    static func pathSegment(_ id: String) -> String {
        var out = ""
        for byte in id.utf8 {
            let s = Unicode.Scalar(byte)
            if SafeName.isPlain(s) || s == "." || s == "~" { out.unicodeScalars.append(s) } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// Minutes as an ISO 8601 duration: 90 -> `PT1H30M`, 0 -> `PT0M`.
    public static func duration(minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        if h == 0 { return "PT\(m)M" }
        return m == 0 ? "PT\(h)H" : "PT\(h)H\(m)M"
    }

    /// A number's text: the content's literal, or a computed value rounded to 3 decimals.
    static func text(_ value: JSONValue?) -> String? {
        value?.numberValue?.literal
    }

    static func format(_ x: Double) -> String {
        let rounded = (x * 1000).rounded() / 1000
        return JSONNumber(rounded).literal
    }

    func images(_ value: JSONValue?, base: String?) -> JSONValue? {
        var out: [JSONValue] = []
        func add(_ v: JSONValue?) {
            guard let v, let src = v.stringValue ?? v["src"]?.stringValue else { return }
            out.append(.string((base ?? "") + src))
        }
        if let a = value?.arrayValue { a.forEach(add) } else { add(value) }
        return out.isEmpty ? nil : .array(out)
    }

    func rating(_ value: JSONValue?) -> JSONValue? {
        guard let r = value, r.numberValue != nil else { return nil }
        return ["@type": "AggregateRating", "ratingValue": r, "bestRating": 5, "worstRating": 0]
    }

    func labels(_ value: JSONValue?) -> [String] {
        if let a = value?.arrayValue { return a.compactMap { $0["label"]?.stringValue ?? $0["tag"]?.stringValue ?? $0.stringValue } }
        if let v = value { return [v["label"]?.stringValue ?? v["tag"]?.stringValue ?? v.stringValue].compactMap { $0 } }
        return []
    }

    func nutrition(_ n: JSONValue?, per: String?) -> JSONValue? {
        guard let n = n?.objectValue else { return nil }
        var out = JSONObject([("@type", "NutritionInformation")])
        if let energy = n["energy"] {
            if let v = Self.text(energy["value"]), let unit = energy["unit"]?.stringValue {
                out["calories"] = .string(unit == "kJ" ? "\(v) kJ" : "\(v) calories")
            }
        } else if let kcal = Self.text(n["energyKcal"]) {
            out["calories"] = .string("\(kcal) calories")
        } else if let kj = Self.text(n["energyKj"]) {
            out["calories"] = .string("\(kj) kJ")
        }
        let grams: [(String, String)] = [
            ("fat", "fatContent"), ("saturatedFat", "saturatedFatContent"), ("carbohydrates", "carbohydrateContent"),
            ("sugars", "sugarContent"), ("fiber", "fiberContent"), ("protein", "proteinContent"),
        ]
        for (field, property) in grams {
            if let v = Self.text(n[field]) { out[property] = .string("\(v) g") }
        }
        if let sodium = n["sodium"]?.doubleValue {
            out["sodiumContent"] = .string("\(Self.format(sodium * 1000)) mg")
        } else if let salt = n["salt"]?.doubleValue {
            out["sodiumContent"] = .string("\(Self.format(salt / 2.5 * 1000)) mg")
        }
        if let per { out["servingSize"] = .string(per) }
        return out.count > 1 ? .object(out) : nil
    }

    func recipe(_ v: JSONValue, base: String?, language: String) -> JSONObject {
        var o = JSONObject([("@type", "Recipe")])
        o["identifier"] = v["id"].map { .string($0.stringValue ?? $0.numberValue.map(ContentCatalog.idText) ?? "") }
        o["name"] = v["name"]
        o["description"] = v["description"]
        if let category = labels(v["category"]).first { o["recipeCategory"] = .string(category) }
        let keywords = labels(v["tags"])
        if !keywords.isEmpty { o["keywords"] = .string(keywords.joined(separator: ", ")) }
        o["image"] = images(v["images"], base: base)
        if let servings = v["servings"] {
            if let n = servings.numberValue {
                o["recipeYield"] = .string(n.literal)
            } else if let amount = Self.text(servings["amount"]), let unit = servings["unit"]?.stringValue {
                o["recipeYield"] = Self.yield(amount: Self.shown(amount), unit: unit, language: language)
            }
        }
        for (field, property) in [("prep", "prepTime"), ("cook", "cookTime"), ("total", "totalTime")] {
            if let m = v["time"]?[field]?.intValue { o[property] = .string(Self.duration(minutes: m)) }
        }
        let ingredients: [JSONValue] = (v["ingredients"]?.arrayValue ?? []).compactMap { i in
            if let s = i.stringValue { return .string(s) }
            if case .plural(let forms)? = TextValue(json: i) { return .string(forms[.other] ?? "") }
            guard let name = i["name"].flatMap({ $0.stringValue ?? TextValue(json: $0)?.other }) else { return nil }
            var parts: [String] = []
            var more = false
            switch i["quantity"] {
            case .number(let n)?:
                parts.append(n.literal)
                more = Self.isMoreThanOne(n.literal)
            case .string(let s)?:
                parts.append(s)
                more = Self.isMoreThanOne(s)
            case .object(let r)?:
                if let lo = r["min"]?.numberValue?.literal, let hi = r["max"]?.numberValue?.literal { parts.append("\(lo)–\(hi)") }
                more = true
            default: break
            }
            var connector: String?
            if let unit = i["unit"]?.stringValue {
                let word = Self.unitWord(unit, more: more, language: language)
                parts.append(word.text)
                connector = word.connector
            }
            if let connector { parts.append(Self.connect(connector, to: name, language: language)) } else { parts.append(name) }
            var line = parts.joined(separator: " ")
            if let note = i["note"]?.stringValue { line += ", " + note }
            return .string(line)
        }
        if !ingredients.isEmpty { o["recipeIngredient"] = .array(ingredients) }
        let steps: [JSONValue] = (v["steps"]?.arrayValue ?? []).enumerated().compactMap { i, step in
            guard let text = step.stringValue ?? TextValue(json: step)?.other else { return nil }
            return ["@type": "HowToStep", "position": .number(JSONNumber(i + 1)), "text": .string(text)]
        }
        if !steps.isEmpty { o["recipeInstructions"] = .array(steps) }
        o["nutrition"] = nutrition(v["nutrition"], per: v["nutrition"]?["per"]?.stringValue == "100g" ? "100 g" : nil)
        o["aggregateRating"] = rating(v["rating"])
        if let video = v["video"]?.stringValue {
            var object = JSONObject([("@type", "VideoObject")])
            object["name"] = v["name"]
            if video.hasPrefix("http://") || video.hasPrefix("https://") {
                object["contentUrl"] = .string(video)
            } else {
                object["embedUrl"] = .string("https://www.youtube.com/embed/\(video)")
                object["thumbnailUrl"] = .string("https://i.ytimg.com/vi/\(video)/hqdefault.jpg")
            }
            o["video"] = .object(object)
        }
        if let base, let id = o["identifier"]?.stringValue { o["url"] = .string(base + "recipe/" + Self.pathSegment(id)) }
        return o
    }

    /// The units of the recipe lines: the standard kitchen's, with their words in English,
    /// Portuguese, Spanish, French, German and Italian.
    static let kitchen = KitchenUnits.standard
    static let lexicon = UnitLexicon(kitchen: kitchen)

    /// How a page in `language` writes a unit an ingredient names (its id, as content has
    /// it), for more than one or not: its word in that language (`colheres de sopa`,
    /// `cuillère à soupe`; a symbol, `g` or `ml`, as it is), with the word that joins it to
    /// the ingredient (`de` in Portuguese and Spanish, `de` or `d'` in French, `di` in
    /// Italian). A unit the lexicon does not know, or a language it has no words for, is
    /// written as its id, as before: a Spanish page said "1 1/2 tbsp Piñones" and "1 piece
    /// Piel de naranja".
    static func unitWord(_ unit: String, more: Bool, language: String) -> (text: String, connector: String?) {
        let lang = UnitLexicon.baseLanguage(language) ?? "en"
        guard lang != "en", ["pt", "es", "fr", "de", "it"].contains(lang),
            let definition = kitchen.unit(id: unit) ?? kitchen.unit(named: unit)
        else { return (unit, nil) }
        // A symbol every language writes (`g`, `ml`) stays one, however the content spells
        // the unit (`grams`); else the language's word.
        let symbol = lexicon.preferred(for: definition, language: lang, abbreviation: true).flatMap { $0.language.isEmpty ? $0 : nil }
        guard let word = symbol ?? lexicon.preferred(for: definition, language: lang, abbreviation: false), word.language == lang || word.language.isEmpty
        else { return (unit, nil) }
        var text = symbol?.singular ?? (more ? word.plural : word.singular)
        // Brazilian Portuguese measures in xícaras and sachês where Portugal's words are
        // chávenas and saquetas (the lexicon's first Portuguese words).
        if symbol == nil, language.lowercased().hasSuffix("-br"), let brazilian = Self.brazilian[word.singular] {
            text = more ? brazilian.plural : brazilian.singular
        }
        switch lang {
        case "pt", "es", "fr": return (text, "de")
        case "it": return (text, "di")
        default: return (text, nil)
        }
    }

    /// The Brazilian words for units whose first Portuguese word is Portugal's.
    static let brazilian: [String: (singular: String, plural: String)] = [
        "chávena": ("xícara", "xícaras"), "saqueta": ("sachê", "sachês"),
    ]

    /// French words of cooking that start with a mute h, which takes `d'` (`d'huile`); an
    /// aspirated h takes `de` (`de haricots`, `de homard`), and so does every h not listed.
    static let muteH = ["huile", "herbe", "huître", "hydromel", "hysope", "hostie", "hibiscus"]

    /// Whether an amount as written is more than one (`1/2`, `½` and `0.5` are not; a
    /// range is when its top is): what the unit's word agrees with.
    static func isMoreThanOne(_ amount: String) -> Bool {
        guard let read = (try? Amount(parsing: amount)).flatMap({ $0 }) else { return true }
        return read.upper > Rational(1)
    }

    /// `connector` and `name`, with French elision before a vowel (`d'œufs`, `d'ail`) or a
    /// mute h (`d'huile`, not `de haricots`), and Italian before a vowel (`d'olio`).
    static func connect(_ connector: String, to name: String, language: String) -> String {
        let lower = name.lowercased()
        let first = lower.unicodeScalars.first.map { String($0).folding(options: .diacriticInsensitive, locale: nil) } ?? ""
        let elides = switch UnitLexicon.baseLanguage(language) {
        case "fr": (!first.isEmpty && "aeiouœæ".contains(first)) || muteH.contains { lower.hasPrefix($0) }
        case "it": !first.isEmpty && "aeiou".contains(first)
        default: false
        }
        // A name capitalized as a label ("Folhas de manjericão") reads in lower case after the
        // word that joins it; one with more capitals ("Grand Marnier", "UHT") is a name and
        // stays as written.
        var scalars = Array(name.unicodeScalars)
        if scalars.count > 1, scalars[0].properties.isUppercase, !scalars.dropFirst().contains(where: { $0.properties.isUppercase }) {
            scalars.replaceSubrange(0..<1, with: String(scalars[0]).lowercased().unicodeScalars)
        }
        let lowered = String(String.UnicodeScalarView(scalars))
        return elides ? "d'" + lowered : connector + " " + lowered
    }

    /// An amount of servings as a page shows it: to two decimals at most (a recipe scaled
    /// to a third keeps 1.3333333333333333 servings, which reads 1.33).
    static func shown(_ amount: String) -> String {
        guard let dot = amount.firstIndex(of: "."), amount[amount.index(after: dot)...].count > 2, let value = Double(amount) else { return amount }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `recipeYield` of servings with a unit: the number alone, as search engines read the
    /// number of servings, and on an English page also the amount with its unit (`1
    /// glass`, `24 cookies`) when the unit is not servings. (It said "1 glasses", and on a
    /// Spanish page too: the unit is the content's id for it, an English word.)
    static func yield(amount: String, unit: String, language: String) -> JSONValue {
        let servings: Set<String> = ["serving", "servings", "portion", "portions", "people", "person", "persons"]
        guard UnitLexicon.baseLanguage(language) == "en", !servings.contains(unit.lowercased()) else { return .string(amount) }
        let one = (try? Rational(decimal: amount)).flatMap { $0 }.map { $0 <= Rational(1) } ?? false
        let word = one ? (Inflection.singular(unit, language: "en") ?? unit) : (Inflection.plural(unit, language: "en") ?? unit)
        return .array([.string(amount), .string("\(amount) \(word)")])
    }

    /// The schema.org type of a place: the option, else one its category names, else
    /// `TouristAttraction`.
    static func placeType(category: String?, option: String?) -> String {
        if let option { return option }
        switch category?.split(separator: ":").last.map(String.init) {
        case "shop"?, "store"?, "market"?: return "Store"
        case "restaurant"?: return "Restaurant"
        case "bar"?, "pub"?: return "BarOrPub"
        case "cafe"?, "coffee"?, "coffee-shop"?: return "CafeOrCoffeeShop"
        default: return "TouristAttraction"
        }
    }

    func place(_ v: JSONValue, base: String?, type: String?) -> JSONObject {
        let category = v["category"]?["tag"]?.stringValue ?? v["category"]?.stringValue
        var o = JSONObject([("@type", .string(Self.placeType(category: category, option: type)))])
        o["identifier"] = v["id"].map { .string($0.stringValue ?? $0.numberValue.map(ContentCatalog.idText) ?? "") }
        o["name"] = v["name"]
        o["description"] = v["description"] ?? v["summary"]
        if v["description"] != nil, let summary = v["summary"] { o["disambiguatingDescription"] = summary }
        if let lat = v["coordinates"]?["latitude"], let lon = v["coordinates"]?["longitude"] {
            o["geo"] = ["@type": "GeoCoordinates", "latitude": lat, "longitude": lon]
        }
        if let address = v["address"] {
            if let s = address.stringValue {
                o["address"] = .string(s)
            } else if let postal = address.objectValue {
                var a = JSONObject([("@type", "PostalAddress")])
                for (field, property) in [("street", "streetAddress"), ("locality", "addressLocality"), ("region", "addressRegion"),
                                          ("postalCode", "postalCode"), ("country", "addressCountry")] {
                    if let s = postal[field]?.stringValue { a[property] = .string(s) }
                }
                o["address"] = .object(a)
            }
        }
        let keywords = labels(v["category"]) + labels(v["tags"])
        if !keywords.isEmpty { o["keywords"] = .string(keywords.joined(separator: ", ")) }
        o["image"] = images(v["images"], base: base)
        o["aggregateRating"] = rating(v["rating"])
        let links = v["links"]?.arrayValue ?? []
        if let first = links.first { o["url"] = first }
        if links.count > 1 { o["sameAs"] = .array(Array(links.dropFirst())) }
        return o
    }

    func product(_ v: JSONValue, base: String?) -> JSONObject {
        var o = JSONObject([("@type", "Product")])
        o["name"] = v["name"]
        if let code = v["code"]?.stringValue {
            o["identifier"] = .string(code)
            switch code.count {
            case 8: o["gtin8"] = .string(code)
            case 12: o["gtin12"] = .string(code)
            case 13: o["gtin13"] = .string(code)
            case 14: o["gtin14"] = .string(code)
            default: o["gtin"] = .string(code)
            }
        }
        let brands: [JSONValue] = (v["brands"]?.arrayValue ?? []).compactMap { b in
            b.stringValue.map { ["@type": "Brand", "name": .string($0)] }
        }
        if brands.count == 1 { o["brand"] = brands[0] } else if !brands.isEmpty { o["brand"] = .array(brands) }
        if let value = Self.text(v["quantity"]?["value"]), let unit = v["quantity"]?["unit"]?.stringValue {
            o["size"] = .string("\(value) \(unit)")
        }
        let categories = labels(v["categories"])
        if !categories.isEmpty { o["category"] = .string(categories.joined(separator: " > ")) }
        let keywords = labels(v["labels"])
        if !keywords.isEmpty { o["keywords"] = .string(keywords.joined(separator: ", ")) }
        var pictures: [JSONValue] = []
        for role in ["front", "ingredients", "nutrition"] {
            if let list = images(v["images"]?[role], base: base)?.arrayValue { pictures += list }
        }
        if !pictures.isEmpty { o["image"] = .array(pictures) }
        let perUnit = v["serving"]?["unit"]?.stringValue == "ml" || v["quantity"]?["unit"]?.stringValue == "ml" ? "100 ml" : "100 g"
        if let facts = nutrition(v["nutrition"]?["per100g"], per: perUnit) { o["additionalProperty"] = Self.properties(of: facts, per: perUnit) }
        return o
    }

    /// A product's nutrition facts as the `additionalProperty` values schema.org gives a
    /// `Product` (`nutrition` and `NutritionInformation` are a recipe's and a menu item's
    /// only, and validators reported them on a product): one `PropertyValue` per fact, named
    /// as `NutritionInformation` names it, with its number, its unit and what it is per
    /// (`{"name": "fatContent", "value": 30.9, "unitText": "g", "description": "per 100 g"}`).
    static func properties(of facts: JSONValue, per: String) -> JSONValue {
        var out: [JSONValue] = []
        for (name, value) in facts.objectValue ?? JSONObject() where name != "@type" && name != "servingSize" {
            guard let text = value.stringValue, let space = text.firstIndex(of: " ") else { continue }
            let number = String(text[..<space])
            let unit = String(text[text.index(after: space)...])
            var p = JSONObject([("@type", "PropertyValue"), ("name", .string(name))])
            p["value"] = (try? JSONValue(parsing: Array(number.utf8))).flatMap { $0.numberValue != nil ? $0 : nil } ?? .string(number)
            p["unitText"] = .string(unit == "calories" ? "kcal" : unit)
            p["description"] = .string("per \(per)")
            out.append(.object(p))
        }
        return .array(out)
    }
}
