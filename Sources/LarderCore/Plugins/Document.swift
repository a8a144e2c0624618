import LarderJSON

/// One piece of content (a recipe, a place, a product) and where it came from.
///
/// A file holds one document, or an array of documents: ``split(file:kind:json:)`` makes one
/// `Document` per element then, all sharing the same parsed file (the tape is shared, not
/// copied). Rules read the tape through ``json`` and ``node`` without building
/// `JSONValue` trees; transforms read ``value`` and write it back with
/// ``replaceValue(with:)``.
///
///     let json = try JSONDocument(parsing: #"[{"id": "a"}, {"id": "b"}]"#)
///     let docs = Document.split(file: "recipes.json", kind: "recipe", json: json)
///     docs.count                        // 2
///     docs[1].json.string(docs[1].json.member(docs[1].node, "id")!)   // "b"
public struct Document: Sendable {
    /// The file the document came from, as given (relative to the working directory when
    /// possible).
    public var file: String
    /// The content kind (`"recipe"`, `"location"`, a team's own), when known.
    public var kind: String?
    /// The parsed file, with positions (shared by every document of the file).
    public private(set) var json: JSONDocument
    /// The node of this document within ``json``: the root, or an element of a root array.
    public private(set) var node: Int
    /// The position of the document in its file's top-level array, or nil when the file
    /// holds a single document.
    public private(set) var index: Int?
    /// True once a transform has replaced the value: positions then refer to the rewritten
    /// JSON, not to the file on disk.
    public private(set) var isModified: Bool
    /// The line index of ``json``'s text, when the loader made one (it does for the files
    /// it reports on); shared by every document of the file. See ``sourceLocator()``.
    public private(set) var locator: SourceLocator?
    /// The document as its file holds it, kept by the first ``replaceValue(with:)`` so that
    /// what is reported about the rewritten document is placed at the file's lines (see
    /// ``sourceRange(of:locator:)``). Shares the file's tape; nil until a transform runs.
    /// (A class, so that a document that no transform touched, the usual case, is one word
    /// larger, not ten: documents are copied often.)
    private var original: Original?

    private final class Original: Sendable {
        let json: JSONDocument
        let node: Int
        let locator: SourceLocator?

        init(json: JSONDocument, node: Int, locator: SourceLocator?) {
            self.json = json
            self.node = node
            self.locator = locator
        }
    }

    /// A document at `node` of a parsed file (the root by default).
    public init(file: String, kind: String? = nil, json: JSONDocument, node: Int? = nil, index: Int? = nil, locator: SourceLocator? = nil) {
        self.locator = locator
        self.file = file
        self.kind = kind
        self.json = json
        self.node = node ?? json.root
        self.index = index
        self.isModified = false
    }

    /// The documents of a file: one per element when the root is an array, else one.
    ///
    /// `locator`, when given, is the line index of `json`'s text, shared by the documents.
    public static func split(file: String, kind: String? = nil, json: JSONDocument, locator: SourceLocator? = nil) -> [Document] {
        guard json.kind(json.root) == .array else {
            return [Document(file: file, kind: kind, json: json, locator: locator)]
        }
        return json.elements(json.root).enumerated().map { offset, element in
            Document(file: file, kind: kind, json: json, node: element, index: offset, locator: locator)
        }
    }

    /// The line index of ``json``'s text: the shared one when the loader made it, else a
    /// new one (an O(file size) scan: callers making many diagnostics keep it).
    public func sourceLocator() -> SourceLocator {
        locator ?? json.locator()
    }

    /// The document as a `JSONValue` tree (built on each call: rules should prefer the tape).
    public var value: JSONValue { json.value(node) }

    /// The JSON Pointer of the document within its file: `""` or `/3`.
    public var pointer: JSONPointer {
        index.map { JSONPointer(tokens: [String($0)]) } ?? .root
    }

