/**
 * @license The icons of this directory draw lucide's icons (lucide-react 1.75.0, ISC
 * licence; some derived from Feather, MIT licence): see ./LICENSE, copied from lucide-react.
 * Every icon imports this module, so the notice goes wherever an icon does.
 */

import { type ComponentProps, createElement, type ReactNode } from 'react'

/**
 * An icon's drawing: the elements of lucide's node list, `[tag, attributes]` each, without
 * lucide's React keys (the elements are passed as separate children, so they need none).
 */
export type IconNode = readonly (readonly [tag: string, attributes: Readonly<Record<string, string>>])[]

/**
 * An icon takes what an `<svg>` takes (React 19: `ref` too). An attribute given here
 * replaces the default (`strokeWidth={1.5}`, `width={16}`); lucide's own `size`,
 * `absoluteStrokeWidth` and context provider are not offered, and `color` is the SVG
 * attribute (which sets `currentColor`, so it colours the stroke as lucide's does).
 */
export type IconProps = ComponentProps<'svg'>

/** An ARIA attribute, `role` or `title` means the icon is meant to be read (lucide's rule). */
function labelled(props: object): boolean {
  for (const [name, value] of Object.entries(props)) {
    if ((name.startsWith('aria-') || name === 'role' || name === 'title') && value != null) return true
  }
  return false
}

/**
 * The markup lucide-react 1.x renders for an icon, attribute for attribute and in its
 * order, so a page reads and looks as it did (`icons.test.tsx` compares the two): stroke
 * defaults, `class="lucide lucide-<name> <className>"`, and `aria-hidden="true"` unless the
 * icon is labelled or has children (a `<title>`). What lucide adds around it (a context,
 * `forwardRef`, a class de-duplicator, name conversions) is what made its runtime cost more
 * than the drawings on a first load (decision 029).
 */
export function svgIcon(
  { className, children, ...props }: IconProps,
  classes: string,
  node: IconNode,
): ReactNode {
  return createElement(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: 24,
      height: 24,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: className ? `lucide ${classes} ${className}` : `lucide ${classes}`,
      'aria-hidden': children || labelled(props) ? undefined : 'true',
      ...props,
    },
    ...node.map(([tag, attributes]) => createElement(tag, attributes)),
    ...(Array.isArray(children) ? children : [children]),
  )
}
