import Foundation

/// A bearer token and, when the server says, the moment it stops being valid.
///
/// ```swift
/// let auth = AuthMiddleware(
///   credential: { await store.credential },                 // Credential(token: "…", expiresAt: date)
///   refresh: { try await store.refresh() })                 // a new Credential
/// ```
///
/// With an ``expiresAt``, ``AuthMiddleware`` refreshes the credential *before* it
/// expires, instead of waiting for the server's `401`.
public struct Credential: Hashable, Sendable {
  /// The token sent as `Authorization: Bearer <token>`.
  public var token: String
  /// When the token stops being valid; `nil` when it is not known.
  public var expiresAt: Date?

  /// Creates a credential.
  ///
  /// - Parameters:
  ///   - token: The bearer token.
  ///   - expiresAt: When it expires, such as the date of an OAuth answer plus its
  ///     `expires_in`; `nil` when it is not known.
  public init(token: String, expiresAt: Date? = nil) {
    self.token = token
    self.expiresAt = expiresAt
  }
}

extension Credential: CustomStringConvertible {
  /// `Credential(<redacted>, expires …)`: the token is never printed.
  public var description: String {
    "Credential(\(Redactor.placeholder)\(expiresAt.map { ", expires \($0)" } ?? ""))"
  }
}

extension Credential: CustomDebugStringConvertible {
  /// The same as ``description``: the token is never printed.
  public var debugDescription: String { description }
}

/// A credential as the auth middleware holds it: with the moment it arrived, and
/// whether `refresh` made it, which bound how early it is refreshed.
struct HeldCredential: Sendable {
  let credential: Credential
  let receivedAt: Date
  let isFromRefresh: Bool

  /// Whether to refresh before sending with it at `now`: when it has expired, or
  /// expires within `window`. For a credential that `refresh` just made, the window
  /// is at most half its lifetime as it was received: a server that hands out tokens
  /// shorter than the window causes no storm of refreshes. A credential from the
  /// source (one stored at the last launch, say) gets the whole window.
  func isDue(at now: Date, window: Duration) -> Bool {
    guard let expiresAt = credential.expiresAt else { return false }
    var margin = window.seconds
    if isFromRefresh { margin = min(margin, max(0, expiresAt.timeIntervalSince(receivedAt)) / 2) }
    return now >= expiresAt.addingTimeInterval(-margin)
  }
}
