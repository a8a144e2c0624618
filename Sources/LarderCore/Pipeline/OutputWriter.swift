import Foundation
import LarderJSON

/// Writes a build's artifacts so that a crash or a kill half-way never leaves half a
/// bundle: everything is written into a staging folder first, then each output (a folder,
/// or a single file) is renamed into place, the previous one removed only after.
///
/// Every path is checked: outputs stay inside the base folder, artifact paths stay inside
/// their output, and an existing folder is replaced only when Larder wrote it (it holds a
/// `.larder-output` marker), it is empty, or it holds nothing but outputs the build record
/// lists, as the build left them (``record``).
public struct OutputWriter: Sendable {
    /// One output of the build: where it goes (relative to the base folder) and its files
    /// (relative to the output folder; for a single-file output, one artifact whose path is
    /// ignored).
    public struct Output: Sendable {
        public var path: String
        public var isFile: Bool
        public var artifacts: [Artifact]
        /// The marker file written at the top of a folder output: ``OutputWriter/marker``
        /// for a build's output, which is then never read as content. An output that *is*
        /// content (`larder import --out`) gives another name (``importMarker``), which
        /// says only that Larder may replace the folder. An existing folder may be replaced
        /// when it is empty or holds this marker or ``OutputWriter/marker``.
        public var marker: String

        public init(path: String, isFile: Bool, artifacts: [Artifact], marker: String = OutputWriter.marker) {
            self.path = path
            self.isFile = isFile
            self.artifacts = artifacts
            self.marker = marker
        }
    }

    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The marker file that says a folder is Larder's output.
    public static let marker = ".larder-output"

    /// The marker of a folder `larder import --out` wrote: Larder may replace the folder
    /// with the next import, but its files are content (unlike ``marker``, it does not
    /// hide the folder from lint and build).
    public static let importMarker = ".larder-import"

    /// The absolute base folder outputs are relative to.
    public let base: String
    /// Project-relative paths that no output may cover (content, config, schemas and the
    /// files they `$ref`).
    public let protected: [String]
    /// Where ``base`` lies against the project (``OutputPlacement/project``: it is the
    /// project), so that ``protected`` and the project's `.git` and `.larder-cache` are
    /// kept whatever `--out` is.
    public var placement: OutputPlacement = .project

    /// Single-file outputs (normalized paths) an earlier build recorded writing
    /// (``OutputRecord``): replaced whatever they hold.
    public var recordedFiles: Set<String> = []

    /// The record of the config's builds (``OutputRecord``): a folder without Larder's
    /// marker that holds nothing but outputs it lists under ``base``, as the build left them
    /// (and folders on the way to them), may be replaced: an `out` moved back from
    /// `dist/json/v2` to `dist/json`. One that holds more is refused, naming them. Read only
    /// when such a folder is in the way.
    public var record: OutputRecord?

    public init(base: String, protected: [String] = []) {
        self.base = base
        self.protected = protected
    }

    /// Checks every output before anything is written.
    public func check(_ outputs: [Output]) throws(WriteError) {
        var seen: [String] = []
        for output in outputs { try check(output, after: &seen) }
    }

