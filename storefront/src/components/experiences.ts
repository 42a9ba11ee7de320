import type { ComponentType } from 'react'
import { CipherArt, LettersArt, ParablesArt, PsalmsArt, ScrollArt, ToolkitArt } from './illustrations'

export type ExperienceCategory = 'mystery' | 'devotional' | 'history'

/** The spec's static experience card (section 3), plus where its links go. */
export type Experience = {
  /** The card's anchor on /experiences, as the navigation links to it. */
  id: string
  title: string
  /** One line for small cards. */
  tagline: string
  description: string
  /** Display price in US dollars, as the static catalogue shows it. */
  price: string
  /** A product on sale in the shop: its card shows the live price, so it never disagrees with checkout. */
  productSlug?: string
  category: ExperienceCategory
  featured: boolean
  inStock: boolean
  duration: string
  /** Where Learn More goes: the card itself, or the experience's own page when it has one. */
  learnMoreHref: string
  Art: ComponentType<{ className?: string }>
}

export const CATEGORY_LABELS: Record<ExperienceCategory, string> = {
  mystery: 'Mystery',
  devotional: 'Devotional',
  history: 'History',
}

/** In the order of the navigation's Experiences menu. */
export const EXPERIENCES: readonly Experience[] = [
  {
    id: 'pilgrims-cipher',
    title: "Pilgrim's Cipher",
    tagline: 'A coded pilgrim’s journal, a hand-drawn map, one verse worth the walk.',
    description:
      'A weathered journal left behind by a pilgrim on the road to Jerusalem. Turn the brass cipher wheel, trace his hand-drawn map and decode each entry to discover the promise that kept him walking, one mile and one psalm at a time.',
    price: '29.99',
    category: 'mystery',
    featured: false,
    inStock: true,
    duration: '2-4 hours',
    learnMoreHref: '/experiences#pilgrims-cipher',
    Art: CipherArt,
  },
  {
    id: 'scroll-of-antioch',
    title: 'The Scroll of Antioch',
    tagline: 'Restore a damaged scroll from the church where believers were first called Christians.',
    description:
      'A sealed scroll from Antioch, the city where the disciples were first called Christians, has come down to you in pieces. Solve five mysteries, restore each fragment online and read the message those first believers sent out into the world.',
    price: '24.99',
    productSlug: 'scroll-of-antioch',
    category: 'history',
    featured: true,
    inStock: true,
    duration: '2-3 hours',
    learnMoreHref: '/scroll-of-antioch',
    Art: ScrollArt,
  },
  {
    id: 'letters-to-lost',
    title: 'Letters to the Lost',
    tagline: 'Sealed letters, hidden puzzles and the long road home.',
    description:
      'A bundle of sealed letters written to someone who wandered far from home. Each envelope hides a puzzle and a piece of the story of the prodigal, until the last one opens onto a father running down the road.',
    price: '34.99',
    category: 'devotional',
    featured: false,
    inStock: true,
    duration: '2-4 hours',
    learnMoreHref: '/experiences#letters-to-lost',
    Art: LettersArt,
  },
  {
    id: 'parables-unboxed',
    title: 'Parables Unboxed',
    tagline: 'The stories Jesus told, as puzzles you can hold.',
    description:
      'A wooden tray of small compartments, each keeping one of the stories Jesus told: a lamp, a lost coin, a mustard seed, a pearl, a wandering sheep. Hands-on puzzles for the whole table, with questions that linger long after the last drawer is open.',
    price: '22.99',
    category: 'devotional',
    featured: false,
    inStock: true,
    duration: '2-4 hours',
    learnMoreHref: '/experiences#parables-unboxed',
    Art: ParablesArt,
  },
  {
    id: 'disciples-toolkit',
    title: "The Disciple's Toolkit",
    tagline: 'The nets and tools the first followers set down, and what they took up instead.',
    description:
      'A fisherman’s net, a carpenter’s mallet, a tax collector’s ledger. Handle the everyday things the first disciples set down to follow Jesus, and solve the puzzles that show what they took up instead.',
    price: '27.99',
    category: 'history',
    featured: false,
    inStock: false,
    duration: '2-4 hours',
    learnMoreHref: '/experiences#disciples-toolkit',
    Art: ToolkitArt,
  },
  {
    id: 'mysteries-psalms',
    title: 'Mysteries of the Psalms',
    tagline: 'Acrostics, songs and star charts hidden in Israel’s prayer book.',
    description:
      'The Psalms were written with patterns: alphabet acrostics, refrains, songs of ascent. Follow those patterns through a shepherd’s star chart and a set of musical riddles, and find the prayer hidden beneath them all.',
    price: '31.99',
    category: 'mystery',
    featured: false,
    inStock: true,
    duration: '2-4 hours',
    learnMoreHref: '/experiences#mysteries-psalms',
    Art: PsalmsArt,
  },
]

export const FEATURED_EXPERIENCE = EXPERIENCES.find((e) => e.featured)!

export function experienceById(id: string): Experience {
  const found = EXPERIENCES.find((e) => e.id === id)
  if (!found) throw new Error(`No experience called ${id}`)
  return found
}
