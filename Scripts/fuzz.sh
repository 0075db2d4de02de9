#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs them.
#
#   Scripts/fuzz.sh [--runs N | --seconds S] [--jobs J] [target…]
#
# Targets: RoundTrip (parse, print compact/pretty/sorted, parse back, compare),
# ValueWalk (every value through every accessor), Decoding (model types and the
# standard conformances), YAML (ArgonautYAML's reader: errors well formed, documents
# print as JSON that parses back equal). With no target, all four run in turn.
#
# --runs N     run each target on N inputs (default 20000); CI uses this form.
# --seconds S  run each target for S seconds instead.
#
# The core is compiled once, with `swiftc -sanitize=fuzzer,address -O`, into a
# static library under .build-fuzz/ (a scratch path, ignored by git); each target
# links it. Seeds come from Fuzz/Seeds, from ../shared/corpora (JSONTestSuite, and
# small documents cut from the benchmark corpus) when it is there, and from the
# working corpus .build-fuzz/corpus/<target>, which keeps what earlier runs found.
# A crash stops the run with the input saved as .build-fuzz/artifacts/<target>-crash-…;
# replay it with `.build-fuzz/bin/<target> <file>`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

runs=20000
seconds=""
jobs=""
targets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=(RoundTrip ValueWalk Decoding YAML)
for target in "${targets[@]}"; do
  [[ -f "Fuzz/$target.swift" ]] || { echo "fuzz.sh: no target Fuzz/$target.swift" >&2; exit 2; }
done

out=.build-fuzz
mkdir -p "$out/modules" "$out/lib" "$out/bin" "$out/artifacts"
flags=(-parse-as-library -O -swift-version 6 -sanitize=fuzzer,address -package-name argonaut -I "$out/modules")

# A static library per module, rebuilt when one of its sources is newer.
library() {
  local name="$1" dir="$2"
  local lib="$out/lib/lib$name.a"
  if [[ ! -f "$lib" ]] || [[ -n "$(find "$dir" -name '*.swift' -newer "$lib" | head -1)" ]]; then
    echo "==> building $name (fuzzer, address sanitizer, -O)"
    find "$dir" -name '*.swift' -print0 | xargs -0 swiftc "${flags[@]}" -module-name "$name" -emit-library -static \
      -emit-module -emit-module-path "$out/modules/$name.swiftmodule" -o "$lib"
  fi
}
start=$SECONDS
library Argonaut Sources/Argonaut
library CorpusModels Benchmarks/Sources/CorpusModels
library ArgonautYAML Sources/ArgonautYAML
for target in "${targets[@]}"; do
  binary="$out/bin/$target"
  if [[ ! -x "$binary" ]] || [[ -n "$(find Fuzz "$out/lib" -newer "$binary" -name '*.swift' -o -newer "$binary" -name '*.a' | head -1)" ]]; then
    echo "==> building $target"
    swiftc "${flags[@]}" -module-name "${target}Fuzz" "Fuzz/$target.swift" Fuzz/Support/*.swift \
      -L "$out/lib" -lArgonaut -lCorpusModels -lArgonautYAML -o "$binary"
  fi
done
echo "==> built in $((SECONDS - start)) s"

# Seeds shared by every target.
seeds=("Fuzz/Seeds")
corpora=../shared/corpora
if [[ -d "$corpora/JSONTestSuite/test_parsing" ]]; then
  seeds+=("$corpora/JSONTestSuite/test_parsing")
  if [[ -d "$corpora/bench" ]] && command -v python3 >/dev/null 2>&1; then
    mkdir -p "$out/seeds/bench"
    python3 Scripts/fuzz-seeds.py "$corpora/bench" "$out/seeds/bench"
    seeds+=("$out/seeds/bench")
  fi
else
  echo "note: $corpora is absent; fuzzing from Fuzz/Seeds only"
fi

status=0
for target in "${targets[@]}"; do
  corpus="$out/corpus/$target"
  mkdir -p "$corpus"
  limit=(-runs="$runs")
  [[ -z "$seconds" ]] || limit=(-max_total_time="$seconds")
  [[ -z "$jobs" ]] || limit+=(-fork="$jobs")
  echo "==> fuzzing $target (${limit[*]})"
  log="$out/$target.log"
  begin=$SECONDS
  if ! "$out/bin/$target" "${limit[@]}" -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/$target-" "$corpus" "${seeds[@]}" >"$log" 2>&1; then
    status=1
    echo "FAILED: $target found a crash; see $log and $out/artifacts/" >&2
    grep -E "ERROR|fuzz property|Fatal error|SUMMARY" "$log" | head -20 >&2 || true
  fi
  grep -E "^stat::(number_of_executed_units|peak_rss_mb|new_units_added)|cov: " "$log" | tail -4 | sed 's/^/    /'
  echo "    $((SECONDS - begin)) s"
done
exit $status
