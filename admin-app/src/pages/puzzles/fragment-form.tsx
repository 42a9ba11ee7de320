import type { FragmentRow } from '@lamplight/contracts'
import { DialogHeader, DialogTitle, Field, Form, Input, Textarea } from '@lamplight/ui'
import { saveFragmentMutation } from '../../api/puzzles'
import { lines } from '../../lib/use-field-errors'
import { AnswerFields, EntryFormFooter, useEntryForm } from './entry-form'

/** Adds a portal fragment (last) or edits one: three hints or none, an optional bonus. */
export function FragmentForm({
  productId,
  fragment,
  onDone,
}: {
  productId: string
  fragment: FragmentRow | null
  onDone: () => void
}) {
  const {
    values: v,
    set,
    errors,
    save,
  } = useEntryForm({
    initial: {
      instruction: fragment?.instruction ?? '',
      scroll_line: fragment?.scroll_line ?? '',
      hint1: fragment?.hints[0] ?? '',
      hint2: fragment?.hints[1] ?? '',
      hint3: fragment?.hints[2] ?? '',
      answer: fragment?.answer ?? '',
      accepted: fragment?.accepted_answers.join('\n') ?? '',
      bonus_question: fragment?.bonus_question ?? '',
      bonus_answer: fragment?.bonus_answer ?? '',
      bonus_accepted: fragment?.bonus_accepted_answers.join('\n') ?? '',
    },
    mutation: saveFragmentMutation(productId),
    noun: 'Fragment',
    editing: fragment !== null,
    onDone,
  })
  return (
    <Form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate({
          id: fragment?.id ?? null,
          values: {
            instruction: v.instruction,
            scroll_line: v.scroll_line,
            hints: [v.hint1, v.hint2, v.hint3],
            answer: v.answer,
            accepted_answers: lines(v.accepted),
            bonus_question: v.bonus_question || null,
            bonus_answer: v.bonus_answer || null,
            bonus_accepted_answers: lines(v.bonus_accepted),
          },
        })
      }}
    >
      <DialogHeader>
        <DialogTitle>{fragment ? `Fragment ${fragment.number}` : 'New fragment'}</DialogTitle>
      </DialogHeader>
      <Field label="Instruction" error={errors.instruction}>
        {(c) => <Textarea rows={3} {...c} value={v.instruction} onChange={set('instruction')} />}
      </Field>
      <Field label="Scroll line" hint="Shown once the fragment is solved." error={errors.scroll_line}>
        {(c) => <Input {...c} value={v.scroll_line} onChange={set('scroll_line')} />}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Hints (all three, or none)</legend>
        {(['hint1', 'hint2', 'hint3'] as const).map((key, i) => (
          <Field key={key} label={`Hint ${i + 1}`} error={i === 0 ? errors.hints : undefined}>
            {(c) => <Input {...c} value={v[key]} onChange={set(key)} />}
          </Field>
        ))}
      </fieldset>
      <AnswerFields
        answer={v.answer}
        accepted={v.accepted}
        onAnswer={set('answer')}
        onAccepted={set('accepted')}
        errors={errors}
      />
      <Field label="Bonus question (optional)" error={errors.bonus_question}>
        {(c) => <Input {...c} value={v.bonus_question} onChange={set('bonus_question')} />}
      </Field>
      <Field label="Bonus answer" error={errors.bonus_answer}>
        {(c) => <Input autoComplete="off" {...c} value={v.bonus_answer} onChange={set('bonus_answer')} />}
      </Field>
      <Field label="Other accepted bonus answers" hint="One per line." error={errors.bonus_accepted_answers}>
        {(c) => <Textarea rows={2} {...c} value={v.bonus_accepted} onChange={set('bonus_accepted')} />}
      </Field>
      <EntryFormFooter pending={save.isPending} onCancel={onDone}>
        {fragment ? 'Save fragment' : 'Add fragment'}
      </EntryFormFooter>
    </Form>
  )
}
