/// Structural equality and hashing.
///
/// - Numbers compare by exact value: `1`, `1.0` and `1e0` are equal.
/// - Strings compare by Unicode scalars (byte-exact UTF-8), not by Swift's
///   canonical equivalence, so `"é"` and `"e\u{301}"` differ, as in JSON.
/// - Objects compare by members, in any order.
///
/// Both walk the tape with an explicit work list, so comparing documents of any
/// depth cannot overflow the stack.
extension JSON: Hashable {
  /// Whether the two values are equal.
  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)): return TapeEquality.equal(a.document, a.index, b.document, b.index)
    case (.array(let a), .array(let b)): return TapeEquality.equal(a.document, a.index, b.document, b.index)
    case (.string(let a), .string(let b)): return a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    case (.number(let a), .number(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.null, .null): return true
    default: return false
    }
  }

  /// Hashes the value, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .object(let object): TapeEquality.hash(object.document, object.index, into: &hasher)
    case .array(let array): TapeEquality.hash(array.document, array.index, into: &hasher)
    case .string(let string):
      var string = string
      hasher.combine(TapeTag.string.rawValue)
      string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
      hasher.combine(string.utf8.count)
    case .number(let number):
      hasher.combine(TapeTag.number.rawValue)
      hasher.combine(number)
    case .bool(let value): hasher.combine(value ? TapeTag.true.rawValue : TapeTag.false.rawValue)
    case .null: hasher.combine(TapeTag.null.rawValue)
    }
  }
}

extension JSONObject: Hashable {
  /// Whether the two values are equal.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { JSON.object(lhs) == JSON.object(rhs) }
  /// Hashes the value, consistently with `==`.
  public func hash(into hasher: inout Hasher) { JSON.object(self).hash(into: &hasher) }
}

extension JSONArray: Hashable {
  /// Whether the two values are equal.
  public static func == (lhs: JSONArray, rhs: JSONArray) -> Bool { JSON.array(lhs) == JSON.array(rhs) }
  /// Hashes the value, consistently with `==`.
  public func hash(into hasher: inout Hasher) { JSON.array(self).hash(into: &hasher) }
}

enum TapeEquality {
  static func number(_ entry: UInt64, in document: JSONDocument) -> JSONNumber {
    JSONNumber(entry: entry, in: document)
  }

  static func equal(_ da: JSONDocument, _ ia: Int, _ db: JSONDocument, _ ib: Int) -> Bool {
    if da === db && ia == ib { return true }
    return da.withUnsafeBuffers { ta, ba in
      db.withUnsafeBuffers { tb, bb in
        var work = [(ia, ib)]
        while let (x, y) = work.popLast() {
          let ex = ta[x]
          let ey = tb[y]
          let tx = Tape.tag(ex)
          let ty = Tape.tag(ey)
          switch tx {
          case .smallInt, .number:
            guard ty == .smallInt || ty == .number, number(ex, in: da) == number(ey, in: db) else { return false }
          case .string:
            guard ty == .string, StringText.withUnescaped(ex, in: ba, { StringText.equals(ey, $0, in: bb) }) else {
              return false
            }
          case .null, .true, .false:
            guard tx == ty else { return false }
          case .array:
            guard ty == .array, Tape.count(at: x, in: ta) == Tape.count(at: y, in: tb) else { return false }
            var cx = x + 1
            var cy = y + 1
            let end = x + Tape.span(ex)
            while cx < end {
              work.append((cx, cy))
              cx += Tape.span(ta[cx])
              cy += Tape.span(tb[cy])
            }
          case .object:
            guard ty == .object, Tape.count(at: x, in: ta) == Tape.count(at: y, in: tb) else { return false }
            var cx = x + 1
            var cy = y + 1
            let end = x + Tape.span(ex)
            // Built on the first key out of place in a wide object, so that comparing
            // objects whose keys come in another order stays linear.
            var index: [[UInt8]: Int]?
            let wide = Tape.count(at: y, in: tb) > 16
            while cx < end {
              // Same key at the same position is the common case; otherwise look it up.
              let value: Int?
              if StringText.withUnescaped(ta[cx], in: ba, { StringText.equals(tb[cy], $0, in: bb) }) {
                value = cy + 1
              } else if wide {
                if index == nil { index = keyIndex(ofObjectAt: y, tape: tb, bytes: bb) }
                value = StringText.withUnescaped(ta[cx], in: ba) { index?[Array($0)] }
              } else {
                var comparisons = 0
                value = StringText.withUnescaped(ta[cx], in: ba) {
                  ObjectKeys.find($0, inObjectAt: y, tape: tb, bytes: bb, comparisons: &comparisons)
                }
              }
              guard let value else { return false }
              work.append((cx + 1, value))
              cx += 1 + Tape.span(ta[cx + 1])
              cy += 1 + Tape.span(tb[cy + 1])
            }
          }
        }
        return true
      }
    }
  }

  /// The value positions of an object's members, by unescaped key; a `Dictionary`,
  /// so its hashing is seeded and no input can make it slow.
  static func keyIndex(
    ofObjectAt header: Int, tape: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>
  ) -> [[UInt8]: Int] {
    var index: [[UInt8]: Int] = [:]
    index.reserveCapacity(Tape.count(at: header, in: tape))
    var i = header + 1
    let end = header + Tape.span(tape[header])
    while i < end {
      index[StringText.withUnescaped(tape[i], in: bytes) { Array($0) }] = i + 1
      i += 1 + Tape.span(tape[i + 1])
    }
    return index
  }

  /// Hashes the container at `index`: its kind, size and members, with nested
  /// containers reduced to their kind and size. Equal values hash equally; objects
  /// hash their members in an order-independent way.
  static func hash(_ document: JSONDocument, _ index: Int, into hasher: inout Hasher) {
    document.withUnsafeBuffers { tape, bytes in
      let entry = tape[index]
      let end = index + Tape.span(entry)
      hasher.combine(Tape.tag(entry).rawValue)
      hasher.combine(Tape.count(at: index, in: tape))
      var i = index + 1
      if Tape.tag(entry) == .array {
        while i < end {
          shallowHash(tape[i], document, bytes, into: &hasher)
          i += Tape.span(tape[i])
        }
      } else {
        var members: UInt64 = 0
        while i < end {
          var member = Hasher()
          shallowHash(tape[i], document, bytes, into: &member)
          shallowHash(tape[i + 1], document, bytes, into: &member)
          members &+= UInt64(UInt(bitPattern: member.finalize()))
          i += 1 + Tape.span(tape[i + 1])
        }
        hasher.combine(members)
      }
    }
  }

  static func shallowHash(
    _ entry: UInt64, _ document: JSONDocument, _ bytes: UnsafeBufferPointer<UInt8>, into hasher: inout Hasher
  ) {
    switch Tape.tag(entry) {
    case .smallInt, .number:
      hasher.combine(TapeTag.number.rawValue)
      hasher.combine(number(entry, in: document))
    case .string:
      hasher.combine(TapeTag.string.rawValue)
      StringText.withUnescaped(entry, in: bytes) {
        hasher.combine(bytes: UnsafeRawBufferPointer($0))
        hasher.combine($0.count)
      }
    case .null, .true, .false:
      hasher.combine(Tape.tag(entry).rawValue)
    case .array, .object:
      hasher.combine(Tape.tag(entry).rawValue)
      hasher.combine(Tape.storedCount(entry))
    }
  }
}
