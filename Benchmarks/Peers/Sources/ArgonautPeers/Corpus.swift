import Foundation

extension Documents {
  /// The corpus directory (`shared/corpora/bench` beside the repository), found from
  /// `ARGONAUT_CORPUS`, the working directory (the repository or `Benchmarks/Peers`)
  /// or this file.
  static func peerCorpusDirectory() -> URL? {
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["ARGONAUT_CORPUS"] {
      candidates.append(URL(fileURLWithPath: path))
    }
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    candidates.append(current.appendingPathComponent("../shared/corpora/bench"))
    candidates.append(current.appendingPathComponent("../../../shared/corpora/bench"))
    // This file is Benchmarks/Peers/Sources/ArgonautPeers/Corpus.swift.
    var repository = URL(fileURLWithPath: #filePath)
    for _ in 0..<5 { repository.deleteLastPathComponent() }
    candidates.append(repository.appendingPathComponent("../shared/corpora/bench"))
    return candidates.first { FileManager.default.fileExists(atPath: $0.standardized.path) }?.standardized
  }

  static func peerCorpus() -> [Document] {
    guard let directory = peerCorpusDirectory() else { return [] }
    return corpusNames.compactMap { name in
      FileManager.default.contents(atPath: directory.appendingPathComponent(name).path).map {
        Document(name: name, bytes: [UInt8]($0))
      }
    }
  }
}
