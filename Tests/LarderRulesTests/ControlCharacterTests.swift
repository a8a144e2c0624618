import LarderCore
import LarderJSON
import LarderRules
import Testing

/// `control-character`: escapes of control characters, each reported where it is written.
@Suite struct ControlCharacterTests {
    let rule = ControlCharacterRule()

    @Test func eachEscapeIsReportedAtItsBytes() throws {
        let text = """
            [
              {"id": "a", "name": "Bell\\u0007", "steps": ["Boil.\\fServe.", "Mix\\b"]},
              {"id": "b", "no\\u0000te": "x", "name": "\\u009Bx\\u007f"}
            ]
            """
        let found = try run(rule, [("r.json", text)], kind: "recipe")
        #expect(found.map { "\($0.line):\($0.column)-\($0.endColumn) \($0.pointer)" } == [
            "2:28-34 /0/name", "2:53-55 /0/steps/0", "2:68-70 /0/steps/1",
            "3:18-24 /1/no\u{0}te", "3:43-49 /1/name", "3:50-56 /1/name",
        ])
        #expect(found[0].message == "the escape \\u0007 is the control character BEL, a bell (U+0007), which no reader shows; remove it, or write a space or \\n if one was meant")
        #expect(found[1].message.hasPrefix("the escape \\f is the control character FF, a form feed (U+000C)"))
        #expect(found[4].message.hasPrefix("the escape \\u009B is the control character U+009B,"))
        #expect(found.allSatisfy { $0.severity == .error && $0.ruleID == "control-character" })
    }

    /// DEL and C1 controls written as they are (JSON takes them unescaped; text read in the
    /// wrong encoding holds them): they were not seen. NBSP (C2 A0) and ° (C2 B0) are text.
    @Test func rawDELAndC1AreReportedToo() throws {
        let text = "[{\"id\": \"a\", \"name\": \"x\u{9B}y\u{7F} \u{85}\"}, {\"id\": \"b\", \"name\": \"180\u{B0}C\u{A0}fan\"}]"
        let found = try run(rule, [("r.json", text)], kind: "recipe")
        #expect(found.map { "\($0.line):\($0.column)-\($0.endColumn) \($0.pointer)" } == ["1:24-25 /0/name", "1:26-27 /0/name", "1:28-29 /0/name"])
        #expect(found[0].message == "the control character U+009B is written here as it is, and no reader shows it (text read in the wrong encoding often holds one); remove it, or write the character meant")
        #expect(found[1].message.hasPrefix("the control character DEL (U+007F) is written here as it is"))
    }

    /// Tab and line breaks are text; an escaped backslash before `u0007` is no escape of it;
    /// a surrogate pair and other escapes are characters.
    @Test func textEscapesAreNotControlCharacters() throws {
        let text = #"{"id": "a", "name": "Tab\tNew\nline\r\n", "note": "C:\\u0007 \\b", "emoji": "\uD83C\uDF45 \u00e9 \/ \" \u00A0"}"#
        #expect(try run(rule, [("r.json", text)], kind: "recipe").isEmpty)
    }

    /// Only the document's own strings: a file of many documents reports each once.
    @Test func aDocumentReportsItsOwnStringsOnly() throws {
        let docs = Document.split(file: "r.json", kind: "recipe", json: try JSONDocument(parsing: #"[{"id": "a"}, {"id": "b\u0001"}, {"id": "c"}]"#))
        let context = RuleContext(ruleID: rule.id, severity: .error, content: ContentSet(docs))
        #expect(docs.map { rule.check($0, context: context).count } == [0, 1, 0])
    }
}
