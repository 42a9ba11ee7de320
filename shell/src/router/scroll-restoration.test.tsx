import { act, render } from '@testing-library/react'
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  MAX_SCROLL_POSITIONS,
  recordPosition,
  ScrollRestoration,
  scrollKey,
  scrollMove,
} from './scroll-restoration'

const at = (url: string, key = 'k1') => {
  const { pathname, search, hash } = new URL(url, 'http://site.invalid')
  return { pathname, search, hash, key }
}
const category = at('/resources/teaching-resources')
const saved = (positions: Record<string, number>) => new Map(Object.entries(positions))
const none = new Map<string, number>()

describe('scrollMove', () => {
  it('keeps your place when only the query string changes (a search, a filter, Clear Filters)', () => {
    expect(scrollMove(category, at('/resources/teaching-resources?q=noah', 'k2'), 'PUSH', none)).toEqual({
      to: 'nowhere',
    })
    expect(scrollMove(category, at('/resources/teaching-resources', 'k3'), 'REPLACE', none)).toEqual({
      to: 'nowhere',
    })
  })

  it('starts another page at the top', () => {
    expect(scrollMove(category, at('/resources/games-puzzles', 'k2'), 'PUSH', none)).toEqual({ to: 'top' })
  })

  it('returns to where a page seen before was left (Back, Forward, a reload)', () => {
    expect(scrollMove(category, at('/resources', 'k0'), 'POP', saved({ k0: 840 }))).toEqual({
      to: 'saved',
      y: 840,
    })
    expect(scrollMove(null, at('/faq', 'default'), 'POP', saved({ 'url:/faq': 300 }))).toEqual({
      to: 'saved',
      y: 300,
    })
  })

  it('goes to the top on Back to a page never scrolled, even on the same path', () => {
    expect(scrollMove(category, at('/resources/teaching-resources?age=4-7', 'k0'), 'POP', none)).toEqual({
      to: 'top',
    })
  })

  it('scrolls to an anchor', () => {
    expect(scrollMove(at('/about'), at('/faq#shipping%20times', 'k2'), 'PUSH', none)).toEqual({
      to: 'anchor',
      id: 'shipping times',
    })
  })

  it('leaves the first paint where the browser put it, unless this entry has a saved place', () => {
    expect(scrollMove(null, at('/faq#returns', 'default'), 'POP', none)).toEqual({ to: 'nowhere' })
    expect(scrollMove(null, at('/about', 'default'), 'POP', saved({ 'url:/faq': 300 }))).toEqual({
      to: 'nowhere',
    })
  })
})

describe('scrollKey', () => {
  it("keys the pages opened from outside by their URL, so one page's place is not another's", () => {
    expect(scrollKey(at('/faq?x=1#a', 'default'))).toBe('url:/faq?x=1#a')
    expect(scrollKey(at('/faq', 'abc123'))).toBe('abc123')
  })
})

describe('recordPosition', () => {
  it('keeps the newest positions only, a key recorded again counting as new', () => {
    const positions = new Map<string, number>()
    for (const key of ['a', 'b', 'c']) recordPosition(positions, key, 1, 3)
    recordPosition(positions, 'a', 2, 3)
    recordPosition(positions, 'd', 1, 3)
    expect([...positions]).toEqual([
      ['c', 1],
      ['a', 2],
      ['d', 1],
    ])
  })
})

describe('ScrollRestoration', () => {
  const STORAGE_KEY = 'lamplight:scroll-positions'
  afterEach(() => {
    vi.restoreAllMocks()
    sessionStorage.clear()
  })

  /** Scrolls the window to `y` as the browser would: the position, then the event. */
  const scrollTo = (y: number) => {
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y)
    window.dispatchEvent(new Event('scroll'))
  }

  it('returns a reloaded page to where it was left, from what the tab stored', () => {
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    const page = () => (
      <MemoryRouter initialEntries={['/faq']}>
        <ScrollRestoration />
      </MemoryRouter>
    )
    const first = render(page())
    scrollTo(300)
    window.dispatchEvent(new Event('pagehide'))
    first.unmount()
    expect(scrolled).not.toHaveBeenCalled()
    render(page())
    expect(scrolled).toHaveBeenCalledWith(0, 300)
  })

  it(`keeps the positions of the last ${MAX_SCROLL_POSITIONS} history entries in the tab's storage, not all of them`, () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    let navigate: NavigateFunction = () => {}
    const Navigator = () => {
      navigate = useNavigate()
      return null
    }
    render(
      <MemoryRouter initialEntries={['/p0']}>
        <ScrollRestoration />
        <Navigator />
      </MemoryRouter>,
    )
    // Pages 0-99, each scrolled to its number + 1...
    scrollTo(1)
    for (let i = 1; i < 100; i++) {
      act(() => navigate(`/p${i}`))
      scrollTo(i + 1)
    }
    // ...Back to the first, scrolled again (its position is now the newest)...
    act(() => navigate(-99))
    scrollTo(5000)
    // ...and 20 pages more from there: 120 entries in all.
    for (let i = 100; i < 120; i++) {
      act(() => navigate(`/p${i}`))
      scrollTo(i + 1)
    }
    window.dispatchEvent(new Event('pagehide'))

    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]
    expect(stored).toHaveLength(MAX_SCROLL_POSITIONS)
    // Pages 1-20 are forgotten; the first page, scrolled again after them, is kept.
    expect(stored.map(([, y]) => y)).toEqual([
      ...Array.from({ length: 79 }, (_, i) => i + 22),
      5000,
      ...Array.from({ length: 20 }, (_, i) => i + 101),
    ])
    expect(stored[79]?.[0]).toBe('url:/p0')
  })
})
