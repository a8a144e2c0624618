extension JSONDocument {
    /// The pointer to `target`, descending from `base` (whose pointer is `basePointer`)
    /// instead of from the root: a document in a large array of documents finds its
    /// values without walking its siblings. Falls back to the root when `target` is not
    /// inside `base`.
    public func pointer(to target: Int, from base: Int, basePointer: JSONPointer) -> JSONPointer {
        guard base <= target && target < after(base) else { return base == root ? .root : pointer(to: target) }
        var tokens = basePointer.tokens
        var node = base
        while node != target, let (index, child) = child(of: node, holding: target) {
            if kind(node) == .array {
                tokens.append(String(index))
                node = child
            } else {
                tokens.append(string(child)!)
                // The key itself is named by the member's pointer.
                if child == target { break }
                node = child + 1
            }
        }
        return JSONPointer(tokens: tokens)
    }
}
