import Foundation
import LarderCore
import LarderJSON
import LarderUnits

/// Imports schema.org `Recipe` nodes (JSON-LD, as recipe pages embed them) as Larder
/// recipes.
///
/// A file holds a `Recipe` node, an array of nodes, a `@graph` of nodes (what WordPress
/// SEO and recipe plugins write), or JSON Lines of any of these; nodes of other types
/// (`WebPage`, `Person`, `BreadcrumbList`) are passed over, and a `Recipe` that is the
/// `mainEntity` of one of them, one of its `hasPart`, or in an `ItemList` (a carousel's
/// `itemListElement`, or each `ListItem`'s `item`) is found. Docs/importers.md has the
/// field mapping; in short:
///
/// | schema.org | Larder |
/// |---|---|
/// | `identifier`, `@id`, `url`, `name` (the first that gives a slug) | `id` |
/// | `name`, `description` | `name`, `description` |
/// | `recipeCategory` (first), the rest and `recipeCuisine`, `keywords` | `category`, `tags` (slugs) |
/// | `aggregateRating.ratingValue` (over `bestRating`) | `rating` (0-5) |
/// | `recipeYield` | `servings` |
/// | `prepTime`, `cookTime`, `totalTime` (ISO 8601) | `time` (minutes) |
/// | `nutrition` (`NutritionInformation`) | `nutrition` (grams, kcal/kJ) |
/// | `recipeIngredient` | `ingredients` |
/// | `recipeInstructions` (text, `HowToStep`, `HowToSection`) | `steps` |
/// | `image`, `video`, `url` | `images`, `video`, `links` |
/// | `author` | `x-author` |
public struct SchemaOrgRecipeImporter: Importer {
    public let id = "schema-org"
    public let summary = "Imports schema.org Recipe JSON-LD (nodes, arrays, @graph, JSON Lines) as Larder recipes."
    public let kind = "recipe"

    public init() {}

    public func records(in bytes: [UInt8], file: String, diagnostics: inout [Diagnostic]) -> [ImportedDocument] {
        var documents: [ImportedDocument] = []
        var readers = ImportInput.texts(bytes, file: file, diagnostics: &diagnostics)
        var elsewhere: [[(node: Int, property: String, owner: Int)]] = Array(repeating: [], count: readers.count)
        var found = readers.indices.map { recipeNodes(readers[$0].json.root, reader: &readers[$0], depth: 0, elsewhere: &elsewhere[$0]) }
        // JSON-LD nodes with one @id are one node: a recipe that two plugins each write (a
        // page's @graph and a recipe card's script), or that a @graph lists twice, is
        // imported once (the second was refused as an id already used). A blank node's id
        // (`_:b0`) names a node of its own text only.
        var firstWithID: [String: (reader: Int, node: Int)] = [:]
        for k in readers.indices {
            var kept: [Int] = []
            var seen = Set<Int>()
            for node in found[k] where seen.insert(node).inserted {
                guard let id = Self.nodeID(node, reader: readers[k], text: k) else {
                    kept.append(node)
                    continue
                }
                guard let first = firstWithID[id] else {
                    firstWithID[id] = (k, node)
                    kept.append(node)
                    continue
                }
                let place = "\(file):\(readers[first.reader].position(of: first.node))"
                let same = Self.withoutContext(readers[first.reader].json.value(first.node)) == Self.withoutContext(readers[k].json.value(node))
                let shown = ImportText.excerpt(readers[k].member(node, "@id").flatMap { readers[k].json.string($0) } ?? "")
                readers[k].report(
                    same ? .note : .warning,
                    "this Recipe has the @id '\(shown)' of the one at \(place), and JSON-LD reads them as one node: it is imported once"
                        + (same ? "" : ", as the first gives it, and its other values are not merged"),
                    at: node)
            }
            found[k] = kept
        }
        // A Recipe node in a property recipes are not read from is told of, so that no
        // recipe is lost without a word (unless it is a recipe found with its @id).
        for k in readers.indices {
            elsewhere[k].removeAll { Self.nodeID($0.node, reader: readers[k], text: k).map { firstWithID[$0] != nil } ?? false }
            for (node, property, owner) in elsewhere[k] {
                let type = Self.types(owner, reader: readers[k]).first.map { "a \($0)" } ?? "a node"
                readers[k].report(.warning, "a Recipe in \"\(property)\" of \(type) is not imported: recipes are read from the top of a file, a @graph, and mainEntity, hasPart and itemListElement (or its items' item)", at: node)
            }
        }
        // A page's other JSON-LD (breadcrumbs, the site) holds no recipe: the page is told of
        // once, when none of its scripts holds one. Each line of JSON Lines is a record.
        let isPage = ImportInput.startsAsMarkup(bytes) && readers.count > 1
        let pageHasRecipe = found.contains { !$0.isEmpty } || elsewhere.contains { !$0.isEmpty }
        for k in readers.indices {
            var reader = readers[k]
            let nodes = found[k]
            found[k] = []
            if nodes.isEmpty && elsewhere[k].isEmpty && !reader.hasErrors(since: 0) && (!isPage || (!pageHasRecipe && k == 0)) {
                reader.report(.warning, "no schema.org Recipe (a node with \"@type\": \"Recipe\") \(isPage ? "in any JSON-LD of this page" : "here"); nothing is imported", at: reader.json.root)
            }
            let graph = Graph(reader: reader)
            // Recipes of one page that share its address (a roundup's `…/soups/#recipe-1`,
            // `#recipe-2`) take their ids from their names: each got the page's, and all but
            // the first were refused as repeats.
            let addresses = nodes.map { addressSlug($0, reader: reader) }
            for (k, node) in nodes.enumerated() {
                let shared = addresses[k].map { a in addresses.filter { $0 == a }.count > 1 } ?? false
                if let document = recipe(node, graph: graph, addressShared: shared, reader: &reader) { documents.append(document) }
            }
            diagnostics += reader.diagnostics
        }
        return documents
    }

    /// The `@id` that names a node, as JSON-LD compares nodes: a blank node's (`_:b0`) with
    /// the index of its `text` (a script of a page, a line of JSON Lines), which it names a
    /// node of alone. Nil when it has none.
    static func nodeID(_ node: Int, reader: ImportReader, text: Int) -> String? {
        guard let id = reader.member(node, "@id").flatMap({ reader.json.string($0) })?.trimmingCharacters(in: .whitespaces),
              !id.isEmpty else { return nil }
        return id.hasPrefix("_:") ? "\(text) \(id)" : id
    }

