import Foundation

/// Runs one external plugin process: writes the request to its standard input, reads its
/// standard output up to a limit, and stops it when it runs too long.
///
///     let run = PluginProcess(command: ["python3", "plugins/abv.py"], directory: "/project")
///     let outcome = await run.run(input: Array(#"{"protocol": "larder-plugin/1"}"#.utf8))
///
/// This is the one place in the library that starts processes. The request goes through a
/// socket pair rather than a pipe, so a plugin that exits without reading it cannot kill
/// Larder with `SIGPIPE`.
struct PluginProcess: Sendable {
    /// The executable and its arguments; the executable is found on `PATH` unless it holds a
    /// `/` (then it is relative to ``directory``).
    var command: [String]
    /// The working directory (the project root).
    var directory: String
    /// Seconds before the process is stopped.
    var timeout: Double = 30
    /// The most bytes of standard output read before the process is stopped.
    var maxOutput: Int = 64 << 20
    /// The most bytes of standard error kept for messages (the rest is read and dropped).
    var maxErrorOutput: Int = 16 << 10

    /// How a run ended.
    enum Outcome: Sendable {
        /// The process exited (with `status`) and wrote `output`; `errorOutput` is the start
        /// of what it wrote to standard error.
        case exited(status: Int32, output: [UInt8], errorOutput: String)
        /// The process was killed by a signal it did not get from Larder.
        case signalled(signal: Int32, errorOutput: String)
        /// The process ran longer than ``timeout`` and was stopped.
        case timedOut
        /// The process wrote more than ``maxOutput`` bytes and was stopped.
        case outputTooLarge
        /// The process could not be started.
        case failedToStart(String)
    }

    /// Runs the command with `input` on its standard input.
    func run(input: [UInt8]) async -> Outcome {
        guard let executable = command.first else { return .failedToStart("the command is empty") }
        guard let url = resolve(executable) else {
            return .failedToStart(executable.contains("/")
                ? "'\(executable)' does not exist or is not executable (relative to \(directory))"
                : "'\(executable)' is not on PATH")
        }
        guard let inputPair = Self.socketPair() else { return .failedToStart("cannot make a socket for the request") }
        let outputPipe = Pipe(), errorPipe = Pipe()
        let process = Process()
        process.executableURL = url
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle(fileDescriptor: inputPair.child, closeOnDealloc: false)
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        do {
            try process.run()
        } catch {
            close(inputPair.child)
            close(inputPair.parent)
            return .failedToStart("\(error.localizedDescription)")
        }
        close(inputPair.child)
        try? outputPipe.fileHandleForWriting.close()
        try? errorPipe.fileHandleForWriting.close()

        let outputFD = outputPipe.fileHandleForReading.fileDescriptor
        let errorFD = errorPipe.fileHandleForReading.fileDescriptor
        let parentFD = inputPair.parent
        let maxOutput = self.maxOutput, maxErrorOutput = self.maxErrorOutput
        let pid = process.processIdentifier
        let ownGroup = getpgid(pid) == pid
        let timeout = self.timeout
        // Each blocking part runs on a thread of its own, and the kills happen there too, so
        // a busy concurrency pool cannot delay a timeout or let the output grow past the cap.
        async let written: Void = Self.onThread { Self.writeAll(input, to: parentFD) }
        async let errors = Self.onThread { Self.readAll(errorFD, limit: maxErrorOutput, drain: true) }
        async let output = Self.onThread { () -> ([UInt8], Bool) in
            let (bytes, overflow) = Self.readAll(outputFD, limit: maxOutput)
            if overflow { Self.kill(pid) }
            return (bytes, overflow)
        }
        let timedOut = await Self.onThread { () -> Bool in
            let deadline = Date().addingTimeInterval(max(0, timeout))
            while process.isRunning {
                if Date() >= deadline {
                    Self.kill(pid)
                    process.waitUntilExit()
                    return true
                }
                usleep(2_000)
            }
            process.waitUntilExit()
            // Programs the plugin left running in its group may still hold the output open:
            // they get what is left of the timeout.
            while ownGroup && Foundation.kill(-pid, 0) == 0 {
                if Date() >= deadline {
                    _ = Foundation.kill(-pid, SIGKILL)
                    return true
                }
                usleep(2_000)
            }
            return false
        }
        let (bytes, overflow) = await output
        let (errorBytes, _) = await errors
        await written
        try? outputPipe.fileHandleForReading.close()
        try? errorPipe.fileHandleForReading.close()

        if timedOut { return .timedOut }
        if overflow { return .outputTooLarge }
        let errorText = String(decoding: errorBytes, as: UTF8.self)
        if process.terminationReason == .uncaughtSignal {
            return .signalled(signal: process.terminationStatus, errorOutput: errorText)
        }
        return .exited(status: process.terminationStatus, output: bytes, errorOutput: errorText)
    }

    /// The executable's URL: a path with `/` against the directory, else the first match on
    /// `PATH`.
    func resolve(_ executable: String) -> URL? {
        let fm = FileManager.default
        if executable.contains("/") {
            let url = executable.hasPrefix("/")
                ? URL(fileURLWithPath: executable)
                : URL(fileURLWithPath: directory).appendingPathComponent(executable)
            return fm.isExecutableFile(atPath: url.path) ? url : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(executable)
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               fm.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    // MARK: Blocking helpers, each run on a thread of its own

    /// Runs blocking work off the concurrency pool, so waiting on a process cannot starve it.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    /// Stops a process with `SIGKILL` (a plugin that overran has no more say), and with it
    /// the processes it started when it leads its own process group (as `Process` makes it),
    /// so a child holding the output open cannot keep Larder waiting.
    static func kill(_ pid: Int32) {
        guard pid > 0 else { return }
        if getpgid(pid) == pid {
            _ = Foundation.kill(-pid, SIGKILL)
        } else {
            _ = Foundation.kill(pid, SIGKILL)
        }
    }

    /// A connected pair of sockets: the child's end becomes its standard input.
    static func socketPair() -> (parent: Int32, child: Int32)? {
        var fds: [Int32] = [0, 0]
        #if os(Linux)
        let type = Int32(SOCK_STREAM.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { return nil }
        #if !os(Linux)
        var on: Int32 = 1
        _ = setsockopt(fds[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return (fds[0], fds[1])
    }

    /// Writes `bytes` to the socket, stopping quietly when the plugin closed its end; then
    /// closes the socket so the plugin sees the end of its input.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let n = send(fd, buffer.baseAddress! + offset, buffer.count - offset, flags)
                if n < 0 {
                    if errno == EINTR { continue }
                    break
                }
                offset += n
            }
        }
        close(fd)
    }

    /// Reads `fd` to its end or until more than `limit` bytes came (then `overflow` is true
    /// and reading stops, unless `drain` asks to read on and drop the rest).
    static func readAll(_ fd: Int32, limit: Int, drain: Bool = false) -> (bytes: [UInt8], overflow: Bool) {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var overflow = false
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            if n == 0 { break }
            if overflow { continue }
            if out.count + n > limit {
                out.append(contentsOf: chunk[0..<(limit - out.count)])
                overflow = true
                if !drain { break }
            } else {
                out.append(contentsOf: chunk[0..<n])
            }
        }
        return (out, overflow)
    }
}
