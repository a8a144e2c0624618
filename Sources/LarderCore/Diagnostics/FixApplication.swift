import LarderJSON

extension Diagnostic.Fix {
    /// Applies the fix to `value` (the whole file's value: the pointer is relative to the
    /// file's root).
    ///
    /// Replacing sets the value at the pointer: an object member is added when missing, an
    /// array element must exist (or be `-`, which appends). Removing deletes an existing
    /// member or element. The root can be replaced but not removed.
    ///
    ///     var value: JSONValue = ["difficulty": "simple"]
    ///     try Diagnostic.Fix.replace("/difficulty", with: "easy", summary: "").apply(to: &value)
    ///     value   // ["difficulty": "easy"]
    public func apply(to value: inout JSONValue) throws(FixError) {
        if pointer.tokens.isEmpty {
            guard let replacement else { throw FixError(pointer: pointer, reason: "the whole document cannot be removed") }
            value = replacement
            return
        }
        try Self.edit(&value, tokens: pointer.tokens[...], fix: self)
    }

    /// Applies several fixes to one file's value, the deepest and last positions first so
    /// removing an array element does not move the targets of the others. Returns the
    /// fixes that could not be applied, with why.
    public static func apply(_ fixes: [Diagnostic.Fix], to value: inout JSONValue) -> [FixError] {
        var failures: [FixError] = []
        for fix in fixes.sorted(by: { laterFirst($0.pointer, $1.pointer) }) {
            do { try fix.apply(to: &value) } catch { failures.append(error) }
        }
        return failures
    }

    /// True when `a` should be applied before `b`: array indices compare as numbers, and
    /// a pointer goes before its ancestors.
    static func laterFirst(_ a: JSONPointer, _ b: JSONPointer) -> Bool {
        for (x, y) in zip(a.tokens, b.tokens) where x != y {
            if let i = Int(x), let j = Int(y) { return i > j }
            return x > y
        }
        return a.tokens.count > b.tokens.count
    }

    private static func edit(_ value: inout JSONValue, tokens: ArraySlice<String>, fix: Diagnostic.Fix) throws(FixError) {
        let token = tokens.first!
        let last = tokens.count == 1
        switch value {
        case .object(var object):
            if last {
                if let replacement = fix.replacement {
                    object[token] = replacement
                } else {
                    guard object[token] != nil else { throw FixError(pointer: fix.pointer, reason: "there is no member '\(token)' to remove") }
                    object[token] = nil
                }
            } else {
                guard var child = object[token] else { throw FixError(pointer: fix.pointer, reason: "there is no member '\(token)'") }
                try edit(&child, tokens: tokens.dropFirst(), fix: fix)
                object[token] = child
            }
            value = .object(object)
        case .array(var array):
            if last && token == "-" {
                guard let replacement = fix.replacement else { throw FixError(pointer: fix.pointer, reason: "'-' names no element to remove") }
                array.append(replacement)
            } else {
                guard let i = Int(token), String(i) == token, array.indices.contains(i) else {
                    throw FixError(pointer: fix.pointer, reason: "there is no element '\(token)'")
                }
                if last {
                    if let replacement = fix.replacement { array[i] = replacement } else { array.remove(at: i) }
                } else {
                    try edit(&array[i], tokens: tokens.dropFirst(), fix: fix)
                }
            }
            value = .array(array)
        default:
            throw FixError(pointer: fix.pointer, reason: "'\(token)' is inside a \(value.kind), which has no members")
        }
    }
}

/// A fix that does not fit the document (its target is gone or never existed).
public struct FixError: Error, Sendable, Hashable, CustomStringConvertible {
    public var pointer: JSONPointer
    public var reason: String

    public init(pointer: JSONPointer, reason: String) {
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String { "cannot apply the fix at '\(pointer)': \(reason)" }
}
