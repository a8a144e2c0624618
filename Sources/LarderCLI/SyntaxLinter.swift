import Foundation
import LarderCore
import LarderJSON
import LarderRules

/// Reads and parses files in parallel and turns what the parser found into diagnostics:
/// `parse` (the file is not valid JSON: an error), `duplicate-key` (a warning naming both
/// places), `lone-surrogate` (a `\uD800` escape that stands for no character: an error, at
/// the escape) and `io` (the file could not be read: an error).
struct SyntaxLinter: Sendable {
    struct FileResult: Sendable {
        var file: String
        var diagnostics: [Diagnostic]
        /// The file's text, kept only when a diagnostic needs to quote it.
        var locator: SourceLocator?
    }

    /// Lints `files`, in their order, using every core.
    func lint(_ files: [String]) async -> [FileResult] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results = [FileResult?](repeating: nil, count: files.count)
        await withTaskGroup(of: (Int, FileResult).self) { group in
            var next = 0
            func add() {
                let i = next
                next += 1
                group.addTask { (i, lint(file: files[i])) }
            }
            while next < min(width * 2, files.count) { add() }
            while let (i, result) = await group.next() {
                results[i] = result
                if next < files.count { add() }
            }
        }
        return results.map { $0! }
    }

    /// Lints one file.
    func lint(file: String) -> FileResult {
        // JSON Lines is not what lint checks: said at the file, not as a syntax error at line 2.
        if ContentFileText.isJSONLinesName(file) { return FileResult(file: file, diagnostics: [ContentFileText.jsonLinesDiagnostic(file: file)]) }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(file)
        } catch {
            let d = Diagnostic(ruleID: "io", severity: .error, message: "cannot read the file: \(error.reason)",
                               file: file, start: SourcePosition(line: 1, column: 1))
            return FileResult(file: file, diagnostics: [d])
        }
        do {
            let json = try JSONDocument(parsing: bytes)
            guard !json.duplicateKeys.isEmpty || !json.loneSurrogates.isEmpty else { return FileResult(file: file, diagnostics: []) }
            let locator = json.locator()
            var diagnostics = json.duplicateKeys.map { dup in
                let name = json.string(dup.second) ?? ""
                let first = json.position(of: dup.first, using: locator)
                // In the words of the rule a project's lint runs.
                return Diagnostic(
                    ruleID: "duplicate-key", severity: .warning, message: DuplicateKeyRule.message(key: name, first: first),
                    file: file, json: json, node: dup.second, locator: locator,
                    related: [Diagnostic.RelatedLocation(file: file, json: json, node: dup.first, locator: locator, message: DuplicateKeyRule.firstHere(name))])
            }
            for lone in json.loneSurrogates {
                var d = Diagnostic(
                    ruleID: "lone-surrogate", severity: .error, message: lone.message(in: json),
                    file: file, json: json, node: lone.node, locator: locator)
                d.start = locator.position(ofByte: lone.escapeRange.lowerBound)
                d.end = locator.position(ofByte: lone.escapeRange.upperBound)
                diagnostics.append(d)
            }
            diagnostics.sort { ($0.start.line, $0.start.column) < ($1.start.line, $1.start.column) }
            return FileResult(file: file, diagnostics: diagnostics, locator: locator)
        } catch {
            // The range covers the offending character, so editors underline it.
            let d = ContentFileText.parseDiagnostic(error, in: bytes, file: file)
            return FileResult(file: file, diagnostics: [d], locator: SourceLocator(bytes: bytes))
        }
    }
}
