/// Every document of a run, for rules that look across files (unique ids, references
/// between kinds).
///
///     let recipes = context.content.documents(ofKind: "recipe")
public struct ContentSet: Sendable {
    /// The documents, in load order.
    public var documents: [Document]

    public init(_ documents: [Document] = []) {
        self.documents = documents
    }

    /// The documents of one kind.
    public func documents(ofKind kind: String) -> [Document] {
        documents.filter { $0.kind == kind }
    }

    /// The distinct files, in load order.
    public var files: [String] {
        var seen = Set<String>()
        return documents.compactMap { seen.insert($0.file).inserted ? $0.file : nil }
    }
}
