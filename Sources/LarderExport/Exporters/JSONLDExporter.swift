import LarderCore
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
///   `category`, `keywords`, `image` and `nutrition` per 100 g.
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
        switch doc.kind {
        case "recipe": node = recipe(value, base: base)
        case "location": node = place(value, base: base, type: settings.placeType)
        default: node = product(value, base: base)
        }
        var out = JSONObject([("@context", "https://schema.org")])
        if let base { out["@id"] = .string(base + "\(doc.kind)/\(Self.pathSegment(doc.id))") }
        for (k, v) in node { out[k] = v }
        if doc.kind == "recipe" { out["inLanguage"] = .string(Self.language(of: doc, in: locale, resolver: run.catalog.resolver)) }
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

    func recipe(_ v: JSONValue, base: String?) -> JSONObject {
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
                o["recipeYield"] = .string("\(amount) \(unit)")
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
            switch i["quantity"] {
            case .number(let n)?: parts.append(n.literal)
            case .string(let s)?: parts.append(s)
            case .object(let r)?:
                if let lo = r["min"]?.numberValue?.literal, let hi = r["max"]?.numberValue?.literal { parts.append("\(lo)–\(hi)") }
            default: break
            }
            if let unit = i["unit"]?.stringValue { parts.append(unit) }
            parts.append(name)
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
        o["nutrition"] = nutrition(v["nutrition"]?["per100g"], per: perUnit)
        return o
    }
}
