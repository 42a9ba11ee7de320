import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { render } from '@testing-library/react'
// The one place lucide-react is imported (biome.json allows it here): the reference.
import * as lucide from 'lucide-react'
import { type ComponentType, createRef } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

import * as icons from './index'

const dir = import.meta.dirname
const ours = Object.entries(icons) as [string, ComponentType<Record<string, unknown>>][]
const theirs = lucide as unknown as Record<string, ComponentType<Record<string, unknown>> | undefined>

// What call sites pass (a class, `aria-hidden`), and what changes lucide's markup: a label,
// a role, children, an attribute that replaces a default, an attribute of the caller's own.
const PROPS: Record<string, unknown>[] = [
  {},
  { className: 'size-4 text-primary' },
  { className: '' },
  { 'aria-hidden': true, className: 'size-5' },
  { 'aria-hidden': 'true' },
  { 'aria-label': 'Close' },
  { 'aria-labelledby': 'heading' },
  { 'aria-label': undefined, className: 'size-4' },
  { role: 'img' },
  { title: 'Close' },
  { tabIndex: 0, 'aria-describedby': null },
  { children: <title>Download</title> },
  { strokeWidth: 1.5, width: 16, height: 16 },
  { stroke: 'red', fill: 'blue' },
  { id: 'icon', 'data-testid': 'icon', focusable: 'false' },
]

function lucideName(file: string): string {
  return `${file.replace(/(^|-)([a-z0-9])/g, (_, _dash, c: string) => c.toUpperCase())}Icon`
}

describe('icons', () => {
  it('has one module per icon, named after its lucide file, each exported from the index', () => {
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && file !== 'svg-icon.ts')
      .map((file) => file.slice(0, -3))
    expect(files.length).toBeGreaterThan(60)
    expect(ours.map(([name]) => name).sort()).toEqual(files.map(lucideName).sort())
    for (const file of files) {
      // A module holds its icon alone, so a chunk carries only the icons it uses.
      const source = readFileSync(path.join(dir, `${file}.ts`), 'utf8')
      expect(source.match(/^export /gm), file).toHaveLength(1)
      expect(source, file).toContain(`export const ${lucideName(file)} = (props: IconProps) =>`)
    }
  })

  it.each(ours)('%s renders what lucide-react renders, for every kind of prop', (name, Icon) => {
    const Lucide = theirs[name]
    expect(Lucide, `lucide-react exports no ${name}`).toBeDefined()
    for (const props of PROPS) {
      const expected = renderToStaticMarkup(Lucide ? <Lucide {...props} /> : null)
      expect(renderToStaticMarkup(<Icon {...props} />), `${name} ${JSON.stringify(props)}`).toBe(expected)
    }
  })

  it('is hidden from screen readers unless labelled, as lucide does', () => {
    const { getByTestId } = render(
      <>
        <icons.XIcon data-testid="plain" />
        <icons.XIcon data-testid="labelled" aria-label="Close" />
        <icons.XIcon data-testid="titled">
          <title>Close</title>
        </icons.XIcon>
      </>,
    )
    expect(getByTestId('plain')).toHaveAttribute('aria-hidden', 'true')
    expect(getByTestId('labelled')).not.toHaveAttribute('aria-hidden')
    expect(getByTestId('labelled')).toHaveAccessibleName('Close')
    expect(getByTestId('titled')).not.toHaveAttribute('aria-hidden')
  })

  it('passes its ref to the svg element (React 19: ref is a prop)', () => {
    const ref = createRef<SVGSVGElement>()
    render(<icons.MenuIcon ref={ref} className="size-6" />)
    expect(ref.current).toBeInstanceOf(SVGSVGElement)
    expect(ref.current).toHaveClass('lucide', 'lucide-menu', 'size-6')
  })
})
