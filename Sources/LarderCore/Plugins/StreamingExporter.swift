import LarderJSON

/// An ``Exporter`` that can also write its output document by document, so that
/// `larder build` never holds the whole content in memory.
///
/// Why: a bundle of 100,000 recipes in three locales is gigabytes of output. Made whole,
/// it needs every parsed document, every tree and every output file in memory at once. A
/// stream sees one document at a time: ``ExportStream/render(_:)`` turns it into the bytes
/// it adds (side by side on every core), ``ExportStream/consume(_:into:)`` appends them to
/// the staged files in content order, and ``ExportStream/finish(into:)`` writes what comes
/// after the last document (a closing bracket, a manifest).
///
/// A stream must write exactly the bytes ``Exporter/export(_:context:)`` returns for the
/// same documents: the build takes the stream when every step of the config can stream and
/// the whole-content path otherwise, and the two must not differ (the exporters' tests
/// compare them).
public protocol StreamingExporter: Exporter {
    /// Kinds whose documents the stream needs before any other (a taxonomy gives the
    /// labels of the tags in the other documents). The build reads the files of these kinds
    /// first and hands their documents to ``makeStream(context:leading:)``.
    func leadingKinds(context: ExportContext) -> Set<String>

    /// A stream for this export, or nil when these options need every document at once
    /// (the build then takes the whole-content path). `leading` holds the documents of the
    /// ``leadingKinds(context:)``, after the config's transforms.
    func makeStream(context: ExportContext, leading: [Document]) throws -> (any ExportStream)?
}

/// One export written document by document; see ``StreamingExporter``.
public protocol ExportStream: Sendable {
    /// What one document adds to the output.
    associatedtype Fragment: Sendable

    /// True when the export is one file (its output path names the file), false when it is
    /// a folder of files.
    var writesOneFile: Bool { get }

    /// What ``render(_:)`` starts from: what the stream reads of a document (its texts,
    /// its id), made once per document for every stream with the same
    /// ``preparationKey``.
    associatedtype Prepared: Sendable

    /// Streams with the same non-empty key share one ``prepare(_:)`` per document (the
    /// built-in exporters, with the same locales and options, share the finding of texts).
    var preparationKey: String { get }

    /// What the stream reads of `document`; a pure function, like ``render(_:)``. Throws
    /// ``ExportStreamFallback`` when the document needs the whole-content path (the build
    /// then takes it), any other error to fail the export.
    func prepare(_ document: Document) throws -> Prepared

    /// The bytes one document adds: a pure function of the document, called side by side
    /// for many documents and in no particular order. Throws as ``prepare(_:)`` does.
    func render(_ prepared: Prepared) throws -> Fragment

    /// Appends a document's fragment to the output; called once per document, in content
    /// order (files sorted by path, documents in file order), on one task. Throwing
    /// ``ExportStreamFallback`` hands the build to the whole-content path (nothing streamed
    /// lands).
    mutating func consume(_ fragment: Fragment, into sink: inout ExportSink) throws

    /// Writes what follows the last document. Throwing here fails the export (two documents
    /// with one id are found only once every id is known); throwing ``ExportStreamFallback``
    /// hands the build to the whole-content path.
    mutating func finish(into sink: inout ExportSink) throws

    /// What the export says about the content (warnings), read once after
    /// ``finish(into:)``: the diagnostics the whole-content export gives for the same
    /// documents, in the same order. None by default.
    var diagnostics: [Diagnostic] { get }
}

extension ExportStream {
    public var diagnostics: [Diagnostic] { [] }
}

/// Thrown by a stream that meets content only the whole-content path can export (a
/// document without an id is named by its position among every document of its kind).
public struct ExportStreamFallback: Error, Sendable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
