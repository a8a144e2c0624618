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
}
