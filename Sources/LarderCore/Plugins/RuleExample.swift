import LarderJSON

/// A document that must trigger a rule at given places, or must not trigger it.
///
/// Examples record where they are written (`#fileID`, `#filePath`, `#line`), so a test that
/// runs them reports a failure at the example's own line.
///
///     .triggers(#"{"servings": 0}"#, at: "/servings")
///     .passes(#"{"servings": 4}"#)
public struct RuleExample: Sendable, CustomStringConvertible {
    /// The JSON text of the example (one document, or an array of them).
    public var json: String
    /// The content kind to check it as.
    public var kind: String?
    /// The rule's options for this example.
    public var options: JSONValue
    /// Where the rule must fire; empty for an example that must pass.
    public var pointers: [JSONPointer]
    /// True for an example that must trigger the rule.
    public var triggers: Bool
    public var fileID: String
    public var filePath: String
    public var line: Int
    public var column: Int

    public init(
        json: String,
        kind: String? = nil,
        options: JSONValue = .null,
        triggers: Bool,
        pointers: [JSONPointer],
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        self.json = json
        self.kind = kind
        self.options = options
        self.triggers = triggers
        self.pointers = pointers
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// An example that must trigger the rule at exactly these pointers (in any order).
    public static func triggers(
        _ json: String,
        at pointers: JSONPointer...,
        kind: String? = nil,
        options: JSONValue = .null,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) -> RuleExample {
        RuleExample(
            json: json, kind: kind, options: options, triggers: true, pointers: pointers,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// An example that must not trigger the rule.
    public static func passes(
        _ json: String,
        kind: String? = nil,
        options: JSONValue = .null,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) -> RuleExample {
        RuleExample(
            json: json, kind: kind, options: options, triggers: false, pointers: [],
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Runs `rule` on the example and says what went wrong, or nil when the example holds.
    ///
    /// The example is parsed as a file named `example.json` and split into documents; every
    /// document is checked with the example's options and the rule's default severity, and
    /// the content set holds all of them (so cross-document rules can be exercised).
    public func failure(of rule: any Rule) -> String? {
        let parsed: JSONDocument
        do {
            parsed = try JSONDocument(parsing: json)
        } catch {
            return "the example is not valid JSON: \(error)"
        }
        let docs = Document.split(file: "example.json", kind: kind, json: parsed)
        let context = RuleContext(
            ruleID: rule.id, options: options, severity: rule.defaultSeverity, content: ContentSet(docs))
        let diagnostics = docs.flatMap { rule.check($0, context: context) }
        let fired = diagnostics.map(\.pointer).sorted()
        if triggers {
            let expected = pointers.sorted()
            if fired.isEmpty { return "rule '\(rule.id)' did not fire; expected it at \(Self.list(expected))" }
            if !expected.isEmpty && fired != expected {
                return "rule '\(rule.id)' fired at \(Self.list(fired)); expected \(Self.list(expected))"
            }
        } else if !fired.isEmpty {
            let messages = diagnostics.map { "\($0.pointer): \($0.message)" }.joined(separator: "; ")
            return "rule '\(rule.id)' must not fire, but did: \(messages)"
        }
        return nil
    }

    /// `triggers {"servings": 0} at /servings (RecipeRules.swift:42)`, for test names.
    public var description: String {
        let place = "(\(filePath.split(separator: "/").last ?? ""):\(line))"
        if triggers {
            let at = pointers.isEmpty ? "" : " at " + Self.list(pointers)
            return "triggers \(json)\(at) \(place)"
        }
        return "passes \(json) \(place)"
    }

    private static func list(_ pointers: [JSONPointer]) -> String {
        pointers.map { $0.description.isEmpty ? "\"\" (the root)" : $0.description }.joined(separator: ", ")
    }
}
