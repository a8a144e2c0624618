import Foundation
import LarderJSON
import Testing
import LarderSchema

/// A (pattern, input, expected search result) case.
struct RegexCase: CustomTestStringConvertible, Sendable {
    var pattern: String
    var input: String
    var matches: Bool
    var testDescription: String { "/\(pattern)/ on \(input.debugDescription) -> \(matches)" }
    init(_ pattern: String, _ input: String, _ matches: Bool) {
        self.pattern = pattern
        self.input = input
        self.matches = matches
    }
}

private func check(_ cases: [RegexCase]) throws {
    for item in cases {
        let regex = try ECMARegex(item.pattern)
        let viaString = try regex.search(item.input)
        #expect(viaString == item.matches, "\(item.testDescription) [\(regex.engineName)]")
        let bytes = Array(item.input.utf8)
        let viaBytes = try bytes.withUnsafeBufferPointer { try regex.search(utf8: $0) }
        #expect(viaBytes == viaString, "utf8 and String searches disagree on \(item.testDescription)")
    }
}

/// Compiles the pattern once more with lookaround forced (`(?=)` in front), so the
/// backtracking engine runs it too, and checks both engines agree.
private func checkBothEngines(_ cases: [RegexCase]) throws {
    try check(cases)
    for item in cases {
        let viaBacktracking = try ECMARegex("(?=)(?:\(item.pattern))").search(item.input)
        #expect(viaBacktracking == item.matches, "backtracking: \(item.testDescription)")
    }
}

@Suite struct RegexSemanticsTests {
    @Test func literalsAndUnanchoredSearch() throws {
        try checkBothEngines([
            RegexCase("abc", "abc", true),
            RegexCase("abc", "xxabcxx", true),
            RegexCase("abc", "ab", false),
            RegexCase("abc", "", false),
            RegexCase("", "", true),
            RegexCase("", "anything", true),
            RegexCase("a+", "xxaayy", true),
            RegexCase("b", "aaaa", false),
        ])
    }

    @Test func anchorsDoNotSpanLines() throws {
        try checkBothEngines([
            RegexCase("^abc$", "abc", true),
            RegexCase("^abc$", "abc\n", false),
            RegexCase("^abc$", "x\nabc", false),
            RegexCase("^abc", "abcdef", true),
            RegexCase("^abc", "xabc", false),
            RegexCase("def$", "abcdef", true),
            RegexCase("def$", "defx", false),
            RegexCase("^$", "", true),
            RegexCase("^$", "a", false),
            RegexCase("a|^b", "cb", false),
            RegexCase("a|^b", "bc", true),
            RegexCase("a|^b", "ca", true),
            RegexCase("x^", "x", false),
            RegexCase("$x", "x", false),
        ])
    }

    @Test func digitWordAndSpaceEscapesAreECMA() throws {
        try checkBothEngines([
            RegexCase("^\\d$", "7", true),
            RegexCase("^\\d$", "\u{07C0}", false),  // NKo digit zero
            RegexCase("^\\d+$", "\u{09EA}\u{09E8}", false),  // Bengali digits
            RegexCase("^\\D$", "\u{07C0}", true),
            RegexCase("^\\D$", "0", false),
            RegexCase("^\\w+$", "Az09_", true),
            RegexCase("^\\w$", "é", false),
            RegexCase("^\\W$", "é", true),
            RegexCase("^\\W$", "_", false),
            RegexCase("^\\s$", " ", true),
            RegexCase("^\\s$", "\t", true),
            RegexCase("^\\s$", "\u{0B}", true),
            RegexCase("^\\s$", "\u{0C}", true),
            RegexCase("^\\s$", "\u{A0}", true),
            RegexCase("^\\s$", "\u{FEFF}", true),
            RegexCase("^\\s$", "\n", true),
            RegexCase("^\\s$", "\r", true),
            RegexCase("^\\s$", "\u{2028}", true),
            RegexCase("^\\s$", "\u{2029}", true),
            RegexCase("^\\s$", "\u{2003}", true),
            RegexCase("^\\s$", "\u{3000}", true),
            RegexCase("^\\s$", "\u{1680}", true),
            RegexCase("^\\s$", "\u{180E}", false),  // no longer white space
            RegexCase("^\\s$", "\u{01}", false),
            RegexCase("^\\s$", "\u{2013}", false),
            RegexCase("^\\S$", "\u{2013}", true),
            RegexCase("^\\S$", "\u{A0}", false),
        ])
    }

