import { useLayoutEffect } from 'react'

export const SITE_NAME = 'Lamplight Puzzle Co.'

export type PageMeta = {
  /** The page's own title; ` | Lamplight Puzzle Co.` is added (the home page passes its full title). */
  title: string
  description?: string
}

/**
 * The document's title and description, shared by the shell and every remote. This package
 * is a federation singleton, so there is one store for the whole page: the shell sets the
 * route map's title as the fallback, a page's own meta (the last mounted wins) overrides
 * it, whatever order their effects run in. No page has to wait a tick to win.
 */
type Entry = { id: number; meta: PageMeta }
const entries: Entry[] = []
let fallback: PageMeta = { title: SITE_NAME }
let nextId = 0

export const formatTitle = (title: string) =>
  title.startsWith(SITE_NAME) || title.endsWith(`| ${SITE_NAME}`) ? title : `${title} | ${SITE_NAME}`

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!tag) {
    tag = document.createElement('meta')
    tag.name = 'description'
    document.head.appendChild(tag)
  }
  return tag
}

let defaultDescription: string | undefined

function apply() {
  if (typeof document === 'undefined') return
  const meta = entries.at(-1)?.meta ?? fallback
  document.title = formatTitle(meta.title)
  const tag = descriptionTag()
  defaultDescription ??= tag.content
  tag.content = meta.description ?? fallback.description ?? defaultDescription ?? ''
}

/** A page's title and description; pass null while the page does not know them yet (loading). */
export function usePageMeta(meta: PageMeta | null) {
  const title = meta?.title
  const description = meta?.description
  useLayoutEffect(() => {
    if (title === undefined) return
    const entry = { id: nextId++, meta: { title, description } }
    entries.push(entry)
    apply()
    return () => {
      entries.splice(entries.indexOf(entry), 1)
      apply()
    }
  }, [title, description])
}

/** The shell's fallback for the current route, used until (and unless) the page sets its own. */
export function useFallbackPageMeta(meta: PageMeta) {
  const { title, description } = meta
  useLayoutEffect(() => {
    fallback = { title, description }
    apply()
  }, [title, description])
}
