import Foundation
import LarderJSON

/// A read-only view of the files of a project, for rules that check that content names
/// real files (images): the working tree on disk, or a snapshot of the git index.
///
/// Paths are relative to the project root, `/`-separated, with no `.` or `..` segments
/// (`"assets/images/drinks/negroni.png"`); `""` is the root itself. Names compare with
/// their exact case, whatever the file system does: `Negroni.PNG` does not answer for
/// `negroni.png`, so a project that works on a case-insensitive Mac still works on a
/// case-sensitive Linux server or phone.
///
///     let files: any ProjectFiles = WorkingTreeFiles(root: "/path/to/project")
///     files.fileExists(atPath: "assets/images/drinks/negroni.png")
///
///     let staged = ProjectFileSnapshot(gitLsFilesOutput: output)   // `git ls-files -z`
///     staged.fileExists(atPath: "assets/images/drinks/negroni.png")
public protocol ProjectFiles: Sendable {
    /// The names of the entries directly inside `directory` (files and folders), or nil
    /// when there is no such folder. The order is unspecified.
    func entries(inDirectory directory: String) -> [String]?
    /// True when a file (not a folder) exists at `path`, with every segment in its exact
    /// case.
    func fileExists(atPath path: String) -> Bool
    /// True when the file at `path` is reached through a symbolic link that leads out of the
    /// project (`images/logo.png -> /etc/hostname`): `image-exists` reports such a file and
    /// ``ProjectFileReader`` refuses to read it, since content must never make Larder read
    /// outside the project.
    func leavesProject(atPath path: String) -> Bool
    /// True when the file at `path` is reached through a symbolic link that leads out of
    /// `folder` (project-relative; `""` for the project), or into a hidden file or folder
    /// (`images/logo.png -> ../.git/config`, `-> ../.env`): `image-exists` reports such a
    /// file, and the images exporter does not copy it, since it would ship a file that is
    /// no image of the folder, and that git may not even hold.
    func linkLeaves(_ folder: String, atPath path: String) -> Bool
    /// True when these are the files of the git index (`--staged`) and the working tree
    /// has a file or folder at `path` that the index does not: `image-exists` then says it
    /// is not staged, where "create it" would send the user to make what is already there.
    func isOnlyInWorkingTree(_ path: String) -> Bool
    /// The names of the entries of `directory` indexed for finding a name as written, in
    /// another Unicode normalization, or in another case (``FolderNames``), or nil when
    /// there is no such folder. A type that lists a folder once should index it once too:
    /// the default indexes ``entries(inDirectory:)`` on each call.
    func folderNames(inDirectory directory: String) -> FolderNames?
}

/// The entries of one folder, indexed for `image-exists`: whether a name is there byte for
/// byte, and which entry it meets in another Unicode normalization or another case.
///
/// Finding the other spelling by comparing with each entry made every missing image cost
/// the folder's size (each entry lowercased for each image); with the index, a look-up is
/// O(1) once the folder is indexed.
public final class FolderNames: Sendable {
    /// Every entry, byte for byte (`String`'s own equality takes two normalizations of one
    /// name for one, so bytes are the key here).
    private let exact: Set<[UInt8]>
    /// By the name (equal across normalizations): the first entry so named.
    private let canonical: [String: String]
    /// By the lowercased name: the first entry so named.
    private let lowercased: [String: String]

    public init(_ names: [String]) {
        var exact = Set<[UInt8]>(), canonical: [String: String] = [:], lowercased: [String: String] = [:]
        exact.reserveCapacity(names.count)
        for name in names {
            exact.insert(Array(name.utf8))
            if canonical[name] == nil { canonical[name] = name }
            let lower = name.lowercased()
            if lowercased[lower] == nil { lowercased[lower] = name }
        }
        self.exact = exact
        self.canonical = canonical
        self.lowercased = lowercased
    }

    /// How `name` is found among the entries.
    public enum Match: Equatable, Sendable {
        /// Byte for byte.
        case exact
        /// As `entry`, the same letters in another Unicode normalization.
        case otherNormalization(entry: String)
        /// As `entry`, in another case (and also in another normalization when
        /// `alsoNormalization`).
        case otherCase(entry: String, alsoNormalization: Bool)
    }

