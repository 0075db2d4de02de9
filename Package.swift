// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Argonaut",
  // The services layer uses `Duration` and `ContinuousClock`; the core alone would
  // run on older systems too.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    // The Foundation-free core: JSON, Decoded, Decodable, operators, curry.
    .library(name: "Argonaut", targets: ["Argonaut"]),
    // Argo 5's generic subscripts (`json["key"]` as a `Decoded<T>`), for code migrating
    // from Argo. Separate, because they slow down the type-checking of plain accessors.
    .library(name: "ArgonautCompatibility", targets: ["ArgonautCompatibility"]),
    // YAML 1.2 (core schema) read into JSON values: `JSON(yaml:)`, `JSON.documents(yaml:)`.
    .library(name: "ArgonautYAML", targets: ["ArgonautYAML"]),
    // Per-domain services over HTTP (Foundation, plus FoundationNetworking on Linux).
    .library(name: "ArgonautServices", targets: ["ArgonautServices"]),
    // The bridge to Foundation: ArgonautJSONDecoder/Encoder, JSON: Codable, Date, URL, Data, Decimal, UUID.
    .library(name: "ArgonautFoundation", targets: ["ArgonautFoundation"]),
    // The example domain from the article: User, NewsFeed, UserService, NewsFeedService.
    .library(name: "NewsFeedExample", targets: ["NewsFeedExample"]),
    // Swift models and Argonaut decoders from sample JSON: `swift run argonaut-generate FILE...`.
    .executable(name: "argonaut-generate", targets: ["ArgonautGenerate"]),
    // One dynamic library holding every target the playgrounds need, loaded with a
    // single `-lArgonautDynamic`. Separate dynamic products would each embed a copy
    // of the core.
    .library(
      name: "ArgonautDynamic", type: .dynamic,
      targets: [
        "Argonaut", "ArgonautCompatibility", "ArgonautFoundation", "ArgonautServices", "ArgonautYAML",
        "NewsFeedExample",
      ]),
  ],
  targets: [
    .target(name: "Argonaut"),
    .target(name: "ArgonautCompatibility", dependencies: ["Argonaut"]),
    .target(name: "ArgonautFoundation", dependencies: ["Argonaut"]),
    .target(name: "ArgonautYAML", dependencies: ["Argonaut"]),
    .target(name: "ArgonautServices", dependencies: ["Argonaut", "ArgonautFoundation"]),
    .target(name: "NewsFeedExample", dependencies: ["Argonaut", "ArgonautServices"]),
    // Models of the benchmark corpus, decodable both by Argonaut and by Codable.
    .target(name: "CorpusModels", dependencies: ["Argonaut"], path: "Benchmarks/Sources/CorpusModels"),
    .executableTarget(
      name: "ArgonautBenchmarks",
      dependencies: ["Argonaut", "CorpusModels", "ArgonautFoundation", "ArgonautServices", "ArgonautYAML"],
      path: "Benchmarks/Sources/ArgonautBenchmarks"),
    // Test support that every test target may use: the .offThePool trait.
    .target(name: "ArgonautTestSupport", path: "Tests/ArgonautTestSupport"),
    .testTarget(
      name: "ArgonautTests", dependencies: ["Argonaut", "CorpusModels", "ArgonautTestSupport"],
      // Decoder chains must type-check fast; CI fails on any warning.
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=200"])]),
    // Separate from ArgonautTests: the generic subscripts would otherwise leak into
    // every file of that target, and change what its plain accessors resolve to.
    .testTarget(
      name: "ArgonautCompatibilityTests", dependencies: ["Argonaut", "ArgonautCompatibility", "ArgonautTestSupport"],
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=200"])]),
    // The example server as a suite trait, shared by the services test targets.
    .target(
      name: "ServiceTestSupport", dependencies: ["ArgonautServices", "NewsFeedExample"],
      path: "Tests/ServiceTestSupport"),
    .testTarget(
      name: "ArgonautFoundationTests",
      dependencies: [
        "Argonaut", "ArgonautFoundation", "CorpusModels", "ArgonautServices", "ServiceTestSupport",
        "ArgonautTestSupport",
      ]),
    .testTarget(
      name: "ArgonautServicesTests",
      dependencies: ["Argonaut", "ArgonautServices", "NewsFeedExample", "ServiceTestSupport", "ArgonautTestSupport"]),
    .executableTarget(name: "ArgonautGenerate", dependencies: ["Argonaut", "ArgonautYAML"]),
    .testTarget(
      name: "ArgonautGenerateTests", dependencies: ["ArgonautGenerate", "Argonaut", "ArgonautTestSupport"],
      // Golden inputs and outputs: read by the tests, compiled by Scripts/generator-check.sh.
      // The README's example output, ReadmeExample/ReadmeUser.swift, is compiled here too.
      // OpenAPI/: documents and their golden output, compiled by Scripts/openapi-check.sh.
      exclude: ["Goldens", "ReadmeExample/readme-user.json", "OpenAPI"]),
    .testTarget(name: "ArgonautYAMLTests", dependencies: ["Argonaut", "ArgonautYAML"]),
    .testTarget(
      name: "NewsFeedExampleTests",
      dependencies: ["Argonaut", "ArgonautServices", "NewsFeedExample", "ServiceTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
