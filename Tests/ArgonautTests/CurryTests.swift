import Argonaut
import ArgonautTestSupport
import Foundation
import Testing

@Suite("curry", .offThePool)
struct CurryTests {
  @Test("curried functions apply one argument at a time")
  func application() {
    // Closures with their result types written out, and checked outside `#expect`: the
    // type checker then has one overload of `curry` to choose, however loaded the machine.
    let add3 = curry { (a: Int, b: Int, c: Int) -> Int in a * 100 + b * 10 + c }
    #expect(add3(1)(2)(3) == 123)
    let count = curry { (s: String) -> Int in s.count }
    #expect(count("abc") == 3)
    let twenty = curry {
      (
        a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int, i: Int, j: Int, k: Int, l: Int, m: Int,
        n: Int, o: Int, p: Int, q: Int, r: Int, s: Int, t: Int
      ) in
      [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t].reduce(0, +)
    }
    #expect(twenty(1)(2)(3)(4)(5)(6)(7)(8)(9)(10)(11)(12)(13)(14)(15)(16)(17)(18)(19)(20) == 210)
  }

  @Test("a partly applied function can be applied again, in any order, and each result keeps its arguments")
  func reuse() {
    // Five arguments and more share one frame of arguments (CurryFrame).
    let join = curry { (a: Int, b: String, c: [Int], d: Bool, e: UInt8) in "\(a) \(b) \(c) \(d) \(e)" }
    let one = join(1)
    let x = one("x")
    let y = one("y")  // stage 2 applied twice: the second copies the arguments before it
    #expect(x([1])(true)(5) == "1 x [1] true 5")
    #expect(y([2])(false)(6) == "1 y [2] false 6")
    let xs = x([3])
    #expect(x([4])(false)(7) == "1 x [4] false 7")
    #expect(xs(true)(8) == "1 x [3] true 8" && xs(false)(9) == "1 x [3] false 9")
    let last = xs(true)
    #expect(last(1) == "1 x [3] true 1" && last(2) == "1 x [3] true 2")
    #expect(join(7)("z")([])(true)(0) == "7 z [] true 0")
    #expect(one("w")([0])(true)(1) == "1 w [0] true 1")
    let small = curry { (a: Int, b: String) in "\(a)\(b)" }(1)
    #expect(small("a") == "1a" && small("b") == "1b")
  }

