import LarderJSON

/// A rule that looks across documents (unique ids, references between kinds, places that
/// sit on top of each other): it runs once per run over the whole ``ContentSet`` instead
/// of once per document.
///
/// The runner calls ``check(content:reportingOn:context:)`` once, with every document of
/// the run in `content` (also the files not being reported on, so an id in an unchanged
/// file still counts), and keeps the diagnostics it returns. When only some files are
/// reported on (`larder lint --staged`, or paths given on the command line), pass their
/// names in `reportingOn`: the rule then reports only problems it can place in those
/// files.
///
///     struct UniqueTitle: ContentRule {
///         let id = "unique-title"
///         let summary = "Titles are unique."
///         let defaultSeverity = Severity.warning
///         func check(content: ContentSet, reportingOn files: Set<String>?,
///                    context: RuleContext) -> [Diagnostic] { … }
///     }
///
/// A rule that can say what it needs of each document (an id and where it is) should adopt
/// ``FactContentRule``: then `larder lint` on a few files takes those facts of unchanged
/// files from the lint cache instead of parsing every file. A content rule without facts
/// still works; runs in which it is in force parse every file.
///
/// A content rule is still a ``Rule``: its ``Rule/check(_:context:)`` (given here) runs the
/// whole check over `context.content` and keeps what falls inside the one document. That
/// serves the example tests and callers that know only ``Rule``, but costs O(n) per
/// document: a runner checking many documents must call
/// ``check(content:reportingOn:context:)`` once instead.
public protocol ContentRule: Rule {
    /// The problems in `content`, placed only in files of `reportingOn` (all files when nil).
    /// - Complexity: should be O(n) or O(n log n) in the size of the content.
    func check(content: ContentSet, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic]

    /// True when, with the options of `context`, the check can report nothing whatever the
    /// content holds (`reference` in a project with neither locations nor a taxonomy): the
    /// run then skips the rule, and extracts no facts for it. False by default.
    func isInert(context: RuleContext) -> Bool
}

extension ContentRule {
    public func isInert(context: RuleContext) -> Bool { false }

    /// Runs the content-wide check over `context.content` (plus `document`, when the set
    /// does not hold it), reporting on every file, and keeps the diagnostics placed within
    /// `document`: checking every document this way gives what one content-wide run gives.
    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        var content = context.content
        if !content.documents.contains(where: { $0.file == document.file && $0.node == document.node }) {
            content.documents.append(document)
        }
        return check(content: content, reportingOn: nil, context: context)
            .filter { document.contains($0) }
    }
}

extension Document {
    /// True when `diagnostic` is placed in this document: its file, at or below the
    /// document's pointer.
    public func contains(_ diagnostic: Diagnostic) -> Bool {
        guard diagnostic.file == file else { return false }
        let base = pointer.tokens
        return diagnostic.pointer.tokens.starts(with: base)
    }
}
