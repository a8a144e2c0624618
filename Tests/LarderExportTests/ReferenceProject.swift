import Foundation
import LarderCore
import LarderExport
import LarderJSON

/// The small multi-locale project in `Tests/Reference/exports/input`, loaded as the runner
/// would: documents with their kinds, locales, image folders and a file reader.
struct ReferenceProject {
    static let referenceRoot: String = {
        // Tests/LarderExportTests/ReferenceProject.swift -> Tests/Reference/exports
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return tests.appendingPathComponent("Reference/exports").path
    }()
    static var inputRoot: String { referenceRoot + "/input" }
    static var expectedRoot: String { referenceRoot + "/expected" }

    var locales: [String]
    var documents: [Document]
    var imageFolders: [String: String]

    init() throws {
        let manifest = try JSONValue(parsing: [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.inputRoot + "/project.json"))))
        locales = manifest["locales"]?.arrayValue?.compactMap(\.stringValue) ?? []
        documents = []
        imageFolders = [:]
        for entry in manifest["content"]?.arrayValue ?? [] {
            let kind = entry["kind"]!.stringValue!
            let file = entry["file"]!.stringValue!
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.inputRoot + "/" + file)))
            documents += Document.split(file: file, kind: kind, json: try JSONDocument(parsing: bytes))
            if let images = entry["images"]?.stringValue { imageFolders[kind] = images }
        }
    }

    /// The options each exporter runs with in the reference tests.
    static let options: [String: JSONValue] = [
        "json-bundle": ["images": true, "imageFields": ["badge": ["/icon"]], "version": "1.0.0-test"],
        "images": ["imageFields": ["badge": "/icon"]],
        "jsonld": ["baseURL": "https://example.com/content"],
        "gettext": ["project": "reference"],
    ]

    func context(for exporter: any BundleExporter, options: JSONValue? = nil) -> ExportContext {
        ExportContext(
            exporterID: exporter.id, options: options ?? Self.options[exporter.id] ?? .null, locales: locales,
            toolVersion: "1.0.0-test", files: WorkingTreeFiles(root: Self.inputRoot), imageFolders: imageFolders)
    }

    func export(_ exporter: any BundleExporter, options: JSONValue? = nil) throws -> ExportResult {
        try exporter.exportWithDiagnostics(documents, context: context(for: exporter, options: options))
    }
}

/// Diagnostics as one line each: `file:line:column: severity: [rule] message`.
func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { "\($0.file):\($0.start.line):\($0.start.column): \($0.severity.name): [\($0.ruleID)] \($0.message)\n" }.joined()
}

/// Writes artifacts under `folder` (for recording references and for the consumer checks).
func write(_ artifacts: [Artifact], to folder: String) throws {
    for artifact in artifacts {
        let url = URL(fileURLWithPath: folder).appendingPathComponent(artifact.path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(artifact.bytes).write(to: url)
    }
}

/// Every file under `folder`, relative, sorted.
func files(under folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var out: [String] = []
    while let path = walker.nextObject() as? String {
        if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular { out.append(path) }
    }
    return out.sorted()
}
