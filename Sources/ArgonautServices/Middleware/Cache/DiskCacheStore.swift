import Foundation

/// The responses of a ``CacheMiddleware`` in files, one per entry, within a byte
/// limit: they survive the middleware and the process.
///
/// - **Files:** `<SHA-256 of the key>.entry` in the directory, written to a temporary
///   file and renamed over the old one, so that a reader sees the old entry or the new
///   one, never half of one. A file starts with a magic line and ends with a checksum
///   of everything before it; one that is truncated, corrupt or foreign is ignored and
///   removed, never trusted. Files of other names are left alone.
/// - **Index:** the keys, sizes and order of use are kept in memory (``LRUIndex``),
///   built at launch from the files' headers, oldest modification first; a hit
///   touches its file's modification date, so that the order carries over to the next
///   launch. Lookups, inserts and evictions are O(1) under the lock; the files are
///   read and written outside it.
/// - **Byte limit:** the files' sizes count against it; at launch, and on every
///   insert, the least recently used files go until the rest fit.
/// - **Several processes:** they may share the directory without corrupting it (every
///   write is a rename, every read is checked). Each sees the entries the others wrote
///   at its own launch; an entry another removed is dropped when it cannot be read.
final class DiskCacheStore: CacheStorage {
  let byteLimit: Int
  let directory: URL
  private let index = Locked(LRUIndex<String>())

  /// The first bytes of every entry file.
  static let magic = Array("ARGONAUT-CACHE 1\n".utf8)
  static let suffix = ".entry"

  init(directory: URL, byteLimit: Int) {
    self.directory = directory
    self.byteLimit = max(0, byteLimit)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    load()
  }

  // MARK: CacheStorage

  func entries(in group: String) -> [(key: String, entry: CachedResponse)] {
    let files = index.withLock { index in
      index.keys(in: group).compactMap { key in index.value(key).map { (key, $0) } }
    }
    var found: [(key: String, entry: CachedResponse)] = []
    for (key, file) in files {
      if let (storedKey, _, entry) = read(file), storedKey == key {
        found.append((key, entry))
      } else {
        drop(key, file: file)
      }
    }
    return found
  }

