import LarderJSON

/// Turns documents into output files (bundles, string catalogs, JSON-LD).
///
/// An exporter returns ``Artifact``s in memory and never writes to disk: the runner checks
/// each path with ``Artifact/validate(path:)`` and writes them atomically. Same input, same
/// bytes: exporters must be deterministic.
public protocol Exporter: Plugin {
    /// The files to write, with paths relative to the output folder.
    func export(_ documents: [Document], context: ExportContext) throws -> [Artifact]

    /// True for an export that is always one file (a String Catalog): an `out` whose last
    /// segment has a dot then names that file (`dist/ios/Content.xcstrings`). False (the
    /// default): `out` is a folder, whatever the content, so the same config never gives a
    /// file in one build and a folder in the next. A file already at that `out` is replaced
    /// only when it is a String Catalog or a build recorded writing it (``OutputWriter``).
    var writesOneFile: Bool { get }

    /// For an export that ``writesOneFile``, the extension its file must have for the
    /// program that reads it (`xcstrings`: Xcode takes a String Catalog by its name): an
    /// `out` naming a file with another extension gets a warning from the config check.
    /// Nil (the default): any name.
    var oneFileExtension: String? { get }
}

extension Exporter {
    public var writesOneFile: Bool { false }
    public var oneFileExtension: String? { nil }
}

/// An exporter with warnings of its own for the build's report (two keys that make one
/// Android resource name), besides its files.
public protocol ReportingExporter: Exporter {
    /// The files, as ``Exporter/export(_:context:)`` gives them, and the warnings.
    func exportReporting(_ documents: [Document], context: ExportContext) throws -> (artifacts: [Artifact], diagnostics: [Diagnostic])
}

/// An exporter with a preparation that other exporters of the same build can reuse (the
/// built-in exporters share one content catalog: the documents' ids, texts and keys).
///
/// The builder asks each such exporter for its ``preparationKey(context:)``, makes each
/// distinct preparation once with ``prepare(_:context:)``, and hands it to the exporter in
/// ``ExportContext/prepared``. An exporter must work the same without it (it is nil when an
/// exporter is run on its own).
public protocol PreparingExporter: Exporter {
    /// Names the preparation these options need: equal keys mean the same preparation.
    func preparationKey(context: ExportContext) throws -> String
    /// Makes the preparation.
    func prepare(_ documents: [Document], context: ExportContext) throws -> any Sendable
}

/// What an exporter gets besides the documents.
public struct ExportContext: Sendable {
    /// The exporter's id.
    public var exporterID: String
    /// The options from `larder.yml` (`json-bundle: { out: dist/json }`); `null` when none.
    public var options: JSONValue
    /// The project's locales, the source language first.
    public var locales: [String]
    /// The tool's version, for generated-file headers.
    public var toolVersion: String
    /// Reads project files (images to copy into a bundle); nil when the runner gives none.
    public var files: (any ProjectFileReader)?
    /// Content kind -> the folder its image references resolve against, relative to the
    /// project (`images:` of the content entry in larder.yml).
    public var imageFolders: [String: String]
    /// Per kind, the JSON Pointers of the fields that hold localized text, as the kind's
    /// schema declares them (``LarderConfig/textFields``); the exporter option `texts` adds
    /// to them. A kind not listed has its texts found by their shape.
    public var textFields: [String: [String]] = [:]
    /// Per kind of the team's own, the JSON Pointers of the fields that hold taxonomy tags,
    /// as the kind's schema declares them (``LarderConfig/tagFields``): the JSON bundle
    /// labels them as it labels a recipe's `tags`.
    public var tagFields: [String: [String]] = [:]
    /// Per kind, the pointer of the documents' id when the config names one (the
    /// `unique-id` rule's `key`, ``LarderConfig/idField(for:)``); the exporter option `ids`
    /// wins over it. A kind not listed uses ``DocumentID/defaultFields``.
    public var idFields: [String: String] = [:]
    /// The kinds of the project's content entries, when known: the exporter options that
    /// name kinds (`texts`, `ids`, `imageFields`) must name one of them.
    public var kinds: [String] = []
    /// False when the caller keeps only the artifacts (``Exporter/export(_:context:)`` of a
    /// built-in exporter): notes about the content need not be made then.
    public var wantsDiagnostics: Bool = true
    /// The preparation the builder made for a ``PreparingExporter`` (possibly for an
    /// earlier exporter with the same ``PreparingExporter/preparationKey(context:)``).
    public var prepared: (any Sendable)? = nil

    public init(
        exporterID: String, options: JSONValue = .null, locales: [String] = [], toolVersion: String = "",
        files: (any ProjectFileReader)? = nil, imageFolders: [String: String] = [:]
    ) {
        self.exporterID = exporterID
        self.options = options
        self.locales = locales
        self.toolVersion = toolVersion
        self.files = files
        self.imageFolders = imageFolders
    }
}
