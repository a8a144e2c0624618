import LarderCore
import LarderJSON

/// One localized text found in the content, with its stable key.
public struct TextEntry: Sendable {
    /// The key string tables use (`recipe.negroni.steps.2`).
    public var key: StringKey
    /// The text.
    public var text: LocalizedText
    /// The position of the document in ``ContentCatalog/documents`` (or, for a taxonomy
    /// label, in ``ContentCatalog/taxonomyDocuments``).
    public var document: Int
    /// The JSON Pointer tokens of the text within its document.
    public var pointer: [String]
    /// True for a taxonomy label.
    public var isTaxonomy: Bool
}

/// A document ready for export: its kind, id, value and where its texts and tags are.
public struct ExportDocument: Sendable {
    /// The document as loaded (for diagnostics).
    public var document: Document
    /// The content kind (`recipe`, `location`, `product`, or a team's own).
    public var kind: String
    /// The id as written (`negroni`, `42`, a barcode), or the position within the kind for
    /// a document without one.
    public var id: String
    /// The id made safe as a file name (``SafeName/fileName(_:)``).
    public var fileID: String
    /// The document's value, made from the parsed file on each call (the catalog does not
    /// keep a tree of every document: for a large corpus that was most of a build's memory).
    public var value: JSONValue { document.value }
    /// Pointers (tokens) of its localized texts, with the texts.
    public var texts: [(pointer: [String], text: LocalizedText)]
    /// Pointers of its taxonomy tags (`category`, `tags/0`, `allergens/2`).
    public var tags: [[String]]
    /// The node of each text in the document's parsed file, aligned with ``texts``, when
    /// the texts were read from it (nil when they were read from a tree).
    var textNodes: [Int]? = nil
}

/// The content of a run, read once for every exporter: documents by kind with their ids,
/// localized texts with stable keys, and the taxonomy's labels.
///
///     let catalog = try ContentCatalog(documents: docs, locales: ["en", "es"])
///     catalog.entries.map(\.key.description)   // ["recipe.negroni.name", …]
///     catalog.label(for: "bitter", locale: "es")?.value   // .text("Amargo")
public struct ContentCatalog: Sendable {
    /// Resolves texts for the project's locales.
    public let resolver: LocaleResolver
    /// Documents other than taxonomies, by kind (sorted) then in content order.
    public private(set) var documents: [ExportDocument] = []
    /// Taxonomy documents, in content order.
    public private(set) var taxonomyDocuments: [Document] = []
    /// Tag -> its labels (merged from every taxonomy document; a later entry replaces an
    /// earlier one).
    public private(set) var taxonomy: [String: LocalizedText] = [:]
    /// Where each tag's labels are: (taxonomy document, tag).
    var taxonomyOrigin: [String: Int] = [:]
    /// Every text with its key, sorted by key.
    public private(set) var entries: [TextEntry] = []

    /// The kinds of ``documents``, sorted.
    public var kinds: [String] { Array(Set(documents.map(\.kind))).sorted() }

    /// Reads `documents` (all kinds; documents of kind `taxonomy` give the labels).
    ///
    /// `textFields` adds, per kind, JSON Pointers of fields holding localized text that a
    /// plain string in would otherwise not be taken for (`{"achievement": ["/title"]}`); `*`
    /// stands for every element of a list. `idFields` names, per kind, the field holding a
    /// document's id when it is not `id` (`{"user": "/username"}`). Throws when two documents
    /// of a kind share an id.
    public init(
        documents input: [Document], locales: [String], textFields: [String: [String]] = [:], idFields: [String: String] = [:]
    ) throws(ExportError) {
        try self.init(documents: input, locales: locales, fields: KindFields(texts: textFields, ids: idFields,
                                                                               idOrigins: idFields.mapValues { _ in "option 'ids'" }))
    }

    /// Reads `documents` with the text and id fields of `fields` (see ``KindFields``).
    public init(documents input: [Document], locales: [String], fields: KindFields) throws(ExportError) {
        resolver = LocaleResolver(locales: locales)
        let source = resolver.sourceLocale
        // Stable order: by kind, then file, then position in the file.
        let ordered = input.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if (x.kind ?? "") != (y.kind ?? "") { return (x.kind ?? "") < (y.kind ?? "") }
            if x.file != y.file { return x.file < y.file }
            if (x.index ?? 0) != (y.index ?? 0) { return (x.index ?? 0) < (y.index ?? 0) }
            return a.offset < b.offset
        }.map(\.element)

