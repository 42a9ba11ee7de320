import { cn } from '@lamplight/ui'
import type { ReactNode } from 'react'

/** The page width and side padding every storefront section shares. */
export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>
}
