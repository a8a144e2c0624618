import Foundation

/// Runs one external plugin process: writes the request to its standard input, reads its
/// standard output up to a limit, and stops it when it runs too long.
///
///     let run = PluginProcess(command: ["python3", "plugins/abv.py"], directory: "/project")
///     let outcome = await run.run(input: Array(#"{"protocol": "larder-plugin/1"}"#.utf8))
///
/// This is the one place in the library that starts processes. A plugin starts as from a
/// shell: no signal blocked, every signal's default action (see
/// ``spawn(_:arguments:in:input:output:error:)``). Standard input, output and error are
/// pipes, so a plugin may also open them by name (`/dev/stdin`: Node's
/// `fs.readFileSync('/dev/stdin')`, `jq . /dev/stdin`), which fails on a socket. A plugin
/// that exits without reading the request cannot kill Larder with `SIGPIPE`: the thread
/// that writes it blocks the signal and takes the write's `EPIPE` as the end.
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

    /// How a run ended. Each `errorOutput` is the end of what the process wrote to standard
    /// error (its last ``maxErrorOutput`` bytes).
    enum Outcome: Sendable {
        /// The process exited (with `status`) and wrote `output`.
        case exited(status: Int32, output: [UInt8], errorOutput: String)
        /// The process was killed by a signal it did not get from Larder.
        case signalled(signal: Int32, errorOutput: String)
        /// The process ran longer than ``timeout`` and was stopped.
        case timedOut(errorOutput: String)
        /// The process exited, but its standard output was still open at the end of
        /// ``timeout``, held by a program it left running.
        case outputHeldOpen(errorOutput: String)
        /// The process wrote more than ``maxOutput`` bytes and was stopped.
        case outputTooLarge(errorOutput: String)
        /// The process could not be started.
        case failedToStart(String)
    }

    /// Runs the command with `input` on its standard input.
    func run(input: [UInt8]) async -> Outcome {
        guard let executable = command.first else { return .failedToStart("the command is empty") }
        let url: URL
        switch resolve(executable) {
        case .success(let found): url = found
        case .failure(let reason): return .failedToStart(reason.message)
        }
        // Every descriptor is made close-on-exec: a plugin started at the same time by another
        // thread (the exports of a build run side by side) would otherwise inherit this
        // one's ends, and hold its input or output open. Each plugin then waited for an end
        // of input that did not come until the other exited, and both ran into the timeout.
        guard let inputPipe = Self.pipe() else { return .failedToStart("cannot make a pipe for the request") }
        guard let outputPipe = Self.pipe(), let errorPipe = Self.pipe() else {
            close(inputPipe.read)
            close(inputPipe.write)
            return .failedToStart("cannot make a pipe for the answer")
        }
        // Larder's end of the request never blocks: the writing thread waits with `poll`,
        // until the deadline (the plugin's end, a copy, blocks as usual).
        _ = fcntl(inputPipe.write, F_SETFL, fcntl(inputPipe.write, F_GETFL) | O_NONBLOCK)
        // Registered as starting first, so an interrupt that comes while the plugin starts
        // waits for it and stops it too (it stopped the plugins it knew, and one that had
        // just started ran on after Larder exited).
        guard RunningPlugins.shared.willStart() else {
            for fd in [inputPipe.read, inputPipe.write, outputPipe.read, outputPipe.write, errorPipe.read, errorPipe.write] { close(fd) }
            return .failedToStart("Larder is being interrupted")
        }
        let pid: pid_t
        switch Self.spawn(url.path, arguments: Array(command.dropFirst()), in: directory,
                          input: inputPipe.read, output: outputPipe.write, error: errorPipe.write) {
        case .success(let started):
            pid = started
        case .failure(let code):
            RunningPlugins.shared.started(nil)
            for fd in [inputPipe.read, inputPipe.write, outputPipe.read, outputPipe.write, errorPipe.read, errorPipe.write] { close(fd) }
            return .failedToStart(startFailure(url, errno: code.code.rawValue))
        }
        RunningPlugins.shared.started(pid)
        close(inputPipe.read)
        close(outputPipe.write)
        close(errorPipe.write)
        // Reaped last, once it is no longer listed: until then its pid (and its group's id)
        // cannot be taken by another process, so no kill can reach a stranger.
        defer { Self.reap(pid) }
        defer { RunningPlugins.shared.remove(pid) }

        let outputFD = outputPipe.read
        let errorFD = errorPipe.read
        let parentFD = inputPipe.write
        let maxOutput = self.maxOutput, maxErrorOutput = self.maxErrorOutput
        let ownGroup = getpgid(pid) == pid
        let timeout = self.timeout
        // One deadline for every part: a program the plugin started in a session of its own
        // (out of the plugin's process group, so not stopped with it) may hold the plugin's
        // input or output open for ever; reading and writing end at the deadline too.
        let deadline = Date().addingTimeInterval(max(0, timeout))
        // Once the plugin has exited and its output is at its end, standard error and the
        // request are not waited for (see below).
        let stop = StopSignal()
        // Each blocking part runs on a thread of its own, started here before anything
        // waits, and the kills happen there too: a busy concurrency pool can neither delay a
        // timeout nor the request. (Started as `async let` tasks, they waited for a free
        // thread of the pool; with the pool busy the plugin got no input, and tests running
        // side by side ran into the 30-second timeout.)
        let written = ThreadResult { Self.writeAll(input, to: parentFD, until: deadline, stop: stop) }
        let errors = ThreadResult {
            Self.readAll(errorFD, limit: maxErrorOutput, drain: true, keepLast: true, until: deadline, stop: stop)
        }
        // Signalled once the plugin has failed (a non-zero exit status, a signal): its
        // answer would not be read, so what holds its output open is not waited for.
        let failed = StopSignal()
        let output = ThreadResult { () -> Read in
            let read = Self.readAll(outputFD, limit: maxOutput, until: deadline, stop: failed)
            if read.overflow { Self.kill(pid) }
            return read
        }
        // Whether the plugin ended is asked of the system (`waitid` without reaping): the
        // plugin stays a zombie, its pid and group id taken, until the group is killed and
        // it is reaped at the end.
        let timer = ThreadResult { () -> (stopped: Bool, end: End) in
            var end = Self.end(of: pid)
            while end == .running {
                if Date() >= deadline {
                    Self.kill(pid)
                    while end == .running {
                        usleep(2_000)
                        end = Self.end(of: pid)
                    }
                    return (true, end)
                }
                usleep(2_000)
                end = Self.end(of: pid)
            }
            // A failed plugin's output is not waited for: said to the reading thread from
            // here, not from the task that awaits this (with every thread of the concurrency
            // pool busy, that task ran only after the read had waited out the timeout).
            if case .ended(let status, let bySignal) = end, bySignal || status != 0 { failed.stop() }
            return (false, end)
        }
        // A cancelled run (another step of the build failed) stops the plugin at once rather
        // than waiting for its answer or its timeout.
        let (stopped, end, read, errorRead) = await withTaskCancellationHandler {
            let (stopped, end) = await timer.value()
            // The answer is read to its end: a program the plugin left running that holds its
            // output has what is left of the timeout (the read ends at the deadline). Not
            // when the plugin failed: no answer is to come, and one is not read, so the
            // failure is reported at once with its status (Larder waited the whole timeout
            // for a child left running, and then said only that the output was held open).
            if case .ended(let status, let bySignal) = end, bySignal || status != 0 { failed.stop() }
            let read = await output.value()
            // Then programs the plugin left running in its group end with it, and what holds
            // its standard error or input is not waited for: standard error has said what it
            // had to say, the rest of the request is not wanted. (A helper left in a session
            // of its own, out of the group's reach, that inherited standard error kept Larder
            // waiting for the whole timeout, and so did one that inherited the input of a
            // request larger than a pipe holds.) The group is not waited for: its members
            // killed with it stay in the table until the system reaps them, which took a
            // second and more here.
            if ownGroup { _ = Foundation.kill(-pid, SIGKILL) }
            stop.stop()
            _ = await written.value()
            return (stopped, end, read, await errors.value())
        } onCancel: {
            Self.kill(pid)
        }
        close(outputFD)
        close(errorFD)
        let bytes = read.bytes
        let errorText = String(decoding: errorRead.bytes, as: UTF8.self)

        if stopped { return .timedOut(errorOutput: errorText) }
        if read.overflow { return .outputTooLarge(errorOutput: errorText) }
        if read.timedOut { return .outputHeldOpen(errorOutput: errorText) }
        switch end {
        case .ended(let signal, bySignal: true):
            return .signalled(signal: signal, errorOutput: errorText)
        case .ended(let status, bySignal: false):
            return .exited(status: status, output: bytes, errorOutput: errorText)
        case .running, .reaped:
            // Larder reaps its plugins itself, by pid, after this; a status taken elsewhere
            // is unknown, and the answer decides.
            return .exited(status: 0, output: bytes, errorOutput: errorText)
        }
    }

    /// Where a started process stands.
    enum End: Equatable {
        case running
        /// It ended with this exit status, or was killed by this signal.
        case ended(Int32, bySignal: Bool)
        /// It is no child of Larder's to wait for (reaped already).
        case reaped
    }

    /// Whether the process `pid` (a child of this one) has ended, asked without reaping it.
    static func end(of pid: Int32) -> End {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 {
            if errno != EINTR { return .reaped }
        }
        #if os(Linux)
        let ended = info._sifields._sigchld.si_pid
        let status = info._sifields._sigchld.si_status
        #else
        let ended = info.si_pid
        let status = info.si_status
        #endif
        guard ended != 0 else { return .running }
        let code = Int32(info.si_code)
        return .ended(status, bySignal: code == Int32(CLD_KILLED) || code == Int32(CLD_DUMPED))
    }

    /// Why a command cannot be started, as a sentence about its first word.
    struct StartFailure: Error {
        var message: String
    }

    /// The executable's URL: a path with `/` against the directory, else the first match on
    /// `PATH`; or why there is none (missing, a folder, not executable).
    func resolve(_ executable: String) -> Result<URL, StartFailure> {
        let fm = FileManager.default
        if executable.contains("/") {
            let url = executable.hasPrefix("/")
                ? URL(fileURLWithPath: executable)
                : URL(fileURLWithPath: directory).appendingPathComponent(executable)
            let place = executable.hasPrefix("/") ? "" : " (relative to \(directory))"
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                return .failure(StartFailure(message: "'\(executable)' does not exist\(place)" + wordsAdvice(executable)))
            }
            if isDirectory.boolValue {
                return .failure(StartFailure(message: "'\(executable)' is a folder, not a program\(place)"))
            }
            guard fm.isExecutableFile(atPath: url.path) else {
                return .failure(StartFailure(message: "'\(executable)' is not executable: make it executable (chmod +x \(executable)), or "
                    + "run it through its interpreter: \(throughInterpreter())"))
            }
            return .success(url)
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(executable)
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               fm.isExecutableFile(atPath: candidate.path) {
                return .success(candidate)
            }
        }
        // `[check.sh]` for the project's own script: it is not looked for there.
        let local = URL(fileURLWithPath: directory).appendingPathComponent(executable).path
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: local, isDirectory: &isDirectory), !isDirectory.boolValue {
            let advice = fm.isExecutableFile(atPath: local)
                ? ": write ./\(executable)"
                : ", which is not executable: write \(PluginProcess(command: ["./" + executable] + command.dropFirst(), directory: directory).throughInterpreter()), "
                    + "or make it executable (chmod +x \(executable)) and write ./\(executable)"
            return .failure(StartFailure(message: "'\(executable)' is not on PATH; the project folder has \(executable)\(advice) "
                + "(a word without '/' is looked up on PATH)"))
        }
        return .failure(StartFailure(message: "'\(executable)' is not on PATH" + wordsAdvice(executable)))
    }

    /// For a program name that holds spaces and starts with a program that runs
    /// (`[python3 plugins/abv.py]`, a shell line written as one item): what to write instead,
    /// each word an item of its own. Empty otherwise (a path with a space in it is a name too).
    func wordsAdvice(_ executable: String) -> String {
        let words = executable.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count > 1, case .success = PluginProcess(command: words, directory: directory).resolve(words[0]) else { return "" }
        return "; the command runs without a shell, so each word is an item of its own: write "
            + PluginSpec.flowList(words + command.dropFirst())
    }

    /// Why the system would not start `url` (the command's first word, found), from the
    /// error of the start (`errno`, when known) and from the file itself. The system's own
    /// words would be "No such file or directory" for a script whose `#!` interpreter is
    /// missing.
    func startFailure(_ url: URL, errno code: Int32?) -> String {
        let executable = command.first ?? url.path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let first = Self.firstLine(of: url.path)
        let interpreterLine = first.flatMap { $0.hasPrefix("#!") ? String($0.dropFirst(2)) : nil }
        let noInterpreter = "'\(executable)' is not a program the system can start: add a #! line (#!/bin/sh, #!/usr/bin/env python3), "
            + "or run it through its interpreter: \(throughInterpreter())"
        if code == EISDIR || (exists && isDirectory.boolValue) { return "'\(executable)' is a folder, not a program" }
        switch code {
        case ENOENT?:
            guard exists else { return "'\(executable)' does not exist" }
            guard let line = interpreterLine else { return "'\(executable)' cannot be started: a program it needs does not exist" }
            if line.hasSuffix("\r") {
                return "the #! line of '\(executable)' ends with a Windows line break (\\r\\n), so the system looks for an interpreter "
                    + "whose name ends with it: save the file with Unix line endings (\\n)"
            }
            let interpreter = line.split(separator: " ").first.map(String.init) ?? line
            return "the interpreter the #! line of '\(executable)' names, '\(interpreter)', does not exist: fix the #! line, "
                + "or run it through its interpreter: \(throughInterpreter())"
        case EACCES?:
            return "the system refused to start '\(executable)' (permission denied): make it executable (chmod +x \(executable)), "
                + "check that its #! interpreter is too, or run it through its interpreter: \(throughInterpreter())"
        case ENOEXEC?:
            return noInterpreter
        case let code?:
            return "the system refused to start '\(executable)': \(String(cString: strerror(code)))"
        case nil:
            return exists && interpreterLine == nil ? noInterpreter : "the system refused to start '\(executable)'"
        }
    }

    /// The command run through the interpreter its file name suggests: `[sh, ./plugins/x.sh]`.
    func throughInterpreter() -> String {
        guard let executable = command.first else { return "[]" }
        let interpreters = ["sh": ["sh"], "bash": ["bash"], "py": ["python3"], "js": ["node"], "mjs": ["node"], "cjs": ["node"],
                            "rb": ["ruby"], "pl": ["perl"], "php": ["php"], "ts": ["deno", "run"], "lua": ["lua"]]
        let ext = (executable as NSString).pathExtension.lowercased()
        let interpreter = interpreters[ext] ?? ["<interpreter>"]
        return PluginSpec.flowList(interpreter + command)
    }

    /// The first line of a file (at most 256 bytes), or nil when it cannot be read.
    static func firstLine(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 256) else { return nil }
        let bytes = Array(data)
        let line = bytes.firstIndex(of: UInt8(ascii: "\n")).map { Array(bytes[..<$0]) } ?? bytes
        return String(decoding: line, as: UTF8.self)
    }

    // MARK: Starting

    /// Starts `path` with `arguments` in `directory`, with `input`, `output` and `error` as
    /// its standard input, output and error: the process's id, or the system's error.
    ///
    /// The plugin starts as a program started from a shell does: with no signal blocked
    /// and every signal's action the default, in a process group of its own, with no other
    /// descriptor of Larder's open. (Foundation's `Process` passed on the mask of the
    /// thread that started it, a thread of the concurrency pool that blocks `SIGTERM`,
    /// `SIGINT`, `SIGALRM` and more: a plugin's `signal.alarm` never fired, and a helper it
    /// stopped with `SIGTERM` ran on.)
    static func spawn(_ path: String, arguments: [String], in directory: String,
                      input: Int32, output: Int32, error: Int32) -> Result<pid_t, POSIXError> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        func failure(_ code: Int32) -> Result<pid_t, POSIXError> { .failure(POSIXError(POSIXErrorCode(rawValue: code) ?? .EINVAL)) }
        var code = posix_spawn_file_actions_init(&actions)
        guard code == 0 else { return failure(code) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        code = posix_spawnattr_init(&attributes)
        guard code == 0 else { return failure(code) }
        defer { posix_spawnattr_destroy(&attributes) }

        var executable = path
        var argv = [path] + arguments
        for (fd, target) in [(input, STDIN_FILENO), (output, STDOUT_FILENO), (error, STDERR_FILENO)] where code == 0 {
            code = posix_spawn_file_actions_adddup2(&actions, fd, target)
        }
        guard code == 0 else { return failure(code) }
        #if canImport(Darwin)
        code = posix_spawn_file_actions_addchdir_np(&actions, directory)
        guard code == 0 else { return failure(code) }
        let closeOthers = Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        // Both are glibc's (2.29 and 2.34), not seen by Swift: found by name.
        typealias AddChdir = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Int32
        typealias AddClosefrom = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
        if let addchdir = Self.cFunction("posix_spawn_file_actions_addchdir_np", as: AddChdir.self) {
            code = withUnsafeMutablePointer(to: &actions) { addchdir(UnsafeMutableRawPointer($0), directory) }
            guard code == 0 else { return failure(code) }
        } else {
            // An older C library: a shell changes the folder, then becomes the plugin.
            argv = ["/bin/sh", "-c", #"cd -- "$0" && exec "$@""#, directory] + argv
            executable = "/bin/sh"
        }
        // Every other descriptor is closed in the plugin (Darwin's POSIX_SPAWN_CLOEXEC_DEFAULT):
        // one that some other part of the process left without close-on-exec must not leak.
        if let addclosefrom = Self.cFunction("posix_spawn_file_actions_addclosefrom_np", as: AddClosefrom.self) {
            code = withUnsafeMutablePointer(to: &actions) { addclosefrom(UnsafeMutableRawPointer($0), 3) }
            guard code == 0 else { return failure(code) }
        } else {
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for fd in open.compactMap({ Int32($0) }) where fd > STDERR_FILENO {
                _ = posix_spawn_file_actions_addclose(&actions, fd)
            }
        }
        let closeOthers: Int16 = 0
        #endif

        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        sigdelset(&everySignal, SIGKILL)
        sigdelset(&everySignal, SIGSTOP)
        #if os(Linux)
        // glibc's own two signals (32 and 33), which `sigfillset` leaves out: the child it
        // starts ignores them otherwise, and keeps ignoring them after exec.
        // (A signal n is bit n - 1 of the set's words.)
        withUnsafeMutablePointer(to: &everySignal) { set in
            set.withMemoryRebound(to: UInt.self, capacity: MemoryLayout<sigset_t>.size / MemoryLayout<UInt>.size) { words in
                for bit in [31, 32] { words[bit / UInt.bitWidth] |= 1 << UInt(bit % UInt.bitWidth) }
            }
        }
        #endif
        let flags = Int16(POSIX_SPAWN_SETPGROUP) | Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF) | closeOthers
        for set in [{ posix_spawnattr_setflags(&attributes, flags) },
                    { posix_spawnattr_setpgroup(&attributes, 0) },
                    { posix_spawnattr_setsigmask(&attributes, &noSignals) },
                    { posix_spawnattr_setsigdefault(&attributes, &everySignal) }] where code == 0 {
            code = set()
        }
        guard code == 0 else { return failure(code) }

        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            for p in cArgv { free(p) }
            for p in cEnvironment { free(p) }
        }
        var pid: pid_t = 0
        // "Text file busy": the file is open for writing somewhere. A script written just
        // before is, for a moment, by any process another thread was starting meanwhile
        // (its copy of the descriptors holds the file until it execs), and the start
        // failed at random; a file that stays busy for a second fails.
        let busyUntil = Date().addingTimeInterval(1)
        repeat {
            code = cArgv.withUnsafeBufferPointer { argvBuffer in
                cEnvironment.withUnsafeBufferPointer { envBuffer in
                    posix_spawn(&pid, executable, &actions, &attributes, argvBuffer.baseAddress!, envBuffer.baseAddress!)
                }
            }
            if code == ETXTBSY { usleep(10_000) }
        } while code == ETXTBSY && Date() < busyUntil
        guard code == 0 else { return failure(code) }
        return .success(pid)
    }

    /// A function of the C library found by name, or nil when this system's has none.
    static func cFunction<F>(_ name: String, as type: F.Type) -> F? {
        guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
        defer { dlclose(handle) }
        guard let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    /// Waits for the child `pid`, which has ended, and takes it out of the process table.
    static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    // MARK: Blocking helpers, each run on a thread of its own

    /// Stops a process with `SIGKILL` (a plugin that overran has no more say), and with it
    /// the processes it started when it leads its own process group (as
    /// ``spawn(_:arguments:in:input:output:error:)`` makes it), so a child holding the output
    /// open cannot keep Larder waiting.
    static func kill(_ pid: Int32) {
        guard pid > 0 else { return }
        if getpgid(pid) == pid {
            _ = Foundation.kill(-pid, SIGKILL)
        } else {
            _ = Foundation.kill(pid, SIGKILL)
        }
    }

    /// A pipe whose ends are close-on-exec (the child gets its end as standard input, output
    /// or error through `dup2`, which clears the flag on the copy): a plugin started at the
    /// same time by another thread must not inherit them. On Linux both ends are made
    /// close-on-exec in the same call (`pipe2`, which Swift does not see, found by name), so
    /// no other thread can start a process in between.
    static func pipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [0, 0]
        #if os(Linux)
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
        if let handle = dlopen(nil, RTLD_NOW) {
            defer { dlclose(handle) }
            if let symbol = dlsym(handle, "pipe2") {
                let pipe2 = unsafeBitCast(symbol, to: Pipe2.self)
                guard pipe2(&fds, O_CLOEXEC) == 0 else { return nil }
                return (fds[0], fds[1])
            }
        }
        #endif
        guard Foundation.pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
        _ = fcntl(fds[1], F_SETNOSIGPIPE, 1)
        #endif
        return (fds[0], fds[1])
    }

    /// What ``wait(_:for:until:stop:)`` waited for.
    enum Readiness {
        /// The descriptor can be read or written (or has an error, which the read or write
        /// that follows reports).
        case ready
        /// The deadline passed.
        case deadline
        /// `stop` was signalled.
        case stopped
    }

    /// Waits until `fd` can be read (`POLLIN`) or written (`POLLOUT`), `deadline` passes, or
    /// `stop` is signalled.
    static func wait(_ fd: Int32, for events: Int32, until deadline: Date, stop: StopSignal? = nil) -> Readiness {
        while true {
            if stop?.isStopped == true { return .stopped }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return .deadline }
            // A negative descriptor is left out by `poll`. A signal without a pipe (none
            // could be made: the process was out of descriptors) is looked at every 50 ms;
            // the wait went on to the deadline, a failed plugin was taken for one whose
            // answer was held open.
            var entries = [pollfd(fd: fd, events: Int16(events), revents: 0),
                           pollfd(fd: stop?.fd ?? -1, events: Int16(POLLIN), revents: 0)]
            let slice = stop.map { $0.fd < 0 } == true ? min(left, 0.05) : left
            let n = poll(&entries, 2, Int32(min(slice * 1000 + 1, 60_000)))
            if n > 0 { return entries[1].revents != 0 ? .stopped : .ready }
            if n < 0 && errno != EINTR { return .ready }
        }
    }

    /// Writes `bytes` to the pipe (non-blocking), stopping quietly when the plugin closed its
    /// end or `stop` is signalled; then closes the pipe so the plugin sees the end of its
    /// input. True when `deadline` passed first.
    ///
    /// Runs on a thread of its own, which blocks `SIGPIPE` while it writes: a write to a pipe
    /// the plugin closed then fails with `EPIPE` instead of killing Larder, and the signal
    /// left pending on this thread is taken before the mask is restored.
    static func writeAll(_ bytes: [UInt8], to fd: Int32, until deadline: Date, stop: StopSignal? = nil) -> Bool {
        #if os(Linux)
        var sigpipe = sigset_t()
        sigemptyset(&sigpipe)
        sigaddset(&sigpipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &sigpipe, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        #endif
        var offset = 0
        var timedOut = false
        var broken = false
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        switch wait(fd, for: Int32(POLLOUT), until: deadline, stop: stop) {
                        case .ready: continue
                        case .deadline: timedOut = true
                        case .stopped: break
                        }
                    } else {
                        broken = errno == EPIPE
                    }
                    break
                }
                offset += n
            }
        }
        close(fd)
        #if os(Linux)
        if broken {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&sigpipe, nil, &now) < 0 && errno == EINTR {}
        }
        #else
        _ = broken
        #endif
        return timedOut
    }

    /// What ``readAll(_:limit:drain:keepLast:until:stop:)`` read.
    struct Read: Sendable {
        var bytes: [UInt8] = []
        /// More than the limit came.
        var overflow = false
        /// The deadline passed before the end.
        var timedOut = false
    }

    /// Reads `fd` to its end or until more than `limit` bytes came (then `overflow` is true
    /// and reading stops, unless `drain` asks to read on and drop the rest), or until
    /// `deadline`, or until `stop` is signalled (then what has come so far is read, and no
    /// more is waited for). With `keepLast`, the last `limit` bytes are kept rather than the
    /// first (the end of standard error says what went wrong).
    static func readAll(_ fd: Int32, limit: Int, drain: Bool = false, keepLast: Bool = false, until deadline: Date,
                        stop: StopSignal? = nil) -> Read {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var overflow = false
        var stopped = false
        // The reads after a stop: what has come, not a writer that never stops (64 MiB).
        var readsLeft = 1024
        while true {
            if stopped {
                var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard readsLeft > 0, poll(&entry, 1, 0) > 0 else { break }
                readsLeft -= 1
            } else {
                switch wait(fd, for: Int32(POLLIN), until: deadline, stop: stop) {
                case .ready: break
                case .deadline:
                    if keepLast && out.count > limit { out.removeFirst(out.count - limit) }
                    return Read(bytes: out, overflow: overflow, timedOut: true)
                case .stopped:
                    stopped = true
                    continue
                }
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            if n == 0 { break }
            if keepLast {
                out.append(contentsOf: chunk[0..<n])
                if out.count > 2 * limit { out.removeFirst(out.count - limit) }
                continue
            }
            if overflow { continue }
            if out.count + n > limit {
                out.append(contentsOf: chunk[0..<(limit - out.count)])
                overflow = true
                if !drain { break }
            } else {
                out.append(contentsOf: chunk[0..<n])
            }
        }
        if keepLast && out.count > limit { out.removeFirst(out.count - limit) }
        return Read(bytes: out, overflow: overflow)
    }
}

