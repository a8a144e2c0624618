import ArgumentParser
import Foundation
import LarderCore
import LarderJSON

/// Larder's version, printed by `larder --version` and written into reports.
public let larderVersion = "0.1.0"

/// The `larder` command: a thin shell over the library (parsing arguments, reading files,
/// writing reports); the work is done by LarderCore and the plugin registry.
public struct LarderCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "larder",
        abstract: "Validate, transform and export the JSON content your app ships.",
        discussion: """
            Exit status: 0 when the content is clean (warnings alone do not fail), 1 when \
            content errors were found, 2 for a usage, configuration or internal error; 130 \
            (143) when interrupted by Ctrl-C (SIGTERM), after stopping the plugins it runs.
            """,
        version: larderVersion,
        subcommands: [
            LintCommand.self, ValidateCommand.self, BuildCommand.self, ScaleCommand.self, ConvertCommand.self,
            ImportCommand.self,
            InitCommand.self, RulesCommand.self, ExplainCommand.self, SchemaCommand.self, HookCommand.self,
            PluginsCommand.self,  // plugins: `larder plugins`
        ]
    )

    public init() {}

    /// The registry `larder` runs with: the core's reporters and source plus the built-in
    /// rules, transforms and exporters. A Swift package extending Larder starts from it:
    ///
    ///     var registry = try LarderCommand.builtInRegistry()
    ///     try registry.register(rule: ABVLimit())
    ///     await LarderCommand.runMain(registry: registry)
    public static func builtInRegistry() throws -> PluginRegistry {
        try CLIRegistry.builtIn()
    }

    /// Runs the same CLI as `larder` with the plugins of `registry` (a Swift package's own
    /// rules, transforms, exporters and reporters beside or instead of the built-in ones),
    /// then exits with Larder's exit codes.
    public static func runMain(registry: PluginRegistry, arguments: [String]? = nil) async -> Never {
        await CLIRegistry.current.withValue(registry) { () async -> Void in
            await runMain(arguments: arguments)
        }
        fatalError("runMain(arguments:) exits")
    }

    /// Held by an interrupt from the moment it stops the plugins until the signal ends
    /// Larder, and taken by a normal exit: a command that sees its plugin stopped must not
    /// exit first, reporting the plugin's death as its failure.
    private static let ending = NSLock()

    /// Exits with `code`, unless an interrupt is ending Larder already.
    static func finish(_ code: Int32) -> Never {
        ending.lock()
        Foundation.exit(code)
    }

    /// Makes the signal sources that stop the running plugins on `SIGINT` and `SIGTERM` and
    /// remove the builds' staging folders and the temporary files of `-o` outputs, then end
    /// Larder with status 128 + the signal, as a shell reports an interrupted command. They are kept for the process's life (retained once more, never released), with no
    /// global variable to hold them.
    static func stopPluginsOnInterrupt() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                // Once: a second signal while the plugins are being stopped changes nothing.
                guard ending.try() else { return }
                RunningPlugins.shared.stopAll()
                ActiveStaging.shared.discardAll()
                // The shell's status for a command ended by the signal (130 for Ctrl-C). Not
                // the signal itself raised again: libdispatch, which delivers it here,
                // catches it again rather than letting it end the process.
                _exit(128 + sig)
            }
            source.resume()
            _ = Unmanaged.passRetained(source as AnyObject)
        }
    }

    /// Runs the CLI with the process's arguments and exits with Larder's exit codes
    /// (0 clean, 1 content errors, 2 usage or internal error).
    public static func runMain(arguments: [String]? = nil) async -> Never {
        stopPluginsOnInterrupt()
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            // --help and --version exit 0; anything else is a usage error: exit status 2.
            if exitCode(for: error) == .success { exit(withError: error) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            finish(0)
        } catch let code as ExitCode {
            finish(code.rawValue)
        } catch where exitCode(for: error) == .success {
            exit(withError: error)  // help requested by a command without its own run()
        } catch {
            // A usage problem found while running (an unknown format, a missing path) or an
            // internal error: one line on standard error, exit status 2.
            let message = (error as? ValidationError)?.message ?? "\(error)"
            FileHandle.standardError.write(Data("larder: error: \(terminalSafe(message))\n".utf8))
            finish(2)
        }
    }

    /// `text` with each control character but line feed and tab shown as U+FFFD: an error
    /// message can quote what a plugin wrote or a path content gave, and escape sequences
    /// there would drive the terminal (as the human report shows them, too).
    static func terminalSafe(_ text: String) -> String {
        func isControl(_ s: Unicode.Scalar) -> Bool { s != "\n" && s != "\t" && (s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)) }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars { out.append(isControl(s) ? "\u{FFFD}" : s) }
        return String(out)
    }
}

/// How reports are printed: `--format` and `--color`.
public struct OutputOptions: ParsableArguments {
    public enum Color: String, ExpressibleByArgument, CaseIterable, Sendable {
        case auto, always, never
    }

    @Option(name: .long, help: "Report format: human, xcode, json, sarif or github.")
    public var format: String = "human"

    @Option(name: .long, help: "Colour in the human report: auto (a terminal without NO_COLOR), always or never.")
    public var color: Color = .auto

    public init() {}

    /// Whether colour is on: `always`, or `auto` on a terminal when NO_COLOR is unset or empty.
    public func colorEnabled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            return isatty(STDOUT_FILENO) == 1
        }
    }

    /// The reporter named by `--format`, or a usage error listing the known formats.
    public func reporter(in registry: PluginRegistry) throws -> any Reporter {
        do {
            return try registry.reporter(format)
        } catch {
            throw ValidationError("unknown --format '\(format)'; use one of: \(registry.ids(of: .reporter).joined(separator: ", "))")
        }
    }
}

/// Writes bytes to standard output in one go.
func writeStandardOutput(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    FileHandle.standardOutput.write(Data(bytes))
}
