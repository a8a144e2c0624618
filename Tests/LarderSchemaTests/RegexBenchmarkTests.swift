import Foundation
import Testing
import LarderSchema

/// Nanoseconds of CPU time used by this thread (steadier than wall time on a busy machine).
private func threadCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// A micro benchmark of the patterns a recipe schema runs on every document; off unless
/// `LARDER_REGEX_BENCH` is set. Run it on a release build:
///
///     LARDER_REGEX_BENCH=1 swift test -c release --filter RegexBenchmark
@Suite struct RegexBenchmark {
    static let cases: [(pattern: String, inputs: [(String, Bool)])] = [
        ("^rcp-[0-9]{6}$", [("rcp-004211", true), ("rcp-12345x", false), ("rcp-999999", true)]),
        ("^[a-z0-9]+(-[a-z0-9]+)*$", [("tomato-soup-with-basil", true), ("Tomato Soup", false), ("a-b-c-d-e-f", true)]),
        ("^[a-z][a-z0-9-]*$", [("classic-tomato-soup", true), ("9lives", false)]),
        (
            "^https://cdn\\.example\\.com/img/[a-z0-9-]+\\.(jpg|png|webp)$",
            [("https://cdn.example.com/img/tomato-soup-1.webp", true), ("https://cdn.example.com/img/x.gif", false)]
        ),
        ("\\p{Letter}cole", [("Les hivers de mon enfance étaient des saisons longues. Nous vivions à l'école", true)]),
        ("^[\\p{L}\\p{M}\\p{N} '-]{1,100}$", [("Crème brûlée", true), ("Tarte Tatin aux pommes", true), ("Soup!", false)]),
        ("^(?!admin$)[a-z]+$", [("admins", true), ("admin", false)]),
        ("^(\\w+)-\\1$", [("tomato-tomato", true), ("tomato-potato", false)]),
        ("^(a+)+$", [(String(repeating: "a", count: 30) + "!", false)]),
        ("a[ab]{20}$", [("ababababbababababababababababbab", true)]),
    ]

    @Test(.enabled(if: ProcessInfo.processInfo.environment["LARDER_REGEX_BENCH"] != nil))
    func nanosecondsPerMatch() throws {
        for item in RegexBenchmark.cases {
            let regex = try ECMARegex(item.pattern)
            var buffer: [UInt8] = []
            var ranges: [Range<Int>] = []
            for (input, _) in item.inputs {
                let start = buffer.count
                buffer += Array(input.utf8)
                ranges.append(start..<buffer.count)
            }
            let expected = item.inputs.map(\.1)
            let iterations = regex.engineName == "dfa" ? 1_000_000 : 50_000
            var results = [Bool](repeating: false, count: ranges.count)
            let start = threadCPUNanoseconds()
            try buffer.withUnsafeBufferPointer { bytes in
                for iteration in 0..<iterations {
                    let which = iteration % ranges.count
                    results[which] = try regex.search(utf8: UnsafeBufferPointer(rebasing: bytes[ranges[which]]))
                }
            }
            let utf8Time = (threadCPUNanoseconds() - start) / Double(iterations)
            #expect(results == expected, "/\(item.pattern)/")
            let stringStart = threadCPUNanoseconds()
            for iteration in 0..<iterations {
                let which = iteration % ranges.count
                results[which] = try regex.search(item.inputs[which].0)
            }
            let stringTime = (threadCPUNanoseconds() - stringStart) / Double(iterations)
            #expect(results == expected, "/\(item.pattern)/")
            let averageBytes = Double(buffer.count) / Double(ranges.count)
            print(
                "regex bench /\(item.pattern)/ [\(regex.engineName)] \(String(format: "%.0f", averageBytes)) B avg: "
                    + "utf8 \(String(format: "%.1f", utf8Time)) ns/match, String \(String(format: "%.1f", stringTime)) ns/match")
        }
    }
}
