/// A compiled program for the backtracking engine, which runs the patterns the automata
/// cannot: those with backreferences or lookaround.
///
/// It follows ECMA-262's matcher semantics (alternatives left to right, greedy or lazy
/// quantifiers, an iteration that matches empty ends the loop, captures reset at each
/// iteration, lookbehind matched right to left, lookaround atomic) and counts its steps:
/// past the budget it throws ``RegexError/budgetExceeded(steps:)`` instead of running on.
final class BacktrackProgram: Sendable {
    enum Instruction: Sendable {
        /// One code point; `backward` reads the one before the position (lookbehind).
        case scalar(UInt32, backward: Bool)
        /// One code point of set `index` (see ``setContains(_:_:)``).
        case set(Int, backward: Bool)
        /// Try `first`; on failure come back and try `second`.
        case split(first: Int, second: Int)
        case jump(Int)
        /// slots[slot] = position (a capture boundary).
        case save(Int)
        case assert(RegexAssertion)
        /// Runs the body (which ends with `.succeed`) at the position, then continues at `next`.
        case look(negative: Bool, body: Int, next: Int)
        case succeed
        /// The text of group `group` again (empty when the group did not take part).
        case backreference(Int, backward: Bool)
        /// Loop register `register` = position (the start of a loop iteration).
        case mark(Int)
        /// Fails when the loop iteration that began at loop register `register` matched empty.
        case progress(Int)
        /// Capture groups `from...to` become undefined (start of a quantifier iteration).
        case resetCaptures(from: Int, to: Int)
        case match
    }

    let instructions: [Instruction]
    /// The sets of `.set` instructions, flattened: set `i` has the ASCII bitmap
    /// `asciiBits[2i], asciiBits[2i+1]` and the ranges `rangeBounds[rangeStart[i]..<rangeStart[i+1]]`
    /// (pairs of low, high).
    let asciiBits: [UInt64]
    let rangeBounds: [UInt32]
    let rangeStart: [Int]
    let groupCount: Int
    let registerCount: Int
    /// True when matches can only start at position 0.
    let anchored: Bool
    /// The set (see ``setContains(_:_:)``) of the code points a match can start with, when
    /// every match consumes at least one: other start positions are skipped.
    let firstSet: Int?

    static let maxInstructions = 100_000

    init(_ parsed: ParsedRegex) throws(RegexError) {
        var builder = Builder()
        try builder.emit(parsed.root, backward: false)
        builder.instructions.append(.match)
        let first = parsed.root.firstCharacters
        firstSet = first.canBeEmpty ? nil : builder.addSet(first.set)
        instructions = builder.instructions
        asciiBits = builder.asciiBits
        rangeBounds = builder.rangeBounds
        rangeStart = builder.rangeStart
        registerCount = builder.registerCount
        groupCount = parsed.groupCount
        anchored = parsed.root.isAnchoredAtStart
    }

