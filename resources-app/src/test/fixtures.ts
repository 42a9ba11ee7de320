import type {
  CategoryDetail,
  CategorySummary,
  GalleryItem,
  Resource,
  ResourceDetail,
} from '@lamplight/contracts'

/** Sample API payloads for component tests. */

export function aResource(overrides: Partial<Resource> = {}): Resource {
  const slug = overrides.slug ?? 'ark-maze'
  return {
    id: `id-${slug}`,
    slug,
    title: 'Ark Maze',
    description: 'Help the animals find their way into the ark.',
    category_id: 'cat-games',
    category: { name: 'Games & Puzzles', slug: 'games-puzzles' },
    downloads: 12,
    published: true,
    is_featured: false,
    thumb_url: `/api/files/thumbs/id-${slug}?v=1`,
    age_range: '6-9',
    scripture_ref: 'Genesis 7:1',
    tags: [{ name: 'Flood' }, { name: 'Maze' }],
    created_at: '2026-01-03T00:00:00.000Z',
    ...overrides,
  }
}

export function aResourceDetail(overrides: Partial<ResourceDetail> = {}): ResourceDetail {
  const base = aResource(overrides)
  return {
    ...base,
    files: [
      {
        id: 'file-png',
        resource_id: base.id,
        filename: 'ark-maze.png',
        mime_type: 'image/png',
        size_bytes: 1536,
        pages: null,
        created_at: '2026-01-03T00:00:00.000Z',
        url: '/api/files/file-png',
        download_url: '/api/files/file-png/download',
      },
      {
        id: 'file-pdf',
        resource_id: base.id,
        filename: 'ark-maze-booklet.pdf',
        mime_type: 'application/pdf',
        size_bytes: 2_621_440,
        pages: 4,
        created_at: '2026-01-03T00:00:01.000Z',
        url: '/api/files/file-pdf',
        download_url: '/api/files/file-pdf/download',
      },
      {
        id: 'file-zip',
        resource_id: base.id,
        filename: 'extras.zip',
        mime_type: 'application/zip',
        size_bytes: 900,
        pages: null,
        created_at: '2026-01-03T00:00:02.000Z',
        url: '/api/files/file-zip',
        download_url: '/api/files/file-zip/download',
      },
    ],
    ...overrides,
  }
}

export function aCategory(overrides: Partial<CategoryDetail> = {}): CategoryDetail {
  return {
    id: 'cat-games',
    name: 'Games & Puzzles',
    slug: 'games-puzzles',
    description: 'Mazes, word searches and crosswords.',
    age_ranges: ['6-9', '8-12'],
    ...overrides,
  }
}

export const CATEGORIES: CategorySummary[] = [
  {
    id: 'c1',
    name: 'Games & Puzzles',
    slug: 'games-puzzles',
    description: 'Play and learn.',
    resourceCount: 5,
  },
  {
    id: 'c2',
    name: 'Kids Activities & Colouring',
    slug: 'kids-activities-colouring',
    description: 'Colour and create.',
    resourceCount: 1,
  },
]

export function aGalleryItem(n: number, overrides: Partial<GalleryItem> = {}): GalleryItem {
  return {
    id: `g${n}`,
    slug: `noahs-ark-page-${n}`,
    title: `Ark Page ${n}`,
    thumbnail: `/api/files/thumbs/g${n}?v=1`,
    file_id: `f${n}`,
    file_url: `/api/files/f${n}`,
    download_url: `/api/files/f${n}/download`,
    filename: `ark-page-${n}.png`,
    mime_type: 'image/png',
    ...overrides,
  }
}