    @Test func controlAndHexEscapes() throws {
        try checkBothEngines([
            RegexCase("^\\t$", "\t", true),
            RegexCase("^\\t$", "\\t", false),
            RegexCase("^\\n\\r\\v\\f$", "\n\r\u{0B}\u{0C}", true),
            RegexCase("^\\cC$", "\u{03}", true),
            RegexCase("^\\cc$", "\u{03}", true),
            RegexCase("^\\cJ$", "\n", true),
            RegexCase("^\\0$", "\u{0}", true),
            RegexCase("^\\x41\\x62$", "Ab", true),
            RegexCase("^\\u00e9$", "é", true),
            RegexCase("^\\u{1F600}$", "😀", true),
            RegexCase("^\\ud83d\\ude00$", "😀", true),  // escaped surrogate pair = one code point
            RegexCase("^\\u{0041}+$", "AAA", true),
            RegexCase("^\\/\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\$", "/.*+?()[]{}|^$\\", true),
        ])
    }

    @Test func dotMatchesCodePointsButNotLineTerminators() throws {
        try checkBothEngines([
            RegexCase("^.$", "a", true),
            RegexCase("^.$", "é", true),
            RegexCase("^.$", "😀", true),  // one code point, not two UTF-16 units
            RegexCase("^..$", "😀", false),
            RegexCase("^.$", "\n", false),
            RegexCase("^.$", "\r", false),
            RegexCase("^.$", "\u{2028}", false),
            RegexCase("^.$", "\u{2029}", false),
            RegexCase("^.$", "\u{85}", true),
            RegexCase("^.+$", "a\nb", false),
            RegexCase("^[^]+$", "a\nb", true),
            RegexCase("^[]", "a", false),
        ])
    }

    @Test func characterClasses() throws {
        try checkBothEngines([
            RegexCase("^[a-c]+$", "abcabc", true),
            RegexCase("^[a-c]+$", "abcd", false),
            RegexCase("^[^a-c]+$", "xyz", true),
            RegexCase("^[^a-c]+$", "xaz", false),
            RegexCase("^[a\\-z]+$", "a-z", true),
            RegexCase("^[a\\-z]+$", "b", false),
            RegexCase("^[-a]+$", "-a", true),
            RegexCase("^[a-]+$", "-a", true),
            RegexCase("^[\\d\\s]+$", "1 2\t3", true),
            RegexCase("^[\\w-]+$", "slug-1_x", true),
            RegexCase("^[\\b]$", "\u{08}", true),
            RegexCase("^[\\]]$", "]", true),
            RegexCase("^[.]$", "a", false),
            RegexCase("^[.]$", ".", true),
            RegexCase("^[é-ë]$", "ê", true),
            RegexCase("^[é-ë]$", "e", false),
            RegexCase("^[😀-😂]$", "😁", true),
            RegexCase("^[😀-😂]$", "😃", false),
            RegexCase("^[^😀]$", "😁", true),
            RegexCase("^[^😀]$", "😀", false),
            RegexCase("^[\\u{10000}-\\u{10FFFF}]$", "\u{10FFFD}", true),
            RegexCase("^[\\u{80}-\\u{10FFFF}]+$", "é中😀", true),
            RegexCase("^[\\u{80}-\\u{10FFFF}]+$", "é中a", false),
            RegexCase("^[\\D]$", "x", true),
            RegexCase("^[^\\D]$", "5", true),
            RegexCase("^[^\\D]$", "x", false),
            RegexCase("^[\\cJ]$", "\n", true),
        ])
    }

