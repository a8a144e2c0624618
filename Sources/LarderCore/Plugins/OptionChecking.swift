import LarderJSON

/// A transform or exporter that checks the options of its step in `larder.yml` before
/// anything runs: `larder lint` and `larder build` then report a mistake at its line and
/// column (a typo in an option name, a value of the wrong kind), where otherwise the build
/// stopped at that step with no place, and `larder lint` said nothing.
///
///     extension ScaleTransform: OptionChecking {
///         public func optionProblems(_ options: JSONValue, locales: [String]) -> [String] {
///             do { _ = try ScaleOptions(json: options); return [] } catch { return ["\(error)"] }
///         }
///     }
public protocol OptionChecking: Plugin {
    /// What is wrong with the step's `options` for a project of `locales`, as sentences;
    /// empty when nothing is.
    func optionProblems(_ options: JSONValue, locales: [String]) -> [String]
}