    /// A node's value without its `@context` (a script's node carries one, the same node in a
    /// `@graph` does not).
    static func withoutContext(_ value: JSONValue) -> JSONValue {
        var value = value
        value["@context"] = nil
        return value
    }

    /// True when a node's `@type` is, or lists, `Recipe` (also `schema:Recipe` and
    /// `http://schema.org/Recipe`).
    static func types(_ node: Int, reader: ImportReader) -> [String] {
        guard let t = reader.member(node, "@type") ?? reader.member(node, "type") else { return [] }
        return reader.list(t).compactMap { reader.json.string($0) }.map { type in
            String(type.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last ?? Substring(type))
        }
    }

    /// The properties in which the recipes of a node that is not a Recipe are found: a
    /// `@graph`, a page's `mainEntity` and `hasPart`, and an `ItemList`'s `itemListElement`
    /// (Google's carousel lists whole recipes there, or in each `ListItem`'s `item`).
    static let recipeProperties: Set<String> = ["@graph", "mainEntity", "hasPart", "itemListElement", "item"]

    /// The Recipe nodes of a JSON text: the root, the elements of a root array, and those
    /// of the ``recipeProperties`` of a node that is not a Recipe, at any depth (a page's
    /// `mainEntity` may be an `ItemList` of `ListItem`s of recipes). An element of the root
    /// array or of a `@graph` that is not an object is reported. A Recipe node in another
    /// property (a page's `about`) is added to `elsewhere`, with the property and its node,
    /// to be told of: it is no recipe of the file, but it is not passed over without a word.
    func recipeNodes(_ node: Int, reader: inout ImportReader, depth: Int, elsewhere: inout [(node: Int, property: String, owner: Int)]) -> [Int] {
        let json = reader.json
        guard depth < 16 else {
            reader.report(.warning, "nodes nested this deep (graphs and lists in one another) are not searched for recipes", at: node)
            return []
        }
        switch json.kind(node) {
        case .array:
            return json.elements(node).flatMap { recipeNodes($0, reader: &reader, depth: depth + 1, elsewhere: &elsewhere) }
        case .object:
            if Self.types(node, reader: reader).contains("Recipe") { return [node] }
            var found: [Int] = []
            for (keyNode, value) in json.members(node) {
                guard let key = json.string(keyNode), key != "@context", json.kind(value) != .null else { continue }
                // A key given twice is read once, as its last value (the one `member` gives).
                if json.mayRepeatKeys(node), json.member(node, key) != value { continue }
                if key == "@graph" {
                    found += recipeNodes(value, reader: &reader, depth: depth + 1, elsewhere: &elsewhere)
                } else if Self.recipeProperties.contains(key) {
                    // A list item may be an address, a position or a name: only nodes are
                    // searched, and nothing else is an error.
                    for element in reader.list(value) where json.kind(element) == .object {
                        found += recipeNodes(element, reader: &reader, depth: depth + 1, elsewhere: &elsewhere)
                    }
                } else {
                    recipes(in: value, property: key, owner: node, reader: reader, depth: depth + 1, into: &elsewhere)
                }
            }
            return found
        default:
            reader.report(.error, "expected a schema.org node (an object), found \(json.kind(node)); this record is not imported", at: node)
            return []
        }
    }

    /// The Recipe nodes in the value of a property that holds no recipes of the file (a
    /// page's `about`, a review's `itemReviewed`), with the property and the node that has
    /// it; a Recipe's own values are not searched.
    func recipes(in value: Int, property: String, owner: Int, reader: ImportReader, depth: Int, into found: inout [(node: Int, property: String, owner: Int)]) {
        let json = reader.json
        guard depth < 16 else { return }
        switch json.kind(value) {
        case .array:
            for element in json.elements(value) { recipes(in: element, property: property, owner: owner, reader: reader, depth: depth + 1, into: &found) }
        case .object:
            if Self.types(value, reader: reader).contains("Recipe") {
                found.append((value, property, owner))
                return
            }
            for (keyNode, member) in json.members(value) {
                guard let key = json.string(keyNode), key != "@context" else { continue }
                recipes(in: member, property: key, owner: value, reader: reader, depth: depth + 1, into: &found)
            }
        default:
            break
        }
    }

    /// The nodes of a JSON text by `@id` (the top level, an array's elements, a `@graph`'s),
    /// so that a reference such as `"author": {"@id": "https://example.com/#/person/1"}`
    /// finds its node.
    struct Graph {
        var nodes: [String: Int] = [:]

        init(reader: ImportReader) {
            let json = reader.json
            var pending = [json.root]
            var visited = 0
            while let node = pending.popLast(), visited < 100_000 {
                visited += 1
                switch json.kind(node) {
                case .array:
                    pending += json.elements(node)
                case .object:
                    if let id = reader.member(node, "@id").flatMap({ json.string($0) }), json.count(node) > 1, nodes[id] == nil {
                        nodes[id] = node
                    }
                    if let graph = reader.member(node, "@graph") { pending.append(graph) }
                default:
                    break
                }
            }
        }

        /// The node a reference (an object with only `@id`) stands for, else the node itself.
        func resolve(_ node: Int, reader: ImportReader) -> Int {
            let json = reader.json
            guard json.kind(node) == .object, json.count(node) == 1,
                  let id = reader.member(node, "@id").flatMap({ json.string($0) }), let target = nodes[id]
            else { return node }
            return target
        }
    }

