import Foundation
import Testing

/// Runs the built `larder` binary (a sibling of the test bundle) as a user would.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        // The test runner lives in the build products folder (or inside a bundle there).
        var candidates: [URL] = []
        var dir = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(dir.appendingPathComponent("larder"))
            dir = dir.deletingLastPathComponent()
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs `larder ARGS` in `directory` and waits for it; `input`, when given, is its
    /// standard input.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], input: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inPipe = input.map { _ in Pipe() }
        if let inPipe { process.standardInput = inPipe }
        try process.run()
        if let input, let inPipe {
            // A child that stops reading before the end (a limit reached, a bug) makes the
            // write fail with EPIPE, which the test then sees in the child's answer: not a
            // SIGPIPE that ends the whole test process without a word.
            signal(SIGPIPE, SIG_IGN)
            try? inPipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try? inPipe.fileHandleForWriting.close()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A scratch folder with files, removed when the test ends.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("larder-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
