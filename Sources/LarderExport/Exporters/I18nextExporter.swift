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
            var leaves: [String: [(path: [String], value: String, key: StringKey)]] = [:]
            for entry in run.catalog.entries {
                guard var value = run.resolve(entry, for: textsOf) else { continue }
                if rulesOf != textsOf, case .plural = value {
                    value = .plural(run.catalog.resolver.completePlural(value, for: rulesOf).forms)
                }
                let path = entry.isTaxonomy ? entry.key.id.split(separator: ":").map(String.init) : [entry.key.id] + entry.key.path
                switch value {
                case .text(let s):
                    leaves[entry.key.kind, default: []].append((path, s, entry.key))
                case .plural(let forms):
                    for (category, s) in forms.sorted(by: { $0.key < $1.key }) {
                        var p = path
                        p[p.count - 1] += "_" + category.rawValue
                        leaves[entry.key.kind, default: []].append((p, s, entry.key))
                    }
                }
            }
            var trees: [String: JSONValue] = [:]
            for (ns, list) in leaves { trees[ns] = try Self.tree(list[...], depth: 0) }
            for ns in namespaces {
                let tree = trees[ns] ?? .object(JSONObject())
                artifacts.append(try artifact("locales/\(SafeName.fileName(folder))/\(SafeName.fileName(ns)).json", JSONWriter.pretty.bytes(tree)))
            }
        }
        return run.result(artifacts)
    }

    /// Nests leaves by their paths, keeping first-seen order; throws when a path is both a
    /// text and a group of texts.
    /// - Complexity: O(n × depth).
    static func tree(_ leaves: ArraySlice<(path: [String], value: String, key: StringKey)>, depth: Int) throws(ExportError) -> JSONValue {
        var order: [String] = []
        var groups: [String: [(path: [String], value: String, key: StringKey)]] = [:]
        var texts: [String: (String, StringKey)] = [:]
        for leaf in leaves {
            let name = leaf.path[depth]
            if groups[name] == nil && texts[name] == nil { order.append(name) }
            if leaf.path.count == depth + 1 {
                if texts[name] != nil || groups[name] != nil {
                    throw ExportError("i18next: the key '\(leaf.key)' is both a text and a group of texts")
                }
                texts[name] = (leaf.value, leaf.key)
            } else {
                if let (_, key) = texts[name] { throw ExportError("i18next: the key '\(key)' is both a text and a group of texts") }
                groups[name, default: []].append(leaf)
            }
        }
        var object = JSONObject()
        for name in order {
            if let (text, _) = texts[name] {
                object[name] = .string(text)
            } else {
                object[name] = try tree(groups[name]![...], depth: depth + 1)
            }
        }
        return .object(object)
    }
}
