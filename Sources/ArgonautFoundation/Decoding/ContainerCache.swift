import Foundation

/// The last keyed container made for each key type, kept for reuse: its box (the
/// container's one stored reference), its place and its key type.
///
/// The boxes live in raw memory rather than an array, so that checking whether the
/// cache holds the only reference to a box never copies it (a copy-on-write copy of
/// an array would hold a second reference to each box).
final class ContainerCache {
  static let capacity = 32

  /// Whether a `KeyedDecodingContainer` is exactly one reference (its box), which
  /// keeping it as `AnyObject` relies on.
  static let isAvailable =
    MemoryLayout<KeyedDecodingContainer<StringKey>>.size == MemoryLayout<AnyObject>.size
    && MemoryLayout<KeyedDecodingContainer<StringKey>>.alignment == MemoryLayout<AnyObject>.alignment

  private(set) var count = 0
  let ids: UnsafeMutablePointer<ObjectIdentifier>
  let boxes: UnsafeMutablePointer<AnyObject>
  private(set) var places: [KeyedContainerPlace] = []

  init() {
    ids = .allocate(capacity: Self.capacity)
    boxes = .allocate(capacity: Self.capacity)
  }

  deinit {
    boxes.deinitialize(count: count)
    boxes.deallocate()
    ids.deallocate()
  }

  /// Keeps `container`, whose place is `place`, for the key type `id`.
  func append<Key: CodingKey>(
    _ id: ObjectIdentifier, _ container: KeyedDecodingContainer<Key>, _ place: KeyedContainerPlace
  ) {
    // The box is the container's one stored property (`isAvailable`): read it as a
    // reference, which copies it (+1).
    (boxes + count).initialize(to: withUnsafeBytes(of: container) { $0.load(as: AnyObject.self) })
    (ids + count).initialize(to: id)
    places.append(place)
    count += 1
  }

  /// The container kept at `slot`, which is of key type `Key`: a copy of its box,
  /// read as the container.
  func container<Key: CodingKey>(at slot: Int) -> KeyedDecodingContainer<Key> {
    UnsafeRawPointer(boxes + slot).load(as: KeyedDecodingContainer<Key>.self)
  }
}
