import Foundation

/// A regular expression with ECMA-262 semantics, as JSON Schema's `pattern` and
/// `patternProperties` ask (`\d` is ASCII only, `\p{L}` works).
///
/// STUB: a placeholder over NSRegularExpression so the schema engine can be built against
/// the final API; the real engine replaces this file.
public struct ECMARegex: Sendable {
    /// The pattern as written in the schema.
    public let pattern: String
    private let regex: NSRegularExpression

    /// Compiles `pattern`; throws when it is not a valid ECMA-262 pattern.
    public init(_ pattern: String) throws(RegexError) {
        self.pattern = pattern
        do {
            regex = try NSRegularExpression(pattern: pattern)
        } catch {
            throw RegexError.syntax(message: "invalid regular expression", offset: 0)
        }
    }

    /// True when the pattern matches anywhere in `text` (JSON Schema's unanchored search).
    /// Throws ``RegexError/budgetExceeded`` when matching takes more steps than allowed.
    public func search(_ text: String) throws(RegexError) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.firstMatch(in: text, range: range) != nil
    }

    /// Same as ``search(_:)-(String)`` over UTF-8 bytes (which must be valid UTF-8).
    public func search(utf8: UnsafeBufferPointer<UInt8>) throws(RegexError) -> Bool {
        try search(String(decoding: utf8, as: UTF8.self))
    }
}

/// Why a regular expression could not be compiled or run.
public enum RegexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern is not valid ECMA-262 syntax; `offset` counts Unicode scalars.
    case syntax(message: String, offset: Int)
    /// Matching needed more backtracking steps than the budget allows.
    case budgetExceeded(steps: Int)

    public var description: String {
        switch self {
        case .syntax(let message, let offset): "\(message) at character \(offset + 1)"
        case .budgetExceeded(let steps): "the pattern needed more than \(steps) steps on this value (catastrophic backtracking)"
        }
    }
}
