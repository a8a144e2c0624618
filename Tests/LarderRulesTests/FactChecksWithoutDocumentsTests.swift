import LarderCore
import LarderJSON
import LarderRules
import Testing

/// The built-in fact rules check over facts alone: given the facts of every document and no
/// parsed document at all (as a streaming build runs them), they report exactly what the
/// whole-content check reports, in the same order, for every choice of files reported on.
@Suite struct FactChecksWithoutDocumentsTests {
    /// Unknown tags and shops, duplicate ids and places entered twice, spread over several
    /// files: one document or many, several lines or one, CRLF line ends, a byte order mark
    /// and text that counts double in UTF-16 before the values.
    static let files: [(name: String, kind: String, text: String)] = [
        ("places/a.json", "location", """
            [{"id": "gerrys", "name": {"en": "Gerry's"}, "category": "market", "tags": ["markt", "sweet"],
              "coordinates": {"latitude": 10.77253, "longitude": 106.69803}},
             {"id": 7, "name": "Seven", "coordinates": {"latitude": 10.77256, "longitude": 106.69805}},
             {"id": "gerrys", "tags": "sweat"}]
            """),
        ("places/b.json", "location",
         "\u{FEFF}{\"id\": \"far\",\r\n \"name\": \"Café ☕\",\r\n \"tags\": [\"sweet\", 3, \"x\"],\r\n"
            + " \"coordinates\": {\"latitude\": 10.77258, \"longitude\": 106.69804}}"),
        ("products/p.json", "product", """
            [{"code": "1", "allergens": ["en:milk", "en:peanut"], "categories": "en:sodas", "labels": [], "origins": [{"x": 1}]},
             {"code": "1", "allergens": ["en:mlik"]}]
            """),
        ("recipes/r1.json", "recipe", """
            [
              {"id": "negroni", "name": "😀 Negroni", "category": "sobremesa", "tags": ["sweet", "swet", null],
               "shops": ["gerrys", "gerry", 7, "7", {"id": "popup"}, 8, true, 1.5]},
              {"id": "Negroni", "tags": "dessert", "shops": "gerrys"},
              {"id": "americano", "category": 3, "shops": ["nowhere", "far"]},
              "not a recipe"
            ]
            """),
        ("recipes/r2.json", "recipe",
         #"{"id": "negroni", "name": "é", "category": "dessert", "tags": ["cold", "sweet"], "shops": ["the-whisky-shop"]}"#),
        ("recipes/r3.json", "recipe", #"[{"id": "spritz", "tags": ["fizzy"]}, {"id": "spritz"}]"#),
        ("taxonomy/t.json", "taxonomy", #"{"dessert": {"en": "Dessert"}, "sweet": {"en": "Sweet"}, "market": {}, "en:milk": {}}"#),
        ("taxonomy/u.json", "taxonomy", #"[{"en:peanuts": {}}, {"en:sodas": {}}, "odd"]"#),
    ]

    static func documents() throws -> [Document] {
        try files.flatMap { Document.split(file: $0.name, kind: $0.kind, json: try JSONDocument(parsing: Array($0.text.utf8))) }
    }

    /// No file, each file alone, pairs of files, and every file.
    static var choices: [Set<String>?] {
        let names = files.map(\.name)
        var out: [Set<String>?] = [nil, [], Set(names)]
        for name in names { out.append([name]) }
        for (a, b) in zip(names, names.dropFirst(2)) { out.append([a, b]) }
        return out
    }

    /// Checks `rule` over facts without documents, as extracted and as read back from their
    /// bytes, against the whole-content check; returns how many problems the whole-content
    /// check finds over every file.
    @discardableResult
    static func compare<R: FactContentRule>(_ rule: R, options: JSONValue = .null) throws -> Int {
        #expect(!rule.readsDocuments, "\(rule.id) reads documents")
        let documents = try documents()
        let content = ContentSet(documents)
        let context = RuleContext(ruleID: rule.id, options: options, severity: rule.defaultSeverity, content: content)
        let table = FactTable(rule: rule, content: content, context: context)
        let extracted = FactTable<R.Facts>(entries: table.entries, documents: [])
        var readBack: [FactTable<R.Facts>.Entry] = []
        for entry in table.entries {
            var encoder = FactEncoder()
            entry.facts.encode(to: &encoder)
            var decoder = FactDecoder(encoder.bytes)
            let facts = try R.Facts(from: &decoder)
            #expect(decoder.isAtEnd)
            readBack.append(FactTable<R.Facts>.Entry(file: entry.file, kind: entry.kind, index: entry.index, facts: facts))
        }
        let stored = FactTable<R.Facts>(entries: readBack, documents: [])
        var total = 0
        for reportingOn in choices {
            let whole = rule.check(content: content, reportingOn: reportingOn, context: context)
            let label = "\(rule.id) \(options), reporting on \(reportingOn.map { $0.sorted() } ?? ["everything"])"
            #expect(rule.check(facts: extracted, reportingOn: reportingOn, context: context) == whole, "\(label)")
            #expect(rule.check(facts: stored, reportingOn: reportingOn, context: context) == whole, "\(label) (read back)")
            #expect(whole.allSatisfy { reportingOn?.contains($0.file) ?? true }, "\(label)")
            if reportingOn == nil { total = whole.count }
        }
        return total
    }

    @Test func referenceChecksOverFactsAlone() throws {
        let rule = ReferenceRule()
        let found = try Self.compare(rule)
        // Shops and tags of several files and kinds are reported, so the comparison means something.
        let all = rule.check(content: ContentSet(try Self.documents()), reportingOn: nil, context: RuleContext(for: rule))
        #expect(all.count == found)
        #expect(Set(all.map(\.file)) == ["places/a.json", "places/b.json", "products/p.json", "recipes/r1.json", "recipes/r2.json", "recipes/r3.json"])
        #expect(all.contains { $0.message.hasPrefix("shop 'gerry'") } && all.contains { $0.message.hasPrefix("tag 'cold'") })
        try Self.compare(rule, options: ["tagFields": ["tags", "allergens"]])
        try Self.compare(rule, options: ["knownTags": ["swet", "fizzy"], "knownLocations": ["nowhere", "8"]])
        try Self.compare(rule, options: ["kind": "recipe"])
        #expect(try Self.compare(rule, options: ["knownLocations": [], "tagFields": []]) > 0)
    }

    @Test func uniqueIDChecksOverFactsAlone() throws {
        #expect(try Self.compare(UniqueIDRule()) > 0)
        #expect(try Self.compare(UniqueIDRule(), options: ["caseInsensitive": true]) > 0)
        try Self.compare(UniqueIDRule(), options: ["key": "/name"])
    }

    @Test func nearDuplicateLocationChecksOverFactsAlone() throws {
        #expect(try Self.compare(NearDuplicateLocationRule()) > 0)
        try Self.compare(NearDuplicateLocationRule(), options: ["meters": 1])
    }
}
