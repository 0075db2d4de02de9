#!/usr/bin/env bash
# Proves the import contract: any combination of `import Argonaut`, `import
# ArgonautServices` and `import ArgonautFoundation`, in any order, compiles a file that
# writes Argonaut decoders with the operators (`curry`, `<^>`, `<*>`, `<|`, `<|?`, `<||`,
# `<|>`, `>>-`, `pure`, `build`, key paths), where `Decodable` means Argonaut's protocol;
# and a file that imports `ArgonautFoundation` alone (or with Foundation) still means the
# standard library's `Decodable`, for its Codable models.
#
# Each combination is one file, type-checked on its own (`swiftc -typecheck`, Swift 6
# mode) against the modules of the debug build: every ordering of every non-empty subset
# of the three modules (15 files: the 14 that can write decoders, plus ArgonautFoundation
# alone as a Codable file), the same 15 with `import Foundation` first, and a Codable
# file that imports Foundation and ArgonautFoundation; and three files migrated from
# Argo 5, which also import ArgonautCompatibility. Any error or warning fails.
#
# Usage: Scripts/imports-check.sh      (builds the three library targets if needed)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$SECONDS

swift build --target ArgonautServices >/dev/null  # with Argonaut and ArgonautFoundation
swift build --target ArgonautCompatibility >/dev/null
modules="$(swift build --show-bin-path)/Modules"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A file that writes Argonaut decoders. `Decodable` must be Argonaut's: the free
# `decode(_:)` below accepts only Argonaut's protocol, and `Codable` keeps its meaning.
decoders() {
  cat <<'SWIFT'

struct User {
  let name: String
  let nickname: String?
  let tags: [String]
  let followers: Int
}

extension User: Decodable {
  static func decode(_ j: JSON) -> Decoded<User> {
    curry(User.init)
      <^> j <| "name"
      <*> j <|? "nickname"
      <*> j <|| "tags"
      <*> (j <| ["stats", "followers"] <|> pure(0))
  }
}

struct Team {
  let id: Int
  let members: [User]
  let lead: User?
}

extension Team: Decodable {
  static func decode(_ j: JSON) -> Decoded<Team> {
    build(Team.init, j <| "id", j <|| "members", j <|? "lead")
  }
}

struct Percentage {
  let value: Int
}

extension Percentage: Decodable {
  static func decode(_ j: JSON) -> Decoded<Percentage> {
    Int.decode(j) >>- { value in
      (0...100).contains(value) ? .success(Percentage(value: value)) : .failure(.custom("\(value) is not a percentage"))
    }
  }
}

struct Settings: Codable {  // Codable keeps the standard library's meaning
  let theme: String
}

func teams(_ text: String) throws -> [Team] {
  let json = try JSON(parsing: text)
  let decoded: Decoded<[Team]> = decode(json)
  let percentage: Decoded<Percentage> = decode(json, rootKey: "done")
  _ = percentage
  return try decoded.get()
}
SWIFT
}

# A file of Codable models: `Decodable` must be the standard library's protocol (a
# struct that declares it without a `decode(_:)` compiles only then).
codable() {
  cat <<'SWIFT'

struct Meta: Decodable {
  let count: Int
}

struct Post: Decodable {
  let title: String
  let meta: Meta
  let extra: JSON  // JSON is Codable
}

func post(_ text: String) throws -> Post {
  let json = try JSON(parsing: text)
  let meta: Meta = try json["meta"]?.decode(as: Meta.self) ?? Meta(count: 0)
  let decoded: Decoded<Int> = Int.decode(json["count"] ?? .null)
  _ = (meta, decoded)
  return try ArgonautJSONDecoder().decode(Post.self, from: Array(text.utf8))
}

func standard<T: Swift.Decodable>(_: T.Type) {}
func check() { standard(Meta.self) }
SWIFT
}

