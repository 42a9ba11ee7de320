import { ApiError } from '@lamplight/session'

/** A failed request is worth one retry only when the server or the network failed. */
export const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500)
