import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `larder build`'s progress lines: on a terminal, `[i/n] step` with steps numbered in
/// order up to their number (a streamed build said `[2/6]` twice and then `[5/6] write`),
/// and the files of the streamed pass counted on one line; off a terminal, nothing.
@Suite struct BuildProgressTests {
    /// Runs `larder ARGS` in `directory` with standard error on a pseudo-terminal (standard
    /// output on a pipe), as a user's shell would; answers the bytes the terminal got.
    /// Output processing is turned off, so the bytes are the ones Larder wrote.
    static func stderrOnTerminal(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> (status: Int32, stderr: String) {
        // The C library's pseudo-terminal functions, which the Glibc module does not import.
        func libc<T>(_ name: String, _ type: T.Type) throws -> T {
            unsafeBitCast(try #require(dlsym(dlopen(nil, RTLD_NOW), name)), to: type)
        }
        let posix_openpt = try libc("posix_openpt", (@convention(c) (CInt) -> CInt).self)
        let grantpt = try libc("grantpt", (@convention(c) (CInt) -> CInt).self)
        let unlockpt = try libc("unlockpt", (@convention(c) (CInt) -> CInt).self)
        let ptsname = try libc("ptsname", (@convention(c) (CInt) -> UnsafeMutablePointer<CChar>?).self)
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        try #require(grantpt(master) == 0 && unlockpt(master) == 0)
        let name = try #require(ptsname(master).map { String(cString: $0) })
        let slave = open(name, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        var settings = termios()
        try #require(tcgetattr(slave, &settings) == 0)
        settings.c_oflag &= ~tcflag_t(OPOST)
        try #require(tcsetattr(slave, TCSANOW, &settings) == 0)

        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        env["LARDER_TRACE"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        // The terminal is read while the child runs (a full terminal buffer would stop
        // it), until the child's side is closed: read then answers 0 or EIO. The thread
        // hands its bytes over through the semaphore.
        final class Bytes: @unchecked Sendable {
            var value: [UInt8] = []
        }
        let bytes = Bytes()
        let reading = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                bytes.value += buffer[..<n]
            }
            reading.signal()
        }
        do {
            try process.run()
        } catch {
            close(slave)
            reading.wait()
            throw error
        }
        close(slave)
        _ = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        reading.wait()
        let text = String(decoding: bytes.value, as: UTF8.self)
        return (process.terminationStatus, text)
    }

    /// Each `[i/n]` the text shows, in order.
    static func steps(_ text: String) -> [(index: Int, count: Int)] {
        var found: [(Int, Int)] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: "]") else { break }
            let parts = rest[..<close].split(separator: "/")
            if parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) { found.append((i, n)) }
        }
        return found
    }

    func project() throws -> (Scratch, URL) {
        let dir = try Scratch()
        let app = dir.url.appendingPathComponent("cocktails")
        try FileManager.default.copyItem(at: BuildCommandTests.examples.appendingPathComponent("cocktails"), to: app)
        try? FileManager.default.removeItem(at: app.appendingPathComponent("dist"))
        try? FileManager.default.removeItem(at: app.appendingPathComponent(".larder-cache"))
        return (dir, app)
    }

    @Test func aStreamedBuildNumbersItsThreeStepsAndCountsTheFiles() throws {
        let (dir, app) = try project()
        defer { _ = dir }
        let run = try Self.stderrOnTerminal(["build"], in: app)
        #expect(run.status == 0, "\(run.stderr)")
        let text = run.stderr
        // The first step's line stays open, rewritten in place with the count, and is ended
        // with the number of files.
        #expect(text.hasPrefix("[1/3] load, lint and export\r[1/3] load, lint and export (0/3 files)\u{1B}[K"), "\(text)")
        #expect(!text.contains("\u{1B}[1A"))
        #expect(text.contains("\r[1/3] load, lint and export (3 files)\u{1B}[K\n[2/3] check across files\n[3/3] write\n"), "\(text)")
        let steps = Self.steps(text)
        #expect(steps.allSatisfy { $0.count == 3 })
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.index <= $1.index })
        #expect(steps.last?.index == 3)
    }

    @Test func theWholeContentPathNumbersEachConfiguredStep() throws {
        let (dir, app) = try project()
        defer { _ = dir }
        let run = try Self.stderrOnTerminal(["build", "--no-stream"], in: app)
        #expect(run.status == 0, "\(run.stderr)")
        // cocktails exports json-bundle, xcstrings and jsonld; the summary line follows.
        #expect(run.stderr.hasPrefix("""
            [1/6] load
            [2/6] lint
            [3/6] export json-bundle
            [4/6] export xcstrings
            [5/6] export jsonld
            [6/6] write
            Built 21 documents

            """.dropLast()), "\(run.stderr)")
    }

    /// A terminal that cannot take a rewritten line (`TERM=dumb`, or no `TERM`, as in
    /// Xcode's console) gets the steps' lines alone.
    @Test(arguments: ["dumb", ""])
    func aDumbTerminalGetsNoRewrittenLines(_ term: String) throws {
        let (dir, app) = try project()
        defer { _ = dir }
        let run = try Self.stderrOnTerminal(["build"], in: app, environment: ["TERM": term])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("[1/3] load, lint and export\n[2/3] check across files\n[3/3] write\nBuilt 21 documents"), "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"))
    }

    /// With `LARDER_TRACE=1` the trace's line comes before the step's, so the count
    /// rewrites the step's line, not the trace's.
    @Test func theTraceKeepsItsLines() throws {
        let (dir, app) = try project()
        defer { _ = dir }
        let run = try Self.stderrOnTerminal(["build"], in: app, environment: ["LARDER_TRACE": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        let step = try #require(lines.firstIndex { $0.hasPrefix("[1/3] load, lint and export\r") }, "\(run.stderr)")
        #expect(step > 0 && lines[step - 1].hasPrefix("[trace] load, lint and export"), "\(run.stderr)")
        #expect(lines[step].hasSuffix("(3 files)\u{1B}[K"), "\(run.stderr)")
    }

    @Test func offATerminalABuildPrintsNoProgress() throws {
        let (dir, app) = try project()
        defer { _ = dir }
        let run = try CLI.run(["build"], in: app)
        #expect(run.status == 0)
        #expect(Self.steps(run.stderr).isEmpty, "\(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"))
    }

    /// Content errors stop the streamed pass: the count's line is ended before the report.
    @Test func aBuildStoppedByContentErrorsEndsTheCountLine() throws {
        let (dir, app) = try project()
        defer { _ = dir }
        let files = try FileManager.default.contentsOfDirectory(atPath: app.appendingPathComponent("content").path).filter { $0.hasSuffix(".json") }.sorted()
        let first = app.appendingPathComponent("content/\(try #require(files.first))")
        try Data("{ not json".utf8).write(to: first)
        let run = try Self.stderrOnTerminal(["build"], in: app)
        #expect(run.status == 1)
        #expect(run.stderr.contains("\r[1/3] load, lint and export (3 files)\u{1B}[K\n[2/3] check across files\nlarder: the content has errors"), "\(run.stderr)")
        #expect(!run.stderr.contains("write"))
    }
}
