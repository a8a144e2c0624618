import LarderCore
import LarderJSON

/// `i18next`: i18next JSON (format v4), `locales/<lng>/<ns>.json`, one namespace per kind.
///
/// Keys nest by the stable key without the kind: namespace `recipe` holds
/// `{"negroni": {"name": …, "steps": {"0": …}}}` (`t("recipe:negroni.name")`), and
/// namespace `taxonomy` nests a tag's language prefix: `{"en": {"milk": "Milk"}}`
/// (`t("taxonomy:en.milk")`). Plural texts become `key_one`, `key_other`, … with exactly the
/// suffixes `Intl.PluralRules` gives the locale.
///
/// i18next's own fallback differs from CLDR's (it tries `zh-Hant-TW`, `zh-Hant`, `zh`), so
/// besides the project's locales the bundle ships each one's CLDR ancestors (`zh-Hant` for
/// `zh-Hant-TW`, `pt` for `pt-BR`) filled from it: a `zh-Hant-HK` user gets Traditional
/// Chinese, never Simplified. Option `ancestors: false` turns that off.
///
///     exports:
///       - i18next: { out: dist/i18next }
public struct I18nextExporter: BundleExporter {
    public let id = "i18next"
    public let summary = "i18next JSON v4: locales/<lng>/<kind>.json with CLDR plural suffixes; CLDR ancestors shipped explicitly."
    public let optionNames = ["ancestors"]

    public init() {}

    public func exportWithDiagnostics(_ documents: [Document], context: ExportContext) throws -> ExportResult {
        var run = try ExportRun(self, documents, context)
        let ancestors = try run.options.bool("ancestors", default: true)
        // Each folder to write, with the locale whose texts fill it.
        var targets: [(folder: String, textsOf: String, rulesOf: String)] = run.locales.map { (canonical($0), $0, $0) }
        if ancestors {
            let exported = Set(run.locales.map(canonical))
            var added = Set<String>()
            for locale in run.locales {
                for ancestor in LocaleFallback.chain(for: locale).dropFirst() where !exported.contains(ancestor) && added.insert(ancestor).inserted {
                    targets.append((ancestor, locale, ancestor))
                }
            }
        }
        var artifacts: [Artifact] = []
        let namespaces = run.catalog.kinds + (run.catalog.taxonomy.isEmpty ? [] : ["taxonomy"])
        for (folder, textsOf, rulesOf) in targets {
            var trees: [String: JSONValue] = [:]
            for entry in run.catalog.entries {
                guard var value = run.resolve(entry, for: textsOf) else { continue }
                if rulesOf != textsOf, case .plural = value {
                    value = .plural(run.catalog.resolver.completePlural(value, for: rulesOf).forms)
                }
                let path = entry.isTaxonomy ? entry.key.id.split(separator: ":").map(String.init) : [entry.key.id] + entry.key.path
                var tree = trees[entry.key.kind] ?? .object(JSONObject())
                switch value {
                case .text(let s):
                    try Self.insert(.string(s), at: path[...], into: &tree, key: entry.key)
                case .plural(let forms):
                    for (category, s) in forms.sorted(by: { $0.key < $1.key }) {
                        var p = path
                        p[p.count - 1] += "_" + category.rawValue
                        try Self.insert(.string(s), at: p[...], into: &tree, key: entry.key)
                    }
                }
                trees[entry.key.kind] = tree
            }
            for ns in namespaces {
                let tree = trees[ns] ?? .object(JSONObject())
                artifacts.append(try artifact("locales/\(SafeName.fileName(folder))/\(SafeName.fileName(ns)).json", JSONWriter.pretty.bytes(tree)))
            }
        }
        return run.result(artifacts)
    }

    static func insert(_ value: JSONValue, at path: ArraySlice<String>, into tree: inout JSONValue, key: StringKey) throws(ExportError) {
        guard case .object(var object) = tree, let first = path.first else {
            throw ExportError("i18next: the key '\(key)' is both a text and a group of texts")
        }
        if path.count == 1 {
            if object[first] != nil { throw ExportError("i18next: the key '\(key)' is both a text and a group of texts") }
            object[first] = value
        } else {
            var child = object[first] ?? .object(JSONObject())
            try insert(value, at: path.dropFirst(), into: &child, key: key)
            object[first] = child
        }
        tree = .object(object)
    }
}
