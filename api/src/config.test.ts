import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { type Config, describeConveniences, loadConfig, logStartWarnings } from './config'
import { createLogger } from './logger'

const REAL_SHOP = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' }

const byName = (config: Config) => Object.fromEntries(config.conveniences.map((c) => [c.name, c]))

/** Issue 16, item 6: what is only for trying the shop on one machine stays off in a real shop. */
describe('development conveniences', () => {
  it('are all off in production at a real address, embedded database or not', () => {
    for (const env of [REAL_SHOP, { ...REAL_SHOP, DATABASE_URL: 'postgres://db/lamplight' }]) {
      const config = loadConfig(env)
      expect(config.mail.outboxPage).toBe(false)
      expect(config.auth.seedAdminEmail).toBeUndefined()
      expect(config.payments.testMode).toBe(false)
      expect(config.conveniences.map((c) => c.on)).toEqual([false, false, false])
      const line = describeConveniences(config.conveniences)
      expect(line).toMatch(/^development conveniences on: none; off: /)
      expect(line).toContain('NODE_ENV=production at https://shop.example.com')
    }
  })

  it('are off at a real address in any environment but development (tests, staging)', () => {
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://staging.example.com' })
    expect(config.conveniences.filter((c) => c.on)).toEqual([])
  })

  it('turn on one by one when named, in production at a real address, and say so', () => {
    const config = loadConfig({
      ...REAL_SHOP,
      MAIL_OUTBOX_PAGE: 'true',
      SEED_ADMIN_EMAIL: 'Owner@Shop.example.com',
      PAYMENTS_TEST_MODE: 'true',
    })
    expect(config.mail.outboxPage).toBe(true)
    expect(config.auth.seedAdminEmail).toBe('owner@shop.example.com')
    expect(config.payments.testMode).toBe(true)
    const c = byName(config)
    expect(c['mail outbox page']).toEqual({
      name: 'mail outbox page',
      on: true,
      why: 'MAIL_OUTBOX_PAGE=true',
    })
    expect(c['seeded admin']).toEqual({ name: 'seeded admin', on: true, why: 'SEED_ADMIN_EMAIL is set' })
    expect(c['test-mode payments']).toEqual({
      name: 'test-mode payments',
      on: true,
      why: 'PAYMENTS_TEST_MODE=true',
    })
    expect(describeConveniences(config.conveniences)).toBe(
      'development conveniences on: mail outbox page (MAIL_OUTBOX_PAGE=true), seeded admin (SEED_ADMIN_EMAIL is set), test-mode payments (PAYMENTS_TEST_MODE=true)',
    )
    // Only one of them: the others stay off.
    const one = loadConfig({ ...REAL_SHOP, PAYMENTS_TEST_MODE: 'yes' })
    expect(one.conveniences.filter((x) => x.on).map((x) => x.name)).toEqual(['test-mode payments'])
  })

  it('are on in development, even at a real address, because it is development', () => {
    const config = loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://dev.example.com' })
    expect(config.mail.outboxPage).toBe(true)
    expect(config.auth.seedAdminEmail).toBe('admin@lamplight.local')
    expect(config.payments.testMode).toBe(true)
    for (const c of config.conveniences) expect(c).toMatchObject({ on: true, why: 'NODE_ENV=development' })
  })

  it('are on for `npm start` on this machine (production on a local address), saying why', () => {
    for (const env of [{}, { PUBLIC_URL: 'http://127.0.0.1:4000' }, { PUBLIC_URL: 'http://[::1]:3000' }]) {
      const config = loadConfig({ NODE_ENV: 'production', ...env })
      expect(config.conveniences.map((c) => c.on)).toEqual([true, true, true])
      expect(config.conveniences[0]!.why).toMatch(
        /^a local address \(http:\/\/(localhost|127\.0\.0\.1|\[::1\])/,
      )
    }
  })

  it('can be turned off by name in development', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      MAIL_OUTBOX_PAGE: 'false',
      PAYMENTS_TEST_MODE: 'false',
    })
    expect(config.mail.outboxPage).toBe(false)
    expect(config.payments.testMode).toBe(false)
    expect(byName(config)['mail outbox page']!.why).toBe('MAIL_OUTBOX_PAGE=false')
  })

  it('give way to the real thing: SMTP, Stripe, a real database', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      SMTP_URL: 'smtp://mail.example.com',
      MAIL_OUTBOX_PAGE: 'true',
      STRIPE_SECRET_KEY: 'sk_test_x',
      PAYMENTS_TEST_MODE: 'true',
      DATABASE_URL: 'postgres://db/lamplight',
    })
    expect(config.conveniences).toEqual([
      { name: 'mail outbox page', on: false, why: 'SMTP_URL is set: mail is sent' },
      { name: 'seeded admin', on: false, why: 'DATABASE_URL is set (SEED_ADMIN_EMAIL makes one)' },
      { name: 'test-mode payments', on: false, why: 'STRIPE_SECRET_KEY is set' },
    ])
  })

  it('never put a secret in the line the server logs', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      SMTP_URL: 'smtps://user:smtp-password-9@mail.example.com',
      STRIPE_SECRET_KEY: 'sk_live_secret_key_7',
      AUTH_SECRET: 'auth-secret-auth-secret-auth-secret-42',
    })
    const line = describeConveniences(config.conveniences)
    for (const secret of ['smtp-password-9', 'sk_live_secret_key_7', 'auth-secret-auth-secret']) {
      expect(line).not.toContain(secret)
    }
  })
})

