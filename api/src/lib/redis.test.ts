import { createServer, type Socket } from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REDIS_COMMAND_TIMEOUT_MS, redisOptions } from './redis'

describe('redisOptions', () => {
  // A "Redis" that accepts the connection and never answers: a command written to it waits,
  // as one written just as Redis went away did.
  const sockets = new Set<Socket>()
  const silent = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  let port = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    port = (silent.address() as { port: number }).port
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('fails a command that gets no answer after the command timeout, instead of waiting for ever', async () => {
    const redis = new Redis(`redis://127.0.0.1:${port}`, redisOptions('test:'))
    redis.on('error', () => {})
    try {
      const started = Date.now()
      await expect(redis.get('k')).rejects.toThrow(/timed out/i)
      const took = Date.now() - started
      expect(took).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50)
      expect(took).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 1000)
    } finally {
      redis.disconnect()
    }
  }, 10_000)

  it('puts the keys under the prefix', () => {
    const redis = new Redis({ ...redisOptions('lamplight:x:'), lazyConnect: true })
    expect(redis.options.keyPrefix).toBe('lamplight:x:')
    redis.disconnect()
  })
})
