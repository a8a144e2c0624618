import Foundation

extension Linter {
    /// What is wrong with the folder `larder build --out` gives (``outputPlacement``), named
    /// as given (`flag`), if anything: each export's output is checked where it lands in the
    /// project, as ``checkSteps()`` checks an `out`, and also against the places the config's
    /// exports write in a build without `--out` and the outputs earlier builds of the
    /// config with another base recorded (`recorded`, project-relative;
    /// ``OutputRecord/outputsInProject(except:)``). The mistake is the flag's, not
    /// larder.yml's: `--out .git` was reported as an error of each export's `out`, and
    /// `--out dist/json` put the outputs inside the output `dist/json`, which the next build
    /// without `--out` replaced whole, taking them with it.
    ///
    /// Nil when `--out` is the project folder (each output then lands at its `out`, which
    /// ``checkSteps()`` checks) and when nothing is wrong. An export whose `out` is wrong in
    /// itself is left to ``checkSteps()``.
    public func outFlagProblem(_ flag: String, recorded: [String]) -> String? {
        guard outputPlacement.baseInProject != "" else { return nil }
        let given = "--out '\(flag)'"
        if let base = outputPlacement.baseInProject {
            if let folder = OutputWriter.reservedFolder(base) {
                return "\(given) is in the project's '\(folder)', which is \(OutputWriter.whose(folder)) folder; give --out a folder outside it"
            }
            if let name = OutputWriter.markerName(base) {
                return "\(given) is named '\(name)', Larder's mark of its output folders: the folder holding it would never be read as content again; give --out another folder"
            }
        }
        let configName = (configFile as NSString).lastPathComponent
        // Each export's `out` (normalized), where it writes without --out.
        var exports: [(path: String, normalized: String, step: PipelineStep, name: String)] = []
        for (i, step) in config.exports.enumerated() {
            // (Without `out`, the build writes to dist/<exporter>.)
            let value = step.options.objectValue?["out"]
            guard let path = value == nil ? "dist/\(step.id)" : value?.stringValue,
                  Self.outputProblem(path) == nil, let normalized = ProjectPath.normalize(path) else { continue }
            exports.append((path, normalized, step, "exports[\(i)] (\(step.id))"))
        }
        let protectedPaths = protectedPaths()
        for export in exports {
            let what = "the output '\(export.path)' of \(export.name)"
            let again = "give --out another folder"
            if outputPlacement.coversProject(export.normalized) {
                return "\(given) puts \(what) over the project folder; \(again)"
            }
            guard let landing = outputPlacement.inProject(export.normalized) else { continue }  // outside the project
            let key = OutputWriter.sameNameKey(landing)
            let at = "\(given) puts \(what) at '\(landing)'"
            if let folder = OutputWriter.reservedFolder(landing) {
                return "\(at), in the project's '\(folder)', which is \(OutputWriter.whose(folder)) folder; \(again)"
            }
            if let kept = protectedPaths.first(where: { OutputWriter.sameNameKey($0) == key || OutputWriter.sameNameKey($0).hasPrefix(key + "/") }) {
                return "\(at), where it would replace '\(kept)', which is part of the project's content or config; \(again)"
            }
            if let exporter = try? registry.exporter(export.step.id), exporter.writesOneFile,
               !export.path.hasSuffix("/"), export.path.split(separator: "/").last?.contains(".") == true, let taken = entryTaking(landing) {
                return "\(at), a file that content[\(taken.index)] (\(taken.entry.kind)) includes: the next lint would read the \(export.step.id) export as content; \(again)"
            }
            let apart = "the two builds would replace each other's files; give --out a folder apart from the outputs of \(configName)"
            let places = exports.map { other in
                (other.normalized, other.normalized == export.normalized ? "where it goes in a build without --out" : "where \(other.name) writes in a build without --out")
            } + recorded.map { ($0, "an output an earlier build of \(configName) wrote") }
            for (place, whose) in places {
                let other = OutputWriter.sameNameKey(place)
                if other == key {
                    return "\(at), \(whose.hasPrefix("where") ? "" : "which is ")\(whose): \(apart)"
                } else if key.hasPrefix(other + "/") {
                    return "\(at), inside '\(place)', \(whose): \(apart)"
                } else if other.hasPrefix(key + "/") {
                    return "\(at), which holds '\(place)', \(whose): \(apart)"
                }
            }
        }
        return nil
    }
}
