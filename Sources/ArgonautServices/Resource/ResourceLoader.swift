import Foundation

/// Loads resources through the pipeline: each request with its deadline,
/// cancellation and status check, then the validators and the parse step.
enum ResourceLoader {
  /// A loaded resource: the response of its value, and the first exchange, whose
  /// `Link` header leads to the next page.
  struct Loaded<Value> {
    let response: Response<Value>
    let first: Exchange
  }

  /// Loads `resource` in `configuration`, and any resource its parse step chains to.
  ///
  /// Never throws an error other than ``ServiceError``; each error names the request
  /// it came from.
  static func load<Value>(
    _ resource: Resource<Value>, in configuration: ServiceConfiguration
  ) async throws(ServiceError) -> Loaded<Value> {
    var current = resource
    var first: Exchange?
    while true {
      let exchange = try await Pipeline.run(current.request(in: configuration), in: configuration)
      if first == nil { first = exchange }
      switch try step(current, exchange, validators: configuration.validators) {
      case .value(let value):
        let response = Response(
          value: value, statusCode: exchange.response.statusCode, headers: exchange.response.headers,
          request: exchange.request)
        return Loaded(response: response, first: first ?? exchange)
      case .load(let next):
        if Task.isCancelled { throw .cancelled(request: exchange.request) }
        current = next
      }
    }
  }

  /// Runs the validators, then the parse step, on `exchange`'s response; any error
  /// gets the exchange's request and response.
  static func step<Value>(
    _ resource: Resource<Value>, _ exchange: Exchange, validators: [ResponseValidator]
  ) throws(ServiceError) -> Resource<Value>.Step {
    do throws(ServiceError) {
      for validator in validators + resource.validators {
        try validator.validate(exchange.response)
      }
      return try resource.finish(exchange.response)
    } catch {
      throw error.attaching(exchange.request, exchange.response).sent(exchange.sentRequests)
    }
  }
}
