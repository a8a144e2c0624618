extension JSONDocument {
    /// The pointer to `target`, descending from `base` (whose pointer is `basePointer`)
    /// instead of from the root: a document in a large array of documents finds its
    /// values without walking its siblings. Falls back to the root when `target` is not
    /// inside `base`.
    public func pointer(to target: Int, from base: Int, basePointer: JSONPointer) -> JSONPointer {
        guard base <= target && target < after(base) else { return pointer(to: target) }
        var tokens = basePointer.tokens
        var node = base
        while node != target {
            var next: Int?
            switch kind(node) {
            case .array:
                for (i, e) in elements(node).enumerated() where e <= target && target < after(e) {
                    tokens.append(String(i))
                    next = e
                    break
                }
            case .object:
                for (k, v) in members(node) {
                    if k == target { return JSONPointer(tokens: tokens + [string(k)!]) }
                    if v <= target && target < after(v) {
                        tokens.append(string(k)!)
                        next = v
                        break
                    }
                }
            default: break
            }
            guard let next else { break }
            node = next
        }
        return JSONPointer(tokens: tokens)
    }
}
