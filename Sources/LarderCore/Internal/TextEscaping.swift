/// Small text helpers shared by the reporters.
enum TextEscaping {
    /// `text` with every line break (`\r\n`, `\n`, `\r`) replaced by one space.
    static func singleLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                out.append(" ")
                previousCR = true
                continue
            }
            if scalar == "\n" {
                if !previousCR { out.append(" ") }
            } else {
                out.unicodeScalars.append(scalar)
            }
            previousCR = false
        }
        return out
    }
}
