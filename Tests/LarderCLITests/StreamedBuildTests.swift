import Foundation
import LarderExport
import Testing

/// `larder build` streamed (file by file) against `larder build --no-stream` (every document
/// in memory): the same files, byte for byte, and the same report, for the examples and for
/// random projects; content errors land nothing; content only the whole path can export
/// makes the build fall back to it.
@Suite struct StreamedBuildTests {
    static let trace = ["LARDER_TRACE": "1"]
    static let streamedLine = "(streamed)"

    /// Builds `project` both ways into two copies and returns both results and outputs.
    func buildBothWays(_ project: URL, format: String = "json") throws -> (streamed: CLI.Result, whole: CLI.Result, same: Bool, files: Int) {
        let other = project.deletingLastPathComponent().appendingPathComponent(project.lastPathComponent + "-whole")
        try? FileManager.default.removeItem(at: other)
        try FileManager.default.copyItem(at: project, to: other)
        let streamed = try CLI.run(["build", "--format", format], in: project, environment: Self.trace)
        let whole = try CLI.run(["build", "--no-stream", "--format", format], in: other, environment: Self.trace)
        let a = BuildCommandTests().snapshot(project.appendingPathComponent("dist"))
        let b = BuildCommandTests().snapshot(other.appendingPathComponent("dist"))
        try? FileManager.default.removeItem(at: other)
        return (streamed, whole, a == b, a.count)
    }

    /// An example's config with its exports replaced by seven that stream.
    static func streamingConfig(_ text: String) -> String {
        let head = text.components(separatedBy: "\nexports:")[0]
        // Pseudo-locales on four of them: made the same way on both paths too.
        return head + "\nexports:\n  - json-bundle: { out: dist/json, pseudo: [en-XA] }\n  - xcstrings: { out: dist/ios/Content.xcstrings, pseudo: [en-XA, ar-XB] }\n"
            + "  - jsonld: { out: dist/jsonld }\n  - android: { out: dist/android/res, pseudo: [ar-XB, en-XA] }\n  - gettext: { out: dist/po }\n"
            + "  - i18next: { out: dist/i18next, pseudo: ar-XB }\n  - strings: { out: dist/strings }\n"
    }

    /// The examples as their authors configured them build streamed, with the bytes of the
    /// whole path.
    @Test(arguments: ["cocktails", "saigon-photo-spots", "food-products", "portuguese-recipes", "card-war"])
    func anExampleAsConfiguredBuildsTheSameBothWays(_ app: String) throws {
        let dir = try BuildCommandTests().copy(app)
        let r = try buildBothWays(dir.url.appendingPathComponent(app))
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        // The card game's users are named by their username, the key of its unique-id rule.
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        #expect(r.same)
        #expect(r.streamed.stdout == r.whole.stdout)
    }

