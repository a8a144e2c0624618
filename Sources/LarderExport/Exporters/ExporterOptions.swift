import LarderCore
import LarderJSON

/// Reads an exporter's options from `larder.yml` leniently (`true`, `"true"` and `yes` are
/// all true; a single string is a one-element list), with errors that name the exporter,
/// the option and what was expected. Unknown option names are errors that list the known
/// ones, so a typo never goes unnoticed.
///
///     let options = try ExporterOptions(context.options, exporter: "xcstrings",
///                                       known: ["out", "comments"])
///     let comments = try options.bool("comments", default: true)
public struct ExporterOptions: Sendable {
    /// The exporter's id (for messages).
    public var exporter: String
    private var object: JSONObject

    /// Options every built-in exporter takes: `out` (where the runner writes), `locales`
    /// (a subset of the project's), `fallback` (the severity of the diagnostics for the
    /// translations the export fills in, ``FallbackReport``: `warning`, `note`, `error` or
    /// `off`), `texts`
    /// (per kind, pointers of fields holding localized text, added to those the kind's
    /// schema declares), `ids` (per kind, the pointer of the id, over the `unique-id` rule's
    /// `key`: `{user: /username}`; see ``KindFields``) and `pseudo` (pseudo-locales
    /// to add: `en-XA`, `ar-XB`; see ``PseudoLocale``).
    public static let common = ["out", "locales", "fallback", "texts", "ids", "pseudo"]

    /// Checks `options` (an object or `null`) against the known names.
    public init(_ options: JSONValue, exporter: String, known: [String]) throws(ExportError) {
        self.exporter = exporter
        switch options {
        case .null: object = JSONObject()
        case .object(let o): object = o
        default:
            throw ExportError("\(exporter): options must be a mapping (`\(exporter): { out: … }`), not \(Self.describe(options))")
        }
        let all = Self.common + known
        for key in object.keys where !all.contains(key) {
            var message = "\(exporter): unknown option '\(key)'; known options: \(all.sorted().joined(separator: ", "))"
            if let guess = Suggest.closest(to: key, in: all) {
                message += " (did you mean '\(guess)'?)"
            }
            throw ExportError(message, option: [key], isKey: true)
        }
    }

    /// True when the option is given.
    public func has(_ name: String) -> Bool { object[name] != nil && object[name] != .null }

    /// True when the value at `path` below the options is a list.
    func isList(_ path: [String]) -> Bool {
        guard let first = path.first else { return false }
        return object[first]?.at(Array(path.dropFirst()))?.arrayValue != nil
    }

    /// A string option.
    public func string(_ name: String) throws(ExportError) -> String? {
        guard let value = object[name], value != .null else { return nil }
        switch value {
        case .string(let s): return s
        case .number(let n): return n.literal
        case .bool(let b): return b ? "true" : "false"
        default: throw mistake([name], value, "a string")
        }
    }

