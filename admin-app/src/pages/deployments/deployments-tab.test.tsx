import type { RemoteDeployment } from '@lamplight/contracts'
import { createQueryClient } from '@lamplight/session'
import { Toaster } from '@lamplight/ui'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DeploymentsTab } from './deployments-tab'

const at = '2026-11-23T09:00:00.000Z'
function remote(name: RemoteDeployment['remote'], extra: Partial<RemoteDeployment> = {}): RemoteDeployment {
  return {
    remote: name,
    active: {
      version: 'bundled',
      manifestUrl: `/apps/${name}/mf-manifest.json`,
      activatedAt: at as never,
      activatedBy: null,
    },
    override: null,
    rollbackTo: null,
    releases: [
      {
        version: 'bundled',
        manifestUrl: `/apps/${name}/mf-manifest.json`,
        registeredBy: null,
        registeredAt: at as never,
        lastActivatedAt: at as never,
        active: true,
      },
    ],
    history: [
      {
        version: 'bundled',
        kind: 'default',
        activatedBy: null,
        activatedAt: at as never,
        rolledBackAt: null,
      },
    ],
    ...extra,
  }
}

const storefront = remote('storefront', {
  releases: [
    {
      version: '1.1.0-abc1234',
      manifestUrl: '/apps/storefront/1.1.0-abc1234/mf-manifest.json',
      registeredBy: 'dev@example.test',
      registeredAt: at as never,
      lastActivatedAt: null,
      active: false,
    },
    ...remote('storefront').releases,
  ],
})

let activateAnswer: () => Response
const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input)
  if (url.endsWith('/api/admin/deployments') && (!init?.method || init.method === 'GET'))
    return Response.json({
      data: [storefront, remote('resources-app'), remote('puzzle-app'), remote('admin-app')],
    })
  if (url.endsWith('/api/admin/deployments/storefront/activate')) return activateAnswer()
  return Response.json({ error: { code: 'not_found', message: 'Not here' } }, { status: 404 })
})

function renderTab() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DeploymentsTab />
      <Toaster />
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchStub)
  fetchStub.mockClear()
})
afterEach(() => vi.unstubAllGlobals())

describe('Deployments tab', () => {
  it('lists each remote with its active version, and rolls back only where there is something to roll back to', async () => {
    renderTab()
    const row = (await screen.findByText('Storefront')).closest('tr')!
    expect(row.querySelectorAll('td')[1]).toHaveTextContent('bundled')
    expect(within(row).getByRole('button', { name: 'Roll back storefront' })).toBeDisabled()
    expect(screen.getByText('Puzzle portal')).toBeInTheDocument()
  })

  it('activates the chosen release after a confirmation, and shows the server reason when it is refused', async () => {
    const user = userEvent.setup()
    activateAnswer = () =>
      Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'storefront 1.1.0-abc1234 cannot be activated: it does not fit the shell.',
          },
        },
        { status: 422 },
      )
    renderTab()
    await user.click(await screen.findByRole('button', { name: 'Activate storefront 1.1.0-abc1234' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Storefront will switch to 1.1.0-abc1234')
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }))
    expect(await screen.findByText(/cannot be activated: it does not fit the shell/)).toBeInTheDocument()
    const call = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/storefront/activate'))
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ version: '1.1.0-abc1234' })

    activateAnswer = () =>
      Response.json({
        data: {
          ...storefront,
          active: { ...storefront.active!, version: '1.1.0-abc1234' },
          rollbackTo: 'bundled',
        },
      })
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }))
    expect(await screen.findByText('Storefront 1.1.0-abc1234 is live')).toBeInTheDocument()
  })
})
