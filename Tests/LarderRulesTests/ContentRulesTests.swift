import Foundation
@testable import LarderCore
import LarderJSON
import LarderRules
import Testing

@Suite struct UniqueIDTests {
    let rule = UniqueIDRule()

    let a = (name: "recipes/a.json", json: #"[{"id": "negroni"}, {"id": "sour"}]"#)
    let b = (name: "recipes/b.json", json: "[\n  {\"id\": \"martini\"},\n  {\"id\": \"negroni\"}\n]")
    let c = (name: "recipes/c.json", json: #"{"id": "martini"}"#)

    @Test func duplicatesAcrossFilesNameBothPlaces() throws {
        let found = try run(rule, [a, b, c], kind: "recipe")
        #expect(found.map { "\($0.file)\($0.pointer)" } == ["recipes/b.json/1/id", "recipes/c.json/id"])
        let d = found[0]
        #expect(d.line == 3 && d.column == 10)
        #expect(d.message.hasPrefix("recipe id 'negroni' is already used by the recipe at recipes/a.json:1:9"))
        #expect(d.related.count == 1 && d.related[0].file == "recipes/a.json" && d.related[0].start.column == 9)
        #expect(found[1].message.contains("at recipes/b.json:2:10"))
    }

    /// A minified file (one line) of documents that repeat ids and hold ids too large: the
    /// places are found in one pass over the line, not each from the line's start (16,000
    /// recipes took 25 seconds), and still name the right columns.
    @Test func placesInAMinifiedFileAreFoundInOnePass() throws {
        let count = 12_000
        let padding = String(repeating: "x", count: 200)
        var items: [String] = []
        for i in 0..<count {
            items.append(i % 3 == 2 ? #"{"id": 1e400, "note": "\#(padding)"}"# : #"{"id": "r\#(i / 3)", "note": "\#(padding)"}"#)
        }
        let json = "[" + items.joined(separator: ",") + "]"
        let started = Date()
        let found = try run(rule, [("min.json", json)], kind: "recipe")
        #expect(Date().timeIntervalSince(started) < 10)
        // Pairs (0, 1), (3, 4)... repeat an id; every third is too large.
        #expect(found.count == count / 3 + count / 3)
        var column = 2
        var columns: [Int] = []
        for item in items {
            columns.append(column + 7)
            column += item.utf8.count + 1
        }
        for d in found {
            let index = Int(d.pointer.tokens[0])!
            #expect(d.line == 1 && d.column == columns[index], "\(d.pointer)")
            if let related = d.related.first {
                #expect(related.start.column == columns[index - 1])
                #expect(d.message.contains("min.json:1:\(columns[index - 1])"))
            }
        }
    }

    /// `"\uD800"` and `"\uDBFF"` both read as U+FFFD, but are two ids; `"\ud800"` is the
    /// first one again, and a literal backslash is not an escape.
    @Test func idsWithLoneSurrogatesAreComparedAsWritten() throws {
        let files = [
            (name: "a.json", json: #"[{"id": "\uD800"}, {"id": "\uDBFF"}, {"id": "\uFFFD"}, {"id": "x\\uD800\uDC00"}]"#),
            (name: "b.json", json: #"[{"id": "\ud800"}, {"id": "x\uD800\\uDC00"}]"#),
        ]
        let found = try run(rule, files, kind: "recipe")
        #expect(found.map { "\($0.file)\($0.pointer)" } == ["b.json/0/id"])
        #expect(found.first?.message.hasPrefix(#"recipe id '\uD800' is already used by the recipe at a.json:1:9"#) == true, "\(found)")
        let folded = try run(rule, files, kind: "recipe", options: ["caseInsensitive": true])
        #expect(folded.map { "\($0.file)\($0.pointer)" } == ["b.json/0/id"])
        let facts = try #require(rule.facts(of: Document.split(file: "c.json", kind: "recipe", json: try JSONDocument(parsing: #"{"id": "a\\b\uDBFF"}"#))[0], context: RuleContext(for: rule, content: ContentSet([]))))
        #expect(facts.loneSurrogates && facts.text == #"a\\b\uDBFF"#)
        var encoder = FactEncoder()
        facts.encode(to: &encoder)
        var decoder = FactDecoder(encoder.bytes)
        let decoded = try UniqueIDRule.Facts(from: &decoder)
        #expect(decoded.text == facts.text && decoded.loneSurrogates)
    }

    /// One barcode as UPC-A, EAN-13 with a leading 0 and GTIN-14 with two passed as three
    /// products: GS1 reads them as one GTIN.
    @Test func productCodesAreComparedAsGTINs() throws {
        let files = [
            (name: "a.json", json: #"[{"code": "036000291452"}, {"code": "96385074"}, {"code": "3017620422003"}]"#),
            (name: "b.json", json: #"[{"code": "0036000291452"}, {"code": "00036000291452"}, {"code": "000096385074"}, {"code": "10036000291459"}]"#),
        ]
        let found = try run(rule, files, kind: "product")
        #expect(found.map { "\($0.file)\($0.pointer)" } == ["b.json/0/code", "b.json/1/code", "b.json/2/code"])
        #expect(found[0].message == "product code '0036000291452' is already used by the product at a.json:1:11 (as '036000291452': one GTIN, 00036000291452 in 14 digits, with other leading zeros); a barcode names one product: keep one of the two, or fix the code that was mistyped")
        #expect(found[2].message.contains("(as '96385074': one GTIN, 00000096385074 in 14 digits"))
        // Reported on the first file only, the message names the other spelling.
        let onlyA = try run(rule, files, kind: "product", reportingOn: ["a.json"])
        #expect(onlyA.first?.message.hasPrefix("product code '036000291452' is also used by the product at b.json:1:11 (as '0036000291452': one GTIN") == true)
        // Only product codes of GTIN lengths: a team's kind, another length, or letters are compared as written.
        #expect(try run(rule, [("t.json", #"[{"code": "036000291452"}, {"code": "0036000291452"}]"#)], kind: "ticket").isEmpty)
        #expect(try run(rule, [("c.json", #"[{"code": "12345"}, {"code": "012345"}, {"code": "0000000012345"}, {"code": "A36000291452"}, {"code": "0A36000291452"}]"#)], kind: "product").isEmpty)
        #expect(try run(rule, [("d.json", #"[{"id": "036000291452"}, {"id": "0036000291452"}]"#)], kind: "product", options: ["key": "/id"]).isEmpty)
    }

    @Test func reportingOnASubsetStillComparesWithEveryFile() throws {
        // Only a.json is reported on: its 'negroni' clashes with b.json's, which comes later.
        let onlyA = try run(rule, [a, b, c], kind: "recipe", reportingOn: ["recipes/a.json"])
        #expect(onlyA.map { "\($0.file)\($0.pointer)" } == ["recipes/a.json/0/id"])
        #expect(onlyA[0].message.contains("is also used by the recipe at recipes/b.json:3:10"))
        let onlyC = try run(rule, [a, b, c], kind: "recipe", reportingOn: ["recipes/c.json"])
        #expect(onlyC.map { "\($0.file)\($0.pointer)" } == ["recipes/c.json/id"])
        // b.json holds the second of both pairs; reporting on b and c reports each place once.
        let bc = try run(rule, [a, b, c], kind: "recipe", reportingOn: ["recipes/b.json", "recipes/c.json"])
        #expect(bc.count == 2)
        #expect(try run(rule, [a, b, c], kind: "recipe", reportingOn: []).isEmpty)
    }

    @Test func thePerDocumentFallbackAgreesWithTheContentWideRun() throws {
        let documents = [a, b, c].flatMap { file in
            Document.split(file: file.name, kind: "recipe", json: try! JSONDocument(parsing: file.json))
        }
        let context = RuleContext(for: rule, content: ContentSet(documents))
        let perDocument = documents.flatMap { rule.check($0, context: context) }.sorted()
        let once = rule.check(content: context.content, reportingOn: nil, context: context).sorted()
        #expect(perDocument == once)
        #expect(once.count == 2)
    }

    @Test func kindsAreSeparate() throws {
        let recipes = try JSONDocument(parsing: #"{"id": "x"}"#)
        let places = try JSONDocument(parsing: #"{"id": "x"}"#)
        let docs = [Document(file: "r.json", kind: "recipe", json: recipes), Document(file: "l.json", kind: "location", json: places)]
        #expect(try run(rule, docs).isEmpty)
    }

    @Test func caseInsensitiveOptionAndCustomKey() throws {
        let users = (name: "users.json", json: #"[{"username": "Minh.Tran"}, {"username": "minh.tran"}, {"username": "an"}]"#)
        #expect(try run(rule, [users], kind: "user", options: ["key": "/username"]).isEmpty)
        let found = try run(rule, [users], kind: "user", options: ["key": "/username", "caseInsensitive": true])
        #expect(found.map(\.pointer) == ["/1/username"])
        #expect(found[0].message.contains("user username 'minh.tran' is already used by the user at users.json:1:15 (as 'Minh.Tran', compared without case)"))
    }

    @Test func integerAndStringIdsWithTheSameDigitsClash() throws {
        let found = try run(rule, [("r.json", #"[{"id": 42}, {"id": 4.2e1}, {"id": "42"}, {"id": 43}, {"id": null}, {"id": 1e400}]"#)], kind: "recipe")
        // 1e400 is no id an app reads (infinity): an error of its own.
        #expect(found.map(\.pointer) == ["/1/id", "/2/id", "/5/id"])
        #expect(found.last?.message.contains("the recipe's id 1e400 is a number too large for apps to read exactly (JavaScript and JSON decoders hold whole numbers exactly up to 9007199254740991, and read this one as infinity)") == true)
        // 2^64 is read, but not exactly: nothing is said of infinity (the message said every
        // such id was read as 1e400 is).
        let large = try run(rule, [("r.json", #"[{"id": 18446744073709551616}]"#)], kind: "recipe")
        #expect(large.map(\.message) == [
            "the recipe's id 18446744073709551616 is a number too large for apps to read exactly (JavaScript and JSON decoders hold whole numbers exactly up to 9007199254740991), so two such ids can be one id to the app; write the id as a string (\"18446744073709551616\"), or as a smaller number",
        ])
    }

    @Test func productsUseTheirCode() throws {
        let found = try run(rule, [("p.json", #"[{"code": "1", "id": "a"}, {"code": "2", "id": "a"}, {"code": "1"}]"#)], kind: "product")
        #expect(found.map(\.pointer) == ["/2/code"])
        #expect(found[0].message.hasPrefix("product code '1' is already used"))
    }

    @Test func thousandsOfDocumentsInOneRun() throws {
        // 20,000 ids with one clash: the content-wide check is linear.
        var items = (0..<20_000).map { "{\"id\": \"r\($0)\"}" }
        items.append("{\"id\": \"r123\"}")
        let found = try run(rule, [("big.json", "[" + items.joined(separator: ",") + "]")], kind: "recipe")
        #expect(found.map(\.pointer) == ["/20000/id"])
    }
}

@Suite struct ReferenceTests {
    let rule = ReferenceRule()

    func documents(_ files: [(String, String?, String)]) throws -> [Document] {
        try files.flatMap { Document.split(file: $0.0, kind: $0.1, json: try JSONDocument(parsing: $0.2)) }
    }

    @Test func shopIdsMustNameLocations() throws {
        let docs = try documents([
            ("shops.json", "location", #"[{"id": "gerrys"}, {"id": "the-whisky-exchange"}, {"id": 3}]"#),
            ("drinks.json", "recipe", #"[{"id": "negroni", "shops": ["gerrys", "the-whisky-exchang", 3, "3", {"id": "popup"}, 4]}]"#),
        ])
        let found = try run(rule, docs)
        #expect(found.map(\.pointer) == ["/0/shops/1", "/0/shops/5"])
        #expect(found[0].message.contains("(did you mean 'the-whisky-exchange'?)"))
        #expect(found[0].file == "drinks.json" && found[0].severity == .error)
    }

    @Test func withoutLocationsShopsAreNotChecked() throws {
        let docs = try documents([("drinks.json", "recipe", #"{"id": "negroni", "shops": ["gerrys"]}"#)])
        #expect(try run(rule, docs).isEmpty)
    }

    @Test func productTagsMustBeInATaxonomy() throws {
        let docs = try documents([
            ("allergens.json", "taxonomy", #"{"en:milk": {"en": "Milk"}, "en:peanuts": {"en": "Peanuts"}}"#),
            ("categories.json", "taxonomy", #"[{"en:spreads": {"en": "Spreads"}}, {"en:sodas": {"en": "Sodas"}}]"#),
            ("products.json", "product", #"[{"code": "1", "allergens": ["en:milk", "en:peanut"], "categories": ["en:sodas", "en:colas"], "labels": ["en:vegan"], "origins": ["en:spreads"]}]"#),
        ])
        let found = try run(rule, docs)
        #expect(found.map(\.pointer) == ["/0/allergens/1", "/0/categories/1", "/0/labels/0"])
        #expect(found[0].message.hasPrefix("allergen 'en:peanut' is not in any taxonomy"))
        #expect(found[0].message.contains("did you mean 'en:peanuts'?"))
        #expect(found[1].message.hasPrefix("category 'en:colas'"))
        let onlyAllergens = try run(rule, docs, options: ["tagFields": ["allergens"]])
        #expect(onlyAllergens.count == 1)
    }

    @Test func withoutATaxonomyTagsAreNotChecked() throws {
        let docs = try documents([("products.json", "product", #"{"code": "1", "allergens": ["en:anything"]}"#)])
        #expect(try run(rule, docs).isEmpty)
    }

    @Test func onlyReportedFilesAreReportedOn() throws {
        let docs = try documents([
            ("shops.json", "location", #"{"id": "gerrys"}"#),
            ("a.json", "recipe", #"{"id": "a", "shops": ["nope"]}"#),
            ("b.json", "recipe", #"{"id": "b", "shops": ["nope"]}"#),
        ])
        #expect(try run(rule, docs, reportingOn: ["b.json"]).map(\.file) == ["b.json"])
    }

    /// Without locations, a taxonomy, `knownTags` or `knownLocations` in the project, the
    /// rule can report nothing: it says so, and the linter does not run it (nor extract its
    /// facts). With any of them it runs.
    @Test func inertWithoutLocationsOrATaxonomy() throws {
        func context(_ options: JSONValue) -> RuleContext { RuleContext(ruleID: rule.id, options: options, severity: .error) }
        #expect(rule.isInert(context: context([Linter.contentKindsOption: ["recipe", "product"]])))
        #expect(!rule.isInert(context: context([Linter.contentKindsOption: ["recipe", "taxonomy"]])))
        #expect(!rule.isInert(context: context([Linter.contentKindsOption: ["recipe", "location"]])))
        #expect(!rule.isInert(context: context([Linter.contentKindsOption: ["recipe"], "knownTags": []])))
        #expect(!rule.isInert(context: context([Linter.contentKindsOption: ["recipe"], "knownLocations": ["gerrys"]])))
        // Kinds not declared (documents checked on their own): the documents decide.
        #expect(!rule.isInert(context: context(.null)))
        let recipes = LarderConfig(json: ["content": [["kind": "recipe", "include": ["*.json"]]]])
        let linter = Linter(config: recipes, registry: PluginRegistry.withBuiltInRules(), reader: WorkingTreeReader(root: "/nonexistent"), projectRoot: "/nonexistent")
        let jobs = linter.contentJobs(content: ContentSet(), projectFiles: WorkingTreeFiles(root: "/nonexistent")).map(\.rule.id)
        #expect(!jobs.contains("reference") && jobs.contains("unique-id"))
        let withTaxonomy = LarderConfig(json: ["content": [["kind": "recipe", "include": ["*.json"]], ["kind": "taxonomy", "include": ["t/*.json"]]]])
        let both = Linter(config: withTaxonomy, registry: PluginRegistry.withBuiltInRules(), reader: WorkingTreeReader(root: "/nonexistent"), projectRoot: "/nonexistent")
        #expect(both.contentJobs(content: ContentSet(), projectFiles: WorkingTreeFiles(root: "/nonexistent")).map(\.rule.id).contains("reference"))
    }

    /// A program that lints documents of kinds its config does not declare (locations in a
    /// recipes project) still has their shops checked.
    @Test func documentsOfUndeclaredKindsKeepTheCheck() async throws {
        let config = LarderConfig(json: ["content": [["kind": "recipe", "include": ["*.json"]]]])
        let linter = Linter(config: config, registry: PluginRegistry.withBuiltInRules(),
                            reader: WorkingTreeReader(root: "/nonexistent"), projectRoot: "/nonexistent")
        let recipes = Document.split(file: "r.json", kind: "recipe", json: try JSONDocument(parsing: #"{"id": "a", "shops": ["gerrys", "nowhere"]}"#))
        let shops = Document.split(file: "s.json", kind: "location", json: try JSONDocument(parsing: #"{"id": "gerrys"}"#))
        let found = await linter.lint(LoadedContent(documents: recipes + shops, files: [("r.json", 0), ("s.json", 0)]))
        let references = found.filter { $0.ruleID == "reference" }
        #expect(references.map(\.pointer) == ["/shops/1"])
        #expect(references.first?.message.hasPrefix("shop 'nowhere' is not the id of any location") == true)
    }
}

/// A team kind's fields that its schema marks as taxonomy tags (``LarderConfig/tagFields``,
/// handed to the rule as the linter's `schemaTagFields` option): the JSON bundle labels
/// them, and `reference` checked only the built-in kinds', so a misspelt tag went out with
/// no label and no word.
@Suite struct ReferenceTeamKindTests {
    static let taxonomy = ("tags.json", "taxonomy", #"{"classic": {"en": "Classic"}, "quick": {"en": "Quick"}, "rare": {"en": "Rare"}}"#)

    func documents(_ files: [(String, String, String)]) throws -> [Document] {
        try files.flatMap { Document.split(file: $0.0, kind: $0.1, json: try JSONDocument(parsing: $0.2)) }
    }

    @Test func aTeamKindsSchemaTagsAreCheckedAsARecipes() throws {
        let docs = try documents([
            Self.taxonomy,
            ("cards.json", "card", """
                [
                  {"id": "ace", "category": "clasic", "tags": ["quick", "rrae"], "note": "quick-ish"},
                  {"id": "king", "category": "classic", "tags": ["rare"], "extra": ["nope"]}
                ]
                """),
        ])
        let options: JSONValue = ["kind": "card", Linter.schemaTagFieldsOption: ["/category", "/tags/*"]]
        let found = try run(ReferenceRule(), docs, options: options)
        #expect(found.map(\.pointer) == ["/0/category", "/0/tags/1"])
        #expect(found.map { "\($0.start.line):\($0.start.column)" } == ["2:29", "2:57"])
        #expect(found[0].message == "category 'clasic' is not in any taxonomy, so it has no label to show (did you mean 'classic'?); "
                    + "use a tag of the taxonomy, or add the tag with its labels")
        #expect(found[1].message.hasPrefix("tag 'rrae' is not in any taxonomy, so it has no label to show (did you mean 'rare'?)"))
        #expect(found.allSatisfy { $0.file == "cards.json" && $0.severity == .error && $0.ruleID == "reference" })
        // Without the schema's marks a team kind's fields are data.
        #expect(try run(ReferenceRule(), docs, options: ["kind": "card"]).isEmpty)
        // The rule's own `tagFields` names the fields instead.
        let named = try run(ReferenceRule(), docs, options: ["kind": "card", Linter.schemaTagFieldsOption: ["/category", "/tags/*"], "tagFields": ["extra"]])
        #expect(named.map(\.pointer) == ["/1/extra/0"])
        #expect(named.first?.message.hasPrefix("tag in extra 'nope' is not in any taxonomy") == true)
    }

    /// Marks at any depth, in a map's values and in a tree of the schema's own, keep the
    /// pointers of the values they name; a tag's field is named by its last name.
    @Test func tagsBelowTheTopAreCheckedAtTheirPointers() throws {
        let docs = try documents([
            Self.taxonomy,
            ("deck.json", "deck", #"{"id": "d", "sections": [{"tags": ["quick"], "children": [{"tags": ["slow"]}]}], "by": {"a/b": "rarer"}}"#),
        ])
        let marks = ["/sections/*~r1", "~r1/tags/*", "~r1/children/*~r1", "/by/*"]
        let found = try run(ReferenceRule(), docs, options: ["kind": "deck", Linter.schemaTagFieldsOption: .array(marks.map(JSONValue.string))])
        #expect(found.map(\.pointer) == ["/sections/0/children/0/tags/0", "/by/a~1b"])
        #expect(found[0].message.hasPrefix("tag 'slow' is not in any taxonomy"))
        #expect(found[1].message.hasPrefix("tag in a/b 'rarer' is not in any taxonomy") && found[1].message.contains("did you mean 'rare'?"))
    }

    /// The linter hands a team kind's schema tag fields to the rule, and runs it for that
    /// kind only: not for a taxonomy, nor for a team kind whose schema marks no tag.
    @Test func theLinterRunsTheRuleForATeamKindWithTags() async throws {
        var config = LarderConfig(json: ["locales": ["en"], "content": [
            ["kind": "card", "schema": "card.schema.json", "include": ["cards/*.json"]],
            ["kind": "note", "schema": "note.schema.json", "include": ["notes/*.json"]],
            ["kind": "taxonomy", "include": ["tags.json"]],
        ]])
        config.tagFields = ["card": ["/category", "/tags/*"]]
        let linter = Linter(config: config, registry: PluginRegistry.withBuiltInRules(), reader: WorkingTreeReader(root: "/nonexistent"), projectRoot: "/nonexistent")
        let jobs = linter.contentJobs(content: ContentSet(), projectFiles: WorkingTreeFiles(root: "/nonexistent")).filter { $0.rule.id == "reference" }
        #expect(jobs.map { $0.context.options["kind"] } == ["card"])
        #expect(jobs.first?.context.options[Linter.schemaTagFieldsOption] == ["/category", "/tags/*"])
        let docs = try documents([
            Self.taxonomy,
            ("cards/a.json", "card", #"{"id": "ace", "category": "clasic", "tags": ["quick", "rrae"]}"#),
            ("notes/n.json", "note", #"{"id": "n", "category": "clasic", "tags": ["rrae"]}"#),
        ])
        let found = await linter.lint(LoadedContent(documents: docs, files: [("tags.json", 2), ("cards/a.json", 0), ("notes/n.json", 1)]))
        #expect(found.filter { $0.ruleID == "reference" }.map { "\($0.file)\($0.pointer)" } == ["cards/a.json/category", "cards/a.json/tags/1"])
    }
}

@Suite struct ReferenceCategoryTests {
    @Test func recipeAndLocationCategoriesAndTagsAreInTheTaxonomy() throws {
        let docs = try [
            ("categories.json", "taxonomy", #"{"dessert": {"pt": "Sobremesas"}, "sweet": {"pt": "Doce"}, "market": {"en": "Markets"}}"#),
            ("recipes.json", "recipe", #"[{"id": 1, "category": "sobremesa", "tags": ["sweet", "cold"]}, {"id": 2, "category": "dessert"}]"#),
            ("spots.json", "location", #"{"id": "ben-thanh", "category": "market", "tags": ["markets"]}"#),
        ].flatMap { Document.split(file: $0.0, kind: $0.1, json: try JSONDocument(parsing: $0.2)) }
        let found = try run(ReferenceRule(), docs)
        #expect(found.map { "\($0.file)\($0.pointer)" } == ["recipes.json/0/category", "recipes.json/0/tags/1", "spots.json/tags/0"])
        #expect(found[0].message.hasPrefix("category 'sobremesa' is not in any taxonomy"))
        #expect(found[2].message.contains("did you mean 'market'?"))
    }

    @Test func theEntryKindOptionLimitsAContentRule() throws {
        let docs = try [
            ("users.json", "user", #"[{"username": "a", "id": "x"}, {"username": "a", "id": "x"}]"#),
            ("levels.json", "difficulty", #"[{"id": "easy"}, {"id": "easy"}]"#),
        ].flatMap { Document.split(file: $0.0, kind: $0.1, json: try JSONDocument(parsing: $0.2)) }
        let users = try run(UniqueIDRule(), docs, options: ["kind": "user", "key": "/username"])
        #expect(users.map { "\($0.file)\($0.pointer)" } == ["users.json/1/username"])
        let levels = try run(UniqueIDRule(), docs, options: ["kind": "difficulty"])
        #expect(levels.map { "\($0.file)\($0.pointer)" } == ["levels.json/1/id"])
    }
}

@Suite struct UniqueTagFactsTests {
    /// Each tag's place is the pointer to its key, made from the tag: finding it from the
    /// key's node walked the taxonomy's members from the first for every tag, quadratic in
    /// the tags of one object (40,000 tags took 1.8 s in a release build, seconds more in a
    /// debug one). 40,000 tags now take a small fraction of a second.
    @Test func aWideTaxonomysPlacesAreMadeInLinearTime() throws {
        let count = 40_000
        let members = (0..<count).map { #""t\#($0)": {"en": "T\#($0)"}"# }.joined(separator: ", ")
        let document = Document.split(file: "t.json", kind: "taxonomy", json: try JSONDocument(parsing: "{\(members)}"))[0]
        let rule = UniqueTagRule()
        let clock = ContinuousClock()
        let start = clock.now
        let facts = try #require(rule.facts(of: document, context: RuleContext(for: rule, content: ContentSet([]))))
        let elapsed = clock.now - start
        #expect(facts.tags.count == count)
        #expect(facts.places[count - 1].pointer.description == "/t\(count - 1)")
        #expect(facts.places[count - 1].pointer == document.json.pointer(to: document.json.members(document.node).map(\.key)[count - 1]))
        #expect(elapsed < .seconds(3), "\(elapsed)")
    }
}
