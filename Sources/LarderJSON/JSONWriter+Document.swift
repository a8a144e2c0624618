extension JSONWriter {
    /// Writes the value at `node` of a parsed document straight from its tape, with the
    /// value nodes in `replacing` written as the given values.
    ///
    /// The bytes are exactly those of writing the equivalent tree at `depth` (the tree
    /// ``JSONDocument/value(_:)`` gives, with each replaced node's subtree swapped for its
    /// value): numbers, `true`, `false` and `null` are copied from the source, strings are
    /// copied in one piece when their source text is already what ``writeString(_:into:)``
    /// writes, and no ``JSONValue`` is made for a node that is not replaced.
    ///
    /// As in the tree, a key that repeats within an object keeps the place of its first
    /// occurrence and the value of its last (keys are compared as Swift strings, so
    /// canonically equivalent spellings count as the same key). Entries of `replacing` for
    /// key nodes, for nodes inside another replaced node, or for nodes outside the subtree
    /// are not used.
    ///
    ///     var out: [UInt8] = []
    ///     JSONWriter.compact.write(doc, node: doc.root, depth: 0, replacing: [title: "Negroni"], into: &out)
    public func write(_ json: JSONDocument, node: Int, depth: Int, replacing: [Int: JSONValue], into out: inout [UInt8]) {
        precondition(node >= 0 && node < json.nodeCount, "node \(node) is not a node of the document")
        json.bytes.withUnsafeBufferPointer { bytes in
            json.nodes.withUnsafeBufferPointer { nodes in
                var tape = TapeWriter(writer: self, bytes: bytes, nodes: nodes, replacing: replacing)
                tape.write(node, depth: depth, checked: !replacing.isEmpty, into: &out)
            }
        }
    }

    /// The value at `node` (the root by default) of a parsed document as UTF-8 bytes, with
    /// the nodes in `replacing` replaced: the bytes of ``bytes(_:)`` for the equivalent tree.
    public func bytes(_ json: JSONDocument, node: Int? = nil, replacing: [Int: JSONValue] = [:]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.byteRange(node ?? json.root).count + 16)
        write(json, node: node ?? json.root, depth: 0, replacing: replacing, into: &out)
        if case .pretty = style { out.append(0x0A) }
        return out
    }
}

/// The value at a node of a parsed document written once with holes at some of its nodes,
/// then written again and again with values in the holes: a document in each of several
/// languages formats its tape once, not once per language.
///
/// ``write(values:into:)`` gives exactly the bytes of
/// ``JSONWriter/write(_:node:depth:replacing:into:)`` with `replacing` made of the values
/// given, at the same depth.
///
///     let template = JSONTemplate(.pretty, doc, node: doc.root, depth: 0, holes: [title])
///     var out: [UInt8] = []
///     template.write(values: ["Negroni"], into: &out)
public struct JSONTemplate: Sendable {
    /// The nodes that may be filled, in increasing order (the order of `values`).
    public let nodes: [Int]
    private let writer: JSONWriter
    private let json: JSONDocument
    private let bytes: [UInt8]
    /// Where each hole is in `bytes`, which entry of `nodes` fills it, and its depth. A
    /// node inside another hole has no hole of its own.
    private let holes: [(offset: Int, index: Int, depth: Int)]
    /// Whether the template was copied from the source, which was already formatted as the
    /// writer formats it (for tests).
    let copiedFromSource: Bool

