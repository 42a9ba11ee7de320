import type { AuditEntryRow } from '@lamplight/contracts'
import { Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@lamplight/ui'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { auditQuery } from '../../api/audit'
import type { AdminColumn } from '../../components/data-table'
import { QueryTable } from '../../components/query-table'
import { formatDateTime } from '../../lib/format'

const ALL = 'all'

/** The kinds of record admin writes touch, for the filter (the log itself takes any). */
const ENTITIES: [string, string][] = [
  ['order', 'Orders'],
  ['user', 'Accounts and roles'],
  ['puzzle_content', 'Puzzle content'],
  ['user_progress', 'Puzzle progress'],
  ['scroll_progress', 'Portal progress'],
  ['resource', 'Resources'],
  ['contact_message', 'Contact messages'],
  ['prayer_request', 'Prayer requests'],
]

/** `order.access_granted` → `Order access granted`. */
export function actionLabel(action: string): string {
  const text = action.replace(/[._]/g, ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const MAX_CELL = 80

function show(value: unknown): string {
  if (value === null || value === undefined) return '—'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The fields that differ between before and after, each as [field, was, became]. */
export function changedFields(before: unknown, after: unknown): [string, unknown, unknown][] {
  const was = isRecord(before) ? before : {}
  const became = isRecord(after) ? after : {}
  const keys = [...new Set([...Object.keys(was), ...Object.keys(became)])]
  return keys
    .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(became[key]))
    .map((key) => [key, was[key], became[key]])
}

function Changes({ entry }: { entry: AuditEntryRow }) {
  const created = entry.before === null || entry.before === undefined
  const removed = entry.after === null || entry.after === undefined
  const fields = changedFields(entry.before, entry.after)
  return (
    <div className="grid min-w-[14rem] max-w-[28rem] gap-1 text-xs">
      {created && !removed && <span className="font-medium">Created</span>}
      {removed && !created && <span className="font-medium">Removed</span>}
      {!created && !removed && (
        <ul className="grid gap-0.5">
          {fields.slice(0, 6).map(([key, was, became]) => (
            <li key={key} className="break-words">
              <span className="font-medium">{key}</span>:{' '}
              <span className="text-muted-foreground line-through">{show(was)}</span> → {show(became)}
            </li>
          ))}
          {fields.length > 6 && <li className="text-muted-foreground">and {fields.length - 6} more</li>}
          {fields.length === 0 && <li className="text-muted-foreground">No field changed</li>}
        </ul>
      )}
      <details>
        <summary className="cursor-pointer text-primary">Before and after</summary>
        <div className="mt-1 grid gap-1">
          <p className="font-medium">Before</p>
          <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2">
            {JSON.stringify(entry.before ?? null, null, 2)}
          </pre>
          <p className="font-medium">After</p>
          <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2">
            {JSON.stringify(entry.after ?? null, null, 2)}
          </pre>
        </div>
      </details>
    </div>
  )
}

/**
 * What was done and to what, in the owner's words (the order number, the resource's
 * title, the account), with the record's id a click away for support and developers.
 */
function What({ entry }: { entry: AuditEntryRow }) {
  return (
    <div className="grid min-w-[10rem] max-w-[16rem] gap-0.5">
      <span className="font-medium">{actionLabel(entry.action)}</span>
      {entry.subject &&
        (entry.subject_href ? (
          <Link
            to={entry.subject_href}
            className="break-words text-primary text-sm underline-offset-4 hover:underline"
          >
            {entry.subject}
          </Link>
        ) : (
          <span className="break-words text-sm">{entry.subject}</span>
        ))}
      {entry.entity_id && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground">
            {entry.subject ? 'Id' : 'Id (the record is gone)'}
          </summary>
          <code className="block break-all font-mono text-muted-foreground">{entry.entity_id}</code>
        </details>
      )}
    </div>
  )
}

/** Every admin write, newest first: who, what, when, before and after (admins only). */
export function AuditTab() {
  const [entity, setEntity] = useState<string>(ALL)
  const [page, setPage] = useState(1)
  const query = useQuery(auditQuery({ entity: entity === ALL ? undefined : entity, page }))
  const columns = useMemo<AdminColumn<AuditEntryRow>[]>(
    () => [
      {
        accessorKey: 'created_at',
        header: 'When',
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span>
        ),
      },
      {
        id: 'actor',
        header: 'Who',
        cell: ({ row }) =>
          row.original.actor_email ? (
            <div className="grid min-w-[9rem] max-w-[14rem]">
              <span className="truncate">{row.original.actor_name || '—'}</span>
              <span className="truncate text-xs text-muted-foreground">{row.original.actor_email}</span>
            </div>
          ) : (
            <span className="text-muted-foreground">
              {row.original.actor_id ? 'A removed account' : 'System'}
            </span>
          ),
      },
      {
        accessorKey: 'action',
        header: 'What',
        cell: ({ row }) => <What entry={row.original} />,
      },
      { id: 'changes', header: 'Changes', cell: ({ row }) => <Changes entry={row.original} /> },
    ],
    [],
  )
  return (
    <div className="grid gap-4">
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="audit-entity">Show</Label>
        <Select
          value={entity}
          onValueChange={(value) => {
            setEntity(value)
            setPage(1)
          }}
        >
          <SelectTrigger id="audit-entity" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Every change</SelectItem>
            {ENTITIES.map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <QueryTable
        query={query}
        errorMessage="Failed to load the audit log"
        label="Audit log"
        columns={columns}
        getRowId={(row) => row.id}
        empty="No changes recorded yet"
        pages={{ page: page, onPage: setPage, label: 'Audit log pages' }}
      />
    </div>
  )
}
