/// What the assertions can see at a position between two bytes.
struct AssertionContext {
    var atStart: Bool
    var atEnd: Bool
    var previousIsWord: Bool
    var nextIsWord: Bool

    func holds(_ assertion: RegexAssertion) -> Bool {
        switch assertion {
        case .start: atStart
        case .end: atEnd
        case .wordBoundary: previousIsWord != nextIsWord
        case .notWordBoundary: previousIsWord == nextIsWord
        }
    }
}

@inline(__always)
func isWordByte(_ byte: UInt8) -> Bool {
    ScalarSet.isWordScalar(UInt32(byte))
}

/// Runs a ``ByteNFA`` one byte at a time on sets of states (the subset construction's
/// step), for building the DFA and for simulating the NFA directly when the DFA would
/// be too large.
///
/// A set holds consume states and, still unevaluated, assertion states: whether `\b` or
/// `$` holds depends on the byte that comes next, so assertions are evaluated at the
/// next step, when that byte is known.
struct NFAStepper {
    let nfa: ByteNFA
    private var stamp: [UInt32]
    private var generation: UInt32 = 0
    private var stack: [Int32] = []

    init(_ nfa: ByteNFA) {
        self.nfa = nfa
        stamp = Array(repeating: 0, count: nfa.states.count)
    }

    /// Flags of a DFA state: bit 0 "at the start of the input", bit 1 "the previous byte
    /// is a word character".
    static let atStartFlag: UInt8 = 1
    static let previousWordFlag: UInt8 = 2

    enum Outcome {
        case match
        case dead
        case next([Int32], flags: UInt8)
    }

    /// The epsilon closure of `seeds` into `output` (sorted, no fork states); assertions
    /// are followed when they hold in `context`, kept pending when `context` is nil.
    /// Returns true when the match state is reached.
    mutating func closure(_ seeds: [Int32], context: AssertionContext?, into output: inout [Int32]) -> Bool {
        output.removeAll(keepingCapacity: true)
        generation &+= 1
        if generation == 0 {
            for index in stamp.indices { stamp[index] = 0 }
            generation = 1
        }
        var matched = false
        stack.removeAll(keepingCapacity: true)
        for seed in seeds.reversed() { stack.append(seed) }
        while let state = stack.popLast() {
            let index = Int(state)
            if stamp[index] == generation { continue }
            stamp[index] = generation
            switch nfa.states[index] {
            case .match:
                matched = true
            case .consume:
                output.append(state)
            case .fork(let targets):
                for target in targets.reversed() { stack.append(target) }
            case .assert(let kind, let target):
                if let context {
                    if context.holds(kind) { stack.append(target) }
                } else {
                    output.append(state)
                }
            }
        }
        output.sort()
        return matched
    }

    /// The initial state set.
    mutating func start() -> Outcome {
        var set: [Int32] = []
        if closure([nfa.start], context: nil, into: &set) { return .match }
        return .next(set, flags: NFAStepper.atStartFlag)
    }

    /// The set reached from `set` by reading `byte`.
    mutating func step(_ set: [Int32], flags: UInt8, byte: UInt8) -> Outcome {
        let nextIsWord = isWordByte(byte)
        var expanded = set
        if set.contains(where: { if case .assert = nfa.states[Int($0)] { true } else { false } }) {
            let context = AssertionContext(
                atStart: flags & NFAStepper.atStartFlag != 0, atEnd: false,
                previousIsWord: flags & NFAStepper.previousWordFlag != 0, nextIsWord: nextIsWord)
            if closure(set, context: context, into: &expanded) { return .match }
        }
        var targets: [Int32] = []
        for state in expanded {
            guard case .consume(let start, let count) = nfa.states[Int(state)] else { continue }
            for edgeIndex in Int(start)..<Int(start + count) {
                let edge = nfa.edges[edgeIndex]
                if byte >= edge.low && byte <= edge.high { targets.append(edge.target) }
            }
        }
        var next: [Int32] = []
        if closure(targets, context: nil, into: &next) { return .match }
        if next.isEmpty { return .dead }
        let newFlags: UInt8 = nfa.usesWordBoundary && nextIsWord ? NFAStepper.previousWordFlag : 0
        return .next(next, flags: newFlags)
    }

    /// Whether the set, at the end of the input, completes a match.
    mutating func acceptsAtEnd(_ set: [Int32], flags: UInt8) -> Bool {
        let context = AssertionContext(
            atStart: flags & NFAStepper.atStartFlag != 0, atEnd: true,
            previousIsWord: flags & NFAStepper.previousWordFlag != 0, nextIsWord: false)
        var scratch: [Int32] = []
        return closure(set, context: context, into: &scratch)
    }

