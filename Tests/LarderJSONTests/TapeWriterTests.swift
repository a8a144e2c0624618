import Foundation
import Testing
@testable import LarderJSON

/// A small seeded generator, so a failing document can be made again.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random JSON texts written by hand (not by JSONWriter): random nesting and whitespace,
/// strings and keys with every kind of escape, raw UTF-8, DEL and slashes, numbers of every
/// literal form, empty containers, and keys that repeat (byte for byte, or as canonically
/// equivalent spellings).
struct RandomJSON {
    var rng: SplitMix64

    static let numbers = [
        "0", "-0", "7", "-42", "12345678901234567890123456789", "1.5", "-0.0", "0.000", "1e5", "1E5", "1e+5",
        "1e-5", "1.25E-10", "-3.75e+02", "0.1", "1e400", "-1e400", "2.5e-324", "123.456e78", "100", "1.0",
    ]
    /// String pieces as they appear between the quotes of the source.
    static let pieces = [
        "a", "Negroni", " ", "stir", "/", "a/b", "\u{7F}", "é", "e\u{301}", "K", "\u{212A}", "日本", "😀", "\u{FEFF}",
        #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0000"#, #"\u001f"#, #"\u001F"#, #"\u007f"#,
        #"\u00e9"#, #"\u00E9"#, #"\u212a"#, #"\ud83d\ude00"#, #"\uD83D\uDE00"#, #"\ud800"#, #"\udc00"#, #"\ud800x"#,
        #"\u0041"#, #"\u002f"#, #"\u0022"#, #"\u005c"#, #"\u0301"#, #"\uffff"#,
    ]
    /// Keys from a small pool, so that they repeat.
    static let keys = [
        "a", "b", "id", "name", "K", "\u{212A}", #"\u212A"#, "é", "e\u{301}", #"\u00e9"#, "a/b", #"\u0061"#, #"x\ny"#,
        "\u{7F}", "Z", "aa", "", "😀", #"\ud83d\ude00"#, "\u{FF21}", "ｚ",
    ]
    static let spaces = ["", "", "", " ", "\n  ", "\t", "\r\n"]

    mutating func int(_ n: Int) -> Int { Int.random(in: 0..<n, using: &rng) }
    mutating func pick(_ list: [String]) -> String { list[int(list.count)] }

    mutating func string() -> String {
        var s = "\""
        for _ in 0..<int(5) { s += pick(Self.pieces) }
        return s + "\""
    }

    mutating func key() -> String {
        int(4) == 0 ? string() : "\"" + pick(Self.keys) + "\""
    }

    mutating func value(depth: Int) -> String {
        let choice = depth >= 5 ? int(4) : int(7)
        switch choice {
        case 0: return pick(Self.numbers)
        case 1: return string()
        case 2: return pick(["true", "false", "null"])
        case 3: return int(2) == 0 ? pick(Self.numbers) : string()
        case 4:
            let count = int(5)
            let elements = (0..<count).map { _ in pick(Self.spaces) + value(depth: depth + 1) + pick(Self.spaces) }
            return "[" + elements.joined(separator: ",") + (count == 0 ? pick(Self.spaces) : "") + "]"
        default:
            let count = depth <= 1 && int(6) == 0 ? 20 + int(20) : int(6)
            let members = (0..<count).map { _ in
                pick(Self.spaces) + key() + pick(Self.spaces) + ":" + pick(Self.spaces) + value(depth: depth + 1) + pick(Self.spaces)
            }
            return "{" + members.joined(separator: ",") + (count == 0 ? pick(Self.spaces) : "") + "}"
        }
    }

    mutating func replacement() -> JSONValue {
        switch int(7) {
        case 0: return "a \"quoted\"/text\n\u{7F}é"
        case 1: return .number(JSONNumber(literal: pick(Self.numbers)))
        case 2: return .null
        case 3: return .bool(int(2) == 0)
        case 4: return ["z": 1, "a": ["x/y", [:], []], "K": .null, "é": "e\u{301}"]
        case 5: return [1, ["b": 2, "a": 3], "s"]
        default: return .object(JSONObject())
        }
    }
}

/// The tree the tape path stands for: ``JSONDocument/value(_:)`` with the replaced value
/// nodes' subtrees swapped for their values (keys are never replaced).
func referenceTree(_ doc: JSONDocument, _ node: Int, _ replacing: [Int: JSONValue]) -> JSONValue {
    if let value = replacing[node] { return value }
    switch doc.kind(node) {
    case .array:
        return .array(doc.elements(node).map { referenceTree(doc, $0, replacing) })
    case .object:
        var object = JSONObject()
        for (k, v) in doc.members(node) { object[doc.string(k)!] = referenceTree(doc, v, replacing) }
        return .object(object)
    default:
        return doc.value(node)
    }
}

