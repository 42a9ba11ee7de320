import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAdminPage } from '../../test/render-admin-page'
import { SubscriberFigures, SubscribersPage } from './subscribers-page'

const ID = '3f2a9c1b-0000-4000-8000-00000000000a'
const subscriber = {
  id: ID,
  email: 'ruth@example.com',
  name: 'Ruth Moab',
  tier: 'Premium',
  status: 'active',
  cancel_at_period_end: false,
  provider: 'test',
  since: '2026-11-28T10:00:00.000Z',
  next_shipment: '2026-12',
  next_payment_at: '2026-12-28T10:00:00.000Z',
  paused_until: null as string | null,
  city: 'Bethlehem',
}
/** Paused through January: listed as Paused, not Active. */
const pausedSubscriber = {
  ...subscriber,
  id: '3f2a9c1b-0000-4000-8000-00000000000b',
  email: 'naomi@example.com',
  name: 'Naomi Ephrath',
  next_shipment: '2027-02',
  next_payment_at: '2027-02-28T10:00:00.000Z',
  paused_until: '2027-02-28T10:00:00.000Z',
  city: 'Ephrath',
}
const detail = {
  ...subscriber,
  next_period_skip: null,
  paused_until: '2027-02-28T10:00:00.000Z',
  credit_cents: 1500,
  failed_attempts: 0,
  next_payment_attempt_at: null,
  shipping_address: null,
  periods: [
    {
      period: '2026-11',
      status: 'shipped',
      tier: 'Premium',
      amount_cents: 2999,
      order_id: null,
      order_number: null,
      boxes: [],
      fulfilment_status: null,
      credit_cents: 0,
      created_at: '2026-11-28T10:00:00.000Z',
    },
  ],
  history: [
    {
      at: '2026-11-28T11:00:00.000Z',
      event: 'paused',
      note: 'December 2026, January 2027',
      actor_email: null,
    },
  ],
}
const figures = {
  active_per_plan: [
    { tier: 'Basic', count: 0 },
    { tier: 'Premium', count: 1 },
    { tier: 'Family', count: 0 },
  ],
  active: 1,
  past_due: 0,
  mrr_cents: 2999,
  new_this_month: 1,
  cancelled_this_month: 0,
  subscription_revenue_this_month_cents: 2999,
  order_revenue_this_month_cents: 0,
  revenue_this_month_cents: 2999,
  awaiting_box: [
    { period: '2026-12', count: 3, box_set: false },
    { period: '2027-01', count: 1, box_set: true },
  ],
}

const GIFT = 'a7c0e3f1-0000-4000-8000-00000000000b'
const gift = {
  id: GIFT,
  tier: 'Basic',
  months: 3,
  amount_cents: 7497,
  status: 'active',
  months_left: 2,
  months_shipped: 1,
  recipient_name: 'Naomi Bethlehem',
  recipient_email: 'naomi@example.com',
  buyer_name: 'Ruth Moab',
  buyer_email: 'ruth@example.com',
  message: null,
  city: 'Bethlehem',
  provider: 'test',
  created_at: '2026-11-28T10:00:00.000Z',
}
/** A paid gift whose recipient has not given an address yet. */
const WAITING = '3f2a9c1b-0000-4000-8000-0000000000c1'
const giftDetail = {
  ...gift,
  shipping_address: null,
  periods: [
    {
      period: '2026-12',
      status: 'awaiting_box',
      tier: 'Basic',
      order_id: null,
      order_number: null,
      boxes: [],
      fulfilment_status: null,
      created_at: '2026-11-28T10:00:00.000Z',
    },
  ],
}

