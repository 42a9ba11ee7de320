import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(),
  preloadRemote: vi.fn(),
}))

const STOREFRONT_RELEASE = '7d0f3c1e-2b4a-4c5d-8e9f-0a1b2c3d4e5f'
const remotesJson = {
  storefront: '/apps/storefront/1.2.0/mf-manifest.json',
  'resources-app': '/apps/resources-app/mf-manifest.json',
  'puzzle-app': '/apps/puzzle-app/mf-manifest.json',
  'admin-app': 'https://admin.example.com/mf-manifest.json',
  // The resources-app is pinned by REMOTE_*_URL: no release id to report against.
  releases: { storefront: STOREFRONT_RELEASE, 'puzzle-app': 'not-a-uuid' },
}

const beacons: unknown[] = []
const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input)
  if (url === '/remotes.json') return Response.json(remotesJson)
  if (url === '/api/beacon') {
    beacons.push(JSON.parse(String(init?.body)))
    return Response.json({ data: { received: 1 } }, { status: 202 })
  }
  return new Response(null, { status: 404 })
})

beforeEach(() => {
  vi.resetModules()
  vi.useFakeTimers()
  vi.stubGlobal('fetch', fetchStub)
  beacons.length = 0
  fetchStub.mockClear()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the health beacon', () => {
  it('sends one view and at most one error per remote and page load, with the release id, in one call', async () => {
    const beacon = await import('./health-beacon')
    beacon.reportAreaView('storefront')
    beacon.reportAreaView('storefront')
    beacon.reportAreaError('storefront')
    beacon.reportAreaError('storefront')
    // No release id: a pinned remote, or one the server gave no valid id for.
    beacon.reportAreaError('resources-app')
    beacon.reportAreaView('puzzle-app')
    await vi.advanceTimersByTimeAsync(beacon.BEACON_BATCH_MS + 10)
    expect(beacons).toEqual([
      {
        events: [
          { release: STOREFRONT_RELEASE, kind: 'view' },
          { release: STOREFRONT_RELEASE, kind: 'error' },
        ],
      },
    ])
    const call = fetchStub.mock.calls.find(([url]) => url === '/api/beacon')
    // Only the release and what happened; the visitor id cookie goes with it, for the server to
    // count each visitor once and only for the releases it served them (decision 076).
    expect(call?.[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' })
  })

  it("knows a remote's scripts by its manifest's folder", async () => {
    const beacon = await import('./remote-errors')
    const { loadRemotesConfig } = await import('./remote-loader')
    await loadRemotesConfig()
    const origin = window.location.origin
    expect(beacon.remoteOfScript(`${origin}/apps/storefront/1.2.0/static/js/async/shop.1a2b3c4d.js`)).toBe(
      'storefront',
    )
    expect(beacon.remoteOfScript('https://admin.example.com/static/js/admin.js')).toBe('admin-app')
    expect(beacon.remoteOfScript(`${origin}/static/js/shell.js`)).toBeUndefined()
    expect(beacon.remoteOfScript(undefined)).toBeUndefined()
  })

  it("counts an unhandled error thrown from a remote's chunk against its release", async () => {
    const beacon = await import('./health-beacon')
    const { loadRemotesConfig } = await import('./remote-loader')
    await loadRemotesConfig()
    beacon.reportUnhandledRemoteErrors()
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'boom',
        filename: `${window.location.origin}/apps/storefront/1.2.0/static/js/async/shop.1a2b3c4d.js`,
      }),
    )
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'not ours', filename: 'https://ads.example/x.js' }),
    )
    // Whose chunk threw is loaded when an error is thrown.
    await vi.dynamicImportSettled()
    await vi.advanceTimersByTimeAsync(beacon.BEACON_BATCH_MS + 10)
    expect(beacons).toEqual([
      {
        events: [
          { release: STOREFRONT_RELEASE, kind: 'view' },
          { release: STOREFRONT_RELEASE, kind: 'error' },
        ],
      },
    ])
  })
})
