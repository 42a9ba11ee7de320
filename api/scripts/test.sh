#!/usr/bin/env bash
# `npm test` in the API: its vitest suite, on PGlite and, when DATABASE_URL is set, PostgreSQL.
# When API_TEST_NODE22_BIN names the bin folder of a Node 22 (CI sets it, decision 072), the
# PGlite half runs on Node 22 and the PostgreSQL half on the Node in use (CI's 24): both
# supported Node lines and both drivers are covered for the price of one run, instead of a
# second pass of the whole suite. A run narrowed by TEST_DRIVERS runs as asked; file arguments
# go to both halves.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${API_TEST_NODE22_BIN:-}" ] || [ -z "${DATABASE_URL:-}" ] || [ -n "${TEST_DRIVERS:-}" ]; then
  exec npx vitest run "$@"
fi
echo "api test: PGlite on Node $("$API_TEST_NODE22_BIN/node" -v), then PostgreSQL on Node $(node -v)"
PATH="$API_TEST_NODE22_BIN:$PATH" TEST_DRIVERS=pglite npx vitest run "$@"
TEST_DRIVERS=postgres npx vitest run "$@"
