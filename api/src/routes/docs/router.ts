import { docsContract } from '@lamplight/contracts'
import { defineRouter } from '../../lib/router'
import { docsPage } from './docs-page'
import { openApiDocument } from './openapi'

/**
 * The API's own documentation. The list of routes is passed in (rather than imported) so
 * the document describes exactly the routers the app mounts, these two included.
 */
export function createDocsRouter(allRoutes: () => Parameters<typeof openApiDocument>[0]) {
  // Both are made once, on first request: the routes and the address do not change while the
  // process runs.
  let cached: ReturnType<typeof openApiDocument> | undefined
  let page: string | undefined
  const doc = (publicUrl: string) => {
    cached ??= openApiDocument(allRoutes(), publicUrl)
    return cached
  }
  return defineRouter('/')
    .handle(docsContract.openapi, ({ c, deps }) => c.json(doc(deps.config.publicUrl)))
    .handle(docsContract.docs, ({ c, deps }) => {
      page ??= docsPage(doc(deps.config.publicUrl))
      return c.html(page)
    })
}
