#!/usr/bin/env bash
# Runs yaml-test-suite (github.com/yaml/yaml-test-suite) through ArgonautYAML and
# prints the totals: single-document JSON cases passed, multi-document cases passed,
# error cases rejected, and every failure. Not run by CI.
#
#   Scripts/yaml-test-suite.sh PATH-TO-YAML-TEST-SUITE
#
# PATH is a checkout of the suite's main branch: each src/<ID>.yaml holds one or more
# cases (`yaml`, `json`, `fail: true`), written with visible markers (␣ space, » tab,
# ← CR, ⇔ BOM, ↵ nothing, ∎ no final newline). A Python 3 script (standard library
# only) turns them into one directory per case under $YAML_TEST_SUITE_WORK (default
# ${TMPDIR:-/tmp}/argonaut-yaml-test-suite): in.yaml, in.json when there is one, and
# error when the case must be rejected, as the suite's own bin/suite-to-data.pl
# does. Then the test YAMLTestSuiteTests (skipped unless YAML_TEST_SUITE_DATA names
# that directory) reads every case in process, under a time limit.
#
# Exit status: 0 when every case passes.
set -euo pipefail

if [[ $# -lt 1 || ! -d "$1/src" ]]; then
  echo "usage: $0 PATH-TO-YAML-TEST-SUITE  (a checkout of github.com/yaml/yaml-test-suite)" >&2
  exit 2
fi
suite=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."
work=${YAML_TEST_SUITE_WORK:-${TMPDIR:-/tmp}/argonaut-yaml-test-suite}
rm -rf "$work/data"
mkdir -p "$work/data"

python3 - "$suite/src" "$work/data" <<'PYTHON'
import glob, os, re, sys

source, target = sys.argv[1], sys.argv[2]

def unescape(text):
    text = text.replace("␣", " ")
    text = re.sub("—*»", "\t", text)
    text = text.replace("←", "\r").replace("⇔", "\ufeff").replace("↵", "")
    if text.endswith("∎\n"):
        text = text[:-2]
    return text

def cases(path):
    """The list of mappings of a src file: `- key: value` items whose values are
    plain or quoted one-liners, or literal blocks indented by four spaces."""
    lines = open(path, encoding="utf-8").read().split("\n")
    items, item, i = [], None, 0
    while i < len(lines):
        line = lines[i]
        match = re.match(r"^(- |  )([a-z]+):(.*)$", line)
        i += 1
        if not match:
            continue
        if match.group(1) == "- ":
            item = {}
            items.append(item)
        key, value = match.group(2), match.group(3).strip()
        if value.startswith("|"):
            block = []
            while i < len(lines) and (lines[i].startswith("    ") or lines[i].strip() == ""):
                block.append(lines[i][4:])
                i += 1
            while block and block[-1] == "":
                block.pop()
            item[key] = "\n".join(block) + "\n"
        elif value in ("null", "~"):
            item[key] = None
        elif value in ("''", '""'):
            item[key] = ""
        else:
            item[key] = value
    return items

count = 0
for path in sorted(glob.glob(os.path.join(source, "*.yaml"))):
    ident = os.path.basename(path)[:-5]
    items = cases(path)
    if items and items[0].get("skip"):
        continue
    cache = {}
    width = len(str(len(items) - 1)) + 1 if len(items) > 1 else 2
    for number, case in enumerate(items):
        for key in ("yaml", "json"):
            if key not in case and key in cache:
                case[key] = cache[key]
        cache = dict(case)
        name = ident if len(items) == 1 else f"{ident}-{number:0{width}d}"
        directory = os.path.join(target, name)
        os.makedirs(directory)
        with open(os.path.join(directory, "in.yaml"), "w", encoding="utf-8", newline="") as f:
            f.write(unescape(case["yaml"]))
        if case.get("json") is not None:
            with open(os.path.join(directory, "in.json"), "w", encoding="utf-8", newline="") as f:
                f.write(unescape(case["json"]))
        if "fail" in case:
            open(os.path.join(directory, "error"), "w").close()
        count += 1
print(f"{count} cases from {source}")
PYTHON

swift build --build-tests 2>&1 | grep -E "error|warning:" || true
report="$work/report.txt"
rm -f "$report"
YAML_TEST_SUITE_DATA="$work/data" YAML_TEST_SUITE_REPORT="$report" timeout 900 \
  swift test --skip-build --filter YAMLTestSuiteTests >"$work/test.log" 2>&1 || true
if [[ ! -f "$report" ]]; then
  echo "error: no report; the run crashed or hung (see $work/test.log)" >&2
  tail -20 "$work/test.log" >&2
  exit 1
fi
cat "$report"
grep -q "^all cases pass" "$report"
