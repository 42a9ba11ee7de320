import { remoteModules } from '@lamplight/session'
import { Button, ErrorState, LoadingState, NotFoundState, PageContainer } from '@lamplight/ui'
import { type ComponentType, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { guarded, RequireRole } from '../../components/require-role'

/**
 * `/admin/resources/new` and `/admin/resources/:id/edit`: the console mounts the resource
 * editor that resources-app exposes as `./editor` (DESIGN.md §1), through the shell's remote
 * loader (`remoteModules` of the shared session, decision 068): it knows where every remote
 * lives, from /remotes.json.
 */
type EditorComponent = ComponentType<{ resourceId?: string }>

/** Whether this page runs inside the composed site (where the shell hands over its loader). */
export const editorAvailable = () => Boolean(remoteModules.load)

function EditorMount({ resourceId }: { resourceId?: string }) {
  const [state, setState] = useState<{ Editor?: EditorComponent; failed?: boolean; attempt: number }>({
    attempt: 0,
  })
  const available = editorAvailable()
  useEffect(() => {
    if (!available) return
    let live = true
    remoteModules.load?.<EditorComponent>('resources-app', 'editor', state.attempt).then(
      (Editor) => live && setState((s) => ({ ...s, Editor, failed: false })),
      (error: unknown) => {
        console.warn('[admin] the resource editor did not load', error)
        if (live) setState((s) => ({ ...s, failed: true }))
      },
    )
    return () => {
      live = false
    }
  }, [available, state.attempt])

  if (!available)
    return (
      <PageContainer>
        <NotFoundState
          title="The resource editor opens in the main site"
          message="This console runs on its own; edit resources from the site's /admin page."
          action={
            <Button asChild>
              <Link to="/admin?tab=resources">Back to Resources</Link>
            </Button>
          }
        />
      </PageContainer>
    )
  if (state.failed)
    return (
      <PageContainer>
        <ErrorState
          title="The resource editor didn't load"
          onRetry={() => setState((s) => ({ attempt: s.attempt + 1 }))}
        />
      </PageContainer>
    )
  if (!state.Editor)
    return (
      <PageContainer>
        <LoadingState label="Loading the editor…" />
      </PageContainer>
    )
  return <state.Editor resourceId={resourceId} />
}

export const NewResourcePage = guarded(EditorMount, 'staff')

export function EditResourcePage() {
  const { id } = useParams()
  return (
    <RequireRole level="staff">
      <EditorMount key={id} resourceId={id} />
    </RequireRole>
  )
}
