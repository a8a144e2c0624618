import Foundation
import LarderJSON
import LarderSchema

/// Monotonic seconds.
func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

func loadSchema(_ path: String) -> JSONSchema {
    let bytes = readBytes(path)
    do {
        let doc = try JSONDocument(parsing: bytes)
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var registry = SchemaRegistry()
        registry.allowFiles(under: url.deletingLastPathComponent().path)
        return try JSONSchema(doc, options: SchemaOptions(baseURI: url.absoluteString), registry: registry)
    } catch let error as SchemaError {
        fail("\(path): \(error)")
    } catch {
        fail("\(path): \(error)")
    }
}

/// `--bench SCHEMA FILE... [--reps N]`: reads every file once, then times parsing alone and
/// validation alone (single thread, best of N), and a parallel parse+validate run.
func bench(_ args: [String]) -> Int32 {
    var reps = 3
    var paths: [String] = []
    var i = 0
    while i < args.count {
        if args[i] == "--reps", i + 1 < args.count, let n = Int(args[i + 1]) {
            reps = n
            i += 2
            continue
        }
        paths.append(args[i])
        i += 1
    }
    guard paths.count >= 2 else { fail("--bench needs SCHEMA FILE...") }
    let compileStart = now()
    let schema = loadSchema(paths[0])
    let compileTime = now() - compileStart
    let files = paths.dropFirst().map { readBytes($0) }
    let totalBytes = files.reduce(0) { $0 + $1.count }
    let mb = Double(totalBytes) / 1e6
    print("schema compiled in \(String(format: "%.2f", compileTime * 1000)) ms; \(files.count) files, \(String(format: "%.1f", mb)) MB")

    var docs: [JSONDocument] = []
    var bestParse = Double.infinity
    for _ in 0..<reps {
        let t = now()
        var parsed: [JSONDocument] = []
        parsed.reserveCapacity(files.count)
        for f in files {
            guard let d = try? JSONDocument(parsing: f) else { fail("a file is not valid JSON") }
            parsed.append(d)
        }
        bestParse = min(bestParse, now() - t)
        docs = parsed
    }
    var bestValidate = Double.infinity
    var invalid = 0
    for _ in 0..<reps {
        let t = now()
        var bad = 0
        for d in docs where !schema.isValid(d) { bad += 1 }
        bestValidate = min(bestValidate, now() - t)
        invalid = bad
    }
    func rate(_ seconds: Double) -> String {
        String(format: "%.3f s, %.0f MB/s", seconds, mb / seconds)
    }
    print("parse (1 thread):    \(rate(bestParse))")
    print("validate (1 thread): \(rate(bestValidate))  [\(invalid) invalid]")

    // Parallel: what `larder validate` does (parse + validate per file on every core).
    let cores = ProcessInfo.processInfo.environment["LARDER_BENCH_THREADS"].flatMap { Int($0) } ?? ProcessInfo.processInfo.activeProcessorCount
    var bestParallel = Double.infinity
    for _ in 0..<reps {
        let t = now()
        DispatchQueue.concurrentPerform(iterations: cores) { worker in
            var k = worker
            while k < files.count {
                // isValid lives in another module, so the call is not optimized away.
                if let d = try? JSONDocument(parsing: files[k]) { _ = schema.isValid(d) }
                k += cores
            }
        }
        bestParallel = min(bestParallel, now() - t)
    }
    print("parse+validate (\(cores) threads): \(rate(bestParallel))")

    // The same, reading each file from disk as `larder validate` does.
    let filePaths = Array(paths.dropFirst())
    var bestWithReads = Double.infinity
    for _ in 0..<reps {
        let t = now()
        DispatchQueue.concurrentPerform(iterations: cores) { worker in
            var k = worker
            while k < filePaths.count {
                if let data = FileManager.default.contents(atPath: filePaths[k]),
                    let d = try? JSONDocument(parsing: [UInt8](data))
                {
                    _ = schema.isValid(d)
                }
                k += cores
            }
        }
        bestWithReads = min(bestWithReads, now() - t)
    }
    print("read+parse+validate (\(cores) threads): \(rate(bestWithReads))")
    return 0
}

/// `--jsonl SCHEMA FILE.jsonl [--expect-invalid]`: validates each line; prints counts and
/// the first errors. With --expect-invalid every line must be rejected.
func jsonl(_ args: [String]) -> Int32 {
    let expectInvalid = args.contains("--expect-invalid")
    let paths = args.filter { $0 != "--expect-invalid" }
    guard paths.count == 2 else { fail("--jsonl needs SCHEMA FILE.jsonl") }
    let schema = loadSchema(paths[0])
    let bytes = readBytes(paths[1])
    var valid = 0, invalid = 0, lineNumber = 0, shown = 0
    var lines: [Range<Int>] = []
    bytes.withUnsafeBufferPointer { buf in
        var start = 0
        while start < buf.count {
            let rest = buf.count - start
            let found = memchr(buf.baseAddress! + start, 0x0A, rest)
            let end = found.map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - buf.baseAddress! } ?? buf.count
            lines.append(start..<end)
            start = end + 1
        }
    }
    let t = now()
    for range in lines {
        lineNumber += 1
        if range.isEmpty { continue }
        guard let doc = try? JSONDocument(parsing: Array(bytes[range])) else { fail("line \(lineNumber) is not valid JSON") }
        if schema.isValid(doc) {
            valid += 1
            if expectInvalid && shown < 5 {
                print("line \(lineNumber): accepted, but every line should be rejected")
                shown += 1
            }
        } else {
            invalid += 1
            let errors = schema.validate(doc).errors
            if errors.isEmpty { print("line \(lineNumber): isValid rejected it but validate found no error") }
            if shown < 5 && !expectInvalid {
                for e in errors { print("line \(lineNumber): \(e)") }
                shown += 1
            }
        }
    }
    let elapsed = now() - t
    print("\(valid) valid, \(invalid) invalid in \(String(format: "%.3f", elapsed)) s (\(String(format: "%.0f", Double(bytes.count) / 1e6 / elapsed)) MB/s parse+validate)")
    if expectInvalid { return valid == 0 ? 0 : 1 }
    return 0
}
