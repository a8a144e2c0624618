/// What every plugin has: a stable id (the name used in `larder.yml` and on the command
/// line) and a one-line summary for `larder rules` and `--help`.
///
/// Plugins are `Sendable` values with no global state; a ``PluginRegistry`` maps ids to
/// them.
public protocol Plugin: Sendable {
    /// The id, in kebab case: `"duplicate-key"`, `"scale"`, `"sarif"`.
    var id: String { get }
    /// One sentence saying what the plugin does.
    var summary: String { get }
}

/// The kinds of plugin a ``PluginRegistry`` holds.
public enum PluginKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case rule, transform, exporter, reporter, source

    public var description: String { rawValue }
}
