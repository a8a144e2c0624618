import LarderCore
import LarderExport
import LarderRules
import LarderTransforms

/// The registry the `larder` command runs with: the core's reporters and sources plus the
/// built-in rules, transforms and exporters. A Swift package that extends Larder builds
/// its own registry from this one and adds its plugins.
enum CLIRegistry {
    static func make() throws -> PluginRegistry {
        var registry = PluginRegistry.withBuiltInRules()
        registry.registerBuiltInTransforms()
        for exporter: any Exporter in [
            JSONBundleExporter(), XCStringsExporter(), AppleStringsExporter(), AndroidExporter(), I18nextExporter(),
            GettextExporter(), JSONLDExporter(), ImagesExporter(),
        ] {
            try registry.register(exporter: exporter)
        }
        return registry
    }
}
