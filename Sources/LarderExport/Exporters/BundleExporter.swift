import LarderCore
import LarderJSON

/// What a built-in exporter returns: the files, and diagnostics about the content it
/// exported (translations filled in from another language, with rule id
/// `locale-complete`).
public struct ExportResult: Sendable {
    /// The files to write, paths relative to the exporter's output folder.
    public var artifacts: [Artifact]
    /// Notes and warnings for the report (sorted; never errors that stop the run: those are
    /// thrown).
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
///     result.diagnostics.first?.ruleID // "locale-complete"
public protocol BundleExporter: Exporter {
    /// The option names this exporter takes besides ``ExporterOptions/common``.
    var optionNames: [String] { get }
    /// The artifacts and the diagnostics about filled-in translations.
    func exportWithDiagnostics(_ documents: [Document], context: ExportContext) throws -> ExportResult
    /// The folder, relative to the project, the runner writes the artifacts into: the
    /// `out` option, or a default under `dist/`.
    func outputFolder(options: JSONValue) throws -> String
}

extension BundleExporter {
    public func export(_ documents: [Document], context: ExportContext) throws -> [Artifact] {
        try exportWithDiagnostics(documents, context: context).artifacts
    }

    public func outputFolder(options: JSONValue) throws -> String {
        let o = try ExporterOptions(options, exporter: id, known: optionNames)
        return try o.string("out") ?? "dist/\(id)"
    }
}

/// Collects what an export filled in, and turns it into `locale-complete` diagnostics: one
/// per text, listing the locales filled and where each value came from.
struct FillLog {
    var severity: Severity?
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
        for key in order {
            guard let document = documents[key], let fills = records[key] else { continue }
            let node = Self.node(in: document, pointer: key.pointer) ?? document.node
            let field = key.pointer.isEmpty ? "the document" : key.pointer.joined(separator: ".")
            var parts: [String] = []
            var worst = Severity.note
            for (locale, r) in fills {
                switch r.fill {
                case .exact:
                    parts.append("\(locale) lacks the plural forms \(r.filledCategories.map(\.rawValue).joined(separator: ", ")) (filled from 'other')")
                case .parent:
                    parts.append("\(locale) from \(r.sourceTag)")
                case .otherLanguage:
                    parts.append("\(locale) from \(r.sourceTag)")
                    worst = severity
                }
            }
            let message = "\(field) has no translation for every exported locale; \(exporter) filled in "
                + parts.joined(separator: "; ") + " (add the translations to ship every locale's own text)"
            out.append(document.diagnostic(ruleID: "locale-complete", severity: min(worst, severity), message: message, node: node))
        }
        return out.sorted()
    }

    /// The node at `pointer` below the document's node.
    static func node(in document: Document, pointer: [String]) -> Int? {
        let json = document.json
        var node = document.node
        for token in pointer {
            switch json.kind(node) {
            case .object:
                guard let v = json.member(node, token) else { return nil }
                node = v
            case .array:
                guard let i = Int(token), let e = json.element(node, i) else { return nil }
                node = e
            default:
                return nil
            }
        }
        return node
    }
}
