/// Finds the objects that are used as dictionaries rather than records.
///
/// An object becomes a map (`[String: T]`) when:
/// - it has no key at all, wherever it was seen (`[String: JSON]`);
/// - every key is an id: digits, such as citm_catalog's `areaNames`
///   (`{"205705993": "Arrière-scène central", …}`), or a long hexadecimal id or UUID;
/// - it has many keys (``minimumNamedKeys``) whose values are all objects of one
///   shape, such as a plugin registry keyed by plugin name: most of the values'
///   members are present in every value;
/// - or it has very many keys (``minimumScalarKeys``) whose values are all of one
///   scalar kind (strings, numbers or booleans; `null` allowed), such as GitHub's
///   emoji list (1,508 names, each with a URL): `[String: String]`.
///
/// A record mixes kinds: a 20-field user has strings, numbers and booleans, and
/// stays a struct. Records of one kind are rare and narrow in real data: in
/// quicktype's 204 samples, the objects of one scalar kind with names for keys have
/// 20 to 40 keys (and currency rates keyed by code, 31, which stay a struct), while
/// the emoji list has 1,508.
///
/// Detection runs bottom-up, after every sample has been unified, so it sees all
/// the keys ever found at a place.
struct MapDetection: Sendable {
  /// How many keys with values of one object shape make a map of names.
  var minimumNamedKeys = 20
  /// How many keys with values of one scalar kind make a map of names.
  var minimumScalarKeys = 100

  /// `shape`, with its objects that are maps turned into `.map`.
  func refine(_ shape: Shape) -> Shape {
    var result = shape
    switch shape.kind {
    case .array(let element):
      result.kind = .array(refine(element))
    case .map(let value):
      result.kind = .map(refine(value))
    case .object(let object):
      var refined = ObjectShape()
      refined.merge(
        object.fields.map { ObjectShape.Field(key: $0.key, shape: refine($0.shape), presence: $0.presence) },
        objectCount: object.count)
      if let value = mapValue(of: refined) {
        result.kind = .map(value)
      } else {
        result.kind = .object(refined)
      }
    case .nothing, .bool, .integer, .double, .string, .conflict:
      break
    }
    return result
  }

  /// The shape of the values, when `object` is a map.
  private func mapValue(of object: ObjectShape) -> Shape? {
    let value = object.fields.reduce(Shape.nothing) { $0.unified(with: $1.shape) }
    if object.fields.isEmpty || object.keys.allSatisfy(Self.isIdentifierKey) {
      return value
    }
    guard object.fields.count >= minimumNamedKeys else { return nil }
    switch value.kind {
    case .map:
      return object.fields.allSatisfy { if case .map = $0.shape.kind { true } else { false } } ? value : nil
    case .object(let members):
      let valuesAreObjects = object.fields.allSatisfy { if case .object = $0.shape.kind { true } else { false } }
      let common = members.fields.filter { !members.isSometimesMissing($0) }.count
      return valuesAreObjects && !members.fields.isEmpty && common * 2 >= members.fields.count ? value : nil
    case .string, .integer, .double, .bool:
      return object.fields.count >= minimumScalarKeys ? value : nil
    default:
      return nil
    }
  }

  /// Whether `key` looks like data rather than a name: an integer, or a long
  /// hexadecimal id with at least one digit (hashes, UUIDs).
  static func isIdentifierKey(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    let digits = bytes.drop { $0 == UInt8(ascii: "-") }
    if !digits.isEmpty, bytes.count - digits.count <= 1, digits.allSatisfy(isDigit) {
      return true
    }
    let isHex = bytes.allSatisfy { isDigit($0) || (0x61...0x66).contains($0 | 0x20) || $0 == UInt8(ascii: "-") }
    return bytes.count >= 8 && isHex && bytes.contains(where: isDigit)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
