import LarderJSON

/// One change to a JSON text: the bytes of `range` are replaced by `replacement`.
///
/// Transforms describe what they change as edits of the source bytes rather than by
/// rewriting the whole document, so everything they do not touch (key order, spacing,
/// number literals, a team's `x-` fields, unknown fields) stays byte for byte as it was,
/// and `--in-place` makes the smallest diff.
public struct JSONEdit: Sendable, Hashable {
    /// Byte offsets into the parsed text.
    public var range: Range<Int>
    /// The bytes written instead.
    public var replacement: [UInt8]

    /// Replace the bytes of `range` with `replacement`.
    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }
}

/// Collects edits to a parsed JSON text and applies them.
///
///     var editor = JSONEditor(json)
///     editor.replace(json.member(json.root, "servings")!, with: 4)
///     let bytes = editor.applied()   // the text with servings changed, nothing else
public struct JSONEditor: Sendable {
    /// The parsed text the edits refer to.
    public let json: JSONDocument
    /// The edits so far, in the order they were made.
    public private(set) var edits: [JSONEdit] = []

    /// An editor with no edits yet.
    public init(_ json: JSONDocument) {
        self.json = json
    }

    /// Adds an edit made elsewhere over the same text.
    public mutating func append(_ edit: JSONEdit) {
        edits.append(edit)
    }

    /// True when nothing was edited.
    public var isEmpty: Bool { edits.isEmpty }

    /// Replaces a value with `value`, written compactly (objects and arrays in the style
    /// of their surroundings when the text is pretty-printed).
    public mutating func replace(_ node: Int, with value: JSONValue) {
        replace(node, raw: render(value, at: json.byteRange(node).lowerBound))
    }

    /// Replaces a value with raw JSON bytes (which must be a valid JSON value).
    public mutating func replace(_ node: Int, raw: [UInt8]) {
        edits.append(JSONEdit(range: json.byteRange(node), replacement: raw))
    }

    /// Replaces a string value (or key) with another string.
    public mutating func replace(_ node: Int, string: String) {
        var out: [UInt8] = []
        JSONWriter.compact.writeString(string, into: &out)
        replace(node, raw: out)
    }

    /// Renames an object member, given its key node.
    public mutating func rename(key: Int, to name: String) {
        replace(key, string: name)
    }

    /// Removes the member whose key node is `key` from `object`, with its separator.
    public mutating func removeMember(of object: Int, key: Int) {
        let members = Array(json.members(object))
        guard let index = members.firstIndex(where: { $0.key == key }) else { return }
        let valueEnd = json.byteRange(members[index].value).upperBound
        let range: Range<Int>
        if index > 0 {
            // From just after the previous value (its comma included) to this value's end.
            range = json.byteRange(members[index - 1].value).upperBound..<valueEnd
        } else if members.count > 1 {
            range = json.byteRange(key).lowerBound..<json.byteRange(members[1].key).lowerBound
        } else {
            range = json.byteRange(key).lowerBound..<valueEnd
        }
        edits.append(JSONEdit(range: range, replacement: []))
    }

    /// Inserts a member after the member whose key node is `after`, spaced like it.
    public mutating func insertMember(in object: Int, after key: Int, name: String, value: JSONValue) {
        insertMember(in: object, after: key, name: name, raw: nil, value: value)
    }

    /// Inserts a member whose value is raw JSON bytes (written as they are) after the
    /// member whose key node is `after`.
    public mutating func insertMember(in object: Int, after key: Int, name: String, raw: [UInt8]) {
        insertMember(in: object, after: key, name: name, raw: raw, value: .null)
    }

    private mutating func insertMember(in object: Int, after key: Int, name: String, raw: [UInt8]?, value: JSONValue) {
        let members = Array(json.members(object))
        guard let index = members.firstIndex(where: { $0.key == key }) else { return }
        let at = json.byteRange(members[index].value).upperBound
        // The white space between members as written: after a comma (the next member's,
        // or this one's), else before this key.
        let spacedKey = index + 1 < members.count ? members[index + 1].key : key
        let keyStart = json.byteRange(spacedKey).lowerBound
        var wsStart = keyStart
        while wsStart > 0, Self.isSpace(json.bytes[wsStart - 1]) { wsStart -= 1 }
        let whitespace = Array(json.bytes[wsStart..<keyStart])
        // The separator between key and value, as written (`: ` or `:`).
        let separator = Array(json.bytes[json.byteRange(key).upperBound..<json.byteRange(members[index].value).lowerBound])
        var out: [UInt8] = [UInt8(ascii: ",")] + whitespace
        JSONWriter.compact.writeString(name, into: &out)
        out += separator
        out += raw ?? render(value, at: keyStart)
        edits.append(JSONEdit(range: at..<at, replacement: out))
    }

