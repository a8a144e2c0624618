import Foundation
import LarderCore
import LarderJSON

/// `near-duplicate-location`: no two places sit closer than a few metres, which usually
/// means one place entered twice.
///
/// Runs once per run over every location (a ``FactContentRule``: a place's coordinates,
/// where they are and its name are its facts, kept by the lint cache). Places go into a grid of
/// cells as wide as the distance, on the sphere's 3-D coordinates (so the poles and the
/// 180th meridian need no special case), and into ever smaller cells inside those
/// (``PointIndex``); each place is compared with the places of its own and neighbouring
/// cells only: O(n) for places spread over a map. Among many places close together (even
/// millimetres apart), a cell wholly within the distance is counted whole and the nearest
/// places are found cell by cell, nearest first, so that stays near O(n) too. A place at a
/// point another place already has is that place's duplicate, found by the point alone; a
/// report names the five nearest places and counts the rest.
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
        // The distinct points, in cells as wide as the limit, split into smaller ones where
        // crowded: places millimetres apart (not at one point) are counted a cell at a time
        // and their nearest found without measuring each place against every earlier one of
        // its cell (10,000 such places took 16 s).
        var index = PointIndex(size: size, limit: limit)
        // The points that have a place reported on among their named members (only those
        // get reports for later places that are not reported on).
        var reportedGrid: [Cell: [Int]] = [:]
        var inReportedGrid: Set<Int> = []
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
                let named = points[p].members.count < Nearby.named
                if named { points[p].members.append(j) }
                points[p].count += 1
                index.addPlace(to: p, named: named)
                if named && isReported && inReportedGrid.insert(p).inserted { reportedGrid[cell(place), default: []].append(p) }
            } else {
                let position = PointIndex.position(latitude: place.facts.latitude, longitude: place.facts.longitude)
                // The five nearest earlier places, and how many are within the limit.
                for (p, d) in index.nearest(to: position, latitude: place.facts.latitude, longitude: place.facts.longitude, Nearby.named) {
                    for i in points[p].members { close.add(i, meters: d) }
                }
                close.total = index.count(within: position, latitude: place.facts.latitude, longitude: place.facts.longitude)
                if !isReported {
                    let c = cell(place)
                    for dx in -1...1 {
                        for dy in -1...1 {
                            for dz in -1...1 {
                                for p in reportedGrid[Cell(x: c.x + dx, y: c.y + dy, z: c.z + dz)] ?? [] {
                                    let other = places[points[p].members[0]]
                                    let d = Self.distance(
                                        latitude: other.facts.latitude, longitude: other.facts.longitude,
                                        latitude: place.facts.latitude, longitude: place.facts.longitude)
                                    guard d < limit else { continue }
                                    for i in points[p].members where reported(places[i]) { laterOf[i, default: Nearby()].add(j, meters: d) }
                                }
                            }
                        }
                    }
                }
                pointAt[point] = points.count
                index.insert(points.count, at: position, latitude: place.facts.latitude, longitude: place.facts.longitude)
                if isReported {
                    inReportedGrid.insert(points.count)
                    reportedGrid[cell(place), default: []].append(points.count)
                }
                points.append(([j], 1))
            }
            if isReported { report(j, close) }
        }
        // The earlier places reported for later ones that are not reported on.
        for i in laterOf.keys.sorted() { report(i, laterOf[i]!) }
        return diagnostics
    }

    /// The distinct points placed so far, in cells: level 0's cells are `size` wide (at least
    /// the limit, so a place's neighbours within the limit are in its own and the 26
    /// surrounding cells), and a cell that holds more than ``measured`` points is split into
    /// eight half as wide, at the next level. Cells wholly within the limit of a place are
    /// counted whole; the nearest places are found cell by cell, nearest cell first. Only
    /// places in cells that straddle the limit are measured one by one, with the same
    /// haversine distance as before, so the reports do not change.
    struct PointIndex {
        static let levels = 20
        /// A cell holds at most this many points before it is split into smaller cells (but
        /// at the last level); its points are measured one by one.
        static let measured = 8

        struct Key: Hashable {
            var x: Int, y: Int, z: Int
        }

        struct Bucket {
            /// The places at the cell's points.
            var weight = 0
            /// The cell's points, until it holds more than ``measured`` (above the last
            /// level): they then go into its smaller cells, at the next level.
            var points: [Int] = []
            var isSplit = false
        }

        let size: Double
        let limit: Double
        /// The straight line through the Earth as long as the limit's arc, and the margin
        /// either side of it within which places are measured one by one, not by their cell.
        let chordLimit: Double
        let margin: Double
        var cells = [[Key: Bucket]](repeating: [:], count: levels + 1)
        var positions: [SIMD3<Double>] = []
        var coordinates: [(latitude: Double, longitude: Double)] = []
        var weights: [Int] = []
        var named: [Int] = []

        init(size: Double, limit: Double) {
            self.size = size
            self.limit = limit
            margin = max(limit * 1e-6, 1e-6)
            chordLimit = Self.chord(limit)
        }

        /// The chord under an arc of `meters` on the Earth's surface.
        static func chord(_ meters: Double) -> Double {
            let r = NearDuplicateLocationRule.earthRadius
            return 2 * r * sin(min(meters / (2 * r), Double.pi / 2))
        }

        static func position(latitude: Double, longitude: Double) -> SIMD3<Double> {
            let toRadians = Double.pi / 180
            let (lat, lon) = (latitude * toRadians, longitude * toRadians)
            let r = NearDuplicateLocationRule.earthRadius
            return SIMD3(r * cos(lat) * cos(lon), r * cos(lat) * sin(lon), r * sin(lat))
        }

        /// The cell of `v` at `level` (a cell's quarter-width cells at the next level are
        /// exactly the ones inside it: the scaling is by a power of two).
        func key(_ v: SIMD3<Double>, level: Int) -> Key {
            let scale = Double(1 << level)
            return Key(x: Int((v.x / size * scale).rounded(.down)),
                       y: Int((v.y / size * scale).rounded(.down)),
                       z: Int((v.z / size * scale).rounded(.down)))
        }

        /// The nearest and farthest a point of the cell can be from `v` (straight lines).
        func reach(_ v: SIMD3<Double>, _ key: Key, level: Int) -> (near: Double, far: Double) {
            let h = size / Double(1 << level)
            func axis(_ p: Double, _ k: Int) -> (Double, Double) {
                let lo = Double(k) * h, hi = Double(k + 1) * h
                return (p < lo ? lo - p : (p > hi ? p - hi : 0), max(abs(p - lo), abs(p - hi)))
            }
            let (nx, fx) = axis(v.x, key.x), (ny, fy) = axis(v.y, key.y), (nz, fz) = axis(v.z, key.z)
            return ((nx * nx + ny * ny + nz * nz).squareRoot(), (fx * fx + fy * fy + fz * fz).squareRoot())
        }

        func distance(_ p: Int, _ latitude: Double, _ longitude: Double) -> Double {
            NearDuplicateLocationRule.distance(
                latitude: coordinates[p].latitude, longitude: coordinates[p].longitude, latitude: latitude, longitude: longitude)
        }

        /// The cells of level 0 that can hold places within the limit of `v`.
        func around(_ v: SIMD3<Double>) -> [Key] {
            let c = key(v, level: 0)
            var out: [Key] = []
            for dx in -1...1 {
                for dy in -1...1 {
                    for dz in -1...1 { out.append(Key(x: c.x + dx, y: c.y + dy, z: c.z + dz)) }
                }
            }
            return out
        }

        func children(_ key: Key) -> [Key] {
            var out: [Key] = []
            for dx in 0...1 {
                for dy in 0...1 {
                    for dz in 0...1 { out.append(Key(x: 2 * key.x + dx, y: 2 * key.y + dy, z: 2 * key.z + dz)) }
                }
            }
            return out
        }

        mutating func insert(_ p: Int, at v: SIMD3<Double>, latitude: Double, longitude: Double) {
            positions.append(v)
            coordinates.append((latitude, longitude))
            weights.append(1)
            named.append(1)
            var level = 0
            while true {
                let k = key(v, level: level)
                cells[level][k, default: Bucket()].weight += 1
                if cells[level][k]!.isSplit {
                    level += 1
                    continue
                }
                cells[level][k]!.points.append(p)
                split(k, level: level)
                return
            }
        }

        /// Moves the points of a cell that holds too many into its smaller cells (and so
        /// on down, while they keep together).
        mutating func split(_ k: Key, level: Int) {
            guard level < Self.levels, let bucket = cells[level][k], bucket.points.count > Self.measured else { return }
            cells[level][k]!.points = []
            cells[level][k]!.isSplit = true
            var touched: Set<Key> = []
            for p in bucket.points {
                let child = key(positions[p], level: level + 1)
                cells[level + 1][child, default: Bucket()].weight += weights[p]
                cells[level + 1][child]!.points.append(p)
                touched.insert(child)
            }
            for child in touched { split(child, level: level + 1) }
        }

        /// One more place at point `p` (named in reports, or only counted).
        mutating func addPlace(to p: Int, named isNamed: Bool) {
            weights[p] += 1
            if isNamed { named[p] += 1 }
            var level = 0
            while level <= Self.levels {
                let k = key(positions[p], level: level)
                cells[level][k]!.weight += 1
                if !cells[level][k]!.isSplit { return }
                level += 1
            }
        }

        /// How many places (at the points so far) are within the limit of `v`.
        func count(within v: SIMD3<Double>, latitude: Double, longitude: Double) -> Int {
            var total = 0
            var pending = around(v).map { ($0, 0) }
            while let (k, level) = pending.popLast() {
                guard let bucket = cells[level][k] else { continue }
                let (near, far) = reach(v, k, level: level)
                if near > chordLimit + margin { continue }
                if far < chordLimit - margin {
                    total += bucket.weight
                } else if !bucket.isSplit {
                    for p in bucket.points where distance(p, latitude, longitude) < limit { total += weights[p] }
                } else {
                    pending += children(k).map { ($0, level + 1) }
                }
            }
            return total
        }

        /// The points within the limit of `v` whose places can be among the `count` nearest
        /// (each point with its distance): every point at most as far as the `count`th
        /// nearest place, and maybe some more.
        func nearest(to v: SIMD3<Double>, latitude: Double, longitude: Double, _ count: Int) -> [(point: Int, meters: Double)] {
            var found: [(point: Int, meters: Double)] = []
            /// The smallest distances found, a place each (a point counts once for each
            /// named place at it).
            var best: [Double] = []
            var heap = CellHeap()
            for k in around(v) where cells[0][k] != nil { heap.push(reach(v, k, level: 0).near, k, 0) }
            while let (near, k, level) = heap.pop() {
                if near > chordLimit + margin { break }
                if best.count == count && near > Self.chord(best[count - 1]) + margin { break }
                let bucket = cells[level][k]!
                if !bucket.isSplit {
                    for p in bucket.points {
                        let d = distance(p, latitude, longitude)
                        guard d < limit else { continue }
                        found.append((p, d))
                        for _ in 0..<min(named[p], count) {
                            guard best.count < count || d < best[count - 1] else { break }
                            best.insert(d, at: best.firstIndex { d < $0 } ?? best.count)
                            if best.count > count { best.removeLast() }
                        }
                    }
                } else {
                    for child in children(k) where cells[level + 1][child] != nil {
                        heap.push(reach(v, child, level: level + 1).near, child, level + 1)
                    }
                }
            }
            guard best.count == count else { return found }
            return found.filter { $0.meters <= best[count - 1] }
        }
    }

    /// Cells by their nearest distance, nearest first (a binary heap).
    struct CellHeap {
        private var items: [(near: Double, key: PointIndex.Key, level: Int)] = []

        mutating func push(_ near: Double, _ key: PointIndex.Key, _ level: Int) {
            items.append((near, key, level))
            var i = items.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard items[i].near < items[parent].near else { break }
                items.swapAt(i, parent)
                i = parent
            }
        }

        mutating func pop() -> (near: Double, key: PointIndex.Key, level: Int)? {
            guard !items.isEmpty else { return nil }
            items.swapAt(0, items.count - 1)
            let top = items.removeLast()
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[l].near < items[m].near { m = l }
                if r < items.count && items[r].near < items[m].near { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
            return top
        }
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