  func markUsed(_ key: String) {
    let file = index.withLock { index -> String? in
      index.touch(key)
      return index.value(key)
    }
    if let file {
      try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path(file))
    }
  }

  @discardableResult
  func store(_ entry: CachedResponse, at key: String, in group: String) -> Bool {
    let file = Self.fileName(key)
    guard let data = Self.encode(entry, key: key, group: group), data.count <= byteLimit else {
      remove(key)
      return false
    }
    let temporary = directory.appendingPathComponent(".\(file).\(UUID().uuidString).tmp")
    // rename(2) replaces the old file at once: a reader, in this process or another,
    // opens the old entry or the new one.
    guard (try? data.write(to: temporary)) != nil, rename(temporary.path, path(file)) == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      remove(key)
      return false
    }
    let evicted = index.withLock { index -> [String] in
      index.insert(file, at: key, group: group, size: data.count)
      return Self.evict(&index, limit: byteLimit, keeping: key)
    }
    delete(evicted)
    return true
  }

  func remove(_ key: String) {
    if let file = index.withLock({ $0.remove(key) }) { delete([file]) }
  }

  func removeGroup(_ group: String) {
    let files = index.withLock { index in index.keys(in: group).compactMap { index.remove($0) } }
    delete(files)
  }

  func removeAll() {
    index.withLock { $0.removeAll() }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    delete(names.filter { $0.hasSuffix(Self.suffix) })
  }

  var byteCount: Int { index.withLock { $0.byteCount } }

  var count: Int { index.withLock { $0.count } }

  // MARK: Files

  private func path(_ file: String) -> String {
    directory.appendingPathComponent(file).path
  }

  /// Builds the index from the files in the directory, removing those that are not
  /// entries, and evicts down to the limit.
  private func load() {
    let manager = FileManager.default
    let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
    var found: [(file: String, key: String, group: String, size: Int, date: Date)] = []
    for name in names where name.hasSuffix(Self.suffix) {
      guard let (key, group, _) = read(name), Self.fileName(key) == name,
        let attributes = try? manager.attributesOfItem(atPath: path(name))
      else {
        try? manager.removeItem(atPath: path(name))
        continue
      }
      let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
      found.append((name, key, group, size, attributes[.modificationDate] as? Date ?? .distantPast))
    }
    found.sort { $0.date < $1.date }
    let evicted = index.withLock { index -> [String] in
      for item in found { index.insert(item.file, at: item.key, group: item.group, size: item.size) }
      return Self.evict(&index, limit: byteLimit, keeping: nil)
    }
    delete(evicted)
  }

  /// Removes the least recently used entries until the rest fit in `limit`; returns
  /// their files.
  private static func evict(_ index: inout LRUIndex<String>, limit: Int, keeping key: String?) -> [String] {
    var files: [String] = []
    while index.byteCount > limit, index.count > (key == nil ? 0 : 1), let oldest = index.removeOldest() {
      files.append(oldest.value)
    }
    return files
  }

  private func drop(_ key: String, file: String) {
    let removed = index.withLock { index -> Bool in
      guard index.value(key) == file else { return false }
      index.remove(key)
      return true
    }
    if removed { delete([file]) }
  }

  private func delete(_ files: [String]) {
    for file in files { try? FileManager.default.removeItem(atPath: path(file)) }
  }

  /// The key, group and entry in `file`, or `nil` when it is missing or not a whole,
  /// valid entry file.
  private func read(_ file: String) -> (key: String, group: String, entry: CachedResponse)? {
    guard let data = FileManager.default.contents(atPath: path(file)) else { return nil }
    return Self.decode(data)
  }

  static func fileName(_ key: String) -> String {
    CredentialDigest.hex(CredentialDigest.sha256(Array(key.utf8))) + suffix
  }

  // MARK: Format

  /// magic, UInt32 length + JSON metadata, UInt64 length + body, UInt64 checksum.
  /// The partition's key is written as `credential`, its name in the files of earlier
  /// versions, which keyed entries by credential only: their entries still load.
  static func encode(_ entry: CachedResponse, key: String, group: String) -> Data? {
    var varying: [String: Any] = [:]
    for (name, value) in entry.varyingHeaders { varying[name] = value ?? NSNull() }
    let metadata: [String: Any] = [
      "key": key, "group": group, "status": entry.response.statusCode, "headers": entry.response.headers,
      "requestTime": entry.requestTime.timeIntervalSince1970, "responseTime": entry.responseTime.timeIntervalSince1970,
      "varying": varying, "credential": entry.partition ?? NSNull(),
    ]
    guard let json = try? JSONSerialization.data(withJSONObject: metadata, options: [.sortedKeys]),
      json.count <= Int(UInt32.max)
    else { return nil }
    var bytes = magic
    append(UInt64(json.count), width: 4, to: &bytes)
    bytes += json
    append(UInt64(entry.response.body.count), width: 8, to: &bytes)
    bytes += entry.response.body
    append(checksum(bytes[...]), width: 8, to: &bytes)
    return Data(bytes)
  }

  static func decode(_ data: Data) -> (key: String, group: String, entry: CachedResponse)? {
    let bytes = [UInt8](data)
    var position = magic.count
    guard bytes.count >= magic.count + 4 + 8 + 8, bytes.starts(with: magic),
      checksum(bytes[..<(bytes.count - 8)]) == number(bytes, at: bytes.count - 8, width: 8)
    else { return nil }
    let jsonLength = Int(number(bytes, at: position, width: 4))
    position += 4
    guard jsonLength <= bytes.count - position - 16 else { return nil }
    let json = Data(bytes[position..<(position + jsonLength)])
    position += jsonLength
    let bodyLength = Int(clamping: number(bytes, at: position, width: 8))
    position += 8
    guard bodyLength == bytes.count - position - 8,
      let metadata = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
      let key = metadata["key"] as? String, let group = metadata["group"] as? String,
      let status = metadata["status"] as? Int, let headers = metadata["headers"] as? [String: String],
      let requestTime = metadata["requestTime"] as? Double, let responseTime = metadata["responseTime"] as? Double,
      let varyingObject = metadata["varying"] as? [String: Any]
    else { return nil }
    var varying: [String: String?] = [:]
    for (name, value) in varyingObject {
      switch value {
      case let text as String: varying[name] = .some(text)
      case is NSNull: varying[name] = .some(nil)
      default: return nil
      }
    }
    let entry = CachedResponse(
      response: HTTPResponse(
        statusCode: status, headers: headers, body: Data(bytes[position..<(position + bodyLength)])),
      requestTime: Date(timeIntervalSince1970: requestTime), responseTime: Date(timeIntervalSince1970: responseTime),
      varyingHeaders: varying, partition: metadata["credential"] as? String)
    return (key, group, entry)
  }

  /// FNV-1a, 64 bits: enough to tell a truncated or damaged file from a whole one.
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }

  private static func number(_ bytes: [UInt8], at position: Int, width: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in position..<(position + width) { value = value << 8 | UInt64(bytes[index]) }
    return value
  }
}
