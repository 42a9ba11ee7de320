import type { DeployableRemote, RemoteDeployment } from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import {
  Badge,
  Button,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@lamplight/ui'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import {
  activateReleaseMutation,
  canaryMutation,
  deploymentKeys,
  deploymentsQuery,
  promoteCanaryMutation,
  rollbackMutation,
  stopCanaryMutation,
} from '../../api/deployments'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type AdminColumn, actionsColumn } from '../../components/data-table'
import { QueryTable } from '../../components/query-table'
import { formatDateTime } from '../../lib/format'
import { useExclusiveMutation } from '../../lib/use-exclusive-mutation'

const REMOTE_LABELS: Record<DeployableRemote, string> = {
  storefront: 'Storefront',
  'resources-app': 'Resource library',
  'puzzle-app': 'Puzzle portal',
  'admin-app': 'Admin console',
}

type Pending = {
  action: 'activate' | 'rollback' | 'canary' | 'promote' | 'stop'
  remote: DeployableRemote
  version: string
  share?: number
}

const CONFIRM: Record<Pending['action'], { title: string; label: string; destructive?: boolean }> = {
  activate: { title: 'Activate this release?', label: 'Activate' },
  rollback: { title: 'Roll back this remote?', label: 'Roll back', destructive: true },
  canary: { title: 'Put this release on canary?', label: 'Start canary' },
  promote: { title: 'Promote the canary?', label: 'Promote' },
  stop: { title: 'Stop the canary?', label: 'Stop canary', destructive: true },
}

/** An error rate in percent, or a dash before any views. */
export function rateText(health: RemoteDeployment['health']['active']): string {
  if (!health || health.errorRate === null) return '—'
  return `${(health.errorRate * 100).toFixed(1)} % of ${health.views.toLocaleString('en-US')} views`
}

const CANARY_EVENT_TEXT: Record<RemoteDeployment['canaryHistory'][number]['kind'], string> = {
  started: 'canary started',
  share_changed: 'share changed',
  promoted: 'promoted to everyone',
  stopped: 'canary stopped',
  auto_stopped: 'stopped automatically',
}

/** Whole percent 1-100, or null. */
function parseShare(value: string | undefined): number | null {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : null
}

/**
 * Which release of each remote the site loads (decision 012): activate a registered
 * release or roll back to the previous one. A switch reaches visitors on their next page
 * load; pages already open keep the release they loaded.
 */
