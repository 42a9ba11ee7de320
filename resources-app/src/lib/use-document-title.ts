import { useEffect } from 'react'

export const SITE_NAME = 'Lamplight Puzzle Co.'

/**
 * Sets `{title} | Lamplight Puzzle Co.` once a screen knows its title (pass null while
 * loading). Deferred a tick: the shell sets the route map's title in an effect of its
 * own that runs after ours when a page mounts, and the page's own title should win.
 */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return
    const timer = setTimeout(() => {
      document.title = `${title} | ${SITE_NAME}`
    }, 0)
    return () => clearTimeout(timer)
  }, [title])
}