    /// Checks one output against the rules and against the outputs before it (`seen`, their
    /// normalized paths; the output's path is added).
    /// A build that only compares (``Staging/differences()``) is checked the same way: it
    /// reads no file through a link, and says what the build itself would say.
    func check(_ output: Output, after seen: inout [String], streamed: Bool = false) throws(WriteError) {
        guard let normalized = Self.normalizedInside(output.path) else {
            throw WriteError("the output '\(output.path)' \(Self.mustBeInside)")
        }
        guard !seen.contains(normalized) else { throw WriteError("two exports write to '\(output.path)'") }
        // As macOS and Windows see them: `dist/json` and `dist/JSON` are one folder there, and
        // on Windows `dist/json.` and `dist/json ` too.
        let folded = Self.sameNameKey(normalized)
        if let other = seen.first(where: { Self.sameNameKey($0) == folded }) {
            throw WriteError("the outputs '\(other)' and '\(normalized)' \(Self.onePlace(other, normalized))")
        }
        for other in seen where Self.sameNameKey(other).hasPrefix(folded + "/") || folded.hasPrefix(Self.sameNameKey(other) + "/") {
            throw WriteError("the outputs '\(other)' and '\(normalized)' overlap")
        }
        seen.append(normalized)
        if let name = Self.markerName(normalized) {
            throw WriteError("the output '\(output.path)' \(Self.namedAsMarker(name))")
        }
        if let folder = Self.reservedFolder(normalized) {
            throw WriteError("the output '\(output.path)' is in '\(folder)', which is \(Self.whose(folder)) folder; choose another `out`")
        }
        if placement.coversProject(normalized) {
            throw WriteError("the output '\(output.path)' would replace the project folder; choose another `out` or --out")
        }
        // Compared where the output lands in the project, wherever the base is (`--out`).
        if let inProject = placement.inProject(normalized) {
            if inProject != normalized, let folder = Self.reservedFolder(inProject) {
                throw WriteError("the output '\(output.path)' is in the project's '\(folder)', which is \(Self.whose(folder)) folder; choose another `out` or --out")
            }
            let foldedInProject = Self.sameNameKey(inProject)
            for p in protected where Self.sameNameKey(p) == foldedInProject || Self.sameNameKey(p).hasPrefix(foldedInProject + "/") {
                throw WriteError("the output '\(output.path)' would replace '\(p)', which is part of the project's content or config")
            }
        }
        if output.isFile && output.artifacts.count != 1 && !streamed {
            throw WriteError("the output '\(output.path)' is a file, but the export made \(output.artifacts.count) files; give a folder")
        }
        // A link on the way would take the files wherever it leads, outside the project
        // included ("out: lnk/po" with lnk -> /tmp wrote /tmp/po): every folder on the
        // output's path, and the output itself, must be a real one.
        var prefix = base
        for component in normalized.split(separator: "/") {
            prefix += (prefix.hasSuffix("/") ? "" : "/") + component
            var info = stat()
            guard lstat(prefix, &info) == 0 else { break }  // not there yet: made by the build
            let here = String(prefix.dropFirst(base.count).drop { $0 == "/" })
            if (info.st_mode & S_IFMT) == S_IFLNK {
                throw WriteError("the output '\(output.path)' goes through the link '\(here)'; Larder writes only into real folders inside the project")
            }
            // A file where a folder on the way goes: found here, before anything lands (the
            // commit failed on it after putting the outputs before it in place).
            if here != normalized && (info.st_mode & S_IFMT) != S_IFDIR {
                throw WriteError("'\(here)' is a file, where the output '\(output.path)' needs a folder; remove it or choose another `out`")
            }
        }
        let target = absolute(normalized)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                if output.isFile { throw WriteError("'\(output.path)' is a folder; the export writes a file there") }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
                if !names.isEmpty && !names.contains(Self.marker) && !names.contains(output.marker) {
                    try checkHeld(output, normalized: normalized)
                }
            } else if !output.isFile {
                throw WriteError("'\(output.path)' is a file; the export writes a folder there")
            } else if !recordedFiles.contains(normalized), !Self.isStringCatalog(target) {
                // `out: images/negroni.png` for a String Catalog replaced the picture, and
                // `out: package.json` the project's package.json (it was enough to be JSON).
                let example = normalized == Self.exampleCatalog ? "" : ", such as \(Self.exampleCatalog)"
                throw WriteError("'\(output.path)' exists and is neither a String Catalog (a JSON object with \"sourceLanguage\" and \"strings\") nor a file a build recorded writing, so the build leaves it as it is; give the String Catalog another `out`\(example)")
            }
        }
        for artifact in output.artifacts {
            do {
                try Artifact.validate(path: artifact.path)
            } catch {
                throw WriteError("\(error)")
            }
            if !output.isFile { try Self.checkNotMarker(artifact.path, output: output.path, marker: output.marker) }
        }
        try Self.checkClashes(output)
    }

    /// Throws unless the folder at `normalized` (there, and without Larder's marker) holds
    /// nothing but outputs the record lists, as the build left them (``record``): the
    /// message names the outputs it holds and what else is in it, or says the folder is not
    /// Larder's when it holds no recorded output.
    func checkHeld(_ output: Output, normalized: String) throws(WriteError) {
        let inside = (record?.entries(base: base) ?? []).filter { $0.path.hasPrefix(normalized + "/") }
        guard !inside.isEmpty, let held = OutputRecord.held(in: normalized, base: base, recorded: inside) else {
            throw WriteError("'\(output.path)' exists and was not written by Larder (no \(output.marker) in it); remove it or choose another `out`")
        }
        guard !held.isTaken else { return }
        func list(_ paths: [String]) -> String {
            let shown = paths.prefix(3).map { "'\($0)'" }
            let rest = paths.count - shown.count
            if rest > 0 { return shown.joined(separator: ", ") + " and \(rest) more" }
            return shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + shown[shown.count - 1]
        }
        var also: [String] = []
        if !held.notWritten.isEmpty { also.append("\(list(held.notWritten)), which Larder did not write") }
        if !held.changed.isEmpty { also.append("\(list(held.changed)), which \(held.changed.count == 1 ? "was" : "were") modified or touched since Larder wrote \(held.changed.count == 1 ? "it" : "them")") }
        if !held.unlisted.isEmpty {
            also.append("the files of \(list(held.unlisted)), which the record does not list (an older Larder wrote \(held.unlisted.count == 1 ? "it" : "them"))")
        }
        let one = held.notWritten.count + held.changed.count == 1 && held.unlisted.isEmpty
        throw WriteError("'\(output.path)' holds \(list(held.outputs)), \(held.outputs.count == 1 ? "an output" : "outputs") an earlier build of this config wrote, but also \(also.joined(separator: ", and ")): the build replaces '\(output.path)' whole, so move \(one ? "it" : "them") elsewhere, or choose another `out`")
    }

    /// What an output path outside the project is told (by lint at the `out`, and here).
    static let mustBeInside = "must be a folder or file inside the project (no '..', no absolute path, not the project itself)"

    /// An output path normalized, or nil when it leaves the project or is the project itself.
    static func normalizedInside(_ path: String) -> String? {
        guard ProjectPath.isInside(path), let normalized = ProjectPath.normalize(path), !normalized.isEmpty else { return nil }
        return normalized
    }

    /// The folder of Larder's or git's that a normalized output path lies in, if any: the
    /// lint cache and the build record (a build there wiped the cache, and every later
    /// `build --check` failed), staging folders, and `.git`.
    public static func reservedFolder(_ normalized: String) -> String? {
        let top = normalized.split(separator: "/").first.map(String.init) ?? normalized
        // As macOS and Windows see it: `.Git` is git's folder there, and on Windows `.git.` too.
        let folded = sameNameKey(top)
        return folded == FactCache.folderName.lowercased() || folded.hasPrefix(".larder-staging-") || folded == ".git" ? top : nil
    }

    /// Whose the folder ``reservedFolder(_:)`` found is: "git's" or "Larder's own".
    static func whose(_ folder: String) -> String {
        sameNameKey(folder) == ".git" ? "git's" : "Larder's own"
    }

    /// The segment of a normalized output path that is named as ``marker`` (in any case, one
    /// name on macOS and Windows, and with dots or spaces after it, one name on Windows:
    /// ``sameNameKey(_:)``), if any: the folder holding it would be taken for a build's
    /// output, and its content never read again.
    public static func markerName(_ normalized: String) -> String? {
        normalized.split(separator: "/").first { sameNameKey(String($0)) == marker }.map(String.init)
    }

    /// What an output named as the marker is told (by lint at the `out`, and here).
    static func namedAsMarker(_ name: String) -> String {
        "is named '\(name)', Larder's mark of its output folders: the folder holding it would never be read as content again; choose another `out`"
    }

    /// Why two outputs that differ only in case cannot both be.
    static let oneFolderWithoutCase = "on macOS and Windows, whose file systems ignore case, they are one place; give each export its own `out`"

    /// How two output paths of one ``sameNameKey(_:)`` differ, and why they cannot both be:
    /// `differ only in case: on macOS and Windows, …`.
    static func onePlace(_ a: String, _ b: String) -> String {
        if a.lowercased() == b.lowercased() { return "differ only in case: \(oneFolderWithoutCase)" }
        let (how, windows) = sameNameDifference(a, b)
        return "differ only in \(how): on Windows, which \(windows), they are one place; give each export its own `out`"
    }

    /// How two paths of one ``sameNameKey(_:)`` that are not the same but for case differ,
    /// and what Windows does that makes them one: ("the dots and spaces that end a name",
    /// "drops those"), and with case as well.
    static func sameNameDifference(_ a: String, _ b: String) -> (how: String, windows: String) {
        trimmedNames(a) == trimmedNames(b)
            ? ("the dots and spaces that end a name", "drops those")
            : ("case and in the dots and spaces that end a name", "ignores case and drops those")
    }

    /// The spelling of a path as macOS and Windows compare names: without case (`dist/JSON`
    /// is their `dist/json`), and each name without the dots and spaces that end it, which
    /// Windows drops (`dist/json.` and `dist/json ` are its `dist/json`; `.git.` is git's
    /// folder). A name of dots and spaces alone (`...`) is kept as it is.
    static func sameNameKey(_ path: String) -> String {
        trimmedNames(path.lowercased())
    }

    /// `path` with each name's ending dots and spaces taken off (see ``sameNameKey(_:)``).
    static func trimmedNames(_ path: String) -> String {
        let bytes = path.utf8
        // Most paths have none: they are given back as they are, without a copy.
        var any = false
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") && (previous == UInt8(ascii: ".") || previous == UInt8(ascii: " ")) { any = true; break }
            previous = byte
        }
        if !any, previous != UInt8(ascii: ".") && previous != UInt8(ascii: " ") { return path }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { name -> Substring in
            var end = name.endIndex
            while end > name.startIndex, let last = name[..<end].last, last == "." || last == " " {
                end = name.index(before: end)
            }
            return end == name.startIndex ? name : name[..<end]
        }.joined(separator: "/")
    }

    /// The `out` a refusal of ``isStringCatalog(_:)`` gives as an example.
    static let exampleCatalog = "dist/ios/Content.xcstrings"

    /// Whether the file at `path` is a String Catalog: a JSON object with a string
    /// `sourceLanguage` and an object `strings`, what the one single-file export of Larder
    /// (`xcstrings`) writes, and what Xcode writes. Any other file (a picture, a README, and
    /// other JSON: package.json, tsconfig.json) is not replaced unless a build recorded
    /// writing it.
    static func isStringCatalog(_ path: String) -> Bool {
        guard let bytes = try? FileBytes.read(path), let json = try? JSONDocument(parsing: bytes), json.kind(json.root) == .object,
              let language = json.member(json.root, "sourceLanguage"), json.kind(language) == .string,
              let strings = json.member(json.root, "strings"), json.kind(strings) == .object
        else { return false }
        return true
    }

    /// Throws when an export's file, or a folder of its path, would take the place of the
    /// marker (``marker`` at the top of a folder output, in any case: one file on macOS and
    /// Windows): it would replace the mark that says the folder is Larder's, or be replaced
    /// by it. (A folder of that name failed when the build wrote into it: "Not a directory".)
    static func checkNotMarker(_ path: String, output: String, marker: String = OutputWriter.marker) throws(WriteError) {
        let top = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        guard top.lowercased() == Self.marker || top.lowercased() == marker.lowercased() else { return }
        if top == path {
            throw WriteError("the export made a file '\(path)' at the top of the output '\(output)': that name is Larder's mark of its output folders; give the file another name or put it in a folder")
        }
        throw WriteError("the export made a folder '\(top)' at the top of the output '\(output)' (for '\(path)'): that name is Larder's mark of its output folders; give the folder another name or put it in another folder")
    }

    /// Throws when two of the output's files cannot both be written: one path given twice,
    /// or a file where another file's folder goes (`a` and `a/b.txt`). The paths are named
    /// as the export gave them (they are valid ones, so each is its own normal form), the
    /// one given first first.
    static func checkClashes(_ output: Output) throws(WriteError) {
        guard output.artifacts.count > 1 else { return }
        var clashes = PathClashes(output: output.path)
        for artifact in output.artifacts {
            guard try clashes.add(artifact.path) else {
                throw WriteError("the output '\(output.path)' would get the file '\(artifact.path)' twice")
            }
        }
    }

    /// The files of one output so far, for the clashes a file system would make of them:
    /// two paths that differ only in case (ids `Negroni` and `negroni`) are one file on
    /// macOS and Windows, where one would replace the other, as are, on Windows, two that
    /// differ in the dots and spaces that end a name (`a.json` and `a.json.`); and a file
    /// `A` is where a folder `a` (or `A`, or `a.`) of another path would go. The whole
    /// output's check (``checkClashes(_:)``) and the streamed build's sink, which learns its
    /// paths one by one, both ask this, so they refuse the same outputs with the same words.
    /// (Two encodings of one accent are one `String`, so one path given twice.)
    struct PathClashes {
        let output: String
        /// The paths, and the folders on their way (with the first path through each), by
        /// their spelling as macOS and Windows compare names (``sameNameKey(_:)``).
        private var files: [String: String] = [:]
        private var folders: [String: (folder: String, path: String)] = [:]

        init(output: String) { self.output = output }

        /// Where two names of one ``sameNameKey(_:)`` are one: "on macOS and Windows" when
        /// they differ only in case, else "on Windows".
        static func whereOne(_ a: String, _ b: String) -> String {
            a.lowercased() == b.lowercased() ? "on macOS and Windows" : "on Windows"
        }

        /// Adds `path`: false when it was added before; throws when it clashes with a path
        /// added before (which the message names first).
        mutating func add(_ path: String) throws(WriteError) -> Bool {
            let key = OutputWriter.sameNameKey(path)
            if let other = files[key] {
                guard other != path else { return false }
                if other.lowercased() == path.lowercased() {
                    throw WriteError("the files '\(other)' and '\(path)' of the output '\(output)' differ only in case: on macOS and Windows they are one file, and one would replace the other")
                }
                let (how, windows) = OutputWriter.sameNameDifference(other, path)
                throw WriteError("the files '\(other)' and '\(path)' of the output '\(output)' differ only in \(how): on Windows, which \(windows), they are one file, and one would replace the other")
            }
            if let (folder, other) = folders[key] {
                throw WriteError(folder == path
                    ? "the files '\(other)' and '\(path)' of the output '\(output)' clash: '\(path)' cannot be both a file and a folder"
                    : "the files '\(other)' and '\(path)' of the output '\(output)' clash: \(Self.whereOne(path, folder)) '\(path)' and '\(folder)' are one name, which cannot be both a file and a folder")
            }
            var slash = path.utf8.startIndex
            while let next = path.utf8[slash...].firstIndex(of: UInt8(ascii: "/")) {
                let folder = String(path[..<next])
                let folderKey = OutputWriter.sameNameKey(folder)
                if let file = files[folderKey] {
                    throw WriteError(file == folder
                        ? "the files '\(file)' and '\(path)' of the output '\(output)' clash: '\(folder)' cannot be both a file and a folder"
                        : "the files '\(file)' and '\(path)' of the output '\(output)' clash: \(Self.whereOne(file, folder)) '\(file)' and '\(folder)' are one name, which cannot be both a file and a folder")
                }
                if folders[folderKey] == nil { folders[folderKey] = (folder, path) }
                slash = path.utf8.index(after: next)
            }
            files[key] = path
            return true
        }
    }

    /// Writes all outputs: staged first, then renamed into place.
    public func write(_ outputs: [Output]) throws(WriteError) {
        try check(outputs)
        var staging = try begin()
        defer { staging.discard() }
        for output in outputs { try staging.stage(output) }
        try staging.commit()
    }

    /// Starts a staged write: outputs are staged one by one as they are made (so their
    /// bytes need not stay in memory until the last is ready) and land together in
    /// ``Staging/commit()``. Call ``Staging/discard()`` when done, committed or not.
    ///
    /// The staging folder is made in the base folder, so that outputs land with a rename;
    /// a build that only compares (``Staging/differences()``) stages in `temporaryFolder`
    /// instead and writes nothing in the project.
    public func begin(in temporaryFolder: String? = nil) throws(WriteError) -> Staging {
        let fm = FileManager.default
        if let temporaryFolder {
            let parent = temporaryFolder.hasSuffix("/") ? temporaryFolder : temporaryFolder + "/"
            // Those of checks that were killed first, as in the project below; and only when an
            // hour old, as the temporary folder may be shared with processes this one cannot
            // see (another container's), whose checks would look killed.
            let hourAgo = Date().addingTimeInterval(-3600)
            for name in (try? fm.contentsOfDirectory(atPath: temporaryFolder)) ?? [] where name.hasPrefix("larder-check-") {
                guard let owner = Self.stagingOwner(name), owner != getpid(), !Self.isRunning(owner),
                      let modified = (try? fm.attributesOfItem(atPath: parent + name))?[.modificationDate] as? Date, modified < hourAgo else { continue }
                try? fm.removeItem(atPath: parent + name)
            }
            let staging = parent + "larder-check-\(getpid())-\(UUID().uuidString)"
            do {
                try fm.createDirectory(atPath: staging, withIntermediateDirectories: false)
            } catch {
                throw WriteError("cannot create a staging folder in \(temporaryFolder): \(error.localizedDescription)")
            }
            ActiveStaging.shared.add(staging)
            return Staging(writer: self, folder: staging)
        }
        // Staging folders of builds that were killed are removed first; one whose build is
        // still running (its process id is in the name) is left alone, as a build now stages
        // while it exports.
        for name in (try? fm.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix(".larder-staging-") {
            if let owner = Self.stagingOwner(name), owner != getpid(), Self.isRunning(owner) { continue }
            try? fm.removeItem(atPath: absolute(name))
        }
        let staging = absolute(".larder-staging-\(getpid())-\(UUID().uuidString)")
        // The folders this makes on the way (`--out build-out` that does not exist yet): a
        // build that lands nothing removes them again, so a failed build leaves no empty
        // output folder behind.
        var made: [String] = []
        var missing = URL(fileURLWithPath: base).standardizedFileURL.path
        while !missing.isEmpty, missing != "/", !fm.fileExists(atPath: missing) {
            made.append(missing)
            missing = (missing as NSString).deletingLastPathComponent
        }
        do {
            try fm.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw WriteError("cannot create a staging folder in \(base): \(error.localizedDescription)")
        }
        ActiveStaging.shared.add(staging)
        var started = Staging(writer: self, folder: staging)
        started.madeFolders = made
        return started
    }

    /// A write in progress: what is staged is not in place until ``commit()``.
    public struct Staging: Sendable {
        let writer: OutputWriter
        let folder: String
        /// Normalized paths of the staged outputs, in order.
        private(set) var staged: [String] = []
        /// The folders ``OutputWriter/begin(in:)`` made for the staging folder, deepest
        /// first: ``discard()`` removes those left empty.
        var madeFolders: [String] = []

        init(writer: OutputWriter, folder: String) {
            self.writer = writer
            self.folder = folder
        }

        /// Checks `output` (also against the outputs staged before it) and writes it into
        /// the staging folder.
        public mutating func stage(_ output: Output) throws(WriteError) {
            try writer.check(output, after: &staged)
            let stagedRoot = folder + "/\(staged.count - 1)"
            // A failure names the file as the export gave it, never the staging folder.
            if output.isFile {
                if let reason = OutputWriter.write(output.artifacts[0].bytes, to: stagedRoot) {
                    throw WriteError("cannot write the output '\(output.path)': \(reason)")
                }
                return
            }
            if let reason = OutputWriter.write([], to: stagedRoot + "/" + output.marker) {
                throw WriteError("cannot write the output '\(output.path)': \(reason)")
            }
            for artifact in output.artifacts {
                if let reason = OutputWriter.write(artifact.bytes, to: stagedRoot + "/" + artifact.path) {
                    throw WriteError("cannot write '\(artifact.path)' in the output '\(output.path)': \(reason)")
                }
            }
        }

        /// Checks an output that an ``ExportStream`` writes file by file and returns the sink
        /// it writes through (its files are in place with the others at ``commit()``).
        public mutating func stream(path: String, isFile: Bool) throws(WriteError) -> ExportSink {
            try writer.check(Output(path: path, isFile: isFile, artifacts: []), after: &staged, streamed: true)
            let stagedRoot = folder + "/\(staged.count - 1)"
            if !isFile, let reason = OutputWriter.write([], to: stagedRoot + "/" + OutputWriter.marker) {
                throw WriteError("cannot write the output '\(path)': \(reason)")
            }
            return ExportSink(root: stagedRoot, isFile: isFile, output: path)
        }

        /// Swaps every staged output into place with renames; a failure before this left
        /// the previous outputs untouched. A failure names the output and the system's reason.
        public func commit() throws(WriteError) {
            guard ActiveStaging.shared.beginCommit() else { throw WriteError("the build was interrupted; nothing was put in place") }
            defer { ActiveStaging.shared.endCommit() }
            var landed: [Landed] = []
            do {
                // Two builds of one project at once (an editor's watcher and a terminal)
                // each put their outputs in place one by one: without a lock, the project
                // could end with one export from each build, both exiting 0. The base
                // folder itself is locked (no file is left behind; the system drops the
                // lock of a build that is killed), so one build's outputs land whole,
                // before or after the other's.
                let lock = open(writer.base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                defer { if lock >= 0 { close(lock) } }
                if lock >= 0 {
                    while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
                }
                for (i, normalized) in staged.enumerated() {
                    do {
                        landed.append(try land(i, normalized))
                    } catch {
                        // The outputs already put in place go back, the last first: a failed
                        // build leaves every previous output whole, never some old and some new.
                        for done in landed.reversed() { done.undo() }
                        throw error
                    }
                }
            }
            for done in landed { done.finish() }
        }

        /// An output put in place by ``land(_:_:)``.
        struct Landed {
            /// Where the output is.
            var target: String
            /// Where the new output came from (the staging folder, or a copy beside its place).
            var new: String
            /// Where the previous output is now, if there was one.
            var old: String?
            /// Whether the two were exchanged in one step (the previous output is then at `new`).
            var exchanged: Bool
            /// The folders made beside the output's place (on another file system than the
            /// project's) to remove once done.
            var beside: [String]

            /// Puts the previous output back in place (or, when there was none, takes the
            /// new one away), for a commit that failed on a later output.
            func undo() {
                if exchanged {
                    if !OutputWriter.exchange(new, target) {
                        let aside = new + "-undone"
                        if rename(target, aside) == 0 { rename(new, target) }
                        try? FileManager.default.removeItem(atPath: aside)
                    }
                } else {
                    rename(target, new)
                    if let old { rename(old, target) }
                }
                finish()
            }

            /// Removes what is left beside the output (the previous output, after a copy).
            func finish() {
                for path in beside {
                    try? FileManager.default.removeItem(atPath: path)
                    ActiveStaging.shared.remove(path)
                }
            }
        }

        /// Puts the staged output `i` (at `normalized`) in place, exchanging it with the
        /// previous one where the system can, so there is no moment without an output.
        ///
        /// A rename cannot cross file systems: when the output's folder is on another one
        /// than the staging folder (a volume mounted inside the project), the new output is
        /// first copied beside its place, on that file system, and exchanged there. Until
        /// then the previous output is untouched, so a full volume fails the build and
        /// leaves it whole. An output that is itself a mount point cannot be renamed, and
        /// is refused before anything moves.
        func land(_ i: Int, _ normalized: String, copying: Bool = false) throws(WriteError) -> Landed {
            let target = writer.absolute(normalized)
            let parent = (target as NSString).deletingLastPathComponent
            func failure(_ reason: String) -> WriteError { WriteError("cannot write the output '\(normalized)': \(reason)") }
            /// A rename refused for want of permission: the output is replaced whole, by a
            /// rename, which needs the output and the folder that holds it to be writable.
            func reason(_ code: Int32) -> String {
                guard code == EACCES || code == EPERM else { return String(cString: strerror(code)) }
                let holder = (normalized as NSString).deletingLastPathComponent
                return String(cString: strerror(code))
                    + " (a build replaces an output whole, with a rename: '\(normalized)' and the folder that holds it, '\(holder.isEmpty ? "." : holder)', must be writable; no output was changed)"
            }
            let mountPoint = "another file system is mounted there, and a build puts its output in place with a rename, which cannot replace a mount point; mount the volume at the folder above, or choose another `out`"
            if let failed = OutputWriter.makeFolders(parent) { throw failure(String(cString: strerror(failed))) }
            var source = folder + "/\(i)"
            var parentInfo = stat(), sourceInfo = stat(), targetInfo = stat()
            guard stat(parent, &parentInfo) == 0, lstat(source, &sourceInfo) == 0 else { throw failure(String(cString: strerror(errno))) }
            let exists = lstat(target, &targetInfo) == 0
            if exists && targetInfo.st_dev != parentInfo.st_dev { throw failure(mountPoint) }
            var beside: [String] = []
            // Another file system; or one a rename cannot cross all the same (a bind mount,
            // found by the rename's EXDEV).
            if copying || sourceInfo.st_dev != parentInfo.st_dev {
                let copy = parent + "/.larder-staging-\(getpid())-\(UUID().uuidString)"
                ActiveStaging.shared.add(copy)
                beside.append(copy)
                if let reason = OutputWriter.copy(source, to: copy) {
                    Landed(target: target, new: copy, old: nil, exchanged: false, beside: beside).finish()
                    throw failure("\(reason) (its folder is on another file system than the project, so the output is copied there first; the previous output is left as it was)")
                }
                source = copy
            }
            let landed = Landed(target: target, new: source, old: nil, exchanged: false, beside: beside)
            /// After a rename failed with `code` (nothing moved): again by a copy when it
            /// could not cross file systems, else the failure.
            func retry(_ code: Int32) throws(WriteError) -> Landed {
                landed.finish()
                if code == EXDEV && !copying && beside.isEmpty { return try land(i, normalized, copying: true) }
                throw failure(code == EXDEV && exists ? mountPoint : reason(code))
            }
            guard exists else {
                guard rename(source, target) == 0 else { return try retry(errno) }
                return landed
            }
            if OutputWriter.exchange(source, target) {
                return Landed(target: target, new: source, old: source, exchanged: true, beside: beside)
            }
            if errno == EXDEV { return try retry(EXDEV) }
            // The system cannot exchange the two (an older kernel, a file system without
            // it): the previous output is renamed aside, on its file system, then the new one
            // into place, and the previous one put back if that fails.
            let aside = (beside.first ?? folder + "/\(i)") + "-old"
            guard rename(target, aside) == 0 else { return try retry(errno) }
            ActiveStaging.shared.add(aside)
            guard rename(source, target) == 0 else {
                let reason = String(cString: strerror(errno))
                rename(aside, target)
                landed.finish()
                ActiveStaging.shared.remove(aside)
                throw failure(reason)
            }
            return Landed(target: target, new: source, old: aside, exchanged: false, beside: beside + [aside])
        }

        /// Moves the output at `normalized` (a stale one, see ``OutputRecord``) into the
        /// staging folder, so it goes with it in ``discard()`` and an interrupted removal
        /// never leaves half an output in place; nil when done, else why not.
        func removeStale(_ normalized: String, index: Int) -> String? {
            let target = writer.absolute(normalized)
            if rename(target, folder + "/stale-\(index)") == 0 { return nil }
            guard errno == EXDEV else { return String(cString: strerror(errno)) }
            // On another file system (a mount inside the project): removed where it is.
            do {
                try FileManager.default.removeItem(atPath: target)
                return nil
            } catch {
                return (error as NSError).localizedDescription
            }
        }

        /// Removes the files `files` (relative to the stale output folder at `normalized`)
        /// that are not in an output of `keeping`, then the folder's marker and the folders
        /// this left empty: the files a user added stay. Links are never followed. The
        /// reasons of the files that could not be removed (none: done).
        func removeStaleFiles(_ normalized: String, files: [String], keeping: [String]) -> [String] {
            let root = writer.absolute(normalized)
            var failures: [String] = []
            var folders: Set<String> = []
            for file in files where !keeping.contains(where: { file.hasPrefix($0 + "/") }) {
                guard ProjectPath.isInside(file), ProjectPath.normalize(file) == file else { continue }
                // Every folder on the way must be a real one.
                var prefix = root
                var real = true
                for component in file.split(separator: "/").dropLast() {
                    prefix += "/" + component
                    guard OutputCompare.type(prefix) == S_IFDIR else { real = false; break }
                    folders.insert(String(prefix.dropFirst(root.count + 1)))
                }
                guard real, let type = OutputCompare.type(root + "/" + file), type != S_IFDIR else { continue }
                if unlink(root + "/" + file) != 0 && errno != ENOENT {
                    failures.append("'\(file)': \(String(cString: strerror(errno)))")
                }
            }
            guard failures.isEmpty else { return failures }
            unlink(root + "/" + OutputWriter.marker)
            // The deepest first; a folder that still holds something stays.
            for folder in folders.sorted(by: { $0.count > $1.count }) { rmdir(root + "/" + folder) }
            rmdir(root)
            return []
        }

        /// Removes the staging folder (and, after a commit, the previous outputs in it).
        public func discard() {
            try? FileManager.default.removeItem(atPath: folder)
            ActiveStaging.shared.remove(folder)
            // Only an empty folder is removed (rmdir): one an output landed in stays.
            for made in madeFolders where rmdir(made) != 0 { break }
        }
    }

    /// The process id in a staging folder's name (`.larder-staging-<pid>-<uuid>`, or a
    /// check's `larder-check-<pid>-<uuid>`), if any.
    static func stagingOwner(_ name: String) -> pid_t? {
        let prefix = name.hasPrefix("larder-check-") ? "larder-check-" : ".larder-staging-"
        guard name.hasPrefix(prefix) else { return nil }
        let rest = name.dropFirst(prefix.count)
        guard let dash = rest.firstIndex(of: "-") else { return nil }
        return pid_t(rest[..<dash])
    }

    /// True when a process with this id exists (it may belong to another user).
    static func isRunning(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// Atomically exchanges two paths (Linux `renameat2(RENAME_EXCHANGE)`, macOS
    /// `renamex_np(RENAME_SWAP)`); false when the system cannot, and nothing changed.
    public static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 2
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #elseif canImport(Darwin)
        return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
        #else
        return false
        #endif
    }

    func absolute(_ path: String) -> String {
        base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// Copies the file or folder at `source` (a staged output: folders and files only) to
    /// `destination`; nil when done, else the system's reason (`No space left on device`).
    static func copy(_ source: String, to destination: String) -> String? {
        var info = stat()
        guard lstat(source, &info) == 0 else { return String(cString: strerror(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard mkdir(destination, 0o777) == 0 else { return String(cString: strerror(errno)) }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: source) else { return "cannot read the staged output" }
            for name in names.sorted() {
                if let reason = copy(source + "/" + name, to: destination + "/" + name) { return reason }
            }
            return nil
        case S_IFREG:
            guard let data = FileManager.default.contents(atPath: source) else { return "cannot read the staged output" }
            return write(Array(data), to: destination)
        default:
            return "the staged output holds something other than files and folders"
        }
    }

    /// Writes `bytes` to the file at `path`, making its folders; nil when done, else the
    /// system's reason (`File name too long`), which names no path.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
        let folder = (path as NSString).deletingLastPathComponent
        if let failed = makeFolders(folder) { return reason(failed) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return reason(errno) }
        var failed = bytes.withUnsafeBytes { writeAll(fd, $0) }
        if close(fd) != 0 && failed == 0 { failed = errno }
        return failed == 0 ? nil : reason(failed)
    }

    /// Writes all of `bytes` to `fd` (again after an interrupted or short write); 0 when
    /// done, else the error number.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }

    /// Makes the folder at `path` and the ones above it that are missing; nil when done,
    /// else the error number of the step that failed.
    static func makeFolders(_ path: String) -> Int32? {
        var info = stat()
        if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path, let failed = makeFolders(parent) { return failed }
        // Once an interrupt is removing the staging folders, none is made again.
        if ActiveStaging.shared.isInterrupted { return EINTR }
        if mkdir(path, 0o777) == 0 || errno == EEXIST { return nil }
        return errno
    }
}

/// The staging folders of this process's builds and checks, and the temporary files that
/// `scale` and `convert` write an output through, so that an interrupt (Ctrl-C, `SIGTERM`)
/// that ends Larder removes them: a build's staging folder was left in the project, where
/// `git add -A` would take it, a check's in the temporary folder, where nothing removed it,
/// and each interrupted `scale -o out.jsonl` left a `.out.jsonl.larder-<UUID>.tmp` beside
/// its output.
///
/// The interrupt comes on another thread while the build goes on, so the two are ordered
/// here: a commit under way (``OutputWriter/Staging/commit()``) finishes before anything is
/// removed (its renames leave each output whole, old or new; removing the staging folder
/// under it tore outputs apart), a commit that has not begun does not begin, and no folder
/// is made again once the removal starts (the build's next write recreated the folder).
public final class ActiveStaging: @unchecked Sendable {
    public static let shared = ActiveStaging()
    private let lock = NSLock()
    private var folders: Set<String> = []
    private var committing = 0
    private var interrupted = false

    func add(_ folder: String) {
        lock.lock()
        folders.insert(folder)
        lock.unlock()
    }

    func remove(_ folder: String) {
        lock.lock()
        folders.remove(folder)
        lock.unlock()
    }

    /// Adds a temporary file to remove on an interrupt; call it in
    /// ``unlessInterrupted(_:)``, before the file is made.
    public func addTemporaryFile(_ path: String) {
        add(path)
    }

    /// Forgets a temporary file that is gone (renamed into place, or removed).
    public func removeTemporaryFile(_ path: String) {
        remove(path)
    }

    /// Runs `body`, which makes a temporary file or renames one into place, unless an
    /// interrupt has begun: then it runs nothing and returns false. An interrupt that comes
    /// while `body` runs waits for it, as for a build's commit, so an output is whole (old or
    /// new) and no temporary file is made after the removal.
    public func unlessInterrupted(_ body: () throws -> Void) rethrows -> Bool {
        guard beginCommit() else { return false }
        defer { endCommit() }
        try body()
        return true
    }

    /// True once ``discardAll()`` has begun.
    var isInterrupted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return interrupted
    }

    /// Called by a commit before it moves anything: false once an interrupt has begun (the
    /// commit then moves nothing).
    func beginCommit() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !interrupted else { return false }
        committing += 1
        return true
    }

    func endCommit() {
        lock.lock()
        committing -= 1
        lock.unlock()
    }

    /// Removes every staging folder and temporary file of this process, for an interrupt:
    /// after a commit (or a temporary file's rename) under way has finished (waiting up to
    /// 30 s), while the build may still be writing into them (a removal that meets a new
    /// file tries again).
    public func discardAll() {
        lock.lock()
        interrupted = true
        lock.unlock()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            lock.lock()
            let busy = committing > 0
            lock.unlock()
            if !busy { break }
            usleep(10_000)
        }
        lock.lock()
        let all = folders
        folders = []
        lock.unlock()
        for folder in all {
            for _ in 0..<20 where FileManager.default.fileExists(atPath: folder) {
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
    }
}
