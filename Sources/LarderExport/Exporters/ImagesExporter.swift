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
        let fields = try imageFields(run, context: context)
        let images = try ImageBundle(catalog: run.catalog, context: context, fields: fields, exporter: id)
        var artifacts = try images.artifacts(folder: "")
        artifacts.append(try artifact("images.json", JSONWriter.pretty.bytes(images.manifest(prefix: ""))))
        var result = run.result(artifacts)
        result.diagnostics = unnamedImageFields(run.catalog, context: context, fields: fields) + result.diagnostics
        return result
    }

    /// The option `imageFields`, each kind it names checked against the content's kinds.
    func imageFields(_ run: ExportRun, context: ExportContext) throws(ExportError) -> [String: [String]] {
        let fields = try run.options.stringLists("imageFields")
        if !context.kinds.isEmpty {
            for kind in fields.keys.sorted() where !context.kinds.contains(kind) {
                var message = "\(id): option 'imageFields' names the kind '\(kind)', which no content entry has (the kinds are \(context.kinds.joined(separator: ", ")))"
                if let guess = Suggest.closest(to: kind, in: context.kinds) { message += "; did you mean '\(guess)'?" }
                throw ExportError(message, option: ["imageFields", kind], isKey: true)
            }
        }
        return fields
    }

    /// A warning per kind of the team's own whose content entry has an images folder
    /// (`images:`), so its documents refer to images, but whose image fields the
    /// `imageFields` option does not name: the export would copy none of them, silently.
    func unnamedImageFields(_ catalog: ContentCatalog, context: ExportContext, fields: [String: [String]]) -> [Diagnostic] {
        catalog.kinds.compactMap { kind in
            guard Self.warnsOfUnnamedFields(kind, context: context, fields: fields),
                let first = catalog.documents.first(where: { $0.kind == kind })?.document
            else { return nil }
            return unnamedFieldsWarning(kind, first: first)
        }
    }

    static func warnsOfUnnamedFields(_ kind: String, context: ExportContext, fields: [String: [String]]) -> Bool {
        !BuiltInSchemas.kinds.contains(kind) && context.imageFolders[kind] != nil && fields[kind] == nil
    }

    func unnamedFieldsWarning(_ kind: String, first: Document) -> Diagnostic {
        Diagnostic(
            ruleID: id, severity: .warning,
            message: "\(kind) documents have an images folder (`images:` of their content entry in larder.yml), but the images exporter is not told which of their fields hold images, so it copies none of them; name the fields with its option `imageFields: { \(kind): [/icon] }`",
            file: first.file, json: first.json, node: first.node)
    }
}

extension ImagesExporter: StreamingExporter {
    public func makeStream(context: ExportContext, leading: [Document]) throws -> (any ExportStream)? {
        guard let base = try streamBase(context: context, leading: leading), try outStreams(base.run) else { return nil }
        return Stream(base: base, exporter: self, fields: try imageFields(base.run, context: context), context: context)
    }

    /// The images streamed: each document's references are found side by side with the
    /// other files' work, kept (kind, id, paths: no picture) in content order, and read,
    /// named and written at the end, in the content catalog's order (by kind, then file,
    /// then position), as the whole-content export names them. Each picture is written to
    /// the staged output as it is read, so the build holds one picture at a time, not all
    /// of them with every document (the whole-content path's memory). The documents are
    /// checked as the catalog checks them (one id twice, a document without one).
    struct Stream: CatalogStream {
        struct Fragment: Sendable {
            var document: StreamedIdentity
            /// The document's image references as written, in document order.
            var paths: [String]
            /// The warning of an image folder whose fields no option names, for each
            /// document of such a kind (only the first of the kind's is kept).
            var unnamedFields: Diagnostic?
        }

        var base: StreamBase
        let exporter: ImagesExporter
        let fields: [String: [String]]
        let context: ExportContext
        /// The documents with images, in content order.
        private var documents: [(kind: String, id: String, paths: [String])] = []
        /// Each kind's warning of unnamed image fields.
        private var warnings: [String: Diagnostic] = [:]

        init(base: StreamBase, exporter: ImagesExporter, fields: [String: [String]], context: ExportContext) {
            (self.base, self.exporter, self.fields, self.context) = (base, exporter, fields, context)
        }

        var diagnostics: [Diagnostic] { warnings.keys.sorted().map { warnings[$0]! } }

        func render(_ streamed: StreamedDocument) throws -> Fragment {
            let kind = streamed.export.kind
            let warning = ImagesExporter.warnsOfUnnamedFields(kind, context: context, fields: fields)
                ? exporter.unnamedFieldsWarning(kind, first: streamed.export.document) : nil
            let paths = ImageBundle.mayReference(kind: kind, fields: fields)
                ? ImageBundle.references(in: streamed.export.value, kind: kind, fields: fields[kind] ?? []).map(\.1) : []
            return Fragment(document: streamed.identity, paths: paths, unnamedFields: warning)
        }

        mutating func consume(_ fragment: Fragment, into sink: inout ExportSink) throws {
            base.check.add(fragment.document)
            let kind = fragment.document.kind
            if let warning = fragment.unnamedFields, warnings[kind] == nil { warnings[kind] = warning }
            if !fragment.paths.isEmpty { documents.append((kind, fragment.document.id, fragment.paths)) }
        }

        mutating func finish(into sink: inout ExportSink) throws {
            if let failure = base.check.failure() { throw failure }
            var namer = ImageNamer()
            if !documents.isEmpty {
                guard let reader = context.files else { throw ImageBundle.noReader(exporter.id) }
                let ordered = ImageNamer.catalogOrder(documents, kind: \.kind)
                documents = []
                for document in ordered {
                    for path in document.paths {
                        guard let new = try namer.add(path, kind: document.kind, id: document.id, folder: context.imageFolders[document.kind] ?? "",
                                                      reader: reader, exporter: exporter.id)
                        else { continue }
                        try sink.append(new.bytes, to: new.name)
                    }
                }
            }
            try sink.append(JSONWriter.pretty.bytes(namer.manifest(prefix: "")), to: "images.json")
        }
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
