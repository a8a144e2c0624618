import Foundation
import LarderJSON

/// What a file's stat data says about its content: when any of it differs, the content may
/// have changed. The lint cache trusts a file whose stat data is what it was when its facts
/// were taken (as git trusts its index).
public struct FileStatKey: Sendable, Hashable {
    public var size: Int64
    /// Modification time, in nanoseconds since 1970.
    public var modified: Int64
    /// Status-change time, in nanoseconds since 1970: it moves on every write, and also when
    /// a tool sets the modification time back (`touch -d`, `cp -p`).
    public var changed: Int64
    public var inode: UInt64

    public init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    /// The stat data of a regular file at an absolute path; nil when there is none.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let m = info.st_mtimespec, c = info.st_ctimespec
        #else
        let m = info.st_mtim, c = info.st_ctim
        #endif
        self.init(
            size: Int64(info.st_size),
            modified: Int64(m.tv_sec) * 1_000_000_000 + Int64(m.tv_nsec),
            changed: Int64(c.tv_sec) * 1_000_000_000 + Int64(c.tv_nsec),
            inode: UInt64(info.st_ino))
    }

    /// True when the file changed at or after `stamp` (the file system's time when the
    /// cache began taking facts): a later write in the same clock tick would leave the same
    /// stat data, so such an entry is not trusted (git's "racy" entries).
    public func isRacy(stamp: Int64) -> Bool {
        max(modified, changed) >= stamp
    }
}

/// The lint cache: the facts of every content file for the ``FactContentRule``s of a run,
/// so that `larder lint` on a few files (a pre-commit hook) parses those files and the
/// changed ones instead of the whole project.
///
/// **Where.** `.larder-cache/lint-<config file name>.facts` in the project root (the folder
/// of `larder.yml`). Larder writes nothing outside the project, and the project may be a
/// folder of a larger repository (whose `.git` is then outside it) or no repository at all,
/// so the cache does not live in `.git`. The folder holds a `.gitignore` of `*`, so it is
/// never committed, and the content walk skips it like every hidden folder.
///
/// **Keys.** An entry holds the file's kind, its facts, and what its content was known by:
/// the stat data (size, modification and status-change times in nanoseconds, inode) when
/// read from the working tree, and the git blob id when the bytes were checked to be that
/// blob (`--staged`). A working-tree run trusts an entry whose stat data is the file's now;
/// a `--staged` run one whose blob id is the index's (`git ls-files --stage`, no stat
/// needed), or, for a file the index and working tree agree on, whose stat data matches.
/// An entry whose file changed in the same clock tick as the run that wrote it is written
/// without stat data (see ``FileStatKey/isRacy(stamp:)``): the stamp is the modification
/// time of the cache's own temporary file, created before any file is read, so it comes
/// from the file system's clock with its granularity.
///
/// **Validity.** The file starts with a magic line, a format number and a fingerprint (the
/// Larder version, the executable's identity, and each fact rule's id, facts version,
/// options and kind), and ends with a checksum. A cache that is missing, damaged,
/// truncated, foreign or from another fingerprint is ignored and rewritten, never trusted;
/// facts that do not decode make their file be parsed again.
///
/// **Writing.** Only when something changed: to a temporary file in the same folder, then
/// renamed over the cache, so a reader sees the old cache or the new one, never half of
/// one; two hooks running at once each rename a whole file, and the last one wins. A cache
/// that cannot be written (a read-only checkout, a file named `.larder-cache`) is skipped,
/// the lint's result unchanged, and the run says why (``Linter/CacheReport/writeFailure``,
/// which `larder lint` prints once on standard error).
public struct FactCache: Sendable {
    /// The cache folder's name in the project root.
    public static let folderName = ".larder-cache"
    static let magic = Array("larder lint facts\n".utf8)
    static let formatVersion: UInt64 = 1

    /// The cache file (absolute).
    public let file: String
    /// What else the facts depend on besides the rules and their options: the Larder
    /// version and the executable's identity, so another build never reads them.
    public let salt: String

    public init(file: String, salt: String) {
        self.file = file
        self.salt = salt
    }

