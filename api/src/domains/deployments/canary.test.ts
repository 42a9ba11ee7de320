import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { RemoteDeployment } from '@lamplight/contracts'
import { and, eq, like } from 'drizzle-orm'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  mailOutbox,
  remoteCanaryEvents,
  remoteReleaseHealth,
  remoteReleases,
  user,
} from '../../db/schema'
import { type Actors, createActors } from '../../security/actors'
import { createTestApp } from '../../test/app'
import { browser } from '../../test/client'
import { createTestDatabase, DRIVERS, type TestDatabase } from '../../test/database'
import { manifest } from '../../test/remote-manifest'
import type { AppEnv } from '../../types'
import { judgeCanary } from './health'
import { ensureDefaultReleases, REGISTRY_CACHE_MS } from './remote-registry'
import { canaryBucket, VISITOR_COOKIE } from './visitor'

type Answer = {
  data: RemoteDeployment
  error: { code: string; message: string; issues?: { path: string }[] }
}
type Remotes = Record<string, string> & { releases: Record<string, string> }

// Small numbers so a test can cross them: judged after 10 views, 20 points of margin.
const THRESHOLDS = { CANARY_MIN_VIEWS: '10', CANARY_WINDOW_VIEWS: '40', CANARY_ERROR_MARGIN: '0.2' }

describe('judging a canary', () => {
  const t = { windowViews: 100, minViews: 10, margin: 0.05 }
  it('waits for enough views, then stops only past the margin', () => {
    expect(judgeCanary({ views: 9, errors: 9 }, { views: 100, errors: 0 }, t).stop).toBe(false)
    expect(judgeCanary({ views: 10, errors: 0 }, { views: 100, errors: 0 }, t).stop).toBe(false)
    // 5 % against 0 %: on the margin, not past it.
    expect(judgeCanary({ views: 100, errors: 5 }, { views: 100, errors: 0 }, t).stop).toBe(false)
    expect(judgeCanary({ views: 100, errors: 6 }, { views: 100, errors: 0 }, t).stop).toBe(true)
    // As bad as the active release is no reason to stop it.
    expect(judgeCanary({ views: 100, errors: 30 }, { views: 100, errors: 28 }, t).stop).toBe(false)
    const verdict = judgeCanary({ views: 20, errors: 10 }, { views: 40, errors: 0 }, t)
    expect(verdict).toMatchObject({ stop: true, reason: expect.stringMatching(/50\.0 % over 20 page views/) })
  })

  it('puts a visitor in the same bucket every time, and about share % of visitors on the canary', () => {
    expect(canaryBucket('visitor-aaaaaaaaaaaa', 'r1')).toBe(canaryBucket('visitor-aaaaaaaaaaaa', 'r1'))
    let below = 0
    for (let i = 0; i < 2000; i += 1) if (canaryBucket(`visitor-${i}-xxxxxxxx`, 'release-1') < 30) below += 1
    expect(below / 2000).toBeGreaterThan(0.26)
    expect(below / 2000).toBeLessThan(0.34)
  })
})