let tapeWriters: [JSONWriter] = [
    .compact, .pretty, JSONWriter(style: .pretty(indent: 4)), JSONWriter(style: .pretty(indent: 0)),
    JSONWriter(style: .compact, sortKeys: true), JSONWriter(style: .pretty(indent: 2), sortKeys: true),
    JSONWriter(style: .compact, escapeSlash: true), JSONWriter(style: .pretty(indent: 3), sortKeys: true, escapeSlash: true),
    JSONWriter(style: .pretty(indent: -1)),
]

/// Expects the tape path to give the tree path's bytes for `node` with `replacing`, whole
/// (`bytes`), at a depth (`write`) and as an element of an array (`ArrayWriter`).
func expectSameBytes(_ doc: JSONDocument, node: Int, replacing: [Int: JSONValue], _ context: String) {
    let tree = referenceTree(doc, node, replacing)
    for writer in tapeWriters {
        let expected = writer.bytes(tree)
        let got = writer.bytes(doc, node: node, replacing: replacing)
        if got != expected {
            let at = zip(got, expected).prefix { $0 == $1 }.count
            func around(_ b: [UInt8]) -> String { String(decoding: b[max(0, at - 40)..<min(b.count, at + 40)], as: UTF8.self).debugDescription }
            Issue.record("\(context.prefix(3000)), \(writer): tape path wrote \(around(got)) at byte \(at), tree path \(around(expected))")
            return
        }
        var deepTree: [UInt8] = [], deepTape: [UInt8] = []
        writer.write(tree, into: &deepTree, depth: 3)
        writer.write(doc, node: node, depth: 3, replacing: replacing, into: &deepTape)
        #expect(deepTape == deepTree, "\(context.prefix(3000)), \(writer), depth 3")
        var treeArray = writer.arrayWriter(), tapeArray = writer.arrayWriter()
        for _ in 0..<2 {
            treeArray.append(tree)
            tapeArray.append(doc, node: node, replacing: replacing)
        }
        #expect(tapeArray.finish() == treeArray.finish(), "\(context.prefix(3000)), \(writer), array writer")
    }
}

@Suite struct TapeWriterTests {
    /// Random documents and random replacement sets (values, containers, keys, nested ones):
    /// the same bytes as the tree path for every writer.
    @Test func randomDocumentsMatchTheTreePath() throws {
        var random = RandomJSON(rng: SplitMix64(state: 0x5EED))
        for round in 0..<1500 {
            let text = random.pick(RandomJSON.spaces) + random.value(depth: 0) + random.pick(RandomJSON.spaces)
            let doc = try JSONDocument(parsing: text)
            var replacing: [Int: JSONValue] = [:]
            if round % 4 != 0 {
                for _ in 0..<(1 + random.int(4)) { replacing[random.int(doc.nodeCount)] = random.replacement() }
            }
            expectSameBytes(doc, node: doc.root, replacing: replacing, "document \(round) \(text.debugDescription), replacing \(replacing.keys.sorted())")
            // A node inside the document, written on its own.
            let inner = random.int(doc.nodeCount)
            expectSameBytes(doc, node: inner, replacing: replacing, "document \(round) \(text.debugDescription), node \(inner)")
        }
    }

