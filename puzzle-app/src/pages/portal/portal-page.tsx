import { type PortalFragment, PUZZLE_MESSAGES } from '@lamplight/contracts'
import { apiErrorMessage, PageMeta, useAuth } from '@lamplight/session'
import { Button, ErrorState, LoadingState, PageContainer, Progress, toast } from '@lamplight/ui'
import { KeyRoundIcon, RotateCcwIcon } from '@lamplight/ui/icons'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useNavigate, useParams } from 'react-router'
import { puzzleKeys, puzzleMutations, puzzleQueries } from '../../api/puzzles'
import { AnswerForm } from '../../components/answer-form'
import { Celebration } from '../../components/celebration'
import {
  clearLocalProgress,
  clearPortalPass,
  hasLocalPortal,
  portalStorageSnapshot,
  readLocalProgress,
  savePortalPass,
  subscribeToPortalStorage,
  withLocalProgress,
} from '../../lib/portal-storage'
import { FragmentCard } from './fragment-card'

/**
 * /puzzle-portal (the Scroll's, as the spec has it) and /puzzle-portal/:productSlug (every
 * other box's): the access-code gate, then the box's fragments and the restored scroll.
 */
export function PortalPage() {
  const { productSlug } = useParams()
  const meta = (
    <PageMeta
      title="Puzzle Portal"
      description="Your box's online portal: enter the access code inside the box, solve the fragments and restore the scroll."
      path={productSlug ? `/puzzle-portal/${productSlug}` : '/puzzle-portal'}
    />
  )
  const { user, loading } = useAuth()
  const queryClient = useQueryClient()
  const merge = useMutation(puzzleMutations.merge())
  const [merged, setMerged] = useState(false)

  // A visitor who signs in brings their local portal into the account, once.
  useEffect(() => {
    if (loading || !user || merged) return
    setMerged(true)
    if (!hasLocalPortal()) return
    merge
      .mutateAsync()
      .then(() => {
        clearLocalProgress()
        clearPortalPass()
        // The pass may be another box's than this page's: every portal is read again.
        return queryClient.invalidateQueries({ queryKey: puzzleKeys.all })
      })
      .catch(() => {
        // Kept locally; the next visit tries again.
        setMerged(false)
      })
  }, [loading, user, merged, merge, queryClient])

  const portal = useQuery({
    ...puzzleQueries.portal(productSlug),
    enabled: !loading && (!user || merged) && !merge.isPending,
  })
  // A visitor's solves are in local storage: re-read it whenever it changes.
  const stored = useSyncExternalStore(subscribeToPortalStorage, portalStorageSnapshot, () => '')
  const fragments = useMemo(() => {
    if (!portal.data?.unlocked) return []
    if (portal.data.signedIn) return portal.data.fragments
    return withLocalProgress(portal.data.fragments, stored ? readLocalProgress() : {})
  }, [portal.data, stored])
  if (loading || portal.isPending)
    return (
      <>
        {meta}
        <LoadingState label="Opening the portal…" />
      </>
    )
  if (portal.isError)
    return (
      <>
        {meta}
        <PageContainer>
          <ErrorState onRetry={() => portal.refetch()} retrying={portal.isFetching} />
        </PageContainer>
      </>
    )
  if (!portal.data.unlocked)
    return (
      <>
        {meta}
        <Gate productSlug={productSlug} />
      </>
    )
  return (
    <>
      {meta}
      <Portal name={portal.data.product.name} fragments={fragments} signedIn={portal.data.signedIn} />
    </>
  )
}

function Gate({ productSlug }: { productSlug?: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const unlock = useMutation(puzzleMutations.unlock())
  const [feedback, setFeedback] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)

  const submit = async (code: string) => {
    try {
      const result = await unlock.mutateAsync(code)
      if (!result.granted) {
        // Wrong, or a box's code another player already used: the server's words say which.
        setFeedback(result.message)
        toast.error(result.message)
        // The box is cleared (a fresh form) and ready for the next try.
        setAttempt((n) => n + 1)
        requestAnimationFrame(() => inputRef.current?.focus())
        return false
      }
      if (result.token) savePortalPass(result.token)
      toast.success(PUZZLE_MESSAGES.accessGranted)
      await queryClient.invalidateQueries({ queryKey: puzzleKeys.all })
      // The code names its box: play that box's portal, wherever it was typed.
      const path = result.product?.portalPath
      if (path && path !== (productSlug ? `/puzzle-portal/${productSlug}` : '/puzzle-portal')) navigate(path)
      return true
    } catch (error) {
      const message = apiErrorMessage(error, PUZZLE_MESSAGES.invalidCode, { statuses: [429] })
      setFeedback(message)
      toast.error(message)
      setAttempt((n) => n + 1)
      return false
    }
  }

  return (
    <PageContainer className="max-w-xl">
      <div className="rounded-2xl border border-border bg-card p-6 text-center shadow-sm sm:p-10">
        <KeyRoundIcon aria-hidden="true" className="mx-auto size-10 text-gold-deep" />
        <h1 className="mt-4 font-serif text-4xl text-foreground">The Scroll Portal</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Enter the access code printed inside the lid of your box to open the portal.
        </p>
        <div className="mt-6 text-left">
          <AnswerForm
            key={attempt}
            inputRef={inputRef}
            label="Access code"
            submitLabel="Enter Portal"
            placeholder="e.g. ABCD-1234"
            pending={unlock.isPending}
            feedback={feedback}
            onSubmit={submit}
          />
        </div>
      </div>
    </PageContainer>
  )
}

