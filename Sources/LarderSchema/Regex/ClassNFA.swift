/// A Thompson NFA over character classes (see ``ScalarAlphabet``), for patterns without
/// backreferences and lookaround.
///
/// Only the answer "is there a match" is needed, so the NFA keeps no captures and
/// quantifier greediness does not matter. A class, so that the simulation holds it with
/// one reference count.
final class ClassNFA: Sendable {
    /// A state, flattened so that the simulation reads it without retaining anything.
    struct State: Sendable {
        static let consume: UInt8 = 0
        static let fork: UInt8 = 1
        static let assert: UInt8 = 2
        static let match: UInt8 = 3
        var kind: UInt8
        var assertion: RegexAssertion
        /// consume: the set (row of `alphabet.membership`); fork: first target in
        /// `forkTargets`.
        var first: Int32
        /// consume and assert: the next state; fork: the number of targets.
        var second: Int32
    }

    let states: [State]
    let forkTargets: [Int32]
    let start: Int32
    let alphabet: ScalarAlphabet
    /// True when the pattern uses `\b` or `\B`, so the automata must track whether the
    /// previous character was a word character.
    let usesWordBoundary: Bool

    /// The most states a pattern may expand to (counted repetitions are expanded).
    static let maxStates = 100_000

    /// Compiles `root` (which must not need backtracking). When `anchored` is false the
    /// automaton searches: it may skip any number of characters before the match starts.
    init(_ root: RegexNode, anchored: Bool) throws(RegexError) {
        usesWordBoundary = root.usesWordBoundary
        var sets: [ScalarSet] = []
        var setIndex: [ScalarSet: Int32] = [:]
        func collect(_ set: ScalarSet) {
            if setIndex[set] == nil {
                setIndex[set] = Int32(sets.count)
                sets.append(set)
            }
        }
        root.forEachSet(collect)
        collect(.all)
        if usesWordBoundary { collect(.word) }
        let alphabet = ScalarAlphabet(sets: sets)
        self.alphabet = alphabet

        var builder = Builder(setIndex: setIndex)
        let matchState = builder.add(State(kind: State.match, assertion: .start, first: 0, second: 0))
        let entry = try builder.compile(root, next: matchState)
        if anchored {
            self.start = entry
        } else {
            // loop: fork(entry, any character -> loop)
            let loop = builder.addFork([])
            let anyCharacter = builder.add(State(kind: State.consume, assertion: .start, first: setIndex[.all]!, second: loop))
            builder.setFork(loop, [entry, anyCharacter])
            self.start = loop
        }
        states = builder.states
        forkTargets = builder.forkTargets
    }

    /// Whether class `characterClass` is in the set of consume state `state`.
    @inline(__always)
    func consumes(_ state: State, _ characterClass: Int) -> Bool {
        alphabet.membership[Int(state.first) * alphabet.classCount + characterClass]
    }

    private struct Builder {
        var states: [State] = []
        var forkTargets: [Int32] = []
        let setIndex: [ScalarSet: Int32]

        init(setIndex: [ScalarSet: Int32]) {
            self.setIndex = setIndex
        }

        mutating func add(_ state: State) -> Int32 {
            states.append(state)
            return Int32(states.count - 1)
        }

        mutating func addFork(_ targets: [Int32]) -> Int32 {
            let state = add(State(kind: State.fork, assertion: .start, first: 0, second: 0))
            setFork(state, targets)
            return state
        }

        mutating func setFork(_ state: Int32, _ targets: [Int32]) {
            states[Int(state)].first = Int32(forkTargets.count)
            states[Int(state)].second = Int32(targets.count)
            forkTargets += targets
        }

        func checkSize() throws(RegexError) {
            if states.count > ClassNFA.maxStates {
                throw RegexError.syntax(message: "pattern is too large once its repetitions are expanded", offset: 0)
            }
        }

        mutating func compile(_ node: RegexNode, next: Int32) throws(RegexError) -> Int32 {
            try checkSize()
            switch node {
            case .empty:
                return next
            case .chars(let set):
                return add(State(kind: State.consume, assertion: .start, first: setIndex[set]!, second: next))
            case .concat(let nodes):
                var entry = next
                for node in nodes.reversed() { entry = try compile(node, next: entry) }
                return entry
            case .alternation(let nodes):
                var entries: [Int32] = []
                for node in nodes { entries.append(try compile(node, next: next)) }
                return addFork(entries)
            case .group(let body, _):
                return try compile(body, next: next)
            case .assertion(let kind):
                return add(State(kind: State.assert, assertion: kind, first: 0, second: next))
            case .quantified(let body, let min, let max, _):
                var entry: Int32
                if let max {
                    entry = next
                    var remaining = max - min
                    while remaining > 0 {
                        let one = try compile(body, next: entry)
                        entry = addFork([one, next])
                        remaining -= 1
                    }
                } else {
                    let loop = add(State(kind: State.fork, assertion: .start, first: 0, second: 0))
                    let one = try compile(body, next: loop)
                    setFork(loop, [one, next])
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
    }
}

extension RegexNode {
    /// Calls `body` with every code point set of the node.
    func forEachSet(_ body: (ScalarSet) -> Void) {
        switch self {
        case .chars(let set): body(set)
        case .empty, .assertion, .backreference: break
        case .concat(let nodes), .alternation(let nodes):
            for node in nodes { node.forEachSet(body) }
        case .quantified(let node, _, _, _), .group(let node, _), .look(let node, _, _):
            node.forEachSet(body)
        }
    }
}

/// UTF-8 encoding of code points.
enum UTF8Ranges {
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
