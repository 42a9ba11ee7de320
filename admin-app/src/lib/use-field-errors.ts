import { ApiError, apiErrorMessage } from '@lamplight/session'
import { toast } from '@lamplight/ui'
import { useState } from 'react'

/**
 * The fields a refusal names (a 400's issues; an upload's 413, 415 or 422 names its `file`),
 * or null when it names none. A nested field's message is kept under its whole path
 * (`facts.ages`, `images.1.alt`) and under its first segment, for a form that shows it once.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.issues.length) return null
  const next: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.split('.')[0] ?? ''
    next[key] ??= issue.message
    next[issue.path] ??= issue.message
  }
  return next
}

/**
 * The API's words on the form's fields: a refusal names each field (`hints`, `title`),
 * shown under it; anything else is a toast. `show` puts the browser's own findings there too.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const fail = (error: unknown, title: string) => {
    const fields = fieldErrorsOf(error)
    setErrors(fields ?? {})
    if (!fields) toast.error(title, { description: apiErrorMessage(error, '') || undefined })
  }
  return { errors, fail, show: setErrors, clear: () => setErrors({}) }
}

/** One accepted spelling per line. */
export const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