    /// The template of the value at `node`, with holes at `holes` (nodes of the document;
    /// repeats, key nodes and nodes outside the value are not used, as in ``JSONWriter``).
    public init(_ writer: JSONWriter, _ json: JSONDocument, node: Int, depth: Int, holes: some Sequence<Int>) {
        precondition(node >= 0 && node < json.nodeCount, "node \(node) is not a node of the document")
        // Sorted as an array of Int: `sorted()` on the generic sequence ran unspecialized.
        var nodes = Array(holes)
        nodes.sort()
        nodes.removeDuplicates()
        var out: [UInt8] = []
        out.reserveCapacity(json.byteRange(node).count + 16)
        var found: [(offset: Int, index: Int, depth: Int)] = []
        var copied = false
        json.bytes.withUnsafeBufferPointer { bytes in
            json.nodes.withUnsafeBufferPointer { tapeNodes in
                // Content already formatted as the writer formats it (2-space JSON as
                // editors, `jq` and `json.dump(indent=2)` write it) is its own template:
                // checked, then copied with the holes cut out.
                var source = SourceCheck(writer: writer, bytes: bytes, nodes: tapeNodes, replaced: nodes)
                if source.matches(node, depth: depth) {
                    var from = Int(tapeNodes[node].start)
                    for cut in source.cuts {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<cut.start]))
                        found.append((out.count, cut.index, cut.depth))
                        from = cut.end
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<Int(tapeNodes[node].end)]))
                    copied = true
                    return
                }
                var tape = TapeWriter(writer: writer, bytes: bytes, nodes: tapeNodes, replaced: nodes, values: [])
                tape.holes = []
                tape.write(node, depth: depth, checked: !nodes.isEmpty, into: &out)
                found = tape.holes ?? []
            }
        }
        self.nodes = nodes
        self.writer = writer
        self.json = json
        self.bytes = out
        self.holes = found
        copiedFromSource = copied
    }

    /// How many bytes the template holds outside its holes.
    public var fixedByteCount: Int { bytes.count }

    /// The position of `node` in ``nodes``, if it is one.
    public func slot(of node: Int) -> Int? {
        var lo = 0, hi = nodes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if nodes[mid] < node { lo = mid + 1 } else { hi = mid }
        }
        return lo < nodes.count && nodes[lo] == node ? lo : nil
    }

    /// What fills the hole of a node in ``write(_:into:)``.
    public enum Fill: Sendable {
        /// The node as the file has it (with the fills of the nodes inside it).
        case keep
        /// A value, written as the writer writes it.
        case value(JSONValue)
        /// A string: the same bytes as `.value(.string(s))`, with no value made.
        case string(String)
        /// A value and its bytes as the writer writes it at the hole's depth
        /// (``depth(of:)``), made once by the caller and copied into each hole it fills.
        case formatted(JSONValue, [UInt8])
        /// The string at this node of the template's document: the same bytes as
        /// `.string` of its text, written from the file's bytes with no string made (a
        /// streamed build writes each text of 100,000 recipes in every locale).
        case stringNode(Int)
    }

    /// Writes the string at `node` of the document as the writer writes its text.
    private func writeString(node: Int, into out: inout [UInt8]) {
        let n = json.nodes[node]
        precondition(n.kind == .string, "node \(node) is not a string")
        guard !n.hasEscapes else { return writer.writeString(json.string(node) ?? "", into: &out) }
        json.bytes.withUnsafeBufferPointer {
            writer.writeString(utf8: UnsafeBufferPointer(rebasing: $0[Int(n.start) + 1..<Int(n.end) - 1]), into: &out)
        }
    }

    /// The depth at which the hole of `nodes[index]` is written, or nil when the node lies
    /// inside another hole (it is written with that node, and a `formatted` fill gives its
    /// value there).
    public func depth(of index: Int) -> Int? {
        holes.first { $0.index == index }?.depth
    }

    /// Writes the value with `values[i]` in the hole of `nodes[i]`; a nil value writes the
    /// node as the file has it (with the values of the nodes inside it).
    public func write(values: [JSONValue?], into out: inout [UInt8]) {
        write(values.map { $0.map(Fill.value) ?? .keep }, into: &out)
    }

    /// Writes the value with `fills[i]` in the hole of `nodes[i]`.
    public func write(_ fills: [Fill], into out: inout [UInt8]) {
        precondition(fills.count == nodes.count, "one fill per node of the template")
        var from = 0
        // The fixed bytes copied from the buffer's storage: a slice of the array retained
        // and released its storage for every hole of every document in every locale.
        func copyFixed(upTo end: Int) {
            bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[from..<end])) }
            from = end
        }
        for hole in holes {
            copyFixed(upTo: hole.offset)
            switch fills[hole.index] {
            case .string(let s):
                writer.writeString(s, into: &out)
                continue
            case .value(let value):
                writer.write(value, into: &out, depth: hole.depth)
                continue
            case .formatted(_, let formatted):
                out.append(contentsOf: formatted)
                continue
            case .stringNode(let string):
                writeString(node: string, into: &out)
                continue
            case .keep:
                break
            }
            // The node as it is, with whatever is filled inside it.
            let node = nodes[hole.index]
            let end = json.after(node)
            var inside: [Int: JSONValue] = [:]
            var i = hole.index + 1
            while i < nodes.count && nodes[i] < end {
                switch fills[i] {
                case .keep: break
                case .string(let s): inside[nodes[i]] = .string(s)
                case .value(let value), .formatted(let value, _): inside[nodes[i]] = value
                case .stringNode(let string): inside[nodes[i]] = .string(json.string(string) ?? "")
                }
                i += 1
            }
            writer.write(json, node: node, depth: hole.depth, replacing: inside, into: &out)
        }
        copyFixed(upTo: bytes.count)
    }
}

