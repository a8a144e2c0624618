import Foundation
import LarderJSON

/// The streamed build: load, lint, transform and export file by file, never holding the
/// whole content.
///
/// The whole-content build (``Builder/run(_:progress:)`` after ``Linter/lint(_:reportingOn:)``)
/// keeps every parsed document, and the exporters then make every output file in memory:
/// for 100,000 recipes that was gigabytes. Here each file is read, parsed, linted (the
/// schema and the per-document rules), its facts for the content-wide rules kept, the
/// config's transforms applied and each export's fragment rendered, side by side on every
/// core; the fragments are then appended to the staged outputs in content order and the
/// file's document is dropped. Content-wide rules run over the facts at the end, and an
/// error anywhere lands nothing, as in the whole-content build.
///
/// It is taken only when every step can stream: built-in (Swift) transforms, exporters that
/// are ``StreamingExporter``s and give a stream for their options, no external lint plugin,
/// and content-wide rules that are ``FactContentRule``s reading facts only. Otherwise
/// ``runStreaming(files:linter:reader:progress:)`` answers ``StreamedBuild/unavailable(_:)``
/// and the caller takes the whole-content path, which gives the same bytes and diagnostics.
extension Builder {
    /// What a streamed build did.
    public enum StreamedBuild: Sendable {
        /// The build cannot stream (the reason, for `LARDER_TRACE`); nothing was written.
        case unavailable(String)
        /// The content has errors; nothing was written. All lint diagnostics, in the order
        /// the whole-content lint gives them.
        case contentErrors([Diagnostic])
        /// Built: the lint diagnostics (warnings and notes), what the steps reported, the
        /// outputs and the number of documents.
        case built(lint: [Diagnostic], result: Result, documents: Int)
        /// A step failed (or the outputs could not be written); nothing was written. The
        /// lint diagnostics (warnings and notes) come with it: the build's report holds them
        /// beside the step's error, as it does for a build that succeeds.
        case stepFailed(lint: [Diagnostic], error: StepError)
    }

    /// One file's share of the work.
    private struct FileWork: Sendable {
        var parse: [Diagnostic] = []
        var lint: [Diagnostic] = []
        var hasErrors = false
        var facts: FactCache.Documents?
        /// Per transform step, its diagnostics.
        var transformed: [[Diagnostic]] = []
        /// Per stream, the fragment of each document.
        var fragments: [[any Sendable]] = []
        /// The documents after the transforms (kept only for files of leading kinds).
        var documents: [Document] = []
        var documentCount = 0
        /// The first failing step of this file, with its position among the steps.
        var failure: (index: Int, error: StepError)?
        var fallback: String?
    }

    /// The steps of a streamed build, for progress lines: every file is loaded, linted,
    /// transformed and exported in one pass, so the configured steps are not steps of
    /// their own here (``steps`` are the whole-content build's).
    public var streamedSteps: [String] {
        ["load, lint and export", "check across files", checkOnly ? "check" : "write"]
    }

