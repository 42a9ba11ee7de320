import { ApiError, type ApiErrorWords } from '@lamplight/session'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'

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
