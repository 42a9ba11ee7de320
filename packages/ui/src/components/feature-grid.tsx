import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'
import { cn } from '../lib/cn'

/** The eyebrow, level-two heading and lead that open a section of a marketing page. */
function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'left',
  className,
}: {
  id?: string
  eyebrow?: React.ReactNode
  title: React.ReactNode
  lead?: React.ReactNode
  align?: 'left' | 'center'
  className?: string
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && (
        <p className="mb-2 font-semibold text-primary text-sm uppercase tracking-wider">{eyebrow}</p>
      )}
      <h2 id={id} className="font-serif text-2xl text-foreground leading-tight sm:text-3xl">
        {title}
      </h2>
      {lead && <p className="mt-3 text-lg text-muted-foreground leading-relaxed">{lead}</p>}
    </div>
  )
}

const featureGridVariants = cva('', {
  variants: {
    /** The section's band: the page's own background, or the muted one that sets it apart. */
    tone: { plain: '', muted: 'bg-secondary/50' },
    /** Its height: `roomy` for a page's main sections, `compact` for one among many (the shop's). */
    spacing: { roomy: 'py-14 sm:py-20', compact: 'py-12 sm:py-16' },
  },
  defaultVariants: { tone: 'plain', spacing: 'roomy' },
})

const gridVariants = cva('grid gap-6', {
  variants: {
    /** Three across from tablets, four on a desktop (two on tablets), or product cards' three. */
    columns: {
      three: 'md:grid-cols-3',
      four: 'sm:grid-cols-2 lg:grid-cols-4',
      cards: 'sm:grid-cols-2 lg:grid-cols-3',
    },
  },
  defaultVariants: { columns: 'three' },
})

/**
 * A marketing page's "heading, then a grid of cards" section (why Lamplight, how a box is
 * made, how it works, coming soon...): the band, the page width, the `SectionHeading` (`id`
 * names the section), and the list the cards go in (`children`: its `<li>`s, each page's own
 * card). `ordered` makes the list an `<ol>` (steps); `action` sits beside the heading (a "See
 * all" link); `footer` comes after the grid. `gridClassName` moves the grid down from the
 * heading (`mt-10` by default).
 */
function FeatureGrid({
  id,
  eyebrow,
  title,
  lead,
  align,
  action,
  ordered = false,
  columns,
  tone,
  spacing,
  className,
  gridClassName,
  footer,
  children,
}: {
  id: string
  eyebrow?: React.ReactNode
  title: React.ReactNode
  lead?: React.ReactNode
  align?: 'left' | 'center'
  action?: React.ReactNode
  ordered?: boolean
  className?: string
  gridClassName?: string
  footer?: React.ReactNode
  children: React.ReactNode
} & VariantProps<typeof featureGridVariants> &
  VariantProps<typeof gridVariants>) {
  const List = ordered ? 'ol' : 'ul'
  const heading = <SectionHeading id={id} eyebrow={eyebrow} title={title} lead={lead} align={align} />
  return (
    <section
      aria-labelledby={id}
      data-slot="feature-grid"
      className={cn(featureGridVariants({ tone, spacing }), className)}
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
        <List className={cn(gridVariants({ columns }), 'mt-10', gridClassName)}>{children}</List>
        {footer}
      </div>
    </section>
  )
}

export { FeatureGrid, SectionHeading }