    /// How `name` is found, or nil when no entry is it in any spelling.
    public func match(_ name: String) -> Match? {
        if exact.contains(Array(name.utf8)) { return .exact }
        if let entry = canonical[name] { return .otherNormalization(entry: entry) }
        if let entry = lowercased[name.lowercased()] {
            return .otherCase(entry: entry, alsoNormalization: !entry.lowercased().utf8.elementsEqual(name.lowercased().utf8))
        }
        return nil
    }
}

extension ProjectFiles {
    public func folderNames(inDirectory directory: String) -> FolderNames? {
        entries(inDirectory: directory).map(FolderNames.init)
    }

    /// The working tree's files are the working tree.
    public func isOnlyInWorkingTree(_ path: String) -> Bool { false }
    /// A list of paths (the git index) holds no files outside the project.
    public func leavesProject(atPath path: String) -> Bool { false }
    /// A list of paths (the git index) holds no links to follow.
    public func linkLeaves(_ folder: String, atPath path: String) -> Bool { false }
}

/// The files of a working tree under a root folder on disk.
///
/// ``fileExists(atPath:)`` checks the file, then looks in the folder of each segment to
/// compare names with their exact case, so a case-insensitive file system does not hide a
/// wrong case.
/// - Complexity: each folder is listed once per value (and its copies), then looked up in
///   O(1): listing it again for every look-up made `image-exists` quadratic (a project of
///   4,000 recipes with 8,000 images in one folder took a minute to lint). A value sees the
///   folders as they were when first listed: make one per run.
public struct WorkingTreeFiles: ProjectFiles {
    /// The folder paths are relative to.
    public var root: String
    private let listings = Listings()

    public init(root: String) {
        self.root = root
    }

    /// The folders listed so far, by absolute path (nil: not a folder that can be listed).
    private final class Listings: @unchecked Sendable {
        private let lock = NSLock()
        private var folders: [String: (names: [String], set: Set<String>)?] = [:]
        /// The folders indexed for ``folderNames(inDirectory:)``, by absolute path.
        private var indexed: [String: FolderNames] = [:]
        /// How many folders were listed (for tests).
        var count: Int { lock.withLock { folders.count } }

        func listing(_ path: String) -> (names: [String], set: Set<String>)? {
            lock.lock()
            if let known = folders[path] {
                lock.unlock()
                return known
            }
            lock.unlock()
            let listed = (try? FileManager.default.contentsOfDirectory(atPath: path)).map { ($0, Set($0)) }
            lock.lock()
            folders[path] = .some(listed)
            lock.unlock()
            return listed
        }

        func folderNames(_ path: String) -> FolderNames? {
            if let known = lock.withLock({ indexed[path] }) { return known }
            guard let names = listing(path)?.names else { return nil }
            let index = FolderNames(names)
            lock.withLock { indexed[path] = index }
            return index
        }
    }

    /// How many folders this value has listed so far.
    var listedFolders: Int { listings.count }

    func absolute(_ path: String) -> String {
        if path.isEmpty { return root }
        return root.hasSuffix("/") ? root + path : root + "/" + path
    }

    public func entries(inDirectory directory: String) -> [String]? {
        guard ProjectFileSnapshot.isClean(directory, allowEmpty: true) else { return nil }
        return listings.listing(absolute(directory))?.names
    }

    public func folderNames(inDirectory directory: String) -> FolderNames? {
        guard ProjectFileSnapshot.isClean(directory, allowEmpty: true) else { return nil }
        return listings.folderNames(absolute(directory))
    }

