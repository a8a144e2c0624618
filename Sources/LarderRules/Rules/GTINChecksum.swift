import LarderCore
import LarderJSON

/// `gtin-checksum`: a product's barcode has the right check digit.
public struct GTINChecksumRule: ConfigurableRule {
    /// None of its own: only those every rule takes (`severity`, `kinds`), so that a misspelt
    /// one (`sevrity: off`) is reported, not ignored.
    public var options: [RuleOption] { [] }

    public let id = "gtin-checksum"
    public let summary = "A product's barcode (EAN-8, UPC-A, EAN-13, GTIN-14) has the right check digit."
    public let defaultSeverity = Severity.error
    public let kinds: [String]? = ["product"]
    public var details: String? {
        """
        The last digit of a GTIN is computed from the others (weights 3 and 1 from the \
        right, modulo 10), so a mistyped digit shows. Codes of 8 (EAN-8), 12 (UPC-A), 13 \
        (EAN-13) and 14 (GTIN-14) digits are checked; a code of another length or with \
        other characters is the schema's to report. The message names the check digit the \
        other digits call for: when it differs, either the check digit or another digit \
        was mistyped. A code of 8 digits that starts with 0 or 1 may also be a UPC-E (the \
        short form of a UPC-A on small US and Canadian packs, whose check digit is that of \
        the UPC-A it stands for): it passes when it is valid as either. A code of zeros \
        only (`0000000000000`) is reported: its check digit fits, but it is no barcode, \
        only the usual stand-in for one not known yet.
        """
    }

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"[{"code": "3017620422003"}, {"code": "96385074"}, {"code": "036000291452"}, {"code": "10036000291459"}]"#,
                    kind: "product"),
            .triggers(#"{"code": "5601234005199"}"#, at: "/code", kind: "product"),
            .triggers(#"[{"code": "96385075"}, {"code": "036000291453"}]"#, at: "/0/code", "/1/code", kind: "product"),
            .passes(#"{"code": "12345"}"#, kind: "product"),
            // A UPC-E (04252614 is the UPC-A 042100005264), and a code valid as neither.
            .passes(#"[{"code": "04252614"}, {"code": "01234565"}]"#, kind: "product"),
            .triggers(#"{"code": "04252615"}"#, at: "/code", kind: "product"),
            // All zeros: the check digit fits, but no GTIN is all zeros.
            .triggers(#"[{"code": "00000000"}, {"code": "000000000000"}, {"code": "0000000000000"}, {"code": "00000000000000"}]"#,
                      at: "/0/code", "/1/code", "/2/code", "/3/code", kind: "product"),
        ]
    }

    /// The check digit the first digits of a GTIN call for (the digits without their
    /// last one).
    ///
    ///     GTINChecksumRule.checkDigit(for: Array("501234567890".utf8).map { Int($0) - 48 })  // 0
    public static func checkDigit(for body: [Int]) -> Int {
        var sum = 0
        for (offset, digit) in body.reversed().enumerated() { sum += digit * (offset % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }

    /// The UPC-A body (11 digits, without its check digit) that the UPC-E `digits` (8:
    /// number system 0 or 1, six digits, check digit) stands for, or nil when `digits` is
    /// no UPC-E. The last of the six says where the zeros that were left out go.
    ///
    ///     GTINChecksumRule.upcABody(ofUPCE: Array("04252614".utf8).map { Int($0) - 48 })
    ///     // 0 4 2 1 0 0 0 0 5 2 6 (UPC-A 042100005264)
    public static func upcABody(ofUPCE digits: [Int]) -> [Int]? {
        guard digits.count == 8, digits[0] == 0 || digits[0] == 1 else { return nil }
        let s = digits[0], d = Array(digits[1...6])
        switch d[5] {
        case 0...2: return [s, d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
        case 3: return [s, d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
        case 4: return [s, d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
        default: return [s, d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
        }
    }

    /// The name of the GTIN of a length: `EAN-13`.
    public static func name(forLength length: Int) -> String? {
        switch length {
        case 8: "EAN-8"
        case 12: "UPC-A"
        case 13: "EAN-13"
        case 14: "GTIN-14"
        default: nil
        }
    }

    public func check(_ document: Document, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        guard applies(to: document.kind, options: options) else { return [] }
        let json = document.json
        guard let code = json.member(document.node, "code"), let text = json.string(code) else { return [] }
        let digits = text.utf8.map { Int($0) - 48 }
        guard let name = Self.name(forLength: digits.count), digits.allSatisfy({ (0...9).contains($0) }) else { return [] }
        if digits.allSatisfy({ $0 == 0 }) {
            var sink = DiagnosticSink(document: document, context: context)
            sink.report(
                code,
                "code '\(text)' is all zeros: its check digit fits, but GS1 issues no \(name) of zeros, and it is the usual stand-in for a barcode not known yet; write the barcode printed on the pack"
            )
            return sink.diagnostics
        }
        let expected = Self.checkDigit(for: Array(digits.dropLast()))
        guard expected != digits.last! else { return [] }
        let corrected = String(text.dropLast()) + String(expected)
        var sink = DiagnosticSink(document: document, context: context)
        if let upcA = Self.upcABody(ofUPCE: digits) {
            let upcE = Self.checkDigit(for: upcA)
            guard upcE != digits.last! else { return [] }
            // Both readings call for the same digit: named once.
            let calledFor = upcE == expected
                ? "\(expected) ('\(corrected)') as an EAN-8 and as a UPC-E"
                : "\(expected) as an EAN-8 ('\(corrected)') and \(upcE) as a UPC-E ('\(text.dropLast())\(upcE)')"
            sink.report(
                code,
                "code '\(text)' is not a valid EAN-8 or UPC-E: its check digit is \(digits.last!), but the other digits call for \(calledFor); fix the check digit, or the digit that was mistyped"
            )
            return sink.diagnostics
        }
        sink.report(
            code,
            "code '\(text)' is not a valid \(name): its check digit is \(digits.last!), but the other digits call for \(expected) ('\(corrected)'); fix the check digit, or the digit that was mistyped"
        )
        return sink.diagnostics
    }
}
