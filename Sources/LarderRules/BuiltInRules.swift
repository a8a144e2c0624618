import LarderCore

/// The lint rules Larder ships.
///
///     var registry = PluginRegistry.withBuiltInRules()
///     try registry.register(rule: MyTeamRule())
public enum BuiltInRules {
    /// Every built-in rule, sorted by id.
    public static let all: [any Rule] = [
        ControlCharacterRule(),
        DuplicateKeyRule(),
        GTINChecksumRule(),
        ImageExistsRule(),
        LocaleCompleteRule(),
        LoneSurrogateRule(),
        NearDuplicateLocationRule(),
        NonEmptyTextRule(),
        NutritionConsistencyRule(),
        PlaceholdersRule(),
        PluralFormsRule(),
        QuantityRule(),
        ReferenceRule(),
        UniqueIDRule(),
        UniqueTagRule(),
        UnknownUnitRule(),
        URLRule(),
    ]
}

extension PluginRegistry {
    /// ``PluginRegistry/builtIn`` (reporters and sources) plus every rule of
    /// ``BuiltInRules/all``: what the `larder` CLI starts from.
    public static func withBuiltInRules() -> PluginRegistry {
        var registry = PluginRegistry.builtIn
        registry.registerBuiltInRules()
        return registry
    }

    /// Adds every rule of ``BuiltInRules/all`` whose id is not registered yet (a rule the
    /// registry already has, such as a team's replacement, is kept).
    public mutating func registerBuiltInRules() {
        let known = Set(ids(of: .rule))
        for rule in BuiltInRules.all where !known.contains(rule.id) {
            try? register(rule: rule)
        }
    }
}