    /// One Recipe node made a Larder recipe, or nil (with an error) when it cannot be.
    func recipe(_ node: Int, graph: Graph, addressShared: Bool = false, reader: inout ImportReader) -> ImportedDocument? {
        let json = reader.json
        let mark = reader.diagnostics.count
        var out = JSONObject()

        guard let nameNode = reader.member(node, "name"), let name = localizedText(nameNode, reader: &reader) else {
            reader.report(.error, "the Recipe has no name; this record is not imported", at: node)
            return nil
        }
        let plainName = name.stringValue ?? name.objectValue?.values.first?.stringValue ?? ""
        // The id is the one the name gives as it is written out, without the control
        // characters lintableText drops (`Bell\u0007Cake` is `bellcake`, not `bell-cake`).
        let (id, idFromName) = recipeID(node, name: ImportText.droppingControls(plainName)?.text ?? plainName, addressShared: addressShared, reader: &reader)
        out["id"] = id
        out["name"] = name
        if let d = reader.member(node, "description"), let description = localizedText(d, reader: &reader) {
            out["description"] = description
        }

        // category and tags
        var categories: [String] = []
        if let c = reader.member(node, "recipeCategory") { categories = slugs(c, field: "recipeCategory", reader: &reader) }
        if let first = categories.first { out["category"] = .string(first) }
        var tags = Array(categories.dropFirst())
        if let c = reader.member(node, "recipeCuisine") { tags += slugs(c, field: "recipeCuisine", reader: &reader) }
        if let k = reader.member(node, "keywords") { tags += slugs(k, field: "keywords", reader: &reader) }
        var seen = Set(categories.prefix(1))
        tags = tags.filter { seen.insert($0).inserted }
        if !tags.isEmpty { out["tags"] = .array(tags.map { .string($0) }) }

        if let r = reader.member(node, "aggregateRating"), let rating = rating(r, reader: &reader) { out["rating"] = rating }
        if let y = reader.member(node, "recipeYield") ?? reader.member(node, "yield"), let (servings, text) = servings(y, reader: &reader) {
            out["servings"] = servings
            if let text { out["x-yield"] = .string(text) }
        }

        // time
        var time = JSONObject()
        for (property, field) in [("prepTime", "prep"), ("cookTime", "cook"), ("totalTime", "total")] {
            guard let given = reader.member(node, property) else { continue }
            // A list of one (`"prepTime": ["PT10M"]`, as JSON-LD lets any property be) is
            // its time: the recipe was not imported. A recipe has one of each time, so the
            // first is kept, and another of the list is left out with a warning.
            let elements = reader.list(given)
            guard let t = elements.first else { continue }
            for other in elements.dropFirst() where json.string(other) != json.string(t) {
                let shown = json.string(other).map { "'\(ImportText.excerpt($0))'" } ?? "\(json.kind(other))"
                let kept = json.string(t).map { "'\(ImportText.excerpt($0))'" } ?? "\(json.kind(t))"
                reader.report(.warning, "a second \(property), \(shown), is left out: a recipe has one, and the first, \(kept), is kept", at: other)
            }
            guard let text = json.string(t) else {
                reader.report(.error, "\(property) must be an ISO 8601 duration string (such as PT1H30M), found \(json.kind(t)); this record is not imported", at: t)
                continue
            }
            if text.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            do {
                let (minutes, isZero) = try ISODuration.read(text)
                // `PT0M`, `P0Y`: a time of zero is a field not filled in (it was imported
                // as 0 minutes).
                guard !isZero else {
                    reader.report(.note, "\(property) '\(ImportText.excerpt(text))' is a duration of zero, which is no recipe's time (most likely it was not filled in); time.\(field) is left out", at: t)
                    continue
                }
                time[field] = .number(JSONNumber(minutes))
            } catch {
                reader.report(.error, "\(property): \(error.message); this record is not imported", at: t)
            }
        }
        if !time.isEmpty { out["time"] = .object(time) }

        if let n = reader.member(node, "nutrition"), let nutrition = nutrition(n, reader: &reader) { out["nutrition"] = nutrition }

        // ingredients (required)
        let ingredientNode = reader.member(node, "recipeIngredient") ?? reader.member(node, "ingredients")
        var ingredients: [JSONValue] = []
        if let ingredientNode {
            for element in reader.list(ingredientNode) {
                if json.kind(element) == .string {
                    if json.kind(ingredientNode) == .string {
                        // Lines split after tags are read: `<br>` and `<li>` end a line too.
                        let lines = ImportText.stripMarkup(json.string(element) ?? "").split(whereSeparator: \.isNewline)
                        ingredients += lines.map { ImportText.clean(String($0)) }.filter { !$0.isEmpty }.map { .string($0) }
                    } else if let text = reader.text(element) {
                        ingredients.append(.string(text))
                    }
                } else {
                    reader.report(.warning, "an ingredient must be text, found \(json.kind(element)); it is left out", at: element)
                }
            }
        }
        guard !ingredients.isEmpty else {
            reader.report(.error, "recipe '\(plainName)' has no recipeIngredient; this record is not imported", at: ingredientNode ?? node)
            return nil
        }
        out["ingredients"] = .array(ingredients)

        if let i = reader.member(node, "recipeInstructions") {
            let steps = instructions(i, reader: &reader, depth: 0, splitLines: true)
            if !steps.isEmpty { out["steps"] = .array(steps.map { .string($0) }) }
        }

        let page = pageURL(node, reader: reader)
        if let i = reader.member(node, "image") {
            let images = images(i, base: page, graph: graph, reader: &reader)
            if !images.isEmpty { out["images"] = .array(images) }
        }
        if let v = reader.member(node, "video"), let video = video(v, reader: &reader) { out["video"] = .string(video) }
        if let page {
            if Self.isLink(page) {
                out["links"] = .array([.string(page)])
            } else {
                reader.report(.warning, "the page address '\(page)' \(URLCheck.problem(page) ?? "is not a link"); it is not kept in links", at: reader.member(node, "url") ?? node)
            }
        }
        if let a = reader.member(node, "author") {
            let authors = names(a, graph: graph, reader: &reader)
            if !authors.isEmpty { out["x-author"] = .string(authors.joined(separator: ", ")) }
        }

        if reader.hasErrors(since: mark) { return nil }
        // The field the id was made from, so that a warning about its text says so.
        let idSource: JSONPointer? = !idFromName ? nil : name.stringValue != nil ? "/name" : name.objectValue?.keys.first.map { JSONPointer(tokens: ["name", $0]) }
        let value = reader.lintableText(.object(out), record: node, idFrom: idSource)
        return ImportedDocument(kind: kind, id: id, value: value, file: reader.file, start: reader.position(of: node))
    }

    // MARK: id

