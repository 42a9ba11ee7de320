import { eq, inArray } from 'drizzle-orm'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seed } from '../../seed'
import { fileAssets, resources } from '../db/schema'
import { type Actors, createActors } from '../security/actors'
import { createTestApp } from '../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../test/database'
import { type FakeS3, s3Env, startFakeS3 } from '../test/fake-s3'
import type { AppEnv } from '../types'

const SLUGS = ['disciples-crossword', 'faith-coloring-dove-of-peace']

describe.each(DRIVERS)('the app with files in S3 on %s', (driver) => {
  let s3: FakeS3
  let database: TestDatabase
  let app: Hono<AppEnv>
  let actors: Actors
  let storage: ReturnType<typeof createTestApp>['storage']

  beforeAll(async () => {
    s3 = await startFakeS3()
    database = await createTestDatabase(driver)
    const test = createTestApp(database, s3Env(s3))
    app = test.app as unknown as Hono<AppEnv>
    storage = test.storage
    actors = await createActors(app, database, `s3-${driver}`)
    await seed({ db: database.db, storage, only: SLUGS })
  }, 120_000)
  afterAll(async () => {
    await database?.destroy()
    await s3?.close()
  })

  const filesOf = async (slug: string) =>
    database.db
      .select({
        id: fileAssets.id,
        key: fileAssets.storageKey,
        size: fileAssets.sizeBytes,
        resourceId: resources.id,
      })
      .from(fileAssets)
      .innerJoin(resources, eq(resources.id, fileAssets.resourceId))
      .where(eq(resources.slug, slug))

  it('seeds the generated files and thumbnails into the bucket, not the folder', async () => {
    // The six experiences' pictures (the catalogue's seed), one WebP under each product's id.
    const pictures = s3.keys().filter((key) => key.startsWith('products/'))
    expect(pictures.map((key) => key.replace(/^products\/[0-9a-f-]{36}\//, '')).sort()).toEqual(
      [
        'seed-cipher.webp',
        'seed-letters.webp',
        'seed-parables.webp',
        'seed-psalms.webp',
        'seed-scroll.webp',
        'seed-toolkit.webp',
      ].sort(),
    )
    expect(s3.keys().filter((key) => !key.startsWith('products/'))).toEqual([
      'resources/disciples-crossword/disciples-crossword.pdf',
      'resources/faith-coloring-dove-of-peace/faith-coloring-dove-of-peace.png',
      'seed/manifest.json',
      'thumbs/disciples-crossword.png',
      'thumbs/faith-coloring-dove-of-peace.png',
    ])
  })

  it('downloads a seeded PDF through the API, byte for byte from the bucket', async () => {
    const [file] = await filesOf('disciples-crossword')
    const res = await app.request(`/api/files/${file!.id}/download`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="disciples-crossword.pdf"/)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(bytes.length).toBe(file!.size)
    expect(Number(res.headers.get('content-length'))).toBe(file!.size)
    const stored = await storage.get(file!.key)
    expect(Buffer.from(await new Response(stored!.body).arrayBuffer()).equals(bytes)).toBe(true)
    expect(s3.requests.some((r) => r.method === 'GET' && r.path.endsWith('/disciples-crossword.pdf'))).toBe(
      true,
    )
  })

  it('serves thumbnails and inline pictures from the bucket', async () => {
    const [file] = await filesOf('faith-coloring-dove-of-peace')
    const inline = await app.request(`/api/files/${file!.id}`)
    expect(inline.status).toBe(200)
    expect(inline.headers.get('content-type')).toBe('image/png')
    expect([...new Uint8Array(await inline.arrayBuffer()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47])
    const thumb = await app.request(`/api/files/thumbs/${file!.resourceId}`)
    expect(thumb.status).toBe(200)
    expect(thumb.headers.get('content-type')).toBe('image/png')
  })

  it('seeding again changes nothing in the bucket', async () => {
    const puts = s3.requests.filter((r) => r.method === 'PUT').length
    await seed({ db: database.db, storage, only: SLUGS })
    expect(s3.requests.filter((r) => r.method === 'PUT').length).toBe(puts)
  })

  it('a file missing from the bucket is a 404, not a 500', async () => {
    const [file] = await filesOf('faith-coloring-dove-of-peace')
    await storage.delete(file!.key)
    expect((await app.request(`/api/files/${file!.id}/download`)).status).toBe(404)
    await seed({ db: database.db, storage, only: SLUGS })
    expect((await app.request(`/api/files/${file!.id}/download`)).status).toBe(200)
  })

  it('deleting a resource removes its objects (files and thumbnail) from the bucket', async () => {
    const files = await filesOf('disciples-crossword')
    const res = await actors.admin.request(`/api/admin/resources/${files[0]!.resourceId}`, {
      method: 'DELETE',
    })
    expect(res.status).toBe(200)
    expect(
      await database.db
        .select()
        .from(fileAssets)
        .where(
          inArray(
            fileAssets.id,
            files.map((f) => f.id),
          ),
        ),
    ).toEqual([])
    expect(s3.keys().filter((k) => k.includes('disciples-crossword'))).toEqual([])
    expect(s3.keys()).toContain('thumbs/faith-coloring-dove-of-peace.png')
  })
})