extension JSONWriter.ArrayWriter {
    /// Appends the value at `node` of a parsed document, with the nodes in `replacing`
    /// replaced: the bytes of `append(_:)` with the equivalent tree.
    public mutating func append(_ json: JSONDocument, node: Int, replacing: [Int: JSONValue]) {
        if count > 0 { out.append(UInt8(ascii: ",")) }
        writer.newline(&out, 1)
        writer.write(json, node: node, depth: 1, replacing: replacing, into: &out)
        count += 1
    }
}

extension JSONWriter {
    /// Spaces per level, or -1 for compact output.
    fileprivate var indentWidth: Int {
        switch style {
        case .compact: -1
        case .pretty(let n): max(0, n)
        }
    }
}

/// The node after `node` and everything inside it, on a tape.
@inline(__always) private func nodeAfter(_ node: Int, in nodes: UnsafeBufferPointer<Node>) -> Int {
    let n = nodes[node]
    return n.kind == .array || n.kind == .object ? Int(n.next) : node + 1
}

/// Whether the source bytes of a value are exactly what ``TapeWriter`` writes for it (with
/// holes at the replaced nodes), found without writing: the whitespace between tokens is
/// the writer's, no string needs its escapes or bytes changed, and every object's keys are
/// plain ASCII that the parser found not to repeat. Anything else is "no" (the writer
/// then formats the value).
private struct SourceCheck {
    let bytes: UnsafeBufferPointer<UInt8>
    let nodes: UnsafeBufferPointer<Node>
    /// The replaced nodes, sorted; the walk meets them in order.
    let replaced: [Int]
    /// Spaces per level, or -1 for compact output.
    let indent: Int
    let escapeSlash: Bool
    let sortKeys: Bool
    /// The next replaced node the walk can meet.
    var next = 0
    /// The source bytes of each replaced node met, its index in `replaced` and its depth.
    var cuts: [(start: Int, end: Int, index: Int, depth: Int)] = []

    init(writer: JSONWriter, bytes: UnsafeBufferPointer<UInt8>, nodes: UnsafeBufferPointer<Node>, replaced: [Int]) {
        (self.bytes, self.nodes, self.replaced) = (bytes, nodes, replaced)
        (indent, escapeSlash, sortKeys) = (writer.indentWidth, writer.escapeSlash, writer.sortKeys)
    }

    @inline(__always) func after(_ node: Int) -> Int { nodeAfter(node, in: nodes) }

