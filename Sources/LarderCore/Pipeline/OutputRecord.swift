import Foundation
import LarderJSON

/// The outputs earlier builds of one config wrote, so that a build can tell an output that
/// no export writes any more (an export removed from larder.yml, or its `out` moved from
/// `dist/json` to `dist/bundle`) from everything else in the project: the build warns of
/// it, `larder build --check` reports it, and `larder build --prune` removes it.
///
/// **Why a record.** A build knows what it writes now, not what it wrote before. Looking
/// for `.larder-output` markers instead would mean walking the whole project on every
/// build (an app's repository can hold far more than its content), would miss the
/// single-file outputs (a String Catalog carries no marker), and could not tell which
/// config wrote a folder. So each build that lands records what it wrote, and the next one
/// compares: the same approach as the stale-file removal of other build systems, which keep
/// their record in their own state folder.
///
/// **Where.** `.larder-cache/outputs-<config file name>.json` in the project root, beside
/// the lint cache and ignored by git the same way. One record per config file: two configs
/// in one project (`larder.yml` and `larder-ios.yml`) keep separate records and never call
/// each other's outputs stale; an output another config's record lists is not stale for
/// this one either (an export moved from one config to the other).
///
/// **Bases.** Each entry names the folder its path is relative to: `.` for the project,
/// else the `--out` folder (relative to the project when inside it). A build compares only
/// the entries of its own base, so `larder build --out preview` never calls `dist/json`
/// stale, nor the other way round; entries of other bases whose output is gone are dropped.
///
/// **What is stale.** An entry of the build's base that no export writes now and that does
/// not overlap one it writes, does not hold content or the config, and is still Larder's:
/// a folder reached through real folders only (no link on the way) that holds the
/// `.larder-output` marker, or a regular file. A file carries no marker, so the record keeps
/// its stat data as written; a file changed since (by hand, or rewritten by git) is still
/// reported, but only a file that is as the build left it is removed. An output already
/// deleted, or replaced by something that is not Larder's, is forgotten without a word.
///
/// **Never a file Larder did not write.** A folder's entry lists the files the build wrote
/// in it, each with its size and modification time as the build left it: a listed file
/// whose size or modification time is another now was changed since (a JSON-LD page
/// edited by hand, an editor's save, git rewriting it) and is no longer what Larder wrote.
/// `--prune` removes the whole folder only when it holds nothing else and no listed file
/// changed; a folder that also holds files added since (`dist/json/NOTES.md`) or changed
/// since keeps them: `--prune` removes only the listed files as the build left them and the
/// marker (so the folder is no longer Larder's, and no later build replaces it), leaves the
/// folder and reports the files it kept. A folder whose entry lists no files (recorded by
/// an older Larder) is reported but never removed; a file listed by name alone (the first
/// format of the record) cannot be told changed and is taken as the build left it.
///
/// Size and modification time are what `lstat` gives while the build lists the files for
/// the record anyway, so recording them costs no system call; a content hash would mean
/// reading back every file written (a jsonld export can write 300,000), at every build.
/// They miss only an edit that keeps the size and lands in the same tick of the file
/// system's clock as the build's write (a few milliseconds at most on APFS and ext4), or
/// one whose time was set back by hand.
///
/// **An output moved inside its old folder** (`out: dist/json` to `dist/json/v2`): the old
/// folder's files outside the new output are stale, reported and pruned as above; the new
/// output is left alone.
///
/// **Format.** `{"format": 2, "config": …, "outputs": [{"base", "path", "file" | "files"}]}`,
/// a folder's files one a line as `["en/recipe.json", size, modified]` (nanoseconds since
/// 1970). A record of format 1 (files as names alone) is read as before; one of another
/// format is taken as empty.
///
/// **An output moved back** (`dist/json/v2` to `dist/json`, after `--prune` emptied the
/// old folder): the folder in the way holds no marker, but when it holds nothing but
/// outputs this config's record lists under the base, each as the build left it (a folder
/// with its marker and only its listed files, unchanged; a file with its recorded stat
/// data), and folders on the way to them, the build may replace it; else the refusal
/// names those outputs and what else is there (``held(in:base:recorded:)``).
///
/// **Local.** The record is the knowledge of one checkout: a fresh clone has none, so there
/// `--check` cannot know what an earlier build wrote. The warning of the build that moved
/// the output, and the `larder-build-check` commit hook (which runs `--check` where the
/// record is), stop a stale output before it is committed.
///
/// The record is never part of an output, so it does not change what a build writes. It is
/// written after the outputs landed (temporary file, then rename); a record that cannot be
/// written (a read-only project) is skipped, and one that cannot be read is taken as empty.
public struct OutputRecord: Sendable {
    /// One output a build wrote.
    public struct Entry: Sendable, Hashable {
        /// The folder `path` is relative to: `.` for the project root, else the `--out`
        /// folder (relative to the project root when inside it, else absolute).
        public var base: String
        /// The output's normalized path relative to `base`.
        public var path: String
        /// For a single-file output, its stat data when the build had written it; nil for a
        /// folder.
        public var file: FileStatKey?
        /// For a folder output, the files the build wrote in it (relative to the folder, its
        /// marker not counted), sorted by their bytes, so that `--prune` removes those as the
        /// build left them and never a file added or changed later; nil for a file, or a
        /// folder recorded by a Larder that did not list them.
        public var files: [WrittenFile]?