        var positionInKind: [String: Int] = [:]
        /// The documents (indices in `documents`) without an id, named by their position.
        var positional = Set<Int>()
        var seenIDs: [String: [String: Int]] = [:]  // kind -> fileID -> index in documents
        // kind -> id -> index in documents, for ids beyond ASCII: Swift compares strings by
        // canonical equivalence, so "café" written precomposed and with a combining accent
        // (two file ids) is one id here, as it is to unique-id and to every app.
        var seenTexts: [String: [String: Int]] = [:]
        for document in ordered {
            let kind = document.kind ?? "document"
            let value = document.value
            if kind == "taxonomy" {
                let index = taxonomyDocuments.count
                taxonomyDocuments.append(document)
                for (tag, labels) in value.objectValue ?? JSONObject() {
                    guard let text = LocalizedText(json: labels, sourceLocale: source) else { continue }
                    taxonomy[tag] = text
                    taxonomyOrigin[tag] = index
                }
                continue
            }
            let position = positionInKind[kind, default: 0]
            positionInKind[kind] = position + 1
            let doc = try Self.exportDocument(document, value: value, kind: kind, position: position, locales: resolver.locales, fields: fields)!
            let nameless = try Self.namedID(document, kind: kind, fields: fields) == nil && Self.id(of: value, kind: kind) == nil
            let beyondASCII = doc.id.utf8.contains { $0 >= 0x80 }
            if let other = seenIDs[kind]?[doc.fileID] ?? (beyondASCII ? seenTexts[kind]?[doc.id] : nil) {
                let first = documents[other]
                let (here, there) = (Self.place(of: doc, fields: fields), Self.place(of: first, fields: fields))
                if nameless || positional.contains(other) {
                    // A document without an id is named by its position: lint passes (the
                    // ids differ), so say what happened rather than blame unique-id.
                    let (unnamed, named) = nameless ? (here, there) : (there, here)
                    throw ExportError(
                        "the \(kind) document at \(unnamed) has no id, so the exports name it by its position among the \(kind) documents, '\(nameless ? doc.id : first.id)', and so is the document at \(named) named; give every \(kind) document an id")
                }
                if first.id != doc.id {
                    throw ExportError(
                        "the \(kind) ids '\(first.id)' (at \(there)) and '\(doc.id)' (at \(here)) make the same name in the exported files, '\(doc.fileID)' (an id's characters that file names and keys cannot hold are replaced); rename one of them")
                }
                // Lint saw the documents as loaded: it could not see ids a transform made equal.
                func loadedID(_ d: Document) -> String? {
                    let loaded = d.asLoaded
                    return (try? Self.namedID(loaded, kind: kind, fields: fields)) ?? Self.id(of: loaded.value, kind: kind)
                }
                let transformed = (doc.document.isModified || first.document.isModified) && loadedID(doc.document) != loadedID(first.document)
                let forms = Array(first.id.unicodeScalars) == Array(doc.id.unicodeScalars) ? "" : ", written in two Unicode forms (one with a combining accent)"
                throw ExportError(
                    "two \(kind) documents have the id '\(doc.id)'\(forms)\(transformed ? " after the transforms" : "") (at \(there) and \(here)); ids must be unique within a kind\(transformed ? "" : " (the unique-id rule reports this)")")
            }
            if nameless { positional.insert(documents.count) }
            seenIDs[kind, default: [:]][doc.fileID] = documents.count
            if beyondASCII { seenTexts[kind, default: [:]][doc.id] = documents.count }
            documents.append(doc)
        }

