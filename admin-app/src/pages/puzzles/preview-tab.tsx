import type { FragmentRow, StepRow } from '@lamplight/contracts'
import { Button, Field, Form, Input } from '@lamplight/ui'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { previewMutation } from '../../api/puzzles'

/**
 * Plays the box as a player would, checking answers on the server the player's way, and
 * recording nothing: the admin's own progress is untouched, and leaving the tab forgets it.
 */
export function PreviewTab({
  productId,
  steps,
  fragments,
}: {
  productId: string
  steps: StepRow[]
  fragments: FragmentRow[]
}) {
  const live = steps.filter((s) => s.is_active)
  const [solved, setSolved] = useState(0)
  const current = live[solved]
  return (
    <section aria-labelledby="preview-title" className="grid gap-8">
      <div>
        <h2 id="preview-title" className="font-serif text-2xl text-foreground">
          Preview as a player
        </h2>
        <p className="mt-1 text-muted-foreground text-sm">Nothing you answer here is recorded.</p>
      </div>
      <div className="rounded-xl border border-border bg-card p-5">
        <p className="font-medium text-gold-deep text-sm uppercase tracking-widest">
          {live.length === 0
            ? 'No active steps'
            : current
              ? `Step ${solved + 1} of ${live.length}`
              : 'Puzzle complete'}
        </p>
        {current ? (
          <>
            <h3 className="mt-1 font-serif text-2xl text-foreground">{current.title}</h3>
            <div className="mt-3 whitespace-pre-line text-foreground">{current.content}</div>
            {current.hint && <p className="mt-2 text-muted-foreground text-sm">Hint: {current.hint}</p>}
            <PreviewAnswer
              key={current.id}
              productId={productId}
              kind="step"
              id={current.id}
              label="Your answer"
              onRight={() => setSolved((n) => n + 1)}
            />
          </>
        ) : (
          live.length > 0 && (
            <Button className="mt-3" variant="outline" onClick={() => setSolved(0)}>
              Play the steps again
            </Button>
          )
        )}
      </div>
      <div className="grid gap-4">
        <h3 className="font-serif text-xl text-foreground">The portal</h3>
        {fragments.length === 0 && <p className="text-muted-foreground">No fragments yet.</p>}
        {fragments.map((f) => (
          <div key={f.id} className="rounded-xl border border-border bg-card p-5">
            <p className="font-medium text-foreground">Fragment {f.number}</p>
            <p className="mt-1 text-foreground">{f.instruction}</p>
            <PreviewAnswer
              productId={productId}
              kind="fragment"
              id={f.id}
              label={`Answer to fragment ${f.number}`}
            />
            {f.bonus_question && (
              <>
                <p className="mt-3 text-foreground">Bonus: {f.bonus_question}</p>
                <PreviewAnswer
                  productId={productId}
                  kind="bonus"
                  id={f.id}
                  label={`Bonus answer ${f.number}`}
                />
              </>
            )}
          </div>
        ))}
      </div>
    </section>
  )
}

function PreviewAnswer({
  productId,
  kind,
  id,
  label,
  onRight,
}: {
  productId: string
  kind: 'step' | 'fragment' | 'bonus'
  id: string
  label: string
  onRight?: () => void
}) {
  const [answer, setAnswer] = useState('')
  const check = useMutation(previewMutation(productId))
  return (
    <Form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        if (answer.trim()) check.mutate({ kind, id, answer })
      }}
    >
      <Field label={label} className="min-w-56 flex-1">
        {(c) => (
          <Input {...c} autoComplete="off" value={answer} onChange={(e) => setAnswer(e.target.value)} />
        )}
      </Field>
      <Button type="submit" disabled={check.isPending}>
        Check
      </Button>
      {check.data && (
        <div role="status" className="basis-full">
          <p className={check.data.correct ? 'text-foreground' : 'text-destructive'}>{check.data.message}</p>
          {check.data.correct && onRight && (
            <Button size="sm" className="mt-2" onClick={onRight}>
              Next step
            </Button>
          )}
        </div>
      )}
    </Form>
  )
}
