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
    /// The bytes of the file at `path`. Refuses directories and files of 4 GiB or more.
    public static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        // Without blocking: opening a named pipe (FIFO) to read waits for a writer, for ever;
        // the type check below then refuses it. (A regular file ignores the flag.)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileReadError(path: path, reason: (info.st_mode & S_IFMT) == S_IFDIR ? "it is a directory" : "it is not a regular file")
        }
        let size = Int(info.st_size)
        guard size < Int(UInt32.max) else { throw FileReadError(path: path, reason: "the file is 4 GiB or larger") }
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
}
