import LarderCore
import LarderJSON

/// Where the built-in kinds keep their text, images and links (see DESIGN.md, "Content
/// model"). A team's own kind names its fields with a rule's `fields` option instead.
enum ContentFields {
    static let recipe = "recipe"
    static let location = "location"
    static let product = "product"
    static let taxonomy = "taxonomy"

    /// The product image roles.
    static let imageRoles = ["front", "ingredients", "nutrition"]

    /// The text fields a rule checks in `document`: those of the `fields` option (a pointer
    /// to a list of texts, `/steps`, means each of them), else the built-in kind's
    /// (`builtIn`, such as ``localizedTexts(kind:json:node:)``).
    ///
    /// A team's own kind with no `fields` option has the texts the exporters find in it:
    /// the fields its schema declares localized text (the linter's `textFields` option, see
    /// `SchemaTextFields`), plain strings included, else its language maps
    /// (``discoveredTexts(json:node:locales:)``). They are then checked as they are exported
    /// (a plain string counts as the source language only). The fields the exports' option
    /// `texts` names (the linter's `exportTextFields` option) are added to either.
    static func selected(_ options: Options, in document: Document, builtIn: (String?, JSONDocument, Int) -> [Int]) -> [Int] {
        selected(options, in: document, builtIn: builtIn, prepared: nil)
    }

    /// ``selected(_:in:builtIn:)``, or what the linter prepared for the rule (`context.prepared`,
    /// made by ``preparedFields(_:context:builtIn:)`` for every rule with the same
    /// ``preparationKey(_:builtIn:)``).
    static func selected(_ options: Options, in document: Document, builtIn: (String?, JSONDocument, Int) -> [Int], prepared: (any Sendable)?) -> [Int] {
        if let fields = prepared as? [Int] { return fields }
        return computeSelected(options, in: document, builtIn: builtIn)
    }

    /// The preparation key of the text fields a rule with `options` checks, `builtIn` naming
    /// the built-in kinds' fields (`required`, `localized`): every option
    /// ``selected(_:in:builtIn:)`` reads.
    static func preparationKey(_ options: JSONValue, builtIn: String) -> String {
        let o = Options(options)
        let read = ["fields", "pointers", Linter.textFieldsOption, Linter.exportTextFieldsOption, "locales"].map { o[$0] ?? .null }
        return "larder.text-fields \(builtIn) " + JSONWriter.compact.string(.array(read))
    }

    private static func computeSelected(_ options: Options, in document: Document, builtIn: (String?, JSONDocument, Int) -> [Int]) -> [Int] {
        let json = document.json
        guard let paths = options.fieldPaths("fields") else {
            var found: [Int]
            if !builtInKinds.contains(document.kind ?? "") {
                if let declared = options.strings(Linter.textFieldsOption) {
                    found = FieldPatterns(declared).nodes(in: json, from: document.node).map(\.node)
                } else {
                    found = discoveredTexts(json: json, node: document.node, locales: options.locales)
                }
            } else {
                found = builtIn(document.kind, json, document.node)
            }
            // The fields the exports' option `texts` names are exported as text too.
            let named = options.strings(Linter.exportTextFieldsOption)
            if let named { found += FieldPatterns(named).nodes(in: json, from: document.node).map(\.node) }
            // Named fields may hold anything, and may name a field twice.
            guard named != nil || (options.strings(Linter.textFieldsOption) != nil && !builtInKinds.contains(document.kind ?? "")) else { return found }
            var seen = Set<Int>()
            return found.filter { (json.kind($0) == .string || json.kind($0) == .object) && seen.insert($0).inserted }
        }
        return paths.flatMap { $0.nodes(in: json, from: document.node) }
            .flatMap { json.kind($0) == .array ? Array(json.elements($0)) : [$0] }
    }

    /// The kinds whose fields Larder knows.
    static let builtInKinds: Set<String> = [recipe, location, product, taxonomy]

