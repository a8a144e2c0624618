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

        The key is the first of `id`, `code`, `key` and `slug` a document has (`code` \
        first for products; the id the exporters key its texts by) unless `key` names another field \
        (`key: /username`); the exporters then key the kind's texts by that field too. \
        Without `key`, the field the exports' option `ids` names for the kind (`ids: { user: \
        /username }`) is the id; a document without it (or with no string or number in it) \
        is reported, since those exports stop on it. An \
        integer and a string with the same digits (`42`, "42") are the same id. A number \
        id past 9007199254740991 (2^53 - 1, the largest whole number JavaScript and a JSON \
        decoder's Double read exactly; `1e400` is read as infinity) is an error: two such \
        ids can be one id to the app, so write it as a string. \
        `caseInsensitive: true` also treats `Minh` and `minh` as the same.

        A product's `code` is a GTIN, and GS1 writes one GTIN in 8, 12, 13 or 14 digits with \
        leading zeros: the UPC-A `036000291452`, the EAN-13 `0036000291452` and the GTIN-14 \
        `00036000291452` are one barcode, and scanners and Open Food Facts give any of them. \
        So codes of 8, 12, 13 or 14 digits are compared padded with zeros to 14, and the \
        message names both spellings. GTIN-8 codes are padded too: GS1 keeps the 14-digit \
        forms of EAN-8 codes apart from every longer GTIN (the company prefixes 0000001 to \
        0000099 are never issued), so a padded EAN-8 can only meet itself. A code of 8 \
        digits that starts with 0 or 1 and whose check digit is right as a UPC-E (the short \
        form of a UPC-A on small packs) is compared as the UPC-A it stands for: `04252614` \
        is `042100005264`. Every UPC-E whose sixth digit is 5 to 9 is also right as an \
        EAN-8, and one in ten of the others: such a code is read as the UPC-E, the usual \
        meaning of 8 digits that start with 0 or 1 on a pack.

        A document of a kind of your own that has localized texts but no id is a warning: \
        its texts are keyed by its position in the kind (`hero.0.bio`), so reordering the \
        file hands its translations to another document. Give it an id, or name the field \
        that identifies it with `key` (or the exports' `ids`).
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("key", .pointer, "the field that identifies a document (the exporters key texts by it too)", default: "the first of /id, /code, /key, /slug (/code first for products)"),
            RuleOption("caseInsensitive", .boolean, "compare ids without case", default: "false"),
        ]
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"[{"id": "negroni"}, {"id": "americano"}, {"name": "no id"}]"#, kind: "recipe"),
            .triggers(#"[{"id": "negroni"}, {"id": "americano"}, {"id": "negroni"}]"#, at: "/2/id", kind: "recipe"),
            .triggers(#"[{"id": 7}, {"id": "7"}]"#, at: "/1/id", kind: "recipe"),
            // Past the whole numbers an app reads exactly.
            .triggers(#"[{"id": 1e400}, {"id": 9007199254740993}]"#, at: "/0/id", "/1/id", kind: "recipe"),
            .passes(#"[{"id": 9007199254740991}, {"id": "9007199254740993"}]"#, kind: "recipe"),
            .triggers(#"[{"code": "3017620422003"}, {"code": "3017620422003"}]"#, at: "/1/code", kind: "product"),
            // One GTIN as UPC-A, EAN-13 and GTIN-14.
            .triggers(#"[{"code": "036000291452"}, {"code": "0036000291452"}, {"code": "00036000291452"}]"#, at: "/1/code", "/2/code", kind: "product"),
            .passes(#"[{"code": "036000291452"}, {"code": "10036000291459"}, {"code": "96385074"}]"#, kind: "product"),
            // A UPC-E and the UPC-A it stands for.
            .triggers(#"[{"code": "04252614"}, {"code": "042100005264"}]"#, at: "/1/code", kind: "product"),
            // 8 digits that start with 0 or 1 and are right as a UPC-E are read as one, also
            // when they are right as an EAN-8 too; others are an EAN-8.
            .triggers(#"[{"code": "01234565"}, {"code": "012345000065"}]"#, at: "/1/code", kind: "product"),
            .passes(#"[{"code": "96385074"}, {"code": "04252614"}, {"code": "00000004252614"}]"#, kind: "product"),
            .passes(#"[{"username": "Minh"}, {"username": "minh"}]"#, kind: "user", options: ["key": "/username"]),
            .triggers(#"[{"username": "Minh"}, {"username": "minh"}]"#, at: "/1/username", kind: "user",
                      options: ["key": "/username", "caseInsensitive": true]),
            // The exporters' id: `slug` when there is no `id`.
            .triggers(#"[{"slug": "old-quarter"}, {"slug": "old-quarter"}]"#, at: "/1/slug", kind: "tour"),
            .triggers(#"[{"key": 1, "label": "Beginner"}, {"key": 1, "label": "Expert"}]"#, at: "/1/key", kind: "level"),
            // Texts with no id get keys by position.
            .triggers(#"[{"uid": "zed", "bio": {"en": "Zed."}}]"#, at: "/0", kind: "hero", options: ["locales": ["en"]]),
            .passes(#"[{"uid": "zed", "bio": {"en": "Zed."}}]"#, kind: "hero", options: ["locales": ["en"], "key": "/uid"]),
        ]
    }

    /// The key pointer for a kind: the `key` option; nil for ``DocumentID``'s fields.
    func keyPath(options: Options) -> FieldPath? {
        options.string("key").flatMap(FieldPath.init)
    }

    /// A document's id: its text as written (case kept) and where it is; or, for a document
    /// of a kind of the team's own with texts and no id (``isMissing``), the document's place.
    public struct Facts: ContentFacts {
        /// The id's text; for an id with a lone surrogate, ``IDValue/spelledExactly(_:_:)``.
        public var text: String
        /// The id holds a lone surrogate (``LoneSurrogate``): ``text`` spells it exactly, since
        /// read as text each one would be U+FFFD and `"\uD800"` would be `"\uDBFF"`.
        public var loneSurrogates: Bool
        public var place: FactPlace
        /// The document has localized texts but no id.
        public var isMissing = false
        /// The id field an export names (its option `ids`) that the document lacks, or holds
        /// no string or number in; empty when there is none. ``place`` is then the document's
        /// place, or that of the value in the field.
        public var lacksExportID = ""
        /// The export that names ``lacksExportID``.
        public var export = ""
        /// What the document holds in ``lacksExportID`` (`an object`); empty when it holds
        /// nothing there.
        public var holds = ""
        /// The id is a number no app reads exactly: past 2^53 - 1 (9007199254740991), the
        /// largest whole number JavaScript and a JSON decoder's Double hold, or past any
        /// number at all (1e400, read as infinity). Two such ids that differ are one id to
        /// the app.
        public var tooLarge = false
        /// With ``isMissing``: the field the rule's option `key` names, when it names one
        /// (the advice is then to fill it in, not to set the option); empty otherwise.
        public var keyField = ""
        /// A document of a kind of the team's own with nothing to report (no id, no texts):
        /// its facts only count it among the kind's documents, so that a document keyed by
        /// its position is told the position the exporters give it, which counts every
        /// document of the kind (`hero.2.…` for the third).
        public var countsOnly = false

        public func encode(to encoder: inout FactEncoder) {
            encoder.write(text)
            encoder.write(loneSurrogates)
            encoder.write(place)
            encoder.write(isMissing)
            encoder.write(lacksExportID)
            encoder.write(export)
            encoder.write(holds)
            encoder.write(tooLarge)
            encoder.write(keyField)
            encoder.write(countsOnly)
        }

        public init(from decoder: inout FactDecoder) throws(FactDecoder.Failure) {
            text = try decoder.readString()
            loneSurrogates = try decoder.readBool()
            place = try decoder.readPlace()
            isMissing = try decoder.readBool()
            lacksExportID = try decoder.readString()
            export = try decoder.readString()
            holds = try decoder.readString()
            tooLarge = try decoder.readBool()
            keyField = try decoder.readString()
            countsOnly = try decoder.readBool()
        }

        init(text: String, loneSurrogates: Bool = false, place: FactPlace, isMissing: Bool = false) {
            self.text = text
            self.loneSurrogates = loneSurrogates
            self.place = place
            self.isMissing = isMissing
        }

        init(lacking field: String, export: String, holds: String, place: FactPlace) {
            self.init(text: "", place: place)
            lacksExportID = field
            self.export = export
            self.holds = holds
        }

        /// The id as messages show it: a lone surrogate as its escape.
        var shown: String {
            loneSurrogates ? text.replacingOccurrences(of: "\\\\", with: "\\") : text
        }
    }

    /// Facts gained ``Facts/loneSurrogates`` (1), then ``Facts/isMissing`` (2), then
    /// ``Facts/lacksExportID`` (3), then ``Facts/tooLarge`` (4), then ``Facts/keyField`` (5),
    /// then ``Facts/countsOnly``, with every document of a team's kind having facts (6).
    public var factsVersion: Int { 6 }

    /// The largest whole number an app reads exactly (JavaScript's `Number.MAX_SAFE_INTEGER`).
    static let largestExactInteger: Double = 9_007_199_254_740_991

    /// The id fields the exports name for the document's kind (the linter's `exportIDs`
    /// option, ``Linter/exportIDsOption``), with the export that names each.
    func exportIDs(options: Options) -> [(field: FieldPath, export: String)] {
        (options[Linter.exportIDsOption]?.arrayValue ?? []).compactMap { item in
            guard let field = item["field"]?.stringValue.flatMap(FieldPath.init), let export = item["export"]?.stringValue else { return nil }
            return (field, export)
        }
    }

    public func facts(of document: Document, context: RuleContext) -> Facts? {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return nil }
        let json = document.json
        // The exports key the kind's texts by the fields their `ids` name, and stop on a
        // document without one: the first such field lacking is the document's fact.
        var exportNodes: [Int] = []
        for (field, export) in exportIDs(options: options) {
            guard let found = field.nodes(in: json, from: document.node).first else {
                return Facts(lacking: field.description, export: export, holds: "", place: FactPlace(document, node: document.node))
            }
            guard json.kind(found) == .string || json.kind(found) == .number else {
                return Facts(lacking: field.description, export: export, holds: Self.holding(json.kind(found)), place: FactPlace(document, node: found))
            }
            exportNodes.append(found)
        }
        let node: Int?
        if let path = keyPath(options: options) {
            node = path.nodes(in: json, from: document.node).first
            // With no export's `ids` for the kind, the exports key its texts by this field,
            // and stop on a document without a string or a number there: lint passed such
            // a document, and the build failed.
            if exportNodes.isEmpty, options[Linter.exportsOption]?.arrayValue?.isEmpty == false {
                let field = path.description.isEmpty ? "'' (the whole document)" : path.description
                guard let found = node else {
                    return Facts(lacking: field, export: "", holds: "", place: FactPlace(document, node: document.node))
                }
                if json.kind(found) != .string && json.kind(found) != .number {
                    return Facts(lacking: field, export: "", holds: Self.holding(json.kind(found)), place: FactPlace(document, node: found))
                }
            }
        } else if let named = exportNodes.first {
            node = named
        } else {
            node = DocumentID.node(in: json, at: document.node, kind: document.kind)
        }
        // A number with a fraction (`2.5`) is an id as written, as the exports key it
        // (`card.2_5-…`): it was taken for no id, and warned of as texts keyed by position.
        guard let node, let text = IDValue.text(json, node) ?? (json.kind(node) == .number ? json.numberLiteral(node) : nil) else {
            // A team kind's document with texts and no id: its keys go by position. Every
            // other document of a team's kind is counted, for that position.
            guard !ContentFields.builtInKinds.contains(document.kind ?? "") else { return nil }
            guard json.kind(document.node) == .object,
                !ContentFields.selected(Options(Self.textOptions(options)), in: document, builtIn: { _, _, _ in [] }).isEmpty
            else {
                var counted = Facts(text: "", place: FactPlace(document, node: document.node, pointer: document.pointer))
                counted.countsOnly = true
                return counted
            }
            var missing = Facts(text: "", place: FactPlace(document, node: document.node), isMissing: true)
            missing.keyField = keyPath(options: options).map { $0.description.isEmpty ? "''" : $0.description } ?? ""
            return missing
        }
        if let exact = IDValue.spelledExactly(json, node) {
            return Facts(text: exact, loneSurrogates: true, place: FactPlace(document, node: node))
        }
        var facts = Facts(text: text, place: FactPlace(document, node: node))
        if json.kind(node) == .number, let value = json.double(node), !value.isFinite || abs(value) > Self.largestExactInteger {
            facts.tooLarge = true
        }
        return facts
    }

    /// Each document's position among the documents of its kind (by index into
    /// `entries`), as the exporters number documents without an id (`ContentCatalog`): by
    /// file, as paths sort, then by place in the file. Every document of a team's kind has
    /// facts (``Facts/countsOnly`` for those with nothing else), so each one is counted.
    static func positionsInKind(_ entries: [FactTable<Facts>.Entry]) -> [Int: Int] {
        let order = entries.indices.sorted { a, b in
            let (x, y) = (entries[a], entries[b])
            if (x.kind ?? "") != (y.kind ?? "") { return (x.kind ?? "") < (y.kind ?? "") }
            if x.file != y.file { return x.file < y.file }
            if (x.index ?? 0) != (y.index ?? 0) { return (x.index ?? 0) < (y.index ?? 0) }
            return a < b
        }
        var next: [String: Int] = [:]
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(entries.count)
        for o in order {
            let kind = entries[o].kind ?? ""
            positions[o] = next[kind, default: 0]
            next[kind, default: 0] += 1
        }
        return positions
    }

    /// What a value of `kind` is, where an id is wanted: `an object`, `a list`, `null`.
    static func holding(_ kind: JSONKind) -> String {
        switch kind {
        case .object: "an object"
        case .array: "a list"
        case .true: "true"
        case .false: "false"
        default: "null"
        }
    }

    /// A product's `code` as the 14-digit GTIN it spells (`036000291452` is
    /// `00036000291452`); nil for another kind or field, or a code that is not 8, 12, 13 or
    /// 14 ASCII digits. Allocates only for a code shorter than 14 digits.
    static func gtin14(of entry: FactTable<Facts>.Entry) -> String? {
        guard entry.kind == ContentFields.product, !entry.facts.loneSurrogates else { return nil }
        let text = entry.facts.text
        let count = text.utf8.count
        guard count == 8 || (12...14).contains(count), text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            entry.facts.place.pointer.tokens.last == "code" else { return nil }
        // 8 digits that start with 0 or 1, right as a UPC-E: the UPC-A it stands for.
        if count == 8 {
            let digits = text.utf8.map { Int($0) - 48 }
            if let body = GTINChecksumRule.upcABody(ofUPCE: digits), GTINChecksumRule.checkDigit(for: body) == digits[7] {
                return "00" + body.map(String.init).joined() + String(digits[7])
            }
        }
        return count == 14 ? text : String(repeating: "0", count: 14 - count) + text
    }

    /// The options that find a document's texts: those the linter sets (locales, the
    /// schema's and the exports' text fields), not this rule's own.
    static func textOptions(_ options: Options) -> JSONValue {
        var o = JSONObject()
        for key in ["locales", Linter.textFieldsOption, Linter.exportTextFieldsOption] { if let v = options[key] { o[key] = v } }
        return .object(o)
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
        // The diagnostics of single documents (no id for an export, none at all, a number
        // too large), made once their places are resolved.
        var single: [(entry: Int, make: (FactPlace) -> Diagnostic)] = []
        func reported(_ o: Int) -> Bool { files?.contains(entries[o].file) ?? true }
        let positions = entries.contains { $0.facts.isMissing } ? Self.positionsInKind(entries) : [:]
        for (index, entry) in entries.enumerated() where applies(to: entry.kind, options: options) {
            if entry.facts.countsOnly { continue }
            if !entry.facts.lacksExportID.isEmpty {
                if reported(index) {
                    let facts = entry.facts
                    let kind = entry.kind ?? "document"
                    let what = facts.holds.isEmpty ? "has no \(facts.lacksExportID)" : "has \(facts.holds) at \(facts.lacksExportID)"
                    let fix = facts.holds.isEmpty
                        ? "give it one, or name another field in the option"
                        : "an id is a string or a number"
                    // (No export: the field is this rule's `key`, which every export keys by.)
                    let names = facts.export.isEmpty
                        ? "the field that this rule's option 'key' names as the id of \(kind) documents; the exports key their texts by it, and stop"
                        : "the field that option 'ids' of export \(facts.export) names as the id of \(kind) documents; the export keys their texts by it, and stops"
                    single.append((index, { context.diagnostic(
                        file: entry.file, at: $0,
                        "this \(kind) \(what), \(names) on a \(kind) without one: \(fix)") }))
                }
                continue
            }
            if entry.facts.isMissing {
                if reported(index) {
                    let kind = entry.kind ?? "document"
                    let keyField = entry.facts.keyField
                    // The keys its position gives it (`hero.2.…` for the third hero); it
                    // said `hero.0.…` of every hero.
                    let keys = positions[index].map { " (\(kind).\($0).…)" } ?? ""
                    single.append((index, { place in
                        var d = context.diagnostic(
                            file: entry.file, at: place, keyField.isEmpty
                                ? "this \(kind) has localized texts but no id (no /id, /code, /key or /slug), so its texts are keyed by its position among the \(kind) documents\(keys): reordering them hands translations to other documents; give it an id, or name the field that identifies \(kind) documents with this rule's `key` (`unique-id: { key: /uid }`) or the exports' option `ids` (`ids: { \(kind): /uid }`)"
                                : "this \(kind) has localized texts but no id at \(keyField), the field this rule's option 'key' names, so its texts are keyed by its position among the \(kind) documents\(keys): reordering them hands translations to other documents; give it a string or a number there")
                        if d.severity == .error { d.severity = .warning }
                        return d
                    }))
                }
                continue
            }
            if entry.facts.tooLarge {
                if reported(index) {
                    let kind = entry.kind ?? "document"
                    // Infinity is said only of a number past a Double's range (1e400).
                    let infinite = Double(entry.facts.text).map(\.isInfinite) ?? false
                    let decoders = "JavaScript and JSON decoders hold whole numbers exactly up to 9007199254740991" + (infinite ? ", and read this one as infinity" : "")
                    single.append((index, { context.diagnostic(
                        file: entry.file, at: $0,
                        "the \(kind)'s id \(entry.facts.text) is a number too large for apps to read exactly (\(decoders)), so two such ids can be one id to the app; write the id as a string (\"\(entry.facts.text)\"), or as a smaller number") }))
                }
                continue
            }
            let text = entry.facts.text
            let compared = Self.gtin14(of: entry) ?? (caseInsensitive ? text.lowercased() : text)
            let key = Key(kind: entry.kind ?? "", text: compared, loneSurrogates: entry.facts.loneSurrogates)
            if let earlier = first[key] {
                later[earlier, default: []].append(index)
            } else {
                first[key] = index
            }
        }
        let order = later.keys.sorted()

        // The line and column of every place a message names, found in one pass over each
        // file (``FactPlace/resolving(_:)``): one by one, each counted columns from its
        // line's start, and 16,000 recipes of a minified file took 25 seconds.
        var named = single.map(\.entry)
        for first in order { named.append(first); named += later[first] ?? [] }
        let resolved = FactPlace.resolving(named.map { entries[$0].facts.place })
        var places: [Int: FactPlace] = [:]
        places.reserveCapacity(named.count)
        for (o, place) in zip(named, resolved) { places[o] = place }
        func placeOf(_ o: Int) -> FactPlace { places[o] ?? entries[o].facts.place }

        var diagnostics = single.map { $0.make(placeOf($0.entry)) }
        func place(_ o: Int) -> String { placeOf(o).description(in: entries[o].file) }
        func related(_ o: Int, _ message: String) -> Diagnostic.RelatedLocation {
            Diagnostic.RelatedLocation(file: entries[o].file, place: placeOf(o), message: message)
        }
        /// How `o`'s id differs from `first`'s, when it is spelled otherwise: ` (as …)`.
        func spelling(_ o: Int, as first: Int) -> String {
            let text = entries[o].facts.shown, firstText = entries[first].facts.shown
            guard text != firstText else { return "" }
            if let gtin = Self.gtin14(of: entries[o]) {
                let upcE = [o, first].contains { e in
                    let t = entries[e].facts.text
                    return t.utf8.count == 8 && Self.gtin14(of: entries[e]).map { !$0.hasSuffix(t) } == true
                }
                if upcE { return " (as \(Text.quoted(firstText)): one GTIN, \(gtin) in 14 digits, a UPC-E and the UPC-A it stands for)" }
                return " (as \(Text.quoted(firstText)): one GTIN, \(gtin) in 14 digits, with other leading zeros)"
            }
            return " (as \(Text.quoted(firstText)), compared without case)"
        }
        for first in order {
            let occurrences = [first] + (later[first] ?? [])
            let firstEntry = entries[first]
            let kind = firstEntry.kind ?? "document"
            let field = keyPath(options: options).map { String($0.description.dropFirst()) } ?? firstEntry.facts.place.pointer.tokens.last ?? "id"
            func advice(_ o: Int, _ other: Int) -> String {
                if entries[o].facts.text != entries[other].facts.text, Self.gtin14(of: entries[o]) != nil {
                    return "a barcode names one product: keep one of the two, or fix the code that was mistyped"
                }
                return "\(field)s must be unique within a kind, since apps store them: choose another"
            }
            var placedAny = false
            for o in occurrences.dropFirst() where reported(o) {
                placedAny = true
                let text = entries[o].facts.shown
                let message = "\(kind) \(field) \(Text.quoted(text)) is already used by the \(kind) at \(place(first))\(spelling(o, as: first)); "
                    + advice(o, first)
                diagnostics.append(context.diagnostic(
                    file: entries[o].file, at: placeOf(o), message, related: [related(first, "first used here")]))
            }
            // Only the first occurrence is in the reported files: report it there.
            if !placedAny && reported(first) {
                let second = occurrences[1]
                let message = "\(kind) \(field) \(Text.quoted(firstEntry.facts.shown)) is also used by the \(kind) at \(place(second))\(spelling(first, as: second)); "
                    + advice(first, second)
                let related = occurrences.dropFirst().map { related($0, "also used here") }
                diagnostics.append(context.diagnostic(file: firstEntry.file, at: placeOf(first), message, related: related))
            }
        }
        return diagnostics
    }
}