        // Entries in key order without comparing every pair of keys (1.5 million texts for
        // 100,000 recipes made that sort most of the catalog's time): the texts of one
        // document share kind and id, so documents are sorted by (kind, id) and each one's
        // texts by path. The order is that of StringKey's `<`.
        var groups: [(kind: String, id: String, number: Int?, entries: [TextEntry])] = []
        groups.reserveCapacity(documents.count + taxonomy.count)
        for (index, doc) in documents.enumerated() {
            let keyID = SafeName.keySegment(doc.id)
            var own: [TextEntry] = []
            own.reserveCapacity(doc.texts.count)
            for (pointer, text) in doc.texts {
                let key = StringKey(kind: doc.kind, id: keyID, path: SafeName.keySegments(pointer))
                own.append(TextEntry(key: key, text: text, document: index, pointer: pointer, isTaxonomy: false))
            }
            own.sort { $0.key < $1.key }
            groups.append((doc.kind, keyID, Int(keyID), own))
        }
        for (tag, text) in taxonomy.sorted(by: { $0.key < $1.key }) {
            let keyID = SafeName.keySegment(tag)
            let key = StringKey(kind: "taxonomy", id: keyID, path: [])
            groups.append(("taxonomy", keyID, Int(keyID),
                           [TextEntry(key: key, text: text, document: taxonomyOrigin[tag]!, pointer: [tag], isTaxonomy: true)]))
        }
        groups.sort { a, b in
            if a.kind != b.kind { return a.kind < b.kind }
            return StringKey.precedes(a.id, a.number, b.id, b.number)
        }
        entries.reserveCapacity(groups.reduce(0) { $0 + $1.entries.count })
        for group in groups { entries += group.entries }
        var seen = Set<String>(minimumCapacity: entries.count)
        for entry in entries where !seen.insert(entry.key.description).inserted {
            throw ExportError("two texts have the key '\(entry.key)'; rename one of the fields or ids")
        }
    }

    /// The export view of one (non-taxonomy) document of `kind`: its id, file id, texts and
    /// tags. `position` (among the documents of its kind, in content order) names a
    /// document without an id; with no `position`, such a document gives nil. Throws when
    /// the kind's id field (``KindFields/ids``) is missing from the document or holds no
    /// string or number.
    static func exportDocument(
        _ document: Document, value: JSONValue, kind: String, position: Int?, locales: [String], fields: KindFields
    ) throws(ExportError) -> ExportDocument? {
        let id: String
        if let named = try namedID(document, kind: kind, fields: fields) {
            id = named
        } else if let found = Self.id(of: value, kind: kind) ?? position.map(String.init) {
            id = found
        } else {
            return nil
        }
        var texts: [(pointer: [String], text: LocalizedText)] = []
        var tags: [[String]] = []
        fields.finder(kind: kind, locales: locales).find(in: value, texts: &texts, tags: &tags)
        return ExportDocument(document: document, kind: kind, id: id, fileID: SafeName.fileName(id), texts: texts, tags: tags)
    }

    /// ``exportDocument(_:value:kind:position:locales:fields:)`` for a document with an id,
    /// read from its parsed file without a tree when the fields allow (see
    /// ``FieldFinder/find(in:node:)``).
    static func exportDocument(
        _ document: Document, kind: String, locales: [String], fields: KindFields
    ) throws(ExportError) -> ExportDocument? {
        let json = document.json
        guard let found = fields.finder(kind: kind, locales: locales).find(in: json, node: document.node) else {
            return try exportDocument(document, value: document.value, kind: kind, position: nil, locales: locales, fields: fields)
        }
        guard let id = try namedID(document, kind: kind, fields: fields) ?? DocumentID.node(in: json, at: document.node, kind: kind).flatMap({ idText(json, $0) })
        else { return nil }
        return ExportDocument(document: document, kind: kind, id: id, fileID: SafeName.fileName(id), texts: found.texts, tags: found.tags,
                              textNodes: found.nodes)
    }

    /// The id at the pointer `fields` names for `kind`, nil when it names none; throws when
    /// the document has nothing there, or something that is not a string or a number.
    static func namedID(_ document: Document, kind: String, fields: KindFields) throws(ExportError) -> String? {
        guard let pattern = fields.ids[kind] else { return nil }
        let json = document.json
        guard let pointer = JSONPointer(parsing: pattern) else {
            throw ExportError("the id field of \(kind) documents, '\(pattern)' (\(fields.idOrigins[kind] ?? "option 'ids'")), is not a JSON Pointer")
        }
        let node = json.node(at: pointer.tokens, from: document.node)
        let origin = fields.idOrigins[kind] ?? "option 'ids'"
        // The pointer '' is the whole document (it read "has an object at , which holds").
        let shown = pattern.isEmpty ? "'' (the whole document)" : pattern
        guard let node else {
            throw ExportError("the \(kind) document at \(place(document, document.node)) has no \(shown), which holds the id of \(kind) documents (\(origin)); give it one, or name the field that holds the id")
        }
        guard let text = idText(json, node) else {
            throw ExportError("the \(kind) document at \(place(document, document.node)) has \(json.kind(node) == .object ? "an object" : json.kind(node) == .array ? "a list" : "no string or number") at \(shown), which holds the id of \(kind) documents (\(origin)); an id is a string or a number")
        }
        return text
    }


    /// A string or number node's id text (nil for anything else).
    static func idText(_ json: JSONDocument, _ node: Int) -> String? {
        switch json.kind(node) {
        case .string: return json.string(node)
        case .number: return idText(JSONNumber(literal: json.numberLiteral(node)))
        default: return nil
        }
    }

    /// `file:line:column` of a node of a document, as reports name places.
    /// A rewritten document's node is placed where the file has it (``Document/sourceRange(of:locator:)``).
    static func place(_ document: Document, _ node: Int) -> String {
        "\(document.file):\(document.sourceRange(of: node).range.start)"
    }

    /// The place of an export document's id (or of the document, for one named by its
    /// position).
    static func place(of doc: ExportDocument, fields: KindFields) -> String {
        let json = doc.document.json
        let named = fields.ids[doc.kind].flatMap { JSONPointer(parsing: $0) }.flatMap { json.node(at: $0.tokens, from: doc.document.node) }
        let node = named ?? DocumentID.node(in: json, at: doc.document.node, kind: doc.kind) ?? doc.document.node
        return place(doc.document, node)
    }

    /// The id of a `kind` document by ``DocumentID/fields(for:)``: `id`, `code`, `key` or
    /// `slug` (`code` first for products).
    static func id(of value: JSONValue, kind: String?) -> String? {
        for field in DocumentID.fields(for: kind) {
            if let s = value[field]?.stringValue { return s }
            if let n = value[field]?.numberValue { return idText(n) }
        }
        return nil
    }

    /// A number id as text: an integer in plain digits (`1e2` and `100.0` are `100`, the id
    /// an app that decodes the number looks up, and the one `unique-id` compares), any other
    /// number as written.
    static func idText(_ n: JSONNumber) -> String { n.integerText ?? n.literal }

    /// The label of `tag` for `locale` (``LocaleResolver/resolveLabel(_:of:for:)``: the
    /// tag itself where neither the locale's CLDR chain nor the source language has one),
    /// or nil when no taxonomy has the tag.
    public func label(for tag: String, locale: String) -> LocaleResolver.Resolution? {
        taxonomy[tag].map { resolver.resolveLabel($0, of: tag, for: locale) }
    }

    /// The document (as loaded) an entry belongs to.
    public func document(of entry: TextEntry) -> Document {
        entry.isTaxonomy ? taxonomyDocuments[entry.document] : documents[entry.document].document
    }

    /// Where an entry's text is in the content, `file:line:column` (a taxonomy label: its
    /// tag's).
    func place(of entry: TextEntry) -> String {
        let (document, node) = location(of: entry)
        return Self.place(document, node)
    }

    /// The document of an entry and its text's node there (a taxonomy label: its tag's), for
    /// a diagnostic about the text.
    func location(of entry: TextEntry) -> (document: Document, node: Int) {
        let document = document(of: entry)
        return (document, Self.node(of: entry, in: document))
    }

    /// The node of an entry's text in its document (a taxonomy label: its tag's), or the
    /// document's own when the pointer finds none.
    static func node(of entry: TextEntry, in document: Document) -> Int {
        let pointer = entry.isTaxonomy ? Array(entry.pointer.prefix(1)) : entry.pointer
        return document.json.node(at: pointer, from: document.node) ?? document.node
    }
}