    /// The localized texts of a kind Larder has no fields for, found as the exporters find
    /// them: below the document's root, every object whose keys are all language tags of a
    /// project locale's language, and whose values are strings or plural forms
    /// (`{"one": …, "other": …}`). Fields starting with `x-` are skipped.
    static func discoveredTexts(json: JSONDocument, node: Int, locales: [String]) -> [Int] {
        let languages = Set(locales.map { language(of: $0) })
        guard !languages.isEmpty else { return [] }
        var out: [Int] = []
        func isTextValue(_ v: Int) -> Bool {
            switch json.kind(v) {
            case .string: return true
            case .object:
                var other = false
                for (k, form) in json.members(v) {
                    guard let name = json.string(k), PluralCategoryName.all.contains(name), json.kind(form) == .string else { return false }
                    if name == "other" { other = true }
                }
                return other
            default: return false
            }
        }
        func isLocalized(_ n: Int) -> Bool {
            guard json.count(n) > 0 else { return false }
            for (k, v) in json.members(n) {
                // The exporters' shape of a tag: `zh-yue` or `en-x-test` keys are not text
                // to them, and so not here; nor a country code (`us`) that is no language of
                // the project.
                guard let key = json.string(k), LanguageTagShape.isWellFormed(key), isTextValue(v),
                    languages.contains(language(of: key))
                else { return false }
            }
            return true
        }
        func walk(_ n: Int, isRoot: Bool) {
            switch json.kind(n) {
            case .object:
                if !isRoot, isLocalized(n) {
                    out.append(n)
                    return
                }
                for (k, v) in json.members(n) where !(json.string(k)?.hasPrefix("x-") ?? false) { walk(v, isRoot: false) }
            case .array:
                for v in json.elements(n) { walk(v, isRoot: false) }
            default:
                break
            }
        }
        walk(node, isRoot: true)
        return out
    }

