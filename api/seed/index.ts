import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Db } from '../src/db/client'
import {
  categories,
  fileAssets,
  portalCodes,
  productImages,
  products,
  puzzleContent,
  resources,
  resourceTags,
  scrollFragments,
  tags,
} from '../src/db/schema'
import { deleteSizedThumbnails } from '../src/lib/uploads/sized-thumbnail'
import { BOX_ART_DIR } from '../src/paths'
import type { FileStorage } from '../src/storage'
import {
  type CoverMotif,
  colouringPageSvg,
  coverSvg,
  renderJpeg,
  renderPng,
  thumbnailOf,
  versePageSvg,
} from './art'
import { CATALOGUE } from './content/catalogue'
import { FRAGMENTS, PORTAL_CODE } from './content/fragments'
import { CATEGORIES, GALLERY_PAGES, RESOURCES, type ResourceSeed } from './content/library'
import { PUZZLE_STEPS, SCROLL_OF_ANTIOCH } from './content/product'
import { makePdf } from './pdf'
import { bingoCards, crossword, wordSearch } from './puzzles'

export type SeedReport = {
  products: number
  puzzleSteps: number
  fragments: number
  portalCodes: number
  categories: number
  tags: number
  resources: number
  files: number
  /** Generated files (and thumbnails) made again because what makes them changed. */
  refreshed: number
}

/**
 * What each generated file was made from, kept beside the files: a fingerprint of the
 * resource's seed entry and of the generators' source. A file whose fingerprint differs
 * (or an older library without this manifest) is generated again on the next seed.
 */
export const SEED_MANIFEST_KEY = 'seed/manifest.json'
type Manifest = { files: Record<string, string> }

async function readManifest(storage: FileStorage): Promise<Manifest> {
  const file = await storage.get(SEED_MANIFEST_KEY)
  if (!file) return { files: {} }
  try {
    const parsed = JSON.parse(await new Response(file.body).text()) as Partial<Manifest>
    return { files: typeof parsed.files === 'object' && parsed.files ? parsed.files : {} }
  } catch {
    return { files: {} }
  }
}

/** The build writes the generators' hash here (api/scripts/build.mjs): the compiled API has no sources to read. */
declare const __SEED_GENERATORS_HASH__: string | undefined

let generatorsHash: string | null = null
/** The generators' own source: a change to how files are drawn changes every fingerprint. */
function generators(): string {
  if (generatorsHash) return generatorsHash
  if (typeof __SEED_GENERATORS_HASH__ === 'string') {
    generatorsHash = __SEED_GENERATORS_HASH__
    return generatorsHash
  }
  const hash = createHash('sha256')
  for (const name of ['art.ts', 'pdf.ts', 'puzzles.ts']) {
    try {
      hash.update(readFileSync(new URL(`./${name}`, import.meta.url)))
    } catch {
      hash.update(name)
    }
  }
  generatorsHash = hash.digest('hex')
  return generatorsHash
}

const fingerprint = (entry: unknown, part: string) =>
  createHash('sha256')
    .update(generators())
    .update(part)
    .update(JSON.stringify(entry))
    .digest('hex')
    .slice(0, 32)

/** Nothing sells yet: the database was never seeded. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(products)
  return (row?.n ?? 0) === 0
}

type PlannedFile = {
  key: string
  filename: string
  mimeType: string
  make: () => Promise<{ bytes: Uint8Array; pages: number | null }>
  fingerprint: string
}

type Planned = {
  slug: string
  title: string
  description: string
  categorySlug: string
  ageRange: string | null
  scriptureRef: string | null
  tags: string[]
  featured: boolean
  published: boolean
  createdAt: Date
  files: PlannedFile[]
  thumb: { key: string; make: () => Promise<Uint8Array>; fingerprint: string } | null
}

/**
 * Loads the catalogue and the resource library. Idempotent: whatever exists (by slug,
 * step, id, code, name or storage key) is left alone, and a file is generated only when
 * its row or its bytes are missing, or when what makes it changed (its seed entry or the
 * generators: see `SEED_MANIFEST_KEY`); then its row's size and page count and the
 * resource's `updated_at` (the thumbnail URL's version) follow. Safe to run on every start
 * and by hand: `npm run seed` brings an older library's generated files up to date.
 */