    /// Runs the NFA over `bytes` without building a DFA: linear in the input, slower per
    /// byte than the DFA.
    mutating func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var set: [Int32]
        var flags: UInt8
        switch start() {
        case .match: return true
        case .dead: return false
        case .next(let first, let firstFlags):
            set = first
            flags = firstFlags
        }
        for byte in bytes {
            switch step(set, flags: flags, byte: byte) {
            case .match: return true
            case .dead: return false
            case .next(let next, let nextFlags):
                set = next
                flags = nextFlags
            }
        }
        return acceptsAtEnd(set, flags: flags)
    }
}

/// A deterministic automaton over bytes built in full when a pattern is compiled: a
/// search is then one table look-up per input byte.
///
/// State 0 is "no match possible", state 1 is "a match was found" (both absorbing); the
/// table holds state numbers premultiplied by the number of byte classes.
final class ByteDFA: Sendable {
    /// The byte class of each byte value.
    let byteClass: [UInt8]
    /// The number of byte classes (the width of a table row).
    let stride: Int
    /// `table[state * stride + class]` = next state * stride.
    let table: [Int32]
    /// Whether reaching the end of the input in a state completes a match.
    let acceptsAtEnd: [Bool]
    /// The start state, premultiplied.
    let start: Int
    /// True when the empty string matches at the start, so every input matches.
    let alwaysMatches: Bool

    /// Builds the DFA of `nfa`; nil when it would need more than `maxStates` states.
    init?(_ nfa: ByteNFA, maxStates: Int) {
        // Byte classes: bytes that no edge (and, with \b, no word test) tells apart.
        var boundary = [Bool](repeating: false, count: 257)
        for edge in nfa.edges {
            boundary[Int(edge.low)] = true
            boundary[Int(edge.high) + 1] = true
        }
        if nfa.usesWordBoundary {
            for range in ScalarSet.word.ranges {
                boundary[Int(range.lowerBound)] = true
                boundary[Int(range.upperBound) + 1] = true
            }
        }
        var classes = [UInt8](repeating: 0, count: 256)
        var representatives: [UInt8] = [0]
        var current = 0
        for byte in 1..<256 {
            if boundary[byte] {
                current += 1
                representatives.append(UInt8(byte))
            }
            classes[byte] = UInt8(current)
        }
        let stride = representatives.count

        var stepper = NFAStepper(nfa)
        var sets: [[Int32]] = [[], []]
        var flagsOf: [UInt8] = [0, 0]
        var ids: [StateKey: Int] = [:]
        var table = [Int32](repeating: 0, count: 2 * stride)
        for column in 0..<stride { table[stride + column] = Int32(stride) }

        func intern(_ set: [Int32], _ flags: UInt8) -> Int? {
            let key = StateKey(set: set, flags: flags)
            if let id = ids[key] { return id }
            if sets.count >= maxStates { return nil }
            ids[key] = sets.count
            sets.append(set)
            flagsOf.append(flags)
            table.append(contentsOf: repeatElement(0, count: stride))
            return sets.count - 1
        }

        let startID: Int
        switch stepper.start() {
        case .match:
            alwaysMatches = true
            startID = 1
        case .dead:
            alwaysMatches = false
            startID = 0
        case .next(let set, let flags):
            alwaysMatches = false
            guard let id = intern(set, flags) else { return nil }
            startID = id
        }

        var pending = 2
        while pending < sets.count {
            let id = pending
            pending += 1
            for column in 0..<stride {
                let target: Int
                switch stepper.step(sets[id], flags: flagsOf[id], byte: representatives[column]) {
                case .match: target = 1
                case .dead: target = 0
                case .next(let set, let flags):
                    guard let interned = intern(set, flags) else { return nil }
                    target = interned
                }
                table[id * stride + column] = Int32(target * stride)
            }
        }

        var accepts = [false, true]
        for id in 2..<sets.count { accepts.append(stepper.acceptsAtEnd(sets[id], flags: flagsOf[id])) }

        self.byteClass = classes
        self.stride = stride
        self.table = table
        self.acceptsAtEnd = accepts
        self.start = startID * stride
    }

    var stateCount: Int { acceptsAtEnd.count }

    /// Whether the automaton finds a match in `bytes`.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if alwaysMatches { return true }
        let stride = self.stride
        let state: Int = table.withUnsafeBufferPointer { table in
            byteClass.withUnsafeBufferPointer { classes in
                var state = start
                for byte in bytes {
                    state = Int(table[state &+ Int(classes[Int(byte)])])
                    if state <= stride { return state }
                }
                return state
            }
        }
        if state == 0 { return false }
        if state == stride { return true }
        return acceptsAtEnd[state / stride]
    }
}

private struct StateKey: Hashable {
    var set: [Int32]
    var flags: UInt8
}
