import LarderJSON

extension ValidationError {
    /// The message with the value it is about named first, as a person reads it next to the
    /// line: `"servings": -2 is less than the minimum 1`, `"steps"[2]: expected a string,
    /// found a number`. Errors about the document itself, and messages that already start
    /// with the key (`"ingredeints" is not allowed`), are left as they are.
    public func message(in document: JSONDocument, root: Int? = nil) -> String {
        var cursor = ElementCursor()
        return message(in: document, root: root, cursor: &cursor)
    }

    /// ``message(in:root:)`` for many errors of one document: `cursor` keeps where the
    /// look-ups in large arrays ended, so the errors of a 100,000-element array, in order,
    /// are not each found from its first element.
    public func message(in document: JSONDocument, root: Int? = nil, cursor: inout ElementCursor) -> String {
        guard let last = instanceLocation.tokens.last, let parentPointer = instanceLocation.parent else { return message }
        // Written as a JSON string, as values are: a quote or a newline in the name must
        // not read as the end of the name or of the message.
        let quotedKey = jsonString(last)
        if message.hasPrefix(quotedKey) { return message }
        // Resolve the parent from the document's root node (a file may hold many documents):
        // down towards the error's value, whose containers find the child holding it from
        // their checkpoints (by key, each look-up in a 64,000-member object walked its
        // members, and one error in each took 16 seconds); by the pointer's tokens when the
        // value is not below the root.
        var parent = root ?? document.root
        var found = true
        for _ in parentPointer.tokens {
            guard let (_, child) = document.child(of: parent, holding: node) else { found = false; break }
            parent = document.kind(parent) == .object ? child + 1 : child
        }
        if found { return message(in: document, parent: parent, parentPointer: parentPointer, last: last, quotedKey: quotedKey) }
        parent = root ?? document.root
        for token in parentPointer.tokens {
            switch document.kind(parent) {
            case .object:
                guard let v = document.member(parent, token) else { return message }
                parent = v
            case .array:
                guard let i = Int(token), let e = document.element(parent, i, cursor: &cursor) else { return message }
                parent = e
            default:
                return message
            }
        }
        return message(in: document, parent: parent, parentPointer: parentPointer, last: last, quotedKey: quotedKey)
    }

    private func message(in document: JSONDocument, parent: Int, parentPointer: JSONPointer, last: String, quotedKey: String) -> String {
        if document.kind(parent) == .array {
            guard let owner = parentPointer.tokens.last else { return "[\(last)]: " + message }
            return jsonString(owner) + "[\(last)]: " + message
        }
        return quotedKey + ": " + message
    }
}