    /// The recipe's id: `identifier` when it is a slug of at most ``Slug/maxLength``
    /// characters or a non-negative integer (made a slug, with a note, when it is other text
    /// or longer), else a slug of `@id`, `url` or the name,
    /// the first that gives one; a name with no letter a-z can spell gets a hashed id
    /// (`recipe-1a2b3c4d`). `fromName` is true when the name gave it.
    func recipeID(_ node: Int, name: String, addressShared: Bool = false, reader: inout ImportReader) -> (id: JSONValue, fromName: Bool) {
        let json = reader.json
        if var identifier = reader.member(node, "identifier") {
            // A PropertyValue holds it in `value` (it was passed over with no word).
            if json.kind(identifier) == .object, let value = reader.member(identifier, "value") { identifier = value }
            if json.kind(identifier) == .number {
                // 42, 42.0 and 4.2e1 are the same id.
                let d = json.number(identifier)?.decimal
                if let d, d >= 0, let n = ImportNumber.int(d) { return (.number(JSONNumber(n)), false) }
                // A whole number past what an id holds is not "not a whole number".
                let literal = json.numberLiteral(identifier)
                let isWhole = !literal.hasPrefix("-") && literal.allSatisfy { $0.isASCII && $0.isNumber }
                let why = isWhole ? "is a whole number too large for an id (at most \(Int.max))" : "is not a whole number of 0 or more"
                reader.report(.warning, "identifier \(literal) \(why); the recipe's id comes from its address or name", at: identifier)
            } else if let text = json.string(identifier) {
                let isSlug = Slug.isSlug(text)
                let length = text.unicodeScalars.count
                if isSlug, length <= Slug.maxLength { return (.string(text), false) }
                let slug = Slug.make(text)
                let shown = ImportText.excerpt(text)
                if !slug.isEmpty {
                    // Say why: a slug too long (it was called "not a Larder id"), other text,
                    // or both.
                    let why = isSlug
                        ? "is \(length) characters long; an imported id is at most \(Slug.maxLength)"
                        : "is not a Larder id (lower-case letters, digits and hyphens)"
                            + (length > Slug.maxLength ? ", and at \(length) characters it is longer than the \(Slug.maxLength) an imported id may have" : "")
                    reader.report(.note, "identifier '\(shown)' \(why); the recipe's id is '\(slug)'", at: identifier)
                    return (.string(slug), false)
                }
                reader.report(.warning, "identifier '\(shown)' has nothing an id can spell; the recipe's id comes from its address or name", at: identifier)
            } else {
                reader.report(.warning, "identifier is \(json.kind(identifier)), not text or a number; the recipe's id comes from its address or name", at: identifier)
            }
        }
        if !addressShared, let slug = addressSlug(node, reader: reader) { return (.string(slug), false) }
        let slug = Slug.make(name)
        return (.string(slug.isEmpty ? Slug.hashed(name, prefix: "recipe") : slug), true)
    }

    /// The id a recipe's address gives: a slug of `@id`, else of `url`; nil when neither
    /// gives one. A blank node or a fragment of the page (`#recipe`) names nothing.
    func addressSlug(_ node: Int, reader: ImportReader) -> String? {
        let json = reader.json
        if let at = reader.member(node, "@id").flatMap({ json.string($0) }), !at.hasPrefix("_:"), !at.hasPrefix("#") {
            let slug = at.contains("/") ? Slug.fromURL(at) : Slug.make(at)
            if !slug.isEmpty { return slug }
        }
        if let url = reader.member(node, "url").flatMap({ json.string($0) }) {
            let slug = Slug.fromURL(url)
            if !slug.isEmpty { return slug }
        }
        return nil
    }

    // MARK: text

    /// Localized text: a string, the first non-blank string of an array, or JSON-LD value
    /// objects (`{"@value": "Bolo", "@language": "pt"}`, one or several) as an object of
    /// language -> text (each tag in its canonical case, `pt-BR` for `pt-br`). A plain text
    /// first is the text; else the texts in a language Larder takes are, the first of each
    /// language (tags compared without case); else the first text is. Every other value is
    /// left out with a warning (a second plain text, and a text with no language beside
    /// texts in one, went without a word).
    func localizedText(_ node: Int, reader: inout ImportReader) -> JSONValue? {
        let json = reader.json
        // The values with text, in order: a plain string, or a value object with its
        // language (nil when it has none Larder takes, and the tag it has then).
        var entries: [(node: Int, text: String, plain: Bool, language: String?, tag: String?)] = []
        for element in reader.list(node) {
            switch json.kind(element) {
            case .string:
                if let text = reader.text(element) { entries.append((element, text, true, nil, nil)) }
            case .object:
                guard let v = reader.member(element, "@value"), let text = reader.text(v) else { continue }
                let tag = reader.member(element, "@language").flatMap { json.string($0) }
                // A value without a tag Larder takes (none, `de-DE-x-custom`, `zh-yue`) is
                // the text only when no value has one. Tags ignore case: `pt-br` is `pt-BR`,
                // kept in the case BCP 47 recommends, so one language is one text (`pt-BR`
                // and `pt-br` were two, which lint then reported as a duplicate).
                let language = tag.flatMap { Self.isLanguageTag($0) ? LanguageTagShape.canonical($0) : nil }
                entries.append((element, text, false, language, tag))
            default:
                continue
            }
        }
        guard let first = entries.first else { return nil }
        if first.plain || !entries.contains(where: { $0.language != nil }) {
            for entry in entries.dropFirst() where entry.text != first.text {
                reader.report(.warning, "a second text, '\(ImportText.excerpt(entry.text))', is left out: the first, '\(ImportText.excerpt(first.text))', is kept", at: entry.node)
            }
            return .string(first.text)
        }
        var perLanguage: [(String, JSONValue)] = []
        for entry in entries {
            guard let language = entry.language else {
                let which = entry.tag.map { "whose @language '\(ImportText.excerpt($0))' is not a tag Larder takes (such as en or pt-BR)" } ?? "with no @language"
                reader.report(.warning, "a text \(which), '\(ImportText.excerpt(entry.text))', is left out: the texts kept have a language", at: entry.node)
                continue
            }
            if let kept = perLanguage.first(where: { $0.0 == language }) {
                // One text a language: the first is kept (the second went without a word).
                if kept.1.stringValue != entry.text {
                    reader.report(.warning, "a second \(language) text, '\(entry.text)', is left out: the first, '\(kept.1.stringValue ?? "")', is kept", at: entry.node)
                }
            } else {
                perLanguage.append((language, .string(entry.text)))
            }
        }
        return .object(JSONObject(perLanguage))
    }

    /// A BCP 47 tag as Larder's `languageTag` takes it (`en`, `pt-BR`, `zh-Hant-TW`,
    /// `es-419`; ``LanguageTagShape``): `zh-yue` passed a looser check here and then failed
    /// the schema, losing the recipe.
    static func isLanguageTag(_ tag: String) -> Bool {
        LanguageTagShape.isWellFormed(tag)
    }