        public init(base: String, path: String, file: FileStatKey?, files: [WrittenFile]? = nil) {
            self.base = base
            self.path = path
            self.file = file
            self.files = files
        }
    }

    /// A file a build wrote in a folder output, and its size and modification time then.
    public struct WrittenFile: Sendable, Hashable {
        /// Its path relative to the output folder.
        public var path: String
        /// Nil when the record lists it by name alone (written by a Larder that kept no more).
        public var stamp: Stamp?

        public init(path: String, stamp: Stamp?) {
            self.path = path
            self.stamp = stamp
        }
    }

    /// A file's size and modification time (what tells it was changed since).
    public struct Stamp: Sendable, Hashable {
        public var size: Int64
        /// Modification time, in nanoseconds since 1970.
        public var modified: Int64

        public init(size: Int64, modified: Int64) {
            self.size = size
            self.modified = modified
        }

        init(_ info: stat) {
            let key = FileStatKey(info)
            self.init(size: key.size, modified: key.modified)
        }
    }

    /// The format written; 1 (a folder's files by name alone) is still read.
    static let formatVersion = 2

    /// The record file (absolute).
    public let file: String
    /// The absolute project root.
    public let projectRoot: String
    /// The config file's name (`larder.yml`).
    public let configName: String

    public init(projectRoot: String, configName: String) {
        let root = projectRoot.hasSuffix("/") && projectRoot.count > 1 ? String(projectRoot.dropLast()) : projectRoot
        self.projectRoot = root
        self.configName = configName
        let name = String(configName.map { $0 == "/" ? "_" : $0 })
        self.file = root + "/" + FactCache.folderName + "/" + Self.prefix + name + Self.suffix
    }

    static let prefix = "outputs-"
    static let suffix = ".json"

    /// How entries name an output base folder (absolute).
    public func baseKey(_ outputBase: String) -> String {
        let base = outputBase.count > 1 && outputBase.hasSuffix("/") ? String(outputBase.dropLast()) : outputBase
        if base == projectRoot { return "." }
        if base.hasPrefix(projectRoot + "/") { return String(base.dropFirst(projectRoot.count + 1)) }
        return base
    }

    /// The absolute folder an entry's base names.
    func absoluteBase(_ key: String) -> String {
        if key == "." { return projectRoot }
        return key.hasPrefix("/") ? key : projectRoot + "/" + key
    }

    /// The entries of this config's record; empty when there is none or it cannot be read.
    public func load() -> [Entry] {
        Self.decode(FileManager.default.contents(atPath: file))
    }

