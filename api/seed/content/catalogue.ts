import type { ProductFacts } from '../../src/db/schema/catalog'

/**
 * The six experiences of the spec's catalogue as products (issue 31): the Scroll on sale,
 * the other five coming soon, each with its card's art as its first picture (`art`: a file
 * of ./box-art, copied from the storefront's drawings, rendered to WebP by the seed).
 * Prices are the static catalogue's (spec section 3); the Scroll's is the one it sells at.
 */
export type CatalogueSeed = {
  slug: string
  name: string
  tagline: string
  description?: string
  category: 'mystery' | 'devotional' | 'history'
  priceCents: number
  status: 'coming_soon' | 'on_sale'
  featured: boolean
  featuredOrder: number
  facts: ProductFacts
  sku: string
  art: string
  alt: string
}

export const CATALOGUE: readonly CatalogueSeed[] = [
  {
    slug: 'pilgrims-cipher',
    name: "Pilgrim's Cipher",
    tagline: 'A coded pilgrim’s journal, a hand-drawn map, one verse worth the walk.',
    description:
      'A weathered journal left behind by a pilgrim on the road to Jerusalem. Turn the brass cipher wheel, trace his hand-drawn map and decode each entry to discover the promise that kept him walking, one mile and one psalm at a time.',
    category: 'mystery',
    priceCents: 2999,
    status: 'coming_soon',
    featured: false,
    featuredOrder: 0,
    facts: { duration: '2-4 hours' },
    sku: 'LPC-PC-001',
    art: 'cipher',
    alt: 'A brass cipher wheel beside a pilgrim’s scallop shell',
  },
  {
    slug: 'scroll-of-antioch',
    name: 'The Scroll of Antioch',
    tagline: 'Restore a damaged scroll from the church where believers were first called Christians.',
    category: 'history',
    priceCents: 4999,
    status: 'on_sale',
    featured: true,
    featuredOrder: 1,
    facts: { duration: '2-3 hours', mysteries: 5, difficulty: 'Beginner friendly', ages: '13+' },
    sku: 'LPC-SOA-001',
    art: 'scroll',
    alt: 'An unrolled scroll with a torn corner and a wax seal',
  },
  {
    slug: 'letters-to-the-lost',
    name: 'Letters to the Lost',
    tagline: 'Sealed letters, hidden puzzles and the long road home.',
    description:
      'A bundle of sealed letters written to someone who wandered far from home. Each envelope hides a puzzle and a piece of the story of the prodigal, until the last one opens onto a father running down the road.',
    category: 'devotional',
    priceCents: 3499,
    status: 'coming_soon',
    featured: false,
    featuredOrder: 0,
    facts: { duration: '2-4 hours' },
    sku: 'LPC-LTL-001',
    art: 'letters',
    alt: 'Sealed letters tied with twine',
  },
  {
    slug: 'parables-unboxed',
    name: 'Parables Unboxed',
    tagline: 'The stories Jesus told, as puzzles you can hold.',
    description:
      'A wooden tray of small compartments, each keeping one of the stories Jesus told: a lamp, a lost coin, a mustard seed, a pearl, a wandering sheep. Hands-on puzzles for the whole table, with questions that linger long after the last drawer is open.',
    category: 'devotional',
    priceCents: 2299,
    status: 'coming_soon',
    featured: false,
    featuredOrder: 0,
    facts: { duration: '2-4 hours' },
    sku: 'LPC-PU-001',
    art: 'parables',
    alt: 'A wooden tray of compartments holding a lamp, a coin, seeds, a pearl and a lost sheep',
  },
  {
    slug: 'disciples-toolkit',
    name: "The Disciple's Toolkit",
    tagline: 'The nets and tools the first followers set down, and what they took up instead.',
    description:
      'A fisherman’s net, a carpenter’s mallet, a tax collector’s ledger. Handle the everyday things the first disciples set down to follow Jesus, and solve the puzzles that show what they took up instead.',
    category: 'history',
    priceCents: 2799,
    status: 'coming_soon',
    featured: false,
    featuredOrder: 0,
    facts: { duration: '2-4 hours' },
    sku: 'LPC-DT-001',
    art: 'toolkit',
    alt: 'A fisherman’s net, an ichthys and a carpenter’s tools',
  },
  {
    slug: 'mysteries-of-the-psalms',
    name: 'Mysteries of the Psalms',
    tagline: 'Acrostics, songs and star charts hidden in Israel’s prayer book.',
    description:
      'The Psalms were written with patterns: alphabet acrostics, refrains, songs of ascent. Follow those patterns through a shepherd’s star chart and a set of musical riddles, and find the prayer hidden beneath them all.',
    category: 'mystery',
    priceCents: 3199,
    status: 'coming_soon',
    featured: false,
    featuredOrder: 0,
    facts: { duration: '2-4 hours' },
    sku: 'LPC-MP-001',
    art: 'psalms',
    alt: 'A lyre under the stars',
  },
]
