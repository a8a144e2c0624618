/// Checks JSON Schema `format` values (draft 2020-12 and draft 7 formats).
///
/// ```swift
/// FormatChecker.check("date", "2024-02-29")    // true
/// FormatChecker.check("email", "chef@")        // false
/// FormatChecker.check("x-recipe-id", "r-1")    // nil: unknown format
///
/// // Resolving the format once is faster when checking many values:
/// let date = FormatChecker.validator(for: "date")!
/// date.check("2024-02-30")                     // false
/// ```
///
/// Known formats: `date-time`, `date`, `time`, `duration` (RFC 3339, leap seconds
/// included), `email`, `idn-email` (RFC 5321 / RFC 6531), `hostname`, `idn-hostname`
/// (RFC 1123 and IDNA2008: Punycode A-labels, RFC 5892 code point rules, contextual
/// rules and the RFC 5893 Bidi rule), `ipv4`, `ipv6`, `uri`, `uri-reference`, `iri`,
/// `iri-reference` (RFC 3986 / RFC 3987), `uri-template` (RFC 6570), `uuid`,
/// `json-pointer`, `relative-json-pointer` and `regex` (ECMA-262 syntax, as
/// ``ECMARegex`` reads it).
public enum FormatChecker {
    /// The formats ``check(_:_:)`` knows.
    public static let knownFormats: Set<String> = Set(FormatValidator.Kind.allCases.map(\.rawValue))

    /// Whether `value` is valid for `format`; nil when the format is unknown (unknown formats
    /// are accepted, as the specification says).
    public static func check(_ format: String, _ value: String) -> Bool? {
        validator(for: format)?.check(value)
    }

    /// The validator of `format`; nil when the format is unknown.
    public static func validator(for format: String) -> FormatValidator? {
        FormatValidator.Kind(rawValue: format).map(FormatValidator.init)
    }
}

/// One known `format`, resolved once so that checking a value does not look the name up.
public struct FormatValidator: Sendable, Hashable {
    enum Kind: String, CaseIterable, Sendable {
        case dateTime = "date-time", date, time, duration
        case email, idnEmail = "idn-email", hostname, idnHostname = "idn-hostname", ipv4, ipv6
        case uri, uriReference = "uri-reference", iri, iriReference = "iri-reference", uriTemplate = "uri-template"
        case uuid, jsonPointer = "json-pointer", relativeJSONPointer = "relative-json-pointer", regex
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// The format's name, as written in a schema.
    public var format: String { kind.rawValue }

    /// Whether `value` is valid for the format.
    public func check(_ value: String) -> Bool {
        switch kind {
        case .dateTime: DateTimeFormats.isDateTime(value)
        case .date: DateTimeFormats.isDate(value)
        case .time: DateTimeFormats.isTime(value)
        case .duration: DateTimeFormats.isDuration(value)
        case .email: EmailFormat.isEmail(value, international: false)
        case .idnEmail: EmailFormat.isEmail(value, international: true)
        case .hostname: Hostname.isHostname(value)
        case .idnHostname: Hostname.isIDNHostname(value)
        case .ipv4: IPAddress.isIPv4(value.utf8)
        case .ipv6: IPAddress.isIPv6(Array(value.utf8))
        case .uri: URIFormats.check(value, international: false, reference: false)
        case .uriReference: URIFormats.check(value, international: false, reference: true)
        case .iri: URIFormats.check(value, international: true, reference: false)
        case .iriReference: URIFormats.check(value, international: true, reference: true)
        case .uriTemplate: URIFormats.isURITemplate(value)
        case .uuid: PointerFormats.isUUID(value)
        case .jsonPointer: PointerFormats.isJSONPointer(Substring(value))
        case .relativeJSONPointer: PointerFormats.isRelativeJSONPointer(value)
        case .regex: (try? ECMARegex.validate(value)) != nil
        }
    }
}
