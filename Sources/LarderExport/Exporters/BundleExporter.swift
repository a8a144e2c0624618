import LarderCore
import LarderJSON

/// What a built-in exporter returns: the files, and diagnostics about the content it
/// exported (translations filled in from another language, with rule id `fallback`:
/// ``FallbackReport``).
public struct ExportResult: Sendable {
    /// The files to write, paths relative to the exporter's output folder.
    public var artifacts: [Artifact]
    /// Diagnostics for the report (sorted): notes and warnings, and errors only for the
    /// translations filled in under `fallback: error`, which land nothing. Errors in the
    /// exporter's options or content are thrown.
    public var diagnostics: [Diagnostic]

    public init(artifacts: [Artifact] = [], diagnostics: [Diagnostic] = []) {
        self.artifacts = artifacts
        self.diagnostics = diagnostics
    }
}

/// An ``Exporter`` that also reports what it filled in. The runner calls
/// ``exportWithDiagnostics(_:context:)`` to get both; ``Exporter/export(_:context:)`` returns
/// the artifacts alone.
///
///     let exporter = XCStringsExporter()
///     let result = try exporter.exportWithDiagnostics(documents, context: context)
///     result.artifacts.map(\.path)     // ["Content.xcstrings"]
///     result.diagnostics.first?.ruleID // "fallback"
public protocol BundleExporter: PreparingExporter, ReportingExporter, OptionChecking {
    /// The option names this exporter takes besides ``ExporterOptions/common``.
    var optionNames: [String] { get }
    /// The artifacts and the diagnostics about filled-in translations.
    func exportWithDiagnostics(_ documents: [Document], context: ExportContext) throws -> ExportResult
    /// The folder, relative to the project, the runner writes the artifacts into: the
    /// `out` option, or a default under `dist/`.
    func outputFolder(options: JSONValue) throws -> String
}

extension BundleExporter {
    /// The built-in exporters share the content catalog when the project's locales and
    /// the kinds' text and id fields (the config's, with their `texts` and `ids` options)
    /// are the same.
    public func preparationKey(context: ExportContext) throws -> String {
        let options = try ExporterOptions(context.options, exporter: id, known: optionNames)
        return "larder.content-catalog locales=\(context.locales) \(try KindFields(context: context, options: options).summary)"
    }

    public func prepare(_ documents: [Document], context: ExportContext) throws -> any Sendable {
        let options = try ExporterOptions(context.options, exporter: id, known: optionNames)
        return try ContentCatalog(documents: documents, locales: ExportRun.projectLocales(context),
                                  fields: KindFields(context: context, options: options))
    }

    public func export(_ documents: [Document], context: ExportContext) throws -> [Artifact] {
        try exportReporting(documents, context: context).artifacts
    }

    /// The files and the exporter's own warnings. The notes about filled-in translations
    /// are made only when the export's `fallback` option asks for them: the lint rule
    /// `locale-complete` reports missing translations, and for 10,000 recipes in 3 locales
    /// the notes were a fifth of the export's time.
    public func exportReporting(_ documents: [Document], context: ExportContext) throws -> (artifacts: [Artifact], diagnostics: [Diagnostic]) {
        var context = context
        context.wantsDiagnostics = Self.reportsFills(context.options)
        let result = try exportWithDiagnostics(documents, context: context)
        return (result.artifacts, result.diagnostics)
    }

    /// True when an export's options ask a build to report the translations it fills in
    /// (`fallback: warning`, `note` or `error`; not `off`, nor when the option is not given).
    static func reportsFills(_ options: JSONValue) -> Bool {
        guard let value = options["fallback"] else { return false }
        return value.stringValue?.lowercased() != "off"
    }

    /// The options are checked by an export of no documents, which reads every option as a
    /// real export does.
    public func optionProblems(_ options: JSONValue, locales: [String]) -> [String] {
        checkOptions(options, locales: locales).map(\.message)
    }

    /// ``optionProblems(_:locales:)``, each at the option it is about.
    /// Every option's problem is found (``OptionProblem/oneByOne(_:_:)``), not only the first.
    public func checkOptions(_ options: JSONValue, locales: [String]) -> [OptionProblem] {
        checkOptions(options, context: ExportContext(exporterID: id, options: options, locales: locales))
    }

    /// ``checkOptions(_:locales:)`` with the project's kinds: an option that names a kind no
    /// content entry has (`texts`, `ids`, `imageFields`) is a problem at that kind.
    public func checkOptions(_ options: JSONValue, locales: [String], config: LarderConfig) -> [OptionProblem] {
        var context = ExportContext(exporterID: id, options: options, locales: locales)
        config.describeKinds(in: &context)
        return checkOptions(options, context: context)
    }

    private func checkOptions(_ options: JSONValue, context: ExportContext) -> [OptionProblem] {
        OptionProblem.oneByOne(options) { options in
            do {
                var context = context
                context.options = options
                _ = try exportWithDiagnostics([], context: context)
                return nil
            } catch let error as ExportError {
                return OptionProblem(error.message, at: error.optionPath, isKey: error.isKey)
            } catch {
                return OptionProblem("\(error)")
            }
        }
    }

    public func outputFolder(options: JSONValue) throws -> String {
        let o = try ExporterOptions(options, exporter: id, known: optionNames)
        return try o.string("out") ?? "dist/\(id)"
    }
}

/// The diagnostics of an export's `fallback` option: each text the export filled in from
/// the CLDR fallback chain (or whose plural forms it filled from `other`), at the option's
/// severity. They have a rule id of their own, not the lint rule `locale-complete`'s (which
/// reports the same missing translation at the same place, whatever the exports), and
/// their message names the export and the option, so that a build with two exports that
/// fill in the same text reports it once for each, and `fallback: error` says which export
/// held the build back.
public enum FallbackReport {
    /// The rule id of the diagnostics (`larder explain fallback`).
    public static let ruleID = "fallback"

