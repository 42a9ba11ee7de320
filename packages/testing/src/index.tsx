import type { RemoteRoutesModule } from '@lamplight/remote'
import { examplePath, type RemoteName, routesOf } from '@lamplight/routes'
import {
  AuthProvider,
  createQueryClient,
  formatTitle,
  PublicOriginProvider,
  SESSION_QUERY_KEY,
} from '@lamplight/session'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import type { ComponentType } from 'react'
import { MemoryRouter } from 'react-router'
import { expect, it } from 'vitest'
import { locationOf, TEST_PUBLIC_ORIGIN } from './common'

export { SEEDED_SHIPPING_RATES } from './seed'
export { locationOf, TEST_PUBLIC_ORIGIN }

/**
 * The contract every remote keeps with the shell: its exposed `./routes` component renders
 * a page with a level-one heading for every path the route map gives it, inside its
 * `data-remote` scoping root.
 */
export function itRendersEveryOwnedRoute(
  remote: RemoteName,
  Routes: ComponentType,
  headings: Record<string, string> = {},
) {
  for (const route of routesOf(remote)) {
    const path = examplePath(route.path)
    it(`renders ${path}`, async () => {
      const { container, unmount } = render(
        <MemoryRouter initialEntries={[path]}>
          <Routes />
        </MemoryRouter>,
      )
      const heading = await screen.findByRole('heading', { level: 1 })
      expect(heading.textContent).toBe(headings[route.path] ?? route.title)
      expect(container.querySelector(`[data-remote="${remote}"]`)).not.toBeNull()
      unmount()
    })
  }
}

/** What a public route's `<head>` must say once its page has loaded. */
export type ExpectedHead = {
  /** The page's title, before ` | Lamplight Puzzle Co.` is added. */
  title: string
  /** The canonical path when it is not the example path itself. */
  canonical?: string
  /** Open Graph type; `website` unless given. */
  type?: 'website' | 'product' | 'article'
  /** The Open Graph image's path, when the page has one. */
  image?: string
}

const headContent = (selector: string) => document.head.querySelector(selector)?.getAttribute('content')

/**
 * Every public route of a remote has its own head (issue 18): a title, a meta description, a
 * canonical link on the configured public origin and the Open Graph tags, each exactly once.
 * `expected` lists every public route of the remote's slice of the route map: a public route
 * added to the map without an entry here fails, and so does a page that renders no
 * `<PageMeta>` (a pending page has no description), or one whose canonical link is wrong.
 */
export function itGivesEveryPublicRouteItsHead(
  remote: RemoteName,
  Routes: ComponentType,
  expected: Record<string, ExpectedHead>,
) {
  for (const route of routesOf(remote).filter((r) => r.access === 'public')) {
    const path = examplePath(route.path)
    it(`gives ${path} its own title, description, canonical link and Open Graph tags`, async () => {
      const want = expected[route.path]
      expect(
        want,
        `${route.path} is a public route: give its page a <PageMeta> and list it here`,
      ).toBeDefined()
      if (!want) return
      const { unmount } = render(
        <PublicOriginProvider origin={TEST_PUBLIC_ORIGIN}>
          <MemoryRouter initialEntries={[path]}>
            <Routes />
          </MemoryRouter>
        </PublicOriginProvider>,
      )
      const title = formatTitle(want.title)
      await waitFor(() => expect(document.title).toBe(title))
      const url = `${TEST_PUBLIC_ORIGIN}${want.canonical ?? path}`
      await waitFor(() =>
        expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url),
      )
      const description = headContent('meta[name="description"]')
      expect(description, 'a meta description').toBeTruthy()
      expect(description?.length).toBeLessThanOrEqual(200)
      expect(headContent('meta[property="og:title"]')).toBe(title)
      expect(headContent('meta[property="og:description"]')).toBe(description)
      expect(headContent('meta[property="og:url"]')).toBe(url)
      expect(headContent('meta[property="og:type"]')).toBe(want.type ?? 'website')
      expect(headContent('meta[property="og:image"]')).toBe(
        want.image ? `${TEST_PUBLIC_ORIGIN}${want.image}` : undefined,
      )
      for (const selector of [
        'title',
        'meta[name="description"]',
        'link[rel="canonical"]',
        'meta[property="og:url"]',
      ])
        expect(document.querySelectorAll(selector), `one ${selector}`).toHaveLength(1)
      unmount()
    })
  }
}

/**
 * A remote's `./routes` at `url` in the browser after a server render: its own `prefetch`
 * fills a client (signed out, as the shell sends it), which the page renders from under the
 * shell's providers. `fetchMock` is the stubbed `fetch`; `laterRequests` tells what the page
 * asked the API for after prefetch (nothing, when prefetch filled exactly the keys it reads).
 */
export async function renderPrefetched(
  { default: Routes, prefetch }: RemoteRoutesModule,
  url: string,
  fetchMock: { mock: { calls: unknown[][] } },
) {
  const client = createQueryClient()
  client.setQueryData(SESSION_QUERY_KEY, null)
  await prefetch(client, locationOf(url))
  const prefetched = fetchMock.mock.calls.length
  expect(prefetched, `prefetch read the API for ${url}`).toBeGreaterThan(0)
  const view = render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  )
  return {
    ...view,
    /** The API paths asked for after prefetch, once every query has had its chance to start. */
    async laterRequests() {
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
      return fetchMock.mock.calls.slice(prefetched).map(([input]) => String(input))
    },
  }
}
