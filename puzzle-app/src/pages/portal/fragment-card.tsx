import { type PortalFragment, PUZZLE_MESSAGES } from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import { Button, toast } from '@lamplight/ui'
import { CheckIcon, LightbulbIcon } from '@lamplight/ui/icons'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { puzzleMutations } from '../../api/puzzles'
import { AnswerForm } from '../../components/answer-form'
import { updateLocalFragment } from '../../lib/portal-storage'

/** One fragment: its instruction, answer box, hints one at a time, then its bonus question. */
export function FragmentCard({
  fragment,
  signedIn,
  onChanged,
}: {
  fragment: PortalFragment
  signedIn: boolean
  /** Called after anything this card changed, so the portal reloads its state. */
  onChanged: () => Promise<unknown>
}) {
  const validate = useMutation(puzzleMutations.validateAnswer())
  const reveal = useMutation(puzzleMutations.revealHint())
  const [feedback, setFeedback] = useState<string | null>(null)
  const [bonusFeedback, setBonusFeedback] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const bonusInputRef = useRef<HTMLInputElement>(null)
  /** Where focus goes once the solved state has rendered (the reload may land a frame later). */
  const [focusNext, setFocusNext] = useState<'bonus' | 'heading' | null>(null)
  useEffect(() => {
    // A solved fragment leads straight to its bonus question; a bonus answer back to the card.
    if (focusNext === 'bonus' && fragment.completed) {
      ;(bonusInputRef.current ?? headingRef.current)?.focus()
      setFocusNext(null)
    } else if (focusNext === 'heading' && fragment.bonusRevealed) {
      headingRef.current?.focus()
      setFocusNext(null)
    }
  }, [focusNext, fragment.completed, fragment.bonusRevealed])
  const hintButtonRef = useRef<HTMLButtonElement>(null)
  const hintsRef = useRef<HTMLOListElement>(null)
  const titleId = `fragment-${fragment.number}-title`
  const total = fragment.hints.length
  const shown = fragment.hintsRevealed
  const allShown = total > 0 && shown >= total

  const answer = async (text: string, isBonus: boolean) => {
    const setMessage = isBonus ? setBonusFeedback : setFeedback
    try {
      const result = await validate.mutateAsync({
        type: 'scroll',
        fragmentId: fragment.id,
        answer: text,
        isBonus,
      })
      if (!result.correct) {
        setMessage(result.message)
        toast.error(result.message)
        return false
      }
      setMessage(null)
      if (!signedIn) {
        updateLocalFragment(fragment.id, (f) => ({
          ...(isBonus
            ? { bonusRevealed: true, bonusAnswer: result.unlockText }
            : { completed: true, scrollLine: result.unlockText }),
          receipts: result.receipt ? [...new Set([...f.receipts, result.receipt])] : f.receipts,
        }))
      }
      toast.success(result.message)
      setFocusNext(isBonus ? 'heading' : 'bonus')
      await onChanged()
      return true
    } catch (error) {
      const message = apiErrorMessage(
        error,
        isBonus ? PUZZLE_MESSAGES.validateBonusFailed : PUZZLE_MESSAGES.validateFailed,
        { statuses: [429, 409] },
      )
      setMessage(message)
      toast.error(message)
      return false
    }
  }

  const showNextHint = async () => {
    setConfirming(false)
    if (signedIn) {
      try {
        await reveal.mutateAsync(fragment.id)
      } catch {
        toast.error('We could not show the hint. Please try again.')
        return
      }
    } else {
      updateLocalFragment(fragment.id, (f) => ({ hintsRevealed: Math.min(total, f.hintsRevealed + 1) }))
    }
    const wasLast = shown + 1 >= total
    await onChanged()
    // After the last hint the button is disabled: the hints themselves take focus.
    requestAnimationFrame(() => (wasLast ? hintsRef.current : hintButtonRef.current)?.focus())
  }

  const hintLabel = allShown ? 'All hints revealed' : `Show Hint ${shown + 1} of ${total}`

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-7"
      data-fragment={fragment.number}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={titleId}
          ref={headingRef}
          tabIndex={-1}
          className="font-serif text-2xl text-foreground outline-none"
        >
          Fragment {fragment.number}
        </h3>
        {fragment.completed && (
          <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-3 py-1 font-medium text-primary text-sm">
            <CheckIcon aria-hidden="true" className="size-4" /> Restored
          </span>
        )}
      </div>
      <p className="mt-3 text-foreground text-lg leading-relaxed">{fragment.instruction}</p>

      {fragment.completed ? (
        <>
          <p className="mt-4 rounded-xl bg-parchment p-4 font-serif text-foreground text-xl italic">
            {fragment.scrollLine}
          </p>
          {fragment.bonusQuestion && (
            <div className="mt-6 border-border border-t pt-5">
              <h4 className="font-medium text-gold-deep text-sm uppercase tracking-widest">Bonus question</h4>
              <p className="mt-2 text-foreground text-lg">{fragment.bonusQuestion}</p>
              {fragment.bonusRevealed ? (
                <p className="mt-3 flex items-center gap-2 text-foreground text-lg">
                  <CheckIcon aria-hidden="true" className="size-5 text-primary" />
                  <span>
                    Revealed: <strong className="capitalize">{fragment.bonusAnswer}</strong>
                  </span>
                </p>
              ) : (
                <div className="mt-3">
                  <AnswerForm
                    inputRef={bonusInputRef}
                    label={`Bonus answer for fragment ${fragment.number}`}
                    submitLabel="Submit Bonus"
                    pending={validate.isPending}
                    feedback={bonusFeedback}
                    onType={() => setBonusFeedback(null)}
                    onSubmit={(text) => answer(text, true)}
                  />
                </div>
              )}
            </div>
          )}
        </>
      ) : (
        <div className="mt-5">
          <AnswerForm
            label={`Answer for fragment ${fragment.number}`}
            pending={validate.isPending}
            feedback={feedback}
            onType={() => setFeedback(null)}
            onSubmit={(text) => answer(text, false)}
          />
          {total > 0 && (
            <div className="mt-2 border-border border-t pt-4">
              {shown > 0 && (
                <ol
                  ref={hintsRef}
                  tabIndex={-1}
                  className="mb-4 space-y-2 outline-none"
                  aria-label={`Hints for fragment ${fragment.number}`}
                >
                  {fragment.hints.slice(0, shown).map((hint, i) => (
                    <li key={hint} className="rounded-xl bg-accent p-3 text-accent-foreground text-lg">
                      <span className="font-medium">Hint {i + 1}:</span> {hint}
                    </li>
                  ))}
                </ol>
              )}
              {confirming ? (
                <fieldset className="rounded-xl border border-gold/60 bg-background p-4">
                  <legend className="sr-only">Show the last hint?</legend>
                  <p className="text-foreground text-lg">
                    The last hint nearly gives the answer away. Show it?
                  </p>
                  <div className="mt-3 flex flex-wrap gap-3">
                    <Button type="button" size="lg" onClick={showNextHint} autoFocus>
                      Yes, show me
                    </Button>
                    <Button
                      type="button"
                      size="lg"
                      variant="outline"
                      onClick={() => {
                        setConfirming(false)
                        requestAnimationFrame(() => hintButtonRef.current?.focus())
                      }}
                    >
                      Cancel
                    </Button>
                  </div>
                </fieldset>
              ) : (
                <Button
                  ref={hintButtonRef}
                  type="button"
                  variant="outline"
                  size="lg"
                  disabled={allShown || reveal.isPending}
                  onClick={() => (shown === total - 1 ? setConfirming(true) : showNextHint())}
                >
                  <LightbulbIcon aria-hidden="true" />
                  {hintLabel}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </article>
  )
}
