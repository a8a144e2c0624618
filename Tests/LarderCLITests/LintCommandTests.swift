import Foundation
import LarderJSON
import Testing

@Suite struct LintCommandTests {
    @Test func cleanFilesExitZero() throws {
        let dir = try Scratch()
        try dir.write("recipes/a.json", #"{"name": "Caldo Verde"}"#)
        try dir.write("recipes/b.json", "[1, 2]")
        let r = try CLI.run(["lint", "recipes", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stdout == "")
    }

    @Test func aBrokenFileExitsOneWithFileLineColumn() throws {
        let dir = try Scratch()
        try dir.write("content/ok.json", "{}")
        try dir.write("content/drinks/negroni.json", "{\n  \"name\": \"Negroni\",\n  \"servings\": 1 ]\n}\n")
        let r = try CLI.run(["lint", "content", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        let expected = dir.url.appendingPathComponent("content/drinks/negroni.json").path
            + ":3:17: error: expected ',' or '}' after an object member, found ']' [syntax]\n"
        #expect(r.stdout.hasSuffix(expected), "\(r.stdout)")
    }

    @Test func duplicateKeysWarnButDoNotFail() throws {
        let dir = try Scratch()
        try dir.write("dup.json", "{\"id\": 1,\n \"id\": 2}")
        let r = try CLI.run(["lint", "dup.json", "--format", "xcode"], in: dir.url)
        #expect(r.status == 0)
        #expect(r.stdout.contains("dup.json:2:2: warning: the key \"id\" appears twice in this object (first at line 1, column 2)"))
        #expect(r.stdout.contains("[duplicate-key]"))
    }

    @Test func aMissingPathIsAUsageErrorNamingIt() throws {
        let dir = try Scratch()
        let r = try CLI.run(["lint", "nowhere/recipes.json"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("nowhere/recipes.json"))
    }

    @Test func anUnknownFormatIsAUsageErrorListingTheFormats() throws {
        let dir = try Scratch()
        try dir.write("a.json", "{}")
        let r = try CLI.run(["lint", "a.json", "--format", "yaml"], in: dir.url)
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown --format 'yaml'"))
        #expect(r.stderr.contains("xcode"))
    }

    @Test func aFileThatIsNotJSONIsAnErrorNotACrash() throws {
        let dir = try Scratch()
        try dir.write("binary.json", "\u{0}\u{1}\u{2}")
        let empty = try dir.write("empty.json", "")
        try Data([0xFF, 0xFE, 0x7B, 0x00]).write(to: dir.url.appendingPathComponent("utf16.json"))
        let r = try CLI.run(["lint", ".", "--format", "xcode"], in: dir.url)
        #expect(r.status == 1)
        #expect(r.stdout.contains("binary.json:1:1: error: expected a JSON value, found control character U+0000 [syntax]"))
        #expect(r.stdout.contains("\(empty.lastPathComponent):1:1: error: expected a JSON value, found end of input (the file is empty) [syntax]"))
        #expect(r.stdout.contains("utf16.json:1:1: error:"))
    }

    @Test func versionAndHelp() throws {
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try CLI.run(["lint", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--format"))
    }
}
