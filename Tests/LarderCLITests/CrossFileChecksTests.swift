import Foundation
import Testing

/// The content-wide checks end to end, as a commit hook runs them: what other files point
/// to (`reference`) and what they define (`unique-tag`), with and without the lint cache,
/// on the working tree and on git's index.
@Suite struct CrossFileChecksTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    static let config = """
        locales: [en]
        content:
          - kind: recipe
            include: ["content/drinks.json"]
          - kind: location
            include: ["content/shops.json"]
          - kind: taxonomy
            include: ["content/taxonomy*.json"]
        """

    static let drink = #"[{"id": "negroni", "name": "Negroni", "category": "no-such-category", "ingredients": ["30 ml gin"], "shops": ["no-such-shop"]}]"#

    /// A project whose location and taxonomy files hold nothing checked nothing: every
    /// reference to those kinds is broken, and each is reported.
    @Test func referencesAreCheckedWhenTheDeclaredKindHoldsNoDocument() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", Self.config)
        try dir.write("content/drinks.json", Self.drink)
        try dir.write("content/shops.json", "[]")
        try dir.write("content/taxonomy.json", "[]")
        for cache in [["--no-cache"], [], []] {
            let r = try CLI.run(["lint", "--format", "xcode"] + cache, in: dir.url)
            #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("drinks.json:1:111: error: shop 'no-such-shop' is not the id of any location of the project, which has none"), "\(r.stdout)")
            #expect(r.stdout.contains("drinks.json:1:51: error: category 'no-such-category' is not in any taxonomy"), "\(r.stdout)")
        }
        // The same when the files are gone altogether.
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("content/shops.json"))
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("content/taxonomy.json"))
        let gone = try CLI.run(["lint", "--format", "xcode", "content/drinks.json"], in: dir.url)
        #expect(gone.status == 1, "\(gone.stdout)\(gone.stderr)")
        #expect(gone.stdout.contains("shop 'no-such-shop' is not the id of any location"), "\(gone.stdout)")
        #expect(gone.stdout.contains("category 'no-such-category' is not in any taxonomy"), "\(gone.stdout)")
    }

    /// In the cocktails example, `git rm content/shops.json` passed the hook, leaving 17
    /// drinks pointing to shops that do not exist.
    @Test func aCommitThatRemovesTheShopsFails() throws {
        let dir = try Scratch()
        let app = dir.url.appendingPathComponent("cocktails")
        try FileManager.default.copyItem(at: Self.examples.appendingPathComponent("cocktails"), to: app)
        try? FileManager.default.removeItem(at: app.appendingPathComponent("dist"))
        try? FileManager.default.removeItem(at: app.appendingPathComponent(".larder-cache"))
        try git(["init", "-q"], in: app)
        try git(["add", "."], in: app)
        let clean = try CLI.run(["lint", "--staged"], in: app)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        try git(["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-qm", "start"], in: app)
        try git(["rm", "-q", "content/shops.json"], in: app)
        let r = try CLI.run(["lint", "--staged", "--format", "xcode"], in: app)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("content/drinks.json:"), "\(r.stdout)")
        #expect(r.stdout.contains("is not the id of any location of the project, which has none"), "\(r.stdout)")
    }

    /// A tag defined in two taxonomy files: the build kept the last labels without a word.
    /// Reported wherever the run reports, from the cache's facts of the other file too.
    @Test func aTagDefinedTwiceIsReportedInEitherFile() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", Self.config)
        try dir.write("content/drinks.json", #"[{"id": "mai-tai", "name": "Mai tai", "category": "classic", "ingredients": ["40 ml rum"]}]"#)
        try dir.write("content/shops.json", "[]")
        try dir.write("content/taxonomy.json", #"{"classic": {"en": "Classic"}}"#)
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        #expect(try CLI.run(["lint", "--staged"], in: dir.url).status == 0)
        try dir.write("content/taxonomy2.json", #"{"tiki": {"en": "Tiki"}, "classic": {"en": "Tiki"}}"#)
        try git(["add", "content/taxonomy2.json"], in: dir.url)
        let second = "content/taxonomy2.json:1:26: error: tag 'classic' is already defined by the taxonomy at content/taxonomy.json:1:2"
        for run in [["--staged"], ["--staged"], ["--no-cache"], []] {
            let r = try CLI.run(["lint", "--format", "xcode", "content/taxonomy2.json"] + run, in: dir.url)
            #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains(second), "\(r.stdout)")
            #expect(r.stdout.contains("the exports keep only this one's labels"), "\(r.stdout)")
        }
        // Only the first definition's file reported on: the tag is reported there.
        let first = try CLI.run(["lint", "--format", "xcode", "content/taxonomy.json"], in: dir.url)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("content/taxonomy.json:1:2: error: tag 'classic' is defined again by the taxonomy at content/taxonomy2.json:1:26"), "\(first.stdout)")
    }

    /// A team kind's fields that its schema marks as taxonomy tags are labelled by the JSON
    /// bundle, but `reference` checked only a recipe's, a location's and a product's: a
    /// misspelt tag was exported with no label and no word. Now it is reported as a
    /// recipe's is, at its line and column, in every way lint runs, and stops the build.
    @Test func aTeamKindsSchemaTagsAreCheckedLikeARecipes() throws {
        let dir = try Scratch()
        let common = "https://larder.dev/schemas/common.schema.json#/$defs/"
        try dir.write("larder.yml", """
            locales: [en]
            content:
              - kind: card
                schema: card.schema.json
                include: ["cards/*.json"]
              - kind: taxonomy
                include: ["tags.json"]
            exports:
              - json-bundle
            """)
        try dir.write("card.schema.json", #"""
            {"type": "object", "properties": {"id": {"type": "string"}, "category": {"$ref": "\#(common)category"},
             "tags": {"$ref": "\#(common)tags"}, "note": {"type": "string"}, "words": {"type": "array", "items": {"type": "string"}}}}
            """#)
        try dir.write("cards/a.json", """
            [
              {
                "id": "ace",
                "category": "clasic",
                "tags": ["quick", "rrae"],
                "note": "not a tag",
                "words": ["nor", "these"]
              },
              {"id": "king", "category": "classic", "tags": ["rare", "quick"]}
            ]

            """)
        try dir.write("cards/b.json", #"{"id": "queen", "category": "classic", "tags": ["rare"]}"#)
        try dir.write("tags.json", #"{"classic": {"en": "Classic"}, "quick": {"en": "Quick"}, "rare": {"en": "Rare"}}"#)
        let category = "cards/a.json:4:17: error: category 'clasic' is not in any taxonomy, so it has no label to show (did you mean 'classic'?); use a tag of the taxonomy, or add the tag with its labels"
        let tag = "cards/a.json:5:23: error: tag 'rrae' is not in any taxonomy, so it has no label to show (did you mean 'rare'?); use a tag of the taxonomy, or add the tag with its labels"
        func expectBoth(_ r: CLI.Result, _ run: String) {
            #expect(r.status == 1, "\(run): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains(category) && r.stdout.contains(tag), "\(run): \(r.stdout)")
            #expect(r.stdout.components(separatedBy: "[reference]").count == 3, "\(run): only the two: \(r.stdout)")
        }
        // Without the cache, with a cold one, with a warm one, on the file alone.
        for run in [["--no-cache"], [], [], ["cards/a.json"], ["cards/a.json"]] {
            expectBoth(try CLI.run(["lint", "--format", "xcode"] + run, in: dir.url), "lint \(run)")
        }
        let other = try CLI.run(["lint", "--format", "xcode", "cards/b.json"], in: dir.url)
        #expect(other.status == 0 && !other.stdout.contains("[reference]"), "\(other.stdout)\(other.stderr)")
        // On git's index, twice (the second from the cache).
        try git(["init", "-q"], in: dir.url)
        try git(["add", "."], in: dir.url)
        for _ in 0..<2 { expectBoth(try CLI.run(["lint", "--staged", "--format", "xcode"], in: dir.url), "--staged") }
        // The taxonomy changes under a warm cache: the card's kept facts meet the new tags.
        try dir.write("tags.json", #"{"classic": {"en": "Classic"}, "quick": {"en": "Quick"}, "rrae": {"en": "Rare"}, "clasic": {"en": "Classic"}}"#)
        let moved = try CLI.run(["lint", "--format", "xcode", "cards/a.json"], in: dir.url)
        #expect(moved.status == 1, "\(moved.stdout)\(moved.stderr)")
        #expect(!moved.stdout.contains("category 'clasic'") && !moved.stdout.contains("tag 'rrae'"), "\(moved.stdout)")
        #expect(moved.stdout.contains("cards/a.json:9:50: error: tag 'rare' is not in any taxonomy"), "\(moved.stdout)")
        try dir.write("tags.json", #"{"classic": {"en": "Classic"}, "quick": {"en": "Quick"}, "rare": {"en": "Rare"}}"#)
        // The build stops on them, streamed or whole, as on a recipe's.
        for build in [["build"], ["build", "--no-stream"]] {
            let r = try CLI.run(build + ["--format", "xcode"], in: dir.url, environment: ["LARDER_TRACE": "1"])
            expectBoth(r, build.joined(separator: " "))
            #expect(r.stderr.contains("nothing was built"), "\(r.stderr)")
            #expect(r.stderr.contains("(streamed)") == (build.count == 1), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("dist").path))
        }
        // Fixed, it builds, the tags labelled.
        try dir.write("cards/a.json", #"[{"id": "ace", "category": "classic", "tags": ["quick", "rare"], "note": "not a tag", "words": ["nor"]}]"#)
        let fixed = try CLI.run(["build", "--format", "xcode"], in: dir.url)
        #expect(fixed.status == 0 && !fixed.stdout.contains("[reference]"), "\(fixed.stdout)\(fixed.stderr)")
        let card = try String(contentsOf: dir.url.appendingPathComponent("dist/json-bundle/en/card.json"), encoding: .utf8)
        #expect(card.contains(#""tag": "rare""#) && card.contains(#""label": "Rare""#), "\(card)")
    }
}
