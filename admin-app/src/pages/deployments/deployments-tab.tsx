import type { DeployableRemote, RemoteDeployment } from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import {
  Badge,
  Button,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@lamplight/ui'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useEffect, useMemo, useState } from 'react'
import {
  activateReleaseMutation,
  deploymentKeys,
  deploymentsQuery,
  rollbackMutation,
} from '../../api/deployments'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { QueryTable } from '../../components/query-table'
import { formatDateTime } from '../../lib/format'
import { useExclusiveMutation } from '../../lib/use-exclusive-mutation'

const REMOTE_LABELS: Record<DeployableRemote, string> = {
  storefront: 'Storefront',
  'resources-app': 'Resource library',
  'puzzle-app': 'Puzzle portal',
  'admin-app': 'Admin console',
}

type Pending = { action: 'activate' | 'rollback'; remote: DeployableRemote; version: string }

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

  const columns = useMemo<ColumnDef<RemoteDeployment, unknown>[]>(
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
        id: 'history',
        header: 'History',
        cell: ({ row }) => (
          <ol
            className="grid gap-0.5 text-xs text-muted-foreground"
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
          </ol>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => {
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
        },
      },
    ],
    [chosen],
  )

  const busy = activate.busy || rollback.busy
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        A switch reaches visitors on their next page load; pages already open keep the release they loaded. A
        release is checked against the shell before it goes live.
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
        title={pending?.action === 'rollback' ? 'Roll back this remote?' : 'Activate this release?'}
        description={
          pending ? (
            <>
              {REMOTE_LABELS[pending.remote]} will switch to{' '}
              <strong className="font-mono">{pending.version}</strong> for every new page load.
            </>
          ) : null
        }
        confirmLabel={pending?.action === 'rollback' ? 'Roll back' : 'Activate'}
        destructive={pending?.action === 'rollback'}
        busy={busy}
        onConfirm={() => {
          if (!pending) return false
          return pending.action === 'activate'
            ? activate.run({ remote: pending.remote, version: pending.version })
            : rollback.run({ remote: pending.remote, to: pending.version })
        }}
      />
    </div>
  )
}
