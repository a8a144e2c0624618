/// Checks JSON Schema `format` values (draft 2020-12 and draft 7 formats).
///
/// ```swift
/// FormatChecker.check("date", "2024-02-29")    // true
/// FormatChecker.check("email", "chef@")        // false
/// FormatChecker.check("x-recipe-id", "r-1")    // nil: unknown format
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
    public static let knownFormats: Set<String> = [
        "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname",
        "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid",
        "json-pointer", "relative-json-pointer", "regex",
    ]

    /// Whether `value` is valid for `format`; nil when the format is unknown (unknown formats
    /// are accepted, as the specification says).
    public static func check(_ format: String, _ value: String) -> Bool? {
        switch format {
        case "date-time": DateTimeFormats.isDateTime(value)
        case "date": DateTimeFormats.isDate(value)
        case "time": DateTimeFormats.isTime(value)
        case "duration": DateTimeFormats.isDuration(value)
        case "email": EmailFormat.isEmail(value, international: false)
        case "idn-email": EmailFormat.isEmail(value, international: true)
        case "hostname": Hostname.isHostname(value)
        case "idn-hostname": Hostname.isIDNHostname(value)
        case "ipv4": IPAddress.isIPv4(Array(value.utf8))
        case "ipv6": IPAddress.isIPv6(Array(value.utf8))
        case "uri": URIFormats.check(value, international: false, reference: false)
        case "uri-reference": URIFormats.check(value, international: false, reference: true)
        case "iri": URIFormats.check(value, international: true, reference: false)
        case "iri-reference": URIFormats.check(value, international: true, reference: true)
        case "uri-template": URIFormats.isURITemplate(value)
        case "uuid": PointerFormats.isUUID(value)
        case "json-pointer": PointerFormats.isJSONPointer(Substring(value))
        case "relative-json-pointer": PointerFormats.isRelativeJSONPointer(value)
        case "regex": (try? ECMARegex.validate(value)) != nil
        default: nil
        }
    }
}