/// Tells the threads that write a plugin's request and read its standard error to stop
/// waiting: the write end of a pipe whose read end they poll too is closed.
final class StopSignal: @unchecked Sendable {
    /// The end to poll: readable (at its end) once stopped; -1 when no pipe could be made
    /// (the threads then wait until their deadline).
    let fd: Int32
    private let lock = NSLock()
    private var writeEnd: Int32

    init() {
        let ends = PluginProcess.pipe()
        fd = ends?.read ?? -1
        writeEnd = ends?.write ?? -1
    }

    private var stopped = false

    /// Whether ``stop()`` was called (what a wait without a pipe looks at).
    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Wakes every wait on ``fd``, now and later.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    deinit {
        stop()
        if fd >= 0 { close(fd) }
    }
}

/// Work started at once on a thread of its own, whose result is awaited later: the thread
/// does not wait for the concurrency pool, as a child task would. The lock guards the
/// handover between the thread that finishes and the task that awaits (whichever comes
/// first leaves its part for the other).
final class ThreadResult<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: T?
    private var waiting: CheckedContinuation<T, Never>?

    init(_ work: @escaping @Sendable () -> T) {
        Thread.detachNewThread { [self] in
            let value = work()
            lock.lock()
            if let waiting {
                self.waiting = nil
                lock.unlock()
                waiting.resume(returning: value)
            } else {
                result = value
                lock.unlock()
            }
        }
    }

    /// The result, once the work is done.
    func value() async -> T {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let result {
                lock.unlock()
                continuation.resume(returning: result)
            } else {
                waiting = continuation
                lock.unlock()
            }
        }
    }
}

