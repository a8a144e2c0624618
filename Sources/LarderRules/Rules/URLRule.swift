import LarderCore
import LarderJSON

/// `url`: links are absolute http(s) URLs with a well-formed host, and a video is an
/// http(s) URL or a YouTube id.
public struct URLRule: ConfigurableRule {
    public let id = "url"
    public let summary = "Links are absolute http(s) URLs with a well-formed host; a video is a URL or a YouTube id."
    public let defaultSeverity = Severity.error
    public var details: String? {
        """
        A link an app cannot open is a dead button. Links (`links` entries of recipes, \
        locations and shops written in a recipe) must be absolute http or https URLs: a \
        host name made of valid labels with a dot (an underscore is taken below the top-level \
        domain, as browsers take it; or an IP address: four numbers up to 255, or an IPv6 \
        address in brackets with groups of 1 to 4 hex digits, 8 of them or fewer with one \
        `::`, an IPv4 address only last), an optional port, \
        no white space, well-formed percent escapes, no user name or password.

        `video` is either such a URL or a YouTube video id (11 characters of A-Z, a-z, \
        0-9, `_` and `-`, what a player SDK takes). A YouTube URL must carry a well-formed \
        id (`youtu.be/ID`, `youtube.com/watch?v=ID`, `/embed/ID`, `/shorts/ID`). For a \
        kind of your own, name the fields with `fields` (links) and `videoFields`; a \
        pointer to a list (`/links`) means each string in it.
        """
    }
    public var options: [RuleOption] {
        [
            // Either list may be empty (a kind with links and no video): the rule checks the
            // other one.
            RuleOption("fields", .pointers, "link fields, as JSON Pointers (`*` for every element; a list means each of its links); replaces the built-in ones",
                       default: "links of recipes, locations and recipe shops", allowsEmptyList: true),
            RuleOption("pointers", .pointers, "the same as `fields`", aliasOf: "fields", allowsEmptyList: true),
            RuleOption("videoFields", .pointers, "video fields, as JSON Pointers; replaces the built-in ones",
                       default: "video of recipes, locations and recipe shops", allowsEmptyList: true),
        ]
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"{"id": "negroni", "links": ["https://www.example.com/negroni?x=1#top", "http://127.0.0.1:8080/", "https://bếp.vn/món"], "video": "dQw4w9WgXcQ"}"#,
                    kind: "recipe"),
            .passes(#"{"id": "spot", "video": "https://youtu.be/dQw4w9WgXcQ", "links": ["https://www.youtube.com/@saigonbar"]}"#,
                    kind: "location"),
            .triggers(#"{"id": "negroni", "links": ["https://www,example.com/negroni", "ftp://example.com/x", "www.example.com"]}"#,
                      at: "/links/0", "/links/1", "/links/2", kind: "recipe"),
            .triggers(#"{"id": "negroni", "video": "dQw4w9WgXc"}"#, at: "/video", kind: "recipe"),
            .triggers(#"{"id": "spot", "video": "www.youtube.com/watch?v=dQw4w9WgXcQ"}"#, at: "/video", kind: "location"),
            .triggers(#"{"id": "spot", "video": "https://www.youtube.com/watch?v=dQw4w9"}"#, at: "/video", kind: "location"),
            // A host name may end in a dot (the root of DNS): it is still YouTube.
            .triggers(#"{"id": "spot", "video": "https://www.youtube.com./watch?v=short", "links": ["https://youtu.be./x"]}"#,
                      at: "/links/0", "/video", kind: "location"),
            .passes(#"{"id": "spot", "video": "https://www.youtube.com./watch?v=dQw4w9WgXcQ"}"#, kind: "location"),
            // IPv6 addresses: groups of 1 to 4 hex digits, 8 of them or fewer with one `::`,
            // an IPv4 address only last.
            .passes(#"{"id": "spot", "links": ["https://[::1]:8080/", "https://[2001:db8::7]/menu", "https://[1:2:3:4:5:6:7:8]/", "https://[::ffff:192.0.2.1]/", "https://[1::]/", "https://[::]/"]}"#,
                    kind: "location"),
            .triggers(#"{"id": "spot", "links": ["https://[1::2::3]/menu", "https://[1:2:3:4:5:6:7:8:9]/", "https://[12345::]/", "https://[:::]/", "https://[1:2:3:4:5:6:7]/", "https://[1.2.3.4::]/", "https://[::1.2.3.256]/", "https://[1:2:3:4:5:6:7::1.2.3.4]/", "https://[:1::]/", "https://[::ffff:192.0.02.1]/"]}"#,
                      at: "/links/0", "/links/1", "/links/2", "/links/3", "/links/4", "/links/5", "/links/6", "/links/7", "/links/8", "/links/9", kind: "location"),
            .triggers(#"{"id": "x", "shops": [{"id": "s", "links": ["https://exa mple.com"]}]}"#, at: "/shops/0/links/0", kind: "recipe"),
            .triggers(#"{"id": "easy", "help": "https://-bad-.example.com"}"#, at: "/help", kind: "achievement",
                      options: ["fields": ["/help"]]),
        ]
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        let builtIn = ContentFields.links(kind: document.kind, json: json, node: document.node)
        // A pointer to a list means each of its links, as the text rules read it.
        func named(_ key: String) -> [Int]? {
            options.fieldPaths(key).map { paths in
                paths.flatMap { $0.nodes(in: json, from: document.node) }
                    .flatMap { json.kind($0) == .array ? Array(json.elements($0)) : [$0] }
            }
        }
        let links = named("fields") ?? builtIn.links
        let videos = named("videoFields") ?? builtIn.videos
        var sink = DiagnosticSink(document: document, context: context)
        for node in links {
            guard let text = json.string(node) else { continue }
            if let problem = URLCheck.problem(text) {
                sink.report(node) { "\($0) \(Text.quoted(text)) \(problem); links must be absolute http(s) URLs" }
            } else if case .video(let id) = URLCheck.youTube(text), !URLCheck.isYouTubeID(id) {
                sink.report(node) { "\($0) \(Text.quoted(text)) is a YouTube link whose video id \(Self.describe(id))" }
            }
        }
        for node in videos {
            guard let text = json.string(node) else { continue }
            if URLCheck.hasScheme(text) {
                if let problem = URLCheck.problem(text) {
                    sink.report(node) { "\($0) \(Text.quoted(text)) \(problem); a video is an http(s) URL or a YouTube id" }
                    continue
                }
                switch URLCheck.youTube(text) {
                case .video(let id) where !URLCheck.isYouTubeID(id):
                    sink.report(node) { "\($0) \(Text.quoted(text)) is a YouTube link whose video id \(Self.describe(id))" }
                case .noVideo:
                    sink.report(node) {
                        "\($0) \(Text.quoted(text)) is a YouTube page but not a video; link a video (youtu.be/ID or youtube.com/watch?v=ID)"
                    }
                default:
                    break
                }
            } else if !URLCheck.isYouTubeID(text[...]) {
                let hint = text.contains(".") || text.contains("/")
                    ? "; it looks like a URL without its scheme: add https://"
                    : "; a YouTube id has 11 characters of A-Z, a-z, 0-9, _ and - (this one has \(text.count))"
                sink.report(node) { "\($0) \(Text.quoted(text)) is neither an http(s) URL nor a YouTube video id\(hint)" }
            }
        }
        return sink.diagnostics
    }

    static func describe(_ id: Substring) -> String {
        if id.isEmpty { return "is missing; the link must name a video" }
        return "'\(id)' is malformed; a YouTube id has 11 characters of A-Z, a-z, 0-9, _ and - (this one has \(id.count))"
    }
}
