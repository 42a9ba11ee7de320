import type { Resource } from '@lamplight/contracts'
import { Badge, cn } from '@lamplight/ui'
import { BookOpenIcon, UsersIcon } from '@lamplight/ui/icons'

// A long reference ("Psalms 13, 23, 42, 51, 100, 139") wraps inside a narrow card.
const WRAP = 'h-auto max-w-full whitespace-normal text-left'

/** Age range, scripture reference and tags, as small badges. */
export function ResourceBadges({
  resource,
  className,
}: {
  resource: Pick<Resource, 'age_range' | 'scripture_ref' | 'tags'>
  className?: string
}) {
  const { age_range, scripture_ref, tags } = resource
  if (!age_range && !scripture_ref && tags.length === 0) return null
  return (
    <ul aria-label="Details" className={cn('flex flex-wrap gap-1.5', className)}>
      {age_range && (
        <li>
          <Badge variant="secondary" className={WRAP}>
            <UsersIcon aria-hidden="true" />
            <span className="sr-only">Age range: </span>
            {age_range}
          </Badge>
        </li>
      )}
      {scripture_ref && (
        <li>
          <Badge variant="outline" className={cn(WRAP, 'border-gold-deep/40 text-gold-deep')}>
            <BookOpenIcon aria-hidden="true" />
            <span className="sr-only">Scripture: </span>
            {scripture_ref}
          </Badge>
        </li>
      )}
      {tags.map((tag) => (
        <li key={tag.name}>
          <Badge variant="outline" className={cn(WRAP, 'text-muted-foreground')}>
            {tag.name}
          </Badge>
        </li>
      ))}
    </ul>
  )
}
