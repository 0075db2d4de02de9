#!/usr/bin/env bash
# Runs the HTTP caching test suite http-tests/cache-tests (cache-tests.fyi) through
# CacheMiddleware, in-process, as a private, browser-like cache, and prints one line
# per case and the totals of required, optimal and check cases. Not run by CI.
#
#   Scripts/cache-tests.sh [--stale-when-disconnected] PATH-TO-CACHE-TESTS [TEST-ID]
#
# --stale-when-disconnected runs the cache with servesStaleWhenDisconnected: true,
# so that the check `stale-close` passes and the two required cases that depend on
# it (stale-close-must-revalidate, stale-close-no-cache) are run and scored. Without
# it, the cache runs with its defaults (the option off), and those two are reported
# as "dependency".
#
# PATH-TO-CACHE-TESTS is a copy of https://github.com/http-tests/cache-tests (only
# its tests/ folder is read). Needs node (to export the test definitions to JSON)
# and Swift. The harness (Scripts/cache-tests/main.swift) is built as a throwaway
# package outside the repository, in $CACHE_TESTS_WORK (default:
# ${TMPDIR:-/tmp}/argonaut-cache-tests), that depends on this package by path.
# Nothing of the suite is copied into the repository.
#
# Exit status: 0 when no required case fails or fails to set up.
set -euo pipefail

flags=()
if [[ ${1:-} == --stale-when-disconnected ]]; then
  flags+=(--stale-when-disconnected)
  shift
fi
if [[ $# -lt 1 || ! -f "$1/tests/index.mjs" ]]; then
  echo "usage: $0 [--stale-when-disconnected] PATH-TO-CACHE-TESTS [TEST-ID]  (a copy of github.com/http-tests/cache-tests)" >&2
  exit 2
fi
suite=$(cd "$1" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${CACHE_TESTS_WORK:-${TMPDIR:-/tmp}/argonaut-cache-tests}
mkdir -p "$work/Sources/CacheTests"

node --input-type=module -e "
import tests from '$suite/tests/index.mjs'
process.stdout.write(JSON.stringify(tests))
" > "$work/tests.json"

cat > "$work/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "CacheTests",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Argonaut", path: "$repo")],
  targets: [
    .executableTarget(
      name: "CacheTests", dependencies: [.product(name: "ArgonautServices", package: "Argonaut")])
  ],
  swiftLanguageModes: [.v6]
)
EOF
cp "$repo/Scripts/cache-tests/main.swift" "$work/Sources/CacheTests/main.swift"

# A debug build: the harness reads the cache's internals with @testable import.
swift build --package-path "$work" --product CacheTests >&2
"$work/.build/debug/CacheTests" ${flags[@]+"${flags[@]}"} "$work/tests.json" ${2:+"$2"}
