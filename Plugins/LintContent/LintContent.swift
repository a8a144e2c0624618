import Foundation
import PackagePlugin

/// `swift package lint-content [ARGS...]`: runs `larder lint ARGS` in the package's folder
/// (where its `larder.yml` is), so a package that depends on Larder lints its content
/// without installing the CLI. Arguments go to `larder lint` as they are
/// (`swift package lint-content --format github`).
@main
struct LintContent: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let larder = try context.tool(named: "larder")
        let process = Process()
        process.executableURL = larder.url
        process.arguments = ["lint"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        if status != 0 {
            Diagnostics.error("larder lint exited with status \(status)")
            throw LintFailed(status: status)
        }
    }

    struct LintFailed: Error, CustomStringConvertible {
        var status: Int32
        var description: String {
            status == 1 ? "the content has errors (larder lint exited with 1)" : "larder lint could not run (exit status \(status))"
        }
    }
}
