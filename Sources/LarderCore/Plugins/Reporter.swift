import Foundation
import LarderJSON

/// Turns a run's diagnostics into the bytes of one output format (human, xcode, json,
/// sarif, github).
///
/// A reporter returns bytes and never prints: the CLI writes them to standard output.
/// Reporters sort the diagnostics themselves (see ``Diagnostic``'s order), so the output
/// does not depend on the order the checks finished in.
public protocol Reporter: Plugin {
    /// The report for `diagnostics`.
    func report(_ diagnostics: [Diagnostic], summary: DiagnosticSummary, context: ReportContext) -> [UInt8]
}

/// What a reporter may know besides the diagnostics.
public struct ReportContext: Sendable {
    /// Whether ANSI colour may be used (the CLI decides: a terminal, and no `NO_COLOR`).
    public var colorEnabled: Bool
    /// The absolute path of the working directory; relative diagnostic paths are relative
    /// to it (SARIF's `%SRCROOT%`, Xcode's absolute paths).
    public var workingDirectory: String
    /// The text of each file, for reporters that quote the offending line.
    public var sources: SourceProvider
    /// The tool's name (`"larder"`).
    public var toolName: String
    /// The tool's version (`"0.1.0"`).
    public var toolVersion: String
    /// A web page about the tool (SARIF's `informationUri`), when there is one.
    public var informationURI: String?
    /// What is known about each rule, by id (SARIF's rule descriptions). Rules that are
    /// not listed are described by their id.
    public var rules: [String: RuleMetadata]

    public init(
        colorEnabled: Bool = false,
        workingDirectory: String = FileManager.default.currentDirectoryPath,
        sources: SourceProvider = .none,
        toolName: String = "larder",
        toolVersion: String = "0.0.0",
        informationURI: String? = nil,
        rules: [String: RuleMetadata] = [:]
    ) {
        self.colorEnabled = colorEnabled
        self.workingDirectory = workingDirectory
        self.sources = sources
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.informationURI = informationURI
        self.rules = rules
    }

    /// How reports name standard input read as a file.
    public static let standardInput = "<stdin>"

    /// The path of `file` made absolute against ``workingDirectory`` (unchanged when it is
    /// already absolute, or standard input).
    public func absolutePath(_ file: String) -> String {
        // Standard input (`larder validate -`) has no path to make absolute.
        if file.hasPrefix("/") || workingDirectory.isEmpty || file == Self.standardInput { return file }
        var base = workingDirectory
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var relative = Substring(file)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return base == "/" ? "/" + relative : base + "/" + relative
    }
}

/// Gives reporters the text of a file, one `SourceLocator` per file.
///
///     let sources = SourceProvider.locators(["a.json": json.locator()])
///     sources.locator(for: "a.json")?.lineText(3)
public struct SourceProvider: Sendable {
    private let lookup: @Sendable (String) -> SourceLocator?

    /// A provider backed by a function from file path to its text.
    public init(_ lookup: @escaping @Sendable (_ file: String) -> SourceLocator?) {
        self.lookup = lookup
    }

    /// The text of `file`, or nil when it is not known.
    public func locator(for file: String) -> SourceLocator? { lookup(file) }

    /// The text of line `line` (1-based) of `file`, without its line break.
    public func line(_ line: Int, of file: String) -> String? {
        guard let locator = locator(for: file), line >= 1, line <= locator.lineStarts.count else { return nil }
        return locator.lineText(line)
    }

    /// Asks this provider first, then `other` (for instance parsed documents first, then
    /// the disk for files that did not parse).
    public func fallback(to other: SourceProvider) -> SourceProvider {
        SourceProvider { file in self.locator(for: file) ?? other.locator(for: file) }
    }

    /// Knows no file.
    public static let none = SourceProvider { _ in nil }

    /// Knows the given files.
    public static func locators(_ locators: [String: SourceLocator]) -> SourceProvider {
        SourceProvider { locators[$0] }
    }

    /// Knows the given files, told apart by their bytes (two names that differ only in
    /// Unicode normalization are two files, which `String` keys would make one).
    public static func locators(_ locators: [PathKey: SourceLocator]) -> SourceProvider {
        SourceProvider { locators[PathKey($0)] }
    }

    /// Knows the files of `documents` (as parsed, so positions match the diagnostics).
    public static func documents(_ documents: [Document]) -> SourceProvider {
        var map: [PathKey: SourceLocator] = [:]
        for d in documents where map[PathKey(d.file)] == nil && !d.isModified { map[PathKey(d.file)] = d.sourceLocator() }
        return .locators(map)
    }

    /// Reads files from disk, relative paths against `directory`.
    public static func files(relativeTo directory: String) -> SourceProvider {
        SourceProvider { file in
            let path = file.hasPrefix("/") ? file : directory + "/" + file
            guard let bytes = try? FileBytes.read(path) else { return nil }
            return SourceLocator(bytes: bytes)
        }
    }
}
