#!/usr/bin/env bash
# Runs argonaut-generate over a directory of real-world sample JSON, such as quicktype's
# test/inputs/json/{samples,priority,misc} (204 files), and counts how many
#
# 1. generate (and how long the generator takes over all of them),
# 2. type-check alone, in Swift 6 mode, without a warning, under
#    -warn-long-expression-type-checking=200 (with each file's time),
# 3. decode their sample with the generated types, and
# 4. round-trip it exactly (Scripts/GeneratorCheck/RoundTrip.swift: a key absent stays
#    absent, a null stays null, numbers equal by value).
#
# Not run by CI: the corpus is not part of the repository. To check quicktype's:
#
#   git clone --depth 1 https://github.com/glideapps/quicktype /tmp/quicktype
#   Scripts/quicktype-check.sh /tmp/quicktype/test/inputs/json
#
# Usage: Scripts/quicktype-check.sh DIR [WORK_DIR]
#   DIR is searched for *.json. WORK_DIR keeps the temporary package (default: a fresh
#   mktemp -d). QUICKTYPE_CHECK_TIMEOUT (seconds, default 300) stops one file's type
#   check; QUICKTYPE_CHECK_JOBS (default 2) type-checks that many files at once.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
input="$(cd "${1:?usage: Scripts/quicktype-check.sh DIR [WORK_DIR]}" && pwd)"
work="${2:-$(mktemp -d)}"
timeout_seconds="${QUICKTYPE_CHECK_TIMEOUT:-300}"
jobs="${QUICKTYPE_CHECK_JOBS:-2}"
start=$SECONDS

step() { printf '\n==> %s\n' "$*"; }
milliseconds() { echo $(($(date +%s%N) / 1000000)); }

step "Build argonaut-generate and Argonaut"
swift build --package-path "$root" --product argonaut-generate
bin="$(swift build --package-path "$root" --show-bin-path)"
generate="$bin/argonaut-generate"

