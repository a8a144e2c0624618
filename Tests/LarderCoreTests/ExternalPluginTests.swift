import Foundation
import LarderJSON
import LarderSchema
import Testing
@testable import LarderCore

/// External plugins (`plugins:` in larder.yml): the example plugins, every failure mode with
/// its message, the checks on what a plugin answers, and the pipeline wiring.
@Suite struct ExternalPluginTests {
    /// Every scratch folder of a test, removed after it.
    let scratchRoot: ScratchRoot

    init() throws { scratchRoot = try ScratchRoot("larder-plugin") }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = root.appendingPathComponent("Examples/plugins").path

    static let drinks = #"""
        [
          {"id": "negroni", "name": "Negroni", "x-abv": 24.4},
          {"id": "zombie", "name": "Zombie", "description": "TODO", "x-abv": 38.6}
        ]
        """#

    func documents(_ text: String = Self.drinks, file: String = "content/drinks.json") throws -> [Document] {
        Document.split(file: file, kind: "recipe", json: try JSONDocument(parsing: text))
    }

    /// A folder holding `script` as `plugin.sh`.
    func scratch(_ script: String = "") throws -> String {
        let dir = try scratchRoot.folder()
        try script.write(toFile: dir + "/plugin.sh", atomically: true, encoding: .utf8)
        return dir
    }

    /// A plugin running `script` with sh.
    func shell(_ script: String, id: String = "demo", stage: String = "lint", timeout: Double? = nil) throws -> ExternalPlugin {
        ExternalPlugin(spec: PluginSpec(id: id, stage: stage, command: ["sh", "plugin.sh"], timeout: timeout),
                       projectRoot: try scratch(script), configFile: "larder.yml",
                       configRange: SourceRange(start: SourcePosition(line: 7, column: 5), end: SourcePosition(line: 7, column: 9)))
    }

    func lintFailure(_ script: String, timeout: Double? = nil) async throws -> Diagnostic {
        let found = try await shell(script, timeout: timeout).lint(try documents(), locales: ["en"])
        try #require(found.count == 1, "\(found)")
        return found[0]
    }

    // MARK: The example plugins

    @Test func pythonExampleFlagsTheStrongDrink() async throws {
        let spec = PluginSpec(id: "abv-limit", stage: "lint", command: ["python3", "python/abv-limit.py"], options: ["limit": 30])
        let found = await ExternalPlugin(spec: spec, projectRoot: Self.examples).lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == ["zombie: alcohol by volume 38.6% is above the limit 30%"])
        #expect(found.first?.ruleID == "abv-limit/over-limit")
        #expect(found.first?.pointer == "/1/x-abv")
        #expect(found.first?.start == SourcePosition(line: 3, column: 70))
        #expect(found.first?.severity == .error)
    }

    @Test func pythonExampleWithAHigherLimitPasses() async throws {
        let spec = PluginSpec(id: "abv-limit", stage: "lint", command: ["python3", "python/abv-limit.py"], options: ["limit": 40])
        let found = await ExternalPlugin(spec: spec, projectRoot: Self.examples).lint(try documents(), locales: ["en"])
        #expect(found.isEmpty)
    }

    @Test func shellExampleFlagsTODO() async throws {
        let spec = PluginSpec(id: "no-todo", stage: "lint", command: ["sh", "shell/no-todo.sh"])
        let found = await ExternalPlugin(spec: spec, projectRoot: Self.examples).lint(try documents(), locales: ["en"])
        #expect(found.map(\.ruleID) == ["no-todo/todo"])
        #expect(found.map(\.pointer) == ["/1"])
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.start.line == 3)
    }

    @Test func shellExampleOnASingleDocumentFile() async throws {
        let spec = PluginSpec(id: "no-todo", stage: "lint", command: ["sh", "shell/no-todo.sh"])
        let docs = try documents(#"{"id": "a", "name": "TODO"}"#, file: "one.json")
        let found = await ExternalPlugin(spec: spec, projectRoot: Self.examples).lint(docs, locales: ["en"])
        #expect(found.map(\.pointer) == [""])
        #expect(found.map(\.file) == ["one.json"])
    }

    /// The shell example splits the request at the documents' own `file` members only: an
    /// object of a document whose first key is `file` was read as a document of a file of
    /// that name ("diagnostics[0] names negroni.png, which is not a file of the request").
    @Test func shellExampleReadsAnObjectWithAFileMemberAsPartOfItsDocument() async throws {
        let spec = PluginSpec(id: "no-todo", stage: "lint", command: ["sh", "shell/no-todo.sh"],
                              options: ["note": ["file": "options.txt", "text": "TODO"]])
        let docs = try documents(#"""
            [
              {"id": "negroni", "name": "Negroni", "x-photo": {"file": "negroni.png", "caption": "TODO"}},
              {"id": "zombie", "name": "Zombie", "x-photo": {"file": "zombie.png"}, "x-todo": "{\"file\":\"x\"}"}
            ]
            """#)
        let found = await ExternalPlugin(spec: spec, projectRoot: Self.examples).lint(docs, locales: ["en"])
        #expect(found.map(\.ruleID) == ["no-todo/todo"], "\(found)")
        #expect(found.map(\.file) == ["content/drinks.json"])
        #expect(found.map(\.pointer) == ["/0"])
    }

    /// The shell example copies a file name as the request writes it, escapes and all: a
    /// name holding `"` made it answer invalid JSON.
    @Test func shellExampleAnswersForFileNamesThatJSONEscapes() async throws {
        let spec = PluginSpec(id: "no-todo", stage: "lint", command: ["sh", "shell/no-todo.sh"])
        for file in [#"content/say "hi".json"#, #"content/back\slash.json"#, "content/caf\u{E9} \u{1F378}.json"] {
            let docs = try documents(#"{"id": "a", "name": "TODO"}"#, file: file)
            let found = await ExternalPlugin(spec: spec, projectRoot: Self.examples).lint(docs, locales: ["en"])
            #expect(found.map(\.file) == [file], "\(found)")
            #expect(found.map(\.ruleID) == ["no-todo/todo"], "\(found)")
        }
    }

    /// The default pointer `""` is the file's root, also in a file of several documents
    /// (it was refused there: "the pointer '' does not exist").
    @Test func theDefaultPointerIsTheFileRootOfAnArrayFile() async throws {
        let plugin = try shell(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json", "message": "file-level"}]}'"#)
        let found = await plugin.lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == ["file-level"])
        #expect(found.map(\.pointer) == [""])
        #expect(found.first?.start == SourcePosition(line: 1, column: 1))
        #expect(found.map(\.file) == ["content/drinks.json"])
    }

    // MARK: Failures of the plugin itself

    @Test func nonZeroExitIsReportedWithWhatThePluginSaid() async throws {
        let d = try await lintFailure("cat > /dev/null; echo 'cannot read the limit' >&2; exit 3")
        #expect(d.message == "plugin 'demo': exited with status 3; it said: cannot read the limit")
        #expect(d.ruleID == "plugin/demo")
        #expect(d.severity == .error)
        #expect(d.file == "larder.yml")
        #expect(d.start == SourcePosition(line: 7, column: 5))
    }

    @Test func exitWithoutReadingTheRequestDoesNotKillLarder() async throws {
        // The request is large and the plugin never reads it: Larder must not die of SIGPIPE.
        var big = "["
        for i in 0..<20_000 { big += (i == 0 ? "" : ",") + #"{"id": "d\#(i)", "name": "x"}"# }
        big += "]"
        let found = try await shell("exit 4").lint(try documents(big), locales: ["en"])
        #expect(found.map(\.message) == ["plugin 'demo': exited with status 4"])
    }

    @Test func garbageIsNotTheProtocol() async throws {
        let d = try await lintFailure("cat > /dev/null; echo 'hello, Larder'")
        #expect(d.message.hasPrefix("plugin 'demo': did not answer with JSON ("))
        #expect(d.message.hasSuffix("its output starts with 'hello, Larder\\n'; standard output is for the answer alone: write logs to standard error (>&2 in a shell, print(..., file=sys.stderr) in Python)"))
    }

    /// A plugin that logs to standard output before (or after) its answer is told where
    /// logs go.
    @Test func textAroundTheAnswerIsToldToGoToStandardError() async throws {
        let before = try await lintFailure(#"cat > /dev/null; echo 'Loading config...'; echo '{"diagnostics": []}'"#)
        #expect(before.message == #"plugin 'demo': did not answer with JSON (expected a JSON value, found 'L' at 1:1); its output starts with 'Loading config...\n{"diagnostics": []}\n'; standard output is for the answer alone: write logs to standard error (>&2 in a shell, print(..., file=sys.stderr) in Python)"#)
        let after = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": []}'; echo 'done'"#)
        #expect(after.message.hasSuffix("; standard output is for the answer alone: write logs to standard error (>&2 in a shell, print(..., file=sys.stderr) in Python)"), "\(after.message)")
        // A broken answer is no log.
        let broken = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [}'"#)
        #expect(!broken.message.contains("standard error"), "\(broken.message)")
    }

    /// The cap on an answer says what it means and what to do: for an export, base64 makes
    /// binary files 4/3 as large, so an answer of 64 MiB holds about 48 MiB of them.
    @Test func anAnswerOverTheCapSaysWhatToDo() async throws {
        func message(_ stage: String) async throws -> String {
            var plugin = try shell("exec yes '{}'", stage: stage)
            plugin.maxOutput = 64 << 20
            switch stage {
            case "export":
                do { _ = try await plugin.export(try documents(), options: .null, locales: ["en"]) } catch { return "\(error)" }
            case "transform":
                do { _ = try await plugin.transform(try documents(), options: .null, locales: ["en"]) } catch { return "\(error)" }
            default:
                return await plugin.lint(try documents(), locales: ["en"]).map(\.message).joined()
            }
            return "no failure"
        }
        #expect(try await message("export") == "plugin 'demo': wrote more than 64 MiB and was stopped: an answer may hold 64 MiB, and base64 makes bytes 4/3 as large, so the artifacts of one export hold at most about 48 MiB of binary files; split them over several export steps (one plugin may run in several, with options saying which part each writes)")
        #expect(try await message("transform") == "plugin 'demo': wrote more than 64 MiB and was stopped: an answer may hold 64 MiB; return only the documents you changed")
        #expect(try await message("lint") == "plugin 'demo': wrote more than 64 MiB and was stopped: an answer may hold 64 MiB; report fewer diagnostics")
    }

    /// An answer in UTF-16 (as PowerShell and Windows tools write) is said to be one, in
    /// words about an answer, not a file.
    @Test func aUTF16AnswerIsNamedAsSuch() async throws {
        for script in [#"printf '\377\376{\000}\000'"#, #"printf '\376\377\000{\000}'"#, #"printf '{\000}\000'"#] {
            let d = try await lintFailure("cat > /dev/null; " + script)
            #expect(d.message.hasPrefix("plugin 'demo': answered in UTF-16"), "\(d.message)")
            #expect(d.message.hasSuffix("; an answer is UTF-8: have the plugin write UTF-8 (in Python, sys.stdout.reconfigure(encoding=\"utf-8\"); in PowerShell, [Console]::OutputEncoding = [Text.Encoding]::UTF8)"), "\(d.message)")
            #expect(!d.message.contains("file"), "\(d.message)")
        }
    }

    @Test func emptyOutputIsNotTheProtocol() async throws {
        let d = try await lintFailure("cat > /dev/null")
        #expect(d.message == #"plugin 'demo': answered nothing on standard output; a lint response is {"diagnostics": [...]}"#)
        #expect(try await lintFailure("cat > /dev/null; printf ' \\n\\n'").message == d.message)
    }

    /// Every failure of a plugin that ran quotes the end of what it wrote to standard error,
    /// not only a non-zero exit: a plugin that exits 0 without an answer, or answers with a
    /// member of an old draft, has usually said why ("options.limit is missing"), and that
    /// was dropped.
    @Test func everyFailureQuotesWhatThePluginSaid() async throws {
        let said = "echo 'acme: options.limit is missing' >&2; "
        let quote = "; it said: acme: options.limit is missing"
        func message(_ script: String, stage: String = "lint", timeout: Double? = nil, maxOutput: Int? = nil) async throws -> String {
            var plugin = try shell("cat > /dev/null; " + said + script, stage: stage, timeout: timeout)
            if let maxOutput { plugin.maxOutput = maxOutput }
            switch stage {
            case "transform":
                do { _ = try await plugin.transform(try documents(), options: .null, locales: ["en"]) } catch { return "\(error)" }
            case "export":
                do { _ = try await plugin.export(try documents(), options: .null, locales: ["en"]) } catch { return "\(error)" }
            default:
                let found = await plugin.lint(try documents(), locales: ["en"])
                try #require(found.count == 1, "\(found)")
                return found[0].message
            }
            return "no failure"
        }
        #expect(try await message("exit 0") == #"plugin 'demo': answered nothing on standard output; a lint response is {"diagnostics": [...]}"# + quote)
        #expect(try await message("echo 'limit?'").hasSuffix("its output starts with 'limit?\\n'; standard output is for the answer alone: write logs to standard error (>&2 in a shell, print(..., file=sys.stderr) in Python)" + quote))
        #expect(try await message(#"echo '{"diagnostics": [{"file": "content/drinks.json", "message": "x", "level": "warning"}]}'"#)
            == #"plugin 'demo': diagnostics[0] has an unknown member "level"; a diagnostic is {"file", "pointer", "message", "severity", "rule"}"# + quote)
        #expect(try await message(#"echo '{"diagnostics": [{"file": "content/drinks.json", "pointer": "/7", "message": "x"}]}'"#)
            == "plugin 'demo': diagnostics[0]: the pointer '/7' does not exist in content/drinks.json" + quote)
        #expect(try await message(#"echo '{"errors": []}'"#)
            == #"plugin 'demo': answered with an unknown member "errors"; a lint response is {"diagnostics": [...]}"# + quote)
        #expect(try await message(#"echo '{"protocol": "larder-plugin/0"}'"#)
            == #"plugin 'demo': answers protocol "larder-plugin/0"; Larder speaks larder-plugin/1"# + quote)
        #expect(try await message("exec sleep 600", timeout: 0.5)
            == "plugin 'demo': did not finish within 0.5 seconds and was stopped (raise `timeout` in larder.yml if it needs longer)" + quote)
        #expect(try await message("exec yes '{}'", maxOutput: 4096) == "plugin 'demo': wrote more than 4096 bytes and was stopped: an answer may hold 4096 bytes; report fewer diagnostics" + quote)
        #expect(try await message("kill -9 $$") == "plugin 'demo': was killed by signal 9" + quote)
        #expect(try await message(#"echo '{"documents": {}}'"#, stage: "transform")
            == #"plugin 'demo': the response has no "documents" array"# + quote)
        #expect(try await message(#"echo '{"documents": [], "diagnostics": [{"file": "content/drinks.json", "pointer": "/7", "message": "x"}]}'"#, stage: "transform")
            == "plugin 'demo': diagnostics[0]: the pointer '/7' does not exist in content/drinks.json" + quote)
        #expect(try await message(#"echo '{"artifacts": [{"path": "../a.txt", "text": "x"}]}'"#, stage: "export")
            .hasSuffix(quote))
        #expect(try await message(#"echo '{"artifacts": [{"path": "a.txt", "txt": "x"}]}'"#, stage: "export")
            == #"plugin 'demo': artifacts[0] (a.txt) has an unknown member "txt"; an artifact is {"path", "text"} or {"path", "base64"}"# + quote)
    }

    @Test func jsonThatIsNotAnObject() async throws {
        let d = try await lintFailure("cat > /dev/null; echo '[1, 2]'")
        #expect(d.message == #"plugin 'demo': answered with a JSON array instead of an object; a lint response is {"diagnostics": [...]}"#)
    }

    @Test func unknownMemberInTheResponse() async throws {
        let d = try await lintFailure(#"cat > /dev/null; echo '{"diagnostic": []}'"#)
        #expect(d.message == #"plugin 'demo': answered with an unknown member "diagnostic"; a lint response is {"diagnostics": [...]}"#)
    }

    @Test func anotherProtocolVersion() async throws {
        let d = try await lintFailure(#"cat > /dev/null; echo '{"protocol": "larder-plugin/9", "diagnostics": []}'"#)
        #expect(d.message == #"plugin 'demo': answers protocol "larder-plugin/9"; Larder speaks larder-plugin/1"#)
    }

    /// Under the 600 seconds the plugins below sleep: the plugin was stopped, not waited
    /// out. Not tighter: with every core busy (a full test run beside other builds), these
    /// tasks waited 140 seconds for a thread, and a bound of 120 failed.
    static let notWaitedOut: TimeInterval = 590

    @Test func timeoutKillsThePlugin() async throws {
        let started = Date()
        let d = try await lintFailure("exec sleep 600", timeout: 0.5)
        #expect(d.message == "plugin 'demo': did not finish within 0.5 seconds and was stopped (raise `timeout` in larder.yml if it needs longer)")
        // Not waited out: the bound is loose because a busy test run can delay this task.
        #expect(Date().timeIntervalSince(started) < Self.notWaitedOut)
    }

    @Test func timeoutAlsoStopsWhatThePluginStarted() async throws {
        // `sleep` (a child of sh) holds the output open: it must be killed with the plugin.
        let started = Date()
        let d = try await lintFailure("cat > /dev/null; sleep 600; echo '{}'", timeout: 0.5)
        #expect(d.message.hasPrefix("plugin 'demo': did not finish within 0.5 seconds and was stopped"))
        #expect(Date().timeIntervalSince(started) < Self.notWaitedOut)
    }

    @Test func aChildLeftRunningWithTheOutputOpenIsStoppedAtTheTimeout() async throws {
        let started = Date()
        let d = try await lintFailure(#"cat > /dev/null; (sleep 600 &); echo '{"diagnostics": []}'"#, timeout: 0.5)
        #expect(d.message == "plugin 'demo': exited, but a program it left running kept its standard output open for the whole timeout "
            + "(0.5 seconds), so its answer never ended: wait for the programs it starts before exiting, or send their standard output elsewhere (> /dev/null)")
        // A leftover child that was waited out would take 600 seconds.
        #expect(Date().timeIntervalSince(started) < Self.notWaitedOut)
    }

    /// The request is written, and the answer read, while every thread of the concurrency
    /// pool is taken (by a build's other work). Each thread here waits until the plugin has
    /// finished, or 10 seconds: if the plugin's input waited for a free thread of the pool,
    /// the plugin would never see the end of its input and the threads would be freed by
    /// their 10 seconds, not by the plugin.
    @Test func aPluginRunsWhileTheConcurrencyPoolIsBusy() async throws {
        let dir = try scratch()
        let done = dir + "/done"
        let gate = DispatchSemaphore(value: 0)
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let blockers = (0..<width).map { _ in
            Task.detached { gate.wait(timeout: .now() + 10) == .success }
        }
        Thread.detachNewThread {
            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: done) {
                guard Date() < deadline else { return }
                usleep(5_000)
            }
            for _ in 0..<width { gate.signal() }
        }
        // A request larger than a socket's buffer: it is written in many turns.
        let request = [UInt8](repeating: UInt8(ascii: "x"), count: 4 << 20)
        let run = PluginProcess(command: ["sh", "-c", "wc -c > count; touch done; cat count"], directory: dir, timeout: 60)
        let outcome = await run.run(input: request)
        var released = 0
        for blocker in blockers where await blocker.value { released += 1 }
        #expect(released == width, "the pool's threads were freed by their timeout, not by the plugin")
        guard case .exited(0, let output, _) = outcome else {
            Issue.record("the plugin did not answer: \(outcome)")
            return
        }
        #expect(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "\(4 << 20)")
    }

    /// A program started in a session of its own is out of the plugin's process group, so
    /// it is not stopped with it; it keeps the output (or the input) open, and the reading
    /// and writing end at the timeout. (They waited for ever.)
    @Test func aChildInItsOwnSessionCannotKeepLarderWaiting() async throws {
        let started = Date()
        let output = try await lintFailure(#"setsid sleep 600 & cat > /dev/null; echo '{"diagnostics": []}'"#, timeout: 0.5)
        #expect(output.message.hasPrefix("plugin 'demo': exited, but a program it left running kept its standard output open for the whole timeout (0.5 seconds)"))
        // The plugin exits at once without reading; its child holds the input (whose
        // request, 4 MiB, is larger than a pipe's buffer) and the output.
        let plugin = try shell("setsid sleep 600 & exit 0", timeout: 0.5)
        let big = String(repeating: "x", count: 4 << 20)
        let input = try documents(#"[{"id": "a", "name": "\#(big)"}]"#)
        let found = await plugin.lint(input, locales: ["en"])
        #expect(found.map(\.message).first?.hasPrefix("plugin 'demo': exited, but a program it left running kept its standard output open") == true, "\(found)")
        // Not the child's 600 s: a bound far from both, as a busy test run can starve this
        // test's awaits for a minute (it took 63 s once, with every core building).
        #expect(Date().timeIntervalSince(started) < 300)
    }

    /// Once the plugin has exited and its output is at its end, a program it left running
    /// that holds its standard error or its input delays nothing: in its group it is
    /// killed, in a session of its own it is not waited for. Each kept Larder waiting for
    /// the whole timeout, and the plugin's answer was thrown away as "no answer".
    @Test func programsLeftHoldingStandardErrorOrInputDoNotDelayTheAnswer() async throws {
        // A request larger than a pipe holds, so that its writing waits for a reader.
        let big = try documents(#"[{"id": "a", "name": "\#(String(repeating: "x", count: 1 << 20))"}]"#)
        let answer = #"echo '{"diagnostics": [{"file": "content/drinks.json", "message": "seen"}]}'"#
        let scripts = [
            // A helper in the group with the plugin's standard error (its logs).
            "cat > /dev/null; sleep 300 < /dev/null > /dev/null & " + answer,
            // The same in a session of its own, out of the group's reach.
            "cat > /dev/null; setsid sh -c 'echo $$ > helper.pid; exec sleep 300' < /dev/null > /dev/null & " + answer,
            // A helper with the input of a plugin that answers without reading it (through
            // descriptor 3: a shell gives a program it starts in the background /dev/null
            // for input).
            "exec 3<&0; sleep 300 <&3 3<&- > /dev/null 2>&1 & " + answer,
            "exec 3<&0; setsid sh -c 'echo $$ > helper.pid; exec sleep 300' <&3 3<&- > /dev/null 2>&1 & " + answer,
        ]
        for script in scripts {
            let plugin = try shell(script, timeout: 600)
            let started = Date()
            let found = await plugin.lint(big, locales: ["en"])
            // Waiting for the helper would end in the timeout, with no answer.
            #expect(found.map(\.message) == ["seen"], "\(script)")
            // Not the timeout's 600 s: a bound far from both, as a busy test run can starve
            // this task (103 s once, beside two builds, against an earlier bound of 100).
            #expect(Date().timeIntervalSince(started) < 300, "\(script)")
            if let helper = try? String(contentsOfFile: plugin.projectRoot + "/helper.pid", encoding: .utf8),
               let pid = Int32(helper.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGKILL)
            }
        }
    }

    /// What the plugin wrote to standard error before it exited is quoted, also when a
    /// program it left running holds standard error on.
    @Test func standardErrorIsQuotedWhenAProgramLeftRunningHoldsIt() async throws {
        let plugin = try shell("cat > /dev/null; echo 'options.limit is missing' >&2; "
            + "setsid sh -c 'echo $$ > helper.pid; exec sleep 300' < /dev/null > /dev/null & exit 3", timeout: 120)
        let found = await plugin.lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == ["plugin 'demo': exited with status 3; it said: options.limit is missing"])
        if let helper = try? String(contentsOfFile: plugin.projectRoot + "/helper.pid", encoding: .utf8),
           let pid = Int32(helper.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGKILL)
        }
    }

    /// A plugin that exits with a non-zero status (or is killed by a signal) has failed, and
    /// no answer is to come: it is reported at once with its status, though a program it
    /// left running holds its standard output. Larder waited the whole timeout and then
    /// said only that the output was held open, never that the plugin exited with status 1.
    @Test func aFailedPluginIsReportedAtOnceThoughAProgramItLeftHoldsItsOutput() async throws {
        let scripts = [
            ("cat > /dev/null; sleep 300 & echo 'KeyError: limit' >&2; exit 1",
             "plugin 'demo': exited with status 1; it said: KeyError: limit"),
            ("cat > /dev/null; setsid sh -c 'echo $$ > helper.pid; exec sleep 300' & echo 'KeyError: limit' >&2; exit 1",
             "plugin 'demo': exited with status 1; it said: KeyError: limit"),
            ("cat > /dev/null; sleep 300 & echo 'about to crash' >&2; kill -9 $$",
             "plugin 'demo': was killed by signal 9; it said: about to crash"),
        ]
        for (script, message) in scripts {
            // Waited out, the run would end at the timeout with "exited, but a program it
            // left running kept its standard output open for the whole timeout".
            let plugin = try shell(script, timeout: 60)
            let found = await plugin.lint(try documents(), locales: ["en"])
            #expect(found.map(\.message) == [message], "\(script)")
            if let helper = try? String(contentsOfFile: plugin.projectRoot + "/helper.pid", encoding: .utf8),
               let pid = Int32(helper.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGKILL)
            }
        }
    }

    /// A run whose task is cancelled (another step of the build failed) stops the plugin
    /// at once: the build waited for the plugin's answer or its timeout.
    @Test func aCancelledRunStopsThePlugin() async throws {
        let dir = try scratch()
        let task = Task { await PluginProcess(command: ["sh", "-c", "cat > /dev/null; exec sleep 30"], directory: dir, timeout: 60).run(input: []) }
        // Cancelled at once, maybe before the task starts (in a busy test run it waited for a
        // thread for more than 30 seconds): the plugin is killed as soon as it runs. Left
        // alone it would exit with status 0 after 30 seconds.
        task.cancel()
        let outcome = await task.value
        guard case .signalled(let signal, _) = outcome else {
            Issue.record("the plugin was not stopped: \(outcome)")
            return
        }
        #expect(signal == SIGKILL)
    }

    @Test func tooMuchOutputIsCutOff() async throws {
        var plugin = try shell("exec yes '{}'")
        plugin.maxOutput = 4096
        let started = Date()
        let found = await plugin.lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == ["plugin 'demo': wrote more than 4096 bytes and was stopped: an answer may hold 4096 bytes; report fewer diagnostics"])
        // `yes` never ends by itself; a loose bound because a busy test run can delay this task.
        #expect(Date().timeIntervalSince(started) < Self.notWaitedOut)
    }

    @Test func missingExecutable() async throws {
        let plugin = ExternalPlugin(spec: PluginSpec(id: "gone", stage: "lint", command: ["larder-no-such-plugin-x"]), projectRoot: try scratch())
        let found = await plugin.lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == ["plugin 'gone': cannot run [larder-no-such-plugin-x]: 'larder-no-such-plugin-x' is not on PATH"])
    }

    /// `[check.sh]` looks `check.sh` up on PATH, as documented; when the project folder has
    /// it, the message says how to name it there (it said only "not on PATH").
    @Test func aProgramOfTheProjectFolderNamedWithoutItsPath() async throws {
        let dir = try scratch()
        let fm = FileManager.default
        try "#!/bin/sh\ncat > /dev/null\necho '{}'\n".write(toFile: dir + "/check.sh", atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/check.sh")
        try "print('{}')\n".write(toFile: dir + "/plain.py", atomically: true, encoding: .utf8)
        func message(_ command: [String]) async throws -> String {
            let found = await ExternalPlugin(spec: PluginSpec(id: "check", stage: "lint", command: command), projectRoot: dir)
                .lint(try documents(), locales: ["en"])
            return found.map(\.message).joined(separator: "\n")
        }
        #expect(try await message(["check.sh", "--strict"]) == "plugin 'check': cannot run [check.sh, --strict]: 'check.sh' is not on PATH; "
            + "the project folder has check.sh: write ./check.sh (a word without '/' is looked up on PATH)")
        #expect(try await message(["plain.py"]) == "plugin 'check': cannot run [plain.py]: 'plain.py' is not on PATH; "
            + "the project folder has plain.py, which is not executable: write [python3, ./plain.py], "
            + "or make it executable (chmod +x plain.py) and write ./plain.py (a word without '/' is looked up on PATH)")
        #expect(try await message(["./check.sh"]) == "")
    }

    /// A command written as a shell line in one item (`[python3 plugins/abv.py]`, `["sh
    /// check.sh"]`) is a program name with spaces, which does not exist: the message says to
    /// write each word as an item, when the first word is a program that runs. It said only
    /// that the whole line does not exist, or is not on PATH.
    @Test func aShellLineWrittenAsOneItemIsToldToSplitItsWords() async throws {
        let dir = try scratch()
        func message(_ command: [String]) async throws -> String {
            let found = await ExternalPlugin(spec: PluginSpec(id: "abv", stage: "lint", command: command), projectRoot: dir)
                .lint(try documents(), locales: ["en"])
            return found.map(\.message).joined(separator: "\n")
        }
        #expect(try await message(["sh plugins/abv.sh", "--strict"]) == "plugin 'abv': cannot run [\"sh plugins/abv.sh\", --strict]: "
            + "'sh plugins/abv.sh' does not exist (relative to \(dir)); the command runs without a shell, so each word is an item of its own: "
            + "write [sh, plugins/abv.sh, --strict]")
        #expect(try await message(["sh -c"]) == "plugin 'abv': cannot run [\"sh -c\"]: 'sh -c' is not on PATH; "
            + "the command runs without a shell, so each word is an item of its own: write [sh, -c]")
        // A first word that is no program: nothing to advise.
        #expect(try await message(["larder-no-such-x plugins/abv.sh"])
            == "plugin 'abv': cannot run [\"larder-no-such-x plugins/abv.sh\"]: 'larder-no-such-x plugins/abv.sh' does not exist (relative to \(dir))")
    }

    @Test func missingScriptPath() async throws {
        let dir = try scratch()
        let plugin = ExternalPlugin(spec: PluginSpec(id: "gone", stage: "lint", command: ["./nope.sh"]), projectRoot: dir)
        let found = await plugin.lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == ["plugin 'gone': cannot run [./nope.sh]: './nope.sh' does not exist (relative to \(dir))"])
    }

    /// The command in a message is a flow list as larder.yml would write it: its words
    /// joined by spaces could not be told from more words, and a script's line breaks
    /// split the message.
    @Test func messagesShowTheCommandAsLarderYmlWritesIt() async throws {
        let command = ["larder-no such plugin", "-c", "cat > /dev/null\necho '{\"diagnostics\": []}'\n"]
        let plugin = ExternalPlugin(spec: PluginSpec(id: "gone", stage: "lint", command: command), projectRoot: try scratch())
        let found = await plugin.lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == [#"plugin 'gone': cannot run ["larder-no such plugin", -c, "cat > /dev/null\necho '{\"diagnostics\": []}'\n"]: 'larder-no such plugin' is not on PATH"#])
        #expect(PluginSpec.flowList([]) == "[]")
        #expect(PluginSpec.flowList(["python3", "../plugins/x.py", "--strict", "-", "", "true", "No", "~", "~/x", "3", "-1", "+.5", ".inf", "0x1F", "v2"])
            == #"[python3, ../plugins/x.py, --strict, "-", "", "true", "No", "~", ~/x, "3", "-1", "+.5", ".inf", "0x1F", v2]"#)
        #expect(PluginSpec.flowList(["a: b", "#x", "x#", "a,b", "[x]", "{y}", "@x", "%x", ">x", "'q'", "tab\there", "back\\slash", "caf\u{E9}", "\u{7}", "<<", "<x>"])
            == ##"["a: b", "#x", "x#", "a,b", "[x]", "{y}", "@x", "%x", ">x", "'q'", "tab\there", "back\\slash", café, "\u0007", "<<", <x>]"##)
    }

    /// A plugin may read its input by name: on a socket (what standard input was), opening
    /// `/dev/stdin` fails with ENXIO, and Node's `fs.readFileSync('/dev/stdin')`, `jq . /dev/stdin`
    /// or Python's `open('/dev/stdin')` failed. The same for `/dev/stdout` and `/dev/stderr`.
    @Test func aPluginCanOpenItsInputAndOutputByName() async throws {
        let found = try await shell(#"""
            cat /dev/stdin > request.json
            echo 'read it' > /dev/stderr
            echo '{"diagnostics": [{"file": "content/drinks.json", "pointer": "/1/name", "message": "seen"}]}' > /dev/stdout
            """#).lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == ["seen"])
        // The whole request came through, larger than a pipe's buffer too.
        var big = "["
        for i in 0..<5_000 { big += (i == 0 ? "" : ",") + #"{"id": "d\#(i)", "name": "x"}"# }
        big += "]"
        let dir = try scratch(#"wc -c < /dev/stdin > count; echo '{"diagnostics": []}'"#)
        let plugin = ExternalPlugin(spec: PluginSpec(id: "demo", stage: "lint", command: ["sh", "plugin.sh"]), projectRoot: dir)
        let docs = try documents(big)
        #expect(await plugin.lint(docs, locales: ["en"]).isEmpty)
        let sent = plugin.request(stage: "lint", documents: docs, options: .null, locales: ["en"])
        let count = try String(contentsOfFile: dir + "/count", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(count == String(JSONWriter.compact.bytes(sent).count))
    }

    /// A command the system cannot start says why and what to do; Foundation's messages
    /// were "The operation could not be completed. (NSCocoaErrorDomain error 256.)" for a
    /// script without a #! line and "The file doesn't exist." for a folder.
    @Test func commandsThatCannotStartSayWhy() async throws {
        let dir = try scratch()
        let fm = FileManager.default
        func write(_ name: String, _ text: String, executable: Bool = true) throws {
            try fm.createDirectory(atPath: dir + "/plugins", withIntermediateDirectories: true)
            try text.write(toFile: dir + "/plugins/" + name, atomically: true, encoding: .utf8)
            try fm.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: dir + "/plugins/" + name)
        }
        func message(_ command: [String]) async throws -> String {
            let plugin = ExternalPlugin(spec: PluginSpec(id: "demo", stage: "lint", command: command), projectRoot: dir)
            let found = await plugin.lint(try documents(), locales: ["en"])
            try #require(found.count == 1, "\(found)")
            return found[0].message
        }
        try write("noshebang.sh", "cat > /dev/null; echo '{}'\n")
        #expect(try await message(["./plugins/noshebang.sh", "--strict"]) == "plugin 'demo': cannot run [./plugins/noshebang.sh, --strict]: "
            + "'./plugins/noshebang.sh' is not a program the system can start: add a #! line (#!/bin/sh, #!/usr/bin/env python3), "
            + "or run it through its interpreter: [sh, ./plugins/noshebang.sh, --strict]")
        try write("lost.py", "#!/no/such/python3 -u\nprint('{}')\n")
        #expect(try await message(["./plugins/lost.py"]) == "plugin 'demo': cannot run [./plugins/lost.py]: "
            + "the interpreter the #! line of './plugins/lost.py' names, '/no/such/python3', does not exist: fix the #! line, "
            + "or run it through its interpreter: [python3, ./plugins/lost.py]")
        try write("windows.sh", "#!/bin/sh\r\necho '{}'\r\n")
        #expect(try await message(["./plugins/windows.sh"]) == "plugin 'demo': cannot run [./plugins/windows.sh]: "
            + "the #! line of './plugins/windows.sh' ends with a Windows line break (\\r\\n), so the system looks for an interpreter "
            + "whose name ends with it: save the file with Unix line endings (\\n)")
        try write("plain.py", "print('{}')\n", executable: false)
        #expect(try await message(["plugins/plain.py"]) == "plugin 'demo': cannot run [plugins/plain.py]: "
            + "'plugins/plain.py' is not executable: make it executable (chmod +x plugins/plain.py), "
            + "or run it through its interpreter: [python3, plugins/plain.py]")
        #expect(try await message(["./plugins"]) == "plugin 'demo': cannot run [./plugins]: './plugins' is a folder, not a program (relative to \(dir))")
        // The same checks hold for a start the system refuses, whatever Foundation says.
        let run = PluginProcess(command: ["./plugins/noshebang.sh"], directory: dir)
        #expect(run.startFailure(URL(fileURLWithPath: dir + "/plugins"), errno: nil) == "'./plugins/noshebang.sh' is a folder, not a program")
        #expect(run.startFailure(URL(fileURLWithPath: dir + "/plugins/noshebang.sh"), errno: nil)
            == "'./plugins/noshebang.sh' is not a program the system can start: add a #! line (#!/bin/sh, #!/usr/bin/env python3), or run it through its interpreter: [sh, ./plugins/noshebang.sh]")
    }

    /// A script open for writing cannot be started ("Text file busy"), and one written just
    /// before is, for a moment, by any process another thread is starting meanwhile (it
    /// holds a copy of the descriptors until it execs): the start is tried again, for a
    /// while. It failed at random when tests wrote and ran plugins side by side.
    @Test func aScriptBusyForAMomentStillStarts() async throws {
        let dir = try scratch()
        let path = dir + "/busy.sh"
        try "#!/bin/sh\ncat > /dev/null\necho '{}'\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        try #require(fd >= 0)
        Thread.detachNewThread {
            usleep(100_000)
            close(fd)
        }
        let found = await ExternalPlugin(spec: PluginSpec(id: "busy", stage: "lint", command: ["./busy.sh"]), projectRoot: dir)
            .lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == [])
    }

    /// The message quotes the end of standard error, where a traceback names the error,
    /// even after more output than is kept.
    @Test func theEndOfAPluginsErrorOutputIsQuoted() async throws {
        let d = try await lintFailure(#"""
            cat > /dev/null
            head -c 100000 /dev/zero | tr '\0' 'x' >&2
            printf '\nTraceback (most recent call last):\n  File "abv.py", line 3, in <module>\n    limit = request["options"]["limit"]\nKeyError: %s\n\n' "'limit'" >&2
            exit 1
            """#)
        #expect(d.message == #"plugin 'demo': exited with status 1; it said: File "abv.py", line 3, in <module> / limit = request["options"]["limit"] / KeyError: 'limit'"#)
    }

    /// A plugin starts as from a shell, with no signal blocked: it was started with the
    /// mask of a thread of the concurrency pool (SIGTERM, SIGINT, SIGALRM, SIGUSR1… blocked),
    /// so `signal.alarm` never fired and a helper it stopped with SIGTERM ran on, each
    /// until the timeout.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func aPluginStartsWithNoSignalBlockedOrIgnored() async throws {
        // awk, run directly: a shell clears its mask when it starts.
        let command = ["awk", #"/^Sig(Blk|Ign):/ { sub(/\t/, ""); print > "/dev/stderr" } END { exit 1 }"#, "/proc/self/status"]
        let found = await ExternalPlugin(spec: PluginSpec(id: "demo", stage: "lint", command: command), projectRoot: try scratch())
            .lint(try documents(), locales: ["en"])
        let d = try #require(found.first)
        #expect(d.message == "plugin 'demo': exited with status 1; it said: SigBlk:0000000000000000 / SigIgn:0000000000000000")
    }

    @Test func aPluginCanUseSignals() async throws {
        let dir = try scratch()
        try #"""
            import json, signal, subprocess, sys, time
            request = json.load(sys.stdin)
            def give_up(*_): raise TimeoutError
            signal.signal(signal.SIGALRM, give_up)
            signal.alarm(1)
            try:
                time.sleep(120)
            except TimeoutError:
                pass
            helper = subprocess.Popen(["sleep", "120"])
            helper.terminate()
            helper.wait()
            json.dump({"diagnostics": []}, sys.stdout)
            """#.write(toFile: dir + "/signals.py", atomically: true, encoding: .utf8)
        let plugin = ExternalPlugin(spec: PluginSpec(id: "demo", stage: "lint", command: ["python3", "signals.py"], timeout: 60), projectRoot: dir)
        #expect(await plugin.lint(try documents(), locales: ["en"]).map(\.message) == [])
    }

    @Test func killedBySignal() async throws {
        let d = try await lintFailure("cat > /dev/null; kill -9 $$")
        #expect(d.message == "plugin 'demo': was killed by signal 9")
    }

    @Test func failureSeverityCanBeAWarning() async throws {
        let found = try await shell("exit 1").lint(try documents(), locales: ["en"], failureSeverity: .warning)
        #expect(found.map(\.severity) == [.warning])
    }

    // MARK: Checking what a lint plugin answers

    @Test func pointersMustExistAndGoodDiagnosticsAreKept() async throws {
        let response = #"{"diagnostics": [{"file": "content/drinks.json", "pointer": "/0/nope", "message": "m1"}, {"file": "content/drinks.json", "pointer": "/0/name", "message": "m2", "severity": "note"}]}"#
        let found = try await shell("cat > /dev/null; echo '\(response)'").lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == ["m2", "plugin 'demo': diagnostics[0]: the pointer '/0/nope' does not exist in content/drinks.json"])
        #expect(found.first?.severity == .note)
        #expect(found.first?.ruleID == "demo")
        #expect(found.first?.start == SourcePosition(line: 2, column: 29))
    }

    /// A diagnostic's document is looked up by its pointer's index: going through every
    /// document of the file for each diagnostic made 20,000 diagnostics on the last of
    /// 20,000 documents take minutes, against a second on the first.
    @Test func diagnosticsArePlacedWithoutGoingThroughEveryDocument() throws {
        let count = 20_000
        let docs = try documents("[" + (0..<count).map { #"{"id": "r\#($0)"}"# }.joined(separator: ",\n") + "]", file: "content/many.json")
        let items = (0..<count).map { #"{"file": "content/many.json", "pointer": "/\#(count - 1)/id", "message": "m\#($0)", "severity": "note"}"# }
        let response = try #require(try JSONDocument(parsing: #"{"diagnostics": ["# + items.joined(separator: ",") + "]}").value.objectValue)
        let plugin = try shell("")
        let clock = ContinuousClock()
        let started = clock.now
        let (found, problems) = plugin.checkDiagnostics(response, in: docs, rewritten: [docs])
        let took = clock.now - started
        #expect(problems.isEmpty)
        #expect(found.count == count)
        #expect(found.allSatisfy { $0.pointer.description == "/\(count - 1)/id" && $0.start == SourcePosition(line: count, column: 8) })
        #expect(found.last?.message == "m\(count - 1)")
        #expect(took < .seconds(10), "placing \(count) diagnostics took \(took)")  // minutes in a debug build
    }

    @Test func diagnosticsMustNameAFileOfTheRequest() async throws {
        let d = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [{"file": "other.json", "message": "m"}]}'"#)
        #expect(d.message == "plugin 'demo': diagnostics[0] names other.json, which is not a file of the request")
    }

    @Test func diagnosticsNeedAMessageAndAKnownSeverity() async throws {
        let a = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json"}]}'"#)
        #expect(a.message == #"plugin 'demo': diagnostics[0] has no "message" string"#)
        let b = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json", "message": "m", "severity": "fatal"}]}'"#)
        #expect(b.message == #"plugin 'demo': diagnostics[0]: severity "fatal" is not error, warning or note"#)
        // The protocol's names exactly (its schema's enum): larder.yml's `info` and other
        // cases were taken, and "Error" failed a commit that the schema calls invalid.
        for name in ["info", "notice", "Error", "NOTE"] {
            let other = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json", "message": "m", "severity": "\#(name)"}]}'"#)
            #expect(other.message == #"plugin 'demo': diagnostics[0]: severity "\#(name)" is not error, warning or note"#)
        }
        let c = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json", "message": "m", "rule": "Bad Rule"}]}'"#)
        #expect(c.message == #"plugin 'demo': diagnostics[0]: rule "Bad Rule" is not a kebab-case id"#)
    }

    /// A diagnostic's members are checked like the response's: a pointer that is not a string
    /// is no stand-in for the file's root, and a member the protocol does not define is a
    /// mistake (a misspelt `severity` would otherwise turn a warning into an error).
    @Test func diagnosticMembersMustBeKnownAndOfTheirType() async throws {
        let a = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json", "message": "m", "pointer": 5}]}'"#)
        #expect(a.message == "plugin 'demo': diagnostics[0]: pointer 5 is not a string (a JSON Pointer within the file)")
        let b = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json", "message": "m", "pointer": null}]}'"#)
        #expect(b.message == "plugin 'demo': diagnostics[0]: pointer null is not a string (a JSON Pointer within the file)")
        let c = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json", "message": "m", "severty": "warning"}]}'"#)
        #expect(c.message == #"plugin 'demo': diagnostics[0] has an unknown member "severty"; a diagnostic is {"file", "pointer", "message", "severity", "rule"}"#)
        // The good diagnostics of the answer are kept, as for any diagnostic that cannot be used.
        let response = #"{"diagnostics": [{"file": "content/drinks.json", "pointer": "/1", "message": "kept"}, {"file": "content/drinks.json", "message": "m", "pointer": ["/0"]}]}"#
        let found = try await shell("cat > /dev/null; echo '\(response)'").lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == ["kept", #"plugin 'demo': diagnostics[1]: pointer ["/0"] is not a string (a JSON Pointer within the file)"#])
        // The same checks on the diagnostics of a transform or an export.
        do {
            _ = try await shell(#"cat > /dev/null; echo '{"documents": [], "diagnostics": [{"file": "content/drinks.json", "message": "m", "pointer": 5}]}'"#, stage: "transform")
                .transform(try documents(), options: .null, locales: [])
            Issue.record("a transform's bad pointer was accepted")
        } catch {
            #expect("\(error)" == "plugin 'demo': diagnostics[0]: pointer 5 is not a string (a JSON Pointer within the file)")
        }
    }

    /// Members the protocol does not define are a mistake in a returned document or an
    /// artifact too, as the protocol's schemas say.
    @Test func documentAndArtifactMembersMustBeKnown() async throws {
        do {
            _ = try await shell(#"cat > /dev/null; echo '{"documents": [{"file": "content/drinks.json", "index": 0, "value": {}, "kind": "recipe"}]}'"#, stage: "transform")
                .transform(try documents(), options: .null, locales: [])
            Issue.record("an unknown member of a returned document was accepted")
        } catch {
            #expect("\(error)" == #"plugin 'demo': documents[0] has an unknown member "kind"; a returned document is {"file", "index", "value"}"#)
        }
        do {
            _ = try await shell(#"cat > /dev/null; echo '{"artifacts": [{"path": "a.txt", "text": "x", "mode": 420}]}'"#, stage: "export")
                .export(try documents(), options: .null, locales: [])
            Issue.record("an unknown member of an artifact was accepted")
        } catch {
            #expect("\(error)" == #"plugin 'demo': artifacts[0] (a.txt) has an unknown member "mode"; an artifact is {"path", "text"} or {"path", "base64"}"#)
        }
    }

    // MARK: Transform plugins

    @Test func transformReplacesTheDocumentsItReturns() async throws {
        let spec = PluginSpec(id: "abv-round", stage: "transform", command: ["python3", "python/abv-round.py"])
        let (out, rewritten, diagnostics) = try await ExternalPlugin(spec: spec, projectRoot: Self.examples)
            .transform(try documents(), options: ["digits": 0], locales: ["en"])
        #expect(diagnostics.isEmpty)
        #expect(rewritten == [0, 1])
        #expect(out.map { $0.value["x-abv"] } == [24, 39])
        #expect(out.map(\.isModified) == [true, true])
        #expect(out.map(\.index) == [0, 1])
    }

    /// A transform may return a document as deep as a content file may be (512 levels): the
    /// answer wraps it in three more (`{"documents": [{"value": …}]}`), which the limit on
    /// an answer's nesting counted, so an identity transform failed on content lint took.
    @Test func aTransformReturnsADocumentAsDeepAsAContentFileMayBe() async throws {
        let deep = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        let source = #"{"id": "a", "x-deep": \#(deep)}"#
        let docs = try documents(source, file: "content/deep.json")
        let identity = #"""
            import json, sys
            sys.setrecursionlimit(10000)
            request = json.load(sys.stdin)
            out = [{"file": d["file"], "index": d["index"], "value": d["value"]} for d in request["documents"]]
            json.dump({"documents": out}, sys.stdout)
            """#
        let dir = try scratch()
        try identity.write(toFile: dir + "/identity.py", atomically: true, encoding: .utf8)
        let plugin = ExternalPlugin(spec: PluginSpec(id: "identity", stage: "transform", command: ["python3", "identity.py"]), projectRoot: dir)
        let (out, rewritten, _) = try await plugin.transform(docs, options: .null, locales: [])
        #expect(rewritten == [0])
        #expect(out.first?.value == docs.first?.value)
        // One level deeper than a content file may be is refused, and says why.
        let answer = #"{"documents": [{"file": "content/deep.json", "value": {"x": [\#(deep)]}}]}"#
        try answer.write(toFile: dir + "/answer.json", atomically: true, encoding: .utf8)
        let tooDeep = ExternalPlugin(spec: PluginSpec(id: "identity", stage: "transform", command: ["sh", "-c", "cat > /dev/null; cat answer.json"]), projectRoot: dir)
        do {
            _ = try await tooDeep.transform(docs, options: .null, locales: [])
            Issue.record("a value deeper than a content file may be was taken")
        } catch {
            #expect("\(error)".contains("a returned document may nest 512 levels, as a content file may"), "\(error)")
        }
    }

    @Test func transformMustReturnObjectsForKnownDocuments() async throws {
        func failure(_ response: String) async throws -> String {
            do {
                _ = try await shell("cat > /dev/null; echo '\(response)'", stage: "transform").transform(try documents(), options: .null, locales: [])
                return "no failure"
            } catch {
                return "\(error)"
            }
        }
        #expect(try await failure(#"{"documents": [{"file": "content/drinks.json", "index": 0, "value": [1]}]}"#)
            == "plugin 'demo': documents[0].value (content/drinks.json) must be a JSON object")
        #expect(try await failure(#"{"documents": [{"file": "content/drinks.json", "index": 7, "value": {}}]}"#)
            == "plugin 'demo': documents[0] names content/drinks.json #7, which the request does not have: its documents of content/drinks.json have the indexes 0 to 1")
        #expect(try await failure(#"{"diagnostics": []}"#) == #"plugin 'demo': the response has no "documents" array"#)
    }

    /// A returned document that stands for none of the request says what its `file` and
    /// `index` should have been: "names content/a.json #0, which is not a document of the
    /// request" did not say that a file of one document takes no index.
    @Test func aReturnedDocumentOfNoDocumentOfTheRequestSaysWhatWasExpected() async throws {
        let request = try documents(#"{"id": "a", "name": "A"}"#, file: "content/a.json") + documents()
        func failure(_ document: String) async throws -> String {
            let response = #"{"documents": [\#(document)]}"#
            do {
                _ = try await shell("cat > /dev/null; echo '\(response)'", stage: "transform").transform(request, options: .null, locales: [])
                return "no failure"
            } catch {
                return "\(error)"
            }
        }
        #expect(try await failure(#"{"file": "content/a.json", "index": 0, "value": {"id": "a"}}"#)
            == "plugin 'demo': documents[0] names content/a.json #0, but content/a.json holds one document, not an array: leave \"index\" out or make it null")
        #expect(try await failure(#"{"file": "content/drinks.json", "value": {"id": "a"}}"#)
            == "plugin 'demo': documents[0] names content/drinks.json without an \"index\", but content/drinks.json holds an array: give the document's \"index\" in it (0 to 1)")
        #expect(try await failure(#"{"file": "content/drinks.json", "index": 2, "value": {"id": "a"}}"#)
            == "plugin 'demo': documents[0] names content/drinks.json #2, which the request does not have: its documents of content/drinks.json have the indexes 0 to 1")
        #expect(try await failure(#"{"file": "content/b.json", "value": {"id": "a"}}"#)
            == "plugin 'demo': documents[0] names content/b.json, which is not a file of the request")
    }

    /// A document returned twice, or a key given twice in one object, left it to chance
    /// which one counted (the last did).
    @Test func duplicatesInAnAnswerAreProtocolErrors() async throws {
        let twice = #"{"documents": [{"file": "content/drinks.json", "index": 1, "value": {"id": "a"}}, {"file": "content/drinks.json", "index": 1, "value": {"id": "b"}}]}"#
        do {
            _ = try await shell("cat > /dev/null; echo '\(twice)'", stage: "transform").transform(try documents(), options: .null, locales: [])
            Issue.record("a document returned twice was accepted")
        } catch {
            #expect("\(error)" == "plugin 'demo': documents[1] names content/drinks.json #1 again (also documents[0]); return each document once")
        }
        let single = #"{"documents": [{"file": "one.json", "value": {"id": "a"}}, {"file": "one.json", "index": null, "value": {"id": "b"}}]}"#
        do {
            _ = try await shell("cat > /dev/null; echo '\(single)'", stage: "transform")
                .transform(try documents(#"{"id": "x"}"#, file: "one.json"), options: .null, locales: [])
            Issue.record("a document returned twice was accepted")
        } catch {
            #expect("\(error)" == "plugin 'demo': documents[1] names one.json again (also documents[0]); return each document once")
        }
        let key = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json", "message": "a", "message": "b"}]}'"#)
        #expect(key.message == "plugin 'demo': answered with the key 'message' twice in one object (at '/diagnostics/0/message'); each key may appear once")
        let top = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [], "diagnostics": []}'"#)
        #expect(top.message == "plugin 'demo': answered with the key 'diagnostics' twice in one object (at '/diagnostics'); each key may appear once")
    }

    /// A lone surrogate in an answer is a protocol error: read, it became U+FFFD, and a
    /// text or an artifact's file name changed silently.
    @Test func aLoneSurrogateInAnAnswerIsAProtocolError() async throws {
        let lone = try await lintFailure(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json", "message": "x\ud800y"}]}'"#)
        #expect(lone.message == #"plugin 'demo': answered with a lone surrogate, \uD800, which is no character (at '/diagnostics/0/message'); write the character whole (a surrogate pair, or the character itself)"#)
        let pair = try await shell(#"cat > /dev/null; echo '{"diagnostics": [{"file": "content/drinks.json", "message": "x\ud83d\ude00y"}]}'"#)
            .lint(try documents(), locales: ["en"])
        #expect(pair.first?.message == "x😀y", "\(pair)")
    }

    /// A transform's diagnostics are reported against the file, so they are placed by the
    /// file's positions, not by those of the rewritten document (serialized on its own, from
    /// 1:1), which put a warning about one recipe on the lines of another. A pointer only the
    /// rewritten value has goes to its nearest ancestor in the file, and says so.
    @Test func transformDiagnosticsArePlacedInTheFile() async throws {
        let response = #"""
            {"documents": [{"file": "content/drinks.json", "index": 1, "value": {"id": "zombie", "name": "Zombie!!", "steps": ["Shake."]}}],
             "diagnostics": [{"file": "content/drinks.json", "pointer": "/1/name", "message": "renamed", "severity": "warning"},
                             {"file": "content/drinks.json", "pointer": "/1/steps/0", "message": "new step", "severity": "note"},
                             {"file": "content/drinks.json", "pointer": "/1/x-abv", "message": "dropped", "severity": "note"},
                             {"file": "content/drinks.json", "pointer": "/0/name", "message": "kept", "severity": "note"}]}
            """#
        let docs = try documents()
        let plugin = try shell("cat > /dev/null; cat <<'EOF'\n\(response)\nEOF\n", stage: "transform")
        let (out, _, found) = try await plugin.transform(docs, options: .null, locales: [])
        func place(_ d: Document, _ key: String?) -> SourcePosition {
            d.diagnostic(ruleID: "x", severity: .note, message: "x", node: key.map { d.json.member(d.node, $0)! } ?? d.node).start
        }
        #expect(found.map(\.message) == ["renamed", "new step (about /1/steps/0 of the rewritten document, which content/drinks.json does not have)", "dropped", "kept"])
        #expect(found.map(\.pointer) == ["/1/name", "/1", "/1/x-abv", "/0/name"])
        #expect(found.map(\.start) == [place(docs[1], "name"), place(docs[1], nil), place(docs[1], "x-abv"), place(docs[0], "name")])
        #expect(found.first?.start.line == 3)

        // After that transform, an export plugin's diagnostics too are placed in the file
        // the build loaded, not in the rewritten document.
        let exported = try await shell(#"cat > /dev/null; echo '{"artifacts": [], "diagnostics": [{"file": "content/drinks.json", "pointer": "/1/name", "message": "m", "severity": "note"}]}'"#, stage: "export")
            .export(out, options: .null, locales: [], sources: docs)
        #expect(exported.diagnostics.map(\.start) == [place(docs[1], "name")])
        // A pointer in neither is still refused.
        let nowhere = #"{"documents": [], "diagnostics": [{"file": "content/drinks.json", "pointer": "/1/nope", "message": "m"}]}"#
        do {
            _ = try await shell("cat > /dev/null; echo '\(nowhere)'", stage: "transform").transform(docs, options: .null, locales: [])
            Issue.record("a pointer in neither document was accepted")
        } catch {
            #expect("\(error)" == "plugin 'demo': diagnostics[0]: the pointer '/1/nope' does not exist in content/drinks.json")
        }
    }

    // MARK: Export plugins

    @Test func exportReturnsTextAndBase64Artifacts() async throws {
        let response = #"{"artifacts": [{"path": "a/b.txt", "text": "hé"}, {"path": "c.bin", "base64": "AAEC"}]}"#
        let (artifacts, _) = try await shell("cat > /dev/null; echo '\(response)'", stage: "export").export(try documents(), options: .null, locales: [])
        #expect(artifacts.map(\.path) == ["a/b.txt", "c.bin"])
        #expect(artifacts.map(\.bytes) == [Array("hé".utf8), [0, 1, 2]])
    }

    @Test func exportPathsMustStayInTheOutputFolder() async throws {
        func failure(_ response: String) async throws -> String {
            do {
                _ = try await shell("cat > /dev/null; echo '\(response)'", stage: "export").export(try documents(), options: .null, locales: [])
                return "no failure"
            } catch {
                return "\(error)"
            }
        }
        #expect(try await failure(#"{"artifacts": [{"path": "../escape.txt", "text": "x"}]}"#)
            == "plugin 'demo': artifacts[0]: invalid artifact path '../escape.txt': the path holds '..', which could leave the output folder")
        #expect(try await failure(#"{"artifacts": [{"path": "/etc/x", "text": "x"}]}"#)
            == "plugin 'demo': artifacts[0]: invalid artifact path '/etc/x': the path is absolute; it must be relative to the output folder")
        #expect(try await failure(#"{"artifacts": [{"path": "a.txt", "text": "x", "base64": "eA=="}]}"#)
            == #"plugin 'demo': artifacts[0] (a.txt) must have exactly one of "text" or "base64", a string"#)
        #expect(try await failure(#"{"artifacts": [{"path": "a.bin", "base64": "%%%"}]}"#)
            == "plugin 'demo': artifacts[0].base64 (a.bin) is not valid base64: it holds '%' at offset 0, which base64 does not use (its characters are A-Z, a-z, 0-9, + and /; URL-safe base64 writes - and _ for + and /)")
    }

    /// Base64 that does not decode says why: line breaks (MIME base64, as Python's
    /// `base64.encodebytes` writes it), spaces, padding, another alphabet.
    @Test func base64ThatDoesNotDecodeSaysWhy() async throws {
        func failure(_ encoded: String) async throws -> String {
            let response = #"{"artifacts": [{"path": "logo.bin", "base64": "\#(encoded)"}]}"#
            do {
                _ = try await shell("cat > /dev/null; cat <<'END'\n\(response)\nEND", stage: "export").export(try documents(), options: .null, locales: [])
                return "no failure"
            } catch {
                return "\(error)"
            }
        }
        let start = "plugin 'demo': artifacts[0].base64 (logo.bin) is not valid base64: "
        #expect(try await failure(#"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4\nOTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiY2RlZmdoaWprbG1ub3Bx\n"#)
            == start + "it holds line breaks (the first at offset 76), as MIME base64 has them (Python's base64.encodebytes); write it on one line (base64.b64encode)")
        #expect(try await failure("aGk") == start + "its length, 3, is not a multiple of 4: the padding at its end is missing (aGk=)")
        #expect(try await failure("aGk=aGk=") == start + "it holds '=' at offset 3, before its end: '=' only pads the end")
        #expect(try await failure("aGVs bG8=") == start + "it holds a space at offset 4; base64 has none")
        #expect(try await failure("a-_b") == start + "it holds '-' at offset 1, which base64 does not use (its characters are A-Z, a-z, 0-9, + and /; URL-safe base64 writes - and _ for + and /)")
    }

    // MARK: The protocol's schemas

    static func schema(_ name: String) throws -> JSONSchema {
        try JSONSchema(contentsOfFile: root.appendingPathComponent("Schemas/plugin-protocol/\(name).schema.json").path)
    }

    @Test func requestMatchesItsSchema() throws {
        let plugin = ExternalPlugin(spec: PluginSpec(id: "demo", stage: "lint", command: ["true"]), projectRoot: ".")
        let single = try documents(#"{"id": "a"}"#, file: "one.json")
        let request = plugin.request(stage: "lint", documents: try documents() + single, options: ["limit": 30], locales: ["en", "es"])
        let json = try JSONDocument(parsing: JSONWriter.compact.bytes(request))
        let result = try Self.schema("request").validate(json)
        #expect(result.errors.isEmpty, "\(result.errors.map(\.message))")
        #expect(request["documents"]?[2]?["index"] == .null)
        #expect(request["documents"]?[1]?["pointer"] == "/1")
    }

    @Test(arguments: [
        ("lint-response", #"{"diagnostics": [{"file": "a.json", "pointer": "/0/x-abv", "message": "too strong", "severity": "warning", "rule": "over-limit"}]}"#, true),
        ("lint-response", #"{"diagnostics": [{"file": "a.json", "message": "m", "severity": "fatal"}]}"#, false),
        ("transform-response", #"{"documents": [{"file": "a.json", "index": 0, "value": {"id": "a"}}], "diagnostics": []}"#, true),
        ("transform-response", #"{"documents": [{"file": "a.json", "value": [1]}]}"#, false),
        ("export-response", #"{"artifacts": [{"path": "abv.csv", "text": "id,abv\n"}, {"path": "x.bin", "base64": "AAE="}]}"#, true),
        ("export-response", #"{"artifacts": [{"path": "x", "text": "a", "base64": "YQ=="}]}"#, false),
    ])
    func responseExamplesMatchTheirSchemas(_ name: String, _ text: String, _ valid: Bool) throws {
        #expect(try Self.schema(name).isValid(try JSONDocument(parsing: text)) == valid)
    }

    // MARK: The documentation's examples

    /// The fenced blocks of Docs/plugin-protocol.md in one language, in order.
    static func docBlocks(_ language: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("Docs/plugin-protocol.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test func docsMessagesMatchTheSchemas() throws {
        let blocks = try Self.docBlocks("json")
        let names = ["request", "lint-response", "transform-response", "export-response"]
        try #require(blocks.count == names.count, "Docs/plugin-protocol.md should show one JSON example per message")
        for (name, block) in zip(names, blocks) {
            let result = try Self.schema(name).validate(try JSONDocument(parsing: block))
            #expect(result.errors.isEmpty, "\(name): \(result.errors.map(\.message))")
        }
    }

    @Test func docsPythonPluginWorks() async throws {
        let block = try #require(try Self.docBlocks("python").first)
        let dir = try scratch()
        try block.write(toFile: dir + "/plugin.py", atomically: true, encoding: .utf8)
        let spec = PluginSpec(id: "docs", stage: "lint", command: ["python3", "plugin.py"], options: ["limit": 30])
        let found = await ExternalPlugin(spec: spec, projectRoot: dir).lint(try documents(), locales: ["en"])
        #expect(found.map(\.message) == ["too strong"])
        #expect(found.map(\.ruleID) == ["docs/over-limit"])
        #expect(found.map(\.pointer) == ["/1/x-abv"])
    }

    // MARK: The pipeline

    @Test func linterRunsLintPluginsOnceOverTheReportedDocuments() async throws {
        let dir = try scratch(#"""
            cat > request.json
            echo run >> runs.txt
            echo '{"diagnostics": [{"file": "content/drinks.json", "pointer": "/1/name", "message": "seen", "severity": "warning"}]}'
            """#)
        let config = LarderConfig(json: try JSONValue(parsing: #"""
            {"locales": ["en"], "content": [{"kind": "recipe", "include": ["content/*.json"]}],
             "rules": {"schema": "off"},
             "plugins": [{"id": "demo", "stage": "lint", "command": ["sh", "plugin.sh"]},
                         {"id": "quiet", "stage": "lint", "command": ["sh", "-c", "exit 9"]}]}
            """#))
        var configOff = config
        configOff.rules["plugin/quiet"] = RuleSetting(isOff: true)
        let docs = try documents()
        let content = LoadedContent(documents: docs, files: [("content/drinks.json", 0)])
        let linter = Linter(config: configOff, registry: PluginRegistry(), reader: WorkingTreeReader(root: dir), projectRoot: dir)
        let found = await linter.lint(content)
        #expect(found.map(\.message) == ["seen"])
        #expect(found.first?.start.line == 3)
        #expect(try String(contentsOfFile: dir + "/runs.txt", encoding: .utf8) == "run\n")
        #expect(linter.checkRuleSettings().isEmpty)

        let failing = await Linter(config: config, registry: PluginRegistry(), reader: WorkingTreeReader(root: dir), projectRoot: dir).lint(content)
        #expect(failing.filter { $0.ruleID == "plugin/quiet" }.map(\.message) == ["plugin 'quiet': exited with status 9"])
    }

    @Test func pluginSettingsAreChecked() throws {
        let config = LarderConfig(json: try JSONValue(parsing: #"""
            {"plugins": [{"id": "a", "stage": "lint", "command": ["x"]},
                         {"id": "a", "stage": "lint", "command": ["y"]},
                         {"id": "t", "stage": "transform", "command": ["x"]},
                         {"id": "e", "stage": "export", "command": ["x"]},
                         {"id": "used", "stage": "export", "command": ["x"]}],
             "exports": ["used"]}
            """#))
        let found = Linter(config: config, registry: PluginRegistry(), reader: WorkingTreeReader(root: "/"), projectRoot: "/")
            .checkPluginSettings()
        #expect(found.map(\.message) == [
            "the plugin id 'a' is declared twice (also plugins[0]); plugin ids must be unique",
            "the transform plugin 't' never runs: name it in `transforms:` (- t)",
            "the export plugin 'e' never runs: name it in `exports:` (- e: { out: dist/e })",
        ])
        #expect(found.map(\.severity) == [.error, .warning, .warning])
        #expect(found.map(\.pointer) == ["/plugins/1/id", "/plugins/2", "/plugins/3"])
    }

    /// Of an id declared twice, only the first plugin runs, as `larder plugins` and the
    /// config's error say (both lint plugins of one id ran).
    @Test func onlyTheFirstOfAPluginIDDeclaredTwiceRuns() async throws {
        let dir = try scratch("echo \"$1\" >> runs.txt; cat > /dev/null; echo '{\"diagnostics\": []}'")
        let config = LarderConfig(json: try JSONValue(parsing: #"""
            {"locales": ["en"], "content": [{"kind": "recipe", "include": ["content/*.json"]}],
             "plugins": [{"id": "a", "stage": "lint", "command": ["sh", "plugin.sh", "first"]},
                         {"id": "a", "stage": "lint", "command": ["sh", "plugin.sh", "second"]}]}
            """#))
        let linter = Linter(config: config, registry: PluginRegistry(), reader: WorkingTreeReader(root: dir), projectRoot: dir)
        let found = await linter.runLintPlugins(try documents())
        #expect(found.map(\.message) == ["the plugin id 'a' is declared twice (also plugins[0]); plugin ids must be unique"])
        #expect(try String(contentsOfFile: dir + "/runs.txt", encoding: .utf8) == "first\n")
    }

    struct UniqueID: Rule {
        let id = "unique-id"
        let summary = "Ids are unique."
        let defaultSeverity = Severity.error
        func check(_ document: Document, context: RuleContext) -> [Diagnostic] { [] }
    }

    /// A lint plugin with the id of a rule or check of Larder reported as that rule, and
    /// `rules: { schema: off }` did not turn it off: it is refused, and does not run.
    @Test func aLintPluginCannotTakeTheIdOfARule() async throws {
        let dir = try scratch("echo run >> runs.txt; cat > /dev/null; echo '{\"diagnostics\": []}'")
        let config = LarderConfig(json: try JSONValue(parsing: #"""
            {"locales": ["en"], "content": [{"kind": "recipe", "include": ["content/*.json"]}],
             "plugins": [{"id": "schema", "stage": "lint", "command": ["sh", "plugin.sh"]},
                         {"id": "parse", "stage": "lint", "command": ["sh", "plugin.sh"]},
                         {"id": "unique-id", "stage": "lint", "command": ["sh", "plugin.sh"]},
                         {"id": "acme-unique-id", "stage": "lint", "command": ["sh", "plugin.sh"]},
                         {"id": "plugin", "stage": "lint", "command": ["sh", "plugin.sh"]},
                         {"id": "io", "stage": "lint", "command": ["sh", "plugin.sh"]},
                         {"id": "uppercase", "stage": "lint", "command": ["sh", "plugin.sh"]}]}
            """#))
        var registry = PluginRegistry()
        try registry.register(rule: UniqueID())
        try registry.register(transform: UppercaseNames())
        let linter = Linter(config: config, registry: registry, reader: WorkingTreeReader(root: dir), projectRoot: dir)
        let found = linter.checkPluginSettings()
        #expect(found.map(\.message) == [
            "the lint plugin id 'schema' is the id of the check 'schema': its reports would pass for that check's, and `rules: { schema: off }` would not turn it off; give the plugin an id of its own (acme-schema)",
            "the lint plugin id 'parse' is the id of the check 'parse': its reports would pass for that check's, and `rules: { parse: off }` would not turn it off; give the plugin an id of its own (acme-parse)",
            "the lint plugin id 'unique-id' is the id of the rule 'unique-id': its reports would pass for that rule's, and `rules: { unique-id: off }` would not turn it off; give the plugin an id of its own (acme-unique-id)",
            // A plugin `plugin` reporting a rule `x` writes `plugin/x`, the id of plugin x's
            // failures; `io` is an unreadable file's; a transform's reports carry its id.
            "the lint plugin id 'plugin' is the id of the check 'plugin': its reports would pass for that check's, and `rules: { plugin: off }` would not turn it off; give the plugin an id of its own (acme-plugin)",
            "the lint plugin id 'io' is the id of the check 'io': its reports would pass for that check's, and `rules: { io: off }` would not turn it off; give the plugin an id of its own (acme-io)",
            "the lint plugin id 'uppercase' is the id of the transform 'uppercase': its reports would pass for that transform's, and `rules: { uppercase: off }` would not turn it off; give the plugin an id of its own (acme-uppercase)",
        ])
        #expect(found.map(\.severity) == [.error, .error, .error, .error, .error, .error])
        #expect(found.map(\.pointer) == ["/plugins/0/id", "/plugins/1/id", "/plugins/2/id", "/plugins/4/id", "/plugins/5/id", "/plugins/6/id"])
        let ran = await linter.runLintPlugins(try documents())
        #expect(ran.map(\.pointer) == ["/plugins/0/id", "/plugins/1/id", "/plugins/2/id", "/plugins/4/id", "/plugins/5/id", "/plugins/6/id"])
        #expect(try String(contentsOfFile: dir + "/runs.txt", encoding: .utf8) == "run\n", "only acme-unique-id runs")
    }

    @Test func builderRunsTransformAndExportPluginsNamedInTheSteps() async throws {
        let out = try scratch()
        let config = LarderConfig(json: try JSONValue(parsing: #"""
            {"plugins": [{"id": "abv-round", "stage": "transform", "command": ["python3", "python/abv-round.py"]},
                         {"id": "abv-table", "stage": "export", "command": ["python3", "python/abv-table.py"]}],
             "transforms": [{"abv-round": {"digits": 0}}],
             "exports": [{"abv-table": {"out": "dist/abv"}}]}
            """#))
        var builder = Builder(config: config, registry: PluginRegistry(), outputBase: out)
        builder.pluginDirectory = Self.examples
        let result = try await builder.run(try documents())
        #expect(result.outputs.map(\.path) == ["dist/abv"])
        #expect(try String(contentsOfFile: out + "/dist/abv/abv.csv", encoding: .utf8) == "id,abv\nnegroni,24\nzombie,39\n")
    }

    /// Artifact paths that cannot be written as given (one a file and a folder of another, a
    /// name too long for the file system) are named as the export gave them, in their
    /// output, never by where the build stages them; with `--check` too.
    @Test(arguments: [false, true])
    func unwritableArtifactPathsAreNamedAsGiven(checkOnly: Bool) async throws {
        func failure(_ artifacts: String) async throws -> String {
            let dir = try scratch("cat > /dev/null; cat <<'EOF'\n{\"artifacts\": \(artifacts)}\nEOF\n")
            let config = LarderConfig(json: try JSONValue(parsing: #"""
                {"plugins": [{"id": "clash", "stage": "export", "command": ["sh", "plugin.sh"]}], "exports": [{"clash": {"out": "dist/clash"}}]}
                """#))
            var builder = Builder(config: config, registry: PluginRegistry(), outputBase: dir)
            builder.pluginDirectory = dir
            builder.checkOnly = checkOnly
            do {
                _ = try await builder.run(try documents())
                return "no failure"
            } catch {
                #expect(!FileManager.default.fileExists(atPath: dir + "/dist/clash"))
                return "\(error)"
            }
        }
        #expect(try await failure(#"[{"path": "a", "text": "x"}, {"path": "a/b.txt", "text": "y"}]"#)
            == "export clash: the files 'a' and 'a/b.txt' of the output 'dist/clash' clash: 'a' cannot be both a file and a folder")
        #expect(try await failure(#"[{"path": "a/b/c.txt", "text": "y"}, {"path": "a/b", "text": "x"}]"#)
            == "export clash: the files 'a/b/c.txt' and 'a/b' of the output 'dist/clash' clash: 'a/b' cannot be both a file and a folder")
        // A file `A` and a folder `a`: one name on macOS and Windows (the build passed on Linux).
        #expect(try await failure(#"[{"path": "A", "text": "x"}, {"path": "a/y.txt", "text": "y"}]"#)
            == "export clash: the files 'A' and 'a/y.txt' of the output 'dist/clash' clash: on macOS and Windows 'A' and 'a' are one name, which cannot be both a file and a folder")
        let long = "d/" + String(repeating: "x", count: 300) + ".txt"
        let tooLong = try await failure(#"[{"path": "ok.txt", "text": "x"}, {"path": "\#(long)", "text": "y"}]"#)
        #expect(tooLong.hasPrefix("export clash: cannot write '\(long)' in the output 'dist/clash': "), "\(tooLong)")
        #expect(!tooLong.contains("larder-staging") && !tooLong.contains("larder-check"), "\(tooLong)")
        let deep = String(repeating: "abcdefghijklmnopqrst/", count: 200) + "z.txt"
        let tooDeep = try await failure(#"[{"path": "\#(deep)", "text": "y"}]"#)
        #expect(tooDeep.hasPrefix("export clash: cannot write '\(deep)' in the output 'dist/clash': "), "\(tooDeep)")
        #expect(!tooDeep.contains("larder-staging") && !tooDeep.contains("larder-check"), "\(tooDeep)")
    }

    /// The same checks for an exporter written in Swift, which may also give a path twice.
    @Test func artifactPathsGivenTwiceAreNamed() throws {
        let writer = OutputWriter(base: try scratch())
        let twice = [try Artifact(path: "en/a.json", string: "1"), try Artifact(path: "en/a.json", string: "2")]
        do {
            try writer.check([OutputWriter.Output(path: "dist/json", isFile: false, artifacts: twice)])
            Issue.record("a path given twice was accepted")
        } catch {
            #expect(error.description == "the output 'dist/json' would get the file 'en/a.json' twice")
        }
    }

    /// Two artifact paths that are one name under Unicode canonical equivalence (KELVIN
    /// SIGN and K, é composed and decomposed) are named as two spellings, each written out,
    /// not as one path "given twice".
    @Test(arguments: [("K.txt", "\u{212A}.txt", #"'\u{212A}.txt' and artifacts[0]'s 'K.txt'"#),
                      ("\u{E9}.txt", "e\u{301}.txt", #"'e\u{301}.txt' and artifacts[0]'s '\u{E9}.txt'"#)])
    func artifactPathsThatAreOneNameUnderUnicodeEquivalenceAreNamed(_ first: String, _ second: String, _ named: String) async throws {
        func escaped(_ s: String) -> String {
            s.unicodeScalars.map { $0.isASCII ? String($0) : "\\u" + String(format: "%04x", $0.value) }.joined()
        }
        let response = #"{"artifacts": [{"path": "\#(escaped(first))", "text": "1"}, {"path": "\#(escaped(second))", "text": "2"}]}"#
        do {
            _ = try await shell("cat > /dev/null; echo '\(response)'", stage: "export").export(try documents(), options: .null, locales: [])
            Issue.record("two spellings of one name were accepted")
        } catch {
            #expect("\(error)" == "plugin 'demo': artifacts[1]: the paths \(named) are one name under Unicode canonical equivalence: macOS takes them for one file, and one would replace the other; spell them alike, or give each a name of its own")
        }
        // The same spelling twice is still a path given twice.
        let twice = #"{"artifacts": [{"path": "\#(escaped(first))", "text": "1"}, {"path": "\#(escaped(first))", "text": "2"}]}"#
        do {
            _ = try await shell("cat > /dev/null; echo '\(twice)'", stage: "export").export(try documents(), options: .null, locales: [])
            Issue.record("a path given twice was accepted")
        } catch {
            #expect("\(error)" == "plugin 'demo': artifacts[1]: the path \(first) is given twice")
        }
    }

    /// An export's file named like the marker would replace it (the file said the folder is
    /// Larder's only by chance); refused at the top of a folder output, for an export plugin
    /// as for an exporter in Swift, streamed or not. Deeper down the name is an ordinary file.
    @Test func noExportWritesOverTheMarker() async throws {
        let dir = try scratch(#"cat > /dev/null; echo '{"artifacts": [{"path": ".larder-output", "text": "x"}]}'"#)
        let config = LarderConfig(json: try JSONValue(parsing: #"""
            {"plugins": [{"id": "marker", "stage": "export", "command": ["sh", "plugin.sh"]}], "exports": [{"marker": {"out": "dist/m"}}]}
            """#))
        var builder = Builder(config: config, registry: PluginRegistry(), outputBase: dir)
        builder.pluginDirectory = dir
        do {
            _ = try await builder.run(try documents())
            Issue.record("the marker was written over")
        } catch {
            #expect("\(error)" == "export marker: the export made a file '.larder-output' at the top of the output 'dist/m': that name is Larder's mark of its output folders; give the file another name or put it in a folder")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/dist/m"))

        let writer = OutputWriter(base: try scratch())
        do {
            try writer.check([OutputWriter.Output(path: "dist/json", isFile: false, artifacts: [try Artifact(path: ".Larder-Output", string: "x")])])
            Issue.record("the marker was written over")
        } catch {
            #expect("\(error)".hasPrefix("the export made a file '.Larder-Output' at the top of the output 'dist/json'"))
        }
        try writer.check([OutputWriter.Output(path: "dist/json", isFile: false, artifacts: [try Artifact(path: "en/.larder-output", string: "x")])])
        try writer.check([OutputWriter.Output(path: "dist/one.larder", isFile: true, artifacts: [try Artifact(path: ".larder-output", string: "x")])])

        var staging = try writer.begin(in: try scratch())
        defer { staging.discard() }
        var sink = try staging.stream(path: "dist/streamed", isFile: false)
        do {
            try sink.append(Array("x".utf8), to: ".larder-output")
            try sink.closeAll()
            Issue.record("a stream wrote over the marker")
        } catch {
            #expect("\(error)".hasPrefix("the export made a file '.larder-output' at the top of the output 'dist/streamed'"))
        }
    }

    /// A folder named as the marker at the top of a folder output is refused as the file
    /// is, and says why: the build failed on it with "Not a directory". Deeper down the name
    /// is an ordinary folder.
    @Test func noExportMakesAFolderNamedAsTheMarker() async throws {
        let dir = try scratch(#"cat > /dev/null; echo '{"artifacts": [{"path": ".larder-output/notes.txt", "text": "x"}]}'"#)
        let config = LarderConfig(json: try JSONValue(parsing: #"""
            {"plugins": [{"id": "marker", "stage": "export", "command": ["sh", "plugin.sh"]}], "exports": [{"marker": {"out": "dist/m"}}]}
            """#))
        var builder = Builder(config: config, registry: PluginRegistry(), outputBase: dir)
        builder.pluginDirectory = dir
        do {
            _ = try await builder.run(try documents())
            Issue.record("a folder named as the marker was made")
        } catch {
            #expect("\(error)" == "export marker: the export made a folder '.larder-output' at the top of the output 'dist/m' (for '.larder-output/notes.txt'): that name is Larder's mark of its output folders; give the folder another name or put it in another folder")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/dist/m"))

        let writer = OutputWriter(base: try scratch())
        do {
            try writer.check([OutputWriter.Output(path: "dist/json", isFile: false, artifacts: [try Artifact(path: ".Larder-Output/a/b.txt", string: "x")])])
            Issue.record("a folder named as the marker was made")
        } catch {
            #expect("\(error)".hasPrefix("the export made a folder '.Larder-Output' at the top of the output 'dist/json' (for '.Larder-Output/a/b.txt')"))
        }
        try writer.check([OutputWriter.Output(path: "dist/json", isFile: false, artifacts: [try Artifact(path: "en/.larder-output/x.txt", string: "x")])])
        try writer.check([OutputWriter.Output(path: "dist/json", isFile: false, artifacts: [try Artifact(path: ".larder-outputs/x.txt", string: "x")])])

        var staging = try writer.begin(in: try scratch())
        defer { staging.discard() }
        var sink = try staging.stream(path: "dist/streamed", isFile: false)
        do {
            try sink.append(Array("x".utf8), to: ".larder-output/notes.txt")
            try sink.closeAll()
            Issue.record("a stream made a folder named as the marker")
        } catch {
            #expect("\(error)".hasPrefix("the export made a folder '.larder-output' at the top of the output 'dist/streamed'"))
        }
    }

    /// Two paths that differ only in case are one file on macOS and Windows: a build there
    /// kept one of the two silently. (Two encodings of one accent are one path to Swift, and
    /// are refused as a path given twice.)
    @Test(arguments: [("A.txt", "a.txt"), ("Caf\u{E9}/x.txt", "caf\u{C9}/X.txt")])
    func artifactPathsThatDifferOnlyInCaseAreRefused(_ first: String, _ second: String) throws {
        let writer = OutputWriter(base: try scratch())
        let pair = [try Artifact(path: first, string: "1"), try Artifact(path: second, string: "2")]
        do {
            try writer.check([OutputWriter.Output(path: "dist/x", isFile: false, artifacts: pair)])
            Issue.record("two paths of one file were accepted")
        } catch {
            #expect(error.description == "the files '\(first)' and '\(second)' of the output 'dist/x' differ only in case: on macOS and Windows they are one file, and one would replace the other")
        }
    }

    /// A step that fails stops the steps still running before it: the build waited for a
    /// slow plugin listed first (the whole of its timeout, for one that hangs) and then
    /// reported that plugin's timeout, not the failure that had already happened.
    @Test func aFailingStepStopsASlowerStepBeforeIt() async throws {
        let dir = try scratch("exit 2")
        try "cat > /dev/null; exec sleep 600".write(toFile: dir + "/slow.sh", atomically: true, encoding: .utf8)
        let config = LarderConfig(json: try JSONValue(parsing: #"""
            {"plugins": [{"id": "slow", "stage": "export", "command": ["sh", "slow.sh"], "timeout": 900},
                         {"id": "broken", "stage": "export", "command": ["sh", "plugin.sh"]}],
             "exports": ["slow", "broken"]}
            """#))
        var builder = Builder(config: config, registry: PluginRegistry(), outputBase: dir)
        builder.pluginDirectory = dir
        let started = Date()
        do {
            _ = try await builder.run(try documents())
            Issue.record("the build went on")
        } catch {
            #expect("\(error)" == "export broken: plugin 'broken': exited with status 2")
        }
        // Not the slow plugin's 600 s. The bound is loose: on a loaded machine the whole
        // test run's blocking tests keep the two threads of the concurrency pool, and this
        // task waited 190 s for one (with a 60 s plugin and a 45 s bound, that failed).
        #expect(Date().timeIntervalSince(started) < 450)
    }

    @Test func builderStopsOnAFailingPluginAndNamesTheStep() async throws {
        let dir = try scratch("exit 2")
        let config = LarderConfig(json: try JSONValue(parsing: #"""
            {"plugins": [{"id": "broken", "stage": "export", "command": ["sh", "plugin.sh"]}], "exports": ["broken"]}
            """#))
        var builder = Builder(config: config, registry: PluginRegistry(), outputBase: dir)
        builder.pluginDirectory = dir
        do {
            _ = try await builder.run(try documents())
            Issue.record("the build went on")
        } catch {
            #expect("\(error)" == "export broken: plugin 'broken': exited with status 2")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/dist/broken"))
    }
}
