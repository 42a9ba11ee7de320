import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { COVER, coverTitle, frameTitle, PAGE, TITLE_BOX } from './art'
import { GALLERY_PAGES, RESOURCES } from './content/library'

/** Where the ink of an SVG fragment lands on a page of the given size: its left and right edges. */
async function inkBox(fragment: string, width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>${fragment}</svg>`
  const { info } = await sharp(Buffer.from(svg))
    .trim({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const left = -(info.trimOffsetLeft ?? 0)
  const top = -(info.trimOffsetTop ?? 0)
  return { left, right: left + info.width, top, bottom: top + info.height }
}

const TITLES = [
  ...RESOURCES.map((r) => r.title),
  ...GALLERY_PAGES.map((g) => g.title),
  'Ten Commandment Teaching Cards',
  'Go',
  'Supercalifragilisticexpialidocious Bible Adventure Mega Activity Collection for Families',
  'Incomprehensibilities',
]

describe('titles on generated artwork', () => {
  it.each([
    {
      frame: 'the colouring page frame, above the footer line',
      draw: (title: string) => frameTitle(title),
      size: PAGE,
      left: TITLE_BOX.left,
      right: TITLE_BOX.right,
      // Below the picture area, above the "free to print" line at 1530.
      top: 1300,
      bottom: 1500,
    },
    {
      frame: 'the cover card frame',
      draw: (title: string) => coverTitle(title, '#000000'),
      size: COVER,
      left: COVER.textLeft,
      right: COVER.textRight,
      // Between the star (ends at y 390) and the kind label (y 910).
      top: 390,
      bottom: 910,
    },
  ])(
    'fit inside $frame at every length',
    async ({ draw, size, left, right, top, bottom }) => {
      for (const title of TITLES) {
        const box = await inkBox(await draw(title), size.width, size.height)
        expect({ title, ok: box.left >= left - 4 && box.right <= right + 4 }).toEqual({ title, ok: true })
        expect(box.top).toBeGreaterThan(top)
        expect(box.bottom).toBeLessThan(bottom)
      }
    },
    120_000,
  )

  it('stay large for a short title and shrink or wrap for a long one', async () => {
    const short = await inkBox(await coverTitle('Go', '#000000'), COVER.width, COVER.height)
    const long = await inkBox(
      await coverTitle('Ten Commandments Teaching Cards', '#000000'),
      COVER.width,
      COVER.height,
    )
    expect(long.bottom - long.top).toBeGreaterThan(short.bottom - short.top)
  }, 60_000)
})