describe.each(DRIVERS)('canary releases on %s', (driver) => {
  let database: TestDatabase
  let app: Hono<AppEnv>
  let other: Hono<AppEnv>
  let actors: Actors
  let releasesDir: string

  /** A release of the storefront published on this server (its manifest on disk). */
  function publish(version: string, overrides: Parameters<typeof manifest>[1] = {}) {
    const dir = path.join(releasesDir, 'storefront', version)
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest('storefront', overrides)))
    return `/apps/storefront/${version}/mf-manifest.json`
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver)
    await ensureDefaultReleases(database.db)
    const test = createTestApp(database, { SERVE_APPS: 'true', SERVER_RENDER: 'false', ...THRESHOLDS })
    app = test.app as unknown as Hono<AppEnv>
    releasesDir = test.config.releasesDir
    // A second instance on the same database (and the same releases folder).
    other = createTestApp(database, {
      SERVE_APPS: 'true',
      SERVER_RENDER: 'false',
      DATA_DIR: test.config.dataDir,
      ...THRESHOLDS,
    }).app as unknown as Hono<AppEnv>
    actors = await createActors(app, database, `canary-${driver}`)
  }, 120_000)
  afterAll(async () => {
    await database?.destroy()
  })

  const post = (p: string, body?: unknown) =>
    actors.admin.json<Answer>(`/api/admin/deployments${p}`, { body: body ?? {} })
  const register = async (version: string) => {
    const res = await post('/storefront/releases', { version, manifestUrl: publish(version) })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
  const releaseId = async (version: string) => {
    const [row] = await database.db
      .select({ id: remoteReleases.id })
      .from(remoteReleases)
      .where(and(eq(remoteReleases.remote, 'storefront'), eq(remoteReleases.version, version)))
    if (!row) throw new Error(`no release ${version}`)
    return row.id
  }
  /** A fresh visitor's first /remotes.json: their id cookie and what they load. */
  async function freshVisitor(on: Hono<AppEnv> = app) {
    const visitor = browser(on)
    const res = await visitor.request('/remotes.json')
    expect(res.status).toBe(200)
    return { visitor, remotes: (await res.json()) as Remotes, res }
  }
  const beacon = (events: unknown, on: Hono<AppEnv> = app, ip?: string) =>
    browser(on, ip).json<{ data: { counted: number }; error: { code: string } }>('/api/beacon', {
      body: { events },
    })

  it('gives each visitor an id cookie and their releases, with the release ids for the beacon', async () => {
    const { res, remotes } = await freshVisitor()
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{22};`))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(remotes.storefront).toBe('/apps/storefront/mf-manifest.json')
    expect(remotes.releases.storefront).toBe(await releaseId('bundled'))
    // A page gives the cookie too, so its /remotes.json names the same releases.
    const page = await browser(app).request('/about')
    expect(page.headers.getSetCookie().filter((c) => c.startsWith(`${VISITOR_COOKIE}=`))).toHaveLength(1)
    // A visitor with an id keeps it.
    const known = browser(app)
    await known.request('/about')
    expect((await known.request('/about')).headers.get('set-cookie')).toBeNull()
  })

  it('refuses bad canary requests on the right field and changes nothing; only admins may', async () => {
    await register('5.0.0')
    for (const share of [0, 101, 12.5, 'lots']) {
      const res = await post('/storefront/canary', { version: '5.0.0', share })
      expect(res.status, String(share)).toBe(400)
      expect(res.body.error.issues?.map((i) => i.path)).toEqual(['share'])
    }
    expect((await post('/storefront/canary', { version: 'bundled', share: 10 })).status).toBe(400)
    expect((await post('/storefront/canary', { version: '9.9.9', share: 10 })).status).toBe(404)
    expect((await post('/storefront/canary/stop')).status).toBe(409)
    expect((await post('/storefront/canary/promote')).status).toBe(409)
    for (const who of ['anonymous', 'customer', 'editor'] as const) {
      const res = await actors[who].request('/api/admin/deployments/storefront/canary', {
        body: { version: '5.0.0', share: 10 },
      })
      expect(res.status, who).toBe(who === 'anonymous' ? 401 : 403)
    }
    const events = await database.db.select().from(remoteCanaryEvents)
    expect(events).toEqual([])
    expect((await freshVisitor()).remotes.storefront).toBe('/apps/storefront/mf-manifest.json')
  })

  it('puts about half of fresh visitors on a 50 % canary, each one stickily, the same on every instance', async () => {
    const res = await post('/storefront/canary', { version: '5.0.0', share: 50 })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.canary).toMatchObject({ version: '5.0.0', share: 50 })
    expect(res.body.data.active?.version).toBe('bundled')
    const canaryUrl = '/apps/storefront/5.0.0/mf-manifest.json'
    const canaryId = await releaseId('5.0.0')
    let onCanary = 0
    const visitors = []
    for (let i = 0; i < 60; i += 1) {
      const { visitor, remotes } = await freshVisitor()
      const mine = remotes.storefront === canaryUrl
      if (mine) onCanary += 1
      expect(remotes.releases.storefront).toBe(mine ? canaryId : await releaseId('bundled'))
      visitors.push({ visitor, mine })
    }
    expect(onCanary).toBeGreaterThan(15)
    expect(onCanary).toBeLessThan(45)
    // Sticky: the same answer again, and from the other instance with the same cookie.
    await new Promise((resolve) => setTimeout(resolve, REGISTRY_CACHE_MS + 100))
    for (const { visitor, mine } of visitors.slice(0, 10)) {
      const again = (await (await visitor.request('/remotes.json')).json()) as Remotes
      expect(again.storefront === canaryUrl).toBe(mine)
      const elsewhere = await other.request('/remotes.json', { headers: { Cookie: visitor.cookie() } })
      expect(((await elsewhere.json()) as Remotes).storefront === canaryUrl).toBe(mine)
    }
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deployment.canary_started'))
    expect(audit).toMatchObject({ actorId: actors.ids.admin, after: { version: '5.0.0', share: 50 } })
  })

  it('raises the share keeping everyone already on the canary, refuses a second canary, and stops by hand', async () => {
    const canaryUrl = '/apps/storefront/5.0.0/mf-manifest.json'
    const before = []
    for (let i = 0; i < 20; i += 1) before.push(await freshVisitor())
    const res = await post('/storefront/canary', { version: '5.0.0', share: 90 })
    expect(res.status).toBe(200)
    expect(res.body.data.canary?.share).toBe(90)
    for (const { visitor, remotes } of before) {
      const now = (await (await visitor.request('/remotes.json')).json()) as Remotes
      if (remotes.storefront === canaryUrl) expect(now.storefront).toBe(canaryUrl)
    }
    await register('5.1.0')
    const second = await post('/storefront/canary', { version: '5.1.0', share: 10 })
    expect(second.status).toBe(409)
    expect(second.body.error.message).toMatch(/already has 5\.0\.0 on canary/)
    const stop = await post('/storefront/canary/stop')
    expect(stop.status).toBe(200)
    expect(stop.body.data.canary).toBeNull()
    for (const { visitor } of before)
      expect(((await (await visitor.request('/remotes.json')).json()) as Remotes).storefront).toBe(
        '/apps/storefront/mf-manifest.json',
      )
    const kinds = stop.body.data.canaryHistory.map((e) => e.kind)
    expect(kinds.slice(0, 3)).toEqual(['stopped', 'share_changed', 'started'])
    expect(
      await database.db.select().from(auditLog).where(eq(auditLog.action, 'deployment.canary_stopped')),
    ).toHaveLength(1)
  })

  it('promotes a canary: everyone gets it, as an activation that a rollback undoes', async () => {
    expect((await post('/storefront/canary', { version: '5.1.0', share: 20 })).status).toBe(200)
    const res = await post('/storefront/canary/promote')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.active?.version).toBe('5.1.0')
    expect(res.body.data.canary).toBeNull()
    expect(res.body.data.canaryHistory[0]).toMatchObject({ kind: 'promoted', version: '5.1.0' })
    for (let i = 0; i < 5; i += 1)
      expect((await freshVisitor()).remotes.storefront).toBe('/apps/storefront/5.1.0/mf-manifest.json')
    const promoted = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deployment.canary_promoted'))
    expect(promoted).toHaveLength(1)
    expect(res.body.data.rollbackTo).toBe('bundled')
  })

  it('takes beacons without an account, refuses bad ones without counting, drops unknown releases', async () => {
    const id = await releaseId('bundled')
    for (const events of [[], [{ release: 'nope', kind: 'view' }], [{ release: id, kind: 'click' }], 'x']) {
      const res = await beacon(events)
      expect(res.status, JSON.stringify(events)).toBe(400)
    }
    const tooMany = Array.from({ length: 21 }, () => ({ release: id, kind: 'view' }))
    expect((await beacon(tooMany)).status).toBe(400)
    const big = await browser(app).request('/api/beacon', {
      body: { events: [{ release: id, kind: 'view' }], pad: 'x'.repeat(5000) },
    })
    expect(big.status).toBe(413)
    expect(await database.db.select().from(remoteReleaseHealth)).toEqual([])
    const unknown = await beacon([{ release: '00000000-0000-4000-8000-000000000000', kind: 'error' }])
    expect(unknown.status).toBe(202)
    expect(unknown.body.data.counted).toBe(0)
    expect(await database.db.select().from(remoteReleaseHealth)).toEqual([])
  })

  it('counts 60 beacons sent at once exactly, in one row per release and minute', async () => {
    const id = await releaseId('bundled')
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        beacon(
          i % 3 === 0
            ? [
                { release: id, kind: 'view' },
                { release: id, kind: 'error' },
              ]
            : [{ release: id, kind: 'view' }],
          i % 2 ? app : other,
        ),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(202))
    const rows = await database.db
      .select()
      .from(remoteReleaseHealth)
      .where(eq(remoteReleaseHealth.releaseId, id))
    expect(rows.reduce((n, r) => n + r.views, 0)).toBe(60)
    expect(rows.reduce((n, r) => n + r.errors, 0)).toBe(20)
    expect(rows.length).toBeLessThanOrEqual(2) // the minute may turn during the test
  })

  it('limits beacons per address', async () => {
    const id = await releaseId('bundled')
    const statuses: number[] = []
    for (let i = 0; i < 125; i += 1)
      statuses.push((await beacon([{ release: id, kind: 'view' }], app, '10.9.9.9')).status)
    expect(statuses.slice(0, 120)).toEqual(Array(120).fill(202))
    expect(statuses.slice(120)).toEqual(Array(5).fill(429))
  })

  it('stops a failing canary by itself exactly once across instances: audited, in its history, admins mailed', async () => {
    await register('6.0.0')
    expect((await post('/storefront/canary', { version: '6.0.0', share: 50 })).status).toBe(200)
    const canary = await releaseId('6.0.0')
    const stable = await releaseId('5.1.0')
    // The stable release is healthy; the canary fails half its page views. Under the minimum
    // number of views (10), nothing happens yet.
    await beacon(Array.from({ length: 20 }, () => ({ release: stable, kind: 'view' })))
    for (let i = 0; i < 4; i += 1)
      await beacon([
        { release: canary, kind: 'view' },
        { release: canary, kind: 'error' },
      ])
    let list = await actors.admin.json<{ data: RemoteDeployment[] }>('/api/admin/deployments')
    let storefront = list.body.data.find((d) => d.remote === 'storefront')
    expect(storefront?.canary?.version).toBe('6.0.0')
    expect(storefront?.health.canary).toMatchObject({ views: 4, errors: 4, errorRate: 1 })
    // Then 40 failing page views arrive at once, on two instances.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        beacon(
          [
            { release: canary, kind: 'view' },
            { release: canary, kind: 'error' },
          ],
          i % 2 ? app : other,
        ),
      ),
    )
    expect(answers.every((a) => a.status === 202)).toBe(true)
    list = await actors.admin.json<{ data: RemoteDeployment[] }>('/api/admin/deployments')
    storefront = list.body.data.find((d) => d.remote === 'storefront')
    expect(storefront?.canary).toBeNull()
    expect(storefront?.active?.version).toBe('5.1.0')
    expect(storefront?.canaryHistory[0]).toMatchObject({
      kind: 'auto_stopped',
      version: '6.0.0',
      actor: null,
      reason: expect.stringMatching(/error rate was 100\.0 %.*against 0\.0 %/),
    })
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'deployment.canary_auto_stopped'))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      actorId: null,
      entityId: 'storefront',
      before: { version: '6.0.0', share: 50 },
    })
    const events = await database.db
      .select()
      .from(remoteCanaryEvents)
      .where(eq(remoteCanaryEvents.kind, 'auto_stopped'))
    expect(events).toHaveLength(1)
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Canary stopped: storefront 6.0.0%'))
    expect(mails.map((m) => m.to)).toContain((await actorEmail('admin')) ?? '')
    expect(new Set(mails.map((m) => m.to)).size).toBe(mails.length)
    // Every visitor is on the stable release again, on both instances (the other within its cache time).
    await new Promise((resolve) => setTimeout(resolve, REGISTRY_CACHE_MS + 100))
    for (let i = 0; i < 10; i += 1) {
      expect((await freshVisitor()).remotes.storefront).toBe('/apps/storefront/5.1.0/mf-manifest.json')
      expect((await freshVisitor(other)).remotes.storefront).toBe('/apps/storefront/5.1.0/mf-manifest.json')
    }
  })

  async function actorEmail(who: 'admin') {
    const [row] = await database.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, actors.ids[who]))
    return row?.email
  }
})
