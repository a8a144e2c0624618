import LarderCore
import LarderJSON
import Testing
@testable import LarderExport

/// A document is localized text by text, each text replaced where it is: the containers on
/// the way must change in place. Replacing returned a new value, which copied every
/// container on the way for each text: a recipe of 16,000 ingredients took 10.5 s to export
/// to JSON-LD (0.08 s now), and the time grew with the square of the list.
@Suite struct LocalizeInPlaceTests {
    /// The address of the storage of the list at `/list`.
    func storage(_ value: JSONValue) -> UnsafeRawPointer? {
        guard case .array(let list)? = value.objectValue?["list"] else { return nil }
        return list.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    @Test func replacingATextKeepsTheListItIsIn() throws {
        let count = 2_000
        var value = JSONValue.object(JSONObject([
            ("id", "r"), ("list", .array((0..<count).map { .object(JSONObject([("en", .string("x\($0)")), ("pt", .string("y\($0)"))])) })),
        ]))
        let before = try #require(storage(value))
        for i in 0..<count { value.replace(["list", String(i)][...], with: .string("z\(i)")) }
        #expect(storage(value) == before)
        #expect(value.objectValue?["list"]?.arrayValue?.last == .string("z\(count - 1)"))
        // A value held twice is copied once, not changed where the other holder sees it.
        let kept = value
        value.replace(["list", "0"][...], with: "changed")
        #expect(kept.objectValue?["list"]?.arrayValue?.first == "z0")
        #expect(value.objectValue?["list"]?.arrayValue?.first == "changed")
        #expect(value.replacing(["missing", "0"][...], with: "x") == value)
    }
}