    /// The language subtag of a tag, lower-cased (`pt` of `pt-BR`).
    private static func language(of tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// The text a person must see, which must not be blank: names, titles, descriptions,
    /// summaries, steps and ingredient names.
    static func requiredTexts(kind: String?, json: JSONDocument, node: Int) -> [Int] {
        var out: [Int] = []
        func add(_ key: String) { if let v = json.member(node, key) { out.append(v) } }
        switch kind {
        case recipe:
            out.reserveCapacity(24)
            add("name")
            add("description")
            if let steps = json.member(node, "steps"), json.kind(steps) == .array { out.append(contentsOf: json.elements(steps)) }
            appendIngredientTexts(json: json, node: node, notes: false, to: &out)
            for shop in shopsWrittenInPlace(json: json, node: node) { out += requiredTexts(kind: location, json: json, node: shop) }
        case location:
            add("name")
            add("summary")
            add("description")
        case product:
            add("name")
        default:
            break
        }
        return out
    }

    /// Every localized text of a document (for locale completeness): the required texts
    /// plus ingredient notes, image alternatives, a written address and taxonomy labels.
    static func localizedTexts(kind: String?, json: JSONDocument, node: Int) -> [Int] {
        var out: [Int] = []
        switch kind {
        case recipe:
            // Appended to one list (these run for every document, for several rules).
            out.reserveCapacity(32)
            if let v = json.member(node, "name") { out.append(v) }
            if let v = json.member(node, "description") { out.append(v) }
            if let steps = json.member(node, "steps"), json.kind(steps) == .array { out.append(contentsOf: json.elements(steps)) }
            appendIngredientTexts(json: json, node: node, notes: true, to: &out)
            if let images = json.member(node, "images"), json.kind(images) == .array {
                for image in json.elements(images) where json.kind(image) == .object {
                    if let alt = json.member(image, "alt") { out.append(alt) }
                }
            }
            for shop in shopsWrittenInPlace(json: json, node: node) { out += localizedTexts(kind: location, json: json, node: shop) }
        case location:
            out = requiredTexts(kind: kind, json: json, node: node)
            if let address = json.member(node, "address"),
                json.kind(address) == .string || Localized.isLanguageMap(json, address)
            {
                out.append(address)
            }
            out += imageAlts(kind: kind, json: json, node: node)
        case product:
            out = requiredTexts(kind: kind, json: json, node: node)
            out += imageAlts(kind: kind, json: json, node: node)
        case taxonomy:
            if json.kind(node) == .object { out = json.members(node).map(\.value) }
        default:
            break
        }
        return out
    }

    /// The locations a recipe writes in place in its `shops` (not ids): their texts are a
    /// location's, and the exports ship them (an English name in the Spanish bundle, a
    /// blank one, went unreported).
    static func shopsWrittenInPlace(json: JSONDocument, node: Int) -> [Int] {
        guard let shops = json.member(node, "shops"), json.kind(shops) == .array else { return [] }
        return json.elements(shops).filter { json.kind($0) == .object }
    }

    /// Free-text ingredients, the names of structured ones and, with `notes`, their notes.
    static func ingredientTexts(json: JSONDocument, node: Int, notes: Bool) -> [Int] {
        var out: [Int] = []
        appendIngredientTexts(json: json, node: node, notes: notes, to: &out)
        return out
    }

    /// ``ingredientTexts(json:node:notes:)`` appended to `out`.
    static func appendIngredientTexts(json: JSONDocument, node: Int, notes: Bool, to out: inout [Int]) {
        guard let list = json.member(node, "ingredients"), json.kind(list) == .array else { return }
        for item in json.elements(list) {
            if Localized.isStructuredIngredient(json, item) {
                if let name = json.member(item, "name") { out.append(name) }
                if notes, let note = json.member(item, "note") { out.append(note) }
            } else if json.kind(item) == .string || json.kind(item) == .object {
                out.append(item)
            }
        }
    }

    /// The image values of a document: recipe and location `images` entries (and those of
    /// the locations a recipe writes in place in its `shops`, which the images export
    /// copies too); product `images.front|ingredients|nutrition`, each an image or a
    /// language map of images.
    static func images(kind: String?, json: JSONDocument, node: Int) -> [Int] {
        if kind == recipe {
            // A shop's missing image went unreported, and the export then had no file to copy.
            let shops = shopsWrittenInPlace(json: json, node: node)
            if !shops.isEmpty {
                return ([node] + shops).flatMap { images(kind: location, json: json, node: $0) }
            }
        }
        guard let images = json.member(node, "images") else { return [] }
        switch kind {
        case recipe, location:
            return json.kind(images) == .array ? Array(json.elements(images)) : []
        case product:
            guard json.kind(images) == .object else { return [] }
            var out: [Int] = []
            for role in imageRoles {
                if let value = json.member(images, role) { out += Localized.roleImages(json, value) }
            }
            return out
        default:
            return []
        }
    }

    /// The `alt` texts of a document's images.
    static func imageAlts(kind: String?, json: JSONDocument, node: Int) -> [Int] {
        images(kind: kind, json: json, node: node).compactMap { image in
            json.kind(image) == .object ? json.member(image, "alt") : nil
        }
    }

    /// Links (`links` entries) and the video of a document, and those of locations written
    /// inside a recipe's `shops`.
    static func links(kind: String?, json: JSONDocument, node: Int) -> (links: [Int], videos: [Int]) {
        var links: [Int] = []
        var videos: [Int] = []
        func collect(_ n: Int) {
            if let l = json.member(n, "links"), json.kind(l) == .array { links += json.elements(l) }
            if let v = json.member(n, "video") { videos.append(v) }
        }
        switch kind {
        case recipe:
            collect(node)
            if let shops = json.member(node, "shops"), json.kind(shops) == .array {
                for shop in json.elements(shops) where json.kind(shop) == .object { collect(shop) }
            }
        case location:
            collect(node)
        default:
            break
        }
        return (links, videos)
    }
}

/// Which text fields of a built-in kind a ``TextFieldRule`` checks.
public enum TextFieldSet: String, Sendable {
    /// Every localized text (``ContentFields/localizedTexts(kind:json:node:)``).
    case localized
    /// The texts a person must see (``ContentFields/requiredTexts(kind:json:node:)``).
    case required
}

/// A rule that checks a document's text fields: the linter reads them once per document for
/// every such rule with the same options (``PreparingRule``).
public protocol TextFieldRule: PreparingRule {
    var textFields: TextFieldSet { get }
}

extension TextFieldRule {
    public func preparationKey(options: JSONValue) -> String {
        ContentFields.preparationKey(options, builtIn: textFields.rawValue)
    }

    public func prepare(_ document: Document, context: RuleContext) -> any Sendable {
        ContentFields.selected(Options(context.options), in: document,
                               builtIn: textFields == .localized ? ContentFields.localizedTexts : ContentFields.requiredTexts)
    }
}
