import LarderCore

/// A printf directive of a text, taken apart for an exporter that writes it in another
/// formatter's terms: Android's `java.util.Formatter` (``AndroidExporter/javaFormat(_:name:locale:)``),
/// sprintf-js (``I18nextExporter/sprintfFormat(_:name:locale:)``).
struct PrintfParts {
    /// The directive as written (`%1$-5ld`), for messages.
    var spelling: String
    /// Its argument number when written (`1` in `%1$@`, and in `%01$d`).
    var position: Int?
    /// Its flags, in the order written.
    var flags: [Unicode.Scalar]
    /// Its width and precision as written (`5`, `.2`, `10.3`, `*`).
    var widthAndPrecision: ArraySlice<Unicode.Scalar>
    /// How many of its width and precision are `*` (taken from an argument).
    var stars: Int
    /// Its conversion (`d`, `@`, `f`); the length modifier (`l`, `ll`) is left out.
    var conversion: Unicode.Scalar
}

enum PrintfRewrite {
    /// The flags a directive may have (C's, Apple's and Java's).
    static let flags = Set("-+ #0,('".unicodeScalars)

    /// `text` with each printf directive (``Placeholder/scan(_:lenient:)``) replaced by what
    /// `rewrite` makes of it; everything else (`%%`, `{{name}}`) as written.
    static func rewriting(_ text: String, _ rewrite: (PrintfParts) throws(ExportError) -> String) throws(ExportError) -> String {
        let directives = Placeholder.scan(text)
        guard !directives.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var cursor = 0
        for directive in directives {
            guard case .printf(let position, let stars, let length, let conversion) = directive.kind else { continue }
            out.appendScalars(scalars[cursor..<directive.scalars.lowerBound])
            cursor = directive.scalars.upperBound
            // What is between the `%` (and its `n$`, as written) and the length modifier.
            var middle = scalars[(directive.scalars.lowerBound + 1)..<(directive.scalars.upperBound - 1 - length.unicodeScalars.count)]
            if position != nil, let dollar = middle.firstIndex(of: "$") { middle = middle[(dollar + 1)...] }
            let flagCount = middle.prefix { flags.contains($0) }.count
            let parts = PrintfParts(spelling: directive.spelling, position: position, flags: Array(middle.prefix(flagCount)),
                                    widthAndPrecision: middle.dropFirst(flagCount), stars: stars, conversion: conversion)
            out.appendScalars(try rewrite(parts).unicodeScalars)
        }
        out.appendScalars(scalars[cursor...])
        return String(out)
    }
}
