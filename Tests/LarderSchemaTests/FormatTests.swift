import Testing
import LarderSchema

private func expectFormat(_ format: String, valid: [String], invalid: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for value in valid {
        #expect(FormatChecker.check(format, value) == true, "\(format): \(value.debugDescription) should be valid", sourceLocation: sourceLocation)
    }
    for value in invalid {
        #expect(FormatChecker.check(format, value) == false, "\(format): \(value.debugDescription) should be invalid", sourceLocation: sourceLocation)
    }
}

@Suite struct FormatCheckerTests {
    @Test func unknownFormatsAreNil() {
        #expect(FormatChecker.check("x-recipe-id", "anything") == nil)
        #expect(FormatChecker.check("", "") == nil)
        #expect(FormatChecker.check("Date", "2024-01-01") == nil)  // names are case-sensitive
        for format in FormatChecker.knownFormats {
            #expect(FormatChecker.check(format, "") != nil, "\(format) is known")
        }
    }

    @Test func validatorsResolveOnce() throws {
        let date = try #require(FormatChecker.validator(for: "date"))
        #expect(date.format == "date")
        #expect(date.check("2024-02-29"))
        #expect(!date.check("2023-02-29"))
        #expect(FormatChecker.validator(for: "x-unknown") == nil)
        for format in FormatChecker.knownFormats {
            #expect(FormatChecker.validator(for: format)?.format == format)
        }
        #expect(FormatChecker.knownFormats.count == 19)
    }

    @Test func dates() {
        expectFormat(
            "date",
            valid: ["2024-02-29", "2000-02-29", "1900-02-28", "0001-01-01", "9999-12-31", "2024-04-30"],
            invalid: [
                "2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00", "24-01-01",
                "2024-1-01", "2024/01/01", "2024-01-01T00:00:00Z", "２０２４-01-01", "2024-01-0١", "",
            ])
    }

    @Test func timesAndLeapSeconds() {
        expectFormat(
            "time",
            valid: ["00:00:00Z", "23:59:59.999999999z", "23:59:60Z", "18:59:60-05:00", "00:29:60-23:30", "12:00:00+14:00"],
            invalid: [
                "23:59:60+01:00", "23:58:60Z", "24:00:00Z", "12:60:00Z", "12:00:61Z", "12:00:00", "12:00:00.Z",
                "12:00:00+1:00", "12:00:00+01:60", "12:00:00+24:00", "12:00Z", "12:00:00ZZ",
            ])
        expectFormat(
            "date-time",
            valid: ["2024-05-01T12:30:00Z", "2024-05-01t12:30:00.5+02:00", "2016-12-31T23:59:60Z"],
            invalid: ["2024-05-01 12:30:00Z", "2024-02-30T12:30:00Z", "2024-05-01T12:30:00", "2024-05-01T", "2024-05-01"])
    }

    @Test func durations() {
        expectFormat(
            "duration",
            valid: ["P1D", "PT1H", "P1Y2M3DT4H5M6S", "P3W", "PT0S", "P1M", "PT1M", "P1Y2M", "PT2M3S"],
            invalid: ["P", "PT", "P1H", "PT1D", "P1Y1D", "PT1H1S", "P1W1D", "P1.5D", "1D", "P1DT", "p1d", "P1D "])
    }

    @Test func emails() {
        expectFormat(
            "email",
            valid: [
                "chef@example.com", "a.b-c+tag@sub.example.org", "\"quoted name\"@example.com", "\"a\\\"b\"@example.com",
                "x@[192.0.2.1]", "x@[IPv6:2001:db8::1]", "!#$%&'*+-/=?^_`{|}~@example.com", "a@localhost",
            ],
            invalid: [
                "", "@example.com", "chef@", "chef", "che f@example.com", ".chef@example.com", "chef.@example.com",
                "ch..ef@example.com", "chef@exa_mple.com", "chef@[300.0.0.1]", "chef@-example.com", "chéf@example.com",
                "chef@exämple.com", String(repeating: "a", count: 65) + "@example.com", "\"unterminated@example.com",
            ])
        expectFormat(
            "idn-email",
            valid: ["chéf@example.com", "用户@例子.广告", "\"ünïcode quoted\"@example.com", String(repeating: "é", count: 32) + "@example.com"],
            invalid: [String(repeating: "é", count: 33) + "@example.com", "a@b@example.com", "chéf@exa mple.com"])
    }

    @Test func hostnames() {
        expectFormat(
            "hostname",
            valid: [
                "example.com", "EXAMPLE.COM", "a", "a-b.c-d", "xn--bcher-kva.example", String(repeating: "a", count: 63) + ".com",
                ([String](repeating: String(repeating: "a", count: 62), count: 4)).joined(separator: "."),
            ],
            invalid: [
                "", ".", "example..com", "example.com.", "-a.com", "a-.com", "a_b.com", "bücher.example", "xn--a", "xn--bcher-KVA1.example",
                String(repeating: "a", count: 64) + ".com",
                ([String](repeating: String(repeating: "a", count: 63), count: 4)).joined(separator: "."),
            ])
    }

