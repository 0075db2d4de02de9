#!/usr/bin/env bash
# Builds the DocC documentation of every library module with the toolchain's `docc`,
# from symbol graphs that the compiler emits (no SwiftPM plugin, no dependency), and
# fails on any DocC warning or on any public symbol without a doc comment.
#
# Usage: Scripts/docs.sh [OUTPUT_DIR]     (default: .build-docs/docs)
# Each module gets OUTPUT_DIR/<Module>.doccarchive; open one with `docc preview`, or
# serve it as a static site. The build uses its own scratch path (.build-docs), so it
# does not disturb .build.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root="$(pwd)"
scratch="$root/.build-docs"
output="${1:-$scratch/docs}"
modules=(Argonaut ArgonautCompatibility ArgonautFoundation ArgonautServices ArgonautYAML NewsFeedExample)
start=$SECONDS

docc="$(command -v docc || true)"
if [[ -z "$docc" ]]; then
  docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
  if [[ ! -x "$docc" ]] && command -v xcrun >/dev/null 2>&1; then docc="$(xcrun --find docc)"; fi
fi
if [[ ! -x "$docc" ]]; then
  echo "error: docc not found beside swift ($(command -v swift))" >&2
  exit 1
fi

# 1. Symbol graphs of the public API, one set per module (Module.symbols.json, plus
#    Module@Other.symbols.json for its extensions of other modules' types). The
#    directory persists: an incremental build only rewrites the graphs of the modules
#    it recompiles.
mkdir -p "$output"
graphs="$scratch/symbol-graphs"
mkdir -p "$graphs"
for module in "${modules[@]}"; do
  swift build --scratch-path "$scratch" --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
done

# 2. Every public symbol has a doc comment. Conformances the compiler synthesizes are
#    exempt; so are members whose documentation comes from the protocol they implement.
coverage=0
python3 - "$graphs" "${modules[@]}" <<'PYTHON' || coverage=1
import glob, json, os, sys
graphs, modules = sys.argv[1], sys.argv[2:]
missing = []
for module in modules:
    files = [os.path.join(graphs, f"{module}.symbols.json")] + sorted(glob.glob(os.path.join(graphs, f"{module}@*.symbols.json")))
    for path in files:
        for symbol in json.load(open(path))["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open") or symbol.get("docComment"):
                continue
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            location = symbol.get("location", {})
            where = location.get("uri", "").replace("file://", "")
            line = location.get("position", {}).get("line", -1) + 1
            missing.append(f"{os.path.relpath(where) if where else module}:{line}: {'.'.join(symbol['pathComponents'])}")
if missing:
    print(f"error: {len(missing)} public symbols have no doc comment:", file=sys.stderr)
    print("\n".join(sorted(missing)), file=sys.stderr)
    sys.exit(1)
print("every public symbol is documented")
PYTHON

# 3. One archive per module, from its catalog and its graphs; any warning fails.
failed=()
for module in "${modules[@]}"; do
  module_graphs="$scratch/module-graphs/$module"
  rm -rf "$module_graphs"
  mkdir -p "$module_graphs"
  cp "$graphs/$module.symbols.json" "$module_graphs/"
  for extension in "$graphs/$module@"*.symbols.json; do
    if [[ -f "$extension" ]]; then cp "$extension" "$module_graphs/"; fi
  done
  echo "==> docc convert $module"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$module_graphs" \
    --output-dir "$output/$module.doccarchive" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.argonaut.$module" \
    --warnings-as-errors >"$scratch/docc-$module.log" 2>&1 || true
  cat "$scratch/docc-$module.log"
  if grep -E "warning:|error:|Error:" "$scratch/docc-$module.log" >/dev/null; then
    failed+=("$module")
  fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "FAILED: docc reported problems in ${failed[*]}" >&2
  exit 1
fi

if [[ $coverage -ne 0 ]]; then
  echo "FAILED: document the public symbols listed above" >&2
  exit 1
fi
echo "documentation built in $((SECONDS - start)) s: $output"
