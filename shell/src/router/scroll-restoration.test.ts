import { describe, expect, it } from 'vitest'
import { scrollKey, scrollMove } from './scroll-restoration'

const at = (url: string, key = 'k1') => {
  const { pathname, search, hash } = new URL(url, 'http://site.invalid')
  return { pathname, search, hash, key }
}
const category = at('/resources/teaching-resources')

describe('scrollMove', () => {
  it('keeps your place when only the query string changes (a search, a filter, Clear Filters)', () => {
    expect(scrollMove(category, at('/resources/teaching-resources?q=noah', 'k2'), 'PUSH', {})).toEqual({
      to: 'nowhere',
    })
    expect(scrollMove(category, at('/resources/teaching-resources', 'k3'), 'REPLACE', {})).toEqual({
      to: 'nowhere',
    })
  })

  it('starts another page at the top', () => {
    expect(scrollMove(category, at('/resources/games-puzzles', 'k2'), 'PUSH', {})).toEqual({ to: 'top' })
  })

  it('returns to where a page seen before was left (Back, Forward, a reload)', () => {
    expect(scrollMove(category, at('/resources', 'k0'), 'POP', { k0: 840 })).toEqual({ to: 'saved', y: 840 })
    expect(scrollMove(null, at('/faq', 'default'), 'POP', { 'url:/faq': 300 })).toEqual({
      to: 'saved',
      y: 300,
    })
  })

  it('goes to the top on Back to a page never scrolled, even on the same path', () => {
    expect(scrollMove(category, at('/resources/teaching-resources?age=4-7', 'k0'), 'POP', {})).toEqual({
      to: 'top',
    })
  })

  it('scrolls to an anchor', () => {
    expect(scrollMove(at('/about'), at('/faq#shipping%20times', 'k2'), 'PUSH', {})).toEqual({
      to: 'anchor',
      id: 'shipping times',
    })
  })

  it('leaves the first paint where the browser put it, unless this entry has a saved place', () => {
    expect(scrollMove(null, at('/faq#returns', 'default'), 'POP', {})).toEqual({ to: 'nowhere' })
    expect(scrollMove(null, at('/about', 'default'), 'POP', { 'url:/faq': 300 })).toEqual({ to: 'nowhere' })
  })
})

describe('scrollKey', () => {
  it("keys the pages opened from outside by their URL, so one page's place is not another's", () => {
    expect(scrollKey(at('/faq?x=1#a', 'default'))).toBe('url:/faq?x=1#a')
    expect(scrollKey(at('/faq', 'abc123'))).toBe('abc123')
  })
})
