import Foundation
import LarderJSON

// Parse benchmark: reads and parses each file the way `larder lint` does (one core), and
// prints one JSON line: {"case", "files", "bytes", "seconds", "mbps"}. Driven by
// Benchmarks/parse.py, which times Python's json and orjson over the same files in the
// same run and prints the ratios.
//
//     swift build -c release --product larder-bench
//     .build/release/larder-bench parse FILE...
//
// Write benchmark (`write`): the files' top-level array elements are the documents, as in
// a bundle export; each is written into an array with its `name` and `steps` replaced, once
// through a tree (`value`, then a replacement per text, then the tree writer) and once
// straight from the tape (`ArrayWriter.append(_:node:replacing:)`). Prints one JSON line
// per path and style.

func usage() -> Never {
    FileHandle.standardError.write(Data("usage: larder-bench parse|write [--reps N] FILE...\n".utf8))
    exit(2)
}

var args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first, command == "parse" || command == "write" else { usage() }
args.removeFirst()
var reps = 1
if args.first == "--reps", args.count >= 2, let n = Int(args[1]) {
    reps = n
    args.removeFirst(2)
}
guard !args.isEmpty else { usage() }
if command == "write" {
    writeBenchmark(args, reps: reps)
    exit(0)
}

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

extension JSONValue {
    /// The value with the node at `pointer` replaced, as the bundle exporters do it.
    func replacing(_ pointer: ArraySlice<String>, with replacement: JSONValue) -> JSONValue {
        guard let first = pointer.first else { return replacement }
        switch self {
        case .object(var o):
            guard let child = o[first] else { return self }
            o[first] = child.replacing(pointer.dropFirst(), with: replacement)
            return .object(o)
        case .array(var a):
            guard let i = Int(first), a.indices.contains(i) else { return self }
            a[i] = a[i].replacing(pointer.dropFirst(), with: replacement)
            return .array(a)
        default:
            return self
        }
    }
}

/// One document to write: its node and the texts to replace (pointer relative to it, node).
struct BenchDocument {
    var file: Int
    var node: Int
    var texts: [(pointer: [String], node: Int, value: JSONValue)]
}

func writeBenchmark(_ paths: [String], reps: Int) {
    var docs: [JSONDocument] = []
    var work: [BenchDocument] = []
    var inputBytes = 0
    for path in paths {
        do {
            let input = try FileBytes.read(path)
            inputBytes += input.count
            let doc = try JSONDocument(parsing: input)
            let elements = doc.kind(doc.root) == .array ? Array(doc.elements(doc.root)) : [doc.root]
            for element in elements {
                var texts: [(pointer: [String], node: Int, value: JSONValue)] = []
                if let name = doc.member(element, "name"), let s = doc.string(name) {
                    texts.append((["name"], name, .string("« " + s + " »")))
                }
                if let steps = doc.member(element, "steps"), doc.kind(steps) == .array {
                    for (i, step) in doc.elements(steps).enumerated() {
                        if let s = doc.string(step) { texts.append((["steps", String(i)], step, .string(s + " (fr)"))) }
                    }
                }
                work.append(BenchDocument(file: docs.count, node: element, texts: texts))
            }
            docs.append(doc)
        } catch {
            FileHandle.standardError.write(Data("\(path):\(error)\n".utf8))
            exit(1)
        }
    }
    let replaced = work.reduce(0) { $0 + $1.texts.count }
    for (label, writer) in [("pretty", JSONWriter.pretty), ("compact", JSONWriter.compact)] {
        var results: [String: (seconds: Double, output: [UInt8])] = [:]
        for path in ["tree", "tape"] where ProcessInfo.processInfo.environment["LARDER_BENCH_PATH"].map({ $0 == path }) ?? true {
            var best = Double.infinity
            var last: [UInt8] = []
            for _ in 0..<max(1, reps) {
                let start = DispatchTime.now().uptimeNanoseconds
                var array = writer.arrayWriter()
                for item in work {
                    let doc = docs[item.file]
                    if path == "tree" {
                        var tree = doc.value(item.node)
                        for text in item.texts { tree = tree.replacing(text.pointer[...], with: text.value) }
                        array.append(tree)
                    } else {
                        var replacing: [Int: JSONValue] = [:]
                        replacing.reserveCapacity(item.texts.count)
                        for text in item.texts { replacing[text.node] = text.value }
                        array.append(doc, node: item.node, replacing: replacing)
                    }
                }
                last = array.finish()
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            results[path] = (best, last)
            print(#"{"case": "write-\#(path)", "style": "\#(label)", "documents": \#(work.count), "replaced": \#(replaced), "bytes": \#(inputBytes), "output": \#(last.count), "seconds": \#(best), "mbps": \#(Double(inputBytes) / 1e6 / best)}"#)
        }
        if results.count == 2 && results["tree"]?.output != results["tape"]?.output {
            FileHandle.standardError.write(Data("the tape path wrote other bytes than the tree path (\(label))\n".utf8))
            exit(1)
        }
    }
}
