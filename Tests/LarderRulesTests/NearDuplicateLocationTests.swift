import Foundation
import LarderCore
import LarderJSON
import LarderRules
import Testing

@Suite struct NearDuplicateLocationTests {
    let rule = NearDuplicateLocationRule()

    func place(_ id: String, _ lat: Double, _ lon: Double, name: String? = nil) -> String {
        let n = name.map { ", \"name\": {\"en\": \"\($0)\"}" } ?? ""
        return "{\"id\": \"\(id)\"\(n), \"coordinates\": {\"latitude\": \(lat), \"longitude\": \(lon)}}"
    }

    @Test func haversineDistances() {
        // One degree of latitude is about 111.2 km on the mean sphere.
        let d = NearDuplicateLocationRule.distance(latitude: 0, longitude: 0, latitude: 1, longitude: 0)
        #expect(abs(d - 111_195) < 1)
        let pole = NearDuplicateLocationRule.distance(latitude: 90, longitude: 0, latitude: 90, longitude: 180)
        #expect(pole < 1e-6)
    }

    @Test func theLaterPlaceIsReportedNamingTheEarlierOne() throws {
        let json = "[\n" + place("ben-thanh", 10.77253, 106.69803, name: "Ben Thanh Market") + ",\n"
            + place("ben-thanh-2", 10.77256, 106.69805, name: "Chợ Bến Thành") + "\n]"
        let found = try run(rule, [("spots.json", json)], kind: "location")
        #expect(found.count == 1)
        let d = try #require(found.first)
        #expect(d.pointer == "/1/coordinates" && d.line == 3 && d.severity == .warning)
        #expect(d.message.hasPrefix("'Chợ Bến Thành' (ben-thanh-2) is 4 m from 'Ben Thanh Market' (ben-thanh) at spots.json:2:"))
        #expect(d.message.contains("closer than 25 m"))
        #expect(d.related.count == 1 && d.related[0].start.line == 2)
    }

    @Test(arguments: [(20.0, true), (22.2, true), (22.3, false), (25.0, false)])
    func theLimitIsAnOption(_ meters: Double, _ passes: Bool) throws {
        // 22.24 m apart.
        let json = "[" + place("a", 10, 106) + "," + place("b", 10.0002, 106) + "]"
        #expect(try run(rule, [("f.json", json)], kind: "location", options: ["meters": .number(JSONNumber(meters))]).isEmpty == passes)
    }

    /// A distance just under the limit is not rounded up to it: 24.7 m read "25 m from …,
    /// closer than 25 m". Elsewhere distances keep their usual rounding.
    @Test func aDistanceUnderTheLimitNeverReadsAsTheLimit() throws {
        // 24.7 m apart.
        let json = "[" + place("a", 10, 106) + "," + place("b", 10.000222, 106) + "]"
        let found = try run(rule, [("f.json", json)], kind: "location")
        #expect(found.map(\.message).first?.hasPrefix("location 'b' is 24.7 m from ") == true, "\(found.map(\.message))")
        #expect(found.first?.related.first?.message == "24.7 m away")
        // 24.96 m: 25.0 m rounded to tenths, so cut (24.9 m); 4.97 m under a limit of 5 m.
        let close = "[" + place("a", 10, 106) + "," + place("b", 10.0002245, 106) + "," + place("c", 20, 106) + "," + place("d", 20.0000447, 106) + "]"
        let messages = try run(rule, [("f.json", close)], kind: "location", options: ["meters": .number(25)]).map(\.message)
        #expect(messages.first?.hasPrefix("location 'b' is 24.9 m from ") == true, "\(messages)")
        let five = try run(rule, [("f.json", close)], kind: "location", options: ["meters": .number(5)]).map(\.message)
        #expect(five.first?.hasPrefix("location 'd' is 4.97 m from ") == true, "\(five)")
    }

    @Test func acrossTheAntimeridianAndNearThePole() throws {
        let json = "[" + place("a", 0, 179.9999) + "," + place("b", 0, -179.99995) + ","
            + place("c", 89.99999, 0) + "," + place("d", 89.99999, 180) + "]"
        let found = try run(rule, [("f.json", json)], kind: "location")
        #expect(found.map(\.pointer) == ["/1/coordinates", "/3/coordinates"])
    }

    @Test func placesAcrossFilesAndReportingOnASubset() throws {
        let a = ("a.json", "[" + place("x", 10, 106) + "]")
        let b = ("b.json", "[" + place("y", 10.00001, 106) + "]")
        #expect(try run(rule, [a, b], kind: "location").map(\.file) == ["b.json"])
        let onlyA = try run(rule, [a, b], kind: "location", reportingOn: ["a.json"])
        #expect(onlyA.map { "\($0.file)\($0.pointer)" } == ["a.json/0/coordinates"])
        #expect(onlyA[0].message.contains("from location 'y' at b.json:1:"))
    }

    @Test func aClusterIsReportedOncePerLaterPlace() throws {
        let json = "[" + place("a", 10, 106) + "," + place("b", 10.00001, 106) + "," + place("c", 10.00002, 106) + "]"
        let found = try run(rule, [("f.json", json)], kind: "location")
        #expect(found.map(\.pointer) == ["/1/coordinates", "/2/coordinates"])
        #expect(found[1].related.count == 2)
        #expect(found[1].message.contains("from location 'b'"))
    }

