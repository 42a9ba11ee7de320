import type { CategoryDetail } from '@lamplight/contracts'
import { COLOURING_CATEGORY_SLUG } from '@lamplight/contracts'
import { PageMeta, summarise } from '@lamplight/session'
import { Button, ErrorState, LoadingState, NativeSelect, PageContainer } from '@lamplight/ui'
import { FunnelXIcon } from '@lamplight/ui/icons'
import { type Ref, useId, useRef } from 'react'
import { useParams } from 'react-router'
import { isNotFound, useCategory, useCategoryHasResources, useResourceList } from '../../api/resources'
import { BackLink } from '../../components/back-link'
import { ColouringBanner } from '../../components/colouring-banner'
import { ColouringCollections } from '../../components/colouring-collections'
import { NotFoundState } from '../../components/not-found-state'
import { ResourceGrid, ResourceGridSkeleton } from '../../components/resource-card'
import { SearchBox } from '../../components/search-box'
import { ageChoices, ageOptionLabel, sortAgeRanges } from '../../lib/age-ranges'
import { shownLabel } from '../../lib/labels'
import { type CategoryFilters, useCategoryFilters } from './use-category-filters'

export const EMPTY_CATEGORY = 'No resources found in this category yet.'
export const NO_MATCHES = 'No resources match your current filters.'

/** /resources/{categorySlug}: one category's resources, searchable and filterable by age. */
export function CategoryPage() {
  const { categorySlug = '' } = useParams()
  const category = useCategory(categorySlug)
  // Until the category is known, the route's own title (the shell's until now).
  const pendingMeta = (
    <PageMeta
      title="Resource Category"
      description="Free Christian resources to download and print, by category."
      path={`/resources/${categorySlug}`}
    />
  )
  if (category.isPending)
    return (
      <>
        {pendingMeta}
        <LoadingState label="Loading resources..." />
      </>
    )
  // A failed load is not "not found": say so and offer Retry.
  if (category.isError && !isNotFound(category.error))
    return (
      <PageContainer>
        {pendingMeta}
        <ErrorState onRetry={() => category.refetch()} retrying={category.isFetching} />
      </PageContainer>
    )
  if (!category.data)
    return (
      <NotFoundState
        title="Category Not Found"
        message="We couldn't find that category. It may have moved, or the link may be mistyped."
      />
    )
  // Keyed so moving to another category starts with its own search box.
  return <CategoryView key={category.data.slug} category={category.data} />
}

function CategoryView({ category }: { category: CategoryDetail }) {
  const meta = (
    <PageMeta
      title={category.name}
      description={summarise(
        category.description ||
          `Free ${category.name} resources to download and print, from Lamplight Puzzle Co.`,
      )}
      path={`/resources/${category.slug}`}
    />
  )
  const filters = useCategoryFilters()
  const results = useResourceList({ category: category.slug, q: filters.q, age: filters.age })
  const isColouring = category.slug === COLOURING_CATEGORY_SLUG

  if (results.isPending)
    return (
      <>
        {meta}
        <LoadingState label="Loading resources..." />
      </>
    )

  return (
    <PageContainer>
      {meta}
      <BackLink to="/resources">All Resources</BackLink>
      <header
        className={
          isColouring ? 'mt-4 grid items-center gap-8 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : 'mt-4'
        }
      >
        <div className="max-w-3xl">
          <h1 className="font-serif text-3xl text-foreground leading-tight sm:text-4xl">{category.name}</h1>
          {category.description && (
            <p className="mt-3 text-lg text-muted-foreground leading-relaxed">{category.description}</p>
          )}
        </div>
        {isColouring && (
          <ColouringBanner className="mx-auto max-w-md rounded-3xl border shadow-sm md:max-w-none" />
        )}
      </header>

      {isColouring && (
        <div className="mt-10">
          <ColouringCollections />
        </div>
      )}

      <Results category={category} filters={filters} results={results} />
    </PageContainer>
  )
}

