import { type CustomerRow, USER_ROLES, type UserRole } from '@lamplight/contracts'
import { apiErrorMessage, useAuth } from '@lamplight/session'
import {
  Button,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@lamplight/ui'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import {
  customersQuery,
  dashboardKeys,
  grantAccessMutation,
  productsQuery,
  puzzleContentQuery,
  setRoleMutation,
} from '../../api/dashboard'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type AdminColumn, actionsColumn } from '../../components/data-table'
import { QueryTable } from '../../components/query-table'
import { SearchBox } from '../../components/search-box'
import { formatDate } from '../../lib/format'
import { useExclusiveMutation } from '../../lib/use-exclusive-mutation'

const ROLE_LABELS: Record<UserRole, string> = { customer: 'Customer', editor: 'Editor', admin: 'Admin' }

export function CustomersTab() {
  const [q, setQ] = useState('')
  const [page, setPage] = useState(1)
  const [granting, setGranting] = useState<CustomerRow | null>(null)
  const query = useQuery(customersQuery({ q, page }))
  const onSearch = useCallback((text: string) => {
    setQ(text)
    setPage(1)
  }, [])

  const columns = useMemo<AdminColumn<CustomerRow>[]>(
    () => [
      {
        accessorKey: 'email',
        header: 'Email',
        cell: ({ row }) => <span className="font-medium">{row.original.email}</span>,
      },
      { accessorKey: 'full_name', header: 'Name', cell: ({ row }) => row.original.full_name || '—' },
      { accessorKey: 'created_at', header: 'Joined', cell: ({ row }) => formatDate(row.original.created_at) },
      { accessorKey: 'role', header: 'Role', cell: ({ row }) => <RoleSelect customer={row.original} /> },
      { accessorKey: 'orders', header: 'Orders' },
      actionsColumn(({ row }) => (
        <Button size="sm" variant="outline" onClick={() => setGranting(row.original)}>
          Grant access
        </Button>
      )),
    ],
    [],
  )

  return (
    <div className="grid gap-4">
      <SearchBox
        label="Search customers"
        placeholder="Search by email or name"
        value={q}
        onSearch={onSearch}
      />
      <QueryTable
        query={query}
        errorMessage="Failed to load admin data"
        label="Customers"
        columns={columns}
        getRowId={(row) => row.id}
        empty={q ? 'No customers match your search' : 'No customers yet'}
        pages={{ page: page, onPage: setPage, label: 'Customer pages' }}
      />
      <GrantDialog customer={granting} onClose={() => setGranting(null)} />
    </div>
  )
}

/** What the Admin role gives, said before anyone is given it. */
const ADMIN_POWERS = [
  'every customer, order and payment, and the CSV export',
  'refunds, and free access to any product (Grant access)',
  "anyone's role, including making more admins",
  "puzzle content, players' progress, messages, resources and site releases",
]

function RoleSelect({ customer }: { customer: CustomerRow }) {
  const { user, refresh } = useAuth()
  const queryClient = useQueryClient()
  // The role waiting for a confirmation: granting or removing Admin is never one click.
  const [asking, setAsking] = useState<UserRole | null>(null)
  const mutation = useExclusiveMutation({
    ...setRoleMutation(),
    onSuccess: async (result) => {
      setAsking(null)
      toast.success(`${result.data.email} is now ${ROLE_LABELS[result.data.role].toLowerCase()}`)
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all })
      if (result.data.id === user?.id) await refresh()
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'Failed to update role')),
  })
  const self = customer.id === user?.id
  const choose = (role: UserRole) => {
    if (role === customer.role) return
    if (role === 'admin' || customer.role === 'admin') setAsking(role)
    else void mutation.run({ userId: customer.id, role })
  }
  const granting = asking === 'admin'
  return (
    <>
      <Select
        value={customer.role}
        disabled={mutation.busy || self}
        onValueChange={(role) => choose(role as UserRole)}
      >
        <SelectTrigger
          size="sm"
          aria-label={`Role of ${customer.email}`}
          className="w-32"
          title={self ? 'You cannot change your own role' : undefined}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {USER_ROLES.map((role) => (
            <SelectItem key={role} value={role}>
              {ROLE_LABELS[role]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={granting ? 'Make this person an admin?' : 'Remove their admin role?'}
        description={
          granting ? (
            <>
              <strong>{customer.email}</strong> gets the whole admin console:
            </>
          ) : (
            <>
              <strong>{customer.email}</strong> becomes {asking ? ROLE_LABELS[asking].toLowerCase() : ''} and
              can no longer open the admin console
              {asking === 'editor' ? ' (only the resource library)' : ''}.
            </>
          )
        }
        confirmLabel={granting ? 'Make admin' : `Make ${asking ? ROLE_LABELS[asking].toLowerCase() : ''}`}
        destructive={!granting}
        busy={mutation.busy}
        onConfirm={() => (asking ? mutation.run({ userId: customer.id, role: asking }) : false)}
      >
        {granting && (
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {ADMIN_POWERS.map((power) => (
              <li key={power}>{power}</li>
            ))}
          </ul>
        )}
      </ConfirmDialog>
    </>
  )
}

function GrantDialog({ customer, onClose }: { customer: CustomerRow | null; onClose: () => void }) {
  const products = useQuery({ ...productsQuery(), enabled: Boolean(customer) })
  const steps = useQuery({ ...puzzleContentQuery(), enabled: Boolean(customer) })
  const [chosen, setChosen] = useState<string | null>(null)
  const queryClient = useQueryClient()
  // The spec's default: the product of the first puzzle content.
  const fallback = steps.data?.[0]?.product_id ?? products.data?.[0]?.id ?? ''
  const productId = chosen ?? fallback
  const mutation = useExclusiveMutation({
    ...grantAccessMutation(),
    onSuccess: async (result) => {
      toast.success('Access granted successfully', {
        description: result.data.created ? undefined : 'They already had access; nothing changed.',
      })
      setChosen(null)
      onClose()
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all })
    },
    onError: (error) =>
      toast.error('Failed to grant access', { description: apiErrorMessage(error, '') || undefined }),
  })
  return (
    <ConfirmDialog
      open={Boolean(customer)}
      onOpenChange={(open) => {
        if (!open) {
          setChosen(null)
          onClose()
        }
      }}
      title="Grant access"
      description={
        customer ? (
          <>
            Give <strong>{customer.email}</strong> the product for free: a completed order of $0.00.
          </>
        ) : null
      }
      confirmLabel="Grant access"
      busy={mutation.busy}
      onConfirm={() => (customer && productId ? mutation.run({ userId: customer.id, productId }) : false)}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="grant-product">Product</Label>
        <Select value={productId} onValueChange={setChosen}>
          <SelectTrigger id="grant-product" className="w-full">
            <SelectValue placeholder={products.isPending ? 'Loading products…' : 'Choose a product'} />
          </SelectTrigger>
          <SelectContent>
            {products.data?.map((product) => (
              <SelectItem key={product.id} value={product.id}>
                {product.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </ConfirmDialog>
  )
}