export function DeploymentsTab() {
  const query = useQuery(deploymentsQuery())
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState<Partial<Record<DeployableRemote, string>>>({})
  const [pending, setPending] = useState<Pending | null>(null)

  useEffect(() => {
    if (query.isError) console.error('[admin] Failed to fetch deployments', query.error)
  }, [query.isError, query.error])

  const settle = async () => {
    setPending(null)
    await queryClient.invalidateQueries({ queryKey: deploymentKeys.all })
  }
  const activate = useExclusiveMutation({
    ...activateReleaseMutation(),
    onSuccess: async (result) => {
      toast.success(`${REMOTE_LABELS[result.data.remote]} ${result.data.active?.version} is live`)
      await settle()
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'Failed to activate the release')),
  })
  const rollback = useExclusiveMutation({
    ...rollbackMutation(),
    onSuccess: async (result) => {
      toast.success(`${REMOTE_LABELS[result.data.remote]} rolled back to ${result.data.active?.version}`)
      await settle()
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'Failed to roll back')),
  })

  const canary = useExclusiveMutation({
    ...canaryMutation(),
    onSuccess: async (result) => {
      const c = result.data.canary
      toast.success(
        `${REMOTE_LABELS[result.data.remote]} ${c?.version} is on canary for ${c?.share} % of visitors`,
      )
      await settle()
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'Failed to start the canary')),
  })
  const promote = useExclusiveMutation({
    ...promoteCanaryMutation(),
    onSuccess: async (result) => {
      toast.success(
        `${REMOTE_LABELS[result.data.remote]} ${result.data.active?.version} is live for everyone`,
      )
      await settle()
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'Failed to promote the canary')),
  })
  const stop = useExclusiveMutation({
    ...stopCanaryMutation(),
    onSuccess: async (result) => {
      toast.success(`${REMOTE_LABELS[result.data.remote]} canary stopped`)
      await settle()
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'Failed to stop the canary')),
  })

  const columns = useMemo<AdminColumn<RemoteDeployment>[]>(
    () => [
      {
        accessorKey: 'remote',
        header: 'Remote',
        cell: ({ row }) => (
          <div className="grid">
            <span className="font-medium">{REMOTE_LABELS[row.original.remote]}</span>
            <span className="text-xs text-muted-foreground">{row.original.remote}</span>
          </div>
        ),
      },
      {
        id: 'active',
        header: 'Active version',
        cell: ({ row }) => {
          const { active, override } = row.original
          return (
            <div className="grid max-w-56 gap-1">
              <span className="break-all font-mono text-sm">{active?.version ?? '—'}</span>
              {override && (
                <Badge variant="secondary" title={override}>
                  Pinned by REMOTE_* setting
                </Badge>
              )}
            </div>
          )
        },
      },
      {
        id: 'live',
        header: 'Went live',
        cell: ({ row }) => {
          const active = row.original.active
          return (
            <div className="grid text-sm">
              <span>{formatDateTime(active?.activatedAt)}</span>
              <span className="text-xs text-muted-foreground">{active?.activatedBy ?? 'at first start'}</span>
            </div>
          )
        },
      },
      {
        id: 'canary',
        header: 'Canary',
        cell: ({ row }) => {
          const d = row.original
          if (!d.canary) return <span className="text-sm text-muted-foreground">None</span>
          const version = d.canary.version
          return (
            <div className="grid max-w-56 gap-1" data-canary={d.remote}>
              <span className="break-all font-mono text-sm">{version}</span>
              <Badge variant="secondary" className="w-fit">
                {d.canary.share} % of visitors
              </Badge>
              <div className="flex flex-wrap gap-1">
                <Button
                  size="sm"
                  aria-label={`Promote ${d.remote} canary`}
                  onClick={() => setPending({ action: 'promote', remote: d.remote, version })}
                >
                  Promote
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Stop ${d.remote} canary`}
                  onClick={() => setPending({ action: 'stop', remote: d.remote, version })}
                >
                  Stop
                </Button>
              </div>
            </div>
          )
        },
      },
      {
        id: 'health',
        header: 'Error rate',
        cell: ({ row }) => {
          const { health } = row.original
          return (
            <dl className="grid gap-0.5 text-xs" aria-label={`${row.original.remote} error rates`}>
              <div className="flex gap-1">
                <dt className="text-muted-foreground">Active:</dt>
                <dd className="tabular-nums">{rateText(health.active)}</dd>
              </div>
              {health.canary && (
                <div className="flex gap-1">
                  <dt className="text-muted-foreground">Canary:</dt>
                  <dd className="tabular-nums">{rateText(health.canary)}</dd>
                </div>
              )}
            </dl>
          )
        },
      },
      {
        id: 'history',
        header: 'History',
        cell: ({ row }) => (
          <ol
            className="grid max-w-80 gap-0.5 whitespace-normal text-xs text-muted-foreground"
            aria-label={`${row.original.remote} history`}
          >
            {row.original.history.slice(0, 4).map((h) => (
              <li key={`${h.version}-${String(h.activatedAt)}`}>
                <span className="font-mono text-foreground">{h.version}</span>{' '}
                {h.kind === 'rollback' ? '↩ ' : ''}
                {formatDateTime(h.activatedAt)}
                {h.rolledBackAt ? ' (rolled back)' : ''}
              </li>
            ))}
            {row.original.canaryHistory.slice(0, 4).map((e) => (
              <li key={`canary-${e.version}-${e.kind}-${String(e.at)}`} title={e.reason ?? undefined}>
                <span className="font-mono text-foreground">{e.version}</span> {CANARY_EVENT_TEXT[e.kind]}
                {e.share !== null && e.kind !== 'promoted' ? ` (${e.share} %)` : ''} {formatDateTime(e.at)}
                {e.kind === 'auto_stopped' && e.reason ? (
                  <span className="block text-destructive">{e.reason}</span>
                ) : null}
              </li>
            ))}
          </ol>
        ),
      },
      actionsColumn(({ row }) => {
        const d = row.original
        const choices = d.releases.filter((r) => !r.active)
        const version = chosen[d.remote] ?? choices[0]?.version
        return (
          <div className="flex flex-wrap items-center gap-2">
            <Select
              value={version ?? ''}
              onValueChange={(value) => setChosen((prev) => ({ ...prev, [d.remote]: value }))}
              disabled={choices.length === 0}
            >
              <SelectTrigger aria-label={`Release of ${d.remote} to activate`} className="w-44">
                <SelectValue placeholder="No other release" />
              </SelectTrigger>
              <SelectContent>
                {choices.map((r) => (
                  <SelectItem key={r.version} value={r.version}>
                    {r.version}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button
              size="sm"
              disabled={!version}
              aria-label={`Activate ${d.remote} ${version ?? ''}`.trim()}
              onClick={() => version && setPending({ action: 'activate', remote: d.remote, version })}
            >
              Activate
            </Button>
            <CanaryControls
              remote={d.remote}
              version={d.canary?.version ?? version}
              current={d.canary?.share ?? null}
              onRequest={(target, share) =>
                setPending({ action: 'canary', remote: d.remote, version: target, share })
              }
            />
            <Button
              size="sm"
              variant="outline"
              disabled={!d.rollbackTo}
              title={d.rollbackTo ? `Back to ${d.rollbackTo}` : 'Nothing earlier to roll back to'}
              aria-label={`Roll back ${d.remote}`}
              onClick={() =>
                d.rollbackTo && setPending({ action: 'rollback', remote: d.remote, version: d.rollbackTo })
              }
            >
              Roll back
            </Button>
          </div>
        )
      }),
    ],
    [chosen],
  )

  const busy = activate.busy || rollback.busy || canary.busy || promote.busy || stop.busy
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        A switch reaches visitors on their next page load; pages already open keep the release they loaded. A
        release is checked against the shell before it goes live. A canary serves a release to a share of
        visitors (each visitor stays on the same side) and stops by itself when its error rate passes the
        active release's by the set margin.
      </p>
      <QueryTable
        query={query}
        errorMessage="Failed to fetch deployments"
        label="Deployments"
        columns={columns}
        getRowId={(row) => row.remote}
        empty="No remotes registered"
      />
      <ConfirmDialog
        open={Boolean(pending)}
        onOpenChange={(open) => !open && !busy && setPending(null)}
        title={pending ? CONFIRM[pending.action].title : ''}
        description={pending ? <PendingText pending={pending} /> : null}
        confirmLabel={pending ? CONFIRM[pending.action].label : ''}
        destructive={Boolean(pending && CONFIRM[pending.action].destructive)}
        busy={busy}
        onConfirm={() => {
          if (!pending) return false
          const { remote, version } = pending
          switch (pending.action) {
            case 'activate':
              return activate.run({ remote, version })
            case 'rollback':
              return rollback.run({ remote, to: version })
            case 'canary':
              return canary.run({ remote, version, share: pending.share ?? 10 })
            case 'promote':
              return promote.run({ remote, version })
            case 'stop':
              return stop.run({ remote, version })
          }
        }}
      />
    </div>
  )
}

function PendingText({ pending }: { pending: Pending }) {
  const name = REMOTE_LABELS[pending.remote]
  const version = <strong className="font-mono">{pending.version}</strong>
  switch (pending.action) {
    case 'canary':
      return (
        <>
          {name} {version} will load for {pending.share} % of visitors from their next page load; the others
          keep the active release.
        </>
      )
    case 'promote':
      return (
        <>
          {name} will switch to {version} for every new page load.
        </>
      )
    case 'stop':
      return (
        <>
          Every visitor goes back to the active release of {name} from their next page load; {version} stays
          registered.
        </>
      )
    default:
      return (
        <>
          {name} will switch to {version} for every new page load.
        </>
      )
  }
}

/**
 * The share typed for a canary and the button that asks for it. Its own state: typing must
 * not rebuild the table's columns (that would replace the field and lose its focus).
 */
function CanaryControls({
  remote,
  version,
  current,
  onRequest,
}: {
  remote: DeployableRemote
  version: string | undefined
  current: number | null
  onRequest: (version: string, share: number) => void
}) {
  const [typed, setTyped] = useState<string | null>(null)
  const value = typed ?? String(current ?? 10)
  const share = parseShare(value)
  return (
    <>
      <span className="flex items-center gap-1 text-sm text-muted-foreground">
        <Input
          type="number"
          min={1}
          max={100}
          inputMode="numeric"
          className="w-18"
          aria-label={`Canary share of ${remote} in percent`}
          value={value}
          onChange={(e) => setTyped(e.target.value)}
        />
        %
      </span>
      <Button
        size="sm"
        variant="secondary"
        disabled={!version || share === null}
        aria-label={`Canary ${remote} ${version ?? ''}`.trim()}
        onClick={() => version && share !== null && onRequest(version, share)}
      >
        {current === null ? 'Canary' : 'Set share'}
      </Button>
    </>
  )
}