    @Test func unicodePropertyEscapes() throws {
        try checkBothEngines([
            RegexCase("^\\p{L}+$", "Héllo", true),
            RegexCase("^\\p{L}+$", "π", true),
            RegexCase("^\\p{L}+$", "123", false),
            RegexCase("^\\p{Letter}+$", "日本語", true),
            RegexCase("^\\p{Lu}$", "É", true),
            RegexCase("^\\p{Lu}$", "é", false),
            RegexCase("^\\p{Ll}$", "é", true),
            RegexCase("^\\p{Uppercase_Letter}$", "Q", true),
            RegexCase("^\\p{gc=Nd}+$", "١٢٣", true),
            RegexCase("^\\p{General_Category=Decimal_Number}+$", "42", true),
            RegexCase("^\\p{digit}+$", "\u{09EA}\u{09E8}", true),
            RegexCase("^\\p{N}+$", "½Ⅻ", true),
            RegexCase("^\\P{L}+$", "123!", true),
            RegexCase("^\\P{L}+$", "12a", false),
            RegexCase("^[\\p{L}\\d]+$", "abc123", true),
            RegexCase("^[^\\p{L}]+$", "abc", false),
            RegexCase("^\\p{Script=Greek}+$", "αβγ", true),
            RegexCase("^\\p{Script=Greek}+$", "abc", false),
            RegexCase("^\\p{sc=Grek}$", "Ω", true),
            RegexCase("^\\p{scx=Hira}$", "ひ", true),
            RegexCase("^\\p{Script=Han}+$", "漢字", true),
            RegexCase("^\\p{Alphabetic}+$", "aé", true),
            RegexCase("^\\p{White_Space}$", "\u{85}", true),
            RegexCase("^\\p{ASCII}+$", "abc", true),
            RegexCase("^\\p{ASCII}+$", "abç", false),
            RegexCase("^\\p{Any}$", "\u{10FFFF}", true),
            RegexCase("^\\p{Emoji_Presentation}$", "😀", true),
            RegexCase("^\\p{Extended_Pictographic}$", "😀", true),
            RegexCase("^\\p{RI}{2}$", "🇫🇷", true),
            RegexCase("\\p{Letter}cole", "l'école", true),
            RegexCase("\\p{Letter}cole", "L'ÉCOLE", false),
            RegexCase("\\wcole", "l'école", false),
            RegexCase("[a-z]cole", "l'ecole", true),
        ])
    }

    @Test func propertyEscapesAgreeWithTheStandardLibrary() throws {
        let properties: [(name: String, holds: @Sendable (Unicode.Scalar) -> Bool)] = [
            ("Alphabetic", { $0.properties.isAlphabetic }),
            ("Default_Ignorable_Code_Point", { $0.properties.isDefaultIgnorableCodePoint }),
            ("Noncharacter_Code_Point", { $0.properties.isNoncharacterCodePoint }),
            ("White_Space", { $0.properties.isWhitespace }),
            ("Lu", { $0.properties.generalCategory == .uppercaseLetter }),
            ("Cn", { $0.properties.generalCategory == .unassigned }),
            ("Co", { $0.properties.generalCategory == .privateUse }),
        ]
        var samples = Array(stride(from: UInt32(0), through: 0x10FFFF, by: 97))
        samples += [0x2065, 0xFFEF, 0xFFF0, 0xFFF8, 0xE0000, 0xE0001, 0xE01F0, 0xE0FFF, 0xFDD0, 0x4FFFE, 0x10FFFF, 0x323AF, 0x323B0]
        for property in properties {
            let regex = try ECMARegex("^\\p{\(property.name)}$")
            var mismatches: [String] = []
            for value in samples {
                guard let scalar = Unicode.Scalar(value) else { continue }
                if try regex.search(String(Character(scalar))) != property.holds(scalar) {
                    mismatches.append(String(value, radix: 16))
                }
            }
            #expect(mismatches.isEmpty, "\\p{\(property.name)} disagrees at U+\(mismatches.prefix(10))")
        }
    }

    @Test func quantifiers() throws {
        try checkBothEngines([
            RegexCase("^a*$", "", true),
            RegexCase("^a*$", "aaa", true),
            RegexCase("^a*$", "abc", false),
            RegexCase("^a+$", "", false),
            RegexCase("^ab?c$", "ac", true),
            RegexCase("^ab?c$", "abbc", false),
            RegexCase("^a{3}$", "aaa", true),
            RegexCase("^a{3}$", "aa", false),
            RegexCase("^a{3}$", "aaaa", false),
            RegexCase("^a{2,}$", "a", false),
            RegexCase("^a{2,}$", "aaaaaa", true),
            RegexCase("^a{2,4}$", "aaaa", true),
            RegexCase("^a{2,4}$", "aaaaa", false),
            RegexCase("^a{0}$", "", true),
            RegexCase("^a{0,0}b$", "b", true),
            RegexCase("^(?:ab){2}$", "abab", true),
            RegexCase("^(?:ab){2}$", "aba", false),
            RegexCase("^a*?b$", "aaab", true),
            RegexCase("^a+?$", "aaa", true),
            RegexCase("^a??b$", "ab", true),
            RegexCase("^a{2,3}?$", "aaa", true),
            RegexCase("^(a|ab)(c|bcd)(d*)$", "abcd", true),
            RegexCase("^(?:a*)*$", "aaa", true),
            RegexCase("^(?:a*)+b$", "aaab", true),
            RegexCase("^(?:a?)*?$", "aa", true),
            RegexCase("^rcp-[0-9]{6}$", "rcp-004211", true),
            RegexCase("^rcp-[0-9]{6}$", "rcp-00421", false),
            RegexCase("^rcp-[0-9]{6}$", "rcp-0042111", false),
            RegexCase("^[a-z0-9]+(-[a-z0-9]+)*$", "tomato-soup-2", true),
            RegexCase("^[a-z0-9]+(-[a-z0-9]+)*$", "tomato--soup", false),
            RegexCase("^[a-z0-9]+(-[a-z0-9]+)*$", "-tomato", false),
            RegexCase("^[a-z][a-z0-9-]*$", "a-1", true),
            RegexCase("^[a-z][a-z0-9-]*$", "1a", false),
            RegexCase("^https://cdn\\.example\\.com/img/[a-z0-9-]+\\.(jpg|png|webp)$", "https://cdn.example.com/img/soup-1.webp", true),
            RegexCase("^https://cdn\\.example\\.com/img/[a-z0-9-]+\\.(jpg|png|webp)$", "https://cdn.example.com/img/soup-1.gif", false),
            RegexCase("^https://cdn\\.example\\.com/img/[a-z0-9-]+\\.(jpg|png|webp)$", "https://cdnXexample.com/img/a.png", false),
            RegexCase("^.{2,5}$", "日本語", true),
            RegexCase("^.{4,5}$", "日本語", false),
            RegexCase("^😀{2}$", "😀😀", true),
            RegexCase("^\u{1F432}*$", "\u{1F432}\u{1F432}", true),
            RegexCase("^\u{1F432}*$", "\u{1F409}", false),
        ])
    }

