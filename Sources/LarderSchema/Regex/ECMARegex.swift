/// A regular expression with ECMA-262 semantics and the `u` flag, as JSON Schema's
/// `pattern` and `patternProperties` ask: `\d` is `[0-9]` only, `\w` is `[A-Za-z0-9_]`,
/// `\s` is ECMA-262 white space, `.` and classes work on code points, `\p{L}` works.
///
/// ```swift
/// let slug = try ECMARegex("^[a-z0-9]+(-[a-z0-9]+)*$")
/// try slug.search("tomato-soup")   // true
/// try slug.search("Tomato Soup")   // false
/// ```
///
/// Matching is bounded. A pattern without backreferences or lookaround compiles to a
/// deterministic automaton over classes of code points, read straight from the UTF-8
/// bytes (or, when that automaton would be too large, runs as an NFA simulation):
/// either way a search takes time linear in the input, so `^(a+)+$` cannot blow up. Lookaheads right after a leading `^` (`^(?=.*\d)(?!admin$)...`)
/// run as automata of their own. Other patterns with backreferences or lookaround run on
/// a backtracking engine that stops after ``stepBudget`` steps and throws
/// ``RegexError/budgetExceeded(steps:)``.
///
/// Limits: groups nest at most 64 deep, and counted repetitions are expanded, so a
/// pattern such as `a{1000000}` is refused as too large (``validate(_:)`` still accepts it).
/// Flags cannot be changed inside a pattern (no `(?i:...)`).
///
/// - Complexity: compiling is done once per pattern; a search on the automaton costs one
///   table look-up per input character (plus a binary search for non-ASCII characters
///   when the pattern tells them apart).
public struct ECMARegex: Sendable {
    /// The pattern as written in the schema.
    public let pattern: String
    /// How many steps the backtracking engine may take in one search.
    public let stepBudget: Int
    private let engine: Engine
    /// The automaton of ``engine`` when it is `.dfa`, kept apart so the hot path reaches
    /// it without copying an enum payload.
    private let dfa: ClassDFA?
    /// For the backtracking engine: an automaton for a looser pattern (lookarounds
    /// dropped, backreferences matching anything) that rules out most non-matching inputs
    /// in linear time.
    private let prefilter: ClassDFA?
    /// For `.conjunction` when every part has a DFA: the DFAs and the answers they must
    /// give, kept apart for the same reason as ``dfa``.
    private let conjunctionDFAs: [ClassDFA]
    private let conjunctionExpected: [Bool]

    /// The default ``stepBudget``: a few milliseconds of backtracking.
    public static let defaultStepBudget = 1_000_000

    /// The DFA may grow to this many states; past it the NFA is simulated instead.
    static let maxDFAStates = 20_000
    /// ... and to this many table entries (states times character classes).
    static let maxDFATableEntries = 1 << 20

    enum Engine: Sendable {
        case dfa(ClassDFA)
        case nfa(ClassNFA)
        /// `^(?=A)(?!B)C`: every automaton must answer as expected (true for C and the
        /// lookaheads, false for the negative ones).
        case conjunction([Automaton], expected: [Bool])
        case backtrack(BacktrackProgram)
    }

    /// A linear-time matcher: the DFA, or the NFA simulation when the DFA is too large.
    /// (Two optionals rather than an enum: the search reaches the DFA in place, without
    /// copying it out of an enum payload.)
    struct Automaton: Sendable {
        let dfa: ClassDFA?
        let nfa: ClassNFA?

        init(_ root: RegexNode) throws(RegexError) {
            let nfa = try ClassNFA(root, anchored: root.isAnchoredAtStart)
            if let dfa = ClassDFA(nfa, maxStates: ECMARegex.maxDFAStates, anchoredPrefix: root.anchoredLiteralPrefix),
                dfa.storage.count <= ECMARegex.maxDFATableEntries
            {
                self.dfa = dfa
                self.nfa = nil
            } else {
                self.dfa = nil
                self.nfa = nfa
            }
        }

