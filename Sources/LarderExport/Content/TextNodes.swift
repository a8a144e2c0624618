import LarderJSON

/// A document's texts as nodes of its parsed file, for the streams that write each text as
/// the file has it (json-bundle and the String Catalog in a streamed build): no string is
/// made of a text, the output copies the file's bytes.
///
/// Every text here is a plain string (the source language's) or an object of simple
/// canonical language tags (`en`, `pt-BR`, `zh-Hant`; see `isSimpleCanonicalTag`) to
/// strings; a document with a text of any other shape (plural forms, tags in other
/// spellings, escaped or non-ASCII keys) is read as ``LocalizedText`` instead. For these
/// shapes ``pick(_:_:)`` chooses the value ``LocaleResolver`` chooses.
struct TextNodes: Sendable {
    /// One language's value of a text.
    struct Value: Sendable {
        /// The language tag, in canonical form.
        var tag: String
        /// The node of the string.
        var node: Int32
        /// True when the string is empty or white space only (``TextValue``'s blank).
        var blank: Bool
    }

    /// Every text's values, text after text.
    private var values: [Value] = []
    /// Where each text's values start in ``values``; the last entry is their count.
    private var starts: [Int32] = []

    /// What ``LocalizedText/init(_:node:sourceLocale:)`` makes of a node, as far as these
    /// streams care.
    enum Shape {
        /// No text (a number, a list, an empty object…): skipped.
        case notText
        /// A text of a shape ``TextNodes`` holds.
        case simple
        /// A text only ``LocalizedText`` reads (plural forms, other tags), or no text.
        case other
    }

    /// The placeholder a stream's ``ExportDocument`` holds for a text kept as nodes.
    static let unread = LocalizedText([])

    static func shape(_ json: JSONDocument, _ node: Int) -> Shape {
        switch json.kind(node) {
        case .string:
            return .simple
        case .object:
            guard json.count(node) > 0 else { return .notText }
            let simple = json.bytes.withUnsafeBufferPointer { bytes in
                json.members(node).allSatisfy { key, value in
                    guard json.kind(value) == .string, !json.hasEscapes(key) else { return false }
                    let tag = UnsafeBufferPointer(rebasing: bytes[json.rawStringBytes(key)])
                    // A key such as `one` or `other` makes the object plural forms.
                    return isSimpleCanonicalTag(utf8: tag) && !TextValue.isCategoryName(json.bytes[json.rawStringBytes(key)])
                }
            }
            return simple ? .simple : .other
        default:
            return .notText
        }
    }

    /// The values of the texts at `nodes` (each of ``Shape/simple``); a plain string is the
    /// text of `sourceLocale`.
    init(_ json: JSONDocument, texts nodes: [Int], sourceLocale: String) {
        let source = canonical(sourceLocale)
        starts.reserveCapacity(nodes.count + 1)
        values.reserveCapacity(nodes.count * 3)
        for node in nodes {
            starts.append(Int32(values.count))
            if json.kind(node) == .string {
                values.append(Value(tag: source, node: Int32(node), blank: Self.isBlank(json, node)))
                continue
            }
            for (key, value) in json.members(node) {
                values.append(Value(tag: json.string(key) ?? "", node: Int32(value), blank: Self.isBlank(json, value)))
            }
        }
        starts.append(Int32(values.count))
    }

    /// ``TextValue``'s `isBlank` of the string at `node`, read from the file's bytes when
    /// its first byte tells.
    static func isBlank(_ json: JSONDocument, _ node: Int) -> Bool {
        let raw = json.rawStringBytes(node)
        if !json.hasEscapes(node), let first = raw.isEmpty ? nil : json.bytes[raw.lowerBound], first > 0x20 && first < 0x7F {
            return false
        }
        return TextValue.text(json.string(node) ?? "").isBlank
    }

    /// The node of the value text `text` takes in the locale `plan` is for, and whether it
    /// is the locale's own (``LocaleResolver/Fill/exact``): the first of the plan's order the
    /// text has (not blank), else its first value that is not blank; nil when all are blank.
    func pick(_ text: Int, _ plan: LocaleResolver.Plan) -> (node: Int, exact: Bool)? {
        let range = Int(starts[text])..<Int(starts[text + 1])
        for tag in plan.order {
            for i in range where values[i].tag == tag && !values[i].blank { return (Int(values[i].node), tag == plan.wanted) }
        }
        for i in range where !values[i].blank { return (Int(values[i].node), values[i].tag == plan.wanted) }
        return nil
    }
}
