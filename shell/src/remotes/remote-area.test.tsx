import { PageMeta } from '@lamplight/session'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ComponentType } from 'react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { reportAreaError, reportAreaView } from './health-beacon'
import { RemoteArea } from './remote-area'
import { loadRemoteModule } from './remote-loader'

vi.mock('./remote-loader', () => ({ loadRemoteModule: vi.fn(), remoteEntry: vi.fn() }))
vi.mock('./health-beacon', () => ({ reportAreaView: vi.fn(), reportAreaError: vi.fn() }))
const load = vi.mocked(loadRemoteModule)

/** Like the real loader, answers the same promise for the same remote and attempt. */
function loader(impl: (attempt: number) => Promise<ComponentType>) {
  const cache = new Map<number, Promise<ComponentType>>()
  load.mockImplementation(((_remote: string, _exposed: string, attempt = 0) => {
    if (!cache.has(attempt)) cache.set(attempt, impl(attempt))
    return cache.get(attempt)!
  }) as typeof loadRemoteModule)
}

async function renderArea() {
  // Suspense with use() settles inside an async act.
  return act(async () =>
    render(
      <MemoryRouter initialEntries={['/about']}>
        <header>chrome</header>
        <RemoteArea remote="storefront" />
      </MemoryRouter>,
    ),
  )
}

beforeEach(() => {
  load.mockReset()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

describe('RemoteArea', () => {
  it('titles the document from the route map while the remote loads, then from the page alone', async () => {
    let arrive: (routes: ComponentType) => void = () => {}
    loader(() => new Promise((resolve) => (arrive = resolve)))
    await renderArea()
    expect(document.title).toBe('About Us | Lamplight Puzzle Co.')
    await act(async () =>
      arrive(() => (
        <>
          <PageMeta title="Our story" description="Who we are." path="/about" />
          <h1>About Us</h1>
        </>
      )),
    )
    await screen.findByRole('heading', { name: 'About Us' })
    expect(document.title).toBe('Our story | Lamplight Puzzle Co.')
    expect(document.head.querySelectorAll('title')).toHaveLength(1)
  })

  it('renders the remote once it has loaded', async () => {
    loader(async () => () => <h1>About Us</h1>)
    await renderArea()
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument()
    expect(load).toHaveBeenCalledWith('storefront', 'routes', 0)
  })

  it('shows a fallback with Retry when the remote cannot load, and retries with a fresh attempt', async () => {
    loader(async (attempt) => {
      if (attempt === 0) throw new Error('ScriptExternalLoadError')
      return () => <h1>About Us</h1>
    })
    await renderArea()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent("This part of the site didn't load")
    expect(screen.getByText('chrome')).toBeInTheDocument()
    // Its release's health hears of the page view and of the failure (issue 38).
    expect(vi.mocked(reportAreaView)).toHaveBeenCalledWith('storefront')
    expect(vi.mocked(reportAreaError)).toHaveBeenCalledWith('storefront')
    const retry = screen.getByRole('button', { name: 'Retry' })
    await act(async () => userEvent.click(retry))
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument()
    expect(load).toHaveBeenLastCalledWith('storefront', 'routes', 1)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('contains a remote that throws while rendering', async () => {
    loader(async () => () => {
      throw new Error('broken page')
    })
    vi.mocked(reportAreaError).mockClear()
    await renderArea()
    expect(await screen.findByRole('alert')).toHaveTextContent("This part of the site didn't load")
    expect(screen.getByText('chrome')).toBeInTheDocument()
    expect(vi.mocked(reportAreaError)).toHaveBeenCalledWith('storefront')
  })
})