    /// The cache of a project: `<root>/.larder-cache/lint-<configName>.facts`.
    public init(projectRoot: String, configName: String, salt: String) {
        let folder = (projectRoot.hasSuffix("/") ? projectRoot : projectRoot + "/") + Self.folderName
        let name = configName.map { $0 == "/" ? "_" : $0 }
        self.init(file: folder + "/lint-" + String(name) + ".facts", salt: salt)
    }

    var folder: String { (file as NSString).deletingLastPathComponent }

    /// A cache file as read: its bytes, and where each entry is in them. Nothing is copied
    /// out until it is asked for (a hook run looks at 10,000 entries and uses their facts
    /// only).
    struct Snapshot: Sendable {
        let bytes: [UInt8]
        let kinds: [String]
        let entries: [EntryRef]
        /// Entry index by path (its bytes: two names that differ only in Unicode
        /// normalization are two files), made only when files are not in the cache's order.
        private var byPath: [PathKey: Int]?

        init(bytes: [UInt8], kinds: [String], entries: [EntryRef]) {
            self.bytes = bytes
            self.kinds = kinds
            self.entries = entries
        }

        /// The entry of `path`. `cursor` is where the previous look-up ended: files asked
        /// for in the order they were written are found without hashing.
        mutating func find(_ path: String, cursor: inout Int) -> Int? {
            if cursor < entries.count, pathEquals(entries[cursor], path) {
                cursor += 1
                return cursor - 1
            }
            if byPath == nil {
                var map: [PathKey: Int] = [:]
                map.reserveCapacity(entries.count)
                for (i, e) in entries.enumerated() { map[PathKey(String(decoding: bytes[e.path], as: UTF8.self))] = i }
                byPath = map
            }
            guard let found = byPath?[PathKey(path)] else { return nil }
            cursor = found + 1
            return found
        }

        func pathEquals(_ entry: EntryRef, _ path: String) -> Bool {
            equals(entry.path, path)
        }

        func blobEquals(_ entry: EntryRef, _ id: String) -> Bool {
            guard let blob = entry.blob else { return false }
            return equals(blob, id)
        }

        /// True when `range` of the bytes holds `text`'s UTF-8.
        private func equals(_ range: Range<Int>, _ text: String) -> Bool {
            var text = text
            return text.withUTF8 { utf8 in
                guard utf8.count == range.count else { return false }
                return bytes.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress, let other = utf8.baseAddress else { return utf8.isEmpty }
                    return memcmp(base + range.lowerBound, other, utf8.count) == 0
                }
            }
        }

