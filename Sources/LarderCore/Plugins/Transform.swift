import LarderJSON

/// Rewrites a document: scales a recipe, converts energy or units.
///
/// A transform reads `document.value`, changes it and writes it back with
/// `document.replaceValue(with:)`. It returns notes for what it could not do ("could not
/// parse '2 pinches of love', left as is") and throws only when it cannot run at all
/// (bad options).
public protocol Transform: Plugin {
    /// Changes `document` in place and returns notes (or warnings) about it.
    func apply(to document: inout Document, context: TransformContext) throws -> [Diagnostic]
}

/// What a transform gets besides the document.
public struct TransformContext: Sendable {
    /// The transform's id (diagnostics carry it as their rule id).
    public var transformID: String
    /// The options from `larder.yml` or the command line (`scale: { servings: 4 }` gives
    /// `{"servings": 4}`); `null` when none.
    public var options: JSONValue
    /// The project's locales, the source language first.
    public var locales: [String]

    public init(transformID: String, options: JSONValue = .null, locales: [String] = []) {
        self.transformID = transformID
        self.options = options
        self.locales = locales
    }
}
