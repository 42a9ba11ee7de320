import { render } from '@testing-library/react'
import { Slot as RadixSlot } from 'radix-ui'
import { type ComponentType, createElement, createRef, Fragment, type ReactNode, type Ref } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

import { Slot } from './slot'

type AnySlot = ComponentType<Record<string, unknown> & { children?: ReactNode; ref?: Ref<unknown> }>
const IMPLEMENTATIONS: [string, AnySlot][] = [
  ['ours', Slot as AnySlot],
  ['Radix', RadixSlot.Root as AnySlot],
]

// The props a slot and its child may both give: classes, styles, ARIA, data, an id, each
// side alone and both (the child's win where Radix lets them).
const CASES: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['nothing shared', { id: 'a', 'data-x': '1' }, { href: '/shop' }],
  ['classes', { className: 'inline-flex px-4' }, { className: 'px-2 text-sm' }],
  ['a class from the slot only', { className: 'inline-flex' }, {}],
  ['a class from the child only', {}, { className: 'underline' }],
  ['an empty class', { className: '' }, { className: 'underline' }],
  ['styles', { style: { color: 'red', margin: 1 } }, { style: { color: 'blue', padding: 2 } }],
  ['a style from the slot only', { style: { color: 'red' } }, {}],
  [
    'the child overriding',
    { id: 'slot', title: 'slot', 'data-slot': 'button' },
    { id: 'child', title: 'child' },
  ],
  ['a prop the child leaves undefined', { id: 'slot', title: 'slot' }, { id: undefined }],
  ['described by both', { 'aria-describedby': 'hint error' }, { 'aria-describedby': ' note  hint ' }],
  ['described by the slot only', { 'aria-describedby': 'hint' }, {}],
  ['described by an empty child', { 'aria-describedby': '' }, { 'aria-describedby': ' ' }],
  ['ARIA and state', { 'aria-current': 'page', 'data-active': '' }, { 'aria-label': 'Shop' }],
]

describe('Slot', () => {
  it.each(CASES)('merges %s as Radix does', (_, slotProps, childProps) => {
    const markup = IMPLEMENTATIONS.map(([, Impl]) =>
      renderToStaticMarkup(
        <Impl {...slotProps}>
          <a {...childProps}>Shop</a>
        </Impl>,
      ),
    )
    expect(markup[0]).toBe(markup[1])
  })

  it.each(IMPLEMENTATIONS)(
    '%s: runs the child’s handler, then the slot’s; either alone runs alone',
    (_, Impl) => {
      const calls: string[] = []
      const { getByRole } = render(
        <Impl
          onClick={(event: unknown, extra: unknown) => {
            calls.push(`slot ${typeof event} ${String(extra)}`)
            return 'slot'
          }}
          onFocus={() => calls.push('slot focus')}
        >
          <button
            type="button"
            onClick={(event) => {
              calls.push(`child ${typeof event}`)
              return 'child'
            }}
            onBlur={() => calls.push('child blur')}
          >
            Go
          </button>
        </Impl>,
      )
      const button = getByRole('button')
      button.click()
      button.focus()
      button.blur()
      expect(calls).toEqual(['child object', 'slot object undefined', 'slot focus', 'child blur'])
    },
  )

  it.each(IMPLEMENTATIONS)(
    '%s: the merged handler passes every argument and returns the child’s result',
    (_, Impl) => {
      const calls: unknown[][] = []
      const Probe = ({ onPick }: { onPick?: (...args: unknown[]) => unknown }) => {
        // A component child that calls its handler with two arguments and shows the result.
        return <output>{String(onPick?.('a', 2))}</output>
      }
      const { container } = render(
        <Impl onPick={(...args: unknown[]) => calls.push(['slot', ...args])}>
          <Probe
            onPick={(...args: unknown[]) => {
              calls.push(['child', ...args])
              return 'from child'
            }}
          />
        </Impl>,
      )
      expect(container).toHaveTextContent('from child')
      expect(calls).toEqual([
        ['child', 'a', 2],
        ['slot', 'a', 2],
      ])
    },
  )

  it.each(IMPLEMENTATIONS)('%s: gives the element to both refs, and clears them when it goes', (_, Impl) => {
    const slotRef = createRef<HTMLAnchorElement>()
    const childRef = createRef<HTMLAnchorElement>()
    const { unmount, getByRole } = render(
      <Impl ref={slotRef}>
        <a href="/shop" ref={childRef}>
          Shop
        </a>
      </Impl>,
    )
    expect(slotRef.current).toBe(getByRole('link'))
    expect(childRef.current).toBe(getByRole('link'))
    unmount()
    expect(slotRef.current).toBeNull()
    expect(childRef.current).toBeNull()
  })

  it.each(IMPLEMENTATIONS)(
    '%s: runs a callback ref’s cleanup (React 19) and keeps refs across renders',
    (_, Impl) => {
      const events: string[] = []
      const slotRef = createRef<HTMLAnchorElement>()
      const childRef = (node: HTMLAnchorElement | null) => {
        events.push(node ? 'attach' : 'null')
        return () => {
          events.push('cleanup')
        }
      }
      const view = (label: string) => (
        <Impl ref={slotRef}>
          <a href="/shop" ref={childRef}>
            {label}
          </a>
        </Impl>
      )
      const { rerender, unmount } = render(view('Shop'))
      rerender(view('Shop now'))
      expect(events).toEqual(['attach'])
      unmount()
      expect(events).toEqual(['attach', 'cleanup'])
      expect(slotRef.current).toBeNull()
    },
  )

  it.each(IMPLEMENTATIONS)('%s: renders nothing for no child and refuses several', (_, Impl) => {
    expect(renderToStaticMarkup(<Impl className="x">{null}</Impl>)).toBe('')
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() =>
      render(
        <Impl>
          <span>a</span>
          <span>b</span>
        </Impl>,
      ),
    ).toThrow()
    expect(() => render(<Impl>text</Impl>)).toThrow()
    error.mockRestore()
  })

  it.each(IMPLEMENTATIONS)('%s: passes props, not a ref, to a Fragment child', (_, Impl) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const ref = createRef<HTMLElement>()
    // A Fragment as the child is the case under test.
    const child = createElement(Fragment, null, <b>bold</b>)
    const { container } = render(<Impl ref={ref}>{child}</Impl>)
    expect(container.innerHTML).toBe('<b>bold</b>')
    expect(ref.current).toBeNull()
    error.mockRestore()
  })
})
