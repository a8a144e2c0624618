/// The stable key of one localized text: its kind, its document's id and its place in the
/// document, written `recipe.negroni.name`, `recipe.negroni.steps.2`,
/// `recipe.negroni.ingredients.0.name` or `taxonomy.en:milk`.
///
/// Keys depend only on ids and field names, never on file names or order in a file, so a
/// change to one text changes one line of a string table, and ids a team never changes keep
/// their keys for ever. Indices in lists (`steps.2`) count from 0, as JSON Pointers do.
public struct StringKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The content kind (`recipe`).
    public var kind: String
    /// The document's id, made safe (see ``SafeName/keySegment(_:)``).
    public var id: String
    /// The field path within the document (`["steps", "2"]`), each segment made safe; empty
    /// for a taxonomy label.
    public var path: [String]

    public init(kind: String, id: String, path: [String]) {
        self.kind = kind
        self.id = id
        self.path = path
    }

    /// The segments: kind, id, then the path.
    public var segments: [String] { [kind, id] + path }

    /// `recipe.negroni.steps.2`.
    public var description: String { segments.joined(separator: ".") }

    /// Keys sort by kind, then id (numbers by value: `2` before `10`), then path (indices by
    /// value), so `steps.2` comes before `steps.10`.
    public static func < (a: StringKey, b: StringKey) -> Bool {
        if a.kind != b.kind { return a.kind < b.kind }
        if a.id != b.id { return precedes(a.id, b.id) }
        return pathPrecedes(a.path, b.path)
    }

    /// The order of ``<(_:_:)`` on the paths of two keys of one document (a document's
    /// texts are sorted by it: no key is made for each comparison).
    static func pathPrecedes(_ a: [String], _ b: [String]) -> Bool {
        for (s, t) in zip(a, b) where s != t { return precedes(s, t) }
        return a.count < b.count
    }

    /// Numbers by value, anything else as text, and a number before text: a total order
    /// (comparing a number with text as text made `9 < 10 < 1a < 9`, and the order of a sort
    /// then depended on the order of its input).
    static func precedes(_ s: String, _ t: String) -> Bool {
        precedes(s, Int(s), t, Int(t))
    }

    /// ``precedes(_:_:)`` with the numbers already read.
    static func precedes(_ s: String, _ sNumber: Int?, _ t: String, _ tNumber: Int?) -> Bool {
        switch (sNumber, tNumber) {
        case let (i?, j?): return i != j ? i < j : s < t
        case (_?, nil): return true
        case (nil, _?): return false
        case (nil, nil): return s < t
        }
    }
}
