import { completionMessage, PUZZLE_MESSAGES, type PuzzleState } from '@lamplight/contracts'
import { ApiError, apiErrorMessage, PageMeta } from '@lamplight/session'
import { Button, ErrorState, LoadingState, PageContainer, Progress, toast } from '@lamplight/ui'
import { CheckIcon, LightbulbIcon } from '@lamplight/ui/icons'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { puzzleKeys, puzzleMutations, puzzleQueries } from '../../api/puzzles'
import { AnswerForm } from '../../components/answer-form'
import { Celebration } from '../../components/celebration'

/** /puzzle/{productSlug}: the owner's step-by-step puzzle; the server decides who owns it. */
export function PuzzlePage() {
  const { productSlug = '' } = useParams()
  const navigate = useNavigate()
  const location = useLocation()
  const puzzle = useQuery(puzzleQueries.puzzle(productSlug))
  const meta = <PageMeta title={puzzle.data ? `${puzzle.data.product.name} Puzzle` : 'Puzzle'} />

  const status = puzzle.error instanceof ApiError ? puzzle.error.status : null
  useEffect(() => {
    // Not bought (or no such box): the same answer, and the same way out (spec, section 6).
    if (status === 404) {
      toast.error(PUZZLE_MESSAGES.purchaseFirst)
      navigate(`/${productSlug}`, { replace: true })
    } else if (status === 401) {
      navigate(`/auth?redirect=${encodeURIComponent(location.pathname)}`, { replace: true })
    }
  }, [status, productSlug, navigate, location.pathname])

  if (puzzle.isPending || status === 404 || status === 401)
    return (
      <>
        {meta}
        <LoadingState label="Loading your puzzle…" />
      </>
    )
  if (puzzle.isError)
    return (
      <>
        {meta}
        <PageContainer>
          <ErrorState onRetry={() => puzzle.refetch()} retrying={puzzle.isFetching} />
        </PageContainer>
      </>
    )
  if (puzzle.data.totalSteps === 0)
    return (
      <>
        {meta}
        <PageContainer className="max-w-3xl">
          <h1 className="font-serif text-4xl text-foreground">{puzzle.data.product.name}</h1>
          <p className="mt-6 text-lg text-muted-foreground">{PUZZLE_MESSAGES.noContent}</p>
        </PageContainer>
      </>
    )
  return (
    <>
      {meta}
      <PuzzleView state={puzzle.data} />
    </>
  )
}