    /// The JSON text with every edit applied (edits that overlap an earlier one are
    /// dropped).
    public func applied() -> [UInt8] {
        applied(to: 0..<json.bytes.count)
    }

    /// The bytes of `range` of the text with the edits inside it applied.
    public func applied(to range: Range<Int>) -> [UInt8] {
        Self.apply(edits, to: json.bytes, range: range)
    }

    /// Applies edits to the bytes of `range`; edits outside it, or overlapping an earlier
    /// one, are skipped.
    public static func apply(_ edits: [JSONEdit], to bytes: [UInt8], range: Range<Int>) -> [UInt8] {
        var inOrder = true
        for i in edits.indices.dropFirst() where edits[i].range.lowerBound < edits[i - 1].range.lowerBound {
            inOrder = false
            break
        }
        let sorted = inOrder ? edits : edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }.map(\.element)
        var out: [UInt8] = []
        out.reserveCapacity(range.count + 64)
        var cursor = range.lowerBound
        for edit in sorted where edit.range.lowerBound >= cursor && edit.range.upperBound <= range.upperBound {
            out.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            out.append(contentsOf: edit.replacement)
            cursor = edit.range.upperBound
        }
        out.append(contentsOf: bytes[cursor..<range.upperBound])
        return out
    }

    // MARK: Writing values in the file's style

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// `value` as JSON: scalars compactly; containers pretty when the text around
    /// `offset` is on several lines, indented like that line.
    private func render(_ value: JSONValue, at offset: Int) -> [UInt8] {
        switch value {
        case .array(let a) where !a.isEmpty: break
        case .object(let o) where !o.isEmpty: break
        default: return JSONWriter.compact.bytes(value)
        }
        guard json.bytes.contains(0x0A) else { return JSONWriter.compact.bytes(value) }
        // The indentation of the line holding `offset`.
        var lineStart = offset
        while lineStart > 0, json.bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var indent: [UInt8] = []
        var i = lineStart
        while i < json.bytes.count, json.bytes[i] == 0x20 || json.bytes[i] == 0x09 { indent.append(json.bytes[i]); i += 1 }
        let unit = max(2, min(8, detectIndentUnit()))
        var pretty = JSONWriter(style: .pretty(indent: unit)).bytes(value)
        if pretty.last == 0x0A { pretty.removeLast() }
        var out: [UInt8] = []
        out.reserveCapacity(pretty.count + 32)
        for c in pretty {
            out.append(c)
            if c == 0x0A { out += indent }
        }
        return out
    }

    /// The smallest indentation step of the text (2 when it cannot tell).
    private func detectIndentUnit() -> Int {
        var smallest = Int.max
        var i = 0
        let bytes = json.bytes
        while i < bytes.count {
            if bytes[i] == 0x0A {
                var n = 0
                while i + 1 + n < bytes.count, bytes[i + 1 + n] == 0x20 { n += 1 }
                if n > 0 { smallest = min(smallest, n) }
            }
            i += 1
        }
        return smallest == .max ? 2 : smallest
    }
}

extension JSONDocument {
    /// Whether the string at `node` holds a lone surrogate escape (`\uD800`, which stands for
    /// no character): read as text it is U+FFFD, so a transform that rewrote the string
    /// would write U+FFFD where the escape was, a change nobody asked for that also hides
    /// the `lone-surrogate` error. Such a string is left as written, with a warning.
    func holdsLoneSurrogate(_ node: Int) -> Bool {
        loneSurrogates.contains { $0.node == node }
    }

    /// The warning for a string ``holdsLoneSurrogate(_:)`` that a transform would rewrite.
    static func loneSurrogateNote(_ text: String, verb: String) -> String {
        "'\(text)' holds a lone surrogate (an escape such as \\uD800 that stands for no character), which a rewritten text cannot keep: it would hold U+FFFD in its place; left as is: fix the escape (the lone-surrogate rule reports it), then \(verb) again"
    }
}
