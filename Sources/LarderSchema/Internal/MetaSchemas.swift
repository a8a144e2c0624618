import LarderJSON

/// The embedded meta-schema for `uri` (http and https spellings of json-schema.org both
/// work), parsed on each call (callers keep what they need).
func embeddedMetaSchema(_ uri: String) -> JSONDocument? {
    var key = normalizedResourceURI(uri)
    if key.hasPrefix("https://json-schema.org/draft-0") {
        key = "http://" + key.dropFirst(8)
    } else if key.hasPrefix("http://json-schema.org/draft/") {
        key = "https://" + key.dropFirst(7)
    }
    guard let json = embeddedMetaSchemas.first(where: { $0.uri == key })?.json else { return nil }
    // The generator wrote each one from a parsed file, so it is valid JSON.
    return try? JSONDocument(parsing: json)
}
