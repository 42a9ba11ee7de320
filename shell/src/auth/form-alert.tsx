import { cn } from '@lamplight/ui'
import { CircleCheckIcon, CircleExclamationPointIcon } from '@lamplight/ui/icons'
import type { ReactNode, Ref } from 'react'

/**
 * What happened to a submit, shown at the form itself (a toast in a corner is easy to
 * miss, especially on a phone). Errors are announced assertively, successes politely.
 * Focusable, so the form can move focus to it.
 */
export function FormAlert({
  tone,
  children,
  className,
  ref,
}: {
  tone: 'error' | 'success'
  children: ReactNode
  className?: string
  ref?: Ref<HTMLDivElement>
}) {
  const Icon = tone === 'error' ? CircleExclamationPointIcon : CircleCheckIcon
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-md border p-3 text-sm outline-none',
        tone === 'error'
          ? 'border-destructive/40 bg-destructive/5 text-foreground'
          : 'border-primary/30 bg-accent/50 text-foreground',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-4 shrink-0', tone === 'error' ? 'text-destructive' : 'text-primary')}
      />
      <div className="grid gap-2">{children}</div>
    </div>
  )
}
