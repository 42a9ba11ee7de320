import type { RemoteRoutesModule } from '@lamplight/remote'
import { createQueryClient } from '@lamplight/session'
import { renderPrefetched } from '@lamplight/testing'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as routesModule from './routes'
import { aCategory, aGalleryItem, aResource, aResourceDetail, CATEGORIES } from './test/fixtures'
import { mockApi } from './test/render'

// The module the shell loads keeps the contract it types.
const { prefetch } = routesModule satisfies RemoteRoutesModule

const TEACHING = aCategory({ name: 'Teaching Resources', slug: 'teaching-resources', age_ranges: ['6-9'] })
const LESSON = aResource({ slug: 'creation-lesson', title: 'Creation Lesson', category_id: 'cat-teaching' })
const MAZE = aResource({ slug: 'maze-for-six', title: 'Maze for Six', age_range: '6-9' })
const FEATURED = aResource({ slug: 'ark-maze', title: 'Featured Ark Maze' })
const page = (data: unknown[]) => ({ data, has_more: false, page: 1, page_size: 60 })

/** The library's API: the list answers by its search parameters, as the real one does. */
function api() {
  return mockApi({
    '/api/resources/categories': { data: CATEGORIES },
    '/api/resources/featured': { data: [FEATURED] },
    '/api/resources/categories/teaching-resources': { data: TEACHING },
    '/api/resources/collections': { data: [] },
    '/api/resources': (url: URL) => {
      const p = url.searchParams
      if (p.get('q') === 'ark' && !p.get('category')) return Response.json(page([FEATURED]))
      if (p.get('category') === 'teaching-resources' && p.get('q') === 'maze' && p.get('age') === '6-9')
        return Response.json(page([MAZE]))
      if (p.get('category') === 'teaching-resources' && !p.get('q') && !p.get('age'))
        return Response.json(page([LESSON]))
      return Response.json(page([]))
    },
    '/api/resources/item/creation-lesson': {
      data: aResourceDetail({ slug: 'creation-lesson', title: 'Creation Lesson' }),
    },
    '/api/resources/galleries/bible-verses': { data: [aGalleryItem(1, { title: 'Verse Page' })] },
    '/api/resources/galleries/faith-coloring': { data: [aGalleryItem(2, { title: 'Faith Page' })] },
    '/api/resources/galleries/noahs-ark': { data: [aGalleryItem(3, { title: 'Ark Page' })] },
  })
}

afterEach(() => vi.unstubAllGlobals())

/**
 * For each public page: prefetch, then render with that client. The page must show its
 * content on its first render (no loading state) and ask the API for nothing more, which
 * only holds when prefetch filled exactly the keys the page reads.
 */
const CASES: { url: string; shows: string[] }[] = [
  { url: '/resources', shows: ['Featured Ark Maze', 'Games & Puzzles'] },
  { url: '/resources?q=ark', shows: ['Results for “ark”', 'Featured Ark Maze', 'Games & Puzzles'] },
  { url: '/resources/teaching-resources', shows: ['Teaching Resources', 'Creation Lesson'] },
  { url: '/resources/teaching-resources?q=maze&age=6-9', shows: ['Teaching Resources', 'Maze for Six'] },
  { url: '/resources/item/creation-lesson', shows: ['Creation Lesson', 'ark-maze.png'] },
  { url: '/resources/print/creation-lesson', shows: ['Creation Lesson', 'ark-maze.png'] },
  { url: '/kids-activities-colouring/bible-verses', shows: ['Bible Verses Colouring Pages', 'Verse Page'] },
  { url: '/kids-activities-colouring/faith-coloring-pages', shows: ['Faith Coloring Pages', 'Faith Page'] },
  {
    url: '/kids-activities-colouring/noahs-ark-coloring-pages',
    shows: ["Noah's Ark Coloring Pages", 'Ark Page'],
  },
]

describe('resources-app prefetch', () => {
  it.each(CASES)('fills what $url shows on its first render', async ({ url, shows }) => {
    const { container, laterRequests } = await renderPrefetched(routesModule, url, api())
    // The first render, before any request could have answered.
    const view = within(container)
    for (const text of shows) expect(view.getAllByText(text).length).toBeGreaterThan(0)
    expect(view.queryByText(/^Loading/)).toBeNull()
    expect(container.querySelector('[data-slot="skeleton"]')).toBeNull()
    // Give any stray query its chance to start: none may.
    expect(await laterRequests()).toEqual([])
    expect(screen.getAllByText(shows[0] ?? '').length).toBeGreaterThan(0)
  })

  it('reads nothing for a path it does not own', async () => {
    const fetchMock = api()
    await prefetch(createQueryClient(), { pathname: '/shop', search: '' })
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('settles when the API fails, leaving the failure to the page', async () => {
    mockApi({})
    const client = createQueryClient()
    await expect(prefetch(client, { pathname: '/resources/item/gone', search: '' })).resolves.toBeUndefined()
  })
})