export async function seed({
  db,
  storage,
  log = () => {},
  only,
}: {
  db: Db
  storage: FileStorage
  log?: (message: string) => void
  /** Only these resources of the library (by slug); the catalogue is always loaded. */
  only?: string[]
}): Promise<SeedReport> {
  const report: SeedReport = {
    products: 0,
    puzzleSteps: 0,
    fragments: 0,
    portalCodes: 0,
    categories: 0,
    tags: 0,
    resources: 0,
    files: 0,
    refreshed: 0,
  }

  // Catalogue (issue 31): the six experiences, each with its art as its first picture.
  for (const item of CATALOGUE) {
    const { art, alt, ...columns } = item
    const [created] = await db
      .insert(products)
      .values({
        ...columns,
        description:
          columns.description ?? (item.slug === SCROLL_OF_ANTIOCH.slug ? SCROLL_OF_ANTIOCH.description : ''),
      })
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id })
    if (!created) continue
    report.products++
    const webp = await boxArtWebp(art)
    const key = `products/${created.id}/seed-${art}.webp`
    await storage.put(key, webp.data)
    await db.insert(productImages).values({
      productId: created.id,
      key,
      alt,
      width: webp.width,
      height: webp.height,
      size: webp.data.byteLength,
    })
  }
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, SCROLL_OF_ANTIOCH.slug))
  if (!product) throw new Error('The Scroll of Antioch could not be created')
  report.puzzleSteps = (
    await db
      .insert(puzzleContent)
      .values(PUZZLE_STEPS.map((step) => ({ ...step, productId: product.id, isActive: true })))
      .onConflictDoNothing({ target: [puzzleContent.productId, puzzleContent.stepNumber] })
      .returning({ id: puzzleContent.id })
  ).length
  report.fragments = (
    await db
      .insert(scrollFragments)
      .values(FRAGMENTS.map((f) => ({ ...f, productId: product.id })))
      .onConflictDoNothing({ target: [scrollFragments.productId, scrollFragments.number] })
      .returning({ id: scrollFragments.id })
  ).length
  report.portalCodes = (
    await db
      .insert(portalCodes)
      .values({ code: PORTAL_CODE, productId: product.id })
      .onConflictDoNothing({ target: portalCodes.code })
      .returning({ id: portalCodes.id })
  ).length

  // Library: categories, tags, resources
  report.categories = (
    await db
      .insert(categories)
      .values(CATEGORIES.map((c) => ({ ...c })))
      .onConflictDoNothing({ target: categories.slug })
      .returning({ id: categories.id })
  ).length
  const categoryIds = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [
      c.slug,
      c.id,
    ]),
  )

  const planned = plan().filter((p) => !only || only.includes(p.slug))
  const tagNames = [...new Set(planned.flatMap((p) => p.tags))]
  if (tagNames.length) {
    report.tags = (
      await db
        .insert(tags)
        .values(tagNames.map((name) => ({ name })))
        .onConflictDoNothing({ target: tags.name })
        .returning({ id: tags.id })
    ).length
  }
  const tagIds = new Map(
    (await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.name, tagNames))).map(
      (t) => [t.name, t.id],
    ),
  )

  const existingKeys = new Set(
    (await db.select({ key: fileAssets.storageKey }).from(fileAssets)).map((f) => f.key),
  )
  const manifest = await readManifest(storage)
  const made: Record<string, string> = {}

  for (const item of planned) {
    const categoryId = categoryIds.get(item.categorySlug)
    if (!categoryId) throw new Error(`Unknown category ${item.categorySlug}`)
    const inserted = await db
      .insert(resources)
      .values({
        slug: item.slug,
        title: item.title,
        description: item.description,
        categoryId,
        ageRange: item.ageRange,
        scriptureRef: item.scriptureRef,
        isFeatured: item.featured,
        published: item.published,
        thumbKey: item.thumb?.key ?? null,
        createdAt: item.createdAt,
        updatedAt: item.createdAt,
      })
      .onConflictDoNothing({ target: resources.slug })
      .returning({ id: resources.id })
    report.resources += inserted.length
    const [resource] = await db
      .select({ id: resources.id })
      .from(resources)
      .where(eq(resources.slug, item.slug))
    if (!resource) continue
    const links = item.tags.map((name) => ({ resourceId: resource.id, tagId: tagIds.get(name)! }))
    if (links.length) await db.insert(resourceTags).values(links).onConflictDoNothing()

    let refreshed = false
    if (item.thumb) {
      const current = manifest.files[item.thumb.key] === item.thumb.fingerprint
      if (!current || !(await storage.exists(item.thumb.key))) {
        // The sized copies (?w=) of the old picture would outlive it, or be served for the new one.
        await deleteSizedThumbnails(storage, item.thumb.key)
        await storage.put(item.thumb.key, await item.thumb.make())
        if (!current && !inserted.length) refreshed = true
      }
      made[item.thumb.key] = item.thumb.fingerprint
    }
    for (const [index, file] of item.files.entries()) {
      const known = existingKeys.has(file.key)
      const current = manifest.files[file.key] === file.fingerprint
      if (known && current && (await storage.exists(file.key))) {
        made[file.key] = file.fingerprint
        continue
      }
      const { bytes, pages } = await file.make()
      await storage.put(file.key, bytes)
      made[file.key] = file.fingerprint
      if (known) {
        if (!current) {
          await db
            .update(fileAssets)
            .set({ sizeBytes: bytes.byteLength, pages, mimeType: file.mimeType })
            .where(eq(fileAssets.storageKey, file.key))
          refreshed = true
          report.refreshed += 1
        }
      } else {
        await db
          .insert(fileAssets)
          .values({
            resourceId: resource.id,
            storageKey: file.key,
            filename: file.filename,
            mimeType: file.mimeType,
            sizeBytes: bytes.byteLength,
            pages,
            // Files keep the order they are listed in.
            createdAt: new Date(item.createdAt.getTime() + index * 1000),
          })
          .onConflictDoNothing({ target: fileAssets.storageKey })
        report.files += 1
      }
    }
    if (refreshed) {
      // A new version for the thumbnail URL (cached as immutable) and for the listings.
      await db.update(resources).set({ updatedAt: new Date() }).where(eq(resources.id, resource.id))
      log(`seed: ${item.slug} (files made again)`)
    }
    if (inserted.length) log(`seed: ${item.slug}`)
  }
  if (Object.entries(made).some(([key, fp]) => manifest.files[key] !== fp)) {
    await storage.put(
      SEED_MANIFEST_KEY,
      new TextEncoder().encode(JSON.stringify({ files: { ...manifest.files, ...made } }, null, 1)),
    )
  }
  // Thumbnails of resources that predate them.
  for (const item of planned) {
    if (item.thumb) {
      await db
        .update(resources)
        .set({ thumbKey: item.thumb.key })
        .where(and(eq(resources.slug, item.slug), sql`${resources.thumbKey} is null`))
    }
  }
  return report
}