    /// Whether `scalar` is in set `index`.
    @inline(__always)
    func setContains(_ index: Int, _ scalar: UInt32) -> Bool {
        if scalar < 64 { return asciiBits[2 * index] & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return asciiBits[2 * index + 1] & (1 << UInt64(scalar - 64)) != 0 }
        var low = rangeStart[index] / 2
        var high = rangeStart[index + 1] / 2
        while low < high {
            let mid = (low + high) / 2
            if scalar < rangeBounds[2 * mid] {
                high = mid
            } else if scalar > rangeBounds[2 * mid + 1] {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}

extension BacktrackProgram {
    private struct Builder {
    var instructions: [Instruction] = []
    var asciiBits: [UInt64] = []
    var rangeBounds: [UInt32] = []
    var rangeStart: [Int] = [0]
    var registerCount = 0

    mutating func addSet(_ set: ScalarSet) -> Int {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for scalar in 0..<UInt32(128) where set.contains(scalar) {
            if scalar < 64 { low |= 1 << UInt64(scalar) } else { high |= 1 << UInt64(scalar - 64) }
        }
        asciiBits += [low, high]
        for range in set.ranges where range.upperBound >= 128 {
            rangeBounds += [Swift.max(range.lowerBound, 128), range.upperBound]
        }
        rangeStart.append(rangeBounds.count)
        return rangeStart.count - 2
    }

    mutating func append(_ instruction: Instruction) throws(RegexError) -> Int {
        if instructions.count >= BacktrackProgram.maxInstructions {
            throw RegexError.syntax(message: "pattern is too large once its repetitions are expanded", offset: 0)
        }
        instructions.append(instruction)
        return instructions.count - 1
    }

    mutating func emit(_ node: RegexNode, backward: Bool) throws(RegexError) {
        switch node {
        case .empty:
            break
        case .chars(let set):
            if let scalar = set.singleScalar {
                _ = try append(.scalar(scalar, backward: backward))
            } else {
                _ = try append(.set(addSet(set), backward: backward))
            }
        case .concat(let nodes):
            for node in backward ? nodes.reversed() : nodes { try emit(node, backward: backward) }
        case .alternation(let nodes):
            var exits: [Int] = []
            for (position, alternative) in nodes.enumerated() {
                if position < nodes.count - 1 {
                    let split = try append(.split(first: 0, second: 0))
                    try emit(alternative, backward: backward)
                    exits.append(try append(.jump(0)))
                    instructions[split] = .split(first: split + 1, second: instructions.count)
                } else {
                    try emit(alternative, backward: backward)
                }
            }
            for exit in exits { instructions[exit] = .jump(instructions.count) }
        case .group(let body, let capture):
            guard let capture else {
                try emit(body, backward: backward)
                return
            }
            _ = try append(.save(backward ? 2 * capture + 1 : 2 * capture))
            try emit(body, backward: backward)
            _ = try append(.save(backward ? 2 * capture : 2 * capture + 1))
        case .assertion(let kind):
            _ = try append(.assert(kind))
        case .look(let body, let behind, let negative):
            let look = try append(.look(negative: negative, body: 0, next: 0))
            try emit(body, backward: behind)
            _ = try append(.succeed)
            instructions[look] = .look(negative: negative, body: look + 1, next: instructions.count)
        case .backreference(let group):
            _ = try append(.backreference(group, backward: backward))
        case .quantified(let body, let min, let max, let greedy):
            let captures = body.captureRange
            func iteration(_ program: inout Builder) throws(RegexError) {
                if let captures { _ = try program.append(.resetCaptures(from: captures.lowerBound, to: captures.upperBound)) }
                try program.emit(body, backward: backward)
            }
            for _ in 0..<min { try iteration(&self) }
            if max == min { return }
            let register = registerCount
            registerCount += 1
            if let max {
                // Optional iterations: each may stop the whole quantifier.
                var splits: [Int] = []
                for _ in 0..<(max - min) {
                    splits.append(try append(.split(first: 0, second: 0)))
                    _ = try append(.mark(register))
                    try iteration(&self)
                    _ = try append(.progress(register))
                }
                let end = instructions.count
                for split in splits {
                    instructions[split] = greedy ? .split(first: split + 1, second: end) : .split(first: end, second: split + 1)
                }
            } else {
                let loop = try append(.split(first: 0, second: 0))
                _ = try append(.mark(register))
                try iteration(&self)
                _ = try append(.progress(register))
                _ = try append(.jump(loop))
                let end = instructions.count
                instructions[loop] = greedy ? .split(first: loop + 1, second: end) : .split(first: end, second: loop + 1)
            }
        }
    }
}

}

/// One run of a ``BacktrackProgram`` over decoded code points.
struct BacktrackMatcher {
    private let program: BacktrackProgram
    private let input: [UInt32]
    /// Capture positions (two per group, -1 when unset), then the loop registers.
    private var slots: [Int]
    private let registerBase: Int
    private var stack: [Frame] = []
    private var steps = 0
    private let budget: Int

    private struct Frame {
        enum Kind: UInt8 { case branch, slot }
        var kind: Kind
        var index: Int32
        var value: Int
    }

    init(program: BacktrackProgram, input: [UInt32], budget: Int) {
        self.program = program
        self.input = input
        self.budget = budget
        registerBase = 2 * (program.groupCount + 1)
        slots = Array(repeating: -1, count: registerBase + program.registerCount)
        stack.reserveCapacity(16)
    }

    /// Whether the pattern matches starting at some position of the input.
    mutating func search() throws(RegexError) -> Bool {
        if program.anchored { return try run(from: 0, at: 0) }
        if let firstSet = program.firstSet {
            for start in input.indices where program.setContains(firstSet, input[start]) {
                if try run(from: 0, at: start) { return true }
            }
            return false
        }
        for start in 0...input.count {
            if try run(from: 0, at: start) { return true }
        }
        return false
    }

    private func context(at position: Int) -> AssertionContext {
        AssertionContext(
            atStart: position == 0, atEnd: position == input.count,
            previousIsWord: position > 0 && ScalarSet.isWordScalar(input[position - 1]),
            nextIsWord: position < input.count && ScalarSet.isWordScalar(input[position]))
    }

    /// Undoes and removes the frames above `base`.
    private mutating func undo(to base: Int) {
        while stack.count > base {
            let frame = stack.removeLast()
            if frame.kind == .slot { slots[Int(frame.index)] = frame.value }
        }
    }

    /// Runs from `startPC` at `startPosition` until `.match` or `.succeed` (true, with the
    /// frames of this run left on the stack) or until every alternative failed (false,
    /// with the frames of this run undone and gone).
    private mutating func run(from startPC: Int, at startPosition: Int) throws(RegexError) -> Bool {
        let base = stack.count
        var pc = startPC
        var position = startPosition
        let count = input.count
        while true {
            steps += 1
            if steps > budget { throw RegexError.budgetExceeded(steps: budget) }
            var failed = false
            switch program.instructions[pc] {
            case .scalar(let scalar, let backward):
                if backward {
                    if position > 0 && input[position - 1] == scalar {
                        position -= 1
                        pc += 1
                    } else {
                        failed = true
                    }
                } else if position < count && input[position] == scalar {
                    position += 1
                    pc += 1
                } else {
                    failed = true
                }
            case .set(let index, let backward):
                if backward {
                    if position > 0 && program.setContains(index, input[position - 1]) {
                        position -= 1
                        pc += 1
                    } else {
                        failed = true
                    }
                } else if position < count && program.setContains(index, input[position]) {
                    position += 1
                    pc += 1
                } else {
                    failed = true
                }
            case .split(let first, let second):
                stack.append(Frame(kind: .branch, index: Int32(second), value: position))
                pc = first
            case .jump(let target):
                pc = target
            case .save(let slot):
                stack.append(Frame(kind: .slot, index: Int32(slot), value: slots[slot]))
                slots[slot] = position
                pc += 1
            case .assert(let kind):
                if context(at: position).holds(kind) { pc += 1 } else { failed = true }
            case .look(let negative, let body, let next):
                let lookBase = stack.count
                let found = try run(from: body, at: position)
                if !found {
                    // The body's frames are all undone: captures are as before.
                    if negative { pc = next } else { failed = true }
                } else if negative {
                    undo(to: lookBase)
                    failed = true
                } else {
                    // Atomic: drop the body's alternatives, keep its undo records so that
                    // backtracking past the lookaround restores the captures it set.
                    var kept = lookBase
                    for index in lookBase..<stack.count where stack[index].kind != .branch {
                        stack[kept] = stack[index]
                        kept += 1
                    }
                    stack.removeSubrange(kept...)
                    pc = next
                }
            case .succeed, .match:
                // Frames stay: the lookaround that called this run decides what to keep.
                return true
            case .backreference(let group, let backward):
                let start = slots[2 * group]
                let end = slots[2 * group + 1]
                if start < 0 || end < 0 {
                    pc += 1
                } else {
                    let length = end - start
                    if backward {
                        if position - length >= 0 && input[(position - length)..<position].elementsEqual(input[start..<end]) {
                            position -= length
                            pc += 1
                        } else {
                            failed = true
                        }
                    } else if position + length <= count && input[position..<(position + length)].elementsEqual(input[start..<end]) {
                        position += length
                        pc += 1
                    } else {
                        failed = true
                    }
                    steps += length
                }
            case .mark(let register):
                let slot = registerBase + register
                stack.append(Frame(kind: .slot, index: Int32(slot), value: slots[slot]))
                slots[slot] = position
                pc += 1
            case .progress(let register):
                if slots[registerBase + register] == position { failed = true } else { pc += 1 }
            case .resetCaptures(let from, let to):
                for slot in (2 * from)...(2 * to + 1) where slots[slot] != -1 {
                    stack.append(Frame(kind: .slot, index: Int32(slot), value: slots[slot]))
                    slots[slot] = -1
                }
                pc += 1
            }
            guard failed else { continue }
            // Backtrack: undo until the most recent branch of this run.
            while true {
                if stack.count == base { return false }
                let frame = stack.removeLast()
                if frame.kind == .slot {
                    slots[Int(frame.index)] = frame.value
                    continue
                }
                pc = Int(frame.index)
                position = frame.value
                break
            }
        }
    }
}
