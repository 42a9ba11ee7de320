import { itGivesEveryPublicRouteItsHead, itRendersEveryOwnedRoute } from '@lamplight/testing'
import { beforeEach, describe } from 'vitest'
import ResourcesRoutes from './routes'
import { aCategory, aGalleryItem, aResource, aResourceDetail, CATEGORIES } from './test/fixtures'
import { mockApi, Providers } from './test/render'

function WithProviders() {
  return (
    <Providers>
      <ResourcesRoutes />
    </Providers>
  )
}

describe('resources-app routes', () => {
  // examplePath() visits /resources/teaching-resources, /resources/item/creation-week-colouring-book, ...:
  // the API answers those with data, so each screen renders its loaded heading.
  beforeEach(() => {
    const teaching = aCategory({ name: 'Teaching Resources', slug: 'teaching-resources', age_ranges: [] })
    mockApi({
      '/api/resources/categories': { data: CATEGORIES },
      '/api/resources/featured': { data: [aResource()] },
      '/api/resources/categories/teaching-resources': { data: teaching },
      '/api/resources?category=teaching-resources': { data: [], has_more: false, page: 1, page_size: 60 },
      '/api/resources/item/creation-week-colouring-book': {
        data: aResourceDetail({ slug: 'creation-week-colouring-book', title: 'Example Lesson' }),
      },
      '/api/resources/galleries/bible-verses': { data: [aGalleryItem(1)] },
      '/api/resources/galleries/faith-coloring': { data: [] },
      '/api/resources/galleries/noahs-ark': { data: [aGalleryItem(2)] },
    })
  })

  itRendersEveryOwnedRoute('resources-app', WithProviders, {
    '/resources/:categorySlug': 'Teaching Resources',
    '/resources/item/:slug': 'Example Lesson',
    '/resources/print/:slug': 'Example Lesson',
  })

  const item = '/resources/item/creation-week-colouring-book'
  const thumbnail = '/api/files/thumbs/id-creation-week-colouring-book?v=1'
  itGivesEveryPublicRouteItsHead('resources-app', WithProviders, {
    '/resources': { title: 'Free Resources' },
    '/resources/:categorySlug': { title: 'Teaching Resources' },
    '/resources/item/:slug': { title: 'Example Lesson', type: 'article', image: thumbnail },
    // The print view is the same content: the resource's own page is the one to index.
    '/resources/print/:slug': {
      title: 'Print: Example Lesson',
      canonical: item,
      type: 'article',
      image: thumbnail,
    },
    '/kids-activities-colouring/bible-verses': { title: 'Bible Verses Colouring Pages' },
    '/kids-activities-colouring/faith-coloring-pages': { title: 'Faith Coloring Pages' },
    '/kids-activities-colouring/noahs-ark-coloring-pages': { title: "Noah's Ark Coloring Pages" },
  })
})
