import Foundation

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
    // Buffers reused from step to step.
    private var expanded: [Int32] = []
    private var scratch: [Int32] = []

    init(_ nfa: ByteNFA) {
        self.nfa = nfa
        stamp = Array(repeating: 0, count: nfa.flat.count)
    }

    /// Flags of a DFA state: bit 0 "at the start of the input", bit 1 "the previous byte
    /// is a word character".
    static let atStartFlag: UInt8 = 1
    static let previousWordFlag: UInt8 = 2

    enum Outcome {
        case match
        case dead
        case next(flags: UInt8)
    }

    private mutating func newGeneration() {
        generation &+= 1
        if generation == 0 {
            for index in stamp.indices { stamp[index] = 0 }
            generation = 1
        }
    }

    /// Adds the epsilon closure of `seed` to `output` (states not yet seen in this
    /// generation; no fork states). Assertions are followed when they hold in `context`
    /// and kept pending when `context` is nil. Returns true when the match state is reached.
    private mutating func addClosure(_ seed: Int32, context: AssertionContext?, into output: inout [Int32]) -> Bool {
        var matched = false
        stack.append(seed)
        while let state = stack.popLast() {
            let index = Int(state)
            if stamp[index] == generation { continue }
            stamp[index] = generation
            let flat = nfa.flat[index]
            switch flat.kind {
            case ByteNFA.FlatState.consume:
                output.append(state)
            case ByteNFA.FlatState.fork:
                var target = Int(flat.first + flat.count) - 1
                while target >= Int(flat.first) {
                    stack.append(nfa.forkTargets[target])
                    target -= 1
                }
            case ByteNFA.FlatState.assert:
                if let context {
                    if context.holds(flat.assertion) { stack.append(flat.first) }
                } else {
                    output.append(state)
                }
            default:
                matched = true
            }
        }
        return matched
    }

    /// Moves a reusable buffer out of `self` (emptied, capacity kept).
    private func takeBuffer(_ buffer: inout [Int32]) -> [Int32] {
        var taken: [Int32] = []
        swap(&taken, &buffer)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    private func hasPendingAssertion(_ set: [Int32]) -> Bool {
        for state in set where nfa.flat[Int(state)].kind == ByteNFA.FlatState.assert { return true }
        return false
    }

    /// The initial state set, into `set`.
    mutating func start(into set: inout [Int32]) -> Outcome {
        set.removeAll(keepingCapacity: true)
        newGeneration()
        if addClosure(nfa.start, context: nil, into: &set) { return .match }
        return .next(flags: NFAStepper.atStartFlag)
    }

    /// Replaces `set` by the set reached from it by reading `byte`.
    mutating func step(_ set: inout [Int32], flags: UInt8, byte: UInt8) -> Outcome {
        let nextIsWord = isWordByte(byte)
        if hasPendingAssertion(set) {
            let context = AssertionContext(
                atStart: flags & NFAStepper.atStartFlag != 0, atEnd: false,
                previousIsWord: flags & NFAStepper.previousWordFlag != 0, nextIsWord: nextIsWord)
            var output = takeBuffer(&expanded)
            defer { expanded = output }
            newGeneration()
            for state in set where addClosure(state, context: context, into: &output) { return .match }
            swap(&set, &output)
        }
        var output = takeBuffer(&scratch)
        defer { scratch = output }
        newGeneration()
        let nfa = self.nfa
        for state in set {
            let flat = nfa.flat[Int(state)]
            guard flat.kind == ByteNFA.FlatState.consume else { continue }
            for edgeIndex in Int(flat.first)..<Int(flat.first + flat.count) {
                let edge = nfa.edges[edgeIndex]
                if byte >= edge.low && byte <= edge.high {
                    if addClosure(edge.target, context: nil, into: &output) { return .match }
                }
            }
        }
        swap(&set, &output)
        if set.isEmpty { return .dead }
        return .next(flags: nfa.usesWordBoundary && nextIsWord ? NFAStepper.previousWordFlag : 0)
    }

    /// Whether the set, at the end of the input, completes a match.
    mutating func acceptsAtEnd(_ set: [Int32], flags: UInt8) -> Bool {
        let context = AssertionContext(
            atStart: flags & NFAStepper.atStartFlag != 0, atEnd: true,
            previousIsWord: flags & NFAStepper.previousWordFlag != 0, nextIsWord: false)
        var output = takeBuffer(&expanded)
        defer { expanded = output }
        newGeneration()
        for state in set where addClosure(state, context: context, into: &output) { return true }
        return false
    }

    /// Runs the NFA over `bytes` without building a DFA: linear in the input, slower per
    /// byte than the DFA.
    mutating func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var set: [Int32] = []
        var flags: UInt8
        switch start(into: &set) {
        case .match: return true
        case .dead: return false
        case .next(let first): flags = first
        }
        for byte in bytes {
            switch step(&set, flags: flags, byte: byte) {
            case .match: return true
            case .dead: return false
            case .next(let next): flags = next
            }
        }
        return acceptsAtEnd(set, flags: flags)
    }
}

