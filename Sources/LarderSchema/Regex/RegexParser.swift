/// A pattern parsed into its syntax tree.
struct ParsedRegex: Sendable {
    var root: RegexNode
    /// The number of capturing groups.
    var groupCount: Int
    /// Named groups and their numbers.
    var groupNames: [String: Int]
}

/// Parses ECMA-262 pattern syntax with the `u` flag's strict rules (no Annex B leniency):
/// a lone `{`, `}` or `]`, an unknown escape such as `\a`, a quantified lookahead or a
/// backreference to a missing group are all syntax errors.
///
/// Offsets in errors count Unicode scalars from the start of the pattern.
struct RegexParser {
    private let scalars: [UInt32]
    private var index = 0
    private var groupCount = 0
    private var groupNames: [String: Int] = [:]
    private var numberedReferences: [(number: Int, offset: Int)] = []
    private var namedReferences: [(name: String, offset: Int, node: Int)] = []
    private var depth = 0

    /// Nesting deeper than this is refused so that parsing and compiling cannot exhaust
    /// the stack.
    static let maxDepth = 64

    private init(_ pattern: String) {
        scalars = pattern.unicodeScalars.map(\.value)
    }

    static func parse(_ pattern: String) throws(RegexError) -> ParsedRegex {
        var parser = RegexParser(pattern)
        var root = try parser.parseDisjunction()
        if parser.index < parser.scalars.count {
            // parseDisjunction stops only at `)` or the end.
            throw parser.error("unmatched ')'")
        }
        for reference in parser.numberedReferences where reference.number > parser.groupCount {
            throw RegexError.syntax(message: "backreference \\\(reference.number) names no group", offset: reference.offset)
        }
        if !parser.namedReferences.isEmpty {
            for reference in parser.namedReferences where parser.groupNames[reference.name] == nil {
                throw RegexError.syntax(message: "backreference \\k<\(reference.name)> names no group", offset: reference.offset)
            }
            root = root.resolvingNamedReferences(parser.namedReferences.map { parser.groupNames[$0.name]! })
        }
        return ParsedRegex(root: root, groupCount: parser.groupCount, groupNames: parser.groupNames)
    }

    // MARK: - Helpers

    private var atEnd: Bool { index >= scalars.count }

    private func peek(_ ahead: Int = 0) -> UInt32? {
        let position = index + ahead
        return position < scalars.count ? scalars[position] : nil
    }

    private func peekIs(_ character: Character, _ ahead: Int = 0) -> Bool {
        peek(ahead) == character.unicodeScalars.first!.value
    }

    private func error(_ message: String, at offset: Int? = nil) -> RegexError {
        .syntax(message: message, offset: offset ?? index)
    }

    /// Consumes the `)` of a group that opened at `start`.
    @inline(never)  // keeps the message building out of the recursive frames
    private mutating func expectClosingParenthesis(of kind: StaticString, startingAt start: Int) throws(RegexError) {
        guard peekIs(")") else { throw error("missing ')' to close the \(kind) that starts at character \(start + 1)") }
        index += 1
    }

    // MARK: - Disjunction, alternative, term

