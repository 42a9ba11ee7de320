import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'

/** Typing settles for this long before the URL (and so the search) follows. */
export const SEARCH_DEBOUNCE_MS = 300

/** The search and age filter a category page's address asks for (also what a server render prefetches). */
export function categoryFiltersFrom(params: URLSearchParams) {
  return { q: (params.get('q') ?? '').trim(), age: params.get('age') ?? '' }
}

/**
 * The category page's search and age filter. Both live in the URL (?q=&age=), so a
 * filtered page can be shared and survives a reload; `draft` is what is in the search
 * box while the person is still typing.
 */
export function useCategoryFilters() {
  const [params, setParams] = useSearchParams()
  const { q, age } = categoryFiltersFrom(params)
  const [draft, setDraftState] = useState(q)
  // The last search this hook wrote to the URL; any other change came from elsewhere.
  const written = useRef(q)

  const update = useCallback(
    (changes: { q?: string; age?: string }) => {
      if (changes.q !== undefined) written.current = changes.q.trim()
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(changes)) {
            const v = value?.trim()
            if (v) next.set(key, v)
            else next.delete(key)
          }
          return next
        },
        // Filtering refines the same page: it should not pile up history entries, nor
        // throw the person back to the top while they type (the shell also guarantees it).
        { replace: true, preventScrollReset: true },
      )
    },
    [setParams],
  )

  // Back, forward or a link changed the search: show it in the box.
  useEffect(() => {
    if (q !== written.current) {
      written.current = q
      setDraftState(q)
    }
  }, [q])

  // Typing settles, then the URL follows.
  useEffect(() => {
    if (draft.trim() === written.current) return
    const timer = setTimeout(() => update({ q: draft }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, update])

  return {
    q,
    age,
    draft,
    active: !!q || !!age,
    setDraft: setDraftState,
    /** Searches now (Enter), without waiting for typing to settle. */
    submit: (value: string) => update({ q: value }),
    setAge: (value: string) => update({ age: value }),
    clear: () => {
      setDraftState('')
      update({ q: '', age: '' })
    },
  }
}

export type CategoryFilters = ReturnType<typeof useCategoryFilters>