    /// Replaces the document's value (for transforms).
    ///
    /// The value is written out and parsed again, so rules and exporters that run later
    /// still work on a tape. The document becomes the root of its own ``json``, and
    /// ``isModified`` turns true.
    public mutating func replaceValue(with value: JSONValue) throws(JSONParseError) {
        let bytes = JSONWriter.pretty.bytes(value)
        let rewritten = try JSONDocument(
            parsing: bytes, options: JSONParser.Options(maxDepth: .max, detectDuplicateKeys: false))
        if original == nil { original = Original(json: json, node: node, locator: locator) }
        json = rewritten
        node = json.root
        isModified = true
        locator = nil
    }

    /// A diagnostic for a value of this document (`node` is a node of ``json``), with file,
    /// line, column, end and pointer filled in.
    ///
    /// The pointer is found from the document's own node, so it costs the same in a file
    /// of one document as in a file of ten thousand. Pass a `locator` (`json.locator()`,
    /// built once per file) when reporting many diagnostics.
    ///
    ///     let name = doc.json.member(doc.node, "name")!
    ///     doc.diagnostic(ruleID: "name-case", severity: .warning,
    ///                    message: "name is all capitals", node: name)
    public func diagnostic(
        ruleID: String,
        severity: Severity,
        message: String,
        node: Int,
        locator: SourceLocator? = nil,
        keywordLocation: String? = nil,
        absoluteKeywordLocation: String? = nil,
        related: [Diagnostic.RelatedLocation] = [],
        fix: Diagnostic.Fix? = nil
    ) -> Diagnostic {
        let (range, note) = sourceRange(of: node, locator: locator)
        return Diagnostic(
            ruleID: ruleID, severity: severity, message: note.map { "\(message) \($0)" } ?? message, file: file,
            start: range.start, end: range.end,
            pointer: json.pointer(to: node, from: self.node, basePointer: pointer),
            keywordLocation: keywordLocation, absoluteKeywordLocation: absoluteKeywordLocation,
            related: related, fix: fix)
    }

    /// The pointer (from the file's root) of `node`, a node inside the document, found from
    /// the document rather than the root: in a file of many documents, walking the
    /// documents before this one for every diagnostic made a rule's report quadratic.
    public func pointer(to node: Int) -> JSONPointer {
        json.pointer(to: node, from: self.node, basePointer: pointer)
    }

    /// The document as its file holds it: itself until a transform rewrites it.
    public var asLoaded: Document {
        guard let original else { return self }
        return Document(file: file, kind: kind, json: original.json, node: original.node, index: index, locator: original.locator)
    }

    /// Where `node` (a node of ``json``) is in the document's file.
    ///
    /// For a document a transform rewrote, ``json`` is the rewritten value, not the file:
    /// the node is then placed where the same pointer is in the file as loaded, or, for a
    /// place only the rewritten value has (a member the transform added), at the nearest
    /// ancestor the file has, with a note saying so: `(about /1/x-note of the rewritten
    /// document, which content/drinks.json does not have)`. The note is nil otherwise.
    public func sourceRange(of node: Int, locator: SourceLocator? = nil) -> (range: SourceRange, note: String?) {
        guard let original else { return (json.sourceRange(of: node, using: locator ?? self.locator), nil) }
        let tokens = json.pointer(to: node, from: self.node, basePointer: .root).tokens
        let here = original.locator ?? original.json.locator()
        for count in stride(from: tokens.count, through: 0, by: -1) {
            guard let found = original.json.node(at: Array(tokens.prefix(count)), from: original.node) else { continue }
            let range = original.json.sourceRange(of: found, using: here)
            if count == tokens.count { return (range, nil) }
            let pointer = JSONPointer(tokens: pointer.tokens + tokens)
            return (range, "(about \(pointer) of the rewritten document, which \(file) does not have)")
        }
        return (original.json.sourceRange(of: original.node, using: here), nil)  // not reached: the document's own node is found
    }
}
