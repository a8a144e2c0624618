// swift-tools-version: 6.0
import PackageDescription

// Module split (see CONTRIBUTING.md): one module per pipeline stage, each depending only
// on the ones below it. The library products depend on Foundation only; the CLI adds
// swift-argument-parser (and, for larder.yml, Yams).
let package = Package(
    name: "Larder",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "LarderJSON", targets: ["LarderJSON"]),
        .library(name: "LarderSchema", targets: ["LarderSchema"]),
        .library(name: "LarderCore", targets: ["LarderCore"]),
        .library(name: "LarderUnits", targets: ["LarderUnits"]),
        .library(name: "LarderRules", targets: ["LarderRules"]),
        .library(name: "LarderTransforms", targets: ["LarderTransforms"]),
        .library(name: "LarderExport", targets: ["LarderExport"]),
        .library(name: "LarderImport", targets: ["LarderImport"]),
        .library(name: "LarderCLI", targets: ["LarderCLI"]),
        .executable(name: "larder", targets: ["larder"]),
        // plugins: `swift package lint-content` in a package that depends on Larder.
        .plugin(name: "LintContent", targets: ["LintContent"]),
        // plugins: `larder build` as a build step of the targets it is applied to.
        .plugin(name: "LarderBuildPlugin", targets: ["LarderBuildPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .target(name: "LarderJSON"),
        .target(name: "LarderSchema", dependencies: ["LarderJSON"]),
        .target(name: "LarderCore", dependencies: ["LarderJSON", "LarderSchema"]),
        .target(name: "LarderUnits"),
        .target(name: "LarderRules", dependencies: ["LarderCore", "LarderUnits"]),
        .target(name: "LarderTransforms", dependencies: ["LarderCore", "LarderUnits"]),
        // The SHA-256 block function on the x86-64 SHA instructions (C, as Swift cannot
        // reach them); a stub elsewhere, where LarderExport's portable rounds run.
        .target(name: "CLarderSHA"),
        .target(name: "LarderExport", dependencies: ["LarderCore", "LarderUnits", "CLarderSHA"]),
        .target(name: "LarderImport", dependencies: ["LarderCore", "LarderJSON", "LarderSchema", "LarderUnits", "LarderExport"]),
        .target(
            name: "LarderCLI",
            dependencies: [
                "LarderCore",
                "LarderRules",
                "LarderTransforms",
                "LarderExport",
                "LarderImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(name: "larder", dependencies: ["LarderCLI"]),
        // plugins: runs `larder lint` over the package's content (Plugins/LintContent).
        .plugin(
            name: "LintContent",
            capability: .command(
                intent: .custom(verb: "lint-content", description: "Lint the package's content with larder.yml (larder lint)."),
                permissions: []
            ),
            dependencies: ["larder"]
        ),
        // plugins: builds a target's content into its resources (Plugins/LarderBuildPlugin).
        .plugin(name: "LarderBuildPlugin", capability: .buildTool(), dependencies: ["larder"]),
        .executableTarget(
            name: "larder-conformance",
            dependencies: ["LarderJSON", "LarderSchema"],
            path: "Sources/larder-conformance"
        ),
        .executableTarget(
            name: "larder-bench",
            dependencies: ["LarderJSON"],
            path: "Sources/larder-bench"
        ),
        .testTarget(name: "LarderJSONTests", dependencies: ["LarderJSON"]),
        .testTarget(name: "LarderSchemaTests", dependencies: ["LarderSchema", "larder-conformance"]),
        .testTarget(name: "LarderCoreTests", dependencies: ["LarderCore"]),
        .testTarget(name: "LarderUnitsTests", dependencies: ["LarderUnits"]),
        .testTarget(name: "LarderRulesTests", dependencies: ["LarderRules", "LarderCore"]),
        .testTarget(name: "LarderTransformsTests", dependencies: ["LarderTransforms", "LarderCore", "LarderUnits"]),
        .testTarget(name: "LarderExportTests", dependencies: ["LarderExport", "LarderCore", "LarderSchema", "LarderCLI"]),
        .testTarget(name: "LarderImportTests", dependencies: ["LarderImport", "LarderCore", "LarderJSON", "LarderSchema", "LarderUnits"]),
        .testTarget(name: "LarderCLITests", dependencies: ["LarderCLI", "larder"]),
    ],
    swiftLanguageModes: [.v6]
)
