#!/usr/bin/env bash
# Type-checks every Swift code block of README.md and of the DocC articles
# (Sources/*/*.docc/**/*.md) against the modules of the debug build, and fails on any error
# or warning, naming the Markdown file and line of the failing block.
#
# The rules (CONTRIBUTING.md, "Code blocks in the documentation"):
# - A ```swift block is compiled: in Swift 6 mode, as the main file of a module of its own
#   (top-level code allowed), after the file's current preamble.
# - A preamble is a hidden HTML comment that starts with `<!-- preamble` on a line of its
#   own and ends with `-->`: the imports and declarations the following blocks use. It
#   applies to every later block of the file, until the next preamble replaces it.
# - A block preceded by `<!-- fragment -->` (on the line before its fence, blank lines
#   allowed) is not compiled: part of a declaration, a call with elided context, or code
#   whose subject is compiled elsewhere. The check counts the fragments.
#
# Usage: Scripts/snippets-check.sh [FILE.md...]   (default: README.md and every article)
# Diagnostics point at the Markdown lines (#sourceLocation), so an editor can jump there.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
start=$SECONDS

# NewsFeedExample brings Argonaut, ArgonautFoundation and ArgonautServices; after CI's
# `swift build --build-tests`, both are up to date and take a second each.
for target in NewsFeedExample ArgonautCompatibility; do
  swift build --target "$target" >/dev/null
done
modules="$(swift build --show-bin-path)/Modules"

files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
  files=(README.md)
  while IFS= read -r article; do files+=("$article"); done < <(find Sources -path '*.docc/*' -name '*.md' | sort)
fi

python3 - "$modules" "${files[@]}" <<'PYTHON'
import concurrent.futures, os, re, subprocess, sys, tempfile

modules, paths = sys.argv[1], sys.argv[2:]
fence = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`\s]*)")

def blocks(path):
    """Yields (kind, start_line, lines, preamble) for each code block of a Markdown file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    preamble, i = None, 0
    while i < len(lines):
        line = lines[i]
        if line.strip() == "<!-- preamble":
            end = i + 1
            while end < len(lines) and lines[end].strip() != "-->":
                end += 1
            if end == len(lines):
                sys.exit(f"{path}:{i + 1}: error: a preamble comment that never ends (`-->` on a line of its own)")
            preamble = (i + 2, lines[i + 1:end])
            i = end + 1
            continue
        match = fence.match(line)
        if not match:
            i += 1
            continue
        indent, marker, language = match.group(1), match.group(2), match.group(3)
        body, end = [], i + 1
        while end < len(lines) and not lines[end].strip().startswith(marker):
            text = lines[end]
            body.append(text[len(indent):] if text.startswith(indent) else text.lstrip())
            end += 1
        previous = i - 1
        while previous >= 0 and not lines[previous].strip():
            previous -= 1
        fragment = previous >= 0 and lines[previous].strip() == "<!-- fragment -->"
        if language == "swift":
            yield ("fragment" if fragment else "compiled", i + 2, body, preamble)
        i = end + 1

work = tempfile.mkdtemp(prefix="snippets-")
jobs, fragments = [], 0
for path in paths:
    for kind, line, body, preamble in blocks(path):
        if kind == "fragment":
            fragments += 1
            continue
        source = os.path.join(work, f"snippet{len(jobs)}.swift")
        with open(source, "w", encoding="utf-8") as out:
            if preamble:
                out.write(f'#sourceLocation(file: "{path}", line: {preamble[0]})\n')
                out.write("\n".join(preamble[1]) + "\n")
            out.write(f'#sourceLocation(file: "{path}", line: {line})\n')
            out.write("\n".join(body) + "\n")
            out.write("#sourceLocation()\n")
        jobs.append((path, line, source))

def check(job):
    path, line, source = job
    result = subprocess.run(
        ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Snippet", "-I", modules, source],
        capture_output=True, text=True)
    output = result.stdout + result.stderr
    diagnostics = [l for l in output.split("\n") if re.match(r"^\S.*:\d+:\d+: (error|warning):", l)]
    ok = result.returncode == 0 and not any(": warning:" in l for l in diagnostics)
    return path, line, ok, diagnostics or output.strip().split("\n")[-5:]

with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    results = list(pool.map(check, jobs))

failed = [r for r in results if not r[2]]
for path, line, _, diagnostics in failed:
    print(f"{path}:{line}: error: this Swift block does not compile cleanly")
    for diagnostic in sorted(set(diagnostics)):
        print(f"    {diagnostic}")
print(f"{len(results) - len(failed)} of {len(results)} Swift blocks compile; "
      f"{fragments} fragments are not compiled ({len(paths)} files)")
if failed:
    sys.exit(1)
PYTHON
echo "snippets checked in $((SECONDS - start)) s"
