#!/usr/bin/env bash
# ThreadSanitizer over the services layer's concurrency tests: deadlines racing
# transports, cancellation, completion handlers, the in-memory transport's lock,
# concurrent requests against the example server, and the fault server.
#
#   Scripts/tsan.sh                 # the default filter below
#   Scripts/tsan.sh 'DeadlineTests'  # any swift test --filter expression
#
# It builds into its own scratch directory (.build-tsan), so it never disturbs the
# ordinary debug build. Any data race makes `swift test` fail (TSan reports it and
# exits non-zero; halt_on_error stops at the first report).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

filter="${1:-DeadlineTests|ServiceTaskTests|InMemoryTransportTests|ServicesInMemoryTests|ServicesOverHTTPTests|FaultServerTests|RedirectTests|URLSessionTransportTests}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 second_deadlock_stack=1}"
start=$(date +%s)
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "$filter"
echo "tsan.sh: no data race in '$filter' ($(($(date +%s) - start)) s)"
