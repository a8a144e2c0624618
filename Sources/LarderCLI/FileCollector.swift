import Foundation

/// Turns the paths given on the command line into the list of files to check.
///
/// A file is taken as given (whatever its extension); a directory is walked recursively
/// for `*.json` files, skipping hidden entries (`.git`, `.build`) and not following
/// symbolic links to directories. The result keeps the command-line order, each directory's
/// files sorted, with duplicates removed.
struct FileCollector {
    var extensions: Set<String> = ["json"]

    struct MissingPath: Error, CustomStringConvertible {
        var path: String
        var description: String { "no such file or directory: \(path)" }
    }

    func collect(_ paths: [String]) throws -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw MissingPath(path: path) }
            if !isDirectory.boolValue {
                if seen.insert(path).inserted { out.append(path) }
                continue
            }
            for file in walk(path) where seen.insert(file).inserted { out.append(file) }
        }
        return out
    }

    private func walk(_ directory: String) -> [String] {
        let fm = FileManager.default
        var files: [String] = []
        var pending = [directory]
        while let dir = pending.popLast() {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = dir == "." ? name : (dir.hasSuffix("/") ? dir + name : dir + "/" + name)
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    let attributes = try? fm.attributesOfItem(atPath: path)
                    if attributes?[.type] as? FileAttributeType == .typeSymbolicLink { continue }
                    pending.append(path)
                } else if let ext = name.split(separator: ".").last, name.contains("."), extensions.contains(ext.lowercased()) {
                    files.append(path)
                }
            }
        }
        return files.sorted()
    }
}
