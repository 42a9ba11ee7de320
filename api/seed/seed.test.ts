import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GALLERY_SLUG_PREFIXES, productPathOf } from '@lamplight/contracts'
import { EXPERIENCE_LINKS } from '@lamplight/routes'
import { eq, sql } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/client'
import {
  categories,
  fileAssets,
  portalCodes,
  products,
  puzzleContent,
  resources,
  scrollFragments,
} from '../src/db/schema'
import { inspectFile } from '../src/lib/uploads/inspect'
import { sizedThumbKey } from '../src/lib/uploads/sized-thumbnail'
import { createLocalStorage, type FileStorage } from '../src/storage'
import { createTestDatabase, type TestDatabase } from '../src/test/database'
import { isEmpty, SEED_MANIFEST_KEY, type SeedReport, seed } from '.'
import { PAGE, THUMB_WIDTH } from './art'

async function bytesOf(storage: FileStorage, key: string): Promise<Buffer> {
  const file = await storage.get(key)
  if (!file) throw new Error(`missing ${key}`)
  return Buffer.from(await new Response(file.body).arrayBuffer())
}

describe('seed', () => {
  let database: TestDatabase
  let storage: FileStorage
  let first: SeedReport
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'lamplight-seed-')))
    expect(await isEmpty(database.db)).toBe(true)
    first = await seed({ db: database.db, storage })
  }, 180_000)
  afterAll(async () => {
    await database?.destroy()
  })

  it('creates The Scroll of Antioch with five puzzle steps, five fragments and a portal code', async () => {
    const db = database.db
    expect(await isEmpty(db)).toBe(false)
    const [product] = await db.select().from(products).where(eq(products.slug, 'scroll-of-antioch'))
    expect(product).toMatchObject({ name: 'The Scroll of Antioch', priceCents: 4999, status: 'on_sale' })
    const steps = await db.select().from(puzzleContent).orderBy(puzzleContent.stepNumber)
    expect(steps.map((s) => s.stepNumber)).toEqual([1, 2, 3, 4, 5])
    for (const step of steps) {
      expect(step.title && step.content && step.hint && step.answer && step.unlockMessage).toBeTruthy()
      expect(step.answer).toBe(step.answer.trim().toLowerCase())
    }
    const fragments = await db.select().from(scrollFragments).orderBy(scrollFragments.number)
    expect(fragments.map((f) => f.number)).toEqual([1, 2, 3, 4, 5])
    expect(fragments.every((f) => f.productId === product?.id)).toBe(true)
    expect(fragments.filter((f) => f.hints.length === 3).length).toBeGreaterThanOrEqual(3)
    expect(fragments.every((f) => f.hints.length === 0 || f.hints.length === 3)).toBe(true)
    expect(fragments.every((f) => f.bonusQuestion && f.bonusAnswer && f.scrollLine && f.instruction)).toBe(
      true,
    )
    expect((await db.select().from(portalCodes)).map((c) => c.code)).toEqual(['ANTIOCH-AD47'])
  })

  it('creates the five categories and a full library', async () => {
    const db = database.db
    expect((await db.select().from(categories)).map((c) => c.slug).sort()).toEqual([
      'engagement-reflection',
      'games-puzzles',
      'kids-activities-colouring',
      'seasonal-special',
      'teaching-resources',
    ])
    const all = await db.select().from(resources)
    const isGallery = (slug: string) => GALLERY_SLUG_PREFIXES.some((p) => slug.startsWith(p))
    const listed = all.filter((r) => r.published && !isGallery(r.slug))
    expect(listed.length).toBeGreaterThanOrEqual(24)
    expect(all.some((r) => !r.published)).toBe(true)
    const featured = listed.filter((r) => r.isFeatured)
    expect(featured.length).toBeGreaterThanOrEqual(6)
    for (const prefix of GALLERY_SLUG_PREFIXES) {
      expect(all.filter((r) => r.slug.startsWith(prefix) && r.published).length).toBeGreaterThanOrEqual(4)
    }
    const perCategory = await queryRows<{ n: number }>(
      db,
      sql`select cast(count(*) as integer) as n from resources where published group by category_id`,
    )
    expect(perCategory.every((c) => c.n >= 4)).toBe(true)
    expect(listed.every((r) => r.scriptureRef !== undefined && r.ageRange !== undefined)).toBe(true)
    expect(new Set(listed.map((r) => r.ageRange).filter(Boolean)).size).toBeGreaterThanOrEqual(4)
  })

  it('stores real PNG colouring pages and thumbnails', async () => {
    const pngs = await database.db.select().from(fileAssets).where(eq(fileAssets.mimeType, 'image/png'))
    expect(pngs.length).toBeGreaterThanOrEqual(20)
    for (const file of pngs.slice(0, 6)) {
      const bytes = await bytesOf(storage, file.storageKey)
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
      expect(bytes.byteLength).toBe(file.sizeBytes)
      const meta = await sharp(bytes).metadata()
      expect([meta.width, meta.height]).toEqual([PAGE.width, PAGE.height])
      expect(file.pages).toBeNull()
    }
    const withThumbs = await database.db
      .select()
      .from(resources)
      .where(sql`${resources.thumbKey} is not null`)
    expect(withThumbs.length).toBeGreaterThanOrEqual(30)
    const thumb = await sharp(await bytesOf(storage, withThumbs[0]!.thumbKey!)).metadata()
    expect(thumb.width).toBe(THUMB_WIDTH)
  })

  it('stores real multi-page PDFs whose page count is recorded', async () => {
    const pdfs = await database.db.select().from(fileAssets).where(eq(fileAssets.mimeType, 'application/pdf'))
    expect(pdfs.length).toBeGreaterThanOrEqual(15)
    for (const file of pdfs.slice(0, 5)) {
      const bytes = await bytesOf(storage, file.storageKey)
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
      const doc = await PDFDocument.load(bytes)
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(2)
      expect(doc.getPageCount()).toBe(file.pages)
      expect(bytes.byteLength).toBe(file.sizeBytes)
    }
  })

  it('stores only PDFs that the upload check accepts (no scripts, actions or attachments)', async () => {
    const pdfs = await database.db.select().from(fileAssets).where(eq(fileAssets.mimeType, 'application/pdf'))
    expect(pdfs.length).toBeGreaterThanOrEqual(15)
    for (const file of pdfs) {
      const inspection = await inspectFile(await bytesOf(storage, file.storageKey))
      expect(inspection, file.storageKey).toMatchObject({ kind: 'pdf', pages: file.pages })
    }
  })

  it('makes the six experiences products: the Scroll on sale, five coming soon, each with its art as a WebP picture', async () => {
    const rows = await queryRows<{
      slug: string
      status: string
      pictures: number
      alt: string
      key: string
    }>(
      database.db,
      sql`select p.slug, p.status, count(i.id)::int as pictures, min(i.alt) as alt, min(i.key) as key
          from products p left join product_images i on i.product_id = p.id group by p.slug, p.status order by p.slug`,
    )
    expect(rows.map((r) => [r.slug, r.status, r.pictures])).toEqual([
      ['disciples-toolkit', 'coming_soon', 1],
      ['letters-to-the-lost', 'coming_soon', 1],
      ['mysteries-of-the-psalms', 'coming_soon', 1],
      ['parables-unboxed', 'coming_soon', 1],
      ['pilgrims-cipher', 'coming_soon', 1],
      ['scroll-of-antioch', 'on_sale', 1],
    ])
    expect(first.products).toBe(6)
    for (const row of rows) {
      expect(row.alt.length).toBeGreaterThan(5)
      const stored = await storage.get(row.key)
      const bytes = new Uint8Array(await new Response(stored!.body).arrayBuffer())
      expect(new TextDecoder().decode(bytes.subarray(8, 12))).toBe('WEBP')
    }
  })

  it("leads each link of the navigation's Experiences menu to the page of a product it makes, by name", async () => {
    // The menu is static (decision 049): this is what keeps it and the seeded catalogue together.
    const rows = await database.db.select({ slug: products.slug, name: products.name }).from(products)
    const pages = new Map(rows.map((r) => [productPathOf(r.slug), r.name]))
    for (const link of EXPERIENCE_LINKS) expect(pages.get(link.href), link.href).toBe(link.label)
    expect(EXPERIENCE_LINKS).toHaveLength(rows.length)
  })

  it('changes nothing when run again', async () => {
    const count = async () =>
      queryRows<{ r: number; f: number; t: number }>(
        database.db,
        sql`select (select cast(count(*) as integer) from resources) as r, (select cast(count(*) as integer) from file_assets) as f, (select cast(count(*) as integer) from resource_tags) as t`,
      )
    const before = await count()
    const again = await seed({ db: database.db, storage })
    // Every count of the report is 0: nothing added, nothing refreshed.
    expect(again).toEqual(Object.fromEntries(Object.keys(first).map((key) => [key, 0])))
    expect(await count()).toEqual(before)
    expect(first.resources).toBeGreaterThanOrEqual(36)
  })

  it('puts back a file that went missing from storage, without a second row', async () => {
    const [file] = await database.db.select().from(fileAssets).limit(1)
    await storage.delete(file!.storageKey)
    const report = await seed({ db: database.db, storage })
    expect(report.files).toBe(0)
    expect(await storage.exists(file!.storageKey)).toBe(true)
  })

  it('makes again the files of an older seed (no manifest) and of a changed entry, updating rows and the thumbnail version', async () => {
    const slug = 'books-of-the-bible-word-search'
    const rowsOf = () =>
      database.db
        .select({ key: fileAssets.storageKey, size: fileAssets.sizeBytes, pages: fileAssets.pages })
        .from(fileAssets)
        .innerJoin(resources, eq(resources.id, fileAssets.resourceId))
        .where(eq(resources.slug, slug))
    const [pdf] = await rowsOf()
    const good = await bytesOf(storage, pdf!.key)
    const thumbKey = `thumbs/${slug}.png`
    const goodThumb = await bytesOf(storage, thumbKey)
    const updatedAt = async () =>
      (await database.db.select().from(resources).where(eq(resources.slug, slug)))[0]!.updatedAt

    // What an older seed left: a blank grid of another size, its row saying so, no manifest.
    const stale = new TextEncoder().encode('%PDF-1.4 a blank grid')
    await storage.put(pdf!.key, stale)
    await storage.put(thumbKey, new Uint8Array([1, 2, 3]))
    // ...and a sized copy the files route made of that thumbnail (?w=240).
    const sizedKey = sizedThumbKey(thumbKey, 3, 240)
    await storage.put(sizedKey, new Uint8Array([4, 5, 6]))
    await database.db
      .update(fileAssets)
      .set({ sizeBytes: stale.byteLength, pages: 1 })
      .where(eq(fileAssets.storageKey, pdf!.key))
    await storage.delete(SEED_MANIFEST_KEY)
    const before = await updatedAt()

    const report = await seed({ db: database.db, storage, only: [slug] })
    expect(report).toMatchObject({ resources: 0, files: 0, refreshed: 1 })
    expect((await bytesOf(storage, pdf!.key)).equals(good)).toBe(true)
    expect((await bytesOf(storage, thumbKey)).equals(goodThumb)).toBe(true)
    expect(await storage.exists(sizedKey), "the old picture's sized copy").toBe(false)
    expect(await rowsOf()).toEqual([pdf])
    expect((await updatedAt()).getTime()).toBeGreaterThan(before.getTime())

    // The manifest now says what each file was made from; a file whose entry changed is made again.
    const manifest = JSON.parse((await bytesOf(storage, SEED_MANIFEST_KEY)).toString()) as {
      files: Record<string, string>
    }
    expect(manifest.files[pdf!.key]).toMatch(/^[0-9a-f]{32}$/)
    expect(Object.keys(manifest.files).sort()).toEqual([pdf!.key, thumbKey].sort())
    await storage.put(
      SEED_MANIFEST_KEY,
      new TextEncoder().encode(
        JSON.stringify({ files: { ...manifest.files, [pdf!.key]: 'an older entry' } }),
      ),
    )
    await storage.put(pdf!.key, stale)
    expect(await seed({ db: database.db, storage, only: [slug] })).toMatchObject({ files: 0, refreshed: 1 })
    expect((await bytesOf(storage, pdf!.key)).equals(good)).toBe(true)
  })
})