        func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if let dfa { return dfa.matches(bytes) }
            var stepper = NFAStepper(nfa!)
            return stepper.matches(bytes)
        }
    }

    /// Splits `^(?=A)(?!B)...C` (lookaheads right after `^`, no backreferences, no other
    /// lookaround) into `^A`, `^B`, ..., `^C`, which the automata can run one by one.
    private static func conjunction(_ root: RegexNode) -> [(node: RegexNode, expected: Bool)]? {
        guard case .concat(let nodes) = root, case .assertion(.start)? = nodes.first else { return nil }
        var parts: [(node: RegexNode, expected: Bool)] = []
        var index = 1
        while index < nodes.count, case .look(let body, behind: false, let negative) = nodes[index] {
            guard !body.needsBacktracking else { return nil }
            parts.append((.concat([.assertion(.start), body]), !negative))
            index += 1
        }
        let rest = nodes[index...]
        guard !parts.isEmpty, !rest.contains(where: \.needsBacktracking) else { return nil }
        parts.append((.concat([.assertion(.start)] + rest), true))
        return parts
    }

    /// Compiles `pattern`; throws ``RegexError/syntax(message:offset:)`` when it is not a
    /// valid ECMA-262 pattern under the `u` flag (or is too large to compile).
    public init(_ pattern: String) throws(RegexError) {
        try self.init(pattern, stepBudget: ECMARegex.defaultStepBudget)
    }

    /// Compiles `pattern` with a custom budget for the backtracking engine.
    public init(_ pattern: String, stepBudget: Int) throws(RegexError) {
        self.pattern = pattern
        self.stepBudget = stepBudget
        let parsed = try RegexParser.parse(pattern)
        if let parts = ECMARegex.conjunction(parsed.root) {
            var automata: [Automaton] = []
            for part in parts { automata.append(try Automaton(part.node)) }
            engine = .conjunction(automata, expected: parts.map(\.expected))
            dfa = nil
            prefilter = nil
            let dfas = automata.compactMap(\.dfa)
            conjunctionDFAs = dfas.count == automata.count ? dfas : []
            conjunctionExpected = parts.map(\.expected)
            return
        }
        conjunctionDFAs = []
        conjunctionExpected = []
        if parsed.root.needsBacktracking {
            engine = .backtrack(try BacktrackProgram(parsed))
            dfa = nil
            let relaxed = parsed.root.relaxedForAutomata
            prefilter = (try? ClassNFA(relaxed, anchored: relaxed.isAnchoredAtStart)).flatMap {
                ClassDFA($0, maxStates: ECMARegex.maxDFAStates / 4)
            }
            return
        }
        prefilter = nil
        let automaton = try Automaton(parsed.root)
        if let dfa = automaton.dfa {
            engine = .dfa(dfa)
            self.dfa = dfa
        } else {
            engine = .nfa(automaton.nfa!)
            self.dfa = nil
        }
    }

    /// Checks that `pattern` is valid ECMA-262 syntax (the `u` flag's rules) without
    /// compiling it; this is what the `regex` format asks.
    public static func validate(_ pattern: String) throws(RegexError) {
        _ = try RegexParser.parse(pattern)
    }

    /// Which engine runs the pattern: `"dfa"`, `"nfa"`, `"conjunction"` (leading
    /// lookaheads and the rest as separate automata) or `"backtracking"`.
    public var engineName: String {
        switch engine {
        case .dfa: "dfa"
        case .nfa: "nfa"
        case .conjunction: "conjunction"
        case .backtrack: "backtracking"
        }
    }

    /// True when the pattern matches anywhere in `text` (JSON Schema's unanchored search).
    /// Throws ``RegexError/budgetExceeded(steps:)`` when the backtracking engine needs
    /// more steps than ``stepBudget`` allows.
    public func search(_ text: String) throws(RegexError) -> Bool {
        if dfa != nil, let result = text.utf8.withContiguousStorageIfAvailable({ self.dfa.unsafelyUnwrapped.matches($0) }) {
            return result
        }
        let result = text.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(RegexError) -> Bool in try search(utf8: bytes) }
        }
        if let result { return try result.get() }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { bytes throws(RegexError) -> Bool in try search(utf8: bytes) }
    }

    /// Same as ``search(_:)`` over the UTF-8 bytes of a string (which must be valid UTF-8).
    public func search(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(RegexError) -> Bool {
        try search(utf8: bytes, stepBudget: stepBudget)
    }

    /// ``search(utf8:)`` with another budget for the backtracking engine (a schema gives a
    /// pattern that keeps running out a small one, see ``PatternBox``).
    func search(utf8 bytes: UnsafeBufferPointer<UInt8>, stepBudget: Int) throws(RegexError) -> Bool {
        if let dfa { return dfa.matches(bytes) }
        if !conjunctionDFAs.isEmpty {
            for index in conjunctionDFAs.indices where conjunctionDFAs[index].matches(bytes) != conjunctionExpected[index] {
                return false
            }
            return true
        }
        switch engine {
        case .dfa(let dfa):
            return dfa.matches(bytes)
        case .nfa(let nfa):
            var stepper = NFAStepper(nfa)
            return stepper.matches(bytes)
        case .conjunction(let automata, let expected):
            return automata.withUnsafeBufferPointer { automata in
                for index in automata.indices where automata[index].matches(bytes) != expected[index] { return false }
                return true
            }
        case .backtrack(let program):
            if let prefilter, !prefilter.matches(bytes) { return false }
            var matcher = BacktrackMatcher(program: program, input: decodeScalars(bytes), budget: stepBudget)
            return try matcher.search()
        }
    }
}

/// Decodes valid UTF-8 into code points.
func decodeScalars(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt32] {
    var result: [UInt32] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    let count = bytes.count
    while index < count {
        let lead = UInt32(bytes[index])
        if lead < 0x80 {
            result.append(lead)
            index += 1
        } else if lead < 0xE0, index + 1 < count {
            result.append((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F))
            index += 2
        } else if lead < 0xF0, index + 2 < count {
            result.append((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F))
            index += 3
        } else if index + 3 < count {
            result.append(
                (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                    | UInt32(bytes[index + 3] & 0x3F))
            index += 4
        } else {
            result.append(0xFFFD)
            index += 1
        }
    }
    return result
}

/// Why a regular expression could not be compiled or run.
public enum RegexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern is not valid ECMA-262 syntax; `offset` counts Unicode scalars.
    case syntax(message: String, offset: Int)
    /// Matching needed more backtracking steps than the budget allows.
    case budgetExceeded(steps: Int)

    /// A sentence for the user: what went wrong and where (1-based character position).
    public var description: String {
        switch self {
        case .syntax(let message, let offset): "\(message) at character \(offset + 1)"
        case .budgetExceeded(let steps): "the pattern needed more than \(steps) steps on this value (catastrophic backtracking)"
        }
    }
}
