import ArgumentParser
import Foundation
import LarderCore
import LarderJSON

/// `larder lint PATH...`: checks JSON files and reports problems with `file:line:column`.
///
/// For now it checks syntax (rule `parse`, an error) and keys repeated within an object
/// (rule `duplicate-key`, a warning naming both places). Files are read and parsed in
/// parallel on all cores.
struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check JSON content files and report problems as file:line:column.",
        discussion: """
            Directories are searched recursively for *.json files. Exit status: 0 when no \
            file has an error (warnings alone do not fail), 1 when one has, 2 for a usage \
            or internal error (a path that does not exist is a usage error).
            """
    )

    @Argument(help: "Files or directories to check.")
    var paths: [String] = []

    @OptionGroup var output: OutputOptions

    mutating func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one file or directory to lint") }
    }

    func run() async throws {
        let registry = PluginRegistry.builtIn
        let files: [String]
        do {
            files = try FileCollector().collect(paths)
        } catch {
            throw ValidationError("\(error)")
        }
        let reporter = try output.reporter(in: registry)
        let results = await SyntaxLinter().lint(files)
        let diagnostics = results.flatMap(\.diagnostics).sorted()
        let summary = DiagnosticSummary(diagnostics, filesChecked: files.count)
        var sources: [String: SourceLocator] = [:]
        for result in results { if let locator = result.locator { sources[result.file] = locator } }
        let context = ReportContext(
            colorEnabled: output.colorEnabled(),
            sources: .locators(sources),
            toolVersion: larderVersion,
            rules: SyntaxLinter.ruleMetadata)
        writeStandardOutput(reporter.report(diagnostics, summary: summary, context: context))
        if summary.errors > 0 { throw ExitCode(1) }
    }
}
