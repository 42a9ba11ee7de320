import { GALLERY_PREFIXES } from './constants'

// The resource library's plain values, kept apart from its zod schemas (resources.ts) so
// that a page using one of them does not download zod with it (decision 021).

export const GALLERIES = {
  'bible-verses': GALLERY_PREFIXES.bibleVerses,
  'faith-coloring': GALLERY_PREFIXES.faithColoring,
  'noahs-ark': GALLERY_PREFIXES.noahsArk,
} as const
export type GalleryKey = keyof typeof GALLERIES
export const GALLERY_KEYS = Object.keys(GALLERIES) as [GalleryKey, ...GalleryKey[]]

/**
 * The three colouring collections as search knows them: the gallery page's title and
 * address, and words a parent might type that the title does not contain.
 */
export const COLOURING_COLLECTIONS: Record<GalleryKey, { title: string; path: string; keywords: string }> = {
  'bible-verses': {
    title: 'Bible Verses Colouring Pages',
    path: '/kids-activities-colouring/bible-verses',
    keywords: 'bible verses scripture memory coloring colouring pages printable',
  },
  'faith-coloring': {
    title: 'Faith Coloring Pages',
    path: '/kids-activities-colouring/faith-coloring-pages',
    keywords: 'faith coloring colouring pages printable',
  },
  'noahs-ark': {
    title: "Noah's Ark Coloring Pages",
    path: '/kids-activities-colouring/noahs-ark-coloring-pages',
    keywords: "noah noah's ark noahs ark flood animals rainbow coloring colouring pages printable",
  },
}

export const RESULTS_PAGE_SIZE_MAX = 100
