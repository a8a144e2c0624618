/// The Unicode properties that `\p{...}` may name in an ECMA-262 pattern: general
/// categories (`\p{L}`, `\p{Lu}`, `\p{Letter}`, `\p{gc=Nd}`, `\p{digit}`), binary properties
/// (`\p{Alphabetic}`, `\p{White_Space}`, `\p{Emoji}` ...) and scripts
/// (`\p{Script=Greek}`, `\p{scx=Hira}`).
///
/// Names are case-sensitive and must be the Unicode names or aliases, as ECMA-262 says.
enum UnicodeProperties {
    /// The set for `\p{name=value}`; nil when the name or the value is unknown.
    static func set(name: String, value: String) -> ScalarSet? {
        switch name {
        case "General_Category", "gc": return generalCategory(value)
        case "Script", "sc": return script(value, extensions: false)
        case "Script_Extensions", "scx": return script(value, extensions: true)
        default: return nil
        }
    }

    /// The set for `\p{value}`: a general category value or a binary property.
    static func set(lone value: String) -> ScalarSet? {
        generalCategory(value) ?? binaryProperty(value)
    }

    // MARK: - General categories

    /// Planes 4 to 13 hold no assigned character (only unassigned code points, the
    /// noncharacters at the end of each plane among them): the scans skip them.
    static let unassignedPlanes: ClosedRange<UInt32> = 0x40000...0xDFFFF

    /// Ranges of every general category, computed once per process from the standard
    /// library's Unicode tables.
    static let categoryRanges: [Unicode.GeneralCategory: [ClosedRange<UInt32>]] = {
        var result: [Unicode.GeneralCategory: [ClosedRange<UInt32>]] = [:]
        var runStart: UInt32 = 0
        var runCategory = category(of: 0)
        var value: UInt32 = 1
        while value <= ScalarSet.maxScalar {
            if value == unassignedPlanes.lowerBound + 1 && runCategory == .unassigned {
                value = unassignedPlanes.upperBound + 1
                continue
            }
            let current = category(of: value)
            if current != runCategory {
                result[runCategory, default: []].append(runStart...(value - 1))
                runStart = value
                runCategory = current
            }
            value += 1
        }
        result[runCategory, default: []].append(runStart...ScalarSet.maxScalar)
        return result
    }()

    private static func category(of value: UInt32) -> Unicode.GeneralCategory {
        guard let scalar = Unicode.Scalar(value) else { return .surrogate }
        return scalar.properties.generalCategory
    }

    private static func categories(_ list: [Unicode.GeneralCategory]) -> ScalarSet {
        ScalarSet(list.flatMap { categoryRanges[$0] ?? [] })
    }

    /// The set of a general category given by its short name, long name or alias.
    static func generalCategory(_ value: String) -> ScalarSet? {
        switch value {
        case "C", "Other": categories([.control, .format, .unassigned, .privateUse, .surrogate])
        case "Cc", "Control", "cntrl": categories([.control])
        case "Cf", "Format": categories([.format])
        case "Cn", "Unassigned": categories([.unassigned])
        case "Co", "Private_Use": categories([.privateUse])
        case "Cs", "Surrogate": categories([.surrogate])
        case "L", "Letter":
            categories([.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter])
        case "LC", "Cased_Letter": categories([.uppercaseLetter, .lowercaseLetter, .titlecaseLetter])
        case "Ll", "Lowercase_Letter": categories([.lowercaseLetter])
        case "Lm", "Modifier_Letter": categories([.modifierLetter])
        case "Lo", "Other_Letter": categories([.otherLetter])
        case "Lt", "Titlecase_Letter": categories([.titlecaseLetter])
        case "Lu", "Uppercase_Letter": categories([.uppercaseLetter])
        case "M", "Mark", "Combining_Mark": categories([.spacingMark, .enclosingMark, .nonspacingMark])
        case "Mc", "Spacing_Mark": categories([.spacingMark])
        case "Me", "Enclosing_Mark": categories([.enclosingMark])
        case "Mn", "Nonspacing_Mark": categories([.nonspacingMark])
        case "N", "Number": categories([.decimalNumber, .letterNumber, .otherNumber])
        case "Nd", "Decimal_Number", "digit": categories([.decimalNumber])
        case "Nl", "Letter_Number": categories([.letterNumber])
        case "No", "Other_Number": categories([.otherNumber])
        case "P", "Punctuation", "punct":
            categories([
                .connectorPunctuation, .dashPunctuation, .closePunctuation, .finalPunctuation,
                .initialPunctuation, .otherPunctuation, .openPunctuation,
            ])
        case "Pc", "Connector_Punctuation": categories([.connectorPunctuation])
        case "Pd", "Dash_Punctuation": categories([.dashPunctuation])
        case "Pe", "Close_Punctuation": categories([.closePunctuation])
        case "Pf", "Final_Punctuation": categories([.finalPunctuation])
        case "Pi", "Initial_Punctuation": categories([.initialPunctuation])
        case "Po", "Other_Punctuation": categories([.otherPunctuation])
        case "Ps", "Open_Punctuation": categories([.openPunctuation])
        case "S", "Symbol": categories([.currencySymbol, .modifierSymbol, .mathSymbol, .otherSymbol])
        case "Sc", "Currency_Symbol": categories([.currencySymbol])
        case "Sk", "Modifier_Symbol": categories([.modifierSymbol])
        case "Sm", "Math_Symbol": categories([.mathSymbol])
        case "So", "Other_Symbol": categories([.otherSymbol])
        case "Z", "Separator": categories([.spaceSeparator, .lineSeparator, .paragraphSeparator])
        case "Zl", "Line_Separator": categories([.lineSeparator])
        case "Zp", "Paragraph_Separator": categories([.paragraphSeparator])
        case "Zs", "Space_Separator": categories([.spaceSeparator])
        default: nil
        }
    }

