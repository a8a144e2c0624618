import Testing
@testable import LarderCore

@Suite struct ArtifactTests {
    @Test(arguments: ["en/recipes.json", "a", "Content.xcstrings", "values-pt/strings.xml", "…/é 🍝.json", "a..b/c", ".hidden", "é:x", "ab:c"])
    func acceptsPathsInside(_ path: String) throws {
        let artifact = try Artifact(path: path, string: "x")
        #expect(artifact.path == path && artifact.bytes == [UInt8(ascii: "x")])
    }

    @Test(arguments: [
        ("", "empty"),
        ("/etc/passwd", "absolute"),
        ("../x.json", "'..'"),
        ("a/../../x.json", "'..'"),
        ("a/..", "'..'"),
        ("a\\b.json", "backslash"),
        ("..\\x", "backslash"),
        ("a\0b", "NUL"),
        ("a\nb", "control"),
        ("C:/x.json", "drive"),
        ("c:", "drive"),
        // Relative to drive C's current folder on Windows; C1 controls and the line and
        // paragraph separators were let through.
        ("C:x", "drive"),
        ("D:evil.txt", "drive"),
        ("a\u{9B}31mb.txt", "control"),
        ("line\u{2028}sep.txt", "control"),
        ("a//b", "empty segment"),
        ("a/", "empty segment"),
        ("./a", "'.'"),
    ])
    func rejectsPathsThatCouldLeave(_ path: String, _ reason: String) {
        do {
            try Artifact.validate(path: path)
            Issue.record("'\(path)' was accepted")
        } catch {
            #expect(error.path == path)
            #expect(error.description.contains(reason), "\(error.description)")
        }
    }
}
