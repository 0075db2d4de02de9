#!/usr/bin/env bash
# Measures the memory that requests hold after they finish: rounds of in-memory
# requests, each with a 300 s timeout, and the resident set size after each round.
# A flat line means that nothing is held until the deadline.
#
#   Scripts/deadline-memory.sh            # 40 rounds of 5,000 requests
#   Scripts/deadline-memory.sh 10x1000
#
# Measured on Linux, 2 cores, debug build (2026-11): before the fix (a task group
# with a cancelled Task.sleep per request) RSS grew 45 → 200 MB over 40 rounds,
# about 800 bytes per request; with the DispatchSourceTimer deadline it stays at
# 44 MB from round 10 on, 1 byte per request.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ARGONAUT_MEMORY_PROBE="${1:-40x5000}" swift test --filter DeadlineMemoryProbe 2>&1 | grep memory-probe
