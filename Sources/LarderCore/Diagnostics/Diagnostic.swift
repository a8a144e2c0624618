import LarderJSON

/// One problem found in the content: what is wrong, where, and which rule said so.
///
/// Positions are 1-based; columns count UTF-16 code units, as VS Code and Xcode show them
/// (see `SourcePosition`). The end position is exclusive: it is the position just after the
/// offending value. Build one for a node of a parsed file with
/// ``init(ruleID:severity:message:file:json:node:locator:keywordLocation:absoluteKeywordLocation:related:fix:)``
/// or ``Document/diagnostic(ruleID:severity:message:node:locator:keywordLocation:absoluteKeywordLocation:related:fix:)``
/// so line, column and end come for free.
///
///     let d = Diagnostic(ruleID: "schema", severity: .error,
///                        message: "quantity -2 is below the minimum 0",
///                        file: "recipes/pasta.json",
///                        start: SourcePosition(line: 3, column: 17),
///                        end: SourcePosition(line: 3, column: 19),
///                        pointer: "/ingredients/3/quantity")
///
/// Diagnostics sort by file, line, column and rule id (then the rest, so the order is total
/// and output is deterministic).
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The id of the rule (or stage) that reported it: `"schema"`, `"duplicate-key"`, `"parse"`.
    public var ruleID: String
    /// How serious it is.
    public var severity: Severity
    /// A sentence in the user's terms: what is wrong and what was expected.
    public var message: String
    /// The file, as the user gave it (relative to the working directory when possible).
    public var file: String
    /// Where the offending value starts.
    public var start: SourcePosition
    /// Just after where the offending value ends (exclusive).
    public var end: SourcePosition
    /// The JSON Pointer of the offending value within its file (`/ingredients/3/quantity`).
    public var pointer: JSONPointer
    /// For schema diagnostics: the keyword's location in the schema as reached
    /// (`/properties/servings/minimum`).
    public var keywordLocation: String?
    /// For schema diagnostics: the keyword's absolute location (`https://…/recipe.json#/…`).
    public var absoluteKeywordLocation: String?
    /// Other places that explain this one (the first occurrence of a duplicate key).
    public var related: [RelatedLocation]
    /// An edit that would fix the problem, when one is known.
    public var fix: Fix?

    /// Makes a diagnostic with explicit positions.
    public init(
        ruleID: String,
        severity: Severity,
        message: String,
        file: String,
        start: SourcePosition,
        end: SourcePosition? = nil,
        pointer: JSONPointer = .root,
        keywordLocation: String? = nil,
        absoluteKeywordLocation: String? = nil,
        related: [RelatedLocation] = [],
        fix: Fix? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.file = file
        self.start = start
        self.end = end ?? start
        self.pointer = pointer
        self.keywordLocation = keywordLocation
        self.absoluteKeywordLocation = absoluteKeywordLocation
        self.related = related
        self.fix = fix
    }

    /// Makes a diagnostic for a value of a parsed file: start, end and pointer are taken from
    /// the node.
    ///
    ///     let json = try JSONDocument(parsing: #"{"café": 1}"#)
    ///     let value = json.member(json.root, "café")!
    ///     let d = Diagnostic(ruleID: "demo", severity: .warning, message: "…",
    ///                        file: "a.json", json: json, node: value)
    ///     d.start   // 1:10, as VS Code shows it
    ///
    /// Pass a `locator` built once with `json.locator()` when reporting many diagnostics for
    /// the same file; without one, a locator is built for this call.
    /// - Complexity: O(log lines + line length) with a locator; O(file) without.
    public init(
        ruleID: String,
        severity: Severity,
        message: String,
        file: String,
        json: JSONDocument,
        node: Int,
        locator: SourceLocator? = nil,
        keywordLocation: String? = nil,
        absoluteKeywordLocation: String? = nil,
        related: [RelatedLocation] = [],
        fix: Fix? = nil
    ) {
        let range = json.sourceRange(of: node, using: locator)
        self.init(
            ruleID: ruleID, severity: severity, message: message, file: file,
            start: range.start, end: range.end, pointer: json.pointer(to: node),
            keywordLocation: keywordLocation, absoluteKeywordLocation: absoluteKeywordLocation,
            related: related, fix: fix)
    }

    /// The 1-based line where the problem starts.
    public var line: Int { start.line }
    /// The 1-based column (UTF-16 code units) where the problem starts.
    public var column: Int { start.column }
    /// The line of ``end``.
    public var endLine: Int { end.line }
    /// The column of ``end`` (exclusive).
    public var endColumn: Int { end.column }
    /// Start and end together.
    public var range: SourceRange { SourceRange(start: start, end: end) }

    /// `file:line:column: severity: message [rule]`, the line every text reporter starts from.
    public var description: String {
        "\(file):\(start.line):\(start.column): \(severity.name): \(message) [\(ruleID)]"
    }

    /// The report order: file, line, column, rule id, then end, severity (worst first),
    /// message and pointer. Two names that differ only in Unicode normalization are two
    /// files, in byte order.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        if PathKey(a.file) != PathKey(b.file) { return a.file == b.file ? PathKey(a.file) < PathKey(b.file) : a.file < b.file }
        if a.start != b.start { return a.start < b.start }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        if a.end != b.end { return a.end < b.end }
        if a.severity != b.severity { return a.severity > b.severity }
        if a.message != b.message { return a.message < b.message }
        return a.pointer.description < b.pointer.description
    }
}

extension Diagnostic {
    /// Another place in the content that helps explain a diagnostic.
    public struct RelatedLocation: Sendable, Hashable {
        /// The file (as given, like ``Diagnostic/file``).
        public var file: String
        /// Where it starts.
        public var start: SourcePosition
        /// Just after where it ends.
        public var end: SourcePosition
        /// What this place is: `"first defined here"`.
        public var message: String

        public init(file: String, start: SourcePosition, end: SourcePosition? = nil, message: String) {
            self.file = file
            self.start = start
            self.end = end ?? start
            self.message = message
        }

        /// A related location for a value of a parsed file.
        public init(file: String, json: JSONDocument, node: Int, locator: SourceLocator? = nil, message: String) {
            let range = json.sourceRange(of: node, using: locator)
            self.init(file: file, start: range.start, end: range.end, message: message)
        }
    }

    /// An edit of the JSON that fixes a diagnostic: replace the value at a pointer, or
    /// remove it.
    ///
    ///     Diagnostic.Fix.replace("/difficulty", with: "easy", summary: "use a known difficulty")
    ///     Diagnostic.Fix.remove("/ingredeints", summary: "remove the unknown field")
    public struct Fix: Sendable, Hashable {
        /// The value to change (relative to the file's root).
        public var pointer: JSONPointer
        /// The new value; nil removes the member or element.
        public var replacement: JSONValue?
        /// What the fix does, for people: `"replace -2 with 0"`.
        public var summary: String

        public init(pointer: JSONPointer, replacement: JSONValue?, summary: String) {
            self.pointer = pointer
            self.replacement = replacement
            self.summary = summary
        }

        /// A fix that replaces the value at `pointer`.
        public static func replace(_ pointer: JSONPointer, with value: JSONValue, summary: String) -> Fix {
            Fix(pointer: pointer, replacement: value, summary: summary)
        }

        /// A fix that removes the value at `pointer` from its object or array.
        public static func remove(_ pointer: JSONPointer, summary: String) -> Fix {
            Fix(pointer: pointer, replacement: nil, summary: summary)
        }

        /// True when the fix removes the value.
        public var isRemoval: Bool { replacement == nil }
    }
}
