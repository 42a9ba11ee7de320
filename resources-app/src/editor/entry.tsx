import { PortalContainerProvider } from '@lamplight/ui'
import { useState } from 'react'
import { ResourceEditor } from './resource-editor'
import '../styles.css'

/**
 * Exposed as `./editor`: the resource editor screens (`/admin/resources/new`,
 * `/admin/resources/:id/edit`) for the admin console to mount (DESIGN.md §1). It carries
 * its own `data-remote` root so this remote's scoped styles apply wherever it is mounted,
 * and its dialogs portal inside it.
 */
export default function ResourceEditorEntry({ resourceId }: { resourceId?: string }) {
  const [portalHost, setPortalHost] = useState<HTMLDivElement | null>(null)
  return (
    <div data-remote="resources-app">
      <PortalContainerProvider container={portalHost}>
        <ResourceEditor resourceId={resourceId} />
      </PortalContainerProvider>
      <div ref={setPortalHost} data-portal-host="" />
    </div>
  )
}
