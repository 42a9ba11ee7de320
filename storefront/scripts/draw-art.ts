/**
 * Writes each drawing of src/art/drawings.tsx to its SVG file (src/art/<name>.svg) and the
 * stylesheet that shows them (src/art/art.css): `npm run art -w @lamplight/storefront` after
 * changing a drawing (src/art/art.test.ts fails while a file differs from its drawing).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { ART_NAMES, artFile, cssOf, svgOf } from '../src/art/files'

const outputs: [string, string][] = [
  ...ART_NAMES.map((name): [string, string] => [artFile(name), svgOf(name)]),
  [artFile('art.css'), cssOf()],
]
for (const [file, text] of outputs) {
  let before = ''
  try {
    before = readFileSync(file, 'utf8')
  } catch {
    // not written yet
  }
  if (before === text) continue
  writeFileSync(file, text)
  console.log(`wrote ${file} (${text.length} bytes)`)
}
