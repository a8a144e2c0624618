import Foundation
import LarderCore
import LarderJSON

/// `near-duplicate-location`: no two places sit closer than a few metres, which usually
/// means one place entered twice.
///
/// Runs once per run over every location (a ``FactContentRule``: a place's coordinates,
/// where they are and its name are its facts, kept by the lint cache). Places go into a grid of
/// cells as wide as the distance, on the sphere's 3-D coordinates (so the poles and the
/// 180th meridian need no special case); each place is compared with the places of its own
/// and neighbouring cells only: O(n) for places spread over a map. A place at a point another
/// place already has is that place's duplicate, found by the point alone, so many places at
/// one point stay O(n) too; a report names the five nearest places and counts the rest.
public struct NearDuplicateLocationRule: FactContentRule, ConfigurableRule {
    public let id = "near-duplicate-location"
    public let summary = "No two locations are closer than a few metres (the same place entered twice)."
    public let defaultSeverity = Severity.warning
    public let kinds: [String]? = ["location"]
    public var details: String? {
        """
        Two places whose coordinates are closer than `meters` (25 by default; great-circle \
        distance) are usually the same place entered twice, or one with coordinates copied \
        from another. The later of the two is reported at its coordinates, naming the \
        earlier one; among many places this close, a report names the five nearest and \
        counts the rest. Places across all files are compared, also when only some files \
        are reported on.
        """
    }
    public var options: [RuleOption] {
        [
            RuleOption("meters", .number, "the distance under which two places are reported, in metres",
                       default: String(Int(Self.defaultMeters)),
                       bounds: .above(0).because("no two places are less than 0 m apart, so the rule would report nothing")),
            RuleOption("distance", .number, "the same as `meters`", aliasOf: "meters"),
        ]
    }

    /// The distance used when the options give none, in metres.
    public static let defaultMeters = 25.0
    /// The mean Earth radius (IUGG), in metres.
    public static let earthRadius = 6_371_008.8

    public init() {}

    public var examples: [RuleExample] {
        [
            .passes(#"[{"id": "post-office", "coordinates": {"latitude": 10.77987, "longitude": 106.6999}}, {"id": "notre-dame", "coordinates": {"latitude": 10.77978, "longitude": 106.69903}}]"#,
                    kind: "location"),
            .triggers(#"[{"id": "ben-thanh", "coordinates": {"latitude": 10.77253, "longitude": 106.69803}}, {"id": "ben-thanh-market", "coordinates": {"latitude": 10.77256, "longitude": 106.69805}}]"#,
                      at: "/1/coordinates", kind: "location"),
            .triggers(#"[{"id": "a", "coordinates": {"latitude": 0, "longitude": 179.99990}}, {"id": "b", "coordinates": {"latitude": 0, "longitude": -179.99995}}]"#,
                      at: "/1/coordinates", kind: "location", options: ["meters": 20]),
            .passes(#"[{"id": "a", "coordinates": {"latitude": 10, "longitude": 106}}, {"id": "b", "coordinates": {"latitude": 10.0002, "longitude": 106}}]"#,
                    kind: "location", options: ["distance": 10]),
        ]
    }

