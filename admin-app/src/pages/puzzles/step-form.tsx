import type { StepRow } from '@lamplight/contracts'
import { DialogHeader, DialogTitle, Field, Form, Input, Textarea } from '@lamplight/ui'
import { saveStepMutation } from '../../api/puzzles'
import { lines } from '../../lib/use-field-errors'
import { AnswerFields, EntryFormFooter, useEntryForm } from './entry-form'

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
  const { values, setValues, set, errors, save } = useEntryForm({
    initial: {
      title: step?.title ?? '',
      content: step?.content ?? '',
      hint: step?.hint ?? '',
      answer: step?.answer ?? '',
      accepted: step?.accepted_answers.join('\n') ?? '',
      unlock_message: step?.unlock_message ?? '',
      is_active: step?.is_active ?? true,
    },
    mutation: saveStepMutation(productId),
    noun: 'Step',
    editing: step !== null,
    onDone,
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
      <AnswerFields
        answer={values.answer}
        accepted={values.accepted}
        onAnswer={set('answer')}
        onAccepted={set('accepted')}
        errors={errors}
      />
      <Field label="Unlock message" error={errors.unlock_message}>
        {(c) => <Textarea rows={2} {...c} value={values.unlock_message} onChange={set('unlock_message')} />}
      </Field>
      <label className="flex items-center gap-2 text-sm pointer-coarse:min-h-11">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.is_active}
          onChange={(e) => setValues((v) => ({ ...v, is_active: e.target.checked }))}
        />
        Active (asked of players)
      </label>
      <EntryFormFooter pending={save.isPending} onCancel={onDone}>
        {step ? 'Save step' : 'Add step'}
      </EntryFormFooter>
    </Form>
  )
}
