import Foundation
import LarderCore
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
    /// hyphens are dropped, and the stem is at most 100 characters. Nil when nothing is left.
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
        let name = stem + ".json"
        // Made only of kept characters, with no leading dot: never a path, never `.` or `..`.
        return (try? Artifact.validate(path: name)) == nil ? nil : name
    }

    /// The files of `documents`, in their order, one per document; a document whose id
    /// gives no file name, or a name another document already took (compared ignoring
    /// case, as macOS and Windows file systems do), is reported as an error and left out.
    public static func artifacts(for documents: [ImportedDocument], diagnostics: inout [Diagnostic]) -> [Artifact] {
        kept(documents, diagnostics: &diagnostics).compactMap { try? Artifact(path: $0.name, bytes: $0.document.bytes) }
    }

    /// The documents that get a file, with its name (see ``artifacts(for:diagnostics:)``).
    public static func kept(_ documents: [ImportedDocument], diagnostics: inout [Diagnostic]) -> [(name: String, document: ImportedDocument)] {
        var taken: [String: ImportedDocument] = [:]
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
            taken[key] = document
            out.append((name, document))
        }
        return out
    }
}
