import type { RemoteName } from '@lamplight/routes'
import { init } from '@module-federation/enhanced/runtime'
import { act, cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { RemoteArea } from './remote-area'

/**
 * The real loader and the real federation runtime, with the network stubbed: a release
 * whose manifest is unknown (404), malformed or not a manifest at all must end in the
 * area's fallback, never a blank page (decision 012). One remote per case: the runtime
 * remembers what it learned about a remote for the life of the page.
 */
const manifestOf = (remote: RemoteName) => `http://localhost:3000/apps/${remote}/9.9.9/mf-manifest.json`

const ANSWERS: Partial<Record<RemoteName, () => Response>> = {
  storefront: () => new Response('<!doctype html><p>Not found</p>', { status: 404 }),
  'resources-app': () => new Response('{"id": "resources_app", "metaData": ', { status: 200 }),
  'puzzle-app': () => Response.json({ hello: 'world' }),
  // (A manifest whose remote entry is missing needs a real browser: jsdom loads no scripts. The
  // browser tests cover it.)
}

const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input instanceof Request ? input.url : input)
  if (url.endsWith('/remotes.json'))
    return Response.json(
      Object.fromEntries(Object.keys(ANSWERS).map((r) => [r, manifestOf(r as RemoteName)])),
    )
  const remote = (Object.keys(ANSWERS) as RemoteName[]).find((r) => url.startsWith(manifestOf(r)))
  return remote ? ANSWERS[remote]!() : new Response('not found', { status: 404 })
})

beforeAll(() => {
  vi.stubGlobal('fetch', fetchStub)
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  init({ name: 'shell', remotes: [] })
})
afterEach(cleanup)

describe('a bad release of a remote', () => {
  it.each([
    ['unknown (404)', 'storefront'],
    ['malformed JSON', 'resources-app'],
    ['JSON that is no manifest', 'puzzle-app'],
  ] as const)(
    'shows the fallback when the manifest is %s, with the chrome still there',
    async (_, remote) => {
      await act(async () =>
        render(
          <MemoryRouter initialEntries={['/']}>
            <header>chrome</header>
            <RemoteArea remote={remote} />
          </MemoryRouter>,
        ),
      )
      const alert = await screen.findByRole('alert', {}, { timeout: 15_000 })
      expect(alert).toHaveTextContent("This part of the site didn't load")
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
      expect(screen.getByText('chrome')).toBeInTheDocument()
      // It failed on this release's manifest, not before reaching it.
      expect(fetchStub.mock.calls.some(([url]) => String(url).startsWith(manifestOf(remote)))).toBe(true)
    },
    30_000,
  )
})
