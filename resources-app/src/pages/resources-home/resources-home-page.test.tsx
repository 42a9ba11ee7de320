import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { aResource, CATEGORIES } from '../../test/fixtures'
import { locationNow, mockApi, renderPage } from '../../test/render'
import { ResourcesHomePage } from './resources-home-page'

const renderHome = (url = '/resources') => renderPage('/resources', url, ResourcesHomePage)

afterEach(() => vi.unstubAllGlobals())

describe('ResourcesHomePage', () => {
  it('shows the search box, featured resources and the categories with their counts', async () => {
    mockApi({
      '/api/resources/featured': { data: [aResource(), aResource({ slug: 'dove', title: 'Dove Page' })] },
      '/api/resources/categories': { data: CATEGORIES },
    })
    renderHome()
    expect(screen.getByRole('heading', { level: 1, name: 'Free Resources' })).toBeVisible()
    expect(screen.getByRole('searchbox', { name: 'Search all resources' })).toBeVisible()

    const featured = await screen.findByRole('region', { name: 'Featured Resources' })
    expect(
      (await within(featured).findAllByRole('link', { name: 'View & Download' })).map((l) =>
        l.getAttribute('href'),
      ),
    ).toEqual(['/resources/item/ark-maze', '/resources/item/dove'])

    const browse = screen.getByRole('region', { name: 'Browse by Category' })
    const games = await within(browse).findByRole('link', { name: 'Games & Puzzles' })
    expect(games).toHaveAttribute('href', '/resources/games-puzzles')
    expect(games.closest('li')).toHaveTextContent('5 resources')
    expect(
      within(browse).getByRole('link', { name: 'Kids Activities & Colouring' }).closest('li'),
    ).toHaveTextContent('1 resource')
  })

  it('hides the featured section when nothing is featured', async () => {
    mockApi({ '/api/resources/featured': { data: [] }, '/api/resources/categories': { data: CATEGORIES } })
    renderHome()
    await screen.findByRole('link', { name: 'Games & Puzzles' })
    expect(screen.queryByRole('region', { name: 'Featured Resources' })).toBeNull()
  })

  it('searches across every category through the URL, and clears the search', async () => {
    const fetchMock = mockApi({
      '/api/resources/featured': { data: [] },
      '/api/resources/categories': { data: CATEGORIES },
      '/api/resources?q=ark': { data: [aResource()], has_more: false, page: 1, page_size: 60 },
    })
    renderHome()
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search all resources' }), 'ark{Enter}')
    expect(locationNow()).toBe('/resources?q=ark')
    const results = await screen.findByRole('region', { name: 'Results for “ark”' })
    expect(await within(results).findByText('1 resource found in all categories')).toBeVisible()
    expect(within(results).getByRole('heading', { name: 'Ark Maze' })).toBeVisible()
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/resources?q=ark&page=1&page_size=60')

    await userEvent.click(within(results).getByRole('button', { name: 'Clear search' }))
    expect(locationNow()).toBe('/resources')
    expect(screen.getByRole('searchbox', { name: 'Search all resources' })).toHaveValue('')
    expect(screen.getByRole('searchbox', { name: 'Search all resources' })).toHaveFocus()
  })

  it('says when a search finds nothing, and offers more when there is another page', async () => {
    mockApi({
      '/api/resources/featured': { data: [] },
      '/api/resources/categories': { data: CATEGORIES },
      '/api/resources?q=zzz': { data: [], has_more: false, page: 1, page_size: 60 },
      '/api/resources?q=the&page=1': { data: [aResource()], has_more: true, page: 1, page_size: 60 },
      '/api/resources?q=the&page=2': {
        data: [aResource({ slug: 'dove', title: 'Dove Page' })],
        has_more: false,
        page: 2,
        page_size: 60,
      },
    })
    const { unmount } = renderHome('/resources?q=zzz')
    expect(await screen.findByText(/No resources match your search/)).toBeVisible()
    unmount()

    renderHome('/resources?q=the')
    expect(await screen.findByText('More than 1 resource found in all categories')).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Show more results' }))
    expect(await screen.findByRole('heading', { name: 'Dove Page' })).toBeVisible()
    expect(screen.getByText('2 resources found in all categories')).toBeVisible()
  })

  it('leads a search to the colouring collections it finds, above the results', async () => {
    mockApi({
      '/api/resources/categories': { data: CATEGORIES },
      '/api/resources?q=noah': { data: [], has_more: false, page: 1, page_size: 60 },
      '/api/resources/collections?q=noah': {
        data: [
          {
            gallery: 'noahs-ark',
            title: "Noah's Ark Coloring Pages",
            path: '/kids-activities-colouring/noahs-ark-coloring-pages',
            page_count: 5,
            cover: '',
            matches: [],
          },
        ],
      },
    })
    renderHome('/resources?q=noah')
    const group = await screen.findByRole('region', { name: 'Colouring collections' })
    expect(within(group).getByRole('link', { name: "Noah's Ark Coloring Pages" })).toHaveAttribute(
      'href',
      '/kids-activities-colouring/noahs-ark-coloring-pages',
    )
    expect(group).toHaveTextContent('5 pages to colour')
    expect(screen.getByRole('status')).toHaveTextContent('1 colouring collection and 0 resources found')
    expect(await screen.findByText('No other resources match your search.')).toBeVisible()
  })
})
