import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

type Exports = { '.'?: { import?: string | { default?: string }; require?: string | { default?: string } } }

/** The file `pkg` gives to `import`, after checking that `commonjs` is the one it gives to `require`. */
export function esModuleEntry(pkg: string, commonjs: string): string {
  // The package's own package.json (not a nested `{"type": "module"}` one).
  let dir = path.dirname(commonjs)
  let json: { name?: string; exports?: Exports } = {}
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json')
    if (!existsSync(file)) continue
    json = JSON.parse(readFileSync(file, 'utf8')) as typeof json
    if (json.name === pkg) break
  }
  const entry = (condition?: string | { default?: string }) =>
    typeof condition === 'string' ? condition : condition?.default
  const esm = entry(json.exports?.['.']?.import)
  const cjs = entry(json.exports?.['.']?.require)
  if (json.name !== pkg || !esm || !cjs || path.join(dir, cjs) !== commonjs) {
    throw new Error(
      `${pkg}: expected ${commonjs} to be the package's "require" entry beside an "import" one; ` +
        'its layout changed: update the alias that relies on it (federation-runtime-esm.ts, shared.ts)',
    )
  }
  const file = path.join(dir, esm)
  if (!existsSync(file)) throw new Error(`${pkg}: its "import" entry ${file} does not exist`)
  return file
}
