import type { InboxItem } from '@lamplight/contracts'
import { apiBase, apiErrorMessage } from '@lamplight/session'
import { Badge, Button, toast } from '@lamplight/ui'
import { CheckIcon, MailIcon } from '@lamplight/ui/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { markHandledMutation, messageKeys, messagesQuery } from '../../api/messages'
import type { AdminColumn } from '../../components/data-table'
import { QueryTable } from '../../components/query-table'
import { formatDateTime } from '../../lib/format'
import { useExclusiveMutation } from '../../lib/use-exclusive-mutation'

/** Contact messages and prayer requests, newest first, each marked handled once answered. */
export function MessagesTab() {
  const query = useQuery(messagesQuery())
  const queryClient = useQueryClient()
  const mark = useExclusiveMutation({
    ...markHandledMutation(),
    onSuccess: async (_, variables) => {
      toast.success(variables.handled ? 'Marked as handled' : 'Marked as not handled')
      await queryClient.invalidateQueries({ queryKey: messageKeys.all })
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'Failed to update the message')),
  })
  const columns = useMemo<AdminColumn<InboxItem>[]>(
    () => [
      {
        accessorKey: 'kind',
        header: 'Kind',
        cell: ({ row }) =>
          row.original.kind === 'contact' ? (
            <Badge variant="outline">Contact</Badge>
          ) : (
            <Badge variant="secondary">Prayer</Badge>
          ),
      },
      {
        id: 'from',
        header: 'From',
        cell: ({ row }) => (
          <div className="grid max-w-[14rem]">
            <span className="truncate">{row.original.name || 'Anonymous'}</span>
            {row.original.email && (
              <a
                href={`mailto:${row.original.email}`}
                className="truncate text-xs text-primary underline-offset-4 hover:underline pointer-coarse:py-3"
              >
                {row.original.email}
              </a>
            )}
          </div>
        ),
      },
      {
        id: 'message',
        header: 'Message',
        cell: ({ row }) => {
          const item = row.original
          return (
            <div className="min-w-[16rem] max-w-xl whitespace-normal">
              {item.kind === 'contact' && <p className="font-medium">{item.subject}</p>}
              <p className="line-clamp-3 text-muted-foreground">
                {item.kind === 'contact' ? item.message : item.request}
              </p>
            </div>
          )
        },
      },
      {
        accessorKey: 'created_at',
        header: 'Received',
        cell: ({ row }) => formatDateTime(row.original.created_at),
      },
      {
        id: 'handled',
        header: 'Handled',
        cell: ({ row }) => {
          const item = row.original
          const handled = Boolean(item.handled_at)
          return (
            <Button
              size="sm"
              variant={handled ? 'secondary' : 'outline'}
              aria-pressed={handled}
              aria-label={`${handled ? 'Handled' : 'Mark handled'}: message from ${item.name || 'Anonymous'}`}
              disabled={mark.busy && mark.variables?.id === item.id}
              onClick={() => mark.run({ kind: item.kind, id: item.id, handled: !handled })}
            >
              {handled && <CheckIcon aria-hidden className="size-4" />}
              {handled ? 'Handled' : 'Mark handled'}
            </Button>
          )
        },
      },
    ],
    [mark],
  )
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button asChild variant="outline" size="sm">
          <a href={`${apiBase()}/api/dev/mail`} target="_blank" rel="noreferrer">
            <MailIcon aria-hidden className="size-4" />
            Mail outbox
          </a>
        </Button>
      </div>
      <QueryTable
        query={query}
        errorMessage="Failed to load admin data"
        label="Messages"
        columns={columns}
        getRowId={(row) => `${row.kind}:${row.id}`}
        empty="No messages yet"
      />
    </div>
  )
}
