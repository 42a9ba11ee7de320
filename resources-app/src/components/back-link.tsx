import { cn } from '@lamplight/ui'
import { ArrowLeftIcon } from '@lamplight/ui/icons'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** A quiet link back up the library, with an arrow. */
export function BackLink({
  to,
  children,
  className,
}: {
  to: string
  children: ReactNode
  className?: string
}) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex min-h-10 items-center gap-1.5 rounded-md py-2 pr-2 font-medium text-primary text-sm underline-offset-4 hover:underline',
        className,
      )}
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {children}
    </Link>
  )
}
