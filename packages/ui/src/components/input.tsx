import type * as React from 'react'

import { cn } from '../lib/cn'
import { useTypedBeforeHydration } from '../lib/typed-before-hydration'

function Input({ className, type, ref, ...props }: React.ComponentProps<'input'>) {
  const field = useTypedBeforeHydration(ref)
  return (
    <input
      ref={field}
      type={type}
      data-slot="input"
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-1 text-base text-foreground shadow-xs transition-[color,border-color,box-shadow] placeholder:text-muted-foreground md:text-sm',
        'file:inline-flex file:h-7 file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-1',
        'disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive',
        className,
      )}
      {...props}
    />
  )
}

export { Input }
