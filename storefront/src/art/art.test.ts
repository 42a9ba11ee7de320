// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ART_NAMES, artFile, cssOf, svgOf } from './files'

const SRC = path.join(import.meta.dirname, '..')

describe('the drawings as files (decision 021)', () => {
  it.each(ART_NAMES)(
    '%s.svg is what its drawing draws (run `npm run art -w @lamplight/storefront`)',
    (name) => {
      const svg = svgOf(name)
      expect(svg).toMatch(/^<svg viewBox="0 0 \d+ \d+" width="\d+" height="\d+" aria-hidden="true"/)
      expect(readFileSync(artFile(name), 'utf8')).toBe(svg)
    },
  )

  it('art.css shows every drawing as written now (run `npm run art -w @lamplight/storefront`)', () => {
    const css = readFileSync(artFile('art.css'), 'utf8')
    expect(css).toBe(cssOf())
    for (const name of ART_NAMES) expect(css).toContain(`.lamplight-art-${name} {`)
  })

  it('no module a page loads imports the drawings themselves (only their type)', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== path.join('art', 'files.ts'),
    )
    const importers = files.filter((file) => {
      const source = readFileSync(path.join(SRC, file), 'utf8')
      return [...source.matchAll(/^import (type )?[\s\S]*?from '([^']+)'/gm)].some(
        ([, typeOnly, from]) => !typeOnly && /(?:^|\/)(?:drawings|files)$/.test(from ?? ''),
      )
    })
    expect(files.length).toBeGreaterThan(20)
    expect(importers).toEqual([])
  })
})