/** What to create for each resource, with its files made lazily (only when missing). */
function plan(): Planned[] {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000)
  const memo = <T>(make: () => Promise<T>) => {
    let value: Promise<T> | null = null
    return () => (value ??= make())
  }

  const library = RESOURCES.map((r: ResourceSeed, i): Planned => {
    const fp = (part: string) => fingerprint(r, part)
    const art = r.art
    const svg = art ? memo(() => colouringPageSvg(art, r.title)) : null
    const page = svg ? memo(async () => renderPng(await svg())) : null
    const files: PlannedFile[] = []
    if (page) {
      files.push({
        key: `resources/${r.slug}/${r.slug}.png`,
        filename: `${r.slug}.png`,
        mimeType: 'image/png',
        make: async () => ({ bytes: await page(), pages: null }),
        fingerprint: fp('png'),
      })
    }
    if (r.pdf) {
      const pdfPlan = r.pdf
      files.push({
        key: `resources/${r.slug}/${r.slug}.pdf`,
        filename: `${r.slug}.pdf`,
        mimeType: 'application/pdf',
        make: async () => {
          const images: Record<string, Uint8Array> = {}
          // Pictures go into the PDF as greyscale JPEG: pdf-lib embeds those as they are,
          // where a PNG would be decoded and compressed again (seconds a page).
          if (svg) images.art = await renderJpeg(await svg())
          for (const picture of r.pictures ?? []) {
            images[picture.name] = await renderJpeg(await colouringPageSvg(picture.subject, picture.title))
          }
          const { bytes, pages } = await makePdf({
            title: r.title,
            description: r.description,
            scriptureRef: r.scriptureRef,
            plan: pdfPlan,
            images,
          })
          return { bytes, pages }
        },
        fingerprint: fp('pdf'),
      })
    }
    const thumb = page
      ? { key: `thumbs/${r.slug}.png`, make: async () => thumbnailOf(await page()), fingerprint: fp('thumb') }
      : {
          key: `thumbs/${r.slug}.png`,
          make: async () =>
            thumbnailOf(
              await renderPng(await coverSvg(r.title, r.category, r.pdf?.kind ?? 'printable', coverMotif(r))),
            ),
          fingerprint: fp('thumb'),
        }
    return {
      slug: r.slug,
      title: r.title,
      description: r.description,
      categorySlug: r.category,
      ageRange: r.ageRange,
      scriptureRef: r.scriptureRef,
      tags: r.tags,
      featured: r.featured ?? false,
      published: r.published ?? true,
      createdAt: day(i),
      files,
      thumb,
    }
  })

  const galleries = GALLERY_PAGES.map((g, i): Planned => {
    const verse = g.verse
    const page = memo(async () =>
      renderPng(
        verse
          ? await versePageSvg(verse.text, verse.ref, g.title)
          : await colouringPageSvg(g.art ?? 'star', g.title),
      ),
    )
    return {
      slug: g.slug,
      title: g.title,
      description: g.verse
        ? `“${g.verse.text}” (${g.verse.ref}) in big outlined letters, ready to colour and hang on the fridge.`
        : `A colouring page to print: ${g.title}.`,
      categorySlug: 'kids-activities-colouring',
      ageRange: '3-5',
      scriptureRef: g.verse?.ref ?? null,
      tags: ['Colouring'],
      featured: false,
      published: true,
      createdAt: day(40 + i),
      files: [
        {
          key: `resources/${g.slug}/${g.slug}.png`,
          filename: `${g.slug}.png`,
          mimeType: 'image/png',
          make: async () => ({ bytes: await page(), pages: null }),
          fingerprint: fingerprint(g, 'png'),
        },
      ],
      thumb: {
        key: `thumbs/${g.slug}.png`,
        make: async () => thumbnailOf(await page()),
        fingerprint: fingerprint(g, 'thumb'),
      },
    }
  })
  return [...library, ...galleries]
}

/** A puzzle printable's cover shows its own puzzle: the first word search, crossword or bingo card in it. */
export function coverMotif(r: ResourceSeed): CoverMotif | null {
  for (const block of r.pdf?.blocks ?? []) {
    if ('wordSearch' in block) {
      const { words, size, seed } = block.wordSearch
      return { wordSearch: wordSearch(words, size, seed) }
    }
    if ('crossword' in block)
      return { crossword: crossword(block.crossword.items, block.crossword.seed).grid }
    if ('bingo' in block) {
      const card = bingoCards(block.bingo.pool, 1, block.bingo.seed)[0]
      if (card) return { bingo: card }
    }
  }
  return null
}

/** A card's drawing (./content/box-art) as the WebP picture the upload pipeline would have made. */
async function boxArtWebp(name: string) {
  const svg = readFileSync(path.join(BOX_ART_DIR, `${name}.svg`))
  const { data, info } = await sharp(svg, { density: 144 })
    .resize({ width: 1200, height: 1200, fit: 'inside' })
    .flatten({ background: '#f5ecd8' })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height }
}
