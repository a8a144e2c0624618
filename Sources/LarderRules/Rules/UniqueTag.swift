import LarderCore
import LarderJSON

/// `unique-tag`: no taxonomy tag is defined twice, across every taxonomy document and file.
///
/// A taxonomy's ids are its tags: the exports merge every taxonomy into one table of tag ->
/// labels, and a tag defined twice keeps the labels of the last definition without a word
/// (`classic` labelled "Classic" in one file and "Tiki" in another became "Tiki"). Runs once
/// per run over the tags of every taxonomy document (a ``FactContentRule``: each tag and its
/// place are facts the lint cache keeps), O(n) in the number of tags.
public struct UniqueTagRule: FactContentRule, ConfigurableRule {
    /// None of its own: only those every rule takes (`severity`, `kinds`), so that a misspelt
    /// one (`sevrity: off`) is reported, not ignored.
    public var options: [RuleOption] { [] }

    public let id = "unique-tag"
    public let summary = "No taxonomy tag is defined twice, across all of the taxonomy's documents and files."
    public let defaultSeverity = Severity.error
    public let kinds: [String]? = ["taxonomy"]
    public var details: String? {
        """
        The exports merge the labels of every taxonomy document into one table, so a tag \
        defined in two documents (or two files) keeps only the labels of the last one, and \
        the others are lost without a word. Tags are compared as written (`en:milk` and \
        `EN:milk` are two tags, as they are to the exports), across every taxonomy file, \
        also when only some files are reported on (`--staged`). The second definition is \
        reported, naming the first; when only the first is in the files reported on, it is \
        reported there. A tag written twice in one object is `duplicate-key`'s to report.
        """
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"[{"classic": {"en": "Classic"}}, {"tiki": {"en": "Tiki"}}]"#, kind: "taxonomy"),
            .triggers(#"[{"classic": {"en": "Classic"}}, {"tiki": {"en": "Tiki"}, "classic": {"en": "Tiki"}}]"#,
                      at: "/1/classic", kind: "taxonomy"),
            .passes(#"[{"en:milk": {"en": "Milk"}}, {"EN:milk": {"en": "Milk"}}]"#, kind: "taxonomy"),
        ]
    }

    /// The tags a taxonomy document defines, in order (a tag the document repeats, once),
    /// and where each key is.
    public struct Facts: ContentFacts, Hashable {
        /// The document's pointer within its file (`""` or `/3`).
        public var pointer: JSONPointer
        public var tags: [String]
        /// Where each tag's key is, in the order of ``tags``.
        public var places: [FactPlace]

        public init(pointer: JSONPointer, tags: [String], places: [FactPlace]) {
            self.pointer = pointer
            self.tags = tags
            self.places = places
        }

        public func encode(to encoder: inout FactEncoder) {
            encoder.write(pointer)
            encoder.write(tags)
            encoder.writePositions(of: places)
        }

        public init(from decoder: inout FactDecoder) throws(FactDecoder.Failure) {
            pointer = try decoder.readPointer()
            tags = try decoder.readStrings()
            places = []
            places.reserveCapacity(tags.count)
            for tag in tags { places.append(try decoder.readPlace(pointer: pointer.appending(tag))) }
        }
    }

    public var readsDocuments: Bool { false }

    public func facts(of document: Document, context: RuleContext) -> Facts? {
        guard document.kind == ContentFields.taxonomy else { return nil }
        let json = document.json
        guard json.kind(document.node) == .object, json.count(document.node) > 0 else { return nil }
        var tags: [String] = []
        var places: [FactPlace] = []
        tags.reserveCapacity(json.count(document.node))
        places.reserveCapacity(json.count(document.node))
        var seen = Set<String>()
        for (key, _) in json.members(document.node) {
            guard let tag = json.string(key), seen.insert(tag).inserted else { continue }
            tags.append(tag)
            // The pointer is known: finding it from the node walked the object's members
            // from the first, for every tag (40,000 tags in one taxonomy took 1.8 s).
            places.append(FactPlace(document, node: key, pointer: document.pointer.appending(tag)))
        }
        return Facts(pointer: document.pointer, tags: tags, places: places)
    }

    public func check(facts: FactTable<Facts>, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic] {
        let entries = facts.entries
        // Tag -> its first definition (entry, tag index); the later ones by their first.
        struct Definition: Hashable {
            var entry: Int
            var tag: Int
        }
        var first: [String: Definition] = [:]
        var later: [Definition: [Definition]] = [:]
        var order: [Definition] = []
        for (e, entry) in entries.enumerated() where entry.kind == ContentFields.taxonomy {
            for (t, tag) in entry.facts.tags.enumerated() {
                let here = Definition(entry: e, tag: t)
                if let earlier = first[tag] {
                    if later[earlier] == nil { order.append(earlier) }
                    later[earlier, default: []].append(here)
                } else {
                    first[tag] = here
                }
            }
        }
        guard !order.isEmpty else { return [] }
        func file(_ d: Definition) -> String { entries[d.entry].file }
        func place(_ d: Definition) -> FactPlace { entries[d.entry].facts.places[d.tag] }
        func reported(_ d: Definition) -> Bool { files?.contains(file(d)) ?? true }
        var found: [(file: String, place: FactPlace, message: String, related: [(Definition, String)])] = []
        for firstDefinition in order {
            let tag = entries[firstDefinition.entry].facts.tags[firstDefinition.tag]
            let others = later[firstDefinition] ?? []
            let last = others[others.count - 1]
            var placedAny = false
            for other in others where reported(other) {
                placedAny = true
                let keeps = other == last ? "this one's" : "those of the last one, at \(place(last).description(in: file(last)))"
                found.append((file(other), place(other),
                               "tag \(Text.quoted(tag)) is already defined by the taxonomy at \(place(firstDefinition).description(in: file(firstDefinition))); the exports keep only \(keeps) labels and drop the others: merge the labels into one definition, or rename one of the tags",
                               [(firstDefinition, "first defined here")]))
            }
            if !placedAny && reported(firstDefinition) {
                found.append((file(firstDefinition), place(firstDefinition),
                               "tag \(Text.quoted(tag)) is defined again by the taxonomy at \(place(others[0]).description(in: file(others[0]))); the exports keep only the labels of the last definition and drop these: merge the labels into one definition, or rename one of the tags",
                               others.map { ($0, "also defined here") }))
            }
        }
        let places = FactPlace.resolving(found.map(\.place))
        return zip(found, places).map { item, at in
            let related = item.related.map { d, message in Diagnostic.RelatedLocation(file: file(d), place: place(d), message: message) }
            return context.diagnostic(file: item.file, at: at, item.message, related: related)
        }
    }
}
