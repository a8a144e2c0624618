import Foundation

/// Where an ``ExportStream`` writes: the files of one export in the build's staging folder,
/// appended to as documents come (see ``OutputWriter/Staging/stream(path:isFile:)``).
///
/// Paths are relative to the export's output folder and checked as artifact paths are
/// (no `..`, no absolute path). An export that writes one file names it with any path; a
/// second path is an error. Bytes are buffered and written in large blocks. At most
/// ``maxOpen`` files are open (with their buffers) at once: the one used longest ago is
/// written out and closed, and opened again to append if it is used again, so an export
/// of a file per document (jsonld) holds neither a descriptor nor its bytes per file.
public struct ExportSink: Sendable {
    struct OpenFile: Sendable {
        var path: String
        /// -1 while the file is closed (parked).
        var descriptor: Int32
        var pending: [UInt8] = []
        /// Bytes appended so far (written and pending).
        var size = 0
    }

    /// A file of the sink, from ``file(_:)``: a stream that appends to a few files again
    /// and again (json-bundle's file of a kind in each locale, for every document) names
    /// it so, without a look-up of its path for every append.
    public struct File: Hashable, Sendable {
        /// The files of a sink are numbered from 0 in the order of their first use.
        public let index: Int
    }

    /// The staged output: the file itself, or the folder the paths are relative to.
    let root: String
    let isFile: Bool
    /// Every file appended to, in the order of first use, and its index by path.
    private var files: [OpenFile] = []
    private var indices: [String: Int] = [:]
    /// The paths so far, for files that would clash on macOS and Windows, refused as the
    /// whole-content path refuses them (``OutputWriter/PathClashes``).
    private var clashes: OutputWriter.PathClashes
    /// The paths appended to, in the order they were first used.
    public var paths: [String] { files.map(\.path) }
    static let block = 1 << 20
    /// The open files, the one used longest ago first.
    private var recent: [Int] = []
    static let maxOpen = 32

    /// The output as larder.yml names it (`dist/json`): messages name files by it, never by
    /// the staging folder.
    let output: String

    init(root: String, isFile: Bool, output: String) {
        self.root = root
        self.isFile = isFile
        self.output = output
        clashes = OutputWriter.PathClashes(output: output)
    }

    /// A file of the output as messages name it: `'en/recipe.json' in the output 'dist/json'`.
    private func shown(_ path: String) -> String {
        isFile ? "the output '\(output)'" : "'\(path)' in the output '\(output)'"
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Where the file at `path` is staged (made when needed, not kept: an export of a file
    /// per document would keep hundreds of thousands of these).
    private func location(_ path: String) -> String {
        isFile ? root : root + "/" + path
    }

    /// Appends `bytes` to the file at `path`, creating it on first use.
    public mutating func append(_ bytes: some Collection<UInt8>, to path: String) throws(OutputWriter.WriteError) {
        try append(bytes, to: file(path))
    }

    /// Appends `bytes` to the file at `path`, creating it on first use. (Bytes in an array
    /// or a buffer are copied in one piece: the generic `append(contentsOf:)`, not
    /// specialized across modules, went element by element.)
    public mutating func append(_ bytes: [UInt8], to path: String) throws(OutputWriter.WriteError) {
        try append(bytes, to: file(path))
    }

    /// Appends `bytes` to the file at `path`, creating it on first use.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, to path: String) throws(OutputWriter.WriteError) {
        try append(bytes, to: file(path))
    }

    /// The file at `path`, created (empty) on first use.
    public mutating func file(_ path: String) throws(OutputWriter.WriteError) -> File {
        if let index = indices[path] { return File(index: index) }
        return File(index: try open(path))
    }

    /// Appends `bytes` to `file`.
    public mutating func append(_ bytes: some Collection<UInt8>, to file: File) throws(OutputWriter.WriteError) {
        var failure: OutputWriter.WriteError?
        let copied: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(OutputWriter.WriteError) { try append(buffer, to: file) } catch { failure = error }
        }
        if let failure { throw failure }
        if copied == nil { try append(Array(bytes), to: file) }
    }

