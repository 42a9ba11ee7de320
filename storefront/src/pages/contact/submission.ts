import { ApiError, type ApiErrorWords, apiErrorMessage } from '@lamplight/session'
import type { Outcome } from '@lamplight/ui'
import { useState } from 'react'
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form'

/**
 * What to tell a sender whose message the server did not accept, through `apiErrorMessage`
 * (the server's words for a 4xx such as 429). Their words stay in the form.
 */
export const SUBMISSION_FAILED =
  'Something went wrong on our side and your message was not sent. Please try again in a moment; your message is still here.'
export const SUBMISSION_WORDS: ApiErrorWords = {
  invalid: 'Please check the highlighted fields and try again.',
  tooLarge: 'That message is too long to send. Please shorten it and try again.',
  offline:
    'We could not reach our server. Please check your connection and try again; your message is still here.',
}

/** Puts the server's field issues (400 validation_failed) under the fields they belong to. */
export function showServerIssues<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  if (!(error instanceof ApiError)) return
  for (const issue of error.issues) {
    const field = fields.find((f) => f === issue.path)
    if (field) setError(field, { type: 'server', message: issue.message })
  }
}

/**
 * A contact-like form's send: clears the last outcome, sends, then thanks the sender (and
 * empties the form, given `empty`), or puts the refusal into words and the server's field
 * issues under their fields, keeping what was typed.
 */
export function useSubmission<Input extends FieldValues, Values>(
  form: UseFormReturn<Input, unknown, Values>,
  {
    fields,
    send,
    thanks,
    empty,
    refusal = { failed: SUBMISSION_FAILED, words: SUBMISSION_WORDS },
  }: {
    fields: readonly Path<Input>[]
    send: (values: Values) => Promise<unknown>
    thanks: (values: Values) => string
    empty?: Input
    /** `apiErrorMessage`'s fallback and words for a refused send (a message's, by default). */
    refusal?: { failed: string; words?: ApiErrorWords }
  },
) {
  const [outcome, setOutcome] = useState<Outcome>(null)
  const submit = form.handleSubmit(async (values) => {
    setOutcome(null)
    try {
      await send(values)
      if (empty) form.reset(empty)
      setOutcome({ kind: 'sent', text: thanks(values) })
    } catch (error) {
      showServerIssues(error, fields, form.setError)
      setOutcome({ kind: 'failed', text: apiErrorMessage(error, refusal.failed, refusal.words) })
    }
  })
  return { submit, outcome }
}
