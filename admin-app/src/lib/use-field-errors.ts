import { ApiError, apiErrorMessage } from '@lamplight/contracts'
import { toast } from '@lamplight/ui'
import { useState } from 'react'

/**
 * The API's words on the form's fields: a 400 names each field (`hints`, `title`), shown
 * under it; anything else is a toast.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const fail = (error: unknown, title: string) => {
    if (error instanceof ApiError && error.status === 400 && error.issues.length) {
      const next: Record<string, string> = {}
      for (const issue of error.issues) {
        const key = issue.path.split('.')[0] ?? ''
        next[key] ??= issue.message
      }
      setErrors(next)
      return
    }
    setErrors({})
    toast.error(title, { description: apiErrorMessage(error, '') || undefined })
  }
  return { errors, fail, clear: () => setErrors({}) }
}

/** One accepted spelling per line. */
export const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
