import { Button, DialogFooter, Field, Input, Spinner, Textarea, toast } from '@lamplight/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { puzzleKeys } from '../../api/puzzles'
import { useFieldErrors } from '../../lib/use-field-errors'

/**
 * What the step and the fragment dialogs share: their values, the save (a toast, the puzzle's
 * reads asked again, the dialog closed) and the API's words under each field.
 */
export function useEntryForm<Values extends Record<string, string | boolean>, Variables>({
  initial,
  mutation,
  noun,
  editing,
  onDone,
}: {
  initial: Values
  mutation: { mutationFn: (variables: Variables) => Promise<unknown> }
  /** "Step", "Fragment": the toast says "Step saved" or "Step added". */
  noun: string
  editing: boolean
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const { errors, fail } = useFieldErrors()
  const [values, setValues] = useState(initial)
  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [key]: e.target.value }))
  const save = useMutation({
    ...mutation,
    onSuccess: async () => {
      toast.success(editing ? `${noun} saved` : `${noun} added`)
      await queryClient.invalidateQueries({ queryKey: puzzleKeys.all })
      onDone()
    },
    onError: (error) => fail(error, `The ${noun.toLowerCase()} was not saved`),
  })
  return { values, setValues, set, errors, save }
}

/** The answer and its other spellings, one per line, as players may type them. */
export function AnswerFields({
  answer,
  accepted,
  onAnswer,
  onAccepted,
  errors,
}: {
  answer: string
  accepted: string
  onAnswer: (e: { target: { value: string } }) => void
  onAccepted: (e: { target: { value: string } }) => void
  errors: Record<string, string>
}) {
  return (
    <>
      <Field label="Answer" hint="Case, spaces and punctuation never matter." error={errors.answer}>
        {(c) => <Input autoComplete="off" {...c} value={answer} onChange={onAnswer} />}
      </Field>
      <Field label="Other accepted answers" hint="One per line." error={errors.accepted_answers}>
        {(c) => <Textarea rows={2} {...c} value={accepted} onChange={onAccepted} />}
      </Field>
    </>
  )
}

/** Cancel and the submit button, which waits while the save is on its way. */
export function EntryFormFooter({
  pending,
  onCancel,
  children,
}: {
  pending: boolean
  onCancel: () => void
  children: ReactNode
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending && <Spinner size="sm" label="Saving" />}
        {children}
      </Button>
    </DialogFooter>
  )
}