    /// The great-circle distance between two points, in metres (haversine).
    public static func distance(latitude lat1: Double, longitude lon1: Double, latitude lat2: Double, longitude lon2: Double) -> Double {
        let toRadians = Double.pi / 180
        let dLat = (lat2 - lat1) * toRadians
        let dLon = (lon2 - lon1) * toRadians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(lat1 * toRadians) * cos(lat2 * toRadians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(a)))
    }

    /// A location's coordinates, where they are, and how messages name the place.
    public struct Facts: ContentFacts {
        public var latitude: Double
        public var longitude: Double
        /// The place of the `coordinates` object.
        public var place: FactPlace
        /// `'Ben Thanh Market' (ben-thanh)`.
        public var label: String

        public func encode(to encoder: inout FactEncoder) {
            encoder.write(latitude)
            encoder.write(longitude)
            encoder.write(place)
            encoder.write(label)
        }

        public init(from decoder: inout FactDecoder) throws(FactDecoder.Failure) {
            latitude = try decoder.readDouble()
            longitude = try decoder.readDouble()
            place = try decoder.readPlace()
            label = try decoder.readString()
        }

        init(latitude: Double, longitude: Double, place: FactPlace, label: String) {
            self.latitude = latitude
            self.longitude = longitude
            self.place = place
            self.label = label
        }
    }

    public func facts(of document: Document, context: RuleContext) -> Facts? {
        guard applies(to: document.kind, options: Options(context.options)) else { return nil }
        let json = document.json
        guard let coordinates = json.member(document.node, "coordinates"),
            let lat = json.member(coordinates, "latitude").flatMap({ json.double($0) }),
            let lon = json.member(coordinates, "longitude").flatMap({ json.double($0) }),
            (-90...90).contains(lat), (-180...180).contains(lon)
        else { return nil }
        return Facts(latitude: lat, longitude: lon, place: FactPlace(document, node: coordinates), label: describe(document))
    }

    /// The check reads the facts only.
    public var readsDocuments: Bool { false }

    private struct Cell: Hashable {
        var x: Int, y: Int, z: Int
    }

    public func check(facts: FactTable<Facts>, reportingOn files: Set<String>?, context: RuleContext) -> [Diagnostic] {
        let options = Options(context.options)
        let limit = options.number("meters") ?? options.number("distance") ?? Self.defaultMeters
        guard limit > 0, limit.isFinite else { return [] }
        let places = facts.entries.filter { applies(to: $0.kind, options: options) }

        // Cells as wide as the limit: a chord is never longer than its arc, so two places
        // within the limit are in the same or neighbouring cells.
        let size = max(limit, 1e-3)
        func cell(_ p: FactTable<Facts>.Entry) -> Cell {
            let toRadians = Double.pi / 180
            let (lat, lon) = (p.facts.latitude * toRadians, p.facts.longitude * toRadians)
            let r = Self.earthRadius
            return Cell(
                x: Int((r * cos(lat) * cos(lon) / size).rounded(.down)),
                y: Int((r * cos(lat) * sin(lon) / size).rounded(.down)),
                z: Int((r * sin(lat) / size).rounded(.down)))
        }
        var diagnostics: [Diagnostic] = []
        // Every place's line and column, found in one pass over each file: worked out one by
        // one, each counted from its file's start (a one-line file of thousands of places).
        let placed = FactPlace.resolving(places.map(\.facts.place))
        func reported(_ p: FactTable<Facts>.Entry) -> Bool { files?.contains(p.file) ?? true }
        func related(_ i: Int, _ message: String) -> Diagnostic.RelatedLocation {
            Diagnostic.RelatedLocation(file: places[i].file, place: placed[i], message: message)
        }
        /// `; 2,994 more places lie within 25 m of it, not named here`, when more places
        /// are close than a report names.
        func more(_ nearby: Nearby) -> String {
            let rest = nearby.total - nearby.nearest.count
            guard rest > 0 else { return "" }
            return "; \(rest) more place\(rest == 1 ? "" : "s") lie\(rest == 1 ? "s" : "") within \(Self.metres(limit)) of it, not named here"
        }

        /// Reports place `i`, naming the nearest of the places close to it.
        func report(_ i: Int, _ close: Nearby) {
            guard let first = close.nearest.first else { return }
            let place = places[i], nearest = places[first.index]
            let message = "\(place.facts.label) is \(Self.metres(first.meters, under: limit)) from "
                + "\(nearest.facts.label) at \(placed[first.index].description(in: nearest.file)), "
                + "closer than \(Self.metres(limit)); two places this close are usually one place entered twice: "
                + "merge them, or fix the coordinates" + more(close)
            let related = close.nearest.map { related($0.index, "\(Self.metres($0.meters, under: limit)) away") }
            diagnostics.append(context.diagnostic(file: place.file, at: placed[i], message, related: related))
        }

        // Each exact point once: the places at a point already taken are duplicates of its
        // first (0 m), found without comparing them with every place of their cell.
        // Thousands of places at one point (coordinates of 0, 0 left by an import) made the
        // check quadratic, and its report named every pair: a gigabyte for 3,000 places.
        var points: [(members: [Int], count: Int)] = []
        var pointAt: [Point: Int] = [:]
        var grid: [Cell: [Int]] = [:]  // the points in each cell
        // Later places within the limit of an earlier reported place, when the later one is
        // not reported on: the earlier one is reported instead, once.
        var laterOf: [Int: Nearby] = [:]

        for (j, place) in places.enumerated() {
            let point = Point(latitude: place.facts.latitude, longitude: place.facts.longitude)
            var close = Nearby()
            let isReported = reported(place)
            if let p = pointAt[point] {
                for i in points[p].members { close.add(i, meters: 0) }
                close.total = points[p].count
                if !isReported {
                    for i in points[p].members where reported(places[i]) { laterOf[i, default: Nearby()].add(j, meters: 0) }
                }
                if points[p].members.count < Nearby.named { points[p].members.append(j) }
                points[p].count += 1
            } else {
                let c = cell(place)
                for dx in -1...1 {
                    for dy in -1...1 {
                        for dz in -1...1 {
                            for p in grid[Cell(x: c.x + dx, y: c.y + dy, z: c.z + dz)] ?? [] {
                                let other = places[points[p].members[0]]
                                let d = Self.distance(
                                    latitude: other.facts.latitude, longitude: other.facts.longitude,
                                    latitude: place.facts.latitude, longitude: place.facts.longitude)
                                guard d < limit else { continue }
                                for i in points[p].members { close.add(i, meters: d) }
                                close.total += points[p].count - points[p].members.count
                                if !isReported {
                                    for i in points[p].members where reported(places[i]) { laterOf[i, default: Nearby()].add(j, meters: d) }
                                }
                            }
                        }
                    }
                }
                pointAt[point] = points.count
                grid[c, default: []].append(points.count)
                points.append(([j], 1))
            }
            if isReported { report(j, close) }
        }
        // The earlier places reported for later ones that are not reported on.
        for i in laterOf.keys.sorted() { report(i, laterOf[i]!) }
        return diagnostics
    }

    /// A place's coordinates, compared exactly.
    private struct Point: Hashable {
        var latitude: Double, longitude: Double
    }

    /// The places close to one place: the nearest few (by distance, then content order),
    /// and how many in all.
    struct Nearby {
        /// How many places a report names (as its related locations).
        static let named = 5
        private(set) var nearest: [(index: Int, meters: Double)] = []
        var total = 0

        mutating func add(_ index: Int, meters: Double) {
            total += 1
            let key = (meters, index)
            guard nearest.count < Self.named || key < (nearest[nearest.count - 1].meters, nearest[nearest.count - 1].index) else { return }
            let at = nearest.firstIndex { key < ($0.meters, $0.index) } ?? nearest.count
            nearest.insert((index, meters), at: at)
            if nearest.count > Self.named { nearest.removeLast() }
        }
    }

    /// `'Ben Thanh Market' (ben-thanh)`, from the name (its first language) and the id.
    private func describe(_ document: Document) -> String {
        let json = document.json
        let id = json.member(document.node, "id").flatMap { IDValue.text(json, $0) }
        var name: String?
        if let n = json.member(document.node, "name") {
            name = json.string(n) ?? Localized.texts(json, n).lazy.compactMap { json.string($0.value) }.first
        }
        switch (name, id) {
        case let (name?, id?): return "\(Text.quoted(name)) (\(id))"
        case let (name?, nil): return Text.quoted(name)
        case let (nil, id?): return "location \(Text.quoted(id))"
        default: return "a location"
        }
    }

    /// `4 m`, `0.5 m`, `1.2 km`.
    ///
    /// A distance under `limit` never reads as the limit: where rounding would reach it, it
    /// is shown one digit finer, and cut rather than rounded if that still reaches it (24.7 m
    /// under a limit of 25 m read "25 m …, closer than 25 m").
    static func metres(_ m: Double, under limit: Double? = nil) -> String {
        let limit = limit.flatMap { m < $0 ? $0 : nil }
        /// `m` in `unit`s at `scale` (10: tenths), rounded, or cut when rounding reaches the limit.
        func finer(_ unit: Double, _ scale: Double) -> Double {
            let rounded = (m / unit * scale).rounded() / scale
            return rounded * unit >= limit! ? (m / unit * scale).rounded(.down) / scale : rounded
        }
        if m >= 1000 {
            let km = (m / 100).rounded() / 10
            return limit != nil && km * 1000 >= limit! ? "\(finer(1000, 100)) km" : "\(km) km"
        }
        if m >= 10 {
            return limit != nil && m.rounded() >= limit! ? "\(finer(1, 10)) m" : "\(Int(m.rounded())) m"
        }
        let tenths = limit != nil && (m * 10).rounded() / 10 >= limit! ? finer(1, 100) : (m * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) m" : "\(tenths) m"
    }
}
