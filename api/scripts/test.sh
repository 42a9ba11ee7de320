#!/usr/bin/env bash
# `npm test` in the API: its vitest suite, on PGlite and, when DATABASE_URL is set, PostgreSQL.
# When API_TEST_NODE22_BIN names the bin folder of a Node 22 (CI sets it, decision 072), the
# suite runs in two halves: PGlite on Node 22, PostgreSQL on the Node in use (CI's 24). The
# files that test across drivers (they name DRIVERS, src/test/database.ts) run in both; the
# driver-free ones run once, in the second half, on the Node we ship (decision 074). Both
# Node lines and both drivers are covered for about the price of one run. A run narrowed by
# TEST_DRIVERS runs as asked; file arguments go to both halves as given.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${API_TEST_NODE22_BIN:-}" ] || [ -z "${DATABASE_URL:-}" ] || [ -n "${TEST_DRIVERS:-}" ]; then
  exec npx vitest run "$@"
fi
first=("$@")
if [ $# -eq 0 ]; then
  # Paths from the workspace root ("src/…", "seed/…"), so none is a substring of another's.
  mapfile -t first < <(grep -rlw --include='*.test.ts' --exclude='*.with-builds.test.ts' DRIVERS src seed | sort)
  echo "api test: ${#first[@]} files run on both drivers; the driver-free ones on PostgreSQL's half only"
fi
echo "api test: PGlite on Node $("$API_TEST_NODE22_BIN/node" -v), then PostgreSQL on Node $(node -v)"
PATH="$API_TEST_NODE22_BIN:$PATH" TEST_DRIVERS=pglite npx vitest run "${first[@]}"
TEST_DRIVERS=postgres npx vitest run "$@"
