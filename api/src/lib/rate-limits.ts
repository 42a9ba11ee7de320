import type { Redis } from 'ioredis'
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import type { Logger } from '../logger'

/** A limit: `points` per window of `windowMs`, counted per key. */
export type LimitRule = { name: string; limit: number; windowMs: number }

export type LimitAnswer = { allowed: boolean; retryAfterSeconds: number }

/**
 * Every rate limit of the API counts here, with rate-limiter-flexible: in this process's
 * memory, or in Redis when REDIS_URL is set (so replicas share one count). When Redis
 * fails, the limits keep working on the memory store (logged once, not per request, and
 * once more when Redis answers again): a Redis outage must neither open the doors nor
 * close them. Counts made in memory during an outage stay there (a client could get up
 * to twice its limit across the switch; no more).
 */
export type RateLimits = {
  /** Counts one attempt; `allowed` false once the key is over the limit in this window. */
  consume: (rule: LimitRule, key: string) => Promise<LimitAnswer>
  /** Gives one attempt back (e.g. a sign-in that succeeded does not count as a failure). */
  giveBack: (rule: LimitRule, key: string) => Promise<void>
  /** Forgets a key's count. */
  reset: (rule: LimitRule, key: string) => Promise<void>
}

export function createRateLimits(options: { redis?: Redis; logger: Logger; enabled?: boolean }): RateLimits {
  const { redis, logger, enabled = true } = options
  const memory = new Map<string, RateLimiterAbstract>()
  const shared = new Map<string, RateLimiterAbstract>()
  let warned = false

  const settings = (rule: LimitRule) => ({
    keyPrefix: `rl:${rule.name}`,
    points: rule.limit,
    duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
  })
  const memoryOf = (rule: LimitRule) => {
    let limiter = memory.get(rule.name)
    if (!limiter) {
      limiter = new RateLimiterMemory(settings(rule))
      memory.set(rule.name, limiter)
    }
    return limiter
  }
  const redisOf = (rule: LimitRule) => {
    if (!redis) return null
    let limiter = shared.get(rule.name)
    if (!limiter) {
      // Not ready (down, reconnecting): fail at once rather than queue, and count in memory.
      limiter = new RateLimiterRedis({ ...settings(rule), storeClient: redis, rejectIfRedisNotReady: true })
      shared.set(rule.name, limiter)
    }
    return limiter
  }
  // Once per outage each way: the fall-back is logged when it starts and when it ends, with
  // the component named (the session cache and the public cache say the same of themselves).
  const failed = (error: unknown) => {
    if (warned) return
    warned = true
    logger.warn(
      { component: 'rate-limits', fallback: 'memory', err: error instanceof Error ? error.message : error },
      'rate limits: Redis failed, counting in this process’s memory',
    )
  }
  const back = () => {
    if (!warned) return
    warned = false
    logger.info({ component: 'rate-limits' }, 'rate limits: Redis is back; counting there again')
  }
  /** Runs an operation on Redis, or on memory when there is no Redis or it failed. */
  async function run<T>(rule: LimitRule, op: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    const remote = redisOf(rule)
    // Not ready (down, reconnecting): memory at once, for every operation. The limiter
    // checks this itself for consume and reward, not for delete, which would wait in the
    // client's queue through its reconnection attempts.
    if (remote && redis?.status !== 'ready') failed(new Error(`Redis is not ready (${redis?.status})`))
    else if (remote) {
      try {
        const answer = await op(remote)
        back()
        return answer
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          back()
          throw error
        }
        failed(error)
      }
    }
    return op(memoryOf(rule))
  }

  return {
    async consume(rule, key) {
      if (!enabled) return { allowed: true, retryAfterSeconds: 0 }
      try {
        await run(rule, (limiter) => limiter.consume(key))
        return { allowed: true, retryAfterSeconds: 0 }
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) }
      }
    },
    async giveBack(rule, key) {
      if (!enabled) return
      await run(rule, (limiter) => limiter.reward(key))
    },
    async reset(rule, key) {
      await run(rule, (limiter) => limiter.delete(key))
    },
  }
}
