import { CURRENCY, formatMoney } from '@lamplight/contracts'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ProductJsonLd, productJsonLd } from './product-json-ld'

const PRODUCT = {
  id: 'p1',
  name: 'The Scroll of Antioch',
  description: 'Restore the scroll.',
  slug: 'scroll-of-antioch',
  price: 4999,
  image: '/media/scroll.webp',
}

describe('Product JSON-LD', () => {
  it('describes the product with its live price, currency and availability on the public origin', () => {
    const data = productJsonLd(PRODUCT, 'https://shop.example', '/scroll-of-antioch')
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'The Scroll of Antioch',
      description: 'Restore the scroll.',
      image: 'https://shop.example/media/scroll.webp',
      url: 'https://shop.example/scroll-of-antioch',
      offers: {
        '@type': 'Offer',
        priceCurrency: CURRENCY.toUpperCase(),
        availability: 'https://schema.org/InStock',
      },
    })
    // The same amount the page shows with formatMoney, without the symbol.
    expect(`$${data.offers.price}`).toBe(formatMoney(PRODUCT.price))
  })

  it('follows the price the API gives', () => {
    expect(productJsonLd({ ...PRODUCT, price: 12345 }, '', '/shop').offers.price).toBe('123.45')
  })

  it('leaves the image out when the product has none', () => {
    expect(productJsonLd({ ...PRODUCT, image: null }, '', '/shop')).not.toHaveProperty('image')
  })

  it('cannot be broken out of by a product text', () => {
    const html = renderToString(
      <ProductJsonLd product={{ ...PRODUCT, name: '</script><script>alert(1)</script>' }} pagePath="/shop" />,
    )
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(html)?.[1] ?? ''
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script>')
  })
})