    @Test func alternationAndGroups() throws {
        try checkBothEngines([
            RegexCase("^(cat|dog)s?$", "dogs", true),
            RegexCase("^(cat|dog)s?$", "cow", false),
            RegexCase("^(?:a|b|)$", "", true),
            RegexCase("^(?<year>\\d{4})-(?<month>\\d{2})$", "2024-05", true),
            RegexCase("^(|a)+$", "aaa", true),
            RegexCase("x(a|b|c)+y", "--xabcacby--", true),
            RegexCase("x(a|b|c)+y", "--xabdy--", false),
        ])
    }

    @Test func wordBoundaries() throws {
        try checkBothEngines([
            RegexCase("\\bcat\\b", "a cat here", true),
            RegexCase("\\bcat\\b", "concatenate", false),
            RegexCase("\\bcat\\b", "cat", true),
            RegexCase("\\Bcat\\B", "concatenate", true),
            RegexCase("\\Bcat", "cat", false),
            RegexCase("^\\b$", "", false),
            RegexCase("^\\B$", "", true),
            RegexCase("\\b", "é", false),  // é is not a word character in ECMA-262
            RegexCase("\\B", "aéb", false),
            RegexCase("\\B", "é", true),
            RegexCase("a\\b", "aé", true),
            RegexCase("\\bé", "aé", true),  // between a word and a non-word character
            RegexCase("\\Bé", "aé", false),
            RegexCase("\\b\\d+\\b", "x 42 y", true),
            RegexCase("\\b\\d+\\b", "x42y", false),
        ])
    }

    @Test func lookahead() throws {
        try check([
            RegexCase("^(?=.*\\d)(?=.*[a-z]).{6,}$", "abc123", true),
            RegexCase("^(?=.*\\d)(?=.*[a-z]).{6,}$", "abcdef", false),
            RegexCase("^(?!admin$)[a-z]+$", "admin", false),
            RegexCase("^(?!admin$)[a-z]+$", "admins", true),
            RegexCase("foo(?=bar)", "foobaz foobar", true),
            RegexCase("foo(?!bar)", "foobar", false),
            RegexCase("^(?=(a+))a*b\\1$", "aaab", false),  // the lookahead keeps its first match
            RegexCase("^(?=(a+))a*ba+$", "aaaba", true),
            RegexCase("(?=(\\w+))\\1:", "abc:", true),
        ])
    }

    @Test func lookbehind() throws {
        try check([
            RegexCase("(?<=\\$)\\d+", "cost: $42", true),
            RegexCase("(?<=\\$)\\d+", "cost: 42", false),
            RegexCase("(?<!\\$)\\b\\d+", "$42", false),
            RegexCase("(?<!\\$)\\b\\d+", "$42 and 17", true),
            RegexCase("(?<=a+)b", "aaab", true),  // variable width
            RegexCase("(?<=^a+)b", "xab", false),
            RegexCase("(?<=(\\d)(\\d))x", "12x", true),
            RegexCase("(?<=\\1(a))b", "aab", true),  // backreference inside lookbehind, read right to left
            RegexCase("(?<=\\1(a))b", "cab", false),
            RegexCase("(?<=é)x", "éx", true),
            RegexCase("(?<=😀)x", "😀x", true),
        ])
    }

