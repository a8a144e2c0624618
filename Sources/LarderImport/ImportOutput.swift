import Foundation
import LarderCore
import LarderExport
import LarderJSON

/// Where imported documents go: one file per document, `<id>.json`, in one folder.
///
/// Ids come from imported content, so they are untrusted: a file name is made from an id
/// only through ``fileName(for:)``, which keeps letters, digits, `-`, `_` and `.` and can
/// never give a path (no `/`, no `..`, not absolute, no hidden file). Two documents whose
/// names collide (the same id, or ids that differ only in case or in characters that were
/// replaced) are reported, and only the first is kept.
///
///     var diagnostics: [Diagnostic] = []
///     let artifacts = ImportOutput.artifacts(for: documents, diagnostics: &diagnostics)
///     try OutputWriter(base: "/path/to").write([.init(path: "products", isFile: false, artifacts: artifacts)])
public enum ImportOutput {
    /// The file name for an id: `negroni.json`, `42.json`, `3017620422003.json`; characters
    /// other than ASCII letters, digits, `-`, `_` and `.` become `-`, leading dots and
    /// hyphens are dropped, and the stem is at most 100 characters; a Windows device name
    /// gets a hash of the id (`con-1143da2b.json`). Nil when nothing is left.
    public static func fileName(for id: JSONValue) -> String? {
        let text: String
        switch id {
        case .string(let s): text = s
        case .number(let n): text = n.literal
        default: return nil
        }
        var stem = ""
        var lastWasHyphen = false
        for scalar in text.unicodeScalars {
            let keep = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == ".")
            if keep || scalar == "-" {
                stem.unicodeScalars.append(scalar)
                lastWasHyphen = scalar == "-"
            } else if !lastWasHyphen {
                stem.append("-")
                lastWasHyphen = true
            }
        }
        stem = String(stem.drop(while: { $0 == "." || $0 == "-" }).prefix(100))
        while stem.hasSuffix(".") || stem.hasSuffix("-") { stem.removeLast() }
        guard !stem.isEmpty else { return nil }
        // A name Windows reserves for a device (`con`, `nul`, `com1`, `aux.v2`) cannot be
        // made or checked out there: it gets the hash of the id the exporters give it
        // (jsonld's `con-1143da2b.json`).
        if SafeName.isReservedDeviceName(stem) { stem += "-" + SafeName.shortHash(text) }
        let name = stem + ".json"
        // Made only of kept characters, with no leading dot: never a path, never `.` or `..`.
        return (try? Artifact.validate(path: name)) == nil ? nil : name
    }

    /// The files of `documents`, in their order, one per document; a document whose id
    /// gives no file name, or a name another document already took (compared ignoring
    /// case, as macOS and Windows file systems do), or a product whose code is another's
    /// GTIN with other leading zeros, is reported as an error and left out.
    public static func artifacts(for documents: [ImportedDocument], diagnostics: inout [Diagnostic]) -> [Artifact] {
        kept(documents, diagnostics: &diagnostics).compactMap { try? Artifact(path: $0.name, bytes: $0.document.bytes) }
    }

    /// A product's code as the 14-digit GTIN it spells (`036000291452` is `00036000291452`),
    /// as lint's `unique-id` rule reads it: a code of 8, 12, 13 or 14 ASCII digits, padded
    /// with zeros. Nil for another kind or code.
    static func gtin14(of document: ImportedDocument) -> String? {
        guard document.kind == "product", let code = document.id.stringValue else { return nil }
        let count = code.utf8.count
        guard count == 8 || (12...14).contains(count),
              code.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return String(repeating: "0", count: 14 - count) + code
    }

    /// The documents that get a file, with its name (see ``artifacts(for:diagnostics:)``).
    public static func kept(_ documents: [ImportedDocument], diagnostics: inout [Diagnostic]) -> [(name: String, document: ImportedDocument)] {
        var taken: [String: ImportedDocument] = [:]
        var gtins: [String: ImportedDocument] = [:]
        var out: [(name: String, document: ImportedDocument)] = []
        for document in documents {
            let shown = document.id.stringValue ?? document.id.numberValue?.literal ?? "\(document.id)"
            guard let name = fileName(for: document.id) else {
                diagnostics.append(Diagnostic(
                    ruleID: importRuleID, severity: .error,
                    message: "the \(document.kind) id '\(shown)' gives no file name; this record is not imported",
                    file: document.file, start: document.start))
                continue
            }
            let key = name.lowercased()
            if let first = taken[key] {
                let firstID = first.id.stringValue ?? first.id.numberValue?.literal ?? ""
                let place = "\(first.file):\(first.start.line):\(first.start.column)"
                let message = firstID == shown
                    ? "the \(document.kind) id '\(shown)' is already used by the record at \(place); this record is not imported"
                    : "the \(document.kind) id '\(shown)' gives the file name \(name), as does '\(firstID)' (\(place)); this record is not imported"
                diagnostics.append(Diagnostic(
                    ruleID: importRuleID, severity: .error, message: message, file: document.file, start: document.start,
                    related: [Diagnostic.RelatedLocation(file: first.file, start: first.start, message: "the first \(document.kind) with this file name")]))
                continue
            }
            // One GTIN written with other leading zeros (`036000291452`, `0036000291452`) is
            // one product, as lint's unique-id rule compares codes.
            let gtin = gtin14(of: document)
            if let gtin, let first = gtins[gtin] {
                let firstID = first.id.stringValue ?? ""
                let place = "\(first.file):\(first.start.line):\(first.start.column)"
                diagnostics.append(Diagnostic(
                    ruleID: importRuleID, severity: .error,
                    message: "the \(document.kind) id '\(shown)' is already used by the record at \(place), as '\(firstID)': one GTIN, \(gtin) in 14 digits, with other leading zeros; this record is not imported",
                    file: document.file, start: document.start,
                    related: [Diagnostic.RelatedLocation(file: first.file, start: first.start, message: "the first \(document.kind) with this GTIN")]))
                continue
            }
            taken[key] = document
            if let gtin { gtins[gtin] = document }
            out.append((name, document))
        }
        return out
    }
}