/// What the exporters read of each kind's documents besides the built-in fields: where
/// localized text is, where taxonomy tags are and where the id is.
///
/// The kind's schema declares its text fields (``LarderConfig/textFields``: the fields that
/// refer to Larder's `localizedText`), and the exporter option `texts` adds fields; a kind
/// whose schema declares none has its texts found by their shape (objects whose keys are all
/// languages of the project). A team kind's schema declares its tag fields the same way
/// (``LarderConfig/tagFields``: the fields that refer to Larder's `tag`, `category`,
/// `tags`, `taxonomyTag` or `taxonomyTags`). The id is the exporter option `ids`, else the
/// `unique-id` rule's `key` for the kind, else ``DocumentID/defaultFields``.
public struct KindFields: Sendable, Hashable {
    /// Per kind, JSON Pointers of fields holding localized text (`*` for every element).
    public var texts: [String: [String]]
    /// The kinds whose schema declares their texts: ``texts`` are all of them, and nothing
    /// is taken for text by its shape.
    public var declaredTexts: Set<String>
    /// Per kind of the team's own, patterns of fields holding a taxonomy tag (`*` for
    /// every element: `/tags/*`).
    public var tags: [String: [String]]
    /// Per kind, the pointer of the documents' id.
    public var ids: [String: String]
    /// Per kind in ``ids``, what named it, for messages (`option 'ids'`).
    public var idOrigins: [String: String]

