import Dispatch
import Foundation

/// Everything a service needs besides its requests: where they go, how they travel,
/// where completions run, and what counts as success.
///
/// A service uses ``Service/configuration``, whose default implementation returns
/// ``current``. So a service class that declares nothing but its `Model` can still
/// be pointed elsewhere, without any change at its call sites:
///
/// ```swift
/// let memory = InMemoryTransport()
/// memory.on(.post, "/login", respond: .json(["userName": "ada", "email": "ada@example.com"]))
///
/// let test = ServiceConfiguration(environment: .local(port: 8080), transport: memory)
/// try await ServiceConfiguration.$current.withValue(test) {
///   let user = try await UserService().login(userName: "ada", password: "lovelace")
/// }
/// ```
///
/// A service can also store a configuration of its own:
///
/// ```swift
/// final class BillingService: Service {
///   typealias Model = Invoice
///   let configuration: ServiceConfiguration
///   init(configuration: ServiceConfiguration = .current) { self.configuration = configuration }
/// }
/// ```
public struct ServiceConfiguration: Sendable {
  /// Where requests go: the base URL for paths, and common header fields.
  public var environment: ServiceEnvironment
  /// How requests travel. Defaults to ``URLSessionTransport/shared``.
  public var transport: any HTTPTransport
  /// Where completion handlers run. Defaults to a global concurrent queue; never
  /// the main queue, which a command-line program does not run.
  public var callbackQueue: DispatchQueue
  /// How long a request may take when it does not say. Defaults to 60 seconds.
  public var timeout: Duration
  /// The statuses that count as success when a request does not say. Defaults to 200–299.
  public var acceptedStatusCodes: Set<Int>
  /// What every request goes through on its way to the transport, the first
  /// outermost: see ``ServiceMiddleware``. Defaults to none.
  public var middleware: [any ServiceMiddleware]
  /// Checks of every response that a resource loads through this configuration, run
  /// before the resource's own; see ``ResponseValidator``. Empty by default.
  public var validators: [ResponseValidator] = []
  /// The largest response body accepted, in bytes; a bigger one fails with
  /// ``ServiceError/Kind/responseTooLarge``, without being read past the limit
  /// where the transport allows it. Defaults to 64 MiB.
  public var maximumResponseSize = HTTPRequest.defaultMaximumResponseSize
  /// Names of header fields, query parameters, path parameters and JSON keys that
  /// hold secrets, besides the built-in ones (see ``Redactor``), such as
  /// `["X-Tenant-Signature"]`. Their values are redacted in descriptions and logs,
  /// and such headers are not carried across a redirect to another origin.
  public var secretNames: Set<String> = []

  /// Creates a configuration.
  /// - Parameters:
  ///   - environment: Where requests go. Defaults to absolute URLs only.
  ///   - transport: How requests travel. Defaults to ``URLSessionTransport/shared``.
  ///   - callbackQueue: Where completion handlers run. Defaults to the global queue.
  ///   - timeout: The default deadline of a request. Defaults to 60 seconds.
  ///   - acceptedStatusCodes: The default successful statuses. Defaults to 200–299.
  ///   - middleware: The middleware, the first outermost. Defaults to none.
  public init(
    environment: ServiceEnvironment = .absoluteURLsOnly,
    transport: any HTTPTransport = URLSessionTransport.shared,
    callbackQueue: DispatchQueue = .global(),
    timeout: Duration = .seconds(60),
    acceptedStatusCodes: Set<Int> = Set(200...299),
    middleware: [any ServiceMiddleware] = []
  ) {
    self.environment = environment
    self.transport = transport
    self.callbackQueue = callbackQueue
    self.timeout = timeout
    self.acceptedStatusCodes = acceptedStatusCodes
    self.middleware = middleware
  }

  /// The configuration in effect for the current task: the defaults, unless a
  /// caller bound another with `ServiceConfiguration.$current.withValue(_:operation:)`.
  ///
  /// A task-local value, not a global variable: a binding applies to the code it
  /// wraps and to the tasks that code starts, so tests running in parallel can each
  /// use their own server or in-memory transport.
  @TaskLocal public static var current = ServiceConfiguration()
}
