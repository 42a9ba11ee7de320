import { examplePath, type RemoteName, routesOf } from '@lamplight/routes'
import { formatTitle, PublicOriginProvider } from '@lamplight/session'
import { render, screen, waitFor } from '@testing-library/react'
import type { ComponentType } from 'react'
import { MemoryRouter } from 'react-router'
import { expect, it } from 'vitest'

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

/** The origin the head test configures: canonical links must be built from it. */
export const TEST_PUBLIC_ORIGIN = 'https://shop.example'

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