    /// What `larder explain fallback` and SARIF say of them. Nothing is reported without
    /// the option (``BundleExporter/reportsFills(_:)``), so explain gives the default as off
    /// and SARIF as not enabled; the level is the option's severity when it is given
    /// without one (``ExporterOptions/fallbackSeverity()``: warning). Each option gives its
    /// own, and a text filled in from its parent locale alone is a note whatever it says.
    public static let metadata = RuleMetadata(
        id: ruleID, summary: "An export's `fallback` option: each translation the export fills in from another language is reported.",
        details: """
            A text without a translation for one of the project's locales is exported with \
            the text of its CLDR fallback chain (pt-BR -> pt -> the source language), and a \
            plural without a form the locale needs with its `other` form. Nothing of this is \
            reported unless an export asks: its `fallback` option (`warning`, `note` or \
            `error`; `off`, like no option, reports nothing) has the build report each text \
            that export filled in, naming the export: `xcstrings (fallback: error) has no \
            text for vi in title, where it would use the text of en for vi (add the \
            translation); nothing was built`. A text taken from another language is reported \
            at the option's severity; one taken from its parent locale (pt for pt-BR), or \
            whose plural forms were filled from `other`, is a note whatever the option. \
            A taxonomy tag's label is taken from the locale's chain, another variant of its \
            language (pt-PT for pt-BR) or the source language only; where none has one, the \
            export shows the tag itself ("uses the tag itself for en"). \
            With `error`, a build that takes any text from another language writes nothing, \
            so a release bundle can be held to complete translations while the lint rule \
            `locale-complete` only warns of them. Add the translation, or lower the option.
            """,
        defaultSeverity: .warning,
        defaultText: "off; an export's option `fallback: warning`, `note` or `error` turns it on", enabledByDefault: false)
}

/// Collects what an export filled in, and turns it into ``FallbackReport`` diagnostics: one
/// per text, listing the locales filled and where each value came from, in a message that
/// names the export and its `fallback` option.
struct FillLog {
    var severity: Severity?
    /// The export the diagnostics name (its exporter id).
    var exporter: String
    private var records: [Key: [(locale: String, resolution: LocaleResolver.Resolution)]] = [:]
    private var order: [Key] = []
    private var documents: [Key: Document] = [:]

    struct Key: Hashable {
        var file: String
        var documentPointer: String
        var pointer: [String]
    }

    init(severity: Severity?, exporter: String) {
        self.severity = severity
        self.exporter = exporter
    }

    /// Records a resolution of the text at `pointer` in `document` (only fills are kept).
    mutating func record(_ resolution: LocaleResolver.Resolution, locale: String, document: Document, pointer: [String]) {
        guard severity != nil, resolution.isFilled else { return }
        let key = Key(file: document.file, documentPointer: document.pointer.description, pointer: pointer)
        if records[key] == nil {
            order.append(key)
            documents[key] = document
        }
        if records[key, default: []].contains(where: { $0.locale == locale }) { return }
        records[key, default: []].append((locale, resolution))
    }

    /// The diagnostics, sorted.
    func diagnostics() -> [Diagnostic] {
        guard let severity else { return [] }
        var out: [Diagnostic] = []
        // One line index per file: building it per diagnostic made the cost grow with
        // fills x file size.
        var locators: [String: SourceLocator] = [:]
        for key in order {
            guard let document = documents[key], let fills = records[key] else { continue }
            let node = document.json.node(at: key.pointer, from: document.node) ?? document.node
            let field = key.pointer.isEmpty ? "the document" : key.pointer.joined(separator: ".")
            var taken: [String] = []
            // The locales a taxonomy label is the tag itself in.
            var itself: [String] = []
            var plural: [String] = []
            var worst = Severity.note
            for (locale, r) in fills {
                if r.fill == .tagItself {
                    itself.append(locale)
                } else if r.fill != .exact {
                    taken.append("\(r.sourceTag) for \(locale)")
                }
                if r.fill >= .otherLanguage { worst = severity }
                if !r.filledCategories.isEmpty {
                    plural.append("\(r.filledCategories.map(\.rawValue).joined(separator: ", ")) for \(locale)")
                }
            }
            // An error lands nothing: the message says what the export would have done.
            let level = min(worst, severity)
            let stops = level == .error
            var sentences: [String] = []
            let missing = fills.filter { $0.resolution.fill != .exact }.map(\.locale)
            if !missing.isEmpty {
                sentences.append("has no text for \(missing.joined(separator: ", ")) in \(field)"
                    + (stops ? ", where it would use " : " and uses ")
                    + [taken.isEmpty ? nil : "the text of " + taken.joined(separator: ", "),
                       itself.isEmpty ? nil : "the tag itself for " + itself.joined(separator: ", ")].compactMap { $0 }.joined(separator: ", and ")
                    + " (add the translation" + (missing.count > 1 ? "s" : "") + ")")
            }
            if !plural.isEmpty {
                sentences.append((sentences.isEmpty ? "" : "it ") + (stops ? "would fill in" : "fills in")
                    + " the plural forms of \(field) (" + plural.joined(separator: "; ") + ") from its 'other' form")
            }
            let message = "\(exporter) (fallback: \(severity.name)) " + sentences.joined(separator: "; ") + (stops ? "; nothing was built" : "")
            let locator = locators[document.file] ?? document.sourceLocator()
            locators[document.file] = locator
            out.append(document.diagnostic(ruleID: FallbackReport.ruleID, severity: level, message: message, node: node, locator: locator))
        }
        return out.sorted()
    }

}
