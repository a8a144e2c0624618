/// A zero-width assertion that looks at the characters around the current position.
enum RegexAssertion: UInt8, Hashable, Sendable {
    /// `^` (no multiline flag: only the start of the input).
    case start
    /// `$` (no multiline flag: only the end of the input).
    case end
    /// `\b`
    case wordBoundary
    /// `\B`
    case notWordBoundary
}

/// The syntax tree of a parsed ECMA-262 pattern.
indirect enum RegexNode: Hashable, Sendable {
    /// Matches the empty string.
    case empty
    /// Matches one code point of the set.
    case chars(ScalarSet)
    /// The nodes one after the other.
    case concat([RegexNode])
    /// The first alternative that leads to a match.
    case alternation([RegexNode])
    /// `node` repeated `min` to `max` times (`max` nil: unbounded).
    case quantified(RegexNode, min: Int, max: Int?, greedy: Bool)
    /// A group; `capture` is the 1-based group number of a capturing group.
    case group(RegexNode, capture: Int?)
    /// `^`, `$`, `\b`, `\B`.
    case assertion(RegexAssertion)
    /// `(?=)`, `(?!)`, `(?<=)`, `(?<!)`.
    case look(RegexNode, behind: Bool, negative: Bool)
    /// `\1` or `\k<name>` (resolved to the group number).
    case backreference(Int)
}

extension RegexNode {
    /// True when the node holds a backreference or a lookaround, which the automata
    /// cannot run.
    var needsBacktracking: Bool {
        switch self {
        case .empty, .chars, .assertion: false
        case .backreference, .look: true
        case .concat(let nodes), .alternation(let nodes): nodes.contains { $0.needsBacktracking }
        case .quantified(let node, _, _, _), .group(let node, _): node.needsBacktracking
        }
    }

    /// True when the node holds `\b` or `\B`.
    var usesWordBoundary: Bool {
        switch self {
        case .empty, .chars, .backreference: false
        case .assertion(let kind): kind == .wordBoundary || kind == .notWordBoundary
        case .concat(let nodes), .alternation(let nodes): nodes.contains { $0.usesWordBoundary }
        case .quantified(let node, _, _, _), .group(let node, _), .look(let node, _, _): node.usesWordBoundary
        }
    }

    /// True when every match must begin at the start of the input (the node starts with
    /// `^` on every path), so a search need not try later positions.
    var isAnchoredAtStart: Bool {
        switch self {
        case .assertion(let kind): return kind == .start
        case .group(let node, _): return node.isAnchoredAtStart
        case .alternation(let nodes): return !nodes.isEmpty && nodes.allSatisfy { $0.isAnchoredAtStart }
        case .quantified(let node, let min, _, _): return min > 0 && node.isAnchoredAtStart
        case .concat(let nodes):
            for node in nodes {
                if node.isAnchoredAtStart { return true }
                switch node {
                case .assertion, .look: continue  // zero-width: the next node decides
                default: return false
                }
            }
            return false
        case .empty, .chars, .look, .backreference: return false
        }
    }

    /// The range of capture group numbers inside the node, if any (for resetting captures
    /// at each iteration of a quantifier, as ECMA-262 does).
    var captureRange: ClosedRange<Int>? {
        var low = Int.max
        var high = Int.min
        collectCaptures(&low, &high)
        return low <= high ? low...high : nil
    }

    private func collectCaptures(_ low: inout Int, _ high: inout Int) {
        switch self {
        case .empty, .chars, .assertion, .backreference: break
        case .concat(let nodes), .alternation(let nodes):
            for node in nodes { node.collectCaptures(&low, &high) }
        case .quantified(let node, _, _, _), .look(let node, _, _): node.collectCaptures(&low, &high)
        case .group(let node, let capture):
            if let capture {
                low = Swift.min(low, capture)
                high = Swift.max(high, capture)
            }
            node.collectCaptures(&low, &high)
        }
    }
}

extension RegexNode {
    /// The UTF-8 bytes that every match of a pattern of the form `^literal...` begins
    /// with at the start of the input; empty when there is no such literal.
    var anchoredLiteralPrefix: [UInt8] {
        guard case .concat(let nodes) = self, case .assertion(.start) = nodes.first else { return [] }
        var bytes: [UInt8] = []
        for node in nodes.dropFirst() {
            guard case .chars(let set) = node, let scalar = set.singleScalar, !(0xD800...0xDFFF).contains(scalar) else { break }
            bytes += UTF8Ranges.encode(scalar)
        }
        return bytes
    }
}

extension RegexNode {
    /// The node with lookarounds replaced by the empty string and backreferences by
    /// "anything": it matches every string the node matches (and more), and the
    /// automata can run it, so it rules inputs out in linear time before backtracking.
    var relaxedForAutomata: RegexNode {
        switch self {
        case .empty, .chars, .assertion: self
        case .look: .empty
        case .backreference: .quantified(.chars(.all), min: 0, max: nil, greedy: true)
        case .concat(let nodes): .concat(nodes.map(\.relaxedForAutomata))
        case .alternation(let nodes): .alternation(nodes.map(\.relaxedForAutomata))
        case .quantified(let node, let min, let max, let greedy):
            .quantified(node.relaxedForAutomata, min: min, max: max, greedy: greedy)
        case .group(let node, let capture): .group(node.relaxedForAutomata, capture: capture)
        }
    }
}

extension RegexNode {
    /// The code points a match of the node can start with, and whether it can match
    /// without consuming anything (then any position may start a match).
    var firstCharacters: (set: ScalarSet, canBeEmpty: Bool) {
        switch self {
        case .empty, .assertion, .look:
            return (ScalarSet(), true)
        case .chars(let set):
            return (set, false)
        case .backreference:
            return (.all, true)
        case .group(let node, _):
            return node.firstCharacters
        case .quantified(let node, let min, _, _):
            let inner = node.firstCharacters
            return (inner.set, min == 0 || inner.canBeEmpty)
        case .alternation(let nodes):
            var set = ScalarSet()
            var canBeEmpty = false
            for node in nodes {
                let first = node.firstCharacters
                set = set.union(first.set)
                canBeEmpty = canBeEmpty || first.canBeEmpty
            }
            return (set, canBeEmpty)
        case .concat(let nodes):
            var set = ScalarSet()
            for node in nodes {
                let first = node.firstCharacters
                set = set.union(first.set)
                if !first.canBeEmpty { return (set, false) }
            }
            return (set, true)
        }
    }
}
