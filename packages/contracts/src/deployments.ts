import { z } from 'zod'
import { endpoint } from './endpoint'

/** The remotes the shell composes (the same list as @lamplight/config's route map). */
export const DEPLOYABLE_REMOTES = ['storefront', 'resources-app', 'puzzle-app', 'admin-app'] as const
export type DeployableRemote = (typeof DEPLOYABLE_REMOTES)[number]

/** A release's version: also its folder name under /apps/<remote>/<version>/. */
export const RELEASE_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/
/** Names a version may not take: the bundled build's, and the folder of hashed assets. */
export const RESERVED_VERSIONS = ['bundled', 'static'] as const

export const ReleaseVersionSchema = z
  .string()
  .trim()
  .regex(
    RELEASE_VERSION_PATTERN,
    'A version is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit.',
  )
  .refine((v) => !(RESERVED_VERSIONS as readonly string[]).includes(v), 'That version name is reserved.')

/** Where a release's mf-manifest.json is: a path on this server, or an http(s) address (a CDN). */
export const ManifestUrlSchema = z
  .string()
  .trim()
  .min(1, 'The manifest URL is required.')
  .max(2000, 'The manifest URL must be at most 2,000 characters.')
  .refine((value) => {
    if (value.startsWith('/')) return value.startsWith('/apps/') && !value.includes('..')
    try {
      const url = new URL(value)
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password
    } catch {
      return false
    }
  }, 'The manifest URL must be an http(s) address or a path under /apps/ on this server.')

const remoteParams = z.object({ remote: z.enum(DEPLOYABLE_REMOTES) })

export const ReleaseSchema = z.object({
  version: z.string(),
  manifestUrl: z.string(),
  registeredBy: z.string().nullable(),
  registeredAt: z.iso.datetime({ offset: true }),
  /** When it last went live (null: never). */
  lastActivatedAt: z.iso.datetime({ offset: true }).nullable(),
  active: z.boolean(),
})
export type Release = z.infer<typeof ReleaseSchema>

export const ActivationSchema = z.object({
  version: z.string(),
  kind: z.enum(['default', 'activate', 'rollback']),
  activatedBy: z.string().nullable(),
  activatedAt: z.iso.datetime({ offset: true }),
  rolledBackAt: z.iso.datetime({ offset: true }).nullable(),
})
export type Activation = z.infer<typeof ActivationSchema>

/** A canary's share of visitors, in percent. */
export const CanaryShareSchema = z.coerce
  .number({ message: 'The share is a whole percentage from 1 to 100.' })
  .int('The share is a whole percentage from 1 to 100.')
  .min(1, 'The share is at least 1 %.')
  .max(100, 'The share is at most 100 %.')

/** Page views and errors of one release's area (the beacon), over the health window. */
export const ReleaseHealthSchema = z.object({
  version: z.string(),
  views: z.number().int(),
  errors: z.number().int(),
  /** errors / views (null: no views yet). */
  errorRate: z.number().nullable(),
})
export type ReleaseHealth = z.infer<typeof ReleaseHealthSchema>

export const CanaryEventSchema = z.object({
  version: z.string(),
  kind: z.enum(['started', 'share_changed', 'promoted', 'stopped', 'auto_stopped']),
  share: z.number().int().nullable(),
  /** Null: the server (the automatic stop). */
  actor: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.iso.datetime({ offset: true }),
})
export type CanaryEvent = z.infer<typeof CanaryEventSchema>

export const RemoteDeploymentSchema = z.object({
  remote: z.enum(DEPLOYABLE_REMOTES),
  /** The active release (null until the server registered its bundled build). */
  active: z
    .object({
      version: z.string(),
      manifestUrl: z.string(),
      activatedAt: z.iso.datetime({ offset: true }),
      activatedBy: z.string().nullable(),
    })
    .nullable(),
  /** A REMOTE_*_URL setting that wins over the registry on this server (null: none). */
  override: z.string().nullable(),
  /** The version a rollback would return to (null: nothing to roll back to). */
  rollbackTo: z.string().nullable(),
  /** Every registered release, newest first. */
  releases: z.array(ReleaseSchema),
  /** The latest switches, newest first. */
  history: z.array(ActivationSchema),
  /** A release served to a share of visitors beside the active one (null: none). */
  canary: z
    .object({
      version: z.string(),
      share: z.number().int(),
      startedAt: z.iso.datetime({ offset: true }),
      startedBy: z.string().nullable(),
    })
    .nullable(),
  /** The active release's and the canary's health over the last CANARY_WINDOW_VIEWS page views. */
  health: z.object({ active: ReleaseHealthSchema.nullable(), canary: ReleaseHealthSchema.nullable() }),
  /** Canary events (started, share changed, promoted, stopped, stopped by the health check), newest first. */
  canaryHistory: z.array(CanaryEventSchema),
})
export type RemoteDeployment = z.infer<typeof RemoteDeploymentSchema>