    /// Runs the build streamed, or says why it cannot (see the extension's comment).
    /// `files` are the included files (``ContentLoader/includedFiles()``), `linter` the
    /// project's; lint diagnostics come back for every file, with a failed step too.
    /// `progress` is called with the index in ``streamedSteps`` and the name of each step
    /// before it runs, and `filesDone` with the files done so far and their number, in
    /// content order, as the first step goes (after each file, and once with none done).
    public func runStreaming(
        files included: [(path: String, entry: Int)], linter: Linter, reader: any ProjectReader,
        progress: (Int, String) -> Void = { _, _ in },
        filesDone: (Int, Int) -> Void = { _, _ in }
    ) async -> StreamedBuild {
        let files = included
        let fileReader = self.files
        // 1. Can every step stream?
        guard config.plugins(stage: "lint").isEmpty else { return .unavailable("an external lint plugin is in force") }
        let projectFiles = reader.projectFiles
        let contentJobs = linter.contentJobs(content: ContentSet(), projectFiles: projectFiles)
        let factJobs = contentJobs.compactMap(FactJob.init)
        guard factJobs.count == contentJobs.count, factJobs.allSatisfy({ !$0.rule.readsDocuments }) else {
            return .unavailable("a content-wide rule in force reads whole documents")
        }
        var transforms: [(name: String, transform: any Transform, context: TransformContext)] = []
        for step in config.transforms {
            guard externalPlugin(step.id, stage: "transform") == nil, let transform = try? registry.transform(step.id) else {
                return .unavailable("transform \(step.id) is not a built-in transform")
            }
            transforms.append(("transform \(step.id)", transform,
                               TransformContext(transformID: step.id, options: step.options, locales: config.locales)))
        }
        var exporters: [(name: String, step: PipelineStep, exporter: any StreamingExporter, context: ExportContext)] = []
        var imageFolders: [String: String] = [:]
        for entry in config.content where imageFolders[entry.kind] == nil { imageFolders[entry.kind] = entry.images }
        var leadingKinds = Set<String>()
        for step in config.exports {
            guard externalPlugin(step.id, stage: "export") == nil,
                let exporter = (try? registry.exporter(step.id)) as? any StreamingExporter
            else { return .unavailable("export \(step.id) cannot stream") }
            var context = ExportContext(exporterID: step.id, options: step.options, locales: config.locales, toolVersion: toolVersion,
                                        files: fileReader, imageFolders: imageFolders)
            config.describeKinds(in: &context)
            leadingKinds.formUnion(exporter.leadingKinds(context: context))
            exporters.append(("export \(step.id)", step, exporter, context))
        }

        // 2. What every file's lint needs, made once.
        progress(0, streamedSteps[0])
        filesDone(0, files.count)
        var finishedFiles = 0
        let (schemas, schemaDiagnostics) = linter.compileSchemas()
        let setup = linter.checkRuleSettings() + schemaDiagnostics
        let documentLint = linter.documentLint(schemas: schemas, projectFiles: projectFiles)
        let kinds = files.map { config.content[$0.entry].kind }
        let leading = files.indices.filter { leadingKinds.contains(kinds[$0]) }
        let rest = files.indices.filter { !leadingKinds.contains(kinds[$0]) }
        var work = [FileWork?](repeating: nil, count: files.count)

        // 3. The files of the leading kinds first, whole: the streams are made from them.
        let duplicateCheck = true
        let frozenTransforms = transforms
        let exportSteps = exporters.map(\.name)
        @Sendable func process(_ i: Int, streams: [any ExportStream], keep: Bool) -> FileWork {
            let path = files[i].path
            let loaded = ContentLoader.loadFile(path, kind: kinds[i], reader: reader, duplicateKeys: duplicateCheck)
            var out = FileWork()
            out.parse = loaded.diagnostics
            out.documentCount = loaded.documents.count
            let fileContent = ContentSet(loaded.documents)
            var encoders = [FactEncoder](repeating: FactEncoder(), count: factJobs.count)
            var facts: [(index: Int?, facts: [[UInt8]?])] = []
            let fileLint = documentLint.reading(fileContent)
            for document in loaded.documents {
                out.lint += fileLint.diagnostics(document, entry: files[i].entry)
                facts.append((document.index, factJobs.indices.map { factJobs[$0].encodedFacts(of: document, with: &encoders[$0]) }))
            }
            out.facts = FactCache.Documents.encode(facts)
            out.hasErrors = (out.parse + out.lint).contains { $0.severity == .error }
            // A file with errors fails the build: its documents are not exported.
            guard !out.hasErrors else { return out }
            out.transformed = Array(repeating: [], count: frozenTransforms.count)
            out.fragments = Array(repeating: [], count: streams.count)
            for var document in loaded.documents {
                for (k, step) in frozenTransforms.enumerated() {
                    do {
                        out.transformed[k] += try step.transform.apply(to: &document, context: step.context)
                    } catch {
                        out.failure = (k, StepError(step: step.name, message: "\(error)"))
                        return out
                    }
                }
                if keep { out.documents.append(document) }
                var prepared: [String: any Sendable] = [:]
                for (s, stream) in streams.enumerated() {
                    do {
                        let key = stream.preparationKey
                        let made = try prepared[key] ?? Self.prepare(stream, document)
                        if !key.isEmpty { prepared[key] = made }
                        out.fragments[s].append(try Self.render(stream, made))
                    } catch let fallback as ExportStreamFallback {
                        out.fallback = fallback.reason
                        return out
                    } catch {
                        out.failure = (frozenTransforms.count + s, StepError(step: exportSteps[s], message: "\(error)"))
                        return out
                    }
                }
            }
            return out
        }
        await Self.forEachInOrder(leading, { i in process(i, streams: [], keep: true) }) { i, finished in
            work[i] = finished
            finishedFiles += 1
            filesDone(finishedFiles, files.count)
        }
        var leadingDocuments: [Document] = []
        for i in leading {
            if let w = work[i] {
                leadingDocuments += w.documents
                work[i]?.documents = []
            }
        }

        // 4. The streams, each with its staged output. An export that cannot start (a bad
        //    option, an output in the way) takes the whole path, which reports content
        //    errors and failing transforms first, as it always did.
        var streams: [any ExportStream] = []
        for job in exporters {
            do {
                guard let stream = try job.exporter.makeStream(context: job.context, leading: leadingDocuments) else {
                    return .unavailable("\(job.name) needs every document at once with these options")
                }
                streams.append(stream)
            } catch {
                return .unavailable("\(job.name) cannot start: \(error)")
            }
        }
        var staging: OutputWriter.Staging
        do {
            let writer = outputWriter()
            staging = try writer.begin(in: stagingFolder)
        } catch {
            return .unavailable("the staging folder cannot be made: \(error.description)")
        }
        defer { staging.discard() }
        var sinks: [ExportSink] = []
        var outputs: [(path: String, files: Int)] = []
        for (s, job) in exporters.enumerated() {
            let out = job.step.options["out"]?.stringValue ?? "dist/\(job.step.id)"
            let last = out.split(separator: "/").last.map(String.init) ?? out
            let isFile = last.contains(".") && streams[s].writesOneFile && !out.hasSuffix("/")
            do {
                sinks.append(try staging.stream(path: out, isFile: isFile))
            } catch {
                return .unavailable("\(job.name) cannot start: \(error.description)")
            }
            outputs.append((out, 0))
        }
        defer { for s in sinks.indices { try? sinks[s].closeAll() } }

        // 5. Every other file: rendered side by side, consumed in content order.
        var contentFailed = leading.contains { work[$0]?.hasErrors ?? false }
        // The failure reported is that of the first failing step, as in the whole path
        // (which runs each step over every document before the next); within a step, the
        // first in content order.
        var failure: (index: Int, error: StepError)?
        func fail(_ f: (index: Int, error: StepError)) {
            if failure == nil || f.index < failure!.index { failure = f }
        }
        for i in leading { if let f = work[i]?.failure { fail(f) } }
        var fallback: String?
        let frozenStreams = streams
        await Self.forEachInOrder(rest, { i in process(i, streams: frozenStreams, keep: false) }) { i, done in
            var done = done
            contentFailed = contentFailed || done.hasErrors
            if fallback == nil, let reason = done.fallback { fallback = reason }
            if let f = done.failure { fail(f) }
            if !contentFailed && failure == nil && fallback == nil {
                for s in streams.indices {
                    for fragment in done.fragments[s] {
                        do {
                            try Self.consume(&streams[s], fragment, &sinks[s])
                        } catch let late as ExportStreamFallback {
                            // A stream that learns only now that it cannot write this
                            // content (two android names meet): nothing has landed yet.
                            fallback = late.reason
                            break
                        } catch {
                            fail((transforms.count + s, StepError(step: exporters[s].name, message: "\(error)")))
                            break
                        }
                    }
                }
            }
            done.fragments = []
            work[i] = done
            finishedFiles += 1
            filesDone(finishedFiles, files.count)
        }
        if let fallback { return .unavailable(fallback) }

        // 6. The content-wide rules, over every file's facts: each rule reads its facts back
        //    and checks them on its own task (every other task of the build is done, so
        //    this ran on one core), and the diagnostics come in the rules' order.
        progress(1, streamedSteps[1])
        let paths = files.map(\.path)
        let sections = work.map { $0?.facts }
        let perJob = await withTaskGroup(of: (Int, [Diagnostic]?).self) { group in
            for (k, job) in factJobs.enumerated() {
                let contentJob = contentJobs[k]
                group.addTask {
                    guard let check = job.prepare(job: k, jobCount: factJobs.count, files: paths, kinds: kinds, sections: sections) else {
                        return (k, nil)
                    }
                    return (k, linter.entrySeverities(check.run([], nil, contentJob.context), job: contentJob))
                }
            }
            var found = [[Diagnostic]?](repeating: nil, count: factJobs.count)
            for await (k, diagnostics) in group { found[k] = diagnostics }
            return found
        }
        var contentWide: [Diagnostic] = []
        for (k, job) in factJobs.enumerated() {
            guard let diagnostics = perJob[k] else { return .unavailable("the facts of \(job.rule.id) do not read back") }
            contentWide += diagnostics
        }
        let lint = setup + work.flatMap { $0?.parse ?? [] } + work.flatMap { $0?.lint ?? [] } + contentWide
            + (await linter.runLintPlugins([]))
        if contentFailed || lint.contains(where: { $0.severity == .error }) { return .contentErrors(lint) }

        do throws(StepError) {
            // 7. What follows the last document, then everything lands together. An
            //    export before the failing step that fails here (two documents with one
            //    id) is the one reported.
            for s in streams.indices {
                if let failure, failure.index <= transforms.count + s { throw failure.error }
                do {
                    try Self.finish(&streams[s], &sinks[s])
                    try sinks[s].closeAll()
                } catch let late as ExportStreamFallback {
                    return .unavailable(late.reason)
                } catch {
                    throw StepError(step: exporters[s].name, message: "\(error)")
                }
                if sinks[s].isFile && sinks[s].paths.isEmpty {
                    throw StepError(step: exporters[s].name, message: "the output '\(outputs[s].path)' is a file, but the export made 0 files; give a folder")
                }
                outputs[s].files = sinks[s].paths.count
            }
            if let failure { throw failure.error }
            // The transforms' diagnostics, then each export's, as the whole path gives them.
            let diagnostics = transforms.indices.flatMap { k in work.flatMap { $0?.transformed.indices.contains(k) ?? false ? $0!.transformed[k] : [] } }
                + streams.flatMap(\.diagnostics)
            let documents = work.reduce(0) { $0 + ($1?.documentCount ?? 0) }
            // A transform's error (a value convert cannot convert) lands nothing, as in the whole
            // path: the staged output holds that document unconverted (it landed, exit 0).
            if diagnostics.contains(where: { $0.severity == .error }) {
                return .built(lint: lint, result: Result(diagnostics: diagnostics, outputs: [], landed: false), documents: documents)
            }
            progress(2, streamedSteps[2])
            let (differences, stale, unwritten) = try finish(staging)
            return .built(lint: lint, result: Result(diagnostics: diagnostics, outputs: outputs, differences: differences, stale: stale,
                                                     recordNotWritten: unwritten), documents: documents)
        } catch {
            return .stepFailed(lint: lint, error: error)
        }
    }

