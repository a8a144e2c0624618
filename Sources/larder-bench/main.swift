import Foundation
import LarderJSON

// Parse benchmark: reads and parses each file the way `larder lint` does (one core), and
// prints one JSON line: {"case", "files", "bytes", "seconds", "mbps"}. Driven by
// Benchmarks/parse.py, which times Python's json and orjson over the same files in the
// same run and prints the ratios.
//
//     swift build -c release --product larder-bench
//     .build/release/larder-bench parse FILE...

func usage() -> Never {
    FileHandle.standardError.write(Data("usage: larder-bench parse [--reps N] FILE...\n".utf8))
    exit(2)
}

var args = Array(CommandLine.arguments.dropFirst())
guard args.first == "parse" else { usage() }
args.removeFirst()
var reps = 1
if args.first == "--reps", args.count >= 2, let n = Int(args[1]) {
    reps = n
    args.removeFirst(2)
}
guard !args.isEmpty else { usage() }

var best = Double.infinity
var bytes = 0
var values = 0
for _ in 0..<reps {
    bytes = 0
    values = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for path in args {
        do {
            let input = try FileBytes.read(path)
            bytes += input.count
            let doc = try JSONDocument(parsing: input)
            values += doc.nodeCount
        } catch {
            FileHandle.standardError.write(Data("\(path):\(error)\n".utf8))
            exit(1)
        }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    best = min(best, seconds)
}
print(#"{"case": "larder", "files": \#(args.count), "bytes": \#(bytes), "values": \#(values), "seconds": \#(best), "mbps": \#(Double(bytes) / 1e6 / best)}"#)
