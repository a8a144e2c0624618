import Foundation
import LarderCore
import LarderJSON

/// `unique-id`: no two documents of a kind share an id, across all the kind's files.
///
/// Runs once per run over the ids of every document (a ``FactContentRule``: each document's
/// id and its place are its facts, so the lint cache keeps them for unchanged files): O(n)
/// in the number of documents, with one hash table per kind.
public struct UniqueIDRule: FactContentRule, ConfigurableRule {
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

    /// A document's id: its text as written (case kept) and where it is.
    public struct Facts: ContentFacts {
        /// The id's text; for an id with a lone surrogate, ``IDValue/spelledExactly(_:_:)``.
        public var text: String
        /// The id holds a lone surrogate (``LoneSurrogate``): ``text`` spells it exactly, since
        /// read as text each one would be U+FFFD and `"\uD800"` would be `"\uDBFF"`.
        public var loneSurrogates: Bool
        public var place: FactPlace

        public func encode(to encoder: inout FactEncoder) {
            encoder.write(text)
            encoder.write(loneSurrogates)
            encoder.write(place)
        }

        public init(from decoder: inout FactDecoder) throws(FactDecoder.Failure) {
            text = try decoder.readString()
            loneSurrogates = try decoder.readBool()
            place = try decoder.readPlace()
        }

        init(text: String, loneSurrogates: Bool = false, place: FactPlace) {
            self.text = text
            self.loneSurrogates = loneSurrogates
            self.place = place
        }

        /// The id as messages show it: a lone surrogate as its escape.
        var shown: String {
            loneSurrogates ? text.replacingOccurrences(of: "\\\\", with: "\\") : text
        }
    }

    /// Facts gained ``Facts/loneSurrogates``.
    public var factsVersion: Int { 1 }

    public func facts(of document: Document, context: RuleContext) -> Facts? {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return nil }
        let json = document.json
        guard let node = keyPath(kind: document.kind, options: options).nodes(in: json, from: document.node).first,
            let text = IDValue.text(json, node)
        else { return nil }
        if let exact = IDValue.spelledExactly(json, node) {
            return Facts(text: exact, loneSurrogates: true, place: FactPlace(document, node: node))
        }
        return Facts(text: text, place: FactPlace(document, node: node))
    }

    /// The check reads the facts only.
    public var readsDocuments: Bool { false }

    public func check(facts: FactTable<Facts>, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        let caseInsensitive = options.bool("caseInsensitive") ?? false
        // (kind, id) -> the first occurrence (an index into `entries`); the later ones, by
        // their first, only for ids used more than once; `order` keeps those groups in the
        // order their ids were first used.
        struct Key: Hashable {
            var kind: String
            var text: String
            var loneSurrogates: Bool
        }
        let entries = facts.entries
        var first: [Key: Int] = [:]
        first.reserveCapacity(entries.count)
        var later: [Int: [Int]] = [:]
        for (index, entry) in entries.enumerated() where applies(to: entry.kind, options: options) {
            let text = entry.facts.text
            let key = Key(kind: entry.kind ?? "", text: caseInsensitive ? text.lowercased() : text, loneSurrogates: entry.facts.loneSurrogates)
            if let earlier = first[key] {
                later[earlier, default: []].append(index)
            } else {
                first[key] = index
            }
        }
        let order = later.keys.sorted()

        var diagnostics: [Diagnostic] = []
        func reported(_ o: Int) -> Bool { files?.contains(entries[o].file) ?? true }
        func place(_ o: Int) -> String { entries[o].facts.place.description(in: entries[o].file) }
        func related(_ o: Int, _ message: String) -> Diagnostic.RelatedLocation {
            Diagnostic.RelatedLocation(file: entries[o].file, place: entries[o].facts.place, message: message)
        }
        for first in order {
            let occurrences = [first] + (later[first] ?? [])
            let firstEntry = entries[first]
            let kind = firstEntry.kind ?? "document"
            let field = keyPath(kind: firstEntry.kind, options: options).description.dropFirst()
            var placedAny = false
            for o in occurrences.dropFirst() where reported(o) {
                placedAny = true
                let text = entries[o].facts.shown
                let sameText = text == firstEntry.facts.shown ? "" : " (as \(Text.quoted(firstEntry.facts.shown)), compared without case)"
                let message = "\(kind) \(field) \(Text.quoted(text)) is already used by the \(kind) at \(place(first))\(sameText); "
                    + "\(field)s must be unique within a kind, since apps store them: choose another"
                diagnostics.append(context.diagnostic(
                    file: entries[o].file, at: entries[o].facts.place, message, related: [related(first, "first used here")]))
            }
            // Only the first occurrence is in the reported files: report it there.
            if !placedAny && reported(first) {
                let second = occurrences[1]
                let message = "\(kind) \(field) \(Text.quoted(firstEntry.facts.shown)) is also used by the \(kind) at \(place(second)); "
                    + "\(field)s must be unique within a kind, since apps store them: choose another"
                let related = occurrences.dropFirst().map { related($0, "also used here") }
                diagnostics.append(context.diagnostic(file: firstEntry.file, at: firstEntry.facts.place, message, related: related))
            }
        }
        return diagnostics
    }
}
