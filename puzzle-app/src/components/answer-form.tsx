import { Button, cn, Form, Input, Spinner } from '@lamplight/ui'
import { type Ref, useId, useState } from 'react'

/**
 * One answer box: trimmed, never sent empty (the button waits for text), large enough to
 * type into at a family table. `feedback` is the last wrong-answer message, announced and
 * kept in a reserved line so nothing below it jumps.
 */
export function AnswerForm({
  label,
  submitLabel = 'Submit Answer',
  pending,
  feedback,
  onSubmit,
  inputRef,
  placeholder = 'Type your answer',
  onType,
}: {
  label: string
  submitLabel?: string
  pending: boolean
  feedback: string | null
  /** Resolves true when the answer was right (the box is then cleared). */
  onSubmit: (answer: string) => Promise<boolean>
  inputRef?: Ref<HTMLInputElement>
  placeholder?: string
  /** The player is typing again: a stale "not quite right" can go. */
  onType?: () => void
}) {
  const [value, setValue] = useState('')
  const id = useId()
  const trimmed = value.trim()
  return (
    <Form
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault()
        if (!trimmed || pending) return
        if (await onSubmit(trimmed)) setValue('')
      }}
    >
      <label htmlFor={id} className="block font-medium text-base text-foreground">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id={id}
          ref={inputRef}
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            onType?.()
          }}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={placeholder}
          aria-describedby={`${id}-feedback`}
          aria-invalid={feedback ? true : undefined}
          className="h-14 w-full px-4 text-lg sm:flex-1 md:text-lg"
        />
        <Button type="submit" size="lg" className="h-14 px-6 text-base" disabled={!trimmed || pending}>
          {pending && <Spinner size="sm" label="" className="text-current" />}
          {submitLabel}
        </Button>
      </div>
      <p
        id={`${id}-feedback`}
        role="status"
        className={cn('min-h-6 text-base', feedback ? 'text-destructive' : 'text-transparent')}
      >
        {feedback ?? ''}
      </p>
    </Form>
  )
}
