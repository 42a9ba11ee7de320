import { type AdminResourceRow, formatCount } from '@lamplight/contracts'
import { Badge, Button, toast } from '@lamplight/ui'
import { PlusIcon } from '@lamplight/ui/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import {
  adminResourcesQuery,
  deleteResourceMutation,
  resourceKeys,
  setPublishedMutation,
} from '../../api/resources'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type AdminColumn, actionsColumn } from '../../components/data-table'
import { LinkButton } from '../../components/link-button'
import { QueryTable } from '../../components/query-table'
import { SearchBox } from '../../components/search-box'
import { formatDate } from '../../lib/format'
import { useExclusiveMutation } from '../../lib/use-exclusive-mutation'

/** The spec's resource list: publish toggle, delete, links to the editor's new and edit screens. */
export function ResourcesTab() {
  const [q, setQ] = useState('')
  const [page, setPage] = useState(1)
  const [deleting, setDeleting] = useState<AdminResourceRow | null>(null)
  const query = useQuery(adminResourcesQuery({ q, page }))
  const queryClient = useQueryClient()
  const onSearch = useCallback((text: string) => {
    setQ(text)
    setPage(1)
  }, [])

  useEffect(() => {
    if (query.isError) console.error('[admin] Failed to fetch resources', query.error)
  }, [query.isError, query.error])

  const toggle = useExclusiveMutation({
    ...setPublishedMutation(),
    onSuccess: async (result) => {
      toast.success(`Resource ${result.data.published ? 'published' : 'unpublished'} successfully`)
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all })
    },
    onError: () => toast.error('Failed to update resource'),
  })
  const remove = useExclusiveMutation({
    ...deleteResourceMutation(),
    onSuccess: async () => {
      toast.success('Resource deleted successfully')
      setDeleting(null)
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all })
    },
    onError: () => toast.error('Failed to delete resource'),
  })

  const columns = useMemo<AdminColumn<AdminResourceRow>[]>(
    () => [
      {
        accessorKey: 'title',
        header: 'Title',
        cell: ({ row }) => (
          <div className="grid max-w-xs">
            <span className="truncate font-medium">{row.original.title}</span>
            <span className="truncate text-xs text-muted-foreground">{row.original.slug}</span>
          </div>
        ),
      },
      { id: 'category', header: 'Category', cell: ({ row }) => row.original.category.name },
      {
        accessorKey: 'published',
        header: 'Status',
        cell: ({ row }) =>
          row.original.published ? <Badge>Published</Badge> : <Badge variant="secondary">Draft</Badge>,
      },
      {
        accessorKey: 'downloads',
        header: 'Downloads',
        cell: ({ row }) => formatCount(row.original.downloads),
      },
      {
        accessorKey: 'created_at',
        header: 'Created',
        cell: ({ row }) => formatDate(row.original.created_at),
      },
      actionsColumn(({ row }) => {
        const resource = row.original
        const busy = toggle.busy && toggle.variables?.id === resource.id
        return (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              aria-label={`${resource.published ? 'Unpublish' : 'Publish'} ${resource.title}`}
              onClick={() => toggle.run({ id: resource.id, published: !resource.published })}
            >
              {resource.published ? 'Unpublish' : 'Publish'}
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={`/admin/resources/${resource.id}/edit`} aria-label={`Edit ${resource.title}`}>
                Edit
              </Link>
            </Button>
            <Button
              size="sm"
              variant="destructive"
              aria-label={`Delete ${resource.title}`}
              onClick={() => setDeleting(resource)}
            >
              Delete
            </Button>
          </div>
        )
      }),
    ],
    [toggle],
  )

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox label="Search resources" placeholder="Search by title" value={q} onSearch={onSearch} />
        <LinkButton to="/admin/resources/new" icon={PlusIcon}>
          New Resource
        </LinkButton>
      </div>
      <QueryTable
        query={query}
        errorMessage="Failed to fetch resources"
        label="Resources"
        columns={columns}
        getRowId={(row) => row.id}
        empty="No resources found"
        pages={{ page: page, onPage: setPage, label: 'Resource pages' }}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this resource?"
        description={
          deleting ? (
            <>
              <strong>{deleting.title}</strong> and its files will be removed for good. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete"
        destructive
        busy={remove.busy}
        onConfirm={() => (deleting ? remove.run(deleting.id) : false)}
      />
    </div>
  )
}