const calls: { method: string; url: URL }[] = []
/** A new shop: no subscriber and no gift. */
let noRows = false
const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = new URL(String(input), 'http://localhost')
  calls.push({ method: init.method ?? 'GET', url })
  if (
    noRows &&
    (url.pathname === '/api/admin/subscriptions' || url.pathname === '/api/admin/gift-subscriptions')
  )
    return Response.json({ data: [], total: 0, page: 1, page_size: 50 })
  if (url.pathname.endsWith('/get-session'))
    return Response.json({ user: { id: 'admin-1', email: 'boss@example.com', name: 'Boss', role: 'admin' } })
  if (url.pathname === '/api/admin/subscriptions/figures') return Response.json({ data: figures })
  if (url.pathname === '/api/admin/subscriptions')
    return Response.json({ data: [subscriber, pausedSubscriber], total: 2, page: 1, page_size: 50 })
  if (url.pathname === `/api/admin/subscriptions/${ID}`) return Response.json({ data: detail })
  if (url.pathname === '/api/admin/subscriptions/gone')
    return Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 })
  if (url.pathname === '/api/admin/gift-subscriptions')
    return Response.json({ data: [gift], total: 120, page: Number(url.searchParams.get('page') ?? 1) })
  if (url.pathname === `/api/admin/gift-subscriptions/${GIFT}`) return Response.json({ data: giftDetail })
  if (url.pathname === `/api/admin/gift-subscriptions/${WAITING}`)
    return Response.json({ data: { ...giftDetail, id: WAITING, status: 'awaiting_address', periods: [] } })
  if (url.pathname === `/api/admin/gift-subscriptions/${WAITING}/resend-link` && init.method === 'POST') {
    await new Promise((r) => setTimeout(r, 50))
    return Response.json({ data: { expires_at: '2027-01-27T10:00:00.000Z' } })
  }
  if (url.pathname.startsWith(`/api/admin/subscriptions/${ID}/`)) return Response.json({ data: detail })
  return Response.json({ data: [], total: 0 })
})

const renderAt = (path: string, ui = <SubscribersPage />) => renderAdminPage(path, ui)

beforeEach(() => {
  vi.stubGlobal('fetch', fetchStub)
  fetchStub.mockClear()
  calls.length = 0
  noRows = false
})
afterEach(() => vi.unstubAllGlobals())

const listCalls = () => calls.filter((c) => c.url.pathname === '/api/admin/subscriptions')