    // MARK: - Binary properties

    /// The set of a binary property (ECMA-262's table of binary Unicode properties).
    static func binaryProperty(_ name: String) -> ScalarSet? {
        switch name {
        case "Any": return .all
        case "ASCII": return ScalarSet([0...0x7F])
        case "Assigned": return categories([.unassigned]).inverted()
        case "Regional_Indicator", "RI": return ScalarSet([0x1F1E6...0x1F1FF])
        case "Extended_Pictographic", "ExtPict": return parseRanges(extendedPictographicData)
        case "Emoji_Component", "EComp": return parseRanges(emojiComponentData)
        case "Noncharacter_Code_Point", "NChar":
            // U+FDD0...U+FDEF and the last two code points of every plane.
            return ScalarSet([0xFDD0...0xFDEF] + (0...16).map { UInt32($0) << 16 | 0xFFFE...UInt32($0) << 16 | 0xFFFF })
        default:
            guard let predicate = binaryPredicate(name) else { return nil }
            // Default_Ignorable_Code_Point is the one property here that holds some
            // unassigned code points and not others.
            return scan(predicate, uniformUnassigned: name != "Default_Ignorable_Code_Point" && name != "DI")
        }
    }

    private static func binaryPredicate(_ name: String) -> ((Unicode.Scalar.Properties) -> Bool)? {
        switch name {
        case "ASCII_Hex_Digit", "AHex": { $0.isASCIIHexDigit }
        case "Alphabetic", "Alpha": { $0.isAlphabetic }
        case "Bidi_Control", "Bidi_C": { $0.isBidiControl }
        case "Bidi_Mirrored", "Bidi_M": { $0.isBidiMirrored }
        case "Case_Ignorable", "CI": { $0.isCaseIgnorable }
        case "Cased": { $0.isCased }
        case "Changes_When_Casefolded", "CWCF": { $0.changesWhenCaseFolded }
        case "Changes_When_Casemapped", "CWCM": { $0.changesWhenCaseMapped }
        case "Changes_When_Lowercased", "CWL": { $0.changesWhenLowercased }
        case "Changes_When_NFKC_Casefolded", "CWKCF": { $0.changesWhenNFKCCaseFolded }
        case "Changes_When_Titlecased", "CWT": { $0.changesWhenTitlecased }
        case "Changes_When_Uppercased", "CWU": { $0.changesWhenUppercased }
        case "Dash": { $0.isDash }
        case "Default_Ignorable_Code_Point", "DI": { $0.isDefaultIgnorableCodePoint }
        case "Deprecated", "Dep": { $0.isDeprecated }
        case "Diacritic", "Dia": { $0.isDiacritic }
        case "Emoji": { $0.isEmoji }
        case "Emoji_Modifier", "EMod": { $0.isEmojiModifier }
        case "Emoji_Modifier_Base", "EBase": { $0.isEmojiModifierBase }
        case "Emoji_Presentation", "EPres": { $0.isEmojiPresentation }
        case "Extender", "Ext": { $0.isExtender }
        case "Grapheme_Base", "Gr_Base": { $0.isGraphemeBase }
        case "Grapheme_Extend", "Gr_Ext": { $0.isGraphemeExtend }
        case "Hex_Digit", "Hex": { $0.isHexDigit }
        case "IDS_Binary_Operator", "IDSB": { $0.isIDSBinaryOperator }
        case "IDS_Trinary_Operator", "IDST": { $0.isIDSTrinaryOperator }
        case "ID_Continue", "IDC": { $0.isIDContinue }
        case "ID_Start", "IDS": { $0.isIDStart }
        case "Ideographic", "Ideo": { $0.isIdeographic }
        case "Join_Control", "Join_C": { $0.isJoinControl }
        case "Logical_Order_Exception", "LOE": { $0.isLogicalOrderException }
        case "Lowercase", "Lower": { $0.isLowercase }
        case "Math": { $0.isMath }
        case "Pattern_Syntax", "Pat_Syn": { $0.isPatternSyntax }
        case "Pattern_White_Space", "Pat_WS": { $0.isPatternWhitespace }
        case "Quotation_Mark", "QMark": { $0.isQuotationMark }
        case "Radical": { $0.isRadical }
        case "Sentence_Terminal", "STerm": { $0.isSentenceTerminal }
        case "Soft_Dotted", "SD": { $0.isSoftDotted }
        case "Terminal_Punctuation", "Term": { $0.isTerminalPunctuation }
        case "Unified_Ideograph", "UIdeo": { $0.isUnifiedIdeograph }
        case "Uppercase", "Upper": { $0.isUppercase }
        case "Variation_Selector", "VS": { $0.isVariationSelector }
        case "White_Space", "space": { $0.isWhitespace }
        case "XID_Continue", "XIDC": { $0.isXIDContinue }
        case "XID_Start", "XIDS": { $0.isXIDStart }
        default: nil
        }
    }