const deploymentResponse = z.object({ data: RemoteDeploymentSchema })

/**
 * The remote registry (decision 012): which release of each remote the shell loads, for
 * admins. Every switch is recorded in the audit log.
 */
export const deploymentsContract = {
  list: endpoint({
    method: 'GET',
    path: '/admin/deployments',
    access: 'admin',
    summary: 'Each remote with its active release, its releases and its latest switches',
    response: z.object({ data: z.array(RemoteDeploymentSchema) }),
  }),
  register: endpoint({
    method: 'POST',
    path: '/admin/deployments/:remote/releases',
    access: 'admin',
    answers: {
      409: 'This version is registered already with another address.',
      422: "Its manifest does not fit the shell (shared libraries' ranges, exposes, name).",
    },
    summary:
      'Register a release by its mf-manifest.json URL (on this server under /apps/<remote>/<version>/, or on a CDN); it is not made active (audited)',
    params: remoteParams,
    body: z.object({ version: ReleaseVersionSchema, manifestUrl: ManifestUrlSchema }),
    response: deploymentResponse,
    status: 201,
  }),
  activate: endpoint({
    method: 'POST',
    path: '/admin/deployments/:remote/activate',
    access: 'admin',
    answers: { 409: 'This release is the active one already.' },
    summary:
      "Make a registered release active, after fetching its manifest and checking it against the shell's contract (refused with 422 otherwise; audited)",
    params: remoteParams,
    body: z.object({ version: ReleaseVersionSchema.or(z.literal('bundled')) }),
    response: deploymentResponse,
  }),
  canary: endpoint({
    method: 'POST',
    path: '/admin/deployments/:remote/canary',
    access: 'admin',
    summary:
      "Serve a registered release to a share of visitors (1-100 %, sticky per visitor), or change the running canary's share; checked like an activation (audited)",
    params: remoteParams,
    body: z.object({ version: ReleaseVersionSchema, share: CanaryShareSchema }),
    response: deploymentResponse,
    answers: {
      409: 'Another release is on canary, this one is active, or its share is already that.',
      422: 'Its manifest cannot be loaded or does not fit the shell.',
    },
  }),
  promote: endpoint({
    method: 'POST',
    path: '/admin/deployments/:remote/canary/promote',
    access: 'admin',
    summary: 'Make the canary the active release for everyone (audited)',
    params: remoteParams,
    response: deploymentResponse,
    answers: {
      409: 'No canary is running, or it changed meanwhile.',
      422: 'Its manifest cannot be loaded or does not fit the shell.',
    },
  }),
  stopCanary: endpoint({
    method: 'POST',
    path: '/admin/deployments/:remote/canary/stop',
    access: 'admin',
    summary: 'Stop the canary: every visitor gets the active release again (audited)',
    params: remoteParams,
    response: deploymentResponse,
    answers: { 409: 'No canary is running.' },
  }),
  rollback: endpoint({
    method: 'POST',
    path: '/admin/deployments/:remote/rollback',
    access: 'admin',
    answers: { 409: 'No earlier release to roll back to, or the remote changed meanwhile.' },
    summary:
      'Go back to the release that was active before the current one (checked like an activation; audited)',
    params: remoteParams,
    response: deploymentResponse,
  }),
}

/** What the shell reports of a remote's area: a page view of it, or an error in it. */
export const BEACON_KINDS = ['view', 'error'] as const
/** Events in one beacon call (the shell sends one per page load and error, batched a little). */
export const BEACON_MAX_EVENTS = 20
/** Bytes a beacon body may have. */
export const BEACON_MAX_BYTES = 4096

export const beaconContract = {
  send: endpoint({
    method: 'POST',
    path: '/beacon',
    access: 'public',
    summary:
      "The shell's health report of remote areas: page views and errors per release id (rate-limited, 4 KB). Counted only from a visitor with the server's signed ll_visitor cookie, for the releases it serves them, once an hour per visitor, a few visitors per client network (decision 076); may stop a failing canary. The answer never says what was counted",
    body: z.object({
      events: z
        .array(z.object({ release: z.string().uuid('A release id is a UUID.'), kind: z.enum(BEACON_KINDS) }))
        .min(1, 'Send at least one event.')
        .max(BEACON_MAX_EVENTS, `At most ${BEACON_MAX_EVENTS} events at once.`),
    }),
    // The number of events sent, whatever was counted of them.
    response: z.object({ data: z.object({ received: z.number().int() }) }),
    status: 202,
  }),
}
