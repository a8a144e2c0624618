import LarderCore
import LarderJSON

/// `unique-id`: no two documents of a kind share an id, across all the kind's files.
///
/// Runs once per run over the whole content set (a ``ContentRule``): O(n) in the number
/// of documents, with one hash table per kind.
public struct UniqueIDRule: ContentRule, ConfigurableRule {
    public let id = "unique-id"
    public let summary = "No two documents of a kind share an id, across all of the kind's files."
    public let defaultSeverity = Severity.error
    public var details: String? {
        """
        Apps store ids (favourites, history, deep links), so two recipes with the same id \
        make one of them unreachable. Ids are compared across every file of the kind, also \
        when only some files are reported on (`--staged`): a new recipe that reuses the id \
        of an unchanged one is reported. The second occurrence is reported, naming the \
        first.

        The key is `/id` (`/code` for products) unless `key` names another field \
        (`key: /username`). An integer and a string with the same digits (`42`, "42") are \
        the same id. `caseInsensitive: true` also treats `Minh` and `minh` as the same.
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("key", .pointer, "the field that identifies a document", default: "/id (/code for products)"),
            RuleOption("caseInsensitive", .boolean, "compare ids without case", default: "false"),
        ]
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"[{"id": "negroni"}, {"id": "americano"}, {"name": "no id"}]"#, kind: "recipe"),
            .triggers(#"[{"id": "negroni"}, {"id": "americano"}, {"id": "negroni"}]"#, at: "/2/id", kind: "recipe"),
            .triggers(#"[{"id": 7}, {"id": "7"}]"#, at: "/1/id", kind: "recipe"),
            .triggers(#"[{"code": "3017620422003"}, {"code": "3017620422003"}]"#, at: "/1/code", kind: "product"),
            .passes(#"[{"username": "Minh"}, {"username": "minh"}]"#, kind: "user", options: ["key": "/username"]),
            .triggers(#"[{"username": "Minh"}, {"username": "minh"}]"#, at: "/1/username", kind: "user",
                      options: ["key": "/username", "caseInsensitive": true]),
        ]
    }

    /// The key pointer for a kind: the `key` option, or `/id` (`/code` for products).
    func keyPath(kind: String?, options: Options) -> FieldPath {
        if let text = options.string("key"), let path = FieldPath(text) { return path }
        return FieldPath(tokens: [kind == ContentFields.product ? "code" : "id"])
    }

    private struct Occurrence {
        var document: Int
        var node: Int
        var text: String
    }

    public func check(content: ContentSet, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        let caseInsensitive = options.bool("caseInsensitive") ?? false
        // (kind, id) -> occurrences in load order; `order` keeps the groups' first-seen order.
        var groups: [String: [Occurrence]] = [:]
        var order: [String] = []
        var paths: [String: FieldPath] = [:]
        let documents = content.documents
        for (index, document) in documents.enumerated() where applies(to: document.kind, options: options) {
            let kind = document.kind ?? ""
            let path = paths[kind] ?? keyPath(kind: document.kind, options: options)
            paths[kind] = path
            let json = document.json
            guard let node = path.nodes(in: json, from: document.node).first,
                let text = IDValue.text(json, node)
            else { continue }
            let key = kind + "\u{0}" + (caseInsensitive ? text.lowercased() : text)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(Occurrence(document: index, node: node, text: text))
        }

        var cache = LocatorCache()
        var diagnostics: [Diagnostic] = []
        func reported(_ o: Occurrence) -> Bool { files?.contains(documents[o.document].file) ?? true }
        for key in order {
            guard let occurrences = groups[key], occurrences.count > 1 else { continue }
            let first = occurrences[0]
            let firstDocument = documents[first.document]
            let kind = firstDocument.kind ?? "document"
            let field = paths[firstDocument.kind ?? ""]?.description.dropFirst() ?? "id"
            var placedAny = false
            for o in occurrences.dropFirst() where reported(o) {
                placedAny = true
                let document = documents[o.document]
                let place = cache.place(firstDocument, first.node)
                let sameText = o.text == first.text ? "" : " (as \(Text.quoted(first.text)), compared without case)"
                let message = "\(kind) \(field) \(Text.quoted(o.text)) is already used by the \(kind) at \(place)\(sameText); "
                    + "\(field)s must be unique within a kind, since apps store them: choose another"
                let related = cache.related(firstDocument, first.node, "first used here")
                diagnostics.append(cache.diagnostic(context, in: document, at: o.node, message, related: [related]))
            }
            // Only the first occurrence is in the reported files: report it there.
            if !placedAny && reported(first) {
                let second = occurrences[1]
                let secondDocument = documents[second.document]
                let place = cache.place(secondDocument, second.node)
                let message = "\(kind) \(field) \(Text.quoted(first.text)) is also used by the \(kind) at \(place); "
                    + "\(field)s must be unique within a kind, since apps store them: choose another"
                let related = occurrences.dropFirst().map { cache.related(documents[$0.document], $0.node, "also used here") }
                diagnostics.append(cache.diagnostic(context, in: firstDocument, at: first.node, message, related: related))
            }
        }
        return diagnostics
    }
}
