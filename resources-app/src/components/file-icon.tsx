import { cn } from '@lamplight/ui'
import { FileIcon, FileTextIcon, ImageIcon } from '@lamplight/ui/icons'
import type { FileKind } from '../lib/file-kind'

const ICONS = { image: ImageIcon, pdf: FileTextIcon, other: FileIcon } as const
const NAMES = { image: 'Image', pdf: 'PDF', other: 'File' } as const

/** The icon of a file's kind, named for screen readers. */
export function FileKindIcon({ kind, className }: { kind: FileKind; className?: string }) {
  const Icon = ICONS[kind]
  return (
    <span
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-lg',
        kind === 'pdf' ? 'bg-primary/10 text-primary' : 'bg-accent text-gold-deep',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
      <span className="sr-only">{NAMES[kind]}</span>
    </span>
  )
}

export const fileKindName = (kind: FileKind) => NAMES[kind]
