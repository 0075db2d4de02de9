import Argonaut

extension Shape {
  /// The shape of one sample value, with every array's elements unified.
  ///
  /// ```swift
  /// Shape(of: [1, 2.5])   // .array(.double)
  /// Shape(of: ["a": nil]) // .object(a: .nothing, nullable)
  /// ```
  init(of json: JSON) {
    switch json {
    case .null: self.init(.nothing, isNullable: true)
    case .bool: self.init(.bool)
    case .string: self.init(.string)
    case .number(let number): self.init(Shape.kind(of: number))
    case .array(let array):
      var element = Shape.nothing
      for value in array { element = element.unified(with: Shape(of: value)) }
      self.init(.array(element))
    case .object(let object):
      var shape = ObjectShape()
      shape.merge(
        object.map { ObjectShape.Field(key: $0.key, shape: Shape(of: $0.value), presence: 1) }, objectCount: 1)
      self.init(.object(shape))
    }
  }

  /// The shape of every sample together.
  init<Samples: Sequence<JSON>>(samples: Samples) {
    self = samples.reduce(Shape.nothing) { $0.unified(with: Shape(of: $1)) }
  }

  /// `integer` for digits without a fraction or an exponent that fit 64 bits;
  /// `double` for the rest (the text decides, so `1.0` stays a `Double`);
  /// `conflict` for numbers that no Swift number holds: integers beyond 64 bits,
  /// which a `Double` would round, and numbers beyond `Double`, such as `1e400`.
  static func kind(of number: JSONNumber) -> Kind {
    let text = number.text
    let isIntegerText = !text.utf8.contains {
      $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
    }
    guard isIntegerText else { return number.doubleValue.isFinite ? .double : .conflict }
    let negative = text.hasPrefix("-")
    if number.integer(as: Int32.self) != nil {
      return .integer(IntegerRange(width: .int, hasNegative: negative))
    } else if let value = number.integer(as: Int64.self) {
      return .integer(IntegerRange(width: .int64, hasNegative: negative, exceedsDouble: value.magnitude > 1 << 53))
    } else if number.integer(as: UInt64.self) != nil {
      return .integer(IntegerRange(width: .uint64, hasNegative: false, exceedsDouble: true))
    }
    return .conflict
  }
}
