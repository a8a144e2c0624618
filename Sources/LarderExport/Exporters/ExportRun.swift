import LarderCore
import LarderJSON

/// What every built-in exporter does first: read its options, the project's locales and the
/// content, and keep a log of filled-in translations.
struct ExportRun {
    var options: ExporterOptions
    var catalog: ContentCatalog
    /// The locales to export (the `locales` option, or all of the project's).
    var locales: [String]
    var fills: FillLog
    /// The plural categories the export's files hold for a locale, when not CLDR's
    /// (gettext's `Plural-Forms`): the `fallback` report names only those it fills in.
    var writtenCategories: (@Sendable (String) -> [PluralCategory])? = nil

    init(_ exporter: some BundleExporter, _ documents: [Document], _ context: ExportContext) throws(ExportError) {
        options = try ExporterOptions(context.options, exporter: exporter.id, known: exporter.optionNames)
        let project = Self.projectLocales(context)
        locales = try options.locales(project: project)
        if let shared = context.prepared as? ContentCatalog, shared.resolver.locales == project {
            catalog = shared  // made once for every exporter of the build (PreparingExporter)
        } else {
            catalog = try ContentCatalog(documents: documents, locales: project, fields: KindFields(context: context, options: options))
        }
        let severity = try options.fallbackSeverity()  // checked even when no notes are wanted
        fills = FillLog(severity: context.wantsDiagnostics ? severity : nil, exporter: exporter.id)
    }

    var sourceLocale: String { catalog.resolver.sourceLocale }

    /// ``locales`` with the source locale first when the `locales` option leaves it out:
    /// for the formats whose reader needs the source language's values whatever the app
    /// is translated into. Xcode and Foundation show a key with no value in the development
    /// language as the key itself (`recipe.negroni.name`), and Android has no default for
    /// a resource missing from `values/`.
    var localesWithSource: [String] {
        guard !locales.contains(where: { canonical($0) == canonical(sourceLocale) }) else { return locales }
        return [sourceLocale] + locales
    }

    /// The project's locales (English when it names none).
    static func projectLocales(_ context: ExportContext) -> [String] {
        context.locales.isEmpty ? ["en"] : context.locales
    }

    /// The value of an entry for `locale`, logged when filled in.
    mutating func resolve(_ entry: TextEntry, for locale: String) -> TextValue? {
        guard fills.severity != nil else { return catalog.resolver.value(entry, for: locale) }  // no notes kept
        return resolution(entry, for: locale)?.value
    }

    /// The resolution of an entry for `locale` (value and where it came from), logged when
    /// filled in.
    mutating func resolution(_ entry: TextEntry, for locale: String) -> LocaleResolver.Resolution? {
        guard let r = written(catalog.resolver.resolve(entry, for: locale), locale) else { return nil }
        if r.isFilled {
            fills.record(r, locale: locale, document: catalog.document(of: entry), pointer: entry.isTaxonomy ? [entry.pointer[0]] : entry.pointer)
        }
        return r
    }

    /// The value of a text of a document for `locale`, logged when filled in.
    mutating func resolve(_ text: LocalizedText, for locale: String, in document: Document, at pointer: [String]) -> TextValue? {
        guard fills.severity != nil else { return catalog.resolver.value(text, for: locale) }  // no notes kept
        guard let r = written(catalog.resolver.resolve(text, for: locale), locale) else { return nil }
        fills.record(r, locale: locale, document: document, pointer: pointer)
        return r.value
    }

    /// `resolution` with only the filled-in plural categories the export writes.
    func written(_ resolution: LocaleResolver.Resolution?, _ locale: String) -> LocaleResolver.Resolution? {
        guard var r = resolution, let writtenCategories, !r.filledCategories.isEmpty else { return resolution }
        let categories = writtenCategories(locale)
        r.filledCategories.removeAll { !categories.contains($0) }
        return r
    }

    /// The label of a taxonomy tag for `locale` (logged when filled in; the tag itself
    /// where neither the locale's CLDR chain nor the source language has a label:
    /// ``LocaleResolver/resolveLabel(_:of:for:)``), or nil when no taxonomy has the tag.
    mutating func label(_ tag: String, for locale: String) -> String? {
        guard let text = catalog.taxonomy[tag] else { return nil }
        let r = catalog.resolver.resolveLabel(text, of: tag, for: locale)
        if let origin = catalog.taxonomyOrigin[tag] {
            fills.record(r, locale: locale, document: catalog.taxonomyDocuments[origin], pointer: [tag])
        }
        return r.value.other
    }

    func result(_ artifacts: [Artifact]) -> ExportResult {
        ExportResult(artifacts: artifacts.sorted { $0.path < $1.path }, diagnostics: fills.diagnostics())
    }
}

/// `try Artifact(…)` with the path error turned into an ``ExportError``.
func artifact(_ path: String, _ bytes: [UInt8]) throws(ExportError) -> Artifact {
    do {
        return try Artifact(path: path, bytes: bytes)
    } catch {
        throw ExportError(error.description)
    }
}

extension JSONValue {
    /// The value with the node at `pointer` replaced (nothing happens when there is none).
    func replacing(_ pointer: ArraySlice<String>, with replacement: JSONValue) -> JSONValue {
        var value = self
        value.replace(pointer, with: replacement)
        return value
    }

    /// Replaces the node at `pointer` (nothing happens when there is none), in place: each
    /// container on the way is taken out of its parent while it changes, so a value held
    /// once is changed without a copy. Returning a new value copied the containers on the
    /// way for every text (`value = value.replacing(…)` holds the value twice during the
    /// call): a recipe's list of 16,000 ingredients was copied once per ingredient.
    mutating func replace(_ pointer: ArraySlice<String>, with replacement: JSONValue) {
        guard let first = pointer.first else {
            self = replacement
            return
        }
        // The container is taken out of `self` (which holds null meanwhile), so it is held
        // once and changes in place.
        if var o = takeObject() {
            if var child = o[first] {
                o[first] = .null
                child.replace(pointer.dropFirst(), with: replacement)
                o[first] = child
            }
            self = .object(o)
        } else if var a = takeArray() {
            if let i = Int(first), a.indices.contains(i) {
                var child = a[i]
                a[i] = .null
                child.replace(pointer.dropFirst(), with: replacement)
                a[i] = child
            }
            self = .array(a)
        }
    }

    /// The object this value is, leaving null in its place; nil (and the value as it was)
    /// for any other value. (A `switch` on the value kept a second reference to the
    /// container for as long as its case ran, and each change copied it.)
    private mutating func takeObject() -> JSONObject? {
        guard case .object(let o) = self else { return nil }
        self = .null
        return o
    }

    /// The array this value is, leaving null in its place (see ``takeObject()``).
    private mutating func takeArray() -> [JSONValue]? {
        guard case .array(let a) = self else { return nil }
        self = .null
        return a
    }

    /// The value without the node at `pointer`: an object's member, or a list's element
    /// (the later ones move up); nothing happens when there is none.
    func removing(_ pointer: ArraySlice<String>) -> JSONValue {
        guard let first = pointer.first else { return self }
        let last = pointer.count == 1
        switch self {
        case .object(var o):
            guard let child = o[first] else { return self }
            if last {
                o[first] = nil
            } else {
                o[first] = child.removing(pointer.dropFirst())
            }
            return .object(o)
        case .array(var a):
            guard let i = Int(first), a.indices.contains(i) else { return self }
            if last {
                a.remove(at: i)
            } else {
                a[i] = a[i].removing(pointer.dropFirst())
            }
            return .array(a)
        default:
            return self
        }
    }
}
