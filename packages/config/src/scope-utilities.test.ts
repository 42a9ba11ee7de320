import postcss from 'postcss'
import { describe, expect, it } from 'vitest'
import { scopeUtilities } from './scope-utilities'

const run = async (css: string) =>
  (await postcss([scopeUtilities({ remote: 'storefront' })]).process(css, { from: undefined })).css

describe('scopeUtilities', () => {
  it('prefixes utilities, including those inside media queries, and leaves other layers alone', async () => {
    const out = await run(`
@layer theme { :root { --color-primary: red; } }
@layer utilities {
  .hidden { display: none; }
  .a, .b:hover { color: red; }
  @media (width >= 64rem) { .lg\\:flex { display: flex; } }
  @keyframes spin { from { rotate: 0deg; } to { rotate: 360deg; } }
}`)
    expect(out).toContain(':root { --color-primary: red; }')
    expect(out).toContain('[data-remote="storefront"] .hidden')
    expect(out).toMatch(/\[data-remote="storefront"\] \.a,\s*\[data-remote="storefront"\] \.b:hover/)
    expect(out).toContain('[data-remote="storefront"] .lg\\:flex')
    expect(out).toContain('from { rotate: 0deg; }')
    expect(out).not.toContain('[data-remote="storefront"] from')
  })

  it('leaves files outside `only` alone', async () => {
    const css = '@layer utilities { .hidden { display: none; } }'
    const plugin = scopeUtilities({ remote: 'storefront', only: '/repo/storefront/' })
    const inside = await postcss([plugin]).process(css, { from: '/repo/storefront/src/styles.css' })
    const outside = await postcss([plugin]).process(css, { from: '/repo/packages/config/src/harness.css' })
    expect(inside.css).toContain('[data-remote="storefront"] .hidden')
    expect(outside.css).toBe(css)
  })

  it('refuses a missing or unsafe remote name', () => {
    expect(() => scopeUtilities({ remote: '"]*{' })).toThrow()
  })
})
