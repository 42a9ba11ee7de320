import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithProviders } from '../../test/render'
import { GiftCardsPage } from './gift-cards-page'

afterEach(() => vi.unstubAllGlobals())

function setup(handler: Parameters<typeof fakeApi>[0], path = '/gift-cards?amount=10000') {
  const fetchMock = vi.fn(fakeApi(handler))
  vi.stubGlobal('fetch', fetchMock)
  const user = userEvent.setup()
  renderWithProviders(<GiftCardsPage />, path)
  const calls = (end: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(end))
  return { user, calls }
}

describe('GiftCardsPage', () => {
  it('starts with the amount the shop button chose and sends the purchase in the body', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const { user, calls } = setup(() =>
      Response.json({ url: 'http://localhost/api/payments/test/cs_test_x' }),
    )
    expect(await screen.findByRole('radio', { name: '$100' })).toBeChecked()
    await user.type(screen.getByLabelText('Recipient’s email'), 'friend@example.com')
    await user.type(screen.getByLabelText('Your name'), 'Priscilla')
    await user.type(screen.getByLabelText('Your email (for the receipt)'), 'giver@example.com')
    await user.type(screen.getByLabelText('Message (optional)'), 'Grace and peace')
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/payments/test/cs_test_x'))
    const [, init] = calls('/api/gift-cards/checkout')[0]!
    expect(JSON.parse(String(init?.body))).toMatchObject({
      amountCents: 10000,
      recipientEmail: 'friend@example.com',
      giverName: 'Priscilla',
      buyerEmail: 'giver@example.com',
      message: 'Grace and peace',
    })
  })

  it('refuses a custom amount out of range before asking, and shows the API’s refusals on their fields', async () => {
    const { user, calls } = setup(() =>
      Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Please enter your name.',
            issues: [{ path: 'giverName', message: 'Please enter your name.' }],
          },
        },
        { status: 400 },
      ),
    )
    await user.click(await screen.findByRole('radio', { name: 'Other amount' }))
    await user.type(screen.getByLabelText('Amount in dollars ($10 to $500)'), '9')
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }))
    expect(await screen.findByText('Please choose an amount from $10.00 to $500.00.')).toBeInTheDocument()
    expect(calls('/api/gift-cards/checkout')).toHaveLength(0)
    await user.clear(screen.getByLabelText('Amount in dollars ($10 to $500)'))
    await user.type(screen.getByLabelText('Amount in dollars ($10 to $500)'), '20')
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }))
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument()
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true')
  })

  it('checks a balance with the code in the body, and says only "not valid" otherwise', async () => {
    const { user, calls } = setup(async (_url, init) => {
      const { code } = JSON.parse(String(init.body)) as { code: string }
      return code === 'ABCD-EFGH-JKMN-PQRS'
        ? Response.json({ data: { last4: 'PQRS', balanceCents: 1, currency: 'usd' } })
        : Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'This gift card code is not valid.',
                issues: [{ path: 'code', message: 'This gift card code is not valid.' }],
              },
            },
            { status: 400 },
          )
    }, '/gift-cards')
    const code = await screen.findByLabelText('Gift card code')
    await user.type(code, 'nope')
    await user.click(screen.getByRole('button', { name: 'Check balance' }))
    expect(await screen.findByText('This gift card code is not valid.')).toBeInTheDocument()
    await user.clear(code)
    await user.type(code, 'ABCD-EFGH-JKMN-PQRS')
    await user.click(screen.getByRole('button', { name: 'Check balance' }))
    expect(await screen.findByText('Gift card …PQRS has $0.01 left.')).toBeInTheDocument()
    for (const [url] of calls('/api/gift-cards/balance')) expect(String(url)).not.toContain('ABCD')
  })
})
