import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resources } from '../../db/schema'
import { createTestApp } from '../../test/app'
import { requireBuilds } from '../../test/builds'
import { insertTeachingResourcesCategory } from '../../test/catalog'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import type { AppEnv } from '../../types'

// The real builds: the shell's server renderer and resources-app's server build (`npm run build`).
requireBuilds('shell/dist-server/index.cjs', 'resources-app/dist/server/mf-manifest.json')

/**
 * What `String.prototype.replace` expands in a replacement string: `$\`` the text before
 * the match (the template's head, copied into the title or above the header), `$&` the
 * match, `$'` the text after it, `$$` one dollar. A link or an editor can put any of them
 * in the text a page renders.
 */
const PATTERNS = ['$`', '$&', "$'", '$$', '$1']
const NOTICE = 'NOTICE: call 555-0100'

describe.each(DRIVERS)('server-rendered pages with $ patterns in their text on %s', (driver) => {
  let database: TestDatabase
  let app: Hono<AppEnv>

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database, { SERVE_APPS: 'true', SERVER_RENDER_DEADLINE_MS: '10000' })
      .app as unknown as Hono<AppEnv>
    const categoryId = await insertTeachingResourcesCategory(database)
    await database.db.insert(resources).values(
      PATTERNS.map((pattern, i) => ({
        slug: `dollar-${i}`,
        title: `${pattern} ${NOTICE}`,
        categoryId,
        published: true,
      })),
    )
  }, 120_000)
  afterAll(() => database?.destroy())

  /** The page's HTML, checked for what any page must be: one document, one head, one title. */
  async function page(url: string) {
    const res = await app.request(url)
    const html = await res.text()
    expect(res.status, url).toBeLessThan(500)
    expect(html.match(/<!doctype html>/gi), url).toHaveLength(1)
    expect(html.match(/<head>/g), url).toHaveLength(1)
    expect(html.match(/<title>/g), url).toHaveLength(1)
    // The area was rendered on the server, or this test would prove nothing.
    expect(html, url).not.toContain('data-remote-loading')
    // Nothing the visitor did not ask for comes before the site's header.
    const beforeHeader = html.slice(html.indexOf('<body'), html.indexOf('<header'))
    expect(beforeHeader, url).not.toContain('NOTICE')
    return html
  }

  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, (ch) => `\\${ch}`)
  const title = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1]
  /** How React writes text: the apostrophe and the ampersand as entities. */
  const asHtml = (text: string) => text.replace(/&/g, () => '&amp;').replace(/'/g, () => '&#x27;')

  it.each(PATTERNS)(
    'a search for %s shows the search in the title and nowhere else in the head',
    async (pattern) => {
      const q = `${pattern} ${NOTICE}`
      const html = await page(`/resources?q=${encodeURIComponent(q)}`)
      expect(title(html)).toBe(`Search: ${asHtml(q)} | Lamplight Puzzle Co.`)
    },
    60_000,
  )

  it.each(PATTERNS.map((pattern, i) => [pattern, i] as const))(
    "a resource titled %s: its title as it is, in the head and the page's heading",
    async (pattern, i) => {
      const html = await page(`/resources/item/dollar-${i}`)
      expect(title(html)).toBe(`${asHtml(`${pattern} ${NOTICE}`)} | Lamplight Puzzle Co.`)
      expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(asHtml(`${pattern} ${NOTICE}`))}</h1>`))
    },
    60_000,
  )

  it.each(PATTERNS)(
    'a path with %s in it answers its page, unchanged',
    async (pattern) => {
      const slug = `${pattern}${NOTICE}`
      const html = await page(`/resources/item/${encodeURIComponent(slug)}`)
      // The resource is not there: the page says so, in its own head (rendered on the server, a 404).
      expect(title(html)).toBe('Resource Not Found | Lamplight Puzzle Co.')
    },
    60_000,
  )
})
