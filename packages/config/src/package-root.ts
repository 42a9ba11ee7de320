import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

type Condition = string | { default?: string }

/** What the build configuration reads of a package's package.json. */
export type PackageJson = {
  name?: string
  version?: string
  exports?: Record<string, Condition | { import?: Condition; require?: Condition }>
}

/**
 * The folder of `pkg`'s own package.json above one of its files, and that package.json.
 * Walking up, not `require.resolve(`${pkg}/package.json`)`: not every package exports its
 * package.json (sonner, the federation runtime's), and a build folder may hold a nested
 * one (`{"type": "module"}`) that is not the package's.
 */
export function packageRoot(pkg: string, file: string): { dir: string; json: PackageJson } {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json')
    if (!existsSync(candidate)) continue
    const json = JSON.parse(readFileSync(candidate, 'utf8')) as PackageJson
    if (json.name === pkg) return { dir, json }
  }
  throw new Error(`${pkg}: no package.json of its own above ${file}`)
}

const fileOf = (condition?: Condition) => (typeof condition === 'string' ? condition : condition?.default)

/** The files an export of a package gives to `import` and to `require` (relative to its folder). */
export function exportFiles(json: PackageJson, subpath: string): { import?: string; require?: string } {
  const conditions = json.exports?.[subpath]
  if (!conditions || typeof conditions !== 'object' || !('require' in conditions || 'import' in conditions))
    return {}
  const { import: esm, require: cjs } = conditions as { import?: Condition; require?: Condition }
  return { import: fileOf(esm), require: fileOf(cjs) }
}