describe('RELEASE_HOSTS', () => {
  it("is the server's own origin when unset, and the listed origins when set", () => {
    expect(loadConfig({ PORT: '3100' }).releaseHosts).toEqual(['http://localhost:3100'])
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).releaseHosts).toEqual([
      'https://shop.example.com',
    ])
    expect(
      loadConfig({
        PUBLIC_URL: 'https://shop.example.com',
        RELEASE_HOSTS: ' https://cdn.example.com/ , http://127.0.0.1:8080,https://cdn.example.com:443',
      }).releaseHosts,
    ).toEqual(['https://cdn.example.com', 'http://127.0.0.1:8080', 'https://cdn.example.com'])
  })

  it('refuses at start anything that is not an http(s) origin', () => {
    for (const bad of [
      'cdn.example.com',
      'ftp://cdn.example.com',
      'https://cdn.example.com/releases',
      'https://user:pw@cdn.example.com',
      'https://cdn.example.com/?x=1',
    ])
      expect(() => loadConfig({ RELEASE_HOSTS: bad }), bad).toThrow(/RELEASE_HOSTS: .* is not an origin/)
  })
})

/** Issue 29, item 10: a client-address header believed from loopback by default says so at start. */
describe('start warnings', () => {
  function captured() {
    const lines: { level: number; msg: string }[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        done()
      },
    })
    return { lines, logger: createLogger('info', stream) }
  }

  it('warns once when CLIENT_IP_HEADER is set and TRUSTED_PROXIES is not', () => {
    const { lines, logger } = captured()
    logStartWarnings(loadConfig({ ...REAL_SHOP, CLIENT_IP_HEADER: 'X-Forwarded-For' }), logger)
    expect(lines).toHaveLength(1)
    expect(lines[0]!.level).toBe(40) // pino's warn
    expect(lines[0]!.msg).toContain('CLIENT_IP_HEADER (x-forwarded-for) is set and TRUSTED_PROXIES is not')
    expect(lines[0]!.msg).toContain('127.0.0.0/8, ::1')
    expect(lines[0]!.msg).toContain('overwrite that header')
  })

  it('says nothing when the proxies are named (loopback too, chosen), or when no header is believed', () => {
    for (const env of [
      { ...REAL_SHOP, CLIENT_IP_HEADER: 'x-forwarded-for', TRUSTED_PROXIES: '10.0.0.5' },
      { ...REAL_SHOP, CLIENT_IP_HEADER: 'x-real-ip', TRUSTED_PROXIES: '127.0.0.1' },
      REAL_SHOP,
      { ...REAL_SHOP, TRUSTED_PROXIES: '10.0.0.5' },
    ]) {
      const { lines, logger } = captured()
      logStartWarnings(loadConfig(env), logger)
      expect(lines, JSON.stringify(env)).toEqual([])
    }
  })
})
