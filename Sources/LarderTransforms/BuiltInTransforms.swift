import LarderCore

/// The transforms Larder ships: `scale` and `convert`.
///
///     var registry = PluginRegistry.withBuiltInRules()
///     registry.registerBuiltInTransforms()
///     let scale = try registry.transform("scale")
public enum BuiltInTransforms {
    /// Every built-in transform, sorted by id.
    public static let all: [any Transform] = [ConvertTransform(), ScaleTransform()]
}

extension PluginRegistry {
    /// Adds every transform of ``BuiltInTransforms/all`` whose id is not registered yet (a
    /// team's own `scale`, registered first, is kept).
    public mutating func registerBuiltInTransforms() {
        let known = Set(ids(of: .transform))
        for transform in BuiltInTransforms.all where !known.contains(transform.id) {
            try? register(transform: transform)
        }
    }
}
