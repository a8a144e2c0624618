/// One transition of a byte NFA: any byte in `low...high` leads to `target`.
struct ByteEdge: Hashable, Sendable {
    var low: UInt8
    var high: UInt8
    var target: Int32
}

/// A Thompson NFA over UTF-8 bytes, for patterns without backreferences and lookaround.
///
/// Code point sets become tries of UTF-8 byte ranges, so the automaton reads the input
/// bytes directly and never decodes it. Only the answer "is there a match" is needed, so
/// the NFA keeps no captures and quantifier greediness does not matter.
struct ByteNFA: Sendable {
    enum State: Hashable, Sendable {
        /// Reads one byte: `edges[start..<start+count]`.
        case consume(start: Int32, count: Int32)
        /// Epsilon transitions to each target.
        case fork([Int32])
        /// An assertion that must hold before going on to the target.
        case assert(RegexAssertion, Int32)
        /// A match has been found.
        case match
    }

    var states: [State] = []
    var edges: [ByteEdge] = []
    /// `states` flattened for running: no array payloads to retain in the inner loops.
    var flat: [FlatState] = []
    /// The targets of fork states (`flat[i].first..<flat[i].first+flat[i].count`).
    var forkTargets: [Int32] = []
    var start: Int32 = 0
    /// True when the pattern uses `\b` or `\B`, so the automata must track whether the
    /// previous byte was a word character.
    var usesWordBoundary = false

    /// The most states a pattern may expand to (counted repetitions are expanded).
    static let maxStates = 100_000

    /// Compiles `root` (which must not need backtracking). When `anchored` is false the
    /// automaton searches: it may skip any number of characters before the match starts.
    init(_ root: RegexNode, anchored: Bool) throws(RegexError) {
        var compiler = Compiler()
        let matchState = compiler.add(.match)
        let entry = try compiler.compile(root, next: matchState)
        if anchored {
            compiler.nfa.start = entry
        } else {
            // fork(entry, any character -> fork)
            let loop = compiler.add(.fork([]))
            let anyCharacter = compiler.addLooseAnyCharacter(next: loop)
            compiler.nfa.states[Int(loop)] = .fork([entry, anyCharacter])
            compiler.nfa.start = loop
        }
        compiler.nfa.usesWordBoundary = root.usesWordBoundary
        self = compiler.nfa
        flatten()
    }

    /// A state in a form the simulation reads without retaining anything.
    struct FlatState: Sendable {
        static let consume: UInt8 = 0
        static let fork: UInt8 = 1
        static let assert: UInt8 = 2
        static let match: UInt8 = 3
        var kind: UInt8
        var assertion: RegexAssertion
        /// consume: first edge; fork: first target in `forkTargets`; assert: the target.
        var first: Int32
        /// consume: edge count; fork: target count.
        var count: Int32
    }

    private mutating func flatten() {
        flat.reserveCapacity(states.count)
        for state in states {
            switch state {
            case .consume(let start, let count):
                flat.append(FlatState(kind: FlatState.consume, assertion: .start, first: start, count: count))
            case .fork(let targets):
                flat.append(FlatState(kind: FlatState.fork, assertion: .start, first: Int32(forkTargets.count), count: Int32(targets.count)))
                forkTargets += targets
            case .assert(let kind, let target):
                flat.append(FlatState(kind: FlatState.assert, assertion: kind, first: target, count: 0))
            case .match:
                flat.append(FlatState(kind: FlatState.match, assertion: .start, first: 0, count: 0))
            }
        }
    }

    private init() {}

    private struct Compiler {
        var nfa = ByteNFA()
        /// Consume states already built, by their edges: identical suffixes of UTF-8 tries
        /// (and repeated sets) share states.
        var consumeCache: [[ByteEdge]: Int32] = [:]

        mutating func add(_ state: State) -> Int32 {
            nfa.states.append(state)
            return Int32(nfa.states.count - 1)
        }

        mutating func checkSize() throws(RegexError) {
            if nfa.states.count > ByteNFA.maxStates || nfa.edges.count > ByteNFA.maxStates * 4 {
                throw RegexError.syntax(message: "pattern is too large once its repetitions are expanded", offset: 0)
            }
        }

        mutating func addConsume(_ edges: [ByteEdge]) -> Int32 {
            let sorted = edges.sorted { ($0.low, $0.high, $0.target) < ($1.low, $1.high, $1.target) }
            if let existing = consumeCache[sorted] { return existing }
            let start = Int32(nfa.edges.count)
            nfa.edges.append(contentsOf: sorted)
            let state = add(.consume(start: start, count: Int32(sorted.count)))
            consumeCache[sorted] = state
            return state
        }

        mutating func compile(_ node: RegexNode, next: Int32) throws(RegexError) -> Int32 {
            try checkSize()
            switch node {
            case .empty:
                return next
            case .chars(let set):
                return compileSet(set, next: next)
            case .concat(let nodes):
                var entry = next
                for node in nodes.reversed() { entry = try compile(node, next: entry) }
                return entry
            case .alternation(let nodes):
                var entries: [Int32] = []
                for node in nodes { entries.append(try compile(node, next: next)) }
                return add(.fork(entries))
            case .group(let body, _):
                return try compile(body, next: next)
            case .assertion(let kind):
                return add(.assert(kind, next))
            case .quantified(let body, let min, let max, _):
                var entry: Int32
                if let max {
                    entry = next
                    var remaining = max - min
                    while remaining > 0 {
                        let one = try compile(body, next: entry)
                        entry = add(.fork([one, next]))
                        remaining -= 1
                    }
                } else {
                    let loop = add(.fork([]))
                    let one = try compile(body, next: loop)
                    nfa.states[Int(loop)] = .fork([one, next])
                    entry = loop
                }
                var count = min
                while count > 0 {
                    entry = try compile(body, next: entry)
                    count -= 1
                }
                return entry
            case .look, .backreference:
                preconditionFailure("lookaround and backreferences run on the backtracking engine")
            }
        }

