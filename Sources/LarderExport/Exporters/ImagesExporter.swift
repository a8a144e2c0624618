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
/// Option `imageFields` names image fields of a team's own kinds: `{achievement: [/icon]}`.
public struct ImagesExporter: BundleExporter {
    public let id = "images"
    public let summary = "Copies referenced images under content-hashed names, with images.json mapping references to them."
    public let optionNames = ["imageFields"]

    public init() {}

    public func exportWithDiagnostics(_ documents: [Document], context: ExportContext) throws -> ExportResult {
        let run = try ExportRun(self, documents, context)
        let images = try ImageBundle(catalog: run.catalog, context: context, fields: run.options.stringLists("imageFields"), exporter: id)
        var artifacts = try images.artifacts(folder: "")
        artifacts.append(try artifact("images.json", JSONWriter.pretty.bytes(images.manifest(prefix: ""))))
        return run.result(artifacts)
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
