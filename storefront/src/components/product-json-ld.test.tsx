import { CURRENCY, formatMoney, type ProductView } from '@lamplight/contracts'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ProductJsonLd, productJsonLd } from './product-json-ld'

const PRODUCT: ProductView = {
  id: 'p1',
  name: 'The Scroll of Antioch',
  description: 'Restore the scroll.',
  slug: 'scroll-of-antioch',
  price: 4999,
  image: '/media/scroll.webp',
  tagline: '',
  category: 'history',
  compare_at: null,
  availability: 'on_sale',
  sku: 'LPC-SOA-001',
  featured: true,
  facts: {},
  images: [],
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

  it('names every picture, the SKU, and the availability the stock gives', () => {
    const data = productJsonLd(
      {
        ...PRODUCT,
        availability: 'sold_out',
        images: [
          { id: 'a', url: '/api/products/x/images/a', alt: 'A', width: 10, height: 10 },
          { id: 'b', url: '/api/products/x/images/b', alt: 'B', width: 10, height: 10 },
        ],
      },
      'https://shop.example',
      '/experiences/x',
    )
    expect(data).toMatchObject({
      sku: 'LPC-SOA-001',
      image: ['https://shop.example/api/products/x/images/a', 'https://shop.example/api/products/x/images/b'],
      offers: { availability: 'https://schema.org/OutOfStock' },
    })
    expect(productJsonLd({ ...PRODUCT, availability: 'coming_soon' }, '', '/x').offers.availability).toBe(
      'https://schema.org/PreOrder',
    )
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