# A file migrated from Argo 5 by the guide (MigratingFromArgo.md): the decoders above,
# plus Argo 5's spellings from ArgonautCompatibility, where `Decodable` is still Argonaut's.
migrated() {
  decoders
  cat <<'SWIFT'
struct Member {
  let id: Int
  let name: String
  let email: String?
}
extension Member: Decodable {
  static func decode(_ json: JSON) -> Decoded<Member> {
    curry(Member.init) <^> json["id"] <*> json["profile", "name"] <*> json[optional: "email"]
  }
}
func argo(_ json: JSON) -> Int {
  let ids: Decoded<[Int]> = sequence([Int.decode(json), .success(1)])
  let kept: [Int] = catDecoded([Int.decode(json)])
  let city = flatReduce(["user", "city"], initial: json, combine: decodedJSON)
  let checked: Decoded<Int> = { (id: Int) in pure(id) } -<< Int.decode(json)
  let error: DecodeError = .missingKey("a") + .missingKey("b")
  _ = (ids, kept, city, checked, error)
  switch json {
  case .number(let n): return n.intValue
  case .array(let a): return a.isEmpty ? 0 : Int.decode(a[0]) ?? 0
  case .object(let o): return o["id"].flatMap { Int.decode($0).value } ?? 0
  default: return 0
  }
}
SWIFT
}

# Every ordering of every non-empty subset of the three modules.
modules_list=(Argonaut ArgonautServices ArgonautFoundation)
orderings=()
permute() {  # permute PREFIX REMAINING...
  local prefix="$1"
  shift
  if [[ -n "$prefix" ]]; then orderings+=("$prefix"); fi
  local module
  for module in "$@"; do
    local rest=()
    local other
    for other in "$@"; do [[ "$other" != "$module" ]] && rest+=("$other"); done
    permute "${prefix:+$prefix }$module" "${rest[@]}"
  done
}
permute "" "${modules_list[@]}"

files=()
write() {  # write NAME BODY IMPORT...
  local name="$1" body="$2"
  shift 2
  local file="$work/$name.swift"
  {
    printf '// imports: %s\n' "$*"
    printf 'import %s\n' "$@"
    "$body"
  } >"$file"
  files+=("$file")
}
for ordering in "${orderings[@]}"; do
  read -r -a imports <<<"$ordering"
  body=decoders
  if [[ "$ordering" == "ArgonautFoundation" ]]; then body=codable; fi
  name="${ordering// /+}"
  write "$name" "$body" "${imports[@]}"
  write "Foundation+$name" "$body" Foundation "${imports[@]}"
done
write "ArgonautFoundation+Foundation" codable ArgonautFoundation Foundation
write "Argonaut+ArgonautCompatibility" migrated Argonaut ArgonautCompatibility
write "Foundation+ArgonautCompatibility+ArgonautFoundation+Argonaut" migrated \
  Foundation ArgonautCompatibility ArgonautFoundation Argonaut
write "ArgonautServices+ArgonautCompatibility" migrated ArgonautServices ArgonautCompatibility

# Type-check each file on its own, two at a time.
printf '%s\n' "${files[@]}" | xargs -P 2 -I{} sh -c '
  if swiftc -typecheck -swift-version 6 -module-name ImportsCheck -I "$1" "$2" >"$2.log" 2>&1 && ! grep -q "warning:" "$2.log"; then
    echo ok >"$2.status"
  else
    echo FAIL >"$2.status"
  fi' _ "$modules" {}

failed=0
for file in "${files[@]}"; do
  status="$(cat "$file.status")"
  printf '%-4s  %s\n' "$status" "$(head -1 "$file" | sed 's#// imports: ##')"
  if [[ "$status" != ok ]]; then
    failed=$((failed + 1))
    grep -E "^/.*(error|warning):" "$file.log" | sed "s#^$work/#      #" | head -20
  fi
done
if [[ $failed -gt 0 ]]; then
  echo "FAILED: $failed of ${#files[@]} import combinations do not compile cleanly" >&2
  exit 1
fi
echo "all ${#files[@]} import combinations compile without a warning ($((SECONDS - start)) s)"
