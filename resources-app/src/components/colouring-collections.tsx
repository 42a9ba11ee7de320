import { Button } from '@lamplight/ui'
import { ArrowRightIcon } from '@lamplight/ui/icons'
import { useId } from 'react'
import { Link } from 'react-router'

export const COLOURING_COLLECTIONS = [
  {
    title: 'Bible Verses',
    description: 'Well-loved verses in big letters, framed with flowers, stars and doves.',
    href: '/kids-activities-colouring/bible-verses',
  },
  {
    title: 'Faith Coloring Pages',
    description: 'A cross at sunrise, a heart, the dove of peace, the Lamb of God and the Lion of Judah.',
    href: '/kids-activities-colouring/faith-coloring-pages',
  },
  {
    title: "Noah's Ark",
    description: 'The ark, the animals two by two and the rainbow of God’s promise.',
    href: '/kids-activities-colouring/noahs-ark-coloring-pages',
  },
] as const

/** The colouring category's three galleries, each with View Collection. */
export function ColouringCollections() {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border bg-accent/40 p-5 sm:p-8">
      <h2 id={headingId} className="font-serif text-2xl text-foreground">
        Featured Coloring Collections
      </h2>
      <p className="mt-1 text-muted-foreground">Printable pages to colour, gathered by theme.</p>
      <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-3">
        {COLOURING_COLLECTIONS.map((collection) => (
          <li key={collection.href}>
            <CollectionCard {...collection} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function CollectionCard({ title, description, href }: { title: string; description: string; href: string }) {
  const titleId = useId()
  return (
    <div className="flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm">
      <h3 id={titleId} className="font-serif text-foreground text-lg">
        {title}
      </h3>
      <p className="mt-1 flex-1 text-muted-foreground text-sm leading-relaxed">{description}</p>
      <Button asChild variant="outline" className="mt-4 self-start">
        <Link to={href} aria-describedby={titleId}>
          View Collection
          <ArrowRightIcon aria-hidden="true" />
        </Link>
      </Button>
    </div>
  )
}