    /// The `images` exporter streams: the examples with it added build streamed, with the
    /// whole path's files, names and images.json, and the same report (card-war's warning
    /// of an images folder whose fields no option names). It took the whole path, which
    /// holds every document and every picture at once.
    @Test(arguments: ["cocktails", "saigon-photo-spots", "food-products", "portuguese-recipes", "card-war"])
    func theImagesExportStreamsWithTheWholePathsBytes(_ app: String) throws {
        let dir = try BuildCommandTests().copy(app)
        let project = dir.url.appendingPathComponent(app)
        let config = project.appendingPathComponent("larder.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\nexports:\n", with: "\nexports:\n  - images: { out: dist/images }\n").utf8).write(to: config)
        let r = try buildBothWays(project)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        #expect(r.same)
        #expect(r.streamed.stdout == r.whole.stdout)
        let map = try JSONSerialization.jsonObject(with: Data(contentsOf: project.appendingPathComponent("dist/images/images.json"))) as? [String: [String: String]]
        if app != "card-war" {
            #expect((map ?? [:]).values.reduce(0) { $0 + $1.count } > 0, "no image bundled: \(String(describing: map))")
        } else {
            #expect(r.streamed.stdout.contains("the images exporter is not told which of their fields hold images"), "\(r.streamed.stdout)")
        }
    }

    /// json-bundle's `images: true` streams: the examples with it build streamed, with the
    /// whole path's files (the pictures under `images/`, the references rewritten, the
    /// manifest's hashes). It took the whole path.
    @Test(arguments: ["cocktails", "saigon-photo-spots", "food-products", "portuguese-recipes", "card-war"])
    func jsonBundleImagesStreamWithTheWholePathsBytes(_ app: String) throws {
        let dir = try BuildCommandTests().copy(app)
        let project = dir.url.appendingPathComponent(app)
        let config = project.appendingPathComponent("larder.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "- json-bundle: { out: dist/json }", with: "- json-bundle: { out: dist/json, images: true }")
        #expect(changed != text)
        try Data(changed.utf8).write(to: config)
        let r = try buildBothWays(project)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        #expect(r.same)
        #expect(r.streamed.stdout == r.whole.stdout)
        let images = (try? FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("dist/json/images").path)) ?? []
        if app != "card-war" { #expect(!images.isEmpty) }
    }

    /// A project of two kinds, `zeta` (in a/, first in content order) and `alpha` (in b/, first
    /// in the catalog's order), whose one document each references one picture, as
    /// `Photo.png` and `photo.png`, exported by `export`.
    static func picturesInTwoCases(export: String) throws -> Scratch {
        let dir = try Scratch()
        try dir.write("kind.schema.json", #"{"type": "object", "required": ["id"]}"#)
        try dir.write("a/z.json", #"[{"id": "z1", "pic": "Photo.png"}]"#)
        try dir.write("b/a.json", #"[{"id": "a1", "pic": "photo.png"}]"#)
        try dir.write("images/Photo.png", "the same picture")
        try dir.write("images/photo.png", "the same picture")
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: zeta
                schema: kind.schema.json
                include: ["a/*.json"]
                images: images
              - kind: alpha
                schema: kind.schema.json
                include: ["b/*.json"]
                images: images
            exports:
              - \(export)

            """)
        return dir
    }

    /// Two references that differ only in case, with one picture, share the file bundled
    /// first in the content catalog's order: by kind, then file. The stream meets the
    /// documents file by file (the `zeta` document first here) and names them in the
    /// catalog's order, as the whole path does.
    @Test func imagesThatDifferInCaseShareTheFileOfTheFirstKindBothWays() throws {
        let dir = try Self.picturesInTwoCases(export: "images: { out: dist/images, imageFields: { zeta: [/pic], alpha: [/pic] } }")
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        #expect(r.same)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("dist/images").path)
            .filter { !$0.hasPrefix(".") }.sorted()
        #expect(files.count == 2 && files[1].hasPrefix("photo."), "\(files)")
        let map = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("dist/images/images.json"))) as? [String: [String: String]]
        #expect(map?["zeta"]?["Photo.png"] == files[1] && map?["alpha"]?["photo.png"] == files[1], "\(String(describing: map))")
    }

    /// A build whose one export is `images` checks the documents as the whole path's
    /// catalog does: two documents with one id, and a document without one whose place
    /// names it as another's id, fail it both ways (the stream built them, exit 0).
    @Test(arguments: [#"[{"id": "x", "pic": "a.png"}, {"id": "x", "pic": "b.png"}]"#, #"[{"title": "no id"}, {"id": "0", "pic": "b.png"}]"#])
    func anImagesOnlyBuildChecksIDsAsTheWholePathDoes(_ cards: String) throws {
        let dir = try Scratch()
        try dir.write("kind.schema.json", #"{"type": "object"}"#)
        try dir.write("cards/cards.json", cards)
        try dir.write("images/a.png", "a")
        try dir.write("images/b.png", "b")
        try dir.write("larder.yml", """
            locales: [en]
            rules:
              unique-id: "off"
            content:
              - kind: card
                schema: kind.schema.json
                include: ["cards/*.json"]
                images: images
            exports:
              - images: { out: dist/images, imageFields: { card: [/pic] } }

            """)
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 2 && r.whole.status == 2, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        let error = try #require(r.whole.stderr.split(separator: "\n").first { $0.contains("[export images]") }, "\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(error), "\(r.streamed.stderr)")
        #expect(r.streamed.stdout == r.whole.stdout)
        #expect(r.files == 0)
    }

    /// With json-bundle's `images: true`, a document is written with its pictures' names
    /// before every name is known: when two references that differ only in case share a
    /// picture, the name of the second is the first's, and the stream hands the build to
    /// the whole path, which writes it so.
    @Test func jsonBundleImagesThatDifferInCaseTakeTheWholePath() throws {
        let dir = try Self.picturesInTwoCases(export: "json-bundle: { out: dist/json, images: true, imageFields: { zeta: [/pic], alpha: [/pic] } }")
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains("does not stream: two image names that differ only in case share a picture"), "\(r.streamed.stderr)")
        #expect(r.same)
        let zeta = try String(contentsOf: dir.url.appendingPathComponent("dist/json/en/zeta.json"), encoding: .utf8)
        #expect(zeta.contains(#""pic": "images/photo."#), "\(zeta)")
    }

    /// A missing image fails the streamed build as it fails the whole path: the same
    /// message, exit status 2, nothing written.
    @Test(arguments: ["images: { out: dist/images, imageFields: { card: [/pic] } }", "json-bundle: { out: dist/json, images: true, imageFields: { card: [/pic] } }"])
    func aMissingImageFailsTheSameWayBothWays(_ export: String) throws {
        let dir = try Scratch()
        try dir.write("kind.schema.json", #"{"type": "object", "required": ["id"]}"#)
        try dir.write("cards/cards.json", #"[{"id": "c1", "pic": "there.png"}, {"id": "c2", "pic": "gone.png"}]"#)
        try dir.write("images/there.png", "a picture")
        try dir.write("larder.yml", """
            locales: [en]
            rules:
              image-exists: "off"
            content:
              - kind: card
                schema: kind.schema.json
                include: ["cards/*.json"]
                images: images
            exports:
              - \(export)

            """)
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 2 && r.whole.status == 2, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains("cannot copy the image 'gone.png' of card 'c2'"), "\(r.streamed.stderr)")
        #expect(r.streamed.stdout == r.whole.stdout)
        #expect(r.files == 0)
    }

    /// An `out` with a dot in its last segment is a folder for every exporter but the one
    /// that always writes one file (xcstrings), on both paths: the whole path made it a file
    /// whenever the export happened to hold one file (json-bundle without its manifest, one
    /// locale, one kind), the streamed path a folder.
    @Test func anOutWithADotIsAFolderWhateverTheContentHolds() throws {
        let dir = try Scratch()
        let project = dir.url.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("content"), withIntermediateDirectories: true)
        try Data(#"[{"id": "a", "name": "A", "ingredients": ["1 lime"]}]"#.utf8).write(to: project.appendingPathComponent("content/r.json"))
        try Data("""
            locales: [en]
            content:
              - kind: recipe
                include: ["content/*.json"]
            exports:
              - json-bundle: { out: dist/bundle.v2, manifest: false }
              - gettext: { out: dist/po.d }
              - xcstrings: { out: dist/ios/Content.xcstrings }

            """.utf8).write(to: project.appendingPathComponent("larder.yml"))
        let r = try buildBothWays(project)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.same)
        let snapshot = BuildCommandTests().snapshot(project.appendingPathComponent("dist"))
        #expect(Set(snapshot.keys.filter { !$0.hasSuffix(".larder-output") }) == ["bundle.v2/en/recipe.json", "po.d/en.po", "ios/Content.xcstrings"], "\(snapshot.keys)")
    }

    /// A taxonomy label whose resource name a document's text already took
    /// (`taxonomy.a-b-c` and `taxonomy-a.b.c`): the clash is found in `finish`, where the
    /// labels are written, and the build still takes the whole path.
    @Test func anAndroidNameClashFoundAtTheEndTakesTheWholePath() throws {
        let dir = try Scratch()
        let project = dir.url.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("c"), withIntermediateDirectories: true)
        try Data(#"[{"id": "b", "c": {"en": "Doc", "vi": "Doc vi"}}]"#.utf8).write(to: project.appendingPathComponent("c/x.json"))
        try Data(#"{"a-b-c": {"en": "Label", "vi": "Nhãn"}}"#.utf8).write(to: project.appendingPathComponent("c/tax.json"))
        try Data(#"{"type": "object"}"#.utf8).write(to: project.appendingPathComponent("s.json"))
        try Data("""
            locales: [en, vi]
            content:
              - kind: taxonomy-a
                schema: s.json
                include: ["c/x.json"]
              - kind: taxonomy
                include: ["c/tax.json"]
            exports:
              - android: { out: dist/res }

            """.utf8).write(to: project.appendingPathComponent("larder.yml"))
        let r = try buildBothWays(project)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stdout)\n\(r.whole.stdout)")
        #expect(r.streamed.stderr.contains("does not stream: two android resource names meet ('taxonomy_a_b_c')"), "\(r.streamed.stderr)")
        #expect(r.same)
    }

    /// Two keys that make one android resource name (`card.a-b.title`, `card.a_b.title`):
    /// the whole path adds a hash to the second in key order; the stream learns of the clash
    /// only when the second document comes, and hands the build to the whole path.
    @Test func androidNamesThatMeetTakeTheWholePath() throws {
        let dir = try Scratch()
        let project = dir.url.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("cards"), withIntermediateDirectories: true)
        try Data(#"[{"id": "a_b", "title": {"en": "One", "vi": "Một"}}, {"id": "a-b", "title": {"en": "Two", "vi": "Hai"}}]"#.utf8)
            .write(to: project.appendingPathComponent("cards/cards.json"))
        try Data("""
            locales: [en, vi]
            content:
              - kind: card
                schema: card.schema.json
                include: ["cards/*.json"]
            exports:
              - android: { out: dist/res }

            """.utf8).write(to: project.appendingPathComponent("larder.yml"))
        try Data(#"{"type": "object", "required": ["id"]}"#.utf8).write(to: project.appendingPathComponent("card.schema.json"))
        let r = try buildBothWays(project)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stdout)\n\(r.whole.stdout)")
        #expect(r.streamed.stderr.contains("does not stream: two android resource names meet"), "\(r.streamed.stderr)")
        #expect(r.same)
        let xml = try String(contentsOf: project.appendingPathComponent("dist/res/values/strings.xml"), encoding: .utf8)
        #expect(xml.contains(#"<string name="card_a_b_title_"#) && !xml.contains(#"<string name="card_a_b_title">"#), "\(xml)")
        #expect(r.streamed.stdout.contains("all make the Android resource name 'card_a_b_title'") || r.streamed.stderr.contains("all make the Android resource name 'card_a_b_title'"),
                "\(r.streamed.stdout)\(r.streamed.stderr)")
    }

    /// Ids that are Windows device names (`con`, `aux`, `nul`: Spanish and French words,
    /// valid slugs) are the ids of every string key, on both paths: an app builds
    /// `recipe.con.name` from the bundle's id, and a hash in the key (`recipe.con-1143da2b.name`)
    /// left it with no text. Only file names are kept from naming a device (jsonld's file per
    /// document).
    @Test func deviceNameIDsArePlainInKeysAndHashedInFileNames() throws {
        let dir = try Scratch()
        let project = dir.url.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("content"), withIntermediateDirectories: true)
        try Data(#"""
            [{"id": "con", "name": {"en": "Chili con carne", "es": "Chili con carne"}, "ingredients": ["500 g beef"], "steps": [{"en": "Cook.", "es": "Cocinar."}]},
             {"id": "aux", "name": {"en": "Eggs aux fines herbes", "es": "Huevos a las finas hierbas"}, "ingredients": ["2 eggs"], "steps": [{"en": "Beat.", "es": "Batir."}]},
             {"id": "nul", "name": {"en": "Nul", "es": "Nulo"}, "ingredients": ["1 egg"], "steps": [{"en": "Wait.", "es": "Esperar."}]},
             {"id": "tea", "name": {"en": "Tea", "es": "Té"}, "ingredients": ["1 tea bag"], "steps": [{"en": "Brew.", "es": "Infusionar."}]}]
            """#.utf8).write(to: project.appendingPathComponent("content/recipes.json"))
        try Data("""
            locales: [en, es]
            content:
              - kind: recipe
                include: ["content/*.json"]
            exports:
              - json-bundle: { out: dist/json }
              - xcstrings: { out: dist/ios/Content.xcstrings }
              - strings: { out: dist/apple }
              - android: { out: dist/android/res }
              - i18next: { out: dist/i18next }
              - gettext: { out: dist/po }
              - jsonld: { out: dist/jsonld }

            """.utf8).write(to: project.appendingPathComponent("larder.yml"))
        let r = try buildBothWays(project)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        #expect(r.same)
        func file(_ path: String) throws -> String {
            try String(contentsOf: project.appendingPathComponent("dist/" + path), encoding: .utf8)
        }
        let catalog = try file("ios/Content.xcstrings"), strings = try file("apple/es.lproj/Content.strings")
        let po = try file("po/es.po"), xml = try file("android/res/values-es/strings.xml")
        for id in ["con", "aux", "nul", "tea"] {
            #expect(catalog.contains("\"recipe.\(id).name\" : {"), "\(id)")
            #expect(strings.contains("\"recipe.\(id).name\" = "), "\(id)")
            #expect(po.contains("msgctxt \"recipe.\(id).name\""), "\(id)")
            #expect(xml.contains("<string name=\"recipe_\(id)_name\">"), "\(id)")
        }
        #expect(!(catalog + strings + po + xml).contains(SafeName.shortHash("con")), "a key holds the hash of 'con'")
        let i18next = try JSONSerialization.jsonObject(with: Data(try file("i18next/locales/es/recipe.json").utf8)) as? [String: Any]
        #expect(Set(i18next?.keys.map { $0 } ?? []) == ["con", "aux", "nul", "tea"], "\(i18next ?? [:])")
        #expect((i18next?["con"] as? [String: Any])?["name"] as? String == "Chili con carne")
        // File names still name no device.
        let jsonld = Set(BuildCommandTests().snapshot(project.appendingPathComponent("dist/jsonld/es/recipe")).keys)
        #expect(jsonld == ["con-\(SafeName.shortHash("con")).json", "aux-\(SafeName.shortHash("aux")).json", "nul-\(SafeName.shortHash("nul")).json", "tea.json"],
                "\(jsonld)")
    }

    @Test(arguments: ["cocktails", "saigon-photo-spots", "food-products", "portuguese-recipes", "card-war"])
    func anExampleBuildsTheSameStreamedAndWhole(_ app: String) throws {
        let dir = try BuildCommandTests().copy(app)
        let project = dir.url.appendingPathComponent(app)
        let config = project.appendingPathComponent("larder.yml")
        let text = Self.streamingConfig(try String(contentsOf: config, encoding: .utf8))
        try Data(text.utf8).write(to: config)
        let r = try buildBothWays(project)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        #expect(!r.whole.stderr.contains(Self.streamedLine))
        #expect(r.same)
        #expect(r.files > 3)
        #expect(r.streamed.stdout == r.whole.stdout)
    }

    /// A random project: recipes over several files with ids in no order (numbers before
    /// text: 9 < 10 < 1a), cards (a kind of the team's own) whose ids hold characters keys
    /// and file names cannot, a taxonomy, translations missing here and there.
    static func randomProject(seed: UInt64, in dir: Scratch) throws {
        var rng = SplitMix(seed: seed)
        func ids(_ words: [String], _ count: Int) -> [String] {
            var ids = Set<String>()
            while ids.count < count {
                let base = words[rng.below(words.count)] + (rng.below(3) == 0 ? "" : "-\(rng.below(100))")
                ids.insert(rng.below(7) == 0 ? String(rng.below(1000)) : base)
            }
            var order = Array(ids).sorted()
            order.shuffle(using: &rng)
            return order
        }
        // Recipes: ids as the recipe schema allows.
        var files: [[String]] = [[], [], [], []]
        for id in ids(["egg", "flour", "9", "10", "1a", "a-b", "z"], 40) { files[rng.below(files.count)].append(id) }
        for (f, list) in files.enumerated() {
            let docs = list.map { id -> String in
                let pt = rng.below(4) == 0 ? "" : #", "pt": "\#(id) pt""#
                let tag = ["quick", "slow", "vegan"][rng.below(3)]
                // Up to 12 steps and ingredients: `steps.10` comes before `steps.2` in a
                // String Catalog (code points), after it in a document (indices).
                let steps = (0..<(1 + rng.below(12))).map { #"{"en": "Mix \#(id) \#($0)", "de": "Mischen \#($0)"}"# }
                let ingredients = (0..<(1 + rng.below(12))).map { _ in
                    #"{"name": {"en": "egg"}, "quantity": \#(1 + rng.below(5)), "unit": "piece"}"#
                }
                return #"{"id": "\#(id)", "name": {"en": "\#(id)"\#(pt)}, "servings": \#(1 + rng.below(8)), "#
                    + #""ingredients": [\#(ingredients.joined(separator: ", "))], "#
                    + #""steps": [\#(steps.joined(separator: ", "))], "tags": ["\#(tag)"]}"#
            }
            try dir.write("content/r\(f).json", "[\n" + docs.joined(separator: ",\n") + "\n]\n")
        }
        // Cards: any id (numbers as JSON numbers too).
        var cards: [[String]] = [[], []]
        for id in ids(["Zoë's", "a/b", "ü", "cafe\u{301}", "\"q\"", "tab\there", "x.y", "..", "7"], 24) { cards[rng.below(2)].append(id) }
        for (f, list) in cards.enumerated() {
            let docs = list.map { id -> String in
                let idJSON = Int(id) != nil && rng.below(2) == 0 ? id : "\"\(json(id))\""
                let vi = rng.below(3) == 0 ? "" : #", "vi": "\#(json(id)) vi""#
                // Some cards count in plural forms (100% on one: not a format).
                let count = [
                    "", #", "count": {"en": {"one": "%d card", "other": "%d cards"}, "vi": "%d lá"}"#,
                    #", "count": {"en": {"one": "one card", "other": "100% of %d cards"}}"#,
                ][rng.below(3)]
                // Tags by the schema: labelled in the bundle as a recipe's.
                let tags = [[], ["quick"], ["vegan", "slow"]][rng.below(3)].map { "\"\($0)\"" }.joined(separator: ", ")
                return #"{"id": \#(idJSON), "title": {"en": "\#(json(id))"\#(vi)}, "power": \#(rng.below(10)), "tags": [\#(tags)]\#(count)}"#
            }
            try dir.write("cards/c\(f).json", "[\n" + docs.joined(separator: ",\n") + "\n]\n")
        }
        try dir.write("card.schema.json", #"{"type": "object", "properties": {"tags": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/tags"}}}"#)
        // `vegan` has a label in pt alone: the tag itself is its label in en and de.
        try dir.write("content/taxonomy.json", #"{"quick": {"en": "Quick", "pt": "Rápido"}, "slow": {"en": "Slow"}, "vegan": {"pt": "Vegano"}}"#)
        // pt-BR takes the content's pt through CLDR's parents (and i18next ships pt besides).
        try dir.write("larder.yml", """
            locales: [en, pt-BR, de]
            content:
              - kind: recipe
                include: ["content/r*.json"]
              - kind: card
                schema: card.schema.json
                include: ["cards/*.json"]
              - kind: taxonomy
                include: ["content/taxonomy.json"]
            transforms:
              - scale: { servings: 4 }
            exports:
              - json-bundle: { out: dist/json }
              - xcstrings: { out: dist/ios/Content.xcstrings }
              - jsonld: { out: dist/jsonld, baseURL: "https://example.com" }
              - android: { out: dist/android/res }
              - gettext: { out: dist/po, project: random }
              - i18next: { out: dist/i18next }
              - strings: { out: dist/strings, table: Texts }

            """)
    }

    static func recipe(_ id: String) -> String {
        #"{"id": "\#(id)", "name": {"en": "\#(id)", "pt": "\#(id)", "de": "\#(id)"}, "servings": 2, "ingredients": [{"name": {"en": "egg", "pt": "ovo", "de": "Ei"}, "quantity": 1, "unit": "piece"}], "steps": [{"en": "Mix", "pt": "Misture", "de": "Mischen"}]}"#
    }

    static func json(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\t", with: "\\t")
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func aRandomProjectBuildsTheSameStreamedAndWhole(_ seed: UInt64) throws {
        let dir = try Scratch()
        let project = dir.url.appendingPathComponent("p")
        let inner = try Scratch()
        try Self.randomProject(seed: seed, in: inner)
        try FileManager.default.copyItem(at: inner.url, to: project)
        let r = try buildBothWays(project)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        // The trace names each streamed step, the content-wide check among them.
        #expect(r.streamed.stderr.contains("[trace] check across files starts at"), "\(r.streamed.stderr)")
        #expect(r.same)
        #expect(r.streamed.stdout == r.whole.stdout)
    }

    @Test func contentErrorsLandNothingAndReportTheSame() throws {
        let dir = try Scratch()
        try Self.randomProject(seed: 7, in: dir)
        try dir.write("content/r9.json", #"[{"id": "bad", "name": {"en": ""}, "servings": -2, "ingredients": [], "steps": ["x"]}, {"id": "egg"}]"#)
        let r = try buildBothWays(dir.url, format: "human")
        #expect(r.streamed.status == 1 && r.whole.status == 1)
        #expect(r.streamed.stderr.contains(Self.streamedLine))
        #expect(r.streamed.stdout == r.whole.stdout)
        #expect(r.streamed.stdout.contains("content/r9.json:1:") && r.streamed.stdout.contains("[schema]"), "\(r.streamed.stdout)")
        #expect(r.files == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
        #expect(!names.contains { $0.hasPrefix(".larder-staging-") || $0 == "dist" })
    }

    /// A transform's error (an energy convert cannot convert) landed the streamed build's
    /// output with that recipe unconverted, exit 0, while the whole path landed nothing;
    /// `build --check` then passed over it.
    @Test func aTransformErrorLandsNothingEitherWay() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en, es]
            content: [{kind: recipe, include: ["content/*.json"]}]
            transforms:
              - scale: { servings: 3 }
              - convert: { units: metric, energy: kJ }
            exports:
              - json-bundle: { out: dist/json }

            """)
        try dir.write("content/r.json", #"[{"id": "big", "name": {"en": "Big", "es": "Grande"}, "servings": 2, "nutrition": {"per": "serving", "energy": {"value": 3e18, "unit": "kcal"}}, "ingredients": [{"name": {"en": "water", "es": "agua"}, "quantity": 1, "unit": "cup"}], "steps": [{"en": "Mix.", "es": "Mezclar."}]}]"#)
        let r = try buildBothWays(dir.url, format: "human")
        #expect(r.streamed.status == 1 && r.whole.status == 1, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "\(r.streamed.stderr)")
        for run in [r.streamed, r.whole] {
            #expect(run.stdout.contains("[convert]") && run.stderr.contains("the build steps reported errors; nothing was built"), "\(run.stdout)\(run.stderr)")
        }
        #expect(r.files == 0)
    }

    @Test func twoDocumentsWithOneIdFailTheSameWayWhenUniqueIDIsOff() throws {
        let dir = try Scratch()
        try Self.randomProject(seed: 8, in: dir)
        try dir.write("content/r8.json", "[\(Self.recipe("dup")), \(Self.recipe("other"))]")
        try dir.write("content/r9.json", "[\(Self.recipe("dup"))]")
        let config = dir.url.appendingPathComponent("larder.yml")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "transforms:", with: "rules:\n  unique-id: \"off\"\ntransforms:")
        try Data(text.utf8).write(to: config)
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 2 && r.whole.status == 2)
        // The stream hands a repeated id to the whole path, which names both places.
        let message = try #require(r.whole.stderr.firstRange(of: #/two recipe documents have the id 'dup' \(at content/r8\.json:\d+:\d+ and content/r9\.json:\d+:\d+\)/#),
                                   "\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(String(r.whole.stderr[message])), "\(r.streamed.stderr)")
        #expect(r.files == 0)
    }

    /// Two locales with one gettext name (`sr-Latn` and `sr-latin` are both `sr@latin`):
    /// the streamed build wrote one PO file holding both, two headers and every entry
    /// twice (msgfmt refuses it), and exited 0, where the whole path refused the build.
    /// Both refuse it now, naming both locales, with nothing written.
    @Test func twoLocalesWithOnePOFileFailTheSameWayBothWays() throws {
        let dir = try Scratch()
        try dir.write("schemas/msg.schema.json", #"{"type": "object", "required": ["id", "text"], "properties": {"id": {"type": "string"}, "text": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"}}}"#)
        try dir.write("content/msgs.json", #"[{"id": "hello", "text": {"en": "Hello", "sr-Latn": "Zdravo", "sr-latin": "Ćao"}}]"#)
        try dir.write("larder.yml", """
            locales: [en, sr-Latn, sr-latin]
            content:
              - kind: msg
                schema: schemas/msg.schema.json
                include: ["content/msgs.json"]
            exports:
              - gettext: { out: dist/po }

            """)
        let r = try buildBothWays(dir.url, format: "human")
        #expect(r.streamed.status == 2 && r.whole.status == 2, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        // A mistake of the export's step in larder.yml, found before anything runs.
        #expect(r.whole.stdout.contains("error: exports[0]: gettext: the locales sr-Latn and sr-latin both map to sr@latin.po"), "\(r.whole.stdout)")
        #expect(r.streamed.stdout == r.whole.stdout)
        #expect(r.files == 0)
    }

    /// Apple's readers show a key with no value in the development language as the key: a
    /// `.strings` export (or String Catalog) of `locales: [fr]` had no English table, and
    /// English readers saw `recipe.a.name`. The source language is written both ways, as
    /// android's `values/` is.
    @Test func appleFormatsHoldTheSourceLanguageWhateverLocalesSays() throws {
        let dir = try Scratch()
        try dir.write("content/r.json", #"[{"id": "a", "name": {"en": "Milk", "fr": "Lait"}, "ingredients": ["1 l milk"]}]"#)
        try dir.write("larder.yml", """
            locales: [en, fr]
            content:
              - kind: recipe
                include: ["content/*.json"]
            exports:
              - strings: { out: dist/strings, locales: [fr] }
              - xcstrings: { out: dist/ios/Content.xcstrings, locales: [fr] }
              - android: { out: dist/res, locales: [fr] }

            """)
        let r = try buildBothWays(dir.url, format: "human")
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stdout)\(r.streamed.stderr)")
        #expect(r.same)
        #expect(r.streamed.stderr.contains(Self.streamedLine), "\(r.streamed.stderr)")
        let english = try String(contentsOf: dir.url.appendingPathComponent("dist/strings/en.lproj/Content.strings"), encoding: .utf8)
        #expect(english.contains("\"recipe.a.name\" = \"Milk\";"), "\(english)")
        let french = try String(contentsOf: dir.url.appendingPathComponent("dist/strings/fr.lproj/Content.strings"), encoding: .utf8)
        #expect(french.contains("\"recipe.a.name\" = \"Lait\";"), "\(french)")
        let catalog = try String(contentsOf: dir.url.appendingPathComponent("dist/ios/Content.xcstrings"), encoding: .utf8)
        #expect(catalog.contains("\"en\" : {") && catalog.contains("\"value\" : \"Milk\""), "\(catalog)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist/res/values/strings.xml").path))
    }

    /// "café" written precomposed in one file and with a combining accent in another is one
    /// id (to unique-id and to every app), but two file ids: both were exported, two users
    /// that show as one. (A recipe's schema takes no such id; a team's kind may.)
    @Test func oneIdInTwoUnicodeFormsFailsTheSameWayWhenUniqueIDIsOff() throws {
        let dir = try Scratch()
        try Self.randomProject(seed: 8, in: dir)
        try dir.write("content/r8.json", "[\(Self.recipe("caf\\u00e9")), \(Self.recipe("other"))]")
        try dir.write("content/r9.json", "[\(Self.recipe("cafe\\u0301"))]")
        let config = dir.url.appendingPathComponent("larder.yml")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "transforms:", with: "rules:\n  unique-id: \"off\"\n  schema: \"off\"\ntransforms:")
        try Data(text.utf8).write(to: config)
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 2 && r.whole.status == 2, "\(r.streamed.stdout)\n\(r.whole.stderr)")
        let message = try #require(r.whole.stderr.firstRange(of: #/two recipe documents have the id 'caf.+', written in two Unicode forms \(one with a combining accent\) \(at content/r8\.json:\d+:\d+ and content/r9\.json:\d+:\d+\)/#),
                                   "\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(String(r.whole.stderr[message])), "\(r.streamed.stderr)")
        #expect(r.files == 0)
    }

    @Test func aDocumentWithoutAnIdMakesTheBuildTakeTheWholePath() throws {
        let dir = try Scratch()
        try Self.randomProject(seed: 9, in: dir)
        let config = dir.url.appendingPathComponent("larder.yml")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "  - kind: taxonomy", with: "  - kind: note\n    include: [\"notes/*.json\"]\n    schema: note.schema.json\n  - kind: taxonomy")
        try Data(text.utf8).write(to: config)
        try dir.write("note.schema.json", #"{"type": "object"}"#)
        try dir.write("notes/a.json", #"[{"title": {"en": "First"}}, {"title": {"en": "Second"}}]"#)
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 0, "\(r.streamed.stderr)")
        #expect(r.streamed.stderr.contains("does not stream: a note document of notes/a.json has no id"), "\(r.streamed.stderr)")
        #expect(r.same)
        #expect(r.streamed.stdout == r.whole.stdout)
    }

    /// Content errors come first on both paths: an export that cannot start (an `out`
    /// folder Larder did not write) must not hide them, nor change the exit status (1, not
    /// 2). An unknown option, and two exports writing to one place, are mistakes of
    /// larder.yml, reported with them (status 2, as lint gives).
    @Test(arguments: ["unknown option", "same out", "foreign folder"])
    func contentErrorsComeBeforeAnExportThatCannotStart(_ problem: String) throws {
        let dir = try Scratch()
        try Self.randomProject(seed: 10, in: dir)
        try dir.write("content/r9.json", #"[{"id": "bad"}]"#)
        let config = dir.url.appendingPathComponent("larder.yml")
        var text = try String(contentsOf: config, encoding: .utf8)
        switch problem {
        case "unknown option": text = text.replacingOccurrences(of: "{ out: dist/json }", with: "{ out: dist/json, bogus: 1 }")
        case "same out": text = text.replacingOccurrences(of: "{ out: dist/ios/Content.xcstrings }", with: "{ out: dist/json }")
        default: try dir.write("dist/json/mine.txt", "not Larder's")
        }
        try Data(text.utf8).write(to: config)
        let r = try buildBothWays(dir.url, format: "human")
        #expect(r.whole.status == (problem == "foreign folder" ? 1 : 2), "\(r.whole.stderr)")
        if problem == "unknown option" { #expect(r.whole.stdout.contains("json-bundle: unknown option 'bogus'"), "\(r.whole.stdout)") }
        if problem == "same out" { #expect(r.whole.stdout.contains("writes to 'dist/json' too"), "\(r.whole.stdout)") }
        #expect(r.streamed.status == r.whole.status, "\(r.streamed.stderr)")
        #expect(r.streamed.stdout == r.whole.stdout)
        #expect(r.streamed.stdout.contains("content/r9.json:1:"), "\(r.streamed.stdout)")
    }

    /// A text at the root of a document (`texts: { card: [""] }`) has the document's own key
    /// (`card.x`), which Xcode's order puts before `card.x-1`, and the keys of `card.x`'s
    /// fields (`card.x.title`) after it: documents' strings interleave, so such a build does
    /// not stream.
    /// A text with a placeholder is formatted by the app, so its literal `%` is written
    /// `%%` by every exporter that writes a format, streamed or not: Android did, Apple's
    /// formats and gettext did only for plural forms, and printf read the "% o" of "50% off"
    /// as a directive ("3 items, 50115ff"). A text without a placeholder keeps its `%`.
    @Test func aLiteralPercentIsDoubledInEveryFormatWhereTheAppFormatsTheText() throws {
        let dir = try Scratch()
        try dir.write("card.schema.json", #"{"type": "object", "properties": {"id": {"type": "string"}, "title": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"}, "tip": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"}}}"#)
        try dir.write("cards/a.json", #"[{"id": "sale", "title": {"en": "%d items, 50% off", "fr": "%d articles, 50 % de remise"}, "tip": {"en": "100% cotton", "fr": "100 % coton"}}]"#)
        try dir.write("larder.yml", """
            locales: [en, fr]
            content:
              - kind: card
                schema: card.schema.json
                include: ["cards/*.json"]
            exports:
              - xcstrings: { out: dist/ios/Content.xcstrings }
              - strings: { out: dist/strings }
              - gettext: { out: dist/po }
              - android: { out: dist/android/res }

            """)
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stdout)\(r.streamed.stderr)")
        #expect(r.same)
        func read(_ path: String) throws -> String {
            String(decoding: try Data(contentsOf: dir.url.appendingPathComponent(path)), as: UTF8.self)
        }
        let catalog = try read("dist/ios/Content.xcstrings")
        #expect(catalog.contains(#""value" : "%d items, 50%% off""#) && catalog.contains(#""value" : "%d articles, 50 %% de remise""#), "\(catalog)")
        #expect(catalog.contains(#""value" : "100% cotton""#), "\(catalog)")
        let strings = try read("dist/strings/fr.lproj/Content.strings")
        #expect(strings.contains(#""card.sale.title" = "%d articles, 50 %% de remise";"#) && strings.contains(#""card.sale.tip" = "100 % coton";"#), "\(strings)")
        let po = try read("dist/po/fr.po")
        #expect(po.contains("msgid \"%d items, 50%% off\"\nmsgstr \"%d articles, 50 %% de remise\""), "\(po)")
        #expect(po.contains("msgid \"100% cotton\"\nmsgstr \"100 % coton\""), "\(po)")
        let xml = try read("dist/android/res/values-fr/strings.xml")
        #expect(xml.contains("%d articles, 50 %% de remise</string>"), "\(xml)")
    }

    /// A tag whose taxonomy labels it in neither the page's language (nor its CLDR
    /// ancestors) nor the source language shows the tag itself, streamed or whole, in every
    /// export (it showed the label of another language: "Vegano" on the English page).
    @Test func aTagLabelledOnlyInAnotherLanguageShowsTheTagBothWays() throws {
        let dir = try Scratch()
        try dir.write("content/recipes.json", #"[{"id": "soup", "name": {"en": "Soup", "pt-BR": "Sopa", "vi": "Canh"}, "ingredients": [{"name": {"en": "water", "pt-BR": "água", "vi": "nước"}}], "category": "vegan", "tags": ["vegan", "quick"]}]"#)
        try dir.write("content/taxonomy.json", #"{"vegan": {"pt": "Vegano"}, "quick": {"en": "Quick", "pt": "Rápido"}}"#)
        try dir.write("larder.yml", Self.streamingConfig("""
            locales: [en, pt-BR, vi]
            content:
              - kind: recipe
                include: ["content/recipes.json"]
              - kind: taxonomy
                include: ["content/taxonomy.json"]
            exports:
              - json-bundle
            """))
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        #expect(r.same)
        #expect(r.streamed.stdout == r.whole.stdout)
        func read(_ path: String) throws -> String {
            String(decoding: try Data(contentsOf: dir.url.appendingPathComponent(path)), as: UTF8.self)
        }
        let bundle = try read("dist/json/en/recipe.json")
        #expect(bundle.contains("\"tag\": \"vegan\",\n        \"label\": \"vegan\"") && !bundle.contains("Vegano"), "\(bundle)")
        #expect(try read("dist/json/pt-BR/recipe.json").contains("\"label\": \"Vegano\""))
        let jsonld = try read("dist/jsonld/en/recipe/soup.json")
        #expect(jsonld.contains("\"keywords\": \"vegan, Quick\"") && jsonld.contains("\"recipeCategory\": \"vegan\""), "\(jsonld)")
        #expect(try read("dist/po/vi.po").contains("msgctxt \"taxonomy.vegan\"\nmsgid \"vegan\"\nmsgstr \"vegan\"\n"))
    }

    /// A team kind's fields that its schema declares tags (refers to Larder's `category`,
    /// `tags`, `taxonomyTags`) are labelled in the JSON bundle as a recipe's, streamed or
    /// whole. They were written as plain strings.
    @Test func aTeamKindsSchemaTagsAreLabelledBothWays() throws {
        let dir = try Scratch()
        let common = "https://larder.dev/schemas/common.schema.json#/$defs/"
        try dir.write("card.schema.json", #"""
            {"type": "object", "properties": {"id": {"type": "string"}, "title": {"$ref": "\#(common)localizedText"},
             "category": {"$ref": "\#(common)category"}, "tags": {"$ref": "\#(common)tags"}, "labels": {"$ref": "\#(common)taxonomyTags"},
             "note": {"type": "string"}}}
            """#)
        try dir.write("cards/a.json", #"[{"id": "ace", "title": {"en": "Ace", "pt-BR": "Ás"}, "category": "classic", "tags": ["quick", "rare"], "labels": ["en:gold"], "note": "quick"}]"#)
        try dir.write("tags.json", #"{"classic": {"en": "Classic", "pt": "Clássico"}, "quick": {"en": "Quick", "pt": "Rápido"}, "rare": {"en": "Rare"}, "en:gold": {"en": "Gold"}}"#)
        try dir.write("larder.yml", Self.streamingConfig("""
            locales: [en, pt-BR]
            content:
              - kind: card
                schema: card.schema.json
                include: ["cards/*.json"]
              - kind: taxonomy
                include: ["tags.json"]
            exports:
              - json-bundle
            """))
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        #expect(r.same)
        #expect(r.streamed.stdout == r.whole.stdout)
        let data = try Data(contentsOf: dir.url.appendingPathComponent("dist/json/pt-BR/card.json"))
        let card = try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
        #expect(card["category"] as? [String: String] == ["tag": "classic", "label": "Clássico"], "\(card)")
        #expect(card["tags"] as? [[String: String]] == [["tag": "quick", "label": "Rápido"], ["tag": "rare", "label": "Rare"]])
        #expect(card["labels"] as? [[String: String]] == [["tag": "en:gold", "label": "Gold"]])
        #expect(card["note"] as? String == "quick" && card["title"] as? String == "Ás")
    }

    /// Builds `dir` (cards/*.json and badges/*.json of a kind with a localized title each,
    /// tags.json a taxonomy) to i18next both ways, with `option` added to the export, and
    /// checks it streamed with the whole path's bytes and report.
    func i18nextBothWays(_ dir: Scratch, option: String = "") throws -> (streamed: CLI.Result, whole: CLI.Result, same: Bool, files: Int) {
        try dir.write("card.schema.json", #"{"type": "object", "properties": {"id": {"type": "string"}, "title": {"$ref": "https://larder.dev/schemas/common.schema.json#/$defs/localizedText"}}}"#)
        try dir.write("larder.yml", """
            locales: [en, fr]
            content:
              - kind: card
                schema: card.schema.json
                include: ["cards/*.json"]
              - kind: badge
                schema: card.schema.json
                include: ["badges/*.json"]
              - kind: taxonomy
                include: ["tags.json"]
            exports:
              - i18next: { out: dist/i18next\(option) }

            """)
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stdout)\(r.streamed.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        #expect(r.same)
        #expect(r.streamed.stdout == r.whole.stdout)
        return r
    }

    /// A text with a printf directive gets i18next's warning on both paths, and the build
    /// still streams (the warning comes from the stream, not from a fall back to the whole
    /// path, which holds every document); with `printf: sprintf` the texts are written for
    /// sprintf-js alike both ways.
    @Test(arguments: ["", ", printf: sprintf"])
    func anI18nextPrintfTextStreamsWithItsWarning(_ option: String) throws {
        let dir = try Scratch()
        try dir.write("cards/b.json", #"[{"id": "z", "title": {"en": "%@ won %ld games, 50% off", "fr": "%@ a gagné %ld parties"}}, {"id": "b", "title": {"en": "Win %d", "fr": "Gagnez %d"}}]"#)
        try dir.write("cards/a.json", #"[{"id": "y", "title": {"en": "Plain", "fr": "Simple"}}]"#)
        // A second kind, and a taxonomy whose label holds one: a warning of each kind, in
        // the whole path's order.
        try dir.write("badges/b.json", #"[{"id": "w", "title": {"en": "%1$@ wins", "fr": "%1$@ gagne"}}]"#)
        try dir.write("tags.json", #"{"hot": {"en": "%d%% hot", "fr": "%d%% chaud"}}"#)
        let r = try i18nextBothWays(dir, option: option)
        let en = String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("dist/i18next/locales/en/card.json")), as: UTF8.self)
        if option.isEmpty {
            // The first text in key order of each kind (`b`, in the second file's second
            // document), the taxonomy's too.
            let warnings = r.streamed.stdout.components(separatedBy: "holds the printf directive").count - 1
            #expect(warnings == 3, "\(r.streamed.stdout)")
            #expect(r.streamed.stdout.contains("the text of 'b.title' holds the printf directive '%d'"), "\(r.streamed.stdout)")
            #expect(r.streamed.stdout.contains("the text of 'w.title' holds the printf directive '%1$@'"), "\(r.streamed.stdout)")
            #expect(r.streamed.stdout.contains("the text of 'hot' holds the printf directive '%d'"), "\(r.streamed.stdout)")
            #expect(en.contains(#""title": "%@ won %ld games, 50% off""#), "\(en)")
        } else {
            #expect(!r.streamed.stdout.contains("printf directive"), "\(r.streamed.stdout)")
            #expect(en.contains(#""title": "%s won %d games, 50%% off""#), "\(en)")
        }
    }

    /// A key with a ':' and a text holding '$t(' get i18next's warnings from the stream too:
    /// such content handed the build to the whole-content path, which holds every document.
    @Test func i18nextsColonAndNestingWarningsStream() throws {
        let dir = try Scratch()
        try dir.write("cards/a.json", #"[{"id": "z:1", "title": {"en": "Use $t(menu)", "fr": "Voir $t(menu)"}}, {"id": "b:2", "title": {"en": "Two", "fr": "Deux"}}, {"id": "c", "title": {"en": "See $t(x)", "fr": "Voir"}}]"#)
        try dir.write("badges/b.json", #"[{"id": "w", "title": {"en": "Wins $t(n)", "fr": "Gagne"}}]"#)
        try dir.write("tags.json", #"{"en:hot": {"en": "$t(hot)", "fr": "Chaud"}}"#)
        let r = try i18nextBothWays(dir)
        // The first key in key order with a ':' (b:2 before z:1); the first text of each
        // kind holding '$t(' (c before z:1 in key order), the taxonomy's label too.
        #expect(r.streamed.stdout.contains("the key 'b:2.title' has a ':'"), "\(r.streamed.stdout)")
        #expect(!r.streamed.stdout.contains("the key 'z:1.title'"), "\(r.streamed.stdout)")
        #expect(r.streamed.stdout.contains("the text of 'c.title' holds '$t('"), "\(r.streamed.stdout)")
        #expect(r.streamed.stdout.contains("the text of 'w.title' holds '$t('"), "\(r.streamed.stdout)")
        #expect(r.streamed.stdout.contains("the text of 'en:hot' holds '$t('"), "\(r.streamed.stdout)")
    }

    @Test func aTextAtTheRootOfADocumentIsInKeyOrder() throws {
        let dir = try Scratch()
        try dir.write("card.schema.json", #"{"type": "object"}"#)
        try dir.write("cards/a.json", #"[{"en": "x", "pt": "xp"}, {"en": "x-1", "pt": "y"}]"#)
        try dir.write("larder.yml", """
            locales: [en, pt]
            content:
              - kind: card
                schema: card.schema.json
                include: ["cards/*.json"]
            exports:
              - xcstrings: { out: dist/C.xcstrings, texts: { card: [""] }, ids: { card: /en } }

            """)
        let r = try buildBothWays(dir.url)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        // The build takes the whole path for such a document, and says so.
        #expect(r.streamed.stderr.contains("does not stream: a card document of cards/a.json is itself a text"), "\(r.streamed.stderr)")
        #expect(r.same)
    }
}

extension StreamedBuildTests {
    /// A streamed attempt that falls back has its own line in the trace, with its time and
    /// why; the whole path's load follows on a line of its own. The attempt (which may
    /// have read, linted and rendered most of the content) was counted as the load's time.
    @Test func aStreamedAttemptThatFallsBackIsTracedAsItsOwn() throws {
        let dir = try Scratch()
        try dir.write("cards/cards.json", #"[{"id": "a_b", "title": {"en": "One", "vi": "Một"}}, {"id": "a-b", "title": {"en": "Two", "vi": "Hai"}}]"#)
        try dir.write("card.schema.json", #"{"type": "object", "required": ["id"]}"#)
        try dir.write("larder.yml", """
            locales: [en, vi]
            content:
              - kind: card
                schema: card.schema.json
                include: ["cards/*.json"]
            exports:
              - android: { out: dist/res }

            """)
        let r = try CLI.run(["build"], in: dir.url, environment: Self.trace)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let marks = r.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("[trace] ") && $0.contains(" ms in all): ") }
        let phases = marks.map { String($0[$0.range(of: " ms in all): ")!.upperBound...]) }
        #expect(phases.prefix(2) == ["streamed attempt (fell back, the build does not stream: two android resource names meet ('card_a_b_title'))", "load 1 file"],
                "\(r.stderr)")
        // Without an attempt, no time is given to one.
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("dist"))
        let whole = try CLI.run(["build", "--no-stream"], in: dir.url, environment: Self.trace)
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        #expect(whole.stderr.contains("[trace] the build does not stream: --no-stream\n"), "\(whole.stderr)")
        #expect(!whole.stderr.contains("streamed attempt"), "\(whole.stderr)")
        // Nor when the config alone tells that the build cannot stream (a lint plugin):
        // nothing was attempted, and the line says only why.
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("dist"))
        try dir.write("larder.yml", """
            locales: [en, vi]
            content:
              - kind: card
                schema: card.schema.json
                include: ["cards/*.json"]
            plugins:
              - id: noop
                stage: lint
                command: [sh, -c, "cat > /dev/null; echo '{}'"]
            exports:
              - android: { out: dist/res }

            """)
        let checked = try CLI.run(["build"], in: dir.url, environment: Self.trace)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        let checkedPhases = checked.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("[trace] ") && $0.contains(" ms in all): ") }
            .map { String($0[$0.range(of: " ms in all): ")!.upperBound...]) }
        #expect(checkedPhases.prefix(2) == ["the build does not stream: an external lint plugin is in force", "load 1 file"], "\(checked.stderr)")
    }
}

extension StreamedBuildTests {
    /// Android's legacy folders (`values-iw` beside `values-he`, `values-in` beside
    /// `values-id`) are written streamed as on the whole path, byte for byte.
    @Test func androidLegacyFoldersStream() throws {
        let dir = try Scratch()
        try dir.write("p/cards/cards.json", #"[{"id": "b", "title": {"en": "Two", "he": "שתיים", "id": "Dua"}}, {"id": "a", "title": {"en": "One", "he": "אחת", "he-IL": "אחת!", "id": "Satu"}}]"#)
        try dir.write("p/card.schema.json", #"{"type": "object", "required": ["id"]}"#)
        try dir.write("p/larder.yml", """
            locales: [en, he, he-IL, id]
            content:
              - kind: card
                schema: card.schema.json
                include: ["cards/*.json"]
            exports:
              - android: { out: dist/res }

            """)
        let project = dir.url.appendingPathComponent("p")
        let r = try buildBothWays(project)
        #expect(r.streamed.status == 0 && r.whole.status == 0, "\(r.streamed.stderr)\n\(r.whole.stderr)")
        #expect(r.streamed.stderr.contains(Self.streamedLine), "the build did not stream: \(r.streamed.stderr)")
        #expect(r.same)
        let res = project.appendingPathComponent("dist/res")
        for (modern, legacy) in [("he", "iw"), ("he-rIL", "iw-rIL"), ("id", "in")] {
            let file = try Data(contentsOf: res.appendingPathComponent("values-\(modern)/strings.xml"))
            #expect(try Data(contentsOf: res.appendingPathComponent("values-\(legacy)/strings.xml")) == file, "\(legacy)")
        }
    }
}

/// A small deterministic random generator for test data.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
