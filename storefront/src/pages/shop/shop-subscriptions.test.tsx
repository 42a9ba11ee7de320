import { Toaster, toast } from '@lamplight/ui'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SCROLL } from '../../test/catalogue'
import { fakeApi, renderWithProviders } from '../../test/render'
import { ShopPage } from './shop-page'

afterEach(() => {
  // Toasts live in a module-wide store: none may leak into the next test.
  toast.dismiss()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const CUSTOMER = { user: { id: 'u1', email: 'ann@example.com', role: 'customer' } }
const NONE = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  subscription_status: null,
  cancel_at_period_end: false,
}
const ACTIVE = {
  subscribed: true,
  subscription_tier: 'Premium',
  subscription_end: '2026-12-23T10:00:00.000Z',
  subscription_status: 'active',
  cancel_at_period_end: false,
}
const fail = (status: number, message = 'x') =>
  Response.json({ error: { code: status === 409 ? 'conflict' : 'internal_error', message } }, { status })

type Answers = {
  status?: () => Response
  checkout?: () => Response
  portal?: () => Response
}

function Where() {
  const location = useLocation()
  return <output data-testid="where">{location.pathname + location.search + location.hash}</output>
}

function setup(session: unknown, answers: Answers = {}, path = '/shop') {
  const fetchMock = vi.fn(
    fakeApi((url) => {
      if (url.endsWith('/api/products/scroll-of-antioch')) return Response.json({ data: SCROLL })
      if (url.endsWith('/api/subscriptions/status')) return answers.status?.() ?? Response.json(NONE)
      if (url.endsWith('/api/subscriptions/checkout')) return answers.checkout?.() ?? fail(500)
      if (url.endsWith('/api/subscriptions/portal')) return answers.portal?.() ?? fail(500)
      return fail(404)
    }, session),
  )
  vi.stubGlobal('fetch', fetchMock)
  const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() }
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
  renderWithProviders(
    <>
      <Toaster />
      <ShopPage />
      <Where />
    </>,
    path,
  )
  return { fetchMock, tab, open }
}

describe('shop: monthly plans', () => {
  it('takes a visitor to sign in and back to the plan, and shows no status card', async () => {
    const { fetchMock, open } = setup(null)
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Basic' }))
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument()
    expect(screen.getByText('Please log in to subscribe.')).toBeInTheDocument()
    expect(screen.getByTestId('where')).toHaveTextContent(
      `/auth?redirect=${encodeURIComponent('/shop?plan=Basic#plans-heading')}`,
    )
    expect(screen.queryByRole('region', { name: 'Your subscription' })).toBeNull()
    expect(open).not.toHaveBeenCalled()
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/subscriptions/'))).toBe(false)
  })

  it('says the plan is active on coming back from the plan page, asking again until it is (issue 34)', async () => {
    let calls = 0
    setup(
      CUSTOMER,
      { status: () => Response.json(++calls < 2 ? NONE : ACTIVE) },
      '/shop?subscription=started',
    )
    expect(await screen.findByText('Waiting for your payment to be confirmed…')).toBeInTheDocument()
    expect(
      await screen.findByText('Your Premium subscription is active', {}, { timeout: 8000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Your subscription' })).toHaveTextContent('Active')
  })

  it('focuses the chosen plan once signed in', async () => {
    setup(CUSTOMER, {}, '/shop?plan=Family')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe to Family' })).toHaveFocus())
  })

  it('shows Not Subscribed without Manage Subscription, and opens the plan page in a new tab', async () => {
    const { tab, open, fetchMock } = setup(CUSTOMER, {
      checkout: () =>
        Response.json({
          url: 'http://localhost/api/payments/test-billing/checkout/cs_test_x',
          portal: false,
        }),
    })
    const card = await screen.findByRole('region', { name: 'Your subscription' })
    expect(card).toHaveTextContent('Not Subscribed')
    expect(within(card).queryByRole('button', { name: 'Manage Subscription' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Family' }))
    await vi.waitFor(() =>
      expect(tab.location.href).toBe('http://localhost/api/payments/test-billing/checkout/cs_test_x'),
    )
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect(tab.opener).toBeNull()
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/subscriptions/checkout'))!
    expect(JSON.parse(String(call[1]?.body))).toEqual({ priceId: 'price_family_monthly', tier: 'Family' })
  })

  it('says Subscription Error with the server’s message, or the spec’s words, and closes the empty tab', async () => {
    let answer = () => fail(409, 'Your plan page is still being opened. Please try again in a moment.')
    const { tab } = setup(CUSTOMER, { checkout: () => answer() })
    await screen.findByRole('region', { name: 'Your subscription' })
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Basic' }))
    expect(await screen.findByText('Subscription Error')).toBeInTheDocument()
    expect(
      screen.getByText('Your plan page is still being opened. Please try again in a moment.'),
    ).toBeInTheDocument()
    expect(tab.close).toHaveBeenCalled()
    answer = () => fail(500)
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Basic' }))
    expect(await screen.findByText('Failed to start subscription process')).toBeInTheDocument()
  })

  it('shows Active with the tier and renewal date; Refresh and Manage Subscription say the spec’s words', async () => {
    let status = () => Response.json(ACTIVE)
    setup(CUSTOMER, { status: () => status() })
    const card = await screen.findByRole('region', { name: 'Your subscription' })
    await vi.waitFor(() => expect(card).toHaveTextContent('Active'))
    expect(card).toHaveTextContent('Premium plan')
    expect(card).toHaveTextContent('Renews on December 23, 2026')
    // The current plan is not offered again; the others are a switch, in the billing page.
    expect(screen.getByRole('button', { name: 'Your current plan' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Subscribe to Premium' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Switch to Basic' })).toHaveAccessibleDescription(
      'Opens your billing page in a new tab, where you change plans.',
    )

    fireEvent.click(within(card).getByRole('button', { name: 'Refresh' }))
    expect(await screen.findByText('Subscription Updated')).toBeInTheDocument()
    expect(screen.getByText('Your subscription status has been refreshed.')).toBeInTheDocument()

    status = () => fail(500)
    fireEvent.click(within(card).getByRole('button', { name: 'Refresh' }))
    expect(await screen.findByText('Refresh Error')).toBeInTheDocument()
    expect(screen.getByText('Failed to refresh subscription status')).toBeInTheDocument()

    fireEvent.click(within(card).getByRole('button', { name: 'Manage Subscription' }))
    expect(await screen.findByText('Portal Error')).toBeInTheDocument()
    expect(screen.getByText('Failed to open customer portal')).toBeInTheDocument()
  })

  it('asks to log in again when the session ended before Manage Subscription', async () => {
    setup(CUSTOMER, {
      status: () => Response.json(ACTIVE),
      portal: () =>
        Response.json(
          { error: { code: 'unauthorized', message: 'Please sign in to continue.' } },
          { status: 401 },
        ),
    })
    const card = await screen.findByRole('region', { name: 'Your subscription' })
    fireEvent.click(await within(card).findByRole('button', { name: 'Manage Subscription' }))
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument()
    expect(await screen.findByText('Please log in to manage your subscription.')).toBeInTheDocument()
  })
})
