import LarderCore
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

    /// True when there is nothing to show (``VisibleText/isBlank(_:)``, as `non-empty-text`
    /// decides: white space, invisible characters such as a zero-width space, which were
    /// exported as they were); for plural forms, in the `other` form, which every count
    /// falls back to (it was exported empty when another form had text).
    var isBlank: Bool {
        switch self {
        case .text(let s): VisibleText.isBlank(s)
        case .plural(let forms): VisibleText.isBlank(forms[.other] ?? "")
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

    /// ``init(json:)`` read straight from a parsed file's node.
    init?(_ json: JSONDocument, node: Int) {
        switch json.kind(node) {
        case .string:
            guard let s = json.string(node) else { return nil }
            self = .text(s)
        case .object:
            // A language map (`{"en": …}`) is the object met most: its first key, read as
            // bytes, tells it apart before any string or dictionary is made.
            for (k, _) in json.members(node) {
                guard json.hasEscapes(k) || Self.isCategoryName(json.bytes[json.rawStringBytes(k)]) else { return nil }
                break
            }
            var forms: [PluralCategory: String] = [:]
            for (k, v) in json.members(node) {
                guard let key = json.string(k), let category = PluralCategory(rawValue: key), let s = json.string(v) else { return nil }
                forms[category] = s
            }
            guard forms[.other] != nil else { return nil }
            self = .plural(forms)
        default:
            return nil
        }
    }

    /// Plural forms the `plural-forms` rule reports (its severity lowered), read as far as
    /// they can be rather than lost: a form named by no category (`fwe`), or not a string,
    /// is left out (its counts take `other`); without an `other` that is a string, the first
    /// form in CLDR order stands for it. Nil when no form is a string.
    ///
    ///     {"one": "%d игра", "fwe": "%d игры", "other": "%d игры"}  // one, other
    ///     {"one": "%d игра", "few": "%d игры", "many": "%d игр"}     // other: "%d игра"
    init?(readableFormsOf object: JSONObject) {
        var forms: [PluralCategory: String] = [:]
        for (k, v) in object {
            if let category = PluralCategory(rawValue: k), let s = v.stringValue { forms[category] = s }
        }
        self.init(readable: forms)
    }

    /// ``init(readableFormsOf:)`` read straight from a parsed file's node.
    init?(readableFormsOf json: JSONDocument, node: Int) {
        guard json.kind(node) == .object else { return nil }
        var forms: [PluralCategory: String] = [:]
        for (k, v) in json.members(node) {
            if json.kind(v) == .string, let key = json.string(k), let category = PluralCategory(rawValue: key), let s = json.string(v) {
                forms[category] = s
            }
        }
        self.init(readable: forms)
    }

    private init?(readable forms: [PluralCategory: String]) {
        var forms = forms
        guard let first = forms.min(by: { $0.key < $1.key }) else { return nil }
        if forms[.other] == nil { forms[.other] = first.value }
        self = .plural(forms)
    }

    /// True when an object is plural forms rather than a map of languages, as the
    /// `plural-forms` rule tells them apart: it has `other`, or every key is a category.
    static func isForms(_ object: JSONObject) -> Bool {
        object.contains { $0.0 == "other" } || object.allSatisfy { PluralCategory(rawValue: $0.0) != nil }
    }

    /// ``isForms(_:)`` of the object at `node`, from its keys' bytes (keys without escapes).
    static func isForms(_ json: JSONDocument, _ node: Int) -> Bool {
        var all = true
        for (k, _) in json.members(node) {
            let raw = json.bytes[json.rawStringBytes(k)]
            if raw.elementsEqual("other".utf8) { return true }
            if all, !isCategoryName(raw) { all = false }
        }
        return all
    }

    /// True when `bytes` spell a plural category's name (`one`, `other`).
    static func isCategoryName(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard (3...5).contains(bytes.count) else { return false }
        return PluralCategory.allCases.contains { $0.rawValue.utf8.elementsEqual(bytes) }
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
        didSet { respelled = Self.respelled(values) }
    }
    /// The canonical spelling of each tag of ``values``, computed once (resolving a text for
    /// many locales compares them often); nil when every tag is already canonical, as
    /// nearly all are (no second array per text).
    private var respelled: [String]?

    /// A text with the given values.
    public init(_ values: [(tag: String, value: TextValue)]) {
        self.values = values
        self.respelled = Self.respelled(values)
    }

    /// A text whose tags the caller found all canonical already.
    private init(canonical values: [(tag: String, value: TextValue)]) {
        self.values = values
        self.respelled = nil
    }

    private static func respelled(_ values: [(tag: String, value: TextValue)]) -> [String]? {
        guard values.contains(where: { !isSimpleCanonicalTag($0.tag) }) else { return nil }
        return values.map { canonical($0.tag) }
    }

    /// The canonical spelling of the tag of `values[index]`.
    func canonicalTag(_ index: Int) -> String {
        respelled?[index] ?? values[index].tag
    }

    /// A text in one language.
    public init(_ text: String, locale: String) {
        self.init([(locale, .text(text))])
    }

    /// Reads localized text from JSON: a string (the source language's) or a language map;
    /// a plural-forms object alone counts as the source language's. Nil for anything else.
    ///
    /// Plural forms the `plural-forms` rule reports are read as far as they can be
    /// (``TextValue/init(readableFormsOf:)``: a misspelled form is left out, a missing
    /// `other` taken from the first form), and a language whose value is no text at all is
    /// left out, to be filled in as a missing translation: with the rule's severity
    /// lowered, a text was dropped from every export, in every language, without a word.
    public init?(json: JSONValue, sourceLocale: String) {
        if let value = TextValue(json: json) {
            self.init([(sourceLocale, value)])
            return
        }
        guard let object = json.objectValue, !object.isEmpty else { return nil }
        if TextValue.isForms(object) {
            guard let value = TextValue(readableFormsOf: object) else { return nil }
            self.init([(sourceLocale, value)])
            return
        }
        var values: [(tag: String, value: TextValue)] = []
        for (k, v) in object {
            guard isSimpleCanonicalTag(k) || LanguageTag.isValid(k) else { return nil }
            guard let value = TextValue(json: v) ?? v.objectValue.flatMap(TextValue.init(readableFormsOf:)) else { continue }
            values.append((k, value))
        }
        guard !values.isEmpty else { return nil }
        self.init(values)
    }

    /// ``init(json:sourceLocale:)`` read straight from a parsed file's node, with no tree
    /// made of it. The file must have no repeated key (where the tree keeps the last value).
    /// Keys the parser compares by their bytes but the tree as strings (any non-ASCII or
    /// escaped key: `K` and the Kelvin sign are one key in the tree) are read from the tree.
    init?(_ json: JSONDocument, node: Int, sourceLocale: String) {
        guard Self.keysArePlainASCII(json, node) else {
            self.init(json: json.value(node), sourceLocale: sourceLocale)
            return
        }
        if let value = TextValue(json, node: node) {
            self.init([(sourceLocale, value)])
            return
        }
        guard json.kind(node) == .object, json.count(node) > 0 else { return nil }
        if TextValue.isForms(json, node) {
            guard let value = TextValue(readableFormsOf: json, node: node) else { return nil }
            self.init([(sourceLocale, value)])
            return
        }
        var values: [(tag: String, value: TextValue)] = []
        values.reserveCapacity(json.count(node))
        var allCanonical = true
        for (k, v) in json.members(node) {
            guard let tag = json.string(k) else { return nil }
            if !isSimpleCanonicalTag(tag) {
                guard LanguageTag.isValid(tag) else { return nil }
                allCanonical = false
            }
            guard let value = TextValue(json, node: v) ?? TextValue(readableFormsOf: json, node: v) else { continue }
            values.append((tag, value))
        }
        guard !values.isEmpty else { return nil }
        if allCanonical { self.init(canonical: values) } else { self.init(values) }
    }

    /// True when every key in the value at `node` is written in plain ASCII, without escapes.
    static func keysArePlainASCII(_ json: JSONDocument, _ node: Int) -> Bool {
        switch json.kind(node) {
        case .object:
            for (key, value) in json.members(node) {
                guard !json.hasEscapes(key), json.bytes[json.rawStringBytes(key)].allSatisfy({ $0 < 0x80 }),
                    keysArePlainASCII(json, value)
                else { return false }
            }
            return true
        case .array:
            return json.elements(node).allSatisfy { keysArePlainASCII(json, $0) }
        default:
            return true
        }
    }

    /// True when `json` is an object of language tags whose values are strings or plural
    /// forms, every tag of the language of one of `locales` (so that it falls back to one):
    /// `{"min": "2"}` is not taken for text, nor are prices by country
    /// (`{"us": "$4.99", "de": "4,99 €"}` in a project of `en` and `de`: `us` is no
    /// language of it). Only the kinds whose schema declares no text fields are read so.
    public static func looksLocalized(_ json: JSONValue, locales: [String]) -> Bool {
        guard let object = json.objectValue, !object.isEmpty else { return false }
        let languages = Set(locales.compactMap { try? LanguageTag($0).language })
        for (k, v) in object {
            guard TextValue(json: v) != nil, let tag = try? LanguageTag(k), languages.contains(tag.language) else { return false }
        }
        return true
    }

    /// The value for exactly `tag` (compared without case), ignoring blank values.
    public func value(for tag: String) -> TextValue? {
        index(of: canonical(tag)).map { values[$0].value }
    }

    /// The position in ``values`` of the non-blank value whose canonical tag is `tag`.
    func index(of canonicalTag: String) -> Int? {
        if let respelled { return respelled.indices.first { respelled[$0] == canonicalTag && !values[$0].value.isBlank } }
        return values.indices.first { values[$0].tag == canonicalTag && !values[$0].value.isBlank }
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
    var tag = tag
    return tag.withUTF8 { isSimpleCanonicalTag(utf8: $0) }
}

/// ``isSimpleCanonicalTag(_:)`` over UTF-8 bytes, with no allocation (it runs for every
/// language of every text read).
func isSimpleCanonicalTag(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    func lower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
    func upper(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
    func digit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    let n = bytes.count
    // The subtag starting at `start`: its end (the next '-' or the end).
    func end(from start: Int) -> Int {
        var i = start
        while i < n, bytes[i] != UInt8(ascii: "-") { i += 1 }
        return i
    }
    var start = 0
    var stop = end(from: start)
    guard (2...3).contains(stop - start), (start..<stop).allSatisfy({ lower(bytes[$0]) }) else { return false }
    guard stop < n else { return true }
    start = stop + 1
    stop = end(from: start)
    if stop - start == 4, upper(bytes[start]), (start + 1..<stop).allSatisfy({ lower(bytes[$0]) }) {
        guard stop < n else { return true }
        start = stop + 1
        stop = end(from: start)
    }
    let length = stop - start
    guard (length == 2 && (start..<stop).allSatisfy({ upper(bytes[$0]) })) || (length == 3 && (start..<stop).allSatisfy({ digit(bytes[$0]) }))
    else { return false }
    return stop == n
}
