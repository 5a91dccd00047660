// swift-tools-version:6.0
import Foundation
import PackageDescription

// Applied to every target: strict concurrency comes with Swift 6 mode; these keep `any` explicit
// and make imports say which module a member comes from.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "openmarket-web",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "openmarket-web", targets: ["openmarket-web"]),
        .library(name: "OpenMarketInput", targets: ["OpenMarketInput"]),
        .executable(name: "openmarket-store-bench", targets: ["openmarket-store-bench"]),
        .executable(name: "openmarket-template-bench", targets: ["openmarket-template-bench"]),
        .library(name: "OpenMarketCore", targets: ["OpenMarketCore"]),
        .library(name: "OpenMarketEmbedded", targets: ["OpenMarketEmbedded"]),
        .library(name: "OpenMarketStore", targets: ["OpenMarketStore"]),
        .library(name: "OpenMarketPostgres", targets: ["OpenMarketPostgres"]),
        .library(name: "OpenMarketWeb", targets: ["OpenMarketWeb"]),
        .library(name: "OpenMarketUseCases", targets: ["OpenMarketUseCases"]),
        .library(name: "OpenMarketTemplating", targets: ["OpenMarketTemplating"]),
        .library(name: "OpenMarketImaging", targets: ["OpenMarketImaging"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        // Pure code that reads untrusted bytes (image headers, multipart, forms, search text):
        // few dependencies, so each entry point can be fuzzed on its own.
        .target(
            name: "OpenMarketInput",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "OpenMarketCore",
            dependencies: [
                "OpenMarketInput",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // What both embedded markets share: the protocols they implement, their values, photo limits and secrets.
        .target(
            name: "OpenMarketEmbedded",
            dependencies: [
                "OpenMarketCore",
                "OpenMarketImaging",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "OpenMarketStore",
            dependencies: [
                "OpenMarketCore",
                "OpenMarketEmbedded",
                "OpenMarketImaging",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C interface, for the full-text index's auxiliary function (see `TrigramPlacement`).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The market on PostgreSQL, for several front ends sharing one market: the same behaviour as SQLiteMarket.
        .target(
            name: "OpenMarketPostgres",
            dependencies: [
                "OpenMarketCore",
                "OpenMarketImaging",
                "OpenMarketEmbedded",
                "OpenMarketInput",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        // Each language's texts (one data file each, read at start-up) and how amounts and days are written.
        .target(
            name: "OpenMarketTexts",
            dependencies: ["OpenMarketCore", "OpenMarketInput", "OpenMarketTemplating"],
            resources: [.copy("Texts")],
            swiftSettings: swiftSettings
        ),
        // The front end's own state on SQLite or PostgreSQL (sessions, passwords, guesses, history, drafts, kept
        // photos, tallies, questions), its figures and its tokens: no HTTP, no pages.
        .target(
            name: "OpenMarketWebState",
            dependencies: [
                "OpenMarketCore",
                "OpenMarketEmbedded",
                "OpenMarketStore",
                "OpenMarketPostgres",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        // What people do with products, for the storefront, the console and the API alike (list, change, delete,
        // restore, questions) and the markets behind them: outcomes and coded refusals, no HTTP, no page texts.
        .target(
            name: "OpenMarketUseCases",
            dependencies: [
                "OpenMarketCore",
                "OpenMarketEmbedded",
                "OpenMarketInput",
                "OpenMarketStore",
                "OpenMarketPostgres",
                "OpenMarketWebState",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "OpenMarketWeb",
            dependencies: [
                "OpenMarketCore",
                "OpenMarketTexts",
                "OpenMarketUseCases",
                "OpenMarketWebState",
                "OpenMarketEmbedded",
                "OpenMarketStore",
                "OpenMarketPostgres",
                "OpenMarketTemplating",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        // libvips from the system (Debian: libvips-dev); `scripts/install-dependencies` installs it.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        // libvips' optional arguments are C varargs, which Swift cannot call: these wrappers fix them.
        .target(
            name: "CVipsShim",
            dependencies: ["CVips"]
        ),
        .target(
            name: "OpenMarketImaging",
            dependencies: [
                "CVips",
                "CVipsShim",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "openmarket-image-bench",
            dependencies: [
                "OpenMarketImaging",
                "CVipsShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // Renders the list and product page models through our engine and swift-mustache; run it with scripts/bench-templates.
        .executableTarget(
            name: "openmarket-template-bench",
            dependencies: [
                "OpenMarketCore",
                "OpenMarketTexts",
                "OpenMarketTemplating",
                "OpenMarketWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Our own Mustache renderer: no reflection, standard library only (Foundation to read the directory).
        .target(
            name: "OpenMarketTemplating",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "openmarket-web",
            dependencies: [
                "OpenMarketCore",
                "OpenMarketEmbedded",
                "OpenMarketPostgres",
                "OpenMarketStore",
                "OpenMarketWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OpenMarketInputTests",
            dependencies: ["OpenMarketInput"],
            swiftSettings: swiftSettings
        ),
        // Times the store's list, search and export paths on a filled database; run it with scripts/bench-store.
        .executableTarget(
            name: "openmarket-store-bench",
            dependencies: [
                "OpenMarketCore",
                "OpenMarketEmbedded",
                "OpenMarketStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OpenMarketCoreTests",
            dependencies: ["OpenMarketCore"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OpenMarketStoreTests",
            dependencies: [
                "OpenMarketInput", "OpenMarketEmbedded", "OpenMarketStore", "OpenMarketPostgres", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // swift-mustache stays here as the reference: the conformance tests render every template with both.
        .testTarget(
            name: "OpenMarketTemplatingTests",
            dependencies: [
                "OpenMarketTemplating",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: swiftSettings
        ),
        // swift-mustache renders every page model by reflection as the reference for the hand-written lookups.
        .testTarget(
            name: "OpenMarketImagingTests",
            dependencies: ["OpenMarketImaging", "CVips", "CVipsShim"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OpenMarketWebTests",
            dependencies: [
                "OpenMarketWeb",
                "OpenMarketUseCases",
                "OpenMarketWebState",
                "OpenMarketTexts",
                "OpenMarketEmbedded",
                "OpenMarketStore",
                "OpenMarketPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                "OpenMarketCore",
                "OpenMarketImaging",
                "OpenMarketInput",
                "OpenMarketTemplating",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
                // A reference HMAC for the site key's tokens.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)

// libFuzzer harnesses, one executable per directory under Sources/Fuzz, so a new harness is one new file there.
// Declared only when OPENMARKET_FUZZ is set: libFuzzer supplies `main`, so an ordinary `swift build` must never try
// to link them. scripts/fuzz builds them with the sanitizers into their own scratch path (.build-fuzz).
if Context.environment["OPENMARKET_FUZZ"] != nil {
    let fuzzDirectory = Context.packageDirectory + "/Sources/Fuzz"
    let harnesses = ((try? FileManager.default.contentsOfDirectory(atPath: fuzzDirectory)) ?? []).filter { $0.hasPrefix("fuzz-") }.sorted()
    package.targets.append(.target(name: "FuzzDriver", path: "Sources/Fuzz/FuzzDriver"))
    for harness in harnesses {
        package.products.append(.executable(name: harness, targets: [harness]))
        package.targets.append(
            .executableTarget(
                name: harness,
                dependencies: ["OpenMarketInput", "OpenMarketTemplating", "FuzzDriver", .product(name: "NIOCore", package: "swift-nio")],
                path: "Sources/Fuzz/\(harness)",
                swiftSettings: swiftSettings
            )
        )
    }
}
