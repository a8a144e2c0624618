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
        var seenIDs: [String: [String: String]] = [:]  // kind -> fileID -> file
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
            let doc = Self.exportDocument(document, value: value, kind: kind, position: position, locales: resolver.locales,
                                          textFields: textFields, idFields: idFields)!
            if let other = seenIDs[kind]?[doc.fileID] {
                throw ExportError(
                    "two \(kind) documents have the id '\(doc.id)' (in \(other) and \(document.file)); ids must be unique within a kind (the unique-id rule reports this)")
            }
            seenIDs[kind, default: [:]][doc.fileID] = document.file
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
    /// document without an id; with no `position`, such a document gives nil.
    static func exportDocument(
        _ document: Document, value: JSONValue, kind: String, position: Int?, locales: [String],
        textFields: [String: [String]], idFields: [String: String]
    ) -> ExportDocument? {
        let custom = idFields[kind].flatMap { JSONPointer(parsing: $0) }.flatMap { value.at($0.tokens) }
        guard let id = custom.flatMap({ $0.stringValue ?? $0.numberValue.map(Self.idText) }) ?? Self.id(of: value) ?? position.map(String.init) else {
            return nil
        }
        var texts: [(pointer: [String], text: LocalizedText)] = []
        var tags: [[String]] = []
        FieldFinder(kind: kind, locales: locales, extraPointers: textFields[kind] ?? [])
            .find(in: value, texts: &texts, tags: &tags)
        return ExportDocument(document: document, kind: kind, id: id, fileID: SafeName.fileName(id), texts: texts, tags: tags)
    }

    /// ``exportDocument(_:value:kind:position:locales:textFields:idFields:)`` for a document
    /// with an id, read from its parsed file without a tree when the fields allow (see
    /// ``FieldFinder/find(in:node:)``).
    static func exportDocument(
        _ document: Document, kind: String, locales: [String], textFields: [String: [String]], idFields: [String: String]
    ) -> ExportDocument? {
        let json = document.json
        let finder = FieldFinder(kind: kind, locales: locales, extraPointers: textFields[kind] ?? [])
        guard idFields[kind] == nil, let found = finder.find(in: json, node: document.node) else {
            return exportDocument(document, value: document.value, kind: kind, position: nil, locales: locales,
                                  textFields: textFields, idFields: idFields)
        }
        var id: String?
        for field in ["id", "code", "key", "slug"] {
            guard let node = json.member(document.node, field) else { continue }
            if json.kind(node) == .string { id = json.string(node) } else if json.kind(node) == .number { id = Self.idText(JSONNumber(literal: json.numberLiteral(node))) }
            if id != nil { break }
        }
        guard let id else { return nil }
        return ExportDocument(document: document, kind: kind, id: id, fileID: SafeName.fileName(id), texts: found.texts, tags: found.tags,
                              textNodes: found.nodes)
    }

    /// The id of a document: `id`, else `code` (products), else `key` or `slug`.
    static func id(of value: JSONValue) -> String? {
        for field in ["id", "code", "key", "slug"] {
            if let s = value[field]?.stringValue { return s }
            if let n = value[field]?.numberValue { return idText(n) }
        }
        return nil
    }

    /// A number id as text: an integer in plain digits (`1e2` and `100.0` are `100`, the id
    /// an app that decodes the number looks up, and the one `unique-id` compares), any other
    /// number as written.
    static func idText(_ n: JSONNumber) -> String { n.integerText ?? n.literal }

    /// The labels of `tag` resolved for `locale`, or nil when no taxonomy has the tag.
    public func label(for tag: String, locale: String) -> LocaleResolver.Resolution? {
        taxonomy[tag].flatMap { resolver.resolve($0, for: locale) }
    }

    /// The document (as loaded) an entry belongs to.
    public func document(of entry: TextEntry) -> Document {
        entry.isTaxonomy ? taxonomyDocuments[entry.document] : documents[entry.document].document
    }
}

/// An exporter that cannot run: bad options, or content it cannot export (two documents
/// with one id).
public struct ExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in the user's terms.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