    /// Appends `bytes` to `file`.
    public mutating func append(_ bytes: [UInt8], to file: File) throws(OutputWriter.WriteError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(OutputWriter.WriteError) in try append(buffer, to: file) }
    }

    /// Appends `bytes` to `file`.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, to file: File) throws(OutputWriter.WriteError) {
        let i = file.index
        precondition(i >= 0 && i < files.count, "a file of another sink")
        try use(i)
        files[i].pending.append(contentsOf: bytes)
        files[i].size += bytes.count
        if files[i].pending.count >= Self.block { try flush(i) }
    }

    /// How many files are open now.
    var openFiles: Int { files.filter { $0.descriptor >= 0 }.count }

    /// How many bytes the file at `path` has so far (0 before its first append).
    public func size(of path: String) -> Int {
        indices[path].map { files[$0].size } ?? 0
    }

    /// How many bytes `file` has so far.
    public func size(of file: File) -> Int {
        files[file.index].size
    }

    /// Rewrites the file at `path` as its first `prefix` bytes followed by the byte
    /// `ranges` of it, in the order given, with `separator` between two ranges (for an export whose documents' parts must be
    /// ordered otherwise than the content is: the parts were appended as they came, and
    /// their order is known only at the end). Later appends go after the last range.
    public mutating func reorder(_ path: String, keepingFirst prefix: Int, ranges: [Range<Int>], separator: [UInt8] = []) throws(OutputWriter.WriteError) {
        guard let index = indices[path] else { return }
        try flush(index)
        let location = location(path)
        let temporary = location + ".reordered"
        let out = Foundation.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard out >= 0 else { throw OutputWriter.WriteError("cannot write \(shown(path)) in its order: \(Self.reason(errno))") }
        let input = Foundation.open(location, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            close(out)
            throw OutputWriter.WriteError("cannot read back \(shown(path)) to put it in order: \(Self.reason(errno))")
        }
        defer { close(input) }
        var size = 0
        var chunk = [UInt8](repeating: 0, count: Self.block)
        func copy(_ range: Range<Int>) throws(OutputWriter.WriteError) {
            var offset = range.lowerBound
            while offset < range.upperBound {
                let count = min(Self.block, range.upperBound - offset)
                let read = chunk.withUnsafeMutableBytes { pread(input, $0.baseAddress, count, off_t(offset)) }
                guard read > 0 else { throw OutputWriter.WriteError("cannot read back \(shown(path)) to put it in order") }
                try Self.write(out, chunk[0..<read], location: shown(path))
                offset += read
                size += read
            }
        }
        do throws(OutputWriter.WriteError) {
            try copy(0..<prefix)
            for (i, range) in ranges.enumerated() {
                if i > 0 && !separator.isEmpty {
                    try Self.write(out, separator[...], location: shown(path))
                    size += separator.count
                }
                try copy(range)
            }
        } catch {
            close(out)
            unlink(temporary)
            throw error
        }
        if files[index].descriptor >= 0 { close(files[index].descriptor) }
        guard rename(temporary, location) == 0 else {
            close(out)
            files[index].descriptor = -1
            recent.removeAll { $0 == index }
            throw OutputWriter.WriteError("cannot write \(shown(path)): \(Self.reason(errno))")
        }
        files[index] = OpenFile(path: path, descriptor: out, size: size)
        try use(index)
    }

    /// Marks file `index` as just used, opening it again (to append) if it was parked, and
    /// parks the file used longest ago when too many are open.
    private mutating func use(_ index: Int) throws(OutputWriter.WriteError) {
        if files[index].descriptor < 0 {
            let path = files[index].path
            let fd = Foundation.open(location(path), O_WRONLY | O_APPEND | O_CLOEXEC)
            guard fd >= 0 else { throw OutputWriter.WriteError("cannot write \(shown(path)): \(Self.reason(errno))") }
            files[index].descriptor = fd
        } else if recent.last == index {
            return
        }
        recent.removeAll { $0 == index }
        recent.append(index)
        while recent.count > Self.maxOpen {
            let oldest = recent.removeFirst()
            try flush(oldest)
            if files[oldest].descriptor >= 0 { close(files[oldest].descriptor) }
            files[oldest].descriptor = -1
            files[oldest].pending = []  // its buffer's memory too
        }
    }

    /// Writes what is pending and closes every file.
    mutating func closeAll() throws(OutputWriter.WriteError) {
        var failure: OutputWriter.WriteError?
        for index in files.indices {
            do throws(OutputWriter.WriteError) { try flush(index) } catch { failure = failure ?? error }
            if files[index].descriptor >= 0 { close(files[index].descriptor) }
            files[index].descriptor = -1
        }
        recent = []
        if let failure { throw failure }
    }

    /// Creates the file at `path` and gives its index.
    private mutating func open(_ path: String) throws(OutputWriter.WriteError) -> Int {
        if isFile {
            guard files.isEmpty else {
                throw OutputWriter.WriteError("the output '\(output)' is a file, but the export writes more than one file (\(files[0].path), \(path)); give a folder")
            }
        } else {
            do {
                try Artifact.validate(path: path)
            } catch {
                throw OutputWriter.WriteError("\(error)")
            }
            try OutputWriter.checkNotMarker(path, output: output)
            _ = try clashes.add(path)
        }
        let location = location(path)
        if let failed = OutputWriter.makeFolders((location as NSString).deletingLastPathComponent) {
            throw OutputWriter.WriteError("cannot write \(shown(path)): \(Self.reason(failed))")
        }
        let fd = Foundation.open(location, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputWriter.WriteError("cannot write \(shown(path)): \(Self.reason(errno))") }
        files.append(OpenFile(path: path, descriptor: fd))
        indices[path] = files.count - 1
        try use(files.count - 1)
        return files.count - 1
    }

    /// Throws when `path` names, on macOS or Windows, a file or folder another path of the
    /// sink names (the messages are those of the whole-content path).
    private mutating func flush(_ index: Int) throws(OutputWriter.WriteError) {
        // A parked file has nothing pending: it was written out when parked.
        guard !files[index].pending.isEmpty, files[index].descriptor >= 0 else { return }
        try Self.write(files[index].descriptor, files[index].pending[...], location: shown(files[index].path))
        files[index].pending.removeAll(keepingCapacity: true)
    }

    private static func write(_ fd: Int32, _ bytes: ArraySlice<UInt8>, location: @autoclosure () -> String) throws(OutputWriter.WriteError) {
        let failed = bytes.withUnsafeBytes { OutputWriter.writeAll(fd, $0) }
        if failed != 0 { throw OutputWriter.WriteError("cannot write \(location()): \(reason(failed))") }
    }
}
