import { GALLERY_SLUG_PREFIXES, PRODUCT_SLUG_SCROLL, productPathOf } from '@lamplight/contracts'
import { ROUTES } from '@lamplight/routes'
import { and, asc, eq, max, ne, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Db } from '../db/client'
import { categories, products, resources } from '../db/schema'
import type { AppEnv } from '../types'

/** Kept out of search engines: the console, the puzzles (bought or code-gated), the cart, checkout and the API. */
export const DISALLOWED = [
  '/admin',
  '/puzzle',
  '/cart',
  '/checkout',
  '/purchase-success',
  '/account',
  '/api/',
]

/** Public pages with a fixed address that are worth finding: not a step of buying, not disallowed. */
export function staticPublicPaths(): string[] {
  return ROUTES.filter(
    (r) => r.access === 'public' && !r.path.includes(':') && !DISALLOWED.some((d) => r.path.startsWith(d)),
  ).map((r) => r.path)
}

type Url = { loc: string; lastmod?: Date }

async function sitemapUrls(db: Db): Promise<Url[]> {
  const notInGallery = and(
    ...GALLERY_SLUG_PREFIXES.map((prefix) => sql`${resources.slug} not like ${`${prefix}%`}`),
  )
  const [items, cats, boxes] = await Promise.all([
    db
      .select({ slug: resources.slug, updatedAt: resources.updatedAt })
      .from(resources)
      .where(and(eq(resources.published, true), notInGallery))
      .orderBy(asc(resources.slug)),
    db
      .select({ slug: categories.slug, createdAt: categories.createdAt, lastmod: max(resources.updatedAt) })
      .from(categories)
      .leftJoin(
        resources,
        and(eq(resources.categoryId, categories.id), eq(resources.published, true), notInGallery),
      )
      .groupBy(categories.id)
      .orderBy(asc(categories.slug)),
    // Every product a visitor may see has its own page (the Scroll's is a static path above).
    db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(and(ne(products.status, 'draft'), ne(products.slug, PRODUCT_SLUG_SCROLL)))
      .orderBy(asc(products.slug)),
  ])
  const newest = items.reduce<Date | undefined>(
    (acc, r) => (!acc || r.updatedAt > acc ? r.updatedAt : acc),
    undefined,
  )
  const library = new Set([
    '/resources',
    ...ROUTES.filter((r) => r.path.startsWith('/kids-')).map((r) => r.path),
  ])
  return [
    ...staticPublicPaths().map((path) => ({ loc: path, lastmod: library.has(path) ? newest : undefined })),
    ...cats.map((c) => ({
      loc: `/resources/${c.slug}`,
      lastmod: c.lastmod ? new Date(c.lastmod) : c.createdAt,
    })),
    ...items.map((r) => ({ loc: `/resources/item/${r.slug}`, lastmod: r.updatedAt })),
    ...boxes.map((p) => ({ loc: productPathOf(p.slug), lastmod: p.updatedAt })),
  ]
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`)

export function renderSitemap(publicUrl: string, urls: Url[]): string {
  const base = publicUrl.replace(/\/+$/, '')
  const entries = urls.map(({ loc, lastmod }) => {
    const mod = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''
    return `  <url><loc>${escapeXml(`${base}${encodeURI(loc)}`)}</loc>${mod}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`
}

export function renderRobots(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '')
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
}

/** `/robots.txt` and `/sitemap.xml` at the site's root, for the public address in PUBLIC_URL. */
export function seoRoutes() {
  const app = new Hono<AppEnv>()
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.text(renderRobots(c.get('deps').config.publicUrl))
  })
  app.get('/sitemap.xml', async (c) => {
    const { config, database } = c.get('deps')
    const xml = renderSitemap(config.publicUrl, await sitemapUrls(database.db))
    c.header('Cache-Control', 'public, max-age=600')
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' })
  })
  return app
}
