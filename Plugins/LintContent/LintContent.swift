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
        process.arguments = ["lint"] + Self.cacheArguments(arguments) + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        if status != 0 {
            Diagnostics.error("larder lint exited with status \(status)")
            throw LintFailed(status: status)
        }
    }

    /// On macOS a command plugin runs in a sandbox that may not write the package's folder
    /// (the plugin asks for no permission, so running it needs no approval), and `larder lint`
    /// could then never write its cache (`.larder-cache/`): every run would warn that it was
    /// not written. There the plugin lints with `--no-cache`, which reports the same.
    /// Elsewhere the cache is written as `larder lint` writes it.
    static func cacheArguments(_ arguments: [String]) -> [String] {
        #if os(macOS)
        return arguments.contains("--no-cache") ? [] : ["--no-cache"]
        #else
        return []
        #endif
    }

    struct LintFailed: Error, CustomStringConvertible {
        var status: Int32
        var description: String {
            status == 1 ? "the content has errors (larder lint exited with 1)" : "larder lint could not run (exit status \(status))"
        }
    }
}
