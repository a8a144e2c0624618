import Foundation
import LarderJSON

/// How an output in place differs from what a build would write there (see
/// ``OutputWriter/Staging/differences()``, used by `larder build --check`).
public struct OutputDifference: Sendable, Hashable {
    public enum Change: Sendable, Hashable {
        /// The file is there with other bytes; the first that differs is at `at` in it
        /// (line and column as diagnostics give them).
        case changed(at: SourcePosition)
        /// The build writes the file; it is not there.
        case missing
        /// The build writes the output folder, with `files` files; nothing is there.
        case missingFolder(files: Int)
        /// The file is there; the build does not write it.
        case extra
    }

    /// The file's path relative to the outputs' base folder (`dist/json/en/recipe.json`).
    public var path: String
    public var change: Change

    public init(path: String, change: Change) {
        self.path = path
        self.change = change
    }
}

extension OutputWriter.Staging {
    /// How the outputs in place differ from the staged ones, file by file, in path order
    /// within each output (nothing is moved: for a build that checks instead of writing).
    /// The marker that says a folder is Larder's is not compared.
    public func differences() throws(OutputWriter.WriteError) -> [OutputDifference] {
        var found: [OutputDifference] = []
        for (i, normalized) in staged.enumerated() {
            let stagedRoot = folder + "/\(i)"
            let target = writer.absolute(normalized)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: stagedRoot, isDirectory: &isFolder) else { continue }
            if !isFolder.boolValue {
                found += try OutputCompare.file(stagedRoot, against: target, path: normalized).map { [$0] } ?? []
                continue
            }
            let built = OutputCompare.files(under: stagedRoot)
            // An output not there at all is one difference, not one per file.
            guard FileManager.default.fileExists(atPath: target) else {
                found.append(OutputDifference(path: normalized, change: .missingFolder(files: built.count)))
                continue
            }
            let present = OutputCompare.files(under: target)
            var b = 0, p = 0
            // Both lists are sorted: walk them side by side.
            while b < built.count || p < present.count {
                if p == present.count || (b < built.count && built[b] < present[p]) {
                    found.append(OutputDifference(path: normalized + "/" + built[b], change: .missing))
                    b += 1
                } else if b == built.count || present[p] < built[b] {
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
    /// The regular files under `root` (relative paths, sorted by their bytes), without
    /// Larder's marker; none when `root` is not a folder.
    static func files(under root: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue,
            let walk = FileManager.default.enumerator(atPath: root)
        else { return [] }
        var names: [String] = []
        while let name = walk.nextObject() as? String {
            guard name != OutputWriter.marker, (walk.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory else { continue }
            names.append(name)
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Nil when the file at `present` holds the bytes of the file at `built`; else how it
    /// differs. Both are read a block at a time (a String Catalog can be a gigabyte).
    static func file(_ built: String, against present: String, path: String) throws(OutputWriter.WriteError) -> OutputDifference? {
        let new = open(built, O_RDONLY | O_CLOEXEC)
        guard new >= 0 else { throw OutputWriter.WriteError("cannot read \(built): \(String(cString: strerror(errno)))") }
        defer { close(new) }
        var status = stat()
        guard lstat(present, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
            return OutputDifference(path: path, change: .missing)
        }
        // A link or a device where the build writes a file is not read (it could lead
        // outside the project, or never end): the build would replace it.
        guard status.st_mode & S_IFMT == S_IFREG else {
            return OutputDifference(path: path, change: .changed(at: SourcePosition(line: 1, column: 1)))
        }
        let old = open(present, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard old >= 0 else { throw OutputWriter.WriteError("cannot read \(present): \(String(cString: strerror(errno)))") }
        defer { close(old) }
        let block = 1 << 20
        var a = [UInt8](repeating: 0, count: block), b = [UInt8](repeating: 0, count: block)
        var counter = PositionCounter()
        while true {
            let n = try fill(&a, from: new, path: built)
            let m = try fill(&b, from: old, path: present)
            let common = min(n, m)
            let same = a.withUnsafeBytes { x in b.withUnsafeBytes { y in firstDifference(x.baseAddress!, y.baseAddress!, common) } }
            b.withUnsafeBufferPointer { counter.advance(over: UnsafeBufferPointer(rebasing: $0[0..<same])) }
            if same < common || n != m {
                return OutputDifference(path: path, change: .changed(at: counter.position(next: same < m ? b[same] : nil)))
            }
            if n == 0 { return nil }
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
        if c & 0xC0 != 0x80 { column += c >= 0xF0 ? 2 : 1 }
    }
}
