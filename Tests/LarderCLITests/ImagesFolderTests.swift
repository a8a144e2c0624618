import Foundation
import Testing

/// An `images:` folder that does not exist, as `larder lint` and `larder build` report it:
/// once, at the value in larder.yml, with the first image that needs it. It was an error
/// at every image reference of every document (a thousand for a thousand recipes), and
/// none of them at the setting to fix.
@Suite struct ImagesFolderTests {
    static let config = """
        locales: [en]
        content:
          - kind: recipe
            include: ["content/*.json"]
            images: assets

        """

    static func recipe(_ id: String, images: [String]) -> String {
        let list = images.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{"id": "\#(id)", "name": "\#(id)", "servings": 1, "images": [\#(list)], "ingredients": ["1 egg"]}"#
    }

    /// The report's lines, with the project folder taken off.
    static func lines(_ r: CLI.Result, in dir: Scratch) -> [String] {
        let prefix = dir.url.path + "/"
        return r.stdout.split(separator: "\n").map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : String($0) }
    }

    static let missing = "larder.yml:5:13: error: the images folder 'assets' does not exist, so no image can be found in it; create it and add the images, or fix `images:` in larder.yml to name the folder they are in [image-exists]"

    @Test func aMissingImagesFolderIsReportedOnceAtItsSetting() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", Self.config + "exports:\n  - json-bundle: { out: dist/json }\n")
        try dir.write("content/a.json", Self.recipe("a", images: ["a-1.png", "a-2.png", "a-3.png"]))
        try dir.write("content/b.json", Self.recipe("b", images: ["b-1.png", "b-2.png"]))
        try dir.write("content/c.json", Self.recipe("c", images: []))
        let expected = [Self.missing, "content/a.json:1:52: note: image 'a-1.png' is looked up in it"]
        let lint = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(lint.status == 1, "\(lint.stdout)\(lint.stderr)")
        #expect(Self.lines(lint, in: dir) == expected, "\(lint.stdout)")
        // Linting one file names the folder once too, with that file's first image.
        let one = try CLI.run(["lint", "--format", "xcode", "content/b.json"], in: dir.url)
        #expect(Self.lines(one, in: dir) == [Self.missing, "content/b.json:1:52: note: image 'b-1.png' is looked up in it"], "\(one.stdout)")
        // The build reports it the same way, streamed or not.
        for command in [["build"], ["build", "--no-stream"]] {
            let build = try CLI.run(command + ["--format", "xcode"], in: dir.url)
            #expect(build.status == 1, "\(command): \(build.stdout)\(build.stderr)")
            #expect(Self.lines(build, in: dir) == expected, "\(command): \(build.stdout)")
        }
        // Images of no document: nothing to look up, nothing to report (a new project
        // whose folder is not made yet, or is empty, which git does not keep).
        try dir.write("content/a.json", Self.recipe("a", images: []))
        try dir.write("content/b.json", Self.recipe("b", images: []))
        let none = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(none.status == 0 && none.stdout.isEmpty, "\(none.stdout)")
    }

    /// Each entry that names a missing folder is told at its own `images:`; the rule's
    /// severity there is the entry's.
    @Test func eachEntryIsToldAtItsOwnSetting() throws {
        let dir = try Scratch()
        try dir.write("larder.yml", Self.config + """
              - kind: recipe
                include: ["drafts/*.json"]
                images: draft-images
                rules:
                  image-exists: warning

            """)
        try dir.write("content/a.json", Self.recipe("a", images: ["a.png", "b.png"]))
        try dir.write("drafts/d.json", Self.recipe("d", images: ["d.png", "e.png"]))
        let lint = try CLI.run(["lint", "--format", "xcode"], in: dir.url)
        #expect(Self.lines(lint, in: dir) == [
            Self.missing, "content/a.json:1:52: note: image 'a.png' is looked up in it",
            "larder.yml:8:13: warning: the images folder 'draft-images' does not exist, so no image can be found in it; create it and add the images, or fix `images:` in larder.yml to name the folder they are in [image-exists]",
            "drafts/d.json:1:52: note: image 'd.png' is looked up in it",
        ], "\(lint.stdout)")
    }
}
