import { type ShippingRate, ShippingRateBody } from '@lamplight/contracts'
import { SEEDED_SHIPPING_RATES } from '@lamplight/testing'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { adminSession, renderAdminPage, validationFailed } from '../../test/render-admin-page'
import { ShippingRatesPage } from './shipping-rates-page'

let rates: ShippingRate[]
let writes: { path: string; body: unknown }[]

/** The API as far as the page needs it: a body judged by the contract's own schema, as the router does. */
const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost')
  const method = init?.method ?? 'GET'
  if (url.pathname.endsWith('/get-session')) return adminSession()
  if (url.pathname === '/api/admin/shipping/rates') return Response.json({ data: rates })
  const country = url.pathname.match(/^\/api\/admin\/shipping\/rates\/(US|CA)$/)?.[1]
  if (country && method === 'PUT') {
    const body = JSON.parse(String(init?.body))
    writes.push({ path: url.pathname, body })
    const parsed = ShippingRateBody.safeParse(body)
    if (!parsed.success) return validationFailed(parsed.error.issues)
    const saved = { ...rates.find((r) => r.country === country)!, ...parsed.data }
    rates = rates.map((r) => (r.country === country ? saved : r))
    return Response.json({ data: saved })
  }
  return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 })
})

beforeEach(() => {
  rates = SEEDED_SHIPPING_RATES.map((rate) => ({ ...rate }))
  writes = []
  vi.stubGlobal('fetch', api)
})
afterEach(() => vi.unstubAllGlobals())

const renderPage = () => renderAdminPage('/admin/shipping', <ShippingRatesPage />)

const errorOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby')
  return id ? document.getElementById(id)?.textContent : undefined
}

it("shows each zone's rate in dollars and saves Canada's in cents, free from a threshold", async () => {
  const user = userEvent.setup()
  renderPage()
  const canada = await screen.findByRole('form', { name: 'Canada shipping' })
  expect(within(canada).getByText(/Now: \$12\.99/)).toBeInTheDocument()
  expect(
    within(screen.getByRole('form', { name: 'United States shipping' })).getByLabelText('Free from (USD)'),
  ).toHaveValue('35.00')
  const rate = within(canada).getByLabelText('Rate (USD)')
  await user.clear(rate)
  await user.type(rate, '14.50')
  await user.type(within(canada).getByLabelText('Free from (USD)'), '100')
  await user.click(within(canada).getByRole('button', { name: 'Save Canada rate' }))
  await vi.waitFor(() => expect(writes).toHaveLength(1))
  expect(writes[0]).toEqual({
    path: '/api/admin/shipping/rates/CA',
    body: { name: 'Standard', amountCents: 1450, freeOverCents: 10000 },
  })
  expect(await within(canada).findByText(/Now: \$14\.50, free from \$100\b/)).toBeInTheDocument()
})

it('says an amount that is not dollars on its field without asking the API, and the API’s refusal on its own', async () => {
  const user = userEvent.setup()
  renderPage()
  const us = await screen.findByRole('form', { name: 'United States shipping' })
  const rate = within(us).getByLabelText('Rate (USD)')
  await user.clear(rate)
  await user.type(rate, 'five')
  await user.click(within(us).getByRole('button', { name: 'Save United States rate' }))
  expect(errorOf(rate)).toBe('Please enter an amount in dollars, like 5.99.')
  expect(writes).toHaveLength(0)

  await user.clear(rate)
  await user.type(rate, '-1')
  await user.click(within(us).getByRole('button', { name: 'Save United States rate' }))
  await vi.waitFor(() =>
    expect(errorOf(within(us).getByLabelText('Rate (USD)'))).toBe('The rate cannot be negative.'),
  )
  expect(rates[0]?.amountCents).toBe(599)
})
