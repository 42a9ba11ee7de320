import { existsSync } from 'node:fs'
import path from 'node:path'
import { exportFiles, packageRoot } from './package-root'

/** The file `pkg` gives to `import`, after checking that `commonjs` is the one it gives to `require`. */
export function esModuleEntry(pkg: string, commonjs: string): string {
  const { dir, json } = packageRoot(pkg, commonjs)
  const { import: esm, require: cjs } = exportFiles(json, '.')
  if (!esm || !cjs || path.join(dir, cjs) !== commonjs) {
    throw new Error(
      `${pkg}: expected ${commonjs} to be the package's "require" entry beside an "import" one; ` +
        'its layout changed: update the alias that relies on it (federation-runtime-esm.ts, shared.ts)',
    )
  }
  const file = path.join(dir, esm)
  if (!existsSync(file)) throw new Error(`${pkg}: its "import" entry ${file} does not exist`)
  return file
}
