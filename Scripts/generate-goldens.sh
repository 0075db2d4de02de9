#!/usr/bin/env bash
# Rewrites Tests/ArgonautGenerateTests/Goldens/*.swift from the *.json beside them with
# argonaut-generate. Run it after a deliberate change to the generator, and review the
# diff: the golden tests fail whenever the two drift apart.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
swift build --product argonaut-generate
generate="$(swift build --show-bin-path)/argonaut-generate"
cd Tests/ArgonautGenerateTests/Goldens
for input in *.json; do
  name="${input%.json}"
  options=()
  # Keep in step with GeneratorFixtures.goldenArguments.
  if [[ "$name" == codable-account ]]; then options=(--codable --access public); fi
  "$generate" "${options[@]}" "$input" >"$name.swift"
  echo "wrote Goldens/$name.swift"
done
# The README's example, compiled into the test target.
"$generate" ../ReadmeExample/readme-user.json >../ReadmeExample/ReadmeUser.swift
echo "wrote ReadmeExample/ReadmeUser.swift"
