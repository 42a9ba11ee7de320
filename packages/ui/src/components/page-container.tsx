import type * as React from 'react'
import { cn } from '../lib/cn'

/** The width and padding every page sits in, inside the shell's <main>. */
function PageContainer({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="page-container"
      className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8 lg:py-12', className)}
      {...props}
    />
  )
}

export { PageContainer }
