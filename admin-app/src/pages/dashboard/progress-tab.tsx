import { type ProgressRow, PUZZLE_MESSAGES } from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import { Badge, Button, toast } from '@lamplight/ui'
import { RotateCcwIcon } from '@lamplight/ui/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { dashboardKeys, progressQuery, resetProgressMutation } from '../../api/dashboard'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type AdminColumn, actionsColumn, PersonCell } from '../../components/data-table'
import { QueryTable } from '../../components/query-table'
import { formatDateTime } from '../../lib/format'
import { useExclusiveMutation } from '../../lib/use-exclusive-mutation'

/** The spec's User Progress: customer and product, newest activity first. */
export function ProgressTab() {
  const [page, setPage] = useState(1)
  const [resetting, setResetting] = useState<ProgressRow | null>(null)
  const query = useQuery(progressQuery(page))
  const columns = useMemo<AdminColumn<ProgressRow>[]>(
    () => [
      {
        id: 'customer',
        header: 'Customer',
        cell: ({ row }) => (
          <PersonCell name={row.original.customer_name} email={row.original.customer_email} />
        ),
      },
      { accessorKey: 'product_name', header: 'Product' },
      { accessorKey: 'current_step', header: 'Current step' },
      {
        accessorKey: 'completed_steps',
        header: 'Completed steps',
        cell: ({ row }) =>
          row.original.completed_steps.length ? row.original.completed_steps.join(', ') : 'None yet',
      },
      {
        accessorKey: 'last_activity',
        header: 'Last activity',
        cell: ({ row }) => formatDateTime(row.original.last_activity),
      },
      {
        accessorKey: 'completed_at',
        header: 'Completed',
        cell: ({ row }) =>
          row.original.completed_at ? (
            formatDateTime(row.original.completed_at)
          ) : (
            <Badge variant="secondary">In progress</Badge>
          ),
      },
      actionsColumn(({ row }) => (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setResetting(row.original)}
          aria-label={`Reset progress of ${row.original.customer_email ?? 'this player'} on ${row.original.product_name}`}
        >
          <RotateCcwIcon aria-hidden className="size-4" />
          Reset
        </Button>
      )),
    ],
    [],
  )
  return (
    <div>
      <QueryTable
        query={query}
        errorMessage="Failed to load admin data"
        label="User progress"
        columns={columns}
        getRowId={(row) => `${row.user_id}:${row.product_id}`}
        empty="No one has started a puzzle yet"
        pages={{ page, onPage: setPage, label: 'Progress pages' }}
      />
      <ResetDialog row={resetting} onClose={() => setResetting(null)} />
    </div>
  )
}

function ResetDialog({ row, onClose }: { row: ProgressRow | null; onClose: () => void }) {
  const queryClient = useQueryClient()
  const mutation = useExclusiveMutation({
    ...resetProgressMutation(),
    onSuccess: async () => {
      toast.success(PUZZLE_MESSAGES.resetDone)
      onClose()
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all })
    },
    onError: (error) =>
      toast.error('Failed to reset progress', { description: apiErrorMessage(error, '') || undefined }),
  })
  return (
    <ConfirmDialog
      open={Boolean(row)}
      onOpenChange={(open) => !open && onClose()}
      title="Reset puzzle progress"
      description={
        row ? (
          <>
            <strong>{row.customer_email ?? 'This player'}</strong> starts <strong>{row.product_name}</strong>{' '}
            again at step 1. Their completed steps are cleared; this cannot be undone.
          </>
        ) : null
      }
      confirmLabel="Reset progress"
      destructive
      busy={mutation.busy}
      onConfirm={() => (row ? mutation.run({ userId: row.user_id, productId: row.product_id }) : false)}
    />
  )
}
