import type { RemoteRoutesModule } from '@lamplight/remote'
import { examplePath, type RemoteName, routesOf } from '@lamplight/routes'
import { AuthProvider, createQueryClient, PublicOriginProvider, SESSION_QUERY_KEY } from '@lamplight/session'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, Suspense } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { expect, it } from 'vitest'
import { locationOf, TEST_PUBLIC_ORIGIN } from './common'

/**
 * Renders on the server as a streaming server render does, waiting for every lazy page and
 * Suspense boundary, and answers the HTML. An error anywhere (one a boundary would have
 * left to the browser too) fails the render: in Node, touching `window` or `document`
 * while rendering is such an error.
 */
export async function renderToHtml(element: ReactNode): Promise<string> {
  const errors: unknown[] = []
  const stream = await renderToReadableStream(element, {
    onError: (error) => {
      errors.push(error)
    },
  })
  await stream.allReady
  const html = await new Response(stream).text()
  if (errors.length) throw errors[0]
  return html
}

const SUSPENSE_FALLBACK = 'Loading the page'

/**
 * A remote's `./routes` at `url` as the shell's server renders it: prefetched with the
 * module's own `prefetch` for a signed-out visitor, then rendered under the shell's
 * providers. Answers the HTML.
 */
export async function renderRouteOnServer({ default: Routes, prefetch }: RemoteRoutesModule, url: string) {
  const client = createQueryClient()
  client.setQueryData(SESSION_QUERY_KEY, null)
  await prefetch(client, locationOf(url))
  return renderToHtml(
    <PublicOriginProvider origin={TEST_PUBLIC_ORIGIN}>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={[url]}>
            <Suspense fallback={<p>{SUSPENSE_FALLBACK}</p>}>
              <Routes />
            </Suspense>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </PublicOriginProvider>,
  )
}

/**
 * The server side of a remote's contract with the shell (docs/decisions/016): in Node, its
 * `./routes` module loads and every public route renders its real content, with no loading
 * state, inside its `data-remote` root, with a title and a canonical link. `shows` lists,
 * for every public route of the remote, text as it stands in the HTML; a public route
 * added to the map without an entry fails. `load` imports the module inside each test, so
 * one that touches a browser global when it loads fails there. Call it in a file that runs
 * in the `node` environment.
 */
export function itServerRendersEveryPublicRoute(
  remote: RemoteName,
  load: () => Promise<RemoteRoutesModule>,
  shows: Record<string, string[]>,
  {
    loading = [],
  }: { /** This remote's own loading texts, never sent by the server. */ loading?: string[] } = {},
) {
  it('runs where there is no browser', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  for (const route of routesOf(remote).filter((r) => r.access === 'public')) {
    const path = examplePath(route.path)
    it(`renders ${path} with its content and head, from prefetched data`, async () => {
      expect(shows[route.path], `list what ${route.path} shows`).toBeDefined()
      const html = await renderRouteOnServer(await load(), path)
      // React separates adjacent text with `<!-- -->`; read the text as a person would.
      const page = html.replaceAll('<!-- -->', '')
      for (const text of shows[route.path] ?? []) expect(page.includes(text), `shows “${text}”`).toBe(true)
      for (const text of [SUSPENSE_FALLBACK, 'data-slot="skeleton"', ...loading])
        expect(page.includes(text), `no “${text}”`).toBe(false)
      expect(html).toContain(`data-remote="${remote}"`)
      expect(html).toMatch(/<title>[^<]+ \| Lamplight Puzzle Co\.<\/title>/)
      expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_ORIGIN}/`)
    })
  }
}
