import { cva, type VariantProps } from 'class-variance-authority'
import type * as React from 'react'

import { cn } from '../lib/cn'

const spinnerVariants = cva('inline-flex shrink-0 items-center justify-center', {
  variants: {
    size: {
      sm: 'size-4',
      default: 'size-6',
      lg: 'size-8',
      xl: 'size-12',
    },
  },
  defaultVariants: {
    size: 'default',
  },
})

function Spinner({
  className,
  size,
  label = 'Loading…',
  ...props
}: Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof spinnerVariants> & { label?: string }) {
  return (
    <span role="status" data-slot="spinner" className={cn(spinnerVariants({ size }), className)} {...props}>
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        fill="none"
        className="size-full animate-spin"
      >
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="3" opacity="0.25" />
        <path d="M12 2.5a9.5 9.5 0 0 1 9.5 9.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  )
}

export { Spinner, spinnerVariants }
