import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { mergeClasses } from './merge-classes'

// A differential test: our merger against tailwind-merge (kept as a devDependency for this),
// over class strings taken from our own source at test time, so that a class someone adds
// to a component or a caller is covered without editing this file.

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const KIT = 'packages/ui/src'
const APPS = ['shell/src', 'storefront/src', 'resources-app/src', 'puzzle-app/src', 'admin-app/src']

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    // Not tests (their strings are inputs and expectations, not class lists of a page).
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : []
  })
}

// A string literal ('…', "…" or a template without `${`), and what a class looks like.
const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`/g
const CLASS = /^[\w!@\-[\]().:/&>*=%#,'"+_~^]+$/

/** Every string literal in the files under `dirs` that could be a class list. */
function classStrings(dirs: string[]): string[] {
  const found = new Set<string>()
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(repo, dir)))) {
    // Without comments, whose quoted words are not class lists.
    const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '')
    for (const match of source.matchAll(LITERAL)) {
      const text = (match[1] ?? match[2] ?? match[3] ?? '').trim().replace(/\s+/g, ' ')
      // (An empty string fails too: CLASS needs a character.)
      if (text.split(' ').every((token) => CLASS.test(token))) found.add(text)
    }
  }
  return [...found]
}

/**
 * Where we differ from tailwind-merge on purpose, with why. Each case is checked both ways
 * (our output and tailwind-merge's), so the list stays true; the corpus skips exactly these.
 */
const INTENDED: { input: string; ours: string; twMerge: string; why: string }[] = [
  {
    input: 'p-foo p-4',
    ours: 'p-4',
    twMerge: 'p-foo p-4',
    why: 'a plain prefix takes any one-word value; Tailwind makes no CSS for p-foo, so the page is the same',
  },
  {
    input: 'animate-wiggle animate-spin',
    ours: 'animate-spin',
    twMerge: 'animate-wiggle animate-spin',
    why: 'tailwind-merge knows only the default animations: a custom one-word animation is still an animation',
  },
  {
    input: 'blur-sm blur-md',
    ours: 'blur-sm blur-md',
    twMerge: 'blur-md',
    why: 'a kind of utility none of our code uses is kept; the corpus tests fail when one is added',
  },
  {
    input: 'text-shadow-sm text-primary',
    ours: 'text-primary',
    twMerge: 'text-shadow-sm text-primary',
    why: 'text-shadow-* is read as a text colour: none of our code uses it; the corpus tests fail when it is added',
  },
  {
    input: 'decoration-2 decoration-4',
    ours: 'decoration-2 decoration-4',
    twMerge: 'decoration-4',
    why: 'a kind of utility none of our code uses is kept; the corpus tests fail when one is added',
  },
]

const intended = new Set(INTENDED.map((c) => c.input))

/** The inputs on which the two disagree, with both outputs. */
function differences(inputs: Iterable<string>) {
  const found: { input: string; ours: string; twMerge: string }[] = []
  for (const input of inputs) {
    if (intended.has(input)) continue
    const ours = mergeClasses(input)
    const theirs = twMerge(input)
    if (ours !== theirs) found.push({ input, ours, twMerge: theirs })
  }
  return found
}

/** A class either merger takes for a Tailwind utility (it replaces itself when repeated). */
const known = (token: string) =>
  twMerge(`${token} ${token}`) === token || mergeClasses(`${token} ${token}`) === token

/** A class tailwind-merge takes for a Tailwind utility: it knows each utility's real values. */
const tailwind = (token: string) => twMerge(`${token} ${token}`) === token

// Class lists: the literals with at least one class tailwind-merge knows (not import paths,
// prose, or an id such as "top-categories", which only our looser merger would read as `top-*`).
const kit = classStrings([KIT]).filter((s) => s.split(' ').some(tailwind))
const callers = classStrings(APPS).filter((s) => s.split(' ').some(tailwind))
/** Every known class in our source. A class neither knows is kept by both, whatever its company. */
const tokens = [...new Set([...kit, ...callers].flatMap((s) => s.split(' ')))].filter(known)

describe('mergeClasses against tailwind-merge', () => {
  it('finds a corpus in our source', () => {
    // Guards the extraction itself: a broken regex would make every comparison below vacuous.
    expect(kit).toContain(
      "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium text-sm transition-[color,background-color,border-color,box-shadow] focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
    )
    expect(kit.length).toBeGreaterThan(100)
    expect(callers.length).toBeGreaterThan(400)
    // Most pairs of our classes do not conflict; enough of them must, or nothing is tested.
    expect(tokens.length).toBeGreaterThan(300)
  })

  it('agrees on every pair of class tokens in our source', () => {
    // A conflict is between two classes: every ordered pair covers every conflict our
    // classes can have, whatever else is in the list.
    const inputs: string[] = []
    for (const a of tokens) for (const b of tokens) inputs.push(`${a} ${b}`)
    expect(differences(inputs)).toEqual([])
  })

  it('agrees on each UI kit class string with each class string of the apps', () => {
    const inputs: string[] = []
    for (const base of kit) for (const caller of callers) inputs.push(`${base} ${caller}`)
    expect(differences(inputs)).toEqual([])
  })

  it('agrees on pairs of UI kit class strings (a base and its variants)', () => {
    const inputs: string[] = []
    for (const a of kit) for (const b of kit) inputs.push(`${a} ${b}`)
    expect(differences(inputs)).toEqual([])
  })

  it('agrees on tricky cases: variants, important, arbitrary and negative values', () => {
    expect(differences(TRICKY)).toEqual([])
  })

  it.each(INTENDED)('differs on purpose on "$input" ($why)', ({ input, ours, twMerge: theirs }) => {
    expect(mergeClasses(input)).toBe(ours)
    expect(twMerge(input)).toBe(theirs)
  })
})

const TRICKY = [
  // Sides: a later shorthand replaces the sides, a later side only its own part.
  'p-4 px-2',
  'px-2 p-4',
  'p-4 pt-2 pb-1',
  'py-2 pt-4',
  'pt-4 py-2',
  'm-2 mx-auto -mt-1',
  '-mx-1 mx-2',
  'mx-2 -mx-1',
  'inset-0 top-4',
  'top-4 inset-0',
  'inset-x-0 left-3',
  'left-3 inset-y-0',
  'size-4 w-6',
  'w-6 h-4 size-8',
  'min-w-0 w-full max-w-sm max-w-[calc(100%-2rem)]',
  'gap-2 gap-x-4',
  'gap-x-4 gap-2',
  // Variants: the same variants conflict in any order; different ones never.
  'hover:bg-primary focus:bg-secondary',
  'hover:focus:bg-primary focus:hover:bg-secondary',
  'sm:px-6 md:px-8 sm:px-4',
  'data-[state=open]:bg-muted data-[state=open]:bg-accent',
  'dark:text-white dark:text-black',
  '[&_svg]:size-4 [&_svg]:size-5',
  "[&_svg:not([class*='size-'])]:size-4 [&_svg:not([class*='size-'])]:size-6",
  'group-hover:opacity-50 group-hover:opacity-100',
  'hover:[&_svg]:size-4 [&_svg]:hover:size-5',
  'before:hover:p-2 hover:before:p-4',
  'aria-invalid:border-destructive aria-invalid:border-ring',
  'has-[>svg]:px-3 has-[>svg]:px-2',
  'group-data-[vaul-drawer-direction=bottom]/drawer-content:block group-data-[vaul-drawer-direction=bottom]/drawer-content:hidden',
  // Important, v4 (suffix) and v3 (prefix): a conflict only with the same importance.
  'bg-primary! bg-muted!',
  'bg-primary! bg-muted',
  '!bg-primary !bg-muted',
  'text-muted-foreground! text-primary',
  'hover:p-2! hover:p-4!',
  // Arbitrary values and variables.
  'w-[calc(100%-2rem)] w-full',
  'text-[13px] text-sm',
  'text-[13px] text-primary',
  'text-[#123456] text-primary',
  'text-(length:--size) text-lg',
  'text-(--colour) text-primary',
  'h-(--radix-select-trigger-height) h-10',
  'grid-cols-[1fr_auto] grid-cols-2',
  'shadow-[0_1px_2px_rgba(0,0,0,0.1)] shadow-sm',
  'shadow-(--my-shadow) shadow-md',
  'shadow-sm shadow-primary/20',
  'shadow-primary shadow-ink/10',
  'font-[550] font-bold',
  'font-[family-name:var(--x)] font-serif',
  'border-[3px] border-2',
  'border-[#ccc] border-primary',
  'ring-[3px] ring-2',
  'outline-[3px] outline-2',
  '[mask-type:luminance] [mask-type:alpha]',
  'content-[""] content-none',
  'content-start content-center',
  // Negative values.
  '-translate-x-1 translate-x-[-50%]',
  '-translate-y-1/2 translate-y-0.5',
  '-outline-offset-2 outline-offset-1',
  'top-1/2 -top-2',
  '-z-10 z-50',
  // Text: size, colour, alignment and line height are separate groups (size replaces leading).
  'text-sm text-muted-foreground text-center',
  'leading-tight text-lg',
  'text-lg leading-tight',
  'text-sm/6 leading-none',
  'text-foreground/80 text-primary',
  'text-left text-right',
  'text-wrap text-balance',
  'font-medium font-serif font-semibold font-sans',
  'italic not-italic',
  'underline no-underline line-through',
  'uppercase capitalize',
  'tracking-tight tracking-[0.22em]',
  // Borders: width, colour and style, all sides and per side.
  'border border-2 border-0',
  'border-t border-b-0 border-0',
  'border-0 border-t',
  'border-x-2 border-l-4',
  'border-l-4 border-x-2',
  'border-gold border-l-gold-deep',
  'border-l-gold-deep border-gold',
  'border-transparent border-input',
  'border-dashed border-solid',
  'rounded-md rounded-t-xl',
  'rounded-t-xl rounded-md',
  'rounded-t-xl rounded-tl-none',
  'rounded-l rounded-r-lg rounded-full',
  // Rings, outlines and shadows.
  'ring ring-2 ring-primary ring-ring',
  'outline outline-2 outline-none outline-ring outline-hidden',
  'shadow shadow-xs shadow-none shadow-inner',
  // Backgrounds.
  'bg-primary bg-primary/90 bg-[#fff]',
  'bg-linear-to-b bg-none',
  'bg-primary bg-linear-to-b',
  // Layout.
  'block flex hidden inline-flex grid contents',
  'hidden sm:flex sm:hidden',
  'relative absolute sticky fixed static',
  'flex-1 flex-none flex-auto',
  'flex-1 grow shrink-0 basis-1/2',
  'grow-0 flex-1',
  'flex-row flex-col flex-col-reverse',
  'flex-wrap flex-nowrap',
  'items-center items-start',
  'justify-between justify-center',
  'justify-self-end justify-center',
  'self-start self-auto',
  'overflow-hidden overflow-x-auto',
  'overflow-x-auto overflow-hidden',
  'line-clamp-2 block overflow-hidden',
  'block overflow-hidden line-clamp-2',
  'whitespace-nowrap whitespace-pre-line',
  'break-words break-all',
  'visible invisible',
  'sr-only not-sr-only',
  'list-disc list-none',
  'object-contain object-cover',
  'col-span-2 col-span-1',
  'row-span-2 row-start-1',
  'cursor-pointer cursor-not-allowed',
  'pointer-events-none pointer-events-auto',
  'opacity-50 opacity-100',
  'z-40 z-50',
  'order-first order-last',
  'transition-colors transition-[color,box-shadow] transition',
  'duration-200 duration-300',
  'animate-spin animate-pulse',
  'space-y-2 space-y-4',
  'select-none select-text',
  'appearance-none appearance-auto',
  'aspect-[4/3] aspect-square',
  'origin-(--radix-select-content-transform-origin) origin-center',
  // Unknown classes stay, in place.
  'lamplight-art lamplight-art-cross group peer block',
  'group/drawer-content group',
  '@container/card-header grid',
  'toaster group p-2 p-4',
  'animate-fade-in animate-fade-out',
  // Whitespace.
  '  p-2\n\tp-4  ',
]
