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

/**
 * A list page's filters live in the URL (shareable, and Back works). `parse` reads them,
 * ignoring what does not parse; `defaults` are the values an address leaves out (the page,
 * the sort), which also do not count as filtering. Any change but the page's goes back to
 * page 1. `replace`: a change replaces the history entry instead of adding one.
 */
export function useUrlFilters<Q extends UrlFilters>(
  parse: (params: URLSearchParams) => Q,
  { defaults = {}, replace = false }: { defaults?: Partial<Q>; replace?: boolean } = {},
) {
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => parse(params), [parse, params])
  const update = useCallback(
    (changes: Partial<Q>) => {
      const next: Q = { ...query, ...changes }
      if ('page' in query && !('page' in changes)) (next as UrlFilters).page = 1
      setParams(filtersToSearchParams(next, defaults), { replace })
    },
    [query, setParams, defaults, replace],
  )
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace }), [setParams, replace])
  const filtered = Object.entries(query).some(
    ([key, value]) => !(key in defaults) && value !== undefined && value !== '',
  )
  return { query, update, clear, filtered }
}