    /// Slugs of a text or a list of texts, each comma-separated (`"Italian, Mediterranean"`
    /// is two: it was one slug, `italian-mediterranean`, for a category or a cuisine), each
    /// once. A node (`{"@type": "Thing", "name": "Dessert"}`) gives its `name` (or its
    /// `@value`); another value is left out with a warning (both went without a word). A
    /// text with nothing a slug can spell (`日本料理`) is left out with a warning (it went
    /// without a word): a tag, unlike an id, may be missing, and a hashed one
    /// (`tag-1a2b3c4d`) would tell people nothing.
    func slugs(_ node: Int, field: String, reader: inout ImportReader) -> [String] {
        let json = reader.json
        var out: [String] = []
        var seen = Set<String>()  // a keyword list can be long: not a search of `out` per one
        for element in reader.list(node) {
            let text: String?
            switch json.kind(element) {
            case .string:
                text = reader.text(element)
            case .object:
                guard let inner = reader.member(element, "name") ?? reader.member(element, "@value") else {
                    let type = Self.types(element, reader: reader).first.map { "a \($0)" } ?? "a node"
                    reader.report(.warning, "\(field) is \(type) with no name; it is left out", at: element)
                    continue
                }
                let current = reader
                text = current.list(inner).lazy.compactMap { current.text($0) }.first
            case .null:
                continue
            default:
                reader.report(.warning, "\(field) must be text or a node with a name, found \(json.kind(element)); it is left out", at: element)
                continue
            }
            guard let text else { continue }
            for part in text.split(separator: ",").map(String.init) {
                let slug = Slug.make(part)
                // A tag is at most as long as an imported id; one cut to that is told of,
                // as an id is (it was cut without a word).
                let whole = Slug.make(part, maxLength: .max)
                if whole.count > slug.count, seen.contains(slug) == false {
                    reader.report(.note, "\(field) '\(ImportText.excerpt(part.trimmingCharacters(in: .whitespaces)))' gives a tag of \(whole.count) characters; it is cut to \(slug.count): '\(slug)'", at: element)
                }
                if slug.isEmpty {
                    let shown = part.trimmingCharacters(in: .whitespaces)
                    if !shown.isEmpty {
                        reader.report(.warning, "\(field) '\(ImportText.excerpt(shown))' has nothing a tag can spell (letters a-z, digits and hyphens); it is left out", at: element)
                    }
                } else if seen.insert(slug).inserted {
                    out.append(slug)
                }
            }
        }
        return out
    }

    /// Names of people or organisations: strings, or nodes with a `name` (else a person's
    /// `givenName` and `familyName`). A reference to a node the text does not hold, and a
    /// node with no name, are left out with a warning (they went without a word).
    func names(_ node: Int, graph: Graph, reader: inout ImportReader) -> [String] {
        let json = reader.json
        var out: [String] = []
        var seen = Set<String>()
        for element in reader.list(node) {
            let resolved = graph.resolve(element, reader: reader)
            var text: String?
            switch json.kind(resolved) {
            case .object:
                text = reader.member(resolved, "name").flatMap { reader.text($0) }
                if text == nil {
                    let parts = ["givenName", "familyName"].compactMap { reader.member(resolved, $0).flatMap { reader.text($0) } }
                    text = parts.isEmpty ? nil : parts.joined(separator: " ")
                }
                if text == nil {
                    if json.count(resolved) == 1, let id = reader.member(resolved, "@id").flatMap({ json.string($0) }) {
                        reader.report(.warning, "author '\(ImportText.excerpt(id))' refers to a node this text does not hold; it is left out", at: element)
                    } else {
                        let type = Self.types(resolved, reader: reader).first.map { "a \($0)" } ?? "a node"
                        reader.report(.warning, "author is \(type) with no name (name, or givenName and familyName); it is left out", at: element)
                    }
                }
            case .string:
                text = reader.text(resolved)
            default:
                reader.report(.warning, "author must be a name or a Person or Organization, found \(json.kind(resolved)); it is left out", at: element)
            }
            if let text, seen.insert(text).inserted { out.append(text) }
        }
        return out
    }

    // MARK: rating and servings

    /// `ratingValue` on a 0-5 scale (scaled from `bestRating` when that is not 5). Either
    /// may be a JSON-LD value object (`{"@value": 10}`). A `bestRating` that is given but
    /// cannot be read (`"ten"`, `"10/10"`, `1e400`) leaves the rating out with a warning:
    /// taken as 5, it made 4 out of 10 a rating of 4.
    func rating(_ node: Int, reader: inout ImportReader) -> JSONValue? {
        let json = reader.json
        var node = node
        if json.kind(node) == .array {
            // A list of one rating is the rating (a list was dropped without a word).
            let ratings = json.elements(node).filter { json.kind($0) == .object }
            guard let first = ratings.first else { return nil }
            if ratings.count > 1 {
                reader.report(.warning, "aggregateRating lists \(ratings.count) ratings; the first is read, and the others are left out", at: node)
            }
            node = first
        }
        guard json.kind(node) == .object, let valueNode = reader.member(node, "ratingValue") else { return nil }
        func decimal(_ n: Int) -> Decimal? {
            if let number = json.number(n) { return number.decimal }
            if json.kind(n) == .object, let inner = reader.member(n, "@value"), json.kind(inner) != .object { return decimal(inner) }
            return json.string(n).flatMap { ImportNumber.decimal(Substring($0.trimmingCharacters(in: .whitespaces))) }
        }
        // A count of 0 ratings (and of reviews, when both are given) is a recipe no one has
        // rated yet: its ratingValue (often "0") is no rating (it was a rating of 0).
        let counts = ["ratingCount", "reviewCount"].compactMap { key in reader.member(node, key).map { (key, $0) } }
        if let (key, countNode) = counts.first, counts.allSatisfy({ decimal($0.1) == 0 }) {
            reader.report(.note, "aggregateRating has a \(key) of 0: no one has rated it yet; rating is left out", at: countNode)
            return nil
        }
        guard let value = decimal(valueNode) else {
            reader.report(.warning, "ratingValue must be a number; rating is left out", at: valueNode)
            return nil
        }
        // A blank bestRating is none given: the default scale, 0-5.
        let bestNode = reader.member(node, "bestRating").flatMap { json.string($0)?.trimmingCharacters(in: .whitespaces).isEmpty == true ? nil : $0 }
        var best: Decimal = 5
        if let bestNode {
            guard let read = decimal(bestNode) else {
                let shown = json.number(bestNode)?.literal ?? json.string(bestNode).map { "'\($0)'" }
                    ?? (json.kind(bestNode) == .array ? "an array" : json.kind(bestNode) == .object ? "an object" : "not a number")
                reader.report(.warning, "bestRating is \(shown), which is not a number Larder can read, so ratingValue \(ImportNumber.literal(value)) has no scale; rating is left out", at: bestNode)
                return nil
            }
            best = read
        }
        guard best > 0 else {
            // A scale whose best is 0 or less has no place for the rating (it was dropped
            // with no word).
            reader.report(.warning, "bestRating \(ImportNumber.literal(best)) is not above 0, so ratingValue has no scale; rating is left out", at: bestNode ?? valueNode)
            return nil
        }
        let scaled = best == 5 ? value : value * 5 / best
        guard scaled >= 0, scaled <= 5 else {
            reader.report(.warning, "ratingValue \(ImportNumber.literal(value)) is outside 0-\(ImportNumber.literal(best)); rating is left out", at: valueNode)
            return nil
        }
        return ImportNumber.json(scaled, places: 2)
    }

