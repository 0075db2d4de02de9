#!/usr/bin/env bash
# Rewrites Tests/ArgonautGenerateTests/OpenAPI/NAME/*.swift from the NAME.json beside them
# with `argonaut-generate openapi` (--access internal for names starting with internal).
# Run it after a deliberate change to the generator and review the diff: the golden
# tests fail whenever the two drift apart.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
swift build --product argonaut-generate
generate="$(swift build --show-bin-path)/argonaut-generate"
cd Tests/ArgonautGenerateTests/OpenAPI
for input in *.json; do
  name="${input%.json}"
  access=public
  # Keep in step with OpenAPIFixtures.access.
  if [[ "$name" == internal* ]]; then access=internal; fi
  rm -rf "$name"
  "$generate" openapi "$input" --output "$name" --access "$access" 2>/dev/null
  echo "wrote OpenAPI/$name/"
done
