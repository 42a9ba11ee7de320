import type { RedisOptions } from 'ioredis'

/** Longest a Redis command may take before the caller treats Redis as away (a command takes ~1 ms). */
export const REDIS_COMMAND_TIMEOUT_MS = 2000

/**
 * The options of our Redis command clients (the session cache's and the public cache's),
 * their keys under `keyPrefix`.
 *
 * `commandTimeout`: a command written just as Redis went away (EPIPE) never settled, and
 * held a request for more than 30 s in the Redis drill; bounded, it fails like any other
 * Redis error and the caller falls back (to the database, or to computing the answer).
 * `maxRetriesPerRequest`: a command waiting for a reconnection fails after two attempts
 * instead of twenty.
 */
export function redisOptions(keyPrefix: string): RedisOptions {
  return { maxRetriesPerRequest: 2, commandTimeout: REDIS_COMMAND_TIMEOUT_MS, keyPrefix }
}
