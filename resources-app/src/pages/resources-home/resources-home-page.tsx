import type { CategorySummary } from '@lamplight/contracts'
import { PageMeta } from '@lamplight/session'
import { Button, PageContainer, Skeleton } from '@lamplight/ui'
import { ArrowRightIcon, XIcon } from '@lamplight/ui/icons'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useCategories, useCollections, useFeatured, useResourceList } from '../../api/resources'
import { CollectionResults } from '../../components/collection-results'
import { ResourceGrid, ResourceGridSkeleton } from '../../components/resource-card'
import { SearchBox } from '../../components/search-box'
import { collectionsLabel, resourcesLabel, shownLabel } from '../../lib/labels'

export const HOME_TITLE = 'Free Resources'
export const HOME_DESCRIPTION =
  'Free Christian printables: colouring pages, lesson plans, games and reflection sheets for parents, teachers and children, to download and print.'

/** The search a library address asks for (`?q=`); also what a server render prefetches. */
export const searchQueryFrom = (params: URLSearchParams) => (params.get('q') ?? '').trim()

/** /resources: search across the library, featured resources, and the categories to browse. */
export function ResourcesHomePage() {
  const [params, setParams] = useSearchParams()
  const query = searchQueryFrom(params)
  const [draft, setDraft] = useState(query)
  // Back and forward move through searches: keep the box in step with the URL. Only when the
  // URL's search changes: on mount the box keeps what it has (text typed before hydration).
  const shownQuery = useRef(query)
  useEffect(() => {
    if (shownQuery.current === query) return
    shownQuery.current = query
    setDraft(query)
  }, [query])

  const search = (text: string) => {
    const q = text.trim()
    setParams(q ? { q } : {})
  }
  const searchRef = useRef<HTMLInputElement>(null)
  // Clear search disappears with the results it clears: focus goes back to the box.
  const clear = () => {
    search('')
    searchRef.current?.focus({ preventScroll: true })
  }

  return (
    <PageContainer>
      {/* A search is the library's page with results: its canonical address is the library's. */}
      <PageMeta
        title={query ? `Search: ${query}` : HOME_TITLE}
        description={HOME_DESCRIPTION}
        path="/resources"
      />
      <header className="mx-auto max-w-3xl text-center">
        <p className="mb-2 font-semibold text-gold-deep text-sm uppercase tracking-wider">
          Free printables for home, church and school
        </p>
        <h1 className="font-serif text-4xl text-foreground leading-tight sm:text-5xl">{HOME_TITLE}</h1>
        <p className="mt-4 text-lg text-muted-foreground leading-relaxed">
          Colouring pages, lesson plans, games and reflection sheets for parents, teachers and children. Free
          to download and print.
        </p>
        <SearchBox
          value={draft}
          onChange={setDraft}
          onSubmit={search}
          label="Search all resources"
          className="mx-auto mt-8 max-w-xl"
          inputRef={searchRef}
        >
          <Button type="submit">Search</Button>
        </SearchBox>
      </header>

      {query ? <SearchResults query={query} onClear={clear} /> : <FeaturedSection />}
      <CategoriesSection />
    </PageContainer>
  )
}

function SearchResults({ query, onClear }: { query: string; onClear: () => void }) {
  const headingId = useId()
  const results = useResourceList({ q: query })
  const collections = useCollections(query)
  const found = collections.data ?? []
  const list = results.data ?? []
  const more = !!results.hasNextPage
  const settled = !results.isPending && !results.isPlaceholderData
  return (
    <section aria-labelledby={headingId} className="mt-12">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-serif text-2xl text-foreground">
            Results for “{query}”
          </h2>
          <p role="status" className="mt-1 text-muted-foreground text-sm">
            {settled
              ? found.length
                ? `${collectionsLabel(found.length)} and ${shownLabel(list.length, more).toLowerCase()} found`
                : `${shownLabel(list.length, more)} found in all categories`
              : 'Searching...'}
          </p>
        </div>
        <Button variant="outline" onClick={onClear}>
          <XIcon aria-hidden="true" />
          Clear search
        </Button>
      </div>
      <CollectionResults collections={found} />
      {results.isPending ? (
        <ResourceGridSkeleton />
      ) : list.length ? (
        <>
          <ResourceGrid resources={list} />
          {results.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button
                variant="outline"
                onClick={() => results.fetchNextPage()}
                disabled={results.isFetchingNextPage}
              >
                {results.isFetchingNextPage ? 'Loading...' : 'Show more results'}
              </Button>
            </div>
          )}
        </>
      ) : (
        <p className="rounded-xl border border-dashed bg-card/60 px-6 py-12 text-center text-muted-foreground">
          {found.length
            ? 'No other resources match your search.'
            : 'No resources match your search. Try another word, or browse the categories below.'}
        </p>
      )}
    </section>
  )
}

function FeaturedSection() {
  const headingId = useId()
  const featured = useFeatured()
  if (!featured.isPending && !featured.data?.length) return null
  return (
    <section aria-labelledby={headingId} className="mt-14">
      <h2 id={headingId} className="mb-6 font-serif text-2xl text-foreground sm:text-3xl">
        Featured Resources
      </h2>
      {featured.isPending ? <ResourceGridSkeleton /> : <ResourceGrid resources={featured.data ?? []} />}
    </section>
  )
}

function CategoriesSection() {
  const headingId = useId()
  const categories = useCategories()
  return (
    <section aria-labelledby={headingId} className="mt-14">
      <h2 id={headingId} className="mb-6 font-serif text-2xl text-foreground sm:text-3xl">
        Browse by Category
      </h2>
      {categories.isPending ? (
        <div aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-36 rounded-xl" />
          ))}
        </div>
      ) : categories.data?.length ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.data.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed bg-card/60 px-6 py-12 text-center text-muted-foreground">
          No categories yet. Please check back soon.
        </p>
      )}
    </section>
  )
}

function CategoryCard({ category }: { category: CategorySummary }) {
  const count = category.resourceCount
  return (
    <div className="group relative flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <h3 className="font-serif text-foreground text-xl leading-snug">
        <Link
          to={`/resources/${category.slug}`}
          className="rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring focus-visible:after:outline-offset-2"
        >
          {category.name}
        </Link>
      </h3>
      {category.description && (
        <p className="mt-2 line-clamp-3 text-muted-foreground text-sm leading-relaxed">
          {category.description}
        </p>
      )}
      <p className="mt-auto flex items-center justify-between pt-4 text-sm">
        <span className="font-medium text-gold-deep">{resourcesLabel(count)}</span>
        <ArrowRightIcon
          aria-hidden="true"
          className="size-4 text-primary transition-transform group-hover:translate-x-1"
        />
      </p>
    </div>
  )
}