    /// `recipeYield` (one value or several) as Larder's servings: numbers, texts and
    /// `QuantitativeValue`s (`value`, else `minValue`, with `unitText` or `unitCode`).
    /// Anything else, and an amount that is no yield (below zero, 0, `"1e9"`), is left out
    /// with a warning (they were dropped with no word, or `"-4"` read as 4). A text that
    /// gives a second amount (`"12 muffins, 1 loaf"`) is the first, and the text is
    /// returned too, to be kept as `x-yield`, with a note.
    func servings(_ node: Int, reader: inout ImportReader) -> (servings: JSONValue, text: String?)? {
        let json = reader.json
        var yields: [RecipeYield] = []
        var quotes: [String?] = []  // each yield's text, as messages quote it (nil: a number)
        var texts: [String?] = []  // each yield's text, cleaned (nil: a number)
        var unread: [String] = []
        func read(_ text: String, quoted: String, at element: Int, isRange: Bool = false) {
            do {
                var y = try RecipeYield.read(text)
                y.isRange = y.isRange || isRange
                yields.append(y)
                quotes.append(quoted)
                texts.append(ImportText.clean(text))
            } catch {
                switch error {
                case .noAmount:
                    if !text.trimmingCharacters(in: .whitespaces).isEmpty { unread.append(quoted) }
                case .unusable(let why):
                    reader.report(.warning, "recipeYield \(quoted) \(why); it is left out", at: element)
                }
            }
        }
        for element in reader.list(node) {
            switch json.kind(element) {
            case .number:
                guard let value = json.number(element)?.decimal, value > 0 else {
                    // It was left out with no word.
                    reader.report(.warning, "recipeYield \(json.numberLiteral(element)) is not a number of servings above 0; it is left out", at: element)
                    continue
                }
                guard RecipeYield.isExact(value) else {
                    reader.report(.warning, "recipeYield \(json.numberLiteral(element)) \(RecipeYield.tooManyDigits); it is left out", at: element)
                    continue
                }
                if let whole = ImportNumber.int(value) {
                    yields.append(RecipeYield(value: .servings(whole)))
                } else {
                    yields.append(RecipeYield(value: .amount(value, unit: "servings")))
                }
                quotes.append(nil)
                texts.append(nil)
            case .string:
                let text = json.string(element) ?? ""
                read(text, quoted: "'\(ImportText.excerpt(text))'", at: element)
            case .object:
                guard let (text, isRange) = quantitativeValue(element, reader: &reader) else { continue }
                read(text, quoted: "'\(text)'", at: element, isRange: isRange)
            default:
                reader.report(.warning, "recipeYield must be text, a number or a QuantitativeValue, found \(json.kind(element)); it is left out", at: element)
            }
        }
        guard let chosen = RecipeYield.choose(yields) else {
            if !unread.isEmpty {
                reader.report(.warning, "recipeYield \(unread[0]) gives no amount (such as \"8 servings\" or \"24 cookies\"); servings is left out", at: node)
            }
            return nil
        }
        if chosen.isRange {
            reader.report(.note, "recipeYield gives a range; servings keeps its lower end", at: node)
        }
        let kept = switch chosen.value {
        case .servings(let n): "\(n)"
        case .amount(let value, let unit): "\(ImportNumber.literal(value)) \(unit)"
        }
        let index = yields.firstIndex(of: chosen)
        if chosen.isRounded, let index, let quoted = quotes[index] {
            // It was rounded with no word.
            reader.report(.note, "recipeYield \(quoted) is read to 3 decimals; servings is \(kept)", at: node)
        }
        // A second amount was read into the unit (`muffins-1-loaf`).
        var text: String?
        if let rest = chosen.unread, let index, let quoted = quotes[index], let whole = texts[index] {
            reader.report(.note, "recipeYield \(quoted) gives a second amount, '\(ImportText.excerpt(rest))', which servings has no place for: servings is \(kept), and the text is kept in x-yield", at: node)
            text = whole
        }
        switch chosen.value {
        case .servings(let n):
            return (.number(JSONNumber(n)), text)
        case .amount(let value, let unit):
            return (.object(JSONObject([("amount", ImportNumber.json(value)), ("unit", .string(unit))])), text)
        }
    }

    /// UN/CEFACT unit codes a yield's `unitCode` may hold, and the unit they give (nil: a
    /// plain count, servings).
    static let yieldUnitCodes: [String: String?] = [
        "C62": nil, "H87": "pieces", "GRM": "g", "KGM": "kg", "MLT": "ml", "LTR": "l",
    ]

