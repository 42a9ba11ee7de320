import { ApiError } from '@lamplight/session'

/** A failed request is worth one retry only when the server or the network failed. */
export const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500)

/**
 * Dates arrive as ISO strings (the contracts type them as the parsed Date, but the apps do
 * not parse answers): read either.
 */
export const asDate = (value: Date | string | null | undefined): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(value)
