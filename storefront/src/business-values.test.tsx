import { SEEDED_SHIPPING_RATES } from '@lamplight/testing'
import { cleanup, waitFor } from '@testing-library/react'
import type { ComponentType } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ExperiencesPage } from './pages/experiences/experiences-page'
import { FaqPage } from './pages/faq/faq-page'
import { HomePage } from './pages/home/home-page'
import { ReturnsPage } from './pages/policies/returns-page'
import { ShippingPage } from './pages/policies/shipping-page'
import { ScrollOfAntiochPage } from './pages/scroll-of-antioch/scroll-of-antioch-page'
import { ShopPage } from './pages/shop/shop-page'
import { catalogueResponse, SCROLL } from './test/catalogue'
import { fakeApi, renderWithProviders } from './test/render'

// Copy states business values through the constants of @lamplight/contracts, so changing the
// free-shipping threshold or the delivery time changes every page at once. Here the constants
// are changed: every page must show the new values, and none the real ones.
vi.mock('@lamplight/contracts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@lamplight/contracts')>()),
  FREE_SHIPPING_THRESHOLD_CENTS: 4300,
  STANDARD_DELIVERY: '2-9 working days',
  SATISFACTION_WINDOW_DAYS: 17,
}))

/** The real values, as a page typing them by hand would show them. */
const REAL = ['$35', '3-5 business days', '3-5\nbusiness days', '30 days', '30-day']

/** Each page that states a business value, and what it must show with the changed constants. */
const PAGES: [string, ComponentType, string[]][] = [
  ['/', HomePage, ['$43']],
  ['/experiences', ExperiencesPage, ['2-9 working days', '$43']],
  ['/faq', FaqPage, ['$43', '2-9 working days', '17-day']],
  ['/shipping', ShippingPage, ['$43.00', '2-9 working days']],
  ['/returns', ReturnsPage, ['17 days', '17-day']],
  ['/shop', ShopPage, ['$43', '2-9 working days']],
  ['/scroll-of-antioch', ScrollOfAntiochPage, ['2-9 working days']],
]

/** What a visitor reads: the page's text and its head's descriptions. */
function shown() {
  const metas = [...document.querySelectorAll('meta[content]')].map((m) => m.getAttribute('content'))
  return [document.body.textContent ?? '', ...metas].join('\n')
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('business values in copy', () => {
  it.each(PAGES)('%s shows them from the constants, never typed by hand', async (path, Page, expected) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeApi((url) =>
          // The Shipping page reads the rates checkout charges (decision 052): here as changed.
          url.endsWith('/api/shipping/rates')
            ? Response.json({
                data: SEEDED_SHIPPING_RATES.map((r) => ({
                  ...r,
                  freeOverCents: r.freeOverCents && 4300,
                  deliveryTime: '2-9 working days',
                })),
              })
            : url.endsWith('/api/products/scroll-of-antioch')
              ? Response.json({ data: SCROLL })
              : url.endsWith('/api/products/scroll-of-antioch/access')
                ? Response.json({ data: { hasAccess: false } })
                : (catalogueResponse(url) ??
                  Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 })),
        ),
      ),
    )
    renderWithProviders(<Page />, path)
    await waitFor(() => {
      for (const value of expected) expect(shown()).toContain(value)
    })
    const text = shown()
    expect(REAL.filter((value) => text.includes(value))).toEqual([])
  })
})
