import type * as React from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'
import {
  CircleCheckIcon,
  InfoIcon,
  LoaderCircleIcon,
  OctagonXIcon,
  TriangleExclamationPointIcon,
} from '../icons'

// sonner's Toaster in our look, with its icons: loaded with sonner, at the first toast
// (toaster.tsx), so that none of it is on a first load.

// Sonner reads these custom properties for its default toast surface; point them at our tokens.
const themeVars = {
  '--normal-bg': 'var(--color-popover)',
  '--normal-text': 'var(--color-popover-foreground)',
  '--normal-border': 'var(--color-border)',
  '--border-radius': 'var(--radius-lg)',
} as React.CSSProperties

export function ToasterSurface({ style, toastOptions, ...props }: ToasterProps) {
  return (
    <Sonner
      theme="light"
      className="toaster group"
      icons={{
        success: <CircleCheckIcon aria-hidden="true" className="size-4 text-primary" />,
        info: <InfoIcon aria-hidden="true" className="size-4" />,
        warning: <TriangleExclamationPointIcon aria-hidden="true" className="size-4 text-gold-deep" />,
        error: <OctagonXIcon aria-hidden="true" className="size-4 text-destructive" />,
        loading: <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />,
      }}
      style={{ ...themeVars, ...style }}
      toastOptions={{
        ...toastOptions,
        classNames: {
          toast: 'font-sans shadow-lg',
          title: 'font-medium',
          description: 'text-muted-foreground!',
          actionButton: 'bg-primary! text-primary-foreground!',
          cancelButton: 'bg-muted! text-muted-foreground!',
          ...toastOptions?.classNames,
        },
      }}
      {...props}
    />
  )
}
