import type * as React from 'react'

import { cn } from '../lib/cn'
import { useTypedBeforeHydration } from '../lib/typed-before-hydration'

function Textarea({ className, ref, ...props }: React.ComponentProps<'textarea'>) {
  const field = useTypedBeforeHydration(ref)
  return (
    <textarea
      ref={field}
      data-slot="textarea"
      className={cn(
        'field-sizing-content flex min-h-20 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-[color,border-color,box-shadow] placeholder:text-muted-foreground md:text-sm',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-1',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive',
        className,
      )}
      {...props}
    />
  )
}

export { Textarea }