    /// A `QuantitativeValue` yield (`{"value": 6}`, `{"value": 24, "unitText": "cookies"}`,
    /// `{"minValue": 4, "maxValue": 6}`, the lower of the two when they are swapped) as the
    /// text ``RecipeYield/read(_:)`` takes, and whether it was a range; nil, with a warning,
    /// when it gives none.
    func quantitativeValue(_ node: Int, reader: inout ImportReader) -> (text: String, isRange: Bool)? {
        let json = reader.json
        let type = Self.types(node, reader: reader).first.map { "a \($0)" } ?? "an object"
        let max = reader.member(node, "maxValue")
        var min = reader.member(node, "minValue")
        // A range whose ends are swapped (`{"minValue": 6, "maxValue": 4}`) keeps its lower
        // end, 4 (it kept 6 and said it was the lower end).
        func number(_ n: Int) -> Decimal? {
            switch json.kind(n) {
            case .number: json.number(n)?.decimal
            case .string: reader.text(n).flatMap { ImportNumber.decimal(Substring($0)) }
            default: nil
            }
        }
        if let lo = min, let hi = max, let a = number(lo), let b = number(hi), b < a { min = hi }
        guard let valueNode = reader.member(node, "value") ?? min ?? max else {
            reader.report(.warning, "recipeYield is \(type) with no value (a QuantitativeValue's \"value\"); it is left out", at: node)
            return nil
        }
        let amount: String
        switch json.kind(valueNode) {
        case .number:
            // A negative number keeps its sign, so it is warned about.
            amount = json.number(valueNode)?.decimal.map { ImportNumber.literal($0) } ?? json.numberLiteral(valueNode)
        case .string:
            amount = reader.text(valueNode) ?? ""
        default:
            reader.report(.warning, "recipeYield's value must be a number or text, found \(json.kind(valueNode)); it is left out", at: valueNode)
            return nil
        }
        var unit = reader.member(node, "unitText").flatMap { reader.text($0) }
        if unit == nil, let codeNode = reader.member(node, "unitCode"), let code = reader.text(codeNode) {
            guard let known = Self.yieldUnitCodes[code.uppercased()] else {
                reader.report(.warning, "recipeYield's unitCode '\(ImportText.excerpt(code))' is not a unit Larder reads (C62, H87, GRM, KGM, MLT, LTR; or give unitText); it is left out", at: codeNode)
                return nil
            }
            unit = known
        }
        let isRange = reader.member(node, "value") == nil && max != nil && min != nil
        return (unit.map { amount + " " + $0 } ?? amount, isRange)
    }

    // MARK: nutrition

    /// schema.org's `NutritionInformation` properties and Larder's nutrient fields.
    static let nutrients: [(schema: String, larder: String)] = [
        ("fatContent", "fat"), ("saturatedFatContent", "saturatedFat"), ("carbohydrateContent", "carbohydrates"),
        ("sugarContent", "sugars"), ("fiberContent", "fiber"), ("proteinContent", "protein"), ("sodiumContent", "sodium"),
    ]

    /// `NutritionInformation` as Larder's nutrition: per serving, or per 100 g when its
    /// `servingSize` is 100 g; `calories` as energy (kcal unless it says kJ); masses in
    /// grams (`"629 mg"` sodium -> 0.629), every digit kept.
    func nutrition(_ node: Int, reader: inout ImportReader) -> JSONValue? {
        let json = reader.json
        guard json.kind(node) == .object else {
            reader.report(.warning, "nutrition must be a NutritionInformation object, found \(json.kind(node)); it is left out", at: node)
            return nil
        }
        var per = "serving"
        if let size = reader.member(node, "servingSize").flatMap({ reader.text($0) }),
           let grams = try? NutritionText.grams(size), grams == 100, size.rangeOfCharacter(from: .letters) != nil {
            per = "100g"
        }
        var out = JSONObject([("per", .string(per))])
        // A value of another shape (a list, an object, true) is left out with a warning (it
        // was dropped without a word); an empty text or null says nothing, and is skipped.
        func text(_ n: Int, _ property: String) -> String? {
            switch json.kind(n) {
            case .number: return json.numberLiteral(n)
            case .string, .null: return reader.text(n)
            default:
                reader.report(.warning, "\(property) must be a text such as \"\(property == "calories" ? "250 kcal" : "5 g")\" or a number, found \(json.kind(n)); it is left out", at: n)
                return nil
            }
        }
        if let c = reader.member(node, "calories"), let value = text(c, "calories") {
            do {
                let energy = try NutritionText.energy(value)
                out["energy"] = .object(JSONObject([("value", ImportNumber.exact(energy.value)), ("unit", .string(energy.unit))]))
            } catch {
                reader.report(.warning, "calories: \(error.message); it is left out", at: c)
            }
        }
        for (property, field) in Self.nutrients {
            guard let n = reader.member(node, property), let value = text(n, property) else { continue }
            do {
                // Kept as written, or converted exactly: every mass unit's factor to grams
                // ends (mg, µg, oz, lb), so no value is rounded (4 places made 1.25 mg of
                // sodium 0.0013 g).
                out[field] = ImportNumber.exact(try NutritionText.grams(value))
            } catch {
                reader.report(.warning, "\(property): \(error.message); it is left out", at: n)
            }
        }
        return out.count > 1 ? .object(out) : nil
    }

    // MARK: steps

    /// Steps from `recipeInstructions`: a text (one step per line, leading "1." numbers
    /// dropped), texts, `HowToStep`s (their `text`, else `name`), and `HowToSection`s (their
    /// `itemListElement`, the section's name put before its first step: "For the glaze:
    /// whisk…").
    func instructions(_ node: Int, reader: inout ImportReader, depth: Int, splitLines: Bool) -> [String] {
        let json = reader.json
        guard depth < 8 else {
            reader.report(.warning, "instructions nested this deep (sections in sections) are left out", at: node)
            return []
        }
        switch json.kind(node) {
        case .string:
            let raw = json.string(node) ?? ""
            let lines = splitLines ? ImportText.stripMarkup(raw).split(whereSeparator: \.isNewline).map(String.init) : [raw]
            // A line that is only a step's number ("Step 1", "2.") heads the step that
            // follows it: it is no step of its own.
            return lines.map { ImportText.clean($0) }.filter { !Self.isStepHeading($0) }.map(Self.droppingNumber).filter { !$0.isEmpty }
        case .array:
            return json.elements(node).flatMap { instructions($0, reader: &reader, depth: depth + 1, splitLines: false) }
        case .object:
            let types = Self.types(node, reader: reader)
            if let item = reader.member(node, "item"), types.contains("ListItem") {
                return instructions(item, reader: &reader, depth: depth + 1, splitLines: false)
            }
            if let items = reader.member(node, "itemListElement") {
                // A section whose steps are one text is split into lines, as a text of
                // recipeInstructions is.
                var steps = instructions(items, reader: &reader, depth: depth + 1, splitLines: json.kind(items) == .string)
                let isSection = types.contains("HowToSection") || types.contains("ItemList") || reader.member(node, "text") == nil
                if isSection, let heading = reader.member(node, "name").flatMap({ reader.text($0) }), !steps.isEmpty {
                    steps[0] = (heading.hasSuffix(":") ? heading : heading + ":") + " " + steps[0]
                }
                if !isSection, let text = reader.member(node, "text").flatMap({ reader.text($0) }) {
                    steps.insert(text, at: 0)
                }
                return steps
            }
            // The first of these with text (an empty "text" gives way to the "name").
            for field in ["text", "name", "description"] {
                if let text = reader.member(node, field).flatMap({ reader.text($0) }) { return [text] }
            }
            reader.report(.warning, "an instruction with no text (a \(types.first ?? "node") without \"text\" or \"name\"); it is left out", at: node)
            return []
        default:
            reader.report(.warning, "an instruction must be text or a HowToStep, found \(json.kind(node)); it is left out", at: node)
            return []
        }
    }

