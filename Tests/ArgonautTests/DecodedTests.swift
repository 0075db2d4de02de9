import Argonaut
import ArgonautTestSupport
import Testing

@Suite("Decoded", .offThePool)
struct DecodedTests {
  static let failure = DecodeError.custom("boom")
  /// Sample values for the laws: successes and a failure.
  static let samples: [Decoded<Int>] = [.success(0), .success(7), .success(-3), .failure(failure)]

  @Test("value, error, get and Result conversions")
  func accessors() throws {
    let ok: Decoded<Int> = .success(1)
    let bad: Decoded<Int> = .failure(.missingKey("id"))
    #expect(ok.value == 1 && ok.error == nil)
    #expect(bad.value == nil && bad.error == .missingKey("id"))
    #expect(try ok.get() == 1)
    #expect(throws: DecodeError.missingKey("id")) { try bad.get() }
    #expect(Result(ok) == .success(1))
    #expect(bad.result == .failure(.missingKey("id")))
    #expect(Decoded(Result<Int, DecodeError>.success(2)) == .success(2))
    #expect(Decoded<Int>.customError("nope") == .failure(.custom("nope")))
    #expect(Decoded.fromOptional(Int?.none, orFailWith: "absent") == .failure(.custom("absent")))
  }

  @Test("or takes the first success and evaluates the fallback lazily")
  func alternative() {
    var evaluated = false
    let first: Decoded<Int> = .success(1)
    #expect(
      first.or(
        {
          evaluated = true
          return .success(2)
        }()) == .success(1))
    #expect(!evaluated)
    #expect(Decoded<Int>.failure(Self.failure).or(.success(2)) == .success(2))
    let both = Decoded<Int>.failure(Self.failure) <|> .failure(.custom("second"))
    #expect(both == .failure(.custom("second")))
  }

  @Test("apply keeps the errors of both sides")
  func applyAccumulates() {
    let f: Decoded<Curried<Int, Int>> = .failure(.missingKey("a"))
    let x: Decoded<Int> = .failure(.missingKey("b"))
    #expect(x.apply(f) == .failure(.multiple([.missingKey("a"), .missingKey("b")])))
    #expect(Decoded<Int>.success(1).apply(f) == .failure(.missingKey("a")))
    #expect(x.apply(pure(Curried { $0 + 1 })) == .failure(.missingKey("b")))
  }

  // MARK: Laws

  @Test("functor laws: identity and composition", arguments: samples)
  func functorLaws(_ x: Decoded<Int>) {
    let f = { (n: Int) in n * 2 }
    let g = { (n: Int) in n + 10 }
    #expect(x.map { $0 } == x)
    #expect(x.map { f(g($0)) } == x.map(g).map(f))
    let viaOperator = { $0 } <^> x
    #expect(viaOperator == x)
  }

  @Test("applicative laws: identity, homomorphism, interchange, composition", arguments: samples)
  func applicativeLaws(_ x: Decoded<Int>) {
    let f = Curried { (n: Int) in n * 2 }
    let g = Curried { (n: Int) in n - 5 }
    let fs: [Decoded<Curried<Int, Int>>] = [pure(f), pure(g), .failure(.custom("no function"))]
    // Identity: pure(id) <*> x == x
    let identity = pure(Curried { $0 }) <*> x
    #expect(identity == x)
    // Homomorphism: pure(f) <*> pure(a) == pure(f(a))
    let homomorphism = pure(f) <*> pure(3)
    #expect(homomorphism == pure(f(3)))
    for u in fs {
      // Interchange: u <*> pure(y) == pure({ $0(y) }) <*> u
      let applied = u <*> pure(4)
      let interchanged = pure(Curried { (h: Curried<Int, Int>) in h(4) }) <*> u
      #expect(applied == interchanged)
      for v in fs {
        // Composition: pure(∘) <*> u <*> v <*> x == u <*> (v <*> x)
        let compose = curry { (a: Curried<Int, Int>, b: Curried<Int, Int>, c: Int) in a(b(c)) }
        let composed = pure(compose) <*> u <*> v <*> x
        let nested = u <*> (v <*> x)
        #expect(composed == nested)
      }
    }
  }

  @Test("monad laws: left identity, right identity, associativity", arguments: samples)
  func monadLaws(_ x: Decoded<Int>) {
    let f = { (n: Int) -> Decoded<Int> in n > 5 ? .failure(.custom("too big")) : .success(n + 1) }
    let g = { (n: Int) -> Decoded<Int> in .success(n * 3) }
    let leftIdentity = pure(4) >>- f
    #expect(leftIdentity == f(4))
    let rightIdentity = x >>- pure
    #expect(rightIdentity == x)
    let leftAssociated = (x >>- f) >>- g
    let rightAssociated = x >>- { f($0) >>- g }
    #expect(leftAssociated == rightAssociated)
  }
}
