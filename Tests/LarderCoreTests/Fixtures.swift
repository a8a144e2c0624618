import LarderJSON
@testable import LarderCore

/// Small diagnostics shared by the reporter tests.
enum Fixtures {
    static func diag(
        _ rule: String, _ severity: Severity, _ message: String, file: String = "a.json",
        _ line: Int, _ column: Int, _ endLine: Int? = nil, _ endColumn: Int? = nil,
        pointer: JSONPointer = .root
    ) -> Diagnostic {
        Diagnostic(
            ruleID: rule, severity: severity, message: message, file: file,
            start: SourcePosition(line: line, column: column),
            end: SourcePosition(line: endLine ?? line, column: endColumn ?? column + 1),
            pointer: pointer)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
