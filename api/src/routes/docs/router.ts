import { docsContract } from '@lamplight/contracts'
import { defineRouter } from '../../lib/router'
import { docsPage } from './docs-page'
import { openApiDocument } from './openapi'

/**
 * The API's own documentation. The list of routes is passed in (rather than imported) so
 * the document describes exactly the routers the app mounts, these two included.
 */
export function createDocsRouter(allRoutes: () => Parameters<typeof openApiDocument>[0]) {
  let cached: ReturnType<typeof openApiDocument> | undefined
  const doc = (publicUrl: string) => {
    cached ??= openApiDocument(allRoutes(), publicUrl)
    return cached
  }
  return defineRouter('/')
    .handle(docsContract.openapi, ({ c, deps }) => c.json(doc(deps.config.publicUrl)))
    .handle(docsContract.docs, ({ c, deps }) => c.html(docsPage(doc(deps.config.publicUrl))))
}