    public init(texts: [String: [String]] = [:], declaredTexts: Set<String> = [], tags: [String: [String]] = [:], ids: [String: String] = [:],
                idOrigins: [String: String] = [:]) {
        self.texts = texts
        self.declaredTexts = declaredTexts
        self.tags = tags
        self.ids = ids
        self.idOrigins = idOrigins
    }

    /// The fields of an export: the context's (from the config) with the exporter's `texts`
    /// and `ids` options. An option naming a kind the project does not have is an error (a
    /// typo would otherwise leave the kind's keys as they were, without a word).
    public init(context: ExportContext, options: ExporterOptions) throws(ExportError) {
        let textOption = try options.stringLists("texts")
        let idOption = try options.stringMap("ids")
        if !context.kinds.isEmpty {
            for (name, kinds) in [("texts", Array(textOption.keys)), ("ids", Array(idOption.keys))] {
                for kind in kinds.sorted() where !context.kinds.contains(kind) {
                    var message = "\(options.exporter): option '\(name)' names the kind '\(kind)', which no content entry has (the kinds are \(context.kinds.joined(separator: ", ")))"
                    if let guess = Suggest.closest(to: kind, in: context.kinds) { message += "; did you mean '\(guess)'?" }
                    throw ExportError(message, option: [name, kind], isKey: true)
                }
            }
        }
        for (kind, pointers) in textOption {
            for (i, pointer) in pointers.enumerated() where JSONPointer(parsing: pointer) == nil {
                // A single pointer may be written without a list.
                let path = options.isList(["texts", kind]) ? ["texts", kind, String(i)] : ["texts", kind]
                throw ExportError("\(options.exporter): option 'texts.\(kind)' has '\(pointer)', which is not a JSON Pointer (such as /title or /levels/*/name)",
                                  option: path)
            }
        }
        var texts = context.textFields
        for (kind, pointers) in textOption {
            let declared = texts[kind] ?? []
            texts[kind] = declared + pointers.filter { !declared.contains($0) }
        }
        self.texts = texts
        declaredTexts = Set(context.textFields.filter { !$0.value.isEmpty }.keys)
        tags = context.tagFields.filter { !$0.value.isEmpty }
        ids = context.idFields
        idOrigins = context.idFields.mapValues { _ in "the key of the unique-id rule" }
        for (kind, pointer) in idOption {
            ids[kind] = pointer
            idOrigins[kind] = "option 'ids' of \(options.exporter)"
        }
    }

    /// The fields as text, for a preparation key.
    var summary: String {
        let t = texts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let g = tags.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let i = ids.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "texts=\(t) declared=\(declaredTexts.sorted()) tags=\(g) ids=\(i)"
    }

    /// The text and tag finder of `kind`.
    func finder(kind: String, locales: [String]) -> FieldFinder {
        FieldFinder(kind: kind, locales: locales, extraPointers: texts[kind] ?? [], findsByShape: !declaredTexts.contains(kind),
                    tagPointers: tags[kind] ?? [])
    }
}

/// An exporter that cannot run: bad options, or content it cannot export (two documents
/// with one id).
public struct ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in the user's terms.
    public var message: String
    /// For a bad option, where below the export's options it is (`["texts", "level", "0"]`),
    /// so that the config check reports it at its line and column; empty otherwise.
    public var optionPath: [String]
    /// The mistake is the key at ``optionPath`` (an unknown option), not its value.
    public var isKey: Bool

    public init(_ message: String, option path: [String] = [], isKey: Bool = false) {
        self.message = message
        self.optionPath = path
        self.isKey = isKey
    }

    public var description: String { message }
}
