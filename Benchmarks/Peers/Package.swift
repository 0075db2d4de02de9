// swift-tools-version:6.0
import PackageDescription

// The peer benchmark: Argonaut against simdjson and RapidJSON, in one process.
// A separate package, so that the library itself keeps zero dependencies. It needs
// the system packages that `install-peers.sh` installs. Run it in release:
//
//     Benchmarks/Peers/install-peers.sh
//     cd Benchmarks/Peers && swift run -c release ArgonautPeers --help
let package = Package(
  name: "ArgonautPeers",
  platforms: [.macOS(.v13)],
  // The repository itself, named so whatever its directory is called.
  dependencies: [.package(name: "Argonaut", path: "../..")],
  targets: [
    // extern "C" parse, walk and write functions for each C++ peer.
    .target(
      name: "PeerShims",
      cxxSettings: [.unsafeFlags(["-O3", "-msse4.2", "-fdelayed-template-parsing"])],
      linkerSettings: [.linkedLibrary("simdjson"), .linkedLibrary("stdc++")]),
    .executableTarget(
      name: "ArgonautPeers",
      dependencies: [.product(name: "Argonaut", package: "Argonaut"), "PeerShims"]),
  ],
  swiftLanguageModes: [.v6],
  cxxLanguageStandard: .cxx17
)