    @Test func backreferences() throws {
        try check([
            RegexCase("^(a+)b\\1$", "aabaa", true),
            RegexCase("^(a+)b\\1$", "aaba", false),
            RegexCase("^(\\w+) \\1$", "hello hello", true),
            RegexCase("^(\\w+) \\1$", "hello world", false),
            RegexCase("^(?<q>['\"]).*\\k<q>$", "'quoted'", true),
            RegexCase("^(?<q>['\"]).*\\k<q>$", "'quoted\"", false),
            RegexCase("^(a)?b\\1$", "b", true),  // an unset group matches empty
            RegexCase("^(?:(a)|b)\\1$", "b", true),
            RegexCase("^(?:(a)|b)+\\1$", "ab", true),  // captures reset at each iteration
            RegexCase("^(?:(a)|b)+\\1$", "aba", false),
            RegexCase("^(\\d)(\\d)\\2\\1$", "1221", true),
            RegexCase("\\1(a)", "a", true),  // forward reference: empty
            RegexCase("^(😀)\\1$", "😀😀", true),
        ])
    }

    @Test func namedGroupsWithUnicodeNames() throws {
        try check([
            RegexCase("^(?<é>x)\\k<é>$", "xx", true),
            RegexCase("^(?<$dollar_1>x)\\k<$dollar_1>$", "xx", true),
            RegexCase("^(?<\\u0061b>x)\\k<ab>$", "xx", true),
        ])
    }
}

@Suite struct RegexSyntaxTests {
    static let invalid: [(pattern: String, offset: Int)] = [
        ("^(abc]", 5),
        ("\\a", 0),
        ("(?P<name>x)", 0),
        ("(?P<n>a)(?P=n)", 0),
        ("(?#comment)a", 0),
        ("(?i)abc", 0),
        ("(?ims)abc", 0),
        ("a)", 1),
        ("(a", 2),
        ("[a", 0),
        ("*a", 0),
        ("a**", 2),
        ("a{2,1}", 1),
        ("a{", 1),
        ("a{1", 1),
        ("{1}", 0),
        ("}", 0),
        ("]", 0),
        ("a|*", 2),
        ("\\", 0),
        ("[z-a]", 1),
        ("[\\d-z]", 1),
        ("[a-\\w]", 1),
        ("\\1", 0),
        ("(a)\\2", 3),
        ("\\k<x>", 0),
        ("(?<x>a)\\k<y>", 7),
        ("\\k", 0),
        ("(?<x>a)(?<x>b)", 10),
        ("(?<1x>a)", 3),
        ("(?<>a)", 3),
        ("(?=a)*", 5),
        ("(?<=a)+", 6),
        ("^*", 1),
        ("\\b+", 2),
        ("\\p{Foo}", 0),
        ("\\p{L", 0),
        ("\\p{letter}", 0),
        ("\\p{Script=Klingon}", 0),
        ("\\pL", 0),
        ("\\x4", 0),
        ("\\u12", 0),
        ("\\u{110000}", 0),
        ("\\c1", 0),
        ("\\00", 0),
        ("\\01", 0),
        ("\\-", 0),
        ("[\\B]", 1),
        ("[\\1]", 1),
        ("[\\k]", 1),
        ("\\e", 0),
        ("\\z", 0),
        ("\\Z", 0),
        ("\\A", 0),
    ]

    @Test func invalidPatternsThrowWithOffset() {
        for item in RegexSyntaxTests.invalid {
            do {
                let regex = try ECMARegex(item.pattern)
                Issue.record("/\(item.pattern)/ compiled (\(regex.engineName)) but is not valid ECMA-262 under the u flag")
            } catch {
                guard case .syntax(let message, let offset) = error else {
                    Issue.record("/\(item.pattern)/ threw \(error)")
                    continue
                }
                #expect(offset == item.offset, "/\(item.pattern)/: \(message) at \(offset), expected \(item.offset)")
                #expect(!message.isEmpty)
                #expect(error.description.contains("at character \(offset + 1)"))
            }
        }
    }

    @Test(arguments: [
        "[]", "[^]", "\\cA", "(?<name>x)", "(?<n>a)\\k<n>", "(?<=a+)b", "([abc])+\\s+$", "a{1,}", "a{0}",
        "[-]", "[a-]", "[\\-]", "\\/", "[\\b]", "\\0", "[\\0]", "\\u{10FFFF}", "\\p{Lu}", "\\P{Script_Extensions=Latin}",
        "(?:)", "|", "a||b", "()", "(?!)", "[\\]]", "\\ud800",
    ])
    func validPatternsCompile(pattern: String) throws {
        try ECMARegex.validate(pattern)
        _ = try ECMARegex(pattern)
    }

