import LarderCore
import LarderRules

/// The registry the `larder` command runs with: the core's reporters and sources plus the
/// built-in rules, transforms and exporters. A Swift package that extends Larder builds
/// its own registry from this one and adds its plugins.
enum CLIRegistry {
    static func make() throws -> PluginRegistry {
        PluginRegistry.withBuiltInRules()
    }
}