    /// Whether the bytes at `offset` are a newline and `depth` levels of indentation (none
    /// in compact output), preceded by a comma when `comma`; the offset after them, if so.
    @inline(__always) func gap(at offset: Int, depth: Int, comma: Bool) -> Int? {
        var i = offset
        if comma {
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
        guard indent >= 0 else { return i }
        guard i < bytes.count, bytes[i] == 0x0A else { return nil }
        i += 1
        let end = i + indent * depth
        guard end <= bytes.count else { return nil }
        while i < end {
            guard bytes[i] == 0x20 else { return nil }
            i += 1
        }
        return i
    }

    /// Whether the string node is written as its source bytes (no escape to decode, no DEL,
    /// no `/` when slashes are escaped), and for a key, only ASCII.
    func isVerbatim(_ n: Node, key: Bool) -> Bool {
        guard !n.hasEscapes else { return false }
        for i in (Int(n.start) + 1)..<(Int(n.end) - 1) {
            let c = bytes[i]
            if c == 0x7F || (c == 0x2F && escapeSlash) || (key && c >= 0x80) { return false }
        }
        return true
    }

    mutating func matches(_ node: Int, depth: Int) -> Bool {
        guard !sortKeys else { return false }
        return check(node, depth: depth)
    }

    private mutating func check(_ node: Int, depth: Int) -> Bool {
        while next < replaced.count && replaced[next] < node { next += 1 }
        let n = nodes[node]
        if next < replaced.count && replaced[next] == node {
            cuts.append((Int(n.start), Int(n.end), next, depth))
            // Nodes inside a hole are written with it.
            let end = after(node)
            while next < replaced.count && replaced[next] < end { next += 1 }
            return true
        }
        switch n.kind {
        case .null, .false, .true, .number:
            return true
        case .string:
            return isVerbatim(n, key: false)
        case .array, .object:
            let isObject = n.kind == .object
            let count = n.payload
            let start = Int(n.start), end = Int(n.end)
            if count == 0 { return end - start == 2 }
            if isObject {
                guard n.keysChecked, !n.keysRepeat else { return false }
            }
            var offset = start + 1
            var child = node + 1
            for i in 0..<count {
                guard let at = gap(at: offset, depth: depth + 1, comma: i > 0) else { return false }
                if isObject {
                    let key = nodes[child]
                    guard Int(key.start) == at, isVerbatim(key, key: true) else { return false }
                    var v = Int(key.end)
                    guard v < bytes.count, bytes[v] == UInt8(ascii: ":") else { return false }
                    v += 1
                    if indent >= 0 {
                        guard v < bytes.count, bytes[v] == 0x20 else { return false }
                        v += 1
                    }
                    child += 1
                    guard Int(nodes[child].start) == v else { return false }
                } else {
                    guard Int(nodes[child].start) == at else { return false }
                }
                guard check(child, depth: depth + 1) else { return false }
                offset = Int(nodes[child].end)
                child = after(child)
            }
            guard let close = gap(at: offset, depth: depth, comma: false), close == end - 1 else { return false }
            return true
        }
    }
}

/// Writes nodes of a document's tape with the rules of ``JSONWriter``.
private struct TapeWriter {
    let writer: JSONWriter
    let bytes: UnsafeBufferPointer<UInt8>
    let nodes: UnsafeBufferPointer<Node>
    /// The replaced nodes, sorted, and their values: a binary search finds a node and tells
    /// whether a subtree holds one, without hashing every node written.
    let replaced: [Int]
    let values: [JSONValue]
    /// Spaces per level, or -1 for compact output.
    let indent: Int
    let escapeSlash: Bool
    let sortKeys: Bool
    /// The key nodes of the objects being written, innermost last.
    var keys: [Int] = []
    /// For each entry of `keys`: a hash of the key's bytes, to find repeated keys quickly.
    var signatures: [UInt64] = []
    var spaces: [UInt8] = []

    /// When not nil, a replaced node is not written: its place is noted here instead (the
    /// offset in the output, its index in `replaced`, its depth).
    var holes: [(offset: Int, index: Int, depth: Int)]?

    init(writer: JSONWriter, bytes: UnsafeBufferPointer<UInt8>, nodes: UnsafeBufferPointer<Node>, replacing: [Int: JSONValue]) {
        let sorted = replacing.sorted { $0.key < $1.key }
        self.init(writer: writer, bytes: bytes, nodes: nodes, replaced: sorted.map(\.key), values: sorted.map(\.value))
    }

    init(writer: JSONWriter, bytes: UnsafeBufferPointer<UInt8>, nodes: UnsafeBufferPointer<Node>, replaced: [Int], values: [JSONValue]) {
        self.writer = writer
        self.bytes = bytes
        self.nodes = nodes
        self.replaced = replaced
        self.values = values
        (indent, escapeSlash, sortKeys) = (writer.indentWidth, writer.escapeSlash, writer.sortKeys)
    }

