import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const read = (file: string) => readFileSync(fileURLToPath(new URL(file, import.meta.url).href), 'utf8')
const theme = read('./theme.css')
const base = read('./base.css')

const tokens = new Map(
  [...theme.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map(([, name, value]) => [
    name as string,
    value as string,
  ]),
)

function luminance(hex: string) {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string) {
  const token = (name: string) => {
    const value = tokens.get(name)
    if (!value) throw new Error(`theme.css has no hex --color-${name}`)
    return value
  }
  const [hi, lo] = [luminance(token(a)), luminance(token(b))].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('theme.css', () => {
  it('defines every shadcn colour token', () => {
    const required = [
      'background',
      'foreground',
      'card',
      'card-foreground',
      'popover',
      'popover-foreground',
      'primary',
      'primary-foreground',
      'secondary',
      'secondary-foreground',
      'muted',
      'muted-foreground',
      'accent',
      'accent-foreground',
      'destructive',
      'destructive-foreground',
      'border',
      'input',
      'ring',
      'gold',
      'parchment',
      'ink',
    ]
    expect([...tokens.keys()]).toEqual(expect.arrayContaining(required))
    expect(theme).toMatch(/--font-sans:/)
    expect(theme).toMatch(/--font-serif:\s*["']Iowan Old Style["']/)
    expect(theme).toMatch(/--radius-lg:/)
  })

  it.each([
    ['foreground', 'background'],
    ['card-foreground', 'card'],
    ['popover-foreground', 'popover'],
    ['primary-foreground', 'primary'],
    ['primary', 'background'],
    ['secondary-foreground', 'secondary'],
    ['muted-foreground', 'muted'],
    ['muted-foreground', 'background'],
    ['muted-foreground', 'card'],
    ['muted-foreground', 'secondary'],
    ['muted-foreground', 'accent'],
    ['foreground', 'muted'],
    ['accent-foreground', 'accent'],
    ['destructive-foreground', 'destructive'],
    ['destructive', 'background'],
    ['gold-deep', 'background'],
    ['ink', 'parchment'],
  ])('%s on %s meets WCAG AA for text (4.5:1)', (fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5)
  })

  it.each([
    ['input', 'background'],
    ['input', 'card'],
    ['ring', 'background'],
    ['ring', 'card'],
  ])('%s on %s meets the 3:1 non-text contrast minimum', (fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(3)
  })

  it('keeps the stylesheets self-contained: no imports, web fonts or remote URLs', () => {
    for (const css of [theme, base]) {
      expect(css).not.toMatch(/@import/)
      expect(css).not.toMatch(/@font-face/)
      expect(css).not.toMatch(/url\(/)
    }
    expect(base).toMatch(/@layer base/)
    expect(base).toMatch(/\[data-print-hidden\]/)
    expect(base).toMatch(/prefers-reduced-motion/)
  })
})
