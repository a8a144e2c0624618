import Foundation
import PackagePlugin

/// The SwiftPM (and Xcode) build-tool plugin: builds the target's content with
/// `larder build` as a step of the build, so a broken recipe fails the build with Larder's
/// `file:line:column: error: ... [rule]` lines, and the exports become resources of the
/// target (`Bundle.module`, under `Larder/`).
///
///     .target(name: "Menu", plugins: [.plugin(name: "LarderBuildPlugin", package: "Larder")])
///
/// The config is the target folder's `larder.yml` (or `.yaml`, `.json`), else the package
/// root's. The build command runs again when the config or any file under its folder
/// changes (hidden folders such as `.build` and `.git` aside), so keep the content in the
/// config's folder.
@main
struct LarderBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        // In the target folder first, so one package can hold several content projects.
        let folders = [LarderProject.folder(of: target), context.package.directoryURL].compactMap { $0 }
        guard let config = LarderProject.findConfig(in: folders) else {
            Diagnostics.warning("LarderBuildPlugin: no larder.yml in \(folders.map(\.path).joined(separator: " or ")); nothing to build for \(target.name)")
            return []
        }
        return [try LarderProject(config: config).command(
            larder: try context.tool(named: "larder").url, workDirectory: context.pluginWorkDirectoryURL, targetName: target.name)]
    }
}

/// What the build command of one project is: the same for SwiftPM and Xcode.
struct LarderProject {
    static let configNames = ["larder.yml", "larder.yaml", "larder.json"]

    /// The config file (absolute).
    var config: URL
    /// The folder whose files are the command's inputs: the config's folder.
    var root: URL { config.deletingLastPathComponent() }

    /// The target's folder. Larder's manifest is tools version 6.0, where only the
    /// concrete target types have `directoryURL` (the `Target` protocol has it from 6.1).
    static func folder(of target: Target) -> URL? {
        if let swift = target as? SwiftSourceModuleTarget { return swift.directoryURL }
        if let clang = target as? ClangSourceModuleTarget { return clang.directoryURL }
        return nil
    }

    /// The first folder of `folders` that holds a config, and the config in it.
    static func findConfig(in folders: [URL]) -> URL? {
        for folder in folders {
            for name in configNames {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }

    /// `larder build --config CONFIG --out WORK/Larder --format xcode`: the exports' `out`
    /// paths are then relative to `WORK/Larder`, a folder the build system copies into the
    /// target's resources; `--format xcode` prints absolute `path:line:column` lines that
    /// Xcode and `swift build` show as errors.
    func command(larder: URL, workDirectory: URL, targetName: String) throws -> Command {
        let output = workDirectory.appendingPathComponent("Larder")
        // The declared output must exist even when larder.yml lists no exports.
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        return .buildCommand(
            displayName: "Building the Larder content of \(targetName) (\(config.lastPathComponent))",
            executable: larder,
            arguments: ["build", "--config", config.path, "--out", output.path, "--format", "xcode"],
            inputFiles: [config] + inputFiles(outside: workDirectory),
            outputFiles: [output]
        )
    }

    /// Every file under the config's folder but hidden ones and those in hidden folders
    /// (`.build`, `.git`, `.swiftpm`): the content, schemas, images and plugins larder.yml
    /// may name. Larder resolves the globs itself; a few files too many only cost a rerun.
    /// A folder that holds `workDirectory` is the build's own folder (`--scratch-path`
    /// inside the package): its files are outputs, never inputs.
    func inputFiles(outside workDirectory: URL) -> [URL] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey]
        let work = workDirectory.standardizedFileURL.path + "/"
        let configPath = config.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles, .skipsPackageDescendants])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: Set(keys))
            let path = url.standardizedFileURL.path
            if values?.isDirectory == true {
                if work.hasPrefix(path + "/") { walker.skipDescendants() }
                continue
            }
            if values?.isRegularFile == true && path != configPath { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project: the config is one of the target's files (`larder.yml` added to the
/// target) or the project folder's.
extension LarderBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let ownConfig = target.inputFiles.first { LarderProject.configNames.contains($0.url.lastPathComponent) }?.url
        guard let config = ownConfig ?? LarderProject.findConfig(in: [context.xcodeProject.directoryURL]) else {
            Diagnostics.warning("LarderBuildPlugin: no larder.yml among the files of \(target.displayName) or in \(context.xcodeProject.directoryURL.path)")
            return []
        }
        return [try LarderProject(config: config).command(
            larder: try context.tool(named: "larder").url, workDirectory: context.pluginWorkDirectoryURL, targetName: target.displayName)]
    }
}
#endif
