import Foundation
import LarderCore
import LarderJSON

/// `control-character`: no string holds a control character other than tab and line breaks.
///
/// JSON cannot hold a C0 control character as it is, so one gets in through an escape
/// (`\u0007`, `\b`, `\f`): text pasted from a PDF, a spreadsheet or a terminal. DEL and the
/// C1 controls (U+0080 to U+009F) JSON takes as they are, and they come with text read in
/// the wrong encoding (Windows-1252 read as Latin-1). No app shows them, a screen reader may
/// read them out, and each export writes them differently (Android and Apple escape them,
/// gettext cannot hold a NUL). Escapes are looked for only in the strings the parser saw
/// one in; DEL and C1 by a byte search of the document (`memchr`), so content without them
/// costs the rule little.
public struct ControlCharacterRule: ConfigurableRule {
    /// None of its own: only those every rule takes (`severity`, `kinds`), so that a misspelt
    /// one (`sevrity: off`) is reported, not ignored.
    public var options: [RuleOption] { [] }

    public let id = "control-character"
    public let summary = "No text or key holds a control character (\\u0000 to \\u001F, \\b, \\f, \\u007F to \\u009F) other than tab and line breaks."
    public let defaultSeverity = Severity.error
    public var details: String? {
        """
        A control character is invisible: an app shows nothing, or a box, where it stands, \
        a screen reader may read it out, and exporters treat it each their own way (gettext \
        cannot hold a NUL at all). JSON allows the C0 ones only as escapes, so they come \
        from text pasted from elsewhere: \\u0007 (bell), \\b (backspace), \\f (form feed), \
        \\u001B (escape), \\u0000. DEL and the C1 controls (U+0080 to U+009F) may also be \
        written as they are; they come from text read in the wrong encoding. Tab (\\t) and \
        line breaks (\\n, \\r) are text and are allowed. Larder reports each one where it \
        is; remove it, or write a space or \\n if one was meant.
        """
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "soup", "name": "Soup", "steps": ["Boil.\nServe.", "Stir\tgently."]}"#),
            .triggers(#"{"id": "soup", "name": "Soup\u0007"}"#, at: "/name"),
            .triggers(#"{"id": "soup", "steps": ["Boil.\fServe."]}"#, at: "/steps/0"),
            .triggers(#"[{"id": "a"}, {"id": "b", "name": "\u001b[1mBold"}]"#, at: "/1/name"),
        ]
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let json = document.json
        let nodes = document.node..<json.after(document.node)
        // Escaped C0 controls, in the strings the parser saw an escape in.
        var found: [(node: Int, range: Range<Int>, message: String)] = []
        for node in nodes where json.kind(node) == .string && json.hasEscapes(node) {
            for escape in Self.controlEscapes(in: json.byteRange(node), of: json.bytes) {
                let text = String(decoding: json.bytes[escape.range], as: UTF8.self)
                found.append((node, escape.range,
                              "the escape \(text) is \(Self.name(of: escape.scalar)), which no reader shows; remove it, or write a space or \\n if one was meant"))
            }
        }
        // DEL and C1 written as they are (U+0080 to U+009F are C2 80 to C2 9F in UTF-8).
        for raw in Self.rawControls(in: nodes, json: json) {
            found.append((raw.node, raw.range,
                          "\(Self.name(of: raw.scalar)) is written here as it is, and no reader shows it (text read in the wrong encoding often holds one); remove it, or write the character meant"))
        }
        // Options are read only for a document that has one (most have none).
        guard !found.isEmpty, applies(to: document.kind, options: Options(context.options)) else { return [] }
        var sink = DiagnosticSink(document: document, context: context)
        for f in found.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            sink.report(f.node, bytes: f.range, f.message)
        }
        return sink.diagnostics
    }

    /// DEL and C1 characters written as they are in the strings of nodes `nodes`: each
    /// one's string node, byte range and character.
    static func rawControls(in nodes: Range<Int>, json: JSONDocument) -> [(node: Int, range: Range<Int>, scalar: UInt32)] {
        guard !nodes.isEmpty else { return [] }
        let span = json.byteRange(nodes.lowerBound).lowerBound..<json.byteRange(nodes.lowerBound).upperBound
        var hits: [(offset: Int, length: Int, scalar: UInt32)] = []
        json.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for byte: UInt8 in [0xC2, 0x7F] {
                var from = span.lowerBound
                while from < span.upperBound, let found = memchr(base + from, Int32(byte), span.upperBound - from) {
                    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if byte == 0x7F {
                        hits.append((at, 1, 0x7F))
                    } else if at + 1 < span.upperBound, (0x80...0x9F).contains(buffer[at + 1]) {
                        hits.append((at, 2, UInt32(buffer[at + 1])))
                    }
                    from = at + 1
                }
            }
        }
        guard !hits.isEmpty else { return [] }
        // Each in the string that holds it (a raw byte outside a string is a parse error), in
        // one walk over the nodes: hits and nodes both come in the order of the bytes.
        var found: [(node: Int, range: Range<Int>, scalar: UInt32)] = []
        var node = nodes.lowerBound
        for hit in hits.sorted(by: { $0.offset < $1.offset }) {
            while node < nodes.upperBound, !(json.kind(node) == .string && json.byteRange(node).upperBound > hit.offset) { node += 1 }
            guard node < nodes.upperBound, json.byteRange(node).contains(hit.offset) else { continue }
            found.append((node, hit.offset..<(hit.offset + hit.length), hit.scalar))
        }
        return found
    }

    /// The control-character escapes in the bytes of a string (quotes included): each one's
    /// byte range and the character it stands for.
    static func controlEscapes(in range: Range<Int>, of bytes: [UInt8]) -> [(range: Range<Int>, scalar: UInt32)] {
        var found: [(range: Range<Int>, scalar: UInt32)] = []
        var i = range.lowerBound
        while i + 1 < range.upperBound {
            guard bytes[i] == 0x5C else { i += 1; continue }
            switch bytes[i + 1] {
            case 0x62: found.append((i..<(i + 2), 0x08)); i += 2
            case 0x66: found.append((i..<(i + 2), 0x0C)); i += 2
            case 0x75:
                var value: UInt32 = 0
                for k in 2..<6 where i + k < range.upperBound {
                    let c = bytes[i + k]
                    let digit: UInt32 = c >= 0x61 ? UInt32(c) - 0x57 : c >= 0x41 ? UInt32(c) - 0x37 : UInt32(c) - 0x30
                    value = value << 4 | digit
                }
                let control = (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || (0x7F...0x9F).contains(value)
                if control { found.append((i..<(i + 6), value)) }
                i += 6
            default: i += 2
            }
        }
        return found
    }

    /// What a control character is called: `the control character BEL (U+0007)`.
    static func name(of scalar: UInt32) -> String {
        let names: [UInt32: String] = [0x00: "NUL", 0x07: "BEL, a bell", 0x08: "BS, a backspace", 0x0B: "VT, a vertical tab",
                                       0x0C: "FF, a form feed", 0x1B: "ESC", 0x7F: "DEL"]
        let hex = String(scalar, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return "the control character " + (names[scalar].map { "\($0) (\(code))" } ?? code)
    }
}
