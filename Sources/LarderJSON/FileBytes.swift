import Foundation

/// A file that could not be read.
public struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read \(path): \(reason)" }
}

/// Reads whole files into byte arrays with one copy (no `Data` in between).
public enum FileBytes {
    /// `path` with every symbolic link resolved, or nil when it leads to nothing (the
    /// checks that a file reached through a link stays in its folder use it).
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What a file or a stream may hold: less than 4 GiB (sizes and offsets are kept in 32
    /// bits).
    static let sizeLimit = Int(UInt32.max)

    /// The bytes of the file at `path`. Refuses directories, pipes, devices and files of
    /// 4 GiB or more.
    public static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        try read(path, acceptingStreams: false)
    }

    /// The bytes of the file at `path`; with `acceptingStreams`, also of a pipe or a device
    /// a person named (`<(command)` in a shell, `/dev/stdin`), read to its end and held to
    /// the 4 GiB a file is held to. Files found by walking a folder are read without it: a
    /// named pipe there would wait for a writer.
    public static func read(_ path: String, acceptingStreams: Bool) throws(FileReadError) -> [UInt8] {
        // Without blocking: opening a named pipe (FIFO) to read waits for a writer, for ever;
        // the type check below then refuses it, or reads it waiting for the writer only when
        // streams are accepted. (A regular file ignores the flag.)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        let type = info.st_mode & S_IFMT
        if acceptingStreams && (type == S_IFIFO || type == S_IFCHR) { return try readToEnd(fd, path: path) }
        guard type == S_IFREG else {
            throw FileReadError(path: path, reason: type == S_IFDIR ? "it is a directory" : "it is not a regular file")
        }
        let size = Int(info.st_size)
        guard size < sizeLimit else { throw FileReadError(path: path, reason: "the file is 4 GiB or larger") }
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let n = Foundation.read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    break
                }
                if n == 0 { break }  // the file shrank while reading
                done += n
            }
            count = done
        }
        if let failure { throw FileReadError(path: path, reason: failure) }
        return bytes
    }

    /// Standard input (`-` given as a file), read to its end, held to the 4 GiB a file is
    /// held to.
    public static func readStandardInput() throws(FileReadError) -> [UInt8] {
        try readToEnd(STDIN_FILENO, path: "<stdin>")
    }

    /// Reads `fd` (a pipe, a device, or anything else without a size known in advance) until
    /// its end; refused once it reaches 4 GiB, as a file of that size is.
    private static func readToEnd(_ fd: Int32, path: String) throws(FileReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Waits until there is something to read or the writer is gone: the descriptor may
            // not block (a FIFO is opened so), where a read answers "nothing yet" (EAGAIN), and
            // a FIFO no writer has opened yet would read as empty.
            var wanted = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&wanted, 1, -1) < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: String(cString: strerror(errno)))
            }
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                throw FileReadError(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { return bytes }
            guard bytes.count + n < sizeLimit else { throw FileReadError(path: path, reason: "the input is 4 GiB or larger") }
            bytes.append(contentsOf: chunk[..<n])
        }
    }
}
