#if os(macOS) || os(Linux)
  import ArgonautServices
  import Dispatch
  import Foundation

  /// The example server (`Fixtures/ExampleServer/server.py`), started as a child
  /// process on a free port of 127.0.0.1: for the tests and the playgrounds.
  ///
  /// ```swift
  /// let server = try ExampleServer.start()
  /// defer { server.stop() }
  /// let config = ServiceConfiguration(environment: server.environment)
  /// let user = try await ServiceConfiguration.$current.withValue(config) {
  ///   try await UserService().login(userName: "ada", password: "lovelace")
  /// }
  /// ```
  ///
  /// It needs `python3` on the `PATH`. The server exits when `stop()` is called,
  /// when the instance is deinitialized, and when this process exits (it watches its
  /// standard input, which this process holds open).
  public final class ExampleServer: Sendable {
    /// Why the server could not start.
    public struct StartError: Error, CustomStringConvertible {
      /// What went wrong.
      public let description: String
    }

    /// The port the server listens on.
    public let port: Int
    private let process: Process
    private let input: Pipe

    private init(port: Int, process: Process, input: Pipe) {
      self.port = port
      self.process = process
      self.input = input
    }

    deinit { stopBlocking() }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// An environment whose base URL is this server.
    public var environment: ServiceEnvironment { .local(port: port) }

    /// The server script in this package: `Fixtures/ExampleServer/server.py`, found
    /// from this source file's location, so it works from any working directory.
    public static let bundledScript = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Support
      .deletingLastPathComponent()  // NewsFeedExample
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()  // the package
      .appendingPathComponent("Fixtures/ExampleServer/server.py")

    /// `python3` on the `PATH`, or `nil` when there is none.
    public static var python: URL? {
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
      for directory in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
      return nil
    }

    /// Starts the server and waits until it listens, without blocking a thread of
    /// Swift's cooperative pool: the wait happens on a thread of its own. Use this
    /// form from async code, such as a test.
    ///
    /// ```swift
    /// let server = try await ExampleServer.start()
    /// …
    /// await server.stop()
    /// ```
    ///
    /// - Parameters:
    ///   - script: The server script. Defaults to ``bundledScript``.
    ///   - python: The Python interpreter. Defaults to `python3` on the `PATH`.
    ///   - startupTimeout: How long to wait for the server to print its port.
    /// - Returns: The running server.
    /// - Throws: ``StartError`` when Python or the script is missing, or the server
    ///   does not print its port in time.
    public static func start(
      script: URL = bundledScript, python: URL? = ExampleServer.python, startupTimeout: Duration = .seconds(20)
    ) async throws(StartError) -> ExampleServer {
      let outcome = await onOwnThread { () -> Result<ExampleServer, StartError> in
        do throws(StartError) {
          return .success(try startBlocking(script: script, python: python, startupTimeout: startupTimeout))
        } catch {
          return .failure(error)
        }
      }
      return try outcome.get()
    }

    /// Starts the server and waits until it listens, blocking the calling thread:
    /// for scripts and other synchronous code. From async code, `await` the other
    /// form, which keeps Swift's cooperative threads free.
    ///
    /// - Parameters:
    ///   - script: The server script. Defaults to ``bundledScript``.
    ///   - python: The Python interpreter. Defaults to `python3` on the `PATH`.
    ///   - startupTimeout: How long to wait for the server to print its port.
    /// - Returns: The running server.
    /// - Throws: ``StartError`` when Python or the script is missing, or the server
    ///   does not print its port in time.
    public static func start(
      script: URL = bundledScript, python: URL? = ExampleServer.python, startupTimeout: Duration = .seconds(20)
    ) throws(StartError) -> ExampleServer {
      try startBlocking(script: script, python: python, startupTimeout: startupTimeout)
    }

    private static func startBlocking(script: URL, python: URL?, startupTimeout: Duration) throws(StartError)
      -> ExampleServer
    {
      guard let python else {
        throw StartError(description: "python3 is not on the PATH; the example server needs it")
      }
      guard FileManager.default.fileExists(atPath: script.path) else {
        throw StartError(description: "no server script at \(script.path)")
      }
      let process = Process()
      process.executableURL = python
      process.arguments = ["-u", script.path, "--port", "0", "--watch-stdin"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      do {
        try process.run()
      } catch {
        throw StartError(description: "could not run \(python.path): \(error)")
      }

      // Read the first line; a watchdog ends the server, and so the read, if it
      // prints nothing in time.
      let watchdog = DispatchWorkItem { process.terminate() }
      let (seconds, attoseconds) = startupTimeout.components
      DispatchQueue.global().asyncAfter(
        deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18, execute: watchdog)
      let reader = output.fileHandleForReading
      var buffer = Data()
      while !buffer.contains(UInt8(ascii: "\n")) {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        buffer.append(chunk)
      }
      watchdog.cancel()
      let line = buffer.isEmpty ? nil : String(decoding: buffer.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
      guard let line, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
        process.terminate()
        process.waitUntilExit()
        throw StartError(
          description:
            "the server at \(script.path) did not print its port (got \(line.map { "'\($0)'" } ?? "nothing"))")
      }
      return ExampleServer(port: port, process: process, input: input)
    }

    /// Stops the server and waits for it to exit, on a thread of its own: the form
    /// for async code. Calling it again does no harm.
    public func stop() async {
      await Self.onOwnThread { self.stopBlocking() }
    }

    /// Stops the server and waits for it to exit, blocking the calling thread.
    /// Calling it again does no harm.
    public func stop() {
      stopBlocking()
    }

    /// Runs `body`, which blocks, on a new thread, and returns its result without
    /// holding any thread of Swift's cooperative pool meanwhile.
    private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
      await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
      }
    }

    private func stopBlocking() {
      // Closing its standard input makes the server exit by itself; the signal is
      // for a server that does not watch it.
      try? input.fileHandleForWriting.close()
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
    }
  }
#endif