/// The plugins running now, so that a Larder that is interrupted (Ctrl-C, `SIGTERM`) can stop
/// them: each plugin leads a process group of its own, which a terminal's Ctrl-C does not
/// reach, and a plugin left behind ran until it ended by itself (for ever, if it hung).
public final class RunningPlugins: @unchecked Sendable {
    public static let shared = RunningPlugins()
    private let lock = NSLock()
    private var pids: Set<Int32> = []
    /// Plugins between ``willStart()`` and ``started(_:)``.
    private var starting = 0
    /// Set by ``stopAll()``: no plugin starts after it.
    private var stopping = false

    /// Called before a plugin is started: false once Larder is being interrupted.
    func willStart() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !stopping else { return false }
        starting += 1
        return true
    }

    /// Called right after a start: the plugin's pid, or nil when it did not start.
    func started(_ pid: Int32?) {
        lock.lock()
        starting -= 1
        if let pid { pids.insert(pid) }
        lock.unlock()
    }

    func remove(_ pid: Int32) {
        lock.lock()
        pids.remove(pid)
        lock.unlock()
    }

    /// Kills every running plugin, with the processes of its group.
    public func stopAll() {
        lock.lock()
        stopping = true
        lock.unlock()
        // A plugin being started is registered within moments of its start: wait for it
        // (at most 5 seconds, should its thread not be scheduled), then stop every one.
        let until = Date().addingTimeInterval(5)
        while true {
            lock.lock()
            let busy = starting > 0
            lock.unlock()
            if !busy || Date() > until { break }
            usleep(1_000)
        }
        lock.lock()
        let running = pids
        lock.unlock()
        for pid in running { PluginProcess.kill(pid) }
    }
}
