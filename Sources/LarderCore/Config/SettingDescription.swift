import LarderJSON

extension JSONValue {
    /// A value of `larder.yml` as a message about a setting shows it: `'dist'`, `5`, `true`,
    /// `a list`, `a mapping`, `null`.
    public var settingDescription: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): n.literal
        case .string(let s): "'\(s)'"
        case .array: "a list"
        case .object: "a mapping"
        }
    }
}