function Results({
  category,
  filters,
  results,
}: {
  category: CategoryDetail
  filters: CategoryFilters
  results: ReturnType<typeof useResourceList>
}) {
  const headingId = useId()
  const searchRef = useRef<HTMLInputElement>(null)
  // Both Clear Filters buttons vanish once the filters are clear: focus goes to the search
  // box rather than being dropped at the top of the page.
  const clear = () => {
    filters.clear()
    searchRef.current?.focus({ preventScroll: true })
  }
  const list = results.data ?? []
  const more = !!results.hasNextPage
  const updating = results.isPlaceholderData
  const empty = !updating && list.length === 0
  // Only asked when a filtered search finds nothing: is the category empty altogether?
  const anyAtAll = useCategoryHasResources(category.slug, { enabled: empty && filters.active })
  const categoryIsEmpty = empty && (!filters.active || anyAtAll.data === false)

  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="sr-only">
        {category.name} resources
      </h2>
      <Filters
        category={category}
        filters={filters}
        showClear={filters.active && !empty}
        onClear={clear}
        searchRef={searchRef}
      />
      <p role="status" className="mt-4 mb-6 min-h-5 text-muted-foreground text-sm">
        {updating ? 'Updating results...' : empty ? '' : countLabel(list.length, more, filters.active)}
      </p>
      {empty ? (
        <div className="rounded-xl border border-dashed bg-card/60 px-6 py-14 text-center">
          <p className="text-lg text-muted-foreground">{categoryIsEmpty ? EMPTY_CATEGORY : NO_MATCHES}</p>
          {filters.active && (
            <Button variant="outline" className="mt-6" onClick={clear}>
              <FunnelXIcon aria-hidden="true" />
              Clear Filters
            </Button>
          )}
        </div>
      ) : (
        <div className={updating ? 'opacity-60 transition-opacity' : undefined} aria-busy={updating}>
          {list.length ? <ResourceGrid resources={list} /> : <ResourceGridSkeleton />}
          {results.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button
                variant="outline"
                onClick={() => results.fetchNextPage()}
                disabled={results.isFetchingNextPage}
              >
                {results.isFetchingNextPage ? 'Loading...' : 'Show more resources'}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  )
}

const countLabel = (shown: number, more: boolean, filtered: boolean) =>
  filtered
    ? `${shownLabel(shown, more)} ${shown === 1 && !more ? 'matches' : 'match'} your filters`
    : shownLabel(shown, more)

function Filters({
  category,
  filters,
  showClear,
  onClear,
  searchRef,
}: {
  category: CategoryDetail
  filters: CategoryFilters
  showClear: boolean
  onClear: () => void
  searchRef: Ref<HTMLInputElement>
}) {
  const offered = ageChoices(category.age_ranges)
  // A shared link may name an age no longer offered: keep it visible as the current choice.
  const ages =
    filters.age && !offered.includes(filters.age) ? sortAgeRanges([...offered, filters.age]) : offered

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchBox
        value={filters.draft}
        onChange={filters.setDraft}
        onSubmit={filters.submit}
        label={`Search ${category.name}`}
        className="sm:max-w-md"
        inputRef={searchRef}
      />
      {ages.length > 0 && (
        // The browser's own select, not Radix's: a phone shows its own picker anyway, and
        // Radix's (a chunk of its own) sets state from its refs and layout effects as it
        // mounts, which React renders at once, in one task: 300-400 ms at Lighthouse's
        // phone speed, the page's whole blocking time (issue 40).
        <NativeSelect
          aria-label="Filter by age"
          className="w-full sm:w-48"
          value={filters.age}
          onChange={(event) => filters.setAge(event.target.value)}
        >
          {/* No filter: shown as the current choice while none is made (decision 011). */}
          <option value="">All Ages</option>
          {ages.map((age) => (
            <option key={age} value={age}>
              {ageOptionLabel(age)}
            </option>
          ))}
        </NativeSelect>
      )}
      {showClear && (
        <Button variant="ghost" onClick={onClear} className="self-start sm:self-auto">
          <FunnelXIcon aria-hidden="true" />
          Clear Filters
        </Button>
      )}
    </div>
  )
}
