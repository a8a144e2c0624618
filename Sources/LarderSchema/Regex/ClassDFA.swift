import Foundation

/// What the assertions can see at a position between two characters.
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

/// Runs a ``ClassNFA`` one character class at a time on sets of states (the subset
/// construction's step), for building the DFA and for simulating the NFA directly when
/// the DFA would be too large.
///
/// A set holds consume states and, still unevaluated, assertion states: whether `\b` or
/// `$` holds depends on the character that comes next, so assertions are evaluated at
/// the next step, when that character is known.
struct NFAStepper {
    let nfa: ClassNFA
    private var stamp: [UInt32]
    private var generation: UInt32 = 0
    private var stack: [Int32] = []
    /// States visited so far: the DFA construction stops when this grows past its budget.
    private(set) var work = 0
    // Buffers reused from step to step.
    private var expanded: [Int32] = []
    private var scratch: [Int32] = []

    init(_ nfa: ClassNFA) {
        self.nfa = nfa
        stamp = Array(repeating: 0, count: nfa.states.count)
    }

    /// Flags of a DFA state: bit 0 "at the start of the input", bit 1 "the previous
    /// character is a word character".
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
            work &+= 1
            if stamp[index] == generation { continue }
            stamp[index] = generation
            let flat = nfa.states[index]
            switch flat.kind {
            case ClassNFA.State.consume:
                output.append(state)
            case ClassNFA.State.fork:
                var target = Int(flat.first + flat.second) - 1
                while target >= Int(flat.first) {
                    stack.append(nfa.forkTargets[target])
                    target -= 1
                }
            case ClassNFA.State.assert:
                if let context {
                    if context.holds(flat.assertion) { stack.append(flat.second) }
                } else {
                    output.append(state)
                }
            default:
                matched = true
            }
        }
        return matched
    }

    private func hasPendingAssertion(_ set: [Int32]) -> Bool {
        for state in set where nfa.states[Int(state)].kind == ClassNFA.State.assert { return true }
        return false
    }

    /// Moves a reusable buffer out of `self` (emptied, capacity kept).
    private func takeBuffer(_ buffer: inout [Int32]) -> [Int32] {
        var taken: [Int32] = []
        swap(&taken, &buffer)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// The initial state set, into `set`.
    mutating func start(into set: inout [Int32]) -> Outcome {
        set.removeAll(keepingCapacity: true)
        newGeneration()
        if addClosure(nfa.start, context: nil, into: &set) { return .match }
        return .next(flags: NFAStepper.atStartFlag)
    }

    /// Replaces `set` by the set reached from it by reading a character of class
    /// `characterClass`.
    mutating func step(_ set: inout [Int32], flags: UInt8, characterClass: Int) -> Outcome {
        let nextIsWord = nfa.alphabet.isWordClass[characterClass]
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
            let flat = nfa.states[Int(state)]
            if flat.kind == ClassNFA.State.consume && nfa.consumes(flat, characterClass) {
                if addClosure(flat.second, context: nil, into: &output) { return .match }
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
    /// character than the DFA.
    mutating func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var set: [Int32] = []
        var flags: UInt8
        switch start(into: &set) {
        case .match: return true
        case .dead: return false
        case .next(let first): flags = first
        }
        var index = 0
        while index < bytes.count {
            let characterClass = nfa.alphabet.nextClass(bytes, &index)
            switch step(&set, flags: flags, characterClass: characterClass) {
            case .match: return true
            case .dead: return false
            case .next(let next): flags = next
            }
        }
        return acceptsAtEnd(set, flags: flags)
    }
}

/// A deterministic automaton over character classes, built in full when a pattern is
/// compiled: a search is then, per character, a class look-up (a table for ASCII) and a
/// table look-up.
///
/// Everything lives in one array, so that copying the automaton or searching with it
/// touches a single buffer:
/// - `storage[0..<128]`: the class of each ASCII code point;
/// - the rows, one per state, each `stride` entries wide: one entry per class holding the
///   next state (as the offset of its row), then one entry that is 1 when reaching the end
///   of the input in that state completes a match. The first row is the dead state ("no
///   match possible"), the second the match state ("a match was found"); both absorb;
/// - the non-ASCII intervals: pairs (first code point, class), sorted;
/// - when non-ASCII code points fall in different classes, the class of each code point
///   from U+0080 to U+07FF (the two-byte characters: accented Latin, Greek, Cyrillic,
///   Hebrew, Arabic...), so that they need no binary search;
/// - the anchored literal prefix, its bytes packed four to an entry.
struct ClassDFA: Sendable {
    let storage: [Int32]
    /// Entries per row: the classes plus the end-of-input column.
    let stride: Int
    /// The row offset of the start state.
    let start: Int
    /// True when the empty string matches at the start, so every input matches.
    let alwaysMatches: Bool
    /// The number of states, dead and match states included.
    let stateCount: Int
    /// Where the (code point, class) pairs of the non-ASCII intervals start, and how many.
    let intervalsOffset: Int
    let intervalCount: Int
    /// The class of every non-ASCII code point when they all share one, else -1.
    let uniformNonASCIIClass: Int
    /// Where the classes of U+0080...U+07FF are (when `uniformNonASCIIClass` is -1).
    let twoByteOffset: Int
    /// Where the bytes every match starts with (for `^literal...`) are, and how many:
    /// they are compared directly instead of stepping through the table.
    let prefixOffset: Int
    let prefixLength: Int
    /// The row reached from `start` by reading the prefix.
    let afterPrefix: Int

    static let rowBase = 128

    var matchRow: Int { ClassDFA.rowBase + stride }

    /// The most NFA states the construction may visit (a bound on compile time, about
    /// 50 ms in a release build).
    static let maxWork = 2_000_000

    /// Builds the DFA of `nfa`; nil when it would need more than `maxStates` states or
    /// more than ``maxWork`` steps to build.
    init?(_ nfa: ClassNFA, maxStates: Int, anchoredPrefix: [UInt8] = []) {
        let alphabet = nfa.alphabet
        let classCount = alphabet.classCount
        let stride = classCount + 1
        let rowBase = ClassDFA.rowBase
        func row(_ id: Int) -> Int32 { Int32(rowBase + id * stride) }

        var storage = alphabet.asciiClass
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
                switch stepper.step(&work, flags: flagsOf[id], characterClass: column) {
                case .match: target = 1
                case .dead: target = 0
                case .next(let flags):
                    work.sort()
                    guard let interned = intern(work, flags) else { return nil }
                    target = interned
                }
                storage[base + column] = row(target)
            }
            if stepper.work > ClassDFA.maxWork { return nil }
            storage[base + classCount] = stepper.acceptsAtEnd(sets[id], flags: flagsOf[id]) ? 1 : 0
        }

        intervalsOffset = storage.count
        intervalCount = alphabet.starts.count
        for (first, characterClass) in zip(alphabet.starts, alphabet.intervalClass) {
            storage += [Int32(first), characterClass]
        }
        uniformNonASCIIClass = alphabet.uniformNonASCIIClass.map(Int.init) ?? -1
        twoByteOffset = storage.count
        if uniformNonASCIIClass < 0 {
            storage += (UInt32(0x80)..<0x800).map { Int32(alphabet.nonASCIIClass($0)) }
        }
        // The prefix bytes, packed four to an entry so that they can be compared with memcmp.
        let prefixStart = storage.count
        storage += repeatElement(0, count: (anchoredPrefix.count + 3) / 4)
        storage.withUnsafeMutableBytes { raw in
            for (position, byte) in anchoredPrefix.enumerated() { raw[4 * prefixStart + position] = byte }
        }
        prefixOffset = prefixStart
        prefixLength = anchoredPrefix.count

        self.stride = stride
        self.start = Int(row(startID))
        self.stateCount = sets.count
        var state = self.start
        anchoredPrefix.withUnsafeBufferPointer { prefix in
            var index = 0
            while index < prefix.count {
                state = Int(storage[state + alphabet.nextClass(prefix, &index)])
            }
        }
        self.afterPrefix = state
        self.storage = storage
    }

    /// Whether the automaton finds a match in `bytes` (valid UTF-8).
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if alwaysMatches { return true }
        let matchRow = self.matchRow
        let endColumn = stride - 1
        let count = bytes.count
        return storage.withUnsafeBufferPointer { storage in
            var state = start
            var index = 0
            if prefixLength > 0 {
                guard count >= prefixLength,
                    memcmp(storage.baseAddress! + prefixOffset, bytes.baseAddress!, prefixLength) == 0
                else { return false }
                index = prefixLength
                state = afterPrefix
            }
            while index < count {
                let byte = bytes[index]
                let characterClass: Int
                if byte < 0x80 {
                    characterClass = Int(storage[Int(byte)])
                    index &+= 1
                } else {
                    characterClass = nonASCIIClass(storage, bytes, &index)
                }
                state = Int(storage[state &+ characterClass])
                if state <= matchRow { return state == matchRow }
            }
            return storage[state &+ endColumn] != 0
        }
    }

    /// Decodes the non-ASCII character at `index`, moves past it and returns its class.
    @inline(__always)
    private func nonASCIIClass(_ storage: UnsafeBufferPointer<Int32>, _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int {
        let lead = bytes[index]
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let end = min(index &+ length, bytes.count)
        if uniformNonASCIIClass >= 0 {
            index = end
            return uniformNonASCIIClass
        }
        if length == 2 && end == index &+ 2 {
            let scalar = Int(lead & 0x1F) << 6 | Int(bytes[index &+ 1] & 0x3F)
            index = end
            return Int(storage[twoByteOffset &+ scalar &- 0x80])
        }
        var scalar = Int32(lead & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07))
        var position = index &+ 1
        while position < end {
            scalar = scalar << 6 | Int32(bytes[position] & 0x3F)
            position &+= 1
        }
        index = end
        // The last interval whose first code point is <= scalar.
        var low = 0
        var high = intervalCount
        while high - low > 1 {
            let mid = (low + high) / 2
            if storage[intervalsOffset &+ 2 &* mid] <= scalar { low = mid } else { high = mid }
        }
        return Int(storage[intervalsOffset &+ 2 &* low &+ 1])
    }
}

private struct StateKey: Hashable {
    var set: [Int32]
    var flags: UInt8
}
