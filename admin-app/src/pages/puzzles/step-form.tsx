import type { StepRow } from '@lamplight/contracts'
import {
  Button,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Form,
  Input,
  Spinner,
  Textarea,
  toast,
} from '@lamplight/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { puzzleKeys, saveStepMutation } from '../../api/puzzles'
import { lines, useFieldErrors } from '../../lib/use-field-errors'

/** Adds a step (last) or edits one. Accepted answers: one per line. */
export function StepForm({
  productId,
  step,
  onDone,
}: {
  productId: string
  step: StepRow | null
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const { errors, fail } = useFieldErrors()
  const [values, setValues] = useState({
    title: step?.title ?? '',
    content: step?.content ?? '',
    hint: step?.hint ?? '',
    answer: step?.answer ?? '',
    accepted: step?.accepted_answers.join('\n') ?? '',
    unlock_message: step?.unlock_message ?? '',
    is_active: step?.is_active ?? true,
  })
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }))
  const save = useMutation({
    ...saveStepMutation(productId),
    onSuccess: async () => {
      toast.success(step ? 'Step saved' : 'Step added')
      await queryClient.invalidateQueries({ queryKey: puzzleKeys.all })
      onDone()
    },
    onError: (error) => fail(error, 'The step was not saved'),
  })
  return (
    <Form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate({
          id: step?.id ?? null,
          values: {
            title: values.title,
            content: values.content,
            hint: values.hint || null,
            answer: values.answer,
            accepted_answers: lines(values.accepted),
            unlock_message: values.unlock_message || null,
            is_active: values.is_active,
          },
        })
      }}
    >
      <DialogHeader>
        <DialogTitle>{step ? `Step ${step.step_number}: ${step.title}` : 'New step'}</DialogTitle>
      </DialogHeader>
      <Field label="Title" error={errors.title}>
        {(c) => <Input {...c} value={values.title} onChange={set('title')} />}
      </Field>
      <Field
        label="Story text"
        hint="Shown as written: line breaks and blank lines between paragraphs are kept."
        error={errors.content}
      >
        {(c) => <Textarea rows={6} {...c} value={values.content} onChange={set('content')} />}
      </Field>
      <Field label="Hint" error={errors.hint}>
        {(c) => <Textarea rows={2} {...c} value={values.hint} onChange={set('hint')} />}
      </Field>
      <Field label="Answer" hint="Case, spaces and punctuation never matter." error={errors.answer}>
        {(c) => <Input autoComplete="off" {...c} value={values.answer} onChange={set('answer')} />}
      </Field>
      <Field label="Other accepted answers" hint="One per line." error={errors.accepted_answers}>
        {(c) => <Textarea rows={2} {...c} value={values.accepted} onChange={set('accepted')} />}
      </Field>
      <Field label="Unlock message" error={errors.unlock_message}>
        {(c) => <Textarea rows={2} {...c} value={values.unlock_message} onChange={set('unlock_message')} />}
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.is_active}
          onChange={(e) => setValues((v) => ({ ...v, is_active: e.target.checked }))}
        />
        Active (asked of players)
      </label>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner size="sm" label="Saving" />}
          {step ? 'Save step' : 'Add step'}
        </Button>
      </DialogFooter>
    </Form>
  )
}
