import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'

/** What a list keeps in its URL: each filter, the page, the sort; undefined or '' is "not set". */
export type UrlFilters = Record<string, string | number | undefined>

/**
 * The address of a list's filters: every value that is set and differs from its default
 * (`{ page: 1, sort: 'created_at' }`), so an unfiltered list has a plain URL.
 */
export function filtersToSearchParams<Q extends UrlFilters>(
  query: Q,
  defaults: Partial<Q> = {},
): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '' && value !== defaults[key]) params.set(key, String(value))
  return params
}

/** The address with the list's own keys (those `parse` reads) replaced; another list's keys stay. */
function withFilters(params: URLSearchParams, query: UrlFilters, filters: URLSearchParams) {
  const next = new URLSearchParams(params)
  for (const key of Object.keys(query)) next.delete(key)
  for (const [key, value] of filters) next.set(key, value)
  return next
}

/**
 * A list page's filters live in the URL (shareable, and Back works). `parse` reads them,
 * ignoring what does not parse; `defaults` are the values an address leaves out (the page,
 * the sort), which also do not count as filtering. Any change but the page's goes back to
 * page 1; keys the list does not read (another list's on the same page) stay. `selection`: keys that are in the address but are not filters (the row that is
 * open): changing one keeps the page, and Clear keeps it. `replace`: a change replaces the
 * history entry instead of adding one. `pageKey`: the page's key, for a second list on the
 * same page (the Subscribers page's gifts: `gpage`).
 */
export function useUrlFilters<Q extends UrlFilters>(
  parse: (params: URLSearchParams) => Q,
  {
    defaults = {},
    selection = [],
    replace = false,
    pageKey = 'page',
  }: {
    defaults?: Partial<Q>
    selection?: readonly (keyof Q & string)[]
    replace?: boolean
    pageKey?: keyof Q & string
  } = {},
) {
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => parse(params), [parse, params])
  const update = useCallback(
    (changes: Partial<Q>) => {
      const next: Q = { ...query, ...changes }
      const filterChanged = Object.keys(changes).some((key) => key !== pageKey && !selection.includes(key))
      if (pageKey in query && filterChanged) (next as UrlFilters)[pageKey] = 1
      setParams(withFilters(params, query, filtersToSearchParams(next, defaults)), { replace })
    },
    [params, query, setParams, defaults, selection, replace, pageKey],
  )
  const clear = useCallback(() => {
    const kept = Object.fromEntries(selection.map((key) => [key, query[key]])) as Partial<Q>
    setParams(withFilters(params, query, filtersToSearchParams(kept, defaults)), { replace })
  }, [params, query, setParams, defaults, selection, replace])
  const filtered = Object.entries(query).some(
    ([key, value]) => !(key in defaults) && !selection.includes(key) && value !== undefined && value !== '',
  )
  return { query, update, clear, filtered }
}
