// @vitest-environment node
import { itServerRendersEveryPublicRoute } from '@lamplight/testing/server'
import { afterAll, beforeAll, describe, vi } from 'vitest'
import { aCategory, aGalleryItem, aResource, aResourceDetail, CATEGORIES } from './test/fixtures'
import { mockApi } from './test/render'

const SLUG = 'creation-week-colouring-book'
const THUMB = `/api/files/thumbs/id-${SLUG}?v=1`

/** Real content of each public page as the server must send it (text as it stands in HTML). */
const SHOWS: Record<string, string[]> = {
  '/resources': [
    'Free Resources',
    'Featured Ark Maze',
    'Browse by Category',
    'Games &amp; Puzzles',
    // The search is a Form (@lamplight/ui): sent before hydration, it posts to its page.
    'class="flex w-full gap-2" method="post"><label',
  ],
  '/resources/:categorySlug': ['Teaching Resources', 'Creation Lesson'],
  '/resources/item/:slug': [
    'Creation Week',
    'ark-maze.png',
    'Download Files',
    'Preview of Creation Week',
    `<meta property="og:image" content="https://shop.example${THUMB}"/>`,
  ],
  '/resources/print/:slug': ['Creation Week', 'ark-maze-booklet.pdf'],
  '/kids-activities-colouring/bible-verses': ['Bible Verses Colouring Pages', 'Verse Page'],
  '/kids-activities-colouring/faith-coloring-pages': ['Faith Coloring Pages', 'Faith Page'],
  '/kids-activities-colouring/noahs-ark-coloring-pages': ['Noah&#x27;s Ark Coloring Pages', 'Ark Page'],
}

describe('resources-app ./routes in Node', () => {
  beforeAll(() => {
    mockApi({
      '/api/resources/categories': { data: CATEGORIES },
      '/api/resources/featured': { data: [aResource({ title: 'Featured Ark Maze' })] },
      '/api/resources/categories/teaching-resources': {
        data: aCategory({ name: 'Teaching Resources', slug: 'teaching-resources', age_ranges: ['6-9'] }),
      },
      '/api/resources?category=teaching-resources': {
        data: [aResource({ slug: 'creation-lesson', title: 'Creation Lesson' })],
        has_more: false,
        page: 1,
        page_size: 60,
      },
      [`/api/resources/item/${SLUG}`]: { data: aResourceDetail({ slug: SLUG, title: 'Creation Week' }) },
      '/api/resources/galleries/bible-verses': { data: [aGalleryItem(1, { title: 'Verse Page' })] },
      '/api/resources/galleries/faith-coloring': { data: [aGalleryItem(2, { title: 'Faith Page' })] },
      '/api/resources/galleries/noahs-ark': { data: [aGalleryItem(3, { title: 'Ark Page' })] },
    })
  })
  afterAll(() => vi.unstubAllGlobals())

  itServerRendersEveryPublicRoute('resources-app', () => import('./routes'), SHOWS, {
    loading: ['Loading resource'],
  })
})