  @Test("every arity from 5 to 20 passes each argument to its own parameter")
  func everyArity() {
    // From five arguments on, each arity ends in its own generated stage, which reads
    // the arguments back from the frame by slot. Ints and Strings (up to 20 bytes long,
    // so some on the heap) alternate, so every slot's offset and type count. The closures
    // declare their result type, which keeps each `curry` call fast to type-check.
    let f5 = curry { (a: Int, b: String, c: Int, d: String, e: Int) -> [Int] in [a, b.utf8.count, c, d.utf8.count, e] }
    #expect(f5(1)("bb")(3)("dddd")(5) == Array(1...5))
    let f6 = curry { (a: Int, b: String, c: Int, d: String, e: Int, f: String) -> [Int] in
      [a, b.utf8.count, c, d.utf8.count, e, f.utf8.count]
    }
    #expect(f6(1)("bb")(3)("dddd")(5)("ffffff") == Array(1...6))
    let f7 = curry { (a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int) -> [Int] in
      [a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g]
    }
    #expect(f7(1)("bb")(3)("dddd")(5)("ffffff")(7) == Array(1...7))
    let f8 = curry { (a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String) -> [Int] in
      [a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count]
    }
    #expect(f8(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh") == Array(1...8))
    let f9 = curry { (a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int) -> [Int] in
      [a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i]
    }
    #expect(f9(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9) == Array(1...9))
    let f10 = curry {
      (a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String) -> [Int] in
      [a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count]
    }
    #expect(f10(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj") == Array(1...10))
    let f11 = curry {
      (a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String, k: Int) -> [Int]
      in
      [a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count, k]
    }
    #expect(f11(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj")(11) == Array(1...11))
    let f12 = curry {
      (a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String, k: Int, l: String)
      in [a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count, k, l.utf8.count]
    }
    #expect(f12(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj")(11)("llllllllllll") == Array(1...12))
    let f13 = curry {
      (
        a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String, k: Int,
        l: String, m: Int
      ) -> [Int] in
      [a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count, k, l.utf8.count, m]
    }
    #expect(
      f13(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj")(11)("llllllllllll")(13) == Array(1...13))
    let f14 = curry {
      (
        a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String, k: Int,
        l: String, m: Int, n: String
      ) -> [Int] in
      [
        a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count, k, l.utf8.count, m,
        n.utf8.count,
      ]
    }
    #expect(
      f14(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj")(11)("llllllllllll")(13)("nnnnnnnnnnnnnn")
        == Array(1...14))
    let f15 = curry {
      (
        a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String, k: Int,
        l: String, m: Int, n: String, o: Int
      ) -> [Int] in
      [
        a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count, k, l.utf8.count, m,
        n.utf8.count, o,
      ]
    }
    #expect(
      f15(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj")(11)("llllllllllll")(13)("nnnnnnnnnnnnnn")(15)
        == Array(1...15))
    let f16 = curry {
      (
        a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String, k: Int,
        l: String, m: Int, n: String, o: Int, p: String
      ) -> [Int] in
      [
        a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count, k, l.utf8.count, m,
        n.utf8.count, o, p.utf8.count,
      ]
    }
    #expect(
      f16(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj")(11)("llllllllllll")(13)("nnnnnnnnnnnnnn")(
        15)("pppppppppppppppp") == Array(1...16))
    let f17 = curry {
      (
        a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String, k: Int,
        l: String, m: Int, n: String, o: Int, p: String, q: Int
      ) -> [Int] in
      [
        a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count, k, l.utf8.count, m,
        n.utf8.count, o, p.utf8.count, q,
      ]
    }
    #expect(
      f17(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj")(11)("llllllllllll")(13)("nnnnnnnnnnnnnn")(
        15)("pppppppppppppppp")(17) == Array(1...17))
    let f18 = curry {
      (
        a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String, k: Int,
        l: String, m: Int, n: String, o: Int, p: String, q: Int, r: String
      ) -> [Int] in
      [
        a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count, k, l.utf8.count, m,
        n.utf8.count, o, p.utf8.count, q, r.utf8.count,
      ]
    }
    #expect(
      f18(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj")(11)("llllllllllll")(13)("nnnnnnnnnnnnnn")(
        15)("pppppppppppppppp")(17)("rrrrrrrrrrrrrrrrrr") == Array(1...18))
    let f19 = curry {
      (
        a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String, k: Int,
        l: String, m: Int, n: String, o: Int, p: String, q: Int, r: String, s: Int
      ) -> [Int] in
      [
        a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count, k, l.utf8.count, m,
        n.utf8.count, o, p.utf8.count, q, r.utf8.count, s,
      ]
    }
    #expect(
      f19(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj")(11)("llllllllllll")(13)("nnnnnnnnnnnnnn")(
        15)("pppppppppppppppp")(17)("rrrrrrrrrrrrrrrrrr")(19) == Array(1...19))
    let f20 = curry {
      (
        a: Int, b: String, c: Int, d: String, e: Int, f: String, g: Int, h: String, i: Int, j: String, k: Int,
        l: String, m: Int, n: String, o: Int, p: String, q: Int, r: String, s: Int, t: String
      ) -> [Int] in
      [
        a, b.utf8.count, c, d.utf8.count, e, f.utf8.count, g, h.utf8.count, i, j.utf8.count, k, l.utf8.count, m,
        n.utf8.count, o, p.utf8.count, q, r.utf8.count, s, t.utf8.count,
      ]
    }
    #expect(
      f20(1)("bb")(3)("dddd")(5)("ffffff")(7)("hhhhhhhh")(9)("jjjjjjjjjj")(11)("llllllllllll")(13)("nnnnnnnnnnnnnn")(
        15)("pppppppppppppppp")(17)("rrrrrrrrrrrrrrrrrr")(19)("tttttttttttttttttttt") == Array(1...20))
  }

  @Test("a stage deep in a long chain applied twice copies the arguments before it, and keeps them")
  func reuseDeepInTheChain() {
    let twelve = curry {
      (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: String, h: Int, i: Int, j: Int, k: Int, l: Int) in
      "\([a, b, c, d, e, f]) \(g) \([h, i, j, k, l])"
    }
    let six = twelve(1)(2)(3)(4)(5)(6)
    let left = six("left")  // writes slot 7 of the shared frame in place
    let right = six("right")  // slot 7 is taken: a copy of slots 0 to 6
    let leftDone = left(7)(8)(9)(10)
    #expect(right(70)(80)(90)(100)(110) == "[1, 2, 3, 4, 5, 6] right [70, 80, 90, 100, 110]")
    #expect(leftDone(11) == "[1, 2, 3, 4, 5, 6] left [7, 8, 9, 10, 11]")
    #expect(leftDone(12) == "[1, 2, 3, 4, 5, 6] left [7, 8, 9, 10, 12]")
    #expect(left(0)(0)(0)(0)(0) == "[1, 2, 3, 4, 5, 6] left [0, 0, 0, 0, 0]")
    #expect(twelve(9)(9)(9)(9)(9)(9)("new")(1)(1)(1)(1)(1) == "[9, 9, 9, 9, 9, 9] new [1, 1, 1, 1, 1]")
  }

  @Test("arguments of every size and alignment keep their values")
  func mixedLayout() {
    let f = curry { (a: UInt8, b: Double, c: UInt16, d: SIMD4<Float>, e: String, f: (Int8, Int64), g: Bool?) in
      "\(a) \(b) \(c) \(d.sum()) \(e) \(f.0) \(f.1) \(String(describing: g))"
    }
    let long = String(repeating: "long text ", count: 5)
    #expect(
      f(255)(0.5)(65_535)(SIMD4(1, 2, 3, 4))(long)((-1, .max))(nil)
        == "255 0.5 65535 10.0 \(long) -1 9223372036854775807 nil")
  }

  @Test("a curried function releases its arguments when it is dropped, applied or not")
  func releasesArguments() {
    final class Token: Sendable {}
    weak var applied: Token?
    weak var partial: Token?
    do {
      let make = curry { (a: Token, b: Int, c: Int, d: Int, e: Int) in (a, b + c + d + e) }
      let token = Token()
      applied = token
      #expect(make(token)(1)(2)(3)(4).1 == 10)
      let other = Token()
      partial = other
      _ = make(other)(1)(2)
    }
    #expect(applied == nil)
    #expect(partial == nil)
  }

  @Test("a 20-field model decodes through one applicative chain")
  func twentyFields() throws {
    var members: [(String, JSON)] = (0..<20).map { ("field\($0)", .number(JSONNumber($0))) }
    members[4].1 = .null
    let json = JSON.object(JSONObject(members))
    let model = try TwentyFields.decode(json).get()
    #expect(model.field19 == 19 && model.field4 == nil)
    let broken = JSON.object(JSONObject(members.filter { $0.0 != "field7" && $0.0 != "field12" }))
    #expect(TwentyFields.decode(broken).error?.description == "field7: missing key\nfield12: missing key")
  }

  @Test(
    "Curry.swift matches its generator",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "bash is needed to run the generator"))
  func generatedFileIsFresh() async throws {
    let root = Corpus.packageRoot
    let (status, generated) = try await runProcess(
      "/bin/bash", [root.appendingPathComponent("Scripts/generate-curry.sh").path, "--stdout"])
    #expect(status == 0)
    let checkedIn = try Data(contentsOf: root.appendingPathComponent("Sources/Argonaut/Curry/Curry.swift"))
    #expect(generated == checkedIn, "Sources/Argonaut/Curry/Curry.swift is stale: run Scripts/generate-curry.sh")
  }

  /// The built `Argonaut` module next to this test binary, for `swiftc -I`.
  static let modules: URL? = {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = binary.deletingLastPathComponent()
    for _ in 0..<4 {
      let modules = folder.appendingPathComponent("Modules")
      if FileManager.default.fileExists(atPath: modules.appendingPathComponent("Argonaut.swiftmodule").path) {
        return modules
      }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }()

  @Test(
    "curry of 21 arguments is unavailable, with a message that points to build",
    .enabled(if: modules != nil, "the built Argonaut module was not found next to the test binary"))
  func tooManyArguments() async throws {
    let fields = (0..<21).map { "f\($0)" }
    var source = "import Argonaut\nstruct Wide {\n"
    source += fields.map { "  let \($0): Int\n" }.joined() + "}\n"
    source += "func decode(_ j: JSON) -> Decoded<Wide> {\n  curry(Wide.init)\n"
    source += fields.enumerated().map { "    \($0 == 0 ? "<^>" : "<*>") j <| \"\($1)\"\n" }.joined() + "}\n"
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("argonaut-curry-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Wide.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    // The solver's own limit (in seconds) stands in for a wall clock: a chain that
    // made the type checker search would end with "reasonable time", not this message.
    let arguments = [
      "swiftc", "-typecheck", "-swift-version", "6", "-I", try #require(Self.modules).path,
      "-Xfrontend", "-solver-expression-time-threshold=60", file.path,
    ]
    let (status, data) = try await runProcess("/usr/bin/env", arguments, mergingErrors: true)
    let output = String(decoding: data, as: UTF8.self)
    #expect(status != 0)
    #expect(output.contains("error: 'curry' is unavailable: curry takes at most 20 arguments; use build(T.init"))
    #expect(!output.contains("reasonable time"))
  }
}

/// Twenty fields, decoded in one chain. The test target is compiled with
/// `-warn-long-expression-type-checking=200`, and CI fails on any warning, so this
/// chain must type-check in under 200 ms.
struct TwentyFields {
  let field0: Int, field1: Int, field2: Int, field3: Int, field4: Int?, field5: Int, field6: Int, field7: Int
  let field8: Int, field9: Int, field10: Int, field11: Int, field12: Int, field13: Int, field14: Int, field15: Int
  let field16: Int, field17: Int, field18: Int, field19: Int
}

extension TwentyFields: Decodable {
  static func decode(_ j: JSON) -> Decoded<TwentyFields> {
    curry(TwentyFields.init)
      <^> j <| "field0"
      <*> j <| "field1"
      <*> j <| "field2"
      <*> j <| "field3"
      <*> j <|? "field4"
      <*> j <| "field5"
      <*> j <| "field6"
      <*> j <| "field7"
      <*> j <| "field8"
      <*> j <| "field9"
      <*> j <| "field10"
      <*> j <| "field11"
      <*> j <| "field12"
      <*> j <| "field13"
      <*> j <| "field14"
      <*> j <| "field15"
      <*> j <| "field16"
      <*> j <| "field17"
      <*> j <| "field18"
      <*> j <| "field19"
  }
}
