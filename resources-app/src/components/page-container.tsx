import { cn } from '@lamplight/ui'
import type { ReactNode } from 'react'

/** The width and padding every resource screen sits in (as the shared PageFrame). */
export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8 lg:py-12', className)}>
      {children}
    </div>
  )
}