    private static func prepare<S: ExportStream>(_ stream: S, _ document: Document) throws -> any Sendable {
        try stream.prepare(document)
    }

    private static func render<S: ExportStream>(_ stream: S, _ prepared: any Sendable) throws -> any Sendable {
        guard let prepared = prepared as? S.Prepared else { throw ExportStreamFallback("streams with one preparation key prepare differently") }
        return try stream.render(prepared)
    }

    private static func consume<S: ExportStream>(_ stream: inout S, _ fragment: any Sendable, _ sink: inout ExportSink) throws {
        guard let fragment = fragment as? S.Fragment else { throw ExportStreamFallback("a fragment of another stream") }
        try stream.consume(fragment, into: &sink)
    }

    private static func finish<S: ExportStream>(_ stream: inout S, _ sink: inout ExportSink) throws {
        try stream.finish(into: &sink)
    }

    /// Runs `make` for each of `indices` side by side (a few files per task) and hands each
    /// result to `take` in the order of `indices`, holding only the results that wait for
    /// an earlier one.
    private static func forEachInOrder(
        _ indices: [Int], _ make: @escaping @Sendable (Int) -> FileWork, _ take: (Int, FileWork) -> Void
    ) async {
        guard !indices.isEmpty else { return }
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let batch = max(1, min(8, indices.count / (width * 8)))
        await withTaskGroup(of: (Int, [FileWork]).self) { group in
            var next = 0
            var handed = 0
            var waiting: [Int: [FileWork]] = [:]
            func add() {
                let start = next
                let range = start..<min(start + batch, indices.count)
                next = range.upperBound
                group.addTask { (start, range.map { make(indices[$0]) }) }
            }
            while next < indices.count && next < batch * width * 2 { add() }
            while let (start, done) = await group.next() {
                waiting[start] = done
                while let ready = waiting.removeValue(forKey: handed) {
                    for (offset, result) in ready.enumerated() { take(indices[handed + offset], result) }
                    handed += ready.count
                }
                if next < indices.count { add() }
            }
        }
    }
}
