import LarderJSON

/// The official meta-schemas, parsed once on first use, keyed by URI without fragment.
let embeddedMetaSchemaDocuments: [String: JSONDocument] = {
    var out: [String: JSONDocument] = [:]
    for (uri, json) in embeddedMetaSchemas {
        // The generator checked that each one is valid JSON.
        if let doc = try? JSONDocument(parsing: json) { out[uri] = doc }
    }
    return out
}()

/// The embedded meta-schema for `uri` (http and https spellings of json-schema.org both work).
func embeddedMetaSchema(_ uri: String) -> JSONDocument? {
    var key = normalizedResourceURI(uri)
    if let doc = embeddedMetaSchemaDocuments[key] { return doc }
    if key.hasPrefix("https://json-schema.org/draft-0") { key = "http://" + key.dropFirst(8) }
    else if key.hasPrefix("http://json-schema.org/draft/") { key = "https://" + key.dropFirst(7) }
    return embeddedMetaSchemaDocuments[key]
}