    @Test func idnHostnamesApplyIDNA2008() {
        expectFormat(
            "idn-hostname",
            valid: [
                "bücher.example", "xn--bcher-kva.example", "例え.テスト", "παράδειγμα.δοκιμή", "مثال.إختبار", "l·l", "a.\u{05D0}",
                "ab--c".replacingOccurrences(of: "--", with: "-"),
            ],
            invalid: [
                "Bücher.example".replacingOccurrences(of: "ü", with: "Ü"),  // uppercase non-ASCII is not stable under case folding
                "a\u{00A0}b", "ab--cd", "\u{0301}abc", "a\u{200D}b", "\u{05D0}1a", "0a.\u{05D0}", "xn--a.com", "☃.com",
            ])
    }

    @Test func ipAddresses() {
        expectFormat(
            "ipv4",
            valid: ["0.0.0.0", "192.0.2.1", "255.255.255.255", "10.0.0.10"],
            invalid: ["256.0.0.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.4 ", "1..2.3", "a.b.c.d", "1.2.3.-4", ""])
        expectFormat(
            "ipv6",
            valid: ["::", "::1", "2001:db8::", "2001:DB8:0:0:8:800:200C:417A", "fe80::1:2", "::ffff:192.0.2.1", "1:2:3:4:5:6:1.2.3.4"],
            invalid: [
                "", ":", ":::", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", "g::", "1:2:3:4:5:6:7:8::", "::1.2.3", "1::2:3:4:5:6:7:8",
                "[::1]", "fe80::1%1", "1:2:3:4:5:6:7:1.2.3.4",
            ])
    }

    @Test func urisAndIRIs() {
        expectFormat(
            "uri",
            valid: [
                "https://example.com", "https://user:pw@example.com:8080/a/b?c=d&e#f", "urn:isbn:0451450523", "mailto:chef@example.com",
                "https://[2001:db8::1]:443/", "https://[v7.fe:80]/", "file:///etc/hosts", "x:", "https://example.com/%20",
            ],
            invalid: [
                "", "/relative", "example.com", "https://exa mple.com", "https://example.com/é", "1ab:c", "https://example.com:8o/",
                "https://example.com/%2", "https://[::1/", "https://a@b@c/", "https://example.com/<>",
            ])
        expectFormat(
            "uri-reference",
            valid: ["", "/a/b", "a/b", "?q", "#f", "//host", "./a:b", "../x"],
            invalid: ["a:b:c d", "a b", "1a:b", "#%zz", "//host:port"])
        expectFormat(
            "iri",
            valid: ["https://例子.广告/路径?查询=值#片段", "https://example.com/é", "https://example.com/?q=\u{F0000}"],
            invalid: ["/路径", "https://example.com/\u{F0000}", "https://example.com/ é"])
        expectFormat("iri-reference", valid: ["/路径", "路径", "#片段"], invalid: ["路 径", "#a#b"])
    }

    @Test func uriTemplates() {
        expectFormat(
            "uri-template",
            valid: ["", "/recipes/{id}", "{+path}/here", "{?q,lang}", "{/list*}", "{var:3}", "{a.b,c_d,%41}", "x{#frag}y"],
            invalid: ["{", "}", "{}", "{a b}", "{a,}", "{:3}", "{var:0}", "{var:10000}", "{=var}", "a b", "{a..b}", "{.a.}"])
    }

    @Test func pointersAndUUIDs() {
        expectFormat("json-pointer", valid: ["", "/", "/a~0b~1c", "/0/-", "/ü"], invalid: ["a", "/~", "/~2", "#/a"])
        expectFormat(
            "relative-json-pointer",
            valid: ["0", "0#", "1/a/b", "10/0"],
            invalid: ["", "#", "-1", "01", "0/~", "0#/a", "/a"])
        expectFormat(
            "uuid",
            valid: ["123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000", "ABCDEF00-0000-0000-0000-00000000000F"],
            invalid: ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400", "{123e4567-e89b-12d3-a456-426614174000}", "g23e4567-e89b-12d3-a456-426614174000"])
    }

    @Test func regexFormatUsesTheECMAParser() {
        expectFormat(
            "regex",
            valid: ["^[a-z0-9-]+$", "(?<year>\\d{4})", "\\p{L}+", "(?<=a)b", "[]", "a{0,1}"],
            invalid: ["(", "[a", "a{2,1}", "\\a", "(?i)a", "(?P<n>a)", "\\p{NotAProperty}", "a**"])
    }
}
