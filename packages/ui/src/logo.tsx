import type * as React from 'react'

import { cn } from './lib/cn'

const BRAND_NAME = 'Lamplight Puzzle Co.'

/**
 * An oil lamp with a cross on its belly and a gold flame above the spout. Flame colours go through `style`
 * because not every browser resolves var() inside SVG presentation attributes.
 */
function LogoMark({ className, ...props }: React.ComponentProps<'svg'>) {
  const decorative = props['aria-hidden'] === true || props['aria-hidden'] === 'true'

  return (
    <svg
      data-slot="logo-mark"
      viewBox="0 0 48 48"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={cn('size-9 shrink-0', className)}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : BRAND_NAME}
      {...props}
    >
      <path
        d="M38.5 4C43 9.5 45.2 13.6 44 17.6C43.1 20.6 41 22 38.5 22C36 22 33.9 20.6 33 17.6C31.8 13.6 34 9.5 38.5 4Z"
        stroke="none"
        style={{ fill: 'var(--color-gold, #c8a04a)' }}
      />
      <path
        d="M38.5 11.5C40.3 14 41 15.8 40.6 17.4C40.3 18.6 39.5 19.3 38.5 19.3C37.5 19.3 36.7 18.6 36.4 17.4C36 15.8 36.7 14 38.5 11.5Z"
        stroke="none"
        style={{ fill: 'var(--color-parchment, #f5ecd8)' }}
      />
      <path d="M5 31C5 25.8 10.5 24 18.5 24C25 24 28 25.5 32 25.5L38.2 24.6C40.4 24.3 41.3 26.5 39.8 27.9C36.4 31.2 31.7 35.6 24.5 36.6C19.5 37.3 12.5 37.1 9 35.7C6.4 34.7 5 33.2 5 31Z" />
      <path d="M7 26.5C3.2 25.4 2.8 20.6 6.6 20C8.6 19.7 10.2 21 10.5 23" strokeWidth="2" />
      <path d="M13 37L11.5 42.5H27.5L26 37" />
      <path d="M19.5 27V34.2M16.6 29.6H22.4" strokeWidth="2" />
    </svg>
  )
}

function Logo({ className, withWordmark = true }: { className?: string; withWordmark?: boolean }) {
  return (
    <span
      role="img"
      aria-label={BRAND_NAME}
      data-slot="logo"
      className={cn('inline-flex items-center gap-2.5', className)}
    >
      <LogoMark aria-hidden="true" />
      {withWordmark && (
        <span className="flex flex-col leading-none">
          <span className="font-semibold font-serif text-2xl tracking-tight">Lamplight</span>
          <span className="mt-1 pl-px font-medium font-sans text-[0.6875rem] uppercase tracking-[0.22em] opacity-85">
            Puzzle Co.
          </span>
        </span>
      )}
    </span>
  )
}

export { Logo, LogoMark }