    @inline(__always) func after(_ node: Int) -> Int { nodeAfter(node, in: nodes) }

    /// The index in `replaced` of the first node at or after `node`.
    func firstReplaced(from node: Int) -> Int {
        var lo = 0, hi = replaced.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if replaced[mid] < node { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Whether a replaced node lies in `lower..<upper`.
    func containsReplaced(_ lower: Int, _ upper: Int) -> Bool {
        let i = firstReplaced(from: lower)
        return i < replaced.count && replaced[i] < upper
    }

    @inline(__always) func copy(_ start: Int, _ end: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    mutating func newline(_ depth: Int, _ out: inout [UInt8]) {
        guard indent >= 0 else { return }
        out.append(0x0A)
        let n = indent * depth
        guard n > 0 else { return }
        if spaces.count < n { spaces = [UInt8](repeating: 0x20, count: max(n, 2 * spaces.count, 64)) }
        spaces.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<n])) }
    }

    /// Writes `node`; `checked` says whether its subtree may hold a replaced node.
    mutating func write(_ node: Int, depth: Int, checked: Bool, into out: inout [UInt8]) {
        if checked {
            let i = firstReplaced(from: node)
            if i < replaced.count && replaced[i] == node {
                if holes != nil {
                    holes!.append((out.count, i, depth))
                } else {
                    writer.write(values[i], into: &out, depth: depth)
                }
                return
            }
        }
        let n = nodes[node]
        switch n.kind {
        case .null, .false, .true, .number:
            copy(Int(n.start), Int(n.end), &out)  // the literal as written
        case .string:
            writeString(n, into: &out)
        case .array:
            out.append(UInt8(ascii: "["))
            let count = n.payload
            if count == 0 { out.append(UInt8(ascii: "]")); return }
            let inner = checked && containsReplaced(node + 1, Int(n.next))
            var child = node + 1
            for i in 0..<count {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1, &out)
                write(child, depth: depth + 1, checked: inner, into: &out)
                child = after(child)
            }
            newline(depth, &out)
            out.append(UInt8(ascii: "]"))
        case .object:
            out.append(UInt8(ascii: "{"))
            let count = n.payload
            if count == 0 { out.append(UInt8(ascii: "}")); return }
            let inner = checked && containsReplaced(node + 1, Int(n.next))
            writeMembers(of: node, count: count, depth: depth, checked: inner, into: &out)
            newline(depth, &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    mutating func writeMembers(of node: Int, count: Int, depth: Int, checked: Bool, into out: inout [UInt8]) {
        let base = keys.count
        defer {
            keys.removeLast(keys.count - base)
            signatures.removeLast(signatures.count - base)
        }
        var plain = true
        var key = node + 1
        for _ in 0..<count {
            keys.append(key)
            let (ascii, signature) = plainASCIISignature(nodes[key])
            signatures.append(signature)
            plain = plain && ascii
            key = after(key + 1)
        }
        // Keys of plain ASCII are equal as strings exactly when their bytes are equal, and
        // order by UTF-16 code units as by bytes; anything else takes the tree's way.
        guard plain else {
            writeMembersByName(base: base, count: count, depth: depth, checked: checked, into: &out)
            return
        }
        if hasRepeatedKey(base: base, count: count) {
            writeMembersByName(base: base, count: count, depth: depth, checked: checked, into: &out)
            return
        }
        if sortKeys && count > 1 {
            let bytes = self.bytes, nodes = self.nodes
            keys[base..<(base + count)].sort { Self.rawCompare(bytes, nodes, $0, $1) < 0 }
        }
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            newline(depth + 1, &out)
            let key = keys[base + i]
            writeString(nodes[key], into: &out)
            out.append(UInt8(ascii: ":"))
            if indent >= 0 { out.append(0x20) }
            write(key + 1, depth: depth + 1, checked: checked, into: &out)
        }
    }

    /// The members as the tree has them: keys decoded and compared by their scalars (as
    /// JSON compares names: `"café"` and `"cafe\u0301"` are two members, which `String`
    /// equality merged, losing one), a repeated key in the place of its first occurrence
    /// with the value of its last, sorted by UTF-16 code units when asked.
    mutating func writeMembersByName(base: Int, count: Int, depth: Int, checked: Bool, into out: inout [UInt8]) {
        var names: [String] = []
        var values: [Int] = []
        var place: [[UInt8]: Int] = [:]
        for i in 0..<count {
            let key = keys[base + i]
            let name = decodedString(nodes[key])
            let bytes = Array(name.utf8)
            if let p = place[bytes] {
                values[p] = key + 1
            } else {
                place[bytes] = names.count
                names.append(name)
                values.append(key + 1)
            }
        }
        var order = Array(names.indices)
        if sortKeys { order.sort { names[$0].utf16.lexicographicallyPrecedes(names[$1].utf16) } }
        for (i, m) in order.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            newline(depth + 1, &out)
            writer.writeString(names[m], into: &out)
            out.append(UInt8(ascii: ":"))
            if indent >= 0 { out.append(0x20) }
            write(values[m], depth: depth + 1, checked: checked, into: &out)
        }
    }

