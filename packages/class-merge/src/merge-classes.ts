/**
 * Our own Tailwind class merger (decision 027): `cn()`'s "a later class wins" for the
 * utilities our components and their callers use, with tailwind-merge's semantics for them,
 * in a small table instead of tailwind-merge's 8.7 KB gzip on every first load (and the
 * tables it built before hydration). The table holds the kinds of utility our source uses
 * (and a few near ones); a class it does not know is kept, as tailwind-merge keeps one it
 * does not know. `merge-classes.test.ts` compares it with tailwind-merge (a test-only
 * dependency) over every class in our source, so a new kind of utility that needs a row
 * here fails that test until it has one.
 *
 * A class is `modifiers:` (variants, `!`) and a base (`-mt-2`, `bg-primary/90`). Its
 * conflict key is its sorted modifiers plus the group of its base (`hover:bg-color`); going
 * from the last class to the first, a class whose key an earlier-seen (later) class took is
 * dropped, and each kept class also takes the keys of the groups it overrides (`p` takes
 * `px`, `pt` …).
 */

type Rule = string | ((value: string) => string | undefined)

const SIDES = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l']
const CORNERS = ['s', 'e', 't', 'r', 'b', 'l', 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl']
const X = ['s', 'e', 'r', 'l']
const Y = ['t', 'b']

/** Groups a class overrides besides its own (tailwind-merge's `conflictingClassGroups`). */
const OVERRIDES: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  // In Tailwind v4 `text-sm` sets the line height too.
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  'container-named': ['container-type'],
  rounded: CORNERS.map((c) => `rounded-${c}`),
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
}
// Per-side families: `p` overrides px … pl, `px` overrides ps pe pr pl, the same for margins,
// scroll margins, border widths and border colours.
for (const family of ['p', 'm', 'scroll-m', 'border-w-', 'border-color-']) {
  const at = (side: string) => family + side
  OVERRIDES[family.replace(/-$/, '')] = SIDES.map(at)
  OVERRIDES[at('x')] = X.map(at)
  OVERRIDES[at('y')] = Y.map(at)
}

/** Classes that are a whole word, not a prefix and a value. */
const WORDS: Record<string, string> = {}
const words = (group: string, list: string) => {
  for (const word of list.split(' ')) WORDS[word] = group
}
words(
  'display',
  'block inline-block inline flex inline-flex table table-caption table-cell table-row flow-root grid inline-grid contents hidden',
)
words('position', 'static fixed absolute relative sticky')
words('visibility', 'visible invisible')
words('sr', 'sr-only not-sr-only')
words('font-style', 'italic not-italic')
words('text-decoration', 'underline line-through no-underline')
words('text-transform', 'uppercase lowercase capitalize normal-case')
words('text-overflow', 'truncate')
words('fvn-spacing', 'tabular-nums proportional-nums')
words('divide-x', 'divide-x')
words('divide-y', 'divide-y')
// A utility without a value: `border` is a width, `shadow` a shadow.
words('grow', 'grow')
words('shrink', 'shrink')
words('transition', 'transition')
words('shadow', 'shadow')
words('ring-w', 'ring')
words('outline-w', 'outline')
words('backdrop-blur', 'backdrop-blur')
words('border-w', 'border')
for (const side of SIDES) WORDS[`border-${side}`] = `border-w-${side}`
words('container-type', '@container')
for (const corner of ['', ...CORNERS])
  WORDS[`rounded${corner && '-'}${corner}`] = `rounded${corner && '-'}${corner}`

