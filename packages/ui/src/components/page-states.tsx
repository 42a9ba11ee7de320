import type * as React from 'react'
import { CircleExclamationPointIcon, RotateCcwIcon, SearchXIcon } from '../icons'
import { cn } from '../lib/cn'
import { Button } from './button'
import { Spinner } from './spinner'

/**
 * The three states every page that loads data can be in besides "here it is". They look
 * different on purpose: "still coming", "there is no such thing" and "we could not get it,
 * try again" ask different things of the reader.
 */
function StateFrame({
  icon,
  title,
  children,
  className,
  role,
  section = false,
}: {
  icon: React.ReactNode
  title: React.ReactNode
  children?: React.ReactNode
  className?: string
  role?: 'alert'
  /** A part of a page: a box in its place, its title no heading (the page has its h1). */
  section?: boolean
}) {
  return (
    <div
      data-slot="page-state"
      role={role}
      className={cn(
        section
          ? 'rounded-lg border border-destructive/40 bg-destructive/5 p-6 text-center'
          : 'mx-auto flex min-h-[40vh] max-w-xl flex-col items-center justify-center py-16 text-center',
        className,
      )}
    >
      {icon}
      {section ? (
        <p className="font-medium text-destructive">{title}</p>
      ) : (
        <h1 className="font-serif text-3xl text-foreground sm:text-4xl">{title}</h1>
      )}
      {children}
    </div>
  )
}

/** Reserves the page's room while its data loads, so nothing jumps when it arrives. */
function LoadingState({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      data-slot="loading-state"
      className={cn(
        'flex min-h-[40vh] flex-col items-center justify-center gap-3 py-16 text-center',
        className,
      )}
    >
      <Spinner size="lg" aria-hidden="true" role="presentation" label="" className="text-primary" />
      <p className="text-muted-foreground">{label}</p>
    </div>
  )
}

/** "Order Not Found", "Resource Not Found": the thing does not exist; offer the way back. */
function NotFoundState({
  title,
  message,
  action,
  className,
}: {
  title: React.ReactNode
  message?: React.ReactNode
  /** A link back, e.g. `<Button asChild><Link to="/resources">Back to Resources</Link></Button>`. */
  action?: React.ReactNode
  className?: string
}) {
  return (
    <StateFrame
      className={className}
      title={title}
      icon={<SearchXIcon aria-hidden="true" className="mb-4 size-12 text-gold-deep" />}
    >
      {message && <p className="mt-3 text-lg text-muted-foreground">{message}</p>}
      {action && <div className="mt-8">{action}</div>}
    </StateFrame>
  )
}

/**
 * A load failed (network, server): say so plainly and offer Retry, never "Not Found". The one
 * failed-load view of the apps (`npm run lint` refuses a Retry made by hand, decision 071).
 * Without `onRetry` (nothing the page could fetch again) it only says so.
 */
function ErrorState({
  title = 'We could not load this page',
  message,
  onRetry,
  retrying = false,
  size,
  className,
}: {
  title?: React.ReactNode
  message?: React.ReactNode
  onRetry?: () => void
  retrying?: boolean
  /**
   * `page` (the default: the whole page failed): it takes the page's room and its one h1.
   * `section` (a part failed: an admin table or panel, the cart in its drawer): a box in its
   * place, its title a paragraph, since the page has its h1 already.
   */
  size?: 'page' | 'section'
  className?: string
}) {
  const section = size === 'section'
  // One markup for both sizes, told apart by their classes: the page's first load pays once.
  return (
    <StateFrame
      role="alert"
      section={section}
      className={className}
      title={title}
      icon={
        !section && (
          <CircleExclamationPointIcon aria-hidden="true" className="mb-4 size-12 text-destructive" />
        )
      }
    >
      <p className="mt-3 text-lg text-muted-foreground">
        {message ?? 'Please check your connection and try again.'}
      </p>
      {onRetry && (
        <Button
          className={section ? 'mt-4' : 'mt-8'}
          onClick={onRetry}
          disabled={retrying}
          aria-busy={retrying || undefined}
        >
          {retrying ? (
            <Spinner size="sm" label="" className="text-current" />
          ) : (
            <RotateCcwIcon aria-hidden="true" />
          )}
          Retry
        </Button>
      )}
    </StateFrame>
  )
}

export { ErrorState, LoadingState, NotFoundState }
