import Foundation
import LarderJSON

/// Runs the stages after lint: the config's transforms, in order, then its exporters, and
/// writes every output atomically (see ``OutputWriter``).
///
/// Every failure names the step that raised it (`[4/6] export xcstrings: …`), and nothing
/// is written unless every step succeeded.
public struct Builder: Sendable {
    public var config: LarderConfig
    public var registry: PluginRegistry
    /// The folder outputs' `out` paths are relative to (the project root by default).
    public var outputBase: String
    /// Project-relative paths no output may replace.
    public var protected: [String]
    public var toolVersion: String
    /// Reads project files for exporters that copy them (images).
    public var files: (any ProjectFileReader)?
    /// The folder external plugins (`plugins:` in larder.yml) run in: the project root.
    /// Nil means ``outputBase``.
    public var pluginDirectory: String? = nil

    public init(config: LarderConfig, registry: PluginRegistry, outputBase: String, protected: [String] = [], toolVersion: String = "",
                files: (any ProjectFileReader)? = nil) {
        self.files = files
        self.config = config
        self.registry = registry
        self.outputBase = outputBase
        self.protected = protected
        self.toolVersion = toolVersion
    }

    /// A step that failed, named as the progress line names it.
    public struct StepError: Error, Sendable, CustomStringConvertible {
        public var step: String
        public var message: String
        public var description: String { "\(step): \(message)" }
    }

    public struct Result: Sendable {
        /// Notes and warnings from transforms and exporters.
        public var diagnostics: [Diagnostic]
        /// What was written: each output's path and file count.
        public var outputs: [(path: String, files: Int)]
    }

    /// The names of the steps, for progress lines (`transform scale`, `export xcstrings`).
    public var steps: [String] {
        config.transforms.map { "transform \($0.id)" } + config.exports.map { "export \($0.id)" } + ["write"]
    }

    /// Transforms `documents`, exports them and writes the outputs. `progress` is called
    /// with each step's name before it runs.
    public func run(_ documents: [Document], progress: @Sendable (Int, String) -> Void = { _, _ in }) async throws(StepError) -> Result {
        var documents = documents
        var diagnostics: [Diagnostic] = []
        var index = 0
        for step in config.transforms {
            let name = "transform \(step.id)"
            progress(index, name)
            index += 1
            // External transform plugin (ExternalPlugins/): runs once over every document.
            if let plugin = externalPlugin(step.id, stage: "transform") {
                do {
                    let result = try await plugin.transform(documents, options: Self.mergedOptions(plugin, step), locales: config.locales)
                    documents = result.documents
                    diagnostics += result.diagnostics
                } catch {
                    throw StepError(step: name, message: error.description)
                }
                continue
            }
            let transform: any Transform
            do {
                transform = try registry.transform(step.id)
            } catch {
                throw StepError(step: name, message: "\(error)")
            }
            let context = TransformContext(transformID: step.id, options: step.options, locales: config.locales)
            do {
                for i in documents.indices {
                    diagnostics += try transform.apply(to: &documents[i], context: context)
                }
            } catch {
                throw StepError(step: name, message: "\(error)")
            }
        }
        // Each export's files go to the staging folder as soon as it is done, so only one
        // export's bytes are in memory at a time; nothing lands before the last succeeded.
        var staging: OutputWriter.Staging
        do {
            staging = try OutputWriter(base: outputBase, protected: protected).begin()
        } catch {
            throw StepError(step: "write", message: error.description)
        }
        defer { staging.discard() }
        var outputs: [(path: String, files: Int)] = []
        var preparations: [String: any Sendable] = [:]
        for step in config.exports {
            let name = "export \(step.id)"
            progress(index, name)
            index += 1
            let artifacts: [Artifact]
            // External export plugin (ExternalPlugins/): returns artifacts like an exporter.
            if let plugin = externalPlugin(step.id, stage: "export") {
                do {
                    let exported = try await plugin.export(documents, options: Self.mergedOptions(plugin, step), locales: config.locales)
                    artifacts = exported.artifacts
                    diagnostics += exported.diagnostics
                } catch {
                    throw StepError(step: name, message: error.description)
                }
            } else {
            let exporter: any Exporter
            do {
                exporter = try registry.exporter(step.id)
            } catch {
                throw StepError(step: name, message: "\(error)")
            }
            var imageFolders: [String: String] = [:]
            for entry in config.content where imageFolders[entry.kind] == nil { imageFolders[entry.kind] = entry.images }
            var context = ExportContext(exporterID: step.id, options: step.options, locales: config.locales, toolVersion: toolVersion,
                                        files: files, imageFolders: imageFolders)
            do {
                if let preparing = exporter as? any PreparingExporter {
                    let key = try preparing.preparationKey(context: context)
                    if let made = preparations[key] {
                        context.prepared = made
                    } else {
                        let made = try preparing.prepare(documents, context: context)
                        preparations = [key: made]  // the last one only: a catalog can be large, and equal keys usually come in a row
                        context.prepared = made
                    }
                }
                artifacts = try exporter.export(documents, context: context)
            } catch {
                throw StepError(step: name, message: "\(error)")
            }
            }
            let out = step.options["out"]?.stringValue ?? "dist/\(step.id)"
            // An `out` that names a file (`Content.xcstrings`) takes the export's one file.
            let last = out.split(separator: "/").last.map(String.init) ?? out
            let isFile = last.contains(".") && artifacts.count == 1 && !out.hasSuffix("/")
            do {
                try staging.stage(OutputWriter.Output(path: out, isFile: isFile, artifacts: artifacts))
            } catch {
                throw StepError(step: name, message: error.description)
            }
            outputs.append((out, artifacts.count))
        }
        progress(index, "write")
        do {
            try staging.commit()
        } catch {
            throw StepError(step: "write", message: error.description)
        }
        return Result(diagnostics: diagnostics, outputs: outputs)
    }
}
