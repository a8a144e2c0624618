/// A small evaluator of the C expressions gettext's `Plural-Forms` use (`n`, integers,
/// `% == != < <= > >= && || ! ?:` and parentheses), so tests can check each expression
/// against CLDR's rules count by count.
struct CExpression {
    indirect enum Node {
        case n
        case literal(Int)
        case not(Node)
        case binary(String, Node, Node)
        case conditional(Node, Node, Node)
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    let root: Node

    init(_ text: String) throws {
        var tokens: [String] = []
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c.isWhitespace { i = text.index(after: i); continue }
            if c.isNumber {
                var j = i
                while j < text.endIndex, text[j].isNumber { j = text.index(after: j) }
                tokens.append(String(text[i..<j])); i = j; continue
            }
            let two = text[i...].prefix(2)
            if ["==", "!=", "<=", ">=", "&&", "||"].contains(String(two)) {
                tokens.append(String(two)); i = text.index(i, offsetBy: 2); continue
            }
            guard "n%<>!?:()".contains(c) else { throw ParseError(description: "unexpected '\(c)'") }
            tokens.append(String(c)); i = text.index(after: i)
        }
        var parser = Parser(tokens: tokens)
        root = try parser.conditional()
        guard parser.position == tokens.count else { throw ParseError(description: "trailing tokens") }
    }

    func evaluate(n: Int) -> Int { Self.eval(root, n) }

    static func eval(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .n: return n
        case .literal(let v): return v
        case .not(let x): return eval(x, n) == 0 ? 1 : 0
        case .conditional(let c, let a, let b): return eval(c, n) != 0 ? eval(a, n) : eval(b, n)
        case .binary(let op, let a, let b):
            let x = eval(a, n)
            if op == "&&" { return x != 0 && eval(b, n) != 0 ? 1 : 0 }
            if op == "||" { return x != 0 || eval(b, n) != 0 ? 1 : 0 }
            let y = eval(b, n)
            switch op {
            case "%": return x % y
            case "==": return x == y ? 1 : 0
            case "!=": return x != y ? 1 : 0
            case "<": return x < y ? 1 : 0
            case "<=": return x <= y ? 1 : 0
            case ">": return x > y ? 1 : 0
            default: return x >= y ? 1 : 0
            }
        }
    }

    struct Parser {
        var tokens: [String]
        var position = 0

        var peek: String? { position < tokens.count ? tokens[position] : nil }
        mutating func next() -> String? {
            defer { position += 1 }
            return peek
        }

        mutating func conditional() throws -> Node {
            let condition = try binary(0)
            guard peek == "?" else { return condition }
            position += 1
            let a = try conditional()
            guard next() == ":" else { throw ParseError(description: "expected ':'") }
            let b = try conditional()
            return .conditional(condition, a, b)
        }

        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["%"]]

        mutating func binary(_ level: Int) throws -> Node {
            if level == Self.levels.count { return try unary() }
            var left = try binary(level + 1)
            while let op = peek, Self.levels[level].contains(op) {
                position += 1
                left = .binary(op, left, try binary(level + 1))
            }
            return left
        }

        mutating func unary() throws -> Node {
            switch next() {
            case "!": return .not(try unary())
            case "n": return .n
            case "(":
                let inner = try conditional()
                guard next() == ")" else { throw ParseError(description: "expected ')'") }
                return inner
            case let token?:
                guard let v = Int(token) else { throw ParseError(description: "unexpected '\(token)'") }
                return .literal(v)
            case nil: throw ParseError(description: "unexpected end")
            }
        }
    }
}