    private mutating func parseDisjunction() throws(RegexError) -> RegexNode {
        depth += 1
        defer { depth -= 1 }
        if depth > RegexParser.maxDepth { throw error("pattern nests groups too deeply") }
        var alternatives = [try parseAlternative()]
        while peekIs("|") {
            index += 1
            alternatives.append(try parseAlternative())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func parseAlternative() throws(RegexError) -> RegexNode {
        var terms: [RegexNode] = []
        while let scalar = peek(), scalar != 0x7C /* | */, scalar != 0x29 /* ) */ {
            terms.append(try parseTerm())
        }
        switch terms.count {
        case 0: return .empty
        case 1: return terms[0]
        default: return .concat(terms)
        }
    }

    @inline(never)  // keeps the recursive frames small
    private mutating func parseTerm() throws(RegexError) -> RegexNode {
        let start = index
        let scalar = scalars[index]
        switch scalar {
        case 0x5E:  // ^
            index += 1
            try refuseQuantifier("nothing to repeat: '^' is an assertion")
            return .assertion(.start)
        case 0x24:  // $
            index += 1
            try refuseQuantifier("nothing to repeat: '$' is an assertion")
            return .assertion(.end)
        case 0x5C where peekIs("b", 1) || peekIs("B", 1):
            let kind: RegexAssertion = peekIs("b", 1) ? .wordBoundary : .notWordBoundary
            index += 2
            try refuseQuantifier("nothing to repeat: '\\b' and '\\B' are assertions")
            return .assertion(kind)
        case 0x28 where peekIs("?", 1) && (peekIs("=", 2) || peekIs("!", 2)):
            let negative = peekIs("!", 2)
            index += 3
            let body = try parseDisjunction()
            try expectClosingParenthesis(of: "lookahead", startingAt: start)
            try refuseQuantifier("a lookahead cannot be repeated")
            return .look(body, behind: false, negative: negative)
        case 0x28 where peekIs("?", 1) && peekIs("<", 2) && (peekIs("=", 3) || peekIs("!", 3)):
            let negative = peekIs("!", 3)
            index += 4
            let body = try parseDisjunction()
            try expectClosingParenthesis(of: "lookbehind", startingAt: start)
            try refuseQuantifier("a lookbehind cannot be repeated")
            return .look(body, behind: true, negative: negative)
        default:
            let atom = try parseAtom()
            return try parseQuantifier(for: atom)
        }
    }

    @inline(never)  // keeps the recursive frames small
    private mutating func refuseQuantifier(_ message: String) throws(RegexError) {
        if let scalar = peek(), scalar == 0x2A || scalar == 0x2B || scalar == 0x3F || scalar == 0x7B {
            throw error(message)
        }
    }

    @inline(never)  // keeps the recursive frames small
    private mutating func parseQuantifier(for atom: RegexNode) throws(RegexError) -> RegexNode {
        guard let scalar = peek() else { return atom }
        let start = index
        var min = 0
        var max: Int?
        switch scalar {
        case 0x2A:  // *
            index += 1
        case 0x2B:  // +
            index += 1
            min = 1
        case 0x3F:  // ?
            index += 1
            max = 1
        case 0x7B:  // {
            index += 1
            guard let low = parseDecimal() else { throw error("incomplete quantifier: '{' must be followed by a number", at: start) }
            min = low
            max = low
            if peekIs(",") {
                index += 1
                if peekIs("}") {
                    max = nil
                } else {
                    guard let high = parseDecimal() else { throw error("incomplete quantifier", at: start) }
                    max = high
                }
            }
            guard peekIs("}") else { throw error("incomplete quantifier: missing '}'", at: start) }
            index += 1
            if let max, max < min { throw error("numbers out of order in {} quantifier", at: start) }
        default:
            return atom
        }
        var greedy = true
        if peekIs("?") {
            index += 1
            greedy = false
        }
        if let next = peek(), next == 0x2A || next == 0x2B || next == 0x3F || next == 0x7B {
            throw error("nothing to repeat: a quantifier cannot follow a quantifier")
        }
        return .quantified(atom, min: min, max: max, greedy: greedy)
    }

    /// Reads decimal digits; values beyond a billion are clamped (they behave as infinity
    /// for any input Larder can hold).
    private mutating func parseDecimal() -> Int? {
        var value = 0
        var any = false
        while let scalar = peek(), scalar >= 0x30, scalar <= 0x39 {
            value = Swift.min(value * 10 + Int(scalar - 0x30), 1_000_000_000)
            any = true
            index += 1
        }
        return any ? value : nil
    }

    // MARK: - Atoms

    @inline(never)  // keeps the recursive frames small
    private mutating func parseAtom() throws(RegexError) -> RegexNode {
        let start = index
        let scalar = scalars[index]
        switch scalar {
        case 0x2E:  // .
            index += 1
            return .chars(.dot)
        case 0x28:  // (
            index += 1
            if peekIs("?") {
                if peekIs(":", 1) {
                    index += 2
                    let body = try parseDisjunction()
                    try expectClosingParenthesis(of: "group", startingAt: start)
                    return .group(body, capture: nil)
                }
                if peekIs("<", 1) {
                    index += 2
                    let nameStart = index
                    let name = try parseGroupName()
                    if groupNames[name] != nil { throw error("duplicate group name '\(name)'", at: nameStart) }
                    groupCount += 1
                    let number = groupCount
                    groupNames[name] = number
                    let body = try parseDisjunction()
                    try expectClosingParenthesis(of: "group", startingAt: start)
                    return .group(body, capture: number)
                }
                throw error("invalid group: '(?' must be followed by ':', '=', '!', '<=', '<!' or '<name>'", at: start)
            }
            groupCount += 1
            let number = groupCount
            let body = try parseDisjunction()
            try expectClosingParenthesis(of: "group", startingAt: start)
            return .group(body, capture: number)
        case 0x29:
            throw error("unmatched ')'")
        case 0x5B:  // [
            return .chars(try parseClass())
        case 0x5C:  // \
            return try parseAtomEscape()
        case 0x2A, 0x2B, 0x3F:
            throw error("nothing to repeat")
        case 0x7B:
            throw error("lone '{': write '\\{' for a literal brace")
        case 0x7D:
            throw error("lone '}': write '\\}' for a literal brace")
        case 0x5D:
            throw error("lone ']': write '\\]' for a literal bracket")
        default:
            index += 1
            return .chars(ScalarSet(scalar: scalar))
        }
    }

    @inline(never)  // keeps the recursive frames small
    private mutating func parseGroupName() throws(RegexError) -> String {
        var name = String.UnicodeScalarView()
        let start = index
        while true {
            guard var scalar = peek() else { throw error("unterminated group name", at: start) }
            if scalar == 0x3E /* > */ {
                index += 1
                break
            }
            let at = index
            if scalar == 0x5C /* \ */ {
                index += 1
                guard peekIs("u") else { throw error("invalid escape in group name") }
                index += 1
                guard let escaped = try parseUnicodeEscapeBody() else { throw error("invalid \\u escape in group name", at: at) }
                scalar = escaped
            } else {
                index += 1
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid character in group name", at: at) }
            let valid: Bool
            if name.isEmpty {
                valid = scalar == 0x24 || scalar == 0x5F || unicode.properties.isIDStart
            } else {
                valid = scalar == 0x24 || scalar == 0x5F || scalar == 0x200C || scalar == 0x200D || unicode.properties.isIDContinue
            }
            guard valid else { throw error("invalid character in group name", at: at) }
            name.append(unicode)
        }
        if name.isEmpty { throw error("empty group name", at: start) }
        return String(name)
    }

    @inline(never)  // keeps the recursive frames small
    private mutating func parseAtomEscape() throws(RegexError) -> RegexNode {
        let start = index
        index += 1  // the backslash
        guard let scalar = peek() else { throw error("'\\' at end of pattern", at: start) }
        switch scalar {
        case 0x31...0x39:  // \1 ... backreference
            let number = parseDecimal()!
            numberedReferences.append((number, start))
            return .backreference(number)
        case 0x6B:  // \k<name>
            index += 1
            guard peekIs("<") else { throw error("'\\k' must be followed by '<name>'", at: start) }
            index += 1
            let name = try parseGroupName()
            namedReferences.append((name, start, namedReferences.count))
            // A placeholder that `resolvingNamedReferences` replaces in order.
            return .backreference(-namedReferences.count)
        default:
            if let set = try parseClassEscapeSet() { return .chars(set) }
            let value = try parseCharacterEscape(inClass: false, start: start)
            return .chars(ScalarSet(scalar: value))
        }
    }

    /// `\d \D \s \S \w \W \p{..} \P{..}` after the backslash; nil for other escapes.
    @inline(never)  // keeps the recursive frames small
    private mutating func parseClassEscapeSet() throws(RegexError) -> ScalarSet? {
        guard let scalar = peek() else { return nil }
        switch scalar {
        case 0x64: index += 1; return .digits
        case 0x44: index += 1; return ScalarSet.digits.inverted()
        case 0x73: index += 1; return .space
        case 0x53: index += 1; return ScalarSet.space.inverted()
        case 0x77: index += 1; return .word
        case 0x57: index += 1; return ScalarSet.word.inverted()
        case 0x70, 0x50:  // p, P
            let start = index - 1
            let negated = scalar == 0x50
            index += 1
            guard peekIs("{") else { throw error("'\\p' must be followed by '{property}'", at: start) }
            index += 1
            var body = ""
            while let next = peek(), next != 0x7D {
                guard let unicode = Unicode.Scalar(next) else { throw error("invalid property name", at: start) }
                body.unicodeScalars.append(unicode)
                index += 1
            }
            guard peekIs("}") else { throw error("missing '}' after the property name", at: start) }
            index += 1
            let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let set: ScalarSet?
            if parts.count == 2 {
                set = UnicodeProperties.set(name: String(parts[0]), value: String(parts[1]))
            } else {
                set = UnicodeProperties.set(lone: body)
            }
            guard let set else { throw error("unknown Unicode property '\(body)'", at: start) }
            return negated ? set.inverted() : set
        default:
            return nil
        }
    }

    /// A character escape after the backslash (`\n`, `\x41`, `\u{1F600}`, `\cJ`, `\/` ...);
    /// throws for escapes that ECMA-262's `u` mode does not allow.
    @inline(never)  // keeps the recursive frames small
    private mutating func parseCharacterEscape(inClass: Bool, start: Int) throws(RegexError) -> UInt32 {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case 0x74: return 0x09  // t
        case 0x6E: return 0x0A  // n
        case 0x76: return 0x0B  // v
        case 0x66: return 0x0C  // f
        case 0x72: return 0x0D  // r
        case 0x63:  // c
            if let letter = peek(), (letter >= 0x41 && letter <= 0x5A) || (letter >= 0x61 && letter <= 0x7A) {
                index += 1
                return letter % 32
            }
            throw error("'\\c' must be followed by an ASCII letter", at: start)
        case 0x30:  // 0
            if let next = peek(), next >= 0x30, next <= 0x39 {
                throw error("octal escapes are not allowed; write \\x or \\u", at: start)
            }
            return 0
        case 0x78:  // x
            guard let high = peek().flatMap(hexValue), let low = peek(1).flatMap(hexValue) else {
                throw error("'\\x' must be followed by two hexadecimal digits", at: start)
            }
            index += 2
            return high * 16 + low
        case 0x75:  // u
            guard let value = try parseUnicodeEscapeBody() else {
                throw error("invalid Unicode escape: write \\uHHHH or \\u{H...}", at: start)
            }
            return value
        case 0x5E, 0x24, 0x5C, 0x2E, 0x2A, 0x2B, 0x3F, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x7C, 0x2F:
            return scalar  // syntax characters and '/'
        case 0x2D where inClass:
            return scalar
        case 0x62 where inClass:
            return 0x08  // [\b] is backspace
        default:
            let shown = Unicode.Scalar(scalar).map { String(Character($0)) } ?? "?"
            throw error("invalid escape '\\\(shown)'", at: start)
        }
    }

    /// After `\u`: `HHHH` (joining an escaped surrogate pair) or `{H...}`. Nil when malformed.
    private mutating func parseUnicodeEscapeBody() throws(RegexError) -> UInt32? {
        if peekIs("{") {
            var position = index + 1
            var value: UInt32 = 0
            var digits = 0
            while position < scalars.count, let digit = hexValue(scalars[position]) {
                value = value * 16 + digit
                if value > ScalarSet.maxScalar { return nil }
                digits += 1
                position += 1
            }
            guard digits > 0, position < scalars.count, scalars[position] == 0x7D else { return nil }
            index = position + 1
            return value
        }
        guard let lead = readHex4(at: index) else { return nil }
        index += 4
        if lead >= 0xD800, lead <= 0xDBFF, peekIs("\\"), peekIs("u", 1), let trail = readHex4(at: index + 2),
            trail >= 0xDC00, trail <= 0xDFFF
        {
            index += 6
            return 0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00)
        }
        return lead
    }

    private func readHex4(at position: Int) -> UInt32? {
        guard position + 4 <= scalars.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexValue(scalars[position + offset]) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private func hexValue(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x30...0x39: scalar - 0x30
        case 0x41...0x46: scalar - 0x41 + 10
        case 0x61...0x66: scalar - 0x61 + 10
        default: nil
        }
    }

    // MARK: - Character classes

    private enum ClassAtom {
        case scalar(UInt32)
        case set(ScalarSet)
    }

    @inline(never)  // keeps the recursive frames small
    private mutating func parseClass() throws(RegexError) -> ScalarSet {
        let start = index
        index += 1  // [
        var negated = false
        if peekIs("^") {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        while true {
            guard let scalar = peek() else { throw error("missing ']' to close the class that starts at character \(start + 1)", at: start) }
            if scalar == 0x5D {
                index += 1
                break
            }
            let atomStart = index
            let first = try parseClassAtom()
            if peekIs("-"), let after = peek(1), after != 0x5D {
                index += 1
                let second = try parseClassAtom()
                guard case .scalar(let low) = first, case .scalar(let high) = second else {
                    throw error("a class escape such as \\d cannot bound a range", at: atomStart)
                }
                guard low <= high else { throw error("range out of order in character class", at: atomStart) }
                ranges.append(low...high)
            } else {
                switch first {
                case .scalar(let value): ranges.append(value...value)
                case .set(let set): ranges.append(contentsOf: set.ranges)
                }
            }
        }
        let set = ScalarSet(ranges)
        return negated ? set.inverted() : set
    }

    private mutating func parseClassAtom() throws(RegexError) -> ClassAtom {
        let scalar = scalars[index]
        guard scalar == 0x5C else {
            index += 1
            return .scalar(scalar)
        }
        let start = index
        index += 1
        guard let next = peek() else { throw error("'\\' at end of pattern", at: start) }
        if let set = try parseClassEscapeSet() { return .set(set) }
        if next >= 0x31 && next <= 0x39 { throw error("backreferences are not allowed in a character class", at: start) }
        return .scalar(try parseCharacterEscape(inClass: true, start: start))
    }
}

extension RegexNode {
    /// Replaces the placeholders `.backreference(-k)` left for `\k<name>` with the group
    /// numbers in `numbers` (the k-th named reference gets `numbers[k - 1]`).
    fileprivate func resolvingNamedReferences(_ numbers: [Int]) -> RegexNode {
        switch self {
        case .backreference(let value) where value < 0: .backreference(numbers[-value - 1])
        case .empty, .chars, .assertion, .backreference: self
        case .concat(let nodes): .concat(nodes.map { $0.resolvingNamedReferences(numbers) })
        case .alternation(let nodes): .alternation(nodes.map { $0.resolvingNamedReferences(numbers) })
        case .quantified(let node, let min, let max, let greedy):
            .quantified(node.resolvingNamedReferences(numbers), min: min, max: max, greedy: greedy)
        case .group(let node, let capture): .group(node.resolvingNamedReferences(numbers), capture: capture)
        case .look(let node, let behind, let negative):
            .look(node.resolvingNamedReferences(numbers), behind: behind, negative: negative)
        }
    }
}
