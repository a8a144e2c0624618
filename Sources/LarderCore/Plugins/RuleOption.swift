import LarderJSON

/// One option a rule reads from `larder.yml`, described as data: the config check reads it
/// before anything runs (type, range, the items of a list, two names of one option given
/// together) and reports a mistake at its line and column.
///
///     RuleOption("meters", .number, "how close two places may be, in metres", default: "25",
///                bounds: .above(0).because("no two places are closer than 0 m"))
///     RuleOption("distance", .number, "the same as `meters`", aliasOf: "meters")
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

    /// The numbers a `.number` option takes: a lower and an upper end, each included or
    /// not, and why, for the message (`-5 is not more than 0: …`).
    public struct Bounds: Sendable, Hashable, CustomStringConvertible {
        public var lower: Double?
        public var includesLower: Bool
        public var upper: Double?
        public var includesUpper: Bool
        /// Why the other values make no sense (`two places are never closer than 0 m`).
        public var reason: String?

        public init(lower: Double? = nil, includesLower: Bool = true, upper: Double? = nil, includesUpper: Bool = true, reason: String? = nil) {
            self.lower = lower
            self.includesLower = includesLower
            self.upper = upper
            self.includesUpper = includesUpper
            self.reason = reason
        }

        /// More than `value`.
        public static func above(_ value: Double) -> Bounds { Bounds(lower: value, includesLower: false) }
        /// `value` or more.
        public static func atLeast(_ value: Double) -> Bounds { Bounds(lower: value) }
        /// These bounds, and less than `value`.
        public func below(_ value: Double) -> Bounds {
            var b = self
            (b.upper, b.includesUpper) = (value, false)
            return b
        }
        /// These bounds, and `value` or less.
        public func atMost(_ value: Double) -> Bounds {
            var b = self
            (b.upper, b.includesUpper) = (value, true)
            return b
        }
        /// These bounds, with the reason the other values make no sense.
        public func because(_ reason: String) -> Bounds {
            var b = self
            b.reason = reason
            return b
        }

        public func contains(_ x: Double) -> Bool {
            guard x.isFinite else { return false }
            if let lower, includesLower ? x < lower : x <= lower { return false }
            if let upper, includesUpper ? x > upper : x >= upper { return false }
            return true
        }

        /// `more than 0`, `at least 0 and less than 1`.
        public var description: String {
            var parts: [String] = []
            if let lower { parts.append((includesLower ? "at least " : "more than ") + Self.format(lower)) }
            if let upper { parts.append((includesUpper ? "at most " : "less than ") + Self.format(upper)) }
            return parts.isEmpty ? "any number" : parts.joined(separator: " and ")
        }

        static func format(_ x: Double) -> String {
            if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
            return String(x)
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
    /// For a number, the values that make sense; nil takes any number.
    public var bounds: Bounds?
    /// The option this one is another name for (`meters` for `distance`): it takes the same
    /// values, and giving both is a mistake, since the rule reads one.
    public var aliasOf: String?
    /// For a list, what an empty one would do when that is a mistake (`which allows no
    /// image, so every image would be an error`); nil when `[]` is a value like another.
    /// A list of fields (`.pointers`) replaces the rule's fields, so an empty one has it
    /// check none: it is a mistake unless the option says otherwise.
    public var emptyList: String?

    /// `allowsEmptyList`: an empty list of fields is a value like another (a rule with two
    /// lists, `url`'s links and videos, may check one of them only).
    public init(_ name: String, _ type: ValueType, _ summary: String, default defaultValue: String? = nil,
                bounds: Bounds? = nil, aliasOf: String? = nil, emptyList: String? = nil, allowsEmptyList: Bool = false) {
        self.name = name
        self.type = type
        self.summary = summary
        self.defaultValue = defaultValue
        self.bounds = bounds
        self.aliasOf = aliasOf
        self.emptyList = allowsEmptyList ? nil : emptyList ?? (type == .pointers ? "so it names no field for the rule to check" : nil)
    }

    /// Option keys any rule accepts because the config loader sets or reads them:
    /// `severity`, `kinds` (limit the rule to these content kinds), `kind` (the kind of the
    /// content entry the options were given for; the rule then looks at that kind only),
    /// `images` (the kind's images folder) and `locales` (the project's locales).
    public static let contextKeys: Set<String> = ["severity", "kinds", "kind", "images", "locales"]
}

/// A mistake in a rule's options, and where it is below them, so the config check reports
/// it at its own line and column.
public struct OptionProblem: Sendable, Hashable, CustomStringConvertible {
    /// A sentence a user can act on: `option 'units' of rule 'unknown-unit': units[1] is the
    /// number 5; …`.
    public var message: String
    /// The place below the rule's options: `["units", "1"]`; empty for the options as a whole.
    public var path: [String]
    /// The mistake is the key at `path` (an unknown option, a second name of one option),
    /// not its value.
    public var isKey: Bool

    public init(_ message: String, at path: [String] = [], isKey: Bool = false) {
        self.message = message
        self.path = path
        self.isKey = isKey
    }

    public var description: String { message }
}

extension OptionProblem {
    /// Every problem of `options` that a reader stopping at its first mistake (`first`)
    /// finds, one option at a time: after a problem at an option, that option is left out
    /// and the rest are read again, so a step with three mistaken options reports all three
    /// in one run, as the rest of larder.yml is reported. A problem naming no option that
    /// only comes up once options were left out ("give at least one of …") is not one of
    /// the file's.
    public static func oneByOne(_ options: JSONValue, _ first: (JSONValue) -> OptionProblem?) -> [OptionProblem] {
        var found: [OptionProblem] = []
        var rest = options
        while found.count < 64, let problem = first(rest) {
            guard found.isEmpty || !problem.path.isEmpty else { break }
            found.append(problem)
            guard let key = problem.path.first, var object = rest.objectValue, object[key] != nil else { break }
            object[key] = nil
            rest = .object(object)
        }
        return found
    }
}

/// A rule that declares its options (see ``RuleOption``).
public protocol ConfigurableRule: Rule {
    /// The options the rule reads, besides ``RuleOption/contextKeys``.
    var options: [RuleOption] { get }
}

extension ConfigurableRule {
    /// Problems with `options` as sentences a user can act on (`option 'meterz' of rule
    /// 'near-duplicate-location' is unknown; did you mean 'meters'?`); empty when they are
    /// fine. `null` (no options) is fine. ``checkOptions(_:)`` gives each one's place.
    public func optionProblems(_ options: JSONValue) -> [String] {
        checkOptions(options).map(\.message)
    }

    /// Problems with `options`, each with its place below them: an unknown option (at its
    /// key, with the closest known name), a value of the wrong type (at the value, or at the
    /// item of a list that is wrong), a number out of the option's ``RuleOption/Bounds``, an
    /// empty list the option does not take (``RuleOption/emptyList``), two names of one
    /// option (at the second). Empty when they are fine.
    public func checkOptions(_ options: JSONValue) -> [OptionProblem] {
        guard case .object(let object) = options else {
            if case .null = options { return [] }
            return [OptionProblem("the options of rule '\(id)' must be an object, not \(options.settingDescription)")]
        }
        var problems: [OptionProblem] = []
        let declared = Dictionary(self.options.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var given: [String: String] = [:]  // option (by its main name) -> the key that gave it
        for (key, value) in object {
            if key == "kind" {
                if value.stringValue == nil {
                    problems.append(OptionProblem("option 'kind' of rule '\(id)' must be a string, not \(value.settingDescription)", at: [key]))
                }
                continue
            }
            if key == "kinds" {
                problems += Self.problems(of: value, as: .strings, key: key, rule: id)
                continue
            }
            if RuleOption.contextKeys.contains(key) { continue }
            guard let option = declared[key] else {
                let known = self.options.map(\.name).sorted()
                let close = Suggest.closest(to: key, in: known + ["kinds", "severity"])
                problems.append(OptionProblem(
                    "option '\(key)' of rule '\(id)' is unknown; "
                        + (close.map { "did you mean '\($0)'?" }
                            ?? (known.isEmpty ? "the rule takes no options" : "known options: " + known.joined(separator: ", "))),
                    at: [key], isKey: true))
                continue
            }
            let main = option.aliasOf.flatMap { declared[$0] } ?? option
            if let earlier = given[main.name] {
                let names = [earlier, key].filter { $0 != main.name }.map { "'\($0)'" }.joined(separator: " and ")
                problems.append(OptionProblem(
                    "options '\(earlier)' and '\(key)' of rule '\(id)' are one option (\(names) \(names.contains(" and ") ? "are other names" : "is another name") for '\(main.name)'), and the rule reads only one; keep one",
                    at: [key], isKey: true))
                continue
            }
            given[main.name] = key
            let typeProblems = Self.problems(of: value, as: option.type, key: key, rule: id)
            problems += typeProblems
            if typeProblems.isEmpty, value.arrayValue?.isEmpty == true, let why = main.emptyList ?? option.emptyList {
                // `fields: []` had the rule check nothing, and `extensions: []` made every
                // image an error, without a word about the option.
                problems.append(OptionProblem(
                    "option '\(key)' of rule '\(id)' is an empty list, \(why); leave it out for the default"
                        + ((main.defaultValue ?? option.defaultValue).map { " (\($0))" } ?? "") + ", or set the rule to off",
                    at: [key]))
            } else if typeProblems.isEmpty, let bounds = main.bounds ?? option.bounds, let x = value.doubleValue, !x.isFinite {
                // 1e400: past what a number can hold, not "less than" a bound.
                problems.append(OptionProblem(
                    "option '\(key)' of rule '\(id)' is \(value.settingDescription), a number too large to compute with; it must be \(bounds)",
                    at: [key]))
            } else if typeProblems.isEmpty, let bounds = main.bounds ?? option.bounds, let x = value.doubleValue, !bounds.contains(x) {
                problems.append(OptionProblem(
                    "option '\(key)' of rule '\(id)' is \(value.settingDescription); it must be \(bounds)" + (bounds.reason.map { " (\($0))" } ?? ""),
                    at: [key]))
            }
        }
        return problems
    }

    /// What is wrong with `value` for an option of `type`: the value as a whole when it is
    /// not even the right kind of thing, else each item of a list that is wrong, at its index.
    private static func problems(of value: JSONValue, as type: RuleOption.ValueType, key: String, rule: String) -> [OptionProblem] {
        let option = "option '\(key)' of rule '\(rule)'"
        func wrong(_ hint: String = "") -> [OptionProblem] {
            [OptionProblem("\(option) must be \(type), not \(describe(value))\(hint)", at: [key])]
        }
        switch type {
        case .string: return value.stringValue != nil ? [] : wrong()
        case .number: return value.doubleValue != nil ? [] : wrong()
        case .boolean: return value.boolValue != nil ? [] : wrong()
        case .pointer:
            guard let text = value.stringValue else { return wrong() }
            return isPointer(text) ? [] : [OptionProblem("\(option) is '\(text)', which is not a JSON Pointer: \(pointerHint(text))", at: [key])]
        case .strings, .pointers:
            guard case .array(let items) = value else {
                // One string where a list is taken: say how to write the list.
                if let text = value.stringValue { return wrong("; write [\(text)] for a list of one") }
                return wrong()
            }
            var problems: [OptionProblem] = []
            let noun = type == .strings ? "a string" : "a JSON Pointer"
            for (i, item) in items.enumerated() {
                let place = "\(key)[\(i)]"
                if let text = item.stringValue {
                    if type == .pointers, !isPointer(text) {
                        problems.append(OptionProblem("\(option): \(place) is '\(text)', which is not a JSON Pointer: \(pointerHint(text))", at: [key, String(i)]))
                    }
                    continue
                }
                var message = "\(option): \(place) is \(describe(item)); write each item as \(noun)"
                if type == .strings, case .number(let n) = item { message += " (\"\(n.literal)\")" }
                if type == .strings, case .bool(let b) = item { message += " (\"\(b)\")" }
                problems.append(OptionProblem(message, at: [key, String(i)]))
            }
            return problems
        }
    }

    private static func isPointer(_ text: String) -> Bool {
        text.isEmpty || JSONPointer(parsing: text) != nil
    }

    /// How to write the pointer, for what is wrong with it: `pointers start with / (write
    /// '/help')`, or for one that does (`/a~2b`), how `~` is escaped (write '/a~02b'). The
    /// pointer suggested is always one.
    private static func pointerHint(_ text: String) -> String {
        if text.hasPrefix("/") {
            return "in a pointer, ~ starts an escape: ~0 stands for a ~ in a name and ~1 for a / (write '\(escapingTildes(text))')"
        }
        let fixed = escapingTildes("/" + text.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/"))
        return "pointers start with / and separate the names with / (write '\(fixed)')"
    }

    /// `text` with each `~` that starts no escape (`~0`, `~1`) written as `~0`.
    private static func escapingTildes(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, c) in scalars.enumerated() {
            out.append(c)
            if c == "~", i + 1 == scalars.count || (scalars[i + 1] != "0" && scalars[i + 1] != "1") { out.append("0") }
        }
        return String(out)
    }

    /// A value as the messages name it: `the number 5`, `the string 'glug'`, `a list`.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): "the string '\(s)'"
        case .number(let n): "the number \(n.literal)"
        case .null: "null (no value)"
        default: value.settingDescription
        }
    }
}
