import LarderJSON

/// One option a rule reads from `larder.yml`, described as data: `larder explain RULE`
/// prints it, and the config loader checks options against it before anything runs.
///
///     RuleOption("meters", .number, "how close two places may be, in metres", default: "25")
public struct RuleOption: Sendable, Hashable {
    /// The JSON type an option takes.
    public enum ValueType: String, Sendable, Hashable, CustomStringConvertible {
        case string, number, boolean
        /// An array of strings.
        case strings
        /// A JSON Pointer (`/username`).
        case pointer
        /// An array of JSON Pointers where `*` stands for every element (`/steps/*`).
        case pointers

        public var description: String {
            switch self {
            case .string: "a string"
            case .number: "a number"
            case .boolean: "true or false"
            case .strings: "a list of strings"
            case .pointer: "a JSON Pointer"
            case .pointers: "a list of JSON Pointers"
            }
        }
    }

    /// The key in the rule's options (`meters`).
    public var name: String
    /// What the value must be.
    public var type: ValueType
    /// What the option does, for people.
    public var summary: String
    /// The value used when the option is not given, as text; nil when there is none.
    public var defaultValue: String?

    public init(_ name: String, _ type: ValueType, _ summary: String, default defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.summary = summary
        self.defaultValue = defaultValue
    }

    /// Option keys any rule accepts because the config loader sets or reads them:
    /// `severity`, `kinds` (limit the rule to these content kinds), `kind` (the kind of the
    /// content entry the options were given for; the rule then looks at that kind only),
    /// `images` (the kind's images folder) and `locales` (the project's locales).
    public static let contextKeys: Set<String> = ["severity", "kinds", "kind", "images", "locales"]
}

/// A rule that declares its options (see ``RuleOption``).
public protocol ConfigurableRule: Rule {
    /// The options the rule reads, besides ``RuleOption/contextKeys``.
    var options: [RuleOption] { get }
}

extension ConfigurableRule {
    /// Problems with `options` as sentences a user can act on (`option 'meterz' of rule
    /// 'near-duplicate-location' is unknown; known options: meters`); empty when they are
    /// fine. `null` (no options) is fine.
    public func optionProblems(_ options: JSONValue) -> [String] {
        guard case .object(let object) = options else {
            if case .null = options { return [] }
            return ["the options of rule '\(id)' must be an object, not \(options.kind)"]
        }
        var problems: [String] = []
        let declared = Dictionary(self.options.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (key, value) in object {
            if key == "kind" {
                if value.stringValue == nil { problems.append("option 'kind' of rule '\(id)' must be a string") }
                continue
            }
            if key == "kinds" {
                if !Self.isStrings(value) { problems.append("option 'kinds' of rule '\(id)' must be a list of strings") }
                continue
            }
            if RuleOption.contextKeys.contains(key) { continue }
            guard let option = declared[key] else {
                let known = self.options.map(\.name).sorted()
                problems.append(
                    "option '\(key)' of rule '\(id)' is unknown; "
                        + (known.isEmpty ? "the rule takes no options" : "known options: " + known.joined(separator: ", ")))
                continue
            }
            if !Self.matches(value, option.type) {
                problems.append("option '\(key)' of rule '\(id)' must be \(option.type), not \(Self.describe(value))")
            }
        }
        return problems
    }

    private static func isStrings(_ value: JSONValue) -> Bool {
        guard case .array(let items) = value else { return false }
        return items.allSatisfy { $0.stringValue != nil }
    }

    private static func isPointer(_ value: JSONValue) -> Bool {
        guard let text = value.stringValue else { return false }
        return text.isEmpty || JSONPointer(parsing: text) != nil
    }

    private static func matches(_ value: JSONValue, _ type: RuleOption.ValueType) -> Bool {
        switch type {
        case .string: value.stringValue != nil
        case .number: value.doubleValue != nil
        case .boolean: value.boolValue != nil
        case .strings: isStrings(value)
        case .pointer: isPointer(value)
        case .pointers: value.arrayValue.map { $0.allSatisfy(isPointer) } ?? false
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): "the string '\(s)'"
        case .number(let n): "the number \(n)"
        default: "\(value.kind)"
        }
    }
}
