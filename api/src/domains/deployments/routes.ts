import { BEACON_MAX_BYTES, beaconContract, deploymentsContract } from '@lamplight/contracts'
import { getCookie } from 'hono/cookie'
import { validationFailed } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { rateLimit } from '../../middleware/rate-limit'
import { promoteCanary, setCanary, stopCanary } from './canary'
import { checkCanaries, countBeacon } from './health'
import { notAReleaseHost, releaseHostAllowed } from './manifest-check'
import { remotesForVisitor } from './remote-registry'
import { activateRelease, describeRemote, listDeployments, registerRelease, rollbackRelease } from './service'
import { VISITOR_COOKIE, verifiedVisitorId } from './visitor'

/**
 * The remote registry for admins (decision 012): list, register, activate, roll back, and
 * canaries (decision 061). Every switch is audited; this instance forgets its cached
 * /remotes.json at once, the others within REGISTRY_CACHE_MS.
 */
export const adminDeploymentsRouter = defineRouter('/admin/deployments')
  .handle(deploymentsContract.list, async ({ c, db, deps }) =>
    c.json({ data: await listDeployments(db, deps.remotes.overrides, deps.config.canary.windowViews) }),
  )
  .handle(deploymentsContract.register, async ({ c, db, deps, params, body, user }) => {
    // The server fetches this address at activation: only from the release hosts (issue 29).
    const hosts = deps.config.releaseHosts
    if (!releaseHostAllowed(body.manifestUrl, hosts))
      throw validationFailed(notAReleaseHost(hosts), [
        { path: 'manifestUrl', message: notAReleaseHost(hosts) },
      ])
    // A release built against other shared libraries than the shell's is refused now, with
    // the reasons, not only when someone tries to switch to it (issue 38).
    await deps.remotes.checker.check(params.remote, body.version, body.manifestUrl, 'register')
    const { created } = await registerRelease(db, { ...body, remote: params.remote, actorId: user.id })
    const data = await describeRemote(
      db,
      params.remote,
      deps.remotes.overrides,
      deps.config.canary.windowViews,
    )
    return c.json({ data }, created ? 201 : 200)
  })
  .handle(deploymentsContract.activate, async ({ c, db, deps, params, body, user }) => {
    await activateRelease(db, deps.remotes.checker, {
      remote: params.remote,
      version: body.version,
      actorId: user.id,
    })
    deps.remotes.invalidate()
    return c.json({
      data: await describeRemote(db, params.remote, deps.remotes.overrides, deps.config.canary.windowViews),
    })
  })
  .handle(deploymentsContract.canary, async ({ c, db, deps, params, body, user }) => {
    await setCanary(db, deps.remotes.checker, { remote: params.remote, ...body, actorId: user.id })
    deps.remotes.invalidate()
    return c.json({
      data: await describeRemote(db, params.remote, deps.remotes.overrides, deps.config.canary.windowViews),
    })
  })
  .handle(deploymentsContract.promote, async ({ c, db, deps, params, user }) => {
    await promoteCanary(db, deps.remotes.checker, { remote: params.remote, actorId: user.id })
    deps.remotes.invalidate()
    return c.json({
      data: await describeRemote(db, params.remote, deps.remotes.overrides, deps.config.canary.windowViews),
    })
  })
  .handle(deploymentsContract.stopCanary, async ({ c, db, deps, params, user }) => {
    await stopCanary(db, { remote: params.remote, actorId: user.id })
    deps.remotes.invalidate()
    return c.json({
      data: await describeRemote(db, params.remote, deps.remotes.overrides, deps.config.canary.windowViews),
    })
  })
  .handle(deploymentsContract.rollback, async ({ c, db, deps, params, user }) => {
    await rollbackRelease(db, deps.remotes.checker, { remote: params.remote, actorId: user.id })
    deps.remotes.invalidate()
    return c.json({
      data: await describeRemote(db, params.remote, deps.remotes.overrides, deps.config.canary.windowViews),
    })
  })

// A page load sends one or two beacons: a few hundred a minute per address is far past any visitor.
const limitBeacons = rateLimit({ name: 'beacon', limit: 120, windowMs: 60_000 })

/**
 * The shell's health beacon (issue 38): views and errors of remote areas per release,
 * counted per minute; a canary whose numbers cross the margin is stopped here, on the
 * beacon that tipped it (so within seconds of the errors), exactly once across instances.
 * Anyone can send one (decision 076): it counts only from a visitor the server gave an id
 * (the signed cookie), for the releases it serves them, once an hour each, a few visitors
 * per client network. The answer is the same whatever was counted: a prober learns nothing.
 */
export const beaconRouter = defineRouter('/beacon').handle(
  beaconContract.send,
  { bodyLimit: BEACON_MAX_BYTES, middleware: [limitBeacons] },
  async ({ c, db, deps, body }) => {
    const visitor = verifiedVisitorId(getCookie(c, VISITOR_COOKIE), deps.auth.options.secret as string)
    if (visitor) {
      const served = remotesForVisitor(await deps.remotes.snapshot(), visitor).releases
      const sender = { visitor, served: new Set(Object.values(served)), address: c.get('clientIp') }
      const counted = await countBeacon(db, sender, body.events)
      if (counted.length) {
        const stopped = await checkCanaries(db, deps.mailer, counted, deps.config.canary)
        if (stopped.length) {
          deps.remotes.invalidate()
          c.get('log').warn({ remotes: stopped }, 'canary stopped by its error rate')
        }
      }
    }
    c.header('Cache-Control', 'no-store')
    return c.json({ data: { received: body.events.length } }, 202)
  },
)
