import type { RemoteName, ServerRenderer, ServerRendererModule } from '@lamplight/routes'
import { useBuildReader } from './remotes'

/**
 * The shell's server entry (built to dist-server/index.js, loaded by the API). The render
 * code is imported behind a dynamic import: the async boundary lets Module Federation
 * settle the shared singletons (React, the router, TanStack Query, the session) first,
 * as the browser entry does.
 */
export const createRenderer: ServerRendererModule['createRenderer'] = ({ readBuild }) => {
  useBuildReader(readBuild)
  const renderer: ServerRenderer = {
    async render(request) {
      const { renderPage } = await import('./render-page')
      return renderPage(request)
    },
    async warm(remotes) {
      const { loadServerRemote } = await import('./remotes')
      await Promise.allSettled(
        Object.entries(remotes).map(([remote, manifest]) =>
          manifest ? loadServerRemote(remote as RemoteName, manifest) : null,
        ),
      )
    },
  }
  return renderer
}
