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

  // `String.prototype.replace` expands these in a replacement string: `$\`` is the text
  // before the match (the template's head), `$&` the match, `$'` the text after it.
  const DOLLAR_PATTERNS = ['$`', '$&', "$'", '$$', '$1', '$<x>']

  it.each(DOLLAR_PATTERNS)('copies %s in the page text as it is, into the head and the body', (pattern) => {
    const text = `${pattern} NOTICE: call 555-0100`
    const rendered = `<title>Search: ${text} | Lamplight Puzzle Co.</title><meta name="description" content="${text}"/><link rel="canonical" href="https://shop.example/resources/${text}"/><main><h1>${text}</h1></main>`
    const html = documentHtml({
      template: TEMPLATE,
      rendered,
      fallbackTitle: 'Fallback',
      stylesheets: [{ href: '/apps/resources-app/static/css/a.css', asset: 'static/css/a.css' }],
      state: { queries: [{ q: text }] },
      publicOrigin: 'https://shop.example',
    })
    const { head, body } = splitHoisted(rendered)
    expect(html).toBe(
      `<!doctype html><html><head><script defer src="/static/js/index.js"></script>${head}<link rel="stylesheet" href="/apps/resources-app/static/css/a.css" data-href="static/css/a.css"></head><body><div id="root">${body}</div><script type="application/json" id="lamplight-state" data-origin="https://shop.example">${scriptJson({ queries: [{ q: text }] })}</script></body></html>`,
    )
  })

  it.each(DOLLAR_PATTERNS)('copies %s in the route title and the origin as it is', (pattern) => {
    const text = pattern
      .replace(/&/g, () => '&amp;')
      .replace(/</g, () => '&lt;')
      .replace(/>/g, () => '&gt;')
    const html = documentHtml({
      template: TEMPLATE,
      rendered: '<p>x</p>',
      fallbackTitle: `${pattern} | Lamplight Puzzle Co.`,
      stylesheets: [{ href: `/apps/${pattern}.css`, asset: `${pattern}.css` }],
      state: {},
      publicOrigin: `https://${pattern}.example`,
    })
    expect(html).toBe(
      `<!doctype html><html><head><title>${text} | Lamplight Puzzle Co.</title><meta name="description" content="Default."><script defer src="/static/js/index.js"></script><link rel="stylesheet" href="/apps/${text}.css" data-href="${text}.css"></head><body><div id="root"><p>x</p></div><script type="application/json" id="lamplight-state" data-origin="https://${text}.example">{}</script></body></html>`,
    )
  })

  it('escapes data so it cannot close its script element', () => {
    expect(scriptJson({ text: '</script><script>alert(1)</script>' })).not.toContain('</script>')
    expect(JSON.parse(scriptJson({ text: '</script>' }))).toEqual({ text: '</script>' })
  })

  it('writes structured data no component renders into the head, unable to close its script', () => {
    const html = documentHtml({
      template: TEMPLATE,
      rendered: '<main>Home</main>',
      fallbackTitle: 'Home',
      stylesheets: [],
      state: {},
      publicOrigin: 'https://shop.example',
      structuredData: [{ '@type': 'Organization', name: '</script><script>alert(1)</script>' }],
    })
    const [, json] = /<script type="application\/ld\+json">([\s\S]*?)<\/script><\/head>/.exec(html) ?? []
    expect(JSON.parse(json ?? 'null')).toEqual({
      '@type': 'Organization',
      name: '</script><script>alert(1)</script>',
    })
    expect(html).not.toContain('<script>alert(1)')
  })
})
