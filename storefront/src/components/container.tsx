import { cn } from '@lamplight/ui'
import type { ReactNode } from 'react'

/** The eyebrow, level-two heading and lead that open a section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'left',
  className,
}: {
  id?: string
  eyebrow?: ReactNode
  title: ReactNode
  lead?: ReactNode
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

/** The page width and side padding every storefront section shares. */
export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>
}
