import LarderCore
import LarderExport
import LarderImport
import LarderRules
import LarderTransforms

/// The registry the `larder` command runs with: the core's reporters and sources plus the
/// built-in rules, transforms, exporters and importers. A Swift package that extends Larder
/// builds its own registry from this one and adds its plugins.
enum CLIRegistry {
    /// The registry given to ``LarderCommand/runMain(registry:arguments:)``, for the commands
    /// it runs; nil when `larder` runs with the built-in one. (A task-local value, not a
    /// global: it holds only for the run that set it.)
    static let current = TaskLocal<PluginRegistry?>(wrappedValue: nil)

    /// The registry of this run: the one `runMain(registry:)` was given, else ``builtIn()``.
    static func make() throws -> PluginRegistry {
        if let registry = current.get() { return registry }
        return try builtIn()
    }

    /// The registry `larder lint` runs with: the one `runMain(registry:)` was given, else
    /// the core reporters and the built-in rules. Lint needs no transforms or exporters, and
    /// making the transforms builds their unit tables (a tenth of a hook run's time).
    static func makeForLint() -> PluginRegistry {
        if let registry = current.get() { return registry }
        return PluginRegistry.withBuiltInRules()
    }

    /// The built-in registry: core reporters and sources, built-in rules, transforms,
    /// exporters and importers (sources `off` and `schema-org`, for `larder import`).
    static func builtIn() throws -> PluginRegistry {
        var registry = PluginRegistry.withBuiltInRules()
        registry.registerBuiltInTransforms()
        for exporter: any Exporter in [
            JSONBundleExporter(), XCStringsExporter(), AppleStringsExporter(), AndroidExporter(), I18nextExporter(),
            GettextExporter(), JSONLDExporter(), ImagesExporter(),
        ] {
            try registry.register(exporter: exporter)
        }
        for importer: any Importer in [OpenFoodFactsImporter(), SchemaOrgRecipeImporter()] {
            try registry.register(source: importer)
        }
        return registry
    }
}
