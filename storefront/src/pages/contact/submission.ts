import { ApiError } from '@lamplight/contracts'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'

/** What to tell a sender whose message the server did not accept. Their words stay in the form. */
export function submissionErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return error.message
    if (error.status === 400 && error.issues.length)
      return 'Please check the highlighted fields and try again.'
    if (error.status === 413) return 'That message is too long to send. Please shorten it and try again.'
    if (error.status < 500) return error.message
  } else if (error instanceof TypeError) {
    return 'We could not reach our server. Please check your connection and try again; your message is still here.'
  }
  return 'Something went wrong on our side and your message was not sent. Please try again in a moment; your message is still here.'
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
