import { federationName } from '@lamplight/routes'
import { Button, ErrorState, LoadingState, NotFoundState, PageContainer } from '@lamplight/ui'
import { type ComponentType, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { RequireRole } from '../../components/require-role'

/**
 * `/admin/resources/new` and `/admin/resources/:id/edit`: the console mounts the resource
 * editor that resources-app exposes as `./editor` (DESIGN.md §1), through the federation
 * runtime the shell started (it knows where every remote lives, from /remotes.json).
 */
type EditorComponent = ComponentType<{ resourceId?: string }>
type FederationInstance = {
  options?: { remotes?: { name: string }[] }
  loadRemote: <T>(id: string) => Promise<T | null>
}

const REMOTE = federationName('resources-app')
let editor: Promise<EditorComponent> | null = null

function host(): FederationInstance | undefined {
  const global = globalThis as { __FEDERATION__?: { __INSTANCES__?: FederationInstance[] } }
  return global.__FEDERATION__?.__INSTANCES__?.find((i) => i.options?.remotes?.some((r) => r.name === REMOTE))
}

/** Whether this page runs inside the composed site (where the shell's runtime knows resources-app). */
export const editorAvailable = () => Boolean(host())

function loadEditor(): Promise<EditorComponent> {
  editor ??= (async () => {
    const federation = host()
    if (!federation) throw new Error('resources-app is not registered with the federation runtime')
    const module = await federation.loadRemote<{ default?: EditorComponent }>(`${REMOTE}/editor`)
    if (!module?.default) throw new Error('resources-app did not expose its editor')
    return module.default
  })().catch((error: unknown) => {
    editor = null
    throw error
  })
  return editor
}

function EditorMount({ resourceId }: { resourceId?: string }) {
  const [state, setState] = useState<{ Editor?: EditorComponent; failed?: boolean; attempt: number }>({
    attempt: 0,
  })
  const available = editorAvailable()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) loads again
  useEffect(() => {
    if (!available) return
    let live = true
    loadEditor().then(
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

export function NewResourcePage() {
  return (
    <RequireRole level="staff">
      <EditorMount />
    </RequireRole>
  )
}

export function EditResourcePage() {
  const { id } = useParams()
  return (
    <RequireRole level="staff">
      <EditorMount key={id} resourceId={id} />
    </RequireRole>
  )
}