    /// The outputs this config's record lists under another base than `outputBase`
    /// (absolute) that are in the project now, as project-relative paths: where a build with
    /// this base may not write (``Linter/outFlagProblem(_:recorded:)``), as each build
    /// replaces its outputs whole (`larder build --out dist/json` wrote into the output
    /// `dist/json` of the builds without `--out`, and the next of them removed it all).
    public func outputsInProject(except outputBase: String) -> [String] {
        let key = baseKey(outputBase)
        var found: [String] = []
        for entry in load() where entry.base != key {
            guard ProjectPath.isInside(entry.path), let normalized = ProjectPath.normalize(entry.path), !normalized.isEmpty else { continue }
            let inProject: String?
            if entry.base == "." {
                inProject = normalized
            } else if !entry.base.hasPrefix("/") {
                inProject = entry.base + "/" + normalized
            } else {
                inProject = OutputPlacement(base: entry.base, projectRoot: projectRoot).inProject(normalized)
            }
            var info = stat()
            guard let inProject, !inProject.isEmpty, lstat(projectRoot + "/" + inProject, &info) == 0 else { continue }
            found.append(inProject)
        }
        return found
    }

    /// The entries of the records of the project's other configs.
    func othersEntries() -> [Entry] {
        let folder = (file as NSString).deletingLastPathComponent
        let own = (file as NSString).lastPathComponent
        var found: [Entry] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        where name != own && name.hasPrefix(Self.prefix) && name.hasSuffix(Self.suffix) {
            found += Self.decode(FileManager.default.contents(atPath: folder + "/" + name))
        }
        return found
    }

