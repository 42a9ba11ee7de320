import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithProviders } from '../../test/render'
import { GiftSubscriptionPanel } from './gift-subscription'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function setup(
  path: string,
  handler: (url: string, init: RequestInit) => Response = () => Response.json({}, { status: 404 }),
  session: unknown = null,
) {
  const fetchMock = vi.fn(fakeApi(handler, session))
  vi.stubGlobal('fetch', fetchMock)
  window.HTMLElement.prototype.scrollIntoView = vi.fn()
  renderWithProviders(<GiftSubscriptionPanel />, path)
  return fetchMock
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('shop: give a subscription as a gift (issue 34 item 7)', () => {
  it('shows the total for the plan and months chosen, and the price of each length', async () => {
    setup('/shop?gift=Premium')
    const total = await screen.findByTestId('gift-total')
    expect(total).toHaveTextContent('Premium, 3 months × $29.99')
    expect(total).toHaveTextContent('Total $89.97')
    const months = screen.getByRole('group', { name: 'How many months' })
    expect(within(months).getByLabelText(/12 months/)).not.toBeChecked()
    fireEvent.click(within(months).getByLabelText(/12 months/))
    expect(total).toHaveTextContent('Total $359.88')
    fireEvent.click(screen.getByLabelText(/^Family/))
    expect(total).toHaveTextContent('Family, 12 months × $49.99')
    expect(total).toHaveTextContent('Total $599.88')
  })

  it('puts each mistake on its field and sends nothing', async () => {
    const fetchMock = setup('/shop?gift=Basic')
    await screen.findByTestId('gift-total')
    type('Recipient’s email', 'not-an-email')
    fireEvent.click(screen.getByLabelText(/I’ll enter it now/))
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: 'ABCDE' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    expect(await screen.findByText('Please enter the recipient’s name.')).toBeInTheDocument()
    expect(screen.getByLabelText('Recipient’s name')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument()
    expect(screen.getByLabelText('Recipient’s email')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Please enter your street address.')).toBeInTheDocument()
    expect(screen.getByLabelText('Your email')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/gift-subscriptions'))).toBe(false)
  })

  it('sends the gift and goes to the payment page; a server refusal lands on its field', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    let sent: Record<string, unknown> | null = null
    let calls = 0
    setup('/shop?gift=Premium', (url, init) => {
      if (url.endsWith('/api/gift-subscriptions')) {
        sent = JSON.parse(String(init.body))
        if (++calls === 1)
          return Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Please check the highlighted fields.',
                issues: [{ path: 'recipientEmail', message: 'That address cannot receive mail.' }],
              },
            },
            { status: 400 },
          )
        return Response.json({ url: 'https://pay.example/cs_1', amount_cents: 8997 }, { status: 201 })
      }
      return Response.json({}, { status: 404 })
    })
    await screen.findByTestId('gift-total')
    type('Recipient’s name', 'Naomi')
    type('Recipient’s email', 'naomi@example.com')
    type(/Gift message/, 'Merry Christmas')
    type('Your email', 'ruth@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    expect(await screen.findByText('That address cannot receive mail.')).toBeInTheDocument()
    expect(sent).toMatchObject({
      tier: 'Premium',
      months: 3,
      recipientName: 'Naomi',
      recipientEmail: 'naomi@example.com',
      delivery: 'mail',
      message: 'Merry Christmas',
      buyerEmail: 'ruth@example.com',
    })
    expect(sent).not.toHaveProperty('address')
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'))
  })

  it("the recipient's page says when the link was used already", async () => {
    setup('/shop?gift-address=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', () =>
      Response.json(
        {
          error: {
            code: 'gone',
            message: 'This link has been used already: the address for this gift is given.',
          },
        },
        { status: 410 },
      ),
    )
    expect(await screen.findByText(/This link has been used already/)).toBeInTheDocument()
  })
})