function PuzzleView({ state }: { state: PuzzleState }) {
  const queryClient = useQueryClient()
  const validate = useMutation(puzzleMutations.validateAnswer())
  const [feedback, setFeedback] = useState<string | null>(null)
  const [hintOpen, setHintOpen] = useState(false)
  const [justFinished, setJustFinished] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const hintId = useId()
  const done = state.completedSteps.length
  const complete = done === state.totalSteps
  const current = state.steps.find((s) => s.stepNumber === state.currentStep && !s.completed)
  const solved = state.steps.filter((s) => s.completed)
  /** Once this many steps are solved on screen, the new title takes focus. */
  const [focusAt, setFocusAt] = useState<number | null>(null)
  useEffect(() => {
    // The next step's title (or the completion card) takes focus, so a keyboard or
    // screen-reader player reads on; after the reload has rendered, not before.
    if (focusAt !== null && done >= focusAt) {
      headingRef.current?.focus()
      setFocusAt(null)
    }
  }, [focusAt, done])

  const submit = async (answer: string) => {
    if (!current) return false
    try {
      const result = await validate.mutateAsync({
        type: 'puzzle',
        productSlug: state.product.slug,
        stepNumber: current.stepNumber,
        answer,
      })
      if (!result.correct) {
        const message = result.message || PUZZLE_MESSAGES.wrongAnswer
        setFeedback(message)
        toast.error(message)
        return false
      }
      setFeedback(null)
      setHintOpen(false)
      toast.success(result.unlockText ?? 'Correct!')
      if (result.completed) {
        toast.success(completionMessage(state.product.name))
        setJustFinished(true)
      }
      setFocusAt(done + 1)
      await queryClient.invalidateQueries({ queryKey: puzzleKeys.puzzle(state.product.slug) })
      return true
    } catch (error) {
      const message = apiErrorMessage(error, PUZZLE_MESSAGES.validateFailed, { statuses: [429] })
      setFeedback(message)
      toast.error(message)
      if (error instanceof ApiError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: puzzleKeys.puzzle(state.product.slug) })
      return false
    }
  }

  return (
    <PageContainer className="max-w-3xl">
      <p className="font-medium text-gold-deep text-sm uppercase tracking-widest">The puzzle</p>
      <h1 className="mt-1 font-serif text-4xl text-foreground sm:text-5xl">{state.product.name}</h1>

      <div className="mt-6">
        <div className="flex items-baseline justify-between text-base">
          <span id="puzzle-progress-label" className="font-medium text-foreground">
            Progress
          </span>
          <span className="text-muted-foreground">
            {done} of {state.totalSteps} steps solved
          </span>
        </div>
        <Progress
          className="mt-2 h-3"
          value={done}
          max={state.totalSteps}
          aria-labelledby="puzzle-progress-label"
          aria-valuetext={`${done} of ${state.totalSteps} steps solved`}
        />
      </div>

      {complete ? (
        <section
          aria-labelledby="puzzle-complete-title"
          className="relative mt-8 overflow-hidden rounded-2xl border border-gold/60 bg-card p-6 text-center shadow-sm sm:p-10"
        >
          {justFinished && <Celebration />}
          <h2
            id="puzzle-complete-title"
            ref={headingRef}
            tabIndex={-1}
            className="font-serif text-3xl text-foreground outline-none sm:text-4xl"
          >
            {completionMessage(state.product.name)}
          </h2>
          <p className="mx-auto mt-4 max-w-prose text-lg text-muted-foreground">
            Every mystery is solved and the scroll is whole again. Thank you for playing together.
          </p>
          <Button asChild size="lg" className="mt-8 h-12 px-6 text-base">
            <Link to="/experiences">Explore more experiences</Link>
          </Button>
        </section>
      ) : current ? (
        <section
          aria-labelledby="puzzle-step-title"
          className="mt-8 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8"
        >
          <p className="font-medium text-base text-muted-foreground">
            {/* A place in the puzzle, not the step's lasting number (decision 048). */}
            Step {state.completedSteps.length + 1} of {state.totalSteps}
          </p>
          <h2
            id="puzzle-step-title"
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 font-serif text-3xl text-foreground outline-none"
          >
            {current.title}
          </h2>
          <div className="mt-4 whitespace-pre-line text-foreground text-lg leading-relaxed">
            {current.content}
          </div>

          <div className="mt-6">
            <AnswerForm
              key={current.stepNumber}
              label="Your answer"
              pending={validate.isPending}
              feedback={feedback}
              onType={() => setFeedback(null)}
              onSubmit={submit}
            />
          </div>

          {current.hint && (
            <div className="mt-2 border-border border-t pt-4">
              <Button
                type="button"
                variant="outline"
                size="lg"
                aria-expanded={hintOpen}
                aria-controls={hintId}
                onClick={() => setHintOpen((open) => !open)}
              >
                <LightbulbIcon aria-hidden="true" />
                {hintOpen ? 'Hide Hint' : 'Show Hint'}
              </Button>
              {/* Below the answer box, so opening it moves nothing the player is using. */}
              <div
                id={hintId}
                hidden={!hintOpen}
                className="mt-4 rounded-xl bg-accent p-4 text-accent-foreground text-lg"
              >
                {current.hint}
              </div>
            </div>
          )}
        </section>
      ) : null}

      {solved.length > 0 && (
        <section aria-labelledby="puzzle-solved-title" className="mt-10">
          <h2 id="puzzle-solved-title" className="font-serif text-2xl text-foreground">
            Completed steps
          </h2>
          <ol className="mt-4 space-y-3">
            {solved.map((step, index) => (
              <li key={step.stepNumber} className="rounded-xl border border-border bg-card/70 p-4">
                <p className="flex items-center gap-2 font-medium text-foreground text-lg">
                  <CheckIcon aria-hidden="true" className="size-5 text-primary" />
                  <span>
                    Step {index + 1}: {step.title}
                  </span>
                </p>
                {step.unlockMessage && (
                  <p className="mt-2 text-base text-muted-foreground">{step.unlockMessage}</p>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </PageContainer>
  )
}