    @Test func errorDescriptionIsReadable() {
        #expect(RegexError.syntax(message: "lone ']'", offset: 3).description == "lone ']' at character 4")
        #expect(RegexError.budgetExceeded(steps: 10).description.contains("10 steps"))
    }

    @Test func deepNestingIsRefusedNotCrashing() throws {
        let deep = String(repeating: "(", count: 5000) + "a" + String(repeating: ")", count: 5000)
        #expect(throws: RegexError.self) { try ECMARegex(deep) }
        // Up to 63 nested groups compile and run on every engine.
        let nested = String(repeating: "(?:a|", count: 63) + "b" + String(repeating: ")*", count: 63)
        #expect(try ECMARegex(nested).search("aab"))
        let nestedLookahead = String(repeating: "(?=a|", count: 63) + "b" + String(repeating: ")", count: 63)
        #expect(try ECMARegex(nestedLookahead).search("ab"))
        #expect(throws: RegexError.self) { try ECMARegex(String(repeating: "(", count: 65) + String(repeating: ")", count: 65)) }
    }
}

/// A small deterministic random number generator for generated tests.
struct RegexTestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return Int(value % UInt64(bound))
    }
}

@Suite struct RegexSafetyTests {
    @Test func catastrophicPatternRunsInLinearTime() throws {
        let regex = try ECMARegex("^(a+)+$")
        #expect(regex.engineName != "backtracking")
        let input = String(repeating: "a", count: 30) + "!"
        let clock = ContinuousClock()
        var results: [Bool] = []
        let elapsed = try clock.measure { () throws(RegexError) in
            results.append(try regex.search(input))
            results.append(try regex.search(String(repeating: "a", count: 30)))
        }
        #expect(results == [false, true])
        #expect(elapsed < .seconds(1), "took \(elapsed)")  // exponential backtracking would take hours
    }

    @Test func nestedQuantifiersOnLongInputStayLinear() throws {
        let cases = ["(a|aa)*b", "(a*)*b", "(?:a|a)*c", "(x+x+)+y", "(\\w+\\s?)+$"]
        let input = String(repeating: "a", count: 20_000) + "!"
        let clock = ContinuousClock()
        for pattern in cases {
            let regex = try ECMARegex(pattern)
            let elapsed = try clock.measure { () throws(RegexError) in _ = try regex.search(input) }
            #expect(elapsed < .seconds(10), "/\(pattern)/ took \(elapsed)")  // quadratic or worse would take minutes
        }
    }

    @Test func backtrackingEngineStopsAtTheBudget() throws {
        let regex = try ECMARegex("^(a+)+\\1$", stepBudget: 100_000)
        #expect(regex.engineName == "backtracking")
        let input = String(repeating: "a", count: 30) + "!"
        #expect(throws: RegexError.budgetExceeded(steps: 100_000)) { try regex.search(input) }
        #expect(try regex.search("aaaa") == true)
    }