        /// A UTF-8 trie for the set; its leaves lead to `next`.
        mutating func compileSet(_ set: ScalarSet, next: Int32) -> Int32 {
            if set.isASCII {
                return addConsume(set.ranges.map { ByteEdge(low: UInt8($0.lowerBound), high: UInt8($0.upperBound), target: next) })
            }
            var trie = ByteTrie()
            for range in set.ranges {
                UTF8Ranges.sequences(range.lowerBound, range.upperBound) { trie.insert($0) }
            }
            return emit(trie, node: 0, next: next)
        }

        private mutating func emit(_ trie: ByteTrie, node: Int, next: Int32) -> Int32 {
            var edges: [ByteEdge] = []
            for edge in trie.nodes[node] {
                let target = edge.child < 0 ? next : emit(trie, node: edge.child, next: next)
                edges.append(ByteEdge(low: edge.low, high: edge.high, target: target))
            }
            return addConsume(edges)
        }

        /// Any well-formed UTF-8 character, read loosely (lead byte, then continuation
        /// bytes): enough on valid input and fewer byte classes than the exact ranges.
        mutating func addLooseAnyCharacter(next: Int32) -> Int32 {
            let one = addConsume([ByteEdge(low: 0x80, high: 0xBF, target: next)])
            let two = addConsume([ByteEdge(low: 0x80, high: 0xBF, target: one)])
            let three = addConsume([ByteEdge(low: 0x80, high: 0xBF, target: two)])
            return addConsume([
                ByteEdge(low: 0x00, high: 0x7F, target: next),
                ByteEdge(low: 0xC0, high: 0xDF, target: one),
                ByteEdge(low: 0xE0, high: 0xEF, target: two),
                ByteEdge(low: 0xF0, high: 0xF7, target: three),
            ])
        }
    }
}

/// A trie of UTF-8 byte-range sequences; `child` -1 marks a final byte.
private struct ByteTrie {
    struct Edge {
        var low: UInt8
        var high: UInt8
        var child: Int
    }

    var nodes: [[Edge]] = [[]]

    mutating func insert(_ sequence: [(UInt8, UInt8)]) {
        var node = 0
        for (position, (low, high)) in sequence.enumerated() {
            let last = position == sequence.count - 1
            if let found = nodes[node].firstIndex(where: { $0.low == low && $0.high == high && ($0.child < 0) == last }) {
                if last { return }
                node = nodes[node][found].child
                continue
            }
            if last {
                nodes[node].append(Edge(low: low, high: high, child: -1))
            } else {
                nodes.append([])
                let child = nodes.count - 1
                nodes[node].append(Edge(low: low, high: high, child: child))
                node = child
            }
        }
    }
}

/// Splits code point ranges into sequences of UTF-8 byte ranges: every code point of the
/// range, and nothing else, is encoded by a byte string matched by one of the sequences.
enum UTF8Ranges {
    /// Calls `body` with each byte-range sequence for `low...high` (surrogates skipped).
    static func sequences(_ low: UInt32, _ high: UInt32, _ body: ([(UInt8, UInt8)]) -> Void) {
        // Surrogates cannot occur in UTF-8.
        if low <= 0xDFFF && high >= 0xD800 {
            if low < 0xD800 { sequences(low, 0xD7FF, body) }
            if high > 0xDFFF { sequences(0xE000, high, body) }
            return
        }
        var low = low
        for limit: UInt32 in [0x7F, 0x7FF, 0xFFFF, 0x10FFFF] {
            if low > limit { continue }
            let top = min(high, limit)
            split(low, top, body)
            if high <= limit { return }
            low = limit + 1
        }
    }

    /// `low` and `high` encode to the same number of bytes.
    private static func split(_ low: UInt32, _ high: UInt32, _ body: ([(UInt8, UInt8)]) -> Void) {
        let length = encodedLength(low)
        if length > 1 {
            for tail in 1..<length {
                let mask: UInt32 = (1 << (6 * UInt32(tail))) - 1
                if low & ~mask != high & ~mask {
                    if low & mask != 0 {
                        split(low, low | mask, body)
                        split((low | mask) + 1, high, body)
                        return
                    }
                    if high & mask != mask {
                        split(low, (high & ~mask) - 1, body)
                        split(high & ~mask, high, body)
                        return
                    }
                }
            }
        }
        let lows = encode(low)
        let highs = encode(high)
        body(Array(zip(lows, highs)))
    }

    static func encodedLength(_ scalar: UInt32) -> Int {
        scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
    }

    static func encode(_ scalar: UInt32) -> [UInt8] {
        switch encodedLength(scalar) {
        case 1: return [UInt8(scalar)]
        case 2: return [UInt8(0xC0 | (scalar >> 6)), UInt8(0x80 | (scalar & 0x3F))]
        case 3:
            return [UInt8(0xE0 | (scalar >> 12)), UInt8(0x80 | ((scalar >> 6) & 0x3F)), UInt8(0x80 | (scalar & 0x3F))]
        default:
            return [
                UInt8(0xF0 | (scalar >> 18)), UInt8(0x80 | ((scalar >> 12) & 0x3F)),
                UInt8(0x80 | ((scalar >> 6) & 0x3F)), UInt8(0x80 | (scalar & 0x3F)),
            ]
        }
    }
}
