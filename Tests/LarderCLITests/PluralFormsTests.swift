import Foundation
import Testing

/// Plural forms end to end: lint reports what the exporters would drop or fill, at the
/// form, and the build stops on a text no export can read.
@Suite struct PluralFormsTests {
    static let schema = #"{"type":"object","required":["id","text"],"properties":{"id":{"type":"string"},"text":{"type":["object","string"]}},"additionalProperties":false}"#

    /// A project of kind `msg` whose `text` is text only through the exports' option
    /// `texts` (the schema says `{"type": "object"}`).
    func project(_ content: String, exports: [String] = ["xcstrings: { out: dist/Content.xcstrings", "android: { out: dist/res", "gettext: { out: dist/po", "i18next: { out: dist/i18n", "strings: { out: dist/apple"]) throws -> Scratch {
        let dir = try Scratch()
        try dir.write("larder.yml", """
            locales: [en, ru]
            content:
              - kind: msg
                schema: schemas/msg.schema.json
                include: ["content/m.json"]
            exports:
            \(exports.map { "  - \($0), texts: { msg: [/text] } }" }.joined(separator: "\n"))

            """)
        try dir.write("schemas/msg.schema.json", Self.schema)
        try dir.write("content/m.json", content)
        return dir
    }

    /// A field the exports' option `texts` names is text to lint too, also when the guess
    /// by shape would not take it (a plain string).
    @Test func aFieldTheOptionTextsNamesIsLintedAsText() throws {
        let dir = try project(#"[{"id": "ace", "text": "Ace"}]"#, exports: ["json-bundle: { out: dist/json"])
        let lint = try CLI.run(["lint"], in: dir.url)
        #expect(lint.stdout.contains("content/m.json:1:24: warning: text is a plain string, which counts as en only, and lacks ru"), "\(lint.stdout)")
    }
}
