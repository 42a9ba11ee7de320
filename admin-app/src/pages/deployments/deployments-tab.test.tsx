import type { RemoteDeployment } from '@lamplight/contracts'
import { createQueryClient } from '@lamplight/session'
import { Toaster } from '@lamplight/ui'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
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
    canary: null,
    health: { active: null, canary: null },
    canaryHistory: [],
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

const library = remote('resources-app', {
  canary: { version: '2.0.0-def5678', share: 25, startedAt: at as never, startedBy: 'dev@example.test' },
  health: {
    active: { version: 'bundled', views: 1200, errors: 6, errorRate: 0.005 },
    canary: { version: '2.0.0-def5678', views: 40, errors: 2, errorRate: 0.05 },
  },
  canaryHistory: [
    {
      version: '2.0.0-def5678',
      kind: 'started',
      share: 25,
      actor: 'dev@example.test',
      reason: null,
      at: at as never,
    },
    {
      version: '1.9.0-aaa1111',
      kind: 'auto_stopped',
      share: 50,
      actor: null,
      reason: 'Its error rate was 50.0 % over 20 page views, against 0.0 % for the active release over 400.',
      at: at as never,
    },
  ],
})

let activateAnswer: () => Response
const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input)
  if (url.endsWith('/api/admin/deployments') && (!init?.method || init.method === 'GET'))
    return Response.json({
      data: [storefront, library, remote('puzzle-app'), remote('admin-app')],
    })
  if (url.endsWith('/api/admin/deployments/storefront/activate')) return activateAnswer()
  if (url.endsWith('/api/admin/deployments/storefront/canary'))
    return Response.json({
      data: {
        ...storefront,
        canary: { version: '1.1.0-abc1234', share: 30, startedAt: at, startedBy: null },
      },
    })
  if (url.endsWith('/api/admin/deployments/resources-app/canary/stop'))
    return Response.json({ data: { ...library, canary: null } })
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

  it('shows a canary with its share and both error rates, and why an earlier one was stopped', async () => {
    renderTab()
    const row = (await screen.findByText('Resource library')).closest('tr')!
    expect(within(row).getByText('25 % of visitors')).toBeInTheDocument()
    const rates = within(row).getByLabelText('resources-app error rates')
    expect(rates).toHaveTextContent('Active:0.5 % of 1,200 views')
    expect(rates).toHaveTextContent('Canary:5.0 % of 40 views')
    expect(within(row).getByText(/stopped automatically \(50 %\)/)).toBeInTheDocument()
    expect(within(row).getByText(/error rate was 50\.0 % over 20 page views/)).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Promote resources-app canary' })).toBeEnabled()
  })

  it('starts a canary at the share typed, and stops one, each after a confirmation', async () => {
    const user = userEvent.setup()
    renderTab()
    const share = await screen.findByRole('spinbutton', { name: 'Canary share of storefront in percent' })
    await user.clear(share)
    await user.type(share, '30')
    expect(share).toHaveValue(30)
    await user.click(screen.getByRole('button', { name: 'Canary storefront 1.1.0-abc1234' }))
    let dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('1.1.0-abc1234 will load for 30 % of visitors')
    await user.click(within(dialog).getByRole('button', { name: 'Start canary' }))
    expect(
      await screen.findByText('Storefront 1.1.0-abc1234 is on canary for 30 % of visitors'),
    ).toBeInTheDocument()
    const call = fetchStub.mock.calls.find(([url]) => String(url).endsWith('/storefront/canary'))
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ version: '1.1.0-abc1234', share: 30 })

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Stop resources-app canary' }))
    dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Every visitor goes back to the active release of Resource library')
    await user.click(within(dialog).getByRole('button', { name: 'Stop canary' }))
    expect(await screen.findByText('Resource library canary stopped')).toBeInTheDocument()
  })

  it('does not offer a canary at a share outside 1-100', async () => {
    const user = userEvent.setup()
    renderTab()
    const share = await screen.findByRole('spinbutton', { name: 'Canary share of storefront in percent' })
    await user.clear(share)
    await user.type(share, '150')
    expect(share).toHaveValue(150)
    expect(screen.getByRole('button', { name: 'Canary storefront 1.1.0-abc1234' })).toBeDisabled()
  })
})
