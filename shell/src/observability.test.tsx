import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { remoteRelease, resetErrorReporting, startErrorReporting } from './observability'
import { RemoteArea } from './remotes/remote-area'
import { loadRemoteModule, remoteEntry } from './remotes/remote-loader'
import * as Sentry from './sentry'

vi.mock('./sentry', () => ({ init: vi.fn(), captureException: vi.fn() }))
vi.mock('./remotes/remote-loader', () => ({ loadRemoteModule: vi.fn(), remoteEntry: vi.fn() }))
// The health beacon has its own test (remotes/health-beacon.test.ts).
vi.mock('./remotes/health-beacon', () => ({ reportAreaView: vi.fn(), reportAreaError: vi.fn() }))

function runtimeConfig(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

async function renderFailingRemote() {
  const failure = new Error('storefront chunk failed')
  vi.mocked(loadRemoteModule).mockReturnValue(Promise.reject(failure))
  await act(async () =>
    render(
      <MemoryRouter initialEntries={['/shop']}>
        <RemoteArea remote="storefront" />
      </MemoryRouter>,
    ),
  )
  await screen.findByRole('alert')
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)))
  return failure
}

beforeEach(() => {
  resetErrorReporting()
  vi.mocked(Sentry.init).mockReset()
  vi.mocked(Sentry.captureException).mockReset()
  vi.mocked(remoteEntry).mockReturnValue('/apps/storefront/1.4.0+abc123/mf-manifest.json')
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => vi.unstubAllGlobals())

describe('browser error reporting', () => {
  it('is off without a configured DSN: the SDK is not started and nothing is reported', async () => {
    const fetchMock = runtimeConfig({ errorReporting: null })
    expect(await startErrorReporting()).toBeNull()
    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', { cache: 'no-cache' })
    await renderFailingRemote()
    expect(Sentry.init).not.toHaveBeenCalled()
    expect(Sentry.captureException).not.toHaveBeenCalled()
  })

  it("reports what a remote's error boundary catches, tagged with the remote and its release", async () => {
    runtimeConfig({
      errorReporting: {
        dsn: 'https://key@errors.example.com/7',
        environment: 'production',
        release: 'lamplight@9',
      },
    })
    expect(await startErrorReporting()).not.toBeNull()
    expect(Sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@errors.example.com/7',
        environment: 'production',
        release: 'lamplight@9',
      }),
    )
    const failure = await renderFailingRemote()
    expect(Sentry.captureException).toHaveBeenCalledTimes(1)
    expect(Sentry.captureException).toHaveBeenCalledWith(failure, {
      tags: { remote: 'storefront', remote_release: '1.4.0+abc123' },
      level: 'error',
    })
  })

  it('names the release of a remote from where it was loaded', () => {
    vi.mocked(remoteEntry).mockReturnValueOnce('/apps/storefront/mf-manifest.json')
    expect(remoteRelease('storefront')).toBe('bundled')
    vi.mocked(remoteEntry).mockReturnValueOnce('https://cdn.example.com/shop/mf-manifest.json')
    expect(remoteRelease('storefront')).toBe('https://cdn.example.com/shop/mf-manifest.json')
    vi.mocked(remoteEntry).mockReturnValueOnce(undefined)
    expect(remoteRelease('storefront')).toBe('unknown')
  })
})