    /// A pattern that runs out of steps on one value usually does on the next ones too:
    /// 20,000 such strings took 94 s, every value spending the whole budget. A schema now
    /// gives such a pattern up after it ran out on 8 values (in any of its validations):
    /// later values get a few steps, so ordinary ones still match or not, and the others
    /// are rejected at once, with a message that says the pattern was given up.
    @Test func aSchemaGivesUpAPatternThatKeepsRunningOut() async throws {
        let schema = try JSONSchema(json: #"{"items": {"pattern": "^((a+)+)\\2$"}}"#)
        let hard = (0..<14).map { "\"" + String(repeating: "a", count: 30) + "b\($0)\"" }
        let doc = try JSONDocument(parsing: "[" + (hard + [#""aaaa""#, #""aaab""#]).joined(separator: ", ") + "]")
        let messages = schema.validate(doc).errors.map(\.message)
        #expect(messages.count == 15)
        let tooLong = messages.filter { $0.contains("took too long on \"aaa") }.count
        let givenUp = messages.filter { $0.contains("took too long on 8 values and is given up (too much backtracking), so \"aaa") }.count
        #expect(tooLong >= 1 && tooLong <= 8, "\(messages)")  // the quiet path that runs first may take some of the 8
        #expect(tooLong + givenUp == 14, "\(messages)")
        #expect(messages.last == #""aaab" does not match the pattern ^((a+)+)\2$"#)
        // Given up, the pattern still decides ordinary values, on every thread.
        let verdicts = await withTaskGroup(of: [Bool].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    [#"["aaaa", "aa"]"#, #"["aaab"]"#, "[" + hard[0] + "]"].map { schema.isValid(try! JSONDocument(parsing: $0)) }
                }
            }
            var all: [[Bool]] = []
            for await v in group { all.append(v) }
            return all
        }
        #expect(verdicts == Array(repeating: [true, false, false], count: 4))
        // The same for keys of patternProperties.
        let keys = try JSONSchema(json: #"{"patternProperties": {"^((a+)+)\\2$": true}}"#)
        let object = try JSONDocument(parsing: "{" + hard.map { $0 + ": 1" }.joined(separator: ", ") + #", "aaaa": 1}"#)
        let keyMessages = keys.validate(object).errors.map(\.message)
        #expect(keyMessages.count == 14)
        #expect(keyMessages.filter { $0.contains("is given up (too much backtracking), so the key \"aaa") }.count >= 6, "\(keyMessages)")
    }

    @Test func largeDFAFallsBackToTheNFASimulation() throws {
        // The classic exponential DFA: the 20th character from the end is an `a`.
        let regex = try ECMARegex("a[ab]{20}$")
        #expect(regex.engineName == "nfa")
        #expect(try regex.search("b" + "a" + String(repeating: "b", count: 20)) == true)
        #expect(try regex.search("a" + String(repeating: "b", count: 19)) == false)
        #expect(try regex.search(String(repeating: "ab", count: 40)) == false)
    }

    @Test func hugeRepetitionIsRefused() throws {
        try ECMARegex.validate("x{99999999999}")  // valid syntax ...
        #expect(throws: RegexError.self) { try ECMARegex("a{1000000}") }  // ... too large to compile
    }

    @Test func longInputs() throws {
        let text = String(repeating: "lorem ipsum é 😀 ", count: 10_000)
        #expect(try ECMARegex("ipsum é 😀 $").search(text))
        #expect(try !ECMARegex("^lorem.*dolor").search(text))
        #expect(try ECMARegex("(\\w+) \\1").search("say hello hello there"))
        #expect(try !ECMARegex("(?<=x)y").search(text))
    }

    @Test func unicodeCountedPatternsStayDeterministic() throws {
        let name = try ECMARegex("^[\\p{L}\\p{M}\\p{N} '-]{1,100}$")
        #expect(name.engineName == "dfa")
        #expect(try name.search("Crème brûlée d'Été 2"))
        #expect(try name.search(String(repeating: "é", count: 100)))
        #expect(try !name.search(String(repeating: "é", count: 101)))
        #expect(try !name.search("Crème!"))
        let letters = try ECMARegex("^\\p{L}{1,255}$")
        #expect(letters.engineName == "dfa")
        #expect(try letters.search(String(repeating: "日", count: 255)))
        #expect(try !letters.search(String(repeating: "日", count: 256)))
        let email = try ECMARegex("^[a-z0-9._%+-]{1,64}@[a-z0-9.-]{1,255}\\.[a-z]{2,24}$")
        #expect(email.engineName == "dfa")
        #expect(try email.search("chef.anna+soup@mail.example.co.uk"))
        #expect(try !email.search("chef@example.c"))
        #expect(try !email.search("chef@@example.com"))
    }

    @Test func enginesAgreeOnNonASCIIInput() throws {
        let patterns = [
            "^\\p{L}+$", "[é-ë]", "^.$", "^[^a]*$", "\\W\\w", "\\bé", "é\\b", "^(?:😀|é)+1?$", "[\\u{1F600}-\\u{1F64F}]",
            "^\\S{2}$", "\\s", "^\\P{L}", "a.b", "^[a😀]{2,3}$",
        ]
        let alphabet: [Character] = ["a", "é", "😀", "\u{2028}", "1", "Ω"]
        var inputs = [""]
        var frontier = [""]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + String($0) } }
            inputs += frontier
        }
        for pattern in patterns {
            let automaton = try ECMARegex(pattern)
            let backtracking = try ECMARegex("(?=)(?:\(pattern))")
            #expect(automaton.engineName == "dfa")
            for input in inputs {
                let expected = try backtracking.search(input)
                #expect(try automaton.search(input) == expected, "/\(pattern)/ on \(input.debugDescription)")
            }
        }
    }

    @Test func leadingLookaheadsRunAsAutomata() throws {
        // `^(?=A)(?!B)C` runs as separate automata; the same pattern with a trailing no-op
        // lookbehind runs on the backtracking engine: both must agree.
        let patterns = [
            "^(?=.*\\d)(?=.*[a-z]).{3,}$", "^(?!admin$)[a-z]+$", "^(?=a)", "^(?!a)", "^(?=(a+))a*b", "^(?!.*  )[a 1]*$",
            "^(?=\\b)a", "^(?=[a1]{2})(?![1]{2})..", "^(?=.*A$)(?!A)\\w+",
        ]
        let alphabet: [Character] = ["a", "1", " ", "A", "b"]
        var inputs = [""]
        var frontier = [""]
        for _ in 0..<5 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + String($0) } }
            inputs += frontier
        }
        for pattern in patterns {
            let automata = try ECMARegex(pattern)
            let backtracking = try ECMARegex(pattern + "(?<=)")
            #expect(automata.engineName == "conjunction", "/\(pattern)/")
            #expect(backtracking.engineName == "backtracking")
            for input in inputs {
                let expected = try backtracking.search(input)
                #expect(try automata.search(input) == expected, "/\(pattern)/ on \(input.debugDescription)")
            }
        }
    }

    @Test func enginesAgreeOnRandomPatterns() throws {
        // A fixed-seed generator of small patterns: the automata and the backtracking
        // engine must agree on every input over a small alphabet.
        var random = RegexTestRandom(seed: 2024)
        let atoms = ["a", "b", "é", ".", "[ab]", "[^a]", "\\w", "\\W", "\\s", "[a-é]", "\\d", "😀"]
        func pattern(_ depth: Int) -> String {
            var result = ""
            for _ in 0..<(1 + random.next(3)) {
                var term: String
                switch random.next(depth > 1 ? 6 : 9) {
                case 0, 1, 2, 3, 4: term = atoms[random.next(atoms.count)]
                case 5: term = ["^", "$", "\\b", "\\B"][random.next(4)]
                case 6: term = "(" + pattern(depth + 1) + ")"
                case 7: term = "(?:" + pattern(depth + 1) + "|" + pattern(depth + 1) + ")"
                default: term = "(" + pattern(depth + 1) + ")"
                }
                if !term.hasPrefix("^") && !term.hasPrefix("$") && !term.hasPrefix("\\b") && !term.hasPrefix("\\B") {
                    term += ["", "", "*", "+", "?", "{2}", "{1,3}", "*?", "{0,2}"][random.next(9)]
                }
                result += term
            }
            return result
        }
        let alphabet: [Character] = ["a", "b", "é", " ", "1", "😀"]
        var inputs = [""]
        var frontier = [""]
        for _ in 0..<3 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + String($0) } }
            inputs += frontier
        }
        for _ in 0..<150 {
            let source = pattern(0)
            let automaton = try ECMARegex(source)
            let backtracking = try ECMARegex("(?=)(?:\(source))")
            for input in inputs where try automaton.search(input) != backtracking.search(input) {
                Issue.record("/\(source)/ [\(automaton.engineName)] disagrees with backtracking on \(input.debugDescription)")
                break
            }
        }
    }

    @Test func concurrentSearchesShareOneRegex() async throws {
        let regex = try ECMARegex("^[a-z0-9]+(-[a-z0-9]+)*$")
        let backtracking = try ECMARegex("^(\\w+)-\\1$")
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for iteration in 0..<2_000 {
                        let slug = "soup-\(task)-\(iteration)"
                        guard (try? regex.search(slug)) == true, (try? regex.search(slug + "!")) == false,
                            (try? backtracking.search("x\(iteration)-x\(iteration)")) == true
                        else { return false }
                    }
                    return true
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test func enginesAgreeOnGeneratedCases() throws {
        // Small patterns over a small alphabet, every input up to length 5: the
        // automaton and the backtracking engine must give the same answers.
        let patterns = [
            "^(a|b)*$", "a(b|c)?a", "^(ab|a)(bc|c)$", "b+$", "^a{1,3}b", "(a|b)\\b", "\\B(a|c)",
            "^[^a]*a[^a]*$", "(?:a|ab)(?:c|bcd)", "^c?(?:ab)*c?$", "\\bc", "a{2}|b{2}",
        ]
        let alphabet: [Character] = ["a", "b", "c", " "]
        var inputs = [""]
        var frontier = [""]
        for _ in 0..<5 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + String($0) } }
            inputs += frontier
        }
        for pattern in patterns {
            let automaton = try ECMARegex(pattern)
            let backtracking = try ECMARegex("(?=)(?:\(pattern))")
            #expect(automaton.engineName == "dfa")
            #expect(backtracking.engineName == "backtracking")
            for input in inputs {
                let expected = try backtracking.search(input)
                let actual = try automaton.search(input)
                #expect(actual == expected, "/\(pattern)/ on \(input.debugDescription)")
            }
        }
    }
}
