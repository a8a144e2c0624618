import Foundation
import LarderJSON
import Testing
@testable import LarderCore

@Suite struct DocumentTests {
    @Test func aFileWithOneDocument() throws {
        let json = try JSONDocument(parsing: #"{"id": "soup"}"#)
        let docs = Document.split(file: "soup.json", kind: "recipe", json: json)
        #expect(docs.count == 1)
        #expect(docs[0].node == json.root && docs[0].index == nil && docs[0].pointer == .root)
        #expect(docs[0].value == ["id": "soup"])
        #expect(docs[0].kind == "recipe")
    }

    @Test func aFileWithAnArrayOfDocumentsSharesTheTape() throws {
        let json = try JSONDocument(parsing: "[\n  {\"id\": \"a\"},\n  {\"id\": \"b\"}\n]")
        let docs = Document.split(file: "all.json", kind: "recipe", json: json)
        #expect(docs.map(\.index) == [0, 1])
        #expect(docs.map(\.pointer) == ["/0", "/1"])
        let second = docs[1]
        let id = second.json.member(second.node, "id")!
        #expect(second.json.string(id) == "b")
        // Diagnostics name the place in the file.
        let d = second.diagnostic(ruleID: "r", severity: .error, message: "m", node: id)
        #expect(d.pointer == "/1/id" && d.line == 3 && d.column == 10 && d.file == "all.json")
        #expect(Document.split(file: "e.json", json: try JSONDocument(parsing: "[]")).isEmpty)
    }

    @Test func replacingTheValueKeepsATape() throws {
        let json = try JSONDocument(parsing: #"[{"servings": 2}, {"servings": 3}]"#)
        var doc = Document.split(file: "r.json", json: json)[1]
        var value = doc.value
        value["servings"] = 6
        try doc.replaceValue(with: value)
        #expect(doc.isModified && doc.index == 1)
        #expect(doc.json.int(doc.json.member(doc.node, "servings")!) == 6)
        #expect(doc.value == ["servings": 6])
    }

    /// A rewritten document's diagnostics were placed by the rewritten value's own lines
    /// (from 1:1), so they named a line of the file that holds another document.
    @Test func aRewrittenDocumentIsPlacedAtItsFilesLines() throws {
        let json = try JSONDocument(parsing: "[\n  {\"id\": \"a\"},\n  {\"id\": \"b\",\n   \"servings\": 2}\n]")
        var doc = Document.split(file: "r.json", json: json, locator: json.locator())[1]
        var value = doc.value
        value["id"] = "c"
        value["note"] = "added"
        try doc.replaceValue(with: value)
        // A place the file has: where the file has it.
        let id = doc.json.member(doc.node, "id")!
        let atID = doc.diagnostic(ruleID: "r", severity: .error, message: "m", node: id)
        #expect(atID.line == 3 && atID.column == 10 && atID.pointer == "/1/id" && atID.message == "m")
        let servings = doc.sourceRange(of: doc.json.member(doc.node, "servings")!)
        #expect(servings.range.start == SourcePosition(line: 4, column: 16) && servings.note == nil)
        // A place only the rewritten value has: its nearest ancestor in the file, with a note.
        let note = doc.diagnostic(ruleID: "r", severity: .warning, message: "m", node: doc.json.member(doc.node, "note")!)
        #expect(note.line == 3 && note.column == 3 && note.pointer == "/1/note")
        #expect(note.message == "m (about /1/note of the rewritten document, which r.json does not have)")
        // A second rewrite still places by the file.
        try doc.replaceValue(with: doc.value)
        #expect(doc.sourceRange(of: doc.json.member(doc.node, "id")!).range.start == SourcePosition(line: 3, column: 10))
    }

    @Test func ruleContextDiagnosticUsesTheRuleIDAndSeverity() throws {
        let doc = Document(file: "x.json", json: try JSONDocument(parsing: #"{"name": ""}"#))
        let context = RuleContext(ruleID: "no-empty-name", severity: .warning)
        let d = context.diagnostic(in: doc, at: doc.json.node(at: "/name")!, "name is empty")
        #expect(d.ruleID == "no-empty-name" && d.severity == .warning && d.column == 10 && d.pointer == "/name")
    }

    @Test func contentSetByKindAndFiles() throws {
        let json = try JSONDocument(parsing: "[{}, {}]")
        let set = ContentSet(
            Document.split(file: "r.json", kind: "recipe", json: json)
                + [Document(file: "p.json", kind: "location", json: json)])
        #expect(set.documents(ofKind: "recipe").count == 2)
        #expect(set.documents(ofKind: "product").isEmpty)
        #expect(set.files == ["r.json", "p.json"])
    }

    @Test func fileSourceLoadsAndReportsBrokenFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("larder-src-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"[{"id": 1}, {"id": 2}]"#.utf8).write(to: dir.appendingPathComponent("good.json"))
        try Data("{\n  \"id\": 1,\n}".utf8).write(to: dir.appendingPathComponent("bad.json"))

        var diagnostics: [Diagnostic] = []
        let context = SourceContext(paths: ["good.json", "bad.json"], kind: "recipe", workingDirectory: dir.path)
        let docs = try FileSource().load(context: context, diagnostics: &diagnostics)
        #expect(docs.count == 2 && docs.allSatisfy { $0.file == "good.json" && $0.kind == "recipe" })
        #expect(diagnostics.count == 1)
        // At the trailing comma, the character to delete (line 2), not the brace after it.
        #expect(diagnostics[0].ruleID == "parse" && diagnostics[0].file == "bad.json" && diagnostics[0].line == 2)

        #expect(throws: SourceError(path: "missing.json", reason: "no such file")) {
            try FileSource().load(context: SourceContext(paths: ["missing.json"], workingDirectory: dir.path), diagnostics: &diagnostics)
        }
        var tiny = SourceContext(paths: ["good.json"], workingDirectory: dir.path)
        tiny.maxFileSize = 4
        #expect(throws: SourceError.self) { try FileSource().load(context: tiny, diagnostics: &diagnostics) }
    }
}

@Suite struct PointerSearchTests {
    @Test func pointerFromTheDocumentMatchesPointerFromTheRoot() throws {
        let json = try JSONDocument(parsing: #"[{"a": [1, {"b~/c": 2}]}, {"x": {"y": [true, null]}}, 3]"#)
        let docs = Document.split(file: "f.json", json: json)
        for doc in docs {
            for node in doc.node..<json.after(doc.node) {
                #expect(json.pointer(to: node, from: doc.node, basePointer: doc.pointer) == json.pointer(to: node))
            }
        }
        // A node outside the base falls back to the root search.
        #expect(json.pointer(to: docs[1].node, from: docs[0].node, basePointer: docs[0].pointer) == "/1")
        #expect(docs[0].diagnostic(ruleID: "r", severity: .note, message: "m", node: json.node(at: "/0/a/1/b~0~1c")!).pointer.tokens == ["0", "a", "1", "b~/c"])
    }
}