function Portal({
  name,
  fragments,
  signedIn,
}: {
  name: string
  fragments: PortalFragment[]
  signedIn: boolean
}) {
  const queryClient = useQueryClient()
  const { isAdmin } = useAuth()
  const reset = useMutation(puzzleMutations.resetPortal())
  const restored = fragments.filter((f) => f.completed)
  const complete = restored.length === fragments.length && fragments.length > 0
  const [wasComplete] = useState(complete)
  const refresh = () => queryClient.invalidateQueries({ queryKey: puzzleKeys.all })

  const resetAll = async () => {
    try {
      if (signedIn) await reset.mutateAsync()
      clearLocalProgress()
      await refresh()
      toast.success(PUZZLE_MESSAGES.resetDone)
    } catch {
      toast.error('Failed to reset progress. Please try again.')
    }
  }

  return (
    <PageContainer className="max-w-3xl">
      <p className="font-medium text-gold-deep text-sm uppercase tracking-widest">The scroll portal</p>
      <h1 className="mt-1 font-serif text-4xl text-foreground sm:text-5xl">{name}</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        Solve each fragment to restore a line of the scroll. Hints are there when you need them.
      </p>
      {!signedIn && (
        <p className="mt-2 text-base text-muted-foreground">
          Your progress is kept in this browser. Sign in to keep it in your account on every device.
        </p>
      )}

      <div className="mt-6">
        <div className="flex items-baseline justify-between text-base">
          <span id="portal-progress-label" className="font-medium text-foreground">
            Scroll restored
          </span>
          <span className="text-muted-foreground">
            {restored.length} of {fragments.length} fragments
          </span>
        </div>
        <Progress
          className="mt-2 h-3"
          value={restored.length}
          max={fragments.length || 1}
          aria-labelledby="portal-progress-label"
          aria-valuetext={`${restored.length} of ${fragments.length} fragments restored`}
        />
      </div>

      <section
        aria-labelledby="restored-scroll-title"
        className="relative mt-8 overflow-hidden rounded-2xl border border-gold/60 bg-parchment p-6 shadow-sm sm:p-8"
      >
        {complete && !wasComplete && <Celebration />}
        <h2 id="restored-scroll-title" className="font-serif text-2xl text-foreground">
          {complete ? 'The scroll is restored' : 'The restored scroll'}
        </h2>
        {restored.length === 0 ? (
          <p className="mt-3 text-base text-muted-foreground">Solve a fragment and its line appears here.</p>
        ) : (
          <ol className="mt-4 space-y-2 font-serif text-foreground text-xl italic leading-relaxed">
            {fragments.map((f) => (
              <li key={f.id} className={f.scrollLine ? '' : 'text-muted-foreground not-italic'}>
                {f.scrollLine ?? (
                  <>
                    <span aria-hidden="true">· · ·</span>
                    <span className="sr-only">Fragment {f.number} not yet restored</span>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="fragments-title" className="mt-10">
        <h2 id="fragments-title" className="font-serif text-2xl text-foreground">
          The fragments
        </h2>
        <div className="mt-4 space-y-6">
          {fragments.map((fragment) => (
            <FragmentCard key={fragment.id} fragment={fragment} signedIn={signedIn} onChanged={refresh} />
          ))}
        </div>
      </section>

      {isAdmin && (
        <div className="mt-10 border-border border-t pt-6">
          <Button type="button" variant="outline" onClick={resetAll} disabled={reset.isPending}>
            <RotateCcwIcon aria-hidden="true" />
            Reset Progress (Admin)
          </Button>
        </div>
      )}
    </PageContainer>
  )
}
