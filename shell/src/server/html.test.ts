import { describe, expect, it } from 'vitest'
import { documentHtml, scriptJson, splitHoisted } from './html'

const TEMPLATE =
  '<!doctype html><html><head><title>Lamplight Puzzle Co.</title><meta name="description" content="Default."><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>'

describe('server page HTML', () => {
  it('moves the metadata React hoisted to the front into the head', () => {
    expect(
      splitHoisted(
        '<title>A</title><meta name="description" content="d"/><link rel="canonical" href="/a"/><div>x</div>',
      ),
    ).toEqual({
      head: '<title>A</title><meta name="description" content="d"/><link rel="canonical" href="/a"/>',
      body: '<div>x</div>',
    })
  })

  it("puts the page's title, description and stylesheets in the head and its markup and data in #root", () => {
    const html = documentHtml({
      template: TEMPLATE,
      rendered:
        '<title>Shop | Lamplight Puzzle Co.</title><meta name="description" content="Buy."/><main>Shop</main>',
      fallbackTitle: 'Fallback',
      stylesheets: [{ href: '/apps/storefront/static/css/a.css', asset: 'static/css/a.css' }],
      state: { queries: [] },
      publicOrigin: 'https://shop.example',
    })
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain('<title>Shop | Lamplight Puzzle Co.</title>')
    expect(html).not.toContain('content="Default."')
    expect(html).toMatch(
      /<head>.*<link rel="stylesheet" href="\/apps\/storefront\/static\/css\/a.css" data-href="static\/css\/a.css"><\/head>/,
    )
    expect(html).toContain(
      '<div id="root"><main>Shop</main></div><script type="application/json" id="lamplight-state" data-origin="https://shop.example">{"queries":[]}</script>',
    )
  })

  it("keeps the template's description and uses the route's title when the page renders none", () => {
    const html = documentHtml({
      template: TEMPLATE,
      rendered: '<p>x</p>',
      fallbackTitle: 'About Us | Lamplight Puzzle Co.',
      stylesheets: [],
      state: {},
      publicOrigin: 'https://shop.example',
    })
    expect(html).toContain('<title>About Us | Lamplight Puzzle Co.</title>')
    expect(html).toContain('content="Default."')
  })

  it('escapes data so it cannot close its script element', () => {
    expect(scriptJson({ text: '</script><script>alert(1)</script>' })).not.toContain('</script>')
    expect(JSON.parse(scriptJson({ text: '</script>' }))).toEqual({ text: '</script>' })
  })
})
