import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithProviders } from '../../test/render'
import { SubscriptionDetails } from './subscription-details'

afterEach(() => vi.unstubAllGlobals())

const SESSION = { user: { id: 'u1', email: 'ruth@example.com', name: 'Ruth', role: 'customer' } }

const base = {
  id: 'sub-1',
  tier: 'Basic',
  status: 'active',
  cancel_at_period_end: false,
  next_payment_at: '2026-12-28T10:00:00.000Z',
  next_payment_cents: 1999,
  next_period: '2026-12',
  next_period_skipped: false,
  next_box: { name: 'The Advent Lanterns', quantity: 1 },
  shipping_address: {
    firstName: 'Ruth',
    lastName: 'Moab',
    address: '12 Gleaning Lane',
    city: 'Bethlehem',
    state: 'PA',
    zipCode: '18015',
    country: 'US',
  },
  provider: 'test',
  since: '2026-11-28T10:00:00.000Z',
  periods: [],
  next_period_skip: null,
  paused_until: null,
  credit_cents: 0,
  failed_attempts: 0,
  next_payment_attempt_at: null,
}

const QUOTE = {
  from: 'Basic',
  to: 'Premium',
  provider: 'test',
  days_left: 30,
  days_in_period: 30,
  prorated_cents: 1000,
  new_price_cents: 2999,
  from_date: '2026-12-28T10:00:00.000Z',
  summary:
    'You pay the difference for the rest of this period now: $10.00 (30 of 30 days left in this period); from December 28, 2026 you pay $29.99 a month.',
}

function setup(sub: Record<string, unknown> = {}) {
  let current: Record<string, unknown> = { ...base, ...sub }
  const calls: { method: string; path: string; body: unknown }[] = []
  const fetchMock = vi.fn(
    fakeApi(async (url, init) => {
      const path = new URL(url, 'http://localhost').pathname + new URL(url, 'http://localhost').search
      const method = init.method ?? 'GET'
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : null })
      if (path === '/api/subscriptions/mine') return Response.json({ data: current })
      if (path.startsWith('/api/subscriptions/mine/plan-quote')) return Response.json({ data: QUOTE })
      if (path === '/api/subscriptions/mine/plan') {
        current = { ...current, tier: 'Premium' }
        return Response.json({ data: current, quote: QUOTE })
      }
      if (path === '/api/subscriptions/mine/pause' && method === 'PUT') {
        current = {
          ...current,
          paused_until: '2027-02-28T10:00:00.000Z',
          next_payment_at: '2027-02-28T10:00:00.000Z',
        }
        return Response.json({ data: current })
      }
      if (path === '/api/subscriptions/mine/pause' && method === 'DELETE') {
        current = { ...current, paused_until: null }
        return Response.json({ data: current })
      }
      if (path.startsWith('/api/subscriptions/mine/')) return Response.json({ data: current })
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })
    }, SESSION),
  )
  vi.stubGlobal('fetch', fetchMock)
  renderWithProviders(<SubscriptionDetails />, '/account')
  return { user: userEvent.setup(), calls }
}

describe('SubscriptionDetails (the /account subscription panel)', () => {
  it('shows the next payment, the next box and where boxes go', async () => {
    setup()
    expect(await screen.findByText(/\$19\.99/)).toBeInTheDocument()
    expect(screen.getByText('December 2026: 1 × The Advent Lanterns')).toBeInTheDocument()
    expect(screen.getByText(/12 Gleaning Lane/)).toBeInTheDocument()
    for (const name of ['Change plan', 'Skip December 2026', 'Pause', 'Cancel at period end'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument()
  })

  it('changes plan only after showing the proration the server states, then confirms it', async () => {
    const { user, calls } = setup()
    await user.click(await screen.findByRole('button', { name: 'Change plan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' })
    expect(await within(dialog).findByText(QUOTE.summary)).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/subscriptions/mine/plan-quote?tier=Premium')).toBe(true)
    expect(calls.some((c) => c.path === '/api/subscriptions/mine/plan')).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Change to Premium' }))
    expect(await screen.findByRole('dialog', { name: 'Your plan is now Premium' })).toHaveTextContent(
      QUOTE.summary,
    )
    expect(calls.find((c) => c.path === '/api/subscriptions/mine/plan')).toMatchObject({
      method: 'PUT',
      body: { tier: 'Premium' },
    })
  })

  it('asks how to skip: no charge, or charged and credited to the next payment', async () => {
    const { user, calls } = setup()
    await user.click(await screen.findByRole('button', { name: 'Skip December 2026' }))
    const dialog = await screen.findByRole('dialog', { name: 'Skip December 2026' })
    expect(within(dialog).getByRole('radio', { name: /No charge/ })).toBeChecked()
    await user.click(within(dialog).getByRole('radio', { name: /A credit/ }))
    expect(
      within(dialog).getByText(/charged as usual \(\$19\.99\), and that amount is taken off/),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Skip December 2026' }))
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.path === '/api/subscriptions/mine/skip-with-credit'),
      ).toBe(true),
    )
    expect(calls.some((c) => c.path === '/api/subscriptions/mine/skip')).toBe(false)
  })

  it('shows a skipped month with its kind', async () => {
    setup({ next_period_skipped: true, next_period_skip: 'credit', next_box: null })
    expect(await screen.findByText('December 2026: skipped, with a credit')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Undo skip of December 2026' })).toBeInTheDocument()
  })

  it('pauses 1, 2 or 3 months and resumes early', async () => {
    const { user, calls } = setup()
    await user.click(await screen.findByRole('button', { name: 'Pause' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pause your subscription' })
    expect(dialog).toHaveAccessibleDescription(
      /^No box is sent and nothing is charged while it is paused(, from [^.]+)?\. You can resume earlier at any time\.$/,
    )
    const options = within(dialog).getAllByRole('radio')
    expect(options).toHaveLength(3)
    await user.click(within(dialog).getByRole('radio', { name: /2 months/ }))
    expect(within(dialog).getByText('Starts again on February 28, 2027')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Pause 2 months' }))
    await vi.waitFor(() =>
      expect(
        calls.find((c) => c.method === 'PUT' && c.path === '/api/subscriptions/mine/pause')?.body,
      ).toEqual({
        months: 2,
      }),
    )
    expect(await screen.findByText('No boxes and no charges until February 28, 2027')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Resume now' }))
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/subscriptions/mine/pause')).toBe(
        true,
      ),
    )
  })

  it('says when the declined payment is tried again, and offers no changes while past due', async () => {
    setup({ status: 'past_due', failed_attempts: 1, next_payment_attempt_at: '2026-12-31T10:00:00.000Z' })
    expect(
      await screen.findByText(/We’ll try again on December 31, 2026: please update your card/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument()
  })
})