        func blob(_ entry: EntryRef) -> String? {
            entry.blob.map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    /// Where one file's entry is in a ``Snapshot``.
    struct EntryRef: Sendable {
        var path: Range<Int>
        /// Index into ``Snapshot/kinds``.
        var kind: Int
        var stat: FileStatKey?
        var blob: Range<Int>?
        /// The file's documents and their facts (see ``Documents``).
        var documents: Range<Int>
    }

    /// One file's documents and their facts, as stored: the number of documents, then for
    /// each its index in the file's array (-1 for none) and, per fact rule in the
    /// fingerprint's order, 0 when it has no facts or the length of its facts plus one and
    /// the facts.
    struct Documents: Sendable {
        var bytes: [UInt8]
        var range: Range<Int>

        /// Calls `body` with the index (in the file's array) and the encoded facts of each
        /// document that fact rule `job` (of `jobCount`) has facts for.
        func forEach(
            job: Int, jobCount: Int, _ body: (_ index: Int?, _ facts: Range<Int>) throws(FactDecoder.Failure) -> Void
        ) throws(FactDecoder.Failure) {
            var d = FactDecoder(bytes, range: range)
            for _ in 0..<(try d.readCount()) {
                let index = try d.readInt()
                for k in 0..<jobCount {
                    let length = try d.readUInt64()
                    guard length > 0 else { continue }
                    let facts = try d.readBytes(Int(truncatingIfNeeded: length &- 1))
                    if k == job { try body(index < 0 ? nil : index, facts) }
                }
            }
            guard d.isAtEnd else { throw FactDecoder.Failure() }
        }

        /// The stored form of documents with their encoded facts per fact rule.
        static func encode(_ documents: [(index: Int?, facts: [[UInt8]?])]) -> Documents {
            var e = FactEncoder()
            e.write(UInt64(documents.count))
            for document in documents {
                e.write(document.index ?? -1)
                for facts in document.facts {
                    if let facts {
                        e.write(UInt64(facts.count + 1))
                        e.append(facts[...])
                    } else {
                        e.write(UInt64(0))
                    }
                }
            }
            return Documents(bytes: e.bytes, range: 0..<e.bytes.count)
        }
    }

    /// One file's entry, for writing.
    struct Entry: Sendable {
        var path: String
        var kind: String
        var stat: FileStatKey?
        var blob: String?
        var documents: Documents
    }

    /// The cache file when it is whole and was written for `fingerprint` with `jobCount`
    /// fact rules; nil otherwise (no cache, or one not to trust).
    func load(fingerprint: String, jobCount: Int) -> Snapshot? {
        guard let bytes = try? FileBytes.read(file) else { return nil }
        return Self.decode(bytes, fingerprint: fingerprint, jobCount: jobCount)
    }

    static func decode(_ bytes: [UInt8], fingerprint: String, jobCount: Int) -> Snapshot? {
        guard bytes.count >= magic.count + 8, bytes[0..<magic.count].elementsEqual(magic) else { return nil }
        let bodyEnd = bytes.count - 8
        var stored: UInt64 = 0
        for k in 0..<8 { stored |= UInt64(bytes[bodyEnd + k]) << (8 * UInt64(k)) }
        guard checksum(bytes, upTo: bodyEnd) == stored else { return nil }
        var d = FactDecoder(bytes, range: magic.count..<bodyEnd)
        do {
            guard try d.readUInt64() == formatVersion, try d.readString() == fingerprint,
                try d.readUInt64() == UInt64(jobCount)
            else { return nil }
            let kinds = try d.readStrings()
            let count = try d.readCount()
            var entries: [EntryRef] = []
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let path = try d.readBytes(d.readCount())
                let kind = try d.readCount()
                guard kind < kinds.count else { return nil }
                var stat: FileStatKey?
                if try d.readBool() {
                    stat = FileStatKey(
                        size: Int64(try d.readInt()), modified: Int64(try d.readInt()), changed: Int64(try d.readInt()),
                        inode: try d.readUInt64())
                }
                let blob = try d.readBool() ? try d.readBytes(d.readCount()) : nil
                let documents = try d.readBytes(d.readCount())
                entries.append(EntryRef(path: path, kind: kind, stat: stat, blob: blob, documents: documents))
            }
            guard d.isAtEnd else { return nil }
            return Snapshot(bytes: bytes, kinds: kinds, entries: entries)
        } catch {
            return nil
        }
    }

    /// The cache file's bytes for `entries`.
    static func encode(_ entries: [Entry], fingerprint: String, jobCount: Int) -> [UInt8] {
        var e = FactEncoder()
        e.write(formatVersion)
        e.write(fingerprint)
        e.write(UInt64(jobCount))
        var kinds: [String] = []
        var kindNumbers: [String: Int] = [:]
        for entry in entries where kindNumbers[entry.kind] == nil {
            kindNumbers[entry.kind] = kinds.count
            kinds.append(entry.kind)
        }
        e.write(kinds)
        e.write(UInt64(entries.count))
        var out = magic
        for entry in entries {
            e.write(entry.path)
            e.write(UInt64(kindNumbers[entry.kind] ?? 0))
            e.write(entry.stat != nil)
            if let stat = entry.stat {
                e.write(Int(stat.size))
                e.write(Int(stat.modified))
                e.write(Int(stat.changed))
                e.write(stat.inode)
            }
            e.write(entry.blob)
            let documents = entry.documents
            e.write(UInt64(documents.range.count))
            e.append(documents.bytes[documents.range])
            // Keep the encoder's buffer small: move what is written so far out.
            if e.bytes.count > 1 << 16 {
                out += e.bytes
                e = FactEncoder()
            }
        }
        out += e.bytes
        var sum = checksum(out, upTo: out.count)
        for _ in 0..<8 {
            out.append(UInt8(truncatingIfNeeded: sum))
            sum >>= 8
        }
        return out
    }

