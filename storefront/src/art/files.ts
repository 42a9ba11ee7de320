import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { type ArtName, DRAWINGS } from './drawings'

export const ART_NAMES = Object.keys(DRAWINGS) as ArtName[]

/**
 * Drawings at the top of a page (the home page's hero, the scroll on /shop and
 * /scroll-of-antioch, the lamp on /about), where they are the largest thing on a phone's
 * first screen: written into the stylesheet as data URLs, so they paint with the page
 * instead of one more round trip later (a separate file made them the Largest Contentful
 * Paint, 250-650 ms after the first paint in Lighthouse's mobile run). The others are files,
 * fetched only on pages that show them, below the fold.
 */
export const INLINE_ART: readonly ArtName[] = ['puzzle-box', 'scroll', 'lamp']

/** A drawing as its SVG file holds it: React's static markup of the drawing, one line. */
export function svgOf(name: ArtName): string {
  return `${renderToStaticMarkup(createElement(DRAWINGS[name]))}\n`
}

/** The stylesheet that shows the drawings (`components/illustrations.tsx`'s boxes). */
export function cssOf(): string {
  const rules = ART_NAMES.map((name) => {
    const svg = svgOf(name)
    const viewBox = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(svg)
    if (!viewBox) throw new Error(`${name}: no viewBox`)
    const url = INLINE_ART.includes(name) ? `data:image/svg+xml,${encodeForCss(svg)}` : `./${name}.svg?url`
    return [
      `.lamplight-art-${name} {`,
      `  aspect-ratio: ${viewBox[1]} / ${viewBox[2]};`,
      `  background-image: url("${url}");`,
      '}',
    ].join('\n')
  })
  return `${[CSS_HEADER, ...rules].join('\n')}\n`
}

/** Where a drawing's file lives, beside its source (`art.css` for the stylesheet). */
export function artFile(name: ArtName | 'art.css'): string {
  return new URL(name === 'art.css' ? './art.css' : `./${name}.svg`, import.meta.url).pathname
}

/** An SVG in a double-quoted CSS url(): attribute quotes become single, and what a URL cannot hold is escaped. */
function encodeForCss(svg: string): string {
  return svg
    .trim()
    .replaceAll('"', "'")
    .replace(/[%#<>{}\\\n\r]/g, (c) => encodeURIComponent(c))
}

const CSS_HEADER = `/*
 * Written by \`npm run art -w @lamplight/storefront\` from drawings.tsx: do not edit by hand.
 * The drawings as backgrounds of components/illustrations.tsx's boxes: each box takes its
 * drawing's aspect ratio (no layout shift), and the drawing fills it as the inline SVG did
 * (its viewBox centred and scaled to fit when the box has another shape). The drawings at
 * the top of a page are data URLs (files.ts, INLINE_ART); the rest are files beside this one.
 */
.lamplight-art {
  background-position: center;
  background-repeat: no-repeat;
  background-size: 100% 100%;
  /* Printed as the inline drawings were (a browser leaves backgrounds out of print by default). */
  print-color-adjust: exact;
}`
