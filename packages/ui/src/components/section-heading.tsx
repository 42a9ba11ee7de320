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

export { SectionHeading }
