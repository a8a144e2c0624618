import LarderJSON

/// A transform or exporter that checks the options of its step in `larder.yml` before
/// anything runs: `larder lint` and `larder build` then report a mistake at its line and
/// column (a typo in an option name, a value of the wrong kind), where otherwise the build
/// stopped at that step with no place, and `larder lint` said nothing.
///
/// A plugin that knows where below its options a mistake is also implements
/// ``checkOptions(_:locales:)``, so that it is reported at the option's value (or key, or the
/// item of a list), as rule options are; otherwise each is reported at the step's options.
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

    /// ``optionProblems(_:locales:)`` with the place of each below the step's options
    /// (`["factor"]`; empty for the options as a whole).
    func checkOptions(_ options: JSONValue, locales: [String]) -> [OptionProblem]

    /// ``checkOptions(_:locales:)`` for the project `config` describes (its kinds and their
    /// fields), so that an option naming a kind the project does not have is a problem as
    /// well (lint reports it; otherwise only the build found it). By default the same as
    /// ``checkOptions(_:locales:)``.
    func checkOptions(_ options: JSONValue, locales: [String], config: LarderConfig) -> [OptionProblem]
}

extension OptionChecking {
    /// Each of ``optionProblems(_:locales:)`` at the step's options as a whole.
    public func checkOptions(_ options: JSONValue, locales: [String]) -> [OptionProblem] {
        optionProblems(options, locales: locales).map { OptionProblem($0) }
    }

    /// ``checkOptions(_:locales:)``: the project's kinds are not read.
    public func checkOptions(_ options: JSONValue, locales: [String], config: LarderConfig) -> [OptionProblem] {
        checkOptions(options, locales: locales)
    }
}
