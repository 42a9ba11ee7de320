import { Slot } from '@radix-ui/react-slot'
import type * as React from 'react'
import { cn } from '../lib/cn'

/**
 * A pulsing placeholder, a `<div>`. Inside phrasing content (a `<p>`, a heading, a button)
 * a `<div>` is invalid HTML, which browsers repair by closing the paragraph, so the server's
 * markup and the hydrated tree disagree: there, pass `asChild` with a `<span>`.
 */
function Skeleton({
  className,
  asChild = false,
  ...props
}: React.ComponentProps<'div'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : 'div'
  return (
    <Comp
      data-slot="skeleton"
      className={cn('animate-pulse rounded-md bg-secondary', className)}
      {...props}
    />
  )
}

export { Skeleton }
