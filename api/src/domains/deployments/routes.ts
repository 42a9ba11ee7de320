import { deploymentsContract } from '@lamplight/contracts'
import { validationFailed } from '../../lib/errors'
import { defineRouter } from '../../lib/router'
import { notAReleaseHost, releaseHostAllowed } from './manifest-check'
import { activateRelease, describeRemote, listDeployments, registerRelease, rollbackRelease } from './service'

/**
 * The remote registry for admins (decision 012): list, register, activate, roll back.
 * Every switch is audited; this instance forgets its cached /remotes.json at once, the
 * others within REGISTRY_CACHE_MS.
 */
export const adminDeploymentsRouter = defineRouter('/admin/deployments')
  .handle(deploymentsContract.list, async ({ c, db, deps }) =>
    c.json({ data: await listDeployments(db, deps.remotes.overrides) }),
  )
  .handle(deploymentsContract.register, async ({ c, db, deps, params, body, user }) => {
    // The server fetches this address at activation: only from the release hosts (issue 29).
    const hosts = deps.config.releaseHosts
    if (!releaseHostAllowed(body.manifestUrl, hosts))
      throw validationFailed(notAReleaseHost(hosts), [
        { path: 'manifestUrl', message: notAReleaseHost(hosts) },
      ])
    const { created } = await registerRelease(db, { ...body, remote: params.remote, actorId: user.id })
    const data = await describeRemote(db, params.remote, deps.remotes.overrides)
    return c.json({ data }, created ? 201 : 200)
  })
  .handle(deploymentsContract.activate, async ({ c, db, deps, params, body, user }) => {
    await activateRelease(db, deps.remotes.checker, {
      remote: params.remote,
      version: body.version,
      actorId: user.id,
    })
    deps.remotes.invalidate()
    return c.json({ data: await describeRemote(db, params.remote, deps.remotes.overrides) })
  })
  .handle(deploymentsContract.rollback, async ({ c, db, deps, params, user }) => {
    await rollbackRelease(db, deps.remotes.checker, { remote: params.remote, actorId: user.id })
    deps.remotes.invalidate()
    return c.json({ data: await describeRemote(db, params.remote, deps.remotes.overrides) })
  })
