import type { FragmentRow, StepRow } from '@lamplight/contracts'
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  ErrorState,
  LoadingState,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '@lamplight/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useParams } from 'react-router'
import { authoredPuzzleQuery, orderStepsMutation, puzzleKeys } from '../../api/puzzles'
import { AdminNotFound, AdminPage } from '../../components/admin-page'
import { CodesTab } from './codes-tab'
import { FragmentForm } from './fragment-form'
import { PreviewTab } from './preview-tab'
import { ProgressTab } from './progress-tab'
import { StepForm } from './step-form'

/**
 * `/admin/puzzles/:productId`: a box's step puzzle, scroll portal, access codes, a preview
 * as a player and the players' progress, each on its tab.
 */
export function PuzzlePage() {
  const { productId = '' } = useParams()
  // An address that cannot name a product is not found, without asking the API (which would refuse it).
  if (!UUID.test(productId))
    return (
      <AdminNotFound
        title="Puzzle"
        message="No product has this id, so there is no puzzle to show. Choose one from the list of puzzles."
        back={{ to: '/admin/puzzles', label: 'All puzzles' }}
      />
    )
  return <AuthoredPuzzle productId={productId} />
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function AuthoredPuzzle({ productId }: { productId: string }) {
  const query = useQuery(authoredPuzzleQuery(productId))
  return (
    <AdminPage
      eyebrow="Puzzles"
      title={query.data?.product.name ?? 'Puzzle'}
      metaTitle={query.data ? `Puzzle: ${query.data.product.name}` : 'Puzzle'}
      back={{ to: '/admin/puzzles', label: 'All puzzles' }}
    >
      {query.isPending ? (
        <LoadingState label="Loading the puzzle…" />
      ) : query.isError ? (
        <ErrorState
          size="section"
          title="This puzzle could not be loaded."
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <Tabs defaultValue="steps">
          <TabsList className="flex h-auto flex-wrap">
            <TabsTrigger value="steps">Steps</TabsTrigger>
            <TabsTrigger value="portal">Portal</TabsTrigger>
            <TabsTrigger value="codes">Codes</TabsTrigger>
            <TabsTrigger value="preview">Preview</TabsTrigger>
            <TabsTrigger value="progress">Progress</TabsTrigger>
          </TabsList>
          <TabsContent value="steps" className="mt-4">
            <StepsTab productId={productId} steps={query.data.steps} />
          </TabsContent>
          <TabsContent value="portal" className="mt-4">
            <FragmentsTab
              productId={productId}
              fragments={query.data.fragments}
              path={query.data.portal_path}
            />
          </TabsContent>
          <TabsContent value="codes" className="mt-4">
            <CodesTab productId={productId} slug={query.data.product.slug} />
          </TabsContent>
          <TabsContent value="preview" className="mt-4">
            <PreviewTab productId={productId} steps={query.data.steps} fragments={query.data.fragments} />
          </TabsContent>
          <TabsContent value="progress" className="mt-4">
            <ProgressTab productId={productId} />
          </TabsContent>
        </Tabs>
      )}
    </AdminPage>
  )
}

function StepsTab({ productId, steps }: { productId: string; steps: StepRow[] }) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<StepRow | 'new' | null>(null)
  const order = useMutation({
    ...orderStepsMutation(productId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: puzzleKeys.product(productId) }),
    onError: () => toast.error('The new order was not saved'),
  })
  const move = (index: number, by: -1 | 1) => {
    const ids = steps.map((s) => s.id)
    const [id] = ids.splice(index, 1)
    ids.splice(index + by, 0, id!)
    order.mutate(ids)
  }
  return (
    <section aria-labelledby="steps-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="steps-title" className="font-serif text-2xl text-foreground">
          Steps
        </h2>
        <Button onClick={() => setEditing('new')}>Add step</Button>
      </div>
      <p className="mt-1 text-muted-foreground text-sm">
        Players meet the active steps in this order. A step switched off is asked of no one; those who solved
        it keep their place, and a moved step keeps its solves.
      </p>
      {steps.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No steps yet: add the first one.</p>
      ) : (
        <ol className="mt-4 grid gap-2" aria-label="Steps in order">
          {steps.map((step, index) => (
            <li
              key={step.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-card p-3"
            >
              <div className="min-w-0">
                <p className="font-medium text-foreground">
                  {index + 1}. {step.title} {!step.is_active && <Badge variant="outline">Off</Badge>}
                </p>
                <p className="text-muted-foreground text-sm">
                  Answer: <code>{step.answer}</code>
                  {step.accepted_answers.length > 0 && ` (+${step.accepted_answers.length} more)`}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={index === 0 || order.isPending}
                  onClick={() => move(index, -1)}
                  aria-label={`Move ${step.title} up`}
                >
                  Up
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={index === steps.length - 1 || order.isPending}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${step.title} down`}
                >
                  Down
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setEditing(step)}
                  aria-label={`Edit ${step.title}`}
                >
                  Edit
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          {editing !== null && (
            <StepForm
              productId={productId}
              step={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </section>
  )
}

function FragmentsTab({
  productId,
  fragments,
  path,
}: {
  productId: string
  fragments: FragmentRow[]
  path: string
}) {
  const [editing, setEditing] = useState<FragmentRow | 'new' | null>(null)
  return (
    <section aria-labelledby="fragments-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="fragments-title" className="font-serif text-2xl text-foreground">
          Scroll portal
        </h2>
        <Button onClick={() => setEditing('new')}>Add fragment</Button>
      </div>
      <p className="mt-1 text-muted-foreground text-sm">
        Played at <code>{path}</code> by whoever enters one of this box's codes.
      </p>
      {fragments.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No fragments yet: add the first one.</p>
      ) : (
        <ol className="mt-4 grid gap-2" aria-label="Fragments">
          {fragments.map((f) => (
            <li
              key={f.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-card p-3"
            >
              <div className="min-w-0">
                <p className="font-medium text-foreground">
                  Fragment {f.number}: {f.scroll_line}
                </p>
                <p className="text-muted-foreground text-sm">
                  Answer: <code>{f.answer}</code> · {f.hints.length} hints
                  {f.bonus_question && ' · bonus question'}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEditing(f)}
                aria-label={`Edit fragment ${f.number}`}
              >
                Edit
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          {editing !== null && (
            <FragmentForm
              productId={productId}
              fragment={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </section>
  )
}
