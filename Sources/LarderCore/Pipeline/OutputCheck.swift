import Foundation
import LarderJSON

/// How an output in place differs from what a build would write there (see
/// ``OutputWriter/Staging/differences()``, used by `larder build --check`).
public struct OutputDifference: Sendable, Hashable {
    public enum Change: Sendable, Hashable {
        /// The file is there with other bytes; the first that differs is at `at` in it
        /// (line and column as diagnostics give them), and `cause` says why when it is
        /// only a matter of encoding.
        case changed(at: SourcePosition, cause: Cause? = nil)
        /// The build writes the file; it is not there.
        case missing
        /// The build writes the output folder, with `files` files; nothing is there.
        case missingFolder(files: Int)
        /// The file is there; the build does not write it.
        case extra
        /// Where the build writes a file or an output folder there is a link, a device, or
        /// a folder where a file goes: the build replaces it (it is not read or followed).
        case notRegular
        /// An earlier build wrote this output (a folder of `files` files, or a file) and no
        /// export writes it now (see ``OutputRecord``); `removable` is false for a file
        /// changed since, and for a folder whose files the record does not list (an older
        /// Larder built it), which `larder build --prune` leaves in place. `kept` of a
        /// folder's files changed since the build wrote them, which `--prune` keeps.
        case notBuilt(files: Int, isFile: Bool, removable: Bool, kept: Int = 0)
    }

    /// Why a file's bytes differ when its text may read the same.
    public enum Cause: Sendable, Hashable {
        /// `\r\n` in place where the build writes `\n` (or the other way round).
        case lineEndings
        /// A byte order mark in place that the build does not write.
        case byteOrderMark
    }

    /// The file's path relative to the outputs' base folder (`dist/json/en/recipe.json`).
    public var path: String
    public var change: Change

    public init(path: String, change: Change) {
        self.path = path
        self.change = change
    }

    /// How many files a build would write, replace or remove for this difference.
    public var files: Int {
        switch change {
        case .missingFolder(let files), .notBuilt(let files, _, _, _): return files
        default: return 1
        }
    }
}

extension OutputWriter.Staging {
    /// How the outputs in place differ from the staged ones, file by file, in path order
    /// within each output (nothing is moved: for a build that checks instead of writing).
    /// Nothing in place is followed or opened but regular files; the marker that says a
    /// folder is Larder's and the files an operating system leaves in folders
    /// (``OutputCompare/systemFiles``) are not compared. Throws when a file or folder in
    /// place cannot be read.
    public func differences() throws(OutputWriter.WriteError) -> [OutputDifference] {
        var found: [OutputDifference] = []
        for (i, normalized) in staged.enumerated() {
            let stagedRoot = folder + "/\(i)"
            let target = writer.absolute(normalized)
            guard let stagedType = OutputCompare.type(stagedRoot) else { continue }
            if stagedType != S_IFDIR {
                found += try OutputCompare.file(stagedRoot, against: target, path: normalized).map { [$0] } ?? []
                continue
            }
            let built = try OutputCompare.files(under: stagedRoot, named: normalized)
            switch OutputCompare.type(target) {
            case nil:
                // An output not there at all is one difference, not one per file.
                found.append(OutputDifference(path: normalized, change: .missingFolder(files: built.count)))
                continue
            case S_IFDIR?:
                break
            default:
                found.append(OutputDifference(path: normalized, change: .notRegular))
                continue
            }
            let present = try OutputCompare.files(under: target)
            var b = 0, p = 0
            // Both lists are sorted by their bytes: walk them side by side.
            while b < built.count || p < present.count {
                if p == present.count || (b < built.count && built[b].utf8.lexicographicallyPrecedes(present[p].utf8)) {
                    found.append(OutputDifference(path: normalized + "/" + built[b], change: .missing))
                    b += 1
                } else if b == built.count || !built[b].utf8.elementsEqual(present[p].utf8) {
                    found.append(OutputDifference(path: normalized + "/" + present[p], change: .extra))
                    p += 1
                } else {
                    let name = built[b]
                    if let difference = try OutputCompare.file(stagedRoot + "/" + name, against: target + "/" + name, path: normalized + "/" + name) {
                        found.append(difference)
                    }
                    b += 1
                    p += 1
                }
            }
        }
        return found
    }
}