    /// The entries of every config's record in the project at `projectRoot`.
    public static func allEntries(projectRoot: String) -> [Entry] {
        let root = projectRoot.hasSuffix("/") && projectRoot.count > 1 ? String(projectRoot.dropLast()) : projectRoot
        let folder = root + "/" + FactCache.folderName
        var found: [Entry] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            found += decode(FileManager.default.contents(atPath: folder + "/" + name))
        }
        return found
    }

    /// The entries of a record's bytes; empty when they are not a record of a format this
    /// Larder reads. Read with Larder's own parser: a record can list 300,000 files.
    static func decode(_ data: Data?) -> [Entry] {
        guard let data, let json = try? JSONDocument(parsing: [UInt8](data)), json.kind(json.root) == .object,
            let format = json.member(json.root, "format").flatMap(json.int), (1...formatVersion).contains(format),
            let outputs = json.member(json.root, "outputs"), json.kind(outputs) == .array
        else { return [] }
        func int64(_ node: Int?) -> Int64? {
            guard let node, json.isIntegerLiteral(node) else { return nil }
            return Int64(json.numberLiteral(node))
        }
        return json.elements(outputs).compactMap { o -> Entry? in
            guard json.kind(o) == .object, let base = json.member(o, "base").flatMap(json.string),
                let path = json.member(o, "path").flatMap(json.string)
            else { return nil }
            var stamp: FileStatKey?
            if let f = json.member(o, "file"), json.kind(f) == .object {
                guard let size = int64(json.member(f, "size")), let modified = int64(json.member(f, "modified")),
                    let changed = int64(json.member(f, "changed")), let inode = json.member(f, "inode").flatMap({ json.isIntegerLiteral($0) ? UInt64(json.numberLiteral($0)) : nil })
                else { return nil }
                stamp = FileStatKey(size: size, modified: modified, changed: changed, inode: inode)
            }
            var files: [WrittenFile]?
            if let list = json.member(o, "files"), json.kind(list) == .array {
                var found: [WrittenFile] = []
                found.reserveCapacity(json.count(list))
                for item in json.elements(list) {
                    switch json.kind(item) {
                    case .string:
                        // By name alone (format 1, or an entry carried over from it).
                        if let name = json.string(item) { found.append(WrittenFile(path: name, stamp: nil)) }
                    case .array where format >= 2 && json.count(item) == 3:
                        guard let name = json.element(item, 0).flatMap(json.string), let size = int64(json.element(item, 1)),
                            let modified = int64(json.element(item, 2))
                        else { continue }
                        found.append(WrittenFile(path: name, stamp: Stamp(size: size, modified: modified)))
                    default:
                        continue
                    }
                }
                files = found
            }
            return Entry(base: base, path: path, file: stamp, files: files)
        }
    }

    /// The record's bytes: pretty JSON, a folder's files one a line.
    static func encode(_ entries: [Entry], configName: String) -> Data {
        let writer = JSONWriter.compact
        var out: [UInt8] = []
        func text(_ s: String) { out += s.utf8 }
        func string(_ s: String) { writer.writeString(s, into: &out) }
        text("{\n  \"config\": ")
        string(configName)
        text(",\n  \"format\": \(formatVersion),\n  \"outputs\": [")
        for (i, e) in entries.enumerated() {
            text(i == 0 ? "\n    {\"base\": " : ",\n    {\"base\": ")
            string(e.base)
            text(", \"path\": ")
            string(e.path)
            if let f = e.file {
                text(", \"file\": {\"changed\": \(f.changed), \"inode\": \(f.inode), \"modified\": \(f.modified), \"size\": \(f.size)}")
            }
            if let files = e.files {
                text(", \"files\": [")
                for (j, file) in files.enumerated() {
                    text(j == 0 ? "\n      " : ",\n      ")
                    if let stamp = file.stamp {
                        text("[")
                        string(file.path)
                        text(", \(stamp.size), \(stamp.modified)]")
                    } else {
                        string(file.path)
                    }
                }
                text(files.isEmpty ? "]" : "\n    ]")
            }
            text("}")
        }
        text(entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return Data(out)
    }

    /// Replaces the record with `entries`; false when it cannot be written. Nothing is
    /// written when there is nothing to record and no record yet.
    @discardableResult
    public func save(_ entries: [Entry]) -> Bool {
        if entries.isEmpty && access(file, F_OK) != 0 { return true }
        // Written as the lint cache is: the folder (with its .gitignore) made when missing,
        // a temporary file beside the record, then a rename.
        let writer = FactCache(file: file, salt: "")
        guard let pending = writer.beginWrite() else { return false }
        return writer.commit(pending, [UInt8](Self.encode(entries, configName: configName)))
    }

    // MARK: - Stale outputs

    /// What is at an entry's place now.
    enum Found {
        /// Nothing, or something that is not Larder's output: the entry is forgotten.
        case gone
        /// Larder's output folder, with these files (relative to it, its marker not counted)
        /// and their size and modification time now.
        case folder(files: [WrittenFile])
        /// A regular file; `unchanged` when its stat data is the recorded one.
        case file(unchanged: Bool)
    }

    /// What is at `entry`'s place under the absolute `base`: links are never followed (a
    /// link anywhere on the way makes it not Larder's).
    static func inspect(_ entry: Entry, base: String) -> Found {
        guard ProjectPath.isInside(entry.path), let normalized = ProjectPath.normalize(entry.path), !normalized.isEmpty,
            normalized == entry.path
        else { return .gone }
        var prefix = base
        var info = stat()
        for component in normalized.split(separator: "/") {
            prefix += (prefix.hasSuffix("/") ? "" : "/") + component
            guard lstat(prefix, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK else { return .gone }
        }
        // `info` is now that of the output itself.
        switch (entry.file, info.st_mode & S_IFMT) {
        case (let stamp?, S_IFREG):
            return .file(unchanged: FileStatKey(info) == stamp)
        case (nil, S_IFDIR):
            var marker = stat()
            guard lstat(prefix + "/" + OutputWriter.marker, &marker) == 0, (marker.st_mode & S_IFMT) == S_IFREG else { return .gone }
            let files = (try? OutputCompare.stampedFiles(under: prefix)) ?? []
            return .folder(files: files)
        default:
            return .gone
        }
    }

    /// True when one of the two normalized paths is the other or lies inside it.
    static func overlaps(_ a: String, _ b: String) -> Bool {
        a == b || a.hasPrefix(b + "/") || b.hasPrefix(a + "/")
    }
}

/// An output an earlier build of the config wrote that no export writes now (see
/// ``OutputRecord``).
public struct StaleOutput: Sendable, Hashable {
    /// What became of it.
    public enum Fate: Sendable, Hashable {
        /// Left in place (the build was not asked to prune, or only compared).
        case left
        /// Removed (`--prune`); for a folder with an output inside it, its other files.
        case removed
        /// `--prune` removed the files Larder wrote in the folder and its marker, and left
        /// the folder with the files it did not write (``StaleOutput/untracked``), which are
        /// no longer tracked.
        case emptied
        /// `--prune` left it in place for `reason`; `forgotten` when it is no longer
        /// recorded (a file changed since the build wrote it: perhaps not Larder's any more).
        case kept(reason: String, forgotten: Bool)
    }

    /// Its path relative to the outputs' base folder.
    public var path: String
    public var isFile: Bool
    /// The files an earlier build wrote in it (those of the record's list that are there,
    /// not a file added since; all of them when the record does not list them); 1 for a file.
    public var files: Int
    /// For a file: false when it changed since the build wrote it (it is not removed).
    public var unchanged: Bool
    /// For a folder: the files in it (relative to it) that Larder did not write, which
    /// `--prune` never removes; nil when the record does not list what the build wrote
    /// there (then `--prune` removes nothing of it).
    public var untracked: [String]?
    /// For a folder: the files Larder wrote in it (relative to it) whose size or
    /// modification time is not the recorded one: changed since, so `--prune` keeps them.
    public var changed: [String]
    /// For a folder: the outputs the build writes now inside it (relative to it), which are
    /// not part of the stale output.
    public var inner: [String]
    public var fate: Fate

    public init(path: String, isFile: Bool, files: Int, unchanged: Bool = true, untracked: [String]? = [], changed: [String] = [], inner: [String] = [],
                fate: Fate = .left) {
        self.path = path
        self.isFile = isFile
        self.files = files
        self.unchanged = unchanged
        self.untracked = untracked
        self.changed = changed
        self.inner = inner
        self.fate = fate
    }

    /// True when `--prune` may remove the whole of it (a folder with nothing in it but what
    /// the build wrote, as it left it, no output inside it; a file as the build left it).
    public var removableWhole: Bool {
        isFile ? unchanged : (untracked?.isEmpty ?? false) && changed.isEmpty && inner.isEmpty
    }
}

extension OutputRecord {
    /// The entries of `recorded` whose base is `base` (absolute), that the build did not
    /// write (`written`: normalized paths) and that are stale, sorted by path; and the
    /// entries to keep recording besides the written ones (stale ones, and other bases'
    /// outputs that are still there).
    /// The entries of this config's record of the output base `base` (absolute).
    func entries(base: String) -> [Entry] {
        let key = baseKey(base)
        return load().filter { $0.base == key }
    }

    /// What a folder without Larder's marker holds (see ``held(in:base:recorded:)``).
    struct Held {
        /// The recorded outputs in it (paths relative to the base), sorted.
        var outputs: [String] = []
        /// Files (or folders) in it that no recorded output lists: not Larder's.
        var notWritten: [String] = []
        /// Files of recorded outputs changed since the build wrote them.
        var changed: [String] = []
        /// Recorded folders whose files the record does not list (an older Larder).
        var unlisted: [String] = []

        /// True when the folder may be replaced: it holds nothing else.
        var isTaken: Bool { notWritten.isEmpty && changed.isEmpty && unlisted.isEmpty }
    }

    /// What the folder at `folder` (a normalized path under the absolute `base`, without
    /// Larder's marker) holds, against `recorded` (entries of the base inside it): nil when
    /// it holds none of them that is still Larder's. Links are never followed (one is a file
    /// Larder did not write); the files a system leaves in folders are not counted, nor
    /// empty folders. Paths are relative to the base, sorted by their bytes.
    static func held(in folder: String, base: String, recorded: [Entry]) -> Held? {
        let root = base.hasSuffix("/") ? String(base.dropLast()) : base
        let byPath = Dictionary(recorded.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var held = Held()
        /// A recorded folder output the walk is in: its path and listed files (nil: unlisted).
        typealias Covering = (path: String, listed: [String: Stamp?]?)
        func names(_ path: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + path)) ?? [])
                .filter { !OutputCompare.systemFiles.contains($0) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        func walk(_ folder: String, covering: Covering?) {
            for name in names(folder) {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(root + "/" + path, &info) == 0 else { continue }
                let type = info.st_mode & S_IFMT
                if let entry = byPath[path] {
                    if let stamp = entry.file {
                        // A single-file output: Larder's when it is a file as the build left it.
                        guard type == S_IFREG else {
                            held.notWritten.append(path)
                            continue
                        }
                        held.outputs.append(path)
                        if FileStatKey(info) != stamp { held.changed.append(path) }
                        continue
                    }
                    var marker = stat()
                    if type == S_IFDIR, lstat(root + "/" + path + "/" + OutputWriter.marker, &marker) == 0, (marker.st_mode & S_IFMT) == S_IFREG {
                        held.outputs.append(path)
                        if entry.files == nil { held.unlisted.append(path) }
                        let listed = entry.files.map { Dictionary($0.map { ($0.path, $0.stamp) }, uniquingKeysWith: { first, _ in first }) }
                        walk(path, covering: (path, listed))
                        continue
                    }
                    held.notWritten.append(path)
                    continue
                }
                if let covering {
                    let relative = String(path.dropFirst(covering.path.count + 1))
                    if type == S_IFDIR {
                        walk(path, covering: covering)
                    } else if relative == OutputWriter.marker || covering.listed == nil {
                        continue
                    } else if type == S_IFREG, let listed = covering.listed?[relative] {
                        // Listed by name alone (an older record): taken as the build left it.
                        if let listed, listed != Stamp(info) { held.changed.append(path) }
                    } else {
                        held.notWritten.append(path)
                    }
                    continue
                }
                if type == S_IFDIR && (recorded.contains { $0.path.hasPrefix(path + "/") } || names(path).isEmpty) {
                    walk(path, covering: nil)  // on the way to an output, or empty
                } else {
                    held.notWritten.append(path)
                }
            }
        }
        walk(folder, covering: nil)
        guard !held.outputs.isEmpty else { return nil }
        held.changed.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        held.notWritten.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return held
    }

    func stale(recorded: [Entry], base: String, written: [String], protected: [String]) -> (stale: [(Entry, StaleOutput)], kept: [Entry]) {
        let key = baseKey(base)
        let others = Set(othersEntries().filter { $0.base == key }.map(\.path))
        var stale: [(Entry, StaleOutput)] = []
        var kept: [Entry] = []
        var seen: Set<String> = []
        for entry in recorded {
            guard entry.base == key else {
                // Another base's output (a build with --out): kept while it is there.
                var info = stat()
                if lstat(absoluteBase(entry.base) + "/" + entry.path, &info) == 0 { kept.append(entry) }
                continue
            }
            // An output written now at the entry's place or above it replaced it; one inside
            // it (its `out` moved into the old folder) leaves the old folder's other files.
            guard seen.insert(entry.path).inserted, !written.contains(where: { $0 == entry.path || entry.path.hasPrefix($0 + "/") }),
                !protected.contains(where: { Self.overlaps($0, entry.path) }), !others.contains(entry.path)
            else { continue }
            let inner = written.filter { $0.hasPrefix(entry.path + "/") }.map { String($0.dropFirst(entry.path.count + 1)) }
            switch Self.inspect(entry, base: base) {
            case .gone:
                continue
            case .folder(let present):
                let files = present.filter { f in !inner.contains { f.path.hasPrefix($0 + "/") } }
                if files.isEmpty && !inner.isEmpty { continue }
                var untracked: [String]?
                var changed: [String] = []
                if let written = entry.files {
                    let listed = Dictionary(written.map { ($0.path, $0.stamp) }, uniquingKeysWith: { first, _ in first })
                    var added: [String] = []
                    for file in files {
                        guard let recorded = listed[file.path] else {
                            added.append(file.path)
                            continue
                        }
                        // Listed by name alone (an older record): taken as the build left it.
                        if let recorded, recorded != file.stamp { changed.append(file.path) }
                    }
                    untracked = added
                }
                // Counted: the files Larder wrote there (the record's), not the user's own,
                // which --prune keeps.
                let count = files.count - (untracked?.count ?? 0)
                stale.append((entry, StaleOutput(path: entry.path, isFile: false, files: count, untracked: untracked, changed: changed, inner: inner)))
            case .file(let unchanged):
                stale.append((entry, StaleOutput(path: entry.path, isFile: true, files: 1, unchanged: unchanged)))
            }
        }
        stale.sort { $0.1.path.utf8.lexicographicallyPrecedes($1.1.path.utf8) }
        return (stale, kept)
    }
}
