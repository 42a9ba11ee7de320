import { cn } from '@lamplight/ui'
import type { ArtName } from '../art/drawings'
import '../art/art.css'

type ArtProps = { className?: string }

/**
 * Our own drawings (src/art/drawings.tsx), painted by the stylesheet src/art/art.css as the
 * background of an empty box rather than rendered as inline SVG: they cost the page's
 * JavaScript nothing and React hydrates one element per drawing instead of its dozens. The
 * stylesheet holds the drawings at the top of a page as data URLs and names the others'
 * files relative to itself, right wherever the remote is served from (an imported asset's
 * URL differs between the server build and the browser's: docs/decisions/021). The box
 * keeps the drawing's aspect ratio (no layout shift) and the drawing fits it as inline SVG
 * did. All are decorative (the text beside them says what they show): hidden from
 * assistive technology, as before.
 */
function art(name: ArtName, displayName: string) {
  function Art({ className }: ArtProps) {
    return (
      <div
        aria-hidden="true"
        data-art={name}
        className={cn('lamplight-art block h-auto w-full', `lamplight-art-${name}`, className)}
      />
    )
  }
  Art.displayName = displayName
  return Art
}

/** The hero: an open puzzle box with light rising out of it, a scroll inside and a lamp beside. */
export const PuzzleBoxArt = art('puzzle-box', 'PuzzleBoxArt')
/** An unrolled scroll with a torn corner and a seal: the Scroll of Antioch. */
export const ScrollArt = art('scroll', 'ScrollArt')
/** A brass cipher wheel beside a pilgrim's scallop shell: Pilgrim's Cipher. */
export const CipherArt = art('cipher', 'CipherArt')
/** Sealed letters tied with twine: Letters to the Lost. */
export const LettersArt = art('letters', 'LettersArt')
/** A tray of small compartments holding a lamp, a coin, seeds, a pearl, a lost sheep and wheat: Parables Unboxed. */
export const ParablesArt = art('parables', 'ParablesArt')
/** A fisherman's net, an ichthys and a carpenter's tools: The Disciple's Toolkit. */
export const ToolkitArt = art('toolkit', 'ToolkitArt')
/** A lyre under the stars: Mysteries of the Psalms. */
export const PsalmsArt = art('psalms', 'PsalmsArt')
/** An oil lamp with a cross on its belly, burning: used where we speak of our foundation. */
export const LampArt = art('lamp', 'LampArt')