    /// Whether two of the (plain) keys `keys[base..<base + count]` have the same bytes.
    func hasRepeatedKey(base: Int, count: Int) -> Bool {
        if count < 2 { return false }
        if count <= 24 {
            for j in (base + 1)..<(base + count) {
                let signature = signatures[j]
                for i in base..<j where signatures[i] == signature && Self.rawCompare(bytes, nodes, keys[i], keys[j]) == 0 {
                    return true
                }
            }
            return false
        }
        let bytes = self.bytes, nodes = self.nodes
        let sorted = keys[base..<(base + count)].sorted { Self.rawCompare(bytes, nodes, $0, $1) < 0 }
        for i in 1..<sorted.count where Self.rawCompare(bytes, nodes, sorted[i - 1], sorted[i]) == 0 { return true }
        return false
    }

    /// Compares the source bytes between the quotes of two string nodes (shorter first on a
    /// common prefix).
    static func rawCompare(_ bytes: UnsafeBufferPointer<UInt8>, _ nodes: UnsafeBufferPointer<Node>, _ a: Int, _ b: Int) -> Int {
        let na = nodes[a], nb = nodes[b]
        let sa = Int(na.start) + 1, la = Int(na.end) - 1 - sa
        let sb = Int(nb.start) + 1, lb = Int(nb.end) - 1 - sb
        let n = min(la, lb)
        var i = 0
        while i < n {
            let x = bytes[sa + i], y = bytes[sb + i]
            if x != y { return x < y ? -1 : 1 }
            i += 1
        }
        return la == lb ? 0 : (la < lb ? -1 : 1)
    }

    /// Whether a string node has no escapes and only ASCII bytes, and a hash of its bytes
    /// (equal bytes, equal hashes).
    func plainASCIISignature(_ n: Node) -> (Bool, UInt64) {
        var i = Int(n.start) + 1
        let end = Int(n.end) - 1
        let base = UnsafeRawPointer(bytes.baseAddress!)
        var any: UInt64 = 0
        var h = UInt64(end - i) &* 0x9E37_79B9_7F4A_7C15
        while i + 8 <= end {
            let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            any |= word
            h = (h ^ word) &* 0x100_0000_01B3
            i += 8
        }
        while i < end {
            any |= UInt64(bytes[i])
            h = (h ^ UInt64(bytes[i])) &* 0x100_0000_01B3
            i += 1
        }
        return (!n.hasEscapes && any & 0x8080_8080_8080_8080 == 0, h ^ (h >> 29))
    }

