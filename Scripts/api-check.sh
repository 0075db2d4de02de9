#!/usr/bin/env bash
# Checks the public API of every library module against the baseline in API/, with the
# toolchain's swift-api-digester, and fails on any source-breaking change that the
# baseline does not announce: a removed or renamed declaration, a changed type or
# signature, a removed conformance, and the like. Additions are never breaks.
#
# Usage:
#   Scripts/api-check.sh            compare the current API with API/<Module>.json
#   Scripts/api-check.sh --update   rewrite API/<Module>.json from the current API
#
# To break the API deliberately: make the change, add a line to CHANGELOG.md saying
# what broke and what to write instead, run `Scripts/api-check.sh --update`, and commit
# the new baseline with the change, so the review shows the API diff. A break that must
# land before the baseline moves can be listed in API/allowed-breakages.txt, one line
# per diagnostic as the check prints it.
#
# The baseline is dumped on Linux (it lists the platform's imports); run the check there.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
modules=(Argonaut ArgonautCompatibility ArgonautFoundation ArgonautServices ArgonautYAML)
baseline=API
update=false
if [[ "${1:-}" == "--update" ]]; then update=true; fi
start=$SECONDS

digester="$(command -v swift-api-digester || true)"
if [[ -z "$digester" ]]; then
  digester="$(dirname "$(readlink -f "$(command -v swift)")")/swift-api-digester"
  if [[ ! -x "$digester" ]] && command -v xcrun >/dev/null 2>&1; then digester="$(xcrun --find swift-api-digester)"; fi
fi
if [[ ! -x "$digester" ]]; then
  echo "error: swift-api-digester not found beside swift ($(command -v swift))" >&2
  exit 1
fi

if ! $update && [[ ! -f "$baseline/Argonaut.json" ]]; then
  echo "error: no API baseline in $baseline/; run Scripts/api-check.sh --update to create it" >&2
  exit 1
fi

for module in "${modules[@]}"; do swift build --target "$module" >/dev/null; done
modules_dir="$(swift build --show-bin-path)/Modules"

mkdir -p "$baseline"
status=0
for module in "${modules[@]}"; do
  if $update; then
    "$digester" -dump-sdk -module "$module" -I "$modules_dir" -o "$baseline/$module.json" \
      -avoid-location -avoid-tool-args -swift-only
    # Keep the public API only: @usableFromInline and @inlinable internals (marked
    # isInternal) and the module's imports may change in any release.
    python3 - "$baseline/$module.json" <<'PYTHON'
import json, sys
path = sys.argv[1]
def keep(node):
    return not node.get("isInternal") and node.get("kind") != "Import"
def prune(node):
    if "children" in node:
        node["children"] = [prune(child) for child in node["children"] if keep(child)]
    return node
root = json.load(open(path))
json.dump(prune(root), open(path, "w"), indent=1, sort_keys=True)
open(path, "a").write("\n")
PYTHON
    echo "wrote $baseline/$module.json"
    continue
  fi
  allow=()
  if [[ -f "$baseline/allowed-breakages.txt" ]]; then allow=(-breakage-allowlist-path "$baseline/allowed-breakages.txt"); fi
  echo "==> $module"
  if ! "$digester" -diagnose-sdk -module "$module" -I "$modules_dir" -baseline-path "$baseline/$module.json" \
    -compiler-style-diags "${allow[@]}"; then
    status=1
  fi
done

if [[ $status -ne 0 ]]; then
  echo "FAILED: the API breaks the baseline in $baseline/. If the break is deliberate, announce it in" >&2
  echo "CHANGELOG.md and run Scripts/api-check.sh --update (see the script's header)." >&2
  exit 1
fi
$update || echo "the API keeps every declaration of the baseline ($((SECONDS - start)) s)"