    /// A repeated key keeps the place of its first occurrence and takes the value of its
    /// last, as in the tree. Keys are the same when their scalars are (an escape and the
    /// character it stands for); canonically equivalent spellings (`K` and the Kelvin sign,
    /// `é` and `e` with a combining accent) are two keys, as JSON compares names, in the
    /// tree and the tape alike (they were merged, and one value lost).
    @Test func repeatedKeysAsInTheTree() throws {
        let doc = try JSONDocument(parsing: #"{"a": 1, "b": [2], "a": {"c": 3}}"#)
        #expect(JSONWriter.compact.bytes(doc) == Array(#"{"a":{"c":3},"b":[2]}"#.utf8))
        #expect(JSONWriter(style: .compact, sortKeys: true).bytes(doc, replacing: [9: "x"]) == Array(#"{"a":{"c":"x"},"b":[2]}"#.utf8))
        for (text, merged) in [(#"{"K": 1, "\u212A": 2, "b": 3}"#, false), ("{\"K\": 1, \"\u{212A}\": 2, \"b\": 3}", false),
                               ("{\"é\": 1, \"e\u{301}\": 2}", false), (#"{"\u0061": 1, "a": 2}"#, true)] {
            let doc = try JSONDocument(parsing: text)
            #expect(JSONWriter.compact.bytes(doc) == JSONWriter.compact.bytes(doc.value), "\(text)")
            #expect(doc.value.objectValue?.count == text.filter { $0 == ":" }.count - (merged ? 1 : 0), "\(text)")
        }
        // More keys than the pairwise check takes.
        let many = "{" + (0..<40).map { #""k\#($0 % 30)": \#($0)"# }.joined(separator: ",") + "}"
        let manyDoc = try JSONDocument(parsing: many)
        let unique = "{" + (0..<30).reversed().map { #""k\#($0)": \#($0)"# }.joined(separator: ",") + "}"
        let uniqueDoc = try JSONDocument(parsing: unique)
        for writer in tapeWriters {
            #expect(writer.bytes(manyDoc) == writer.bytes(manyDoc.value))
            #expect(writer.bytes(uniqueDoc) == writer.bytes(uniqueDoc.value))
        }
    }

    /// Plain strings are copied; DEL and (when asked) `/` are escaped; escapes are decoded
    /// and written the writer's way.
    @Test func strings() throws {
        let doc = try JSONDocument(parsing: "[\"plain text\", \"a\u{7F}b/c\", \"\\u00e9\\/\\u0041\\ud83d\\ude00\\ud800\\n\"]")
        #expect(JSONWriter.compact.bytes(doc) == Array("[\"plain text\",\"a\\u007fb/c\",\"é/A😀\u{FFFD}\\n\"]".utf8))
        #expect(JSONWriter(style: .compact, escapeSlash: true).bytes(doc) == Array("[\"plain text\",\"a\\u007fb\\/c\",\"é\\/A😀\u{FFFD}\\n\"]".utf8))
    }

    /// Every `y_` file of the JSONTestSuite: the same bytes as the tree path.
    @Test func jsonTestSuiteAccepted() throws {
        guard let root = conformanceRoot()?.appendingPathComponent("JSONTestSuite/test_parsing") else {
            print("SKIPPED: JSONTestSuite not found (set LARDER_CONFORMANCE or place shared/ beside the repository)")
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix("y_") && $0.hasSuffix(".json") }.sorted()
        #expect(files.count > 90)
        for name in files {
            let doc = try JSONDocument(parsing: [UInt8](Data(contentsOf: root.appendingPathComponent(name))))
            expectSameBytes(doc, node: doc.root, replacing: [:], name)
            expectSameBytes(doc, node: doc.root, replacing: [doc.nodeCount - 1: ["r": "/"]], name + " (last node replaced)")
        }
    }
}

@Suite struct WriteStringTests {
    /// The escapes spelled out byte by byte, independently of the writer's scanning.
    static func reference(_ s: String, escapeSlash: Bool) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for c in s.utf8 {
            switch c {
            case 0x22: out += Array(#"\""#.utf8)
            case 0x5C: out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0x2F where escapeSlash: out += Array(#"\/"#.utf8)
            case 0..<0x20, 0x7F: out += Array(String(format: "\\u%04x", c).utf8)
            default: out.append(c)
            }
        }
        out.append(0x22)
        return out
    }

    /// Every ASCII character, at every offset of strings longer than a machine word, with
    /// and without escaped slashes; and random mixes with non-ASCII text.
    @Test func escapesMatchTheRules() {
        for escapeSlash in [false, true] {
            let writer = JSONWriter(style: .compact, escapeSlash: escapeSlash)
            for c in 0..<0x80 {
                for offset in 0..<19 {
                    let s = String(repeating: "a", count: offset) + String(UnicodeScalar(UInt8(c))) + String(repeating: "é", count: 18 - offset)
                    var out: [UInt8] = []
                    writer.writeString(s, into: &out)
                    #expect(out == Self.reference(s, escapeSlash: escapeSlash), "\(s.debugDescription)")
                }
            }
            var rng = SplitMix64(state: 7)
            let pieces = ["a", "/", "\u{7F}", "\"", "\\", "\n", "\u{0}", "\u{1F}", "é", "😀", "日本", " ", "~"]
            for _ in 0..<2000 {
                let s = (0..<Int.random(in: 0..<30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
                var out: [UInt8] = []
                writer.writeString(s, into: &out)
                #expect(out == Self.reference(s, escapeSlash: escapeSlash), "\(s.debugDescription)")
            }
        }
    }
}

@Suite struct JSONTemplateTests {
    /// A template filled with any values (some nil, holes inside holes, repeated keys) gives
    /// the bytes of writing the document with those values as replacements, for every writer
    /// and depth.
    @Test func filledTemplatesMatchTheTapeWriter() throws {
        var random = RandomJSON(rng: SplitMix64(state: 0x7E3A))
        for round in 0..<1500 {
            let text = random.value(depth: 0)
            let doc = try JSONDocument(parsing: text)
            let node = round % 3 == 0 ? random.int(doc.nodeCount) : doc.root
            var holes = (0..<random.int(6)).map { _ in random.int(doc.nodeCount) }
            // A hole and, often, a node inside it.
            if let outer = holes.first, doc.kind(outer) == .array || doc.kind(outer) == .object, doc.after(outer) > outer + 1 {
                holes.append(outer + 1 + random.int(doc.after(outer) - outer - 1))
            }
            let writer = tapeWriters[round % tapeWriters.count]
            let depth = random.int(3)
            let template = JSONTemplate(writer, doc, node: node, depth: depth, holes: holes)
            #expect(template.nodes == Array(Set(holes)).sorted())
            for n in 0..<doc.nodeCount { #expect(template.slot(of: n) == template.nodes.firstIndex(of: n)) }
            for _ in 0..<4 {
                // (Typed: a bare `nil` would be JSON's null, JSONValue being nil-literal expressible.)
                let values = template.nodes.map { _ -> JSONValue? in random.int(2) == 0 ? Optional.none : random.replacement() }
                var filled: [UInt8] = []
                template.write(values: values, into: &filled)
                var replacing: [Int: JSONValue] = [:]
                for (n, v) in zip(template.nodes, values) where v != nil { replacing[n] = v }
                var expected: [UInt8] = []
                writer.write(doc, node: node, depth: depth, replacing: replacing, into: &expected)
                #expect(filled == expected, "document \(round) \(text.debugDescription), node \(node), holes \(template.nodes)")
                // The same values as fills of every kind: a string as `.string`, a value
                // formatted by the caller at its hole's depth, and, for a node with no hole
                // of its own, bytes that must not be written (its value is).
                let fills = zip(template.nodes.indices, values).map { i, value -> JSONTemplate.Fill in
                    guard let value else { return .keep }
                    switch random.int(3) {
                    case 0: return .value(value)
                    case 1: if case .string(let s) = value { return .string(s) } else { return .value(value) }
                    default:
                        guard let depth = template.depth(of: i) else { return .formatted(value, Array("!".utf8)) }
                        var bytes: [UInt8] = []
                        writer.write(value, depth: depth, into: &bytes)
                        return .formatted(value, bytes)
                    }
                }
                var fromFills: [UInt8] = []
                template.write(fills, into: &fromFills)
                #expect(fromFills == expected, "document \(round) \(text.debugDescription), node \(node), fills \(fills)")
            }
        }
    }

    /// A hole filled with a string node of the document (`.stringNode`) holds the bytes of
    /// `.string` of that node's text, escapes and all, for every writer and depth.
    @Test func stringNodeFillsWriteTheNodesText() throws {
        var random = RandomJSON(rng: SplitMix64(state: 0x51D3))
        var compared = 0
        for round in 0..<1500 {
            let doc = try JSONDocument(parsing: random.value(depth: 0))
            let strings = (0..<doc.nodeCount).filter { doc.kind($0) == .string }
            guard !strings.isEmpty else { continue }
            let holes = (0..<(1 + random.int(5))).map { _ in random.int(doc.nodeCount) }
            let writer = tapeWriters[round % tapeWriters.count]
            let template = JSONTemplate(writer, doc, node: doc.root, depth: random.int(3), holes: holes)
            let picks = template.nodes.map { _ in random.int(3) == 0 ? nil : strings[random.int(strings.count)] }
            var expected: [UInt8] = []
            template.write(picks.map { $0.map { JSONTemplate.Fill.string(doc.string($0)!) } ?? .keep }, into: &expected)
            var filled: [UInt8] = []
            template.write(picks.map { $0.map(JSONTemplate.Fill.stringNode) ?? .keep }, into: &filled)
            #expect(filled == expected, "document \(round), holes \(template.nodes), picks \(picks)")
            compared += picks.compactMap { $0 }.count
        }
        #expect(compared > 1000)
    }

    /// A value already formatted as the writer formats it is its own template (copied, with
    /// the holes cut out); any difference from that format (a space, an escape, DEL, a slash
    /// the writer escapes, a key outside ASCII or repeated) makes the writer format it. Both
    /// give the bytes of writing the document with the replacements.
    @Test func formattedSourcesAreCopied() throws {
        var rng = SplitMix64(state: 0xF0_4A7)
        func int(_ n: Int) -> Int { Int.random(in: 0..<n, using: &rng) }
        let strings = ["a", "Negroni", "stir well", "Caldo verde (pt)", "日本", "a/b", "\u{7F}", "x\ny", "é", ""]
        let keys = ["id", "name", "en", "pt", "steps", "a", "b", "é", "a/b"]
        func value(_ depth: Int) -> JSONValue {
            switch depth > 3 ? int(3) : int(6) {
            case 0: return .string(strings[int(strings.count)])
            case 1: return [1, 2.5, -0.25, 1e21, 0][int(5)]
            case 2: return [true, false, nil][int(3)]
            case 3: return .array((0..<int(4)).map { _ in value(depth + 1) })
            default:
                var object = JSONObject()
                for _ in 0..<int(5) { object[keys[int(keys.count)]] = value(depth + 1) }
                return .object(object)
            }
        }
        var copied = 0, formatted = 0
        let writers: [JSONWriter] = [.pretty, .compact, JSONWriter(style: .pretty(indent: 4)), JSONWriter(escapeSlash: true)]
        for round in 0..<2000 {
            let writer = writers[round % writers.count]
            // The value as an element of an array (a document of a file of many), formatted
            // by the writer, sometimes with one byte of whitespace added or a key repeated.
            var text = String(decoding: writer.bytes(.array([value(0)])), as: UTF8.self)
            switch int(4) {
            case 0:
                if let space = text.firstIndex(where: { $0 == " " || $0 == "\n" }) { text.insert(" ", at: space) }
            case 1:
                if let brace = text.lastIndex(of: "}") { text.insert(contentsOf: #","a": 1"#, at: brace) }
            default: break
            }
            guard let doc = try? JSONDocument(parsing: text), let node = doc.element(doc.root, 0) else { continue }
            let holes = (0..<int(4)).map { _ in node + int(doc.after(node) - node) }
            let template = JSONTemplate(writer, doc, node: node, depth: 1, holes: holes)
            if template.copiedFromSource { copied += 1 } else { formatted += 1 }
            let values = template.nodes.map { _ -> JSONValue? in int(2) == 0 ? Optional.none : value(2) }
            var filled: [UInt8] = []
            template.write(values: values, into: &filled)
            var replacing: [Int: JSONValue] = [:]
            for (n, v) in zip(template.nodes, values) where v != nil { replacing[n] = v }
            var expected: [UInt8] = []
            writer.write(doc, node: node, depth: 1, replacing: replacing, into: &expected)
            #expect(filled == expected, "document \(round) \(text.debugDescription), holes \(template.nodes)")
            // A value is copied whole only where the writer writes the same bytes (with
            // holes, only the parts outside them need be).
            if JSONTemplate(writer, doc, node: node, depth: 1, holes: []).copiedFromSource {
                var plain: [UInt8] = []
                writer.write(doc, node: node, depth: 1, replacing: [:], into: &plain)
                #expect(plain == Array(doc.bytes[doc.byteRange(node)]), "document \(round) \(text.debugDescription)")
            }
        }
        #expect(copied > 1000 && formatted > 300, "copied \(copied), formatted \(formatted)")
    }

    /// The holes of a template hold exactly the values given.
    @Test func aLanguageInEachHole() throws {
        let doc = try JSONDocument(parsing: #"{"id": "negroni", "name": {"en": "Negroni", "pt": "Negroni (pt)"}, "tags": ["bitter"]}"#)
        let name = try #require(doc.member(doc.root, "name"))
        let tags = try #require(doc.member(doc.root, "tags"))
        let tag = try #require(doc.element(tags, 0))
        let template = JSONTemplate(.compact, doc, node: doc.root, depth: 0, holes: [tag, name])
        var out: [UInt8] = []
        template.write(values: ["Negroni (pt)", ["tag": "bitter", "label": "Amargo"]], into: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"{"id":"negroni","name":"Negroni (pt)","tags":[{"tag":"bitter","label":"Amargo"}]}"#)
        out = []
        template.write(values: [nil, nil], into: &out)
        #expect(out == JSONWriter.compact.bytes(doc))
        // A hole inside another: filled when the outer one is left as it is.
        let en = try #require(doc.member(name, "en"))
        let nested = JSONTemplate(.compact, doc, node: doc.root, depth: 0, holes: [name, en])
        out = []
        nested.write(values: [nil, "Negroni!"], into: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"{"id":"negroni","name":{"en":"Negroni!","pt":"Negroni (pt)"},"tags":["bitter"]}"#)
        out = []
        nested.write(values: ["Negroni", "ignored"], into: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"{"id":"negroni","name":"Negroni","tags":["bitter"]}"#)
    }
}