    func decodedString(_ n: Node) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[(Int(n.start) + 1)..<(Int(n.end) - 1)])
        return n.hasEscapes ? JSONStringDecoder.decode(raw) : String(decoding: raw, as: UTF8.self)
    }

    // MARK: Strings

    /// Writes a string node as ``JSONWriter/writeString(_:into:)`` writes its decoded value.
    mutating func writeString(_ n: Node, into out: inout [UInt8]) {
        let start = Int(n.start), end = Int(n.end)
        let text = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)])
        if !n.hasEscapes {
            // The source text is the value: copy it with its quotes when nothing in it is
            // escaped (the source holds no quote, backslash or control character, so only
            // DEL and `/` can be).
            if holdsDelOrSlash(text) {
                writer.writeString(utf8: text, into: &out)
            } else {
                copy(start, end, &out)
            }
            return
        }
        out.append(0x22)
        var i = start + 1
        let stop = end - 1
        var run = i
        while i < stop {
            let c = bytes[i]
            if c == 0x5C && i + 1 < stop {
                copy(run, i, &out)
                i = decodeEscape(at: i, stop: stop, into: &out)
                run = i
            } else if c < 0x20 || c == 0x22 || c == 0x5C || c == 0x7F || (c == 0x2F && escapeSlash) {
                copy(run, i, &out)
                writer.writeEscaped(c, into: &out)
                i += 1
                run = i
            } else {
                i += 1
            }
        }
        copy(run, stop, &out)
        out.append(0x22)
    }

    /// Whether `text` holds DEL, or `/` when slashes are escaped.
    func holdsDelOrSlash(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let slash = ones &* (escapeSlash ? 0x2F : 0x7F)
        var i = 0
        while i + 8 <= text.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let del = word ^ (ones &* 0x7F), sl = word ^ slash
            // A zero byte in `del` or `sl` is a match (exact as a yes/no answer).
            if ((del &- ones) & ~del | (sl &- ones) & ~sl) & high != 0 { return true }
            i += 8
        }
        while i < text.count {
            let c = text[i]
            if c == 0x7F || (c == 0x2F && escapeSlash) { return true }
            i += 1
        }
        return false
    }

    /// Decodes the escape at `i` (a backslash with a byte after it, before `stop`) as
    /// ``JSONStringDecoder`` does, writes what it stands for, and returns the offset after it.
    func decodeEscape(at start: Int, stop: Int, into out: inout [UInt8]) -> Int {
        var i = start + 2
        switch bytes[start + 1] {
        case 0x62: writer.writeEscaped(0x08, into: &out)
        case 0x66: writer.writeEscaped(0x0C, into: &out)
        case 0x6E: writer.writeEscaped(0x0A, into: &out)
        case 0x72: writer.writeEscaped(0x0D, into: &out)
        case 0x74: writer.writeEscaped(0x09, into: &out)
        case 0x75:
            guard let u = hex4(i, stop) else { emitScalar(0xFFFD, into: &out); return i }
            i += 4
            if u >= 0xD800 && u < 0xDC00 {
                if i + 6 <= stop, bytes[i] == 0x5C, bytes[i + 1] == 0x75, let low = hex4(i + 2, stop), low >= 0xDC00, low < 0xE000 {
                    i += 6
                    emitScalar(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00), into: &out)
                } else {
                    emitScalar(0xFFFD, into: &out)
                }
            } else if u >= 0xDC00 && u < 0xE000 {
                emitScalar(0xFFFD, into: &out)
            } else {
                emitScalar(u, into: &out)
            }
        case let e:
            writer.writeEscaped(e, into: &out)  // \" \\ \/
        }
        return i
    }

    func hex4(_ at: Int, _ stop: Int) -> UInt32? {
        guard at + 4 <= stop else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            guard let d = hexValue(bytes[at + k]) else { return nil }
            v = v << 4 | d
        }
        return v
    }

    /// Writes a scalar's UTF-8 bytes (U+FFFD for a value that is not a scalar).
    func emitScalar(_ value: UInt32, into out: inout [UInt8]) {
        let v = Unicode.Scalar(value)?.value ?? 0xFFFD
        switch v {
        case 0..<0x80:
            writer.writeEscaped(UInt8(v), into: &out)
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | v >> 6))
            out.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | v >> 12))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | v >> 18))
            out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        }
    }
}

extension Array where Element == Int {
    /// Removes repeats from a sorted array.
    fileprivate mutating func removeDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for i in 1..<count where self[i] != self[kept - 1] {
            self[kept] = self[i]
            kept += 1
        }
        removeLast(count - kept)
    }
}
