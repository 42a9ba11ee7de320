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
import { createTestApp, PROXY_PEER, TEST_ORIGIN } from '../../test/app'
import { browser, freshClientIp } from '../../test/client'
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
/**
 * The hour it is (UTC). A visitor is counted once an hour (decision 076), so beacons sent across
 * the turn of an hour may count once in each: a test says how many hours its beacons spanned.
 */
const hourNow = () => Math.floor(Date.now() / 3600_000)

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
  async function freshVisitor(on: Hono<AppEnv> = app, ip?: string) {
    const visitor = browser(on, ip)
    const res = await visitor.request('/remotes.json')
    expect(res.status).toBe(200)
    return { visitor, remotes: (await res.json()) as Remotes, res }
  }
  type Visitor = ReturnType<typeof browser>
  type BeaconAnswer = { data: { received: number }; error: { code: string } }
  /** A beacon from a client with no visitor cookie (a script, not a page). */
  const beacon = (events: unknown, on: Hono<AppEnv> = app, ip?: string) =>
    browser(on, ip).json<BeaconAnswer>('/api/beacon', { body: { events } })
  /** A beacon from a visitor's page: their cookies go with it. */
  const send = (visitor: Visitor, events: unknown) =>
    visitor.json<BeaconAnswer>('/api/beacon', { body: { events } })
  /** The same, sent to another instance (the visitor's cookies and address with it): its status. */
  const sendVia = async (on: Hono<AppEnv>, visitor: Visitor, events: unknown) =>
    (
      await on.request(
        '/api/beacon',
        {
          method: 'POST',
          headers: {
            Cookie: visitor.cookie(),
            Origin: TEST_ORIGIN,
            'X-Forwarded-For': visitor.ip,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ events }),
        },
        PROXY_PEER,
      )
    ).status
  const viewOf = (release: string) => [{ release, kind: 'view' }]
  const failureOf = (release: string) => [
    { release, kind: 'view' },
    { release, kind: 'error' },
  ]
  /** A fresh visitor (from their own address, or `ip`) whom the server puts on the canary, or off it. */
  async function visitorOn(side: 'canary' | 'active', canaryId: string, ip?: string, on: Hono<AppEnv> = app) {
    for (let i = 0; i < 200; i += 1) {
      const { visitor, remotes } = await freshVisitor(on, ip)
      if ((remotes.releases.storefront === canaryId) === (side === 'canary')) return visitor
    }
    throw new Error(`no visitor on the ${side} side`)
  }
  const visitorsOn = async (side: 'canary' | 'active', canaryId: string, n: number, ip?: string) => {
    const visitors: Visitor[] = []
    for (let i = 0; i < n; i += 1) visitors.push(await visitorOn(side, canaryId, ip))
    return visitors
  }
  const storefrontNow = async () => {
    const list = await actors.admin.json<{ data: RemoteDeployment[] }>('/api/admin/deployments')
    const found = list.body.data.find((d) => d.remote === 'storefront')
    if (!found) throw new Error('no storefront')
    return found
  }

  it('gives each visitor an id cookie and their releases, with the release ids for the beacon', async () => {
    const { res, remotes } = await freshVisitor()
    const cookie = res.headers.get('set-cookie') ?? ''
    // A random id and the server's tag (decision 076).
    expect(cookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22};`))
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

  it('replaces a visitor cookie it did not sign (an older unsigned one, a minted or forged one) with a signed one', async () => {
    const { res } = await freshVisitor()
    const signed = (res.headers.get('set-cookie') ?? '').split(';')[0]?.split('=')[1] ?? ''
    const [id = '', tag = ''] = signed.split('.')
    const forged = [
      'aaaaaaaaaaaaaaaaaaaaaa', // the unsigned form ids had before decision 076
      `${id}`, // a real id without its tag
      `${id}.${'A'.repeat(22)}`, // with a made-up tag
      `${'b'.repeat(22)}.${tag}`, // another id with a real tag
    ]
    for (const value of forged) {
      const again = await app.request('/remotes.json', {
        headers: { Cookie: `${VISITOR_COOKIE}=${value}` },
      })
      const issued = (again.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
      expect(issued, value).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22}$`))
      expect(issued).not.toBe(`${VISITOR_COOKIE}=${value}`)
    }
    // The signed one is kept.
    const kept = await app.request('/remotes.json', { headers: { Cookie: `${VISITOR_COOKIE}=${signed}` } })
    expect(kept.headers.get('set-cookie')).toBeNull()
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
    const unknown = await send((await freshVisitor()).visitor, [
      { release: '00000000-0000-4000-8000-000000000000', kind: 'error' },
    ])
    expect(unknown.status).toBe(202)
    expect(unknown.body.data).toEqual({ received: 1 })
    expect(await database.db.select().from(remoteReleaseHealth)).toEqual([])
  })

  it('counts each visitor once however many beacons they send at once, on several instances, in one row per release and minute', async () => {
    const id = await releaseId('5.1.0') // the active release (promoted above)
    const visitors = []
    for (let i = 0; i < 30; i += 1) visitors.push((await freshVisitor(i % 2 ? app : other)).visitor)
    // Each visitor's page sends the same report twice, once to each instance, all at once:
    // every third visitor's area failed.
    const firstHour = hourNow()
    const answers = await Promise.all(
      visitors.flatMap((visitor, i) =>
        [app, other].map((on) => sendVia(on, visitor, i % 3 === 0 ? failureOf(id) : viewOf(id))),
      ),
    )
    const hours = hourNow() - firstHour + 1
    expect(answers).toEqual(Array(60).fill(202))
    const rows = await database.db
      .select()
      .from(remoteReleaseHealth)
      .where(eq(remoteReleaseHealth.releaseId, id))
    // Once each (within the hour: exactly 30 and 10).
    const [views, errors] = [rows.reduce((n, r) => n + r.views, 0), rows.reduce((n, r) => n + r.errors, 0)]
    expect(views).toBeGreaterThanOrEqual(30)
    expect(views).toBeLessThanOrEqual(30 * hours)
    expect(errors).toBeGreaterThanOrEqual(10)
    expect(errors).toBeLessThanOrEqual(10 * hours)
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
    // The stable release is healthy for its visitors; the canary fails for each of its
    // visitors. Under the minimum number of views (10), nothing happens yet.
    for (const visitor of await visitorsOn('active', canary, 20)) await send(visitor, viewOf(stable))
    for (const visitor of await visitorsOn('canary', canary, 4)) await send(visitor, failureOf(canary))
    let storefront = await storefrontNow()
    expect(storefront?.canary?.version).toBe('6.0.0')
    expect(storefront?.health.canary).toMatchObject({ views: 4, errors: 4, errorRate: 1 })
    // Then 40 visitors' failures arrive at once, on two instances.
    const failing = await visitorsOn('canary', canary, 40)
    const answers = await Promise.all(
      failing.map((visitor, i) => sendVia(i % 2 ? app : other, visitor, failureOf(canary))),
    )
    expect(answers).toEqual(Array(40).fill(202))
    storefront = await storefrontNow()
    expect(storefront?.canary).toBeNull()
    expect(storefront?.active?.version).toBe('5.1.0')
    expect(storefront?.canaryHistory[0]).toMatchObject({
      kind: 'auto_stopped',
      version: '6.0.0',
      actor: null,
      // The active release's rate is its visitors' of the tests above (a third of 30 failed).
      reason: expect.stringMatching(/error rate was 100\.0 %.*against \d+\.\d %/),
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

  // Decision 076: anyone can send a beacon. What a script sends must neither stop a healthy
  // canary nor hide a broken one; real visitors' failures still stop it.
  let canaries = 0
  /** A new release on canary at 50 % (a running one is stopped first). */
  async function startCanary() {
    canaries += 1
    const version = `7.${canaries}.0`
    await register(version)
    await post('/storefront/canary/stop')
    const res = await post('/storefront/canary', { version, share: 50 })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return { version, id: await releaseId(version) }
  }
  /** 12 of the canary's visitors, from their own addresses, whose area worked. */
  async function healthyCanary() {
    const canary = await startCanary()
    for (const visitor of await visitorsOn('canary', canary.id, 12)) await send(visitor, viewOf(canary.id))
    expect((await storefrontNow()).health.canary).toMatchObject({ views: 12, errors: 0 })
    return canary
  }
  /** Ids a client could make up that fall on the canary (with no tag, or a made-up one). */
  function mintedOnCanary(canaryId: string, n: number) {
    const ids: string[] = []
    for (let i = 0; ids.length < n; i += 1) {
      const id = `minted${String(i).padStart(16, '0')}`
      if (canaryBucket(id, canaryId) < 50) ids.push(ids.length % 2 ? id : `${id}.${'A'.repeat(22)}`)
    }
    return ids
  }

  const forgedErrors: [string, (canaryId: string) => Promise<unknown>][] = [
    [
      'with no visitor cookie',
      async (canaryId) => {
        for (let i = 0; i < 20; i += 1) await beacon(failureOf(canaryId))
      },
    ],
    [
      'from visitors the canary is not served to',
      async (canaryId) => {
        for (const visitor of await visitorsOn('active', canaryId, 20))
          await send(visitor, failureOf(canaryId))
      },
    ],
    [
      'with visitor ids the client made up to fall on the canary',
      async (canaryId) => {
        for (const id of mintedOnCanary(canaryId, 20))
          await browser(app).request('/api/beacon', {
            body: { events: failureOf(canaryId) },
            headers: { Cookie: `${VISITOR_COOKIE}=${id}` },
          })
      },
    ],
    [
      'from one visitor of the canary, many times',
      async (canaryId) => {
        const visitor = await visitorOn('canary', canaryId)
        for (let i = 0; i < 20; i += 1) await send(visitor, failureOf(canaryId))
      },
    ],
    [
      'from one address with many visitor ids the server gave it',
      async (canaryId) => {
        for (const visitor of await visitorsOn('canary', canaryId, 20, freshClientIp()))
          await send(visitor, failureOf(canaryId))
      },
    ],
    [
      'from many addresses of one IPv6 network',
      async (canaryId) => {
        const network = `2001:db8:${((Math.random() * 0xffff) | 0).toString(16)}:${driver.length}`
        const visitors: Visitor[] = []
        for (let i = 1; i <= 20; i += 1)
          visitors.push(await visitorOn('canary', canaryId, `${network}::${i.toString(16)}`))
        for (const visitor of visitors) await send(visitor, failureOf(canaryId))
      },
    ],
  ]

  it.each(forgedErrors)('does not stop a healthy canary for errors sent %s', async (_, attack) => {
    const canary = await healthyCanary()
    const firstHour = hourNow()
    await attack(canary.id)
    const hours = hourNow() - firstHour + 1
    const storefront = await storefrontNow()
    expect(storefront.canary?.version).toBe(canary.version)
    // At most one error got in (one real visitor's, or one from the shared address), an hour.
    expect(storefront.health.canary?.errors ?? 0).toBeLessThanOrEqual(hours)
    expect(storefront.canaryHistory[0]?.kind).not.toBe('auto_stopped')
  })

  it('stops a broken canary by its real visitors, whatever views and errors are sent to dilute it', async () => {
    const canary = await startCanary()
    const active = await releaseId('5.1.0')
    // Views for the canary: from scripts with no cookie, from visitors it is not served to, from
    // ids made up, many times from one of its visitors, from one address with many ids.
    for (let i = 0; i < 30; i += 1) await beacon(viewOf(canary.id))
    for (const visitor of await visitorsOn('active', canary.id, 20)) await send(visitor, viewOf(canary.id))
    for (const id of mintedOnCanary(canary.id, 20))
      await browser(app).request('/api/beacon', {
        body: { events: viewOf(canary.id) },
        headers: { Cookie: `${VISITOR_COOKIE}=${id}` },
      })
    const one = await visitorOn('canary', canary.id)
    for (let i = 0; i < 20; i += 1) await send(one, viewOf(canary.id))
    for (const visitor of await visitorsOn('canary', canary.id, 20, freshClientIp()))
      await send(visitor, viewOf(canary.id))
    // And errors for the active release, to make the canary look no worse than it.
    for (let i = 0; i < 30; i += 1) await beacon(failureOf(active))
    for (const visitor of await visitorsOn('active', canary.id, 20, freshClientIp()))
      await send(visitor, failureOf(active))
    expect((await storefrontNow()).canary?.version).toBe(canary.version)
    // Then the canary fails for its real visitors.
    for (const visitor of await visitorsOn('canary', canary.id, 12)) await send(visitor, failureOf(canary.id))
    const storefront = await storefrontNow()
    expect(storefront.canary).toBeNull()
    expect(storefront.canaryHistory[0]).toMatchObject({ kind: 'auto_stopped', version: canary.version })
  })

  it('answers every beacon the same, whatever it counted of it', async () => {
    const canary = await startCanary()
    const visitor = await visitorOn('canary', canary.id)
    const offCanary = await visitorOn('active', canary.id)
    const firstHour = hourNow()
    const answers = [
      await send(visitor, failureOf(canary.id)), // counted
      await send(visitor, failureOf(canary.id)), // counted already
      await beacon(failureOf(canary.id)), // no visitor cookie
      await send(offCanary, failureOf(canary.id)), // not served to this visitor
      await send(visitor, failureOf('00000000-0000-4000-8000-000000000000')), // no such release
    ]
    const forged = await browser(app).request('/api/beacon', {
      body: { events: failureOf(canary.id) },
      headers: { Cookie: `${VISITOR_COOKIE}=${mintedOnCanary(canary.id, 1)[0]}` },
    })
    answers.push({
      status: forged.status,
      headers: forged.headers,
      body: (await forged.json()) as BeaconAnswer,
    })
    for (const answer of answers) {
      expect(answer.status).toBe(202)
      expect(answer.body).toEqual({ data: { received: 2 } })
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
    // Only the first counted (and the second again if the hour turned between them).
    const counted = firstHour === hourNow() ? [1] : [1, 2]
    const { views, errors } = (await storefrontNow()).health.canary!
    expect(counted).toContain(views)
    expect(errors).toBe(views)
  })

  async function actorEmail(who: 'admin') {
    const [row] = await database.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, actors.ids[who]))
    return row?.email
  }
})