mapfile -t samples < <(find "$input" -name '*.json' -type f | LC_ALL=C sort)
if [[ ${#samples[@]} -eq 0 ]]; then
  echo "no *.json under $input" >&2
  exit 1
fi

# PascalCase of a sample's path below DIR: misc/00c36.json → Misc00c36.
type_name() {
  local relative="${1#"$input"/}"
  echo "${relative%.json}" |
    awk -F'[^A-Za-z0-9]+' '{ for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2) }'
}

step "Generate ${#samples[@]} samples into $work"
rm -rf "$work/Sources" "$work/results"
mkdir -p "$work/Sources/QuicktypeCheck" "$work/results"
names=()
generated=0
generate_start=$(milliseconds)
for sample in "${samples[@]}"; do
  type="$(type_name "$sample")"
  mkdir -p "$work/Sources/Gen$type"
  if "$generate" --access public --type "$type" "$sample" >"$work/Sources/Gen$type/$type.swift" \
    2>"$work/results/$type.generate.log"; then
    generated=$((generated + 1))
    names+=("$type")
    echo "$sample" >"$work/results/$type.path"
  else
    echo "FAIL $type: does not generate: $(cat "$work/results/$type.generate.log")"
    rm -rf "$work/Sources/Gen$type"
  fi
done
generate_ms=$(($(milliseconds) - generate_start))
echo "generated $generated of ${#samples[@]} in $generate_ms ms"

step "Type-check each generated file alone ($jobs at a time, at most $timeout_seconds s each)"
typecheck_one() {
  local type="$1" file="$work/Sources/Gen$1/$1.swift" began status
  began=$(($(date +%s%N) / 1000000))
  status=0
  timeout "$timeout_seconds" swiftc -typecheck -swift-version 6 -I "$bin/Modules" \
    -Xfrontend -warn-long-expression-type-checking=200 "$file" >"$work/results/$type.typecheck.log" 2>&1 ||
    status=$?
  echo $(($(date +%s%N) / 1000000 - began)) >"$work/results/$type.ms"
  echo "$status" >"$work/results/$type.status"
}
export -f typecheck_one
export work bin timeout_seconds
typecheck_start=$(milliseconds)
printf '%s\n' "${names[@]}" | xargs -P "$jobs" -I{} bash -c 'typecheck_one "$@"' _ {}
typecheck_ms=$(($(milliseconds) - typecheck_start))

compiled=()
warned=0
for type in "${names[@]}"; do
  status="$(cat "$work/results/$type.status")"
  if [[ "$status" == 124 ]]; then
    echo "FAIL $type: type-checking took more than $timeout_seconds s"
  elif [[ "$status" != 0 ]]; then
    echo "FAIL $type: does not compile:"
    grep -E "error:" "$work/results/$type.typecheck.log" | head -5
  else
    compiled+=("$type")
    if grep -q "warning:" "$work/results/$type.typecheck.log"; then
      warned=$((warned + 1))
      echo "WARN $type ($(cat "$work/results/$type.ms") ms):"
      grep "warning:" "$work/results/$type.typecheck.log" | sed 's/^.*warning: /       /' | sort | uniq -c | head -5
    fi
  fi
done
echo "type-checked ${#compiled[@]} of $generated ($warned with warnings) in $typecheck_ms ms; the slowest:"
for type in "${names[@]}"; do echo "$(cat "$work/results/$type.ms") $type"; done | sort -rn | head -5 |
  awk '{ printf "  %8d ms  %s\n", $1, $2 }'

step "Build the ${#compiled[@]} modules that compile into one program"
targets=""
imports=""
checks=""
dependencies=""
for type in "${names[@]}"; do
  if [[ ! " ${compiled[*]} " == *" $type "* ]]; then rm -rf "$work/Sources/Gen$type"; fi
done
for type in "${compiled[@]}"; do
  module="Gen$type"
  sample="$(cat "$work/results/$type.path")"
  alias=false
  if grep -q "^public typealias $type = " "$work/Sources/$module/$type.swift"; then alias=true; fi
  targets+="    .target(name: \"$module\", dependencies: [argonaut]),"$'\n'
  dependencies+="\"$module\", "
  imports+="import $module"$'\n'
  checks+="outcomes.append(check(\"$type\", path: \"$sample\", $module.$type.self, isAlias: $alias))"$'\n'
done
cat >"$work/Package.swift" <<EOF
// swift-tools-version:6.0
// Generated by Scripts/quicktype-check.sh: every module holds one generated file.
import PackageDescription

let argonaut = Target.Dependency.product(name: "Argonaut", package: "$(basename "$root")")
let package = Package(
  name: "QuicktypeCheck",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: "$root")],
  targets: [
$targets    .executableTarget(name: "QuicktypeCheck", dependencies: [argonaut, $dependencies]),
  ],
  swiftLanguageModes: [.v6]
)
EOF
cp "$root/Scripts/GeneratorCheck/RoundTrip.swift" "$work/Sources/QuicktypeCheck/RoundTrip.swift"
cat >"$work/Sources/QuicktypeCheck/main.swift" <<EOF
import Argonaut
$imports
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

checkTheComparison()
var outcomes: [Outcome] = []
$checks
let decoded = outcomes.count { \$0 == .differs || \$0 == .exact }
let exact = outcomes.count { \$0 == .exact }
print("decoded \(decoded) of \(outcomes.count); round-tripped exactly \(exact) of \(outcomes.count)")
exit(exact == outcomes.count ? 0 : 1)
EOF
build_start=$SECONDS
if ! swift build --package-path "$work" >"$work/build.log" 2>&1; then
  grep -E "error:" -A3 "$work/build.log" | head -60 >&2
  echo "FAILED: the program does not build (log: $work/build.log)" >&2
  exit 1
fi
echo "built in $((SECONDS - build_start)) s"

step "Decode, encode and compare every sample"
run_status=0
"$(swift build --package-path "$work" --show-bin-path)/QuicktypeCheck" | tee "$work/run.log" || run_status=$?

echo
echo "samples: ${#samples[@]}; generated: $generated ($generate_ms ms in all);" \
  "type-checked: ${#compiled[@]} ($warned with warnings, $typecheck_ms ms in all);" \
  "$(tail -1 "$work/run.log")"
echo "quicktype check finished in $((SECONDS - start)) s"
if [[ $generated -ne ${#samples[@]} || ${#compiled[@]} -ne $generated || $warned -ne 0 || $run_status -ne 0 ]]; then
  exit 1
fi
