import LarderCLI
import LarderCore

/// The built-in plugins plus the bar's own rule.
func barRegistry() throws -> PluginRegistry {
    var registry = try LarderCommand.builtInRegistry()
    try registry.register(rule: ABVLimit())
    return registry
}

// Everything else is the `larder` CLI: the same commands, options and exit codes.
await LarderCommand.runMain(registry: try barRegistry())
