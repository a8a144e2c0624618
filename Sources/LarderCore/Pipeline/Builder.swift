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
    /// Where ``outputBase`` lies against the project (``OutputPlacement/project``: it is
    /// the project), for ``protected``.
    public var placement: OutputPlacement = .project
    public var toolVersion: String
    /// Reads project files for exporters that copy them (images).
    public var files: (any ProjectFileReader)?
    /// The folder external plugins (`plugins:` in larder.yml) run in: the project root.
    /// Nil means ``outputBase``.
    public var pluginDirectory: String? = nil
    /// Compare the outputs with those in place instead of writing them (`larder build
    /// --check`): ``Result/differences`` says what a build would change, and nothing is moved.
    public var checkOnly = false
    /// What earlier builds of the config wrote (``OutputRecord``): a build reports the
    /// outputs it records that no export writes any more (``Result/stale``), `--check`
    /// counts them as differences, and a build that lands records what it wrote. Nil
    /// records nothing and reports no stale output.
    public var record: OutputRecord? = nil
    /// Remove the stale outputs once the build landed (`larder build --prune`): a folder
    /// only when it holds Larder's marker, and of it only the files the build wrote (one
    /// that holds others stays, with them); a file only when it is as the build left it.
    public var prune = false
    /// Checks a document a transform plugin rewrote, before any export sees it: the build
    /// sets it to the content's schema check (``Linter/schemaCheck()``), so a plugin that
    /// makes a recipe the exporters cannot read stops the build, naming the document. Its
    /// errors fail the step, its warnings and notes are reported; nil checks nothing.
    public var checkRewritten: (@Sendable (Document) -> [Diagnostic])? = nil

    public init(config: LarderConfig, registry: PluginRegistry, outputBase: String, protected: [String] = [], toolVersion: String = "",
                files: (any ProjectFileReader)? = nil) {
        self.files = files
        self.config = config
        self.registry = registry
        self.outputBase = outputBase
        self.protected = protected
        self.toolVersion = toolVersion
    }

    /// The message of a transform plugin's step whose rewritten documents fail their
    /// schema: the first three problems, each with its file and pointer, and how many more.
    static func rewriteProblems(_ errors: [Diagnostic]) -> String {
        let shown = errors.prefix(3).map { e in
            let place = e.pointer.tokens.isEmpty ? "" : " at \(e.pointer)"
            return "\(e.file)\(place): \(e.message)"
        }
        let more = errors.count > 3 ? " (and \(errors.count - 3) more)" : ""
        return "the plugin returned content that fails its schema, so no export ran: " + shown.joined(separator: "; ") + more
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
        /// With ``Builder/checkOnly``: how the outputs in place differ from what was built
        /// (empty: up to date).
        public var differences: [OutputDifference] = []
        /// Outputs an earlier build wrote that no export writes now, in path order, and
        /// what became of them (with ``Builder/checkOnly``, also in ``differences``).
        public var stale: [StaleOutput] = []
        /// False when a step reported an error (an export's `fallback: error` and a
        /// translation it had to fill in): nothing was put in place.
        public var landed = true
        /// The record of the outputs (``record``) when it could not be written after the
        /// outputs landed: stale outputs are then not found, nor pruned, until it can be.
        public var recordNotWritten: String?
    }

    /// Where outputs are staged: in the output base folder (nil), or, for a build that only
    /// compares, in the system's temporary folder, so nothing is written in the project.
    var stagingFolder: String? {
        checkOnly ? FileManager.default.temporaryDirectory.path : nil
    }

    /// The writer of this build's outputs, told what the record lists under the output base
    /// (a single file it wrote is replaced whatever it holds; a folder that holds nothing
    /// but its outputs may be replaced).
    func outputWriter() -> OutputWriter {
        var writer = OutputWriter(base: outputBase, protected: protected)
        writer.placement = placement
        if let record {
            writer.record = record
            writer.recordedFiles = Set(record.entries(base: outputBase).filter { $0.file != nil }.map(\.path))
        }
        return writer
    }

    /// Puts the staged outputs in place, or with ``checkOnly`` compares them with those in
    /// place; either way finds the stale outputs (see ``record``), and after a write removes
    /// them when asked (``prune``) and records what the build wrote.
    func finish(_ staging: OutputWriter.Staging) throws(StepError) -> (differences: [OutputDifference], stale: [StaleOutput], recordNotWritten: String?) {
        let recorded = record?.load() ?? []
        do {
            if checkOnly {
                var differences = try staging.differences()
                guard let record else { return (differences, [], nil) }
                let stale = record.stale(recorded: recorded, base: outputBase, written: staging.staged, protected: protected.compactMap(placement.inBase)).stale.map(\.1)
                differences += stale.map {
                    OutputDifference(path: $0.path, change: .notBuilt(files: $0.files, isFile: $0.isFile, removable: $0.isFile ? $0.unchanged : $0.untracked != nil,
                                                                      kept: $0.changed.count))
                }
                return (differences, stale, nil)
            }
            try staging.commit()
        } catch {
            throw StepError(step: checkOnly ? "check" : "write", message: error.description)
        }
        guard let record else { return ([], [], nil) }
        let (stale, saved) = settle(record, recorded: recorded, staging: staging)
        return ([], stale, saved ? nil : record.file)
    }

    /// After a commit: finds the stale outputs, removes them with ``prune``, and replaces the
    /// record with what the build wrote, the stale outputs left in place and other bases'
    /// outputs.
    private func settle(_ record: OutputRecord, recorded: [OutputRecord.Entry], staging: OutputWriter.Staging) -> (stale: [StaleOutput], saved: Bool) {
        let (found, kept) = record.stale(recorded: recorded, base: outputBase, written: staging.staged, protected: protected.compactMap(placement.inBase))
        var entries = kept
        let key = record.baseKey(outputBase)
        for path in staging.staged {
            var info = stat()
            let absolute = staging.writer.absolute(path)
            guard lstat(absolute, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFREG {
                entries.append(OutputRecord.Entry(base: key, path: path, file: FileStatKey(info)))
            } else {
                // The files the build wrote, with their size and modification time, so that
                // --prune never removes one added or changed later.
                entries.append(OutputRecord.Entry(base: key, path: path, file: nil, files: (try? OutputCompare.stampedFiles(under: absolute)) ?? []))
            }
        }
        var stale: [StaleOutput] = []
        for (i, (entry, output)) in found.enumerated() {
            var output = output
            if !prune {
                entries.append(entry)
            } else if output.isFile && !output.unchanged {
                output.fate = .kept(reason: "it was modified or touched since Larder wrote it", forgotten: true)
            } else if !output.isFile && output.untracked == nil {
                output.fate = .kept(reason: "the record does not list the files Larder wrote in it (an older Larder built it), so none is removed", forgotten: false)
                entries.append(entry)
            } else if !output.removableWhole {
                // Files added or changed since (or an output inside it) stay: only the files
                // the build wrote, as it left them, go, and the marker, so the folder is no
                // longer Larder's.
                let changed = Set(output.changed)
                let files = (entry.files ?? []).map(\.path).filter { !changed.contains($0) }
                let failures = staging.removeStaleFiles(entry.path, files: files, keeping: output.inner)
                if let failure = failures.first {
                    output.fate = .kept(reason: failure, forgotten: false)
                    entries.append(entry)
                } else {
                    output.fate = (output.untracked ?? []).isEmpty && output.changed.isEmpty ? .removed : .emptied
                }
            } else if let reason = staging.removeStale(entry.path, index: i) {
                output.fate = .kept(reason: reason, forgotten: false)
                entries.append(entry)
            } else {
                output.fate = .removed
            }
            stale.append(output)
        }
        entries.sort { ($0.base, $0.path) < ($1.base, $1.path) }
        return (stale, record.save(entries))
    }

    /// The names of the steps, for progress lines (`transform scale`, `export xcstrings`).
    public var steps: [String] {
        config.transforms.map { "transform \($0.id)" } + config.exports.map { "export \($0.id)" } + [checkOnly ? "check" : "write"]
    }

    /// Transforms `documents`, exports them and writes the outputs. `progress` is called
    /// with each step's name before it runs.
    public func run(_ documents: [Document], progress: (Int, String) -> Void = { _, _ in }) async throws(StepError) -> Result {
        // The documents as their files hold them, where the diagnostics of external plugins
        // are placed (kept only when one runs: a transform's documents have tapes of their
        // own, and the loaded ones would otherwise be freed).
        let runsPlugins = config.transforms.contains { externalPlugin($0.id, stage: "transform") != nil }
            || config.exports.contains { externalPlugin($0.id, stage: "export") != nil }
        let sources = runsPlugins ? documents : []
        var documents = documents
        var diagnostics: [Diagnostic] = []
        var index = 0
        for step in config.transforms {
            let name = "transform \(step.id)"
            progress(index, name)
            index += 1
            // External transform plugin (ExternalPlugins/): runs once over every document.
            if let plugin = externalPlugin(step.id, stage: "transform") {
                var rewritten: [Int] = []
                do {
                    let result = try await plugin.transform(documents, options: Self.mergedOptions(plugin, step), locales: config.locales,
                                                              sources: sources)
                    documents = result.documents
                    diagnostics += result.diagnostics
                    rewritten = result.rewritten
                } catch {
                    throw StepError(step: name, message: error.description)
                }
                if let check = checkRewritten {
                    // Errors stop the step; at a lower severity (`schema: warning`) they are
                    // reported with the build's other diagnostics.
                    let found = rewritten.flatMap { check(documents[$0]) }
                    let errors = found.filter { $0.severity == .error }
                    if !errors.isEmpty { throw StepError(step: name, message: Self.rewriteProblems(errors)) }
                    // Placed in the file, which does not hold the value: say where it came from.
                    diagnostics += found.map { d in
                        var d = d
                        d.message += " (in what the plugin \(step.id) returned)"
                        return d
                    }
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
            let writer = outputWriter()
            staging = try writer.begin(in: stagingFolder)
        } catch {
            throw StepError(step: checkOnly ? "check" : "write", message: error.description)
        }
        defer { staging.discard() }
        // 1. Resolve every export step and make the shared preparations, in order.
        enum Work: Sendable {
            case builtIn(any Exporter, ExportContext)
            case external(ExternalPlugin, JSONValue)
        }
        var jobs: [(name: String, step: PipelineStep, work: Work)] = []
        var preparations: [String: any Sendable] = [:]
        var imageFolders: [String: String] = [:]
        for entry in config.content where imageFolders[entry.kind] == nil { imageFolders[entry.kind] = entry.images }
        for step in config.exports {
            let name = "export \(step.id)"
            // External export plugin (ExternalPlugins/): returns artifacts like an exporter.
            if let plugin = externalPlugin(step.id, stage: "export") {
                jobs.append((name, step, .external(plugin, Self.mergedOptions(plugin, step))))
                continue
            }
            do {
                let exporter = try registry.exporter(step.id)
                var context = ExportContext(exporterID: step.id, options: step.options, locales: config.locales, toolVersion: toolVersion,
                                            files: files, imageFolders: imageFolders)
                config.describeKinds(in: &context)
                if let preparing = exporter as? any PreparingExporter {
                    let key = try preparing.preparationKey(context: context)
                    if let made = preparations[key] {
                        context.prepared = made
                    } else {
                        let made = try preparing.prepare(documents, context: context)
                        preparations[key] = made
                        context.prepared = made
                    }
                }
                jobs.append((name, step, .builtIn(exporter, context)))
            } catch {
                throw StepError(step: name, message: "\(error)")
            }
        }
        preparations = [:]

        // 2. Run the exports side by side (one per core), and stage each one's files in
        //    step order as soon as it and the ones before it are done, so the bytes of
        //    only a few exports are in memory at once. A step that fails stops the build at
        //    once: the steps still running are cancelled (a plugin is killed), as nothing
        //    can land; waiting for a slower step before it kept a failed build alive until
        //    that plugin ended or timed out, and then reported the timeout. The step
        //    reported is the first in step order of those that failed before the stop.
        typealias Done = (artifacts: [Artifact], diagnostics: [Diagnostic])
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let exported = documents
        let locales = config.locales
        var outputs: [(path: String, files: Int)] = []
        var finished: [Int: Swift.Result<Done, StepError>] = [:]
        var staged = 0
        var failure: StepError?
        await withTaskGroup(of: (Int, Swift.Result<Done, StepError>).self) { group in
            var next = 0
            func start() {
                let job = jobs[next]
                let position = next
                progress(index + position, job.name)
                next += 1
                group.addTask {
                    switch job.work {
                    case .external(let plugin, let options):
                        do throws(ExternalPlugin.Failure) {
                            let result = try await plugin.export(exported, options: options, locales: locales, sources: sources)
                            return (position, .success((result.artifacts, result.diagnostics)))
                        } catch {
                            return (position, .failure(StepError(step: job.name, message: error.description)))
                        }
                    case .builtIn(let exporter, let context):
                        do {
                            if let reporting = exporter as? any ReportingExporter {
                                return (position, .success(try reporting.exportReporting(exported, context: context)))
                            }
                            return (position, .success((try exporter.export(exported, context: context), [])))
                        } catch {
                            return (position, .failure(StepError(step: job.name, message: "\(error)")))
                        }
                    }
                }
            }
            while next < jobs.count && next < width { start() }
            while let (position, result) = await group.next() {
                finished[position] = result
                if case .failure = result {
                    // The first in step order of the steps that have failed.
                    let failed = finished.filter { if case .failure = $0.value { true } else { false } }
                    if let first = failed.keys.min(), case .failure(let error) = failed[first]!, staged <= first {
                        failure = error
                        group.cancelAll()
                        break
                    }
                }
                while failure == nil, let ready = finished.removeValue(forKey: staged) {
                    let job = jobs[staged]
                    staged += 1
                    switch ready {
                    case .failure(let error):
                        failure = error
                    case .success(let done):
                        diagnostics += done.diagnostics
                        let out = job.step.options["out"]?.stringValue ?? "dist/\(job.step.id)"
                        // An `out` that names a file (`Content.xcstrings`) takes the export's one
                        // file, for an exporter that always writes one (``Exporter/writesOneFile``).
                        let last = out.split(separator: "/").last.map(String.init) ?? out
                        var oneFile = false
                        if case .builtIn(let exporter, _) = job.work { oneFile = exporter.writesOneFile }
                        let isFile = last.contains(".") && oneFile && !out.hasSuffix("/")
                        do throws(OutputWriter.WriteError) {
                            try staging.stage(OutputWriter.Output(path: out, isFile: isFile, artifacts: done.artifacts))
                            outputs.append((out, done.artifacts.count))
                        } catch {
                            failure = StepError(step: job.name, message: error.description)
                        }
                    }
                }
                if failure != nil {
                    group.cancelAll()
                    break
                }
                if next < jobs.count { start() }
            }
        }
        if let failure { throw failure }
        // A step's error diagnostic lands nothing, as a content error does.
        if diagnostics.contains(where: { $0.severity == .error }) {
            return Result(diagnostics: diagnostics, outputs: [], landed: false)
        }
        index += jobs.count
        progress(index, checkOnly ? "check" : "write")
        let (differences, stale, unwritten) = try finish(staging)
        return Result(diagnostics: diagnostics, outputs: outputs, differences: differences, stale: stale, recordNotWritten: unwritten)
    }
}
