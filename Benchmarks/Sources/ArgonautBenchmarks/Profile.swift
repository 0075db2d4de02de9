import Argonaut
import Foundation

/// Runs Argonaut alone on one document, for `valgrind --tool=callgrind` or `perf`.
enum Profile {
  static func run(document name: String, iterations: Int) -> Never {
    let document = Documents.corpus().first { $0.name == name } ?? Documents.generated(name)
    let work = Case(document).decode?.argonaut ?? { consume(try! JSON(parsing: document.bytes)) }
    for _ in 0..<iterations { work() }
    exit(0)
  }
}
