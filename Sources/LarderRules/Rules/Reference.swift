import LarderCore
import LarderJSON

/// `reference`: the ids content points to exist.
///
/// A recipe's `shops` entries that are ids name `location` documents; a product's
/// `allergens`, `categories`, `labels` and `origins` tags, and the `category` and `tags`
/// of recipes and locations, have labels in a `taxonomy` document. Runs once per run (a
/// ``FactContentRule``): the ids of every location and the tags of every taxonomy are facts
/// the lint cache keeps, and only the documents reported on are read in full. O(n).
public struct ReferenceRule: FactContentRule, ConfigurableRule {
    public let id = "reference"
    public let summary = "Shop ids name locations of the project, and categories and tags are in a taxonomy."
    public let defaultSeverity = Severity.error
    public let kinds: [String]? = ["recipe", "location", "product"]
    public var details: String? {
        """
        A recipe's `shops` lists locations by id (or writes them in place); each id must \
        be the id of a `location` document of the project. Taxonomy tags must be keys of a \
        `taxonomy` document, or the app has no label to show for them: a product's \
        `allergens`, `categories`, `labels` and `origins` (`en:milk`), and the `category` \
        and `tags` of recipes and locations (`dessert`).

        Each check runs only when the content holds documents of the other kind: shop ids \
        are checked when the project has locations, tags when it has a taxonomy, so linting \
        one file alone does not report everything it points to. Which fields hold tags is \
        the `tagFields` option; tags and location ids the app defines itself can be \
        listed in `knownTags` and `knownLocations`.
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("tagFields", .strings, "the fields that hold taxonomy tags (a tag, or a list of tags)",
                       default: "allergens, categories, labels, origins (products); category, tags (recipes, locations)"),
            RuleOption("knownTags", .strings, "tags defined outside the content (in the app); giving it turns the tag check on"),
            RuleOption("knownLocations", .strings,
                       "location ids defined outside the content; giving it turns the shop check on"),
        ]
    }

    /// The fields checked against the taxonomies by default, per kind.
    public static let defaultTagFields: [String: [String]] = [
        "product": ["allergens", "categories", "labels", "origins"],
        "recipe": ["category", "tags"],
        "location": ["category", "tags"],
    ]

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"[{"id": "negroni", "shops": ["gerrys", 7, {"id": "pop-up", "name": "Pop-up"}]}, {"id": "gerrys"}, {"id": 7}]"#,
                    kind: "recipe"),
            .passes(#"{"id": "negroni", "shops": ["nowhere"]}"#, kind: "recipe"),
            .triggers(#"{"id": 12, "category": "sobremesa", "tags": ["sweet"]}"#, at: "/category", kind: "recipe",
                      options: ["knownTags": ["dessert", "sweet"]]),
            .triggers(#"{"code": "3017620422003", "allergens": ["en:milk", "en:peanut"]}"#, at: "/allergens/1",
                      kind: "product", options: ["knownTags": ["en:milk", "en:peanuts"]]),
            .triggers(#"{"id": "negroni", "shops": ["gerrys", "the-whisky-shop", 3]}"#, at: "/shops/1", "/shops/2",
                      kind: "recipe", options: ["knownLocations": ["gerrys"]]),
            .passes(#"{"id": "negroni", "shops": ["gerrys"]}"#, kind: "location", options: ["knownLocations": []]),
        ]
    }

    /// What a document adds to the names others may point to: a location (with its id, if
    /// it has one that is a string or an integer), or a taxonomy (with its tags).
    public enum Facts: ContentFacts, Hashable {
        case location(id: String?)
        case taxonomy(tags: [String])

        public func encode(to encoder: inout FactEncoder) {
            switch self {
            case .location(let id):
                encoder.write(0)
                encoder.write(id)
            case .taxonomy(let tags):
                encoder.write(1)
                encoder.write(tags)
            }
        }

        public init(from decoder: inout FactDecoder) throws(FactDecoder.Failure) {
            switch try decoder.readInt() {
            case 0: self = .location(id: try decoder.readOptionalString())
            case 1: self = .taxonomy(tags: try decoder.readStrings())
            default: throw FactDecoder.Failure()
            }
        }
    }

    public func facts(of document: Document, context: RuleContext) -> Facts? {
        let json = document.json
        switch document.kind {
        case ContentFields.location:
            return .location(id: json.member(document.node, "id").flatMap { IDValue.text(json, $0) })
        case ContentFields.taxonomy:
            var tags: [String] = []
            if json.kind(document.node) == .object {
                for (key, _) in json.members(document.node) { if let tag = json.string(key) { tags.append(tag) } }
            }
            return .taxonomy(tags: tags)
        default:
            return nil
        }
    }

    public func check(facts: FactTable<Facts>, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        var locationIDs = Set<String>()
        var hasLocations = false
        var tags = Set<String>()
        var hasTaxonomy = false
        for entry in facts.entries {
            switch entry.facts {
            case .location(let id):
                hasLocations = true
                if let id { locationIDs.insert(id) }
            case .taxonomy(let keys):
                hasTaxonomy = true
                tags.formUnion(keys)
            }
        }
        if let known = options.strings("knownTags") {
            hasTaxonomy = true
            tags.formUnion(known)
        }
        if let known = options.strings("knownLocations") {
            hasLocations = true
            locationIDs.formUnion(known)
        }
        let tagFieldsOption = options.strings("tagFields")
        var diagnostics: [Diagnostic] = []
        var cache = LocatorCache()
        // Suggestions look through the names in a fixed order, so a tie gives the same
        // answer on every run.
        var sortedIDs: [String]?, sortedTags: [String]?
        for document in facts.documents where applies(to: document.kind, options: options) {
            if let files, !files.contains(document.file) { continue }
            let json = document.json
            if document.kind == ContentFields.recipe, hasLocations,
                let shops = json.member(document.node, "shops"), json.kind(shops) == .array
            {
                for shop in json.elements(shops) {
                    guard json.kind(shop) != .object, let text = IDValue.text(json, shop), !locationIDs.contains(text) else {
                        continue
                    }
                    var message = "shop \(Text.quoted(text)) is not the id of any location of the project"
                    if sortedIDs == nil { sortedIDs = locationIDs.sorted() }
                    if let guess = Suggest.closest(to: text, in: sortedIDs ?? []) { message += " (did you mean '\(guess)'?)" }
                    message += "; use a location's id, or add the location"
                    diagnostics.append(cache.diagnostic(context, in: document, at: shop, message))
                }
            }
            if hasTaxonomy {
                for field in tagFieldsOption ?? Self.defaultTagFields[document.kind ?? ""] ?? [] {
                    guard let value = json.member(document.node, field) else { continue }
                    for item in json.kind(value) == .array ? Array(json.elements(value)) : [value] {
                        guard let tag = json.string(item), !tags.contains(tag) else { continue }
                        var message = "\(Self.singular(field)) \(Text.quoted(tag)) is not in any taxonomy, so it has no label to show"
                        if sortedTags == nil { sortedTags = tags.sorted() }
                        if let guess = Suggest.closest(to: tag, in: sortedTags ?? []) { message += " (did you mean '\(guess)'?)" }
                        message += "; use a tag of the taxonomy, or add the tag with its labels"
                        diagnostics.append(cache.diagnostic(context, in: document, at: item, message))
                    }
                }
            }
        }
        return diagnostics
    }

    static func singular(_ field: String) -> String {
        switch field {
        case "allergens": "allergen"
        case "categories": "category"
        case "labels": "label"
        case "origins": "origin"
        case "category": "category"
        case "tags": "tag"
        default: "tag in \(field)"
        }
    }
}
