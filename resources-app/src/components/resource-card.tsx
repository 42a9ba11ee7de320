import type { Resource } from '@lamplight/contracts'
import { Button, Card, Skeleton } from '@lamplight/ui'
import { DownloadIcon } from '@lamplight/ui/icons'
import { useId } from 'react'
import { Link } from 'react-router'
import { downloadsLabel } from '../lib/labels'
import { ResourceBadges } from './resource-badges'
import { Thumbnail } from './thumbnail'

/** One result: thumbnail, download count, title, description, badges, View & Download. */
export function ResourceCard({
  resource,
  headingLevel = 3,
  eager = false,
}: {
  resource: Resource
  headingLevel?: 2 | 3
  /** The first row: its thumbnail is fetched at once (it is in view, and often the largest paint). */
  eager?: boolean
}) {
  const titleId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <Card className="h-full flex-row gap-0 overflow-hidden py-0 transition-shadow hover:shadow-md sm:flex-col">
      {/* Beside the text on a phone, so a list of results stays short; above it from sm up. */}
      <Thumbnail
        src={resource.thumb_url}
        sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 96px"
        eager={eager}
        className="w-28 shrink-0 border-r p-2 sm:aspect-[4/3] sm:w-auto sm:border-r-0 sm:border-b sm:p-3"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2.5 p-4 sm:gap-3 sm:p-5">
        <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <DownloadIcon aria-hidden="true" className="size-3.5" />
          {downloadsLabel(resource.downloads)}
        </p>
        <Heading id={titleId} className="line-clamp-2 font-serif text-foreground text-lg leading-snug">
          {resource.title}
        </Heading>
        {resource.description && (
          <p className="line-clamp-3 text-muted-foreground text-sm leading-relaxed">{resource.description}</p>
        )}
        <ResourceBadges resource={resource} />
        <div className="mt-auto pt-2">
          <Button asChild className="w-full">
            <Link to={`/resources/item/${resource.slug}`} aria-describedby={titleId}>
              View &amp; Download
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  )
}

/** Results in 1 to 3 columns. */
export function ResourceGrid({ resources, headingLevel }: { resources: Resource[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {resources.map((resource, index) => (
        <li key={resource.id}>
          <ResourceCard resource={resource} headingLevel={headingLevel} eager={index < 3} />
        </li>
      ))}
    </ul>
  )
}

/** Placeholder cards while results load. */
export function ResourceGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div aria-hidden="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border bg-card">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="space-y-3 p-5">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        </div>
      ))}
    </div>
  )
}
