#!/usr/bin/env bash
# `npm test`, for only what a change touches (issue 38): the workspaces changed since <base>
# (default main) and every workspace that depends on them, found by Turborepo (`--affected`,
# from the git history: a change to packages/config tests every app). Lint runs whole (it
# takes seconds and checks the import rules across workspaces). The browser tests run when
# an affected workspace is one the site serves (the shell, a remote, the API or a package
# they build from), against the whole site, as `npm test` runs them. main's run stays
# `npm test` (.ci/run); a branch's CI may run `.ci/affected`.
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-main}"
if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
  echo "test-affected: \"$base\" is not a commit here; run the whole suite with npm test" >&2
  exit 2
fi
export TURBO_SCM_BASE="$base"

affected=$(npx turbo ls --affected --output=json | node -e '
  let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const items = JSON.parse(s).packages?.items ?? []
    console.log(items.map((p) => p.name).join("\n"))
  })')
if [ -z "$affected" ]; then
  echo "test-affected: no workspace changed since $base (merge base $(git merge-base "$base" HEAD | cut -c1-10)): lint only"
  npm run lint
  exit 0
fi
echo "test-affected: since $base:"
echo "$affected" | sed 's/^/  /'

npm run lint
npx turbo run typecheck test --affected --concurrency=3
if echo "$affected" | grep -qvE '^@lamplight/(bench|testing)$'; then
  npm run test:e2e
else
  echo "test-affected: nothing the site serves changed: no browser tests"
fi