describe('/admin/subscribers', () => {
  it('lists subscribers with the filters read from the address, and writes new ones into it', async () => {
    const user = userEvent.setup()
    renderAt('/admin/subscribers?status=past_due')
    const table = await screen.findByRole('table', { name: 'Subscribers' })
    expect(await within(table).findByRole('button', { name: /ruth@example\.com/ })).toBeInTheDocument()
    expect(within(table).getByText('Bethlehem')).toBeInTheDocument()
    expect(within(table).getByText('December 2026')).toBeInTheDocument()
    const rowOf = (email: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(email))!
    expect(within(rowOf('ruth@example.com')).getByText('Active')).toBeInTheDocument()
    expect(within(rowOf('naomi@example.com')).getByText('Paused')).toBeInTheDocument()
    expect(within(rowOf('naomi@example.com')).getByText('February 2027')).toBeInTheDocument()
    expect(listCalls()[0]!.url.searchParams.get('status')).toBe('past_due')
    expect(screen.getByLabelText('Status')).toHaveValue('past_due')
    await user.selectOptions(screen.getByLabelText('Plan'), 'Family')
    expect(screen.getByLabelText('address')).toHaveTextContent(
      '/admin/subscribers?status=past_due&plan=Family',
    )
    await vi.waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('plan')).toBe('Family'))
  })

  it("opens a subscriber's detail (pause, credit, months, history) and runs its actions", async () => {
    const user = userEvent.setup()
    renderAt('/admin/subscribers')
    await user.click(await screen.findByRole('button', { name: /ruth@example\.com/ }))
    expect(screen.getByLabelText('address')).toHaveTextContent(`/admin/subscribers?id=${ID}`)
    const region = await screen.findByRole('region', { name: 'ruth@example.com' })
    expect(within(region).getByText(/no boxes, no charges/)).toBeInTheDocument()
    expect(within(region).getByText('$15.00 off the next payment')).toBeInTheDocument()
    expect(within(region).getByText(/December 2026, January 2027/)).toBeInTheDocument()
    const months = within(region).getByRole('list', { name: 'Months (payments and shipments)' })
    expect(within(months).getByRole('listitem')).toHaveTextContent('November 2026 · PremiumShipped · $29.99')
    await user.click(within(region).getByRole('button', { name: 'Skip with a credit' }))
    await vi.waitFor(() =>
      expect(
        calls.some(
          (c) => c.method === 'POST' && c.url.pathname === `/api/admin/subscriptions/${ID}/skip-with-credit`,
        ),
      ).toBe(true),
    )
    await user.click(within(region).getByRole('button', { name: 'Cancel at period end' }))
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url.pathname === `/api/admin/subscriptions/${ID}/cancel`),
      ).toBe(true),
    )
  })

  it('warns of months waiting for their box, linking to the box of that month', async () => {
    renderAt('/admin', <SubscriberFigures withRevenue={false} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('3 subscription shipments wait for December’s box — set it')
    expect(within(alert).getByRole('link', { name: 'set it' })).toHaveAttribute(
      'href',
      '/admin/subscribers?box=2026-12#month-box',
    )
    expect(alert).toHaveTextContent(
      '1 subscription shipment waits in January 2027: the box is sold out or the subscriber has no address.',
    )
  })

  it("says a subscriber's detail did not load, and Retry asks again", async () => {
    const user = userEvent.setup()
    renderAt('/admin/subscribers?id=gone')
    const region = await screen.findByRole('region', { name: 'Subscriber' })
    expect(await within(region).findByRole('alert')).toHaveTextContent('Failed to load the subscriber')
    const asked = () => calls.filter((c) => c.url.pathname === '/api/admin/subscriptions/gone').length
    const before = asked()
    await user.click(within(region).getByRole('button', { name: 'Retry' }))
    await vi.waitFor(() => expect(asked()).toBe(before + 1))
  })

  it("keeps the gifts' search, page and open gift in their own keys beside the subscribers'", async () => {
    const user = userEvent.setup()
    renderAt('/admin/subscribers?status=active&page=2')
    const gifts = await screen.findByRole('navigation', { name: 'Gift subscriptions pages' })
    await user.click(within(gifts).getByRole('button', { name: 'Page 3' }))
    expect(screen.getByLabelText('address')).toHaveTextContent(
      '/admin/subscribers?status=active&page=2&gpage=3',
    )
    await vi.waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/api/admin/gift-subscriptions')
          .at(-1)!
          .url.searchParams.get('page'),
      ).toBe('3'),
    )
    // Opening a gift keeps its page; its months read like a subscriber's, without an amount.
    await user.click(await screen.findByRole('button', { name: /Naomi Bethlehem/ }))
    expect(screen.getByLabelText('address')).toHaveTextContent(`gpage=3&gift=${GIFT}`)
    const region = await screen.findByRole('region', { name: 'Gift to Naomi Bethlehem' })
    const months = within(region).getByRole('list', { name: 'Months (shipments)' })
    expect(within(months).getByRole('listitem')).toHaveTextContent('December 2026 · BasicWaiting for the box')
    // Active: there is no address link to send.
    expect(within(region).queryByRole('button', { name: 'Mail a new address link' })).toBeNull()
    // A new search goes back to the gifts' first page and leaves the subscribers' keys alone.
    await user.type(screen.getByLabelText('Search gifts by buyer or recipient'), 'naomi')
    await vi.waitFor(() =>
      expect(screen.getByLabelText('address')).toHaveTextContent(
        `/admin/subscribers?status=active&page=2&gq=naomi&gift=${GIFT}`,
      ),
    )
  })

  it('shows a shop with no subscriber and no gift only the empty states, without filters or search', async () => {
    noRows = true
    renderAt('/admin/subscribers')
    expect(await screen.findByText('No subscribers yet.')).toBeInTheDocument()
    expect(await screen.findByText('No gift subscriptions yet.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull()
    expect(screen.queryByLabelText('Search gifts by buyer or recipient')).toBeNull()
  })

  it("mails a gift's recipient a new address link once, however quickly the button is pressed twice", async () => {
    const user = userEvent.setup()
    renderAt(`/admin/subscribers?gift=${WAITING}`)
    const region = await screen.findByRole('region', { name: 'Gift to Naomi Bethlehem' })
    const button = await within(region).findByRole('button', { name: 'Mail a new address link' })
    await user.dblClick(button)
    const posts = () =>
      calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith(`/${WAITING}/resend-link`)).length
    await vi.waitFor(() => expect(posts()).toBe(1))
    await vi.waitFor(() =>
      expect(within(region).getByRole('button', { name: 'Mail a new address link' })).toBeEnabled(),
    )
    expect(posts()).toBe(1)
  })
})
