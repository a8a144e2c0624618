import LarderCore
import LarderJSON

/// `images`: copies every image the content references into the bundle under a
/// content-hashed name, and writes `images.json`, the map from each reference as written to
/// its bundled path (per kind).
///
/// A reference `drinks/negroni-1.png` (of a kind whose `images:` folder is `images`) becomes
/// `negroni-1.<12 hex digits of SHA-256>.png`: a changed picture gets a new name, so no
/// cache serves a stale one, and a picture referenced twice is stored once. Files are read
/// through the runner's ``ProjectFileReader``, only inside the project. (`json-bundle` with
/// `images: true` does the same and rewrites the references inside its documents.)
///
///     exports:
///       - images: { out: dist/images }
///
/// Option `imageFields` names image fields of a team's own kinds: `{achievement: [/icon]}`
/// (`*` for every element: `/gallery/*`). A kind of the team's own with an `images:` folder
/// in larder.yml whose fields the option does not name gets a warning.
public struct ImagesExporter: BundleExporter {
    public let id = "images"
    public let summary = "Copies referenced images under content-hashed names, with images.json mapping references to them."
    public let optionNames = ["imageFields"]

    public init() {}

    public func exportWithDiagnostics(_ documents: [Document], context: ExportContext) throws -> ExportResult {
        let run = try ExportRun(self, documents, context)
        let fields = try run.options.stringLists("imageFields")
        if !context.kinds.isEmpty {
            for kind in fields.keys.sorted() where !context.kinds.contains(kind) {
                var message = "\(id): option 'imageFields' names the kind '\(kind)', which no content entry has (the kinds are \(context.kinds.joined(separator: ", ")))"
                if let guess = Suggest.closest(to: kind, in: context.kinds) { message += "; did you mean '\(guess)'?" }
                throw ExportError(message, option: ["imageFields", kind], isKey: true)
            }
        }
        let images = try ImageBundle(catalog: run.catalog, context: context, fields: fields, exporter: id)
        var artifacts = try images.artifacts(folder: "")
        artifacts.append(try artifact("images.json", JSONWriter.pretty.bytes(images.manifest(prefix: ""))))
        var result = run.result(artifacts)
        result.diagnostics = unnamedImageFields(run.catalog, context: context, fields: fields) + result.diagnostics
        return result
    }

    /// A warning per kind of the team's own whose content entry has an images folder
    /// (`images:`), so its documents refer to images, but whose image fields the
    /// `imageFields` option does not name: the export would copy none of them, silently.
    func unnamedImageFields(_ catalog: ContentCatalog, context: ExportContext, fields: [String: [String]]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for kind in catalog.kinds where !BuiltInSchemas.kinds.contains(kind) && context.imageFolders[kind] != nil && fields[kind] == nil {
            guard let first = catalog.documents.first(where: { $0.kind == kind })?.document else { continue }
            out.append(Diagnostic(
                ruleID: id, severity: .warning,
                message: "\(kind) documents have an images folder (`images:` of their content entry in larder.yml), but the images exporter is not told which of their fields hold images, so it copies none of them; name the fields with its option `imageFields: { \(kind): [/icon] }`",
                file: first.file, json: first.json, node: first.node))
        }
        return out
    }
}

/// The exporters Larder ships, for the CLI to register:
///
///     var registry = PluginRegistry.builtIn
///     for exporter in BuiltInExporters.all { try registry.register(exporter: exporter) }
public enum BuiltInExporters {
    /// `json-bundle`, `xcstrings`, `strings`, `android`, `i18next`, `gettext`, `jsonld`,
    /// `images`.
    public static let all: [any BundleExporter] = [
        JSONBundleExporter(), XCStringsExporter(), AppleStringsExporter(), AndroidExporter(), I18nextExporter(),
        GettextExporter(), JSONLDExporter(), ImagesExporter(),
    ]
}