    /// The code points whose properties satisfy `predicate`. Private-use code points
    /// (and, with `uniformUnassigned`, unassigned ones) are tested on one representative
    /// of each run, as their properties do not vary within a run; the others one by one.
    private static func scan(_ predicate: (Unicode.Scalar.Properties) -> Bool, uniformUnassigned: Bool) -> ScalarSet {
        var ranges: [ClosedRange<UInt32>] = []
        for (category, categoryRuns) in categoryRanges where category != .surrogate {
            let uniform = category == .privateUse || (category == .unassigned && uniformUnassigned)
            for run in categoryRuns {
                if category == .unassigned && !uniformUnassigned && run.overlaps(unassignedPlanes) {
                    if run.lowerBound < unassignedPlanes.lowerBound {
                        ranges += scanOneByOne(run.lowerBound...(unassignedPlanes.lowerBound - 1), predicate)
                    }
                    if let scalar = Unicode.Scalar(unassignedPlanes.lowerBound), predicate(scalar.properties) {
                        ranges.append(unassignedPlanes.clamped(to: run))
                    }
                    if run.upperBound > unassignedPlanes.upperBound {
                        ranges += scanOneByOne((unassignedPlanes.upperBound + 1)...run.upperBound, predicate)
                    }
                } else if uniform {
                    if let scalar = Unicode.Scalar(run.lowerBound), predicate(scalar.properties) { ranges.append(run) }
                } else {
                    ranges += scanOneByOne(run, predicate)
                }
            }
        }
        return ScalarSet(ranges)
    }

    private static func scanOneByOne(_ run: ClosedRange<UInt32>, _ predicate: (Unicode.Scalar.Properties) -> Bool) -> [ClosedRange<UInt32>] {
        var ranges: [ClosedRange<UInt32>] = []
        var runStart: UInt32?
        var value = run.lowerBound
        while value <= run.upperBound {
            let member = Unicode.Scalar(value).map { predicate($0.properties) } ?? false
            if member {
                if runStart == nil { runStart = value }
            } else if let start = runStart {
                ranges.append(start...(value - 1))
                runStart = nil
            }
            value += 1
        }
        if let start = runStart { ranges.append(start...run.upperBound) }
        return ranges
    }

    // MARK: - Scripts

    /// The Script (or Script_Extensions) set of a script named by its long name or its
    /// four-letter code.
    static func script(_ value: String, extensions: Bool) -> ScalarSet? {
        guard let entry = scriptTable.first(where: { $0.names.contains(value) }) else { return nil }
        return parseRanges(extensions ? entry.extensions : entry.script)
    }

    /// Parses the `lo-hi,cp,...` hexadecimal range lists of the generated tables.
    static func parseRanges(_ data: String) -> ScalarSet {
        var ranges: [ClosedRange<UInt32>] = []
        for item in data.split(separator: ",") {
            let bounds = item.split(separator: "-")
            guard let low = UInt32(bounds[0], radix: 16) else { continue }
            let high = bounds.count > 1 ? UInt32(bounds[1], radix: 16) ?? low : low
            ranges.append(low...high)
        }
        return ScalarSet(ranges)
    }
}