    /// A string option that is one line of text: a line break or another control character
    /// in it would start a line of its own in the file it is written to (a gettext header's
    /// `Project-Id-Version: Acme` followed by a stray line `X`).
    public func line(_ name: String) throws(ExportError) -> String? {
        guard let text = try string(name) else { return nil }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw mistake([name], object[name] ?? .null, "one line of text, without line breaks or other control characters")
        }
        return text
    }

    /// A boolean option (`true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0`, as strings too).
    public func bool(_ name: String, default fallback: Bool) throws(ExportError) -> Bool {
        guard let value = object[name], value != .null else { return fallback }
        switch value {
        case .bool(let b): return b
        case .number(let n) where n.int == 0 || n.int == 1: return n.int == 1
        case .string(let s):
            switch s.lowercased() {
            case "true", "yes", "on", "1": return true
            case "false", "no", "off", "0": return false
            default: break
            }
        default: break
        }
        throw mistake([name], value, "true or false")
    }

    /// A list of strings (a single string counts as a list of one).
    public func strings(_ name: String) throws(ExportError) -> [String]? {
        guard let value = object[name], value != .null else { return nil }
        if let s = value.stringValue { return [s] }
        guard let a = value.arrayValue else { throw mistake([name], value, "a list of strings") }
        var out: [String] = []
        for (i, element) in a.enumerated() {
            guard let s = element.stringValue else { throw mistake([name], value, "a list of strings", at: [name, String(i)]) }
            out.append(s)
        }
        return out
    }

    /// A mapping of name -> string (`ids: { user: /username }`).
    public func stringMap(_ name: String) throws(ExportError) -> [String: String] {
        guard let value = object[name], value != .null else { return [:] }
        guard let o = value.objectValue else { throw mistake([name], value, "a mapping of kind -> JSON Pointer") }
        var out: [String: String] = [:]
        for (k, v) in o {
            guard let s = v.stringValue, JSONPointer(parsing: s) != nil else { throw mistake([name, k], v, "a JSON Pointer such as /username") }
            out[k] = s
        }
        return out
    }

    /// A mapping of name -> list of strings (`texts: { achievement: [/title] }`).
    public func stringLists(_ name: String) throws(ExportError) -> [String: [String]] {
        guard let value = object[name], value != .null else { return [:] }
        guard let o = value.objectValue else { throw mistake([name], value, "a mapping of kind -> list of JSON Pointers") }
        var out: [String: [String]] = [:]
        for (k, v) in o {
            if let s = v.stringValue {
                out[k] = [s]
            } else if let a = v.arrayValue, a.allSatisfy({ $0.stringValue != nil }) {
                out[k] = a.compactMap(\.stringValue)
            } else {
                // The first item that is no string, or the value that is no list.
                let item = v.arrayValue?.firstIndex { $0.stringValue == nil }
                throw mistake([name, k], v, "a list of JSON Pointers", at: [name, k] + (item.map { [String($0)] } ?? []))
            }
        }
        return out
    }

    /// One of a fixed set of strings (compared without case).
    public func choice(_ name: String, _ choices: [String], default fallback: String) throws(ExportError) -> String {
        guard let s = try string(name) else { return fallback }
        guard let match = choices.first(where: { $0.lowercased() == s.lowercased() }) else {
            throw ExportError("\(exporter): option '\(name)' is '\(s)'; expected one of \(choices.joined(separator: ", "))", option: [name])
        }
        return match
    }

    /// The severity of diagnostics for filled-in translations (option `fallback`), nil for
    /// `off`.
    public func fallbackSeverity() throws(ExportError) -> Severity? {
        let name = try choice("fallback", ["warning", "note", "error", "off"], default: "warning")
        return name == "off" ? nil : Severity(name: name)
    }

    /// The locales to export: the `locales` option (each must be a project locale) or all
    /// of the project's, then the pseudo-locales of the `pseudo` option. Every tag must be
    /// valid BCP 47.
    public func locales(project: [String]) throws(ExportError) -> [String] {
        for tag in project {
            do { _ = try LanguageTag(tag) } catch { throw ExportError("\(exporter): \(error.description) (in `locales:` of larder.yml)") }
        }
        var out: [String] = []
        if let chosen = try strings("locales") {
            // `locales: []` wrote an export of no language (a json-bundle of its manifest
            // alone), with no word. With `pseudo`, the export is of the pseudo-locales.
            if chosen.isEmpty, (try strings("pseudo") ?? []).isEmpty {
                throw ExportError("\(exporter): option 'locales' is an empty list, so the export would write no language; leave it out for every locale of the project (\(project.joined(separator: ", "))), or list the locales to export",
                                  option: ["locales"])
            }
            for (i, tag) in chosen.enumerated() {
                guard let match = project.first(where: { canonical($0) == canonical(tag) }) else {
                    throw ExportError("\(exporter): option 'locales' names '\(tag)', which is not one of the project's locales (\(project.joined(separator: ", ")))",
                                      option: item("locales", i))
                }
                if !out.contains(match) { out.append(match) }
            }
        } else {
            out = project
        }
        // Pseudo-locales come last, made from the source language's texts.
        for (i, tag) in (try strings("pseudo") ?? []).enumerated() {
            guard let pseudo = PseudoLocale(tag: tag) else {
                throw ExportError("\(exporter): option 'pseudo' names '\(tag)'; the pseudo-locales are \(PseudoLocale.allCases.map(\.rawValue).joined(separator: " (accented and longer) and ")) (right to left)",
                                  option: item("pseudo", i))
            }
            guard !project.contains(where: { canonical($0) == canonical(tag) }) else {
                throw ExportError("\(exporter): option 'pseudo' names '\(tag)', which is one of the project's locales; a pseudo-locale is made from the source language, so take it out of one of the two",
                                  option: item("pseudo", i))
            }
            if !out.contains(pseudo.rawValue) { out.append(pseudo.rawValue) }
        }
        return out
    }

    /// The place of item `i` of a list option (a single string stands for a list of one).
    private func item(_ name: String, _ i: Int) -> [String] {
        isList([name]) ? [name, String(i)] : [name]
    }

    /// The option at `path` (`texts.level` for `["texts", "level"]`) is not what it must
    /// be; reported at `place` (the path itself unless an item of it is the mistake).
    private func mistake(_ path: [String], _ value: JSONValue, _ expected: String, at place: [String]? = nil) -> ExportError {
        ExportError("\(exporter): option '\(path.joined(separator: "."))' must be \(expected), not \(Self.describe(value))", option: place ?? path)
    }

    static func describe(_ value: JSONValue) -> String { value.settingDescription }
}
