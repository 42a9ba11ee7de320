#!/usr/bin/env bash
# Runs its arguments on a Node that `engines` accepts (decision 072). On Node 22 or newer it is
# a plain run; on an older `node` (this development machine's is 20, past its end of life) it
# first puts Node 24, the runtime we ship, on PATH from the npm registry (.ci/use-node24), so
# `npm test` on a fresh clone runs what CI runs: vitest 5 and jsdom 31 do not start on Node 20.
set -euo pipefail
cd "$(dirname "$0")/.."
major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -ge 22 ]; then exec "$@"; fi
echo "with-node24: node $(node -v) is older than engines accepts; running on Node 24 from the npm registry"
# shellcheck source=../.ci/use-node24
source .ci/use-node24
trap 'rm -rf "$node24_dir"' EXIT
"$@"