/// A deterministic automaton over bytes built in full when a pattern is compiled: a
/// search is then one table look-up per input byte.
///
/// Everything lives in one array so that a search touches a single buffer:
/// `storage[0..<256]` maps each byte value to its byte class; the rows follow, one per
/// state, each `stride` entries wide: one entry per byte class holding the next state
/// (as the offset of its row), then one entry that is 1 when reaching the end of the
/// input in that state completes a match. The first row is the dead state ("no match
/// possible"), the second the match state ("a match was found"); both are absorbing.
struct ByteDFA: Sendable {
    /// Byte classes followed by the rows.
    let storage: [Int32]
    /// Entries per row: the byte classes plus the end-of-input column.
    let stride: Int
    /// The row offset of the start state.
    let start: Int
    /// True when the empty string matches at the start, so every input matches.
    let alwaysMatches: Bool
    /// The number of states, dead and match states included.
    let stateCount: Int
    /// Bytes every match starts with at the start of the input (an anchored pattern such
    /// as `^https://...`): compared directly instead of stepping through the table.
    let anchoredPrefix: [UInt8]
    /// The row reached from `start` by reading `anchoredPrefix`.
    let afterPrefix: Int

    static let rowBase = 256
    static let deadRow = rowBase

    var matchRow: Int { ByteDFA.rowBase + stride }

    /// Builds the DFA of `nfa`; nil when it would need more than `maxStates` states.
    init?(_ nfa: ByteNFA, maxStates: Int, anchoredPrefix: [UInt8] = []) {
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
        var storage = [Int32](repeating: 0, count: ByteDFA.rowBase)
        var representatives: [UInt8] = [0]
        var current: Int32 = 0
        for byte in 1..<256 {
            if boundary[byte] {
                current += 1
                representatives.append(UInt8(byte))
            }
            storage[byte] = current
        }
        let classCount = representatives.count
        let stride = classCount + 1
        let rowBase = ByteDFA.rowBase
        func row(_ id: Int) -> Int32 { Int32(rowBase + id * stride) }

        var stepper = NFAStepper(nfa)
        var sets: [[Int32]] = [[], []]
        var flagsOf: [UInt8] = [0, 0]
        var ids: [StateKey: Int] = [:]
        // Dead row: everything leads to the dead row, no match at the end.
        storage.append(contentsOf: repeatElement(row(0), count: classCount))
        storage.append(0)
        // Match row: everything leads to the match row, a match at the end.
        storage.append(contentsOf: repeatElement(row(1), count: classCount))
        storage.append(1)

        func intern(_ set: [Int32], _ flags: UInt8) -> Int? {
            let key = StateKey(set: set, flags: flags)
            if let id = ids[key] { return id }
            if sets.count >= maxStates { return nil }
            ids[key] = sets.count
            sets.append(set)
            flagsOf.append(flags)
            storage.append(contentsOf: repeatElement(0, count: stride))
            return sets.count - 1
        }

        let startID: Int
        var work: [Int32] = []
        switch stepper.start(into: &work) {
        case .match:
            alwaysMatches = true
            startID = 1
        case .dead:
            alwaysMatches = false
            startID = 0
        case .next(let flags):
            alwaysMatches = false
            guard let id = intern(work.sorted(), flags) else { return nil }
            startID = id
        }

        var pending = 2
        while pending < sets.count {
            let id = pending
            pending += 1
            let base = Int(row(id))
            for column in 0..<classCount {
                let target: Int
                work = sets[id]
                switch stepper.step(&work, flags: flagsOf[id], byte: representatives[column]) {
                case .match: target = 1
                case .dead: target = 0
                case .next(let flags):
                    work.sort()
                    guard let interned = intern(work, flags) else { return nil }
                    target = interned
                }
                storage[base + column] = row(target)
            }
            storage[base + classCount] = stepper.acceptsAtEnd(sets[id], flags: flagsOf[id]) ? 1 : 0
        }

        self.storage = storage
        self.stride = stride
        self.start = Int(row(startID))
        self.stateCount = sets.count
        var state = self.start
        for byte in anchoredPrefix { state = Int(storage[state + Int(storage[Int(byte)])]) }
        self.anchoredPrefix = anchoredPrefix
        self.afterPrefix = state
    }

    /// Whether the automaton finds a match in `bytes`.
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if alwaysMatches { return true }
        let matchRow = self.matchRow
        let endColumn = stride - 1
        var state = start
        var remaining = bytes
        if !anchoredPrefix.isEmpty {
            let length = anchoredPrefix.count
            guard bytes.count >= length,
                anchoredPrefix.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress!, length) == 0 })
            else { return false }
            state = afterPrefix
            remaining = UnsafeBufferPointer(rebasing: bytes[length...])
        }
        return storage.withUnsafeBufferPointer { storage in
            for byte in remaining {
                state = Int(storage[state &+ Int(storage[Int(byte)])])
                if state <= matchRow { return state == matchRow }
            }
            return storage[state &+ endColumn] != 0
        }
    }
}

private struct StateKey: Hashable {
    var set: [Int32]
    var flags: UInt8
}