/// The file comparisons behind ``OutputWriter/Staging/differences()``.
enum OutputCompare {
    /// Files an operating system or a file manager leaves in folders, not compared: a build
    /// removes them with the folder, and they are never committed.
    static let systemFiles: Set<String> = [".DS_Store", "Thumbs.db", "desktop.ini"]

    /// The type of what is at `path` (`S_IFREG`, `S_IFDIR`, `S_IFLNK`…), links not
    /// followed; nil when nothing is there.
    static func type(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// Everything under the folder `root` but folders (relative paths, sorted by their
    /// bytes), links not followed, without Larder's marker and ``systemFiles``. Throws
    /// when a folder cannot be read (a file skipped would read as missing); a staged output
    /// is `named` by its place in the outputs in that message.
    static func files(under root: String, named output: String? = nil) throws(OutputWriter.WriteError) -> [String] {
        var names: [String] = []
        try walk(under: root, named: output) { path, _ in names.append(path) }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The files of ``files(under:named:)``, each with its size and modification time (from
    /// the `lstat` the walk makes anyway): what the record of a build keeps of a folder
    /// output (``OutputRecord``). A file gone while the folder is read is left out.
    static func stampedFiles(under root: String) throws(OutputWriter.WriteError) -> [OutputRecord.WrittenFile] {
        var found: [OutputRecord.WrittenFile] = []
        try walk(under: root, named: nil) { path, info in
            if let info { found.append(OutputRecord.WrittenFile(path: path, stamp: OutputRecord.Stamp(info))) }
        }
        return found.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// Calls `visit` with each file under `root` (as ``files(under:named:)`` lists them) and
    /// its `lstat` data (nil when it could not be read).
    private static func walk(under root: String, named output: String?, _ visit: (String, stat?) -> Void) throws(OutputWriter.WriteError) {
        func walk(_ relative: String) throws(OutputWriter.WriteError) {
            let folder = relative.isEmpty ? root : root + "/" + relative
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                let name = output.map { "the built folder '\(relative.isEmpty ? $0 : $0 + "/" + relative)'" } ?? "the folder \(folder)"
                throw OutputWriter.WriteError("cannot read \(name): \((error as NSError).localizedDescription)")
            }
            for name in entries {
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                let found = lstat(root + "/" + path, &info) == 0
                if found && (info.st_mode & S_IFMT) == S_IFDIR {
                    try walk(path)
                } else if !(relative.isEmpty && name == OutputWriter.marker) && !systemFiles.contains(name) {
                    visit(path, found ? info : nil)
                }
            }
        }
        try walk("")
    }

    /// Nil when the file at `present` holds the bytes of the file at `built`; else how it
    /// differs. Both are read a block at a time (a String Catalog can be a gigabyte).
    static func file(_ built: String, against present: String, path: String) throws(OutputWriter.WriteError) -> OutputDifference? {
        switch type(present) {
        case nil: return OutputDifference(path: path, change: .missing)
        case S_IFREG?: break
        default: return OutputDifference(path: path, change: .notRegular)  // not opened: it could lead outside, or never end
        }
        let new = open(built, O_RDONLY | O_CLOEXEC)
        // What the build made is named by its place in the outputs, not the staging folder.
        let staged = "the built '\(path)'"
        guard new >= 0 else { throw OutputWriter.WriteError("cannot read \(staged): \(String(cString: strerror(errno)))") }
        defer { close(new) }
        let old = open(present, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard old >= 0 else { throw OutputWriter.WriteError("cannot read \(present): \(String(cString: strerror(errno)))") }
        defer { close(old) }
        let block = 1 << 20
        var a = [UInt8](repeating: 0, count: block), b = [UInt8](repeating: 0, count: block)
        var counter = PositionCounter()
        var first = true
        while true {
            let n = try fill(&a, from: new, path: staged)
            let m = try fill(&b, from: old, path: present)
            let common = min(n, m)
            var same = a.withUnsafeBytes { x in b.withUnsafeBytes { y in firstDifference(x.baseAddress!, y.baseAddress!, common) } }
            guard same < common || n != m else {
                if n == 0 { return nil }
                b.withUnsafeBufferPointer { counter.advance(over: UnsafeBufferPointer(rebasing: $0[0..<common])) }
                first = false
                continue
            }
            var cause: OutputDifference.Cause?
            if first && m >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF && !(n >= 3 && a[0] == 0xEF && a[1] == 0xBB && a[2] == 0xBF) {
                cause = .byteOrderMark
            } else if same < common && ((b[same] == 0x0D && a[same] == 0x0A) || (a[same] == 0x0D && b[same] == 0x0A)) {
                cause = .lineEndings
            }
            // A character that differs in a later byte is named at its first byte.
            var continues = false
            while same < m && b[same] & 0xC0 == 0x80 {
                if same == 0 { continues = true; break }
                same -= 1
            }
            b.withUnsafeBufferPointer { counter.advance(over: UnsafeBufferPointer(rebasing: $0[0..<same])) }
            let at = continues ? counter.positionOfLastCharacter : counter.position(next: same < m ? b[same] : nil)
            return OutputDifference(path: path, change: .changed(at: at, cause: cause))
        }
    }

    /// Reads until `buffer` is full or the file ends; the number of bytes read.
    private static func fill(_ buffer: inout [UInt8], from fd: Int32, path: String) throws(OutputWriter.WriteError) -> Int {
        var count = 0
        while count < buffer.count {
            let read = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + count, $0.count - count) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { throw OutputWriter.WriteError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if read == 0 { break }
            count += read
        }
        return count
    }

    /// The length of the common prefix of two buffers of `count` bytes.
    static func firstDifference(_ x: UnsafeRawPointer, _ y: UnsafeRawPointer, _ count: Int) -> Int {
        guard memcmp(x, y, count) != 0 else { return count }
        // Narrow down a block at a time, then byte by byte.
        var i = 0
        while i + 64 <= count && memcmp(x + i, y + i, 64) == 0 { i += 64 }
        while i < count && x.load(fromByteOffset: i, as: UInt8.self) == y.load(fromByteOffset: i, as: UInt8.self) { i += 1 }
        return i
    }
}

/// Line and column (as ``SourceLocator`` counts them: breaks are `\n`, `\r\n` and a lone
/// `\r`; columns in UTF-16 code units) of the byte after the text fed so far, fed a
/// block at a time.
struct PositionCounter {
    private var line = 1
    private var column = 1
    /// The last byte fed was a `\r`, counted as a column: whether it ends its line (a lone
    /// `\r`) or the `\n` after it does is known only from the next byte.
    private var afterCR = false
    /// Nothing fed yet (a byte order mark at the start is invisible in editors and not
    /// counted, as ``SourceLocator`` does not count it).
    private var atStart = true

    /// The column before the last character counted (for a difference inside it).
    private var lastCharacterColumn = 1

    /// The position of the last character fed (whose later bytes come in the next block).
    var positionOfLastCharacter: SourcePosition { SourcePosition(line: line, column: lastCharacterColumn) }

    /// The position of the next byte, `next` (nil at the end of the text).
    func position(next: UInt8?) -> SourcePosition {
        afterCR && next != 0x0A ? SourcePosition(line: line + 1, column: 1) : SourcePosition(line: line, column: column)
    }

    mutating func advance(over bytes: UnsafeBufferPointer<UInt8>) {
        guard var base = bytes.baseAddress, !bytes.isEmpty else { return }
        var count = bytes.count
        if atStart {
            atStart = false
            if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
                base += 3
                count -= 3
            }
        }
        var start = 0
        if afterCR, count > 0 {
            afterCR = false
            line += 1
            column = 1
            if base[0] == 0x0A { start = 1 }
        }
        // Without `\r`, whole lines are skipped with memchr and only the last is counted.
        if memchr(base + start, 0x0D, count - start) == nil {
            var offset = start
            while offset < count, let hit = memchr(base + offset, 0x0A, count - offset) {
                offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
                line += 1
                column = 1
            }
            for i in offset..<count { advance(base[i]) }
            return
        }
        var i = start
        while i < count {
            let c = base[i]
            i += 1
            if afterCR {
                afterCR = false
                line += 1
                column = 1
                if c == 0x0A { continue }
            }
            if c == 0x0D {
                column += 1
                afterCR = true
            } else if c == 0x0A {
                line += 1
                column = 1
            } else {
                advance(c)
            }
        }
    }

    private mutating func advance(_ c: UInt8) {
        if c & 0xC0 != 0x80 {
            lastCharacterColumn = column
            column += c >= 0xF0 ? 2 : 1
        }
    }
}
