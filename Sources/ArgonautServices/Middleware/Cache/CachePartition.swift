/// Whose stored responses a request may be served: the key that a ``CacheMiddleware``
/// keeps with each stored response, and that a request must have to be served it.
///
/// - **By credential** (without a `partition` closure, or when it returns `nil`): the
///   SHA-256 of the request's `Authorization` value (``CredentialDigest``), or `nil`
///   without one. A response fetched with one token answers only requests with that
///   token; requests without `Authorization` share what was fetched without one.
/// - **By name** (the closure returns one): `partition:` and the SHA-256 of the name.
///   Requests of one name share their stored responses whatever their
///   `Authorization`, so that a refreshed token keeps them and their validators. A
///   response whose `Vary` names `Authorization` still answers only its own token
///   as such; another token of the name sends its `ETag`, and a 304 confirms it
///   (``VariantValidation``).
///
/// Both are digests, so that a cache on disk holds neither a token nor an account's
/// name. The two kinds never collide: a credential's key is 64 hexadecimal digits
/// alone.
enum CachePartition {
  /// The key of `request`: by the name that `naming` gives it, else by its credential.
  static func key(of request: HTTPRequest, naming: (@Sendable (HTTPRequest) -> String?)?) -> String? {
    guard let name = naming?(request) else { return CredentialDigest.of(request) }
    return "partition:" + CredentialDigest.hex(CredentialDigest.sha256(Array(name.utf8)))
  }
}