    /// FNV-1a over 8-byte words (and the tail bytes): catches a truncated or damaged file.
    static func checksum(_ bytes: [UInt8], upTo end: Int) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            let prime: UInt64 = 0x0000_0100_0000_01B3
            var i = 0
            while i + 8 <= end {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian) &* prime
                hash ^= hash >> 29
                i += 8
            }
            while i < end {
                hash = (hash ^ UInt64(raw[i])) &* prime
                i += 1
            }
            return hash
        }
    }

    /// A cache file being written: the temporary file is created first, and its modification
    /// time is the stamp entries are judged racy by.
    struct PendingWrite: Sendable {
        let temporary: String
        let descriptor: Int32
        /// The file system's time when the write began, in nanoseconds since 1970.
        let stamp: Int64
    }

    /// Why a cache file could not be written: what failed, on which path, and the system's
    /// reason.
    public struct WriteFailure: Error, Sendable, Hashable {
        public var reason: String
    }

    /// The system's reason for the last call that failed (`errno`).
    static func systemReason() -> String { String(cString: strerror(errno)) }

    /// Creates the cache folder (with its `.gitignore`) and a temporary file in it; nil when
    /// the folder is not writable.
    func beginWrite() -> PendingWrite? { try? startWrite() }

    /// ``beginWrite()``, with why it failed.
    func startWrite() throws(WriteFailure) -> PendingWrite {
        let folder = self.folder
        var info = stat()
        if lstat(folder, &info) != 0 {
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw WriteFailure(reason: "cannot create the folder \(folder): \(Self.systemReason())")
            }
        } else if (info.st_mode & S_IFMT) != S_IFDIR {
            // Something else (a symbolic link, a file) has the name: leave it.
            let what = (info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : (info.st_mode & S_IFMT) == S_IFREG ? "a file" : "not a folder"
            throw WriteFailure(reason: "\(folder) is \(what), not a folder Larder made")
        }
        let ignore = folder + "/.gitignore"
        if access(ignore, F_OK) != 0 {
            try? Data("# Larder's local state: the lint cache (see `larder lint --help`) and the record of build outputs; never committed.\n*\n".utf8)
                .write(to: URL(fileURLWithPath: ignore), options: .atomic)
        }
        // Temporary files of runs that were killed while writing, if any, once they are old.
        let prefix = (file as NSString).lastPathComponent + ".tmp-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            var old = stat()
            let path = folder + "/" + name
            if lstat(path, &old) == 0, (old.st_mode & S_IFMT) == S_IFREG,
                FileStatKey(old).modified < Int64(Date().timeIntervalSince1970 - 600) * 1_000_000_000
            {
                unlink(path)
            }
        }
        let temporary = file + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw WriteFailure(reason: "cannot create a file in \(folder): \(Self.systemReason())") }
        guard fstat(fd, &info) == 0 else {
            let reason = Self.systemReason()
            close(fd)
            unlink(temporary)
            throw WriteFailure(reason: "cannot read the time of \(temporary): \(reason)")
        }
        return PendingWrite(temporary: temporary, descriptor: fd, stamp: FileStatKey(info).modified)
    }

    /// Writes `bytes` to the temporary file and renames it over the cache; false (and the
    /// temporary file removed) when that fails.
    @discardableResult
    func commit(_ pending: PendingWrite, _ bytes: [UInt8]) -> Bool {
        (try? finishWrite(pending, bytes)) != nil
    }

    /// ``commit(_:_:)``, with why it failed.
    func finishWrite(_ pending: PendingWrite, _ bytes: [UInt8]) throws(WriteFailure) {
        var written = 0
        var failure: String?
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            while written < raw.count {
                let n = write(pending.descriptor, base + written, raw.count - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    failure = "cannot write \(pending.temporary): \(n < 0 ? Self.systemReason() : "nothing was written")"
                    return false
                }
                written += n
            }
            return true
        }
        if close(pending.descriptor) != 0, failure == nil {
            failure = "cannot write \(pending.temporary): \(Self.systemReason())"
        }
        if ok, failure == nil, rename(pending.temporary, file) != 0 {
            failure = "cannot replace \(file): \(Self.systemReason())"
        }
        if let failure {
            unlink(pending.temporary)
            throw WriteFailure(reason: failure)
        }
    }

    /// Gives up a write: closes and removes the temporary file.
    func abandon(_ pending: PendingWrite) {
        close(pending.descriptor)
        unlink(pending.temporary)
    }
}
