import LarderCore
import LarderJSON

/// `reference`: the ids content points to exist.
///
/// A recipe's `shops` entries that are ids name `location` documents; a product's
/// `allergens`, `categories`, `labels` and `origins` tags, the `category` and `tags` of
/// recipes and locations, and the fields a team kind's schema marks as tags (the linter's
/// `schemaTagFields` option, from ``LarderConfig/tagFields``), have labels in a `taxonomy`
/// document. Runs once per run (a ``FactContentRule``): the ids of every location and the
/// tags of every taxonomy, and the shop ids and tags each document points to, are facts
/// the lint cache keeps; the check reads no parsed document. O(n).
public struct ReferenceRule: FactContentRule, ConfigurableRule {
    public let id = "reference"
    public let summary = "Shop ids name locations of the project, and categories and tags are in a taxonomy."
    public let defaultSeverity = Severity.error
    /// Every kind: which kinds hold tags depends on the project (a team kind whose schema
    /// marks tag fields, ``tagFields(of:options:)``); the linter does not run the rule for a
    /// kind that holds none (``isInert(context:)``).
    public let kinds: [String]? = nil
    public var details: String? {
        """
        A recipe's `shops` lists locations by id (or writes them in place); each id must \
        be the id of a `location` document of the project. Taxonomy tags must be keys of a \
        `taxonomy` document, or the app has no label to show for them: a product's \
        `allergens`, `categories`, `labels` and `origins` (`en:milk`), the `category` \
        and `tags` of recipes and locations (`dessert`), and the fields of a kind of your \
        own whose schema gives them Larder's `category`, `tag`, `tags`, `taxonomyTag` or \
        `taxonomyTags` definition (the fields the JSON bundle labels), at any depth.

        Shop ids are checked whenever larder.yml has a `location` content entry, and tags \
        whenever it has a `taxonomy` entry, also when those entries hold no document (an \
        empty list, a file deleted or renamed): every reference is then broken, and is \
        reported, so a commit that removes the shops others point to fails. Without such \
        an entry (a project whose app defines its own shops or labels, a rule run on \
        documents alone) the check runs only when the documents checked hold locations or \
        a taxonomy. Which fields hold tags is the `tagFields` option (for a kind of your \
        own whose schema marks tags too, over the fields it marks); tags and location ids \
        the app defines itself can be listed in `knownTags` and `knownLocations`.
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("tagFields", .strings, "the fields that hold taxonomy tags (a tag, or a list of tags)",
                       default: "allergens, categories, labels, origins (products); category, tags (recipes, locations); "
                           + "the fields its schema marks as tags (a kind of your own)"),
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

    /// Where a document of one kind holds the tags to check.
    enum TagFields: Equatable {
        /// Fields of the document by name, each a tag or a list of tags.
        case names([String])
        /// The fields a team kind's schema marks as tags, as ``FieldPatterns`` reads them
        /// (`/tags/*`: each element of the list).
        case patterns([String])
    }

    /// Where a document of `kind` holds tags: the option `tagFields` when given, else a
    /// built-in kind's ``defaultTagFields``, else the fields a team kind's schema marks
    /// (the linter's `schemaTagFields` option). Nil for a kind with none: a taxonomy (which
    /// defines tags), a document of no kind, a team kind whose schema marks no tag.
    static func tagFields(of kind: String?, options: Options) -> TagFields? {
        guard let kind, kind != ContentFields.taxonomy else { return nil }
        let named = options.strings("tagFields")
        if let defaults = defaultTagFields[kind] { return .names(named ?? defaults) }
        guard let marked = options.strings(Linter.schemaTagFieldsOption), !marked.isEmpty else { return nil }
        return named.map(TagFields.names) ?? .patterns(marked)
    }

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
            // A location written in place in a recipe's shops: its tags are a location's.
            .triggers(#"{"id": "pho", "tags": ["soup"], "shops": ["gerrys", {"id": "pop-up", "name": "Pop-up", "tags": ["late-nite", "street-food"]}]}"#,
                      at: "/shops/1/tags/0", kind: "recipe", options: ["knownTags": ["soup", "street-food"], "knownLocations": ["gerrys"]]),
            // A kind of the team's own whose schema marks `/cuisine` and `/tags` as tags.
            .triggers(#"{"id": "pho-stand", "cuisine": "vietnamse", "tags": ["soup", "late-nite"]}"#, at: "/cuisine", "/tags/1",
                      kind: "stall", options: [Linter.schemaTagFieldsOption: ["/cuisine", "/tags/*"],
                                               "knownTags": ["vietnamese", "soup", "late-night"]]),
            // larder.yml declares locations and a taxonomy, whose files hold none.
            .triggers(#"{"id": "negroni", "category": "classic", "shops": ["gerrys"]}"#, at: "/category", "/shops/0", kind: "recipe",
                      options: [Linter.contentKindsOption: ["recipe", "location", "taxonomy"]]),
        ]
    }

    /// A name a document points to (a shop id, a tag), as written, and where it is.
    public struct Mention: Sendable, Hashable {
        /// The field that holds it: its name (`shops`, `category`, `tags`, …), or, for a
        /// field below the document (a shop's `/shops/0/tags`) or a name that starts with
        /// `/`, its JSON Pointer from the document (`/~1odd`). A value that starts with `/`
        /// is always a pointer.
        public var field: String
        public var text: String
        /// Where the value is in the field's list, or nil when it is the field's value.
        public var element: Int?
        public var place: FactPlace

        public init(field: String, text: String, element: Int?, place: FactPlace) {
            self.field = field
            self.text = text
            self.element = element
            self.place = place
        }
    }

    /// What a document adds to the names others may point to, and the names it points to:
    /// everything the check reads, so it never needs the parsed document.
    ///
    /// The cache keeps the facts of every document of the project, so they are written
    /// short: the document's pointer once, the usual fields by number, and each name's place
    /// as its position only (its pointer follows from the document's, the field and the
    /// element).
    public struct Facts: ContentFacts, Hashable {
        /// What a document defines.
        public enum Names: Sendable, Hashable {
            case none
            /// A location, with its id if it has one that is a string or an integer.
            case location(id: String?)
            /// A taxonomy, with its tags.
            case taxonomy(tags: [String])
        }

        public var names: Names
        /// The document's pointer within its file (`""` or `/3`).
        public var pointer: JSONPointer
        /// A recipe's `shops` entries that are ids (not locations written in place), in order.
        public var shops: [Mention]
        /// The string tags of the document's tag fields, field by field in the order of the
        /// fields, each field's in its order.
        public var tags: [Mention]

        public init(names: Names, pointer: JSONPointer, shops: [Mention] = [], tags: [Mention] = []) {
            self.names = names
            self.pointer = pointer
            self.shops = shops
            self.tags = tags
        }

        /// Fields written as their number in this list.
        static let usualFields = ["shops", "category", "tags", "allergens", "categories", "labels", "origins"]

        public func encode(to encoder: inout FactEncoder) {
            switch names {
            case .none:
                encoder.write(0)
            case .location(let id):
                encoder.write(1)
                encoder.write(id)
            case .taxonomy(let tags):
                encoder.write(2)
                encoder.write(tags)
            }
            encoder.write(pointer)
            // Runs of names of the same field: the field, how many, then each name.
            var places: [FactPlace] = []
            places.reserveCapacity(shops.count + tags.count)
            for mentions in [shops, tags] {
                var runs: [Range<Int>] = []
                var start = 0
                for i in mentions.indices where i + 1 == mentions.count || mentions[i + 1].field != mentions[i].field {
                    runs.append(start..<(i + 1))
                    start = i + 1
                }
                encoder.write(UInt64(runs.count))
                for run in runs {
                    let field = mentions[run.lowerBound].field
                    if let number = Self.usualFields.firstIndex(of: field) {
                        encoder.write(number)
                    } else {
                        encoder.write(-1)
                        encoder.write(field)
                    }
                    encoder.write(UInt64(run.count))
                    for mention in mentions[run] {
                        encoder.write(mention.text)
                        encoder.write(mention.element ?? -1)
                        places.append(mention.place)
                    }
                }
            }
            encoder.writePositions(of: places)
        }

        public init(from decoder: inout FactDecoder) throws(FactDecoder.Failure) {
            switch try decoder.readInt() {
            case 0: names = .none
            case 1: names = .location(id: try decoder.readOptionalString())
            case 2: names = .taxonomy(tags: try decoder.readStrings())
            default: throw FactDecoder.Failure()
            }
            let base = try decoder.readPointer()
            pointer = base
            // The names with their pointers first; their positions follow, in the same order.
            func read(_ decoder: inout FactDecoder) throws(FactDecoder.Failure) -> [Mention] {
                var out: [Mention] = []
                for _ in 0..<(try decoder.readCount()) {
                    let number = try decoder.readInt()
                    let field: String
                    if number == -1 {
                        field = try decoder.readString()
                    } else if Self.usualFields.indices.contains(number) {
                        field = Self.usualFields[number]
                    } else {
                        throw FactDecoder.Failure()
                    }
                    let count = try decoder.readCount()
                    out.reserveCapacity(out.count + count)
                    for _ in 0..<count {
                        let text = try decoder.readString()
                        let element = try decoder.readInt()
                        guard element >= -1 else { throw FactDecoder.Failure() }
                        var tokens = base.tokens
                        // A field below the document (a shop written in a recipe) is its
                        // JSON Pointer ("/shops/0/tags").
                        if field.hasPrefix("/"), let nested = JSONPointer(parsing: field) {
                            tokens.append(contentsOf: nested.tokens)
                        } else {
                            tokens.append(field)
                        }
                        if element >= 0 { tokens.append(String(element)) }
                        let place = FactPlace(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1),
                                              pointer: JSONPointer(tokens: tokens))
                        out.append(Mention(field: field, text: text, element: element >= 0 ? element : nil, place: place))
                    }
                }
                return out
            }
            shops = try read(&decoder)
            tags = try read(&decoder)
            for i in shops.indices { shops[i].place = try decoder.readPlace(pointer: shops[i].place.pointer) }
            for i in tags.indices { tags[i].place = try decoder.readPlace(pointer: tags[i].place.pointer) }
        }
    }

    /// 1: the shop ids and tags of each document are facts, so the check reads no document.
    /// 2: the tags of shops written in a recipe are facts too.
    /// 3: the tags of a team kind's fields that its schema marks as tags are facts too.
    /// 4: a `tagFields` name that starts with `/` is kept as a pointer (`/~1odd`), not as
    /// the name, which read back as the pointer to another field.
    public var factsVersion: Int { 4 }

    public var readsDocuments: Bool { false }

    public func facts(of document: Document, context: RuleContext) -> Facts? {
        let json = document.json
        var names = Facts.Names.none
        switch document.kind {
        case ContentFields.location:
            names = .location(id: json.member(document.node, "id").flatMap { IDValue.text(json, $0) })
        case ContentFields.taxonomy:
            var tags: [String] = []
            if json.kind(document.node) == .object {
                for (key, _) in json.members(document.node) { if let tag = json.string(key) { tags.append(tag) } }
            }
            names = .taxonomy(tags: tags)
        default:
            break
        }
        var shops: [Mention] = []
        var tags: [Mention] = []
        let options = Options(context.options)
        if applies(to: document.kind, options: options), json.kind(document.node) == .object {
            // Each name's pointer is the document's, its field and its index: made from
            // them, as the cache's reader makes it, not found by walking the file.
            let base = document.pointer.tokens
            func place(_ node: Int, _ field: String, _ element: Int?) -> FactPlace {
                var tokens = base
                tokens.reserveCapacity(base.count + 2)
                tokens.append(field)
                if let element { tokens.append(String(element)) }
                return FactPlace(document, node: node, pointer: JSONPointer(tokens: tokens))
            }
            if document.kind == ContentFields.recipe, let list = json.member(document.node, "shops"), json.kind(list) == .array {
                for (i, shop) in json.elements(list).enumerated() where json.kind(shop) != .object {
                    if let text = IDValue.text(json, shop) {
                        shops.append(Mention(field: "shops", text: text, element: i, place: place(shop, "shops", i)))
                    }
                }
            }
            /// The tags of `fields` of the object at `node`, under `prefix` (the tokens from
            /// the document to the object: none, or a shop's `["shops", "0"]`).
            func collectTags(_ fields: [String], of node: Int, under prefix: [String]) {
                for name in fields {
                    guard let value = json.member(node, name) else { continue }
                    // A name that starts with `/` is written as a pointer too (`/~1odd`):
                    // a field that starts so is a pointer to the cache's reader.
                    let field = prefix.isEmpty && !name.hasPrefix("/") ? name : JSONPointer(tokens: prefix + [name]).description
                    func at(_ item: Int, _ element: Int?) -> FactPlace {
                        var tokens = base + prefix
                        tokens.append(name)
                        if let element { tokens.append(String(element)) }
                        return FactPlace(document, node: item, pointer: JSONPointer(tokens: tokens))
                    }
                    if json.kind(value) == .array {
                        for (i, item) in json.elements(value).enumerated() {
                            if let tag = json.string(item) { tags.append(Mention(field: field, text: tag, element: i, place: at(item, i))) }
                        }
                    } else if let tag = json.string(value) {
                        tags.append(Mention(field: field, text: tag, element: nil, place: at(value, nil)))
                    }
                }
            }
            switch Self.tagFields(of: document.kind, options: options) {
            case .names(let names):
                collectTags(names, of: document.node, under: [])
            case .patterns(let patterns):
                // The strings at the fields a team kind's schema marks as tags, at any depth
                // (the tags the JSON bundle labels). A tag that is an element of a list is
                // that list's field and its index, as a recipe's `tags`; the field is its
                // name at the top level, else its JSON Pointer, as a shop's are.
                var seen = Set<Int>()
                let found = FieldPatterns(patterns).matches(from: (node: document.node, inList: false)) { n, token in
                    switch json.kind(n.node) {
                    case .array:
                        if token == "*" { return json.elements(n.node).enumerated().map { (String($0.offset), (node: $0.element, inList: true)) } }
                        guard let i = Int(token), String(i) == token, let e = json.element(n.node, i) else { return [] }
                        return [(token, (node: e, inList: true))]
                    case .object:
                        if token == "*" { return json.members(n.node).map { (json.string($0.key) ?? "", (node: $0.value, inList: false)) } }
                        return json.member(n.node, token).map { [(token, (node: $0, inList: false))] } ?? []
                    default:
                        return []
                    }
                }
                for (path, n) in found where seen.insert(n.node).inserted {
                    guard let tag = json.string(n.node) else { continue }
                    var fieldTokens = path
                    var element: Int?
                    if n.inList, let last = fieldTokens.last, let index = Int(last) {
                        element = index
                        fieldTokens.removeLast()
                    }
                    guard !fieldTokens.isEmpty else { continue }
                    let field = fieldTokens.count == 1 && !fieldTokens[0].hasPrefix("/") ? fieldTokens[0] : JSONPointer(tokens: fieldTokens).description
                    tags.append(Mention(field: field, text: tag, element: element,
                                        place: FactPlace(document, node: n.node, pointer: JSONPointer(tokens: base + path))))
                }
            case nil:
                break
            }
            // A location written in place in a recipe's shops has a location's tags, which
            // its app shows as a location's (they went to the bundle with no label, unchecked).
            if document.kind == ContentFields.recipe, let list = json.member(document.node, "shops"), json.kind(list) == .array {
                for (i, shop) in json.elements(list).enumerated() where json.kind(shop) == .object {
                    collectTags(Self.defaultTagFields[ContentFields.location] ?? [], of: shop, under: ["shops", String(i)])
                }
            }
        }
        if case .none = names, shops.isEmpty, tags.isEmpty { return nil }
        return Facts(names: names, pointer: document.pointer, shops: shops, tags: tags)
    }

    /// Inert when larder.yml declares its content kinds and they hold neither locations
    /// nor a taxonomy, no `knownTags` or `knownLocations` are given, and no document the
    /// run was given is a location or a taxonomy (a program may lint documents of kinds its
    /// config does not declare): no name a document points to can then be checked
    /// (``check(facts:reportingOn:context:)`` returns nothing). Inert too for the kind of a
    /// content entry whose documents point to nothing (``tagFields(of:options:)``): a
    /// taxonomy, a team kind whose schema marks no tag.
    public func isInert(context: RuleContext) -> Bool {
        let options = Options(context.options)
        if let kind = options.string("kind"), Self.tagFields(of: kind, options: options) == nil { return true }
        guard let declared = options.strings(Linter.contentKindsOption) else { return false }
        let names = [ContentFields.location, ContentFields.taxonomy]
        return !declared.contains(where: names.contains) && options["knownTags"] == nil && options["knownLocations"] == nil
            && !context.content.documents.contains { $0.kind.map(names.contains) ?? false }
    }

    public func check(facts: FactTable<Facts>, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        var locationIDs = Set<String>()
        var hasLocations = false
        var tags = Set<String>()
        var hasTaxonomy = false
        for entry in facts.entries {
            switch entry.facts.names {
            case .none:
                break
            case .location(let id):
                hasLocations = true
                if let id { locationIDs.insert(id) }
            case .taxonomy(let keys):
                hasTaxonomy = true
                tags.formUnion(keys)
            }
        }
        // The config declares the kind: its documents are all there are, even none.
        let declared = options.strings(Linter.contentKindsOption) ?? []
        if declared.contains(ContentFields.location) { hasLocations = true }
        if declared.contains(ContentFields.taxonomy) { hasTaxonomy = true }
        if let known = options.strings("knownTags") {
            hasTaxonomy = true
            tags.formUnion(known)
        }
        if let known = options.strings("knownLocations") {
            hasLocations = true
            locationIDs.formUnion(known)
        }
        guard hasLocations || hasTaxonomy else { return [] }
        // What to report, in order; the places' positions are then found in one pass per
        // file, so thousands of problems in one large file cost no more than reading it once.
        var found: [(file: String, place: FactPlace, message: String)] = []
        // Suggestions look through the names in a fixed order, so a tie gives the same
        // answer on every run.
        var sortedIDs: [String]?, sortedTags: [String]?
        // Entries come file by file: whether a file is reported on is looked up once.
        var file: String?
        var reported = false
        for entry in facts.entries {
            if entry.facts.shops.isEmpty && entry.facts.tags.isEmpty { continue }
            if let files {
                if entry.file != file {
                    file = entry.file
                    reported = files.contains(entry.file)
                }
                if !reported { continue }
            }
            guard applies(to: entry.kind, options: options) else { continue }
            if entry.kind == ContentFields.recipe, hasLocations {
                for shop in entry.facts.shops where !locationIDs.contains(shop.text) {
                    var message = "shop \(Text.quoted(shop.text)) is not the id of any location of the project"
                    if sortedIDs == nil { sortedIDs = locationIDs.sorted() }
                    if locationIDs.isEmpty {
                        message += ", which has none (its location content holds no document)"
                    } else if let guess = Suggest.closest(to: shop.text, in: sortedIDs ?? []) {
                        message += " (did you mean '\(guess)'?)"
                    }
                    message += "; use a location's id, or add the location"
                    found.append((entry.file, shop.place, message))
                }
            }
            if hasTaxonomy {
                for tag in entry.facts.tags where !tags.contains(tag.text) {
                    var message = "\(Self.singular(tag.field)) \(Text.quoted(tag.text)) is not in any taxonomy, so it has no label to show"
                    if sortedTags == nil { sortedTags = tags.sorted() }
                    if tags.isEmpty {
                        message += " (the project's taxonomy content holds no tag)"
                    } else if let guess = Suggest.closest(to: tag.text, in: sortedTags ?? []) {
                        message += " (did you mean '\(guess)'?)"
                    }
                    message += "; use a tag of the taxonomy, or add the tag with its labels"
                    found.append((entry.file, tag.place, message))
                }
            }
        }
        let places = FactPlace.resolving(found.map(\.place))
        return zip(found, places).map { context.diagnostic(file: $0.file, at: $1, $0.message) }
    }

    static func singular(_ field: String) -> String {
        // A shop's field ("/shops/0/tags"): its name's (which may itself start with `/`).
        if field.hasPrefix("/"), let last = JSONPointer(parsing: field)?.tokens.last { return singular(name: last) }
        return singular(name: field)
    }

    /// The singular of a field's name, as written in the document.
    private static func singular(name field: String) -> String {
        return switch field {
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
