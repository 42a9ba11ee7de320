import { Button } from '@lamplight/ui'
import { ArrowLeftIcon, type IconProps } from '@lamplight/ui/icons'
import type { ComponentProps, ComponentType, ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * A link that looks like a button, with its icon before the words: the admin's "New
 * product", "Fulfilment", "All puzzles"... (one place for the Button-around-Link markup).
 */
export function LinkButton({
  to,
  icon: Icon,
  variant,
  size,
  className,
  children,
}: {
  to: string
  icon?: ComponentType<IconProps>
  variant?: ComponentProps<typeof Button>['variant']
  size?: ComponentProps<typeof Button>['size']
  className?: string
  children: ReactNode
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link to={to}>
        {Icon && <Icon aria-hidden className="size-4" />}
        {children}
      </Link>
    </Button>
  )
}

/** The small ghost link back to where a page was opened from ("Back to the dashboard"). */
export function BackLink({
  to,
  className,
  children,
}: {
  to: string
  className?: string
  children: ReactNode
}) {
  return (
    <LinkButton to={to} icon={ArrowLeftIcon} variant="ghost" size="sm" className={className}>
      {children}
    </LinkButton>
  )
}
