import type { ReactNode } from 'react'
import { cn } from '../lib/cn'

/** The standard frame of a page inside <main>: width, padding, heading and lead text. */
export function PageFrame({
  title,
  lead,
  eyebrow,
  children,
  className,
}: {
  title: ReactNode
  lead?: ReactNode
  eyebrow?: ReactNode
  children?: ReactNode
  className?: string
}) {
  return (
    <div
      data-slot="page-frame"
      className={cn('mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14', className)}
    >
      <header className="mb-8 max-w-3xl">
        {eyebrow && (
          <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
        )}
        <h1 className="font-serif text-3xl leading-tight text-foreground sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 text-lg leading-relaxed text-muted-foreground">{lead}</p>}
      </header>
      {children}
    </div>
  )
}
