import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, requestLineWriter } from './logger'
import { errorHandler } from './middleware/error-handler'
import { requestLogger } from './middleware/request-logger'
import { createTestDatabase, DRIVERS, type TestDatabase } from './test/database'
import type { AppEnv } from './types'

const SECRET = 'reset-token-5f2a9c'
const MESSAGE = 'Please pray for my sister, her number is 555 0199'

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { lines, logger: createLogger('info', stream) }
}

describe.each(DRIVERS)('a failed query in the log, on %s', (driver) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(driver)
    await database.db.execute(sql`create table log_probe (token text unique, body text)`)
    await database.db.execute(sql`insert into log_probe values (${SECRET}, 'x')`)
  }, 60_000)
  afterAll(() => database?.destroy())

  /** A route whose query fails, logged by the real error handler and request logger. */
  function appFailingWith(query: () => Promise<unknown>, logger: ReturnType<typeof createLogger>) {
    const app = new Hono<AppEnv>()
    app.use(async (c, next) => {
      c.set('requestId', 'r1')
      await next()
    })
    app.use(requestLogger(logger))
    app.all('*', async (c) => {
      await query()
      return c.text('ok')
    })
    app.onError(errorHandler)
    return app
  }

  it.each([
    [
      'a unique violation',
      () => database.db.execute(sql`insert into log_probe values (${SECRET}, ${MESSAGE})`),
    ],
    ['a bad uuid', () => database.db.execute(sql`select ${SECRET}::uuid, ${MESSAGE}::text`)],
  ])('logs %s with its SQL and code, never its parameter values', async (_name, query) => {
    const { lines, logger } = capture()
    const res = await appFailingWith(query, logger).request('/api/auth/reset-password/' + SECRET)
    expect(res.status).toBe(500)
    const log = lines.join('')
    expect(log).toContain('unhandled error')
    expect(log).toMatch(/Failed query: (insert into log_probe|select \$1::uuid)/) // the SQL, to debug with
    expect(log).toContain('DrizzleQueryError')
    expect(log).toContain('[redacted]')
    expect(log).not.toContain(SECRET)
    expect(log).not.toContain('555 0199')
  })
})

describe('the request line written without pino’s per-line work', () => {
  it('reads exactly as pino writes it: fields, order, escaping', () => {
    const { lines, logger } = capture()
    const path = '/api/odd"path\\é'
    logger.child({ reqId: 'abc-1' }).info({ method: 'GET', path, status: 304, ms: 0.3 }, 'request')
    requestLineWriter(logger)('abc-1', 'GET', path, 304, 0.3)
    expect(lines).toHaveLength(2)
    const [pinos, ours] = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(Object.keys(ours!)).toEqual(Object.keys(pinos!))
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 })
    expect(lines[1]!.endsWith('\n')).toBe(true)
  })

  it('writes nothing when info lines are off', () => {
    const { lines, logger } = capture()
    logger.level = 'warn'
    requestLineWriter(logger)('abc-1', 'GET', '/api/health', 200, 0.1)
    expect(lines).toEqual([])
  })
})

describe("a request's own logger", () => {
  it("tags what a handler logs with the request's id, as a child of the app's logger, made only when used", async () => {
    const { lines, logger } = capture()
    const app = new Hono<AppEnv>()
    app.use(async (c, next) => {
      c.set('requestId', c.req.header('x-request-id') ?? 'none')
      await next()
    })
    app.use(requestLogger(logger))
    app.get('/api/loud', (c) => {
      c.get('log').warn({ detail: 42 }, 'something odd')
      expect(c.get('log').isLevelEnabled('debug')).toBe(false)
      return c.text('ok')
    })
    app.get('/api/quiet', (c) => c.text('ok'))
    expect((await app.request('/api/loud', { headers: { 'x-request-id': 'req-7' } })).status).toBe(200)
    expect((await app.request('/api/quiet', { headers: { 'x-request-id': 'req-8' } })).status).toBe(200)
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(parsed.map((l) => [l.reqId, l.msg])).toEqual([
      ['req-7', 'something odd'],
      ['req-7', 'request'],
      ['req-8', 'request'],
    ])
    expect(parsed[0]).toMatchObject({ level: 40, detail: 42, service: 'lamplight-api' })
  })
})
