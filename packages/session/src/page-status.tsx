import { createContext, type ReactNode, use } from 'react'

/**
 * What a server render learns from the page it rendered, beyond its markup: whether the page
 * showed "not found" (an unknown resource, category...), so the answer is a 404 instead of a
 * 200 that search engines would index. One object per render; the browser has none.
 */
export type PageStatus = { notFound: boolean }

const PageStatusContext = createContext<PageStatus | null>(null)

export function PageStatusProvider({ status, children }: { status: PageStatus; children: ReactNode }) {
  return <PageStatusContext value={status}>{children}</PageStatusContext>
}

/**
 * Rendered by a page in its "not found" state: tells search engines not to index it
 * (`noindex`, hoisted into `<head>` by React 19 in the browser and a server render alike)
 * and tells the server render to answer 404. It is the page that knows: the route matched,
 * the thing it names does not exist.
 */
export function NotFoundStatus() {
  const status = use(PageStatusContext)
  // Rendering is the only moment the server sees the page; setting a flag is idempotent, so
  // a second render (StrictMode, a Suspense retry) changes nothing.
  if (status) status.notFound = true
  return <meta name="robots" content="noindex" />
}
