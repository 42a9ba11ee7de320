/**
 * American and British spellings of one word, so that a search in either finds both: the
 * library's own titles use both ("Faith Coloring Pages", "Bible Verses Colouring Pages").
 * Search is a substring match (decision 008), so a pair is a piece of a word and covers its
 * forms: colour finds colouring, coloured, watercolour. Pieces that also sit inside unrelated
 * words are left out (labor: elaborate, odor: Theodore, meter: thermometer, tire: entire),
 * and mum/mom is a different word, not a spelling. The storefront filters nothing itself,
 * so only the API reads this.
 */
const PAIRS: [us: string, uk: string][] = [
  ['armor', 'armour'],
  ['behavior', 'behaviour'],
  ['color', 'colour'],
  ['favor', 'favour'],
  ['flavor', 'flavour'],
  ['harbor', 'harbour'],
  ['honor', 'honour'],
  ['humor', 'humour'],
  ['neighbor', 'neighbour'],
  ['rumor', 'rumour'],
  ['savior', 'saviour'],
  ['splendor', 'splendour'],
  ['valor', 'valour'],
  // "centred" is not "centre" + "d", so the longer forms are pairs of their own.
  ['center', 'centre'],
  ['centered', 'centred'],
  ['centering', 'centring'],
  ['theater', 'theatre'],
  ['catalog', 'catalogue'],
  ['program', 'programme'],
  ['defense', 'defence'],
  ['offense', 'offence'],
  ['license', 'licence'],
  ['practice', 'practise'],
  ['gray', 'grey'],
  ['jewelry', 'jewellery'],
  ['pajama', 'pyjama'],
  ['plow', 'plough'],
  ['traveled', 'travelled'],
  ['traveler', 'traveller'],
  ['traveling', 'travelling'],
]

const OTHER = new Map(PAIRS.flatMap(([us, uk]) => [[us, uk] as const, [uk, us] as const]))

/**
 * Any of the pieces (the longest first, so "catalogue" is not read as "catalog" + "ue"), or
 * the s/z of -ise/-ize, -ised/-ized, -ising/-izing, -isation/-ization. Written without a
 * lookbehind (which older Safari cannot parse) in case a browser ever needs this.
 */
const PIECE = new RegExp(
  `${[...OTHER.keys()].sort((a, b) => b.length - a.length).join('|')}|i[sz](?=e|ing|a)`,
  'g',
)

/**
 * Only after four letters of the same word: that keeps size, prize, seize, wise and rise
 * whole (a search for "size" must not find "Sisera"), while organise, realise, baptise,
 * memorise and evangelise swap. A swap in the other direction makes a non-word (promize),
 * which finds nothing extra.
 */
const ISE_STEM = /[a-z]{4}$/

/** A search with many variant words asks for this many spellings at most (each is an OR in SQL). */
const MAX_VARIANTS = 8

/**
 * The search in lower case, then the same with the other spelling of each variant word
 * (every combination, up to MAX_VARIANTS): "favourite coloring" gives favourite coloring,
 * favorite coloring, favourite colouring, favorite colouring.
 */
export function spellingVariants(text: string): string[] {
  const lower = text.toLowerCase()
  let variants = ['']
  let from = 0
  for (const match of lower.matchAll(PIECE)) {
    const piece = match[0]
    const other = OTHER.get(piece) ?? (ISE_STEM.test(lower.slice(0, match.index)) ? swapSZ(piece) : null)
    if (!other) continue
    const before = lower.slice(from, match.index)
    variants = variants.flatMap((v) => [v + before + piece, v + before + other])
    from = match.index + piece.length
    if (variants.length >= MAX_VARIANTS) break
  }
  return variants.map((v) => v + lower.slice(from))
}

const swapSZ = (piece: string) => (piece === 'is' ? 'iz' : 'is')
