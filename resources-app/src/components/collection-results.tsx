import type { Collection } from '@lamplight/contracts'
import { ArrowRightIcon } from '@lamplight/ui/icons'
import { useId } from 'react'
import { Link } from 'react-router'
import { pagesLabel } from '../lib/labels'
import { Thumbnail } from './thumbnail'

/**
 * The colouring collections a search found, above the results: their pages live only in
 * their galleries, so this is how a search for "noah" leads to the Noah's Ark pages.
 */
export function CollectionResults({ collections }: { collections: Collection[] }) {
  const headingId = useId()
  if (!collections.length) return null
  return (
    <section aria-labelledby={headingId} className="mb-10">
      <h3 id={headingId} className="mb-4 font-serif text-foreground text-xl">
        Colouring collections
      </h3>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {collections.map((collection) => (
          <li key={collection.gallery}>
            <CollectionCard collection={collection} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function CollectionCard({ collection }: { collection: Collection }) {
  return (
    <div className="group relative flex h-full gap-4 rounded-xl border bg-accent/30 p-4 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <Thumbnail
        src={collection.cover || null}
        sizes="72px"
        className="size-20 shrink-0 rounded-lg border p-1"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h4 className="font-serif text-foreground text-lg leading-snug">
          <Link
            to={collection.path}
            className="rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring focus-visible:after:outline-offset-2"
          >
            {collection.title}
          </Link>
        </h4>
        <p className="text-muted-foreground text-sm">
          {pagesLabel(collection.page_count)} to colour
          {collection.matches.length > 0 && <>, including {collection.matches.join(', ')}</>}
        </p>
        <p className="mt-auto flex items-center gap-1 pt-1 font-medium text-primary text-sm">
          View Collection
          <ArrowRightIcon
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-1"
          />
        </p>
      </div>
    </div>
  )
}
