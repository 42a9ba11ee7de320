import type * as React from 'react'
import { ChevronDownIcon } from '../icons'

import { cn } from '../lib/cn'

/**
 * The browser's own `<select>` with `SelectTrigger`'s look, for a short list of plain choices
 * on a public page: one element to hydrate, no chunk of its own (Radix's Select brings its
 * positioning, collection, focus trap and scroll lock), and a phone shows its own picker.
 * `className` sizes the control (its wrapper), as it sizes a `SelectTrigger`. There is no
 * placeholder: give the "nothing chosen" state a choice of its own, which the arrow keys of a
 * closed select (Windows, Linux) can then step through like any other.
 */
function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <div data-slot="native-select-wrapper" className={cn('relative w-fit', className)}>
      <select
        data-slot="native-select"
        className={cn(
          // 16 px on a phone, as `Input`: iOS zooms the page into a smaller field it focuses;
          // a thumb's height on a touch screen.
          'h-10 w-full pointer-coarse:h-11 min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-base text-foreground shadow-xs transition-[color,border-color,box-shadow] md:text-sm',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-1',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        )}
        {...props}
      />
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground opacity-70"
      />
    </div>
  )
}

export { NativeSelect }
