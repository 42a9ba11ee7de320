import { createMemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { changesOnlySearch, keepScrollOnSearchChanges, scrollKey } from './keep-scroll-on-search'

const here = { pathname: '/resources/teaching-resources' }

describe('changesOnlySearch', () => {
  it('is true for a new query string on the same path', () => {
    expect(changesOnlySearch(here, '?q=noah')).toBe(true)
    expect(changesOnlySearch(here, '/resources/teaching-resources?age=4-7')).toBe(true)
    expect(changesOnlySearch(here, { search: '?q=ark' })).toBe(true)
    expect(changesOnlySearch(here, { pathname: here.pathname, search: '' })).toBe(true)
  })

  it('is false for another page, an anchor, or a path it cannot resolve', () => {
    expect(changesOnlySearch(here, '/resources/games-puzzles?q=noah')).toBe(false)
    expect(changesOnlySearch(here, '/resources/teaching-resources#top')).toBe(false)
    expect(changesOnlySearch(here, { hash: '#faq' })).toBe(false)
    expect(changesOnlySearch(here, 'games-puzzles')).toBe(false)
    expect(changesOnlySearch(here, '//elsewhere.example/resources/teaching-resources')).toBe(false)
  })
})

describe('keepScrollOnSearchChanges', () => {
  const make = () =>
    keepScrollOnSearchChanges(
      createMemoryRouter([{ path: '*', element: null }], {
        initialEntries: ['/resources/teaching-resources'],
      }),
    )

  it('asks ScrollRestoration to stay put when only the query string changes', async () => {
    const router = make()
    await router.navigate('?q=noah', { replace: true })
    expect(router.state.location.search).toBe('?q=noah')
    expect(router.state.preventScrollReset).toBe(true)
  })

  it('still resets the scroll for a new page, or when the caller says so', async () => {
    const router = make()
    await router.navigate('/about')
    expect(router.state.preventScrollReset).toBe(false)
    await router.navigate('?tab=1', { preventScrollReset: false })
    expect(router.state.preventScrollReset).toBe(false)
  })

  it('passes history moves through', async () => {
    const router = make()
    await router.navigate('/about')
    await router.navigate(-1)
    await new Promise((r) => setTimeout(r, 0))
    expect(router.state.location.pathname).toBe('/resources/teaching-resources')
  })
})

describe('scrollKey', () => {
  it("keys pages opened from outside by their URL, so one never inherits another's position", () => {
    expect(scrollKey({ key: 'default', pathname: '/faq', search: '', hash: '' })).toBe('url:/faq')
    expect(scrollKey({ key: 'default', pathname: '/about', search: '?x=1', hash: '#main' })).toBe(
      'url:/about?x=1#main',
    )
    expect(scrollKey({ key: 'k3j2', pathname: '/faq', search: '', hash: '' })).toBe('k3j2')
  })
})
