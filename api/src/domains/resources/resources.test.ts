import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, fileAssets, resources, resourceTags, tags } from '../../db/schema'
import { createTestApp } from '../../test/app'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'

type Card = {
  slug: string
  title: string
  tags: { name: string }[]
  category: { name: string; slug: string }
  thumb_url: string | null
  age_range: string | null
}

describe.each(DRIVERS)('resources API on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database).app
    const db = database.db
    const [games, teaching, kids, seasonal] = await db
      .insert(categories)
      .values([
        { slug: 'games-puzzles', name: 'Games & Puzzles', description: 'Play' },
        { slug: 'teaching-resources', name: 'Teaching Resources', description: 'Teach' },
        { slug: 'kids-activities-colouring', name: 'Kids Activities & Colouring', description: 'Colour' },
        { slug: 'seasonal-special', name: 'Seasonal & Special', description: 'Feasts' },
      ])
      .returning()
    const day = (n: number) => new Date(Date.UTC(2026, 0, n))
    const rows = await db
      .insert(resources)
      .values([
        {
          slug: 'ark-maze',
          title: 'Ark Maze',
          description: 'Find the way in.',
          categoryId: games!.id,
          published: true,
          isFeatured: true,
          ageRange: '6-9',
          createdAt: day(3),
          thumbKey: 'thumbs/ark-maze.png',
        },
        {
          slug: 'psalm-crossword',
          title: 'Psalm Crossword',
          description: 'Fifty percent_off words 100%.',
          categoryId: games!.id,
          published: true,
          ageRange: '8-12',
          createdAt: day(2),
        },
        {
          slug: 'secret-draft',
          title: 'Secret Ark Draft',
          description: 'Not yet.',
          categoryId: games!.id,
          published: false,
          isFeatured: true,
          createdAt: day(5),
        },
        {
          slug: 'lesson-plan',
          title: 'Shepherd Lesson',
          description: 'A lesson about a lost sheep.',
          categoryId: teaching!.id,
          published: true,
          isFeatured: true,
          ageRange: '6-9',
          createdAt: day(1),
        },
        {
          slug: 'noahs-ark-rainbow',
          title: 'Rainbow',
          description: 'Colour it.',
          categoryId: kids!.id,
          published: true,
          createdAt: day(4),
        },
        {
          slug: 'noahs-ark-animals',
          title: 'Animals Two by Two',
          description: 'Colour them.',
          categoryId: kids!.id,
          published: true,
          createdAt: day(4),
        },
        {
          slug: 'noahs-ark-no-file',
          title: 'No File Yet',
          description: '',
          categoryId: kids!.id,
          published: true,
        },
        {
          slug: 'noahs-ark-hidden',
          title: 'Hidden',
          description: '',
          categoryId: kids!.id,
          published: false,
        },
        {
          slug: 'kids-dove-page',
          title: 'Dove Page',
          description: 'Colouring',
          categoryId: kids!.id,
          published: true,
          ageRange: '3-5',
        },
        {
          slug: 'harvest-prayers',
          title: 'Harvest Prayers',
          description: 'Thank-you prayers for the whole family.',
          categoryId: seasonal!.id,
          published: true,
          ageRange: 'All Ages',
          createdAt: day(0),
        },
      ])
      .returning()
    for (const r of rows) ids[r.slug] = r.id
    const [shepherd, ark] = await db
      .insert(tags)
      .values([{ name: 'Shepherd' }, { name: 'Flood' }])
      .returning()
    await db.insert(resourceTags).values([
      { resourceId: ids['psalm-crossword']!, tagId: shepherd!.id },
      { resourceId: ids['ark-maze']!, tagId: ark!.id },
    ])
    await db.insert(fileAssets).values([
      {
        resourceId: ids['noahs-ark-rainbow']!,
        storageKey: 'r/rainbow.png',
        filename: 'rainbow.png',
        mimeType: 'image/png',
        sizeBytes: 10,
        createdAt: day(1),
      },
      {
        resourceId: ids['noahs-ark-rainbow']!,
        storageKey: 'r/rainbow.pdf',
        filename: 'rainbow.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 20,
        pages: 2,
        createdAt: day(2),
      },
      {
        resourceId: ids['noahs-ark-animals']!,
        storageKey: 'r/animals.png',
        filename: 'animals.png',
        mimeType: 'image/png',
        sizeBytes: 10,
      },
      {
        resourceId: ids['noahs-ark-hidden']!,
        storageKey: 'r/hidden.png',
        filename: 'hidden.png',
        mimeType: 'image/png',
        sizeBytes: 10,
      },
      {
        resourceId: ids['lesson-plan']!,
        storageKey: 'r/lesson-2.pdf',
        filename: 'b-second.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 300,
        pages: 3,
        createdAt: day(9),
      },
      {
        resourceId: ids['lesson-plan']!,
        storageKey: 'r/lesson-1.pdf',
        filename: 'a-first.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 200,
        pages: 2,
        createdAt: day(8),
      },
    ])
  })
  afterAll(async () => {
    await database?.destroy()
  })

  const get = async <T>(path: string) => {
    const res = await app.request(path)
    return { status: res.status, body: (await res.json()) as T }
  }

  it('lists categories by name with the count of what each lists (published, galleries aside)', async () => {
    const { body } = await get<{ data: { slug: string; resourceCount: number }[] }>(
      '/api/resources/categories',
    )
    expect(body.data.map((c) => [c.slug, c.resourceCount])).toEqual([
      ['games-puzzles', 2],
      ['kids-activities-colouring', 1],
      ['seasonal-special', 1],
      ['teaching-resources', 1],
    ])
  })

  it('features published, featured resources only, newest first, with category and tags', async () => {
    const { body } = await get<{ data: Card[] }>('/api/resources/featured')
    expect(body.data.map((r) => r.slug)).toEqual(['ark-maze', 'lesson-plan'])
    expect(body.data[0]).toMatchObject({
      category: { name: 'Games & Puzzles', slug: 'games-puzzles' },
      tags: [{ name: 'Flood' }],
      thumb_url: expect.stringMatching(/^\/api\/files\/thumbs\/[0-9a-f-]+\?v=/),
    })
  })

  it('lists a category newest first, leaving out drafts and gallery pages', async () => {
    const games = await get<{ data: Card[]; has_more: boolean }>('/api/resources?category=games-puzzles')
    expect(games.body.data.map((r) => r.slug)).toEqual(['ark-maze', 'psalm-crossword'])
    expect(games.body.has_more).toBe(false)
    const kids = await get<{ data: Card[] }>('/api/resources?category=kids-activities-colouring')
    expect(kids.body.data.map((r) => r.slug)).toEqual(['kids-dove-page'])
  })

  it('searches title, description and tag names, case-insensitively, as plain text', async () => {
    const search = async (q: string, category?: string) =>
      (
        await get<{ data: Card[] }>(
          `/api/resources?q=${encodeURIComponent(q)}${category ? `&category=${category}` : ''}`,
        )
      ).body.data.map((r) => r.slug)
    expect(await search('ARK')).toEqual(['ark-maze']) // title; the draft and gallery pages stay out
    expect(await search('lost sheep')).toEqual(['lesson-plan']) // description
    expect(await search('shep')).toEqual(['psalm-crossword', 'lesson-plan']) // tag and title, newest first
    expect(await search('flood')).toEqual(['ark-maze']) // tag
    expect(await search('%')).toEqual(['psalm-crossword']) // wildcards are literal
    expect(await search('t_off')).toEqual(['psalm-crossword'])
    expect(await search('t_of')).toEqual(['psalm-crossword'])
    expect(await search('zzz')).toEqual([])
    expect(await search('shep', 'teaching-resources')).toEqual(['lesson-plan'])
    // Blank is no search: the whole library (the dove page was created last).
    expect(await search('   ')).toEqual([
      'kids-dove-page',
      'ark-maze',
      'psalm-crossword',
      'lesson-plan',
      'harvest-prayers',
    ])
  })

  it('pages through results, saying whether more follow', async () => {
    const first = await get<{ data: Card[]; has_more: boolean }>('/api/resources?page_size=2')
    expect(first.body.data.map((r) => r.slug)).toEqual(['kids-dove-page', 'ark-maze'])
    expect(first.body.has_more).toBe(true)
    const last = await get<{ data: Card[]; has_more: boolean }>('/api/resources?page_size=2&page=2')
    expect(last.body.data.map((r) => r.slug)).toEqual(['psalm-crossword', 'lesson-plan'])
    expect(last.body.has_more).toBe(true)
    const searched = await get<{ data: Card[]; has_more: boolean }>(
      '/api/resources?q=shep&page_size=1&page=2',
    )
    expect(searched.body.data.map((r) => r.slug)).toEqual(['lesson-plan'])
    expect(searched.body.has_more).toBe(false)
  })

  it('gives in a listing the very card the resource page gives (one statement builds it)', async () => {
    const listing = await get<{ data: Record<string, unknown>[] }>('/api/resources?page_size=50')
    expect(listing.body.data.length).toBeGreaterThan(3)
    for (const card of listing.body.data) {
      const page = await get<{ data: Record<string, unknown> }>(`/api/resources/item/${card.slug}`)
      const { files: _files, ...fromPage } = page.body.data
      expect(card, String(card.slug)).toEqual(fromPage)
    }
    // An empty page of a known category is not a missing category.
    const beyond = await get<{ data: unknown[]; has_more: boolean }>(
      '/api/resources?category=games-puzzles&page=50',
    )
    expect(beyond.status).toBe(200)
    expect(beyond.body).toMatchObject({ data: [], has_more: false })
    expect((await get('/api/resources?category=no-such-category&page=50')).status).toBe(404)
    expect((await get('/api/resources?category=no-such-category&q=psalm&age=6-9')).status).toBe(404)
  })

  it('filters by age as "suitable for": overlapping ranges and all-ages resources (decision 011)', async () => {
    const slugs = async (query: string) =>
      (await get<{ data: Card[] }>(`/api/resources?${query}`)).body.data.map((r) => r.slug)
    // 6-9 and 8-12 share ages 8 and 9.
    expect(await slugs('category=games-puzzles&age=6-9')).toEqual(['ark-maze', 'psalm-crossword'])
    expect(await slugs('category=games-puzzles&age=6-9&q=psalm')).toEqual(['psalm-crossword'])
    expect(await slugs('category=games-puzzles&age=10-12')).toEqual(['psalm-crossword'])
    expect(await slugs('category=games-puzzles&age=3-5')).toEqual([])
    // 4-7 keeps the 3-5 page and the 6-9 ones, and the all-ages prayers; 8-12 is out.
    expect(await slugs('age=4-7')).toEqual(['kids-dove-page', 'ark-maze', 'lesson-plan', 'harvest-prayers'])
    expect(await slugs('age=13%2B')).toEqual(['harvest-prayers'])
    expect(await slugs('category=seasonal-special&age=3-5')).toEqual(['harvest-prayers'])
    // "All Ages" chosen by link means the all-ages resources; an unreadable range, its own text.
    expect(await slugs('age=All%20Ages')).toEqual(['harvest-prayers'])
    expect(await slugs('age=toddlers')).toEqual([])
    expect(await slugs('age=4-7&q=prayers')).toEqual(['harvest-prayers'])
  })

  it('finds the colouring collections by name, keyword or page, never listing their pages', async () => {
    type Found = {
      gallery: string
      title: string
      path: string
      page_count: number
      cover: string
      matches: string[]
    }
    const collections = async (q?: string) =>
      (
        await get<{ data: Found[] }>(
          `/api/resources/collections${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
        )
      ).body.data
    // Only Noah's Ark has published pages with files in this library (two of them).
    expect(await collections()).toEqual([
      {
        gallery: 'noahs-ark',
        title: "Noah's Ark Coloring Pages",
        path: '/kids-activities-colouring/noahs-ark-coloring-pages',
        page_count: 2,
        cover: '',
        matches: [],
      },
    ])
    expect((await collections('NOAH')).map((c) => c.gallery)).toEqual(['noahs-ark']) // its name
    expect((await collections('flood')).map((c) => c.gallery)).toEqual(['noahs-ark']) // a keyword
    expect((await collections('two by')).map((c) => c.matches)).toEqual([['Animals Two by Two']]) // a page
    expect(await collections('hidden')).toEqual([]) // a draft page finds nothing
    expect(await collections('shepherd')).toEqual([])
    expect(await collections('   ')).toHaveLength(1)
    expect((await get(`/api/resources/collections?q=${'x'.repeat(201)}`)).status).toBe(400)
    // The pages themselves stay out of search results.
    expect((await get<{ data: Card[] }>('/api/resources?q=two%20by')).body.data).toEqual([])
  })

  it('describes a category with the age ranges present in it', async () => {
    const { status, body } = await get<{ data: { name: string; age_ranges: string[] } }>(
      '/api/resources/categories/games-puzzles',
    )
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ name: 'Games & Puzzles', age_ranges: ['6-9', '8-12'] })
    expect((await get('/api/resources/categories/seasonal-special')).body).toMatchObject({
      data: { age_ranges: [] },
    })
  })

  it('answers unknown categories with 404 and malformed ones with 400', async () => {
    expect((await get('/api/resources/categories/nope')).status).toBe(404)
    expect((await get('/api/resources?category=nope')).status).toBe(404)
    expect((await get('/api/resources/categories/..%2F..%2Fetc')).status).toBe(400)
    expect((await get(`/api/resources?q=${'x'.repeat(201)}`)).status).toBe(400)
  })

  it('shows a published resource with its files in order, and hides drafts', async () => {
    const { status, body } = await get<{
      data: Card & { files: { filename: string; url: string; pages: number | null }[] }
    }>('/api/resources/item/lesson-plan')
    expect(status).toBe(200)
    expect(body.data.category).toEqual({ name: 'Teaching Resources', slug: 'teaching-resources' })
    expect(body.data.files.map((f) => f.filename)).toEqual(['a-first.pdf', 'b-second.pdf'])
    expect(body.data.files[0]).toMatchObject({
      pages: 2,
      url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]+$/),
    })
    expect((await get('/api/resources/item/secret-draft')).status).toBe(404)
    expect((await get('/api/resources/item/nothing-here')).status).toBe(404)
  })

  it('lists a gallery by slug with each first file, leaving out drafts and fileless pages', async () => {
    const { body } = await get<{
      data: { slug: string; filename: string; mime_type: string; thumbnail: string }[]
    }>('/api/resources/galleries/noahs-ark')
    expect(body.data.map((g) => [g.slug, g.filename])).toEqual([
      ['noahs-ark-animals', 'animals.png'],
      ['noahs-ark-rainbow', 'rainbow.png'],
    ])
    expect(body.data[0]).toMatchObject({ mime_type: 'image/png', thumbnail: '' })
    expect((await get<{ data: unknown[] }>('/api/resources/galleries/bible-verses')).body.data).toEqual([])
    expect((await get('/api/resources/galleries/unicorns')).status).toBe(400)
  })

  it('counts nothing when listing', async () => {
    const [row] = await database.db.select().from(resources).where(eq(resources.slug, 'ark-maze'))
    expect(row?.downloads).toBe(0)
  })
})

describe.each(DRIVERS)('resource search across British and American spelling on %s', (driver) => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    app = createTestApp(database).app
    const db = database.db
    const [kids] = await db
      .insert(categories)
      .values({ slug: 'kids-activities-colouring', name: 'Kids Activities & Colouring', description: '' })
      .returning()
    const day = (n: number) => new Date(Date.UTC(2026, 0, n))
    const resource = (slug: string, title: string, n: number, description = '') => ({
      slug,
      title,
      description,
      categoryId: kids!.id,
      published: true,
      createdAt: day(n),
    })
    const rows = await db
      .insert(resources)
      .values([
        resource('uk-colouring', 'Psalm 23 Colouring Page', 9),
        resource('us-coloring', 'Easter Coloring Sheet', 8),
        resource('tagged', 'Shepherd Picture', 7), // only its tag says "Colouring"
        resource('uk-favourite', 'Favourite Parables', 6, 'Organise a grey-day game.'),
        resource('us-favorite', 'Favorite Parables', 5, 'Organize a gray-day game.'),
        resource('sisera', 'Deborah and Sisera', 4),
        resource('mum', 'A Card for Mum', 3),
        // A gallery page: found through its collection, never listed.
        resource('faith-coloring-dove', 'Colourful Dove', 2),
      ])
      .returning()
    const id = (slug: string) => rows.find((r) => r.slug === slug)!.id
    const [tag] = await db.insert(tags).values({ name: 'Colouring' }).returning()
    await db.insert(resourceTags).values({ resourceId: id('tagged'), tagId: tag!.id })
    await db.insert(fileAssets).values({
      resourceId: id('faith-coloring-dove'),
      storageKey: 'r/dove.png',
      filename: 'dove.png',
      mimeType: 'image/png',
      sizeBytes: 10,
    })
  })
  afterAll(async () => {
    await database?.destroy()
  })

  const search = async (q: string) => {
    const res = await app.request(`/api/resources?q=${encodeURIComponent(q)}`)
    expect(res.status).toBe(200)
    return ((await res.json()) as { data: Card[] }).data.map((r) => r.slug)
  }

  it('finds a word in either spelling, in titles, descriptions and tags', async () => {
    const colouring = ['uk-colouring', 'us-coloring', 'tagged']
    expect(await search('coloring')).toEqual(colouring)
    expect(await search('colouring')).toEqual(colouring)
    expect(await search('COLOR')).toEqual(colouring)
    expect(await search('favorite parables')).toEqual(['uk-favourite', 'us-favorite'])
    expect(await search('Favourite')).toEqual(['uk-favourite', 'us-favorite'])
    expect(await search('organise')).toEqual(['uk-favourite', 'us-favorite']) // -ise and -ize
    expect(await search('grey-day')).toEqual(['uk-favourite', 'us-favorite'])
  })

  it('finds nothing extra: an unrelated word, a short -ize word, a different word', async () => {
    expect(await search('zebra')).toEqual([])
    expect(await search('size')).toEqual([]) // not "sise", which would find Sisera
    expect(await search('mom')).toEqual([]) // mum is another word, not another spelling
  })

  it('leads to a colouring collection through a page in the other spelling', async () => {
    const res = await app.request('/api/resources/collections?q=colorful')
    const { data } = (await res.json()) as { data: { gallery: string; matches: string[] }[] }
    expect(data).toEqual([
      expect.objectContaining({ gallery: 'faith-coloring', matches: ['Colourful Dove'] }),
    ])
    expect(await search('colorful')).toEqual([])
  })
})
