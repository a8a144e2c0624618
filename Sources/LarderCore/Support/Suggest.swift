/// "Did you mean …?" for ids, rule names, units and options a user mistyped.
///
///     Suggest.closest(to: "image-exist", in: ["image-exists", "url"])   // "image-exists"
public enum Suggest {
    /// The candidate closest to `text` within a small edit distance (a third of its length,
    /// at least 1), if any; ties go to the first candidate.
    public static func closest(to text: String, in candidates: some Sequence<String>) -> String? {
        let a = Array(text.lowercased())
        let limit = max(1, a.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let b = Array(candidate.lowercased())
            if abs(a.count - b.count) > limit { continue }
            let d = distance(a, b, limit: limit)
            if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// Edit distance where an insertion, a deletion, a substitution or a swap of two
    /// neighbouring characters (`scael` for `scale`, the commonest typo) counts one (optimal
    /// string alignment), giving up (returning limit + 1) once it must exceed `limit`.
    public static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
