import ArgumentParser
import Foundation
import LarderCore
import LarderExport
import LarderJSON

/// `larder build`: the whole pipeline from `larder.yml`: load, lint (errors stop the
/// build), the configured transforms, the configured exporters, and an atomic write.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Lint, transform and export the project's content as larder.yml says.",
        discussion: """
            Each export writes to its `out` path (default dist/<exporter>), relative to the \
            project or to --out. Output is deterministic, and written to a staging folder \
            first and renamed into place, so a failed or killed build leaves the previous \
            output intact. With --check nothing is put in place: the build is compared \
            with the outputs there, file by file, and each file that differs is reported \
            (for CI, when the outputs are committed). Each build records the outputs it \
            wrote (in .larder-cache/, per config file); an output an earlier build wrote \
            that no export writes any more (an export removed, or its `out` moved) is \
            reported: as a warning by a build, as a difference by --check, and --prune \
            removes it (a folder only when it holds Larder's .larder-output marker, and of it \
            only the files the build wrote, as it left them; a file \
            only when it is as the build left it). Exit status: 0 built (or up to date), \
            1 content errors (nothing written) or, with --check, outputs out of date, 2 a \
            usage, configuration or export error.
            """
    )

    @Option(name: .long, help: "The config file (default: larder.yml in this folder or the nearest parent).")
    var config: String?

    @Option(name: .long, help: "The folder exports' `out` paths are relative to (default: the project folder).")
    var out: String?

    @Flag(name: .customLong("no-stream"), help: "Build with every document in memory, as when a step cannot stream (slower; for comparing the two).")
    var noStream = false

    @Flag(name: .long, help: "Compare what the build makes with the outputs in place, and change nothing: exit 1 and name each file that differs when they are out of date.")
    var check = false

    @Flag(name: .long, help: "Remove the outputs an earlier build of this config wrote that no export writes any more (only Larder's own: folders with its marker, files as it left them).")
    var prune = false

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if check && prune { throw ValidationError("--check changes nothing and --prune removes outputs: give one of them") }
        if let out {
            // An empty --out (an unset variable in `--out "$OUT"`) built into the project
            // and said it built into /dist/json.
            if out.isEmpty { throw ValidationError("--out is empty; give the folder the exports' `out` paths are relative to, or leave --out out to build into the project") }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), !isFolder.boolValue {
                throw ValidationError("--out '\(out)' is a file; give a folder (the exports' `out` paths are relative to it)")
            }
        }
    }

    func run() async throws {
        let registry = try CLIRegistry.make()
        let reporter = try output.reporter(in: registry)
        let cwd = FileManager.default.currentDirectoryPath
        let project: ProjectSession
        do {
            guard let opened = try ProjectSession.open(config: config, cwd: cwd) else {
                throw ValidationError("no larder.yml in \(cwd) or its parents; write one with `larder init`")
            }
            project = opened
        } catch let broken as ProjectSession.BrokenConfig {
            report(broken.diagnostics, files: Set(broken.diagnostics.map(\.file)).count, locators: broken.locators, reporter: reporter, registry: registry, cwd: cwd)
            throw ExitCode(2)
        }
        var builder = Builder(
            config: project.config, registry: registry, outputBase: out.map { absolutePath($0, cwd: cwd) } ?? project.root,
            protected: [], toolVersion: larderVersion, files: WorkingTreeFiles(root: project.root))
        builder.pluginDirectory = project.root  // external plugins run in the project folder
        builder.checkOnly = check
        builder.record = OutputRecord(projectRoot: project.root, configName: project.configName)
        builder.prune = prune
        let progress = Progress(enabled: isatty(STDERR_FILENO) == 1)

        var trace = PhaseTrace()
        let reader = WorkingTreeReader(root: project.root)
        let loader = ContentLoader(config: project.config, reader: reader)
        let (included, links, outputs) = loader.included()
        // The files the report counts, as lint counts them for the same diagnostics.
        let contentFiles = Set(included.map { PathKey($0.path) })
        func filesChecked(_ found: [Diagnostic]) -> Int { ProjectSession.filesChecked(content: contentFiles, found: found) }
        var linter = project.linter(registry: registry, reader: reader, included: included, links: links, outputs: outputs)
        // Outputs may not replace content, the config, a team's schemas or the files they
        // `$ref`, nor lie in .git or .larder-cache, whatever --out is: each is compared
        // where it lands in the project.
        let placement = OutputPlacement(base: builder.outputBase, projectRoot: project.root)
        linter.outputPlacement = placement
        // An --out that puts them where they may not go is the flag's mistake, told as
        // such (it was reported as an error of each export's `out` in larder.yml); and
        // one whose outputs land in or over the outputs of another base's builds is
        // refused (the next build there replaced them).
        if let out, let problem = linter.outFlagProblem(out, recorded: builder.record?.outputsInProject(except: builder.outputBase) ?? []) {
            throw ValidationError(problem)
        }
        var configured = builder
        configured.protected = linter.protectedPaths()
        configured.placement = placement
        // What a transform plugin returns is checked against the content's schemas.
        configured.checkRewritten = linter.schemaCheck(files: included)

        // Streamed when every step can (file by file, in little memory); else whole.
        var streamed = Builder.StreamedBuild.unavailable("--no-stream")
        let traceStart = trace.enabled ? trace.start : nil
        // Whether the streamed build began its first step (it may then have read, linted and
        // rendered most of the content before a stream gave up), or found before that, from
        // the config alone, that it cannot stream.
        var attempted = false
        if !noStream {
            progress.begin(steps: configured.streamedSteps.count)
            streamed = await configured.runStreaming(files: included, linter: linter, reader: reader, progress: { index, name in
                attempted = true
                // The trace's line first: the progress line may stay open for the count.
                if let traceStart { Self.traceStep(name, since: traceStart) }
                if index == 0 { progress.showCounting(index, name) } else { progress.show(index, name) }
            }, filesDone: { done, count in progress.files(done, of: count) })
            progress.close()
        }
        switch streamed {
        case .unavailable(let reason):
            if noStream {
                if trace.enabled { FileHandle.standardError.write(Data("[trace] the build does not stream: \(reason)\n".utf8)) }
            } else if attempted {
                // The attempt's time is its own: it was counted as the load's.
                trace.mark("streamed attempt (fell back, the build does not stream: \(reason))")
            } else {
                trace.mark("the build does not stream: \(reason)")
            }
        case .contentErrors(let found):
            trace.mark("load, lint and export \(PhaseTrace.files(included.count)) (streamed)")
            report(project.displayed(found), files: filesChecked(found), locators: [:], reporter: reporter, registry: registry, cwd: cwd)
            try Self.stop(found, check: check, config: project.configDisplay)
        case .built(let found, let result, let documents):
            trace.mark("load, lint, transform, export and write \(PhaseTrace.files(included.count)) (streamed)")
            try finish(found, result, documents: documents, files: filesChecked(found), content: nil, reporter: reporter, registry: registry,
                   project: project, cwd: cwd, trace: &trace)
            return
        case .stepFailed(let found, let error):
            throw stepFailed(error, lint: found, files: filesChecked(found), locators: [:], project: project, reporter: reporter,
                             registry: registry, cwd: cwd)
        }

        // The whole-content path: load, lint, each configured step, write.
        progress.begin(steps: 2 + builder.steps.count)
        progress.show(0, "load")
        let content = await loader.load(included)
        trace.mark("load \(PhaseTrace.files(included.count))")
        progress.show(1, "lint")
        let found = await linter.lint(content)
        trace.mark("lint")
        if found.contains(where: { $0.severity == .error }) {
            report(project.displayed(found), files: filesChecked(found), locators: project.locators(for: found, in: content),
                   reporter: reporter, registry: registry, cwd: cwd)
            try Self.stop(found, check: check, config: project.configDisplay)
        }
        let result: Builder.Result
        do {
            result = try await configured.run(content.documents) { index, name in
                progress.show(2 + index, name)
                if let traceStart { Self.traceStep(name, since: traceStart) }
            }
        } catch {
            throw stepFailed(error, lint: found, files: filesChecked(found), locators: project.locators(for: found, in: content), project: project,
                             reporter: reporter, registry: registry, cwd: cwd)
        }
        trace.mark("transform, export and write")
        try finish(found, result, documents: content.documents.count, files: filesChecked(found), content: content, reporter: reporter,
               registry: registry, project: project, cwd: cwd, trace: &trace)
    }

    /// A build step's failure: one line on standard error (status 2), after the build's
    /// report of the lint's diagnostics (`found`: warnings and notes), counting the content
    /// `files`, as a build that succeeds reports them (a failed build reported the step
    /// alone, and its summary counted no files, so a CI job lost the content's warnings on
    /// exactly the runs that fail). With a `--format` other than human the step is a
    /// diagnostic of the report as well (a CI job that reads the JSON or SARIF report, or
    /// GitHub's annotations, would not see why the build stopped): placed at the step in
    /// larder.yml, or at the plugin's entry for a plugin, whose failures have the rule id
    /// `plugin/<id>` as in a lint. A human report with nothing in it is not printed: "No
    /// problems" above the error would mislead.
    func stepFailed(_ error: Builder.StepError, lint found: [Diagnostic], files: Int, locators: [PathKey: SourceLocator], project: ProjectSession,
                    reporter: any Reporter, registry: PluginRegistry, cwd: String) -> ValidationError {
        let message = "[\(error.step)] \(error.message)"
        var diagnostics = project.displayed(found)
        if output.format != "human", let diagnostic = Self.diagnostic(error, message: message, project: project) {
            diagnostics.append(diagnostic)
        }
        if output.format != "human" || !diagnostics.isEmpty {
            report(diagnostics, files: files, locators: locators, reporter: reporter, registry: registry, cwd: cwd)
        }
        return ValidationError(message)
    }

    /// The diagnostic of a failed step (`export pl`, `transform convert`); nil for the
    /// write itself, which is not a step of larder.yml.
    static func diagnostic(_ error: Builder.StepError, message: String, project: ProjectSession) -> Diagnostic? {
        let parts = error.step.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0] == "transform" || parts[0] == "export" else { return nil }
        let (stage, id) = (parts[0], parts[1])
        let config = project.config
        let pointer: JSONPointer, ruleID: String
        if let plugin = config.plugins(stage: stage).first(where: { $0.spec.id == id }) {
            pointer = JSONPointer(tokens: ["plugins", String(plugin.index)])
            ruleID = "plugin/\(id)"
        } else {
            let steps = stage == "transform" ? config.transforms : config.exports
            guard let i = steps.firstIndex(where: { $0.id == id }) else { return nil }
            pointer = JSONPointer(tokens: [stage + "s", String(i)])
            ruleID = id
        }
        let range = project.positions(pointer) ?? SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1))
        return Diagnostic(ruleID: ruleID, severity: .error, message: message, file: project.configDisplay,
                          start: range.start, end: range.end, pointer: pointer)
    }

    /// `[trace] <step> starts at <ms> ms` (with `LARDER_TRACE`).
    static func traceStep(_ name: String, since start: UInt64) {
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        FileHandle.standardError.write(Data("[trace] \(name) starts at \(Int(ms)) ms\n".utf8))
    }

    /// Stops a build whose lint found errors: status 2 when the config itself is wrong (as
    /// `larder lint` exits), naming it as the report does (`--config app.json` was
    /// called larder.yml), else 1.
    static func stop(_ found: [Diagnostic], check: Bool, config: String) throws -> Never {
        if found.contains(where: { $0.ruleID == ConfigLoader.ruleID && $0.severity == .error }) {
            FileHandle.standardError.write(Data("larder: \(config) has errors; nothing was \(check ? "checked" : "built")\n".utf8))
            throw ExitCode(2)
        }
        FileHandle.standardError.write(Data("larder: the content has errors; nothing was \(check ? "checked" : "built")\n".utf8))
        throw ExitCode(1)
    }

    /// Reports the lint and build diagnostics (warnings, notes) and says what was built.
    func finish(_ found: [Diagnostic], _ result: Builder.Result, documents: Int, files: Int, content: LoadedContent?, reporter: any Reporter,
                registry: PluginRegistry, project: ProjectSession, cwd: String, trace: inout PhaseTrace) throws {
        let base = out.map { absolutePath($0, cwd: cwd) } ?? project.root
        // Stale outputs left in place are warnings of a build (a check reports them as
        // differences, below).
        let staleNotes = check ? [] : result.stale.compactMap { Self.diagnostic($0, config: project.configName, prune: command(["--prune"]), base: base, cwd: cwd) }
        let notes = project.displayed(found + result.diagnostics) + staleNotes
        // With --check, each output file that differs from the one in place.
        let differences = check && result.landed ? result.differences.map { Self.diagnostic($0, base: base, cwd: cwd) } : []
        // One report for the run, whatever it found (a JSON or SARIF report is one document,
        // and an empty one when the build is clean): the lint's and the steps' diagnostics
        // and, with --check, the differences. The files it counts are the content files (and
        // larder.yml and team schemas with problems of their own, as lint counts them) and
        // the outputs that differ.
        let locators = notes.isEmpty ? [:] : content.map { project.locators(for: found + result.diagnostics, in: $0) } ?? [:]
        // No source line is shown for a stale or differing output (a folder, or a file that
        // can be a gigabyte, whose line differs anyway).
        let outputFiles = Set(staleNotes.map(\.file) + differences.map(\.file))
        let sources = SourceProvider.locators(locators).fallback(to: .files(relativeTo: cwd))
        report(notes + differences, files: files + differences.count, locators: locators,
               sources: SourceProvider { outputFiles.contains($0) ? nil : sources.locator(for: $0) },
               reporter: reporter, registry: registry, cwd: cwd)
        trace.mark("report \(notes.count + differences.count) diagnostics")
        guard result.landed else {
            FileHandle.standardError.write(Data("larder: the build steps reported errors; nothing was \(check ? "checked" : "built")\n".utf8))
            throw ExitCode(1)
        }
        // Where the outputs are, as given: under --out when there is one.
        let shownBase = out.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
        let written = result.outputs.map { "\(shownBase)\($0.path) (\($0.files) file\($0.files == 1 ? "" : "s"))" }
        guard check else {
            FileHandle.standardError.write(Data("Built \(documents) document\(documents == 1 ? "" : "s") into \(written.isEmpty ? "nothing: larder.yml lists no exports" : written.joined(separator: ", ")).\n".utf8))
            let removed = result.stale.filter { $0.fate == .removed }.map {
                shownBase + $0.path + ($0.inner.isEmpty ? "" : " (its files outside \($0.inner.joined(separator: ", ")))")
            }
            if !removed.isEmpty {
                FileHandle.standardError.write(Data("Removed \(removed.joined(separator: ", ")): no export of \(project.configName) writes \(removed.count == 1 ? "it" : "them") any more.\n".utf8))
            }
            // The outputs landed, but the record of them did not: said, as stale outputs are
            // found (and --prune removes them) only by it.
            if let record = result.recordNotWritten {
                let shown = record.hasPrefix(cwd + "/") ? String(record.dropFirst(cwd.count + 1)) : record
                FileHandle.standardError.write(Data("larder: warning: the record of the outputs (\(shown)) cannot be written, so an output no export writes any more is not found, nor removed by --prune, until it can be; make its folder one Larder can write\n".utf8))
            }
            return
        }
        guard differences.isEmpty else {
            let files = result.differences.reduce(0) { $0 + $1.files }
            // A stale output the build itself would leave: the command that removes it too.
            let pruning = result.differences.contains { if case .notBuilt(_, _, true, _) = $0.change { true } else { false } }
            let again = command(pruning ? ["--prune"] : [])
            FileHandle.standardError.write(Data("larder: the outputs are out of date (\(files) file\(files == 1 ? "" : "s") to write, replace or remove); run `\(again)`\n".utf8))
            throw ExitCode(1)
        }
        FileHandle.standardError.write(Data("Checked \(documents) document\(documents == 1 ? "" : "s"): \(written.isEmpty ? "larder.yml lists no exports" : written.joined(separator: ", ") + " up to date").\n".utf8))
    }

    /// `larder build` with the options of this run that say what to build, and `extra`.
    func command(_ extra: [String]) -> String {
        (["larder", "build"] + (config.map { ["--config", $0] } ?? []) + (out.map { ["--out", $0] } ?? []) + extra).joined(separator: " ")
    }

    /// What a build reports of an output no export writes any more.
    static let staleOutput = RuleMetadata(
        id: "stale-output", summary: "An output an earlier `larder build` wrote that no export writes any more.",
        details: """
            Each build records, per config file, the outputs it wrote (in \
            .larder-cache/outputs-<config>.json; never committed). When an export is \
            removed from the config or its `out` changes, the output the earlier build \
            wrote stays where it was, and an app could go on shipping it: the next build \
            warns of it, `larder build --check` reports it as out of date, and `larder \
            build --prune` removes it. Only Larder's own outputs are removed: a folder that \
            holds the .larder-output marker and is reached without a link, inside the \
            outputs' base folder, and of it only the files the build wrote, as it left them \
            (files added to it since, and files the build wrote that changed since, told by \
            their size and modification time, are kept, with the folder, and named); a file \
            only when it is as the build left it (a changed one \
            is reported, left in place and no longer tracked). An output deleted by hand is \
            forgotten silently, and an output another config file of the project records is \
            never this one's stale output. The record belongs to the checkout: a fresh clone \
            knows no earlier build.
            """,
        defaultSeverity: .warning)

    /// A stale output as a build's warning on it; nil for one that was removed.
    static func diagnostic(_ stale: StaleOutput, config: String, prune: String, base: String, cwd: String) -> Diagnostic? {
        let absolute = base.hasSuffix("/") ? base + stale.path : base + "/" + stale.path
        let file = absolute.hasPrefix(cwd + "/") ? String(absolute.dropFirst(cwd.count + 1)) : absolute
        let what = stale.isFile ? "file" : "folder (\(stale.files) file\(stale.files == 1 ? "" : "s"))"
        let outside = stale.inner.isEmpty ? "" : " outside \(stale.inner.map { "'\($0)'" }.joined(separator: ", "))"
        let notBuilt = "not built any more: an earlier build wrote this \(what)\(outside) and no export of \(config) writes it now"
        let added = (stale.untracked ?? []).map { "'\($0)'" }.joined(separator: ", ")
        let changed = stale.changed.map { "'\($0)'" }.joined(separator: ", ")
        // The files --prune keeps: added since, and written by Larder but changed since.
        let kept = [added.isEmpty ? nil : "files Larder did not write: \(added)", changed.isEmpty ? nil : "files that were modified or touched since Larder wrote them: \(changed)"]
            .compactMap { $0 }.joined(separator: ", and ")
        let keeps = [added.isEmpty ? nil : "the files it did not write: \(added)", changed.isEmpty ? nil : "the files that changed since it wrote them: \(changed)"]
            .compactMap { $0 }.joined(separator: ", and ")
        let message: String
        switch stale.fate {
        case .removed:
            return nil
        case .emptied:
            let which = changed.isEmpty ? "" : " that were as it left them"
            message = "\(notBuilt); `\(prune)` removed the files Larder wrote in it\(which) and left the folder, as it holds \(kept)"
        case .left where !stale.isFile && stale.untracked == nil:
            message = "\(notBuilt); the record does not list the files Larder wrote in it (an older Larder built it), so `\(prune)` leaves it: remove it by hand if nothing uses it"
        case .left where !stale.isFile && !keeps.isEmpty:
            let which = changed.isEmpty ? "" : " that are as it left them,"
            message = "\(notBuilt); `\(prune)` removes only the files Larder wrote in it\(which) and keeps \(keeps)"
        case .left where stale.isFile && !stale.unchanged:
            message = "\(notBuilt); it changed since, so `\(prune)` leaves it: remove it by hand if nothing uses it"
        case .left:
            message = "\(notBuilt); remove it with `\(prune)` (or by hand)"
        case .kept(let reason, true):
            message = "\(notBuilt); left in place as \(reason), and no longer tracked: remove it by hand if nothing uses it"
        case .kept(let reason, false):
            message = "\(notBuilt); it could not be removed: \(reason)"
        }
        return Diagnostic(ruleID: staleOutput.id, severity: .warning, message: message, file: file, start: SourcePosition(line: 1, column: 1))
    }

    /// What `--check` reports (the rule id of its diagnostics, for `larder explain` and SARIF).
    static let outOfDate = RuleMetadata(
        id: "out-of-date", summary: "The build outputs in place are those `larder build` writes (`larder build --check`).",
        details: """
            `larder build --check` builds as `larder build` does, into a staging folder \
            outside the project, and compares each output with the one in place, file by \
            file: a file the build writes that is not there, a file there that the build \
            does not write, an output an earlier build wrote that no export writes any more \
            (`larder explain stale-output`; `larder build --prune` removes it), and a file \
            whose bytes differ (named at the line and column where \
            the file in place first differs, and saying so when only its line endings or a \
            byte order mark differ). Nothing in the project is written. A link or a device \
            where the build writes is not followed; files a system leaves in folders \
            (.DS_Store, Thumbs.db, desktop.ini) are not compared. Run `larder build` and \
            commit its outputs to fix it. The hook `larder-build-check` runs it on each \
            commit: use the same Larder version there as on the machines that build, as \
            manifest.json records it.
            """,
        defaultSeverity: .error)

    /// The ids of what a build reports besides the lint's rules: `out-of-date` (`--check`),
    /// `stale-output` and `fallback` (the translations an export fills in), for `larder
    /// explain` and SARIF.
    static let buildChecks: [String: RuleMetadata] = [
        outOfDate.id: outOfDate, staleOutput.id: staleOutput, FallbackReport.ruleID: FallbackReport.metadata,
    ]

    /// A difference as a diagnostic on the file in place, its path as the other diagnostics
    /// give paths (relative to the working folder).
    static func diagnostic(_ difference: OutputDifference, base: String, cwd: String) -> Diagnostic {
        let absolute = base.hasSuffix("/") ? base + difference.path : base + "/" + difference.path
        let file = absolute.hasPrefix(cwd + "/") ? String(absolute.dropFirst(cwd.count + 1)) : absolute
        let start = SourcePosition(line: 1, column: 1)
        let (message, at): (String, SourcePosition) = switch difference.change {
        case .changed(let at, .lineEndings?): ("out of date: the line endings differ from here on (\\r\\n against \\n; a git setting such as core.autocrlf can change them)", at)
        case .changed(let at, .byteOrderMark?): ("out of date: the file in place starts with a byte order mark, which the build does not write", at)
        case .changed(let at, nil): ("out of date: the build writes other bytes from here on", at)
        case .missing: ("missing: the build writes this file", start)
        case .missingFolder(let files): ("missing: the build writes this folder (\(files) file\(files == 1 ? "" : "s"))", start)
        case .extra: ("not built any more: the build would remove this file", start)
        case .notRegular: ("not a file the build wrote (a link, a device, or a folder where a file goes): the build would replace it", start)
        case .notBuilt(let files, false, true, 0): ("not built any more: an earlier build wrote this folder (\(files) file\(files == 1 ? "" : "s")) and no export writes it now; `larder build --prune` removes the files Larder wrote in it", start)
        case .notBuilt(let files, false, true, let kept): ("not built any more: an earlier build wrote this folder (\(files) file\(files == 1 ? "" : "s")) and no export writes it now; `larder build --prune` removes the files Larder wrote in it, but not the \(kept) that changed since", start)
        case .notBuilt(let files, false, false, _): ("not built any more: an earlier build wrote this folder (\(files) file\(files == 1 ? "" : "s")) and no export writes it now; the record does not list the files Larder wrote in it (an older Larder built it), so `larder build --prune` leaves it: remove it by hand if nothing uses it", start)
        case .notBuilt(_, true, true, _): ("not built any more: an earlier build wrote this file and no export writes it now; `larder build --prune` removes it", start)
        case .notBuilt(_, true, false, _): ("not built any more: an earlier build wrote this file and no export writes it now; it changed since, so remove it by hand if nothing uses it", start)
        }
        return Diagnostic(ruleID: outOfDate.id, severity: .error, message: message, file: file, start: at)
    }

    func report(_ diagnostics: [Diagnostic], files: Int, locators: [PathKey: SourceLocator], sources: SourceProvider? = nil, reporter: any Reporter,
                registry: PluginRegistry, cwd: String) {
        let context = ReportContext(
            colorEnabled: output.colorEnabled(), workingDirectory: cwd,
            sources: sources ?? SourceProvider.locators(locators).fallback(to: .files(relativeTo: cwd)),
            toolVersion: larderVersion, rules: ReportIDs.rules(of: registry))
        writeStandardOutput(reporter.report(diagnostics, summary: DiagnosticSummary(diagnostics, filesChecked: files), context: context))
    }

    /// Progress lines on standard error when it is a terminal (`[3/7] export xcstrings`);
    /// nothing otherwise. A streamed build is three steps, the first of which loads, lints
    /// and exports every file: its line is left open and rewritten in place with the files
    /// done (`[1/3] load, lint and export (1,200/2,000 files)`), at most ten times a second,
    /// and ended with their number. A line left open is ended before the next step's and
    /// before the report (``close()``). The count needs a terminal that says what it is
    /// (`TERM` set and not `dumb`; Xcode's console sets none): elsewhere the steps' lines
    /// are written alone.
    ///
    /// Not `Sendable`: the builds call their progress from their own task, never from the
    /// tasks they start.
    final class Progress {
        private let enabled: Bool
        private let live: Bool
        private let write: (String) -> Void
        private var total = 0
        /// The step whose line is open (written without its line break), if one is.
        private var open: (index: Int, name: String)?
        private var counted = false
        private var lastUpdate: UInt64 = 0

        init(enabled: Bool, live: Bool = ProcessInfo.processInfo.environment["TERM"].map { !$0.isEmpty && $0 != "dumb" } ?? false,
             write: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
            (self.enabled, self.live, self.write) = (enabled, live, write)
        }

        /// Starts a run of `total` steps (the whole-content path after a stream that gave up
        /// starts again at 1).
        func begin(steps total: Int) {
            self.total = total
        }

        func show(_ index: Int, _ name: String) {
            guard enabled else { return }
            endLine()
            write("[\(index + 1)/\(total)] \(name)\n")
        }

        /// ``show(_:_:)`` for a step whose files ``files(_:of:)`` counts: on a terminal that
        /// can take it, the line stays open for the count.
        func showCounting(_ index: Int, _ name: String) {
            guard enabled, live else { return show(index, name) }
            endLine()
            write("[\(index + 1)/\(total)] \(name)")
            (open, counted) = ((index, name), false)
        }

        /// The files done of the open step's `count`: its line is rewritten with them, and
        /// ended when every file is done.
        func files(_ done: Int, of count: Int) {
            guard enabled, let (index, name) = open else { return }
            let now = DispatchTime.now().uptimeNanoseconds
            if done < count, counted, now - lastUpdate < 100_000_000 { return }
            (lastUpdate, counted) = (now, true)
            let head = "\r[\(index + 1)/\(total)] \(name)"
            if done < count {
                write("\(head) (\(Self.number(done))/\(Self.number(count)) files)\u{1B}[K")
            } else {
                write("\(head) (\(Self.number(count)) \(count == 1 ? "file" : "files"))\u{1B}[K\n")
                open = nil
            }
        }

        /// Ends a line left open (a stream that stopped before its last file).
        func close() {
            endLine()
        }

        private func endLine() {
            guard open != nil else { return }
            write("\n")
            open = nil
        }

        /// `12,000`: digits grouped by threes, the same in every locale of the terminal.
        static func number(_ n: Int) -> String {
            var digits = Array(String(n))
            var i = digits.count - 3
            while i > 0 {
                digits.insert(",", at: i)
                i -= 3
            }
            return String(digits)
        }
    }
}
