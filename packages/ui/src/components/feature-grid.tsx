import type * as React from 'react'
import { cn } from '../lib/cn'
import { SectionHeading } from './section-heading'

/** Three across from tablets, four on a desktop (two on tablets), or product cards' three. */
const COLUMNS = {
  three: 'md:grid-cols-3',
  four: 'sm:grid-cols-2 lg:grid-cols-4',
  cards: 'sm:grid-cols-2 lg:grid-cols-3',
}

/**
 * A marketing page's "heading, then a grid of cards" section (why Lamplight, how a box is
 * made, how it works, coming soon...): the band (`muted` sets it apart; `compact` for one
 * section among many, the shop's), the page width, the `SectionHeading` (`id` names the
 * section), and the list the cards go in (`children`: its `<li>`s, each page's own card).
 * `ordered` makes the list an `<ol>` (steps); `action` sits beside the heading (a "See all"
 * link); `footer` comes after the grid. `gridClassName` moves the grid down from the heading
 * (`mt-10` by default).
 */
function FeatureGrid({
  id,
  eyebrow,
  title,
  lead,
  align,
  action,
  ordered = false,
  columns = 'three',
  muted = false,
  compact = false,
  className,
  gridClassName,
  footer,
  busy,
  children,
}: {
  id: string
  eyebrow?: React.ReactNode
  title: React.ReactNode
  lead?: React.ReactNode
  align?: 'left' | 'center'
  action?: React.ReactNode
  ordered?: boolean
  columns?: keyof typeof COLUMNS
  muted?: boolean
  compact?: boolean
  className?: string
  gridClassName?: string
  footer?: React.ReactNode
  /** The cards are still loading (their placeholders show). */
  busy?: boolean
  children: React.ReactNode
}) {
  const List = ordered ? 'ol' : 'ul'
  const heading = <SectionHeading id={id} eyebrow={eyebrow} title={title} lead={lead} align={align} />
  return (
    <section
      aria-labelledby={id}
      className={cn(compact ? 'py-12 sm:py-16' : 'py-14 sm:py-20', muted && 'bg-secondary/50', className)}
    >
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
        {action ? (
          <div className="flex flex-wrap items-end justify-between gap-4">
            {heading}
            {action}
          </div>
        ) : (
          heading
        )}
        <List
          aria-busy={busy || undefined}
          className={cn('mt-10 grid gap-6', COLUMNS[columns], gridClassName)}
        >
          {children}
        </List>
        {footer}
      </div>
    </section>
  )
}

export { FeatureGrid }