const TSHIRT = /^(\d*xs|sm|md|lg|\d*xl)$/
const ARBITRARY = /^[[(]/
/** tailwind-merge's test of an arbitrary value for a length (`[13px]`, `[calc(…)]`, `[length:…]`). */
const isLength = (v: string) =>
  /^\[length:/.test(v) ||
  (/^\[/.test(v) && /\d(%|px|r?em|[sdl]?v[hwib]|ch|ex|r?lh)|\b(calc|min|max|clamp)\(|^\[0\]$/.test(v))
/** A number (`border-2`) or a length: a width; otherwise a colour (or a style). */
const width = (v: string) => /^\d+$/.test(v) || isLength(v)
const LINE_STYLE = /^(solid|dashed|dotted|double|none|hidden)$/

/** A border side's width or colour. */
const borderSide =
  (side: string): Rule =>
  (v) =>
    width(v) ? `border-w-${side}` : `border-color-${side}`

/** Utilities whose prefix alone names the group: `pt-4`, `max-w-[14rem]`, `-translate-x-1`. */
const PLAIN =
  'p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml scroll-m scroll-mx scroll-my scroll-mt scroll-mr scroll-mb scroll-ml w h size min-w min-h max-w max-h inset inset-x inset-y start end top right bottom left z opacity basis grow shrink gap gap-x gap-y space-y leading duration animate line-clamp grid-cols grid-rows col-start row-start auto-rows items self justify-self overflow overflow-x overflow-y break-before translate-x translate-y rotate underline-offset outline-offset aspect caption field-sizing accent backdrop-blur justify-items grayscale'

const RULES: Record<string, Rule> = {
  'col-span': 'col-start-end',
  'row-span': 'row-start-end',
  justify: 'justify-content',
  content: (v) => (v === 'none' || ARBITRARY.test(v) ? 'content' : 'align-content'),
  align: 'vertical-align',
  order: (v) => (/^(first|last|none|\d+)$/.test(v) || ARBITRARY.test(v) ? 'order' : undefined),
  tracking: (v) =>
    /^(tighter|tight|normal|wide|wider|widest)$/.test(v) || ARBITRARY.test(v) ? 'tracking' : undefined,
  // Gradient stops: a colour, or a position in per cent.
  from: (v) => (/%$/.test(v) ? 'from-pos' : 'from'),
  to: (v) => (/%$/.test(v) ? 'to-pos' : 'to'),
  select: (v) => (/^(none|text|all|auto)$/.test(v) ? 'select' : undefined),
  // Values of more than one word: `whitespace-pre-line`, `cursor-not-allowed`, `origin-top-left`.
  whitespace: () => 'whitespace',
  cursor: () => 'cursor',
  origin: () => 'origin',
  break: 'break',
  'pointer-events': 'pointer-events',
  appearance: (v) => (/^(none|auto)$/.test(v) ? 'appearance' : undefined),
  transition: 'transition',
  flex: (v) => (/^(row|col)(-reverse)?$/.test(v) ? 'flex-direction' : /wrap/.test(v) ? 'flex-wrap' : 'flex'),
  list: 'list-style-type',
  'divide-x': 'divide-x',
  'divide-y': 'divide-y',
  divide: (v) => (/^(solid|dashed|dotted|double|none)$/.test(v) ? 'divide-style' : 'divide-color'),
  object: 'object-fit',
  text: (v) =>
    /^(left|center|right|justify|start|end)$/.test(v)
      ? 'text-alignment'
      : /^(wrap|nowrap|balance|pretty)$/.test(v)
        ? 'text-wrap'
        : v === 'base' || TSHIRT.test(v) || isLength(v) || /^\(length:/.test(v)
          ? 'font-size'
          : 'text-color',
  // In brackets, a weight unless labelled otherwise (`font-[550]`, `font-[family-name:…]`).
  font: (v) =>
    /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(v) ||
    /^[[(]((number|weight):|(?!\w[\w-]*:))/.test(v)
      ? 'font-weight'
      : 'font-family',
  bg: (v) =>
    /^(none|linear|radial|conic|\[url\(|\[(linear|radial|conic)-gradient)/.test(v) ? 'bg-image' : 'bg-color',
  border: (v) => (width(v) ? 'border-w' : LINE_STYLE.test(v) ? 'border-style' : 'border-color'),
  ...Object.fromEntries(SIDES.map((side) => [`border-${side}`, borderSide(side)])),
  rounded: 'rounded',
  ...Object.fromEntries(CORNERS.map((c) => [`rounded-${c}`, `rounded-${c}`])),
  outline: (v) =>
    width(v) || /^\(length:/.test(v) ? 'outline-w' : LINE_STYLE.test(v) ? 'outline-style' : 'outline-color',
  ring: (v) => (width(v) ? 'ring-w' : 'ring-color'),
  // A size, `[0_1px_2px_…]` or a variable (`shadow-(--x)`) is a shadow; the rest a colour.
  shadow: (v) =>
    v === 'none' ||
    v === 'inner' ||
    TSHIRT.test(v) ||
    /^\((?!\w[\w-]*:)|^\(shadow:|^\[(shadow:|(inset_)?-?[\d.]+[a-z]*_)/.test(v)
      ? 'shadow'
      : 'shadow-color',
}
for (const prefix of PLAIN.split(' ')) RULES[prefix] = prefix

/**
 * The group of a class's base, or undefined for a class we do not know (kept). The longest
 * known prefix decides: `border-t-2` is border-t's width, `inset-x-0` inset-x's.
 */
function groupOf(base: string): string | undefined {
  // An arbitrary property (`[mask-type:alpha]`) conflicts with the same property.
  if (base[0] === '[') return /^\[[\w-]+:.+\]$/.test(base) ? base.slice(1, base.indexOf(':')) : undefined
  // A negative value is the same utility (`-mx-1`). A modifier after a slash (`bg-ink/60`,
  // `text-sm/6`, `w-3/4`) does not change the group, but a name does: `@container/card`.
  let name = base[0] === '-' ? base.slice(1) : base
  const slash = name.lastIndexOf('/')
  if (slash > 0 && !/[\])]/.test(name.slice(slash))) name = name.slice(0, slash)
  if (WORDS[name]) return slash > 0 && name === '@container' ? 'container-named' : WORDS[name]
  for (let end = name.lastIndexOf('-'); end > 0; end = name.lastIndexOf('-', end - 1)) {
    const rule = RULES[name.slice(0, end)]
    if (!rule) continue
    const value = name.slice(end + 1)
    if (typeof rule !== 'string') return rule(value)
    // A plain prefix takes one word (`items-center`) or an arbitrary value (`w-[calc(…)]`),
    // so that a utility we do not list (`inset-shadow-sm`) is not taken for another.
    return ARBITRARY.test(value) || !value.includes('-') ? rule : undefined
  }
  return undefined
}

/** Variants whose order matters (`before:hover:` is not `hover:before:`), as in tailwind-merge. */
const ORDERED = new Set(
  '* ** after backdrop before details-content file first-letter first-line marker placeholder selection'.split(
    ' ',
  ),
)

/** The variants as one key: sorted, except around arbitrary and order-sensitive ones. */
function variantKey(variants: string[]): string {
  const out: string[] = []
  let run: string[] = []
  for (const variant of variants) {
    if (variant[0] === '[' || ORDERED.has(variant)) {
      out.push(...run.sort(), variant)
      run = []
    } else run.push(variant)
  }
  return [...out, ...run.sort()].join(':')
}

const cache = new Map<string, string>()

/** Merges a space-separated class list: a later class replaces an earlier one it conflicts with. */
export function mergeClasses(classList: string): string {
  const cached = cache.get(classList)
  if (cached !== undefined) return cached
  const taken = new Set<string>()
  const kept: string[] = []
  // From the last class to the first: the last of a group is the one kept.
  for (const cls of classList.trim().split(/\s+/).reverse()) {
    // Split the variants off at the top level: `[&_svg]:size-4`, `data-[state=open]:flex`.
    const variants: string[] = []
    let depth = 0
    let start = 0
    for (let j = 0; j < cls.length; j++) {
      const c = cls[j]
      if (c === '[' || c === '(') depth++
      else if (c === ']' || c === ')') depth--
      else if (c === ':' && depth === 0) {
        variants.push(cls.slice(start, j))
        start = j + 1
      }
    }
    let base = cls.slice(start)
    // Tailwind v4 marks important at the end (`bg-primary!`), v3 at the start (`!bg-primary`).
    const important = base.endsWith('!') || base.startsWith('!')
    if (important) base = base.endsWith('!') ? base.slice(0, -1) : base.slice(1)
    const group = groupOf(base)
    if (group) {
      const key = `${variantKey(variants)}${important ? '!' : ''}:`
      if (taken.has(key + group)) continue
      taken.add(key + group)
      for (const other of OVERRIDES[group] ?? []) taken.add(key + other)
    }
    kept.push(cls)
  }
  const merged = kept.reverse().join(' ')
  // The same few class lists repeat on every render: remember them (bounded, like tailwind-merge's).
  if (cache.size > 500) cache.clear()
  cache.set(classList, merged)
  return merged
}
