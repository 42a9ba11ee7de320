import { describe, expect, it } from 'vitest'
import { COVER, coverTitle, frameTitle, inkBoxesOf, PAGE, TITLE_BOX } from './art'
import { GALLERY_PAGES, RESOURCES } from './content/library'

/**
 * Where the ink of each SVG fragment lands on a page of the given size: its edges. The pages
 * are drawn in one tall picture, a nested (clipping) page each (`inkBoxesOf`).
 */
function inkBoxes(fragments: string[], width: number, height: number) {
  const pages = fragments.map(
    (f, i) => `<svg y="${i * height}" width="${width}" height="${height}">${f}</svg>`,
  )
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height * fragments.length}"><rect width="100%" height="100%" fill="white"/>${pages.join('')}</svg>`
  return inkBoxesOf(svg, height, fragments.length)
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
      for (let i = 0; i < TITLES.length; i += 10) {
        const titles = TITLES.slice(i, i + 10)
        const boxes = await inkBoxes(await Promise.all(titles.map(draw)), size.width, size.height)
        boxes.forEach((box, j) => {
          const title = titles[j]
          expect({ title, ok: box.left >= left - 4 && box.right <= right + 4 }).toEqual({ title, ok: true })
          expect({ title, top: box.top > top, bottom: box.bottom < bottom }).toEqual({
            title,
            top: true,
            bottom: true,
          })
        })
      }
    },
    120_000,
  )

  it('stay large for a short title and shrink or wrap for a long one', async () => {
    const [short, long] = await inkBoxes(
      [await coverTitle('Go', '#000000'), await coverTitle('Ten Commandments Teaching Cards', '#000000')],
      COVER.width,
      COVER.height,
    )
    expect(long!.bottom - long!.top).toBeGreaterThan(short!.bottom - short!.top)
  }, 60_000)
})
