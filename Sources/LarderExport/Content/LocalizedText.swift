import LarderJSON

/// One language's value of a localized text: a plain string, or plural forms.
public enum TextValue: Sendable, Hashable {
    /// A string.
    case text(String)
    /// Forms by CLDR category (`{"one": "1 glass", "other": "%d glasses"}`); always has
    /// `other`.
    case plural([PluralCategory: String])

    /// The string to show when only one can be shown: the text, or the `other` form.
    public var other: String {
        switch self {
        case .text(let s): s
        case .plural(let forms): forms[.other] ?? forms.sorted { $0.key < $1.key }.first?.value ?? ""
        }
    }

    /// True for plural forms.
    public var isPlural: Bool {
        if case .plural = self { true } else { false }
    }

    /// True when there is nothing to show (empty or only white space, in every form).
    var isBlank: Bool {
        switch self {
        case .text(let s):
            // A visible ASCII character first answers at once (no Unicode look-up).
            if let first = s.utf8.first, first > 0x20 && first < 0x7F { false } else { s.allSatisfy(\.isWhitespace) }
        case .plural(let forms): forms.values.allSatisfy { $0.allSatisfy(\.isWhitespace) }
        }
    }

    /// Reads `"text"` or `{"one": …, "other": …}` (an object whose keys are all plural
    /// categories, `other` among them, and whose values are all strings).
    init?(json: JSONValue) {
        switch json {
        case .string(let s):
            self = .text(s)
        case .object(let o):
            var forms: [PluralCategory: String] = [:]
            for (k, v) in o {
                guard let category = PluralCategory(rawValue: k), let s = v.stringValue else { return nil }
                forms[category] = s
            }
            guard forms[.other] != nil else { return nil }
            self = .plural(forms)
        default:
            return nil
        }
    }

    /// The value as JSON (`"text"` or `{"one": …, "other": …}` in CLDR order).
    public var json: JSONValue {
        switch self {
        case .text(let s): return .string(s)
        case .plural(let forms):
            return .object(JSONObject(forms.sorted { $0.key < $1.key }.map { ($0.key.rawValue, .string($0.value)) }))
        }
    }
}

/// Text shown to a user, in one or more languages: a string in the source language, or an
/// object of BCP 47 tag -> string (or -> plural forms).
///
///     let text = LocalizedText(json: ["en": "Negroni", "es": "Negroni"], sourceLocale: "en")
///     text?.value(for: "ES")   // .text("Negroni"): tags compare without case
public struct LocalizedText: Sendable, Hashable {
    /// The values by language tag, in the order the content lists them (tags as written).
    public var values: [(tag: String, value: TextValue)] {
        didSet { canonicalTags = values.map { canonical($0.tag) } }
    }
    /// The canonical spelling of each tag of ``values`` (computed once: resolving a text
    /// for many locales compares them often).
    private(set) var canonicalTags: [String]

    /// A text with the given values.
    public init(_ values: [(tag: String, value: TextValue)]) {
        self.values = values
        self.canonicalTags = values.map { canonical($0.tag) }
    }

    /// A text in one language.
    public init(_ text: String, locale: String) {
        self.init([(locale, .text(text))])
    }

    /// Reads localized text from JSON: a string (the source language's) or a language map;
    /// a plural-forms object alone counts as the source language's. Nil for anything else.
    public init?(json: JSONValue, sourceLocale: String) {
        if let value = TextValue(json: json) {
            self.init([(sourceLocale, value)])
            return
        }
        guard let object = json.objectValue, !object.isEmpty else { return nil }
        var values: [(tag: String, value: TextValue)] = []
        for (k, v) in object {
            guard isSimpleCanonicalTag(k) || LanguageTag.isValid(k), let value = TextValue(json: v) else { return nil }
            values.append((k, value))
        }
        self.init(values)
    }

    /// True when `json` is an object of language tags whose values are strings or plural
    /// forms, and at least one tag has the language of one of `locales` (so `{"min": "2"}`
    /// is not taken for text).
    public static func looksLocalized(_ json: JSONValue, locales: [String]) -> Bool {
        guard let object = json.objectValue, !object.isEmpty else { return false }
        let languages = Set(locales.compactMap { try? LanguageTag($0).language })
        var matches = false
        for (k, v) in object {
            guard TextValue(json: v) != nil, let tag = try? LanguageTag(k) else { return false }
            if languages.contains(tag.language) { matches = true }
        }
        return matches
    }

    /// The value for exactly `tag` (compared without case), ignoring blank values.
    public func value(for tag: String) -> TextValue? {
        index(of: canonical(tag)).map { values[$0].value }
    }

    /// The position in ``values`` of the non-blank value whose canonical tag is `tag`.
    func index(of canonicalTag: String) -> Int? {
        canonicalTags.indices.first { canonicalTags[$0] == canonicalTag && !values[$0].value.isBlank }
    }

    /// True when any language has plural forms.
    public var isPlural: Bool { values.contains { $0.value.isPlural } }

    public static func == (a: LocalizedText, b: LocalizedText) -> Bool {
        a.values.count == b.values.count && zip(a.values, b.values).allSatisfy { $0.tag == $1.tag && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for (tag, value) in values {
            hasher.combine(tag)
            hasher.combine(value)
        }
    }
}

/// A tag's canonical spelling, or the tag lower-cased when it is not valid.
func canonical(_ tag: String) -> String {
    if isSimpleCanonicalTag(tag) { return tag }
    return (try? LanguageTag(tag).description) ?? tag.lowercased()
}

/// True for the common tags already in canonical form, checked without parsing: `en`,
/// `yue`, `pt-BR`, `es-419`, `zh-Hant`, `zh-Hant-TW`. (Anything else is parsed.)
func isSimpleCanonicalTag(_ tag: String) -> Bool {
    let parts = Array(tag.utf8).split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    func lower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
    func upper(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
    func digit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(lower) else { return false }
    var rest = parts.dropFirst()
    if let script = rest.first, script.count == 4, upper(script.first!), script.dropFirst().allSatisfy(lower) {
        rest = rest.dropFirst()
    }
    if let region = rest.first, (region.count == 2 && region.allSatisfy(upper)) || (region.count == 3 && region.allSatisfy(digit)) {
        rest = rest.dropFirst()
    }
    return rest.isEmpty
}