    public func fileExists(atPath path: String) -> Bool {
        guard ProjectFileSnapshot.isClean(path, allowEmpty: false) else { return false }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute(path), isDirectory: &isDirectory),
            !isDirectory.boolValue
        else { return false }
        // The file is there; now make sure each segment is spelled with its exact case.
        var parent = ""
        for segment in path.split(separator: "/") {
            guard let names = listings.listing(absolute(parent))?.set, names.contains(String(segment)) else { return false }
            parent = parent.isEmpty ? String(segment) : parent + "/" + segment
        }
        return true
    }

    public func leavesProject(atPath path: String) -> Bool {
        guard let resolved = Self.realPath(absolute(path)), let base = Self.realPath(root) else { return false }
        return !(resolved == base || resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/"))
    }

    public func linkLeaves(_ folder: String, atPath path: String) -> Bool {
        guard let resolved = Self.realPath(absolute(path)), let base = Self.realPath(root) else { return false }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        // No link on the way: the file is where its path says.
        if resolved == prefix + path { return false }
        guard resolved.hasPrefix(prefix), let real = folder.isEmpty ? base : Self.realPath(absolute(folder)) else { return true }
        let inside = real.hasSuffix("/") ? real : real + "/"
        guard resolved.hasPrefix(inside) else { return true }
        return resolved.dropFirst(inside.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// `path` with every symbolic link resolved, or nil when it does not lead to a file.
    static func realPath(_ path: String) -> String? { FileBytes.realPath(path) }
}

/// A fixed list of the project's files: the git index (`git ls-files -z`), or a scan of a
/// folder taken once.
///
/// Look-ups are O(1): build one snapshot per run and share it (it is a `Sendable` value).
///
///     let snapshot = ProjectFileSnapshot(paths: ["images/a.png", "images/b/c.jpg"])
///     snapshot.fileExists(atPath: "images/b/c.jpg")   // true
///     snapshot.entries(inDirectory: "images")          // ["a.png", "b"] (any order)
public struct ProjectFileSnapshot: ProjectFiles, Hashable {
    private var files: Set<String>
    private var directories: [String: Set<String>]

    /// A snapshot holding `paths` (files, relative to the project root). Paths with `.`,
    /// `..` or empty segments, or a leading `/`, are left out.
    public init(paths: some Sequence<String>) {
        var files = Set<String>()
        var directories: [String: Set<String>] = ["": []]
        for path in paths where Self.isClean(path, allowEmpty: false) {
            files.insert(path)
            var parent = ""
            for segment in path.split(separator: "/") {
                directories[parent, default: []].insert(String(segment))
                parent = parent.isEmpty ? String(segment) : parent + "/" + segment
            }
        }
        self.files = files
        self.directories = directories
    }

    /// A snapshot of the files the output of `git ls-files -z` lists (NUL-separated paths,
    /// relative to the folder git ran in).
    ///
    /// Run git in the project root so paths come out relative to it, or pass the
    /// project's folder within the repository as `prefix` (`"apps/cocktails/"`): paths
    /// outside it are left out and the prefix is removed from the rest. Output of
    /// `git ls-files -z --stage` (`mode object stage<TAB>path`) is read too.
    ///
    ///     // git -C "$root" ls-files -z
    ///     let staged = ProjectFileSnapshot(gitLsFilesOutput: bytes)
    public init(gitLsFilesOutput bytes: some Sequence<UInt8>, prefix: String = "") {
        var paths: [String] = []
        var current: [UInt8] = []
        func flush() {
            defer { current.removeAll(keepingCapacity: true) }
            guard !current.isEmpty else { return }
            var entry = current[...]
            // `--stage` output: "100644 <object> 0\tpath".
            if let tab = entry.firstIndex(of: 0x09), entry[entry.startIndex..<tab].allSatisfy({ $0 != 0x2F }),
                entry[entry.startIndex..<tab].contains(0x20)
            {
                entry = entry[(tab + 1)...]
            }
            let path = String(decoding: entry, as: UTF8.self)
            if prefix.isEmpty {
                paths.append(path)
            } else if path.hasPrefix(prefix) {
                paths.append(String(path.dropFirst(prefix.count)))
            }
        }
        for byte in bytes {
            if byte == 0 { flush() } else { current.append(byte) }
        }
        flush()
        self.init(paths: paths)
    }

    /// A snapshot of the files under `folder` of a working tree (relative to `root`),
    /// scanned once. Hidden files are included; symbolic links to folders are not followed.
    public init(scanning folder: String, in root: String) {
        let base = folder.isEmpty ? root : (root.hasSuffix("/") ? root : root + "/") + folder
        var paths: [String] = []
        let prefix = folder.isEmpty ? "" : folder + "/"
        if let walker = FileManager.default.enumerator(atPath: base) {
            while let relative = walker.nextObject() as? String {
                if walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { continue }
                paths.append(prefix + relative)
            }
        }
        self.init(paths: paths)
    }

    /// The number of files in the snapshot.
    public var count: Int { files.count }

    public func entries(inDirectory directory: String) -> [String]? {
        directories[directory].map { Array($0) }
    }

    public func fileExists(atPath path: String) -> Bool {
        files.contains(path)
    }

    /// True for a relative, `/`-separated path with no empty, `.` or `..` segment.
    static func isClean(_ path: String, allowEmpty: Bool) -> Bool {
        if path.isEmpty { return allowEmpty }
        if path.hasPrefix("/") || path.contains("\\") || path.contains("\0") { return false }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            if segment.isEmpty || segment == "." || segment == ".." { return false }
        }
        return true
    }
}
