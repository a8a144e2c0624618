// swift-tools-version: 6.0
// A team's own Larder, extended in Swift: the `larder-bar` executable is the `larder` CLI
// with one more rule (abv-limit). See Docs/plugin-protocol.md, "Swift plugins".
// `bar-menu` reads the bundle Larder's build-tool plugin builds from content/ at build time.
import PackageDescription

let package = Package(
    name: "LarderBar",
    platforms: [.macOS(.v13)],
    dependencies: [
        // In your own package: .package(url: "<Larder's repository>", from: "0.1.0")
        .package(name: "Larder", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "larder-bar",
            dependencies: [
                .product(name: "LarderCore", package: "Larder"),
                .product(name: "LarderCLI", package: "Larder"),
            ]
        ),
        .executableTarget(
            name: "bar-menu",
            plugins: [.plugin(name: "LarderBuildPlugin", package: "Larder")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
