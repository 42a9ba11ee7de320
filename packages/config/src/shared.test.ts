import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SHARED, sharedRange } from './shared'

const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string }>
}

describe('shared singletons', () => {
  it('accept the major version the lockfile installs', () => {
    for (const pkg of ['react', 'react-dom', 'react-router', '@tanstack/react-query', 'sonner']) {
      const major = lock.packages[`node_modules/${pkg}`]?.version?.split('.')[0]
      expect(major, `${pkg} is installed`).toBeDefined()
      expect(sharedRange(pkg)).toBe(`^${major}.0.0`)
    }
  })

  it('share each library as a singleton with that range', () => {
    expect(SHARED.react).toEqual({ singleton: true, requiredVersion: sharedRange('react') })
    expect(SHARED['react-dom/client'].requiredVersion).toBe(sharedRange('react-dom'))
    expect(SHARED.sonner.singleton).toBe(true)
  })

  it('refuses a package that is not installed instead of guessing', () => {
    expect(() => sharedRange('no-such-package-lamplight')).toThrow()
  })
})
