import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportFiles, packageRoot } from './package-root'

describe('packageRoot', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lamplight-package-root-'))
  const pkg = path.join(root, 'node_modules', 'lamp')
  mkdirSync(path.join(pkg, 'dist', 'esm'), { recursive: true })
  writeFileSync(
    path.join(pkg, 'package.json'),
    JSON.stringify({
      name: 'lamp',
      version: '1.2.3',
      exports: {
        '.': { import: './dist/esm/index.js', require: { default: './dist/index.cjs' } },
        './plain': './dist/plain.js',
      },
    }),
  )
  // A build folder's own package.json, which is not the package's.
  writeFileSync(path.join(pkg, 'dist', 'esm', 'package.json'), JSON.stringify({ type: 'module' }))
  const file = path.join(pkg, 'dist', 'esm', 'index.js')

  it("finds the package's own package.json above a file, past a nested one", () => {
    const { dir, json } = packageRoot('lamp', file)
    expect(dir).toBe(pkg)
    expect(json.version).toBe('1.2.3')
  })

  it('throws, naming the package, when no package.json above the file is its own', () => {
    expect(() => packageRoot('other', file)).toThrow(/other: no package.json of its own/)
  })

  it("reads an export's import and require files, whichever form they take", () => {
    const { json } = packageRoot('lamp', file)
    expect(exportFiles(json, '.')).toEqual({ import: './dist/esm/index.js', require: './dist/index.cjs' })
    expect(exportFiles(json, './plain')).toEqual({})
    expect(exportFiles(json, './missing')).toEqual({})
  })
})
