import Foundation
import LarderJSON
import Testing
@testable import LarderCore

@Suite struct FixTests {
    typealias Fix = Diagnostic.Fix

    @Test func replaceKeepsMemberOrder() throws {
        var value = try JSONValue(parsing: #"{"a": 1, "difficulty": "simple", "z": [1, {"q": 2}]}"#)
        try Fix.replace("/difficulty", with: "easy", summary: "").apply(to: &value)
        try Fix.replace("/z/1/q", with: 3, summary: "").apply(to: &value)
        #expect(JSONWriter.compact.string(value) == #"{"a":1,"difficulty":"easy","z":[1,{"q":3}]}"#)
    }

    @Test func addAppendAndRemove() throws {
        var value = try JSONValue(parsing: #"{"tags": ["a", "b"], "x-old": true}"#)
        try Fix.replace("/servings", with: 4, summary: "").apply(to: &value)
        try Fix.replace("/tags/-", with: "c", summary: "").apply(to: &value)
        try Fix.remove("/tags/0", summary: "").apply(to: &value)
        try Fix.remove("/x-old", summary: "").apply(to: &value)
        #expect(JSONWriter.compact.string(value) == #"{"tags":["b","c"],"servings":4}"#)
        try Fix.replace("", with: [1], summary: "").apply(to: &value)
        #expect(value == [1])
    }

    @Test func errorsSayWhy() throws {
        var value = try JSONValue(parsing: #"{"a": [1], "s": "x"}"#)
        #expect(throws: FixError(pointer: "/b", reason: "there is no member 'b' to remove")) {
            try Fix.remove("/b", summary: "").apply(to: &value)
        }
        #expect(throws: FixError(pointer: "/a/5", reason: "there is no element '5'")) {
            try Fix.replace("/a/5", with: 0, summary: "").apply(to: &value)
        }
        #expect(throws: FixError(pointer: "/a/01", reason: "there is no element '01'")) {
            try Fix.remove("/a/01", summary: "").apply(to: &value)
        }
        #expect(throws: FixError(pointer: "/s/0", reason: "'0' is inside a string, which has no members")) {
            try Fix.replace("/s/0", with: 0, summary: "").apply(to: &value)
        }
        #expect(throws: FixError.self) { try Fix.remove("", summary: "").apply(to: &value) }
        #expect(value == ["a": [1], "s": "x"])  // nothing changed
    }

    @Test func severalFixesApplyLastPositionFirst() throws {
        // Removing /items/2 and /items/10 must remove the right ones, whatever the order given.
        var value = JSONValue.array((0...11).map { .number(JSONNumber($0)) })
        var wrapped: JSONValue = ["items": value]
        let failures = Fix.apply(
            [.remove("/items/2", summary: ""), .remove("/items/10", summary: ""), .replace("/items/3", with: 33, summary: ""),
             .remove("/nope", summary: "")],
            to: &wrapped)
        #expect(failures.map(\.pointer) == ["/nope"])
        value = wrapped["items"]!
        #expect(value == [0, 1, 33, 4, 5, 6, 7, 8, 9, 11])
    }

    @Test func sourceProviderFallback() {
        let a = SourceProvider.locators(["a.json": SourceLocator(bytes: Array("A".utf8))])
        let b = SourceProvider.locators(["a.json": SourceLocator(bytes: Array("B".utf8)), "b.json": SourceLocator(bytes: Array("x\ny".utf8))])
        let both = a.fallback(to: b)
        #expect(both.line(1, of: "a.json") == "A")
        #expect(both.line(2, of: "b.json") == "y")
        #expect(both.line(3, of: "b.json") == nil)
        #expect(both.line(1, of: "c.json") == nil)
    }

    @Test func sourceProviderReadsFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{\r\n  \"a\": 1\r\n}".utf8).write(to: dir.appendingPathComponent("f.json"))
        let files = SourceProvider.files(relativeTo: dir.path)
        #expect(files.line(2, of: "f.json") == "  \"a\": 1")
        #expect(files.line(1, of: "missing.json") == nil)
    }
}