    /// True for a line that is a step's number alone: "Step 1", "STEP 2:", "3.", "4)".
    static func isStepHeading(_ line: String) -> Bool {
        var rest = Substring(line.lowercased())
        let named = rest.hasPrefix("step")
        if named { rest = rest.dropFirst(4).drop(while: { $0 == " " }) }
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count <= 3 else { return false }
        rest = rest.dropFirst(digits.count).drop(while: { $0 == " " })
        guard let mark = rest.first else { return named }
        return rest.count == 1 && [".", ")", ":"].contains(mark)
    }

    /// "1. Preheat" -> "Preheat"; "Step 2: Mix" -> "Mix".
    static func droppingNumber(_ line: String) -> String {
        var rest = Substring(line)
        if rest.lowercased().hasPrefix("step ") { rest = rest.dropFirst(5) }
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count <= 3 else { return line }
        let after = rest.dropFirst(digits.count)
        guard let mark = after.first, [".", ")", ":"].contains(mark), after.dropFirst().first == " " else { return line }
        let text = after.dropFirst().drop(while: { $0 == " " })
        return text.isEmpty ? line : String(text)
    }

    // MARK: images, video, links

    /// The recipe's page: `url`, else `mainEntityOfPage` (a URL or a node's `@id`), else
    /// `@id` without its `#fragment`, when it is an http(s) address.
    func pageURL(_ node: Int, reader: ImportReader) -> String? {
        let json = reader.json
        var candidates: [String] = []
        if let url = reader.member(node, "url").flatMap({ json.string($0) }) { candidates.append(url) }
        if let main = reader.member(node, "mainEntityOfPage") {
            if let url = json.string(main) {
                candidates.append(url)
            } else if let url = reader.member(main, "@id").flatMap({ json.string($0) }) {
                candidates.append(url)
            }
        }
        if let at = reader.member(node, "@id").flatMap({ json.string($0) }) {
            candidates.append(String(at.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""))
        }
        return candidates.map { $0.trimmingCharacters(in: .whitespaces) }.first { Self.isPageAddress($0) }
    }

    /// An http(s) address with a host, as Foundation reads it: enough to resolve relative
    /// image addresses against (`links` takes only what the `url` rule takes).
    static func isPageAddress(_ text: String) -> Bool {
        guard !text.contains(where: { $0.isWhitespace }), let url = URL(string: text),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else { return false }
        return true
    }

    /// An absolute http(s) URL with a host and no spaces.
    /// An address the `url` rule takes: the same check, so imported content lints clean
    /// (Foundation's parser let `https://my_site.com/`, `%zz` escapes and port 99999 in).
    static func isLink(_ text: String) -> Bool {
        URLCheck.problem(text) == nil
    }

    /// A video address the `url` rule takes: a link, and a YouTube one only with a video id
    /// of YouTube's shape.
    static func isVideoLink(_ text: String) -> Bool {
        guard isLink(text) else { return false }
        switch URLCheck.youTube(text) {
        case .video(let id): return URLCheck.isYouTubeID(id)
        case .noVideo: return false
        case .other: return true
        }
    }

    /// `image`: a URL, an `ImageObject` (`url` or `contentUrl`, `caption` as alt text), or
    /// a list of them, each once.
    func images(_ node: Int, base: String?, graph: Graph, reader: inout ImportReader) -> [JSONValue] {
        let json = reader.json
        var out: [JSONValue] = []
        var seen = Set<String>()
        for element in reader.list(node).map({ graph.resolve($0, reader: reader) }) {
            var reference: Int?
            var alt: JSONValue?
            switch json.kind(element) {
            case .string:
                reference = element
            case .object:
                reference = reader.member(element, "url") ?? reader.member(element, "contentUrl")
                if let caption = reader.member(element, "caption") ?? reader.member(element, "description") {
                    alt = localizedText(caption, reader: &reader)
                }
            default:
                break
            }
            guard let reference, let text = json.string(reference) else {
                reader.report(.warning, "an image must be a URL or an ImageObject with a url; it is left out", at: element)
                continue
            }
            do {
                let image = try ImageLink.image(text, base: base, alt: alt)
                let key = image.stringValue ?? image["src"]?.stringValue ?? text
                if seen.insert(key).inserted { out.append(image) }
            } catch {
                reader.report(.warning, "image: \(error.message); it is left out", at: reference)
            }
        }
        return out
    }

    /// `video`: a URL or a `VideoObject` (`contentUrl`, `embedUrl`, `url`), the first
    /// http(s) address. A recipe has one video: each other one of a list is left out with a
    /// warning, as is an element with no address when another gives one (they went without
    /// a word).
    func video(_ node: Int, reader: inout ImportReader) -> String? {
        let json = reader.json
        let addresses = reader.list(node).map { element -> (element: Int, address: String?) in
            let candidates: [Int] = json.kind(element) == .object
                ? ["contentUrl", "embedUrl", "url"].compactMap { reader.member(element, $0) }
                : [element]
            // An address without its scheme (`//www.youtube.com/embed/…`, as embed codes
            // write it) is https, as an image's is (the video was left out).
            let address = candidates.lazy.compactMap { json.string($0)?.trimmingCharacters(in: .whitespaces) }
                .map { $0.hasPrefix("//") ? "https:" + $0 : $0 }.first(where: Self.isVideoLink)
            return (element, address)
        }
        let problem = "gives no address the url rule takes (an http(s) URL; on YouTube, a video's); it is left out"
        guard let kept = addresses.lazy.compactMap(\.address).first else {
            reader.report(.warning, "video \(problem)", at: node)
            return nil
        }
        var first = true
        for (element, address) in addresses {
            guard let address else {
                reader.report(.warning, "this video \(problem)", at: element)
                continue
            }
            if first {
                first = false
            } else if address != kept {
                reader.report(.warning, "a second video, '\(ImportText.excerpt(address))', is left out: a recipe has one, and the first, '\(ImportText.excerpt(kept))', is kept", at: element)
            }
        }
        return kept
    }
}
