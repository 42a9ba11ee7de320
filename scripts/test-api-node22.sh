#!/usr/bin/env bash
# `npm run test:api:node22 [-- <vitest arguments>]`: the API's vitest suite on Node 22 LTS
# (issue 39), the older line `engines` accepts. Not part of `npm test` or .ci/run (CI runs
# everything once, on Node 24: decision 054); run it by hand before a release and after a
# change of Node-facing code or of a dependency that names an engines range. It uses the
# installed node_modules as they are (no reinstall): the API's native packages (sharp) are
# Node-API modules, the same for every Node version. DATABASE_URL and REDIS_URL, when set,
# add the PostgreSQL driver and Redis as in `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=../.ci/use-node22
source .ci/use-node22
trap 'rm -rf "$node22_dir"' EXIT
echo "test:api:node22: node $(node -v)"
npm run test --workspace api -- "$@"