    /// 3,000 places at one point (coordinates of 0, 0 left by an import) took minutes and
    /// gigabytes: each was compared with every earlier one, and its report named them all
    /// (4.5 million related places). A place at a taken point is found by the point; each
    /// report names the five nearest places and counts the rest.
    @Test func manyPlacesAtOnePointAreReportedInLinearSpace() throws {
        let items = (0..<3000).map { place("p\($0)", 0, 0) } + [place("near", 0.00001, 0)]
        let found = try run(rule, [("places.json", "[" + items.joined(separator: ",") + "]")], kind: "location")
        #expect(found.count == 3000)
        #expect(found.allSatisfy { $0.related.count <= 5 })
        #expect(found.map { $0.related.count }.reduce(0, +) < 15_000)
        let last = try #require(found.first { $0.pointer == "/2999/coordinates" })
        #expect(last.message.hasPrefix("location 'p2999' is 0 m from location 'p0' at places.json:1:"), "\(last.message)")
        #expect(last.message.hasSuffix("; 2994 more places lie within 25 m of it, not named here"), "\(last.message)")
        #expect(last.related.map(\.start.column) == last.related.map(\.start.column).sorted())
        // A place near the point (1 m away) counts every place there.
        let near = try #require(found.first { $0.pointer == "/3000/coordinates" })
        #expect(near.message.hasPrefix("location 'near' is 1.1 m from location 'p0'"), "\(near.message)")
        #expect(near.message.hasSuffix("; 2995 more places lie within 25 m of it, not named here"), "\(near.message)")
        // Reporting on another file: each of its places is reported once for the later
        // places of the file not reported on (3,001 of them), not once per pair; o1 and o2
        // are also reported as o0's duplicates.
        let other = ("other.json", "[" + (0..<3).map { place("o\($0)", 0, 0) }.joined(separator: ",") + "]")
        let onlyOther = try run(rule, [other, ("places.json", "[" + items.joined(separator: ",") + "]")], kind: "location", reportingOn: ["other.json"])
        #expect(onlyOther.map(\.pointer) == ["/0/coordinates", "/1/coordinates", "/1/coordinates", "/2/coordinates", "/2/coordinates"])
        let first = try #require(onlyOther.first)
        #expect(first.message.hasPrefix("location 'o0' is 0 m from location 'p0' at places.json:1:"), "\(first.message)")
        #expect(first.message.hasSuffix("; 2996 more places lie within 25 m of it, not named here"), "\(first.message)")
    }

    /// 10,000 places millimetres apart, not at one point (float noise, or a geocoder's
    /// jitter on an import's default point), took 16 s: each was measured against every
    /// earlier place of its cell. Cells wholly within the limit are now counted whole and
    /// the nearest places found cell by cell, with the same reports.
    @Test func tenThousandPlacesMillimetresApart() throws {
        let count = 10_000
        let places = ("places.json", "[" + (0..<count).map { place("p\($0)", 51.5 + Double($0) * 1e-9, -0.1) }.joined(separator: ",\n") + "]")
        let clock = ContinuousClock()
        var found: [Diagnostic] = []
        let took = try clock.measure { found = try run(rule, [places], kind: "location") }
        #expect(found.count == count - 1)
        let last = try #require(found.last)
        #expect(last.pointer.description == "/\(count - 1)/coordinates")
        #expect(last.message.hasPrefix("location 'p\(count - 1)' is 0 m from location 'p\(count - 2)' at places.json:\(count - 1):"), "\(last.message)")
        #expect(last.message.hasSuffix("; \(count - 6) more places lie within 25 m of it, not named here"), "\(last.message)")
        #expect(last.related.map(\.start.line) == [count - 1, count - 2, count - 3, count - 4, count - 5])
        #expect(found.first?.message.hasSuffix("merge them, or fix the coordinates") == true)
        // Reporting on another file whose place is at the first of them: reported once,
        // for all the later places, without measuring them against each other.
        let other = ("other.json", "[" + place("o0", 51.5, -0.1) + "]")
        let onlyOther = try run(rule, [other, places], kind: "location", reportingOn: ["other.json"])
        #expect(onlyOther.map(\.pointer) == ["/0/coordinates"])
        #expect(onlyOther.first?.message.hasPrefix("location 'o0' is 0 m from location 'p0' at places.json:1:") == true, "\(onlyOther.map(\.message))")
        #expect(onlyOther.first?.message.hasSuffix("; \(count - 5) more places lie within 25 m of it, not named here") == true, "\(onlyOther.map(\.message))")
        #expect(took < .seconds(20), "10,000 places millimetres apart took \(took)")  // minutes in a debug build
    }

    @Test func placesWithoutValidCoordinatesAreSkipped() throws {
        let json = #"[{"id": "a"}, {"id": "b", "coordinates": {"latitude": 106.6, "longitude": 10.7}}, {"id": "c", "coordinates": {"latitude": "10", "longitude": 106}}]"#
        #expect(try run(rule, [("f.json", json)], kind: "location").isEmpty)
        #expect(try run(rule, [("f.json", "[" + place("a", 1, 1) + "," + place("b", 1, 1) + "]")], kind: "recipe").isEmpty)
    }

    @Test func tenThousandPlacesOnAGrid() throws {
        // 100 x 100 places 50 m apart, plus one 3 m from place 5,050: one warning.
        var items: [String] = []
        let step = 50.0 / 111_195
        for i in 0..<100 { for j in 0..<100 { items.append(place("p\(i)-\(j)", 10 + Double(i) * step, 106 + Double(j) * step)) } }
        items.append(place("dup", 10 + 50 * step + 3.0 / 111_195, 106 + 50 * step))
        let found = try run(rule, [("grid.json", "[" + items.joined(separator: ",") + "]")], kind: "location")
        #expect(found.map(\.pointer) == ["/10000/coordinates"])
        #expect(found.first?.message.contains("is 3 m from location 'p50-50'") == true)
    }
}
