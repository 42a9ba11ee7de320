import { render } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { JsonLd, PageMeta, PublicOriginProvider, scriptSafeJson, summarise } from './page-meta'

const head = (selector: string) => document.head.querySelector(selector)
const content = (selector: string) => head(selector)?.getAttribute('content')

describe('PageMeta', () => {
  it('puts the title, description, canonical link and Open Graph tags in the head, from the configured origin', () => {
    const view = render(
      <PublicOriginProvider origin="https://shop.example/">
        <main>
          <PageMeta
            title="Shop"
            description="Buy the box."
            path="/shop"
            image="/media/scroll.webp"
            type="product"
          />
        </main>
      </PublicOriginProvider>,
    )
    expect(document.title).toBe('Shop | Lamplight Puzzle Co.')
    expect(content('meta[name="description"]')).toBe('Buy the box.')
    expect(head('link[rel="canonical"]')?.getAttribute('href')).toBe('https://shop.example/shop')
    expect(content('meta[property="og:url"]')).toBe('https://shop.example/shop')
    expect(content('meta[property="og:title"]')).toBe('Shop | Lamplight Puzzle Co.')
    expect(content('meta[property="og:description"]')).toBe('Buy the box.')
    expect(content('meta[property="og:type"]')).toBe('product')
    expect(content('meta[property="og:image"]')).toBe('https://shop.example/media/scroll.webp')
    // Hoisted: nothing of it stays inside the page's markup.
    expect(view.container.querySelector('title, meta, link')).toBeNull()
    view.unmount()
    expect(head('link[rel="canonical"]')).toBeNull()
    expect(head('meta[name="description"]')).toBeNull()
  })

  it('follows the page: the next page replaces the title and links, none are left behind', () => {
    const view = render(<PageMeta title="Resource" path="/resources/item/x" />)
    expect(document.title).toBe('Resource | Lamplight Puzzle Co.')
    view.rerender(
      <PageMeta title="Noah’s Ark Maze" description="A maze for ages 4-7." path="/resources/item/x" />,
    )
    expect(document.title).toBe('Noah’s Ark Maze | Lamplight Puzzle Co.')
    expect(document.head.querySelectorAll('title')).toHaveLength(1)
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
    expect(content('meta[name="description"]')).toBe('A maze for ages 4-7.')
    view.unmount()
  })

  it('without a configured origin, links are root-relative, never a guessed host', () => {
    const view = render(<PageMeta title="About Us" description="Our story." path="/about" />)
    expect(head('link[rel="canonical"]')?.getAttribute('href')).toBe('/about')
    view.unmount()
  })

  it('gives a private screen its title alone: no canonical link, no Open Graph', () => {
    const view = render(<PageMeta title="Orders" />)
    expect(document.title).toBe('Orders | Lamplight Puzzle Co.')
    expect(head('link[rel="canonical"]')).toBeNull()
    expect(head('meta[property^="og:"]')).toBeNull()
    view.unmount()
  })

  it('keeps the home page’s full title as it is', () => {
    const view = render(<PageMeta title="Lamplight Puzzle Co. | Faith-based puzzle boxes" />)
    expect(document.title).toBe('Lamplight Puzzle Co. | Faith-based puzzle boxes')
    view.unmount()
  })

  it('renders the same tags on the server', () => {
    const html = renderToString(
      <PublicOriginProvider origin="https://shop.example">
        <PageMeta title="FAQ" description="Answers." path="/faq" />
      </PublicOriginProvider>,
    )
    expect(html).toContain('<title>FAQ | Lamplight Puzzle Co.</title>')
    expect(html).toContain('<meta name="description" content="Answers."/>')
    expect(html).toContain('<link rel="canonical" href="https://shop.example/faq"/>')
    expect(html).toContain('<meta property="og:url" content="https://shop.example/faq"/>')
  })
})

describe('JsonLd', () => {
  it('cannot be closed early by the data it carries', () => {
    const data = { name: '</script><script>alert(1)</script><!--', note: 'a & b > c' }
    const html = renderToString(<JsonLd data={data} />)
    expect(html.match(/<\/script>/gi)).toHaveLength(1)
    expect(html).not.toContain('<!--')
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(html)?.[1] ?? ''
    expect(JSON.parse(json)).toEqual(data)
  })

  it('escapes the line separators JSON allows and scripts once did not', () => {
    expect(scriptSafeJson({ a: 'x\u2028y\u2029' })).toBe('{"a":"x\\u2028y\\u2029"}')
  })
})

describe('summarise', () => {
  it('keeps a short text whole, on one line', () => {
    expect(summarise('A maze\n for  ages 4-7.')).toBe('A maze for ages 4-7.')
  })

  it('cuts a long text at a word, within the limit', () => {
    const text = `${'word '.repeat(60)}end`
    const short = summarise(text, 50)
    expect(short.length).toBeLessThanOrEqual(50)
    expect(short).toMatch(/^word( word)*…$/)
  })
})
